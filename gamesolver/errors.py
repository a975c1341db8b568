"""What goes wrong, said once: the package's own errors and any exception in one line of text.

``GameSolverError`` is the base of what the package raises on purpose, so that a caller tells
its refusals from a bug or a student's exception; ``error_text`` is how every surface (the
command line, the checks, the boards) says any exception.
"""

from __future__ import annotations

import re

ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")
"""The memory address of a default ``repr``: it changes from run to run, so reports drop it."""


class GameSolverError(Exception):
    """An error the package raises on purpose, with a message meant for the reader."""


def error_text(error: BaseException, limit: int = 300) -> str:
    """``Type: message`` as a traceback's last line says it (the message's first line, cut to
    ``limit`` characters, without memory addresses); never raises, even if ``str(error)`` does."""
    name = type(error).__name__
    try:
        message = str(error).strip()
    except Exception as failure:
        return f"{name} (its message could not be written: str() raised {type(failure).__name__})"
    first = ADDRESS.sub("", message.splitlines()[0]) if message else ""
    return f"{name}: {cut(first, limit)}" if first else name


def cut(text: str, width: int) -> str:
    """``text``, cut to ``width`` characters with ``…`` if longer."""
    return text if len(text) <= width else text[: width - 1] + "…"
