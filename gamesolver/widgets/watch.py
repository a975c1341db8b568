"""Watch the computer play itself: two computer players on a board's canvas, move by move::

    watch = Watch(game, CheckersBoard(), [alpha_beta_player, random_player], max_plies=200)
    watch

The buttons Play, Pause, Step and New game drive it, with the moves searched in a background
thread; ``print(watch.run())`` plays in the calling thread, for a cell whose output nbval
compares. The players are ``Chooser``s as for ``Play``. Each player's ``rng`` is seeded from
``seed`` and the player's index, and Pause lets the current move finish, so a game is the same
on every run, however it is paused and stepped.
"""

from __future__ import annotations

import html
import random
import threading
from collections.abc import Mapping, Sequence
from typing import Any, Literal

import ipywidgets

from gamesolver.errors import error_text
from gamesolver.game import Game
from gamesolver.guard import Cancelled
from gamesolver.match import Chooser, takes
from gamesolver.widgets.background import Background
from gamesolver.widgets.board import (
    PICTURE_NOTE,
    BoardWidget,
    picture_html,
    picture_side,
    show_with_picture,
)
from gamesolver.widgets.play import Answer, BadAnswer, ComputerTurn, PlayController, budget_menu

Result = Literal["first", "second", "draw"]
"""How a finished game ended: ``game.Players[0]`` won, ``game.Players[1]`` won, or a draw."""


def numbered(moves: Sequence[str], first: int = 0) -> str:
    """The moves numbered by full move, "1. 11-15 23-19  2. 8-11"; ``first=1`` if the second
    player made the first of them ("1. ... 23-19  2. 8-11")."""
    padded = ["..."] * first + list(moves)
    return "  ".join(
        f"{i // 2 + 1}. {' '.join(padded[i : i + 2])}" for i in range(0, len(padded), 2)
    )


def choosers_of(
    game: Game[Any, Any], players: Mapping[Any, Chooser] | Sequence[Chooser]
) -> list[Chooser]:
    """The choosers of ``players`` in the order of ``game.Players``, one for each of its two
    players (a mapping from the player, or a sequence in that order); else ``ValueError``."""
    if isinstance(players, Mapping):
        if any(p not in players for p in game.Players) or len(players) != len(game.Players):
            raise ValueError(f"players needs one chooser for each of {list(game.Players)!r}")
        players = [players[p] for p in game.Players]
    if len(players) != 2 or len(game.Players) != 2:
        raise ValueError(f"players needs one chooser for each of {list(game.Players)!r}")
    return list(players)


class Watch(ipywidgets.VBox):  # type: ignore[misc]  # ipywidgets is untyped
    """Two computer players play ``game`` on ``board``'s canvas: the widget for a notebook.

    ``players``: a ``Chooser`` for each of ``game.Players``, by player or in their order. The
    game starts from ``start`` (default ``game.Start``) with ``first`` to move (default
    ``game.Players[0]``), and stops when it is finished or after ``max_plies`` moves. ``budget``
    is the seconds per move for the choosers that take it; ``budgets`` adds a menu.
    Below the canvas: the status line, a progress bar of the plies, the buttons and the move
    list (CSS classes ``gamesolver-status``, ``-progress``, ``-moves``).
    """

    def __init__(
        self,
        game: Game[Any, Any],
        board: BoardWidget[Any, Any],
        players: Mapping[Any, Chooser] | Sequence[Chooser],
        *,
        max_plies: int = 200,
        seed: int = 0,
        budget: float | None = None,
        budgets: Sequence[float] = (),
        start: Any = None,
        first: Any = None,
    ) -> None:
        """Show the start; nothing is played before a button or a method says so."""
        choosers = choosers_of(game, players)
        if max_plies < 1:
            raise ValueError(f"max_plies must be at least 1, not {max_plies!r}")
        if budgets and not any(takes(choose, "budget") for choose in choosers):
            raise ValueError("a time per move needs a choose(state, player, rng, budget=...)")
        self.game = game
        self.board = board
        self.max_plies = max_plies
        self.seed = seed
        self.budget = budgets[0] if budget is None and budgets else budget
        """Seconds per move, given to the choosers that take the keyword ``budget``."""
        self.start_state = game.Start if start is None else start
        self.first = game.Players.index(game.Players[0] if first is None else first)
        """The index in ``game.Players`` of the player who moves at ``start_state``."""
        # Play's controller, one per player, so that both widgets call and judge a chooser alike.
        self._players = [
            PlayController(game, board, choose, human_first=index == 1, seed=seed)
            for index, choose in enumerate(choosers)
        ]
        self.status_line = ipywidgets.HTML()
        self.status_line.add_class("gamesolver-status")
        self.progress = ipywidgets.IntProgress(
            min=0, max=max_plies, style={"description_width": "initial"}
        )
        self.progress.add_class("gamesolver-progress")
        self.move_list = ipywidgets.HTML(layout=ipywidgets.Layout(max_height="10em"))
        self.move_list.add_class("gamesolver-moves")
        buttons = self._buttons(budgets)
        super().__init__(
            children=[board.canvas, self.status_line, self.progress, buttons, self.move_list]
        )
        self._background = Background("gamesolver-watch", "the game is still playing")
        self._lock = self._background.lock
        self._epoch = 0  # one per game: a move searched for an older game is dropped
        self._running = False  # whether a playing thread has been started and has not stopped
        self._stop_at: int | None = None  # the thread stops before searching ply number this
        self.new_game()

    def _buttons(self, budgets: Sequence[float]) -> Any:
        """The row of buttons Play, Pause, Step, New game (and the menu *Time per move* with
        ``budgets``), connected."""
        self.play_button = ipywidgets.Button(description="Play", tooltip="Play on to the end")
        self.pause_button = ipywidgets.Button(
            description="Pause", tooltip="Stop after the current move"
        )
        self.step_button = ipywidgets.Button(description="Step", tooltip="Play one move")
        self.new_button = ipywidgets.Button(description="New game", tooltip="Back to the start")
        self.play_button.on_click(lambda _button: self.start())
        self.pause_button.on_click(lambda _button: self.pause())
        self.step_button.on_click(lambda _button: self.step())
        self.new_button.on_click(lambda _button: self.new_game())
        buttons = [self.play_button, self.pause_button, self.step_button, self.new_button]
        self.budget_menu = budget_menu(budgets, self.budget)
        """The menu *Time per move* (``None`` without ``budgets``)."""
        if self.budget_menu is not None:
            self.budget_menu.observe(
                lambda change: setattr(self, "budget", change["new"]), names="value"
            )
            buttons.append(self.budget_menu)
        return ipywidgets.HBox(buttons)

    def __repr__(self) -> str:
        """Short and stable: nbval compares it, so no widget ids and no racy game state."""
        return f"Watch({self.game.name!r})"

    def _ipython_display_(self) -> None:
        """Display the widget after a picture of its board and texts, as ``Play`` does."""
        with self._lock:
            board = self.board.picture()
            texts = [self.status_line.value, self.move_list.value]
        side = picture_side([(text, "") for text in texts], PICTURE_NOTE)
        show_with_picture(self, None if board is None else picture_html(board, side))

    # -- what a notebook reads ------------------------------------------------------------------

    @property
    def state(self) -> Any:
        """The current state."""
        with self._lock:
            return self._history[-1]

    @property
    def history(self) -> list[Any]:
        """The states of the game so far, from the start to the current state."""
        with self._lock:
            return list(self._history)

    @property
    def moves(self) -> list[str]:
        """The moves so far in words (``game.move_name``), one per ply."""
        with self._lock:
            return list(self._moves)

    @property
    def status(self) -> str:
        """The status line as plain text."""
        with self._lock:
            return self._status

    @property
    def result(self) -> Result | None:
        """``"first"`` or ``"second"`` (which of ``game.Players`` won) or ``"draw"`` for a
        finished game; ``None`` while it is not finished, also when it stopped at
        ``max_plies``."""
        with self._lock:
            state = self._history[-1]
            if not self.game.finished(state):
                return None
            utility = self.game.utility(state, self.game.Players[0])
            return "first" if utility > 0 else "second" if utility < 0 else "draw"

    # -- playing --------------------------------------------------------------------------------

    def new_game(self) -> None:
        """Back to the start (New game): a search under way is cancelled, its move dropped."""
        with self._lock:
            self._background.cancel()
            self._epoch += 1
            self._running = False
            self._rngs = [random.Random(f"{self.seed}:{index}") for index in range(2)]
            self._history: list[Any] = [self.start_state]
            self._moves: list[str] = []
            self._status = f"New game. {self._situation()}"
            self.board.draw(self.start_state)
            self._show()

    def start(self) -> None:
        """Play on to the end in a background thread (Play); ``wait()`` joins it."""
        self._launch(None)

    def step(self) -> None:
        """Play one move in a background thread (Step); while playing: stop after this move."""
        with self._lock:
            self._launch(len(self._moves) + 1)

    def pause(self) -> None:
        """Stop playing after the current move (Pause): its search is not cut short, so the
        game stays the one that ``seed`` plays."""
        with self._lock:
            self._stop_at = len(self._moves)

    def run(self, plies: int | None = None) -> str:
        """Play to the end, or ``plies`` more moves, here and now (for a notebook cell whose
        output must be the same every run); returns the status line. An exception of a chooser
        is shown on the status line and raised."""
        with self._lock:
            if self._running:
                raise RuntimeError("the game is playing in the background: pause() and wait()")
            self._stop_at = None if plies is None else len(self._moves) + plies
            epoch = self._epoch
        self._background.run_here(lambda ticket: self._play(epoch, ticket))
        self.wait()
        return self.status

    def wait(self, timeout: float | None = 60.0) -> None:
        """Wait until the playing thread stops (``Background.wait``): ``TimeoutError`` after
        ``timeout`` seconds; the exception that stopped it, once."""
        self._background.wait(timeout)

    def _launch(self, stop_at: int | None) -> None:
        """Play until ply ``stop_at`` (``None``: the end) in the thread, starting it if needed."""
        with self._lock:
            self._stop_at = stop_at
            if self._running or self._over():
                return
            self._running = True
            epoch = self._epoch
            self._background.start(lambda ticket: self._play(epoch, ticket))
            self._show()

    def _play(self, epoch: int, ticket: threading.Event) -> None:
        """The playing thread: search a move without the lock, make it with the lock, again.
        An exception other than ``Cancelled`` (New game), even ``SystemExit``, stops the game
        and is shown, as in ``Play._think``."""
        while True:
            with self._lock:
                if epoch != self._epoch:
                    return
                turn = self._next_turn(self._stop_at)
                if turn is None:
                    self._running = False
                    self._show()
                    return
            try:
                with self._background.searching(ticket):
                    answer = self._think(turn)
                with self._lock:
                    if epoch == self._epoch:
                        self._move(answer)
            except Cancelled:
                return  # New game: nobody wants this move
            except BaseException as error:  # sys.exit() too
                with self._lock:
                    if epoch == self._epoch:
                        self._background.failed(error)
                        self._running = False
                        self._fail(turn, error)
                return

    def _think(self, turn: ComputerTurn[Any, Any]) -> Answer[Any]:
        """The chooser's answer for ``turn``, checked (``PlayController.think``); a
        ``BadAnswer`` names the player whose chooser gave it."""
        name = self._name(turn.player)
        try:
            return self._players[self.game.Players.index(turn.player)].think(turn)
        except BadAnswer as error:
            raise BadAnswer(f"{name}'s {error}") from None

    def _next_turn(self, stop_at: int | None) -> ComputerTurn[Any, Any] | None:
        """The next move to search, or ``None`` at the end, the limit, or ply ``stop_at``."""
        plies = len(self._moves)
        if self._over() or (stop_at is not None and plies >= stop_at):
            return None
        index = (self.first + plies) % 2
        player = self.game.Players[index]
        self._status = f"{self._name(player)} is thinking ..."
        self._show()
        state, earlier = self._history[-1], tuple(self._history[:-1])
        return ComputerTurn(state, player, self._rngs[index], self._epoch, self.budget, earlier)

    def _move(self, answer: Answer[Any]) -> None:
        """Make the move of ``answer`` and show it."""
        before, after = self._history[-1], answer[1]
        name = self.game.move_name(before, after)
        mover = self._name(self.game.Players[(self.first + len(self._moves)) % 2])
        self._history.append(after)
        self._moves.append(name)
        self._status = f"{mover} played {name}. {self._situation()}"
        self.board.draw(after, before, moved=True)
        self._show()

    def _fail(self, turn: ComputerTurn[Any, Any], error: BaseException) -> None:
        """Say on the status line that the search for ``turn`` failed with ``error``."""
        if isinstance(error, BadAnswer):
            self._status = f"Stopped: {error}."
        else:
            name = self._name(turn.player)
            self._status = f"Stopped: {name}'s search failed ({error_text(error)})."
        self._show()

    # -- texts ----------------------------------------------------------------------------------

    def _name(self, player: Any) -> str:
        """The board's name of ``player``, capitalised: it may begin a sentence ("Red wins.")."""
        name = self.board.player_name(player)
        return name[:1].upper() + name[1:]

    def _over(self) -> bool:
        """Whether the game is finished or at its limit of plies."""
        return self.game.finished(self._history[-1]) or len(self._moves) >= self.max_plies

    def _situation(self) -> str:
        """Who won, or the limit, or who is to move."""
        names = [self._name(player) for player in self.game.Players]
        if self.game.finished(self._history[-1]):
            result = self.result
            return "Draw." if result == "draw" else f"{names[result == 'second']} wins."
        if len(self._moves) >= self.max_plies:
            return f"Stopped at the limit of {self.max_plies} plies, without a result."
        return f"{names[(self.first + len(self._moves)) % 2]} to move."

    def _show(self) -> None:
        """Show the texts, the progress and which buttons work now."""
        plies = len(self._moves)
        self.status_line.value = html.escape(self._status)
        self.progress.value = plies
        self.progress.description = f"ply {plies} of {self.max_plies}"
        self.move_list.value = html.escape(numbered(self._moves, self.first)).replace(
            "  ", "&nbsp; "
        )
        over = self._over()
        self.play_button.disabled = self.step_button.disabled = self._running or over
        self.pause_button.disabled = not self._running
