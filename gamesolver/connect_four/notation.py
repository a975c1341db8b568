"""Pons' notation for Connect Four: a game as the columns played, ``1`` to the board's width, the
first player first (``4453``), as Pascal Pons' solver and test sets write it. ``pons_notation``
reads and writes it on the lecture's states (rows from the bottom up, a row a string of marks),
given the notebook's ``drop`` and ``finished``; ``with_pons_notation`` gives a lecture's game
both, and ``pons_board`` does so for every game a builder makes; ``bitboard_moves`` writes a
position of Connect-Four-Solver.ipynb (bitboards in Pons' layout) as moves. ``middle_games``
reads the positions of one of Pons' test sets.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
from collections.abc import Callable, Sequence
from functools import cache
from typing import Protocol

from gamesolver.game import Game
from gamesolver.resources import data_path

Rows = tuple[str, ...]
"""A state as the lecture writes it: the rows from the bottom up, a row a string of marks."""
Parse = Callable[[str], tuple[Rows, str]]
Notation = Callable[[Rows, str], str]


def check_size(width: object, height: object) -> None:
    """A ``ValueError`` unless Pons' notation can write a ``width`` x ``height`` board (at most
    9 x 9: one digit a column) and it holds a line of four."""
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
    """``parse(text)``: the position after the moves ``text`` and the player to move, or a
    ``ValueError`` naming the first move that is not one; ``notation(state, player)``: moves
    reaching ``state`` through unfinished positions (found by taking back the last mover's top
    discs, centre first, each dead end tried once), or a ``ValueError``."""
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


def with_pons_notation(
    game: Game[Rows, str], drop: Callable[[Rows, int, str], Rows]
) -> Game[Rows, str]:
    """``game`` with Pons' notation as its ``parse`` (the position after a game written as the
    columns played) and its ``notation`` (a position written so): ``pons_notation`` on the
    game's empty board, players and ``finished``, with the lecture's ``drop``."""
    first, second = game.Players
    parse, notation = pons_notation(game.Start, (first, second), drop, game.finished)
    return dataclasses.replace(game, parse=parse, notation=notation)


Builder = Callable[..., Game[Rows, str]]
"""A lecture's ``connect_four(width, height)``: a game on a board of that size."""


def pons_board(drop: Callable[[Rows, int, str], Rows]) -> Callable[[Builder], Builder]:
    """A decorator for a lecture's ``connect_four(width, height)``: the size is checked first
    (``check_size``, one clear sentence instead of a broken board), and the game built gets
    Pons' notation (``with_pons_notation`` with ``drop``). It keeps this plumbing, which the
    command line and the position readers need, out of the lecture's presented cell."""

    def decorate(build: Builder) -> Builder:
        signature = inspect.signature(build)

        @functools.wraps(build)
        def sized(*args: object, **kwargs: object) -> Game[Rows, str]:
            bound = signature.bind(*args, **kwargs)
            bound.apply_defaults()
            check_size(bound.arguments["width"], bound.arguments["height"])
            return with_pons_notation(build(*bound.args, **bound.kwargs), drop)

        return sized

    return decorate


MIDDLE_EASY = "Test_L2_R1"
"""Pons' test set of the middle game, easy: 15 to 28 moves played (stage ``L2`` of ``L1`` to
``L3``), and best play ends the game within 13 more (rating ``R1``, the easiest of three)."""


def middle_games() -> list[str]:
    """The positions of Pons' test set of the middle game, easy (``MIDDLE_EASY``), each as the
    columns played from the empty 7 x 6 board (his file also gives each one's exact score)."""
    lines = (data_path("connect4") / MIDDLE_EASY).read_text().splitlines()
    return [line.split()[0] for line in lines if line.strip()]


class Columns(Protocol):
    """What ``bitboard_moves`` needs of a board in Pons' layout: its columns, as bit masks."""

    width: int
    columns: Sequence[int]


def bitboard_moves(
    board: Columns, xs: int, os: int, connected: Callable[[int], bool]
) -> str | None:
    """Moves building the bitboards ``xs`` and ``os`` (the first and second player's stones)
    through unfinished positions (``connected(stones)``: four in a line), or ``None``; found as
    ``pons_notation``'s are. The caller checks the answer with its ``parse``."""
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
