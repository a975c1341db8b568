"""What a lecture shows and a student clicks: boards, play, two computers playing, trees, charts.

- ``board``: ``BoardWidget`` and ``GridBoard``, the canvas boards of every game and their clicks;
- ``chess_board``: ``ChessBoard``, chess on the canvas (python-chess's rules, drawn and clicked);
- ``connect_four_board``: ``DiscBoard``, Connect Four's board, given the lecture's rules;
- ``nim_board``: ``NimBoard``, Nim's piles of matches (one module per game's board);
- ``mark_board``: ``MarkBoard``, tic-tac-toe's grid of marks, given the lecture's rules;
- ``checkers_board`` and ``cube_board``: the boards of checkers and of n-dimensional
  tic-tac-toe, which take the rules from their lectures;
- ``play``: ``Play``, a game against the computer (``PlayController``: its rules, headless);
- ``watch``: ``Watch``, two computers playing each other on a board;
- ``background``: ``Background``, the computer's search in a thread of its own, for both;
- ``treeplot`` and ``treewidget``: a recorded search drawn as a tree, and stepped through;
- ``plots``: the charts of the statistics lecture.
"""
