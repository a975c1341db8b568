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

The base class owns what no game is about: the ``ipycanvas.Canvas`` with a fixed size in pixels
(so that click coordinates arrive unscaled), the palette and fonts, batching the drawing commands,
and redrawing when a browser (re)connects, which works around a known ipycanvas bug (see
``BoardWidget._client_ready``). ``gamesolver.widgets.play.Play`` turns a board and a ``Game`` into a
game to play against the computer.

A board also draws itself as a picture, an SVG image made from the same drawing code
(``BoardWidget.picture``, on a ``PictureCanvas``): displayed, the canvas (and ``Play``) comes with
that picture in an output of its own, so that a notebook stored with its outputs shows its
boards before it runs, where JupyterLab would otherwise say "Error displaying widget: model
not found"; once the live widget is there, the picture hides itself (``BOARD_STYLE``).
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
    """The colours of every board.

    High contrast on a projector, and told apart with any kind of colour vision: the two players
    are the blue and the vermilion of the Okabe–Ito palette, the marks of the last move are
    outlined in its bluish green.
    """

    background: str = "#ffffff"
    """The canvas behind everything."""
    board: str = "#f3f1ea"
    """The playing area of a grid (a warm light grey, so that white space reads as off-board)."""
    grid: str = "#2b2b2b"
    """Grid lines."""
    label: str = "#555555"
    """Coordinates in the margin."""
    ink: str = "#1a1a1a"
    """Text on the board, e.g. the numbers of ghost marks."""
    players: tuple[str, str] = ("#0072b2", "#d55e00")
    """The first player's colour (blue), then the second player's (vermilion)."""
    highlight: str = "#009e73"
    """The outline around the last move."""


PALETTE = Palette()
"""The palette that every board uses unless a subclass sets its own ``palette``."""

LABEL_SIZE = 16
"""The size in pixels of the coordinates written around a grid: legible from the back of a
room (a grid's margin must be wide enough for them)."""


class NotAMove(Exception):
    """A click that is not a move: outside the board, on an occupied cell, ...

    The message is shown to the student on the status line, so it says exactly what was wrong
    and what to do instead, e.g. ``"(0, 1) is taken: click an empty cell."``.
    """


OUTSIDE = "That click is outside the board."
"""The message for a click that hits no cell."""

_DRAWING = threading.RLock()
"""Serializes all board drawing in the kernel.

``hold_canvas`` switches ipycanvas' single, global canvas manager into caching mode and back;
two threads drawing at the same time (the computer's move is drawn from a background thread)
could flush each other's half-drawn boards or lose commands.
"""


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
"""The CSS of the boards and of ``Play``, in every picture a board displays (``picture_html``)."""

PICTURE_NOTE = "A picture of the board as it was: run the notebook to play."
"""Under the texts of ``Play``'s picture: why the board in a stored notebook does not answer."""
PICTURE_TEXT = "[a picture of the board]"
"""The picture's text form, for a front end that shows no HTML."""


class NoPicture(AttributeError):
    """A board draws with a canvas command that ``PictureCanvas`` does not have: it has no
    picture, and the widget shows without one (any other failure of the drawing is raised)."""


def _number(value: float) -> str:
    """A coordinate or a length for SVG: at most 2 decimals, no trailing zeros, no -0."""
    text = f"{round(value, 2) + 0.0:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


class PictureCanvas:
    """A stand-in for ``ipycanvas.Canvas`` that records a drawing as SVG: ``BoardWidget.picture``.

    It has the styles and the commands that the course's boards use (rectangles, lines,
    circles, text, dashes, transparency) with ipycanvas' names and defaults; any other command
    is a ``NoPicture``, and the board has no picture. ``svg()`` is the drawing so far.
    Text is left to the browser's fonts, as on the canvas.
    """

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
        """A canvas command that a picture cannot record (only called for missing names)."""
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

    def fill_circle(self, x: float, y: float, radius: float) -> None:
        """A filled circle."""
        circle = f'cx="{_number(x)}" cy="{_number(y)}" r="{_number(radius)}"'
        self._shapes.append(f"<circle {circle} {self._fill()}/>")

    def stroke_circle(self, x: float, y: float, radius: float) -> None:
        """An outlined circle."""
        circle = f'cx="{_number(x)}" cy="{_number(y)}" r="{_number(radius)}"'
        self._shapes.append(f"<circle {circle} {self._stroke()}/>")

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
    """A board's picture as the HTML of an output of its own: ``BOARD_STYLE``, the SVG, and
    ``side`` (HTML) beside it, in a ``div`` of the class ``gamesolver-picture``, which the
    course's nbval sanitizer masks from where it starts: a picture is compared no more than
    a PNG."""
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
    """Display ``picture`` (``picture_html``; none if ``None``; ``text`` its text form), then
    ``widget``: two outputs.

    A widget's output alone is a reference to a model that lives in the kernel: a notebook
    opened without running it has no model, and JupyterLab writes an error in its place.
    """
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

    Subclasses write ``draw_state`` and ``move_at``; they may also override ``draw_move`` (show
    the last move), ``draw_motion`` (animate it), ``draw_line`` (show a line of play the
    computer expects), ``player_name`` and ``prompt``. Call ``draw(state)`` to show a state: it
    batches the drawing into one message and remembers the state, so the board is drawn again
    whenever a browser connects (page reload, Voilà).
    """

    palette: ClassVar[Palette] = PALETTE
    prompt: ClassVar[str] = "click on the board to make your move."
    """What the student does on their turn; the status line says "Your turn: " before it."""

    def __init__(self, width: int, height: int) -> None:
        """A board of ``width`` x ``height`` canvas pixels, shown at exactly that size."""
        self.width = width
        self.height = height
        # A layout in px pins the displayed size to the canvas size: otherwise the canvas
        # stretches to the width of the output area and click coordinates arrive scaled.
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
        """The state after ``player`` clicks at canvas pixel ``(x, y)`` in ``state``.

        Raises ``NotAMove`` with a message for the student if the click is not a move.
        The caller checks that the result is one of ``game.next_states(state, player)``.
        """

    def draw_move(self, canvas: Any, before: State, after: State) -> None:
        """Mark the move from ``before`` to ``after``, drawn over ``draw_state``; default: none.

        A grid game finds the changed cell and calls ``highlight_cell``.
        """

    def draw_motion(self, canvas: Any, before: State, after: State) -> None:
        """Animate the move from ``before`` to ``after``; default: none (the move just appears).

        Called by ``draw(..., moved=True)`` before the final picture, in the same message: draw
        each frame after ``self.blank(canvas)`` and end it with ``canvas.sleep(milliseconds)``,
        a drawing command that the browser carries out in turn (e.g. a disc falling down its
        column). Keep it short, a fifth of a second: the student waits for it.
        """

    def draw_line(self, canvas: Any, state: State, line: Sequence[State]) -> None:
        """Show ``line``, the states of a line of play after ``state``, over it; default: none.

        Drawn over ``draw_state`` and ``draw_move`` when ``draw`` is given a line, e.g. the
        principal variation that the computer's explanation reads. A grid game finds the cell
        of each move and calls ``draw_ghost`` with the move's number, 1, 2, 3, ...
        """

    def player_name(self, player: Player) -> str:
        """How the status line names ``player`` ("you move first (X)")."""
        return str(player)

    def face(self, player: Player) -> None:
        """Turn the board to ``player``'s side, the student's in ``Play`` (at each new game);
        default: nothing (a board that looks the same from both sides). A board whose pieces
        move forward turns so that the student's pieces start at the bottom
        (``GridBoard.flipped``)."""

    # -- drawing --------------------------------------------------------------------------------

    def draw(
        self,
        state: State,
        before: State | None = None,
        line: Sequence[State] = (),
        moved: bool = False,
    ) -> None:
        """Show ``state`` (and the move that led to it from ``before``, if given).

        With ``line`` (states that follow ``state``), ``draw_line`` shows it over the board.
        With ``moved`` (the move from ``before`` was just made), ``draw_motion`` animates it
        first. The commands go to the browser in one message (``hold_canvas``), so the board
        never shows half-drawn. The state is remembered for the redraw when a browser connects
        (which does not animate).
        """
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
        """The board as it is shown now (``draw``), as an SVG image; ``None`` if its drawing
        uses a command that ``PictureCanvas`` does not have (``NoPicture``). Any other failure
        of the drawing is raised: a notebook shows it where the board would be."""
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
            # ipycanvas' hold_canvas does not restore its state if the body raises: every later
            # drawing command of every canvas would stay in its cache. So the body never raises;
            # a student's error in draw_state is re-raised after the half-drawing is flushed.
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
        """Set every style the helpers use, every time.

        After a page reload the browser's canvas starts with the defaults while the Python object
        still holds the styles set before; setting them again keeps both sides in step.
        """
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

        Workaround for ipycanvas issue #322 ("current canvas out of sync after page reload",
        open in ipycanvas 0.14.3). The Python canvas manager, shared by all canvases, sends the
        browser a "switchCanvas" command only when the target canvas differs from the last one
        it targeted. A reloaded page has a fresh manager in the browser with no current canvas,
        so without a switch every command fails there ("Cannot read properties of undefined
        (reading 'clearCanvas')") and the board stays blank. ipycanvas has no public way to
        reset the manager, so the private attribute is reset here; tests/test_play.py pins
        this behaviour of ipycanvas, and pyproject.toml bounds ipycanvas below 0.15 so that no
        install gets a version the test has not seen.
        """
        with _DRAWING:
            self.canvas._canvas_manager._current_canvas = None
            self._paint()

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

FIGURE = 0.6
"""The width of a figure or a comma in ems of the boards' bold system font, generously: how a
board sizes the numbers of a mark without measuring text in the browser."""

Landing = TypeVar("Landing")


def line_marks(landings: Iterable[tuple[Cell, Landing]]) -> list[tuple[Cell, Landing, str]]:
    """The moves of a line of play, numbered from 1, as one mark a cell: for each cell where a
    move lands (in the order of the first landing), what the board keeps of the first move to
    land there (its player, its piece, whether the cell is taken now, ...) and the numbers of
    every move landing there, ``"1,4,5"``.

    Drawn one ghost or one tag a cell, the marks never cover each other: on chess's e3 a
    bishop, the knight that takes it and the pawn that takes the knight were a ghost and two
    tags in one corner.
    """
    marks: dict[Cell, tuple[Landing, list[int]]] = {}
    for number, (cell, landing) in enumerate(landings, start=1):
        marks.setdefault(cell, (landing, []))[1].append(number)
    return [
        (cell, landing, ",".join(map(str, numbers))) for cell, (landing, numbers) in marks.items()
    ]


Shape = Literal["x", "o", "disc"]


class GridBoard(BoardWidget[State, Player]):
    """A board of ``rows`` x ``cols`` square cells, with the coordinates written in the margin.

    Tic-tac-toe, Connect Four, Othello, ... share it: ``cell_at`` maps a click to ``(row, col)``
    and the ``draw_*`` helpers draw marks in the common look. Player ``0`` is the first player
    (blue), player ``1`` the second (vermilion).

    ``flipped`` turns the board half a turn (row 0 at the bottom, column 0 on the right), e.g.
    to put the student's pieces at the bottom (``face``): ``center``, ``origin`` and
    ``cell_at`` follow it, so a board that places everything through them turns whole.
    """

    flipped: bool = False
    """Whether the board is seen from the other side: cell ``(row, col)`` is drawn where
    ``(rows - 1 - row, cols - 1 - col)`` would be."""

    def __init__(self, rows: int, cols: int, cell: int = 96, margin: int = 28) -> None:
        """``cell``: the side of a cell; ``margin``: the width of the coordinate strip; in px."""
        if rows < 1 or cols < 1:
            raise ValueError(f"a grid needs at least one row and one column, not {rows}x{cols}")
        self.rows = rows
        self.cols = cols
        self.cell = cell
        self.margin = margin
        self.left = margin
        """The x of the grid's left edge (the row numbers are written left of it)."""
        self.top = margin
        """The y of the grid's top edge (the column numbers are written above it)."""
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
        """The cell under canvas pixel ``(x, y)``, or ``None`` in the margin or outside.

        NaN and infinities are outside too (``math.floor`` would raise on them).
        """
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
        x, y = self.center(row, col)
        canvas.fill_style = self.color(who)
        canvas.fill_circle(x, y, self.cell * 0.4)
        canvas.stroke_style = self.palette.grid
        canvas.line_width = 1.5
        canvas.stroke_circle(x, y, self.cell * 0.4)

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
        """Strike through a winning line: a thick stroke in the highlight colour from the centre
        of each of ``cells`` (grid cells, in the order of the line) to the next, over the marks.

        Every line game draws its win with it (tic-tac-toe's three, Connect Four's four, a
        line through the four layers of the cube), so that a finished game shows where it was
        won in one look, the same on every board.
        """
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
        (or the moves ``"1,4"``, which land on one cell: ``line_marks``).

        Used to show a principal variation, the moves the search expects, in order. On a cell
        where a piece stands now (it moves away or is taken during the line), draw
        ``draw_ghost_tag`` instead: a faint mark there would cover the piece.
        """
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
        disc of player ``who``'s colour with the number, in the cell's top right corner, so that
        the piece standing there stays in view (``draw_ghost`` covers the cell's middle).
        Several numbers stretch the disc to the left, along the cell's top, into a pill with
        figures as large as one number's; they shrink only where the cell is too narrow."""
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
            canvas.fill_style = fill
            canvas.fill_circle(x, y, radius)
            canvas.stroke_style = self.palette.grid
            canvas.line_width = 1.5
            canvas.stroke_circle(x, y, radius)
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
        x, y = self.center(*cell)
        canvas.fill_style = Hint
        canvas.fill_circle(x, y, self.cell * 0.14)
        canvas.stroke_style = self.palette.grid
        canvas.line_width = 1.5
        canvas.stroke_circle(x, y, self.cell * 0.14)

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
