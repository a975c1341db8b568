"""benchmarks/chess_play.py and chess_lead.py: the play page's chess opponent judged by Stockfish
(issues 28 and 33).

The logic on games made up here (a move's loss from a scripted judge, moves straight back,
castling, the summary, the report's section kept in chess.md), then a tiny run through the real
notebook at a fixed depth with Stockfish judging (skipped without Stockfish). Counts, not times.
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path
from typing import Any

import chess
import chess.engine
import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # benchmarks/ is a folder of the repository, not of the package
    sys.path.insert(0, str(ROOT))

from benchmarks import chess_lead as lead  # noqa: E402
from benchmarks import chess_play as play  # noqa: E402
from benchmarks.chess import CLAMP, find_stockfish, kept  # noqa: E402

LIMIT = chess.engine.Limit(depth=1)


def moves(board: chess.Board, sans: str) -> list[chess.Move]:
    found = []
    board = board.copy()
    for san in sans.split():
        found.append(board.push_san(san))
    return found


class Scripted:
    """A judge that answers from a table: each position's best move and the score of each move
    (for the mover), as ``Stockfish`` would through ``analyse``; it records the searches."""

    def __init__(self, scores: dict[str, int | chess.engine.Score]) -> None:
        self.scores, self.searched = scores, 0

    @staticmethod
    def order(value: int | chess.engine.Score) -> int:
        return value if isinstance(value, int) else value.score(mate_score=100_000) or 0

    def analyse(self, board: chess.Board, limit: object, root_moves: Any = None) -> Any:
        self.searched += 1
        moves = [m for m in (root_moves or board.legal_moves) if board.san(m) in self.scores]
        best = max(moves, key=lambda m: self.order(self.scores[board.san(m)]))
        value = self.scores[board.san(best)]
        score = chess.engine.PovScore(
            value if isinstance(value, chess.engine.Score) else chess.engine.Cp(value), board.turn
        )
        return {"pv": [best], "score": score}


def test_the_loss_of_a_move_is_its_score_below_the_best_move_s_from_the_same_search() -> None:
    board = play.opening("e4 e5 Nf3")  # black to move
    judge = Scripted({"Nc6": 30, "d6": 10, "f6": -120, "Qh4": -900})
    assert [play.move_loss(judge, board, board.parse_san(m), LIMIT) for m in ("Nc6", "d6")] == [
        0,
        20,
    ]
    assert play.move_loss(judge, board, board.parse_san("f6"), LIMIT) == 150
    assert play.move_loss(judge, board, board.parse_san("Qh4"), LIMIT) == 930
    searched = judge.searched
    play.move_loss(judge, board, board.parse_san("Nc6"), LIMIT)
    assert judge.searched == searched + 1  # the best move: one search, no second


def test_a_mate_counts_as_the_clamp() -> None:
    board = play.opening("e4 e5 Nf3")
    judge = Scripted({"Nc6": chess.engine.Mate(2), "d6": -300, "Qh4": chess.engine.Mate(3)})
    assert play.move_loss(judge, board, board.parse_san("d6"), LIMIT) == CLAMP + 300
    assert play.move_loss(judge, board, board.parse_san("Qh4"), LIMIT) == 0  # both clamped


def test_a_forced_move_loses_nothing() -> None:
    """Scores of consecutive positions, each searched on its own, disagree where a repetition is
    in reach: the only legal move was charged 265 centipawns that way (benchmarks/chess.md,
    a perpetual check). The loss compares moves of one position instead."""
    board = chess.Board("r4r1k/p1q2p1p/4pQ2/3p4/2bP4/8/P1P2PPP/R3R1K1 b - - 10 23")  # in check
    assert [board.san(m) for m in board.legal_moves] == ["Kg8"]
    judge = Scripted({"Kg8": -265})
    assert play.move_loss(judge, board, board.parse_san("Kg8"), LIMIT) == 0


def test_moves_straight_back_are_the_ones_that_undo_the_same_side_s_last_move() -> None:
    line = moves(chess.Board(), "Nf3 Nf6 Ng1 Ng8 Nc3 Nc6 Nb5 Nb8")
    assert [play.is_back(line, i) for i in range(len(line))] == [
        *(False, False, True, True),
        *(False, False, False, True),  # Nb5 is no way back to c3's b1; Nb8 is c6's way back
    ]


def test_castling_and_the_summary_of_games() -> None:
    start = chess.Board()
    game = play.Game("", start, moves(start, "e4 e5 Nf3 Nc6 Bc4 Bc5 O-O Nf6"), [0] * 9, "*")
    assert game.castled(chess.WHITE) and not game.castled(chess.BLACK)
    game.lost = [20, 0, 30, 0, 300, 10, 0, 0]
    s = play.summarize([game])
    assert (s.games, s.moves, s.back, s.castled) == (1, 8, 0, 1)
    assert s.blunders == 1  # Bc4 lost 300
    assert s.whole == s.early == [360 / 8]


def test_a_computer_that_names_earlier_gets_the_game_before_the_board() -> None:
    asked: list[tuple[str, ...]] = []

    def knight_out(state: str, player: str, rng: object, budget: object, earlier: Any = ()) -> Any:
        asked.append(earlier)
        board = chess.Board(state)
        board.push_san("Nc6")
        return 0.0, board.fen(), None

    def forgetful(state: str, player: str, rng: object, budget: object) -> Any:
        return knight_out(state, player, rng, budget)

    board = play.opening("e4 e5 Nf3")
    for computer in (knight_out, forgetful):
        assert play.computer_player(computer, budget=None)(board) == board.parse_san("Nc6")
    before = tuple(play.opening(sans).fen() for sans in ("", "e4", "e4 e5"))
    assert asked == [before, ()]


def test_the_section_replaces_its_old_self_and_chess_py_keeps_it(tmp_path: Path) -> None:
    report = tmp_path / "chess.md"
    report.write_text("# Chess\n\nWin at Chess.\n", encoding="utf-8")
    first = play.merged(report.read_text(), f"{play.BEGIN}\nold\n{play.END}\n")
    second = play.merged(first, f"{play.BEGIN}\nnew\n{play.END}\n")
    assert second.count(play.BEGIN) == 1 and "new" in second and "old" not in second
    assert second.startswith("# Chess\n\nWin at Chess.\n")
    report.write_text(second, encoding="utf-8")
    rewritten = kept(report, "# Chess\n\nWin at Chess, again.\n")
    assert rewritten.startswith("# Chess\n\nWin at Chess, again.\n") and "new" in rewritten


def test_the_page_s_default_time_is_the_one_the_script_uses() -> None:
    page = (Path(play.ROOT) / "notebooks" / "play" / "Chess.ipynb").read_text(encoding="utf-8")
    assert f"budget={play.PAGE_BUDGET:g}" in page


def test_the_version_before_is_the_lecture_at_its_commit() -> None:
    before = play.VERSIONS["before"](play.NOTEBOOK).__globals__["engine_notebook"]()
    after = play.VERSIONS["after"](play.NOTEBOOK).func.__globals__  # the engine's own
    assert Path(before.__file__).parent != Path(after["__file__"]).parent  # a copy from git
    assert not hasattr(before, "passing_cuts") and "passing_cuts" in after


def test_a_revision_git_does_not_know_is_said_in_words() -> None:
    with pytest.raises(
        SystemExit, match=r"cannot read notebooks/Chess-Engine\.ipynb at no-such-commit"
    ):
        play.notebook_at("no-such-commit", play.NOTEBOOK)


@pytest.mark.skipif(find_stockfish() is None, reason="stockfish is not installed")
def test_a_tiny_run_of_both_versions() -> None:
    """Both versions of the lecture's computer, to a fixed depth, judged by Stockfish."""
    stockfish = find_stockfish()
    assert stockfish is not None
    limit = play.chess.engine.Limit(depth=6)
    games = {}
    with play.uci(stockfish) as engine:
        for name, version in play.VERSIONS.items():
            computer = functools.partial(version(play.NOTEBOOK), depth=2)
            player = play.computer_player(computer, budget=None)
            game = play.play(player, player, play.opening("e4"), 6, "e4")
            games[name] = play.judge(game, engine, limit)
    assert all(len(g.moves) == len(g.lost) == 6 for g in games.values())
    assert all(0 <= loss <= 2 * CLAMP for g in games.values() for loss in g.lost)


def test_a_move_throws_away_a_lead_of_three_pawns_when_it_loses_three_pawns_of_it() -> None:
    """benchmarks/chess_lead.py: a move counts when the lead before it is 300 or more and the
    move loses 300 or more of it (a mate to 663, from a game of the page, counts)."""

    def move(before: int, after: int) -> lead.Judged:
        return lead.Judged(1, "23.", chess.STARTING_FEN, "Qg5+", "Rd1+", before, after)

    assert [move(*m).throws_away for m in [(1000, 663), (300, 0), (299, -500), (900, 601)]] == [
        True,
        True,
        False,
        False,
    ]
    done = play.opening("f3 e5 g4 Qh4")  # fool's mate: black, the computer, won
    games = [lead.Played("", chess.BLACK, done, [move(1000, 663), move(120, -400)])]
    text = lead.markdown(games, "note")
    assert "| 1 | 1 | 0 | 0 | 0 | 2 | 1 | 1 | 337 cp (337, 337) |" in text
    assert "- game 1, 23.Qg5+ (Stockfish: Rd1+), lead 1000 cp, 663 cp after it" in text
    assert "score 120 cp, loss 520 cp" in text.split("The largest losses")[1]


def test_a_tiny_game_against_the_weak_opponent_is_judged_move_by_move() -> None:
    """The computer to depth 1 against Stockfish at skill 0, four half-moves: its two moves
    judged, their losses within the clamps."""
    stockfish = find_stockfish()
    assert stockfish is not None
    args = lead.parser().parse_args(["--plies", "4", "--judge-depth", "4"])
    computer = play.computer_player(
        functools.partial(play.VERSIONS["after"](play.NOTEBOOK), depth=1), budget=None
    )
    with play.uci(stockfish) as opponent, play.uci(stockfish) as referee:
        opponent.configure({"Skill Level": 0})
        game = lead.play_one(1, "", chess.WHITE, args, (computer, opponent, referee))
    assert len(game.board.move_stack) == 4 and [m.number for m in game.judged] == ["1.", "2."]
    assert all(-CLAMP <= m.after <= m.lead <= CLAMP for m in game.judged)


def test_the_games_record_comments_the_computer_s_moves_only() -> None:
    """After an opening of two moves, the computer black: its moves 2... and 3... carry their
    lead and loss, the opening's and the opponent's none."""
    board = play.opening("e4 e5")
    for san in ("Nf3", "Nc6", "Bc4", "Nf6"):
        board.push_san(san)
    judged = [lead.Judged(1, n, "", "", "", 20 * i, 10 * i) for i, n in enumerate(["2...", "3..."])]
    record = lead.pgn([lead.Played("e4 e5", chess.BLACK, board, judged)])
    assert "2. Nf3 Nc6 { lead 0, loss 0 } 3. Bc4 Nf6 { lead 20, loss 10 }" in record
