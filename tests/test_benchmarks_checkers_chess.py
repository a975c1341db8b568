"""The checkers and chess cases of ``python -m benchmarks``: our exact counts at small depths,
OpenSpiel's root value against ours, sunfish loaded in this process (where its venv is)."""

from __future__ import annotations

import dataclasses
import importlib.util
import sys
from pathlib import Path
from typing import Any

import chess
import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # benchmarks/ is a folder of the repository, not of the package
    sys.path.insert(0, str(ROOT))

from benchmarks import checkers_speed, chess_speed, harness, lectures  # noqa: E402
from benchmarks.checkers import os_board  # noqa: E402
from benchmarks.harness import CaseResult, Settings, run  # noqa: E402
from benchmarks.run import CASES  # noqa: E402

ONCE = Settings(runs=1, moves=False)
NO_OPENSPIEL = importlib.util.find_spec("pyspiel") is None
NO_SUNFISH = (
    chess_speed.sunfish_file() is None or chess_speed.sunfish_file("sunfish_ui/uci.py") is None
)
SUNFISH_REASON = "sunfish's venv (.venv-sunfish) is absent: python -m benchmarks.chess creates it"


def by_library(result: CaseResult) -> dict[str, tuple[object, str | None, int | None]]:
    return {
        f"{row.library} {row.algorithm}": (row.value, row.move, row.nodes) for row in result.rows
    }


def test_the_cases_are_registered() -> None:
    names = ["checkers-10", "checkers-11", "chess-start", "chess-wac-3", "chess-wac-7"]
    assert all(name in CASES for name in names)
    assert CASES["checkers-10"] is checkers_speed.CASES["checkers-10"]
    assert CASES["chess-wac-3"] is chess_speed.CASES["chess-wac-3"]
    assert [CASES[name].depth for name in names] == [10, 11, 5, 5, 5]


def test_our_checkers_counts_are_exact_at_depth_4() -> None:
    case = checkers_speed.case(4, [checkers_speed.Gamesolver()])
    (result,) = run([case], ONCE, verbose=False)
    assert result.not_run == []
    assert by_library(result) == {
        "gamesolver depth_limited": (0, None, 197),
        "gamesolver checkers_search": (0, "9-13", 283),
    }
    assert [row.technique for row in result.rows] == ["plain-alpha-beta", "best"]


@pytest.mark.skipif(NO_OPENSPIEL, reason="OpenSpiel is not installed (pip install -e '.[bench]')")
@pytest.mark.parametrize("depth", [2, 3, 4])
def test_openspiel_finds_our_root_value(depth: int) -> None:
    """The same estimate and window: the same value at the root, whatever the move orders."""
    (result,) = run([checkers_speed.case(depth)], ONCE, verbose=False)
    assert result.not_run == []
    values = {row.library: row.value for row in result.rows}
    assert set(values) == {"gamesolver", "OpenSpiel"}
    assert len(set(values.values())) == 1
    (spiel,) = (row for row in result.rows if row.library == "OpenSpiel")
    assert spiel.nodes is not None and spiel.nodes > depth
    assert spiel.move in {"9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"}


@pytest.mark.skipif(NO_OPENSPIEL, reason="OpenSpiel is not installed (pip install -e '.[bench]')")
def test_openspiel_states_are_estimated_as_ours() -> None:
    """``os_material`` of OpenSpiel's state after some moves is ``material`` of ours."""
    import pyspiel

    nb = lectures.checkers()
    state, ours = pyspiel.load_game("checkers").new_initial_state(), nb.Start
    for _ in range(6):  # the first action each time (no multi-jump within six plies)
        state.apply_action(state.legal_actions()[0])
        board = os_board(nb, state)
        ours = next(move.after for move in nb.legal_moves(ours) if move.after[:3] == board)
    assert checkers_speed.os_material(nb, state) == nb.material(ours, "red")


@pytest.mark.skipif(NO_OPENSPIEL, reason="OpenSpiel is not installed (pip install -e '.[bench]')")
def test_openspiel_estimates_by_counts_are_material_of_the_whole_board() -> None:
    """``os_material`` counts pieces in ``str(state)``; on every position of seeded random games
    played to their end (kings included) it is ``material`` of the board read square by square
    (``os_board``, which the perft comparisons of benchmarks/checkers.py check)."""
    import random

    import pyspiel

    nb = lectures.checkers()
    game, rng, seen, kings = pyspiel.load_game("checkers"), random.Random(0), 0, 0
    for _ in range(10):
        state = game.new_initial_state()
        while not state.is_terminal():
            red, white, crowned = os_board(nb, state)
            ours = nb.State(red, white, crowned, nb.Players[state.current_player()])
            assert checkers_speed.os_material(nb, state) == nb.material(ours, "red")
            seen, kings = seen + 1, kings + (crowned != 0)
            state.apply_action(rng.choice(state.legal_actions()))
    assert seen > 500 and kings > 50  # long games, many positions with kings


def test_our_chess_counts_are_exact() -> None:
    ours = chess_speed.Gamesolver
    start = dataclasses.replace(CASES["chess-start"], depth=2, libraries=[ours(chess.STARTING_FEN)])
    wac = dataclasses.replace(
        CASES["chess-wac-3"], depth=3, libraries=[ours(chess_speed.wac(3)[0])]
    )
    results = run([start, wac], ONCE, verbose=False)
    assert [by_library(result) for result in results] == [
        {"gamesolver Engine().search(board, depth)": (0, "Nh3", 144)},
        {
            "gamesolver Engine().search(board, depth)": (100, "Rg3", 4_080)
        },  # evasions in quiescence: 3,902 before
    ]


def test_a_chess_case_without_sunfish_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    """Sunfish's absence is found out once (one failed install, not one per case)."""
    tries: list[bool] = []

    def absent(install: bool = True) -> tuple[None, str]:
        tries.append(install)
        return None, "not installed"

    monkeypatch.setattr(chess_speed, "find_sunfish", absent)
    chess_speed.sunfish_missing.cache_clear()
    case = dataclasses.replace(CASES["chess-start"], depth=1)
    try:
        (result, again) = run([case, case], dataclasses.replace(ONCE, peers=True), verbose=False)
    finally:
        chess_speed.sunfish_missing.cache_clear()
    assert tries == [True]
    assert result.not_run == again.not_run == [("sunfish", "not installed")]
    assert [row.library for row in result.rows] == ["gamesolver"]
    assert "sunfish" not in harness.versions([result])  # it did not run


@pytest.mark.skipif(NO_SUNFISH, reason=SUNFISH_REASON)
def test_sunfish_reads_the_start_fen_as_its_own_start() -> None:
    """The board, castling rights, en passant and king squares are those of sunfish's own start;
    the score is what its tables give the board (its own start says 0, a round number)."""
    sunfish = chess_speed.load_sunfish()
    engine = sunfish.engine
    (position,) = sunfish.history(chess.STARTING_FEN)
    own = engine.Position(engine.initial, 0, (True, True), (True, True), 0, 0)
    assert position._replace(score=0) == own
    white = sum(engine.pst[c][i] for i, c in enumerate(engine.initial) if c.isupper())
    black = sum(engine.pst[c.upper()][119 - i] for i, c in enumerate(engine.initial) if c.islower())
    assert position.score == white - black
    black_to_move = chess.Board()
    black_to_move.push_san("e4")
    before, after = sunfish.history(black_to_move.fen())
    assert after == before.rotate()  # sunfish sees the position from the side to move


@pytest.mark.skipif(NO_SUNFISH, reason=SUNFISH_REASON)
def test_sunfish_finds_a_legal_move_at_a_small_depth() -> None:
    case = dataclasses.replace(CASES["chess-wac-7"], depth=2)
    (result,) = run([case], dataclasses.replace(ONCE, peers=True), verbose=False)
    assert result.not_run == []
    (row,) = (row for row in result.rows if row.library == "sunfish")
    board = chess.Board(chess_speed.wac(7)[0])
    assert row.move is not None and board.parse_san(row.move) in board.legal_moves
    assert row.nodes is not None and row.nodes > 0 and row.technique == "best"
    assert harness.versions([result])["sunfish"] == chess_speed.sunfish_version()
    report = harness.markdown([result], ONCE, harness.datetime(2026, 1, 2, tzinfo=harness.UTC))
    assert "DISAGREE" not in report and "same quantity" in report
    assert "at least as fast per node as sunfish" in report  # not the time to a depth:
    assert "(best against best)" not in report  # a depth is not the same work in the two


@pytest.mark.skipif(NO_SUNFISH, reason=SUNFISH_REASON)
@pytest.mark.parametrize("depth", [2, 3, 4, 5])
def test_sunfish_searches_the_start_fen_as_its_own_start(depth: int) -> None:
    """What the start case's notes say: from the FEN and from sunfish's own start (score 0) the
    same move and nodes, the scores apart by what the tables give the FEN."""
    sunfish = chess_speed.load_sunfish()
    engine = sunfish.engine
    fen = sunfish.history(chess.STARTING_FEN)
    own = [engine.Position(engine.initial, 0, (True, True), (True, True), 0, 0)]
    ours, theirs = (chess_speed.sunfish_search(sunfish, h, depth) for h in (fen, own))
    assert sunfish.uci_move(ours.move, fen) == sunfish.uci_move(theirs.move, own)
    assert ours.nodes == theirs.nodes
    assert ours.score - theirs.score == fen[0].score > 0


@pytest.mark.skipif(NO_OPENSPIEL, reason="OpenSpiel is not installed (pip install -e '.[bench]')")
def test_openspiel_estimates_positions_inside_a_multi_jump_from_depth_6() -> None:
    """What the checkers notes say: OpenSpiel plays a multi-jump one jump at a time and counts
    its depth in jumps, so from ply 6 on some of its estimates fall inside a multi-jump (the
    player to move made the last action too); within 5 plies none do."""
    import pyspiel
    from open_spiel.python.algorithms import minimax

    nb = lectures.checkers()
    game = pyspiel.load_game("checkers")
    inside = {}
    for depth in (5, 6):
        seen = [0]

        def evaluate(state: Any, seen: list[int] = seen) -> float:
            history = state.full_history()
            if history and history[-1].player == state.current_player():
                seen[0] += 1
            return checkers_speed.os_material(nb, state)

        minimax._alpha_beta(game.new_initial_state(), depth, -1, 1, evaluate, 0)
        inside[depth] = seen[0]
    assert inside[5] == 0 < inside[6]
