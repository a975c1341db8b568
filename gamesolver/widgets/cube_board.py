"""The board of n-dimensional tic-tac-toe on the canvas: the 4 x 4 square, or the 4 x 4 x 4
cube's four layers side by side, the rules given.

The game is the lecture's ``tic_tac_toe(n)`` (notebooks/Tic-Tac-Toe-4x4.ipynb), whose ``parts``
give ``n`` (2 or 3 dimensions), ``marks(state, player)`` (the cells of player 0, ``x``, or 1,
``o``, as a mask) and ``line_masks`` (the lines of four). Cells are numbered as the KTH
assignment numbers them: cell ``(l, r, c)`` is ``16 l + 4 r + c``.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import Any, cast

from gamesolver.widgets.board import OUTSIDE, GridBoard, NotAMove

Side = 4
"""Cells along each edge; four in a row wins."""

Symbols = "xo"
"""The marks of players 0 and 1."""

BETWEEN = "That click is between two layers: click a cell of a layer."


def coords_of(cell: int, n: int) -> tuple[int, ...]:
    """The coordinates of ``cell`` on the board of ``n`` dimensions, the last counting fastest."""
    coords = []
    for _ in range(n):
        cell, x = divmod(cell, Side)
        coords.append(x)
    return tuple(reversed(coords))


class CubeBoard(GridBoard[int, int]):
    """The board of ``game`` on the canvas: the square, or the cube's four layers side by side
    with a free column between them; a click on any layer marks that cell."""

    prompt = "click a free cell."

    def __init__(self, game: Any) -> None:
        """The board of ``game`` (the lecture's ``tic_tac_toe(n)``: see the module)."""
        self.game = game
        self.n: int = game.parts.n
        self.marks = game.parts.marks
        self.line_masks: list[int] = list(game.parts.line_masks)
        if self.n not in (2, 3):
            raise ValueError(f"a board of 2 or 3 dimensions, not {self.n}")
        self.layers = Side ** (self.n - 2)  # 1 on the square, 4 on the cube
        self.size = Side**self.n
        cell = 80 if self.n == 2 else 40
        super().__init__(rows=Side, cols=self.layers * (Side + 1) - 1, cell=cell, margin=44)

    def place(self, cell: int) -> tuple[int, int]:
        """The grid's (row, col) of ``cell``: layer l's columns start at l * 5."""
        layer, square = divmod(cell, Side * Side)
        row, col = divmod(square, Side)
        return row, layer * (Side + 1) + col

    def cell_under(self, x: float, y: float) -> int | None:
        """The cell at canvas pixel (x, y), None outside the layers (margins and gaps)."""
        at = self.cell_at(x, y)
        if at is None:
            return None
        row, col = at
        layer, col = divmod(col, Side + 1)
        return None if col == Side else Side * Side * layer + Side * row + col

    def owner(self, state: int, cell: int) -> int | None:
        """The player whose mark is in ``cell``, None if it is free."""
        for player in (0, 1):
            if self.marks(state, player) >> cell & 1:
                return player
        return None

    def fours(self, state: int) -> list[list[int]]:
        """The lines one player fills, each as its cells in order."""
        found = []
        for line in self.line_masks:
            if any(self.marks(state, player) & line == line for player in (0, 1)):
                found.append([cell for cell in range(self.size) if line >> cell & 1])
        return found

    def draw_state(self, canvas: Any, state: int) -> None:
        """Each layer's grid under its name, the marks, and a winning line across the layers."""
        for layer in range(self.layers):
            self.draw_layer(canvas, layer)
        for row in range(Side):
            y = self.center(row, 0)[1]
            self.draw_text(canvas, self.left / 2, y, str(row), self.label_size, self.palette.label)
        fours = self.fours(state)
        for line in fours:
            canvas.fill_style = self.palette.highlight
            canvas.global_alpha = 0.35
            for cell in line:
                canvas.fill_rect(*self.origin(*self.place(cell)), self.cell, self.cell)
            canvas.global_alpha = 1.0
        for cell in range(self.size):
            who = self.owner(state, cell)
            if who is not None:
                self.draw_mark(canvas, *self.place(cell), who, Symbols[who])  # type: ignore[arg-type]
        for line in fours:
            self.draw_winning_line(canvas, [self.place(cell) for cell in line])

    def draw_layer(self, canvas: Any, layer: int) -> None:
        """The grid of ``layer``, its column numbers above it, its name on the cube."""
        left = self.left + layer * (Side + 1) * self.cell
        canvas.fill_style = self.palette.board
        canvas.fill_rect(left, self.top, Side * self.cell, Side * self.cell)
        canvas.stroke_style = self.palette.grid
        canvas.line_width = 2
        right, bottom = left + Side * self.cell, self.top + Side * self.cell
        for k in range(Side + 1):
            x, y = left + k * self.cell, self.top + k * self.cell
            canvas.stroke_line(left, y, right, y)
            canvas.stroke_line(x, self.top, x, bottom)
        for col in range(Side):
            middle, _ = self.center(0, layer * (Side + 1) + col)
            self.draw_text(
                canvas, middle, self.top - 12, str(col), self.label_size, self.palette.label
            )
        if self.layers > 1:
            name = f"layer {layer}"
            centre = left + Side * self.cell / 2
            self.draw_text(canvas, centre, 11, name, self.label_size, self.palette.ink, True)

    def new_cell(self, before: int, after: int) -> int:
        """The cell that the move from ``before`` to ``after`` marks."""
        new = (self.marks(after, 0) | self.marks(after, 1)) & ~(
            self.marks(before, 0) | self.marks(before, 1)
        )
        return cast(int, new.bit_length() - 1)

    def draw_move(self, canvas: Any, before: int, after: int) -> None:
        """Outline the cell of the last move."""
        self.highlight_cell(canvas, *self.place(self.new_cell(before, after)))

    def draw_line(self, canvas: Any, state: int, line: Sequence[int]) -> None:
        """Each move of ``line`` as a faint mark of its player, numbered in the order of play."""
        for number, (before, after) in enumerate(pairwise([state, *line]), start=1):
            cell = self.new_cell(before, after)
            who = self.owner(after, cell)
            if who is not None:
                self.draw_ghost(canvas, *self.place(cell), who, number, Symbols[who])  # type: ignore[arg-type]

    def player_name(self, player: int) -> str:
        """``x`` or ``o``."""
        return Symbols[player]

    def move_at(self, state: int, player: int, x: float, y: float) -> int:
        """The state after ``player`` clicks at (x, y); NotAMove if that is not a free cell."""
        cell = self.cell_under(x, y)
        if cell is None:
            between = self.cell_at(x, y) is not None
            raise NotAMove(BETWEEN if between else OUTSIDE)
        if self.owner(state, cell) is not None:
            raise NotAMove(f"{coords_of(cell, self.n)} is taken: click a free cell.")
        for after in self.game.next_states(state, player):
            if self.marks(after, player) >> cell & 1:
                return cast(int, after)
        raise NotAMove(f"{coords_of(cell, self.n)} is no move now: click a free cell.")

    def click_point(self, cell: int) -> tuple[float, float]:
        """The canvas pixel at the centre of ``cell``: where a test clicks."""
        return self.center(*self.place(cell))
