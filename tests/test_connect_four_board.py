"""Connect Four on the canvas (gamesolver/widgets/connect_four_board.py), with the rules of
notebooks/Connect-Four.ipynb: the board is given the lecture's ``all_lines`` and ``drop``, draws
the falling disc and a winning four, refuses a full column, and shows the computer's line.

Pons' notation on the lecture's rows of marks (gamesolver/connect_four/notation.py) is tested
here too, on its own; the notebook's ``parse`` and ``notation`` are tested in
test_connect_four.py.
"""

from __future__ import annotations

import functools
import re
import types

import pytest
from conftest import notebook

from gamesolver.connect_four.notation import (
    check_size,
    middle_games,
    pons_board,
    pons_notation,
    with_pons_notation,
)
from gamesolver.game import Game
from gamesolver.widgets.board import OUTSIDE, NotAMove
from gamesolver.widgets.connect_four_board import DiscBoard
from gamesolver.widgets.play import Play

CF: types.ModuleType = notebook("Connect-Four.ipynb")
GAME = CF.game
Board = CF.ConnectFourBoard


def position(moves: str) -> tuple[str, ...]:
    """The state after ``moves`` in Pons' notation on 7 x 6."""
    state: tuple[str, ...] = GAME.parse(moves)[0]
    return state


def test_the_notebook_binds_its_rules_to_the_package_board() -> None:
    board = Board()
    assert isinstance(board, DiscBoard) and (board.cols, board.rows) == (7, 6)
    assert board.lines is CF.all_lines and board.drop is CF.drop
    assert (Board(5, 4).cols, Board(5, 4).rows) == (5, 4)
    assert board.player_name("X") == "blue" and board.player_name("O") == "orange"


def test_a_click_in_a_column_drops_a_disc_and_a_full_column_is_refused() -> None:
    board = Board()
    x, _ = board.center(0, 3)
    assert board.move_at(GAME.Start, "X", x, board.top + 5 * board.cell) == position("4")
    assert board.move_at(GAME.Start, "X", x, 5) == position("4")  # on the number above
    with pytest.raises(NotAMove, match=r"^Column 4 is full: click another column\.$"):
        board.move_at(position("444444"), "X", x, board.top + 1)
    with pytest.raises(NotAMove, match=f"^{re.escape(OUTSIDE)}$"):
        board.move_at(GAME.Start, "X", 5, 100)


def test_new_disc_is_the_square_of_one_move() -> None:
    board = Board()
    assert board.new_disc(position("44"), position("445")) == (0, 4)
    assert board.square((0, 4)) == (5, 4)  # the grid counts rows from the top
    with pytest.raises(ValueError, match="not one move apart: 2 cells differ"):
        board.new_disc(position("4"), position("445"))


def test_a_disc_falls_and_a_four_is_struck_through(sent: list[list[str]]) -> None:
    board = Board()
    board.draw(position("4455667"), before=position("445566"), moved=True)
    (message,) = sent
    assert message.count("sleep") == 10  # from the top to the bottom row: half a square a frame
    assert message.count("strokeLine") == 11 * 15 + 3  # the grid in each frame, the four at last
    sent.clear()
    board.redraw()  # a page reload shows the board, without the fall
    assert sent[0].count("sleep") == 0 and sent[0].count("strokeLine") == 15 + 3
    board.draw(position("44"), before=position("4"), moved=True)
    assert sent[-1].count("sleep") == 8  # the second disc in a column falls one square less


def test_the_widget_tells_estimates_and_explains_with_its_own_line(sent: list[list[str]]) -> None:
    depth_four = functools.partial(CF.computer, budget=None, depth=4)
    play = Play(GAME, Board(), depth_four, explain=True, explaining=True)
    play.click(*play.board.center(5, 3))
    play.wait()
    seen = play.controller.seen
    assert seen is not None and not seen.exact and seen.depth == 4
    assert re.fullmatch(
        r"I played column \d\. I see the value -?0\.\d+ for you, an estimate at depth 4: "
        r"(that looks good for (me|you)|it looks even)\. Your turn: click a column\.",
        play.status,
    )
    assert play.explanation.startswith("I play column ")
    assert play.explanation.endswith(("looks good for me.", "looks good for you.", "even to me."))
    assert play.board.shown_line == tuple(seen.line[1:]) and len(seen.line) == 4
    moves = [m for m in sent if "sleep" in m]
    assert len(moves) == 2  # the student's disc fell, then the computer's


# ------------------------------------------------------------------ Pons' notation, on its own

START = ("    ",) * 4


def drop(state: tuple[str, ...], col: int, player: str) -> tuple[str, ...]:
    """A disc into the lowest empty square of ``col`` (a 4 x 4 board of rows of marks)."""
    row = next(r for r, marks in enumerate(state) if marks[col] == " ")
    return (*state[:row], state[row][:col] + player + state[row][col + 1 :], *state[row + 1 :])


def four_in_a_row(state: tuple[str, ...]) -> bool:
    """A full row or column of one mark: the game is over (the diagonals do not matter here)."""
    columns = ["".join(row[c] for row in state) for c in range(4)]
    return any(line in ("XXXX", "OOOO") for line in [*state, *columns])


def test_pons_notation_reads_and_writes_moves() -> None:
    parse, notation = pons_notation(START, ("X", "O"), drop, four_in_a_row)
    state, player = parse("1213")
    assert state == ("XOO ", "X   ", "    ", "    ") and player == "X"
    assert parse(notation(state, player)) == (state, player)
    for text, problem in [
        ("15", "move 2: '5' is not a column (1 to 4)"),
        ("11111", "move 5: column 1 is full"),
        ("12121213", "move 8 ('3') comes after the end of the game"),
    ]:
        with pytest.raises(ValueError, match=f"^{re.escape(problem)}$"):
            parse(text)
    with pytest.raises(ValueError, match="no moves on a 4 x 4 board reach this position with O"):
        notation(state, "O")  # X is to move
    with pytest.raises(ValueError, match="no moves on a 4 x 4 board"):
        notation((" X  ", "    ", "    ", "    ", "    "), "O")  # five rows


def test_with_pons_notation_gives_a_game_parse_and_notation() -> None:
    bare = Game("4 x 4", ("X", "O"), START, lambda s, p: [], four_in_a_row, lambda s, p: None)
    game = with_pons_notation(bare, drop)
    assert bare.parse is None and game.parse is not None and game.notation is not None
    state, player = game.parse("1213")
    assert state == ("XOO ", "X   ", "    ", "    ") and player == "X"
    assert game.parse(game.notation(state, player)) == (state, player) and game.Start == START


def test_pons_board_checks_the_size_first_and_adds_the_notation() -> None:
    """The decorator of the lecture's ``connect_four``: a bad size is refused before the builder
    runs, the builder's defaults are kept, and the game it builds reads the columns played."""
    built: list[tuple[int, int]] = []

    @pons_board(drop)
    def board(width: int = 4, height: int = 4) -> Game[tuple[str, ...], str]:
        built.append((width, height))
        start = (" " * width,) * height
        return Game("bare", ("X", "O"), start, lambda s, p: [], four_in_a_row, lambda s, p: 0.0)

    with pytest.raises(ValueError, match="a 3 x 3 board has no line of four"):
        board(3, 3)
    with pytest.raises(ValueError, match="the width of the board must be a whole number"):
        board(width=0)
    assert built == []
    game = board()
    assert built == [(4, 4)] and game.parse is not None and board.__name__ == "board"
    assert game.parse("1213")[0] == ("XOO ", "X   ", "    ", "    ")
    assert board(height=5).Start == ("    ",) * 5


def test_middle_games_are_pons_middle_game_easy_positions() -> None:
    """Pons' set "middle game, easy": 1,000 positions of 15 to 28 moves, the columns 1 to 7."""
    positions = middle_games()
    assert len(positions) == 1000 and positions[0] == "5554224333234511764415115"
    assert all(15 <= len(moves) <= 28 and set(moves) <= set("1234567") for moves in positions)


@pytest.mark.parametrize(
    ("size", "problem"),
    [
        ((3, 3), "a 3 x 3 board has no line of four: make it 4 wide or 4 high"),
        ((10, 6), "a board has at most 9 columns (one digit each in Pons' notation), not 10"),
        ((7, 10), "the height is at most 9 rows (a board is at most 9 x 9), not 10"),
        ((7, "6"), "the height of the board must be a whole number of squares, not '6'"),
    ],
)
def test_check_size(size: tuple[object, object], problem: str) -> None:
    with pytest.raises(ValueError, match=f"^{re.escape(problem)}$"):
        check_size(*size)
    check_size(4, 1)
