"""The course's public test data: the folder ``data/`` at the top of the repository.

The data travels with the code, so that a fresh clone runs every notebook, test and benchmark
without fetching anything: Pons' solved Connect Four positions (``data/connect4/``), each set
with its origin, licence and checksums in a ``PROVENANCE.md`` beside it. The package is
installed in place (``pip install -e``), so the folder is found next to the package.
"""

from __future__ import annotations

from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "data"
"""The data folder of the repository that holds this package."""


def data_path(*parts: str) -> Path:
    """The file or folder ``data/<parts>``; ``FileNotFoundError`` naming it if it is missing."""
    path = DATA.joinpath(*parts)
    if not path.exists():
        raise FileNotFoundError(f"no test data at {path} (the repository's data/ folder)")
    return path
