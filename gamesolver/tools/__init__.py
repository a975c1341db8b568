"""What a lecturer, a grader or a player at a terminal runs: the course's tools.

- ``cli``: the command line, ``python -m gamesolver`` (the ``gamesolver`` script);
- ``terminal``: a game against the computer in a terminal;
- ``assignment``: the KTH assignment's checks of the moves a program plays;
- ``pages``: the play pages (``make play``);
- ``course``, ``autograde``, ``grade``, ``feedback``: the students' copies (nbgrader), their
  autograding in a sandbox, a class's grades with what the checks found, and the feedback pages;
- ``tournament``, ``duel``, ``ratings``, ``standings``: a class tournament of the students'
  players, each pairing's games in a process of its own, on this machine's cores or a Dask
  cluster; the Bradley-Terry ratings with their intervals; the table, plot and page;
- ``syllabus``: the syllabus read from Index.ipynb, the time plan, and the check of each
  lecture's shape;
- ``slides``: a lecture's slides, read from the notebook.
"""
