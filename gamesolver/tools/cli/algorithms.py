"""``gamesolver algorithms``: the algorithms a Solver notebook declares, with their options."""

from __future__ import annotations

import argparse
import inspect

from gamesolver.tools.cli.common import notebook_of, out
from gamesolver.tools.cli.loading import default_solver, load_solver, option_usage, solver_path


def cmd_algorithms(args: argparse.Namespace) -> int:
    """List the Solver notebook's algorithms with the first line of each docstring."""
    path = solver_path(None, args.solver)
    algorithms = load_solver(path).by_name()
    width = max((len(name) for name in algorithms), default=0)
    shown = None  # the notebook whose algorithms are being listed
    for name, algorithm in algorithms.items():
        where = notebook_of(getattr(algorithm, "func", algorithm)) or path.name
        if where != shown:  # (Search-in-Depth.ipynb lists the algorithms of Solver.ipynb first)
            out(f"Algorithms in {path.parent / where}:")
            shown = where
        doc = (inspect.getdoc(algorithm) or "").strip().splitlines()
        out(f"  {name.ljust(width)}  {doc[0] if doc else ''}".rstrip())
        usage = option_usage(algorithm)
        if usage:
            out(f"  {' ' * width}  options: {usage}")
    return 0


def add(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the command to the parser's ``commands``."""
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
