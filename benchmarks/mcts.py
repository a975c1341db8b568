"""How often UCT plays an optimal move on Pons' Connect Four positions, beside alpha-beta.

``python -m benchmarks.mcts [--positions N] [--playouts N ...] [--sets NAME ...] [--seed N]
[--out FILE] [--results FILE]``

Every position is drawn (seeded) from Pons' test sets in the package's data. A move is optimal
if it keeps the position's exact value (a win stays a win, a draw a draw): ``optimal_columns``
of ``MCTS.ipynb``, which asks the package's Connect Four solver about every move. For each
playout count, UCT (``MCTS.ipynb``'s ``uct``, a ``random.Random(seed)`` per move) chooses a move
in every position, timed on the wall clock; then the Connect Four lecture's ``computer``
(iterative-deepening alpha-beta with its estimate ``windows``) chooses a move in every position
with a budget equal to UCT's median time at that count. Both are judged by the same
``optimal_columns``. The counts of optimal moves (all, in the decisive positions, and by the
position's exact value), the times and the depths alpha-beta reached go to ``benchmarks/mcts.json``
(``gamesolver.strength``'s format, which the lecture reads), replacing an earlier run on the same
sets; the report of every run in the file, with the shares and their 95% intervals, is printed
and written to ``benchmarks/mcts.md``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Hashable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.harness import Started, count_option, package_versions, report_options
from benchmarks.lectures import MCTS, MctsLecture, mcts_lecture
from benchmarks.pons import SETS
from gamesolver.stats import Stats
from gamesolver.strength import (
    GROUPS,
    RESULTS,
    Count,
    Player,
    Run,
    Share,
    parse_strength,
    strength_json,
)

NOTEBOOK = MCTS
DEFAULT_SETS = ["Test_L2_R1"]
"""The middle game with fewer than 14 moves left: the solver judges a move in milliseconds."""
DEFAULT_PLAYOUTS = [100, 300, 1000, 3000]
VALUES = {1: "win", 0: "draw", -1: "loss"}
"""The exact value of a position for the player to move, in words (``gamesolver.strength``'s
groups)."""
MOVES_LEFT = {"Test_L3_R1": "under 14", "Test_L2_R1": "under 14", "Test_L1_R1": "under 14"}
MOVES_LEFT |= {"Test_L2_R2": "between 14 and 27", "Test_L1_R2": "between 14 and 27"}
MOVES_LEFT |= {"Test_L1_R3": "over 27"}
"""How many moves Pons' sets have left to the end with perfect play (his "rating")."""


@dataclass
class Row:
    """One player at one playout count: per position, whether its move was optimal, and times."""

    player: str
    good: list[bool] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    depths: list[int] = field(default_factory=list)


def share(good: Sequence[bool]) -> str:
    """The share of optimal moves with its 95% interval, as ``gamesolver.strength`` writes it."""
    return str(Share(sum(good), len(good)))


def spread(values: Sequence[float], unit: str = "s") -> str:
    """The median of ``values`` and the range of their middle 80% (10th to 90th percentile)."""
    if len(values) < 2:
        return f"{values[0]:.3f} {unit}" if values else ""
    deciles = statistics.quantiles(values, n=10)
    return f"{statistics.median(values):.3f} {unit} ({deciles[0]:.3f}-{deciles[-1]:.3f})"


def choose(lecture: MctsLecture, moves: str, pick: Callable[[Hashable, str], Hashable]) -> int:
    """The column ``pick`` plays in Pons' position ``moves``, each search with a fresh cache."""
    state, player = lecture.parse(moves)
    lecture.clear_cache()
    return lecture.column_of(state, pick(state, player))


def measure(
    lecture: MctsLecture,
    positions: Sequence[str],
    playouts: int,
    seed: int,
    optimal: Sequence[AbstractSet[int]],
) -> tuple[Row, Row]:
    """UCT with ``playouts`` on every position, then alpha-beta at UCT's median time."""
    uct = Row(f"UCT, {playouts:,} playouts")
    for moves, best in zip(positions, optimal, strict=True):
        started = time.perf_counter()
        column = choose(
            lecture,
            moves,
            lambda s, p: lecture.uct(lecture.game, s, p, playouts, random.Random(seed)),
        )
        uct.seconds.append(time.perf_counter() - started)
        uct.good.append(column in best)
    budget = statistics.median(uct.seconds)
    alpha_beta = Row(f"alpha-beta, {budget:.3f} s a move")
    found: list[Stats] = []  # each search's stats, for the depth it reached

    def search(s: Hashable, p: str) -> Hashable:
        _, after, stats = lecture.computer(s, p, random.Random(seed), budget=budget)
        found.append(stats)
        return after

    for moves, best in zip(positions, optimal, strict=True):
        started = time.perf_counter()
        column = choose(lecture, moves, search)
        alpha_beta.seconds.append(time.perf_counter() - started)
        alpha_beta.good.append(column in best)
        alpha_beta.depths.append(found[-1].depth)
    return uct, alpha_beta


def player(row: Row, values: Sequence[int], decisive: Sequence[bool]) -> Player:
    """``row``'s optimal moves counted in each group of positions, its times and its depths."""
    groups = {"all": [True] * len(values), "decisive": list(decisive)}
    groups |= {VALUES[v]: [value == v for value in values] for v in VALUES}
    optimal = {
        group: sum(g for g, inside in zip(row.good, groups[group], strict=True) if inside)
        for group in GROUPS
    }
    deciles = statistics.quantiles(row.seconds, n=10) if len(row.seconds) > 1 else row.seconds
    seconds = (statistics.median(row.seconds), deciles[0], deciles[-1])
    depth = (
        (statistics.median(row.depths), min(row.depths), max(row.depths)) if row.depths else None
    )
    return Player(optimal, seconds, depth)


def record(
    sets: Sequence[str],
    seed: int,
    note: str,
    counts: Sequence[tuple[int, Row, Row]],
    values: Sequence[int],
    decisive: Sequence[bool],
    random_share: float,
) -> Run:
    """One run as ``gamesolver.strength`` holds it: counts per group, not percentages."""
    positions = {"all": len(values), "decisive": sum(decisive)}
    positions |= {VALUES[v]: values.count(v) for v in VALUES}
    return Run(
        sets=tuple(sets),
        moves_left=" and ".join(dict.fromkeys(MOVES_LEFT[name] for name in sets)),
        seed=seed,
        note=note,
        positions=positions,
        random_share=random_share,
        counts=tuple(
            Count(n, player(uct, values, decisive), player(ab, values, decisive))
            for n, uct, ab in counts
        ),
    )


def merged(earlier: Sequence[Run], run: Run) -> list[Run]:
    """The runs of ``earlier`` with ``run`` in place of the one on the same sets (or added)."""
    runs = [run if old.sets == run.sets else old for old in earlier]
    return runs if run in runs else [*runs, run]


def markdown(runs: Sequence[Run]) -> str:
    """The report of every run: the table of shares, times and depths, and the shares by exact
    value, each share with its 95% interval."""
    lines = ["# UCT against truth on Connect Four, beside alpha-beta at the same time per move"]
    for run in runs:
        n = run.positions
        lines += [
            "",
            f"## {', '.join(run.sets)}: {run.moves_left} moves left",
            "",
            run.note,
            "",
            f"{n['all']:,} positions; a random move is optimal in {run.random_share:.1%} of them "
            f"on average (the baseline). In {n['decisive']:,} of them some move is not optimal: "
            "the decisive positions, where a player can go wrong (in the others every move keeps "
            "the value, e.g. every move of a lost position).",
            "",
            "| player | optimal moves (95% interval) | in the decisive positions "
            "| seconds a move: median (10th-90th pct) | alpha-beta's depth: median (min-max) |",
            "| --- | ---: | ---: | ---: | ---: |",
        ]
        named = [(name, p) for c in run.counts for name, p in names(c)]
        for name, p in named:
            middle, low, high = p.seconds
            depth = f"{p.depth[0]:g} ({p.depth[1]}-{p.depth[2]})" if p.depth else ""
            lines.append(
                f"| {name} | {run.share(p)} | {run.share(p, 'decisive')} "
                f"| {middle:.3f} s ({low:.3f}-{high:.3f}) | {depth} |"
            )
        kinds = [VALUES[v] for v in (1, 0, -1) if n[VALUES[v]]]
        lines += [
            "",
            "### By the position's exact value (for the player to move)",
            "",
            "| player | " + " | ".join(f"{kind} ({n[kind]})" for kind in kinds) + " |",
            "| --- |" + " ---: |" * len(kinds),
        ]
        for name, p in named:
            cells = [str(run.share(p, kind)) for kind in kinds]
            lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def names(count: Count) -> list[tuple[str, Player]]:
    """The two players of a playout count, with the names the report gives them."""
    return [
        (f"UCT, {count.playouts:,} playouts", count.uct),
        (f"alpha-beta, {count.budget:.3f} s a move", count.alpha_beta),
    ]


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m benchmarks.mcts", description=__doc__.splitlines()[0]
    )
    p.add_argument(
        "--positions",
        type=count_option,
        default=500,
        metavar="N",
        help="positions drawn from the sets (default 500)",
    )
    p.add_argument(
        "--playouts",
        type=count_option,
        nargs="+",
        default=DEFAULT_PLAYOUTS,
        metavar="N",
        help=f"UCT's playout counts (default: {DEFAULT_PLAYOUTS})",
    )
    p.add_argument(
        "--sets",
        nargs="+",
        choices=SETS,
        default=DEFAULT_SETS,
        metavar="NAME",
        help=f"the sets drawn from (default: {' '.join(DEFAULT_SETS)})",
    )
    p.add_argument("--seed", type=int, default=0, help="the sample's and the searches' seed")
    report_options(p, "mcts.md", "print the report only")
    p.add_argument(
        "--results",
        type=Path,
        default=RESULTS,
        metavar="FILE",
        help="the results, with the other sets' runs (default: benchmarks/mcts.json)",
    )
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    started = Started.now("benchmarks.mcts", argv)
    found = mcts_lecture()
    pool = [item for name in args.sets for item in found.test_set(name)]
    if args.positions > len(pool):
        print(
            f"python -m benchmarks.mcts: --positions: the sets have {len(pool)} positions",
            file=sys.stderr,
        )
        return 2
    chosen = random.Random(args.seed).sample(pool, args.positions)
    positions = [moves for moves, _ in chosen]
    values = [(score > 0) - (score < 0) for _, score in chosen]
    optimal = [found.optimal_columns(moves) for moves in positions]
    free = [sum(moves.count(c) < 6 for c in "1234567") for moves in positions]
    random_share = statistics.mean(len(best) / n for best, n in zip(optimal, free, strict=True))
    decisive = [len(best) < n for best, n in zip(optimal, free, strict=True)]
    earlier = parse_strength(args.results.read_text()) if args.results.is_file() else []
    counts: list[tuple[int, Row, Row]] = []
    for done, playouts in enumerate(args.playouts, 1):
        counts.append((playouts, *measure(found, positions, playouts, args.seed, optimal)))
        for row in counts[-1][1:]:
            print(f"{row.player}: {share(row.good)}, {spread(row.seconds)}", file=sys.stderr)
        finished = done == len(args.playouts)
        note = started.note(package_versions("gamesolver"), finished) + (
            f". Sets: {', '.join(args.sets)}; seed {args.seed}. Seconds are wall-clock"
            " (`time.perf_counter`), since alpha-beta's budget is on the wall clock: UCT's median"
            " at a count is alpha-beta's budget there; each search starts with the lecture's"
            " cache of line patterns cleared."
        )
        run = record(args.sets, args.seed, note, counts, values, decisive, random_share)
        runs = merged(earlier, run)
        report = markdown(runs)
        if not args.no_write:  # after every count: a run cut short keeps what it measured
            args.results.write_text(strength_json(runs))
            args.out.write_text(report)
    print(report)
    if not args.no_write:
        print(f"wrote {args.results} and {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
