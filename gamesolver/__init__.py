"""gamesolver: everything the course's notebooks need that no lecture is about.

The algorithms live in ``notebooks/Solver.ipynb`` and each game in its notebook. What every
lecture needs is one import away (from ``game``, ``stats``, ``table``, ``notebook``,
``explore``, ``resources``); the rest by module: ``words``, ``match``, ``referee``, ``trees``,
``trace``, ``stepper``, ``demos``, ``protocol``, ``guard``, ``errors``, ``chess_lecture``,
``quality``, ``memo``, ``strength``, ``source``. The groups:
``gamesolver.widgets`` (what a lecture shows and a student clicks), ``gamesolver.feedback``
(what a student is told),
``gamesolver.connect_four`` and ``gamesolver.tic_tac_toe`` (what those lectures use without
teaching it) and ``gamesolver.tools`` (what a lecturer or a grader runs). docs/design.md's
package table says what each module holds.
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
