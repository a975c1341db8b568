"""The notebooks' look: the first cell of every notebook calls ``load_style()``."""

from __future__ import annotations

from pathlib import Path

from IPython.display import HTML

from gamesolver.data import course_root


def load_style(path: Path | None = None) -> HTML:
    """The style sheet (``style.css`` at the top of the repository, or beside the notebook in a
    released copy: ``gamesolver.data.course_root``) as an HTML object; displayed, it restyles
    the notebook's markdown.

    The sheet uses system fonts only, so it works in a lecture room without a network. Its
    class, ``gamesolver-style``, lets the sheet hide the output row it sits in (an empty row
    under the first cell of every notebook otherwise).
    """
    sheet = (path or course_root() / "style.css").read_text(encoding="utf-8")
    return HTML(f'<style class="gamesolver-style">\n{sheet}</style>')  # type: ignore[no-untyped-call]
