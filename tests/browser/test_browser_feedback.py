"""A student's feedback page as the student reads it, with no network: class 2 graded by nbgrader
for a student whose ``my_alpha_beta`` passes the child the window unturned and who answered the
Solver's proof, then ``nbgrader generate_feedback``; the page served from 127.0.0.1 (the ``page``
fixture fails a test whose page asks another host for anything, MathJax's CDN included)."""

from __future__ import annotations

import functools
import http.server
import json
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from gamesolver.tools import course
from gamesolver.tools.grade import grade_class

if TYPE_CHECKING:
    from playwright.sync_api import Page

TREES_CLASS = "class3-alpha-beta-traced-by-hand"
WINDOW = """def my_alpha_beta(game, state, player, stats, alpha=None, beta=None):
    def value(state, player, alpha, beta):
        stats.calls += 1
        if game.finished(state):
            return game.utility(state, player)
        best = game.worst
        for ns in game.next_states(state, player):
            best = max(best, -value(ns, game.other(player), alpha, beta))
            if best >= beta:
                return best
            alpha = max(alpha, best)
        return best

    alpha = game.worst if alpha is None else alpha
    beta = game.best if beta is None else beta
    return value(state, player, alpha, beta)
"""
PROOF = "By induction: if $\\alpha < X < \\beta$ then $v = X$, and $$v = \\max_j w_j.$$"


@pytest.fixture(scope="module")
def feedback(course_copy: Path) -> Path:
    """The feedback folder of the student ``ann`` of class 3 (Game trees), graded in a copy of
    the course released for the run (``course_copy``, tests/conftest.py)."""
    root = course_copy
    folder = root / "submitted" / "ann" / TREES_CLASS
    shutil.copytree(root / "release" / TREES_CLASS, folder)
    for path, answers in [
        (folder / "Game-Trees.ipynb", {"ex3-solution": WINDOW, "ex1-answer": PROOF}),
    ]:
        notebook = json.loads(path.read_text(encoding="utf-8"))
        for cell in notebook["cells"]:
            grade_id = cell["metadata"].get("nbgrader", {}).get("grade_id")
            if grade_id in answers:
                cell["source"] = answers[grade_id]
        path.write_text(json.dumps(notebook), encoding="utf-8")
    grade_class(root, TREES_CLASS)
    done = course.nbgrader(["generate_feedback", TREES_CLASS], root)
    assert done.returncode == 0, done.stdout + done.stderr
    return root / "feedback" / "ann" / TREES_CLASS


@pytest.fixture
def served(feedback: Path) -> Iterator[str]:
    """The feedback folder served on 127.0.0.1: its address."""
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(feedback))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def test_the_feedback_shows_the_whole_first_line_and_its_formulas(
    page: Page, served: str, feedback: Path
) -> None:
    assert sorted(p.name for p in feedback.glob("*.html")) == ["Game-Trees.html"]
    page.goto(f"{served}/Game-Trees.html")
    first = page.get_by_text("my_alpha_beta fails the specification of alpha_beta").first
    first.wait_for()
    box = first.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 1280, box
    wide = page.evaluate(
        "() => [...document.querySelectorAll('pre')].filter(p => p.scrollWidth > p.clientWidth)"
        ".length"
    )
    assert wide == 0  # no line of output runs past the edge of its box
    formulas = page.locator("math")
    assert formulas.count() >= 3
    sizes = [formulas.nth(i).bounding_box() for i in range(formulas.count())]
    assert all(size is not None and size["width"] > 0 and size["height"] > 0 for size in sizes)
    text = page.inner_text("body")
    assert "\\alpha" not in text and "\\texttt" not in text  # drawn, not left as LaTeX
    assert page.get_by_text("3 points of written answers are not graded yet").count() == 1
