"""Grading a class: a folder of small generated notebooks, one per kind of student (right,
wrong, looping forever, allocating without end, calling sys.exit, not loading), graded by
``python -m gamesolver grade`` within its limits, one CSV row each."""

from __future__ import annotations

import csv
import os
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest

from gamesolver.cli import main
from gamesolver.exercises import check_algorithm
from gamesolver.grade import grade

RIGHT = """
def my_minimax(game, state, player, stats):
    def value(state, player):
        stats.calls += 1
        if game.finished(state):
            return game.utility(state, player)
        return max(-value(ns, game.other(player)) for ns in game.next_states(state, player))

    return value(state, player)
"""

WRONG = RIGHT.replace("-value(ns", "value(ns")  # the opponent's value, not negated

STUDENTS = {
    "anna.ipynb": [RIGHT],
    "ben.ipynb": [WRONG],
    "carl.ipynb": ["print('hello')", RIGHT.replace("stats.calls += 1", "while True: pass")],
    "dora.ipynb": ["hoard = []\nwhile True:\n    hoard.append(' ' * 10**6)", RIGHT],
    "emil.ipynb": ["import sys\nsys.exit('done')", RIGHT],
    "fay.ipynb": ["def my_minimax(game, state, player, stats):\n    return 1 / 0"],
    "gus.ipynb": ["def my_minimax(:", RIGHT],
    "hana.ipynb": [RIGHT.replace("my_minimax", "minimax_of_mine")],
}
"""Each student's notebook: its code cells."""

EXPECTED = {
    "anna.ipynb": ("true", ""),
    "ben.ipynb": ("false", "the value"),
    "carl.ipynb": ("false", "ran out of time (12 s)"),
    "dora.ipynb": ("false", "ran out of memory (200 MB)"),
    "emil.ipynb": ("false", "the notebook called sys.exit('done')"),
    "fay.ipynb": ("false", "runs without error"),
    "gus.ipynb": (
        "false",
        "could not be loaded: SyntaxError: invalid syntax (<gus.ipynb, cell 2>, line 1)",
    ),
    "hana.ipynb": ("false", "no function my_minimax in the notebook"),
}
"""Each student's row: passed and the condition."""


@pytest.fixture(scope="module")
def submissions(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("submissions")
    for name, cells in STUDENTS.items():
        notebook = nbformat.v4.new_notebook()
        notebook.cells = [nbformat.v4.new_markdown_cell("# My solution")]
        notebook.cells += [nbformat.v4.new_code_cell(source) for source in cells]
        nbformat.write(notebook, folder / name)
    return folder


def test_a_folder_is_graded_within_its_limits(
    submissions: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table = tmp_path / "grades.csv"
    started = time.perf_counter()
    status = main(
        [
            "grade",
            str(submissions),
            "--function",
            "my_minimax",
            "--spec",
            "minimax",
            "--jobs",
            "2",
            "--time-limit",
            "12",  # generous for a right notebook (3-6 s) on two busy cores
            "--memory-limit",
            "200",
            "--csv",
            str(table),
        ]
    )
    took = time.perf_counter() - started
    assert status == 0
    # 8 notebooks, 2 at a time: one of them runs out of its 12 s, the others take seconds
    assert took < 90, took
    with table.open(encoding="utf-8") as file:
        rows = list(csv.DictReader(file))
    assert list(rows[0]) == [
        "notebook",
        "passed",
        "condition",
        "counterexample",
        "calls",
        "seconds",
        "note",
    ]
    got = {Path(row["notebook"]).name: (row["passed"], row["condition"]) for row in rows}
    assert got == EXPECTED
    by_name = {Path(row["notebook"]).name: row for row in rows}
    assert by_name["ben.ipynb"]["counterexample"].startswith("[")  # a nested list
    assert int(by_name["anna.ipynb"]["calls"]) > 100
    assert 12 <= float(by_name["carl.ipynb"]["seconds"]) < 30
    out = capsys.readouterr().out
    assert out.splitlines()[-1] == (
        "8 notebooks: 1 passed, 2 failed the specification, 5 could not be checked"
    )
    assert "hello" not in out  # the students' output is not the grader's


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--spec", "alphabeta"], "no specification 'alphabeta'"),
        (["--spec", "minimax", "--jobs", "0"], "--jobs is at least 1"),
    ],
)
def test_bad_arguments_are_one_line(
    submissions: Path, arguments: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["grade", str(submissions), "--function", "f", *arguments])
    assert status == 2
    assert message in capsys.readouterr().err


def test_the_worker_runs_as_a_module(submissions: Path, tmp_path: Path) -> None:
    result = tmp_path / "row.json"
    command = [sys.executable, "-m", "gamesolver.grade", str(submissions / "ben.ipynb")]
    command += ["my_minimax", "minimax", "200", "30", str(result)]
    subprocess.run(command, check=True, timeout=60, capture_output=True)
    assert '"condition": "the value"' in result.read_text(encoding="utf-8")


def gone(pid: int) -> bool:
    """Whether process ``pid`` has ended (a zombie not reaped yet counts as ended)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as file:
            return file.read().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


def test_a_job_ends_with_its_processes_and_its_own_result_file(tmp_path: Path) -> None:
    # Each run starts a child in its process group and counts itself; the third exits without
    # writing its result: its row must say so, not read a result file of an earlier run.
    source = """
import os, pathlib, subprocess
pathlib.Path('children').open('a').write(f"{subprocess.Popen(['sleep', '300']).pid}\\n")
runs = pathlib.Path('runs')
run = int(runs.read_text()) if runs.exists() else 0
runs.write_text(str(run + 1))
if run == 2:
    os._exit(3)

def my_minimax(game, state, player, stats):
    return None
"""
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(source)]
    path = tmp_path / "sly.ipynb"
    nbformat.write(notebook, path)
    rows = grade([path] * 3, "my_minimax", "minimax", jobs=1, time_limit=30, memory_mb=200)
    children = [int(pid) for pid in (tmp_path / "children").read_text().split()]
    deadline = time.monotonic() + 5
    while not all(gone(pid) for pid in children) and time.monotonic() < deadline:
        time.sleep(0.05)
    alive = [pid for pid in children if not gone(pid)]
    for pid in alive:  # (the old grader left them: end them here)
        os.kill(pid, 9)
    assert len(children) == 3 and not alive
    assert rows[-1].condition == "exited with status 3 before its check was written", rows


def test_running_out_of_memory_in_the_check_is_not_an_error_of_the_function() -> None:
    def hoards(game: object, state: object, player: object, stats: object) -> int:
        raise MemoryError

    # check_algorithm lets it through, for the grader to say "ran out of memory (N MB)"
    with pytest.raises(MemoryError):
        check_algorithm(hoards, "minimax", examples=5, games=False)


# ----------------------------------------------------------------------------- issue 23's probes


def write_student(path: Path, *cells: str) -> Path:
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(source) for source in cells]
    nbformat.write(notebook, path)
    return path


def test_csv_over_a_notebook_or_an_input_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`grade --csv subs/anna.ipynb subs/ben.ipynb` (a glob makes it easy) wrote over anna."""
    anna = write_student(tmp_path / "anna.ipynb", RIGHT)
    ben = write_student(tmp_path / "ben.ipynb", WRONG)
    before = anna.read_bytes()
    for csv_file, inputs in [
        (anna, [ben]),
        (tmp_path, [ben]),
        (ben, [ben]),
        (tmp_path, [tmp_path]),
    ]:
        argv = ["grade", "--csv", str(csv_file), *map(str, inputs)]
        status = main([*argv, "--function", "my_minimax", "--spec", "minimax"])
        out, err = capsys.readouterr()
        assert status == 2 and out == "", err
        assert err.startswith(f"gamesolver: error: --csv {csv_file}: ") and err.count("\n") == 1
    assert anna.read_bytes() == before


def test_csv_in_a_folder_that_cannot_be_written_is_refused_before_grading(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ben = write_student(tmp_path / "ben.ipynb", WRONG)
    argv = ["grade", str(ben), "--function", "my_minimax", "--spec", "minimax"]
    status = main([*argv, "--csv", "/proc/nope/g.csv"])
    out, err = capsys.readouterr()
    assert status == 2 and out == ""  # nothing graded: the grades would have been lost
    assert err == "gamesolver: error: --csv /proc/nope/g.csv: no folder /proc/nope\n"


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--time-limit", "1e19"], "--time-limit is at most 86,400 seconds (a day), not 1e19"),
        (["--time-limit", "0"], "--time-limit is more than 0 seconds, not 0"),
        (["--memory-limit", "1"], "--memory-limit is at least 20 MB, not 1: the check"),
        (["--function", ""], "--function '' is not a Python name"),
        (["--function", "my minimax"], "--function 'my minimax' is not a Python name"),
    ],
)
def test_limits_and_names_that_cannot_work_are_refused(
    submissions: Path, arguments: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """1e19 s was accepted (every row "exited with status 1"), 0 s too while 0 MB was refused;
    1 MB blamed the student ("could not be loaded: ImportError ... numpy")."""
    argv = ["grade", str(submissions / "ben.ipynb"), "--spec", "minimax"]
    argv += [] if "--function" in arguments else ["--function", "my_minimax"]
    status = main([*argv, *arguments])
    out, err = capsys.readouterr()
    assert status == 2 and out == "", err
    assert err.startswith(f"gamesolver: error: argument {arguments[0]}: {message}") or (
        err.startswith(f"gamesolver: error: {message}")
    ), err


ODD = """
class Odd(Exception):
    def __str__(self):
        raise RuntimeError("no text for you")


def my_minimax(game, state, player, stats):
    raise Odd()
"""

ODD_LOAD = ODD.replace("def my_minimax", "raise Odd()\n\n\ndef my_minimax")


def test_rows_of_odd_students(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An exception whose text raises ended the row "exited with status 1"; huge values were
    "could not be loaded: OverflowError" (it had loaded); a counter that counts down passed
    with "-2,332" calls."""
    students = {
        "odd.ipynb": ODD_LOAD,
        "odd_check.ipynb": ODD,
        "huge.ipynb": RIGHT.replace(
            "return game.utility(state, player)", "return game.utility(state, player) * 10**5000"
        ),
        "down.ipynb": RIGHT.replace("stats.calls += 1", "stats.calls -= 1"),
    }
    paths = [write_student(tmp_path / name, source) for name, source in students.items()]
    argv = ["grade", *map(str, paths), "--function", "my_minimax", "--spec", "minimax"]
    status = main([*argv, "--csv", str(tmp_path / "grades.csv"), "--time-limit", "60"])
    out, err = capsys.readouterr()
    assert status == 0 and err == "", err
    with (tmp_path / "grades.csv").open(encoding="utf-8") as file:
        rows = {Path(row["notebook"]).name: row for row in csv.DictReader(file)}
    assert rows["odd.ipynb"]["condition"] == (
        "could not be loaded: Odd (its message raised RuntimeError)"
    )
    assert rows["odd_check.ipynb"]["passed"] == "false"
    assert "exited" not in rows["odd_check.ipynb"]["condition"]
    assert not rows["huge.ipynb"]["condition"].startswith("could not be loaded")
    assert rows["huge.ipynb"]["passed"] == "false"
    assert rows["down.ipynb"]["passed"] == "true" and int(rows["down.ipynb"]["calls"]) < 0
    assert rows["down.ipynb"]["note"] == (
        "its value calls went down (stats.calls -= 1?): the calls are not a count"
    )
    assert "down.ipynb: its value calls went down" in out
