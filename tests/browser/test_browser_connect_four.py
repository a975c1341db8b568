"""Connect Four in a real browser: in JupyterLab, and as the app that ``make play`` serves.

The student runs the notebook and plays on the canvas of its ``Play`` widget: ``X``, moving
first, clicks a column; the disc falls, and the computer answers after its search of about a
second (the time per move the menu starts with). Every check reads the page itself: the canvas
pixels (which square shows a blue disc, a vermilion one, or an empty hole) and the status line.
"""

from __future__ import annotations

import re
from typing import Any

from gamesolver.notebook import load_notebook

NOTEBOOK = "Connect-Four.ipynb"
NEW_GAME = re.compile(r"^New game: you are X, I am O\. Your turn: click a column\.$")
ANSWER = re.compile(
    r"^I played column ([1-7])\. I see the value -?[\d.]+, "
    r"(an estimate at depth \d+|a (win|loss) found at depth \d+|exact): "
)
"""The status line after the computer's move: its column, and how it found its value."""

Square = tuple[int, int]
"""``(row, col)`` of the state, from 0: row 0 is the bottom row."""


class ConnectFourView:
    """The Connect Four ``Play`` widget as the student sees it: a disc or a hole per square."""

    def __init__(self, play: Any, board: Any) -> None:
        """``play``: the widget in the page; ``board``: the notebook's ``ConnectFourBoard()``."""
        self.play = play
        self.board = board
        self.squares: list[Square] = [(r, c) for r in range(board.rows) for c in range(board.cols)]
        self.rects = []
        for square in self.squares:
            row, col = board.square(square)
            self.rects.append(
                (
                    board.left + col * board.cell,
                    board.top + row * board.cell,
                    board.cell,
                    board.cell,
                )
            )
        blue, vermilion = board.palette.players
        self.colors = {"X": blue, "O": vermilion, "": board.palette.background}

    def wait_discs(self, discs: dict[Square, str]) -> None:
        """Wait until the canvas shows exactly ``discs`` (every other square an empty hole)."""
        expected = [discs.get(square, "") for square in self.squares]
        self.play.wait_read(self.rects, self.colors, expected)

    def wait_new_game(self) -> None:
        """A new game with the student to move: its status line and the empty board drawn."""
        self.play.wait_shown(NEW_GAME)
        assert self.play.size() == (self.board.width, self.board.height)
        self.wait_discs({})

    def move(self, column: int, discs: dict[Square, str]) -> dict[Square, str]:
        """The student drops a disc in ``column`` (1 to 7) on the board with ``discs``.

        Checks the status line ("You played column ...", then the computer's move with how it
        found its value) and that both discs are drawn where they fell; returns the discs now.
        """
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
        self.wait_discs(after)
        return after


def test_connect_four_in_jupyterlab(jupyterlab: Any, page: Any, artifacts: Any) -> None:
    """Run All, then two moves each on the Play widget's canvas, the second on top of the first."""
    jupyterlab.run_all(page, NOTEBOOK)
    notebook = load_notebook(jupyterlab.server.served / NOTEBOOK)
    view = ConnectFourView(jupyterlab.play_widget(page), notebook.ConnectFourBoard())
    view.wait_new_game()
    discs = view.move(4, {})
    discs = view.move(4, discs)
    assert discs[0, 3] == "X" and len(discs) == 4
    artifacts.save(page, view.play)


def test_connect_four_with_make_play(make_play: Any, page: Any, artifacts: Any) -> None:
    """``make play GAME=Connect-Four``: the board is drawn in Voilà and a click is answered."""
    app = make_play("Connect-Four")
    play = app.open(page)
    notebook = load_notebook(app.server.served / NOTEBOOK)
    view = ConnectFourView(play, notebook.ConnectFourBoard())
    view.wait_new_game()
    assert "class ConnectFourBoard(GridBoard)" not in page.locator("body").inner_text()  # no code
    view.move(3, {})
    artifacts.save(page, play)
