"""The course's files that are not code, shipped inside the package: the notebooks' style sheet
(``style.css``) and the public test data (``data/``).

``load_style()`` is the first cell of every notebook: the style sheet as HTML. ``data_path(...)``
finds the test data: Pons' solved Connect Four positions (``data/connect4/``), the Win at Chess
positions (``data/chess/``) and the KTH assignment's positions (``data/tic-tac-toe-nd/``), each
set with its origin, licence and checksums beside it.

Both live in the package's own folder, so that they are found the same way by an editable
install (``make``), a wheel (``pip install .``) and a released course on a hub: the repository
keeps one copy of each, and the wheel carries it (``[tool.setuptools.package-data]``). Only the
lectures are not packaged: a package installed without its repository finds them in the current
folder, a released assignment's folder (``notebooks_folder``).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from IPython.display import HTML

PACKAGE = Path(__file__).resolve().parent
"""The package's folder: ``style.css`` and ``data/`` are in it."""

REPOSITORY = PACKAGE.parent
"""The folder that holds the package: the repository, when installed in place."""

IN_REPOSITORY = (REPOSITORY / "pyproject.toml").is_file() and (REPOSITORY / "notebooks").is_dir()
"""True iff the package sits in its repository (else: installed without it)."""


NOTEBOOKS_VARIABLE = "GAMESOLVER_NOTEBOOKS"
"""An environment variable that names the folder with the lectures: autograding sets it to the
assignment's released copies (``gamesolver.tools.autograde``), so that the course's checks
compare with those, never with a copy a student handed in."""


def notebooks_folder() -> Path:
    """The folder with the lectures: the one ``GAMESOLVER_NOTEBOOKS`` names, else the
    repository's ``notebooks/``, else the current folder (a released assignment's)."""
    named = os.environ.get(NOTEBOOKS_VARIABLE)
    if named:
        return Path(named)
    return REPOSITORY / "notebooks" if IN_REPOSITORY else Path.cwd()


def data_path(*parts: str) -> Path:
    """The file or folder ``data/<parts>`` of the package; ``FileNotFoundError`` naming it if it
    is missing."""
    path = PACKAGE.joinpath("data", *parts)
    if not path.exists():
        raise FileNotFoundError(f"no test data at {path} (the package's data/ folder)")
    return path


def load_style(path: Path | None = None) -> HTML:
    """The style sheet (the package's ``style.css``, or the one at ``path``) as an HTML object;
    displayed, it restyles the notebook's markdown.

    The sheet uses system fonts only, so it works in a lecture room without a network. Its
    class, ``gamesolver-style``, lets the sheet hide the output row it sits in (an empty row
    under the first cell of every notebook otherwise).
    """
    from IPython.display import HTML  # here: the command line imports the package, not IPython

    sheet = (path or PACKAGE / "style.css").read_text(encoding="utf-8")
    return HTML(f'<style class="gamesolver-style">\n{sheet}</style>')  # type: ignore[no-untyped-call]
