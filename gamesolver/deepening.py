"""The loop of iterative deepening, ``deepen``: Search-in-Depth presents it in words and a
diagram, and shows this source in an appendix, so that class 6 spends its time on the search.

An iteration is a search to a depth ``limit`` that reads the clock against ``stop_at`` and
raises ``OutOfTime`` when it passes. ``deepen`` runs the iterations at depth 1, 2, 3, ... and
answers with the deepest one that completed: the answer of a search that fits a time budget.
The clock is ``time.perf_counter`` read through the module, so that a check can replace it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable

from gamesolver.game import AnyGame, Value
from gamesolver.stats import OutOfTime, Stats

Iteration = Callable[[int, float | None], tuple[Value, list[Hashable]]]
"""``iteration(limit, stop_at)``: a search to depth ``limit``, its value and its line of play; it
sets ``stats.exact = False`` if it estimated, and raises ``OutOfTime`` after ``stop_at``."""


def deepen(
    game: AnyGame,
    state: Hashable,
    player: Hashable,
    stats: Stats,
    iteration: Iteration,
    depth: int | None = None,
    budget: float | None = None,
) -> Value:
    """The answer of the deepest of iteration(1, ...), iteration(2, ...), ... that completes.

    Deepening stops at ``depth``, when an iteration estimated nothing (its value is exact), or
    when ``budget`` seconds are spent. Depth 1 always completes (its ``stop_at`` is ``None``):
    a decision needs a move. ``stats.depth`` is the deepest completed iteration, ``stats.line``
    its line of play; ``stats.over_budget`` says that depth 1 alone took longer than the budget.
    """
    if game.finished(state):  # nothing to search: the result
        return game.utility(state, player)
    if depth == 0:  # nothing to search: the estimate (0 for a game without a heuristic)
        stats.exact = False
        return game.heuristic(state, player) if game.heuristic is not None else 0
    deadline = None if budget is None else time.perf_counter() + budget
    answer: Value = 0
    limit = 0
    while depth is None or limit < depth:
        limit += 1
        stats.exact = True  # until the iteration estimates
        try:
            answer, stats.line = iteration(limit, None if limit == 1 else deadline)
        except OutOfTime:
            stats.exact = False  # the iteration before estimated, or it would have stopped
            break
        stats.depth = limit
        if limit == 1 and deadline is not None and time.perf_counter() > deadline:
            stats.over_budget = True  # depth 1 alone took longer than the budget
            break
        if stats.exact:
            break  # the search saw every line to its end: the value is exact
    return answer
