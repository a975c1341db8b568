"""Where the course's files are: the lectures, the notebooks' style sheet and the test data.

An editable install finds ``style.css`` at the top of the repository, a wheel inside the package
(``pyproject.toml``: ``force-include``); ``data/`` (each set with its origin, licence and
checksums) is in the package for both. The lectures are not packaged: the repository's
``notebooks/``, or for a package installed without it the current folder (``notebooks_folder``).
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
"""The repository's lectures, which the course's tools read and write."""

IN_REPOSITORY = (REPOSITORY / "pyproject.toml").is_file() and NOTEBOOKS.is_dir()
"""True iff the package sits in its repository (else: installed without it)."""

_PACKAGED = PACKAGE / "style.css"
STYLE = _PACKAGED if _PACKAGED.is_file() else REPOSITORY / "style.css"
"""The style sheet: a wheel's copy, else the repository's (found by the file, not by
``IN_REPOSITORY``: the grading's sandbox hides the rest of the repository)."""

NOTEBOOKS_VARIABLE = "GAMESOLVER_NOTEBOOKS"
"""Names the folder with the lectures: autograding sets it to the released copies, so that the
checks never compare with a copy a student handed in."""


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
    """The style sheet (``STYLE``, or the one at ``path``) as HTML, the first cell of every
    notebook; its class lets the sheet hide the output row it sits in."""
    from IPython.display import HTML  # here: the command line imports the package, not IPython

    sheet = (path or STYLE).read_text(encoding="utf-8")
    return HTML(f'<style class="gamesolver-style">\n{sheet}</style>')  # type: ignore[no-untyped-call]
