"""``python -m gamesolver grade ASSIGNMENT``: a class autograded by nbgrader, with what the
course's checks found, per student and test, as a table and a CSV.

nbgrader grades (``nbgrader autograde`` in the course directory, with ``course/nbgrader_config.py``:
the limits of ``gamesolver.tools.autograde``, the gradebook, the autograded notebooks that
``nbgrader generate_feedback`` turns into feedback). This front end runs it and reads back what
nbgrader's gradebook does not keep and a lecturer wants beside the points: for each graded test
cell, the condition the course's check found broken and its smallest counterexample (from the
check's report in the cell's output: ``check_algorithm``'s "fails the specification of
alpha_beta (CONDITION)" and "The smallest counterexample found: ..."), or what stopped the cell
("ran out of time (60 s for a cell)", ``MemoryError``, any other error's first line). A
submission whose kernel died (nbgrader skips it and goes on) is a row that says so.

Grading runs the students' code as the lecturer's user: the limits protect the grading from a
student's mistake, not from malice (grade untrusted work in a container or an account of its
own).
"""

from __future__ import annotations

import csv
import fnmatch
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gamesolver.table import Table, fmt

COLUMNS = (
    "student",
    "notebook",
    "cell",
    "score",
    "max_score",
    "passed",
    "condition",
    "counterexample",
)
"""The CSV's columns, a row per student and graded cell."""

LEAST_MEMORY_MB = 1024
"""A kernel takes about 730 MB of address space before its first cell, about 920 MB after the
alpha-beta exercise's check: below 1 GB it could not start, and every student would fail."""

_FAILS = re.compile(r"fails the specification of \S+ \((?P<condition>[^)]*)\)")
_FOUND = re.compile(r"The smallest counterexample found: (?P<example>.*)\.$", re.MULTILINE)
_FAILED = re.compile(r"There was an error processing assignment: (?P<path>\S+)")
_ERROR = re.compile(r"\[AutogradeApp \| ERROR\] (?P<message>[^\n]*)")


class GradeError(Exception):
    """A course, assignment or CSV file that cannot be graded or written: one line."""


@dataclass
class Row:
    """One graded cell of one student's submission."""

    student: str
    notebook: str
    cell: str
    """The cell's ``grade_id``."""
    score: float | None
    """``None``: not autograded (a written answer to grade by hand, or a notebook nbgrader could
    not autograde)."""
    max_score: float
    condition: str = ""
    """What the check found broken, or what stopped the cell (empty on a pass)."""
    counterexample: str = ""

    @property
    def passed(self) -> bool:
        """True iff the cell got every point."""
        return self.score is not None and self.score >= self.max_score


def submissions(course: Path, assignment: str, student: str = "*") -> list[str]:
    """The students (matching the glob ``student``) with a submission of ``assignment`` in
    ``course/submitted/``; ``GradeError`` for a course or assignment that is not there."""
    if not (course / "nbgrader_config.py").is_file():
        raise GradeError(
            f"{course} is not the course directory: no nbgrader_config.py in it "
            "(make release builds course/)"
        )
    known = sorted(path.name for path in (course / "source").glob("*") if path.is_dir())
    if assignment not in known:
        listed = ", ".join(known) if known else "none: run make release"
        raise GradeError(f"no assignment {assignment!r} in {course / 'source'} ({listed})")
    found = sorted(
        path.parent.name
        for path in (course / "submitted").glob(f"*/{assignment}")
        if path.is_dir() and fnmatch.fnmatchcase(path.parent.name, student)
    )
    if not found:
        raise GradeError(
            f"no submissions of {assignment} in {course / 'submitted'}"
            + ("" if student == "*" else f" by {student!r}")
            + f" (a student's folder goes in submitted/<student>/{assignment}/)"
        )
    return found


def csv_target(text: str, course: Path) -> Path:
    """The path to write the CSV to, checked before grading: not a folder, not a notebook or the
    gradebook, not in the folders nbgrader reads, in a folder that can be written."""
    path = Path(text)
    if path.is_dir():
        raise GradeError(f"--csv {text}: a folder, not a file")
    if path.suffix in (".ipynb", ".db"):
        raise GradeError(f"--csv {text}: would write over a notebook or a database")
    resolved = path.resolve()
    for inputs in ("source", "release", "submitted", "autograded", "feedback"):
        if (course / inputs).resolve() in resolved.parents:
            raise GradeError(f"--csv {text}: inside the course's {inputs}/, which nbgrader reads")
    if not resolved.parent.is_dir():
        raise GradeError(f"--csv {text}: no folder {path.parent}")
    if not os.access(resolved.parent, os.W_OK):
        raise GradeError(f"--csv {text}: the folder {path.parent} cannot be written")
    return path


def autograde(
    course: Path,
    assignment: str,
    student: str = "*",
    time_limit: int | None = None,
    memory_mb: int | None = None,
) -> dict[str, str]:
    """Run ``nbgrader autograde`` (every submission again, ``--force``), with a cell's time limit
    and the kernel's memory if given (else the course's configuration's). The students whose
    submission nbgrader could not autograde, each with nbgrader's reason."""
    from gamesolver.tools.course import nbgrader  # here: listing the options needs none of it

    arguments = ["autograde", assignment, "--force", f"--student={student}"]
    if time_limit is not None:
        arguments.append(f"--Execute.timeout={time_limit}")
    if memory_mb is not None:
        arguments.append(f"--LimitedKernelManager.memory_mb={memory_mb}")
    done = nbgrader(arguments, course)
    log = done.stdout + done.stderr
    if "Exception while loading config file" in log:
        raise GradeError(f"nbgrader could not read {course / 'nbgrader_config.py'}:\n{log}")
    failed = failures(log)
    if done.returncode != 0 and not failed:
        errors = [m["message"] for m in _ERROR.finditer(log)]
        raise GradeError(f"nbgrader autograde failed: {errors[-1] if errors else log.strip()}")
    return failed


def failures(log: str) -> dict[str, str]:
    """The students whose submission nbgrader's ``log`` says it could not autograde, each with
    the last error it logged for that notebook ("Kernel died while waiting for execute
    reply")."""
    failed: dict[str, str] = {}
    reason = ""
    for line in log.splitlines():
        if "| INFO] Sanitizing" in line:  # the next notebook: a reason before is another's
            reason = ""
        error = _ERROR.search(line)
        if error is None:
            continue
        where = _FAILED.search(line)
        if where is not None:
            failed[Path(where["path"]).parent.name] = reason or "see nbgrader's log"
        elif not error["message"].startswith(("Traceback", "There was an error")):
            reason = error["message"].rstrip(".")
    return failed


def outcome(cell: dict[str, Any]) -> tuple[str, str]:
    """What a graded test cell's outputs say: ``(condition, counterexample)``, both empty if the
    cell raised nothing. A time limit's error wins over the interrupt that comes with it."""
    errors = [output for output in cell.get("outputs", []) if output["output_type"] == "error"]
    if not errors:
        return "", ""
    timeouts = [error for error in errors if error.get("ename") == "TimeoutError"]
    error = timeouts[0] if timeouts else errors[-1]
    text = str(error.get("evalue", ""))
    fails, found = _FAILS.search(text), _FOUND.search(text)
    if fails is not None:
        return fails["condition"], found["example"] if found is not None else ""
    first = text.strip().splitlines()[0] if text.strip() else ""
    name = str(error.get("ename", "error"))
    return (first if timeouts else f"{name}: {first}" if first else name), ""


def _cells(path: Path) -> dict[str, dict[str, Any]]:
    """The cells of a notebook by nbgrader's ``grade_id``."""
    import json

    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return {
        cell["metadata"]["nbgrader"]["grade_id"]: cell
        for cell in cells
        if "grade_id" in cell.get("metadata", {}).get("nbgrader", {})
    }


def results(
    course: Path, assignment: str, students: Sequence[str], failed: dict[str, str]
) -> list[Row]:
    """A row per student and graded cell, from nbgrader's gradebook and the autograded
    notebooks; ``failed``: the students nbgrader could not autograde, with the reason."""
    from nbgrader.api import Gradebook  # here: it imports SQLAlchemy

    found: list[Row] = []
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        for submission in gradebook.assignment_submissions(assignment):
            student = submission.student.id
            if student not in students:
                continue
            for notebook in submission.notebooks:
                path = course / "autograded" / student / assignment / f"{notebook.name}.ipynb"
                cells = _cells(path) if path.is_file() else {}
                for grade in notebook.grades:
                    row = Row(student, notebook.name, grade.name, grade.score, grade.max_score)
                    if student in failed or not path.is_file():
                        reason = failed.get(student, "see nbgrader's log")
                        row.score, row.condition = None, f"could not be autograded: {reason}"
                    elif grade.auto_score is None:
                        row.score = grade.manual_score
                        if row.score is None:
                            row.condition = "to grade by hand"
                    elif grade.cell_type == "code" and grade.name in cells:
                        row.condition, row.counterexample = outcome(cells[grade.name])
                    found.append(row)
    return sorted(found, key=lambda row: (row.student, row.notebook))


def summary(rows: Sequence[Row]) -> str:
    """One line: how many students got every point, how many did not, and who could not be
    autograded."""
    students = sorted({row.student for row in rows})
    full = [s for s in students if all(row.passed for row in rows if row.student == s)]
    lost = [
        s
        for s in students
        if any(row.condition.startswith("could not") for row in rows if row.student == s)
    ]
    line = f"{len(students)} students: {len(full)} got every point"
    line += f", {len(students) - len(full) - len(lost)} lost points"
    if lost:
        line += f", {len(lost)} could not be autograded ({', '.join(lost)})"
    return line


def table(rows: Sequence[Row]) -> Table:
    """The rows as a table for the terminal."""
    shown = Table(["student", "notebook", "cell", "points", "condition", "counterexample"])
    for row in rows:
        points = "-" if row.score is None else fmt(row.score)
        shown.add(
            row.student,
            row.notebook,
            row.cell,
            f"{points} / {fmt(row.max_score)}",
            row.condition,
            row.counterexample,
        )
    return shown


def write_csv(rows: Sequence[Row], path: Path) -> None:
    """The rows as CSV with the columns ``COLUMNS`` (``passed`` as ``true`` or ``false``, an empty
    score where there is none)."""
    with path.open("w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(COLUMNS)
        for row in rows:
            writer.writerow(
                [
                    row.student,
                    row.notebook,
                    row.cell,
                    "" if row.score is None else row.score,
                    row.max_score,
                    "true" if row.passed else "false",
                    row.condition,
                    row.counterexample,
                ]
            )
