"""Every assignment of the course graded as a lecturer grades it (``python -m gamesolver grade``:
nbgrader's autograde in the course's sandbox): the instructor's own copy, handed in as it is,
gets every automatic point; the released copy, handed in blank, gets none; and each wrong answer
of ``tests/wrong_answers.py`` (the instructor's copy with that answer in place of the solution)
loses points in the test it answers.

Each assignment is one test: its submissions are graded in one run of nbgrader, once for the
run (``graded`` in conftest.py), beside the players that ``tests/test_player_grading.py`` reads
(``handed_in.py``). The course is released once for the run (conftest.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from handed_in import Graded, graded_code, graded_tests, wrong_answers
from wrong_answers import WRONG

from gamesolver.tools.course import assignments
from gamesolver.tools.grade import CellGrade

ROOT = Path(__file__).resolve().parents[1]


GRADED = sorted(
    assignment.name
    for assignment in assignments()
    if any(graded_code(ROOT / "notebooks" / name) for name in assignment.notebooks)
)
"""The assignments with a graded code cell: the ones autograding gives points in."""


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


CLASSES = [name for name in GRADED if name.startswith("class")]
"""The classes of the core path; the deep dives are graded in test_grading_deep_dives.py (a file
a worker of ``pytest -n 2 --dist loadfile`` takes, so that the two halves run side by side)."""


@pytest.mark.nbgrader
@pytest.mark.parametrize("assignment", CLASSES)
def test_the_solution_gets_every_point_and_a_non_answer_loses(
    graded: Callable[[str], Graded], assignment: str
) -> None:
    graded_as_expected(graded(assignment), assignment)


def graded_as_expected(graded: Graded, assignment: str) -> None:
    """``assignment`` graded: the teacher's copy gets every automatic point, the blank copy
    none, and each wrong answer loses in the test it answers, and only there."""
    course = graded.course
    tests = graded_tests(course, assignment)
    wrong = {name: student.tests for name, student in wrong_answers(course, assignment).items()}
    rows = by_student([row for row in graded.rows if not row.by_hand])
    assert {"teacher", "blank", *wrong} <= set(rows) == graded.students  # (and the players)
    assert not set(graded.not_graded) & set(rows)  # (others handed in other assignments only)
    assert {(row.notebook, row.cell) for row in rows["teacher"]} == tests
    failed = [(row.cell, row.condition) for row in rows["teacher"] if not row.passed]
    assert failed == []
    scored = [(row.cell, row.score) for row in rows["blank"] if row.score != 0]
    assert scored == []
    for student, answered in wrong.items():  # each wrong answer loses, and only there
        lost = {(row.notebook, row.cell) for row in rows[student] if not row.passed}
        assert lost == answered, (student, lost, answered)
