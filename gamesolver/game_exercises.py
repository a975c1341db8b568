"""Exercises on a student's game and heuristic that check themselves.

``check_game(game)`` is the validator (``gamesolver.check``) in its exhaustive mode: every
reachable position is checked, and the exercise is passed only when all of them were and no
error was found. ``check_heuristic(game, heuristic)`` checks the heuristic's contract with the
same validator (a number for every unfinished state, zero-sum, strictly inside the utility
range) and measures what it is for: on a sample of positions, how often the move that
depth-limited search chooses with it keeps the position's exact value, next to the lecture's
crude estimate 0.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from gamesolver.check import CheckReport
from gamesolver.check import check_game as validate
from gamesolver.exercises import course_solver
from gamesolver.explore import random_position
from gamesolver.game import AnyGame, Value
from gamesolver.stats import LimitedStats, LimitReached, Stats

MAX_STATES = 200_000
"""The most positions an exhaustive check walks (tic-tac-toe has 5,478)."""

MAX_EXACT_CALLS = 20_000
"""A sampled position is used if the course's ``alpha_beta_memo`` solves it within these calls."""


@dataclass
class GameCheck:
    """The validator's report on a student's game, and whether the exercise is passed."""

    report: CheckReport

    @property
    def passed(self) -> bool:
        """Every reachable position checked, no error."""
        return self.report.ok and self.report.exhaustive

    @property
    def condition(self) -> str:
        """Why it is not passed (empty if it is)."""
        if self.passed:
            return ""
        if not self.report.ok:
            return "the game contract"
        return "every position checked"

    def __repr__(self) -> str:
        text = repr(self.report)
        if self.report.ok and not self.report.exhaustive:
            text += (
                f"\nNot passed: the exercise checks every reachable position, and there are more "
                f"than {MAX_STATES:,} (or some could not be reached): make the game smaller."
            )
        return text


def check_game(game: AnyGame, max_states: int = MAX_STATES, **limits: Any) -> GameCheck:
    """The validator on every position reachable from ``game``'s start (``limits``: those of
    ``gamesolver.check.check_game``, e.g. ``total_seconds``)."""
    return GameCheck(validate(game, plays=0, max_states=max_states, **limits))


@dataclass
class HeuristicCheck:
    """The heuristic's contract, and how often depth-limited search with it keeps the value."""

    contract: GameCheck
    depth: int
    positions: int
    """Sampled positions whose exact value could be computed."""
    kept: int
    """Positions where the move chosen with the heuristic keeps the exact value."""
    kept_by_zero: int
    """The same with the estimate 0 for every open state."""

    @property
    def passed(self) -> bool:
        """The contract holds on every reachable position."""
        return self.contract.passed

    def __repr__(self) -> str:
        if self.passed:
            first = f"The heuristic meets its contract: {self.contract.report.checked()}."
        else:
            first = repr(self.contract)
        return (
            f"{first}\nAt depth {self.depth}, the move chosen with it keeps the exact value in "
            f"{self.kept} of {self.positions} random positions (with the estimate 0: "
            f"{self.kept_by_zero})."
        )


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
) -> HeuristicCheck:
    """Check ``heuristic`` (default: the game's) on ``game``: its contract on every reachable
    position, and on ``positions`` positions reached by seeded random moves, how often the
    move depth-limited search chooses at ``depth`` keeps the exact value."""
    heuristic = game.heuristic if heuristic is None else heuristic
    if heuristic is None or depth < 1:
        raise ValueError("give a heuristic (the game has none) and a depth of at least 1")
    estimated = dataclasses.replace(game, heuristic=heuristic)
    zero = dataclasses.replace(game, heuristic=None)  # the Solver estimates 0 without one
    solver = course_solver()
    rng = random.Random(seed)
    sampled = 0
    kept = {"heuristic": 0, "zero": 0}
    for _ in range(positions * 10):
        if sampled == positions:
            break
        state, player = random_position(game, rng, 12)
        if game.finished(state):
            continue

        def exact(state: Hashable, player: Hashable) -> Value:
            stats = LimitedStats(max_calls=MAX_EXACT_CALLS)
            return solver.alpha_beta_memo(game, state, player, stats)  # type: ignore[no-any-return]

        try:
            value = exact(state, player)
        except LimitReached:
            continue
        sampled += 1
        opponent = game.other(player)
        for searched, name in ((estimated, "heuristic"), (zero, "zero")):
            move = chosen_move(searched, state, player, depth)
            kept[name] += -exact(move, opponent) == value
    contract = check_game(estimated)
    return HeuristicCheck(contract, depth, sampled, kept["heuristic"], kept["zero"])
