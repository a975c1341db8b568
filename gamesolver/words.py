"""A search's value in words: the one place that says what a value means, for every surface
(the play widget's status line, terminal play, the command line, the explanations)::

    the value 0 for you, exact: with best play this is a draw
    -18.0 pawns for you, an estimate at depth 3: that looks good for me
    the value -1 for you, a win for me found at depth 5: with best play I win

The meaning follows from the game's contract: a value at an end of the utility range is a win
or a loss (an estimate lies strictly inside); an exact value is the utility at the end of best
play, so its sign decides (a score game's 12 of 18 is a win); an estimate only looks good, or
even when it rounds to 0 (``looks_even``); when nobody says how the value was found, only the
ends are certain.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from gamesolver.game import AnyGame, Value
from gamesolver.table import fmt

LONGEST = 30
"""The most digits of a whole number written in full; a longer one is said by its length."""

EVEN = 0.05
"""An estimate nearer to 0 than this share of ``game.best`` looks even: it rounds to 0 tenths
of a win (Connect Four's smallest estimate is 1/21; chess's 0.05 is half a pawn)."""

Names = Callable[[Any], tuple[str, str]]
"""``names(player) -> (subject, object)``, e.g. ``("I", "me")``, ``("you", "you")``."""


def player_name(player: object) -> str:
    """How messages name a player: ``X`` as ``"X"``, but ``0`` as ``"player 0"``."""
    return player if isinstance(player, str) else f"player {player!r}"


def by_name(player: object) -> tuple[str, str]:
    """The default ``Names``: a player by its name (``player_name``), as subject and object."""
    name = player_name(player)
    return name, name


@functools.lru_cache(maxsize=64)  # a check meets the same huge int thousands of times
def digits(number: int) -> int:
    """How many decimal digits ``number`` has, without writing it (Python refuses to write an
    int of more than 4,300 digits, and writing one of millions takes seconds)."""
    size = abs(number) or 1
    count = int(math.log10(size)) + 1  # a float's guess, put right below
    if size < 10 ** (count - 1):
        return count - 1
    return count + 1 if size >= 10**count else count


def number_text(value: object) -> str:
    """A number as ``fmt`` writes it, but a whole number of more than ``LONGEST`` digits as
    ``"a number of 5,001 digits"`` (``"minus ..."`` if negative): never an exception."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**LONGEST:
        return f"{'minus ' if value < 0 else ''}a number of {digits(value):,} digits"
    return fmt(value)


def outside(game: AnyGame, value: Value) -> str:
    """Why ``value`` cannot be a value of ``game`` (not a number, outside its utility range), or
    ``""`` if it can."""
    if isinstance(value, float) and math.isnan(value):
        return "not a number"
    try:
        inside = game.worst <= value <= game.best
    except TypeError:
        return f"not a number but a {type(value).__name__}"
    if inside:
        return ""
    low, high = number_text(game.worst), number_text(game.best)
    return f"outside the game's utility range {low} to {high}"


def in_terms(game: AnyGame, value: Value) -> str:
    """``value`` in the game's terms (``game.describe_value``), else ``"the value 0.412"``."""
    if game.describe_value is None or outside(game, value):
        return f"the value {number_text(value)}"
    return game.describe_value(value)


def looks_even(game: AnyGame, value: Value) -> bool:
    """Whether the estimate ``value`` looks even (``EVEN``): "-0.048" never reads as a lead."""
    return bool(abs(value) < EVEN * game.best)


def outcome(game: AnyGame, value: Value, exact: bool | None = None) -> int | None:
    """``1`` a win, ``0`` a draw, ``-1`` a loss, if ``value`` says it for certain, else ``None``
    (the module's rules)."""
    if value >= game.best:
        return 1
    if value <= game.worst:
        return -1
    if exact:
        return (value > 0) - (value < 0)
    return None


def _verb(subject: str, verb: str) -> str:
    """``"I win"``, ``"you win"``, ``"X wins"``: the verb agreeing with its subject."""
    return f"{subject} {verb if subject in ('I', 'you', 'we', 'they') else verb + 's'}"


@dataclass(frozen=True)
class ValueWords:
    """A value in words, in parts (``str()`` joins them as the module shows): the number in the
    game's terms, whose it is, how the search knows it (``""``: unsaid), and what it means."""

    terms: str
    reader: str
    how: str
    meaning: str

    def __str__(self) -> str:
        how = f", {self.how}" if self.how else ""
        return f"{self.terms} for {self.reader}{how}: {self.meaning}"


def value_words(
    game: AnyGame,
    value: Value,
    player: Hashable,
    *,
    exact: bool | None = None,
    depth: int | None = None,
    names: Names = by_name,
    reader: Hashable | None = None,
) -> ValueWords:
    """``value``, the value of a position for ``player``, in words: ``exact`` and ``depth`` as
    the search's ``stats`` say them (``None``: unsaid); the number from ``reader``'s side
    (default: ``player``'s)."""
    reader = player if reader is None else reader
    yours = value if reader == player else -value + 0.0 if isinstance(value, float) else -value
    terms, whose = in_terms(game, yours), names(reader)[1]
    wrong = outside(game, value)
    if wrong:
        return ValueWords(terms, whose, "", wrong)
    me, you = names(player), names(game.other(player))
    ends = outcome(game, value, exact)
    if ends is not None and ends != 0:
        winner = me if ends > 0 else you
        meaning = f"with best play {_verb(winner[0], 'win')}"
    elif ends == 0 or (value == 0 and exact is None):
        meaning = "with best play this is a draw"
    elif value == 0 or (exact is False and looks_even(game, value)):
        meaning = "it looks even"
    else:
        side = me if value > 0 else you
        meaning = f"that {'looks' if exact is False else 'is'} good for {side[1]}"
    how = ""
    if exact:
        how = "exact"
    elif exact is False and ends:
        found = "by the search" if depth is None else f"at depth {depth}"
        how = f"a win for {(me if ends > 0 else you)[1]} found {found}"
    elif exact is False and depth == 0:
        how = "the heuristic's estimate, without looking ahead"
    elif exact is False:
        how = "an estimate" if depth is None else f"an estimate at depth {depth}"
    return ValueWords(terms, whose, how, meaning)
