"""gamesolver.demos: a search shown at work, and algorithms side by side, as the Solver's
lectures show them."""

from __future__ import annotations

import types

import pytest
from conftest import notebook

from gamesolver import Stats
from gamesolver.demos import at_work, search_tree, side_by_side, take_away
from gamesolver.trees import sleator_example, tree_game


@pytest.fixture(scope="module")
def solver() -> types.ModuleType:
    return notebook("Search-in-Depth.ipynb")


def test_a_search_call_by_call(solver: types.ModuleType) -> None:
    table = at_work(solver.alpha_beta, sleator_example())
    assert table.title == "alpha_beta on Sleator's example: value 10 for Max (exact), 4 value calls"
    assert list(table.rows[0]) == ["1", "P (Max) called with [-20, 20]"]
    assert list(table.rows[-1]) == ["8", "P returns 10, inside [-20, 20], so v(P) = 10"]
    assert len(table.rows) == 2 * 4  # a call and a return for each value call


def test_a_depth_limited_trace_calls_no_estimate_exact(solver: types.ModuleType) -> None:
    """Inside its window an answer is the value of the cut tree, an estimate here: the trace
    says "so v(P) = 10", as its bound lines say "so v(S) <= 5", and never "exact"."""
    table = at_work(solver.depth_limited, sleator_example(), depth=1)
    assert "(an estimate)" in table.title
    assert list(table.rows[2]) == ["3", "Q returns 10, a leaf: v(Q) = 10"]
    assert list(table.rows[-1]) == ["6", "P returns 10, inside [-20, 20], so v(P) = 10"]
    assert not any("exact" in row[1] for row in table.rows)


def test_a_search_by_its_counts_and_line(solver: types.ModuleType) -> None:
    table = at_work(solver.iterative_deepening, sleator_example(), steps=False)
    assert table.title.endswith("(exact), 7 value calls; line of best play: Q")
    assert [list(row) for row in table.rows] == [[1, 0, 2, 2]]
    estimate = at_work(solver.depth_limited, sleator_example(), steps=False, depth=1)
    assert "(an estimate), 3 value calls" in estimate.title


def test_algorithms_side_by_side(solver: types.ModuleType) -> None:
    games = [sleator_example(), tree_game([[3, 12, 8], [2, 4, 6], [14, 5, 2]])]
    table = side_by_side([solver.minimax, solver.alpha_beta], games)
    assert table.columns == ["game", "value", "minimax", "alpha_beta"]
    assert [list(row[:3]) for row in table.rows] == [["Sleator's example", 10, 5], ["tree", 3, 13]]


def test_side_by_side_names_its_rows(solver: types.ModuleType) -> None:
    """Games of one name (every Nim is "Nim") get the row names the caller gives."""
    games = [tree_game([1, 2], name="t"), tree_game([3, [4, 5]], name="t")]
    table = side_by_side([solver.minimax], games, names=["small", "deeper"])
    assert [list(row) for row in table.rows] == [["small", 2, 3], ["deeper", 4, 5]]
    with pytest.raises(ValueError, match="2 games, 1 names"):
        side_by_side([solver.minimax], games, names=["small"])


def test_algorithms_that_disagree_are_said_so(solver: types.ModuleType) -> None:
    def wrong(game: object, state: object, player: object, stats: object) -> int:
        return 99

    with pytest.raises(ValueError, match=r"disagree on Sleator's example: \[10, 99\]"):
        side_by_side([solver.minimax, wrong], [sleator_example()])


def test_take_away_is_won_by_leaving_a_multiple_of_three(solver: types.ModuleType) -> None:
    """The Solver's take-away: a move takes 1 or 2 from one heap; who cannot move has lost."""
    game = take_away(2, 1)
    assert game.name == "take-away 2+1" and game.Start == ((2, 1), "A")
    assert game.next_states(game.Start, "A") == [((1, 1), "B"), ((0, 1), "B"), ((2, 0), "B")]
    assert game.finished(((0, 0), "B")) and game.utility(((0, 0), "B"), "B") == -1
    assert game.text(((0, 3), "A")) == "0+3 (A to move)"
    values = [solver.minimax(take_away(n), ((n,), "A"), "A", Stats()) for n in range(1, 10)]
    assert values == [-1 if n % 3 == 0 else 1 for n in range(1, 10)]


def test_a_search_tree_is_drawn_from_its_record(solver: types.ModuleType) -> None:
    figure = search_tree(solver.minimax, sleator_example())
    assert repr(figure) == '<TreeFigure: minimax on "Sleator\'s example", 5 nodes, step 10 of 10>'
    pruned = search_tree(solver.alpha_beta, sleator_example(), view="mover")
    assert "5 nodes, step 8 of 8" in repr(pruned)
