"""The course for a lecturer: the syllabus as nbgrader assignments, the students' copies without
solutions (``make release``), and a class autograded safely by nbgrader with the course's checks.

The tests marked ``nbgrader`` run nbgrader itself, as a lecturer does, in a course directory of
their own with the committed ``course/nbgrader_config.py``: the whole course released once, then
submissions made from the released alpha-beta exercise (Game-Trees.ipynb), autograded.
"""

from __future__ import annotations

import contextlib
import csv
import html
import io
import json
import re
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

import gamesolver.resources
from gamesolver.tools import course
from gamesolver.tools.autograde import CourseExecute, autograde_preprocessors, graded, skipped
from gamesolver.tools.cli import main
from gamesolver.tools.course import CourseError, assignments, build_source, needs, release, unlisted

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
TREES_CLASS = "class3-alpha-beta-traced-by-hand"
"""The class of Game trees, whose alpha-beta exercises the grading tests submit."""
BEGIN, END = "### BEGIN SOLUTION", "### END SOLUTION"


def write(path: Path, *cells: Any, metadata: dict[str, Any] | None = None) -> Path:
    """A notebook of ``cells`` (a string is a code cell) at ``path``."""
    made = [new_code_cell(cell) if isinstance(cell, str) else cell for cell in cells]
    nbformat.write(new_notebook(cells=made, metadata=metadata or {}), path)
    return path


def exercise(source: str, **marks: Any) -> Any:
    """A code cell with nbgrader's metadata ``marks``."""
    cell = new_code_cell(source)
    cell.metadata["nbgrader"] = {"schema_version": 3, **marks}
    return cell


# -- the syllabus -------------------------------------------------------------------------------


def test_every_notebook_has_its_place_in_the_syllabus() -> None:
    """A new lecture that nobody added to the syllabus (Index.ipynb) is named here, and every
    notebook the syllabus names exists."""
    assert unlisted() == []
    names = [a.name for a in assignments(solutions=True)]
    assert len(names) == len(set(names))
    assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", name) for name in names)


def test_a_solution_notebook_is_released_only_when_asked() -> None:
    plain = {a.name: a.notebooks for a in assignments()}
    asked = {a.name: a.notebooks for a in assignments(solutions=True)}
    assert not any("Simplified-Tic-Tac-Toe.ipynb" in notebooks for notebooks in plain.values())
    assert asked["solution-simplified-tic-tac-toe"] == ("Simplified-Tic-Tac-Toe.ipynb",)
    assert set(asked) - set(plain) == {"solution-simplified-tic-tac-toe"}
    assert course.solution_to(NOTEBOOKS / "Simplified-Tic-Tac-Toe.ipynb") == "Tic-Tac-Toe.ipynb"


def test_what_a_notebook_needs_is_found_in_its_code(tmp_path: Path) -> None:
    """``%run`` (its name quoted too, as IPython reads it), a quoted notebook name
    (``load_notebook``), transitively; a name in prose or a notebook that is not there is not a
    need."""
    write(tmp_path / "Lecture.ipynb", "%run Base.ipynb", new_markdown_cell("See Other.ipynb"))
    write(tmp_path / "Base.ipynb", 'game = load_notebook("Game.ipynb")\nx = "Missing.ipynb"')
    write(tmp_path / "Game.ipynb", '%run "My Solver.ipynb"  # the lecture\'s')
    write(tmp_path / "My Solver.ipynb", 'rows = data_path("positions", "a.txt")')
    write(tmp_path / "Other.ipynb", "raise ValueError")
    assert needs(tmp_path, ["Lecture.ipynb"]) == [
        "Lecture.ipynb",
        "Base.ipynb",
        "Game.ipynb",
        "My Solver.ipynb",
    ]


def test_a_course_check_brings_the_notebooks_it_compares_with(tmp_path: Path) -> None:
    """``check_algorithm`` loads the Solver and the course's games: beside a released notebook
    they must be there for a package installed without the repository."""
    from gamesolver.feedback.exercises import COURSE_GAMES

    for name in ["Solver.ipynb", *COURSE_GAMES]:
        write(tmp_path / name, "pass")
    write(tmp_path / "Search-in-Depth.ipynb", "%run Solver.ipynb")
    write(tmp_path / "Lecture.ipynb", "from gamesolver.feedback.exercises import check_algorithm")
    lecture = {"Lecture.ipynb", "Search-in-Depth.ipynb", "Solver.ipynb"}
    assert set(needs(tmp_path, ["Lecture.ipynb"])) == lecture | set(COURSE_GAMES)


def test_a_needed_notebook_comes_without_its_exercises(tmp_path: Path) -> None:
    """Its exercises belong to the class that presents it: here they would add to the points."""
    folder, source = tmp_path / "notebooks", tmp_path / "source"
    folder.mkdir()
    write(
        folder / "Base.ipynb",
        "x = 1",
        exercise(f"def f():\n    {BEGIN}\n    return 2\n    {END}", solution=True, grade=False),
        exercise("assert f() == 2", grade=True, points=1, locked=True, solution=False),
    )
    write(folder / "Lecture.ipynb", "%run Base.ipynb", exercise("assert x == 1", grade=True))
    made = build_source(course.Assignment("a", "A", ("Lecture.ipynb",)), folder, source)
    assert made == ["Assignment.ipynb", "Lecture.ipynb", "Base.ipynb"]
    base = nbformat.read(source / "a" / "Base.ipynb", as_version=4)
    note = "*A support notebook of this assignment: nothing to hand in here.* The notebooks you"
    assert [cell.source[: len(note)] for cell in base.cells] == [note, "x = 1"]  # no title
    lecture = nbformat.read(source / "a" / "Lecture.ipynb", as_version=4)
    assert len(lecture.cells) == 2  # presented: whole


def test_a_release_never_gives_a_solution_away_as_a_needed_notebook(tmp_path: Path) -> None:
    folder = tmp_path / "notebooks"
    folder.mkdir()
    answers = {"gamesolver": {"solution_to": "Lecture.ipynb"}}
    write(folder / "Answer.ipynb", "y = 2", metadata=answers)
    write(folder / "Other.ipynb", 'answer = load_notebook("Answer.ipynb")')
    other = course.Assignment("other", "Other", ("Other.ipynb",))
    with pytest.raises(CourseError, match=r"other needs Answer.ipynb, a solution to Lecture"):
        build_source(other, folder, tmp_path / "source")
    assert build_source(other, folder, tmp_path / "released", solutions=True)


def test_a_class_cannot_present_a_solution(tmp_path: Path) -> None:
    write(tmp_path / "A.ipynb", "x = 1", metadata={"gamesolver": {"solution_to": "B.ipynb"}})
    index = "### Class 1: C\n\n**Present:** [A](A.ipynb).\n"
    write(tmp_path / "Index.ipynb", new_markdown_cell(index))
    with pytest.raises(CourseError, match=r"a class presents A.ipynb, marked as a solution"):
        assignments(tmp_path)


def test_bad_requests_are_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert course.main(["release", "class9-nothing"]) == 2
    assert "error: no assignment class9-nothing: one of class1-games-and-minimax" in (
        capsys.readouterr().err
    )
    with pytest.raises(CourseError, match=r"no nbgrader_config\.py"):
        release(course=tmp_path)


# -- autograding's parts ------------------------------------------------------------------------


def test_autograding_runs_cells_as_nbgrader_does_without_demos() -> None:
    demo = new_code_cell("draw()")
    demo.metadata["tags"] = ["demo"]
    tagged_test = exercise("assert True", grade=True, points=1)
    tagged_test.metadata["tags"] = ["demo"]  # a student's tag cannot skip a test
    assert skipped(demo) and not skipped(tagged_test) and not skipped(new_code_cell("x = 1"))
    assert not graded(new_notebook(cells=[demo, exercise("x", solution=True, grade=False)]))
    assert graded(new_notebook(cells=[tagged_test]))
    from nbgrader.converters import Autograde
    from nbgrader.preprocessors import Execute

    default = Autograde.class_traits()["autograde_preprocessors"].default()
    assert autograde_preprocessors() == [CourseExecute if p is Execute else p for p in default]
    assert CourseExecute(timeout=7).error_on_timeout["evalue"] == "ran out of time (7 s for a cell)"


def test_a_kernels_command_starts_under_the_memory_limit() -> None:
    import subprocess
    import sys

    from gamesolver.tools.autograde import limited_command

    probe = "import resource; print(resource.getrlimit(resource.RLIMIT_AS)[0])"
    command = limited_command(["python3", "-c", probe], 1024)  # found on PATH, as a kernelspec's
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    assert int(done.stdout) == 1024 * 2**20
    assert command[0] == sys.executable


def test_the_sandbox_hides_the_course_and_shows_the_submission(tmp_path: Path) -> None:
    """bubblewrap as autograding starts it: the hidden folder is empty and read-only but for the
    folders shown again (read-only) and the one to write in; ``/tmp`` is its own; the folder
    that holds a hidden one is never shown again (it would show the hidden one too)."""
    import subprocess

    from gamesolver.tools.autograde import sandbox_problem, sandboxed

    assert sandbox_problem() is None  # CI installs bubblewrap (.ci/run)
    course = tmp_path / "course"
    (course / "source").mkdir(parents=True)
    (course / "source" / "solution.txt").write_text("secret")
    (course / "release").mkdir()
    (course / "release" / "Lecture.ipynb").write_text("{}")
    runtime = tmp_path / "runtime"
    runtime.mkdir()
    probe = (
        "import os, sys; print(sorted(os.listdir(sys.argv[1])), sorted(os.listdir(sys.argv[2])));"
        "open(sys.argv[3] + '/socket', 'w').write('ok'); open('/tmp/own', 'w').write('ok');"
        "print([os.access(p, os.W_OK) for p in sys.argv[1:3]])"
    )
    readable = [course / "release", tmp_path]  # tmp_path holds the hidden course: not shown
    command = sandboxed(
        [sys.executable, "-c", probe, str(course), str(course / "release"), str(runtime)],
        hidden=[course],
        readable=[*readable, Path(sys.prefix), Path(sys.base_prefix)],
        writable=[runtime],
        cwd=course / "release",
    )
    done = subprocess.run(command, capture_output=True, text=True, check=False, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["['release'] ['Lecture.ipynb']", "[False, False]"]
    assert (runtime / "socket").read_text() == "ok"
    assert not Path("/tmp/own").exists()


# -- nbgrader itself: the whole course released, a class autograded ------------------------------


@pytest.fixture(scope="module")
def released(course_copy: Path) -> Path:
    """A course directory with the committed configuration, the whole course released in it
    (a copy of the run's one release, ``course_copy`` in conftest.py)."""
    return course_copy


def notebook_cells(path: Path) -> list[dict[str, Any]]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    assert isinstance(cells, list)
    return cells


def text(cell: dict[str, Any]) -> str:
    source = cell["source"]
    return "".join(source) if isinstance(source, list) else str(source)


@pytest.mark.nbgrader
def test_release_gives_every_lecture_without_solutions(released: Path) -> None:
    built = assignments()
    assert sorted(p.name for p in (released / "release").iterdir()) == sorted(a.name for a in built)
    regions = 0
    for assignment in built:
        folder = released / "release" / assignment.name
        assert set(assignment.notebooks) <= {p.name for p in folder.glob("*.ipynb")}
        for path in folder.glob("*.ipynb"):
            source = notebook_cells(released / "source" / assignment.name / path.name)
            cells = notebook_cells(path)
            assert len(cells) == len(source), path
            for mine, theirs in zip(source, cells, strict=True):
                assert "outputs" not in theirs or theirs["outputs"] == [], path
                assert BEGIN not in text(theirs) and END not in text(theirs), path
                marks = mine.get("metadata", {}).get("nbgrader", {})
                if not marks.get("solution"):
                    continue
                if mine["cell_type"] == "markdown":  # a model answer: the whole cell is replaced
                    assert text(theirs) == "YOUR ANSWER HERE", path
                    continue
                between = text(mine).split(BEGIN)[1:]
                hidden = [
                    line.strip() for part in between for line in part.split(END)[0].split("\n")
                ]
                shown = {line.strip() for line in text(theirs).split("\n")}
                assert not {line for line in hidden if line} & shown, path
                regions += 1
    assert regions >= 1  # at least the alpha-beta exercise was checked
    game_trees = released / "release" / TREES_CLASS / "Game-Trees.ipynb"
    assert "raise NotImplementedError()" in "".join(text(c) for c in notebook_cells(game_trees))
    assert not (released / "release" / "class8-a-real-game-chess" / "data").exists()  # packaged


@pytest.mark.nbgrader
def test_every_assignment_opens_with_what_is_graded(released: Path) -> None:
    """Its first page (Assignment.ipynb) lists every graded exercise with its notebook and
    points, as nbgrader counts them from the graded cells; the support notebooks say they are
    and carry no exercise of their own."""
    for assignment in assignments():
        folder = released / "release" / assignment.name
        [page] = notebook_cells(folder / "Assignment.ipynb")
        rows = re.findall(
            r"^\| \[([^\]]+)\]\([^)]+\) \| (Exercise \d+)[^|]* \| [^|]+ \| (\d+) \|$",
            text(page),
            re.M,
        )
        listed: dict[str, float] = {}
        for notebook, _, points in rows:
            listed[notebook] = listed.get(notebook, 0) + float(points)
        graded: dict[str, float] = {}
        for path in (released / "source" / assignment.name).glob("*.ipynb"):
            for cell in notebook_cells(path):
                marks = cell["metadata"].get("nbgrader", {})
                if marks.get("grade"):
                    graded[path.stem] = graded.get(path.stem, 0) + marks["points"]
        assert listed == graded, assignment.name
        total = re.search(r"\*\*in all\*\* \| \*\*(\d+)\*\*", text(page))
        assert (float(total[1]) if total else 0) == sum(graded.values()), assignment.name
        for path in folder.glob("*.ipynb"):
            if path.stem in graded or path.name == "Assignment.ipynb":
                continue
            prose = "".join(text(c) for c in notebook_cells(path) if c["cell_type"] == "markdown")
            assert "A support notebook of this assignment" in prose, path
            assert "## Exercises" not in prose and "### Exercise" not in prose, path


SOLUTION_CELL = "ex3-solution"
"""The alpha-beta exercise's solution cell (``my_alpha_beta``); its graded test is ``ex3-test``."""

HEAD = """def my_alpha_beta(game, state, player, stats, alpha=None, beta=None):
    def value(state, player, alpha, beta):
        stats.calls += 1
        if game.finished(state):
            return game.utility(state, player)
        opponent = game.other(player)
        best = game.worst
"""

TAIL = """
    alpha = game.worst if alpha is None else alpha
    beta = game.best if beta is None else beta
    return value(state, player, alpha, beta)
"""

WRONG = {
    # the child's window swapped but not negated: [beta, alpha], not [-beta, -alpha]
    "window": HEAD
    + """        for ns in game.next_states(state, player):
            best = max(best, -value(ns, opponent, beta, alpha))
            if best >= beta:
                return best
            alpha = max(alpha, best)
        return best
"""
    + TAIL,
    # a memo table kept between searches that stores every answer as the value, bounds too
    "memo": """memo = {}


def my_alpha_beta(game, state, player, stats, alpha=None, beta=None):
    def value(state, player, alpha, beta):
        stats.calls += 1
        if (state, player) in memo:
            return memo[state, player]
        if game.finished(state):
            return game.utility(state, player)
        opponent = game.other(player)
        best = game.worst
        for ns in game.next_states(state, player):
            best = max(best, -value(ns, opponent, -beta, -alpha))
            if best >= beta:
                break
            alpha = max(alpha, best)
        memo[state, player] = best
        return best
"""
    + TAIL,
    # `continue` where `break` was meant: once a move reaches beta, the loop never ends
    "loop": HEAD
    + """        moves = game.next_states(state, player)
        k = 0
        while k < len(moves):
            if best >= beta:
                continue
            best = max(best, -value(moves[k], opponent, -beta, -alpha))
            alpha = max(alpha, best)
            k += 1
        return best
"""
    + TAIL,
    # allocates without end (untouched zero pages: the address space grows, not the memory used)
    "memory": HEAD
    + """        hoard = []
        while True:
            hoard.append(bytes(10**8))
"""
    + TAIL,
}
"""Wrong solutions of the alpha-beta exercise, each a student's whole solution cell."""

TIMEOUT = 15
"""Seconds a cell gets in these tests (the course gives 60): the loop ends at the check's own
limit, 10 s a call, or at this one."""


def submit(
    released: Path, student: str, solutions: dict[str, str] | None, deleted: str = ""
) -> Path:
    """``submitted/<student>/class3.../``: the released folder, the solution cells named by
    their grade ids replaced (the written answer ``ex1-answer`` too), Game-Trees' cell
    ``deleted`` left out. The folder."""
    folder = released / "submitted" / student / TREES_CLASS
    shutil.copytree(released / "release" / TREES_CLASS, folder)
    for path in folder.glob("*.ipynb"):
        notebook = json.loads(path.read_text(encoding="utf-8"))
        cells = {c["metadata"].get("nbgrader", {}).get("grade_id"): c for c in notebook["cells"]}
        for grade_id, solution in (solutions or {}).items():
            if grade_id in cells:
                cells[grade_id]["source"] = solution
        if path.name == "Game-Trees.ipynb":
            notebook["cells"] = [
                c for c in notebook["cells"] if c is not cells.get(deleted or None)
            ]
        path.write_text(json.dumps(notebook, indent=1), encoding="utf-8")
    return folder


HOSTILE = """import os, pathlib

course = pathlib.Path({course!r})
for secret in [course / "source", course / "gradebook.db", course / "submitted",
               course / "autograded" / "blank", {lectures!r}]:
    print(secret, "seen" if pathlib.Path(secret).exists() else "hidden")
for target in [course / "gradebook.db", course / "source" / "x", "Game-Trees.ipynb"]:
    try:
        with open(target, "w") as file:
            file.write("lost")
        print("wrote", target)
    except OSError as error:
        print("cannot write", target, type(error).__name__)
print("x" * 10**6)

"""
"""A submission that tries to read the solutions and to write over the gradebook, the source and
its own notebook, then prints a million characters; after it, the lecture's own solution."""


@pytest.fixture(scope="module")
def autograded(released: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The lecture's solution, a blank copy, the wrong ones and one whose kernel dies, submitted
    and graded with ``python -m gamesolver grade`` (nbgrader's autograde; its table in
    ``grade.txt``, its CSV in ``grades.csv``), then nbgrader's feedback."""
    lecture = {
        c["metadata"]["nbgrader"]["grade_id"]: text(c)
        for c in notebook_cells(released / "source" / TREES_CLASS / "Game-Trees.ipynb")
        if c["cell_type"] == "code" and c["metadata"].get("nbgrader", {}).get("solution")
    }
    assert SOLUTION_CELL in lecture and len(lecture) == 2
    written = {"ex1-answer": "My trace ..."}  # to grade by hand
    submit(released, "solution", {**lecture, **written})
    submit(released, "blank", None)
    for student, solution in WRONG.items():
        submit(released, student, {SOLUTION_CELL: solution})
    died = {"ex2-solution": "import os\n\nos._exit(1)", SOLUTION_CELL: lecture[SOLUTION_CELL]}
    submit(released, "dies", died)
    hostile = HOSTILE.format(course=str(released), lectures=str(NOTEBOOKS)) + lecture[SOLUTION_CELL]
    submit(released, "hostile", {SOLUTION_CELL: hostile})
    submit(released, "deleted", lecture, deleted="ex3-test")
    renamed = submit(released, "renamed", lecture)
    (renamed / "Game-Trees.ipynb").rename(renamed / "Game-Trees (1).ipynb")
    nested = released / "submitted" / "nested" / TREES_CLASS
    shutil.copytree(released / "release" / TREES_CLASS, nested / "inner")
    submit(released, "d1[x]", lecture)
    untouched = {
        path: path.read_bytes()
        for path in [released / "gradebook.db", *(released / "source").rglob("*.ipynb")]
    }
    grades = tmp_path_factory.mktemp("grades") / "grades.csv"
    argv = ["grade", TREES_CLASS, "--course", str(released), "--time-limit", str(TIMEOUT)]
    with contextlib.redirect_stdout(io.StringIO()) as printed:
        assert main([*argv, "--csv", str(grades)]) == 0
    (released / "grade.txt").write_text(printed.getvalue(), encoding="utf-8")
    shutil.copy(grades, released / "grades.csv")
    for path, before in untouched.items():  # nbgrader changes the gradebook; the submissions not
        if path.name != "gradebook.db":
            assert path.read_bytes() == before, path
    assert (released / "gradebook.db.before-grade").read_bytes() == untouched[
        released / "gradebook.db"
    ]
    done = course.nbgrader(["generate_feedback", TREES_CLASS], released)
    assert done.returncode == 0, done.stdout + done.stderr
    yield released


WRITTEN = 3.0
"""The points of the class's written answer (Game-Trees' alpha-beta by hand; graded by hand):
the submissions here leave it as released, so nbgrader gives it 0."""

AUTOGRADED = 4.0
"""The points of the class's autograded cells: Game-Trees' slides' alpha-beta fixed (2) and
``my_alpha_beta`` (2). The lecture's solution fills in both; the wrong ones only the second."""


def grade_rows(course_folder: Path) -> dict[str, dict[str, str]]:
    """The CSV of ``gamesolver grade``, a row per student for the alpha-beta test cell (the one
    autograded cell of the assignment)."""
    with (course_folder / "grades.csv").open(encoding="utf-8") as file:
        rows = [row for row in csv.DictReader(file) if row["cell"] == "ex3-test"]
    assert len(rows) == len({row["student"] for row in rows})
    return {row["student"]: row for row in rows}


def scores(course_folder: Path) -> dict[str, tuple[float, float]]:
    """Each student's (score, max score) for the assignment, from nbgrader's gradebook."""
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{course_folder / 'gradebook.db'}") as gradebook:
        return {
            submission.student.id: (submission.score, submission.max_score)
            for submission in gradebook.assignment_submissions(TREES_CLASS)
        }


def outputs_of_test_cell(course_folder: Path, student: str) -> str:
    """The text of the alpha-beta test cell's outputs in the student's autograded notebook."""
    path = course_folder / "autograded" / student / TREES_CLASS / "Game-Trees.ipynb"
    [cell] = [
        c
        for c in notebook_cells(path)
        if c["metadata"].get("nbgrader", {}).get("grade_id") == "ex3-test"
    ]
    parts = []
    for output in cell["outputs"]:
        if output["output_type"] == "error":
            parts.append(f"{output['ename']}: {output['evalue']}")
        else:
            data = output.get("data", {}).get("text/plain", output.get("text", ""))
            parts.append("".join(data) if isinstance(data, list) else data)
    return "\n".join(parts)


@pytest.mark.nbgrader
def test_the_solution_gets_every_point_and_a_blank_copy_none(autograded: Path) -> None:
    got = scores(autograded)  # every point of the autograded cell; the written answers are blank
    assert got["solution"] == (AUTOGRADED, AUTOGRADED + WRITTEN)  # the written: not graded yet
    assert got["blank"] == (0.0, AUTOGRADED + WRITTEN)
    assert "my_alpha_beta meets the specification of alpha_beta" in outputs_of_test_cell(
        autograded, "solution"
    )
    assert "it raised NotImplementedError" in outputs_of_test_cell(autograded, "blank")
    rows = grade_rows(autograded)
    assert rows["solution"]["passed"] == "true" and rows["solution"]["condition"] == ""
    assert (rows["blank"]["passed"], rows["blank"]["condition"]) == ("false", "runs without error")
    assert rows["blank"]["counterexample"].startswith("the tree 0 with the window")
    printed = (autograded / "grade.txt").read_text(encoding="utf-8").splitlines()
    assert printed[-4:] == [
        "10 students: 1 got every point so far, 9 lost points",  # the others left answers blank
        "1 written answer (3 points) waits for grading by hand (nbgrader's Formgrader)",
        "not graded: d1[x]: nbgrader cannot grade a folder whose name has [ ] * or ?: rename "
        "submitted/d1[x]/ (e.g. d1_x_) and grade again",
        "not graded: nested: the notebooks are in submitted/nested/"
        f"{TREES_CLASS}/inner/: move them up into submitted/nested/{TREES_CLASS}/ and grade again",
    ]


@pytest.mark.nbgrader
@pytest.mark.parametrize("student", ["window", "memo"])
def test_a_wrong_solution_gets_no_point_and_its_counterexample(
    autograded: Path, student: str
) -> None:
    """The feedback shows what the check shows the student in the notebook: the condition and
    the smallest counterexample (the same check, run here, says the same)."""
    from gamesolver.feedback.exercises import check_algorithm

    namespace: dict[str, Any] = {}
    exec(WRONG[student], namespace)
    check = check_algorithm(namespace["my_alpha_beta"], spec="alpha_beta")
    assert not check.passed and check.example is not None
    assert scores(autograded)[student] == (0.0, AUTOGRADED + WRITTEN)
    said = outputs_of_test_cell(autograded, student)
    assert "AssertionError: my_alpha_beta fails the specification of alpha_beta" in said
    assert f"The smallest counterexample found: {check.example.text()}." in said
    feedback = autograded / "feedback" / student / TREES_CLASS / "Game-Trees.html"
    assert html.escape(check.example.text()) in feedback.read_text(encoding="utf-8")
    row = grade_rows(autograded)[student]
    assert (row["score"], row["max_score"], row["passed"]) == ("0.0", "2.0", "false")
    assert row["condition"] == check.condition
    assert row["counterexample"] == check.example.text()


@pytest.mark.nbgrader
def test_a_loop_without_end_runs_out_of_time_and_the_others_are_graded(autograded: Path) -> None:
    assert scores(autograded)["loop"] == (0.0, AUTOGRADED + WRITTEN)
    said = outputs_of_test_cell(autograded, "loop")
    # nbgrader's limit per cell, or the check's own limit per call where it has one
    assert "ran out of time" in said or "did not return within" in said, said
    feedback = autograded / "feedback" / "loop" / TREES_CLASS / "Game-Trees.html"
    shown = feedback.read_text(encoding="utf-8")
    assert "ran out of time" in shown or "did not return within" in shown
    row = grade_rows(autograded)["loop"]
    assert row["passed"] == "false"
    assert row["condition"] in said, row  # "ran out of time (30 s for a cell)", or the check's


@pytest.mark.nbgrader
def test_an_allocation_without_end_fails_within_the_kernels_limit(autograded: Path) -> None:
    assert scores(autograded)["memory"] == (0.0, AUTOGRADED + WRITTEN)
    said = outputs_of_test_cell(autograded, "memory")
    assert "MemoryError" in said or "memory" in said.lower(), said
    assert grade_rows(autograded)["memory"]["passed"] == "false"


@pytest.mark.nbgrader
def test_a_kernel_that_dies_costs_only_the_cell_it_ran(autograded: Path) -> None:
    """``os._exit`` in the first solution: that cell says the kernel stopped, its test fails,
    and in a new kernel (the cells before it run again) the second solution gets its points."""
    path = autograded / "autograded" / "dies" / TREES_CLASS / "Game-Trees.ipynb"
    cells = {c["metadata"].get("nbgrader", {}).get("grade_id"): c for c in notebook_cells(path)}
    [died] = [o for o in cells["ex2-solution"]["outputs"] if o["output_type"] == "error"]
    assert died["ename"] == "KernelDied" and "ran again in a new kernel" in died["evalue"]
    assert scores(autograded)["dies"] == (2.0, AUTOGRADED + WRITTEN)
    assert grade_rows(autograded)["dies"]["passed"] == "true"


@pytest.mark.nbgrader
def test_a_hostile_submission_reads_and_writes_nothing_of_the_course(autograded: Path) -> None:
    """Its kernel sees neither the solutions, the gradebook, the other students nor the
    lectures, and writes nothing (the fixture checks that every file is as it was); what it
    prints is cut at 100,000 characters; its honest answer still gets its points."""
    path = autograded / "autograded" / "hostile" / TREES_CLASS / "Game-Trees.ipynb"
    [cell] = [
        c
        for c in notebook_cells(path)
        if c["metadata"].get("nbgrader", {}).get("grade_id") == SOLUTION_CELL
    ]
    printed = "".join("".join(o.get("text", "")) for o in cell["outputs"])
    assert printed.count("hidden") == 5 and "seen" not in printed
    assert printed.count("cannot write") == 3 and "wrote" not in printed
    assert "[more output than 100,000 characters: the rest is not shown]" in printed
    assert path.stat().st_size < 300_000
    assert grade_rows(autograded)["hostile"]["passed"] == "true"


@pytest.mark.nbgrader
def test_a_deleted_test_is_put_back_and_run(autograded: Path) -> None:
    assert grade_rows(autograded)["deleted"]["passed"] == "true"
    assert scores(autograded)["deleted"] == (AUTOGRADED, AUTOGRADED + WRITTEN)


@pytest.mark.nbgrader
def test_a_renamed_notebook_says_what_to_rename(autograded: Path) -> None:
    row = grade_rows(autograded)["renamed"]
    assert (row["score"], row["passed"]) == ("0.0", "false")
    assert row["condition"] == (
        "Game-Trees.ipynb was not handed in (there is Game-Trees (1).ipynb: rename it "
        "Game-Trees.ipynb and grade again)"
    )


@pytest.mark.nbgrader
def test_under_autograding_only_the_graded_notebook_runs_and_without_demos(
    autograded: Path,
) -> None:
    folder = autograded / "autograded" / "solution" / TREES_CLASS
    for name in ["Solver.ipynb", "Search-in-Depth.ipynb", "Nim.ipynb"]:  # needed, not run
        assert all(not c.get("outputs") for c in notebook_cells(folder / name))
    cells = [c for c in notebook_cells(folder / "Game-Trees.ipynb") if c["cell_type"] == "code"]
    demos = [c for c in cells if "demo" in c["metadata"].get("tags", [])]
    assert demos and all(c["execution_count"] is None and not c["outputs"] for c in demos)
    assert all(c["execution_count"] is not None for c in cells if c not in demos)


@pytest.mark.nbgrader
def test_released_notebooks_need_only_their_folder(
    released: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A package installed without the repository finds the course's check, the Solver and the
    games beside the released notebook."""
    from gamesolver.feedback import exercises
    from gamesolver.notebook import load_notebook

    monkeypatch.setattr(gamesolver.resources, "IN_REPOSITORY", False)
    monkeypatch.chdir(released / "release" / TREES_CLASS)
    exercises.course_solver.cache_clear()
    exercises.course_games.cache_clear()
    try:
        module = load_notebook("Game-Trees.ipynb")  # the blank exercise is not loaded
        assert not hasattr(module, "my_alpha_beta")
        check = exercises.check_algorithm(module.alpha_beta, spec="alpha_beta", examples=5)
        assert check.passed and check.positions > 0
        assert Path(exercises.course_solver().__file__).parent == released / "release" / TREES_CLASS
    finally:
        exercises.course_solver.cache_clear()
        exercises.course_games.cache_clear()


def test_the_syllabus_hands_out_every_exercise_a_class_grades() -> None:
    """Each class's "After class:" names every notebook whose exercises its assignment grades,
    and names no exercise by number (a class that grades exercises 1 to 3 and hands out "1 and
    3" takes points from a student who did what was asked)."""
    from gamesolver.tools import syllabus

    text = "\n".join(
        "".join(cell["source"])
        for cell in notebook_cells(NOTEBOOKS / "Index.ipynb")
        if cell["cell_type"] == "markdown"
    )
    after = dict(re.findall(r"^### Class (\d+):.*?^\*\*After class:\*\*(.*?)$", text, re.M | re.S))
    for meeting, assignment in zip(syllabus.read().classes, course.classes(), strict=True):
        said = after[str(meeting.number)]
        titles = {
            link[1]: link[0].removeprefix("the ")
            for line in text.split(f"### Class {meeting.number}:")[1].split("###")[:1]
            for link in re.findall(r"\[([^\]]+)\]\(([^)]+\.ipynb)\)", line)
        }
        for name in assignment.notebooks:
            graded = [
                c
                for c in notebook_cells(NOTEBOOKS / name)
                if c["metadata"].get("nbgrader", {}).get("grade")
            ]
            if graded and name not in assignment.partly:
                assert titles[name] in said, (meeting.number, name, said)
        assert not re.search(r"exercises? \d", said), said


def test_a_notebook_presented_in_parts_has_its_exercises_in_its_last_class() -> None:
    """Class 1 presents the Solver's sections 1-4, class 2 the rest: the Solver's exercises
    (after its last section) are class 2's, not graded twice. Search-in-Depth likewise: class 5
    presents sections 1-2, class 6 the rest and the exercises."""
    by_name = {a.name.split("-")[0]: a for a in course.classes()}
    assert by_name["class1"].partly == ("Solver.ipynb",)
    assert by_name["class2"].partly == ()
    assert by_name["class5"].partly == ("Search-in-Depth.ipynb",)
    assert by_name["class6"].partly == ()


def test_a_notebook_presented_in_part_is_released_without_its_exercises(tmp_path: Path) -> None:
    folder = tmp_path / "notebooks"
    folder.mkdir()
    write(
        folder / "Index.ipynb",
        new_markdown_cell("### Class 1: A\n\n**Present:** [L](L.ipynb), sections 1–1."),
    )
    write(
        folder / "L.ipynb",
        new_markdown_cell("## 1. One"),
        new_markdown_cell("## 2. Two"),
        exercise(f"{BEGIN}\nx = 1\n{END}", solution=True, grade=False, grade_id="ex1"),
    )
    (first,) = course.classes(folder)
    assert first.partly == ("L.ipynb",)
    build_source(first, folder, tmp_path / "source")
    released = nbformat.read(tmp_path / "source" / first.name / "L.ipynb", as_version=4)
    assert [c.cell_type for c in released.cells] == ["markdown", "markdown", "markdown"]
    assert released.cells[0].source.startswith("*A support notebook of this assignment")


def test_a_notebook_a_class_presents_in_two_parts_has_its_exercises_there(tmp_path: Path) -> None:
    """A class may present a notebook's first sections, another notebook, then the rest of the
    first (Nim, the Solver, Nim again): the first notebook's exercises are that class's."""
    folder = tmp_path / "notebooks"
    folder.mkdir()
    present = "[L](L.ipynb), sections 1–1; [M](M.ipynb), sections 1–1; [L](L.ipynb), section 2"
    write(folder / "Index.ipynb", new_markdown_cell(f"### Class 1: A\n\n**Present:** {present}."))
    for name in ("L", "M"):
        write(
            folder / f"{name}.ipynb", new_markdown_cell("## 1. One"), new_markdown_cell("## 2. Two")
        )
    (first,) = course.classes(folder)
    assert first.notebooks == ("L.ipynb", "M.ipynb") and first.partly == ("M.ipynb",)


@pytest.mark.nbgrader
def test_a_release_that_fails_leaves_the_last_one_as_it_was(tmp_path: Path) -> None:
    """Everything is built beside the last release and takes its place only when all of it is
    built: a lecture nbgrader refuses (two cells with one grade id) ends the release with its
    message, the students' copies and the lecturer's folders untouched."""
    folder, root = tmp_path / "notebooks", tmp_path / "course"
    folder.mkdir()
    root.mkdir()
    shutil.copy(ROOT / "course" / "nbgrader_config.py", root)
    write(folder / "Index.ipynb", new_markdown_cell("### Class 1: A\n\n**Present:** [L](L.ipynb)."))
    test = exercise(
        "assert f() == 2", grade=True, grade_id="ex1-test", points=1, locked=True, solution=False
    )
    answer = exercise(
        f"def f():\n    {BEGIN}\n    return 2\n    {END}",
        solution=True,
        grade=False,
        grade_id="ex1",
        locked=False,
    )
    write(folder / "L.ipynb", answer, test)
    (built,) = release(course=root, folder=folder)
    (root / "submitted" / "anna").mkdir(parents=True)
    released = (root / "release" / built.name / "L.ipynb").read_text(encoding="utf-8")
    twin = exercise(
        "assert f() == 2", grade=True, grade_id="ex1-test", points=1, locked=True, solution=False
    )
    write(folder / "L.ipynb", answer, test, twin)  # the same grade id twice
    with pytest.raises(CourseError, match="nbgrader generate_assignment"):
        release(course=root, folder=folder)
    assert (root / "release" / built.name / "L.ipynb").read_text(encoding="utf-8") == released
    assert (root / "source" / built.name / "L.ipynb").is_file()
    assert (root / "submitted" / "anna").is_dir()
    assert not (root / ".building").exists()


@pytest.mark.nbgrader
def test_feedback_reads_whole_offline_and_says_what_waits(autograded: Path) -> None:
    """nbgrader's feedback, with the course's finish: a page only for a notebook with graded
    cells, formulas as MathML and no MathJax from a CDN, long lines wrapped, and the points of
    written answers not graded yet said."""
    folder = autograded / "feedback" / "solution" / TREES_CLASS
    assert sorted(path.name for path in folder.glob("*.html")) == ["Game-Trees.html"]
    page = (folder / "Game-Trees.html").read_text(encoding="utf-8")
    assert "mathjax" not in page.lower() and "cdnjs" not in page
    assert "<math" in page and "overflow-wrap: anywhere" in page
    assert "3 points of written answers are not graded yet" in page
    blank = (autograded / "feedback" / "blank" / TREES_CLASS / "Game-Trees.html").read_text("utf-8")
    assert "not graded yet" not in blank  # left as released: nbgrader gave them 0


def test_formulas_become_mathml_outside_code() -> None:
    from gamesolver.tools.feedback import mathml

    text = "The window $[\\alpha,\n\\beta]$ costs `$5` and\n\n$$v = \\max_j w_j$$\n\n```\n$x$\n```"
    made = mathml(text)  # a formula may wrap over two lines of its paragraph
    assert made.count("<math") == 2 and 'display="block"' in made
    assert "`$5`" in made and "```\n$x$\n```" in made
