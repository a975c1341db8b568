"""``gamesolver move``: the move the computer plays in a position, or in each of a file's (the
games assignment's grader, ``gamesolver.tools.assignment``)."""

from __future__ import annotations

import argparse
import functools
import random
import sys
import time
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from gamesolver.game import AnyGame, Value
from gamesolver.stats import Stats
from gamesolver.table import fmt
from gamesolver.tools import assignment
from gamesolver.tools.cli.arguments import NOTEBOOK_RUNS, with_algorithm, with_position
from gamesolver.tools.cli.common import (
    OUTPUT,
    PROG,
    NotebookCodeError,
    NotSolved,
    UsageError,
    out,
    quoted,
    reader_gone,
    run_code,
)
from gamesolver.tools.cli.loading import DECIDES, MOVE_BUDGET, Setup, new_stats, setup
from gamesolver.tools.cli.position import Position, game_over, given_position, read_positions
from gamesolver.tools.cli.report import (
    json_line,
    note_outside,
    playouts_of,
    said,
    score_of,
    shown_counters,
    stats_line,
)

MOVE_GRADING = """grading your own game (the games assignment: the best next move in 100
positions, with a time budget for each):
  1. write the game in a notebook, game = Game(...), with parse(text) for the
     positions' notation, and the course's Solver.ipynb
     and Search-in-Depth.ipynb next to it;
  2. write the positions in a file, one a line (blank lines and lines that
     start with # are skipped);
  3. run
     python -m gamesolver move MyGame.ipynb --positions positions.txt --budget 0.01
     for the move in each position, its value, exact or estimate, the depth
     and the time, whether it took a win at once and avoided a loss at once
     (where that applies), and whether the moves together kept within
     positions x budget (--json: one JSON object). Every line is read before the first
     search: a bad line is an error that names it, and nothing is searched.
"""
"""``move --help``'s last words: how a student grades a notebook as the assignment's grader does."""


@dataclass
class Decision:
    """A move ``move`` found, with the search's statistics and its CPU time."""

    player: Hashable
    value: Value
    move: str
    stats: Stats
    """The search's counters; ``seconds`` is the decision's wall time."""
    cpu_seconds: float
    after: str | None
    """The position after the move in the game's notation (``None``: the game has none)."""
    next_state: Hashable
    """The state after the move."""

    def as_dict(self, game: AnyGame, options: dict[str, Any]) -> dict[str, Any]:
        """The decision as ``move --json`` prints it (without ``cpu_seconds`` and ``after``)."""
        stats = self.stats
        return {
            "player": self.player,
            "move": self.move,
            "value": self.value,
            **score_of(game, self.value, stats),
            "exact": stats.exact,
            "depth": stats.depth or options.get("depth"),
            "over_budget": stats.over_budget,
            "seconds": stats.seconds,
            "calls": stats.calls,
        }


def decide(it: Setup, state: Hashable, player: Hashable, stats: Stats, seed: int) -> Decision:
    """One decision of ``move``: the Solver's ``best_move`` in ``state`` with a fresh
    ``random.Random(seed)``, so that it does not depend on the decisions before it; its wall
    time (what a budget counts) in ``stats.seconds``."""
    game = it.game
    search = functools.partial(it.algorithm, **it.options) if it.options else it.algorithm
    rng = random.Random(seed)
    doing = f"choosing a move in {it.game_path} with {it.name}"
    choose = it.best_move
    cpu = time.process_time()
    start = time.perf_counter()
    value, after = run_code(
        doing, lambda: choose(game, state, player, search, rng, stats), it.algorithm, it.no_budget
    )
    stats.seconds = time.perf_counter() - start
    cpu_seconds = time.process_time() - cpu
    naming = f"naming a move of {it.game_path}"
    move = run_code(naming, lambda: game.move_name(state, after))
    notation, written = game.notation, None
    if notation is not None:
        opponent = game.other(player)
        writing = f"writing a position of {it.game_path}"
        written = run_code(writing, lambda: notation(after, opponent))
    return Decision(player, value, move, stats, cpu_seconds, written, after)


def move_in_each(args: argparse.Namespace, it: Setup) -> int:
    """``move --positions FILE``: a decision in each position of FILE, each as ``move`` makes it
    in one position (its own limits, the same seed); then a table and a summary, or JSON.
    Ctrl-C prints the moves made so far, and says after how many positions (status 130)."""
    game = it.game
    name = "stdin" if args.positions == "-" else args.positions
    positions = read_positions(args, game, it.game_path)
    if not args.json:  # the heading at once: what is being graded, while it is
        given = ", ".join(f"{option} {fmt(value)}" for option, value in it.options.items())
        many = f"{len(positions)} {'position' if len(positions) == 1 else 'positions'} of {name}"
        out(f"{game.name}, {it.name}{f' ({given})' if given else ''}: {many}")
        (OUTPUT.get() or sys.stdout).flush()
    moves: list[tuple[dict[str, Any], assignment.Grade]] = []
    try:
        for number, position in enumerate(positions, start=1):
            if reader_gone():  # (`| head -1`: no one reads the moves any more)
                raise BrokenPipeError
            moves.append(move_in(args, it, number, position, name))
    except KeyboardInterrupt:
        if moves:
            print_moves(args, it, moves, name)
        print(
            f"\n{PROG}: interrupted after {len(moves)} of {len(positions)} positions",
            file=sys.stderr,
        )
        return 130
    print_moves(args, it, moves, name)
    return 0


def move_in(
    args: argparse.Namespace, it: Setup, number: int, position: Position, name: str
) -> tuple[dict[str, Any], assignment.Grade]:
    """The decision in the ``number``th position of the file ``name``, as ``move --json`` has it
    in ``moves``, and its grade (``gamesolver.tools.assignment``: the checks of the move)."""
    game = it.game
    try:
        decision = decide(it, position.state, position.player, new_stats(args), args.seed)
    except (NotSolved, UsageError, NotebookCodeError) as error:
        where = f"position {number} ({name}, line {position.line}: {quoted(position.text)})"
        raise type(error)(f"{where}: {error}") from None
    decision.stats.depth = decision.stats.depth or it.options.get("depth", 0)  # as in the JSON
    answer = (decision.value, decision.next_state, decision.stats)
    seconds, cpu = decision.stats.seconds, decision.cpu_seconds
    state, player = position.state, position.player

    def judge() -> assignment.Grade:
        return assignment.judge(game, state, player, answer, seconds, cpu, position=position.text)

    grade = run_code(f"checking a move of {it.game_path}", judge)
    move = {"position": position.text, **decision.as_dict(game, it.options)}
    move.update(playouts_of(decision.stats, it.algorithm))
    calls = move.pop("calls")  # after cpu_seconds, which goes beside seconds
    move.update(cpu_seconds=decision.cpu_seconds, calls=calls, won=grade.won, saved=grade.saved)
    if decision.after is not None:
        move["after"] = decision.after
    return move, grade


def print_moves(
    args: argparse.Namespace,
    it: Setup,
    moves: list[tuple[dict[str, Any], assignment.Grade]],
    name: str,
) -> None:
    """The moves of ``move --positions`` as a table and a summary (``assignment.report``), or
    as JSON."""
    game, options = it.game, it.options
    grades = [grade for _, grade in moves]
    if args.json:
        result: dict[str, Any] = {"game": game.name, "algorithm": it.name, "options": options}
        summary = assignment.summary(grades, args.budget)
        result.update(budget=args.budget, moves=[move for move, _ in moves], summary=summary)
        out(json_line(result))
        return
    out()  # (under the heading, printed before the first search)
    out(repr(assignment.report(grades, totals=False)))
    out()
    for line in assignment.summary_lines(grades, args.budget, f"{it.name} takes no --budget"):
        out(line)


def cmd_move(args: argparse.Namespace) -> int:
    """The move the computer plays in a position, with its value, found by ``best_move``; with
    ``--positions``, the moves in every position of a file (``move_in_each``)."""
    it = setup(args, DECIDES)
    game, options = it.game, it.options
    if options.get("depth") == 0:
        raise UsageError("move needs --depth 1 or more: at depth 0 a search looks at no move")
    if args.positions is not None:
        return move_in_each(args, it)
    stats = new_stats(args)  # --max-seconds counts from here: the checks of a state included
    state, player = given_position(args, game)
    if run_code(f"reading {it.game_path}", lambda: game.finished(state)):
        raise UsageError(game_over(game, state, player, it.game_path))
    chances = game.chances
    if chances is not None and run_code(f"reading {it.game_path}", lambda: chances(state)):
        raise UsageError(
            "that position is the dice's to play, not a player's: give the position before the "
            "roll, or one after it"
        )
    decision = decide(it, state, player, stats, args.seed)
    result: dict[str, Any] = {"game": game.name, "algorithm": it.name, "options": options}
    result.update(decision.as_dict(game, options))
    result.update(playouts_of(stats, it.algorithm))
    if decision.after is not None:
        result["position"] = decision.after
    if args.json:
        out(json_line(result))
    else:
        words = said(game, decision.value, player, options, stats)
        out(f"{game.name}, {it.name}: {player} plays {decision.move}; {words}")
        out(stats_line(shown_counters(stats, it.algorithm)))
        if decision.after is not None:
            out(f"position after the move: {decision.after}")
    note_outside(game, decision.value)
    return 0


def add(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the command to the parser's ``commands``."""
    move = commands.add_parser(
        "move",
        help="the move the computer plays in a position, or in each of a file's",
        description="The move best_move plays in the start state (or --state, --position), with\n"
        "its value, whether it is exact, the depth reached and the time; with\n"
        "--positions, the move in each position of a file. A budget is for the whole\n"
        f"decision, in each position (default: --budget {fmt(MOVE_BUDGET)} for a search that "
        "takes one,\n"
        f"--max-seconds {fmt(MOVE_BUDGET)} for one that does not: it is stopped, not answered).",
        epilog=MOVE_GRADING + "\n" + NOTEBOOK_RUNS,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    with_algorithm(move, DECIDES)
    with_position(move, positions=True)
    move.add_argument(
        "--seed",
        type=int,
        default=0,
        metavar="N",
        help="the choice among moves the search finds equally good and its order ranks equal, "
        "and the random games of a search that plays them (UCT's uct_search) (default 0)",
    )
    move.set_defaults(run=cmd_move)
