"""The patterns of the lines of four on a Connect Four board, read fast and remembered.

Connect-Four.ipynb reads its rules and its heuristics off ``patterns(s)``: how many lines of four
show each pattern of marks, an empty square written by its row's parity (``"XX-X"``). The
lecture is about what a pattern says, not about reading 69 lines quickly, so the reading lives
here: ``line_patterns`` builds ``patterns`` from the notebook's ``all_lines``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from operator import itemgetter
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from functools import _lru_cache_wrapper

Rows = tuple[str, ...]
"""A state as the lecture writes it: the rows from the bottom up, a row a string of marks."""
Square = tuple[int, int]
"""``(row, col)``, from 0; row 0 is the bottom row."""
AllLines = Callable[[int, int], Sequence[Sequence[Square]]]
"""The notebook's ``all_lines(width, height)``: the lines of four squares of a board."""

REMEMBERED = 2**16
"""How many boards ``patterns`` remembers: a search asks for a board's patterns in its rules and
again in its heuristic, and MCTS's playouts visit far more boards than memory could keep."""


def line_patterns(
    all_lines: AllLines, empty: str, holes: str, remembered: int = REMEMBERED
) -> _lru_cache_wrapper[Counter[str]]:
    """``patterns(s)``: how many of the lines of ``all_lines`` show each pattern of marks, an
    ``empty`` square written ``holes[0]`` on an odd row (1st, 3rd, ... from the bottom) and
    ``holes[1]`` on an even one.

    For speed, one ``itemgetter`` per board size reads the squares of every line from the board
    written as one string, a ``|`` between lines (about four times faster than a loop over the
    lines), and the last ``remembered`` boards are kept with their counts (``cache_clear``
    forgets them)."""

    @cache
    def reader(width: int, height: int) -> Callable[[str], tuple[str, ...]]:
        """The squares of every line, ``|`` between lines, read from the board as one string."""
        separator = width * height  # the position of the "|" after the last square
        squares: list[int] = []
        for line in all_lines(width, height):
            squares += [separator, *(row * width + col for row, col in line)]
        return itemgetter(*squares[1:])

    @lru_cache(maxsize=remembered)
    def patterns(s: Rows) -> Counter[str]:
        """How many lines of four show each pattern of marks, e.g. {"XX-X": 1, "----": 12}."""
        text = "".join(row.replace(empty, holes[r % 2]) for r, row in enumerate(s)) + "|"
        return Counter("".join(reader(len(s[0]), len(s))(text)).split("|"))

    return patterns
