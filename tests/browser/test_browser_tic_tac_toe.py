"""Tic-tac-toe in a real browser: in JupyterLab, and as the app that ``make play`` serves.

The student runs the notebook and plays on the canvas of its ``Play`` widget: X, moving first.
Every check reads the page itself: the canvas pixels (which cell shows a blue X, a vermilion O
or only the board) and the status line.
"""

from __future__ import annotations

import re
from typing import Any

from gamesolver.notebook import load_notebook

from .views import CellsView, grid_rect, wait_winning_line

NOTEBOOK = "Tic-Tac-Toe.ipynb"
NEW_GAME = re.compile(r"^New game: you are X, I am O\. Your turn: click an empty cell\.$")

Cell = tuple[int, int]

LOSING = [((0, 0), (1, 1)), ((0, 1), (0, 2)), ((1, 0), (2, 0))]
"""A game the student loses, each X with O's answer, all of them forced: after a corner only
the centre holds, then O must block the top row, then O wins at once with (2, 0) (and must: X
threatens the left column)."""
WON_BY_O = [(0, 2), (1, 1), (2, 0)]
"""O's three in a row at the end of ``LOSING``: the diagonal, from the top right."""


class TicTacToeView(CellsView):
    """The tic-tac-toe ``Play`` widget as the student sees it: a mark or nothing in each cell."""

    def __init__(self, play: Any, board: Any) -> None:
        """``play``: the widget in the page; ``board``: the notebook's ``TicTacToeBoard()``."""
        cells: list[Cell] = list(board.cells())
        blue, vermilion = board.palette.players
        colors = {"X": blue, "O": vermilion, "": board.palette.board}
        rects = [grid_rect(board, *cell) for cell in cells]
        super().__init__(play, board, cells, rects, colors, NEW_GAME)

    def move(self, cell: Cell, marks: dict[Cell, str] | None = None) -> Cell:
        """The student clicks the free ``cell``; returns the cell of the computer's answer.

        Checks the status line ("You played ...", then "I played (r, c) ...") and that the X and
        the O are drawn in their cells, with the ``marks`` already on the board and every other
        cell still empty.
        """
        self.play.record_status()
        self.play.click(*self.board.center(*cell))
        _, answer = self.play.wait_for_status(
            re.compile(rf"^You played {re.escape(str(cell))}\. I am thinking"),
            re.compile(r"^I played \(\d, \d\)\. "),
        )
        found = re.match(r"^I played \((\d), (\d)\)", answer)
        assert found, answer
        computer = int(found[1]), int(found[2])
        assert computer != cell and computer in self.cells, answer
        self.wait_marks({**(marks or {}), cell: "X", computer: "O"})
        return computer

    def click_taken(self, cell: Cell) -> None:
        """A click on the occupied ``cell``: a message on the status line, the canvas unchanged."""
        whole = (0, 0, self.board.width, self.board.height)
        before = self.play.fingerprints([*self.rects, whole])
        status = self.play.status()
        self.play.record_status()
        self.play.click(*self.board.center(*cell))
        message = f"{cell} is taken: click an empty cell."
        self.play.wait_for_status(re.compile(f"^{re.escape(message)}$"))
        assert self.play.status() == message, f"the status line went on from {status!r}"
        after = self.play.fingerprints([*self.rects, whole])
        changed = [
            where
            for where, old, new in zip([*self.cells, "all"], before, after, strict=True)
            if old != new
        ]
        assert not changed, f"the canvas changed after a click on a taken cell: {changed}"


def test_tic_tac_toe_in_jupyterlab(jupyterlab: Any, page: Any, artifacts: Any) -> None:
    """Run All, then one move each and a click on a taken cell, on the Play widget's canvas."""
    jupyterlab.run_all(page, NOTEBOOK)
    notebook = load_notebook(jupyterlab.server.served / NOTEBOOK)
    view = TicTacToeView(jupyterlab.play_widget(page), notebook.TicTacToeBoard())
    view.wait_new_game()
    computer = view.move((1, 1))
    view.click_taken(computer)
    artifacts.save(page, view.play)


def test_tic_tac_toe_with_make_play(make_play: Any, page: Any, artifacts: Any) -> None:
    """``make play GAME=Tic-Tac-Toe``: the board is drawn in Voilà and a click is answered."""
    app = make_play("Tic-Tac-Toe")
    play = app.open(page)
    notebook = load_notebook(app.server.served / NOTEBOOK)
    view = TicTacToeView(play, notebook.TicTacToeBoard())
    view.wait_new_game()
    assert "class TicTacToeBoard(GridBoard)" not in page.locator("body").inner_text()  # no code
    view.move((0, 0))
    artifacts.save(page, play)


def test_a_lost_game_shows_the_winning_line(make_play: Any, page: Any, artifacts: Any) -> None:
    """The student loses on the play page, *Explain* on for the last move: O's three in a row
    are struck through in green on the canvas, the status line says who won, and the
    explanation is the short one, two lines (artifacts/...-board.png, ...-page.png)."""
    app = make_play("Tic-Tac-Toe")
    play = app.open(page)
    notebook = load_notebook(app.server.served / NOTEBOOK)
    view = TicTacToeView(play, notebook.TicTacToeBoard())
    view.wait_new_game()
    marks: dict[Cell, str] = {}
    for number, (cell, answer) in enumerate(LOSING, start=1):
        if number == len(LOSING):  # the computer's reasons for its winning move
            play.widget.locator("button", has_text="Explain").click()
        view.wait_seen()
        assert view.move(cell, marks) == answer, f"move {number}: not the forced answer"
        marks |= {cell: "X", answer: "O"}
    assert re.match(r"^I played \(2, 0\)\. I win\. Press New game to play again\.$", play.status())
    wait_winning_line(view, WON_BY_O)
    explanation = play.widget.locator(":scope > .gamesolver-explanation").inner_text().strip()
    assert explanation.splitlines() == [
        "I play (2, 0): I win.",
        "Every other move would lose: you would win at once with (2, 0).",
    ]
    artifacts.save(page, play)
