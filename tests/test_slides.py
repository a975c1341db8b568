"""A lecture's slides read from its notebook (``gamesolver.tools.slides``), without a browser.

The browser test (``tests/browser/test_browser_slides.py``) checks the slides that RISE builds
against ``slides()`` and measures them; here: the structure on small notebooks, the problems
found, the size estimates, and the command line's listing and exit status.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gamesolver.notebook import cell_source, notebook_cells
from gamesolver.tools import slides, syllabus

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def cell(kind: str, source: str, slide_type: str | None = None, **extra: Any) -> dict[str, Any]:
    """A notebook cell of ``kind`` with ``source`` and, if given, a slide type."""
    metadata = {"slideshow": {"slide_type": slide_type}} if slide_type else {}
    return {"cell_type": kind, "metadata": metadata, "source": source, **extra}


def notebook(*cells: dict[str, Any], rise: dict[str, Any] | None = None) -> dict[str, Any]:
    """A notebook of ``cells``, with the course's RISE settings unless ``rise`` is given."""
    return {
        "cells": list(cells),
        "metadata": {"rise": slides.RISE_SETTINGS if rise is None else rise},
    }


def test_slides_are_built_as_rise_builds_them() -> None:
    """Skipped cells are on no slide; the first shown cell opens slide 1 whatever its type;
    then ``slide`` and ``subslide`` open slides (ids ``slide-h-v``), fragments are counted."""
    deck = slides.slides(
        notebook(
            cell("code", "load_style()", "skip"),
            cell("markdown", "# Title\n\nWhy.", "slide"),
            cell("markdown", "## 1. Idea", "slide"),
            cell("code", "x = 1", "-"),
            cell("code", "x", "fragment"),
            cell("markdown", "notes", "notes"),
            cell("code", "y = 2", "subslide"),
            cell("markdown", "## 2. Next", "slide"),
        )
    )
    assert [(s.number, s.id, s.cells, s.fragments) for s in deck] == [
        (1, "slide-0-0", [1], 0),
        (2, "slide-1-0", [2, 3, 4], 1),
        (3, "slide-1-1", [6], 0),
        (4, "slide-2-0", [7], 0),
    ]
    assert [s.first_line for s in deck] == ["# Title", "## 1. Idea", "y = 2", "## 2. Next"]


def test_problems_name_the_cells_and_the_settings() -> None:
    """A cell without a slide type or with an unknown one, and RISE settings not the course's."""
    found = slides.problems(
        notebook(
            cell("markdown", "# Title", "slide"),
            cell("code", "\n\nx = 1"),
            cell("code", "y", "sub-slide"),
            rise={"theme": "simple"},
        )
    )
    assert found[0] == "cell 1 ('x = 1') has no slide type"
    assert found[1] == "cell 2 ('y') has the unknown slide type 'sub-slide'"
    assert found[2].startswith('the notebook\'s metadata has "rise": {"theme": "simple"}, ')
    assert json.dumps(slides.RISE_SETTINGS) in found[2]
    assert len(found) == 3
    assert slides.problems(notebook(cell("markdown", "# Title", "slide"))) == []


def test_sizes_count_code_prose_and_output() -> None:
    """Lines of code, rendered prose (wrapped) and output; widgets apart, without a height."""
    code = slides.cell_size(
        cell(
            "code",
            "a = 1\nb = 2\nprint(a)",
            outputs=[
                {"output_type": "stream", "name": "stdout", "text": ["1\n", "2\n"]},
                {
                    "output_type": "display_data",
                    "data": {"text/html": "<table><tr></tr><tr></tr></table>"},
                },
                {
                    "output_type": "display_data",
                    "data": {"application/vnd.jupyter.widget-view+json": {}},
                },
            ],
        )
    )
    assert (code.code, code.output, code.widgets) == (3, 2 + 2, 1)
    assert code.height == pytest.approx(
        slides.CODE_CELL
        + 3 * slides.CODE_LINE
        + 2 * slides.TEXT_LINE
        + slides.OUTPUT
        + 2 * slides.TABLE_ROW
        + 2 * slides.OUTPUT
    )
    prose = slides.cell_size(cell("markdown", "## Heading\n\n" + "word " * 38 + "\n\n- one\n- two"))
    assert prose.prose == 1 + 3 + 2  # the heading, 189 characters in 3 lines, 2 items
    assert prose.height == pytest.approx(
        slides.MARKDOWN_CELL
        + slides.HEADING["h2"]
        + 3 * slides.PROSE_LINE
        + slides.PARAGRAPH
        + 2 * slides.PARAGRAPH
        + 2 * slides.PROSE_LINE
    )


def test_the_listing_flags_a_tall_slide_and_exits_1_on_a_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """40 lines of code on one slide: flagged as likely too tall; exit 1 for a missing type."""
    tall = cell("code", "\n".join(f"x{n} = {n}" for n in range(40)), "-")
    path = tmp_path / "Tall.ipynb"
    path.write_text(json.dumps(notebook(cell("markdown", "# Tall", "slide"), tall)))
    assert slides.main([str(path)]) == 0
    out = capsys.readouterr().out
    assert "! likely taller than 720 px: slides 1 " in out
    assert "!  1/1   0-1" in out

    path.write_text(json.dumps(notebook(cell("markdown", "# Tall"), tall)))
    assert slides.main([str(path)]) == 1
    assert "problem: cell 0 ('# Tall') has no slide type" in capsys.readouterr().out


def test_an_unreadable_notebook_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A missing file, and JSON that is no notebook: a one-line message each, exit 2."""
    (tmp_path / "list.ipynb").write_text("[1]")
    assert slides.main([str(tmp_path / "missing.ipynb"), str(tmp_path / "list.ipynb")]) == 2
    errors = capsys.readouterr().err.splitlines()
    assert len(errors) == 2
    assert all("cannot read it as a notebook" in line for line in errors)


def test_the_presented_lectures_have_their_slides() -> None:
    """Every lecture of the core path (Index.ipynb's classes): a slide type on every cell, the
    course's settings."""
    for name in syllabus.read().core:  # the core path: every lecture a class presents
        lecture = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
        assert slides.problems(lecture) == [], name


def test_the_slides_never_show_a_solution() -> None:
    """A lecturer presents the instructor's copy: every cell of an exercise's solution (nbgrader's
    solution cells, the model answers included) is skipped in the slides of every lecture the
    course presents, the core path's and the deep dives'."""
    shown = [
        (path.name, cell["metadata"]["nbgrader"].get("grade_id"))
        for path in sorted(NOTEBOOKS.glob("*.ipynb"))
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]
        if cell["metadata"].get("nbgrader", {}).get("solution")
        and cell["metadata"].get("slideshow", {}).get("slide_type") != "skip"
    ]
    assert shown == []


def test_the_core_path_s_slides_never_show_a_graded_test() -> None:
    """An exercise's graded test cell (nbgrader's grade cell that is not a solution: the asserts
    that check a student's answer) is plumbing, not a slide: skipped in every lecture a class
    presents."""
    shown = [
        (name, cell["metadata"]["nbgrader"].get("grade_id"))
        for name in syllabus.read().core
        for cell in json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"]
        if cell["metadata"].get("nbgrader", {}).get("grade")
        and not cell["metadata"]["nbgrader"].get("solution")
        and cell["metadata"].get("slideshow", {}).get("slide_type") != "skip"
    ]
    assert shown == []


def test_the_slides_follow_the_meeting() -> None:
    """A class's deck is what its meeting presents: in every lecture of the core path, the
    sections a class has its students read before it (the syllabus's **Read before class**) and
    the appendices (after the exercises, read after class) are skipped in the slides."""
    plan = syllabus.read()
    shown = []
    for name in plan.core:
        cells = notebook_cells(NOTEBOOKS / name)
        shape = syllabus.measure(NOTEBOOKS / name)
        read = {
            key
            for meeting in plan.classes
            for part in meeting.reading
            if part.notebook == name
            for key in part.keys(shape.sections)
        } - {"before"}
        appendix = False
        for index, (part, cell) in enumerate(zip(syllabus.parts_of(cells), cells, strict=True)):
            source = cell_source(cell)
            appendix = appendix or source.startswith("## Appendix")
            if (part in read or appendix) and slides.slide_type(cell) != "skip":
                shown.append((name, index, source.splitlines()[0][:50] if source else ""))
    assert shown == []
