"""The game contract: the lecture's six-tuple, bundled from a notebook's plain functions::

    game = Game("tic-tac-toe", Players, Start, next_states, finished, utility)

Every search takes the ``Game`` as its first argument, so that no notebook depends on another's
globals and two games can live side by side in one kernel.
"""

from __future__ import annotations

import contextlib
import math
import numbers
import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Generic, TypeVar

State = TypeVar("State", bound=Hashable)
Player = TypeVar("Player", bound=Hashable)

Value = float
"""A utility, heuristic or search value: an ``int`` or a ``float``."""


@dataclass(frozen=True, eq=False)
class Game(Generic[State, Player]):
    """A two-person, zero-sum, deterministic game with perfect information, in the lecture's
    names; ``Players[0]`` moves first, then the players alternate.

    - ``next_states(state, player)``: a list in a deterministic order (it decides what
      alpha-beta prunes); ``finished(state)``: true iff the game is over;
    - ``utility(state, player)``: zero-sum, inside ``utility_range`` ``(worst, best)``, which is
      symmetric (negamax negates values);
    - optional: ``heuristic`` (an estimate strictly inside the range, for depth-limited search);
      ``canonical`` (one state per symmetry class, for a memo table); ``describe_move``,
      ``show`` and ``describe_value`` (a move, a state, a value in the game's terms, e.g.
      ``"+1.3 pawns"``); ``parse`` and ``notation`` (a position in the game's notation, read as
      ``(state, player)`` or ``ValueError``, and written; fields, because a game built with
      parameters reads positions by them); ``to_move`` (the player a state names, e.g. Nim's,
      for the command line's ``--state``);
    - ``chances(state)``, for a game of chance: a chance position's ``(probability,
      next_state)`` pairs (empty elsewhere), ``next_states`` giving the same states in the same
      order and ``to_move`` given; a search that knows no chance takes it as a move.
    """

    name: str
    Players: Sequence[Player]
    Start: State
    next_states: Callable[[State, Player], Sequence[State]]
    finished: Callable[[State], bool]
    utility: Callable[[State, Player], Value]
    heuristic: Callable[[State, Player], Value] | None = None
    utility_range: tuple[Value, Value] = (-1, 1)
    canonical: Callable[[State], State] | None = None
    describe_move: Callable[[State, State], str] | None = None
    show: Callable[[State], str] | None = None
    parse: Callable[[str], tuple[State, Player]] | None = None
    notation: Callable[[State, Player], str] | None = None
    describe_value: Callable[[Value], str] | None = None
    to_move: Callable[[State], Player] | None = None
    chances: Callable[[State], Sequence[tuple[float, State]]] | None = None
    _others: dict[Player, Player] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        players = tuple(self.Players)
        object.__setattr__(self, "Players", players)
        others: dict[Player, Player] = {}
        if len(players) == 2:  # unhashable players: other() says so, check_game explains
            with contextlib.suppress(TypeError):
                others = {players[0]: players[1], players[1]: players[0]}
        object.__setattr__(self, "_others", others)

    def other(self, player: Player) -> Player:
        """The opponent of ``player`` (the seed's ``other(p)``)."""
        try:
            return self._others[player]
        except (KeyError, TypeError):
            raise ValueError(
                f"{player!r} is not one of two distinct, hashable players {list(self.Players)!r}"
                " (check_game(game) says what is wrong)"
            ) from None

    @property
    def worst(self) -> Value:
        """The lowest utility: a loss."""
        return self.utility_range[0]

    @property
    def best(self) -> Value:
        """The highest utility: a win."""
        return self.utility_range[1]

    def move_name(self, state: State, next_state: State) -> str:
        """The move from ``state`` to ``next_state`` in words, or its position in the move list."""
        if self.describe_move is not None:
            return self.describe_move(state, next_state)
        for player in self.Players:
            moves = self.next_states(state, player)
            if next_state in moves:
                return f"move {list(moves).index(next_state) + 1}"
        return repr(next_state)

    def text(self, state: State) -> str:
        """The state as text: ``show(state)`` if the game has it, else ``repr(state)``."""
        return self.show(state) if self.show is not None else repr(state)

    def __repr__(self) -> str:
        optional = ("heuristic", "canonical", "describe_move", "show", "parse", "notation")
        named = (*optional, "describe_value", "to_move")
        extras = [name for name in named if getattr(self, name) is not None]
        with_extras = f" with {', '.join(extras)}" if extras else ""
        return f"Game({self.name!r}, Players={list(self.Players)!r}{with_extras})"


AnyGame = Game[Any, Any]
"""A game whose state and player types do not matter to the caller."""


def is_number(value: object) -> bool:
    """Whether ``value`` can be a value of a position: a real number (NumPy's too), not a
    ``bool`` and not NaN; an int too large for a float is one."""
    return isinstance(value, numbers.Real) and not isinstance(value, bool) and not is_nan(value)


def is_nan(value: object) -> bool:
    """Whether ``value`` is NaN, the number that is none (an int too large for a float, or
    something that is no number at all, is not)."""
    try:
        return math.isnan(value)  # type: ignore[arg-type]
    except (TypeError, ValueError, OverflowError):
        return False


def shuffled_at(game: AnyGame, state: Hashable, player: Hashable, rng: random.Random) -> AnyGame:
    """``game``, but with the moves of ``state`` (``player`` to move) in a random order, drawn
    once from ``rng``: a search that reports its line of play then chooses at random among
    the equally good first moves, as the Solver's ``best_move`` does."""
    moves = game.next_states(state, player)
    shuffled = rng.sample(list(moves), len(moves))

    def next_states(s: Hashable, p: Hashable) -> Sequence[Hashable]:
        return list(shuffled) if s == state and p == player else game.next_states(s, p)

    return replace(game, next_states=next_states)
