"""The KTH assignment's test of a program: a move in each of many positions, under a budget.

"A2: Games", an assignment of KTH's artificial intelligence course (2018), grades a program by
the best next move it plays in 100 board states, within a time budget per state. This is that
grader for any game of the course (``move --positions``, the Tic-Tac-Toe-4x4 lecture): each
move is timed and ``judge`` checks it: legal, a win played, a threat blocked, the value kept.
A win is a finished state of positive utility for the player (12 in Pons' Connect Four too).
Each check is ``None`` where it does not apply, so that a tally can say "3/4".
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from gamesolver.game import AnyGame, Value
from gamesolver.match import Chooser, IllegalMove, read_answer
from gamesolver.stats import Stats
from gamesolver.table import Table, fmt
from gamesolver.words import number_text

Position = tuple[Hashable, Hashable]
"""A state and the player to move in it."""

CHECKS = {"legal": "legal", "won": "wins played", "saved": "threats blocked", "kept": "value kept"}
"""The checks of a move, as the tallies name them."""


def positions(game: AnyGame, count: int = 100, seed: int = 4) -> list[Position]:
    """``count`` different unfinished positions, each after 2 to 9 moves of a seeded random
    game (fewer if the game has fewer)."""
    rng = random.Random(seed)
    found: dict[Hashable, Hashable] = {}
    for _ in range(1000 * count):
        if len(found) == count:
            break
        state, player = game.Start, game.Players[0]
        for _ in range(rng.randint(2, 9)):
            state, player = rng.choice(game.next_states(state, player)), game.other(player)
            if game.finished(state):
                break
        if not game.finished(state):
            found.setdefault(state, player)
    return list(found.items())


def wins_at_once(game: AnyGame, state: Hashable, player: Hashable) -> bool:
    """True iff ``state`` itself is finished and won by ``player`` (a positive utility)."""
    return bool(game.finished(state) and game.utility(state, player) > 0)


@dataclass(frozen=True)
class MoveInOne:
    """The checks of one move that need no search: ``None`` where a check does not apply."""

    won: bool | None
    """A win at once existed: was one played?"""
    saved: bool | None
    """No win existed, and some moves but not all let the opponent win at once: did the move
    played keep the opponent from it?"""


def check_move_in_one(
    game: AnyGame, state: Hashable, player: Hashable, after: Hashable
) -> MoveInOne:
    """The checks of the move from ``state`` to ``after`` by ``player`` (see the module)."""
    moves = game.next_states(state, player)
    winning = [ns for ns in moves if wins_at_once(game, ns, player)]
    if winning:
        return MoveInOne(won=after in winning, saved=None)
    opponent = game.other(player)

    def loses(ns: Hashable) -> bool:
        return not game.finished(ns) and any(
            wins_at_once(game, reply, opponent) for reply in game.next_states(ns, opponent)
        )

    losing = [loses(ns) for ns in moves]
    if any(losing) and not all(losing):
        return MoveInOne(won=None, saved=not loses(after))
    return MoveInOne(won=None, saved=None)


@dataclass
class Grade:
    """What the grader found in one position; a check is ``None`` where it does not apply."""

    position: str
    """The position in the game's notation (or as text)."""
    player: Hashable
    move: str
    """The move's name, or what was wrong with the answer."""
    seconds: float
    """The wall-clock time of the answer (what the budget counts)."""
    cpu_seconds: float
    legal: bool
    value: Value | None = None
    """The value the chooser gave, if it gave one."""
    stats: Stats | None = None
    """The statistics of its search, if it gave them (the depth, whether the value is exact)."""
    after: Hashable | None = None
    """The state after the move (``None``: no legal move)."""
    won: bool | None = None
    saved: bool | None = None
    kept: bool | None = None

    @property
    def depth(self) -> int | None:
        """The depth the search reached, if it said (a depth of 0 is none said: every search
        with a depth or a budget looks one move ahead at least)."""
        return None if self.stats is None else self.stats.depth or None

    @property
    def exact(self) -> bool | None:
        """Whether the value is exact, if the search said."""
        return None if self.stats is None else self.stats.exact


def position_text(game: AnyGame, state: Hashable, player: Hashable) -> str:
    """The position as the reports write it: in the game's notation if it has one."""
    return game.notation(state, player) if game.notation is not None else game.text(state)


def judge(
    game: AnyGame,
    state: Hashable,
    player: Hashable,
    answer: object,
    seconds: float = 0.0,
    cpu_seconds: float = 0.0,
    exact: Callable[[Hashable, Hashable], Value] | None = None,
    position: str | None = None,
) -> Grade:
    """The ``Grade`` of a chooser's ``answer`` in ``state`` (see ``gamesolver.match``), which
    took ``seconds`` (and ``cpu_seconds``); ``exact`` solves a position, for the value check."""
    position = position_text(game, state, player) if position is None else position
    try:
        choice = read_answer(game, state, player, answer)
    except IllegalMove:
        shown = repr(answer)
        shown = shown if len(shown) <= 40 else shown[:37] + "..."
        return Grade(position, player, f"illegal: {shown}", seconds, cpu_seconds, False)
    after = choice.state
    in_one = check_move_in_one(game, state, player, after)
    kept = None
    if exact is not None:
        kept = -exact(after, game.other(player)) == exact(state, player)
    name = game.move_name(state, after)
    return Grade(
        position, player, name, seconds, cpu_seconds, True, choice.value, choice.stats, after,
        in_one.won, in_one.saved, kept,
    )  # fmt: skip


def grade(
    game: AnyGame,
    choose: Chooser,
    positions: Sequence[Position],
    budget: float,
    exact: Callable[[Hashable, Hashable], Value] | None = None,
    seed: int = 0,
) -> list[Grade]:
    """Ask ``choose`` for a move in every position, with ``budget`` seconds (its keyword
    ``budget``) and ``random.Random(seed)``, and judge each move."""
    grades = []
    for state, player in positions:
        wall, cpu = time.perf_counter(), time.process_time()
        answer = choose(state, player, random.Random(seed), budget=budget)
        seconds, cpu_seconds = time.perf_counter() - wall, time.process_time() - cpu
        grades.append(judge(game, state, player, answer, seconds, cpu_seconds, exact))
    return grades


def tally(answers: Sequence[bool | None]) -> tuple[int, int]:
    """``(passed, applied)``: how many of the answers that apply are ``True``."""
    applied = [answer for answer in answers if answer is not None]
    return sum(applied), len(applied)


def tallies(grades: Sequence[Grade]) -> str:
    """Each check's tally, e.g. ``"legal 10/10, wins played 2/3, threats blocked 1/1, value
    kept 9/10"``."""
    counted = {check: tally([getattr(g, check) for g in grades]) for check in CHECKS}
    return ", ".join(f"{CHECKS[c]} {passed}/{applied}" for c, (passed, applied) in counted.items())


def summary(grades: Sequence[Grade], budget: float | None) -> dict[str, Any]:
    """The totals: time, the budget for all the positions (``None`` without a budget), the
    depths, the exact values, and each check's ``(passed, applied)``."""
    seconds = sum(g.seconds for g in grades)
    total = None if budget is None else len(grades) * budget
    depths = [g.depth for g in grades if g.depth is not None]
    return {
        "positions": len(grades),
        "seconds": seconds,
        "cpu_seconds": sum(g.cpu_seconds for g in grades),
        "budget_total": total,
        "within_budget": None if total is None else seconds <= total,
        "median_depth": statistics.median(depths) if depths else None,
        "min_depth": min(depths, default=None),
        "max_depth": max(depths, default=None),
        "exact": sum(1 for g in grades if g.exact),
        **{check: tally([getattr(g, check) for g in grades]) for check in CHECKS},
    }


def summary_lines(grades: Sequence[Grade], budget: float | None, no_budget: str = "") -> list[str]:
    """The totals in words: the times, the budget, the depths and exact values, the checks.
    ``no_budget``: why there is no budget, if there is none."""
    totals = summary(grades, budget)
    count = totals["positions"]
    times = (
        f"positions: {count}   wall time: {totals['seconds']:.3f} s   "
        f"CPU time: {totals['cpu_seconds']:.3f} s"
    )
    allowed = totals["budget_total"]
    if budget is None or allowed is None:
        limit = f"budget: none{f' ({no_budget})' if no_budget else ''}"
    else:
        over = totals["seconds"] - allowed
        verdict = (
            "within the budget" if totals["within_budget"] else f"over the budget by {over:.3f} s"
        )
        limit = f"budget: {count} × {budget:g} s = {allowed:g} s: {verdict}"
    if totals["median_depth"] is None:
        depths = "depth: none reported"
    else:
        depths = (
            f"depth: median {fmt(totals['median_depth'])}, smallest {totals['min_depth']}, "
            f"largest {totals['max_depth']}"
        )
    exact = f"exact moves: {totals['exact']} of {count}"
    return [times, limit, f"{depths}   {exact}", f"checks: {tallies(grades)}"]


def report(grades: Sequence[Grade], budget: float | None = None, totals: bool = True) -> Table:
    """The grading as a table, one row per position (under its totals, ``summary_lines``, with
    ``totals``); the columns of the value and of the value check only where some position has
    one."""
    said = {None: "", True: "yes", False: "NO"}
    values = any(g.value is not None for g in grades)
    kept = any(g.kept is not None for g in grades)
    columns = ["#", "position", "to move", "move"]
    columns += ["value", "exact"] if values else []
    columns += ["depth", "ms", "legal", "win", "block"] + (["value kept"] if kept else [])
    title = "\n".join(summary_lines(grades, budget)) if totals else ""
    table = Table(columns, title=title)
    for number, g in enumerate(grades, start=1):
        row: list[object] = [number, g.position, str(g.player), g.move]
        if values:
            exact = {None: "", True: "exact", False: "estimate"}[g.exact]
            row += ["" if g.value is None else number_text(g.value), exact]
        row += ["" if g.depth is None else g.depth, f"{1000 * g.seconds:.1f}"]
        row += [said[g.legal], said[g.won], said[g.saved]] + ([said[g.kept]] if kept else [])
        table.add(*row)
    return table
