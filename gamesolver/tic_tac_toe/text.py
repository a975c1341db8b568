"""Tic-tac-toe boards as text, for the Tic-Tac-Toe and Heuristics lectures: drawing a board,
reading one written a row at a time, naming a move, counting marks. None of it is the lesson
(the rules, the search), so the lectures import it instead of presenting it.

A board is the lecture's state: a tuple of rows from the top, each a tuple of marks, ``" "``
for a free cell.
"""

from __future__ import annotations

Rows = tuple[tuple[str, ...], ...]
"""A state as the lecture writes it: the rows from the top down, a row a tuple of marks."""


def show(state: Rows) -> str:
    """The board as three lines of text, rows separated by rules: what a lecture prints."""
    return "\n---+---+---\n".join(" " + " | ".join(row) for row in state)


def from_text(text: str) -> Rows:
    """A board written as rows of marks separated by blanks, ``.`` for a free cell
    (``"XO. ... ..X"``): short to type in a lecture, and what the command line reads."""
    return tuple(tuple(" " if mark == "." else mark for mark in row) for row in text.split())


def compact(state: Rows) -> str:
    """The board in one line, rows separated by ``/``, ``.`` for a free cell: many boards fit
    on one line of output."""
    return "/".join("".join("." if mark == " " else mark for mark in row) for row in state)


def describe_move(state: Rows, next_state: Rows) -> str:
    """The cell that the move from ``state`` to ``next_state`` marks, as ``"(row, col)"``: how
    the explanations and the play page name a move."""
    (cell,) = [
        (r, c)
        for r, row in enumerate(state)
        for c, mark in enumerate(row)
        if mark == " " and next_state[r][c] != " "
    ]
    return str(cell)


def marks(state: Rows) -> int:
    """How many marks are on the board: the number of moves played."""
    return sum(mark != " " for row in state for mark in row)


def to_move(state: Rows, players: tuple[str, str] = ("X", "O")) -> str:
    """Who moves on the board: the first player after an even number of marks."""
    return players[marks(state) % 2]
