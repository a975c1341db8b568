"""The command line's grading mode: ``python -m gamesolver move NOTEBOOK --positions FILE``.

Seed 004's assignment grades a program on the best next move in 100 positions of 4 × 4
tic-tac-toe under a time budget per position; these tests run it on files of a few positions
of notebooks/Tic-Tac-Toe-4x4.ipynb (16 cells of ``x``, ``o``, ``.`` row by row, ``x`` first).
"""

from __future__ import annotations

import io
import json
import re
import types
from pathlib import Path

import pytest
from conftest import NOTEBOOKS, notebook

from gamesolver import Stats
from gamesolver.tools.assignment import Grade, summary, summary_lines
from gamesolver.tools.cli import main

TTT4 = NOTEBOOKS / "Tic-Tac-Toe-4x4.ipynb"

OPENING = "xo..oxx.....o..."
WIN_IN_ONE = "xxx.oo.o........"
"""x completes the top row with (0, 3); nothing else wins at once."""
EMPTY = "................"
X_HAS_WON = "xxxxooo........."

FILE = f"""# three positions of 4x4 tic-tac-toe, x to move in each
{OPENING}

  {WIN_IN_ONE}
{EMPTY}
"""
"""Three positions on lines 2, 4 (indented) and 5, after a comment and a blank line."""


@pytest.fixture(scope="module")
def ttt4() -> types.ModuleType:
    """The notebook's definitions: its game, to check the moves the command line reports."""
    return notebook("Tic-Tac-Toe-4x4.ipynb")


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``main(argv)`` in-process: the exit status, stdout and stderr."""
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def positions(tmp_path: Path, text: str) -> str:
    """A file of positions with ``text`` in ``tmp_path``, as a command-line argument."""
    path = tmp_path / "positions.txt"
    path.write_text(text)
    return str(path)


def assert_one_line_error(status: int, out: str, err: str, *fragments: str) -> None:
    """Exit status 2, nothing on stdout, one ``gamesolver: error:`` line with ``fragments``."""
    assert status == 2, err
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("gamesolver: error: "), err
    for fragment in fragments:
        assert fragment in err, err


def assert_one_move(ttt4: types.ModuleType, position: str, after: str) -> None:
    """``after`` is ``position`` with one move of the player to move in it."""
    game = ttt4.game
    state, player = game.parse(position)
    next_state, next_player = game.parse(after)
    assert next_state in game.next_states(state, player)
    assert next_player == game.other(player)


def test_json_has_a_legal_move_for_each_position(
    ttt4: types.ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["move", str(TTT4), "--positions", positions(tmp_path, FILE), "--depth", "2", "--json"]
    status, out, err = run(argv, capsys)
    assert status == 0 and err == ""
    result = json.loads(out)
    assert (result["game"], result["algorithm"]) == ("4x4 tic-tac-toe", "iterative_deepening")
    assert result["options"] == {"depth": 2, "budget": 1} and result["budget"] == 1
    moves = result["moves"]
    assert [move["position"] for move in moves] == [OPENING, WIN_IN_ONE, EMPTY]
    for move in moves:
        assert_one_move(ttt4, move["position"], move["after"])
        assert move["player"] == 0
        assert move["depth"] == 2 or move["exact"]
        assert move["seconds"] > 0 and move["cpu_seconds"] > 0 and move["calls"] > 0
    assert [move["exact"] for move in moves] == [False, True, False]
    summary = result["summary"]
    assert summary["positions"] == 3 and summary["exact"] == 1
    assert summary["seconds"] == pytest.approx(sum(move["seconds"] for move in moves))
    assert summary["cpu_seconds"] == pytest.approx(sum(move["cpu_seconds"] for move in moves))
    assert (summary["budget_total"], summary["within_budget"]) == (3, True)
    assert (summary["median_depth"], summary["min_depth"], summary["max_depth"]) == (2, 1, 2)


def test_text_is_a_table_and_a_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = positions(tmp_path, FILE)
    status, out, err = run(["move", str(TTT4), "--positions", file, "--depth", "2"], capsys)
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == (
        f"4x4 tic-tac-toe, iterative_deepening (depth 2, budget 1): 3 positions of {file}"
    )
    assert lines[1] == ""
    assert lines[2].split() == [
        *("#", "position", "to", "move", "move", "value", "exact", "depth", "ms"),
        *("legal", "win", "block"),
    ]
    row = re.compile(
        r"(?P<number>\d) +(?P<position>[xo.]{16}) +0 +(?P<move>\(\d, \d\)) +(?P<value>[-\d.]+)"
        r" +(?P<exact>exact|estimate) +(?P<depth>\d+) +\d+\.\d +yes *(?P<won>yes|NO)? *"
    )
    rows = [row.fullmatch(line) for line in lines[4:7]]
    assert all(rows), lines[4:7]
    assert [(r["number"], r["position"]) for r in rows if r] == [
        ("1", OPENING),
        ("2", WIN_IN_ONE),
        ("3", EMPTY),
    ]
    assert [(r["move"], r["value"]) for r in rows if r][1] == ("(0, 3)", "1")
    assert [(r["exact"], r["depth"]) for r in rows if r] == [
        ("estimate", "2"),
        ("exact", "1"),
        ("estimate", "2"),
    ]
    assert lines[7] == ""
    times = r"positions: 3   wall time: \d+\.\d{3} s   CPU time: \d+\.\d{3} s"
    assert re.fullmatch(times, lines[8]), lines[8]
    assert lines[9] == "budget: 3 × 1 s = 3 s: within the budget"
    assert lines[10] == "depth: median 2, smallest 1, largest 2   exact moves: 1 of 3"
    assert [r["won"] for r in rows if r] == [None, "yes", None]
    assert lines[11] == ("checks: legal 3/3, wins played 1/1, threats blocked 0/0, value kept 0/0")
    assert len(lines) == 12


def test_a_win_in_one_is_played(
    ttt4: types.ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = positions(tmp_path, WIN_IN_ONE + "\n")
    status, out, _ = run(
        ["move", str(TTT4), "--positions", file, "--budget", "0.5", "--json"], capsys
    )
    assert status == 0
    (move,) = json.loads(out)["moves"]
    assert (move["move"], move["value"], move["exact"]) == ("(0, 3)", 1, True)
    assert move["after"] == "xxxxoo.o........"
    state, _ = ttt4.game.parse(move["after"])
    assert ttt4.game.finished(state) and ttt4.game.utility(state, 0) == 1


def test_each_position_is_decided_as_if_it_were_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same move and value in a position, first in a file or after others, as with
    --position: each decision has its own seed and counters."""
    argv = ["move", str(TTT4), "--depth", "3", "--seed", "7", "--json"]
    status, out, _ = run([*argv, "--positions", positions(tmp_path, FILE)], capsys)
    last = json.loads(out)["moves"][-1]
    status_alone, out_alone, _ = run([*argv, "--position", EMPTY], capsys)
    alone = json.loads(out_alone)
    assert status == status_alone == 0
    assert (last["move"], last["value"], last["calls"], last["after"]) == (
        alone["move"],
        alone["value"],
        alone["calls"],
        alone["position"],
    )


def test_stdin(
    ttt4: types.ModuleType, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(f"{OPENING}\n{WIN_IN_ONE}\n"))
    status, out, err = run(
        ["move", str(TTT4), "--positions", "-", "--depth", "1", "--json"], capsys
    )
    assert status == 0 and err == ""
    moves = json.loads(out)["moves"]
    assert [move["position"] for move in moves] == [OPENING, WIN_IN_ONE]
    for move in moves:
        assert_one_move(ttt4, move["position"], move["after"])


def test_a_bad_line_is_named_and_nothing_is_searched(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """With --max-calls 1 a search of line 2 would stop with status 1: the bad line 4 is found
    first, before any search."""
    file = positions(tmp_path, f"# grading\n{OPENING}\n\nxo..ox\n{EMPTY}\n")
    argv = ["move", str(TTT4), "--positions", file, "--max-calls", "1"]
    status, out, err = run(argv, capsys)
    assert_one_line_error(status, out, err, f"{file}, line 4: 'xo..ox'", "16 cells, not 6")


def test_a_finished_position_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = positions(tmp_path, f"{OPENING}\n{X_HAS_WON}\n")
    status, out, err = run(["move", str(TTT4), "--positions", file, "--max-calls", "1"], capsys)
    assert_one_line_error(
        status, out, err, f"{file}, line 2: '{X_HAS_WON}'", "the game is over in that position"
    )


@pytest.mark.parametrize("text", ["", "\n# only a comment\n   \n"])
def test_a_file_without_positions_is_refused(
    text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = positions(tmp_path, text)
    status, out, err = run(["move", str(TTT4), "--positions", file], capsys)
    assert_one_line_error(status, out, err, f"{file} has no positions")


@pytest.mark.parametrize(
    ("argv", "fragments"),
    [
        (["--position", OPENING], ["argument --position: not allowed with argument --positions"]),
        (["--state", "0"], ["argument --state: not allowed with argument --positions"]),
        (["--player", "1"], ["--player cannot be given with --positions"]),
    ],
)
def test_positions_with_another_position_is_refused(
    argv: list[str], fragments: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = positions(tmp_path, FILE)
    status, out, err = run(["move", str(TTT4), "--positions", file, *argv], capsys)
    assert_one_line_error(status, out, err, *fragments)


def test_a_missing_file_and_a_game_without_parse(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = str(tmp_path / "missing.txt")
    status, out, err = run(["move", str(TTT4), "--positions", missing], capsys)
    assert_one_line_error(status, out, err, f"no such file of positions: {missing}")
    nim = str(NOTEBOOKS / "Nim.ipynb")
    status, out, err = run(["move", nim, "--positions", positions(tmp_path, "1 2\n")], capsys)
    assert_one_line_error(status, out, err, "--positions needs the game's parse(text)")


def test_help_tells_how_to_grade_a_notebook(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["move", "--help"], capsys)
    assert status == 0
    assert "--positions FILE" in out
    assert "python -m gamesolver move MyGame.ipynb --positions positions.txt --budget 0.01" in out


def grade(depth: int | None, exact: bool, won: bool | None, saved: bool | None) -> Grade:
    """A made-up grade of a legal move that took 0.02 s (0.01 s of CPU)."""
    stats = None if depth is None else Stats(depth=depth, exact=exact)
    return Grade("p", 0, "m", 0.02, 0.01, True, 0, stats, None, won, saved)


def test_the_summary_says_how_far_over_the_budget() -> None:
    grades = [
        grade(depth, depth == 5, None, depth > 3 if depth < 6 else None) for depth in (3, 4, 5, 6)
    ]
    totals = summary(grades, 0.01)
    assert totals["budget_total"] == pytest.approx(0.04) and totals["within_budget"] is False
    assert (totals["median_depth"], totals["min_depth"], totals["max_depth"]) == (4.5, 3, 6)
    assert summary_lines(grades, 0.01, "iterative_deepening") == [
        "positions: 4   wall time: 0.080 s   CPU time: 0.040 s",
        "budget: 4 × 0.01 s = 0.04 s: over the budget by 0.040 s",
        "depth: median 4.5, smallest 3, largest 6   exact moves: 1 of 4",
        "checks: legal 4/4, wins played 0/0, threats blocked 2/3, value kept 0/0",
    ]


def test_the_summary_of_a_search_without_budget_or_depth() -> None:
    grades = [grade(None, True, True, None)]
    totals = summary(grades, None)
    assert totals["budget_total"] is None and totals["within_budget"] is None
    assert totals["median_depth"] is None
    assert summary_lines(grades, None, "alpha_beta takes no --budget")[1:] == [
        "budget: none (alpha_beta takes no --budget)",
        "depth: none reported   exact moves: 0 of 1",
        "checks: legal 1/1, wins played 1/1, threats blocked 0/0, value kept 0/0",
    ]
