"""Checkers.ipynb: English draughts' rules, checked against the published perft counts (Aart
Bik, "perft for 8x8 checkers", talkchess.com, 8 May 2009,
http://www.talkchess.com/forum3/viewtopic.php?t=27814), and the rules one by one on positions
written in PDN FEN. Deeper counts run in the benchmark."""

from __future__ import annotations

import dataclasses
import functools
import json
import random
import types

import pytest
from conftest import NOTEBOOKS, notebook

from gamesolver.explore import per_ply
from gamesolver.feedback.check import check_game
from gamesolver.tools.cli import main

CK: types.ModuleType = notebook("Checkers.ipynb")
"""The rules (Checkers.ipynb)."""
CS: types.ModuleType = notebook("Checkers-Search.ipynb")
"""The search, the estimates and the matches (Checkers-Search.ipynb, which loads the rules)."""
GAME = CK.game
PATH = str(NOTEBOOKS / "Checkers.ipynb")
SEARCH_PATH = str(NOTEBOOKS / "Checkers-Search.ipynb")

BIK = [1, 7, 49, 302, 1_469, 7_361, 36_768, 179_740, 845_931, 3_963_680]
"""perft(0..9) of English draughts from the start position (Bik, 2009)."""


def moves(fen: str) -> list[str]:
    state, _ = CK.parse(fen)
    return sorted(CK.describe_move(state, move.after) for move in CK.legal_moves(state))


def test_perft_agrees_with_the_published_counts_to_depth_7() -> None:
    assert [paths for _, paths in per_ply(GAME, 7)] == BIK[:8]


def test_the_start_and_red_moves_first() -> None:
    assert CK.notation(GAME.Start, "red") == (
        "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    )
    assert GAME.Players[0] == "red"
    assert moves(CK.notation(GAME.Start, "red")) == [
        "10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"
    ]  # fmt: skip


def test_the_numbering_of_the_squares() -> None:
    assert [CK.coords(s) for s in (1, 4, 5, 8, 29, 32)] == [
        (0, 1), (0, 7), (1, 0), (1, 6), (7, 0), (7, 6)
    ]  # fmt: skip
    assert all(CK.square_at(*CK.coords(s)) == s for s in range(1, 33))
    assert CK.square_at(0, 0) is None and CK.square_at(8, 1) is None


def test_a_capture_is_compulsory_and_any_may_be_chosen() -> None:
    # red's man on 10 can take two men, the man on 21 one: both are legal, no step is
    assert moves("B:W15,24,25,26:B10,21") == ["10x19x28", "21x30"]


def test_a_multi_jump_must_be_completed() -> None:
    assert moves("B:W14,22:B9") == ["9x18x25"]


def test_a_man_crowned_by_a_jump_stops_there() -> None:
    state, _ = CK.parse("B:W15,24,25,26:B10,21")
    (crowning,) = [m for m in CK.legal_moves(state) if m.path[0] == 21]
    assert crowning.path == (21, 30) and crowning.after.kings == CK.bit(30)
    # a king on 21 would go on over 26 from 30
    assert "21x30x23" in moves("B:W15,24,25,26:B10,K21")


def test_men_move_forward_and_kings_both_ways() -> None:
    assert moves("B:W32:B14") == ["14-17", "14-18"]  # red's man goes down the board
    assert moves("W:W14:B28") == ["14-10", "14-9"]  # white's man up
    assert moves("B:WK1:BK14") == ["14-10", "14-17", "14-18", "14-9"]


def test_a_king_captures_backwards() -> None:
    assert moves("B:W10:BK14") == ["14x7"]
    assert moves("B:W10:B14") == ["14-17", "14-18"]  # a man cannot


def test_a_player_who_cannot_move_loses() -> None:
    no_pieces, _ = CK.parse("W:W:B9")
    assert GAME.finished(no_pieces) and GAME.utility(no_pieces, "white") == -1
    blocked, _ = CK.parse("W:W29:B25,22")  # white's man on 29 is blocked by 25; 22 guards 18
    assert CK.legal_moves(blocked) == ()
    assert GAME.utility(blocked, "red") == 1


def test_40_moves_each_without_capture_or_crowning_is_a_draw() -> None:
    state, _ = CK.parse("B:WK29:BK4")
    for ply in range(4):  # the kings step about: each quiet ply counts
        assert state.quiet == ply and not GAME.finished(state)
        state = GAME.next_states(state, state.turn)[0]
    last = state._replace(quiet=CK.QuietLimit - 1)
    assert not GAME.finished(last)
    drawn = GAME.next_states(last, last.turn)[0]
    assert drawn.quiet == CK.QuietLimit and GAME.finished(drawn)
    assert GAME.utility(drawn, "red") == GAME.utility(drawn, "white") == 0
    crowning, _ = CK.parse("B:WK1:B27")
    crowning = crowning._replace(quiet=CK.QuietLimit - 1)
    assert {s.quiet for s in GAME.next_states(crowning, "red")} == {0}  # 27-31, 27-32 crown


def test_kth_v_is_above_zero_and_the_other_side_wins_at_once() -> None:
    trap, red = CK.parse("B:W14,22:B9")
    assert CK.kth_v(trap, "white") > 0 and red == "red"
    (capture,) = CK.legal_moves(trap)
    assert GAME.finished(capture.after) and GAME.utility(capture.after, "white") == -1


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("B:W21", "not PDN FEN"),
        ("X:W21:B1", "not PDN FEN"),
        ("B:W21:B1:W2", "not PDN FEN"),
        ("B:W33:B1", "square 33 is not on the board"),
        ("B:WK1:B1", "square 1 is given twice"),
        ("B:Wx:B1", "'x' is not a square"),
        ("B:W22:B30", "a red man on 30 would have been crowned"),
        ("B:W3:B9", "a white man on 3 would have been crowned"),
        ("B:21:B1", "start with W or B"),
    ],
)
def test_parse_says_what_is_wrong(text: str, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        CK.parse(text)


def test_parse_and_notation_round_trip_with_kings_and_ranges() -> None:
    state, player = CK.parse("W:W18,K26,27:B1-3,K20.")
    assert player == "white" and state.turn == "white"
    assert CK.notation(state, player) == "W:W18,K26,27:B1,2,3,K20"
    assert CK.parse(CK.notation(state, player)) == (state, player)
    with pytest.raises(ValueError, match="turn"):
        CK.notation(state, "red")
    with pytest.raises(ValueError, match="turn"):
        GAME.next_states(state, "red")


def test_the_game_passes_the_validator() -> None:
    report = check_game(GAME, plays=20, max_states=1000)
    assert report.ok, report.errors


def test_the_command_line_plays_the_trap(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["move", SEARCH_PATH, "--position", "B:W14,22:B9", "--depth", "2", "--json"]
    assert main(argv) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["move"] == "9x18x25" and result["value"] == 1 and result["position"] == "W:W:B25"


def test_the_command_line_counts_perft(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["count", PATH, "--depth", "5", "--paths", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["counts"] == BIK[:6]


HORIZON = "B:W21,22,23,24,25,26,27,28,29,30,31:B1,2,3,4,7,8,9,11,12,13,15"
"""The notebook's position where depth 2 with material plays into a loss beyond its horizon."""


def test_the_capture_extension_estimates_quiet_positions_only() -> None:
    extended = CS.quiescent(CS.material)
    quiet, _ = CS.parse(HORIZON)
    assert extended(quiet, "red") == CS.material(quiet, "red")  # no capture pending
    exchange, _ = CS.parse("W:W22,25:B9,18")  # white must take 18 (22x15); then all is quiet
    assert CS.legal_moves(exchange)[0].captured
    for player in CS.Players:
        assert -1 < extended(exchange, player) < 1
        assert extended(exchange, player) == -extended(exchange, CS.other(player))
    # white takes 18; the estimate is that of the quiet position after it, for white
    (take,) = CS.legal_moves(exchange)
    assert extended(exchange, "white") == -extended(take.after, "red")


def test_the_capture_extension_avoids_the_horizon_move() -> None:
    state, red = CS.parse(HORIZON)
    search = functools.partial(CS.depth_limited, depth=2)
    plain = CS.best_move(CS.game, state, red, search, random.Random(0))[1]
    extended_game = dataclasses.replace(CS.game, heuristic=CS.quiescent(CS.material))
    extended = CS.best_move(extended_game, state, red, search, random.Random(0))[1]
    assert (CS.describe_move(state, plain), CS.describe_move(state, extended)) == ("12-16", "7-10")
    deep = functools.partial(CS.depth_limited, extended_game, depth=5)
    assert -deep(plain, "white", CS.Stats()) < -deep(extended, "white", CS.Stats())


# -- the moves by shifts, against a second generator that tries each piece's directions --------


def moves_square_by_square(state: object) -> list[tuple[tuple[int, ...], object]]:
    """The legal moves found piece by piece from ``reach``, as the notebook did before it
    shifted masks: jumps of each piece, else each piece's steps onto empty squares."""
    if state.quiet >= CK.QuietLimit:
        return []
    mine, theirs = CK.sides(state, state.turn)
    found = [
        (path, CK.play(state, path, taken))
        for square in CK.squares(mine)
        for path, taken in CK.jumps(state, square)
    ]
    if found:
        return sorted(found)
    empty = ~(mine | theirs) & CK.Everything
    for square in CK.squares(mine):
        kind = "king" if state.kings & CK.bit(square) else state.turn
        for step, step_mask, _, _ in CK.reach(square, kind):
            if empty & step_mask:
                found.append(((square, step), CK.play(state, (square, step), ())))
    return sorted(found)


def test_the_shifted_moves_agree_with_the_moves_square_by_square() -> None:
    rng, positions, kings = random.Random(12), 0, 0
    for _ in range(60):  # random games to their end: kings appear, and endings
        state = GAME.Start
        while True:
            ours = sorted((m.path, m.after) for m in CK.legal_moves(state))
            assert ours == moves_square_by_square(state), CK.notation(state, state.turn)
            positions, kings = positions + 1, kings + bool(state.kings)
            if not ours:
                break
            state = rng.choice(ours)[1]
    assert positions > 3000 and kings > 500  # the sample reaches positions with kings


# -- checkers_search --------------------------------------------------------------------------

OPTIONS = [
    {"previous": p, "memo": m, "history": h} for p in (False, True) for m in (False, True)
    for h in (False, True)
]  # fmt: skip


def seeded_positions(count: int, plies: int = 14) -> list[object]:
    return [CS.random_position(seed, plies) for seed in range(count)]


@pytest.mark.parametrize("options", OPTIONS)
def test_checkers_search_finds_the_values_of_plain_alpha_beta(options: dict[str, bool]) -> None:
    for state in [CS.game.Start, *seeded_positions(6)]:
        for depth in (1, 2, 4):
            plain = CS.depth_limited(CS.game, state, state.turn, CS.Stats(), depth=depth)
            found = CS.checkers_search(
                CS.game, state, state.turn, CS.Stats(), depth=depth, **options
            )
            assert found == plain, (CS.notation(state, state.turn), depth, options)


def test_checkers_search_near_the_draw_rule() -> None:
    # the same pieces with the draw rule inside the horizon: the table must not mix them
    for state in seeded_positions(4, plies=30):
        for quiet in (CS.QuietLimit - 3, CS.QuietLimit - 1, 0):
            near = state._replace(quiet=quiet)
            plain = CS.depth_limited(CS.game, near, near.turn, CS.Stats(), depth=4)
            assert CS.checkers_search(CS.game, near, near.turn, CS.Stats(), depth=4) == plain


def test_each_addition_saves_value_calls_to_depth_8_from_the_start() -> None:
    calls = []
    for options in (OPTIONS[0], OPTIONS[4], OPTIONS[6], OPTIONS[7]):  # none, +prev, +memo, +hist
        stats = CS.Stats()
        CS.checkers_search(CS.game, CS.game.Start, "red", stats, depth=8, **options)
        calls.append(stats.calls)
    assert calls == [15_177, 12_645, 7_267, 7_050]  # the notebook's table, exact counts


def test_checkers_search_sees_a_win_exactly_and_stops() -> None:
    trap, red = CS.parse("B:W14,22:B9")
    stats = CS.Stats()
    assert CS.checkers_search(CS.game, trap, red, stats, budget=5) == 1
    assert stats.exact and stats.depth == 1
    assert [CS.describe_move(trap, stats.line[0])] == ["9x18x25"]


def test_checkers_search_plays_within_its_budget_and_keeps_its_line() -> None:
    stats = CS.Stats()
    _, after = CS.best_move(
        CS.game,
        CS.game.Start,
        "red",
        functools.partial(CS.checkers_search, budget=0.05),
        stats=stats,
    )
    assert (
        stats.depth >= 1 and not stats.exact and after in CS.game.next_states(CS.game.Start, "red")
    )
    assert stats.line[0] == after and len(stats.line) == stats.depth  # the line expected
    with pytest.raises(ValueError, match="turn"):
        CS.checkers_search(CS.game, CS.game.Start, "white", CS.Stats(), depth=1)


# -- the estimates of the ladder ----------------------------------------------------------------


def test_the_terms_count_what_they_say() -> None:
    # red: men on 1 (its first row) and 14 (row 3), a king on 30; white: a man on 23 (row 5)
    state, _ = CS.parse("B:W23:B1,14,K30")
    assert CS.balance(state, "red") == 2 + CS.KingWeight - 1
    assert CS.advancement(state, "red") == 0 + 3 - (7 - 5)  # kings do not advance
    assert CS.back_row(state, "red") == 1 and CS.back_row(state, "white") == -1
    # red's steps: 1-5, 1-6, 14-17, 14-18, and the king 30-25, 30-26; white's 23-18, 23-19
    assert (CS.steps(state, "red"), CS.steps(state, "white")) == (6, 2)
    assert CS.mobility(state, "white") == -CS.mobility(state, "red")


@pytest.mark.parametrize("rung", range(len(CS.Ladder)))
def test_every_estimate_of_the_ladder_is_zero_sum_and_inside_the_range(rung: int) -> None:
    _, estimate = CS.Ladder[rung]
    for state in seeded_positions(30, plies=25):
        red, white = estimate(state, "red"), estimate(state, "white")
        assert -1 < red < 1 and red == -white


def test_a_match_plays_each_opening_both_ways() -> None:
    starts = CS.openings(CS.game, 1, plies=3)
    played = CS.match(CS.game, CS.player(CS.material), CS.player(CS.kth_v), starts, depth=1)
    assert sum(played.tally.values()) == 2 and len(played.games) == 2
    assert len(played.depths("a")) + len(played.depths("b")) == sum(g.plies for g in played.games)
    assert set(played.depths("a")) == set(played.depths("b")) == {1}


def test_checkers_search_completes_depth_1_whatever_the_budget() -> None:
    # a budget of 0 s: the deadline has passed before the first value call
    state, _ = CS.parse(HORIZON)
    extended = dataclasses.replace(CS.game, heuristic=CS.quiescent(CS.material))
    stats = CS.Stats()
    CS.checkers_search(extended, state, state.turn, stats, budget=0.0)
    assert stats.depth == 1 and len(stats.line) == 1
