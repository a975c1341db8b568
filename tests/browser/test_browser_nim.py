"""Nim in JupyterLab in a real browser: the computer moves first, the student takes a match.

The ``Play`` section of ``Nim.ipynb`` starts from the piles (1, 3, 5, 7) with the computer to
move. The checks read the page: the status line, and the canvas pixels of every cell (a match's
wooden stick, or the board's background where no match is).
"""

from __future__ import annotations

import re
from typing import Any

from gamesolver.notebook import load_notebook
from gamesolver.widgets.nim_board import WOOD, NimBoard

NOTEBOOK = "Nim.ipynb"
START = (1, 3, 5, 7)
"""The piles of the notebook's ``Play``: ``on_the_table((1, 3, 5, 7))``, the computer first."""
COMPUTER_MOVED = r"^I played take (\d+) from pile (\d+)(?: again)?\. "
"""The status line after the computer's move ("take n from pile p", piles counted from 1)."""


SCROLL_TOP_UNDER = """(canvas, hidden) => {
    let box = canvas.parentElement;
    while (box && !(box.scrollHeight > box.clientHeight
                    && /auto|scroll/.test(getComputedStyle(box).overflowY))) {
        box = box.parentElement;
    }
    const top = () => canvas.getBoundingClientRect().top - box.getBoundingClientRect().top;
    box.scrollTop += top() + hidden;
    return Math.round(top());
}"""
"""Scrolls the notebook so that the top ``hidden`` CSS pixels of the canvas are out of view
(under the toolbar); returns the canvas' top edge, in whole pixels below the notebook's top."""


def computer_move(status: str) -> tuple[int, int]:
    """The move ``(pile, n)`` that the status line reports."""
    found = re.match(COMPUTER_MOVED, status)
    assert found, f"not the computer's move: {status!r}"
    return int(found[2]), int(found[1])


class NimView:
    """The Nim ``Play`` widget as the student sees it: a match, or none, in each cell."""

    def __init__(self, play: Any, notebook: Any) -> None:
        """``play``: the widget in the page; ``notebook``: the definitions of ``Nim.ipynb``."""
        self.play = play
        self.board = NimBoard(notebook.take, notebook.other)
        board = self.board
        self.cells = list(board.cells())
        self.rects = [
            (board.left + col * board.cell, board.top + row * board.cell, board.cell, board.cell)
            for row, col in self.cells
        ]
        self.colors = {"match": WOOD, "": board.palette.board}

    def wait_piles(self, piles: tuple[int, ...]) -> None:
        """Wait until the canvas shows ``piles``: ``piles[i]`` matches in row ``i``."""
        expected = [
            "match" if row < len(piles) and col < piles[row] else "" for row, col in self.cells
        ]
        self.play.wait_read(self.rects, self.colors, expected)

    def reads(self, cell: tuple[int, int]) -> str | None:
        """What the canvas shows in ``cell`` now."""
        return self.play.read(self.rects, self.colors)[self.cells.index(cell)]


def test_nim_in_jupyterlab(jupyterlab: Any, page: Any, artifacts: Any) -> None:
    """Run All; the computer's first move is shown; the student's move and the answer too."""
    jupyterlab.run_all(page, NOTEBOOK)
    nim = load_notebook(jupyterlab.served / NOTEBOOK)
    view = NimView(jupyterlab.play_widget(page), nim)
    play, board = view.play, view.board

    first = play.wait_shown(re.compile(COMPUTER_MOVED + r".*Your turn: click a match"))
    assert play.size() == (board.width, board.height)
    piles = nim.take(START, computer_move(first), keep_empty=True)  # on_the_table: rows stay
    view.wait_piles(piles)

    # The student has scrolled on a little: pile 1's row is half under the toolbar. A click on
    # the board must not scroll it (ipycanvas focuses the canvas before it reads where the canvas
    # is; the board then moved half a row under the pointer and the click read one row up).
    hidden = board.top + board.cell // 2
    assert play.canvas.evaluate(SCROLL_TOP_UNDER, hidden) == -hidden

    # The student takes the last match of the bottom pile. Whatever the answer, no match can
    # come to stand in that cell again: every pile keeps its row (on_the_table).
    row, col = len(piles) - 1, piles[-1] - 1
    assert view.reads((row, col)) == "match"
    play.record_status()
    play.click(*board.center(row, col))
    _, answer = play.wait_for_status(
        re.compile(rf"^You played take 1 from pile {row + 1}\. I am thinking"),
        re.compile(COMPUTER_MOVED),
    )
    after = nim.take(nim.take(piles, (row + 1, 1), True), computer_move(answer), True)
    view.wait_piles(after)
    assert len(after) == len(START), "a pile was dropped: the rows below it moved up"
    assert view.reads((row, col)) != "match", "the match that the student took is still drawn"
    artifacts.save(page, play)
