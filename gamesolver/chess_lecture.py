"""What Chess.ipynb takes from the package instead of showing it on the projector.

The lecture teaches the idea of a piece-square table (a bonus for each kind of piece on each
square) and shows one; the tables of its estimate are here, as Tomasz Michniewski published them
("Simplified Evaluation Function", chessprogramming.org). Here too are the game's text for the
command line (``parse``, ``notation``), the board of a game with its history (``game_board``:
the search needs it to see a repetition), the count of moves straight back (``back``) that tells
a shuffling search, and what the lecture's searches say but leave to after class: the order of
the moves (``in_order``, MVV-LVA), and the score of a position where the game ends for a
search (``over``, with the score of a mate, ``Mate``).
States are positions in FEN, as python-chess writes them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import pairwise

import chess

from gamesolver.widgets.chess_board import move_of

State = str
"""A position in FEN (Forsyth-Edwards Notation), as python-chess writes it."""
Player = str
"""``"white"`` or ``"black"``."""
Squares = list[int]
"""64 bonuses in centipawns, a8 ... h8, a7, ..., h1: the board as white sees it, rank 8 first."""

Pawn: Squares = [
     0,   0,   0,   0,   0,   0,   0,   0,
    50,  50,  50,  50,  50,  50,  50,  50,
    10,  10,  20,  30,  30,  20,  10,  10,
     5,   5,  10,  25,  25,  10,   5,   5,
     0,   0,   0,  20,  20,   0,   0,   0,
     5,  -5, -10,   0,   0, -10,  -5,   5,
     5,  10,  10, -20, -20,  10,  10,   5,
     0,   0,   0,   0,   0,   0,   0,   0]  # fmt: skip
"""Pawns gain by advancing, except those in front of the castled king."""
Knight: Squares = [
   -50, -40, -30, -30, -30, -30, -40, -50,
   -40, -20,   0,   0,   0,   0, -20, -40,
   -30,   0,  10,  15,  15,  10,   0, -30,
   -30,   5,  15,  20,  20,  15,   5, -30,
   -30,   0,  15,  20,  20,  15,   0, -30,
   -30,   5,  10,  15,  15,  10,   5, -30,
   -40, -20,   0,   5,   5,   0, -20, -40,
   -50, -40, -30, -30, -30, -30, -40, -50]  # fmt: skip
"""Knights gain in the centre and lose at the edge, where they reach few squares."""
Bishop: Squares = [
   -20, -10, -10, -10, -10, -10, -10, -20,
   -10,   0,   0,   0,   0,   0,   0, -10,
   -10,   0,   5,  10,  10,   5,   0, -10,
   -10,   5,   5,  10,  10,   5,   5, -10,
   -10,   0,  10,  10,  10,  10,   0, -10,
   -10,  10,  10,  10,  10,  10,  10, -10,
   -10,   5,   0,   0,   0,   0,   5, -10,
   -20, -10, -10, -10, -10, -10, -10, -20]  # fmt: skip
"""Bishops gain in the centre and away from the corners."""
Rook: Squares = [
     0,   0,   0,   0,   0,   0,   0,   0,
     5,  10,  10,  10,  10,  10,  10,   5,
    -5,   0,   0,   0,   0,   0,   0,  -5,
    -5,   0,   0,   0,   0,   0,   0,  -5,
    -5,   0,   0,   0,   0,   0,   0,  -5,
    -5,   0,   0,   0,   0,   0,   0,  -5,
    -5,   0,   0,   0,   0,   0,   0,  -5,
     0,   0,   0,   5,   5,   0,   0,   0]  # fmt: skip
"""Rooks gain on the 7th rank and in the centre of the first."""
Queen: Squares = [
   -20, -10, -10,  -5,  -5, -10, -10, -20,
   -10,   0,   0,   0,   0,   0,   0, -10,
   -10,   0,   5,   5,   5,   5,   0, -10,
    -5,   0,   5,   5,   5,   5,   0,  -5,
     0,   0,   5,   5,   5,   5,   0,  -5,
   -10,   5,   5,   5,   5,   5,   0, -10,
   -10,   0,   5,   0,   0,   0,   0, -10,
   -20, -10, -10,  -5,  -5, -10, -10, -20]  # fmt: skip
"""The queen gains a little in the centre."""
King: Squares = [
   -30, -40, -40, -50, -50, -40, -40, -30,
   -30, -40, -40, -50, -50, -40, -40, -30,
   -30, -40, -40, -50, -50, -40, -40, -30,
   -30, -40, -40, -50, -50, -40, -40, -30,
   -20, -30, -30, -40, -40, -30, -30, -20,
   -10, -20, -20, -20, -20, -20, -20, -10,
    20,  20,   0,   0,   0,   0,  20,  20,
    20,  30,  10,   0,   0,  10,  30,  20]  # fmt: skip
"""Before the endgame the king gains behind its pawns, castled."""
KingEndgame: Squares = [
   -50, -40, -30, -20, -20, -30, -40, -50,
   -30, -20, -10,   0,   0, -10, -20, -30,
   -30, -10,  20,  30,  30,  20, -10, -30,
   -30, -10,  30,  40,  40,  30, -10, -30,
   -30, -10,  30,  40,  40,  30, -10, -30,
   -30, -10,  20,  30,  30,  20, -10, -30,
   -30, -30,   0,   0,   0,   0, -30, -30,
   -50, -30, -30, -30, -30, -30, -30, -50]  # fmt: skip
"""In the endgame the king is a strong piece: it gains in the centre."""
Tables: dict[chess.PieceType, Squares] = {
    chess.PAWN: Pawn,
    chess.KNIGHT: Knight,
    chess.BISHOP: Bishop,
    chess.ROOK: Rook,
    chess.QUEEN: Queen,
    chess.KING: King,
}
"""Each kind of piece's table before the endgame."""


def player_of(board: chess.Board) -> Player:
    """The player to move on ``board``, as the lecture names the players."""
    return "white" if board.turn == chess.WHITE else "black"


def parse(text: str) -> tuple[State, Player]:
    """The position of a FEN string (the move counters may be left out), and the player to
    move: the command line reads a position with it, and says what is wrong with a bad one."""
    try:
        board = chess.Board(text.strip())
    except ValueError as error:
        raise ValueError(f"{text.strip()!r} is not FEN: {error}") from None
    wrong = [
        (flag.name or "").lower().replace("_", " ")
        for flag in chess.Status
        if flag in board.status()
    ]
    if wrong:
        raise ValueError(f"{text.strip()!r} is not a position that can occur: {', '.join(wrong)}")
    return board.fen(), player_of(board)


def notation(state: State, player: Player) -> str:
    """The position in FEN, as the command line writes it; ``player`` must be the one to move."""
    to_move = player_of(chess.Board(state))
    if player != to_move:
        raise ValueError(f"it is {to_move}'s turn, not {player}'s")
    return state


def game_board(state: State, earlier: Sequence[State] = ()) -> chess.Board:
    """The board of ``state`` with the game's moves since the last capture or pawn move on its
    move stack, read from ``earlier`` (the game's states before ``state``, from its start): on
    it the search sees a position of the game met again, a draw. A FEN alone has no history."""
    clock = chess.Board(state).halfmove_clock
    since = [*earlier[max(0, len(earlier) - clock) :], state]
    board = chess.Board(since[0])
    for before, after in pairwise(since):
        board.push(move_of(before, after))
    return board


def back(line: Sequence[chess.Move]) -> int:
    """The moves of ``line`` that take a piece straight back to where the same side's previous
    move took it from: a search that cannot tell quiet moves apart shuffles its pieces."""
    return sum(
        m.from_square == b.to_square and m.to_square == b.from_square
        for b, m in zip(line, line[2:], strict=False)
    )


Mate = 100_000
"""The score of mating now, in centipawns: a mate ``ply`` moves from the root scores
``Mate - ply``, so that a sooner mate is worth more."""


def over(board: chess.Board, ply: int) -> int | None:
    """The score for the player to move if the game ends here for a search, ``ply`` moves from its
    root, else None: mated, ``-(Mate - ply)``; a draw, 0 (stalemate, insufficient material, the
    75-move rule, or a position met again on the board's move stack).

    The rules draw at a third time, and on a claim; a search scores the second time a draw: a
    player who could return to a position once can do it again. The root itself (``ply`` 0) is
    searched, whatever the game before it."""
    if not any(board.generate_legal_moves()):
        return -(Mate - ply) if board.is_check() else 0
    if board.is_insufficient_material() or board.halfmove_clock >= 150:
        return 0
    return 0 if ply > 0 and board.is_repetition(2) else None


def in_order(board: chess.Board, moves: Iterable[chess.Move]) -> list[chess.Move]:
    """The moves with the captures first, by MVV-LVA (the most valuable victim first, then the
    least valuable attacker); the quiet moves after, as they come. A good capture tried early
    narrows alpha-beta's window, so that more moves are cut off.

    The kinds of piece are numbered from the pawn (1) to the king (6), and a capture ranks 8
    times its victim's number less its attacker's. En passant takes a pawn that does not stand
    on the square moved to, so ``rank`` names that victim itself."""

    def rank(move: chess.Move) -> int:
        if not board.is_capture(move):
            return 0
        victim = chess.PAWN if board.is_en_passant(move) else board.piece_type_at(move.to_square)
        attacker = board.piece_type_at(move.from_square)
        if victim is None or attacker is None:
            raise ValueError(f"{move} is not a capture on this board")
        return 8 * victim - attacker

    return sorted(moves, key=rank, reverse=True)
