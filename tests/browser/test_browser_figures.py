"""Tree figures on the projector: Game-Trees.ipynb as ``make lab`` opens it, before anything runs.

``make lab`` trusts the notebooks, so the stored figures show as they are. A tree figure is
marked *unconfined*: JupyterLab draws it pixel for pixel (a wide tree scrolls sideways) instead
of shrinking it into the output area, where the labels of a nine-leaf tree were 7 px high. The
screenshot of the best-first tree is one a lecturer projects.
"""

from __future__ import annotations

from typing import Any

NOTEBOOK = "Game-Trees.ipynb"
TREE_FIGURES = 1
"""The tree drawings stored in the notebook (the minimal tree best first; Sleator's example is
replayed step by step since this stop); the
tree widgets' pictures are SVG images (tests/browser/test_browser_stored.py)."""


def test_tree_figures_show_at_their_size(jupyterlab: Any, page: Any, artifacts: Any) -> None:
    jupyterlab.open_as_stored(page, NOTEBOOK)
    figures = page.locator(".jp-Notebook .jp-OutputArea-output img")
    figures.first.wait_for(state="attached", timeout=60_000)
    sizes = []
    for index in range(TREE_FIGURES):
        figure = figures.nth(index)
        figure.scroll_into_view_if_needed(timeout=30_000)
        page.wait_for_function(
            "(image) => image.complete && image.naturalWidth > 0",
            arg=figure.element_handle(),
            timeout=30_000,
        )
        sizes.append(
            figure.evaluate(
                """(image) => ({natural: image.naturalWidth, shown: image.clientWidth,
                unconfined: image.closest(".jp-mod-unconfined") !== null})"""
            )
        )
    best_first = figures.nth(TREE_FIGURES - 1)
    best_first.scroll_into_view_if_needed()
    best_first.screenshot(path=artifacts.path("best-first-tree"))
    page.screenshot(path=artifacts.path("page"))
    for size in sizes:
        assert size["unconfined"], sizes
        assert size["shown"] == size["natural"], sizes  # pixel for pixel, not shrunk
