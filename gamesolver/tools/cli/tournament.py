"""``gamesolver tournament``: a class's players against each other, rated, with a page."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import TYPE_CHECKING

from gamesolver.resources import REPOSITORY
from gamesolver.tools.cli.arguments import seconds_type, whole_type
from gamesolver.tools.cli.common import UsageError, notebook_path, out

if TYPE_CHECKING:
    from gamesolver.tools.tournament import Settings


def cmd_tournament(args: argparse.Namespace) -> int:
    """Play the games not yet in the results file, then write the standings and the page."""
    from gamesolver.tools import standings
    from gamesolver.tools.duel import Outcome
    from gamesolver.tools.tournament import (
        Results,
        TournamentError,
        on_cores,
        on_dask,
        play,
    )

    source = Path(args.source)
    settings = _settings(args, source)
    players, swiss = settings.players, settings.swiss
    folder = Path(args.out) if args.out else Path(f"tournament-{source.name}")
    folder.mkdir(parents=True, exist_ok=True)
    runner = on_dask(args.scheduler) if args.scheduler else on_cores(args.workers)
    kind = f"{settings.rounds} Swiss rounds" if swiss else "a round robin"
    where = f"the Dask scheduler {args.scheduler}" if args.scheduler else f"{args.workers} cores"
    out(f"{len(players)} players, {kind}, on {where}; results in {folder / 'results.sqlite'}")

    def told(outcome: Outcome) -> None:
        first, second = outcome.key[2:]
        result = "a draw" if outcome.winner is None else f"won by {outcome.winner}"
        fault = f" ({outcome.faulty}: {outcome.fault})" if outcome.fault else ""
        out(f"{first} against {second}: {result}{fault}")

    results = Results(folder / "results.sqlite")
    try:
        before = len(results.played())
        try:
            played = play(settings, results, runner, told if args.verbose else None)
        except TournamentError as error:
            raise UsageError(str(error)) from None
        games = results.games()
    finally:
        results.close()
    out(f"played {played} games now, {before} before")
    lines = standings.write(settings, games, folder)
    out(repr(standings.table(lines)))
    out(f"the class's page: {folder / 'index.html'}")
    return 0


def _settings(args: argparse.Namespace, source: Path) -> Settings:
    """The tournament the command line asks for: its players found in ``source``, its format,
    rounds, openings and limits; a ``UsageError`` if there are not two players."""
    from gamesolver.tools.tournament import (
        ROUND_ROBIN_UP_TO,
        Settings,
        TournamentError,
        entrants,
        swiss_rounds,
    )

    try:
        players = entrants(source, Path(args.course), args.notebook)
    except TournamentError as error:
        raise UsageError(str(error)) from None
    if len(players) < 2:
        raise UsageError(f"a tournament needs two players; {source} has {len(players)}")
    swiss = args.format == "swiss" or (args.format == "auto" and len(players) > ROUND_ROBIN_UP_TO)
    settings = Settings(
        game=notebook_path(args.game, "game notebook"),
        players=players,
        swiss=swiss,
        rounds=(args.rounds or swiss_rounds(len(players))) if swiss else 0,
        openings=args.openings,
        seed=args.seed,
        seconds=args.seconds,
        memory_mb=args.memory,
    )
    return settings


def add(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the command to the parser's ``commands``."""
    command = commands.add_parser(
        "tournament",
        help="play a class's players against each other and rate them",
        description="Play the players of a class against each other: the notebooks in FOLDER, "
        "or the submissions of ASSIGNMENT in the nbgrader course (the notebook of each that "
        "defines choose(state, player, limit)). A round robin up to 40 players, Swiss rounds "
        "beyond; every pairing plays each seeded opening twice, each player first once; every "
        "game in a process of its own, each move within --seconds of CPU time and the process "
        "within --memory MB: a player that fails loses the game, nothing else. The results are "
        "saved as each game ends: the same command resumes a stopped tournament. Then it "
        "writes the standings (Bradley-Terry ratings with 95 % intervals) as a table, "
        "standings.csv, ratings.png and a page for the class, index.html, with every game.",
        epilog="Loading a player's notebook runs its code, in the game's process only. With "
        "--scheduler the games run on a Dask cluster (pip install 'gamesolver[cluster]'), "
        "whose workers need the same notebooks at the same paths.",
    )
    command.add_argument("source", metavar="ASSIGNMENT_OR_FOLDER")
    command.add_argument("--game", required=True, metavar="NOTEBOOK", help="the game notebook")
    command.add_argument(
        "--course",
        default=str(REPOSITORY / "course"),
        metavar="DIR",
        help="the nbgrader course directory of ASSIGNMENT (default: this repository's course/)",
    )
    command.add_argument("--notebook", metavar="NAME", help="the player's notebook's file name")
    command.add_argument("--out", metavar="DIR", help="default: tournament-<its name>")
    command.add_argument(
        "--format", choices=("auto", "round-robin", "swiss"), default="auto", help="default: auto"
    )
    command.add_argument(
        "--rounds",
        type=lambda text: whole_type(text, 1, "--rounds", 1000),
        default=0,
        help="Swiss rounds (default: log2 of the players, rounded up, plus 2)",
    )
    command.add_argument(
        "--openings",
        type=lambda text: whole_type(text, 1, "--openings", 1000),
        default=2,
        help="openings a pairing plays, twice each (default: 2)",
    )
    _add_limits(command)
    command.add_argument("--scheduler", metavar="ADDRESS", help="a Dask scheduler's address")
    command.add_argument("--verbose", action="store_true", help="a line per game as it ends")
    command.set_defaults(run=cmd_tournament)


def _add_limits(command: argparse.ArgumentParser) -> None:
    """The options that bound the games: the openings' seed, a move's CPU seconds, a game's
    memory, and how many games run at once on this machine."""
    command.add_argument("--seed", type=int, default=1, help="the openings' seed (default: 1)")
    command.add_argument(
        "--seconds",
        type=lambda text: seconds_type(text, "--seconds"),
        default=1.0,
        help="CPU seconds a move (default: 1)",
    )
    command.add_argument(
        "--memory",
        type=lambda text: whole_type(text, 64, "--memory", 1_000_000),
        default=512,
        metavar="MB",
        help="how much a game's process may grow (default: 512)",
    )
    command.add_argument(
        "--workers",
        type=lambda text: whole_type(text, 1, "--workers", 1024),
        default=os.cpu_count() or 1,
        help="games at once on this machine (default: its cores)",
    )
