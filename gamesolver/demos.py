"""How the Solver's lectures show a search at work: its calls one by one (``at_work``), or its
counts beside others' (``side_by_side``), so that a cell holds the lesson, not the tabulating.
Both return a ``Table``: a cell shows it, and ``%run`` of a lecture shows nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from gamesolver.game import AnyGame, Value
from gamesolver.stats import measure
from gamesolver.stepper import Stepper
from gamesolver.table import Table
from gamesolver.trace import record


def at_work(
    algorithm: Callable[..., Value], game: AnyGame, steps: bool = True, **options: Any
) -> Table:
    """``algorithm`` searching ``game`` from its start, with ``options``: its value (exact or an
    estimate), value calls and line of best play as the title; then each call and return in
    words (values from the first player's side), or with ``steps=False`` its counters."""
    search = record(algorithm, game, **options)
    stats = search.stats
    title = f"{algorithm.__name__} on {game.name}: value {search.result} for {game.Players[0]}"
    title += f" ({'exact' if stats.exact else 'an estimate'}), {stats.calls} value calls"
    if stats.line:
        title += "; line of best play: " + ", ".join(game.text(state) for state in stats.line)
    if not steps:
        counts = [stats.cutoffs, stats.cache_hits, stats.cache_entries, stats.depth]
        return Table(["cut-offs", "cache hits", "memo entries", "depth"], [counts], title)
    lines = Stepper(search).trace().splitlines()  # "step 1: P (Max) called ..."
    rows: list[Sequence[object]] = [line.removeprefix("step ").split(": ", 1) for line in lines]
    return Table(["step", "what happens"], rows, title)


def side_by_side(algorithms: Sequence[Callable[..., Value]], games: Sequence[AnyGame]) -> Table:
    """The value of the start of each of ``games`` and the value calls of each of
    ``algorithms`` there; a ``ValueError`` if the algorithms disagree on a value."""
    table = Table(["game", "value", *(algorithm.__name__ for algorithm in algorithms)])
    for game in games:
        results = [measure(algorithm, game) for algorithm in algorithms]
        values = {value for value, _ in results}
        if len(values) != 1:
            raise ValueError(f"the algorithms disagree on {game.name}: {sorted(values)}")
        table.add(game.name, values.pop(), *(stats.calls for _, stats in results))
    return table
