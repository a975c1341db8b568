"""gamesolver: everything the course's notebooks need that no lecture is about.

The search algorithms live in ``notebooks/Solver.ipynb`` (and the notebooks that build on it) and
each game in its own notebook; this package holds the rest, grouped by who uses it:

- **what every lecture needs**, at the top level and importable from ``gamesolver`` in one
  line: the game contract (``Game``, ``Value``: ``game``), search statistics and limits
  (``Stats``, ``LimitedStats``, ``LimitReached``, ``OutOfTime``, ``measure``: ``stats``), tables
  that nbval can compare (``Table``, ``seconds``, ``ratio``: ``table``), loading another
  notebook's definitions (``load_notebook``: ``notebook``), walking a game's positions
  (``reachable``, ``per_ply``: ``explore``), the style sheet and the test data (``load_style``,
  ``data_path``: ``resources``); and, imported by module, a value in words, the same on every
  surface (``words``), games between two computers (``match``), trees typed in as lists
  (``trees``), a search recorded as a tree (``trace``) and told step by step (``stepper``), and
  limits on code we do not control (``guard``), the package's errors and any exception
  in one line (``errors``), the Solver's demonstrations (``demos``),
  what a notebook declares to the tools (``Offer``, ``decides_move``: ``protocol``);
- ``gamesolver.widgets``: what a lecture shows and a student clicks: the boards and their
  clicks (``board``), play against the computer (``play``), two computers playing (``watch``),
  trees (``treeplot``, ``treewidget``) and charts (``plots``);
- ``gamesolver.feedback``: what a student gets told: the game validator (``check``), the
  exercises that check themselves (``exercises``: algorithms and heuristics) and moves
  explained in words (``explain``);
- ``gamesolver.connect_four``: what the Connect Four notebooks use that none of them is about:
  Pons' notation (``notation``) and a second copy of the solver, written for speed (``solver``);
- ``gamesolver.tools``: what a lecturer or a grader runs: the command line (``cli``, also
  ``python -m gamesolver`` and the ``gamesolver`` script), terminal play (``terminal``), the
  assignment's checks of moves (``assignment``), the play pages (``pages``), the students'
  copies and their grading (``course``, ``autograde``, ``grade``) and the slides (``slides``).
"""

from gamesolver.explore import per_ply, reachable
from gamesolver.game import AnyGame, Game, Value
from gamesolver.notebook import NotebookError, find_game, load_notebook
from gamesolver.protocol import Offer, decides, decides_move
from gamesolver.resources import data_path, load_style
from gamesolver.stats import LimitedStats, LimitReached, OutOfTime, Stats, measure
from gamesolver.table import Table, ratio, seconds

__all__ = [
    "AnyGame",
    "Game",
    "LimitReached",
    "LimitedStats",
    "NotebookError",
    "Offer",
    "OutOfTime",
    "Stats",
    "Table",
    "Value",
    "data_path",
    "decides",
    "decides_move",
    "find_game",
    "load_notebook",
    "load_style",
    "measure",
    "per_ply",
    "ratio",
    "reachable",
    "seconds",
]
