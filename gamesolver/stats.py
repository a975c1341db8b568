"""Search statistics: value calls, cache hits, cut-offs, memo-table size and time; and limits.

The algorithms in ``Solver.ipynb`` take a ``Stats`` object and count into it; the counts are
exact and deterministic, so notebooks can show them and tests can assert them. "Value calls"
always means every invocation of the value function, cache hits and terminal states included
(the seed's ``num_value_call``).

Because every value call adds one to ``stats.calls``, the counter is also where any search can be
stopped without changing its code: ``LimitedStats`` raises ``LimitReached`` at the first call
beyond ``max_calls`` or after ``max_seconds``, and a board stops a search no longer wanted there
(``checking``: the check a thread's value calls run). The exceptions live here, in the package,
and not in a notebook: every loaded copy of Solver.ipynb must raise and catch the same class.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from typing import Any

from gamesolver.errors import GameSolverError
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
    """The line of best play the search found, as the states after the searched state, from the
    search itself (searches that record it: ``alpha_beta_memo``, ``iterative_deepening``)."""
    exact: bool = True
    """Whether the value is exact; a search that estimates with a heuristic (depth-limited) sets
    it to ``False`` when its value may depend on an estimate."""
    over_budget: bool = False
    """Whether the search took longer than its time budget. A search with a budget completes
    depth 1 whatever the clock says, so that a decision always has a move to play; when that
    depth alone outlasts the budget, it says so here."""

    def as_dict(self) -> dict[str, int | float]:
        """The counters as a plain dictionary (for JSON and tables; ``line`` is not a counter,
        and ``over_budget`` is there only when it is true: only a search with a budget sets it)."""
        skip = {"line"} if self.over_budget else {"line", "over_budget"}
        return {name: value for name, value in asdict(self).items() if name not in skip}


_checks: dict[int, Callable[[], None]] = {}
"""The check each value call runs, by thread (``checking``); empty almost always."""


@contextmanager
def checking(check: Callable[[], None]) -> Iterator[None]:
    """Run ``check()`` at every value call counted in this thread (``stats.calls += 1``) in
    the block: where a search in a thread of its own is stopped from outside
    (``gamesolver.guard.Canceller``: ``check`` raises), at a point where its work is whole."""
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
    """Raised inside a search when its time budget is spent (``iterative_deepening`` catches it
    and answers with its last completed iteration; the first, depth 1, is never stopped)."""


class LimitReached(GameSolverError):
    """A search stopped by the limits of its ``LimitedStats``: it was not solved within them."""

    def __init__(self, stats: LimitedStats, limit: str) -> None:
        self.stats = stats
        self.limit = limit
        """``"calls"`` or ``"seconds"``: which limit was reached."""
        what = (
            f"{stats.max_calls:,} value calls"
            if limit == "calls"
            else f"{stats.max_seconds} seconds"
        )
        super().__init__(f"the search was stopped after {what}")


class LimitedStats(Stats):
    """``Stats`` that stop the search counting into them: ``LimitReached`` is raised at the first
    value call beyond ``max_calls``, or at the first after ``max_seconds`` since it was made.

    The check is in the setter of ``calls``, which every value call runs (``stats.calls += 1``),
    so it bounds any algorithm, exact ones included, without a line of theirs changed; plain
    ``Stats`` keep a plain attribute, as fast as before.
    """

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
