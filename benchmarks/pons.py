"""Pascal Pons' six Connect Four test sets, solved exactly by ``Connect-Four-Solver.ipynb``.

``python -m benchmarks.pons [--sets NAME ...] [--sample N] [--seed N] [--boards WxH ...]
[--out FILE]``

Every position is solved by the notebook's ``solve`` with a fresh table, timed with
``time.process_time`` (the CPU time of this process: other jobs on the machine matter less), and
its score compared with the file's. The table (set, positions, correct, mean and max seconds,
mean value calls) is printed and written to ``benchmarks/pons.md``.

By default every set but the two hardest runs in full; ``Test_L1_R2`` runs on a seeded sample of
100 positions and ``Test_L1_R3`` (the opening with more than 28 moves left) is left out:
positions of it take minutes each in Python. ``--sample N`` samples every set chosen. Then the
boards too big for the notebook are solved from the empty position (``--boards``, about a
minute), in a second table.
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from benchmarks.harness import report_options
from benchmarks.lectures import CONNECT_FOUR_SOLVER, ConnectFourSolver, connect_four_solver
from gamesolver.stats import Stats
from gamesolver.table import Table

HERE = Path(__file__).resolve().parent
NOTEBOOK = CONNECT_FOUR_SOLVER
BOARDS = ["4x6", "5x5", "4x7", "5x6", "6x5", "7x4"]
"""The boards solved from the empty position (the notebook solves the smaller ones)."""
SETS = ["Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1", "Test_L1_R2", "Test_L1_R3"]
DEFAULT_SETS = SETS[:5]
DEFAULT_SAMPLES = {"Test_L1_R2": 100}
"""Sets sampled unless ``--sample`` is given: the rest run in full."""
TARGETS = {"Test_L3_R1": 0.00046, "Test_L2_R1": 0.0022, "Test_L1_R1": 0.0096, "Test_L2_R2": 0.152}
"""The course's targets for the mean time per position, in seconds."""


@dataclass
class SetResult:
    """What solving (a sample of) one test set gave."""

    name: str
    positions: int
    correct: int
    mean_seconds: float
    max_seconds: float
    mean_calls: float
    wrong: list[str]
    """The first few positions solved wrongly, as ``moves: expected, got``."""


def run_set(
    solver: ConnectFourSolver, name: str, sample: int | None = None, seed: int = 0
) -> SetResult:
    """Solve every position of the set (or a sample of ``sample``, drawn with ``seed``)."""
    chosen = solver.test_set(name)
    if sample is not None and sample < len(chosen):
        chosen = random.Random(seed).sample(chosen, sample)
    game = solver.game
    times: list[float] = []
    calls: list[int] = []
    wrong: list[str] = []
    for moves, expected in chosen:
        state, player = solver.parse(moves)
        stats = Stats()
        started = time.process_time()
        score = solver.solve(game, state, player, stats)
        times.append(time.process_time() - started)
        calls.append(stats.calls)
        if score != expected:
            wrong.append(f"{moves}: expected {expected}, got {score}")
    return SetResult(
        name,
        len(chosen),
        len(chosen) - len(wrong),
        statistics.mean(times),
        max(times),
        statistics.mean(calls),
        wrong[:5],
    )


Board = tuple[str, int, str, int, float]
"""A board solved from the empty position: size, X's score, first move, value calls, seconds."""


def solve_board(solver: ConnectFourSolver, size: str) -> Board:
    """Solve the empty board ``size`` ("5x6": width x height) with the notebook's small_board."""
    width, height = (int(side) for side in size.split("x"))
    score, first, calls, took = solver.small_board(width, height)
    return size, score, first, calls, took


def markdown(results: Sequence[SetResult], note: str, boards: Sequence[Board] = ()) -> str:
    """The results as a markdown table, with the targets and how the run was made."""
    lines = [
        "# Pons' test sets, solved by Connect-Four-Solver.ipynb",
        "",
        note,
        "",
        "| set | positions | correct | mean s | max s | mean value calls | target mean s |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for r in results:
        target = TARGETS.get(r.name)
        lines.append(
            f"| {r.name} | {r.positions:,} | {r.correct:,} | {r.mean_seconds:.5f} | "
            f"{r.max_seconds:.4f} | {r.mean_calls:,.0f} | "
            f"{'' if target is None else f'{target:g}'} |"
        )
    for r in results:
        for line in r.wrong:
            lines.append(f"\nwrong in {r.name}: {line}")
    if boards:
        lines += [
            "",
            "## Boards solved from the empty position",
            "",
            "| board | score for X | first move | value calls | CPU s |",
            "| --- | ---: | --- | ---: | ---: |",
        ]
        for size, score, first, calls, took in boards:
            lines.append(f"| {size} | {score} | {first} | {calls:,} | {took:.1f} |")
    return "\n".join(lines) + "\n"


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m benchmarks.pons", description=__doc__.splitlines()[0]
    )
    p.add_argument(
        "--sets",
        nargs="+",
        choices=SETS,
        default=DEFAULT_SETS,
        metavar="NAME",
        help=f"the sets to solve (default: {' '.join(DEFAULT_SETS)})",
    )
    p.add_argument(
        "--sample",
        type=int,
        metavar="N",
        help="solve a seeded sample of N positions of every set (default: all, and 100 of "
        "Test_L1_R2)",
    )
    p.add_argument(
        "--boards",
        nargs="*",
        default=BOARDS,
        metavar="WxH",
        help=f"empty boards to solve (default: {' '.join(BOARDS)}; none: --boards)",
    )
    p.add_argument("--seed", type=int, default=0, help="the sample's seed (default 0)")
    report_options(p, "pons.md", "print the table only")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.sample is not None and args.sample < 1:
        print("python -m benchmarks.pons: --sample must be at least 1", file=sys.stderr)
        return 2
    bad = [size for size in args.boards if not re.fullmatch(r"[1-9]x[1-9]", size)]
    if bad:
        print(
            f"python -m benchmarks.pons: --boards takes WxH (5x6), not {bad[0]!r}", file=sys.stderr
        )
        return 2
    solver = connect_four_solver()
    when, started = datetime.now(UTC), time.perf_counter()
    table = Table(["set", "positions", "correct", "mean s", "max s", "mean value calls"])
    results = []
    for name in args.sets:
        sample = args.sample if args.sample is not None else DEFAULT_SAMPLES.get(name)
        result = run_set(solver, name, sample, args.seed)
        results.append(result)
        table.add(
            name,
            result.positions,
            result.correct,
            f"{result.mean_seconds:.5f}",
            f"{result.max_seconds:.4f}",
            round(result.mean_calls),
        )
        print(f"{name}: {result.correct}/{result.positions} correct", file=sys.stderr, flush=True)
    print(table)
    boards = [solve_board(solver, size) for size in args.boards]
    for size, score, first, calls, took in boards:
        print(f"{size}: score {score} for X, {first}, {calls:,} value calls, {took:.1f} s")
    samples = ", ".join(
        f"{r.name} a sample of {r.positions} (seed {args.seed})"
        for r in results
        if r.positions < len(solver.test_set(r.name))
    )
    note = (
        f"Run {when:%Y-%m-%d %H:%M} UTC, {time.perf_counter() - started:.0f} s in all; "
        "`solve` with a fresh table per position, CPU time (`time.process_time`) per position. "
        + (f"Sampled: {samples}." if samples else "Every position of every set.")
    )
    if not args.no_write:
        args.out.write_text(markdown(results, note, boards))
        print(f"wrote {args.out}", file=sys.stderr)
    return 0 if all(r.correct == r.positions for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
