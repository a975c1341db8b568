"""A class tournament measured: games per minute on 1 and 2 workers, a class of 30 played
round robin, and an estimate for a class of 300 played in Swiss rounds.

The class is generated (``write_players``): players that play a best move (a memoized
negamax) except for a known share of random moves, each from its own seeded generator, so
that their order of strength is known. ``python -m benchmarks.tournament`` prints
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

MISTAKES = {mistakes}
"""The share of this player's moves that are random: the fewer, the stronger the player."""
rng = random.Random({name!r})


@cache
def value(state, player):
    """The game's value for ``player``, to move in ``state``, under perfect play."""
    if game.finished(state):
        return game.utility(state, player)
    other = game.other(player)
    return max(-value(after, other) for after in game.next_states(state, player))


def choose(state, player, limit):
    """A random move with probability MISTAKES, else a best one."""
    moves = game.next_states(state, player)
    if rng.random() < MISTAKES:
        return rng.choice(moves)
    return max(moves, key=lambda after: -value(after, game.other(player)))
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


def write_players(folder: Path, mistakes: list[float], game: Path = GAME) -> list[Path]:
    """One player per share of random moves in ``mistakes``, named ``p01``, ``p02``, ... in
    that order."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for number, share in enumerate(mistakes, 1):
        name = f"p{number:02d}"
        code = PLAYER.format(mistakes=share, name=name)
        paths.append(write_player(folder, name, [code], game))
    return paths
