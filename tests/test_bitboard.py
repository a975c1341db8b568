"""Tic-tac-toe on bitboards (Tic-Tac-Toe-Bitboard.ipynb) against the list-of-rows version
(Tic-Tac-Toe.ipynb): the layout, the conversions, and agreement on every reachable position."""

from __future__ import annotations

import types
from collections.abc import Callable, Hashable
from functools import cache

import pytest
from conftest import notebook
from hypothesis import given, settings
from hypothesis import strategies as st

from gamesolver import AnyGame, Stats
from gamesolver.explore import reachable

Position = tuple[Hashable, Hashable]


@pytest.fixture(scope="module")
def bits() -> types.ModuleType:
    return notebook("Tic-Tac-Toe-Bitboard.ipynb")


@pytest.fixture(scope="module")
def rows() -> types.ModuleType:
    return notebook("Tic-Tac-Toe.ipynb")


@pytest.fixture(scope="module")
def positions(bits: types.ModuleType) -> list[Position]:
    """Every reachable (state, player) of the bitboard game."""
    return reachable(bits.game)


def as_rows(bits: types.ModuleType, position: Position) -> Position:
    """A bitboard position in the list version's representation."""
    state, player = position
    return bits.to_rows(state), bits.Symbols[player]


# ---------------------------------------------------------------- the layout


def test_players_start_and_layout(bits: types.ModuleType) -> None:
    assert bits.Players == (0, 1) and bits.game.Players == (0, 1)
    assert bits.Start == 0 and bits.game.Start == 0
    assert bits.Symbols == ("X", "O")
    assert [bits.bit(cell, 0) for cell in range(9)] == [1 << k for k in range(9)]
    assert [bits.bit(cell, 1) for cell in range(9)] == [1 << (9 + k) for k in range(9)]
    assert bits.cell_of(0, 0) == 0 and bits.cell_of(1, 2) == 5 and bits.cell_of(2, 2) == 8


def test_lines_are_eight_masks_of_three_cells(bits: types.ModuleType) -> None:
    assert len(bits.Lines) == len(set(bits.Lines)) == 8
    assert all(line.bit_count() == 3 and line < 2**9 for line in bits.Lines)
    assert bits.Lines[-1] == bits.mask([2, 4, 6])  # the rising diagonal, as in the list version


def test_won_table_matches_has_line(bits: types.ModuleType) -> None:
    assert len(bits.Won) == 512
    assert all(bits.Won[m] == bits.has_line(m) for m in range(512))
    assert sum(bits.Won) == 282


def test_start_moves_in_reading_order(bits: types.ModuleType) -> None:
    moves = bits.next_states(bits.Start, 0)
    assert moves == [1 << k for k in range(9)]
    assert [bits.describe_move(bits.Start, m) for m in moves] == [
        str((r, c)) for r in range(3) for c in range(3)
    ]
    assert bits.next_states(bits.Start, 1) == [1 << (9 + k) for k in range(9)]


# ---------------------------------------------------------------- conversions


def test_round_trip_on_every_reachable_position(
    bits: types.ModuleType, rows: types.ModuleType, positions: list[Position]
) -> None:
    for state, _ in positions:
        assert bits.from_rows(bits.to_rows(state)) == state
    for board, _ in reachable(rows.game):
        assert bits.to_rows(bits.from_rows(board)) == board


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["X", "O", " "]), min_size=9, max_size=9))
def test_round_trip_on_any_board(cells: list[str]) -> None:
    """Any assignment of marks to cells, reachable or not, converts there and back."""
    bits = notebook("Tic-Tac-Toe-Bitboard.ipynb")
    board = tuple(tuple(cells[3 * r : 3 * r + 3]) for r in range(3))
    state = bits.from_rows(board)
    assert bits.to_rows(state) == board
    assert bits.from_rows(bits.to_rows(state)) == state
    assert bits.marks(state, 0) & bits.marks(state, 1) == 0


# ---------------------------------------------------------------- agreement with the list version


def oracle(game: AnyGame) -> Callable[[Hashable, Hashable], int]:
    """The value of a position by plain memoized negamax, written here independently."""

    @cache
    def value(state: Hashable, player: Hashable) -> int:
        if game.finished(state):
            return int(game.utility(state, player))
        other = game.other(player)
        return max(-value(s, other) for s in game.next_states(state, player))

    return value


def test_same_reachable_positions(
    bits: types.ModuleType, rows: types.ModuleType, positions: list[Position]
) -> None:
    assert len(positions) == 5_478
    assert {as_rows(bits, p) for p in positions} == set(reachable(rows.game))


def test_same_moves_in_the_same_order(
    bits: types.ModuleType, rows: types.ModuleType, positions: list[Position]
) -> None:
    for state, player in positions:
        board, mark = as_rows(bits, (state, player))
        moves = bits.next_states(state, player)
        assert [bits.to_rows(ns) for ns in moves] == rows.next_states(board, mark)


def test_same_utility_and_finished(
    bits: types.ModuleType, rows: types.ModuleType, positions: list[Position]
) -> None:
    for state, _ in positions:
        board = bits.to_rows(state)
        assert bits.finished(state) == rows.finished(board)
        for p, m in zip(bits.Players, rows.Players, strict=True):
            assert bits.utility(state, p) == rows.utility(board, m)


def test_same_values_on_every_reachable_position(
    bits: types.ModuleType, rows: types.ModuleType, positions: list[Position]
) -> None:
    """A negamax oracle on each game: the value of every position is the same in both."""

    bit_value, row_value = oracle(bits.game), oracle(rows.game)
    for position in positions:
        assert bit_value(*position) == row_value(*as_rows(bits, position))
    for position in positions[:: len(positions) // 50]:
        assert bits.alpha_beta(bits.game, *position, Stats()) == bit_value(*position)


def test_same_show_and_describe_move(
    bits: types.ModuleType, rows: types.ModuleType, positions: list[Position]
) -> None:
    for state, player in positions:
        board = bits.to_rows(state)
        assert bits.show(state) == rows.show(board)
        assert bits.game.text(state) == rows.game.text(board)
        for ns in bits.next_states(state, player):
            assert bits.describe_move(state, ns) == rows.describe_move(board, bits.to_rows(ns))


def test_show_draws_the_board(bits: types.ModuleType) -> None:
    state = bits.bit(0, 0) | bits.bit(1, 1) | bits.bit(8, 0)
    assert bits.show(state).splitlines() == [
        " X | O |  ",
        "---+---+---",
        "   |   |  ",
        "---+---+---",
        "   |   | X",
    ]
