"""The course's look in JupyterLab before anything runs: a notebook opened as ``make lab`` opens it.

``make lab`` marks the course's notebooks trusted (``jupyter trust``), so that JupyterLab shows
their stored outputs as they are, the style sheet of the first cell included; an untrusted
notebook's stored ``<style>`` is dropped, and the course's look would appear only after the
student runs the first cell. The style cell leaves no output row to see, and preformatted
blocks (the Solver's two-column Max/Min pseudocode) take the full width instead of wrapping in
the prose column.
"""

from __future__ import annotations

from typing import Any

NOTEBOOK = "Solver.ipynb"


def test_a_trusted_notebook_has_the_course_style_before_it_runs(
    jupyterlab: Any, page: Any, artifacts: Any
) -> None:
    jupyterlab.open_as_stored(page, NOTEBOOK)
    first = page.locator(".jp-Notebook .jp-Cell").first
    first.locator("style.gamesolver-style").wait_for(state="attached", timeout=60_000)
    page.locator(".jp-Notebook .jp-RenderedMarkdown p").first.wait_for(timeout=60_000)
    page.get_by_text("Min(P): if P is terminal").first.wait_for(state="attached", timeout=60_000)
    looks = page.evaluate(
        """() => {
        const markdown = document.querySelector(".jp-Notebook .jp-RenderedMarkdown p");
        const row = document.querySelector(".jp-OutputArea-child:has(style.gamesolver-style)");
        const pre = [...document.querySelectorAll(".jp-Notebook .jp-RenderedMarkdown > pre")]
            .find((block) => block.textContent.includes("Min(P): if P is terminal"));
        const prose = markdown.getBoundingClientRect().width;
        return {
            font: getComputedStyle(markdown).fontSize,
            row: row.getBoundingClientRect().height,
            preWhiteSpace: pre ? getComputedStyle(pre).whiteSpace : null,
            preMaxWidth: pre ? getComputedStyle(pre).maxWidth : null,
            prose,
            proseMaxWidth: getComputedStyle(markdown).maxWidth,
        };
    }"""
    )
    page.screenshot(path=artifacts.path("opened"))
    assert looks["font"] == "16px"  # the course's prose, from the stored style: nothing ran
    assert looks["row"] == 0  # the style cell's output row is not there to see
    assert looks["proseMaxWidth"] == "736px"  # 46em of 16 px: prose keeps its column
    assert looks["preWhiteSpace"] == "pre"  # the pseudocode's lines are not wrapped...
    assert looks["preMaxWidth"] == "none"  # ...nor held to the prose column
