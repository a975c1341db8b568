"""The entry point: run the comparisons, print the table, write results.csv and results.md.

``python -m benchmarks [--case tic-tac-toe|nim|...] [--runs N] [--ours-only] [--budget S] ...``
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

from benchmarks import checkers_speed, chess_speed, connect_four, nim, tic_tac_toe
from benchmarks.harness import Case, Settings, load_average, run, text_table, write

CASES: dict[str, Case] = {
    "tic-tac-toe": tic_tac_toe.CASE,
    **nim.CASES,
    **connect_four.CASES,
    **checkers_speed.CASES,
    **chess_speed.CASES,
}
"""Every comparison, by the name ``--case`` takes. A new one is a module with a ``CASE``."""

HERE = Path(__file__).resolve().parent


def parser() -> argparse.ArgumentParser:
    defaults = Settings()
    p = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.splitlines()[0])
    p.add_argument(
        "--case", action="append", choices=sorted(CASES), help="run only this case (repeatable)"
    )
    p.add_argument(
        "--runs",
        type=int,
        default=defaults.runs,
        help="fresh runs per search, interleaved; the time is their median CPU time "
        "(default %(default)s)",
    )
    p.add_argument(
        "--long-after",
        type=float,
        default=defaults.long_after,
        metavar="S",
        help="a search whose first run takes longer runs only --long-runs times "
        "(default %(default)s s)",
    )
    p.add_argument(
        "--long-runs",
        type=int,
        default=defaults.long_runs,
        metavar="N",
        help="runs of a long search (default %(default)s)",
    )
    p.add_argument(
        "--budget",
        type=float,
        default=defaults.budget,
        metavar="S",
        help="stop a run after this many seconds (default %(default)s s)",
    )
    p.add_argument("--ours-only", action="store_true", help="run gamesolver's rows only")
    p.add_argument(
        "--out",
        type=Path,
        default=HERE,
        metavar="DIR",
        help="where results.csv and results.md go (default: benchmarks/)",
    )
    p.add_argument("--no-write", action="store_true", help="print the table only")
    return p


def main(argv: Sequence[str] | None = None, cases: Sequence[Case] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.runs < 1:
        print("python -m benchmarks: --runs must be at least 1", file=sys.stderr)
        return 2
    if cases is None:
        cases = [CASES[name] for name in args.case] if args.case else list(CASES.values())
    settings = Settings(
        runs=args.runs,
        long_after=args.long_after,
        long_runs=max(1, args.long_runs),
        budget=args.budget,
        peers=not args.ours_only,
    )
    when, load_before, start = datetime.now(UTC), load_average(), time.perf_counter()
    results = run(cases, settings)
    took = time.perf_counter() - start
    print(text_table(results))
    for result in results:
        for who, why in result.not_run:
            print(f"not run ({result.case.game}): {who}: {why}")
    if not args.no_write:
        paths = write(results, settings, args.out, when, took, load_before)
        for path in paths:
            print(f"wrote {path}")
        complete = not args.case and not args.ours_only  # a partial run: results only
        markdown = [path for path in paths if path.suffix == ".md"]
        if complete and markdown and include_in_readme(markdown[0].read_text(), README):
            print(f"updated {README}")
    return 0


README = Path(__file__).resolve().parent / "README.md"
BEGIN, END = "<!-- benchmarks/results.md: begin -->", "<!-- benchmarks/results.md: end -->"


def include_in_readme(markdown: str, readme: Path) -> bool:
    """Put ``markdown`` between the markers of ``readme``: it shows the last complete run."""
    if not readme.exists():
        return False
    text = readme.read_text()
    if BEGIN not in text or END not in text:
        return False
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    readme.write_text(f"{head}{BEGIN}\n{markdown.strip()}\n{END}{tail}")
    return True
