"""Connect Four on the canvas: a disc falls into the column the student clicks.

The rules stay in notebooks/Connect-Four.ipynb: a ``DiscBoard`` is given the game's lines of
four and its ``drop``, and reads a state as the lecture writes it, rows of marks from the
bottom up::

    ConnectFourBoard = functools.partial(DiscBoard, all_lines, drop)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Any

from gamesolver.widgets.board import OUTSIDE, GridBoard, NotAMove, changed_cell

Rows = tuple[str, ...]
"""A state as the lecture writes it: the rows from the bottom up, a row a string of marks."""
Cell = tuple[int, int]
"""A square of the state: ``(row, col)`` from 0, row 0 the bottom row."""
Lines = Callable[[int, int], Sequence[Sequence[Cell]]]
"""The game's lines of four on a board ``width`` x ``height``: ``all_lines``."""
Drop = Callable[[Rows, int, str], Rows]
"""The game's move: the state after ``player`` drops a disc into column ``col`` (from 0)."""


class DiscBoard(GridBoard[Rows, str]):
    """A board of columns into which discs are dropped, with the game's rules as arguments."""

    prompt = "click a column."

    def __init__(
        self,
        lines: Lines,
        drop: Drop,
        width: int = 7,
        height: int = 6,
        players: tuple[str, str] = ("X", "O"),
        empty: str = " ",
    ) -> None:
        """``lines`` and ``drop``: the game's functions; ``players``: the marks of the first
        and the second player (drawn blue and orange); ``empty``: the mark of an empty square."""
        super().__init__(rows=height, cols=width, cell=64, margin=28)
        self.lines, self.drop = lines, drop
        self.players, self.empty = players, empty

    def square(self, cell: Cell) -> tuple[int, int]:
        """The grid's ``(row, col)`` of a square of the state: the grid counts rows from the top."""
        row, col = cell
        return self.rows - 1 - row, col

    def new_disc(self, before: Rows, after: Rows) -> Cell:
        """The square of the disc dropped between ``before`` and ``after``."""
        return changed_cell(before, after)

    def draw_state(self, canvas: Any, state: Rows) -> None:
        """The grid, the column numbers, the discs and holes, a line through a winning four."""
        self.draw_grid(canvas, labels=False)
        for col in range(self.cols):
            x, _ = self.center(0, col)
            self.draw_text(
                canvas, x, self.top / 2, str(col + 1), self.label_size, self.palette.label
            )
        for row, marks in enumerate(state):
            for col, mark in enumerate(marks):
                if mark != self.empty:
                    self.draw_disc(canvas, *self.square((row, col)), self.players.index(mark))
                else:
                    canvas.fill_style = self.palette.background
                    canvas.fill_circle(*self.center(*self.square((row, col))), self.cell * 0.4)
        for line in self.lines(self.cols, self.rows):
            seen = {state[r][c] for r, c in line}
            if len(seen) == 1 and self.empty not in seen:
                self.draw_winning_line(canvas, [self.square(cell) for cell in line])

    def draw_move(self, canvas: Any, before: Rows, after: Rows) -> None:
        """Outline the square of the last disc."""
        self.highlight_cell(canvas, *self.square(self.new_disc(before, after)))

    def draw_motion(self, canvas: Any, before: Rows, after: Rows) -> None:
        """The new disc falls from the top of its column to its square, half a square a frame."""
        row, col = self.new_disc(before, after)
        who = self.players.index(after[row][col])
        for step in range(2 * self.square((row, col))[0]):
            self.blank(canvas)
            self.draw_state(canvas, before)
            self.draw_disc(canvas, step / 2, col, who)  # type: ignore[arg-type]  # between rows
            canvas.sleep(15)

    def draw_line(self, canvas: Any, state: Rows, line: Sequence[Rows]) -> None:
        """Each move of ``line`` as a faint disc of its player, numbered in the order of play."""
        for number, (before, after) in enumerate(pairwise([state, *line]), start=1):
            row, col = self.new_disc(before, after)
            who = self.players.index(after[row][col])
            self.draw_ghost(canvas, *self.square((row, col)), who, number)

    def player_name(self, player: str) -> str:
        """A side by the colour of its discs, as the student sees it: blue, then orange."""
        return ("blue", "orange")[self.players.index(player)]

    def move_at(self, state: Rows, player: str, x: float, y: float) -> Rows:
        """The state after ``player`` clicks at (x, y), in a column or on its number above it."""
        cell = self.cell_at(x, max(y, self.top))
        if cell is None:
            raise NotAMove(OUTSIDE)
        col = cell[1]
        if state[-1][col] != self.empty:  # the top square is taken: discs rest on each other
            raise NotAMove(f"Column {col + 1} is full: click another column.")
        return self.drop(state, col, player)
