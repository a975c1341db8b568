"""Playing against the computer, headless: the board base class, the controller, the widget.

The game and its board are the Tic-Tac-Toe lecture's (loaded from the notebook, so the guarantee
that the computer never loses is tested on what students play); the computer's choice is the
solver notebook's ``best_move`` with ``alpha_beta``. No browser: canvas commands are read where
ipycanvas hands them to the comm, and browser events are fed in where ipycanvas receives them.
The computer's thread is held "thinking" with an event, never with sleeps, and the settle rule's
clock is a ``Clock`` that a test moves by hand.
"""

from __future__ import annotations

import dataclasses
import functools
import html
import math
import random
import re
import threading
import types
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from conftest import notebook
from ipycanvas import Canvas, hold_canvas
from ipycanvas.canvas import _CANVAS_MANAGER, COMMANDS
from traitlets import TraitError

from gamesolver.game import Game, Value
from gamesolver.match import takes
from gamesolver.stats import Stats
from gamesolver.widgets.board import (
    BOARD_STYLE,
    FIGURE,
    FONT,
    LABEL_SIZE,
    OUTSIDE,
    PICTURE_NOTE,
    PICTURE_TEXT,
    BoardWidget,
    GridBoard,
    NotAMove,
    PictureCanvas,
    picture_html,
)
from gamesolver.widgets.play import (
    COMPUTER_FIRST,
    GAME_OVER,
    NO_EXPLANATION,
    NO_LINE,
    NOT_LEGAL,
    NOT_LOADED,
    NOT_SEEN,
    NOTHING_TO_UNDO,
    SETTLE,
    SIDE_WIDTH,
    WAIT,
    YOU_FIRST,
    BadAnswer,
    Play,
    PlayController,
)

# ------------------------------------------------------------------ the lecture's game and board

ROOT = Path(__file__).resolve().parents[1]
Row = tuple[str, str, str]
State = tuple[Row, Row, Row]

TTT = notebook("Tic-Tac-Toe.ipynb")
GAME: Game[State, str] = TTT.game
TicTacToeBoard = TTT.TicTacToeBoard
EMPTY = " "
START: State = GAME.Start


def put(state: State, row: int, col: int, mark: str) -> State:
    """``state`` with ``mark`` in cell ``(row, col)`` (the notebook's ``mark``)."""
    result: State = TTT.mark(state, (row, col), mark)
    return result


def board_of(text: str) -> State:
    """A state from three lines like "XO. ... ..X": the lecture's ``from_text``."""
    result: State = TTT.from_text(text)
    return result


Choose = Callable[[State, str, random.Random], tuple[Value, State]]


@pytest.fixture
def choose(solver: types.ModuleType) -> Choose:
    """The solver notebook's ``best_move`` with ``alpha_beta``, memoized (within one test)."""
    memo: dict[tuple[State, str], tuple[Value, State]] = {}

    def choose(state: State, player: str, rng: random.Random) -> tuple[Value, State]:
        key = (state, player)
        if key not in memo:
            memo[key] = solver.best_move(GAME, state, player, solver.alpha_beta, rng)
        return memo[key]

    return choose


def controller(
    choose: Choose, human_first: bool = True, seed: int = 0
) -> PlayController[State, str]:
    return PlayController(GAME, TicTacToeBoard(), choose, human_first=human_first, seed=seed)


def click(c: PlayController[State, str], row: int, col: int) -> bool:
    board = c.board
    assert isinstance(board, GridBoard)
    return c.click(*board.center(row, col))


YOUR_TURN = "Your turn: click an empty cell."
X_00 = board_of("X.. ... ...")
REPLY = board_of("X.. .O. ...")
"""The computer's answer to X in a corner: the centre, its only move that does not lose."""

Drawn = tuple[str, list[Any], dict[str, Any]]
"""A drawing command sent to the browser: its name, its arguments, the canvas attributes then."""


def record_drawing(monkeypatch: pytest.MonkeyPatch) -> list[Drawn]:
    """Record every drawing command from now on, with the styles it is drawn in.

    The list fills as ipycanvas sends; ``"set"`` commands update the attributes (by their
    names in ``Canvas.ATTRS``: ``fill_style``, ``stroke_style``, ``global_alpha``, ...)."""
    names = {index: name for name, index in COMMANDS.items()}
    attributes = {index: name for name, index in Canvas.ATTRS.items()}
    drawn: list[Drawn] = []
    now: dict[str, Any] = {}

    def record(command: list[Any], buffers: list[bytes] | None = None) -> None:
        batch = command if command and isinstance(command[0], list) else [command]
        for name, *args in ([names[c[0]], *c[1:]] for c in batch):
            if name == "set":
                now[attributes[args[0][0]]] = args[0][1]
            else:
                drawn.append((name, args[0] if args else [], dict(now)))

    monkeypatch.setattr(_CANVAS_MANAGER, "_send_custom", record)
    return drawn


def lines_in(drawn: Sequence[Drawn], color: str) -> list[tuple[float, ...]]:
    """The lines stroked in ``color``, each as ``(x1, y1, x2, y2)``."""
    return [
        tuple(args[:4])
        for name, args, now in drawn
        if name == "strokeLine" and now.get("stroke_style") == color
    ]


# ------------------------------------------------------------------ the grid geometry


def test_cell_at_maps_canvas_pixels_to_row_and_col() -> None:
    board = TicTacToeBoard()
    assert (board.width, board.height) == (28 + 300 + 8, 28 + 300 + 8)
    assert board.canvas.layout.width == "336px" and board.canvas.layout.height == "336px"
    assert board.cell_at(28, 28) == (0, 0)
    assert board.cell_at(127.9, 28) == (0, 0)
    assert board.cell_at(128, 28) == (0, 1)
    assert board.cell_at(327.9, 327.9) == (2, 2)
    assert board.cell_at(29, 229) == (2, 0)
    for outside in [(27.9, 50), (50, 27.9), (328, 50), (50, 328), (-1, -1), (500, 500)]:
        assert board.cell_at(*outside) is None
    assert [board.cell_at(*board.center(r, c)) for r, c in board.cells()] == list(board.cells())
    with pytest.raises(NotAMove, match=r"^That click is outside the board\.$"):
        board.cell_of_click(10, 10)


@pytest.mark.parametrize("x", [math.nan, math.inf, -math.inf])
def test_a_click_at_nan_or_infinity_is_outside_the_board(choose: Choose, x: float) -> None:
    board = TicTacToeBoard()
    c = PlayController(GAME, board, choose)
    for click in [(x, 50.0), (50.0, x), (x, x)]:
        assert board.cell_at(*click) is None
        with pytest.raises(NotAMove, match=re.escape(OUTSIDE)):
            board.cell_of_click(*click)
        assert not c.click(*click)
        assert (c.status, c.state, c.phase) == (OUTSIDE, START, "human")


def test_the_board_finds_the_one_cell_a_move_marks() -> None:
    board = TicTacToeBoard()
    after = put(START, 2, 1, "X")
    assert board.new_mark(START, after) == (2, 1)
    for same_or_two in [START, put(after, 0, 0, "O")]:
        with pytest.raises(ValueError, match=r"^not one move apart: [02] cells differ$"):
            board.new_mark(START, same_or_two)
    with pytest.raises(NotAMove, match=r"^\(2, 1\) is taken: click an empty cell\.$"):
        board.move_at(after, "O", *board.center(2, 1))
    assert board.move_at(after, "O", *board.center(0, 0)) == put(after, 0, 0, "O")


def test_a_grid_needs_cells() -> None:
    with pytest.raises(ValueError, match="at least one row"):
        GridBoard.__init__(TicTacToeBoard.__new__(TicTacToeBoard), 0, 3)


# ------------------------------------------------------------------ the controller


def test_a_legal_click_makes_the_move_and_the_computer_answers(choose: Choose) -> None:
    c = controller(choose)
    assert c.status == f"New game: you move first (X), I move second (O). {YOUR_TURN}"
    assert (c.phase, c.human, c.computer) == ("human", "X", "O")
    assert click(c, 0, 0)
    assert c.state == board_of("X.. ... ...") and c.before == START
    assert c.phase == "computer"
    assert c.status == "You played (0, 0). I am thinking ..."
    assert c.computer_move()
    # after a corner, the centre is O's only move that does not lose
    assert c.state == board_of("X.. .O. ...") and c.before == board_of("X.. ... ...")
    assert c.phase == "human" and c.value == 0
    assert c.status == (
        f"I played (1, 1). I see the value 0 for you: with best play this is a draw. {YOUR_TURN}"
    )


def test_a_click_on_an_occupied_cell_is_refused(choose: Choose) -> None:
    """The refusal is the notice; what the computer said stays on the status line."""
    c = controller(choose)
    click(c, 0, 0)
    c.computer_move()
    state, history, said = c.state, list(c.history), c.message
    assert said.startswith("I played (1, 1).") and c.notice == "" and c.status == said
    for cell in [(0, 0), (1, 1)]:
        assert not click(c, *cell)
        assert c.status == c.notice == f"{cell} is taken: click an empty cell."
        assert c.message == said
        assert (c.state, c.history, c.phase) == (state, history, "human")
    assert click(c, 2, 2)  # a move: the notice is done with
    assert (c.notice, c.status) == ("", c.message) and c.message.startswith("You played (2, 2)")


def test_a_click_outside_the_board_is_refused(choose: Choose) -> None:
    c = controller(choose)
    for x, y in [(5, 5), (100, 10), (335, 200)]:
        assert not c.click(x, y)
        assert c.status == OUTSIDE == "That click is outside the board."
        assert (c.state, c.phase) == (START, "human")


def test_a_move_the_rules_do_not_allow_is_refused(choose: Choose) -> None:
    class Sloppy(TicTacToeBoard):
        def move_at(self, state: State, player: str, x: float, y: float) -> State:
            return put(state, 0, 0, "O")  # the wrong player's mark

    c = PlayController(GAME, Sloppy(), choose)
    assert not click(c, 0, 0)
    assert c.status == NOT_LEGAL == "That is not a legal move here."
    assert c.state == START and c.history == []


def test_clicks_and_undo_while_the_computer_thinks_are_refused(choose: Choose) -> None:
    c = controller(choose)
    click(c, 0, 0)
    turn = c.start_computer_turn()  # the computer is thinking now
    state = c.state
    assert not click(c, 2, 2)
    assert c.status == WAIT == "Wait: I am still thinking."
    assert not c.undo()
    assert c.status == WAIT and c.message == "You played (0, 0). I am thinking ..."
    assert (c.state, c.phase, len(c.history)) == (state, "computer", 1)
    assert c.finish_computer_turn(turn, c.think(turn))
    assert c.phase == "human" and c.status.startswith("I played (1, 1).") and c.notice == ""


class Clock:
    """A clock that stands still until a test moves it: settle times without sleeping."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_click_too_soon_after_the_computers_move_is_refused(choose: Choose) -> None:
    clock = Clock()
    c = PlayController(GAME, TicTacToeBoard(), choose, clock=clock)
    x, y = c.board.center(2, 2)  # type: ignore[attr-defined]
    assert click(c, 0, 0) and c.computer_move()  # the computer's move is made at clock.now
    said = c.message
    for delay in [0.0, 0.08, SETTLE / 2]:  # a double click, or a click queued meanwhile
        assert not c.click(x, y, at=clock.now + delay)
        assert c.status == NOT_SEEN == "Wait for my move to show, then click."
        assert c.message == said  # what the computer said stays
        assert (c.state, c.phase, len(c.history)) == (REPLY, "human", 1)
    assert not c.click(*c.board.center(1, 1), at=clock.now)  # type: ignore[attr-defined]
    assert c.status == "(1, 1) is taken: click an empty cell."  # no move: the reason says more
    assert c.click(x, y, at=clock.now + SETTLE)  # the student has seen the board
    assert c.state == put(REPLY, 2, 2, "X") and c.computer_move()
    assert c.undo() and c.state == REPLY
    assert c.click(x, y, at=clock.now)  # after Undo there is no new move of mine to see
    assert c.computer_move() and c.undo()
    assert c.click(x, y)  # a click from code (no arrival time) is not under the settle rule


def test_clicks_after_the_end_are_refused(choose: Choose) -> None:
    c = controller(choose)
    c.state = board_of("XX. OO. ...")
    assert click(c, 2, 0)  # X does not block: O completes its row
    assert c.computer_move()
    assert c.phase == "over" and c.winner == "computer" and c.value == 1
    assert c.status == "I played (1, 2). I win. Press New game to play again."
    final = c.state
    assert not click(c, 2, 2) and not c.click(5, 5)
    assert c.status == GAME_OVER == "The game is over: press New game."
    assert c.message == "I played (1, 2). I win. Press New game to play again."
    assert c.state == final


def test_the_results_as_the_student_reads_them() -> None:
    def fixed(move: State, value: Value = 0) -> Choose:
        return lambda state, player, rng: (value, move)

    c = PlayController(GAME, TicTacToeBoard(), fixed(START))
    c.state = board_of("XX. OO. ...")
    assert click(c, 0, 2)
    assert c.status == "You played (0, 2). You win! Press New game to play again."
    assert (c.phase, c.winner) == ("over", "human")

    c.new_game()
    c.state = board_of("XOX XOO O.X")
    c.history = []
    assert click(c, 2, 1)
    assert c.status == "You played (2, 1). Draw. Press New game to play again."
    assert c.winner == "draw"

    c.new_game()
    c.state = board_of("XX. OO. X..")
    assert click(c, 2, 2)
    c.choose = fixed(board_of("XX. OOO X.X"), 1)
    assert c.computer_move()
    assert c.status == "I played (1, 2). I win. Press New game to play again."


@pytest.mark.parametrize(
    ("value", "meaning"),
    [
        (1, "I see the value -1 for you: with best play I win."),
        (-1, "I see the value 1 for you: with best play you win."),
        (0, "I see the value 0 for you: with best play this is a draw."),
        (0.25, "I see the value -0.25 for you: that is good for me."),
        (-0.5, "I see the value 0.5 for you: that is good for you."),
        (
            -0.0,
            "I see the value 0 for you: with best play this is a draw.",
        ),  # a negated 0.0 estimate
    ],
)
def test_the_value_the_computer_sees_in_words(value: Value, meaning: str) -> None:
    answer = board_of("X.. .O. ...")
    c = PlayController(GAME, TicTacToeBoard(), lambda state, player, rng: (value, answer))
    click(c, 0, 0)
    c.computer_move()
    assert c.value == value
    assert c.status == f"I played (1, 1). {meaning} {YOUR_TURN}"


def test_undo_goes_back_to_the_students_previous_turn(choose: Choose) -> None:
    c = controller(choose)
    assert not c.undo()
    assert c.status == NOTHING_TO_UNDO == "Nothing to undo: you have not moved yet."
    click(c, 0, 0)
    c.computer_move()
    after_one, value_one = c.state, c.value
    click(c, 2, 2)
    c.computer_move()
    assert c.state != after_one
    assert c.undo()
    assert c.status.startswith("Took back your move, (2, 2), and my answer, (")
    assert c.status.endswith(f"). {YOUR_TURN}")
    assert (c.state, c.before, c.value, c.phase) == (
        after_one,
        board_of("X.. ... ..."),
        value_one,
        "human",
    )
    assert c.undo()
    assert c.status == f"Took back your move, (0, 0), and my answer, (1, 1). {YOUR_TURN}"
    assert (c.state, c.before, c.value) == (START, None, None)
    assert not c.undo() and c.status == NOTHING_TO_UNDO


def test_a_computer_move_named_as_its_last_one_is_said_again() -> None:
    """Two moves of the same name in a row (Connect Four's column 4, Nim's "take 1 from pile
    1"): the second status line says "again", so that it differs from the one before the
    student's move, which would otherwise come back letter for letter."""
    same_name = dataclasses.replace(GAME, describe_move=lambda before, after: "there")
    first_free = lambda s, p, r: (0, GAME.next_states(s, p)[0])  # noqa: E731
    c = PlayController(same_name, TicTacToeBoard(), first_free)
    click(c, 2, 2)
    c.computer_move()
    seen = c.status
    assert seen.startswith("I played there. I see the value 0")
    click(c, 2, 1)
    c.computer_move()
    assert c.status.startswith("I played there again. I see the value 0")
    assert c.status != seen
    assert c.undo() and c.status.startswith("Took back your move, there, and my answer, there.")
    click(c, 2, 1)
    c.computer_move()  # the same answer again, after undo: again the same name as before
    assert c.status.startswith("I played there again.")
    c.new_game()
    click(c, 2, 2)
    c.computer_move()
    assert c.status == seen  # a new game: no move of mine before this one


def test_undo_after_the_end_and_after_a_winning_move(choose: Choose) -> None:
    c = PlayController(GAME, TicTacToeBoard(), lambda s, p, r: (0, s))  # never asked here
    c.state = board_of("XX. OO. ...")
    assert click(c, 0, 2) and c.phase == "over"
    assert c.undo()
    assert c.status == f"Took back your move, (0, 2). {YOUR_TURN}"
    assert (c.state, c.phase) == (board_of("XX. OO. ..."), "human")


def test_new_game_and_who_moves_first(choose: Choose) -> None:
    c = controller(choose, human_first=False)
    assert (c.human, c.computer, c.phase) == ("O", "X", "computer")
    assert c.status == "New game: I move first (X), you move second (O). I am thinking ..."
    assert c.computer_move()
    assert c.phase == "human" and sum(row.count("X") for row in c.state) == 1
    assert c.status.endswith(
        f"I see the value 0 for you: with best play this is a draw. {YOUR_TURN}"
    )
    assert not c.undo() and c.status == NOTHING_TO_UNDO  # the computer's opening stays

    c.new_game()  # the same order again
    assert (c.state, c.human, c.phase, c.history, c.value) == (START, "O", "computer", [], None)
    c.new_game(human_first=True)
    assert (c.state, c.human, c.phase) == (START, "X", "human")
    assert c.status == f"New game: you move first (X), I move second (O). {YOUR_TURN}"
    with pytest.raises(RuntimeError, match="not the computer's turn"):
        c.start_computer_turn()


def test_a_search_for_an_old_game_is_ignored(choose: Choose) -> None:
    c = controller(choose)
    click(c, 0, 0)
    turn = c.start_computer_turn()
    c.new_game()
    assert not c.is_current(turn)
    assert not c.finish_computer_turn(turn, c.think(turn))
    assert not c.fail_computer_turn(turn, RuntimeError("late"))
    assert (c.state, c.phase, c.error) == (START, "human", None)


def test_a_failing_search_stops_the_game(choose: Choose) -> None:
    def broken(state: State, player: str, rng: random.Random) -> tuple[Value, State]:
        raise ZeroDivisionError("division by zero")

    c = PlayController(GAME, TicTacToeBoard(), broken)
    click(c, 0, 0)
    with pytest.raises(ZeroDivisionError):
        c.computer_move()
    assert c.phase == "over" and isinstance(c.error, ZeroDivisionError)
    assert c.status == (
        "My search failed (ZeroDivisionError: division by zero). Press Undo or New game."
    )
    assert c.undo() and c.state == START and c.error is None


def leaving(leave: BaseException) -> Callable[..., tuple[Value, State]]:
    """A computer that leaves with ``leave``, e.g. ``SystemExit`` from ``sys.exit()``: no
    ``Exception``, which a student's computer can raise all the same."""

    def choose(state: State, player: str, rng: random.Random) -> tuple[Value, State]:
        raise leave

    return choose


LEAVING = {
    "sys.exit()": (SystemExit(), "SystemExit"),
    "sys.exit(3)": (SystemExit(3), "SystemExit: 3"),
    "KeyboardInterrupt": (KeyboardInterrupt(), "KeyboardInterrupt"),
}


@pytest.mark.parametrize(("leave", "said"), LEAVING.values(), ids=LEAVING)
def test_a_search_that_exits_stops_the_game(leave: BaseException, said: str) -> None:
    c = PlayController(GAME, TicTacToeBoard(), leaving(leave))
    click(c, 0, 0)
    with pytest.raises(type(leave)):
        c.computer_move()
    assert (c.phase, c.error) == ("over", leave)
    assert c.status == f"My search failed ({said}). Press Undo or New game."
    assert c.undo() and (c.state, c.phase) == (START, "human")


@pytest.mark.parametrize("value", [10**400, -(10**400)], ids=["10**400", "-10**400"])
def test_a_value_too_large_for_a_float_is_said_outside_the_range(value: int) -> None:
    c = PlayController(GAME, TicTacToeBoard(), lambda state, player, rng: (value, REPLY))
    click(c, 0, 0)
    assert c.computer_move() and (c.state, c.value) == (REPLY, value)
    number = f"{'' if value < 0 else 'minus '}a number of 401 digits"
    assert c.status == (
        f"I played (1, 1). I see the value {number} for you: "
        f"outside the game's utility range -1 to 1. {YOUR_TURN}"
    )


MUST = "it must return (value, next_state)"
BAD_ANSWERS: dict[str, tuple[object, str]] = {
    "None": (None, f"choose returned None; {MUST}"),
    "a triple": ((0, REPLY, 1), f"choose returned {(0, REPLY, 1)!r}; {MUST}"),
    "swapped": ((REPLY, 0), f"choose returned (next_state, value); {MUST}"),
    "a text": (("draw", REPLY), f"choose returned the value 'draw', which is not a number; {MUST}"),
    "NaN": ((math.nan, REPLY), f"choose returned the value nan, which is not a number; {MUST}"),
    "overwrites X": (
        (0, put(X_00, 0, 0, "O")),
        f"choose returned {put(X_00, 0, 0, 'O')!r}, which is not one of "
        "game.next_states(state, 'O')",
    ),
}


@pytest.mark.parametrize(("answer", "problem"), BAD_ANSWERS.values(), ids=BAD_ANSWERS)
def test_a_bad_answer_from_choose_stops_the_game(answer: Any, problem: str) -> None:
    c = PlayController(GAME, TicTacToeBoard(), lambda state, player, rng: answer)
    click(c, 0, 0)
    stopped = ("over", X_00, f"My search gave no move: {problem}. Press Undo or New game.")
    with pytest.raises(BadAnswer, match=f"^{re.escape(problem)}$"):
        c.computer_move()
    assert (c.phase, c.state, c.status) == stopped
    assert (c.value, c.error.__class__) == (None, BadAnswer)
    assert c.undo() and (c.state, c.phase) == (START, "human")
    c.new_game()
    assert (c.state, c.status) == (
        START,
        f"New game: you move first (X), I move second (O). {YOUR_TURN}",
    )


def test_the_seed_makes_the_computer_reproducible() -> None:
    def choose(state: State, player: str, rng: random.Random) -> tuple[Value, State]:
        return 0, rng.choice(GAME.next_states(state, player))  # the controller's rng decides

    def openings(seed: int) -> list[State]:
        c = controller(choose, human_first=False, seed=seed)
        moves = []
        for _ in range(6):
            c.new_game()
            c.computer_move()
            moves.append(c.state)
        return moves

    assert openings(3) == openings(3)
    assert len(set(openings(3))) > 1
    assert openings(3) != openings(4)


# ------------------------------------------------------------------ the product guarantee


def explore(c: PlayController[State, str], outcomes: Counter[str]) -> None:
    """Every sequence of the student's clicks from here, backtracking with Undo."""
    assert c.phase == "human"
    state = c.state
    for row, col in c.board.cells():  # type: ignore[attr-defined]
        if not click(c, row, col):
            assert c.status == f"{(row, col)} is taken: click an empty cell."
            assert c.state == state
            outcomes["refused"] += 1
            continue
        if c.phase == "computer":
            assert c.computer_move()
        if c.phase == "over":
            assert c.winner is not None
            outcomes[c.winner] += 1
        else:
            explore(c, outcomes)
        assert c.undo()
        assert (c.state, c.phase) == (state, "human")


@pytest.mark.parametrize("seed", [0, 1])
@pytest.mark.parametrize("human_first", [True, False], ids=["you-first", "computer-first"])
def test_the_computer_never_loses(choose: Choose, human_first: bool, seed: int) -> None:
    c = controller(choose, human_first=human_first, seed=seed)
    if not human_first:
        c.computer_move()
    outcomes: Counter[str] = Counter()
    explore(c, outcomes)
    assert outcomes["human"] == 0
    assert outcomes["draw"] > 0 and outcomes["computer"] > 0  # it wins when the student errs
    assert outcomes["refused"] > 0  # every occupied cell was clicked, and refused
    assert c.state == c.game.Start if human_first else c.history == []


# ------------------------------------------------------------------ canvas commands


def client_ready(canvas: Any) -> None:
    """What ipycanvas does when a browser view reports "client_ready" (reload, Voilà)."""
    canvas._handle_frontend_event(canvas, {"event": "client_ready"}, [])


def test_ipycanvas_still_has_issue_322(sent: list[list[str]]) -> None:
    """Pins the ipycanvas behaviour that ``BoardWidget._client_ready`` works around.

    The shared canvas manager announces the target canvas only when it changes, so a browser
    that lost the announcement (a reloaded page) never hears it again. If this test fails, the
    ipycanvas in use behaves differently: check whether the workaround is still needed.
    """
    canvas = Canvas(width=10, height=10)
    with hold_canvas():
        canvas.fill_rect(0, 0, 1, 1)
    with hold_canvas():
        canvas.fill_rect(0, 0, 1, 1)
    assert sent == [["switchCanvas", "fillRect"], ["fillRect"]]
    assert canvas._canvas_manager is _CANVAS_MANAGER
    assert _CANVAS_MANAGER._current_canvas is canvas


def test_draw_sends_one_message_and_remembers_the_state(sent: list[list[str]]) -> None:
    board = TicTacToeBoard()
    state = board_of("X.. .O. ...")
    board.draw(state, before=board_of("X.. ... ..."))
    assert len(sent) == 1
    commands = sent[0]
    assert commands[0] == "switchCanvas" and "clear" in commands
    assert commands.count("strokeLine") == 4 + 2  # the inner grid lines, then the X
    assert commands.count("strokeCircle") == 1  # the O
    assert commands.count("strokeRect") == 1  # the highlight of the last move
    assert commands.count("fillText") == 6  # the coordinates 0, 1, 2 twice
    assert board.shown == state


def test_client_ready_resets_the_canvas_manager_and_redraws(sent: list[list[str]]) -> None:
    board = TicTacToeBoard()
    board.draw(board_of("X.. .O. ..."))
    board.draw(board_of("X.. .O. ..."))
    assert sent[1][0] != "switchCanvas"  # ipycanvas believes the browser knows the target
    sent.clear()
    client_ready(board.canvas)  # the page was reloaded: a fresh browser-side manager
    assert len(sent) == 1
    assert sent[0][0] == "switchCanvas"  # announced again, so the redraw reaches the canvas
    assert sent[0].count("strokeCircle") == 1 and sent[0].count("strokeLine") == 6
    assert _CANVAS_MANAGER._current_canvas is board.canvas


def test_client_ready_before_any_state_paints_the_background(sent: list[list[str]]) -> None:
    board = TicTacToeBoard()
    client_ready(board.canvas)
    assert len(sent) == 1
    assert sent[0][0] == "switchCanvas" and sent[0][-2:] == ["set", "fillRect"]  # background
    assert "clear" in sent[0] and "strokeLine" not in sent[0]
    assert board.shown is None


def test_a_failing_draw_state_leaves_ipycanvas_working(sent: list[list[str]]) -> None:
    class Broken(TicTacToeBoard):
        def draw_state(self, canvas: Any, state: State) -> None:
            canvas.fill_rect(0, 0, 1, 1)
            raise KeyError("no such cell")

    with pytest.raises(KeyError, match="no such cell"):
        Broken().draw(START)
    assert not _CANVAS_MANAGER._caching  # hold_canvas was left normally ...
    assert len(sent) == 1 and sent[0][-1] == "fillRect"  # ... and flushed what was drawn
    other = Canvas(width=10, height=10)
    other.fill_rect(0, 0, 1, 1)
    assert sent[-1] == ["fillRect"]  # later commands go out at once, not into a stale cache


def test_board_is_abstract() -> None:
    with pytest.raises(TypeError, match="abstract"):
        BoardWidget(10, 10)  # type: ignore[abstract]


def test_ghost_marks_and_discs_draw(sent: list[list[str]]) -> None:
    class Ghosts(TicTacToeBoard):
        def draw_state(self, canvas: Any, state: State) -> None:
            self.draw_grid(canvas, labels=False)
            self.draw_disc(canvas, 0, 0, 0)
            self.draw_ghost(canvas, 1, 1, 1, 1, "o")
            self.draw_ghost(canvas, 2, 2, 0, 2, "x")
            self.draw_ghost(canvas, 2, 0, 1, 3)

    Ghosts().draw(START)
    commands = sent[-1]
    assert commands.count("fillText") == 3 and commands.count("fillCircle") == 2
    assert commands.count("strokeLine") == 8 + 2  # the grid with its frame, then the ghost X


# ------------------------------------------------------------------ the widget


class Held:
    """A chooser that keeps the computer thinking until ``release()``; records its thread."""

    def __init__(self, choose: Choose) -> None:
        self.choose = choose
        self.gate = threading.Event()
        self.threads: list[str] = []

    def __call__(self, state: State, player: str, rng: random.Random) -> tuple[Value, State]:
        self.threads.append(threading.current_thread().name)
        if not self.gate.wait(timeout=30):
            raise TimeoutError("the test never released the computer")
        return self.choose(state, player, rng)

    def release(self) -> None:
        self.gate.set()


def mouse_down(play: Play, row: int, col: int) -> None:
    """A click on the canvas, delivered the way ipycanvas receives it from the browser."""
    x, y = play.board.center(row, col)
    play.board.canvas._handle_frontend_event(
        play.board.canvas, {"event": "mouse_down", "x": x, "y": y}, []
    )


@pytest.fixture
def plays() -> Iterator[list[Play]]:
    """Plays made by a test; their computer threads are released and joined afterwards."""
    made: list[Play] = []
    yield made
    for play in made:
        chooser = play.controller.choose
        if isinstance(chooser, Held):
            chooser.release()
        play.wait()


def test_the_widget_plays_a_click_in_a_background_thread(
    choose: Choose, plays: list[Play], sent: list[list[str]]
) -> None:
    held = Held(choose)
    play = Play(GAME, TicTacToeBoard(), held)
    plays.append(play)
    assert repr(play) == "Play('tic-tac-toe')"
    assert play._repr_mimebundle_()["text/plain"] == (
        "Play('tic-tac-toe'): if you read this instead of the board, reload the page (F5)."
    )
    assert "gamesolver-status" in play.status_line._dom_classes
    assert "gamesolver-notice" in play.notice_line._dom_classes
    assert "gamesolver-board" in play.board.canvas._dom_classes
    assert play.children == (play.board.canvas, play.side)
    assert play.status == f"New game: you move first (X), I move second (O). {YOUR_TURN}"

    mouse_down(play, 0, 0)
    assert play.controller.phase == "computer"
    assert play.status == "You played (0, 0). I am thinking ..."
    assert play.board.shown == board_of("X.. ... ...")

    mouse_down(play, 2, 2)  # the kernel handles the click while the computer thinks
    assert play.status == WAIT
    play.undo_button.click()
    assert play.status == play.notice == WAIT
    assert play.controller.state == board_of("X.. ... ...")
    assert play.notice_line.value == html.escape(WAIT)
    assert play.status_line.value == html.escape("You played (0, 0). I am thinking ...")

    held.release()
    play.wait()
    assert held.threads == ["gamesolver-computer-move"]
    assert play.controller.state == board_of("X.. .O. ...")
    assert play.board.shown == play.controller.state
    assert play.status == (
        f"I played (1, 1). I see the value 0 for you: with best play this is a draw. {YOUR_TURN}"
    )
    assert play.status_line.value == html.escape(play.status)
    assert play.notice_line.value == ""

    play.click(*play.board.center(1, 1))  # a notebook cell clicks the same way
    assert play.status == "(1, 1) is taken: click an empty cell."
    assert play.notice_line.value == html.escape(play.status)
    assert play.status_line.value.startswith("I played (1, 1).")  # it stays
    play.undo_button.click()
    assert play.controller.state == START
    assert play.status == f"Took back your move, (0, 0), and my answer, (1, 1). {YOUR_TURN}"


def test_the_widget_wait_drives_a_game_headlessly(choose: Choose, plays: list[Play]) -> None:
    play = Play(GAME, TicTacToeBoard(), choose)
    plays.append(play)
    play.wait()  # nothing to wait for
    for cell in [(0, 0), (2, 2), (0, 2), (2, 0), (1, 0)]:
        play.click(*play.board.center(*cell))
        play.wait()
        if play.controller.phase == "over":
            break
    assert play.controller.winner in ("draw", "computer")
    assert play.status.endswith("Press New game to play again.")


def test_who_moves_first_and_new_game(choose: Choose, plays: list[Play]) -> None:
    held = Held(choose)
    play = Play(GAME, TicTacToeBoard(), held, seed=5)
    plays.append(play)
    play.first.value = COMPUTER_FIRST  # starts a new game, with the computer thinking
    assert play.controller.human == "O"
    assert play.status == "New game: I move first (X), you move second (O). I am thinking ..."
    mouse_down(play, 1, 1)
    assert play.status == WAIT

    play.first.value = YOU_FIRST  # a new game while the old search still runs ...
    assert (play.controller.human, play.controller.phase) == ("X", "human")
    held.release()
    play.wait()  # ... whose result is ignored
    assert play.controller.state == START
    assert play.status == f"New game: you move first (X), I move second (O). {YOUR_TURN}"

    play.new_game(human_first=False)
    assert play.first.value == COMPUTER_FIRST
    play.wait()
    assert play.controller.phase == "human" and play.status.startswith("I played (")
    play.new_button.click()  # the same order again
    play.wait()
    assert play.controller.human == "O" and play.status.startswith("I played (")
    assert play.controller.history == []


def test_the_widget_reports_a_failing_search(plays: list[Play]) -> None:
    def broken(state: State, player: str, rng: random.Random) -> tuple[Value, State]:
        raise ZeroDivisionError("division by zero")

    play = Play(GAME, TicTacToeBoard(), broken, human_first=False)
    plays.append(play)
    with pytest.raises(ZeroDivisionError):
        play.wait()
    play.wait()  # reported once
    assert play.status.startswith("My search failed (ZeroDivisionError: division by zero).")
    assert play.status_line.value == html.escape(play.status)


def shown_within(seconds: float, what: Callable[[], bool]) -> bool:
    """Whether ``what()`` comes true within ``seconds``, asked every hundredth of a second: what
    a student sees without anyone calling ``wait()``."""
    stop = threading.Event()
    deadline = 0.0
    while deadline < seconds:
        if what():
            return True
        stop.wait(0.01)
        deadline += 0.01
    return what()


def test_the_widget_shows_a_move_it_cannot_draw_without_wait(
    choose: Choose, plays: list[Play]
) -> None:
    """Before: the board's failure when the computer's move was drawn in the background was
    kept for ``wait()``, and the status line said "I played (1, 1) ... Your turn" over a
    board that did not show that move."""

    class Broken(TicTacToeBoard):
        def draw_state(self, canvas: Any, state: State) -> None:
            if any("O" in row for row in state):
                raise ValueError("no O on this board")
            super().draw_state(canvas, state)

    play = Play(GAME, Broken(), choose)
    plays.append(play)
    play.click(*play.board.center(0, 0))
    status = "I cannot show my move (ValueError: no O on this board). Press Undo or New game."
    assert shown_within(10, lambda: play.status == status)
    assert play.status_line.value == html.escape(status) and play.controller.phase == "over"
    with pytest.raises(ValueError, match="no O"):
        play.wait()  # and the cell that waits gets the traceback, once
    play.undo()
    assert (play.controller.state, play.controller.phase) == (START, "human")


def test_a_click_the_board_fails_on_is_shown_on_the_status_line(
    choose: Choose, plays: list[Play]
) -> None:
    """Before: a board whose ``draw_state`` failed on the student's move raised into ipycanvas'
    event handler, which only logs; the page said nothing, and the game waited for a computer
    that never started ("thinking" for ever)."""

    class Broken(TicTacToeBoard):
        def draw_state(self, canvas: Any, state: State) -> None:
            if state != START:
                raise ValueError("no X on this board")
            super().draw_state(canvas, state)

    play = Play(GAME, Broken(), choose)
    plays.append(play)
    mouse_down(play, 0, 0)  # ipywidgets' dispatcher logs the exception, and goes on
    status = "Your click failed (ValueError: no X on this board). Press Undo or New game."
    assert play.status == status and play.status_line.value == html.escape(status)
    assert play.controller.phase == "over"
    play.undo_button.click()
    assert (play.controller.state, play.controller.phase) == (START, "human")


@pytest.mark.parametrize(("leave", "said"), LEAVING.values(), ids=LEAVING)
def test_the_widget_reports_a_search_that_exits(
    leave: BaseException, said: str, choose: Choose, plays: list[Play]
) -> None:
    """Before: the thread died silently and the page said "I am thinking" for ever."""
    answers = [leaving(leave), choose]

    def computer(state: State, player: str, rng: random.Random) -> tuple[Value, State]:
        return answers.pop(0)(state, player, rng)

    play = Play(GAME, TicTacToeBoard(), computer)
    plays.append(play)
    play.click(*play.board.center(0, 0))
    with pytest.raises(type(leave)):
        play.wait()
    status = f"My search failed ({said}). Press Undo or New game."
    assert play.status == status and play.status_line.value == html.escape(status)
    play.undo_button.click()
    assert (play.controller.state, play.controller.phase) == (START, "human")
    play.click(*play.board.center(0, 0))  # clicks are moves again, and the computer answers
    play.wait()
    assert play.controller.state == REPLY


def test_wait_gives_up_after_the_timeout(choose: Choose, plays: list[Play]) -> None:
    held = Held(choose)
    play = Play(GAME, TicTacToeBoard(), held)
    plays.append(play)
    play.click(*play.board.center(0, 0))
    with pytest.raises(TimeoutError, match="still thinking"):
        play.wait(timeout=0.01)  # the computer is held: it cannot have answered
    held.release()
    play.wait()
    assert play.controller.phase == "human"


def test_a_double_click_on_the_canvas_makes_one_move(choose: Choose, plays: list[Play]) -> None:
    clock = Clock()
    play = Play(GAME, TicTacToeBoard(), choose, clock=clock)
    plays.append(play)
    mouse_down(play, 0, 0)
    mouse_down(play, 2, 2)  # the same instant: the computer is thinking, or its move is new
    play.wait()
    assert play.controller.state == REPLY and play.board.shown == REPLY
    clock.now += 0.08
    mouse_down(play, 2, 2)  # 80 ms after the computer's move was made and drawn
    assert play.status == NOT_SEEN and play.notice_line.value == html.escape(NOT_SEEN)
    assert play.status_line.value.startswith("I played (1, 1).")  # what it said stays
    assert (play.controller.state, play.controller.phase) == (REPLY, "human")
    clock.now += SETTLE
    mouse_down(play, 2, 2)  # the student has seen the board
    play.wait()
    assert play.controller.state[2][2] == "X" and len(play.controller.history) == 2
    state = play.controller.state
    free = next((row, col) for row, col in play.board.cells() if state[row][col] == EMPTY)
    play.click(*play.board.center(*free))  # a notebook cell: click, wait, click, no delays
    play.wait()
    assert len(play.controller.history) == 3


@pytest.mark.parametrize(("answer", "problem"), BAD_ANSWERS.values(), ids=BAD_ANSWERS)
def test_the_widget_reports_a_bad_answer(answer: Any, problem: str, plays: list[Play]) -> None:
    play = Play(GAME, TicTacToeBoard(), lambda state, player, rng: answer)
    plays.append(play)
    play.click(*play.board.center(0, 0))
    with pytest.raises(BadAnswer, match=f"^{re.escape(problem)}$"):
        play.wait()
    status = f"My search gave no move: {problem}. Press Undo or New game."
    assert play.status == status and play.status_line.value == html.escape(status)
    assert (play.controller.phase, play.board.shown) == ("over", X_00)
    play.undo_button.click()
    assert play.controller.state == START
    assert play.status == f"Took back your move, (0, 0). {YOUR_TURN}"
    play.new_button.click()
    assert play.status == f"New game: you move first (X), I move second (O). {YOUR_TURN}"


class Endless:
    """A search that never ends by itself: it counts its loop iterations until cancelled, each
    a value call (where a board's cancel stops a search, ``gamesolver.guard.Canceller``)."""

    def __init__(self) -> None:
        self.threads: list[threading.Thread] = []
        self.loops = 0
        self.started = threading.Semaphore(0)

    def __call__(self, state: State, player: str, rng: random.Random) -> tuple[Value, State]:
        self.threads.append(threading.current_thread())
        self.started.release()
        stats = Stats()
        while True:
            self.loops += 1
            stats.calls += 1


@pytest.mark.filterwarnings("error::pytest.PytestUnhandledThreadExceptionWarning")
def test_new_game_cancels_the_search_for_the_old_one(choose: Choose, plays: list[Play]) -> None:
    endless = Endless()
    play = Play(GAME, TicTacToeBoard(), endless, human_first=False)
    plays.append(play)
    assert endless.started.acquire(timeout=30)
    play.new_button.click()  # the same order again: a new search, and the old one is cancelled
    assert endless.started.acquire(timeout=30)
    old, new = endless.threads
    old.join(timeout=30)
    assert not old.is_alive() and new.is_alive()  # one search per widget
    assert play.status == "New game: I move first (X), you move second (O). I am thinking ..."

    play.first.value = YOU_FIRST  # who moves first changes: a new game, the search is cancelled
    new.join(timeout=30)
    assert not new.is_alive()
    loops = endless.loops
    play.wait()  # a cancelled search ends quietly: nothing to raise
    assert endless.loops == loops and len(endless.threads) == 2
    assert (play.controller.state, play.controller.phase) == (START, "human")
    assert play.status == f"New game: you move first (X), I move second (O). {YOUR_TURN}"
    play.controller.choose = choose
    play.click(*play.board.center(0, 0))
    play.wait()
    assert play.controller.state == REPLY


def test_wait_after_new_game_does_not_wait_for_the_abandoned_search(plays: list[Play]) -> None:
    """A search inside a long C call (here a sleep) sees its Cancelled only when the call
    returns; meanwhile the new game is the student's turn, and wait() has nothing to wait for."""
    asleep, wake = threading.Event(), threading.Event()

    def sleepy(state: State, player: str, rng: random.Random) -> tuple[Value, State]:
        asleep.set()
        wake.wait(30)  # one long C call
        return 0, GAME.next_states(state, player)[0]

    play = Play(GAME, TicTacToeBoard(), sleepy, human_first=False)
    plays.append(play)
    assert asleep.wait(30)
    play.new_game(human_first=True)
    try:
        play.wait(timeout=0.5)  # the old search is still asleep: no TimeoutError
        assert (
            play.status
            == "New game: you move first (X), I move second (O). Your turn: click an empty cell."
        )
    finally:
        wake.set()


# ------------------------------------------------------------------ a search that reports itself


def reporting(value: Value, answer: State, stats: Stats | None) -> Callable[..., Any]:
    """A chooser that answers ``(value, answer, stats)``, as a search with a budget does."""
    return lambda state, player, rng: (value, answer, stats)


@pytest.mark.parametrize(
    ("value", "stats", "sees"),
    [
        (0, Stats(depth=9), "I see the value 0 for you, exact: with best play this is a draw."),
        (1, Stats(depth=3), "I see the value -1 for you, exact: with best play I win."),
        (
            0.25,
            Stats(depth=8, exact=False),
            "I see the value -0.25 for you, an estimate at depth 8: that looks good for me.",
        ),
        (
            -0.125,
            Stats(depth=2, exact=False),
            "I see the value 0.125 for you, an estimate at depth 2: that looks good for you.",
        ),
        (
            0,
            Stats(depth=4, exact=False),
            "I see the value 0 for you, an estimate at depth 4: it looks even.",
        ),
        (
            1,
            Stats(depth=5, exact=False),
            "I see the value -1 for you, a win for me found at depth 5: with best play I win.",
        ),
        (
            -1,
            Stats(depth=6, exact=False),
            "I see the value 1 for you, a win for you found at depth 6: with best play you win.",
        ),
        (0, None, "I see the value 0 for you: with best play this is a draw."),
    ],
)
def test_the_status_line_says_how_the_value_was_found(
    value: Value, stats: Stats | None, sees: str
) -> None:
    c = PlayController(GAME, TicTacToeBoard(), reporting(value, REPLY, stats))
    click(c, 0, 0)
    assert c.computer_move()
    assert (c.value, c.seen) == (value, stats)
    assert c.status == f"I played (1, 1). {sees} {YOUR_TURN}"


def test_undo_restores_what_the_computer_saw() -> None:
    first, second = Stats(depth=1, exact=False), Stats(depth=2, exact=False)
    c = PlayController(GAME, TicTacToeBoard(), reporting(0.5, REPLY, first))
    click(c, 0, 0)
    c.computer_move()
    c.choose = reporting(0.25, put(put(REPLY, 2, 2, "X"), 0, 2, "O"), second)
    click(c, 2, 2)
    c.computer_move()
    assert (c.value, c.seen) == (0.25, second)
    assert c.undo() and (c.value, c.seen) == (0.5, first)
    assert c.undo() and (c.value, c.seen) == (None, None)
    c.new_game()
    assert c.seen is None


def test_an_answer_with_stats_is_checked_like_any_other() -> None:
    c = PlayController(GAME, TicTacToeBoard(), reporting(0, REPLY, None))
    click(c, 0, 0)
    turn = c.start_computer_turn()
    assert c.check_answer(turn, (0, REPLY)) == (0, REPLY, None)
    assert c.check_answer(turn, [0, REPLY, Stats()]) == (0, REPLY, Stats())
    for bad in [(0, REPLY, "stats"), (0, REPLY, Stats(), 1)]:
        with pytest.raises(BadAnswer, match=r"it must return \(value, next_state\)$"):
            c.check_answer(turn, bad)
    with pytest.raises(BadAnswer, match="which is not one of"):
        c.check_answer(turn, (0, START, Stats()))
    assert c.computer_move() and c.state == REPLY


# ------------------------------------------------------------------ the time per move


def test_takes_budget() -> None:
    def plain(state: State, player: str, rng: random.Random) -> Any: ...
    def budgeted(state: State, player: str, rng: random.Random, budget: float = 1) -> Any: ...
    def keywords(state: State, player: str, rng: random.Random, **options: Any) -> Any: ...

    assert [takes(f, "budget") for f in (plain, budgeted, keywords)] == [False, True, True]
    assert takes(functools.partial(budgeted, budget=3), "budget")
    assert not takes(len, "budget")  # a builtin without the keyword (or without a signature)


def test_the_budget_goes_to_a_choose_that_takes_it() -> None:
    asked: list[float | None] = []

    def budgeted(
        state: State, player: str, rng: random.Random, budget: float | None = None
    ) -> tuple[Value, State]:
        asked.append(budget)
        return 0, GAME.next_states(state, player)[0]

    c = PlayController(GAME, TicTacToeBoard(), budgeted, budget=0.5)
    click(c, 0, 0)
    turn = c.start_computer_turn()
    assert turn.budget == 0.5
    c.finish_computer_turn(turn, c.think(turn))
    c.budget = None  # no budget: choose is called without the keyword
    click(c, 2, 2)
    c.computer_move()
    c.new_game()
    c.choose = lambda state, player, rng: (0, GAME.next_states(state, player)[0])
    c.budget = 2.0  # a choose without the keyword is called without it
    click(c, 0, 0)
    assert c.computer_move()
    assert asked == [0.5, None]


def test_the_game_so_far_goes_to_a_choose_that_takes_it() -> None:
    """``earlier``: the states of the game before the one to move from, from the start, so that
    a chess engine can see a repetition; Undo and New game take it back with the moves."""
    asked: list[tuple[State, ...]] = []

    def remembering(
        state: State, player: str, rng: random.Random, earlier: tuple[State, ...] = ()
    ) -> tuple[Value, State]:
        asked.append(earlier)
        return 0, GAME.next_states(state, player)[0]

    c = PlayController(GAME, TicTacToeBoard(), remembering)
    click(c, 0, 0)
    c.computer_move()
    reply = c.state
    click(c, 2, 2)
    c.computer_move()
    assert asked == [(START,), (START, X_00, reply)]
    c.undo()  # the student's move and the computer's answer are gone from the game
    click(c, 1, 1)
    c.computer_move()
    assert asked[-1] == (START, X_00, reply)
    c.new_game(human_first=False)
    c.computer_move()
    assert asked[-1] == ()
    assert c.played == [START, c.state]
    passing_on: list[dict[str, Any]] = []  # a choose passing its keywords on to a search

    def forwarding(state: State, player: str, rng: random.Random, **limits: Any) -> Any:
        passing_on.append(limits)
        return 0, GAME.next_states(state, player)[0]

    c = PlayController(GAME, TicTacToeBoard(), forwarding, budget=1.0)
    click(c, 0, 0)
    c.computer_move()
    assert passing_on == [{"budget": 1.0}]  # no earlier states: it did not ask for them


def test_the_widget_has_a_time_per_move_menu(plays: list[Play]) -> None:
    asked: list[float] = []

    def budgeted(
        state: State, player: str, rng: random.Random, budget: float = 9
    ) -> tuple[Value, State]:
        asked.append(budget)
        return 0, GAME.next_states(state, player)[0]

    play = Play(GAME, TicTacToeBoard(), budgeted, budgets=(0.25, 0.5, 1, 2), budget=1)
    plays.append(play)
    menu = play.budget_menu
    assert menu in play.buttons and menu.description == "Time per move"
    assert [label for label, _ in menu.options] == ["0.25 s", "0.5 s", "1 s", "2 s"]
    assert play.controller.budget == menu.value == 1
    play.click(*play.board.center(0, 0))
    play.wait()
    menu.value = 0.25  # the student picks another time: from the computer's next move on
    assert play.controller.budget == 0.25
    play.click(*play.board.center(2, 2))
    play.wait()
    assert asked == [1, 0.25]
    first = Play(GAME, TicTacToeBoard(), budgeted, budgets=(3, 4))
    assert first.controller.budget == first.budget_menu.value == 3  # the first, by default


def test_a_time_per_move_needs_a_choose_that_takes_it(plays: list[Play]) -> None:
    def plain(state: State, player: str, rng: random.Random) -> tuple[Value, State]:
        return 0, GAME.next_states(state, player)[0]

    with pytest.raises(ValueError, match=r"needs a choose\(state, player, rng, budget=\.\.\.\)"):
        Play(GAME, TicTacToeBoard(), plain, budgets=(1, 2))
    with pytest.raises(TraitError, match="Invalid selection"):  # the menu has no 3
        Play(
            GAME,
            TicTacToeBoard(),
            lambda s, p, r, budget=1: plain(s, p, r),
            budgets=(1, 2),
            budget=3,
        )
    play = Play(GAME, TicTacToeBoard(), plain)
    plays.append(play)
    assert play.budget_menu is None and play.controller.budget is None
    assert play.buttons == (play.new_button, play.undo_button, play.first)


# ------------------------------------------------------------------ explaining from the line


LINE = [REPLY, put(REPLY, 2, 2, "X"), put(put(REPLY, 2, 2, "X"), 0, 2, "O")]
"""O's answer to X in a corner, then a line of play after it."""


def test_explain_true_reads_the_line_of_the_computers_search(plays: list[Play]) -> None:
    estimate = Stats(depth=3, exact=False, line=list(LINE))
    play = Play(GAME, TicTacToeBoard(), reporting(0.25, REPLY, estimate), explain=True)
    plays.append(play)
    assert play.explain_button is not None and not play.explaining
    play.explaining = True
    play.click(*play.board.center(0, 0))
    play.wait()
    assert play.explanation == (  # no number: the status line says it once, for the student
        "I play (1, 1). If you answer (2, 2), I play (0, 2); that looks good for me."
    )
    assert "I see the value -0.25 for you, an estimate at depth 3" in play.status
    assert play.board.shown_line == tuple(LINE[1:])

    c = PlayController(
        GAME, TicTacToeBoard(), reporting(0, REPLY, Stats(line=list(LINE))), explain=True
    )
    click(c, 0, 0)
    c.computer_move()
    assert str(c.explanation).endswith("; with best play on both sides it is a draw.")
    assert c.explainer is None and c.explains_line


def test_an_estimate_that_rounds_to_zero_is_explained_as_even(plays: list[Play]) -> None:
    """The status line and the explanation agree: -0.048 looks even (issue 33, item 16)."""
    estimate = Stats(depth=8, exact=False, line=list(LINE))
    play = Play(GAME, TicTacToeBoard(), reporting(0.048, REPLY, estimate), explain=True)
    plays.append(play)
    play.explaining = True
    play.click(*play.board.center(0, 0))
    play.wait()
    assert "I see the value -0.048 for you, an estimate at depth 8: it looks even." in play.status
    assert play.explanation.endswith("; it looks even to me.")
    assert play.controller.value == 0.048  # only the words round it


@pytest.mark.parametrize(
    ("stats", "explained"),
    [
        (Stats(line=[REPLY]), "I play (1, 1)."),  # a search one move deep: nothing to read
        (None, NO_EXPLANATION.format(error=f"ValueError: {NO_LINE}")),
        (Stats(line=[]), NO_EXPLANATION.format(error=f"ValueError: {NO_LINE}")),
        (Stats(line=LINE[1:]), NO_EXPLANATION.format(error=f"ValueError: {NO_LINE}")),
    ],
)
def test_explain_true_without_a_line(
    stats: Stats | None, explained: str, plays: list[Play]
) -> None:
    play = Play(GAME, TicTacToeBoard(), reporting(0, REPLY, stats), explain=True, explaining=True)
    plays.append(play)
    play.click(*play.board.center(0, 0))
    play.wait()
    assert play.controller.state == REPLY  # the game goes on
    assert play.explanation == explained


# ------------------------------------------------------------------ the move, animated


class Falling(TicTacToeBoard):  # type: ignore[misc, valid-type]
    """A board that animates every move with two frames, and records the moves it animated."""

    def __init__(self) -> None:
        super().__init__()
        self.animated: list[tuple[State, State]] = []

    def draw_motion(self, canvas: Any, before: State, after: State) -> None:
        self.animated.append((before, after))
        for _ in range(2):
            self.blank(canvas)
            self.draw_state(canvas, before)
            canvas.sleep(15)


def test_draw_animates_a_move_only_when_asked(sent: list[list[str]]) -> None:
    board = Falling()
    board.draw(REPLY, before=X_00, moved=True)
    (message,) = sent  # the frames and the final picture: one message
    assert message.count("sleep") == 2 and message.count("clear") == 3
    assert message.count("strokeCircle") == 1 and message.count("strokeRect") == 1  # the last
    assert board.animated == [(X_00, REPLY)]
    board.draw(REPLY, before=X_00)  # not moved: a redraw, e.g. the explanation toggled
    board.draw(REPLY, moved=True)  # no move to animate without the state before it
    board.redraw()
    client_ready(board.canvas)
    assert board.animated == [(X_00, REPLY)] and all("sleep" not in m for m in sent[1:])
    TicTacToeBoard().draw(REPLY, before=X_00, moved=True)  # the default: no motion
    assert "sleep" not in sent[-1]


def test_the_widget_animates_the_moves_and_nothing_else(choose: Choose, plays: list[Play]) -> None:
    board = Falling()
    play = Play(GAME, board, choose, explain=TTT.explain_move)
    plays.append(play)
    play.click(*board.center(0, 0))
    play.wait()
    assert board.animated == [(START, X_00), (X_00, REPLY)]  # the student's move, then mine
    play.click(*board.center(0, 0))  # refused
    play.explaining = True
    play.undo()
    play.new_game(human_first=False)
    play.wait()
    assert len(board.animated) == 3 and board.animated[-1][0] == START  # the computer's opening


# ------------------------------------------------------------------ the explanation, in short


def test_the_explanation_is_as_large_as_the_status_line(choose: Choose, plays: list[Play]) -> None:
    """Both lines at 18 px: the explanation was at the widgets' 13 px, the status line at 18."""
    play = Play(GAME, TTT.ExplainingBoard(), choose, explain=TTT.explain_move, explaining=True)
    plays.append(play)
    assert play.explanation_line is not None
    assert play.status_line.style.font_size == play.explanation_line.style.font_size == "18px"


# ------------------------------------------------------------------ the winning line


def test_a_winning_line_is_struck_through(monkeypatch: pytest.MonkeyPatch) -> None:
    """``draw_winning_line``: a thick highlight stroke from the centre of each cell of the line
    to the next, over the marks; the lecture's board draws it for three in a row only."""
    drawn = record_drawing(monkeypatch)
    board = TicTacToeBoard()
    green = board.palette.highlight
    board.draw(board_of("XO. XO. X.."), before=board_of("XO. XO. ..."))
    top, middle, bottom = (board.center(row, 0) for row in range(3))
    assert lines_in(drawn, green) == [(*top, *middle), (*middle, *bottom)]  # the left column
    widths = {now["line_width"] for name, _, now in drawn if name == "strokeLine"}
    assert widths == {3, 10, board.cell * 0.12}  # the grid, the marks, the line: the thickest
    struck = [i for i, (name, _, now) in enumerate(drawn) if now.get("stroke_style") == green]
    assert all(name not in ("strokeCircle", "fillCircle") for name, _, _ in drawn[struck[-1] :])
    drawn.clear()
    board.draw(board_of("XO. XO. ..."))  # no three in a row yet
    board.draw(board_of("XOX XOO OXX"))  # a full board, a draw
    assert lines_in(drawn, green) == []


# ------------------------------------------------------------------ a misclick keeps what was said


def test_a_misclick_keeps_the_computers_message_and_explanation(
    choose: Choose, plays: list[Play], sent: list[list[str]]
) -> None:
    """A click on a taken cell, and the second click of a double click, after the computer's
    move: each is refused in the notice; the status line, the explanation and the line drawn
    on the board stay as the computer left them (issue 28: the warning was erased)."""
    clock = Clock()
    play = Play(
        GAME, TTT.ExplainingBoard(), choose, explain=TTT.explain_move, explaining=True, clock=clock
    )
    plays.append(play)
    mouse_down(play, 0, 0)
    play.wait()
    said, explained, line = play.message, play.explanation, play.board.shown_line
    assert said.startswith("I played (1, 1).") and explained and line
    drawn = len(sent)
    mouse_down(play, 2, 2)  # within SETTLE of the move: the second click of a double click
    assert play.notice == NOT_SEEN and play.message == said
    clock.now += SETTLE
    mouse_down(play, 1, 1)  # a taken cell
    assert play.notice == play.status == "(1, 1) is taken: click an empty cell."
    assert play.notice_line.value == html.escape(play.notice)
    assert (play.message, play.explanation, play.board.shown_line) == (said, explained, line)
    assert play.status_line.value == html.escape(said) and len(sent) == drawn  # not redrawn
    mouse_down(play, 2, 2)  # a move: the notice goes, and the computer answers
    assert play.notice == "" and play.notice_line.value == ""
    play.wait()  # (the answer may come before or after this line: its thread is quick)
    turn = play.controller.history[-1]
    assert turn.after == board_of("X.. .O. ..X") and play.controller.state != turn.after
    assert play.message.startswith("I played") and play.message != said


# ------------------------------------------------------------------ the layout


def test_the_buttons_come_first_beside_the_board(choose: Choose, plays: list[Play]) -> None:
    """The board, then a column: the buttons at its top, the texts under them, so that no
    text moves the board or a button; the column has a fixed width for the texts to wrap in."""
    play = Play(
        GAME,
        TTT.ExplainingBoard(),
        lambda state, player, rng, budget=1: choose(state, player, rng),
        explain=TTT.explain_move,
        budgets=(0.5, 1),
    )
    plays.append(play)
    assert play.children == (play.board.canvas, play.side)
    assert "gamesolver-play" in play._dom_classes and play.layout.flex_flow == "row wrap"
    controls, *texts = play.side.children
    assert texts == [play.status_line, play.notice_line, play.explanation_line]
    assert [widget for row in controls.children for widget in row.children] == list(play.buttons)
    assert play.buttons == (
        play.new_button,
        play.undo_button,
        play.first,
        play.budget_menu,
        play.explain_button,
    )
    assert play.side.layout.width == f"{SIDE_WIDTH}px"
    assert play.status_line.style.font_size == play.notice_line.style.font_size == "18px"


def test_the_explain_toggle_says_whether_it_is_on(choose: Choose, plays: list[Play]) -> None:
    play = Play(GAME, TTT.ExplainingBoard(), choose, explain=TTT.explain_move)
    plays.append(play)
    button = play.explain_button
    assert (button.description, button.button_style) == ("Explain: off", "")
    play.explaining = True
    assert (button.description, button.button_style) == ("Explain: on", "info")
    play.explaining = False
    assert (button.description, button.button_style) == ("Explain: off", "")
    on = Play(GAME, TTT.ExplainingBoard(), choose, explain=TTT.explain_move, explaining=True)
    plays.append(on)
    assert (on.explain_button.description, on.explain_button.button_style) == (
        "Explain: on",
        "info",
    )


# ------------------------------------------------------------------ the board turned


class Turning(TicTacToeBoard):  # type: ignore[misc, valid-type]
    """A board seen from the second player's side (as checkers turns for red)."""

    faced: list[str]

    def face(self, player: str) -> None:
        self.faced = [*getattr(self, "faced", []), player]
        self.flipped = player == "O"


def test_a_flipped_grid_maps_cells_and_pixels_half_a_turn() -> None:
    board = Turning()
    board.flipped = True
    assert board.center(0, 0) == (board.left + 2.5 * board.cell, board.top + 2.5 * board.cell)
    assert board.origin(2, 1) == (board.left + board.cell, board.top)
    for row, col in board.cells():
        assert board.cell_at(*board.center(row, col)) == (row, col)
    assert board.cell_at(board.left + 1, board.top + 1) == (2, 2)
    assert board.cell_at(1, 1) is None


def test_play_turns_the_board_to_the_student_at_each_new_game(
    choose: Choose, plays: list[Play]
) -> None:
    board = Turning()
    play = Play(GAME, board, choose, human_first=False)
    plays.append(play)
    play.wait()
    assert board.faced == ["O"] and board.flipped
    (row, col), *_ = [
        cell for cell in board.cells() if play.controller.state[cell[0]][cell[1]] == EMPTY
    ]
    play.controller.clock = lambda: math.inf  # long after the computer's move
    mouse_down(play, row, col)  # clicks land where the turned board shows the cell
    play.wait()
    assert play.controller.state[row][col] == "O"
    play.new_game(human_first=True)
    assert board.faced == ["O", "X"] and not board.flipped


# ------------------------------------------------------------------ labels and ghost tags


def test_the_coordinates_are_large_enough_to_read() -> None:
    assert TicTacToeBoard().label_size == LABEL_SIZE == 16  # the lecture's margin of 28 px
    narrow = TicTacToeBoard()
    narrow.margin = 12
    assert narrow.label_size == 11  # a margin too narrow for 16 px: as large as it allows


def test_a_ghost_tag_leaves_the_piece_in_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """``draw_ghost_tag``: a small disc with the number in the cell's top right corner, clear
    of the middle where a piece stands; dark ink on a light colour, white on a dark one."""
    drawn = record_drawing(monkeypatch)

    class Tagged(TicTacToeBoard):
        def draw_state(self, canvas: Any, state: State) -> None:
            self.draw_ghost_tag(canvas, 1, 1, 0, 3)

    board = Tagged()
    board.draw(START)
    (disc,) = [args for name, args, _ in drawn if name == "fillCircle"]
    (text,) = [(args, now) for name, args, now in drawn if name == "fillText"]
    left, top = board.origin(1, 1)
    x, y, radius = disc[:3]
    assert radius <= board.cell * 0.2 and x - radius > left + board.cell / 2 > x - 2 * radius
    assert top < y - radius and y + radius < top + board.cell / 2  # in the top right quarter
    assert text[0][0] == "3" and text[1]["fill_style"] == board.palette.background  # on blue


# ------------------------------------------------------------------ the picture of a board


def test_a_board_draws_the_same_picture_as_on_the_canvas(monkeypatch: pytest.MonkeyPatch) -> None:
    """``BoardWidget.picture``: the drawing commands of ``draw``, as SVG; the shapes and the styles
    of the canvas, the text in the board's font."""
    drawn = record_drawing(monkeypatch)
    board = TTT.ExplainingBoard()
    board.draw(REPLY, before=X_00, line=[put(REPLY, 2, 2, "X")])
    svg = board.picture()
    assert svg is not None and svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    assert f'width="{board.width}" height="{board.height}"' in svg
    names = Counter(name for name, _, _ in drawn)
    assert svg.count("<line ") == names["strokeLine"] == 4 + 2 + 2  # grid, X, the ghost X
    assert svg.count("<circle ") == names["strokeCircle"] == 1  # the O
    assert svg.count("<rect ") == names["fillRect"] + names["strokeRect"]
    assert svg.count("<text ") == names["fillText"] == 6 + 1  # coordinates, the ghost's "1"
    blue, vermilion = board.palette.players
    assert f'stroke="{blue}"' in svg and f'stroke="{vermilion}"' in svg
    assert 'opacity="0.3"' in svg  # the ghost
    assert f"font: bold 36px {html.escape(FONT)}" in svg
    assert board.picture() == svg  # the same on every call: nothing random, no clock


def test_a_drawing_the_picture_cannot_make_gives_no_picture() -> None:
    class Fancy(TicTacToeBoard):
        def draw_state(self, canvas: Any, state: State) -> None:
            canvas.fill_polygon([(0, 0), (10, 0), (5, 5)])  # no such command in the picture

    board = Fancy()
    board.draw(START)
    assert board.picture() is None
    with pytest.raises(AttributeError):
        PictureCanvas(10, 10).fill_polygon([])


def test_a_drawing_that_fails_fails_its_picture_too() -> None:
    """Before: ``picture()`` returned ``None`` on any exception, and a notebook showed no
    picture and no error; only a command that ``PictureCanvas`` lacks means no picture."""

    class Failing(TicTacToeBoard):
        broken = False

        def draw_state(self, canvas: Any, state: State) -> None:
            if self.broken:
                raise ValueError("a student's mistake")
            super().draw_state(canvas, state)

    board = Failing()
    board.draw(START)
    board.broken = True
    with pytest.raises(ValueError, match="a student's mistake"):
        board.picture()


def test_picture_canvas_writes_svg() -> None:
    canvas = PictureCanvas(20, 10)
    canvas.fill_style = "#123456"
    canvas.global_alpha = 0.5
    canvas.fill_rect(1, 2, 3)
    canvas.global_alpha = 1.0
    canvas.stroke_style = "red"
    canvas.line_width = 2.5
    canvas.set_line_dash([4, 2])
    canvas.stroke_lines([(0, 0), (1.005, 2)])
    canvas.font = 'bold 12px "A B"'
    canvas.text_align = "right"
    canvas.text_baseline = "middle"
    canvas.fill_text("a<b", 5, 6)
    canvas.sleep(15)
    assert canvas.svg() == (
        '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10" viewBox="0 0 20 10" '
        'stroke-miterlimit="10">'
        '<rect x="1" y="2" width="3" height="3" fill="#123456" opacity="0.5"/>'
        '<polyline points="0,0 1,2" fill="none" stroke="red" stroke-width="2.5" '
        'stroke-linecap="butt" stroke-linejoin="miter" stroke-dasharray="4 2"/>'
        '<text x="5" y="6" style="font: bold 12px &quot;A B&quot;" text-anchor="end" '
        'dominant-baseline="central" fill="#123456">a&lt;b</text></svg>'
    )
    canvas.clear()
    assert "<rect" not in canvas.svg()


def shown(monkeypatch: pytest.MonkeyPatch, widget: Any) -> list[dict[str, Any]]:
    """What displaying ``widget`` publishes: the bundles, in order."""
    import IPython.display

    published: list[dict[str, Any]] = []
    monkeypatch.setattr(
        IPython.display, "display", lambda bundle, raw=False: published.append(bundle)
    )
    widget._ipython_display_()
    return published


def test_a_board_is_displayed_after_its_picture(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two outputs: the picture (HTML, with the style that hides it once the widget is live),
    then the widget, so that a notebook stored with its outputs shows the board."""
    board = TicTacToeBoard()
    board.draw(REPLY)
    picture, widget = shown(monkeypatch, board.canvas)
    assert picture["text/plain"] == PICTURE_TEXT
    assert picture["text/html"] == picture_html(board.picture() or "")
    assert picture["text/html"].startswith('<div class="gamesolver-picture"><style>')
    assert BOARD_STYLE in picture["text/html"]
    assert widget["application/vnd.jupyter.widget-view+json"]["model_id"] == board.canvas.model_id
    assert widget["text/plain"] == "Canvas(336 x 336) of TicTacToeBoard"  # nbval compares it


def test_play_is_displayed_after_its_picture_with_its_texts(
    choose: Choose, plays: list[Play], monkeypatch: pytest.MonkeyPatch
) -> None:
    play = Play(GAME, TTT.ExplainingBoard(), choose, explain=TTT.explain_move, explaining=True)
    plays.append(play)
    play.click(*play.board.center(0, 0))
    play.wait()
    play.click(*play.board.center(1, 1))  # refused: the notice is in the picture too
    picture, widget = shown(monkeypatch, play)
    text = picture["text/html"]
    assert (play.board.picture() or "?") in text
    assert html.escape(play.message) in text and html.escape(play.notice) in text
    assert play.explanation_line.value in text and PICTURE_NOTE in text
    assert widget["text/plain"] == NOT_LOADED.format(name="Play('tic-tac-toe')")
    assert widget["application/vnd.jupyter.widget-view+json"]["model_id"] == play.model_id


def test_the_sanitizer_masks_a_picture_from_its_start() -> None:
    """nbval compares a picture no more than a PNG: ``nbval_sanitize.cfg`` replaces all of
    it (after the earlier rules, which squeeze dashes and blanks)."""
    config = (ROOT / "nbval_sanitize.cfg").read_text(encoding="utf-8")
    rules = re.findall(r"^regex: (.*)$\n^replace: (.*)$", config, flags=re.MULTILINE)
    text = picture_html('<svg><text x="1">a  -- b</text></svg>', "<div>I played (1, 1).</div>")
    for regex, replace in rules:
        text = re.sub(regex, replace, text)
    assert text == "<a picture of the board>"


# ------------------------------------------------------------------ ghosts on taken squares


def ghosts_drawn(board: Any, state: Any, line: Sequence[Any]) -> list[tuple[str, int, int, str]]:
    """How ``board.draw_line`` draws ``line``: ``(kind, row, col, numbers)``, kind ``ghost`` (a
    faint piece over the cell) or ``tag`` (the numbers in its corner)."""
    calls: list[tuple[str, int, int, str]] = []
    board.draw_ghost = lambda canvas, row, col, who, number, *rest, **kw: calls.append(
        ("ghost", row, col, str(number))
    )
    board.draw_ghost_tag = lambda canvas, row, col, who, number: calls.append(
        ("tag", row, col, str(number))
    )
    board.draw_line(PictureCanvas(board.width, board.height), state, tuple(line))
    return calls


def test_checkers_ghosts_leave_the_pieces_in_view() -> None:
    """Issue 28: ghost 3 covered the red man on 7. A move of the line that lands where a piece
    stands now (it left during the line) is a tag in the square's corner."""
    from gamesolver.widgets.checkers_board import CheckersBoard

    ck = notebook("Checkers.ipynb")
    state, line = ck.Start, []
    for path in [(10, 14), (24, 20), (6, 10), (20, 16)]:  # red's 6 follows its 10
        (state,) = [m.after for m in ck.legal_moves(state) if m.path == path]
        line.append(state)
    drawn = ghosts_drawn(CheckersBoard(ck.legal_moves, ck.coords), ck.Start, line)
    assert drawn == [
        ("ghost", *ck.coords(14), "1"),  # empty now
        ("ghost", *ck.coords(20), "2"),
        ("tag", *ck.coords(10), "3"),  # red's man stands on 10 now
        ("ghost", *ck.coords(16), "4"),
    ]


def test_chess_ghosts_leave_the_pieces_in_view() -> None:
    """Issue 28: ghost 2 covered the knight on a6. A capture, or a piece going back to where it
    stands now, is a tag in the square's corner; a move to an empty square a faint piece."""
    import chess

    ch = notebook("Chess.ipynb")
    board = chess.Board()
    states = []
    for san in ["Nf3", "Nc6", "Ng1", "Nb8"]:  # the knights out and back
        board.push_san(san)
        states.append(board.fen())
    drawn = ghosts_drawn(ch.ChessBoard(), chess.STARTING_FEN, states)
    assert [(kind, number) for kind, *_, number in drawn] == [
        ("ghost", "1"),  # f3: empty
        ("ghost", "2"),  # c6: empty
        ("tag", "3"),  # g1: the knight stands there now
        ("tag", "4"),  # b8: the knight stands there now
    ]


def test_moves_that_land_on_one_square_share_one_mark() -> None:
    """Issue 33, item 16: the numbered ghosts and tags of a line sat on top of each other, on
    chess's e3 (a bishop, then a knight taking it, then a pawn taking the knight: a ghost and two
    tags in the same corner) and on checkers' 14. One mark a square now, with every number."""
    import chess

    ch = notebook("Chess.ipynb")
    board = chess.Board()
    for san in ["d4", "Nf6"]:
        board.push_san(san)
    start, states = board.fen(), []
    for san in ["Be3", "Ng4", "Nf3", "Nxe3", "fxe3"]:
        board.push_san(san)
        states.append(board.fen())
    chess_board = ch.ChessBoard()
    e3 = chess_board.cell_of(chess.E3)
    drawn = ghosts_drawn(chess_board, start, states)
    assert [mark for mark in drawn if tuple(mark[1:3]) == e3] == [("ghost", *e3, "1,4,5")]
    assert len(drawn) == len({tuple(mark[1:3]) for mark in drawn}) == 3

    from gamesolver.widgets.checkers_board import CheckersBoard

    ck = notebook("Checkers.ipynb")
    state, line = ck.Start, []
    for path in [(9, 14), (24, 19), (14, 18), (23, 14), (10, 17), (21, 14)]:
        (state,) = [m.after for m in ck.legal_moves(state) if m.path == path]
        line.append(state)
    drawn = ghosts_drawn(CheckersBoard(ck.legal_moves, ck.coords), ck.Start, line)
    assert drawn[0] == ("ghost", *ck.coords(14), "1,4,6")
    assert len(drawn) == len({tuple(mark[1:3]) for mark in drawn}) == 4


def test_a_mark_with_several_numbers_stays_in_its_cell(monkeypatch: pytest.MonkeyPatch) -> None:
    """A tag's numbers stretch it to the left from the cell's top right corner, in figures as
    large as one number's while the cell is wide enough; a ghost's fit its cell. Both stay in
    their cell, the tag in its top half, clear of the piece's middle."""
    drawn = record_drawing(monkeypatch)

    class Marked(TicTacToeBoard):
        def draw_state(self, canvas: Any, state: State) -> None:
            self.draw_ghost_tag(canvas, 1, 1, 0, "3")
            self.draw_ghost_tag(canvas, 0, 0, 0, "3,7")
            self.draw_ghost_tag(canvas, 0, 2, 0, "3,7,11,15,19")
            self.draw_ghost(canvas, 2, 2, 1, "2,6,10,14")

    board = Marked()
    board.draw(START)
    fonts = {args[0]: now["font"] for name, args, now in drawn if name == "fillText"}
    assert fonts["3,7"] == fonts["3"]
    size = {label: float(font.split("px")[0].split()[-1]) for label, font in fonts.items()}
    assert size["2,6,10,14"] * FIGURE * len("2,6,10,14") <= board.cell
    shapes = [args for name, args, _ in drawn if name in ("fillCircle", "fillRect")]
    for col in (0, 2):
        left, top = board.origin(0, col)
        boxes = [
            (x - r, y - r, x + r, y + r) if not rest else (x, y, x + r, y + rest[0])
            for x, y, r, *rest in shapes
            if left <= x < left + board.cell and y < top + board.cell
        ]
        assert len(boxes) == 6  # a pill: the outline's two discs and band, the fill's
        assert all(left <= x0 and x1 <= left + board.cell for x0, _, x1, _ in boxes)
        assert all(top <= y0 and y1 <= top + board.cell / 2 for _, y0, _, y1 in boxes)


def test_watch_is_displayed_after_its_picture(
    choose: Choose, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two computers' game (``Watch``) comes with a picture of its board and texts too."""
    from gamesolver.widgets.watch import Watch

    watch = Watch(GAME, TicTacToeBoard(), [choose, choose])
    watch.run()
    picture, widget = shown(monkeypatch, watch)
    assert (watch.board.picture() or "?") in picture["text/html"]
    assert watch.move_list.value in picture["text/html"] and watch.status in picture["text/html"]
    assert widget["text/plain"] == "Watch('tic-tac-toe')"


def test_the_board_reads_an_answer_as_a_match_does() -> None:
    """One reading, one rule (``gamesolver.match.read_answer``): a match took a next state
    alone (a random player knows no value) and the board refused it; the board plays it now,
    saying no value, and refuses what a match refuses, in the same words."""
    from gamesolver.match import IllegalMove, read_answer

    c = PlayController(GAME, TicTacToeBoard(), lambda state, player, rng: REPLY)
    click(c, 0, 0)
    assert c.computer_move() and (c.state, c.value, c.seen) == (REPLY, None, None)
    assert c.status == f"I played (1, 1). {YOUR_TURN}"
    for answer, problem in BAD_ANSWERS.values():
        with pytest.raises(IllegalMove, match=f"^{re.escape(problem)}$"):
            read_answer(GAME, X_00, "O", answer)
