"""Seed 004's budgets and matches: ``Tic-Tac-Toe-4x4.ipynb``'s ``searcher`` on 4x4 and 4x4x4.

``python -m benchmarks.tic_tac_toe_nd [--boards 2,3] [--states N] [--games N] [--out FILE]
[--no-write]``

The assignment grades a program by its moves: 100 seeded board states
(``gamesolver.tools.assignment.positions``), one move each under the budget, the total within 1 s on
4x4 and 6 s on the 4x4x4 cube (10 ms and 60 ms a state). The package's ``grade`` asks the notebook's
``searcher`` (``best_move`` with ``iterative_deepening``, on the threat rules) for every move, timed
by the wall clock as the assignment counts it, and by the CPU time (``time.process_time``, so that
other jobs on the machine show as the difference), with the depth each search reached and whether it
solved the state. On 4x4 every move is checked against the exact value (``exact_value``); on the
cube no exact value can be computed.

Then matches (``gamesolver.match.play_game``), as the issue asks for play strength: ``searcher``
against ``random_mover`` and against ``greedy`` (win now, else block, else random), ``--games``
games each, colours alternating (ours is x in the even-numbered games), the opponent seeded with the
game's number, with the per-state budget per move. The targets: no losses on 4x4, at least 49 wins
of 50 on the cube. Everything is printed and written to ``benchmarks/tic_tac_toe_nd.md``; a target
missed is reported as missed, and the exit status is 1 only if a move was illegal.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.harness import (
    MatchTally,
    Started,
    count_option,
    md_table,
    package_versions,
    report_options,
)
from benchmarks.lectures import TIC_TAC_TOE_ND, TicTacToeND, tic_tac_toe_nd
from gamesolver.match import play_game
from gamesolver.table import Table
from gamesolver.tools.assignment import grade, positions, tally

HERE = Path(__file__).resolve().parent
NOTEBOOK = TIC_TAC_TOE_ND
BOARDS = (2, 3)
"""The dimensions benchmarked: 4x4 and the 4x4x4 cube."""
BUDGETS = {2: 0.01, 3: 0.06}
"""Seconds per state (and per move in the matches): 1 s and 6 s for 100 states."""
REFERENCE_DEPTH = {2: 7, 3: 5}
"""The issue's reference: the median depth reached within the budgets."""
WIN_SHARE = {3: 49 / 50}
"""The share of the games to win, by board; a board not here must lose none."""
OPPONENTS = ("random_mover", "greedy")
"""The notebook's choosers that play against ours."""
CHECKS = ("legal", "won", "saved", "kept")
"""The grade's checks (``gamesolver.tools.assignment.CHECKS``)."""

Chooser = Callable[..., object]


def board_name(n: int) -> str:
    return "x".join(["4"] * n)


@dataclass
class BudgetRun:
    """One board's grading: every move's wall and CPU seconds, depth and checks."""

    n: int
    budget: float
    seconds: list[float]
    """Each move's wall-clock time, as ``grade`` measured it (what the budget counts)."""
    cpu: list[float]
    """Each move's CPU time (``time.process_time``, as ``grade`` measured it)."""
    depths: list[int]
    solved: list[bool]
    """Whether each search saw every line to its end (``stats.exact``): its depth is then where
    the game ends, not where the clock stopped it."""
    tallies: dict[str, str]
    """Each check of ``grade`` as "passed/applied"."""
    illegal: int
    exact: bool
    """Whether the moves were checked against the exact values."""

    @property
    def states(self) -> int:
        return len(self.seconds)

    @property
    def allowed(self) -> float:
        return self.states * self.budget

    @property
    def total(self) -> float:
        return sum(self.seconds)

    @property
    def median_depth(self) -> float:
        return statistics.median(self.depths)


def run_budget(nb: TicTacToeND, n: int, states: int, exact: bool) -> BudgetRun:
    """Grade ``searcher`` on the threat rules on the first ``states`` assignment states of the
    board of ``n`` dimensions, with its budget per state; with ``exact``, check every move's
    value."""
    game, rules = nb.tic_tac_toe(n), nb.tic_tac_toe(n, threats=True)
    starts = positions(game, count=states)
    value = nb.exact_value(game) if exact else None
    grades = grade(game, nb.searcher(rules), starts, BUDGETS[n], value)
    return BudgetRun(
        n=n,
        budget=BUDGETS[n],
        seconds=[g.seconds for g in grades],
        cpu=[g.cpu_seconds for g in grades],
        depths=[g.depth or 0 for g in grades],
        solved=[bool(g.exact) for g in grades],
        tallies={
            check: "/".join(map(str, tally([getattr(g, check) for g in grades])))
            for check in CHECKS
        },
        illegal=sum(not g.legal for g in grades),
        exact=exact,
    )


@dataclass
class Match(MatchTally):
    """Our searcher's games against one opponent on one board."""

    n: int
    opponent: str
    results: list[str] = field(default_factory=list)
    """Per game, in order: "win", "draw" or "loss" (ours is x in the even-numbered games)."""

    def lost(self) -> list[str]:
        """The games lost, as "game 7 (o)"."""
        return [f"game {i} ({'xo'[i % 2]})" for i, r in enumerate(self.results) if r == "loss"]

    def target(self) -> tuple[str, bool]:
        """The target in words, and whether it was met."""
        share = WIN_SHARE.get(self.n)
        if share is None:
            return "no losses", self.count("loss") == 0
        needed = math.ceil(share * self.games - 1e-9)
        return f"at least {needed} wins of {self.games}", self.count("win") >= needed


def run_match(nb: TicTacToeND, n: int, opponent: str, games: int) -> Match:
    """``games`` games of ``searcher`` (threat rules) against the notebook's ``opponent`` on the
    board of ``n`` dimensions, colours alternating, the opponent seeded with the game's number."""
    game = nb.tic_tac_toe(n)
    ours: Chooser = nb.searcher(nb.tic_tac_toe(n, threats=True))
    make = nb.opponent(opponent)
    match = Match(n, opponent)
    for number in range(games):
        side = number % 2  # 0: ours is x
        theirs: Chooser = make(game, seed=number)
        choosers = (ours, theirs) if side == 0 else (theirs, ours)
        winner = play_game(game, choosers, budget=BUDGETS[n]).winner
        match.results.append("draw" if winner is None else "win" if winner == side else "loss")
    return match


# -------------------------------------------------------------------------------- the report


def verdict(met: bool) -> str:
    return "met" if met else "MISSED"


def targets(runs: Sequence[BudgetRun], matches: Sequence[Match]) -> list[tuple[str, str, bool]]:
    """Every target and reference: what it asks, what was measured, whether it was met."""
    rows = []
    for r in runs:
        board = board_name(r.n)
        rows.append(
            (
                f"{board}: {r.states} states within {r.allowed:g} s in total",
                f"{r.total:.3f} s",
                r.total <= r.allowed,
            )
        )
        reference = REFERENCE_DEPTH[r.n]
        rows.append(
            (
                f"{board}: median depth at least the reference's {reference}",
                f"{r.median_depth:g}",
                r.median_depth >= reference,
            )
        )
        if r.exact:
            kept = r.tallies["kept"]
            passed, applied = kept.split("/")
            rows.append(
                (f"{board}: the move keeps the exact value, always", kept, passed == applied)
            )
    for m in matches:
        wanted, met = m.target()
        measured = f"{m.count('win')} won, {m.count('draw')} drawn, {m.count('loss')} lost"
        rows.append((f"{board_name(m.n)} against {m.opponent}: {wanted}", measured, met))
    return rows


def histogram(runs: Sequence[BudgetRun]) -> tuple[list[str], list[Sequence[object]]]:
    """How many states reached each depth, per board, and how many of them were solved."""
    head = ["depth"]
    for r in runs:
        head += [f"{board_name(r.n)} states", f"{board_name(r.n)} of them solved"]
    counts = [
        (Counter(r.depths), Counter(d for d, s in zip(r.depths, r.solved, strict=True) if s))
        for r in runs
    ]
    rows: list[Sequence[object]] = []
    for depth in sorted({d for r in runs for d in r.depths}):
        row: list[object] = [depth]
        for reached, solved in counts:
            row += [reached[depth], solved[depth]]
        rows.append(row)
    return head, rows


BUDGET_HEAD = [
    "board",
    "states",
    "budget ms",
    "wall s",
    "allowed s",
    "CPU s",
    "moves over budget",
    "longest move ms",
    "depth median",
    "min",
    "max",
    "solved",
    "legal",
    "wins played",
    "threats blocked",
    "value kept",
]

MATCH_HEAD = ["board", "opponent", "games", "wins", "draws", "losses", "as x w/d/l", "as o w/d/l"]


def budget_cells(r: BudgetRun) -> list[object]:
    return [
        board_name(r.n),
        r.states,
        f"{1000 * r.budget:g}",
        f"{r.total:.3f}",
        f"{r.allowed:g}",
        f"{sum(r.cpu):.3f}",
        sum(s > r.budget for s in r.seconds),
        f"{1000 * max(r.seconds):.1f}",
        f"{r.median_depth:g}",
        min(r.depths),
        max(r.depths),
        sum(r.solved),
        *(r.tallies[check] if r.exact or check != "kept" else "—" for check in CHECKS),
    ]


def match_cells(m: Match) -> list[object]:
    return [board_name(m.n), m.opponent, *m.tally_cells()]


def markdown(runs: Sequence[BudgetRun], matches: Sequence[Match], note: str) -> str:
    """The report: how it was run, the targets, the budget runs, the depths and the matches."""
    lines = ["# Seed 004's budgets and matches: Tic-Tac-Toe-4x4.ipynb's `searcher`", "", note, ""]
    lines += ["## Targets", ""]
    rows = [[what, measured, verdict(met)] for what, measured, met in targets(runs, matches)]
    lines += [*md_table(["target", "measured", "verdict"], rows, text=3), ""]
    if runs:
        lines += [
            "## The budget runs",
            "",
            "Wall s is the sum of the moves' wall-clock times as `grade` measures them "
            "(`time.perf_counter`, what the budget counts); CPU s the sum of their "
            "`time.process_time`. Solved: the search saw every line to its end "
            "(`stats.exact`), so its depth is where the game ends, not where the clock stopped "
            "it. Value kept is checked against `exact_value` on 4x4 only. Moves over budget: "
            "`iterative_deepening` checks the clock at every value call and stops once the "
            "deadline has passed, so a search that does not end early ends a little after it.",
            "",
            *md_table(BUDGET_HEAD, [budget_cells(r) for r in runs]),
            "",
            "### Depth reached per state",
            "",
            *md_table(*histogram(runs)),
            "",
        ]
    if matches:
        lines += [
            "## Matches",
            "",
            "`searcher` on the threat rules against each opponent, ours x in the even-numbered "
            "games and o in the odd ones, the opponent seeded with the game's number, "
            "the per-state budget per move; w/d/l are our wins, draws and losses.",
            "",
            *md_table(MATCH_HEAD, [match_cells(m) for m in matches], text=2),
            "",
        ]
        lines += [
            f"Lost against {m.opponent} on {board_name(m.n)}: {', '.join(m.lost())}."
            for m in matches
            if m.lost()
        ]
    return "\n".join(lines).rstrip() + "\n"


# -------------------------------------------------------------------------------- the command


def boards_option(text: str) -> list[int]:
    """``--boards 2,3``: the dimensions, each 2 or 3."""
    try:
        boards = [int(part) for part in text.split(",")]
    except ValueError:
        boards = []
    if not boards or any(n not in BOARDS for n in boards):
        raise argparse.ArgumentTypeError(f"takes 2, 3 or 2,3, not {text!r}")
    return list(dict.fromkeys(boards))


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m benchmarks.tic_tac_toe_nd", description=__doc__.splitlines()[0]
    )
    p.add_argument(
        "--boards",
        type=boards_option,
        default=list(BOARDS),
        metavar="N,...",
        help="the dimensions: 2 (4x4), 3 (4x4x4) or 2,3 (the default)",
    )
    p.add_argument(
        "--states",
        type=count_option,
        default=100,
        metavar="N",
        help="the first N of the assignment's states (default 100)",
    )
    p.add_argument(
        "--games",
        type=count_option,
        default=50,
        metavar="N",
        help="games against each opponent on each board (default 50)",
    )
    report_options(p, "tic_tac_toe_nd.md", "print the tables only")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    nb = tic_tac_toe_nd()
    started = Started.now("benchmarks.tic_tac_toe_nd", argv)
    runs: list[BudgetRun] = []
    for n in args.boards:
        print(f"{board_name(n)}: grading {args.states} states ...", file=sys.stderr, flush=True)
        runs.append(run_budget(nb, n, args.states, exact=n == 2))
    print(Table(BUDGET_HEAD, [budget_cells(r) for r in runs]))
    head, rows = histogram(runs)
    print(Table(head, rows))
    matches: list[Match] = []
    for n in args.boards:
        for opponent in OPPONENTS:
            print(
                f"{board_name(n)}: {args.games} games against {opponent} ...",
                file=sys.stderr,
                flush=True,
            )
            matches.append(run_match(nb, n, opponent, args.games))
    print(Table(MATCH_HEAD, [match_cells(m) for m in matches]))
    for what, measured, met in targets(runs, matches):
        print(f"{verdict(met)}: {what} ({measured})")
    note = started.note(package_versions("gamesolver")) + (
        ". The states are `assignment_states(tic_tac_toe(n))` (seed 4); ours is"
        " `searcher(tic_tac_toe(n, threats=True))` (seed 0). The depths and times depend on"
        " the machine and on what else runs on it."
    )
    if not args.no_write:
        args.out.write_text(markdown(runs, matches, note), encoding="utf-8")
        print(f"wrote {args.out}", file=sys.stderr)
    return 1 if any(r.illegal for r in runs) else 0


if __name__ == "__main__":
    sys.exit(main())
