"""Tic-tac-toe in a real browser: in JupyterLab, and a whole game on the page of ``make play``.

The student runs the notebook and plays on the canvas of its ``Play`` widget: X, moving first.
Every check reads the page itself: the canvas pixels (which cell shows a blue X, a vermilion O
or only the board) and the status line.
"""

from __future__ import annotations

import re
from typing import Any

from gamesolver.notebook import load_notebook
from gamesolver.widgets.play import NOT_SEEN, WAIT

from .conftest import SCREENS
from .views import CellsView, grid_rect, wait_winning_line

NOTEBOOK = "Tic-Tac-Toe.ipynb"
NEW_GAME = re.compile(
    r"^New game: you move first \(X\), I move second \(O\)\. Your turn: click an empty cell\.$"
)

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
        """A click on the occupied ``cell``: the notice says so; the status line (what the
        computer said), the explanation and the canvas stay as they were."""
        whole = (0, 0, self.board.width, self.board.height)
        before = self.play.fingerprints([*self.rects, whole])
        status, explanation = self.play.status(), self.play.explanation()
        self.play.record_status()
        self.play.click(*self.board.center(*cell))
        message = f"{cell} is taken: click an empty cell."
        self.play.wait_for_status(re.compile(f"^{re.escape(message)}$"))
        assert self.play.notice() == message
        assert (self.play.status(), self.play.explanation()) == (status, explanation)
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
    notebook = load_notebook(jupyterlab.served / NOTEBOOK)
    view = TicTacToeView(jupyterlab.play_widget(page), notebook.TicTacToeBoard())
    view.wait_new_game()
    computer = view.move((1, 1))
    view.click_taken(computer)
    artifacts.save(page, view.play)


def test_a_whole_game_with_explain_on(make_play: Any, page: Any, artifacts: Any) -> None:
    """The student loses on the play page at 1366 x 768 with *Explain* on from the start.

    The first move is a double click: its second click is refused (the computer is thinking,
    or the cell is taken) and the computer's answer stays on the status line. After the answer,
    a click on the computer's O is refused in the notice, and the status line, the explanation
    and the canvas stay as the computer left them (issue 28: the warning was erased). After
    every move the board and every button are where they were at the start, all in view. At
    the end, O's three in a row are struck through in green on the canvas, the status line says
    who won, and the explanation is the short one, two lines (artifacts/...-page.png)."""
    from playwright.sync_api import expect

    page.set_viewport_size({"width": SCREENS[0][0], "height": SCREENS[0][1]})
    app = make_play("Tic-Tac-Toe")
    play = app.open(page)
    notebook = load_notebook(app.server.served / NOTEBOOK)
    view = TicTacToeView(play, notebook.TicTacToeBoard())
    view.wait_new_game()
    toggle = play.widget.locator("button", has_text="Explain")
    toggle.click()
    expect(toggle).to_have_text("Explain: on")
    start = play.assert_in_view()

    (cell, answer), *rest = LOSING
    play.record_status()
    play.dblclick(*view.board.center(*cell))
    _, said = play.wait_for_status(
        re.compile(rf"^You played {re.escape(str(cell))}\. I am thinking"),
        re.compile(rf"^I played {re.escape(str(answer))}\. "),
    )
    refused = (
        rf"^({re.escape(WAIT)}|{re.escape(NOT_SEEN)}|\(0, 0\) is taken: click an empty cell\.)$"
    )
    play.wait_for_status(re.compile(refused))  # the second click, before or after the answer
    marks = {cell: "X", answer: "O"}
    view.wait_marks(marks)
    assert play.status() == said and play.explanation().startswith(f"I play {answer}")
    view.click_taken(answer)  # a misclick after the computer's move: the notice says why
    assert moved(start, play.assert_in_view()) == []

    for cell, answer in rest:
        view.wait_seen()
        assert view.move(cell, marks) == answer, f"{cell}: not the forced answer"
        marks |= {cell: "X", answer: "O"}
        assert play.explanation().startswith(f"I play {answer}")
        now = play.assert_in_view()
        assert moved(start, now) == [], f"after {cell}: {start} -> {now}"
    assert re.match(r"^I played \(2, 0\)\. I win\. Press New game to play again\.$", play.status())
    wait_winning_line(view, WON_BY_O)
    assert play.explanation().splitlines() == [
        "I play (2, 0): I win.",
        "Every other move would lose: you would win at once with (2, 0).",
    ]
    artifacts.save(page, play)


def moved(before: dict[str, list[float]], after: dict[str, list[float]]) -> list[str]:
    """What moved between two ``PlayWidget.layout()``: the board or a button (the status line
    grows and shrinks with its text, under the buttons)."""
    return [name for name in before if name != "status" and before[name] != after[name]]
