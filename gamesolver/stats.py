"""Search statistics: value calls, cache hits, cut-offs, memo-table size and time.

The algorithms in ``Solver.ipynb`` take a ``Stats`` object and count into it; the counts are
exact and deterministic, so notebooks can show them and tests can assert them. "Value calls"
always means every invocation of the value function, cache hits and terminal states included
(the seed's ``num_value_call``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from dataclasses import asdict, dataclass, field
from typing import Any

from gamesolver.game import AnyGame, Value


@dataclass
class Stats:
    """Counters that a search fills in while it runs."""

    calls: int = 0
    """Invocations of the value function (cache hits and terminal states included)."""
    cache_hits: int = 0
    """Calls answered from the memo table."""
    cutoffs: int = 0
    """Times a search stopped looking at the remaining moves of a state (beta cut-offs)."""
    cache_entries: int = 0
    """Entries in the memo table when the search ended."""
    seconds: float = 0.0
    """Wall-clock time of the search, set by ``measure``."""
    depth: int = 0
    """For searches that deepen step by step: the deepest search that was completed."""
    line: list[Hashable] = field(default_factory=list)
    """The principal variation the search found, as the states of the line of best play after
    the searched state (searches that record it: iterative deepening)."""

    def as_dict(self) -> dict[str, int | float]:
        """The counters as a plain dictionary (for JSON and tables; ``line`` is not a counter)."""
        return {name: value for name, value in asdict(self).items() if name != "line"}


Algorithm = Callable[..., Value]
"""A search algorithm: ``algorithm(game, state, player, stats, **options) -> value``."""


def measure(
    algorithm: Algorithm,
    game: AnyGame,
    state: Hashable | None = None,
    player: Hashable | None = None,
    **options: Any,
) -> tuple[Value, Stats]:
    """Run ``algorithm`` once on ``state`` (default: the start state) with ``player`` to move.

    ``player`` defaults to ``Players[0]``. Returns the value and the filled-in statistics,
    with the wall-clock time in ``stats.seconds``.
    """
    stats = Stats()
    if state is None:
        state = game.Start
    if player is None:
        player = game.Players[0]
    start = time.perf_counter()
    value = algorithm(game, state, player, stats, **options)
    stats.seconds = time.perf_counter() - start
    return value, stats
