"""Search statistics (value calls, cache hits, cut-offs, memo entries, time) and limits.

The Solver's algorithms count into a ``Stats``; the counts are exact, so notebooks show them and
tests assert them. Every value call adds one to ``stats.calls`` (cache hits and finished states
included: the seed's ``num_value_call``), which is where any search can be stopped without a
change to its code: ``LimitedStats`` at its limits, a board's cancel (``checking``). The
exceptions live here, so that every loaded copy of Solver.ipynb raises and catches one class.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from typing import Any

from gamesolver.errors import GameSolverError
from gamesolver.explore import start_of
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
    """For searches that deepen step by step: the deepest search completed."""
    line: list[Hashable] = field(default_factory=list)
    """The line of best play a search that records it found: the states after the searched one."""
    exact: bool = True
    """False when the value may depend on a heuristic's estimate."""
    over_budget: bool = False
    """Depth 1, which a search with a budget always completes (a decision needs a move), took
    longer than the budget."""

    def as_dict(self) -> dict[str, int | float]:
        """The counters as a plain dictionary, for JSON and tables (``over_budget`` only when
        true)."""
        skip = {"line"} if self.over_budget else {"line", "over_budget"}
        return {name: value for name, value in asdict(self).items() if name not in skip}


_checks: dict[int, Callable[[], None]] = {}
"""The check each value call runs, by thread (``checking``); empty almost always."""


@contextmanager
def checking(check: Callable[[], None]) -> Iterator[None]:
    """Run ``check()`` at every value call counted in this thread in the block: where a search
    is stopped from outside (``gamesolver.guard.Canceller``), at a point where its work is whole."""
    me = threading.get_ident()
    outer = _checks.get(me)
    _checks[me] = check
    try:
        yield
    finally:
        if outer is None:
            del _checks[me]
        else:
            _checks[me] = outer


def _count(stats: Stats, calls: int) -> None:
    """``stats.calls = calls``, and this thread's check (``checking``), if it has one."""
    stats.__dict__["calls"] = calls
    if _checks:
        check = _checks.get(threading.get_ident())
        if check is not None:
            check()


# a dataclass field whose setter is ``_count``: set after the class, so that its default is 0
Stats.calls = property(  # type: ignore[assignment]
    lambda stats: stats.__dict__["calls"],
    _count,
    doc="Invocations of the value function (cache hits and terminal states included).",
)


class OutOfTime(GameSolverError):
    """Raised inside a search when its time budget is spent (``iterative_deepening`` answers with
    its last completed depth)."""


class LimitReached(GameSolverError):
    """A search stopped by the limits of its ``LimitedStats``: it was not solved within them."""

    def __init__(self, stats: LimitedStats, limit: str) -> None:
        self.stats = stats
        self.limit = limit  # "calls" or "seconds"
        what = (
            f"{stats.max_calls:,} value calls"
            if limit == "calls"
            else f"{stats.max_seconds} seconds"
        )
        super().__init__(f"the search was stopped after {what}")


class LimitedStats(Stats):
    """``Stats`` that raise ``LimitReached`` at the first value call beyond ``max_calls``, or
    after ``max_seconds`` since made: a bound on any algorithm, without a line of it changed."""

    def __init__(self, max_calls: int | None = None, max_seconds: float | None = None) -> None:
        self.max_calls, self.max_seconds = None, None  # not yet: Stats.__init__ sets calls = 0
        super().__init__()
        self.max_calls, self.max_seconds = max_calls, max_seconds
        self.started = time.perf_counter()

    @property
    def calls(self) -> int:
        """Value calls so far."""
        return self.__dict__["calls"]  # type: ignore[no-any-return]

    @calls.setter
    def calls(self, calls: int) -> None:
        _count(self, calls)
        if self.max_calls is not None and calls > self.max_calls:
            raise LimitReached(self, "calls")
        if self.max_seconds is not None and time.perf_counter() - self.started > self.max_seconds:
            raise LimitReached(self, "seconds")


Algorithm = Callable[..., Value]
"""A search algorithm: ``algorithm(game, state, player, stats, **options) -> value``."""


def measure(
    algorithm: Algorithm,
    game: AnyGame,
    state: Hashable | None = None,
    player: Hashable | None = None,
    **options: Any,
) -> tuple[Value, Stats]:
    """The value of ``algorithm`` on ``state`` (default: the start) with ``player`` (default:
    ``Players[0]``) to move, and its statistics, with the wall-clock time in ``stats.seconds``."""
    stats = Stats()
    state, player = start_of(game, state, player)
    start = time.perf_counter()
    value = algorithm(game, state, player, stats, **options)
    stats.seconds = time.perf_counter() - start
    return value, stats
