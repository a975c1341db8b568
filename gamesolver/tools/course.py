"""The course as a lecturer hands it out: its classes, its deep dives, and the students' copies.

The lectures in ``notebooks/`` are the instructor's copy: every exercise's solution sits in them,
between nbgrader's ``### BEGIN SOLUTION`` and ``### END SOLUTION`` (or in an answer cell). The
students' copy is made by nbgrader in the course directory ``course/`` (``make release``, or
``python -m gamesolver.tools.course release``):

1. ``course/source/<assignment>/``: one nbgrader assignment per class of the core path
   (the notebooks it presents) and per deep dive, as the syllabus in ``Index.ipynb`` lists
   them (``gamesolver.tools.syllabus``), each folder with
   the notebooks its notebooks need when they run there: those they ``%run`` or load with
   ``load_notebook`` (found in their code, transitively); the style sheet and the test data
   come with the package (``gamesolver.resources``);
2. ``nbgrader generate_assignment`` into ``course/release/<assignment>/``: the same notebooks
   without their solutions and outputs, which the lecturer hands out.

This module maps the syllabus to assignments. A notebook that answers
another lecture's exercises says so in its metadata, ``"gamesolver": {"solution_to":
"Tic-Tac-Toe.ipynb"}``; it is released only when the lecturer asks (``solutions=True``, ``make
release SOLUTIONS=1``), as an assignment of its own, ``solution-<notebook>``, and never as a
notebook another assignment needs.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gamesolver.errors import GameSolverError
from gamesolver.notebook import (
    cell_source,
    is_exercise,
    nbgrader_marks,
    notebook_cells,
    read_notebook,
    run_target,
)
from gamesolver.resources import NOTEBOOKS, REPOSITORY
from gamesolver.tools import syllabus

COURSE = REPOSITORY / "course"
"""The nbgrader course directory: its ``nbgrader_config.py`` is committed, the rest generated."""

GENERATED = ("source", "release")
"""The folders of ``course/`` that ``release`` rebuilds from the lectures (never the lecturer's
own: ``submitted/``, ``autograded/``, ``feedback/``, ``gradebook.db`` stay as they are)."""


class CourseError(GameSolverError):
    """A syllabus that names a notebook that is not there, or a release that would give away a
    solution."""


@dataclass(frozen=True)
class Assignment:
    """An nbgrader assignment: what one class (or one deep dive) hands the students."""

    name: str
    """nbgrader's assignment id and the folder's name, lowercase with dashes."""
    title: str
    notebooks: tuple[str, ...]
    """The notebooks it presents, in order (the notebooks they need come along)."""
    partly: tuple[str, ...] = ()
    """The notebooks it presents only up to a section before their last: their exercises (after
    the last section) belong to the class that presents the rest, and are left out here."""


def classes(folder: Path = NOTEBOOKS) -> list[Assignment]:
    """The core path as assignments, a class each, from the syllabus in ``folder``'s
    Index.ipynb (``gamesolver.tools.syllabus``): ``class<N>-<title>``, the notebooks it presents."""
    found = []
    for meeting in syllabus.read(folder).classes:
        partly = tuple(n for n in meeting.notebooks if not _ends(meeting, n, folder))
        name = f"class{meeting.number}-{_words(meeting.title)}"
        found.append(Assignment(name, meeting.title, meeting.notebooks, partly))
    return found


def _ends(meeting: syllabus.Class, notebook: str, folder: Path) -> bool:
    """Whether ``meeting`` presents the last section of ``notebook`` (in ``folder``), in one of
    its parts: a class may present a notebook in several parts (Nim's first sections, the
    Solver's, then the rest of Nim)."""
    parts = [part.sections for part in meeting.parts if part.notebook == notebook]
    if None in parts:
        return True
    numbered = syllabus.measure(folder / notebook).sections
    return max(last for _, last in filter(None, parts)) >= max(numbered, default=0)


def _words(title: str) -> str:
    return "-".join(re.findall(r"[a-z0-9]+", title.lower()))


NOT_RELEASED = ("Index.ipynb",)
"""Notebooks in no assignment: the syllabus (its links lead to the other lectures' folders)."""

_QUOTED = re.compile(r"""["'](?P<name>[^"'\n/\\]+\.ipynb)["']""")
_CHECKS = re.compile(r"\bgamesolver\.feedback\.exercises\b")
"""``check_algorithm`` compares with the course's own notebooks (``exercises.COURSE_GAMES``)."""


def solution_to(path: Path) -> str | None:
    """The notebook whose exercises the notebook at ``path`` answers (its metadata
    ``gamesolver.solution_to``), or ``None`` for a lecture."""
    metadata = read_notebook(path).get("metadata")
    course = metadata.get("gamesolver") if isinstance(metadata, dict) else None
    answered = course.get("solution_to") if isinstance(course, dict) else None
    return answered if isinstance(answered, str) else None


def _code(path: Path) -> str:
    cells = notebook_cells(path)
    return "\n".join(cell_source(cell) for cell in cells if cell.get("cell_type") == "code")


def needs(folder: Path, notebooks: Iterable[str]) -> list[str]:
    """What ``notebooks`` (names in ``folder``) need to run: the notebooks, themselves included,
    in the order found. A notebook is needed if a code cell ``%run``s it (``run_target``, as the
    loader reads the line) or names it in a string (``load_notebook("Nim.ipynb")``),
    transitively, and the Solver and the games ``check_algorithm`` compares with if a code cell
    imports ``gamesolver.feedback.exercises`` (a package installed without the repository finds
    them beside the notebook)."""
    found: list[str] = []
    waiting = list(notebooks)
    while waiting:
        name = waiting.pop(0)
        if name in found:
            continue
        found.append(name)
        code = _code(folder / name)
        named = [run for line in code.splitlines() if (run := run_target(line)) is not None]
        named += [m["name"] for m in _QUOTED.finditer(code)]
        if _CHECKS.search(code):
            from gamesolver.feedback.exercises import (
                COURSE_GAMES,  # only then: it imports hypothesis
            )

            named += ["Search-in-Depth.ipynb", *COURSE_GAMES]  # (it runs Solver.ipynb)
        waiting += [other for other in named if other not in found and (folder / other).exists()]
    return found


def _slug(notebook: str) -> str:
    return Path(notebook).stem.lower()


def assignments(folder: Path = NOTEBOOKS, solutions: bool = False) -> list[Assignment]:
    """The assignments of the course in ``folder``: the classes, the deep dives, and with
    ``solutions`` the notebooks marked as solutions (each ``solution-<notebook>``)."""
    plan = syllabus.read(folder)
    core = classes(folder)
    missing = sorted(plan.placed - {p.name for p in folder.glob("*.ipynb")})
    if missing:
        raise CourseError(
            f"the syllabus (Index.ipynb) names notebooks that are not in {folder}: "
            + ", ".join(missing)
        )
    answers = [n for a in core for n in a.notebooks if solution_to(folder / n) is not None]
    if answers:
        raise CourseError(
            f"a class presents {', '.join(answers)}, marked as a solution to another lecture's "
            "exercises: make it a deep dive (under '## Deep dives' in Index.ipynb)"
        )
    found = list(core)
    for name in plan.deep_dives:
        title = Path(name).stem.replace("-", " ")
        if solution_to(folder / name) is None:
            found.append(Assignment(_slug(name), title, (name,)))
        elif solutions:
            found.append(Assignment(f"solution-{_slug(name)}", f"{title} (a solution)", (name,)))
    return found


def unlisted(folder: Path = NOTEBOOKS) -> list[str]:
    """The notebooks in ``folder`` that the syllabus does not place: in no class, no deep dive,
    and not one of ``NOT_RELEASED`` (a new lecture someone forgot to add here)."""
    placed = syllabus.read(folder).placed | set(NOT_RELEASED)
    return sorted(path.name for path in folder.glob("*.ipynb") if path.name not in placed)


def build_source(
    assignment: Assignment, folder: Path, source: Path, solutions: bool = False
) -> list[str]:
    """Write ``source/<assignment>/``: its first page (``OVERVIEW``, what is graded), the
    notebooks it presents and those they need, from the lectures in ``folder`` (the style sheet
    and the data come with the package). The notebooks written, in order. A notebook it presents
    only in part (``partly``) comes without its exercises, as a needed one does. A needed notebook
    that is a solution to another lecture's exercises is an error unless ``solutions`` (or it is
    the assignment's own)."""
    notebooks = needs(folder, assignment.notebooks)
    for name in notebooks:
        answers = solution_to(folder / name)
        if answers is not None and not solutions and name not in assignment.notebooks:
            raise CourseError(
                f"{assignment.name} needs {name}, a solution to {answers}'s exercises: it would "
                "give the solution away (release with solutions, or do not load it)"
            )
    target = source / assignment.name
    target.mkdir(parents=True)
    whole = [n for n in assignment.notebooks if n not in assignment.partly]
    for name in notebooks:
        if name in whole:
            shutil.copy2(folder / name, target / name)
        else:
            write_without_exercises(folder / name, target / name, name in assignment.partly)
    items = [item for name in whole for item in graded_items(folder / name)]
    support = [name for name in notebooks if name not in whole]
    page = overview(assignment, items, support)
    (target / OVERVIEW).write_text(json.dumps(page, indent=1, ensure_ascii=False) + "\n", "utf-8")
    return [OVERVIEW, *notebooks]


OVERVIEW = "Assignment.ipynb"
"""The first page of every assignment: what is graded, where, and its points (it sorts first)."""

_EXERCISE = re.compile(r"^###\s+(Exercise\s+\d+:.*?)\s*$", re.M)


@dataclass(frozen=True)
class Item:
    """One graded exercise of a notebook: what the student hands in, and its points."""

    notebook: str
    exercise: str
    """Its heading, ``Exercise 2: A heuristic of your own``."""
    code: float = 0
    """The points its test cells give (autograded)."""
    written: float = 0
    """The points of its written answers (graded by hand)."""


def graded_items(path: Path) -> list[Item]:
    """The graded exercises of the notebook at ``path``, in order: each nbgrader grade cell
    counted under the ``### Exercise N: ...`` heading before it."""
    found: dict[str, Item] = {}
    heading = "Exercises"
    for cell in notebook_cells(path):
        text = cell_source(cell)
        if cell.get("cell_type") == "markdown" and (match := _EXERCISE.search(text)):
            heading = match[1]
        marks = nbgrader_marks(cell)
        if not marks.get("grade"):
            continue
        item = found.get(heading, Item(path.name, heading))
        points = float(marks.get("points", 0))
        if cell.get("cell_type") == "code":
            item = dataclasses.replace(item, code=item.code + points)
        else:
            item = dataclasses.replace(item, written=item.written + points)
        found[heading] = item
    return list(found.values())


def _points(points: float) -> str:
    return f"{points:g} point{'' if points == 1 else 's'}"


def overview(
    assignment: Assignment, items: Sequence[Item], support: Sequence[str]
) -> dict[str, Any]:
    """The assignment's first page, a notebook of one markdown cell: every graded exercise with
    its notebook, what to hand in and its points; the support notebooks, with nothing to hand
    in."""
    total = sum(item.code + item.written for item in items)
    number = re.match(r"class(\d+)-", assignment.name)
    title = f"Class {number[1]}: {assignment.title}" if number else assignment.title
    lines = [f"# {title}: what you hand in", ""]
    if items:
        lines += [
            f"Work in this folder and hand it back whole. {len(items)} exercises are graded, "
            f"{_points(total)} in all. A code exercise is checked by the test cell after your "
            "code: run it, and it shows what it finds. A written answer is graded by hand.",
            "",
            "| notebook | exercise | you hand in | points |",
            "| --- | --- | --- | ---: |",
        ]
        for item in items:
            parts = []
            if item.code:
                parts.append("code, checked by its test cell")
            if item.written:
                parts.append("a written answer, graded by hand")
            link = f"[{Path(item.notebook).stem}]({item.notebook})"
            points = f"{item.code + item.written:g}"
            lines.append(f"| {link} | {item.exercise} | {' and '.join(parts)} | {points} |")
        lines.append(f"| | | **in all** | **{total:g}** |")
    else:
        lines.append("Nothing in this folder is graded: the exercises are for practice.")
    if support:
        names = ", ".join(f"[{Path(name).stem}]({name})" for name in support)
        lines += [
            "",
            f"**Support notebooks**, which the others run or which a later class presents in "
            f"full: {names}. Nothing to hand in there.",
        ]
    cell = {"cell_type": "markdown", "id": "assignment", "metadata": {}, "source": "\n".join(lines)}
    return {
        "cells": [cell],
        "metadata": {"language_info": {"name": "python"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def write_without_exercises(path: Path, target: Path, presented: bool = False) -> None:
    """Copy the notebook at ``path`` to ``target`` as a support notebook: without its exercises
    (nbgrader's solution, test, answer and task cells, and the text of its ``## Exercises``
    section), with a note under its title that says there is nothing to hand in. A notebook an
    assignment needs but does not present is there to be run, and its exercises belong to the
    class that presents it (they would add to this assignment's points, and a test of a blank
    solution would fail here); ``presented``: the class presents its first sections."""
    notebook = read_notebook(path)
    kept: list[dict[str, Any]] = []
    in_exercises = False
    for cell in notebook["cells"]:
        text = cell_source(cell)
        if cell.get("cell_type") == "markdown" and re.match(r"##\s", text):
            in_exercises = bool(re.match(r"##\s+Exercises\b", text))
        if not in_exercises and not is_exercise(cell):
            kept.append(cell)
    why = (
        "This class presents its first sections; its exercises come with the class that "
        "presents the rest."
        if presented
        else "The notebooks you work in run it; its exercises belong to another class."
    )
    note = {
        "cell_type": "markdown",
        "id": "support-note",
        "metadata": {},
        "source": f"*A support notebook of this assignment: nothing to hand in here.* {why}",
    }
    titles = [
        i
        for i, c in enumerate(kept)
        if c.get("cell_type") == "markdown" and cell_source(c)[:2] == "# "
    ]
    at = titles[0] + 1 if titles else 0  # under the title
    notebook["cells"] = [*kept[:at], note, *kept[at:]]
    target.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def with_python_first(path: str) -> str:
    """The ``PATH`` ``path`` with this Python's ``bin`` first: nbgrader starts ``alembic`` by name
    when it creates or opens a gradebook, and must find this environment's."""
    return str(Path(sys.executable).parent) + os.pathsep + path


def nbgrader(arguments: Sequence[str], course: Path) -> subprocess.CompletedProcess[str]:
    """Run ``nbgrader ARGUMENTS`` in the course directory (``with_python_first``)."""
    environment = {**os.environ, "PATH": with_python_first(os.environ.get("PATH", ""))}
    return subprocess.run(
        [sys.executable, "-m", "nbgrader", *arguments],
        cwd=course,
        env=environment,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        check=False,
    )


def release(
    course: Path = COURSE,
    folder: Path = NOTEBOOKS,
    solutions: bool = False,
    only: Sequence[str] = (),
) -> list[Assignment]:
    """Build ``course/source/`` from the lectures in ``folder`` and generate the students'
    copies in ``course/release/`` with nbgrader (``course/nbgrader_config.py`` must be there).
    ``only``: the names of the assignments to build (all if empty). The assignments built.

    Everything is built beside the last release first (``course/.building/``) and takes its
    place only when all of it is built: a release that fails leaves the last one as it was."""
    if not (course / "nbgrader_config.py").exists():
        raise CourseError(f"{course} is not the course directory: no nbgrader_config.py in it")
    chosen = assignments(folder, solutions)
    unknown = sorted(set(only) - {a.name for a in chosen})
    if unknown:
        raise CourseError(
            f"no assignment {', '.join(unknown)}: one of {', '.join(a.name for a in chosen)}"
        )
    chosen = [a for a in chosen if not only or a.name in only]
    building = course / BUILDING
    shutil.rmtree(building, ignore_errors=True)
    try:
        for built in chosen:
            build_source(built, folder, building / "source", solutions)
        # one nbgrader for all (its start-up is most of its time): "*" when the whole course
        # is built, in the folders being built (the gradebook learns the assignments' cells)
        places = [f"--CourseDirectory.{kind}_directory={BUILDING}/{kind}" for kind in GENERATED]
        for pattern in ["*"] if not only else [a.name for a in chosen]:
            done = nbgrader(["generate_assignment", pattern, "--force", *places], course)
            # nbgrader logs a configuration file that fails and goes on without it: not here
            if done.returncode != 0 or "Exception while loading config file" in done.stderr:
                raise CourseError(
                    f"nbgrader generate_assignment {pattern} failed:\n{done.stdout}{done.stderr}"
                )
        for kind in GENERATED:  # the new release takes the old one's place
            if not only:
                _replace(building / kind, course / kind)
            for built in chosen if only else []:
                _replace(building / kind / built.name, course / kind / built.name)
    finally:
        shutil.rmtree(building, ignore_errors=True)
    return chosen


BUILDING = ".building"
"""The folder of ``course/`` a release is built in before it takes the last one's place."""


def _replace(new: Path, old: Path) -> None:
    """``new`` where ``old`` was (``old`` removed), each folder moved in one step."""
    old.parent.mkdir(parents=True, exist_ok=True)
    stale = old.with_name(f".{old.name}.old")
    shutil.rmtree(stale, ignore_errors=True)
    if old.exists():
        old.rename(stale)
    new.rename(old)
    shutil.rmtree(stale, ignore_errors=True)


def main(arguments: Sequence[str] | None = None) -> int:
    """``python -m gamesolver.tools.course release [--solutions] [ASSIGNMENT...]``: ``release``,
    with a line per assignment; ``python -m gamesolver.tools.course list``: the assignments."""
    import argparse

    parser = argparse.ArgumentParser(
        prog="python -m gamesolver.tools.course", description="The course's nbgrader assignments."
    )
    verbs = parser.add_subparsers(dest="verb", required=True)
    made = verbs.add_parser("release", help="build course/source and course/release")
    made.add_argument("--solutions", action="store_true", help="release the solution notebooks")
    made.add_argument("assignments", nargs="*", metavar="ASSIGNMENT", help="only these")
    shown = verbs.add_parser("list", help="the assignments and their notebooks")
    shown.add_argument("--solutions", action="store_true", help="with the solution notebooks")
    args = parser.parse_args(arguments)
    try:
        if args.verb == "list":
            for built in assignments(solutions=args.solutions):
                print(f"{built.name}: {built.title} ({', '.join(built.notebooks)})")
            return 0
        for built in release(solutions=args.solutions, only=args.assignments):
            notebooks = sorted(
                path.name for path in (COURSE / "release" / built.name).glob("*.ipynb")
            )
            print(f"course/release/{built.name}: {', '.join(notebooks)}")
    except GameSolverError as error:  # the course's, or a notebook that cannot be read
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
