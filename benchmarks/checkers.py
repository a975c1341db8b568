"""English draughts: the speed and strength of ``Checkers.ipynb``'s rules and of
``Checkers-Search.ipynb``'s search, against the issue's targets.

``python -m benchmarks.checkers [--perft-depth N] [--games N] [--mcts-games N] [--budget S]
[--ladder-openings N] [--ladder-budget S] [--ladder-depth N]
[--parts perft,depth,matches,openspiel,minimax,ladder] [--openspiel-depth N] [--out FILE]
[--no-write]``

The parts, each timed by CPU time (``time.process_time``: other jobs on the machine matter less):

- *perft*: the move sequences from the start counted to ``--perft-depth`` three ways.
  ``per_ply`` (``gamesolver.explore``, the command line's ``count --paths``) goes ply by ply,
  making every move of every distinct position once and counting how many sequences reach each
  position: the target "perft to depth 9 in under 10 s" is judged on it (the issue's reference,
  2.8 s in pure Python, cannot be a recursion that enters each of the 3,963,680 sequences'
  positions one by one). For comparison, a plain recursion over ``legal_moves`` that makes
  every move and enters every position, the last ply included, and the same counted in bulk at
  the last ply (the length of each move list; ``legal_moves`` still makes those moves).
  ``legal_moves`` is ``lru_cache``d (65,536 positions): its cache is cleared before each depth
  and each way of counting, so no count reuses another's work.
- *depth*: the depth ``checkers_search`` (the notebook's search for play) completes within
  ``--budget`` seconds from the start, the target, and from 10 seeded positions (6 to 16 random
  moves in); the Solver's ``iterative_deepening`` alongside, for comparison.
- *matches*: the notebook's ``computer`` (the play widget's: ``best_move`` with
  ``checkers_search``, ``--budget`` s a move, ``Playing`` as the estimate) against a random
  player and against a greedy one-ply material player, ``--games`` games each, colours
  alternating, the opponent and our tie-breaks seeded with the game's number.
- *openspiel*: OpenSpiel's checkers (``pyspiel``): its perft against the published counts, its
  move lists against ours along random games, and matches of ``computer`` against its MCTS bot
  at the same CPU time per move (``--mcts-games``).
- *minimax*: value calls of plain minimax (the reference here), alpha-beta (``depth_limited``),
  ``iterative_deepening`` and ``checkers_search`` at depth 6 on the same positions, the ratios
  against the issue's reference (13.7x fewer for alpha-beta, 50x with ordering and a table).
- *ladder*: each rung of the notebook's ``Ladder`` of estimates against the rung before, with
  the notebook's ``match``: ``--ladder-openings`` seeded openings played twice each, colours
  swapped, both sides ``checkers_search`` at ``--ladder-budget`` s a move (equal time; or to
  ``--ladder-depth``, for quick checks). Measured effects only: no target.

The report goes to ``benchmarks/checkers.md``; a target missed is reported as missed, and the
exit status is 1 only if one of our perft counts differs from the published ones.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import itertools
import math
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.harness import (
    MatchTally,
    Rung,
    Started,
    count_option,
    md_table,
    package_versions,
    parts_options,
    report_options,
)
from benchmarks.lectures import CHECKERS, Checkers, CheckersSearch, CheckersState, checkers
from gamesolver.explore import per_ply
from gamesolver.game import Game
from gamesolver.match import play_game
from gamesolver.stats import OutOfTime, Stats

HERE = Path(__file__).resolve().parent
NOTEBOOK = CHECKERS
"""The search notebook: it loads the rules of ``Checkers.ipynb`` and defines the searches."""
PUBLISHED = (7, 49, 302, 1_469, 7_361, 36_768, 179_740, 845_931, 3_963_680, 18_391_564)
"""Perft from the start, depths 1 to 10 (Aart Bik, talkchess 2009)."""
PARTS = ("perft", "depth", "matches", "openspiel", "minimax", "ladder")
PERFT_TARGET = (9, 10.0)
"""Perft to depth 9 in under 10 s, judged on ``per_ply`` (``count --paths``)."""
REFERENCE_PERFT = 2.8
"""The issue's reference: perft to depth 9 in 2.8 s, pure Python, "making every move"."""
DEPTH_TARGET = 9
"""The depth ``checkers_search`` should complete from the start within 0.5 s."""
WIN_SHARE = 49 / 50
"""Wins needed against the random and the greedy player (and no losses)."""
REFERENCE_RATIOS = (13.7, 50.0)
"""The reference's minimax / alpha-beta and minimax / (ordering and the table) value calls."""
POSITIONS = 10
"""Seeded positions for the depth reached, besides the start."""
MINIMAX_DEPTH = 6
MINIMAX_POSITIONS = 3
"""Seeded positions for the minimax comparison, besides the start."""
COMPARED_GAMES = 1000
"""Random games along which OpenSpiel's move lists are compared with ours."""

Board = tuple[int, int, int]
"""The pieces only: red's, white's and the kings' masks (what both implementations show)."""


def verdict(met: bool) -> str:
    return "met" if met else "MISSED"


def cpu() -> float:
    return time.process_time()


def seeded_position(nb: Checkers, seed: int, low: int = 6, high: int = 16) -> CheckersState:
    """The state after ``low`` to ``high`` random moves from the start (drawn with ``seed``);
    a game that ends earlier is replayed with the next draw."""
    rng = random.Random(seed)
    while True:
        state = nb.Start
        for _ in range(rng.randint(low, high)):
            moves = nb.legal_moves(state)
            if not moves:
                break
            state = rng.choice(moves).after
        if nb.legal_moves(state):
            return state


# ----------------------------------------------------------------------------------- perft


def perft(nb: Checkers, state: CheckersState, depth: int) -> int:
    """The move sequences of ``depth`` plies from ``state``, every move made and entered."""
    if depth == 0:
        return 1
    return sum(perft(nb, move.after, depth - 1) for move in nb.legal_moves(state))


def bulk_perft(nb: Checkers, state: CheckersState, depth: int) -> int:
    """The same count, the last ply counted in bulk: the length of each move list."""
    moves = nb.legal_moves(state)
    if depth <= 1:
        return len(moves) if depth == 1 else 1
    return sum(bulk_perft(nb, move.after, depth - 1) for move in moves)


def paths_perft(nb: Checkers, depth: int) -> tuple[int, int]:
    """``per_ply(game, depth)`` run to its end (``count --paths``): the distinct positions and
    the move sequences at the last ply."""
    return list(per_ply(nb.game, depth))[-1]


@dataclass
class PerftRow:
    depth: int
    count: int
    seconds: float
    bulk_count: int
    bulk_seconds: float
    positions: int
    """Distinct positions at this ply (``per_ply``)."""
    paths_count: int
    """The sequences ``per_ply`` counts."""
    paths_seconds: float

    @property
    def published(self) -> int | None:
        return PUBLISHED[self.depth - 1] if self.depth <= len(PUBLISHED) else None

    def wrong(self) -> bool:
        """Whether one of the three counts differs from the published one."""
        counts = {self.count, self.bulk_count, self.paths_count}
        return self.published is not None and counts != {self.published}


def timed_from_empty(nb: Checkers, count: Callable[[], Any]) -> tuple[Any, float]:
    """``count()`` and its CPU seconds, ``legal_moves``'s cache cleared before."""
    nb.legal_moves.cache_clear()
    start = cpu()
    found = count()
    return found, cpu() - start


def run_perft(nb: Checkers, depth: int) -> list[PerftRow]:
    """The three counts from the start, depths 1 to ``depth``, the move cache cleared before
    each."""
    rows = []
    for d in range(1, depth + 1):
        count, seconds = timed_from_empty(nb, functools.partial(perft, nb, nb.Start, d))
        bulk, bulk_seconds = timed_from_empty(nb, functools.partial(bulk_perft, nb, nb.Start, d))
        (positions, paths), paths_seconds = timed_from_empty(
            nb, functools.partial(paths_perft, nb, d)
        )
        rows.append(
            PerftRow(d, count, seconds, bulk, bulk_seconds, positions, paths, paths_seconds)
        )
        print(
            f"perft {d}: {count:,} in {seconds:.2f} s, count --paths {paths:,} in "
            f"{paths_seconds:.2f} s",
            file=sys.stderr,
            flush=True,
        )
    nb.legal_moves.cache_clear()  # a full cache slows what follows (the garbage collector)
    return rows


# ------------------------------------------------------------------------------ the depth


DEPTH_SEARCHES = ("checkers_search", "iterative_deepening")
"""The searches of the depth part: the notebook's for play (the target), the Solver's."""


@dataclass
class DepthRun:
    """The depth each search completed within the budget, per position; its value calls and
    CPU seconds, by search name."""

    labels: list[str]
    depths: dict[str, list[int]] = field(default_factory=dict)
    calls: dict[str, list[int]] = field(default_factory=dict)
    seconds: dict[str, list[float]] = field(default_factory=dict)


def search_depth(
    nb: Checkers, search: CheckersSearch, state: CheckersState, budget: float
) -> tuple[int, int, float]:
    """The depth completed, the value calls and the CPU seconds of one budgeted search, from an
    empty move cache (as in a fresh process: a cache left full by perft makes the garbage
    collector's full passes slow, and the search overshoots its budget)."""
    nb.legal_moves.cache_clear()
    stats = Stats()
    start = cpu()
    search(nb.game, state, state.turn, stats, budget=budget)
    return stats.depth, stats.calls, cpu() - start


def run_depth(nb: Checkers, budget: float, positions: int = POSITIONS) -> DepthRun:
    run = DepthRun([])
    for name in DEPTH_SEARCHES:
        run.depths[name], run.calls[name], run.seconds[name] = [], [], []
    for seed in [None, *range(positions)]:
        state = nb.Start if seed is None else seeded_position(nb, seed)
        run.labels.append(
            "start" if seed is None else f"seed {seed}: {nb.notation(state, state.turn)}"
        )
        for name in DEPTH_SEARCHES:
            depth, calls, seconds = search_depth(nb, nb.budgeted(name), state, budget)
            run.depths[name].append(depth)
            run.calls[name].append(calls)
            run.seconds[name].append(seconds)
    return run


# ---------------------------------------------------------------------------- the matches

Chooser = Callable[[CheckersState], CheckersState]
"""Given a state, the state after the move chosen."""


def our_player(nb: Checkers, budget: float, seed: int, depths: list[int]) -> Chooser:
    """The notebook's ``computer`` (the play widget's: ``best_move`` with ``checkers_search``,
    ``budget`` s a move), its tie-breaks seeded with ``seed``; the depths go to ``depths``."""
    rng = random.Random(seed)

    def choose(state: CheckersState) -> CheckersState:
        _, after, stats = nb.computer(state, state.turn, rng, budget=budget)
        depths.append(stats.depth)
        return after

    return choose


def random_player(nb: Checkers, seed: int) -> Chooser:
    """A legal move at random."""
    rng = random.Random(seed)
    return lambda state: rng.choice(nb.legal_moves(state)).after


def greedy_player(nb: Checkers, seed: int) -> Chooser:
    """The move after which ``material`` is best for the mover, at random among ties."""
    rng = random.Random(seed)

    def choose(state: CheckersState) -> CheckersState:
        scored = [(nb.material(m.after, state.turn), m.after) for m in nb.legal_moves(state)]
        best = max(score for score, _ in scored)
        return rng.choice([after for score, after in scored if score == best])

    return choose


OPPONENTS: dict[str, Callable[[Checkers, int], Chooser]] = {
    "random": random_player,
    "greedy": greedy_player,
}


@dataclass
class Match(MatchTally):
    """Our games against one opponent: per game "win", "draw" or "loss" (ours is red, the side
    that moves first, in the even-numbered games)."""

    opponent: str
    results: list[str] = field(default_factory=list)
    plies: list[int] = field(default_factory=list)
    our_seconds: list[float] = field(default_factory=list)
    """CPU seconds of each of our moves."""
    their_seconds: list[float] = field(default_factory=list)
    depths: list[int] = field(default_factory=list)
    """The depth each of our searches completed."""
    notes: list[str] = field(default_factory=list)

    def needed(self) -> int:
        return math.ceil(WIN_SHARE * self.games - 1e-9)

    def met(self) -> bool:
        return self.count("win") >= self.needed() and self.count("loss") == 0


def as_chooser(choose: Chooser) -> Callable[..., Any]:
    """A player of these matches (a state to the state after its move) as a chooser of
    ``gamesolver.match``."""
    return lambda state, player, rng, **limits: choose(state)


def run_match(nb: Checkers, opponent: str, games: int, budget: float) -> Match:
    """``games`` games from the start against ``opponent`` (``gamesolver.match.play_game``),
    ours red in the even-numbered games, each side's choices seeded with the game's number."""
    match = Match(opponent)
    for number in range(games):
        side = number % 2
        ours = as_chooser(our_player(nb, budget, number, match.depths))
        theirs = as_chooser(OPPONENTS[opponent](nb, number))
        try:
            played = play_game(nb.game, (ours, theirs) if side == 0 else (theirs, ours))
        except OutOfTime as error:  # our search could not look at one move in its budget
            match.results.append("abandoned")
            match.notes.append(f"game {number} abandoned: {error}")
            print(f"{opponent} game {number}: abandoned, {error}", file=sys.stderr, flush=True)
            continue
        colour = nb.Players[side]
        won = "draw" if played.winner is None else "win" if played.winner == colour else "loss"
        match.results.append(won)
        match.plies.append(played.plies)
        match.our_seconds += played.seconds[side::2]
        match.their_seconds += played.seconds[1 - side :: 2]
        print(
            f"{opponent} game {number}: {won} in {played.plies} plies", file=sys.stderr, flush=True
        )
    return match


# ------------------------------------------------------------------------------- OpenSpiel


def load_pyspiel() -> Any | None:
    """``pyspiel``, or None when OpenSpiel is not installed."""
    try:
        return importlib.import_module("pyspiel")
    except ImportError:
        return None


PIECES = {"o": (0, False), "8": (0, True), "+": (1, False), "*": (1, True)}
"""OpenSpiel's board letters: player 0's men 'o' and kings '8', player 1's '+' and '*'."""


def os_square(nb: Checkers, name: str) -> int:
    """Our square of OpenSpiel's square ``name`` ("g1"): rank r is our row r - 1, and the files
    run the other way (file a is our column 7), so that OpenSpiel's a1 is a dark square."""
    square = nb.square_at(int(name[1]) - 1, 7 - (ord(name[0]) - ord("a")))
    if square is None:
        raise ValueError(f"{name} is not a dark square of OpenSpiel's board")
    return square


def os_board(nb: Checkers, os_state: Any) -> Board:
    """Our masks of OpenSpiel's board, read from ``str(state)`` (ranks 8 to 1, then files)."""
    masks, kings = [0, 0], 0
    for line in str(os_state).splitlines()[:8]:
        rank = line[0]
        for file, letter in enumerate(line[1:9]):
            if letter in PIECES:
                player, king = PIECES[letter]
                bit = nb.bit(os_square(nb, f"{'abcdefgh'[file]}{rank}"))
                masks[player] |= bit
                kings |= bit if king else 0
    return masks[0], masks[1], kings


def board(state: CheckersState) -> Board:
    return state.red, state.white, state.kings


def os_moves(os_state: Any) -> list[tuple[tuple[int, ...], Any]]:
    """OpenSpiel's complete moves: the action sequences of the player to move until the turn
    passes (a multi-jump can take several actions), with the state after each."""
    player, found = os_state.current_player(), []
    for action in os_state.legal_actions():
        child = os_state.child(action)
        if not child.is_terminal() and child.current_player() == player:
            found += [((action, *rest), after) for rest, after in os_moves(child)]
        else:
            found.append(((action,), child))
    return found


def os_perft(os_state: Any, depth: int) -> int:
    """OpenSpiel's perft, a move being complete when the turn passes (or the game ends)."""
    if depth == 0:
        return 1
    player, count = os_state.current_player(), 0
    for action in os_state.legal_actions():
        child = os_state.child(action)
        same = not child.is_terminal() and child.current_player() == player
        count += os_perft(child, depth if same else depth - 1)
    return count


def run_os_perft(pyspiel: Any, depth: int) -> list[tuple[int, int, float]]:
    """(depth, count, CPU seconds) from OpenSpiel's start."""
    start_state = pyspiel.load_game("checkers").new_initial_state()
    rows = []
    for d in range(1, depth + 1):
        start = cpu()
        count = os_perft(start_state, d)
        rows.append((d, count, cpu() - start))
        print(f"OpenSpiel perft {d}: {count:,}", file=sys.stderr, flush=True)
    return rows


def os_path(nb: Checkers, os_state: Any, actions: Sequence[int]) -> str:
    """An OpenSpiel action sequence in our numbers ("9x18x25"), read from its action strings."""
    squares: list[int] = []
    state = os_state
    for action in actions:
        text = state.action_to_string(state.current_player(), action)
        if not squares:
            squares.append(os_square(nb, text[:2]))
        squares.append(os_square(nb, text[2:4]))
        state = state.child(action)
    jump = abs(squares[1] - squares[0]) > 5
    return ("x" if jump else "-").join(map(str, squares))


@dataclass
class Comparison:
    """Our move lists against OpenSpiel's along random games."""

    games: int = 0
    positions: int = 0
    differing: int = 0
    examples: list[str] = field(default_factory=list)
    os_draws: int = 0
    """Games that OpenSpiel ended in a draw while our rules went on."""
    plies: int = 0


def compare_moves(
    nb: Checkers, pyspiel: Any, games: int = COMPARED_GAMES, examples: int = 3
) -> Comparison:
    """Play ``games`` random games in both implementations at once (random moves that both
    allow), comparing the boards after each complete move, as multisets, at every position."""
    game = pyspiel.load_game("checkers")
    result = Comparison()
    for number in range(games):
        rng = random.Random(number)
        state, os_state = nb.Start, game.new_initial_state()
        result.games += 1
        while True:
            if os_board(nb, os_state) != board(state):
                raise AssertionError(f"the boards parted at {nb.notation(state, state.turn)}")
            ours = nb.legal_moves(state)
            if os_state.is_terminal() or not ours:
                result.os_draws += bool(ours) and os_state.is_terminal()
                break
            theirs = os_moves(os_state)
            result.positions += 1
            mine = Counter(board(m.after) for m in ours)
            other = Counter(os_board(nb, after) for _, after in theirs)
            if mine != other:
                result.differing += 1
                if len(result.examples) < examples:
                    only_ours = [
                        nb.describe_move(state, m.after)
                        for m in ours
                        if board(m.after) not in other
                    ]
                    only_theirs = [
                        os_path(nb, os_state, actions)
                        for actions, after in theirs
                        if os_board(nb, after) not in mine
                    ]
                    result.examples.append(
                        f"`{nb.notation(state, state.turn)}`: only ours "
                        f"{', '.join(only_ours) or 'none'}; only OpenSpiel's "
                        f"{', '.join(only_theirs) or 'none'}"
                        + (
                            ""
                            if only_ours or only_theirs
                            else " (the same boards, counted "
                            f"differently: ours {sum(mine.values())}, "
                            f"OpenSpiel's {sum(other.values())})"
                        )
                    )
            both = [m for m in ours if board(m.after) in other]
            if not both:
                break
            move = rng.choice(both)
            actions = next(a for a, after in theirs if os_board(nb, after) == board(move.after))
            for action in actions:
                os_state.apply_action(action)
            state = move.after
            result.plies += 1
    return result


def to_openspiel(nb: Checkers, os_state: Any, after: CheckersState) -> tuple[int, ...]:
    """The OpenSpiel actions that make our move to ``after``."""
    for actions, os_after in os_moves(os_state):
        if os_board(nb, os_after) == board(after):
            return actions
    raise LookupError(f"OpenSpiel has no move to {nb.notation(after, after.turn)}")


def from_openspiel(nb: Checkers, state: CheckersState, os_after: Any) -> CheckersState:
    """Our state after the move that gives OpenSpiel's board ``os_after``."""
    target = os_board(nb, os_after)
    for move in nb.legal_moves(state):
        if board(move.after) == target:
            return move.after
    raise LookupError(f"we have no move from {nb.notation(state, state.turn)} to its board")


def mcts_bot(pyspiel: Any, game: Any, simulations: int, seed: int) -> Any:
    """OpenSpiel's C++ MCTS bot: UCT (c = 2), one random rollout per leaf, solving where it can."""
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    return pyspiel.MCTSBot(game, evaluator, 2.0, simulations, 1000, True, seed, False)


@dataclass
class Calibration:
    simulations: int
    probe: int
    seconds: list[float]
    """CPU seconds of one ``probe``-simulation step, per calibration position."""


def calibrate(nb: Checkers, pyspiel: Any, budget: float, positions: int = 5) -> Calibration:
    """Simulations that take about ``budget`` CPU seconds a step: a step of ``probe``
    simulations timed at the start and at seeded positions, scaled by the median."""
    game, probe = pyspiel.load_game("checkers"), 500
    seconds = []
    for seed in [None, *range(positions - 1)]:
        os_state = game.new_initial_state()
        if seed is not None:
            rng, state = random.Random(100 + seed), nb.Start
            for _ in range(rng.randint(6, 16)):
                moves = nb.legal_moves(state)
                if not moves:
                    break
                after = rng.choice(moves).after
                for action in to_openspiel(nb, os_state, after):
                    os_state.apply_action(action)
                state = after
            if os_state.is_terminal():
                continue
        bot = mcts_bot(pyspiel, game, probe, 0)
        start = cpu()
        bot.step(os_state)
        seconds.append(cpu() - start)
    per_simulation = statistics.median(seconds) / probe
    return Calibration(max(1, round(budget / per_simulation)), probe, seconds)


def play_mcts(nb: Checkers, pyspiel: Any, simulations: int, budget: float, games: int) -> Match:
    """``games`` games against the MCTS bot, colours alternating; our state is the game's and
    OpenSpiel's follows it; a game that OpenSpiel ends by its own draw rule is a draw."""
    game = pyspiel.load_game("checkers")
    match = Match("OpenSpiel MCTS")
    for number in range(games):
        side = number % 2
        colour = nb.Players[side]
        ours = our_player(nb, budget, number, match.depths)
        bot = mcts_bot(pyspiel, game, simulations, number)
        state, os_state, plies = nb.Start, game.new_initial_state(), 0
        try:
            while nb.legal_moves(state) and not os_state.is_terminal():
                start = cpu()
                if state.turn == colour:
                    after = ours(state)
                    match.our_seconds.append(cpu() - start)
                    for action in to_openspiel(nb, os_state, after):
                        os_state.apply_action(action)
                else:
                    mover = os_state.current_player()
                    while not os_state.is_terminal() and os_state.current_player() == mover:
                        legal = os_state.legal_actions()
                        os_state.apply_action(legal[0] if len(legal) == 1 else bot.step(os_state))
                    match.their_seconds.append(cpu() - start)
                    after = from_openspiel(nb, state, os_state)
                state, plies = after, plies + 1
        except (LookupError, OutOfTime) as error:  # the rules differ, or no move in the budget
            match.results.append("abandoned")
            match.plies.append(plies)
            match.notes.append(f"game {number} abandoned after {plies} plies: {error}")
            continue
        match.plies.append(plies)
        if nb.legal_moves(state):  # OpenSpiel's draw rule ended it first
            match.results.append("draw")
            match.notes.append(f"game {number} ended by OpenSpiel's draw rule after {plies} plies")
        else:
            value = nb.utility(state, colour)
            match.results.append("win" if value > 0 else "loss" if value < 0 else "draw")
        print(f"MCTS game {number}: {match.results[-1]} in {plies} plies", file=sys.stderr)
    return match


@dataclass
class OpenSpielRun:
    missing: str = ""
    perft: list[tuple[int, int, float]] = field(default_factory=list)
    comparison: Comparison | None = None
    calibration: Calibration | None = None
    match: Match | None = None


def run_openspiel(
    nb: Checkers, depth: int, budget: float, games: int, compared: int = COMPARED_GAMES
) -> OpenSpielRun:
    pyspiel = load_pyspiel()
    if pyspiel is None:
        return OpenSpielRun(missing="OpenSpiel not installed (pyspiel cannot be imported)")
    run = OpenSpielRun(perft=run_os_perft(pyspiel, depth))
    print(f"comparing move lists along {compared} random games ...", file=sys.stderr, flush=True)
    run.comparison = compare_moves(nb, pyspiel, compared)
    if games:
        run.calibration = calibrate(nb, pyspiel, budget)
        print(f"MCTS: {run.calibration.simulations} simulations", file=sys.stderr, flush=True)
        run.match = play_mcts(nb, pyspiel, run.calibration.simulations, budget, games)
    return run


# ------------------------------------------------------------------- alpha-beta and minimax


def minimax(
    game: Game[CheckersState, str], state: CheckersState, player: str, stats: Stats, depth: int
) -> float:
    """The benchmark's reference: plain negamax to ``depth`` plies, then ``game.heuristic``;
    every child searched, no pruning (the Solver has no depth-limited minimax)."""
    stats.calls += 1
    if game.finished(state):
        return float(game.utility(state, player))
    if depth == 0:
        if game.heuristic is None:
            raise ValueError(f"{game.name} has no heuristic to search to a depth")
        return float(game.heuristic(state, player))
    opponent = game.other(player)
    return max(
        -minimax(game, child, opponent, stats, depth - 1)
        for child in game.next_states(state, player)
    )


@dataclass
class Searched:
    label: str
    values: dict[str, float]
    calls: dict[str, int]
    seconds: dict[str, float]


SEARCHES = ("minimax", "alpha-beta", "iterative deepening", "checkers_search")


def run_minimax(
    nb: Checkers, depth: int = MINIMAX_DEPTH, positions: int = MINIMAX_POSITIONS
) -> list[Searched]:
    searches: dict[str, Callable[[CheckersState, Stats], float]] = {
        "minimax": lambda state, stats: minimax(nb.game, state, state.turn, stats, depth),
        "alpha-beta": lambda state, stats: nb.depth_limited(
            nb.game, state, state.turn, stats, depth
        ),
        "iterative deepening": lambda state, stats: nb.iterative_deepening(
            nb.game, state, state.turn, stats, depth=depth
        ),
        "checkers_search": lambda state, stats: nb.checkers_search(
            nb.game, state, state.turn, stats, depth=depth
        ),
    }
    rows = []
    for seed in [None, *range(positions)]:
        state = nb.Start if seed is None else seeded_position(nb, 1000 + seed)
        label = (
            "start" if seed is None else f"seed {1000 + seed}: `{nb.notation(state, state.turn)}`"
        )
        row = Searched(label, {}, {}, {})
        for name, search in searches.items():
            stats = Stats()
            start = cpu()
            row.values[name] = search(state, stats)
            row.seconds[name] = cpu() - start
            row.calls[name] = stats.calls
        rows.append(row)
    return rows


# ----------------------------------------------------------------------------- the ladder


def run_ladder(
    nb: Checkers, openings: int, budget: float | None, depth: int | None = None
) -> list[Rung]:
    """The notebook's ``match`` (``gamesolver.match``) of ``player(a)`` against ``player(b)``
    from ``openings`` openings of 3 moves, for each consecutive pair (b, a) of ``Ladder``: the
    newer rung ``a`` against the one before it."""
    rungs = []
    for (name_b, b), (name_a, a) in itertools.pairwise(nb.Ladder):
        nb.legal_moves.cache_clear()
        start = cpu()
        starts = nb.openings(nb.game, openings, plies=3)
        try:
            played = nb.match(
                nb.game, nb.player(a), nb.player(b), starts, budget=budget, depth=depth
            )
        except OutOfTime as error:  # a budget too small for one move: say so, go on
            rungs.append(Rung(name_a, name_b, 0, 0, 0, [], cpu() - start, stopped=str(error)))
            print(f"ladder {name_a} against {name_b}: {error}", file=sys.stderr, flush=True)
            continue
        tally = played.tally
        rung = Rung(
            name_a,
            name_b,
            tally["a"],
            tally["draw"],
            tally["b"],
            [game.plies for game in played.games],
            cpu() - start,
            depths=played.depths("a"),
            their_depths=played.depths("b"),
        )
        rungs.append(rung)
        print(
            f"ladder {name_a} against {name_b}: {rung.won}/{rung.drawn}/{rung.lost} in "
            f"{rung.seconds:.0f} s",
            file=sys.stderr,
            flush=True,
        )
    return rungs


# ------------------------------------------------------------------------------ the report


def spread(values: Sequence[float], digits: int = 0) -> str:
    """The median and the range: "10 (9-11)"."""
    if not values:
        return "—"
    f = f"{{:.{digits}f}}"
    return (
        f"{f.format(statistics.median(values))} ({f.format(min(values))}-{f.format(max(values))})"
    )


@dataclass
class Results:
    budget: float
    perft: list[PerftRow] = field(default_factory=list)
    depth: DepthRun | None = None
    matches: list[Match] = field(default_factory=list)
    openspiel: OpenSpielRun | None = None
    minimax: list[Searched] = field(default_factory=list)
    ladder: list[Rung] = field(default_factory=list)
    ladder_openings: int = 0
    ladder_budget: float | None = None
    ladder_depth: int | None = None


def fewer(rows: Sequence[Searched], name: str) -> float:
    """How many times fewer value calls than minimax ``name`` made, over all the positions."""
    return sum(row.calls["minimax"] for row in rows) / sum(row.calls[name] for row in rows)


def targets(r: Results) -> list[tuple[str, str, bool]]:
    """Every target: what it asks, what was measured, whether it was met."""
    rows = []
    wrong = [p for p in r.perft if p.wrong()]
    if r.perft:
        rows.append(
            (
                f"perft equals the published counts (depths 1-{r.perft[-1].depth}; the "
                "recursion, in bulk and `count --paths`)",
                "all equal" if not wrong else f"differs at depth {wrong[0].depth}",
                not wrong,
            )
        )
    depth, limit = PERFT_TARGET
    at = [p for p in r.perft if p.depth == depth]
    if at:
        rows.append(
            (
                f"perft to depth {depth} in under {limit:g} s, judged on `count --paths` "
                "(`per_ply`: every move of every distinct position made once)",
                f"{at[0].paths_seconds:.1f} s (the plain recursion: {at[0].seconds:.1f} s)",
                at[0].paths_seconds < limit,
            )
        )
    if r.depth is not None:
        reached = r.depth.depths["checkers_search"][0]
        rows.append(
            (
                f"depth at least {DEPTH_TARGET} in {r.budget:g} s from the start "
                "(`checkers_search`)",
                str(reached),
                reached >= DEPTH_TARGET,
            )
        )
    for m in r.matches:
        rows.append(
            (
                f"against {m.opponent}: at least {m.needed()} wins of {m.games}, no losses",
                f"{m.count('win')} won, {m.count('draw')} drawn, {m.count('loss')} lost",
                m.met(),
            )
        )
    if r.openspiel is not None and r.openspiel.perft:
        bad = [d for d, c, _ in r.openspiel.perft if d <= len(PUBLISHED) and c != PUBLISHED[d - 1]]
        rows.append(
            (
                "OpenSpiel's perft equals the published counts "
                f"(depths 1-{r.openspiel.perft[-1][0]})",
                "all equal" if not bad else f"differs at depth {bad[0]}",
                not bad,
            )
        )
    if r.minimax:
        for name, reference in zip(
            ("alpha-beta", "checkers_search"), REFERENCE_RATIOS, strict=True
        ):
            ratio = fewer(r.minimax, name)
            rows.append(
                (
                    f"{name} makes at least {reference:g}x fewer value calls than minimax at "
                    f"depth {MINIMAX_DEPTH} (the reference's ratio)",
                    f"{ratio:.1f}x",
                    ratio >= reference,
                )
            )
    return rows


def perft_text(rows: Sequence[PerftRow]) -> list[str]:
    last = rows[-1]
    made = sum(p.count for p in rows)  # the moves the recursion to the last depth makes
    expanded = 1 + sum(p.positions for p in rows[:-1])  # the positions per_ply makes moves of
    depth, limit = PERFT_TARGET
    return [
        "## Perft from the start (ours)",
        "",
        "The move sequences from the start counted three ways, each from an empty move cache "
        "(`legal_moves` keeps 65,536 positions in an `lru_cache`: it is cleared before each "
        "depth and each way of counting). CPU seconds (`time.process_time`), one run each.",
        "",
        "- *count --paths*: `gamesolver.explore.per_ply(game, depth)`, the command line's "
        "`count --paths`. It goes ply by ply: every move of every distinct position is made "
        "once, and each new position carries how many sequences reach it, so a position that "
        "several sequences reach is expanded once. To depth "
        f"{last.depth} it makes the moves of {expanded:,} distinct positions (plies 0 to "
        f"{last.depth - 1}) and ends with {last.positions:,} distinct positions.",
        "- *recursion*: a plain recursion over `legal_moves` that makes every move and enters "
        "every position, the last ply included (no bulk counting): to depth "
        f"{last.depth} it makes {made:,} moves, one per sequence of each length "
        f"({last.seconds * 1e6 / made:.1f} µs a move here).",
        "- *bulk*: the same recursion counting the last ply in bulk (the length of each move "
        "list one ply short; `legal_moves` still builds those moves and their states).",
        "",
        f"**The target (perft to depth {depth} in under {limit:g} s) is judged on the count "
        f"--paths column.** The issue's reference did perft to depth {depth} in "
        f'{REFERENCE_PERFT:g} s in pure Python, "making every move". A recursion that '
        f"makes and enters each of the {sum(PUBLISHED[:depth]):,} moves of depths 1 to "
        f"{depth} one by one would have to spend "
        f"{REFERENCE_PERFT * 1e6 / sum(PUBLISHED[:depth]):.2f} µs on each, about what "
        "CPython needs on a fast machine just to build one position (a `State` and its `Move`, "
        "two named tuples), before any move generation or recursion. So the reference cannot "
        "have been a leaf-by-leaf recursion; making every move of every distinct position "
        "once, as `count --paths` does, is the reading that fits it. The recursion and the "
        "bulk columns are kept for comparison, as measured.",
        "",
        *md_table(
            [
                "depth",
                "published",
                "distinct positions",
                "count --paths",
                "count --paths CPU s",
                "recursion",
                "recursion CPU s",
                "bulk",
                "bulk CPU s",
                "all equal",
            ],
            (
                [
                    p.depth,
                    "—" if p.published is None else f"{p.published:,}",
                    f"{p.positions:,}",
                    f"{p.paths_count:,}",
                    f"{p.paths_seconds:.3f}",
                    f"{p.count:,}",
                    f"{p.seconds:.3f}",
                    f"{p.bulk_count:,}",
                    f"{p.bulk_seconds:.3f}",
                    "—" if p.published is None else "NO" if p.wrong() else "yes",
                ]
                for p in rows
            ),
        ),
        "",
    ]


def depth_text(d: DepthRun, budget: float) -> list[str]:
    ours, solver = DEPTH_SEARCHES
    head = ["position"]
    for name in DEPTH_SEARCHES:
        head += [f"{name} depth", f"{name} value calls", f"{name} CPU s"]
    table = []
    for i, label in enumerate(d.labels):
        cells: list[object] = [label]
        for name in DEPTH_SEARCHES:
            cells += [d.depths[name][i], f"{d.calls[name][i]:,}", f"{d.seconds[name][i]:.3f}"]
        table.append(cells)
    return [
        f"## Depth reached in {budget:g} s",
        "",
        f"`{ours}(game, state, state.turn, stats, budget={budget:g})`, the notebook's search "
        "for play (iterative deepening with alpha-beta, the previous iteration's best move "
        "first, a memo table and history ordering: what the play widget's `computer` and the "
        "matches below use); the target is judged on it. The Solver's "
        f"`{solver}` alongside, for comparison. The depth of the last iteration completed; the "
        "budget is wall-clock time, as the searches count it (CPU seconds below); "
        "`legal_moves`'s cache cleared before each search. Positions: the start, and seeded "
        "ones after 6 to 16 random moves. From the start: "
        f"`{ours}` depth {d.depths[ours][0]}, `{solver}` depth {d.depths[solver][0]}; over the "
        f"{len(d.labels) - 1} seeded positions (median (min-max)): `{ours}` "
        f"{spread(d.depths[ours][1:])}, `{solver}` {spread(d.depths[solver][1:])}.",
        "",
        *md_table(head, table),
        "",
    ]


def markdown(r: Results, note: str) -> str:
    lines = ["# Checkers: speed and strength of Checkers.ipynb", "", note, "", "## Targets", ""]
    rows = [[what, measured, verdict(met)] for what, measured, met in targets(r)]
    lines += [*md_table(["target", "measured", "verdict"], rows, text=3), ""]
    if r.perft:
        lines += perft_text(r.perft)
    if r.depth is not None:
        lines += depth_text(r.depth, r.budget)
    if r.matches:
        lines += ["## Matches", "", *match_text(r.matches, r.budget), ""]
    if r.openspiel is not None:
        lines += openspiel_text(r.openspiel, r.budget)
    if r.minimax:
        lines += minimax_text(r.minimax)
    if r.ladder:
        lines += ladder_text(r)
    return "\n".join(lines).rstrip() + "\n"


MATCH_HEAD = [
    "opponent",
    "games",
    "wins",
    "draws",
    "losses",
    "as red w/d/l",
    "as white w/d/l",
    "plies median (min-max)",
    "our depth median (min-max)",
    "our CPU s a move median (max)",
    "theirs",
]


def match_cells(m: Match) -> list[object]:
    def cpu_text(seconds: Sequence[float]) -> str:
        if not seconds:
            return "—"
        return f"{statistics.median(seconds):.3f} ({max(seconds):.3f})"

    return [
        m.opponent,
        *m.tally_cells(),
        spread(m.plies),
        spread(m.depths),
        cpu_text(m.our_seconds),
        cpu_text(m.their_seconds),
    ]


OURS = (
    "Ours: the notebook's `computer(state, player, rng, budget={budget:g})`, what the play "
    "widget's computer plays (`best_move` with `checkers_search`, {budget:g} s a move of wall "
    "clock, as the search counts it; `Playing` as the estimate, `material` with the capture "
    "extension), its tie-breaks seeded with the game's number."
)


def match_text(matches: Sequence[Match], budget: float) -> list[str]:
    lines = [
        OURS.format(budget=budget) + " Red (moving first) in the even-numbered games and white "
        "in the odd ones; opponents seeded with the game's number. A game ends when the player "
        "to move has no move, or by the draw rule (80 plies without a capture or a crowning). "
        "Random: a legal move at random; greedy: the move after which `material` is best for "
        "it, at random among ties.",
        "",
        *md_table(MATCH_HEAD, [match_cells(m) for m in matches]),
        "",
    ]
    for m in matches:
        lost = [f"game {i}" for i, result in enumerate(m.results) if result == "loss"]
        if lost:
            lines.append(f"Lost against {m.opponent}: {', '.join(lost)}.")
        lines += [f"- against {m.opponent}: {note}" for note in m.notes]
    return lines


def openspiel_text(run: OpenSpielRun, budget: float) -> list[str]:
    lines = ["## OpenSpiel's checkers", ""]
    if run.missing:
        return [*lines, run.missing + ": its perft and the matches against MCTS were not run.", ""]
    lines += [
        'OpenSpiel\'s `checkers` (`pyspiel.load_game("checkers")`) prints its board as ranks 8 '
        "to 1, files a to h; player 0 has the men 'o' (kings '8') on ranks 1 to 3 and moves "
        "first: it is our red (PDN's B). Its rank r is our row r - 1 and its files run the other "
        "way (a1 is a dark square there, our square 1 is its g1). A multi-jump is several "
        "actions by the same player: a move here is complete when the turn passes or the game "
        "ends. Its perft (a Python recursion over the C++ states), CPU seconds:",
        "",
        *md_table(
            ["depth", "count", "published", "equal", "CPU s"],
            (
                [
                    d,
                    f"{c:,}",
                    f"{PUBLISHED[d - 1]:,}" if d <= len(PUBLISHED) else "—",
                    ("yes" if c == PUBLISHED[d - 1] else "NO") if d <= len(PUBLISHED) else "—",
                    f"{s:.3f}",
                ]
                for d, c, s in run.perft
            ),
        ),
        "",
    ]
    c = run.comparison
    if c is not None:
        lines += [
            f"**Move lists compared.** Along {c.games} random games (seeds 0 to {c.games - 1}, "
            f"moves drawn among those both allow), at every position the boards after each of "
            f"our moves and after each of OpenSpiel's complete moves, as multisets: "
            f"{c.positions:,} positions, {c.differing:,} of them differ. "
            f"{c.os_draws} of the games were ended by OpenSpiel's draw rule while ours went on "
            "(OpenSpiel draws after 40 plies without a capture; ours after 80 plies without a "
            "capture or a crowning).",
            "",
        ]
        lines += [f"- {example}" for example in c.examples]
        lines.append("")
    if run.calibration is not None and run.match is not None:
        cal, m = run.calibration, run.match
        times = ", ".join(f"{s:.3f}" for s in cal.seconds)
        lines += [
            "**Against OpenSpiel's MCTS bot** (the C++ `pyspiel.MCTSBot`: UCT with c = 2, one "
            "random rollout per leaf (`RandomRolloutEvaluator(1, seed)`), solving proven "
            "positions, seeded with the game's number). It is limited by simulations, not by "
            f"time: a step of {cal.probe} simulations took {times} CPU s at the start and at "
            f"seeded positions; scaled by the median to {budget:g} s, it gets "
            f"{cal.simulations:,} simulations per step. A multi-jump of several actions asks "
            "the bot once per action with a choice (a forced action is played at once). The "
            "CPU seconds per complete move that each side used are in the table. Our board "
            "is the game's; OpenSpiel's follows it, each of our moves translated to the "
            "OpenSpiel actions that give the same board, and each of its moves back. "
            + OURS.format(budget=budget)
            + " Red in the even-numbered games.",
            "",
            *md_table(MATCH_HEAD, [match_cells(m)]),
            "",
        ]
        lines += [f"- {n}" for n in m.notes]
        lines.append("")
    return lines


def minimax_text(rows: Sequence[Searched]) -> list[str]:
    compared = SEARCHES[1:]
    head = ["position"]
    for name in SEARCHES:
        head += [f"{name} calls", f"{name} CPU s"]
    head += [f"minimax / {name}" for name in compared]
    head.append("values equal")
    table = []
    for row in rows:
        cells: list[object] = [row.label]
        for name in SEARCHES:
            cells += [f"{row.calls[name]:,}", f"{row.seconds[name]:.3f}"]
        cells += [f"{row.calls['minimax'] / row.calls[name]:.1f}" for name in compared]
        cells.append("yes" if len(set(row.values.values())) == 1 else f"NO {row.values}")
        table.append(cells)
    total = {name: sum(row.calls[name] for row in rows) for name in SEARCHES}
    ab, ordered = REFERENCE_RATIOS
    in_all = ", ".join(
        f"{name} {total[name]:,} ({fewer(rows, name):.1f}x fewer)" for name in compared
    )
    return [
        f"## Alpha-beta against minimax at depth {MINIMAX_DEPTH}",
        "",
        "Value calls (every call of each value function) on the same positions: minimax is the "
        "benchmark's own plain negamax to the depth, then `material` (the Solver has no "
        "depth-limited minimax); alpha-beta is the Solver's `depth_limited`; iterative "
        f"deepening is the Solver's `iterative_deepening(depth={MINIMAX_DEPTH})` with its move "
        "ordering and its table of best moves; `checkers_search` is the notebook's "
        f"`checkers_search(depth={MINIMAX_DEPTH})` with all its additions on (the previous "
        "iteration's best move first, the memo table, history ordering). The last two sum "
        f"their calls over iterations 1 to {MINIMAX_DEPTH} (they stop early when a search sees "
        "every line to its end). CPU seconds, one run each.",
        "",
        *md_table(head, table),
        "",
        f"In all: minimax {total['minimax']:,}, {in_all}. The reference measured {ab:g}x fewer "
        f"for alpha-beta and {ordered:g}x fewer with move ordering and a table; the Targets "
        "table compares alpha-beta and `checkers_search` with those.",
        "",
    ]


def ladder_text(r: Results) -> list[str]:
    games = 2 * r.ladder_openings
    how = (
        f"to depth {r.ladder_depth}"
        if r.ladder_depth is not None
        else f"for {r.ladder_budget:g} s a move (wall clock, as the search counts it)"
    )
    table = [
        [rung.estimate, rung.against, *["—"] * 8, f"{rung.seconds:.0f}"]
        if rung.stopped
        else [
            rung.estimate,
            rung.against,
            rung.games,
            rung.won,
            rung.drawn,
            rung.lost,
            f"{rung.won - rung.lost:+d}",
            spread(rung.depths),
            spread(rung.their_depths),
            spread(rung.plies),
            f"{rung.seconds:.0f}",
        ]
        for rung in r.ladder
    ]
    return [
        "## The ladder of estimates",
        "",
        "Each rung of the notebook's `Ladder` (an estimate, each adding one thing to the one "
        f"before) against the rung before it: `match(a, b, openings={r.ladder_openings}, ...)`, "
        f"{r.ladder_openings} seeded openings (`opening(seed)`: 3 random plies, seeds 0 to "
        f"{r.ladder_openings - 1}) each played twice, colours swapped: {games} games a rung. "
        f"Both sides search with `checkers_search` {how}, so the newer estimate pays for "
        "what it computes with depth. Won, drawn and lost are the newer rung's; the plies are "
        "counted after the opening; the depths are medians (min-max) over each side's searches; "
        "CPU seconds are the whole match's.",
        "",
        f"What a result means: wins minus losses over the {games} games, at equal time, is the "
        "measured effect of the thing the rung adds (positive: it helps). These are small "
        "samples. If the addition made no difference, the decisive games would split evenly "
        "by chance, and wins minus losses over d decisive games would have a standard "
        f"deviation of about √d: even with all {games} games decisive, a difference of up to "
        f"about ±{2 * math.sqrt(games):.0f} (2√{games}) is within what chance gives. No "
        "target: the issue asks for measured effects.",
        "",
        *md_table(
            [
                "estimate",
                "against",
                "games",
                "won",
                "drawn",
                "lost",
                "wins − losses",
                "its depth",
                "their depth",
                "plies",
                "CPU s",
            ],
            table,
            text=2,
        ),
        "",
        *(
            f"- `{rung.estimate}` against `{rung.against}`: stopped, {rung.stopped} (the "
            "notebook's "
            "`match` keeps no partial tally)."
            for rung in r.ladder
            if rung.stopped
        ),
    ]


# ----------------------------------------------------------------------------- the command


def budget_option(text: str) -> float:
    try:
        budget = float(text)
    except ValueError:
        budget = 0
    if not budget > 0:
        raise argparse.ArgumentTypeError(f"must be a number of seconds above 0, not {text!r}")
    return budget


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m benchmarks.checkers", description=__doc__.splitlines()[0]
    )
    p.add_argument(
        "--perft-depth",
        type=count_option,
        default=9,
        metavar="N",
        help="our perft from the start to depth N (default 9)",
    )
    p.add_argument(
        "--openspiel-depth",
        type=count_option,
        default=9,
        metavar="N",
        help="OpenSpiel's perft to depth N (default 9)",
    )
    p.add_argument(
        "--games",
        type=count_option,
        default=50,
        metavar="N",
        help="games against the random and the greedy player each (default 50)",
    )
    p.add_argument(
        "--mcts-games",
        type=functools.partial(count_option, least=0),
        default=20,
        metavar="N",
        help="games against OpenSpiel's MCTS bot (default 20)",
    )
    p.add_argument(
        "--budget",
        type=budget_option,
        default=0.5,
        metavar="S",
        help="seconds per move for the depth and the matches (default 0.5)",
    )
    p.add_argument(
        "--ladder-openings",
        type=count_option,
        default=10,
        metavar="N",
        help="openings a rung of the ladder, each played twice (default 10)",
    )
    p.add_argument(
        "--ladder-budget",
        type=budget_option,
        default=0.1,
        metavar="S",
        help="seconds per move in the ladder's matches (default 0.1)",
    )
    p.add_argument(
        "--ladder-depth",
        type=count_option,
        default=None,
        metavar="N",
        help="search the ladder's matches to depth N instead, without a budget (quick checks)",
    )
    parts_options(p, PARTS)
    report_options(p, "checkers.md", "print the report instead")
    return p


def run(args: argparse.Namespace) -> Results:
    nb = checkers()
    results = Results(args.budget)
    if "perft" in args.parts:
        results.perft = run_perft(nb, args.perft_depth)
    if "depth" in args.parts:
        results.depth = run_depth(nb, args.budget)
    if "matches" in args.parts:
        results.matches = [run_match(nb, o, args.games, args.budget) for o in OPPONENTS]
    if "openspiel" in args.parts:
        results.openspiel = run_openspiel(nb, args.openspiel_depth, args.budget, args.mcts_games)
    if "minimax" in args.parts:
        results.minimax = run_minimax(nb)
    if "ladder" in args.parts:
        budget = None if args.ladder_depth is not None else args.ladder_budget
        results.ladder_openings, results.ladder_budget = args.ladder_openings, budget
        results.ladder_depth = args.ladder_depth
        results.ladder = run_ladder(nb, args.ladder_openings, budget, args.ladder_depth)
    return results


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    started = Started.now("benchmarks.checkers", argv)
    results = run(args)
    for what, measured, met in targets(results):
        print(f"{verdict(met)}: {what} ({measured})")
    note = started.note(package_versions("gamesolver", "open_spiel")) + (
        ". Times are CPU times of this process (`time.process_time`); they depend on the"
        " machine and on what else runs on it."
    )
    report = markdown(results, note)
    if args.no_write:
        print(report)
    else:
        args.out.write_text(report, encoding="utf-8")
        print(f"wrote {args.out}", file=sys.stderr)
    return 1 if any(p.wrong() for p in results.perft) else 0


if __name__ == "__main__":
    sys.exit(main())
