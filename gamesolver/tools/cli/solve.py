"""``gamesolver solve``: the value of a position with one algorithm, its counters and time."""

from __future__ import annotations

import argparse
import time
from typing import Any

from gamesolver.tools.cli.arguments import command, with_algorithm, with_position
from gamesolver.tools.cli.common import out, run_code
from gamesolver.tools.cli.loading import new_stats, setup
from gamesolver.tools.cli.position import given_position
from gamesolver.tools.cli.report import (
    json_line,
    line_names,
    note_outside,
    said,
    score_of,
    shown_counters,
    stats_line,
)


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
    counters = shown_counters(stats, algorithm)
    if args.json:
        result: dict[str, Any] = {"game": game.name, "algorithm": it.name, "options": options}
        result.update(value=value, **score_of(game, value, stats), **counters)
        if line:
            result["line"] = line
        out(json_line(result))
    else:
        out(f"{game.name}, {it.name}: {said(game, value, player, options, stats)}")
        out(stats_line(counters))
        if line:
            out(f"{'best move' if len(line) == 1 else 'line of best play'}: {', '.join(line)}")
    note_outside(game, value)
    return 0


def add(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the command to the parser's ``commands``."""
    solve = command(
        commands,
        "solve",
        "the value of a state, with value calls and time",
        "Solve the start state (or --state, --position) of a game notebook's game.",
    )
    with_algorithm(solve, None)
    with_position(solve)
    solve.add_argument(
        "--seed",
        type=int,
        metavar="N",
        help="seed a search that draws at random (UCT's uct_search; default 0)",
    )
    solve.set_defaults(run=cmd_solve)
