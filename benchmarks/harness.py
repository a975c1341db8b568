"""The benchmark harness: cases, runners, timing, and the results as text, CSV and markdown.

A ``Case`` is one position of one game and, for every library, how that library builds it (a
``Library``: ``benchmarks.libraries``). Each library turns a case into ``Runner`` objects, one per
algorithm. A runner prepares one fresh search (its game objects and tables, not timed) and the
harness times the search itself: the minimum over ``runs`` fresh runs, with the garbage collector
off during a run (as ``timeit`` does). A run that takes longer than ``once_after`` seconds is not
repeated, and a run is stopped after ``budget`` seconds.

Nodes are counted in one more run, with the library's search instrumented (counting slows some
libraries down, so the timed runs do not count); ``gamesolver`` counts in every run anyway.
"""

from __future__ import annotations

import argparse
import csv
import gc
import io
import os
import platform
import signal
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Protocol

from gamesolver.table import Table

COLUMNS = ("library", "game", "algorithm", "depth", "value", "move", "nodes", "seconds")
"""The columns of ``results.csv``."""

OURS = "gamesolver"
"""The library column of our own rows."""

PEERS = {"easyAI": "easyAI", "aima3": "aima3", "OpenSpiel": "open_spiel"}
"""The peers' names in the table and their distributions on PyPI (the ``bench`` extra)."""

Value = float


@dataclass(frozen=True)
class Outcome:
    """What one search found. ``None``: this search does not tell (see the runner's notes)."""

    value: Value | None
    move: str | None
    nodes: int | None = None


Search = Callable[[], Outcome]
"""One prepared, fresh search: calling it runs the search (what the harness times)."""


@dataclass(frozen=True)
class MoveChoice:
    """For a library whose search gives the value only: the move chosen afterwards, at a cost."""

    move: str
    nodes: int
    seconds: float


@dataclass(frozen=True)
class Runner:
    """One library's algorithm on one case."""

    library: str
    algorithm: str
    kind: str
    """"minimax", "alpha-beta" or "memo": what the case's ``skip`` refers to."""
    prepare: Callable[[bool], Search]
    """``prepare(count)``: a fresh search (not timed); with ``count``, it counts its nodes."""
    choose_move: Callable[[], MoveChoice] | None = None
    """Called once after the timed runs when the search itself gives no move (not timed)."""


class Library(Protocol):
    """How one library builds a case's position, and which of its algorithms search it."""

    @property
    def name(self) -> str:
        """The library column."""
        ...

    def missing(self) -> str:
        """Why the library cannot run here ("" if it can), e.g. "not installed"."""
        ...

    def runners(self, case: Case) -> list[Runner]:
        """The library's algorithms on the case's position."""
        ...


@dataclass(frozen=True)
class Case:
    """One position of one game, and how every library builds it."""

    game: str
    """The game column, e.g. "tic-tac-toe"."""
    position: str
    """The position in words, e.g. "the empty board, X to move"."""
    depth: int
    """Plies to the end of the longest line: the depth given to libraries that need one."""
    libraries: Sequence[Library]
    skip: Mapping[str, str] = field(default_factory=dict)
    """Kinds of algorithm not run on this case, with the reason (e.g. plain minimax on a tree of
    hundreds of millions of nodes)."""
    expected_nodes: Mapping[str, int] = field(default_factory=dict)
    """Our algorithms' exact counts (checked in the results and asserted by the tests)."""
    best: Sequence[str] = ()
    """Our algorithms that the targets are about (in every representation; none: our fastest)."""
    speedup_target: float = 1.0
    """How many times faster than the fastest peer our best algorithm should be."""
    notes: Sequence[str] = ()
    """What the table's notes say about this case."""


@dataclass
class Row:
    """One measured line of the table."""

    library: str
    game: str
    algorithm: str
    kind: str
    depth: int
    value: Value | None
    move: str | None
    nodes: int | None
    seconds: float
    runs: int
    move_choice: MoveChoice | None = None

    @property
    def ours(self) -> bool:
        return self.library == OURS

    @property
    def with_move(self) -> float:
        """Seconds for the value and the move: the search, plus choosing the move if apart."""
        return self.seconds + (self.move_choice.seconds if self.move_choice else 0)

    def name(self) -> str:
        return f"{self.library} {self.algorithm}"


@dataclass
class CaseResult:
    """The rows of one case, and what was not run or did not finish, with the reason."""

    case: Case
    rows: list[Row] = field(default_factory=list)
    not_run: list[tuple[str, str]] = field(default_factory=list)
    """(who, why): a library or "library algorithm", and the reason."""


@dataclass(frozen=True)
class Settings:
    """How the harness runs: the command line's options."""

    runs: int = 5
    once_after: float = 20.0
    budget: float = 600.0
    peers: bool = True
    moves: bool = True
    """Choose the move afterwards for searches that give the value only (ours)."""


class OutOfTime(Exception):
    """Raised inside a run whose budget is spent."""


@contextmanager
def deadline(seconds: float) -> Iterator[None]:
    """Raise ``OutOfTime`` in the block after ``seconds`` (main thread only; else no limit)."""
    if seconds <= 0 or not hasattr(signal, "setitimer"):
        yield
        return
    try:
        previous = signal.signal(signal.SIGALRM, _out_of_time)
    except ValueError:  # not the main thread: signals cannot be used
        yield
        return
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _out_of_time(signum: int, frame: object) -> None:
    raise OutOfTime


def timed(search: Search, budget: float) -> tuple[Outcome, float]:
    """Run one search with the garbage collector off; its outcome and wall-clock seconds."""
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    try:
        with deadline(budget):
            start = time.perf_counter()
            outcome = search()
            seconds = time.perf_counter() - start
    finally:
        if enabled:
            gc.enable()
    return outcome, seconds


def measure_runner(runner: Runner, case: Case, settings: Settings) -> Row:
    """The best time over fresh runs, then the nodes (and what else the runs did not tell)."""
    best = float("inf")
    outcome = Outcome(None, None)
    runs = 0
    while runs < settings.runs:
        outcome, seconds = timed(runner.prepare(False), settings.budget)
        best, runs = min(best, seconds), runs + 1
        if seconds > settings.once_after:
            break
    if outcome.nodes is None or outcome.value is None or outcome.move is None:
        counted, _ = timed(runner.prepare(True), settings.budget * 3)
        for name, first, second in [
            ("value", outcome.value, counted.value),
            ("move", outcome.move, counted.move),
        ]:
            if first is not None and second is not None and first != second:
                raise AssertionError(f"{runner.algorithm}: counting changed the {name}")
        outcome = Outcome(
            counted.value if outcome.value is None else outcome.value,
            counted.move if outcome.move is None else outcome.move,
            counted.nodes,
        )
    choice = None
    if runner.choose_move is not None and settings.moves:  # as many runs, the fastest
        choice = min((runner.choose_move() for _ in range(runs)), key=lambda c: c.seconds)
    return Row(
        library=runner.library,
        game=case.game,
        algorithm=runner.algorithm,
        kind=runner.kind,
        depth=case.depth,
        value=_plain(outcome.value),
        move=choice.move if choice is not None else outcome.move,
        nodes=outcome.nodes,
        seconds=best,
        runs=runs,
        move_choice=choice,
    )


def _plain(value: Value | None) -> Value | None:
    """1.0 as 1: values print alike whatever number type a library returns."""
    if value is not None and float(value).is_integer():
        return int(value)
    return value


def run_case(
    case: Case, settings: Settings, progress: Callable[[str], None] | None = None
) -> CaseResult:
    """Every runner of every library of ``case``; peers only if ``settings.peers``."""
    result = CaseResult(case)
    for library in case.libraries:
        if library.name != OURS and not settings.peers:
            continue
        why = library.missing()
        if why:
            result.not_run.append((library.name, why))
            continue
        try:
            runners = library.runners(case)
        except Exception as error:  # a notebook being edited, a peer that breaks: say so, go on
            result.not_run.append((library.name, f"could not set up ({_error(error)})"))
            continue
        for runner in runners:
            who = f"{runner.library} {runner.algorithm}"
            if runner.kind in case.skip:
                result.not_run.append((who, case.skip[runner.kind]))
                continue
            if progress is not None:
                progress(f"{case.game}: {who}")
            try:
                result.rows.append(measure_runner(runner, case, settings))
            except OutOfTime:
                why = f"did not finish within the budget of {settings.budget:g} s"
                result.not_run.append((who, why))
            except Exception as error:
                result.not_run.append((who, _error(error)))
    return result


def _error(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}".strip().rstrip(":")


# ------------------------------------------------------------------------------------- output


def value_text(value: Value | None) -> str:
    return "" if value is None else str(value)


def seconds_text(seconds: float) -> str:
    """Seconds with 4 significant digits: 0.002913, 1.575, 74.92."""
    return f"{seconds:.4g}" if seconds >= 1 else f"{seconds:.4f}".rstrip("0") or "0"


def csv_text(results: Sequence[CaseResult]) -> str:
    """``results.csv``: the exact columns of ``COLUMNS``, one line per measured row."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for result in results:
        for row in result.rows:
            writer.writerow(
                [
                    row.library,
                    row.game,
                    row.algorithm,
                    row.depth,
                    value_text(row.value),
                    row.move or "",
                    "" if row.nodes is None else row.nodes,
                    f"{row.seconds:.6g}",
                ]
            )
    return out.getvalue()


TABLE_COLUMNS = [
    "library",
    "game",
    "algorithm",
    "depth",
    "value",
    "best move",
    "nodes",
    "seconds",
    "runs",
]


def _cells(row: Row) -> list[object]:
    return [
        row.library,
        row.game,
        row.algorithm,
        row.depth,
        value_text(row.value),
        row.move or "—",
        "" if row.nodes is None else row.nodes,
        seconds_text(row.seconds),
        row.runs,
    ]


def text_table(results: Sequence[CaseResult]) -> str:
    """The table for the terminal."""
    table = Table(TABLE_COLUMNS)
    for result in results:
        for row in result.rows:
            table.add(*_cells(row))
    return repr(table)


@dataclass
class Rung:
    """One rung of a notebook's ladder of estimates against the rung before it (the checkers and
    chess benchmarks): the games won, drawn and lost by the newer estimate, the plies of each
    game, the CPU seconds of the whole match, and, where measured, the depth of each search of
    either side."""

    estimate: str
    against: str
    won: int
    drawn: int
    lost: int
    plies: list[int]
    seconds: float
    depths: list[int] = field(default_factory=list)
    their_depths: list[int] = field(default_factory=list)
    stopped: str = ""
    """Why the match stopped before its end, if it did."""

    @property
    def games(self) -> int:
        return self.won + self.drawn + self.lost


class MatchTally:
    """The tallies of a match, for a dataclass with ``results``: per game, in order, "win",
    "draw" or "loss" for our player, who plays the side that moves first in the even-numbered
    games (colours alternate)."""

    results: list[str]

    @property
    def games(self) -> int:
        return len(self.results)

    def count(self, result: str, colour: int | None = None) -> int:
        """How many games ended in ``result``; with ``colour``, only those ours played as it."""
        return sum(
            r == result and (colour is None or i % 2 == colour) for i, r in enumerate(self.results)
        )

    def tally_cells(self) -> list[object]:
        """Games, wins, draws, losses, then "w/d/l" as the first side and as the second."""
        by_colour = [
            "/".join(str(self.count(result, colour)) for result in ("win", "draw", "loss"))
            for colour in (0, 1)
        ]
        return [self.games, self.count("win"), self.count("draw"), self.count("loss"), *by_colour]


def md_row(cells: Sequence[object]) -> str:
    """One row of a markdown table (a ``|`` in a cell escaped)."""
    return "| " + " | ".join(str(c).replace("|", "\\|") for c in cells) + " |"


def md_table(head: Sequence[str], rows: Iterable[Sequence[object]], text: int = 1) -> list[str]:
    """A markdown table whose first ``text`` columns are left-aligned, the rest numbers."""
    align = ["---" if i < text else "---:" for i in range(len(head))]
    return [md_row(head), md_row(align), *(md_row(row) for row in rows)]


def count_option(text: str, least: int = 1) -> int:
    """An argparse type: a whole number of at least ``least``."""
    try:
        count = int(text)
    except ValueError:
        count = least - 1
    if count < least:
        raise argparse.ArgumentTypeError(f"must be a whole number of at least {least}: {text!r}")
    return count


def markdown_table(results: Sequence[CaseResult]) -> str:
    numeric = {"depth", "value", "nodes", "seconds", "runs"}
    lines = [
        md_row(TABLE_COLUMNS),
        md_row(["---:" if c in numeric else "---" for c in TABLE_COLUMNS]),
    ]
    for result in results:
        for row in result.rows:
            cells = _cells(row)
            cells[6] = "" if row.nodes is None else f"{row.nodes:,}"
            lines.append(md_row(cells))
    return "\n".join(lines)


# ------------------------------------------------------------------------------------- ratios


def ratio(value: float) -> str:
    """×0.83, ×12.3, ×1,234: two significant digits at least."""
    if value < 10:
        return f"×{value:.2f}"
    return f"×{value:.1f}" if value < 100 else f"×{value:,.0f}"


def _best_ours(result: CaseResult) -> list[Row]:
    """Our rows the targets are about: the case's ``best`` algorithms (every representation),
    or our fastest row."""
    ours = [row for row in result.rows if row.ours]
    if result.case.best:
        chosen = [row for row in ours if row.algorithm.split(" (")[0] in result.case.best]
        if chosen:
            return chosen
    return [min(ours, key=lambda row: row.seconds)] if ours else []


def ratio_lines(result: CaseResult) -> list[str]:
    """Every ratio of one case, as markdown: each of our rows against the peers, then targets."""
    ours = [row for row in result.rows if row.ours]
    peers = [row for row in result.rows if not row.ours]
    lines: list[str] = []
    counted = [row for row in peers if row.nodes is not None]
    if not ours or not peers:
        why = "no peer ran." if ours else "none of ours ran."
        return [f"No ratios: {why}", "", *target_lines(result)]
    fastest = min(peers, key=lambda row: row.seconds)
    fewest = min(counted, key=lambda row: row.nodes or 0) if counted else None
    lines.append(
        f"Fastest peer: {fastest.name()} ({seconds_text(fastest.seconds)} s); fewest nodes among "
        f"the peers: "
        + (f"{fewest.name()} ({fewest.nodes:,})." if fewest is not None else "none counted.")
    )
    lines.append("")
    head = [
        "ours",
        "speed-up over the fastest peer",
        "the same with `best_move`",
        "over the fastest peer of its kind",
        "nodes: fewest peer's / ours",
        "nodes: its kind's fewest peer / ours",
    ]
    lines.append(md_row(head))
    lines.append(md_row(["---", "---:", "---:", "---:", "---:", "---:"]))
    for row in ours:
        kin = [p for p in peers if p.kind == row.kind]
        kin_fastest = min(kin, key=lambda p: p.seconds) if kin else None
        kin_counted = [p for p in kin if p.nodes is not None]
        kin_fewest = min(kin_counted, key=lambda p: p.nodes or 0) if kin_counted else None
        cells = [
            f"{row.algorithm} ({seconds_text(row.seconds)} s, {row.nodes or 0:,} nodes)",
            ratio(fastest.seconds / row.seconds),
            ratio(fastest.seconds / row.with_move) if row.move_choice else "",
            f"{ratio(kin_fastest.seconds / row.seconds)} ({kin_fastest.name()})"
            if kin_fastest
            else "no peer of its kind ran",
            ratio((fewest.nodes or 0) / row.nodes) if fewest and row.nodes else "",
            f"{ratio((kin_fewest.nodes or 0) / row.nodes)} ({kin_fewest.name()})"
            if kin_fewest and row.nodes
            else "",
        ]
        lines.append(md_row(cells))
    lines.append("")
    lines.extend(target_lines(result))
    return lines


def target_lines(result: CaseResult) -> list[str]:
    """The issue's targets for one case, each marked met or missed, with the numbers."""
    case = result.case
    ours = [row for row in result.rows if row.ours]
    peers = [row for row in result.rows if not row.ours]
    lines = []
    for algorithm, expected in case.expected_nodes.items():
        for row in ours:
            if row.algorithm.split(" (")[0] == algorithm:
                verdict = "met" if row.nodes == expected else "MISSED"
                lines.append(
                    f"- Target {verdict}: {row.algorithm} counts {row.nodes or 0:,} value calls "
                    f"(expected exactly {expected:,})."
                )
    if not peers:
        return lines
    counted = [row for row in peers if row.nodes is not None]
    fewest = min(counted, key=lambda row: row.nodes or 0) if counted else None
    for row in _best_ours(result):
        lines.append(_speed_target(case, row, row.seconds, "", peers))
        if row.move_choice is not None:
            lines.append(_speed_target(case, row, row.with_move, " with `best_move`", peers))
        if fewest is not None and row.nodes is not None:
            fewer = all(row.nodes < (p.nodes or 0) for p in counted)
            verdict = "met" if fewer else "MISSED"
            lines.append(
                f"- Target {verdict}: {row.algorithm} with fewer nodes than every peer: "
                f"{row.nodes:,} against {fewest.nodes or 0:,} ({fewest.name()}), "
                f"{ratio((fewest.nodes or 0) / row.nodes)}."
            )
    return lines


def _speed_target(case: Case, row: Row, seconds: float, how: str, peers: list[Row]) -> str:
    """Our row's time (``seconds``) against the case's speed target."""
    fastest = min(peers, key=lambda p: p.seconds)
    speedup = fastest.seconds / seconds
    goal = case.speedup_target
    if goal > 1:
        verdict = "met" if speedup >= goal else f"MISSED (short by {ratio(goal / speedup)})"
        want = f"at least {ratio(goal)} faster than the fastest peer"
    else:
        slower = [p for p in peers if p.seconds <= seconds]
        faster = ", ".join(f"{p.name()} {ratio(seconds / p.seconds)}" for p in slower)
        verdict = f"MISSED (faster: {faster})" if slower else "met"
        want = "less time than every peer"
    return (
        f"- Target {verdict}: {row.algorithm}{how} ({seconds_text(seconds)} s) {want}: "
        f"{ratio(speedup)} against {fastest.name()}."
    )


# -------------------------------------------------------------------------------- the report


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def versions() -> dict[str, str]:
    """The versions of gamesolver and of the peers (those installed)."""
    found = {}
    for name, distribution in {OURS: OURS, **PEERS}.items():
        try:
            found[name] = version(distribution)
        except PackageNotFoundError:
            found[name] = "not installed"
    return found


def load_average() -> str:
    """The load averages over 1, 5 and 15 minutes (other work on the machine slows a run)."""
    return "/".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"


def machine() -> str:
    return (
        f"{platform.machine()}, {cpu_model()}, {os.cpu_count()} cores, "
        f"{platform.system()} {platform.release()}"
    )


NODE_NOTES = """\
**How nodes are counted.** Every library's count is the number of positions its search
evaluates: each call of its recursive value function, cache hits and finished positions
included (our "value calls"), plus the start position where a library's top level expands it
without calling its value function. In detail:

- *gamesolver*: `stats.calls`, the value calls that the algorithms of `Solver.ipynb` count
  themselves. `alpha_beta_memo` finds the move in the same search (the move that gave the start
  its value, `stats.line`), as the peers do; the other algorithms return the value only, and
  their best move is then chosen by `best_move` (with `random.Random(0)`, among the optimal
  moves) with the same algorithm, outside the timed search; what that costs (timed the same
  way) is listed below, and the ratios show their times with and without it.
- *easyAI*: calls of `negamax` (for `Negamax`) or of `solve_with_depth_first_search`, counted by
  replacing the function in its module during one extra run; the recursion goes through the
  module, so every call is counted, the first one included.
- *aima3*: calls of the game's `terminal_test`, which `max_value` and `min_value` call exactly
  once each, plus 1 for the start position, whose actions `minimax_decision` and
  `alphabeta_search` list themselves. These functions return the move only: the value is read
  in the counting run as the best of the values that `min_value` returns to the top level.
- *OpenSpiel*: calls of `expectiminimax` and of `_alpha_beta` (module functions of
  `open_spiel.python.algorithms.minimax`, replaced during the counting run), and for
  `MinimaxSolver` the calls of `_create_table` (table hits included) plus the finished children
  that it evaluates in place instead of calling `_create_table`.

The counts are comparable where the trees are the same: plain minimax visits every node of the
game tree in every library. Pruning and memo tables differ (the window a search starts with,
the move order, what a table stores and under which key), and so do the trees when the games
are represented differently; the notes of each case say where.
"""


def markdown(
    results: Sequence[CaseResult],
    settings: Settings,
    when: datetime,
    took: float | None = None,
    load_before: str | None = None,
) -> str:
    """``results.md``: the header, the table, the notes and every ratio.

    ``when`` the run started, ``took`` seconds, with the load average ``load_before`` it.
    """
    after = load_average()
    before = f"{load_before} before and " if load_before else ""
    load = f"load average (1, 5, 15 min) {before}{after} after the run"
    duration = ""
    if took is not None:
        duration = f", {took / 60:.0f} minutes" if took >= 120 else f", {took:.0f} s"
    found = versions()
    libraries = ", ".join(f"{name} {v}" for name, v in found.items())
    lines = [
        "### Results",
        "",
        f"Measured on {when:%Y-%m-%d %H:%M} UTC with `make bench` (`python -m benchmarks`"
        f"{duration}) on {machine()}, {load}; Python {platform.python_version()}; {libraries}.",
        "",
        f"Each time is the minimum over {settings.runs} fresh runs (new game objects and "
        f"tables each run, garbage collector off during a run); a search whose first run takes "
        f"longer than {settings.once_after:g} s runs once (the runs column); a run is stopped "
        f"after {settings.budget:g} s. Values are for the player to move; depth is the depth "
        "given to the libraries that need one: for tic-tac-toe and Nim the plies to the end of "
        "the longest game (those searches are exact), for Connect Four the depth limit (those "
        "searches estimate with the same heuristic in every library).",
        "",
        markdown_table(results),
        "",
        NODE_NOTES,
    ]
    for result in results:
        case = result.case
        lines.append(f"**{case.game}, {case.position}.**")
        lines.append("")
        lines.extend(f"- {note}" for note in case.notes)
        values = {value_text(row.value) for row in result.rows}
        if len(values) == 1:
            lines.append(f"- Every search that ran finds the value {values.pop()}.")
        elif values:
            lines.append(f"- The values DISAGREE: {sorted(values)}.")
        reasons: dict[str, list[str]] = {}
        for who, why in result.not_run:
            reasons.setdefault(why, []).append(who)
        lines.extend(f"- Not run: {', '.join(who)}: {why}." for why, who in reasons.items())
        for row in result.rows:
            if row.move_choice is not None:
                choice = row.move_choice
                lines.append(
                    f"- {row.name()}: choosing the move with `best_move` took "
                    f"{choice.nodes:,} more value calls and {seconds_text(choice.seconds)} s."
                )
        lines.append("")
    lines.append("### Ratios (in the same run)")
    lines.append("")
    for result in results:
        lines.append(f"**{result.case.game}.** " + "\n".join(ratio_lines(result)))
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def write(
    results: Sequence[CaseResult],
    settings: Settings,
    folder: Path,
    when: datetime | None = None,
    took: float | None = None,
    load_before: str | None = None,
) -> tuple[Path, Path]:
    """Write ``results.csv`` and ``results.md`` into ``folder`` (see ``markdown``)."""
    folder.mkdir(parents=True, exist_ok=True)
    csv_path, md_path = folder / "results.csv", folder / "results.md"
    csv_path.write_text(csv_text(results), encoding="utf-8")
    report = markdown(results, settings, when or datetime.now(UTC), took, load_before)
    md_path.write_text(report, encoding="utf-8")
    return csv_path, md_path


def run(cases: Sequence[Case], settings: Settings, *, verbose: bool = True) -> list[CaseResult]:
    """Run every case; with ``verbose``, say on stderr which search runs."""

    def progress(label: str) -> None:
        print(f"  {label} ...", file=sys.stderr, flush=True)

    return [run_case(case, settings, progress if verbose else None) for case in cases]
