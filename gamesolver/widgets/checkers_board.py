"""The checkers board on the canvas: English draughts drawn and clicked, the rules given.

The rules are the lecture's (notebooks/Checkers.ipynb); the board asks them for everything:
``legal_moves(state)``, the moves of the player to move, each with its ``path``, ``captured``
squares and ``after`` state; ``coords(square)``, the ``(row, col)`` of a square 1 to 32; and a
state's ``red``, ``white`` and ``kings`` masks (bit ``s - 1`` for square ``s``) and ``turn``.
A move is clicked piece first, then each square where it lands; ``Selected`` says what to
click next, ``NotAMove`` why a click cannot be part of a move.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Any, NamedTuple, Protocol

from gamesolver.widgets.board import OUTSIDE, PALETTE, Hint, NotAMove, TwoClickBoard, line_marks

Square = int
"""A dark square, 1 to 32 in the standard numbering."""

PLAYERS = ("red", "white")
"""The sides, red (the dark side, moving first) then white."""

LightSquare, DarkSquare = "#f0dfbf", "#6f4a35"  # buff and a dark brown
LIGHT = "That is a light square: pieces move on the dark squares."
JUMP_ON = "Jump on: click the next landing square."


class Position(Protocol):
    """What the board reads of a state: the pieces as masks, and whose turn it is."""

    @property
    def red(self) -> int: ...
    @property
    def white(self) -> int: ...
    @property
    def kings(self) -> int: ...
    @property
    def turn(self) -> str: ...


class MoveLike(Protocol):
    """What the board reads of a move."""

    @property
    def path(self) -> tuple[Square, ...]: ...
    @property
    def captured(self) -> tuple[Square, ...]: ...
    @property
    def after(self) -> Any: ...


Moves = Callable[[Any], Sequence[MoveLike]]
"""The rules' ``legal_moves(state)``."""


class Selection(NamedTuple):
    """The squares clicked so far in `state`: the piece's square, then the landing squares."""

    state: Any
    path: tuple[Square, ...]


def bit(square: Square) -> int:
    """The mask of one square."""
    return 1 << (square - 1)


def squares(mask: int) -> list[Square]:
    """The squares of a mask, in order."""
    return [square for square in range(1, 33) if mask & bit(square)]


def names(items: Sequence[Square]) -> str:
    """The squares in words: "10", "10 or 21", "10, 14 or 21"."""
    words = [str(item) for item in items]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


class CheckersBoard(TwoClickBoard[Any, str, Selection]):
    """The 8 x 8 board, red's side (squares 1 to 4) at the top, turned for a student playing
    red (`face`); a move is clicked piece first, then each square where it lands."""

    prompt = "click one of your pieces, then where it goes."
    palette = dataclasses.replace(PALETTE, players=("#d55e00", "#fbf6e6"))  # red, white

    def __init__(self, legal_moves: Moves, coords: Callable[[Square], tuple[int, int]]) -> None:
        """A board for the rules' ``legal_moves`` and numbering ``coords`` (see the module)."""
        super().__init__(rows=8, cols=8, cell=64, margin=8)
        self.legal_moves = legal_moves
        self.coords = coords
        self.square_at: dict[tuple[int, int], Square] = {coords(s): s for s in range(1, 33)}
        if len(self.square_at) != 32:
            raise ValueError("coords must give each of the squares 1 to 32 its own (row, col)")

    def move_of(self, before: Any, after: Any) -> MoveLike:
        """The move from ``before`` to ``after`` (the first, if two jump sequences reach it)."""
        for move in self.legal_moves(before):
            if move.after == after:
                return move
        raise ValueError("no legal move leads from the one state to the other")

    def jumped(self, a: Square, b: Square) -> Square:
        """The square between a and b, two diagonal steps apart: the piece a jump takes."""
        (row_a, col_a), (row_b, col_b) = self.coords(a), self.coords(b)
        return self.square_at[(row_a + row_b) // 2, (col_a + col_b) // 2]

    # -- drawing -----------------------------------------------------------------------------

    def face(self, player: str) -> None:
        """Turn the board so that `player`'s men start at the bottom: half a turn for red."""
        self.flipped = player == PLAYERS[0]

    def center_of(self, square: Square) -> tuple[float, float]:
        """The canvas pixel at the centre of `square`."""
        return self.center(*self.coords(square))

    click_point = center_of  # where a test clicks

    def draw_state(self, canvas: Any, state: Position) -> None:
        """The squares, their numbers, the pieces; the selection, or the pieces that can move."""
        self.draw_squares(canvas, LightSquare, DarkSquare)
        for square in range(1, 33):
            self.draw_number(canvas, square)
        for who, mask in enumerate([state.red, state.white]):
            for square in squares(mask):
                self.draw_piece(canvas, square, who, bool(state.kings & bit(square)))
        if self.selection is not None and self.selection.state == state:
            self.draw_selection(canvas, state, self.selection.path)
        else:
            for square in sorted({move.path[0] for move in self.legal_moves(state)}):
                self.draw_ring(canvas, self.coords(square), 3)

    def draw_number(self, canvas: Any, square: Square, patch: bool = False) -> None:
        """The number of `square` in its top left corner; with `patch`, on a patch of the
        square's colour, over a line that crosses the corner."""
        x, y = self.origin(*self.coords(square))
        if patch:
            canvas.fill_style = DarkSquare
            canvas.fill_rect(x + 3.5, y + 3.5, 15, 11)
        self.draw_text(canvas, x + 4, y + 9, str(square), 10, LightSquare, align="left")

    def draw_piece(self, canvas: Any, square: Square, who: int, king: bool = False) -> None:
        """A disc of player `who` (0 red, 1 white) on `square`; a king has a ring and a K."""
        x, y = self.center_of(square)
        self.draw_outlined_disc(canvas, x, y, self.cell * 0.36, self.color(who))
        if king:
            mark = self.palette.background if who == 0 else self.palette.grid
            canvas.stroke_style = mark
            canvas.line_width = 2.5
            canvas.stroke_circle(x, y, self.cell * 0.26)
            self.draw_text(canvas, x, y + 1, "K", round(self.cell * 0.28), mark, bold=True)

    def draw_cross(self, canvas: Any, square: Square, color: str) -> None:
        """An x over `square`: a piece captured (or about to be)."""
        x, y = self.center_of(square)
        arm = self.cell * 0.16
        canvas.stroke_style = color
        canvas.line_width = 4
        canvas.line_cap = "round"
        canvas.stroke_line(x - arm, y - arm, x + arm, y + arm)
        canvas.stroke_line(x - arm, y + arm, x + arm, y - arm)

    def draw_path(self, canvas: Any, path: tuple[Square, ...], color: str) -> None:
        """A line through the centres of the squares of `path` (it crosses their corners and
        those of the squares jumped: their numbers are written again over it)."""
        canvas.stroke_style = color
        canvas.line_width = 4
        canvas.line_cap = "round"
        canvas.line_join = "round"
        canvas.stroke_lines([self.center_of(square) for square in path])
        jumps = [self.jumped(a, b) for a, b in pairwise(path) if abs(a - b) > 5]  # 7 or 9 apart
        for square in {*path, *jumps}:
            self.draw_number(canvas, square, patch=True)

    def draw_selection(self, canvas: Any, state: Position, path: tuple[Square, ...]) -> None:
        """The selected piece ringed, the jumps so far, a dot where it can go next."""
        self.draw_ring(canvas, self.coords(path[0]), 5)
        if len(path) > 1:
            self.draw_path(canvas, path, Hint)
            for a, b in pairwise(path):
                self.draw_cross(canvas, self.jumped(a, b), Hint)
            canvas.global_alpha = 0.5
            self.draw_piece(canvas, path[-1], PLAYERS.index(state.turn))
            canvas.global_alpha = 1.0
        for square in self.next_squares(state, path):
            self.draw_dot(canvas, self.coords(square))

    def draw_move(self, canvas: Any, before: Any, after: Any) -> None:
        """The last move: its first and last squares outlined, a line through its path, an x
        where it captured."""
        move = self.move_of(before, after)
        for square in {move.path[0], move.path[-1]}:
            self.outline(canvas, self.coords(square), self.palette.highlight)
        self.draw_path(canvas, move.path, self.palette.highlight)
        for square in move.captured:
            self.draw_cross(canvas, square, self.palette.highlight)

    def draw_ghost(
        self, canvas: Any, row: int, col: int, who: int, number: int | str, shape: Any = "disc"
    ) -> None:
        """A faint piece with `number` on it, in a colour that reads on the dark square."""
        canvas.global_alpha = 0.55
        self.draw_piece(canvas, self.square_at[row, col], who)
        canvas.global_alpha = 1.0
        ink = self.palette.background if who == 0 else self.palette.ink
        x, y = self.center(row, col)
        label = str(number)
        self.draw_text(canvas, x, y, label, self.ghost_number_size(label), ink, bold=True)

    def draw_line(self, canvas: Any, state: Any, line: Sequence[Any]) -> None:
        """Each square where a move of `line` lands, once (``line_marks``): a faint piece of the
        first move to land there, with the numbers of every move landing there in order of
        play; on a square taken now, a numbered tag in its corner instead."""
        taken = state.red | state.white
        landings = []
        for before, after in pairwise([state, *line]):
            square = self.move_of(before, after).path[-1]
            landings.append((self.coords(square), (PLAYERS.index(before.turn), square)))
        for cell, (who, square), numbers in line_marks(landings):
            draw = self.draw_ghost_tag if taken & bit(square) else self.draw_ghost
            draw(canvas, *cell, who, numbers)

    # -- clicks ------------------------------------------------------------------------------

    def next_squares(self, state: Any, path: tuple[Square, ...]) -> list[Square]:
        """Where the piece of `path` can go next: the squares that extend `path` to a move."""
        n = len(path)
        longer = [move.path for move in self.legal_moves(state) if len(move.path) > n]
        return sorted({longer_path[n] for longer_path in longer if longer_path[:n] == path})

    def move_at(self, state: Any, player: str, x: float, y: float) -> Any:
        """The state after a click that completes a move; else Selected (what to click next) or
        NotAMove (why the click is no move)."""
        path = self.selection.path if self.selection and self.selection.state == state else ()
        # A refused click keeps the piece selected, and says so where its words do not name it.
        still = f" {JUMP_ON}" if len(path) > 1 else ""
        if len(path) == 1:
            still = f" {path[0]} is still selected: click a blue dot or one of the ringed pieces."
        cell = self.cell_at(x, y)
        if cell is None:
            raise NotAMove(f"{OUTSIDE}{still}")
        square = self.square_at.get(cell)
        if square is None:
            raise NotAMove(f"{LIGHT}{still}")
        moves = self.legal_moves(state)
        movers = sorted({move.path[0] for move in moves})
        mine = state.red if player == PLAYERS[0] else state.white
        you = f"Click one of your pieces ({self.player_name(player)})."
        if path and square in self.next_squares(state, path):
            path = (*path, square)
            found = [move for move in moves if move.path[: len(path)] == path]
            if all(len(move.path) == len(path) for move in found):
                self.selection = None
                return found[0].after
            raise self.select(state, Selection(state, path), JUMP_ON)
        if path and square == path[0]:
            raise self.select(state, None, f"{square} put back. {you}")
        if square in movers:
            raise self.select(
                state, Selection(state, (square,)), f"{square} selected: click where it goes."
            )
        if mine & bit(square):
            if moves and moves[0].captured:
                raise NotAMove(f"A capture is compulsory: {names(movers)} must jump.{still}")
            if still:
                raise NotAMove(f"{square} cannot move.{still}")
            raise NotAMove(f"{square} cannot move: click one of the ringed pieces.")
        if len(path) > 1:
            raise NotAMove(f"{square} is not a landing square: click a blue dot to jump on.")
        if path:
            raise NotAMove(f"{path[0]} cannot go to {square}: click a blue dot.")
        raise NotAMove(you)
