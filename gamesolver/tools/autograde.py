"""What the course adds to nbgrader's autograding, so that a class grades safely and in seconds.

``course/nbgrader_config.py`` puts ``CourseExecute`` in the place of nbgrader's ``Execute`` in
``nbgrader autograde`` (``autograde_preprocessors()``). It runs a submission as nbgrader does
(a kernel per notebook, each cell within ``Execute.timeout`` seconds, then interrupted, the
error "ran out of time" recorded in the cell and the next cell run), and:

- **runs only notebooks with a graded code cell**: the notebooks an assignment needs (the
  Solver, a game another lecture defines) and notebooks of written answers only are left as
  they are, without outputs (``graded``);
- **skips the demonstrations**: a code cell tagged ``demo`` (a cell that only shows, times,
  plots or plays: the canvas widgets, long matches) is not run; it keeps its source and gets no
  output. A cell nbgrader grades or that holds a solution always runs, whatever its tags (a
  ``demo`` tag a student adds to a test cell does not skip the test);
- **limits the kernel's memory**: the kernel starts under ``RLIMIT_AS`` =
  ``LimitedKernelManager.memory_mb`` (address space), so an allocation without end fails with a
  ``MemoryError`` in the student's cell, which fails that notebook's tests and leaves the
  machine and the other submissions alone. A kernel that dies (a crash, ``os._exit``) ends
  that notebook's autograding only: nbgrader reports it and goes on with the next.

The limits protect the grading from a student's mistake, not from malice: the code runs as the
lecturer's user (on a hub, grade in the instructor's container or an account of its own).
"""

from __future__ import annotations

import sys
from typing import Any

from jupyter_client.manager import AsyncKernelManager
from nbgrader.converters import Autograde
from nbgrader.preprocessors import Execute
from traitlets import Integer, default

from gamesolver.notebook import DEMO_TAG

LAUNCHER = (
    "import os, resource, sys; limit = int(sys.argv[1]); "
    "resource.setrlimit(resource.RLIMIT_AS, (limit, limit)); os.execvp(sys.argv[2], sys.argv[2:])"
)
"""``python -c LAUNCHER BYTES KERNEL_COMMAND...``: the kernel's command under the memory limit
(a process's limits survive ``exec``); no import of the package, so it starts at once."""


def skipped(cell: Any) -> bool:
    """True iff autograding leaves ``cell`` out: a code cell tagged ``demo`` that nbgrader
    neither grades nor takes a solution from."""
    if cell.get("cell_type") != "code":
        return False
    metadata = cell.get("metadata", {})
    marks = metadata.get("nbgrader", {})
    graded = marks.get("grade", False) or marks.get("solution", False) or marks.get("task", False)
    return DEMO_TAG in metadata.get("tags", []) and not graded


def graded(notebook: Any) -> bool:
    """True iff ``notebook`` has a code cell that nbgrader grades: a notebook without one (a
    notebook the assignment needs, Solver.ipynb; or one with written answers only) has nothing
    for autograding to run, and is not run."""
    return any(
        cell.get("cell_type") == "code"
        and cell.get("metadata", {}).get("nbgrader", {}).get("grade")
        for cell in notebook.get("cells", [])
    )


def limited_command(command: list[str], memory_mb: int) -> list[str]:
    """``command`` (a kernel's) started under an address space of ``memory_mb`` MB."""
    return [sys.executable, "-c", LAUNCHER, str(memory_mb * 2**20), *command]


class LimitedKernelManager(AsyncKernelManager):
    """A kernel manager whose kernels start under a memory limit (``memory_mb``)."""

    memory_mb = Integer(
        2048,
        help="The address space of a kernel, in MB (RLIMIT_AS): an allocation beyond it raises "
        "MemoryError in the student's code.",
    ).tag(config=True)

    def format_kernel_cmd(self, extra_arguments: list[str] | None = None) -> list[str]:
        """The kernelspec's command, under the memory limit."""
        return limited_command(super().format_kernel_cmd(extra_arguments), self.memory_mb)


class CourseExecute(Execute):  # type: ignore[misc]  # nbgrader has no type hints
    """nbgrader's ``Execute`` without the ``demo`` cells, in a kernel under a memory limit."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("kernel_manager_class", LimitedKernelManager)
        super().__init__(**kwargs)

    @default("error_on_timeout")
    def _error_on_timeout_default(self) -> dict[str, Any]:
        said = f"ran out of time ({self.timeout} s for a cell)"
        return {"ename": "TimeoutError", "evalue": said, "traceback": [f"TimeoutError: {said}"]}

    def preprocess(self, nb: Any, resources: Any = None, km: Any = None) -> tuple[Any, Any]:
        """Run the notebook, unless nothing in it is graded by code (``graded``)."""
        if not graded(nb):
            return nb, resources
        executed: tuple[Any, Any] = super().preprocess(nb, resources, km)
        return executed

    def preprocess_cell(self, cell: Any, resources: Any, index: int) -> tuple[Any, Any]:
        """Run the cell, unless it is a demonstration (``skipped``)."""
        if skipped(cell):
            return cell, resources
        executed: tuple[Any, Any] = super().preprocess_cell(cell, resources, index)
        return executed


def autograde_preprocessors() -> list[type]:
    """nbgrader's autograde preprocessors, with ``CourseExecute`` for ``Execute``."""
    default = Autograde.class_traits()["autograde_preprocessors"].default()
    return [CourseExecute if step is Execute else step for step in default]
