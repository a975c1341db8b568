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
import types
from collections.abc import Callable, Hashable
from typing import Any

import numpy as np
import pytest
from conftest import notebook

from gamesolver import Game, Stats, Value
from gamesolver.exercises import SPECS, check_algorithm
from gamesolver.game_exercises import check_game, check_heuristic
from gamesolver.trees import size

EXAMPLES = 60
"""Random trees per check: enough to find every broken version below, fast on a busy machine."""

FEW_NODES = 7
"""A counterexample has at most this many nodes (hypothesis shrinks it; a graph's nodes are its
distinct states)."""

Algorithm = Callable[..., Value]


@pytest.fixture(scope="module")
def solver() -> types.ModuleType:
    return notebook("Solver.ipynb")


# -- broken versions ---------------------------------------------------------------------------


def alpha_beta_with(mistake: str) -> Algorithm:
    """The Solver's alpha-beta with one ``mistake``:

    - ``fail-hard``: best starts at alpha (seed 001), where fail-soft is specified;
    - ``not negated``: the opponent gets the window ``[alpha, beta]``, not ``[-beta, -alpha]``;
    - ``alpha first``: alpha is raised before the cut-off test, which then compares best with
      the raised alpha instead of beta (so it always cuts after the first move);
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
                best = max(best, -value(ns, game.other(player), *window))
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
    (alpha_beta_with("fail-hard"), "alpha_beta", "fail-soft"),
    (alpha_beta_with("not negated"), "alpha_beta", ""),
    (alpha_beta_with("alpha first"), "alpha_beta", ""),
    (alpha_beta_with("bounds as values"), "alpha_beta_memo", ""),
    (alpha_beta_with("upper bounds as values"), "alpha_beta_memo", "exact inside the window"),
    (minimax_memo_with("state only"), "minimax_memo", "the value"),
    (minimax_memo_with("no memo"), "minimax_memo", "each position expanded once"),
    (depth_limited_off_by_one, "depth_limited", "the value"),
    (minimax_with_wrong_sign, "minimax", "the value"),
]
"""Each broken version, the specification it is checked against, and the condition it must be
caught by (empty: any condition of the specification; which one depends on the tree)."""


@pytest.mark.parametrize(
    ("function", "spec", "condition"), BROKEN, ids=[f.__name__ for f, _, _ in BROKEN]
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
        check = check_algorithm(getattr(solver, spec), spec, examples=EXAMPLES)
        assert check.passed, check
        assert check.trees > EXAMPLES // 2 and check.positions == 8
        assert check.calls == check.reference_calls > 0
        assert f"{check.trees} random" in repr(check) and "Value calls" in repr(check)
        if SPECS[spec].windows:
            assert check.windows > 10


def test_the_report_is_the_same_every_time() -> None:
    broken = alpha_beta_with("fail-hard")
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
    check = check_algorithm(alpha_beta_with("fail-hard"), examples=EXAMPLES, games=False)
    assert check.condition == "fail-soft" and check.example is not None
    root = check.rows[0]
    # fail-hard answers alpha itself at the root, where the value lies below the window
    assert root.window == check.example.window and root.answer == check.example.window[0]
    assert root.wrong and root.correct < root.answer
    assert [row.name for row in check.rows] == ["A", "B", "C", "D"][: len(check.rows)]
    lines = repr(check).splitlines()
    assert lines[3].split() == ["node", "to", "move", "window", "yours", "correct"]


def max_min_alpha_beta(
    game: Game[Any, Any],
    state: Hashable,
    player: Hashable,
    stats: Stats,
    alpha: Value | None = None,
    beta: Value | None = None,
) -> Value:
    """Exercise 3 of Game-Trees: alpha-beta as ``max_value`` and ``min_value``, the values
    from the side of the player to move at the start (Max), whoever that is."""
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


# -- a student's game and heuristic ----------------------------------------------------------


def test_a_game_is_checked_in_every_position() -> None:
    nim = notebook("Nim.ipynb").game
    check = check_game(nim)
    assert check.passed and check.condition == "" and check.report.exhaustive
    not_zero_sum = dataclasses.replace(nim, utility=lambda state, player: 1)
    check = check_game(not_zero_sum)
    assert not check.passed and check.condition == "the game contract"
    assert "zero-sum" in repr(check)
    check = check_game(nim, max_states=3)  # not every position: not passed
    assert not check.passed and check.condition == "every position checked"
    assert "Not passed" in repr(check)


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
