"""The notebooks' look: the first cell of every notebook calls ``load_style()``."""

from __future__ import annotations

from pathlib import Path

from IPython.display import HTML

STYLE_SHEET = Path(__file__).resolve().parents[1] / "style.css"
"""``style.css`` at the top of the repository (the package is installed editable)."""


def load_style(path: Path = STYLE_SHEET) -> HTML:
    """The style sheet as an HTML object; displayed, it restyles the notebook's markdown.

    The sheet uses system fonts only, so it works in a lecture room without a network. Its
    class, ``gamesolver-style``, lets the sheet hide the output row it sits in (an empty row
    under the first cell of every notebook otherwise).
    """
    sheet = path.read_text(encoding="utf-8")
    return HTML(f'<style class="gamesolver-style">\n{sheet}</style>')  # type: ignore[no-untyped-call]
