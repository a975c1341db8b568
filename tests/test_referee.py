"""gamesolver.referee: a player graded by play, on Tic-Tac-Toe-4x4's game and its ladder (the
graded cell's), each fault of the player's losing its game and never the grading."""

from __future__ import annotations

import functools
import json
import os
import random
import time
import types
from collections.abc import Callable
from typing import Any

import pytest
from conftest import NOTEBOOKS, notebook
from wrong_answers import PLAYERS

from gamesolver.match import openings, play_game, random_mover, searching
from gamesolver.referee import Limit, Rung, as_chooser, first_mistake, ladder, referee

TIME = Limit(seconds=0.2)


@pytest.fixture(scope="module")
def ttt4() -> types.ModuleType:
    return notebook("Tic-Tac-Toe-4x4.ipynb")


def player(ttt4: types.ModuleType, source: str) -> Callable[..., Any]:
    """The ``choose`` that a solution cell's ``source`` defines among the notebook's names."""
    names = dict(vars(ttt4))
    exec(source, names)
    chosen: Callable[..., Any] = names["choose"]
    return chosen


def solution() -> str:
    """The instructor's player: the source of the notebook's solution cell."""
    cells = json.loads((NOTEBOOKS / "Tic-Tac-Toe-4x4.ipynb").read_text(encoding="utf-8"))["cells"]
    for cell in cells:
        if cell["metadata"].get("nbgrader", {}).get("grade_id") == "ex4-solution":
            return "".join(cell["source"])
    raise AssertionError("no cell ex4-solution")


def rungs(ttt4: types.ModuleType) -> list[Rung]:
    """The graded cell's ladder."""
    game = ttt4.game
    threats = ttt4.tic_tac_toe(threats=True)
    return [
        Rung("random", random_mover(game)),
        Rung("greedy", ttt4.greedy(game)),
        Rung("alpha-beta, depth 2", functools.partial(ttt4.searcher(game), depth=2)),
        Rung("alpha-beta, depth 4", functools.partial(ttt4.searcher(game), depth=4)),
        Rung("perfect", searching(threats, ttt4.best_move, ttt4.threat_solve)),
    ]


def test_the_solution_beats_every_rung_and_a_random_player_fewer(ttt4: types.ModuleType) -> None:
    game, starts = ttt4.game, openings(ttt4.game, 2, seed=37)
    began = time.monotonic()
    strong = ladder(game, player(ttt4, solution()), rungs(ttt4), starts, TIME)
    seconds = time.monotonic() - began
    weak = ladder(game, player(ttt4, PLAYERS["weak"]), rungs(ttt4), starts, TIME)
    aimless = ladder(game, player(ttt4, PLAYERS["random"]), rungs(ttt4), starts, TIME)
    assert strong.points == 5 and len(strong.games) == 20
    assert all(played.fault == "" for played in strong.games + weak.games + aimless.games)
    assert aimless.points < weak.points < strong.points
    assert aimless.record("perfect")["lost"] > 0 and not aimless.beaten("alpha-beta, depth 4")
    assert seconds < 30, seconds  # well within the 60 s of a graded cell


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("slow", "a move took more than 0.2 s of CPU time (the time per move)"),
        ("crashing", "the player raised IndexError: list index out of range"),
        ("illegal", "an illegal move: the player returned "),
        ("exiting", "the player ended the game's process (exit status 1) during its move"),
    ],
)
def test_a_fault_loses_the_game_with_its_reason(
    ttt4: types.ModuleType, name: str, reason: str
) -> None:
    game = ttt4.game
    ladder_ = rungs(ttt4)[:1]
    graded = ladder(game, player(ttt4, PLAYERS[name]), ladder_, openings(game, 1, seed=37), TIME)
    assert [played.result for played in graded.games] == ["lost", "lost"]
    assert all(played.fault.startswith(reason) for played in graded.games), graded.games
    assert graded.points == 0
    report = graded.report(game)
    assert report.count(f"why: {reason}") == 2 and "points: 0 of 1" in report


def test_the_moves_before_a_fault_are_kept_even_when_the_process_ends(
    ttt4: types.ModuleType,
) -> None:
    game = ttt4.game
    moves: list[int] = []

    def third_move_exits(state: int, player: int, limit: Limit) -> int:
        moves.append(state)  # (in the game's process: the list here stays empty)
        if state.bit_count() >= 4:
            os._exit(2)
        return int(game.next_states(state, player)[0])

    played = referee(game, third_move_exits, rungs(ttt4)[0], (game.Start, 0), 0, TIME)
    assert moves == [] and played.result == "lost"
    assert [state.bit_count() for state in played.states] == [1, 2, 3, 4]
    assert played.fault == "the player ended the game's process (exit status 2) during its move"


def player_that(ttt4: types.ModuleType, does: Callable[[], object]) -> Callable[..., int]:
    def choose(state: int, player: int, limit: Limit) -> int:
        does()
        return int(ttt4.game.next_states(state, player)[0])

    return choose


def swallow_every_limit() -> None:
    while True:
        try:
            while True:
                pass
        except BaseException:
            pass


@pytest.mark.parametrize(
    ("does", "reason"),
    [
        (lambda: bytearray(1 << 30), "the player made the memory grow by more than"),
        (lambda: exec("raise SystemExit(0)"), "the player raised SystemExit: 0"),
        # killed, "... and did not stop when told"; or, if the limit came between its loops
        # (a busy machine), raised out of it: lost for its time either way
        (swallow_every_limit, "a move took more than 0.2 s of CPU time (the time per move)"),
        (lambda: time.sleep(2), "a move took more than 0.2 s of CPU time"),
    ],
)
def test_memory_exit_and_a_swallowed_limit_lose_the_game(
    ttt4: types.ModuleType, does: Callable[[], object], reason: str
) -> None:
    game = ttt4.game
    played = referee(game, player_that(ttt4, does), rungs(ttt4)[0], (game.Start, 0), 0, TIME)
    assert played.result == "lost" and played.fault.startswith(reason), played.fault
    assert played.states == []


def test_printing_players_print_nothing_here(
    ttt4: types.ModuleType, capfd: pytest.CaptureFixture[str]
) -> None:
    game = ttt4.game
    noisy = player_that(ttt4, lambda: print("thinking..."))
    played = referee(game, noisy, rungs(ttt4)[0], (game.Start, 0), 0, TIME)
    assert played.fault == "" and played.result in ("won", "drawn", "lost")
    assert capfd.readouterr().out == ""


def test_the_first_mistake_is_the_move_that_lost_the_draw(ttt4: types.ModuleType) -> None:
    game, exact = ttt4.game, ttt4.exact_value(ttt4.game)
    aimless = player(ttt4, PLAYERS["random"])
    graded = ladder(game, aimless, rungs(ttt4)[1:2], openings(game, 2, seed=37), TIME)
    lost = [played for played in graded.games if played.result == "lost"]
    assert lost and all(played.fault == "" for played in lost)
    played = lost[0]
    mistake = first_mistake(game, played, exact)
    assert mistake is not None
    me, other = played.student, game.other(played.student)
    assert exact(mistake.before, me) == mistake.was == 0 and mistake.became == -1
    assert -exact(mistake.after, other) == -1 and -exact(mistake.better, other) == 0
    earlier = [(b, a) for m, b, a in played.moves(game) if m == me]
    before_it = earlier[: [b for b, _ in earlier].index(mistake.before)]
    assert all(-exact(a, other) == exact(b, me) == 0 for b, a in before_it)
    report = graded.report(game, exact)
    assert "turned a draw into a loss" in report and game.text(mistake.before) in report


def test_a_player_in_the_contract_plays_a_match_as_a_chooser(ttt4: types.ModuleType) -> None:
    game = ttt4.game
    seen: list[Limit] = []

    def choose(state: int, player: int, limit: Limit) -> int:
        seen.append(limit)
        return int(random.Random(state).choice(game.next_states(state, player)))

    limit = Limit(seconds=1.0, depth=3)
    played = play_game(game, [as_chooser(choose, limit), random_mover(game)])
    assert played.plies > 0 and set(seen) == {limit}
    with pytest.raises(AttributeError):
        limit.depth = 4  # type: ignore[misc]
