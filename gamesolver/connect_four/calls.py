"""Value calls of several searches side by side: the measuring of the Connect Four lecture.

The lecture compares move orders and iterative deepening by the value calls they make, depth
by depth from the empty board and at one depth from a middle-game position. The loops and the
bookkeeping of that comparison are here, so that the lecture shows only what is compared and
the table. Each search is the lecture's own (its game, its algorithm), so what is counted is
the lecture's code.

``check_order`` grades the lecture's exercise on move order: a search that tries its moves in
another order must find the reference's values, in fewer value calls.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gamesolver.game import AnyGame
from gamesolver.stats import Algorithm, measure
from gamesolver.table import Table


@dataclass(frozen=True)
class Searched:
    """One search of a comparison: its name in the table, the game it searches (whose
    ``next_states`` set the move order), the algorithm, the deepest depth worth measuring
    (deeper ones take too long) and the algorithm's options."""

    name: str
    game: AnyGame
    algorithm: Algorithm
    deepest: int
    options: Mapping[str, Any] = field(default_factory=dict)


def calls_by_depth(searches: Sequence[Searched], title: str = "") -> Table:
    """A table of value calls from the start of each search's game: a row per depth from 1 to
    the deepest of all, a column per search, blank beyond that search's deepest depth."""
    deepest = max(searched.deepest for searched in searches)
    columns: list[list[object]] = []
    for searched in searches:
        calls: list[object] = [
            measure(searched.algorithm, searched.game, depth=depth, **searched.options)[1].calls
            for depth in range(1, searched.deepest + 1)
        ]
        columns.append(calls + [""] * (deepest - searched.deepest))
    rows: list[Sequence[object]] = [
        [depth, *(column[depth - 1] for column in columns)] for depth in range(1, deepest + 1)
    ]
    return Table(["depth", *(searched.name for searched in searches)], rows, title=title)


def calls_at(
    searches: Sequence[Searched], state: Hashable, player: Hashable, depth: int, title: str = ""
) -> Table:
    """A table of the value each search finds for ``player`` at ``state`` to ``depth``, and the
    value calls it makes: a row per search (its deepest depth is not used here)."""
    table = Table(["search", "value", "value calls"], title=title)
    for searched in searches:
        value, stats = measure(
            searched.algorithm, searched.game, state, player, depth=depth, **searched.options
        )
        table.add(searched.name, value, stats.calls)
    return table


def check_order(
    search: Algorithm,
    reference: Algorithm,
    game: AnyGame,
    positions: Sequence[tuple[Hashable, Hashable]],
    depth: int,
    at: tuple[Hashable, Hashable],
    at_depth: int,
    most: float = 0.5,
) -> str:
    """Check a search that changes only the order of the moves against ``reference``: to
    ``depth``, the two must find the same value from each of ``positions`` (a state and the
    player to move; an order never changes alpha-beta's value with the whole window); and from
    ``at`` to ``at_depth`` ``search`` must make at most ``most`` of ``reference``'s value calls,
    or the new order saves too little. Raises AssertionError, saying which position and what
    differs; else returns the calls of both, in a sentence."""
    for number, (state, player) in enumerate(positions, 1):
        yours, _ = measure(search, game, state, player, depth=depth)
        theirs, _ = measure(reference, game, state, player, depth=depth)
        if yours != theirs:
            raise AssertionError(
                f"position {number}, {player} to move, depth {depth}: your search finds "
                f"{yours}, the reference {theirs}. Does it search every move?\n"
                f"{game.text(state)}"
            )
    state, player = at
    _, stats = measure(search, game, state, player, depth=at_depth)
    _, plain = measure(reference, game, state, player, depth=at_depth)
    if stats.calls > most * plain.calls:
        raise AssertionError(
            f"{stats.calls:,} value calls to depth {at_depth}, the reference {plain.calls:,}: "
            f"at most {most:.0%} of them expected. Is the remembered move tried first?"
        )
    return (
        f"the same values from {len(positions)} positions; to depth {at_depth}: "
        f"{stats.calls:,} value calls, the reference {plain.calls:,}"
    )
