"""The syllabus read from Index.ipynb, and the shape of a lecture measured
(``gamesolver.tools.syllabus``): on small notebooks made here, then on the course."""

from __future__ import annotations

import ast
import re
import shutil
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from gamesolver.notebook import NotebookError, cell_source, notebook_cells
from gamesolver.tools import syllabus
from gamesolver.tools.syllabus import Part, measure, problems, read, shapes_of

INDEX = """# A course

### Class 1: Games

**Present:** [Nim](Nim.ipynb); [the Solver](Solver.ipynb), sections 1–2.

You will be able to ...

### Class 2: Pruning

**Present:** [the Solver](Solver.ipynb), section 3;
[Trees](Trees.ipynb).

## Deep dives

- [More](More.ipynb): after class 2, with [Nim](Nim.ipynb) again.
"""

SHAPED = [
    "# Title\n\nWhy.",
    "## In this lecture\n\nYou will be able to count.\n\n**Prerequisites:** none.",
]
ENDING = ["## What we learned\n\nTo count.", "## Exercises\n\n1. Count."]


def notebook(path: Path, *cells: str) -> Path:
    """A notebook of ``cells``: markdown if it starts with ``#`` or ``*``, else code."""
    made = [new_markdown_cell(cell) if cell[:1] in "#*-" else new_code_cell(cell) for cell in cells]
    nbformat.write(new_notebook(cells=made), path)
    return path


def lecture(path: Path, *middle: str) -> Path:
    return notebook(path, *SHAPED, *middle, *ENDING)


def test_the_syllabus_is_read_from_its_headings_and_links(tmp_path: Path) -> None:
    notebook(tmp_path / "Index.ipynb", "x = 1", INDEX)
    read_back = read(tmp_path)
    assert [(c.number, c.title) for c in read_back.classes] == [(1, "Games"), (2, "Pruning")]
    assert read_back.classes[0].parts == (Part("Nim.ipynb"), Part("Solver.ipynb", (1, 2)))
    assert read_back.classes[1].parts == (Part("Solver.ipynb", (3, 3)), Part("Trees.ipynb"))
    assert read_back.deep_dives == ("More.ipynb",)  # the first link of an item
    assert read_back.core == ("Nim.ipynb", "Solver.ipynb", "Trees.ipynb")
    assert read_back.placed == {"Nim.ipynb", "Solver.ipynb", "Trees.ipynb", "More.ipynb"}


READING = """### Class 1: Games

**Present:** [L](L.ipynb), sections 1–2; [M](M.ipynb).

**Read before class:** [L](L.ipynb), section 1.
"""


def test_sections_read_before_class_are_not_minutes_of_the_meeting(tmp_path: Path) -> None:
    """A class may have its students read a section at home (the game as code, say): it is
    still the class's (taught there, its names usable), but the meeting's minutes leave it out
    (the opening stays in: the lecturer presents what the class is about); the plan says so."""
    notebook(tmp_path / "Index.ipynb", READING)
    lecture(tmp_path / "L.ipynb", "## 1. One\n\n" + "word " * 1000, "## 2. Two\n\n" + "word " * 500)
    lecture(tmp_path / "M.ipynb", "## 1. One\n\n" + "word " * 300)
    syllabus_read = read(tmp_path)
    (meeting,) = syllabus_read.classes
    assert meeting.reading == (Part("L.ipynb", (1, 1)),)
    shapes = shapes_of(tmp_path)
    whole = sum(shapes[p.notebook].of(p) for p in meeting.parts)
    assert syllabus.reading_minutes(meeting, shapes) == pytest.approx(10.02)  # "One" and 1,000
    assert syllabus.minutes(meeting, shapes) == pytest.approx(whole - 10.02)
    assert "L §1–2 (§1 read before class), M; 10 min of reading |" in syllabus.plan(
        syllabus_read, shapes
    )
    assert problems(syllabus_read, shapes) == []


def test_a_section_read_before_class_is_one_the_class_presents(tmp_path: Path) -> None:
    notebook(
        tmp_path / "Index.ipynb",
        READING.replace("section 1.", "section 2.").replace("sections 1–2", "section 1"),
    )
    lecture(tmp_path / "L.ipynb", "## 1. One", "## 2. Two")
    lecture(tmp_path / "M.ipynb", "## 1. One")
    assert problems(read(tmp_path), shapes_of(tmp_path)) == [
        "class 1: reads L.ipynb §2 before class, which is not among the sections it presents"
    ]
    notebook(tmp_path / "Index.ipynb", READING.replace("[L](L.ipynb), section 1.", "L, 1."))
    with pytest.raises(NotebookError, match="Read before class"):
        read(tmp_path)


def test_a_class_without_its_notebooks_is_an_error(tmp_path: Path) -> None:
    notebook(tmp_path / "Index.ipynb", "### Class 1: Games\n\nWe present Nim.")
    with pytest.raises(NotebookError, match=r"class 1 needs a line '\*\*Present:\*\*"):
        read(tmp_path)
    notebook(tmp_path / "Index.ipynb", "### Class 1: Games\n\n**Present:** Nim; [S](S.ipynb).")
    with pytest.raises(NotebookError, match="a link to a notebook in each item"):
        read(tmp_path)
    with pytest.raises(NotebookError, match="no such notebook"):
        read(tmp_path / "nowhere")


def test_minutes_go_to_the_sections_they_are_in(tmp_path: Path) -> None:
    """Prose words / 100 + code lines / 8 (a word a run of letters and digits, blank lines not
    counted); before section 1 and after the last (the summary, the exercises) are parts of
    their own, presented with the first and the last section."""
    words = " ".join(["word"] * 100)
    path = lecture(
        tmp_path / "Solver.ipynb",
        f"## 1. Minimax\n\n{words}",
        "\n".join(["x = 1"] * 8 + [""] + ["x = 1"] * 8),
        f"## 2. Memo\n\n{words} {words}",
        f"## 3. Alpha-beta\n\n{words} -- | $",
    )
    shape = measure(path)
    assert shape.minutes["1"] == pytest.approx(1.02 + 2)  # the heading's words count too
    assert shape.minutes["2"] == pytest.approx(2.02)
    assert shape.minutes["3"] == pytest.approx(1.03)  # "Alpha-beta" is two words, "--" none
    before, after = shape.minutes["before"], shape.minutes["after"]
    assert shape.of(Part("Solver.ipynb", (1, 2))) == pytest.approx(before + 3.02 + 2.02)
    assert shape.of(Part("Solver.ipynb", (3, 3))) == pytest.approx(1.03 + after)
    assert shape.of(Part("Solver.ipynb")) == pytest.approx(shape.total)
    assert shape.longest == 17 and shape.long_cells == [] and shape.missing == []


def test_every_rule_broken_is_named(tmp_path: Path) -> None:
    notebook(tmp_path / "Index.ipynb", INDEX)
    lecture(tmp_path / "Nim.ipynb", "## 1. Nim\n\nAs the seed says, a test checks it.")
    lecture(tmp_path / "Solver.ipynb", "## 1. A", "## 2. B", "\n".join(["x = 1"] * 41))
    notebook(tmp_path / "Trees.ipynb", "# Trees", "## 1. Trees\n\n" + "word " * 9100)
    notebook(tmp_path / "Stray.ipynb", *SHAPED, *ENDING)
    found = problems(read(tmp_path), shapes_of(tmp_path))
    assert found == [
        "Index.ipynb does not place Stray.ipynb: in a class, or under '## Deep dives'",
        "Index.ipynb names More.ipynb, which is not there",
        "Nim.ipynb: 'seed' 1 times in the prose (cite by author, title)",
        "Nim.ipynb: the project's machinery 1 times in the prose",
        "Solver.ipynb: cell 4 has 41 lines (at most 40)",
        "Trees.ipynb: lacks its objectives (## In this lecture)",
        "Trees.ipynb: lacks its prerequisites (**Prerequisites:**)",
        "Trees.ipynb: lacks its summary (## What we learned)",
        "Trees.ipynb: lacks its exercises (## Exercises)",
        "Trees.ipynb: 91 minutes to present (at most 90)",
        "class 2: Solver.ipynb has no §3",
        "class 2: 91 minutes (at most 90)",  # §3 is not there: Trees' 91 alone
    ]


def test_the_plan_lists_each_class_and_deep_dive(tmp_path: Path) -> None:
    notebook(tmp_path / "Index.ipynb", INDEX)
    for name in ("Nim", "Solver", "Trees", "More"):
        lecture(tmp_path / f"{name}.ipynb", "## 1. One", "## 2. Two", "## 3. Three")
    shown = syllabus.plan(read(tmp_path), shapes_of(tmp_path))
    assert "| class 1: Games | Nim, Solver §1–2 |" in shown
    assert "| class 2: Pruning | Solver §3, Trees |" in shown
    assert "| deep dive | More |" in shown and "| **the core path** | 2 classes |" in shown
    assert syllabus.main([str(tmp_path)]) == 0
    assert syllabus.main([str(tmp_path / "nowhere")]) == 2


def test_the_readme_shows_the_time_plan_of_the_course_as_it_is() -> None:
    """The README's time plan is the one measured from the notebooks (``make shape --readme``
    writes it after a lecture changes)."""
    shown = syllabus.plan(read(), shapes_of())
    assert syllabus.readme_plan(syllabus.README.read_text(encoding="utf-8")) == shown
    assert (
        syllabus.readme_plan(
            syllabus.with_plan(
                "a\n<!-- time plan: make shape -->\nold\n<!-- end of the time plan -->\nb", "new"
            )
        )
        == "new"
    )
    with pytest.raises(NotebookError, match="the README has no lines"):
        syllabus.with_plan("a README without a plan", "new")


def test_the_core_path_has_at_most_eight_classes_and_nine_hours(tmp_path: Path) -> None:
    classes = "\n\n".join(
        f"### Class {n}: C{n}\n\n**Present:** [L{n}](L{n}.ipynb)." for n in range(1, 10)
    )
    notebook(tmp_path / "Index.ipynb", classes)
    for n in range(1, 10):
        lecture(tmp_path / f"L{n}.ipynb", "## 1. One\n\n" + "word " * 7000)
    found = problems(read(tmp_path), shapes_of(tmp_path))
    assert found == [
        "9 classes in the core path (at most 8)",
        "the core path: 632 minutes to present (at most 540)",
    ]


@pytest.mark.parametrize(
    ("changed", "said"),
    [
        ("### Class 2: Games", "'### Class 2: Games' comes after no class: number the classes"),
        ("### Class 0: Games", "'### Class 0: Games' comes after no class"),
        ("### Class 2: Pruning", None),  # the second heading: two classes numbered 2
        ("sections 1–2.", None),
    ],
)
def test_a_syllabus_numbered_wrong_is_one_line(
    tmp_path: Path, changed: str, said: str | None, capsys: pytest.CaptureFixture[str]
) -> None:
    """Class numbers 1, 2, 3, ... in order and sections first to last: a syllabus that breaks
    them is refused before anything is built from it (a release keyed by class number would
    write two classes into one folder)."""
    text = {
        "### Class 2: Games": INDEX.replace("### Class 1: Games", "### Class 2: Games"),
        "### Class 0: Games": INDEX.replace("### Class 1: Games", "### Class 0: Games"),
        "### Class 2: Pruning": INDEX.replace("### Class 1: Games", "### Class 1: Games")
        + "\n### Class 2: Again\n\n**Present:** [Trees](Trees.ipynb).\n",
        "sections 1–2.": INDEX.replace("sections 1–2.", "sections 4-1."),
    }[changed]
    notebook(tmp_path / "Index.ipynb", text)
    with pytest.raises(NotebookError) as raised:
        read(tmp_path)
    message = str(raised.value)
    assert "\n" not in message
    expected = (
        said
        or {
            "### Class 2: Pruning": "'### Class 2: Again' comes after class 2",
            "sections 1–2.": "class 1 presents Solver.ipynb, sections 4–1: sections are numbered",
        }[changed]
    )
    assert expected in message
    assert syllabus.main([str(tmp_path)]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_the_syllabus_tool_has_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as ended:
        syllabus.main(["--help"])
    assert ended.value.code == 0
    assert capsys.readouterr().out.startswith("usage: python -m gamesolver.tools.syllabus")


UNTAUGHT_INDEX = """### Class 1: Games

**Present:** [L1](L1.ipynb); [L2](L2.ipynb), sections 1–1.

### Class 2: Pruning

**Present:** [L2](L2.ipynb), section 2; [L3](L3.ipynb).

## Deep dives

- [Deep](Deep.ipynb): more.
"""


def test_what_a_class_uses_before_it_is_taught_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A presented cell may use what an earlier part defines, the package, builtins and its
    own names; a name defined later in its class, in a later class or only in a deep dive is a
    use before teaching, and so is loading a deep dive. Each is named once, class by class."""
    notebook(tmp_path / "Index.ipynb", UNTAUGHT_INDEX)
    lecture(
        tmp_path / "L1.ipynb",
        "## 1. One",
        "from gamesolver import Stats\n\nx = early(Stats())",
        "%run L3.ipynb\nbig = max(later_in_class, key=lambda y: y + late)",
        'deep = load_notebook("Deep.ipynb").hidden\nlater = hidden',
    )
    lecture(tmp_path / "L2.ipynb", "## 1. One", "def later_in_class(): return x", "## 2. Two")
    lecture(tmp_path / "L3.ipynb", "## 1. One", "early = late = 3\nfor i in range(late): print(i)")
    lecture(tmp_path / "Deep.ipynb", "## 1. One", "hidden = 1\nload_notebook = None")
    said = "class 1: L1.ipynb cell"
    assert syllabus.untaught(read(tmp_path), tmp_path) == [
        f"{said} 3 uses early, taught in class 2",
        f"{said} 4 uses late, taught in class 2",
        f"{said} 4 uses later_in_class, taught in class 1, later in it",
        f"{said} 5 loads the deep dive Deep.ipynb",
        f"{said} 5 uses hidden, taught in a deep dive",
        f"{said} 5 uses load_notebook, taught in a deep dive",
    ]
    assert syllabus.main([str(tmp_path)]) == 1  # each one named, and a failure
    shown = capsys.readouterr()
    assert f"used before it is taught: {said} 3 uses early, taught in class 2" in shown.err
    assert "6 uses before teaching" in shown.out


def test_names_are_read_from_the_cell_as_python_reads_them() -> None:
    defined, used = syllabus.names_of(
        "%run Solver.ipynb\nimport a.b as c, d.e\nfrom f import g\n"
        "h: int = k\ndef m(n): return n + o\nclass P: pass\n[q for q in r]\nprint(s)\n"
        "if t:\n    %run Nim.ipynb\n    u = !ls {v}"
    )
    assert defined == {"c", "d", "g", "h", "m", "P"}  # u: in a block, not at the top level
    assert used == {"k", "o", "r", "s", "t"}  # a magic, even in a block, uses nothing
    assert syllabus.names_of("if x:\n  y(") == (set(), set())  # not Python: nothing


def test_the_course_uses_nothing_before_it_is_taught() -> None:
    """The course as it is: a presented cell uses only what an earlier section (or the
    package) defines, and no class loads a deep dive."""
    assert syllabus.untaught(read()) == []


def package_imports(sections_only: bool = False) -> dict[str, str]:
    """Every name the lectures' presented cells import from the package, with the notebook
    that first imports it in the order of the syllabus (a class's parts in order, a part's
    cells in order), in a section if any imports it there, else in a summary, exercise or
    appendix; with ``sections_only``, only their sections' cells."""
    in_sections = _imports(after=False)
    return in_sections if sections_only else {**_imports(after=True), **in_sections}


def _imports(after: bool) -> dict[str, str]:
    """``package_imports`` from the lectures' sections, and with ``after`` from their
    summaries, exercises and appendices too."""
    found: dict[str, str] = {}
    for meeting in read().classes:
        for part in meeting.parts:
            path = syllabus.NOTEBOOKS / part.notebook
            keys = set(part.keys(measure(path).sections)) - (set() if after else {"after"})
            cells = notebook_cells(path)
            for key, cell in zip(syllabus.parts_of(cells), cells, strict=True):
                if key in keys and cell.get("cell_type") == "code":
                    python = "\n".join(
                        line
                        for line in cell_source(cell).splitlines()
                        if not line.lstrip().startswith("%")
                    )
                    for node in ast.walk(ast.parse(python)):
                        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                            "gamesolver"
                        ):
                            for alias in node.names:
                                found.setdefault(alias.name, part.notebook)
    return found


def test_the_index_lists_each_package_tool_where_a_class_first_uses_it() -> None:
    """The Index's table of the package's tools names every tool a lecture's sections import
    from the package and, for each, the lecture that first uses it in a presented cell (the
    table is for looking a tool up: it must not send a reader to the wrong lecture, nor list a
    tool no class uses, nor leave one out, as a reader found it did)."""
    index = "".join(cell_source(c) for c in notebook_cells(syllabus.NOTEBOOKS / "Index.ipynb"))
    rows = re.findall(r"^\| ((?:`[^`]+`(?:, )?)+) \| [^|]+ \| ([^|]+?) \|$", index, re.M)
    said = {
        re.match(r"\w+", tool)[0]: where.lower().replace("-", " ")  # type: ignore[index]
        for tools, where in rows
        for tool in re.findall(r"`([^`]+)`", tools)
    }
    assert len(said) >= 40
    first = package_imports()
    found = {tool: first.get(tool, "no class").removesuffix(".ipynb") for tool in said}
    assert said == {tool: where.lower().replace("-", " ") for tool, where in found.items()}
    # the loader a lecture uses to read another is the project's machinery, which the prose of
    # the course does not name (syllabus.MACHINERY); the lecture that uses it says what it does
    assert set(package_imports(sections_only=True)) - set(said) == {"load_notebook"}


SHORT_INDEX = """### Class 1: One

**Present:** [L1](L1.ipynb).

### Class 2: Two

**Present:** [L2](L2.ipynb).

### Class 3: Three

**Present:** [L3](L3.ipynb).

### Short paths

A module with fewer meetings keeps:

- **Short:** classes 1 and 3. Skips the middle.
- **Wrong:** classes 1, 2 and 9.
"""


def test_a_short_path_uses_nothing_it_skips(tmp_path: Path) -> None:
    """A short path keeps some classes: theirs may not use what only a skipped class teaches,
    nor run its notebook; a path that keeps a class that is not there is a broken rule."""
    notebook(tmp_path / "Index.ipynb", SHORT_INDEX)
    lecture(tmp_path / "L1.ipynb", "## 1. One", "def one(): return 1")
    lecture(tmp_path / "L2.ipynb", "## 1. One", "def two(): return one() + 1")
    lecture(tmp_path / "L3.ipynb", "## 1. One", "%run L2.ipynb\nthree = two() + one()")
    read_back = read(tmp_path)
    assert read_back.short_paths == (
        syllabus.ShortPath("Short", (1, 3)),
        syllabus.ShortPath("Wrong", (1, 2, 9)),
    )
    short = read_back.short_paths[0]
    assert read_back.skipped_by(short) == {2}
    assert syllabus.untaught(read_back, tmp_path) == []  # the whole course teaches in order
    assert syllabus.untaught(read_back, tmp_path, read_back.skipped_by(short)) == [
        "class 3: L3.ipynb cell 3 loads L2.ipynb, which the path skips",
        "class 3: L3.ipynb cell 3 uses two, taught only in a class the path skips",
    ]
    shapes = shapes_of(tmp_path)
    assert problems(read_back, shapes) == [
        "the short path 'Wrong' keeps class 9, which is not there"
    ]
    shown = syllabus.plan(read_back, shapes)
    assert "| short path: Short | classes 1, 3 |" in shown
    assert "| short path: Wrong | classes 1, 2 |" in shown


def run_in_order(folder: Path, names: list[str]) -> None:
    """Execute the notebooks ``names`` of ``folder``, in order, each in a fresh kernel, as a
    lecturer runs them from the top."""
    import nbclient

    for name in names:
        executed = nbformat.read(folder / name, as_version=4)
        client = nbclient.NotebookClient(
            executed, timeout=600, resources={"metadata": {"path": str(folder)}}
        )
        client.execute()


@pytest.mark.parametrize("name", ["Two meetings", "Three meetings"])
def test_the_short_paths_work(name: str, tmp_path: Path) -> None:
    """Each short path of the syllabus: its classes use nothing it skips, and its notebooks,
    alone in a folder, run in the path's order."""
    course = read()
    [path] = [p for p in course.short_paths if p.name == name]
    assert syllabus.untaught(course, skipping=course.skipped_by(path)) == []
    kept = [n for m in course.classes if m.number in path.classes for n in m.notebooks]
    for notebook_name in dict.fromkeys(kept):
        shutil.copy(syllabus.NOTEBOOKS / notebook_name, tmp_path / notebook_name)
    run_in_order(tmp_path, list(dict.fromkeys(kept)))
