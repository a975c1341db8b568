"""gamesolver: what every lecture notebook needs and no lecture is about.

The search algorithms live in ``notebooks/Solver.ipynb`` and the games in their own notebooks;
this package holds the ``Game`` type, search statistics, tables, and loading a notebook's
definitions as a module.
"""

from gamesolver.game import AnyGame, Game, Value
from gamesolver.notebook import NotebookError, find_game, load_notebook
from gamesolver.stats import LimitedStats, LimitReached, OutOfTime, Stats, measure
from gamesolver.table import Table

__all__ = [
    "AnyGame",
    "Game",
    "LimitReached",
    "LimitedStats",
    "NotebookError",
    "OutOfTime",
    "Stats",
    "Table",
    "Value",
    "find_game",
    "load_notebook",
    "measure",
]
