"""The game validator: a correct game passes cleanly, and each classic mistake is reported with
the right message, naming the state where it shows, without the check ever raising or running
out of bounds (a game function that loops, sleeps, or returns an endless iterator).

The games are written here, compactly: tic-tac-toe on a flat tuple of nine cells (with a
heuristic and symmetries, so that every check has something to check) and a one-heap take-away
game. Each broken variant changes one function of a correct game.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import math
import mmap
import os
import re
import signal
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import pytest

from gamesolver.explore import reachable
from gamesolver.feedback.check import MAX_PROBLEMS, CheckReport, GameDefinitionError, check_game
from gamesolver.game import Game
from gamesolver.trees import tree_game

# ---------------------------------------------------------------- tic-tac-toe, correct

Board = tuple[str, ...]  # nine cells in reading order, " " for a free cell

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
START: Board = (" ",) * 9
OTHER = {"X": "O", "O": "X"}


# Cached, as the functions below are pure: the check calls them on every reachable board, and
# this file checks dozens of variants of the game.


@functools.cache
def winner(s: Board) -> str | None:
    for a, b, c in LINES:
        if s[a] != " " and s[a] == s[b] == s[c]:
            return s[a]
    return None


def next_states(s: Board, p: str) -> list[Board]:
    if winner(s):
        return []
    return [(*s[:i], p, *s[i + 1 :]) for i in range(9) if s[i] == " "]


def finished(s: Board) -> bool:
    return winner(s) is not None or " " not in s


def utility(s: Board, p: str) -> int:
    w = winner(s)
    return 0 if w is None else 1 if w == p else -1


@functools.cache
def open_lines(s: Board, p: str) -> int:
    return sum(1 for line in LINES if all(s[i] != OTHER[p] for i in line))


def heuristic(s: Board, p: str) -> float:
    return (open_lines(s, p) - open_lines(s, OTHER[p])) / 10


ROTATE = (6, 3, 0, 7, 4, 1, 8, 5, 2)
REFLECT = (2, 1, 0, 5, 4, 3, 8, 7, 6)


def symmetries(s: Board) -> list[Board]:
    variants = []
    for board in (s, tuple(s[i] for i in REFLECT)):
        for _ in range(4):
            variants.append(board)
            board = tuple(board[i] for i in ROTATE)
    return variants


@functools.cache
def canonical(s: Board) -> Board:
    return min(symmetries(s))


def show(s: Board) -> str:
    return "\n".join("".join(s[r : r + 3]).replace(" ", ".") for r in (0, 3, 6))


TTT = Game(
    "tic-tac-toe",
    ("X", "O"),
    START,
    next_states,
    finished,
    utility,
    heuristic=heuristic,
    canonical=canonical,
    show=show,
)


def ttt(**changes: Any) -> Game[Any, Any]:
    """Tic-tac-toe with some of its parts replaced."""
    return dataclasses.replace(TTT, **changes)


BOARD = re.compile(r"^ +([XO.]{3})\n +([XO.]{3})\n +([XO.]{3})$", re.MULTILINE)


def boards(text: str) -> list[Board]:
    """The boards drawn by ``show`` in ``text``, in order."""
    return [tuple("".join(m.groups()).replace(".", " ")) for m in BOARD.finditer(text)]


def marks(s: Board) -> tuple[int, int]:
    return s.count("X"), s.count("O")


# ---------------------------------------------------------------- take-away, correct

Heap = tuple[int, str]  # matches left, the player to move


OTHER_AB = {"A": "B", "B": "A"}


def take_moves(s: Heap, p: str) -> list[Heap]:
    n, _ = s
    return [(n - k, OTHER_AB[p]) for k in (1, 2, 3) if k <= n]


TAKE_START: Heap = (7, "A")
TAKE = Game(
    "take-away",
    ("A", "B"),
    TAKE_START,
    take_moves,
    lambda s: s[0] == 0,
    # whoever takes the last match wins: the player to move at 0 has lost
    lambda s, p: -1 if p == s[1] else 1,
)


# ---------------------------------------------------------------- correct games pass


@pytest.mark.parametrize("game", [TTT, TAKE], ids=lambda game: game.name)
def test_correct_game_passes_without_warnings(game: Game[Any, Any]) -> None:
    report = check_game(game)
    assert report.ok, repr(report)
    assert report.errors == [] and report.warnings == []
    positions = len(reachable(game))
    assert report.exhaustive and report.positions == positions and report.plays == 0
    assert (
        repr(report)
        == f"{game.name} passes the check: all {positions:,} reachable positions checked"
    )
    report.raise_if_failed()


def test_every_reachable_position_is_checked() -> None:
    report = check_game(TTT)
    assert report.positions == report.states_checked == 5478  # one player to move per board
    assert check_game(TAKE).positions == len(reachable(TAKE)) == 14


def test_a_larger_game_is_walked_up_to_max_states_then_played() -> None:
    report = check_game(TTT, max_states=100)
    assert report.ok and not report.exhaustive
    assert report.positions == 100 and report.plays == 200
    assert 100 < report.states_checked < 5478  # the random games go beyond the first 100
    assert repr(report) == (
        "tic-tac-toe passes the check: more than 100 reachable positions: the first 100 "
        "(breadth-first) and 200 random games checked"
    )


class Counts(Mapping[str, int]):
    """Calls counted by name in memory shared with the check's process (``check_game`` runs
    the game's functions in a process of its own: a dictionary there is not this one)."""

    NAMES = ("next_states", "finished", "utility", "heuristic", "canonical")

    def __init__(self) -> None:
        self.shared = mmap.mmap(-1, 8 * len(self.NAMES))
        self.words = memoryview(self.shared).cast("q")

    def add(self, name: str) -> None:
        self.words[self.NAMES.index(name)] += 1

    def __getitem__(self, name: str) -> int:
        count = self.words[self.NAMES.index(name)] if name in self.NAMES else 0
        if not count:
            raise KeyError(name)
        return int(count)

    def __iter__(self) -> Iterator[str]:
        return (name for name in self.NAMES if self.words[self.NAMES.index(name)])

    def __len__(self) -> int:
        return sum(1 for _ in self)


def counted(game: Game[Any, Any]) -> tuple[Game[Any, Any], Counts]:
    """``game`` with its functions counting their calls, in the ``Counts`` returned."""
    calls = Counts()

    def counting(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any) -> Any:
            calls.add(name)
            return function(*args)

        return call

    changes: dict[str, Any] = {
        name: counting(name, getattr(game, name))
        for name in Counts.NAMES
        if getattr(game, name) is not None
    }
    return dataclasses.replace(game, **changes), calls


def test_each_function_is_called_a_few_times_per_position() -> None:
    game, calls = counted(ttt(heuristic=None, canonical=None))
    check_game(game)
    # finished once per board, next_states twice (the second call checks that it is
    # deterministic), utility for both players on each of the 958 finished boards
    assert dict(calls) == {"finished": 5478, "next_states": 2 * 5478, "utility": 2 * 958}


def test_the_report_is_deterministic() -> None:
    for game in (TTT, ttt(next_states=lambda s, p: set(next_states(s, p)))):
        assert repr(check_game(game)) == repr(check_game(game))
        assert repr(check_game(game, seed=3, max_states=50)) == repr(
            check_game(game, seed=3, max_states=50)
        )
    seeds = {check_game(TTT, seed=seed, max_states=50).states_checked for seed in (1, 2)}
    assert len(seeds) == 2


def test_the_report_does_not_depend_on_the_order_of_a_set() -> None:
    # The order of a set changes with the hashes of its elements, e.g. with PYTHONHASHSEED for
    # strings: a next_states that returns a set must not let that order into the report.
    salt = [0]

    class Salted(tuple[str, ...]):
        """A board whose hash, and so its place in a set, depends on ``salt``."""

        def __hash__(self) -> int:
            return hash((salt[0], *self))

    def moves(s: Board, p: str) -> set[Salted]:
        return {Salted(m) for m in next_states(s, p)}

    game = ttt(Start=Salted(START), next_states=moves)
    orders, texts = set(), set()
    for salt[0] in range(5):
        orders.add(tuple(moves(START, "X")))
        texts.add(repr(check_game(game)))
    assert len(orders) > 1  # the salt did change the order of the set
    assert len(texts) == 1 and "returned a set" in texts.pop()


# ---------------------------------------------------------------- the catalogue of mistakes


def no_draw_finished(s: Board) -> bool:
    return winner(s) is not None  # forgets the full board


def draw_as_none(s: Board, p: str) -> int | None:
    w = winner(s)
    return None if w is None else 1 if w == p else -1


def utility_by_table(s: Board, p: str) -> int:
    value = {"X": 1, "O": -1}[winner(s)]  # type: ignore[index]  # forgets the draw
    return value if p == "X" else -value


def moves_of_other(s: Board, p: str) -> list[Board]:
    return next_states(s, OTHER[p])  # the classic: the move is made for the opponent


def moves_with_key_error(s: Board, p: str) -> list[Board]:
    mark = {"X": "X"}[p]  # forgets "O"
    return next_states(s, mark)


def moves_and_pass(s: Board, p: str) -> list[Board]:
    moves = next_states(s, p)
    return [*moves, s] if moves else []  # passing: the same board can come back forever


def moves_any_time(s: Board, p: str) -> list[Board]:
    return [(*s[:i], p, *s[i + 1 :]) for i in range(9) if s[i] == " "]  # even after a win


def moves_generator(s: Board, p: str) -> Any:
    return (m for m in next_states(s, p))


def moves_twice(s: Board, p: str) -> list[Board]:
    moves = next_states(s, p)
    return moves + moves[:1]


def alternating_order() -> Callable[[Board, str], list[Board]]:
    calls = [0]

    def moves(s: Board, p: str) -> list[Board]:
        calls[0] += 1
        result = next_states(s, p)
        return result if calls[0] % 2 else result[::-1]

    return moves


def unfinished(s: Board) -> bool:
    return not finished(s)


def has_winner(s: Board) -> bool:
    return winner(s) is not None


def full_draw(s: Board) -> bool:
    return winner(s) is None and " " not in s


def o_to_move(s: Board) -> bool:
    x, o = marks(s)
    return x == o + 1 and not finished(s)


ONE_BOARD: Board = ("X", "O", " ", "X", "O", " ", "X", " ", " ")  # X's column after 5 moves

Case = tuple[Game[Any, Any], list[str], Callable[[Board], bool] | None]
"""A broken game, fragments of its error message, what is true of the state the message shows."""

ERRORS: dict[str, Case] = {
    "not zero-sum": (
        ttt(utility=lambda s, p: abs(utility(s, p))),
        ["Not zero-sum:", "utility(state, 'X') returned 1", "utility(state, 'O') returned 1"],
        has_winner,
    ),
    "finished state with moves": (
        ttt(next_states=moves_any_time),
        ["Finished state that still has moves", "finished(state) returned True"],
        lambda s: has_winner(s) and " " in s,
    ),
    "unfinished state without moves": (
        ttt(finished=no_draw_finished),
        ["Unfinished state without moves", "returned no next states"],
        full_draw,
    ),
    "utility None": (
        ttt(utility=draw_as_none),
        ["Utility missing:", "returned None for this finished state", "without return"],
        full_draw,
    ),
    "utility a bool": (
        ttt(utility=lambda s, p: winner(s) == p),
        ["Utility missing:", "(a bool, not a number)"],
        finished,
    ),
    "utility NaN": (
        ttt(utility=lambda s, p: math.nan if winner(s) is None else utility(s, p)),
        ["Utility is NaN:", "returned nan"],
        full_draw,
    ),
    "utility out of range": (
        ttt(utility=lambda s, p: 2 * utility(s, p)),
        ["Utility out of range:", "outside utility_range (-1, 1)", "utility_range=(-2, 2)"],
        has_winner,
    ),
    "utility raises": (
        ttt(utility=utility_by_table),
        [
            "utility(state, 'X') raised KeyError: None for this finished state:",
            'in the line:\n    value = {"X": 1, "O": -1}[winner(s)]  # type: ignore[index]',
            "To see it again:\n    game.utility(('",
        ],
        full_draw,
    ),
    "next_states returns a set": (
        ttt(next_states=lambda s, p: set(next_states(s, p))),
        ["next_states must return a list", "returned a set", "no fixed order"],
        lambda s: s == START,
    ),
    "next_states returns a generator": (
        ttt(next_states=moves_generator),
        ["next_states must return a list", "returned a generator", "read only once"],
        lambda s: s == START,
    ),
    "next_states returns None": (
        ttt(next_states=lambda s, p: None),
        ["next_states must return a list", "returned None", "is a return missing?"],
        lambda s: s == START,
    ),
    "next_states raises": (
        ttt(next_states=moves_with_key_error),
        [
            "next_states(state, 'O') raised KeyError: 'O' for this state:",
            'in the line:\n    mark = {"X": "X"}[p]  # forgets "O"',
        ],
        o_to_move,
    ),
    "next_states not deterministic": (
        ttt(next_states=alternating_order()),
        ["next_states is not deterministic", "returned a different list"],
        lambda s: s == START,
    ),
    "heuristic out of range": (
        ttt(heuristic=lambda s, p: open_lines(s, p) - open_lines(s, OTHER[p])),
        ["Heuristic out of range:", "not strictly inside utility_range (-1, 1)"],
        lambda s: unfinished(s) and open_lines(s, "X") != open_lines(s, "O"),
    ),
    "heuristic at a certain win": (
        ttt(heuristic=lambda s, p: 1.0 if s[4] == p else heuristic(s, p)),
        ["Heuristic out of range:", "returned 1.0", "never claim a certain win or loss"],
        lambda s: unfinished(s) and s[4] != " ",
    ),
    "heuristic not zero-sum": (
        ttt(heuristic=lambda s, p: open_lines(s, p) / 10),
        ["Heuristic not zero-sum:", "heuristic(state, 'X') returned 0.8"],
        lambda s: s == START,
    ),
    "heuristic None": (
        ttt(heuristic=lambda s, p: None),
        ["Heuristic not a number:", "returned None for this unfinished state"],
        lambda s: s == START,
    ),
    "canonical not idempotent": (
        ttt(canonical=lambda s: tuple(s[i] for i in ROTATE)),
        ["canonical is not idempotent", "canonical(canonical(state)):"],
        lambda s: s != tuple(s[i] for i in ROTATE),
    ),
    "canonical changes finished": (
        ttt(canonical=lambda s: START),
        ["canonical changes whether the game is over", "finished(state) returned True"],
        finished,
    ),
    "canonical changes utility": (
        ttt(canonical=lambda s: tuple(OTHER.get(c, c) for c in s) if winner(s) == "O" else s),
        [
            "canonical changes the utility: utility(state, 'X') returned -1 but "
            "utility(canonical(state), 'X') returned 1 for this finished state:"
        ],
        lambda s: winner(s) == "O",
    ),
    "game loops forever": (
        ttt(next_states=moves_and_pass),
        ["The game can go on forever: this state came back with", "to move, after 2 moves:"],
        unfinished,
    ),
    "Start finished": (
        ttt(finished=lambda s: " " in s),  # inverted: "not full" instead of "full"
        ["Start is already finished", "finished(Start) returned True"],
        lambda s: s == START,
    ),
    "utility missing on one board": (  # random play with seed 0 never met this board
        ttt(utility=lambda s, p: None if s == ONE_BOARD else utility(s, p)),
        ["Utility missing:", "utility(state, 'X') returned None for this finished state"],
        lambda s: s == ONE_BOARD,
    ),
    "next_states ignores the player": (  # X makes every move
        ttt(next_states=lambda s, p: next_states(s, "X")),
        [
            "next_states ignores the player: next_states(state, 'X') and next_states(state, 'O') "
            "return the same next states for all 230 unfinished states checked, and 'O' wins "
            "in none of the 220 finished states, 'X' in 220, e.g. in this one:",
            "make the move for the other player",
        ],
        lambda s: winner(s) == "X" and marks(s) == (3, 0),
    ),
    "finished returns a string": (
        ttt(finished=lambda s: str(finished(s))),
        ["finished must return a bool: finished(state) returned 'False' (a str)"],
        lambda s: s == START,
    ),
    "finished returns None": (
        ttt(finished=lambda s: True if finished(s) else None),
        ["finished must return a bool: finished(state) returned None for this state"],
        lambda s: s == START,
    ),
    "Players of length 3": (
        ttt(Players=("X", "O", "Z")),
        ["Players must hold exactly two players", "holds 3: ['X', 'O', 'Z']"],
        None,
    ),
    "Players the same": (
        ttt(Players=("X", "X")),
        ["The two players are the same"],
        None,
    ),
    "utility_range reversed": (
        ttt(utility_range=(1, -1)),
        ["utility_range must be a pair of numbers (worst, best) with worst < best"],
        None,
    ),
}


def normalized(text: str) -> str:
    """``text`` with its line breaks and indentation turned into single spaces."""
    return " ".join(text.split())


@functools.cache
def report_for(case: str) -> CheckReport:
    return check_game(ERRORS[case][0])


@pytest.mark.parametrize("case", ERRORS, ids=list(ERRORS))
def test_mistake_is_reported(case: str) -> None:
    _, fragments, culprit = ERRORS[case]
    report = report_for(case)
    # one mistake, one problem: nothing else is (wrongly) blamed
    assert len(report.errors) == 1 and report.warnings == [], repr(report)
    first = report.errors[0]
    for fragment in fragments:
        assert normalized(fragment) in normalized(first), first
    if culprit is not None:
        shown = boards(first)
        assert shown, f"no state in:\n{first}"
        assert culprit(shown[0]), f"the state shown is not a culprit:\n{first}"
    assert "\nHint: " in first


@pytest.mark.parametrize("case", ERRORS, ids=list(ERRORS))
def test_report_text_and_raise_if_failed(case: str) -> None:
    report = report_for(case)
    text = repr(report)
    header, *paragraphs = text.split("\n\n")
    count = len(report.errors)
    assert re.match(rf"tic-tac-toe fails the check: {count} problems? ", header), header
    for number, error in enumerate(report.errors, start=1):
        assert paragraphs[number - 1].startswith(f"{number}. {error.splitlines()[0]}")
    with pytest.raises(GameDefinitionError) as raised:
        report.raise_if_failed()
    assert str(raised.value) == text
    assert isinstance(raised.value, ValueError)


def test_unhashable_list_of_lists() -> None:
    def moves(s: list[list[str]], p: str) -> list[list[list[str]]]:
        return [
            [[p if (r, c) == (i, j) else s[r][c] for c in range(3)] for r in range(3)]
            for i in range(3)
            for j in range(3)
            if s[i][j] == " "
        ]

    start = [[" "] * 3 for _ in range(3)]
    game: Game[Any, str] = Game("lists", ("X", "O"), start, moves, lambda s: False, lambda s, p: 0)
    report = check_game(game)
    assert len(report.errors) == 1 and report.plays == report.positions == 0
    assert "Start is not hashable (TypeError: unhashable type: 'list')" in report.errors[0]
    assert repr(start) in report.errors[0]
    assert "use tuples instead of lists" in normalized(report.errors[0])
    assert repr(report).startswith("lists fails the check: 1 problem found before any position\n")


def test_unhashable_next_state() -> None:
    game = ttt(next_states=lambda s, p: [list(m) for m in next_states(s, p)])
    report = check_game(game)
    assert len(report.errors) == 1
    error = report.errors[0]
    assert "next_states(state, 'X') returned a next state that is not hashable" in error
    assert "use tuples instead of lists" in normalized(error)
    assert boards(error) == [("X",) + (" ",) * 8, START]  # the next state, then the state


# ---------------------------------------------------------------- warnings


def test_opponents_mark_bug_is_a_warning() -> None:
    report = check_game(ttt(next_states=moves_of_other))
    assert report.ok, repr(report)
    [warning] = report.warnings
    assert normalized(warning).startswith(
        "In all 209,088 possible games that end with a winner, the player who made the last "
        "move lost: does next_states(state, player) make the move for the other player?"
    )
    assert repr(report).splitlines()[1].startswith("Warning: In all ")
    sample = check_game(ttt(next_states=moves_of_other), max_states=10)
    assert re.match(r"In all [\d,]+ random games that ended with a winner,", sample.warnings[0])


def test_misere_game_gets_the_warning_with_its_excuse() -> None:
    misere = dataclasses.replace(TAKE, utility=lambda s, p: 1 if p == s[1] else -1)
    report = check_game(misere)
    assert report.ok and len(report.warnings) == 1
    assert "If the game is misère" in normalized(report.warnings[0])


def test_asymmetric_utility_range_is_a_warning() -> None:
    report = check_game(ttt(utility_range=(-1, 2)))
    assert report.ok, repr(report)
    [warning] = report.warnings
    assert "utility_range (-1, 2) is not symmetric" in warning
    assert "use utility_range=(-2, 2)" in normalized(warning)


def test_duplicated_next_state_is_a_warning() -> None:
    report = check_game(ttt(next_states=moves_twice))
    assert report.ok, repr(report)
    [warning] = report.warnings
    assert "returned the same next state twice (as moves 1 and 10)" in normalized(warning)
    assert boards(warning)[0] == START


# ---------------------------------------------------------------- robustness


def test_same_problem_is_reported_once_with_a_count() -> None:
    report = check_game(ttt(utility=draw_as_none))
    assert len(report.errors) == 1
    match = re.search(r"This came up ([\d,]+) times", report.errors[0])
    assert match and int(match[1].replace(",", "")) > 1


def test_check_stops_after_max_problems() -> None:
    errors = [type(f"Error{i}", (Exception,), {}) for i in range(MAX_PROBLEMS + 5)]

    def utility(s: Board, p: str) -> int:
        raise errors[sum(i for i, c in enumerate(s) if c == "X") % len(errors)]

    report = check_game(ttt(utility=utility))
    assert len(report.errors) == MAX_PROBLEMS
    assert report.note.startswith(f"Stopped after {MAX_PROBLEMS} problems")
    assert repr(report).endswith(report.note)


def test_a_game_without_end_stops_at_max_states_and_max_moves() -> None:
    counter, calls = counted(
        Game("counter", (0, 1), 0, lambda n, p: [n + 1], lambda n: False, lambda n, p: 0)
    )
    report = check_game(counter, max_states=100, max_moves=150)
    [error] = report.errors
    assert "A random game did not end: random game 1 was still not finished after 150 moves" in (
        normalized(error)
    )
    assert "\n    150\n" in error  # the state, by repr
    assert report.positions == 100 and report.plays == 1 and report.states_checked == 151
    assert dict(calls) == {"finished": 151, "next_states": 2 * 151}


def test_take_away_that_gives_matches_back_loops() -> None:
    def moves(s: Heap, p: str) -> list[Heap]:
        n, _ = s
        return [*take_moves(s, p), (n + 1, OTHER_AB[p])]

    report = check_game(dataclasses.replace(TAKE, next_states=moves), max_states=1000)
    [forever] = [error for error in report.errors if "The game can go on forever" in error]
    assert re.search(r"\n    \(\d+, '[AB]'\)\n", forever)  # the state, by repr


def test_show_that_raises_falls_back_to_repr() -> None:
    def broken_show(s: Board) -> str:
        raise RuntimeError("show is broken")

    report = check_game(ttt(utility=draw_as_none, show=broken_show))
    assert not report.ok
    assert re.search(r"\n    \('[XO ]', '[XO ]'", report.errors[0])


def test_states_whose_hash_raises_are_reported() -> None:
    class Weird:
        def __hash__(self) -> int:
            raise ValueError("no hash today")

    game = Game("weird", ("A", "B"), Weird(), lambda s, p: [], lambda s: True, lambda s, p: 0)
    report = check_game(game)
    assert "Start is not hashable (ValueError: no hash today)" in report.errors[0]


def test_exceptions_in_finished_and_canonical_are_reported() -> None:
    def finished_late(s: Board) -> bool:
        if s.count(" ") == 2:
            raise IndexError("late")
        return finished(s)

    report = check_game(ttt(finished=finished_late, canonical=lambda s: s[10]))
    text = normalized(repr(report))
    assert "canonical(state) raised IndexError: tuple index out of range" in text
    assert "finished(state) raised IndexError: late" in text


def test_check_report_repr_on_success_with_warnings() -> None:
    report = CheckReport("g", 0, 1234, warnings=["first\nsecond line"], positions=1234)
    report.exhaustive = True
    assert repr(report) == (
        "g passes the check: all 1,234 reachable positions checked\n"
        "Warning: first\n"
        "         second line"
    )


# ---------------------------------------------------------------- the player argument


def test_a_tree_that_one_player_always_wins_passes() -> None:
    # next_states of a tree ignores its player, and Min wins no leaf: no error, for a tree
    report = check_game(tree_game([[1, 2], [3, [4, 5]], 6]))
    assert report.ok and report.exhaustive, repr(report)


def test_a_game_whose_state_says_who_moves_may_ignore_the_player() -> None:
    def moves(s: Heap, p: str) -> list[Heap]:
        return take_moves(s, s[1])  # the player to move, from the state

    assert check_game(dataclasses.replace(TAKE, next_states=moves)).ok


# ---------------------------------------------------------------- from a given state


def test_check_from_a_given_state_and_player() -> None:
    state: Board = ("X", " ", " ", " ", " ", " ", " ", " ", "O")
    report = check_game(TTT, start=state, player="X")
    assert report.ok and report.positions == len(reachable(TTT, state, "X"))
    broken = ttt(utility=lambda s, p: None if s == ONE_BOARD else utility(s, p))
    assert check_game(broken, start=state, player="X").ok  # ONE_BOARD is not reachable from it


def test_a_finished_given_state_is_no_error_but_its_utility_is_checked() -> None:
    report = check_game(TTT, start=ONE_BOARD, player="O")
    assert (
        report.ok and repr(report) == "tic-tac-toe passes the check: 1 reachable position checked"
    )
    broken = ttt(utility=lambda s, p: None if s == ONE_BOARD else utility(s, p))
    [error] = check_game(broken, start=ONE_BOARD, player="O").errors
    assert "Utility missing" in error and "Start" not in error


def test_the_given_player_must_be_one_of_players() -> None:
    [error] = check_game(TTT, start=START, player="Z").errors
    assert "The player to move, 'Z', is not one of the Players ['X', 'O']" in error


# ---------------------------------------------------------------- bounds


def test_an_endless_iterator_is_read_up_to_max_next_states() -> None:
    def endless(s: Board, p: str) -> Iterator[int]:
        return itertools.count()

    report = check_game(ttt(next_states=endless))
    assert [normalized(error).split(":")[0] for error in report.errors] == [
        "next_states must return a list",
        "next_states(state, 'X') returned more than 10,000 next states (max_next_states) for "
        "this state",
    ]
    small = check_game(ttt(next_states=lambda s, p: list(range(11))), max_next_states=10)
    assert "returned more than 10 next states" in small.errors[0]


def looping_finished(s: Board) -> bool:
    while s.count(" ") == 7:  # never returns once two marks are set
        pass
    return finished(s)


def test_a_function_that_loops_forever_is_stopped() -> None:
    report = check_game(ttt(finished=looping_finished), call_seconds=0.2)
    assert not report.ok and not report.complete and not report.exhaustive
    [error] = report.errors
    assert error.startswith("finished(state) did not return within 0.2 s (call_seconds) for this")
    assert marks(boards(error)[0]) == (1, 1)
    assert report.note == "Stopped at the first call over a limit: fix it, then check again."
    assert report.positions == 1 + 9  # the start and the boards with one mark
    assert repr(report).startswith(
        "tic-tac-toe fails the check: 1 problem (10 positions checked)\n"
    )


def sleepy(seconds: float) -> Callable[[Board, str], list[Board]]:
    """``next_states`` after a sleep of ``seconds``."""

    def moves(s: Board, p: str) -> list[Board]:
        time.sleep(seconds)
        return next_states(s, p)

    return moves


def busy(seconds: float) -> Callable[[Board, str], list[Board]]:
    """``next_states`` after computing for ``seconds`` (of the thread's CPU time)."""

    def moves(s: Board, p: str) -> list[Board]:
        until = time.thread_time() + seconds
        while time.thread_time() < until:
            pass
        return next_states(s, p)

    return moves


def test_a_slow_function_is_called_once() -> None:
    game, calls = counted(ttt(next_states=busy(0.5), heuristic=None, canonical=None))
    report = check_game(game, call_seconds=0.2)
    [error] = report.errors
    assert error.startswith("next_states(state, 'X') did not return within 0.2 s")
    assert boards(error) == [START]
    assert dict(calls) == {"finished": 1, "next_states": 1}


def test_the_whole_check_is_bounded_in_time() -> None:
    game, calls = counted(ttt(next_states=sleepy(0.01)))
    report = check_game(game, total_seconds=0.2)
    assert report.errors == [] and not report.ok and not report.complete
    assert report.note.startswith("Stopped after 0.2 s (total_seconds)")
    text = repr(report)
    assert re.match(
        r"tic-tac-toe did not finish the check: no problem so far \(\d+ positions ", text
    )
    assert "passes" not in text and "reachable" not in text and report.positions < 40
    assert calls["next_states"] < 2 * 40


def test_memory_growth_is_bounded() -> None:
    def greedy(s: Board, p: str) -> list[Board]:
        hoard = [b"x" * 2**20 for _ in range(500)]  # 500 MB, if nothing stops it
        return next_states(s, p) if hoard else []

    report = check_game(ttt(next_states=greedy), memory_mb=50)
    [error] = report.errors
    assert error.startswith("next_states(state, 'X') made the memory grow by more than 50 MB")


def test_a_function_that_waits_is_stopped() -> None:
    """``time.sleep`` in a game function ran on past every limit (issue 33, item 7): the check's
    process is sent a signal, which ends the sleep, at twice ``call_seconds``."""
    report = check_game(ttt(next_states=sleepy(10**6)), call_seconds=0.2)
    [error] = report.errors
    assert error.startswith("next_states(state, 'X') did not return within 0.2 s"), error
    assert boards(error) == [START]


def exits_on_a_full_row(s: Board) -> bool:
    if s[:3] == ("X", "X", "X"):
        sys.exit("three in a row")
    return finished(s)


def test_sys_exit_and_os_exit_in_the_games_code_are_reported() -> None:
    """``sys.exit`` was a traceback out of the check; ``os._exit`` ended the kernel."""
    report = check_game(ttt(finished=exits_on_a_full_row))
    assert not report.ok
    [error] = report.errors
    assert error.startswith("finished(state) raised SystemExit: three in a row for this"), error
    assert "sys.exit" in error  # the line of the game's code that raised it

    def ends(s: Board, p: str) -> list[Board]:
        if s.count("X") == 2:
            os._exit(5)
        return next_states(s, p)

    report = check_game(ttt(next_states=ends))
    assert not report.ok and not report.complete
    assert report.errors == [
        "A call of the game's functions ended the process that ran the check (exit status 5), "
        "as os._exit does."
    ]


def test_an_uninterruptible_function_is_ended_with_its_process() -> None:
    """A computation that Python does not interrupt (a C loop that never checks for signals)
    is ended by killing the check's process, after its grace period: the report says so."""

    def stuck(s: Board, p: str) -> list[Board]:
        if s != START:
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM, signal.SIGPROF})  # the timers
            time.sleep(10**6)
        return next_states(s, p)

    report = check_game(ttt(next_states=stuck), call_seconds=0.1)
    assert not report.ok and not report.complete
    [error] = report.errors
    assert error.startswith("A call of the game's functions did not return within 0.1 s"), error
    assert "could not be interrupted" in error


def test_limits_can_be_turned_off() -> None:
    report = check_game(TTT, call_seconds=None, total_seconds=None, memory_mb=None)
    assert report.ok and report.exhaustive


# ---------------------------------------------------------------- what a student's code returns


class Unprintable(Exception):
    """An exception whose message cannot be written: its ``__str__`` raises."""

    def __str__(self) -> str:
        raise RuntimeError("no message")


def test_an_exception_whose_str_raises_is_reported() -> None:
    def finished_unprintable(s: Board) -> bool:
        raise Unprintable

    [error] = check_game(ttt(finished=finished_unprintable)).errors
    assert normalized(error).startswith(
        "finished(state) raised Unprintable (its message could not be written: str() raised "
        "RuntimeError) for this state:"
    ), error


def test_a_huge_int_is_reported_not_converted() -> None:
    def huge(s: Board, p: str) -> int:
        return utility(s, p) * 10**5000

    report = check_game(ttt(utility=huge))
    assert not report.ok
    assert "utility(state, 'X') returned <an int of 5,001 digits>" in normalized(report.errors[0])
    report = check_game(ttt(heuristic=lambda s, p: 10**5000 if p == "X" else -(10**5000)))
    assert "Heuristic out of range" in report.errors[0] and "5,001 digits" in report.errors[0]
    assert len(repr(report)) < 3_000


def values(s: Board, p: str) -> Iterator[int]:
    yield utility(s, p)


def test_a_generator_is_named_without_its_address() -> None:
    report = check_game(ttt(utility=values))
    assert "returned <generator object" in normalized(report.errors[0])
    assert "0x" not in repr(report), repr(report)


def test_an_infinite_utility_is_not_told_to_widen_the_range() -> None:
    def infinite(s: Board, p: str) -> float:
        return utility(s, p) * math.inf if winner(s) else 0

    [error] = check_game(ttt(utility=infinite)).errors
    text = normalized(error)
    assert "utility(state, 'X') returned inf" in text
    assert "inf)" not in text.split("Hint:")[1], text  # no (-inf, inf) as the range to give
    assert "a finite number" in text, text


def test_what_the_game_prints_is_captured_and_cut(capsys: pytest.CaptureFixture[str]) -> None:
    def chatty(s: Board, p: str) -> list[Board]:
        print("moves of", "".join(s), "x" * 10_000)
        return next_states(s, p)

    report = check_game(ttt(next_states=chatty))
    out, err = capsys.readouterr()
    assert out == err == ""
    assert report.ok and report.printed > 5478 * 10_000
    text = repr(report)
    assert f"The game's functions printed {report.printed:,} characters during the check;" in text
    assert len(text) < 2_000, text[:2_000]
