"""Pons' notation for Connect Four: a position as the columns played, on rows or on bitboards.

Pascal Pons' solver and his test positions write a game as the columns played, in order, ``1`` to
the width of the board, the first player first: ``4453``. ``notebooks/Connect-Four.ipynb`` reads
and writes its positions so (the command line's ``--position``, Pons' test sets), which is not
the lesson: the notebook gets its ``parse`` and ``notation`` here, in one line, and keeps the
rules. This module takes the game's ``drop`` and ``finished`` as arguments and reads a state the
way the lecture writes it: a tuple of rows from the bottom up, each a string of one mark per
column, ``empty`` for an empty square (so a column is full when its top square is taken).

``bitboard_moves`` writes a position of ``notebooks/Connect-Four-Solver.ipynb`` (bitboards in
Pons' layout) as moves, for its ``notation``; that notebook reads moves with its own ``parse``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Protocol

Rows = tuple[str, ...]
"""A state as the lecture writes it: the rows from the bottom up, a row a string of marks."""
Parse = Callable[[str], tuple[Rows, str]]
Notation = Callable[[Rows, str], str]


def check_size(width: object, height: object) -> None:
    """A ``ValueError`` in one sentence unless a board of ``width`` x ``height`` can be written in
    Pons' notation (1 to 9 columns, one digit each; at most 9 rows) and holds a line of four."""
    for name, size in [("width", width), ("height", height)]:
        if isinstance(size, bool) or not isinstance(size, int) or size < 1:
            raise ValueError(
                f"the {name} of the board must be a whole number of squares, not {size!r}"
            )
    assert isinstance(width, int) and isinstance(height, int)  # for the type checker
    if width > 9:
        raise ValueError(
            f"a board has at most 9 columns (one digit each in Pons' notation), not {width}"
        )
    if height > 9:
        raise ValueError(f"the height is at most 9 rows (a board is at most 9 x 9), not {height}")
    if width < 4 and height < 4:
        raise ValueError(
            f"a {width} x {height} board has no line of four: make it 4 wide or 4 high"
        )


def pons_notation(
    start: Rows,
    players: tuple[str, str],
    drop: Callable[[Rows, int, str], Rows],
    finished: Callable[[Rows], bool],
    empty: str = " ",
) -> tuple[Parse, Notation]:
    """``parse`` and ``notation`` of Pons' move strings on the board of ``start``.

    ``parse(text)`` is the position after the moves ``text`` and the player to move, or a
    ``ValueError`` that names the first move that is not one (not a column, a full column, a move
    after the end of the game). ``notation(state, player)`` is a move string that reaches
    ``state`` with ``player`` to move through unfinished positions, or a ``ValueError``: it takes
    back a top disc of the player who moved last, centre columns first, as long as that leads
    back to the empty board (the positions it met are remembered, so a dead end is tried once).
    """
    height, width = len(start), len(start[0])
    first = players[0]
    other = {first: players[1], players[1]: first}

    def parse(text: str) -> tuple[Rows, str]:
        state, player = start, first
        for number, char in enumerate(text.strip(), start=1):
            if finished(state):
                raise ValueError(f"move {number} ({char!r}) comes after the end of the game")
            if not ("1" <= char <= str(width)):
                raise ValueError(f"move {number}: {char!r} is not a column (1 to {width})")
            if state[-1][int(char) - 1] != empty:
                raise ValueError(f"move {number}: column {char} is full")
            state, player = drop(state, int(char) - 1, player), other[player]
        return state, player

    centre_first = sorted(range(width), key=lambda c: abs(2 * c - (width - 1)))

    @cache
    def moves_to(state: Rows) -> str | None:
        """Moves that reach ``state`` through unfinished positions, or None."""
        if state == start:
            return ""
        discs = sum(mark != empty for row in state for mark in row)
        last = players[(discs - 1) % 2]  # who dropped the last disc
        for col in centre_first:
            row = next((r for r in range(height) if state[r][col] == empty), height) - 1
            if row >= 0 and state[row][col] == last:
                taken = state[row][:col] + empty + state[row][col + 1 :]
                before = (*state[:row], taken, *state[row + 1 :])
                moves = None if finished(before) else moves_to(before)
                if moves is not None:
                    return moves + str(col + 1)
        return None

    def notation(state: Rows, player: str) -> str:
        fits = len(state) == height and all(len(row) == width for row in state)
        moves = moves_to(tuple(state)) if fits else None
        if moves is None or parse(moves) != (state, player):
            where = f"on a {width} x {height} board"
            raise ValueError(f"no moves {where} reach this position with {player} to move")
        return moves

    return parse, notation


class Columns(Protocol):
    """What ``bitboard_moves`` needs of a board in Pons' layout: its columns, as bit masks."""

    width: int
    columns: Sequence[int]


def bitboard_moves(
    board: Columns, xs: int, os: int, connected: Callable[[int], bool]
) -> str | None:
    """Moves in Pons' notation that build the bitboards ``xs`` (the first player's stones) and
    ``os`` (the second's) from the empty board through unfinished positions, or ``None``.

    It takes back a top stone of the player who moved last (never one whose removal leaves a game
    already won: ``connected(stones)`` says whether stones hold four in a line), and remembers
    the positions from which no way back exists. The caller checks the answer with its ``parse``
    (stones in the air, say, have no way back)."""
    dead: set[tuple[int, int]] = set()  # (xs, os) that no game reaches

    def moves_to(xs: int, os: int) -> list[int] | None:
        mask = xs | os
        if not mask:
            return []
        if (xs, os) in dead:
            return None
        last = (mask.bit_count() - 1) % 2  # 0: the first player moved last
        for column in range(board.width):
            stack = mask & board.columns[column]
            top = 1 << stack.bit_length() - 1 if stack else 0
            if not top & (xs, os)[last]:
                continue
            before = (xs & ~top, os & ~top)
            if connected(before[0]) or connected(before[1]):
                continue  # the game would have ended before this move
            moves = moves_to(*before)
            if moves is not None:
                return [*moves, column]
        dead.add((xs, os))
        return None

    moves = moves_to(xs, os)
    return None if moves is None else "".join(str(column + 1) for column in moves)
