"""Matches between two computers (``gamesolver.match``): one game, a match of openings played
twice, the limits of a move, and choosers made of the Solver's searches."""

from __future__ import annotations

import random
import types
from typing import Any

import pytest
from conftest import Heap, notebook, take, take_away

from gamesolver import Stats
from gamesolver.match import (
    Choice,
    IllegalMove,
    match,
    openings,
    play_game,
    random_mover,
    read_answer,
    searching,
)

TAKE = take_away(7)


def perfect(heap: Heap, player: str, rng: random.Random, **limits: Any) -> object:
    """Leave a multiple of 3, else take 1."""
    moves = take(heap, player)
    best = [m for m in moves if m[0] % 3 == 0]
    return (1, best[0]) if best else (-1, moves[0])


def first(heap: Heap, player: str, rng: random.Random, **limits: Any) -> Heap:
    """Take 1, answering the state alone."""
    return take(heap, player)[0]


def test_a_game_from_the_start_to_its_end() -> None:
    played = play_game(TAKE, (perfect, first))
    assert played.states == [(6, "B"), (5, "A"), (3, "B"), (2, "A"), (0, "B")]
    assert played.winner == "A" and played.finished and played.plies == 5
    assert len(played.seconds) == 5 and played.stats == [None] * 5
    played = play_game(TAKE, (first, perfect), start=((8, "A"), "A"))
    assert played.winner == "B" and played.end == (0, "A")


def test_answers_are_read_by_legality_first() -> None:
    assert read_answer(TAKE, (7, "A"), "A", (6, "B")) == Choice((6, "B"))
    stats = Stats(depth=2)
    assert read_answer(TAKE, (7, "A"), "A", (1, (5, "B"), stats)) == Choice((5, "B"), 1, stats)
    with pytest.raises(IllegalMove, match=r"\(9, 'B'\), which is not one of .*'A'\)$"):
        read_answer(TAKE, (7, "A"), "A", (1, (9, "B")))
    with pytest.raises(IllegalMove):
        play_game(TAKE, (perfect, lambda heap, player, rng: (0, heap)))


def test_the_limits_go_to_the_choosers_only_when_set() -> None:
    seen: list[dict[str, Any]] = []

    def recording(heap: Heap, player: str, rng: random.Random, **limits: Any) -> Heap:
        seen.append(limits)
        return take(heap, player)[0]

    play_game(TAKE, (recording, recording), depth=3)
    play_game(TAKE, (recording, recording), nodes=50, budget=0.5)
    assert seen[0] == {"depth": 3} and seen[-1] == {"nodes": 50, "budget": 0.5}
    with pytest.raises(ValueError, match="perfect_without_limits takes no depth"):

        def perfect_without_limits(heap: Heap, player: str, rng: random.Random) -> object:
            return perfect(heap, player, rng)

        play_game(TAKE, (perfect_without_limits, recording), depth=1)


def test_a_chooser_that_names_earlier_gets_the_game_before_its_state() -> None:
    asked: list[tuple[Heap, ...]] = []

    def remembering(heap: Heap, player: str, rng: random.Random, earlier: Any = ()) -> Heap:
        asked.append(earlier)
        return take(heap, player)[0]

    played = play_game(TAKE, (remembering, first), start=((5, "A"), "A"))
    assert played.states == [(4, "B"), (3, "A"), (2, "B"), (1, "A"), (0, "B")]
    assert asked == [(), ((5, "A"), (4, "B")), ((5, "A"), (4, "B"), (3, "A"), (2, "B"))]


def test_a_game_stopped_at_max_plies_has_no_winner() -> None:
    played = play_game(TAKE, (first, first), max_plies=2)
    assert not played.finished and played.winner is None and played.plies == 2


def test_a_match_plays_each_opening_twice_the_colours_swapped() -> None:
    starts = openings(TAKE, 3, plies=1, seed=2)
    assert starts == openings(TAKE, 3, plies=1, seed=2)  # seeded
    assert all(player == "B" for _, player in starts)
    played = match(TAKE, perfect, first, starts)
    assert len(played.games) == 6
    assert played.a_plays == ["B", "A"] * 3  # a moves first, then second, from each opening
    assert [game.first for game in played.games] == ["B"] * 6
    assert sum(played.tally.values()) == 6
    assert played.tally == match(TAKE, perfect, first, starts).tally  # the same every time


def test_the_rng_is_fresh_at_every_move() -> None:
    draws: list[float] = []

    def drawing(heap: Heap, player: str, rng: random.Random, **limits: Any) -> Heap:
        draws.append(rng.random())
        return take(heap, player)[0]

    play_game(TAKE, (drawing, drawing), seed=5)
    assert len(draws) == 7 and len(set(draws)) == 1 == len({random.Random(5).random(), *draws})


def test_a_random_mover_has_its_own_generator() -> None:
    a = play_game(TAKE, (random_mover(TAKE, 1), random_mover(TAKE, 2)))
    b = play_game(TAKE, (random_mover(TAKE, 1), random_mover(TAKE, 2)))
    assert a.states == b.states


def test_searching_obeys_a_depth_and_a_node_budget(solver: types.ModuleType) -> None:
    nim = notebook("Nim.ipynb").game
    choose = searching(nim, solver.best_move, solver.iterative_deepening)
    start = (((1, 2, 3), "A"), "A")  # the state (the piles, the player to move), the player
    value, _, stats = choose(*start, random.Random(0), depth=2)
    assert stats.depth == 2 and not stats.exact
    value, _, stats = choose(*start, random.Random(0), nodes=10_000)
    assert stats.exact and value == -1  # (1, 2, 3): 1 ^ 2 ^ 3 == 0, a loss for the mover
    small = choose(*start, random.Random(0), nodes=60)[2]
    again = choose(*start, random.Random(0), nodes=60)[2]
    assert small.depth == again.depth and small.calls == again.calls  # deterministic
    assert 1 <= small.depth < stats.depth
    one = choose(*start, random.Random(0), nodes=1)[2]
    assert one.depth == 1  # depth 1 whatever it costs: there must be a move


def test_searching_with_a_budget_has_a_move(solver: types.ModuleType) -> None:
    nim = notebook("Nim.ipynb").game
    choose = searching(nim, solver.best_move, solver.iterative_deepening, margin=0.5)
    _, after, stats = choose(((1, 2, 3), "A"), "A", random.Random(0), budget=0.2)
    assert after in nim.next_states(((1, 2, 3), "A"), "A") and stats.depth >= 1
