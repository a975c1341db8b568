"""What Search-in-Depth's ``alpha_beta_memo`` reads from its memo table of values and bounds,
plumbing that is not the lecture: the values its move ordering ranks by (``known_values``), and
the line of best play it reports in ``stats.line`` (``table_line``, as Game Trees' alpha-beta
reports its line), so that it decides the move in one search.

The table maps ``(key of a state, player to move)`` to an entry ``(answer, kind, move)``: the
search's answer, whether it is the value or a bound, and the key of the next state that gave it.
What an entry knows of the value is the lecture's ``bounds_of(entry)``, ``lower <= value <=
upper``; the entry holds the value (kind ``=``) when the two meet, else only a bound.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, MutableMapping

from gamesolver.game import AnyGame, Value

Entry = tuple[Value, str, Hashable]
"""A memo entry: the answer, its kind (the value or a bound), the move that gave it."""


def known_values(
    cache: Mapping[tuple[Hashable, Hashable], Entry],
    key: Callable[[Hashable], Hashable],
    bounds: Callable[[Entry | None], tuple[Value, Value]],
) -> Callable[[Hashable, Hashable], Value | None]:
    """``known(state, player)``: the value of ``state`` for ``player`` if ``cache`` holds it
    (its bounds meet), else ``None`` (a bound, or nothing). The lecture's ``move_order`` ranks
    the moves by it, so that a move whose value the table already knows is tried in its place."""

    def known(state: Hashable, player: Hashable) -> Value | None:
        lower, upper = bounds(cache.get((key(state), player)))
        return lower if lower == upper else None

    return known


def table_line(
    game: AnyGame,
    state: Hashable,
    player: Hashable,
    cache: MutableMapping[tuple[Hashable, Hashable], Entry],
    key: Callable[[Hashable], Hashable],
    search: Callable[[Hashable, Hashable, Value, Value], Value],
    bounds: Callable[[Entry | None], tuple[Value, Value]],
) -> list[Hashable]:
    """The line of best play that ``cache`` holds from ``state``: the states after it, following
    the move of each entry that holds the value.

    A win stored as a lower bound, or a loss as an upper bound, is the value too: nothing lies
    beyond them. An entry on the line that holds only a bound is searched again with the whole
    window, ``search(state, player, game.worst, game.best)``, which stores the value; at
    ``state`` itself such an entry, or none (a closed window searches nothing), means the search
    was asked for a bound, and there is no line.
    """
    line: list[Hashable] = []
    while not game.finished(state):
        entry = cache.get((key(state), player))
        lower, upper = bounds(entry)
        won, lost = lower >= game.best, upper <= game.worst  # nothing is better or worse
        if entry is None or (lower != upper and not (won or lost)):
            if not line:
                break  # the window asked for a bound: there is no line of best play
            search(state, player, game.worst, game.best)  # a bound on the line: find the value
            continue
        state = next(ns for ns in game.next_states(state, player) if key(ns) == entry[2])
        player = game.other(player)
        line.append(state)
    return line
