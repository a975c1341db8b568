"""The computer's search in a background thread, for the widgets that show it (``Play``, ``Watch``).

``Background`` is that thread's bookkeeping: ``lock`` guards the widget's game and widgets
(the search runs without it); ``start(work)`` runs ``work(ticket)`` in a daemon thread, whose
``searching(ticket)`` block is where ``Cancelled`` may arrive when New game calls ``cancel()``;
``failed(error)`` keeps the error for ``wait()``, which joins the thread and raises it once.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from contextlib import AbstractContextManager

from gamesolver.guard import Canceller


class Background:
    """At most one searching thread of a widget at a time, cancelled, awaited, its error kept."""

    def __init__(self, name: str, busy: str) -> None:
        """``name``: the threads' name; ``busy``: what ``wait`` says when it gives up, e.g.
        ``"the computer is still thinking"``."""
        self.name = name
        self.busy = busy
        self.lock = threading.RLock()
        self._canceller = Canceller()
        self._thread: threading.Thread | None = None
        self._error: BaseException | None = None

    def start(self, work: Callable[[threading.Event], None]) -> None:
        """Run ``work(ticket)`` in a new thread; ``ticket`` goes to ``searching``."""
        thread = threading.Thread(
            target=work, args=(self._canceller.ticket(),), name=self.name, daemon=True
        )
        self._thread = thread
        thread.start()

    def run_here(self, work: Callable[[threading.Event], None]) -> None:
        """Run ``work(ticket)`` in the calling thread, as ``start`` would in its own."""
        self._thread = None
        work(self._canceller.ticket())

    def searching(self, ticket: threading.Event) -> AbstractContextManager[None]:
        """The block of the work in which ``Cancelled`` may arrive (and nowhere else)."""
        return self._canceller.searching(ticket)

    def cancel(self) -> None:
        """Stop the current work: its result is no longer wanted (New game). ``wait`` waits for
        the next work only, and an error kept from before is forgotten."""
        self._canceller.cancel()
        self._thread, self._error = None, None

    def failed(self, error: BaseException) -> None:
        """Keep ``error``, which stopped the work, for ``wait`` to raise."""
        self._error = error

    def wait(self, timeout: float | None = 60.0) -> None:
        """Wait until the work has ended and the widget shows it: ``TimeoutError`` after
        ``timeout`` seconds; the work's own exception if it failed (once)."""
        with self.lock:
            thread = self._thread
        if thread is not None:
            thread.join(timeout)
            if thread.is_alive():
                raise TimeoutError(f"{self.busy} after {timeout} s")
        with self.lock:
            error, self._error = self._error, None
        if error is not None:
            raise error
