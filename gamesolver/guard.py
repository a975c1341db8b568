"""Bounds on code we do not control: a student's game functions, a computer player's search.

A game function can loop forever, sleep, or build a list of billions of states; a search for a
move the student no longer wants (New game was pressed) should stop, not run on in a thread.
Python cannot kill a thread, but CPython can raise an exception in one: ``raise_in_thread`` asks
the interpreter to raise it at the thread's next bytecode (``PyThreadState_SetAsyncExc``, part of
CPython's C API). A ``Watchdog`` uses it from a monitor thread to enforce limits on the thread
that started it:

- ``call_seconds``: the time of one guarded call (``with watchdog.call(): ...``), counted in the
  guarded thread's own CPU time where the system has a clock for it (Linux, macOS): a busy
  machine that gives the thread a small share of a core does not make a quick call look slow,
  so whether a check passes does not depend on the clock; elsewhere in wall-clock time;
- ``total_seconds``: the wall-clock time of the whole guarded block (it also bounds a call that
  waits without computing, e.g. ``time.sleep``);
- ``memory_mb``: how much the process may grow (resident memory) during the block.

The exceptions derive from ``BaseException``, not ``Exception``, so that a student's ``except
Exception:`` does not swallow them. A call stuck inside one long C function (``time.sleep``, a
huge ``sum`` over a ``range``) sees the exception only when that function returns.

What the student's code hands back is bounded too, before a report writes it: ``shown(value)``
is a ``repr`` that never raises, is cut short, names an int too long to write by its digits and
drops the memory address of a default ``repr`` (which changes from run to run);
``error_text(error)`` is an exception as a traceback's last line says it, even when its
``__str__`` raises; ``captured_output()`` keeps what the code prints out of the notebook: the
first ``keep`` characters, and how many there were.
"""

from __future__ import annotations

import contextlib
import ctypes
import functools
import io
import re
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import TracebackType
from typing import Any

import psutil


class Interrupted(BaseException):
    """Raised in a thread from outside it: a limit was exceeded, or the work was cancelled."""


class CallTimeLimit(Interrupted):
    """One guarded call ran longer than the watchdog's ``call_seconds``."""


class TotalTimeLimit(Interrupted):
    """The guarded block ran longer than the watchdog's ``total_seconds``."""


class MemoryLimit(Interrupted):
    """The process grew by more than the watchdog's ``memory_mb`` during the guarded block."""


class Cancelled(Interrupted):
    """The work was no longer wanted (e.g. a search for a game the student has left)."""


def raise_in_thread(thread_id: int, exception: type[BaseException]) -> bool:
    """Raise ``exception`` in the thread ``thread_id`` at its next bytecode; returns whether the
    thread exists.

    An exception raised this way cannot be taken back: clearing it (the C API allows NULL)
    leaves CPython 3.11's "pending" flag set, and the next profiled function call (the tree
    recorder's ``sys.setprofile``) then loops forever. So a thread that may have one pending lets
    it arrive where it is caught: see ``drain``.
    """
    found = ctypes.pythonapi.PyThreadState_SetAsyncExc(
        ctypes.c_ulong(thread_id), ctypes.py_object(exception)
    )
    return bool(found)


def drain() -> None:
    """Run a few bytecodes, so that an exception raised in this thread but not yet delivered
    arrives now: call it inside the ``try`` that catches it (the loop's backward jumps are
    where the interpreter looks for one)."""
    for _ in range(3):
        pass


class Canceller:
    """Cancel a search that runs in another thread, without breaking that thread's bookkeeping.

    ``Cancelled`` is raised in the searching thread only while it is inside ``searching`` (the
    thread announces itself there under a lock), never in the code around the search that
    updates the widgets. Each search gets a fresh flag (``ticket``), so that a thread that has
    not yet entered its search when it is cancelled does not enter it at all.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._searching: int | None = None
        self._ticket = threading.Event()

    def ticket(self) -> threading.Event:
        """The flag of the next search; the thread that runs it passes it to ``searching``."""
        self._ticket = threading.Event()
        return self._ticket

    def cancel(self) -> None:
        """Stop the current search (its result is no longer wanted)."""
        with self._lock:
            self._ticket.set()  # for a thread that has not entered its search yet
            if self._searching is not None:
                raise_in_thread(self._searching, Cancelled)
                self._searching = None

    @contextmanager
    def searching(self, ticket: threading.Event) -> Iterator[None]:
        """The block in which ``Cancelled`` may arrive; raises it at once if ``ticket`` was
        cancelled. On leaving, a cancelled thread lets an exception raised but not yet delivered
        arrive (``drain``: a thread sees one only at its next bytecode, or when a C call such as
        ``time.sleep`` returns), so that the caller's ``except Cancelled`` catches it."""
        me = threading.get_ident()
        with self._lock:
            if ticket.is_set():
                raise Cancelled
            self._searching = me
        try:
            yield
        finally:
            with self._lock:
                cancelled_here = self._searching != me  # the canceller cleared it
                if not cancelled_here:
                    self._searching = None
            if cancelled_here:
                drain()


def thread_clock(thread_id: int) -> Callable[[], float]:
    """A clock of the CPU time that the thread ``thread_id`` (a ``threading.get_ident()``) has
    used, readable from any thread; the wall clock where the system has none."""
    try:
        clock = time.pthread_getcpuclockid(thread_id)
        time.clock_gettime(clock)
    except (AttributeError, OSError, OverflowError):
        return time.perf_counter
    return functools.partial(time.clock_gettime, clock)


def resident_mb() -> float:
    """The resident memory of this process, in megabytes."""
    return float(psutil.Process().memory_info().rss) / 2**20


class Watchdog:
    """Interrupt the thread that enters it when a limit is exceeded (see the module docstring).

    ::

        with Watchdog(call_seconds=2, total_seconds=60, memory_mb=1000) as watchdog:
            for state in states:
                with watchdog.call():
                    moves = next_states(state, player)

    ``tripped`` is the limit that was last exceeded (``None`` if none was), so that the caller
    can say which one after catching ``Interrupted``.
    """

    def __init__(
        self,
        call_seconds: float | None = None,
        total_seconds: float | None = None,
        memory_mb: float | None = None,
        poll: float = 0.02,
    ) -> None:
        self.call_seconds = call_seconds
        self.total_seconds = total_seconds
        self.memory_mb = memory_mb
        self.poll = poll
        self.tripped: type[Interrupted] | None = None
        self._target = 0
        self._started = 0.0
        self._call_started: float | None = None
        self._call_clock: Callable[[], float] = time.perf_counter
        self._base_mb = 0.0
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._monitor: threading.Thread | None = None
        self._hook: Callable[[Any], object] = sys.unraisablehook

    def __enter__(self) -> Watchdog:
        self._target = threading.get_ident()
        self._call_clock = thread_clock(self._target)
        self._started = time.perf_counter()
        self._base_mb = resident_mb() if self.memory_mb is not None else 0.0
        self._stop.clear()
        self.tripped = None
        self._monitor = None
        limits = (self.call_seconds, self.total_seconds, self.memory_mb)
        if all(limit is None for limit in limits):
            return self  # nothing to watch: no thread (a grader's process may not afford one)
        self._hook = sys.unraisablehook
        sys.unraisablehook = self._unraisable
        self._monitor = threading.Thread(
            target=self._watch, name="gamesolver-watchdog", daemon=True
        )
        self._monitor.start()
        return self

    def _unraisable(self, unraisable: Any) -> None:
        """Drop a limit that landed where Python cannot raise it (a garbage collector's callback,
        a ``__del__``: Python would print "Exception ignored in ..."): the monitor raises it
        again at its next poll, where it can be raised. Anything else goes to the hook that was
        there before."""
        if isinstance(unraisable.exc_value, Interrupted):
            return
        self._hook(unraisable)

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        foreign: Interrupted | None = None  # e.g. a Cancelled from outside: raised at the end
        while True:  # a limit raised just now may arrive here, even before the lock is held
            try:
                with self._lock:
                    self._stop.set()
                if self.tripped is not None:
                    drain()  # one raised but not delivered yet arrives here, and is dropped
                break
            except Interrupted as late:
                if self.tripped is None or not isinstance(late, self.tripped):
                    foreign = late
        if self._monitor is not None:
            self._monitor.join()
            sys.unraisablehook = self._hook
        if foreign is not None:
            raise foreign

    @contextmanager
    def call(self) -> Iterator[None]:
        """Guard one call with ``call_seconds``."""
        self._call_started = self._call_clock()
        try:
            yield
        finally:
            self._call_started = None

    def call_time(self, started: float) -> float:
        """Seconds of a call that began at ``started`` (a reading of ``call_clock``), as
        ``call_seconds`` counts them: the guarded thread's CPU time where there is a clock for it.
        """
        return self._call_clock() - started

    def call_clock(self) -> float:
        """The clock ``call_seconds`` is counted on (read in the guarded thread)."""
        return self._call_clock()

    def elapsed(self) -> float:
        """Seconds since the guarded block began."""
        return time.perf_counter() - self._started

    def _exceeded(self) -> type[Interrupted] | None:
        now = time.perf_counter()
        started = self._call_started
        limit = self.call_seconds
        if limit is not None and started is not None and self.call_time(started) > limit:
            return CallTimeLimit
        if self.total_seconds is not None and now - self._started > self.total_seconds:
            return TotalTimeLimit
        if self.memory_mb is not None and resident_mb() - self._base_mb > self.memory_mb:
            return MemoryLimit
        return None

    def _watch(self) -> None:
        """The monitor thread: check the limits every ``poll`` seconds; interrupt on the first
        one exceeded, and again every poll while the thread has not left the block (a bare
        ``except:`` in the guarded code may have swallowed the first)."""
        while not self._stop.wait(self.poll):
            exceeded = self._exceeded()
            if exceeded is None:
                continue
            with self._lock:
                if self._stop.is_set():
                    return
                self.tripped = exceeded
                raise_in_thread(self._target, exceeded)
            self._stop.wait(max(self.poll, 0.2))


# -- what the guarded code hands back -------------------------------------------------------------

LONG_INT_DIGITS = 30
"""An int with more digits than this is written by its number of digits, not in full."""

_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")


@functools.lru_cache(maxsize=64)  # a check meets the same huge int thousands of times
def digits(number: int) -> int:
    """How many decimal digits ``number`` has, without writing it (Python refuses to write an int
    of more than 4,300 digits, and writing one of millions takes seconds)."""
    size = abs(number)
    count = max(1, int((size.bit_length() - 1) * 0.30102999566398120) + 1)  # log10(2)
    power = 10 ** (count - 1)  # the estimate is off by one at most (rounding at its edges)
    if size >= power * 10:
        return count + 1
    return count if size >= power or count == 1 else count - 1


def shown(value: object, limit: int = 80) -> str:
    """``repr(value)`` as a report shows it: at most ``limit`` characters, without a memory
    address; an int of more than ``LONG_INT_DIGITS`` digits as ``<an int of 5,001 digits>``.
    Never raises (a ``repr`` that raises is said to)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        count = digits(value)
        if count > LONG_INT_DIGITS:
            return f"<{'a negative' if value < 0 else 'an'} int of {count:,} digits>"
    try:
        text = _ADDRESS.sub("", repr(value))
    except Exception as error:
        text = f"<a {type(value).__name__} whose repr raises {type(error).__name__}>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def error_text(error: BaseException) -> str:
    """``Type: message``, as the last line of a traceback says it (the first line of the
    message, at most 300 characters); never raises, not even when ``str(error)`` does."""
    name = type(error).__name__
    try:
        message = str(error).strip()
    except Exception as failure:
        return f"{name} (its message could not be written: str() raised {type(failure).__name__})"
    first = _ADDRESS.sub("", message.splitlines()[0]) if message else ""
    first = first if len(first) <= 300 else first[:299] + "…"
    return f"{name}: {first}" if first else name


class Output(io.TextIOBase):
    """What the guarded code printed: its first ``keep`` characters, and how many in all."""

    def __init__(self, keep: int) -> None:
        super().__init__()
        self.keep = keep
        self.text = ""
        self.total = 0

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        self.total += len(text)
        if len(self.text) < self.keep:
            self.text += text[: self.keep - len(self.text)]
        return len(text)

    def summary(self, who: str, lines: int = 5, width: int = 100) -> str:
        """The paragraph a report ends with: how much ``who`` printed and its first ``lines``
        lines, each cut to ``width``, indented ("" if nothing was printed)."""
        if not self.total:
            return ""
        kept = self.text.splitlines()
        first = kept[:lines]
        shown_lines = [
            "    " + (line if len(line) <= width else line[: width - 1] + "…") for line in first
        ]
        cut = self.total > len(self.text) or len(kept) > lines
        cut = cut or any(len(line) > width for line in first)
        many = len(shown_lines) > 1
        first_lines = f"the first {len(shown_lines)} lines" if many else "the first line"
        first_lines = first_lines if cut else "all of it"
        head = f"{who} printed {self.total:,} characters during the check; {first_lines}:"
        return "\n".join([head, *shown_lines])


@contextmanager
def captured_output(keep: int = 2000) -> Iterator[Output]:
    """Catch what is printed in the block (``sys.stdout`` and ``sys.stderr``) in an ``Output``
    that keeps its first ``keep`` characters: a function called thousands of times that prints
    a line each time would otherwise fill the notebook."""
    output = Output(keep)
    with contextlib.redirect_stdout(output), contextlib.redirect_stderr(output):
        yield output
