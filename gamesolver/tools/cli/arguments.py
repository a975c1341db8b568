"""The arguments the commands share: their types, and the options several commands take."""

from __future__ import annotations

import argparse
import math
from typing import NoReturn

from gamesolver.tools.cli.common import UsageError, quoted
from gamesolver.tools.cli.loading import SOLVERS


class Parser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose errors are one line, like every other error of the CLI."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")


def whole_type(text: str, least: int, what: str, most: int | None = None, unit: str = "") -> int:
    """A whole number, at least ``least`` and at most ``most`` (``unit`` says what it counts)."""
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {quoted(text)}") from None
    if number < least:
        raise argparse.ArgumentTypeError(f"{what} is at least {least}, not {number}")
    if most is not None and number > most:
        raise argparse.ArgumentTypeError(f"{what} is at most {most:,} {unit}, not {text}")
    return number


def seconds_type(text: str, what: str) -> float:
    """A number of seconds, at least 0."""
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not math.isfinite(seconds):
        raise argparse.ArgumentTypeError(f"not a number of seconds: {quoted(text)}")
    if seconds < 0:
        raise argparse.ArgumentTypeError(f"{what} is at least 0 seconds, not {text}")
    return int(seconds) if seconds.is_integer() else seconds  # 2, not 2.0, in messages


PLAYOUTS_MOST = 10_000_000
"""The most playouts ``--playouts`` takes: hours of Connect Four, not a typo's weeks."""

NOTEBOOK_RUNS = "Loading NOTEBOOK runs the notebook's code (every cell not tagged demo)."


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
  gamesolver move notebooks/Connect-Four.ipynb --algorithm uct_search --playouts 500 --seed 1
  gamesolver solve notebooks/Pig.ipynb --set goal=50 --json
  gamesolver check notebooks/Tic-Tac-Toe.ipynb
  gamesolver play notebooks/Tic-Tac-Toe.ipynb --first computer

Loading a notebook runs its code (every cell not tagged demo): check only notebooks you trust.
"""


def with_max_seconds(command: argparse.ArgumentParser, help: str) -> None:
    """``--max-seconds SECONDS``, the command's limit on its own work; ``help`` says what
    stops and how the command ends then."""
    command.add_argument(
        "--max-seconds",
        type=lambda text: seconds_type(text, "--max-seconds"),
        metavar="SECONDS",
        help=help,
    )


def command(
    commands: argparse._SubParsersAction[argparse.ArgumentParser],
    name: str,
    help: str,
    description: str,
) -> argparse.ArgumentParser:
    """A command of ``commands`` whose help ends saying that loading a notebook runs its code."""
    return commands.add_parser(name, help=help, description=description, epilog=NOTEBOOK_RUNS)


def with_notebook(command: argparse.ArgumentParser) -> None:
    """``NOTEBOOK`` and ``--set``: the game notebook of a command."""
    command.add_argument("notebook", metavar="NOTEBOOK", help="a game notebook (.ipynb)")
    command.add_argument(
        "--set",
        action="append",
        metavar="NAME=VALUE",
        help="build the game with the builder its notebook offers, Offer(game, "
        "build=...), given NAME=VALUE (repeatable)",
    )


def with_algorithm(command: argparse.ArgumentParser, default: str | None) -> None:
    """The game notebook and the algorithm with its options, for a command that searches."""
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
        help=f"the Solver notebook (default: {' or, if none, '.join(SOLVERS)} next to NOTEBOOK)",
    )
    command.add_argument(
        "--depth",
        type=lambda text: whole_type(text, 0, "a depth"),
        metavar="N",
        help="look N moves ahead, then estimate; 0: the estimate alone (algorithms that take it)",
    )
    command.add_argument(
        "--budget",
        type=lambda text: seconds_type(text, "a budget"),
        metavar="SECONDS",
        help="stop deepening after about SECONDS, for the whole decision (algorithms that take it)",
    )
    command.add_argument(
        "--playouts",
        type=lambda text: whole_type(text, 1, "--playouts", PLAYOUTS_MOST, "playouts"),
        metavar="N",
        help="N playouts, random games to the end, for the decision (algorithms that take it: "
        "UCT's uct_search; bounds it instead of the 1 s of move and play)",
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
    """The position to search (``--state``, ``--position``, maybe ``--positions``), the
    player, ``--json`` and the limits of a search."""
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
    with_max_seconds(command, "stop the search after SECONDS: not solved, exit status 1")
    command.add_argument(
        "--max-calls",
        type=lambda text: whole_type(text, 1, "--max-calls"),
        metavar="N",
        help="stop the search after N value calls: not solved, exit status 1",
    )
