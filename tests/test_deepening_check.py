"""The check of Search-in-Depth's exercise 4 (``gamesolver.feedback.deepening``): it rejects a
deepening that does not order its moves, and does no work under another notebook's ``%run``."""

from __future__ import annotations

import types
from collections.abc import Hashable

import pytest
from conftest import NOTEBOOKS
from wrong_answers import DEEPENING_BODY, DEEPENING_HEAD

from gamesolver import Stats
from gamesolver.feedback.deepening import check_deepening, run_by_another_notebook
from gamesolver.game import AnyGame, Value

TTT = "Tic-Tac-Toe.ipynb"
"""The notebook whose game the check plays, as the exercise's cell names it."""


def test_a_notebook_run_by_another_is_told_apart() -> None:
    """IPython's ``%run X.ipynb`` sets ``__file__``; a kernel running a notebook has none."""
    assert run_by_another_notebook({"__file__": "Search-in-Depth.ipynb"})
    assert not run_by_another_notebook({})
    assert not run_by_another_notebook({"__file__": "/tmp/script.py"})


def never(*arguments: object, **options: object) -> Value:
    """A search the check must not call."""
    raise AssertionError("the check searched under %run")


def test_under_run_the_check_does_nothing() -> None:
    namespace = {"__file__": "Search-in-Depth.ipynb", "check": check_deepening, "never": never}
    exec("result = check(never, never, never, 'Tic-Tac-Toe.ipynb')", namespace)
    assert namespace["result"] is None


def test_the_check_passes_the_solution_and_rejects_the_game_order(
    solver: types.ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The lecture's deepening in the game's order saves no calls against itself: rejected; in
    its own order (the previous iteration's best move first) it saves enough."""
    monkeypatch.chdir(NOTEBOOKS)  # the check loads Tic-Tac-Toe.ipynb, as the notebook does

    def plain(
        game: AnyGame, state: Hashable, player: Hashable, stats: Stats, **options: object
    ) -> Value:
        return solver.iterative_deepening(game, state, player, stats, order=False, **options)

    with pytest.raises(AssertionError, match="not 15% fewer calls"):
        check_deepening(plain, solver.depth_limited, solver.iterative_deepening, TTT)
    calls = check_deepening(
        solver.iterative_deepening, solver.depth_limited, solver.iterative_deepening, TTT
    )
    assert calls is not None and calls["yours"] <= 0.85 * calls["the game's order"]


def test_the_budget_check_holds_on_a_machine_of_any_speed(
    solver: types.ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A right answer passes however fast the machine: here a clock that advances a microsecond
    per reading, so that the whole search from the empty board takes a few milliseconds (a fast
    machine). A check that gave 10 ms and asked for less than the whole depth failed it."""
    monkeypatch.chdir(NOTEBOOKS)
    now = [0.0]

    def fast_clock() -> float:
        now[0] += 1e-6
        return now[0]

    monkeypatch.setattr(solver.time, "perf_counter", fast_clock)
    calls = check_deepening(
        solver.iterative_deepening, solver.depth_limited, solver.iterative_deepening, TTT
    )
    assert calls is not None


def test_the_check_rejects_a_deepening_whose_iterations_never_read_the_clock(
    solver: types.ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The exercise's solution without its clock: ``deepen`` stops it after depth 1 only when
    depth 1 alone spent the budget, so with no time at all it passed; on a clock that ticks
    per reading, its deeper iterations run to the end and it is rejected."""
    monkeypatch.chdir(NOTEBOOKS)
    namespace = dict(vars(solver))
    exec(DEEPENING_HEAD + DEEPENING_BODY, namespace)
    with pytest.raises(AssertionError, match="20 ms, still depth"):
        check_deepening(
            namespace["my_deepening"], solver.depth_limited, solver.iterative_deepening, TTT
        )
