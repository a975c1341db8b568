"""Replaying a recorded search step by step: what is known after each step, and in words.

``Stepper`` replays a ``Search``'s steps (``gamesolver.trace``) without a widget, so that a cell
or a test reads the text the step-through widget shows: ``Stepper(search).step(4)`` is ``'step
4: R (Min) called with [10, ∞]'``. The Solver's algorithms are negamax (values from the player
to move); ``view="max"`` (the default) shows windows and values from Max's side, as textbooks
and Sleator's notes do (a Min node's ``[α, β]`` becomes ``[-β, -α]``), ``view="mover"`` as the
algorithm has them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Literal

from gamesolver.game import Value
from gamesolver.table import fmt
from gamesolver.trace import Call, Search

View = Literal["max", "mover"]
"""Whose side values and windows are shown from: Max's, or the player to move's."""


def number(value: Value) -> str:
    """A value as the traces write it: as a table does (``fmt``), infinities as ``∞``, ``-∞``."""
    if math.isinf(value):
        return "∞" if value > 0 else "-∞"
    return fmt(value)


def window_text(window: tuple[Value, Value]) -> str:
    """A window as the seed writes it: ``[10, ∞]``."""
    return f"[{number(window[0])}, {number(window[1])}]"


@dataclass
class Snapshot:
    """What is known after some steps of a search: the picture the widget draws."""

    step: int
    """How many steps have been made (0: none yet)."""
    current: int | None
    """The call of the last step (``None`` before the first)."""
    called: set[int] = field(default_factory=set)
    returned: dict[int, Value] = field(default_factory=dict)
    """The values returned so far, by call, from the stepper's view."""
    open: list[int] = field(default_factory=list)
    """The call stack: entered, not returned yet, root first."""
    decided: set[int] = field(default_factory=set)
    """The calls that have returned: what they did not call is pruned for good."""
    root: int | None = None
    """The root of the last step's search (iterative deepening has several)."""


class Stepper:
    """A recorded search, replayed: ``step(k)`` says what step ``k`` did, ``snapshot(k)`` what
    is known after it. Steps are numbered from 1 to ``len(stepper)``; step 0 is the start."""

    def __init__(self, search: Search, view: View = "max") -> None:
        self.search = search
        self.view: View = view

    def __len__(self) -> int:
        """The number of steps."""
        return len(self.search.steps)

    def value(self, index: int) -> Value | None:
        """Call ``index``'s result, from the stepper's view."""
        call = self.search.calls[index]
        if call.result is None:
            return None
        return call.result if self.same_side(call) else -call.result

    def window(self, index: int) -> tuple[Value, Value] | None:
        """Call ``index``'s window ``(alpha, beta)``, from the stepper's view."""
        call = self.search.calls[index]
        if call.window is None:
            return None
        alpha, beta = call.window
        return (alpha, beta) if self.same_side(call) else (-beta, -alpha)

    def same_side(self, call: Call) -> bool:
        """Whether ``call``'s values are already from the stepper's view (else negated)."""
        side = self.search.game.Players[0] if self.view == "max" else call.player
        return call.perspective == side

    def name(self, index: int) -> str:
        """The state of call ``index`` as the game shows it."""
        return self.search.text(self.search.calls[index].state)

    def _check(self, k: int) -> None:
        if not 0 <= k <= len(self):
            raise IndexError(f"step {k} of a search of {len(self)} steps (0 to {len(self)})")

    def snapshot(self, k: int) -> Snapshot:
        """What is known after the first ``k`` steps."""
        self._check(k)
        snap = Snapshot(step=k, current=None)
        for step in self.search.steps[:k]:
            snap.current = step.index
            if step.kind == "call":
                snap.called.add(step.index)
                snap.open.append(step.index)
            else:
                snap.open.remove(step.index)
                snap.decided.add(step.index)
                result = self.value(step.index)
                if result is not None:
                    snap.returned[step.index] = result
        if snap.current is not None:
            index: int | None = snap.current
            while index is not None:
                snap.root = index
                index = self.search.calls[index].parent
        return snap

    def step(self, k: int) -> str:
        """Step ``k`` in words, e.g. ``"step 4: R (Min) called with [10, ∞]"``."""
        self._check(k)
        if k == 0:
            call = self.search.calls[0] if self.search.calls else None
            what = f"{self.name(0)} ({call.player}) is searched first" if call else "no calls"
            return f"step 0 of {len(self)}: nothing searched yet; {what}"
        kind, index = self.search.steps[k - 1].kind, self.search.steps[k - 1].index
        call = self.search.calls[index]
        name = self.name(index)
        window = self.window(index)
        if kind == "call":
            text = f"step {k}: {name} ({call.player}) called"
            if window is not None:
                text += f" with {window_text(window)}"
            if call.limit is not None:
                text += f", depth left {call.limit}"
            return text
        result = self.value(index)
        if result is None:
            return f"step {k}: {name} did not return (the search raised an exception)"
        text = f"step {k}: {name} returns {number(result)}"
        how = {"horizon": "an estimate at the depth limit", "memory": "from the memo table"}
        kind_of_call = self.search.kind(index)
        if kind_of_call in how:
            text += f", {how[kind_of_call]}"
        if window is not None and kind_of_call == "leaf":
            # a leaf's answer is its value, whatever the window: say so, and where it falls
            alpha, beta = window
            text += f", a leaf: v({name}) = {number(result)}"
            if result <= alpha:
                text += f" ≤ α = {number(alpha)}"
            elif result >= beta:
                text += f" ≥ β = {number(beta)}"
        elif window is not None and kind_of_call != "horizon":
            alpha, beta = window
            # outside the window the answer is a bound on the value: the answer itself, the
            # tightest a fail-soft search knows (Search in Depth, section 2). Inside, it is the
            # value, of the tree the search sees: "exact" would claim it rests on no estimate
            if result <= alpha:
                text += f" ≤ α = {number(alpha)}: fails low, so v({name}) ≤ {number(result)}"
            elif result >= beta:
                text += f" ≥ β = {number(beta)}: fails high, so v({name}) ≥ {number(result)}"
            else:
                text += f", inside {window_text(window)}, so v({name}) = {number(result)}"
        pruned = self.search.pruned(index)
        if pruned:
            names = ", ".join(self.search.text(state) for state in pruned)
            text += f"; {names} pruned"
        return text

    def trace(self, start: int = 1, stop: int | None = None) -> str:
        """Steps ``start`` to ``stop`` (default: the last) in words, one line each."""
        stop = len(self) if stop is None else stop
        return "\n".join(self.step(k) for k in range(start, stop + 1))

    def called_values(self, k: int) -> list[tuple[str, Value]]:
        """The values returned in the first ``k`` steps, in the order they were returned."""
        self._check(k)
        values = []
        for step in self.search.steps[:k]:
            result = self.value(step.index)
            if step.kind == "return" and result is not None:
                values.append((self.name(step.index), result))
        return values

    def __repr__(self) -> str:
        return f"Stepper({self.search.algorithm} on {self.search.game.name!r}, {len(self)} steps)"
