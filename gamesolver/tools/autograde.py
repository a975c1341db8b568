"""What the course adds to nbgrader's autograding, so that a class is graded right and safely.

``course/nbgrader_config.py`` puts ``CourseExecute`` in the place of nbgrader's ``Execute``
(``autograde_preprocessors``) and ``RestoreTests`` before ``OverwriteCells``
(``sanitize_preprocessors``). A graded notebook runs where the lecture runs it, beside the other
notebooks of its assignment (``stage``), without its ``demo`` cells, in a bubblewrap sandbox
under a memory limit (``CourseKernelManager``: no course directory, no network), its output
bounded, a kernel's end costing one cell. A student's code still runs in the same kernel as
that notebook's tests, so it can fool its own tests (nbgrader's model), but no one else's.
"""

from __future__ import annotations

import copy
import json
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import nbformat
from jupyter_client.manager import AsyncKernelManager
from nbclient.exceptions import DeadKernelError
from nbclient.util import run_sync
from nbformat import from_dict
from nbgrader.converters import Autograde
from nbgrader.coursedir import CourseDirectory
from nbgrader.preprocessors import Execute, NbGraderPreprocessor, OverwriteCells
from traitlets import Bool, Integer, default

from gamesolver.errors import GameSolverError
from gamesolver.notebook import DEMO_TAG, is_exercise, nbgrader_marks, notebook_cells
from gamesolver.resources import NOTEBOOKS_VARIABLE, PACKAGE, REPOSITORY, STYLE

LAUNCHER = (
    "import os, resource, sys; limit = int(sys.argv[1]); "
    "resource.setrlimit(resource.RLIMIT_AS, (limit, limit)); os.execvp(sys.argv[2], sys.argv[2:])"
)
"""``python -c LAUNCHER BYTES KERNEL_COMMAND...``: the kernel under the memory limit (limits
survive ``exec``)."""

TMP_MB = 256
"""The size of the kernel's private ``/tmp`` (in memory), in MB."""


class SandboxError(GameSolverError):
    """The sandbox cannot run here: one line that says why and what to do."""


def skipped(cell: Any) -> bool:
    """True iff autograding leaves ``cell`` out: a code cell tagged ``demo`` that nbgrader
    neither grades nor takes a solution from."""
    if cell.get("cell_type") != "code":
        return False
    metadata = cell.get("metadata", {})
    return DEMO_TAG in metadata.get("tags", []) and not is_exercise(cell)


def graded(notebook: Any) -> bool:
    """True iff ``notebook`` has a code cell that nbgrader grades: one without (Solver.ipynb,
    written answers only) has nothing to autograde, and is not run."""
    return any(
        cell.get("cell_type") == "code" and nbgrader_marks(cell).get("grade")
        for cell in notebook.get("cells", [])
    )


def answered(path: Path) -> bool:
    """True iff the released notebook at ``path`` has an exercise in it: the student answers
    there, so the student's copy is the one to run."""
    return any(is_exercise(cell) for cell in notebook_cells(path))


@dataclass(frozen=True)
class Submission:
    """Where one student's submission of one assignment lives in the course directory."""

    root: Path
    """The course directory: hidden from the sandbox, all of it."""
    submitted: Path
    released: Path
    """The assignment's released copies: what a notebook the assignment needs is, and what the
    checks compare with."""
    folder: Path
    """The folder the graded notebook runs in (``autograded/<student>/<assignment>/``)."""

    @classmethod
    def of(cls, resources: Any, config: Any) -> Submission:
        """The submission whose notebook nbgrader is grading (``resources``), in the course
        directory of nbgrader's ``config``."""
        course = CourseDirectory(config=config)
        student = resources["nbgrader"]["student"]
        assignment = resources["nbgrader"]["assignment"]
        return cls(
            root=Path(course.root).resolve(),
            submitted=Path(course.format_path(course.submitted_directory, student, assignment)),
            released=Path(course.format_path(course.release_directory, ".", assignment)),
            folder=Path(resources["metadata"]["path"]).resolve(),
        )


def stage(submission: Submission) -> list[str]:
    """Put every notebook of the assignment where the graded notebook runs, so that ``%run``
    finds them whatever order nbgrader grades in: the released copy of one the assignment only
    needs (a student cannot change what the lecture loads), the student's copy of one the
    student answers in (unless nbgrader wrote it there already). The notebooks copied."""
    if not submission.released.is_dir():
        raise SandboxError(
            f"no released copy of the assignment at {submission.released}: autograding runs "
            "the notebooks it needs from there (make release, or nbgrader generate_assignment)"
        )
    copied = []
    for master in sorted(submission.released.glob("*.ipynb")):
        target = submission.folder / master.name
        mine = submission.submitted / master.name
        if not answered(master):
            source = master
        elif target.exists():
            continue
        else:
            source = mine if mine.is_file() else master
        if target.exists():
            target.chmod(0o644)  # nbgrader leaves what it wrote read-only
        shutil.copyfile(source, target)
        copied.append(master.name)
    return copied


# -- the kernel: a memory limit, and a sandbox -----------------------------------------------------


def limited_command(command: list[str], memory_mb: int) -> list[str]:
    """``command`` (a kernel's) started under an address space of ``memory_mb`` MB."""
    return [sys.executable, "-c", LAUNCHER, str(memory_mb * 2**20), *command]


def _inside(path: Path, folders: list[Path]) -> bool:
    return any(path == folder or folder in path.parents for folder in folders)


def python_paths() -> list[Path]:
    """The folders this Python needs to run and import what it imports: its installation, its
    environment and every existing folder on ``sys.path`` (the kernel is this Python)."""
    found = {Path(sys.prefix), Path(sys.base_prefix), Path(sys.exec_prefix), PACKAGE}
    found |= {Path(entry) for entry in sys.path if entry and Path(entry).is_dir()}
    found.add(Path(sys.executable).parent)
    return sorted({path.resolve() for path in found})


def sandboxed(
    command: list[str], hidden: list[Path], readable: list[Path], writable: list[Path], cwd: Path
) -> list[str]:
    """``command`` in a bubblewrap sandbox: the filesystem read-only; the folders ``hidden``
    replaced by empty ones, ``readable`` shown again in them (read-only) and ``writable``
    (writable); a private ``/tmp`` of ``TMP_MB`` MB as its home; no network, no other process
    to see or signal, no capability (when started as root); gone with its parent."""
    hidden = sorted({path.resolve() for path in hidden}, key=lambda path: len(path.parts))
    arguments = ["bwrap", "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc"]
    arguments += ["--size", str(TMP_MB * 2**20), "--tmpfs", "/tmp"]
    for folder in hidden:
        arguments += ["--tmpfs", str(folder)]
    covered = [Path("/tmp"), *hidden]
    for path in sorted({path.resolve() for path in readable}):
        # shown again where it was hidden; a hidden folder, or one that holds it, stays hidden
        if _inside(path, covered) and not any(_inside(folder, [path]) for folder in hidden):
            arguments += ["--ro-bind", str(path), str(path)]
    for path in writable:
        arguments += ["--bind", str(path), str(path)]
    for folder in hidden:  # empty, and read-only like the rest
        arguments += ["--remount-ro", str(folder)]
    arguments += ["--unshare-all", "--cap-drop", "ALL", "--die-with-parent", "--chdir", str(cwd)]
    arguments += ["--setenv", "HOME", "/tmp", "--setenv", "JPY_PARENT_PID", "1", "--"]
    return [*arguments, *command]


def sandbox_problem() -> str | None:
    """Why the sandbox cannot run here (no ``bwrap``, or a system that does not let it make its
    namespaces, as in some containers), or ``None`` if it can."""
    if shutil.which("bwrap") is None:
        return "bubblewrap (bwrap) is not installed"
    try:
        done = subprocess.run(
            sandboxed(["true"], [], [], [], Path("/")),
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"bwrap could not start: {error}"
    if done.returncode != 0:
        said = done.stderr.strip().splitlines()
        return f"bwrap could not make its sandbox: {said[-1] if said else done.returncode}"
    return None


class CourseKernelManager(AsyncKernelManager):
    """A kernel manager whose kernels start under a memory limit (``memory_mb``), in a sandbox
    (``sandbox``) that ``CourseExecute`` fits to the submission (``submission``)."""

    memory_mb = Integer(
        2048,
        help="The address space of a kernel, in MB (RLIMIT_AS): an allocation beyond it raises "
        "MemoryError in the student's code.",
    ).tag(config=True)

    sandbox = Bool(
        True,
        help="Run each kernel in a bubblewrap sandbox (no course directory, no network, the "
        "filesystem read-only). Turn off only to grade work you trust where bwrap cannot run.",
    ).tag(config=True)

    submission: Submission | None = None
    runtime: Path | None = None

    def fit(self, submission: Submission) -> None:
        """Start the next kernel for ``submission``: its notebooks readable, the rest of the
        course hidden; the kernel's messages through sockets in a folder of its own (the
        sandbox has no network)."""
        self.submission = submission
        if self.sandbox:
            self.runtime = Path(tempfile.mkdtemp(prefix="gamesolver-kernel-"))
            self.transport = "ipc"
            self.ip = str(self.runtime / "kernel")
            self.connection_file = str(self.runtime / "kernel.json")

    def format_kernel_cmd(self, extra_arguments: list[str] | None = None) -> list[str]:
        """The kernelspec's command, under the memory limit, in the sandbox."""
        command = limited_command(super().format_kernel_cmd(extra_arguments), self.memory_mb)
        if not self.sandbox or self.submission is None or self.runtime is None:
            return command
        here = self.submission
        hidden = [here.root, Path.home()]
        if (REPOSITORY / "pyproject.toml").is_file():  # installed in place: the lectures too
            hidden.append(REPOSITORY)
        # the style sheet too: every notebook's first cell reads it (load_style), and in a
        # repository it sits beside the package, in the folder hidden above
        readable = [*python_paths(), STYLE, here.folder, here.released]
        return sandboxed(command, hidden, readable, [self.runtime], here.folder)

    async def interrupt_kernel(self) -> None:  # type: ignore[override]
        """Interrupt by a message: a signal to the sandbox would end it, not reach the kernel
        (ipykernel raises ``KeyboardInterrupt`` in itself when asked)."""
        if self.sandbox and self.has_kernel and self.kernel_spec is not None:
            self.kernel_spec.interrupt_mode = "message"
        await self._async_interrupt_kernel()

    async def cleanup_resources(self, restart: bool = False) -> None:  # type: ignore[override]
        """Remove the connection file, the sockets and their folder."""
        await self._async_cleanup_resources(restart=restart)
        if self.runtime is not None and not restart:
            shutil.rmtree(self.runtime, ignore_errors=True)


class CourseExecute(Execute):  # type: ignore[misc]  # nbgrader has no type hints
    """nbgrader's ``Execute`` where the lecture runs, without the ``demo`` cells, in a sandboxed
    kernel under a memory limit, its output bounded, a kernel's end costing one cell."""

    max_output = Integer(
        100_000,
        help="The characters of output a cell keeps; what it prints beyond is dropped, with a "
        "line that says so.",
    ).tag(config=True)

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("kernel_manager_class", CourseKernelManager)
        super().__init__(**kwargs)
        self._printed: dict[int, int] = {}
        self._submission: Submission | None = None

    @default("error_on_timeout")
    def _error_on_timeout_default(self) -> dict[str, Any]:
        said = f"ran out of time ({self.timeout} s for a cell)"
        return {"ename": "TimeoutError", "evalue": said, "traceback": [f"TimeoutError: {said}"]}

    def preprocess(self, nb: Any, resources: Any = None, km: Any = None) -> tuple[Any, Any]:
        """Run the notebook where the lecture runs it (``stage``), unless nothing in it is graded
        by code (``graded``)."""
        if not graded(nb):
            return nb, resources
        self._submission = Submission.of(resources, self.config)
        stage(self._submission)
        self._printed = {}
        executed: tuple[Any, Any] = super().preprocess(nb, resources, km)
        return executed

    def create_kernel_manager(self) -> Any:
        """A ``CourseKernelManager`` fitted to the submission."""
        manager = super().create_kernel_manager()
        if isinstance(manager, CourseKernelManager) and self._submission is not None:
            manager.fit(self._submission)
        return manager

    def _environment(self, manager: CourseKernelManager) -> dict[str, str]:
        assert self._submission is not None
        environment = dict(os.environ)
        environment[NOTEBOOKS_VARIABLE] = str(self._submission.released)
        if manager.sandbox:
            environment["MPLCONFIGDIR"] = "/tmp/matplotlib"
        return environment

    async def async_start_new_kernel(self, **kwargs: Any) -> None:
        """Start the kernel with the course's environment (``NOTEBOOKS_VARIABLE``)."""
        manager = self.km
        if isinstance(manager, CourseKernelManager) and self._submission is not None:
            kwargs.setdefault("env", self._environment(manager))
        await super().async_start_new_kernel(**kwargs)

    start_new_kernel = run_sync(async_start_new_kernel)

    def preprocess_cell(self, cell: Any, resources: Any, index: int) -> tuple[Any, Any]:
        """Run the cell, unless it is a demonstration (``skipped``); if its code ends the
        kernel, say so in the cell and go on in a new kernel (``_revive``)."""
        if skipped(cell):
            return cell, resources
        try:
            executed: tuple[Any, Any] = super().preprocess_cell(cell, resources, index)
        except DeadKernelError:
            cell.outputs = [*cell.get("outputs", []), _died()]
            self._revive(index)
            return cell, self.resources
        return executed

    def _revive(self, index: int) -> None:
        """A new kernel that has run the code cells before ``index`` again (their outputs are
        kept as they were): the cells after the one that ended the kernel run as they would
        have. A kernel that ends again while doing so ends this notebook's grading."""
        self._cleanup_kernel()
        self.km = self.create_kernel_manager()
        self.start_new_kernel()
        self.start_new_kernel_client()
        printed = dict(self._printed)
        for number, cell in enumerate(self.nb.cells[:index]):
            if cell.cell_type == "code" and not skipped(cell):
                self.execute_cell(copy.deepcopy(cell), number, store_history=False)
        self._printed = printed

    def output(self, outs: list[Any], msg: dict[str, Any], display_id: Any, cell_index: int) -> Any:
        """Keep an output while the cell has printed less than ``max_output`` characters: a
        stream's text up to that, then a line that says the rest is not shown."""
        content = msg.get("content", {})
        stream = msg.get("msg_type") == "stream"
        size = len(str(content.get("text", ""))) if stream else len(json.dumps(content))
        printed = self._printed.get(cell_index, 0)
        self._printed[cell_index] = printed + size
        left = self.max_output - printed
        if size <= left:
            return super().output(outs, msg, display_id, cell_index)
        kept = None
        if stream and left > 0:
            cut = {**msg, "content": {**content, "text": str(content["text"])[:left]}}
            kept = super().output(outs, cut, display_id, cell_index)
        if left >= 0:
            said = f"\n[more output than {self.max_output:,} characters: the rest is not shown]\n"
            outs.append(_output(output_type="stream", name="stderr", text=said))
            self._printed[cell_index] = self.max_output + 1
        return kept


def _output(**fields: Any) -> Any:
    """A cell's output (nbformat's node) of ``fields``."""
    return from_dict(fields)  # type: ignore[no-untyped-call]


def _died() -> Any:
    said = (
        "the kernel stopped while this cell ran (os._exit, a crash or a signal): the cells "
        "before it ran again in a new kernel, and grading went on"
    )
    return _output(
        output_type="error", ename="KernelDied", evalue=said, traceback=[f"KernelDied: {said}"]
    )


class RestoreTests(NbGraderPreprocessor):  # type: ignore[misc]  # nbgrader has no type hints
    """A test cell the student deleted, put back where the released copy has it (nbgrader's
    ``OverwriteCells`` then gives it the gradebook's source): its points are won or lost by
    running it, not left "to grade by hand" with the student's answer never tested."""

    def preprocess(self, nb: Any, resources: Any) -> tuple[Any, Any]:
        """``nb`` with the released copy's graded code cells it lacks."""
        course = CourseDirectory(config=self.config)
        marks = resources["nbgrader"]
        released = Path(course.format_path(course.release_directory, ".", marks["assignment"]))
        master = released / f"{marks['notebook']}.ipynb"
        if not master.is_file():
            return nb, resources
        cells = nbformat.read(master, as_version=4).cells  # type: ignore[no-untyped-call]
        keys = [_key(cell) for cell in nb.cells]
        for index, cell in enumerate(cells):
            test = cell["cell_type"] == "code" and nbgrader_marks(cell).get("grade")
            if not test or _key(cell) in keys:
                continue
            earlier = [_key(other) for other in cells[:index]]
            found = [keys.index(key) for key in reversed(earlier) if key in keys]
            at = found[0] + 1 if found else len(keys)
            cell.outputs, cell.execution_count = [], None
            nb.cells.insert(at, cell)
            keys.insert(at, _key(cell))
        return nb, resources


def _key(cell: Any) -> str:
    """What names a cell across copies of its notebook: its grade id, else its id."""
    return str(nbgrader_marks(cell).get("grade_id") or cell.get("id"))


def sanitize_preprocessors() -> list[type]:
    """nbgrader's steps before autograding, with ``RestoreTests`` before ``OverwriteCells``."""
    steps: list[type] = Autograde.class_traits()["sanitize_preprocessors"].default()
    at = steps.index(OverwriteCells)
    return [*steps[:at], RestoreTests, *steps[at:]]


def autograde_preprocessors() -> list[type]:
    """nbgrader's autograde preprocessors, with ``CourseExecute`` for ``Execute``."""
    steps = Autograde.class_traits()["autograde_preprocessors"].default()
    return [CourseExecute if step is Execute else step for step in steps]
