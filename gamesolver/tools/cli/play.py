"""``gamesolver play``: a game against the computer in the terminal."""

from __future__ import annotations

import argparse
import functools
import random
import sys
from typing import Any

from gamesolver.game import Value
from gamesolver.match import names
from gamesolver.stats import Stats
from gamesolver.table import fmt
from gamesolver.tools.cli.arguments import command, with_algorithm, with_max_seconds
from gamesolver.tools.cli.common import UsageError, ask, out, run_code
from gamesolver.tools.cli.loading import DECIDES, MOVE_BUDGET, keywords, new_stats, setup
from gamesolver.tools.terminal import play_in_terminal


def cmd_play(args: argparse.Namespace) -> int:
    """Play the notebook's game in the terminal against the Solver's ``best_move``."""
    if sys.stdin is None:  # (<&-)
        raise UsageError("play reads your moves from stdin, which is closed")
    it = setup(args, DECIDES)
    game, options = it.game, it.options
    if game.chances is not None:
        raise UsageError(
            f"play in the terminal knows no dice yet, and {game.name} has chance positions: "
            "gamesolver move gives the computer's move in any position of it"
        )
    search = functools.partial(it.algorithm, **options) if options else it.algorithm
    rng = random.Random(args.seed)

    best_move = it.best_move

    remembers = names(search, "earlier")  # the chess engine: it sees a position repeated
    samples = "playouts" in keywords(it.algorithm)  # UCT: its value is an average of playouts

    def choose(
        state: Any, player: Any, earlier: tuple[Any, ...] = ()
    ) -> tuple[Value | None, Any, Stats]:
        """The computer's move, its value and stats; no value for a search that samples, whose
        average the terminal's words would read as a search's estimate at depth 0."""
        stats = new_stats(args)  # each decision within --max-seconds (the default: setup's)
        algorithm = functools.partial(search, earlier=earlier) if remembers else search
        value, after = best_move(game, state, player, algorithm=algorithm, rng=rng, stats=stats)
        stats.depth = stats.depth or options.get("depth", 0)  # (depth_limited reports none)
        return None if samples else value, after, stats

    human_first = args.first == "human"
    run_code(
        f"playing {it.game_path} with {it.name}",
        lambda: play_in_terminal(game, choose, human_first, read=ask, write=out),
        it.algorithm,
        it.no_budget,
    )
    return 0


def add(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the command to the parser's ``commands``."""
    play = command(
        commands,
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
        help="seed the computer's random choice among equally good moves, and the random games "
        "of a search that plays them (UCT's uct_search) (default: a different game each time)",
    )
    with_max_seconds(
        play,
        f"stop a decision's search after SECONDS: the game ends, exit status 1 (default: "
        f"{fmt(MOVE_BUDGET)} s for a search that takes no --budget)",
    )
    play.set_defaults(run=cmd_play)
