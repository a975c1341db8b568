"""The Nim board of the package (``gamesolver.widgets.nim_board``), with rules written here: the
board takes the lecture's ``take`` and ``other`` as arguments and keeps no rule of its own. The
lecture's game on the board is tested in ``test_nim.py``."""

from __future__ import annotations

import pytest

from gamesolver.widgets.board import NotAMove
from gamesolver.widgets.nim_board import HEAD, WOOD, NimBoard

Piles = tuple[int, ...]


def take(piles: Piles, move: tuple[int, int], keep_empty: bool = False) -> Piles:
    """The lecture's rule, written independently: take ``n`` from ``pile`` (counted from 1)."""
    pile, n = move
    left = piles[pile - 1] - n
    return piles[: pile - 1] + ((left,) if left or keep_empty else ()) + piles[pile:]


def other(player: str) -> str:
    return "B" if player == "A" else "A"


@pytest.mark.parametrize("piles", [(), (0, 0), (1, -1)])
def test_a_board_without_matches_is_refused(piles: Piles) -> None:
    with pytest.raises(ValueError, match="needs piles of matches"):
        NimBoard(take, other, piles)


def test_the_board_has_a_row_per_pile_and_room_for_the_largest() -> None:
    board = NimBoard(take, other, (2, 4, 1))
    assert (board.rows, board.cols) == (3, 4)


def test_a_click_asks_the_rules_for_the_move() -> None:
    """The match clicked and those to its right are taken, by the rule given; a dropped pile or
    a kept 0 as that rule says."""
    dropping, keeping = NimBoard(take, other), NimBoard(take, other, keep_empty=True)
    state = ((1, 3, 5, 7), "A")
    assert dropping.move_at(state, "A", *dropping.center(0, 0)) == ((3, 5, 7), "B")
    assert keeping.move_at(state, "A", *keeping.center(0, 0)) == ((0, 3, 5, 7), "B")
    assert keeping.move_at(state, "B", *keeping.center(2, 1)) == ((1, 3, 1, 7), "A")
    with pytest.raises(NotAMove, match="no match there"):
        keeping.move_at(((0, 3, 5, 7), "B"), "B", *keeping.center(0, 0))


def test_the_picture_shows_every_match_and_the_players_names() -> None:
    """The stored picture (an SVG) has a stick and a head per match: 1 + 3 + 5 + 7 = 16."""
    board = NimBoard(take, other, keep_empty=True)
    board.draw(((1, 3, 5, 7), "A"))
    picture = board.picture()
    assert picture is not None
    assert picture.count(f'fill="{WOOD}"') == 16 and picture.count(f'fill="{HEAD}"') == 16
    assert (board.player_name("A"), board.player_name("B")) == ("Alice", "Bob")


def test_no_highlight_when_a_dropped_pile_moved_the_rows_up() -> None:
    """The matches just taken are drawn faint only where they were: not after a pile was
    dropped, when the rows below it show other piles now."""
    board = NimBoard(take, other)
    board.draw(((3, 5, 7), "B"), before=((1, 3, 5, 7), "A"))
    dropped = board.picture()
    board.draw(((3, 5, 7), "B"))
    assert dropped == board.picture()
    kept = NimBoard(take, other, keep_empty=True)
    kept.draw(((0, 3, 5, 7), "B"), before=((1, 3, 5, 7), "A"))
    assert kept.picture() != dropped


def test_the_students_move_stays_in_view_after_the_computers_answer() -> None:
    """Issue 33, item 16: Nim never showed the student's own move. The student's matches were
    gone the moment the computer answered (in a few milliseconds), and only the computer's
    were drawn faint. Drawn as ``Play`` draws them, the two last moves show: the last one (the
    computer's) faint and outlined, the one before it (the student's) faint and outlined in
    dashes."""
    board = NimBoard(take, other, keep_empty=True)
    start = ((1, 3, 5, 7), "A")
    student = ((1, 3, 5, 6), "B")  # the student takes 1 from pile 4 ...
    computer = ((1, 3, 3, 6), "A")  # ... and the computer 2 from pile 3
    board.draw(start)
    board.draw(student, before=start, moved=True)
    board.draw(computer, before=student, moved=True)
    picture = board.picture()
    assert picture is not None
    faint = [shape for shape in picture.split("<")[1:] if f'fill="{WOOD}"' in shape]
    assert sum('opacity="0.35"' in shape for shape in faint) == 1 + 2
    outlines = [
        shape for shape in picture.split("<")[1:] if shape.startswith("rect") and "stroke=" in shape
    ]
    assert len(outlines) == 2 and sum("stroke-dasharray" in shape for shape in outlines) == 1

    board.draw(start)  # New game: no move, nothing faint
    assert 'opacity="0.35"' not in (board.picture() or "")
    board.draw(student, before=start)
    board.draw(start, before=None)  # Undo to the start
    board.draw(student, before=start)  # one move only: no dashes
    assert "stroke-dasharray" not in (board.picture() or "")
