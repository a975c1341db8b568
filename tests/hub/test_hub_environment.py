"""The hub's environment, hub/venv (`make hub`): the course installed with the pins of
constraints.txt into a fresh environment, as a single-user image or Binder installs it, with
its JupyterLab extensions and nbgrader's server extensions enabled as they install."""

from __future__ import annotations

import functools
import re
import subprocess

import pytest

from .conftest import HUB_PYTHON

ANSI = re.compile(r"\x1b\[[0-9;]*m")


@functools.cache
def listed(*arguments: str) -> str:
    done = subprocess.run(
        [str(HUB_PYTHON.parent / "jupyter"), *arguments],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return ANSI.sub("", done.stdout + done.stderr)


@pytest.mark.parametrize(
    "extension",
    [
        "nbgrader.server_extensions.formgrader",
        "nbgrader.server_extensions.assignment_list",
        "nbgrader.server_extensions.validate_assignment",
        "jupyterlab_rise",
    ],
)
def test_the_server_extensions_are_enabled(extension: str) -> None:
    assert re.search(
        rf"^\s*{re.escape(extension)} enabled$", listed("server", "extension", "list"), re.M
    )


@pytest.mark.parametrize(
    "extension",
    ["@jupyter/nbgrader", "jupyterlab-rise", "@jupyter-widgets/jupyterlab-manager", "ipycanvas"],
)
def test_the_lab_extensions_are_enabled(extension: str) -> None:
    found = listed("labextension", "list")
    assert re.search(rf"^\s*{re.escape(extension)} v\S+ enabled OK", found, re.M), found
