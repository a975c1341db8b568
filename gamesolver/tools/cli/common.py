"""The command line's running of a notebook's code: its errors in one or two lines, never a
traceback (``run_code``), and its output (``OUTPUT``)."""

from __future__ import annotations

import contextlib
import contextvars
import linecache
import os
import re
import select
import stat
import sys
import time
import traceback
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO, TypeVar

from gamesolver.errors import GameSolverError, error_text
from gamesolver.guard import Interrupted
from gamesolver.notebook import NotebookError, load_notebook
from gamesolver.stats import LimitReached, OutOfTime
from gamesolver.table import fmt
from gamesolver.words import number_text

PROG = "gamesolver"


ECHOED = 100
"""The most characters of an argument an error line repeats: the start of a longer one and its
length (a 10 MB ``--state`` is not echoed whole)."""


_CELL = re.compile(r"^<(?P<notebook>.+\.ipynb), cell (?P<cell>\d+)>$")


def cut(text: str, limit: int = ECHOED) -> str:
    """``text`` as a message repeats it: whole if short, else its start and its length."""
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text):,} characters)"


def quoted(text: str, limit: int = ECHOED) -> str:
    """``repr(text)`` as a message repeats it: whole if short, else its start and its length."""
    return repr(text) if len(text) <= limit else f"{text[:limit]!r}… ({len(text):,} characters)"


class UsageError(GameSolverError):
    """A bad argument: reported as one line, exit status 2."""


class NotebookCodeError(GameSolverError):
    """An exception raised by a notebook's own code: reported in one or two lines, exit status 1."""


class NotSolved(GameSolverError):
    """A search stopped by ``--max-seconds`` or ``--max-calls``: one line, exit status 1."""


def notebook_path(text: str, what: str = "notebook") -> Path:
    """``text`` as the path of an existing notebook file, or a ``UsageError`` saying why not."""
    path = Path(text)
    if not path.exists():
        raise UsageError(f"no such {what}: {text}")
    if path.is_dir() or path.suffix != ".ipynb":
        raise UsageError(f"{text} is not a notebook (.ipynb)")
    return path


def _where(error: BaseException) -> str:
    """The innermost notebook cell and line in ``error``'s traceback, with the line's code."""
    filename, line = "", 0
    if isinstance(error, SyntaxError) and error.filename and _CELL.match(error.filename):
        filename, line = error.filename, error.lineno or 0
    else:
        for frame, lineno in traceback.walk_tb(error.__traceback__):
            if _CELL.match(frame.f_code.co_filename):
                filename, line = frame.f_code.co_filename, lineno
    match = _CELL.match(filename)
    if match is None:
        return ""
    code = linecache.getline(filename, line).strip()
    return f"at {match['notebook']}, cell {match['cell']}, line {line}" + (
        f": {code}" if code else ""
    )


def code_error(
    doing: str, error: BaseException, search: Callable[..., Any] | None = None
) -> NotebookCodeError:
    """A ``NotebookCodeError`` for ``error``, raised while ``doing`` something with a notebook
    (with the ``search`` that was running, if any: a recursion too deep for Python in its own
    notebook is the search's, not the game's)."""
    if isinstance(error, SystemExit):
        code = "" if error.code is None else cut(repr(error.code))
        lines = [f"{doing} failed: the notebook called sys.exit({code})"]
    elif isinstance(error, SyntaxError):
        lines = [f"{doing} failed: SyntaxError: {error.msg}"]
    elif isinstance(error, RecursionError) and (recursed := _recursed(error)):
        (name, notebook, cell), deep = recursed
        if search is not None and notebook_of(getattr(search, "func", search)) == notebook:
            return NotebookCodeError(
                f"{doing} failed: the search went deeper than Python allows (RecursionError): "
                f"{name}, in {notebook}, cell {cell}, called itself {deep:,} times deep; lines "
                "of play this long need a search that stops at a depth (--depth N, or --budget S "
                "with iterative_deepening)"
            )
        lines = [
            f"{doing} failed: RecursionError: {name}, in {notebook}, cell {cell}, called itself "
            f"{deep:,} times deep, deeper than Python allows: does its recursion end?"
        ]
    else:
        lines = [f"{doing} failed: {error_text(error, 200)}"]
    where = _where(error)
    if where:
        lines.append(f"  {where}")
    return NotebookCodeError("\n".join(lines))


def notebook_of(function: object) -> str | None:
    """The notebook that defines ``function`` (``"Solver.ipynb"``), or ``None``."""
    code = getattr(function, "__code__", None)
    match = _CELL.match(code.co_filename) if isinstance(code, types.CodeType) else None
    return match["notebook"] if match else None


def _recursed(error: BaseException) -> tuple[tuple[str, str, str], int] | None:
    """The notebook function that recursed most deeply in ``error``'s traceback, as ``(name,
    notebook, cell)``, and how many times it was on the stack; ``None`` if none did."""
    frames: dict[tuple[str, str, str], int] = {}
    for frame, _ in traceback.walk_tb(error.__traceback__):
        match = _CELL.match(frame.f_code.co_filename)
        if match and not frame.f_code.co_name.startswith("<"):  # (not a <genexpr>)
            key = (frame.f_code.co_name, match["notebook"], match["cell"])
            frames[key] = frames.get(key, 0) + 1
    if not frames:
        return None
    deepest = max(frames, key=lambda key: frames[key])
    return deepest, frames[deepest]


def load(path: Path) -> types.ModuleType:
    """The notebook's definitions; an exception in its code becomes a ``NotebookCodeError``."""
    return run_code(f"loading {path}", lambda: load_notebook(path))


Result = TypeVar("Result")


def run_code(
    doing: str,
    function: Callable[[], Result],
    search: Callable[..., Any] | None = None,
    no_budget: str | None = None,
) -> Result:
    """``function()``, which runs a notebook's code (``search``, if any), of the type that
    ``function`` has (typed by the protocol, not ``Any``): its exceptions
    (``sys.exit`` too) become a ``NotebookCodeError``, a limit reached ``NotSolved``.
    ``no_budget``: the search's name, if it takes no ``--budget`` (``MOVE_BUDGET`` stops it)."""
    try:
        return function()
    except LimitReached as reached:
        stats = reached.stats
        took = time.perf_counter() - stats.started
        if no_budget is not None and reached.limit == "seconds":
            seconds = fmt(stats.max_seconds)
            raise NotSolved(
                f"no move within {seconds} s: {no_budget} takes no --budget, and a decision is "
                f"stopped after {seconds} s ({number_text(stats.calls)} value calls); give "
                "--max-seconds S to let it search longer"
            ) from None
        if reached.limit == "calls":
            within = f"{fmt(stats.max_calls)} value calls ({took:.1f} s)"
        else:
            within = f"{fmt(stats.max_seconds)} s: {number_text(stats.calls)} value calls"
        raise NotSolved(f"not solved within {within}") from None
    except OutOfTime as error:  # a budget too small to look at one move: a bad argument
        raise UsageError(f"{error}: give a larger --budget, or none") from error
    except (BrokenPipeError, KeyboardInterrupt, Interrupted, NotebookError):  # the reader has
        raise  # gone, Ctrl-C, a watchdog of ours, or a file that is no notebook
    except BaseException as error:  # sys.exit, ... in the notebook's code
        raise code_error(doing, error, search) from error


OUTPUT: contextvars.ContextVar[TextIO | None] = contextvars.ContextVar("output", default=None)
"""Where the command's own output goes: the stdout ``main`` was started with, while
``sys.stdout`` is stderr, so that what a notebook prints never mixes with ``--json``."""


def out(text: str = "") -> None:
    """Write a line of the command's own output (see ``OUTPUT``)."""
    print(text, file=OUTPUT.get() or sys.stdout)


def ask(prompt: str) -> str:
    """``input(prompt)`` on the command's own output, as ``play`` asks for a move."""
    with contextlib.redirect_stdout(OUTPUT.get() or sys.stdout):
        return input(prompt)


def reader_gone() -> bool:
    """Whether the command's output is a pipe whose reader has closed it (``| head -1``), as
    ``poll`` says without writing (as GNU ``tail -f`` finds out); ``False`` if not a pipe."""
    output = OUTPUT.get() or sys.stdout
    try:
        descriptor = output.fileno()
        if not hasattr(select, "poll") or not stat.S_ISFIFO(os.fstat(descriptor).st_mode):
            return False
        poller = select.poll()
        poller.register(descriptor, 0)  # (no events asked: POLLERR and POLLHUP come anyway)
        return any(events & (select.POLLERR | select.POLLHUP) for _, events in poller.poll(0))
    except (AttributeError, OSError, ValueError):  # (an output without a file descriptor)
        return False
