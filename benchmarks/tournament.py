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


def measure(
    class_size: int = 30, openings: int = 2, workers: tuple[int, ...] = (1, 2), dask: bool = False
) -> list[tuple[str, int, float]]:
    """A round robin of a generated class of ``class_size`` on tic-tac-toe, once per number of
    ``workers`` on this machine's cores (and on a local Dask cluster of as many worker
    processes with ``dask``): rows of (where, games, wall-clock seconds)."""
    import tempfile
    import time

    from gamesolver.tools.tournament import Results, Settings, on_cores, on_dask, play

    rows = []
    with tempfile.TemporaryDirectory() as folder:
        shares = [round(n / (class_size - 1), 3) for n in range(class_size)]
        players = {p.stem: p for p in write_players(Path(folder) / "class", shares)}
        settings = Settings(GAME, players, openings=openings, seconds=1)
        for count in workers:
            runs: list[tuple[str, int | None]] = [(f"{count} local", None)]
            if dask:
                runs.append((f"{count} Dask", count))
            for where, cluster_size in runs:
                results = Results(Path(folder) / f"{where}.sqlite".replace(" ", "-"))
                began = time.monotonic()
                if cluster_size is None:
                    games = play(settings, results, on_cores(count))
                else:
                    from distributed import LocalCluster

                    with LocalCluster(  # type: ignore[no-untyped-call]
                        n_workers=cluster_size,
                        threads_per_worker=1,
                        processes=True,
                        dashboard_address=None,
                    ) as cluster:
                        began = time.monotonic()
                        games = play(settings, results, on_dask(cluster.scheduler_address))
                rows.append((where, games, time.monotonic() - began))
                results.close()
    return rows


def main() -> None:
    """Print the measurements as a Markdown table, with what they give for a class of 30 in a
    round robin and a class of 300 in Swiss rounds (2 openings, both colours: 4 games a
    pairing, as measured)."""
    import argparse
    import math
    import os

    from gamesolver.tools.tournament import swiss_rounds

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=30)
    parser.add_argument("--dask", action="store_true", help="also on a local Dask cluster")
    args = parser.parse_args()
    print(f"load averages before: {os.getloadavg()}")
    rows = measure(args.players, dask=args.dask)
    print("| workers | games | seconds | games per minute |")
    print("| --- | ---: | ---: | ---: |")
    for where, games, seconds in rows:
        print(f"| {where} | {games} | {seconds:.1f} | {60 * games / seconds:.0f} |")
    rate = max(60 * games / seconds for _, games, seconds in rows)
    thirty = 30 * 29 // 2 * 4
    print(f"30 players, a round robin: {thirty} games, {thirty / rate:.1f} minutes")
    rounds = swiss_rounds(300)
    swiss = rounds * 150 * 4
    print(
        f"300 players, {rounds} Swiss rounds of 150 pairings: {swiss} games, about "
        f"{math.ceil(swiss / rate)} minutes at {rate:.0f} games a minute"
    )
    print(f"load averages after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
