"""The chess board on the canvas, for Chess.ipynb and its play page (python-chess for the rules).

``ChessBoard`` draws a position given as a FEN string (the lecture's states) and turns clicks
into a move: a piece, then its square, then for a pawn reaching the last rank its new piece. A
click that is not yet a move raises ``Selected`` saying what to click next; one that cannot be
part of a move says why.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from itertools import pairwise
from typing import Any, NamedTuple

import chess

from gamesolver.widgets.board import (
    OUTSIDE,
    PALETTE,
    Hint,
    NotAMove,
    Shape,
    TwoClickBoard,
    line_marks,
)

State = str
"""A position in FEN (Forsyth-Edwards Notation), as python-chess writes it."""
Player = str
"""``"white"`` or ``"black"``."""

LightSquare, DarkSquare = "#f0d9b5", "#b58863"  # the classic buff and brown of a wooden board
CheckTint = "#e0402a"  # under a king in check
PieceInk = {chess.WHITE: ("#ffffff", "#1a1a1a"), chess.BLACK: ("#1a1a1a", "#ffffff")}
"""Each colour's fill, then its outline: the other colour, so both read on both squares."""
PieceFont = '"DejaVu Sans", "Segoe UI Symbol", "Apple Symbols", "Noto Sans Symbols2", serif'
"""Fonts with the chess symbols that Linux, Windows and macOS have without a network."""
Glyphs = {
    chess.KING: "♚",
    chess.QUEEN: "♛",
    chess.ROOK: "♜",
    chess.BISHOP: "♝",
    chess.KNIGHT: "♞",
    chess.PAWN: "♟\ufe0e",  # text style: ♟ alone may be drawn as an emoji
}
"""The filled symbols, for both colours: filled white or black, they read alike."""
Promotions = (chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT)
PROMOTE = "Choose the piece: queen, rook, bishop or knight."
CHECK = "You are in check: click the king, or a piece that can block or take the checker."


def move_of(state: State, after: State) -> chess.Move:
    """The move from ``state`` to ``after``."""
    board = chess.Board(state)
    for move in board.legal_moves:
        board.push(move)
        reached = board.fen()
        board.pop()
        if reached == after:
            return move
    raise ValueError(f"no legal move leads from {state} to {after}")


class Selection(NamedTuple):
    """What was clicked so far in `state`: the piece's square and, for a pawn that reaches the
    last rank, the square where it is promoted once the piece is chosen."""

    state: State
    square: chess.Square
    promotion: chess.Square | None = None


def piece_on(board: chess.Board, square: chess.Square) -> str:
    """The piece on `square` in words: "the knight on g1"."""
    kind = board.piece_type_at(square)
    name = chess.piece_name(kind) if kind is not None else "square"
    return f"the {name} on {chess.square_name(square)}"


class ChessBoard(TwoClickBoard[State, Player, Selection]):
    """The 8 x 8 board, the student's side at the bottom (white's unless ``face("black")``); a
    move is clicked piece first, then its square (and for a pawn reaching the last rank, the
    piece it becomes)."""

    prompt = "click one of your pieces, then where it goes."
    palette = dataclasses.replace(PALETTE, players=("#ffffff", "#1a1a1a"))  # white, black
    ring = 0.45  # around the pieces, which fill more of their squares than checkers' discs

    def __init__(self) -> None:
        super().__init__(rows=8, cols=8, cell=64, margin=8)

    def face(self, player: Player) -> None:
        """Turn the board to the student's side: black at the bottom when the student plays
        black (clicks, pieces, coordinates and explanations all follow)."""
        self.flipped = player == "black"

    # -- squares -----------------------------------------------------------------------------

    @staticmethod
    def square_of(row: int, col: int) -> chess.Square:
        """The chess square in cell `(row, col)`: row 0 is rank 8, column 0 is file a."""
        return chess.square(col, 7 - row)

    @staticmethod
    def cell_of(square: chess.Square) -> tuple[int, int]:
        """The cell `(row, col)` of a chess square."""
        return 7 - chess.square_rank(square), chess.square_file(square)

    def square_at_point(self, x: float, y: float) -> chess.Square | None:
        """The chess square under canvas pixel `(x, y)`, or None off the board."""
        cell = self.cell_at(x, y)
        return None if cell is None else self.square_of(*cell)

    def center_of(self, square: chess.Square | str) -> tuple[float, float]:
        """The canvas pixel at the centre of `square`, a number or a name such as "e2"."""
        if isinstance(square, str):
            square = chess.parse_square(square)
        return self.center(*self.cell_of(square))

    click_point = center_of  # where a test clicks

    # -- drawing -----------------------------------------------------------------------------

    def draw_state(self, canvas: Any, state: State) -> None:
        """The squares, their coordinates, a king in check, the pieces, and the selection."""
        board = chess.Board(state)
        self.draw_squares(canvas, LightSquare, DarkSquare)
        self.draw_coordinates(canvas)
        king = board.king(board.turn)
        if board.is_check() and king is not None:
            self.draw_check(canvas, king)
        for square, piece in board.piece_map().items():
            self.draw_piece(canvas, square, piece.piece_type, piece.color)
        if self.selection is not None and self.selection.state == state:
            self.draw_selection(canvas, board, self.selection)

    def draw_coordinates(self, canvas: Any) -> None:
        """The rank numbers in the squares of the left edge, the file letters in those of the
        bottom edge (rank 1 and file a for white, rank 8 and file h when the board is turned),
        each in the colour of the other kind of square."""
        size = round(self.cell * 0.19)
        for place in range(8):  # from the top of the drawing, then from its left
            row, col = (7 - place, 7) if self.flipped else (place, 0)  # the cell drawn there
            x, y = self.left + 3, self.top + place * self.cell + size * 0.7
            ink = LightSquare if place % 2 else DarkSquare  # the top left square is light
            self.draw_text(canvas, x, y, str(8 - row), size, ink, bold=True, align="left")
            row, col = (0, 7 - place) if self.flipped else (7, place)
            x = self.left + (place + 1) * self.cell - 3
            y = self.top + 8 * self.cell - size * 0.7
            ink = DarkSquare if place % 2 else LightSquare  # the bottom left square is dark
            self.draw_text(canvas, x, y, "abcdefgh"[col], size, ink, bold=True, align="right")

    def draw_glyph(
        self, canvas: Any, x: float, y: float, kind: chess.PieceType, color: bool
    ) -> None:
        """The symbol of a piece of `kind` centred at `(x, y)`: filled in its colour, outlined
        in the other."""
        fill, outline = PieceInk[color]
        canvas.font = f"{round(self.cell * 0.8)}px {PieceFont}"
        canvas.text_align = "center"
        canvas.text_baseline = "middle"
        canvas.line_join = "round"
        canvas.line_width = max(2.5, self.cell * 0.05)
        y += self.cell * 0.085  # the symbols sit high on the middle line (DejaVu: 5 px at 64)
        canvas.stroke_style = outline
        canvas.stroke_text(Glyphs[kind], x, y)
        canvas.fill_style = fill
        canvas.fill_text(Glyphs[kind], x, y)

    def draw_piece(
        self, canvas: Any, square: chess.Square, kind: chess.PieceType, color: bool
    ) -> None:
        """A piece of `kind` and `color` (chess.WHITE or chess.BLACK) on `square`."""
        self.draw_glyph(canvas, *self.center_of(square), kind, color)

    def draw_check(self, canvas: Any, square: chess.Square) -> None:
        """A red glow under the king on `square`, which is in check."""
        x, y = self.center_of(square)
        canvas.global_alpha = 0.6
        canvas.fill_style = CheckTint
        canvas.fill_circle(x, y, self.cell * 0.44)
        canvas.global_alpha = 1.0
        canvas.stroke_style = CheckTint
        canvas.line_width = 3
        canvas.stroke_circle(x, y, self.cell * 0.46)

    def draw_selection(self, canvas: Any, board: chess.Board, selection: Selection) -> None:
        """The selected piece ringed, a dot where it can go (a ring where it takes); for a
        promotion, the four pieces to choose from over the rest of the board."""
        self.draw_ring(canvas, self.cell_of(selection.square), 5)
        for square, moves in self.targets(board, selection.square).items():
            if board.is_capture(moves[0]):  # a ring where it takes (4 px), a dot where it goes
                self.draw_ring(canvas, self.cell_of(square), 4)
            else:
                self.draw_dot(canvas, self.cell_of(square))
        if selection.promotion is not None:
            self.draw_promotion(canvas, selection.promotion, board.turn)

    def draw_promotion(self, canvas: Any, target: chess.Square, color: bool) -> None:
        """The board dimmed, and the four pieces a pawn of `color` can become on the squares
        from `target` towards the middle of the board."""
        canvas.global_alpha = 0.35
        canvas.fill_style = self.palette.grid
        canvas.fill_rect(self.left, self.top, 8 * self.cell, 8 * self.cell)
        canvas.global_alpha = 1.0
        for square, kind in self.promotion_squares(target).items():
            left, top = self.origin(*self.cell_of(square))
            canvas.fill_style = self.palette.background
            canvas.fill_rect(left + 2, top + 2, self.cell - 4, self.cell - 4)
            self.outline(canvas, self.cell_of(square), Hint)
            self.draw_piece(canvas, square, kind, color)

    def draw_move(self, canvas: Any, before: State, after: State) -> None:
        """The last move: the square it left and the square it reached outlined."""
        move = move_of(before, after)
        for square in (move.from_square, move.to_square):
            self.outline(canvas, self.cell_of(square), self.palette.highlight)

    def draw_ghost(
        self,
        canvas: Any,
        row: int,
        col: int,
        who: int,
        number: int | str,
        shape: Shape = "disc",
        kind: chess.PieceType = chess.PAWN,
    ) -> None:
        """A faint piece of `kind` of player `who` (0 white, 1 black) with `number` on it (or the
        numbers `"1,4"` of the moves landing on its square)."""
        x, y = self.center(row, col)
        canvas.global_alpha = 0.55
        self.draw_glyph(canvas, x, y, kind, who == 0)
        canvas.global_alpha = 1.0
        canvas.font = f"bold {self.ghost_number_size(str(number)):g}px {PieceFont}"
        canvas.text_align = "center"
        canvas.text_baseline = "middle"
        canvas.line_width = 4
        canvas.stroke_style = self.palette.background
        canvas.stroke_text(str(number), x, y)
        canvas.fill_style = self.palette.ink
        canvas.fill_text(str(number), x, y)

    def draw_line(self, canvas: Any, state: State, line: Sequence[State]) -> None:
        """Each square that a move of `line` reaches, once (``line_marks``): a faint piece of
        the first move to reach it (a promotion shows the new piece), with the numbers of every
        move reaching it in order of play; on a square taken now, a numbered tag in its corner
        instead."""
        taken = chess.Board(state).occupied
        landings = []
        for before, after in pairwise([state, *line]):
            move = move_of(before, after)
            board = chess.Board(before)
            kind = move.promotion or board.piece_type_at(move.from_square) or chess.PAWN
            landing = (0 if board.turn else 1, kind, bool(taken & chess.BB_SQUARES[move.to_square]))
            landings.append((self.cell_of(move.to_square), landing))
        for (row, col), (who, kind, occupied), numbers in line_marks(landings):
            if occupied:
                self.draw_ghost_tag(canvas, row, col, who, numbers)
            else:
                self.draw_ghost(canvas, row, col, who, numbers, kind=kind)

    # -- clicks ------------------------------------------------------------------------------

    @staticmethod
    def targets(board: chess.Board, square: chess.Square) -> dict[chess.Square, list[chess.Move]]:
        """Where the piece on `square` can go, each with its legal moves there (four for a
        promotion, one otherwise)."""
        found: dict[chess.Square, list[chess.Move]] = {}
        for move in board.legal_moves:
            if move.from_square == square:
                found.setdefault(move.to_square, []).append(move)
        return found

    @staticmethod
    def promotion_squares(target: chess.Square) -> dict[chess.Square, chess.PieceType]:
        """The choice for a pawn promoted on `target`: the queen on `target`, then the rook,
        the bishop and the knight on the next squares of its file, towards the middle."""
        step = -8 if chess.square_rank(target) == 7 else 8
        return {target + i * step: kind for i, kind in enumerate(Promotions)}

    def move_at(self, state: State, player: Player, x: float, y: float) -> State:
        """The state after a click that completes a move; else Selected (what to click next) or
        NotAMove (why the click is no move). A refused click keeps the selection, and says
        so when its own words do not name the selected piece (``still_selected``)."""
        board = chess.Board(state)
        selection = self.selection if self.selection and self.selection.state == state else None
        square = self.square_at_point(x, y)
        if square is None:
            raise NotAMove(f"{OUTSIDE}{self.still_selected(board, selection)}")
        name = chess.square_name(square)
        you = f"Click one of your pieces ({self.player_name(player)})."
        if board.is_check():
            you = CHECK
        if selection is not None and selection.promotion is not None:
            kind = self.promotion_squares(selection.promotion).get(square)
            if kind is None:
                raise self.select(state, None, f"Promotion cancelled. {you}")
            return self.play(board, chess.Move(selection.square, selection.promotion, kind))
        if selection is not None:
            moves = self.targets(board, selection.square).get(square, [])
            if len(moves) > 1:  # a pawn reaching the last rank: which piece?
                raise self.select(state, selection._replace(promotion=square), PROMOTE)
            if moves:
                return self.play(board, moves[0])
            if square == selection.square:
                raise self.select(state, None, f"{name} put back. {you}")
        if self.targets(board, square):
            selected = f"{name} selected: click where it goes."
            raise self.select(state, Selection(state, square), selected)
        piece = board.piece_at(square)
        if piece is not None and piece.color == board.turn:
            still = self.still_selected(board, selection)
            raise NotAMove(f"{self.cannot_move(board, square, kept=bool(still))}{still}")
        if selection is not None:
            raise NotAMove(self.cannot_go(board, selection.square, square))
        if piece is None:
            raise NotAMove(f"{name} is empty. {you}")
        owner = "white" if piece.color else "black"
        raise NotAMove(f"{piece_on(board, square).capitalize()} is {owner}'s. {you}")

    def play(self, board: chess.Board, move: chess.Move) -> State:
        """The state after `move`; the selection is done with."""
        self.selection = None
        board.push(move)
        return board.fen()

    @staticmethod
    def still_selected(board: chess.Board, selection: Selection | None) -> str:
        """After a refused click, what stays selected: `` The knight on g1 is still selected:
        click a blue dot or another of your pieces.`` (with its leading space), or ``""``."""
        if selection is None or selection.promotion is not None:
            return ""
        piece = piece_on(board, selection.square).capitalize()
        return f" {piece} is still selected: click a blue dot or another of your pieces."

    @staticmethod
    def cannot_move(board: chess.Board, square: chess.Square, kept: bool = False) -> str:
        """Why the player's own piece on `square` has no legal move; ``kept``: another piece
        stays selected, which the caller says (``still_selected``) instead of what to click."""
        piece = piece_on(board, square)
        tried = any(move.from_square == square for move in board.pseudo_legal_moves)
        if board.is_check():
            return f"You are in check: {piece} cannot get your king out of it."
        if tried:
            return f"{piece.capitalize()} cannot move: your king would be in check."
        if kept:
            return f"{piece.capitalize()} cannot move."
        return f"{piece.capitalize()} cannot move: click another of your pieces."

    @staticmethod
    def cannot_go(board: chess.Board, start: chess.Square, square: chess.Square) -> str:
        """Why the piece on `start` cannot go to `square`."""
        piece, name = piece_on(board, start), chess.square_name(square)
        castling = ChessBoard.why_not_castle(board, start, square)
        if castling is not None:
            return castling
        tried = any(
            move.from_square == start and move.to_square == square
            for move in board.pseudo_legal_moves
        )
        if tried and board.is_check():
            return f"You are in check: moving {piece} to {name} does not end it."
        if tried:
            return f"{piece.capitalize()} cannot go to {name}: your king would be in check."
        return f"{piece.capitalize()} cannot go to {name}: click a blue dot."

    @staticmethod
    def why_not_castle(board: chess.Board, start: chess.Square, square: chess.Square) -> str | None:
        """Why the king on `start` cannot castle to `square`; None if that is no castling."""
        rank = chess.square_rank(start)
        if (
            board.piece_type_at(start) != chess.KING
            or start != chess.square(4, 7 * (not board.turn))
            or square not in (chess.square(2, rank), chess.square(6, rank))
        ):
            return None
        rook = chess.square(7 if square > start else 0, rank)
        king = f"The king cannot castle to {chess.square_name(square)}"
        if board.is_check():
            return "You are in check: the king cannot castle out of it."
        if not board.castling_rights & chess.BB_SQUARES[rook]:
            return f"{king}: the king or the rook on {chess.square_name(rook)} has moved."
        if chess.between(start, rook) & board.occupied:
            return f"{king}: the squares between the king and the rook are not empty."
        return f"{king}: it would cross or land on an attacked square."
