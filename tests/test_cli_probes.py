"""What hostile probing of the command line found (issue 23), each defect pinned by a test.

A student who types a careless or a hostile argument gets one line and an exit status, never a
traceback, a wrong answer, a hang or a machine out of memory: booleans in ``--set``, bounds on
``--set`` values, impossible positions, counts past the end of every game, endless or huge
files of positions, Ctrl-C, exceptions whose text cannot be read, values too big to print, a
search that recurses deeper than Python allows, and a search that takes no time budget.
"""

from __future__ import annotations

import ast
import json
import resource
import subprocess
import sys
import textwrap
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_notebook

from gamesolver.tools.cli import UsageError, count, load_game, main, position
from gamesolver.tools.cli import move as move_command

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
TTT4 = NOTEBOOKS / "Tic-Tac-Toe-4x4.ipynb"


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``main(argv)`` in-process: the exit status, stdout and stderr."""
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def run_process(
    *args: str, stdin: str = "", memory_mb: int = 1500, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """``python -m gamesolver ARGS`` in a subprocess with at most ``memory_mb`` of address space
    beyond the interpreter's (so that a regression cannot eat the machine)."""

    def limit() -> None:
        size = memory_mb * 2**20 + 1500 * 2**20  # room for the interpreter and the notebooks
        resource.setrlimit(resource.RLIMIT_AS, (size, size))

    return subprocess.run(
        [sys.executable, "-m", "gamesolver", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=timeout,
        preexec_fn=limit,
    )


def assert_one_line_error(status: int, out: str, err: str, *fragments: str) -> None:
    """Exit status 2, nothing on stdout, one ``gamesolver: error:`` line with ``fragments``."""
    assert status == 2, err
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("gamesolver: error: "), err
    for fragment in fragments:
        assert fragment in err, err


def write_notebook(path: Path, *sources: str) -> Path:
    nbformat.write(new_notebook(cells=[new_code_cell(textwrap.dedent(s)) for s in sources]), path)
    return path


# ----------------------------------------------------------------------------- --set (items 2, 8)


@pytest.mark.parametrize("word", ["false", "False", "no", "0", "off"])
def test_set_false_in_words_is_false(word: str) -> None:
    """`--set threats=false` turned the threat rules on: a non-empty string is true."""
    _, game, _ = load_game(str(TTT4), [f"threats={word}"])
    assert game.name == "4x4 tic-tac-toe"
    _, game, _ = load_game(str(TTT4), ["threats=true"])
    assert game.name == "4x4 tic-tac-toe with threat rules"


def test_set_a_boolean_that_is_not_one(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["count", str(TTT4), "--depth", "1", "--set", "threats=maybe"], capsys)
    assert_one_line_error(status, out, err, "--set threats=maybe", "true or false")


@pytest.mark.parametrize("setting", ["width=0x5", "width=0o5", "width=0b101", "width=5_0"])
def test_set_a_number_is_written_in_decimal_digits(setting: str) -> None:
    """`--set width=0x5` was taken as 5: a number is read as it is written on the command line,
    in decimal digits, not as a Python literal."""
    with pytest.raises(UsageError, match=f"--set {setting}: write the number in decimal digits"):
        load_game(str(NOTEBOOKS / "Connect-Four.ipynb"), [setting])
    _, game, _ = load_game(str(NOTEBOOKS / "Connect-Four.ipynb"), ["width=+5", "height=4"])
    assert game.name == "Connect Four 5x4"


@pytest.mark.parametrize("notebook", ["Connect-Four.ipynb", "Connect-Four-Solver.ipynb"])
@pytest.mark.parametrize(
    ("setting", "says"),
    [("height=100000", "the height is at most 9"), ("width=0", "whole number")],
)
def test_set_values_beyond_the_games_bounds_are_refused_at_once(
    notebook: str, setting: str, says: str
) -> None:
    """`--set height=100000` built the game, and the first `finished` every line: 20 s, 1.36 GB."""
    with pytest.raises(UsageError, match=says):
        load_game(str(NOTEBOOKS / notebook), [setting])


# ----------------------------------------------------------------------------- positions (3-5)

CHECKERS = NOTEBOOKS / "Checkers-Search.ipynb"  # (its Offer: solve needs no --algorithm)


@pytest.mark.parametrize(
    ("position", "says"),
    [
        ("B:W9-5:B1", "9-5 runs backwards: write 5-9"),
        ("B:W25,26:B1-13", "red has 13 pieces: a side has at most 12"),
        ("B:W25:B1-24", "red has 24 pieces: a side has at most 12"),
        ("B:W21-32,K1:B5-8", "white has 13 pieces: a side has at most 12"),
    ],
)
def test_an_impossible_checkers_position_is_refused(
    position: str, says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A reversed range dropped the white pieces without a word; 13 or 24 red men were played."""
    argv = ["solve", str(CHECKERS), "--position", position, "--depth", "1"]
    status, out, err = run(argv, capsys)
    assert_one_line_error(status, out, err, f"--position {position!r}", says)


@pytest.mark.parametrize(
    ("state", "player"),
    [
        ("(0, 127)", "1"),  # seven stones in a column six high: one on the sentinel row
        ("(0, 2)", "1"),  # a stone in the air, above an empty square
        ("(0, 2)", "0"),  # the same, with the wrong player to move
    ],
)
def test_an_impossible_connect_four_state_is_refused(
    state: str, player: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """(0, 127) was "a loss for O"; (0, 2) was searched for minutes."""
    argv = ["solve", str(NOTEBOOKS / "Connect-Four-Solver.ipynb"), "--state", state]
    status, out, err = run([*argv, "--player", player], capsys)
    assert_one_line_error(status, out, err, f"--state {state} is not a position of Connect Four")


@pytest.mark.parametrize(
    ("board", "says"),
    [
        ("(('X','X','X'), ('O','O','O'), (' ',' ',' '))", "both X and O have three in a row"),
        (
            "(('X','X',' '), ('X',' ',' '), (' ',' ',' '))",
            "X moves first: X has as many marks as O or one more, not 3 and 0",
        ),
        ("(('X','X','X'), ('O','O',' '), ('O',' ',' '))", "X has three in a row, but O moved"),
    ],
)
def test_a_tic_tac_toe_board_no_game_reaches_is_refused_by_its_rules(
    board: str, says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Both sides with three in a row was refused with a message that blamed `canonical`."""
    tic_tac_toe = str(NOTEBOOKS / "Tic-Tac-Toe.ipynb")
    argv = ["solve", tic_tac_toe, "--algorithm", "alpha_beta", "--state", board]
    status, out, err = run(argv, capsys)
    assert_one_line_error(status, out, err, "is not a position of tic-tac-toe", says)
    assert "canonical" not in err
    text = " ".join("".join("." if m == " " else m for m in row) for row in ast.literal_eval(board))
    argv = ["solve", tic_tac_toe, "--algorithm", "alpha_beta", "--position", text]
    status, out, err = run(argv, capsys)
    assert_one_line_error(status, out, err, f"--position {text!r}", says)


# ----------------------------------------------------------------------------- no walk (item 10)


def test_a_position_in_the_games_notation_is_not_walked_to_from_the_start(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Checkers and chess spent 5-11 s walking from the start (a walk that cannot finish) and
    checking the game from the position, before a search of 0.000 s: a position the game's own
    notation reads is one of its positions by its rules."""

    def walked(*args: object) -> None:
        raise AssertionError("walked from the start")

    monkeypatch.setattr(position, "is_reachable", walked)
    monkeypatch.setattr("gamesolver.feedback.check.check_game", walked)
    argv = ["solve", str(CHECKERS), "--position", "W:W18:B14", "--depth", "3", "--json"]
    status, out, err = run(argv, capsys)
    assert status == 0 and err == "" and json.loads(out)["value"] == 1


def test_a_one_move_win_within_a_second(capsys: pytest.CaptureFixture[str]) -> None:
    """`--max-seconds 1` on a mate in one said "not solved within 1 s: 1 value calls": the checks
    of the position had spent the second."""
    mate = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"
    argv = ["solve", str(NOTEBOOKS / "Chess-Engine.ipynb"), "--position", mate, "--depth", "2"]
    status, out, err = run([*argv, "--max-seconds", "1"], capsys)
    assert status == 0 and err == "", err
    assert "a win by mate for white, exact: with best play white wins" in out and "Ra8#" in out


def test_a_state_is_still_walked_to_where_the_game_has_no_notation(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Nim has no notation: a state that no game from the start reaches gets a note."""
    argv = ["solve", str(NOTEBOOKS / "Nim.ipynb"), "--algorithm", "alpha_beta"]
    status, out, err = run([*argv, "--state", "((2, 2), 'A')"], capsys)
    assert status == 0 and out.startswith("Nim, alpha_beta: the value -1 for A")
    assert err.startswith("gamesolver: note: --state with A to move cannot be reached")


# ----------------------------------------------------------------------------- budgets (item 6)


def test_move_with_a_search_that_takes_no_budget_is_bounded() -> None:
    """Connect-Four-Solver's default search, `solve`, takes no budget: `move` from the start was
    still running after 60 s (292 MB). The default budget bounds it as a time limit."""
    done = run_process("move", "notebooks/Connect-Four-Solver.ipynb", timeout=90)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.startswith("gamesolver: no move within 1 s: solve takes no --budget")
    assert done.stderr.count("\n") == 1 and "--max-seconds" in done.stderr


def test_play_with_a_search_that_takes_no_budget_is_bounded() -> None:
    done = run_process("play", "notebooks/Connect-Four-Solver.ipynb", stdin="4\n", timeout=90)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith("gamesolver: no move within 1 s: solve takes no --budget")


def test_a_position_solved_within_the_default_budget_gets_its_move(
    capsys: pytest.CaptureFixture[str],
) -> None:
    solver = str(NOTEBOOKS / "Connect-Four-Solver.ipynb")
    status, out, err = run(["move", solver, "--position", "445566", "--json"], capsys)
    assert status == 0 and err == ""
    assert json.loads(out)["move"] in ("column 3", "column 7")


# ----------------------------------------------------------------------------- count (item 7)


def test_count_stops_at_the_ply_after_which_nothing_changes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`count --depth 1000000` on Nim printed a million empty plies (413 MB)."""
    argv = ["count", str(NOTEBOOKS / "Nim.ipynb"), "--depth", "1000000", "--json"]
    status, out, err = run(argv, capsys)
    counts = json.loads(out)["counts"]
    assert status == 0 and err == "" and counts[-1] == 0 and 0 not in counts[:-1]
    assert len(counts) < 20
    status, out, err = run(argv[:-1], capsys)
    assert status == 0 and f"every game has ended after ply {len(counts) - 2}" in out
    assert len(out.splitlines()) < 30


# ----------------------------------------------------------------------------- files (9, 17, 18)


def test_positions_from_an_endless_file_is_a_clear_error() -> None:
    """`--positions /dev/zero` grew to the memory limit and ended in a MemoryError traceback."""
    done = run_process("move", str(TTT4), "--positions", "/dev/zero", memory_mb=500)
    assert done.returncode == 2 and done.stdout == "", done.stderr[-300:]
    assert done.stderr == (
        "gamesolver: error: /dev/zero, line 1 is longer than 1,000 characters: "
        "a file of positions has one position a line\n"
    )


def test_positions_from_endless_blank_lines_is_a_clear_error(tmp_path: Path) -> None:
    done = run_process("move", str(TTT4), "--positions", "-", stdin="\n" * 200_001)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (
        "gamesolver: error: stdin has more than 100,000 lines: "
        "a file of positions is read whole before the first search\n"
    )


def test_positions_with_a_byte_order_mark(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file saved by Notepad starts with a byte-order mark: it was refused at line 1."""
    path = tmp_path / "positions.txt"
    path.write_bytes("\ufeffxo..oxx.....o...\n".encode())
    status, out, err = run(["move", str(TTT4), "--positions", str(path), "--depth", "1"], capsys)
    assert status == 0 and err == ""
    assert out.splitlines()[0].endswith(f": 1 position of {path}")  # not "1 positions"


def test_ctrl_c_during_positions_shows_the_moves_so_far(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ctrl-C during `--positions` printed nothing of what was done."""
    path = tmp_path / "positions.txt"
    path.write_text("xo..oxx.....o...\n" * 5)
    decide = move_command.decide
    decisions = []

    def interrupted(*args: object, **kwargs: object) -> move_command.Decision:
        if len(decisions) == 2:
            raise KeyboardInterrupt
        decisions.append(1)
        return decide(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(move_command, "decide", interrupted)
    status, out, err = run(["move", str(TTT4), "--positions", str(path), "--depth", "1"], capsys)
    assert status == 130 and "Traceback" not in err
    assert err == "\ngamesolver: interrupted after 2 of 5 positions\n"
    rows = [line for line in out.splitlines() if line.split()[:1] in (["1"], ["2"], ["3"])]
    assert [row.split()[0] for row in rows] == ["1", "2"]


@pytest.mark.parametrize("option", ["--state", "--position"])
def test_a_huge_argument_is_shortened_in_the_error(
    option: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Error lines echoed a whole 10 MB input."""
    huge = "x" * 10**6
    argv = ["solve", str(TTT4), option, huge, "--algorithm", "iterative_deepening", "--depth", "1"]
    status, out, err = run(argv, capsys)
    assert_one_line_error(status, out, err, f"{option} 'xxxx", "(1,000,000 characters)")
    assert len(err) < 500


def test_a_huge_setting_is_shortened_in_the_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["count", str(TTT4), "--depth", "1", "--set", "n=" + "9" * 5000], capsys)
    assert_one_line_error(status, out, err, "--set n=9999", "(5,002 characters)")
    assert len(err) < 500


# ----------------------------------------------------------------------------- code errors (12-15)

BAD_STR = """
class Odd(Exception):
    def __str__(self):
        raise RuntimeError("no text for you")


raise Odd()
"""

NIM_GAME = """
from gamesolver import Game

Players = ("A", "B")
Start = ((1, 2), "A")


def next_states(state, player):
    piles, _ = state
    opponent = "B" if player == "A" else "A"
    return [
        (piles[:i] + (piles[i] - take,) + piles[i + 1 :], opponent)
        for i in range(len(piles))
        for take in range(1, piles[i] + 1)
    ]


def finished(state):
    return sum(state[0]) == 0


def utility(state, player):
    return -(10**5000) if state[1] == player else 10**5000


game = Game("huge nim", Players, Start, next_states, finished, utility)
"""
"""Nim whose utilities are 10**5000: a number Python will not write in decimal by default."""


def test_an_exception_whose_text_raises_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`_code_error` called str() on it: a 36-line traceback."""
    odd = write_notebook(tmp_path / "Odd.ipynb", BAD_STR)
    status, out, err = run(["check", str(odd)], capsys)
    assert status == 1 and out == "" and "Traceback" not in err
    assert err.splitlines() == [
        f"gamesolver: error: loading {odd} failed: Odd (its message could not be written: "
        "str() raised RuntimeError)",
        "  at Odd.ipynb, cell 1, line 7: raise Odd()",
    ]


@pytest.mark.parametrize("json_flag", [[], ["--json"]])
def test_huge_values_are_written(
    json_flag: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A value of 10**5000 crashed the output (Python writes at most 4,300 digits)."""
    (tmp_path / "Solver.ipynb").write_bytes((NOTEBOOKS / "Solver.ipynb").read_bytes())
    huge = write_notebook(tmp_path / "Huge.ipynb", NIM_GAME, "%run Solver.ipynb")
    status, out, err = run(["solve", str(huge), "--algorithm", "minimax", *json_flag], capsys)
    assert status == 0 and "Traceback" not in err, err
    said = json.loads(out)["value"] if json_flag else out.splitlines()[0]
    assert "a number of 5,001 digits" in said
    assert err == (
        "gamesolver: note: the value is outside the game's utility range -1 to 1: "
        "check the game's utility and utility_range\n"
    )


def test_play_with_huge_values(tmp_path: Path) -> None:
    (tmp_path / "Solver.ipynb").write_bytes((NOTEBOOKS / "Solver.ipynb").read_bytes())
    huge = write_notebook(tmp_path / "Huge.ipynb", NIM_GAME, "%run Solver.ipynb")
    done = run_process("play", str(huge), "--first", "computer", "--seed", "1", stdin="1\n")
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert "a number of 5,001 digits" in done.stdout


def test_a_search_too_deep_for_python_is_said_plainly(capsys: pytest.CaptureFixture[str]) -> None:
    """minimax on chess recursed past Python's limit, and the message blamed a cell of Chess."""
    chess = str(NOTEBOOKS / "Chess.ipynb")
    status, out, err = run(["solve", chess, "--algorithm", "minimax"], capsys)
    assert status == 1 and out == "" and "Traceback" not in err
    assert err.startswith(
        f"gamesolver: error: solving {chess} with minimax failed: the search went deeper than "
        "Python allows (RecursionError): value, in Solver.ipynb, cell "
    )
    assert err.count("\n") == 1 and "Chess.ipynb, cell" not in err and "--depth" in err


def test_a_state_with_a_number_too_long_to_read(capsys: pytest.CaptureFixture[str]) -> None:
    """Python reads at most 4,300 digits of a whole number: "not a Python literal" was wrong."""
    state = "((1" + "0" * 5000 + ",), 'A')"
    argv = ["solve", str(NOTEBOOKS / "Nim.ipynb"), "--algorithm", "minimax", "--state", state]
    status, out, err = run(argv, capsys)
    assert_one_line_error(
        status, out, err, "(5,011 characters) has a whole number of more than 4,300 digits"
    )


# ----------------------------------------------------------------------------- closed streams (13)


def run_shell(command: str) -> subprocess.CompletedProcess[str]:
    """``python -m gamesolver`` as a shell runs ``command`` after it (redirections and all)."""
    return subprocess.run(
        f"{sys.executable} -m gamesolver {command}",
        shell=True,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


@pytest.mark.parametrize(
    ("command", "says"),
    [
        ("algorithms >&-", "stdout is closed: there is nowhere to write the output"),
        ("play notebooks/Nim.ipynb <&-", "play reads your moves from stdin, which is closed"),
        (
            "move notebooks/Tic-Tac-Toe.ipynb --positions - <&-",
            "--positions -: stdin is closed, there are no positions to read",
        ),
    ],
)
def test_a_closed_stream_is_one_line(command: str, says: str) -> None:
    """`>&-` and `<&-` ended in tracebacks (sys.stdout or sys.stdin is None)."""
    done = run_shell(command)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == f"gamesolver: error: {says}\n"


def test_a_closed_stderr_does_not_send_errors_to_stdout() -> None:
    """With stderr closed, print(..., file=sys.stderr) printed the error on stdout."""
    done = run_shell("algorithms --bogus 2>&-")
    assert done.returncode == 2 and done.stdout == ""


# ------------------------------------------------------------------------ endless notebooks (13)


@pytest.mark.parametrize("target", ["/dev/zero", "big"])
def test_a_notebook_without_end_is_refused_unread(tmp_path: Path, target: str) -> None:
    """`solve` on a symlink to /dev/zero read until MemoryError (a traceback); a file larger
    than any notebook is refused by its size, before it is read."""
    for name in ["Solver.ipynb", "Search-in-Depth.ipynb"]:
        (tmp_path / name).write_bytes((NOTEBOOKS / name).read_bytes())
    zero = tmp_path / "Zero.ipynb"
    if target == "big":
        with open(zero, "wb") as big:
            big.truncate(200 * 2**20)  # (sparse: no disk used)
    else:
        zero.symlink_to(target)
    says = "not a notebook file" if target == "/dev/zero" else "200 MB, more than any notebook"
    for argv in (["solve", str(zero)], ["algorithms", "--solver", str(zero)]):
        done = run_process(*argv, memory_mb=300, timeout=60)
        assert done.returncode == 2 and done.stdout == "", done.stderr
        assert done.stderr.count("\n") == 1 and says in done.stderr, done.stderr
    slides = subprocess.run(
        [sys.executable, "-m", "gamesolver.tools.slides", str(zero)],
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (2**31, 2**31)),
    )
    assert slides.returncode == 2 and slides.stdout == ""
    assert slides.stderr.count("\n") == 1 and says in slides.stderr, slides.stderr


@pytest.mark.parametrize("json_output", [False, True])
def test_ctrl_c_during_count_shows_the_plies_counted(
    json_output: bool, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ctrl-C on `count` printed "interrupted" and none of the counts it had."""

    def interrupted(game: object, depth: int) -> object:
        yield from [(1, 1), (9, 9), (72, 72)]
        raise KeyboardInterrupt

    monkeypatch.setattr(count, "per_ply", interrupted)
    argv = ["count", str(TTT4), "--depth", "9", *(["--json"] if json_output else [])]
    status, out, err = run(argv, capsys)
    assert status == 130 and err == "\ngamesolver: interrupted after ply 2 of 9\n"
    if json_output:
        assert json.loads(out)["counts"] == [1, 9, 72]
    else:
        assert [line.split()[:2] for line in out.splitlines()[3:]] == [
            ["0", "1"], ["1", "9"], ["2", "72"], ["total", "82"]
        ]  # fmt: skip
        assert "every game has ended" not in out


SLOW = """
import time

from gamesolver import Offer, load_notebook

square = load_notebook({path!r})
game = square.game


def slow(game, state, player, stats):
    print("a search", flush=True)
    time.sleep(0.05)
    stats.calls += 1
    return 0


offer = Offer(game, searches=[slow])
"""


def test_positions_stop_when_the_reader_has_gone(tmp_path: Path) -> None:
    """`move --positions FILE | head -1` searched every position after head had gone: the table
    came at the end. The heading comes first now, and the moves stop when the pipe closes."""
    for name in ["Solver.ipynb", "Search-in-Depth.ipynb"]:
        (tmp_path / name).write_bytes((NOTEBOOKS / name).read_bytes())
    slow = write_notebook(tmp_path / "Slow.ipynb", SLOW.format(path=str(TTT4)))
    (tmp_path / "positions.txt").write_text("xo..oxx.....o...\n" * 20)  # 10 moves: 0.5 s each
    done = subprocess.run(
        f"{sys.executable} -m gamesolver move {slow} --positions positions.txt | head -1",
        shell=True,
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=300,
    )
    assert done.stdout == "4x4 tic-tac-toe, slow: 20 positions of positions.txt\n"
    assert "Traceback" not in done.stderr
    assert done.stderr.count("a search") <= 30  # two positions at most, not 200
