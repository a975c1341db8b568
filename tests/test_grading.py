"""gamesolver.grading: the checks of a move in one, for any game, against a second
implementation on the 4 x 4 notebook's bitboards: the cells that complete a four
(`completing`), a win where the player has one, a block where the opponent has exactly one."""

from __future__ import annotations

import random

import pytest
from conftest import notebook

from gamesolver.grading import MoveInOne, check_move_in_one, tally


@pytest.mark.parametrize("n", [2, 3])
def test_the_checks_agree_with_the_bitboards(n: int) -> None:
    ttt4 = notebook("Tic-Tac-Toe-4x4.ipynb")
    game = ttt4.tic_tac_toe(n)
    rng = random.Random(n)
    positions, moves = [], {}
    while len(positions) < 100:  # positions deep in random games, where threats are common
        state, player = game.Start, 0
        for _ in range(rng.randrange(4, 4**n)):
            after = rng.choice(game.next_states(state, player))
            if game.finished(after):
                break
            state, player = after, 1 - player
        positions.append((state, player))
        moves[state, player] = rng.choice(game.next_states(state, player))
    parts = game.parts

    def on_bitboards(state: int, player: int, after: int) -> MoveInOne:
        mine, theirs = parts.marks(state, player), parts.marks(state, 1 - player)
        wins, threats = parts.completing(mine, theirs), parts.completing(theirs, mine)
        cell = parts.marks(after, player) & ~mine
        if wins:
            return MoveInOne(won=bool(cell & wins), saved=None)
        forced = len(game.next_states(state, player)) == 1  # a forced move is no test
        single = threats and not threats & (threats - 1) and not forced
        return MoveInOne(won=None, saved=bool(cell & threats) if single else None)

    expected = [on_bitboards(s, p, moves[s, p]) for s, p in positions]
    checked = [check_move_in_one(game, s, p, moves[s, p]) for s, p in positions]
    assert checked == expected
    assert sum(c.won is not None for c in checked) > 5  # the sample has both kinds of position
    assert sum(c.saved is not None for c in checked) >= 4


def test_every_move_losing_at_once_is_nothing_to_check() -> None:
    ttt4 = notebook("Tic-Tac-Toe-4x4.ipynb")
    game = ttt4.game
    state, player = game.parse("xxx.o...o.......")  # o to move: x threatens (0, 3) only
    block = next(ns for ns in game.next_states(state, player) if ns >> (3 + 16) & 1)
    other = next(ns for ns in game.next_states(state, player) if not ns >> (3 + 16) & 1)
    assert check_move_in_one(game, state, player, block) == MoveInOne(won=None, saved=True)
    assert check_move_in_one(game, state, player, other) == MoveInOne(won=None, saved=False)
    two, mover = game.parse("xxx.xo..x..o..oo")  # o to move: x threatens (0, 3) and (3, 0)
    assert check_move_in_one(game, two, mover, game.next_states(two, mover)[0]).saved is None


def test_tally() -> None:
    assert tally([True, None, False, True]) == (2, 3)
    assert tally([None]) == (0, 0)
