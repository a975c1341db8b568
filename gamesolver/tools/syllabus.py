"""The course's syllabus, read from ``notebooks/Index.ipynb``, and its shape, measured from the
lectures: the one place the order of the course is written, and the check that it can be taught.

Index.ipynb is written for students; its syllabus follows conventions that this module reads:

- a class is a heading ``### Class N: Title`` followed (before the next heading) by a line
  ``**Present:** [Nim](Nim.ipynb); [the Solver](Solver.ipynb), sections 1–4.``: the notebooks
  presented in that meeting, in order, each whole or by its numbered sections (``## 1. ...``);
- a class may add a line ``**Read before class:** [Tic-Tac-Toe](Tic-Tac-Toe.ipynb), section 1.``:
  sections it presents that the students read at home before the meeting (the game as code,
  say), which the lecturer only recalls; they are the class's, but not minutes of its meeting;
- a deep dive is an item of the list under ``## Deep dives``, its first link its notebook;
- a short path is an item of the list under ``### Short paths``, ``- **Two meetings:** classes 1
  and 2. ...``: its name, and the classes it keeps, in order.

``python -m gamesolver.tools.syllabus`` (``make shape``) prints the time plan (minutes per class,
per deep dive) and every rule of a lecture's shape that a notebook breaks, and fails if one
does (``--readme`` writes the plan into the README's "The course at a glance"):

- each lecture states what it teaches, what it needs, sums up and sets exercises (the headings
  ``## In this lecture``, ``**Prerequisites:**``, ``## What we learned``, ``## Exercises``);
- no code cell longer than ``LONG_CELL`` lines (what a projector shows at once);
- its sources cited by author and title, never as "the seed"; nothing of how the project is
  tested, benchmarked or wired together in the prose (``MACHINERY``);
- at most ``MEETING`` minutes to present a notebook, and a class (one meeting); the core path at
  most ``CLASSES`` classes and ``CORE`` minutes;
- the syllabus places every notebook, and each section it names exists.

It prints, too, every use before teaching (``untaught``): a presented code cell that uses a
name the course defines only in a later section or a deep dive, or that loads a deep dive. Each
fails ``make shape``.

The minutes are a rough proxy that matched a lecturer's own estimates: prose words / 100 + code
lines / 8 (a word a run of letters and digits, a code line one that is not blank), the measure
the project's own review of the course uses. Notebooks are read with the package's one reader
(``gamesolver.notebook``); a syllabus that cannot be read is a ``NotebookError`` on Index.ipynb.
"""

from __future__ import annotations

import ast
import builtins
import re
import symtable
import sys
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gamesolver.notebook import NotebookError, as_python, cell_source, notebook_cells
from gamesolver.resources import NOTEBOOKS, REPOSITORY

INDEX = "Index.ipynb"
"""The syllabus, the notebook a student opens first; itself not a lecture."""

MEETING = 90
"""Minutes of one class meeting: no class, and no notebook, takes longer to present."""
CLASSES, CORE = 8, 540
"""The core path: at most 8 classes, at most 9 hours to present (a course devoted to
adversarial search gives it 6 to 8 meetings, an AI module 2 to 4: the core path is both)."""
LONG_CELL = 40
"""The most lines a code cell may have: what a projector shows at once."""
WORDS_A_MINUTE, CODE_LINES_A_MINUTE = 100, 8
_WORD = re.compile(r"\w+")

SEED = re.compile(r"\bseed(s|ed)?\b", re.I)
"""The source documents' file names in this project ("seed 002"): students never see them. (A
random generator is "seeded" here too: "fixed" or "the same every run" says it for students.)"""
MACHINERY = re.compile(
    r"\bnbval\b|make bench|make test|\bload_notebook\b|\bdemo\b[- ]tag|tagged `?demo|"
    r"\bbenchmarks?/|\btests?/|\btarget\b|\bpytest\b|\bCI\b|a test checks",
    re.I,
)
"""How the project is tested, benchmarked or wired together: not the students' concern."""
SHAPE = {
    "objectives (## In this lecture)": re.compile(r"^##\s+In this lecture\s*$", re.M),
    "prerequisites (**Prerequisites:**)": re.compile(r"^\*\*Prerequisites:\*\*", re.M),
    "summary (## What we learned)": re.compile(r"^##\s+What we learned\s*$", re.M),
    "exercises (## Exercises)": re.compile(r"^##\s+Exercises\s*$", re.M),
}
"""The headings every lecture has, in words for a message."""

_CLASS = re.compile(r"^###\s+Class\s+(\d+):\s*(.+?)\s*$", re.M)
_PRESENT = re.compile(r"^\*\*Present:\*\*(.*?)(?:\n\s*\n|\Z)", re.M | re.S)
"""The paragraph that starts with **Present:** (it may wrap over several lines)."""
_READING = re.compile(r"^\*\*Read before class:\*\*(.*?)(?:\n\s*\n|\Z)", re.M | re.S)
"""The paragraph that starts with **Read before class:**, if a class has one."""
_LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+\.ipynb)\)")
_SECTIONS = re.compile(r"\bsections?\s+(\d+)(?:\s*[–-]\s*(\d+))?")
_SECTION = re.compile(r"^##\s+(\d+)\.\s", re.M)
_SHORT_PATH = re.compile(
    r"^\s*[-*]\s+\*\*([^*]+?):\*\*\s+class(?:es)?\s+(\d+(?:(?:,|,? and)\s+\d+)*)", re.M
)
_CLOSING = re.compile(r"^##\s+(What we learned|Exercises)\s*$")


@dataclass(frozen=True)
class Part:
    """A notebook presented in a class, whole (``sections`` is ``None``) or sections
    ``first..last`` of it (inclusive)."""

    notebook: str
    sections: tuple[int, int] | None = None

    @property
    def span(self) -> str:
        """Its sections as the time plan writes them, ``" §1–4"`` (``""`` for all of it)."""
        if self.sections is None:
            return ""
        first, last = self.sections
        return f" §{first}" if first == last else f" §{first}–{last}"

    def keys(self, numbers: Sequence[int]) -> list[str]:
        """The parts of its notebook it presents (``parts_of``), the notebook's sections being
        ``numbers``: its sections, with ``"before"`` (the opening) if it starts at the first and
        ``"after"`` (the summary, the exercises) if it ends at the last."""
        if self.sections is None:
            return ["before", *map(str, numbers), "after"]
        first, last = self.sections
        chosen = [str(n) for n in numbers if first <= n <= last]
        if numbers and first == min(numbers):
            chosen.append("before")
        if numbers and last == max(numbers):
            chosen.append("after")
        return chosen


@dataclass(frozen=True)
class Class:
    """One meeting of the core path."""

    number: int
    title: str
    parts: tuple[Part, ...]
    reading: tuple[Part, ...] = ()
    """Sections among ``parts`` that the students read before the meeting."""

    @property
    def notebooks(self) -> tuple[str, ...]:
        """The notebooks presented, each once, in the order of their first part."""
        return tuple(dict.fromkeys(part.notebook for part in self.parts))


@dataclass(frozen=True)
class ShortPath:
    """The classes a module with fewer meetings keeps, named for the lecturer."""

    name: str
    classes: tuple[int, ...]


@dataclass(frozen=True)
class Syllabus:
    classes: tuple[Class, ...]
    deep_dives: tuple[str, ...]
    """The optional notebooks, in the order the syllabus lists them."""
    short_paths: tuple[ShortPath, ...] = ()
    """The paths for fewer meetings, in the order the syllabus names them."""

    def skipped_by(self, path: ShortPath) -> set[int]:
        """The numbers of the classes ``path`` leaves out."""
        return {meeting.number for meeting in self.classes} - set(path.classes)

    @property
    def core(self) -> tuple[str, ...]:
        """The notebooks the classes present, in the order of their first class."""
        return tuple(dict.fromkeys(n for c in self.classes for n in c.notebooks))

    @property
    def placed(self) -> set[str]:
        return {n for c in self.classes for n in c.notebooks} | set(self.deep_dives)


def _prose(cells: Sequence[dict[str, Any]]) -> str:
    return "\n\n".join(cell_source(c) for c in cells if c.get("cell_type") == "markdown")


def read(folder: Path = NOTEBOOKS) -> Syllabus:
    """The syllabus that ``folder``'s Index.ipynb states (see the module's docstring)."""
    text = _prose(notebook_cells(folder / INDEX))
    classes: list[Class] = []
    heads = list(_CLASS.finditer(text))
    for head, after in zip(heads, [*heads[1:], None], strict=True):
        body = text[head.end() : after.start() if after else len(text)]
        body = re.split(r"^#", body, maxsplit=1, flags=re.M)[0]  # up to the next heading
        present = _PRESENT.search(body)
        parts = [_part(item) for item in present[1].split(";")] if present else []
        if not parts or None in parts:
            raise NotebookError(
                f"{INDEX}: class {head[1]} needs a line '**Present:** [Title](Notebook.ipynb), "
                "sections 1–4; ...' (a link to a notebook in each item)"
            )
        number = int(head[1])
        if number != len(classes) + 1:
            raise NotebookError(
                f"{INDEX}: '### Class {head[1]}: {head[2]}' comes after "
                + (f"class {len(classes)}" if classes else "no class")
                + f": number the classes 1, 2, 3, ... in order (this is class {len(classes) + 1})"
            )
        for part in parts:
            if (
                part is not None
                and part.sections is not None
                and not 1 <= part.sections[0] <= part.sections[1]
            ):
                first, last = part.sections
                raise NotebookError(
                    f"{INDEX}: class {number} presents {part.notebook}, sections {first}–{last}: "
                    "sections are numbered from 1, the first before the last (e.g. sections 1–4)"
                )
        reading = _READING.search(body)
        read_first = [_part(item) for item in reading[1].split(";")] if reading else []
        if None in read_first:
            raise NotebookError(
                f"{INDEX}: class {number}'s '**Read before class:**' needs a link to a notebook "
                "in each item, with its sections: '[Title](Notebook.ipynb), section 1'"
            )
        classes.append(
            Class(
                number,
                head[2],
                tuple(p for p in parts if p is not None),
                tuple(p for p in read_first if p is not None),
            )
        )
    dives = re.search(r"^##\s+Deep dives\s*$(.*?)(?=^##\s|\Z)", text, re.M | re.S)
    deep = []
    for item in re.findall(r"^\s*[-*]\s+(.*)$", dives[1] if dives else "", re.M):
        link = _LINK.search(item)
        if link:
            deep.append(link[1])
    short = re.search(r"^###\s+Short paths\s*$(.*?)(?=^#|\Z)", text, re.M | re.S)
    paths = [
        ShortPath(name, tuple(int(n) for n in re.findall(r"\d+", numbers)))
        for name, numbers in _SHORT_PATH.findall(short[1] if short else "")
    ]
    return Syllabus(tuple(classes), tuple(deep), tuple(paths))


def _part(item: str) -> Part | None:
    link = _LINK.search(item)
    if link is None:
        return None
    sections = _SECTIONS.search(item[link.end() :])
    if sections is None:
        return Part(link[1])
    first = int(sections[1])
    return Part(link[1], (first, int(sections[2] or first)))


@dataclass(frozen=True)
class Shape:
    """What a lecturer meets in one notebook."""

    notebook: str
    minutes: dict[str, float]
    """Minutes to present each part: ``"before"`` (the title, objectives, up to section 1),
    ``"1"``, ``"2"``, ... (its numbered sections), ``"after"`` (the summary, the exercises)."""
    long_cells: list[tuple[int, int]]
    """The code cells over ``LONG_CELL`` lines: (cell index, lines)."""
    longest: int
    seed: int
    machinery: int
    missing: list[str]
    """The lecture's headings it lacks, in words (``SHAPE``)."""

    @property
    def total(self) -> float:
        return sum(self.minutes.values())

    @property
    def sections(self) -> list[int]:
        """The numbers of its sections (``## 1. ...``), in order."""
        return [int(key) for key in self.minutes if key.isdigit()]

    def of(self, part: Part) -> float:
        """The minutes of ``part`` (this notebook, or some of its sections)."""
        return sum(self.minutes.get(key, 0.0) for key in part.keys(self.sections))


def parts_of(cells: Sequence[dict[str, Any]]) -> list[str]:
    """The part of its notebook each of ``cells`` is in: ``"before"`` (the title, objectives, up
    to section 1), ``"1"``, ``"2"``, ... (from a heading ``## N. ...``), ``"after"`` (from
    ``## What we learned`` or ``## Exercises``); a cell's last heading decides."""
    found, part = [], "before"
    for cell in cells:
        if cell.get("cell_type") == "markdown":
            for line in cell_source(cell).splitlines():
                if numbered := _SECTION.match(line):
                    part = numbered[1]
                elif _CLOSING.match(line):
                    part = "after"
        found.append(part)
    return found


def measure(path: Path) -> Shape:
    """The shape of the notebook at ``path``."""
    cells = notebook_cells(path)
    minutes: dict[str, float] = {"before": 0.0}
    long_cells, longest = [], 0
    for index, (part, cell) in enumerate(zip(parts_of(cells), cells, strict=True)):
        text = cell_source(cell)
        if cell.get("cell_type") == "markdown":
            cost = len(_WORD.findall(text)) / WORDS_A_MINUTE
        elif cell.get("cell_type") == "code":
            lines = len(text.splitlines())
            longest = max(longest, lines)
            if lines > LONG_CELL:
                long_cells.append((index, lines))
            cost = sum(1 for line in text.splitlines() if line.strip()) / CODE_LINES_A_MINUTE
        else:
            continue
        minutes[part] = minutes.get(part, 0.0) + cost
    prose = _prose(cells)
    return Shape(
        notebook=path.name,
        minutes=minutes,
        long_cells=long_cells,
        longest=longest,
        seed=len(SEED.findall(prose)),
        machinery=len(MACHINERY.findall(prose)),
        missing=[what for what, heading in SHAPE.items() if not heading.search(prose)],
    )


def problems(syllabus: Syllabus, shapes: dict[str, Shape]) -> list[str]:
    """Every rule of the course's shape that ``shapes`` (by notebook) break, in words."""
    found = []
    for name in sorted(set(shapes) - syllabus.placed):
        found.append(f"{INDEX} does not place {name}: in a class, or under '## Deep dives'")
    for name in sorted(syllabus.placed - set(shapes)):
        found.append(f"{INDEX} names {name}, which is not there")
    for name, shape in shapes.items():
        found += [
            f"{name}: cell {i} has {n} lines (at most {LONG_CELL})" for i, n in shape.long_cells
        ]
        found += [f"{name}: lacks its {what}" for what in shape.missing]
        if shape.seed:
            found.append(f"{name}: 'seed' {shape.seed} times in the prose (cite by author, title)")
        if shape.machinery:
            found.append(f"{name}: the project's machinery {shape.machinery} times in the prose")
        if shape.total > MEETING:
            found.append(f"{name}: {shape.total:.0f} minutes to present (at most {MEETING})")
    for meeting in syllabus.classes:
        for part in meeting.parts:
            known = shapes.get(part.notebook)
            if known and part.sections and not set(part.sections) <= set(known.sections):
                found.append(f"class {meeting.number}: {part.notebook} has no{part.span}")
        for part in meeting.reading:
            known = shapes.get(part.notebook)
            if known and not set(part.keys(known.sections)) <= _keys(meeting.parts, known):
                found.append(
                    f"class {meeting.number}: reads {part.notebook}{part.span} before class, "
                    "which is not among the sections it presents"
                )
        spent = minutes(meeting, shapes)
        if spent > MEETING:
            found.append(f"class {meeting.number}: {spent:.0f} minutes (at most {MEETING})")
    for path in syllabus.short_paths:
        for number in sorted(set(path.classes) - {meeting.number for meeting in syllabus.classes}):
            found.append(f"the short path '{path.name}' keeps class {number}, which is not there")
    if len(syllabus.classes) > CLASSES:
        found.append(f"{len(syllabus.classes)} classes in the core path (at most {CLASSES})")
    core = sum(minutes(meeting, shapes) for meeting in syllabus.classes)
    if core > CORE:
        found.append(f"the core path: {core:.0f} minutes to present (at most {CORE})")
    return found


def _keys(parts: Sequence[Part], shape: Shape) -> set[str]:
    """The parts of ``shape``'s notebook (``parts_of``) that ``parts`` name."""
    return {key for p in parts if p.notebook == shape.notebook for key in p.keys(shape.sections)}


def reading_minutes(meeting: Class, shapes: dict[str, Shape]) -> float:
    """The minutes of what ``meeting``'s students read before it: its reading's parts but a
    notebook's opening, which the lecturer presents (what the class is about)."""
    return sum(
        shapes[name].minutes.get(key, 0.0)
        for name in dict.fromkeys(p.notebook for p in meeting.reading)
        if name in shapes
        for key in _keys(meeting.reading, shapes[name]) - {"before"}
    )


def minutes(meeting: Class, shapes: dict[str, Shape]) -> float:
    """The minutes to present ``meeting``: its parts' (a notebook not there counts 0), but what
    its students read before it (``reading_minutes``)."""
    presented = sum(shapes[p.notebook].of(p) for p in meeting.parts if p.notebook in shapes)
    return presented - reading_minutes(meeting, shapes)


def shapes_of(folder: Path = NOTEBOOKS) -> dict[str, Shape]:
    """The shape of every lecture in ``folder`` (its notebooks but the syllabus)."""
    return {p.name: measure(p) for p in sorted(folder.glob("*.ipynb")) if p.name != INDEX}


Place = tuple[int, int]
"""Where a cell is presented: the class's number and the index of the part in it (a class
presents its parts in order)."""
NEVER: Place = (sys.maxsize, 0)
"""The place of a cell no class presents: a deep dive's."""
SKIPPED: Place = (sys.maxsize - 1, 0)
"""The place of a cell that only classes a short path skips present (``untaught``)."""
_NOTEBOOK_NAME = re.compile(r"([A-Z][\w-]+\.ipynb)")


def names_of(source: str) -> tuple[set[str], set[str]]:
    """What a code cell's ``source`` defines at its top level (a ``def``, a ``class``, a name
    assigned or imported) and the names it uses that it does not define (module-level names,
    and the globals its functions, lambdas and comprehensions read; builtins left out).
    IPython's magic lines are read as IPython reads them, as calls of ``get_ipython()``, which
    is the kernel's and not counted; a cell that is not Python defines and uses nothing."""
    code = as_python(source)
    try:
        tree, table = ast.parse(code), symtable.symtable(code, "<cell>", "exec")
    except SyntaxError:
        return set(), set()
    defined = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            defined.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            defined |= {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
        elif isinstance(node, ast.Import | ast.ImportFrom):
            defined |= {(alias.asname or alias.name).split(".")[0] for alias in node.names}
    return defined, set(_read(table)) - defined - set(dir(builtins)) - {"get_ipython"}


def _read(table: symtable.SymbolTable) -> Iterator[str]:
    """The names that ``table`` (a cell's scopes) reads from the notebook's namespace."""
    module = table.get_type() == "module"
    for symbol in table.get_symbols():
        if not symbol.is_referenced():
            continue
        if (not (symbol.is_assigned() or symbol.is_imported())) if module else symbol.is_global():
            yield symbol.get_name()
    for child in table.get_children():
        yield from _read(child)


Lecture = list[tuple[str, dict[str, Any]]]
"""A notebook's cells, each with the part it is in (``parts_of``)."""


def _lectures(folder: Path) -> dict[str, Lecture]:
    """Every notebook in ``folder`` but the syllabus, by name."""
    found = {}
    for path in sorted(folder.glob("*.ipynb")):
        if path.name != INDEX:
            cells = notebook_cells(path)
            found[path.name] = list(zip(parts_of(cells), cells, strict=True))
    return found


def _presented(syllabus: Syllabus, lectures: dict[str, Lecture]) -> dict[tuple[str, str], Place]:
    """Where each part of a notebook is first presented: ``(notebook, part)`` to its place."""
    where: dict[tuple[str, str], Place] = {}
    for meeting in syllabus.classes:
        for index, part in enumerate(meeting.parts):
            numbers = sorted({int(k) for k, _ in lectures.get(part.notebook, []) if k.isdigit()})
            for key in part.keys(numbers):
                where.setdefault((part.notebook, key), (meeting.number, index))
    return where


def untaught(
    syllabus: Syllabus, folder: Path = NOTEBOOKS, skipping: Collection[int] = ()
) -> list[str]:
    """Every use before teaching, in words, class by class: a presented code cell that uses a
    name first defined in a later class, later in its class, or only where no class presents it
    (a deep dive); and a presented cell that loads a deep dive. A name is taught where a cell
    defines it (``names_of``); a part of a notebook is presented by the first class that names
    it (``Part.keys``); what a cell imports from the package it defines itself.

    ``skipping``: the numbers of the classes a short path leaves out. Then the other classes
    are checked, each as well against what only the skipped classes teach or present (a name
    they define, a notebook a cell runs or loads)."""
    lectures = _lectures(folder)
    where = {
        at: SKIPPED if place[0] in skipping else place
        for at, place in _presented(syllabus, lectures).items()
    }
    taught: dict[str, Place] = {}
    for name, cells in lectures.items():
        for key, cell in cells:
            if cell.get("cell_type") == "code":
                place = where.get((name, key), NEVER)
                for defined in names_of(cell_source(cell))[0]:
                    taught[defined] = min(taught.get(defined, NEVER), place)
    kept = {name for (name, _), place in where.items() if place != SKIPPED}
    outside = {name: f"the deep dive {name}" for name in set(lectures) - set(syllabus.core)}
    outside |= {name: f"{name}, which the path skips" for name in set(syllabus.core) - kept}
    found: dict[str, None] = {}  # each once, in order
    for meeting in syllabus.classes:
        for index, part in enumerate(meeting.parts):
            place = (meeting.number, index)
            for number, (key, cell) in enumerate(lectures.get(part.notebook, [])):
                if where[part.notebook, key] == place and cell.get("cell_type") == "code":
                    said = f"class {place[0]}: {part.notebook} cell {number}"
                    early = _early(cell_source(cell), place, taught, outside)
                    found |= dict.fromkeys(f"{said} {what}" for what in early)
    return list(found)


def _early(
    source: str, place: Place, taught: dict[str, Place], outside: dict[str, str]
) -> Iterator[str]:
    """What the cell ``source``, presented at ``place``, uses before it is taught (``untaught``);
    ``outside``: the notebooks it may not load, each with its words for a message."""
    for loaded in _NOTEBOOK_NAME.findall(source):
        if loaded in outside:
            yield f"loads {outside[loaded]}"
    for name in sorted(names_of(source)[1]):
        first = taught.get(name, place)
        if first == NEVER:
            yield f"uses {name}, taught in a deep dive"
        elif first == SKIPPED:
            yield f"uses {name}, taught only in a class the path skips"
        elif first[0] > place[0]:
            yield f"uses {name}, taught in class {first[0]}"
        elif first > place:
            yield f"uses {name}, taught in class {place[0]}, later in it"


def plan(syllabus: Syllabus, shapes: dict[str, Shape]) -> str:
    """The time plan, as a Markdown table: each class and deep dive with its minutes."""
    rows = ["| | notebooks | minutes |", "| --- | --- | ---: |"]
    for meeting in syllabus.classes:
        parts = ", ".join(_shown(p, meeting.reading) for p in meeting.parts)
        if meeting.reading:
            parts += f"; {reading_minutes(meeting, shapes):.0f} min of reading"
        spent = minutes(meeting, shapes)
        rows.append(f"| class {meeting.number}: {meeting.title} | {parts} | {spent:.0f} |")
    core = sum(minutes(m, shapes) for m in syllabus.classes)
    rows.append(f"| **the core path** | {len(syllabus.classes)} classes | **{core:.0f}** |")
    for path in syllabus.short_paths:
        kept = [m for m in syllabus.classes if m.number in path.classes]
        spent = sum(minutes(m, shapes) for m in kept)
        numbers = ", ".join(str(m.number) for m in kept)
        rows.append(f"| short path: {path.name} | classes {numbers} | {spent:.0f} |")
    for name in syllabus.deep_dives:
        known = f"{shapes[name].total:.0f}" if name in shapes else "?"
        rows.append(f"| deep dive | {name.removesuffix('.ipynb')} | {known} |")
    return "\n".join(rows)


def _shown(part: Part, reading: Sequence[Part]) -> str:
    """``part`` as the plan writes it: ``Tic-Tac-Toe §1–5 (§1 read before class)``."""
    read = [r.span.strip() for r in reading if r.notebook == part.notebook and _within(r, part)]
    said = part.notebook.removesuffix(".ipynb") + part.span
    return f"{said} ({', '.join(read)} read before class)" if read else said


def _within(inner: Part, outer: Part) -> bool:
    """Whether ``outer`` (a notebook's sections, or all of it) holds ``inner``'s sections."""
    if outer.sections is None:
        return True
    if inner.sections is None:
        return False
    return outer.sections[0] <= inner.sections[0] and inner.sections[1] <= outer.sections[1]


README = REPOSITORY / "README.md"
PLAN_START, PLAN_END = "<!-- time plan: make shape -->", "<!-- end of the time plan -->"
"""The README's time plan sits between these lines (``--readme`` writes it there)."""


def readme_plan(text: str) -> str:
    """The time plan that the README ``text`` shows (between ``PLAN_START`` and ``PLAN_END``)."""
    start, end = text.find(PLAN_START), text.find(PLAN_END)
    if start < 0 or end < start:
        raise NotebookError(f"the README has no lines {PLAN_START} ... {PLAN_END}")
    return text[start + len(PLAN_START) : end].strip()


def with_plan(text: str, shown: str) -> str:
    """The README ``text`` with ``shown`` as its time plan."""
    readme_plan(text)  # there is a place for it
    start, end = text.find(PLAN_START) + len(PLAN_START), text.find(PLAN_END)
    return text[:start] + "\n\n" + shown + "\n\n" + text[end:]


def main(arguments: Sequence[str] | None = None) -> int:
    """``python -m gamesolver.tools.syllabus [--readme] [FOLDER]``: the time plan, then the
    problems; ``--readme`` writes the plan into the README too."""
    import argparse

    parser = argparse.ArgumentParser(
        prog="python -m gamesolver.tools.syllabus",
        description="The course's time plan (minutes per class and deep dive, from the syllabus "
        "in FOLDER/Index.ipynb) and every rule of a lecture's shape a notebook breaks; exit "
        "status 1 if one does.",
    )
    parser.add_argument(
        "folder",
        nargs="?",
        default=str(NOTEBOOKS),
        metavar="FOLDER",
        help="the lectures (default: the repository's notebooks/)",
    )
    parser.add_argument(
        "--readme", action="store_true", help="also write the time plan into the README"
    )
    args = parser.parse_args(arguments)
    readme, folder = args.readme, Path(args.folder)
    try:
        syllabus = read(folder)
        shapes = shapes_of(folder)
        shown = plan(syllabus, shapes)
        if readme:
            README.write_text(with_plan(README.read_text(encoding="utf-8"), shown), "utf-8")
        early = untaught(syllabus, folder)
        for path in syllabus.short_paths:
            skipped = syllabus.skipped_by(path)
            early += [f"{path.name}: {use}" for use in untaught(syllabus, folder, skipped)]
    except NotebookError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(shown)
    found = problems(syllabus, shapes)
    for problem in found:
        print(f"shape: {problem}", file=sys.stderr)
    for use in early:
        print(f"used before it is taught: {use}", file=sys.stderr)
    print(f"{len(found)} problems with the course's shape" if found else "the course has its shape")
    print(f"{len(early)} uses before teaching" if early else "nothing is used before it is taught")
    return 1 if found or early else 0


if __name__ == "__main__":
    sys.exit(main())
