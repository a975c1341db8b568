"""Connect Four (notebooks/Connect-Four.ipynb): the rules, move generation counted against the
OEIS, the heuristics' contract, the mirror symmetry, Pons' notation, and play on the canvas
driven headlessly (a whole game, a full column, clicks while the computer thinks).

Searches use small depths or small boards, so the file runs in about half a minute; nothing
here asserts a time.
"""

from __future__ import annotations

import functools
import random
import re
import threading
import types
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import notebook

from gamesolver.connect_four.lines import line_patterns
from gamesolver.feedback.check import check_game
from gamesolver.stats import Stats
from gamesolver.widgets.play import WAIT, Play, PlayController

CF: types.ModuleType = notebook("Connect-Four.ipynb")
GAME = CF.game
State = tuple[str, ...]

A212693 = [1, 7, 49, 238, 1120, 4263, 16422, 54859]
"""Positions after 0, 1, 2, ... plies on 7 x 6 (OEIS A212693); the first wins come at ply 7."""

DRAWN = ("XXOOXXO", "OOXXOOX") * 3
"""A full 7 x 6 board (bottom row first) without a line of four: 21 discs each."""


def position(moves: str) -> State:
    """The state after ``moves`` in Pons' notation on 7 x 6."""
    state: State = GAME.parse(moves)[0]
    return state


def mirror(state: State) -> State:
    return tuple(row[::-1] for row in state)


def random_positions(count: int, seed: int = 0) -> Iterator[tuple[State, str]]:
    """Unfinished positions of seeded random games, with the player to move."""
    rng = random.Random(seed)
    for _ in range(count):
        state, player = GAME.Start, "X"
        for _ in range(rng.randrange(42)):
            moves = CF.next_states(state, player)
            if not moves or CF.finished(rng.choice(moves)):
                break
            state, player = rng.choice(moves), CF.other(player)
        yield state, player


# ------------------------------------------------------------------ the rules


def test_all_lines_are_the_69_lines_of_four_computed_once() -> None:
    lines = CF.all_lines()
    assert len(lines) == 69 and CF.all_lines() is lines
    assert len(set(lines)) == 69
    directions = {(b[0] - a[0], b[1] - a[1]) for a, b, *_ in lines}
    assert directions == {(0, 1), (1, 0), (1, 1), (-1, 1)}
    for line in lines:
        (r0, c0), (r1, c1) = line[0], line[1]
        assert all(cell == (r0 + k * (r1 - r0), c0 + k * (c1 - c0)) for k, cell in enumerate(line))
        assert all(0 <= r < 6 and 0 <= c < 7 for r, c in line)
    assert [len(CF.all_lines(w, h)) for w, h in [(4, 4), (5, 4), (4, 5), (4, 1)]] == [10, 17, 17, 1]


def test_find_empty_and_last_line_filled() -> None:
    state = position("4445")
    assert [CF.find_empty(state, c) for c in range(7)] == [0, 0, 0, 3, 1, 0, 0]
    full = position("444444")
    assert CF.find_empty(full, 3) == 6 and not CF.last_line_filled(full)
    assert CF.last_line_filled(DRAWN) and not CF.last_line_filled(GAME.Start)
    assert CF.find_empty(CF.empty_board(5, 4), 4) == 0


@pytest.mark.parametrize(
    ("moves", "winner"),
    [
        ("4455667", "X"),  # a row
        ("15231446", "O"),
        ("1217171", "X"),  # a column
        ("31715171", "O"),
        ("34421443243", "X"),  # a rising diagonal
        ("744534521355", "O"),
        ("4311376112212", "X"),  # a falling diagonal
        ("3314121122", "O"),
    ],
)
def test_utility_of_a_won_game(moves: str, winner: str) -> None:
    state = position(moves)
    loser = CF.other(winner)
    assert CF.finished(state) and CF.next_states(state, loser) == []
    assert (CF.utility(state, winner), CF.utility(state, loser)) == (1, -1)
    assert CF.utility(position(moves[:-1]), "X") is None  # one move before, the game was open
    with pytest.raises(ValueError, match="comes after the end of the game"):
        GAME.parse(moves + "1")


def test_a_full_board_without_four_is_a_draw() -> None:
    assert CF.utility(DRAWN, "X") == CF.utility(DRAWN, "O") == 0
    assert CF.finished(DRAWN) and CF.next_states(DRAWN, "X") == []
    moves = GAME.notation(DRAWN, "X")
    assert len(moves) == 42 and GAME.parse(moves) == (DRAWN, "X")


def test_next_states_drop_a_disc_in_each_open_column_centre_first() -> None:
    state = position("444444")  # column 4 is full
    moves = CF.next_states(state, "O")
    assert [CF.describe_move(state, ns) for ns in moves] == [
        f"column {c}" for c in [3, 5, 2, 6, 1, 7]
    ]
    for ns in moves:
        row, col = CF.new_disc(state, ns)
        assert ns[row][col] == "O" and row == CF.find_empty(state, col) == 0
    assert CF.centre_first(6) == [2, 3, 1, 4, 0, 5]


def test_positions_per_ply_are_those_of_the_oeis() -> None:
    level, player = {GAME.Start}, "X"
    counts = [1]
    for _ in range(len(A212693) - 1):
        level = {ns for s in level for ns in CF.next_states(s, player)}
        player = CF.other(player)
        counts.append(len(level))
    assert counts == A212693


def test_patterns_read_every_line() -> None:
    state = position("4453")
    for s in [GAME.Start, state, DRAWN, CF.empty_board(4, 5)]:
        expected = [
            "".join(s[r][c] if s[r][c] != " " else "-="[r % 2] for r, c in line)
            for line in CF.all_lines(len(s[0]), len(s))
        ]
        assert sorted(CF.patterns(s).elements()) == sorted(expected)
    bottom = ["--OX", "-OXX", "OXX-", "XX--"]  # the bottom row's lines, left to right
    assert all(CF.patterns(state)[pattern] == 1 for pattern in bottom)
    assert CF.patterns(state)["XO-="] == 1  # column 4: an odd row, then an even one


def test_line_patterns_reads_any_lines_and_remembers_a_bounded_number_of_boards() -> None:
    """The package's reading of the lines (the lecture's ``patterns`` is built with it) on lines
    of two squares: each line's marks, an empty square by its row's parity; a board is read once
    until ``cache_clear``, and at most ``remembered`` boards are kept."""
    reads: list[tuple[int, int]] = []

    def pairs(width: int, height: int) -> list[tuple[tuple[int, int], ...]]:
        reads.append((width, height))
        return [((r, 0), (r, 1)) for r in range(height)] + [((0, c), (1, c)) for c in range(width)]

    patterns = line_patterns(pairs, " ", "ab", remembered=2)
    board = ("XO", "X ", "  ")
    assert patterns(board) == Counter({"XO": 1, "Xb": 1, "aa": 1, "XX": 1, "Ob": 1})
    assert patterns(board) is patterns(board) and reads == [(2, 3)]
    patterns(("  ",) * 3)
    patterns(("X ",) * 3)
    assert patterns.cache_info().currsize == 2
    patterns.cache_clear()
    assert patterns.cache_info().currsize == 0


def test_the_game_passes_the_validator_on_every_4x4_position() -> None:
    # No time limits: the contract is checked, not the speed (a call once took over the 2 s
    # limit on two cores shared by four test processes).
    report = check_game(CF.connect_four(4, 4), call_seconds=None, total_seconds=None)
    assert report.ok, report
    assert "all 161,029 reachable positions checked" in repr(report)


# ------------------------------------------------------------------ the heuristics


@pytest.mark.parametrize(("name", "values"), [("triples", 8), ("windows", 50)])
def test_the_heuristics_are_strictly_inside_the_range_and_zero_sum(name: str, values: int) -> None:
    heuristic = getattr(CF, name)
    seen = set()
    for state, player in random_positions(300):
        value = heuristic(state, player)
        assert -1 < value < 1
        assert heuristic(state, CF.other(player)) == -value
        assert heuristic(mirror(state), player) == value  # the mirror image is the same game
        seen.add(value)
    assert len(seen) >= values  # they tell positions apart, triples less often


def test_stroetmanns_triples_leave_the_range_on_a_crowded_board() -> None:
    crowded = position("55264612474166575166544")
    assert CF.triples_difference(crowded, "X") == 11
    assert CF.stroetmann_triples(crowded, "X") == 1.1
    assert CF.stroetmann_triples(crowded, "O") == -1.1
    assert CF.triples(crowded, "X") == 11 / 69
    assert CF.triples(GAME.Start, "X") == 0


def test_a_column_holds_at_most_one_vertical_triple_so_triples_stay_inside() -> None:
    """Section 2's reason why |a - b| never reaches the 69 lines: discs lie on each other, so of
    a column's three vertical lines at most one is a triple. (A row can be all triples: the top
    row XXX.XXX makes each of its four lines a triple of X.)"""
    top_row = "XXX XXX"
    assert all(CF.triple(top_row[start : start + 4]) == 1 for start in range(4))
    stacked = 0
    for state, _ in random_positions(300, seed=1):
        for col in range(7):
            verticals = ["".join(state[row + k][col] for k in range(4)) for row in range(3)]
            triples = sum(CF.triple(marks) != 0 for marks in verticals)
            assert triples <= 1, CF.show(state)
            stacked += triples
        assert abs(CF.triples_difference(state, "X")) <= len(CF.all_lines()) - 7 * 2
    assert stacked > 0  # the positions do hold vertical triples


def test_what_a_line_counts_for_windows() -> None:
    assert [CF.window(p) for p in ["----", "X---", "XX==", "XXX=", "XXX-", "XO--"]] == [
        0,
        1,
        3,
        9,
        18,  # a threat of X on an odd row counts double
        0,
    ]
    assert [CF.window(p) for p in ["O===", "OOO-", "OOO="]] == [-1, -9, -18]
    assert CF.windows(position("4"), "X") == 7 / 27  # 7 open lines through the centre's bottom
    assert CF.windows(position("44"), "X") == -3 / 23  # 6 for X against 9 for O, just above


def test_the_mirror_image_is_the_same_game() -> None:
    for state, player in random_positions(200, seed=1):
        assert CF.canonical(state) == CF.canonical(mirror(state)) == min(state, mirror(state))
        mirrored = sorted(CF.canonical(ns) for ns in CF.next_states(mirror(state), player))
        assert mirrored == sorted(CF.canonical(ns) for ns in CF.next_states(state, player))


def test_symmetry_does_not_change_the_value_of_a_small_board(solver: types.ModuleType) -> None:
    small = CF.connect_four(4, 4)
    plain = solver.alpha_beta_memo(small, small.Start, "X", Stats(), order=True)
    stats = Stats()
    assert solver.alpha_beta_memo(small, small.Start, "X", stats, order=True, symmetry=True) == 0
    assert plain == 0 and stats.calls == 8032


# ------------------------------------------------------------------ Pons' notation, board sizes


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("4444444", "move 7: column 4 is full"),
        ("44556677", "move 8 ('7') comes after the end of the game"),
        ("4458", "move 4: '8' is not a column (1 to 7)"),
        ("40", "move 2: '0' is not a column (1 to 7)"),
        ("4 4", "move 2: ' ' is not a column (1 to 7)"),
        ("44x", "move 3: 'x' is not a column (1 to 7)"),
    ],
)
def test_parse_says_what_is_wrong(text: str, problem: str) -> None:
    with pytest.raises(ValueError, match=f"^{re.escape(problem)}$"):
        GAME.parse(text)


def test_parse_and_notation_are_made_per_board_size() -> None:
    assert GAME.parse("") == (GAME.Start, "X")
    state, player = GAME.parse("4453")
    assert player == "X" and state[0] == "  OXX  " and state[1] == "   O   "
    small = CF.connect_four(5, 4)
    with pytest.raises(ValueError, match=r"'6' is not a column \(1 to 5\)"):
        small.parse("16")
    with pytest.raises(ValueError, match="move 5: column 1 is full"):
        small.parse("11111")
    assert small.parse("3")[0] == ("  X  ", "     ", "     ", "     ")
    for state, player in random_positions(100, seed=2):
        assert GAME.parse(GAME.notation(state, player)) == (state, player)
    with pytest.raises(ValueError, match="reach this position with O to move"):
        GAME.notation(position("44"), "O")
    with pytest.raises(ValueError, match="no moves on a 5 x 4 board"):
        small.notation(GAME.Start, "X")
    floating = ("   X   ", "   O   ", "   X   ", "       ", "   O   ", "       ")
    with pytest.raises(ValueError, match="reach this position"):
        GAME.notation(floating, "X")


@pytest.mark.parametrize(
    ("size", "problem"),
    [
        ((3, 3), "a 3 x 3 board has no line of four"),
        ((10, 6), "at most 9 columns"),
        ((0, 6), "the width of the board must be a whole number of squares, not 0"),
        ((7, 2.5), "the height of the board must be a whole number of squares, not 2.5"),
        ((True, 6), "the width of the board must be a whole number of squares, not True"),
    ],
)
def test_a_bad_board_size_is_one_clear_sentence(size: tuple[Any, Any], problem: str) -> None:
    with pytest.raises(ValueError, match=re.escape(problem)):
        CF.connect_four(*size)


def test_the_command_line_builds_the_game_with_connect_four() -> None:
    assert CF.offer.build is CF.connect_four and CF.offer.game is CF.game
    small = CF.offer.build(width=5, height=4)
    assert small.name == "Connect Four 5x4" and small.Start == CF.empty_board(5, 4)
    assert GAME.name == "Connect Four" and GAME.heuristic is CF.windows


# ------------------------------------------------------------------ play, headless

Board = CF.ConnectFourBoard
quick = functools.partial(CF.computer, budget=None, depth=2)
"""The notebook's computer, searching to depth 2: a whole game takes a moment."""


def click_column(play: PlayController[State, str] | Play, column: int) -> Any:
    """A click on the bottom square of ``column`` (1 to 7)."""
    board = play.board
    return play.click(*board.center(board.rows - 1, column - 1))  # type: ignore[attr-defined]


def test_a_whole_game_against_the_computer() -> None:
    c = PlayController(GAME, Board(), quick, seed=3)
    rng = random.Random(3)
    assert c.status == (
        "New game: you move first (blue), I move second (orange). Your turn: click a column."
    )
    while c.phase != "over":
        open_columns = [col for col in range(7) if CF.find_empty(c.state, col) < 6]
        assert click_column(c, rng.choice(open_columns) + 1)
        if c.phase == "computer":
            assert c.computer_move()
            assert c.seen is not None and c.seen.depth <= 2 and c.value is not None
            if c.phase == "human":
                assert re.fullmatch(
                    r"I played column [1-7]( again)?\. I see the value -?[\d.]+ for you, "
                    r"(an estimate at depth 2|a win for (me|you) found at depth [12]|exact): .*\. "
                    r"Your turn: click a column\.",
                    c.status,
                ), c.status
    assert c.winner == "computer"  # a random player loses to depth 2
    assert c.status.endswith("I win. Press New game to play again.")
    assert not click_column(c, 1) and c.status == "The game is over: press New game."


def test_the_widget_plays_a_whole_game_with_click_and_wait() -> None:
    play = Play(GAME, Board(), quick, human_first=False, seed=4)
    rng = random.Random(4)
    play.wait()  # the computer's opening
    while play.controller.phase != "over":
        state = play.controller.state
        open_columns = [col for col in range(7) if CF.find_empty(state, col) < 6]
        click_column(play, rng.choice(open_columns) + 1)
        play.wait()
        assert play.board.shown == play.controller.state
    assert play.controller.winner == "computer" and play.status.endswith(
        "Press New game to play again."
    )
    assert len(play.controller.history) >= 3  # the student's moves, each undoable


def test_a_full_column_is_refused() -> None:
    c = PlayController(GAME, Board(), quick)
    c.state = position("444444")  # X to move
    assert not click_column(c, 4)
    assert c.status == "Column 4 is full: click another column."
    assert c.state == position("444444") and c.phase == "human"
    board = c.board
    assert not c.click(board.center(0, 3)[0], 5)  # its number above the grid: the same column
    assert c.status == "Column 4 is full: click another column."
    assert not c.click(5, 100) and c.status == "That click is outside the board."
    assert c.click(board.center(0, 2)[0], 5) and c.state[0][2] == "X"  # column 3, from above


class Held:
    """The computer, kept thinking until ``release()``."""

    def __init__(self) -> None:
        self.gate = threading.Event()

    def __call__(self, state: State, player: str, rng: random.Random) -> Any:
        assert self.gate.wait(timeout=30)
        return quick(state, player, rng)


def test_clicks_while_the_computer_thinks_are_refused() -> None:
    held = Held()
    play = Play(GAME, Board(), held)
    try:
        click_column(play, 4)
        assert play.status == "You played column 4. I am thinking ..."
        for column in [4, 1, 7]:
            click_column(play, column)
            assert play.status == WAIT
        play.undo_button.click()
        assert play.status == WAIT and play.controller.state == position("4")
    finally:
        held.gate.set()
        play.wait()
    assert play.controller.phase == "human" and len(play.controller.history) == 1
    assert play.status.startswith("I played column ")


def test_the_time_per_move_goes_to_choose() -> None:
    budgets: list[float] = []

    def timed(state: State, player: str, rng: random.Random, budget: float = 9.0) -> Any:
        budgets.append(budget)
        return quick(state, player, rng)

    play = Play(GAME, Board(), timed, budgets=(0.25, 0.5, 1), budget=0.5)
    assert play.budget_menu is not None and play.budget_menu.value == 0.5
    assert play.budget_menu.options == (("0.25 s", 0.25), ("0.5 s", 0.5), ("1 s", 1))
    click_column(play, 4)
    play.wait()
    play.budget_menu.value = 0.25
    click_column(play, 4)
    play.wait()
    assert budgets == [0.5, 0.25]
    with pytest.raises(ValueError, match="needs a choose"):
        Play(GAME, Board(), lambda state, player, rng: quick(state, player, rng), budgets=(1,))
