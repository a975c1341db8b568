"""What a grader can check about one move in any game, without searching: the move in one.

Seed 004's assignment grades a program by the moves it plays. Two checks need no solver and
no knowledge of the game beyond its contract, so the command line's ``move --positions`` makes
them for every game:

- **a win at once**: if some move ends the game with a win for the player, the move played
  should be one of them;
- **no loss at once**: if the player cannot win at once, and some moves let the opponent win
  with the reply while others do not, the move played should be one that does not (in
  tic-tac-toe: a single threat of the opponent is blocked). If every move loses at once (two
  threats), or none does, there is nothing to check.

Each answer is ``None`` where the check does not apply, so that a report can say "3 of 4".
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from gamesolver.game import Game

AnyGame = Game[Any, Any]


@dataclass(frozen=True)
class MoveInOne:
    """The checks of one move: ``None`` where a check does not apply to the position."""

    won: bool | None
    """A win at once existed: was one played?"""
    saved: bool | None
    """No win existed, and some moves but not all let the opponent win at once: did the move
    played keep the opponent from it?"""


def wins_at_once(game: AnyGame, state: Hashable, player: Hashable) -> bool:
    """True iff it is ``state`` itself that is finished and won by ``player``."""
    return bool(game.finished(state) and game.utility(state, player) >= game.best)


def check_move_in_one(
    game: AnyGame, state: Hashable, player: Hashable, after: Hashable
) -> MoveInOne:
    """The checks of the move from ``state`` to ``after`` by ``player`` (see the module)."""
    moves = game.next_states(state, player)
    winning = [ns for ns in moves if wins_at_once(game, ns, player)]
    if winning:
        return MoveInOne(won=after in winning, saved=None)
    opponent = game.other(player)

    def loses(ns: Hashable) -> bool:
        return not game.finished(ns) and any(
            wins_at_once(game, reply, opponent) for reply in game.next_states(ns, opponent)
        )

    losing = [loses(ns) for ns in moves]
    if any(losing) and not all(losing):
        return MoveInOne(won=None, saved=not loses(after))
    return MoveInOne(won=None, saved=None)


def tally(answers: list[bool | None]) -> tuple[int, int]:
    """``(passed, applied)``: how many of the answers that apply are ``True``."""
    applied = [answer for answer in answers if answer is not None]
    return sum(applied), len(applied)
