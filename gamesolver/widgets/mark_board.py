"""Tic-tac-toe on the canvas: the student clicks a free cell and marks it.

The rules stay in notebooks/Tic-Tac-Toe.ipynb: a ``MarkBoard`` is given the game's lines of
three and its ``mark``, and reads a state as the lecture writes it, a tuple of rows, each a
tuple of marks, ``" "`` for a free cell::

    TicTacToeBoard = functools.partial(MarkBoard, Lines, mark)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Any

from gamesolver.widgets.board import GridBoard, NotAMove, Shape, changed_cell

Rows = tuple[tuple[str, ...], ...]
"""A state as the lecture writes it: the rows from the top down, a row a tuple of marks."""
Cell = tuple[int, int]
"""A cell of the state: ``(row, col)`` from 0, ``(0, 0)`` top left."""
Mark = Callable[[Rows, Cell, str], Rows]
"""The game's move: the state after ``player`` marks the free ``cell``."""
SHAPES: tuple[Shape, Shape] = ("x", "o")
"""How the first and the second player's marks are drawn, whatever the marks are called."""


class MarkBoard(GridBoard[Rows, str]):
    """A grid of cells that the players mark in turn, with the game's rules as arguments."""

    prompt = "click an empty cell."

    def __init__(
        self,
        lines: Sequence[Sequence[Cell]],
        mark: Mark,
        size: int = 3,
        players: tuple[str, str] = ("X", "O"),
        empty: str = " ",
    ) -> None:
        """``lines``: the lines that win; ``mark``: the game's move; ``size``: the side of the
        grid in cells; ``players``: the marks of the first and the second player (drawn as X in
        blue and O in vermilion); ``empty``: the mark of a free cell."""
        super().__init__(rows=size, cols=size, cell=100, margin=28)
        self.lines, self.mark = lines, mark
        self.players, self.empty = players, empty

    def new_mark(self, before: Rows, after: Rows) -> Cell:
        """The cell marked between ``before`` and ``after``; ``ValueError`` unless exactly one."""
        return changed_cell(before, after)

    def draw_state(self, canvas: Any, state: Rows) -> None:
        """The grid, every mark, and a line struck through a winning line."""
        self.draw_grid(canvas, outer=False)
        for row, col in self.cells():
            if state[row][col] != self.empty:
                who = self.players.index(state[row][col])
                self.draw_mark(canvas, row, col, who, SHAPES[who])
        for line in self.lines:
            seen = {state[row][col] for row, col in line}
            if len(seen) == 1 and self.empty not in seen:
                self.draw_winning_line(canvas, line)

    def draw_move(self, canvas: Any, before: Rows, after: Rows) -> None:
        """Outline the cell of the last move."""
        self.highlight_cell(canvas, *self.new_mark(before, after))

    def draw_line(self, canvas: Any, state: Rows, line: Sequence[Rows]) -> None:
        """Each move of ``line`` as a faint mark of its player, numbered in the order of play."""
        for number, (before, after) in enumerate(pairwise([state, *line]), start=1):
            row, col = self.new_mark(before, after)
            who = self.players.index(after[row][col])
            self.draw_ghost(canvas, row, col, who, number, SHAPES[who])

    def move_at(self, state: Rows, player: str, x: float, y: float) -> Rows:
        """The state after ``player`` clicks at (x, y); ``NotAMove`` if that is not a free cell."""
        row, col = self.cell_of_click(x, y)
        if state[row][col] != self.empty:
            raise NotAMove(f"{(row, col)} is taken: click an empty cell.")
        return self.mark(state, (row, col), player)
