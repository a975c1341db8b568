"""How good the moves of depth-limited search are with a heuristic, measured over every position
of a small game against its exact values: the measuring tools of the Heuristics lecture.

The lecture's subject is the heuristics and what they do to the search; these functions only
count. Each takes the search to measure (the lecture's ``depth_limited``, with the signature
``search(game, state, player, stats, depth)``), so that what is measured is the lecture's own.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable, Iterable

from gamesolver.explore import Position, reachable
from gamesolver.game import AnyGame, Value
from gamesolver.stats import Stats
from gamesolver.table import Table

Search = Callable[[AnyGame, Hashable, Hashable, Stats, int], Value]
"""A depth-limited search, ``search(game, state, player, stats, depth)``: a value for ``player``."""
Exact = Callable[[Hashable, Hashable], Value]
"""``exact(state, player)``: the exact value of a state for the player to move."""


def crude(game: AnyGame) -> AnyGame:
    """The same game without a heuristic: depth-limited search estimates every open state as 0."""
    return dataclasses.replace(game, heuristic=None)


def positions(game: AnyGame) -> list[Position]:
    """Every unfinished position (state, player to move) reachable from the start."""
    return [(state, player) for state, player in reachable(game) if not game.finished(state)]


def rated_best(
    search: Search,
    game: AnyGame,
    state: Hashable,
    player: Hashable,
    depth: int,
    stats: Stats | None = None,
) -> list[Hashable]:
    """The next states that ``search`` to ``depth`` rates best for ``player``: the moves among
    which ``best_move`` chooses at random."""
    stats = Stats() if stats is None else stats
    opponent = game.other(player)
    moves = game.next_states(state, player)
    values = [-search(game, ns, opponent, stats, depth - 1) for ns in moves]
    return [ns for ns, value in zip(moves, values, strict=True) if value == max(values)]


def optimal_chance(
    search: Search,
    game: AnyGame,
    state: Hashable,
    player: Hashable,
    depth: int,
    exact: Exact,
    stats: Stats | None = None,
) -> float:
    """The chance that ``search`` to ``depth`` plays an optimal move here, ties broken at random:
    the share of the moves it rates best that keep the exact value."""
    chosen = rated_best(search, game, state, player, depth, stats)
    best, opponent = exact(state, player), game.other(player)
    return sum(-exact(ns, opponent) == best for ns in chosen) / len(chosen)


def quality(search: Search, game: AnyGame, depth: int, exact: Exact) -> tuple[float, int, int]:
    """Over all unfinished positions: the mean chance of an optimal move, the positions where the
    search may play a worse one, and the value calls it makes."""
    stats = Stats()
    chances = [optimal_chance(search, game, s, p, depth, exact, stats) for s, p in positions(game)]
    return sum(chances) / len(chances), sum(chance < 1 for chance in chances), stats.calls


QUALITY = ("heuristic", "depth", "chance of an optimal move", "positions where it may err")
"""The columns of ``quality_table``. Not the value calls: to depth 2, the depths the lecture
measures, a cut-off needs a certain win, which no estimate reaches, so the calls are the same
for every heuristic."""


def quality_table(
    search: Search, rows: Iterable[tuple[str, AnyGame, int]], exact: Exact, title: str
) -> Table:
    """``quality`` as a table, one row per (the heuristic's name, its game, the depth), without
    the value calls (see ``QUALITY``)."""
    table = Table(QUALITY, title=title)
    for name, game, depth in rows:
        chance, errs, _ = quality(search, game, depth, exact)
        table.add(name, depth, f"{chance:.1%}", errs)
    return table
