"""The MCTS lecture, loaded from the notebook: UCT's counts, its convergence on games small
enough to know exactly, tic-tac-toe against every reply, and the benchmark's report.

Exact values come from the Solver's ``minimax_memo`` (tic-tac-toe, Nim) and from Pons' scores in
the package's data (Connect Four): never from the lecture's own MCTS.
"""

from __future__ import annotations

import random
import types
from pathlib import Path

import pytest
from conftest import NOTEBOOKS

from benchmarks import mcts as bench
from gamesolver.notebook import load_notebook
from gamesolver.trees import tree_game


@pytest.fixture(scope="module")
def lecture() -> types.ModuleType:
    """MCTS.ipynb's definitions (its demonstrations skipped)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(NOTEBOOKS)
        return load_notebook(NOTEBOOKS / "MCTS.ipynb")


def test_a_seeded_run_counts_exactly(lecture: types.ModuleType) -> None:
    small = lecture.nim((1, 2))
    root = lecture.mcts(small, small.Start, "A", 200, random.Random(1))
    assert root.visits == 200  # one playout an iteration
    assert lecture.size(root) == 9  # every node of Nim (1, 2) but the ones after a finished game
    assert sorted(child.visits for child in root.children) == [3, 6, 191]
    again = lecture.mcts(small, small.Start, "A", 200, random.Random(1))
    assert [(c.visits, c.total) for c in again.children] == [
        (c.visits, c.total) for c in root.children
    ]

    def check(node: object) -> None:
        """The root has no playout of its own; every other node its first, then its
        children's (a finished position has no children: its visits are all its own)."""
        below = sum(child.visits for child in node.children)  # type: ignore[attr-defined]
        if node is root:
            assert node.visits == below  # type: ignore[attr-defined]
        elif node.children or node.untried:  # type: ignore[attr-defined]
            assert node.visits == below + 1  # type: ignore[attr-defined]
        else:
            assert node.visits >= 1  # type: ignore[attr-defined]
        for child in node.children:  # type: ignore[attr-defined]
            check(child)

    check(root)


def test_uct_converges_to_the_optimal_move_in_nim(lecture: types.ModuleType) -> None:
    small = lecture.nim((1, 2))
    winning = (1, 1)  # equal heaps: the only move that wins
    for seed in range(10):
        after = lecture.uct(small, small.Start, "A", 200, random.Random(seed))
        assert after[0] == winning, (seed, after)


def test_uct_converges_on_a_tiny_tree(lecture: types.ModuleType) -> None:
    # Max's three moves: Min then picks the smaller leaf, so their values are -1, 0 and -1
    tiny = tree_game([[1, -1], [0, 0], [-1, 1]])
    for seed in range(10):
        assert lecture.uct(tiny, (), "Max", 300, random.Random(seed)) == (1,), seed


def test_a_playout_is_backed_up_for_the_side_that_moved(lecture: types.ModuleType) -> None:
    small = lecture.nim((1, 2))
    root = lecture.mcts(small, small.Start, "A", 300, random.Random(2))
    best = max(root.children, key=lambda child: child.total / child.visits)
    assert best.state[0] == (1, 1)  # wrong signs would make the losing moves look best
    assert best.total == best.visits  # every playout from (1, 1) is a win for A


def test_mcts_never_loses_tic_tac_toe_with_a_fixed_seed(lecture: types.ModuleType) -> None:
    assert lecture.against_all(lecture.ttt, "X", 100)["lost"] == 0
    assert lecture.against_all(lecture.ttt, "O", 400)["lost"] == 0
    # the check can fail: with too few playouts the second player does lose
    assert lecture.against_all(lecture.ttt, "O", 200)["lost"] > 0


def test_mcts_refuses_what_it_cannot_search(lecture: types.ModuleType) -> None:
    small = lecture.nim((1, 2))
    with pytest.raises(ValueError, match="at least one playout"):
        lecture.mcts(small, small.Start, "A", 0, random.Random(0))
    with pytest.raises(ValueError, match="the game is over"):
        lecture.mcts(small, ((0, 0), "A"), "A", 10, random.Random(0))


def test_optimal_columns_agree_with_pons_scores(lecture: types.ModuleType) -> None:
    for moves, score in lecture.perfect.test_set("Test_L3_R1")[:60]:
        best = lecture.optimal_columns(moves)
        free = {c for c in range(1, 8) if moves.count(str(c)) < 6}
        assert best and best <= free, moves
        if score < 0:  # lost whatever one plays: every move keeps the value
            assert best == free, moves


def test_the_benchmark_writes_its_report(tmp_path: Path) -> None:
    out = tmp_path / "mcts.md"
    assert bench.main(["--positions", "4", "--playouts", "10", "20", "--out", str(out)]) == 0
    report = out.read_text()
    assert "| UCT, 10 playouts |" in report and "| UCT, 20 playouts |" in report
    assert report.count("| alpha-beta, ") == 4  # two tables, a row per count in each
    assert "4 positions" in report
