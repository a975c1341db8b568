"""A search's value in words: the one place that says what a value means, for every surface.

The play widget's status line, terminal play, the command line and the explanations all say a
value the same way, from the same facts: the number in the game's own terms, from the side of
the one who reads it (``Game.describe_value``: chess says pawns, ``+1.3 pawns``; a game
without it says ``the value 0.412``), how the search knows it, and what it means::

    the value 0 for you, exact: with best play this is a draw
    -18.0 pawns for you, an estimate at depth 3: that looks good for me
    the value 12 for X, exact: with best play X wins
    the value -1 for you, a win for me found at depth 5: with best play I win

What a value means follows from the game's contract, not from its numbers alone:

- a value at the edge of the utility range (``game.best``, ``game.worst``) is a win or a loss,
  whatever the search: an estimate lies strictly inside the range;
- an **exact** value (the search saw every line to its end) is the utility of the end of best
  play, so its sign decides: positive a win, zero a draw, negative a loss. A game whose
  utilities are scores (Pons' Connect Four: a win by 12 is worth 12 of 18) thus reads as a win
  with its score, never as a bare number;
- an **estimate** (a search that stopped at a depth and estimated) only *looks* good or even;
  it looks even when, rounded to a tenth of a win, it is zero (``looks_even``): its sign is
  then noise, not a lead;
- when nobody says how the value was found (a ``choose`` that returns no ``Stats``), only the
  edges are certain, and any other value is said as it is: good for one side, or a draw at 0.

``number_text`` and ``outside`` say a number that no value of the game can be (a broken
utility's ``inf``, ``nan`` or ``10**5000``) without failing.
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
"""The most digits of a whole number written in full: a longer one (a broken utility's
``10**5000``, which Python refuses to write beyond 4,300 digits) is said by its length."""

EVEN = 0.05
"""An estimate nearer to 0 than this share of ``game.best`` looks even (``looks_even``): rounded
to a tenth of a win it is 0. Connect Four's smallest estimate, one open window more for one
side, is 1/21 = 0.048; chess's 0.05 is about half a pawn of material."""

Names = Callable[[Any], tuple[str, str]]
"""How the words name a player: ``names(player) -> (subject, object)``, e.g. ``("I", "me")``
for the computer and ``("you", "you")`` for the student on the play widget."""


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
    """Why ``value`` cannot be a value of ``game`` (not a number, or outside its utility range),
    or ``""`` if it can: every value of a search is a utility or an estimate inside them."""
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
    """``value`` in the game's own terms: ``game.describe_value(value)`` (chess: ``"+1.3
    pawns"``), else ``"the value 0.412"``; a value outside the game's range by its number."""
    if game.describe_value is None or outside(game, value):
        return f"the value {number_text(value)}"
    return game.describe_value(value)


def looks_even(game: AnyGame, value: Value) -> bool:
    """Whether the estimate ``value`` (inside the game's range) looks even: closer to 0 than
    ``EVEN`` of ``game.best``, so that "-0.0 pawns" or "-0.048" never reads as a lead."""
    return bool(abs(value) < EVEN * game.best)


def outcome(game: AnyGame, value: Value, exact: bool | None = None) -> int | None:
    """What ``value`` says of the end of the game for its player, if it says it for certain:
    ``1`` a win, ``0`` a draw, ``-1`` a loss, ``None`` when it does not (an estimate, or a value
    found in a way nobody said). The module docstring gives the rules."""
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
    """A value in words, in parts: ``str()`` joins them as the module docstring shows."""

    terms: str
    """The number in the game's terms, from the reader's side: ``"the value 0"``."""
    reader: str
    """Whose number it is: ``"you"``, ``"X"``."""
    how: str
    """How the search knows it: ``"exact"``, ``"an estimate at depth 3"``, ... or ``""``."""
    meaning: str
    """What it means: ``"with best play I win"``, ``"it looks even"``, ..."""

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
    """``value``, the value of a position for ``player``, in words (``str()`` of the result).

    ``exact``: whether the search saw every line to its end (``stats.exact``), ``None`` if
    nobody said; ``depth``: how many moves it looked ahead (``stats.depth``), if it said.
    ``names`` names the players (``("I", "me")``, ...); the number is given from ``reader``'s
    side (default: ``player``'s), negated for the opponent in a zero-sum game.
    """
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
