"""Bounds on code we do not control: a student's code under a check, a search no longer wanted.

One mechanism bounds time: an interval timer (``signal.setitimer``) whose signal raises an
``Interrupted`` in the main thread. A check (``gamesolver.feedback``) runs ``apart``, in a
forked process (the student's function lives in the kernel, so ``os.fork`` hands it over
without pickling); each call of the student's code is marked ``with call():`` and bounded by
the ``Limits``. The exceptions derive from ``BaseException`` so that a student's ``except
Exception:`` does not swallow them, and are raised again every ``RESEND_SECONDS`` in case a
bare ``except:`` does; the parent kills a child that has not obeyed within ``GRACE_SECONDS``.
``Watchdog`` bounds the command line's own code (``--max-seconds``); ``Canceller`` stops a
search in a board's thread, where no signal arrives, at its next value call.
"""

from __future__ import annotations

import builtins
import contextlib
import ctypes
import faulthandler
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
from gamesolver.errors import ADDRESS, cut, error_text
from gamesolver.words import LONGEST, digits

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
    """Cancel a search in another thread: ``Cancelled`` is raised there at its next value call
    inside ``searching``, never in the code around it that updates the widgets. Each search gets
    a fresh flag (``ticket``), so that one cancelled before it starts never starts."""

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
        """The block in which ``Cancelled`` may arrive (at once if ``ticket`` is set)."""

        def check() -> None:
            if ticket.is_set():
                raise Cancelled

        check()
        with stats.checking(check):
            yield


class Watchdog:
    """Raise ``TotalTimeLimit`` in the block after ``total_seconds`` of the wall clock, and
    again every ``poll`` seconds until it ends (main thread only: ``with Watchdog(60): ...``).
    ``tripped`` says whether it was; an outer ``Watchdog``'s timer is put back at the end."""

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
        """``TotalTimeLimit``, unless in ``__enter__`` or ``__exit__`` (it would escape them)."""
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
    """One call of the student's code: CPU seconds (a busy machine does not make it look slow),
    or ``WAIT_FACTOR`` times as many of the wall clock for a call that waits (``time.sleep``)."""
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
    """Why a check run ``apart`` ended without its result (``os._exit``, a crash, a kill)."""

    limit: type[Interrupted] | None
    """The limit not obeyed, for which the process was killed; ``None``: it ended by itself."""
    how: str
    """In words: ``"exit status 3"``, ``"signal SIGSEGV"``, ``"killed"``."""
    in_call: bool
    """It ended inside a call of the student's code (``call()``)."""
    progress: Any
    """What the check last said about itself (``progress(...)``), so a report names the example."""


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
        self.under_way = under_way  # shared with the parent: the call under way (0: none)
        self.limits = limits
        self.calls = 0
        self.deadlines: list[tuple[float, float]] = []  # CPU and wall clock, innermost last
        total = limits.total_seconds
        self.total_at = None if total is None else time.monotonic() + total
        self.finishing = False
        self.tripped: type[Interrupted] | None = None
        self.memory_mb: float | None = None
        self.output = Output(KEEP)

    def arm(self) -> None:
        """Set the timers to the nearest deadlines: the call's in CPU time (``SIGPROF``), the
        call's and the check's on the wall clock (``SIGALRM``)."""
        cpu, wall = self.deadlines[-1] if self.deadlines else (None, None)
        clock = [at for at in (wall, self.total_at) if at is not None]
        for which, at, now in (
            (signal.ITIMER_PROF, cpu, time.process_time()),
            (signal.ITIMER_REAL, min(clock, default=None), time.monotonic()),
        ):
            delay = 0.0 if at is None or self.finishing else max(at - now, 1e-6)
            signal.setitimer(which, delay, RESEND_SECONDS if delay else 0.0)

    def alarm(self, signum: int, frame: object) -> None:
        """The limit that is due, raised; the check's own code reporting a ``TotalTimeLimit``
        (outside the student's calls) is interrupted once only."""
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
    """``work()`` run in a forked process under ``limits``: its result (pickled; an exception
    raised again here), or ``ended(...)``'s if the process ended without one. The child is
    killed if the parent is interrupted; what it prints is kept (``captured_output``), never
    shown, and ``input()`` raises ``EOFError``. Inside a child, or without ``os.fork``
    (Windows), ``work`` runs here."""
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
    """Have Linux kill this process when its parent ends (a kernel restarted), so that a check
    does not run on without end; a parent already gone ends it now."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:
        os._exit(70)


PR_SET_PDEATHSIG = 1
"""Linux's ``prctl`` option: the signal a process gets when its parent ends."""


def _quiet(output: Output) -> None:
    """Nothing the child writes reaches the kernel's streams or the terminal: what Python code
    prints is kept in ``output``; nothing waits for input."""
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
    """Allow ``memory_mb`` more address space (beyond: ``MemoryError``); the megabytes really
    allowed (fewer under a lower limit already set), ``None`` where the system has no limit."""
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
    """Mark a call of the student's code: ``call_seconds`` bounds it (in a check's process).
    A new call starts with no ``CallTimeLimit`` tripped: that limit belonged to the call it
    stopped, and a process that plays on (a tournament's next game) must not blame this one."""
    child = _child
    if child is None:
        yield
        return
    if child.tripped is CallTimeLimit:
        child.tripped = None
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
    """The megabytes this check's process may grow by (``None``: outside a check, or no limit)."""
    return None if _child is None else _child.memory_mb


def memory_text() -> str:
    """What a report says of a ``MemoryError`` in this check's process."""
    grown = memory_mb()
    if grown is None:
        return "ran out of memory (MemoryError)"
    return f"made the memory grow by more than {grown:,.0f} MB (memory_mb)"


def tripped() -> type[Interrupted] | None:
    """The limit last raised in this check's process (``None`` if none was; a call's limit is
    forgotten when the next call starts, a ``TotalTimeLimit`` never)."""
    return None if _child is None else _child.tripped


def progress(said: Any) -> None:
    """Tell the parent what the check does now (``Ended.progress``); nothing outside a check."""
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
    """The parent's view of the limits: which one the child has not obeyed in ``GRACE_SECONDS``."""

    def __init__(self, under_way: Any, limits: Limits) -> None:
        self.under_way = under_way
        self.limits = limits
        self.started = time.monotonic()
        self.call = 0
        self.call_started = self.started

    def unobeyed(self) -> type[Interrupted] | None:
        now = time.monotonic()
        if self.under_way.value != self.call:  # a new call
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


def shown(value: object, limit: int = 80) -> str:
    """``repr(value)`` as a report shows it: at most ``limit`` characters, without a memory
    address (it changes from run to run), an int too long to write as ``<an int of 5,001
    digits>``. Never raises (a ``repr`` that raises is said to)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**LONGEST:
        return f"<{'a negative' if value < 0 else 'an'} int of {digits(value):,} digits>"
    try:
        text = ADDRESS.sub("", repr(value))
    except Exception as error:
        text = f"<a {type(value).__name__} whose repr raises {type(error).__name__}>"
    return cut(text, limit)


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
        whole = self.total == len(self.text) and len(kept) <= lines
        if whole and all(len(line) <= width for line in first):
            which = "all of it"
        else:
            which = f"the first {len(first)} lines" if len(first) > 1 else "the first line"
        head = f"{who} printed {self.total:,} characters during the check; {which}:"
        return "\n".join([head, *("    " + cut(line, width) for line in first)])


@contextmanager
def captured_output(keep: int = KEEP) -> Iterator[Output]:
    """What is printed in the block (``sys.stdout``, ``sys.stderr``), its first ``keep``
    characters kept, so that a function that prints at every call does not fill the notebook.
    In a check's process, that is the process's own output from its start."""
    if _child is not None:
        yield _child.output
        return
    output = Output(keep)
    with contextlib.redirect_stdout(output), contextlib.redirect_stderr(output):
        yield output
