"""Where the course's files are found: the style sheet at the top of the repository (a wheel
carries it inside the package: tests/test_install.py installs one), the data in the package's own
folder, the lectures in the repository beside the package or, for a package installed without
it, in the current folder."""

from __future__ import annotations

from pathlib import Path

import pytest

import gamesolver.resources
from gamesolver.resources import data_path, load_style

PACKAGE = Path(gamesolver.resources.__file__).resolve().parent


def test_the_style_sheet_is_the_repositorys_and_the_data_the_packages() -> None:
    assert data_path("chess") == PACKAGE / "data" / "chess"
    assert not (PACKAGE / "style.css").exists()  # one copy: beside notebooks/ and gamesolver/
    assert (PACKAGE.parent / "style.css").read_text(encoding="utf-8") in load_style().data
    with pytest.raises(FileNotFoundError, match=r"no test data at .*other \(the package's data/"):
        data_path("other")


def test_the_lectures_are_the_repositorys_or_the_current_folders(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert gamesolver.resources.IN_REPOSITORY
    assert gamesolver.resources.notebooks_folder() == PACKAGE.parent / "notebooks"
    monkeypatch.setattr(gamesolver.resources, "IN_REPOSITORY", False)
    monkeypatch.chdir(tmp_path)
    assert gamesolver.resources.notebooks_folder() == tmp_path
    assert data_path("chess") == PACKAGE / "data" / "chess"  # the data does not move
    (tmp_path / "mine.css").write_text("h1 { color: red; }")
    assert "color: red" in load_style(tmp_path / "mine.css").data
