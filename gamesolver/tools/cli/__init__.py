"""The command line: solve, move, count, check, play and grade outside Jupyter.

``python -m gamesolver --help`` and ``docs/command-line.md`` give the usage. The game comes from a
game notebook and the algorithms from a Solver notebook, both loaded with ``load_notebook``, so
the command line runs exactly what the lecture defines. Errors are for students, one or two
lines, never a traceback: a bad argument exits 2 (the fix is on the command line), an exception
in a notebook's code exits 1 naming its cell and line, a search stopped by ``--max-seconds`` or
``--max-calls`` exits 1.

A command is a module (``solve``, ``move``, ...) with its ``add`` to the parser; they share
``common`` (a notebook's code run, its errors, the output), ``loading`` (the game, the Solver, the
algorithm), ``position``, ``report`` (what is printed) and ``arguments``.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable, Sequence

from gamesolver.notebook import NotebookError
from gamesolver.tools.cli import algorithms, check, count, grade, move, play, solve, tournament
from gamesolver.tools.cli.arguments import EXAMPLES, Parser
from gamesolver.tools.cli.common import OUTPUT, PROG, NotebookCodeError, NotSolved, UsageError
from gamesolver.tools.cli.loading import load_game, suggestions
from gamesolver.tools.cli.report import json_line

__all__ = ["NotSolved", "NotebookCodeError", "UsageError", "json_line", "load_game", "main"]
__all__ += ["suggestions"]

COMMANDS = (solve, move, algorithms, check, count, play, grade, tournament)
"""The commands, in the order ``gamesolver --help`` lists them."""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``gamesolver`` and its commands."""
    parser = Parser(
        prog=PROG,
        description="Solve, check and play the games of the gamesolver notebooks.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(
        title="commands", dest="command", metavar="COMMAND", required=True
    )
    for command in COMMANDS:
        command.add(commands)
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
        token = OUTPUT.set(sys.stdout)
        try:
            with contextlib.redirect_stdout(sys.stderr):  # a notebook's prints (see OUTPUT)
                status = run(args)
        finally:
            OUTPUT.reset(token)
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
    except OSError as error:  # the output cannot be written (a full disk, /dev/full)
        # stdout to /dev/null, so that Python's own flush at exit fails no more
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        if isinstance(error, BrokenPipeError):  # the reader has gone (`| head -1`): stop
            return 141  # quietly, as other tools do, with a shell's status for SIGPIPE
        print(f"{PROG}: error: cannot write the output: {error.strerror}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"\n{PROG}: interrupted", file=sys.stderr)
        return 130
