"""A definition shown again where a later lecture uses it, instead of defined a second time.

A lecture that builds on a function another notebook defines (Tic-Tac-Toe on the Solver's
``memo_key``, say) shows that function's source on the projector with ``show_source``. The
course keeps each definition once, and the reader still sees the code at work where it is
taught.
"""

from __future__ import annotations

import inspect
import textwrap
from collections.abc import Callable
from typing import Any

from IPython.display import Code


def show_source(definition: Callable[..., Any] | type) -> Code:
    """The source of ``definition`` as highlighted Python, for a cell to display.

    The source is read by ``inspect.getsource``, which finds a notebook cell's code (IPython
    and ``load_notebook`` both register it), so what the reader sees is what runs. An indented
    definition is dedented. A definition without source (a built-in) raises ``TypeError``, one
    whose source cannot be found ``OSError``, as ``inspect.getsource`` does.
    """
    source = textwrap.dedent(inspect.getsource(definition))
    return Code(source, language="python")  # type: ignore[no-untyped-call]
