"""show_source: a definition shown where a later lecture teaches it, read from its own code."""

from __future__ import annotations

import linecache

import pytest

from gamesolver.source import show_source


def test_the_source_shown_is_the_code_that_runs() -> None:
    """A function defined in a loaded cell (its code registered in linecache, as IPython and
    load_notebook do) is shown as written, dedented, and as Python."""
    source = "if True:\n    def twice(x):\n        return 2 * x\n"
    filename = "<Example.ipynb, cell 3>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    namespace: dict[str, object] = {}
    exec(compile(source, filename, "exec"), namespace)
    shown = show_source(namespace["twice"])  # type: ignore[arg-type]
    assert shown.data == "def twice(x):\n    return 2 * x\n"
    assert 'class="k">return' in shown._repr_html_()


def test_a_definition_without_source_is_refused() -> None:
    with pytest.raises(TypeError):
        show_source(len)
