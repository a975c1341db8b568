"""A tic-tac-toe position in one line of text, as the command line reads and writes it: the rows
from the top, separated by blanks, ``.`` for a free cell (``"XO. ... ..X"``).

``rows_notation`` makes ``parse`` and ``notation`` for notebooks/Tic-Tac-Toe.ipynb, given its
``from_text`` and its ``Lines``. The player to move follows from the marks: the first player
when both have as many. ``parse`` refuses a board that no game reaches, saying why.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

Rows = tuple[tuple[str, ...], ...]
"""A state as the lecture writes it: the rows from the top down, a row a tuple of marks."""
Cell = tuple[int, int]
Parse = Callable[[str], tuple[Rows, str]]
Notation = Callable[[Rows, str], str]


def rows_notation(
    from_text: Callable[[str], Rows],
    lines: Sequence[Sequence[Cell]],
    players: tuple[str, str] = ("X", "O"),
    empty: str = " ",
) -> tuple[Parse, Notation]:
    """``parse(text)``: the position written as for ``from_text`` and the player to move, or a
    ``ValueError`` saying why no game reaches it; ``notation(state, player)``: the text that
    ``parse`` reads back, or a ``ValueError`` if the other player is to move in ``state``."""
    first, second = players

    def parse(text: str) -> tuple[Rows, str]:
        rows = text.split()
        marks = set(f"{first}{second}.")
        if len(rows) != 3 or any(len(row) != 3 or set(row) - marks for row in rows):
            example = " ".join([f"{first}{second}.", "...", f"..{first}"])
            raise ValueError(
                f'a board is three rows of three marks {first}, {second} or ".", e.g. "{example}"'
            )
        state = from_text(text)
        x, o = (sum(row.count(mark) for row in state) for mark in players)
        if x not in (o, o + 1):
            raise ValueError(
                f"{first} moves first: {first} has as many marks as {second} or one more, "
                f"not {x} and {o}"
            )
        three = [p for p in players if any(all(state[r][c] == p for r, c in ln) for ln in lines)]
        if len(three) == 2:
            raise ValueError(
                f"both {first} and {second} have three in a row: the game ends at the first"
            )
        last = first if x > o else second  # who moved last
        if three and three != [last]:
            raise ValueError(f"{three[0]} has three in a row, but {last} moved after that")
        return state, first if x == o else second

    def notation(state: Rows, player: str) -> str:
        text = " ".join("".join("." if mark == empty else mark for mark in row) for row in state)
        to_move = parse(text)[1]
        if player != to_move:
            raise ValueError(f"{to_move} is to move in {text}, not {player}")
        return text

    return parse, notation
