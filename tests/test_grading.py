"""Every assignment of the course graded as a lecturer grades it (``python -m gamesolver grade``:
nbgrader's autograde in the course's sandbox): the instructor's own copy, handed in as it is,
gets every automatic point; the released copy, handed in blank, gets none; and each wrong answer
of ``tests/wrong_answers.py`` (the instructor's copy with that answer in place of the solution)
loses points in the test it answers.

Each assignment is one test: its submissions are graded in one run of nbgrader. The course is
released once for the run (conftest.py)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from wrong_answers import WRONG

from gamesolver.tools.course import assignments
from gamesolver.tools.grade import CellGrade, grade_class

ROOT = Path(__file__).resolve().parents[1]


def graded_code(path: Path) -> list[str]:
    """The grade ids of the notebook's graded code cells (its tests)."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [
        cell["metadata"]["nbgrader"]["grade_id"]
        for cell in cells
        if cell["cell_type"] == "code" and cell["metadata"].get("nbgrader", {}).get("grade")
    ]


GRADED = sorted(
    assignment.name
    for assignment in assignments()
    if any(graded_code(ROOT / "notebooks" / name) for name in assignment.notebooks)
)
"""The assignments with a graded code cell: the ones autograding gives points in."""


@pytest.fixture(scope="module")
def course(course_copy: Path) -> Path:
    """A course directory with the committed configuration, the whole course released in it
    (a copy of the run's one release, ``course_copy`` in conftest.py)."""
    return course_copy


def by_student(rows: list[CellGrade]) -> dict[str, list[CellGrade]]:
    found: dict[str, list[CellGrade]] = {}
    for row in rows:
        found.setdefault(row.student, []).append(row)
    return found


def test_the_assignments_with_graded_code_are_known() -> None:
    """Each class with an exercise checked by code, and the deep dives with one (17 of the
    20 assignments: the exercises of class 2, the Solver's, and of Connect-Four-Solver are
    written answers; the Solver holds no graded code, since other lectures %run it)."""
    assert len(GRADED) == 17 and "class3-alpha-beta-traced-by-hand" in GRADED


def test_every_graded_cell_has_a_wrong_answer() -> None:
    tests = {
        (path.name, name)
        for path in (ROOT / "notebooks").glob("*.ipynb")
        for name in graded_code(path)
    }
    tests -= {("Simplified-Tic-Tac-Toe.ipynb", "ex1-test")}  # a solution, released as one
    assert set(WRONG) == tests


def hand_in(
    course: Path, assignment: str, student: str, answers: dict[tuple[str, str], str]
) -> None:
    """The instructor's copy of ``assignment`` handed in by ``student``, the solution cells
    named in ``answers`` (by notebook and grade id) replaced."""
    folder = course / "submitted" / student / assignment
    shutil.copytree(course / "source" / assignment, folder)
    for path in folder.glob("*.ipynb"):
        notebook = json.loads(path.read_text(encoding="utf-8"))
        for cell in notebook["cells"]:
            key = (path.name, cell["metadata"].get("nbgrader", {}).get("grade_id"))
            if key in answers and cell["metadata"]["nbgrader"].get("solution"):
                cell["source"] = answers[key]
        path.write_text(json.dumps(notebook, indent=1), encoding="utf-8")


CLASSES = [name for name in GRADED if name.startswith("class")]
"""The classes of the core path; the deep dives are graded in test_grading_deep_dives.py (a file
a worker of ``pytest -n 2 --dist loadfile`` takes, so that the two halves run side by side)."""


@pytest.mark.nbgrader
@pytest.mark.parametrize("assignment", CLASSES)
def test_the_solution_gets_every_point_and_a_non_answer_loses(
    course: Path, assignment: str
) -> None:
    graded_as_expected(course, assignment)


def graded_as_expected(course: Path, assignment: str) -> None:
    """``assignment`` graded: the teacher's copy gets every automatic point, the blank copy
    none, and each wrong answer loses in the test it answers, and only there."""
    tests = {
        (notebook.stem, name)
        for notebook in (course / "source" / assignment).glob("*.ipynb")
        for name in graded_code(notebook)
    }
    shutil.copytree(course / "source" / assignment, course / "submitted" / "teacher" / assignment)
    shutil.copytree(course / "release" / assignment, course / "submitted" / "blank" / assignment)
    wrong: dict[str, set[tuple[str, str]]] = {}  # a student: the tests answered wrong
    answers: dict[str, dict[tuple[str, str], str]] = {}
    for (notebook, test), kinds in sorted(WRONG.items()):
        if (notebook.removesuffix(".ipynb"), test) in tests:
            for number, answer in enumerate(kinds):  # the k-th wrong answer of every cell
                student = f"wrong-{number}"
                wrong.setdefault(student, set()).add((notebook.removesuffix(".ipynb"), test))
                cells = {(notebook, grade_id): source for grade_id, source in answer.items()}
                answers.setdefault(student, {}).update(cells)
    for student, answer in answers.items():
        hand_in(course, assignment, student, answer)
    graded = grade_class(course, assignment, time_limit=60)
    rows = by_student([row for row in graded.rows if not row.by_hand])
    assert set(rows) == {"teacher", "blank", *wrong}
    assert not set(graded.not_graded) & set(rows)  # (others handed in other assignments only)
    assert {(row.notebook, row.cell) for row in rows["teacher"]} == tests
    failed = [(row.cell, row.condition) for row in rows["teacher"] if not row.passed]
    assert failed == []
    scored = [(row.cell, row.score) for row in rows["blank"] if row.score != 0]
    assert scored == []
    for student, answered in wrong.items():  # each wrong answer loses, and only there
        lost = {(row.notebook, row.cell) for row in rows[student] if not row.passed}
        assert lost == answered, (student, lost, answered)
