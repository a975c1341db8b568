"""Checkers in a real browser: in JupyterLab (the play page: test_browser_pages.py).

The student runs the notebook and plays on the canvas of its first ``Play`` widget (section
*Play*; a scripted replay widget comes after it): red, moving first, clicks one of its men and
then the square where it goes, and the computer answers after its search of half a second (the
time per move the menu starts with). Every check reads the page itself: the canvas pixels
(which dark square shows a red piece, a white one, a blue dot where the selected man can go,
or nothing) and the status line.
"""

from __future__ import annotations

import re
from typing import Any

from gamesolver.notebook import load_notebook
from gamesolver.widgets.checkers_board import CheckersBoard, DarkSquare, Hint

from .conftest import PlayWidget
from .views import CellsView

NOTEBOOK = "Checkers-Search.ipynb"
NEW_GAME = re.compile(
    r"^New game: you move first \(red\), I move second \(white\)\. "
    r"Your turn: click one of your pieces, then where it goes\.$"
)
ANSWER = re.compile(
    r"^I played (\d+(?:[-x]\d+)+)(?: again)?\. I see the value -?[\d.]+ for you, "
    r"(an estimate at depth \d+|a win for (me|you) found at depth \d+|exact): "
)
"""The status line after the computer's move: its move, and how it found its value."""
MOVE_NAME = re.compile(r"\d+(?:[-x]\d+)+")
WATCHING = 90_000
"""Milliseconds to wait for the computers' moves at 0.1 s each (the page and the kernel are slow
in CI; each move is drawn, listed and counted as it is made)."""


class CheckersView(CellsView):
    """The checkers ``Play`` widget as the student sees it: what stands on each dark square."""

    def __init__(self, play: Any, notebook: Any, student: str | None = "red") -> None:
        """``play``: the widget in the page; ``notebook``: the definitions of Checkers.ipynb (or of
        Checkers-Search.ipynb, which has them too);
        ``student``: the side that ``Play`` turns the board to (``None``: not turned, as in
        ``Watch``; red's men at the top)."""
        self.notebook = notebook
        self.state = notebook.Start
        self.selected: int | None = None
        board = CheckersBoard(notebook.legal_moves, notebook.coords)
        if student is not None:
            board.face(student)  # red, the student's side, at the bottom
        side = 24  # the middle of the square: inside a piece, clear of the number in its corner
        rects = []
        for square in range(1, 33):
            x, y = board.click_point(square)
            rects.append((round(x) - side // 2, round(y) - side // 2, side, side))
        red, white = board.palette.players
        colors = {"r": red, "w": white, "dot": Hint, "": DarkSquare}
        super().__init__(play, board, range(1, 33), rects, colors, NEW_GAME)

    def wait_state(self, state: Any, dots: tuple[int, ...] = ()) -> None:
        """Wait until the canvas shows the pieces of ``state`` and blue dots on ``dots``."""
        bit = self.notebook.bit
        marks = {s: "r" for s in range(1, 33) if state.red & bit(s)}
        marks |= {s: "w" for s in range(1, 33) if state.white & bit(s)}
        self.wait_marks(marks | dict.fromkeys(dots, "dot"))

    def wait_new_game(self) -> None:
        """A new game with the student to move: its status line and the pieces drawn."""
        self.play.wait_shown(NEW_GAME)
        assert self.play.size() == (self.board.width, self.board.height) == (528, 528)
        self.wait_state(self.state)

    def click(self, square: int) -> None:
        self.play.click(*self.board.click_point(square))

    def select(self, square: int) -> tuple[int, ...]:
        """Click one of red's men: it is selected, a blue dot where it can go; returns those."""
        self.play.record_status()
        self.click(square)
        self.play.wait_for_status(re.compile(rf"^{square} selected: click where it goes\.$"))
        dots = tuple(self.board.next_squares(self.state, (square,)))
        assert dots, f"{square} cannot move"
        self.wait_state(self.state, dots)
        self.selected = square
        return dots

    def move(self, path: tuple[int, ...], seen: bool = True) -> str:
        """Red moves along ``path``, a click on each square (the first may be selected already);
        the computer answers.

        ``seen``: wait ``SETTLE`` first, as a person who has seen the computer's last move (the
        widget refuses a move clicked sooner). Checks the status lines and the pieces drawn;
        returns the computer's move as the status line names it.
        """
        (mine,) = [m.after for m in self.notebook.legal_moves(self.state) if m.path == path]
        name = self.notebook.describe_move(self.state, mine)
        if seen:
            self.wait_seen()
        if self.selected != path[0]:
            self.select(path[0])
        for square in path[1:-1]:
            self.play.record_status()
            self.click(square)
            self.play.wait_for_status(re.compile(r"^Jump on: click the next landing square\.$"))
        self.play.record_status()
        self.click(path[-1])
        self.selected = None
        _, answer = self.play.wait_for_status(
            re.compile(rf"^You played {name}\. I am thinking"), ANSWER, timeout=60_000
        )
        found = ANSWER.match(answer)
        assert found, answer
        (reply,) = {
            m.after
            for m in self.notebook.legal_moves(mine)
            if self.notebook.describe_move(mine, m.after) == found[1]
        }
        self.state = reply
        self.wait_state(reply)
        return found[1]


def watch_computers(page: Any, notebook: Any, artifacts: Any) -> None:
    """The first ``Watch`` widget: set 0.1 s a move, Step (one move), Play, Pause after a few
    more; the move list, the progress bar and the board must tell the same game."""
    from playwright.sync_api import expect

    box = page.locator(".widget-vbox:has(> .gamesolver-progress)").first
    view = CheckersView(PlayWidget(page, box), notebook, student=None)
    moves, progress = box.locator(".gamesolver-moves"), box.locator(".gamesolver-progress")
    view.wait_state(notebook.Start)
    box.locator("select").select_option(label="0.1 s")
    box.get_by_role("button", name="Step", exact=True).click()
    expect(moves).to_have_text(re.compile(r"^1\. \d+-\d+$"), timeout=WATCHING)
    box.get_by_role("button", name="Play", exact=True).click()
    expect(moves).to_contain_text(re.compile(r"4\. \S+ \S+"), timeout=WATCHING)  # 8 plies
    box.get_by_role("button", name="Pause", exact=True).click()
    expect(box.get_by_role("button", name="Play", exact=True)).to_be_enabled(timeout=WATCHING)
    state, names = notebook.Start, MOVE_NAME.findall(moves.inner_text())
    for name in names:  # the game the list tells, replayed by the rules
        (state,) = {
            m.after
            for m in notebook.legal_moves(state)
            if notebook.describe_move(state, m.after) == name
        }
    expect(progress).to_contain_text(f"ply {len(names)} of 500")
    view.wait_state(state)
    box.screenshot(path=artifacts.path("watch"))


def test_checkers_in_jupyterlab(jupyterlab: Any, page: Any, artifacts: Any) -> None:
    """Run All, then two moves of two clicks each, the first with a look at the selection;
    then two computers play each other in the Watch widget."""
    jupyterlab.run_all(page, NOTEBOOK)
    notebook = load_notebook(jupyterlab.served / NOTEBOOK)
    view = CheckersView(jupyterlab.play_widget(page), notebook)
    view.wait_new_game()
    assert view.select(11) == (15, 16)
    view.play.canvas.screenshot(path=artifacts.path("selected"))
    view.move((11, 15), seen=False)  # 11 is selected: one more click
    view.move(view.notebook.legal_moves(view.state)[0].path)  # a step, or the jump it must make
    artifacts.save(page, view.play)
    watch_computers(page, notebook, artifacts)
