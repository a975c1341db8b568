"""Playing against the computer, headless: the board base class, the controller, the widget.

The game and its board are the Tic-Tac-Toe lecture's (loaded from the notebook, so the guarantee
that the computer never loses is tested on what students play); the computer's choice is the
solver notebook's ``best_move`` with ``alpha_beta``. No browser: canvas commands are read where
ipycanvas hands them to the comm, and browser events are fed in where ipycanvas receives them.
The computer's thread is held "thinking" with an event, never with sleeps.
"""

from __future__ import annotations

import html
import random
import threading
import types
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from conftest import notebook
from ipycanvas import Canvas, hold_canvas
from ipycanvas.canvas import _CANVAS_MANAGER, COMMANDS

from gamesolver.board import OUTSIDE, Board, GridBoard, IllegalMove
from gamesolver.game import Game, Value
from gamesolver.play import (
    COMPUTER_FIRST,
    GAME_OVER,
    NOT_LEGAL,
    NOTHING_TO_UNDO,
    WAIT,
    YOU_FIRST,
    Play,
    PlayController,
)

# ------------------------------------------------------------------ the lecture's game and board

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
    """A state from three lines like "XO. ... ..X"."""
    return tuple(tuple(EMPTY if ch == "." else ch for ch in line) for line in text.split())  # type: ignore[return-value]


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
    with pytest.raises(IllegalMove, match=r"^That click is outside the board\.$"):
        board.cell_of_click(10, 10)


def test_a_grid_needs_cells() -> None:
    with pytest.raises(ValueError, match="at least one row"):
        GridBoard.__init__(TicTacToeBoard.__new__(TicTacToeBoard), 0, 3)


# ------------------------------------------------------------------ the controller


def test_a_legal_click_makes_the_move_and_the_computer_answers(choose: Choose) -> None:
    c = controller(choose)
    assert c.status == f"New game: you are X, I am O. {YOUR_TURN}"
    assert (c.phase, c.to_move, c.human, c.computer) == ("human", "X", "X", "O")
    assert click(c, 0, 0)
    assert c.state == board_of("X.. ... ...") and c.before == START
    assert c.phase == "computer" and c.to_move == "O"
    assert c.status == "You played (0, 0). I am thinking ..."
    assert c.computer_move()
    # after a corner, the centre is O's only move that does not lose
    assert c.state == board_of("X.. .O. ...") and c.before == board_of("X.. ... ...")
    assert c.phase == "human" and c.value == 0
    assert c.status == (
        f"I played (1, 1). I see the value 0: with best play this is a draw. {YOUR_TURN}"
    )


def test_a_click_on_an_occupied_cell_is_refused(choose: Choose) -> None:
    c = controller(choose)
    click(c, 0, 0)
    c.computer_move()
    state, history = c.state, list(c.history)
    for cell in [(0, 0), (1, 1)]:
        assert not click(c, *cell)
        assert c.status == f"{cell} is taken: click an empty cell."
        assert (c.state, c.history, c.phase) == (state, history, "human")


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
    assert c.status == WAIT
    assert (c.state, c.phase, len(c.history)) == (state, "computer", 1)
    assert c.finish_computer_turn(turn, c.think(turn))
    assert c.phase == "human" and c.status.startswith("I played (1, 1).")


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
        (1, "I see the value 1: with best play I win."),
        (-1, "I see the value -1: with best play you win."),
        (0, "I see the value 0: with best play this is a draw."),
        (0.25, "I see the value 0.25: that is good for me."),
        (-0.5, "I see the value -0.5: that is good for you."),
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
    assert c.status.startswith("Took back (2, 2) and my answer (")
    assert c.status.endswith(f"). {YOUR_TURN}")
    assert (c.state, c.before, c.value, c.phase) == (
        after_one,
        board_of("X.. ... ..."),
        value_one,
        "human",
    )
    assert c.undo()
    assert c.status == f"Took back (0, 0) and my answer (1, 1). {YOUR_TURN}"
    assert (c.state, c.before, c.value) == (START, None, None)
    assert not c.undo() and c.status == NOTHING_TO_UNDO


def test_undo_after_the_end_and_after_a_winning_move(choose: Choose) -> None:
    c = PlayController(GAME, TicTacToeBoard(), lambda s, p, r: (0, s))  # never asked here
    c.state = board_of("XX. OO. ...")
    assert click(c, 0, 2) and c.phase == "over"
    assert c.undo()
    assert c.status == f"Took back (0, 2). {YOUR_TURN}"
    assert (c.state, c.phase) == (board_of("XX. OO. ..."), "human")


def test_new_game_and_who_moves_first(choose: Choose) -> None:
    c = controller(choose, human_first=False)
    assert (c.human, c.computer, c.phase) == ("O", "X", "computer")
    assert c.status == "New game: I am X, you are O. I am thinking ..."
    assert c.computer_move()
    assert c.phase == "human" and sum(row.count("X") for row in c.state) == 1
    assert c.status.endswith(f"I see the value 0: with best play this is a draw. {YOUR_TURN}")
    assert not c.undo() and c.status == NOTHING_TO_UNDO  # the computer's opening stays

    c.new_game()  # the same order again
    assert (c.state, c.human, c.phase, c.history, c.value) == (START, "O", "computer", [], None)
    c.new_game(human_first=True)
    assert (c.state, c.human, c.phase) == (START, "X", "human")
    assert c.status == f"New game: you are X, I am O. {YOUR_TURN}"
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


def test_a_failing_or_cheating_search_stops_the_game(choose: Choose) -> None:
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

    c.choose = lambda state, player, rng: (0, put(state, 0, 0, "O"))  # overwrites X
    click(c, 0, 0)
    assert not c.computer_move()
    assert c.phase == "over" and isinstance(c.error, ValueError)
    assert c.status.startswith("My search failed (ValueError: choose returned ")


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

NAMES = {index: name for name, index in COMMANDS.items()}


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The names of the drawing commands sent to the browser, one list per message."""
    messages: list[list[str]] = []

    def record(command: list[Any], buffers: list[bytes] | None = None) -> None:
        batch = command if command and isinstance(command[0], list) else [command]
        messages.append([NAMES[c[0]] for c in batch])

    monkeypatch.setattr(_CANVAS_MANAGER, "_send_custom", record)
    return messages


def client_ready(canvas: Any) -> None:
    """What ipycanvas does when a browser view reports "client_ready" (reload, Voilà)."""
    canvas._handle_frontend_event(canvas, {"event": "client_ready"}, [])


def test_ipycanvas_still_has_issue_322(sent: list[list[str]]) -> None:
    """Pins the ipycanvas behaviour that ``Board._client_ready`` works around.

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
        Board(10, 10)  # type: ignore[abstract]


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
    assert play._repr_mimebundle_()["text/plain"] == "Play('tic-tac-toe')"
    assert "gamesolver-status" in play.status_line._dom_classes
    assert play.children[0] is play.board.canvas
    assert play.status == f"New game: you are X, I am O. {YOUR_TURN}"

    mouse_down(play, 0, 0)
    assert play.controller.phase == "computer"
    assert play.status == "You played (0, 0). I am thinking ..."
    assert play.board.shown == board_of("X.. ... ...")

    mouse_down(play, 2, 2)  # the kernel handles the click while the computer thinks
    assert play.status == WAIT
    play.undo_button.click()
    assert play.status == WAIT
    assert play.controller.state == board_of("X.. ... ...")
    assert play.status_line.value == html.escape(WAIT)

    held.release()
    play.wait()
    assert held.threads == ["gamesolver-computer-move"]
    assert play.controller.state == board_of("X.. .O. ...")
    assert play.board.shown == play.controller.state
    assert play.status == (
        f"I played (1, 1). I see the value 0: with best play this is a draw. {YOUR_TURN}"
    )
    assert play.status_line.value == html.escape(play.status)

    play.click(*play.board.center(1, 1))  # a notebook cell clicks the same way
    assert play.status == "(1, 1) is taken: click an empty cell."
    play.undo_button.click()
    assert play.controller.state == START
    assert play.status == f"Took back (0, 0) and my answer (1, 1). {YOUR_TURN}"


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
    assert play.status == "New game: I am X, you are O. I am thinking ..."
    mouse_down(play, 1, 1)
    assert play.status == WAIT

    play.first.value = YOU_FIRST  # a new game while the old search still runs ...
    assert (play.controller.human, play.controller.phase) == ("X", "human")
    held.release()
    play.wait()  # ... whose result is ignored
    assert play.controller.state == START
    assert play.status == f"New game: you are X, I am O. {YOUR_TURN}"

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
