"""Chess: ``Chess-Engine.ipynb``'s engine on Win at Chess, against sunfish and Stockfish.

``python -m benchmarks.chess [--budgets 0.5,2] [--positions N|A-B]
[--parts ours,sunfish,stockfish,judge,ablation,ladder] [--judge-positions N|A-B]
[--ablation-positions N|A-B] [--ladder-openings N] [--ladder-budget S] [--ladder-depth N]
[--out FILE] [--no-write]``

The 300 positions of ``gamesolver/data/chess/wac.epd`` (``WinAtChess`` of the notebook); a
position is solved when the move played is one of its ``bm`` moves. The parts, in this order
(the headline numbers first; the report is rewritten after each part, so a run cut short keeps
what it did):

- *ours* and *sunfish*, for each budget in turn: the notebook's ``Engine()`` (every technique on,
  ``time.process_time``: CPU seconds of this process) searches each position for the budget;
  then sunfish (PyPI ``sunfish``, Thomas Ahle's engine) in its own process, driven over UCI by
  python-chess with ``go movetime`` of the same budget, its clocks switched to its own process's
  CPU time by ``benchmarks/sunfish_uci.py``. Sunfish lives in its own venv (``.venv-sunfish``,
  created here on first use with ``python -m venv`` and ``pip install sunfish``), so that its
  requirements cannot change the course's python-chess. The CPU seconds each engine actually
  used are measured from outside too (``psutil`` for sunfish's process) and reported.
- *stockfish*: Debian's ``stockfish`` at 0.1 s per position (``go movetime 100``: its wall
  time, one thread), the ceiling. Not installed here: skipped, with the command to install it.
- *judge*: on the first 100 positions (``--judge-positions``), our move at 1 s against
  Stockfish's best, both judged by Stockfish at depth 18: the position after each move is
  evaluated from the mover's side, each score clamped to ±1000 centipawns (a mate counts as
  beyond the clamp), and the loss is ``max(0, best - ours)``.
- *ablation*: ours at the first budget with each technique of ``Techniques`` switched off
  (``Engine(**{name: False})``) on ``--ablation-positions`` (default: all of ``--positions``).
- *ladder*: each rung of the notebook's ``Ladder`` of estimates (the terms of the lecture's
  ``estimate``: placement, the bishop pair)
  against the one before it, with the notebook's ``match``: ``--ladder-openings`` openings, each
  played twice with the colours swapped, both engines at ``--ladder-budget`` CPU seconds a move
  (or to ``--ladder-depth``, for quick checks). Measured effects only: no target.

The report goes to ``benchmarks/chess.md`` (keeping the section that ``benchmarks/chess_play.py``
writes there, between its markers); a target missed is reported as missed, and the exit
status is 1 only if the test positions are wrong (a position without a legal best move).
"""

from __future__ import annotations

import argparse
import contextlib
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import chess
import chess.engine

from benchmarks.harness import (
    Rung,
    Started,
    md_table,
    package_versions,
    parts_options,
    report_options,
)
from benchmarks.lectures import CHESS_ENGINE, ChessEngine, EpdOperations, chess_engine

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
NOTEBOOK = CHESS_ENGINE
"""The engine's notebook (it runs Chess.ipynb, the lecture, first)."""
PARTS = ("ours", "sunfish", "stockfish", "judge", "ablation", "ladder")
POSITIONS = 300
TARGETS = {0.5: 120, 2.0: 145}
"""Positions of the 300 our engine should solve at each budget (and more than sunfish)."""
ISSUE = [
    ("sunfish (PyPI `sunfish`)", "86 / 300", "136 / 300", "19k"),
    ("the issue's plain reference (material only)", "116 / 300", "140 / 300", "58k"),
    ("Stockfish 15.1 (Debian)", "248 / 300 at 0.1 s", "", "1.36M"),
]
"""The issue's table: engine, solved at 0.5 s, at 2 s, nodes per second."""
REFERENCE_LOSS = 151
"""The issue's reference loses 151 centipawns a move on average (median 0) in the judge."""
STOCKFISH_BUDGET = 0.1
JUDGE_BUDGET = 1.0
JUDGE_DEPTH = 18
JUDGE_POSITIONS = 100
CLAMP = 1000
SUNFISH_VENV = ROOT / ".venv-sunfish"
SUNFISH_RUNNER = HERE / "sunfish_uci.py"
SUNFISH_INSTALL = "python3 -m venv .venv-sunfish && .venv-sunfish/bin/pip install sunfish"
STOCKFISH_INSTALL = "apt-get install stockfish (Debian and Ubuntu put it in /usr/games)"


def verdict(met: bool) -> str:
    return "met" if met else "MISSED"


# ------------------------------------------------------------------------------- positions


Positions = Sequence[tuple[chess.Board, EpdOperations]]
"""Win at Chess: (board, operations) for positions 1 to 300."""


def load_positions(nb: ChessEngine) -> Positions:
    """The notebook's ``WinAtChess``."""
    return list(nb.WinAtChess)


def best_moves(operations: EpdOperations) -> list[chess.Move]:
    """A position's best moves (its operation ``bm``; none if it names none)."""
    moves = operations.get("bm")
    return moves if isinstance(moves, list) else []


def wrong_positions(positions: Positions) -> list[int]:
    """The numbers of positions without a best move that is legal there."""
    return [
        number
        for number, (board, ops) in enumerate(positions, start=1)
        if not best_moves(ops) or not all(board.is_legal(move) for move in best_moves(ops))
    ]


def numbers_option(text: str) -> list[int]:
    """An argparse type: ``N`` (the first N positions) or ``A-B`` (positions A to B)."""
    try:
        if "-" in text:
            low, high = (int(part) for part in text.split("-", 1))
        else:
            low, high = 1, int(text)
    except ValueError:
        low, high = 0, 0
    if not 1 <= low <= high <= POSITIONS:
        raise argparse.ArgumentTypeError(
            f"takes N or A-B, positions between 1 and {POSITIONS}: {text!r}"
        )
    return list(range(low, high + 1))


def budgets_option(text: str) -> list[float]:
    try:
        budgets = [float(part) for part in text.split(",") if part.strip()]
    except ValueError:
        budgets = []
    if not budgets or any(not b > 0 for b in budgets):
        raise argparse.ArgumentTypeError(f"takes seconds above 0, comma-separated: {text!r}")
    return budgets


def range_text(numbers: Sequence[int]) -> str:
    if not numbers:
        return "none"
    if list(numbers) == list(range(numbers[0], numbers[-1] + 1)):
        return f"{numbers[0]}-{numbers[-1]}"
    return ", ".join(map(str, numbers))


# ------------------------------------------------------------------------------------ runs


@dataclass
class Attempt:
    """One engine's move in one position."""

    number: int
    solved: bool
    move: str
    seconds: float
    """CPU seconds the search took (the engine's process)."""
    nodes: int | None = None
    depth: int | None = None


@dataclass
class Run:
    """One engine at one budget on a set of positions."""

    engine: str
    budget: float
    attempts: list[Attempt] = field(default_factory=list)
    note: str = ""

    @property
    def solved(self) -> int:
        return sum(a.solved for a in self.attempts)

    @property
    def seconds(self) -> float:
        return sum(a.seconds for a in self.attempts)

    @property
    def nodes(self) -> int | None:
        counted = [a.nodes for a in self.attempts if a.nodes is not None]
        return sum(counted) if counted else None

    @property
    def nps(self) -> float | None:
        nodes = self.nodes
        return nodes / self.seconds if nodes is not None and self.seconds > 0 else None

    @property
    def median_depth(self) -> float | None:
        depths = [a.depth for a in self.attempts if a.depth is not None]
        return statistics.median(depths) if depths else None


def progress(text: str) -> None:
    print(f"  {text}", file=sys.stderr, flush=True)


def run_ours(
    nb: ChessEngine,
    positions: Positions,
    numbers: Sequence[int],
    budget: float,
    off: str | None = None,
) -> Run:
    """The notebook's ``Engine()`` (``off`` switched off) at ``budget`` CPU seconds a position."""
    options = {} if off is None else {off: False}
    run = Run("ours" if off is None else f"ours without {off}", budget)
    for number in numbers:
        board, ops = positions[number - 1]
        engine = nb.Engine(**options, clock=time.process_time)
        start = time.process_time()
        found = engine.search(board.copy(), budget=budget)
        seconds = time.process_time() - start
        run.attempts.append(
            Attempt(
                number,
                found.move in best_moves(ops),
                board.san(found.move),
                seconds,
                found.nodes,
                found.depth,
            )
        )
    return run


# ------------------------------------------------------------------------- other engines


def find_stockfish() -> str | None:
    """Stockfish on the PATH, or in /usr/games where Debian puts it (not on root's PATH)."""
    return shutil.which("stockfish") or shutil.which("stockfish", path="/usr/games")


def find_sunfish(install: bool = True) -> tuple[list[str] | None, str]:
    """The command that runs sunfish over UCI on the CPU clock, or None and why not; with
    ``install``, sunfish's venv is created first if it is missing."""
    python = SUNFISH_VENV / "bin" / "python"
    ready = python.exists() and _has_sunfish(python)
    if not ready and install:
        progress(f"installing sunfish into {SUNFISH_VENV.name} ...")
        try:
            if not python.exists():
                subprocess.run([sys.executable, "-m", "venv", str(SUNFISH_VENV)], check=True)
            subprocess.run(
                [str(python), "-m", "pip", "install", "--quiet", "sunfish"],
                check=True,
                timeout=600,
            )
        except (OSError, subprocess.SubprocessError) as error:
            return None, f"could not be installed ({error})"
        ready = _has_sunfish(python)
    if not ready:
        return None, "not installed"
    return [str(python), str(SUNFISH_RUNNER)], ""


def _has_sunfish(python: Path) -> bool:
    try:
        check = subprocess.run(
            [str(python), "-c", "import sunfish"], capture_output=True, timeout=60
        )
    except (OSError, subprocess.SubprocessError):
        return False
    return check.returncode == 0


def sunfish_version() -> str:
    python = SUNFISH_VENV / "bin" / "python"
    try:
        out = subprocess.run(
            [str(python), "-c", "import importlib.metadata as m; print(m.version('sunfish'))"],
            capture_output=True,
            text=True,
            timeout=60,
        )
    except (OSError, subprocess.SubprocessError):
        return "?"
    return out.stdout.strip() or "?"


def process_cpu(engine: chess.engine.SimpleEngine) -> Callable[[], float | None]:
    """A function that reads the CPU seconds the engine's process has used so far."""
    try:
        import psutil

        process = psutil.Process(engine.transport.get_pid())
    except Exception:
        return lambda: None

    def read() -> float | None:
        try:
            times = process.cpu_times()
        except Exception:
            return None
        return float(times.user + times.system)

    return read


@contextlib.contextmanager
def uci(command: list[str] | str) -> Iterator[chess.engine.SimpleEngine]:
    engine = chess.engine.SimpleEngine.popen_uci(command, stderr=subprocess.DEVNULL)
    try:
        yield engine
    finally:
        with contextlib.suppress(Exception):
            engine.quit()


def engine_name(command: list[str] | str) -> str:
    """The name a UCI engine gives itself (its ``id name``), e.g. "Stockfish 15.1"."""
    with uci(command) as engine:
        return str(engine.id.get("name", "stockfish"))


def needed_stockfish() -> str | None:
    """Stockfish's command, or None after saying on stderr that it is missing and how to
    install it (for a benchmark that cannot run without it)."""
    stockfish = find_stockfish()
    if stockfish is None:
        print(f"stockfish not found; to install it: {STOCKFISH_INSTALL}", file=sys.stderr)
    return stockfish


def run_uci(
    name: str,
    command: list[str] | str,
    positions: Positions,
    numbers: Sequence[int],
    budget: float,
) -> Run:
    """A UCI engine with ``go movetime`` of ``budget`` a position (a new game each position);
    the seconds are the CPU seconds its process used, measured from outside."""
    run = Run(name, budget)
    engine_cm = uci(command)
    engine = engine_cm.__enter__()
    try:
        cpu = process_cpu(engine)
        for number in numbers:
            board, ops = positions[number - 1]
            before = cpu()
            try:
                played = engine.play(
                    board,
                    chess.engine.Limit(time=budget),
                    game=number,
                    info=chess.engine.INFO_BASIC,
                )
                move = played.move
            except chess.engine.EngineError as error:  # an illegal move, or the engine died
                run.note += f" Position {number}: {error}."
                move, played = None, None
                engine_cm.__exit__(None, None, None)
                engine_cm = uci(command)
                engine = engine_cm.__enter__()
                cpu = process_cpu(engine)
                before = None
            after = cpu()
            seconds = after - before if after is not None and before is not None else budget
            info = played.info if played is not None else {}
            run.attempts.append(
                Attempt(
                    number,
                    move is not None and move in best_moves(ops),
                    board.san(move) if move is not None else "none",
                    seconds,
                    info.get("nodes"),
                    info.get("depth"),
                )
            )
    finally:
        engine_cm.__exit__(None, None, None)
    return run


# ----------------------------------------------------------------------------------- judge


@dataclass
class Judged:
    number: int
    ours: str
    best: str
    best_score: int
    our_score: int

    @property
    def loss(self) -> int:
        return max(0, self.best_score - self.our_score)


def clamp(score: chess.engine.PovScore, mover: chess.Color) -> int:
    value = score.pov(mover).score(mate_score=100_000)
    assert value is not None
    return max(-CLAMP, min(CLAMP, value))


def score_after(
    engine: chess.engine.SimpleEngine,
    board: chess.Board,
    move: chess.Move,
    limit: chess.engine.Limit,
) -> int:
    """Stockfish's score of the position after ``move``, for the player who made it, clamped."""
    mover, position = board.turn, board.copy()
    position.push(move)
    if position.is_game_over():  # nothing to search: the result itself
        outcome = position.outcome()
        if outcome is None or outcome.winner is None:
            return 0
        return CLAMP if outcome.winner == mover else -CLAMP
    return clamp(engine.analyse(position, limit)["score"], mover)


def judge(
    nb: ChessEngine,
    stockfish: str,
    positions: Positions,
    numbers: Sequence[int],
    budget: float = JUDGE_BUDGET,
    depth: int = JUDGE_DEPTH,
) -> tuple[Run, list[Judged]]:
    """Our move at ``budget`` against Stockfish's best at ``depth``, both judged at ``depth``."""
    ours = run_ours(nb, positions, numbers, budget)
    judged = []
    limit = chess.engine.Limit(depth=depth)
    with uci(stockfish) as engine:
        for attempt in ours.attempts:
            board = positions[attempt.number - 1][0]
            best = engine.analyse(board, limit, game=attempt.number)["pv"][0]

            best_score = score_after(engine, board, best, limit)
            our_move = board.parse_san(attempt.move)
            our_score = (
                best_score if our_move == best else score_after(engine, board, our_move, limit)
            )
            judged.append(
                Judged(attempt.number, attempt.move, board.san(best), best_score, our_score)
            )
    return ours, judged


# ---------------------------------------------------------------------------------- report


def run_ladder(
    nb: ChessEngine, openings: int, budget: float | None, depth: int | None
) -> list[Rung]:
    """Each rung of ``nb.Ladder`` against the one before, with ``nb.match``: ``openings``
    seeded openings, each played twice with the colours swapped, at ``budget`` CPU seconds a
    move (or to ``depth``)."""
    rungs = []
    for (before, b), (name, a) in zip(nb.Ladder, nb.Ladder[1:], strict=False):
        progress(f"ladder: {name} against {before} ...")
        start = time.process_time()
        played = nb.match(a, b, openings, budget=budget, depth=depth)
        seconds = time.process_time() - start
        won, drawn, lost = played["won"], played["drawn"], played["lost"]
        rungs.append(Rung(name, before, won, drawn, lost, played["plies"], seconds))
    return rungs


def ladder_text(r: Results) -> list[str]:
    lines = ["## The ladder of estimates", ""]
    if not r.ladder:
        return [*lines, "Not run.", ""]
    games = r.ladder[0].won + r.ladder[0].drawn + r.ladder[0].lost
    lines += [
        f"Each rung of the notebook's `Ladder` (the terms of the lecture's estimate added one at a"
        f" time to the material) against the rung before it: `match(a, b, ...)`, {games // 2}"
        " seeded openings of four random moves, each played twice with the colours swapped, both"
        f" sides the notebook's `Engine` at {r.ladder_limit}, so that a term pays for its"
        " computing with depth. A game ends by the rules or after `MaxPlies` plies, a draw. Won,"
        " drawn and lost are the newer rung's. Small samples: with d decisive games, wins minus"
        " losses within about ±2√d is what chance gives.",
        "",
    ]
    rows = [
        [
            rung.estimate,
            rung.against,
            rung.won + rung.drawn + rung.lost,
            rung.won,
            rung.drawn,
            rung.lost,
            f"{rung.won - rung.lost:+d}",
            f"{statistics.median(rung.plies):g}",
            f"{rung.seconds:.0f}",
        ]
        for rung in r.ladder
    ]
    head = ["estimate", "against", "games", "won", "drawn", "lost", "wins − losses", "plies"]
    lines += md_table([*head, "CPU s"], rows)
    return [*lines, ""]


@dataclass
class Results:
    numbers: list[int]
    budgets: list[float]
    ours: dict[float, Run] = field(default_factory=dict)
    sunfish: dict[float, Run] = field(default_factory=dict)
    stockfish: Run | None = None
    judge_run: Run | None = None
    judged: list[Judged] = field(default_factory=list)
    ablation: list[Run] = field(default_factory=list)
    ladder: list[Rung] = field(default_factory=list)
    ladder_limit: str = ""
    """How the ladder's games were searched: "0.1 s a move" or "depth 1"."""
    skipped: dict[str, str] = field(default_factory=dict)
    """part: why it was not run."""
    sunfish_version: str = ""
    stockfish_name: str = ""


def number_text(value: float | None, digits: int = 0) -> str:
    if value is None:
        return "—"
    if value >= 1e6:
        return f"{value / 1e6:.2f}M"
    if value >= 1e4:
        return f"{value / 1e3:.0f}k"
    return f"{value:,.{digits}f}"


def run_cells(run: Run) -> list[object]:
    n = len(run.attempts)
    per = run.seconds / n if n else 0.0
    return [
        run.engine,
        f"{run.budget:g} s",
        f"{run.solved} / {n}",
        number_text(run.nodes),
        f"{run.seconds:.1f}",
        f"{per:.2f}",
        number_text(run.nps),
        "—" if run.median_depth is None else f"{run.median_depth:g}",
    ]


RUN_HEAD = [
    "engine",
    "budget",
    "solved",
    "nodes",
    "CPU s",
    "CPU s a position",
    "nodes per CPU s",
    "median depth",
]


def targets(r: Results) -> list[tuple[str, str, bool]]:
    """(what, measured, met) for each target that was measured."""
    found = []
    for budget, goal in TARGETS.items():
        ours = r.ours.get(budget)
        if ours is None:
            continue
        n = len(ours.attempts)
        full = n == POSITIONS
        scaled = goal if full else goal * n / POSITIONS
        what = f"ours solves at least {goal} of 300 at {budget:g} s"
        if not full:
            what += f" (scaled to {n} positions: {scaled:.0f})"
        found.append((what, f"{ours.solved} / {n}", ours.solved >= scaled))
        theirs = r.sunfish.get(budget)
        if theirs is not None:
            found.append(
                (
                    f"ours ahead of sunfish at {budget:g} s, side by side",
                    f"{ours.solved} against {theirs.solved}",
                    ours.solved > theirs.solved,
                )
            )
    return found


def markdown(r: Results, note: str) -> str:
    lines = [
        "# Chess: Win at Chess against sunfish and Stockfish",
        "",
        note,
        "",
        "Generated by `python -m benchmarks.chess` (`benchmarks/chess.py`; its docstring says how"
        " each part is measured). Positions: `gamesolver/data/chess/wac.epd` (Win at Chess, 300"
        " positions; `gamesolver/data/chess/PROVENANCE.md`), numbers "
        f"{range_text(r.numbers)}; a position is solved when the move played is one of its `bm`"
        " moves.",
        "",
        "## Targets",
        "",
    ]
    found = targets(r)
    lines += [f"- Target {verdict(met)}: {what}: {measured}." for what, measured, met in found]
    if not found:
        lines.append(
            "- No target measured in this run (the targets are about ours at 0.5 s and 2 s)."
        )
    lines += ["", "## Solved, side by side", ""]
    runs: list[Run] = []
    for budget in r.budgets:
        runs += [run for run in (r.ours.get(budget), r.sunfish.get(budget)) if run is not None]
    if r.stockfish is not None:
        runs.append(r.stockfish)
    if runs:
        lines += md_table(RUN_HEAD, [run_cells(run) for run in runs], text=2)
        lines.append("")
        lines.append(
            "Ours: `Engine()` of `Chess-Engine.ipynb` (the material as its estimate), every"
            " technique on, its budget in CPU seconds of this process (`time.process_time`); it"
            " starts iterations until the budget is spent and stops the one under way (depth 1"
            " always completes). Sunfish: `go"
            " movetime` of the budget, with sunfish's clocks reading its own process's CPU time"
            " (`benchmarks/sunfish_uci.py`); it stops starting iterations after 2/3 of it, so"
            " it tends to use less than the budget: the CPU seconds columns are measured from"
            " outside its process (`psutil`), and its nodes and depth are those of its last"
            " `info` line (MTD-bi probes; its depth counts differently from ours). Stockfish:"
            " `go movetime 100`, wall time (one thread), its CPU seconds measured likewise."
        )
        for run in runs:
            if run.note:
                lines.append(f"{run.engine} at {run.budget:g} s:{run.note}")
        lines.append("")
    lines += ["The issue's table, for comparison (measured by its authors):", ""]
    lines += md_table(["engine", "0.5 s", "2 s", "nodes per second"], ISSUE)
    lines.append("")
    lines += against_the_issue(r)
    for part in ("sunfish", "stockfish"):
        if part in r.skipped:
            lines += [f"- {part}: skipped: {r.skipped[part]}.", ""]
    lines += judge_text(r)
    lines += ablation_text(r)
    lines += ladder_text(r)
    lines += solved_lists(r)
    return "\n".join(lines).rstrip() + "\n"


def against_the_issue(r: Results) -> list[str]:
    """How this run's sunfish and Stockfish compare with the issue's table, and why they may
    differ (the targets compare engines in the same run, not with the issue's numbers)."""
    lines = []
    if r.sunfish:
        solved = " and ".join(
            f"{run.solved} / {len(run.attempts)} at {budget:g} s"
            for budget, run in r.sunfish.items()
        )
        nps = " and ".join(number_text(run.nps) for run in r.sunfish.values())
        speed = f" at {nps} nodes per CPU second"
        lines.append(
            f"- Sunfish here: {solved}{speed}, against the issue's 86 and 136 at 19k: this"
            " machine is shared and slower than the issue's, and sunfish stops starting"
            " iterations after 2/3 of `movetime` (see its CPU seconds); the issue does not say"
            f" which version of sunfish it measured (this is {r.sunfish_version}). The targets"
            " compare ours with sunfish in the same run."
        )
    if r.stockfish is not None:
        run, n = r.stockfish, len(r.stockfish.attempts)
        lines.append(
            f"- Stockfish here: {run.solved} / {n}, against the issue's 248: its 0.1 s is wall"
            f" time, and on this shared machine it got {run.seconds / n:.2f} CPU s a position,"
            f" {number_text(run.nps)} nodes per CPU second against the issue's 1.36M."
        )
    return [*lines, ""] if lines else []


def judge_text(r: Results) -> list[str]:
    lines = ["## Judged by Stockfish", ""]
    if "judge" in r.skipped:
        return [*lines, f"Skipped: {r.skipped['judge']}.", ""]
    if not r.judged:
        return [*lines, "Not run.", ""]
    losses = [j.loss for j in r.judged]
    mean, median = statistics.mean(losses), statistics.median(losses)
    same = sum(j.ours == j.best for j in r.judged)
    assert r.judge_run is not None
    lines += md_table(
        ["engine", "positions", "our move at", "same as Stockfish's", "mean loss", "median loss"],
        [
            [
                "ours",
                range_text([j.number for j in r.judged]),
                f"{JUDGE_BUDGET:g} s",
                same,
                f"{mean:.0f} cp",
                f"{median:g} cp",
            ],
            ["the issue's reference", "1-100", "1 s", "", f"{REFERENCE_LOSS} cp", "0 cp"],
        ],
        text=3,
    )
    worst = sorted(r.judged, key=lambda j: -j.loss)[:5]
    lines += [
        "",
        f"Stockfish ({r.stockfish_name}) at depth {JUDGE_DEPTH} finds its best move, then"
        " evaluates the position after it and after ours from the mover's side, each clamped"
        f" to ±{CLAMP} (a mate beyond it); loss = max(0, best - ours). Ours solved"
        f" {r.judge_run.solved} of {len(r.judge_run.attempts)} of these at {JUDGE_BUDGET:g} s."
        " The largest losses: "
        + "; ".join(f"{j.number} {j.ours} (Stockfish {j.best}) {j.loss}" for j in worst)
        + ".",
        "",
    ]
    return lines


def ablation_text(r: Results) -> list[str]:
    lines = ["## Ablation: each technique switched off", ""]
    if not r.ablation:
        return [*lines, "Not run.", ""]
    base = r.ablation[0]
    rows = [
        [
            run.engine.removeprefix("ours without ") if run is not base else "nothing",
            f"{run.solved} / {len(run.attempts)}",
            f"{run.solved - base.solved:+d}" if run is not base else "",
            number_text(run.nps),
            "—" if run.median_depth is None else f"{run.median_depth:g}",
        ]
        for run in r.ablation
    ]
    lines += md_table(
        ["switched off", "solved", "against all on", "nodes per CPU s", "median depth"], rows
    )
    numbers = [a.number for a in base.attempts]
    subset = ""
    if len(numbers) < len(r.numbers):
        subset = (
            f" (a subset of the {len(r.numbers)} positions of the other parts, so that the run"
            " fits its time; `--ablation-positions` sets it)"
        )
    lines += [
        "",
        f"At {base.budget:g} s a position on positions {range_text(numbers)}{subset}; the row"
        ' "nothing" is ours at that budget (the same searches as above where they overlap).',
        "",
    ]
    return lines


def solved_lists(r: Results) -> list[str]:
    lines = ["## Which positions", ""]
    for run in [*r.ours.values(), *r.sunfish.values()]:
        missed = [a.number for a in run.attempts if not a.solved]
        lines.append(
            f"- {run.engine} at {run.budget:g} s missed {len(missed)}: "
            + (", ".join(map(str, missed)) or "none")
            + "."
        )
    return [*lines, ""] if len(lines) > 2 else []


# ------------------------------------------------------------------------------------ main


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m benchmarks.chess", description=__doc__.splitlines()[0]
    )
    p.add_argument(
        "--budgets",
        type=budgets_option,
        default=[0.5, 2.0],
        metavar="S,S",
        help="CPU seconds per position for ours and sunfish (default 0.5,2)",
    )
    p.add_argument(
        "--positions",
        type=numbers_option,
        default=list(range(1, POSITIONS + 1)),
        metavar="N|A-B",
        help="the first N positions, or positions A to B (default all 300)",
    )
    p.add_argument(
        "--judge-positions",
        type=numbers_option,
        default=list(range(1, JUDGE_POSITIONS + 1)),
        metavar="N|A-B",
        help=f"positions judged by Stockfish (default the first {JUDGE_POSITIONS})",
    )
    p.add_argument(
        "--ablation-positions",
        type=numbers_option,
        default=None,
        metavar="N|A-B",
        help="positions of the ablation (default: those of --positions)",
    )
    parts_options(p, PARTS)
    report_options(p, "chess.md", "print the report instead")
    p.add_argument(
        "--ladder-openings",
        type=int,
        default=5,
        metavar="N",
        help="openings a rung of the ladder plays, each twice (default 5: 10 games a rung)",
    )
    p.add_argument(
        "--ladder-budget",
        type=float,
        default=0.1,
        metavar="S",
        help="CPU seconds a move in the ladder's games (default 0.1)",
    )
    p.add_argument(
        "--ladder-depth",
        type=int,
        default=None,
        metavar="N",
        help="search the ladder's games to this depth instead of for a time (quick checks)",
    )
    return p


def run(args: argparse.Namespace, nb: ChessEngine, done: Callable[[Results], None]) -> Results:
    """Every part asked for, headline numbers first; ``done`` after each step."""
    positions = load_positions(nb)
    results = Results(list(args.positions), list(args.budgets))
    sunfish: list[str] | None = None
    if "sunfish" in args.parts:
        sunfish, why = find_sunfish()
        if sunfish is None:
            results.skipped["sunfish"] = f"{why}; to install it: `{SUNFISH_INSTALL}`"
        else:
            results.sunfish_version = sunfish_version()
    stockfish = find_stockfish()
    if stockfish is None:
        for part in ("stockfish", "judge"):
            if part in args.parts:
                results.skipped[part] = f"`stockfish` not found; to install it: {STOCKFISH_INSTALL}"
    else:
        results.stockfish_name = engine_name(stockfish)
    for budget in args.budgets:
        if "ours" in args.parts:
            progress(f"ours at {budget:g} s ...")
            results.ours[budget] = run_ours(nb, positions, args.positions, budget)
            done(results)
        if sunfish is not None:
            progress(f"sunfish at {budget:g} s ...")
            name = f"sunfish {results.sunfish_version}"
            results.sunfish[budget] = run_uci(name, sunfish, positions, args.positions, budget)
            done(results)
    if "stockfish" in args.parts and stockfish is not None:
        progress(f"stockfish at {STOCKFISH_BUDGET:g} s ...")
        results.stockfish = run_uci(
            results.stockfish_name, stockfish, positions, args.positions, STOCKFISH_BUDGET
        )
        done(results)
    if "judge" in args.parts and stockfish is not None:
        progress(f"judge: ours at {JUDGE_BUDGET:g} s, stockfish depth {JUDGE_DEPTH} ...")
        results.judge_run, results.judged = judge(nb, stockfish, positions, args.judge_positions)
        done(results)
    if "ablation" in args.parts:
        numbers = args.ablation_positions or args.positions
        budget = args.budgets[0]
        ours = results.ours.get(budget)
        done_already = {a.number: a for a in ours.attempts} if ours is not None else {}
        if all(number in done_already for number in numbers):  # the same searches: reused
            base = Run("ours", budget, [done_already[number] for number in numbers])
        else:
            progress(f"ablation: everything on at {budget:g} s ...")
            base = run_ours(nb, positions, numbers, budget)
        results.ablation = [base]
        for off in nb.Techniques:
            progress(f"ablation: without {off} ...")
            results.ablation.append(run_ours(nb, positions, numbers, budget, off))
            done(results)
    if "ladder" in args.parts:
        depth, budget = args.ladder_depth, None if args.ladder_depth else args.ladder_budget
        results.ladder_limit = f"depth {depth}" if depth else f"{budget:g} CPU s a move"
        results.ladder = run_ladder(nb, args.ladder_openings, budget, depth)
        done(results)
    return results


PLAY_SECTION = ("<!-- BEGIN chess_play -->", "<!-- END chess_play -->")
"""The markers of ``benchmarks/chess_play.py``'s section of the report (kept when rewritten)."""
KEPT_SECTIONS = [PLAY_SECTION, ("<!-- BEGIN chess_lead -->", "<!-- END chess_lead -->")]
"""The sections other scripts write into the report (``chess_play.py``, ``chess_lead.py``)."""


def kept(path: Path, text: str) -> str:
    """``text`` followed by the other scripts' sections of the report now at ``path``."""
    old = path.read_text(encoding="utf-8") if path.exists() else ""
    for begin, end in KEPT_SECTIONS:
        if begin in old and end in old:
            section = begin + old.split(begin, 1)[1].split(end, 1)[0] + end
            text = text.rstrip("\n") + "\n\n" + section + "\n"
    return text


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    started = Started.now("benchmarks.chess", argv)

    def report(results: Results, finished: bool = False) -> str:
        sunfish = f", sunfish {results.sunfish_version}" if results.sunfish_version else ""
        stockfish = f", {results.stockfish_name}" if results.stockfish_name else ""
        versions = package_versions("gamesolver", "chess") + sunfish + stockfish
        return markdown(
            results,
            started.note(versions, finished) + ". Our times are CPU times of this process"
            " (`time.process_time`); the machine is shared (another benchmark may run"
            " alongside), which CPU time counts less than wall time does.",
        )

    def done(results: Results) -> None:
        if not args.no_write:
            args.out.write_text(kept(args.out, report(results)), encoding="utf-8")

    nb = chess_engine()
    wrong = wrong_positions(load_positions(nb))
    if wrong:
        print(f"positions without a legal best move: {wrong}", file=sys.stderr)
        return 1
    results = run(args, nb, done)
    for what, measured, met in targets(results):
        print(f"{verdict(met)}: {what} ({measured})")
    text = report(results, finished=True)
    if args.no_write:
        print(text)
    else:
        args.out.write_text(kept(args.out, text), encoding="utf-8")
        print(f"wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
