"""One game between two submitted players, each move bounded, in a process of its own.

A class tournament (``gamesolver.tools.tournament``) plays many such games; each is a ``Duel``,
a task of plain values (paths, numbers), so that it can be sent to another process or another
machine (a Dask worker) and its ``Outcome`` sent back. ``play_duel`` loads the game notebook
(the course's own code, trusted) once per process, then plays the game ``apart``
(``gamesolver.guard``): a forked process that loads the two players' notebooks and runs their
``choose(state, player, limit)``, every call within the time per move, the whole process within
the memory limit. Whatever a player does (an exception, an illegal answer, a move over time, a
hang, megabytes printed, ``os._exit``) ends the game, lost by that player, with the reason; the
process that asked for the game goes on. The forked process sends back only numbers: the index
of each move in the trusted game's ``next_states``, so that no object of a player's crosses.

This is the tournament's game runner; the graded exercise's referee plays one untrusted player
against trusted ones, where this one bounds both sides. Both run a player's move the same way,
with ``referee.student_move``: one reading of an answer, one set of limits, the same reasons.
"""

from __future__ import annotations

import functools
import json
import tempfile
import time
import types
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from gamesolver.errors import error_text
from gamesolver.game import AnyGame
from gamesolver.guard import CallTimeLimit, Ended, Interrupted, Limits, apart, progress, shown
from gamesolver.match import openings
from gamesolver.notebook import Kind, NotebookError, find_game, load_notebook
from gamesolver.notebook import read as read_definition
from gamesolver.referee import Fault, Limit, PlayerFunction, over_time, student_move

LOAD_SECONDS = 30.0
"""How long the loading of a player's notebook may take, on the wall clock."""


@dataclass(frozen=True)
class Duel:
    """The games of one pairing, to play in one process: the game notebook, the two players
    (``names`` and their notebooks), and each game as ``(opening, first)``: the index of its
    opening among ``openings(game, openings, seed=seed)`` and the name of the player moving
    first from it; the time of a move, the memory of the process, the tournament's round."""

    game: str
    names: tuple[str, str]
    notebooks: tuple[str, str]
    games: tuple[tuple[int, str], ...]
    openings: int
    seed: int
    seconds: float
    memory_mb: float | None = 512
    round: int = 0

    def key(self, opening: int, first: str) -> Key:
        """A game's identity in a tournament: its round, its opening, its players in order."""
        second = self.names[1] if first == self.names[0] else self.names[0]
        return (self.round, opening, first, second)


Key = tuple[int, int, str, str]
"""A game's round, opening, first player and second player."""


@dataclass
class Outcome:
    """How one game ended: the moves (indices in ``next_states``), the winner's name (``None``:
    a draw), and, for a game ended by a player's fault, who and why."""

    key: Key
    moves: list[int] = field(default_factory=list)
    winner: str | None = None
    fault: str = ""
    faulty: str = ""
    seconds: float = 0.0
    """The CPU seconds of the game's moves (both players'), as the game's process measured them."""

    @property
    def score(self) -> float:
        """The first player's points: 1 for a win, 0.5 for a draw, 0 for a loss."""
        if self.winner is None:
            return 0.5
        return 1.0 if self.winner == self.key[2] else 0.0


@functools.cache
def notebook_of(path: str) -> types.ModuleType:
    """The game notebook at ``path`` (the course's code, trusted), loaded once per process."""
    return load_notebook(Path(path).absolute())


def game_of(path: str) -> AnyGame:
    """The game of the notebook at ``path``."""
    return find_game(notebook_of(path))


@functools.cache
def openings_of(path: str, count: int, seed: int) -> tuple[tuple[Hashable, Hashable], ...]:
    """The tournament's ``count`` openings of the game at ``path`` (two random plies each)."""
    return tuple(openings(game_of(path), count, seed=seed))


def replay(game: AnyGame, start: Hashable, first: Hashable, moves: list[int]) -> list[Hashable]:
    """The states after each of ``moves`` (indices in ``next_states``) from ``start``."""
    states, state, mover = [], start, first
    for index in moves:
        state = game.next_states(state, mover)[index]
        states.append(state)
        mover = game.other(mover)
    return states


def play_duel(duel: Duel) -> list[Outcome]:
    """Play the games of ``duel`` in a process of their own (``apart``), the players' notebooks
    loaded once for all of them; an ``Outcome`` per game, never an exception for what a player
    does. A process that ends with a game (a hang, ``os._exit``) loses that game for the player
    to move; the games after it are played in a new process."""
    game = game_of(duel.game)
    openings = openings_of(duel.game, duel.openings, duel.seed)
    limit = Limit(duel.seconds)
    outcomes: list[Outcome] = []
    with tempfile.TemporaryFile("w+") as record:  # the games a process finished, a line each
        while len(outcomes) < len(duel.games):
            left = duel.games[len(outcomes) :]
            plies = sum(_plies_left(game, *openings[opening]) for opening, _ in left)
            total = 2 * LOAD_SECONDS + plies * (2 * duel.seconds + 1)
            limits = Limits(duel.seconds, total, duel.memory_mb)
            record.seek(0)
            record.truncate()
            unfinished = apart(
                functools.partial(_play, game, openings, duel, left, limit, record),
                limits,
                functools.partial(_ended, duel, left, limit, record),
            )
            outcomes += _recorded(duel, left, record) + unfinished
    return outcomes


def _play(
    game: AnyGame,
    openings: tuple[tuple[Hashable, Hashable], ...],
    duel: Duel,
    games: tuple[tuple[int, str], ...],
    limit: Limit,
    record: IO[str],
) -> list[Outcome]:
    """In the game's process: the players loaded, then ``games`` played in order, each written
    to ``record`` as it ends, so that the parent keeps them if the process ends; the games not
    played (a player's notebook that did not load forfeits them)."""
    chooses = {}
    for name, notebook in zip(duel.names, duel.notebooks, strict=True):
        progress(("loading", name, []))
        try:
            chooses[name] = _load_player(notebook)
        except Fault as fault:
            return _forfeit(duel, games, name, str(fault))
    for opening, first in games:
        outcome = Outcome(duel.key(opening, first))
        state, mover = openings[opening]
        side = {mover: first, game.other(mover): outcome.key[3]}
        began = time.process_time()
        progress(("moving", side[mover], outcome.moves))
        while not game.finished(state):
            try:
                index, state = _move(game, chooses[side[mover]], state, mover, limit)
            except Fault as fault:
                _lose(outcome, side[mover], str(fault))
                break
            outcome.moves.append(index)
            progress(("moving", side[game.other(mover)], outcome.moves))
            mover = game.other(mover)
        else:
            winners = [p for p in game.Players if game.utility(state, p) > 0]
            outcome.winner = side[winners[0]] if winners else None
        outcome.seconds = time.process_time() - began
        fields = [outcome.moves, outcome.winner, outcome.fault, outcome.faulty, outcome.seconds]
        record.write(json.dumps(fields) + "\n")
        record.flush()
    return []


def _recorded(duel: Duel, games: Sequence[tuple[int, str]], record: IO[str]) -> list[Outcome]:
    """The first of ``games``, as a process wrote them to ``record`` (a line cut short by the
    process's end is left out)."""
    record.seek(0)
    outcomes = []
    for (opening, first), line in zip(games, record.read().splitlines(), strict=False):
        try:
            moves, winner, fault, faulty, seconds = json.loads(line)
        except ValueError:
            break
        key = duel.key(opening, first)
        outcomes.append(Outcome(key, moves, winner, fault, faulty, seconds))
    return outcomes


def _ended(
    duel: Duel, games: tuple[tuple[int, str], ...], limit: Limit, record: IO[str], how: Ended
) -> list[Outcome]:
    """The game a process that ended without its result was playing, lost by the player who
    was to move; or, if a player's loading ended it, every game lost by that player."""
    doing, name, moves = how.progress if how.progress else ("loading", duel.names[0], [])
    if how.limit is CallTimeLimit:
        why = f"{over_time(limit)} and did not stop when told"
    elif how.limit is not None:
        why = "it took too long" + (" to load" if doing == "loading" else "")
    else:
        why = f"it ended the game's process ({how.how})"
    if doing == "loading":
        return _forfeit(duel, games, name, why)
    opening, first = games[len(_recorded(duel, games, record))]
    return [_lose(Outcome(duel.key(opening, first), list(moves)), name, why)]


def _lose(outcome: Outcome, name: str, why: str) -> Outcome:
    """``outcome`` lost by ``name`` for ``why``."""
    first, second = outcome.key[2:]
    outcome.faulty, outcome.fault = name, why
    outcome.winner = second if name == first else first
    return outcome


def _forfeit(duel: Duel, games: Sequence[tuple[int, str]], name: str, why: str) -> list[Outcome]:
    """Every game of ``games`` lost by ``name`` without a move (its player could not play)."""
    return [_lose(Outcome(duel.key(opening, first)), name, why) for opening, first in games]


def _plies_left(game: AnyGame, start: Hashable, mover: Hashable) -> int:
    """An upper bound on the moves left from ``start``: the longest line of first moves
    (enough for the games of the course, whose every line ends)."""
    plies, state = 0, start
    while not game.finished(state) and plies < 10_000:
        state = game.next_states(state, mover)[0]
        mover = game.other(mover)
        plies += 1
    return plies


PLAYER: Kind[PlayerFunction] = Kind("a function choose(state, player, limit)", callable)
"""What a player's notebook must define, read through ``notebook.read``."""


def _load_player(notebook: str) -> PlayerFunction:
    """The ``choose`` of the notebook at ``notebook``, or ``Fault`` saying why there is none."""
    try:
        module = load_notebook(Path(notebook).absolute())
    except Interrupted:
        raise
    except BaseException as error:
        raise Fault(f"its notebook did not load: {error_text(error)}") from None
    try:
        return read_definition(module, "choose", PLAYER, "a tournament")
    except NotebookError:
        raise Fault("its notebook defines no function choose(state, player, limit)") from None


def _move(
    game: AnyGame, choose: PlayerFunction, state: Hashable, mover: Hashable, limit: Limit
) -> tuple[int, Hashable]:
    """The move ``choose`` plays in ``state``, read and bounded as the referee reads a
    student's (``referee.student_move``), as its index in ``next_states`` and the state after
    it (the game's own object, not the player's), or ``Fault``."""
    chosen = student_move(game, choose, state, mover, limit)
    for index, after in enumerate(game.next_states(state, mover)):
        if after == chosen:
            return index, after
    raise Fault(f"an illegal move: the player returned {shown(chosen)}")  # (an odd __eq__)
