"""Watching the computer play itself, headless: the Tic-Tac-Toe lecture's game and board.

The players are small deterministic choosers (the first legal move, a scripted game, a random
move from the seeded ``rng``). The playing thread is held "thinking" with events, never with
sleeps.
"""

from __future__ import annotations

import random
import re
import threading
from collections.abc import Iterator
from itertools import pairwise
from typing import Any

import pytest
from conftest import notebook

from gamesolver.game import Game, Value
from gamesolver.stats import Stats
from gamesolver.widgets.play import BadAnswer
from gamesolver.widgets.watch import Watch, numbered

Row = tuple[str, str, str]
State = tuple[Row, Row, Row]
Cell = tuple[int, int]

TTT = notebook("Tic-Tac-Toe.ipynb")
GAME: Game[State, str] = TTT.game
TicTacToeBoard = TTT.TicTacToeBoard
START: State = GAME.Start


def first_move(state: State, player: str, rng: random.Random) -> tuple[Value, State]:
    """The first of ``game.next_states``: a whole game is known in advance."""
    return 0, GAME.next_states(state, player)[0]


def random_move(state: State, player: str, rng: random.Random) -> tuple[Value, State]:
    return 0, rng.choice(GAME.next_states(state, player))


FIRST_MOVES = ["(0, 0)", "(0, 1)", "(0, 2)", "(1, 0)", "(1, 1)", "(1, 2)", "(2, 0)"]
"""The game of two ``first_move`` players: X wins on the diagonal (0, 2)-(2, 0)."""


def scripted(cells: list[Cell]) -> Any:
    """A chooser that plays ``cells[n]`` as the game's move number ``n``, for either player."""

    def choose(state: State, player: str, rng: random.Random) -> tuple[Value, State]:
        played = sum(mark != " " for row in state for mark in row)
        return 0, TTT.mark(state, cells[played], player)

    return choose


class Gated:
    """``first_move`` once ``gate`` is set; until then it spins, counting value calls (so that
    ``Cancelled`` arrives at once). Counts the calls that ``entered`` and records their threads."""

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.entered = threading.Semaphore(0)
        self.threads: list[threading.Thread] = []
        self.returned = 0

    def __call__(self, state: State, player: str, rng: random.Random) -> tuple[Value, State]:
        self.threads.append(threading.current_thread())
        self.entered.release()
        stats = Stats()
        while not self.gate.is_set():
            stats.calls += 1
        self.returned += 1
        return first_move(state, player, rng)


@pytest.fixture
def gated() -> Iterator[Gated]:
    """A ``Gated`` chooser, opened and its threads joined after the test."""
    chooser = Gated()
    yield chooser
    chooser.gate.set()
    for thread in chooser.threads:
        if thread is not threading.current_thread():  # run() calls it in the test's thread
            thread.join(timeout=30)


class RecordingBoard(TicTacToeBoard):
    """The lecture's board, recording each ``draw(state, before, moved=...)``."""

    def __init__(self) -> None:
        super().__init__()
        self.draws: list[tuple[State, State | None, bool]] = []

    def draw(
        self, state: State, before: State | None = None, line: Any = (), moved: bool = False
    ) -> None:
        self.draws.append((state, before, moved))
        super().draw(state, before, line, moved)


def test_run_plays_to_the_end_and_shows_every_move() -> None:
    board = RecordingBoard()
    watch = Watch(GAME, board, [first_move, first_move])
    assert repr(watch) == "Watch('tic-tac-toe')"
    assert watch.children[0] is board.canvas
    assert "gamesolver-status" in watch.status_line._dom_classes
    assert "gamesolver-progress" in watch.progress._dom_classes
    assert "gamesolver-moves" in watch.move_list._dom_classes
    assert (watch.status, watch.history, watch.moves, watch.result) == (
        "New game. X to move.",
        [START],
        [],
        None,
    )
    assert watch.progress.description == "ply 0 of 200"

    assert watch.run() == "X played (2, 0). X wins."
    assert watch.status == "X played (2, 0). X wins."
    history = watch.history
    assert watch.state == history[-1] and history[0] == START and GAME.finished(watch.state)
    assert watch.moves == FIRST_MOVES == [GAME.describe_move(a, b) for a, b in pairwise(history)]
    assert (watch.progress.value, watch.progress.max) == (7, 200)
    assert watch.progress.description == "ply 7 of 200"
    text = "1. (0, 0) (0, 1)  2. (0, 2) (1, 0)  3. (1, 1) (1, 2)  4. (2, 0)"
    assert numbered(watch.moves) == text
    assert watch.move_list.value == text.replace("  ", "&nbsp; ")
    assert board.draws == [(START, None, False)] + [(b, a, True) for a, b in pairwise(history)]
    assert watch.play_button.disabled and watch.step_button.disabled
    assert watch.run() == watch.status and len(watch.moves) == 7  # nothing more to play


@pytest.mark.parametrize(
    ("cells", "result", "ending"),
    [
        ([(0, 0), (1, 1), (0, 1), (0, 2), (2, 2), (2, 0)], "second", "O wins."),
        ([(0, 0), (0, 1), (0, 2), (1, 1), (2, 1), (2, 0), (1, 0), (1, 2), (2, 2)], "draw", "Draw."),
        ([(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)], "first", "X wins."),
    ],
)
def test_the_result_agrees_with_the_utility(cells: list[Cell], result: str, ending: str) -> None:
    chooser = scripted(cells)
    watch = Watch(GAME, TicTacToeBoard(), {"O": chooser, "X": chooser})
    assert watch.run().endswith(ending)
    assert len(watch.moves) == len(cells)
    utility = GAME.utility(watch.state, "X")
    assert watch.result == result == {1: "first", -1: "second", 0: "draw"}[utility]


def test_run_some_plies_then_on() -> None:
    watch = Watch(GAME, TicTacToeBoard(), [first_move, first_move])
    assert watch.run(plies=3) == "X played (0, 2). O to move."
    assert watch.moves == FIRST_MOVES[:3] and watch.progress.value == 3
    assert not watch.play_button.disabled and watch.pause_button.disabled
    watch.run(plies=0)
    assert len(watch.history) == 4
    watch.run()
    assert watch.moves == FIRST_MOVES


def test_a_seed_plays_the_same_game_and_new_game_starts_again() -> None:
    watch = Watch(GAME, TicTacToeBoard(), [random_move, random_move], seed=3)
    watch.run()
    moves = watch.moves
    watch.new_game()
    assert (watch.history, watch.moves, watch.progress.value) == ([START], [], 0)
    assert watch.move_list.value == "" and watch.status == "New game. X to move."
    watch.run()
    assert watch.moves == moves
    games = set()
    for seed in range(5):
        other = Watch(GAME, TicTacToeBoard(), [random_move, random_move], seed=seed)
        other.run()
        games.add(tuple(other.moves))
    assert len(games) > 1


def test_max_plies_stops_without_a_result() -> None:
    watch = Watch(GAME, TicTacToeBoard(), [first_move, first_move], max_plies=4)
    stop = "Stopped at the limit of 4 plies, without a result."
    assert watch.run() == f"O played (1, 0). {stop}"
    assert (len(watch.moves), watch.result, watch.progress.value, watch.progress.max) == (
        4,
        None,
        4,
        4,
    )
    assert not GAME.finished(watch.state)
    assert watch.play_button.disabled and watch.step_button.disabled
    watch.start()
    watch.step()
    watch.wait()
    assert len(watch.moves) == 4 and watch.status.endswith(stop)
    with pytest.raises(ValueError, match="max_plies"):
        Watch(GAME, TicTacToeBoard(), [first_move, first_move], max_plies=0)


def test_step_plays_one_move_in_the_background(gated: Gated) -> None:
    watch = Watch(GAME, TicTacToeBoard(), [gated, gated])
    watch.step_button.click()
    assert gated.entered.acquire(timeout=30)
    assert watch.status == "X is thinking ..."
    assert watch.pause_button.disabled is False and watch.play_button.disabled
    gated.gate.set()
    watch.wait()
    assert [thread.name for thread in gated.threads] == ["gamesolver-watch"]
    assert watch.moves == FIRST_MOVES[:1] and watch.status == "X played (0, 0). O to move."
    assert watch.pause_button.disabled and not watch.step_button.disabled


def test_start_plays_to_the_end_in_the_background() -> None:
    threads: set[str] = set()

    def recording(state: State, player: str, rng: random.Random) -> tuple[Value, State]:
        threads.add(threading.current_thread().name)
        return first_move(state, player, rng)

    watch = Watch(GAME, TicTacToeBoard(), [recording, recording])
    watch.play_button.click()
    watch.wait()
    assert threads == {"gamesolver-watch"}
    assert watch.moves == FIRST_MOVES and watch.result == "first"
    assert watch.status == "X played (2, 0). X wins." and watch.progress.value == 7


def test_pause_stops_after_the_current_move_and_play_resumes(gated: Gated) -> None:
    watch = Watch(GAME, TicTacToeBoard(), [gated, gated])
    watch.start()
    assert gated.entered.acquire(timeout=30)
    watch.pause_button.click()
    gated.gate.set()
    watch.wait()
    assert watch.moves == FIRST_MOVES[:1] and watch.status == "X played (0, 0). O to move."
    assert watch.pause_button.disabled and not watch.play_button.disabled
    watch.start()
    watch.wait()
    assert watch.moves == FIRST_MOVES  # the same game as without the pause
    gated.gate.clear()
    watch.new_game()
    watch.start()
    with pytest.raises(RuntimeError, match="playing in the background"):
        watch.run()  # one game at a time
    watch.new_game()


@pytest.mark.filterwarnings("error::pytest.PytestUnhandledThreadExceptionWarning")
def test_new_game_cancels_the_search_and_resets(gated: Gated) -> None:
    watch = Watch(GAME, TicTacToeBoard(), [first_move, gated])
    watch.run(plies=1)
    watch.start()
    assert gated.entered.acquire(timeout=30)
    watch.new_button.click()
    (thread,) = gated.threads
    thread.join(timeout=30)
    assert not thread.is_alive() and gated.returned == 0  # cancelled inside the search
    watch.wait()  # a cancelled search ends quietly
    assert (watch.history, watch.moves, watch.progress.value) == ([START], [], 0)
    assert watch.status == "New game. X to move." and watch.pause_button.disabled
    gated.gate.set()
    watch.run()
    assert watch.moves == FIRST_MOVES


@pytest.mark.parametrize(
    ("answer", "problem"),
    [
        ((0, START), "O's choose returned ((' ', ' ', ' '), (' ', ' ', ' '), (' ', ' ', ' '))"),
        ("nonsense", "O's choose returned 'nonsense'; it must return (value, next_state)"),
    ],
)
def test_an_illegal_answer_names_the_player(answer: Any, problem: str) -> None:
    def bad(state: State, player: str, rng: random.Random) -> Any:
        return answer

    watch = Watch(GAME, TicTacToeBoard(), [first_move, bad])
    with pytest.raises(BadAnswer, match=f"^{re.escape(problem)}"):
        watch.run()
    assert watch.status.startswith(f"Stopped: {problem}") and len(watch.moves) == 1
    watch.new_game()
    watch.start()
    with pytest.raises(BadAnswer, match=f"^{re.escape(problem)}"):
        watch.wait()
    watch.wait()  # raised once
    assert watch.status.startswith(f"Stopped: {problem}") and watch.pause_button.disabled


def test_a_failing_search_is_reported_and_raised() -> None:
    def broken(state: State, player: str, rng: random.Random) -> tuple[Value, State]:
        return 1 / 0, state

    watch = Watch(GAME, TicTacToeBoard(), [broken, first_move])
    with pytest.raises(ZeroDivisionError):
        watch.run()
    assert watch.status == "Stopped: X's search failed (ZeroDivisionError: division by zero)."
    watch.start()
    with pytest.raises(ZeroDivisionError):
        watch.wait()


def test_a_search_that_exits_in_the_background_is_shown() -> None:
    """Before: ``sys.exit()`` in a chooser ended the playing thread in silence, and the status
    said "X is thinking ..." for ever, with Play and Step disabled."""

    def leaving(state: State, player: str, rng: random.Random) -> tuple[Value, State]:
        raise SystemExit(3)

    watch = Watch(GAME, TicTacToeBoard(), [leaving, first_move])
    watch.start()
    done = threading.Event()
    for _ in range(1000):
        if watch.status.startswith("Stopped") or done.wait(0.01):
            break
    assert watch.status == "Stopped: X's search failed (SystemExit: 3)."
    assert watch.pause_button.disabled and not watch.play_button.disabled
    with pytest.raises(SystemExit):
        watch.wait()


def test_the_budget_menu_sets_the_budget_of_the_choosers_that_take_it() -> None:
    asked: list[float | None] = []

    def budgeted(
        state: State, player: str, rng: random.Random, budget: float | None = None
    ) -> tuple[Value, State]:
        asked.append(budget)
        return first_move(state, player, rng)

    watch = Watch(GAME, TicTacToeBoard(), [budgeted, first_move], budgets=(0.25, 1))
    menu = watch.budget_menu
    assert menu.description == "Time per move" and menu.options == (("0.25 s", 0.25), ("1 s", 1))
    watch.run(plies=2)
    menu.value = 1
    watch.run(plies=2)
    assert asked == [0.25, 1]
    assert Watch(GAME, TicTacToeBoard(), [first_move, first_move]).budget_menu is None
    Watch(GAME, TicTacToeBoard(), [budgeted, budgeted], budget=2).run(plies=1)
    assert asked[-1] == 2
    with pytest.raises(ValueError, match="budget"):
        Watch(GAME, TicTacToeBoard(), [first_move, first_move], budgets=(1, 2))


def test_each_chooser_that_takes_it_gets_the_game_so_far() -> None:
    asked: list[tuple[State, ...]] = []

    def remembering(
        state: State, player: str, rng: random.Random, earlier: tuple[State, ...] = ()
    ) -> tuple[Value, State]:
        asked.append(earlier)
        return first_move(state, player, rng)

    watch = Watch(GAME, TicTacToeBoard(), [remembering, first_move])
    watch.run(plies=4)
    states = watch.history
    assert asked == [(), tuple(states[:2])]
    assert all(known == tuple(states[: len(known)]) for known in asked)


def test_players_need_one_chooser_each() -> None:
    x = scripted([(1, 1), (0, 0), (2, 2)])
    watch = Watch(GAME, TicTacToeBoard(), {"O": first_move, "X": x})
    watch.run(plies=2)
    assert watch.moves == ["(1, 1)", "(0, 0)"]
    for players in ([first_move], {"X": first_move, "Z": first_move}, {"X": first_move}):
        with pytest.raises(ValueError, match=re.escape("one chooser for each of ['X', 'O']")):
            Watch(GAME, TicTacToeBoard(), players)


def test_a_start_with_the_second_player_to_move() -> None:
    x_in_the_corner = TTT.mark(START, (0, 0), "X")
    watch = Watch(
        GAME, TicTacToeBoard(), [first_move, first_move], start=x_in_the_corner, first="O"
    )
    assert watch.status == "New game. O to move."
    watch.run(plies=2)
    assert watch.moves == ["(0, 1)", "(0, 2)"]
    assert watch.move_list.value == "1. ... (0, 1)&nbsp; 2. (0, 2)"
    assert numbered(["a", "b", "c"], first=1) == "1. ... a  2. b c"
