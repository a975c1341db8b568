"""A class tournament measured: games per minute on 1 and 2 workers, a class of 30 played
round robin, and an estimate for a class of 300 played in Swiss rounds.

The class is generated (``write_players``): players that look a known number of moves ahead
(a memoized negamax, exact within its depth, 0 beyond) and draw among the moves that look
best, so that their order of strength is known. ``python -m benchmarks.tournament`` prints
the measurements (benchmarks/README.md).
"""

from __future__ import annotations

import json
from pathlib import Path

from gamesolver.resources import REPOSITORY

GAME = REPOSITORY / "notebooks" / "Tic-Tac-Toe.ipynb"
"""The game of the generated class: the Tic-Tac-Toe lecture's."""

PLAYER = '''\
import random
from functools import cache

DEPTH = {depth}
"""How many moves ahead this player looks: a deeper player is a stronger one."""
rng = random.Random({name!r})


@cache
def value(state, player, depth):
    """The value for ``player``, to move in ``state``, within ``depth`` moves (0 beyond)."""
    if game.finished(state):
        return game.utility(state, player)
    if depth == 0:
        return 0
    other = game.other(player)
    return max(-value(after, other, depth - 1) for after in game.next_states(state, player))


def choose(state, player, limit):
    """One of the moves best within DEPTH moves, drawn by the player's own generator."""
    moves = game.next_states(state, player)
    values = [-value(after, game.other(player), DEPTH) for after in moves]
    return rng.choice([move for move, v in zip(moves, values) if v == max(values)])
'''


def notebook(cells: list[str]) -> dict[str, object]:
    """A notebook (nbformat 4) of the code ``cells``."""
    return {
        "cells": [
            {
                "cell_type": "code",
                "metadata": {},
                "source": source,
                "outputs": [],
                "execution_count": None,
            }
            for source in cells
        ],
        "metadata": {
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def write_player(folder: Path, name: str, cells: list[str], game: Path = GAME) -> Path:
    """A player's notebook ``folder/name.ipynb``: the game's notebook run, then ``cells``."""
    path = folder / f"{name}.ipynb"
    path.write_text(json.dumps(notebook([f"%run {game.absolute()}", *cells])))
    return path


def write_players(folder: Path, depths: list[int], game: Path = GAME) -> list[Path]:
    """One player per depth of ``depths``, named ``p01``, ``p02``, ... in that order."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for number, depth in enumerate(depths, 1):
        name = f"p{number:02d}"
        paths.append(write_player(folder, name, [PLAYER.format(depth=depth, name=name)], game))
    return paths
