"""What a lecturer, a grader or a player at a terminal runs: the course's tools.

- ``cli``: the command line, ``python -m gamesolver`` (the ``gamesolver`` script);
- ``terminal``: a game against the computer in a terminal;
- ``assignment``: the KTH assignment's checks of the moves a program plays;
- ``pages``: the play pages (``make play``);
- ``course``, ``autograde``, ``grade``, ``feedback``: the students' copies (nbgrader), their
  autograding in a sandbox, a class's grades with what the checks found, and the feedback pages;
- ``syllabus``: the syllabus read from Index.ipynb, the time plan, and the check of each
  lecture's shape;
- ``slides``: a lecture's slides, read from the notebook.
"""
