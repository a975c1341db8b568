"""The package installed without its repository (``pip install .``, not editable): the style
sheet (kept at the top of the repository, carried inside the wheel) and the data come with it,
and the command line and the notebooks work from that install.

The wheel is built from a copy of the package's files (no ``build/`` in the repository), then
installed into a fresh virtual environment that sees the test environment's dependencies through
a ``.pth`` line but not its editable install of gamesolver (a ``.pth`` file in a folder added by
a ``.pth`` line is not read), and run in a folder that holds only copies of a few lectures.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A fresh venv's python with the wheel installed, and a folder with lectures to run."""
    base = tmp_path_factory.mktemp("install")
    source = base / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md", "style.css", "benchmarks/mcts.json"):
        (source / name).parent.mkdir(exist_ok=True)
        shutil.copy(ROOT / name, source / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(ROOT / "gamesolver", source / "gamesolver", ignore=ignore)
    wheels = base / "wheels"
    build = [sys.executable, "-m", "pip", "wheel", str(source), "--no-deps", "-w", str(wheels)]
    done = subprocess.run([*build, "--quiet"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    (wheel,) = wheels.glob("gamesolver-*.whl")
    environment = base / "venv"
    venv.create(environment, with_pip=False)
    python = environment / "bin" / "python"
    target = Path(
        subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    )
    install = [sys.executable, "-m", "pip", "install", "--no-deps", "--quiet", "--target"]
    done = subprocess.run([*install, str(target), str(wheel)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    (target / "dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    lectures = base / "lectures"
    lectures.mkdir()
    for name in ("Solver.ipynb", "Search-in-Depth.ipynb", "Nim.ipynb", "Connect-Four-Solver.ipynb"):
        shutil.copy(ROOT / "notebooks" / name, lectures / name)
    return python, lectures


def run(python: Path, folder: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return subprocess.run(
        [str(python), *arguments],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=120,
        env=environment,
    )


def test_an_installed_package_finds_its_style_and_data(installed: tuple[Path, Path]) -> None:
    python, lectures = installed
    code = (
        "import gamesolver, pathlib;"
        "from gamesolver import data_path, load_style;"
        "print(pathlib.Path(gamesolver.__file__).parent);"
        "print('gamesolver-style' in load_style().data and 'font-family' in load_style().data);"
        "print(repr(load_style().data.split(chr(10), 1)[1].removesuffix('</style>')));"
        "print(data_path('connect4', 'Test_L1_R1').is_file(),"
        "data_path('chess', 'wac.epd').is_file(),"
        "bool(__import__('gamesolver.strength').strength.read_strength()))"
    )
    done = run(python, lectures, "-c", code)
    assert done.returncode == 0, done.stderr
    where, style, data = done.stdout.splitlines()[:2] + done.stdout.splitlines()[3:]
    assert Path(where).resolve().is_relative_to(python.parents[1].resolve())  # not the repository
    assert (style, data) == ("True", "True True True")  # MCTS's measured strength too
    sheet = done.stdout.splitlines()[2]  # the sheet the installed package shows: the repository's
    assert sheet == repr((ROOT / "style.css").read_text(encoding="utf-8"))


def test_an_installed_package_runs_the_lectures_and_the_command_line(
    installed: tuple[Path, Path],
) -> None:
    python, lectures = installed
    done = run(
        python, lectures, "-m", "gamesolver", "solve", "Nim.ipynb", "--algorithm", "alpha_beta"
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Nim, alpha_beta: the value ")
    code = (
        "from gamesolver import load_notebook;"
        "c4 = load_notebook('Connect-Four-Solver.ipynb');"
        "print(len(c4.test_set('Test_L1_R1')))"
    )
    done = run(python, lectures, "-c", code)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) > 0


def test_the_wheel_holds_the_style_sheet_the_data_the_templates_and_the_script(
    installed: tuple[Path, Path],
) -> None:
    python, _ = installed
    wheel = zipfile.ZipFile(next((python.parents[2] / "wheels").glob("*.whl")))
    names = wheel.namelist()
    assert "gamesolver/style.css" in names
    sheet = wheel.read("gamesolver/style.css").decode()
    assert sheet == (ROOT / "style.css").read_text(encoding="utf-8")
    assert {"gamesolver/data/connect4/Test_L1_R1", "gamesolver/data/chess/wac.epd"} <= set(names)
    assert "gamesolver/tools/share/voila/templates/gamesolver-play/index.html.j2" in names
    (entry_points,) = [name for name in names if name.endswith(".dist-info/entry_points.txt")]
    assert "gamesolver = gamesolver.tools.cli:main" in wheel.read(entry_points).decode()


@pytest.mark.nbgrader
def test_an_installed_package_grades_a_class_without_the_repository(
    installed: tuple[Path, Path], course_copy: Path
) -> None:
    """The lecturer releases in a clone (the run's release of the whole course, ``course_copy``
    in conftest.py); grading runs where only the package is installed (a hub): the instructor's
    copies of the classes of Nim and of Game-Trees get every automatic point. (Without the
    repository, every student got 0 on Nim's and Game-Trees' checked exercises: their check
    looked for the Solver in the autograded folder before nbgrader had written it there.)"""
    from gamesolver.tools.course import classes as syllabus_classes

    python, _ = installed
    course = course_copy
    checked = {"Nim.ipynb", "Game-Trees.ipynb"}
    classes = [a.name for a in syllabus_classes() if checked & set(a.notebooks)]
    assert len(classes) == 2, classes
    environment = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    environment["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{environment['PATH']}"
    for assignment in classes:
        shutil.copytree(course / "source" / assignment, course / "submitted" / "t" / assignment)
        command = ["-m", "gamesolver", "grade", assignment, "--course", str(course)]
        done = subprocess.run(
            [str(python), *command], capture_output=True, text=True, env=environment, timeout=600
        )
        assert done.returncode == 0, done.stderr
        lines = done.stdout.splitlines()
        tested = [line for line in lines if "-test" in line]
        assert tested and all(" / " in line for line in tested)
        assert not [line for line in tested if line.split()[3] != line.split()[5]], lines
        assert lines[-2] == "1 student: 1 got every point so far, 0 lost points", lines
