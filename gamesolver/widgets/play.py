"""Play against the computer: ``PlayController``, the game as a plain object, and ``Play``, the
widget that shows it, with the computer's move searched in a background thread.

A game notebook starts a game with the solver's ``best_move`` as the computer's choice, and a
plain cell plays a move the way a click does::

    def computer(state, player, rng):
        return best_move(game, state, player, alpha_beta, rng)

    board = TicTacToeBoard()
    play = Play(game, board, computer)
    play.click(*board.center(1, 1))
    play.wait()
    print(play.status)

``explain`` (``gamesolver.feedback.explain``) adds an *Explain* toggle that explains the
computer's move under the status line and draws the line of play it expects on the board;
``explain=True`` reads that line from the ``Stats`` a ``choose`` returns as a third item. With
``budgets``, a menu sets the seconds per move, which ``choose`` gets as its keyword ``budget``::

    Play(game, board, computer, explain=True, budgets=(0.25, 0.5, 1, 2), budget=1)

A ``choose`` with a parameter ``earlier`` gets the game's states before the one it moves from
(chess: a position met again is a draw).
"""

from __future__ import annotations

import html
import math
import random
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Literal

import ipywidgets

from gamesolver.errors import error_text
from gamesolver.feedback.explain import ENGLISH, Assessment, Explanation, Language, explain
from gamesolver.game import Game, Player, State, Value
from gamesolver.guard import Cancelled
from gamesolver.match import Chooser, names, read_answer, takes
from gamesolver.match import IllegalMove as NoMove
from gamesolver.stats import Stats
from gamesolver.table import fmt
from gamesolver.widgets.background import Background
from gamesolver.widgets.board import (
    PICTURE_NOTE,
    BoardWidget,
    NotAMove,
    picture_html,
    picture_side,
    show_with_picture,
)
from gamesolver.words import looks_even, value_words

Phase = Literal["human", "computer", "over"]
"""Whose turn it is: the student's, the computer's, or nobody's (the game is over)."""

Answer = tuple[Value | None, State, Stats | None]
"""An answer of ``choose`` once checked: the value (``None`` if it gave none), the next state,
the search's ``Stats``."""

Explainer = Callable[[Any, Any, Any], Explanation[Any]]
"""Why the computer moved: ``explain(state, player, next_state) -> Explanation``."""

WAIT = "Wait: I am still thinking."
NOT_SEEN = "Wait for my move to show, then click."
SETTLE = 0.3
"""Seconds after the computer's move in which a canvas click cannot be a move: nobody sees a
new board and clicks on it sooner (a reaction takes 0.2 s), so such a click was meant for the
position before, e.g. the second click of a double click."""
TEXT_SIZE = "18px"
"""The size of the texts beside the board: legible from the back of a lecture hall."""
SIDE_WIDTH = 340
"""The width in pixels of the column beside the board, in which the texts wrap, so that no
text moves the board or the buttons."""
GAME_OVER = "The game is over: press New game."
NOT_LEGAL = "That is not a legal move here."
NOTHING_TO_UNDO = "Nothing to undo: you have not moved yet."
THINKING = "I am thinking ..."
PLAY_AGAIN = "Press New game to play again."
YOU_FIRST = "You first"
COMPUTER_FIRST = "Computer first"
NO_EXPLANATION = "I cannot explain this move ({error})."
NO_LINE = "my search gave no line of play"
CANNOT_SHOW = "I cannot show my move ({error})"
CLICK_FAILED = "Your click failed ({error})"
OVER_BUDGET = "Looking one move ahead took me longer than my time per move."
"""Said when the search went over its budget: it always looks one move ahead, to have a move."""
ESTIMATED = Language(
    draw="it looks even to me",
    better="that looks good for me",
    worse="that looks good for you",
)
"""The verdicts of an explanation from a search that estimated: no claim of best play."""
NOT_LOADED = "{name}: if you read this instead of the board, reload the page (F5)."
"""The widget's text form: what a page shows when the browser could not load the widgets."""


class BadAnswer(ValueError):
    """``choose`` returned something other than ``(value, next_state)`` with a legal move."""


@dataclass(frozen=True)
class ComputerTurn(Generic[State, Player]):
    """One search for the computer's move, and the game position (``epoch``) it is for: a result
    for an older position (New game meanwhile) is dropped."""

    state: State
    player: Player
    rng: random.Random
    epoch: int
    budget: float | None = None
    """Seconds for a ``choose`` with the keyword ``budget``."""
    earlier: tuple[State, ...] = ()
    """The states before ``state``, for a ``choose`` with the parameter ``earlier``."""


@dataclass(frozen=True)
class _HumanTurn(Generic[State]):
    """The game at one of the student's turns, and the student's move there: what Undo restores."""

    state: State
    before: State | None
    value: Value | None
    seen: Stats | None
    after: State
    played: int
    """How many states the game had then (``PlayController.played``)."""


class PlayController(Generic[State, Player]):
    """A game between a student (clicks on the board) and the computer (``choose``), no widgets.

    ``message`` is the status line, ``notice`` why the last click was refused (a refused click
    changes only the notice), ``value`` and ``seen`` what the computer's last search gave,
    ``history`` what Undo goes back to, ``played`` the game's states from the start.

    The computer's turn is split so that the caller decides where the search runs:
    ``start_computer_turn``, then ``think`` and ``try_explain`` (safe in another thread: they
    change nothing here), then ``finish_computer_turn``; ``computer_move`` does all of them.
    """

    def __init__(
        self,
        game: Game[State, Player],
        board: BoardWidget[State, Player],
        choose: Chooser,
        *,
        human_first: bool = True,
        seed: int = 0,
        rng: random.Random | None = None,
        explain: Callable[[State, Player, State], Explanation[State]] | bool | None = None,
        clock: Callable[[], float] = time.monotonic,
        budget: float | None = None,
    ) -> None:
        """A new game; ``rng`` (default: ``random.Random(seed)``) goes to every ``choose``;
        ``clock()`` times the computer's moves for the settle rule of ``click``."""
        if len(game.Players) != 2:
            raise ValueError(f"a game to play needs two players, not {list(game.Players)!r}")
        self.game = game
        self.board = board
        self.choose = choose
        self.rng = random.Random(seed) if rng is None else rng
        self.human_first = human_first
        self.budget = budget
        self.error: BaseException | None = None
        """Why the computer's last search failed, if it did."""
        self.explainer = None if isinstance(explain, bool) else explain
        self.explains_line = explain is True
        self.explanation: Explanation[State] | None = None
        self.explanation_error: BaseException | None = None
        self.clock = clock
        self._epoch = 0
        self.message = ""
        self.notice = ""
        self.new_game(human_first)

    @property
    def status(self) -> str:
        """The latest words: the notice of a refused click if any, else the status line."""
        return self.notice or self.message

    def say(self, message: str) -> None:
        """Put ``message`` on the status line; the notice of a refused click is done with."""
        self.message, self.notice = message, ""

    def refuse(self, notice: str) -> None:
        """Say why a click or a press is refused, beside the status line, which stays."""
        self.notice = notice

    def new_game(self, human_first: bool | None = None) -> None:
        """Start again from ``game.Start`` (at any time: a search still running is ignored);
        ``human_first`` (default: as before) picks who begins."""
        if human_first is not None:
            self.human_first = human_first
        first, second = self.game.Players
        self.human, self.computer = (first, second) if self.human_first else (second, first)
        self._epoch += 1
        self.state: State = self.game.Start
        self.before: State | None = None
        self.value: Value | None = None
        self.seen: Stats | None = None
        self.history: list[_HumanTurn[State]] = []
        self.played: list[State] = [self.state]
        self.error = None
        self._moved_at = -math.inf  # when the computer last moved (clock())
        self.forget_explanation()
        you, me = self.board.player_name(self.human), self.board.player_name(self.computer)
        if self.human_first:
            intro = f"New game: you move first ({you}), I move second ({me})."
        else:
            intro = f"New game: I move first ({me}), you move second ({you})."
        self.phase: Phase = "human" if self.human_first else "computer"
        self._said(intro)

    def _said(self, done: str) -> None:
        """Say ``done`` and what comes next: the result if the game is over (the phase becomes
        ``"over"``), else whose turn it is."""
        if self.game.finished(self.state):
            self.phase = "over"
            then = f"{self._result()} {PLAY_AGAIN}"
        else:
            then = self._your_turn() if self.phase == "human" else THINKING
        self.say(f"{done} {then}")

    @property
    def winner(self) -> Literal["human", "computer", "draw"] | None:
        """Who won a finished game (``None`` while it is not finished)."""
        if not self.game.finished(self.state):
            return None
        utility = self.game.utility(self.state, self.human)
        return "human" if utility > 0 else "computer" if utility < 0 else "draw"

    # -- the student ----------------------------------------------------------------------------

    def click(self, x: float, y: float, at: float | None = None) -> bool:
        """The student clicked at canvas pixel ``(x, y)``: make their move if it is one, and
        return whether it was; otherwise the notice says why. A click timed ``at`` (by the
        canvas) within ``SETTLE`` seconds of the computer's move is refused (``NOT_SEEN``)."""
        after = self._move_of_click(x, y)
        if after is not None and at is not None and at - self._moved_at < SETTLE:
            self.refuse(NOT_SEEN)
            return False
        if after is None:
            return False
        self.forget_explanation()
        self.history.append(
            _HumanTurn(self.state, self.before, self.value, self.seen, after, len(self.played))
        )
        name = self._move(after)
        self.phase = "computer"
        self._said(f"You played {name}.")
        return True

    def _move_of_click(self, x: float, y: float) -> State | None:
        """The state after the student's click, or ``None`` with the notice saying why not."""
        if self.phase != "human":
            self.refuse(WAIT if self.phase == "computer" else GAME_OVER)
            return None
        try:
            after = self.board.move_at(self.state, self.human, x, y)
        except NotAMove as illegal:
            self.refuse(str(illegal))
            return None
        if after not in self.game.next_states(self.state, self.human):
            self.refuse(NOT_LEGAL)
            return None
        return after

    def undo(self) -> bool:
        """Take back the student's last move and the computer's answer; returns whether it
        did (not while the computer thinks, nor before the student's first move)."""
        if self.phase == "computer":
            self.refuse(WAIT)
            return False
        if not self.history:
            self.refuse(NOTHING_TO_UNDO)
            return False
        turn = self.history.pop()
        # Commas around the names: a move named with a verb ("take 1 from pile 2") cannot
        # follow "your move" directly.
        taken = f"Took back your move, {self.game.move_name(turn.state, turn.after)}"
        if self.state != turn.after:
            taken += f", and my answer, {self.game.move_name(turn.after, self.state)}"
        self._epoch += 1
        self.state, self.before = turn.state, turn.before
        del self.played[turn.played :]
        self.value, self.seen = turn.value, turn.seen
        self.error, self._moved_at = None, -math.inf
        self.forget_explanation()
        self.phase = "human"
        self.say(f"{taken}. {self._your_turn()}")
        return True

    # -- the computer ---------------------------------------------------------------------------

    def start_computer_turn(self) -> ComputerTurn[State, Player]:
        """What the computer has to search now; only on the computer's turn."""
        if self.phase != "computer":
            raise RuntimeError(f"it is not the computer's turn (phase {self.phase!r})")
        earlier = tuple(self.played[:-1])
        return ComputerTurn(self.state, self.computer, self.rng, self._epoch, self.budget, earlier)

    def think(self, turn: ComputerTurn[State, Player]) -> Answer[State]:
        """Run ``choose(state, player, rng)`` for ``turn``, with ``budget=`` and ``earlier=``
        if it takes them, and check its answer (``check_answer``)."""
        keywords: dict[str, Any] = {}
        if turn.budget is not None and takes(self.choose, "budget"):
            keywords["budget"] = turn.budget
        if names(self.choose, "earlier"):
            keywords["earlier"] = turn.earlier
        answer = self.choose(turn.state, turn.player, turn.rng, **keywords)
        return self.check_answer(turn, answer)

    def check_answer(self, turn: ComputerTurn[State, Player], answer: object) -> Answer[State]:
        """``answer`` read as every surface reads it (``gamesolver.match.read_answer``), or
        ``BadAnswer`` saying what is wrong, for the student who wrote ``choose``."""
        try:
            choice = read_answer(self.game, turn.state, turn.player, answer)
        except NoMove as error:
            raise BadAnswer(str(error)) from None
        return choice.value, choice.state, choice.stats

    def try_explain(
        self, turn: ComputerTurn[State, Player], result: Answer[State]
    ) -> tuple[Explanation[State] | None, BaseException | None]:
        """The explanation of the move in ``result`` (from ``think``) and ``None``, or ``None``
        and why it failed; ``None, None`` without ``explain``."""
        if self.explainer is None and not self.explains_line:
            return None, None
        value, after, seen = result
        try:
            if self.explainer is not None:
                return self.explainer(turn.state, turn.player, after), None
            return self._read_line(turn, value, after, seen), None
        except Cancelled:
            raise
        except BaseException as error:  # sys.exit() too: the game goes on without the words
            return None, error

    def _read_line(
        self,
        turn: ComputerTurn[State, Player],
        value: Value | None,
        after: State,
        seen: Stats | None,
    ) -> Explanation[State]:
        """The computer's move explained by the line of play its search found (``explain=True``)."""
        if value is None or seen is None or not seen.line or seen.line[0] != after:
            raise ValueError(NO_LINE)
        line: tuple[State, ...] = tuple(seen.line[1:])  # type: ignore[arg-type]  # Hashable
        if not seen.exact and looks_even(self.game, value):
            value = 0  # the verdict as the status line gives it: "it looks even" (ESTIMATED)
        chosen = Assessment(after, value, line)
        if not line and not self.game.finished(after):  # a search one move deep: no reading
            plays = ENGLISH.plays.format(move=self.game.move_name(turn.state, after))
            return Explanation(chosen, (), plays, ())
        language = ENGLISH if seen.exact else ESTIMATED
        return explain(self.game, turn.state, turn.player, after, [chosen], language)

    def forget_explanation(self) -> None:
        """Drop the explanation of the computer's last move (and why it failed, if it did)."""
        self.explanation = None
        self.explanation_error = None

    def is_current(self, turn: ComputerTurn[State, Player]) -> bool:
        """Whether the game still waits for ``turn``'s move (no New game or move since)."""
        return self.phase == "computer" and turn.epoch == self._epoch

    def finish_computer_turn(
        self,
        turn: ComputerTurn[State, Player],
        result: Answer[State],
        explanation: Explanation[State] | None = None,
        explanation_error: BaseException | None = None,
    ) -> bool:
        """Make the computer's move ``result`` (from ``think``) with its explanation; returns
        whether it did: a result for an old position is ignored."""
        if not self.is_current(turn):
            return False
        value, after, seen = result
        self.value, self.seen, self._moved_at = value, seen, self.clock()
        self.explanation, self.explanation_error = explanation, explanation_error
        name = self._move(after)
        played = f"I played {name}{' again' if self._repeats(name) else ''}."
        late = f" {OVER_BUDGET}" if seen is not None and seen.over_budget else ""
        sees = "" if value is None else f" {self._sees(value, seen)}"
        self.phase = "human"
        self._said(played if self.game.finished(self.state) else f"{played}{sees}{late}")
        return True

    def _repeats(self, name: str) -> bool:
        """Whether the computer's move has the name of its move before (column 4 twice): the
        status line then says "again", or it would read as if nothing had happened."""
        last = self.history[-1] if self.history else None
        if last is None or last.before is None:
            return False
        return self.game.move_name(last.before, last.state) == name

    def fail_computer_turn(self, turn: ComputerTurn[State, Player], error: BaseException) -> bool:
        """The search for ``turn`` raised ``error``: stop the game and say so on the status line."""
        if not self.is_current(turn):
            return False
        if isinstance(error, BadAnswer):
            self.stop(error, f"My search gave no move: {error}")
        else:
            self.stop(error, f"My search failed ({error_text(error)})")
        return True

    def stop(self, error: BaseException, said: str) -> None:
        """End the game on ``error``: the status line says ``said`` and what to press."""
        self.error, self.phase = error, "over"
        self.say(f"{said}. Press Undo or New game.")

    def computer_move(self) -> bool:
        """The computer's whole turn, here and now (headless play, tests). An exception of
        ``choose`` is recorded as a failed search and raised; one of ``explain`` is kept in
        ``explanation_error``, and the game goes on."""
        turn = self.start_computer_turn()
        try:
            result = self.think(turn)
        except BaseException as error:
            self.fail_computer_turn(turn, error)
            raise
        explanation, failure = self.try_explain(turn, result)
        return self.finish_computer_turn(turn, result, explanation, failure)

    # -- texts ----------------------------------------------------------------------------------

    def _move(self, after: State) -> str:
        """Go to ``after``; returns the move's name."""
        name = self.game.move_name(self.state, after)
        self.before, self.state = self.state, after
        self.played.append(after)
        self._epoch += 1
        return name

    def _your_turn(self) -> str:
        return f"Your turn: {self.board.prompt}"

    def _result(self) -> str:
        return {"human": "You win!", "computer": "I win.", "draw": "Draw."}[self.winner or "draw"]

    def _sees(self, value: Value, seen: Stats | None) -> str:
        """The computer's ``value`` in words for the student (``gamesolver.words``), exact or
        estimated and from which depth, as the ``Stats`` say: the only number said for a move."""
        said = value_words(
            self.game,
            value,
            self.computer,
            exact=None if seen is None else seen.exact,
            depth=None if seen is None else seen.depth,
            names=self._names,
            reader=self.human,
        )
        return f"I see {said}."

    def _names(self, player: object) -> tuple[str, str]:
        """The players as the status line names them: the computer "I", the student "you"."""
        return ("I", "me") if player == self.computer else ("you", "you")


class Play(ipywidgets.Box):  # type: ignore[misc]  # ipywidgets is untyped
    """Play ``game`` against the computer on ``board``'s canvas: the widget for a notebook.

    Beside the canvas (under it on a narrow page), a column ``SIDE_WIDTH`` pixels wide: the
    buttons New game, Undo and who moves first, then the status line (CSS class
    ``gamesolver-status``) and the notice (``gamesolver-notice``), so that no text moves the
    buttons. The computer searches in a ``Background`` thread, which New game cancels.

    With ``explain`` (an ``Explainer``, or ``True`` for the line of play in ``choose``'s
    ``Stats``) come the *Explain* toggle (on if ``explaining``) and an explanation line
    (``gamesolver-explanation``); with ``budgets`` (seconds), the menu *Time per move*, set to
    ``budget`` (default: the first). Displayed, the widget comes after a picture of itself
    (``picture_html``), which a notebook stored with its outputs shows before it runs.
    """

    def __init__(
        self,
        game: Game[Any, Any],
        board: BoardWidget[Any, Any],
        choose: Chooser,
        *,
        human_first: bool = True,
        seed: int = 0,
        rng: random.Random | None = None,
        explain: Explainer | bool | None = None,
        explaining: bool = False,
        clock: Callable[[], float] = time.monotonic,
        budgets: Sequence[float] = (),
        budget: float | None = None,
    ) -> None:
        """Show a new game; if the computer moves first, it starts thinking at once."""
        if budgets and not takes(choose, "budget"):
            raise ValueError("a time per move needs a choose(state, player, rng, budget=...)")
        budget = budgets[0] if budget is None and budgets else budget  # the menu checks it
        self.controller: PlayController[Any, Any] = PlayController(
            game,
            board,
            choose,
            human_first=human_first,
            seed=seed,
            rng=rng,
            explain=explain,
            clock=clock,
            budget=budget,
        )
        self.board = board
        self.side = self._column(human_first, budget_menu(budgets, budget), explain, explaining)
        """The column beside the board: the buttons and the texts."""
        board.canvas.layout.margin = "0 20px 8px 0"  # from the column, beside or under it
        super().__init__(
            children=[board.canvas, self.side],
            layout=ipywidgets.Layout(
                display="flex", flex_flow="row wrap", align_items="flex-start"
            ),
        )
        self.add_class("gamesolver-play")
        self._background = Background("gamesolver-computer-move", "the computer is still thinking")
        self._play_lock = self._background.lock
        self._setting_first = False
        self._listen()
        with self._play_lock:
            board.face(self.controller.human)
            self._show()
            self._think_if_my_turn()

    def _column(
        self, human_first: bool, menu: Any, explain: Explainer | bool | None, explaining: bool
    ) -> Any:
        """The column beside the board, its buttons in rows (New game and Undo; who moves
        first; the ``menu`` and the *Explain* toggle, if any), then the texts."""
        self.status_line = text_line("gamesolver-status")
        self.notice_line = text_line("gamesolver-notice")
        self.new_button = side_button("New game", "Start a new game")
        self.undo_button = side_button("Undo", "Take back your last move and my answer")
        self.first = ipywidgets.ToggleButtons(
            options=[YOU_FIRST, COMPUTER_FIRST],
            value=YOU_FIRST if human_first else COMPUTER_FIRST,
            tooltips=["You move first", "I move first"],
            style={"button_width": "auto"},
        )
        self.budget_menu: Any = menu
        explains = explain is not None and explain is not False
        self.explanation_line: Any = text_line("gamesolver-explanation") if explains else None
        self.explain_button: Any = explain_toggle(explaining) if explains else None
        last = [widget for widget in (menu, self.explain_button) if widget is not None]
        rows = [[self.new_button, self.undo_button], [self.first]] + ([last] if last else [])
        self.buttons: tuple[Any, ...] = tuple(widget for row in rows for widget in row)
        controls = ipywidgets.VBox([ipywidgets.HBox(row) for row in rows])
        controls.add_class("gamesolver-controls")
        texts = [self.status_line, self.notice_line, self.explanation_line]
        side = ipywidgets.VBox(
            [controls, *(text for text in texts if text is not None)],
            layout=ipywidgets.Layout(width=f"{SIDE_WIDTH}px", flex="0 0 auto"),
        )
        side.add_class("gamesolver-side")
        return side

    def _listen(self) -> None:
        """Connect the canvas' clicks, the buttons, the toggles and the menu."""
        self.board.canvas.on_mouse_down(self._mouse_down)
        self.new_button.on_click(lambda _button: self.new_game())
        self.undo_button.on_click(lambda _button: self.undo())
        self.first.observe(self._first_changed, names="value")
        if self.explain_button is not None:
            self.explain_button.observe(self._explain_changed, names="value")
        if self.budget_menu is not None:  # from the computer's next move on
            self.budget_menu.observe(
                lambda change: setattr(self.controller, "budget", change["new"]), names="value"
            )

    def __repr__(self) -> str:
        """Short and stable: nbval compares it, so no widget ids and no racy game state."""
        return f"Play({self.controller.game.name!r})"

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        """The widget's view, with ``NOT_LOADED`` as its text form."""
        bundle: dict[str, Any] | None = super()._repr_mimebundle_(**kwargs)
        if bundle is not None:
            bundle["text/plain"] = NOT_LOADED.format(name=repr(self))
        return bundle

    def _ipython_display_(self) -> None:
        show_with_picture(self, self.picture_html())

    def picture_html(self) -> str | None:
        """The widget as it looks now, as HTML: the board's picture and the texts beside it;
        ``None`` if the board cannot be drawn as a picture."""
        with self._play_lock:
            board = self.board.picture()
            if board is None:
                return None
            texts = [
                (html.escape(self.controller.message), "status"),
                (html.escape(self.controller.notice), "notice"),
                (self._explained(html_form=True), "explanation"),
            ]
        return picture_html(board, picture_side(texts, PICTURE_NOTE, SIDE_WIDTH))

    @property
    def status(self) -> str:
        """The latest words as plain text (``PlayController.status``)."""
        with self._play_lock:
            return self.controller.status

    @property
    def message(self) -> str:
        """The status line as plain text."""
        with self._play_lock:
            return self.controller.message

    @property
    def notice(self) -> str:
        """Why the student's last click or press was refused, as plain text (empty if not)."""
        with self._play_lock:
            return self.controller.notice

    @property
    def explaining(self) -> bool:
        """Whether explanations are on (the *Explain* toggle; ``False`` without ``explain``)."""
        return self.explain_button is not None and bool(self.explain_button.value)

    @explaining.setter
    def explaining(self, on: bool) -> None:
        if self.explain_button is None:
            raise ValueError("this game has no explanations: give Play an explain function")
        self.explain_button.value = on

    @property
    def explanation(self) -> str:
        """The explanation line as plain text: empty unless explanations are on and there is one."""
        with self._play_lock:
            return self._explained(html_form=False)

    # -- the student's actions ------------------------------------------------------------------

    def click(self, x: float, y: float, at: float | None = None) -> None:
        """A click at canvas pixel ``(x, y)`` arrived at time ``at`` (``controller.clock()``).

        The canvas gives ``at``, for the settle rule (``SETTLE``); a notebook cell replaying a
        game (``click``, ``wait``, ``click``) leaves it out, as it cannot double-click.
        """
        with self._play_lock:
            if self.controller.click(x, y, at):
                self._show(moved=True)
                self._think_if_my_turn()
            else:  # refused: the board and what the computer said stay as they are
                self._show_status()

    def _mouse_down(self, x: float, y: float) -> None:
        """A click on the canvas, timed when it arrives. A failure of the board stops the game
        and says so (``CLICK_FAILED``): raised alone, only ipywidgets' log would see it."""
        try:
            self.click(x, y, self.controller.clock())
        except BaseException as error:
            with self._play_lock:
                self.controller.stop(error, CLICK_FAILED.format(error=error_text(error)))
                self._show_status()
            raise

    def undo(self) -> None:
        """Back to the student's previous turn (the Undo button)."""
        with self._play_lock:
            if self.controller.undo():
                self._show()
            else:
                self._show_status()

    def new_game(self, human_first: bool | None = None) -> None:
        """Start again (the New game button); ``human_first`` as in the toggle by default."""
        with self._play_lock:
            self._background.cancel()
            self.controller.new_game(human_first)
            self.board.face(self.controller.human)
            self._setting_first = True
            try:
                self.first.value = YOU_FIRST if self.controller.human_first else COMPUTER_FIRST
            finally:
                self._setting_first = False
            self._show()
            self._think_if_my_turn()

    def _first_changed(self, change: dict[str, Any]) -> None:
        if not self._setting_first:
            self.new_game(change["new"] == YOU_FIRST)

    def _explain_changed(self, change: dict[str, Any]) -> None:
        with self._play_lock:
            self.explain_button.description = explain_label(change["new"])
            self.explain_button.button_style = "info" if change["new"] else ""
            self._show()

    # -- the computer's move --------------------------------------------------------------------

    def wait(self, timeout: float | None = 60.0) -> None:
        """Wait until the computer has moved and the widget shows it (``Background.wait``)."""
        self._background.wait(timeout)

    def _think_if_my_turn(self) -> None:
        """Start the computer's search in a background thread if it is the computer's turn."""
        if self.controller.phase == "computer":
            turn = self.controller.start_computer_turn()
            self._background.start(lambda ticket: self._think(turn, ticket))

    def _think(self, turn: ComputerTurn[Any, Any], ticket: threading.Event) -> None:
        """The background thread: search and explain without the lock, then show the move.

        ``Cancelled`` (New game) may arrive only inside the search. Any other exception, even
        ``SystemExit``, is a failed search that the status line shows: ending the thread in
        silence would leave the game "thinking" for ever.
        """
        try:
            with self._background.searching(ticket):
                result = self.controller.think(turn)
                explanation, failure = self.controller.try_explain(turn, result)
        except Cancelled:
            return  # New game was pressed: nobody wants this move
        except BaseException as error:  # sys.exit too: it would end this thread in silence
            with self._play_lock:
                if self.controller.fail_computer_turn(turn, error):
                    self._failed(error)
            return
        with self._play_lock:
            if not self.controller.is_current(turn):
                return  # a search for an old position: New game was pressed meanwhile
            try:
                self.controller.finish_computer_turn(turn, result, explanation, failure)
                self._show(moved=True)
            except BaseException as error:  # e.g. the board's draw_state failed
                self.controller.stop(error, CANNOT_SHOW.format(error=error_text(error)))
                self._failed(error)

    def _failed(self, error: BaseException) -> None:
        """Show that the computer's turn failed, and keep ``error`` for ``wait``."""
        self._background.failed(error)
        self._show_status()

    # -- showing --------------------------------------------------------------------------------

    def _show(self, moved: bool = False) -> None:
        """Draw the board (animating the last move if it was just ``moved``), with the line of
        play of the explanation while it is shown, and the texts."""
        controller = self.controller
        explanation = controller.explanation
        line = explanation.line if self.explaining and explanation is not None else ()
        self.board.draw(controller.state, controller.before, line, moved=moved)
        self._show_status()

    def _show_status(self) -> None:
        self.status_line.value = html.escape(self.controller.message)
        self.notice_line.value = html.escape(self.controller.notice)
        if self.explanation_line is not None:
            self.explanation_line.value = self._explained(html_form=True)

    def _explained(self, html_form: bool) -> str:
        """The explanation line, as HTML or as plain text (empty while explanations are off)."""
        explanation, error = self.controller.explanation, self.controller.explanation_error
        if not self.explaining:
            return ""
        if explanation is not None:
            return explanation.brief_html() if html_form else explanation.brief
        if error is None:
            return ""
        text = NO_EXPLANATION.format(error=error_text(error))
        return html.escape(text) if html_form else text


def text_line(css_class: str) -> Any:
    """A line of text of the column beside the board, ``TEXT_SIZE`` large, of ``css_class``."""
    line = ipywidgets.HTML(style={"font_size": TEXT_SIZE})
    line.add_class(css_class)
    return line


def side_button(description: str, tooltip: str) -> Any:
    """A button of the column beside the board, as wide as its words."""
    return ipywidgets.Button(description=description, tooltip=tooltip, layout={"width": "auto"})


def budget_menu(budgets: Sequence[float], budget: float | None) -> Any:
    """The menu *Time per move* of the seconds ``budgets``, set to ``budget``; ``None`` without
    ``budgets``."""
    if not budgets:
        return None
    return ipywidgets.Dropdown(
        options=[(f"{fmt(seconds)} s", seconds) for seconds in budgets],
        value=budget,
        description="Time per move",
        style={"description_width": "initial"},
        layout=ipywidgets.Layout(width="auto"),
    )


def explain_toggle(on: bool) -> Any:
    """The *Explain* toggle, on or off; its label says which (``explain_label``)."""
    toggle = ipywidgets.ToggleButton(
        value=on,
        description=explain_label(on),
        button_style="info" if on else "",
        tooltip="After my move: why I played it, and the line I expect on the board",
        layout={"width": "auto"},
    )
    toggle.add_class("gamesolver-explain")
    return toggle


def explain_label(on: bool) -> str:
    """The *Explain* toggle's label, which says whether it is on: ``Explain: on``."""
    return f"Explain: {'on' if on else 'off'}"
