"""Matches between two computers: games played out between two ``choose`` functions.

The one place that plays such games (a lecture comparing two estimates, a benchmark), so that
every comparison follows the same rules: every answer is checked (``read_answer``); each move's
limit (``depth``, ``nodes`` or ``budget``) reaches the chooser as a keyword, only when set; each
move gets a fresh ``random.Random(seed)``, so that a move depends on its position only and,
without a time budget, a match is the same on every run and machine; ``match`` plays each
opening twice, the colours swapped, so that neither side gains from moving first.
"""

from __future__ import annotations

import functools
import inspect
import numbers
import random
import time
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, Generic, cast

from gamesolver.errors import GameSolverError
from gamesolver.explore import random_moves
from gamesolver.game import AnyGame, Game, Player, State, Value, is_number
from gamesolver.protocol import BestMove
from gamesolver.stats import LimitedStats, LimitReached, Stats

Chooser = Callable[..., Any]
"""The computer's choice, for the play widget, the watch, matches and the grader: ``choose(state,
player, rng) -> (value, next_state)``, ``value`` from ``player``'s side, ``rng`` (seeded) to
break ties. It may answer ``(value, next_state, stats)`` (whether the value is exact, its depth,
its line), take the keywords ``budget`` (seconds per move), ``depth`` and ``nodes``, and have a
parameter ``earlier`` with a default: the states before ``state`` (chess sees repetitions).
Matches and the grader also take the next state alone (a random player knows no value).
"""

Position = tuple[Hashable, Hashable]
"""A state and the player to move in it."""


class IllegalMove(GameSolverError, ValueError):
    """A chooser answered something that is not a legal move (``read_answer`` says what)."""


def takes(choose: Callable[..., object], keyword: str) -> bool:
    """Whether ``choose`` can be called with the keyword ``keyword`` (or any keyword)."""
    try:
        parameters = inspect.signature(choose).parameters.values()
    except (TypeError, ValueError):  # no signature to read (some builtins)
        return False
    return any(
        (p.name == keyword and p.kind != p.POSITIONAL_ONLY) or p.kind == p.VAR_KEYWORD
        for p in parameters
    )


def names(choose: Callable[..., object], keyword: str) -> bool:
    """Whether ``choose`` has a parameter ``keyword`` itself, not merely ``**kwargs``: for what
    a chooser passing its keywords on to a search must not get (``earlier``)."""
    try:
        parameters = inspect.signature(choose).parameters
    except (TypeError, ValueError):  # no signature to read (some builtins)
        return False
    found = parameters.get(keyword)
    return found is not None and found.kind not in (found.POSITIONAL_ONLY, found.VAR_KEYWORD)


@dataclass(frozen=True)
class Choice(Generic[State]):
    """A chooser's answer once read: the state after the move, its value for the chooser and
    its search's statistics (``None``: not given)."""

    state: State
    value: Value | None = None
    stats: Stats | None = None


MUST = "it must return (value, next_state)"
"""What every reader of an answer asks for, in its refusals."""


def read_answer(
    game: Game[State, Player], state: State, player: Player, answer: object
) -> Choice[State]:
    """A chooser's ``answer`` in ``state`` read by the one rule of every surface: a ``Choice``,
    ``(value, next_state)``, ``(value, next_state, stats)`` or a next state alone (tried first,
    so that a state that is a pair is never misread); else ``IllegalMove`` saying what is wrong."""
    moves = game.next_states(state, player)
    if isinstance(answer, Choice):
        after = answer.state
        if after in moves:
            return cast(Choice[State], answer)
    elif answer in moves:
        return Choice(cast(State, answer))
    elif (
        not isinstance(answer, tuple | list)
        or len(answer) not in (2, 3)
        or (len(answer) == 3 and not isinstance(answer[2], Stats | None))
    ):
        raise IllegalMove(f"choose returned {answer!r}; {MUST}")
    else:
        value, after, *seen = answer
        if not isinstance(value, numbers.Real) and value in moves:
            raise IllegalMove(f"choose returned (next_state, value); {MUST}")
        if value is not None and not is_number(value):
            raise IllegalMove(f"choose returned the value {value!r}, which is not a number; {MUST}")
        if after in moves:
            return Choice(after, value, seen[0] if seen else None)
    raise IllegalMove(
        f"choose returned {after!r}, which is not one of game.next_states(state, {player!r})"
    )


@dataclass
class Played:
    """One game: where it started, every move, and how it ended."""

    start: Hashable
    first: Hashable
    """The player to move at ``start``."""
    states: list[Hashable] = field(default_factory=list)
    """The state after each move, in order."""
    stats: list[Stats | None] = field(default_factory=list)
    """Each move's search statistics, as its chooser gave them (``None``: it gave none)."""
    seconds: list[float] = field(default_factory=list)
    """Each move's CPU seconds (``time.process_time``)."""
    winner: Hashable | None = None
    """The player with a positive utility at the end; ``None``: a draw, or unfinished."""
    finished: bool = True
    """Whether the game ended by its rules (``False``: stopped at ``max_plies``)."""

    @property
    def plies(self) -> int:
        """The moves played."""
        return len(self.states)

    @property
    def end(self) -> Hashable:
        """The last state."""
        return self.states[-1] if self.states else self.start

    def depths(self, player_moves: int | None = None) -> list[int]:
        """The depths the searches reported (``stats.depth``), of every move or, with
        ``player_moves`` 0 or 1, of the first player's moves or the second's."""
        chosen = self.stats if player_moves is None else self.stats[player_moves::2]
        return [s.depth for s in chosen if s is not None]


def _limits(depth: int | None, nodes: int | None, budget: float | None) -> dict[str, Any]:
    given = {"depth": depth, "nodes": nodes, "budget": budget}
    return {name: limit for name, limit in given.items() if limit is not None}


def play_game(
    game: AnyGame,
    choosers: Sequence[Chooser],
    start: Position | None = None,
    *,
    depth: int | None = None,
    nodes: int | None = None,
    budget: float | None = None,
    seed: int = 0,
    max_plies: int | None = None,
) -> Played:
    """A game from ``start`` (default: the start, ``Players[0]`` to move), ``choosers[i]``
    playing ``game.Players[i]``, stopped unfinished after ``max_plies`` moves if given."""
    state, player = (game.Start, game.Players[0]) if start is None else start
    limits = _limits(depth, nodes, budget)
    for choose in choosers:
        missing = [name for name in limits if not takes(choose, name)]
        if missing:
            raise ValueError(f"{getattr(choose, '__name__', choose)} takes no {missing[0]}")
    remembers = [names(choose, "earlier") for choose in choosers]
    played = Played(state, player)
    while not game.finished(state):
        if max_plies is not None and played.plies >= max_plies:
            played.finished = False
            return played
        index = list(game.Players).index(player)
        known = {"earlier": (played.start, *played.states)[:-1]} if remembers[index] else {}
        began = time.process_time()
        answer = choosers[index](state, player, random.Random(seed), **limits, **known)
        played.seconds.append(time.process_time() - began)
        choice = read_answer(game, state, player, answer)
        state = choice.state
        played.states.append(state)
        played.stats.append(choice.stats)
        player = game.other(player)
    winners = [p for p in game.Players if game.utility(state, p) > 0]
    played.winner = winners[0] if winners else None
    return played


@dataclass
class Match:
    """``a`` against ``b``: the games, and whom ``a`` played in each."""

    games: list[Played] = field(default_factory=list)
    a_plays: list[Hashable] = field(default_factory=list)

    def result(self, number: int) -> str:
        """``"a"``, ``"b"`` or ``"draw"``: who won game ``number``."""
        winner = self.games[number].winner
        if winner is None:
            return "draw"
        return "a" if winner == self.a_plays[number] else "b"

    @property
    def tally(self) -> Counter[str]:
        """The games won by ``a``, by ``b``, and drawn: keys ``"a"``, ``"b"``, ``"draw"``."""
        return Counter(self.result(number) for number in range(len(self.games)))

    def depths(self, side: str) -> list[int]:
        """The depths reported by the searches of ``side`` (``"a"`` or ``"b"``), every move."""
        found: list[int] = []
        for played, a_plays in zip(self.games, self.a_plays, strict=True):
            mine = (played.first == a_plays) == (side == "a")
            found += played.depths(0 if mine else 1)
        return found


def openings(game: AnyGame, count: int, plies: int = 2, seed: int = 1) -> list[Position]:
    """``count`` openings: each ``plies`` random moves from the start (one generator,
    ``random.Random(seed)``, for all of them); an opening that ends the game ends there."""
    rng = random.Random(seed)
    return [random_moves(game, rng, plies) for _ in range(count)]


def match(
    game: AnyGame,
    a: Chooser,
    b: Chooser,
    starts: Sequence[Position] | None = None,
    **options: Any,
) -> Match:
    """``a`` against ``b`` from each of ``starts`` (default: the start of the game), each start
    played twice: ``a`` moving first, then ``b``. ``options`` are ``play_game``'s limits,
    ``seed`` and ``max_plies``."""
    played = Match()
    for start in starts or [(game.Start, game.Players[0])]:
        _, to_move = start
        for first, second in ((a, b), (b, a)):
            order = (first, second) if to_move == game.Players[0] else (second, first)
            played.games.append(play_game(game, order, start, **options))
            played.a_plays.append(to_move if first is a else game.other(to_move))
    return played


def within_nodes(
    decide: Callable[..., tuple[Value, Hashable]],
    state: Hashable,
    player: Hashable,
    rng: random.Random,
    nodes: int,
    depth: int | None = None,
) -> tuple[Value, Hashable, Stats]:
    """``decide(state, player, rng, stats, depth=d)`` at d = 1, 2, ... (up to ``depth``): the
    deepest answer whose calls, with all before it, stay within ``nodes`` (depth 1 whatever it
    costs), with the calls of all. Each depth starts from the same ``rng`` state; an exact
    value ends the deepening."""
    start = rng.getstate()
    stats = Stats()
    value, after = decide(state, player, rng, stats, depth=1)
    spent, reached = stats.calls, 1
    while not stats.exact and (depth is None or reached < depth):
        deeper = LimitedStats(max_calls=nodes - spent)
        rng.setstate(start)
        try:
            found = decide(state, player, rng, deeper, depth=reached + 1)
        except LimitReached:
            break
        spent, reached = spent + deeper.calls, reached + 1
        (value, after), stats = found, plain(deeper)
    stats.calls, stats.depth = spent, max(stats.depth, reached)
    return value, after, stats


def plain(stats: Stats) -> Stats:
    """A plain copy of ``stats`` (of ``LimitedStats``: without the limits)."""
    return Stats(**{f.name: getattr(stats, f.name) for f in fields(Stats)})


def searching(
    game: AnyGame, best_move: BestMove, search: Callable[..., Value], margin: float = 1.0
) -> Chooser:
    """A chooser that plays ``best_move`` on ``game`` with ``search`` (e.g. the Solver's
    ``iterative_deepening``), answering ``(value, next_state, stats)``: ``depth`` and ``budget``
    (times ``margin``: a search notices its deadline late) go to ``search``; ``nodes`` deepens
    it within that many value calls (``within_nodes``)."""

    def decide(
        state: Hashable, player: Hashable, rng: random.Random, stats: Stats, **limits: Any
    ) -> tuple[Value, Hashable]:
        algorithm = functools.partial(search, **limits) if limits else search
        return best_move(game, state, player, algorithm, rng, stats)

    def choose(
        state: Hashable,
        player: Hashable,
        rng: random.Random,
        *,
        depth: int | None = None,
        nodes: int | None = None,
        budget: float | None = None,
    ) -> tuple[Value, Hashable, Stats]:
        limits = _limits(depth, None, None if budget is None else margin * budget)
        if nodes is None:
            stats = Stats()
            value, after = decide(state, player, rng, stats, **limits)
            return value, after, stats
        return within_nodes(decide, state, player, rng, nodes, depth)

    choose.__name__ = f"searching_{getattr(search, '__name__', 'search')}"
    return choose


def random_mover(game: AnyGame, seed: int = 0) -> Chooser:
    """A chooser that plays a random legal move, from its own ``random.Random(seed)`` (the
    match's starts afresh at every move)."""
    rng = random.Random(seed)

    def choose(state: Hashable, player: Hashable, _rng: object = None, **limits: Any) -> Hashable:
        moves: list[Hashable] = list(game.next_states(state, player))
        return rng.choice(moves)

    return choose
