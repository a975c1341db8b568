"""What the browser tests share about a game's board: reading the ``Play`` widget's canvas cell
by cell, from its pixels.

A view knows, for each cell of the board, the rectangle of canvas pixels it covers and which
colour each mark is drawn in (``""``: the cell's background, an empty cell). ``wait_marks``
waits until the canvas shows exactly the marks given, ``wait_new_game`` until a new game's
status line and an empty board are shown, ``wait_seen`` as long as a person needs to see the
computer's move before the widget takes the next one. The game's own view adds how a move is
clicked and what the status line says then.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Sequence
from itertools import pairwise
from typing import Any

from gamesolver.widgets.play import SETTLE

Rect = tuple[float, float, float, float]
"""``(x, y, width, height)`` in canvas pixels."""


def grid_rect(board: Any, row: int, col: int) -> Rect:
    """The pixels of cell ``(row, col)`` of a ``GridBoard``."""
    return (board.left + col * board.cell, board.top + row * board.cell, board.cell, board.cell)


class CellsView:
    """A ``Play`` widget's board as the student sees it: a mark, or none, in each cell."""

    def __init__(
        self,
        play: Any,
        board: Any,
        cells: Sequence[Hashable],
        rects: Sequence[Rect],
        colors: dict[str, str],
        new_game: re.Pattern[str],
    ) -> None:
        """``play``: the widget in the page; ``board``: the notebook's board (for its size);
        ``rects[i]``: the pixels of ``cells[i]``; ``colors``: each mark's colour;
        ``new_game``: the status line of a new game."""
        self.play = play
        self.board = board
        self.cells = list(cells)
        self.rects = list(rects)
        self.colors = colors
        self.new_game = new_game

    def wait_marks(self, marks: dict[Any, str]) -> None:
        """Wait until the canvas shows exactly ``marks`` (every other cell empty)."""
        self.play.wait_read(self.rects, self.colors, [marks.get(cell, "") for cell in self.cells])

    def wait_new_game(self) -> None:
        """A new game with the student to move: its status line and the empty board drawn."""
        self.play.wait_shown(self.new_game)
        assert self.play.size() == (self.board.width, self.board.height)
        self.wait_marks({})

    def wait_seen(self) -> None:
        """Wait ``SETTLE`` seconds, as a person who has seen the computer's move: the widget
        refuses a move clicked sooner after it ("Wait for my move to show")."""
        self.play.page.wait_for_timeout(SETTLE * 1000)


def points_along(board: Any, cells: Sequence[Any], steps: int = 4, size: int = 3) -> list[Rect]:
    """Squares of ``size`` canvas pixels on the strokes from the centre of each of ``cells``
    to the next, ``steps`` a stroke, both ends included: where ``GridBoard.draw_winning_line``
    draws. The squares are much narrower than that stroke, so only its colour is inside."""
    centres = [board.center(*cell) for cell in cells]
    points = [centres[0]]
    for (x0, y0), (x1, y1) in pairwise(centres):
        points += [
            (x0 + (x1 - x0) * k / steps, y0 + (y1 - y0) * k / steps) for k in range(1, steps + 1)
        ]
    half = size / 2
    return [(round(x - half), round(y - half), size, size) for x, y in points]


def wait_winning_line(view: CellsView, line: Sequence[Any]) -> None:
    """Wait until the canvas strikes through ``line`` (grid cells, in order) in the board's
    highlight colour, and through no other cell: the centre of every cell off the line shows
    none of that colour (a mark there, or the board)."""
    board = view.board
    on = points_along(board, line)
    off = [points_along(board, [cell])[0] for cell in view.cells if cell not in line]
    expected: list[str | None] = ["line"] * len(on) + [None] * len(off)
    colors = {"line": board.palette.highlight}
    view.play.wait_read([*on, *off], colors, expected, minimum=5)  # of the 9 pixels of a square
