"""``gamesolver count``: the positions after each ply, or the move sequences (perft)."""

from __future__ import annotations

import argparse
import sys

from gamesolver.explore import per_ply
from gamesolver.game import AnyGame
from gamesolver.guard import TotalTimeLimit, Watchdog
from gamesolver.table import Table, fmt
from gamesolver.tools.cli.arguments import command, whole_type, with_max_seconds, with_notebook
from gamesolver.tools.cli.common import PROG, NotSolved, out, run_code
from gamesolver.tools.cli.loading import load_game
from gamesolver.tools.cli.report import json_line


def print_counts(
    args: argparse.Namespace, game: AnyGame, counts: list[int], complete: bool
) -> None:
    """The counts of ``count``, a table or JSON; ``complete``: every ply asked was counted, or
    every game ended before it."""
    if args.json:
        out(json_line({"game": game.name, "paths": args.paths, "counts": counts}))
        return
    what = "move sequences (perft)" if args.paths else "distinct positions"
    out(f"{game.name}: {what} after each ply")
    table = Table(["ply", "count"])
    for ply, number in enumerate(counts):
        table.add(ply, number)
    table.add("total", sum(counts))
    out(repr(table))
    if complete and len(counts) <= args.depth:
        out(
            f"every game has ended after ply {len(counts) - 2}: plies {len(counts) - 1:,} to "
            f"{args.depth:,} have no positions"
        )


def cmd_count(args: argparse.Namespace) -> int:
    """Distinct positions (or move sequences, ``--paths``) after each ply 0..N: up to the first
    ply without a position, after which nothing changes (``--depth 1000000`` on Nim). Ctrl-C
    prints the plies counted so far, and says after which ply it came (status 130)."""
    game_path, game, _ = load_game(args.notebook, args.set)
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


def add(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the command to the parser's ``commands``."""
    count = command(
        commands,
        "count",
        "positions per ply, or move sequences (perft)",
        "The number of distinct positions after each ply 0..N, or with --paths the number of "
        "move sequences (perft); play stops at a finished state.",
    )
    with_notebook(count)
    count.add_argument(
        "--depth", type=lambda text: whole_type(text, 0, "a depth"), required=True, metavar="N"
    )
    count.add_argument("--paths", action="store_true", help="count move sequences (perft)")
    count.add_argument("--json", action="store_true", help="print one JSON object")
    with_max_seconds(
        count,
        "stop counting after SECONDS: the plies counted so far, exit status 1",
    )
    count.set_defaults(run=cmd_count)
