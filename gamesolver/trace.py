"""Recording a search as a tree: every call of the value function, its window and its result.

``record`` runs an algorithm of ``Solver.ipynb`` unchanged (nothing in it is for drawing) under
a profiler (``sys.setprofile``): each call of its inner recursive function (``value``, or
``max_value`` and ``min_value``) becomes a ``Call`` with the arguments read from its frame and
the value it returned, and ``steps`` lists the calls and returns in order, for a replay
(``gamesolver.stepper``). The profiler matches the inner functions' code objects, not their
names, so a game function called ``value`` is not mistaken for one.
"""

from __future__ import annotations

import functools
import numbers
import sys
import types
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

from gamesolver.explore import start_of
from gamesolver.game import AnyGame, Value
from gamesolver.stats import Stats

INNER_FUNCTIONS = ("value", "max_value", "min_value")
"""The names of the recursive value functions that ``record`` watches."""

Kind = Literal["inner", "leaf", "horizon", "memory", "unfinished"]
"""What a call did: searched next states (``inner``); returned at once at a finished state
(``leaf``), at the depth limit (``horizon``) or from a memo table (``memory``); or raised."""


@dataclass
class Call:
    """One call of the value function: a node of the search tree."""

    index: int
    """The call's number from 0, in the order made (its index in ``Search.calls``)."""
    state: Hashable
    player: Hashable
    """The player to move in ``state``."""
    perspective: Hashable
    """Whose side ``alpha``, ``beta`` and ``result`` are from: the player to move (negamax), the
    first player (``max_value`` and ``min_value``)."""
    parent: int | None
    """The index of the calling node; ``None`` for a call from outside (a root)."""
    depth: int
    """Moves from the root of the search."""
    function: str
    """``value``, ``max_value`` or ``min_value``."""
    alpha: Value | None = None
    beta: Value | None = None
    limit: int | None = None
    """The remaining depth of a depth-limited search."""
    result: Value | None = None
    """The value returned (``None`` until the call returns, or if it raised)."""
    returned: bool = False
    children: list[int] = field(default_factory=list)
    """The calls this call made, in order."""

    @property
    def window(self) -> tuple[Value, Value] | None:
        """``(alpha, beta)`` if the function takes a window."""
        if self.alpha is None or self.beta is None:
            return None
        return self.alpha, self.beta


@dataclass(frozen=True)
class Step:
    """One step of a search: ``call`` enters the node ``index``, ``return`` leaves it."""

    kind: Literal["call", "return"]
    index: int


@dataclass
class Search:
    """A recorded search: the calls (nodes of the search tree) and the steps in order."""

    algorithm: str
    game: AnyGame
    state: Hashable
    player: Hashable
    calls: list[Call]
    steps: list[Step]
    stats: Stats
    result: Value | None
    """What the algorithm returned (``None`` if it raised)."""
    error: BaseException | None = None
    """The exception the algorithm raised, if it did (``record(..., strict=False)``)."""

    @property
    def roots(self) -> list[int]:
        """The calls made from outside: one per search (iterative deepening makes several)."""
        return [call.index for call in self.calls if call.parent is None]

    def kind(self, index: int) -> Kind:
        """What call ``index`` did (see ``Kind``)."""
        call = self.calls[index]
        if call.children:
            return "inner"
        if not call.returned:
            return "unfinished"
        if self.game.finished(call.state):
            return "leaf"
        if call.limit is not None and call.limit <= 0:
            return "horizon"
        return "memory"

    @property
    def leaves(self) -> int:
        """The calls made at finished states, the leaves of the game tree: what a move order
        saves is counted in them (Knuth and Moore's minimal tree)."""
        return sum(self.kind(call.index) == "leaf" for call in self.calls)

    def next_states(self, index: int) -> list[Hashable]:
        """The next states of call ``index``'s state in the game (empty for a finished state)."""
        call = self.calls[index]
        if self.game.finished(call.state):
            return []
        return list(self.game.next_states(call.state, call.player))

    def pruned(self, index: int) -> list[Hashable]:
        """The next states call ``index`` cut off: those it did not call, in the game's order
        (only a call that searched some and returned prunes)."""
        call = self.calls[index]
        if not call.children or not call.returned:
            return []
        called = [self.calls[child].state for child in call.children]
        return [state for state in self.next_states(index) if state not in called]

    def preorder(self, index: int | None = None) -> Iterator[Call]:
        """The calls below ``index`` (default: the last root), each before the calls it made."""
        start = self.roots[-1] if index is None else index
        yield self.calls[start]
        for child in self.calls[start].children:
            yield from self.preorder(child)

    def text(self, state: Hashable) -> str:
        """A state as the game shows it (``game.show``), e.g. a tree node's name."""
        return self.game.text(state)

    def __repr__(self) -> str:
        return (
            f"Search({self.algorithm} on {self.game.name!r}: {len(self.calls):,} calls, "
            f"result {self.result!r})"
        )


def _code(algorithm: Callable[..., Any]) -> types.CodeType | None:
    """The code of ``algorithm``: through a ``functools.partial`` and a decorator's wrapper."""
    while isinstance(algorithm, functools.partial):
        algorithm = algorithm.func
    code = getattr(getattr(algorithm, "__wrapped__", algorithm), "__code__", None)
    return code if isinstance(code, types.CodeType) else None


def inner_codes(algorithm: Callable[..., Any], names: tuple[str, ...]) -> set[types.CodeType]:
    """The code of the functions named ``names`` defined (at any depth) in ``algorithm``."""
    code = _code(algorithm)
    found: set[types.CodeType] = set()
    stack = [] if code is None else [code]
    while stack:
        for const in stack.pop().co_consts:
            if isinstance(const, types.CodeType):
                if const.co_name in names:
                    found.add(const)
                stack.append(const)
    return found


def recursive_code(algorithm: Callable[..., Any]) -> set[types.CodeType]:
    """The code of ``algorithm`` if it calls itself by its name (a student's search without an
    inner function; recorded as ``value``), else nothing."""
    code = _code(algorithm)
    if code is not None and code.co_name in code.co_names + code.co_freevars:
        return {code}
    return set()


def value_of(result: Any) -> Any:
    """The value in what a value function returned: ``result``, or the value of iterative
    deepening's pair ``(value, line)``."""
    if (
        isinstance(result, tuple)
        and len(result) == 2
        and isinstance(result[0], numbers.Real)
        and isinstance(result[1], list)
    ):
        return result[0]
    return result


def record(
    algorithm: Callable[..., Value],
    game: AnyGame,
    state: Hashable | None = None,
    player: Hashable | None = None,
    *,
    strict: bool = True,
    **options: Any,
) -> Search:
    """Run ``algorithm(game, state, player, stats, **options)`` (default: from the start,
    ``Players[0]`` to move) and record the search. Its exception is raised again after the
    previous profiler is restored, or with ``strict=False`` kept in ``Search.error``."""
    codes = inner_codes(algorithm, INNER_FUNCTIONS) or recursive_code(algorithm)
    name = getattr(algorithm, "__name__", repr(algorithm))
    if not codes:
        raise ValueError(
            f"{name} defines no inner function named {' or '.join(INNER_FUNCTIONS)}: "
            "nothing to record"
        )
    state, player = start_of(game, state, player)
    recorder = _Recorder(game, player, codes)
    stats = Stats()
    result: Value | None = None
    error: BaseException | None = None
    previous = sys.getprofile()
    sys.setprofile(recorder.profile)
    try:
        result = algorithm(game, state, player, stats, **options)
    except Exception as exception:
        error = exception
    finally:
        sys.setprofile(previous)
    if error is not None and strict:
        raise error
    calls, steps = recorder.calls, recorder.steps
    return Search(name, game, state, player, calls, steps, stats, result, error)


class _Recorder:
    """The profiler of ``record``: a ``Call`` for each frame of the watched ``codes``, its result
    when the frame returns, and the steps in order."""

    def __init__(self, game: AnyGame, player: Hashable, codes: set[types.CodeType]) -> None:
        self.game = game
        self.player = player  # to move at the root
        self.watched = {id(code) for code in codes}
        self.calls: list[Call] = []
        self.steps: list[Step] = []
        self.stack: list[tuple[types.FrameType, int]] = []  # the watched frames under way

    def profile(self, frame: types.FrameType, event: str, arg: Any) -> None:
        """``sys.setprofile``'s function: only the watched frames' calls and returns count."""
        if id(frame.f_code) in self.watched:
            if event == "call":
                self.enter(frame)
            elif event == "return":
                self.leave(frame, arg)

    def mover(self, function: str, arguments: dict[str, Any], depth: int) -> tuple[Any, Any]:
        """The player to move in a call of ``function`` and the side its values are from."""
        first, second = self.game.Players
        if function == "max_value":
            return first, first
        if function == "min_value":
            return second, first
        # the frame's player if the function takes one; else players alternate by depth
        default = self.player if depth % 2 == 0 else self.game.other(self.player)
        to_move = arguments.get("player", default)
        return to_move, to_move

    def enter(self, frame: types.FrameType) -> None:
        arguments = frame.f_locals
        parent = self.stack[-1][1] if self.stack else None
        depth = 0 if parent is None else self.calls[parent].depth + 1
        function = frame.f_code.co_name
        if function not in INNER_FUNCTIONS:  # the algorithm itself, calling itself: negamax's
            function = "value"
        to_move, perspective = self.mover(function, arguments, depth)
        first_argument = frame.f_code.co_varnames[0] if frame.f_code.co_argcount else "state"
        call = Call(
            index=len(self.calls),
            state=arguments.get("state", arguments.get(first_argument)),
            player=to_move,
            perspective=perspective,
            parent=parent,
            depth=depth,
            function=function,
            alpha=arguments.get("alpha"),
            beta=arguments.get("beta"),
            limit=arguments.get("limit"),
        )
        self.calls.append(call)
        if parent is not None:
            self.calls[parent].children.append(call.index)
        self.stack.append((frame, call.index))
        self.steps.append(Step("call", call.index))

    def leave(self, frame: types.FrameType, value: Any) -> None:
        if not self.stack or self.stack[-1][0] is not frame:
            return
        _, index = self.stack.pop()
        # A frame left by an exception "returns" None: it did not return a value.
        if value is not None:
            self.calls[index].result = value_of(value)
            self.calls[index].returned = True
        self.steps.append(Step("return", index))
