"""Bounds on code we do not control: a student's code under a check, a search no longer wanted.

One mechanism bounds time everywhere: an interval timer of the process (``signal.setitimer``)
whose signal raises an ``Interrupted`` in the main thread, where the bounded code runs.

**A student's code under a check** (``gamesolver.feedback``: the validator, the exercise
checks) runs in a process of its own, ``apart(work, limits, ended)``: the check forks, the child
runs the whole check and hands back its report (pickled), and the parent waits. The student's
function lives in the kernel that called the check, so ``os.fork`` (Linux, macOS) is what gives
the child the function without pickling it. The check marks each call of the student's code
(``with call(): ...``), and the child's timers enforce the ``Limits``:

- ``call_seconds``: one call, in the process's CPU time (``ITIMER_PROF``: a busy machine that
  gives it a small share of a core does not make a quick call look slow), or twice as many
  seconds of the wall clock for a call that waits without computing (``time.sleep``, ``input``);
- ``total_seconds``: the whole check, on the wall clock;
- ``memory_mb``: the child's growth, as address space (``RLIMIT_AS``: an allocation beyond it is a
  ``MemoryError`` at once, where it is made).

A limit is raised in the child as ``CallTimeLimit`` or ``TotalTimeLimit`` (a signal interrupts a
``time.sleep`` too), so that the check reports what it found, and again every ``RESEND_SECONDS``
while it is not obeyed (a student's bare ``except:`` may swallow one). The parent kills a child
that has not obeyed ``GRACE_SECONDS`` after a limit (stuck in one long computation of the
interpreter, or in a bare ``except:``), and one whose own caller is interrupted. A child that
ends without its report (``os._exit``, a crash, a kill) is described to the check's ``ended``,
with what the check last said of itself (``progress``), so that the report still names the
example. The exceptions derive from ``BaseException``, not ``Exception``, so that a student's
``except Exception:`` does not swallow them.

**The lecture's own code in the command line** (``--max-seconds``) is bounded by the same timer
in the process that runs it (``Watchdog``). **A search no longer wanted** (New game pressed
during the computer's move) runs in a thread of a board, where no signal arrives: ``Canceller``
stops it cooperatively, at its next value call (``gamesolver.stats.checking``).

What the student's code hands back is bounded too, before a report writes it: ``shown(value)``
is a ``repr`` that never raises, is cut short, names an int too long to write by its digits and
drops the memory address of a default ``repr`` (which changes from run to run); in a check's
process, what the code prints is kept (``captured_output``): the first ``keep`` characters, and
how many there were.
"""

from __future__ import annotations

import builtins
import contextlib
import ctypes
import faulthandler
import functools
import io
import multiprocessing
import os
import resource
import signal
import sys
import threading
import time
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from multiprocessing.connection import Connection
from types import FrameType, TracebackType
from typing import Any, TypeVar

from gamesolver import stats
from gamesolver.errors import ADDRESS, error_text

_T = TypeVar("_T")


class Interrupted(BaseException):
    """Raised in the bounded code from outside it: a limit was exceeded, or the work cancelled."""


class CallTimeLimit(Interrupted):
    """One call of the student's code ran longer than ``call_seconds``."""


class TotalTimeLimit(Interrupted):
    """The whole check (or a ``Watchdog``'s block) ran longer than ``total_seconds``."""


class Cancelled(Interrupted):
    """The work was no longer wanted (e.g. a search for a game the student has left)."""


RESEND_SECONDS = 0.2
"""A limit not obeyed (swallowed by a bare ``except:``) is raised again after this long."""


class Canceller:
    """Cancel a search that runs in another thread, at a point where its bookkeeping is whole.

    ``Cancelled`` is raised in the searching thread at its next value call (``stats.calls +=
    1``), and only inside ``searching``, never in the code around the search that updates the
    widgets. Each search gets a fresh flag (``ticket``), so that a thread that has not yet
    entered its search when it is cancelled does not enter it at all. A search that counts no
    value calls runs to its end; its move is then no longer wanted, and dropped by the board.
    """

    def __init__(self) -> None:
        self._ticket = threading.Event()

    def ticket(self) -> threading.Event:
        """The flag of the next search; the thread that runs it passes it to ``searching``."""
        self._ticket = threading.Event()
        return self._ticket

    def cancel(self) -> None:
        """Stop the current search (its result is no longer wanted)."""
        self._ticket.set()

    @contextmanager
    def searching(self, ticket: threading.Event) -> Iterator[None]:
        """The block in which ``Cancelled`` may arrive; raises it at once if ``ticket`` was
        cancelled."""

        def check() -> None:
            if ticket.is_set():
                raise Cancelled

        check()
        with stats.checking(check):
            yield


class Watchdog:
    """Interrupt the block after ``total_seconds`` (wall clock): a bound on the lecture's own
    code in the command line (``--max-seconds``), in the main thread (the only one a signal
    reaches; elsewhere entering raises ``ValueError``). A student's code is bounded in a process
    of its own instead (``apart``).

    ::

        with Watchdog(total_seconds=60):
            value = search(game, state, player, stats)

    ``TotalTimeLimit`` is raised in the block, and again every ``poll`` seconds while the block
    has not ended; ``tripped`` says whether it was. A limit met inside ``__enter__`` or
    ``__exit__`` waits for the block, or is dropped after it. An outer ``Watchdog``'s timer is
    put back as the block ends.
    """

    def __init__(self, total_seconds: float | None = None, poll: float = RESEND_SECONDS) -> None:
        self.total_seconds = total_seconds
        self.poll = poll
        self.tripped: type[Interrupted] | None = None
        self._outer: tuple[Any, tuple[float, float], float] | None = None

    def __enter__(self) -> Watchdog:
        self.tripped = None
        if self.total_seconds is None:
            return self
        handler = signal.signal(signal.SIGALRM, self._alarm)
        outer = signal.setitimer(signal.ITIMER_REAL, max(self.total_seconds, 1e-6), self.poll)
        self._outer = (handler, outer, time.monotonic())
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if self._outer is None:
            return
        handler, (delay, interval), entered = self._outer
        self._outer = None
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, handler)
        if delay:  # an outer Watchdog's: what is left of it
            left = max(delay - (time.monotonic() - entered), 1e-6)
            signal.setitimer(signal.ITIMER_REAL, left, interval)

    def _alarm(self, signum: int, frame: FrameType | None) -> None:
        """The timer's signal: ``TotalTimeLimit``, unless it lands in ``__enter__`` or
        ``__exit__`` (a limit raised there would escape the ``with`` statement's bookkeeping)."""
        while frame is not None:
            if frame.f_code in _WATCHDOG_CODE:
                return
            frame = frame.f_back
        self.tripped = TotalTimeLimit
        raise TotalTimeLimit


_WATCHDOG_CODE = (Watchdog.__enter__.__code__, Watchdog.__exit__.__code__)


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

    def within(self, limit: type[Interrupted]) -> str:
        """A time limit as a report says it: ``within 2 s (call_seconds)``."""
        if limit is CallTimeLimit:
            return f"within {self.call_seconds:g} s (call_seconds)"
        return f"within {self.total_seconds:g} s (total_seconds)"


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
_TIMERS = {signal.SIGALRM, signal.SIGPROF}


class _Child:
    """The state of the process a check runs in (``None`` in any other process)."""

    def __init__(self, channel: Connection, under_way: Any, limits: Limits) -> None:
        self.channel = channel
        self.under_way = under_way
        """Shared with the parent: the number of the call under way (0 when none is)."""
        self.limits = limits
        self.calls = 0
        self.deadlines: list[tuple[float, float]] = []
        """Of each call under way, innermost last: its CPU time and wall clock deadlines."""
        total = limits.total_seconds
        self.total_at = None if total is None else time.monotonic() + total
        self.finishing = False
        self.tripped: type[Interrupted] | None = None
        self.memory_mb: float | None = None
        self.output = Output(KEEP)

    def arm(self) -> None:
        """Set the timers to the nearest deadlines: the call's (if one is under way) in CPU time
        (``SIGPROF``), the call's and the check's on the wall clock (``SIGALRM``)."""
        cpu, wall = self.deadlines[-1] if self.deadlines else (None, None)
        clock = [at for at in (wall, self.total_at) if at is not None]
        for which, at, now in (
            (signal.ITIMER_PROF, cpu, time.process_time()),
            (signal.ITIMER_REAL, min(clock, default=None), time.monotonic()),
        ):
            delay = 0.0 if at is None or self.finishing else max(at - now, 1e-6)
            signal.setitimer(which, delay, RESEND_SECONDS if delay else 0.0)

    def alarm(self, signum: int, frame: object) -> None:
        """A timer's signal: the limit that is due, raised; the check's own code that reports
        a ``TotalTimeLimit`` (outside the student's calls) is interrupted once only."""
        if self.finishing:
            return
        cpu, wall = self.deadlines[-1] if self.deadlines else (None, None)
        if signum == signal.SIGPROF:
            due = cpu is not None and time.process_time() >= cpu - 0.01
        else:
            due = wall is not None and time.monotonic() >= wall - 0.01
        if due:
            self.tripped = CallTimeLimit
            raise CallTimeLimit
        over = self.total_at is not None and time.monotonic() >= self.total_at - 0.01
        if over and (self.tripped is not TotalTimeLimit or self.deadlines):
            self.tripped = TotalTimeLimit
            raise TotalTimeLimit


_child: _Child | None = None


def apart(work: Callable[[], _T], limits: Limits, ended: Callable[[Ended], _T]) -> _T:
    """``work()`` run in a process of its own (``os.fork``), under ``limits``: its result
    (pickled), or ``ended(...)``'s if the process ended without one.

    The parent waits; it kills a child that has not obeyed a limit within ``GRACE_SECONDS``, and
    the child if the parent is interrupted (Ctrl-C). An exception ``work`` raises is raised
    again here. Inside a child, ``apart`` runs ``work`` directly: the outer limits hold.

    In the child, nothing reaches the notebook or the terminal: ``sys.stdout`` and
    ``sys.stderr`` are kept (``captured_output``), the file descriptors 0, 1 and 2 are
    ``/dev/null``, and ``input()`` raises ``EOFError``. Where there is no ``os.fork``
    (Windows), ``work`` runs here, without limits.
    """
    if _child is not None or not hasattr(os, "fork"):
        return work()
    under_way = multiprocessing.RawValue("q", 0)  # shared memory: the call under way
    read_end, write_end = multiprocessing.Pipe(duplex=False)
    parent = os.getpid()
    with warnings.catch_warnings():  # Python 3.12: "use of fork() may lead to deadlocks"
        warnings.simplefilter("ignore", DeprecationWarning)
        pid = os.fork()
    if pid == 0:  # pragma: no cover  (the child: measured by its results)
        read_end.close()
        _run_child(work, limits, write_end, under_way, parent)
    write_end.close()
    with read_end:
        return _wait(pid, read_end, under_way, limits, ended)


def _run_child(
    work: Callable[[], Any], limits: Limits, channel: Connection, under_way: Any, parent: int
) -> None:
    """The child: ``work()`` under the limits, its result or exception sent; never returns."""
    global _child
    status = 0
    try:
        _end_with(parent)
        _child = child = _Child(channel, under_way, limits)
        _quiet(child.output)
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
        for timer in _TIMERS:
            signal.signal(timer, child.alarm)
        if limits.memory_mb is not None:
            child.memory_mb = _limit_memory(limits.memory_mb)
        child.arm()
        try:
            message: tuple[str, Any] = ("result", work())
        except Exception as error:  # a bug of the check's: raised in the parent
            message = ("error", error)
        except BaseException as error:  # SystemExit and the like: never raised in the parent
            message = ("error", RuntimeError(f"the check was ended by {error_text(error)}"))
        child.finishing = True
        child.arm()
        try:
            _send(channel, message)
        except Exception as error:  # a report that cannot be pickled (nothing of it was sent)
            _send(channel, ("error", RuntimeError(f"the check's report: {error_text(error)}")))
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


def _quiet(output: Output) -> None:
    """Nothing the child writes reaches the kernel's streams (ipykernel's, whose threads are
    not in the child) nor the terminal: what Python code prints is kept in ``output``; nothing
    waits for input."""
    faulthandler.disable()  # (a test runner's writes to a copy of the terminal's descriptor)
    null = os.open(os.devnull, os.O_RDWR)
    for descriptor in (0, 1, 2):
        os.dup2(null, descriptor)
    os.close(null)
    sys.stdout = sys.stderr = output
    sys.stdin = io.StringIO()

    def no_input(prompt: object = "") -> str:
        raise EOFError("a check gives no input")

    builtins.input = no_input


def _limit_memory(memory_mb: float) -> float | None:
    """At most ``memory_mb`` more of address space: an allocation beyond is a ``MemoryError``.
    The megabytes the process may grow by: fewer if its limit was lower already (a kernel under
    autograding's); ``None`` where the system says no size (no ``/proc``) or has no such limit."""
    try:
        with open("/proc/self/statm") as statm:
            now = int(statm.read().split()[0]) * resource.getpagesize()
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        grown = now + int(memory_mb * 2**20)
        limit = min(value for value in (grown, soft, hard) if value != resource.RLIM_INFINITY)
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    except (OSError, ValueError):  # pragma: no cover  (no such limit here)
        return None
    return max(limit - now, 0) / 2**20


@contextmanager
def call() -> Iterator[None]:
    """Mark a call of the student's code: ``call_seconds`` bounds it (in a check's process)."""
    child = _child
    if child is None:
        yield
        return
    child.calls += 1
    outer = child.under_way.value
    child.under_way.value = child.calls
    seconds = child.limits.call_seconds
    if seconds is not None:
        now = (time.process_time() + seconds, time.monotonic() + WAIT_FACTOR * seconds)
        child.deadlines.append(now)
        child.arm()
    try:
        yield
    finally:
        if seconds is not None:
            child.deadlines.pop()
            child.arm()
        child.under_way.value = outer


def memory_mb() -> float | None:
    """The megabytes this check's process may grow by (``memory_mb``, or fewer where the process
    had less room: a kernel under autograding's limit), as a report says it after a
    ``MemoryError``; ``None`` outside a check or without a limit."""
    return None if _child is None else _child.memory_mb


def memory_text() -> str:
    """What a ``MemoryError`` in this check's process says: by how much memory was allowed to
    grow (``memory_mb``), or that it ran out (no limit)."""
    grown = memory_mb()
    if grown is None:
        return "ran out of memory (MemoryError)"
    return f"made the memory grow by more than {grown:,.0f} MB (memory_mb)"


def tripped() -> type[Interrupted] | None:
    """The limit last raised in this check's process (``None`` if none was)."""
    return None if _child is None else _child.tripped


def progress(said: Any) -> None:
    """Tell the parent what the check does now (plain data, pickled): what ``apart``'s
    ``ended`` hears if the process ends before its result. Nothing outside a check's process."""
    child = _child
    if child is not None:
        _send(child.channel, ("progress", said))


def _send(channel: Connection, message: tuple[str, Any]) -> None:
    """One message to the parent, pickled, whole: a limit does not interrupt it halfway."""
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, _TIMERS)
    try:
        channel.send(message)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)


def _wait(
    pid: int, channel: Connection, under_way: Any, limits: Limits, ended: Callable[[Ended], _T]
) -> _T:
    """The parent: read the child's messages, kill it at a limit it has not obeyed, reap it."""
    watch = _Watch(under_way, limits)
    said: Any = None
    answer: tuple[str, Any] | None = None
    killed: type[Interrupted] | None = None
    try:
        while answer is None and killed is None:
            if channel.poll(_POLL):
                try:
                    kind, value = channel.recv()
                except EOFError:  # the child ended
                    break
                if kind == "progress":
                    said = value
                else:
                    answer = (kind, value)
            killed = watch.unobeyed()
    finally:
        if answer is None:  # killed, ended, or the parent was interrupted (Ctrl-C)
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        in_call = bool(under_way.value)
    if answer is not None:
        kind, value = answer
        if kind == "error":
            raise value
        return value  # type: ignore[no-any-return]
    if killed is not None:
        how = "killed"
    elif os.WIFSIGNALED(status):
        how = f"signal {signal.Signals(os.WTERMSIG(status)).name}"
    else:
        how = f"exit status {os.waitstatus_to_exitcode(status)}"
    return ended(Ended(killed, how, in_call, said))


class _Watch:
    """The parent's view of the limits: the call under way (from the shared word) and when it
    began, the check's start; which limit the child has not obeyed within ``GRACE_SECONDS``."""

    def __init__(self, under_way: Any, limits: Limits) -> None:
        self.under_way = under_way
        self.limits = limits
        self.started = time.monotonic()
        self.call = 0
        self.call_started = self.started

    def unobeyed(self) -> type[Interrupted] | None:
        now = time.monotonic()
        if self.under_way.value != self.call:  # a new call (seen at most a poll after it began)
            self.call, self.call_started = self.under_way.value, now
        seconds, total = self.limits.call_seconds, self.limits.total_seconds
        call_limit = None if seconds is None else WAIT_FACTOR * seconds + GRACE_SECONDS
        if self.call and call_limit is not None and now - self.call_started > call_limit:
            return CallTimeLimit
        if total is not None and now - self.started > total + GRACE_SECONDS:
            return TotalTimeLimit
        return None


# -- what the guarded code hands back -------------------------------------------------------------

KEEP = 2000
"""How many characters of what the student's code prints a report keeps (it counts them all)."""

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
def captured_output(keep: int = KEEP) -> Iterator[Output]:
    """What is printed in the block (``sys.stdout`` and ``sys.stderr``), its first ``keep``
    characters kept: a function called thousands of times that prints a line each time would
    otherwise fill the notebook. In a check's process, that is the process's own output (from
    its start); elsewhere the streams are redirected for the block."""
    if _child is not None:
        yield _child.output
        return
    output = Output(keep)
    with contextlib.redirect_stdout(output), contextlib.redirect_stderr(output):
        yield output
