"""The charts of ``gamesolver.widgets.plots`` (read back from the axes, no image comparison) and the
helpers that Pruning-Statistics.ipynb defines."""

from __future__ import annotations

import math
import os
import types
from collections.abc import Callable, Iterator

import matplotlib.pyplot as plt
import pytest
from conftest import NOTEBOOKS, notebook
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Rectangle

from gamesolver import Stats
from gamesolver.explore import reachable
from gamesolver.widgets.plots import (
    branching_by_depth,
    calls_bars,
    calls_by_depth,
    effective_branching,
)


@pytest.fixture(autouse=True)
def close_figures() -> Iterator[None]:
    """Every chart is made with pyplot: close them all after each test."""
    yield
    plt.close("all")


def bars(fig: Figure) -> list[Rectangle]:
    """The bars of a bar chart, in the order they were drawn."""
    return [patch for patch in fig.axes[0].patches if isinstance(patch, Rectangle)]


def lines(fig: Figure) -> dict[str, Line2D]:
    """The labelled lines of a chart, by label."""
    return {str(line.get_label()): line for line in fig.axes[0].get_lines()}


# ---------------------------------------------------------------- effective_branching


def test_effective_branching_is_the_dth_root() -> None:
    assert effective_branching(9**4, 4) == pytest.approx(9)
    assert effective_branching(10, 1) == 10
    assert effective_branching(1, 5) == 1
    assert isinstance(effective_branching(8, 3), float)


@pytest.mark.parametrize(("calls", "depth"), [(10, 0), (10, -1), (0, 3), (0.5, 2)])
def test_effective_branching_rejects_what_no_search_makes(calls: float, depth: int) -> None:
    with pytest.raises(ValueError):
        effective_branching(calls, depth)


# ---------------------------------------------------------------- calls_bars

COUNTS = {
    "(1, 2)": {"minimax": 10, "alpha_beta": 8, "symmetry": None},
    "tic-tac-toe": {"minimax": 549_946, "alpha_beta": 16_811, "symmetry": 836},
}


def test_calls_bars_is_a_log_scale_bar_chart_with_one_group_per_game() -> None:
    fig = calls_bars(COUNTS, title="Value calls", ylabel="calls")
    assert isinstance(fig, Figure) and len(fig.axes) == 1
    ax = fig.axes[0]
    assert ax.get_yscale() == "log"
    assert ax.get_title() == "Value calls" and ax.get_ylabel() == "calls"
    assert [tick.get_text() for tick in ax.get_xticklabels()] == ["(1, 2)", "tic-tac-toe"]
    assert list(ax.get_xticks()) == [0, 1]


def test_calls_bars_draws_every_count_and_marks_what_was_not_run() -> None:
    fig = calls_bars(COUNTS)
    heights = [bar.get_height() for bar in bars(fig)]
    # drawn algorithm by algorithm: minimax in both games, then alpha_beta, then symmetry
    assert heights == [10, 549_946, 8, 16_811, 836]
    legend = fig.axes[0].get_legend()
    assert [text.get_text() for text in legend.get_texts()] == [
        "minimax",
        "alpha_beta",
        "symmetry",
        "not run",
    ]


def hatched_slots(fig: Figure) -> list[tuple[float, float]]:
    """The left and right ends (in data coordinates) of the slots hatched "not run"."""
    slots = []
    for collection in fig.axes[0].collections:
        if collection.get_hatch():
            xs = [x for path in collection.get_paths() for x, _ in path.vertices]
            slots.append((min(xs), max(xs)))
    return slots


def test_not_run_is_as_large_as_the_tick_labels() -> None:
    """A search not run fills its slot with hatching, and the legend says "not run" in letters
    as large as the tick labels (the words were 6 pt, turned on their side in a slot a few
    pixels wide: unreadable on a projector)."""
    fig = calls_bars(COUNTS)
    ax = fig.axes[0]
    tick = ax.get_xticklabels()[0].get_fontsize()
    assert tick >= 10
    legend = ax.get_legend()
    said = {text.get_text(): text.get_fontsize() for text in legend.get_texts()}
    assert said["not run"] >= tick
    assert all(size >= tick for size in said.values())
    assert all(text.get_fontsize() >= tick for text in ax.texts)  # nothing smaller in the chart
    # the slot of symmetry in (1, 2): the third of three, left of the group's centre at 0
    assert hatched_slots(fig) == [pytest.approx((-0.42 + 0.56, 0.42))]
    everything = calls_bars({"game": {"a": 1}})  # nothing left out: no hatching, no "not run"
    assert not hatched_slots(everything)
    assert [text.get_text() for text in everything.axes[0].get_legend().get_texts()] == ["a"]


def test_calls_bars_keeps_each_algorithm_in_its_slot() -> None:
    fig = calls_bars(COUNTS)
    rectangles = bars(fig)
    centres = [bar.get_x() + bar.get_width() / 2 for bar in rectangles]
    # minimax is first in both groups, one group apart; alpha_beta right of it in each group
    assert centres[1] - centres[0] == pytest.approx(1)
    assert centres[0] < centres[2] < 0.5 < centres[1] < centres[3] < centres[4]
    assert all(bar.get_width() == pytest.approx(0.84 / 3) for bar in rectangles)
    assert rectangles[0].get_facecolor() != rectangles[2].get_facecolor()
    assert rectangles[0].get_facecolor() == rectangles[1].get_facecolor()


def test_calls_bars_follows_the_order_it_is_given() -> None:
    counts = {"game": {"b": 2, "a": 1}}
    fig = calls_bars(counts, ["a", "b", "c"])
    assert [bar.get_height() for bar in bars(fig)] == [1, 2]
    legend = [text.get_text() for text in fig.axes[0].get_legend().get_texts()]
    assert legend == ["a", "b", "c"]


def test_calls_bars_rejects_nothing_and_unknown_algorithms() -> None:
    with pytest.raises(ValueError, match="nothing to draw"):
        calls_bars({"game": {}})
    with pytest.raises(ValueError, match="not in the list"):
        calls_bars({"game": {"a": 1, "b": 2}}, ["a"])


# ---------------------------------------------------------------- calls_by_depth

DEPTHS = [1, 2, 3]


def test_calls_by_depth_draws_searches_and_references_on_a_log_scale() -> None:
    fig = calls_by_depth(
        DEPTHS,
        {"alpha_beta": [10, 36, 163]},
        {"full tree": [10, 91, 820]},
        title="Calls",
    )
    ax = fig.axes[0]
    assert ax.get_yscale() == "log" and ax.get_xscale() == "linear"
    assert ax.get_title() == "Calls" and ax.get_xlabel() == "depth d"
    assert "value calls" in ax.get_ylabel()
    drawn = lines(fig)
    assert set(drawn) == {"alpha_beta", "full tree"}
    assert list(drawn["alpha_beta"].get_xdata()) == DEPTHS
    assert list(drawn["alpha_beta"].get_ydata()) == [10, 36, 163]
    assert list(drawn["full tree"].get_ydata()) == [10, 91, 820]
    assert drawn["full tree"].get_linestyle() == "--"  # references dashed, searches solid
    assert drawn["alpha_beta"].get_linestyle() == "-" and drawn["alpha_beta"].get_marker() == "o"
    legend = [text.get_text() for text in ax.get_legend().get_texts()]
    assert legend == ["full tree", "alpha_beta"]


def test_calls_by_depth_needs_a_value_per_depth() -> None:
    with pytest.raises(ValueError, match="'short' has 2 values for 3 depths"):
        calls_by_depth(DEPTHS, {"short": [1, 2]})
    with pytest.raises(ValueError, match="'ref' has 4 values"):
        calls_by_depth(DEPTHS, {"ok": [1, 2, 3]}, {"ref": [1, 2, 3, 4]})


def test_calls_by_depth_without_references() -> None:
    fig = calls_by_depth(DEPTHS, {"a": [1, 2, 3], "b": [3, 2, 1]})
    assert set(lines(fig)) == {"a", "b"}


# ---------------------------------------------------------------- branching_by_depth


def test_branching_by_depth_plots_the_dth_root_of_the_calls() -> None:
    fig = branching_by_depth(
        DEPTHS,
        {"ordered": [9, 9**2, 9**3]},
        {"full tree": [8, 27, 64]},
        {"b = 9": 9},
        title="Branching",
    )
    ax = fig.axes[0]
    assert ax.get_yscale() == "linear" and ax.get_ylim()[0] == 0
    assert ax.get_title() == "Branching" and ax.get_xlabel() == "depth d"
    assert ax.get_ylabel() == "effective branching calls^(1/d)"
    drawn = lines(fig)
    assert list(drawn["ordered"].get_ydata()) == pytest.approx([9, 9, 9])
    assert list(drawn["full tree"].get_ydata()) == pytest.approx([8, math.sqrt(27), 4])
    assert drawn["full tree"].get_linestyle() == "--"
    assert list(drawn["b = 9"].get_ydata()) == [9, 9]  # a horizontal line across the axes
    legend = [text.get_text() for text in ax.get_legend().get_texts()]
    assert legend == ["b = 9", "full tree", "ordered"]


def test_branching_by_depth_rejects_a_depth_of_zero() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        branching_by_depth([0, 1], {"a": [1, 2]})


# ---------------------------------------------------------------- the notebook's helpers


@pytest.fixture(scope="module")
def stats_nb() -> types.ModuleType:
    """Pruning-Statistics.ipynb's definitions; it loads the games relative to its folder."""
    here = os.getcwd()
    os.chdir(NOTEBOOKS)
    try:
        return notebook("Pruning-Statistics.ipynb")
    finally:
        os.chdir(here)


def test_the_games_come_from_their_notebooks(stats_nb: types.ModuleType) -> None:
    games = stats_nb.Games
    assert list(games) == [
        "(1, 2)",
        "(1, 2, 3)",
        "(1, 3, 5)",
        "(1, 3, 5, 7)",
        "tic-tac-toe",
    ]
    assert games["(1, 3, 5)"].Start == ((1, 3, 5), "A")
    assert games["tic-tac-toe"] is stats_nb.rows.game
    labels = [label for label, _, _ in stats_nb.Runs]
    assert all(label in labels for label, _ in stats_nb.LeftOut)
    assert all(name in games for _, name in stats_nb.LeftOut)


def test_tree_levels_counts_the_nodes_of_the_game_tree(stats_nb: types.ModuleType) -> None:
    nim = stats_nb.Games["(1, 2)"]
    assert stats_nb.tree_levels(nim, 5) == [1, 3, 4, 2, 0, 0]  # the lecture's tree of (1, 2)
    levels = stats_nb.tree_levels(stats_nb.rows.game, 9)
    assert levels[:6] == [math.perm(9, k) for k in range(6)]  # no game ends before move 5
    assert sum(levels) == 549_946  # the calls of minimax
    for name in ["(1, 2, 3)", "(1, 3, 5)"]:
        game = stats_nb.Games[name]
        stats = Stats()
        stats_nb.minimax(game, game.Start, "A", stats)
        assert sum(stats_nb.tree_levels(game, 20)) == stats.calls


def test_minimal_tree_is_knuth_and_moores_formula(stats_nb: types.ModuleType) -> None:
    for b in range(1, 6):
        for d in range(8):
            assert stats_nb.minimal_tree([b] * d) == b ** math.ceil(d / 2) + b ** (d // 2) - 1
    assert stats_nb.minimal_tree([]) == 1
    assert stats_nb.minimal_tree([9, 8, 7, 6]) == 9 * 7 + 8 * 6 - 1 == 110
    assert stats_nb.minimal_tree(range(9, 0, -1)) == 9 * 7 * 5 * 3 + 8 * 6 * 4 * 2 - 1


def test_ordered_changes_the_order_of_the_moves_only(stats_nb: types.ModuleType) -> None:
    game = stats_nb.rows.game
    ordered = stats_nb.ordered(game)
    assert ordered.name == "tic-tac-toe, ordered"
    positions = reachable(game)
    for state, player in positions[::37]:
        moves = game.next_states(state, player)
        reordered = ordered.next_states(state, player)
        assert sorted(reordered) == sorted(moves)
        assert reordered == stats_nb.move_order(game, state, player)
    # the best move first: a winning move comes before the others
    x, o, _ = "X", "O", " "
    state = ((x, x, _), (o, o, _), (_, _, _))
    assert ordered.next_states(state, x)[0] == ((x, x, x), (o, o, _), (_, _, _))
    # the same values, fewer calls
    plain, fewer = Stats(), Stats()
    value = stats_nb.depth_limited(game, game.Start, "X", plain, depth=4)
    assert stats_nb.depth_limited(ordered, ordered.Start, "X", fewer, depth=4) == value
    assert (plain.calls, fewer.calls) == (492, 206)


@pytest.mark.parametrize("chart", [calls_by_depth, branching_by_depth])
def test_depth_charts_write_their_legends_as_large_as_their_tick_labels(
    chart: Callable[..., Figure],
) -> None:
    """On a projector the legend is read from as far as the axes: no smaller (it was 8 pt), and
    whole: inside the figure, however long its names."""
    searches = {"alpha_beta": [10, 36, 163], "iterative deepening: iteration d": [10, 30, 99]}
    fig = chart(DEPTHS, searches, {"full tree": [10, 91, 820]})
    ax = fig.axes[0]
    tick = ax.get_xticklabels()[0].get_fontsize()
    assert [text.get_fontsize() for text in ax.get_legend().get_texts()] == [tick] * 3
    fig.canvas.draw()
    assert fig.bbox.contains(*ax.get_legend().get_window_extent().max)
