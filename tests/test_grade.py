"""``python -m gamesolver grade``, the front end to nbgrader's autograding: what it reads back
from the autograded notebooks and nbgrader's log, and the arguments it refuses before grading.
Grading a class end to end, through nbgrader, is in ``tests/test_course.py``."""

from __future__ import annotations

import contextlib
import sqlite3
import subprocess
from pathlib import Path
from typing import Any

import pytest

from gamesolver.tools.cli import main
from gamesolver.tools.grade import (
    CellGrade,
    GradeError,
    check_course,
    csv_target,
    failures,
    folders,
    grade_class,
    machine_mb,
    outcome,
    summary,
)

CLASS2 = "class2-alpha-beta-and-its-windows"

REPORT = """my_alpha_beta fails the specification of alpha_beta (exact inside the window): it \
returned 0, inside the window (-1 < 0 < 1), where the value is 1: inside the window the answer \
must be the value.
The smallest counterexample found: the tree [[0, -1]] with the window [-1, 0].
Values for Max; ✗: yours breaks the specification there.
node  to move  window   yours  correct"""


def error(ename: str, evalue: str) -> dict[str, Any]:
    return {"output_type": "error", "ename": ename, "evalue": evalue, "traceback": []}


@pytest.mark.parametrize(
    ("outputs", "condition", "counterexample"),
    [
        ([], "", ""),
        ([{"output_type": "execute_result", "data": {"text/plain": "passed"}}], "", ""),
        (
            [error("AssertionError", REPORT)],
            "exact inside the window",
            "the tree [[0, -1]] with the window [-1, 0]",
        ),
        (
            [
                error("KeyboardInterrupt", ""),
                error("TimeoutError", "ran out of time (60 s for a cell)"),
            ],
            "ran out of time (60 s for a cell)",
            "",
        ),
        ([error("MemoryError", "")], "MemoryError", ""),
        (
            [error("NameError", "name 'my_alpha_beta' is not defined\nmore")],
            "NameError: name 'my_alpha_beta' is not defined",
            "",
        ),
    ],
)
def test_a_test_cells_outputs_say_what_the_check_found(
    outputs: list[dict[str, Any]], condition: str, counterexample: str
) -> None:
    assert outcome({"outputs": outputs}) == (condition, counterexample)


LOG = """\
[AutogradeApp | INFO] Sanitizing /c/submitted/dies/class2/Game-Trees.ipynb
[AutogradeApp | ERROR] Kernel died while waiting for execute reply.
[AutogradeApp | ERROR] There was an error processing assignment: /c/submitted/dies/class2
[AutogradeApp | ERROR] Traceback (most recent call last):
      File "nbgrader/converters/base.py", line 390, in convert_notebooks
    nbclient.exceptions.DeadKernelError: Kernel died
[AutogradeApp | INFO] Sanitizing /c/submitted/loop/class2/Game-Trees.ipynb
[AutogradeApp | ERROR] Timeout waiting for execute reply (60s).
[AutogradeApp | ERROR] Interrupting kernel
[AutogradeApp | INFO] Sanitizing /c/submitted/odd/class2/Game-Trees.ipynb
[AutogradeApp | ERROR] There was an error processing assignment: /c/submitted/odd/class2
[AutogradeApp | ERROR] There was an error processing assignment 'class2' for student 'dies'
[AutogradeApp | ERROR] Please see the the above traceback for details on the specific errors.
"""
"""nbgrader's log of an autograde (trimmed): a kernel that died, a loop interrupted (graded, not
a failure), and a failure without a reason of its own."""


def test_nbgraders_log_names_who_could_not_be_autograded_and_why() -> None:
    assert failures(LOG) == {
        "dies": "Kernel died while waiting for execute reply",
        "odd": "see nbgrader's log",
    }


def test_written_answers_wait_and_are_not_points_lost() -> None:
    rows = [
        CellGrade("anna", "Game-Trees", "ex7-test", 2, 2),
        CellGrade("anna", "Solver", "ex1-answer", None, 5, "to grade by hand", by_hand=True),
        CellGrade("ben", "Solver", "ex1-answer", 5, 5, by_hand=True),  # graded by hand already
    ]
    assert summary(rows, {"carl": "nothing handed in"}) == (
        "2 students: 2 got every point so far, 0 lost points\n"
        "1 written answer (5 points) waits for grading by hand (nbgrader's Formgrader)\n"
        "not graded: carl: nothing handed in"
    )


def test_the_summary_counts_students() -> None:
    rows = [
        CellGrade("anna", "Game-Trees", "ex7-test", 2, 2),
        CellGrade("ben", "Game-Trees", "ex7-test", 0, 2, "exact inside the window", "the tree 0"),
        CellGrade(
            "carl", "Game-Trees", "ex7-test", None, 2, "could not be autograded: Kernel died"
        ),
    ]
    assert summary(rows) == (
        "3 students: 1 got every point, 1 lost points, 1 could not be autograded (carl)"
    )


def course(tmp_path: Path, *students: str) -> Path:
    """A course directory with the assignment CLASS2 (its source and its gradebook's entry) and
    a submission by each student (a notebook in it)."""
    (tmp_path / "nbgrader_config.py").write_text("c = get_config()\n")
    (tmp_path / "source" / CLASS2).mkdir(parents=True)
    with contextlib.closing(sqlite3.connect(tmp_path / "gradebook.db")) as db:
        db.execute("CREATE TABLE assignment (id TEXT, name TEXT)")
        db.execute("INSERT INTO assignment VALUES ('1', ?)", (CLASS2,))
        db.commit()
    for student in students:
        (tmp_path / "submitted" / student / CLASS2).mkdir(parents=True)
        (tmp_path / "submitted" / student / CLASS2 / "Game-Trees.ipynb").write_text("{}")
    return tmp_path


def test_a_course_assignment_and_submissions_are_checked_before_grading(tmp_path: Path) -> None:
    with pytest.raises(GradeError, match=r"is not the course directory: no nbgrader_config\.py"):
        check_course(tmp_path, CLASS2)
    folder = course(tmp_path, "anna", "ben")
    assert folders(folder, CLASS2)[0] == ["anna", "ben"]
    assert folders(folder, CLASS2, "b*")[0] == ["ben"]
    with pytest.raises(GradeError, match=rf"no assignment 'class9' in .*source \({CLASS2}\)"):
        check_course(folder, "class9")
    with pytest.raises(GradeError, match=r"no submissions of .* by 'carl' \(a student's folder"):
        folders(folder, CLASS2, "carl")


def test_every_folder_is_graded_or_says_why_not(tmp_path: Path) -> None:
    """A folder nbgrader would pass over in silence is a line that says what to do."""
    folder = course(tmp_path, "anna", "d1[x]")
    inner = folder / "submitted" / "ben" / CLASS2 / "inner"
    inner.mkdir(parents=True)
    (inner / "Game-Trees.ipynb").write_text("{}")
    (folder / "submitted" / "carl" / "other").mkdir(parents=True)
    (folder / "submitted" / "dora" / CLASS2).mkdir(parents=True)
    graded, not_graded = folders(folder, CLASS2)
    assert graded == ["anna"]
    assert not_graded == {
        "ben": f"the notebooks are in submitted/ben/{CLASS2}/inner/: move them up into "
        f"submitted/ben/{CLASS2}/ and grade again",
        "carl": f"nothing handed in: no folder submitted/carl/{CLASS2}/",
        "d1[x]": "nbgrader cannot grade a folder whose name has [ ] * or ?: rename "
        "submitted/d1[x]/ (e.g. d1_x_) and grade again",
        "dora": f"no notebook in submitted/dora/{CLASS2}/",
    }
    with pytest.raises(GradeError, match=r"by 'd1\[x\]' \(d1\[x\]: nbgrader cannot grade a"):
        folders(folder, CLASS2, "d1[x]")  # named as it is: nothing left to grade, and why


@pytest.mark.parametrize(
    ("damage", "said"),
    [
        ("delete", r"no gradebook at .*gradebook\.db: make release"),
        ("garble", r"gradebook\.db is not a gradebook nbgrader can read \(file is not a database"),
        ("empty", r"knows no assignment 'class2-alpha-beta-and-its-windows': make release"),
    ],
)
def test_a_gradebook_lost_or_broken_is_one_line(tmp_path: Path, damage: str, said: str) -> None:
    folder = course(tmp_path, "anna")
    gradebook = folder / "gradebook.db"
    if damage == "delete":
        gradebook.unlink()
    elif damage == "garble":
        gradebook.write_bytes(b"not a database " * 100)
    else:
        with contextlib.closing(sqlite3.connect(gradebook)) as db:
            db.execute("DELETE FROM assignment")
            db.commit()
    with pytest.raises(GradeError, match=said) as raised:
        check_course(folder, CLASS2)
    assert "\n" not in str(raised.value)


def test_the_gradebook_is_put_back_when_nbgrader_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A copy is made before nbgrader runs; nbgrader failing as a whole (here: after spoiling
    the gradebook) leaves the gradebook as it was, and says so."""
    from gamesolver.tools import autograde
    from gamesolver.tools import course as course_tool

    folder = course(tmp_path, "anna")
    before = (folder / "gradebook.db").read_bytes()

    def spoils(arguments: list[str], where: Path) -> subprocess.CompletedProcess[str]:
        (where / "gradebook.db").write_bytes(b"spoilt")
        said = "[AutogradeApp | ERROR] No notebooks were matched\n"
        return subprocess.CompletedProcess(arguments, 1, "", said)

    monkeypatch.setattr(course_tool, "nbgrader", spoils)
    monkeypatch.setattr(autograde, "sandbox_problem", lambda: None)
    with pytest.raises(GradeError, match=r"No notebooks were matched \(the gradebook is as it"):
        grade_class(folder, CLASS2)
    assert (folder / "gradebook.db").read_bytes() == before
    assert (folder / "gradebook.db.before-grade").read_bytes() == before


def test_without_a_sandbox_grading_says_what_to_do(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gamesolver.tools import autograde

    folder = course(tmp_path, "anna")
    monkeypatch.setattr(autograde, "sandbox_problem", lambda: "bubblewrap (bwrap) is not installed")
    with pytest.raises(GradeError) as raised:
        grade_class(folder, CLASS2)
    assert str(raised.value) == (
        "grading runs each submission in a sandbox, and bubblewrap (bwrap) is not installed "
        "(Debian and Ubuntu: apt install bubblewrap); to grade work you trust without it: "
        "--no-sandbox"
    )
    assert not (folder / "gradebook.db.before-grade").exists()


def test_the_csv_never_goes_over_an_input(tmp_path: Path) -> None:
    folder = course(tmp_path, "anna")
    notebook = folder / "submitted" / "anna" / CLASS2 / "Game-Trees.ipynb"
    notebook.write_text("{}")
    for target, said in [
        (folder, "a folder, not a file"),
        (notebook, "would write over a notebook or a database"),
        (folder / "gradebook.db", "would write over a notebook or a database"),
        (folder / "submitted" / "anna" / "grades.csv", "inside the course's submitted/"),
        (tmp_path / "nowhere" / "grades.csv", "no folder"),
    ]:
        with pytest.raises(GradeError, match=said):
            csv_target(str(target), folder)
    assert csv_target(str(folder / "grades.csv"), folder) == folder / "grades.csv"


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--time-limit", "0"], "argument --time-limit: --time-limit is at least 1, not 0"),
        (["--time-limit", "1e19"], "argument --time-limit: not a whole number: '1e19'"),
        (
            ["--time-limit", "86401"],
            "argument --time-limit: --time-limit is at most 86,400 seconds (a day), not 86401",
        ),
        (["--memory-limit", "512"], "argument --memory-limit: --memory-limit is at least 1024"),
        (["--csv", "{course}"], "--csv {course}: a folder, not a file"),
        (["--student", "carl"], "no submissions of class2-alpha-beta-and-its-windows to grade"),
        (
            ["--memory-limit", "10000000000000"],
            "argument --memory-limit: --memory-limit is at most {machine:,} MB (this machine's",
        ),
    ],
)
def test_bad_arguments_are_one_line_and_nothing_is_graded(
    tmp_path: Path, arguments: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = course(tmp_path, "anna")
    argv = ["grade", CLASS2, "--course", str(folder)]
    status = main([*argv, *[a.format(course=folder) for a in arguments]])
    out, err = capsys.readouterr()
    assert status == 2 and out == "", err
    expected = message.format(course=folder, machine=machine_mb())
    assert err.startswith(f"gamesolver: error: {expected}"), err
    assert err.count("\n") == 1
    assert not (folder / "autograded").exists()


def test_running_out_of_memory_in_the_check_is_said_as_such() -> None:
    """The check runs the function in a process of its own, under its own memory limit: a
    MemoryError there is the function's failure on an example, said in words (the grade's
    condition), not the kernel's end."""
    from gamesolver.feedback.exercises import check_algorithm

    def hoards(game: object, state: object, player: object, stats: object) -> int:
        raise MemoryError

    check = check_algorithm(hoards, "minimax", examples=5, games=False)
    assert check.condition == "stays within memory", check
    assert outcome({"outputs": [error("AssertionError", repr(check))]})[0] == "stays within memory"
