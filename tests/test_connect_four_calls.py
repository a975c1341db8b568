"""The value-call comparison of the Connect Four lecture (gamesolver/connect_four/calls.py):
each cell is the value calls ``measure`` counts for that search, game and depth; and
``check_order``, which grades the lecture's killer moves."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from conftest import notebook, take_away

from gamesolver.connect_four.calls import Searched, calls_at, calls_by_depth, check_order
from gamesolver.connect_four.notation import middle_games
from gamesolver.stats import measure

SD = notebook("Search-in-Depth.ipynb")
SEVEN = take_away(7)


def test_calls_by_depth_counts_each_search_to_each_depth_and_leaves_the_rest_blank() -> None:
    searches = [
        Searched("plain", SEVEN, SD.depth_limited, 3),
        Searched("deepening", SEVEN, SD.iterative_deepening, 2, {"order": False}),
    ]
    table = calls_by_depth(searches, "take-away 7")
    plain = [measure(SD.depth_limited, SEVEN, depth=d)[1].calls for d in (1, 2, 3)]
    deep = [measure(SD.iterative_deepening, SEVEN, depth=d, order=False)[1].calls for d in (1, 2)]
    assert table.columns == ["depth", "plain", "deepening"] and table.title == "take-away 7"
    assert [list(row) for row in table.rows] == [
        [1, plain[0], deep[0]],
        [2, plain[1], deep[1]],
        [3, plain[2], ""],
    ]


def test_calls_at_gives_each_search_its_value_and_calls_from_one_position() -> None:
    crude = dataclasses.replace(SEVEN, heuristic=lambda state, player: 0.5)
    searches = [
        Searched("none", SEVEN, SD.depth_limited, 9),
        Searched("one half", crude, SD.depth_limited, 9),
    ]
    state, player = SEVEN.Start, SEVEN.Players[0]
    table = calls_at(searches, state, player, 2)
    expected = []
    for searched in searches:
        value, stats = measure(SD.depth_limited, searched.game, state, player, depth=2)
        expected.append([searched.name, value, stats.calls])
    assert [list(row) for row in table.rows] == expected


CF = notebook("Connect-Four.ipynb")
MIDDLE = [CF.game.parse(moves) for moves in middle_games()[:12]]
AT = CF.game.parse(middle_games()[0])


def killer_search(game: Any, state: Any, player: Any, stats: Any, depth: int) -> Any:
    """The exercise's answer: depth_limited that tries first, at each remaining depth, the move
    of the last cut-off there (grading runs the notebook's own, tests/test_grading.py)."""
    killers: dict[int, str] = {}

    def value(state: Any, player: Any, limit: int, alpha: Any, beta: Any) -> Any:
        stats.calls += 1
        if game.finished(state):
            return game.utility(state, player)
        if limit == 0:
            return game.heuristic(state, player)
        killer, best = killers.get(limit), game.worst
        moves = game.next_states(state, player)
        for ns in sorted(moves, key=lambda ns: game.move_name(state, ns) != killer):
            best = max(best, -value(ns, game.other(player), limit - 1, -beta, -alpha))
            if best >= beta:
                killers[limit] = game.move_name(state, ns)
                return best
            alpha = max(alpha, best)
        return best

    return value(state, player, depth, game.worst, game.best)


def test_check_order_passes_killer_moves_and_says_what_they_save() -> None:
    said = check_order(killer_search, SD.depth_limited, CF.game, MIDDLE, 5, AT, 8)
    _, killer = measure(killer_search, CF.game, *AT, depth=8)
    _, plain = measure(SD.depth_limited, CF.game, *AT, depth=8)
    assert killer.calls * 3 < plain.calls  # 2,001 of 6,629: the bar of one half has a margin
    assert said == (
        f"the same values from 12 positions; to depth 8: {killer.calls:,} value calls, "
        f"the reference {plain.calls:,}"
    )


def test_check_order_fails_a_search_that_drops_a_move_and_shows_where() -> None:
    def dropping(game: Any, state: Any, player: Any, stats: Any, depth: int) -> Any:
        fewer = dataclasses.replace(game, next_states=lambda s, p: game.next_states(s, p)[:-1])
        return SD.depth_limited(fewer, state, player, stats, depth)

    with pytest.raises(AssertionError, match=r"(?s)your search finds .*every move\?\n.*1 2 3"):
        check_order(dropping, SD.depth_limited, CF.game, MIDDLE, 5, AT, 8)


def test_check_order_fails_an_order_that_saves_too_little() -> None:
    with pytest.raises(AssertionError, match=r"at most 50% of them expected"):
        check_order(SD.depth_limited, SD.depth_limited, CF.game, MIDDLE[:1], 5, AT, 8)


def test_the_step_to_an_odd_depth_multiplies_the_calls_more_than_the_next_step() -> None:
    """The lecture's claim on its table (section 4): for its three ordered searches, going to
    depth 3, 5 or 7 multiplies the value calls by more than going on to 4, 6 or 8 does. (Odd
    depths do not always cost more: centre first makes 771 calls to depth 5, 1,467 to 6.)"""
    ordered = [searched for searched in CF.searches if searched.name != "left to right"]
    assert len(ordered) == 3
    table = calls_by_depth(ordered)
    for column in range(1, 4):
        calls = [row[column] for row in table.rows]  # calls[d - 1]: to depth d
        for odd in (3, 5, 7):
            to_odd = calls[odd - 1] / calls[odd - 2]
            to_even = calls[odd] / calls[odd - 1]
            assert to_odd > to_even, (table.columns[column], odd, calls)
