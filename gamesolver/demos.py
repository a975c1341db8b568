"""How the Solver's lectures show a search at work: its calls one by one (``at_work``), its
counts beside others' (``side_by_side``) or its tree as a figure (``search_tree``), so that a
cell holds the lesson, not the tabulating or the drawing. Each returns what a cell shows (a
``Table``, a figure), and ``%run`` of a lecture shows nothing. ``take_away`` is the Solver's
small example game, described in its prose: the lecture shows the searches, not another game
written in the contract (Nim's lecture shows that).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from gamesolver.game import AnyGame, Game, Value
from gamesolver.stats import measure
from gamesolver.stepper import Stepper, View
from gamesolver.table import Table
from gamesolver.trace import record
from gamesolver.widgets.treeplot import TreeFigure, draw_search

Heaps = tuple[int, ...]
TakeAwayState = tuple[Heaps, str]
"""Take-away's state: the heaps, and the player to move ("A" or "B")."""


def take_away(*heaps: int) -> Game[TakeAwayState, str]:
    """Take-away from ``heaps``, "A" to move: a move takes 1 or 2 matches from one heap, and a
    player who cannot move has lost. The same state is reached by several paths (take 1 then
    2, or 2 then 1), which memoization saves, and the values are only -1 and 1."""

    def next_states(state: TakeAwayState, player: str) -> list[TakeAwayState]:
        heaps, opponent = state[0], "B" if player == "A" else "A"
        return [
            ((*heaps[:i], heaps[i] - take, *heaps[i + 1 :]), opponent)
            for i in range(len(heaps))
            for take in (1, 2)
            if take <= heaps[i]
        ]

    def utility(state: TakeAwayState, player: str) -> Value:
        return -1 if state[1] == player else 1  # the player to move at the end has lost

    return Game(
        f"take-away {'+'.join(map(str, heaps))}",
        ("A", "B"),
        (tuple(heaps), "A"),
        next_states,
        lambda state: sum(state[0]) == 0,
        utility,
        show=lambda state: f"{'+'.join(map(str, state[0]))} ({state[1]} to move)",
    )


def search_tree(algorithm: Callable[..., Value], game: AnyGame, view: View = "max") -> TreeFigure:
    """The tree of every value call ``algorithm`` makes from the start of ``game``, drawn with
    the value each call returned (``view``: from Max's side, or ``"mover"``'s, the player to
    move there); a lecture shows a game tree before the lecture on drawing searches."""
    return draw_search(record(algorithm, game), view=view)


def at_work(
    algorithm: Callable[..., Value], game: AnyGame, steps: bool = True, **options: Any
) -> Table:
    """``algorithm`` searching ``game`` from its start, with ``options``: its value (exact or an
    estimate), value calls and line of best play as the title; then each call and return in
    words (values from the first player's side), or with ``steps=False`` its counters."""
    search = record(algorithm, game, **options)
    stats = search.stats
    title = f"{algorithm.__name__} on {game.name}: value {search.result} for {game.Players[0]}"
    title += f" ({'exact' if stats.exact else 'an estimate'}), {stats.calls} value calls"
    if stats.line:
        title += "; line of best play: " + ", ".join(game.text(state) for state in stats.line)
    if not steps:
        counts = [stats.cutoffs, stats.cache_hits, stats.cache_entries, stats.depth]
        return Table(["cut-offs", "cache hits", "memo entries", "depth"], [counts], title)
    lines = Stepper(search).trace().splitlines()  # "step 1: P (Max) called ..."
    rows: list[Sequence[object]] = [line.removeprefix("step ").split(": ", 1) for line in lines]
    return Table(["step", "what happens"], rows, title)


def side_by_side(
    algorithms: Sequence[Callable[..., Value]],
    games: Sequence[AnyGame],
    names: Sequence[str] | None = None,
) -> Table:
    """The value of the start of each of ``games`` and the value calls of each of
    ``algorithms`` there; a ``ValueError`` if the algorithms disagree on a value. A row is
    named by its game's name, or by ``names`` when several games share one (every Nim)."""
    if names is not None and len(names) != len(games):
        raise ValueError(f"{len(games)} games, {len(names)} names: one name per game")
    table = Table(["game", "value", *(algorithm.__name__ for algorithm in algorithms)])
    for index, game in enumerate(games):
        results = [measure(algorithm, game) for algorithm in algorithms]
        values = {value for value, _ in results}
        if len(values) != 1:
            raise ValueError(f"the algorithms disagree on {game.name}: {sorted(values)}")
        name = game.name if names is None else names[index]
        table.add(name, values.pop(), *(stats.calls for _, stats in results))
    return table
