"""Nim on the canvas: the piles as rows of matches, a click takes a match and those to its right.

The board is given the lecture's ``take(piles, move, keep_empty)`` and ``other(player)``; a
state is the lecture's ``(piles, player to move)``. With ``keep_empty`` an emptied pile keeps
its row (and a 0 in the state), so that pile 3 stays pile 3 from the first move to the last.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from gamesolver.widgets.board import GridBoard, NotAMove

Piles = tuple[int, ...]
"""The sizes of the piles, pile 1 first."""
NimState = tuple[Piles, str]
"""The lecture's state: the piles and the player to move."""
Move = tuple[int, int]
"""``(pile, n)``: take ``n`` matches from ``pile``, piles counted from 1."""
Take = Callable[[Piles, Move, bool], Piles]
"""The lecture's ``take(piles, move, keep_empty)``."""

WOOD = "#e2b66d"
"""The colour of a match's stick."""
HEAD = "#b5402f"
"""The colour of a match's head."""
NAMES = {"A": "Alice", "B": "Bob"}
"""The players' names, as the lecture (and Sleator's notes) call them."""


class NimBoard(GridBoard[NimState, str]):
    """The piles as rows of matches, pile 1 on top; the pile numbers in the left margin.

    The matches taken by the last two moves stay in view, faint, the last outlined, the one
    before in dashes: the computer answers at once, and the student's move would be gone
    before it was seen.
    """

    prompt = "click a match: you take it and every match to its right."
    earlier: NimState | None = None
    """The state before the last move's ``before``, if the board showed ``before`` last (``None``
    after a new game or an undo)."""

    def __init__(
        self,
        take: Take,
        other: Callable[[str], str],
        piles: Piles = (1, 3, 5, 7),
        keep_empty: bool = False,
    ) -> None:
        """A board with a row for each of ``piles`` and room for the largest; ``take`` and
        ``other`` are the lecture's; ``keep_empty``: a click that empties a pile leaves a 0 in
        the state (and the pile its row) instead of dropping it."""
        if not piles or min(piles) < 0 or max(piles) < 1:
            raise ValueError(f"a Nim board needs piles of matches, not {piles!r}")
        super().__init__(rows=len(piles), cols=max(piles), cell=56, margin=28)
        self.take = take
        self.other = other
        self.keep_empty = keep_empty

    def draw_state(self, canvas: Any, state: NimState) -> None:
        """One row of matches per pile (an empty row for a pile of 0)."""
        piles, _ = state
        canvas.fill_style = self.palette.board
        canvas.fill_rect(self.left, self.top, self.cols * self.cell, self.rows * self.cell)
        for row, size in enumerate(piles):
            _, y = self.center(row, 0)
            self.draw_text(canvas, self.margin / 2, y, str(row + 1), 15, self.palette.label)
            for col in range(size):
                self.draw_match(canvas, row, col)

    def draw_match(self, canvas: Any, row: int, col: int) -> None:
        """A match standing in cell ``(row, col)``: a stick and a head."""
        x, y = self.center(row, col)
        width, height = self.cell * 0.14, self.cell * 0.7
        canvas.fill_style = WOOD
        canvas.fill_rect(x - width / 2, y - height / 2, width, height)
        canvas.fill_style = HEAD
        canvas.fill_circle(x, y - height / 2, width * 0.9)

    def draw(
        self,
        state: NimState,
        before: NimState | None = None,
        line: Sequence[NimState] = (),
        moved: bool = False,
    ) -> None:
        """Show ``state`` after the move from ``before``; keeps the move before that one
        (``earlier``) if the board showed ``before`` last."""
        shown = self._shown
        follows = shown is not None and before is not None and shown[0] == before
        self.earlier = shown[1] if shown is not None and follows else None
        super().draw(state, before, line, moved)

    def draw_move(self, canvas: Any, before: NimState, after: NimState) -> None:
        """The matches just taken, faint in their cells, outlined together in green; those of
        the move before (``earlier``), faint and outlined in green dashes."""
        if self.earlier is not None:
            canvas.set_line_dash([6, 4])
            self.draw_taken(canvas, self.earlier, before)
            canvas.set_line_dash([])
        self.draw_taken(canvas, before, after)

    def draw_taken(self, canvas: Any, before: NimState, after: NimState) -> None:
        """The matches taken from ``before`` to ``after``, faint, outlined in the current dashes;
        nothing if a pile was dropped (the rows below it moved up)."""
        piles, left_piles = before[0], after[0]
        if len(left_piles) != len(piles):
            return
        changed = [row for row, (a, b) in enumerate(zip(piles, left_piles, strict=True)) if a != b]
        if len(changed) != 1:
            return
        row = changed[0]
        left, size = left_piles[row], piles[row]
        canvas.global_alpha = 0.35
        for col in range(left, size):
            self.draw_match(canvas, row, col)
        canvas.global_alpha = 1.0
        canvas.stroke_style = self.palette.highlight
        canvas.line_width = 3
        inset = 4
        x, y = self.left + left * self.cell + inset, self.top + row * self.cell + inset
        canvas.stroke_rect(x, y, (size - left) * self.cell - 2 * inset, self.cell - 2 * inset)

    def move_at(self, state: NimState, player: str, x: float, y: float) -> NimState:
        """Take the clicked match and every match to its right."""
        piles, _ = state
        row, col = self.cell_of_click(x, y)
        if row >= len(piles) or col >= piles[row]:
            raise NotAMove("There is no match there: click a match.")
        return self.take(piles, (row + 1, piles[row] - col), self.keep_empty), self.other(player)

    def player_name(self, player: str) -> str:
        """Alice or Bob, as the lecture calls them."""
        return NAMES.get(player, str(player))
