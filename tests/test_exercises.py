"""Exercises that check themselves: the course's algorithms pass ``check_algorithm``; seeded
broken versions of them (the mistakes students make) fail it, each with a counterexample of a
few nodes and the condition it breaks.

The broken versions are written as a student would write them, in the Solver's form (negamax,
an inner ``value`` function, ``stats.calls`` counted), so that their searches are recorded and
drawn; each differs from the Solver's algorithm in the one mistake named.
"""

from __future__ import annotations

import dataclasses
import functools
import html
import math
import os
import sys
import time
import types
from collections.abc import Callable, Hashable
from typing import Any

import numpy as np
import pytest
from conftest import notebook
from hypothesis import strategies as st

from gamesolver import Game, Stats, Value, guard
from gamesolver.feedback import exercises
from gamesolver.feedback.check import check_game
from gamesolver.feedback.exercises import SPECS, check_algorithm, check_heuristic
from gamesolver.guard import TotalTimeLimit
from gamesolver.trees import size

EXAMPLES = 60
"""Random trees per check: enough to find every broken version below, fast on a busy machine."""

FEW_NODES = 7
"""A counterexample has at most this many nodes (hypothesis shrinks it; a graph's nodes are its
distinct states)."""

Algorithm = Callable[..., Value]


@pytest.fixture(scope="module")
def solver() -> types.ModuleType:
    return notebook("Search-in-Depth.ipynb")


# -- broken versions ---------------------------------------------------------------------------


def alpha_beta_with(mistake: str) -> Algorithm:
    """The Solver's alpha-beta with one ``mistake``:

    - ``fail-hard``: best starts at alpha (as Stroetmann's), where fail-soft is asked for;
    - ``not negated``: the opponent gets the window ``[alpha, beta]``, not ``[-beta, -alpha]``;
    - ``alpha first``: alpha is raised before the cut-off test, which then compares best with
      the raised alpha instead of beta (so it always cuts after the first move);
    - ``value not negated``: the opponent's answer taken as it came, without the minus;
    - ``bounds as values``: a memo table that stores every answer as the value, bounds too;
    - ``upper bounds as values``: one that stores the exact values and the upper bounds (the
      answers that fail low) as values, not the lower bounds.
    """

    def broken(
        game: Game[Any, Any],
        state: Hashable,
        player: Hashable,
        stats: Stats,
        alpha: Value | None = None,
        beta: Value | None = None,
    ) -> Value:
        cache: dict[tuple[Hashable, Hashable], Value] = {}

        def value(state: Hashable, player: Hashable, alpha: Value, beta: Value) -> Value:
            stats.calls += 1
            if mistake.endswith("bounds as values") and (state, player) in cache:
                return cache[state, player]
            if game.finished(state):
                return game.utility(state, player)
            best = alpha if mistake == "fail-hard" else game.worst
            for ns in game.next_states(state, player):
                window = (alpha, beta) if mistake == "not negated" else (-beta, -alpha)
                answer = value(ns, game.other(player), *window)
                best = max(best, answer if mistake == "value not negated" else -answer)
                if mistake == "alpha first":
                    alpha = max(alpha, best)
                    if best >= alpha:
                        break
                if best >= beta:
                    break
                alpha = max(alpha, best)
            if mistake != "upper bounds as values" or best < beta:
                cache[state, player] = best
            return best

        return value(
            state,
            player,
            game.worst if alpha is None else alpha,
            game.best if beta is None else beta,
        )

    broken.__name__ = f"alpha_beta_{mistake.replace(' ', '_').replace('-', '_')}"
    return broken


def minimax_memo_with(mistake: str) -> Algorithm:
    """The Solver's ``minimax_memo`` with one ``mistake``:

    - ``state only``: the table is keyed by the state alone, not by the state and the player;
    - ``kept``: the table outlives the search (a global variable), so a second game or tree
      gets the first one's answers;
    - ``no memo``: the table is written but never read.
    """
    kept: dict[Hashable, Value] = {}

    def broken(game: Game[Any, Any], state: Hashable, player: Hashable, stats: Stats) -> Value:
        cache: dict[Hashable, Value] = kept if mistake == "kept" else {}

        def value(state: Hashable, player: Hashable) -> Value:
            stats.calls += 1
            key = state if mistake == "state only" else (state, player)
            if key in cache and mistake != "no memo":
                return cache[key]
            if game.finished(state):
                result = game.utility(state, player)
            else:
                opponent = game.other(player)
                result = max(-value(ns, opponent) for ns in game.next_states(state, player))
            cache[key] = result
            return result

        return value(state, player)

    broken.__name__ = f"minimax_memo_{mistake.replace(' ', '_')}"
    return broken


def depth_limited_off_by_one(
    game: Game[Any, Any], state: Hashable, player: Hashable, stats: Stats, depth: int
) -> Value:
    """The Solver's ``depth_limited`` that estimates one move too deep (``limit < 0``)."""
    heuristic = game.heuristic if game.heuristic is not None else (lambda state, player: 0)

    def value(state: Hashable, player: Hashable, limit: int, alpha: Value, beta: Value) -> Value:
        stats.calls += 1
        if game.finished(state):
            return game.utility(state, player)
        if limit < 0:
            return heuristic(state, player)
        best = game.worst
        for ns in game.next_states(state, player):
            best = max(best, -value(ns, game.other(player), limit - 1, -beta, -alpha))
            if best >= beta:
                return best
            alpha = max(alpha, best)
        return best

    return value(state, player, depth, game.worst, game.best)


def minimax_with_wrong_sign(
    game: Game[Any, Any], state: Hashable, player: Hashable, stats: Stats
) -> Value:
    """Minimax that forgets to negate the opponent's value."""

    def value(state: Hashable, player: Hashable) -> Value:
        stats.calls += 1
        if game.finished(state):
            return game.utility(state, player)
        return max(value(ns, game.other(player)) for ns in game.next_states(state, player))

    return value(state, player)


BROKEN: list[tuple[Algorithm, str, str]] = [
    (alpha_beta_with("fail-hard"), "alpha_beta_fail_soft", "fail-soft"),
    (alpha_beta_with("not negated"), "alpha_beta", ""),
    (alpha_beta_with("alpha first"), "alpha_beta", ""),
    (alpha_beta_with("bounds as values"), "alpha_beta_memo", ""),
    (alpha_beta_with("bounds as values"), "alpha_beta", ""),
    (alpha_beta_with("upper bounds as values"), "alpha_beta_memo", "exact inside the window"),
    (alpha_beta_with("upper bounds as values"), "alpha_beta", ""),
    (minimax_memo_with("state only"), "minimax_memo", "the value"),
    (minimax_memo_with("state only"), "minimax", "the value"),
    (minimax_memo_with("no memo"), "minimax_memo", "each position expanded once"),
    (depth_limited_off_by_one, "depth_limited", "the value"),
    (minimax_with_wrong_sign, "minimax", "the value"),
]
"""Each broken version, the specification it is checked against, and the condition it must be
caught by (empty: any condition of the specification; which one depends on the tree)."""


@pytest.mark.parametrize(
    ("function", "spec", "condition"), BROKEN, ids=[f"{f.__name__}-{s}" for f, s, _ in BROKEN]
)
def test_a_broken_version_is_caught_with_a_few_nodes(
    function: Algorithm, spec: str, condition: str
) -> None:
    check = check_algorithm(function, spec, examples=EXAMPLES, games=False)
    assert not check.passed, check
    if condition:
        assert check.condition == condition, check
    assert check.example is not None and check.example.tree is not None
    assert check.example.nodes <= FEW_NODES, check
    # the drawing: every node of the counterexample, some node marked where it goes wrong
    assert len(check.rows) == size(check.example.tree)
    if check.condition != "each position expanded once":  # (every answer is right there)
        assert any(row.wrong for row in check.rows), check
    text = repr(check)
    assert check.condition in text and repr(check.example.tree) in text
    assert "<table>" in check._repr_html_()


def test_the_course_algorithms_pass(solver: types.ModuleType) -> None:
    for spec in SPECS:
        check = check_algorithm(getattr(solver, SPECS[spec].algorithm), spec, examples=EXAMPLES)
        assert check.passed, check
        assert check.trees > EXAMPLES // 2 and check.positions == 8
        assert check.calls == check.reference_calls > 0
        # every specification is tried where positions repeat (graphs), not only the memos
        assert f"{check.trees} random trees and graphs" in repr(check), check
        assert "Value calls" in repr(check)
        if SPECS[spec].windows:
            assert check.windows > 10


def test_the_report_is_the_same_every_time() -> None:
    broken = alpha_beta_with("not negated")
    first, second = (check_algorithm(broken, examples=EXAMPLES, games=False) for _ in range(2))
    assert repr(first) == repr(second)


def test_a_table_kept_between_searches_is_caught() -> None:
    check = check_algorithm(minimax_memo_with("kept"), "minimax_memo", examples=EXAMPLES)
    assert not check.passed
    assert check.condition in ("the value", "a reused table never changes an answer"), check


def test_errors_and_endless_recursion_are_conditions() -> None:
    def raises(game: Any, state: Any, player: Any, stats: Stats) -> Value:
        raise ZeroDivisionError("division by zero")

    def endless(game: Any, state: Any, player: Any, stats: Stats) -> Value:
        stats.calls += 1
        return endless(game, state, player, stats)

    def no_number(game: Any, state: Any, player: Any, stats: Stats) -> Value:
        return None  # type: ignore[return-value]

    check = check_algorithm(raises, "minimax", examples=5, games=False)
    assert (check.condition, check.counterexample) == ("runs without error", "0"), check
    assert "ZeroDivisionError: division by zero" in repr(check)
    assert check_algorithm(endless, "minimax", examples=5, games=False).condition == "ends"
    check = check_algorithm(no_number, "minimax", examples=5, games=False)
    assert check.condition == "returns a number", check


def test_a_numpy_number_is_a_number_and_a_huge_answer_is_cut_short(
    solver: types.ModuleType,
) -> None:
    def numpy_minimax(game: Any, state: Any, player: Any, stats: Stats) -> Value:
        return np.int64(solver.minimax(game, state, player, stats))  # type: ignore[no-any-return]

    def hoards(game: Any, state: Any, player: Any, stats: Stats) -> Value:
        return {i: i for i in range(200_000)}  # type: ignore[return-value]

    check = check_algorithm(numpy_minimax, "minimax", examples=10, games=False)
    assert check.passed, check
    check = check_algorithm(hoards, "minimax", examples=5, games=False)
    assert check.condition == "returns a number" and len(repr(check)) < 1_000, repr(check)[:1_000]


def test_a_function_without_the_window_keywords_is_told(solver: types.ModuleType) -> None:
    check = check_algorithm(solver.minimax, "alpha_beta", examples=5, games=False)
    assert check.condition == "runs without error" and "alpha" in repr(check), check


def test_an_unknown_spec_is_refused(solver: types.ModuleType) -> None:
    with pytest.raises(ValueError, match="alpha_beta"):
        check_algorithm(solver.minimax, "alphabeta")


def test_a_counterexample_drawn_with_both_values_and_the_windows() -> None:
    check = check_algorithm(
        alpha_beta_with("fail-hard"), "alpha_beta_fail_soft", examples=EXAMPLES, games=False
    )
    assert check.condition == "fail-soft" and check.example is not None
    root = check.rows[0]
    # fail-hard answers alpha itself at the root, where the value lies below the window
    assert root.window == check.example.window and root.answer == check.example.window[0]
    assert root.wrong and root.correct < root.answer
    assert [row.name for row in check.rows] == ["A", "B", "C", "D"][: len(check.rows)]
    lines = repr(check).splitlines()
    assert lines[2].startswith("With the default window [-1, 1] your function answers right")
    assert lines[4].split() == ["node", "to", "move", "window", "yours", "correct"]


def max_min_alpha_beta(
    game: Game[Any, Any],
    state: Hashable,
    player: Hashable,
    stats: Stats,
    alpha: Value | None = None,
    beta: Value | None = None,
) -> Value:
    """Exercise 2 of Game-Trees (the slides' alpha-beta, fixed): ``max_value`` and
    ``min_value``, the values from the side of the player to move at the start (Max), whoever
    that is."""
    me, opponent = player, game.other(player)

    def max_value(state: Hashable, alpha: Value, beta: Value) -> Value:
        stats.calls += 1
        if game.finished(state):
            return game.utility(state, me)
        best = game.worst
        for ns in game.next_states(state, me):
            best = max(best, min_value(ns, alpha, beta))
            if best >= beta:
                return best
            alpha = max(alpha, best)
        return best

    def min_value(state: Hashable, alpha: Value, beta: Value) -> Value:
        stats.calls += 1
        if game.finished(state):
            return game.utility(state, me)
        best = game.best
        for ns in game.next_states(state, opponent):
            best = min(best, max_value(ns, alpha, beta))
            if best <= alpha:
                return best
            beta = min(beta, best)
        return best

    return max_value(
        state, game.worst if alpha is None else alpha, game.best if beta is None else beta
    )


def minimax_for_the_root(
    game: Game[Any, Any], state: Hashable, player: Hashable, stats: Stats
) -> Value:
    """Minimax with one inner ``value`` whose values are from the root player's side."""
    root = player

    def value(state: Hashable, player: Hashable) -> Value:
        stats.calls += 1
        if game.finished(state):
            return game.utility(state, root)
        values = [value(ns, game.other(player)) for ns in game.next_states(state, player)]
        return max(values) if player == root else min(values)

    return value(state, player)


def test_correct_functions_in_other_conventions_pass() -> None:
    # Max/Min on the course's positions, where B may be the player to move at the start
    check = check_algorithm(max_min_alpha_beta, "alpha_beta", examples=5)
    assert check.passed and check.positions == 8, check
    check = check_algorithm(minimax_for_the_root, "minimax", examples=EXAMPLES, games=False)
    assert check.passed, check


def minimax_memo_with_symmetry(
    game: Game[Any, Any], state: Hashable, player: Hashable, stats: Stats, symmetry: bool = False
) -> Value:
    """The Nim exercise's minimax_memo with the ``symmetry`` option: the table keyed by the
    canonical state (a game without ``canonical`` is refused, as ``alpha_beta_memo`` does)."""
    if symmetry and game.canonical is None:
        raise ValueError(f"{game.name} has no canonical(state)")
    key = game.canonical if symmetry and game.canonical is not None else (lambda state: state)
    cache: dict[tuple[Hashable, Hashable], Value] = {}

    def value(state: Hashable, player: Hashable) -> Value:
        stats.calls += 1
        if (key(state), player) not in cache:
            if game.finished(state):
                result = game.utility(state, player)
            else:
                opponent = game.other(player)
                result = max(-value(ns, opponent) for ns in game.next_states(state, player))
            cache[key(state), player] = result
        return cache[key(state), player]

    return value(state, player)


def test_the_symmetry_option_is_checked_and_named() -> None:
    function = functools.partial(minimax_memo_with_symmetry, symmetry=True)
    check = check_algorithm(function, "minimax_memo", examples=EXAMPLES, games=False)
    assert check.passed, check
    assert repr(check).startswith(
        "minimax_memo_with_symmetry(symmetry=True) meets the specification of minimax_memo"
    )


# -- the lecture's alpha-beta, and a memo of bounds --------------------------------------------


def stroetmann_alpha_beta(
    game: Game[Any, Any],
    state: Hashable,
    player: Hashable,
    stats: Stats,
    alpha: Value | None = None,
    beta: Value | None = None,
) -> Value:
    """Karl Stroetmann's ``alphaBeta`` ("Alpha-Beta Pruning"), line by line in the course's
    signature: ``val`` starts at ``alpha``, so a call whose moves all fail low answers ``alpha``
    itself (fail-hard), which Knuth and Moore's specification allows (an upper bound)."""

    def value(state: Hashable, player: Hashable, alpha: Value, beta: Value) -> Value:
        stats.calls += 1
        if game.finished(state):
            return game.utility(state, player)
        val = alpha
        for ns in game.next_states(state, player):
            o = game.other(player)
            val = max(val, -value(ns, o, -beta, -alpha))
            if val >= beta:
                return val
            alpha = max(val, alpha)
        return val

    return value(
        state, player, game.worst if alpha is None else alpha, game.best if beta is None else beta
    )


def test_the_lectures_alpha_beta_meets_the_lectures_specification() -> None:
    check = check_algorithm(stroetmann_alpha_beta, "alpha_beta", examples=EXAMPLES)
    assert check.passed and check.positions == 8, check
    # fail-soft is a stricter specification, asked for by name: there it fails, and says why
    check = check_algorithm(
        stroetmann_alpha_beta, "alpha_beta_fail_soft", examples=EXAMPLES, games=False
    )
    assert check.condition == "fail-soft" and check.example is not None, check
    assert check.example.nodes <= FEW_NODES, check
    first = repr(check).splitlines()[0]
    assert first.startswith(
        "stroetmann_alpha_beta fails the specification of alpha_beta_fail_soft (fail-soft): it "
        "returned"
    ), first
    assert "it answered with α where a fail-soft search answers with the best value" in first
    assert "the lecture's specification, alpha_beta, accepts this answer" in first, first


def my_alpha_beta(
    game: Game[Any, Any],
    state: Hashable,
    player: Hashable,
    stats: Stats,
    alpha: Value | None = None,
    beta: Value | None = None,
) -> Value:
    """A student's alpha-beta that keeps a table of its answers, fail-low and fail-high answers
    (bounds) stored as if they were values: right on trees, wrong where a position repeats."""
    table: dict[tuple[Hashable, Hashable], Value] = {}

    def value(state: Hashable, player: Hashable, alpha: Value, beta: Value) -> Value:
        stats.calls += 1
        if (state, player) in table:
            return table[state, player]
        if game.finished(state):
            return game.utility(state, player)
        best = game.worst
        for ns in game.next_states(state, player):
            best = max(best, -value(ns, game.other(player), -beta, -alpha))
            if best >= beta:
                break
            alpha = max(alpha, best)
        table[state, player] = best
        return best

    return value(
        state, player, game.worst if alpha is None else alpha, game.best if beta is None else beta
    )


def test_a_memo_of_bounds_fails_alpha_beta_on_a_graph() -> None:
    check = check_algorithm(my_alpha_beta, "alpha_beta")
    assert not check.passed, check
    assert check.example is not None and check.example.tree is not None
    assert check.example.graph, check  # a position reached twice
    assert check.example.nodes <= FEW_NODES, check
    assert "The smallest counterexample found: the graph " in repr(check)
    assert any(row.wrong for row in check.rows), check


def nan_alpha_beta(
    game: Game[Any, Any],
    state: Hashable,
    player: Hashable,
    stats: Stats,
    alpha: Value | None = None,
    beta: Value | None = None,
) -> Value:
    """An answer that is no number: NaN compares false with everything."""
    return math.nan


def test_nan_is_not_a_number() -> None:
    check = check_algorithm(nan_alpha_beta, "alpha_beta", examples=5, games=False)
    assert check.condition == "returns a number", check


# -- bounds on the student's code --------------------------------------------------------------


def test_a_function_that_loops_without_counting_calls_is_stopped() -> None:
    def loops(game: Any, state: Any, player: Any, stats: Stats) -> Value:
        while True:
            pass

    check = check_algorithm(loops, "minimax", examples=5, call_seconds=0.2)
    assert check.condition == "ends" and check.example is not None, check
    first = repr(check).splitlines()[0]
    assert "it did not return within 0.2 s (call_seconds)" in first, first
    assert "endless loop" in first


def test_memory_growth_is_bounded() -> None:
    def greedy(game: Any, state: Any, player: Any, stats: Stats) -> Value:
        hoard = [b"x" * 2**20 for _ in range(500)]  # 500 MB, if nothing stops it
        return len(hoard)

    check = check_algorithm(greedy, "minimax", examples=5, memory_mb=50)
    assert check.condition == "stays within memory" and check.example is not None, check
    assert "it made the memory grow by more than 50 MB (memory_mb)" in repr(check)


def test_the_whole_check_is_bounded_in_time(solver: types.ModuleType) -> None:
    def slow(game: Any, state: Any, player: Any, stats: Stats) -> Value:
        time.sleep(0.02)
        return solver.minimax(game, state, player, stats)  # type: ignore[no-any-return]

    check = check_algorithm(slow, "minimax", examples=150, total_seconds=0.3)
    assert not check.passed and check.condition == "finishes in time", check
    assert check.example is None and check.trees < 150
    text = repr(check)
    assert text.startswith("slow did not finish the check of minimax within 0.3 s (total_seconds)")
    assert "no failure so far" in text


def test_what_the_function_prints_is_captured_and_cut(
    solver: types.ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    def chatty(game: Any, state: Any, player: Any, stats: Stats) -> Value:
        print("x" * 100_000)
        return solver.minimax(game, state, player, stats)  # type: ignore[no-any-return]

    check = check_algorithm(chatty, "minimax", examples=10)
    out, err = capsys.readouterr()
    assert out == err == ""
    assert check.passed, check
    calls = 10 + 8  # at least one call per example
    assert check.printed > calls * 100_000
    text = repr(check)
    assert f"chatty printed {check.printed:,} characters during the check" in text
    assert len(text) < 2_000, text[:2_000]


class Unprintable(Exception):
    """An exception whose message cannot be written: its ``__str__`` raises."""

    def __str__(self) -> str:
        raise RuntimeError("no message")


def test_an_exception_whose_str_raises_is_reported() -> None:
    def raises(game: Any, state: Any, player: Any, stats: Stats) -> Value:
        raise Unprintable

    check = check_algorithm(raises, "minimax", examples=5, games=False)
    assert check.condition == "runs without error", check
    assert "it raised Unprintable (its message could not be written" in repr(check)


def test_a_huge_int_is_reported(solver: types.ModuleType) -> None:
    def huge(game: Any, state: Any, player: Any, stats: Stats) -> Value:
        return 10**5000 * (1 + solver.minimax(game, state, player, stats))  # type: ignore[no-any-return]

    check = check_algorithm(huge, "minimax", examples=5, games=False)
    assert check.condition == "the value", check
    assert "an int of 5,001 digits" in repr(check) and len(repr(check)) < 1_000
    check = check_algorithm(huge, "alpha_beta", examples=5, games=False)
    assert not check.passed and "digits" in repr(check), check


def test_a_generator_is_named_without_its_address() -> None:
    def generator(game: Any, state: Any, player: Any, stats: Stats) -> Value:
        return (value for value in [0])  # type: ignore[return-value]

    check = check_algorithm(generator, "minimax", examples=5, games=False)
    assert check.condition == "returns a number", check
    assert "it returned <generator object" in repr(check)
    assert "0x" not in repr(check), check


# -- a student's game and heuristic ----------------------------------------------------------


def test_one_check_game() -> None:
    # the validator is the only check_game: the exercises' report is the validator's
    assert exercises.check_game is check_game
    never = Game("t", ("A", "B"), 0, lambda n, p: [n + 1], lambda n: False, lambda n, p: 0)
    report = check_game(never, max_states=1000)
    assert not report.ok and "A random game did not end" in repr(report)
    assert "passes" not in repr(report)


def test_a_heuristic_is_checked_and_measured() -> None:
    ttt = notebook("Tic-Tac-Toe.ipynb").game
    check = check_heuristic(ttt, positions=10)
    assert check.passed and check.positions == 10
    # on these positions the open-lines heuristic chooses at least as well as the estimate 0
    assert check.kept >= check.kept_by_zero and 0 < check.kept <= 10
    assert f"in {check.kept} of 10 random positions" in repr(check)
    nim = notebook("Nim.ipynb").game
    check = check_heuristic(nim, lambda state, player: 0.5, positions=5)
    assert not check.passed and "zero-sum" in repr(check).lower()
    with pytest.raises(ValueError, match="heuristic"):
        check_heuristic(nim)


@pytest.mark.parametrize(
    ("heuristic", "said"),
    [
        (lambda state, player: 1 / 0, "raised ZeroDivisionError: division by zero"),
        (lambda state, player: "0.5", "returned '0.5' (a str, not a number)"),
        (lambda state, player: 10**5000, "returned <an int of 5,001 digits>"),
    ],
    ids=["divides by zero", "a string", "huge"],
)
def test_a_heuristic_that_breaks_its_contract_is_reported(
    heuristic: Callable[[Any, Any], Value], said: str
) -> None:
    ttt = notebook("Tic-Tac-Toe.ipynb").game
    check = check_heuristic(ttt, heuristic, positions=10)
    assert not check.passed and check.positions == 0, check
    text = " ".join(repr(check).split())
    assert said in text, text
    assert "not measured" in text


def test_a_slow_heuristic_is_stopped(capsys: pytest.CaptureFixture[str]) -> None:
    ttt = notebook("Tic-Tac-Toe.ipynb").game
    heuristic = ttt.heuristic
    assert heuristic is not None

    def slow(state: Any, player: Any) -> Value:
        print("thinking " * 1_000)
        time.sleep(0.001)
        return heuristic(state, player)

    check = check_heuristic(ttt, slow, positions=10, total_seconds=0.5)
    assert not check.passed, check
    assert "total_seconds" in repr(check)
    out, err = capsys.readouterr()
    assert out == err == ""
    assert "characters during the check" in repr(check) and len(repr(check)) < 3_000


def test_a_heuristic_that_exits_or_ends_the_process_is_reported() -> None:
    ttt = notebook("Tic-Tac-Toe.ipynb").game
    heuristic = ttt.heuristic
    assert heuristic is not None
    calls = [0]

    def exits_later(state: Any, player: Any) -> Value:
        calls[0] += 1  # (in the check's process: the contract's calls come first)
        if calls[0] > 9_100:  # (the contract: both players on each of 4,520 open boards)
            sys.exit(1)
        return heuristic(state, player)

    check = check_heuristic(ttt, exits_later, positions=10)
    assert check.contract.ok and not check.passed, check
    assert "the search with the heuristic raised SystemExit: 1" in repr(check)

    def ends_later(state: Any, player: Any) -> Value:
        calls[0] += 1
        if calls[0] > 9_100:  # (the contract: both players on each of 4,520 open boards)
            os._exit(2)
        return heuristic(state, player)

    check = check_heuristic(ttt, ends_later, positions=10)
    assert check.contract.ok and not check.passed, check
    assert "the heuristic ended the process that ran it (exit status 2)" in repr(check)


def test_a_heuristic_that_swallows_its_limit_is_reported_with_the_limit() -> None:
    """The report names the limit to raise, as the other reports do: "within 0.2 s
    (call_seconds)"."""
    ttt = notebook("Tic-Tac-Toe.ipynb").game
    heuristic = ttt.heuristic
    assert heuristic is not None
    calls = [0]

    def stubborn(state: Any, player: Any) -> Value:
        calls[0] += 1  # (in the check's process: the contract's calls come first)
        while calls[0] > 9_100:  # (the contract: both players on each of 4,520 open boards)
            try:  # noqa: SIM105  (a student's catch-all, as students write it)
                time.sleep(1)
            except BaseException:
                pass
        return heuristic(state, player)

    check = check_heuristic(ttt, stubborn, positions=10, call_seconds=0.2)
    assert check.contract.ok and not check.passed, check
    text = " ".join(repr(check).split())
    assert "did not return within 0.2 s (call_seconds) and could not be interrupted" in text, text


def test_a_sentence_that_asks_ends_with_its_question_mark() -> None:
    """A search that made too many calls was told "... does the recursion end?." (probe 18)."""

    def busy(game, state, player, stats, alpha=None, beta=None):  # type: ignore[no-untyped-def]
        for _ in range(200_000):
            stats.calls += 1
        return 0

    report = str(check_algorithm(busy, spec="minimax"))
    assert "does the recursion end?" in report
    assert "?." not in report


def test_the_total_time_limit_met_inside_hypothesis_is_still_that_limit(
    solver: types.ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a busy machine the whole check's limit struck while hypothesis was replaying an
    example, and hypothesis reported its own complaint (FlakyStrategyDefinition: "Inconsistent
    data generation") instead: the check raised it, where it should say it did not finish."""
    from hypothesis.errors import FlakyStrategyDefinition

    def interrupted(run: Any, example: Any, random: bool = True, counted: bool = True) -> None:
        try:  # the limit, as the check's process gets it from its timer (once)
            if guard.tripped() is None:
                time.sleep(60)  # (ended by the total limit)
        except TotalTimeLimit:
            pass
        raise FlakyStrategyDefinition("Inconsistent data generation!")

    monkeypatch.setattr(exercises._Run, "ask", interrupted)
    check = check_algorithm(solver.minimax, "minimax", examples=5, total_seconds=1)
    assert not check.passed and check.condition == "finishes in time", check


# -- a student's code in a process of its own (issue 33, item 7) ------------------------------


def waits(game: Any, state: Any, player: Any, stats: Stats) -> Value:
    time.sleep(10**6)
    return 0


def computes_forever(game: Any, state: Any, player: Any, stats: Stats) -> Value:
    return 10 ** (10**8)  # type: ignore[no-any-return]


def exits(game: Any, state: Any, player: Any, stats: Stats) -> Value:
    sys.exit(3)


def ends_the_process(game: Any, state: Any, player: Any, stats: Stats) -> Value:
    os._exit(1)


def interrupts(game: Any, state: Any, player: Any, stats: Stats) -> Value:
    raise KeyboardInterrupt


@pytest.mark.parametrize(
    ("function", "condition", "said"),
    [
        (waits, "ends", "it did not return within 0.5 s (call_seconds)"),
        (computes_forever, "ends", "it did not return within 0.5 s (call_seconds)"),
        (exits, "runs without error", "it raised SystemExit: 3 (sys.exit ends a whole program"),
        (ends_the_process, "runs without error", "it ended the process that ran the check (exit"),
        (interrupts, "runs without error", "it raised KeyboardInterrupt (a search returns its"),
    ],
    ids=["sleep", "huge int", "sys.exit", "os._exit", "KeyboardInterrupt"],
)
def test_whatever_the_function_does_is_a_failed_example(
    function: Algorithm, condition: str, said: str
) -> None:
    """Each ran on past its limits (a sleep, an enormous number: still running after 200 s) or
    passed through the check as a traceback; now each is a failure on the example it was given,
    with the sentence that says what happened."""
    started = time.monotonic()
    check = check_algorithm(function, "minimax", examples=5, call_seconds=0.5)
    assert check.condition == condition and check.counterexample == "0", check
    assert said in repr(check), repr(check)
    assert time.monotonic() - started < 30  # (bounded: the check stops it, or its process ends)


def test_a_function_that_swallows_its_limit_is_ended_with_its_process() -> None:
    """A student's bare ``except:`` around a loop swallows every limit raised in it: the check's
    process is killed after its grace period, and the report blames the example it was given."""

    def stubborn(game: Any, state: Any, player: Any, stats: Stats) -> Value:
        while True:
            try:  # noqa: SIM105  (a student's catch-all, as students write it)
                time.sleep(1)
            except BaseException:
                pass

    started = time.monotonic()
    check = check_algorithm(stubborn, "minimax", examples=5, call_seconds=0.2)
    assert check.condition == "ends" and check.counterexample == "0", check
    assert "it did not return within 0.2 s (call_seconds), and could not be interrupted" in repr(
        check
    )
    assert time.monotonic() - started < 30


def test_a_function_that_calls_itself_is_drawn_node_by_node() -> None:
    """Written without an inner ``value``, recursing on itself (here with the window not
    negated): its answer at every node it searched is in the drawing. The column "yours" was
    empty, the root's answer too."""

    def my_alpha_beta(
        game: Any, state: Any, player: Any, stats: Stats, alpha: Any = None, beta: Any = None
    ) -> Value:
        stats.calls += 1
        alpha = game.worst if alpha is None else alpha
        beta = game.best if beta is None else beta
        if game.finished(state):
            return game.utility(state, player)  # type: ignore[no-any-return]
        best = game.worst
        for ns in game.next_states(state, player):
            best = max(best, -my_alpha_beta(game, ns, game.other(player), stats, alpha, beta))
            if best >= beta:
                return best  # type: ignore[no-any-return]
            alpha = max(alpha, best)
        return best  # type: ignore[no-any-return]

    check = check_algorithm(my_alpha_beta, "alpha_beta", examples=EXAMPLES, games=False)
    assert not check.passed and check.rows, check
    answered = [row for row in check.rows if row.answer is not None]
    assert len(answered) >= 3 and answered[0] is check.rows[0], check
    assert check.rows[0].window == check.example.window if check.example else False


# -- non-answers: no pruning, a symmetry ignored (issue 33, item 3) ---------------------------


def plain_minimax(
    game: Any, state: Any, player: Any, stats: Stats, alpha: Any = None, beta: Any = None
) -> Value:
    """Minimax handed in as alpha-beta: right in value on every example, it never cuts off."""

    def value(state: Any, player: Any) -> Value:
        stats.calls += 1
        if game.finished(state):
            return game.utility(state, player)  # type: ignore[no-any-return]
        return max(-value(ns, game.other(player)) for ns in game.next_states(state, player))

    return value(state, player)


def test_alpha_beta_that_never_cuts_off_fails() -> None:
    """Plain minimax passed ``alpha_beta`` with full marks (1,226 value calls against 892)."""
    for spec in ("alpha_beta", "alpha_beta_fail_soft", "alpha_beta_memo"):
        check = check_algorithm(plain_minimax, spec, examples=EXAMPLES)
        assert check.condition == "cuts off", check
        first = repr(check).splitlines()[0]
        assert "it made 7 value calls on this tree of 7 nodes, searching every node" in first
        assert "at B and at C (Min to move) the first leaf searched already fails low" in first
        assert check.counterexample == "[[1, 2], [3, 4]]" and len(check.rows) == 7


def test_the_window_not_passed_down_or_one_cut_off_missing_fails() -> None:
    """Two mistakes that keep the values right: a search that gives every child the whole
    window, and the Max/Min form with no cut-off in ``min_value``."""

    def whole_window(
        game: Any, state: Any, player: Any, stats: Stats, alpha: Any = None, beta: Any = None
    ) -> Value:
        def value(state: Any, player: Any, alpha: Value, beta: Value) -> Value:
            stats.calls += 1
            if game.finished(state):
                return game.utility(state, player)  # type: ignore[no-any-return]
            best = game.worst
            for ns in game.next_states(state, player):
                best = max(best, -value(ns, game.other(player), game.worst, game.best))
                if best >= beta:
                    return best
                alpha = max(alpha, best)
            return best

        return value(state, player, *(game.utility_range if alpha is None else (alpha, beta)))

    check = check_algorithm(whole_window, "alpha_beta", examples=EXAMPLES)
    assert check.condition == "cuts off", check

    def no_cut_for_min(
        game: Any, state: Any, player: Any, stats: Stats, alpha: Any = None, beta: Any = None
    ) -> Value:
        me, opponent = player, game.other(player)

        def max_value(state: Any, alpha: Value, beta: Value) -> Value:
            stats.calls += 1
            if game.finished(state):
                return game.utility(state, me)  # type: ignore[no-any-return]
            best = game.worst
            for ns in game.next_states(state, me):
                best = max(best, min_value(ns, alpha, beta))
                if best >= beta:
                    return best
                alpha = max(alpha, best)
            return best

        def min_value(state: Any, alpha: Value, beta: Value) -> Value:
            stats.calls += 1
            if game.finished(state):
                return game.utility(state, me)  # type: ignore[no-any-return]
            best = game.best
            for ns in game.next_states(state, opponent):
                best = min(best, max_value(ns, alpha, beta))
                beta = min(beta, best)
            return best

        return max_value(state, *(game.utility_range if alpha is None else (alpha, beta)))

    check = check_algorithm(no_cut_for_min, "alpha_beta", examples=EXAMPLES)
    assert check.condition == "cuts off", check
    assert check.rows[1].window == (5, 9), check  # B was given the window: it did not cut off


def backwards(search: Algorithm) -> Algorithm:
    """``search`` trying the moves in the reverse of the game's order."""

    def reversed_search(game: Game[Any, Any], *args: Any, **options: Any) -> Value:
        reverse = dataclasses.replace(
            game, next_states=lambda s, p: list(reversed(game.next_states(s, p)))
        )
        return search(reverse, *args, **options)

    reversed_search.__name__ = f"{getattr(search, '__name__', 'search')}_backwards"
    return reversed_search


def test_every_correct_alpha_beta_prunes_in_any_move_order(solver: types.ModuleType) -> None:
    """The rule asks for a cut-off only where every alpha-beta makes one, whatever order it
    tries the moves in: fail-soft and fail-hard, negamax and Max/Min, forwards and backwards
    (``PRUNING``'s docstring argues it); on a busy tree each still makes fewer calls."""
    searches = [solver.alpha_beta, stroetmann_alpha_beta, max_min_alpha_beta]
    for search in [*searches, *map(backwards, searches)]:
        for spec in ("alpha_beta", "alpha_beta_memo"):
            check = check_algorithm(search, spec, examples=EXAMPLES)
            assert check.passed, check
    check = check_algorithm(backwards(solver.alpha_beta_memo), "alpha_beta_memo")
    assert check.passed, check
    assert check_algorithm(backwards(solver.alpha_beta), "alpha_beta_fail_soft").passed


def test_a_search_that_counts_no_calls_is_told() -> None:
    def uncounted(
        game: Any, state: Any, player: Any, stats: Stats, alpha: Any = None, beta: Any = None
    ) -> Value:
        return plain_minimax(game, state, player, Stats())

    check = check_algorithm(uncounted, "alpha_beta", examples=EXAMPLES)
    assert check.condition == "counts its value calls", check
    assert "stats.calls stayed 0" in repr(check)


def test_a_memo_that_ignores_symmetry_fails_when_asked_for_it(solver: types.ModuleType) -> None:
    """Checked through ``functools.partial(..., symmetry=True)``, a memo keyed by the state
    alone passed: the course's memo it was compared with ran without symmetry, and trees have
    none. Now the reference uses it, and a graph has two mirror images of one position."""

    def my_minimax_memo(
        game: Any, state: Any, player: Any, stats: Stats, symmetry: bool = False
    ) -> Value:
        return solver.minimax_memo(game, state, player, stats)  # type: ignore[no-any-return]

    check = check_algorithm(functools.partial(my_minimax_memo, symmetry=True), "minimax_memo")
    assert check.condition == "each position expanded once, up to symmetry", check
    assert check.example is not None and check.example.graph, check
    assert check.example.nodes <= FEW_NODES, check
    assert "with Min to move, one position up to symmetry" in repr(check)
    assert check.function == "my_minimax_memo(symmetry=True)"
    check = check_algorithm(my_minimax_memo, "minimax_memo", symmetry=True)  # the same, asked
    assert check.condition == "each position expanded once, up to symmetry", check
    assert check.function == "my_minimax_memo(symmetry=True)"
    # asked without symmetry, it is right; and the course's memo with symmetry passes
    assert check_algorithm(my_minimax_memo, "minimax_memo", examples=EXAMPLES).passed
    honest = functools.partial(solver.minimax_memo, symmetry=True)
    check = check_algorithm(honest, "minimax_memo", examples=EXAMPLES)
    assert check.passed and check.calls == check.reference_calls, check
    honest = functools.partial(minimax_memo_with_symmetry, symmetry=True)
    assert check_algorithm(honest, "minimax_memo", examples=EXAMPLES).passed


def test_the_check_leaves_no_hypothesis_folder_where_it_runs(tmp_path: Any) -> None:
    """hypothesis kept a cache in ``.hypothesis/`` of the current folder: the student's, a
    released assignment's, the feedback's (a kernel started there)."""
    import subprocess
    import sys
    from pathlib import Path

    lectures = Path(__file__).resolve().parents[1] / "notebooks"
    code = (
        "from gamesolver import load_notebook\n"
        "from gamesolver.feedback.exercises import check_algorithm\n"
        f"solver = load_notebook({str(lectures / 'Search-in-Depth.ipynb')!r})\n"
        "assert check_algorithm(solver.alpha_beta, 'alpha_beta', examples=5, games=False).passed\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert list(tmp_path.iterdir()) == []


# -- hints: the likely mistake named (issue 39) ------------------------------------------------

HINTS = {
    "not turned": "Likely mistake: the window you hand a child is not turned round.",
    "not passed": "Likely mistake: the window you hand a child is not its parent's.",
    "not negated": "Likely mistake: a value not negated.",
    "cut": "Likely mistake: a cut at the wrong bound.",
    "no pruning": "Likely mistake: no pruning. Your function looks at every child: it never cuts",
    "default window": "your function answers right here, which is why your own trials pass",
}
"""The start of each hint, by the mistake it names."""


def handed_in(test: str, k: int) -> Algorithm:
    """The ``k``-th wrong answer to Game-Trees' exercise ``test`` (``wrong_answers.WRONG``)."""
    from wrong_answers import WRONG

    source = next(iter(WRONG["Game-Trees.ipynb", test][k].values()))
    names: dict[str, Any] = {}
    exec(source, names)  # (the cell's source: a function that uses only the game)
    return names.get("my_alpha_beta") or names["fixed_alpha_beta"]  # type: ignore[no-any-return]


def max_min_with_min_cut_at_beta(
    game: Any, state: Any, player: Any, stats: Stats, alpha: Any = None, beta: Any = None
) -> Value:
    """The Max/Min form (Game-Trees' exercise 2) whose ``min_value`` cuts off at the wrong bound:
    ``best >= beta``, copied from ``max_value``, where Min cuts off at ``best <= alpha``."""
    me, opponent = player, game.other(player)

    def max_value(state: Any, alpha: Value, beta: Value) -> Value:
        stats.calls += 1
        if game.finished(state):
            return game.utility(state, me)  # type: ignore[no-any-return]
        best = game.worst
        for ns in game.next_states(state, me):
            best = max(best, min_value(ns, alpha, beta))
            if best >= beta:
                return best  # type: ignore[no-any-return]
            alpha = max(alpha, best)
        return best  # type: ignore[no-any-return]

    def min_value(state: Any, alpha: Value, beta: Value) -> Value:
        stats.calls += 1
        if game.finished(state):
            return game.utility(state, me)  # type: ignore[no-any-return]
        best = game.best
        for ns in game.next_states(state, opponent):
            best = min(best, max_value(ns, alpha, beta))
            if best >= beta:
                return best  # type: ignore[no-any-return]
            beta = min(beta, best)
        return best  # type: ignore[no-any-return]

    return max_value(state, *(game.utility_range if alpha is None else (alpha, beta)))


def max_min_without_the_window(
    game: Any, state: Any, player: Any, stats: Stats, alpha: Any = None, beta: Any = None
) -> Value:
    """The Max/Min form that calls each child with the default window, not its own."""
    me, opponent = player, game.other(player)

    def max_value(state: Any, alpha: Value = -math.inf, beta: Value = math.inf) -> Value:
        stats.calls += 1
        if game.finished(state):
            return game.utility(state, me)  # type: ignore[no-any-return]
        best = game.worst
        for ns in game.next_states(state, me):
            best = max(best, min_value(ns))
            if best >= beta:
                return best  # type: ignore[no-any-return]
            alpha = max(alpha, best)
        return best  # type: ignore[no-any-return]

    def min_value(state: Any, alpha: Value = -math.inf, beta: Value = math.inf) -> Value:
        stats.calls += 1
        if game.finished(state):
            return game.utility(state, me)  # type: ignore[no-any-return]
        best = game.best
        for ns in game.next_states(state, opponent):
            best = min(best, max_value(ns))
            if best <= alpha:
                return best  # type: ignore[no-any-return]
            beta = min(beta, best)
        return best  # type: ignore[no-any-return]

    return max_value(state, *(game.utility_range if alpha is None else (alpha, beta)))


HINTED: list[tuple[Callable[[], Algorithm], str, set[str]]] = [
    (lambda: handed_in("ex3-test", 0), "alpha_beta", {"not turned", "default window"}),
    (lambda: alpha_beta_with("not negated"), "alpha_beta", {"not turned", "default window"}),
    (lambda: max_min_without_the_window, "alpha_beta", {"not passed", "no pruning"}),
    (lambda: alpha_beta_with("value not negated"), "alpha_beta", {"not negated"}),
    (lambda: minimax_with_wrong_sign, "minimax", {"not negated"}),
    (lambda: alpha_beta_with("alpha first"), "alpha_beta", {"cut"}),
    (lambda: max_min_with_min_cut_at_beta, "alpha_beta", {"cut"}),
    (lambda: plain_minimax, "alpha_beta", {"no pruning"}),
    (lambda: handed_in("ex2-test", 0), "alpha_beta", {"no pruning"}),
    (lambda: alpha_beta_with("fail-hard"), "alpha_beta_fail_soft", {"default window"}),
    # no hint where the calls show none of these mistakes
    (lambda: alpha_beta_with("bounds as values"), "alpha_beta", set()),
    (lambda: minimax_memo_with("state only"), "minimax", set()),
    (lambda: depth_limited_off_by_one, "depth_limited", set()),
]
"""A wrong answer, its specification, and the hints its report must give (and no other)."""


@pytest.mark.parametrize(
    ("answer", "spec", "named"),
    HINTED,
    ids=[
        "window not turned (handed in)",
        "window not turned",
        "window not passed down (Max/Min)",
        "value not negated",
        "value not negated (minimax)",
        "cut at alpha",
        "cut at beta in min_value (Max/Min)",
        "no pruning",
        "no pruning (Max/Min, handed in)",
        "fail-hard: hidden by the default window",
        "bounds as values",
        "memo of the state only",
        "depth off by one",
    ],
)
def test_a_mistake_of_a_known_kind_is_named(
    answer: Callable[[], Algorithm], spec: str, named: set[str]
) -> None:
    """The messages described the counterexample and did not point: now one short sentence
    names the mistake the student's calls show, in the lines read first and in the HTML, and
    only that mistake (a hint is never guessed)."""
    check = check_algorithm(answer(), spec, examples=EXAMPLES, games=False)
    assert not check.passed, check
    lines = check.lines()
    given = {kind for kind, hint in HINTS.items() if any(hint in line for line in lines)}
    assert given == named, check
    assert lines[2:] == list(check.hints) and len(check.hints) == len(named), check
    page = check._repr_html_()
    for hint in check.hints:
        assert f"<p>{html.escape(hint)}</p>" in page
        assert len(hint.split()) <= 40, hint


def test_the_window_hint_says_what_the_child_got_and_needs() -> None:
    """The issue's example: B called with its parent's window, where the default window hides
    it (the utility range [-1, 1] turned round is itself)."""
    check = check_algorithm(alpha_beta_with("not negated"), examples=EXAMPLES, games=False)
    assert check.counterexample == "[[0, [-1]]]" and check.hints == (
        "Likely mistake: the window you hand a child is not turned round. B got alpha = -∞, "
        "beta = 0, as A had them; a child needs -beta, -alpha.",
        "With the default window [-1, 1] your function answers right here, which is why your "
        "own trials pass: turned round, [-1, 1] is itself.",
    ), check


def test_the_default_window_is_named_only_where_it_hides_the_failure() -> None:
    """A cut at alpha is wrong with the default window too: the report does not say that the
    default window hides it, where the example has a window of its own."""
    tree = [0, 1]
    game = exercises.example_tree_game(tree)
    example = exercises.Example(game, game.Start, "Max", (-2, 2), None, tree)
    spec = SPECS["alpha_beta"]
    cut = alpha_beta_with("alpha first")
    failure, _, _ = exercises.run_example(cut, spec, example)
    assert failure is not None and failure.condition == "exact inside the window"
    assert [hint[:40] for hint in exercises._hints(cut, spec, failure, example)] == [
        HINTS["cut"][:40]
    ]


@pytest.mark.parametrize("spec", ["alpha_beta", "minimax", "depth_limited"])
def test_the_calls_of_a_correct_search_show_no_mistake(solver: types.ModuleType, spec: str) -> None:
    """On random trees and graphs with random windows, forwards and backwards: the course's
    searches, the lecture's fail-hard one, the Max/Min form, a memo of bounds, and minimax
    that answers from the root player's side (where a value is rightly not negated)."""
    from hypothesis import given, settings

    from gamesolver.feedback import hints
    from gamesolver.trace import record

    searches = {
        "alpha_beta": [
            solver.alpha_beta,
            stroetmann_alpha_beta,
            max_min_alpha_beta,
            solver.alpha_beta_memo,
        ],
        "minimax": [solver.minimax, solver.minimax_memo, minimax_for_the_root],
        "depth_limited": [solver.depth_limited],
    }[spec]

    @settings(max_examples=150, derandomize=True, database=None, deadline=None)
    @given(exercises._examples(SPECS[spec]), st.booleans())
    def no_hint(example: exercises.Example, backwards: bool) -> None:
        game = example.game
        if backwards:
            order = game.next_states
            game = dataclasses.replace(game, next_states=lambda s, p: list(reversed(order(s, p))))
            example = dataclasses.replace(example, game=game)
        for search in searches:
            calls = record(search, game, example.state, example.player, **example.options)
            assert exercises._readable(calls, example)
            assert hints.mistakes(calls, game.utility_range) == [], (search, example.text())

    no_hint()


# -- the drawing: a node never called (issue 39) -----------------------------------------------


def test_a_node_never_called_says_so() -> None:
    """The column "yours" was blank where the function never called a node (here C, cut off
    after B); it stays blank where nothing was recorded (no inner function to watch)."""
    check = check_algorithm(alpha_beta_with("alpha first"), examples=EXAMPLES, games=False)
    assert check.counterexample == "[0, 1]", check
    assert [row[3] for row in check.table()] == ["yours", "0  ✗", "0", "never called"], check
    assert "<td>never called</td>" in check._repr_html_()

    def first_leaf(
        game: Any, state: Any, player: Any, stats: Stats, alpha: Any = None, beta: Any = None
    ) -> Value:
        mover = player
        while not game.finished(state):
            stats.calls += 1
            state, mover = game.next_states(state, mover)[0], game.other(mover)
        return game.utility(state, player)  # type: ignore[no-any-return]

    check = check_algorithm(first_leaf, examples=EXAMPLES, games=False)
    assert not check.passed and len(check.rows) > 1, check
    assert "never called" not in repr(check), check


# -- a line of best play checked (Game-Trees' exercise 3) --------------------------------------


def reporting(line: list[Any], answer: Value) -> Algorithm:
    """A search that answers ``answer`` and reports ``line``, whatever the game."""

    def search(game: Any, state: Any, player: Any, stats: Stats) -> Value:
        stats.line = list(line)
        return answer

    return search


def test_a_line_is_checked_move_by_move_to_the_end() -> None:
    from gamesolver.feedback.exercises import checked_line
    from gamesolver.trees import sleator_example

    game = sleator_example()  # P: Q = 10, R: (S = 5, T = 20)
    assert checked_line(reporting([(0,)], 10), game) == "Sleator's example: value 10, line Q"
    assert checked_line(reporting([(1,), (1, 0)], 5), game).endswith("line R, S")
    with pytest.raises(AssertionError, match=r"the line \['S'\]: no move leads to \(1, 0\)"):
        checked_line(reporting([(1, 0)], 5), game)
    with pytest.raises(AssertionError, match="stops before the end of the game"):
        checked_line(reporting([(1,)], 5), game)
    with pytest.raises(AssertionError, match="ends in 10, and the value is 5"):
        checked_line(reporting([(0,)], 5), game)
