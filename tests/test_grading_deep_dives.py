"""The deep dives graded as the classes are in test_grading.py: the instructor's copy gets every
automatic point, the released copy none, each wrong answer loses where it answers."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from handed_in import Graded
from test_grading import CLASSES, GRADED, graded_as_expected

DEEP_DIVES = [name for name in GRADED if name not in CLASSES]


def test_the_deep_dives_with_graded_code_are_known() -> None:
    assert (
        len(DEEP_DIVES) == 10
        and "pig" in DEEP_DIVES
        and "mcts" in DEEP_DIVES
        and "chess-engine" in DEEP_DIVES
    )


@pytest.mark.nbgrader
@pytest.mark.parametrize("assignment", DEEP_DIVES)
def test_the_solution_gets_every_point_and_a_non_answer_loses(
    graded: Callable[[str], Graded], assignment: str
) -> None:
    graded_as_expected(graded(assignment), assignment)
