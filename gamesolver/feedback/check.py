"""The game validator: every reachable position checked, telling a student what is wrong and where.

A mistake in a student's game rarely shows where it is made: a utility that is not zero-sum
gives plausible but wrong values, a list as a state fails deep inside memoization.
``check_game(game)`` walks every position (a state and the player to move) reachable from
``Start``, breadth-first, and checks the game contract (``gamesolver.game``) on each; beyond
``max_states`` positions it plays seeded random games. Each kind of problem is reported once,
with the call, the state (``game.text``), a hint on the fix, and how often it came up::

    >>> check_game(game)                                       # doctest: +SKIP
    tic-tac-toe passes the check: all 5,478 reachable positions checked

The check never raises because of the game's code, and it is deterministic, so that nbval can
compare its report. It runs in a process of its own (``gamesolver.guard.apart``), because a
student's function may loop, sleep, exit or return an endless iterator: each call gets
``call_seconds`` (its result read up to ``max_next_states`` states), the whole check
``total_seconds`` and ``memory_mb`` of growth, and it stops after ``MAX_PROBLEMS`` kinds of
problem or at the first call over a limit. A check stopped early is not a pass (``ok``).
"""

from __future__ import annotations

import functools
import itertools
import math
import random
import re
import sysconfig
import textwrap
import traceback
from collections import Counter, deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, TypeVar

from gamesolver import guard
from gamesolver.errors import error_text
from gamesolver.game import AnyGame, is_nan, is_number
from gamesolver.guard import (
    CallTimeLimit,
    Ended,
    Interrupted,
    Limits,
    TotalTimeLimit,
    captured_output,
    shown,
)

MAX_PROBLEMS = 10
"""The check stops after this many kinds of problem: the first ones are the ones to fix."""

MIN_WON_GAMES = 10
"""How many random games must end with a winner before the last-mover warning can be given (an
exhaustive check counts every possible game: there, one is evidence enough)."""

MAX_STATE_TEXT = 2000
"""State drawings longer than this are cut in messages."""

WIDTH = 88
"""Prose in messages is wrapped to this width (state drawings are not)."""


class GameDefinitionError(ValueError):
    """A game that does not satisfy the game contract; the message is the check's report."""


@dataclass
class CheckReport:
    """What ``check_game`` found: problems (errors), doubts (warnings) and how much it looked at;
    its ``repr`` is what a notebook shows."""

    game_name: str
    plays: int
    """The random games played: only for a game with more than ``max_states`` positions."""
    states_checked: int
    """The distinct states on which the contract was checked."""
    errors: list[str] = field(default_factory=list)
    """One message per kind of problem: its first instance, a hint, and how often it came up."""
    warnings: list[str] = field(default_factory=list)
    """What is probably, but not certainly, wrong."""
    note: str = ""
    """Why the check stopped early, if it did."""
    positions: int = 0
    """The positions (state, player to move) checked breadth-first from the start."""
    exhaustive: bool = False
    """True iff these were all the reachable positions."""
    complete: bool = True
    """False if the check stopped early (at a limit, or after ``MAX_PROBLEMS`` problems)."""
    printed: int = 0
    """How many characters the game's functions printed during the check (not shown)."""
    output: str = ""
    """The first lines of what they printed, as the report ends with them ("" if none)."""

    @property
    def ok(self) -> bool:
        """True iff the check was complete and found no errors (warnings do not count)."""
        return not self.errors and self.complete

    def checked(self) -> str:
        """What was checked, in words."""
        if self.exhaustive:
            every = "all " if self.positions > 1 else ""
            return f"{every}{_plural(self.positions, 'reachable position')} checked"
        walked = _plural(self.positions, "position")
        if not self.plays:
            return f"{walked} checked"
        games = _plural(self.plays, "random game")
        if self.complete:
            return (
                f"more than {self.positions:,} reachable positions: the first {self.positions:,} "
                f"(breadth-first) and {games} checked"
            )
        return f"the first {walked} (breadth-first) and {games} checked"

    def __repr__(self) -> str:
        checked = f"({self.checked()})" if self.positions else "found before any position"
        if self.ok:
            head = f"{self.game_name} passes the check: {self.checked()}"
        elif self.errors:
            problems = _plural(len(self.errors), "problem")
            head = f"{self.game_name} fails the check: {problems} {checked}"
        else:
            head = f"{self.game_name} did not finish the check: no problem so far {checked}"
        parts = [
            head,
            *(_hanging(f"{number}. ", error) for number, error in enumerate(self.errors, 1)),
            *(_hanging("Warning: ", warning) for warning in self.warnings),
            self.note,
            self.output,
        ]
        return ("\n" if self.ok else "\n\n").join(part for part in parts if part)

    def raise_if_failed(self) -> None:
        """Raise ``GameDefinitionError`` with the report as its message unless the game passed."""
        if not self.ok:
            raise GameDefinitionError(repr(self))


def check_game(
    game: AnyGame,
    plays: int = 200,
    seed: int = 0,
    max_moves: int = 1000,
    *,
    max_states: int = 200_000,
    max_next_states: int = 10_000,
    call_seconds: float | None = 2.0,
    total_seconds: float | None = 60.0,
    memory_mb: float | None = 2000.0,
    start: Any = None,
    player: Any = None,
) -> CheckReport:
    """Check ``game`` against the game contract on every position reachable from its start.

    ``start`` and ``player``: check from there instead of ``Start`` and ``Players[0]`` (a
    finished ``start`` is then no error). Beyond ``max_states`` positions, ``plays`` random games
    of at most ``max_moves`` moves (``random.Random(seed)``); a longer one does not end. The
    limits (``None``: none) are the module's.
    """
    limits = Limits(call_seconds, total_seconds, memory_mb)
    checker = _Checker(game, limits, plays, seed, max_moves, max_states, max_next_states)
    name = str(game.name)
    return guard.apart(
        lambda: checker.run(start, player), limits, lambda end: ended_report(name, limits, end)
    )


def ended_report(name: str, limits: Limits, end: Ended) -> CheckReport:
    """The report of a check of the game ``name`` whose process ended without one: killed at a
    limit that the game's code did not let it obey, or ended by the game's code itself
    (``os._exit``, a crash)."""
    if end.limit is TotalTimeLimit:
        said = f"did not finish {limits.within(TotalTimeLimit)}"
    elif end.limit is not None:
        said = f"did not return {limits.within(CallTimeLimit)}"
    else:
        said = f"ended the process that ran the check ({end.how}), as os._exit does"
    if end.limit is not None:
        said += (
            " and could not be interrupted (one long computation of Python's, e.g. with an "
            "enormous number): the check was ended there"
        )
    who = "A call of the game's functions" if end.in_call else "The game's code"
    return CheckReport(
        game_name=name,
        plays=0,
        states_checked=0,
        errors=[f"{who} {said}."],
        note="The check ended early: fix this, then check again.",
        complete=False,
    )


# -- text -----------------------------------------------------------------------------------------


def _plural(count: int, noun: str) -> str:
    return f"{count:,} {noun}" if count == 1 else f"{count:,} {noun}s"


def _hanging(head: str, text: str) -> str:
    """``text`` after ``head``, its further lines indented to line up with its first."""
    indent = " " * len(head)
    lines = text.splitlines() or [""]
    return "\n".join([head + lines[0]] + [indent + line if line else "" for line in lines[1:]])


def _type_name(value: object) -> str:
    return "None" if value is None else type(value).__name__


@dataclass(frozen=True)
class _Shown:
    """A part of a message: a state, drawn when (and only if) the message is written."""

    state: Any


class _Code(str):
    """A part of a message shown as it is, indented, never wrapped: a line of code."""


Part = str | _Shown
"""A part of a message: prose (wrapped), a ``_Code`` line or a ``_Shown`` state."""

_OPENING = {"(": ")", "[": "]", "{": "}"}
_NO_BREAK = "\0"
MAX_UNBROKEN = 40
"""Bracketed text up to this long, such as ``next_states(state, 'X')``, is kept on one line."""


def _wrap(text: str) -> list[str]:
    """``text`` wrapped to ``WIDTH``, never breaking a short bracketed group such as a call."""
    kept: list[str] = []
    position = 0
    while position < len(text):
        char = text[position]
        end = _group_end(text, position) if char in _OPENING else -1
        if 0 < end - position < MAX_UNBROKEN:
            kept.append(text[position : end + 1].replace(" ", _NO_BREAK))
            position = end + 1
        else:
            kept.append(char)
            position += 1
    lines = textwrap.wrap("".join(kept), WIDTH, break_long_words=False, break_on_hyphens=False)
    return [line.replace(_NO_BREAK, " ") for line in lines] or [""]


def _group_end(text: str, start: int) -> int:
    """The index of the bracket that closes the one at ``start``, or -1."""
    stack: list[str] = []
    for index in range(start, len(text)):
        char = text[index]
        if char in _OPENING:
            stack.append(_OPENING[char])
        elif stack and char == stack[-1]:
            stack.pop()
            if not stack:
                return index
    return -1


_LIBRARY_PATHS = tuple(
    sorted({sysconfig.get_paths()[name] for name in ("stdlib", "platstdlib", "purelib", "platlib")})
)


def _user_line(error: BaseException) -> str:
    """The line of the game's code that raised ``error`` ('' if not known): the innermost frame
    outside this module, the standard library and the installed packages."""
    frames = [
        frame for frame in traceback.extract_tb(error.__traceback__) if frame.filename != __file__
    ]
    own = [
        frame
        for frame in frames
        if not frame.filename.startswith(_LIBRARY_PATHS)
        and not frame.filename.startswith("<frozen")
    ]
    chosen = own or frames
    return (chosen[-1].line or "").strip() if chosen else ""


class _Raised(Exception):
    """What the game's code raised in a call (``_Checker.guarded``), ``original``, any
    ``BaseException``, wrapped as an ``Exception`` so that the check's limits pass by."""

    def __init__(self, original: BaseException) -> None:
        super().__init__(error_text(original))
        self.original = original


def _where(error: BaseException) -> list[Part]:
    """The line of the game's code that raised ``error``, as parts of a message."""
    line = _user_line(error)
    return ["in the line:", _Code(line)] if line else []


_UNHASHABLE = re.compile(r"unhashable type: '(?P<type>[\w.]+)'")


def _hashable_hint(value: object, error: Exception) -> str:
    """How to make a state like ``value`` hashable, from the type that is not."""
    match = _UNHASHABLE.search(error_text(error))
    culprit = match["type"] if match else type(value).__name__
    how = {
        "list": "use tuples instead of lists, e.g. tuple(tuple(row) for row in board) for a list "
        "of lists",
        "set": "use a frozenset instead of a set",
        "dict": "use a tuple of (key, value) pairs instead of a dictionary, e.g. "
        "tuple(sorted(d.items()))",
    }.get(
        culprit, f"build states from tuples, strings, numbers and frozensets (a {culprit} is not)"
    )
    return f"Hint: memoization stores states as dictionary keys, so they must be hashable: {how}."


def _hash_error(value: object) -> Exception | None:
    """The exception ``hash(value)`` raises, or ``None`` if ``value`` is hashable."""
    try:
        hash(value)
    except Exception as error:
        return error
    return None


def _equal(a: object, b: object) -> bool:
    """``a == b`` as a ``bool``; ``False`` if the comparison raises."""
    try:
        return bool(a == b)
    except Exception:
        return False


def _is_finite(value: float) -> bool:
    """Whether ``value`` is finite and a float can hold it (an int of 400 digits cannot)."""
    try:
        return math.isfinite(value)
    except OverflowError:
        return False


def _same_value(a: float, b: float) -> bool:
    """Equal up to floating-point rounding."""
    try:
        return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12)
    except OverflowError:  # an int too large for a float
        return a == b


# -- problems -------------------------------------------------------------------------------------


class _Problems(dict[tuple[str, ...], str]):
    """Problems by kind, in the order they first came up: the message of each kind's first
    instance, and how often it came up (``counts``)."""

    def __init__(self) -> None:
        super().__init__()
        self.counts: Counter[tuple[str, ...]] = Counter()

    def add(self, kind: tuple[str, ...], message: Callable[[], str]) -> None:
        """Count an instance of ``kind``; ``message`` is called for the first one only."""
        if kind not in self:
            self[kind] = message()
        self.counts[kind] += 1

    def texts(self) -> list[str]:
        """The messages, each with how often it came up if more than once."""
        return [
            message
            if self.counts[kind] == 1
            else f"{message}\n(This came up {self.counts[kind]:,} times; the first is shown.)"
            for kind, message in self.items()
        ]


_FAILED: Any = object()
"""What ``_Checker.call`` returns when the game's function raised."""

_T = TypeVar("_T")

Position = tuple[Any, Any]
"""A state and the player to move in it."""


class _StopCheck(BaseException):
    """Raised inside the checker to end the check early (not an ``Exception``: the handlers of
    the game's exceptions must let it through)."""


def _read(result: Any, cap: int) -> tuple[Any, ...]:
    """At most ``cap + 1`` of the states in ``result``; a set's (if no larger) by their reprs,
    so that its order, which changes with the states' hashes, does not reach the report."""
    if isinstance(result, set | frozenset) and len(result) <= cap:
        return tuple(sorted(result, key=repr))
    return tuple(itertools.islice(result, cap + 1))


# -- the checker ----------------------------------------------------------------------------------


class _Checker:
    """One run of ``check_game``: the walk, the random games, the caches, the problems found."""

    def __init__(
        self,
        game: AnyGame,
        limits: Limits,
        plays: int,
        seed: int,
        max_moves: int,
        max_states: int,
        max_next_states: int,
    ) -> None:
        self.game = game
        self.plays = plays
        self.max_moves = max_moves
        self.max_states = max_states
        self.max_next_states = max_next_states
        self.rng = random.Random(seed)
        self.limits = limits
        self.errors = _Problems()
        self.warnings = _Problems()
        self.note = ""
        self.played = 0
        self.players: tuple[Any, Any] = (None, None)
        self.opponent: dict[Any, Any] = {}
        self.range: tuple[float, float] | None = None
        self.first: Position = (None, None)
        """The position the check starts from."""
        self.seen: set[Position] = set()
        """The positions the walk has reached (at most ``max_states``)."""
        self.positions = 0
        """The positions walked so far."""
        self.more = False
        """The game has more reachable positions than ``max_states``."""
        self.blocked = False
        """Some position's next states are unknown (its finished or next_states failed)."""
        self.merges = False
        """Some position is reached by two moves: the game is not a tree."""
        self.exhaustive = False
        self.complete = True
        self.finished_cache: dict[Any, Any] = {}
        """``finished(state)`` as a bool, or ``_FAILED``."""
        self.moves_cache: dict[Position, tuple[Any, ...] | None] = {}
        """The checked ``next_states(state, player)``; ``None`` if play cannot go on from it."""
        self.utilities: dict[Any, dict[Any, float]] = {}
        """The valid utilities of the finished states checked, by player."""
        self.checked: set[Any] = set()
        self.won_games = 0
        self.last_mover_lost = 0

    # -- reporting --------------------------------------------------------------------------------

    def error(self, kind: tuple[str, ...], *parts: Part) -> None:
        """Report a problem of ``kind``; its message is written for the first instance only."""
        self.errors.add(kind, lambda: self.message(parts))
        if len(self.errors) >= MAX_PROBLEMS:
            self.note = f"Stopped after {MAX_PROBLEMS} problems: fix these first, then check again."
            raise _StopCheck

    def warning(self, kind: tuple[str, ...], *parts: Part) -> None:
        """Report a doubt of ``kind``; its message is written for the first instance only."""
        self.warnings.add(kind, lambda: self.message(parts))

    def message(self, parts: tuple[Part, ...]) -> str:
        """Prose parts wrapped to ``WIDTH``; states drawn, indented by four spaces."""
        lines: list[str] = []
        for part in parts:
            if isinstance(part, _Shown):
                lines += ["    " + line for line in self.text(part.state).splitlines() or [""]]
            elif isinstance(part, _Code):
                lines.append("    " + part)
            else:
                lines += _wrap(part)
        return "\n".join(lines)

    def text(self, state: Any) -> str:
        """``state`` as the game draws it (``show``), or its ``repr`` if that fails."""
        try:
            text = self.game.text(state)
            if not isinstance(text, str) or not text.strip():
                text = shown(state, MAX_STATE_TEXT)
        except Exception:
            text = shown(state, MAX_STATE_TEXT)
        return text if len(text) <= MAX_STATE_TEXT else text[: MAX_STATE_TEXT - 1] + "…"

    def call(self, name: str, call: str, state: Any, *args: Any, which: str = "state") -> Any:
        """The game's function ``name`` applied to ``args``, or ``_FAILED`` after reporting what
        it raised with ``call`` (as the message writes it) and ``state`` (the ``which`` it was)."""
        function: Callable[..., Any] = getattr(self.game, name)
        try:
            return self.guarded(call, state, which, lambda: function(*args))
        except _Raised as raised:
            error = raised.original
            self.error(
                ("raised", name, type(error).__name__),
                f"{call} raised {error_text(error)} for this {which}:",
                _Shown(state),
                *_where(error),
                *self.again(name, args),
                "Hint: every function of the game must work on every state that can occur in a "
                "game; the state above was reached from Start by moves of next_states.",
            )
            return _FAILED

    def again(self, name: str, args: tuple[Any, ...]) -> list[Part]:
        """How to make the call again, if the state's drawing is not already its repr."""
        arguments = ", ".join(shown(argument, 1000) for argument in args)
        if self.game.show is None or len(arguments) > 300:
            return []
        return ["To see it again:", _Code(f"game.{name}({arguments})")]

    def guarded(self, call: str, state: Any, which: str, run: Callable[[], _T]) -> _T:
        """``run()``, the game's code, within ``call_seconds`` and ``memory_mb``: a limit
        exceeded is an error of ``call`` for ``state`` and stops the check; an exception is raised
        as ``_Raised`` for the callers to report."""
        try:
            with guard.call():
                return run()
        except CallTimeLimit:
            memory = False
        except (Interrupted, _StopCheck):
            raise
        except MemoryError:
            memory = True
        except BaseException as error:
            raise _Raised(error) from None
        if memory:
            what = guard.memory_text()
            hint = "does it build an endless list, or a copy of something huge for every move?"
        else:
            what = f"did not return {self.limits.within(CallTimeLimit)}"
            hint = "is there an endless loop, e.g. a while loop whose condition never changes?"
        self.note = "Stopped at the first call over a limit: fix it, then check again."
        self.error(
            ("limit",),
            f"{call} {what} for this {which}:",
            _Shown(state),
            f"Hint: {hint} The search calls the game's functions for every position it visits, "
            "so each must answer quickly (if it really needs longer, give the check a larger "
            "limit).",
        )
        raise _StopCheck

    # -- the run ----------------------------------------------------------------------------------

    def run(self, start: Any, player: Any) -> CheckReport:
        """The checks (in the check's process, under its limits), then the report."""
        with captured_output() as output:
            self.checked_under(start, player)
        return CheckReport(
            game_name=str(self.game.name),
            plays=self.played,
            states_checked=len(self.checked),
            errors=self.errors.texts(),
            warnings=self.warnings.texts(),
            note=self.note,
            positions=self.positions,
            exhaustive=self.exhaustive,
            complete=self.complete,
            printed=output.total,
            output=output.summary("The game's functions"),
        )

    def checked_under(self, start: Any, player: Any) -> None:
        """The checks; a limit ends them, with a note."""
        limits = self.limits
        try:
            self.check(start, player)
        except _StopCheck:
            self.complete = False
        except (Interrupted, MemoryError) as interrupt:
            self.complete = False
            if isinstance(interrupt, TotalTimeLimit):
                limit = f"after {limits.total_seconds:g} s (total_seconds)"
            elif isinstance(interrupt, MemoryError):  # between calls: the check's own memory
                limit = f"when memory had grown by {guard.memory_mb() or 0:,.0f} MB (memory_mb)"
            else:  # a call's limit met outside the calls that report it (a state's drawing)
                limit = f"at a call longer than {limits.call_seconds:g} s (call_seconds)"
            self.note = f"Stopped {limit}: with a larger limit the check goes on to the rest."
        except BaseException as error:  # the game's code outside its functions (__hash__, __eq__)
            self.complete = False
            self.note = (
                f"Stopped: the game's code raised {error_text(error)}, outside its functions "
                "(a state's __hash__ or __eq__, or its drawing)."
            )

    def check(self, start: Any, player: Any) -> None:
        """The definition, the walk, then the random games if the walk could not see it all."""
        if not self.check_definition(start, player):
            return
        self.walk()
        order = self.topological_order()
        if self.exhaustive and order is not None:
            self.count_games(order)
        if self.more:
            for number in range(1, self.plays + 1):
                self.played = number
                if not self.play(number):
                    break
        self.warn_last_mover()
        self.check_player_used()

    def check_definition(self, start: Any, player: Any) -> bool:
        """Checks 1 and 2: Players, utility_range and the start; true if the walk can begin."""
        players_ok = self.check_players()
        self.check_range()
        given = start is not None
        start = self.game.Start if start is None else start
        name = "The given state" if given else "Start"
        error = _hash_error(start)
        if error is not None:
            self.error(
                ("start-unhashable",),
                f"{name} is not hashable ({error_text(error)}):",
                _Shown(start),
                _hashable_hint(start, error),
            )
            return False
        done = self.finished(start)
        if done is True and not given:
            self.error(
                ("start-finished",),
                "Start is already finished: finished(Start) returned True for the start state:",
                _Shown(start),
                "Hint: finished(state) must be true only when the game is over; look at its "
                "conditions (is a draw declared only when no move is left?).",
            )
        if not players_ok or done is _FAILED or (done and not given):
            return False
        matches = [one for one in self.players if player is None or _equal(one, player)]
        if not matches:
            self.error(
                ("player",),
                f"The player to move, {shown(player)}, is not one of the Players "
                f"{shown(list(self.players))}.",
                "Hint: pass one of them as player.",
            )
            return False
        self.first = (start, matches[0])
        self.seen = {self.first}
        return True

    def check_players(self) -> bool:
        """Check 1: exactly two players, hashable and distinct; true if they are."""
        players = tuple(self.game.Players)
        unhashable = [(player, _hash_error(player)) for player in players]
        for player, error in unhashable:
            if error is not None:
                self.error(
                    ("player-unhashable",),
                    f"The player {shown(player)} in Players is not hashable ({error_text(error)}).",
                    "Hint: name the players with strings or numbers, e.g. Players = ['X', 'O']: "
                    "the search uses them as dictionary keys.",
                )
                return False
        if len(players) != 2:
            self.error(
                ("players-count",),
                f"Players must hold exactly two players, but it holds {len(players)}: "
                f"{shown(list(players))}.",
                "Hint: the games here are for two persons: Players[0] moves first, then the two "
                "take turns, e.g. Players = ['X', 'O'].",
            )
            return False
        if _equal(players[0], players[1]):
            self.error(
                ("players-same",),
                f"The two players are the same: Players = {shown(list(players))}.",
                "Hint: give them different names, e.g. Players = ['X', 'O']; the search tells "
                "them apart by name.",
            )
            return False
        self.players = (players[0], players[1])
        self.opponent = {players[0]: players[1], players[1]: players[0]}
        return True

    def check_range(self) -> None:
        """utility_range: two numbers, worst < best (an error), and worst == -best (a warning)."""
        bounds = self.game.utility_range
        try:
            worst, best = bounds
            numbers = is_number(worst) and is_number(best)
            valid = numbers and _is_finite(worst) and _is_finite(best) and worst < best
        except (TypeError, ValueError):  # no pair: said below
            valid = False
        if not valid:
            self.error(
                ("range",),
                "utility_range must be a pair of numbers (worst, best) with worst < best, e.g. "
                f"(-1, 1), but it is {shown(bounds)}.",
                "Hint: it holds the utility of a loss and of a win, the lowest and the highest "
                "value of utility.",
            )
            return
        if not _same_value(worst, -best):
            self.warning(
                ("range-asymmetric",),
                f"utility_range {shown(bounds)} is not symmetric: in a zero-sum game one "
                "player's win is the other's loss, so the worst utility is the negated best one.",
                f"Hint: use utility_range=({shown(-best)}, {shown(best)}) if the utilities "
                "lie between those, else the range of the values utility really returns.",
            )
        self.range = (float(worst), float(best))

    # -- the walk and the random games (check 8) --------------------------------------------------

    def check_position(self, state: Any, player: Any) -> tuple[Any, ...] | None:
        """Check ``state`` with ``player`` to move; its next states (none if it is finished), or
        ``None`` if they cannot be known."""
        done = self.finished(state)
        if done is _FAILED:
            return None
        self.check_state(state, done)
        moves = self.next_states(state, player, done)
        return () if done else moves

    def walk(self) -> None:
        """Check every position reachable from the first, breadth-first, up to ``max_states``."""
        queue = deque([self.first])
        while queue:
            state, player = queue.popleft()
            moves = self.check_position(state, player)
            self.positions += 1
            if moves is None:
                self.blocked = True
                continue
            for next_state in moves:
                position = (next_state, self.opponent[player])
                if position in self.seen:
                    self.merges = True
                elif len(self.seen) < self.max_states:
                    self.seen.add(position)
                    queue.append(position)
                else:
                    self.more = True
        self.exhaustive = not self.more and not self.blocked

    def successors(self, position: Position) -> list[Position]:
        """The walked positions that ``position`` leads to in one move."""
        state, player = position
        moves = self.moves_cache.get(position) if self.finished_cache[state] is False else None
        after = self.opponent[player]
        return [
            (next_state, after) for next_state in moves or () if (next_state, after) in self.seen
        ]

    def topological_order(self) -> list[Position] | None:
        """The walked positions, each before those it leads to (a depth-first search); ``None``
        after reporting a cycle, a game that can go on forever."""
        depth = {self.first: 0}
        """The positions on the current path of the search, and how deep."""
        done: set[Position] = set()
        order: list[Position] = []
        stack = [(self.first, iter(self.successors(self.first)))]
        while stack:
            position, successors = stack[-1]
            for successor in successors:
                if successor in depth:
                    moves = len(stack) - depth[successor]
                    self.report_repeat(f"after {_plural(moves, 'move')}", *successor)
                    return None
                if successor not in done:
                    depth[successor] = len(stack)
                    stack.append((successor, iter(self.successors(successor))))
                    break
            else:
                stack.pop()
                del depth[position]
                done.add(position)
                order.append(position)
        return order[::-1]

    def play(self, number: int) -> bool:
        """Play random game ``number``; false if no more games should be played."""
        state, turn = self.first[0], self.players.index(self.first[1])
        last_mover: Any = None
        seen = {(state, turn)}
        for moves_made in range(self.max_moves + 1):
            player = self.players[turn]
            moves = self.check_position(state, player)
            if not moves:
                if self.finished_cache[state] is True:
                    self.count_winner(state, last_mover)
                return True
            if moves_made == self.max_moves:
                self.report_too_long(number, state)
                return False
            last_mover = player
            state, turn = self.rng.choice(moves), 1 - turn
            if (state, turn) in seen:
                self.report_repeat(f"in random game {number}", state, self.players[turn])
                return True
            seen.add((state, turn))
        raise AssertionError("not reached: the loop returns at max_moves")  # pragma: no cover

    def report_too_long(self, number: int, state: Any) -> None:
        self.error(
            ("too-long",),
            f"A random game did not end: random game {number} was still not finished after "
            f"{self.max_moves:,} moves (max_moves), at this state:",
            _Shown(state),
            "Hint: a game must end after finitely many moves: check that finished becomes true "
            "and that every move makes progress. If random games really are this long, pass a "
            "larger max_moves to check_game. (No more random games were played after this one.)",
        )

    def report_repeat(self, when: str, state: Any, player: Any) -> None:
        self.error(
            ("repeat",),
            f"The game can go on forever: this state came back with {player!r} to move, {when}:",
            _Shown(state),
            "Hint: a game must end after finitely many moves, or minimax recurses forever. Every "
            "move must change the state for good (a mark placed, a match taken), so that no "
            "state comes back with the same player to move.",
        )

    def finished(self, state: Any) -> Any:
        """``finished(state)`` (cached): a bool, or ``_FAILED``."""
        if state not in self.finished_cache:
            result = self.call("finished", "finished(state)", state, state)
            self.finished_cache[state] = self.as_bool(result, "finished(state)", state)
        return self.finished_cache[state]

    def as_bool(self, result: Any, call: str, state: Any) -> Any:
        """``result`` of ``finished`` as a bool; ``_FAILED`` after reporting it if it is none."""
        kind = type(result)
        if result is _FAILED or kind is bool:
            return result
        if kind.__module__ == "numpy" and kind.__name__ in ("bool", "bool_"):
            return bool(result)
        what = "None" if result is None else f"{shown(result)} (a {kind.__name__})"
        self.error(
            ("finished-type", kind.__name__),
            f"finished must return a bool: {call} returned {what} for this state:",
            _Shown(state),
            "Hint: return True or False, e.g. return winner(state) is not None or not "
            "empty(state). (A function that ends without return returns None; the string "
            "'False' is not False.)",
        )
        return _FAILED

    # -- next_states (checks 3 and 4) -------------------------------------------------------------

    def next_states(self, state: Any, player: Any, done: bool) -> tuple[Any, ...] | None:
        """The checked ``next_states(state, player)`` (cached); ``None`` if play cannot go on."""
        key = (state, player)
        if key not in self.moves_cache:
            self.moves_cache[key] = self.check_moves(state, player, done)
        return self.moves_cache[key]

    def check_moves(self, state: Any, player: Any, done: bool) -> tuple[Any, ...] | None:
        """Call ``next_states(state, player)`` and check what it returns."""
        call = f"next_states(state, {player!r})"
        which = "finished state" if done else "state"
        result = self.call("next_states", call, state, state, player, which=which)
        if result is _FAILED:
            return None
        moves = self.as_tuple(result, call, state, which)
        if moves is None or not self.check_hashable(moves, call, state, which):
            return None
        self.check_duplicates(moves, call, state, which)
        if isinstance(result, list | tuple):
            again = self.call("next_states", call, state, state, player, which=which)
            same = isinstance(again, list | tuple) and _equal(list(result), list(again))
            if again is not _FAILED and not same:
                self.error(
                    ("next-nondeterministic",),
                    f"next_states is not deterministic: {call} returned a different list when "
                    f"called again with this {which}:",
                    _Shown(state),
                    "Hint: next_states must return the same states in the same order every time "
                    "(no random.shuffle, no loop over a set): the search and its counts must be "
                    "reproducible.",
                )
        if done and moves:
            self.error(
                ("finished-with-moves",),
                f"Finished state that still has moves: finished(state) returned True, but {call} "
                f"returned {_plural(len(moves), 'next state')}, for this state:",
                _Shown(state),
                "Hint: when the game is over, nobody can move: next_states must return [] for a "
                "finished state (e.g. once a player has won), or finished is true too early.",
            )
        if not done and not moves:
            self.error(
                ("unfinished-without-moves",),
                f"Unfinished state without moves: finished(state) returned False, but {call} "
                "returned no next states, for this state:",
                _Shown(state),
                "Hint: a state where the player to move cannot move must be finished, so that "
                "utility says who won (e.g. a full board is a draw), or next_states misses some "
                "moves.",
            )
        return moves

    def as_tuple(self, result: Any, call: str, state: Any, which: str) -> tuple[Any, ...] | None:
        """``result`` of ``next_states`` as a tuple, after reporting it if it is not a list.

        A set or an iterator is still read (``_read``), so that the check goes on; an iterator
        within the call's limits and up to ``max_next_states``, so an endless one costs nothing.
        """
        if not isinstance(result, list | tuple):
            self.report_not_a_list(result, call, state, which)
            if not isinstance(result, set | frozenset | Iterator):
                return None
        cap = self.max_next_states
        try:
            moves = self.guarded(call, state, which, lambda: _read(result, cap))
        except _Raised as raised:
            error = raised.original
            self.error(
                ("raised", "next_states", type(error).__name__),
                f"reading the result of {call} raised {error_text(error)} for this {which}:",
                _Shown(state),
                *_where(error),
            )
            return None
        if len(moves) <= cap:
            return moves
        self.error(
            ("next-too-many",),
            f"{call} returned more than {cap:,} next states (max_next_states) for this {which}:",
            _Shown(state),
            "Hint: is it an endless iterator, e.g. itertools.count() or a loop with yield that "
            "never ends? If the game really has this many moves, pass a larger max_next_states "
            "to check_game.",
        )
        return None

    def report_not_a_list(self, result: Any, call: str, state: Any, which: str) -> None:
        if isinstance(result, set | frozenset):
            what = f"a {type(result).__name__}"
            why = (
                "a set has no fixed order, and the order of the moves decides which moves "
                "alpha-beta prunes, so value-call counts would change from run to run: return a "
                "list, e.g. [... for ...] instead of {... for ...}."
            )
        elif isinstance(result, Iterator):
            what = f"a {type(result).__name__}"
            why = (
                "it can be read only once (a second loop over the moves finds none) and has no "
                "length: return a list, e.g. [... for ...] instead of (... for ...) or yield."
            )
        elif result is None:
            what = "None"
            why = (
                "is a return missing? next_states must return the list of the next states, [] "
                "if there is no move."
            )
        else:
            what = f"a {type(result).__name__} ({shown(result)})"
            why = "next_states must return the list of the next states, [] if there is no move."
        self.error(
            ("next-type", _type_name(result)),
            f"next_states must return a list: {call} returned {what} for this {which}:",
            _Shown(state),
            f"Hint: {why}",
        )

    def check_hashable(self, moves: tuple[Any, ...], call: str, state: Any, which: str) -> bool:
        """Report the first next state that is not hashable; true if there is none."""
        for next_state in moves:
            error = _hash_error(next_state)
            if error is not None:
                break
        else:
            return True
        self.error(
            ("next-unhashable", type(next_state).__name__),
            f"{call} returned a next state that is not hashable ({error_text(error)}):",
            _Shown(next_state),
            f"for this {which}:",
            _Shown(state),
            _hashable_hint(next_state, error),
        )
        return False

    def check_duplicates(self, moves: tuple[Any, ...], call: str, state: Any, which: str) -> None:
        """Warn about the first next state that ``moves`` holds twice."""
        if len(set(moves)) == len(moves):
            return
        first_index: dict[Any, int] = {}
        for index, next_state in enumerate(moves):
            if next_state in first_index:
                break
            first_index[next_state] = index
        self.warning(
            ("duplicate",),
            f"{call} returned the same next state twice (as moves {first_index[next_state] + 1} "
            f"and {index + 1}) for this {which}:",
            _Shown(state),
            "the repeated next state:",
            _Shown(next_state),
            "Hint: list each move once: a repeated state makes the search do the same work twice "
            "and count its calls twice.",
        )

    # -- utility and heuristic (checks 5 and 6) ---------------------------------------------------

    def check_state(self, state: Any, done: bool) -> None:
        """Check utility (finished) or heuristic (unfinished), and canonical, once per state."""
        if state in self.checked:
            return
        self.checked.add(state)
        if done:
            self.utilities[state] = self.values("utility", state, "finished state")
        elif self.game.heuristic is not None:
            self.values("heuristic", state, "unfinished state")
        if self.game.canonical is not None:
            self.check_canonical(state, done)

    def values(self, name: str, state: Any, which: str) -> dict[Any, float]:
        """The valid ``utility`` or ``heuristic`` (``name``) of ``state`` for both players."""
        valid: dict[Any, float] = {}
        for player in self.players:
            value = self.value(name, state, player, which)
            if value is not None:
                valid[player] = value
        if len(valid) == 2:
            a, b = self.players
            if not _same_value(valid[a], -valid[b]):
                title = "Not zero-sum" if name == "utility" else "Heuristic not zero-sum"
                example = (
                    " (a win, 1, for one is a loss, -1, for the other; a draw is 0 for both)"
                    if name == "utility"
                    else ""
                )
                self.error(
                    (name, "not-zero-sum"),
                    f"{title}: {name}(state, {a!r}) returned {shown(valid[a])} and "
                    f"{name}(state, {b!r}) returned {shown(valid[b])} for this {which}:",
                    _Shown(state),
                    f"Hint: what one player wins, the other loses: {name}(state, {b!r}) must be "
                    f"-{name}(state, {a!r}){example}.",
                )
        return valid

    def value(self, name: str, state: Any, player: Any, which: str) -> float | None:
        """``name(state, player)`` if it is a number in range, else ``None`` after reporting."""
        call = f"{name}(state, {player!r})"
        value = self.call(name, call, state, state, player, which=which)
        if value is _FAILED:
            return None
        if is_nan(value):
            self.error(
                (name, "nan"),
                f"{name.capitalize()} is NaN: {call} returned nan for this {which}:",
                _Shown(state),
                "Hint: NaN is neither smaller nor larger than any number, so max and min would "
                "choose moves at random; return a number.",
            )
            return None
        if not is_number(value):
            self.report_not_a_number(name, call, value, state, player, which)
            return None
        if self.range is None:
            return value  # type: ignore[no-any-return]
        worst, best = self.range
        if name == "utility" and not worst <= value <= best:
            if _is_finite(value):
                low, high = shown(-abs(value)), shown(abs(value))
                hint = (
                    "Hint: fix utility, or give the game its true range, e.g. Game(..., "
                    f"utility_range=({low}, {high})): the search takes the ends of the range "
                    "for a certain loss and a certain win."
                )
            else:
                hint = (
                    "Hint: a utility is a finite number that a float can hold, e.g. 1 for a win, "
                    "-1 for a loss and 0 for a draw: the search takes the ends of utility_range, "
                    "such numbers too, for a certain loss and a certain win."
                )
            self.error(
                (name, "out-of-range"),
                f"Utility out of range: {call} returned {shown(value)}, outside utility_range "
                f"{shown(self.game.utility_range)}, for this {which}:",
                _Shown(state),
                hint,
            )
            return None
        if name == "heuristic" and not worst < value < best:
            self.error(
                (name, "out-of-range"),
                f"Heuristic out of range: {call} returned {shown(value)}, not strictly inside "
                f"utility_range {shown(self.game.utility_range)}, for this {which}:",
                _Shown(state),
                "Hint: an estimate must never claim a certain win or loss: keep it strictly "
                f"between {shown(self.game.worst)} and {shown(self.game.best)} (e.g. scale it "
                "down), so that depth-limited search prefers a real win to a promising position.",
            )
            return None
        return value  # type: ignore[no-any-return]

    def report_not_a_number(
        self, name: str, call: str, value: Any, state: Any, player: Any, which: str
    ) -> None:
        if value is None:
            what, fix = "None", "a function that ends without return returns None."
        elif isinstance(value, bool):
            what, fix = f"{value} (a bool, not a number)", "return 1 or -1, not True or False."
        else:
            what = f"{shown(value)} (a {type(value).__name__}, not a number)"
            fix = "return an int or a float."
        if name == "utility":
            title = "Utility missing"
            must = (
                f"utility must return a number for every finished state, e.g. 1 if {player!r} "
                f"has won, -1 if {player!r} has lost and 0 for a draw"
            )
        else:
            title = "Heuristic not a number"
            must = (
                "heuristic must return a number for every unfinished state, an estimate of its "
                f"value for {player!r}"
            )
        self.error(
            (name, "not-a-number", _type_name(value)),
            f"{title}: {call} returned {what} for this {which}:",
            _Shown(state),
            f"Hint: {must}; {fix}",
        )

    # -- canonical (check 7) ----------------------------------------------------------------------

    def check_canonical(self, state: Any, done: bool) -> None:
        """canonical(state) is hashable, idempotent, and keeps finished and the utilities."""
        which = "finished state" if done else "state"
        image = self.call("canonical", "canonical(state)", state, state, which=which)
        if image is _FAILED:
            return
        error = _hash_error(image)
        if error is not None:
            self.error(
                ("canonical", "unhashable"),
                f"canonical(state) returned a state that is not hashable ({error_text(error)}):",
                _Shown(image),
                f"for this {which}:",
                _Shown(state),
                _hashable_hint(image, error),
            )
            return
        again = self.call("canonical", "canonical(canonical(state))", state, image, which=which)
        if again is not _FAILED and not _equal(again, image):
            self.error(
                ("canonical", "not-idempotent"),
                "canonical is not idempotent: canonical(canonical(state)) differs from "
                f"canonical(state) for this {which}:",
                _Shown(state),
                "canonical(state):",
                _Shown(image),
                "canonical(canonical(state)):",
                _Shown(again),
                "Hint: canonical must choose one representative of each symmetry class, e.g. the "
                "smallest of the symmetric variants; a representative is then its own "
                "representative.",
            )
        call = "finished(canonical(state))"
        image_done = self.as_bool(
            self.call("finished", call, state, image, which=which), call, state
        )
        if image_done is _FAILED:
            return
        if image_done != done:
            self.error(
                ("canonical", "finished"),
                f"canonical changes whether the game is over: finished(state) returned {done} "
                f"but finished(canonical(state)) returned {image_done} for this state:",
                _Shown(state),
                "canonical(state):",
                _Shown(image),
                "Hint: a symmetric variant of a state is finished exactly when the state is: "
                "canonical may rotate or reflect a state, never change the position.",
            )
        elif done:
            for player, value in self.utilities.get(state, {}).items():
                if not self.same_utility(state, image, player, value):
                    return

    def same_utility(self, state: Any, image: Any, player: Any, value: float) -> bool:
        """Whether ``utility(image, player)`` is ``value``, the utility of ``state``."""
        call = f"utility(canonical(state), {player!r})"
        image_value = self.call("utility", call, state, image, player, which="finished state")
        if image_value is _FAILED:
            return False
        if is_number(image_value) and _same_value(image_value, value):
            return True
        self.error(
            ("canonical", "utility"),
            f"canonical changes the utility: utility(state, {player!r}) returned {value!r} but "
            f"{call} returned {shown(image_value)} for this finished state:",
            _Shown(state),
            "canonical(state):",
            _Shown(image),
            "Hint: a symmetric variant of a finished state has the same winner: canonical may "
            "rotate or reflect a state, never change the position.",
        )
        return False

    # -- who moves (checks 9 and 10) --------------------------------------------------------------

    def count_games(self, order: list[Position]) -> None:
        """Count every possible game by the finished position it ends in (the number of paths
        to it, summed in topological ``order``), and whether the last mover lost it."""
        paths = dict.fromkeys(order, 0)
        paths[self.first] = 1
        for position in order:
            for successor in self.successors(position):
                paths[successor] += paths[position]
            state, player = position
            if position != self.first and self.finished_cache[state] is True:
                self.count_winner(state, self.opponent[player], paths[position])

    def count_winner(self, state: Any, last_mover: Any, games: int = 1) -> None:
        """Count ``games`` ending in ``state`` with a winner, and whether the last mover lost."""
        if last_mover is None:
            return
        value = self.utilities.get(state, {}).get(last_mover)
        if value is None or value == 0:
            return
        self.won_games += games
        if value < 0:
            self.last_mover_lost += games

    def warn_last_mover(self) -> None:
        """Warn about the classic bug: next_states(state, player) places the opponent's mark."""
        needed = 1 if self.exhaustive else MIN_WON_GAMES
        if self.won_games < needed or self.last_mover_lost < self.won_games:
            return
        games = "possible games that end" if self.exhaustive else "random games that ended"
        self.warning(
            ("last-mover-lost",),
            f"In all {self.won_games:,} {games} with a winner, the player who made the last move "
            "lost: does next_states(state, player) make the move for the other player? (If the "
            "game is misère, e.g. whoever takes the last match loses, this is expected.)",
        )

    def check_player_used(self) -> None:
        """An error if the moves ignore who makes them, in a game only one player can win.

        Either alone is fine (Nim's state records the player; a tree may favour one player),
        so it takes three signs: (a) next_states gives both players the same next states in
        every unfinished state; (b) one player wins somewhere, the other nowhere; (c) some
        position is reached by two moves, which spares game trees. (a)'s extra calls are made
        only when (b) and (c) hold.
        """
        wins = {
            player: [state for state, values in self.utilities.items() if values.get(player, 0) > 0]
            for player in self.players
        }
        winner, loser = self.players if wins[self.players[0]] else self.players[::-1]
        if not self.merges or not wins[winner] or wins[loser]:
            return
        unfinished: set[Any] = set()
        for (state, player), moves in list(self.moves_cache.items()):
            if self.finished_cache.get(state) is not False:
                continue
            other = self.opponent[player]
            theirs: Any = self.moves_cache.get((state, other), _FAILED)
            if theirs is _FAILED:
                call = f"next_states(state, {other!r})"
                run = functools.partial(self.game.next_states, state, other)
                try:
                    theirs = self.guarded(call, state, "state", run)
                except _Raised:  # it may refuse to move for the player not to move: not ignored
                    return
            same = isinstance(theirs, list | tuple) and _equal(moves, tuple(theirs))
            if moves is None or not same:
                return
            unfinished.add(state)
        a, b = self.players
        states = _plural(len(unfinished), "unfinished state")
        self.error(
            ("player-ignored",),
            f"next_states ignores the player: next_states(state, {a!r}) and next_states(state, "
            f"{b!r}) return the same next states for all {states} checked, and {loser!r} wins "
            f"in none of the {len(self.utilities):,} finished states, {winner!r} in "
            f"{len(wins[winner]):,}, e.g. in this one:",
            _Shown(wins[winner][0]),
            "Hint: does next_states(state, player) make the move for the other player, e.g. place "
            "the same mark whoever moves? Each player must make their own move.",
        )
