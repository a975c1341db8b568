"""The value-call comparison of the Connect Four lecture (gamesolver/connect_four/calls.py):
each cell is the value calls ``measure`` counts for that search, game and depth."""

from __future__ import annotations

import dataclasses

from conftest import notebook, take_away

from gamesolver.connect_four.calls import Searched, calls_at, calls_by_depth
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
