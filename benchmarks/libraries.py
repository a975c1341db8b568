"""How each library searches a case: our notebooks' algorithms, easyAI, aima3 and OpenSpiel.

Each class here is one library's part of a ``Case``: what the case gives it (a notebook, a game
factory, a game string, and how to name a move the way the lectures do) and the runners of the
library's exact algorithms. The peers are imported only when a runner is set up, so that our own
rows run without them (``pip install -e '.[bench]'`` installs them).
"""

from __future__ import annotations

import functools
import importlib
import random
import sys
import types
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from benchmarks.harness import (
    OURS,
    Case,
    Counter,
    MoveChoice,
    Outcome,
    Runner,
    Search,
    cpu_seconds,
)
from benchmarks.lectures import (
    NOTEBOOKS,
    Algorithm,
    BestMove,
    Solving,
    counting_ranked,
    solving,
)
from gamesolver import Stats
from gamesolver.game import AnyGame

TECHNIQUE = {
    "minimax": "minimax",
    "minimax_memo": "minimax+table",
    "alpha_beta": "plain-alpha-beta",
    "alpha_beta_memo": "alpha-beta+table",
    "alpha_beta_memo --order": "alpha-beta+ordering",
}
"""The technique of each of our algorithms (as written on the command line); any other, e.g.
with ``--symmetry``, is our "best": no peer has it."""


def missing_module(name: str) -> str:
    """The empty string if the module imports, else why not."""
    try:
        importlib.import_module(name)
    except ImportError as error:
        return f"not installed ({error}); `pip install -e '.[bench]'` installs it"
    return ""


@contextmanager
def counting(module: types.ModuleType, name: str) -> Iterator[Counter]:
    """Count the calls of the function ``module.name`` of a peer library while the block runs.

    The function is replaced in its module by a wrapper that counts; a recursive function that
    calls itself by its global name is then counted at every level.
    """
    counter = Counter()
    original = getattr(module, name)

    @functools.wraps(original)
    def counted(*args: Any, **kwargs: Any) -> Any:
        counter.calls += 1
        return original(*args, **kwargs)

    setattr(module, name, counted)
    try:
        yield counter
    finally:
        setattr(module, name, original)


def sign(score: float) -> int:
    return (score > 0) - (score < 0)


# ------------------------------------------------------------------------------- gamesolver


@dataclass(frozen=True)
class Gamesolver:
    """Our rows: a game notebook's ``Game``, searched by the algorithms of ``Solver.ipynb``.

    ``algorithms`` are written as on the command line: ``"alpha_beta_memo --order --symmetry"``.
    """

    notebook: str
    algorithms: Sequence[str]
    build: str | None = None
    """The case's game: the one that the notebook's builder ``build`` makes of ``arguments``
    (``nim(piles)``), or None: the game the notebook defines (``gamesolver.notebook.find_game``)."""
    arguments: tuple[object, ...] = ()
    label: str = ""
    """Added to the algorithm column in brackets, e.g. "bitboard"."""

    name = OURS

    def missing(self) -> str:
        path = NOTEBOOKS / self.notebook
        return "" if path.exists() else f"no notebook {path}"

    def runners(self, case: Case) -> list[Runner]:
        names = [text.split()[0] for text in self.algorithms]
        lecture = solving(NOTEBOOKS / self.notebook, names, self.build, *self.arguments)
        return [self._runner(lecture, text) for text in self.algorithms]

    def _runner(self, lecture: Solving, text: str) -> Runner:
        name, *flags = text.split()
        options = {flag.removeprefix("--").replace("-", "_"): True for flag in flags}
        algorithm = functools.partial(lecture.algorithms[name], **options)
        game = lecture.game
        player = game.Players[0]

        ordered = options.get("order", False)  # ranks children: positions need counting

        def prepare(count: bool) -> Search:
            return our_search(
                algorithm,
                game,
                lambda stats: algorithm(game, game.Start, player, stats),
                count,
                ordered,
            )

        def choose_move() -> MoveChoice:
            return best_move_choice(lecture.best_move, game, algorithm)

        label = f"{text} ({self.label})" if self.label else text
        records_move = name in ("alpha_beta_memo", "iterative_deepening")
        chooser = None if records_move else choose_move  # the others need best_move afterwards
        return Runner(OURS, label, TECHNIQUE.get(text, "best"), prepare, chooser)


def best_move_choice(best_move: BestMove, game: AnyGame, algorithm: Algorithm) -> MoveChoice:
    """The move that the Solver's ``best_move`` chooses from ``game.Start`` for its first player
    with ``algorithm`` on each next state (ties broken by ``random.Random(0)``): the move's name,
    the value calls and the CPU seconds, for a search that does not record its move."""
    stats = Stats()
    player = game.Players[0]
    (_, state), seconds = cpu_seconds(
        lambda: best_move(game, game.Start, player, algorithm, random.Random(0), stats)
    )
    return MoveChoice(game.move_name(game.Start, state), stats.calls, seconds)


def our_search(
    algorithm: Algorithm,
    game: AnyGame,
    run: Callable[[Stats], float],
    count: bool,
    ordered: bool,
) -> Search:
    """One of our searches, ``run(stats)`` from ``game.Start`` with ``algorithm``: its value
    calls in every run, its positions too unless it ranks children (``ordered``: the children
    that its notebook's ``move_order`` ranks are counted) and this is not the counting run."""

    def search() -> Outcome:
        stats = Stats()
        with maybe_counting_ranked(count and ordered, algorithm) as ranked:
            value = run(stats)
        # alpha_beta_memo and iterative_deepening record the move they found
        move = game.move_name(game.Start, stats.line[0]) if stats.line else None
        if ordered and ranked is None:
            return Outcome(value, move, stats.calls)  # positions: the counting run's
        return Outcome(value, move, stats.calls, stats.calls + (ranked.calls if ranked else 0))

    return search


# ----------------------------------------------------------------------------------- easyAI


@dataclass(frozen=True)
class EasyAI:
    """easyAI: ``Negamax`` (alpha-beta, depth-limited, optionally with a transposition table)
    and ``solve_with_depth_first_search`` (its exact solver, with a transposition table).

    ``new_game()`` is a fresh ``TwoPlayerGame`` at the case's position, with ``ttentry``;
    ``move_name(move)`` names one of its moves. Each search gets the game's bound as its
    ``win_score``: ``Negamax`` then starts with the window [-win_score, win_score], our [-1, 1]
    (a win ends the search of a position at once), and is plain alpha-beta without a table.
    """

    new_game: Callable[[], Any]
    move_name: Callable[[Any], str]
    win_score: float = 100
    """The game's bound: what ``scoring()`` gives a won position."""
    solver_game: Callable[[], Any] | None = None
    """The game for ``solve_with_depth_first_search``, if its table is to be keyed otherwise
    (its best key); ``None``: ``new_game``."""
    name = "easyAI"

    def missing(self) -> str:
        return missing_module("easyAI")

    def runners(self, case: Case) -> list[Runner]:
        easyai = importlib.import_module("easyAI")
        negamax_module = importlib.import_module("easyAI.AI.Negamax")
        solving = importlib.import_module("easyAI.AI.solving")
        tables = importlib.import_module("easyAI.AI.TranspositionTable")
        depth = case.depth

        def negamax(with_table: bool) -> Callable[[bool], Search]:
            def prepare(count: bool) -> Search:
                table = tables.TranspositionTable() if with_table else None
                ai = easyai.Negamax(depth, win_score=self.win_score, tt=table)
                game = self.new_game()

                def search() -> Outcome:
                    with maybe_counting(count, negamax_module, "negamax") as counter:
                        move = ai(game)
                    # the score is ±100 scaled by 1 + 0.001 * depth (quick wins first): its sign
                    return Outcome(sign(ai.alpha), self.move_name(move), _calls(counter))

                return search

            return prepare

        def depth_first(count: bool) -> Search:
            table, game = tables.TranspositionTable(), (self.solver_game or self.new_game)()

            def search() -> Outcome:
                with maybe_counting(count, solving, "solve_with_depth_first_search") as counter:
                    value = solving.solve_with_depth_first_search(game, self.win_score, tt=table)
                move = table.d[game.ttentry()]["move"]  # None when every move loses
                return Outcome(
                    value, "—" if move is None else self.move_name(move), _calls(counter)
                )

            return search

        negamax_label = f"Negamax({depth}, win_score={self.win_score:g}"
        return [
            Runner(self.name, f"{negamax_label})", "plain-alpha-beta", negamax(False)),
            Runner(self.name, f"{negamax_label}, tt)", "alpha-beta+table", negamax(True)),
            Runner(self.name, "solve_with_depth_first_search(tt)", "best", depth_first),
        ]


@contextmanager
def maybe_counting(count: bool, module: types.ModuleType, name: str) -> Iterator[Counter | None]:
    """``counting(module, name)`` if ``count``, else nothing."""
    if not count:
        yield None
        return
    with counting(module, name) as counter:
        yield counter


@contextmanager
def maybe_counting_ranked(count: bool, algorithm: Algorithm) -> Iterator[Counter | None]:
    """``counting_ranked(algorithm)`` if ``count``, else nothing."""
    if not count:
        yield None
        return
    with counting_ranked(algorithm) as counter:
        yield counter


def _calls(counter: Counter | None, extra: int = 0) -> int | None:
    return None if counter is None else counter.calls + extra


# ------------------------------------------------------------------------------------ aima3


@dataclass(frozen=True)
class Aima3:
    """aima3 (the Python code of Russell and Norvig's AIMA): ``minimax_decision`` and
    ``alphabeta_search`` (Figures 5.3 and 5.7), which search to the end and return the move.

    ``new_game()`` is an aima3 ``Game`` whose ``initial`` state is the case's position;
    ``move_name(move)`` names one of its moves.
    """

    new_game: Callable[[], Any]
    move_name: Callable[[Any], str]
    name = "aima3"

    def missing(self) -> str:
        return missing_module("aima3.games")

    def runners(self, case: Case) -> list[Runner]:
        games = importlib.import_module("aima3.games")

        def runner(function: str, kind: str) -> Runner:
            search_function = getattr(games, function)

            def prepare(count: bool) -> Search:
                game = self.new_game()
                counter = Counter()
                if count:  # max_value and min_value call terminal_test once each
                    terminal_test = game.terminal_test

                    def counted_terminal_test(state: Any) -> Any:
                        counter.calls += 1
                        return terminal_test(state)

                    game.terminal_test = counted_terminal_test

                def search() -> Outcome:
                    if not count:
                        return Outcome(None, self.move_name(search_function(game.initial, game)))
                    with root_values(function) as values:
                        move = search_function(game.initial, game)
                    # + 1: the start position, expanded by the top level itself
                    return Outcome(max(values), self.move_name(move), counter.calls + 1)

                return search

            return Runner(self.name, function, kind, prepare)

        return [
            runner("minimax_decision", "minimax"),
            runner("alphabeta_search", "plain-alpha-beta"),
        ]


@contextmanager
def root_values(function: str) -> Iterator[list[Any]]:
    """The values that ``min_value`` returns to the top level of aima3's ``function``.

    aima3's searches return the move only; the value of the start position is the best of these
    (for ``alphabeta_search``, the children after the first return bounds at most that best).
    Read with a profile hook, in the counting run only.
    """
    values: list[Any] = []
    inner = f"{function}.<locals>.min_value"
    callers = {function, f"{function}.<locals>.<lambda>"}

    def profile(frame: types.FrameType, event: str, arg: Any) -> None:
        if event == "return" and frame.f_code.co_qualname == inner:
            caller = frame.f_back
            if caller is not None and caller.f_code.co_qualname in callers:
                values.append(arg)

    sys.setprofile(profile)
    try:
        yield values
    finally:
        sys.setprofile(None)


# -------------------------------------------------------------------------------- OpenSpiel


def openspiel_missing() -> str:
    """Why OpenSpiel's searches cannot run here ("" if they can): its C++ games and its Python
    algorithms."""
    return missing_module("pyspiel") or missing_module("open_spiel.python.algorithms.minimax")


@dataclass(frozen=True)
class OpenSpiel:
    """OpenSpiel: a game built into ``pyspiel`` (C++), searched by the Python algorithms of
    ``open_spiel.python.algorithms``: ``expectiminimax`` (plain minimax on a deterministic game),
    alpha-beta (``alpha_beta_search``'s own recursion ``_alpha_beta``, called with our window
    [-1, 1]: ``alpha_beta_search`` always starts with (-∞, ∞)) and
    ``minimax_solver.MinimaxSolver`` (minimax with a table keyed by ``str(state)``; it solves
    from the game's initial state).

    ``move_name(state, action)`` names an action.
    """

    game_string: str
    move_name: Callable[[Any, int], str]
    name = "OpenSpiel"

    def missing(self) -> str:
        return openspiel_missing()

    def runners(self, case: Case) -> list[Runner]:
        pyspiel = importlib.import_module("pyspiel")
        minimax = importlib.import_module("open_spiel.python.algorithms.minimax")
        solver_module = importlib.import_module("open_spiel.python.algorithms.minimax_solver")
        game = pyspiel.load_game(self.game_string)
        depth = case.depth

        def plain(count: bool) -> Search:
            state = game.new_initial_state()

            def search() -> Outcome:
                with maybe_counting(count, minimax, "expectiminimax") as counter:
                    value, action = minimax.expectiminimax(
                        state, depth, None, state.current_player()
                    )
                return Outcome(value, self.move_name(state, action), _calls(counter))

            return search

        def pruned(count: bool) -> Search:
            state = game.new_initial_state()
            player = state.current_player()

            def search() -> Outcome:
                with maybe_counting(count, minimax, "_alpha_beta") as counter:
                    value, action = minimax._alpha_beta(state.clone(), depth, -1, 1, None, player)
                return Outcome(value, self.move_name(state, action), _calls(counter))

            return search

        def solved(count: bool) -> Search:
            solver = counting_solver(solver_module)(str(game)) if count else None
            solver = solver or solver_module.MinimaxSolver(str(game))
            state = game.new_initial_state()

            def search() -> Outcome:
                entry = solver.solve()[str(state)]
                values = entry.action_values
                action = max(state.legal_actions(), key=lambda a: values[a])  # the first best
                nodes = solver.nodes if count else None
                return Outcome(float(entry.value), self.move_name(state, action), nodes)

            return search

        return [
            Runner(self.name, "expectiminimax", "minimax", plain),
            Runner(self.name, "_alpha_beta(alpha=-1, beta=1)", "plain-alpha-beta", pruned),
            Runner(self.name, "MinimaxSolver", "minimax+table", solved),
        ]


@functools.cache
def counting_solver(solver_module: types.ModuleType) -> Any:
    """``MinimaxSolver`` that counts the positions it evaluates (see the table's notes)."""

    class CountingMinimaxSolver(solver_module.MinimaxSolver):  # type: ignore[misc, name-defined]
        nodes = 0

        def _create_table(self, state: Any) -> Any:
            self.nodes += 1
            if str(state) not in self._table:  # it expands the state: finished children in place
                self.nodes += sum(state.child(a).is_terminal() for a in state.legal_actions())
            return super()._create_table(state)

    return CountingMinimaxSolver


@dataclass(frozen=True)
class OpenSpielDepthLimited:
    """OpenSpiel's depth-limited alpha-beta (Python: ``alpha_beta_search``'s recursion
    ``_alpha_beta``, with our window [-1, 1]) on one of its C++ games, to the case's depth.

    ``evaluator()`` is called before each run (not timed) and gives the estimate of a state for
    player 0, the maximizing player: the notebook's heuristic on the state converted, so the
    conversion is inside the timed search; ``move_name(state, action)`` names the action found.
    """

    game_string: str
    evaluator: Callable[[], Callable[[Any], float]]
    move_name: Callable[[Any, int], str]
    name = "OpenSpiel"

    def missing(self) -> str:
        return openspiel_missing()

    def runners(self, case: Case) -> list[Runner]:
        pyspiel = importlib.import_module("pyspiel")
        minimax = importlib.import_module("open_spiel.python.algorithms.minimax")
        game = pyspiel.load_game(self.game_string)
        depth = case.depth

        def prepare(count: bool) -> Search:
            evaluate, state = self.evaluator(), game.new_initial_state()

            def search() -> Outcome:
                with maybe_counting(count, minimax, "_alpha_beta") as counter:
                    value, action = minimax._alpha_beta(state.clone(), depth, -1, 1, evaluate, 0)
                nodes = None if counter is None else counter.calls
                return Outcome(value, self.move_name(state, action), nodes)

            return search

        label = f"_alpha_beta(depth={depth}, alpha=-1, beta=1)"
        return [Runner(self.name, label, "plain-alpha-beta", prepare)]
