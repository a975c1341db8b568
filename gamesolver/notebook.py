"""Load a notebook's definitions as a module, for tests, benchmarks and the command line.

The notebooks are the single source of what they teach; this runs their code cells in order in
a fresh module, outside Jupyter, except the cells tagged ``demo`` (they show, time and play)
and nbgrader's exercise cells (a student's). ``%run Other.ipynb`` loads that notebook into the
same namespace, as IPython does; any other magic is an error naming the cell, so that no
definition depends on Jupyter. Cells are registered in ``linecache``, so that tracebacks show
the notebook's cell and line. A loaded notebook's attribute is ``Any`` to mypy: the tools read
one only through ``read`` and ``definitions``, which check it and give it its type.
"""

from __future__ import annotations

import contextvars
import json
import linecache
import re
import shlex
import stat
import sys
import types
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar, cast

from IPython.core.inputtransformer2 import TransformerManager, leading_empty_lines

from gamesolver.errors import GameSolverError
from gamesolver.game import AnyGame, Game

MAX_BYTES = 100 * 2**20
"""The largest notebook file read: the course's are under 1 MB, their outputs included."""

DEMO_TAG = "demo"
"""Cells with this tag are skipped when a notebook is loaded as a module."""

_RUN = re.compile(r"%run(\s|$)")
"""A line that IPython's ``%run`` magic reads (``run_target`` reads which notebook)."""


class NotebookError(GameSolverError):
    """A notebook that cannot be read or loaded, or that does not define or say what was asked
    of it (the syllabus in Index.ipynb included)."""


def read_notebook(path: Path) -> dict[str, Any]:
    """The notebook at ``path`` as its JSON (nbformat 4), for every tool that reads one: plain
    ``json``, as ``import nbformat`` costs every command a second; ``NotebookError`` in one
    line if the file is missing, unreadable or not a notebook."""
    try:
        found = path.stat()
        if not stat.S_ISREG(found.st_mode):  # (/dev/zero would be read until memory runs out)
            raise NotebookError(f"{path} is not a notebook file (a device, a pipe or a folder)")
        if found.st_size > MAX_BYTES:
            raise NotebookError(
                f"{path} is {found.st_size / 2**20:,.0f} MB, more than any notebook "
                f"({MAX_BYTES // 2**20} MB at most)"
            )
        notebook: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise NotebookError(f"no such notebook: {path}") from None
    except OSError as error:
        raise NotebookError(f"cannot read {path}: {error.strerror}") from None
    except ValueError as error:
        raise NotebookError(f"{path} is not a readable notebook: {error}") from None
    cells = notebook.get("cells") if isinstance(notebook, dict) else None
    if not isinstance(cells, list) or not all(isinstance(cell, dict) for cell in cells):
        raise NotebookError(f"{path} is not a readable notebook: no list of cells")
    if notebook.get("nbformat", 4) != 4:
        raise NotebookError(
            f"{path} is not a readable notebook: nbformat {notebook['nbformat']!r}, expected 4"
        )
    return notebook


def notebook_cells(path: Path) -> list[dict[str, Any]]:
    """The cells of the notebook at ``path`` (``read_notebook``)."""
    found: list[dict[str, Any]] = read_notebook(path)["cells"]
    return found


def cell_source(cell: dict[str, Any]) -> str:
    """A cell's text (nbformat stores it as a string or as a list of lines)."""
    text = cell.get("source", "")
    return "".join(text) if isinstance(text, list) else str(text)


def nbgrader_marks(cell: dict[str, Any]) -> dict[str, Any]:
    """nbgrader's metadata of ``cell`` (``grade``, ``solution``, ``points``, ...), or ``{}``."""
    marks: dict[str, Any] = cell.get("metadata", {}).get("nbgrader", {})
    return marks


def is_exercise(cell: dict[str, Any]) -> bool:
    """True iff ``cell`` is an nbgrader solution, graded test or task cell."""
    return any(nbgrader_marks(cell).get(key, False) for key in ("solution", "grade", "task"))


def code_cells(path: Path, exercises: bool = True) -> list[tuple[int, str, list[str]]]:
    """The code cells of a notebook as ``(number, source, tags)`` (exercise cells only if
    ``exercises``), numbered from 1 over all cells, as a student counts them in JupyterLab."""
    return [
        (number, cell_source(cell), list(cell.get("metadata", {}).get("tags", [])))
        for number, cell in enumerate(notebook_cells(path), start=1)
        if cell.get("cell_type") == "code" and (exercises or not is_exercise(cell))
    ]


def run_target(line: str) -> str | None:
    """The notebook that the line ``%run NOTEBOOK.ipynb`` runs, read as IPython reads it
    (``shlex``: ``%run "My Solver.ipynb"``); ``None`` if the line is not a ``%run`` of one
    notebook (options, a script, two names, no name)."""
    text = line.strip()
    if not _RUN.match(text):
        return None
    words = shlex.shlex(text[len("%run") :], posix=True)
    words.whitespace_split, words.commenters = True, "#"
    try:
        names = list(words)
    except ValueError:  # a quote without its end
        return None
    return names[0] if len(names) == 1 and names[0].endswith(".ipynb") else None


_loading: contextvars.ContextVar[tuple[Path, ...]] = contextvars.ContextVar("loading", default=())
"""The notebooks being loaded (by ``%run`` or ``load_notebook``), outermost first."""


def _cycle(path: Path) -> str:
    """The chain ``A.ipynb → B.ipynb → A.ipynb`` if the notebook at ``path`` is being loaded
    already, else ``""``."""
    loading = _loading.get()
    if path.resolve() not in [p.resolve() for p in loading]:
        return ""
    return " → ".join(p.name for p in (*loading, path))


def as_python(source: str) -> str:
    """A cell's source as IPython runs it (a magic becomes a call of ``get_ipython()``), line
    for line: IPython's dropping of leading blank lines is left out, so that a traceback's line
    numbers are the cell's own."""
    manager = TransformerManager()  # type: ignore[no-untyped-call]
    manager.cleanup_transforms.remove(leading_empty_lines)
    python: str = manager.transform_cell(source)
    return python


def load_into(path: str | Path, namespace: dict[str, Any]) -> None:
    """Run the definition cells of the notebook at ``path`` in ``namespace``, their magics read
    by IPython's own transformer."""
    path = Path(path)
    kernel = _Kernel(path, namespace)
    token = _loading.set((*_loading.get(), path.absolute()))
    try:
        for number, source, tags in code_cells(path, exercises=False):
            if DEMO_TAG not in tags:
                filename = f"<{path.name}, cell {number}>"  # tracebacks show the cell's lines
                linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
                namespace["get_ipython"] = kernel.itself
                exec(compile(as_python(source), filename, "exec"), namespace)
    finally:
        _loading.reset(token)


class _Kernel:
    """``get_ipython()`` in a loaded notebook: ``%run NOTEBOOK.ipynb`` loads that notebook into
    the same namespace; any other magic or shell escape is a ``NotebookError`` naming its cell
    and line, so that no definition depends on Jupyter."""

    def __init__(self, path: Path, namespace: dict[str, Any]) -> None:
        self.path = path
        self.namespace = namespace

    def itself(self) -> _Kernel:
        return self

    def run_line_magic(self, name: str, argument: str) -> None:
        where, line = _magic()
        run = run_target(line)
        if run is None and name == "run":
            raise NotebookError(
                f"{where}: {line!r}: the loader runs '%run NOTEBOOK.ipynb', one notebook "
                "without options (its name in quotes if it has a blank)"
            )
        if run is None:
            self.refuse()
        target = self.path.parent / str(run)
        if not target.is_file():  # named with the cell that runs it: that is what to fix
            missing = "no such notebook" if not target.exists() else "not a notebook file"
            raise NotebookError(f"{where}: %run {run}: {missing}: {target}")
        chain = _cycle(target)
        if chain:
            raise NotebookError(f"{where.rsplit(',', 1)[0]}: %run {run} runs itself ({chain})")
        load_into(target, self.namespace)
        self.namespace["get_ipython"] = self.itself

    def refuse(self, *arguments: object) -> None:
        where, line = _magic()
        raise NotebookError(
            f"{where}: the magic {line!r} needs Jupyter; tag the cell {DEMO_TAG!r} if it only "
            "shows something, or write it in plain Python"
        )

    def __getattr__(self, name: str) -> Callable[..., None]:
        """Any other use of IPython (``!ls``, ``%%time``, ``x?``): refused."""
        return self.refuse


_CELL = re.compile(r"<(.+\.ipynb, cell \d+)>")
"""The file name of a loaded cell's code (``<Solver.ipynb, cell 7>``)."""


def _magic() -> tuple[str, str]:
    """Where the magic being run is (``Solver.ipynb, cell 7, line 2``), and its line."""
    frame = sys._getframe(1)
    while frame.f_back is not None and not _CELL.fullmatch(frame.f_code.co_filename):
        frame = frame.f_back
    filename = frame.f_code.co_filename
    line = linecache.getline(filename, frame.f_lineno).strip()
    return f"{filename[1:-1]}, line {frame.f_lineno}", line


MODULES = "gamesolver.notebooks."
"""The start of the name of a notebook's module (``gamesolver.notebooks.Tic_Tac_Toe``)."""


def load_notebook(path: str | Path) -> types.ModuleType:
    """The definitions of the notebook at ``path`` as a fresh module (``__file__``: its absolute
    path), e.g. ``load_notebook("notebooks/Solver.ipynb").alpha_beta``. In a notebook's code a
    relative ``path`` is from that notebook's folder, as in Jupyter. A notebook whose loading
    loads it again is a ``NotebookError`` naming the chain."""
    caller = sys._getframe(1)
    path = _beside_caller(Path(path), caller)
    if path.suffix != ".ipynb":
        raise NotebookError(f"{path} is not a notebook (.ipynb)")
    absolute = path.absolute()
    chain = _cycle(absolute)
    if chain:
        cell = _CELL.fullmatch(caller.f_code.co_filename)
        where = f"{cell[1]}, line {caller.f_lineno}: " if cell else ""
        raise NotebookError(f"{where}{path.name} loads itself ({chain})")
    name = MODULES + re.sub(r"\W", "_", path.stem)
    module = types.ModuleType(name)
    module.__file__ = str(absolute)
    # registered as an import is (dataclasses, typing and pickle look a class's module up)
    sys.modules[name] = module
    try:
        load_into(path, module.__dict__)
        module.__dict__.pop("get_ipython", None)
    except BaseException:
        if sys.modules.get(name) is module:
            del sys.modules[name]
        raise
    return module


def _beside_caller(path: Path, caller: types.FrameType | None) -> Path:
    """``path`` as the caller means it: from a loaded notebook's folder in its code."""
    if path.is_absolute() or caller is None:
        return path
    name, file = caller.f_globals.get("__name__"), caller.f_globals.get("__file__")
    if isinstance(name, str) and name.startswith(MODULES) and isinstance(file, str):
        return Path(file).parent / path
    return path


T = TypeVar("T")


@dataclass(frozen=True)
class Kind(Generic[T]):
    """What a definition must be at run time to be used as a ``T``: ``test`` says whether it is,
    ``what`` says it in words for the error."""

    what: str
    test: Callable[[object], bool]


def where(namespace: object) -> str:
    """The notebook a loaded module holds (its file), for an error: else the module's name."""
    found: object = getattr(namespace, "__file__", None) or getattr(namespace, "__name__", None)
    return found if isinstance(found, str) else "the notebook"


def read(namespace: object, name: str, kind: Kind[T], user: str) -> T:
    """The definition ``name`` of a loaded notebook, checked to be ``kind``, as a ``T`` (to mypy
    a notebook's attribute is ``Any``); else a ``NotebookError`` naming who (``user``) needs it."""
    if not hasattr(namespace, name):
        raise NotebookError(f"{where(namespace)} defines no {name}, which {user} use")
    value: object = getattr(namespace, name)
    if not kind.test(value):
        what = f"{type(value).__name__}, not {kind.what} as {user} expect"
        raise NotebookError(f"{where(namespace)}: {name} is {what}")
    return cast(T, value)


def definitions(namespace: object, kind: type[T]) -> dict[str, T]:
    """The definitions of a loaded notebook that are a ``kind`` (a ``Game``, an ``Offer``), by
    name: how the tools find what a notebook declares, by its type rather than its name."""
    return {name: value for name, value in vars(namespace).items() if isinstance(value, kind)}


def find_game(module: types.ModuleType) -> AnyGame:
    """The ``Game`` that a game notebook defines (the one named ``game`` if there are several)."""
    games = definitions(module, Game)
    if "game" in games:
        return games["game"]
    if len(games) == 1:
        return next(iter(games.values()))
    if not games:
        raise NotebookError(
            f"{where(module)} defines no game: bundle its definitions with "
            "game = Game(name, Players, Start, next_states, finished, utility)"
        )
    raise NotebookError(
        f"{where(module)} defines several games ({', '.join(sorted(games))}); name the one to "
        "use 'game'"
    )
