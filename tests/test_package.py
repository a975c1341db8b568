"""The package describes itself: its docstring names every module at the top level and every
group, each group's docstring names its modules, and the design guide's package table
(docs/design.md) lists them all (a newcomer finds a concept's module in one look)."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import gamesolver

PACKAGE = Path(gamesolver.__file__).resolve().parent
GROUPS = ("widgets", "feedback", "connect_four", "tic_tac_toe", "tools")


def modules(folder: Path) -> set[str]:
    return {p.stem for p in folder.glob("*.py") if p.stem not in ("__init__", "__main__")}


def test_the_package_docstring_describes_the_package() -> None:
    """It described four of its concerns (the Game type, statistics, tables, loading a notebook)
    of 28 modules."""
    doc = gamesolver.__doc__ or ""
    named = set(re.findall(r"``(\w+)``", doc))
    assert modules(PACKAGE) <= named, modules(PACKAGE) - named
    for group in GROUPS:
        assert f"``gamesolver.{group}``" in doc
        inner = importlib.import_module(f"gamesolver.{group}").__doc__ or ""
        listed = set(re.findall(r"``(\w+)``", inner))
        assert modules(PACKAGE / group) <= listed, (group, modules(PACKAGE / group) - listed)


def test_the_design_guide_lists_every_module_in_the_package_table() -> None:
    guide = (PACKAGE.parent / "docs" / "design.md").read_text(encoding="utf-8")
    table = guide.split("## The package", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in table.splitlines() if line.startswith("| `")]
    listed = {name for row in rows for name in re.findall(r"`([\w/]+)\.py`", row.split("|")[1])}
    paths = {f"{m}" for m in modules(PACKAGE)} | {
        f"{group}/{m}" for group in GROUPS for m in modules(PACKAGE / group)
    }
    assert paths <= listed, paths - listed


def test_what_a_lecture_needs_is_one_import_away() -> None:
    names = {"Game", "Value", "Stats", "LimitedStats", "LimitReached", "OutOfTime", "measure"}
    names |= {"Table", "load_notebook", "load_style", "data_path"}
    assert names <= set(gamesolver.__all__)
    assert all(hasattr(gamesolver, name) for name in gamesolver.__all__)


def test_the_course_tools_refuse_with_the_packages_own_errors() -> None:
    """What the lecture's helpers and the lecturer's tools raise on purpose derives from
    ``GameSolverError`` (issue 34: 23 exception classes had no common base), so that a caller
    tells the package's refusals from a bug or a student's exception."""
    from gamesolver.errors import GameSolverError
    from gamesolver.notebook import NotebookError
    from gamesolver.tools.autograde import SandboxError
    from gamesolver.tools.course import CourseError
    from gamesolver.tools.grade import GradeError
    from gamesolver.tools.pages import PageError
    from gamesolver.trees import TreeError

    for error in (NotebookError, SandboxError, CourseError, GradeError, PageError, TreeError):
        assert issubclass(error, GameSolverError), error
    assert issubclass(TreeError, ValueError)  # (a bad tree is still a bad value, as it was)


def test_no_function_is_over_60_lines_but_a_marked_hot_loop() -> None:
    """Issue 34: a function of the package reads on one screen, unless it is a search kept long
    for speed and marked ``# hot loop`` on the line above it (or above its decorators)."""
    import ast

    long = []
    for path in sorted(PACKAGE.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
                too_long = node.end_lineno is not None and node.end_lineno - node.lineno >= 60
                if too_long and "# hot loop" not in lines[first - 2]:
                    long.append(f"{path.relative_to(PACKAGE)}:{node.lineno} {node.name}")
    assert long == []
