"""Chess-Engine.ipynb: quiescence in check (issue 33, item 15). Standing pat in check read a
mate among the captures as material; a player in check after a capture or a pawn move now
searches every move. Counts and moves at fixed depths, not times."""

from __future__ import annotations

import types

import chess
from conftest import notebook

CH: types.ModuleType = notebook("Chess-Engine.ipynb")
GAME_8 = "r1kr4/pppb1Qpp/4Nn2/8/5B2/6PB/qP3b1P/3R1K2 b - - 1 21"
"""Game 8 of the chess_lead benchmark, black to move and far ahead; it played 21...Qxb2."""


def after(fen: str, sans: str) -> chess.Board:
    board = chess.Board(fen)
    for san in sans.split():
        board.push_san(san)
    return board


def test_quiescence_sees_the_mate_at_the_horizon_of_game_8() -> None:
    """After 21...Qxb2 22. Rxd7 Rxd7 23. Qf8+ Rd8, 24. Qxd8 is mate; standing pat in check,
    black kept its material and white's capture read as a rook won back."""
    horizon = after(GAME_8, "Qxb2 Rxd7 Rxd7 Qf8+ Rd8")
    score = CH.quiesce(CH.Engine(), horizon, -CH.Infinity, CH.Infinity, 0)
    assert CH.mate_in(score) == 1
    blind = CH.quiesce(CH.Engine(check_extension=False), horizon, -CH.Infinity, CH.Infinity, 0)
    assert CH.mate_in(blind) is None and blind < 0  # the switch brings back the old reading


def test_the_engine_no_longer_takes_back_into_a_mate_in_game_8() -> None:
    """At depth 2 after 21...Qxb2 22. Rxd7, black answered 22...Rxd7, mated by 23. Qf8+ Rd8
    24. Qxd8# beyond the horizon."""
    board = after(GAME_8, "Qxb2 Rxd7")
    found = CH.Engine().search(board, depth=2)
    assert board.san(found.move) != "Rxd7"
    old = CH.Engine(check_extension=False).search(board, depth=2)
    assert board.san(old.move) == "Rxd7"


def test_win_at_chess_7_ends_in_a_capture_that_mates() -> None:
    """1...Ne3 wins the queen: 2. fxe3 Qh4+ 3. g3 Qxg3#, a capture at the horizon of depth 3."""
    solved, found = CH.solves(CH.Engine(), 7, depth=3)
    assert solved, found.line
    assert not CH.solves(CH.Engine(check_extension=False), 7, depth=3)[0]


def test_a_check_by_a_quiet_move_is_stood_pat_in_quiescence() -> None:
    """Only a capture or a pawn move (the halfmove clock at 0) makes quiescence search every
    move of a player in check: quiet checks could repeat for ever. Here white, in check from a
    rook that moved quietly, has no capture: quiescence takes the estimate, one position."""
    board = chess.Board("4r1k1/8/8/8/8/8/8/4K2R w - - 3 40")
    assert board.is_check() and not any(board.generate_legal_captures())
    engine = CH.Engine()
    score = CH.quiesce(engine, board, -CH.Infinity, CH.Infinity, 0)
    assert score == CH.balance(board) and engine.nodes == 1
    board.halfmove_clock = 0  # after a capture or a pawn move: every move is searched
    engine = CH.Engine()
    CH.quiesce(engine, board, -CH.Infinity, CH.Infinity, 0)
    assert engine.nodes > 1


def test_a_mate_found_by_quiescence_is_searched_until_its_line_is_whole() -> None:
    """After 1...Re2 2. Ra8+ Re8 3. Rxe8# is found at depth 1, where Rxe8 is quiescence's and
    not in the table: the search goes on until the table's line reaches the mate."""
    board = chess.Board("6k1/5ppp/8/8/8/8/4rPPP/R5K1 w - - 1 2")
    found = CH.Engine().search(board, depth=3)
    assert CH.mate_in(found.score) == 3
    assert board.variation_san(found.line) == "2. Ra8+ Re8 3. Rxe8#"
