"""Chess.ipynb and Chess-Engine.ipynb: chess through the course's contract over python-chess, the
material estimate and the estimate with placement, the horizon problem and the lecture's own
search with quiescence (against a plain minimax), and the engine (Chess-Engine.ipynb, which runs
Chess.ipynb first): mates found at fixed depths, the Win at Chess positions it solves, and every
technique switched off in turn. Counts, not times."""

from __future__ import annotations

import functools
import json
import re
import types

import chess
import pytest
from conftest import NOTEBOOKS, notebook

from gamesolver import Stats
from gamesolver.chess_lecture import in_order
from gamesolver.explore import per_ply
from gamesolver.feedback.check import check_game
from gamesolver.tools.cli import main

CH: types.ModuleType = notebook("Chess-Engine.ipynb")  # with the lecture's definitions
LECTURE: types.ModuleType = notebook("Chess.ipynb")
GAME = CH.game
PATH = str(NOTEBOOKS / "Chess-Engine.ipynb")
TRAP = "r1bqkbnr/pppp1ppp/2n5/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 2 3"
"""After 1. e4 e5 2. Qh5 Nc6: each capture by the queen wins a pawn and loses the queen."""
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
"""A position for testing move generators: castling both ways, en passant, pins."""


def test_perft_from_the_start() -> None:
    assert [paths for _, paths in per_ply(GAME, 3)] == [1, 20, 400, 8_902]  # the published counts


def test_three_moves_reach_5362_positions_in_6482_states() -> None:
    """Chess, appendix on states and positions: after three plies, 6,482 FEN strings but 5,362
    positions (OEIS A083276): the move counters make one position several states. Counted here
    with python-chess's own position key beside the lecture's (the FEN without its counters)."""
    layer = {chess.STARTING_FEN}
    for _ in range(3):
        layer = {
            after for state in layer for after in LECTURE.next_states(state, LECTURE.to_move(state))
        }
    assert len(layer) == 6_482
    assert len({" ".join(state.split()[:4]) for state in layer}) == 5_362  # the lecture's key
    assert len({chess.Board(state)._transposition_key() for state in layer}) == 5_362


def test_the_game_passes_the_validator() -> None:
    report = check_game(GAME, plays=4, max_states=200)
    assert report.ok, report.errors


def test_a_draw_by_insufficient_material_has_no_moves() -> None:
    kings, black = CH.parse("8/6K1/1k6/8/8/8/8/8 b - - 0 1")
    assert GAME.finished(kings) and GAME.next_states(kings, black) == []
    assert GAME.utility(kings, "white") == GAME.utility(kings, "black") == 0


def test_checkmate_and_stalemate() -> None:
    mated, _ = CH.parse("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1")
    assert GAME.finished(mated) and GAME.utility(mated, "black") == -1
    assert GAME.utility(mated, "white") == 1
    stalemate, _ = CH.parse("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert GAME.finished(stalemate) and GAME.utility(stalemate, "white") == 0


def test_utility_is_none_before_the_end_as_in_every_game() -> None:
    """The contract asks for the utility only at the end; before it, chess answers None as
    Nim, tic-tac-toe and Connect Four do (it answered 0, a draw, at the start)."""
    assert not GAME.finished(GAME.Start)
    assert GAME.utility(GAME.Start, "white") is None


def test_the_material_estimate() -> None:
    assert CH.balance(chess.Board()) == 0
    board = chess.Board("4k3/8/8/8/8/8/4P3/QRBNK3 w - - 0 1")  # 9 + 5 + 3 + 3 + 1 for white
    assert CH.balance(board) == 2100
    board.turn = chess.BLACK
    assert CH.balance(board) == -2100
    state, _ = CH.parse(board.fen())
    assert CH.material(state, "white") == -CH.material(state, "black") == 21 / 31


def test_captures_come_first_by_mvv_lva_and_quiet_moves_as_they_come() -> None:
    """Chess §4's move order (``in_order``): the legal moves, each once; the captures first, by
    the victim's kind, then the attacker's, the lesser first; en passant takes a pawn; the quiet
    moves after, in python-chess's order."""
    passant = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"  # 3. exf6 e.p.
    for fen in (KIWIPETE, passant, TRAP):
        board = chess.Board(fen)
        moves = in_order(board, board.legal_moves)
        captures = [m for m in board.legal_moves if board.is_capture(m)]
        quiet = [m for m in board.legal_moves if not board.is_capture(m)]
        assert sorted(moves, key=str) == sorted(board.legal_moves, key=str)
        assert moves[len(captures) :] == quiet and set(moves[: len(captures)]) == set(captures)

        def kinds(move: chess.Move, board: chess.Board = board) -> tuple[int, int]:
            victim = board.piece_at(move.to_square)
            victim_kind = chess.PAWN if victim is None else victim.piece_type
            attacker = board.piece_at(move.from_square)
            assert attacker is not None
            return victim_kind, -attacker.piece_type

        ranked = [kinds(m) for m in moves[: len(captures)]]
        assert ranked == sorted(ranked, reverse=True), fen
    board = chess.Board(passant)
    assert board.san(in_order(board, board.legal_moves)[0]) == "exf6"  # the only capture


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("not a fen", "is not FEN"),
        ("8/8/8/8/8/8/8/8 w - - 0 1", "no white king"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNP w KQkq - 0 1", "pawns on backrank"),
        ("4k3/8/8/8/8/8/8/4K2R b K - 0 1", None),  # valid: parsed
    ],
)
def test_parse_says_what_is_wrong(text: str, problem: str | None) -> None:
    if problem is None:
        assert CH.parse(text) == (chess.Board(text).fen(), "black")
        return
    with pytest.raises(ValueError, match=problem):
        CH.parse(text)


def test_the_horizon_position_with_and_without_quiescence() -> None:
    board = chess.Board(TRAP)
    plain = CH.Engine(quiescence=False, check_extension=False).search(board, depth=1)
    assert board.san(plain.move) in {"Qxh7", "Qxf7+", "Qxe5+"} and plain.score == 100
    for depth in (1, 2, 3):
        quiet = CH.Engine(check_extension=False).search(board, depth=depth)
        assert not board.is_capture(quiet.move) and quiet.score == 0


def test_the_solver_s_depth_limited_search_falls_into_the_trap() -> None:
    state, white = CH.parse(TRAP)
    one = CH.depth_limited(GAME, state, white, CH.Stats(), depth=1)
    two = CH.depth_limited(GAME, state, white, CH.Stats(), depth=2)
    assert one == 1 / 11  # a pawn up: 1 / (1 + 10)
    assert two == 0  # a move deeper the recaptures are seen, and white keeps its queen


def test_a_mate_in_one_and_a_mate_in_two() -> None:
    one = chess.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    found = CH.Engine().search(one, depth=1)
    assert one.san(found.move) == "Ra8#" and CH.mate_in(found.score) == 1
    two, operations = CH.WinAtChess[0]  # WAC.001: Qg6, mate in two
    found = CH.Engine().search(two, depth=3)
    assert found.move in operations["bm"] and CH.mate_in(found.score) == 3
    assert len(found.line) == 3 and two.san(found.line[0]) == "Qg6"


def test_easy_win_at_chess_positions_are_solved_at_depth_3() -> None:
    solved = [n for n in range(1, 11) if CH.solves(CH.Engine(), n, depth=3)[0]]
    assert solved == [1, 3, 4, 5, 6, 7, 8, 9, 10]  # the notebook's ablation: 9 of the first 10


def test_each_technique_off_changes_the_positions_searched_not_the_rules() -> None:
    board = chess.Board(TRAP)
    nodes = {}
    for off in [None, *CH.Techniques]:
        found = CH.Engine(**({} if off is None else {off: False})).search(board, depth=3)
        assert board.is_legal(found.move)
        nodes[off] = found.nodes
    assert nodes[None] < nodes["captures_first"]


def test_the_ablation_runs_on_the_definitions_alone() -> None:
    # The notebook's definitions without its demonstrations (as load_notebook gives them) are
    # enough for the ablation: its Table once came from a demo cell only.
    table = CH.ablation(range(1, 3), depth=1)
    assert [row[0] for row in table.rows] == ["nothing", *CH.Techniques]
    assert all(row[1] in (0, 1, 2) for row in table.rows)


def test_the_engine_s_line_is_legal_and_its_scores_are_for_the_player_to_move() -> None:
    board = chess.Board("6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 1")  # black to move: mated after Kf8?
    found = CH.Engine().search(board, depth=3)
    replay = board.copy()
    for move in found.line:
        assert replay.is_legal(move)
        replay.push(move)
    with pytest.raises(ValueError, match="over"):
        CH.Engine().search(chess.Board("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1"), depth=1)


def test_the_command_line_reads_a_position(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["move", PATH, "--position", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "--depth", "1"]
    assert main([*argv, "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert (result["move"], result["value"], result["algorithm"]) == ("Ra8#", 1, "engine_search")
    assert main(["move", PATH, "--position", "not a fen", "--depth", "1"]) == 2
    assert "is not FEN" in capsys.readouterr().err
    kings = ["move", PATH, "--position", "8/8/8/4k3/8/8/8/4K3 w - - 0 1"]
    assert main(kings) == 2  # a draw by insufficient material, not "white has no move"
    assert capsys.readouterr().err == (
        "gamesolver: error: the game is over in that position: a draw\n"
    )
    mated = ["move", PATH, "--position", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1"]
    assert main(mated) == 2
    assert "the game is over in that position: white has won" in capsys.readouterr().err


def test_the_win_at_chess_file_is_the_one_its_provenance_records() -> None:
    import hashlib
    import re

    from gamesolver.resources import data_path

    provenance = data_path("chess", "PROVENANCE.md").read_text()
    (digest,) = re.findall(r"^([0-9a-f]{64})  wac\.epd$", provenance, re.MULTILINE)
    assert hashlib.sha256(data_path("chess", "wac.epd").read_bytes()).hexdigest() == digest
    assert len(CH.WinAtChess) == 300 and all(ops["bm"] for _, ops in CH.WinAtChess)


def test_a_search_cut_short_by_its_budget_leaves_the_board_as_it_was() -> None:
    board, _ = CH.WinAtChess[1]
    board = board.copy()
    before = board.fen()
    engine = CH.Engine()
    engine.clock = lambda: 100.0 if engine.nodes >= 3000 else 0.0  # then the time is up
    found = engine.search(board, budget=1)
    assert board.fen() == before and not board.move_stack and board.is_legal(found.move)
    assert engine.nodes % 1024 == 0  # the search was cut short inside an iteration, at a check


def test_a_move_that_beats_the_last_best_in_an_iteration_cut_short_is_played() -> None:
    """Depth 4 plays 14...Nf6, which 15. g5 refutes (Stockfish: 625 centipawns lost, in a game
    of the play page at 1 s a move); depth 5 finds 14...g6 after 60,000 of its 70,000
    positions. The iteration cut short there plays g6 (it beat Nf6, searched first), not the
    move of the last completed iteration."""
    board = chess.Board("r4rk1/pppq1ppp/2nbb3/3np3/6PP/2PQ2N1/1PBN1P2/R1B1K2R b KQ - 2 14")
    assert board.san(CH.Engine(evaluate=CH.estimate).search(board, depth=4).move) == "Nf6"
    assert board.san(CH.Engine(evaluate=CH.estimate).search(board, depth=5).move) == "g6"
    played = {}
    for cut in (50_000, 60_000):
        engine = CH.Engine(evaluate=CH.estimate)
        engine.clock = lambda engine=engine, cut=cut: 100.0 if engine.nodes >= cut else 0.0
        found = engine.search(board, budget=1)
        played[cut] = (found.depth, board.san(found.move))
    assert played == {50_000: (4, "Nf6"), 60_000: (4, "g6")}


def test_a_proposed_move_is_refuted_in_words() -> None:
    trap, _ = CH.parse(TRAP)
    said = CH.refute(trap, "Qxf7+", depth=3)
    assert said.startswith(
        "Qxf7+ loses the queen for a pawn: white Qxf7+ (the queen takes the pawn"
    )
    assert "black Kxf7 (the king takes the queen on f7)" in said and "Better is Qf5" in said
    assert CH.refute(trap, "Qf5", depth=3).startswith("Qf5 (the queen goes to f5) is as good as")
    with pytest.raises(ValueError, match="not a legal move for white"):
        CH.refute(trap, "Ke3", depth=1)


def test_a_line_in_words_and_a_mate_allowed() -> None:
    board, _ = CH.WinAtChess[0]
    found = CH.Engine().search(board, depth=3)  # WAC.001: mate in two
    said = CH.in_words(board, found.line)
    assert said.startswith("white Qg6 (the queen goes to g6); black ") and said.endswith(
        "checkmate)"
    )
    # black's rook guards the back rank: taken away, it lets white's rook mate there
    guarded = CH.parse("4r1k1/5ppp/8/8/8/8/5PPP/R5K1 b - - 0 1")[0]
    said = CH.refute(guarded, "Re2", depth=3)
    assert said.startswith("Re2 allows mate in 2: black Re2 (the rook goes to e2); white Ra8+")
    assert (
        "black Re8 (the rook goes to e8); white Rxe8# (the rook takes the rook on e8, checkmate)"
        in said
    )
    assert said.endswith(
        "Better is Kh8: +0.0 pawns for black, against mate in 2 for white after Re2."
    )


def test_the_status_line_says_the_value_in_pawns_or_a_mate() -> None:

    from gamesolver.widgets.play import PlayController

    assert (CH.describe_value(CH.material(CH.Start, "white")), CH.describe_value(-1)) == (
        "+0.0 pawns",
        "a loss by mate",
    )
    assert CH.describe_value(1) == "a win by mate"
    trap, _ = CH.parse(TRAP)
    assert CH.describe_value(CH.material(trap, "white")) == "+0.0 pawns"
    computer = functools.partial(LECTURE.computer, budget=None, depth=1, evaluate=LECTURE.balance)
    c = PlayController(GAME, CH.ChessBoard(), computer)
    c.state = CH.parse("6k1/5ppp/8/8/8/8/5PPP/R5K1 b - - 0 1")[0]  # black (the student) to move
    c.human, c.computer = "black", "white"
    c.click(*c.board.click_point("h7"))
    c.click(*c.board.click_point("h6"))
    c.computer_move()
    assert c.status.startswith("I played Kh1. I see -5.0 pawns for you, an estimate at depth 1: ")


def test_the_placement_and_the_bishop_pair() -> None:
    """Michniewski's tables as white sees them, mirrored for black; the king's endgame table once
    the queens are off; the bishop pair."""
    start = chess.Board()
    assert CH.placement(start, chess.WHITE) == CH.placement(start, chess.BLACK) == -95
    assert CH.estimate(start) == 0
    knight = chess.Board("4k3/8/8/8/4N3/8/8/4K3 w - - 0 1")  # Ne4: +20; Ke1 in the endgame: -30
    assert CH.placement(knight, chess.WHITE) == 20 - 30
    mirrored = chess.Board("4k3/8/8/4n3/8/8/8/4K3 b - - 0 1")  # the same for black
    assert CH.placement(mirrored, chess.BLACK) == 20 - 30
    castled = chess.Board("r3k2r/8/8/8/8/8/8/R2Q1RK1 w kq - 0 1")  # the king on g1, queens on
    assert CH.placement(castled, chess.WHITE) == 0 - 5 + 0 + 30  # Ra1, Qd1, Rf1, Kg1
    assert CH.endgame(knight) and not CH.endgame(castled) and not CH.endgame(start)
    rooks = chess.Board("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w - - 0 1")  # queens off, 2 rooks
    assert CH.endgame(rooks) and not CH.endgame(chess.Board("rr2k2r/8/8/8/8/8/8/RR2K2R w - - 0 1"))
    two_bishops = chess.Board("4k3/8/8/8/8/8/3P4/2B1KB2 w - - 0 1")
    assert CH.bishop_pair(two_bishops, chess.WHITE) == CH.BishopPair
    assert CH.bishop_pair(two_bishops, chess.BLACK) == 0
    for _, evaluate in CH.Ladder:  # zero-sum: the same position seen from the other side
        board = two_bishops.copy()
        score = evaluate(board)
        board.turn = chess.BLACK
        assert evaluate(board) == -score


def test_a_king_that_cannot_castle_stays_out_of_the_centre() -> None:
    """Issue 28's games: the king walked Kf1, Ke2, Kf4 with the queens on. A king on the d, e or
    f file without its castling rights costs KingInCentre while the queens are on."""
    walked = chess.Board("rnbqkbnr/pppppppp/8/8/8/8/PPPPKPPP/RNBQ1BNR w kq - 0 1")
    assert CH.king_safety(walked, chess.WHITE) == -CH.KingInCentre
    assert CH.king_safety(walked, chess.BLACK) == 0  # black may still castle
    assert CH.king_safety(chess.Board(), chess.WHITE) == 0
    castled = chess.Board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1RK1 w kq - 0 1")
    assert CH.king_safety(castled, chess.WHITE) == 0  # on g1: safe
    no_queens = chess.Board("rnb1kbnr/pppppppp/8/8/8/8/PPPPKPPP/RNB2BNR w kq - 0 1")
    assert CH.king_safety(no_queens, chess.WHITE) == 0
    assert CH.estimate(walked) == CH.estimate(walked.mirror()) < 0  # the same, seen by black


def test_the_estimate_develops_and_stops_shuffling() -> None:
    """Issue 28: with material alone the search played 1. Nh3 Nh6 2. Ng5 ... Rg8 Rh8 back and
    forth; with the estimate no move of the first six goes straight back, at the same depth."""
    material = LECTURE.self_play(LECTURE.balance, moves=6, depth=2)
    estimate = LECTURE.self_play(LECTURE.estimate, moves=6, depth=2)
    assert LECTURE.back(material) == 6 and LECTURE.back(estimate) == 0
    assert chess.Board().san(estimate[0]) == "Nf3"
    assert chess.Board().variation_san(material).startswith("1. Nh3 Nh6 2. Ng5")


def test_the_moves_in_stages_are_the_legal_moves_castling_included() -> None:
    """Issue 28: the opponent never castled. python-chess masks a castling move by its rook's
    square (the king takes its own rook), so the quiet moves generated onto empty squares alone
    left castling out of every search. Each stage order yields each legal move once."""
    for board, _ in [(chess.Board(KIWIPETE), None), *CH.WinAtChess]:
        for options in ({}, {"captures_first": False}):
            staged = list(CH.moves(CH.Engine(**options), board, None))
            assert sorted(map(str, staged)) == sorted(map(str, board.legal_moves))


def test_every_stage_order_yields_each_legal_move_once_whatever_the_table_and_killers_say() -> None:
    """With the table's move not tried first (the ablation's "previous" off), the old stages
    still left that move out of the captures and the quiet moves: it was never searched."""
    kiwipete = chess.Board(KIWIPETE)
    elsewhere = [*kiwipete.legal_moves]  # moves of another position: illegal here, mostly
    for board, _ in [(kiwipete, None), *CH.WinAtChess[:60]]:
        legal = sorted(map(str, board.legal_moves))
        quiet = [m for m in board.legal_moves if not board.is_capture(m)]
        for options in ({}, {"captures_first": False}, {"previous": False}, {"killers": False}):
            for first in [None, *list(board.legal_moves)[-2:], elsewhere[5]]:
                engine = CH.Engine(**options)
                engine.killer[3] = [*quiet[:1], elsewhere[7]]
                staged = list(CH.moves(engine, board, first, 3))
                assert sorted(map(str, staged)) == legal, (board.fen(), options, first)
    kiwipete = chess.Board(KIWIPETE)
    assert sum(kiwipete.is_castling(m) for m in CH.moves(CH.Engine(), kiwipete, None)) == 2


def test_the_opponent_castles_both_sides_from_the_start() -> None:
    """Issue 28: the engine at depth 4 from the start, with the estimate: both sides castle short
    within their first 10 moves (before the fix neither side ever castled)."""
    board, castled = chess.Board(), []
    for _ in range(20):
        move = CH.Engine(evaluate=LECTURE.estimate).search(board, depth=4).move
        if board.is_castling(move):
            castled.append(board.san(move))
        board.push(move)
    assert castled == ["O-O", "O-O"]


def test_a_match_plays_each_opening_both_ways() -> None:
    played = CH.match(CH.Ladder[1][1], CH.Ladder[0][1], openings=1, depth=1)
    assert played["won"] + played["drawn"] + played["lost"] == 2 and len(played["plies"]) == 2


def test_the_estimate_counted_on_bitboards_is_the_estimate_counted_square_by_square() -> None:
    """A second count of the estimate, from python-chess's squares one by one (``piece_map``),
    on the Win at Chess positions and with either side to move."""

    def by_squares(board: chess.Board) -> int:
        endgame = not board.queens and all(
            sum(
                LECTURE.Worth[p.piece_type]
                for p in board.piece_map().values()
                if p.color == colour and p.piece_type not in (chess.PAWN, chess.KING)
            )
            <= 1300
            for colour in chess.COLORS
        )
        tables = {**LECTURE.Tables, chess.KING: LECTURE.KingEndgame} if endgame else LECTURE.Tables
        total = 0
        for square, piece in board.piece_map().items():
            sign = 1 if piece.color == board.turn else -1
            index = square ^ 56 if piece.color == chess.WHITE else square
            total += sign * (
                LECTURE.Worth.get(piece.piece_type, 0) + tables[piece.piece_type][index]
            )
        for colour in chess.COLORS:
            sign = 1 if colour == board.turn else -1
            bishops = sum(
                p == chess.Piece(chess.BISHOP, colour) for p in board.piece_map().values()
            )
            total += sign * (LECTURE.BishopPair if bishops >= 2 else 0)
            total += sign * LECTURE.king_safety(board, colour)
        return total

    for board, _ in CH.WinAtChess:
        for turn in chess.COLORS:
            board = board.copy(stack=False)
            board.turn = turn
            assert LECTURE.estimate(board) == by_squares(board), board.fen()


def test_a_capture_defended_by_the_king_alone_is_searched_when_the_king_cannot_take_back() -> None:
    """After 1. e4 e5 2. Bc4 Nc6 3. Qh5, Qxf7 is mate: f7's only defender is the king, which
    cannot take a queen the bishop protects. Quiescence skipped it as a losing capture, so at
    depth 1 black answered 3...Nf6?? (allowing the mate) instead of defending f7."""
    board = chess.Board()
    for san in ["e4", "e5", "Bc4", "Nc6", "Qh5"]:
        board.push_san(san)
    white = board.copy()
    white.push_san("a6")
    assert not CH.loses_material(white, white.parse_san("Qxf7#"))
    found = CH.Engine(evaluate=LECTURE.estimate).search(board, depth=1)
    assert board.san(found.move) != "Nf6"
    # a queen taking a pawn that a pawn defends, and a pawn the king alone defends, unprotected
    trade = chess.Board("4k3/3p4/4p3/8/8/8/8/4QK2 w - - 0 1")
    assert CH.loses_material(trade, trade.parse_san("Qxe6"))
    alone = chess.Board("4k3/4p3/8/8/8/8/8/4QK2 w - - 0 1")
    assert CH.loses_material(alone, alone.parse_san("Qxe7+"))


def test_null_windows_give_the_scores_of_the_whole_window() -> None:
    """Principal variation search changes the positions searched, never a score (the null
    move off: it may change scores, by design)."""
    for board, _ in CH.WinAtChess[:20]:
        plain = CH.Engine(null_move=False, null_windows=False).search(board, depth=3)
        narrow = CH.Engine(null_move=False).search(board, depth=3)
        assert narrow.score == plain.score, board.fen()


def test_a_pass_is_not_tried_where_it_could_mislead() -> None:
    engine = CH.Engine()
    pawns = chess.Board("4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 1")  # kings and pawns: zugzwang
    pieces = chess.Board("4k3/4p3/8/8/8/8/4P3/3NK3 w - - 0 1")
    assert not CH.passing_cuts(engine, pawns, 5, -1000, 1)
    assert CH.passing_cuts(engine, pieces, 5, -1000, 1)  # a knight up: passing is good enough
    assert not CH.passing_cuts(engine, pieces, CH.Reduction, -1000, 1)  # too shallow
    assert not CH.passing_cuts(engine, pieces, 5, CH.Mate - 10, 1)  # a mate is at stake
    pieces.push(chess.Move.null())
    pieces.push(chess.Move.null())  # white's turn again, right after black passed
    assert not CH.passing_cuts(engine, pieces, 5, -1000, 1)
    assert not CH.passing_cuts(CH.Engine(null_move=False), chess.Board(pieces.fen()), 5, -1000, 1)


def states_of(sans: str) -> list[str]:
    """The states (FEN) of a game from the start through the moves ``sans``."""
    board = chess.Board()
    states = [board.fen()]
    for san in sans.split():
        board.push_san(san)
        states.append(board.fen())
    return states


def test_the_game_board_replays_the_moves_since_the_last_capture_or_pawn_move() -> None:
    states = states_of("e4 e5 Nf3 Nc6 Ng1")
    board = CH.game_board(states[-1], tuple(states[:-1]))
    assert board.fen() == states[-1] and board.root().fen() == states[2]
    assert [m.uci() for m in board.move_stack] == ["g1f3", "b8c6", "f3g1"]
    board.push_san("Nb8")
    assert board.is_repetition(2)  # the position after 1. e4 e5: the board knows the game
    blind = CH.game_board(states[-1])
    blind.push_san("Nb8")
    assert not blind.is_repetition(2)
    assert CH.game_board(states[2], tuple(states[:2])).move_stack == []  # after a pawn move
    with pytest.raises(ValueError, match="no legal move leads from"):
        CH.game_board(states[-1], tuple(states[:-2]))  # a state missing


REPEATING = (
    "Nf3 Nf6 Nc3 Nc6 e4 e5 Bd3 d5 exd5 Nxd5 Nxd5 Qxd5 O-O Nb4 Qe2 Nxd3 Qxd3 Qxd3 cxd3 Bd6 Re1 f6"
    " d4 Bf5 dxe5 fxe5 Nxe5 O-O d4 Bb4 Re2 Rfe8 Bf4 Rad8 Rd1 Bg4 f3 Be6 Bg5 Rd6 Rc2 Bxa2 Nc4 Rc6"
    " Ne3 Rxc2 Nxc2 Bb3 Rc1 Bd6 Ne3 h6 Rc3 Be6 Bh4 Kf7 Bg3 Bxg3 hxg3 Rc8 d5 Bd7 Rb3 Rb8 Rc3"
)
"""The engine's own game from the start at depth 3, knowing nothing of the game before each
search: black's next move, Rc8, brings back the position after 31. d5."""


def test_the_engine_that_knows_the_game_does_not_repeat_a_position() -> None:
    states = states_of(REPEATING)
    state, earlier = states[-1], tuple(states[:-1])
    played = []
    for known in ((), earlier):
        stats = Stats()
        CH.engine_search(GAME, state, "black", stats, depth=3, earlier=known)
        played.append(stats.line[0])
    blind, knowing = (" ".join(after.split()[:4]) for after in played)
    earlier = {" ".join(before.split()[:4]) for before in states}
    assert blind in earlier  # Rc8: the position after 31. d5 again
    assert knowing not in earlier


def test_the_engine_moves_in_a_position_met_for_the_fifth_time() -> None:
    """The game's positions on the board make python-chess see a fivefold repetition, which
    ends a game by its rules but not this course's game (a state keeps no history): the engine
    must still answer with a move."""
    states = states_of("Nf3 Nf6 Ng1 Ng8 " * 4)
    assert states.count(states[-1]) == 1 and len({" ".join(s.split()[:4]) for s in states}) == 4
    assert CH.game_board(states[-1], tuple(states[:-1])).is_fivefold_repetition()
    stats = Stats()
    CH.engine_search(GAME, states[-1], "white", stats, depth=2, earlier=tuple(states[:-1]))
    assert stats.line and stats.line[0] in GAME.next_states(states[-1], "white")


def test_a_mate_on_the_fiftieth_move_is_a_mate() -> None:
    """Ra8# makes the halfmove clock 100: the engine scored the draw by the fifty-move rule
    before it looked for the mate, and played Kh2 (issue 33, item 11)."""
    board = chess.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80")
    found = CH.Engine().search(board, depth=2)
    assert board.san(found.line[0]) == "Ra8#"
    assert CH.mate_in(found.score) == 1


# ----------------------------------------------------------------------------- the lecture's search


def lecture_search(fen: str, depth: int, quiescence: bool = True) -> tuple[int, str, int]:
    """The lecture's search of a position: its score, its move in SAN, the positions visited."""
    board = chess.Board(fen)
    search = LECTURE.Search(quiescence=quiescence)
    score, line = LECTURE.alpha_beta_chess(search, board, depth, -LECTURE.Mate, LECTURE.Mate)
    assert board.fen() == chess.Board(fen).fen()  # every move pushed was taken back
    return score, chess.Board(fen).san(line[0]), search.stats.calls


def test_quiescence_keeps_the_queen_out_of_the_trap() -> None:
    """Chess §4: at depth 1 the search without quiescence takes a poisoned pawn (a pawn up, it
    believes); with quiescence it sees the recapture, and no depth takes one."""
    score, move, _ = lecture_search(TRAP, 1, quiescence=False)
    assert move in {"Qxh7", "Qxf7+", "Qxe5+"} and score == 100
    for depth in (1, 2, 3):
        score, move, _ = lecture_search(TRAP, depth)
        assert not chess.Board(TRAP).is_capture(chess.Board(TRAP).parse_san(move)) and score == 0


def plain(board: chess.Board, depth: int, quiescence: bool, ply: int = 0) -> int:
    """A second search: negamax without pruning, the same scores (mates, draws, standing pat)."""
    if depth == 0 and quiescence:
        if (over := LECTURE.over(board, ply)) is not None:
            return over
        best = LECTURE.balance(board)
        for move in board.generate_legal_captures():
            board.push(move)
            best = max(best, -plain(board, 0, True, ply + 1))
            board.pop()
        return best
    if (over := LECTURE.over(board, ply)) is not None:
        return over
    if depth == 0:
        return LECTURE.balance(board)
    scores = []
    for move in list(board.legal_moves):
        board.push(move)
        scores.append(-plain(board, depth - 1, quiescence, ply + 1))
        board.pop()
    return max(scores)


SMALL = [
    "4k3/8/3p4/4p3/3P4/2N5/8/4K3 w - - 0 1",  # a pawn exchange to play out or not
    "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",  # a mate on the back rank
    "7k/8/6K1/8/8/8/8/6Q1 w - - 0 1",  # a mate, or a stalemate for a careless queen
    "r3k3/8/8/3q4/8/2N5/1B6/4K2R w - - 0 1",  # a queen to win, pieces hanging
]


@pytest.mark.parametrize("fen", SMALL)
@pytest.mark.parametrize("quiescence", [False, True])
def test_alpha_beta_gives_the_value_of_plain_minimax(fen: str, quiescence: bool) -> None:
    """Alpha-beta with the whole window returns the root's value exactly: the same as a
    minimax that looks at every move, at depth 2, with and without quiescence."""
    score, _, _ = lecture_search(fen, 2, quiescence)
    assert score == plain(chess.Board(fen), 2, quiescence)


def test_a_mate_found_sooner_is_worth_more() -> None:
    """Mate in one on the back rank; at depth 3 the search still plays it (a mate in two scores
    less), and a side that is mated sees its loss from the ply it comes at."""
    score, move, _ = lecture_search("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1)
    assert (move, score) == ("Ra8#", LECTURE.Mate - 1)
    score, move, _ = lecture_search("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 3)
    assert (move, score) == ("Ra8#", LECTURE.Mate - 1)
    score, _, _ = lecture_search("7k/R7/6K1/8/8/8/8/8 b - - 0 1", 2)  # Kg8 Ra8#: mated in 2
    assert score == -(LECTURE.Mate - 2)
    stalemate = chess.Board("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert LECTURE.over(stalemate, 1) == 0 and LECTURE.over(chess.Board(), 0) is None


def test_the_computer_knows_the_game_and_the_command_line_plays_as_it_does(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The material-only shuttle of Chess's appendix on strategy: black's Rg8 brings back a
    position of the game. On the board of the game (``game_board`` with ``earlier``) the search
    scores it a draw; on the position alone it cannot know. The command line, given the position
    alone, plays the move of the board's computer."""
    import random

    states = states_of("Nh3 Nh6 Ng5 Nc6 Ne4 Rg8 Ng5 Rh8 Ne4")
    state, earlier = states[-1], tuple(states[:-1])
    for known, draw in [((), None), (earlier, 0)]:
        board = LECTURE.game_board(state, known)
        board.push_san("Rg8")
        assert LECTURE.over(board, 1) == draw
    _, played, _ = LECTURE.computer(state, "black", random.Random(0), budget=None, depth=2)
    argv = ["move", str(NOTEBOOKS / "Chess.ipynb"), "--position", state, "--depth", "2"]
    assert main([*argv, "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["algorithm"] == "chess_engine"
    assert result["move"] == LECTURE.describe_move(state, played)


def test_the_computer_gives_up_deepening_when_its_time_is_spent() -> None:
    """Under a budget the search deepens until the time is spent: the move of the last depth
    completed, a legal one, even for a budget too short for depth 2."""
    import random

    trap, white = LECTURE.parse(TRAP)
    value, after, stats = LECTURE.computer(trap, white, random.Random(0), budget=0.001)
    assert after in LECTURE.next_states(trap, white) and stats.depth >= 1
    assert -1 < value < 1 and not stats.exact


def exercise_2() -> dict[str, chess.Board]:
    """The boards that the graded test of Chess's exercise 2 (quiescence in check) names."""
    cells = json.loads((NOTEBOOKS / "Chess.ipynb").read_text(encoding="utf-8"))["cells"]
    [test] = [
        "".join(cell["source"])
        for cell in cells
        if cell["metadata"].get("nbgrader", {}).get("grade_id") == "ex2-test"
    ]
    return {
        name: chess.Board(fen) for name, fen in re.findall(r'(\w+) = chess.Board\("(.+?)"\)', test)
    }


def in_check(board: chess.Board, ply: int = 0) -> int:
    """Quiescence without pruning as exercise 2 asks for it: a player in check may not stand
    pat and tries every move; any other stands pat or captures."""
    if (over := LECTURE.over(board, ply)) is not None:
        return over
    check = board.is_check()
    best = -LECTURE.Mate if check else LECTURE.balance(board)
    for move in list(board.legal_moves if check else board.generate_legal_captures()):
        board.push(move)
        best = max(best, -in_check(board, ply + 1))
        board.pop()
    return best


def test_the_lecture_s_quiescence_misreads_the_positions_of_exercise_2() -> None:
    """The fork (1. Nxf7+ Kg8 2. Nxd8) wins a pawn and the queen, 300 centipawns for white; the
    back rank is mated at the third move (Mate - 3). Standing pat in check, the lecture's
    quiescence reads a pawn won in the first and a knight won in the second: the exercise
    has a mistake to mend, and its test expects the true scores."""
    boards = exercise_2()
    window = -LECTURE.Mate, LECTURE.Mate
    for name, right in {"fork": 300, "back_rank": LECTURE.Mate - 3}.items():
        assert in_check(boards[name]) == right, name
        assert LECTURE.quiescent(LECTURE.Search(), boards[name], *window, 0) != right, name
