"""``python -m gamesolver grade``, the front end to nbgrader's autograding: what it reads back
from the autograded notebooks and nbgrader's log, and the arguments it refuses before grading.
Grading a class end to end, through nbgrader, is in ``tests/test_course.py``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gamesolver.tools.cli import main
from gamesolver.tools.grade import (
    GradeError,
    Row,
    csv_target,
    failures,
    outcome,
    submissions,
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


def test_the_summary_counts_students() -> None:
    rows = [
        Row("anna", "Game-Trees", "ex7-test", 2, 2),
        Row("ben", "Game-Trees", "ex7-test", 0, 2, "exact inside the window", "the tree 0"),
        Row("carl", "Game-Trees", "ex7-test", None, 2, "could not be autograded: Kernel died"),
    ]
    assert summary(rows) == (
        "3 students: 1 got every point, 1 lost points, 1 could not be autograded (carl)"
    )


def course(tmp_path: Path, *students: str) -> Path:
    """A course directory with the assignment CLASS2 and a submission by each student."""
    (tmp_path / "nbgrader_config.py").write_text("c = get_config()\n")
    (tmp_path / "source" / CLASS2).mkdir(parents=True)
    for student in students:
        (tmp_path / "submitted" / student / CLASS2).mkdir(parents=True)
    return tmp_path


def test_a_course_assignment_and_submissions_are_checked_before_grading(tmp_path: Path) -> None:
    with pytest.raises(GradeError, match=r"is not the course directory: no nbgrader_config\.py"):
        submissions(tmp_path, CLASS2)
    folder = course(tmp_path, "anna", "ben")
    assert submissions(folder, CLASS2) == ["anna", "ben"]
    assert submissions(folder, CLASS2, "b*") == ["ben"]
    with pytest.raises(GradeError, match=rf"no assignment 'class9' in .*source \({CLASS2}\)"):
        submissions(folder, "class9")
    with pytest.raises(GradeError, match=r"no submissions of .* by 'carl' \(a student's folder"):
        submissions(folder, CLASS2, "carl")


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
        (["--student", "carl"], "no submissions of class2-alpha-beta-and-its-windows in"),
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
    assert err.startswith(f"gamesolver: error: {message.format(course=folder)}"), err
    assert err.count("\n") == 1
    assert not (folder / "autograded").exists()


def test_running_out_of_memory_in_the_check_is_not_an_error_of_the_function() -> None:
    from gamesolver.feedback.exercises import check_algorithm

    def hoards(game: object, state: object, player: object, stats: object) -> int:
        raise MemoryError

    # check_algorithm lets it through: the cell shows MemoryError, the kernel's limit, and the
    # grade says so (not "raised MemoryError" on some tree, as if the function's own error)
    with pytest.raises(MemoryError):
        check_algorithm(hoards, "minimax", examples=5, games=False)
