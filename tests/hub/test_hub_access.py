"""Every user's server runs the course from the repository's hub/venv: when a folder on the way
is closed to other users (a clone in /root, or in what mktemp -d makes), `make hub` says which
one before the hub starts, instead of the hub answering 500 to every server's start."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import tempfile
from pathlib import Path
from types import ModuleType

from .conftest import HUB, Hub

SYSTEM_PYTHON = Path("/usr/bin/python3")


def trial() -> ModuleType:
    spec = importlib.util.spec_from_file_location("trial", HUB / "trial.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_folder_closed_to_the_students_is_named(hub: Hub) -> None:
    closed = Path(tempfile.mkdtemp(prefix="gamesolver-closed-"))  # mode 0700
    try:
        venv = closed / "venv"
        subprocess.run([str(SYSTEM_PYTHON), "-m", "venv", "--without-pip", str(venv)], check=True)
        python = venv / "bin" / "python"
        why = trial().cannot_run(hub.students[0], python, "import sys")
        assert why is not None and str(closed) in why and "chmod o+x" in why
        closed.chmod(0o755)
        assert trial().cannot_run(hub.students[0], python, "import sys") is None
    finally:
        shutil.rmtree(closed)
