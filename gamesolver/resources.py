"""The course's files that are not code: the style sheet of the notebooks and the test data.

``load_style()`` is the first cell of every notebook: the style sheet as HTML.

``data_path(...)`` finds the course's public test data, the folder ``data/``.

The data travels with the code, so that a fresh clone runs every notebook, test and benchmark
without fetching anything: Pons' solved Connect Four positions (``data/connect4/``), each set
with its origin, licence and checksums in a ``PROVENANCE.md`` beside it.

The package is installed in place (``pip install -e``, as ``make`` does), so the data, the style
sheet and the lectures are found in the repository beside it. A package installed without its
repository (a wheel, e.g. on a hub whose students must not read the lectures' solutions) finds
them in the current folder instead: a released assignment's folder, where the student's notebook
runs, which ``make release`` fills with the notebooks, the data and the style sheet it needs.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from IPython.display import HTML

REPOSITORY = Path(__file__).resolve().parents[1]
"""The folder that holds this package: the repository, when installed in place."""

IN_REPOSITORY = (REPOSITORY / "pyproject.toml").is_file() and (REPOSITORY / "notebooks").is_dir()
"""True iff the package sits in its repository (else: installed without it)."""


def course_root() -> Path:
    """The folder with ``data/`` and ``style.css``: the repository, or the current folder."""
    return REPOSITORY if IN_REPOSITORY else Path.cwd()


def notebooks_folder() -> Path:
    """The folder with the lectures: the repository's ``notebooks/``, or the current folder."""
    return REPOSITORY / "notebooks" if IN_REPOSITORY else Path.cwd()


def data_path(*parts: str) -> Path:
    """The file or folder ``data/<parts>``; ``FileNotFoundError`` naming it if it is missing."""
    path = course_root().joinpath("data", *parts)
    if not path.exists():
        where = "the repository's data/ folder" if IN_REPOSITORY else "data/ beside the notebook"
        raise FileNotFoundError(f"no test data at {path} ({where})")
    return path


def load_style(path: Path | None = None) -> HTML:
    """The style sheet (``style.css`` at the top of the repository, or beside the notebook in a
    released copy: ``course_root``) as an HTML object; displayed, it restyles
    the notebook's markdown.

    The sheet uses system fonts only, so it works in a lecture room without a network. Its
    class, ``gamesolver-style``, lets the sheet hide the output row it sits in (an empty row
    under the first cell of every notebook otherwise).
    """
    from IPython.display import HTML  # here: the command line imports the package, not IPython

    sheet = (path or course_root() / "style.css").read_text(encoding="utf-8")
    return HTML(f'<style class="gamesolver-style">\n{sheet}</style>')  # type: ignore[no-untyped-call]
