"""The checkers board (gamesolver/widgets/checkers_board.py) with Checkers.ipynb's rules: a move
clicked piece first, then each square where it lands.

``CheckersBoard`` keeps a selection between clicks; every click that is not yet a move raises
``Selected`` (a ``NotAMove``) with what to click next, every click that cannot be part of a
move says why. The play widget and its controller are driven headlessly, as a student's clicks
would drive them; the computer searches 1 or 2 moves deep, so the file runs in seconds.
"""

from __future__ import annotations

import ast
import functools
import itertools
import json
import random
import re
import types
from typing import Any

import pytest
from conftest import NOTEBOOKS, notebook

from gamesolver.widgets.board import OUTSIDE, NotAMove, Selected
from gamesolver.widgets.checkers_board import JUMP_ON, LIGHT, CheckersBoard, Selection
from gamesolver.widgets.play import COMPUTER_FIRST, Play, PlayController
from gamesolver.widgets.watch import Watch, numbered

CS: types.ModuleType = notebook("Checkers-Search.ipynb")
"""Checkers-Search.ipynb: the computer (checkers_search), and the rules it loads."""
CK: types.ModuleType = CS.rules
"""Checkers.ipynb's definitions, as Checkers-Search.ipynb loaded them."""
GAME = CK.game
START = CK.Start
JUMPY = CK.parse("B:W15,24,25,26:B1,10,21")[0]
"""Red's 10 can take 15 and 24 (10x19x28), 21 can take 25 (21x30, crowned); 1 cannot move."""
YOUR_TURN = "Your turn: click one of your pieces, then where it goes."
PIECES = "Click one of your pieces (red)."


def new_board() -> CheckersBoard:
    """A board for the notebook's rules."""
    return CheckersBoard(CK.legal_moves, CK.coords)


def quick(state: Any, player: str, rng: random.Random) -> tuple[float, Any, Any]:
    """The notebook's computer at depth 1: its answers do not depend on the clock."""
    answer: tuple[float, Any, Any] = CS.computer(state, player, rng, budget=None, depth=1)
    return answer


def controller(state: Any = None, seed: int = 0) -> PlayController[Any, Any]:
    """A game against ``quick``, from ``state`` if given (red to move in it)."""
    c: PlayController[Any, Any] = PlayController(GAME, new_board(), quick, seed=seed)
    if state is not None:
        c.state = state
    return c


def click(c: PlayController[Any, Any], square: int) -> bool:
    """A click on the centre of ``square``."""
    return c.click(*c.board.click_point(square))


def move(state: Any, path: tuple[int, ...]) -> Any:
    """The state after the legal move along ``path``."""
    (found,) = [m.after for m in CK.legal_moves(state) if m.path == path]
    return found


def test_every_square_is_clicked_where_it_is_drawn() -> None:
    board = new_board()
    for square in range(1, 33):
        assert board.cell_at(*board.click_point(square)) == CK.coords(square)
        assert CK.square_at(*board.cell_at(*board.click_point(square))) == square
    assert board.click_point(1)[1] < board.click_point(32)[1]  # red's side at the top
    assert board.cell == 64 and board.width == board.height == 8 + 8 * 64 + 8
    assert board.width <= 840  # fits JupyterLab's output area
    assert board.player_name("red") == "red" and board.player_name("white") == "white"


def test_a_move_takes_two_clicks() -> None:
    c = controller()
    assert c.status == f"New game: you move first (red), I move second (white). {YOUR_TURN}"
    assert not click(c, 11)
    assert c.status == "11 selected: click where it goes." and c.state == START
    assert c.board.selection == Selection(START, (11,))
    assert c.board.shown == START  # drawn with the selection
    assert c.board.next_squares(START, (11,)) == [15, 16]
    assert click(c, 15)
    assert c.state == move(START, (11, 15)) and c.board.selection is None
    assert c.status == "You played 11-15. I am thinking ..."
    assert c.computer_move() and c.status.startswith("I played ") and c.phase == "human"


def test_every_click_that_is_no_move_says_why() -> None:
    c = controller()
    board = c.board
    refused = [
        ((2, 2), OUTSIDE),
        (board.center(0, 0), LIGHT),
        (board.click_point(14), PIECES),  # an empty square
        (board.click_point(22), PIECES),  # white's piece
        (board.click_point(1), "1 cannot move: click one of the ringed pieces."),
    ]
    for (x, y), message in refused:
        assert not c.click(x, y)
        assert (c.status, c.state, board.selection) == (message, START, None)
    assert not click(c, 9)
    still = "9 is still selected: click a blue dot or one of the ringed pieces."
    for square, message in [
        (18, "9 cannot go to 18: click a blue dot."),
        (22, "9 cannot go to 22: click a blue dot."),
        (1, f"1 cannot move. {still}"),  # said "click one of the ringed pieces" (issue 33)
    ]:
        assert not click(c, square)
        assert c.status == message and board.selection == Selection(START, (9,))
    assert not c.click(*board.center(3, 3)) and c.status == f"{LIGHT} {still}"
    assert not c.click(board.width - 2, 3) and c.status == f"{OUTSIDE} {still}"
    assert board.selection == Selection(START, (9,))  # kept through the refused clicks
    assert c.phase == "human" and c.history == []


def test_a_capture_is_compulsory() -> None:
    c = controller(JUMPY)
    assert not click(c, 1)
    assert c.status == "A capture is compulsory: 10 or 21 must jump."
    only = controller(CK.parse("B:W15,24:B1,10")[0])
    assert not click(only, 1) and only.status == "A capture is compulsory: 10 must jump."
    assert not click(c, 10) and not click(c, 14)  # a step, where a jump is compulsory
    assert c.status == "10 cannot go to 14: click a blue dot."


def test_a_multi_jump_is_clicked_landing_square_by_landing_square() -> None:
    c = controller(JUMPY)
    assert not click(c, 10) and c.board.next_squares(JUMPY, (10,)) == [19]
    assert not click(c, 19)
    assert c.status == JUMP_ON == "Jump on: click the next landing square."
    assert c.board.selection == Selection(JUMPY, (10, 19))
    assert c.board.next_squares(JUMPY, (10, 19)) == [28]
    assert not click(c, 23)
    assert c.status == "23 is not a landing square: click a blue dot to jump on."
    assert c.board.selection == Selection(JUMPY, (10, 19))
    assert click(c, 28)
    assert c.state == move(JUMPY, (10, 19, 28)) and c.status.startswith("You played 10x19x28.")
    crowned = controller(JUMPY)  # a man crowned on the far row stops: two clicks
    assert not click(crowned, 21) and click(crowned, 30)
    assert crowned.state == move(JUMPY, (21, 30)) and crowned.state.kings == CK.bit(30)


def test_a_king_s_jumps_that_branch_are_told_apart_by_their_landing_squares() -> None:
    king, _ = CK.parse("B:W14,15,22,23,24:BK10")
    paths = sorted(m.path for m in CK.legal_moves(king))
    assert paths == [(10, 17, 26, 19, 10), (10, 17, 26, 19, 28), (10, 19, 26, 17, 10), (10, 19, 28)]
    for path in paths:
        c = controller(king)
        for square in path[:-1]:
            assert not click(c, square)
        assert click(c, path[-1]) and c.state == move(king, path)  # back on 10: a landing


def test_reselect_and_put_back() -> None:
    c = controller()
    assert not click(c, 11) and not click(c, 10)
    assert c.status == "10 selected: click where it goes." and c.board.selection.path == (10,)
    assert not click(c, 10)
    assert c.status == f"10 put back. {PIECES}" and c.board.selection is None
    assert not click(c, 14) and c.status == PIECES  # nothing selected: no move
    j = controller(JUMPY)
    assert not click(j, 10) and not click(j, 19) and not click(j, 21)  # mid-jump: another piece
    assert j.board.selection == Selection(JUMPY, (21,))
    assert not click(j, 10) and not click(j, 19) and not click(j, 10)  # back to the start
    assert j.status == f"10 put back. {PIECES}" and j.board.selection is None


def test_the_selection_belongs_to_the_position_it_was_made_in() -> None:
    board = new_board()
    after = move(START, (11, 15))
    reply = CK.legal_moves(after)[0].after
    with pytest.raises(Selected):
        board.move_at(reply, "red", *board.click_point(10))
    board.draw(reply, before=after)  # the same position again (a click ended an explanation)
    assert board.selection == Selection(reply, (10,))
    board.draw(START)  # another position: forgotten
    assert board.selection is None
    board.draw(reply, before=after)
    board.selection = Selection(reply, (10,))
    board.draw(reply)  # the same position with no move before it: New game, Undo to the start
    assert board.selection is None
    board.selection = Selection(reply, (10,))  # and move_at ignores one of another position
    blocked = CK.parse("B:W22:B1")[0]
    assert CK.legal_moves(blocked)  # 1 can move
    with pytest.raises(NotAMove) as refused:
        board.move_at(blocked, "red", *board.click_point(14))
    assert str(refused.value) == PIECES and not isinstance(refused.value, Selected)


def test_the_widget_forgets_the_selection_on_new_game_undo_and_the_computer_s_move() -> None:
    play = Play(GAME, new_board(), quick)
    board = play.board
    play.click(*board.click_point(11))
    assert board.selection == Selection(START, (11,))
    play.new_game()  # the same position, a new game
    assert board.selection is None and board.shown == START
    play.click(*board.click_point(15))  # no longer a move
    assert play.status == PIECES and play.controller.state == START
    play.click(*board.click_point(11))
    play.click(*board.click_point(15))
    play.wait()
    assert board.selection is None and board.shown == play.controller.state
    state = play.controller.state
    piece = CK.legal_moves(state)[0].path[0]
    play.click(*board.click_point(piece))
    assert board.selection == Selection(state, (piece,))
    play.undo()
    assert board.selection is None and board.shown == START
    play.click(*board.click_point(9))
    play.first.value = COMPUTER_FIRST  # a new game where the computer moves first
    play.wait()
    assert board.selection is None and board.shown == play.controller.state != START
    assert play.controller.human == "white"
    assert play.status.startswith("I played ") and play.status.endswith(YOUR_TURN)


def test_a_selection_survives_the_end_of_an_explanation() -> None:
    depth_two = functools.partial(CS.computer, budget=None, depth=2)
    play = Play(GAME, new_board(), depth_two, explain=True, explaining=True)
    play.click(*play.board.click_point(11))
    play.click(*play.board.click_point(15))
    play.wait()
    seen = play.controller.seen
    assert seen is not None and seen.depth == 2 and play.explanation.startswith("I play ")
    assert play.board.shown_line == tuple(seen.line[1:]) != ()
    state = play.controller.state
    piece = CK.legal_moves(state)[0].path[0]
    play.click(*play.board.click_point(piece))  # a selection: what the computer said stays
    assert play.explanation.startswith("I play ") and play.board.shown_line != ()
    play.explaining = False  # ends the explanation, which is redrawn away
    assert play.explanation == "" and play.board.shown_line == ()
    assert play.board.selection == Selection(state, (piece,))


def test_the_last_move_is_drawn_with_its_path(sent: list[list[str]]) -> None:
    board = new_board()
    board.draw(JUMPY)
    (plain,) = sent
    assert plain.count("fillCircle") == 7  # the pieces
    assert plain.count("strokeCircle") == 7 + 2  # their outlines, the rings of 10 and 21
    assert plain.count("fillText") == 32  # the square numbers
    sent.clear()
    board.draw(move(JUMPY, (10, 19, 28)), before=JUMPY)
    (moved,) = sent
    assert moved.count("strokeRect") == 2  # the first and the last square outlined
    assert moved.count("strokeLines") == 1  # the path through 10, 19, 28
    assert moved.count("strokeLine") == 2 * 2  # an x on 15 and on 24
    assert moved.count("fillCircle") == 5  # the pieces left: 1, 21, 28 and white's 25, 26
    assert moved.count("strokeCircle") == 5 + 2  # white's 25 and 26 can move: ringed
    sent.clear()
    with pytest.raises(Selected, match=r"^10 selected: click where it goes\.$"):
        board.move_at(JUMPY, "red", *board.click_point(10))
    (selected,) = sent  # the board redrawn with the selection: one ring, one dot
    assert selected.count("fillCircle") == 7 + 1 and selected.count("strokeCircle") == 7 + 1 + 1


def test_a_partial_multi_jump_is_drawn(sent: list[list[str]]) -> None:
    c = controller(JUMPY)
    click(c, 10)
    sent.clear()
    click(c, 19)
    (drawn,) = sent
    assert drawn.count("strokeLines") == 1  # the path so far: 10, 19
    assert drawn.count("strokeLine") == 2  # 15 crossed out
    assert drawn.count("fillCircle") == 7 + 1 + 1  # the pieces, the piece on 19, the dot on 28


def test_the_line_of_play_is_drawn_as_numbered_pieces(sent: list[list[str]]) -> None:
    board = new_board()
    first = move(START, (11, 15))
    line = [first, CK.legal_moves(first)[0].after]
    board.draw(START, line=line)
    (drawn,) = sent
    assert drawn.count("fillText") == 32 + 2  # the square numbers, then 1 and 2


def test_a_whole_game_clicked_against_the_computer() -> None:
    c = controller(seed=3)
    rng = random.Random(3)
    moves = 0
    while c.phase == "human" and moves < 12:
        chosen = rng.choice(CK.legal_moves(c.state))
        for square in chosen.path[:-1]:
            assert not click(c, square), c.status
        assert click(c, chosen.path[-1]), c.status
        assert c.state == chosen.after
        moves += 1
        if c.phase == "computer":
            assert c.computer_move()
    assert moves == 12 or c.phase == "over"
    assert len(c.history) == moves


def test_two_computers_play_checkers_in_the_watch_widget() -> None:
    shallow = functools.partial(CS.computer, budget=None, depth=1)
    plain = functools.partial(CS.computer, budget=None, depth=1, estimate=CS.material)
    watch = Watch(CK.game, new_board(), {"red": shallow, "white": plain}, max_plies=12)
    assert watch.run() == watch.status and "limit of 12 plies" in watch.status
    history = watch.history
    assert len(history) == 13 and watch.progress.value == 12
    assert watch.moves == [CK.describe_move(a, b) for a, b in itertools.pairwise(history)]
    assert numbered(watch.moves).startswith(f"1. {watch.moves[0]} {watch.moves[1]}  2. ")
    assert watch.board.shown == history[-1]


def moves_between(before: Any, after: Any) -> list[str]:
    """The student's move and the computer's answer that lead from ``before`` to ``after``."""
    for move in CK.legal_moves(before):
        for answer in CK.legal_moves(move.after):
            if answer.after == after:
                return [
                    CK.describe_move(before, move.after),
                    CK.describe_move(move.after, after),
                ]
    raise AssertionError("no move and answer lead there")


def test_the_notebooks_clicked_game_plays_the_moves_its_narration_names() -> None:
    """Issue 24: the narration of the clicked game named a sacrifice 11-16 and a multi-jump
    8x15x22 that its output did not show. The moves the narration names, in order, are the moves
    played by the cell's clicks (the computer searching 3 moves deep, as in the cell)."""
    cells = json.loads((NOTEBOOKS / "Checkers-Search.ipynb").read_text(encoding="utf-8"))["cells"]
    (index,) = [i for i, cell in enumerate(cells) if "replay = Play(" in "".join(cell["source"])]
    source, narration = "".join(cells[index]["source"]), "".join(cells[index - 1]["source"])
    found = re.search(r"for square in (\[[\d, ]+\])", source)
    assert found is not None and "depth=3" in source
    replay = Play(GAME, new_board(), functools.partial(CS.computer, budget=None, depth=3))
    played, state = [], replay.controller.state
    for square in ast.literal_eval(found.group(1)):
        replay.click(*replay.board.click_point(square))
        replay.wait()
        if replay.controller.state != state:
            played += moves_between(state, replay.controller.state)
            state = replay.controller.state
    assert re.findall(r"\b\d+(?:[-x]\d+)+\b", narration) == played
    assert any("x" in move and move.count("x") == 2 for move in played)  # the multi-jump


def test_a_board_refuses_a_numbering_that_is_not_one_square_a_place() -> None:
    with pytest.raises(ValueError, match="its own"):
        CheckersBoard(CK.legal_moves, lambda square: (0, 0))
