"""Refereed games: a student's player graded by play against a ladder of reference players.

The student writes a player, ``choose(state, player, limit) -> next_state`` (the course's
player contract, ``limit`` a ``Limit``); the referee plays it against each rung of a ladder
(``Rung``: a reference player in ``gamesolver.match``'s ``Chooser`` contract) from seeded
openings, as both colours. Each game runs ``apart`` (``gamesolver.guard``), in a process of its
own, every move of the student's under the time per move and a memory limit: a move over time,
an exception, an illegal answer, running out of memory or ending the process (``os._exit``)
loses that game, with the reason, and never stops the grading. A rung is beaten when the
player loses none of its games; the points are the rungs beaten. For a game lost by play, a
solver's values (``value(state, player)``, exact for the player to move) find the first move
of the student's that changed the game's value: the feedback shows that position as a board.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

from gamesolver.errors import error_text
from gamesolver.game import AnyGame, Value
from gamesolver.guard import (
    CallTimeLimit,
    Ended,
    Interrupted,
    Limits,
    apart,
    call,
    memory_text,
    progress,
    shown,
    tripped,
)
from gamesolver.match import Chooser, IllegalMove, Position, read_answer
from gamesolver.table import Table


@dataclass(frozen=True)
class Limit:
    """What a player may spend on one move (``choose(state, player, limit)``): ``seconds`` of
    CPU time, which the referee enforces, and optionally a ``depth`` or a number of ``nodes``
    (value calls), which a player that searches may use to size its search; ``None``: no such
    bound is given."""

    seconds: float
    depth: int | None = None
    nodes: int | None = None


PlayerFunction = Callable[[Any, Any, Limit], Any]
"""A student's player: ``choose(state, player, limit)`` answers the state after its move (or,
like a ``Chooser``, ``(value, next_state)``; ``read_answer`` reads either)."""


def as_chooser(choose: PlayerFunction, limit: Limit) -> Chooser:
    """The player ``choose`` in ``gamesolver.match``'s ``Chooser`` contract, always given
    ``limit``: so that it plays ``match`` and ``play_game`` like any computer."""

    def chooser(state: Hashable, player: Hashable, rng: object = None, **limits: Any) -> Any:
        return choose(state, player, limit)

    chooser.__name__ = getattr(choose, "__name__", "choose")
    return chooser


@dataclass(frozen=True)
class Rung:
    """One reference player of a ladder: its name in the feedback, and the player (trusted
    code, in the ``Chooser`` contract, its limits bound, e.g. with ``functools.partial``)."""

    name: str
    chooser: Chooser


@dataclass
class Refereed:
    """One game of the student's player: where it started, whom the student played, every
    move, and how it ended (``fault``: why the referee ended it, empty if it ended by the
    rules)."""

    rung: str
    start: Hashable
    first: Hashable
    """The player to move at ``start``."""
    student: Hashable
    """The player the student's code played."""
    states: list[Hashable] = field(default_factory=list)
    winner: Hashable | None = None
    fault: str = ""

    @property
    def result(self) -> str:
        """``"won"``, ``"drawn"`` or ``"lost"``, for the student; a fault loses."""
        if self.fault or (self.winner is not None and self.winner != self.student):
            return "lost"
        return "drawn" if self.winner is None else "won"

    @property
    def end(self) -> Hashable:
        """The last state."""
        return self.states[-1] if self.states else self.start

    def moves(self, game: AnyGame) -> list[tuple[Hashable, Hashable, Hashable]]:
        """Each move as ``(mover, state before, state after)``."""
        mover, before, played = self.first, self.start, []
        for after in self.states:
            played.append((mover, before, after))
            mover, before = game.other(mover), after
        return played


def student_move(
    game: AnyGame, choose: PlayerFunction, state: Hashable, student: Hashable, limit: Limit
) -> Hashable:
    """The student's move from ``state``, read and checked, within ``limit``; else a ``Fault``
    saying what went wrong (an ``Interrupted`` from outside passes through)."""
    began = time.process_time()
    try:
        with call():
            answer = choose(state, student, limit)
    except CallTimeLimit:
        raise Fault(over_time(limit)) from None
    except Interrupted:
        raise
    except MemoryError:
        raise Fault(f"the player {memory_text()}") from None
    except BaseException as error:  # SystemExit too: the game is lost, the grading goes on
        raise Fault(f"the player raised {error_text(error)}") from None
    if tripped() is CallTimeLimit or time.process_time() - began > limit.seconds:
        raise Fault(over_time(limit))
    try:
        chosen: Hashable = read_answer(game, state, student, answer).state
    except IllegalMove:
        raise Fault(
            f"an illegal move: the player returned {shown(answer)}, which is not one of"
            " game.next_states(state, player)"
        ) from None
    return chosen


def referee(
    game: AnyGame,
    choose: PlayerFunction,
    rung: Rung,
    start: Position,
    student: Hashable,
    limit: Limit,
    seed: int = 0,
    memory_mb: float | None = 256,
) -> Refereed:
    """One game from ``start``, ``choose`` playing ``student`` against ``rung``, in a process
    of its own (``apart``): each move of the student's bounded by ``limit.seconds`` of CPU time
    and ``memory_mb``; the reference player's moves get ``random.Random(seed)`` each, as in
    ``match``. Any fault of the student's code ends the game, lost, with the reason."""
    state, first = start
    played = Refereed(rung.name, state, first, student)
    limits = Limits(call_seconds=limit.seconds, memory_mb=memory_mb)

    def lose(reason: str) -> Refereed:
        played.fault = reason
        return played

    def work() -> Refereed:
        now, mover = state, first
        while not game.finished(now):
            if mover == student:
                try:
                    now = student_move(game, choose, now, student, limit)
                except Fault as fault:
                    return lose(str(fault))
            else:
                answer = rung.chooser(now, mover, random.Random(seed))
                now = read_answer(game, now, mover, answer).state
            played.states.append(now)
            progress(list(played.states))
            mover = game.other(mover)
        winners = [p for p in game.Players if game.utility(now, p) > 0]
        played.winner = winners[0] if winners else None
        return played

    def ended(how: Ended) -> Refereed:
        if how.progress is not None:
            played.states = list(how.progress)
        if how.limit is CallTimeLimit:
            return lose(over_time(limit) + " and did not stop when told")
        where = "during its move" if how.in_call else "between moves"
        return lose(f"the player ended the game's process ({how.how}) {where}")

    return apart(work, limits, ended)


class Fault(Exception):
    """Why a move of a player's loses the game (the message says it): the referee's and the
    tournament's."""


def over_time(limit: Limit) -> str:
    """What a report says of a move that took too long."""
    return f"a move took more than {limit.seconds:g} s of CPU time (the time per move)"


@dataclass(frozen=True)
class Mistake:
    """The first move of the student's that changed the game's value: the position before it,
    the move, the values before and after (the student's side), and a move that kept it."""

    before: Hashable
    after: Hashable
    was: Value
    became: Value
    better: Hashable


def first_mistake(
    game: AnyGame, played: Refereed, value: Callable[[Hashable, Hashable], Value]
) -> Mistake | None:
    """The first move of the student's in ``played`` after which the game's value for the
    student, by ``value`` (exact, for the player to move), was lower than before it; ``None``
    if there is none (the opening was lost already, or the game was lost by a fault)."""
    for mover, before, after in played.moves(game):
        if mover != played.student:
            continue
        opponent = game.other(mover)
        was = value(before, mover)
        became = -value(after, opponent) if not game.finished(after) else game.utility(after, mover)
        if became < was:
            kept = [
                ns
                for ns in game.next_states(before, mover)
                if (game.utility(ns, mover) if game.finished(ns) else -value(ns, opponent)) >= was
            ]
            return Mistake(before, after, was, became, kept[0])
    return None


OUTCOME = {1: "a win", 0: "a draw", -1: "a loss"}
"""A game's value for the student, in words (other values are written as numbers)."""


def _said(value: Value) -> str:
    return OUTCOME.get(int(value), f"{value:g}") if value == int(value) else f"{value:g}"


@dataclass
class Ladder:
    """The games of one player against a ladder, and what they are worth."""

    rungs: list[str]
    games: list[Refereed]

    def record(self, rung: str) -> dict[str, int]:
        """The games against ``rung`` the student won, drew and lost."""
        results = [g.result for g in self.games if g.rung == rung]
        return {result: results.count(result) for result in ("won", "drawn", "lost")}

    def beaten(self, rung: str) -> bool:
        """True iff the player lost none of its games against ``rung``."""
        return self.record(rung)["lost"] == 0

    @property
    def points(self) -> int:
        """The rungs beaten."""
        return sum(self.beaten(rung) for rung in self.rungs)

    def table(self) -> Table:
        """A row per rung: the games won, drawn and lost, and whether it is beaten."""
        table = Table(["opponent", "won", "drawn", "lost", "beaten"], title="Your player's games")
        for rung in self.rungs:
            record = self.record(rung)
            beaten = "yes" if self.beaten(rung) else "no"
            table.add(rung, record["won"], record["drawn"], record["lost"], beaten)
        return table

    def report(
        self,
        game: AnyGame,
        value: Callable[[Hashable, Hashable], Value] | None = None,
        explained: int = 2,
    ) -> str:
        """The table, then each game lost: its moves and why, and for the first ``explained``
        lost by play the position where the student's move changed the value (``value``)."""
        lines = [repr(self.table()), f"points: {self.points} of {len(self.rungs)}"]
        shown = 0
        for number, played in enumerate(self.games, 1):
            if played.result != "lost":
                continue
            names = [game.move_name(b, a) for _, b, a in played.moves(game)]
            side = "first" if played.student == game.Players[0] else "second"
            lines += ["", f"Game {number}, against {played.rung} (you moved {side}): lost"]
            lines.append("moves after the opening: " + (", ".join(names) or "none"))
            if played.fault:
                lines.append(f"why: {played.fault}")
                lines.append(game.text(played.end))
                continue
            if value is None or shown >= explained:
                continue
            shown += 1
            mistake = first_mistake(game, played, value)
            if mistake is None:
                lines.append("the position was lost before your first move")
                continue
            move = game.move_name(mistake.before, mistake.after)
            better = game.move_name(mistake.before, mistake.better)
            lines.append(
                f"your move {move} here turned {_said(mistake.was)} into {_said(mistake.became)};"
                f" {better} kept {_said(mistake.was)}:"
            )
            lines.append(game.text(mistake.before))
        return "\n".join(lines)


def ladder(
    game: AnyGame,
    choose: PlayerFunction,
    rungs: Sequence[Rung],
    starts: Sequence[Position],
    limit: Limit,
    seed: int = 0,
    memory_mb: float | None = 256,
) -> Ladder:
    """``choose`` against every rung, from every start, as each player (``referee``)."""
    games = [
        referee(game, choose, rung, start, student, limit, seed, memory_mb)
        for rung in rungs
        for start in starts
        for student in game.Players
    ]
    return Ladder([rung.name for rung in rungs], games)
