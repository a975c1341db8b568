"""Shared fixtures: the notebooks' definitions loaded as modules, once per test session."""

from __future__ import annotations

import fcntl
import functools
import json
import os
import shutil
import types
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest
from handed_in import Graded, hand_in_all
from ipycanvas.canvas import _CANVAS_MANAGER, COMMANDS

from gamesolver import Game
from gamesolver.notebook import cell_source, load_notebook, notebook_cells
from gamesolver.tools.course import release
from gamesolver.tools.grade import CellGrade, grade_class

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"

TIC_TAC_TOE_NOTEBOOKS = ["Tic-Tac-Toe.ipynb", "Tic-Tac-Toe-Bitboard.ipynb"]
"""Every notebook that defines tic-tac-toe: they must agree on values and counts."""

Heap = tuple[int, str]
"""A state of take-away: the matches left, the player to move."""


def take(heap: Heap, player: str) -> list[Heap]:
    """Take 1 or 2 matches (none once the heap is empty)."""
    left, _ = heap
    other = "B" if player == "A" else "A"
    return [(left - k, other) for k in (1, 2) if left - k >= 0] if left else []


def take_away(matches: int) -> Game[Heap, str]:
    """Take-away from a heap of ``matches``, A first: who cannot move has lost, so the player to
    move wins at once with 1 or 2 left, and loses with a multiple of 3 (a toy game for the tests
    of matches and graders, which search nothing themselves)."""
    return Game(
        "take-away",
        ("A", "B"),
        (matches, "A"),
        take,
        lambda heap: heap[0] == 0,
        lambda heap, player: -1 if heap[1] == player else 1,
        describe_move=lambda heap, after: f"take {heap[0] - after[0]}",
        notation=lambda heap, player: str(heap[0]),
    )


LONGEST: dict[str, float] = {
    "tests/test_grading_deep_dives.py": 1010.0,  # (with the players: see below)
    "tests/test_grading.py": 853.0,
    "tests/test_course.py": 318.0,  # (with its own release of the course then)
    "tests/test_exercises.py": 120.0,
    "tests/test_tournament.py": 93.0,  # (at load 14-15)
    "tests/browser/test_browser_slides_more.py": 296.0,
    "tests/browser/test_browser_slides.py": 294.0,
    "tests/browser/test_browser_pages.py": 167.0,
    "tests/browser/test_browser_feedback.py": 94.0,
    "tests/browser/test_browser_checkers.py": 82.0,
    "tests/browser/test_browser_connect_four.py": 81.0,
}
"""The files that take longest, in seconds of one serial run on the shared 2-core machine of
29 November 2026 (load 4 to 10 but where said: a quiet machine takes about a third; the order
is what counts). The deep dives' grading now grades the players of test_player_grading.py
too (``graded``), which only reads that grading: 746 s x 238/176, its CPU seconds with the
players and without them (test_grading.py's: 208; measured at load 3-7).

``make test`` runs the files on two workers (``pytest -n 2 --dist loadfile``, in this order):
a worker takes the next file when it is almost done with its own. Started last, a long file
keeps one worker busy while the other has nothing left to run; so the files start longest
first (``pytest_collection_modifyitems``), these ones in this order, then the others by their
number of tests, as pytest-xdist orders them itself; the browser tests last, in the same order
(see below). One exception, ``BESIDE_THE_RELEASE``. A new file that takes a minute or more
belongs here (``pytest --durations``)."""

BESIDE_THE_RELEASE = "tests/test_exercises.py"
"""Started second, beside the longest grading file, whose worker releases the course for the
run first (``released_course``, 30-80 s): the other grading file, the next longest, needs that
release too and would wait for it doing nothing; this file needs none."""


BROWSER = "tests/browser/"
"""The browser tests' folder: its files run after all the others on a worker (see below)."""


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The browser tests after all the others. On a pytest-xdist worker, besides, the test files
    longest first (``LONGEST``), each file's tests in their order: the two workers end together
    instead of one waiting for the other.

    Why the browser tests come last: Playwright's synchronous API, started once per worker,
    leaves its event loop marked as running in the worker's thread between two of its calls
    (playwright/_impl/_greenlets.py), until it stops at the end of the session. A test run
    after a browser test would find that loop (``asyncio.run`` refuses to start). The workers
    take the files in this order, so a worker that has started on the browser files only ever
    gets browser files after it."""
    files: dict[str, list[pytest.Item]] = {}
    for item in items:
        files.setdefault(item.nodeid.split("::", 1)[0], []).append(item)
    if hasattr(config, "workerinput"):
        order = sorted(
            files,
            key=lambda name: (
                name.startswith(BROWSER),
                -LONGEST.get(name, 0.0),
                -len(files[name]),
            ),
        )
        if BESIDE_THE_RELEASE in order[1:]:
            order.remove(BESIDE_THE_RELEASE)
            order.insert(1, BESIDE_THE_RELEASE)
    else:  # not a worker: the order of the files as written, the browser tests last
        order = sorted(files, key=lambda name: name.startswith(BROWSER))
    items[:] = [item for name in order for item in files[name]]


_loaded: dict[str, types.ModuleType] = {}


def notebook(name: str) -> types.ModuleType:
    """The definitions of ``notebooks/<name>``, loaded once and shared (treat as read-only)."""
    if name not in _loaded:
        _loaded[name] = load_notebook(NOTEBOOKS / name)
    return _loaded[name]


def prose(name: str) -> str:
    """The markdown of ``notebooks/<name>`` as one line of words: a sentence the lecture says is
    found whatever its line breaks."""
    cells = notebook_cells(NOTEBOOKS / name)
    return " ".join(" ".join(cell_source(c) for c in cells if c["cell_type"] == "markdown").split())


def _run_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder of the whole run, which its pytest-xdist workers share (each has its own
    below it)."""
    run = tmp_path_factory.getbasetemp()
    return run.parent if os.environ.get("PYTEST_XDIST_WORKER") else run


def _released_once(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The whole course released by ``make release``'s function, once for the run: in the
    folder that the run's pytest-xdist workers share, the first worker to ask releases it (under
    a lock) and the others wait for it. nbgrader's generate_assignment of the whole course takes
    30-80 s on the 2 shared cores (180 s at load 15), and six test files need the same
    release."""
    run = _run_folder(tmp_path_factory)
    done = run / "released-course"
    with (run / "released-course.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not done.is_dir():
            building = run / "released-course.building"
            shutil.rmtree(building, ignore_errors=True)
            building.mkdir()
            shutil.copy(ROOT / "course" / "nbgrader_config.py", building)
            release(course=building)
            building.rename(done)
    return done


@pytest.fixture(scope="session")
def released_course(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The whole course released once for the run (read-only: ``course_copy`` gives a copy)."""
    return _released_once(tmp_path_factory)


@pytest.fixture(scope="module")
def course_copy(released_course: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A course directory of the test module's own, with the committed configuration and the
    whole course released in it: a copy of ``released_course``, its gradebook included."""
    root = tmp_path_factory.mktemp("course")
    shutil.copytree(released_course, root, dirs_exist_ok=True)
    return root


def _graded_once(tmp_path_factory: pytest.TempPathFactory, released: Path, name: str) -> Graded:
    """``name`` graded by ``grade_class`` (a cell's time limit 60 s), once for the run and in a
    copy of the released course of its own: the first worker to ask grades it (under a lock of
    the assignment's), the others wait for it and read what it found (``graded.json``, written
    last). Its test files need not run on one worker."""
    run = _run_folder(tmp_path_factory)
    course = run / f"graded-{name}"
    found = course / "graded.json"
    with (run / f"graded-{name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not found.is_file():
            shutil.rmtree(course, ignore_errors=True)  # (a grading that failed halfway)
            shutil.copytree(released, course)
            students = hand_in_all(course, name)
            grading = grade_class(course, name, time_limit=60)
            saved = {
                "students": sorted(students),
                "rows": [asdict(row) for row in grading.rows],
                "not_graded": grading.not_graded,
            }
            found.write_text(json.dumps(saved), encoding="utf-8")
    saved = json.loads(found.read_text(encoding="utf-8"))
    rows = [CellGrade(**row) for row in saved["rows"]]
    return Graded(course, frozenset(saved["students"]), rows, saved["not_graded"])


@pytest.fixture(scope="session")
def graded(
    released_course: Path, tmp_path_factory: pytest.TempPathFactory
) -> Callable[[str], Graded]:
    """``graded(assignment)``: the assignment autograded once for the run with every submission
    the tests read (the instructor's copy, the released copy, the wrong answers, the players):
    test_grading.py, test_grading_deep_dives.py and test_player_grading.py read one grading."""
    return functools.partial(_graded_once, tmp_path_factory, released_course)


@pytest.fixture(scope="session")
def solver() -> types.ModuleType:
    """Search-in-Depth.ipynb, which runs Solver.ipynb: the search algorithms of both parts."""
    return notebook("Search-in-Depth.ipynb")


@pytest.fixture(scope="session", params=TIC_TAC_TOE_NOTEBOOKS)
def ttt(request: pytest.FixtureRequest) -> types.ModuleType:
    """A tic-tac-toe notebook (each representation in turn), with the solver it runs."""
    return notebook(request.param)


def assert_knuth_moore(
    result: float, value: float, alpha: float, beta: float, fail_soft: bool = False
) -> None:
    """The Knuth–Moore specification of ``alphaBeta(s, p, alpha, beta)`` with ``value(s, p)``:
    exact inside the window, at most alpha below it, at least beta above it. ``fail_soft``:
    also a bound on the right side of the value (what a memo table may store as one)."""
    if alpha <= value <= beta:
        assert result == value, (result, value, alpha, beta)
    elif value < alpha:
        assert result <= alpha, (result, value, alpha, beta)
        assert not fail_soft or value <= result, ("not an upper bound", result, value)
    else:
        assert result >= beta, (result, value, alpha, beta)
        assert not fail_soft or result <= value, ("not a lower bound", result, value)


COMMAND_NAMES = {index: name for name, index in COMMANDS.items()}
"""ipycanvas's drawing commands by the number it sends for each."""


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The names of the drawing commands sent to the browser, one list per message."""
    messages: list[list[str]] = []

    def record(command: list[Any], buffers: list[bytes] | None = None) -> None:
        batch = command if command and isinstance(command[0], list) else [command]
        messages.append([COMMAND_NAMES[c[0]] for c in batch])

    monkeypatch.setattr(_CANVAS_MANAGER, "_send_custom", record)
    return messages
