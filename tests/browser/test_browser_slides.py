"""The lectures as live slides (RISE, ``jupyterlab-rise``) in a real browser: every slide fits.

A lecturer presents a lecture as these tests open it: in JupyterLab, Alt-R (RISE's *Render as
Reveal Slideshow*: the slides open beside the notebook, on its kernel), the lecture run (Run
All Cells, in the notebook before Alt-R or in the slides from their command palette,
Ctrl-Shift-C), then the slides' full-screen button. The browser window is the projector,
1280x720.

``test_every_slide_fits``: then Space, key after key, through every slide and fragment. On each
slide the content box (its top and left, its scroll height and width) must lie inside the
window, and nothing inside it may
scroll or clip (a code cell's editor, an output, a table wider or taller than its box). A
failure names the slide as the lecturer sees it (its number n/t at the bottom right, its
cells, its first line) and by how many pixels it overflows. Also checked: the slides are those
that the cells' slide types make (``gamesolver.tools.slides``, with the same numbers), the course's
style sheet holds on them (prose and headings as in the notebook, code as JupyterLab's), and
the slideshow fetches nothing from the web (a room may be offline). Screenshots in
``artifacts/``: the title slide and, where ``SHOWN`` names one, a definition with its example.

``test_a_board_answers_in_a_slide`` (run in the notebook): "live during the talk", on
Tic-Tac-Toe's board slide (the play widget's cell, on the slide that the cell before it
starts; the cell after it starts the next). The board of the Run All is drawn on its slide;
Ctrl-Enter runs its cell again there (a new game) and the slide stays; a click on the canvas is
answered by the computer, on the canvas and the status line (``artifacts/...-board.png``,
``...-page.png``); Shift-Enter runs the cell and moves on to the next slide, Shift-Space comes
back; F leaves full screen, and closing the slides' tab ends the show.

What it covers, and why: every slide of each lecture in ``LECTURES`` at 1280x720, opened with
its stored outputs (the outputs of ``make notebooks``: the same tables, plots and trees; a board
as its stored picture, the size of the live board), about 20-30 s a lecture; the lectures in
``RUN`` are run in their slides first and measured at 1024x768 too (Heuristics: 50-90 s on a
busy 2-core machine); and one board played live. ``LECTURES`` are the core path's lectures,
read from the syllabus; a lecture without slide metadata fails
(``gamesolver.tools.slides.problems``).
To check another notebook before adding it:
``GAMESOLVER_SLIDES=Nim.ipynb pytest tests/browser/test_browser_slides.py -k every``.
"""

from __future__ import annotations

import json
import os
import re
import time
from typing import Any

import pytest

from gamesolver.notebook import load_notebook
from gamesolver.tools import slides, syllabus

from .conftest import _CELLS, KERNEL_READY, NOTEBOOKS, RUN_ALL, STARTED, find_play_widget
from .views import CellsView, grid_rect

LECTURES = list(syllabus.read().core)
"""The core path's lectures, in the syllabus's order (Index.ipynb): every one has its slides."""
SHOWN = {
    "Tic-Tac-Toe.ipynb": "## 4. Symmetry",
    "Heuristics.ipynb": "## 1. Open lines",
}
"""The first line of a slide to save as a screenshot: a definition with its example."""
TOO_TALL: dict[tuple[str, str], str] = {}
"""Slides that overflow at 1280x720 and cannot be split, by (lecture, first line): each must
overflow (else remove it here), and every other slide must fit."""
COURSE_LOOK = {
    "prose": '16px 24.8px Charter, "Bitstream Charter", Georgia, "DejaVu Serif", serif',
    "heading": "24.8px rgb(31, 58, 96) none",
}
"""Prose and a ``##`` heading as ``style.css`` makes them in the notebook (code: JupyterLab's)."""
SIZES = [(1280, 720), (1024, 768)]
"""Projectors: the window in CSS pixels."""
LOCAL = "http://127.0.0.1:"
STEP = 10_000
"""Milliseconds for a key press to show the next slide or fragment."""
DRAWN = 30_000
"""Milliseconds for the slideshow to open, or for a widget on a slide to be drawn."""


def lectures() -> list[str]:
    """``LECTURES``, or the notebooks named in ``GAMESOLVER_SLIDES`` (comma-separated)."""
    chosen = os.environ.get("GAMESOLVER_SLIDES", "")
    return [name.strip() for name in chosen.split(",") if name.strip()] or LECTURES


RUN = {"Heuristics.ipynb", *os.environ.get("GAMESOLVER_SLIDES_RUN", "").split(",")}
"""The lectures run in their slides and measured at both sizes; the others are opened with their
stored outputs (the outputs of a run: the same tables, plots and trees; a board as its stored
picture, the size of the live board) and measured at 1280x720, about 20 s a lecture instead of
60-90 (``GAMESOLVER_SLIDES_RUN=Nim.ipynb`` runs another too)."""


_FONTS = """() => {
    const look = (selector, properties) => {
        const element = document.querySelector(selector);
        if (!element) return null;
        const style = getComputedStyle(element);
        return properties.map((property) => style[property]).join(' ');
    };
    return {
        prose: look('.jp-RenderedMarkdown p', ['fontSize', 'lineHeight', 'fontFamily']),
        heading: look('.jp-RenderedMarkdown h2', ['fontSize', 'color', 'textTransform']),
        code: look('.jp-CodeCell .cm-content', ['fontSize', 'lineHeight', 'fontFamily']),
    };
}"""
"""The look of prose, headings and code: as the notebook shows them, also on the slides."""

_PRESENT = """() => {
    const slide = document.querySelector('.reveal .slides > section.present > section.present');
    const number = document.querySelector('.reveal .slide-number');
    return slide && {
        id: slide.id,
        fragments: slide.querySelectorAll('.fragment.visible').length,
        number: number ? number.textContent.replace(/\\s+/g, '') : '',
    };
}"""
"""The slide shown: its id (``slide-h-v``), its fragments shown, the number at the bottom."""

_MEASURE = """() => {
    const slide = document.querySelector('.reveal .slides > section.present > section.present');
    const cells = Array.from(document.querySelectorAll('.reveal .jp-Notebook .jp-Cell'));
    const where = (element) => {
        const cell = element.closest('.jp-Cell');
        const part = element.closest('.jp-OutputArea') ? 'output' : element.closest(
            '.jp-InputArea') ? (cell.classList.contains('jp-CodeCell') ? 'code' : 'prose') : 'cell';
        return `the ${part} of cell ${cells.indexOf(cell)} (${element.tagName.toLowerCase()})`;
    };
    const box = slide.getBoundingClientRect();
    const scrolling = [];
    for (const element of slide.querySelectorAll('*')) {
        const wide = element.scrollWidth - element.clientWidth;
        const tall = element.scrollHeight - element.clientHeight;
        if (wide <= 1 && tall <= 1) continue;
        if (!element.offsetParent || element.closest('.reveal-skip')) continue;
        if (element.closest('mjx-container')) continue;  // MathJax's own boxes (a stretched brace)
        const style = getComputedStyle(element);
        const scrolls = (wide > 1 && style.overflowX !== 'visible')
            || (tall > 1 && style.overflowY !== 'visible');
        if (scrolls) {
            scrolling.push({where: where(element), wide, tall});
        }
    }
    const widgets = Array.from(slide.querySelectorAll(
        '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.widget-view+json"]'))
        .filter((output) => !output.querySelector('.jupyter-widgets'));
    return {
        top: box.top, left: box.left,
        height: slide.scrollHeight, width: slide.scrollWidth,
        window: [window.innerWidth, window.innerHeight],
        scrolling,
        undrawn: widgets.length,
    };
}"""
"""The slide shown: its content box, what scrolls or clips in it (``overflow`` not visible,
content larger than the box), and how many of its widget outputs are not drawn yet."""


class Slideshow:
    """A notebook's RISE slideshow, opened from JupyterLab, run, and shown full screen."""

    def __init__(self, page: Any, jupyterlab: Any, notebook: str, run: str) -> None:
        """Open ``notebook`` in JupyterLab; ``run``: ``"notebook"`` runs all cells there,
        ``"stored"`` keeps the stored outputs (the boards as their pictures: a widget's model
        lives only in a kernel that ran it); Alt-R; then ``"slides"`` runs all cells in the
        slides (from the slides' command palette, Ctrl-Shift-C); then the slideshow's
        full-screen button."""
        from playwright.sync_api import expect

        self.page = page
        self.outside: list[str] = []
        self.live = run != "stored"
        page.on("request", self._request)
        if run == "notebook":
            jupyterlab.run_all(page, notebook)
        else:
            if run == "stored":
                jupyterlab.open_as_stored(page, notebook)
            else:
                page.goto(jupyterlab.url(notebook))
            # The kernel is ready when the status bar says so (see JupyterLab.run_all).
            ready = page.get_by_text("Python 3 (ipykernel) | Idle")
            expect(ready).to_be_visible(timeout=KERNEL_READY)
        self.lab_fonts = page.evaluate(_FONTS)
        page.locator(".jp-Notebook .jp-Cell .jp-InputPrompt").first.click()  # to command mode
        page.keyboard.press("Alt+r")  # saves the notebook, opens its slides beside it
        preview = page.locator("iframe[src*='/rise/']").element_handle(timeout=DRAWN)
        self.frame = preview.content_frame()  # the same frame object after it navigates
        self.frame.locator(".reveal .slides section.present").first.wait_for(timeout=DRAWN)
        if run == "slides":
            self.run_all(notebook)
        page.locator("[data-jp-item-name='fullscreen']").click()  # the preview's toolbar
        self.frame.wait_for_function(
            "([w, h]) => document.fullscreenElement && window.innerWidth === w"
            " && window.innerHeight === h",
            arg=[page.viewport_size["width"], page.viewport_size["height"]],
            timeout=STEP,
        )

    def run_all(self, notebook: str) -> None:
        """Run All Cells from the slides' command palette; wait until every cell ran.

        Once more if nothing started, as a kernel just connected may silently run nothing
        (see ``JupyterLab.run_all``).
        """
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        for _ in range(2):
            self.frame.locator(".reveal").press("Control+Shift+c")
            palette = self.frame.locator(".lm-CommandPalette")
            palette.locator("input").fill("Run All Cells")
            item = palette.locator(".lm-CommandPalette-item", has_text=re.compile("^Run All Cells"))
            item.first.click()
            try:
                self.frame.wait_for_function(
                    f"() => {{ const cells = ({_CELLS})(); return cells.running + cells.ran; }}",
                    timeout=STARTED,
                    polling=100,
                )
                break
            except PlaywrightTimeout:
                continue
        done = f"""() => {{
            const cells = ({_CELLS})();
            return cells.running === 0 && (cells.ran === cells.code || cells.errors.length > 0)
                ? cells : null;
        }}"""
        cells = self.frame.wait_for_function(done, timeout=RUN_ALL, polling=250).json_value()
        assert cells["ran"] == cells["code"], (
            f"Run All in the slides of {notebook}: {cells['ran']} of {cells['code']} code cells "
            "ran\n" + "\n".join(cells["errors"])
        )

    def run(self, cell: int, key: str, count: int) -> int:
        """Select code cell ``cell`` (a click on its prompt) and press ``key``; wait until it
        ran again (its count above ``count``); return its count."""
        prompt = self.frame.locator(".jp-Notebook .jp-Cell").nth(cell).locator(".jp-InputPrompt")
        prompt.click()
        self.frame.locator(".reveal").press(key)
        ran = self.frame.wait_for_function(
            """([prompt, count]) => {
                const found = prompt.textContent.match(/^\\[(\\d+)\\]:$/);
                return found && Number(found[1]) > count ? Number(found[1]) : null;
            }""",
            arg=[prompt.element_handle(), count],
            timeout=DRAWN,
        )
        number: int = ran.json_value()
        return number

    def _request(self, request: Any) -> None:
        if not request.url.startswith((LOCAL, "data:", "blob:", "about:")):
            self.outside.append(request.url)

    def present(self) -> dict[str, Any]:
        """The slide shown: ``id``, ``fragments`` shown, ``number`` ("n/t")."""
        shown: dict[str, Any] = self.frame.evaluate(_PRESENT)
        return shown

    def press(self, key: str) -> dict[str, Any]:
        """Press ``key`` in the slideshow; wait until it shows another slide or fragment."""
        before = self.present()
        self.frame.locator(".reveal").press(key)
        try:
            handle = self.frame.wait_for_function(
                f"(before) => {{ const now = ({_PRESENT})();"
                " return now && (now.id !== before.id || now.fragments !== before.fragments)"
                " ? now : null; }",
                arg=before,
                timeout=STEP,
                polling=50,
            )
        except Exception as error:
            raise AssertionError(f"{key} did not move on from {before}") from error
        shown: dict[str, Any] = handle.json_value()
        return shown

    def measure(self) -> dict[str, Any]:
        """The slide shown, once its widgets are drawn (in a slideshow that ran) and two
        measures in a row agree."""
        deadline = time.monotonic() + DRAWN / 1000
        last: dict[str, Any] = {}
        while True:
            now: dict[str, Any] = self.frame.evaluate(_MEASURE)
            if now == last and not (self.live and now["undrawn"]):
                return now
            if time.monotonic() > deadline:
                raise AssertionError(f"the slide {self.present()} never settled: {now}")
            last = now
            self.frame.wait_for_timeout(50)  # a polling interval, not a wait for something


def overflows(measured: dict[str, Any]) -> list[str]:
    """What does not fit on a measured slide, in words (empty if it fits)."""
    width, height = measured["window"]
    found = []
    bottom = measured["top"] + measured["height"] - height
    if bottom > 0.5:
        found.append(f"{bottom:.0f} px too tall ({measured['height']} px of content)")
    right = measured["left"] + measured["width"] - width
    if right > 0.5:
        found.append(f"{right:.0f} px too wide ({measured['width']} px of content)")
    if measured["top"] < -0.5:
        found.append(f"starts {-measured['top']:.0f} px above the window")
    for inner in measured["scrolling"]:
        sizes = [(inner["wide"], "wider"), (inner["tall"], "taller")]
        too = " and ".join(f"{pixels} px {word}" for pixels, word in sizes if pixels > 1)
        found.append(f"{inner['where']} scrolls: {too} than its box")
    return found


def name(slide: slides.Slide, total: int) -> str:
    """The slide as the lecturer finds it: its number on screen, its cells and first line."""
    cells = slide.cells
    where = f"cell {cells[0]}" if len(cells) == 1 else f"cells {cells[0]}-{cells[-1]}"
    return f"slide {slide.number}/{total} ({where}: {slide.first_line[:60]!r})"


def halves() -> tuple[list[str], list[str]]:
    """``lectures()`` in two halves: this file checks the first, test_browser_slides_more.py the
    second, so that the two workers of ``make test`` (``--dist loadfile``) share them."""
    chosen = lectures()
    return chosen[: (len(chosen) + 1) // 2], chosen[(len(chosen) + 1) // 2 :]


@pytest.mark.parametrize("lecture", halves()[0])
def test_every_slide_fits(lecture: str, jupyterlab: Any, page: Any, artifacts: Any) -> None:
    """Every slide of ``lecture`` fits 1280x720, stepped through with Space; ``RUN``'s also
    1024x768, after a Run All in the slides (the others as stored)."""
    slides_fit(lecture, jupyterlab, page, artifacts)


def slides_fit(lecture: str, jupyterlab: Any, page: Any, artifacts: Any) -> None:
    """The body of ``test_every_slide_fits``, for either half of the lectures."""
    notebook = json.loads((NOTEBOOKS / lecture).read_text(encoding="utf-8"))
    missing = slides.problems(notebook)
    assert not missing, f"{lecture} is not ready to present:\n" + "\n".join(missing)
    deck = slides.slides(notebook)
    by_id = {slide.id: slide for slide in deck}
    total = len(deck)
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    started = time.monotonic()
    run = "slides" if lecture in RUN else "stored"
    show = Slideshow(page, jupyterlab, lecture, run=run)
    print(f"{lecture}: opened as slides ({run}) in {time.monotonic() - started:.0f} s")

    built = show.frame.evaluate(
        "() => Array.from(document.querySelectorAll('.reveal .slides > section > section'),"
        " (section) => section.id)"
    )
    assert built == list(by_id), f"RISE built other slides than the slide types say: {built}"
    fonts = show.frame.evaluate(_FONTS)
    look = {**COURSE_LOOK, "code": show.lab_fonts["code"]}  # lab_fonts: before the style ran
    assert fonts == look, f"the slides do not look like the notebook: {fonts}"

    failures: list[str] = []
    for width, height in SIZES if run == "slides" else SIZES[:1]:
        page.set_viewport_size({"width": width, "height": height})
        show.frame.wait_for_function(
            "([w, h]) => window.innerWidth === w && window.innerHeight === h",
            arg=[width, height],
            timeout=STEP,
        )
        shown = show.present()
        if shown["id"] != deck[0].id:
            shown = show.press("Home")
        seen = []
        while True:
            slide = by_id[shown["id"]]
            if not seen or seen[-1] != slide.id:
                seen.append(slide.id)
                assert shown["number"] == f"{slide.number}/{total}", (shown, name(slide, total))
                measured = show.measure()
                problems = overflows(measured)
                known = TOO_TALL.get((lecture, slide.first_line))
                label = f"{name(slide, total)} at {width}x{height}"
                print(f"{label}: {measured['height']} x {measured['width']} px", *problems)
                if known and (width, height) == SIZES[0]:
                    if not any("too tall" in problem for problem in problems):
                        failures.append(f"{label} fits now: remove it from TOO_TALL")
                    problems = [problem for problem in problems if "too tall" not in problem]
                if problems:
                    failures.append(f"{label}: " + "; ".join(problems))
                if (width, height) == SIZES[0] and slide.number == 1:
                    page.screenshot(path=artifacts.path("title"))
                if (width, height) == SIZES[0] and slide.first_line == SHOWN.get(lecture):
                    page.screenshot(path=artifacts.path("definition"))
            last = slide is deck[-1] and shown["fragments"] == slide.fragments
            if last:
                break
            shown = show.press("Space")
        assert seen == list(by_id), f"Space did not show every slide in order: {seen}"
        print(f"{width}x{height}: {len(seen)} slides in {time.monotonic() - started:.0f} s")
    assert not show.outside, f"the slideshow fetched from the web: {show.outside}"
    assert not failures, f"{lecture}: slides that do not fit:\n" + "\n".join(failures)


BOARD = "Tic-Tac-Toe.ipynb"
"""The lecture whose board slide is played (its board cell and the next start slides): its
after-class appendix, a game against the computer, which a lecturer may show at the end."""
NEW_GAME = re.compile(
    r"^New game: you move first \(X\), I move second \(O\)\. Your turn: click an empty cell\.$"
)


def test_a_board_answers_in_a_slide(jupyterlab: Any, page: Any, artifacts: Any) -> None:
    """Tic-Tac-Toe's board slide: drawn by the Run All, run again, clicked and answered."""
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    show = Slideshow(page, jupyterlab, BOARD, run="notebook")
    notebook = json.loads((NOTEBOOKS / BOARD).read_text(encoding="utf-8"))
    deck = slides.slides(notebook)
    play_cell = next(
        index
        for index, cell in enumerate(notebook["cells"])
        if cell["cell_type"] == "code" and "Play(" in "".join(cell["source"])
    )
    board_slide = next(slide for slide in deck if play_cell in slide.cells)
    shown = show.present()
    if shown["id"] != deck[0].id:
        shown = show.press("Home")
    while shown["id"] != board_slide.id:
        shown = show.press("Space")

    tic_tac_toe = load_notebook(jupyterlab.served / BOARD)
    board = tic_tac_toe.TicTacToeBoard()
    blue, vermilion = board.palette.players
    colors = {"X": blue, "O": vermilion, "": board.palette.board}
    cells = list(board.cells())
    rects = [grid_rect(board, *cell) for cell in cells]

    def view() -> CellsView:
        return CellsView(find_play_widget(show.frame), board, cells, rects, colors, NEW_GAME)

    view().wait_new_game()  # the board of the Run All in JupyterLab, drawn on its slide
    count = show.run(play_cell, "Control+Enter", 0)
    assert show.present()["id"] == board_slide.id, "Ctrl-Enter left the board's slide"
    game = view()
    game.wait_new_game()  # a new game, from the cell run on the slide
    game.play.record_status()
    game.play.click(*board.center(1, 1))
    _, answer = game.play.wait_for_status(
        re.compile(r"^You played \(1, 1\)\. I am thinking"),
        re.compile(r"^I played \(\d, \d\)\. "),
    )
    found = re.match(r"^I played \((\d), (\d)\)", answer)
    assert found, answer
    game.wait_marks({(1, 1): "X", (int(found[1]), int(found[2])): "O"})
    artifacts.save(page, game.play)

    show.run(play_cell, "Shift+Enter", count)  # runs it and selects the next cell ...
    show.frame.wait_for_function(  # ... on the next slide, which the slideshow shows
        f"(board) => ({_PRESENT})().id !== board", arg=board_slide.id, timeout=STEP
    )
    assert show.press("Shift+Space")["id"] == board_slide.id, "Shift-Space: not back to the board"
    assert not show.outside, f"the slideshow fetched from the web: {show.outside}"

    # Leaving: F leaves full screen; the slides are a tab beside the notebook: close it.
    show.frame.locator(".reveal").press("f")
    show.frame.wait_for_function("() => !document.fullscreenElement", timeout=STEP)
    slides_tab = page.locator(".lm-DockPanel-tabBar").nth(1).locator(".lm-TabBar-tab")
    slides_tab.locator(".lm-TabBar-tabCloseIcon").click()
    page.locator("iframe[src*='/rise/']").wait_for(state="detached", timeout=STEP)
