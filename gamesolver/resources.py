"""Where the course's files are: the lectures (``notebooks/``), the notebooks' style sheet
(``style.css``) and the public test data (``data/``).

``load_style()`` is the first cell of every notebook: the style sheet as HTML. ``data_path(...)``
finds the test data: Pons' solved Connect Four positions (``data/connect4/``), the Win at Chess
positions (``data/chess/``) and the KTH assignment's positions (``data/tic-tac-toe-nd/``), each
set with its origin, licence and checksums beside it.

The style sheet sits at the top of the repository, beside ``notebooks/`` and ``gamesolver/``, as
the design lays the course out; the wheel carries it inside the package (``pyproject.toml``,
``force-include``), so an editable install (``make``) finds it in the repository and a wheel
(``pip install .``, a hub) beside this module. The data lives in the package's folder and is
found the same way by both. The lectures are not packaged: the repository's ``notebooks/``
(``NOTEBOOKS``, what the course's tools build from) or, for a package installed without its
repository, the current folder, a released assignment's (``notebooks_folder``).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from IPython.display import HTML

PACKAGE = Path(__file__).resolve().parent
"""The package's folder: ``data/`` is in it (and ``style.css``, in a wheel)."""

REPOSITORY = PACKAGE.parent
"""The folder that holds the package: the repository, when installed in place."""

NOTEBOOKS = REPOSITORY / "notebooks"
"""The repository's lectures: what the course's tools (the syllabus, the release, the play pages)
read and write."""

IN_REPOSITORY = (REPOSITORY / "pyproject.toml").is_file() and NOTEBOOKS.is_dir()
"""True iff the package sits in its repository (else: installed without it)."""

_PACKAGED = PACKAGE / "style.css"
STYLE = _PACKAGED if _PACKAGED.is_file() else REPOSITORY / "style.css"
"""The style sheet: the copy a wheel carries inside the package, else the repository's (found by
the file, not by ``IN_REPOSITORY``: the grading's sandbox hides the rest of the repository)."""

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
    return NOTEBOOKS if IN_REPOSITORY else Path.cwd()


def data_path(*parts: str) -> Path:
    """The file or folder ``data/<parts>`` of the package; ``FileNotFoundError`` naming it if it
    is missing."""
    path = PACKAGE.joinpath("data", *parts)
    if not path.exists():
        raise FileNotFoundError(f"no test data at {path} (the package's data/ folder)")
    return path


def load_style(path: Path | None = None) -> HTML:
    """The style sheet (``STYLE``, or the one at ``path``) as an HTML object; displayed, it
    restyles the notebook's markdown.

    The sheet uses system fonts only, so it works in a lecture room without a network. Its
    class, ``gamesolver-style``, lets the sheet hide the output row it sits in (an empty row
    under the first cell of every notebook otherwise).
    """
    from IPython.display import HTML  # here: the command line imports the package, not IPython

    sheet = (path or STYLE).read_text(encoding="utf-8")
    return HTML(f'<style class="gamesolver-style">\n{sheet}</style>')  # type: ignore[no-untyped-call]
