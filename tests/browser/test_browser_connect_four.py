"""Connect Four in a real browser: in JupyterLab (the play page: test_browser_pages.py).

The student runs the notebook and plays on the canvas of its ``Play`` widget: ``X``, moving
first, clicks a column; the disc falls, and the computer answers after its search of about a
second (the time per move the menu starts with). Every check reads the page itself: the canvas
pixels (which square shows a blue disc, a vermilion one, or an empty hole) and the status line.
"""

from __future__ import annotations

import re
from typing import Any

from gamesolver.notebook import load_notebook

from .views import CellsView, grid_rect

NOTEBOOK = "Connect-Four.ipynb"
NEW_GAME = re.compile(
    r"^New game: you move first \(blue\), I move second \(orange\)\. Your turn: click a column\.$"
)
ANSWER = re.compile(
    r"^I played column ([1-7])(?: again)?\. I see the value -?[\d.]+ for you, "
    r"(an estimate at depth \d+|a (win|loss) found at depth \d+|exact): "
)
"""The status line after the computer's move: its column, and how it found its value."""

Square = tuple[int, int]
"""``(row, col)`` of the state, from 0: row 0 is the bottom row."""


class ConnectFourView(CellsView):
    """The Connect Four ``Play`` widget as the student sees it: a disc or a hole per square."""

    def __init__(self, play: Any, board: Any) -> None:
        """``play``: the widget in the page; ``board``: the notebook's ``ConnectFourBoard()``."""
        squares: list[Square] = [(r, c) for r in range(board.rows) for c in range(board.cols)]
        blue, vermilion = board.palette.players
        colors = {"X": blue, "O": vermilion, "": board.palette.background}
        rects = [grid_rect(board, *board.square(square)) for square in squares]
        super().__init__(play, board, squares, rects, colors, NEW_GAME)

    def move(self, column: int, discs: dict[Square, str]) -> dict[Square, str]:
        """The student drops a disc in ``column`` (1 to 7) on the board with ``discs``.

        Checks the status line ("You played column ...", then the computer's move with how it
        found its value) and that both discs are drawn where they fell; returns the discs now.
        """
        if discs:
            self.wait_seen()  # the computer's move was shown before this (wait_marks)
        self.play.record_status()
        x, _ = self.board.center(0, column - 1)
        self.play.click(x, self.board.top + self.board.cell / 2)  # the top square of the column
        _, answer = self.play.wait_for_status(
            re.compile(rf"^You played column {column}\. I am thinking"), ANSWER, timeout=60_000
        )
        found = ANSWER.match(answer)
        assert found, answer
        after = dict(discs)
        for mark, col in [("X", column - 1), ("O", int(found[1]) - 1)]:
            row = sum(1 for (r, c) in after if c == col)  # the lowest empty square
            after[row, col] = mark
        self.wait_marks(after)
        return after


def test_connect_four_in_jupyterlab(jupyterlab: Any, page: Any, artifacts: Any) -> None:
    """Run All, then two moves each on the Play widget's canvas, the second on top of the first."""
    jupyterlab.run_all(page, NOTEBOOK)
    notebook = load_notebook(jupyterlab.served / NOTEBOOK)
    view = ConnectFourView(jupyterlab.play_widget(page), notebook.ConnectFourBoard())
    view.wait_new_game()
    discs = view.move(4, {})
    discs = view.move(4, discs)
    assert discs[0, 3] == "X" and len(discs) == 4
    artifacts.save(page, view.play)
