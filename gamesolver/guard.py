"""Bounds on code we do not control: a student's code under a check, a search no longer wanted.

**A student's code under a check** (``gamesolver.feedback``: the validator, the exercise
checks) runs in a process of its own, ``apart(work, limits, ended)``: the check forks, the child
runs the whole check and hands back its report (pickled), and the parent waits with the
``Limits``. The student's function lives in the kernel that called the check, so ``os.fork``
(Linux, macOS) is what gives the child the function without pickling it. The check marks each
call of the student's code (``with call(): ...``), and the parent, which watches the child's
clock, enforces:

- ``call_seconds``: one call, in the child's CPU time (a busy machine that gives it a small
  share of a core does not make a quick call look slow), or twice as many seconds of the wall
  clock for a call that waits without computing (``time.sleep``, ``input``);
- ``total_seconds``: the whole check, on the wall clock;
- ``memory_mb``: the child's growth, as address space (``RLIMIT_AS``: an allocation beyond it is a
  ``MemoryError`` at once, where it is made).

A limit is first raised in the child, as ``CallTimeLimit`` or ``TotalTimeLimit`` (signals that
interrupt a ``time.sleep``), so that the check reports what it found; a child that does not obey
within ``GRACE_SECONDS`` (stuck in one long computation of the interpreter, such as
``10**(10**8)``, or in a bare ``except:``) is killed, and so is one whose parent is interrupted.
A child that ends without its report (``os._exit``, a crash, a kill) is described to the check's
``ended``, with what the check last said of itself (``progress``), so that the report still
names the example. The exceptions derive from ``BaseException``, not ``Exception``, so that a
student's ``except Exception:`` does not swallow them.

**A search no longer wanted** (New game pressed during the computer's move) runs in a thread of
the play widget: ``Canceller`` raises ``Cancelled`` in that thread with
``PyThreadState_SetAsyncExc`` (part of CPython's C API), only while the thread is inside the
search. The command line's ``--max-seconds`` bounds the lecture's own search the same way
(``Watchdog``).

What the student's code hands back is bounded too, before a report writes it: ``shown(value)``
is a ``repr`` that never raises, is cut short, names an int too long to write by its digits and
drops the memory address of a default ``repr`` (which changes from run to run);
``error_text(error)`` is an exception as a traceback's last line says it, even when its
``__str__`` raises; ``captured_output()`` keeps what the code prints out of the notebook: the
first ``keep`` characters, and how many there were.
"""

from __future__ import annotations

import builtins
import contextlib
import ctypes
import faulthandler
import functools
import io
import mmap
import os
import pickle
import resource
import select
import signal
import struct
import sys
import threading
import time
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import TracebackType
from typing import Any, TypeVar

import psutil

from gamesolver.errors import ADDRESS, error_text

_T = TypeVar("_T")


class Interrupted(BaseException):
    """Raised in a thread from outside it: a limit was exceeded, or the work was cancelled."""


class CallTimeLimit(Interrupted):
    """One call of the student's code ran longer than ``call_seconds``."""


class TotalTimeLimit(Interrupted):
    """The whole check (or a ``Watchdog``'s block) ran longer than ``total_seconds``."""


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


class Watchdog:
    """Interrupt the thread that enters it when ``total_seconds`` (wall clock) have passed: a
    bound on the lecture's own search in the command line (``--max-seconds``). A student's
    code is bounded in a process of its own instead (``apart``).

    ::

        with Watchdog(total_seconds=60):
            value = search(game, state, player, stats)

    ``TotalTimeLimit`` is raised in the thread; ``tripped`` says whether it was.
    """

    def __init__(self, total_seconds: float | None = None, poll: float = 0.02) -> None:
        self.total_seconds = total_seconds
        self.poll = poll
        self.tripped: type[Interrupted] | None = None
        self._target = 0
        self._started = 0.0
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._armed = threading.Event()
        """Set as ``__enter__`` returns: a limit raised before would escape the ``with``
        statement, whose ``__exit__`` then never stops the monitor."""
        self._monitor: threading.Thread | None = None
        self._hook: Callable[[Any], object] = sys.unraisablehook

    def __enter__(self) -> Watchdog:
        self._target = threading.get_ident()
        self._started = time.perf_counter()
        self._stop.clear()
        self._armed.clear()
        self.tripped = None
        self._monitor = None
        if self.total_seconds is None:
            return self  # nothing to watch: no thread
        self._hook = sys.unraisablehook
        sys.unraisablehook = self._unraisable
        self._monitor = threading.Thread(
            target=self._watch, name="gamesolver-watchdog", daemon=True
        )
        self._monitor.start()
        self._armed.set()  # the last statement: no check for a pending exception follows
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

    def _watch(self) -> None:
        """The monitor thread: interrupt once ``total_seconds`` have passed, and again every
        poll while the thread has not left the block (a bare ``except:`` may swallow one)."""
        assert self.total_seconds is not None
        while not self._stop.wait(self.poll):
            if (
                not self._armed.is_set()
                or time.perf_counter() - self._started <= self.total_seconds
            ):
                continue
            with self._lock:
                if self._stop.is_set():
                    return
                self.tripped = TotalTimeLimit
                raise_in_thread(self._target, TotalTimeLimit)
            self._stop.wait(max(self.poll, 0.2))


# -- a student's code in a process of its own --------------------------------------------------


@dataclass(frozen=True)
class Limits:
    """The bounds on a check run ``apart`` (``None``: no bound)."""

    call_seconds: float | None = None
    """One call of the student's code (``with call(): ...``): seconds of CPU time, or twice as
    many of the wall clock for a call that waits (``time.sleep``, ``input``)."""
    total_seconds: float | None = None
    """The whole check, on the wall clock."""
    memory_mb: float | None = None
    """How much the process may grow: megabytes of address space (``RLIMIT_AS``)."""


@dataclass(frozen=True)
class Ended:
    """Why a check run ``apart`` ended without its result: what ``apart``'s ``ended`` hears."""

    limit: type[Interrupted] | None
    """The limit that was exceeded and not obeyed (the process was killed); ``None`` if the
    process ended by itself."""
    how: str
    """How the process ended, in words: ``"exit status 3"``, ``"signal SIGSEGV"``, ``"killed"``."""
    in_call: bool
    """It ended inside a call of the student's code (``call()``)."""
    progress: Any
    """What the check last said about itself (``progress(...)``; ``None`` if nothing)."""


GRACE_SECONDS = 2.0
"""How long a check has to obey a limit (to stop and report) before its process is killed."""

WAIT_FACTOR = 2.0
"""A call that waits instead of computing is stopped at this many times ``call_seconds``."""

_POLL = 0.02
_FRAME = struct.Struct("<Q")
_CALL = 0  # the shared word: the number of the call under way, 0 when none is
_JUDGED = 1  # the call the parent found over its limit


class _Child:
    """The state of the process a check runs in (``None`` in any other process)."""

    def __init__(self, channel: int, shared: memoryview) -> None:
        self.channel = channel
        self.shared = shared
        self.calls = 0
        self.finishing = False
        self.tripped: type[Interrupted] | None = None
        self.memory_mb: float | None = None


_child: _Child | None = None


def apart(work: Callable[[], _T], limits: Limits, ended: Callable[[Ended], _T]) -> _T:
    """``work()`` run in a process of its own (``os.fork``), under ``limits``: its result
    (pickled), or ``ended(...)``'s if the process ended without one.

    The parent waits. A limit exceeded is first raised in the child as an exception
    (``CallTimeLimit`` if a call of the student's code is over ``call_seconds``,
    ``TotalTimeLimit`` after ``total_seconds``), so that the check can report what it found;
    memory beyond ``memory_mb`` is a ``MemoryError`` there. A child that does not obey within
    ``GRACE_SECONDS`` (stuck in one long computation of the interpreter, such as
    ``10**(10**8)``) is killed, as is one whose parent is interrupted (Ctrl-C). A child that
    ends by itself (``os._exit``, a crash) ends there too. An exception ``work`` raises is
    raised again here. Inside a child, ``apart`` runs ``work`` directly: the outer limits hold.

    In the child, nothing reaches the notebook or the terminal: ``sys.stdout`` and
    ``sys.stderr`` go nowhere unless the check catches them (``captured_output``), the file
    descriptors 0, 1 and 2 are ``/dev/null``, and ``input()`` raises ``EOFError``. Where there
    is no ``os.fork`` (Windows), ``work`` runs here, without limits.
    """
    if _child is not None or not hasattr(os, "fork"):
        return work()
    shared = mmap.mmap(-1, mmap.PAGESIZE)  # anonymous and shared with the child
    words = memoryview(shared).cast("q")
    read_end, write_end = os.pipe()
    parent = os.getpid()
    with warnings.catch_warnings():  # Python 3.12: "use of fork() may lead to deadlocks"
        warnings.simplefilter("ignore", DeprecationWarning)
        pid = os.fork()
    if pid == 0:  # pragma: no cover  (the child: measured by its results)
        os.close(read_end)
        _run_child(work, limits, write_end, words, parent)
    os.close(write_end)
    try:
        return _wait(pid, read_end, words, limits, ended)
    finally:
        os.close(read_end)
        words.release()
        shared.close()


def _run_child(
    work: Callable[[], Any], limits: Limits, channel: int, words: memoryview, parent: int
) -> None:
    """The child: ``work()`` under the limits, its result or exception sent; never returns."""
    global _child
    status = 0
    try:
        _end_with(parent)
        _child = _Child(channel, words)
        _quiet()
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
        signal.signal(signal.SIGUSR1, _call_limit)
        signal.signal(signal.SIGUSR2, _total_limit)
        if limits.memory_mb is not None:
            _child.memory_mb = _limit_memory(limits.memory_mb)
        try:
            message: tuple[str, Any] = ("result", work())
        except Exception as error:  # a bug of the check's: raised in the parent
            message = ("error", error)
        except BaseException as error:  # SystemExit and the like: never raised in the parent
            said = f"the check was ended by {error_text(error)}"
            message = ("error", RuntimeError(said))
        _child.finishing = True
        try:
            data = pickle.dumps(message)
        except Exception as error:
            data = pickle.dumps(("error", RuntimeError(f"the check's report: {error_text(error)}")))
        _send(channel, b"r" + data)
    except BaseException:
        status = 70
    finally:
        os._exit(status)


def _end_with(parent: int) -> None:
    """Ask the system to kill this process when its parent ends (Linux), so that a check whose
    parent was killed (a kernel restarted, a test timed out) does not run on without end; a
    parent already gone ends it now."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:
        os._exit(70)


PR_SET_PDEATHSIG = 1
"""Linux's ``prctl`` option: the signal a process gets when its parent ends."""


def _quiet() -> None:
    """Nothing the child writes reaches the kernel's streams (ipykernel's, whose threads are
    not in the child) nor the terminal; nothing waits for input."""
    faulthandler.disable()  # (a test runner's writes to a copy of the terminal's descriptor)
    null = os.open(os.devnull, os.O_RDWR)
    for descriptor in (0, 1, 2):
        os.dup2(null, descriptor)
    os.close(null)
    sys.stdout = sys.stderr = open(os.devnull, "w")  # noqa: SIM115  (open until the child ends)
    sys.stdin = io.StringIO()

    def no_input(prompt: object = "") -> str:
        raise EOFError("a check gives no input")

    builtins.input = no_input


def _limit_memory(memory_mb: float) -> float | None:
    """At most ``memory_mb`` more of address space: an allocation beyond is a ``MemoryError``.
    The megabytes the process may grow by: fewer if its limit was lower already (a kernel under
    autograding's); ``None`` if the system has no such limit."""
    try:
        now = psutil.Process().memory_info().vms
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        grown = now + int(memory_mb * 2**20)
        limit = min(value for value in (grown, soft, hard) if value != resource.RLIM_INFINITY)
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    except (OSError, ValueError, psutil.Error):  # pragma: no cover  (no such limit here)
        return None
    return max(limit - now, 0) / 2**20


def _call_limit(signum: int, frame: object) -> None:
    """SIGUSR1 in the child: the parent found the call under way over ``call_seconds``."""
    child = _child
    if child is None or child.finishing:
        return
    under_way = child.shared[_CALL]
    if under_way and under_way == child.shared[_JUDGED]:  # not a call that has returned since
        child.tripped = CallTimeLimit
        raise CallTimeLimit


def _total_limit(signum: int, frame: object) -> None:
    """SIGUSR2 in the child: the check is over ``total_seconds``. Raised once, and again only
    inside a call of the student's code (which may have swallowed it): the check's own code
    that reports it is not interrupted."""
    child = _child
    if child is None or child.finishing:
        return
    if child.tripped is not TotalTimeLimit or child.shared[_CALL]:
        child.tripped = TotalTimeLimit
        raise TotalTimeLimit


@contextmanager
def call() -> Iterator[None]:
    """Mark a call of the student's code: ``call_seconds`` bounds it (in a check's process)."""
    child = _child
    if child is None:
        yield
        return
    child.calls += 1
    outer = child.shared[_CALL]
    child.shared[_CALL] = child.calls
    try:
        yield
    finally:
        child.shared[_CALL] = outer


def memory_mb() -> float | None:
    """The megabytes this check's process may grow by (``memory_mb``, or fewer where the process
    had less room: a kernel under autograding's limit), as a report says it after a
    ``MemoryError``; ``None`` outside a check or without a limit."""
    return None if _child is None else _child.memory_mb


def tripped() -> type[Interrupted] | None:
    """The limit last raised in this check's process (``None`` if none was)."""
    return None if _child is None else _child.tripped


def progress(said: Any) -> None:
    """Tell the parent what the check does now (plain data, pickled): what ``apart``'s
    ``ended`` hears if the process ends before its result. Nothing outside a check's process."""
    child = _child
    if child is not None:
        _send(child.channel, b"p" + pickle.dumps(said))


def _send(channel: int, data: bytes) -> None:
    view = memoryview(_FRAME.pack(len(data)) + data)
    while view:
        view = view[os.write(channel, view) :]


def _wait(
    pid: int, channel: int, words: memoryview, limits: Limits, ended: Callable[[Ended], _T]
) -> _T:
    """The parent: read the child's messages, enforce the limits, reap it."""
    watch = _Watch(pid, words, limits)
    buffer = bytearray()
    said: Any = None
    answer: tuple[str, Any] | None = None
    killed = False
    try:
        while True:
            ready, _, _ = select.select([channel], [], [], _POLL)
            if ready:
                data = os.read(channel, 1 << 16)
                if not data:
                    break
                buffer += data
                while len(buffer) >= _FRAME.size:
                    (size,) = _FRAME.unpack_from(buffer)
                    if len(buffer) < _FRAME.size + size:
                        break
                    frame = bytes(buffer[_FRAME.size : _FRAME.size + size])
                    del buffer[: _FRAME.size + size]
                    if frame[:1] == b"p":
                        said = pickle.loads(frame[1:])
                    else:
                        answer = pickle.loads(frame[1:])
            if answer is None and not killed:
                killed = watch.enforce()
    finally:
        if answer is None and not killed:
            # ended, closed its end of the pipe, or the parent was interrupted (Ctrl-C)
            _kill(pid)
        _, status = os.waitpid(pid, 0)
        in_call = bool(words[_CALL])
    if answer is not None:
        kind, value = answer
        if kind == "error":
            raise value
        return value  # type: ignore[no-any-return]
    if killed:
        how = "killed"
    elif os.WIFSIGNALED(status):
        how = f"signal {signal.Signals(os.WTERMSIG(status)).name}"
    else:
        how = f"exit status {os.waitstatus_to_exitcode(status)}"
    return ended(Ended(watch.unobeyed if killed else None, how, in_call, said))


def _kill(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)


class _Watch:
    """The parent's view of the limits: the call under way, the time, a limit unobeyed."""

    def __init__(self, pid: int, words: memoryview, limits: Limits) -> None:
        self.pid = pid
        self.words = words
        self.limits = limits
        self.started = time.monotonic()
        self.process = psutil.Process(pid)
        self.call = 0
        self.call_cpu = 0.0
        self.call_wall = 0.0
        self.raised: type[Interrupted] | None = None
        self.raised_at = 0.0
        self.resent_at = 0.0
        self.unobeyed: type[Interrupted] | None = None

    def cpu(self) -> float:
        try:
            times = self.process.cpu_times()
        except psutil.Error:
            return 0.0
        return float(times.user + times.system)

    def enforce(self) -> bool:
        """Raise a limit that is exceeded in the child, again while it is not obeyed; kill the
        child after ``GRACE_SECONDS`` of disobedience. True iff it was killed."""
        now = time.monotonic()
        under_way = self.words[_CALL]
        if under_way != self.call:  # a new call (first seen at most a poll after it began)
            self.call, self.call_cpu, self.call_wall = under_way, self.cpu(), now
            if self.raised is CallTimeLimit:
                self.raised = None  # the call it was raised in has ended: obeyed
        exceeded: type[Interrupted] | None = None
        seconds = self.limits.call_seconds
        if under_way and seconds is not None and self.raised is None:
            wall = now - self.call_wall
            if wall > WAIT_FACTOR * seconds or (
                wall > seconds and self.cpu() - self.call_cpu > seconds
            ):
                exceeded = CallTimeLimit
        total = self.limits.total_seconds
        if total is not None and now - self.started > total and self.raised is None:
            exceeded = TotalTimeLimit
        if exceeded is not None:
            self.raised, self.raised_at, self.resent_at = exceeded, now, 0.0
        if self.raised is None:
            return False
        if now - self.raised_at > GRACE_SECONDS:
            self.unobeyed = self.raised
            _kill(self.pid)
            return True
        if now - self.resent_at >= 0.2:  # again: a bare except: may have swallowed it
            self.resent_at = now
            self.words[_JUDGED] = under_way
            with contextlib.suppress(ProcessLookupError):
                os.kill(
                    self.pid, signal.SIGUSR1 if self.raised is CallTimeLimit else signal.SIGUSR2
                )
        return False


# -- what the guarded code hands back -------------------------------------------------------------

LONG_INT_DIGITS = 30
"""An int with more digits than this is written by its number of digits, not in full."""


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
        text = ADDRESS.sub("", repr(value))
    except Exception as error:
        text = f"<a {type(value).__name__} whose repr raises {type(error).__name__}>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


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
