"""The chess board on the canvas (gamesolver/widgets/chess_board.py, played with the game of
Chess.ipynb): a move clicked piece first, then its square.

``ChessBoard`` keeps a selection between clicks; every click that is not yet a move raises
``Selected`` (a ``NotAMove``) with what to click next, every click that cannot be part of a
move says why. The play controller is driven headlessly, as a student's clicks would drive it.
"""

from __future__ import annotations

import json
import random
import types
from typing import Any

import chess
import pytest
from conftest import notebook

from gamesolver.widgets import chess_board
from gamesolver.widgets.board import OUTSIDE, NotAMove, Selected
from gamesolver.widgets.chess_board import ChessBoard, Selection
from gamesolver.widgets.play import Play, PlayController

CK: types.ModuleType = notebook("Chess.ipynb")
NS: dict[str, Any] = vars(CK)
START: str = NS["Start"]
GAME = CK.game
YOUR_PIECES = "Click one of your pieces (white)."


def first_move(state: str, player: str, rng: random.Random) -> tuple[float, str]:
    """The trivial computer: the first legal move."""
    return 0, NS["next_states"](state, player)[0]


def controller(fen: str | None = None, computer: Any = first_move) -> PlayController[Any, Any]:
    """A game against ``computer``, from ``fen`` if given (the student's side to move in it)."""
    c: PlayController[Any, Any] = PlayController(GAME, ChessBoard(), computer)
    if fen is not None:
        c.state = fen
        if NS["to_move"](fen) != c.human:
            c.human, c.computer = c.computer, c.human
    return c


def click(c: PlayController[Any, Any], square: str) -> bool:
    """A click on the centre of ``square``, e.g. "e2"."""
    return c.click(*c.board.click_point(square))


def after(fen: str, uci: str) -> str:
    """The state after the move ``uci`` in ``fen``."""
    board = chess.Board(fen)
    board.push_uci(uci)
    return board.fen()


def selection(c: PlayController[Any, Any]) -> tuple[str, ...] | None:
    """The selection of ``c``'s board as names: ("e2",), or ("e7", "e8") for a promotion."""
    s = c.board.selection
    if s is None:
        return None
    assert s.state == c.state
    return tuple(chess.square_name(q) for q in (s.square, s.promotion) if q is not None)


class Recorder:
    """Stands in for the ipycanvas canvas: keeps each drawing command as a line of JavaScript
    for a 2D context ``c`` (to count them, and to draw them in a browser)."""

    def __init__(self, width: int, height: int) -> None:
        object.__setattr__(self, "js", [])
        object.__setattr__(self, "size", (width, height))

    def __setattr__(self, name: str, value: Any) -> None:
        head, *rest = name.split("_")
        self.js.append(f"c.{head + ''.join(w.title() for w in rest)} = {json.dumps(value)};")

    def __getattr__(self, name: str) -> Any:
        def command(*args: Any) -> None:
            a = ", ".join(json.dumps(arg, ensure_ascii=False) for arg in args)
            circle = f"c.beginPath(); c.arc({a}, 0, 2 * Math.PI);"
            lines = {
                "clear": "c.clearRect(0, 0, {}, {});".format(*self.size),
                "fill_circle": f"{circle} c.fill();",
                "stroke_circle": f"{circle} c.stroke();",
                "stroke_line": "c.beginPath(); c.moveTo({}, {}); c.lineTo({}, {}); c.stroke();",
                "set_line_dash": f"c.setLineDash({a});",
                "sleep": "",
            }
            if name == "stroke_line":
                self.js.append(lines[name].format(*args))
            elif name in lines:
                self.js.append(lines[name])
            else:
                head, *rest = name.split("_")
                self.js.append(f"c.{head + ''.join(w.title() for w in rest)}({a});")
            self.js[-1] = f"/*{name}*/ {self.js[-1]}"

        return command

    def count(self, name: str) -> int:
        """How many times the command ``name`` (e.g. "fill_text") was drawn."""
        return sum(line.startswith(f"/*{name}*/") for line in self.js)


def recorded(board: Any) -> Recorder:
    """``board`` drawing on a ``Recorder`` from now on."""
    board.canvas = Recorder(board.width, board.height)
    return board.canvas


# -- squares and names ---------------------------------------------------------------------------


def test_every_square_is_clicked_where_it_is_drawn() -> None:
    board = ChessBoard()
    for square in chess.SQUARES:
        assert board.square_at_point(*board.click_point(square)) == square
        name = chess.square_name(square)
        assert board.click_point(name) == board.click_point(square)
    (a1x, a1y), (h8x, h8y) = board.click_point("a1"), board.click_point("h8")
    assert a1x < h8x and a1y > h8y  # white at the bottom, file a on the left
    assert board.square_at_point(2, 2) is None and board.square_at_point(float("nan"), 9) is None
    assert board.width == board.height == 8 + 8 * 64 + 8
    assert board.player_name("white") == "white"


def test_moves_are_described_in_algebraic_notation() -> None:
    describe = NS["describe_move"]
    assert describe(START, after(START, "e2e4")) == "e4"
    assert describe(START, after(START, "g1f3")) == "Nf3"
    castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    assert describe(castle, after(castle, "e1c1")) == "O-O-O"
    promote = "8/k3P3/8/8/8/8/8/4K3 w - - 0 1"
    assert describe(promote, after(promote, "e7e8n")) == "e8=N"
    with pytest.raises(ValueError, match="no legal move"):
        describe(START, START)


# -- clicks --------------------------------------------------------------------------------------


def test_a_move_takes_two_clicks() -> None:
    c = controller()
    assert (
        c.status
        == "New game: you move first (white), I move second (black). Your turn: "
        + ChessBoard.prompt
    )
    assert not click(c, "e2")
    assert c.status == "e2 selected: click where it goes." and c.state == START
    assert c.board.selection == Selection(START, chess.E2)
    assert c.board.shown == START  # drawn with the selection
    assert sorted(ChessBoard.targets(chess.Board(START), chess.E2)) == [chess.E3, chess.E4]
    assert click(c, "e4")
    assert c.state == after(START, "e2e4") and c.board.selection is None
    assert c.status == "You played e4. I am thinking ..."
    assert c.computer_move() and c.status.startswith("I played ") and c.phase == "human"


def test_every_click_that_is_no_move_says_why() -> None:
    c = controller()
    board = c.board
    for (x, y), message in [
        ((2, 2), OUTSIDE),
        (board.click_point("e4"), f"e4 is empty. {YOUR_PIECES}"),
        (board.click_point("e7"), f"The pawn on e7 is black's. {YOUR_PIECES}"),
        (board.click_point("a1"), "The rook on a1 cannot move: click another of your pieces."),
        (board.click_point("f1"), "The bishop on f1 cannot move: click another of your pieces."),
    ]:
        assert not c.click(x, y)
        assert (c.status, c.state, board.selection) == (message, START, None)
    assert not click(c, "g1")
    still = "The knight on g1 is still selected: click a blue dot or another of your pieces."
    for square, message in [
        ("g3", "The knight on g1 cannot go to g3: click a blue dot."),
        ("g8", "The knight on g1 cannot go to g8: click a blue dot."),
        ("e7", "The knight on g1 cannot go to e7: click a blue dot."),
        ("h1", f"The rook on h1 cannot move. {still}"),  # said "click another of your pieces"
    ]:
        assert not click(c, square)
        assert c.status == message and selection(c) == ("g1",)
    assert not c.click(board.width - 2, 3) and c.status == f"{OUTSIDE} {still}"
    assert selection(c) == ("g1",)  # kept through the refused clicks, and said so
    assert click(c, "f3") and c.state == after(START, "g1f3")
    assert c.phase == "computer" and len(c.history) == 1


def test_a_refused_click_never_forgets_the_selection_in_words() -> None:
    """Issue 33, item 16: after a refused target the notice said "click another of your
    pieces" (or only that the click was outside the board) while the piece stayed selected,
    and the next click on one of its squares moved it. Every refusal with a piece selected
    now says so, in check and for a pinned piece too."""
    pinned = "4k3/8/8/8/1b6/8/3N4/4K1N1 w - - 0 1"  # the knight on d2 is pinned to the king
    c = controller(pinned)
    assert not click(c, "g1") and not click(c, "d2")
    assert c.status == (
        "The knight on d2 cannot move: your king would be in check. The knight on g1 is still "
        "selected: click a blue dot or another of your pieces."
    )
    assert selection(c) == ("g1",)
    c = controller("4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1")  # the rook on e2 checks the king
    assert not click(c, "e1") and not click(c, "a1")
    assert c.status == (
        "You are in check: the rook on a1 cannot get your king out of it. The king on e1 is "
        "still selected: click a blue dot or another of your pieces."
    )
    assert click(c, "e2") and selection(c) is None  # the king takes the rook


def test_reselect_and_put_back() -> None:
    c = controller()
    assert not click(c, "e2") and not click(c, "d2")
    assert c.status == "d2 selected: click where it goes." and selection(c) == ("d2",)
    assert not click(c, "d2")
    assert c.status == f"d2 put back. {YOUR_PIECES}" and c.board.selection is None
    assert not click(c, "d4") and c.status == f"d4 is empty. {YOUR_PIECES}"  # nothing selected
    assert not click(c, "b1") and click(c, "c3") and c.state == after(START, "b1c3")


def test_castling_is_the_king_clicked_then_its_square() -> None:
    castle = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"
    for target, uci, name in [("g1", "e1g1", "O-O"), ("c1", "e1c1", "O-O-O")]:
        c = controller(castle)
        assert not click(c, "e1") and click(c, target)
        assert c.state == after(castle, uci) and c.status.startswith(f"You played {name}.")
    attacked = "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1"  # f1 attacked: no O-O
    c = controller(attacked)
    assert not click(c, "e1") and not click(c, "g1")
    assert c.status == "The king cannot castle to g1: it would cross or land on an attacked square."
    moved = "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1"
    c = controller(moved)
    assert not click(c, "e1") and not click(c, "g1")
    assert c.status == "The king cannot castle to g1: the king or the rook on h1 has moved."
    blocked = "r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1"
    c = controller(blocked)
    assert not click(c, "e1") and not click(c, "c1")
    assert c.status == (
        "The king cannot castle to c1: the squares between the king and the rook are not empty."
    )
    checked = "r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1"
    c = controller(checked)
    assert not click(c, "e1") and not click(c, "g1")
    assert c.status == "You are in check: the king cannot castle out of it."


def test_en_passant() -> None:
    fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"
    c = controller(fen)
    assert not click(c, "e5")
    assert sorted(ChessBoard.targets(chess.Board(fen), chess.E5)) == [chess.D6, chess.E6]
    assert click(c, "d6")
    assert c.state == after(fen, "e5d6") and chess.Board(c.state).piece_at(chess.D5) is None
    assert c.status.startswith("You played exd6.")


PROMOTE = "8/k3P3/8/8/8/8/8/4K3 w - - 0 1"
"""White's pawn on e7 promotes on e8."""


def test_a_promotion_is_chosen_on_the_board() -> None:
    c = controller(PROMOTE)
    assert not click(c, "e7") and not click(c, "e8")
    assert c.status == chess_board.PROMOTE == "Choose the piece: queen, rook, bishop or knight."
    assert selection(c) == ("e7", "e8") and c.state == PROMOTE
    assert ChessBoard.promotion_squares(chess.E8) == {
        chess.E8: chess.QUEEN,
        chess.E7: chess.ROOK,
        chess.E6: chess.BISHOP,
        chess.E5: chess.KNIGHT,
    }
    assert click(c, "e5")  # the knight
    assert c.state == after(PROMOTE, "e7e8n") and c.status.startswith("You played e8=N.")
    assert c.board.selection is None
    for square, piece in [("e8", "q"), ("e7", "r"), ("e6", "b")]:
        c = controller(PROMOTE)
        assert not click(c, "e7") and not click(c, "e8") and click(c, square)
        assert c.state == after(PROMOTE, f"e7e8{piece}")


def test_black_promotes_and_captures_into_the_choice() -> None:
    fen = "4k3/8/8/8/8/8/3p4/2R1K3 b - - 0 1"
    c = controller(fen)
    assert c.human == "black"
    assert not click(c, "d2") and not click(c, "c1")  # a capture that promotes
    assert selection(c) == ("d2", "c1")
    assert ChessBoard.promotion_squares(chess.C1) == {
        chess.C1: chess.QUEEN,
        chess.C2: chess.ROOK,
        chess.C3: chess.BISHOP,
        chess.C4: chess.KNIGHT,
    }
    assert click(c, "c3") and c.state == after(fen, "d2c1b")


def test_a_click_elsewhere_cancels_the_promotion() -> None:
    c = controller(PROMOTE)
    assert not click(c, "e7") and not click(c, "e8") and not click(c, "a1")
    assert c.status == f"Promotion cancelled. {YOUR_PIECES}"
    assert c.board.selection is None and c.state == PROMOTE
    assert not click(c, "e5") and c.status == f"e5 is empty. {YOUR_PIECES}"  # no choice now
    assert not click(c, "e7") and not click(c, "e8") and not click(c, "d8")  # next to it
    assert c.board.selection is None
    assert not click(c, "e7") and not click(c, "e8") and click(c, "e8")  # the queen
    assert c.state == after(PROMOTE, "e7e8q")


CHECKED = "4k3/8/8/8/8/8/3P4/r3K1NR w K - 0 1"
"""White's king on e1 in check from the rook on a1: d2 cannot help, the knight on g1 cannot
block, the king can step to e2 or f2 (d1 and f1 are on the rook's rank)."""


def test_in_check_the_messages_say_so() -> None:
    c = controller(CHECKED)
    check = chess_board.CHECK
    for square, message in [
        ("d2", "You are in check: the pawn on d2 cannot get your king out of it."),
        ("e4", f"e4 is empty. {check}"),
        ("e8", f"The king on e8 is black's. {check}"),
        ("h1", "You are in check: the rook on h1 cannot get your king out of it."),
    ]:
        assert not click(c, square)
        assert (c.status, c.board.selection) == (message, None)
    assert not click(c, "e1") and c.status == "e1 selected: click where it goes."
    assert sorted(ChessBoard.targets(chess.Board(CHECKED), chess.E1)) == [
        chess.E2,
        chess.F2,
    ]
    assert not click(c, "d1")
    assert c.status == "You are in check: moving the king on e1 to d1 does not end it."
    assert not click(c, "g1") and c.status.startswith("You are in check: the knight on g1")
    assert not click(c, "d3")
    assert c.status == "The king on e1 cannot go to d3: click a blue dot."
    assert click(c, "f2") and c.state == after(CHECKED, "e1f2")


def test_a_pinned_piece_cannot_move() -> None:
    pinned = "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1"  # the knight on e2 shields the king
    c = controller(pinned)
    assert not click(c, "e2")
    assert c.status == "The knight on e2 cannot move: your king would be in check."
    king = "4k3/8/8/8/8/8/8/4K2r w - - 0 1"  # in check along rank 1: f1 is no way out
    c = controller(king)
    assert not click(c, "e1") and not click(c, "f1") and c.state == king
    assert c.status.startswith("You are in check:")
    free = "4k3/3r4/8/8/8/8/8/4K3 w - - 0 1"
    c = controller(free)
    assert not click(c, "e1") and not click(c, "d1")
    assert c.status == "The king on e1 cannot go to d1: your king would be in check."


def test_the_selection_belongs_to_the_position_it_was_made_in() -> None:
    board = ChessBoard()
    e4 = after(START, "e2e4")
    reply = after(e4, "e7e5")
    with pytest.raises(Selected, match=r"^g1 selected: click where it goes\.$"):
        board.move_at(reply, "white", *board.click_point("g1"))
    board.draw(reply, before=e4)  # the same position again (a click ended an explanation)
    assert board.selection == Selection(reply, chess.G1)
    board.draw(START)  # another position: forgotten
    assert board.selection is None
    board.draw(reply, before=e4)
    board.selection = Selection(reply, chess.G1)
    board.draw(reply)  # the same position with no move before it: New game, Undo to the start
    assert board.selection is None
    board.selection = Selection(reply, chess.G1)  # and move_at ignores one of another position
    with pytest.raises(NotAMove) as refused:
        board.move_at(START, "white", *board.click_point("f3"))
    assert str(refused.value) == f"f3 is empty. {YOUR_PIECES}"
    assert not isinstance(refused.value, Selected)


def test_the_widget_forgets_the_selection_on_new_game_and_undo() -> None:
    play = Play(GAME, ChessBoard(), first_move)
    board = play.board
    play.click(*board.click_point("e2"))
    assert board.selection == Selection(START, chess.E2)
    play.new_game()
    assert board.selection is None and board.shown == START
    play.click(*board.click_point("e4"))  # no longer a move
    assert play.status == f"e4 is empty. {YOUR_PIECES}" and play.controller.state == START
    play.click(*board.click_point("e2"))
    play.click(*board.click_point("e4"))
    play.wait()
    state = play.controller.state
    assert board.selection is None and board.shown == state != after(START, "e2e4")
    play.click(*board.click_point("d2"))
    assert board.selection == Selection(state, chess.D2)
    play.undo()
    assert board.selection is None and board.shown == START


# -- drawing -------------------------------------------------------------------------------------


def test_the_board_is_drawn_with_its_pieces_and_coordinates() -> None:
    board = ChessBoard()
    drawn = recorded(board)
    board.draw(START)
    assert drawn.count("fill_rect") == 1 + 1 + 64  # the background, the frame, the squares
    assert drawn.count("fill_text") == 16 + 32  # the coordinates, the pieces
    assert drawn.count("stroke_text") == 32  # the pieces' outlines
    assert drawn.count("stroke_rect") == 0 and drawn.count("fill_circle") == 0
    assert sum("♞" in line for line in drawn.js) == 4 * 2  # the knights: outline, then fill


def test_the_selection_is_drawn_with_a_dot_or_a_ring_on_each_target() -> None:
    fen = after(after(START, "e2e4"), "d7d5")
    board = ChessBoard()
    drawn = recorded(board)
    with pytest.raises(Selected):
        board.move_at(fen, "white", *board.click_point("e4"))
    assert drawn.count("fill_circle") == 1  # e5
    assert drawn.count("stroke_circle") == 1 + 1 + 1  # the ring of e4, e5's dot, d5 ringed
    drawn.js.clear()
    with pytest.raises(Selected):
        board.move_at(fen, "white", *board.click_point("b1"))
    assert drawn.count("fill_circle") == 2 and drawn.count("stroke_circle") == 1 + 2  # a3, c3


def test_the_promotion_choice_is_drawn_over_the_board() -> None:
    board = ChessBoard()
    drawn = recorded(board)
    for square in ("e7", "e8"):
        drawn.js.clear()
        with pytest.raises(Selected):
            board.move_at(PROMOTE, "white", *board.click_point(square))
    assert drawn.count("stroke_rect") == 4  # the four choices framed
    assert drawn.count("fill_text") == 16 + 3 + 4  # coordinates, the pieces, the choice


def test_the_last_move_check_and_line_of_play_are_drawn() -> None:
    board = ChessBoard()
    drawn = recorded(board)
    e4 = after(START, "e2e4")
    board.draw(e4, before=START)
    assert drawn.count("stroke_rect") == 2  # e2 and e4
    drawn.js.clear()
    board.draw(CHECKED)
    assert drawn.count("fill_circle") == 1 and drawn.count("stroke_circle") == 1  # the glow
    drawn.js.clear()
    line = [e4, after(e4, "e7e5"), after(after(e4, "e7e5"), "g1f3")]
    board.draw(START, line=line)
    numbers = [line for line in drawn.js if line.startswith("/*fill_text*/")][-6:]
    assert ['"1"' in numbers[1], '"2"' in numbers[3], '"3"' in numbers[5]] == [True] * 3


# -- whole games ---------------------------------------------------------------------------------


def scripted(*moves: str) -> Any:
    """A computer that plays ``moves`` (UCI) in turn."""
    answers = iter(moves)

    def choose(state: str, player: str, rng: random.Random) -> tuple[float, str]:
        return 0, after(state, next(answers))

    return choose


def play_by_clicks(c: PlayController[Any, Any], move: chess.Move) -> None:
    """Click ``move``: its piece, its square and, for a promotion, the piece chosen."""
    clicks = [move.from_square, move.to_square]
    if move.promotion:
        squares = ChessBoard.promotion_squares(move.to_square)
        clicks.append({kind: square for square, kind in squares.items()}[move.promotion])
    for square in clicks[:-1]:
        assert not c.click(*c.board.click_point(square)), c.status
    assert c.click(*c.board.click_point(clicks[-1])), c.status


def test_scholar_s_mate_clicked_against_the_computer() -> None:
    c = controller(computer=scripted("e7e5", "b8c6", "g8f6"))
    for uci in ["e2e4", "f1c4", "d1h5", "h5f7"]:
        play_by_clicks(c, chess.Move.from_uci(uci))
        if c.phase == "computer":
            assert c.computer_move()
    assert c.phase == "over" and c.winner == "human"
    assert c.status.startswith("You played Qxf7#.")


def test_a_whole_game_clicked_against_the_first_legal_move() -> None:
    rng = random.Random(7)
    c = controller()
    plies = 0
    while c.phase == "human" and plies < 200:
        board = chess.Board(c.state)
        moves = list(board.legal_moves)
        promotions = [m for m in moves if m.promotion]
        move = rng.choice(promotions or moves)  # promote whenever possible: every kind of piece
        play_by_clicks(c, move)
        board.push(move)
        assert c.state == board.fen()
        plies += 1
        if c.phase == "computer":
            assert c.computer_move()
            plies += 1
    assert c.phase == "over" or plies >= 200
    assert len(c.history) == (plies + 1) // 2


# -- a look in the browser -----------------------------------------------------------------------


def test_a_click_during_the_computer_s_turn_waits() -> None:
    c = controller(computer=scripted("e7e5"))
    play_by_clicks(c, chess.Move.from_uci("e2e4"))
    assert c.phase == "computer"
    assert not click(c, "d2")  # the computer is to move: the click is refused, nothing selected
    assert c.status.startswith("Wait: I am still thinking.") and selection(c) is None
    assert (
        c.computer_move() and c.phase == "human" and c.state == after(after(START, "e2e4"), "e7e5")
    )


def test_a_game_ends_by_stalemate() -> None:
    # white's queen to f7 leaves black's king on h8 with no move and not in check
    c = controller("7k/8/5Q2/6K1/8/8/8/8 w - - 0 1")
    play_by_clicks(c, chess.Move.from_uci("f6f7"))
    assert c.phase == "over" and c.winner == "draw"
    assert c.status.startswith("You played Qf7.") and "Draw." in c.status


def test_the_board_turns_when_the_student_plays_black() -> None:
    """GridBoard's face/flipped: black's pieces at the bottom, clicks and coordinates turned."""
    board = ChessBoard()
    board.face("white")
    e2_white = board.click_point("e2")
    board.face("black")
    assert board.flipped
    e2_black = board.click_point("e2")
    assert e2_black != e2_white
    assert board.square_at_point(*e2_black) == chess.E2
    assert board.square_at_point(*e2_white) == chess.D7  # the same pixel, the board turned
    c = controller(computer=first_move)
    c.board.face("black")
    c.human, c.computer = "black", "white"
    c.state = after(START, "e2e4")
    assert not click(c, "e7") and click(c, "e5")  # select, then move: squares by name still
    assert c.state.split()[0] == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR"
