"""Every assignment of the course graded as a lecturer grades it (``python -m gamesolver grade``:
nbgrader's autograde in the course's sandbox): the instructor's own copy, handed in as it is,
gets every automatic point; the released copy, handed in blank, gets none.

Each assignment is one test: its submissions are graded in one run of nbgrader. The course is
released once for the module."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from gamesolver.tools.course import assignments, release
from gamesolver.tools.grade import Row, grade_class

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
def course(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A course directory with the committed configuration, the whole course released in it."""
    root = tmp_path_factory.mktemp("course")
    shutil.copy(ROOT / "course" / "nbgrader_config.py", root)
    release(course=root)
    return root


def by_student(rows: list[Row]) -> dict[str, list[Row]]:
    found: dict[str, list[Row]] = {}
    for row in rows:
        found.setdefault(row.student, []).append(row)
    return found


def test_the_assignments_with_graded_code_are_known() -> None:
    """Each class with an exercise checked by code, and the deep dives with one (14 of the
    16 assignments: Connect-Four-Solver's exercises are written answers)."""
    assert len(GRADED) == 14 and "class2-alpha-beta-and-its-windows" in GRADED


@pytest.mark.nbgrader
@pytest.mark.parametrize("assignment", GRADED)
def test_the_solution_gets_every_point_and_a_blank_copy_none(course: Path, assignment: str) -> None:
    shutil.copytree(course / "source" / assignment, course / "submitted" / "teacher" / assignment)
    shutil.copytree(course / "release" / assignment, course / "submitted" / "blank" / assignment)
    graded = grade_class(course, assignment, time_limit=60)
    rows = by_student([row for row in graded.rows if not row.by_hand])
    assert set(rows) == {"teacher", "blank"} and not graded.not_graded
    tests = {
        (notebook.stem, name)
        for notebook in (course / "source" / assignment).glob("*.ipynb")
        for name in graded_code(notebook)
    }
    assert {(row.notebook, row.cell) for row in rows["teacher"]} == tests
    failed = [(row.cell, row.condition) for row in rows["teacher"] if not row.passed]
    assert failed == []
    scored = [(row.cell, row.score) for row in rows["blank"] if row.score != 0]
    assert scored == []
