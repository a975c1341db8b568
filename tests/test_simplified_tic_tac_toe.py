"""Simplified tic-tac-toe (seed 000's exercise) through its notebook: the rules, the formulas for
the game tree and the states against the enumeration, the value, the command line's counts and
the algorithms' exact value calls."""

from __future__ import annotations

import json
import types
from math import comb, factorial, perm
from pathlib import Path

import pytest
from conftest import NOTEBOOKS, notebook

from gamesolver import measure
from gamesolver.explore import per_ply, reachable
from gamesolver.feedback.check import check_game
from gamesolver.tools.cli import main

SIMPLIFIED = NOTEBOOKS / "Simplified-Tic-Tac-Toe.ipynb"

PLAYS = [1, 9, 72, 504, 3_024, 15_120, 60_480, 181_440, 362_880, 362_880]
"""Plays of length k = nodes of the game tree at depth k: 9!/(9-k)!."""

STATES = [1, 9, 72, 252, 756, 1_260, 1_680, 1_260, 630, 126]
"""States with k marks: C(9, k) * C(k, ceil(k/2))."""


@pytest.fixture(scope="module")
def simple() -> types.ModuleType:
    return notebook(SIMPLIFIED.name)


# ---------------------------------------------------------------------------------------- rules


def test_the_board_is_tic_tac_toes(simple: types.ModuleType) -> None:
    """The notebook reuses the tic-tac-toe notebook's board and moves, not a copy of them."""
    ttt = notebook("Tic-Tac-Toe.ipynb")
    assert simple.Start == ttt.Start and tuple(simple.Players) == tuple(ttt.Players)
    assert simple.Lines == ttt.Lines
    assert simple.empty is simple.ttt.empty and simple.mark is simple.ttt.mark
    assert simple.next_states(simple.Start, "X") == ttt.next_states(ttt.Start, "X")


def test_only_a_full_board_ends_the_game(simple: types.ModuleType) -> None:
    won_early = simple.from_text("XXX OO. ...")
    assert not simple.finished(won_early)
    assert len(simple.next_states(won_early, "O")) == 4
    full = simple.from_text("XXX OOO XXO")
    assert simple.finished(full) and simple.next_states(full, "O") == []


@pytest.mark.parametrize(
    ("text", "x_lines", "o_lines", "for_x"),
    [
        ("XXX XOO XOO", 2, 0, 1),
        ("XXX OOO XXO", 1, 1, 0),
        ("XOX XOO OXX", 0, 0, 0),
        ("OXX XOO XXO", 0, 1, -1),
    ],
)
def test_utility_compares_the_lines(
    simple: types.ModuleType, text: str, x_lines: int, o_lines: int, for_x: int
) -> None:
    board = simple.from_text(text)
    assert (simple.lines_of(board, "X"), simple.lines_of(board, "O")) == (x_lines, o_lines)
    assert simple.utility(board, "X") == for_x and simple.utility(board, "O") == -for_x


def test_the_validator_passes(simple: types.ModuleType) -> None:
    report = check_game(simple.game)
    assert report.ok, repr(report)


# ---------------------------------------------------------------------- formulas and enumeration


def test_the_formulas(simple: types.ModuleType) -> None:
    assert [simple.plays_of_length(k) for k in range(10)] == PLAYS
    assert [perm(9, k) for k in range(10)] == PLAYS
    assert simple.tree_size() == sum(PLAYS) == 986_410
    assert simple.plays_of_length(9) == factorial(9) == 362_880
    assert [simple.states_with(k) for k in range(10)] == STATES
    assert [comb(9, k) * comb(k, (k + 1) // 2) for k in range(10)] == STATES
    assert simple.number_of_states() == sum(STATES) == 6_046
    assert simple.states_with(9) == comb(9, 5)


def test_the_formulas_take_the_number_of_cells(simple: types.ModuleType) -> None:
    """A board of 2 cells: plays [], [a], [b], [a, b], [b, a]; states: empty, X on either cell,
    both marked (2 ways to place X and O)."""
    assert simple.tree_size(2) == 1 + 2 + 2
    assert simple.number_of_states(2) == 1 + 2 + 2


def test_walking_the_tree_counts_the_formula(simple: types.ModuleType) -> None:
    assert simple.walk(simple.Start, "X") == (986_410, 362_880)


def test_states_per_ply_and_reachable(simple: types.ModuleType) -> None:
    counted = list(per_ply(simple.game, 9))
    assert [positions for positions, _ in counted] == STATES
    assert [plays for _, plays in counted] == PLAYS
    positions = reachable(simple.game)
    assert len(positions) == 6_046
    assert sum(simple.finished(state) for state, _ in positions) == 126


@pytest.mark.parametrize(("paths", "counts"), [(False, STATES), (True, PLAYS)])
def test_count_on_the_command_line(
    paths: bool, counts: list[int], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``count`` from the repository's top, as the notebook shows it, and from elsewhere: the
    notebook finds Tic-Tac-Toe.ipynb beside itself."""
    argv = ["count", str(SIMPLIFIED), "--depth", "9", "--json"] + (["--paths"] if paths else [])
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(tmp_path)
        status = main(argv)
    out, _ = capsys.readouterr()
    assert status == 0
    assert json.loads(out) == {"game": "simplified tic-tac-toe", "paths": paths, "counts": counts}
    status = main(argv[:4] + (["--paths"] if paths else []))
    out, _ = capsys.readouterr()
    assert status == 0 and out.splitlines()[-1].split() == ["total", f"{sum(counts):,}"]


# ----------------------------------------------------------------------- value and value calls


@pytest.mark.parametrize(
    ("name", "calls", "hits", "cutoffs", "entries"),
    [
        ("minimax", 986_410, 0, 0, 0),
        ("minimax_memo", 19_108, 13_062, 0, 6_046),
        ("alpha_beta", 10_940, 0, 4_684, 0),
        ("alpha_beta_memo", 2_506, 1_045, 860, 1_454),
    ],
)
def test_the_value_and_the_value_calls(
    simple: types.ModuleType, name: str, calls: int, hits: int, cutoffs: int, entries: int
) -> None:
    """A draw; the counts of the notebook's table. minimax: one call per node of the tree;
    minimax_memo: one entry per state, one call per move between states and one for the start."""
    value, stats = measure(getattr(simple, name), simple.game)
    assert value == 0
    assert (stats.calls, stats.cache_hits, stats.cutoffs, stats.cache_entries) == (
        calls,
        hits,
        cutoffs,
        entries,
    )
    if name == "minimax":
        assert calls == simple.tree_size()
    if name == "minimax_memo":
        assert entries == simple.number_of_states()
        assert calls == 1 + sum(s * (9 - k) for k, s in enumerate(STATES[:9]))
