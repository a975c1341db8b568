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
from benchmarks.mcts import markdown
from gamesolver.notebook import load_notebook
from gamesolver.strength import (
    RESULTS,
    Share,
    parse_strength,
    read_strength,
    strength_json,
    strength_table,
)
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


def test_the_benchmark_writes_its_report_and_its_results(tmp_path: Path) -> None:
    out, results = tmp_path / "mcts.md", tmp_path / "mcts.json"
    common = ["--positions", "4", "--out", str(out), "--results", str(results)]
    assert bench.main([*common, "--playouts", "10", "20"]) == 0
    report = out.read_text()
    assert "| UCT, 10 playouts |" in report and "| UCT, 20 playouts |" in report
    assert report.count("| alpha-beta, ") == 4  # two tables, a row per count in each
    assert "4 positions" in report
    [run] = read_strength(results)
    assert run.sets == ("Test_L2_R1",) and [c.playouts for c in run.counts] == [10, 20]
    assert run.positions["all"] == 4
    n = run.positions
    assert n["win"] + n["draw"] + n["loss"] == 4 and n["decisive"] <= 4
    for count in run.counts:
        for player in (count.uct, count.alpha_beta):
            mine = player.optimal
            assert mine["win"] + mine["draw"] + mine["loss"] == mine["all"] <= 4
            assert mine["loss"] == n["loss"]  # every move of a lost position keeps its value
    assert markdown(read_strength(results)) == report  # the report is the results' reading
    # a run on another set joins the first; a run on the same set replaces it
    assert bench.main([*common, "--playouts", "10", "--sets", "Test_L2_R2"]) == 0
    assert bench.main([*common, "--playouts", "30"]) == 0
    runs = read_strength(results)
    assert [(r.sets, [c.playouts for c in r.counts]) for r in runs] == [
        (("Test_L2_R1",), [30]),
        (("Test_L2_R2",), [10]),
    ]


def test_the_committed_results_and_report_agree() -> None:
    """The lecture reads benchmarks/mcts.json; benchmarks/mcts.md must say the same."""
    text = RESULTS.read_text()
    runs = parse_strength(text)
    assert strength_json(runs) == text  # the writer writes what the reader read
    assert markdown(runs) == (RESULTS.parent / "mcts.md").read_text()
    for run in runs:
        assert len(run.counts) >= 3 and run.positions["all"] >= 500
        n = run.positions
        assert n["win"] + n["draw"] + n["loss"] == n["all"]


def test_a_share_has_wilsons_interval() -> None:
    assert str(Share(475, 500)) == "95.0% (92.7%-96.6%)"
    assert str(Share(6, 9)) == "66.7% (35.4%-87.9%)"
    low, high = Share(0, 10).interval()
    assert low == pytest.approx(0) and 0.25 < high < 0.35  # never below 0, unlike p +- z*se
    low, high = Share(10, 10).interval()
    assert 0.65 < low < 0.75 and high == pytest.approx(1)
    assert str(Share(0, 0)) == ""


def test_the_lectures_table_of_strength() -> None:
    runs = read_strength()
    table = strength_table(runs, "win")
    assert len(table.rows) == sum(len(run.counts) for run in runs)
    first = runs[0].counts[0]
    assert list(table.rows[0]) == [
        runs[0].moves_left,
        first.playouts,
        str(runs[0].share(first.uct, "win")),
        str(runs[0].share(first.alpha_beta, "win")),
    ]
    assert "the won ones" in table.title


def test_the_play_pages_uct_grows_its_tree_for_the_time_given(lecture: types.ModuleType) -> None:
    """``grown`` (the appendix's, for the play page): one playout at least, each a value call
    and a visit of the root; the computer answers as the play widget reads it."""
    from gamesolver import Stats

    game = lecture.ttt
    stats = Stats()
    root = lecture.grown(game, game.Start, "X", 0, random.Random(0), stats)
    assert root.visits == stats.calls == 1
    stats = Stats()
    root = lecture.grown(game, game.Start, "X", 0.05, random.Random(0), stats)
    assert root.visits == stats.calls > 1
    value, after, seen = lecture.uct_player(game)(game.Start, "X", random.Random(0), budget=0.02)
    assert after in game.next_states(game.Start, "X") and seen.line == [after]
    assert seen.exact is False and value is None  # the page would say it as a depth-0 estimate
