"""``python -m gamesolver grade ASSIGNMENT``: a class autograded by nbgrader, with what the
course's checks found, per student and graded cell, as a table and a CSV.

nbgrader grades (with ``course/nbgrader_config.py`` and ``gamesolver.tools.autograde``); this
front end checks the course first, keeps a copy of the gradebook (``BACKUP``), and reads back
what the gradebook does not keep: each graded cell's broken condition and counterexample, or
what stopped it. Every folder of ``submitted/`` is a row, or a line that says why it was not
graded; written answers wait for grading by hand (the Formgrader), they are not points lost.
"""

from __future__ import annotations

import contextlib
import csv
import fnmatch
import os
import re
import shutil
import sqlite3
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from gamesolver.errors import GameSolverError
from gamesolver.notebook import nbgrader_marks, notebook_cells
from gamesolver.table import Table, fmt
from gamesolver.tools.course import with_python_first

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

BACKUP = "gradebook.db.before-grade"
"""The copy of the gradebook made before each grading, beside it in the course directory."""

GLOB = re.compile(r"[][*?]")
"""Characters nbgrader reads as a pattern in a student's folder name: it cannot find the
notebooks of such a folder."""

_FAILS = re.compile(r"fails the specification of \S+ \((?P<condition>[^)]*)\)")
_FOUND = re.compile(r"The smallest counterexample found: (?P<example>.*)\.$", re.MULTILINE)
_FAILED = re.compile(r"There was an error processing assignment: (?P<path>\S+)")
_ERROR = re.compile(r"\[AutogradeApp \| ERROR\] (?P<message>[^\n]*)")
_NOT_TO_SAY = ("Traceback", "There was an error", "Please see", "Removing failed")


class GradeError(GameSolverError):
    """A course, assignment, gradebook or CSV file that cannot be graded or written: one
    line."""


@dataclass
class CellGrade:
    """One graded cell of one student's submission: a row of the table and of the CSV."""

    student: str
    notebook: str
    cell: str
    """The cell's ``grade_id``."""
    score: float | None
    """``None``: no points yet (a written answer to grade by hand, or a notebook nbgrader could
    not autograde)."""
    max_score: float
    condition: str = ""
    """What the check found broken, or what stopped the cell (empty on a pass)."""
    counterexample: str = ""
    by_hand: bool = False
    """A written answer (or a task): graded by hand, never by nbgrader."""

    @property
    def passed(self) -> bool:
        """True iff the cell got every point."""
        return self.score is not None and self.score >= self.max_score

    @property
    def waiting(self) -> bool:
        """True iff the cell waits for grading by hand."""
        return self.by_hand and self.score is None


@dataclass
class Grading:
    """What one grading of a class found."""

    rows: list[CellGrade]
    not_graded: dict[str, str] = field(default_factory=dict)
    """The students (folders of ``submitted/``) not graded, each with why."""


# -- before grading: the course, the gradebook, the folders ----------------------------------------


def check_course(course: Path, assignment: str) -> None:
    """``GradeError`` (one line) unless ``course`` is a course directory whose gradebook is
    readable and knows ``assignment``, with its source."""
    if not (course / "nbgrader_config.py").is_file():
        raise GradeError(
            f"{course} is not the course directory: no nbgrader_config.py in it "
            "(make release builds course/)"
        )
    known = sorted(path.name for path in (course / "source").glob("*") if path.is_dir())
    if assignment not in known:
        listed = ", ".join(known) if known else "none: run make release"
        raise GradeError(f"no assignment {assignment!r} in {course / 'source'} ({listed})")
    gradebook = course / "gradebook.db"
    if not gradebook.is_file():
        raise GradeError(
            f"no gradebook at {gradebook}: make release (nbgrader generate_assignment) makes one"
            + (
                f"; {course / BACKUP} is the copy made before the last grading"
                if (course / BACKUP).is_file()
                else ""
            )
        )
    try:
        with contextlib.closing(sqlite3.connect(f"file:{gradebook}?mode=ro", uri=True)) as db:
            names = {name for (name,) in db.execute("SELECT name FROM assignment")}
    except sqlite3.Error as error:
        raise GradeError(
            f"{gradebook} is not a gradebook nbgrader can read ({error}): put back the copy "
            f"made before the last grading, {course / BACKUP}, if there is one"
        ) from None
    if assignment not in names:
        raise GradeError(
            f"the gradebook {gradebook} knows no assignment {assignment!r}: make release "
            "(nbgrader generate_assignment) enters it"
        )


def folders(course: Path, assignment: str, student: str = "*") -> tuple[list[str], dict[str, str]]:
    """The students (folders of ``course/submitted/`` matching the glob ``student``) whose
    submission of ``assignment`` nbgrader can grade, and the others, each with why not.
    ``GradeError`` if none can be graded."""
    graded: list[str] = []
    not_graded: dict[str, str] = {}
    submitted = course / "submitted"
    found = sorted(p for p in submitted.glob("*") if p.is_dir()) if submitted.is_dir() else []
    for folder in found:
        name = folder.name
        if not fnmatch.fnmatchcase(name, student) and name != student:
            continue
        handed = folder / assignment
        notebooks = sorted(handed.glob("*.ipynb")) if handed.is_dir() else []
        deeper = sorted(handed.glob("*/**/*.ipynb")) if handed.is_dir() else []
        if not handed.is_dir():
            not_graded[name] = f"nothing handed in: no folder submitted/{name}/{assignment}/"
        elif GLOB.search(name):
            not_graded[name] = (
                f"nbgrader cannot grade a folder whose name has [ ] * or ?: rename "
                f"submitted/{name}/ (e.g. {GLOB.sub('_', name)}) and grade again"
            )
        elif not notebooks and deeper:
            inner = deeper[0].parent.relative_to(handed)
            not_graded[name] = (
                f"the notebooks are in submitted/{name}/{assignment}/{inner}/: move them up "
                f"into submitted/{name}/{assignment}/ and grade again"
            )
        elif not notebooks:
            not_graded[name] = f"no notebook in submitted/{name}/{assignment}/"
        else:
            graded.append(name)
    if not graded:
        said = "; ".join(f"{name}: {why}" for name, why in not_graded.items())
        raise GradeError(
            f"no submissions of {assignment} to grade in {submitted}"
            + ("" if student == "*" else f" by {student!r}")
            + (
                f" ({said})"
                if said
                else f" (a student's folder goes in submitted/<student>/{assignment}/)"
            )
        )
    return graded, not_graded


def csv_target(text: str, course: Path) -> Path:
    """The path to write the CSV to, checked before grading: not a folder, not a notebook or the
    gradebook, not in the folders nbgrader reads, in a folder that can be written."""
    path = Path(text)
    if path.is_dir():
        raise GradeError(f"--csv {text}: a folder, not a file")
    if path.suffix in (".ipynb", ".db") or path.name == BACKUP:
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


def machine_mb() -> int:
    """The machine's memory in MB: a kernel's limit beyond it limits nothing."""
    return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") // 2**20


# -- grading ---------------------------------------------------------------------------------------


def autograde(course: Path, assignment: str, options: Sequence[str]) -> dict[str, str]:
    """Run ``nbgrader autograde`` on ``assignment`` (every submission again, ``--force``) with
    ``options`` (``grade_class``'s). The gradebook is copied first (``BACKUP``) and put back if
    nbgrader fails as a whole. The students whose submission nbgrader could not autograde, each
    with nbgrader's reason."""
    from gamesolver.tools.course import nbgrader  # looked up at each call: the tests replace it

    arguments = ["autograde", assignment, "--force", *options]
    gradebook = course / "gradebook.db"
    shutil.copy2(gradebook, course / BACKUP)
    try:
        done = nbgrader(arguments, course)
    except BaseException:
        shutil.copy2(course / BACKUP, gradebook)
        raise
    log = done.stdout + done.stderr
    failed = failures(log)
    problem = None
    if "Exception while loading config file" in log:
        problem = f"nbgrader could not read {course / 'nbgrader_config.py'}:\n{log}"
    elif done.returncode != 0 and not failed:
        errors = [m["message"] for m in _ERROR.finditer(log)]
        problem = f"nbgrader autograde failed: {errors[-1] if errors else log.strip()}"
    if problem is not None:
        shutil.copy2(course / BACKUP, gradebook)
        raise GradeError(f"{problem} (the gradebook is as it was before)")
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
        elif not error["message"].startswith(_NOT_TO_SAY):
            reason = error["message"].rstrip(".")
    return failed


# -- after grading: what the gradebook and the autograded notebooks say ----------------------------


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


def _by_grade_id(path: Path) -> dict[str, dict[str, Any]]:
    """The cells of the notebook at ``path`` by nbgrader's ``grade_id`` (none if it is not
    there)."""
    cells = notebook_cells(path) if path.is_file() else []
    return {
        nbgrader_marks(cell)["grade_id"]: cell
        for cell in cells
        if "grade_id" in nbgrader_marks(cell)
    }


@contextlib.contextmanager
def open_gradebook(course: Path) -> Iterator[Any]:
    """nbgrader's gradebook of ``course`` (nbgrader starts ``alembic`` by name: this Python's
    ``bin`` goes first on the ``PATH`` meanwhile)."""
    from nbgrader.api import Gradebook  # here: it imports SQLAlchemy

    path = os.environ.get("PATH", "")
    os.environ["PATH"] = with_python_first(path)
    try:
        with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
            yield gradebook
    finally:
        os.environ["PATH"] = path


def _not_handed_in(course: Path, student: str, assignment: str, notebook: str) -> str:
    handed = course / "submitted" / student / assignment
    others = sorted(p.name for p in handed.glob("*.ipynb"))
    with open_gradebook(course) as book:
        known = {n.name + ".ipynb" for n in book.find_assignment(assignment).notebooks}
    strays = [name for name in others if name not in known]
    said = f"{notebook}.ipynb was not handed in"
    if strays:
        said += f" (there is {', '.join(strays)}: rename it {notebook}.ipynb and grade again)"
    return said


def results(
    course: Path, assignment: str, students: Sequence[str], failed: dict[str, str]
) -> list[CellGrade]:
    """A row per student and graded cell, from nbgrader's gradebook and the autograded
    notebooks; ``failed``: the students nbgrader could not autograde, with the reason."""
    found: list[CellGrade] = []
    with open_gradebook(course) as book:
        for submission in book.assignment_submissions(assignment):
            student = submission.student.id
            for notebook in submission.notebooks if student in students else []:
                found += _notebook_grades(course, assignment, student, notebook, failed)
    return sorted(found, key=lambda row: (row.student, row.notebook))


def _notebook_grades(
    course: Path, assignment: str, student: str, notebook: Any, failed: dict[str, str]
) -> list[CellGrade]:
    """The rows of one student's notebook (nbgrader's ``SubmittedNotebook``): its grades, each
    with what stopped it, what the check found, or why it has no points yet."""
    path = course / "autograded" / student / assignment / f"{notebook.name}.ipynb"
    handed = (course / "submitted" / student / assignment / f"{notebook.name}.ipynb").is_file()
    cells = _by_grade_id(path)
    found = []
    for grade in notebook.grades:
        by_hand = grade.cell_type != "code"  # a written answer, or a task
        row = CellGrade(
            student,
            notebook.name,
            grade.name,
            grade.score,
            grade.max_score,
            by_hand=by_hand and handed and student not in failed,
        )
        if not handed:
            row.condition = _not_handed_in(course, student, assignment, notebook.name)
        elif student in failed or not path.is_file():
            reason = failed.get(student, "see nbgrader's log")
            row.score, row.condition = None, f"could not be autograded: {reason}"
        elif row.by_hand and grade.manual_score is None and grade.auto_score is None:
            row.score, row.condition = None, "to grade by hand"  # (nbgrader's score reads 0)
        elif row.by_hand and grade.manual_score is None:
            row.condition = "left as released (nbgrader gives it 0)"
        elif grade.name in cells:
            row.condition, row.counterexample = outcome(cells[grade.name])
        found.append(row)
    return found


def grade_class(
    course: Path,
    assignment: str,
    student: str = "*",
    time_limit: int | None = None,
    memory_mb: int | None = None,
    sandbox: bool = True,
) -> Grading:
    """Check the course, autograde the submissions with nbgrader (a cell's time limit, the
    kernel's memory and the sandbox as given, else as the course's configuration says), read
    back the grades."""
    from gamesolver.tools.autograde import sandbox_problem

    check_course(course, assignment)
    students, not_graded = folders(course, assignment, student)
    if sandbox and (problem := sandbox_problem()) is not None:
        raise GradeError(
            f"grading runs each submission in a sandbox, and {problem} (Debian and Ubuntu: "
            "apt install bubblewrap); to grade work you trust without it: --no-sandbox"
        )
    options = [f"--student={student}"]
    if time_limit is not None:
        options.append(f"--Execute.timeout={time_limit}")
    if memory_mb is not None:
        options.append(f"--CourseKernelManager.memory_mb={memory_mb}")
    if not sandbox:
        options.append("--CourseKernelManager.sandbox=False")
    failed = autograde(course, assignment, options)
    return Grading(results(course, assignment, students, failed), not_graded)


def summary(rows: Sequence[CellGrade], not_graded: dict[str, str] | None = None) -> str:
    """A line: how many students got every point graded so far, how many lost points, who could
    not be autograded; then how many written answers wait for grading by hand, and a line per
    folder not graded."""
    students = sorted({row.student for row in rows})
    lost = [
        s
        for s in students
        if any(row.condition.startswith("could not") for row in rows if row.student == s)
    ]
    full = [
        s
        for s in students
        if s not in lost and all(row.passed or row.waiting for row in rows if row.student == s)
    ]
    line = (
        f"{len(students)} student{'' if len(students) == 1 else 's'}: {len(full)} got every point"
    )
    waiting = [row for row in rows if row.waiting]
    if waiting:
        line += " so far"
    line += f", {len(students) - len(full) - len(lost)} lost points"
    if lost:
        line += f", {len(lost)} could not be autograded ({', '.join(lost)})"
    lines = [line]
    if waiting:
        points = fmt(sum(row.max_score for row in waiting))
        one = len(waiting) == 1
        lines.append(
            f"{len(waiting)} written answer{'' if one else 's'} ({points} points) "
            f"wait{'s' if one else ''} for grading by hand (nbgrader's Formgrader)"
        )
    for name, why in (not_graded or {}).items():
        lines.append(f"not graded: {name}: {why}")
    return "\n".join(lines)


def table(rows: Sequence[CellGrade]) -> Table:
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


def write_csv(rows: Sequence[CellGrade], path: Path) -> None:
    """The rows as CSV with the columns ``COLUMNS`` (``passed`` as ``true`` or ``false``, an empty
    score where there is none)."""
    with path.open("w", newline="", encoding="utf-8") as file:
        writer = csv.DictWriter(file, COLUMNS, extrasaction="ignore")  # (not by_hand)
        writer.writeheader()
        for row in rows:
            score = "" if row.score is None else row.score
            writer.writerow({**asdict(row), "score": score, "passed": str(row.passed).lower()})
