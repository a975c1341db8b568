"""What a lecture shows and a student clicks: boards, play, two computers playing, trees, charts.

- ``board``: ``Board`` and ``GridBoard``, the canvas boards of every game and their clicks;
- ``checkers_board`` and ``cube_board``: the boards of checkers and of n-dimensional
  tic-tac-toe, which take the rules from their lectures;
- ``play``: ``Play``, a game against the computer (``PlayController``: its rules, headless);
- ``watch``: ``Watch``, two computers playing each other on a board;
- ``treeplot`` and ``treewidget``: a recorded search drawn as a tree, and stepped through;
- ``plots``: the charts of the statistics lecture.
"""
