"""Exercises that check themselves: a student's search algorithm tested against its specification.

A lecture's exercise gives the student an empty function with the Solver's signature and a
check cell after it::

    >>> check_algorithm(my_alpha_beta, spec="alpha_beta")        # doctest: +SKIP
    my_alpha_beta meets the specification of alpha_beta: 150 random trees with 129 different
    windows, and 8 positions of Nim and tic-tac-toe ...

``check_algorithm`` runs the function on random trees and graphs (drawn by hypothesis; in a
graph equal subtrees are one state reached by several paths, as positions of a real game are),
on ``TRAPS``, on ``PRUNING`` and on positions of the course's games, each with a random window
or depth. On failure it reports the smallest counterexample (hypothesis shrinks it) drawn as a
tree with the student's and the correct value at each node, the condition that failed and a
hint where the calls show a known mistake (``gamesolver.feedback.hints``). The run is
derandomized, so that a notebook can show the report and nbval compare it.

**The specifications** (``SPECS``). The values are those of the course's own algorithms
(``Solver.ipynb`` and ``Search-in-Depth.ipynb``, loaded from this repository):

- ``minimax``, ``minimax_memo``: the value of the state for the player to move;
- ``alpha_beta``, ``alpha_beta_memo``: for a window ``[α, β]``, Knuth and Moore's conditions on
  the answer ``r`` (``v`` is the value): ``α < r < β`` ⇒ ``r = v``; ``r ≤ α`` ⇒ ``v ≤ r``;
  ``r ≥ β`` ⇒ ``v ≥ r`` (a fail-hard search, whose best starts at ``α``, meets them). And it
  prunes: on ``PRUNING`` it makes fewer value calls than the tree has nodes;
- ``alpha_beta_fail_soft``, stricter: also, ``r`` is the utility of some finished state;
- ``depth_limited``: the value of the tree cut ``depth`` moves below the state, with the game's
  heuristic at the cut (``with_estimates`` for trees);
- ``*_memo`` also: a reused table never changes an answer; ``minimax_memo`` expands each
  position once (``alpha_beta_memo`` may search a bound's position again). With
  ``symmetry=True`` a memo expands each class of positions equal up to symmetry once
  (``MIRRORED``), compared with the course's memo with that option.

**Limits.** A function that raises (``sys.exit`` too), recurses without end or makes more than
``MAX_CALLS`` value calls (counted in ``stats.calls``) fails on that example. The check runs in
a process of its own (``gamesolver.guard.apart``): one call of the student's function gets
``call_seconds``, the whole check ``total_seconds`` and ``memory_mb`` of growth (``None``: no
limit); a function that ends the process fails on the example it was given. What it prints is
caught; the report ends with its first lines.

**A student's heuristic.** ``check_heuristic(game, heuristic)`` checks the heuristic's contract
with the validator (``check_game``) and, once it holds, measures how often the move that
depth-limited search chooses with it keeps the position's exact value, next to the estimate 0,
under the same limits.
"""

from __future__ import annotations

import dataclasses
import functools
import html
import math
import os
import random
import tempfile
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from hypothesis import HealthCheck, Phase, Verbosity, given, settings
from hypothesis import strategies as st
from hypothesis.configuration import set_hypothesis_home_dir

from gamesolver import guard
from gamesolver.errors import error_text
from gamesolver.explore import random_position, walk
from gamesolver.feedback import hints
from gamesolver.feedback.check import CheckReport, check_game, ended_report
from gamesolver.feedback.hints import text
from gamesolver.game import AnyGame, Game, Value, is_nan, is_number
from gamesolver.guard import (
    CallTimeLimit,
    Ended,
    Interrupted,
    Limits,
    TotalTimeLimit,
    captured_output,
    shown,
)
from gamesolver.notebook import Kind, find_game, load_notebook, read
from gamesolver.resources import notebooks_folder
from gamesolver.stats import Algorithm, LimitedStats, LimitReached, Stats
from gamesolver.stepper import Stepper, number, window_text
from gamesolver.table import fmt
from gamesolver.trace import Search, record
from gamesolver.trees import (
    PLAYERS,
    Tree,
    breadth_first,
    children,
    is_leaf,
    size,
    subtree,
    tree_game,
)
from gamesolver.words import digits

COURSE_GAMES = ("Nim.ipynb", "Tic-Tac-Toe.ipynb")
"""The game notebooks whose positions every algorithm is also checked on."""

STORAGE = Path(tempfile.gettempdir()) / "gamesolver-hypothesis"
"""Where hypothesis keeps what it caches (its default, ``.hypothesis/`` in the current folder,
would land in the student's folder, a released assignment and the feedback)."""
if not os.getenv("HYPOTHESIS_STORAGE_DIRECTORY"):
    set_hypothesis_home_dir(STORAGE)

MAX_CALLS = 100_000
"""Value calls allowed on one example: far more than any correct search of these trees makes."""


def _ended(sentence: str) -> str:
    """``sentence`` with a full stop, unless it already ends as a sentence does (a question)."""
    return sentence if sentence.endswith(("?", "!", ".")) else f"{sentence}."


MAX_POSITION_CALLS = 3_000
"""A course game's position is checked if the course's minimax solves it within these calls."""


@dataclass(frozen=True)
class Spec:
    """A specification: the reference algorithm of the Solver and what is checked."""

    name: str
    algorithm: str
    """The Solver's algorithm that meets it: the value calls a student's are compared with."""
    windows: bool = False
    """Knuth–Moore's conditions for a window drawn at random (else: the value)."""
    fail_soft: bool = False
    """Also fail-soft: every answer is a value some finished state has, never α or β."""
    memo: bool = False
    """Memoization: a table asked the same question again gives the same answer."""
    depth: bool = False
    """Depth-limited: a depth drawn at random, the heuristic at the cut."""
    expand_once: bool = False
    """Each position expanded once (alpha-beta's memo may search a bound's position again)."""
    symmetry: bool = False
    """A memo asked to key its table by a position's class up to symmetry (as the course's)."""


SPECS = {
    spec.name: spec
    for spec in (
        Spec("minimax", "minimax"),
        Spec("minimax_memo", "minimax_memo", memo=True, expand_once=True),
        Spec("alpha_beta", "alpha_beta", windows=True),
        Spec("alpha_beta_fail_soft", "alpha_beta", windows=True, fail_soft=True),
        Spec("alpha_beta_memo", "alpha_beta_memo", windows=True, memo=True),
        Spec("depth_limited", "depth_limited", depth=True),
    )
}
"""The specifications ``check_algorithm`` knows (see the module)."""


# -- the course's reference -----------------------------------------------------------------------


@functools.cache
def course_solver() -> ModuleType:
    """The course's ``Search-in-Depth.ipynb`` (which runs ``Solver.ipynb``), loaded once from
    ``resources.notebooks_folder``: the reference values and value calls."""
    return load_notebook(notebooks_folder() / "Search-in-Depth.ipynb")


SEARCH: Kind[Algorithm] = Kind("a search (game, state, player, stats, ...) -> value", callable)
"""What the checks read from the course's notebook: its searches, as the reference."""


def course_search(name: str) -> Algorithm:
    """The course's search ``name`` (``minimax``, ``alpha_beta_memo``, ...), checked and typed."""
    return read(course_solver(), name, SEARCH, "the exercise checks")


@functools.cache
def course_games() -> tuple[AnyGame, ...]:
    """The games of ``COURSE_GAMES``, loaded once."""
    return tuple(find_game(load_notebook(notebooks_folder() / name)) for name in COURSE_GAMES)


# -- trees, graphs and the games made of them -----------------------------------------------------


def _same(state: Any) -> Any:
    """A tree's or graph's ``canonical``: a state is its own symmetry class (a student's
    ``symmetry=True`` option runs, and changes nothing)."""
    return state


def example_tree_game(tree: Tree) -> Game[Any, str]:
    """``tree_game(tree)`` with ``canonical``, the identity (``_same``)."""
    return dataclasses.replace(tree_game(tree), canonical=_same)


def _mirrored(state: Any) -> Any:
    """A graph's state with the moves at every node in one order (sorted): the representative
    of the states that are mirror images of it, whose values are the same."""
    if is_leaf(state):
        return state
    return tuple(sorted((_mirrored(child) for child in children(state)), key=repr))


def graph_game(tree: Tree, symmetric: bool = False) -> Game[Any, str]:
    """The game of ``tree`` in which a state is the subtree itself (nested tuples), so that equal
    subtrees are one state reached by several paths (a transposition); with ``symmetric``,
    ``canonical`` sorts the moves (``_mirrored``), else it is the identity."""

    def frozen(node: Tree) -> Any:
        return node if is_leaf(node) else tuple(frozen(child) for child in children(node))

    base = tree_game(tree)
    names: dict[Any, str] = {}
    for path in breadth_first(tree):
        names.setdefault(frozen(subtree(tree, path)), base.text(path))

    def utility(state: Any, player: str) -> Value:
        return state if player == PLAYERS[0] else -state  # type: ignore[no-any-return]

    return Game(
        "graph",
        PLAYERS,
        frozen(tree),
        lambda state, player: list(children(state)),
        is_leaf,
        utility,
        utility_range=base.utility_range,
        canonical=_mirrored if symmetric else _same,
        show=lambda state: names.get(state, repr(state)),
    )


def with_estimates(game: Game[Any, str], tree: Tree) -> Game[Any, str]:
    """``game`` (a tree's) with a heuristic: half the value of the first leaf below a node,
    for Max (strictly inside the utility range, as the heuristic's contract asks)."""

    def first_leaf(node: Any) -> Value:
        while not is_leaf(node):
            node = children(node)[0]
        return node  # type: ignore[no-any-return]

    def heuristic(state: Any, player: str) -> Value:
        node = subtree(tree, state) if isinstance(state, tuple) and game.Start == () else state
        estimate = first_leaf(node) / 2
        return estimate if player == PLAYERS[0] else -estimate

    return dataclasses.replace(game, heuristic=heuristic)


LEAVES = st.integers(-9, 9)
TREES = st.recursive(LEAVES, lambda below: st.lists(below, min_size=1, max_size=3), max_leaves=10)


@st.composite
def _graphs(draw: st.DrawFn) -> Tree:
    """A game graph as a nested list: up to four layers of two or three nodes, each a list of
    nodes and leaves of the layers below, so that most nodes have several parents, some at
    several depths."""
    leaves: list[Tree] = draw(st.lists(LEAVES, min_size=2, max_size=3))
    layer, below = leaves, list(leaves)
    for _ in range(draw(st.integers(1, 4))):
        node = st.lists(st.sampled_from(layer + below), min_size=1, max_size=3)
        layer = draw(st.lists(node, min_size=2, max_size=3))
        below += layer
    return draw(st.lists(st.sampled_from(layer + below), min_size=1, max_size=3))


TRAPS: tuple[Tree, ...] = (
    [[0, [4, 9]], [[4, 9]]],
    [[[0, [-4, -9]], [[-4, -9]]]],
    [[2, [[[2, 9]]]], [[2, 9]]],
)
"""Graphs that random ones seldom match, tried for every specification: the smallest in which a
bound stored as a value changes the answer. In the first, ``[4, 9]`` (Max to move) is reached
twice: first its 4 reaches β and cuts off the 9 (only "at least 4" is known), then 4 is inside
the window and only the exact 9 is right. The second is the same one move lower (Min to move);
in the third, ``[[2, 9]]`` first fails low three moves down, then is reached from the root."""


MIRRORED: Tree = [[1, 2], [2, 1]]
"""A trap for a memo asked to use symmetry (random graphs seldom have one): B and C, Min to move
in both, are mirror images of each other (``graph_game(tree, symmetric=True)``), so a memo keyed
by the class of a position expands one of them only."""

PRUNING: tuple[tuple[Tree, tuple[Value, Value], str], ...] = (
    (
        [[1, 2], [3, 4]],
        (5, 9),
        "every leaf is below α = 5, so at B and at C (Min to move) the first leaf searched "
        "already fails low, and alpha-beta returns there without searching the other",
    ),
    (
        [[[5, 6]]],
        (-9, 4),
        "both leaves are above β = 4, so at C (Max to move) the first leaf searched already "
        "fails high, and alpha-beta returns there without searching the other",
    ),
)
"""Trees and windows on which every alpha-beta cuts off, whatever its move order: every leaf
of a node below the root lies strictly beyond the window that node can get (a window is passed
down as it is or narrowed), so its first leaf already fails low or high. A search that makes as
many value calls as the tree has nodes does not prune, and fails "cuts off"."""


_BOUNDS = st.one_of(
    st.integers(-10, 10),
    st.integers(-10, 9).map(lambda n: n + 0.5),
    st.sampled_from([-math.inf, math.inf]),
)
WINDOWS: st.SearchStrategy[tuple[Value, Value]] = (
    st.tuples(_BOUNDS, _BOUNDS).filter(lambda w: w[0] != w[1]).map(lambda w: (min(w), max(w)))
)


# -- one example: the student's answer against the specification ----------------------------------


@dataclass(frozen=True)
class Example:
    """A question for the algorithm: a state of a game, with a window or a depth."""

    game: AnyGame
    state: Hashable
    player: Hashable
    window: tuple[Value, Value] | None = None
    depth: int | None = None
    tree: Tree | None = None
    """The nested list, for a tree or graph example (``None`` for a course game's position)."""
    given: bool = True
    """The window is given as ``alpha`` and ``beta`` (else it is the default: the utility range)."""

    @property
    def options(self) -> dict[str, Any]:
        """The keyword arguments of the call: the window or the depth."""
        if self.window is not None and self.given:
            return {"alpha": self.window[0], "beta": self.window[1]}
        return {} if self.depth is None else {"depth": self.depth}

    @property
    def nodes(self) -> int:
        """How big the example is: a tree's nodes, a graph's distinct states (a position of a
        course game counts as larger than any)."""
        if self.tree is None:
            return 10**6
        if self.game.Start == ():
            return size(self.tree)
        return len({repr(subtree(self.tree, path)) for path in breadth_first(self.tree)})

    def text(self) -> str:
        """The example in words: the tree or position, and the window or depth."""
        if self.tree is not None:
            what = f"the {'graph' if self.game.Start != () else 'tree'} {self.tree!r}"
        else:
            shown_here = _in_a_line(self.game, self.state, self.player)
            what = f"{self.game.name}'s position {shown_here}, {self.player} to move"
        if self.window is not None:
            default = "" if self.given else " (the default)"
            what += f" with the window {window_text(self.window)}{default}"
        if self.depth is not None:
            what += f" at depth {self.depth}"
        return what

    def case(self) -> Case:
        """The example as a report names it (plain data)."""
        position = "" if self.tree is not None else self.game.text(self.state)
        graph = self.tree is not None and self.game.Start != ()
        return Case(self.text(), self.tree, graph, self.window, self.depth, self.nodes, position)


@dataclass(frozen=True)
class Case:
    """An example as a report names it: plain data, which the check's process hands back (the
    example's game, made of functions, stays there)."""

    said: str
    """The example in words (``Example.text``)."""
    tree: Tree | None
    graph: bool
    """The tree is a graph (equal subtrees are one state)."""
    window: tuple[Value, Value] | None
    depth: int | None
    nodes: int
    position: str
    """A course game's position as the game draws it ("" for a tree or a graph)."""

    def text(self) -> str:
        """The example in words."""
        return self.said


@dataclass(frozen=True)
class Failure:
    """A condition of the specification that an answer broke, in one sentence."""

    condition: str
    sentence: str
    found: str = "The smallest counterexample found"
    """How the report introduces the example (one not shrunk is not the smallest)."""


class _Expansions:
    """A game whose ``next_states`` counts how often each position is expanded; with
    ``symmetry``, each class of positions equal up to symmetry (``game.canonical``), keeping the
    first two positions of a class that it met."""

    def __init__(self, game: AnyGame, symmetry: bool = False) -> None:
        self.counts: Counter[tuple[Hashable, Hashable]] = Counter()
        self.met: dict[tuple[Hashable, Hashable], list[Hashable]] = {}
        canonical = game.canonical if symmetry else None

        def next_states(state: Hashable, player: Hashable) -> Sequence[Hashable]:
            key = (state if canonical is None else canonical(state), player)
            self.counts[key] += 1
            met = self.met.setdefault(key, [])
            if len(met) < 2 and state not in met:
                met.append(state)
            return game.next_states(state, player)

        self.game = dataclasses.replace(game, next_states=next_states)


def _ask(function: Callable[..., Value], game: AnyGame, example: Example) -> tuple[Any, int]:
    """The function's answer to ``example`` on ``game`` and its value calls (bounded: a call
    of the student's code, ``guard.call``, where the check's process bounds it)."""
    stats = LimitedStats(max_calls=MAX_CALLS)
    with guard.call():
        answer = function(game, example.state, example.player, stats, **example.options)
    return answer, stats.calls


def _reference(spec: Spec, example: Example) -> tuple[Value, int]:
    """The correct value of ``example`` and the course's algorithm's value calls on it (with
    ``spec.symmetry``, its memo keyed by the class of a position up to symmetry, as the
    student's function was asked to)."""
    game, state, player = example.game, example.state, example.player
    value = true_value(spec, game, state, player, example.depth)
    calls = Stats()
    options = {**example.options, **({"symmetry": True} if spec.symmetry and spec.memo else {})}
    course_search(spec.algorithm)(game, state, player, calls, **options)
    return value, calls.calls


def leaf_values(game: AnyGame, state: Hashable, player: Hashable, side: Hashable) -> set[Value]:
    """The utilities for ``side`` of the finished states reachable from ``state``, ``player``
    to move."""
    return {
        game.utility(here, side) for here, _ in walk(game, state, player) if game.finished(here)
    }


def judge(
    spec: Spec, answer: Any, value: Value, example: Example, side: Hashable = None
) -> Failure | None:
    """The first condition of ``spec`` that ``answer`` breaks, where the value is ``value``;
    the answer, the value and the window are seen from ``side`` (default: the player to move)."""
    if not is_number(answer):
        nan = "nan, which is neither smaller nor larger than any value"
        what = nan if is_nan(answer) else shown(answer)
        return Failure("returns a number", f"it returned {what}, not a number")
    got, true = text(answer), text(value)
    if example.window is None:
        if answer == value:
            return None
        return Failure("the value", f"it returned {got} where the value is {true}")
    alpha, beta = example.window
    low, high = number(alpha), number(beta)
    if alpha < answer < beta and answer != value:
        return Failure(
            "exact inside the window",
            f"it returned {got}, inside the window ({low} < {got} < {high}), where the value is "
            f"{true}: inside the window the answer must be the value",
        )
    if answer <= alpha and not value <= answer:
        return Failure(
            "an upper bound when it fails low",
            f"it returned {got} ≤ α = {low}, but the value is {true} > {got}: an answer at or "
            "below α must be an upper bound on the value",
        )
    if answer >= beta and not value >= answer:
        return Failure(
            "a lower bound when it fails high",
            f"it returned {got} ≥ β = {high}, but the value is {true} < {got}: an answer at or "
            "above β must be a lower bound on the value",
        )
    side = example.player if side is None else side
    if spec.fail_soft and answer not in leaf_values(
        example.game, example.state, example.player, side
    ):
        bound = "α" if answer == alpha else "β" if answer == beta else "a number"
        return Failure(
            "fail-soft",
            f"it returned {got}, which no finished state is worth: it answered with {bound} "
            "where a fail-soft search answers with the best value it found (start best at "
            "game.worst, not at α; at a cut-off return best, not β); the lecture's "
            f"specification, {spec.algorithm}, accepts this answer",
        )
    return None


def raised(error: BaseException) -> Failure:
    """The condition an exception of the student's function breaks, in a sentence: also a
    ``SystemExit`` (``sys.exit``), a ``KeyboardInterrupt`` raised by the function itself, or a
    ``MemoryError`` (at the limit of the check's process, ``guard.memory_mb``)."""
    if isinstance(error, RecursionError):
        return Failure("ends", "it recursed without end (RecursionError)")
    if isinstance(error, MemoryError):
        return Failure(
            "stays within memory",
            f"it {guard.memory_text()}: does it build an endless list, or a copy of something "
            "huge for every call?",
        )
    sentence = f"it raised {error_text(error)}"
    if isinstance(error, SystemExit):
        sentence += " (sys.exit ends a whole program: a search returns its value instead)"
    elif not isinstance(error, Exception):
        sentence += " (a search returns its value instead)"
    return Failure("runs without error", sentence)


def run_example(
    function: Callable[..., Value],
    spec: Spec,
    example: Example,
) -> tuple[Failure | None, int, int]:
    """Ask ``function`` about ``example``, each call inside ``guard.call()``: the condition
    broken (if any), the function's value calls and the course algorithm's."""
    value, reference_calls = _reference(spec, example)
    counted = _Expansions(example.game, spec.symmetry)
    try:
        answer, calls = _ask(function, counted.game, example)
        if spec.memo:
            again, _ = _ask(function, example.game, example)
    except LimitReached:
        sentence = f"it made more than {MAX_CALLS:,} value calls: does the recursion end?"
        return Failure("ends", sentence), MAX_CALLS, reference_calls
    except Interrupted:
        raise  # a limit of the check's process: the check says which
    except BaseException as error:
        return raised(error), 0, reference_calls
    failure = judge(spec, answer, value, example) or inner_failure(function, spec, example)
    twice = [position for position, times in counted.counts.items() if times > 1]
    if failure is None and spec.expand_once and twice:
        key = twice[0]
        player, met = key[1], counted.met[key]
        if len(met) > 1:
            first, other = (_in_a_line(example.game, state, player) for state in met[:2])
            failure = Failure(
                "each position expanded once, up to symmetry",
                f"it asked for the moves of {first} and of {other} with {player} to move, "
                "one position up to symmetry (game.canonical gives both the same key): with "
                "symmetry=True its memo table should answer the second",
            )
        else:
            failure = Failure(
                "each position expanded once",
                f"it asked for the moves of {example.game.text(met[0])} with {player} to move "
                f"{counted.counts[key]} times: after the first, its memo table should answer",
            )
    if failure is None and spec.memo and _differs(again, answer):
        failure = Failure(
            "a reused table never changes an answer",
            f"asked the same question again it answered {shown(again)}, not {text(answer)}: "
            "something is kept from one search to the next (a memo table outside the function?)",
        )
    return failure, calls, reference_calls


def _in_a_line(game: AnyGame, state: Hashable, player: Hashable) -> str:
    """A position in one line, for a sentence: the game's notation if it has one, else its text
    (quoted, if that takes several lines)."""
    if game.notation is not None:
        return game.notation(state, player)
    said = game.text(state)
    return repr(said) if "\n" in said else said


def _differs(again: Any, answer: Value) -> bool:
    """Whether the second answer differs from the first (a number): also if comparing raises."""
    try:
        return bool(again != answer)
    except Exception:
        return True


def true_value(
    spec: Spec, game: AnyGame, state: Hashable, player: Hashable, limit: int | None
) -> Value:
    """The correct value of a position: exact, or for depth-limited search cut ``limit`` moves
    below it (the course's algorithms compute it)."""
    if spec.depth:
        return course_search("depth_limited")(game, state, player, Stats(), limit)
    return course_search("minimax_memo")(game, state, player, Stats())


def _readable(search: Search, example: Example) -> bool:
    """Whether the recorded calls can be judged: the root call answers what the function did,
    and in the Max/Min form the first call is ``max_value`` (the calls' players and sides are
    then set from the player to move, where ``record`` takes Max to be the first player)."""
    if not search.calls or search.result is None:
        return False
    game, root = example.game, search.calls[search.roots[-1]]
    if root.function != "value":
        if search.calls[0].function != "max_value":
            return False
        for call in search.calls:
            mover = call.function == "max_value"
            call.player = example.player if mover else game.other(example.player)
            call.perspective = example.player
    elif root.player != example.player:
        return False
    return bool(root.result == search.result)


def _wrong_call(spec: Spec, search: Search, example: Example) -> Failure | None:
    """The first recorded call whose answer breaks ``spec`` for its own position and window."""
    game, first = example.game, example.game.Players[0]
    view = Stepper(search)  # Max's side (the first player's), as the drawing shows it
    for call in search.calls:
        answer, window = view.value(call.index), view.window(call.index)
        if not is_number(answer) or (spec.windows and window is None):
            continue  # not the Solver's form: the root's answer was judged
        if spec.depth and (call.limit is None or window is None):
            continue
        value = true_value(spec, game, call.state, call.player, call.limit)
        value = value if call.player == first else -value
        local = Example(game, call.state, call.player, window)
        failure = judge(spec, answer, value, local, side=first)
        if failure is not None:
            where = f"{game.text(call.state)} ({call.player} to move"
            where += f", window {window_text(window)} for {first})" if window else ")"
            return Failure(failure.condition, f"called at {where}, {failure.sentence}")
    return None


def _recorded(
    function: Callable[..., Value], example: Example, strict: bool = True
) -> Search | None:
    """The recorded calls of ``function`` on ``example`` (``gamesolver.trace.record``, inside
    ``guard.call()``); ``None`` if it has no inner function to record, or raised (its answer is
    judged without them)."""
    try:
        with guard.call():
            return record(
                function,
                example.game,
                example.state,
                example.player,
                strict=strict,
                **example.options,
            )
    except Interrupted:
        raise
    except BaseException:
        return None


def inner_failure(
    function: Callable[..., Value],
    spec: Spec,
    example: Example,
) -> Failure | None:
    """The first recorded inner call whose answer breaks the specification for its own position
    and window (where a memo table's wrong entry shows); ``None`` if none can be judged, or
    every answer is right read from the mover's side or, for a negamax ``value``, the root's."""
    search = _recorded(function, example)
    if search is None or not _readable(search, example):
        return None  # the root's answer was judged
    failure = _wrong_call(spec, search, example)
    if failure is not None and search.calls[search.roots[-1]].function == "value":
        for call in search.calls:
            call.perspective = example.player
        if _wrong_call(spec, search, example) is None:
            return None
    return failure


# -- the report -----------------------------------------------------------------------------------


@dataclass
class Row:
    """A node of a counterexample, as drawn: Max's side, like the lecture's trees."""

    prefix: str
    name: str
    player: Hashable
    leaf: Value | None
    correct: Value
    """The node's value for Max (for depth-limited search: of the tree cut at the depth)."""
    answer: Value | None = None
    """What the student's function answered here (from Max's side), if it was called."""
    window: tuple[Value, Value] | None = None
    calls: int = 0
    wrong: bool = False
    """The answer breaks the specification at this node (given its own window)."""

    def plain(self) -> Row:
        """The row with the student's answer and window as plain data, which the check's
        process can hand back: a number as it is, anything else as the report writes it."""
        return dataclasses.replace(
            self, answer=_plain(self.answer), window=_plain_window(self.window)
        )


class _Said(str):
    """What a report writes for a value that is not a plain number (``text``): its ``repr`` is
    the text itself."""

    def __repr__(self) -> str:
        return str(self)


def _plain(value: Any) -> Any:
    """``value`` if it is ``None`` or an ``int`` or ``float`` short enough to write, else the
    text a report writes for it (``_Said``)."""
    if value is None or (type(value) is float) or (type(value) is int and digits(value) <= 300):
        return value
    return _Said(text(value))


def _plain_window(window: Any) -> tuple[Value, Value] | None:
    """A window as plain numbers (``None`` if it is not a pair of numbers: the student's
    function may pass anything as alpha and beta)."""
    if window is None:
        return None
    try:
        low, high = window
        return (
            float(low) if type(low) not in (int, float) else low,
            float(high) if type(high) not in (int, float) else high,
        )
    except (TypeError, ValueError, OverflowError):
        return None


LEGEND = "Values for Max; ✗: yours breaks the specification there."
"""The caption of a counterexample's drawing."""


@dataclass
class AlgorithmCheck:
    """What ``check_algorithm`` found: a pass and what was tried, or the smallest counterexample."""

    function: str
    spec: str
    failure: Failure | None
    example: Case | None
    """The smallest counterexample found (``None`` on a pass)."""
    trees: int
    windows: int
    positions: int
    calls: int
    reference_calls: int
    games: tuple[str, ...] = ()
    rows: list[Row] = field(default_factory=list)
    printed: int = 0
    """How many characters the function printed during the check (not shown)."""
    output: str = ""
    """The first lines of what it printed, as the report ends with them ("" if nothing)."""
    hints: tuple[str, ...] = ()
    """The likely mistake, and why the default window hid it, where the example shows them
    (``gamesolver.feedback.hints``): a sentence each, after the counterexample."""

    @property
    def passed(self) -> bool:
        """True iff no condition failed."""
        return self.failure is None

    @property
    def condition(self) -> str:
        """The condition that failed (empty on a pass)."""
        return "" if self.failure is None else self.failure.condition

    @property
    def counterexample(self) -> str:
        """The counterexample as a nested list (a position as the game shows it)."""
        if self.example is None:
            return ""
        if self.example.tree is not None:
            return repr(self.example.tree)
        return self.example.position

    def tried(self) -> str:
        """What was tried, in words."""
        what = f"{self.trees:,} random trees and graphs"
        if self.windows:
            what += f" with {self.windows:,} different windows"
        if self.positions:
            what += f", and {self.positions} positions of {' and '.join(self.games)}"
        return what

    def lines(self) -> list[str]:
        """The report as lines of text (without the drawing)."""
        calls = (
            f"Value calls: {fmt(self.calls)}; the course's {SPECS[self.spec].algorithm}: "
            f"{fmt(self.reference_calls)}, on the same trees and positions."
        )
        if self.failure is None:
            return [
                f"{self.function} meets the specification of {self.spec}: {self.tried()}.",
                calls,
            ]
        if self.example is None:  # the check ran out of time: no counterexample
            return [
                f"{self.function} did not finish the check of {self.spec} "
                f"{self.failure.sentence}: no failure so far, on {self.tried()}.",
                calls,
            ]
        return [
            f"{self.function} fails the specification of {self.spec} "
            f"({self.failure.condition}): {_ended(self.failure.sentence)}",
            f"{self.failure.found}: {self.example.text()}.",
            *self.hints,
        ]

    def table(self) -> list[list[str]]:
        """The drawing of the counterexample: a row of cells per node, the header first."""
        header = ["node", "to move", "window", "yours", "correct"]
        cells = [header]
        recorded = any(row.calls for row in self.rows)  # (else only the root's answer is known)
        for row in self.rows:
            leaf = "" if row.leaf is None else f" = {number(row.leaf)}"
            answer = "" if row.answer is None else text(row.answer)
            if recorded and not row.calls and row.answer is None:
                answer = "never called"
            if row.calls > 1:
                answer += f" ({row.calls} calls)"
            cells.append(
                [
                    f"{row.prefix}{row.name}{leaf}",
                    str(row.player),
                    "" if row.window is None else window_text(row.window),
                    answer + ("  ✗" if row.wrong else ""),
                    text(row.correct),
                ]
            )
        return cells

    def __repr__(self) -> str:
        lines = self.lines()
        if self.rows:
            cells = self.table()
            widths = [max(len(row[i]) for row in cells) for i in range(len(cells[0]))]
            lines.append(LEGEND)
            lines += [
                "  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip()
                for row in cells
            ]
        if self.output:
            lines.append(self.output)
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        parts = [f"<p>{html.escape(line)}</p>" for line in self.lines()]
        if self.rows:
            cells = self.table()
            head = "".join(f"<th>{html.escape(cell)}</th>" for cell in cells[0])
            body = []
            for row, node in zip(cells[1:], self.rows, strict=True):
                wrong = ' style="color:#d55e00;font-weight:bold"' if node.wrong else ""
                styles = [" style='white-space:pre;font-family:monospace'", "", "", wrong, ""]
                tds = zip(styles, row, strict=True)
                body.append(f"<tr>{''.join(f'<td{t}>{html.escape(c)}</td>' for t, c in tds)}</tr>")
            parts.append(
                f"<p>{LEGEND}</p>"
                f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
            )
        if self.output:
            parts.append(f"<pre>{html.escape(self.output)}</pre>")
        return "\n".join(parts)


def draw(
    function: Callable[..., Value],
    spec: Spec,
    example: Example,
) -> list[Row]:
    """The rows of the counterexample's tree: the recorded calls of the student's function
    (if it has an inner ``value`` function to record; run inside ``guard.call()``) beside the
    correct values."""
    search = _recorded(function, example, strict=False)
    if search is None or not search.calls:
        try:
            root = _ask(function, example.game, example)[0]
        except Interrupted:
            raise
        except BaseException:  # pragma: no cover  (judged already: here only to be shown)
            root = None
        return _Drawing(spec, example, None, root).rows
    return _Drawing(spec, example, search, search.result).rows


class _Drawing:
    """The rows of a counterexample's tree, its root first, each node's children below it:
    the correct value at each node, and the student's answer where a recorded call (of
    ``search``) was made, else ``root`` at the root only."""

    def __init__(self, spec: Spec, example: Example, search: Search | None, root: Any) -> None:
        self.spec = spec
        self.example = example
        self.root = root
        assert example.tree is not None
        self.tree: Tree = example.tree
        self.stepper = None if search is None else Stepper(search)
        self.calls_at: dict[tuple[int, ...], list[int]] = {}
        for index, path in ({} if search is None else _nodes(example.game, search)).items():
            self.calls_at.setdefault(path, []).append(index)
        self.rows: list[Row] = []
        self.add((), "", "")

    def state_at(self, path: tuple[int, ...]) -> Hashable:
        state = self.example.state
        for depth, i in enumerate(path):
            state = self.example.game.next_states(state, PLAYERS[depth % 2])[i]
        return state

    def add(self, path: tuple[int, ...], prefix: str, below: str) -> None:
        """The row of the node at ``path``, then the rows below it."""
        example, game = self.example, self.example.game
        player, state = PLAYERS[len(path) % 2], self.state_at(path)
        limit = None if example.depth is None else max(example.depth - len(path), 0)
        value = true_value(self.spec, game, state, player, limit)
        node = subtree(self.tree, path)
        first = game.Players[0]
        leaf: Any = node if is_leaf(node) else None
        row = Row(prefix, game.text(state), player, leaf, value if player == first else -value)
        found = self.calls_at.get(path, [])
        if found and self.stepper is not None:
            window = self.stepper.window(found[0]) or (example.window if not path else None)
            row.answer, row.window, row.calls = self.stepper.value(found[0]), window, len(found)
        elif not path:
            row.answer, row.window = self.root, example.window
        if row.answer is not None:
            local = dataclasses.replace(example, state=state, player=player, window=row.window)
            row.wrong = judge(self.spec, row.answer, row.correct, local, side=first) is not None
        self.rows.append(row)
        kids = list(children(node))
        for i in range(len(kids)):
            last = i == len(kids) - 1
            more = below + ("   " if last else "│  ")
            self.add((*path, i), below + ("└─ " if last else "├─ "), more)


def _nodes(game: AnyGame, search: Search) -> dict[int, tuple[int, ...]]:
    """The node of the tree each recorded call was made at, as the path of move numbers from
    the root: its parent's node and the first child of it with the call's state."""
    nodes: dict[int, tuple[int, ...]] = {}
    for call in search.calls:
        if call.parent is None:
            nodes[call.index] = ()
            continue
        if call.parent not in nodes:
            continue
        parent, above = nodes[call.parent], search.calls[call.parent]
        taken = {nodes[c] for c in above.children if c in nodes}
        for i, state in enumerate(game.next_states(above.state, above.player)):
            if state == call.state and (*parent, i) not in taken:
                nodes[call.index] = (*parent, i)
                break
    return nodes


ANSWERS = (
    "the value",
    "exact inside the window",
    "an upper bound when it fails low",
    "a lower bound when it fails high",
    "fail-soft",
)
"""The conditions on an answer (``judge``'s): those a hint may explain, with "cuts off"."""


def _hints(
    function: Callable[..., Value],
    spec: Spec,
    failure: Failure,
    example: Example,
) -> tuple[str, ...]:
    """The hints on ``failure`` (``gamesolver.feedback.hints``): the mistakes the recorded calls
    show, no pruning, and whether the default window hides it (asked again without one)."""
    if failure.condition not in (*ANSWERS, "cuts off"):
        return ()
    game, found = example.game, []
    search = _recorded(function, example, strict=False)
    if search is not None and _readable(search, example):
        found += hints.mistakes(search, game.utility_range)
    if failure.condition == "cuts off":
        found.append(hints.NO_PRUNING)
    default = game.utility_range
    if failure.condition in ANSWERS and example.given and example.window not in (None, default):
        plain = dataclasses.replace(example, window=default, given=False)
        if run_example(function, spec, plain)[0] is None:
            found.append(hints.default_window_hint(default, found))
    return tuple(found)


# -- the check ------------------------------------------------------------------------------------


def _tree_game(spec: Spec, tree: Tree, graph: bool) -> AnyGame:
    """The game of ``tree`` for ``spec``: a graph's or a tree's, with estimates if depth-limited."""
    game = graph_game(tree, spec.symmetry) if graph else example_tree_game(tree)
    return with_estimates(game, tree) if spec.depth else game


def _examples(spec: Spec) -> st.SearchStrategy[Example]:
    """Random examples for ``spec``: trees and graphs (trees first: hypothesis shrinks towards
    them; graphs with positions equal up to symmetry if ``spec.symmetry``), with windows or
    depths."""
    kinds = st.one_of(TREES.map(lambda t: (t, False)), _graphs().map(lambda t: (t, True)))

    @st.composite
    def examples(draw: st.DrawFn) -> Example:
        tree, shared = draw(kinds)
        game = _tree_game(spec, tree, shared)
        window: tuple[Value, Value] | None = None
        if spec.windows:
            window = draw(st.one_of(st.none(), WINDOWS))
        given = window is not None
        if spec.windows and window is None:
            window = game.utility_range
        depth = draw(st.integers(0, 4)) if spec.depth else None
        return Example(game, game.Start, PLAYERS[0], window, depth, tree, given)

    return examples()


def trap_examples(spec: Spec) -> list[Example]:
    """The ``TRAPS`` as examples for ``spec``: the default window, the depth of the whole graph
    (and ``MIRRORED`` if ``spec.symmetry``, all with positions equal up to symmetry)."""
    found = []
    for tree in TRAPS + ((MIRRORED,) if spec.symmetry else ()):
        game = _tree_game(spec, tree, True)
        window = game.utility_range if spec.windows else None
        depth = 4 if spec.depth else None  # (no trap is deeper)
        found.append(Example(game, game.Start, PLAYERS[0], window, depth, tree, False))
    return found


def pruning_examples(spec: Spec) -> list[tuple[Example, str]]:
    """The ``PRUNING`` trees as examples for ``spec`` (none if it has no windows), each with
    the reason why every alpha-beta cuts off there."""
    if not spec.windows:
        return []
    found = []
    for tree, window, why in PRUNING:
        game = example_tree_game(tree)
        found.append((Example(game, game.Start, PLAYERS[0], window, None, tree), why))
    return found


def course_positions(spec: Spec, seed: int = 0, per_game: int = 4) -> list[Example]:
    """Positions of the course's games, reached by seeded random moves from the start, small
    enough for the course's minimax (``MAX_POSITION_CALLS``), each with a random window or depth."""
    rng = random.Random(seed)
    minimax = course_search("minimax")
    found: list[Example] = []
    for game in course_games():
        for _ in range(per_game * 20):
            if sum(example.game is game for example in found) == per_game:
                break
            state, player = random_position(game, rng, 8)
            try:
                minimax(game, state, player, LimitedStats(max_calls=MAX_POSITION_CALLS))
            except LimitReached:
                continue
            window = None
            if spec.windows:
                low, high = game.utility_range
                bounds = [-math.inf, low - 0.5, low, (low + high) / 2, high, high + 0.5, math.inf]
                window = tuple(sorted(rng.sample(bounds, 2)))
            depth = rng.randint(0, 3) if spec.depth else None
            found.append(Example(game, state, player, window, depth))  # type: ignore[arg-type]
    return found


def function_name(function: Callable[..., Any]) -> str:
    """How a report names ``function``: its ``__name__``; a ``functools.partial`` as the call
    ``my_minimax_memo(symmetry=True)``; never a ``repr`` with a memory address."""
    if isinstance(function, functools.partial):
        given = [shown(argument, 40) for argument in function.args]
        given += [f"{key}={shown(argument, 40)}" for key, argument in function.keywords.items()]
        return f"{function_name(function.func)}({', '.join(given)})"
    name = getattr(function, "__name__", None)
    return name if isinstance(name, str) else type(function).__name__


def check_algorithm(
    student_function: Callable[..., Value],
    spec: str = "alpha_beta",
    examples: int = 150,
    games: bool = True,
    *,
    call_seconds: float | None = 10.0,
    total_seconds: float | None = 120.0,
    memory_mb: float | None = 2000.0,
    symmetry: bool = False,
) -> AlgorithmCheck:
    """Check ``student_function`` against the specification ``spec`` (see the module).

    ``examples``: how many random trees and graphs hypothesis draws; ``games``: also positions
    of ``COURSE_GAMES``; the limits are the module's. ``symmetry``: call it with
    ``symmetry=True`` (as a ``functools.partial(f, symmetry=True)`` is) and check it as a memo
    keyed by a position's class up to symmetry. The result shows itself in a notebook.
    """
    if spec not in SPECS:
        raise ValueError(f"no specification {spec!r}: one of {', '.join(SPECS)}")
    course_solver()  # loaded here, once for every check, and before the clock starts
    if games:
        course_games()
    limits = Limits(call_seconds, total_seconds, memory_mb)
    bound = student_function.keywords if isinstance(student_function, functools.partial) else {}
    if bound.get("symmetry") is True:
        symmetry = True
    elif symmetry:
        student_function = functools.partial(student_function, symmetry=True)
    run = _Run(student_function, dataclasses.replace(SPECS[spec], symmetry=symmetry), limits)
    return guard.apart(lambda: run.report(examples, games), limits, run.ended)


class _Failed(Exception):
    """Raised for hypothesis, so that it shrinks the example."""


class _Run:
    """One run of ``check_algorithm`` (in the check's process): the examples tried, what they
    cost, what was found."""

    def __init__(self, function: Callable[..., Value], spec: Spec, limits: Limits) -> None:
        self.function = function
        self.spec = spec
        self.limits = limits
        self.smallest: tuple[Failure, Example] | None = None
        self.stopped: Failure | None = None
        """The check stopped at ``total_seconds`` before any failure was found."""
        self.trees: set[str] = set()
        self.windows: set[tuple[Value, Value]] = set()
        self.positions: list[Example] = []
        self.calls = 0
        self.reference_calls = 0
        self.current: Example | None = None
        """The example being tried: the one a call over a limit is blamed on."""
        self.last_calls = 0
        """The value calls of the last example asked."""
        self.rows: list[Row] = []
        self.hints: tuple[str, ...] = ()

    def report(self, examples: int, games: bool) -> AlgorithmCheck:
        """The check and its report (what the check's process hands back)."""
        with captured_output() as output:
            self.run(examples, games)
        name = function_name(self.function)
        found = self.smallest
        return AlgorithmCheck(
            name,
            self.spec.name,
            found[0] if found else self.stopped,
            found[1].case() if found else None,
            len(self.trees),
            len(self.windows),
            len(self.positions),
            self.calls,
            self.reference_calls,
            tuple(game.name for game in course_games()) if self.positions else (),
            [row.plain() for row in self.rows],
            output.total,
            output.summary(name),
            self.hints,
        )

    def ended(self, end: Ended) -> AlgorithmCheck:
        """The report of a check whose process ended without one (in the parent): the process
        was killed at a limit the function did not let it obey, or the function ended it."""
        said, found = end.progress, "The example it was stopped on"
        case = said[-1] if isinstance(said, tuple) and (end.in_call or said[0] == "found") else None
        if isinstance(said, tuple) and said[0] == "found":  # while drawing: the failure stands
            failure = said[1]
        elif case is None:  # not in a call of the function: no example to blame
            failure = Failure("finishes", f"because the process that ran it ended ({end.how})")
        elif end.limit is not None:
            within = (
                self.limits.within(CallTimeLimit)
                if end.limit is CallTimeLimit
                else f"before the whole check's {self.limits.total_seconds:g} s (total_seconds)"
            )
            failure = Failure(
                "ends",
                f"it did not return {within}, and could not be interrupted: one long "
                "computation, e.g. with an enormous number such as 10**(10**8)?",
                found,
            )
        else:
            failure = Failure(
                "runs without error",
                f"it ended the process that ran the check ({end.how}), as os._exit does: a "
                "search returns its value instead",
                found,
            )
        name = function_name(self.function)
        return AlgorithmCheck(name, self.spec.name, failure, case, 0, 0, 0, 0, 0)

    def run(self, examples: int, games: bool) -> None:
        """The search for a counterexample and its drawing; a limit of the check's process
        stops it (``stopped_by``)."""
        try:
            self.search(examples, games)
            if self.smallest is not None:
                self.current = None  # drawing: a limit now changes nothing found
                failure, example = self.smallest
                guard.progress(("found", failure, example.case()))
                if example.tree is not None:
                    self.rows = draw(self.function, self.spec, example)
                self.hints = _hints(self.function, self.spec, failure, example)
        except (Interrupted, MemoryError) as interrupt:
            self.stopped_by(interrupt)

    def stopped_by(self, interrupt: BaseException) -> None:
        """Say which limit stopped the check: a call over ``call_seconds`` is the function's
        failure on the example it was given; ``total_seconds``, or memory that the check itself
        ran out of between calls, is a failure of none (if none was found before)."""
        limits, example = self.limits, self.current
        if example is not None and isinstance(interrupt, CallTimeLimit):
            failure = Failure(
                "ends",
                f"it did not return {limits.within(CallTimeLimit)}, "
                "where a correct search of these examples takes milliseconds: look for an "
                "endless loop, e.g. a while loop whose condition never changes",
                "The example it was stopped on",
            )
            self.smallest = (failure, example)
        elif self.smallest is None:
            if isinstance(interrupt, TotalTimeLimit):
                within = limits.within(TotalTimeLimit)
            elif isinstance(interrupt, MemoryError):
                within = f"within {guard.memory_mb() or 0:,.0f} MB of memory growth (memory_mb)"
            else:
                within = f"with calls of at most {limits.call_seconds:g} s (call_seconds)"
            self.stopped = Failure("finishes in time", within)

    def search(self, examples: int, games: bool) -> None:
        """Random trees and graphs (the smallest failure, shrunk), then the traps, then the
        examples on which every alpha-beta cuts off, then the course's positions, until a
        failure is found."""
        spec = self.spec

        @settings(
            max_examples=examples,
            derandomize=True,
            database=None,
            deadline=None,
            verbosity=Verbosity.quiet,
            suppress_health_check=list(HealthCheck),
            phases=[Phase.generate, Phase.shrink],
            report_multiple_bugs=False,
        )
        @given(_examples(spec))
        def trial(example: Example) -> None:
            failure = self.ask(example)
            if failure is not None:
                if self.smallest is None or example.nodes <= self.smallest[1].nodes:
                    self.smallest = (failure, example)
                raise _Failed

        try:
            trial()
        except _Failed:
            pass
        except Exception as error:  # hypothesis's own complaints (a flaky function)
            tripped = guard.tripped()
            if self.smallest is None and tripped is not None:
                # a limit struck while hypothesis replayed an example, and hypothesis reported
                # the replay as inconsistent: the limit is what happened
                raise tripped from error
            if self.smallest is None:
                raise  # (otherwise the smallest failure found stands)
        fixed = [(example, "") for example in trap_examples(spec)] + pruning_examples(spec)
        for example, why in fixed:
            if self.smallest is not None:
                return
            self.smallest = self.never_cuts_off(example, why) if why else self.once(example)
        self.positions = course_positions(spec) if games else []
        for example in self.positions:
            if self.smallest is not None:
                return
            self.smallest = self.once(example)

    def once(self, example: Example) -> tuple[Failure, Example] | None:
        """The failure of the function on ``example``, not a random one, with the example."""
        failure = self.ask(example, random=False)
        return None if failure is None else (failure, example)

    def never_cuts_off(self, example: Example, why: str) -> tuple[Failure, Example] | None:
        """The failure of the function on an example where every alpha-beta cuts off
        (``PRUNING``), if any: a wrong answer, or as many value calls as the tree has nodes."""
        failure = self.ask(example, random=False, counted=False)
        if failure is None:
            calls = self.last_calls
            assert example.tree is not None
            nodes = size(example.tree)
            if calls == 0:
                failure = Failure(
                    "counts its value calls",
                    "it counted no value calls (stats.calls stayed 0): add 1 to stats.calls at "
                    "each call of its value function, as every search of the course does",
                )
            elif calls >= nodes:
                failure = Failure(
                    "cuts off",
                    f"it made {calls} value calls on this tree of {nodes} nodes, searching every "
                    f"node as minimax does, where it never needs to: {why}",
                    "The example on which every alpha-beta cuts off",
                )
        return None if failure is None else (failure, example)

    def ask(self, example: Example, random: bool = True, counted: bool = True) -> Failure | None:
        """The failure of the function on ``example``, if any. Until the first failure, the
        value calls are counted (unless not ``counted``), and for a ``random`` example its tree
        or graph and window."""
        self.current = example
        guard.progress(("asking", example.case()))
        failure, calls, reference_calls = run_example(self.function, self.spec, example)
        self.current = None
        self.last_calls = calls
        if self.smallest is None and counted:
            if random:
                self.trees.add(repr(example.tree))
            if random and example.window is not None:
                self.windows.add(example.window)
            self.calls += calls
            self.reference_calls += reference_calls
        return failure


# -- a student's heuristic -------------------------------------------------------------------------

MAX_EXACT_CALLS = 20_000
"""A sampled position is used if the course's ``alpha_beta_memo`` solves it within these calls."""


@dataclass
class HeuristicCheck:
    """The heuristic's contract, and how often depth-limited search with it keeps the value."""

    contract: CheckReport
    """The validator's report on the game with the heuristic."""
    depth: int
    positions: int
    """Sampled positions whose exact value could be computed and that were measured."""
    kept: int
    """Positions where the move chosen with the heuristic keeps the exact value."""
    kept_by_zero: int
    """The same with the estimate 0 for every open state."""
    note: str = ""
    """Why the measurement stopped early ("" if it did not)."""
    printed: int = 0
    """How many characters the heuristic printed while it was measured (not shown)."""
    output: str = ""
    """The first lines of what it printed then ("" if nothing)."""

    @property
    def passed(self) -> bool:
        """The contract holds (``CheckReport.ok``) and the measurement was completed."""
        return self.contract.ok and not self.note

    def __repr__(self) -> str:
        if not self.contract.ok:
            return (
                f"{self.contract!r}\n\nThe heuristic was not measured: it must meet its contract "
                "first."
            )
        lines = [f"The heuristic meets its contract: {self.contract.checked()}."]
        lines += repr(self.contract).split("\n")[1:]  # the validator's warnings, what it printed
        lines.append(
            f"At depth {self.depth}, the move chosen with it keeps the exact value in "
            f"{self.kept} of {self.positions} random positions (with the estimate 0: "
            f"{self.kept_by_zero})."
        )
        lines += [part for part in (self.note, self.output) if part]
        return "\n".join(lines)


def chosen_move(game: AnyGame, state: Hashable, player: Hashable, depth: int) -> Hashable:
    """The first next state of best depth-limited value (the course's ``depth_limited``)."""
    depth_limited = course_search("depth_limited")
    opponent = game.other(player)
    moves: list[Hashable] = list(game.next_states(state, player))
    values = [-depth_limited(game, ns, opponent, Stats(), depth - 1) for ns in moves]
    return moves[values.index(max(values))]


def check_heuristic(
    game: AnyGame,
    heuristic: Callable[[Any, Any], Value] | None = None,
    depth: int = 2,
    positions: int = 100,
    seed: int = 0,
    *,
    call_seconds: float | None = 2.0,
    total_seconds: float | None = 60.0,
    memory_mb: float | None = 2000.0,
) -> HeuristicCheck:
    """Check ``heuristic`` (default: the game's) on ``game``: its contract, then on ``positions``
    seeded random positions, how often depth-limited search at ``depth`` keeps the exact value
    (see the module; the limits cover both)."""
    chosen = game.heuristic if heuristic is None else heuristic
    if chosen is None or depth < 1:
        raise ValueError("give a heuristic (the game has none) and a depth of at least 1")
    course_solver()  # loaded here, once for every check, and before the clock starts
    limits = Limits(call_seconds, total_seconds, memory_mb)
    measure = _Measure(game, chosen, depth, limits)
    return guard.apart(lambda: measure.report(positions, seed), limits, measure.ended)


class _Measure:
    """The contract, then how often the move chosen with the heuristic keeps the value."""

    def __init__(
        self, game: AnyGame, heuristic: Callable[[Any, Any], Value], depth: int, limits: Limits
    ) -> None:
        self.game = game
        self.heuristic = heuristic
        self.depth = depth
        self.limits = limits
        self.sampled = 0
        self.kept: Counter[str] = Counter()
        self.note = ""

        def guarded(state: Any, player: Any) -> Value:
            with guard.call():
                return heuristic(state, player)

        self.searched = {
            "heuristic": dataclasses.replace(game, heuristic=guarded),
            "zero": dataclasses.replace(game, heuristic=None),  # the Solver estimates 0
        }

    def report(self, positions: int, seed: int) -> HeuristicCheck:
        """The contract and, if it holds, the measurement (in the check's process)."""
        limits = self.limits
        contract = check_game(
            dataclasses.replace(self.game, heuristic=self.heuristic),
            call_seconds=limits.call_seconds,
            total_seconds=limits.total_seconds,
            memory_mb=limits.memory_mb,
        )
        if not contract.ok:
            return HeuristicCheck(contract, self.depth, 0, 0, 0)
        guard.progress(contract)
        with captured_output() as output:
            self.run(positions, seed)
        return HeuristicCheck(
            contract,
            self.depth,
            self.sampled,
            self.kept["heuristic"],
            self.kept["zero"],
            self.note,
            output.total,
            output.summary("The heuristic"),
        )

    def ended(self, end: Ended) -> HeuristicCheck:
        """The report of a check whose process ended without one (in the parent)."""
        if not isinstance(end.progress, CheckReport):  # still checking the contract
            return HeuristicCheck(
                ended_report(str(self.game.name), self.limits, end), self.depth, 0, 0, 0
            )
        if end.limit is None:
            said = f"the heuristic ended the process that ran it ({end.how})"
        else:
            said = (
                f"a call of the heuristic did not return {self.limits.within(end.limit)} and "
                "could not be interrupted (one long computation, e.g. with an enormous number)"
            )
        note = f"The measurement stopped: {said}."
        return HeuristicCheck(end.progress, self.depth, 0, 0, 0, note)

    def run(self, positions: int, seed: int) -> None:
        """Measure on ``positions`` positions; a limit or an exception ends it, with a note."""
        limits = self.limits
        stopped = f"The measurement stopped after {self.sampled} positions"
        try:
            self.sample(positions, random.Random(seed))
        except CallTimeLimit:
            self.note = (
                f"{stopped}: a call of the heuristic did not return {limits.within(CallTimeLimit)}."
            )
        except MemoryError:
            self.note = f"{stopped}: memory grew by more than {guard.memory_mb() or 0:,.0f} MB."
        except TotalTimeLimit:
            self.note = (
                f"{stopped}: the time was up (total_seconds). Is the heuristic slow? The "
                "search calls it at every position where it stops."
            )
        except Interrupted:
            raise
        except BaseException as error:  # the heuristic's (or the game's) code
            self.note = f"{stopped}: the search with the heuristic raised {error_text(error)}."

    def sample(self, positions: int, rng: random.Random) -> None:
        """The measurement itself."""
        game, alpha_beta_memo = self.game, course_search("alpha_beta_memo")

        def exact(state: Hashable, player: Hashable) -> Value:
            stats = LimitedStats(max_calls=MAX_EXACT_CALLS)
            return alpha_beta_memo(game, state, player, stats)

        for _ in range(positions * 10):
            if self.sampled == positions:
                break
            state, player = random_position(game, rng, 12)
            if game.finished(state):
                continue
            try:
                value = exact(state, player)
            except LimitReached:
                continue
            opponent = game.other(player)
            kept = [
                name
                for name, searched in self.searched.items()
                if -exact(chosen_move(searched, state, player, self.depth), opponent) == value
            ]
            self.sampled += 1
            self.kept.update(kept)


# -- a line of best play --------------------------------------------------------------------------


def checked_line(algorithm: Callable[..., Value], game: AnyGame) -> str:
    """The line of best play that ``algorithm`` puts in ``stats.line`` from the start of
    ``game``, in words, once checked move by move: each state reached by a legal move, the last
    one finished, its utility for the first player the answer. Else an ``AssertionError`` says
    where the line goes wrong, as an exercise's check cell does for the grader."""
    state, player = game.Start, game.Players[0]
    stats = Stats()
    answer = algorithm(game, state, player, stats)
    line = list(stats.line)
    where = f"on {game.name}, the line {[game.text(s) for s in line]}"
    for ns in line:
        if ns not in game.next_states(state, player):
            raise AssertionError(f"{where}: no move leads to {ns}")
        state, player = ns, game.other(player)
    if not game.finished(state):
        raise AssertionError(f"{where} stops before the end of the game")
    got = game.utility(state, game.Players[0])
    if got != answer:
        raise AssertionError(f"{where} ends in {got}, and the value is {answer}")
    return f"{game.name}: value {answer}, line {', '.join(map(game.text, line))}"
