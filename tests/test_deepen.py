"""``deepen``, the loop of iterative deepening that Search-in-Depth presents in section 4: where
it stops, and what it answers when the clock runs out."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from conftest import notebook

from gamesolver import OutOfTime, Stats
from gamesolver.demos import take_away
from gamesolver.game import Value

SEVEN = take_away(7)


Iteration = Callable[[int, float | None], tuple[Value, list[Hashable]]]


def deepen(*arguments: Any, **options: Any) -> Value:
    """The lecture's ``deepen``."""
    return notebook("Search-in-Depth.ipynb").deepen(*arguments, **options)  # type: ignore[no-any-return]


def scripted(
    stats: Stats, exact_from: int, out_of_time_at: int | None = None
) -> tuple[Iteration, list[int]]:
    """An iteration by a script: it answers its limit, estimates below ``exact_from``, and
    raises ``OutOfTime`` at ``out_of_time_at``; the list records the limits it ran."""
    run: list[int] = []

    def iteration(limit: int, stop_at: float | None) -> tuple[Value, list[Hashable]]:
        run.append(limit)
        if limit == out_of_time_at:
            assert stop_at is not None, "depth 1 is never timed"
            raise OutOfTime
        if limit < exact_from:
            stats.exact = False
        return limit, [f"line {limit}"]

    return iteration, run


def test_deepening_stops_at_the_first_exact_iteration() -> None:
    stats = Stats()
    iteration, run = scripted(stats, exact_from=3)
    answer = deepen(SEVEN, SEVEN.Start, "A", stats, iteration)
    assert (answer, run, stats.depth, stats.exact, stats.line) == (
        3,
        [1, 2, 3],
        3,
        True,
        ["line 3"],
    )


def test_deepening_stops_at_depth() -> None:
    stats = Stats()
    iteration, run = scripted(stats, exact_from=10)
    answer = deepen(SEVEN, SEVEN.Start, "A", stats, iteration, depth=2)
    assert (answer, run, stats.depth, stats.exact) == (2, [1, 2], 2, False)


def test_out_of_time_answers_with_the_last_completed_iteration() -> None:
    stats = Stats()
    iteration, run = scripted(stats, exact_from=10, out_of_time_at=3)
    answer = deepen(SEVEN, SEVEN.Start, "A", stats, iteration, budget=60)
    assert (answer, run, stats.depth, stats.exact, stats.line) == (
        2,
        [1, 2, 3],
        2,
        False,
        ["line 2"],
    )


def test_depth_0_estimates_and_a_finished_state_is_its_result() -> None:
    stats = Stats()
    iteration, run = scripted(stats, exact_from=1)
    assert deepen(SEVEN, SEVEN.Start, "A", stats, iteration, depth=0) == 0
    assert not stats.exact
    finished = ((0,), "B")
    assert deepen(SEVEN, finished, "A", Stats(), iteration) == SEVEN.utility(finished, "A")
    assert run == []
