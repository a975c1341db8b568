"""The command line: solve, move, check and play a game notebook's game outside Jupyter.

::

    python -m gamesolver solve NOTEBOOK --algorithm NAME [--state LITERAL | --position TEXT]
                               [--player INDEX] [--json] [--depth N] [--budget SECONDS]
                               [--order | --no-order] [--symmetry]
                               [--max-seconds SECONDS] [--max-calls N]
    python -m gamesolver move NOTEBOOK [--state LITERAL | --position TEXT | --positions FILE]
                              [--player INDEX] [--algorithm NAME] [--budget SECONDS] [--json]
                              [--seed N] ...
    python -m gamesolver algorithms [--solver PATH]
    python -m gamesolver check NOTEBOOK
    python -m gamesolver play NOTEBOOK [--algorithm NAME] [--first human|computer] [--seed N] ...
    python -m gamesolver grade ASSIGNMENT [--course DIR] [--student ID] [--time-limit S]
                               [--memory-limit MB] [--csv FILE]

The game comes from a game notebook and the algorithms from a Solver notebook (by default the
``Search-in-Depth.ipynb`` next to the game notebook, which runs ``Solver.ipynb``: the algorithms
of both parts of the Solver), both loaded with ``load_notebook``: the command line
runs exactly what the lecture defines, nothing is defined twice. Loading a notebook runs its code
(every cell not tagged ``demo``), as opening it in Jupyter and running it would.

A state given with ``--state`` (a Python literal) or ``--position`` (the game's own notation,
read by the notebook's ``parse``) is checked before any search: by the game's notation where it
has one (a board that no game reaches is refused in the game's words), else by the validator on
it and on what is reachable from it (bounded), and by whether it can be reached from the start.
``move --positions FILE`` grades a game's moves as seed 004's assignment does: one decision for
each position of FILE under the budget, a table of the moves with their times and depths.
``move`` and ``play`` give a decision 1 s unless told otherwise: ``--budget 1`` to a search that
takes one, ``--max-seconds 1`` to one that does not.

Errors are for students: a bad argument (no such notebook or algorithm, a state that does not
parse or does not fit the game, an option the algorithm does not take or the game cannot serve,
a time budget too small to look at one move) is one line ``gamesolver: error: ...`` on stderr
and exit status 2: the fix is on the command line. An exception in a notebook's own code, or a
``sys.exit`` in it, is one or two lines naming the notebook, cell and line, and exit status 1: the
fix is in the notebook. A search stopped by ``--max-seconds`` or ``--max-calls`` is one line and
exit status 1. Never a traceback.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import contextvars
import decimal
import difflib
import functools
import inspect
import itertools
import json
import linecache
import math
import numbers
import os
import random
import re
import select
import stat
import sys
import time
import traceback
import types
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn, TextIO

from gamesolver.errors import error_text
from gamesolver.explore import is_reachable, per_ply
from gamesolver.game import AnyGame, Game, Value
from gamesolver.guard import Interrupted, TotalTimeLimit, Watchdog
from gamesolver.match import names
from gamesolver.notebook import NotebookError, find_game, load_notebook
from gamesolver.protocol import Offer, find_offer
from gamesolver.resources import REPOSITORY, notebooks_folder
from gamesolver.stats import Algorithm, LimitedStats, LimitReached, OutOfTime, Stats
from gamesolver.table import Table, fmt
from gamesolver.tools import assignment
from gamesolver.tools.grade import LEAST_MEMORY_MB, machine_mb
from gamesolver.tools.terminal import play_in_terminal
from gamesolver.words import LONGEST, number_text, outside, value_words

PROG = "gamesolver"

OPTIONS = {
    "depth": "--depth N",
    "budget": "--budget SECONDS",
    "order": "--order",
    "symmetry": "--symmetry",
}
"""The algorithm options of the command line, by the keyword an algorithm's signature uses."""

DECIDES = "iterative_deepening"
"""The search of ``move`` and ``play`` where the notebook offers none: it decides within a
budget, on any game with an estimate (``alpha_beta`` with a Solver of the first part only,
which has no ``iterative_deepening``)."""

MOVE_BUDGET = 1.0
"""The time of a decision of ``move`` and ``play`` when none is given: ``--budget`` for a search
that takes one, ``--max-seconds`` for one that does not (an exact solver: stopped, not answered).
Seed 004's grader allows 1 s for the 100 positions of 4 × 4 tic-tac-toe, so 1 s is generous, and
a decision on a big game cannot run for hours."""

ECHOED = 100
"""The most characters of an argument an error line repeats: the start of a longer one and its
length (a 10 MB ``--state`` is not echoed whole)."""

LINE_LENGTH = 1_000
"""The longest line of a file of positions (a position of chess or of the 4 × 4 × 4 cube is
under 100 characters): a longer one is an error, read no further (``/dev/zero`` has no end)."""

MAX_LINES = 100_000
"""The most lines of a file of positions: all are read before the first search, and 100,000
positions at the assignment's 0.01 s a move already take 17 minutes."""

REACHABLE_LIMIT = 200_000
"""How many positions the search for a ``--state`` from the start may look at."""

CHECK_STATES = 10_000
"""How many positions reachable from a ``--state`` the validator checks one by one (then random
games from it, as ``check_game`` does beyond its limit): every position of tic-tac-toe and of
small Nim, and a check of a second or less on a game as big as Connect Four, whose positions
the validator would otherwise walk until ``CHECK_SECONDS`` are spent."""

CHECK_GAME_SECONDS = 60.0
"""How long ``check`` checks a game unless ``--max-seconds`` says otherwise (0: no limit), the
validator's own default: every position of a small game, a sample of a big one."""

CHECK_SECONDS = 10.0
"""How long the checks of a ``--state`` may take (the validator's, then the search from the
start), unless ``--max-seconds`` is less."""

MOVE_GRADING = """grading your own game (seed 004's assignment: the best next move in 100
positions, with a time budget for each):
  1. write the game in a notebook, game = Game(...), with parse(text) for the
     positions' notation, and the course's Solver.ipynb
     and Search-in-Depth.ipynb next to it;
  2. write the positions in a file, one a line (blank lines and lines that
     start with # are skipped);
  3. run
     python -m gamesolver move MyGame.ipynb --positions positions.txt --budget 0.01
     for the move in each position, its value, exact or estimate, the depth
     and the time, whether it took a win at once and avoided a loss at once
     (where that applies), and whether the moves together kept within
     positions x budget (--json: one JSON object). Every line is read before the first
     search: a bad line is an error that names it, and nothing is searched.
"""
"""``move --help``'s last words: how a student grades a notebook as the assignment's grader does."""

NOTEBOOK_RUNS = "Loading NOTEBOOK runs the notebook's code (every cell not tagged demo)."

STAT_LABELS = {
    "calls": "value calls",
    "cache_hits": "cache hits",
    "cutoffs": "cut-offs",
    "cache_entries": "cache entries",
}
"""How the human-readable output of ``solve`` names the ``Stats`` counters."""

EXAMPLES = """examples:
  gamesolver algorithms
  gamesolver move notebooks/Tic-Tac-Toe.ipynb --position "XX. OO. ..." --json
  gamesolver move notebooks/Tic-Tac-Toe-4x4.ipynb --positions positions.txt --budget 0.01
  gamesolver solve notebooks/Tic-Tac-Toe.ipynb --algorithm alpha_beta
  gamesolver solve notebooks/Tic-Tac-Toe.ipynb --algorithm minimax --json
  gamesolver solve notebooks/Tic-Tac-Toe.ipynb --algorithm alpha_beta_memo --order --symmetry
  gamesolver solve notebooks/Tic-Tac-Toe.ipynb --algorithm depth_limited --depth 3
  gamesolver solve notebooks/Tic-Tac-Toe.ipynb --algorithm iterative_deepening --budget 0.1
  gamesolver solve notebooks/Tic-Tac-Toe.ipynb --algorithm alpha_beta --player 1 \\
      --state "(('X', ' ', ' '), (' ', ' ', ' '), (' ', ' ', ' '))"
  gamesolver solve notebooks/Nim.ipynb --algorithm minimax --max-seconds 5 \\
      --state "((1, 3, 5, 7), 'A')"
  gamesolver check notebooks/Tic-Tac-Toe.ipynb
  gamesolver play notebooks/Tic-Tac-Toe.ipynb --first computer

Loading a notebook runs its code (every cell not tagged demo): check only notebooks you trust.
"""

_CELL = re.compile(r"^<(?P<notebook>.+\.ipynb), cell (?P<cell>\d+)>$")


def _cut(text: str, limit: int = ECHOED) -> str:
    """``text`` as a message repeats it: whole if short, else its start and its length."""
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text):,} characters)"


def _quoted(text: str, limit: int = ECHOED) -> str:
    """``repr(text)`` as a message repeats it: whole if short, else its start and its length."""
    return repr(text) if len(text) <= limit else f"{text[:limit]!r}… ({len(text):,} characters)"


def _said(error: BaseException, limit: int = 200) -> str:
    """The message of ``error`` (raised by a notebook's code) on one line, cut at ``limit``
    characters; never raises."""
    try:
        text = str(error)
    except Exception as failed:
        return f"{type(error).__name__} (its message raised {type(failed).__name__})"
    return _cut(" ".join(text.split()), limit)


class UsageError(Exception):
    """A bad argument: reported as one line, exit status 2."""


class NotebookCodeError(Exception):
    """An exception raised by a notebook's own code: reported in one or two lines, exit status 1."""


class NotSolved(Exception):
    """A search stopped by ``--max-seconds`` or ``--max-calls``: one line, exit status 1."""


class _Parser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose errors are one line, like every other error of the CLI."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")


SOLVERS = ("Search-in-Depth.ipynb", "Solver.ipynb")
"""The Solver notebooks the command line looks for next to a game notebook, in this order: the
second part of the Solver runs the first, so its ``Algorithms`` are those of both."""


def default_solver() -> Path:
    """The lectures' ``Search-in-Depth.ipynb``, the Solver's second part, which runs the first:
    the repository's, or the current folder's for a package installed without it
    (``gamesolver.resources.notebooks_folder``)."""
    return notebooks_folder() / SOLVERS[0]


# -- loading notebooks ----------------------------------------------------------------------------


def _notebook_path(text: str, what: str = "notebook") -> Path:
    """``text`` as the path of an existing notebook file, or a ``UsageError`` saying why not."""
    path = Path(text)
    if not path.exists():
        raise UsageError(f"no such {what}: {text}")
    if path.is_dir() or path.suffix != ".ipynb":
        raise UsageError(f"{text} is not a notebook (.ipynb)")
    return path


def _where(error: BaseException) -> str:
    """The innermost notebook cell and line in ``error``'s traceback, with the line's code."""
    filename, line = "", 0
    if isinstance(error, SyntaxError) and error.filename and _CELL.match(error.filename):
        filename, line = error.filename, error.lineno or 0
    else:
        for frame, lineno in traceback.walk_tb(error.__traceback__):
            if _CELL.match(frame.f_code.co_filename):
                filename, line = frame.f_code.co_filename, lineno
    match = _CELL.match(filename)
    if match is None:
        return ""
    code = linecache.getline(filename, line).strip()
    return f"at {match['notebook']}, cell {match['cell']}, line {line}" + (
        f": {code}" if code else ""
    )


def _code_error(
    doing: str, error: BaseException, search: Callable[..., Any] | None = None
) -> NotebookCodeError:
    """A ``NotebookCodeError`` for ``error``, raised while ``doing`` something with a notebook
    (with the ``search`` that was running, if any: a recursion too deep for Python in its own
    notebook is the search's, not the game's)."""
    if isinstance(error, SystemExit):
        code = "" if error.code is None else _cut(repr(error.code))
        lines = [f"{doing} failed: the notebook called sys.exit({code})"]
    elif isinstance(error, SyntaxError):
        lines = [f"{doing} failed: SyntaxError: {error.msg}"]
    elif isinstance(error, RecursionError) and (recursed := _recursed(error)):
        (name, notebook, cell), deep = recursed
        if search is not None and _notebook_of(getattr(search, "func", search)) == notebook:
            return NotebookCodeError(
                f"{doing} failed: the search went deeper than Python allows (RecursionError): "
                f"{name}, in {notebook}, cell {cell}, called itself {deep:,} times deep; lines "
                "of play this long need a search that stops at a depth (--depth N, or --budget S "
                "with iterative_deepening)"
            )
        lines = [
            f"{doing} failed: RecursionError: {name}, in {notebook}, cell {cell}, called itself "
            f"{deep:,} times deep, deeper than Python allows: does its recursion end?"
        ]
    else:
        lines = [f"{doing} failed: {_cut(error_text(error), 200)}"]
    where = _where(error)
    if where:
        lines.append(f"  {where}")
    return NotebookCodeError("\n".join(lines))


def _notebook_of(function: object) -> str | None:
    """The notebook that defines ``function`` (``"Solver.ipynb"``), or ``None``."""
    code = getattr(function, "__code__", None)
    match = _CELL.match(code.co_filename) if isinstance(code, types.CodeType) else None
    return match["notebook"] if match else None


def _recursed(error: BaseException) -> tuple[tuple[str, str, str], int] | None:
    """The notebook function that recursed most deeply in ``error``'s traceback, as ``(name,
    notebook, cell)``, and how many times it was on the stack; ``None`` if none did."""
    frames: dict[tuple[str, str, str], int] = {}
    for frame, _ in traceback.walk_tb(error.__traceback__):
        match = _CELL.match(frame.f_code.co_filename)
        if match and not frame.f_code.co_name.startswith("<"):  # (not a <genexpr>)
            key = (frame.f_code.co_name, match["notebook"], match["cell"])
            frames[key] = frames.get(key, 0) + 1
    if not frames:
        return None
    deepest = max(frames, key=lambda key: frames[key])
    return deepest, frames[deepest]


def _load(path: Path) -> types.ModuleType:
    """The notebook's definitions; an exception in its code becomes a ``NotebookCodeError``."""
    try:
        return load_notebook(path)
    except (NotebookError, KeyboardInterrupt):
        raise
    except BaseException as error:  # sys.exit, GeneratorExit, ... in the notebook's code
        raise _code_error(f"loading {path}", error) from error


def game_over(game: Game[Any, Any], state: Any, player: Any, game_path: Path) -> str:
    """A finished position in words: who has won, or a draw (a chess position with kings alone
    is one, though both sides have moves)."""
    value = run_code(f"reading {game_path}", lambda: game.utility(state, player))
    if value == 0:
        return "the game is over in that position: a draw"
    winner = player if value > 0 else game.other(player)
    return f"the game is over in that position: {winner} has won"


def run_code(
    doing: str,
    function: Callable[[], Any],
    search: Callable[..., Any] | None = None,
    no_budget: str | None = None,
) -> Any:
    """``function()``, which runs a notebook's code: its exceptions (and ``sys.exit``) become a
    ``NotebookCodeError``; a limit reached becomes ``NotSolved``. ``search``: the algorithm it
    runs, if any; ``no_budget``: its name, if its limit is the default time of a decision
    (``MOVE_BUDGET``: the search takes no ``--budget``)."""
    try:
        return function()
    except LimitReached as reached:
        stats = reached.stats
        took = time.perf_counter() - stats.started
        if no_budget is not None and reached.limit == "seconds":
            seconds = fmt(stats.max_seconds)
            raise NotSolved(
                f"no move within {seconds} s: {no_budget} takes no --budget, and a decision is "
                f"stopped after {seconds} s ({number_text(stats.calls)} value calls); give "
                "--max-seconds S to let it search longer"
            ) from None
        if reached.limit == "calls":
            within = f"{fmt(stats.max_calls)} value calls ({took:.1f} s)"
        else:
            within = f"{fmt(stats.max_seconds)} s: {number_text(stats.calls)} value calls"
        raise NotSolved(f"not solved within {within}") from None
    except OutOfTime as error:  # a budget too small to look at one move: a bad argument
        raise UsageError(f"{error}: give a larger --budget, or none") from error
    except (BrokenPipeError, KeyboardInterrupt, Interrupted):  # the reader has gone, Ctrl-C,
        raise  # or a watchdog of ours
    except BaseException as error:  # sys.exit, ... in the notebook's code
        raise _code_error(doing, error, search) from error


def load_game(
    text: str, settings: Sequence[str] | None = None
) -> tuple[Path, types.ModuleType, AnyGame, Offer | None]:
    """The path of the game notebook given as ``text``, its definitions, its ``Game`` and its
    ``Offer`` (``None`` if it makes none): the game the ``Offer`` names, else the notebook's
    ``game``; with ``settings`` (``--set NAME=VALUE``), the game the ``Offer``'s ``build``
    builds with them."""
    path = _notebook_path(text)
    module = _load(path)
    offer = find_offer(module)
    if not settings:
        return path, module, offer.game if offer else find_game(module), offer
    build = offer.build if offer else None
    if build is None:
        raise UsageError(
            "--set needs a builder of the game: Offer(game, build=...) in the notebook, with the "
            f"function that builds the game with parameters, and {path} has none"
        )
    name = getattr(build, "__name__", "the builder")
    parameters = offer.parameters() if offer else {}
    values: dict[str, Any] = {}
    for setting in settings:
        key, equals, text_value = setting.partition("=")
        if not equals or not key.isidentifier():
            raise UsageError(f"--set {_quoted(setting)} is not NAME=VALUE, e.g. --set width=5")
        if key not in parameters:
            known = ", ".join(parameters) or "none"
            raise UsageError(f"--set {_cut(setting)}: {name} has no parameter {key} ({known})")
        if _is_boolean(parameters[key]):
            values[key] = _boolean(key, text_value)
            continue
        try:
            values[key] = ast.literal_eval(text_value)
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
            values[key] = text_value  # a word, e.g. --set variant=misere
        number = values[key]
        is_number = isinstance(number, int | float) and not isinstance(number, bool)
        if is_number and not DECIMAL.fullmatch(text_value.strip()):  # 0x5: 5 to Python
            example = f"--set {key}=5"
            raise UsageError(
                f"--set {_cut(setting)}: write the number in decimal digits, e.g. {example}"
            )
    try:
        game = build(**values)
    except (ValueError, TypeError) as error:  # the builder's bounds and types, in its words
        raise UsageError(f"--set {_cut(' '.join(settings))}: {_said(error)}") from error
    except BaseException as error:
        raise _code_error(f"building the game of {path}", error) from error
    if not isinstance(game, Game):
        raise UsageError(f"{name} in {path} returned {type(game).__name__}, not a Game")
    return path, module, game, offer


DECIMAL = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")
"""A number as ``--set NAME=NUMBER`` takes it: decimal digits, not Python's ``0x5`` or ``5_0``."""

BOOLEANS = {"true": True, "yes": True, "on": True, "1": True}
BOOLEANS.update({"false": False, "no": False, "off": False, "0": False})
"""The words ``--set NAME=WORD`` takes for a parameter that is true or false, in any case."""


def _is_boolean(parameter: inspect.Parameter) -> bool:
    """Whether the builder's ``parameter`` is true or false: its default or annotation says."""
    return isinstance(parameter.default, bool) or parameter.annotation in (bool, "bool")


def _boolean(name: str, text: str) -> bool:
    """The truth ``text`` names (``BOOLEANS``): ``--set threats=false`` is false (a non-empty
    string would be true), and a word that is not one of them is an error."""
    truth = BOOLEANS.get(text.strip().lower())
    if truth is None:
        raise UsageError(
            f"--set {name}={_cut(text)}: {name} is true or false (or yes/no, on/off, 1/0), "
            f"not {_quoted(text)}"
        )
    return truth


def solver_path(game_path: Path | None, given: str | None) -> Path:
    """The Solver notebook: ``--solver`` if given, else the first of ``SOLVERS`` next to the
    game notebook."""
    if given is not None:
        return _notebook_path(given, "solver notebook")
    if game_path is None:
        path = default_solver()
        if not path.exists():
            raise UsageError(f"no Solver notebook at {path}; give one with --solver PATH")
        return path
    for name in SOLVERS:
        path = game_path.parent / name
        if path.exists():
            return path
    raise UsageError(f"no {' or '.join(SOLVERS)} next to {game_path}; give one with --solver PATH")


def load_algorithms(path: Path) -> tuple[types.ModuleType, dict[str, Algorithm]]:
    """The Solver notebook at ``path`` and its ``Algorithms``, by function name, in list order."""
    solver = _load(path)
    algorithms = getattr(solver, "Algorithms", None)
    if not isinstance(algorithms, list | tuple) or not all(callable(a) for a in algorithms):
        raise UsageError(f"{path} defines no list Algorithms of search functions")
    return solver, {algorithm.__name__: algorithm for algorithm in algorithms}


def _plain(name: str) -> str:
    """A name without case, ``_`` and ``-``: ``alphabeta``, ``Alpha-Beta`` and ``alpha_beta``."""
    return "".join(c for c in name.lower() if c not in "_-")


def suggestions(name: str, names: Sequence[str]) -> list[str]:
    """The names that ``name`` probably means, best first (at most 3; none if nothing is close).

    A name that differs only in case, ``_`` or ``-`` is the one meant; else one with a typo
    (``alpha_bet``, ``minmax``); else the names that contain ``name`` (``memo``, ``deepening``);
    else the closest. Of the close ones, only those nearly as close as the closest, so that
    ``alpha_bet`` suggests ``alpha_beta`` and not also ``alpha_beta_memo``.
    """
    plain = _plain(name)
    same = [other for other in names if _plain(other) == plain]
    if same:
        return same[:3]
    scores = {
        other: difflib.SequenceMatcher(None, name.lower(), other.lower()).ratio() for other in names
    }
    close = sorted((other for other in names if scores[other] >= 0.6), key=lambda o: -scores[o])
    closest = [other for other in close if scores[other] >= scores[close[0]] - 0.1] if close else []
    if closest and scores[closest[0]] >= 0.85:  # a typo
        return closest[:3]
    containing = [other for other in names if len(plain) >= 3 and plain in _plain(other)]
    return (containing or closest)[:3]


def find_algorithm(algorithms: dict[str, Algorithm], name: str, path: Path) -> Algorithm:
    """The algorithm called ``name``; a ``UsageError`` that suggests close names if none is."""
    if name in algorithms:
        return algorithms[name]
    close = suggestions(name, list(algorithms))
    suggestion = f"; did you mean {' or '.join(close)}?" if close else ""
    raise UsageError(
        f"no algorithm {name!r} in {path}{suggestion} (algorithms: {', '.join(algorithms)})"
    )


def _keywords(algorithm: Algorithm) -> dict[str, inspect.Parameter]:
    """The parameters of ``algorithm``'s signature, by name (none if it has no signature)."""
    try:
        return dict(inspect.signature(algorithm).parameters)
    except (TypeError, ValueError):
        return {}


def algorithm_options(
    args: argparse.Namespace, name: str, algorithms: dict[str, Algorithm], path: Path
) -> dict[str, Any]:
    """The options given on the command line for the algorithm ``name``, checked against it.

    An option is passed only if the algorithm's signature has its keyword; one it does not take
    is an error that names the algorithms that do, and one it needs but was not given, too.
    """
    given: dict[str, Any] = {}
    for option in OPTIONS:
        value = getattr(args, option)
        if value is not None:
            given[option] = value
    parameters = _keywords(algorithms[name])
    for option, value in given.items():
        if option not in parameters:
            takers = [other for other, a in algorithms.items() if option in _keywords(a)]
            who = (
                f"algorithms that do: {', '.join(takers)}"
                if takers
                else f"no algorithm in {path} does"
            )
            flag = "no-order" if option == "order" and value is False else option
            raise UsageError(f"{name} does not take --{flag} ({who})")
    for option, usage in OPTIONS.items():
        parameter = parameters.get(option)
        if parameter and parameter.default is inspect.Parameter.empty and option not in given:
            raise UsageError(f"{name} needs {usage}")
    return given


def check_game_serves(options: dict[str, Any], game: AnyGame, game_path: Path) -> None:
    """A ``UsageError`` if an option needs something the game does not define.

    ``--symmetry`` stores one memo entry per symmetry class, which takes the game's
    ``canonical(state)``: checked here, before the search, so that the student learns what to
    add to the notebook instead of getting the search's exception.
    """
    if options.get("symmetry") and game.canonical is None:
        raise UsageError(
            f"--symmetry needs the game's canonical(state), and {game.name} in {game_path} has "
            "none: define canonical(state), one representative of the state's symmetry class, "
            "and pass canonical=canonical to Game(...)"
        )


# -- the position to search -----------------------------------------------------------------------


def parse_state(text: str, game: AnyGame) -> Hashable:
    """The state written as the Python literal ``text``: it must parse and be hashable."""
    example = _start_example(game)
    try:
        state = ast.literal_eval(text)
    except (ValueError, SyntaxError) as error:
        too_long = "Exceeds the limit" in str(error)  # (int's own limit on digits read)
        why = f"has a whole number of more than {sys.get_int_max_str_digits():,} digits, which"
        why = f"{why} Python does not read" if too_long else "is not a Python literal"
        raise UsageError(f"--state {_quoted(text)} {why}{example}") from None
    except (TypeError, MemoryError, RecursionError):
        raise UsageError(f"--state {_quoted(text)} is not a Python literal{example}") from None
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
            f"--state {_quoted(text)} is not hashable ({type(state).__name__}){_cut(hint, 200)}"
        ) from None
    return state  # type: ignore[no-any-return]


def _start_example(game: AnyGame) -> str:
    """`` (the start state is ...)`` if it is short enough to help and written as ``--state``
    reads it; for a game whose states are no Python literals (Checkers' ``State(...)``), the
    start in the game's notation, for ``--position``; else ``""``."""
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
        f"game's notation, e.g. the start: {_quoted(written)})"
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
    ``Players[0]``), checked.

    The player to move is the one the state says where it says one: the game's ``to_move``
    (Nim's), else the one player for whom the game's notation writes the state and reads it
    back (a tic-tac-toe board with more X than O has O to move); a ``--player`` that
    contradicts it is an error. A position of the game's own notation, a ``--position`` read by
    its ``parse`` or a ``--state`` that its ``notation`` writes and ``parse`` reads back the
    same, is one of its positions by its own rules (``check_notation``): a board that no game
    reaches is refused there, in the game's words. A ``--state`` of a game without a notation
    is checked by the validator and a walk from the start instead (``check_position``), within
    ``CHECK_SECONDS`` or half of ``--max-seconds``, which is for the whole command."""
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
            raise UsageError(f"--position {_quoted(args.position)}: {_said(error)}") from error
        return state, player
    given = None if args.player is None else player_at(game, args.player)
    state = game.Start if args.state is None else parse_state(args.state, game)
    text = "the start state" if args.state is None else f"--state {_cut(args.state)}"
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
            f"{problem}: to_move(state) raised {_cut(error_text(error))}{_start_example(game)}"
        ) from error
    if not any(player == known for known in game.Players):
        players = " and ".join(str(p) for p in game.Players)
        raise UsageError(
            f"{problem}: it says {_cut(repr(player))} is to move, and the players are "
            f"{players}{_start_example(game)}"
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
    """A ``UsageError`` naming ``text`` unless ``state`` with ``player`` to move is a position of
    the game's own notation: ``notation`` writes it and ``parse`` reads it back the same. The
    notation knows the game's rules of a position (a stone in the air, a side with too many
    pieces, both sides with three in a row): it refuses what no game reaches. A notation that
    takes more than ``seconds`` to say is left, with a note."""
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
        raise UsageError(f"{problem}: {_said(error)}{_start_example(game)}") from error
    if again != (state, player):
        raise UsageError(
            f"{problem}: in the game's notation it is {_quoted(str(written))}, which reads back "
            f"as another position{_start_example(game)}"
        )


def check_position(
    game: AnyGame, state: Hashable, player: Hashable, text: str, seconds: float
) -> None:
    """Check the game contract on ``state`` and on what is reachable from it (by the validator,
    within ``seconds``): a ``UsageError`` naming ``text`` if it breaks it. Then say on stderr if
    the state cannot be reached from the start, where that is found out within
    ``REACHABLE_LIMIT`` positions and the same time."""
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
            f"{_start_example(game)}"
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

    Every line is read and checked before any search, so that a grading run stops at once on a
    bad file instead of after a half of it: a line that does not parse or a finished position
    is a ``UsageError`` naming the file and the line, and so is a line longer than
    ``LINE_LENGTH`` or a file of more than ``MAX_LINES`` (``/dev/zero`` is read no further
    than its first 1,000 characters). A byte-order mark (Notepad writes one) is skipped.
    The game's ``parse`` is the check of each position, as of a ``--position``; ``gamesolver
    check`` checks the game.
    """
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
            raise UsageError(f"{name}, line {number}: {_quoted(text)}: {_said(error)}") from error
        if run_code(f"reading {game_path}", functools.partial(game.finished, state)):
            over = game_over(game, state, player, game_path)
            raise UsageError(f"{name}, line {number}: {_quoted(text)}: {over}")
        positions.append(Position(number, text, state, player))
    if not positions:
        raise UsageError(
            f"{name} has no positions: write one a line in the game's notation (blank lines "
            "and lines that start with # are skipped)"
        )
    return positions


def _lines_of(file: str) -> list[str]:
    """The lines of the text file ``file`` (``-``: stdin), without a byte-order mark, or a
    ``UsageError`` saying why not: at most ``MAX_LINES`` of at most ``LINE_LENGTH`` characters
    each, read a line at a time so that an endless file is refused, not read into memory."""
    name = "stdin" if file == "-" else file
    try:
        if file == "-" and sys.stdin is None:  # (<&-)
            raise UsageError("--positions -: stdin is closed, there are no positions to read")
        if file == "-":
            return _bounded_lines(sys.stdin, name)
        with open(file, encoding="utf-8") as text:
            return _bounded_lines(text, name)
    except FileNotFoundError:
        raise UsageError(f"no such file of positions: {file}") from None
    except IsADirectoryError:
        raise UsageError(f"{file} is a folder, not a file of positions") from None
    except UnicodeDecodeError as error:
        raise UsageError(f"{name} is not a text file (UTF-8): {error.reason}") from None
    except OSError as error:
        raise UsageError(f"cannot read {name}: {error.strerror}") from None


def _bounded_lines(text: Any, name: str) -> list[str]:
    """The lines of the open text file ``text`` (see ``_lines_of``)."""
    lines: list[str] = []
    while True:
        line = text.readline(LINE_LENGTH + 2)  # a line, its newline, and one more: too long
        if not line:
            break
        if len(lines) == MAX_LINES:
            raise UsageError(
                f"{name} has more than {MAX_LINES:,} lines: a file of positions is read whole "
                "before the first search"
            )
        content = line.rstrip("\r\n")
        if len(content) > LINE_LENGTH:
            raise UsageError(
                f"{name}, line {len(lines) + 1} is longer than {LINE_LENGTH:,} characters: a "
                "file of positions has one position a line"
            )
        lines.append(content.removeprefix("\ufeff") if not lines else content)
    return lines


# -- the commands ---------------------------------------------------------------------------------


_output: contextvars.ContextVar[TextIO | None] = contextvars.ContextVar("output", default=None)
"""Where the command's own output goes: the stdout ``main`` was started with. Meanwhile
``sys.stdout`` is stderr, so that what a notebook's code prints (when loaded, or in its
search) never mixes with the output: ``--json`` is one JSON object, a table is the table."""


def _print(text: str = "") -> None:
    """Write a line of the command's own output (see ``_output``)."""
    print(text, file=_output.get() or sys.stdout)


def _ask(prompt: str) -> str:
    """``input(prompt)`` on the command's own output, as ``play`` asks for a move."""
    with contextlib.redirect_stdout(_output.get() or sys.stdout):
        return input(prompt)


def cmd_algorithms(args: argparse.Namespace) -> int:
    """List the Solver notebook's algorithms with the first line of each docstring."""
    path = solver_path(None, args.solver)
    _, algorithms = load_algorithms(path)
    width = max((len(name) for name in algorithms), default=0)
    shown = None  # the notebook whose algorithms are being listed
    for name, algorithm in algorithms.items():
        where = _notebook_of(getattr(algorithm, "func", algorithm)) or path.name
        if where != shown:  # (Search-in-Depth.ipynb lists the algorithms of Solver.ipynb first)
            _print(f"Algorithms in {path.parent / where}:")
            shown = where
        doc = (inspect.getdoc(algorithm) or "").strip().splitlines()
        _print(f"  {name.ljust(width)}  {doc[0] if doc else ''}".rstrip())
        usage = option_usage(algorithm)
        if usage:
            _print(f"  {' ' * width}  options: {usage}")
    return 0


def option_usage(algorithm: Algorithm) -> str:
    """The command-line options ``algorithm`` takes, as in a usage line: ``--depth N`` if it
    needs the option, ``[--order]`` if it may have it; ``""`` if it takes none."""
    parameters = _keywords(algorithm)
    usages = []
    for option, usage in OPTIONS.items():
        if option in parameters:
            needed = parameters[option].default is inspect.Parameter.empty
            usages.append(usage if needed else f"[{usage}]")
    return " ".join(usages)


def _stats_line(counters: dict[str, Any]) -> str:
    """A search's ``counters`` on one line: value calls, ``depth`` if there, the others if not 0.

    The algorithm counted those that are not 0; the others it does not count.
    """
    parts = []
    for key, number in counters.items():
        if key in ("seconds", "exact") or not isinstance(number, int | float):
            continue
        if number or key in ("calls", "depth"):
            parts.append(f"{STAT_LABELS.get(key, key.replace('_', ' '))}: {number_text(number)}")
    parts.append(f"seconds: {counters['seconds']:.3f}")
    return "   ".join(parts)


def said(
    game: AnyGame, value: Value, player: Hashable, options: dict[str, Any], stats: Stats
) -> str:
    """The value in words (``gamesolver.words``), e.g. ``"the value 0 for X, exact: with best
    play this is a draw"``: exact or an estimate as the search says (``stats.exact``), from the
    depth it reached (``stats.depth``, else the ``--depth`` given)."""
    depth = stats.depth or options.get("depth")
    return str(value_words(game, value, player, exact=stats.exact, depth=depth))


def line_names(game: AnyGame, state: Hashable, line: Sequence[Hashable]) -> list[str]:
    """The moves of a line of states that starts after ``state``, named by ``game.move_name``."""
    return [game.move_name(before, after) for before, after in itertools.pairwise([state, *line])]


def _counters(stats: Stats, algorithm: Algorithm) -> dict[str, Any]:
    """The statistics to print: ``depth`` only for searches that deepen step by step (one with
    a time budget may not complete depth 1, and then its depth 0 says so)."""
    counters: dict[str, Any] = stats.as_dict()
    if not (stats.depth or "budget" in _keywords(algorithm)):
        del counters["depth"]
    return counters


@dataclass
class Setup:
    """What a command that searches needs: the game and the algorithm with its options."""

    game_path: Path
    module: types.ModuleType
    game: AnyGame
    best_move: Callable[..., tuple[Value, Any]] | None
    """The Solver's ``best_move`` (``None`` only for ``solve``, which needs none)."""
    name: str
    algorithm: Algorithm
    options: dict[str, Any]
    no_budget: str | None = None
    """The algorithm's name if it takes no ``--budget`` and its decisions are stopped after
    ``MOVE_BUDGET`` seconds, the default of ``move`` and ``play`` (``None``: not so)."""


def setup(args: argparse.Namespace, default: str | None) -> Setup:
    """The game (with ``--set``) and the algorithm: ``--algorithm``, else the game notebook's
    default search for this command (its ``Offer``), else ``default``. The searches the
    ``Offer`` names join the Solver's (a perfect solver, an engine; the notebook's copy of a
    Solver search it names). ``best_move`` is the Solver's: whether a search decides the move
    itself is the search's own mark (``decides_move``), whatever notebook defines it."""
    game_path = _notebook_path(args.notebook)
    path = solver_path(game_path, args.solver)
    solver, algorithms = load_algorithms(path)
    game_path, module, game, offer = load_game(args.notebook, args.set)
    if offer is not None:
        offered = [*offer.searches, *([offer.plays_with] if offer.plays_with else [])]
        algorithms = {**algorithms, **{search.__name__: search for search in offered}}
    offered_default = offer.default_for(args.command) if offer is not None else None
    if default == DECIDES and default not in algorithms and "alpha_beta" in algorithms:
        default = "alpha_beta"  # a Solver of the first part only: exact, stopped after 1 s
    name = args.algorithm or (offered_default.__name__ if offered_default else default)
    if name is None:
        raise UsageError(
            f"the following arguments are required: --algorithm (see '{PROG} {args.command} "
            "--help')"
        )
    algorithm = find_algorithm(algorithms, name, path)
    no_budget = None
    limits = (args.max_seconds, getattr(args, "max_calls", None))  # (play has no --max-calls)
    if args.command in ("move", "play") and "budget" in _keywords(algorithm):
        args.budget = MOVE_BUDGET if args.budget is None else args.budget
    elif args.command in ("move", "play") and limits == (None, None):
        args.max_seconds, no_budget = MOVE_BUDGET, name  # a decision is bounded all the same
    options = algorithm_options(args, name, algorithms, path)
    check_game_serves(options, game, game_path)
    best_move = getattr(solver, "best_move", None)
    if not callable(best_move):
        if args.command != "solve":
            raise UsageError(f"{path} defines no best_move(game, state, player, algorithm, rng)")
        best_move = None
    return Setup(game_path, module, game, best_move, name, algorithm, options, no_budget)


def score_of(game: AnyGame, value: Value, stats: Stats) -> dict[str, Value]:
    """``{"score": value}`` for a game whose utilities are scores (a range wider than -1..1, as
    Pons' Connect Four scores), when the value is exact; else nothing."""
    scored = tuple(game.utility_range) != (-1, 1)
    return {"score": value} if scored and stats.exact else {}


def new_stats(args: argparse.Namespace) -> Stats:
    """``LimitedStats`` with ``--max-calls`` and ``--max-seconds`` if either is given."""
    max_calls = getattr(args, "max_calls", None)  # (play has --max-seconds only)
    if max_calls is None and args.max_seconds is None:
        return Stats()
    return LimitedStats(max_calls=max_calls, max_seconds=args.max_seconds)


def note_outside(game: AnyGame, value: Value) -> None:
    """A note on stderr if ``value`` cannot be a value of the game (outside its utility range):
    the game's utilities, or its ``utility_range``, are wrong."""
    wrong = outside(game, value)
    if wrong:
        print(
            f"{PROG}: note: the value is {wrong}: check the game's utility and utility_range",
            file=sys.stderr,
        )


def json_line(result: dict[str, Any]) -> str:
    """``result`` as one line of JSON, every number a JSON number: numpy's numbers (and
    arrays, as lists), a ``Fraction`` or a ``Decimal`` as the ``int`` or ``float`` they are,
    ``-0.0`` as ``0.0``, and ``NaN`` or an infinity, which JSON has no number for, as ``null``;
    a whole number too long to write (more than ``LONGEST`` digits) as ``number_text`` says
    it; anything else that JSON has no type for as text."""

    def plain(value: Any) -> Any:
        if type(value).__module__ == "numpy" and hasattr(value, "tolist"):
            return plain(value.tolist())  # a numpy scalar as Python's, an array as lists
        if isinstance(value, dict):
            return {key: plain(item) for key, item in value.items()}
        if isinstance(value, list | tuple):
            return [plain(item) for item in value]
        if isinstance(value, bool):
            return value
        if isinstance(value, numbers.Integral):
            whole = int(value)
            return number_text(whole) if abs(whole) >= 10**LONGEST else whole
        if isinstance(value, numbers.Real | decimal.Decimal):
            try:
                number = float(value)
            except OverflowError:  # (a Fraction beyond float's range)
                return None
            return number + 0.0 if math.isfinite(number) else None  # + 0.0: -0.0 is 0.0
        return value

    return json.dumps(plain(result), default=str, allow_nan=False)


def cmd_solve(args: argparse.Namespace) -> int:
    """Solve a state of the notebook's game with one algorithm; print value, counts and time."""
    it = setup(args, None)
    game, algorithm, options = it.game, it.algorithm, it.options
    stats = new_stats(args)  # --max-seconds counts from here: the checks of a state included
    state, player = given_position(args, game)
    start = time.perf_counter()
    doing = f"solving {it.game_path} with {it.name}"
    value = run_code(doing, lambda: algorithm(game, state, player, stats, **options), algorithm)
    stats.seconds = time.perf_counter() - start
    naming = f"naming the moves of {it.game_path}"
    line = run_code(naming, lambda: line_names(game, state, stats.line))
    counters = _counters(stats, algorithm)
    if args.json:
        result: dict[str, Any] = {"game": game.name, "algorithm": it.name, "options": options}
        result.update(value=value, **score_of(game, value, stats), **counters)
        if line:
            result["line"] = line
        _print(json_line(result))
        note_outside(game, value)
        return 0
    _print(f"{game.name}, {it.name}: {said(game, value, player, options, stats)}")
    _print(_stats_line(counters))
    if line:
        _print(f"{'best move' if len(line) == 1 else 'line of best play'}: {', '.join(line)}")
    note_outside(game, value)
    return 0


@dataclass
class Decision:
    """A move ``move`` found, with the search's statistics and its CPU time."""

    player: Hashable
    value: Value
    move: str
    stats: Stats
    """The search's counters; ``seconds`` is the decision's wall time."""
    cpu_seconds: float
    after: str | None
    """The position after the move in the game's notation (``None``: the game has none)."""
    next_state: Hashable
    """The state after the move."""

    def as_dict(self, game: AnyGame, options: dict[str, Any]) -> dict[str, Any]:
        """The decision as ``move --json`` prints it (without ``cpu_seconds`` and ``after``)."""
        stats = self.stats
        return {
            "player": self.player,
            "move": self.move,
            "value": self.value,
            **score_of(game, self.value, stats),
            "exact": stats.exact,
            "depth": stats.depth or options.get("depth"),
            "over_budget": stats.over_budget,
            "seconds": stats.seconds,
            "calls": stats.calls,
        }


def decide(it: Setup, state: Hashable, player: Hashable, stats: Stats, seed: int) -> Decision:
    """One decision of ``move``: the Solver's ``best_move`` in ``state`` with the algorithm and
    its options and ``random.Random(seed)``, made afresh for each decision so that it does not
    depend on the decisions before it. The wall time (what a budget counts) goes into
    ``stats.seconds``."""
    game = it.game
    search = functools.partial(it.algorithm, **it.options) if it.options else it.algorithm
    rng = random.Random(seed)
    doing = f"choosing a move in {it.game_path} with {it.name}"
    choose = it.best_move
    assert choose is not None  # setup checked it
    cpu = time.process_time()
    start = time.perf_counter()
    value, after = run_code(
        doing, lambda: choose(game, state, player, search, rng, stats), it.algorithm, it.no_budget
    )
    stats.seconds = time.perf_counter() - start
    cpu_seconds = time.process_time() - cpu
    naming = f"naming a move of {it.game_path}"
    move = run_code(naming, lambda: game.move_name(state, after))
    notation, written = game.notation, None
    if notation is not None:
        opponent = game.other(player)
        writing = f"writing a position of {it.game_path}"
        written = run_code(writing, lambda: notation(after, opponent))
    return Decision(player, value, move, stats, cpu_seconds, written, after)


def cmd_move(args: argparse.Namespace) -> int:
    """The move the computer plays in a position, with its value, found by ``best_move``; with
    ``--positions``, the moves in every position of a file (``move_in_each``)."""
    it = setup(args, DECIDES)
    game, options = it.game, it.options
    if options.get("depth") == 0:
        raise UsageError("move needs --depth 1 or more: at depth 0 a search looks at no move")
    if args.positions is not None:
        return move_in_each(args, it)
    stats = new_stats(args)  # --max-seconds counts from here: the checks of a state included
    state, player = given_position(args, game)
    if run_code(f"reading {it.game_path}", lambda: game.finished(state)):
        raise UsageError(game_over(game, state, player, it.game_path))
    decision = decide(it, state, player, stats, args.seed)
    result: dict[str, Any] = {"game": game.name, "algorithm": it.name, "options": options}
    result.update(decision.as_dict(game, options))
    if decision.after is not None:
        result["position"] = decision.after
    if args.json:
        _print(json_line(result))
        note_outside(game, decision.value)
        return 0
    words = said(game, decision.value, player, options, stats)
    _print(f"{game.name}, {it.name}: {player} plays {decision.move}; {words}")
    _print(_stats_line(_counters(stats, it.algorithm)))
    if decision.after is not None:
        _print(f"position after the move: {decision.after}")
    note_outside(game, decision.value)
    return 0


def move_in_each(args: argparse.Namespace, it: Setup) -> int:
    """``move --positions FILE``: one decision in each position of FILE, in order, each as
    ``move`` makes it in one position (a fresh ``Stats``, ``--max-calls`` and ``--max-seconds``
    for each, ``--budget`` for each, the same seed); then a table and a summary, or JSON.

    This is how seed 004's assignment grades a program: the best next move in 100 positions
    under a time budget per position. All the positions are read before the first search.
    Ctrl-C prints the moves made so far, and says after how many positions it came (status 130).
    """
    game = it.game
    name = "stdin" if args.positions == "-" else args.positions
    positions = read_positions(args, game, it.game_path)
    if not args.json:  # the heading at once: what is being graded, while it is
        given = ", ".join(f"{option} {fmt(value)}" for option, value in it.options.items())
        many = f"{len(positions)} {'position' if len(positions) == 1 else 'positions'} of {name}"
        _print(f"{game.name}, {it.name}{f' ({given})' if given else ''}: {many}")
        (_output.get() or sys.stdout).flush()
    moves: list[tuple[dict[str, Any], assignment.Grade]] = []
    try:
        for number, position in enumerate(positions, start=1):
            if reader_gone():  # (`| head -1`: no one reads the moves any more)
                raise BrokenPipeError
            moves.append(move_in(args, it, number, position, name))
    except KeyboardInterrupt:
        if moves:
            print_moves(args, it, moves, name)
        print(
            f"\n{PROG}: interrupted after {len(moves)} of {len(positions)} positions",
            file=sys.stderr,
        )
        return 130
    print_moves(args, it, moves, name)
    return 0


def reader_gone() -> bool:
    """Whether the command's output is a pipe whose reader has closed it (``| head -1`` has
    its line): ``poll`` says so on the pipe's end (``POLLERR``), as GNU ``tail -f`` finds out,
    without writing. ``False`` for a terminal or a file, and where ``poll`` is missing."""
    output = _output.get() or sys.stdout
    try:
        descriptor = output.fileno()
        if not hasattr(select, "poll") or not stat.S_ISFIFO(os.fstat(descriptor).st_mode):
            return False
        poller = select.poll()
        poller.register(descriptor, 0)  # (no events asked: POLLERR and POLLHUP come anyway)
        return any(events & (select.POLLERR | select.POLLHUP) for _, events in poller.poll(0))
    except (AttributeError, OSError, ValueError):  # (an output without a file descriptor)
        return False


def move_in(
    args: argparse.Namespace, it: Setup, number: int, position: Position, name: str
) -> tuple[dict[str, Any], assignment.Grade]:
    """The decision in the ``number``th position of the file ``name``, as ``move --json`` has it
    in ``moves``, and its grade (``gamesolver.tools.assignment``: the checks of the move)."""
    game = it.game
    try:
        decision = decide(it, position.state, position.player, new_stats(args), args.seed)
    except (NotSolved, UsageError, NotebookCodeError) as error:
        where = f"position {number} ({name}, line {position.line}: {_quoted(position.text)})"
        raise type(error)(f"{where}: {error}") from None
    decision.stats.depth = decision.stats.depth or it.options.get("depth", 0)  # as in the JSON
    answer = (decision.value, decision.next_state, decision.stats)
    seconds, cpu = decision.stats.seconds, decision.cpu_seconds
    state, player = position.state, position.player

    def judge() -> assignment.Grade:
        return assignment.judge(game, state, player, answer, seconds, cpu, position=position.text)

    grade = run_code(f"checking a move of {it.game_path}", judge)
    move = {"position": position.text, **decision.as_dict(game, it.options)}
    calls = move.pop("calls")  # after cpu_seconds, which goes beside seconds
    move.update(cpu_seconds=decision.cpu_seconds, calls=calls, won=grade.won, saved=grade.saved)
    if decision.after is not None:
        move["after"] = decision.after
    return move, grade


def print_moves(
    args: argparse.Namespace,
    it: Setup,
    moves: list[tuple[dict[str, Any], assignment.Grade]],
    name: str,
) -> None:
    """The moves of ``move --positions`` as a table and a summary (``assignment.report``), or
    as JSON."""
    game, options = it.game, it.options
    grades = [grade for _, grade in moves]
    if args.json:
        result: dict[str, Any] = {"game": game.name, "algorithm": it.name, "options": options}
        summary = assignment.summary(grades, args.budget)
        result.update(budget=args.budget, moves=[move for move, _ in moves], summary=summary)
        _print(json_line(result))
        return
    _print()  # (under the heading, printed before the first search)
    _print(repr(assignment.report(grades, totals=False)))
    _print()
    for line in assignment.summary_lines(grades, args.budget, f"{it.name} takes no --budget"):
        _print(line)


def cmd_count(args: argparse.Namespace) -> int:
    """Distinct positions (or move sequences, ``--paths``) after each ply 0..N: up to the first
    ply without a position, after which nothing changes (``--depth 1000000`` on Nim). Ctrl-C
    prints the plies counted so far, and says after which ply it came (status 130)."""
    game_path, _, game, _ = load_game(args.notebook, args.set)
    counts: list[int] = []

    def count() -> None:
        for positions, paths in per_ply(game, args.depth):
            counts.append(paths if args.paths else positions)
            if not positions:  # every game has ended: every ply after it has none either
                break

    try:
        with Watchdog(total_seconds=args.max_seconds):
            run_code(f"counting the positions of {game_path}", count)
    except TotalTimeLimit:
        plies = f"plies 0 to {len(counts) - 1}: {', '.join(fmt(n) for n in counts)}"
        done = plies if counts else "no ply counted"
        raise NotSolved(f"not counted within {fmt(args.max_seconds)} s; {done}") from None
    except KeyboardInterrupt:
        if counts:
            print_counts(args, game, counts, complete=False)
        after = f"after ply {len(counts) - 1} of {args.depth:,}" if counts else "before ply 0"
        print(f"\n{PROG}: interrupted {after}", file=sys.stderr)
        return 130
    print_counts(args, game, counts, complete=True)
    return 0


def print_counts(
    args: argparse.Namespace, game: AnyGame, counts: list[int], complete: bool
) -> None:
    """The counts of ``count``, a table or JSON; ``complete``: every ply asked was counted, or
    every game ended before it."""
    if args.json:
        _print(json_line({"game": game.name, "paths": args.paths, "counts": counts}))
        return
    what = "move sequences (perft)" if args.paths else "distinct positions"
    _print(f"{game.name}: {what} after each ply")
    table = Table(["ply", "count"])
    for ply, number in enumerate(counts):
        table.add(ply, number)
    table.add("total", sum(counts))
    _print(repr(table))
    if complete and len(counts) <= args.depth:
        _print(
            f"every game has ended after ply {len(counts) - 2}: plies {len(counts) - 1:,} to "
            f"{args.depth:,} have no positions"
        )


def cmd_check(args: argparse.Namespace) -> int:
    """Run the validator on the notebook's game and print its report; 1 if the game has errors."""
    from gamesolver.feedback.check import (
        check_game,  # here: solve and play do not need the validator
    )

    game_path, _, game, _ = load_game(args.notebook, args.set)
    seconds = CHECK_GAME_SECONDS if args.max_seconds is None else args.max_seconds
    start = time.perf_counter()
    report = run_code(
        f"checking {game_path}", lambda: check_game(game, total_seconds=seconds or None)
    )
    _print(repr(report))
    timed_out = seconds and time.perf_counter() - start >= seconds
    if timed_out and not report.complete and not report.errors:
        print(
            f"{PROG}: note: the check stopped after {fmt(seconds)} s; give --max-seconds S to "
            "let it check more",
            file=sys.stderr,
        )
    return 0 if report.ok else 1


def cmd_grade(args: argparse.Namespace) -> int:
    """Autograde an assignment with nbgrader (``gamesolver.tools.grade``); print a row per student
    and graded cell, with what the course's check found, and a summary."""
    from gamesolver.tools.grade import (  # here: the other commands do not need nbgrader
        GradeError,
        csv_target,
        grade_class,
        summary,
        table,
        write_csv,
    )

    course = Path(args.course)
    try:
        target = csv_target(args.csv, course) if args.csv else None
        graded = grade_class(
            course,
            args.assignment,
            args.student,
            args.time_limit,
            args.memory_limit,
            sandbox=not args.no_sandbox,
        )
    except GradeError as error:
        raise UsageError(str(error)) from None
    _print(repr(table(graded.rows)))
    _print(summary(graded.rows, graded.not_graded))
    if target is not None:
        write_csv(graded.rows, target)
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    """Play the notebook's game in the terminal against the Solver's ``best_move``."""
    if sys.stdin is None:  # (<&-)
        raise UsageError("play reads your moves from stdin, which is closed")
    it = setup(args, DECIDES)
    game, options = it.game, it.options
    search = functools.partial(it.algorithm, **options) if options else it.algorithm
    rng = random.Random(args.seed)

    best_move = it.best_move
    assert best_move is not None  # setup checked it

    remembers = names(search, "earlier")  # the chess engine: it sees a position repeated

    def choose(state: Any, player: Any, earlier: tuple[Any, ...] = ()) -> tuple[Value, Any, Stats]:
        stats = new_stats(args)  # each decision within --max-seconds (the default: setup's)
        algorithm = functools.partial(search, earlier=earlier) if remembers else search
        value, after = best_move(game, state, player, algorithm=algorithm, rng=rng, stats=stats)
        stats.depth = stats.depth or options.get("depth", 0)  # (depth_limited reports none)
        return value, after, stats

    human_first = args.first == "human"
    run_code(
        f"playing {it.game_path} with {it.name}",
        lambda: play_in_terminal(game, choose, human_first, read=_ask, write=_print),
        it.algorithm,
        it.no_budget,
    )
    return 0


# -- the parser -----------------------------------------------------------------------------------


def _whole(text: str, least: int, what: str) -> int:
    """A whole number, at least ``least``."""
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {_quoted(text)}") from None
    if number < least:
        raise argparse.ArgumentTypeError(f"{what} is at least {least}, not {number}")
    return number


def _whole_at_most(text: str, least: int, most: int, what: str, unit: str) -> int:
    """A whole number from ``least`` to ``most`` (``unit`` says what ``most`` counts)."""
    number = _whole(text, least, what)
    if number > most:
        raise argparse.ArgumentTypeError(f"{what} is at most {most:,} {unit}, not {text}")
    return number


def _seconds(text: str, what: str) -> float:
    """A number of seconds, at least 0."""
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {_quoted(text)}") from None
    if not math.isfinite(seconds):
        raise argparse.ArgumentTypeError(f"not a number of seconds: {_quoted(text)}")
    if seconds < 0:
        raise argparse.ArgumentTypeError(f"{what} is at least 0 seconds, not {text}")
    return int(seconds) if seconds.is_integer() else seconds  # 2, not 2.0, in messages


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``gamesolver`` and its commands."""
    parser = _Parser(
        prog=PROG,
        description="Solve, check and play the games of the gamesolver notebooks.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(
        title="commands", dest="command", metavar="COMMAND", required=True
    )

    def command(name: str, help: str, description: str) -> argparse.ArgumentParser:
        return commands.add_parser(name, help=help, description=description, epilog=NOTEBOOK_RUNS)

    def with_notebook(command: argparse.ArgumentParser) -> None:
        command.add_argument("notebook", metavar="NOTEBOOK", help="a game notebook (.ipynb)")
        command.add_argument(
            "--set",
            action="append",
            metavar="NAME=VALUE",
            help="build the game with the builder its notebook offers, Offer(game, "
            "build=...), given NAME=VALUE (repeatable)",
        )

    def with_algorithm(command: argparse.ArgumentParser, default: str | None) -> None:
        with_notebook(command)
        command.add_argument(
            "--algorithm",
            metavar="NAME",
            help="a function in the Solver's Algorithms list or one the notebook offers, "
            "Offer(game, searches=[...]) (default: the notebook's first search, or for move and "
            "play its plays_with" + (f", else {default})" if default else ")"),
        )
        command.add_argument(
            "--solver",
            metavar="PATH",
            help=f"the Solver notebook (default: {' or, if none, '.join(SOLVERS)} next to "
            "NOTEBOOK)",
        )
        command.add_argument(
            "--depth",
            type=lambda text: _whole(text, 0, "a depth"),
            metavar="N",
            help="look N moves ahead, then estimate; 0: the estimate alone "
            "(algorithms that take it)",
        )
        command.add_argument(
            "--budget",
            type=lambda text: _seconds(text, "a budget"),
            metavar="SECONDS",
            help="stop deepening after about SECONDS, for the whole decision "
            "(algorithms that take it)",
        )
        command.add_argument(
            "--order",
            action=argparse.BooleanOptionalAction,
            help="try the most promising moves first, or not (algorithms that take it; "
            "default: the algorithm's)",
        )
        command.add_argument(
            "--symmetry",
            action="store_true",
            default=None,
            help="memoize one state per symmetry class (algorithms that take it)",
        )

    def with_position(command: argparse.ArgumentParser, positions: bool = False) -> None:
        where = command.add_mutually_exclusive_group()
        where.add_argument("--state", metavar="LITERAL", help="a state as a Python literal")
        where.add_argument(
            "--position",
            metavar="TEXT",
            help="a position in the game's own notation (read by the notebook's parse)",
        )
        if positions:
            where.add_argument(
                "--positions",
                metavar="FILE",
                help="a file of positions in the game's notation, one a line (blank lines and "
                "lines that start with # skipped; -: stdin): a move in each, timed, as a grader "
                "does",
            )
        command.add_argument(
            "--player",
            metavar="INDEX",
            type=int,
            help="the player to move, as an index into Players (default: 0)",
        )
        command.add_argument("--json", action="store_true", help="print one JSON object")
        command.add_argument(
            "--max-seconds",
            type=lambda text: _seconds(text, "--max-seconds"),
            metavar="SECONDS",
            help="stop the search after SECONDS: not solved, exit status 1",
        )
        command.add_argument(
            "--max-calls",
            type=lambda text: _whole(text, 1, "--max-calls"),
            metavar="N",
            help="stop the search after N value calls: not solved, exit status 1",
        )

    solve = command(
        "solve",
        "the value of a state, with value calls and time",
        "Solve the start state (or --state, --position) of a game notebook's game.",
    )
    with_algorithm(solve, None)
    with_position(solve)
    solve.set_defaults(run=cmd_solve)

    move = commands.add_parser(
        "move",
        help="the move the computer plays in a position, or in each of a file's",
        description="The move best_move plays in the start state (or --state, --position), with\n"
        "its value, whether it is exact, the depth reached and the time; with\n"
        "--positions, the move in each position of a file. A budget is for the whole\n"
        f"decision, in each position (default: --budget {fmt(MOVE_BUDGET)} for a search that "
        "takes one,\n"
        f"--max-seconds {fmt(MOVE_BUDGET)} for one that does not: it is stopped, not answered).",
        epilog=MOVE_GRADING + "\n" + NOTEBOOK_RUNS,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    with_algorithm(move, DECIDES)
    with_position(move, positions=True)
    move.add_argument(
        "--seed",
        type=int,
        default=0,
        metavar="N",
        help="the choice among moves the search finds equally good and its order ranks equal "
        "(default 0)",
    )
    move.set_defaults(run=cmd_move)

    algorithms = commands.add_parser(
        "algorithms",
        help="list the Solver's algorithms",
        description="List the algorithms of a Solver notebook.",
        epilog="Loading the Solver notebook runs its code.",
    )
    algorithms.add_argument(
        "--solver", metavar="PATH", help=f"the Solver notebook (default: {default_solver()})"
    )
    algorithms.set_defaults(run=cmd_algorithms)

    check = command(
        "check",
        "validate a game notebook's game",
        "Check a game against the game contract: every reachable position where there are "
        "not too many, else random games; exit 1 if it has errors.",
    )
    with_notebook(check)
    check.add_argument(
        "--max-seconds",
        type=lambda text: _seconds(text, "--max-seconds"),
        metavar="SECONDS",
        help=f"stop the check after SECONDS (default: {fmt(CHECK_GAME_SECONDS)}; 0: no limit): "
        "a big game's check did not finish",
    )
    check.set_defaults(run=cmd_check)

    count = command(
        "count",
        "positions per ply, or move sequences (perft)",
        "The number of distinct positions after each ply 0..N, or with --paths the number of "
        "move sequences (perft); play stops at a finished state.",
    )
    with_notebook(count)
    count.add_argument(
        "--depth", type=lambda text: _whole(text, 0, "a depth"), required=True, metavar="N"
    )
    count.add_argument("--paths", action="store_true", help="count move sequences (perft)")
    count.add_argument("--json", action="store_true", help="print one JSON object")
    count.add_argument(
        "--max-seconds",
        type=lambda text: _seconds(text, "--max-seconds"),
        metavar="SECONDS",
        help="stop counting after SECONDS: the plies counted so far, exit status 1",
    )
    count.set_defaults(run=cmd_count)

    play = command(
        "play",
        "play against the computer in the terminal",
        "Play a game notebook's game against the Solver's best_move.",
    )
    with_algorithm(play, DECIDES)
    play.add_argument(
        "--first",
        choices=["human", "computer"],
        default="human",
        help="who moves first (default: human)",
    )
    play.add_argument(
        "--seed",
        type=int,
        metavar="N",
        help="seed the computer's random choice among equally good moves "
        "(default: a different game each time)",
    )
    play.add_argument(
        "--max-seconds",
        type=lambda text: _seconds(text, "--max-seconds"),
        metavar="SECONDS",
        help=f"stop a decision's search after SECONDS: the game ends, exit status 1 (default: "
        f"{fmt(MOVE_BUDGET)} s for a search that takes no --budget)",
    )
    play.set_defaults(run=cmd_play)

    grade = commands.add_parser(
        "grade",
        help="autograde an assignment of the course with nbgrader, with the checks' findings",
        description="Run nbgrader's autograde on ASSIGNMENT in the course directory (every "
        "submission in submitted/<student>/ASSIGNMENT/, within the course's limits: a time "
        "per cell, a kernel's memory) and print a row per student and graded cell: the points, "
        "and what the course's check found (the condition broken and the smallest "
        "counterexample, or what stopped the cell). The feedback: nbgrader generate_feedback.",
        epilog="Each submission runs in a sandbox (bubblewrap): it cannot read the solutions "
        "or the gradebook, write anything of the course's or reach the network; its limits keep "
        "a loop or a huge list from stopping or slowing the others. The gradebook is copied to "
        "gradebook.db.before-grade first.",
    )
    grade.add_argument(
        "assignment", metavar="ASSIGNMENT", help="e.g. class2-alpha-beta-and-its-windows"
    )
    grade.add_argument(
        "--course",
        default=str(REPOSITORY / "course"),
        metavar="DIR",
        help="the nbgrader course directory (default: this repository's course/)",
    )
    grade.add_argument(
        "--student", default="*", metavar="ID", help="only this student (a glob; default: all)"
    )
    grade.add_argument(
        "--time-limit",
        type=lambda text: _whole_at_most(text, 1, 86_400, "--time-limit", "seconds (a day)"),
        metavar="SECONDS",
        help="seconds a cell may run (default: the course's, 60)",
    )
    grade.add_argument(
        "--memory-limit",
        type=lambda text: _whole_at_most(
            text, LEAST_MEMORY_MB, machine_mb(), "--memory-limit", "MB (this machine's memory)"
        ),
        metavar="MB",
        help="a kernel's address space in MB, at least 1024 (default: the course's, 2048)",
    )
    grade.add_argument(
        "--no-sandbox",
        action="store_true",
        help="run the submissions without bubblewrap's sandbox (only for work you trust: "
        "the code can then read and write what you can)",
    )
    grade.add_argument("--csv", metavar="FILE", help="also write the rows as CSV")
    grade.set_defaults(run=cmd_grade)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); the exit status."""
    if sys.stderr is None:  # (2>&-) print(file=None) would write the errors on stdout
        sys.stderr = open(os.devnull, "w")  # noqa: SIM115 (open while the process lives)
    parser = build_parser()
    try:
        if sys.stdout is None:  # (>&-)
            raise UsageError("stdout is closed: there is nowhere to write the output")
        args = parser.parse_args(argv)
        run: Callable[[argparse.Namespace], int] = args.run
        token = _output.set(sys.stdout)
        try:
            with contextlib.redirect_stdout(sys.stderr):  # a notebook's prints (see _output)
                status = run(args)
        finally:
            _output.reset(token)
        sys.stdout.flush()  # here, so that a closed pipe is caught below
        return status
    except SystemExit as exit:  # --help
        return exit.code if isinstance(exit.code, int) else 0
    except (UsageError, NotebookError) as error:
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return 2
    except NotebookCodeError as error:
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return 1
    except NotSolved as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        # the reader has gone (`gamesolver algorithms | head -1`): stop quietly, as other tools
        # do; stdout is pointed at /dev/null so that Python's own flush at exit fails no more
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141  # what a shell reports for a writer stopped by SIGPIPE
    except OSError as error:  # the output cannot be written (a full disk, /dev/full)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        print(f"{PROG}: error: cannot write the output: {error.strerror}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"\n{PROG}: interrupted", file=sys.stderr)
        return 130
