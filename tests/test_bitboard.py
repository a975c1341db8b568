"""Tic-tac-toe on bitboards (Tic-Tac-Toe-Bitboard.ipynb) against the list-of-rows version
(Tic-Tac-Toe.ipynb): the layout, the conversions, and agreement on every reachable position,
including the open-lines estimate, the order of moves and the symmetry classes."""

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
from gamesolver.feedback.check import check_game

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


# ---------------------------------------------------------------- the estimate and the symmetries


def test_the_game_passes_the_check_with_heuristic_and_canonical(bits: types.ModuleType) -> None:
    assert bits.game.heuristic is bits.heuristic and bits.game.canonical is bits.canonical
    report = check_game(bits.game)
    assert report.ok and report.warnings == [], repr(report)


LINE_CELLS = [
    (0, 1, 2),
    (3, 4, 5),
    (6, 7, 8),
    (0, 3, 6),
    (1, 4, 7),
    (2, 5, 8),
    (0, 4, 8),
    (2, 4, 6),
]
"""The 8 lines by their cells, written out here independently of the notebook."""


def test_open_table_counts_the_lines_without_the_opponent(bits: types.ModuleType) -> None:
    assert len(bits.Open) == 512
    for theirs in range(512):
        expected = sum(all(not theirs >> cell & 1 for cell in cells) for cells in LINE_CELLS)
        assert bits.Open[theirs] == bits.count_open(theirs) == expected
    corner = bits.bit(0, 0)
    assert (bits.open_lines(corner, 0), bits.open_lines(corner, 1)) == (8, 5)
    assert bits.heuristic(corner, 0) == 3 / 9 == -bits.heuristic(corner, 1)


def test_same_heuristic_on_every_reachable_position(
    bits: types.ModuleType, rows: types.ModuleType, positions: list[Position]
) -> None:
    """The same open lines and the same float estimate, for both players, as the list version."""
    for state, _ in positions:
        board = bits.to_rows(state)
        for p, m in zip(bits.Players, rows.Players, strict=True):
            assert bits.open_lines(state, p) == rows.open_lines(board, m)
            assert bits.heuristic(state, p) == rows.heuristic(board, m)  # equal, not approx


def test_same_move_order_on_every_reachable_position(
    bits: types.ModuleType,
    rows: types.ModuleType,
    solver: types.ModuleType,
    positions: list[Position],
) -> None:
    """move_order (wins, then the heuristic, ties in reading order) sorts both games alike."""
    for state, player in positions:
        board, mark = as_rows(bits, (state, player))
        ordered = bits.move_order(bits.game, state, player)
        assert [bits.to_rows(ns) for ns in ordered] == solver.move_order(rows.game, board, mark)


def test_permutations_are_the_eight_symmetries_of_the_square(bits: types.ModuleType) -> None:
    cells = list(range(9))
    perms = bits.Permutations
    assert len(perms) == 8 and len({tuple(p) for p in perms}) == 8
    assert cells in perms  # the fourth quarter turn is the identity
    for where in perms:
        assert sorted(where) == cells and where[4] == 4  # a permutation fixing the centre
        assert {bits.permute(line, where) for line in bits.Lines} == set(bits.Lines)
    for m in range(512):
        images = bits.Images[m]
        assert images == tuple(bits.permute(m, where) for where in perms)
        assert bits.Shifted[m] == tuple(image << 9 for image in images)
        assert all(image.bit_count() == m.bit_count() for image in images)


def test_same_symmetries_on_every_reachable_position(
    bits: types.ModuleType, rows: types.ModuleType, positions: list[Position]
) -> None:
    """The 8 images of every board, in the same order as the list version's."""
    for state in {state for state, _ in positions}:
        images = bits.symmetries(state)
        assert [bits.to_rows(image) for image in images] == rows.symmetries(bits.to_rows(state))
        assert bits.canonical(state) == min(images)


def test_same_symmetry_classes_as_the_list_version(
    bits: types.ModuleType, rows: types.ModuleType, positions: list[Position]
) -> None:
    """Different representatives, the same partition: what a memo table keyed by them sees."""
    states = {state for state, _ in positions}
    bit_classes: dict[int, set[int]] = {}
    row_classes: dict[Hashable, set[Hashable]] = {}
    for state in states:
        bit_classes.setdefault(bits.canonical(state), set()).add(state)
        row_classes.setdefault(rows.canonical(bits.to_rows(state)), set()).add(state)
    assert len(bit_classes) == 765
    assert {frozenset(c) for c in bit_classes.values()} == {
        frozenset(c) for c in row_classes.values()
    }


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["X", "O", " "]), min_size=9, max_size=9))
def test_canonical_on_any_board(cells: list[str]) -> None:
    """On any board, reachable or not: one of its images, the same for all of them, idempotent."""
    bits, rows = notebook("Tic-Tac-Toe-Bitboard.ipynb"), notebook("Tic-Tac-Toe.ipynb")
    board = tuple(tuple(cells[3 * r : 3 * r + 3]) for r in range(3))
    state = bits.from_rows(board)
    images = bits.symmetries(state)
    assert [bits.to_rows(image) for image in images] == rows.symmetries(board)
    assert bits.canonical(state) in images
    assert {bits.canonical(image) for image in images} == {bits.canonical(state)}
    assert bits.canonical(bits.canonical(state)) == bits.canonical(state)
    assert rows.canonical(bits.to_rows(bits.canonical(state))) == rows.canonical(board)
    for p, m in zip(bits.Players, rows.Players, strict=True):
        assert bits.heuristic(state, p) == rows.heuristic(board, m)
