"""The benchmark harness in-process: our own rows with one run each, their exact counts, the
CSV's columns and the report; the peers only where they are installed (the extra ``bench``)."""

from __future__ import annotations

import ast
import csv
import dataclasses
import importlib.util
import io
import json
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # benchmarks/ is a folder of the repository, not of the package
    sys.path.insert(0, str(ROOT))

from benchmarks import connect_four, harness, lectures, nim, tic_tac_toe  # noqa: E402
from benchmarks.harness import (  # noqa: E402
    COLUMNS,
    CaseResult,
    Outcome,
    Ratio,
    Row,
    Runner,
    Settings,
    csv_text,
    markdown,
    run,
    time_runners,
    write,
)
from benchmarks.libraries import Gamesolver  # noqa: E402
from benchmarks.run import CASES, main  # noqa: E402

ONCE = Settings(runs=1, peers=False)


def rows_by_algorithm(result: CaseResult) -> dict[str, tuple[object, int | None, int | None]]:
    return {row.algorithm: (row.value, row.nodes, row.positions) for row in result.rows}


@pytest.fixture(scope="module")
def tic_tac_toe_result() -> CaseResult:
    """Our rows of the tic-tac-toe case, plain minimax once (on bitboards, the fast one)."""
    case = dataclasses.replace(
        tic_tac_toe.CASE,
        libraries=[
            Gamesolver("Tic-Tac-Toe.ipynb", ["alpha_beta", "alpha_beta_memo --order --symmetry"]),
            Gamesolver("Tic-Tac-Toe-Bitboard.ipynb", ["minimax"], label="bitboard"),
        ],
    )
    (result,) = run([case], dataclasses.replace(ONCE, moves=False), verbose=False)
    return result


def test_our_tic_tac_toe_counts_are_exact(tic_tac_toe_result: CaseResult) -> None:
    assert tic_tac_toe_result.not_run == []
    assert rows_by_algorithm(tic_tac_toe_result) == {
        "alpha_beta": (0, 16_811, 16_811),
        "alpha_beta_memo --order --symmetry": (0, 273, 273 + 542),  # + the children ranked
        "minimax (bitboard)": (0, 549_946, 549_946),
    }
    assert all(row.library == "gamesolver" and row.runs == 1 for row in tic_tac_toe_result.rows)
    techniques = [row.technique for row in tic_tac_toe_result.rows]
    assert techniques == ["plain-alpha-beta", "best", "minimax"]


def test_the_report_flags_a_count_that_is_not_the_expected_one(
    tic_tac_toe_result: CaseResult,
) -> None:
    """The harness compares each count with the case's expected one, and says when it differs."""
    case = dataclasses.replace(tic_tac_toe_result.case, expected_nodes={"alpha_beta": 16_810})
    wrong = dataclasses.replace(tic_tac_toe_result, case=case)
    report = markdown([wrong], ONCE, datetime(2026, 1, 2, 3, 4, tzinfo=UTC))
    assert "Target MISSED: alpha_beta counts 16,811 value calls (expected exactly 16,810)" in report


def test_csv_has_the_exact_columns(tic_tac_toe_result: CaseResult, tmp_path: Path) -> None:
    csv_path, md_path = write([tic_tac_toe_result], ONCE, tmp_path)
    text = csv_path.read_text(encoding="utf-8")
    assert text.splitlines()[0] == (
        "library,game,technique,algorithm,depth,value,move,nodes,positions,runs,seconds,spread"
    )
    lines = list(csv.DictReader(io.StringIO(text)))
    assert tuple(lines[0]) == COLUMNS
    assert {line["library"] for line in lines} == {"gamesolver"}
    assert [
        (line["algorithm"], line["nodes"], line["positions"], line["runs"]) for line in lines
    ] == [
        ("alpha_beta", "16811", "16811", "1"),
        ("alpha_beta_memo --order --symmetry", "273", "815", "1"),
        ("minimax (bitboard)", "549946", "549946", "1"),
    ]
    assert all(float(line["seconds"]) > 0 and float(line["spread"]) == 1 for line in lines)
    assert text == csv_text([tic_tac_toe_result])
    report = md_path.read_text(encoding="utf-8")
    no_peer = "| tic-tac-toe | plain-alpha-beta | alpha_beta | no peer has it | 16,811 | 16,811 |"
    assert no_peer in report
    assert "| gamesolver | tic-tac-toe | minimax | minimax (bitboard) | 9 | 0 |" in report
    assert "**Times are CPU seconds**" in report and "How nodes and positions" in report


def test_report_checks_the_counts(tic_tac_toe_result: CaseResult) -> None:
    report = markdown([tic_tac_toe_result], ONCE, datetime(2026, 1, 2, 3, 4, tzinfo=UTC))
    assert "Measured on 2026-01-02 03:04 UTC" in report
    assert "Python 3." in report and "gamesolver " in report
    assert "Target met: minimax (bitboard) counts 549,946 value calls" in report
    assert "Target met: alpha_beta counts 16,811 value calls" in report
    assert "MISSED" not in report  # no peers: no ratios, and every count is right


def test_where_our_moves_come_from() -> None:
    """alpha_beta_memo's search records its move; alpha_beta's comes from best_move afterwards."""
    case = dataclasses.replace(
        tic_tac_toe.CASE,
        libraries=[
            Gamesolver("Tic-Tac-Toe.ipynb", ["alpha_beta_memo --order --symmetry", "alpha_beta"])
        ],
    )
    (result,) = run([case], ONCE, verbose=False)
    memo, plain = result.rows
    assert memo.move is not None and memo.move.startswith("(")  # a cell, "(row, col)"
    assert memo.move_choice is None
    assert plain.move_choice is not None and plain.move_choice.nodes > 0


def test_our_nim_memo_counts() -> None:
    (result,) = run([nim.CASE], ONCE, verbose=False)
    assert rows_by_algorithm(result) == {
        "minimax_memo": (-1, 4_089, 4_089),
        "alpha_beta_memo": (-1, 2_415, 2_415),
        "alpha_beta_memo --order": (-1, 2_373, 6_024),
        "alpha_beta_memo --symmetry": (-1, 1_444, 1_444),
    }
    assert [who for who, _ in result.not_run] == [
        "gamesolver minimax",
        "gamesolver alpha_beta",
    ]


def test_nim_tree_sizes_in_the_notes() -> None:
    from conftest import notebook

    assert nim.tree_size(nim.kept_piles_children, nim.PILES) == nim.KEPT_PILES_TREE
    game = notebook("Nim.ipynb").nim(nim.PILES)

    def children(state: Any) -> Any:
        return game.next_states(state, state[1])

    assert nim.tree_size(children, game.Start) == nim.LECTURE_TREE


def test_our_connect_four_counts_at_depth_4() -> None:
    """Our three depth-limited searches count exactly the value calls the case expects, and
    agree on the estimate."""
    case = connect_four.CASES["connect-four-4"]
    (result,) = run([case], dataclasses.replace(ONCE, moves=False), verbose=False)
    assert result.not_run == []
    assert {row.algorithm: row.nodes for row in result.rows} == dict(case.expected_nodes)
    assert len({row.value for row in result.rows}) == 1
    assert all(row.depth == 4 for row in result.rows)
    deepening = {row.algorithm: row for row in result.rows}["iterative_deepening --order"]
    assert deepening.move == "column 4"


def test_nim_cases() -> None:
    """The plain searches on (2, 4, 6), the tables on (1, 3, 5, 7): no technique on both."""
    small, big = nim.CASES["nim-small"], nim.CASES["nim"]
    assert CASES["nim"] is nim.CASE is big and CASES["nim-small"] is small
    assert set(small.skip) | set(big.skip) == set(harness.TECHNIQUES)
    assert not set(small.skip) & set(big.skip)
    assert not small.compare_best and big.compare_best


def test_connect_four_cases_by_depth() -> None:
    """One case per depth (the harness gives a case one depth); depth 8 is `connect-four`."""
    assert [case.depth for case in connect_four.CASES.values()] == [4, 6, 8, 12]
    assert connect_four.CASES["connect-four"] is connect_four.CASE
    assert all(CASES[name] is case for name, case in connect_four.CASES.items())
    deepest = connect_four.CASES["connect-four-12"]
    assert [library.name for library in deepest.libraries] == ["gamesolver"]


def row(times: list[float], nodes: int = 100) -> Row:
    return Row("x", "g", "plain-alpha-beta", "a", 1, 0, None, nodes, nodes, times)


def test_a_verdict_only_where_the_spread_does_not_cross() -> None:
    """Medians and spreads of rows; the ratio of the medians and the range the runs allow;
    faster, slower or within noise; a target met, missed or within noise."""
    ours, theirs = row([1.0, 1.2, 1.1]), row([2.0, 2.6, 2.2])
    assert (ours.seconds, ours.spread, ours.runs) == (1.1, pytest.approx(1.2), 3)
    r = Ratio.of(ours, theirs)
    assert (r.median, r.low, r.high) == (2.0, pytest.approx(2 / 1.2), pytest.approx(2.6))
    assert r.compared() == "×2.00 (×1.67–×2.60) ours faster"
    assert r.verdict(1.5) == "met" and r.verdict(3) == "MISSED"
    assert r.verdict(2.0) == "within noise"
    assert Ratio.of(theirs, ours).compared().endswith("ours slower")
    assert Ratio.of(ours, row([1.1, 1.1])).compared() == "×1.00 (×0.92–×1.10) within noise"
    per_node = Ratio.of(ours, row([2.0, 2.6, 2.2], nodes=200), per_node=True)
    assert per_node.median == 1.0 and per_node.verdict() == "within noise"


def test_runs_are_interleaved_and_long_ones_fewer() -> None:
    """Round by round, each runner once; a runner whose first run is long runs long_runs times."""
    log: list[str] = []

    def runner(name: str) -> Runner:
        def prepare(count: bool) -> Any:
            return lambda: log.append(name) or Outcome(0, "m", 1, 1)

        return Runner("x", name, "minimax", prepare)

    runners = [runner("a"), runner("b")]
    times = time_runners(runners, Settings(runs=3), [])
    assert log == ["a", "b"] * 3 and [len(t) for _, t in times.values()] == [3, 3]
    log.clear()
    time_runners(runners, Settings(runs=3, long_after=-1, long_runs=2), [])
    assert log == ["a", "b"] * 2


def test_command_line_rejects_zero_runs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--runs", "0", "--no-write"]) == 2
    assert "--runs must be at least 1" in capsys.readouterr().err


PEERS = ["easyAI", "aima3", "pyspiel"]


@pytest.mark.skipif(
    any(importlib.util.find_spec(name) is None for name in PEERS),
    reason="the peers are not installed (pip install -e '.[bench]')",
)
def test_peers_at_their_best_settings_on_tic_tac_toe() -> None:
    """The peers' searches but plain minimax (fast): the same value; with our window [-1, 1]
    easyAI's and OpenSpiel's plain alpha-beta visit our 16,811 nodes (aima3's, which starts
    with (-∞, ∞), 18,297); easyAI's table with win_score=100 needs 4,311; OpenSpiel's
    MinimaxSolver evaluates one position per edge of the state graph plus the start, as
    minimax_memo does."""
    case = dataclasses.replace(
        tic_tac_toe.CASE,
        libraries=tic_tac_toe.CASE.libraries[2:],
        skip={"minimax": "not in the tests"},
    )
    (result,) = run([case], Settings(runs=1), verbose=False)
    assert {why for _, why in result.not_run} == {"not in the tests"}
    nodes = {(row.library, row.technique): row.nodes for row in result.rows}
    assert nodes == {
        ("easyAI", "plain-alpha-beta"): 16_811,
        ("easyAI", "alpha-beta+table"): 4_311,
        ("easyAI", "best"): 9_973,
        ("aima3", "plain-alpha-beta"): 18_297,
        ("OpenSpiel", "plain-alpha-beta"): 16_811,
        ("OpenSpiel", "minimax+table"): 16_168,
    }
    assert {row.value for row in result.rows} == {0}
    assert all(row.positions == row.nodes for row in result.rows)  # no peer ranks children
    assert {row.move for row in result.rows if row.library == "OpenSpiel"} == {"(0, 0)"}


@pytest.mark.skipif(
    any(importlib.util.find_spec(name) is None for name in PEERS),
    reason="the peers are not installed (pip install -e '.[bench]')",
)
def test_peers_see_the_notebooks_board_and_visit_our_tree_in_connect_four() -> None:
    """Each peer's state, handed to the notebook's heuristic, is the notebook's state; to depth 4
    every plain search visits the same 896 nodes as ours, and with the centre first the same
    173, with the same estimate and move."""
    import pyspiel
    from aima3.games import ConnectFour

    cf = lectures.connect_four()
    moves = "4453661"
    expected = cf.connect_four().parse(moves)[0]
    easyai, spiel = connect_four.easyai_class()(), pyspiel.load_game("connect_four")
    state, aima3_game = spiel.new_initial_state(), ConnectFour()
    aima3_state = aima3_game.initial
    for column in (int(c) for c in moves):
        easyai.make_move(column - 1)
        easyai.switch_player()
        state.apply_action(column - 1)
        aima3_state = aima3_game.result(
            aima3_state,
            (column, 1 + cf.find_empty(connect_four.aima3_rows(aima3_state.board), column - 1)),
        )
    assert easyai.rows == expected
    assert connect_four.openspiel_rows(str(state)) == expected
    assert connect_four.aima3_rows(aima3_state.board) == expected

    case = connect_four.CASES["connect-four-4"]
    (result,) = run([case], dataclasses.replace(ONCE, peers=True), verbose=False)
    assert result.not_run == []
    plain = [row for row in result.rows if row.technique == "plain-alpha-beta"]
    assert {row.library for row in plain} == {"gamesolver", "easyAI", "aima3", "OpenSpiel"}
    assert {row.nodes for row in plain} == {case.expected_nodes[connect_four.PLAIN]}
    centre = [row for row in result.rows if row.technique == "alpha-beta+ordering"]
    assert {row.library for row in centre} == {"gamesolver", "easyAI", "aima3"}
    assert {row.nodes for row in centre} == {case.expected_nodes["depth_limited, centre first"]}
    assert len({row.value for row in result.rows}) == 1
    assert {row.move for row in result.rows} == {"column 4"}


def test_tic_tac_toe_nd_main_writes_the_report(tmp_path: Path) -> None:
    """The seed 004 benchmark, cut down to 3 states and 2 games a match on 4x4: the report has
    the budget run, the depths and both matches (counts only: the times depend on the machine)."""
    from benchmarks import tic_tac_toe_nd

    out = tmp_path / "nd.md"
    argv = ["--boards", "2", "--states", "3", "--games", "2", "--out", str(out)]
    assert tic_tac_toe_nd.main(argv) == 0
    report = out.read_text(encoding="utf-8")
    assert report.startswith("# Seed 004's budgets and matches")
    assert "`python -m benchmarks.tic_tac_toe_nd --boards 2 --states 3 --games 2" in report
    assert "| 4x4 | 3 | 10 |" in report  # 3 states, 10 ms each
    assert "| 4x4: 3 states within 0.03 s in total |" in report
    assert "| 4x4 | random_mover | 2 |" in report and "| 4x4 | greedy | 2 |" in report
    assert "4x4x4" not in report
    with pytest.raises(SystemExit):
        tic_tac_toe_nd.main(["--boards", "2,4", "--no-write"])
    with pytest.raises(SystemExit):
        tic_tac_toe_nd.main(["--states", "0", "--no-write"])


def test_tic_tac_toe_nd_counts_are_exact() -> None:
    """Every state graded once with a legal move and a depth; every game counted once."""

    from benchmarks.tic_tac_toe_nd import run_budget, run_match

    nb = lectures.tic_tac_toe_nd()
    run = run_budget(nb, 2, 3, exact=True)
    assert run.states == 3 and len(run.cpu) == 3 and len(run.solved) == 3
    assert run.illegal == 0 and run.tallies["legal"] == "3/3"
    assert run.tallies["kept"].endswith("/3")  # the exact value is known in every state
    assert all(depth >= 1 for depth in run.depths)
    for opponent in ("random_mover", "greedy"):
        match = run_match(nb, 2, opponent, 3)
        assert match.games == 3
        assert sum(match.count(result) for result in ("win", "draw", "loss")) == 3
        played = [sum(match.count(r, colour) for r in ("win", "draw", "loss")) for colour in (0, 1)]
        assert played == [2, 1]  # ours is x in games 0 and 2, o in game 1


def test_tic_tac_toe_nd_targets() -> None:
    """No losses on 4x4; at least 49 wins of 50 on the cube (98%, rounded up for fewer games)."""
    from benchmarks.tic_tac_toe_nd import Match

    one_lost = ["win"] * 49 + ["loss"]
    assert Match(3, "greedy", one_lost).target() == ("at least 49 wins of 50", True)
    assert Match(2, "greedy", one_lost).target() == ("no losses", False)
    assert Match(2, "greedy", ["draw"] * 50).target() == ("no losses", True)
    assert Match(3, "greedy", ["win", "draw"]).target() == ("at least 2 wins of 2", False)
    assert Match(3, "greedy", one_lost).lost() == ["game 49 (o)"]


def test_checkers_main_counts_exactly(tmp_path: Path) -> None:
    """The checkers benchmark cut down to perft depth 4, one game a match at 10 ms a move and
    the ladder at one opening to depth 1: the perft counts (three ways) are the published ones,
    every game is counted once (no times asserted)."""
    from benchmarks import checkers

    out = tmp_path / "checkers.md"
    argv = ["--perft-depth", "4", "--games", "1", "--parts", "perft,matches,ladder"]
    argv += ["--budget", "0.01", "--ladder-openings", "1", "--ladder-depth", "1"]
    assert checkers.main([*argv, "--out", str(out)]) == 0
    report = out.read_text(encoding="utf-8")
    assert report.startswith("# Checkers: speed and strength")
    assert (
        "| perft equals the published counts (depths 1-4; the recursion, in bulk and "
        "`count --paths`) | all equal | met |"
    ) in report
    rows = zip([7, 49, 302, "1,469"], [7, 49, 216, 805], strict=True)
    for depth, (count, positions) in enumerate(rows, start=1):
        assert f"| {depth} | {count} | {positions} | {count} | " in report
    assert "| random | 1 |" in report and "| greedy | 1 |" in report
    assert "`computer(state, player, rng, budget=0.01)`" in report
    assert "## The ladder of estimates" in report and "2 games a rung" in report
    assert "| kings 1.5 | pieces | 2 |" in report
    assert "OpenSpiel" not in report  # not asked for


def test_checkers_parts_count_exactly() -> None:
    """Perft three ways, the depth of both searches, one game against each player, minimax's
    value calls and the ladder to depth 1."""

    from benchmarks import checkers
    from gamesolver.stats import Stats

    nb = lectures.checkers()
    rows = checkers.run_perft(nb, 4)
    published = list(checkers.PUBLISHED[:4])
    assert [r.count for r in rows] == [r.bulk_count for r in rows] == published
    assert [r.paths_count for r in rows] == published
    assert [r.positions for r in rows] == [7, 49, 216, 805]
    assert not any(r.wrong() for r in rows)
    assert dataclasses.replace(rows[0], paths_count=8).wrong()  # exit status 1
    depth = checkers.run_depth(nb, 0.01, positions=1)
    assert len(depth.labels) == 2 and depth.labels[0] == "start"
    for name in checkers.DEPTH_SEARCHES:
        assert len(depth.depths[name]) == len(depth.calls[name]) == 2
        assert all(d >= 1 for d in depth.depths[name])
    for opponent in checkers.OPPONENTS:
        match = checkers.run_match(nb, opponent, 1, 0.01)
        assert match.games == 1
        assert sum(match.count(result) for result in ("win", "draw", "loss")) == 1
        assert len(match.our_seconds) + len(match.their_seconds) == match.plies[0]
        assert len(match.depths) == len(match.our_seconds)
    stats = Stats()
    checkers.minimax(nb.game, nb.Start, "red", stats, 2)
    assert stats.calls == 1 + 7 + 49
    searched = checkers.run_minimax(nb, depth=2, positions=1)
    assert [set(row.calls) for row in searched] == [set(checkers.SEARCHES)] * 2
    assert searched[0].calls["minimax"] == 1 + 7 + 49
    assert all(len(set(row.values.values())) == 1 for row in searched)
    rungs = checkers.run_ladder(nb, openings=1, budget=None, depth=1)
    names = [name for name, _ in nb.Ladder]
    assert [(r.estimate, r.against) for r in rungs] == list(zip(names[1:], names, strict=False))
    for rung in rungs:
        assert rung.games == 2 and len(rung.plies) == 2
        assert len(rung.depths) + len(rung.their_depths) == sum(rung.plies)
        assert set(rung.depths) == set(rung.their_depths) == {1}


def test_checkers_targets_as_the_brief_reads_them() -> None:
    """Perft to depth 9 is judged on count --paths (the recursion shown beside it), the depth on
    checkers_search, the minimax ratios against the reference's, a miss as a miss."""
    from benchmarks import checkers

    row = checkers.PerftRow(9, 3_963_680, 20.0, 3_963_680, 19.0, 351_317, 3_963_680, 6.0)
    depth = checkers.DepthRun(
        ["start"], {"checkers_search": [9], "iterative_deepening": [8]}, {}, {}
    )
    calls = {"minimax": 1000, "alpha-beta": 50, "iterative deepening": 40, "checkers_search": 25}
    searched = checkers.Searched("start", {}, calls, {})
    found = checkers.targets(checkers.Results(0.5, [row], depth, minimax=[searched]))
    verdicts = {what.split(" (")[0].split(",")[0]: (measured, met) for what, measured, met in found}
    assert verdicts["perft to depth 9 in under 10 s"] == (
        "6.0 s (the plain recursion: 20.0 s)",
        True,
    )
    assert verdicts["depth at least 9 in 0.5 s from the start"] == ("9", True)
    assert verdicts[
        "alpha-beta makes at least 13.7x fewer value calls than minimax at depth 6"
    ] == (
        "20.0x",
        True,
    )
    assert verdicts[
        "checkers_search makes at least 50x fewer value calls than minimax at depth 6"
    ] == ("40.0x", False)


def test_checkers_ladder_reports_a_rung_stopped_by_its_budget() -> None:
    """A budget too small for checkers_search to look at one move stops that rung's match (the
    match keeps no partial tally): the report says so and the next rung still runs."""
    import types

    from benchmarks import checkers
    from gamesolver.match import Match, Played
    from gamesolver.stats import OutOfTime, Stats

    def match(game: Any, a: Any, b: Any, starts: Any, budget: Any, depth: Any) -> Match:
        if a == "second":
            raise OutOfTime("a budget of 0.001 s is not enough to look at one move")
        # a (red in both) wins the first game in 2 plies, loses the second after 1
        won = Played(0, "red", [1, 2], [Stats(depth=1), Stats(depth=1)], winner="red")
        lost = Played(0, "red", [1], [Stats(depth=2)], winner="white")
        return Match([won, lost], ["red", "red"])

    nb = types.SimpleNamespace(
        Ladder=[("x", "first"), ("y", "second"), ("z", "third")],
        game=None,
        openings=lambda game, count, plies: [],
        player=lambda estimate: estimate,
        match=match,
        legal_moves=types.SimpleNamespace(cache_clear=lambda: None),
    )
    rungs = checkers.run_ladder(nb, 1, 0.001)
    assert [(r.estimate, r.games, r.stopped != "") for r in rungs] == [
        ("y", 0, True),
        ("z", 2, False),
    ]
    results = checkers.Results(0.5, ladder=rungs, ladder_openings=1, ladder_budget=0.001)
    report = checkers.markdown(results, "note")
    assert "| y | x | — |" in report and "| z | y | 2 | 1 | 0 | 1 | +0 |" in report
    assert "- `y` against `x`: stopped, a budget of 0.001 s is not enough" in report


def test_checkers_without_openspiel_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where pyspiel cannot be imported, the OpenSpiel part says so instead of failing."""
    import types

    from benchmarks import checkers

    monkeypatch.setattr(checkers, "load_pyspiel", lambda: None)
    run = checkers.run_openspiel(types.SimpleNamespace(), 4, 0.01, 1)
    report = checkers.markdown(checkers.Results(0.01, openspiel=run), "note")
    assert "OpenSpiel not installed" in report


def test_checkers_openspiel_agrees_at_depth_5() -> None:
    """OpenSpiel's perft, a multi-jump counted once, and its boards read as ours."""
    pyspiel = pytest.importorskip("pyspiel")

    from benchmarks import checkers

    nb = lectures.checkers()
    assert [c for _, c, _ in checkers.run_os_perft(pyspiel, 5)] == list(checkers.PUBLISHED[:5])
    comparison = checkers.compare_moves(nb, pyspiel, games=2)
    assert comparison.positions > 0 and comparison.differing == 0


def test_chess_main_writes_the_report(tmp_path: Path) -> None:
    """The chess benchmark cut down to 3 positions at 10 ms, ours and the ablation only: every
    section is there, every position counted once per run (no times asserted)."""
    from benchmarks import chess as bench

    out = tmp_path / "chess.md"
    argv = ["--positions", "3", "--budgets", "0.01", "--parts", "ours,ablation"]
    assert bench.main([*argv, "--ablation-positions", "2", "--out", str(out)]) == 0
    report = out.read_text(encoding="utf-8")
    assert report.startswith("# Chess: Win at Chess against sunfish and Stockfish")
    for section in ("Targets", "Solved, side by side", "Judged by Stockfish", "Ablation"):
        assert f"## {section}" in report
    assert "| ours | 0.01 s | " in report and " / 3 | " in report
    assert "the targets are about ours at 0.5 s and 2 s" in report
    for technique in ("nothing", "table", "previous", "captures_first", "quiescence"):
        assert f"| {technique} | " in report
    assert report.count(" / 2 | ") == 10  # all on, then each of the nine techniques off
    assert "sunfish 2" not in report and ": skipped" not in report  # not asked for


def test_chess_without_sunfish_or_stockfish_says_skipped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where sunfish and Stockfish cannot be found, their parts say so and how to install them."""
    from benchmarks import chess as bench

    monkeypatch.setattr(bench, "find_sunfish", lambda install=True: (None, "not installed"))
    monkeypatch.setattr(bench, "find_stockfish", lambda: None)
    out = tmp_path / "chess.md"
    argv = ["--positions", "1", "--budgets", "0.01", "--parts", "sunfish,stockfish,judge"]
    assert bench.main([*argv, "--out", str(out)]) == 0
    report = out.read_text(encoding="utf-8")
    assert f"- sunfish: skipped: not installed; to install it: `{bench.SUNFISH_INSTALL}`." in report
    assert (
        f"- stockfish: skipped: `stockfish` not found; to install it: {bench.STOCKFISH_INSTALL}"
        in report
    )
    assert "## Judged by Stockfish\n\nSkipped: `stockfish` not found" in report
    assert "| engine | budget |" not in report  # no row measured


def test_chess_ladder_plays_each_rung_against_the_one_before(tmp_path: Path) -> None:
    """The ladder cut down to one opening at depth 1: a row per rung, two games each."""
    from benchmarks import chess as bench

    out = tmp_path / "chess.md"
    argv = ["--parts", "ladder", "--ladder-openings", "1", "--ladder-depth", "1"]
    assert bench.main([*argv, "--out", str(out)]) == 0
    report = out.read_text(encoding="utf-8")
    assert "## The ladder of estimates" in report
    assert "both sides the notebook's `Engine` at depth 1" in report
    rows = [line for line in report.splitlines() if line.startswith("| + ")]
    assert [row.split(" | ")[0:3] for row in rows] == [
        ["| + placement", "material", "2"],
        ["| + bishop pair and king safety (the estimate)", "+ placement", "2"],
    ]


# ------------------------------------------------------------- the notebooks, through lectures

LOADERS = {"load_notebook", "load_into"}
"""What loads a notebook into a module (``gamesolver.notebook``)."""


def notebook_reads(source: str | dict[str, str], loads: bool = True) -> list[str]:
    """Where ``source`` (a module's, or several modules' by file name, read together) loads a
    notebook (if ``loads``) or reads an attribute of a loaded one (``file:line: text``), as
    ``ast`` sees it: a notebook is what a loader returns, a name bound to one, what a call with
    a ``lambda`` that returns one returns, what a function of the modules returns that returns
    one, and a parameter of a function that they call with one; its attributes are read with
    ``.``, with ``getattr``, ``hasattr`` or ``setattr``, or with ``vars``."""
    sources = {"": source} if isinstance(source, str) else source
    trees = {name: ast.parse(text) for name, text in sources.items()}
    tree = ast.Module([node for part in trees.values() for node in part.body], [])
    found: list[str] = []
    functions = {f.name: f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)}
    tainted: set[str] = set()  # names (variables, parameters, loader functions) of notebooks

    def is_notebook(node: ast.expr | None) -> bool:
        if isinstance(node, ast.Call):
            callee = node.func
            runs = [a.body for a in node.args if isinstance(a, ast.Lambda)]
            return (
                getattr(callee, "attr", None) in LOADERS
                or getattr(callee, "id", None) in LOADERS | tainted
                or any(is_notebook(body) for body in runs)
            )
        return isinstance(node, ast.Name) and node.id in tainted

    for _ in range(5):  # to a fixed point: a loader's result passed on, returned, bound
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign | ast.AnnAssign) and is_notebook(node.value):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                tainted.update(t.id for t in targets if isinstance(t, ast.Name))
            elif isinstance(node, ast.FunctionDef):
                returns = [r.value for r in ast.walk(node) if isinstance(r, ast.Return)]
                if any(is_notebook(value) for value in returns):
                    tainted.add(node.name)
            elif isinstance(node, ast.Call) and getattr(node.func, "id", None) in functions:
                parameters = functions[getattr(node.func, "id", "")].args.args
                for argument, parameter in zip(node.args, parameters, strict=False):
                    if is_notebook(argument):
                        tainted.add(parameter.arg)
    for file, part in trees.items():
        for node in ast.walk(part):
            line = getattr(node, "lineno", "?")
            where = f"{file}:{line}" if file else line
            if loads and isinstance(node, ast.alias | ast.Name | ast.Attribute):
                name = getattr(node, "name", None) or getattr(node, "id", None) or node.attr  # type: ignore[union-attr]
                if name in LOADERS:
                    found.append(f"{where}: loads a notebook ({name})")
            if isinstance(node, ast.Attribute) and is_notebook(node.value):
                found.append(f"{where}: {ast.unparse(node)}")
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", None) in {"getattr", "hasattr", "setattr", "vars"}
                and node.args
                and is_notebook(node.args[0])
            ):
                found.append(f"{where}: {ast.unparse(node)}")
    return found


def test_only_lectures_reaches_the_notebooks() -> None:
    """Every benchmark reaches a lecture's definitions through ``benchmarks/lectures.py``, typed
    and checked there (issue 34): no other module loads a notebook or reads an attribute of a
    loaded one, which mypy would see as ``Any``."""
    reads = {
        path.name: notebook_reads(path.read_text())
        for path in sorted((ROOT / "benchmarks").glob("*.py"))
        if path.name != "lectures.py"
    }
    assert {name: found for name, found in reads.items() if found} == {}


def test_notebook_reads_sees_each_way_of_reading_a_notebook() -> None:
    """The check above finds a loader imported and called, a notebook's attribute read through
    a variable, a loader function of the module, a parameter, ``getattr``; and nothing else."""
    source = """
from gamesolver.notebook import load_notebook
import functools

@functools.cache
def notebook():
    return load_notebook("X.ipynb")

def use(nb, other):
    return nb.alpha_beta, other.alpha_beta

def main():
    solver = notebook()
    use(solver, functools)
    return getattr(notebook(), "game"), solver.best_move, functools.partial
"""
    found = [line.split(": ", 1)[1] for line in notebook_reads(source)]
    assert sorted(found) == sorted(
        [
            "loads a notebook (load_notebook)",
            "loads a notebook (load_notebook)",
            "nb.alpha_beta",
            "getattr(notebook(), 'game')",
            "solver.best_move",
        ]
    )
    assert notebook_reads("import types\ndef f(m: types.ModuleType):\n    return m.x\n") == []


def test_a_lecture_without_a_definition_says_which(tmp_path: Path) -> None:
    """A notebook that lacks a definition the benchmarks use, or defines it as something else,
    is an error naming the notebook and the name, before any benchmark runs."""
    from gamesolver.notebook import NotebookError, load_notebook

    cells = [
        {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [], "source": s}
        for s in ["def test_set(name):\n    return []\n", "small_board = 3\n"]
    ]
    path = tmp_path / "Solver-Copy.ipynb"
    notebook = {"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    path.write_text(json.dumps(notebook))
    module = load_notebook(path)
    with pytest.raises(NotebookError, match=r"Solver-Copy\.ipynb defines no game, which"):
        lectures.read(module, "game", lectures.a_game())
    with pytest.raises(NotebookError, match=r"Solver-Copy\.ipynb: small_board is int, not a func"):
        lectures.read(module, "small_board", lectures.function())
    assert lectures.read(module, "test_set", lectures.function())("x") == []
    with pytest.raises(NotebookError, match="defines no game"):
        lectures.connect_four_solver(path)


def test_a_reports_note_says_how_it_was_run() -> None:
    """Every benchmark's note starts alike: the command as typed, how long, under what load,
    with which versions; a run cut short says so."""
    from importlib.metadata import version

    started = harness.Started.now("benchmarks.x", ["--games", "1"])
    note = started.note(harness.package_versions("gamesolver", "no-such-package-34"))
    assert "UTC with `python -m benchmarks.x --games 1` (0 s in all) on " in note
    assert note.endswith(f"gamesolver {version('gamesolver')}, no-such-package-34 not installed")
    assert "after the run" in note
    cut = started.note("v", finished=False)
    assert "(0 s so far: the run is still going or was cut short)" in cut
    assert " now; Python " in cut


def test_every_lecture_defines_what_the_benchmarks_read() -> None:
    """Each lecture the benchmarks run defines every name they read, of its kind: a lecturer
    who renames one learns it here, not in the middle of a benchmark."""
    checkers = lectures.checkers()
    assert checkers.legal_moves(checkers.Start)
    assert checkers.State(1, 2, 0, "red").turn == "red"
    engine = lectures.chess_engine()
    assert len(engine.WinAtChess) == 300 and engine.Techniques
    assert callable(lectures.chess_computer())
    cf = lectures.connect_four()
    assert cf.finished(cf.empty_board()) is False
    assert cf.search("depth_limited") is cf.depth_limited
    solver = lectures.connect_four_solver()
    assert solver.parse("4")[1] == "O"
    assert solver.test_set("Test_L3_R1")
    nd = lectures.tic_tac_toe_nd()
    assert nd.opponent("greedy") is nd.greedy
    names = ["minimax", "alpha_beta_memo"]
    nim = lectures.solving(lectures.NOTEBOOKS / "Nim.ipynb", names, "nim", (1, 2))
    assert nim.game.Start == ((1, 2), "A")
    # Nim's lecture runs the Solver only: alpha_beta_memo is Search in Depth's
    assert nim.algorithms["minimax"].__module__.endswith(".Nim")
    assert nim.algorithms["alpha_beta_memo"].__module__.endswith(".Search_in_Depth")
