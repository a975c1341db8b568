"""Grading a class: every student's notebook checked against a specification, each in its own
process with a time and a memory limit.

``python -m gamesolver grade SUBMISSIONS... --function NAME --spec SPEC`` loads each notebook
(a folder stands for the notebooks in it) in a fresh Python process, takes the function ``NAME``
from it and runs ``check_algorithm`` (``gamesolver.exercises``) on it. Grading runs the students'
code, so each process is bounded:

- **time**: the wall-clock ``time_limit`` (loading and checking together); a process still running
  then is killed, and the CPU time is limited as well (``RLIMIT_CPU``), in case the parent is
  gone; when a job ends, finished or killed, its process group is killed (what the student's
  code started in it goes too);
- **memory**: ``RLIMIT_AS``, ``memory_mb`` beyond what the process uses before the notebook is
  loaded; an allocation beyond it fails with a ``MemoryError`` in the student's code;
- **its own process**: ``sys.exit()``, a crash or a killed process ends that row, not the grading;
  the student's output goes to ``/dev/null``.

The limits protect the grading and the machine from a student's mistake, not from malice: the
code runs as the lecturer's user, with the lecturer's files and network (use a container or an
unprivileged account for code you do not trust).

One row per notebook: passed or the condition that failed (or why the notebook could not be
checked: it could not be loaded, ran out of time or memory, exited, or the check stopped on
something the student's function did), the counterexample as a nested list, the value calls, the
seconds, and a note on what is odd about a row that is not a failure (a value-calls counter that
went down).
"""

from __future__ import annotations

import contextlib
import csv
import importlib
import json
import math
import os
import resource
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from gamesolver.table import Table, fmt

COLUMNS = ("notebook", "passed", "condition", "counterexample", "calls", "seconds", "note")
"""The CSV columns, one row per notebook."""

MIN_MEMORY_MB = 20
"""The smallest memory limit: the check itself allocates as it runs (hypothesis's examples, the
course's games: 3 MB measured, beyond what is loaded before the limit), and a smaller limit
would fail the grader's work and blame the student for it."""

MAX_SECONDS = 86_400
"""The largest time limit, a day: the CPU limit of a student's process is made from it, and the
operating system refuses one beyond its range."""

PRELOADED = ("numpy.random", "secrets", "hmac")
"""Modules the check imports only at its first example (hypothesis seeds numpy's generator):
imported before the limits, so that a tight memory limit does not fail the grader's import."""


@dataclass
class Row:
    """The grade of one notebook."""

    notebook: str
    passed: bool
    condition: str = ""
    """The condition that failed, or why the notebook could not be checked (empty on a pass)."""
    counterexample: str = ""
    calls: int = 0
    seconds: float = 0.0
    checked: bool = True
    """False if the notebook could not be checked (not loaded, out of time or memory, exited)."""
    note: str = ""
    """What is odd about a row that the condition does not say (a counter that went down)."""


def notebooks(submissions: Sequence[str]) -> list[Path]:
    """The notebooks given: files as they are, folders as the ``.ipynb`` files in them."""
    found: list[Path] = []
    for text in submissions:
        path = Path(text)
        found += sorted(path.glob("*.ipynb")) if path.is_dir() else [path]
    return found


# -- in the student's process ---------------------------------------------------------------------


def check_one(notebook: str, function: str, spec: str, memory_mb: float, cpu_seconds: int) -> Row:
    """Load ``notebook`` and check its ``function`` against ``spec``, under the limits; runs in
    the student's own process (``worker``)."""
    from gamesolver.exercises import check_algorithm, course_games, course_solver
    from gamesolver.notebook import describe_error, load_notebook

    course_solver(), course_games()  # the grader's part, loaded before the limits
    for name in PRELOADED:
        with contextlib.suppress(ImportError):  # (numpy is hypothesis's option, not a need)
            importlib.import_module(name)
    import psutil

    used = psutil.Process().memory_info().vms
    limit = used + int(memory_mb * 2**20)
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds + 1))
    row = Row(notebook, False, checked=False)
    try:
        module = load_notebook(notebook)
    except BaseException as error:  # a cell that raises, a notebook that cannot be read
        row.condition = (
            _stopped(error, memory_mb) or f"could not be loaded: {describe_error(error)}"
        )
        return row
    student = getattr(module, function, None)
    if not callable(student):
        row.condition = f"no function {function} in the notebook"
        return row
    try:
        check = check_algorithm(student, spec)
    except BaseException as error:  # raised by the student's function past the check's guard
        row.condition = _stopped(error, memory_mb) or f"the check stopped: {describe_error(error)}"
        return row
    row.passed, row.condition, row.checked = check.passed, check.condition, True
    row.counterexample, row.calls = check.counterexample, check.calls
    if row.calls < 0:
        row.note = "its value calls went down (stats.calls -= 1?): the calls are not a count"
    return row


def _stopped(error: BaseException, memory_mb: float) -> str:
    """Why ``error`` stopped the check where that is not the code's own error: the memory limit
    (a ``MemoryError``, or an import whose shared library the limit left no room to map), or
    ``sys.exit``; else ``""``. Ctrl-C goes on."""
    from gamesolver.notebook import describe_error

    if isinstance(error, KeyboardInterrupt):
        raise error
    if isinstance(error, SystemExit):
        return f"the notebook called sys.exit({'' if error.code is None else repr(error.code)})"
    unmapped = isinstance(error, ImportError) and "failed to map segment" in describe_error(error)
    if isinstance(error, MemoryError) or unmapped:
        return f"ran out of memory ({fmt(memory_mb)} MB)"
    return ""


def worker(arguments: Sequence[str]) -> int:
    """``python -m gamesolver.grade NOTEBOOK FUNCTION SPEC MEMORY_MB CPU_SECONDS RESULT``: check
    one notebook and write its row as JSON to RESULT."""
    notebook, function, spec, memory_mb, cpu_seconds, result = arguments
    row = check_one(notebook, function, spec, float(memory_mb), int(cpu_seconds))
    Path(result).write_text(json.dumps(asdict(row)), encoding="utf-8")
    return 0


# -- in the grader's process ----------------------------------------------------------------------


@dataclass
class _Running:
    notebook: Path
    process: subprocess.Popen[bytes]
    result: Path
    started: float


def _finish(job: _Running, timed_out: bool, time_limit: float) -> Row:
    """The row of a finished (or killed) process."""
    seconds = time.perf_counter() - job.started
    name = str(job.notebook)
    if timed_out:
        reason = f"ran out of time ({fmt(time_limit)} s)"
        return Row(name, False, reason, seconds=seconds, checked=False)
    try:
        row = Row(**json.loads(job.result.read_text(encoding="utf-8")))
    except (OSError, ValueError, TypeError):
        status = job.process.returncode
        if status == -signal.SIGXCPU:
            reason = f"ran out of time ({fmt(time_limit)} s of CPU)"
        elif status == -signal.SIGKILL:
            reason = "was killed (out of memory?)"
        elif status < 0:
            reason = f"was killed by signal {signal.Signals(-status).name}"
        else:
            reason = f"exited with status {status} before its check was written"
        return Row(name, False, reason, seconds=seconds, checked=False)
    row.notebook, row.seconds = name, seconds
    return row


def grade(
    paths: Sequence[Path],
    function: str,
    spec: str,
    jobs: int = 2,
    time_limit: float = 60.0,
    memory_mb: float = 1000.0,
) -> list[Row]:
    """Check ``function`` of each notebook against ``spec``, ``jobs`` processes at a time, each
    within ``time_limit`` seconds and ``memory_mb`` MB; one row per notebook, in their order."""
    rows: dict[Path, Row] = {}
    waiting = list(paths)
    running: list[_Running] = []
    started = 0  # the jobs started so far: each job's result file has its own number
    with tempfile.TemporaryDirectory(prefix="gamesolver-grade-") as folder:
        while waiting or running:
            while waiting and len(running) < jobs:
                notebook = waiting.pop(0)
                result = Path(folder) / f"{started}-{notebook.stem}.json"
                started += 1
                cpu = math.ceil(time_limit) + 1
                command = [sys.executable, "-m", "gamesolver.grade", str(notebook.resolve())]
                command += [function]
                command += [spec, str(memory_mb), str(cpu), str(result)]
                environment = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "MPLBACKEND": "Agg"}
                process = subprocess.Popen(
                    command,
                    stdin=subprocess.DEVNULL,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                    cwd=notebook.parent,
                    env=environment,
                    start_new_session=True,  # its own process group: killed with its children
                )
                running.append(_Running(notebook, process, result, time.perf_counter()))
            time.sleep(0.05)
            for job in list(running):
                done = job.process.poll() is not None
                late = not done and time.perf_counter() - job.started > time_limit
                if not done and not late:
                    continue
                # the process group goes with the job, finished or late: a process the
                # student's code started in it does not outlive the grading
                with contextlib.suppress(ProcessLookupError):  # nothing left in the group
                    os.killpg(job.process.pid, signal.SIGKILL)
                job.process.wait()
                running.remove(job)
                rows[job.notebook] = _finish(job, late, time_limit)
    return [rows[path] for path in paths]


def summary(rows: Sequence[Row]) -> str:
    """One line: how many notebooks passed, failed, and could not be checked (and why)."""
    passed = sum(row.passed for row in rows)
    unchecked = [row for row in rows if not row.checked]
    failed = len(rows) - passed - len(unchecked)
    notebooks = "notebook" if len(rows) == 1 else "notebooks"
    line = f"{len(rows)} {notebooks}: {passed} passed, {failed} failed the specification"
    if unchecked:
        line += f", {len(unchecked)} could not be checked"
    return line


def table(rows: Sequence[Row]) -> Table:
    """The rows as a table for the terminal."""
    shown = Table(["notebook", "passed", "condition", "counterexample", "calls", "seconds"])
    for row in rows:
        shown.add(
            Path(row.notebook).name,
            "true" if row.passed else "false",
            row.condition,
            row.counterexample,
            row.calls,
            f"{row.seconds:.1f}",
        )
    return shown


def notes(rows: Sequence[Row]) -> list[str]:
    """The rows' notes, a line each, to print below the table: ``"anna.ipynb: ..."``."""
    return [f"{Path(row.notebook).name}: {row.note}" for row in rows if row.note]


def write_csv(rows: Sequence[Row], path: str) -> None:
    """The rows as CSV with the columns ``COLUMNS`` (``passed`` as ``true`` or ``false``)."""
    with open(path, "w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(COLUMNS)
        for row in rows:
            writer.writerow(
                [
                    row.notebook,
                    "true" if row.passed else "false",
                    row.condition,
                    row.counterexample,
                    row.calls,
                    f"{row.seconds:.2f}",
                    row.note,
                ]
            )


if __name__ == "__main__":
    raise SystemExit(worker(sys.argv[1:]))
