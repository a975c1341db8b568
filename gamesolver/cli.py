"""The command line: solve, check and play a game notebook's game outside Jupyter.

::

    python -m gamesolver solve NOTEBOOK --algorithm NAME [--state LITERAL] [--player INDEX] [--json]
    python -m gamesolver algorithms [--solver PATH]
    python -m gamesolver check NOTEBOOK
    python -m gamesolver play NOTEBOOK [--algorithm NAME] [--first human|computer] [--seed N]

The game comes from a game notebook and the algorithms from a Solver notebook (by default the
``Solver.ipynb`` next to the game notebook), both loaded with ``load_notebook``: the command line
runs exactly what the lecture defines, nothing is defined twice.

Errors are for students: a bad argument (no such notebook or algorithm, a state that does not
parse, ...) is one line ``gamesolver: error: ...`` on stderr and exit status 2; an exception in
a notebook's own code is one or two lines naming the notebook, cell and line, and exit status 1.
Never a traceback.
"""

from __future__ import annotations

import argparse
import ast
import difflib
import functools
import inspect
import json
import linecache
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

OPTIONS = {"depth": "--depth N", "order": "--order", "symmetry": "--symmetry"}
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


def find_algorithm(algorithms: dict[str, Algorithm], name: str, path: Path) -> Algorithm:
    """The algorithm called ``name``; a ``UsageError`` that suggests close names if none is."""
    if name in algorithms:
        return algorithms[name]
    close = difflib.get_close_matches(name, list(algorithms), n=3, cutoff=0.6)
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
        takes = [usage for option, usage in OPTIONS.items() if option in _keywords(algorithm)]
        options = f"  [{' '.join(takes)}]" if takes else ""
        _print(f"  {name.ljust(width)}  {doc[0] if doc else ''}{options}".rstrip())
    return 0


def _stats_line(stats: Stats) -> str:
    """The counters of a search on one line, those that the algorithm counted (non-zero)."""
    parts = []
    for key, number in stats.as_dict().items():
        if key == "seconds" or isinstance(number, bool) or not isinstance(number, int | float):
            continue
        if number or key == "calls":
            parts.append(f"{STAT_LABELS.get(key, key.replace('_', ' '))}: {fmt(number)}")
    parts.append(f"seconds: {stats.seconds:.3f}")
    return "   ".join(parts)


def cmd_solve(args: argparse.Namespace) -> int:
    """Solve a state of the notebook's game with one algorithm; print value, counts and time."""
    game_path = _notebook_path(args.notebook)
    path = solver_path(game_path, args.solver)
    _, algorithms = load_algorithms(path)
    algorithm = find_algorithm(algorithms, args.algorithm, path)
    options = algorithm_options(args, args.algorithm, algorithms, path)
    game_path, game = load_game(args.notebook)
    state = game.Start if args.state is None else parse_state(args.state, game)
    player = player_at(game, args.player)
    try:
        value, stats = measure(algorithm, game, state, player, **options)
    except Exception as error:
        raise _code_error(f"solving {game_path} with {args.algorithm}", error) from error
    if args.json:
        result: dict[str, Any] = {"game": game.name, "algorithm": args.algorithm, "value": value}
        result.update(stats.as_dict())
        _print(json.dumps(result, default=str))
    else:
        _print(f"{game.name}, {args.algorithm}: value {value_text(game, value, player)}")
        _print(_stats_line(stats))
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
    search = functools.partial(algorithm, **options) if options else algorithm
    rng = random.Random(args.seed)

    def choose(state: Any, player: Any) -> tuple[Value, Any]:
        result: tuple[Value, Any] = best_move(game, state, player, algorithm=search, rng=rng)
        return result

    try:
        play_in_terminal(game, choose, human_first=args.first == "human")
    except Exception as error:
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
            "--depth", type=_depth, metavar="N", help="search depth (algorithms that take it)"
        )
        command.add_argument(
            "--order", action="store_true", help="order the moves (algorithms that take it)"
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
