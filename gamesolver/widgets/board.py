"""The board on the canvas: one look for every game, clicks mapped to moves.

A game notebook draws its board by subclassing ``BoardWidget`` (or ``GridBoard`` for a game on a
grid) and writing two methods, with the lecture's ``(row, col)`` coordinates, 0-based::

    class TicTacToeBoard(GridBoard):
        prompt = "click an empty cell."

        def __init__(self) -> None:
            super().__init__(rows=3, cols=3)

        def draw_state(self, canvas, state):
            self.draw_grid(canvas)
            for row, col in self.cells():
                if state[row][col] == "X":
                    self.draw_x(canvas, row, col)
                elif state[row][col] == "O":
                    self.draw_o(canvas, row, col)

        def move_at(self, state, player, x, y):
            row, col = self.cell_of_click(x, y)      # "That click is outside the board."
            if state[row][col] != " ":
                raise NotAMove(f"{(row, col)} is taken: click an empty cell.")
            return put(state, row, col, player)

The base class owns what no game is about: the ``ipycanvas.Canvas`` at a fixed size in pixels
(so that clicks arrive unscaled), the palette and fonts, batching the drawing, and redrawing
when a browser (re)connects. A board also draws itself as an SVG picture from the same code
(``BoardWidget.picture``), shown before the live canvas so that a notebook stored with its
outputs shows its boards before it runs (``BOARD_STYLE`` hides the picture once the widget is
there).
"""

from __future__ import annotations

import html
import math
import threading
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, ClassVar, Generic, Literal, Protocol, TypeVar

import ipywidgets
from ipycanvas import Canvas, hold_canvas

from gamesolver.game import Player, State

FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif'
"""System fonts only: the notebooks must look the same in a lecture room without a network."""


@dataclass(frozen=True)
class Palette:
    """The colours of every board: high contrast on a projector, and told apart with any kind
    of colour vision (the players are the Okabe–Ito palette's blue and vermilion)."""

    background: str = "#ffffff"
    board: str = "#f3f1ea"
    """The playing area of a grid: a warm light grey, so that white space reads as off-board."""
    grid: str = "#2b2b2b"
    label: str = "#555555"
    """Coordinates in the margin."""
    ink: str = "#1a1a1a"
    players: tuple[str, str] = ("#0072b2", "#d55e00")
    highlight: str = "#009e73"
    """The marks of the last move (Okabe–Ito's bluish green)."""


PALETTE = Palette()

LABEL_SIZE = 16
"""The size in pixels of a grid's coordinates: legible from the back of a room."""


class NotAMove(Exception):
    """A click that is not a move; its message, shown to the student, says what was wrong and
    what to do instead, e.g. ``"(0, 1) is taken: click an empty cell."``."""


OUTSIDE = "That click is outside the board."

_DRAWING = threading.RLock()
"""Serializes all board drawing: ``hold_canvas`` switches ipycanvas' one global canvas manager
into caching mode and back, and the computer's move is drawn from a background thread."""


BOARD_STYLE = """
/* gamesolver.widgets.board: sent with every board's picture, so that it works in any notebook. */
/* A board's picture (an output of its own) shows until the live widget, the next output,
   is drawn; then the picture goes. Until then the widget's output is hidden: it would say
   "Loading widget..." or, in a notebook stored with its outputs, "Error displaying widget:
   model not found". Voila pages run the widget before they show: no picture there. */
body:not([data-voila])
  .jp-OutputArea-child:has(.gamesolver-picture):has(+ .jp-OutputArea-child .gamesolver-board),
body:not([data-voila])
  .jp-OutputArea-child:has(.gamesolver-picture) + .jp-OutputArea-child:not(:has(.gamesolver-board)),
body[data-voila] .jp-OutputArea-child:has(.gamesolver-picture) {
  display: none;
}
/* No focus ring around the canvas after a click: ipycanvas makes the canvas focusable, for
   key events that no board uses, and Chromium draws the ring after a click too. */
.gamesolver-board:focus {
  outline: none;
}
/* A click must not scroll the board: ipycanvas focuses the canvas on a mouse down and only
   then reads where the canvas is, so a board partly scrolled out of view jumped into view
   under the pointer, and the click was read where the pointer then was (a row or two up).
   Focus scrolls only a box (widened by its scroll-margin) that is partly out of view; widened
   past the window on every side, the canvas counts as in view and nothing scrolls. */
.gamesolver-board {
  scroll-margin: 100vh 100vw;
}
.gamesolver-picture {
  display: flex;
  flex-flow: row wrap;
  align-items: flex-start;
  gap: 8px 20px;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  font-size: 18px;
  line-height: 1.4;
}
.gamesolver-picture-side > div {
  margin-bottom: 0.5em;
}
.gamesolver-notice .widget-html-content,
.gamesolver-picture-notice {
  color: #a0410d;
}
.gamesolver-picture-note {
  color: #555555;
  font-size: 14px;
}
"""
"""The CSS of the boards and of ``Play``, sent with every picture (``picture_html``)."""

PICTURE_NOTE = "A picture of the board as it was: run the notebook to play."
PICTURE_TEXT = "[a picture of the board]"


class NoPicture(AttributeError):
    """A board draws with a canvas command that ``PictureCanvas`` does not have: it has no
    picture, and the widget shows without one (any other failure of the drawing is raised)."""


def _number(value: float) -> str:
    """A coordinate or a length for SVG: at most 2 decimals, no trailing zeros, no -0."""
    text = f"{round(value, 2) + 0.0:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


class PictureCanvas:
    """A stand-in for ``ipycanvas.Canvas`` that records a drawing as SVG (``svg()``), with the
    styles and commands the course's boards use, by ipycanvas' names and defaults; any other
    command is a ``NoPicture``."""

    _ALIGN: ClassVar[dict[str, str]] = {
        "start": "start",
        "left": "start",
        "center": "middle",
        "end": "end",
        "right": "end",
    }
    _BASELINE: ClassVar[dict[str, str]] = {
        "alphabetic": "alphabetic",
        "middle": "central",
        "top": "text-before-edge",
        "hanging": "hanging",
        "bottom": "text-after-edge",
        "ideographic": "ideographic",
    }

    def __init__(self, width: int, height: int) -> None:
        """An empty drawing of ``width`` x ``height`` pixels, with the canvas' default styles."""
        self.width = width
        self.height = height
        self.fill_style = "black"
        self.stroke_style = "black"
        self.line_width = 1.0
        self.line_cap = "butt"
        self.line_join = "miter"
        self.global_alpha = 1.0
        self.font = "12px serif"
        self.text_align = "start"
        self.text_baseline = "alphabetic"
        self._dash: list[float] = []
        self._shapes: list[str] = []

    def __getattr__(self, name: str) -> Any:
        """A canvas command that a picture cannot record."""
        raise NoPicture(f"a picture cannot record the canvas command {name!r}")

    # -- styles ----------------------------------------------------------------------------------

    def set_line_dash(self, segments: Sequence[float]) -> None:
        """Dashes of the given lengths for the strokes that follow (``[]``: solid)."""
        self._dash = list(segments)

    def _fill(self) -> str:
        return f'fill="{html.escape(str(self.fill_style))}"{self._alpha()}'

    def _stroke(self) -> str:
        dash = f' stroke-dasharray="{" ".join(map(_number, self._dash))}"' if self._dash else ""
        return (
            f'fill="none" stroke="{html.escape(str(self.stroke_style))}" '
            f'stroke-width="{_number(self.line_width)}" stroke-linecap="{self.line_cap}" '
            f'stroke-linejoin="{self.line_join}"{dash}{self._alpha()}'
        )

    def _alpha(self) -> str:
        return "" if self.global_alpha >= 1 else f' opacity="{_number(self.global_alpha)}"'

    # -- commands --------------------------------------------------------------------------------

    def clear(self) -> None:
        """Start the drawing again: everything drawn so far is gone."""
        self._shapes.clear()

    def sleep(self, time: float) -> None:
        """A pause of an animation: nothing to record in a still picture."""

    def _rect(self, x: float, y: float, width: float, height: float | None, paint: str) -> None:
        height = width if height is None else height
        self._shapes.append(
            f'<rect x="{_number(x)}" y="{_number(y)}" width="{_number(width)}" '
            f'height="{_number(height)}" {paint}/>'
        )

    def fill_rect(self, x: float, y: float, width: float, height: float | None = None) -> None:
        """A filled rectangle (a square without ``height``)."""
        self._rect(x, y, width, height, self._fill())

    def stroke_rect(self, x: float, y: float, width: float, height: float | None = None) -> None:
        """An outlined rectangle (a square without ``height``)."""
        self._rect(x, y, width, height, self._stroke())

    def _circle(self, x: float, y: float, radius: float, paint: str) -> None:
        circle = f'cx="{_number(x)}" cy="{_number(y)}" r="{_number(radius)}"'
        self._shapes.append(f"<circle {circle} {paint}/>")

    def fill_circle(self, x: float, y: float, radius: float) -> None:
        """A filled circle."""
        self._circle(x, y, radius, self._fill())

    def stroke_circle(self, x: float, y: float, radius: float) -> None:
        """An outlined circle."""
        self._circle(x, y, radius, self._stroke())

    def stroke_line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        """A line from ``(x1, y1)`` to ``(x2, y2)``."""
        ends = f'x1="{_number(x1)}" y1="{_number(y1)}" x2="{_number(x2)}" y2="{_number(y2)}"'
        self._shapes.append(f"<line {ends} {self._stroke()}/>")

    def stroke_lines(self, points: Sequence[tuple[float, float]]) -> None:
        """Lines through ``points``, joined."""
        path = " ".join(f"{_number(x)},{_number(y)}" for x, y in points)
        self._shapes.append(f'<polyline points="{path}" {self._stroke()}/>')

    def _text(self, text: str, x: float, y: float, paint: str) -> None:
        anchor = self._ALIGN.get(self.text_align, "start")
        baseline = self._BASELINE.get(self.text_baseline, "alphabetic")
        self._shapes.append(
            f'<text x="{_number(x)}" y="{_number(y)}" style="font: {html.escape(self.font)}" '
            f'text-anchor="{anchor}" dominant-baseline="{baseline}" {paint}>'
            f"{html.escape(text, quote=False)}</text>"
        )

    def fill_text(self, text: str, x: float, y: float, max_width: float | None = None) -> None:
        """``text`` filled at ``(x, y)``, aligned as ``text_align`` and ``text_baseline`` say."""
        self._text(text, x, y, self._fill())

    def stroke_text(self, text: str, x: float, y: float, max_width: float | None = None) -> None:
        """``text`` outlined at ``(x, y)``."""
        self._text(text, x, y, self._stroke())

    def svg(self) -> str:
        """The drawing as an SVG element of the canvas' size."""
        size = f'width="{self.width}" height="{self.height}"'
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" {size} '
            f'viewBox="0 0 {self.width} {self.height}" stroke-miterlimit="10">'
            + "".join(self._shapes)
            + "</svg>"
        )


def picture_html(board_svg: str, side: str = "") -> str:
    """A board's picture as HTML: ``BOARD_STYLE``, the SVG and ``side`` beside it, in a ``div``
    of the class ``gamesolver-picture`` (which nbval's sanitizer masks, as it does a PNG)."""
    return f'<div class="gamesolver-picture"><style>{BOARD_STYLE}</style>{board_svg}{side}</div>'


def picture_side(texts: Iterable[tuple[str, str]], note: str, width: int | None = None) -> str:
    """The column beside a widget's picture (``picture_html``'s ``side``): each non-empty
    ``(text, kind)`` of ``texts`` (HTML) in a ``div`` of the class ``gamesolver-picture-{kind}``
    (none for the kind ``""``), then ``note``, why the picture does not answer; ``width``
    pixels wide, if given, as the live widget's column."""
    divs = "".join(
        f'<div class="gamesolver-picture-{kind}">{text}</div>' if kind else f"<div>{text}</div>"
        for text, kind in texts
        if text
    )
    style = f' style="width: {width}px"' if width is not None else ""
    return (
        f'<div class="gamesolver-picture-side"{style}>{divs}'
        f'<div class="gamesolver-picture-note">{note}</div></div>'
    )


def show_with_picture(widget: Any, picture: str | None, text: str = PICTURE_TEXT) -> None:
    """Display ``picture`` (``picture_html``, if any; ``text`` its text form), then ``widget``:
    a stored notebook opened without running has no widget model, but shows the picture."""
    from IPython.display import display

    if picture is not None:
        display({"text/html": picture, "text/plain": text}, raw=True)  # type: ignore[no-untyped-call]
    display(widget._repr_mimebundle_(), raw=True)  # type: ignore[no-untyped-call]


class BoardCanvas(Canvas):  # type: ignore[misc]  # ipycanvas is untyped
    """The canvas of a ``BoardWidget``: an ``ipycanvas.Canvas`` with the CSS class
    ``gamesolver-board``, displayed with the board's picture before it (``show_with_picture``).
    """

    def __init__(self, board: BoardWidget[Any, Any], **kwargs: Any) -> None:
        """The canvas of ``board``; ``kwargs`` go to ``Canvas``."""
        super().__init__(**kwargs)
        self.add_class("gamesolver-board")
        self.board = board

    def __repr__(self) -> str:
        """Short and stable (nbval compares it): the size and the board's class."""
        return f"Canvas({self.width} x {self.height}) of {type(self.board).__name__}"

    def _ipython_display_(self) -> None:
        picture = self.board.picture()
        show_with_picture(self, None if picture is None else picture_html(picture))


class BoardWidget(ABC, Generic[State, Player]):
    """A game's view on an ``ipycanvas.Canvas``: draws states and maps clicks to moves.

    Subclasses write ``draw_state`` and ``move_at``, and may override ``draw_move``,
    ``draw_motion``, ``draw_line``, ``player_name``, ``face`` and ``prompt``.
    """

    palette: ClassVar[Palette] = PALETTE
    prompt: ClassVar[str] = "click on the board to make your move."
    """What the student does on their turn; the status line says "Your turn: " before it."""

    def __init__(self, width: int, height: int) -> None:
        """A board of ``width`` x ``height`` canvas pixels, shown at exactly that size."""
        self.width = width
        self.height = height
        # In px, or the canvas stretches to the output area and clicks arrive scaled.
        self.canvas: Any = BoardCanvas(
            self,
            width=width,
            height=height,
            layout=ipywidgets.Layout(width=f"{width}px", height=f"{height}px"),
        )
        self.canvas.on_client_ready(self._client_ready)
        self._shown: tuple[State, State | None] | None = None
        self._line: tuple[State, ...] = ()

    # -- what a game writes ---------------------------------------------------------------------

    @abstractmethod
    def draw_state(self, canvas: Any, state: State) -> None:
        """Draw ``state`` on ``canvas``, which is already cleared to the background colour."""

    @abstractmethod
    def move_at(self, state: State, player: Player, x: float, y: float) -> State:
        """The state after ``player`` clicks at canvas pixel ``(x, y)`` in ``state``, or
        ``NotAMove``; the caller checks that it is one of ``game.next_states``."""

    def draw_move(self, canvas: Any, before: State, after: State) -> None:
        """Mark the move from ``before`` to ``after`` over ``draw_state``; default: none."""

    def draw_motion(self, canvas: Any, before: State, after: State) -> None:
        """Animate the move from ``before`` to ``after``; default: none. Each frame starts with
        ``self.blank(canvas)`` and ends with ``canvas.sleep(milliseconds)``; a fifth of a second
        in all, as the student waits for it."""

    def draw_line(self, canvas: Any, state: State, line: Sequence[State]) -> None:
        """Show ``line``, the states of a line of play after ``state`` (the computer's expected
        play), over the board; default: none. A grid game draws ``draw_ghost`` marks."""

    def player_name(self, player: Player) -> str:
        """How the status line names ``player`` ("you move first (X)")."""
        return str(player)

    def face(self, player: Player) -> None:
        """Turn the board to the student ``player``'s side at each new game; default: nothing
        (a board whose pieces move forward sets ``GridBoard.flipped``)."""

    # -- drawing --------------------------------------------------------------------------------

    def draw(
        self,
        state: State,
        before: State | None = None,
        line: Sequence[State] = (),
        moved: bool = False,
    ) -> None:
        """Show ``state``, the move to it from ``before`` and the ``line`` of play after it,
        animating the move first if it was just ``moved``; in one message (``hold_canvas``),
        so never half-drawn. The state is kept for the redraw when a browser connects."""
        with _DRAWING:
            self._shown = (state, before)
            self._line = tuple(line)
            self._paint(moved)

    @property
    def shown(self) -> State | None:
        """The state drawn last (``None`` before the first ``draw``)."""
        return None if self._shown is None else self._shown[0]

    @property
    def shown_line(self) -> tuple[State, ...]:
        """The line of play drawn over the state (empty if none)."""
        return self._line

    def redraw(self) -> None:
        """Draw the remembered state again (or the empty background before the first ``draw``)."""
        with _DRAWING:
            self._paint()

    def blank(self, canvas: Any) -> None:
        """Start a picture (or a frame of ``draw_motion``): the styles reset, the background."""
        self._reset_styles(canvas)
        canvas.clear()
        canvas.fill_style = self.palette.background
        canvas.fill_rect(0, 0, self.width, self.height)

    def picture(self) -> str | None:
        """The board as shown now, as an SVG image; ``None`` if its drawing uses a command that
        ``PictureCanvas`` does not have (any other failure of the drawing is raised)."""
        canvas = PictureCanvas(self.width, self.height)
        with _DRAWING:
            try:
                self._paint_on(canvas)
            except NoPicture:
                return None
        return canvas.svg()

    def _paint(self, moved: bool = False) -> None:
        failure: BaseException | None = None
        with hold_canvas():
            # hold_canvas does not restore its state if the body raises, so a student's error
            # in draw_state is raised after the half-drawing is flushed.
            try:
                self._paint_on(self.canvas, moved)
            except BaseException as error:
                failure = error
        if failure is not None:
            raise failure

    def _paint_on(self, canvas: Any, moved: bool = False) -> None:
        """Draw the remembered state on ``canvas`` (animating the move first if ``moved``)."""
        if moved and self._shown is not None and self._shown[1] is not None:
            self.draw_motion(canvas, self._shown[1], self._shown[0])
        self.blank(canvas)
        if self._shown is not None:
            state, before = self._shown
            self.draw_state(canvas, state)
            if before is not None:
                self._reset_styles(canvas)
                self.draw_move(canvas, before, state)
            if self._line:
                self._reset_styles(canvas)
                self.draw_line(canvas, state, self._line)

    @staticmethod
    def _reset_styles(canvas: Any) -> None:
        """Set every style the helpers use: after a page reload, the browser's canvas has the
        defaults while the Python object still holds the old styles."""
        canvas.global_alpha = 1.0
        canvas.line_width = 1.0
        canvas.line_cap = "butt"
        canvas.line_join = "miter"
        canvas.set_line_dash([])
        canvas.font = f"16px {FONT}"
        canvas.text_align = "start"
        canvas.text_baseline = "alphabetic"
        canvas.fill_style = "black"
        canvas.stroke_style = "black"

    def _client_ready(self) -> None:
        """A browser view of the canvas is ready (first display, page reload, Voilà): redraw.

        Works around ipycanvas issue #322: its canvas manager sends "switchCanvas" only when the
        target changes, so a reloaded page, with no current canvas, stays blank unless the
        private attribute is reset (pinned by tests/test_play.py; ipycanvas < 0.15).
        """
        with _DRAWING:
            self.canvas._canvas_manager._current_canvas = None
            self._paint()

    def draw_outlined_disc(self, canvas: Any, x: float, y: float, radius: float, fill: str) -> None:
        """A disc of ``fill`` at ``(x, y)`` outlined in the grid's colour: a piece, a hint."""
        canvas.fill_style = fill
        canvas.fill_circle(x, y, radius)
        canvas.stroke_style = self.palette.grid
        canvas.line_width = 1.5
        canvas.stroke_circle(x, y, radius)

    # -- text -----------------------------------------------------------------------------------

    def draw_text(
        self,
        canvas: Any,
        x: float,
        y: float,
        text: str,
        size: float = 16,
        color: str | None = None,
        bold: bool = False,
        align: Literal["left", "center", "right"] = "center",
    ) -> None:
        """Write ``text`` centred vertically at ``(x, y)`` in the system font."""
        canvas.font = f"{'bold ' if bold else ''}{size:g}px {FONT}"
        canvas.fill_style = color or self.palette.ink
        canvas.text_align = align
        canvas.text_baseline = "middle"
        canvas.fill_text(text, x, y)


Cell = tuple[int, int]
"""A cell of a grid as the lecture writes it: ``(row, col)``, 0-based, row 0 at the top."""


def changed_cell(before: Sequence[Sequence[object]], after: Sequence[Sequence[object]]) -> Cell:
    """The one cell whose mark differs between two grids of marks (rows of a state): the move
    between them, for the boards whose states are rows; ``ValueError`` unless exactly one."""
    changed = [
        (r, c) for r, row in enumerate(after) for c, mark in enumerate(row) if mark != before[r][c]
    ]
    if len(changed) != 1:
        raise ValueError(f"not one move apart: {len(changed)} cells differ")
    return changed[0]


FIGURE = 0.6
"""The width of a figure or a comma in ems of the boards' bold system font, generously: how a
board sizes the numbers of a mark without measuring text in the browser."""

Landing = TypeVar("Landing")


def line_marks(landings: Iterable[tuple[Cell, Landing]]) -> list[tuple[Cell, Landing, str]]:
    """The moves of a line of play, numbered from 1, as one mark a cell: for each cell where a
    move lands (in the order of the first landing), what the board keeps of the first move to
    land there (its player, its piece, whether the cell is taken now, ...) and the numbers of
    every move landing there, ``"1,4,5"``: one mark a cell, so that marks never cover each
    other."""
    marks: dict[Cell, tuple[Landing, list[int]]] = {}
    for number, (cell, landing) in enumerate(landings, start=1):
        marks.setdefault(cell, (landing, []))[1].append(number)
    return [
        (cell, landing, ",".join(map(str, numbers))) for cell, (landing, numbers) in marks.items()
    ]


Shape = Literal["x", "o", "disc"]


class GridBoard(BoardWidget[State, Player]):
    """A board of ``rows`` x ``cols`` square cells, with the coordinates written in the margin.

    ``cell_at`` maps a click to ``(row, col)`` and the ``draw_*`` helpers draw marks in the
    common look; player ``0`` is the first player (blue), ``1`` the second (vermilion).
    """

    flipped: bool = False
    """Whether the board is turned half a turn (row 0 at the bottom), e.g. to put the student's
    pieces at the bottom: ``center``, ``origin`` and ``cell_at`` follow it."""

    def __init__(self, rows: int, cols: int, cell: int = 96, margin: int = 28) -> None:
        """``cell``: the side of a cell; ``margin``: the width of the coordinate strip; in px."""
        if rows < 1 or cols < 1:
            raise ValueError(f"a grid needs at least one row and one column, not {rows}x{cols}")
        self.rows = rows
        self.cols = cols
        self.cell = cell
        self.margin = margin
        self.left = self.top = margin
        """The x of the grid's left edge and the y of its top edge."""
        pad = 8  # room for the outer grid line on the right and at the bottom
        super().__init__(width=margin + cols * cell + pad, height=margin + rows * cell + pad)

    def cells(self) -> Iterator[Cell]:
        """Every cell, row by row."""
        for row in range(self.rows):
            for col in range(self.cols):
                yield row, col

    def _turned(self, row: float, col: float) -> tuple[float, float]:
        """Where cell ``(row, col)`` is drawn: itself, or its opposite if ``flipped``."""
        if self.flipped:
            return self.rows - 1 - row, self.cols - 1 - col
        return row, col

    def cell_at(self, x: float, y: float) -> Cell | None:
        """The cell under canvas pixel ``(x, y)``, or ``None`` in the margin or outside (NaN
        and infinities too)."""
        if not (math.isfinite(x) and math.isfinite(y)):
            return None
        col = math.floor((x - self.left) / self.cell)
        row = math.floor((y - self.top) / self.cell)
        if 0 <= row < self.rows and 0 <= col < self.cols:
            turned_row, turned_col = self._turned(row, col)
            return int(turned_row), int(turned_col)
        return None

    def cell_of_click(self, x: float, y: float) -> Cell:
        """The cell under ``(x, y)``; raises ``NotAMove`` for a click outside the grid."""
        cell = self.cell_at(x, y)
        if cell is None:
            raise NotAMove(OUTSIDE)
        return cell

    def center(self, row: float, col: float) -> tuple[float, float]:
        """The canvas pixel at the centre of cell ``(row, col)``: where a test clicks."""
        left, top = self.origin(row, col)
        return left + 0.5 * self.cell, top + 0.5 * self.cell

    def origin(self, row: float, col: float) -> tuple[float, float]:
        """The canvas pixel at the top left corner of cell ``(row, col)``."""
        row, col = self._turned(row, col)
        return self.left + col * self.cell, self.top + row * self.cell

    @property
    def label_size(self) -> int:
        """The size of the coordinates in the margin: ``LABEL_SIZE``, or less in a margin too
        narrow for it."""
        return min(LABEL_SIZE, max(11, round(self.margin * 0.6)))

    def color(self, who: int) -> str:
        """The colour of player ``who``: ``0`` moves first, ``1`` second."""
        return self.palette.players[who]

    def draw_grid(self, canvas: Any, outer: bool = True, labels: bool = True) -> None:
        """The playing area, its lines (with the frame if ``outer``) and the coordinates."""
        right = self.left + self.cols * self.cell
        bottom = self.top + self.rows * self.cell
        canvas.fill_style = self.palette.board
        canvas.fill_rect(self.left, self.top, right - self.left, bottom - self.top)
        canvas.stroke_style = self.palette.grid
        canvas.line_width = 3
        canvas.line_cap = "square"
        skip = 0 if outer else 1  # without the frame: only the lines between cells
        for row in range(skip, self.rows + 1 - skip):
            y = self.top + row * self.cell
            canvas.stroke_line(self.left, y, right, y)
        for col in range(skip, self.cols + 1 - skip):
            x = self.left + col * self.cell
            canvas.stroke_line(x, self.top, x, bottom)
        if labels:
            size = self.label_size
            for row in range(self.rows):
                _, middle = self.center(row, 0)
                self.draw_text(canvas, self.margin / 2, middle, str(row), size, self.palette.label)
            for col in range(self.cols):
                middle, _ = self.center(0, col)
                self.draw_text(canvas, middle, self.margin / 2, str(col), size, self.palette.label)

    def draw_x(self, canvas: Any, row: int, col: int, who: int = 0) -> None:
        """An X in cell ``(row, col)``, in player ``who``'s colour (the first player's: blue)."""
        x, y = self.center(row, col)
        arm = self.cell * 0.28
        canvas.stroke_style = self.color(who)
        canvas.line_width = max(3, self.cell * 0.1)
        canvas.line_cap = "round"
        canvas.stroke_line(x - arm, y - arm, x + arm, y + arm)
        canvas.stroke_line(x - arm, y + arm, x + arm, y - arm)

    def draw_o(self, canvas: Any, row: int, col: int, who: int = 1) -> None:
        """An O in cell ``(row, col)``, in player ``who``'s colour (the second's: vermilion)."""
        x, y = self.center(row, col)
        canvas.stroke_style = self.color(who)
        canvas.line_width = max(3, self.cell * 0.1)
        canvas.stroke_circle(x, y, self.cell * 0.29)

    def draw_disc(self, canvas: Any, row: int, col: int, who: int) -> None:
        """A filled disc of player ``who`` in cell ``(row, col)`` (Connect Four, Othello, ...)."""
        self.draw_outlined_disc(canvas, *self.center(row, col), self.cell * 0.4, self.color(who))

    def draw_mark(self, canvas: Any, row: int, col: int, who: int, shape: Shape) -> None:
        """Player ``who``'s mark of the given ``shape`` in cell ``(row, col)``."""
        if shape == "x":
            self.draw_x(canvas, row, col, who)
        elif shape == "o":
            self.draw_o(canvas, row, col, who)
        else:
            self.draw_disc(canvas, row, col, who)

    def highlight_cell(self, canvas: Any, row: int, col: int) -> None:
        """Outline cell ``(row, col)``, e.g. the last move."""
        inset = max(4, self.cell * 0.06)
        canvas.stroke_style = self.palette.highlight
        canvas.line_width = max(3, self.cell * 0.05)
        canvas.line_join = "round"
        left, top = self.origin(row, col)
        canvas.stroke_rect(left + inset, top + inset, self.cell - 2 * inset, self.cell - 2 * inset)

    def draw_winning_line(self, canvas: Any, cells: Sequence[Cell]) -> None:
        """Strike through a winning line, a thick highlight stroke through the centres of
        ``cells``, so that every line game shows where it was won in one look."""
        canvas.stroke_style = self.palette.highlight
        canvas.line_width = max(4, self.cell * 0.12)
        canvas.line_cap = "round"
        canvas.line_join = "round"
        for start, end in pairwise(cells):
            canvas.stroke_line(*self.center(*start), *self.center(*end))

    def draw_ghost(
        self,
        canvas: Any,
        row: int,
        col: int,
        who: int,
        number: int | str,
        shape: Shape = "disc",
    ) -> None:
        """A faint mark of player ``who`` with ``number`` on it: move ``number`` of a line of play
        (or the moves ``"1,4"``: ``line_marks``). On an occupied cell, ``draw_ghost_tag``."""
        canvas.global_alpha = 0.3
        self.draw_mark(canvas, row, col, who, shape)
        canvas.global_alpha = 1.0
        x, y = self.center(row, col)
        size = self.ghost_number_size(str(number))
        self.draw_text(canvas, x, y, str(number), size, self.palette.ink, True)

    def ghost_number_size(self, label: str) -> int:
        """The size in pixels of a ghost's numbers ``label``: about a third of the cell, smaller
        for numbers too wide for the cell at that size (``"2,6,10,14"``)."""
        return min(round(self.cell * 0.36), math.floor(self.cell * 0.9 / (FIGURE * len(label))))

    def draw_ghost_tag(self, canvas: Any, row: int, col: int, who: int, number: int | str) -> None:
        """Move ``number`` of a line of play on an occupied cell (or the moves ``"3,7"``): a small
        disc of player ``who``'s colour with the number in the cell's top right corner, so that
        the piece stays in view; several numbers stretch it to the left into a pill."""
        label = str(number)
        left, top = self.origin(row, col)
        radius = self.cell * 0.2
        x, y = left + self.cell - radius - 2, top + radius + 2
        size = round(radius * 1.3)
        longest = self.cell - 2 * radius - 3  # the pill's left end still inside the cell
        size = min(size, math.floor((longest + 1.6 * radius) / (FIGURE * len(label))))
        stretch = max(0.0, min(longest, FIGURE * size * len(label) - 1.6 * radius))
        fill = self.color(who)
        if stretch == 0:
            self.draw_outlined_disc(canvas, x, y, radius, fill)
        else:  # a pill: its outline, then its fill, each two discs and the band between them
            for paint, reach in ((self.palette.grid, radius + 1.5), (fill, radius)):
                canvas.fill_style = paint
                canvas.fill_circle(x - stretch, y, reach)
                canvas.fill_circle(x, y, reach)
                canvas.fill_rect(x - stretch, y - reach, stretch, 2 * reach)
        ink = self.palette.ink if _light(fill) else self.palette.background
        self.draw_text(canvas, x - stretch / 2, y + 0.5, label, size, ink, True)


def _light(color: str) -> bool:
    """Whether ``"#rrggbb"`` is light (dark text reads on it): its relative luminance, with
    the sRGB weights, above one half. Other colour forms count as dark."""
    if not (color.startswith("#") and len(color) == 7):
        return False
    red, green, blue = (int(color[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue > 0.5


class Selected(NotAMove):
    """Not a move yet: part of one is clicked (a piece, a landing square, a pawn waiting for its
    promotion); the message says what to click next."""


class Picked(Protocol):
    """What a ``TwoClickBoard`` keeps of the clicks so far: at least the state they were made in."""

    @property
    def state(self) -> Any: ...


PickedT = TypeVar("PickedT", bound=Picked)


Hint = "#56b4e9"
"""What a two-click board suggests: the selection, the pieces that can move, where they go
(the sky blue of the Okabe–Ito palette)."""


class TwoClickBoard(GridBoard[State, Player], Generic[State, Player, PickedT]):
    """A grid board whose moves take more than one click (checkers, chess): ``selection``, what
    was clicked so far in its ``state``, is kept and drawn (by the subclass's ``draw_state``)
    until the board shows another state, or the same one with no move before it (New game, or
    Undo to the start). Both games are played on the squares of a chequered board, drawn here
    (``draw_squares``) with the marks that the two share."""

    selection: PickedT | None = None
    ring: ClassVar[float] = 0.41
    """The radius of ``draw_ring``'s ring, in cells: just around the game's pieces."""

    def draw_squares(self, canvas: Any, light: str, dark: str) -> None:
        """The squares in ``light`` and ``dark`` (the top left one light), framed in the grid's
        colour."""
        width, height = self.cols * self.cell, self.rows * self.cell
        canvas.fill_style = self.palette.grid
        canvas.fill_rect(self.left - 4, self.top - 4, width + 8, height + 8)
        for row, col in self.cells():  # drawn, not turned: the pattern is the same turned
            canvas.fill_style = dark if (row + col) % 2 else light
            x, y = self.left + col * self.cell, self.top + row * self.cell
            canvas.fill_rect(x, y, self.cell, self.cell)

    def outline(self, canvas: Any, cell: Cell, color: str) -> None:
        """A 3-px outline just inside ``cell``: a square of the last move, a promotion's piece."""
        canvas.stroke_style = color
        canvas.line_width = 3
        left, top = self.origin(*cell)
        canvas.stroke_rect(left + 2, top + 2, self.cell - 4, self.cell - 4)

    def draw_ring(self, canvas: Any, cell: Cell, width: float) -> None:
        """A ``Hint`` ring ``width`` px wide around ``cell``'s piece: selected, it can move, ..."""
        canvas.stroke_style = Hint
        canvas.line_width = width
        canvas.stroke_circle(*self.center(*cell), self.cell * self.ring)

    def draw_dot(self, canvas: Any, cell: Cell) -> None:
        """A ``Hint`` dot in ``cell``: the selected piece can go there."""
        self.draw_outlined_disc(canvas, *self.center(*cell), self.cell * 0.14, Hint)

    def draw(
        self,
        state: State,
        before: State | None = None,
        line: Sequence[State] = (),
        moved: bool = False,
    ) -> None:
        """Show ``state``; the selection is forgotten unless it was made in ``state`` and
        ``state`` follows a move."""
        if self.selection is not None and (before is None or self.selection.state != state):
            self.selection = None
        super().draw(state, before, line, moved)

    def select(self, state: State, selection: PickedT | None, message: str) -> Selected:
        """Keep ``selection`` (``None``: nothing selected) in ``state`` and draw it; returns the
        message of what to click next, to raise."""
        self.selection = selection
        if self.shown == state:
            self.redraw()
        else:  # a board that was not showing `state` (a test's): show it, keep the selection
            super().draw(state)
        return Selected(message)
