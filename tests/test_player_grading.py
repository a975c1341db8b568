"""The exercises of a player graded by play, Tic-Tac-Toe-4x4's Exercise 4 and
Connect-Four-Heuristics' Exercise 4, through nbgrader's autograde as a lecturer runs it
(``grade_class``, in the course's sandbox): the instructor's player gets all five points, a
greedy one fewer, a random one fewer still, and the players that run over time, raise, play an
illegal move or end their process get none, each game lost saying why, and the notebook's other
graded cell is graded as usual."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from test_grading import hand_in
from wrong_answers import CONNECT_FOUR_PLAYERS, PLAYERS

from gamesolver.tools.grade import grade_class

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


@pytest.mark.nbgrader
def test_players_are_graded_by_play_through_autograde(course_copy: Path) -> None:
    course = course_copy  # the whole course released (conftest.py), this file's copy
    shutil.copytree(course / "source" / ASSIGNMENT, course / "submitted" / "teacher" / ASSIGNMENT)
    for name, source in PLAYERS.items():
        hand_in(course, ASSIGNMENT, name, {(NOTEBOOK, "ex4-solution"): source})
    graded = grade_class(course, ASSIGNMENT, time_limit=60)
    points = {row.student: row.score for row in graded.rows if row.cell == "ex4-test"}
    assert points["teacher"] == 5
    assert points["random"] is not None and points["weak"] is not None
    assert points["random"] < points["weak"] < 5
    assert {name: points[name] for name in REASONS} == dict.fromkeys(REASONS, 0)
    other = {row.student: row.passed for row in graded.rows if row.cell == "ex3-test"}
    assert other == dict.fromkeys(points, True)  # one cell's faults cost nothing elsewhere
    for name, reason in REASONS.items():
        said = printed(course, name)
        assert said.count(reason) == 20 and "points: 0 of 5" in said, said[:2000]
    weak = printed(course, "weak")
    assert "turned a draw into a loss" in weak and "why:" not in weak
    assert "points: 5 of 5" in printed(course, "teacher")


C4_ASSIGNMENT = "connect-four-heuristics"
C4_NOTEBOOK = "Connect-Four-Heuristics.ipynb"
SEPARATED = ("weak", "shallow")


@pytest.mark.nbgrader
def test_connect_four_players_are_graded_by_play_through_autograde(course_copy: Path) -> None:
    """Connect Four separates the players that 4 x 4 draws: the lecture's search two plies
    ahead beats two rungs of five, one ply ahead (full marks on 4 x 4) fewer."""
    course = course_copy  # this file's copy of the released course; another assignment
    source = course / "source" / C4_ASSIGNMENT
    shutil.copytree(source, course / "submitted" / "teacher" / C4_ASSIGNMENT)
    # The faulty players (over time, raising, illegal, os._exit) meet the same referee here as
    # on 4 x 4 above, and the exiting one loses Connect Four's points in the deep dives' grading
    # (wrong_answers.WRONG): here the players that Connect Four tells apart, one run each.
    for name in SEPARATED:
        answer = CONNECT_FOUR_PLAYERS[name]
        hand_in(course, C4_ASSIGNMENT, name, {(C4_NOTEBOOK, "ex4-solution"): answer})
    graded = grade_class(course, C4_ASSIGNMENT, time_limit=60)
    points = {row.student: row.score for row in graded.rows if row.cell == "ex4-test"}
    assert points["teacher"] == 5, points
    assert points["shallow"] is not None and points["weak"] is not None, points
    assert points["shallow"] < points["weak"] < 5, points
    other = {row.student: row.passed for row in graded.rows if row.cell == "ex1-test"}
    assert other == dict.fromkeys(points, True)  # one cell's faults cost nothing elsewhere
    weak = printed(course, "weak", C4_ASSIGNMENT, C4_NOTEBOOK)
    assert "turned a draw into a loss" in weak and "why:" not in weak, weak[:2000]
    assert "points: 5 of 5" in printed(course, "teacher", C4_ASSIGNMENT, C4_NOTEBOOK)
