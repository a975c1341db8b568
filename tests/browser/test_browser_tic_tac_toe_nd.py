"""Tic-tac-toe on 4 x 4 and on the 4 x 4 x 4 cube in JupyterLab (pages: test_browser_pages.py).

The student runs the notebook and plays on the canvas of its first ``Play`` widget (section
*Play*; a scripted replay widget comes after it): ``x``, moving first, clicks a free cell, and
the computer answers after its search of half a second (the time per move the menu starts
with). The cube's board is ``CubeBoard(tic_tac_toe(3))``: its four layers side by side, and a
click on any layer plays there. Every check reads the page itself: the canvas pixels (which
cell shows a blue x, a vermilion o or only the board) and the status line.
"""

from __future__ import annotations

import re
from typing import Any

from gamesolver.notebook import load_notebook
from gamesolver.widgets.cube_board import CubeBoard

from .views import CellsView, grid_rect

SQUARE = "Tic-Tac-Toe-4x4.ipynb"
CUBE = "Tic-Tac-Toe-3D.ipynb"
NEW_GAME = re.compile(
    r"^New game: you move first \(x\), I move second \(o\)\. Your turn: click a free cell\.$"
)
COORDS = r"\((\d(?:, \d)*)\)"
"""A cell as ``describe_move`` names it: ``(row, col)``, or ``(layer, row, col)`` on the cube."""
ANSWER = re.compile(
    rf"^I played {COORDS}\. I see the value -?[\d.]+ for you, "
    r"(an estimate at depth \d+|a (win|loss) found at depth \d+|exact): "
)
"""The status line after the computer's move: its cell, and how it found its value."""

Cell = int
"""A cell's number as the notebooks count: ``4 * row + col``, ``16 * layer + 4 * row + col``."""


class CubeView(CellsView):
    """The ``Play`` widget on ``CubeBoard(n)`` as the student sees it: a mark or none per cell."""

    def __init__(self, play: Any, notebook: Any, n: int) -> None:
        """``play``: the widget in the page; ``notebook``: the definitions of the 4 x 4 notebook."""
        self.notebook = notebook
        self.n = n
        board = CubeBoard(notebook.tic_tac_toe(n))
        cells: list[Cell] = list(range(board.size))
        blue, vermilion = board.palette.players
        colors = {"x": blue, "o": vermilion, "": board.palette.board}
        rects = [grid_rect(board, *board.place(cell)) for cell in cells]
        super().__init__(play, board, cells, rects, colors, NEW_GAME)

    def name(self, cell: Cell) -> str:
        """``cell`` as the status line names it: ``(1, 1)`` or ``(0, 1, 1)``."""
        return str(self.notebook.coords_of(cell, self.n))

    def move(self, cell: Cell, marks: dict[Cell, str]) -> dict[Cell, str]:
        """The student clicks the free ``cell`` on the board with ``marks``.

        Checks the status line ("You played ...", then "I played ..." with how the computer found
        its value) and that the x and the o are drawn in their cells, every other cell as
        before; returns the marks now.
        """
        assert cell not in marks, f"{self.name(cell)} is taken"
        if marks:
            self.wait_seen()  # the computer's move was shown before this (wait_marks)
        self.play.record_status()
        self.play.click(*self.board.click_point(cell))
        _, answer = self.play.wait_for_status(
            re.compile(rf"^You played {re.escape(self.name(cell))}\. I am thinking"), ANSWER
        )
        found = ANSWER.match(answer)
        assert found, answer
        coords = tuple(int(x) for x in found[1].split(", "))
        assert len(coords) == self.n, answer
        computer = self.notebook.cell_of(coords)
        assert computer != cell and computer not in marks, answer
        after = {**marks, cell: "x", computer: "o"}
        self.wait_marks(after)
        return after


def free(marks: dict[Cell, str], *cells: Cell) -> Cell:
    """The first of ``cells`` that ``marks`` leaves free."""
    return next(cell for cell in cells if cell not in marks)


def test_tic_tac_toe_4x4_in_jupyterlab(jupyterlab: Any, page: Any, artifacts: Any) -> None:
    """Run All, then two moves each on the Play widget's canvas."""
    jupyterlab.run_all(page, SQUARE)
    notebook = load_notebook(jupyterlab.served / SQUARE)
    view = CubeView(jupyterlab.play_widget(page), notebook, 2)
    view.wait_new_game()
    marks = view.move(5, {})
    marks = view.move(free(marks, 10, 6, 9), marks)
    assert marks[5] == "x" and len(marks) == 4
    artifacts.save(page, view.play)


def test_tic_tac_toe_3d_in_jupyterlab(jupyterlab: Any, page: Any, artifacts: Any) -> None:
    """Run All, then a move on layer 0 and one on layer 3: a click on any layer plays there."""
    jupyterlab.run_all(page, CUBE)
    notebook = load_notebook(jupyterlab.served / SQUARE)
    view = CubeView(jupyterlab.play_widget(page), notebook, 3)
    view.wait_new_game()
    marks = view.move(notebook.cell_of((0, 1, 1)), {})
    last = free(marks, *(notebook.cell_of((3, r, c)) for r, c in [(2, 2), (2, 1), (1, 2)]))
    marks = view.move(last, marks)
    assert len(marks) == 4 and marks[last] == "x"
    artifacts.save(page, view.play)
