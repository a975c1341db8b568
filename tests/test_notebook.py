"""The loader: a notebook's definition cells run as a module, `%run` followed, other magics
refused, read by IPython's own transformer, and cycles named."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path
from typing import Any

import nbformat
import pytest
from conftest import NOTEBOOKS
from nbformat.v4 import new_code_cell, new_notebook

from gamesolver.notebook import (
    NotebookError,
    cell_source,
    load_notebook,
    notebook_cells,
    run_target,
)


def write(path: Path, *sources: str) -> Path:
    nbformat.write(new_notebook(cells=[new_code_cell(textwrap.dedent(s)) for s in sources]), path)
    return path


def test_a_continuation_line_that_starts_like_a_magic_is_python(tmp_path: Path) -> None:
    """ruff formats a long comparison with its operator first on the next line: `!= b`."""
    source = """
    a, b = 1, 2
    different = (
        a
        != b
    )
    percent = (
        7
        % 4
    )
    """
    module = load_notebook(write(tmp_path / "Format.ipynb", source))
    assert module.different is True and module.percent == 3


def test_a_docstring_line_that_starts_like_a_magic_is_python(tmp_path: Path) -> None:
    source = '''
    def rate() -> float:
        """The share of games won, in
        % of games played.
        !important
        """
        return 0.5
    '''
    assert load_notebook(write(tmp_path / "Doc.ipynb", source)).rate() == 0.5


def test_a_run_inside_a_string_is_not_run(tmp_path: Path) -> None:
    write(tmp_path / "Other.ipynb", "raise RuntimeError('must not run')")
    source = '''
    text = """
    %run Other.ipynb
    """
    '''
    assert "%run Other.ipynb" in load_notebook(write(tmp_path / "Str.ipynb", source)).text


def test_run_is_followed_and_other_magics_refused(tmp_path: Path) -> None:
    write(tmp_path / "Other.ipynb", "shared = 42")
    module = load_notebook(write(tmp_path / "Main.ipynb", "x = 1\n%run Other.ipynb\ny = shared"))
    assert module.y == 42
    write(tmp_path / "Magic.ipynb", "x = 1\n\n%time x = 2")
    with pytest.raises(
        NotebookError, match=r"Magic.ipynb, cell 1, line 3: the magic '%time x = 2'"
    ):
        load_notebook(tmp_path / "Magic.ipynb")
    write(tmp_path / "Shell.ipynb", "if True:\n    !ls")
    with pytest.raises(NotebookError, match="the magic '!ls' needs Jupyter"):
        load_notebook(tmp_path / "Shell.ipynb")


def test_tracebacks_keep_the_cells_line_numbers(tmp_path: Path) -> None:
    write(tmp_path / "Other.ipynb", "pass")
    path = write(tmp_path / "Lines.ipynb", "x = 1\n%run Other.ipynb\n\ny = 1 / 0")
    with pytest.raises(ZeroDivisionError) as raised:
        load_notebook(path)
    assert raised.traceback[-1].lineno + 1 == 4  # pytest counts from 0


@pytest.mark.parametrize("cycle", ["self", "pair"])
def test_a_notebook_that_runs_itself_is_named(tmp_path: Path, cycle: str) -> None:
    if cycle == "self":
        path = write(tmp_path / "A.ipynb", "x = 1\n%run A.ipynb")
        expected = r"A.ipynb, cell 1: %run A.ipynb runs itself \(A.ipynb → A.ipynb\)"
    else:
        write(tmp_path / "B.ipynb", "%run A.ipynb")
        path = write(tmp_path / "A.ipynb", "%run B.ipynb")
        expected = r"B.ipynb, cell 1: %run A.ipynb runs itself \(A.ipynb → B.ipynb → A.ipynb\)"
    with pytest.raises(NotebookError, match=expected):
        load_notebook(path)


def test_run_in_quotes_or_with_a_comment(tmp_path: Path) -> None:
    write(tmp_path / "Other.ipynb", "shared = 42")
    module = load_notebook(write(tmp_path / "Q.ipynb", '%run "Other.ipynb"  # the definitions'))
    assert module.shared == 42


@pytest.mark.parametrize(
    "line",
    [
        '%run "My Solver.ipynb"',
        "%run 'My Solver.ipynb'  # the definitions",
        "%run My\\ Solver.ipynb",
        '%run "My #1 Solver.ipynb"',
    ],
)
def test_a_quoted_path_with_a_blank_is_run_as_ipython_runs_it(tmp_path: Path, line: str) -> None:
    """`%run "My Solver.ipynb"` was rejected: "the magic ... needs Jupyter; tag the cell demo"."""
    name = "My #1 Solver.ipynb" if "#1" in line else "My Solver.ipynb"
    write(tmp_path / name, "shared = 42")
    assert run_target(line) == name
    assert load_notebook(write(tmp_path / "Q.ipynb", line)).shared == 42


@pytest.mark.parametrize(
    "line", ["%run My Solver.ipynb", "%run -i Other.ipynb", "%run script.py", '%run "Other.ipynb']
)
def test_a_run_the_loader_cannot_follow_says_how_to_write_it(tmp_path: Path, line: str) -> None:
    write(tmp_path / "Other.ipynb", "shared = 42")
    assert run_target(line) is None
    path = write(tmp_path / "Bad.ipynb", line)
    with pytest.raises(
        NotebookError, match=r"the loader runs '%run NOTEBOOK\.ipynb', one notebook"
    ):
        load_notebook(path)


def test_a_run_in_a_block_runs_as_ipython_runs_it(tmp_path: Path) -> None:
    """An indented `%run` was refused ("the loader runs it unconditionally"); the loader now
    reads magics with IPython's own transformer, so a `%run` in a block runs when it is reached."""
    write(tmp_path / "Other.ipynb", "shared = 42")
    taken = write(tmp_path / "Taken.ipynb", "if True:\n    %run Other.ipynb")
    assert load_notebook(taken).shared == 42
    skipped = write(tmp_path / "Skipped.ipynb", "if False:\n    %run Other.ipynb")
    assert not hasattr(load_notebook(skipped), "shared")


def test_a_magic_in_a_string_is_python_and_the_module_keeps_no_kernel(tmp_path: Path) -> None:
    module = load_notebook(write(tmp_path / "Plain.ipynb", 'text = """\n%run Missing.ipynb\n"""'))
    assert module.text == "\n%run Missing.ipynb\n"
    assert not hasattr(module, "get_ipython")


def test_exercise_cells_are_not_loaded(tmp_path: Path) -> None:
    """nbgrader's solution and test cells are the student's, not definitions the course needs:
    in a released copy a solution cell raises NotImplementedError, a test cell may fail."""
    solution = new_code_cell(
        "def mine():\n    ### BEGIN SOLUTION\n    return 1\n    ### END SOLUTION"
    )
    solution.metadata["nbgrader"] = {"grade": False, "grade_id": "ex1-solution", "solution": True}
    released = new_code_cell(
        "def theirs():\n    raise NotImplementedError()\nraise NotImplementedError()"
    )
    released.metadata["nbgrader"] = {"grade": False, "grade_id": "ex2-solution", "solution": True}
    test = new_code_cell("assert mine() == 2")
    test.metadata["nbgrader"] = {"grade": True, "grade_id": "ex1-test", "points": 1}
    shown = new_code_cell("shown = 1")  # nbgrader's metadata without grade or solution: loaded
    shown.metadata["nbgrader"] = {"grade": False, "solution": False, "locked": True}
    cells = [new_code_cell("before = 1"), solution, released, test, shown, new_code_cell("x = 2")]
    path = tmp_path / "Exercises.ipynb"
    nbformat.write(new_notebook(cells=cells), path)
    module = load_notebook(path)
    assert (module.before, module.shown, module.x) == (1, 1, 2)
    assert not hasattr(module, "mine") and not hasattr(module, "theirs")


def test_a_run_of_a_missing_notebook_names_the_notebook_and_cell(tmp_path: Path) -> None:
    """`%run Missing.ipynb` said only "no such notebook: Missing.ipynb"."""
    runs = write(tmp_path / "Runs.ipynb", "x = 1", "y = 2\n%run Missing.ipynb")
    with pytest.raises(NotebookError) as raised:
        load_notebook(runs)
    assert str(raised.value) == (
        f"Runs.ipynb, cell 2, line 2: %run Missing.ipynb: no such notebook: "
        f"{tmp_path / 'Missing.ipynb'}"
    )


def test_a_notebook_loads_its_sibling_whatever_the_current_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`load_notebook("Connect-Four.ipynb")` in a notebook found its sibling only from the
    notebooks' folder: a relative name is now the notebook's own folder's, as in Jupyter, whose
    kernel runs there, also when called later from a function of the notebook."""
    folder = tmp_path / "lectures"
    folder.mkdir()
    write(folder / "Rules.ipynb", "rule = 42")
    write(
        folder / "Lecture.ipynb",
        "from gamesolver import load_notebook\n\nrules = load_notebook('Rules.ipynb')",
        "def later():\n    return load_notebook('Rules.ipynb').rule",
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    lecture = load_notebook(Path("..") / "lectures" / "Lecture.ipynb")
    assert lecture.rules.rule == 42 and lecture.later() == 42
    write(elsewhere / "Rules.ipynb", "rule = 'the current folder'")  # not this one
    assert load_notebook(folder / "Lecture.ipynb").later() == 42
    assert load_notebook("Rules.ipynb").rule == "the current folder"  # outside a notebook


def test_a_notebook_that_loads_itself_is_named(tmp_path: Path) -> None:
    """A notebook that loads itself recursed until Python's limit, and then said `KeyError`."""
    source = "from gamesolver import load_notebook\n\nme = load_notebook('Self.ipynb')"
    with pytest.raises(NotebookError, match=r"Self.ipynb loads itself \(Self.ipynb → Self.ipynb\)"):
        load_notebook(write(tmp_path / "Self.ipynb", source))
    loads = "from gamesolver import load_notebook\n\nb = load_notebook('B.ipynb')"
    write(tmp_path / "A.ipynb", loads)
    write(tmp_path / "B.ipynb", "%run A.ipynb")
    # one chain for %run and load_notebook: the cycle is named where it closes
    with pytest.raises(NotebookError, match=r"runs itself \(A.ipynb → B.ipynb → A.ipynb\)"):
        load_notebook(tmp_path / "A.ipynb")


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("[1]", "is not a readable notebook: no list of cells"),
        ('{"cells": [1]}', "is not a readable notebook: no list of cells"),
        ('{"cells": [], "nbformat": 3}', "is not a readable notebook: nbformat 3, expected 4"),
        ("{", "is not a readable notebook: Expecting property name"),
    ],
)
def test_every_tool_reads_a_notebook_the_same_way(tmp_path: Path, text: str, said: str) -> None:
    """The loader, the slides, the syllabus and the release read a notebook with one reader:
    the same NotebookError, in one line, for a file that is no notebook (each had a reader of
    its own, with errors of its own: a ValueError, a SyllabusError, an AttributeError)."""
    from gamesolver.tools import course, slides, syllabus

    path = tmp_path / "Index.ipynb"
    path.write_text(text, encoding="utf-8")
    readers = [
        lambda: load_notebook(path),
        lambda: slides.report(path),
        lambda: syllabus.read(tmp_path),
        lambda: syllabus.measure(path),
        lambda: course.solution_to(path),
        lambda: course.write_without_exercises(path, tmp_path / "Copy.ipynb"),
    ]
    for reader in readers:
        with pytest.raises(NotebookError, match=re.escape(f"{path} {said}")):
            reader()


def _headings(cells: list[dict[str, Any]]) -> set[str]:
    """The anchors JupyterLab gives a notebook's headings: the rendered text, spaces as '-'."""
    found = set()
    for cell in cells:
        if cell["cell_type"] == "markdown":
            for line in cell_source(cell).splitlines():
                heading = re.match(r"#+\s+(.*\S)", line)
                if heading:
                    found.add(re.sub(r"[`*]", "", heading[1]).replace(" ", "-"))
    return found


def test_every_link_to_a_heading_finds_it() -> None:
    """A link ``[appendix](#Appendix:-...)`` or ``(Other.ipynb#...)`` names a heading of that
    notebook as JupyterLab writes its anchor (one link lacked a comma and went nowhere)."""
    cells = {path.name: notebook_cells(path) for path in sorted(NOTEBOOKS.glob("*.ipynb"))}
    anchors = {name: _headings(found) for name, found in cells.items()}
    broken = []
    for name, found in cells.items():
        for cell in found:
            if cell["cell_type"] != "markdown":
                continue
            text = cell_source(cell)
            for where, anchor in re.findall(r"\]\(([\w.-]*)#((?:[^()\s]|\([^()\s]*\))+)\)", text):
                if anchor not in anchors.get(where or name, set()):
                    broken.append(f"{name}: {where}#{anchor}")
    assert broken == []
