"""Pons' Connect Four solver written for speed: the second copy of a solver.

Connect-Four-Solver.ipynb builds Pascal Pons' search one idea at a time as ``solve_readable``
(the lesson, and the lecture's numbers). This is the same search with every idea, making the
same value calls, only quicker: the board's constants are locals, a set of stones' winning
spots are remembered, threats are handed down, look-ahead and ordering share one pass, and the
root is no special case. ``solve`` takes the notebook's game, which carries its ``board`` (the
geometry of Pons' bit layout); states are ``(current, mask)``: the stones of the player to
move and all stones.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from gamesolver.game import Game
from gamesolver.protocol import decides_move
from gamesolver.stats import Stats

Stones = int
"""A set of squares: one bit per square, Pons' layout."""
State = tuple[Stones, Stones]
"""(the stones of the player to move, every stone on the board)."""
Memo = dict[Stones, tuple[int, bool]]
"""The memory: key -> (bound, True for a lower bound, False for an upper bound)."""

MAX_ENTRIES = 1 << 20
"""The most entries a memory keeps (about 200 MB; the notebook's ``MaxEntries``); then it starts
afresh (a forgotten bound costs value calls, never a wrong score)."""


class Geometry(Protocol):
    """One board size's geometry in Pons' bit layout, as the notebook's ``Board`` has it."""

    squares: int
    stride: int
    bottom: Stones
    full: Stones
    columns: Sequence[Stones]
    centre_first: Sequence[int]
    best: int


def board_of(game: Game[Any, Any]) -> Geometry:
    """The board of a game made by the notebook's ``connect_four``."""
    board = getattr(game, "board", None)
    if board is None:
        raise ValueError(f"{game.name} is not a Connect Four game made by connect_four()")
    return board  # type: ignore[no-any-return]


def first_probe(low: int, high: int) -> int:
    """The score to ask about in [low, high): the middle, or half the bound on its side of 0
    (the notebook's ``first_probe``)."""
    middle = low + (high - low) // 2
    if middle <= 0 and int(low / 2) < middle:
        return int(low / 2)
    if middle >= 0 and int(high / 2) > middle:
        return int(high / 2)
    return middle


# hot loop: the board's constants and the helpers are closures of one call, for speed
@decides_move
def solve(
    game: Game[Any, Any],
    state: State,
    player: str,
    stats: Stats,
    weak: bool = False,
    table: Memo | None = None,
) -> int:
    """Pons' score of ``state`` for ``player`` (weak: only its sign): the notebook's
    ``solve_readable`` with every idea, fast. ``table``: a memory to share between searches
    (default: a fresh one); ``stats.line`` gets the best move."""
    board = board_of(game)
    to_move = game.Players[state[1].bit_count() % 2]
    if player != to_move:
        raise ValueError(f"{player!r} is not to move in this position: {to_move!r} is")
    n_squares, bottom, full, stride = board.squares, board.bottom, board.full, board.stride
    columns = [board.columns[c] for c in board.centre_first]
    s1, s2, s3 = stride, stride - 1, stride + 1
    table = {} if table is None else table
    spots: dict[Stones, Stones] = {}  # stones -> the squares where one more connects four
    root_mask, root_move = state[1], 0

    def threats(stones: Stones) -> Stones:
        r = stones << 1 & stones << 2 & stones << 3
        p = stones << s1 & stones << 2 * s1
        r |= p & (stones << 3 * s1 | stones >> s1)
        p = stones >> s1 & stones >> 2 * s1
        r |= p & (stones << s1 | stones >> 3 * s1)
        p = stones << s2 & stones << 2 * s2
        r |= p & (stones << 3 * s2 | stones >> s2)
        p = stones >> s2 & stones >> 2 * s2
        r |= p & (stones << s2 | stones >> 3 * s2)
        p = stones << s3 & stones << 2 * s3
        r |= p & (stones << 3 * s3 | stones >> s3)
        p = stones >> s3 & stones >> 2 * s3
        r |= p & (stones << s3 | stones >> 3 * s3)
        r &= full
        if len(spots) >= MAX_ENTRIES:
            spots.clear()
        spots[stones] = r
        return r

    known, lookup = spots.get, table.get

    # hot loop: the search's recursion, inlined by hand
    def value(
        current: Stones, mask: Stones, against: Stones, nb: int, alpha: int, beta: int
    ) -> int:
        # against: the free squares where the opponent would connect four
        nonlocal root_move
        stats.calls += 1
        if len(table) >= MAX_ENTRIES:  # the memory is full: start it afresh
            table.clear()
        moves = (mask + bottom) & full
        forced = moves & against
        if forced:
            if forced & (forced - 1):
                return -((n_squares - nb) // 2)
            moves = forced
        moves &= ~(against >> 1)
        if not moves:
            return -((n_squares - nb) // 2)
        if nb >= n_squares - 2:
            return 0
        low = -((n_squares - 2 - nb) // 2)
        if alpha < low:
            alpha = low
            if alpha >= beta:
                return alpha
        high = (n_squares - 1 - nb) // 2
        if beta > high:
            beta = high
            if alpha >= beta:
                return beta
        key = current + mask
        entry = lookup(key)
        if entry is not None:
            bound, lower = entry
            if lower:
                if alpha < bound:
                    alpha = bound
                    if alpha >= beta:
                        return alpha
            elif beta > bound:
                beta = bound
                if alpha >= beta:
                    return beta
        opponent, free = current ^ mask, full ^ mask
        mine = known(current)
        if mine is None:
            mine = threats(current)
        candidates: list[tuple[tuple[int, bool, int], Stones, Stones, Stones]] = []
        for column in columns:
            move = moves & column
            if move:
                after = mask | move
                stones = current | move
                wins = known(stones)
                if wins is None:
                    wins = threats(stones)
                wins &= free
                ready = wins & (after + bottom)
                if ready & (ready - 1):
                    if mask == root_mask:
                        root_move = move
                    table[key] = (high, True)
                    return high
                entry = lookup(opponent + after)
                if entry is not None and not entry[1] and -entry[0] >= beta:
                    if mask == root_mask:
                        root_move = move
                    table[key] = (-entry[0], True)
                    return -entry[0]
                strength = (wins.bit_count(), ready & ~mine != 0, -len(candidates))
                candidates.append((strength, move, after, wins))
        candidates.sort(reverse=True)
        for _, move, after, wins in candidates:
            result = -value(opponent, after, wins, nb + 1, -beta, -alpha)
            if result >= beta:
                if mask == root_mask:
                    root_move = move
                table[key] = (result, True)
                return result
            if result > alpha:
                alpha = result
        table[key] = (alpha, False)
        return alpha

    def first_move(current: Stones, mask: Stones) -> Stones:
        """The first move, centre first, that does not lose at once (any, if all do)."""
        moves = playable = (mask + bottom) & full
        against = threats(current ^ mask) & ~mask
        forced = moves & against
        if forced:
            moves = 0 if forced & (forced - 1) else forced
        moves = moves & ~(against >> 1) or playable
        return next(moves & column for column in columns if moves & column)

    current, mask = state
    nb = mask.bit_count()
    stats.line = []
    if game.finished(state):
        stats.calls += 1
        return int(game.utility(state, player))
    wins = threats(current) & ~mask & (mask + bottom) & full
    if wins:
        stats.calls += 1
        stats.line = [(current ^ mask, mask | wins & -wins)]
        return 1 if weak else (n_squares + 1 - nb) // 2
    against = threats(current ^ mask) & ~mask
    low, high = -((n_squares - nb) // 2), (n_squares + 1 - nb) // 2
    if weak:
        low, high = max(low, -1), min(high, 1)
    while low < high:
        probe = first_probe(low, high)
        result = value(current, mask, against, nb, probe, probe + 1)
        if result <= probe:
            high = result
        else:
            low = result
        if weak and (low > 0 or high < 0):
            break
    result = low if low >= high else (1 if low > 0 else -1)
    stats.cache_entries = len(table)
    if not root_move:
        root_move = first_move(current, mask)
    stats.line = [(current ^ mask, mask | root_move)]
    return (result > 0) - (result < 0) if weak else result
