"""The course's public test data, the folder ``data/``, and where the course's files are found.

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
