"""The command line: solve, check and play a game notebook's game outside Jupyter.

::

    python -m gamesolver solve NOTEBOOK --algorithm NAME [--state LITERAL] [--player INDEX] [--json]
                               [--depth N] [--budget SECONDS] [--order] [--symmetry]
    python -m gamesolver algorithms [--solver PATH]
    python -m gamesolver check NOTEBOOK
    python -m gamesolver play NOTEBOOK [--algorithm NAME] [--first human|computer] [--seed N]
                              [--depth N] [--budget SECONDS] [--order] [--symmetry]

The game comes from a game notebook and the algorithms from a Solver notebook (by default the
``Solver.ipynb`` next to the game notebook), both loaded with ``load_notebook``: the command line
runs exactly what the lecture defines, nothing is defined twice.

Errors are for students: a bad argument (no such notebook or algorithm, a state that does not
parse, an option the algorithm does not take or the game cannot serve, a time budget too small
to look at one move) is one line ``gamesolver: error: ...`` on stderr and exit status 2: the fix
is on the command line. An exception in a notebook's own code is one or two lines naming the
notebook, cell and line, and exit status 1: the fix is in the notebook. Never a traceback.
"""

from __future__ import annotations

import argparse
import ast
import difflib
import functools
import inspect
import itertools
import json
import linecache
import math
import random
import re
import sys
import traceback
import types
from collections.abc import Callable, Hashable, Sequence
from pathlib import Path
from typing import Any, NoReturn

import gamesolver
from gamesolver.game import AnyGame, Value
from gamesolver.notebook import NotebookError, find_game, load_notebook
from gamesolver.stats import Algorithm, Stats, measure
from gamesolver.table import fmt
from gamesolver.terminal import play_in_terminal, value_text

PROG = "gamesolver"

OPTIONS = {
    "depth": "--depth N",
    "budget": "--budget SECONDS",
    "order": "--order",
    "symmetry": "--symmetry",
}
"""The algorithm options of the command line, by the keyword an algorithm's signature uses."""

STAT_LABELS = {
    "calls": "value calls",
    "cache_hits": "cache hits",
    "cutoffs": "cut-offs",
    "cache_entries": "cache entries",
}
"""How the human-readable output of ``solve`` names the ``Stats`` counters."""

EXAMPLES = """examples:
  gamesolver algorithms
  gamesolver solve notebooks/Tic-Tac-Toe.ipynb --algorithm alpha_beta
  gamesolver solve notebooks/Tic-Tac-Toe.ipynb --algorithm minimax --json
  gamesolver solve notebooks/Tic-Tac-Toe.ipynb --algorithm alpha_beta_memo --order --symmetry
  gamesolver solve notebooks/Tic-Tac-Toe.ipynb --algorithm depth_limited --depth 3
  gamesolver solve notebooks/Tic-Tac-Toe.ipynb --algorithm iterative_deepening --budget 0.1
  gamesolver solve notebooks/Tic-Tac-Toe.ipynb --algorithm alpha_beta --player 1 \\
      --state "(('X', ' ', ' '), (' ', ' ', ' '), (' ', ' ', ' '))"
  gamesolver check notebooks/Tic-Tac-Toe.ipynb
  gamesolver play notebooks/Tic-Tac-Toe.ipynb --first computer
"""

_CELL = re.compile(r"^<(?P<notebook>.+\.ipynb), cell (?P<cell>\d+)>$")


class UsageError(Exception):
    """A bad argument: reported as one line, exit status 2."""


class NotebookCodeError(Exception):
    """An exception raised by a notebook's own code: reported in one or two lines, exit status 1."""


class _Parser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose errors are one line, like every other error of the CLI."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")


def default_solver() -> Path:
    """This repository's ``notebooks/Solver.ipynb`` (the package is installed editable)."""
    return Path(gamesolver.__file__).resolve().parents[1] / "notebooks" / "Solver.ipynb"


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


def _code_error(doing: str, error: Exception) -> NotebookCodeError:
    """A ``NotebookCodeError`` for ``error``, raised while ``doing`` something with a notebook."""
    message = str(error).strip().splitlines()[0] if str(error).strip() else ""
    if isinstance(error, SyntaxError):
        message = error.msg
    kind = type(error).__name__
    lines = [f"{doing} failed: {kind}: {message}" if message else f"{doing} failed: {kind}"]
    where = _where(error)
    if where:
        lines.append(f"  {where}")
    return NotebookCodeError("\n".join(lines))


def _load(path: Path) -> types.ModuleType:
    """The notebook's definitions; an exception in its code becomes a ``NotebookCodeError``."""
    try:
        return load_notebook(path)
    except NotebookError:
        raise
    except Exception as error:
        raise _code_error(f"loading {path}", error) from error


def load_game(text: str) -> tuple[Path, AnyGame]:
    """The path of the game notebook given as ``text``, and the ``Game`` it defines."""
    path = _notebook_path(text)
    return path, find_game(_load(path))


def solver_path(game_path: Path | None, given: str | None) -> Path:
    """The Solver notebook: ``--solver`` if given, else the one next to the game notebook."""
    if given is not None:
        return _notebook_path(given, "solver notebook")
    if game_path is None:
        path = default_solver()
        if not path.exists():
            raise UsageError(f"no Solver notebook at {path}; give one with --solver PATH")
        return path
    path = game_path.parent / "Solver.ipynb"
    if not path.exists():
        raise UsageError(f"no Solver.ipynb next to {game_path}; give one with --solver PATH")
    return path


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
    if args.depth is not None:
        given["depth"] = args.depth
    if args.budget is not None:
        given["budget"] = args.budget
    if args.order:
        given["order"] = True
    if args.symmetry:
        given["symmetry"] = True
    parameters = _keywords(algorithms[name])
    for option in given:
        if option not in parameters:
            takers = [other for other, a in algorithms.items() if option in _keywords(a)]
            who = (
                f"algorithms that do: {', '.join(takers)}"
                if takers
                else f"no algorithm in {path} does"
            )
            raise UsageError(f"{name} does not take --{option} ({who})")
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


def _out_of_time(
    error: Exception, solver: types.ModuleType, options: dict[str, Any], name: str
) -> UsageError | None:
    """A ``UsageError`` if ``error`` is the Solver's ``OutOfTime`` for a too small ``--budget``.

    A budget too small to look at one move is a bad argument, not a bug in the notebook: the
    fix is a larger ``--budget`` (or none), so it is reported like one, with exit status 2.
    """
    out_of_time = getattr(solver, "OutOfTime", None)
    if "budget" not in options or not isinstance(out_of_time, type):
        return None
    if not isinstance(error, out_of_time):
        return None
    reason = str(error).strip() or f"a budget of {fmt(options['budget'])} s is too small"
    return UsageError(f"{reason}: give {name} a larger --budget, or none")


def parse_state(text: str, game: AnyGame) -> Hashable:
    """The state written as the Python literal ``text``: it must parse and be hashable."""
    start = repr(game.Start)
    example = f" (the start state is {start})" if len(start) <= 100 else ""
    try:
        state = ast.literal_eval(text)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        raise UsageError(f"--state {text!r} is not a Python literal{example}") from None
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
            f"--state {text!r} is not hashable ({type(state).__name__}){hint}"
        ) from None
    return state  # type: ignore[no-any-return]


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


# -- the commands ---------------------------------------------------------------------------------


def _print(text: str = "") -> None:
    print(text, file=sys.stdout)


def cmd_algorithms(args: argparse.Namespace) -> int:
    """List the Solver notebook's algorithms with the first line of each docstring."""
    path = solver_path(None, args.solver)
    _, algorithms = load_algorithms(path)
    width = max((len(name) for name in algorithms), default=0)
    _print(f"Algorithms in {path}:")
    for name, algorithm in algorithms.items():
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


def _stats_line(counters: dict[str, int | float]) -> str:
    """A search's ``counters`` on one line: value calls, ``depth`` if there, the others if not 0.

    The algorithm counted those that are not 0; the others it does not count.
    """
    parts = []
    for key, number in counters.items():
        if key == "seconds" or isinstance(number, bool) or not isinstance(number, int | float):
            continue
        if number or key in ("calls", "depth"):
            parts.append(f"{STAT_LABELS.get(key, key.replace('_', ' '))}: {fmt(number)}")
    parts.append(f"seconds: {counters['seconds']:.3f}")
    return "   ".join(parts)


def looked_ahead(options: dict[str, Any], stats: Stats) -> int | None:
    """How many moves deep a search looked, if its value may be a heuristic estimate; else None.

    Only a search given ``--depth`` or ``--budget`` estimates. One that deepens step by step
    fills in ``stats.depth``, the deepest search it completed; it answers exactly when it stopped
    before the depth asked for without running out of time, since it then stopped because it saw
    every line to its end. (It cannot have run out of time if it took no longer than the budget.)
    """
    depth: int | None = options.get("depth")
    budget: float | None = options.get("budget")
    if depth is None and budget is None:
        return None
    if stats.depth == 0 and budget is None:  # a search to a fixed depth: depth_limited
        return depth
    out_of_time = budget is not None and stats.seconds > budget
    if not out_of_time and (depth is None or stats.depth < depth):
        return None
    return stats.depth


def solve_value_text(
    game: AnyGame, value: Value, player: Hashable, options: dict[str, Any], stats: Stats
) -> str:
    """The value with its meaning, e.g. ``"0 (a draw with best play for X)"``, or, for a value
    that may be a heuristic estimate, ``"0.333 (an estimate: the search looked 3 moves ahead)"``.

    A win or a loss is never an estimate: a heuristic lies strictly between the two.
    """
    moves = looked_ahead(options, stats)
    if moves is None or value in (game.best, game.worst):
        return value_text(game, value, player)
    if moves == 0 and "budget" in options:
        return f"{fmt(value)} (an estimate: the time was up before the search looked 1 move ahead)"
    if moves == 0:
        return f"{fmt(value)} (the heuristic's estimate, without looking ahead)"
    plural = "move" if moves == 1 else "moves"
    return f"{fmt(value)} (an estimate: the search looked {moves} {plural} ahead)"


def line_names(game: AnyGame, state: Hashable, line: Sequence[Hashable]) -> list[str]:
    """The moves of a line of states that starts after ``state``, named by ``game.move_name``."""
    return [game.move_name(before, after) for before, after in itertools.pairwise([state, *line])]


def cmd_solve(args: argparse.Namespace) -> int:
    """Solve a state of the notebook's game with one algorithm; print value, counts and time."""
    game_path = _notebook_path(args.notebook)
    path = solver_path(game_path, args.solver)
    solver, algorithms = load_algorithms(path)
    algorithm = find_algorithm(algorithms, args.algorithm, path)
    options = algorithm_options(args, args.algorithm, algorithms, path)
    game_path, game = load_game(args.notebook)
    check_game_serves(options, game, game_path)
    state = game.Start if args.state is None else parse_state(args.state, game)
    player = player_at(game, args.player)
    try:
        value, stats = measure(algorithm, game, state, player, **options)
    except Exception as error:
        usage = _out_of_time(error, solver, options, args.algorithm)
        if usage is not None:
            raise usage from error
        raise _code_error(f"solving {game_path} with {args.algorithm}", error) from error
    try:
        line = line_names(game, state, stats.line)
    except Exception as error:
        raise _code_error(f"naming the moves of {game_path}", error) from error
    counters = stats.as_dict()
    # only a search that deepens step by step keeps stats.depth; one with a time budget may not
    # complete depth 1, and then its depth 0 says so
    if not (stats.depth or "budget" in _keywords(algorithm)):
        del counters["depth"]
    if args.json:
        result: dict[str, Any] = {
            "game": game.name,
            "algorithm": args.algorithm,
            "options": options,
            "value": value,
        }
        result.update(counters)
        if line:
            result["line"] = line
        _print(json.dumps(result, default=str))
    else:
        words = solve_value_text(game, value, player, options, stats)
        _print(f"{game.name}, {args.algorithm}: value {words}")
        _print(_stats_line(counters))
        if line:
            label = "best move" if len(line) == 1 else "line of best play"  # a search's record
            _print(f"{label}: {', '.join(line)}")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    """Run the validator on the notebook's game and print its report; 1 if the game has errors."""
    from gamesolver.check import check_game  # here: solve and play do not need the validator

    game_path, game = load_game(args.notebook)
    try:
        report = check_game(game)
    except Exception as error:
        raise _code_error(f"checking {game_path}", error) from error
    _print(repr(report))
    return 0 if report.ok else 1


def cmd_play(args: argparse.Namespace) -> int:
    """Play the notebook's game in the terminal against the Solver's ``best_move``."""
    game_path = _notebook_path(args.notebook)
    path = solver_path(game_path, args.solver)
    solver, algorithms = load_algorithms(path)
    algorithm = find_algorithm(algorithms, args.algorithm, path)
    options = algorithm_options(args, args.algorithm, algorithms, path)
    best_move = getattr(solver, "best_move", None)
    if not callable(best_move):
        raise UsageError(f"{path} defines no best_move(game, state, player, algorithm, rng)")
    game_path, game = load_game(args.notebook)
    check_game_serves(options, game, game_path)
    search = functools.partial(algorithm, **options) if options else algorithm
    rng = random.Random(args.seed)

    def choose(state: Any, player: Any) -> tuple[Value, Any]:
        result: tuple[Value, Any] = best_move(game, state, player, algorithm=search, rng=rng)
        return result

    estimates = "depth" in options or "budget" in options
    try:
        play_in_terminal(game, choose, human_first=args.first == "human", estimates=estimates)
    except Exception as error:
        usage = _out_of_time(error, solver, options, args.algorithm)
        if usage is not None:
            raise usage from error
        raise _code_error(f"playing {game_path} with {args.algorithm}", error) from error
    return 0


# -- the parser -----------------------------------------------------------------------------------


def _depth(text: str) -> int:
    """A search depth: a whole number, at least 0."""
    try:
        depth = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if depth < 0:
        raise argparse.ArgumentTypeError(f"a depth is at least 0, not {depth}")
    return depth


def _budget(text: str) -> float:
    """A time budget: a number of seconds, at least 0."""
    try:
        budget = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not math.isfinite(budget):
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}")
    if budget < 0:
        raise argparse.ArgumentTypeError(f"a budget is at least 0 seconds, not {text}")
    return int(budget) if budget.is_integer() else budget  # 2, not 2.0, in the Solver's messages


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``gamesolver`` and its four commands."""
    parser = _Parser(
        prog=PROG,
        description="Solve, check and play the games of the gamesolver notebooks.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(
        title="commands", dest="command", metavar="COMMAND", required=True
    )

    def with_algorithm(command: argparse.ArgumentParser, default: str | None) -> None:
        command.add_argument("notebook", metavar="NOTEBOOK", help="a game notebook (.ipynb)")
        command.add_argument(
            "--algorithm",
            metavar="NAME",
            required=default is None,
            default=default,
            help="a function in the Solver's Algorithms list"
            + (f" (default: {default})" if default else ""),
        )
        command.add_argument(
            "--solver",
            metavar="PATH",
            help="the Solver notebook (default: Solver.ipynb next to NOTEBOOK)",
        )
        command.add_argument(
            "--depth",
            type=_depth,
            metavar="N",
            help="look N moves ahead, then estimate; 0: the estimate alone "
            "(algorithms that take it)",
        )
        command.add_argument(
            "--budget",
            type=_budget,
            metavar="SECONDS",
            help="stop searching after about SECONDS (algorithms that take it)",
        )
        command.add_argument(
            "--order",
            action="store_true",
            help="try the most promising moves first (algorithms that take it)",
        )
        command.add_argument(
            "--symmetry",
            action="store_true",
            help="memoize one state per symmetry class (algorithms that take it)",
        )

    solve = commands.add_parser(
        "solve",
        help="the value of a state, with value calls and time",
        description="Solve the start state (or --state) of a game notebook's game.",
    )
    with_algorithm(solve, None)
    solve.add_argument("--state", metavar="LITERAL", help="a state as a Python literal")
    solve.add_argument(
        "--player",
        metavar="INDEX",
        type=int,
        default=0,
        help="the player to move, as an index into Players (default: 0)",
    )
    solve.add_argument("--json", action="store_true", help="print one JSON object")
    solve.set_defaults(run=cmd_solve)

    algorithms = commands.add_parser(
        "algorithms",
        help="list the Solver's algorithms",
        description="List the algorithms of a Solver notebook.",
    )
    algorithms.add_argument(
        "--solver", metavar="PATH", help=f"the Solver notebook (default: {default_solver()})"
    )
    algorithms.set_defaults(run=cmd_algorithms)

    check = commands.add_parser(
        "check",
        help="validate a game notebook's game",
        description="Check a game by random play-outs; exit 1 if it has errors.",
    )
    check.add_argument("notebook", metavar="NOTEBOOK", help="a game notebook (.ipynb)")
    check.set_defaults(run=cmd_check)

    play = commands.add_parser(
        "play",
        help="play against the computer in the terminal",
        description="Play a game notebook's game against the Solver's best_move.",
    )
    with_algorithm(play, "alpha_beta")
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
    play.set_defaults(run=cmd_play)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        run: Callable[[argparse.Namespace], int] = args.run
        return run(args)
    except SystemExit as exit:  # --help
        return exit.code if isinstance(exit.code, int) else 0
    except (UsageError, NotebookError) as error:
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return 2
    except NotebookCodeError as error:
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"\n{PROG}: interrupted", file=sys.stderr)
        return 130
