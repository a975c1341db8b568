"""Bounds on code we do not control: a check's work in a process of its own under limits
(``apart``), which ends as a report whatever the student's code does; the command line's
``Watchdog``, a timer's signal in the main thread; the play widget's ``Canceller``, which stops
a search in its thread at its next value call."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
import warnings
from collections.abc import Callable, Iterator
from typing import Any

import psutil
import pytest

from gamesolver import Stats, guard
from gamesolver.guard import (
    CallTimeLimit,
    Cancelled,
    Canceller,
    Ended,
    Interrupted,
    Limits,
    TotalTimeLimit,
    Watchdog,
    apart,
    captured_output,
    error_text,
    shown,
)
from gamesolver.words import digits


def spin() -> None:
    """An endless loop in Python code, as a student writes one."""
    while True:
        pass


def search_for_ever(stats: Stats) -> None:
    """A search that never ends, counting its value calls as the lecture's searches do."""
    while True:
        stats.calls += 1


LIMITS = Limits(call_seconds=0.2, total_seconds=30, memory_mb=200)


def checked(student: Callable[[], Any], limits: Limits = LIMITS) -> tuple[str, Any]:
    """What a check that calls ``student()`` once, in a process of its own, hands back: what
    the call returned, the limit or exception that ended it, or how its process ended."""

    def work() -> tuple[str, Any]:
        guard.progress("asking example 1")
        try:
            with guard.call():
                return ("returned", student())
        except Interrupted as limit:
            return ("limit", type(limit))
        except BaseException as error:
            return ("raised", error_text(error))

    def ended(end: Ended) -> tuple[str, Any]:
        return ("ended", end)

    return apart(work, limits, ended)


def test_a_check_hands_back_what_it_found() -> None:
    assert checked(lambda: 42) == ("returned", 42)
    assert apart(lambda: [1, {"a": (2.5, None)}], LIMITS, repr) == [1, {"a": (2.5, None)}]


def test_a_call_over_its_limit_is_interrupted() -> None:
    assert checked(spin) == ("limit", CallTimeLimit)


def test_a_call_that_waits_is_interrupted_too() -> None:
    """``time.sleep(10**6)`` and an enormous computation ran on for minutes under the thread's
    watchdog (issue 33, item 7): the process is sent a signal, which ends a sleep at once."""
    assert checked(lambda: time.sleep(10**6)) == ("limit", CallTimeLimit)
    assert checked(lambda: 10 ** (10**8)) == ("limit", CallTimeLimit)
    assert checked(lambda: input("your move? ")) == ("raised", "EOFError: a check gives no input")


def test_a_call_is_timed_by_its_own_cpu_time() -> None:
    """A call that waits without computing (a machine busy with other work gives the process no
    core) is not over ``call_seconds`` until twice as long has passed on the wall clock: a
    wall-clock limit made checks fail on a busy machine (issue 23)."""
    assert checked(lambda: time.sleep(0.3) or 1) == ("returned", 1)
    assert checked(lambda: time.sleep(0.6)) == ("limit", CallTimeLimit)


def test_the_whole_check_has_a_limit() -> None:
    def work() -> str:
        try:
            while True:
                with guard.call():
                    time.sleep(0.01)
        except TotalTimeLimit:
            return "stopped, and said so"

    assert apart(work, Limits(call_seconds=1, total_seconds=0.2), repr) == "stopped, and said so"
    with pytest.raises(TotalTimeLimit), Watchdog(total_seconds=0.05):  # the command line's
        spin()


def test_whatever_the_student_raises_is_a_result() -> None:
    """``sys.exit`` and ``KeyboardInterrupt`` passed through the check as tracebacks (issue 33,
    item 7)."""

    def keyboard() -> None:
        raise KeyboardInterrupt

    assert checked(lambda: sys.exit(3)) == ("raised", "SystemExit: 3")
    assert checked(keyboard) == ("raised", "KeyboardInterrupt")


def test_a_process_that_ends_is_told() -> None:
    kind, end = checked(lambda: os._exit(4))
    assert kind == "ended" and end == Ended(None, "exit status 4", True, "asking example 1")
    kind, end = checked(lambda: os.kill(os.getpid(), signal.SIGSEGV))
    assert (kind, end.how, end.in_call) == ("ended", "signal SIGSEGV", True)


def test_a_limit_that_is_not_obeyed_ends_the_process() -> None:
    def stubborn() -> None:
        while True:
            try:  # noqa: SIM105  (a student's catch-all, as students write it)
                time.sleep(1)
            except BaseException:
                pass

    kind, end = checked(stubborn)
    assert kind == "ended" and end.limit is CallTimeLimit and end.how == "killed"
    assert end.progress == "asking example 1"


def test_a_call_after_a_call_over_its_limit_is_not_over_it() -> None:
    """A process that plays on after a call over its limit (a tournament's game lost on time,
    the next game played in the same process): ``tripped`` said ``CallTimeLimit`` for every
    later call too, so a quick move was reported over its limit."""

    def work() -> list[object]:
        said: list[object] = []
        for student in (spin, lambda: 42):
            try:
                with guard.call():
                    said.append(student())
            except CallTimeLimit:
                said.append("limit")
            said.append(guard.tripped())
        return said

    assert apart(work, LIMITS, repr) == ["limit", CallTimeLimit, 42, None]


def test_a_limit_is_not_swallowed_by_except_exception() -> None:
    def catches() -> None:
        try:  # noqa: SIM105  (a student's catch-all, as students write it)
            spin()
        except Exception:
            pass

    assert checked(catches) == ("limit", CallTimeLimit)


def test_memory_growth_is_a_memory_error() -> None:
    def greedy() -> int:
        hoard = [b"x" * 2**20 for _ in range(500)]  # 500 MB, if nothing stops it
        return len(hoard)

    assert checked(greedy, Limits(memory_mb=50)) == ("raised", "MemoryError")


def test_nothing_printed_leaves_the_process(capfd: pytest.CaptureFixture[str]) -> None:
    def loud() -> int:
        print("to stdout")
        print("to stderr", file=sys.stderr)
        os.write(1, b"to the descriptor\n")
        return 1

    assert checked(loud) == ("returned", 1)
    assert capfd.readouterr() == ("", "")


def test_an_error_of_the_check_itself_is_raised_here() -> None:
    def broken() -> None:
        raise ValueError("a bug of the check")

    with pytest.raises(ValueError, match="a bug of the check"):
        apart(broken, LIMITS, repr)


def test_a_check_in_a_thread_with_threads_around_warns_nothing() -> None:
    """Python 3.12 warns at a fork in a process with threads (a kernel has several): no warning
    reaches the notebook, from the main thread or another."""
    found: list[tuple[str, Any]] = []
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        thread = threading.Thread(target=lambda: found.append(checked(spin)))
        thread.start()
        thread.join(30)
        found.append(checked(lambda: 7))
    assert found == [("limit", CallTimeLimit), ("returned", 7)]


def test_the_check_ends_with_its_caller() -> None:
    """Ctrl-C in the kernel (SIGINT to its process group) ends the waiting parent, which ends
    the check's process: none is left running."""
    script = textwrap.dedent(
        """
        import os, signal, threading
        import psutil
        from gamesolver import Stats, guard

        def work():
            with guard.call():
                while True:
                    pass

        signal.signal(signal.SIGINT, signal.default_int_handler)  # (a test runner ignores it)
        threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
        try:
            guard.apart(work, guard.Limits(), repr)
        except KeyboardInterrupt:
            print("interrupted", psutil.Process().children())
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60
    )
    assert done.stdout == "interrupted []\n", done.stderr


def test_the_check_ends_when_its_caller_is_killed() -> None:
    """A kernel killed (or a test's process after its timeout) leaves no check running without
    end: the system ends the check's process with its parent. (Two checks of a timed-out test
    ran on at full speed for half an hour.)"""
    script = textwrap.dedent(
        """
        import os, threading
        import psutil
        from gamesolver import Stats, guard

        def work():
            with guard.call():
                while True:
                    pass

        def leave():
            print(psutil.Process().children()[0].pid, flush=True)
            os._exit(0)

        threading.Timer(0.5, leave).start()
        guard.apart(work, guard.Limits(), repr)
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60
    )
    child = int(done.stdout)
    deadline = time.monotonic() + 10
    while psutil.pid_exists(child) and psutil.Process(child).status() != psutil.STATUS_ZOMBIE:
        assert time.monotonic() < deadline, "the check's process outlived its caller"
        time.sleep(0.05)


def test_nothing_arrives_after_the_block() -> None:
    """A limit reached as the block ends is dropped, not raised later somewhere else."""
    for _ in range(20):
        try:
            with Watchdog(total_seconds=0.003, poll=0.001):
                time.sleep(0.003)  # over the limit: interrupted as it returns
        except TotalTimeLimit:
            pass
        deadline = time.perf_counter() + 0.05
        while time.perf_counter() < deadline:  # Python bytecode: a stray exception would come
            pass


def test_a_limit_met_before_the_block_starts_waits_for_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """The timer was set, then the thread was slow to leave ``__enter__`` (a busy machine): a
    limit raised inside ``__enter__`` would escape the ``with`` statement, which then never ran
    ``__exit__``, and the timer raised it again every 0.2 s for ever, wherever the thread was
    (a test run crashed). It waits for the block instead."""
    setitimer = signal.setitimer

    def slow_setitimer(which: int, seconds: float, interval: float = 0.0) -> tuple[float, float]:
        before = setitimer(which, seconds, interval)
        deadline = time.perf_counter() + 0.05  # the limit, 0 s, is met meanwhile
        while time.perf_counter() < deadline:
            pass
        return before

    monkeypatch.setattr(signal, "setitimer", slow_setitimer)
    with pytest.raises(TotalTimeLimit), Watchdog(total_seconds=0.0, poll=0.001):
        spin()
    monkeypatch.undo()
    deadline = time.perf_counter() + 0.5
    while time.perf_counter() < deadline:  # Python bytecode: a stray exception would come
        pass


def test_cancelled_arrives_where_it_is_caught() -> None:
    """A search in a thread of its own is stopped at its next value call."""
    canceller = Canceller()
    ticket = canceller.ticket()
    caught = threading.Event()
    started = threading.Event()

    def search() -> None:
        try:
            with canceller.searching(ticket):
                started.set()
                search_for_ever(Stats())
        except Cancelled:
            caught.set()

    thread = threading.Thread(target=search, daemon=True)
    thread.start()
    started.wait(5)
    canceller.cancel()
    thread.join(5)
    assert caught.is_set() and not thread.is_alive()


def test_a_canceller_stops_a_search_inside_it_and_only_there() -> None:
    canceller = Canceller()
    ticket = canceller.ticket()
    inside, outcome = threading.Event(), []

    def search() -> None:
        try:
            with canceller.searching(ticket):
                inside.set()
                search_for_ever(Stats())
            outcome.append("finished")
        except Cancelled:
            outcome.append("cancelled")
        Stats().calls += 1  # the bookkeeping after the search: no exception lands here
        outcome.append("after")

    thread = threading.Thread(target=search, daemon=True)
    thread.start()
    assert inside.wait(5)
    canceller.cancel()
    thread.join(5)
    assert outcome == ["cancelled", "after"] and not thread.is_alive()
    # a search cancelled before it began does not begin
    with pytest.raises(Cancelled), canceller.searching(ticket):
        raise AssertionError("entered a cancelled search")
    # a new ticket's search runs to its end, and cancelling after it is harmless
    with canceller.searching(canceller.ticket()):
        Stats().calls += 1
    canceller.cancel()
    Stats().calls += 1


def test_profiling_still_works_after_a_limit() -> None:
    """Clearing a raised exception with the C API (what the watchdog once did) left CPython's
    pending flag set, and the next profiled call looped forever (the tree recorder profiles).
    In a subprocess, so that the failure is a timeout, not a hung test run."""
    script = textwrap.dedent(
        """
        import sys
        from gamesolver.guard import Interrupted, Watchdog

        def spin():
            while True:
                pass

        try:
            with Watchdog(total_seconds=0.05):
                spin()
        except Interrupted:
            pass
        def f(n):
            return n if n < 1 else f(n - 1)
        sys.setprofile(lambda frame, event, arg: None)
        print(f(5))
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60
    )
    assert done.stdout == "0\n", done.stderr


def test_interrupted_is_not_an_exception() -> None:
    assert not issubclass(Interrupted, Exception)


# ---------------------------------------------------------------- what the guarded code hands back


def test_digits_are_counted_without_writing_the_int() -> None:
    for number in (0, 9, 10, 99, 100, -101, 10**30 - 1, 10**30, 2**100, 10**4000 + 7):
        assert digits(number) == len(str(abs(number))), number
    assert digits(10**5000) == 5001 and digits(10**5000 - 1) == 5000
    assert digits(-(10**100_000)) == 100_001


def test_shown_never_raises_is_short_and_has_no_address() -> None:
    class Unwritable:
        def __repr__(self) -> str:
            raise RuntimeError("no repr")

    def numbers() -> Iterator[int]:
        yield 1

    assert shown(10**5000) == "<an int of 5,001 digits>"
    assert shown(-(10**40)) == "<a negative int of 41 digits>"
    assert shown(10**29) == repr(10**29)  # short enough to write
    assert shown(Unwritable()) == "<a Unwritable whose repr raises RuntimeError>"
    generator = shown(numbers(), 200)
    assert generator.startswith("<generator object ") and generator.endswith(".numbers>")
    assert shown(object(), 200) == "<object object>"
    assert len(shown("x" * 1000)) == 80 and shown("x" * 1000).endswith("…")


def test_error_text_never_raises() -> None:
    class Unprintable(Exception):
        def __str__(self) -> str:
            raise RuntimeError("no message")

    assert error_text(ZeroDivisionError("division by zero")) == (
        "ZeroDivisionError: division by zero"
    )
    assert error_text(KeyError()) == "KeyError"
    assert error_text(Unprintable()) == (
        "Unprintable (its message could not be written: str() raised RuntimeError)"
    )
    assert error_text(ValueError("first line\nsecond line")) == "ValueError: first line"
    assert len(error_text(ValueError("x" * 10_000))) < 320


def test_captured_output_keeps_the_first_characters_and_counts_all(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with captured_output(keep=100) as output:
        for number in range(10_000):
            print(f"line {number}")
        print("to stderr", file=sys.stderr)
    assert capsys.readouterr() == ("", "")
    assert output.total == sum(len(f"line {n}\n") for n in range(10_000)) + len("to stderr\n")
    assert output.text.startswith("line 0\nline 1\n") and len(output.text) == 100
    assert output.summary("f").splitlines() == [
        f"f printed {output.total:,} characters during the check; the first 5 lines:",
        *(f"    line {n}" for n in range(5)),
    ]
    with captured_output() as quiet:
        pass
    assert quiet.summary("f") == ""
    with captured_output() as once:
        print("hello")
    assert once.summary("f") == "f printed 6 characters during the check; all of it:\n    hello"


class SlowToDelete:
    """An object whose ``__del__`` runs for a while: a limit may land in it, where Python cannot
    raise it (nor in a garbage collector's callback, as hypothesis installs one)."""

    def __del__(self) -> None:
        deadline = time.perf_counter() + 0.3
        while time.perf_counter() < deadline:
            pass


def test_a_limit_that_lands_where_it_cannot_be_raised_comes_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    reported: list[object] = []
    monkeypatch.setattr(sys, "unraisablehook", reported.append)
    with pytest.raises(TotalTimeLimit), Watchdog(total_seconds=0.05):
        SlowToDelete()  # deleted at once: the limit lands in its __del__
        spin()  # and comes again here
    assert sys.unraisablehook == reported.append  # the hook is left alone


def test_an_outer_watchdog_holds_after_an_inner_one() -> None:
    """The command line bounds a notation's call (1 s) inside its whole search's bound: the inner
    block ending puts the outer timer back."""
    started = time.monotonic()
    with pytest.raises(TotalTimeLimit), Watchdog(total_seconds=0.3):
        with Watchdog(total_seconds=5):
            pass
        spin()
    assert time.monotonic() - started < 3
