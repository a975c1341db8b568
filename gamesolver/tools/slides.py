"""A lecture's slides (RISE), read from the notebook: no browser, no kernel.

Each cell's ``"slideshow": {"slide_type": ...}`` says where RISE shows it (``slides``).
``python -m gamesolver.tools.slides NOTEBOOK...`` lists the slides, numbered as RISE shows them,
with their cells, lines of code, prose and output, a rough height in pixels and their first
line; it flags a slide likely too tall for 1280x720, a cell without a slide type and a notebook
without the course's RISE settings. The heights are estimates (a widget counts 0);
``tests/browser/test_browser_slides.py`` measures the real slides.
"""

from __future__ import annotations

import argparse
import base64
import json
import re
import struct
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gamesolver.notebook import NotebookError, cell_source, read_notebook

SLIDE_TYPES = ("slide", "subslide", "fragment", "-", "skip", "notes")
"""The values of ``slide_type`` that RISE knows (``notes``: speaker notes, not on the slide)."""
RISE_SETTINGS: dict[str, Any] = {
    "height": "100%",
    "slideNumber": "c/t",
    "theme": "white",
    "transition": "none",
    "width": "100%",
}
"""The course's RISE settings, in every presented notebook's metadata (``"rise": {...}``): a
slide is the whole window at scale 1 (1280x720 CSS pixels on a 1280x720 projector), numbered
``12/27`` as this module lists it, shown at once at a key press."""
SLIDE_HEIGHT = 720
"""The height that a slide must fit (a 1280x720 projector)."""

# Heights in CSS pixels at the course's font sizes, measured in RISE at 1280x720 (see the test):
CODE_CELL = 23.0
"""A code cell's padding and borders."""
CODE_LINE = 18.2
"""A line of code (JupyterLab's 13 px code font)."""
TEXT_LINE = 17.0
"""A line of printed output."""
OUTPUT = 10.0
"""An output's margins."""
TABLE_ROW = 24.0
"""A row (or the caption) of an HTML table."""
PROSE_LINE = 24.8
"""A rendered line of prose (16 px, line height 1.55)."""
PROSE_WIDTH = 92
"""Characters of prose per rendered line (the prose column is 46em wide)."""
PARAGRAPH = 16.0
"""The space after a paragraph or a list."""
HEADING = {"h1": 90.0, "h2": 70.0, "h3": 45.0}
"""A heading with its margins, by level (deeper levels as level 3)."""
MARKDOWN_CELL = 10.0
"""A markdown cell's padding."""


@dataclass
class Size:
    """The estimated size of a cell or a slide."""

    code: int = 0
    """Lines of code."""
    prose: int = 0
    """Rendered lines of prose (headings count one each)."""
    output: int = 0
    """Lines of printed output and rows of tables."""
    widgets: int = 0
    """Widgets (a board, a tree): their height is not known before they are drawn."""
    height: float = 0.0
    """Pixels, widgets not counted."""

    def __iadd__(self, other: Size) -> Size:
        for name in vars(self):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        return self


@dataclass
class Slide:
    """One slide as RISE builds it from the cells' slide types."""

    number: int
    """1, 2, ...: the slide's number in the slideshow, sub-slides counted."""
    id: str
    """RISE's id of the slide's ``<section>``: ``slide-<h>-<v>`` (from 0)."""
    cells: list[int] = field(default_factory=list)
    """The indices of the cells shown on it, in order (skipped cells and notes left out)."""
    fragments: int = 0
    """How many fragments it reveals one by one (a key press each)."""
    first_line: str = ""
    """The first non-empty line of its first cell."""
    size: Size = field(default_factory=Size)


def first_line(cell: dict[str, Any]) -> str:
    """The cell's first non-empty line, as a reader finds it."""
    return next((line.strip() for line in cell_source(cell).splitlines() if line.strip()), "")


def slide_type(cell: dict[str, Any]) -> str | None:
    """The cell's ``slide_type``, or ``None`` if it has none."""
    value = cell.get("metadata", {}).get("slideshow", {}).get("slide_type")
    return value if isinstance(value, str) else None


def _blocks(source: str) -> list[list[str]]:
    """Markdown as ``[kind, text]`` blocks: ``h1``-``h3``, ``math``, ``pre`` and ``row`` (a
    line each), ``li`` (a list item) and ``p`` (a paragraph), the lines of each joined."""
    blocks: list[list[str]] = []
    current: list[str] | None = None
    fenced = False
    for line in source.splitlines():
        text = line.strip()
        item = re.match(r"^([-*+]|\d+\.)\s", text)
        heading = re.match(r"^(#{1,6})\s", text)
        if text.startswith("```"):
            fenced, current = not fenced, None
        elif fenced or text.startswith(("$$", "|")):
            kind = "pre" if fenced else "math" if text.startswith("$$") else "row"
            if not re.match(r"^\|[-:| ]+\|$", text):  # not a table's rule
                blocks.append([kind, text])
            current = None
        elif heading:
            blocks.append([f"h{min(len(heading[1]), 3)}", text])
            current = None
        elif not text:
            current = None
        elif item or current is None:
            current = ["li" if item else "p", text]
            blocks.append(current)
        else:
            current[1] += " " + text
    return blocks


def _prose(source: str) -> Size:
    """Rendered lines and pixels of markdown (see ``_blocks``)."""
    size, previous = Size(height=MARKDOWN_CELL), ""
    for kind, text in [*_blocks(source), ["end", ""]]:
        if (previous == "li") != (kind == "li"):  # a list's margins
            size.height += PARAGRAPH
        if kind in HEADING:
            size.prose += 1
            size.height += HEADING[kind]
        elif kind in ("math", "pre", "row"):
            size.prose += 1
            size.height += {"math": 2 * PROSE_LINE, "pre": CODE_LINE, "row": TABLE_ROW}[kind]
        elif kind in ("p", "li"):
            shown = re.sub(r"[*`]", "", re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text))
            lines = -(-len(shown) // (PROSE_WIDTH if kind == "p" else PROSE_WIDTH - 6))
            size.prose += lines
            size.height += lines * PROSE_LINE + (PARAGRAPH if kind == "p" else 0)
        previous = kind
    return size


def _png_height(data: str, metadata: dict[str, Any]) -> float:
    """A PNG output's displayed height: its metadata's, else the image's own (its header)."""
    if isinstance(metadata.get("height"), int | float):
        return float(metadata["height"])
    header = base64.b64decode(data[:32])
    return float(struct.unpack(">I", header[20:24])[0]) if header[12:16] == b"IHDR" else 0.0


def _outputs(cell: dict[str, Any]) -> Size:
    """Lines and pixels of a code cell's stored outputs."""
    size = Size()
    for output in cell.get("outputs", []):
        data = output.get("data", {})
        if output.get("output_type") == "stream" or (data and set(data) == {"text/plain"}):
            text = "".join(output.get("text") or data.get("text/plain", ""))
            lines = text.rstrip("\n").count("\n") + 1
            size.output += lines
            size.height += lines * TEXT_LINE + OUTPUT
        elif "application/vnd.jupyter.widget-view+json" in data:
            size.widgets += 1
        elif "text/html" in data:
            html = "".join(data["text/html"])
            if "<style" not in html:  # the style sheet shows nothing
                rows = html.count("<tr") + html.count("<caption")
                size.output += rows
                size.height += rows * TABLE_ROW + 2 * OUTPUT
        elif "image/png" in data:
            metadata = output.get("metadata", {}).get("image/png", {})
            size.height += _png_height("".join(data["image/png"]), metadata) + OUTPUT
        elif "text/plain" in data:  # e.g. an error, or a repr beside an unknown type
            size.output += 1
            size.height += TEXT_LINE + OUTPUT
    return size


def cell_size(cell: dict[str, Any]) -> Size:
    """The estimated size of a cell on a slide, with its stored outputs."""
    if cell.get("cell_type") == "markdown":
        return _prose(cell_source(cell))
    if cell.get("cell_type") != "code":
        return Size()
    lines = len(cell_source(cell).rstrip("\n").splitlines()) or 1
    size = Size(code=lines, height=CODE_CELL + CODE_LINE * lines)
    size += _outputs(cell)
    return size


def slides(notebook: dict[str, Any]) -> list[Slide]:
    """The slides, built from the cells' slide types as RISE builds them.

    As in ``jupyterlab-rise``: every cell up to the first shown one (not ``skip``, not
    ``notes``) and that cell are on the first slide, whatever their types; after it a
    ``slide`` starts the next slide, a ``subslide`` the next slide below it, a ``fragment`` a
    part revealed later; ``-`` (or no type) stays where it is.
    """
    h, v = 0, 0
    deck = [Slide(1, "slide-0-0")]
    started = False
    for index, cell in enumerate(notebook.get("cells", [])):
        kind = slide_type(cell) or "-"
        if started and kind in ("slide", "subslide"):
            h, v = (h + 1, 0) if kind == "slide" else (h, v + 1)
            deck.append(Slide(len(deck) + 1, f"slide-{h}-{v}"))
        elif started and kind == "fragment":
            deck[-1].fragments += 1
        elif kind not in ("skip", "notes"):
            started = True
        if kind in ("skip", "notes"):
            continue
        current = deck[-1]
        current.cells.append(index)
        current.first_line = current.first_line or first_line(cell)
        current.size += cell_size(cell)
    return deck


def problems(notebook: dict[str, Any]) -> list[str]:
    """What keeps the notebook from being presented as the course's slides: a cell without a
    slide type (or an unknown one), RISE settings other than the course's."""
    found = []
    for index, cell in enumerate(notebook.get("cells", [])):
        kind = slide_type(cell)
        if kind not in SLIDE_TYPES:
            what = "no slide type" if kind is None else f"the unknown slide type {kind!r}"
            found.append(f"cell {index} ({first_line(cell)[:50]!r}) has {what}")
    settings = notebook.get("metadata", {}).get("rise")
    if settings != RISE_SETTINGS:
        has = f'"rise": {json.dumps(settings)}' if settings else "no RISE settings"
        found.append(
            f"the notebook's metadata has {has}, not the course's: "
            f'"rise": {json.dumps(RISE_SETTINGS)}'
        )
    return found


def report(path: Path) -> tuple[list[str], int]:
    """The listing of ``path``'s slides (lines to print) and its number of problems."""
    notebook = read_notebook(path)
    deck = slides(notebook)
    lines = [
        f"{path}: {len(deck)} slides (lines of code, of prose, of output; ~px: height at "
        f"1280x{SLIDE_HEIGHT}, +w: widgets not counted)",
        f"{'slide':>8} {'cells':<9} {'code':>4} {'prose':>5} {'output':>6} {'~px':>5}"
        "     first line",
    ]
    tall = []
    for slide in deck:
        size = slide.size
        cells = "-".join(str(index) for index in slide.cells[:1] + slide.cells[1:][-1:])
        widgets = f"+{size.widgets}w" if size.widgets else ""
        mark = "!" if size.height > SLIDE_HEIGHT else " "
        lines.append(
            f"{mark}{slide.number:>3}/{len(deck):<3} {cells:<9} {size.code:>4} {size.prose:>5} "
            f"{size.output:>6} {round(size.height):>5}{widgets:<4} {slide.first_line[:60]}"
        )
        if size.height > SLIDE_HEIGHT:
            tall.append(slide.number)
    found = problems(notebook)
    if tall:
        lines.append(
            f"! likely taller than {SLIDE_HEIGHT} px: slides {', '.join(map(str, tall))} (split "
            "them with a subslide; the browser test measures: see the module's docstring)"
        )
    lines += [f"problem: {problem}" for problem in found]
    return lines, len(found)


def main(argv: Sequence[str] | None = None) -> int:
    """List the slides of each notebook given; exit 1 if one has a problem, 2 if unreadable."""
    parser = argparse.ArgumentParser(
        prog="python -m gamesolver.tools.slides",
        description="List a lecture's slides (RISE) with a rough size of each.",
    )
    parser.add_argument("notebooks", nargs="+", type=Path, metavar="NOTEBOOK")
    arguments = parser.parse_args(argv)
    status = 0
    for path in arguments.notebooks:
        try:
            lines, count = report(path)
        except NotebookError as error:
            print(f"cannot read it as a notebook: {error}", file=sys.stderr)
            status = 2
            continue
        print("\n".join(lines))
        status = max(status, 1 if count else 0)
    return status


if __name__ == "__main__":
    sys.exit(main())
