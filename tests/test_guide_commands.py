"""The command-line guide (docs/command-line.md) does what it says: every command of its
example block is run (``main``, in this process) and what its comment promises is checked."""

from __future__ import annotations

import io
import re
import shlex
from pathlib import Path

import pytest

from gamesolver.tools.cli import main

GUIDE = Path(__file__).resolve().parents[1] / "docs" / "command-line.md"


def examples() -> list[tuple[list[str], str]]:
    """The commands of the guide's first block: (arguments, comment), a line
    continued with a backslash joined, ``[--json]``-style options left out."""
    section = GUIDE.read_text(encoding="utf-8").split("# The command line", 1)[1]
    block = section.split("```", 2)[1]
    joined = re.sub(r"\\\n\s*", " ", block)
    found = []
    for line in joined.splitlines():
        command, _, comment = line.partition("#")
        if not command.strip().startswith("python -m gamesolver"):
            continue
        words = shlex.split(re.sub(r"\[[^\]]*\]", "", command))
        found.append((words[3:], comment.strip()))
    return found


PROMISES = {
    "count notebooks/Connect-Four.ipynb --depth 6": ["1,120", "4,263", "16,422"],
    "count notebooks/Nim.ipynb --depth 1000000": ["every game has ended after ply 3"],
    "solve notebooks/Nim.ipynb --algorithm minimax": ["not solved within 5 s"],
}
"""What a comment in the block promises, by the start of its command."""


def test_every_promise_belongs_to_an_example() -> None:
    said = [" ".join(arguments) for arguments, _ in examples()]
    assert len(said) >= 15
    assert all(any(s.startswith(key) for s in said) for key in PROMISES)


@pytest.mark.parametrize("arguments, comment", examples(), ids=lambda a: str(a)[:60])
def test_each_example_runs_as_the_readme_says(
    arguments: list[str],
    comment: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    if arguments[0] == "play":
        monkeypatch.setattr("sys.stdin", io.StringIO(""))  # the student leaves at once
    status = main(arguments)
    out, err = capsys.readouterr()
    said = " ".join(arguments)
    expected = 1 if "not solved" in comment else 0
    assert status == expected, (said, out, err)
    for key, promises in PROMISES.items():
        if said.startswith(key):
            for promise in promises:
                assert promise in out + err, (said, promise, out, err)
