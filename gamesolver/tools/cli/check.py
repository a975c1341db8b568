"""``gamesolver check``: the validator's report on a game notebook's game."""

from __future__ import annotations

import argparse
import sys
import time

from gamesolver.table import fmt
from gamesolver.tools.cli.arguments import command, with_max_seconds, with_notebook
from gamesolver.tools.cli.common import PROG, out, run_code
from gamesolver.tools.cli.loading import load_game

CHECK_GAME_SECONDS = 60.0
"""How long ``check`` checks a game unless ``--max-seconds`` says otherwise (0: no limit), the
validator's own default: every position of a small game, a sample of a big one."""


def cmd_check(args: argparse.Namespace) -> int:
    """Run the validator on the notebook's game and print its report; 1 if the game has errors."""
    from gamesolver.feedback.check import (
        check_game,  # here: solve and play do not need the validator
    )

    game_path, game, _ = load_game(args.notebook, args.set)
    seconds = CHECK_GAME_SECONDS if args.max_seconds is None else args.max_seconds
    start = time.perf_counter()
    report = run_code(
        f"checking {game_path}", lambda: check_game(game, total_seconds=seconds or None)
    )
    out(repr(report))
    timed_out = seconds and time.perf_counter() - start >= seconds
    if timed_out and not report.complete and not report.errors:
        print(
            f"{PROG}: note: the check stopped after {fmt(seconds)} s; give --max-seconds S to "
            "let it check more",
            file=sys.stderr,
        )
    return 0 if report.ok else 1


def add(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the command to the parser's ``commands``."""
    check = command(
        commands,
        "check",
        "validate a game notebook's game",
        "Check a game against the game contract: every reachable position where there are "
        "not too many, else random games; exit 1 if it has errors.",
    )
    with_notebook(check)
    with_max_seconds(
        check,
        f"stop the check after SECONDS (default: {fmt(CHECK_GAME_SECONDS)}; 0: no limit): "
        "a big game's check did not finish",
    )
    check.set_defaults(run=cmd_check)
