"""What a command that searches prints: a value in words, its counters, or one line of JSON."""

from __future__ import annotations

import dataclasses
import decimal
import itertools
import json
import math
import numbers
import sys
from collections.abc import Hashable, Sequence
from typing import Any

from gamesolver.game import AnyGame, Value
from gamesolver.stats import Algorithm, Stats
from gamesolver.tools.cli.common import PROG
from gamesolver.tools.cli.loading import keywords
from gamesolver.words import LONGEST, number_text, outside, value_words

CHANCE_MEANING = "the average over the dice, with best play on both sides"
"""What an exact value strictly between a loss and a win means in a game of chance (Pig): not
a draw, nor a win for the side it favours."""

STAT_LABELS = {
    "calls": "value calls",
    "cache_hits": "cache hits",
    "cutoffs": "cut-offs",
    "cache_entries": "cache entries",
}
"""How the human-readable output of ``solve`` names the ``Stats`` counters."""


def stats_line(counters: dict[str, Any]) -> str:
    """A search's ``counters`` on one line: value calls, ``depth`` if there, the others if not 0.

    The algorithm counted those that are not 0; the others it does not count.
    """
    parts = []
    for key, number in counters.items():
        if key in ("seconds", "exact") or not isinstance(number, int | float):
            continue
        if number or key in ("calls", "depth"):
            parts.append(f"{STAT_LABELS.get(key, key.replace('_', ' '))}: {number_text(number)}")
    parts.append(f"seconds: {counters['seconds']:.3f}")
    return "   ".join(parts)


def said(
    game: AnyGame, value: Value, player: Hashable, options: dict[str, Any], stats: Stats
) -> str:
    """The value in words (``gamesolver.words``), e.g. ``"the value 0 for X, exact: with best
    play this is a draw"``: exact or an estimate as the search says (``stats.exact``), from the
    depth it reached (``stats.depth``, else the ``--depth`` given); in a game of chance an exact
    value between a loss and a win is an average (``CHANCE_MEANING``)."""
    depth = stats.depth or options.get("depth")
    words = value_words(game, value, player, exact=stats.exact, depth=depth)
    if game.chances is not None and stats.exact and game.worst < value < game.best:
        # (an exact value between a loss and a win is an average over the dice, not a draw)
        words = dataclasses.replace(words, meaning=CHANCE_MEANING)
    return str(words)


def line_names(game: AnyGame, state: Hashable, line: Sequence[Hashable]) -> list[str]:
    """The moves of a line of states that starts after ``state``, named by ``game.move_name``."""
    return [game.move_name(before, after) for before, after in itertools.pairwise([state, *line])]


def shown_counters(stats: Stats, algorithm: Algorithm) -> dict[str, Any]:
    """The statistics to print: ``depth`` only for searches that deepen step by step (one with
    a time budget may not complete depth 1, and then its depth 0 says so); ``playouts`` for
    a search that takes ``--playouts``, which counts one value call a playout."""
    counters: dict[str, Any] = stats.as_dict()
    if not (stats.depth or "budget" in keywords(algorithm)):
        del counters["depth"]
    counters.update(playouts_of(stats, algorithm))
    return counters


def playouts_of(stats: Stats, algorithm: Algorithm) -> dict[str, int]:
    """``{"playouts": N}`` for a search that takes ``--playouts`` (UCT's ``uct_search``), which
    counts one value call a playout: the value of a leaf, estimated by playing it out; else
    nothing."""
    return {"playouts": stats.calls} if "playouts" in keywords(algorithm) else {}


def score_of(game: AnyGame, value: Value, stats: Stats) -> dict[str, Value]:
    """``{"score": value}`` for a game whose utilities are scores (a range wider than -1..1, as
    Pons' Connect Four scores), when the value is exact; else nothing."""
    scored = tuple(game.utility_range) != (-1, 1)
    return {"score": value} if scored and stats.exact else {}


def note_outside(game: AnyGame, value: Value) -> None:
    """A note on stderr if ``value`` cannot be a value of the game (outside its utility range):
    the game's utilities, or its ``utility_range``, are wrong."""
    wrong = outside(game, value)
    if wrong:
        print(
            f"{PROG}: note: the value is {wrong}: check the game's utility and utility_range",
            file=sys.stderr,
        )


def json_line(result: dict[str, Any]) -> str:
    """``result`` as one line of JSON, every number a JSON number: numpy's numbers (and
    arrays, as lists), a ``Fraction`` or a ``Decimal`` as the ``int`` or ``float`` they are,
    ``-0.0`` as ``0.0``, and ``NaN`` or an infinity, which JSON has no number for, as ``null``;
    a whole number too long to write (more than ``LONGEST`` digits) as ``number_text`` says
    it; anything else that JSON has no type for as text."""

    def plain(value: Any) -> Any:
        if type(value).__module__ == "numpy" and hasattr(value, "tolist"):
            return plain(value.tolist())  # a numpy scalar as Python's, an array as lists
        if isinstance(value, dict):
            return {key: plain(item) for key, item in value.items()}
        if isinstance(value, list | tuple):
            return [plain(item) for item in value]
        if isinstance(value, bool):
            return value
        if isinstance(value, numbers.Integral):
            whole = int(value)
            return number_text(whole) if abs(whole) >= 10**LONGEST else whole
        if isinstance(value, numbers.Real | decimal.Decimal):
            try:
                number = float(value)
            except OverflowError:  # (a Fraction beyond float's range)
                return None
            return number + 0.0 if math.isfinite(number) else None  # + 0.0: -0.0 is 0.0
        return value

    return json.dumps(plain(result), default=str, allow_nan=False)
