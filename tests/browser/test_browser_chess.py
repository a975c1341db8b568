"""Chess in a real browser: in JupyterLab (the play page: test_browser_pages.py).

The student runs the notebook and plays on the canvas of its first ``Play`` widget: white, moving
first, clicks a pawn, sees the blue dots where it can go, clicks one of them, and the computer
answers. Every check reads the page itself: the canvas pixels (which square shows a white piece,
a black one, or nothing; the pieces are the chess symbols of a font the page has offline) and the
status line.
"""

from __future__ import annotations

import re
from typing import Any

import chess

from gamesolver.notebook import load_notebook
from gamesolver.widgets import chess_board

NOTEBOOK = "Chess.ipynb"
NEW_GAME = re.compile(
    r"^New game: you move first \(white\), I move second \(black\)\. "
    r"Your turn: click one of your pieces, then where it goes\.$"
)
ANSWER = re.compile(r"^I played (\S+)(?: again)?\. I see ([+-]\d+\.\d pawns|a mate) for you, ")
"""The status line after the computer's move: its move in SAN."""


class ChessView:
    """The chess ``Play`` widget as the student sees it: the colour of the piece on each square."""

    def __init__(self, play: Any, notebook: Any) -> None:
        self.play, self.notebook = play, notebook
        self.board = notebook.ChessBoard()
        self.state = notebook.Start
        ink = chess_board.PieceInk  # the board's drawing lives in the package
        fills = {"w": ink[chess.WHITE][0], "b": ink[chess.BLACK][0]}
        # 12 x 12 pixels in the middle of the lower half of a square: inside every piece's
        # symbol, clear of the rank and file in the corners; more than half of them (72) in a
        # piece's fill says which colour it is (its outline and inner lines are the other's)
        self.rects: dict[bool, list[Any]] = {True: [], False: []}
        self.squares: dict[bool, list[int]] = {True: [], False: []}
        for square in chess.SQUARES:
            x, y = self.board.click_point(square)
            light = bool(chess.BB_LIGHT_SQUARES & chess.BB_SQUARES[square])
            self.rects[light].append((round(x) - 6, round(y) + 2, 12, 12))
            self.squares[light].append(square)
        self.colors = {
            light: {**fills, "": chess_board.LightSquare if light else chess_board.DarkSquare}
            for light in (True, False)
        }

    def wait_state(self, state: str) -> None:
        """Wait until every square shows the colour of its piece in ``state``, or is empty."""
        board = chess.Board(state)
        for light in (True, False):
            expected = []
            for square in self.squares[light]:
                piece = board.piece_at(square)
                expected.append("" if piece is None else "w" if piece.color else "b")
            self.play.wait_read(self.rects[light], self.colors[light], expected, minimum=72)

    def move(self, uci: str) -> str:
        """White plays ``uci`` by two clicks; the computer answers; returns its move.

        The board is scrolled to the middle of the page first, as a student would look at it:
        a canvas half above the top of JupyterLab's notebook panel got the click a few rows
        higher than Playwright aimed it (the panel scrolled as the click arrived)."""
        self.play.canvas.evaluate("(canvas) => canvas.scrollIntoView({block: 'center'})")
        move = chess.Move.from_uci(uci)
        board = chess.Board(self.state)
        san = board.san(move)
        self.play.record_status()
        self.play.click(*self.board.click_point(move.from_square))
        self.play.wait_for_status(re.compile(rf"^{uci[:2]} selected: click where it goes\.$"))
        self.play.record_status()
        self.play.click(*self.board.click_point(move.to_square))
        _, answer = self.play.wait_for_status(
            re.compile(rf"^You played {re.escape(san)}\. I am thinking"), ANSWER, timeout=60_000
        )
        found = ANSWER.match(answer)
        assert found, answer
        board.push(move)
        board.push_san(found[1])
        self.state = board.fen()
        self.wait_state(self.state)
        return found[1]


def test_chess_in_jupyterlab(jupyterlab: Any, page: Any, artifacts: Any) -> None:
    """Run All, then a move of two clicks, the selection looked at, and the answer drawn."""
    jupyterlab.run_all(page, NOTEBOOK)
    notebook = load_notebook(jupyterlab.served / NOTEBOOK)
    view = ChessView(jupyterlab.play_widget(page), notebook)
    view.play.wait_shown(NEW_GAME)
    assert view.play.size() == (view.board.width, view.board.height)
    view.wait_state(view.state)
    view.move("e2e4")
    artifacts.save(page, view.play)
