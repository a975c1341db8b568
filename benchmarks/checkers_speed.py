"""Checkers from the start, red to move: depth-limited alpha-beta with the same estimate in our
notebook and in OpenSpiel, and our best search, as cases of ``python -m benchmarks``.

Run alone with ``python -m benchmarks.checkers_speed`` (the options of ``python -m benchmarks``);
each depth is a case of its own (``--case checkers-10``, ``checkers-11``). The strength and the
other targets of ``Checkers.ipynb`` are ``benchmarks/checkers.py``'s; this module is about speed.

**The estimate.** At the depth limit both libraries estimate with the notebook's ``material``
(``Checkers.ipynb``: men 1, kings 1.5, the difference squashed into (-1, 1)), the estimate of
``game``, which the notebook's depth-limited searches use; a finished game is worth its utility,
1, -1 or 0, in both. ``material`` reads the notebook's ``State``; it needs only how many men and
kings each side has, so OpenSpiel's evaluation (``os_material``) counts them in ``str(state)``
and squashes their balance with the notebook's own ``squash`` and ``KingWeight``, inside
OpenSpiel's timed search, as Connect Four's peers convert theirs (``connect_four.py``). A test
checks that it equals ``material`` on every position of random games played to their end.

**The rows** (the technique column):

- plain alpha-beta (``plain-alpha-beta``), the window [-1, 1] in both: ours the Solver's
  ``depth_limited`` on ``game`` with the game's own move order (``legal_moves``: the pieces in
  the order of their squares); OpenSpiel's ``_alpha_beta(state, depth, -1, 1, value_function,
  0)`` (``alpha_beta_search``'s recursion, as for Connect Four) on
  ``pyspiel.load_game("checkers")`` (C++), in the order of its actions. The orders differ, so
  the nodes differ; the root value cannot (full-width alpha-beta with the same leaf values and
  window finds the same value in any order), and the report checks that it is the same.
- ours best (``best``): the notebook's ``checkers_search`` (iterative deepening with the previous
  best move first, a memo table and the history heuristic) to the same fixed depth, without a
  time budget, so that its count is exact and repeats.

Our move cache (``legal_moves``, an ``lru_cache``) is emptied before every run of ours, so no run
starts warm. Nodes are value calls, the start included: our ``stats.calls``, OpenSpiel's calls of
``_alpha_beta`` (counted as in ``benchmarks.libraries``).

**Where the rules differ.** OpenSpiel plays a multi-jump as one action per jump, and its
``_alpha_beta`` counts its depth in actions, ours in moves: a line with a multi-jump is searched
one ply less deep by OpenSpiel for each extra jump, and a search can stop in the middle of one.
From the start no multi-jump can come within 5 plies; at the depths of these cases the values
agree all the same (the report checks it), but the trees differ in those lines as well as in
their order. A draw rule needs far more plies than these depths (ours: 80 plies without a
capture or a crowning).
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from benchmarks.checkers import NOTEBOOK, os_path
from benchmarks.harness import OURS, Case, Library, MoveChoice, Runner, Search
from benchmarks.lectures import Checkers, checkers
from benchmarks.libraries import OpenSpielDepthLimited, best_move_choice, our_search

DEPTHS = (10, 11)
"""The depths of the cases: our plain search takes about 0.3 and 0.7 CPU seconds."""


# ------------------------------------------------------------------------------- gamesolver

PLAIN = "depth_limited"
BEST = "checkers_search"
OUR_SEARCHES = {PLAIN: "plain-alpha-beta", BEST: "best"}
"""Our rows: the notebook's function and its technique."""


@dataclass(frozen=True)
class Gamesolver:
    """Our rows: ``game`` (estimate ``material``) from ``Start`` to the case's depth."""

    searches: tuple[str, ...] = tuple(OUR_SEARCHES)
    name = OURS

    def missing(self) -> str:
        return "" if NOTEBOOK.exists() else f"no notebook {NOTEBOOK}"

    def runners(self, case: Case) -> list[Runner]:
        return [self._runner(case.depth, name) for name in self.searches]

    def _runner(self, depth: int, name: str) -> Runner:
        nb = checkers()
        game, start = nb.game, nb.Start
        function = nb.search(name)

        def prepare(count: bool) -> Search:
            nb.legal_moves.cache_clear()
            return our_search(
                function,
                game,
                lambda stats: function(game, start, start.turn, stats, depth=depth),
                count,
                ordered=False,
            )

        def choose_move() -> MoveChoice:
            """``best_move`` with ``depth_limited`` one ply less deep on each next state."""
            nb.legal_moves.cache_clear()
            below = functools.partial(function, depth=depth - 1)
            return best_move_choice(nb.best_move, game, below)

        # checkers_search records the move it found (stats.line); depth_limited needs best_move
        chooser = choose_move if name == PLAIN else None
        return Runner(OURS, name, OUR_SEARCHES[name], prepare, chooser)


# -------------------------------------------------------------------------------- OpenSpiel


def os_material(nb: Checkers, os_state: Any) -> float:
    """The notebook's ``material`` for red (OpenSpiel's player 0, who moves first) of an
    OpenSpiel state.

    ``material`` needs how many men and kings each side has, not where they stand, so they are
    counted in the ranks of ``str(state)`` (player 0's men ``o`` and kings ``8``, player 1's
    ``+`` and ``*``, after each rank's number): a few string counts, as cheap as ``material``
    on our masks. Reading the whole board into our masks (``os_board``, square by square)
    costs many times more and would be most of OpenSpiel's time, a cost of our conversion and
    not of its search."""
    ranks = "".join(line[1:] for line in str(os_state).splitlines()[:8])
    men = ranks.count("o") - ranks.count("+")
    kings = ranks.count("8") - ranks.count("*")
    return nb.squash(men + nb.KingWeight * kings)


def openspiel() -> OpenSpielDepthLimited:
    """OpenSpiel's alpha-beta on its ``checkers`` (C++), estimating with ``os_material``."""
    return OpenSpielDepthLimited(
        "checkers",
        lambda: functools.partial(os_material, checkers()),
        lambda state, action: os_path(checkers(), state, [action]),
    )


# ------------------------------------------------------------------------------------ cases

EXPECTED = {
    10: {PLAIN: 46_450, BEST: 30_311},
    11: {PLAIN: 110_321, BEST: 64_892},
}
"""Our value calls at each depth (deterministic; the report checks them, the tests assert them)."""

NOTES = [
    "Depth-limited alpha-beta: the value is the notebook's estimate `material` for red at the "
    "depth limit (men 1, kings 1.5, squashed into (-1, 1)), in both libraries, not the game's "
    "value; for OpenSpiel's states it is computed from the counts of men and kings in "
    "`str(state)` at each evaluation, inside its timed search (the same values, checked by a "
    "test; reading the whole board into our masks would cost OpenSpiel many times more). Both "
    "plain searches start with the window [-1, 1].",
    "The move orders differ (ours: `legal_moves`, by the squares of the pieces; OpenSpiel: its "
    "actions), so the nodes differ: the per-node column is the comparable one. The values "
    "cannot differ (full-width alpha-beta with the same leaves and window), but for one "
    "difference of the rules' representation: OpenSpiel plays a multi-jump as one action per "
    "jump and counts its depth in actions, so lines with a multi-jump (none before ply 6) are "
    "searched less deep there, and some of its estimates are of a position in the middle of a "
    "multi-jump, where ours would have played the jump out: its tree is not ours even where "
    "the order is (the values agree all the same at these depths).",
    "`checkers_search` (iterative deepening, the previous best move first, a memo table, the "
    "history heuristic) to the same fixed depth without a time budget is our best; no peer has "
    "it. The legal-move cache of our notebook is emptied before every run of ours.",
]


def case(depth: int, libraries: Sequence[Library] | None = None) -> Case:
    """The comparison at ``depth`` plies from the start: both libraries, or only ``libraries``."""
    return Case(
        game=f"Checkers (depth {depth})",
        position=f"the start, red to move, depth-limited to {depth} plies",
        depth=depth,
        libraries=libraries if libraries is not None else [Gamesolver(), openspiel()],
        expected_nodes=EXPECTED.get(depth, {}),
        best=[BEST],
        per_node=(PLAIN, "OpenSpiel"),
        notes=NOTES,
    )


CASES: dict[str, Case] = {f"checkers-{depth}": case(depth) for depth in DEPTHS}
"""Every depth by its ``--case`` name."""


if __name__ == "__main__":
    from benchmarks.run import main

    sys.exit(main(cases=list(CASES.values())))
