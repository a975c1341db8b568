"""Recording a search as a tree: every call of the value function, its window and its result.

The algorithms of ``Solver.ipynb`` are written as the lecture writes them, with nothing in
them for drawing. ``record`` runs one of them unchanged and watches it with a profiler
(``sys.setprofile``): every call of the algorithm's inner recursive function (``value``, or
``max_value`` and ``min_value`` in the Max/Min form) becomes a ``Call``, a node of the search
tree, with the arguments it got (``state``, ``player``, and ``alpha``, ``beta`` or ``limit``
when the function takes them), read from the call's frame, and the value it returned::

    >>> search = record(alpha_beta, game)                 # doctest: +SKIP
    >>> len(search.calls) == search.stats.calls           # one node per value call
    True

The calls are numbered in the order they were made and ``steps`` lists the search as it ran,
"enter a node" and "return from it", so that the search can be replayed step by step
(``gamesolver.stepper``). Nodes of the game tree that the search never called are *pruned*:
a node that called some of its next states but not all of them was cut off, and the rest are
found with ``game.next_states``.

Only frames of the algorithm's own inner functions are recorded: the profiler matches code
objects defined inside the algorithm, not names, so a game function that happens to be called
``value`` is not mistaken for a call. The previous profiler is restored afterwards, even when
the search raises (while it runs, the recording is the only profiler).
"""

from __future__ import annotations

import functools
import numbers
import sys
import types
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

from gamesolver.game import AnyGame, Value
from gamesolver.stats import Stats

INNER_FUNCTIONS = ("value", "max_value", "min_value")
"""The names of the recursive value functions that ``record`` watches."""

Kind = Literal["inner", "leaf", "horizon", "memory", "unfinished"]
"""What a call did: searched next states (``inner``), or returned without calling any:
at a finished state (``leaf``), at the depth limit (``horizon``, an estimate), from a memo
table (``memory``); ``unfinished``: the call did not return (the search raised)."""


@dataclass
class Call:
    """One call of the value function: a node of the search tree."""

    index: int
    """The call's number, 0-based, in the order the calls were made (its index in ``calls``)."""
    state: Hashable
    player: Hashable
    """The player to move in ``state``."""
    perspective: Hashable
    """The player from whose side ``alpha``, ``beta`` and ``result`` are: the player to move
    for negamax's ``value``, the first player for ``max_value`` and ``min_value``."""
    parent: int | None
    """The index of the calling node; ``None`` for a call from outside (a root)."""
    depth: int
    """Moves from the root of the search."""
    function: str
    """The name of the inner function called: ``value``, ``max_value`` or ``min_value``."""
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

    def next_states(self, index: int) -> list[Hashable]:
        """The next states of call ``index``'s state in the game (empty for a finished state)."""
        call = self.calls[index]
        if self.game.finished(call.state):
            return []
        return list(self.game.next_states(call.state, call.player))

    def pruned(self, index: int) -> list[Hashable]:
        """The next states call ``index`` cut off: those it did not call, in the game's order.

        Only a call that searched (called at least one next state) and returned can have cut
        off the rest; a call answered at a leaf, the horizon or from memory prunes nothing.
        """
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

    def max_value(self, index: int) -> Value | None:
        """Call ``index``'s result from the first player's (Max's) side."""
        call = self.calls[index]
        return None if call.result is None else self.for_max(call.result, call.perspective)

    def for_max(self, value: Value, perspective: Hashable) -> Value:
        """A value seen from ``perspective``'s side, turned to the first player's side."""
        return value if perspective == self.game.Players[0] else -value

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
    """The code objects of the functions named ``names`` defined (at any depth) in ``algorithm``."""
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
    """The code of ``algorithm`` itself if it calls itself by its name (a student's search
    written without an inner function): its calls are then recorded as calls of ``value``,
    the root's too. Empty if it does not."""
    code = _code(algorithm)
    if code is not None and code.co_name in code.co_names + code.co_freevars:
        return {code}
    return set()


def value_of(result: Any) -> Any:
    """The value in what a value function returned: ``result`` itself, or the value of a pair
    ``(value, line)``, the line of play a list, as iterative deepening's ``value`` returns."""
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
    functions: tuple[str, ...] = INNER_FUNCTIONS,
    strict: bool = True,
    **options: Any,
) -> Search:
    """Run ``algorithm(game, state, player, stats, **options)`` and record the search.

    ``state`` defaults to the start and ``player`` to ``Players[0]``. ``functions`` names the
    inner functions to watch; an algorithm without them that calls itself is watched itself
    (``recursive_code``). An exception of the algorithm is re-raised (after the profiler is
    restored) unless ``strict`` is false; then the search up to it is returned, with the
    exception in ``Search.error``.
    """
    codes = inner_codes(algorithm, functions) or recursive_code(algorithm)
    name = getattr(algorithm, "__name__", repr(algorithm))
    if not codes:
        raise ValueError(
            f"{name} defines no inner function named {' or '.join(functions)}: nothing to record"
        )
    state = game.Start if state is None else state
    player = game.Players[0] if player is None else player
    recorder = _Recorder(game, player, functions, codes)
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
    """The profiler of ``record``: a ``Call`` for each frame of the watched ``codes`` entered, its
    result when the frame returns, and the steps in order."""

    def __init__(
        self,
        game: AnyGame,
        player: Hashable,
        functions: tuple[str, ...],
        codes: set[types.CodeType],
    ) -> None:
        self.game = game
        self.player = player
        """The player to move at the root."""
        self.functions = functions
        self.watched = {id(code) for code in codes}
        self.calls: list[Call] = []
        self.steps: list[Step] = []
        self.stack: list[tuple[types.FrameType, int]] = []
        """The watched frames under way, with their calls' indices."""

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
        if function not in self.functions:  # the algorithm itself, calling itself: negamax's
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
