"""The game contract: the lecture's six-tuple, bundled from a notebook's plain functions.

A game notebook defines ``Players``, ``Start``, ``next_states``, ``finished``, ``utility`` (and
optionally ``heuristic``) as ordinary top-level names, exactly as the lecture writes them, and then
bundles them::

    game = Game("tic-tac-toe", Players, Start, next_states, finished, utility)

Every search algorithm takes the ``Game`` as its first argument, so no notebook depends on
another notebook's global variables, and two games can live side by side in one kernel.
"""

from __future__ import annotations

import contextlib
import math
import numbers
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

State = TypeVar("State", bound=Hashable)
Player = TypeVar("Player", bound=Hashable)

Value = float
"""A utility, heuristic or search value: an ``int`` or a ``float``."""


@dataclass(frozen=True, eq=False)
class Game(Generic[State, Player]):
    """A two-person, zero-sum, deterministic game with perfect information.

    The fields carry the lecture's names. ``Players[0]`` moves first, then the players alternate.

    - ``next_states(state, player)``: the states ``player`` can reach with one move, as a list in
      a deterministic order (the order decides which moves alpha-beta prunes);
    - ``finished(state)``: true iff the game is over;
    - ``utility(state, player)``: the value of a finished ``state`` for ``player``, with
      ``utility(s, A) == -utility(s, B)`` (zero-sum) and inside ``utility_range``, a pair
      ``(worst, best)`` with ``worst == -best`` (negamax negates values, so the range must be
      symmetric);
    - ``heuristic(state, player)`` (optional): an estimate for an unfinished state, strictly
      inside ``utility_range``, used by depth-limited search;
    - ``canonical(state)`` (optional): one representative of the state's symmetry class, so that a
      memo table can store one entry per class;
    - ``describe_move(state, next_state)`` (optional): how the lecture names the move from
      ``state`` to ``next_state``, e.g. ``"(1, 1)"``; used in messages, explanations and the
      terminal game;
    - ``show(state)`` (optional): the state as text, for the terminal game and for error messages;
    - ``parse(text)`` and ``notation(state, player)`` (optional): a position in the game's own
      notation (Pons' move string, PDN, FEN, ...) read as ``(state, player to move)``, and
      written; ``parse`` raises ``ValueError`` saying what is wrong with a malformed one. They
      are fields of the game, not of the notebook, because a game built by a function with
      parameters (a board's width) reads its positions by them.
    - ``describe_value(value)`` (optional): a value in the game's own terms, e.g. chess's
      ``"+1.3 pawns"`` for an estimate or ``"a mate"`` for a win; the play widget's status line
      says it after "I see" (default: ``"the value 0.05"``).
    - ``to_move(state)`` (optional): the player to move, for a game whose state says it (Nim's
      ``(piles, player)``), so that a state given without its player (the command line's
      ``--state``) is searched for the player it names, and one that names no player is refused.
    - ``chances(state)`` (optional): for a game of chance, the outcomes of a chance position
      (a die in the air) as a list of ``(probability, next_state)`` pairs, the probabilities
      summing to 1; an empty list at every other position. At a chance position
      ``next_states`` returns the same next states in the same order (so that whatever walks
      the game sees every position), and ``to_move`` must be given: after an outcome, the
      state says who moves (in Pig, a 1 ends the turn). Searches that know no chance
      (minimax, alpha-beta) treat a chance position as a move of its player; expectimax
      averages over the outcomes.
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
        if len(players) == 2:
            # unhashable players: check_game explains; other() says so meanwhile
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
