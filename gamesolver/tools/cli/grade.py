"""``gamesolver grade``: an assignment autograded with nbgrader, with the checks' findings."""

from __future__ import annotations

import argparse
from pathlib import Path

from gamesolver.resources import REPOSITORY
from gamesolver.tools.cli.arguments import whole_type
from gamesolver.tools.cli.common import UsageError, out
from gamesolver.tools.grade import LEAST_MEMORY_MB, machine_mb


def cmd_grade(args: argparse.Namespace) -> int:
    """Autograde an assignment with nbgrader (``gamesolver.tools.grade``); print a row per student
    and graded cell, with what the course's check found, and a summary."""
    from gamesolver.tools.grade import (  # here: the other commands do not need nbgrader
        GradeError,
        csv_target,
        grade_class,
        summary,
        table,
        write_csv,
    )

    course = Path(args.course)
    try:
        target = csv_target(args.csv, course) if args.csv else None
        graded = grade_class(
            course,
            args.assignment,
            args.student,
            args.time_limit,
            args.memory_limit,
            sandbox=not args.no_sandbox,
        )
    except GradeError as error:
        raise UsageError(str(error)) from None
    out(repr(table(graded.rows)))
    out(summary(graded.rows, graded.not_graded))
    if target is not None:
        write_csv(graded.rows, target)
    return 0


def add(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the command to the parser's ``commands``."""
    grade = commands.add_parser(
        "grade",
        help="autograde an assignment of the course with nbgrader, with the checks' findings",
        description="Run nbgrader's autograde on ASSIGNMENT in the course directory (every "
        "submission in submitted/<student>/ASSIGNMENT/, within the course's limits: a time "
        "per cell, a kernel's memory) and print a row per student and graded cell: the points, "
        "and what the course's check found (the condition broken and the smallest "
        "counterexample, or what stopped the cell). The feedback: nbgrader generate_feedback.",
        epilog="Each submission runs in a sandbox (bubblewrap): it cannot read the solutions "
        "or the gradebook, write anything of the course's or reach the network; its limits keep "
        "a loop or a huge list from stopping or slowing the others. The gradebook is copied to "
        "gradebook.db.before-grade first.",
    )
    grade.add_argument(
        "assignment", metavar="ASSIGNMENT", help="e.g. class2-alpha-beta-and-its-windows"
    )
    grade.add_argument(
        "--course",
        default=str(REPOSITORY / "course"),
        metavar="DIR",
        help="the nbgrader course directory (default: this repository's course/)",
    )
    grade.add_argument(
        "--student", default="*", metavar="ID", help="only this student (a glob; default: all)"
    )
    grade.add_argument(
        "--time-limit",
        type=lambda text: whole_type(text, 1, "--time-limit", 86_400, "seconds (a day)"),
        metavar="SECONDS",
        help="seconds a cell may run (default: the course's, 60)",
    )
    grade.add_argument(
        "--memory-limit",
        type=lambda text: whole_type(
            text, LEAST_MEMORY_MB, "--memory-limit", machine_mb(), "MB (this machine's memory)"
        ),
        metavar="MB",
        help="a kernel's address space in MB, at least 1024 (default: the course's, 2048)",
    )
    grade.add_argument(
        "--no-sandbox",
        action="store_true",
        help="run the submissions without bubblewrap's sandbox (only for work you trust: "
        "the code can then read and write what you can)",
    )
    grade.add_argument("--csv", metavar="FILE", help="also write the rows as CSV")
    grade.set_defaults(run=cmd_grade)
