"""Nim from the piles (1, 3, 5, 7), normal play (whoever takes the last match wins), solved exactly.

Run alone with ``python -m benchmarks.nim`` (the options of ``python -m benchmarks``).

- gamesolver: the lecture's game (``Nim.ipynb``, ``nim((1, 3, 5, 7))``): a state is the tuple of
  the non-empty piles and the player to move; a move is listed once per state it leads to.
- easyAI: its own ``easyAI.games.Nim``, which is misère (whoever takes the last match loses):
  here with normal play's ``scoring``. It keeps emptied piles in place.
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

from benchmarks.harness import Case
from benchmarks.libraries import Aima3, EasyAI, Gamesolver, OpenSpiel

PILES = (1, 3, 5, 7)
OURS = [
    "minimax",
    "alpha_beta",
    "minimax_memo",
    "alpha_beta_memo",
    "alpha_beta_memo --order",
    "alpha_beta_memo --symmetry",
]


def our_game(module: Any) -> Any:
    return module.nim(PILES)


@functools.cache
def easyai_class() -> type:
    """easyAI's own Nim with normal play: no match left means the player to move has lost."""
    base = importlib.import_module("easyAI.games").Nim

    class Nim(base):  # type: ignore[misc, valid-type]
        def scoring(self) -> int:
            return -100 if self.win() else 0  # its win(): every pile is empty

    return Nim


def easyai_game() -> Any:
    return easyai_class()([None, None], piles=PILES)


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


def aima3_game() -> Any:
    return aima3_class()(PILES)


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

CASE: Case = Case(
    game="Nim (1, 3, 5, 7)",
    position="Alice (the first player) to move",
    depth=sum(PILES),
    libraries=[
        Gamesolver("Nim.ipynb", OURS, game=our_game),
        EasyAI(easyai_game, easyai_move),
        Aima3(aima3_game, aima3_move),
        OpenSpiel("nim(pile_sizes=1;3;5;7,is_misere=False)", openspiel_move),
    ],
    skip={
        "minimax": (
            f"plain minimax would visit the whole game tree: {LECTURE_TREE:,} nodes in the "
            f"lecture's representation (ours, aima3's), {KEPT_PILES_TREE:,} in OpenSpiel's "
            "(counted over the states, without searching): more than 10 minutes per run in "
            "every library at its speed per node in tic-tac-toe's plain minimax"
        )
    },
    best=["alpha_beta_memo", "alpha_beta_memo --symmetry"],
    notes=[
        "The first player loses (nim-sum 0), so every move is as good as any: the best move "
        "column shows the first move each search keeps (easyAI's depth-first solver keeps "
        "none when every move loses).",
        "The trees differ: the lecture's representation (ours, aima3's) drops emptied piles "
        f"and lists a move once per state it leads to ({LECTURE_TREE:,} tree nodes); easyAI "
        f"and OpenSpiel keep emptied piles ({KEPT_PILES_TREE:,} tree nodes), and OpenSpiel "
        "lists its moves by the number of matches taken first. Memo tables: ours keys a "
        "state with the player to move (490 reachable states); easyAI's `ttentry()` is the "
        "piles alone (384 positions: Nim is impartial, so the value for the player to move "
        "does not depend on who that is, and one entry serves both players); OpenSpiel's "
        "`str(state)` has the piles and the player.",
        "Alpha-beta without a memo table searches millions of nodes here in every library, so "
        "those searches run once, and their times depend on whatever else the machine does "
        "meanwhile more than the others' minimum over several runs.",
    ],
)


if __name__ == "__main__":
    from benchmarks.run import main

    sys.exit(main(cases=[CASE]))
