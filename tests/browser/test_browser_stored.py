"""The lectures' boards before anything runs: a notebook opened as ``make lab`` opens it.

A widget's stored output is a reference to a model in the kernel; a notebook opened without
running it has none, and JupyterLab wrote "Error displaying widget: model not found" where every
board should be (issue 28: three times in Tic-Tac-Toe, three in Chess). A board now comes with a
picture of itself, an output of its own (``gamesolver.widgets.board.BoardWidget.picture``): opened
as stored, each notebook shows its boards as pictures, at their size, and no widget error.
"""

from __future__ import annotations

from typing import Any

BOARDS = {"Tic-Tac-Toe.ipynb": 1, "Chess.ipynb": 1, "Nim.ipynb": 1, "Game-Trees.ipynb": 2}
"""The boards each notebook shows: Tic-Tac-Toe its own board, then its two Play widgets; Chess
its Play widget (in its appendix on play); Nim its Play widget;
Game-Trees its two tree widgets (a tree's picture is its PNG in an SVG)."""

_ERRORS = """() => Array.from(document.querySelectorAll('.jp-OutputArea-output.jupyter-widgets'))
    .filter((output) => output.offsetParent !== null
                        && output.textContent.startsWith('Error displaying widget'))
    .length"""
"""How many widget outputs in view say "Error displaying widget" (JupyterLab's words)."""


def test_stored_notebooks_show_their_boards_before_they_run(
    jupyterlab: Any, page: Any, artifacts: Any
) -> None:
    from playwright.sync_api import expect

    for notebook, boards in BOARDS.items():
        jupyterlab.open_as_stored(page, notebook)  # its only tab: no earlier notebook's pictures
        pictures = page.locator(".jp-NotebookPanel .jp-OutputArea-output .gamesolver-picture")
        expect(pictures).to_have_count(boards, timeout=60_000)
        for index in range(boards):
            picture = pictures.nth(index)
            picture.scroll_into_view_if_needed(timeout=30_000)
            expect(picture).to_be_visible()
            svg = picture.locator(":scope > svg")
            size = svg.evaluate("(svg) => [svg.width.baseVal.value, svg.height.baseVal.value]")
            box = svg.bounding_box()
            assert box is not None and [box["width"], box["height"]] == size, (notebook, box)
            drawn = svg.locator("rect, circle, line, text").count()
            assert min(size) >= 200 and (drawn >= 10 or svg.locator("image").count() == 1)
            # a grid at least, or a tree's image
            picture.screenshot(path=artifacts.path(f"{notebook.removesuffix('.ipynb')}-{index}"))
        assert page.evaluate(_ERRORS) == 0, f"a widget error is in view in {notebook}"
