"""Game trees: games from nested lists, recording a search, replaying and drawing it.

The algorithms are the Solver notebook's, loaded once; the trees are random (hypothesis), the
seed-002 example, and exam-style typed-in lists.
"""

from __future__ import annotations

import base64
import dataclasses
import html
import itertools
import math
import struct
import sys
import types
from collections.abc import Callable
from typing import Any

import pytest
from conftest import assert_knuth_moore, notebook
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.transforms import Bbox

from gamesolver import Stats
from gamesolver.feedback.check import check_game
from gamesolver.stepper import Stepper, number, window_text
from gamesolver.trace import record
from gamesolver.trees import (
    PLAYERS,
    SLEATOR,
    Tree,
    TreeError,
    breadth_first,
    children,
    height,
    is_leaf,
    letters,
    parse_tree,
    random_tree,
    reorder,
    size,
    sleator_example,
    subtree,
    tree_game,
)
from gamesolver.widgets.board import BOARD_STYLE
from gamesolver.widgets.treeplot import TreeFigure, draw_search, layout, png, status
from gamesolver.widgets.treewidget import MAX_NODES, TREE_PICTURE_TEXT, SearchPlayer, TreeExplorer

inf = math.inf


@pytest.fixture(scope="module")
def solver() -> types.ModuleType:
    return notebook("Search-in-Depth.ipynb")


def solver_module() -> types.ModuleType:
    """The Solver inside hypothesis tests (fixtures do not mix with @given)."""
    return notebook("Search-in-Depth.ipynb")


def paths(tree: Tree) -> set[tuple[int, ...]]:
    """Every node of ``tree``."""
    return set(breadth_first(tree))


def value_for_max(tree: Tree, max_first: bool = True) -> float:
    """Minimax written here independently: the value for Max, who moves at the root if
    ``max_first`` (else Min moves there)."""

    def value(node: Tree, maximize: bool) -> float:
        if is_leaf(node):
            return node  # type: ignore[return-value]
        values = [value(child, not maximize) for child in children(node)]
        return max(values) if maximize else min(values)

    return value(tree, max_first)


trees = st.recursive(
    st.integers(min_value=-20, max_value=20),
    lambda below: st.lists(below, min_size=1, max_size=4),
    max_leaves=24,
)
"""Random game trees: leaves from -20 to 20, up to 4 children a node, up to 24 leaves."""

generated = st.builds(
    random_tree,
    seed=st.integers(0, 10_000),
    depth=st.integers(0, 4),
    branching=st.tuples(st.integers(1, 2), st.integers(2, 3)),
    values=st.just((-9, 9)),
)
"""Trees from the package's generator: every leaf at the same depth."""

any_tree = st.one_of(trees, generated)


# ---------------------------------------------------------------- games from nested lists


def test_a_tree_game_follows_the_nested_list() -> None:
    tree = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
    game = tree_game(tree)
    assert game.Players == PLAYERS == ("Max", "Min")
    assert game.Start == ()
    assert game.next_states((), "Max") == [(0,), (1,), (2,)]
    assert game.next_states((1,), "Min") == [(1, 0), (1, 1), (1, 2)]
    assert game.next_states((1, 2), "Max") == []
    assert not game.finished((1,)) and game.finished((1, 2))
    assert (game.utility((1, 2), "Max"), game.utility((1, 2), "Min")) == (6, -6)
    assert game.utility_range == (-14, 14)
    assert [game.show(path) for path in breadth_first(tree)] == list("ABCDEFGHIJKLM")
    with pytest.raises(ValueError, match=r"B \(\[0\]\) is not a leaf"):
        game.utility((0,), "Max")


def test_names_utility_range_and_the_sleator_example() -> None:
    seed = sleator_example()
    assert SLEATOR == [10, [5, 20]]
    assert [seed.show(path) for path in breadth_first(SLEATOR)] == list("PQRST")
    assert seed.utility_range == (-20, 20)
    assert tree_game([0, [0]]).utility_range == (-1, 1)  # never (0, 0): worst < best
    assert tree_game([1, [2]], "PQR?").show((1,)) == "R"
    with pytest.raises(TreeError, match="3 names for a tree of 4 nodes"):
        tree_game([1, [2]], "PQR")
    assert [letters(n) for n in (0, 25, 26, 27, 701, 702)] == ["A", "Z", "AA", "AB", "ZZ", "AAA"]


@settings(max_examples=40, deadline=None)
@given(tree=any_tree)
def test_every_tree_game_passes_the_validator(tree: Tree) -> None:
    assume(not is_leaf(tree))  # a lone leaf is a game over before it starts: the check says so
    report = check_game(tree_game(tree), plays=20)
    assert report.ok, report


def test_random_trees_are_seeded_and_shaped() -> None:
    assert random_tree(3, 3) == random_tree(3, 3)
    assert random_tree(3, 3) != random_tree(4, 3)
    tree = random_tree(5, 3, branching=(1, 4), values=(-2, 2))
    for path in breadth_first(tree):
        node = subtree(tree, path)
        if len(path) < 3:
            assert not is_leaf(node) and 1 <= len(children(node)) <= 4
        else:
            assert is_leaf(node) and -2 <= node <= 2  # type: ignore[operator]
    distinct = random_tree(1, 4, branching=3, values=(-99, 99), distinct=True)
    leaves = [subtree(distinct, p) for p in breadth_first(distinct) if len(p) == 4]
    assert len(leaves) == 81 == len(set(leaves))
    assert random_tree(0, 0) in range(-9, 10)
    with pytest.raises(ValueError, match="distinct values"):
        random_tree(1, 3, branching=3, values=(0, 5), distinct=True)
    with pytest.raises(ValueError):
        random_tree(1, 2, branching=(3, 2))


def test_size_and_height() -> None:
    assert (size(5), height(5)) == (1, 0)
    assert (size(SLEATOR), height(SLEATOR)) == (5, 2)
    assert (size([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), height([[1], 2])) == (13, 2)


# ---------------------------------------------------------------- typed-in trees


def test_parse_tree_reads_lists_and_tuples() -> None:
    assert parse_tree(" [[3, 12, 8], [2, 4, 6], [14, 5, 2]] ") == [
        [3, 12, 8],
        [2, 4, 6],
        [14, 5, 2],
    ]
    assert parse_tree("[1.5, (-2, 3)]") == [1.5, (-2, 3)]
    assert parse_tree("7") == 7


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "type a tree as a nested list, e.g. [[3, 12, 8], [2, 4, 6], [14, 5, 2]]"),
        ("[1, 2", "not a nested list of numbers: '[' was never closed (character 1)"),
        (
            "[1 2]",
            "not a nested list of numbers: invalid syntax. Perhaps you forgot a comma? "
            "(character 2)",
        ),
        ("[1, 2]]", "not a nested list of numbers: unmatched ']' (character 7)"),
        ("[1, x]", "not a nested list of numbers: only brackets, commas and numbers are allowed"),
        ("[1, 'a']", "'a' at [1] is not a number or a list (a leaf is a number)"),
        ("[1, [2, True]]", "True at [1][1] is not a number: a leaf is a number"),
        (
            "[1, []]",
            "the empty list at [1]: an inner node needs at least one child (a node without "
            "moves is a leaf: write its value)",
        ),
        ("[]", "the empty list at the root: an inner node needs at least one child"),
        ("[1e999]", "inf at [0]: a leaf must be a finite number"),
        ("{1: 2}", "{1: 2} at the root is not a nested list (a leaf is a number)"),
        ("[1j]", "1j at [0] is not a number or a list (a leaf is a number)"),
        ("[" * 300 + "]" * 300, "not a nested list of numbers: too many nested parentheses"),
        ("[1]" + " " * 6000, None),
        ("[" + "1, " * 3000 + "1]", "the text is 9,003 characters long: at most 5,000"),
    ],
)
def test_bad_input_gets_a_clear_message(text: str, message: str | None) -> None:
    if message is None:
        assert parse_tree(text) == [1]  # spaces around the tree do not count
        return
    with pytest.raises(TreeError) as error:
        parse_tree(text)
    assert str(error.value).startswith(message)


# ---------------------------------------------------------------- the algorithms on trees


@settings(max_examples=150, deadline=None)
@given(tree=any_tree)
def test_alpha_beta_equals_minimax(tree: Tree) -> None:
    solver = solver_module()
    game = tree_game(tree)
    expected = value_for_max(tree)
    assert solver.minimax(game, (), "Max", Stats()) == expected
    for algorithm in solver.Exact:
        assert algorithm(game, (), "Max", Stats()) == expected, algorithm.__name__
        min_first = -value_for_max(tree, max_first=False)  # Min to move: Min's own view
        assert algorithm(game, (), "Min", Stats()) == min_first, algorithm.__name__


@settings(max_examples=300, deadline=None)
@given(tree=any_tree, data=st.data())
def test_knuth_moore_for_any_window(tree: Tree, data: st.DataObject) -> None:
    """Exact inside the window; outside, a bound on the correct side (Solver's specification)."""
    solver = solver_module()
    game = tree_game(tree)
    value = solver.minimax(game, (), "Max", Stats())
    bounds = st.one_of(st.integers(-25, 25), st.floats(-25, 25), st.sampled_from([-inf, inf]))
    alpha = data.draw(bounds, label="alpha")
    beta = data.draw(bounds.filter(lambda beta: beta >= alpha), label="beta")
    result = solver.alpha_beta(game, (), "Max", Stats(), alpha, beta)
    assert_knuth_moore(result, value, alpha, beta)


def test_every_call_on_game_trees_27_leaves_obeys_sleators_theorem() -> None:
    """Game-Trees section 2 shows, call by call, the case of the theorem each answer falls in
    and whether the value obeys it: here every call of that search must (v from minimax)."""
    solver = solver_module()
    uniform = random_tree(seed=4, depth=3, branching=3, values=(-99, 99), distinct=True)
    game = tree_game(uniform)
    found = record(solver.alpha_beta, game)
    view = Stepper(found, view="mover")
    assert len(found.calls) == 37
    for i, call in enumerate(found.calls):
        x, (alpha, beta) = view.value(i), view.window(i)
        v = solver.minimax(game, call.state, call.player, Stats())
        if x <= alpha:
            assert v <= alpha, (call.state, x, v, alpha, beta)
        elif x >= beta:
            assert v >= beta, (call.state, x, v, alpha, beta)
        else:
            assert v == x, (call.state, x, v, alpha, beta)


@settings(max_examples=100, deadline=None)
@given(tree=any_tree, extra=st.integers(0, 3))
def test_depth_limited_beyond_the_height_is_exact(tree: Tree, extra: int) -> None:
    solver = solver_module()
    game = tree_game(tree)
    depth = height(tree) + extra
    assert solver.depth_limited(game, (), "Max", Stats(), depth) == value_for_max(tree)


@settings(max_examples=100, deadline=None)
@given(tree=any_tree, data=st.data())
def test_iterative_deepening_to_a_depth_equals_depth_limited(
    tree: Tree, data: st.DataObject
) -> None:
    solver = solver_module()
    game = tree_game(tree)
    depth = data.draw(st.integers(1, height(tree) + 2), label="depth")
    order = data.draw(st.booleans(), label="order")
    deepened = solver.iterative_deepening(game, (), "Max", Stats(), depth=depth, order=order)
    assert deepened == solver.depth_limited(game, (), "Max", Stats(), depth)
    assert solver.iterative_deepening(game, (), "Max", Stats()) == value_for_max(tree)


# ---------------------------------------------------------------- recording


def options(algorithm: Callable[..., Any], tree: Tree) -> dict[str, Any]:
    """What an algorithm needs to search the whole tree."""
    return {"depth": height(tree)} if algorithm.__name__ == "depth_limited" else {}


@settings(max_examples=80, deadline=None)
@given(tree=any_tree)
def test_one_recorded_node_per_value_call(tree: Tree) -> None:
    solver = solver_module()
    game = tree_game(tree)
    for algorithm in solver.Algorithms:
        search = record(algorithm, game, **options(algorithm, tree))
        assert len(search.calls) == search.stats.calls, algorithm.__name__
        assert len(search.steps) == 2 * len(search.calls)
        assert search.result == value_for_max(tree)
        for call in search.calls:
            assert call.returned
            assert call.depth == len(call.state)  # every root is the tree's root
            if call.parent is not None:
                parent = search.calls[call.parent]
                assert call.state[:-1] == parent.state and call.index in parent.children
                assert call.player != parent.player


@settings(max_examples=80, deadline=None)
@given(tree=any_tree)
def test_calls_and_pruned_subtrees_cover_the_tree(tree: Tree) -> None:
    """alpha_beta: every node is called, or lies in a subtree that a call pruned."""
    solver = solver_module()
    search = record(solver.alpha_beta, tree_game(tree))
    called = [call.state for call in search.calls]
    assert len(called) == len(set(called))
    pruned = [state for call in search.calls for state in search.pruned(call.index)]
    covered = set(called)
    for root in pruned:
        covered |= {root + path for path in paths(subtree(tree, root))}
    assert covered == paths(tree)
    assert len(covered) == len(called) + sum(size(subtree(tree, root)) for root in pruned)
    full = record(solver.minimax, tree_game(tree))
    assert len(full.calls) == size(tree)
    assert not any(full.pruned(call.index) for call in full.calls)


def test_max_min_is_recorded_from_maxs_side(solver: types.ModuleType) -> None:
    search = record(solver.max_min, sleator_example())
    assert [call.function for call in search.calls] == [
        "max_value",
        "min_value",
        "min_value",
        "max_value",
        "max_value",
    ]
    assert [call.player for call in search.calls] == ["Max", "Min", "Min", "Max", "Max"]
    assert {call.perspective for call in search.calls} == {"Max"}
    assert [Stepper(search).value(call.index) for call in search.calls] == [10, 10, 5, 5, 20]


def test_depth_limits_and_iterations_are_recorded(solver: types.ModuleType) -> None:
    game = tree_game([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    search = record(solver.depth_limited, game, depth=1)
    assert [call.limit for call in search.calls] == [1, 0, 0, 0]
    assert [search.kind(call.index) for call in search.calls] == ["inner"] + ["horizon"] * 3
    deepening = record(solver.iterative_deepening, game)
    assert len(deepening.roots) == deepening.stats.depth == 2
    assert len(deepening.calls) == deepening.stats.calls


def test_a_value_that_comes_with_its_line_is_recorded_as_the_value(
    solver: types.ModuleType,
) -> None:
    """iterative_deepening's inner ``value`` returns (value, line of play): the recording keeps
    the value, so that the stepper can replay it (it failed negating the pair)."""
    game = tree_game([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    deepening = record(solver.iterative_deepening, game)
    roots = [deepening.calls[index] for index in deepening.roots]
    assert [root.result for root in roots] == [0, 3]  # depth 1 sees estimates of 0
    assert all(isinstance(call.result, int) for call in deepening.calls)
    trace = Stepper(deepening).trace()
    assert "returns 3" in trace.splitlines()[-1]


def test_the_previous_profiler_is_restored(solver: types.ModuleType) -> None:
    seen: list[str] = []

    def profiler(frame: types.FrameType, event: str, arg: object) -> None:
        seen.append(event)

    def broken(game: Any, state: Any, player: Any, stats: Stats) -> float:
        def value(state: Any, player: Any) -> float:
            stats.calls += 1
            if state:
                raise RuntimeError("a bug in the algorithm")
            return max(-value(ns, game.other(player)) for ns in game.next_states(state, player))

        return value(state, player)

    sys.setprofile(profiler)
    try:
        record(solver.alpha_beta, sleator_example())
        assert sys.getprofile() is profiler
        with pytest.raises(RuntimeError, match="a bug in the algorithm"):
            record(broken, sleator_example())
        assert sys.getprofile() is profiler
    finally:
        sys.setprofile(None)
    partial = record(broken, sleator_example(), strict=False)
    assert isinstance(partial.error, RuntimeError) and partial.result is None
    assert [call.returned for call in partial.calls] == [False, False]
    assert partial.kind(1) == "unfinished"
    assert "did not return" in Stepper(partial).step(4)


def test_only_the_algorithms_own_value_function_is_recorded(solver: types.ModuleType) -> None:
    def value(state: Any, player: Any) -> float:  # a game helper that happens to be "value"
        return 0

    game = sleator_example()
    noisy = dataclasses.replace(game, finished=lambda s: value(s, 0) == 0 and game.finished(s))
    assert len(record(solver.alpha_beta, noisy, alpha=-inf, beta=inf).calls) == 4
    with pytest.raises(ValueError, match="defines no inner function named value"):
        record(lambda game, state, player, stats: 0, game)


# ------------------------------------------------------------ Sleator's example

SEED_TRACE = """\
step 1: P (Max) called with [-∞, ∞]
step 2: Q (Min) called with [-∞, ∞]
step 3: Q returns 10, a leaf: v(Q) = 10
step 4: R (Min) called with [10, ∞]
step 5: S (Max) called with [10, ∞]
step 6: S returns 5, a leaf: v(S) = 5 ≤ α = 10
step 7: R returns 5 ≤ α = 10: fails low, so v(R) ≤ 5; T pruned
step 8: P returns 10, inside [-∞, ∞], so v(P) = 10"""


def test_the_sleator_example_windows_and_pruning(solver: types.ModuleType) -> None:
    """The seed's figure: [-i,i] P 10; [-i,i] Q 10; [10,i] R X<=10; [10,i] S X<=10; T pruned."""
    seed = sleator_example()
    search = record(solver.alpha_beta, seed, alpha=-inf, beta=inf)
    stepper = Stepper(search)
    calls = {seed.show(call.state): call for call in search.calls}
    assert list(calls) == ["P", "Q", "R", "S"]
    windows = {name: stepper.window(call.index) for name, call in calls.items()}
    assert windows == {"P": (-inf, inf), "Q": (-inf, inf), "R": (10, inf), "S": (10, inf)}
    values = {name: stepper.value(call.index) for name, call in calls.items()}
    assert values == {"P": 10, "Q": 10, "R": 5, "S": 5}
    assert values["R"] <= 10 and values["S"] <= 10  # the seed's X <= 10
    assert [seed.show(state) for state in search.pruned(calls["R"].index)] == ["T"]
    assert search.stats.cutoffs == 1
    # as negamax has them: Min's windows negated and swapped
    assert (calls["R"].alpha, calls["R"].beta, calls["R"].result) == (-inf, -10, -5)
    assert (calls["Q"].alpha, calls["Q"].beta, calls["Q"].result) == (-inf, inf, -10)
    assert stepper.trace() == SEED_TRACE


@pytest.mark.parametrize("t", [-100, 0, 5, 10, 11, 1000])
def test_the_value_of_t_does_not_matter(solver: types.ModuleType, t: int) -> None:
    search = record(solver.alpha_beta, tree_game([10, [5, t]], "PQRST"), alpha=-inf, beta=inf)
    assert Stepper(search).trace() == SEED_TRACE


def test_leaves_counts_the_calls_at_finished_states(solver: types.ModuleType) -> None:
    """Sleator's example: alpha-beta evaluates Q and S, not T; minimax all three leaves."""
    assert record(solver.alpha_beta, sleator_example()).leaves == 2
    assert record(solver.minimax, sleator_example()).leaves == 3


def test_the_default_window_makes_the_same_calls(solver: types.ModuleType) -> None:
    infinite = record(solver.alpha_beta, sleator_example(), alpha=-inf, beta=inf)
    default = record(solver.alpha_beta, sleator_example())
    assert [c.state for c in default.calls] == [c.state for c in infinite.calls]
    assert Stepper(default).step(4) == "step 4: R (Min) called with [10, 20]"


def test_stepper_texts(solver: types.ModuleType) -> None:
    search = record(solver.alpha_beta, sleator_example(), alpha=-inf, beta=inf)
    stepper = Stepper(search)
    assert len(stepper) == 8
    assert repr(stepper) == 'Stepper(alpha_beta on "Sleator\'s example", 8 steps)'
    assert stepper.step(0) == "step 0 of 8: nothing searched yet; P (Max) is searched first"
    assert stepper.step(5) == "step 5: S (Max) called with [10, ∞]"
    assert (
        stepper.trace(2, 3)
        == "step 2: Q (Min) called with [-∞, ∞]\nstep 3: Q returns 10, a leaf: v(Q) = 10"
    )
    assert stepper.called_values(7) == [("Q", 10), ("S", 5), ("R", 5)]
    mover = Stepper(search, view="mover")
    assert mover.step(4) == "step 4: R (Min) called with [-∞, -10]"
    assert mover.step(7) == "step 7: R returns -5 ≥ β = -10: fails high, so v(R) ≥ -5; T pruned"
    for bad in (-1, 9):
        with pytest.raises(IndexError, match=f"step {bad} of a search of 8 steps"):
            stepper.step(bad)
    plain = Stepper(record(solver.minimax, sleator_example()))
    assert plain.trace(7, 10) == (
        "step 7: T (Max) called\nstep 8: T returns 20\nstep 9: R returns 5\nstep 10: P returns 10"
    )
    limited = Stepper(record(solver.depth_limited, sleator_example(), depth=1))
    assert limited.step(5) == "step 5: R returns 0, an estimate at the depth limit"
    assert limited.step(4) == "step 4: R (Min) called with [10, 20], depth left 0"


def test_snapshots(solver: types.ModuleType) -> None:
    search = record(solver.alpha_beta, sleator_example(), alpha=-inf, beta=inf)
    stepper = Stepper(search)
    start = stepper.snapshot(0)
    assert (start.current, start.called, start.returned, start.root) == (None, set(), {}, None)
    six = stepper.snapshot(6)
    assert (six.current, six.open, six.decided, six.returned) == (3, [0, 2], {1, 3}, {1: 10, 3: 5})
    end = stepper.snapshot(8)
    assert (end.open, end.decided, end.root) == ([], {0, 1, 2, 3}, 0)


def test_numbers_and_windows_as_text() -> None:
    assert [number(v) for v in (10, -2.5, 3.0, -0.0, inf, -inf, 12345)] == [
        "10",
        "-2.5",
        "3",
        "0",
        "∞",
        "-∞",
        "12,345",
    ]
    assert window_text((10, inf)) == "[10, ∞]"


# ---------------------------------------------------------------- drawing


def test_layout_spaces_leaves_and_centres_parents(solver: types.ModuleType) -> None:
    search = record(solver.alpha_beta, tree_game([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    nodes = layout(search)
    assert len(nodes) == 13
    leaves = [node for node in nodes if not node.children]
    assert [node.x for node in leaves] == list(range(9))
    for node in nodes:
        if node.children:
            first, last = nodes[node.children[0]], nodes[node.children[-1]]
            assert node.x == (first.x + last.x) / 2
    assert [search.game.show(node.state) for node in nodes if node.call is None] == ["I", "J"]


def test_pruned_nodes_turn_grey_when_their_parent_returns(solver: types.ModuleType) -> None:
    search = record(solver.alpha_beta, sleator_example(), alpha=-inf, beta=inf)
    stepper = Stepper(search)
    nodes = layout(search)
    t = next(node for node in nodes if node.call is None)
    assert [status(t, stepper.snapshot(k)) for k in (0, 6, 7, 8)] == [
        "future",
        "future",
        "pruned",
        "pruned",
    ]
    r = next(node for node in nodes if node.call == 2)
    assert [status(r, stepper.snapshot(k)) for k in (3, 4, 6, 7)] == [
        "future",
        "open",
        "open",
        "returned",
    ]


def test_figures_are_deterministic_and_named(solver: types.ModuleType) -> None:
    search = record(solver.alpha_beta, sleator_example(), alpha=-inf, beta=inf)
    figure = draw_search(search, 4, title="step 4")
    assert isinstance(figure, TreeFigure)
    assert repr(figure) == '<TreeFigure: alpha_beta on "Sleator\'s example", 5 nodes, step 4 of 8>'
    first = png(figure)
    assert first.startswith(b"\x89PNG") and first == png(draw_search(search, 4, title="step 4"))
    assert figure._repr_png_() == (first, {"unconfined": True})
    assert b"Software" not in first and b"Date" not in first


OUTPUT_WIDTH = 848
"""JupyterLab's output area on a 1280-px-wide screen with the file browser open, in CSS pixels
(measured in Chromium): a confined image wider than this is scaled down to it."""

READABLE = 14.0
"""The least height of a line of a label on the screen, in pixels: 14 px reads from the back
of a lecture room (the first drawings had 7 px)."""


def shown_scale(figure: TreeFigure) -> float:
    """How JupyterLab scales the figure's PNG: not at all when it is shown unconfined (a wide
    tree scrolls), else down to the output area."""
    shown = figure._repr_png_()
    unconfined = isinstance(shown, tuple) and shown[1].get("unconfined") is True
    width = figure.get_size_inches()[0] * figure.dpi
    return 1.0 if unconfined else min(1.0, OUTPUT_WIDTH / width)


def label_boxes(figure: Figure) -> list[tuple[str, Bbox]]:
    """Every text of the figure with its extent in the PNG, in pixels (rendered by Agg at the
    figure's dpi, as ``png`` renders it)."""
    canvas = FigureCanvasAgg(figure)
    canvas.draw()
    renderer = canvas.get_renderer()
    return [
        (text.get_text(), text.get_window_extent(renderer))
        for text in figure.findobj(lambda artist: hasattr(artist, "get_window_extent"))
        if hasattr(text, "get_text") and text.get_text().strip()
    ]


def big_tree_searches(solver: types.ModuleType) -> dict[str, Any]:
    """Trees of 9 and 27 leaves (the exam tree, Game-Trees' 3 x 3 x 3), at steps in between."""
    exam = tree_game(parse_tree("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"), name="exam")
    uniform = random_tree(seed=4, depth=3, branching=3, values=(-99, 99), distinct=True)
    return {
        "exam": record(solver.alpha_beta, exam),
        "27 leaves": record(solver.alpha_beta, tree_game(uniform)),
        "27 leaves, minimax": record(solver.minimax, tree_game(uniform)),
    }


@pytest.mark.parametrize("part", [None, 0.0, 0.3, 0.6])
def test_labels_of_wide_trees_read_from_the_back_of_the_room(
    solver: types.ModuleType, part: float | None
) -> None:
    for name, search in big_tree_searches(solver).items():
        step = None if part is None else int(part * len(search.steps))
        figure = draw_search(search, step, title=f"{name}, step {step}")
        scale = shown_scale(figure)
        for text, box in label_boxes(figure):
            line = box.height / (text.count("\n") + 1) * scale
            assert line >= READABLE, (name, step, text, round(line, 1))


def test_a_wider_tree_gets_a_wider_figure_with_labels_that_do_not_meet(
    solver: types.ModuleType,
) -> None:
    searches = big_tree_searches(solver)
    widths = []
    for name, search in [("seed", record(solver.alpha_beta, sleator_example())), *searches.items()]:
        for step in (None, 3, 7, min(13, len(search.steps))):
            figure = draw_search(search, step, title=name)
            boxes = label_boxes(figure)
            width, height = figure.get_size_inches() * figure.dpi
            for text, box in boxes:  # nothing cut off at the edges
                assert box.x0 >= 0 and box.x1 <= width, text
                assert box.y0 >= 0 and box.y1 <= height, text
            for (one, a), (two, b) in itertools.combinations(boxes, 2):
                assert not a.overlaps(b), (name, step, one, two)
        widths.append(draw_search(search).get_size_inches()[0])
    assert widths[0] < widths[1] < widths[2] == widths[3]  # 2, 9, 27 and 27 leaves


def test_the_explorer_shows_a_tree_at_its_size_and_scrolls(solver: types.ModuleType) -> None:
    explorer = TreeExplorer([solver.alpha_beta])
    explorer.typed.value = "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"
    image = explorer.player.image
    assert image.layout.max_width == "none"  # not scaled down to the output area ...
    assert image in explorer.player.picture_box.children
    assert explorer.player.picture_box.layout.overflow == "auto"  # ... but scrolled when wider


# ---------------------------------------------------------------- widgets


def test_the_search_player_steps(solver: types.ModuleType) -> None:
    player = SearchPlayer(record(solver.alpha_beta, sleator_example(), alpha=-inf, beta=inf))
    assert repr(player) == 'SearchPlayer(alpha_beta on "Sleator\'s example", 8 steps)'
    assert player.step == 0 and player.previous_button.disabled
    for _ in range(4):
        player.next_button.click()
    assert player.step == 4
    assert player.description() == "step 4: R (Min) called with [10, ∞]\nreturned so far: Q = 10"
    assert "<b>step 4: R (Min) called with [10, ∞]</b>" in player.text.value
    assert bytes(player.image.value).startswith(b"\x89PNG")
    player.go(100)
    assert player.step == 8 and player.next_button.disabled
    player.previous_button.click()
    assert player.step == 7
    player.show_search(record(solver.minimax, sleator_example()), step=3)
    assert (player.step, player.slider.max) == (3, 10)
    assert repr(player) == 'SearchPlayer(minimax on "Sleator\'s example", 10 steps)'


def test_the_explorer_searches_random_and_typed_trees(solver: types.ModuleType) -> None:
    explorer = TreeExplorer([solver.alpha_beta, solver.minimax])
    assert repr(explorer) == "TreeExplorer(alpha_beta, minimax)"
    assert explorer.status.startswith("random tree: seed 0, depth 3, branching 2 to 3: ")
    explorer.typed.value = "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"
    assert explorer.status == (
        "your tree: 13 nodes. alpha_beta returns 3 after 11 value calls (7 of them at leaves)."
    )
    assert explorer.source == "typed" and explorer.player.slider.max == 22
    explorer.typed.value = "[[3, 12, 8], [2, 4, 6], [14, 5, 2]"
    assert (
        explorer.status
        == "Not a tree: not a nested list of numbers: '[' was never closed (character 1)."
    )
    assert explorer.source == "typed" and explorer.player.slider.max == 22  # the last good tree
    explorer.typed.value = "4"
    assert explorer.status == "your tree is a single leaf: there is nothing to search."
    explorer.algorithm.value = "minimax"  # on the last good tree, which the box no longer shows
    assert explorer.status.startswith(
        "your last good tree (not the text in the box): 13 nodes. minimax returns 3 after 13"
    )
    explorer.depth.value = 4
    explorer.branching.value = (4, 4)
    assert explorer.status == (
        "random tree: seed 0, depth 4, branching 4 to 4 has 341 nodes and 4 levels of moves: "
        f"too big to draw here (at most {MAX_NODES} nodes and 6 levels)."
    )
    explorer.branching.value = (2, 2)
    assert explorer.status.startswith("random tree: seed 0, depth 4, branching 2 to 2: 31 nodes.")
    assert explorer.source == "random"


def test_the_explorer_reports_a_failing_algorithm(solver: types.ModuleType) -> None:
    def fragile(game: Any, state: Any, player: Any, stats: Stats) -> float:
        def value(state: Any, player: Any) -> float:
            raise ZeroDivisionError("division by zero")

        return value(state, player)

    explorer = TreeExplorer([solver.alpha_beta, fragile])
    explorer.algorithm.value = "fragile"
    assert explorer.status == "fragile failed on this tree: ZeroDivisionError: division by zero"
    assert "color" in explorer.message.value
    with pytest.raises(ValueError, match="at least one algorithm"):
        TreeExplorer([])


def tree_in_box(explorer: TreeExplorer) -> Tree | None:
    """The tree typed in the explorer's box, or ``None`` if the box holds no tree."""
    try:
        return parse_tree(explorer.typed.value)
    except TreeError:
        return None


def test_the_message_never_describes_a_tree_the_box_does_not_show(
    solver: types.ModuleType,
) -> None:
    explorer = TreeExplorer([solver.alpha_beta, solver.minimax])
    explorer.show_typed("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]")  # typed in, as by hand
    assert explorer.typed.value == "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"
    assert explorer.status.startswith("your tree: 13 nodes. alpha_beta returns 3")
    explorer.typed.value = "[[3, 12, 'eight'], [2, 4, 6], [14, 5, 2]]"
    assert explorer.status.startswith("Not a tree: 'eight' at [0][2]")
    explorer.algorithm.value = "minimax"  # searches the last good tree, not the box's text
    assert explorer.status == (
        "your last good tree (not the text in the box): 13 nodes. minimax returns 3 after "
        "13 value calls (9 of them at leaves)."
    )
    explorer.typed.value = "((3, 12, 8), (2, 4, 6), (14, 5, 2))"  # the same tree, as tuples
    assert explorer.status.startswith("your tree: 13 nodes. minimax returns 3")
    assert tree_in_box(explorer) == explorer.tree and explorer.source == "typed"
    explorer.typed.value = ""  # an empty box searches the example it shows
    explorer.algorithm.value = "alpha_beta"
    assert explorer.status.startswith("your tree: 13 nodes. alpha_beta returns 3")


def displayed(monkeypatch: pytest.MonkeyPatch, widget: Any) -> list[dict[str, Any]]:
    """What displaying ``widget`` publishes: the bundles, in order."""
    import IPython.display

    published: list[dict[str, Any]] = []
    monkeypatch.setattr(
        IPython.display, "display", lambda bundle, raw=False: published.append(bundle)
    )
    widget._ipython_display_()
    return published


def test_the_tree_widgets_are_displayed_after_their_picture(
    solver: types.ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A notebook stored with its outputs shows the tree where JupyterLab would say "Error
    displaying widget: model not found": the picture of the step shown (its PNG in an SVG, at
    its size), the step in words beside it, then the widget, marked as a board so that the
    picture hides itself once the widget is live (``BOARD_STYLE``)."""
    player = SearchPlayer(record(solver.alpha_beta, sleator_example(), alpha=-inf, beta=inf))
    player.go(4)
    picture, widget = displayed(monkeypatch, player)
    assert picture["text/plain"] == TREE_PICTURE_TEXT
    text = picture["text/html"]
    assert text.startswith('<div class="gamesolver-picture"><style>') and BOARD_STYLE in text
    png = bytes(player.image.value)
    width, height = struct.unpack(">II", png[16:24])
    assert f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}"' in text
    assert base64.b64encode(png).decode() in text
    assert html.escape("step 4: R (Min) called with [10, ∞]") in text
    assert widget["application/vnd.jupyter.widget-view+json"]["model_id"] == player.model_id
    assert widget["text/plain"] == 'SearchPlayer(alpha_beta on "Sleator\'s example", 8 steps)'
    assert "gamesolver-board" in player._dom_classes
    explorer = TreeExplorer([solver.alpha_beta])
    picture, widget = displayed(monkeypatch, explorer)
    assert base64.b64encode(bytes(explorer.player.image.value)).decode() in picture["text/html"]
    assert html.escape(explorer.status) in picture["text/html"]
    assert widget["application/vnd.jupyter.widget-view+json"]["model_id"] == explorer.model_id
    assert "gamesolver-board" in explorer._dom_classes


def test_the_explorers_button_is_never_squeezed(solver: types.ModuleType) -> None:
    """On a slide (an output about 780 px wide) the box and the button do not fit in a row:
    the button goes below the box, whole, instead of shrinking to "Search t"."""
    explorer = TreeExplorer([solver.alpha_beta])
    row = next(box for box in explorer.children if explorer.use_typed in box.children)
    assert row.layout.flex_flow == "row wrap"
    assert (explorer.use_typed.layout.flex, explorer.use_typed.layout.width) == ("none", "auto")


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 4), st.integers(1, 3))
def test_reorder_keeps_the_value(solver: types.ModuleType, seed: int, depth: int, b: int) -> None:
    """``reorder`` only permutes children, so the value (the Solver's minimax on the tree
    game), the leaves and the shape stay."""
    tree = random_tree(seed=seed, depth=depth, branching=b, values=(-5, 5))
    value = solver.minimax(tree_game(tree), (), "Max", Stats())
    for order in (True, False):
        again = reorder(tree, solver.minimax, best=order)
        assert solver.minimax(tree_game(again), (), "Max", Stats()) == value
        assert size(again) == size(tree) and height(again) == height(tree)
        leaves = sorted(
            subtree(again, p) for p in breadth_first(again) if is_leaf(subtree(again, p))
        )
        assert leaves == sorted(
            subtree(tree, p) for p in breadth_first(tree) if is_leaf(subtree(tree, p))
        )


def test_reorder_sorts_for_the_player_to_move(solver: types.ModuleType) -> None:
    """Max's children come largest first, Min's smallest first (best=True); the other way
    round for worst first; equal children keep their order."""
    tree = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]  # B = 3, C = 2, D = 2
    assert reorder(tree, solver.minimax) == [[3, 8, 12], [2, 4, 6], [2, 5, 14]]
    assert reorder(tree, solver.minimax, best=False) == [[6, 4, 2], [14, 5, 2], [12, 8, 3]]


def test_best_first_alpha_beta_visits_the_minimal_tree(solver: types.ModuleType) -> None:
    """Knuth and Moore: best first, alpha-beta visits b^ceil(d/2) + b^floor(d/2) - 1 leaves of
    a uniform tree with distinct leaves; worst first, all b^d of them down to depth 3."""
    for b, d in [(2, 2), (2, 3), (2, 4), (3, 3), (3, 4), (4, 3)]:
        tree = random_tree(seed=b * 10 + d, depth=d, branching=b, values=(-999, 999), distinct=True)
        best = record(solver.alpha_beta, tree_game(reorder(tree, solver.minimax))).leaves
        assert best == b ** math.ceil(d / 2) + b ** math.floor(d / 2) - 1
        if d <= 3:
            worst = tree_game(reorder(tree, solver.minimax, best=False))
            assert record(solver.alpha_beta, worst).leaves == b**d


def test_the_minimal_tree_is_maxs_proof_and_mins_proof(solver: types.ModuleType) -> None:
    """Game-Trees section 4 explains its best-first tree (b = 2, d = 3) by two proofs: Max's
    (one Max move, every Min reply) reaches H and J, Min's (every Max move, one Min reply) H, I,
    L and M; alpha-beta visits their union, shares H, and cuts K under E and G under C."""
    tree = reorder(
        random_tree(seed=5, depth=3, branching=2, values=(-99, 99), distinct=True), solver.minimax
    )
    game = tree_game(tree)
    search = record(solver.alpha_beta, game)

    def proof(path: tuple[int, ...], every: bool) -> list[tuple[int, ...]]:
        """The leaves of one player's proof: ``every`` move where that player's opponent moves,
        only the first (the best, once reordered) where that player moves."""
        node = subtree(tree, path)
        if is_leaf(node):
            return [path]
        moves = range(len(children(node))) if every else range(1)
        return [leaf for i in moves for leaf in proof((*path, i), not every)]

    maxs, mins = proof((), every=False), proof((), every=True)
    assert [game.show(leaf) for leaf in maxs] == ["H", "J"]
    assert [game.show(leaf) for leaf in mins] == ["H", "I", "L", "M"]
    leaves = [c.state for c in search.calls if is_leaf(subtree(tree, c.state))]
    assert sorted(leaves) == sorted(set(maxs) | set(mins)) and len(leaves) == search.leaves == 5
    assert [game.show(leaf) for leaf in set(maxs) & set(mins)] == ["H"]
    pruned = {
        game.show(c.state): [game.show(p) for p in search.pruned(c.index)] for c in search.calls
    }
    assert {name: cut for name, cut in pruned.items() if cut} == {"E": ["K"], "C": ["G"]}


def test_a_move_that_reaches_game_best_prunes_more_than_the_minimal_tree(
    solver: types.ModuleType,
) -> None:
    """The count b^ceil(d/2) + b^floor(d/2) - 1 needs, besides distinct leaves, that no move
    reaches game.best, the top of the root's window: such a move cuts its siblings off."""
    game = tree_game([9, 5])  # distinct leaves, best first; 9 is game.best for Max
    assert game.best == 9
    assert record(solver.alpha_beta, game).leaves == 1 < 2**1 + 2**0 - 1
    less_than_best = tree_game([9, 5, -10])  # 9 is below game.best = 10: no cut-off
    assert record(solver.alpha_beta, less_than_best).leaves == 3 == 3**1 + 3**0 - 1
