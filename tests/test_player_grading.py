"""The exercises of a player graded by play, Tic-Tac-Toe-4x4's Exercise 4 and
Connect-Four-Heuristics' Exercise 4, through nbgrader's autograde as a lecturer runs it
(``grade_class``, in the course's sandbox): the instructor's player gets all five points, a
greedy one fewer, a random one fewer still, and the players that run over time, raise, play an
illegal move or end their process get none, each game lost saying why, and the notebook's other
graded cell is graded as usual.

The players are graded in the deep dive's one grading of the run (``graded`` in conftest.py,
``handed_in.PLAYED``), beside the instructor's copy, the blank one and the wrong answers that
``tests/test_grading_deep_dives.py`` reads."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from handed_in import PLAYED, Graded

from gamesolver.tools.grade import CellGrade

ASSIGNMENT = "tic-tac-toe-4x4"
NOTEBOOK = "Tic-Tac-Toe-4x4.ipynb"

REASONS = {
    "slow": "why: a move took more than 0.2 s of CPU time (the time per move)",
    "crashing": "why: the player raised IndexError: list index out of range",
    "illegal": "why: an illegal move: the player returned ",
    "exiting": "why: the player ended the game's process (exit status 1) during its move",
}


def printed(
    course: Path, student: str, assignment: str = ASSIGNMENT, notebook: str = NOTEBOOK
) -> str:
    """What the graded cell ex4-test printed in ``student``'s autograded notebook."""
    path = course / "autograded" / student / assignment / notebook
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        if cell["metadata"].get("nbgrader", {}).get("grade_id") == "ex4-test":
            return "".join(
                "".join(output.get("text", "")) for output in cell["outputs"] if "text" in output
            )
    raise AssertionError(f"no graded cell ex4-test in {path}")


def of_players(grading: Graded, notebook: str, cell: str) -> dict[str, CellGrade]:
    """The rows of ``notebook``'s graded cell ``cell`` of the instructor and of the players
    handed in for ``notebook``, by student (the blank copy and the wrong answers graded beside
    them are test_grading_deep_dives.py's)."""
    students = {"teacher", *PLAYED[notebook]}
    stem = notebook.removesuffix(".ipynb")
    rows = {
        row.student: row
        for row in grading.rows
        if row.notebook == stem and row.cell == cell and row.student in students
    }
    assert rows.keys() == students, sorted(rows)
    return rows


@pytest.mark.nbgrader
def test_players_are_graded_by_play_through_autograde(graded: Callable[[str], Graded]) -> None:
    grading = graded(ASSIGNMENT)  # the run's one grading of the deep dive (conftest.py)
    course = grading.course
    points = {name: row.score for name, row in of_players(grading, NOTEBOOK, "ex4-test").items()}
    assert points["teacher"] == 5
    assert points["random"] is not None and points["weak"] is not None
    assert points["random"] < points["weak"] < 5
    assert {name: points[name] for name in REASONS} == dict.fromkeys(REASONS, 0)
    other = {name: row.passed for name, row in of_players(grading, NOTEBOOK, "ex3-test").items()}
    assert other == dict.fromkeys(points, True)  # one cell's faults cost nothing elsewhere
    for name, reason in REASONS.items():
        said = printed(course, name)
        assert said.count(reason) == 20 and "points: 0 of 5" in said, said[:2000]
    weak = printed(course, "weak")
    assert "turned a draw into a loss" in weak and "why:" not in weak
    assert "points: 5 of 5" in printed(course, "teacher")


C4_ASSIGNMENT = "connect-four-heuristics"
C4_NOTEBOOK = "Connect-Four-Heuristics.ipynb"


@pytest.mark.nbgrader
def test_connect_four_players_are_graded_by_play_through_autograde(
    graded: Callable[[str], Graded],
) -> None:
    """Connect Four separates the players that 4 x 4 draws: the lecture's search two plies
    ahead beats two rungs of five, one ply ahead (full marks on 4 x 4) fewer."""
    grading = graded(C4_ASSIGNMENT)  # the run's one grading of this deep dive (conftest.py)
    course = grading.course
    # The faulty players (over time, raising, illegal, os._exit) meet the same referee here as
    # on 4 x 4 above, and the exiting one loses Connect Four's points in the deep dives' grading
    # (wrong_answers.WRONG): here the players that Connect Four tells apart (handed_in.PLAYED).
    rows = of_players(grading, C4_NOTEBOOK, "ex4-test")
    points = {name: row.score for name, row in rows.items()}
    assert points["teacher"] == 5, points
    assert points["shallow"] is not None and points["weak"] is not None, points
    assert points["shallow"] < points["weak"] < 5, points
    other = {name: row.passed for name, row in of_players(grading, C4_NOTEBOOK, "ex1-test").items()}
    assert other == dict.fromkeys(points, True)  # one cell's faults cost nothing elsewhere
    weak = printed(course, "weak", C4_ASSIGNMENT, C4_NOTEBOOK)
    assert "turned a draw into a loss" in weak and "why:" not in weak, weak[:2000]
    assert "points: 5 of 5" in printed(course, "teacher", C4_ASSIGNMENT, C4_NOTEBOOK)
