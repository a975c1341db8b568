"""The check of Search-in-Depth's exercise 4, a deepening that orders every move by the values
of the iteration before (``my_deepening``): its answers, its value calls and its budget.

The notebooks that ``%run Search-in-Depth.ipynb`` run its exercise cells too, silently; the
check then skips its work (``run_by_another_notebook``): it grades the notebook that holds the
exercise, and showed nothing there anyway.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from typing import Any

from gamesolver.explore import random_position
from gamesolver.game import AnyGame, Value
from gamesolver.notebook import Kind, find_game, load_notebook, read
from gamesolver.stats import Stats

Deepening = Callable[..., Value]
"""``search(game, state, player, stats, depth=None, budget=None)``, as the lecture's
``iterative_deepening``."""
DepthLimited = Callable[[AnyGame, Hashable, Hashable, Stats, int], Value]
"""The lecture's ``depth_limited(game, state, player, stats, depth)``."""

POSITIONS, DEPTHS, SEED = 20, (3, 4, 5), 0
"""The tic-tac-toe positions (after up to 3 random moves, seeded) and depths the check uses."""
FEWER = 0.85
"""The most value calls allowed, as a share of the same deepening's in the game's order."""
BUDGET, TICK = 0.02, 0.001
"""Seconds given for the whole search from the empty board, on a clock that advances ``TICK``
seconds at every reading (``ticking_clock``): depth 1 always completes (``deepen`` does not time
it), and an iteration that reads the clock at every value call runs out after about 20 calls,
on a machine of any speed. A search whose iterations never read the clock runs on to the end
(with no time at all, ``deepen``'s own stop after depth 1 let it pass; 10 ms of real time failed
a right answer on a machine fast enough to search to the end in them)."""


@contextmanager
def ticking_clock(tick: float) -> Iterator[None]:
    """``time.perf_counter`` replaced, while the block runs, by a clock that advances ``tick``
    seconds at every reading: time counted in clock readings, the same on every machine."""
    now, original = [0.0], time.perf_counter

    def clock() -> float:
        now[0] += tick
        return now[0]

    setattr(time, "perf_counter", clock)  # noqa: B010 (the module's attribute, on purpose)
    try:
        yield
    finally:
        setattr(time, "perf_counter", original)  # noqa: B010


SHOW: Kind[Callable[[Hashable], str]] = Kind("a function state -> text", callable)
"""The game notebook's ``show``, which draws a position in a failure's message."""


def run_by_another_notebook(namespace: dict[str, Any]) -> bool:
    """Whether the cell whose globals are ``namespace`` runs under another notebook's ``%run``:
    IPython's ``%run X.ipynb`` sets ``__file__`` to the notebook while it runs it, and a notebook
    run by itself in a kernel (or by nbgrader) has no ``__file__``."""
    return str(namespace.get("__file__", "")).endswith(".ipynb")


def check_deepening(
    my_deepening: Deepening,
    depth_limited: DepthLimited,
    iterative_deepening: Deepening,
    notebook: str,
) -> dict[str, int] | None:
    """``my_deepening``'s value calls on tic-tac-toe (the game of ``notebook``, which the
    cell names so that an assignment ships it) beside the lecture's deepening in the game's
    order (``order=False``); an ``AssertionError`` if an answer is not ``depth_limited``'s, if it
    does not save 15 % of the calls, or if with ``BUDGET`` on ``ticking_clock`` it does not stop
    before the whole depth.
    ``None`` (nothing checked) under another notebook's ``%run``."""
    if run_by_another_notebook(sys._getframe(1).f_globals):
        return None
    ttt = load_notebook(notebook)
    game: AnyGame = find_game(ttt)
    show = read(ttt, "show", SHOW, "the check of exercise 4")
    rng, calls = random.Random(SEED), {"yours": 0, "the game's order": 0}
    for _ in range(POSITIONS):
        state, player = random_position(game, rng, 3)
        for depth in DEPTHS:
            yours, plain = Stats(), Stats()
            answer = my_deepening(game, state, player, yours, depth=depth)
            exact = depth_limited(game, state, player, Stats(), depth)
            assert answer == exact, f"{answer} at depth {depth}, not {exact}:\n{show(state)}"
            iterative_deepening(game, state, player, plain, depth=depth, order=False)
            calls["yours"] += yours.calls
            calls["the game's order"] += plain.calls
    assert calls["yours"] <= FEWER * calls["the game's order"], f"not 15% fewer calls: {calls}"
    whole, budgeted = Stats(), Stats()
    my_deepening(game, game.Start, "X", whole)
    with ticking_clock(TICK):
        my_deepening(game, game.Start, "X", budgeted, budget=BUDGET)
    assert 1 <= budgeted.depth < whole.depth, (
        f"20 ms, still depth {budgeted.depth}: read the clock?"
    )
    return calls
