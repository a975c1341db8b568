"""What goes wrong, said once: the package's own errors and any exception in one line of text.

``GameSolverError`` is the base of every exception the package raises on purpose (a bad
notebook, a bad argument, an illegal move, a search out of time), so that a caller can tell the
package's refusals from a bug or a student's exception. ``error_text(error)`` writes any
exception (the package's, a notebook's or a student's) as the last line of a traceback says
it: every surface (the command line, the checks, the boards) says an error in these words.
"""

from __future__ import annotations

import re

ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")
"""The memory address of a default ``repr``: it changes from run to run, so reports drop it."""


class GameSolverError(Exception):
    """An error the package raises on purpose, with a message meant for the reader."""


def error_text(error: BaseException, limit: int = 300) -> str:
    """``Type: message``, as the last line of a traceback says it (the first line of the
    message, at most ``limit`` characters, without memory addresses); never raises, not even
    when ``str(error)`` does (a notebook's exception class may define a ``__str__`` that
    raises)."""
    name = type(error).__name__
    try:
        message = str(error).strip()
    except Exception as failure:
        return f"{name} (its message could not be written: str() raised {type(failure).__name__})"
    first = ADDRESS.sub("", message.splitlines()[0]) if message else ""
    first = first if len(first) <= limit else first[: limit - 1] + "…"
    return f"{name}: {first}" if first else name
