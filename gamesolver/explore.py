"""Walking a game's state space: every position reachable from a start, for exhaustive tests
and the state counts that memoization brings the work down to.
"""

from __future__ import annotations

import functools
import math
import random
import time
from collections import Counter, deque
from collections.abc import Callable, Hashable, Iterator, Mapping

from gamesolver.game import AnyGame, Value

Position = tuple[Hashable, Hashable]
"""A state together with the player to move in it."""


def start_of(game: AnyGame, state: Hashable | None, player: Hashable | None) -> Position:
    """``(state, player)``, each ``None`` replaced by the game's own: its start state,
    ``Players[0]`` to move."""
    return (game.Start if state is None else state, game.Players[0] if player is None else player)


def walk(
    game: AnyGame, state: Hashable | None = None, player: Hashable | None = None
) -> Iterator[Position]:
    """Every ``(state, player to move)`` reachable from ``state`` (default: the start), in
    breadth-first order; finished states included, not explored."""
    start = start_of(game, state, player)
    seen = {start}
    queue = deque([start])
    yield start
    while queue:
        for position in successors(game, queue.popleft()):
            if position not in seen:
                seen.add(position)
                queue.append(position)
                yield position


def successors(game: AnyGame, position: Position) -> list[Position]:
    """The positions one move after ``position`` (none after a finished state)."""
    state, player = position
    if game.finished(state):
        return []
    return [(after, game.other(player)) for after in game.next_states(state, player)]


def random_moves(game: AnyGame, rng: random.Random, moves: int) -> Position:
    """The position after ``moves`` random moves from the start (fewer if the game ends)."""
    position = (game.Start, game.Players[0])
    for _ in range(moves):
        following = successors(game, position)
        if not following:
            break
        position = rng.choice(following)
    return position


def random_position(game: AnyGame, rng: random.Random, max_moves: int) -> Position:
    """A position after ``rng.randint(0, max_moves)`` random moves (``random_moves``): the
    exercises' checks sample a game with it, seeded."""
    return random_moves(game, rng, rng.randint(0, max_moves))


def reachable(
    game: AnyGame, state: Hashable | None = None, player: Hashable | None = None
) -> list[Position]:
    """Every ``(state, player to move)`` reachable from ``state`` (default: the start), in
    breadth-first order (``walk``)."""
    return list(walk(game, state, player))


def tree_calls(
    game: AnyGame, state: Hashable | None = None, player: Hashable | None = None
) -> tuple[Value, int, int]:
    """The value of ``state`` for ``player`` (default: the start), and the value calls that
    minimax and preclusion (alpha-beta's, when the values are only the worst and the best)
    would make there: counted, not made. A memoized negamax adds up the calls below each
    position, so that a game tree of hundreds of millions of nodes is counted in a moment."""

    @functools.cache
    def counts(state: Hashable, player: Hashable) -> tuple[Value, int, int]:
        if game.finished(state):
            return game.utility(state, player), 1, 1
        value, tree_nodes, precluded = game.worst, 1, 1
        for ns in game.next_states(state, player):
            child_value, child_nodes, child_precluded = counts(ns, game.other(player))
            tree_nodes += child_nodes
            if value < game.best:  # no winning move yet: preclusion searches this one
                precluded += child_precluded
            value = max(value, -child_value)
        return value, tree_nodes, precluded

    return counts(*start_of(game, state, player))


def wrong_entries(
    game: AnyGame, table: Mapping[Position, Value], value: Callable[[Hashable, Hashable], Value]
) -> list[tuple[Position, Value, Value]]:
    """The entries of a memo table of values, keyed ``(state, player)``, that are not the
    position's value ``value(state, player)``: ``(position, stored, value)`` for each, the
    closest to the start first (breadth-first). A lecture shows a table poisoned by bounds stored
    as values with one call, ``value`` its own exact search (each meaning written once)."""
    return [
        (position, table[position], value(*position))
        for position in walk(game)
        if position in table and table[position] != value(*position)
    ]


def is_reachable(
    game: AnyGame, state: Hashable, player: Hashable, limit: int, seconds: float = math.inf
) -> tuple[bool | None, int]:
    """Whether ``state`` with ``player`` to move can be reached from the start, and how many
    positions were looked at to find out; ``None`` if it is not among the first ``limit``, or
    among those looked at within ``seconds``."""
    deadline = time.perf_counter() + seconds
    looked_at = 0
    for position in walk(game):
        looked_at += 1
        if position == (state, player):
            return True, looked_at
        if looked_at >= limit or time.perf_counter() > deadline:
            return None, looked_at
    return False, looked_at


def per_ply(
    game: AnyGame, depth: int, state: Hashable | None = None, player: Hashable | None = None
) -> Iterator[tuple[int, int]]:
    """For each ply 0, ..., ``depth`` after ``state`` (default: the start): the distinct
    positions reached and the move sequences reaching them (perft), each ply counted from the
    one before, so that the sequences are never walked one by one."""
    layer: dict[Position, int] = {start_of(game, state, player): 1}
    for ply in range(depth + 1):
        yield len(layer), sum(layer.values())
        if ply == depth:
            return
        following: Counter[Position] = Counter()
        for position, paths in layer.items():
            for after in successors(game, position):
                following[after] += paths
        layer = following
