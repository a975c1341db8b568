"""Where the course's files are found: in the repository beside the package (installed in
place), or, for a package installed without it, beside the notebook (a released folder)."""

from __future__ import annotations

from pathlib import Path

import pytest

import gamesolver.resources
from gamesolver.resources import load_style


def test_in_the_repository_the_files_are_the_repositorys() -> None:
    root = Path(__file__).resolve().parents[1]
    assert gamesolver.resources.IN_REPOSITORY
    assert gamesolver.resources.data_path("chess") == root / "data" / "chess"
    assert gamesolver.resources.notebooks_folder() == root / "notebooks"
    assert (root / "style.css").read_text(encoding="utf-8") in load_style().data


def test_a_package_without_its_repository_reads_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "data" / "set").mkdir(parents=True)
    (tmp_path / "data" / "set" / "a.txt").write_text("1\n")
    (tmp_path / "style.css").write_text("h1 { color: red; }")
    monkeypatch.setattr(gamesolver.resources, "IN_REPOSITORY", False)
    monkeypatch.chdir(tmp_path)
    assert gamesolver.resources.data_path("set", "a.txt").read_text() == "1\n"
    assert gamesolver.resources.notebooks_folder() == tmp_path
    assert "color: red" in load_style().data
    with pytest.raises(FileNotFoundError, match="data/ beside the notebook"):
        gamesolver.resources.data_path("other")
