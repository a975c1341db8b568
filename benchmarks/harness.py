"""The benchmark harness: cases, runners, timing, and the results as text, CSV and markdown.

A ``Case`` is one position of one game and, for every library, how that library builds it (a
``Library``: ``benchmarks.libraries``). Each library turns a case into ``Runner`` objects, one per
algorithm, each labelled with its technique (``TECHNIQUES``), so that the report compares like
with like. A runner prepares one fresh search (its game objects and tables, not timed) and the
harness times the search itself in CPU seconds (``time.process_time``: what other processes on a
busy machine take is not counted), with the garbage collector off during a run (as ``timeit``
does). The runs of a case are interleaved: round after round, each runner runs once, so that a
change in the machine's load falls on every library alike. A row's time is the median of its
runs and its spread the slowest over the fastest; a runner whose first run takes longer than
``long_after`` seconds runs ``long_runs`` times only, and a run is stopped after ``budget``
seconds.

Nodes are counted in one more run before the timed ones, with the library's search instrumented
(counting slows some libraries down, so the timed runs do not count); it also warms each search
up (Python specializes the code it has run), so that no timed run is a first run. A row has two
counts: ``nodes``, the value calls (calls of the library's recursive value function), and
``positions``, every position whose utility, estimate or table entry the search looks at, which
adds the children that move ordering ranks before it searches them.

A ratio between two rows is the ratio of their medians, with the range their runs allow: from the
fastest run of one against the slowest of the other to the other way round. A verdict (faster or
slower, a target met or missed) is given only where the whole range lies on one side; otherwise
the ratio is "within noise"."""

from __future__ import annotations

import argparse
import csv
import gc
import io
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Protocol, TypeVar

from gamesolver.guard import TotalTimeLimit, Watchdog
from gamesolver.table import Table

TECHNIQUES = (
    "minimax",
    "minimax+table",
    "plain-alpha-beta",
    "alpha-beta+table",
    "alpha-beta+ordering",
    "best",
)
"""What a row's search does, the key of the like-for-like table: plain minimax; minimax with a
table of values (ours ``minimax_memo``, OpenSpiel's ``MinimaxSolver``); alpha-beta without a table
and with the game's move order; alpha-beta with a table (easyAI's table also tries its stored
move first); alpha-beta with move ordering (ours: by the table and the heuristic, or Connect
Four's centre first); "best": a library's strongest set-up that no peer has (ours with symmetry,
easyAI's depth-first solver, our iterative deepening)."""

OURS = "gamesolver"
"""The library column of our own rows."""

PEERS = {"easyAI": "easyAI", "aima3": "aima3", "OpenSpiel": "open_spiel"}
"""The peers' names in the table and their distributions on PyPI (the ``bench`` extra)."""

Value = float
T = TypeVar("T")


@dataclass(frozen=True)
class Outcome:
    """What one search found. ``None``: this search does not tell (see the runner's notes)."""

    value: Value | None
    move: str | None
    nodes: int | None = None
    positions: int | None = None
    """Positions looked at; ``None`` where a counting run must tell (ours: where moves are
    ordered, a child ranked is looked at without a value call)."""


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
    technique: str
    """One of ``TECHNIQUES``: what the like-for-like table and the case's ``skip`` refer to."""
    prepare: Callable[[bool], Search]
    """``prepare(count)``: a fresh search (not timed); with ``count``, it counts its nodes."""
    choose_move: Callable[[], MoveChoice] | None = None
    """Called after the timed runs when the search itself gives no move (not timed)."""


class Counter:
    """A call counter, for a search instrumented in the counting run."""

    def __init__(self) -> None:
        self.calls = 0


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
    """Techniques not run on this case, with the reason (e.g. plain minimax on a tree of
    hundreds of millions of nodes)."""
    expected_nodes: Mapping[str, int] = field(default_factory=dict)
    """Our algorithms' exact counts (checked in the results and asserted by the tests)."""
    best: Sequence[str] = ()
    """Our algorithms that the speed target is about (in every representation; none: our
    fastest)."""
    speedup_target: float = 1.0
    """How many times faster than the fastest peer our best algorithm should be."""
    per_node: tuple[str, str] | None = None
    """(our algorithm, a peer): ours should take no more time per node than the peer's search of
    the same technique (issue 9's goal for plain alpha-beta against OpenSpiel)."""
    compare_best: bool = True
    """Whether the best-against-best table has this case (not where only plain searches run)."""
    time_target: bool = True
    """Whether ``speedup_target`` (time, best against best) is a target of this case: not where
    a depth is not the same work in every library (chess against sunfish), where ``per_node``
    is."""
    notes: Sequence[str] = ()
    """What the table's notes say about this case."""
    same_values: bool = True
    """Whether every library's value is the same quantity, so that the notes check that they
    agree (not where each engine scores with its own evaluation: chess against sunfish)."""
    more_versions: Callable[[], Mapping[str, str]] | None = None
    """The versions of peers that are not in this venv (sunfish), for the report's header when a
    peer of the case ran."""


@dataclass
class Row:
    """One measured line of the table: its CPU seconds, run by run."""

    library: str
    game: str
    technique: str
    algorithm: str
    depth: int
    value: Value | None
    move: str | None
    nodes: int | None
    positions: int | None
    times: list[float]
    move_choice: MoveChoice | None = None

    @property
    def ours(self) -> bool:
        return self.library == OURS

    @property
    def runs(self) -> int:
        return len(self.times)

    @property
    def seconds(self) -> float:
        """The median CPU seconds of the runs."""
        return statistics.median(self.times)

    @property
    def spread(self) -> float:
        """The slowest run over the fastest: 1.0 when every run took the same time."""
        return max(self.times) / min(self.times) if min(self.times) > 0 else float("inf")

    @property
    def nodes_per_second(self) -> float | None:
        return self.nodes / self.seconds if self.nodes and self.seconds > 0 else None

    def name(self) -> str:
        return f"{self.library} {self.algorithm}"


@dataclass(frozen=True)
class Ratio:
    """How many times ``their`` time is ``our`` time (over one node each, with ``per_node``):
    the ratio of the medians, and the range the runs allow, from the fastest run of one side
    against the slowest of the other to the other way round."""

    median: float
    low: float
    high: float

    @classmethod
    def of(cls, ours: Row, theirs: Row, per_node: bool = False) -> Ratio:
        scale = (ours.nodes or 0) / (theirs.nodes or 1) if per_node else 1.0
        return cls(
            scale * theirs.seconds / ours.seconds,
            scale * min(theirs.times) / max(ours.times),
            scale * max(theirs.times) / min(ours.times),
        )

    def verdict(self, target: float = 1.0, above: str = "met", below: str = "MISSED") -> str:
        """``above`` if the whole range is at least ``target``, ``below`` if all of it is
        under, else "within noise"."""
        if self.low >= target:
            return above
        return below if self.high < target else "within noise"

    def text(self) -> str:
        """×1.19 (×1.05–×1.32): the median ratio and its range."""
        return f"{ratio(self.median)} ({ratio(self.low)}–{ratio(self.high)})"

    def compared(self) -> str:
        """The ratio, with "ours faster", "ours slower" or "within noise"."""
        return f"{self.text()} {self.verdict(1.0, 'ours faster', 'ours slower')}"


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

    runs: int = 7
    long_after: float = 10.0
    """A runner whose first run takes longer than this runs ``long_runs`` times only."""
    long_runs: int = 3
    budget: float = 600.0
    peers: bool = True
    moves: bool = True
    """Choose the move afterwards for searches that give the value only (ours)."""

    def runs_for(self, first: float) -> int:
        """How many runs a runner makes whose first run took ``first`` seconds."""
        return min(self.runs, self.long_runs) if first > self.long_after else self.runs


def cpu_seconds(work: Callable[[], T]) -> tuple[T, float]:
    """Run ``work`` with the garbage collector off; its result and the CPU seconds it took."""
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    try:
        start = time.process_time()
        result = work()
        seconds = time.process_time() - start
    finally:
        if enabled:
            gc.enable()
    return result, seconds


def timed(search: Search, budget: float) -> tuple[Outcome, float]:
    """Run one search within ``budget`` (wall-clock) seconds; its outcome and CPU seconds.
    ``TotalTimeLimit`` (``gamesolver.guard.Watchdog``, the package's one time limit) stops it."""
    with Watchdog(total_seconds=budget or None):
        return cpu_seconds(search)


def time_runners(
    runners: Sequence[Runner], settings: Settings, not_run: list[tuple[str, str]]
) -> dict[Runner, tuple[Outcome, list[float]]]:
    """The timed runs of ``runners``, interleaved round by round; each runner's last outcome
    and its CPU seconds run by run. A runner that fails or runs out of time goes to
    ``not_run``."""
    measured: dict[Runner, tuple[Outcome, list[float]]] = {}
    wanted = {runner: settings.runs for runner in runners}

    def _drop(runner: Runner, why: str) -> None:
        not_run.append((f"{runner.library} {runner.algorithm}", why))
        wanted.pop(runner)
        measured.pop(runner, None)

    for round_number in range(settings.runs):
        for runner in runners:
            if runner not in wanted or round_number >= wanted[runner]:
                continue
            try:
                outcome, seconds = timed(runner.prepare(False), settings.budget)
            except TotalTimeLimit:
                _drop(runner, f"did not finish within the budget of {settings.budget:g} s")
                continue
            except Exception as error:
                _drop(runner, _error(error))
                continue
            times = measured[runner][1] if runner in measured else []
            measured[runner] = (outcome, [*times, seconds])
            if round_number == 0:
                wanted[runner] = settings.runs_for(seconds)

    return measured


def count(runner: Runner, settings: Settings) -> Outcome:
    """The runner's counting run (not timed; it also warms the search up before the timed runs:
    Python specializes code that has run): its value, move, nodes and positions."""
    with Watchdog(total_seconds=settings.budget * 3 or None):
        counted = runner.prepare(True)()
    positions = counted.nodes if counted.positions is None else counted.positions
    return Outcome(counted.value, counted.move, counted.nodes, positions)


def measured_row(
    runner: Runner,
    case: Case,
    counted: Outcome,
    timed: tuple[Outcome, list[float]],
    settings: Settings,
) -> Row:
    """The row of a counted and timed runner, and the move chosen afterwards where the search
    gives none. The timed runs must find what the counting run found."""
    outcome, times = timed
    for name, first, second in [
        ("value", outcome.value, counted.value),
        ("move", outcome.move, counted.move),
        ("nodes", outcome.nodes, counted.nodes),
    ]:
        if first is not None and second is not None and first != second:
            raise AssertionError(f"{runner.algorithm}: counting changed the {name}")
    outcome = counted if counted.value is not None else replace(counted, value=outcome.value)
    choice = None
    if runner.choose_move is not None and settings.moves:  # the median of up to 3 runs
        choices = sorted((runner.choose_move() for _ in range(min(3, len(times)))), key=_cost)
        choice = choices[len(choices) // 2]
    return Row(
        library=runner.library,
        game=case.game,
        technique=runner.technique,
        algorithm=runner.algorithm,
        depth=case.depth,
        value=_plain(outcome.value),
        move=choice.move if choice is not None else outcome.move,
        nodes=outcome.nodes,
        positions=outcome.positions,
        times=times,
        move_choice=choice,
    )


def _cost(choice: MoveChoice) -> float:
    return choice.seconds


def _plain(value: Value | None) -> Value | None:
    """1.0 as 1: values print alike whatever number type a library returns."""
    if value is not None and float(value).is_integer():
        return int(value)
    return value


def run_case(
    case: Case, settings: Settings, progress: Callable[[str], None] | None = None
) -> CaseResult:
    """Every runner of every library of ``case`` (peers only if ``settings.peers``): counted
    once each, then timed in interleaved rounds."""
    result = CaseResult(case)
    runners: list[Runner] = []
    for library in case.libraries:
        if library.name != OURS and not settings.peers:
            continue
        why = library.missing()
        if why:
            result.not_run.append((library.name, why))
            continue
        try:
            runners += library.runners(case)
        except Exception as error:  # a notebook being edited, a peer that breaks: say so, go on
            result.not_run.append((library.name, f"could not set up ({_error(error)})"))
    for runner in [r for r in runners if r.technique in case.skip]:
        result.not_run.append((f"{runner.library} {runner.algorithm}", case.skip[runner.technique]))
    runners = [r for r in runners if r.technique not in case.skip]
    counted: dict[Runner, Outcome] = {}
    for runner in runners:
        if progress is not None:
            progress(f"{case.game}: counting {runner.library} {runner.algorithm}")
        try:
            counted[runner] = count(runner, settings)
        except TotalTimeLimit:
            why = f"its counting run did not finish within {settings.budget * 3:g} s"
            result.not_run.append((f"{runner.library} {runner.algorithm}", why))
        except Exception as error:
            result.not_run.append((f"{runner.library} {runner.algorithm}", _error(error)))
    runners = [r for r in runners if r in counted]
    if progress is not None:
        progress(f"{case.game}: {len(runners)} searches, {settings.runs} interleaved rounds")
    measured = time_runners(runners, settings, result.not_run)
    for runner in (r for r in runners if r in measured):
        try:
            row = measured_row(runner, case, counted[runner], measured[runner], settings)
        except Exception as error:
            result.not_run.append((f"{runner.library} {runner.algorithm}", _error(error)))
            continue
        result.rows.append(row)
    return result


def _error(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}".strip().rstrip(":")


# ------------------------------------------------------------------------------------- output


def value_text(value: Value | None) -> str:
    return "" if value is None else str(value)


def seconds_text(seconds: float) -> str:
    """Seconds with 4 significant digits: 0.002913, 1.575, 74.92."""
    return f"{seconds:.4g}" if seconds >= 1 else f"{seconds:.4f}".rstrip("0") or "0"


def count_text(count: int | float | None) -> str:
    """12,345; empty if not counted."""
    return "" if count is None else f"{count:,.0f}"


RESULT_COLUMNS: tuple[tuple[str, str, Callable[[Row], object], Callable[[Row], object]], ...] = (
    ("library", "library", lambda r: r.library, lambda r: r.library),
    ("game", "game", lambda r: r.game, lambda r: r.game),
    ("technique", "technique", lambda r: r.technique, lambda r: r.technique),
    ("algorithm", "algorithm", lambda r: r.algorithm, lambda r: r.algorithm),
    ("depth", "depth", lambda r: r.depth, lambda r: r.depth),
    ("value", "value", lambda r: value_text(r.value), lambda r: value_text(r.value)),
    ("move", "best move", lambda r: r.move or "", lambda r: r.move or "—"),
    ("nodes", "nodes", lambda r: "" if r.nodes is None else r.nodes, lambda r: count_text(r.nodes)),
    (
        "positions",
        "positions",
        lambda r: "" if r.positions is None else r.positions,
        lambda r: count_text(r.positions),
    ),
    ("runs", "runs", lambda r: r.runs, lambda r: r.runs),
    ("seconds", "CPU s", lambda r: f"{r.seconds:.6g}", lambda r: seconds_text(r.seconds)),
    ("spread", "spread", lambda r: f"{r.spread:.4g}", lambda r: ratio(r.spread)),
    ("", "nodes/s", lambda r: "", lambda r: count_text(r.nodes_per_second)),
)
"""Each column of the results once: its name in ``results.csv`` ("" for a column the CSV leaves
out, since it follows from the others), its header in the tables, and its cell in each."""

COLUMNS = tuple(name for name, _, _, _ in RESULT_COLUMNS if name)
"""The columns of ``results.csv``: ``nodes`` are value calls, ``positions`` every position looked
at, ``seconds`` the median CPU time of ``runs`` runs, ``spread`` the slowest over the fastest."""

TABLE_COLUMNS = [header for _, header, _, _ in RESULT_COLUMNS]
"""The columns of the tables (the terminal's and ``results.md``'s)."""


def csv_text(results: Sequence[CaseResult]) -> str:
    """``results.csv``: the exact columns of ``COLUMNS``, one line per measured row."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for result in results:
        for row in result.rows:
            writer.writerow([cell(row) for name, _, cell, _ in RESULT_COLUMNS if name])
    return out.getvalue()


def _cells(row: Row) -> list[object]:
    return [cell(row) for _, _, _, cell in RESULT_COLUMNS]


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


def parts_option(text: str, parts: Sequence[str]) -> list[str]:
    """An argparse type (with ``functools.partial``): some of ``parts``, comma-separated."""
    chosen = [part.strip() for part in text.split(",") if part.strip()]
    if not chosen or any(part not in parts for part in chosen):
        raise argparse.ArgumentTypeError(f"takes some of {','.join(parts)}, not {text!r}")
    return chosen


def parts_options(p: argparse.ArgumentParser, parts: Sequence[str]) -> None:
    """Add ``--parts A,B`` to ``p``: the parts of a benchmark to run, some of ``parts``
    (default all)."""
    p.add_argument(
        "--parts",
        type=lambda text: parts_option(text, parts),
        default=list(parts),
        metavar="A,B",
        help=f"the parts to run (default all: {','.join(parts)})",
    )


def report_options(p: argparse.ArgumentParser, report: str, no_write: str) -> None:
    """Add the options of a benchmark's report to ``p``: ``--out FILE``, where it goes (default
    ``benchmarks/<report>``), and ``--no-write``, which writes nothing (``no_write`` says what
    is printed then)."""
    p.add_argument(
        "--out",
        type=Path,
        default=Path(__file__).resolve().parent / report,
        metavar="FILE",
        help=f"where the report goes (default: benchmarks/{report})",
    )
    p.add_argument("--no-write", action="store_true", help=no_write)


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
    rows = (_cells(row) for result in results for row in result.rows)
    return "\n".join(md_table(TABLE_COLUMNS, rows, text=4))


# ------------------------------------------------------------------------------------- ratios


def ratio(value: float) -> str:
    """×0.83, ×12.3, ×1,234: two significant digits at least."""
    if value < 10:
        return f"×{value:.2f}"
    return f"×{value:.1f}" if value < 100 else f"×{value:,.0f}"


PAIR_COLUMNS = [
    "game",
    "technique",
    "ours",
    "peer",
    "nodes: ours / peer",
    "positions: ours / peer",
    "CPU s: ours / peer",
    "peer's time / ours",
    "per node: peer's / ours",
]
"""The columns of the like-for-like and the best-against-best tables: one pair of rows each."""


def pair_cells(game: str, technique: str, ours: Row, peer: Row | None) -> list[object]:
    """One line of a comparison: our row against a peer's (``None``: no peer has it)."""
    if peer is None:
        nodes, positions = count_text(ours.nodes), count_text(ours.positions)
        return [game, technique, ours.algorithm, "no peer has it", nodes, positions, "", "", ""]
    both = f"{count_text(ours.nodes)} / {count_text(peer.nodes)}"
    positions = f"{count_text(ours.positions)} / {count_text(peer.positions)}"
    times = f"{seconds_text(ours.seconds)} / {seconds_text(peer.seconds)}"
    per_node = Ratio.of(ours, peer, per_node=True).compared() if ours.nodes and peer.nodes else ""
    return [
        game,
        technique,
        ours.algorithm,
        peer.name(),
        both,
        positions,
        times,
        Ratio.of(ours, peer).compared(),
        per_node,
    ]


def like_for_like(results: Sequence[CaseResult]) -> list[list[object]]:
    """Per case and technique (but "best"), each of our rows against each peer's row."""
    lines: list[list[object]] = []
    for result in results:
        for technique in TECHNIQUES[:-1]:
            rows = [row for row in result.rows if row.technique == technique]
            peers = [row for row in rows if not row.ours]
            for ours in (row for row in rows if row.ours):
                others: list[Row | None] = [*peers] or [None]
                lines.extend(pair_cells(result.case.game, technique, ours, p) for p in others)
    return lines


def fastest(rows: Iterable[Row]) -> Row | None:
    return min(rows, key=lambda row: row.seconds, default=None)


def best_against_best(results: Sequence[CaseResult]) -> list[list[object]]:
    """Per case, our fastest row against each peer's fastest, whatever their techniques."""
    lines = []
    for result in results:
        ours = fastest(row for row in result.rows if row.ours)
        if ours is None or not result.case.compare_best:
            continue
        libraries = dict.fromkeys(row.library for row in result.rows if not row.ours)
        for library in libraries:
            peer = fastest(row for row in result.rows if row.library == library)
            assert peer is not None
            technique = f"{ours.technique} / {peer.technique}"
            lines.append(pair_cells(result.case.game, technique, ours, peer))
    return lines


def target_lines(result: CaseResult) -> list[str]:
    """The case's targets, each marked met, missed or within noise, with the numbers."""
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
    peer, quickest = fastest(peers), fastest(ours)
    if peer is not None and quickest is not None and case.compare_best and case.time_target:
        chosen = [row for row in ours if row.algorithm.split(" (")[0] in case.best]
        lines.extend(_speed_target(case, row, peer) for row in chosen or [quickest])
    if case.per_node is not None:
        mine, library = case.per_node
        for row in ours:
            if row.algorithm != mine:
                continue
            for other in peers:
                if other.library == library and other.technique == row.technique and row.nodes:
                    r = Ratio.of(row, other, per_node=True)
                    lines.append(
                        f"- Target {r.verdict()}: {row.algorithm} at least as fast per node as "
                        f"{other.name()} (both {row.technique}): {other.name()}'s time per node "
                        f"over ours {r.text()}; {count_text(row.nodes_per_second)} against "
                        f"{count_text(other.nodes_per_second)} nodes per CPU second."
                    )
    return lines


def _speed_target(case: Case, row: Row, peer: Row) -> str:
    """Our row against the fastest peer (best against best) and the case's speed target."""
    r = Ratio.of(row, peer)
    goal = case.speedup_target
    want = f"at least {ratio(goal)} faster than" if goal > 1 else "no slower than"
    return (
        f"- Target {r.verdict(goal)} (best against best): {row.algorithm} "
        f"({seconds_text(row.seconds)} s) {want} the fastest peer, {peer.name()} "
        f"({seconds_text(peer.seconds)} s, {peer.technique}): {r.text()}."
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


def versions(results: Sequence[CaseResult] = ()) -> dict[str, str]:
    """The versions of gamesolver and of the peers (those installed), and those that the cases
    of ``results`` name where a peer of theirs ran (``Case.more_versions``)."""
    found = {}
    for name, distribution in {OURS: OURS, **PEERS}.items():
        try:
            found[name] = version(distribution)
        except PackageNotFoundError:
            found[name] = "not installed"
    for result in results:
        if result.case.more_versions is not None and any(not row.ours for row in result.rows):
            found.update(result.case.more_versions())
    return found


def load_average() -> str:
    """The load averages over 1, 5 and 15 minutes (other work on the machine slows a run)."""
    return "/".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"


def machine() -> str:
    return (
        f"{platform.machine()}, {cpu_model()}, {os.cpu_count()} cores, "
        f"{platform.system()} {platform.release()}"
    )


def package_versions(*names: str) -> str:
    """The installed version of each package, in words: ``"gamesolver 0.1.0, chess 1.11.2"``
    (``"open_spiel not installed"`` for one that is not)."""
    found = []
    for name in names:
        try:
            found.append(f"{name} {version(name)}")
        except PackageNotFoundError:
            found.append(f"{name} not installed")
    return ", ".join(found)


@dataclass(frozen=True)
class Started:
    """When and how a benchmark's run started, for the note of its report: the command as it
    was typed, the time, the load average then, and ``time.perf_counter()`` then."""

    command: str
    when: datetime
    load_before: str
    clock: float

    @classmethod
    def now(cls, module: str, argv: Sequence[str] | None = None) -> Started:
        """A run of ``python -m <module>`` with the arguments ``argv`` (None: the command
        line's), starting now."""
        arguments = sys.argv[1:] if argv is None else argv
        command = " ".join([f"python -m {module}", *arguments])
        return cls(command, datetime.now(UTC), load_average(), time.perf_counter())

    def took(self) -> float:
        """The seconds since the start (wall clock)."""
        return time.perf_counter() - self.clock

    def note(self, versions: str, finished: bool = True) -> str:
        """The start of a report's note: when and how the run was made, for how long, on what
        machine, under what load and with which versions (``package_versions``); a run not
        ``finished`` says so. The benchmark adds what its times mean."""
        took = self.took()
        duration = f"{took / 60:.0f} minutes" if took >= 120 else f"{took:.0f} s"
        state = "in all" if finished else "so far: the run is still going or was cut short"
        return (
            f"Run {self.when:%Y-%m-%d %H:%M} UTC with `{self.command}` ({duration} {state}) on"
            f" {machine()}, load average (1, 5, 15 min) {self.load_before} before and"
            f" {load_average()} {'after the run' if finished else 'now'}; Python"
            f" {platform.python_version()}; {versions}"
        )


NODE_NOTES = """\
**How nodes and positions are counted.** *Nodes* are value calls: each call of the library's
recursive value function, cache hits and finished positions included, plus the start position
where a library's top level expands it without calling its value function. *Positions* are every
position whose utility, estimate or table entry the search looks at: the nodes, plus the
children that move ordering ranks before searching them (ours with `--order` and
`iterative_deepening`: each ranked child's table entry, utility or heuristic is read; counted by
wrapping the notebook's `move_order` in the counting run). No peer ranks children (easyAI's table
tries its stored move first, read from the node's own entry), so their positions are their nodes.
Nodes per second are nodes over the median CPU seconds. In detail:

- *gamesolver*: `stats.calls`, the value calls that the algorithms of `Solver.ipynb` count
  themselves. `alpha_beta_memo` and `iterative_deepening` find the move in the same search
  (`stats.line`), as the peers do; the others return the value only, and their move is then
  chosen by `best_move` (with `random.Random(0)`, among the optimal moves) with the same
  algorithm, outside the timed search; what that costs is listed in the notes.
- *easyAI*: calls of `negamax` (for `Negamax`) or of `solve_with_depth_first_search`, counted by
  replacing the function in its module during the counting run; the recursion goes through the
  module, so every call is counted, the first one included.
- *aima3*: calls of the game's `terminal_test` (or the cut-off test), which `max_value` and
  `min_value` call exactly once each, plus 1 for the start position, which the top level
  expands itself. These functions return the move only: the value is read in the counting run
  as the best of the values that `min_value` returns to the top level.
- *OpenSpiel*: calls of `expectiminimax` and of `_alpha_beta` (module functions of
  `open_spiel.python.algorithms.minimax`, replaced during the counting run), and for
  `MinimaxSolver` the calls of `_create_table` (table hits included) plus the finished children
  that it evaluates in place instead of calling `_create_table`.

The counts are the same where the trees are: plain minimax visits every node of the game tree in
every library, and alpha-beta with the same window and move order visits the same nodes. Where
a peer cannot be given our window (aima3's searches start with (-∞, ∞)) or keeps another
representation (Nim's emptied piles), the nodes differ and the per-node ratio is the fairer one;
the notes of each case say where.
"""


def markdown(
    results: Sequence[CaseResult],
    settings: Settings,
    when: datetime,
    took: float | None = None,
    load_before: str | None = None,
) -> str:
    """``results.md``: the header, the like-for-like table, best against best, the targets,
    every row measured and the notes.

    ``when`` the run started, ``took`` seconds, with the load average ``load_before`` it.
    """
    after = load_average()
    before = f"{load_before} before and " if load_before else ""
    load = f"load average (1, 5, 15 min) {before}{after} after the run"
    duration = ""
    if took is not None:
        duration = f", {took / 60:.0f} minutes" if took >= 120 else f", {took:.0f} s"
    libraries = ", ".join(f"{name} {v}" for name, v in versions(results).items())
    lines = [
        "### Results",
        "",
        f"Measured on {when:%Y-%m-%d %H:%M} UTC with `make bench` (`python -m benchmarks`"
        f"{duration}) on {machine()}, {load}; Python {platform.python_version()}; {libraries}.",
        "",
        f"**Times are CPU seconds** (`time.process_time` of the search alone: new game objects "
        f"and tables are made before each run, the garbage collector is off during it): the "
        f"median of {settings.runs} runs, interleaved round by round between the libraries of a "
        f"case, so that the machine's load falls on each alike; a search whose first run takes "
        f"longer than {settings.long_after:g} s runs {settings.long_runs} times; a run is "
        f"stopped after {settings.budget:g} s. Before its timed runs, each search runs once "
        "to count its nodes (instrumented, not timed), which also warms it up. A ratio "
        "between two rows is the ratio of their medians, with the range their runs allow: "
        "from the fastest run of one against the slowest of the other to the other way round; "
        '"faster", "slower", "met" and "missed" are said only where the whole range lies '
        'on one side, otherwise "within noise". A ratio above 1 is in our favour.',
        "",
        "#### Like for like",
        "",
        "Each of our rows against each peer's row of the same technique (minimax; minimax "
        "with a table; plain alpha-beta; alpha-beta with a table; alpha-beta with move "
        "ordering), each peer at its best settings for the same work.",
        "",
        *md_table(PAIR_COLUMNS, like_for_like(results), text=4),
        "",
        "#### Best against best",
        "",
        "Per case, our fastest row against each peer's fastest row, whatever their techniques "
        "(labelled ours / peer): not like for like.",
        "",
        *md_table(PAIR_COLUMNS, best_against_best(results), text=4),
        "",
        "#### Targets",
        "",
    ]
    for result in results:
        lines.extend(target_lines(result))
    lines += ["", "#### Every row measured", "", markdown_table(results), "", NODE_NOTES]
    for result in results:
        lines.extend(case_notes(result))
    return "\n".join(lines).rstrip() + "\n"


def case_notes(result: CaseResult) -> list[str]:
    """One case's notes: the case's own, the values, what did not run, the moves chosen."""
    case = result.case
    lines = [f"**{case.game}, {case.position}.**", ""]
    lines.extend(f"- {note}" for note in case.notes)
    values = {value_text(row.value) for row in result.rows}
    if case.same_values:  # else each library's own score, as the case's notes say
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
                f"- {row.name()}: choosing the move with `best_move` took {choice.nodes:,} more "
                f"value calls and {seconds_text(choice.seconds)} CPU s (the median of up to 3)."
            )
    return [*lines, ""]


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
    """Run every case; with ``verbose``, say on stderr what runs."""

    def progress(label: str) -> None:
        print(f"  {label} ...", file=sys.stderr, flush=True)

    return [run_case(case, settings, progress if verbose else None) for case in cases]
