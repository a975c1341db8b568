"""The command line: ``python -m gamesolver solve | algorithms | check | play``.

Most tests call ``main(argv)`` in-process (it returns the exit status); a few run the real
``python -m gamesolver`` in a subprocess, to check what a student sees in the terminal. The small
game notebooks the tests need are written with nbformat into a temporary folder (in ``tests/``
they would be collected and executed by nbval, and some of them are broken on purpose).
"""

from __future__ import annotations

import ast
import io
import json
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from gamesolver import load_notebook, measure
from gamesolver.cli import main

ROOT = Path(__file__).resolve().parents[1]
SOLVER = ROOT / "notebooks" / "Solver.ipynb"
TIC_TAC_TOE = ROOT / "notebooks" / "Tic-Tac-Toe.ipynb"
ALGORITHMS = ["minimax", "minimax_memo", "max_min", "preclusion", "alpha_beta"]

needs_tic_tac_toe = pytest.mark.skipif(
    not TIC_TAC_TOE.exists(), reason="notebooks/Tic-Tac-Toe.ipynb is not written yet"
)

NIM = """
from gamesolver import Game

Players = ("A", "B")
Start = ((1, 2), "A")  # (piles, player to move): seed 002's game tree for piles (1, 2)


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
    return -1 if state[1] == player else 1  # who has to move when nothing is left has lost


def describe_move(state, next_state):
    for pile, (before, after) in enumerate(zip(state[0], next_state[0]), start=1):
        if before != after:
            return f"take {before - after} from pile {pile}"
    return "pass"


game = Game("nim", Players, Start, next_states, finished, utility, describe_move=describe_move)
"""

DEPTH_SOLVER = '''
def depth_limited(game, state, player, stats, depth):
    """Minimax to a fixed depth (a test double): the depth it was given, as the value."""
    stats.calls += 1
    return depth


Algorithms = [*Algorithms, depth_limited]
'''


def write_notebook(path: Path, *sources: str, demo: str = "") -> Path:
    """A notebook at ``path`` with a title, one code cell per source, and a ``demo`` cell."""
    cells = [new_markdown_cell(f"# {path.stem}")]
    cells += [new_code_cell(textwrap.dedent(source)) for source in sources]
    if demo:
        cells.append(new_code_cell(demo, metadata={"tags": ["demo"]}))
    nbformat.write(new_notebook(cells=cells), path)
    return path


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with a copy of Solver.ipynb, Nim and notebooks that are wrong in various ways."""
    folder = tmp_path_factory.mktemp("games")
    shutil.copy(SOLVER, folder / "Solver.ipynb")
    demo = "raise RuntimeError('a demo cell must not run when the notebook is loaded')"
    write_notebook(folder / "Nim.ipynb", NIM, "%run Solver.ipynb", demo=demo)
    write_notebook(folder / "NoGame.ipynb", "x = 1")
    broken = NIM.replace("return -1 if state[1] == player else 1", "return 1 // sum(state[0])")
    write_notebook(folder / "Broken.ipynb", broken)
    write_notebook(folder / "LoadFails.ipynb", "x = 1", "y = undefined_name")
    write_notebook(folder / "Syntax.ipynb", "def f(:\n    pass")
    write_notebook(folder / "DepthSolver.ipynb", "%run Solver.ipynb", DEPTH_SOLVER)
    (folder / "Damaged.ipynb").write_text("this is not JSON")
    (folder / "notes.txt").write_text("not a notebook")
    alone = folder / "alone"
    alone.mkdir()
    write_notebook(alone / "Nim.ipynb", NIM)
    return folder


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``main(argv)`` in-process: the exit status, stdout and stderr."""
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def run_process(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``python -m gamesolver ARGS`` in a subprocess, as a student runs it."""
    return subprocess.run(
        [sys.executable, "-m", "gamesolver", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


def assert_one_line_error(status: int, out: str, err: str, *fragments: str) -> None:
    """Exit status 2, nothing on stdout, one ``gamesolver: error:`` line with ``fragments``."""
    assert status == 2, err
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("gamesolver: error: "), err
    assert "Traceback" not in err
    for fragment in fragments:
        assert fragment in err


# ----------------------------------------------------------------------------- help and algorithms


@pytest.mark.parametrize("command", [[], ["solve"], ["algorithms"], ["check"], ["play"]])
def test_help(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run([*command, "--help"], capsys)
    assert status == 0 and err == ""
    assert out.startswith(f"usage: gamesolver {' '.join(command)}".rstrip())


def test_algorithms_lists_the_solver_with_first_docstring_lines(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(["algorithms"], capsys)
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == f"Algorithms in {SOLVER}:"
    solver = load_notebook(SOLVER)
    names = [algorithm.__name__ for algorithm in solver.Algorithms]
    assert [line.split()[0] for line in lines[1:]] == names
    assert set(ALGORITHMS) <= set(names)
    first_line = solver.minimax.__doc__.strip().splitlines()[0]
    assert any(line.split(None, 1)[1] == first_line for line in lines[1:])


def test_algorithms_of_another_solver_show_their_options(
    games: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(["algorithms", "--solver", str(games / "DepthSolver.ipynb")], capsys)
    assert status == 0
    assert out.splitlines()[-1] == (
        "  depth_limited  Minimax to a fixed depth (a test double): the depth it was given, "
        "as the value.  [--depth N]"
    )


# ----------------------------------------------------------------------------- solve on Nim


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_solve_nim_with_every_algorithm(
    algorithm: str, games: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(["solve", str(games / "Nim.ipynb"), "--algorithm", algorithm], capsys)
    assert status == 0 and err == ""
    first, second = out.splitlines()
    assert first == f"nim, {algorithm}: value 1 (a win for A with best play)"
    assert second.startswith("value calls: ") and "seconds: " in second


def test_solve_json_has_the_counts_of_the_algorithm(
    games: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["solve", str(games / "Nim.ipynb"), "--algorithm", "minimax_memo", "--json"]
    status, out, _ = run(argv, capsys)
    assert status == 0
    result = json.loads(out)
    assert list(result) == [
        "game",
        "algorithm",
        "value",
        "calls",
        "cache_hits",
        "cutoffs",
        "cache_entries",
        "seconds",
    ]
    nim = load_notebook(games / "Nim.ipynb")
    value, stats = measure(nim.minimax_memo, nim.game)
    assert result["game"] == "nim" and result["algorithm"] == "minimax_memo"
    assert result["value"] == value == 1
    assert (result["calls"], result["cache_hits"], result["cutoffs"], result["cache_entries"]) == (
        stats.calls,
        stats.cache_hits,
        stats.cutoffs,
        stats.cache_entries,
    )
    assert result["cache_hits"] > 0 and isinstance(result["seconds"], float)


def test_solve_text_shows_the_counters_the_algorithm_keeps(
    games: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    nim = str(games / "Nim.ipynb")
    _, out, _ = run(["solve", nim, "--algorithm", "alpha_beta"], capsys)
    assert "cut-offs: " in out and "cache hits" not in out
    _, out, _ = run(["solve", nim, "--algorithm", "minimax_memo"], capsys)
    assert "cache hits: " in out and "cache entries: " in out and "cut-offs" not in out


def test_solve_a_given_state_and_player(games: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["solve", str(games / "Nim.ipynb"), "--algorithm", "alpha_beta"]
    status, out, _ = run([*argv, "--state", "((1, 1), 'B')", "--player", "1"], capsys)
    assert status == 0
    assert out.splitlines()[0] == "nim, alpha_beta: value -1 (a loss for B with best play)"
    status, out, _ = run([*argv, "--state", "((0, 0), 'A')", "--player", "1", "--json"], capsys)
    assert status == 0
    assert json.loads(out)["value"] == 1 and json.loads(out)["calls"] == 1


def test_solver_option_overrides_the_one_next_to_the_game(
    games: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    alone = str(games / "alone" / "Nim.ipynb")
    status, out, err = run(["solve", alone, "--algorithm", "alpha_beta"], capsys)
    assert_one_line_error(status, out, err, "no Solver.ipynb next to", "--solver PATH")
    status, out, _ = run(
        ["solve", alone, "--algorithm", "alpha_beta", "--solver", str(SOLVER)], capsys
    )
    assert status == 0 and "value 1" in out


def test_options_go_only_to_algorithms_that_take_them(
    games: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["solve", str(games / "Nim.ipynb"), "--solver", str(games / "DepthSolver.ipynb")]
    status, out, _ = run([*argv, "--algorithm", "depth_limited", "--depth", "3", "--json"], capsys)
    assert status == 0 and json.loads(out)["value"] == 3
    status, out, err = run([*argv, "--algorithm", "alpha_beta", "--depth", "3"], capsys)
    assert_one_line_error(
        status,
        out,
        err,
        "alpha_beta does not take --depth (algorithms that do: depth_limited)",
    )
    status, out, err = run([*argv, "--algorithm", "depth_limited"], capsys)
    assert_one_line_error(status, out, err, "depth_limited needs --depth N")
    status, out, err = run([*argv, "--algorithm", "depth_limited", "--depth", "-1"], capsys)
    assert_one_line_error(status, out, err, "--depth", "at least 0")


# ----------------------------------------------------------------------------- bad arguments


BAD_ARGUMENTS = {
    "no such notebook": (
        "solve {games}/Missing.ipynb --algorithm minimax",
        ["no such notebook: ", "Missing.ipynb"],
    ),
    "not a notebook": (
        "solve {games}/notes.txt --algorithm minimax",
        ["notes.txt is not a notebook (.ipynb)"],
    ),
    "a folder": ("solve {games} --algorithm minimax", ["is not a notebook (.ipynb)"]),
    "damaged notebook": (
        "solve {games}/Damaged.ipynb --algorithm minimax",
        ["Damaged.ipynb is not a readable notebook"],
    ),
    "close algorithm name": (
        "solve {games}/Nim.ipynb --algorithm alphabeta",
        ["no algorithm 'alphabeta'", "did you mean alpha_beta?", "(algorithms: minimax, "],
    ),
    "unknown algorithm": (
        "solve {games}/Nim.ipynb --algorithm zzz",
        ["no algorithm 'zzz'", "(algorithms: minimax, minimax_memo, "],
    ),
    "no game": (
        "solve {games}/NoGame.ipynb --algorithm minimax",
        ["NoGame.ipynb defines no game", "game = Game("],
    ),
    "state does not parse": (
        "solve {games}/Nim.ipynb --algorithm minimax --state ((1,2)",
        ["--state '((1,2)' is not a Python literal", "the start state is ((1, 2), 'A')"],
    ),
    "state is a name": (
        "solve {games}/Nim.ipynb --algorithm minimax --state A",
        ["--state 'A' is not a Python literal"],
    ),
    "state is a list": (
        "solve {games}/Nim.ipynb --algorithm minimax --state [[1,1],'B']",
        ["is not hashable (list)", "with tuples: ((1, 1), 'B')"],
    ),
    "state is a dict": (
        "solve {games}/Nim.ipynb --algorithm minimax --state {1:2}",
        ["is not hashable (dict)"],
    ),
    "player too large": (
        "solve {games}/Nim.ipynb --algorithm minimax --player 2",
        ["--player 2 is out of range: nim has players 0 (A) and 1 (B)"],
    ),
    "player negative": (
        "solve {games}/Nim.ipynb --algorithm minimax --player -1",
        ["--player -1 is out of range"],
    ),
    "player not a number": (
        "solve {games}/Nim.ipynb --algorithm minimax --player X",
        ["--player: invalid int value: 'X'"],
    ),
    "depth not taken": (
        "solve {games}/Nim.ipynb --algorithm alpha_beta --depth 2",
        ["alpha_beta does not take --depth (no algorithm in ", "Solver.ipynb does)"],
    ),
    "order not taken": (
        "solve {games}/Nim.ipynb --algorithm alpha_beta --order",
        ["alpha_beta does not take --order"],
    ),
    "symmetry not taken": (
        "solve {games}/Nim.ipynb --algorithm alpha_beta --symmetry",
        ["alpha_beta does not take --symmetry"],
    ),
    "depth not a number": (
        "solve {games}/Nim.ipynb --algorithm alpha_beta --depth two",
        ["--depth: not a whole number: 'two'"],
    ),
    "no such solver": (
        "solve {games}/Nim.ipynb --algorithm minimax --solver {games}/No.ipynb",
        ["no such solver notebook"],
    ),
    "solver without Algorithms": (
        "solve {games}/Nim.ipynb --algorithm minimax --solver {games}/NoGame.ipynb",
        ["defines no list Algorithms"],
    ),
    "no algorithm given": (
        "solve {games}/Nim.ipynb",
        ["required: --algorithm", "(see 'gamesolver solve --help')"],
    ),
    "play: who first": (
        "play {games}/Nim.ipynb --first nobody",
        ["invalid choice: 'nobody'"],
    ),
    "play: close algorithm name": (
        "play {games}/Nim.ipynb --algorithm minmax",
        ["did you mean minimax"],
    ),
    "check: no such notebook": ("check {games}/Missing.ipynb", ["no such notebook"]),
    "check: no game": ("check {games}/NoGame.ipynb", ["defines no game"]),
    "algorithms: no such solver": (
        "algorithms --solver {games}/Missing.ipynb",
        ["no such solver notebook"],
    ),
    "no such command": ("frobnicate", ["invalid choice: 'frobnicate'"]),
    "no command": ("", ["required: COMMAND"]),
}
"""Bad command lines (split at blanks, ``{games}`` is the folder of test notebooks) and what
their error line must say."""


@pytest.mark.parametrize("case", list(BAD_ARGUMENTS))
def test_bad_arguments_give_one_line_and_status_2(
    case: str, games: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    command, fragments = BAD_ARGUMENTS[case]
    status, out, err = run(command.replace("{games}", str(games)).split(), capsys)
    assert_one_line_error(status, out, err, *fragments)


def test_bad_arguments_in_a_real_terminal_have_no_traceback(games: Path) -> None:
    done = run_process("solve", str(games / "Nim.ipynb"), "--algorithm", "alphabeta")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (
        f"gamesolver: error: no algorithm 'alphabeta' in {games / 'Solver.ipynb'}; did you mean "
        "alpha_beta? (algorithms: minimax, minimax_memo, max_min, preclusion, alpha_beta)\n"
    )


# ----------------------------------------------------------------------------- errors in game code


def test_an_exception_in_the_game_names_the_notebook_cell_and_line(
    games: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["solve", str(games / "Broken.ipynb"), "--algorithm", "alpha_beta"]
    status, out, err = run(argv, capsys)
    assert status == 1 and out == ""
    first, second = err.splitlines()
    assert first == (
        f"gamesolver: error: solving {games / 'Broken.ipynb'} with alpha_beta failed: "
        "ZeroDivisionError: integer division or modulo by zero"
    )
    assert second == (
        "  at Broken.ipynb, cell 2, line 23: "
        "return 1 // sum(state[0])  # who has to move when nothing is left has lost"
    )


@pytest.mark.parametrize(
    ("name", "error", "where"),
    [
        (
            "LoadFails.ipynb",
            "NameError: name 'undefined_name' is not defined",
            "  at LoadFails.ipynb, cell 3, line 1: y = undefined_name",
        ),
        (
            "Syntax.ipynb",
            "SyntaxError: invalid syntax",
            "  at Syntax.ipynb, cell 2, line 1: def f(:",
        ),
    ],
)
def test_an_exception_while_loading_a_notebook_is_status_1(
    name: str, error: str, where: str, games: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["solve", str(games / name), "--algorithm", "alpha_beta", "--solver", str(SOLVER)]
    status, out, err = run(argv, capsys)
    assert status == 1 and out == ""
    assert err.splitlines() == [f"gamesolver: error: loading {games / name} failed: {error}", where]


# ----------------------------------------------------------------------------- check


def test_check_a_good_game(games: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["check", str(games / "Nim.ipynb")], capsys)
    assert status == 0 and err == ""
    assert out.startswith("nim passes the check: ")


def test_check_a_game_with_errors_is_status_1(
    games: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(["check", str(games / "Broken.ipynb")], capsys)
    assert status == 1 and err == ""
    assert out.startswith("nim fails the check: ")
    assert "ZeroDivisionError" in out


# ----------------------------------------------------------------------------- play


def test_play_nim_in_the_terminal(
    games: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # A takes 1 from pile 2 (the winning move: piles 1 and 1), B takes one, A takes the last.
    monkeypatch.setattr("sys.stdin", io.StringIO("take 1 from pile 2\nwhat?\n1\n"))
    status, out, err = run(["play", str(games / "Nim.ipynb"), "--seed", "0"], capsys)
    assert status == 0 and err == ""
    assert "nim: you play A, the computer plays B." in out
    assert "For me (B), the game has the value -1 (a loss for B with best play)." in out
    assert "'what?' is not one of your moves" in out
    assert out.rstrip().endswith("Game over: you win (A).")


def test_play_computer_first_and_end_of_input(games: Path) -> None:
    done = run_process("play", str(games / "Nim.ipynb"), "--first", "computer", "--seed", "3")
    assert done.returncode == 0 and done.stderr == ""
    assert "nim: you play B, the computer plays A." in done.stdout
    assert "For me (A), the game has the value 1 (a win for A with best play)." in done.stdout
    assert done.stdout.rstrip().endswith("Game abandoned: no more input.")


def test_play_an_exception_in_the_game_is_status_1(
    games: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    argv = ["play", str(games / "Broken.ipynb"), "--solver", str(SOLVER), "--first", "computer"]
    status, _, err = run(argv, capsys)
    assert status == 1
    assert err.startswith(f"gamesolver: error: playing {games / 'Broken.ipynb'} with alpha_beta")
    assert len(err.splitlines()) == 2 and "Traceback" not in err


# ----------------------------------------------------------------------------- tic-tac-toe


@needs_tic_tac_toe
@pytest.mark.parametrize(("algorithm", "calls"), [("minimax", "549,946"), ("alpha_beta", "16,811")])
def test_tic_tac_toe_text_in_a_real_terminal(algorithm: str, calls: str) -> None:
    done = run_process("solve", "notebooks/Tic-Tac-Toe.ipynb", "--algorithm", algorithm)
    assert done.returncode == 0 and done.stderr == ""
    first, second = done.stdout.splitlines()
    assert first == f"tic-tac-toe, {algorithm}: value 0 (a draw with best play for X)"
    assert second.startswith(f"value calls: {calls}   ")
    assert ("cut-offs: " in second) == (algorithm == "alpha_beta")


@needs_tic_tac_toe
@pytest.mark.parametrize(("algorithm", "calls"), [("minimax", 549_946), ("alpha_beta", 16_811)])
def test_tic_tac_toe_json(algorithm: str, calls: int, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["solve", str(TIC_TAC_TOE), "--algorithm", algorithm, "--json"], capsys)
    assert status == 0
    result = json.loads(out)
    assert result["game"] == "tic-tac-toe" and result["algorithm"] == algorithm
    assert result["value"] == 0 and result["calls"] == calls
    assert result["cache_hits"] == 0 and result["cache_entries"] == 0
    assert (result["cutoffs"] > 0) == (algorithm == "alpha_beta")


@needs_tic_tac_toe
def test_tic_tac_toe_state_and_player(capsys: pytest.CaptureFixture[str]) -> None:
    board = "(('O', 'O', ' '), ('X', 'X', ' '), ('X', ' ', ' '))"  # O to move wins in (0, 2)
    argv = ["solve", str(TIC_TAC_TOE), "--algorithm", "alpha_beta", "--state", board]
    status, out, _ = run([*argv, "--player", "1"], capsys)
    assert status == 0
    assert out.splitlines()[0] == "tic-tac-toe, alpha_beta: value 1 (a win for O with best play)"
    status, out, _ = run([*argv, "--player", "1", "--json"], capsys)
    ttt = load_notebook(TIC_TAC_TOE)
    value, stats = measure(ttt.alpha_beta, ttt.game, ast.literal_eval(board), "O")
    assert json.loads(out)["calls"] == stats.calls and json.loads(out)["value"] == value == 1
    status, out, _ = run([*argv, "--player", "0"], capsys)  # X to move wins in (1, 2)
    assert out.splitlines()[0] == "tic-tac-toe, alpha_beta: value 1 (a win for X with best play)"


@needs_tic_tac_toe
def test_tic_tac_toe_list_board_gets_a_tuple_hint(capsys: pytest.CaptureFixture[str]) -> None:
    board = "[['X', ' ', ' '], [' ', ' ', ' '], [' ', ' ', ' ']]"
    argv = ["solve", str(TIC_TAC_TOE), "--algorithm", "alpha_beta", "--state", board]
    status, out, err = run([*argv, "--player", "1"], capsys)
    assert_one_line_error(
        status,
        out,
        err,
        "with tuples: (('X', ' ', ' '), (' ', ' ', ' '), (' ', ' ', ' '))",
    )


@needs_tic_tac_toe
def test_tic_tac_toe_passes_the_check(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["check", str(TIC_TAC_TOE)], capsys)
    assert status == 0 and out.startswith("tic-tac-toe passes the check")
