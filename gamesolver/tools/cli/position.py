"""The position a command searches: ``--state``, ``--position`` or a file of ``--positions``.

Every position given is checked before any search, in the game's own words where it has a
notation (a board no game reaches is refused there), else by the validator and a walk from the
start: a student learns what is wrong with the position, not the search's exception."""

from __future__ import annotations

import argparse
import ast
import contextlib
import functools
import itertools
import sys
import time
from collections.abc import Hashable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gamesolver.errors import error_text
from gamesolver.explore import is_reachable
from gamesolver.game import AnyGame, Game
from gamesolver.guard import TotalTimeLimit, Watchdog
from gamesolver.table import fmt
from gamesolver.tools.cli.common import ECHOED, PROG, UsageError, cut, quoted, run_code

LINE_LENGTH = 1_000
"""The longest line of a file of positions (chess needs under 100): a longer one is an error,
read no further (``/dev/zero`` has no end)."""


MAX_LINES = 100_000
"""The most lines of a file of positions: all are read before the first search, and 100,000
positions at the assignment's 0.01 s a move already take 17 minutes."""


REACHABLE_LIMIT = 200_000
"""How many positions the search for a ``--state`` from the start may look at."""


CHECK_STATES = 10_000
"""How many positions reachable from a ``--state`` the validator checks one by one, then random
games: all of tic-tac-toe's, and a second or less on Connect Four."""


CHECK_SECONDS = 10.0
"""How long the checks of a ``--state`` may take (the validator's, then the search from the
start), unless ``--max-seconds`` is less."""


def parse_state(text: str, game: AnyGame) -> Hashable:
    """The state written as the Python literal ``text``: it must parse and be hashable."""
    example = start_example(game)
    try:
        state = ast.literal_eval(text)
    except (ValueError, SyntaxError) as error:
        too_long = "Exceeds the limit" in str(error)  # (int's own limit on digits read)
        why = f"has a whole number of more than {sys.get_int_max_str_digits():,} digits, which"
        why = f"{why} Python does not read" if too_long else "is not a Python literal"
        raise UsageError(f"--state {quoted(text)} {why}{example}") from None
    except (TypeError, MemoryError, RecursionError):
        raise UsageError(f"--state {quoted(text)} is not a Python literal{example}") from None
    if state is None:
        raise UsageError(f"--state None is not a state of {game.name}{example}")
    try:
        hash(state)
    except TypeError:
        fixed = _frozen(state)
        try:
            hash(fixed)
            hint = f"; with tuples: {fixed!r}"
        except TypeError:
            hint = "; write states with tuples, not lists, sets or dicts"
        raise UsageError(
            f"--state {quoted(text)} is not hashable ({type(state).__name__}){cut(hint, 200)}"
        ) from None
    return state  # type: ignore[no-any-return]


def start_example(game: AnyGame) -> str:
    """`` (the start state is ...)`` to end an error with, if short and a Python literal; else
    the start in the game's notation, for ``--position`` (Checkers' ``State(...)``); else ``""``."""
    start = repr(game.Start)
    try:
        literal = ast.literal_eval(start) == game.Start
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        literal = False
    if literal:
        return f" (the start state is {start})" if len(start) <= 100 else ""
    if game.notation is None or game.parse is None:
        return ""
    try:
        with Watchdog(total_seconds=1):
            written = str(game.notation(game.Start, game.Players[0]))
    except (Exception, SystemExit, TotalTimeLimit):
        return ""
    return (
        f" ({game.name}' states are no Python literals: give a position with --position in the "
        f"game's notation, e.g. the start: {quoted(written)})"
    )


def _frozen(value: Any) -> Any:
    """``value`` with every list turned into a tuple and every set into a frozenset."""
    if isinstance(value, list | tuple):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, set):
        return frozenset(_frozen(v) for v in value)
    return value


def player_at(game: AnyGame, index: int) -> Hashable:
    """``Players[index]``, or a ``UsageError`` that lists the valid indices."""
    if not 0 <= index < len(game.Players):
        players = " and ".join(f"{i} ({p})" for i, p in enumerate(game.Players))
        raise UsageError(f"--player {index} is out of range: {game.name} has players {players}")
    return game.Players[index]  # type: ignore[no-any-return]


def given_position(args: argparse.Namespace, game: AnyGame) -> tuple[Hashable, Hashable]:
    """The state and the player to move that the command line gives (default: the start and
    ``Players[0]``), checked before any search so that a student learns what is wrong with it.

    The player is the one the state says where it says one (``to_move``, else the one the
    notation reads back); a ``--player`` against it is an error. A ``--state`` is checked by the
    game's notation where it has one (``check_notation``), else by the validator and a walk
    from the start (``check_position``), within ``CHECK_SECONDS`` or half of ``--max-seconds``."""
    if args.position is not None:
        parse = game.parse
        if parse is None:
            raise UsageError(
                f"--position needs the game's parse(text), which {game.name} does not have; "
                "give the state as a Python literal with --state"
            )
        if args.player is not None:
            raise UsageError("--player cannot be given with --position: the position says it")
        try:
            state, player = parse(args.position)
        except (Exception, SystemExit) as error:
            raise UsageError(f"--position {quoted(args.position)}: {error_text(error)}") from error
        return state, player
    given = None if args.player is None else player_at(game, args.player)
    state = game.Start if args.state is None else parse_state(args.state, game)
    text = "the start state" if args.state is None else f"--state {cut(args.state)}"
    said = told_player(game, state, text)
    if said is not None and given is not None and said != given:
        raise UsageError(f"{text} has {said} to move, not {given} (--player {args.player})")
    player = given if given is not None else said
    if args.state is None:
        return state, game.Players[0] if player is None else player
    seconds = (
        CHECK_SECONDS if args.max_seconds is None else min(CHECK_SECONDS, args.max_seconds / 2)
    )
    if game.parse is not None and game.notation is not None:
        if player is None:
            player = next(
                (p for p in game.Players if _reads_back(game, state, p, seconds)), game.Players[0]
            )
        check_notation(game, state, player, text, seconds)
    elif seconds > 0:  # (with no time at all, the search's own limit answers at once)
        player = game.Players[0] if player is None else player
        check_position(game, state, player, text, seconds)
    return state, game.Players[0] if player is None else player


def told_player(game: AnyGame, state: Hashable, text: str) -> Hashable | None:
    """The player to move in ``state`` by the game's ``to_move`` (``None`` if it has none); a
    ``UsageError`` naming ``text`` if it names none of the players, or raises."""
    to_move = game.to_move
    if to_move is None:
        return None
    problem = f"{text} does not fit {game.name}"
    try:
        player = to_move(state)
    except (Exception, SystemExit) as error:
        raise UsageError(
            f"{problem}: to_move(state) raised {error_text(error, ECHOED)}{start_example(game)}"
        ) from error
    if not any(player == known for known in game.Players):
        players = " and ".join(str(p) for p in game.Players)
        raise UsageError(
            f"{problem}: it says {cut(repr(player))} is to move, and the players are "
            f"{players}{start_example(game)}"
        )
    return player  # type: ignore[no-any-return]


def _reads_back(game: AnyGame, state: Hashable, player: Hashable, seconds: float) -> bool:
    """Whether the game's notation writes ``state`` with ``player`` to move and reads it back
    the same, within ``seconds``: then ``player`` is the one the state has to move."""
    notation, parse = game.notation, game.parse
    assert notation is not None and parse is not None  # (given_position checked)
    try:
        with Watchdog(total_seconds=seconds):
            return bool(parse(notation(state, player)) == (state, player))
    except (Exception, SystemExit, TotalTimeLimit):
        return False


def check_notation(
    game: AnyGame, state: Hashable, player: Hashable, text: str, seconds: float
) -> None:
    """A ``UsageError`` naming ``text`` unless ``notation`` writes ``state`` with ``player`` to
    move and ``parse`` reads it back the same: the notation refuses in the game's words what no
    game reaches (a stone in the air). One slower than ``seconds`` is left, with a note."""
    notation, parse = game.notation, game.parse
    assert notation is not None and parse is not None  # (given_position checked)
    problem = f"{text} is not a position of {game.name}"
    try:
        with Watchdog(total_seconds=seconds):
            written = notation(state, player)
            again = parse(written)
    except TotalTimeLimit:
        print(
            f"{PROG}: note: {text.split()[0]} was not written in the game's notation within "
            f"{fmt(seconds)} s, which would say whether it is a position of {game.name}; "
            "solving it anyway",
            file=sys.stderr,
        )
        return
    except (Exception, SystemExit) as error:
        raise UsageError(f"{problem}: {error_text(error)}{start_example(game)}") from error
    if again != (state, player):
        raise UsageError(
            f"{problem}: in the game's notation it is {quoted(str(written))}, which reads back "
            f"as another position{start_example(game)}"
        )


def check_position(
    game: AnyGame, state: Hashable, player: Hashable, text: str, seconds: float
) -> None:
    """A ``UsageError`` naming ``text`` if the validator finds ``state`` or what is reachable
    from it against the game contract within ``seconds``; a note on stderr if it cannot be
    reached from the start (found within ``REACHABLE_LIMIT`` positions and the same time)."""
    from gamesolver.feedback.check import check_game  # here: only a given state needs the validator

    deadline = time.perf_counter() + seconds
    report = run_code(
        f"checking {text}",
        lambda: check_game(
            game, start=state, player=player, max_states=CHECK_STATES, total_seconds=seconds
        ),
    )
    if report.errors:  # (no errors but not ok: the check ran out of time, not the state's fault)
        raise UsageError(
            f"{text} does not fit {game.name}: {first_problem(report.errors[0])}"
            f"{start_example(game)}"
        )
    left = max(0.0, deadline - time.perf_counter())
    found, looked_at = run_code(
        f"walking {game.name} from its start",
        lambda: is_reachable(game, state, player, REACHABLE_LIMIT, left),
    )
    if found is False:
        print(
            f"{PROG}: note: {text.split()[0]} with {player} to move cannot be reached from the "
            f"start of {game.name} (all {fmt(looked_at)} reachable positions were looked at); "
            "solving it anyway",
            file=sys.stderr,
        )


def first_problem(error: str) -> str:
    """A problem of the validator's report on one line: its first sentence, and the state it is
    about when that is short (a state reached from the one given, maybe, not that one)."""
    head, _, rest = error.partition(":\n")
    drawing = list(itertools.takewhile(lambda line: line.startswith("    "), rest.splitlines()))
    shown = " / ".join(line.strip() for line in drawing)
    problem = " ".join(head.split())
    return f"{problem}: {shown}" if shown and len(shown) <= 100 else problem


def game_over(game: Game[Any, Any], state: Any, player: Any, game_path: Path) -> str:
    """A finished position in words: who has won, or a draw (a chess position with kings alone
    is one, though both sides have moves)."""
    value = run_code(f"reading {game_path}", lambda: game.utility(state, player))
    if value == 0:
        return "the game is over in that position: a draw"
    winner = player if value > 0 else game.other(player)
    return f"the game is over in that position: {winner} has won"


@dataclass
class Position:
    """A position of a ``--positions`` file: its line, its text and what ``parse`` read."""

    line: int
    text: str
    state: Hashable
    player: Hashable


def read_positions(args: argparse.Namespace, game: AnyGame, game_path: Path) -> list[Position]:
    """The positions of the file ``--positions`` names (``-``: stdin), one a line in the game's
    notation, read by its ``parse``; blank lines and lines that start with ``#`` are skipped.
    All are read and checked before any search, so that a grading run stops at once on a bad
    file: a line that does not parse or a finished position is a ``UsageError`` naming the file
    and the line."""
    name = "stdin" if args.positions == "-" else args.positions
    parse = game.parse
    if parse is None:
        raise UsageError(
            f"--positions needs the game's parse(text), which {game.name} in {game_path} does "
            "not have: define parse(text), which returns (state, player to move), and pass "
            "parse=parse to Game(...)"
        )
    if args.player is not None:
        raise UsageError("--player cannot be given with --positions: each position says it")
    positions = []
    for number, line in enumerate(_lines_of(args.positions), start=1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        try:
            state, player = parse(text)
        except (Exception, SystemExit) as error:
            raise UsageError(
                f"{name}, line {number}: {quoted(text)}: {error_text(error)}"
            ) from error
        if run_code(f"reading {game_path}", functools.partial(game.finished, state)):
            over = game_over(game, state, player, game_path)
            raise UsageError(f"{name}, line {number}: {quoted(text)}: {over}")
        positions.append(Position(number, text, state, player))
    if not positions:
        raise UsageError(
            f"{name} has no positions: write one a line in the game's notation (blank lines "
            "and lines that start with # are skipped)"
        )
    return positions


def _lines_of(file: str) -> list[str]:
    """The lines of the text file ``file`` (``-``: stdin), without a byte-order mark (Notepad
    writes one), or a ``UsageError`` saying why not: at most ``MAX_LINES`` of at most
    ``LINE_LENGTH`` characters, read a line at a time, so an endless file is refused."""
    name = "stdin" if file == "-" else file
    if file == "-" and sys.stdin is None:  # (<&-)
        raise UsageError("--positions -: stdin is closed, there are no positions to read")
    lines: list[str] = []
    try:
        with contextlib.ExitStack() as stack:
            text = sys.stdin if file == "-" else stack.enter_context(open(file, encoding="utf-8"))
            while line := text.readline(LINE_LENGTH + 2):  # a line, its end, one more: too long
                if len(lines) == MAX_LINES:
                    raise UsageError(
                        f"{name} has more than {MAX_LINES:,} lines: a file of positions is read "
                        "whole before the first search"
                    )
                content = line.rstrip("\r\n")
                if len(content) > LINE_LENGTH:
                    raise UsageError(
                        f"{name}, line {len(lines) + 1} is longer than {LINE_LENGTH:,} "
                        "characters: a file of positions has one position a line"
                    )
                lines.append(content.removeprefix("\ufeff") if not lines else content)
    except FileNotFoundError:
        raise UsageError(f"no such file of positions: {file}") from None
    except IsADirectoryError:
        raise UsageError(f"{file} is a folder, not a file of positions") from None
    except UnicodeDecodeError as error:
        raise UsageError(f"{name} is not a text file (UTF-8): {error.reason}") from None
    except OSError as error:
        raise UsageError(f"cannot read {name}: {error.strerror}") from None
    return lines
