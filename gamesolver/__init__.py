"""gamesolver: what every lecture notebook needs and no lecture is about.

The search algorithms live in ``notebooks/Solver.ipynb`` and ``Search-in-Depth.ipynb``, the games
in their own notebooks; this package holds the ``Game`` type, search statistics, tables, loading a
notebook's definitions as a module, and what a notebook declares to the tools
(``gamesolver.protocol``).
"""

from gamesolver.game import AnyGame, Game, Value
from gamesolver.notebook import NotebookError, find_game, load_notebook
from gamesolver.protocol import Offer, decides, decides_move
from gamesolver.stats import LimitedStats, LimitReached, OutOfTime, Stats, measure
from gamesolver.table import Table

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
    "decides",
    "decides_move",
    "find_game",
    "load_notebook",
    "measure",
]
