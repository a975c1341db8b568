"""Nim, normal play (whoever takes the last match wins), solved exactly: the searches with a
table from the piles (1, 3, 5, 7), the plain searches from (2, 4, 6) (``--case nim``,
``--case nim-small``).

Run alone with ``python -m benchmarks.nim`` (the options of ``python -m benchmarks``).

- gamesolver: the lecture's game (``Nim.ipynb``, ``nim(piles)``): a state is the tuple of
  the non-empty piles and the player to move; a move is listed once per state it leads to.
- easyAI: its own ``easyAI.games.Nim``, which is misère (whoever takes the last match loses):
  here with normal play's ``scoring``, and ``win_score=100``. It keeps emptied piles in place.
- aima3: has no Nim; ``Nim`` below is written for it with the lecture's rules and
  representation, so that its trees are the lecture's trees.
- OpenSpiel: its own ``nim`` (C++) with ``is_misere=False``. It keeps emptied piles in place and
  lists its actions by the number of matches taken first, then by pile.

The Nim lecture has no misère game (misère Nim is an exercise there), so there is no misère case.
"""

from __future__ import annotations

import functools
import importlib
import sys
from collections.abc import Callable, Hashable, Iterable
from typing import Any

from benchmarks.harness import TECHNIQUES, Case
from benchmarks.libraries import TECHNIQUE, Aima3, EasyAI, Gamesolver, OpenSpiel

PILES = (1, 3, 5, 7)
"""The piles of the case of the searches with a table."""
SMALL_PILES = (2, 4, 6)
"""The piles of the case of the plain searches (minimax, alpha-beta), whose trees on ``PILES``
take minutes a run: also lost by the first player, a tree of 453,997 nodes in the lecture's
representation, so that every library runs them 7 times."""
OURS = [*TECHNIQUE, "alpha_beta_memo --symmetry"]
"""One search per technique (``benchmarks.libraries.TECHNIQUE``), then our best."""


@functools.cache
def easyai_class(keyed_by_player: bool) -> type:
    """easyAI's own Nim with normal play: no match left means the player to move has lost.

    Its table is keyed by the piles and the player to move, as our ``alpha_beta_memo`` keys the
    lecture's state, if ``keyed_by_player``; otherwise by the piles alone (easyAI's own
    ``ttentry``: Nim is impartial, so one entry serves both players: its best key). The piles
    are kept whole, emptied ones included: easyAI's table tries the stored move first, which
    names a pile by its place."""
    base = importlib.import_module("easyAI.games").Nim

    class Nim(base):  # type: ignore[misc, valid-type]
        def scoring(self) -> int:
            return -100 if self.win() else 0  # its win(): every pile is empty

        if keyed_by_player:

            def ttentry(self) -> tuple[tuple[int, ...], int]:
                return tuple(self.piles), self.current_player

    return Nim


def easyai_games(piles: Piles) -> tuple[Callable[[], Any], Callable[[], Any]]:
    """Fresh easyAI games at ``piles``: keyed as ours, and keyed by the piles alone. easyAI is
    imported when a game is made, not before: without the extra ``bench`` the module loads."""

    def game(keyed_by_player: bool) -> Callable[[], Any]:
        return lambda: easyai_class(keyed_by_player)([None, None], piles=piles)

    return game(True), game(False)


def easyai_move(move: str) -> str:
    pile, n = move.split(",")
    return f"take {n} from pile {pile}"


Piles = tuple[int, ...]
State = tuple[Piles, str]  # the non-empty piles and the player to move, as in the lecture
Move = tuple[int, int]  # (pile, n): take n matches from pile, piles counted from 1


@functools.cache
def aima3_class() -> type:
    """Nim as an aima3 ``Game``, with the lecture's states and move order."""
    base = importlib.import_module("aima3.games").Game

    class Nim(base):  # type: ignore[misc, valid-type]
        def __init__(self, piles: Piles) -> None:
            super().__init__()
            self.initial: State = (tuple(p for p in piles if p > 0), "A")

        def actions(self, state: State) -> list[Move]:
            """Pile by pile, 1 match first, then 2, ...; one move per state it leads to."""
            piles, _ = state
            moves = [(pile, n) for pile, size in enumerate(piles, 1) for n in range(1, size + 1)]
            firsts: dict[Piles, Move] = {}
            for move in moves:
                firsts.setdefault(self.take(piles, move), move)
            return list(firsts.values())

        @staticmethod
        def take(piles: Piles, move: Move) -> Piles:
            pile, n = move
            left = piles[pile - 1] - n
            return piles[: pile - 1] + ((left,) if left > 0 else ()) + piles[pile:]

        def result(self, state: State, move: Move) -> State:
            piles, player = state
            return self.take(piles, move), "B" if player == "A" else "A"

        def terminal_test(self, state: State) -> bool:
            return not state[0]

        def utility(self, state: State, player: str) -> int:
            return -1 if player == state[1] else 1  # the player to move is stuck: lost

        def to_move(self, state: State) -> str:
            return state[1]

    return Nim


def aima3_move(move: Move) -> str:
    pile, n = move
    return f"take {n} from pile {pile}"


def openspiel_move(state: Any, action: int) -> str:
    """OpenSpiel names its actions "pile:4, take:7;"."""
    text = state.action_to_string(state.current_player(), action)
    pile, take = (part.split(":")[1] for part in text.rstrip(";").split(", "))
    return f"take {take} from pile {pile}"


def tree_size(children: Callable[[Hashable], Iterable[Hashable]], root: Hashable) -> int:
    """The number of nodes of the game tree below ``root``, counted over its states (memoized)."""
    sizes: dict[Hashable, int] = {}

    def size(state: Hashable) -> int:
        if state not in sizes:
            sizes[state] = 1 + sum(size(child) for child in children(state))
        return sizes[state]

    return size(root)


def kept_piles_children(piles: Hashable) -> list[Piles]:
    """The children of a position in easyAI's and OpenSpiel's representation (piles kept)."""
    assert isinstance(piles, tuple)
    return [
        (*piles[:i], size - n, *piles[i + 1 :])
        for i, size in enumerate(piles)
        for n in range(1, size + 1)
    ]


LECTURE_TREE = 242_032_048
"""Nodes of the game tree of (1, 3, 5, 7) in the lecture's representation (``Nim.ipynb``)."""
KEPT_PILES_TREE = 516_124_195
"""The same with emptied piles kept and a move per (pile, n): easyAI's and OpenSpiel's tree."""

NOTES = [
    "The first player loses (nim-sum 0), so every move is as good as any: the best move "
    "column shows the first move each search keeps (easyAI's depth-first solver keeps none "
    "when every move loses).",
    "The trees differ: the lecture's representation (ours, aima3's) drops emptied piles and "
    "lists a move once per state it leads to; easyAI and OpenSpiel keep emptied piles and list "
    "a move per pile and number taken, OpenSpiel by the number taken first. So plain minimax "
    "visits more nodes in OpenSpiel's tree than in ours, and the per-node ratio is the fair "
    "one; easyAI's and OpenSpiel's alpha-beta start with our window [-1, 1] (`win_score=100`; "
    "`_alpha_beta` with alpha -1, beta 1), aima3's with (-∞, ∞).",
]


def case(piles: Piles, skip: dict[str, str], notes: list[str]) -> Case:
    """Nim from ``piles``, first player to move, in every library, without the ``skip``ped
    techniques."""
    keyed_by_player, keyed_by_piles = easyai_games(piles)
    game_string = f"nim(pile_sizes={';'.join(map(str, piles))},is_misere=False)"
    return Case(
        game=f"Nim {piles}",
        position="Alice (the first player) to move",
        depth=sum(piles),
        libraries=[
            Gamesolver("Nim.ipynb", OURS, build="nim", arguments=(piles,)),
            EasyAI(keyed_by_player, easyai_move, solver_game=keyed_by_piles),
            Aima3(lambda: aima3_class()(piles), aima3_move),
            OpenSpiel(game_string, openspiel_move),
        ],
        skip=skip,
        best=["alpha_beta_memo", "alpha_beta_memo --symmetry"],
        compare_best="best" not in skip,
        notes=[*NOTES, *notes],
    )


TABLES = "searched with tables on Nim (1, 3, 5, 7)"
SMALL_CASE = case(
    SMALL_PILES,
    {technique: TABLES for technique in TECHNIQUES if "+" in technique or technique == "best"},
    ["The plain searches only: the searches with a table are compared on Nim (1, 3, 5, 7)."],
)
CASE = case(
    PILES,
    {
        technique: (
            f"on Nim {SMALL_PILES}: plain minimax would visit {LECTURE_TREE:,} nodes in the "
            f"lecture's representation (ours, aima3's), {KEPT_PILES_TREE:,} in OpenSpiel's "
            "(counted over the states, without searching), alpha-beta millions: minutes a run"
        )
        for technique in ("minimax", "plain-alpha-beta")
    },
    [
        "Tables, keyed the same way: by the position and the player to move, in each "
        "library's own representation: ours by the lecture's state (the non-empty piles and "
        "the player, 490 reachable states), easyAI's `Negamax` with its table by its piles "
        "(emptied ones kept in place, as its stored moves name a pile by its place) and the "
        "player, OpenSpiel's `str(state)` likewise. easyAI's depth-first solver (its best) "
        "keys the piles alone (easyAI's own `ttentry`: Nim is impartial, so one entry serves "
        "both players), as ours with `--symmetry` keys the sorted piles.",
    ],
)
CASES: dict[str, Case] = {"nim-small": SMALL_CASE, "nim": CASE}
"""Both cases by their ``--case`` name: the plain searches on (2, 4, 6), the tables on (1, 3, 5,
7)."""


if __name__ == "__main__":
    from benchmarks.run import main

    sys.exit(main(cases=list(CASES.values())))
