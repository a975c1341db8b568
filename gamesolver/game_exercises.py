"""A student's heuristic, checked and measured by an exercise that checks itself.

``check_heuristic(game, heuristic)`` checks the heuristic's contract with the validator
(``gamesolver.check.check_game``: a number for every unfinished state, zero-sum, strictly inside
the utility range) and, once it holds, measures what it is for: on a sample of positions, how
often the move that depth-limited search chooses with it keeps the position's exact value, next
to the lecture's crude estimate 0. (A student's game is checked by the validator itself:
``check_game(game)``.)

It is bounded as the validator is (``gamesolver.guard``): each call of the heuristic gets
``call_seconds``, the contract and the measurement together ``total_seconds``, and what the
heuristic prints is caught (the report ends with its first lines and how much there was).
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from gamesolver import check
from gamesolver.exercises import course_solver
from gamesolver.explore import random_position
from gamesolver.game import AnyGame, Value
from gamesolver.guard import (
    CallTimeLimit,
    Interrupted,
    MemoryLimit,
    Watchdog,
    captured_output,
    error_text,
)
from gamesolver.stats import LimitedStats, LimitReached, Stats

MAX_EXACT_CALLS = 20_000
"""A sampled position is used if the course's ``alpha_beta_memo`` solves it within these calls."""


@dataclass
class HeuristicCheck:
    """The heuristic's contract, and how often depth-limited search with it keeps the value."""

    contract: check.CheckReport
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
    solver = course_solver()
    opponent = game.other(player)
    moves: list[Hashable] = list(game.next_states(state, player))
    values = [-solver.depth_limited(game, ns, opponent, Stats(), depth - 1) for ns in moves]
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
    """Check ``heuristic`` (default: the game's) on ``game``: its contract on every reachable
    position (the validator's), and if it holds, on ``positions`` positions reached by seeded
    random moves, how often the move depth-limited search chooses at ``depth`` keeps the exact
    value. The limits (``None``: none) are those of the module docstring."""
    heuristic = game.heuristic if heuristic is None else heuristic
    if heuristic is None or depth < 1:
        raise ValueError("give a heuristic (the game has none) and a depth of at least 1")
    started = time.perf_counter()
    course_solver()  # loaded before the clock starts
    estimated = dataclasses.replace(game, heuristic=heuristic)
    contract = check.check_game(
        estimated, call_seconds=call_seconds, total_seconds=total_seconds, memory_mb=memory_mb
    )
    if not contract.ok:
        return HeuristicCheck(contract, depth, 0, 0, 0)
    left = None if total_seconds is None else total_seconds - (time.perf_counter() - started)
    measure = _Measure(game, heuristic, depth, Watchdog(call_seconds, left, memory_mb))
    with captured_output() as output:
        measure.run(positions, seed)
    return HeuristicCheck(
        contract,
        depth,
        measure.sampled,
        measure.kept["heuristic"],
        measure.kept["zero"],
        measure.note,
        output.total,
        output.summary("The heuristic"),
    )


class _Measure:
    """How often the move chosen with the heuristic keeps the value, under a watchdog."""

    def __init__(
        self,
        game: AnyGame,
        heuristic: Callable[[Any, Any], Value],
        depth: int,
        watchdog: Watchdog,
    ) -> None:
        self.game = game
        self.depth = depth
        self.watchdog = watchdog
        self.sampled = 0
        self.kept = {"heuristic": 0, "zero": 0}
        self.note = ""

        def guarded(state: Any, player: Any) -> Value:
            with watchdog.call():
                return heuristic(state, player)

        self.searched = (
            (dataclasses.replace(game, heuristic=guarded), "heuristic"),
            (dataclasses.replace(game, heuristic=None), "zero"),  # the Solver estimates 0
        )

    def run(self, positions: int, seed: int) -> None:
        """Measure on ``positions`` positions; a limit or an exception ends it, with a note."""
        watchdog = self.watchdog
        if watchdog.total_seconds is not None and watchdog.total_seconds <= 0:
            self.note = "Not measured: the contract's check took all of total_seconds."
            return
        try:
            with watchdog:
                self.sample(positions, random.Random(seed))
        except Interrupted as interrupt:
            if watchdog.tripped is None or not isinstance(interrupt, watchdog.tripped):
                raise  # not ours: an outer watchdog's, or a cancellation
            stopped = f"The measurement stopped after {self.sampled} positions"
            if isinstance(interrupt, CallTimeLimit):
                self.note = (
                    f"{stopped}: a call of the heuristic did not return within "
                    f"{watchdog.call_seconds:g} s (call_seconds)."
                )
            elif isinstance(interrupt, MemoryLimit):
                self.note = f"{stopped}: memory grew by more than {watchdog.memory_mb:g} MB."
            else:
                self.note = (
                    f"{stopped}: the time was up (total_seconds). Is the heuristic slow? The "
                    "search calls it at every position where it stops."
                )
        except Exception as error:  # the heuristic's (or the game's) code
            self.note = (
                f"The measurement stopped after {self.sampled} positions: the search with the "
                f"heuristic raised {error_text(error)}."
            )

    def sample(self, positions: int, rng: random.Random) -> None:
        """The measurement itself."""
        game, solver = self.game, course_solver()

        def exact(state: Hashable, player: Hashable) -> Value:
            stats = LimitedStats(max_calls=MAX_EXACT_CALLS)
            return solver.alpha_beta_memo(game, state, player, stats)  # type: ignore[no-any-return]

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
            kept = {
                name: -exact(chosen_move(searched, state, player, self.depth), opponent) == value
                for searched, name in self.searched
            }
            self.sampled += 1
            for name, keeps in kept.items():
                self.kept[name] += keeps
