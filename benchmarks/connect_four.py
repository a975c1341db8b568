"""Connect Four from the empty 7 x 6 board, X to move: depth-limited alpha-beta to depths 4, 6
and 8 with the same heuristic in every library, and our best search alone to depth 12.

Run alone with ``python -m benchmarks.connect_four`` (the options of ``python -m benchmarks``).
Each depth is a case of its own (``--case connect-four-4``, ``connect-four-6``, ``connect-four``
for depth 8, ``connect-four-12``), because the harness gives a case one depth.

**The heuristic.** Every library estimates a position at the depth limit with the notebook's
``windows`` (``Connect-Four.ipynb``: open lines of four weighted by their discs, own-row threats
counted twice, squashed into (-1, 1)), for the player to move in the negamax libraries (ours,
easyAI) and for X in the max/min ones (aima3, OpenSpiel); a finished position is worth its
utility, 1, -1 or 0, in every library. ``windows`` reads the rows-of-marks state of the lecture,
so a peer's evaluation hands it one:

- easyAI: its own ``easyAI.games.ConnectFour`` (a numpy board) keeps a rows state in step, one
  ``drop`` in each ``make_move`` (below: ``easyai_class``);
- aima3: its own ``aima3.games.ConnectFour`` (a dict of squares); each evaluation converts the
  dict to rows (``aima3_rows``);
- OpenSpiel: its own ``connect_four`` (C++); each evaluation converts ``str(state)`` to rows
  (``openspiel_rows``).

What the conversion costs is the peer's: it is inside its timed search, a few microseconds per
evaluation against tens for ``windows`` itself and hundreds for a node of easyAI. ``windows``
memoizes its line patterns per board (``patterns``, an ``lru_cache``); the memo is emptied
before every run of every library, so no run starts warm. Our ``finished`` reads the same
patterns, so our leaf pays for them once, as a peer's does in ``windows`` (the peers test for a
finished game in their own code).

**The rows, technique by technique** (the technique column of each row):

- plain alpha-beta, columns left to right, no table (``plain-alpha-beta``): ours is the
  notebook's ``depth_limited`` on the game with the columns left to right (``left_to_right``, the
  notebook's own, from a cell it shows only); easyAI ``Negamax(depth, scoring, win_score=1)``
  without a table (``win_score=1`` starts it with our window [-1, 1]); aima3
  ``alphabeta_cutoff_search(state, game, d, eval_fn=...)``, whose ``d`` counts from 0 (its cut-off
  test is ``depth > d`` with the start's children at depth 1: ``d = depth - 1`` searches ``depth``
  plies, the same tree as the others); OpenSpiel ``_alpha_beta(state, depth, -1, 1,
  value_function, 0)`` (``alpha_beta_search``'s recursion with our window) on
  ``pyspiel.load_game("connect_four")``. Every one lists the columns left to right, so they visit
  the same tree up to the window: ours, easyAI's and OpenSpiel's start with [-1, 1], so a win
  seen cuts at once; aima3's cannot be given a window and starts with (-∞, ∞).
- the centre first (``alpha-beta+ordering``): ours ``depth_limited`` with the game's own
  ``next_states``, a fixed order that costs nothing; easyAI's and aima3's the same searches as
  above on their games with the columns sorted centre first (``order_key``); OpenSpiel's
  alpha-beta takes the C++ game's order, left to right, and has no such row.
- ours best (``best``): ``iterative_deepening`` with ``order=True``: depths 1, 2, ..., each
  trying the last iteration's best move first (a table of best moves), the other moves ordered by
  the heuristic of the position they lead to (those evaluations are not value calls).

Nodes are counted as for the other cases: every call of the library's recursive value function,
the start included, and for aima3 the calls of the cut-off test plus the start, which its top
level expands itself. So a node is a position whose value the search asks for, interior or leaf.
"""

from __future__ import annotations

import functools
import importlib
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from benchmarks.harness import OURS, Case, Counter, Library, MoveChoice, Outcome, Runner, Search
from benchmarks.lectures import CONNECT_FOUR, ConnectFour, connect_four
from benchmarks.libraries import (
    OpenSpielDepthLimited,
    best_move_choice,
    maybe_counting,
    missing_module,
    our_search,
    root_values,
)

NOTEBOOK = CONNECT_FOUR.name
DEPTHS = (4, 6, 8)
"""The depths that every library searches to."""
DEEPEST = 12
"""The depth of issue 10's second target, searched by our best search only."""

State = tuple[str, ...]
"""The notebook's state: the rows of marks from the bottom up."""


def left_to_right(cf: ConnectFour) -> Callable[[State, str], list[State]]:
    """The notebook's ``left_to_right``: ``next_states`` with the columns in their natural order
    (the notebook defines it in a cell it only shows, which loading skips)."""

    def next_states(s: State, p: str) -> list[State]:
        if cf.finished(s):
            return []
        return [cf.drop(s, c, p) for c in range(len(s[0])) if cf.find_empty(s, c) < len(s)]

    return next_states


# ------------------------------------------------------------------------------- gamesolver


@dataclass(frozen=True)
class OurSearch:
    """One of our rows: a search of ``Solver.ipynb`` with its options, on which move order."""

    function: str
    centre_first: bool
    technique: str
    options: tuple[tuple[str, bool], ...] = ()


PLAIN = "depth_limited, left to right"
"""Our like-for-like row: plain alpha-beta, columns left to right."""

OUR_SEARCHES = {
    PLAIN: OurSearch("depth_limited", False, "plain-alpha-beta"),
    "depth_limited, centre first": OurSearch("depth_limited", True, "alpha-beta+ordering"),
    "iterative_deepening --order": OurSearch(
        "iterative_deepening", True, "best", (("order", True),)
    ),
}
"""Our rows by their algorithm column."""


@dataclass(frozen=True)
class Gamesolver:
    """Our rows: the notebook's game (``connect_four()``, heuristic ``windows``) searched to the
    case's depth by the algorithms of ``Solver.ipynb`` that ``searches`` names."""

    searches: tuple[str, ...] = tuple(OUR_SEARCHES)
    name = OURS

    def missing(self) -> str:
        return "" if CONNECT_FOUR.exists() else f"no notebook {CONNECT_FOUR}"

    def runners(self, case: Case) -> list[Runner]:
        return [self._runner(case.depth, label) for label in self.searches]

    def _runner(self, depth: int, label: str) -> Runner:
        cf = connect_four()
        spec = OUR_SEARCHES[label]
        game = cf.connect_four()
        if not spec.centre_first:
            game = replace(game, next_states=left_to_right(cf))
        function = cf.search(spec.function)
        ordered = dict(spec.options).get("order", False)  # ranks children with move_order
        algorithm = functools.partial(function, depth=depth, **dict(spec.options))

        def prepare(count: bool) -> Search:
            cf.patterns.cache_clear()

            return our_search(
                function,
                game,
                lambda stats: algorithm(game, game.Start, "X", stats),
                count,
                ordered,
            )

        def choose_move() -> MoveChoice:
            """``best_move`` with ``depth_limited`` one ply less deep on each next state."""
            cf.patterns.cache_clear()
            below = functools.partial(function, depth=depth - 1)
            return best_move_choice(cf.best_move, game, below)

        chooser = choose_move if spec.function == "depth_limited" else None
        return Runner(OURS, label, spec.technique, prepare, chooser)


# ----------------------------------------------------------------------------------- easyAI

MARKS = ("X", "O")
"""The marks of easyAI's players 1 and 2 (player 1 moves first)."""


ORDERS = {"plain-alpha-beta": "", "alpha-beta+ordering": "centre first"}
"""The techniques of the peers' rows and their move orders, in words ("": left to right)."""


def order_key(technique: str) -> Callable[[int], int]:
    """Sorts columns (from 0) in the order of ``technique``: left to right, or the notebook's
    centre first (``centre_first``, as our ``next_states``)."""
    if not ORDERS[technique]:
        return lambda column: column
    return list(connect_four().centre_first(7)).index


@functools.cache
def easyai_class(technique: str = "plain-alpha-beta") -> type:
    """easyAI's own Connect Four, keeping the notebook's rows state in step with its board, its
    moves in the order of ``technique``."""
    base = importlib.import_module("easyAI.games").ConnectFour
    cf, key = connect_four(), order_key(technique)

    class ConnectFour(base):  # type: ignore[misc, valid-type]
        def __init__(self) -> None:
            super().__init__([None, None])  # the searches never ask the players
            self.rows: State = cf.empty_board()

        def make_move(self, column: int) -> None:
            self.rows = cf.drop(self.rows, column, MARKS[self.current_player - 1])
            super().make_move(column)

        def possible_moves(self) -> list[int]:
            return sorted(super().possible_moves(), key=key)

    return ConnectFour


def easyai_scoring(game: Any) -> float:
    """For the player to move: -1 if the opponent has four, 0 on a full board, else ``windows``."""
    if game.lose():
        return -1
    if game.board.min() > 0:
        return 0
    value: float = connect_four().windows(game.rows, MARKS[game.current_player - 1])
    return value


@dataclass(frozen=True)
class EasyAI:
    """easyAI's ``Negamax`` without a table, with ``win_score=1`` (our window [-1, 1]), the
    columns left to right and centre first."""

    name = "easyAI"

    def missing(self) -> str:
        return missing_module("easyAI")

    def runners(self, case: Case) -> list[Runner]:
        easyai = importlib.import_module("easyAI")
        negamax = importlib.import_module("easyAI.AI.Negamax")
        depth = case.depth

        def runner(technique: str) -> Runner:
            def prepare(count: bool) -> Search:
                connect_four().patterns.cache_clear()
                ai = easyai.Negamax(depth, easyai_scoring, win_score=1)
                game = easyai_class(technique)()

                def search() -> Outcome:
                    with maybe_counting(count, negamax, "negamax") as counter:
                        move = ai(game)
                    nodes = None if counter is None else counter.calls
                    return Outcome(ai.alpha, f"column {move + 1}", nodes)

                return search

            label = f"Negamax({depth}, scoring, win_score=1)"
            return Runner(self.name, _ordered(label, technique), technique, prepare)

        return [runner(technique) for technique in ORDERS]


def _ordered(label: str, technique: str) -> str:
    """A peer's algorithm column: the call, and its move order if not left to right."""
    return f"{label}, {ORDERS[technique]}" if ORDERS[technique] else label


# ------------------------------------------------------------------------------------ aima3


def aima3_rows(board: dict[tuple[int, int], str]) -> State:
    """aima3's board, {(x, y): mark} with x and y from 1 (y up), as the notebook's rows."""
    return tuple("".join(board.get((x, y), " ") for x in range(1, 8)) for y in range(1, 7))


@dataclass(frozen=True)
class Aima3:
    """aima3's ``alphabeta_cutoff_search`` on its own ``ConnectFour``, the columns left to right
    and centre first."""

    name = "aima3"

    def missing(self) -> str:
        return missing_module("aima3.games")

    def runners(self, case: Case) -> list[Runner]:
        games = importlib.import_module("aima3.games")
        d = case.depth - 1  # its cut-off test is depth > d, the start's children at depth 1

        def runner(technique: str) -> Runner:
            label = f"alphabeta_cutoff_search(d={d})"
            return Runner(self.name, _ordered(label, technique), technique, prepared(technique))

        def prepared(technique: str) -> Callable[[bool], Search]:
            return functools.partial(prepare, order_key(technique))

        def prepare(key: Callable[[int], int], count: bool) -> Search:
            cf = connect_four()
            cf.patterns.cache_clear()
            game = games.ConnectFour()
            actions = game.actions
            game.actions = lambda state: sorted(actions(state), key=lambda m: key(m[0] - 1))
            counter = Counter()

            def evaluate(state: Any) -> float:
                """For X, aima3's player at the start (its search is written as Max and Min)."""
                if game.terminal_test(state):
                    utility: float = game.utility(state, "X")
                    return utility
                value: float = cf.windows(aima3_rows(state.board), "X")
                return value

            def cutoff_test(state: Any, depth: int) -> bool:  # aima3's default, counted
                counter.calls += 1
                return depth > d or bool(game.terminal_test(state))

            def search() -> Outcome:
                if not count:
                    move = games.alphabeta_cutoff_search(game.initial, game, d, eval_fn=evaluate)
                    return Outcome(None, f"column {move[0]}")
                with root_values("alphabeta_cutoff_search") as values:
                    move = games.alphabeta_cutoff_search(
                        game.initial, game, d, cutoff_test, evaluate
                    )
                # + 1: the start position, expanded by the top level itself
                return Outcome(max(values), f"column {move[0]}", counter.calls + 1)

            return search

        return [runner(technique) for technique in ORDERS]


# -------------------------------------------------------------------------------- OpenSpiel

OPENSPIEL_MARKS = str.maketrans(".xo", " XO")


def openspiel_rows(text: str) -> State:
    """OpenSpiel's ``str(state)``, the top row first with ``.``, ``x``, ``o``, as the notebook's
    rows."""
    return tuple(line.translate(OPENSPIEL_MARKS) for line in reversed(text.split()))


def openspiel_windows() -> Callable[[Any], float]:
    """The estimate of OpenSpiel's alpha-beta: ``windows`` for X (player 0, the maximizing
    player) of its state read into rows; the memo of line patterns emptied first."""
    cf = connect_four()
    cf.patterns.cache_clear()

    def evaluate(state: Any) -> float:
        value: float = cf.windows(openspiel_rows(str(state)), "X")
        return value

    return evaluate


def openspiel() -> OpenSpielDepthLimited:
    """OpenSpiel's alpha-beta on its ``connect_four`` (C++), estimating with ``windows``."""
    return OpenSpielDepthLimited(
        "connect_four", openspiel_windows, lambda state, action: f"column {action + 1}"
    )


# ------------------------------------------------------------------------------------ cases

EXPECTED = {
    4: {
        "depth_limited, left to right": 896,
        "depth_limited, centre first": 173,
        "iterative_deepening --order": 278,
    },
    6: {
        "depth_limited, left to right": 12_986,
        "depth_limited, centre first": 1_467,
        "iterative_deepening --order": 2_781,
    },
    8: {
        "depth_limited, left to right": 200_556,
        "depth_limited, centre first": 10_381,
        "iterative_deepening --order": 16_960,
    },
    DEEPEST: {"iterative_deepening --order": 347_958},
}
"""Our value calls at each depth (deterministic; the report checks them, the tests assert them)."""

CALLS_TARGET = 10_000
"""Issue 10: at most this many value calls to depth 8 (a reference engine with iterative
deepening, a table and ordering: 7,975)."""

NOTES = [
    "Depth-limited alpha-beta: the value is the heuristic's estimate for X at the given depth "
    "(the notebook's `windows`, in every library), not the game's value. The plain searches "
    "list the columns left to right; with ordering, ours, easyAI's and aima3's list them "
    "centre first (the notebook's `centre_first`: our `next_states` makes them in that order, "
    "the peers' games sort the columns their own code lists, inside their timed search; "
    "OpenSpiel's `_alpha_beta` takes the C++ game's order and cannot be given another). "
    "`iterative_deepening --order` (a table of best moves and the heuristic's order) is our "
    "best, which no peer has.",
    "The plain searches visit the same tree up to their first window: ours, easyAI's "
    "(`win_score=1`) and OpenSpiel's (`_alpha_beta` with alpha -1, beta 1) start with [-1, 1], "
    "so a win seen cuts at once; aima3's cannot be given a window and starts with (-∞, ∞). "
    "The first wins come at ply 7, so up to depth 6 every plain search visits the same nodes.",
    "The heuristic reads the lecture's rows of marks: easyAI's game keeps them in step with its "
    "board (one `drop` per move), aima3's and OpenSpiel's states are converted at each "
    "evaluation, inside their timed searches. The heuristic's memo of line patterns is emptied "
    "before every run.",
]


def case(depth: int, libraries: Sequence[Library] | None = None) -> Case:
    """The comparison at ``depth``: every library, or only ``libraries``."""
    expected = EXPECTED.get(depth, {})
    notes = [
        *NOTES,
        f"aima3's `d` counts from 0: its cut-off test is `depth > d` with the start's children "
        f"at depth 1, so `d = {depth - 1}` searches {depth} plies.",
    ]
    if depth == 8:
        notes.append(
            "Columns 3, 4 and 5 have the same estimate at depth 8 (at depths 4 and 6 column 4 "
            "is the only best): the peers keep the first best column from the left, "
            "`iterative_deepening` the first in its own order (centre first), and `best_move` "
            "chooses among them with `random.Random(0)`."
        )
        best = min(expected[name] for name in OUR_SEARCHES if name != PLAIN)
        verdict = "met" if best <= CALLS_TARGET else "MISSED"
        notes.append(
            f"Issue 10's target: at most {CALLS_TARGET:,} value calls to depth 8 (a reference "
            f"engine with iterative deepening, a table and ordering: 7,975). Our fewest, "
            f"expected above and checked in the ratios: {best:,}, target {verdict}. The issues "
            "quote 261,427 nodes for the peers at this depth (aima3 4.4 s, OpenSpiel 3.3 s); "
            "with the notebook's `windows` they visit the number in the table."
        )
    return Case(
        game=f"Connect Four (depth {depth})",
        position=f"the empty 7 x 6 board, X to move, depth-limited to {depth} plies",
        depth=depth,
        libraries=libraries
        if libraries is not None
        else [Gamesolver(), EasyAI(), Aima3(), openspiel()],
        expected_nodes=expected,
        best=["depth_limited, centre first", "iterative_deepening --order"],
        notes=notes,
    )


DEEPEST_CASE = replace(
    case(DEEPEST, [Gamesolver(("iterative_deepening --order",))]),
    best=["iterative_deepening --order"],
    notes=[
        f"Our best search alone to depth {DEEPEST}: the peers' plain searches, growing about 15 "
        "times every two plies from depth 6 to 8, would visit some 45 million nodes, minutes "
        "(OpenSpiel) to hours (easyAI) at their speeds at depth 8 (an estimate, not run). "
        "Issue 10's target: within 1 s (a reference engine: 106,515 nodes in 0.29 s); compare "
        "with the seconds column.",
    ],
)

CASES: dict[str, Case] = {
    "connect-four-4": case(4),
    "connect-four-6": case(6),
    "connect-four": case(8),
    f"connect-four-{DEEPEST}": DEEPEST_CASE,
}
"""Every depth by its ``--case`` name; ``connect-four`` is depth 8, the issues' depth."""
CASE = CASES["connect-four"]


if __name__ == "__main__":
    from benchmarks.run import main

    sys.exit(main(cases=list(CASES.values())))
