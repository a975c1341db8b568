"""What the grading tests hand in for an assignment, all graded in one run of nbgrader's autograde
(``graded`` in conftest.py): the instructor's copy (``teacher``), the released copy (``blank``),
the k-th wrong answers of all its graded cells (``wrong-k``, from ``wrong_answers.WRONG``) and,
for an exercise graded by play, the players that ``tests/test_player_grading.py`` grades.

One run for all of them: nbgrader's start and the instructor's copy (20 games of its player, on
Connect Four a solver) cost once, not once per test file."""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from wrong_answers import CONNECT_FOUR_PLAYERS, PLAYERS, WRONG

from gamesolver.notebook import nbgrader_marks, notebook_cells
from gamesolver.tools.grade import CellGrade

Cell = tuple[str, str]
"""A notebook's name and a cell's grade id."""

PLAYED: dict[str, dict[str, dict[Cell, str]]] = {
    "Tic-Tac-Toe-4x4.ipynb": {
        name: {("Tic-Tac-Toe-4x4.ipynb", "ex4-solution"): source}
        for name, source in PLAYERS.items()
    },
    "Connect-Four-Heuristics.ipynb": {
        name: {("Connect-Four-Heuristics.ipynb", "ex4-solution"): CONNECT_FOUR_PLAYERS[name]}
        for name in ("weak", "shallow")
    },
}
"""For a notebook whose exercise is graded by play: a student per player, named after it, who
hands in the instructor's copy with that player in place of the solution."""


@dataclass(frozen=True)
class Graded:
    """An assignment autograded once for the run (``graded`` in conftest.py), every submission
    the tests read in it (``hand_in_all``)."""

    course: Path
    """The course directory it was graded in (read-only): ``autograded/`` holds each student's
    notebooks as nbgrader ran them."""
    students: frozenset[str]
    """The students handed in."""
    rows: list[CellGrade]
    """What ``grade_class`` found, a row per student and graded cell."""
    not_graded: dict[str, str]
    """The students nbgrader did not grade, each with why."""


def graded_code(path: Path) -> list[str]:
    """The grade ids of the notebook's graded code cells (its tests)."""
    return [
        nbgrader_marks(cell)["grade_id"]
        for cell in notebook_cells(path)
        if cell["cell_type"] == "code" and nbgrader_marks(cell).get("grade")
    ]


def hand_in(course: Path, assignment: str, student: str, answers: dict[Cell, str]) -> None:
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


@dataclass
class Wrong:
    """A student ``wrong-k``: the k-th wrong answer of every graded cell that has one, the
    instructor's solution elsewhere."""

    answers: dict[Cell, str] = field(default_factory=dict)
    """The solution cells replaced, by notebook and grade id."""
    tests: set[Cell] = field(default_factory=set)
    """The tests answered wrong, by notebook stem and grade id: each must lose points."""


def wrong_answers(course: Path, assignment: str) -> dict[str, Wrong]:
    """The students ``wrong-k`` of ``assignment`` (``wrong_answers.WRONG``)."""
    tests = graded_tests(course, assignment)
    students: dict[str, Wrong] = {}
    for (notebook, test), kinds in sorted(WRONG.items()):
        if (notebook.removesuffix(".ipynb"), test) in tests:
            for number, answer in enumerate(kinds):  # the k-th wrong answer of every cell
                student = students.setdefault(f"wrong-{number}", Wrong())
                student.tests.add((notebook.removesuffix(".ipynb"), test))
                student.answers.update({(notebook, cell): code for cell, code in answer.items()})
    return students


def graded_tests(course: Path, assignment: str) -> set[Cell]:
    """The graded test cells of ``assignment``'s instructor copy, by notebook stem and grade id."""
    return {
        (notebook.stem, name)
        for notebook in (course / "source" / assignment).glob("*.ipynb")
        for name in graded_code(notebook)
    }


def players(course: Path, assignment: str) -> dict[str, dict[Cell, str]]:
    """The players handed in for ``assignment`` (``PLAYED``, by the notebooks it holds)."""
    held = {path.name for path in (course / "source" / assignment).glob("*.ipynb")}
    return {
        name: answers
        for notebook, students in PLAYED.items()
        if notebook in held
        for name, answers in students.items()
    }


def hand_in_all(course: Path, assignment: str) -> set[str]:
    """Every submission of ``assignment`` the grading tests read, handed in in ``course``: the
    students."""
    shutil.copytree(course / "source" / assignment, course / "submitted" / "teacher" / assignment)
    shutil.copytree(course / "release" / assignment, course / "submitted" / "blank" / assignment)
    wrong = {name: student.answers for name, student in wrong_answers(course, assignment).items()}
    others = {**wrong, **players(course, assignment)}
    for student, answers in others.items():
        hand_in(course, assignment, student, answers)
    return {"teacher", "blank", *others}
