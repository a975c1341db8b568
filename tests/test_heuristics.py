"""The heuristics of the Heuristics lecture, loaded from the notebook: contract, values, claims.

Each heuristic goes into its game with ``dataclasses.replace(game, heuristic=...)``, and the
validator must pass it; on top, the contract (strictly inside the utility range, zero-sum) is
checked on every reachable position, not only on the validator's random games. The lecture's
claims are checked against exact search.
"""

from __future__ import annotations

import dataclasses
import types
from typing import Any

import pytest
from conftest import NOTEBOOKS, prose

from gamesolver import Stats
from gamesolver.explore import reachable
from gamesolver.feedback.check import check_game
from gamesolver.game import Game
from gamesolver.notebook import load_notebook
from gamesolver.quality import quality, quality_table


@pytest.fixture(scope="module")
def heuristics() -> types.ModuleType:
    """Heuristics.ipynb's definitions; it loads its games relative to its folder, as Jupyter."""
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(NOTEBOOKS)
        return load_notebook(NOTEBOOKS / "Heuristics.ipynb")


def games(h: types.ModuleType) -> dict[str, Game[Any, Any]]:
    """Every game of the lecture that has a heuristic, by the heuristic's name."""
    return {"open lines": h.ttt.game, "Bouton": h.nim_game, "eta": h.ttt_eta}


@pytest.mark.parametrize("name", ["open lines", "Bouton", "eta"])
def test_the_validator_passes_each_heuristic(heuristics: types.ModuleType, name: str) -> None:
    report = check_game(games(heuristics)[name])
    assert report.ok, report


@pytest.mark.parametrize("name", ["open lines", "Bouton", "eta"])
def test_the_contract_holds_on_every_reachable_position(
    heuristics: types.ModuleType, name: str
) -> None:
    game = games(heuristics)[name]
    assert game.heuristic is not None
    checked = 0
    for state, _ in reachable(game):
        if game.finished(state):
            continue
        first, second = (game.heuristic(state, player) for player in game.Players)
        assert game.worst < first < game.best and first == -second, state
        checked += 1
    assert checked == {"open lines": 4_520, "Bouton": 488, "eta": 4_520}[name]


def test_the_unscaled_open_lines_break_the_contract(heuristics: types.ModuleType) -> None:
    def unscaled(state: Any, player: str) -> int:
        difference: int = heuristics.open_lines_difference(state)
        return difference if player == "X" else -difference

    report = check_game(dataclasses.replace(heuristics.ttt.game, heuristic=unscaled))
    assert not report.ok and "Heuristic out of range" in repr(report)


def test_the_slides_example(heuristics: types.ModuleType) -> None:
    corner = heuristics.board("X.. ... ...")
    ttt = heuristics.ttt
    assert (ttt.open_lines(corner, "X"), ttt.open_lines(corner, "O")) == (8, 5)
    assert heuristics.open_lines_difference(corner) == 3
    assert ttt.heuristic(corner, "X") == pytest.approx(3 / 9)
    assert heuristics.open_lines_difference(heuristics.board("... .X. ...")) == 4


def test_bouton_at_depth_one_plays_perfectly(heuristics: types.ModuleType) -> None:
    h = heuristics
    chance, errs, calls = quality(h.depth_limited, h.nim_game, 1, h.nim_value)
    assert (chance, errs) == (1.0, 0)
    crude_chance, crude_errs, crude_calls = quality(h.depth_limited, h.nim_crude, 1, h.nim_value)
    assert crude_chance < 0.3 and crude_errs == 420 and crude_calls == calls


def test_ordering_by_bouton_prunes_the_exact_search(heuristics: types.ModuleType) -> None:
    h = heuristics
    values_and_calls = []
    for game in [h.nim_crude, h.nim_game]:
        stats = Stats()
        value = h.alpha_beta_memo(game, game.Start, "A", stats, order=True)
        values_and_calls.append((value, stats.calls))
    (crude, crude_calls), (ordered, ordered_calls) = values_and_calls
    assert crude == ordered == -1
    assert ordered_calls * 5 < crude_calls


def test_eta_counts_the_games_of_tic_tac_toe(heuristics: types.ModuleType) -> None:
    h = heuristics
    assert h.games_below(h.ttt.Start) == (131_184, 46_080, 77_904)
    assert h.eta(h.ttt.Start, "X") == 131_184 - 77_904 == -h.eta(h.ttt.Start, "O")
    won = h.board("XXX OO. ...")
    assert h.games_below(won) == (1, 0, 0) and h.eta(won, "O") == -1


def test_eta_is_misled_where_the_lecture_says(heuristics: types.ModuleType) -> None:
    h = heuristics
    state, player = h.board("XOX O.X ..."), "O"
    assert h.eta_misled(state, player)
    (favourite,) = h.rated_best(h.depth_limited, h.ttt_eta, state, player, 1)
    assert h.ttt.describe_move(state, favourite) == "(1, 1)"
    assert -h.ttt.exact(favourite, "X") == -1  # it loses
    (holds,) = h.rated_best(h.depth_limited, h.ttt_eta, state, player, 2)
    assert h.ttt.describe_move(state, holds) == "(2, 2)" and h.ttt.exact(holds, "X") == 0
    moves = h.ttt.game.next_states(state, player)
    assert [ns for ns in moves if h.ttt.exact(ns, "X") == 0] == [holds]  # the only move that holds
    with_a_win = [h.ttt.describe_move(state, ns) for ns in moves if h.games_below(ns)[2] > 0]
    assert with_a_win == ["(1, 1)", "(2, 1)"]  # O's wins below: η's favourite is not alone
    explanation = h.ttt.explain_move(state, player, holds)
    assert "(1, 1) loses: you would win at once with (2, 2)." in explanation.reasons


def test_the_search_quality_measure(heuristics: types.ModuleType) -> None:
    h = heuristics
    crude = quality(h.depth_limited, h.ttt_crude, 1, h.ttt.exact)
    open_lines = quality(h.depth_limited, h.ttt.game, 1, h.ttt.exact)
    eta = quality(h.depth_limited, h.ttt_eta, 1, h.ttt.exact)
    assert crude[0] < open_lines[0] < eta[0] < 1
    assert crude[2] == open_lines[2] == eta[2] == 16_167  # the same tree at depth 1


def test_the_quality_table_leaves_out_the_calls_every_heuristic_shares(
    heuristics: types.ModuleType,
) -> None:
    """To depth 2 a cut-off needs a certain win, which no estimate reaches: the calls are the
    same for every heuristic, so the lecture's table does not show them."""
    h = heuristics
    rows = [("crude 0", h.nim_crude, 1), ("Bouton / 2", h.nim_game, 1)]
    table = quality_table(h.depth_limited, rows, h.nim_value, "Nim")
    assert "calls" not in table.columns
    assert len(table.rows) == 2
    for depth in (1, 2):
        crude, open_lines = (
            quality(h.depth_limited, g, depth, h.ttt.exact)[2] for g in (h.ttt_crude, h.ttt.game)
        )
        assert crude == open_lines


def test_section_2_says_what_its_table_shows(heuristics: types.ModuleType) -> None:
    """Section 2, presented in class 5, measures the open lines against no estimate at depths 1
    and 2; its prose says the open lines play better at the same depth, and that one more move
    of look-ahead helped more (the crude search at depth 2 beats the open lines at depth 1)."""
    h = heuristics
    chance = {
        (name, depth): quality(h.depth_limited, game, depth, h.ttt.exact)[0]
        for name, game in [("crude", h.ttt_crude), ("open", h.ttt.game)]
        for depth in (1, 2)
    }
    assert chance["crude", 1] < chance["open", 1] and chance["crude", 2] < chance["open", 2]
    assert chance["open", 1] < chance["crude", 2]
    said = prose("Heuristics.ipynb")
    assert "## 2. Measured by the moves it makes" in said
    assert "one more move of look-ahead helped more" in said
