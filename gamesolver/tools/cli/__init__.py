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
``move --positions FILE`` grades a game's moves as the games assignment does: one decision for
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

The commands are modules of this package, one each (``solve``, ``move``, ``play``,
``algorithms``, ``check``, ``count``, ``grade``), each with its ``add`` to the parser; what they
share is in ``common`` (running a notebook's code, its errors, the output), ``loading`` (the game,
the Solver, the algorithm), ``position`` (the position given), ``report`` (what is printed) and
``arguments`` (the options several commands take).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable, Sequence

from gamesolver.notebook import NotebookError
from gamesolver.tools.cli import algorithms, check, count, grade, move, play, solve
from gamesolver.tools.cli.arguments import EXAMPLES, Parser
from gamesolver.tools.cli.common import OUTPUT, PROG, NotebookCodeError, NotSolved, UsageError
from gamesolver.tools.cli.loading import load_game, suggestions
from gamesolver.tools.cli.report import json_line

__all__ = ["NotSolved", "NotebookCodeError", "UsageError", "json_line", "load_game", "main"]
__all__ += ["suggestions"]

COMMANDS = (solve, move, algorithms, check, count, play, grade)
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
