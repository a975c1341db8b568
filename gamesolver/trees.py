"""Games made from trees typed in as nested lists, the way exercises and exams give them::

    >>> game = tree_game([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> game.next_states((), "Max")
    [(0,), (1,), (2,)]
    >>> game.utility((1, 2), "Max"), game.utility((1, 2), "Min")
    (6, -6)

A leaf is a number, its value for Max; an inner node a non-empty list of its children, Max to
move at the root, the players alternating below. A state is the path of child indices from the
root (hashable; the tree is never copied). Every node has a name for drawings and traces: A, B,
C, ... in breadth-first order, or names given (Sleator's P, Q, R, S, T).
"""

from __future__ import annotations

import ast
import math
import random
from collections.abc import Iterator, Sequence
from numbers import Real
from typing import TypeAlias

from gamesolver.errors import GameSolverError
from gamesolver.game import Game, Value, is_number
from gamesolver.stats import Algorithm, Stats

Tree: TypeAlias = Value | Sequence["Tree"]
"""A number (a leaf, its value for Max) or a non-empty list of trees (an inner node)."""

Path = tuple[int, ...]
"""A node of a tree, and the state of a tree game: the child indices from the root."""

PLAYERS = ("Max", "Min")
"""The players of every tree game: Max moves at the root, Min one level below, and so on."""

MAX_TEXT = 5000
"""The longest typed-in tree ``parse_tree`` reads (longer text is refused with a message)."""

SLEATOR: Tree = [10, [5, 20]]
"""Sleator's worked example: P with children Q = 10 and R; R with S = 5 and T (the seed gives T
no value, as it does not matter: here 20)."""

SLEATOR_NAMES = ("P", "Q", "R", "S", "T")
"""The seed's names of the nodes of ``SLEATOR``, in breadth-first order."""


class TreeError(GameSolverError, ValueError):
    """A typed-in tree that is not a game tree; the message says what is wrong and where."""


def is_leaf(tree: Tree) -> bool:
    """True iff ``tree`` is a leaf (a number)."""
    return is_number(tree)


def subtree(tree: Tree, path: Path) -> Tree:
    """The node of ``tree`` at ``path``: ``subtree(t, (1, 2))`` is ``t[1][2]``."""
    node = tree
    for index in path:
        if is_leaf(node):
            raise KeyError(f"{path_text(path)} goes below a leaf")
        node = node[index]  # type: ignore[index]
    return node


def children(tree: Tree) -> Sequence[Tree]:
    """The children of a node, left to right; none for a leaf."""
    return () if is_leaf(tree) else tree  # type: ignore[return-value]


def path_text(path: Path) -> str:
    """A path as Python indexes it, ``tree[1][0]``: ``"[1][0]"`` (``"the root"`` for ``()``)."""
    return "".join(f"[{index}]" for index in path) or "the root"


def breadth_first(tree: Tree) -> Iterator[Path]:
    """The paths of every node, level by level, each level left to right."""
    level: list[tuple[Path, Tree]] = [((), tree)]
    while level:
        yield from (path for path, _ in level)
        level = [
            ((*path, i), child) for path, node in level for i, child in enumerate(children(node))
        ]


def size(tree: Tree) -> int:
    """The number of nodes of ``tree``, leaves included."""
    return 1 + sum(size(child) for child in children(tree))


def height(tree: Tree) -> int:
    """The number of moves on the longest path from the root to a leaf (0 for a leaf)."""
    return 1 + max(height(child) for child in children(tree)) if not is_leaf(tree) else 0


def letters(number: int) -> str:
    """The ``number``-th name (0-based) in the order A, ..., Z, AA, AB, ... (as in spreadsheets)."""
    name = ""
    number += 1
    while number:
        number, rest = divmod(number - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


def check_tree(tree: object, path: Path = ()) -> None:
    """Raise ``TreeError`` unless ``tree`` is a game tree: finite numbers and non-empty lists."""
    if isinstance(tree, bool):
        raise TreeError(f"{tree!r} at {path_text(path)} is not a number: a leaf is a number")
    if isinstance(tree, Real):
        if not math.isfinite(tree):
            raise TreeError(f"{tree!r} at {path_text(path)}: a leaf must be a finite number")
        return
    if not isinstance(tree, list | tuple):
        kind = "a number or a list" if path else "a nested list"
        raise TreeError(f"{tree!r} at {path_text(path)} is not {kind} (a leaf is a number)")
    if not tree:
        raise TreeError(
            f"the empty list at {path_text(path)}: an inner node needs at least one child "
            "(a node without moves is a leaf: write its value)"
        )
    for index, child in enumerate(tree):
        check_tree(child, (*path, index))


def parse_tree(text: str) -> Tree:
    """The tree typed in as ``text``, e.g. ``"[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"``, or a
    ``TreeError`` saying what is wrong and where."""
    text = text.strip()
    if not text:
        raise TreeError("type a tree as a nested list, e.g. [[3, 12, 8], [2, 4, 6], [14, 5, 2]]")
    if len(text) > MAX_TEXT:
        raise TreeError(f"the text is {len(text):,} characters long: at most {MAX_TEXT:,}")
    try:
        tree = ast.literal_eval(text)
    except SyntaxError as error:
        where = f" (character {error.offset})" if error.offset else ""
        raise TreeError(f"not a nested list of numbers: {error.msg}{where}") from None
    except (ValueError, TypeError, MemoryError, RecursionError):
        raise TreeError(
            "not a nested list of numbers: only brackets, commas and numbers are allowed"
        ) from None
    check_tree(tree)
    return tree  # type: ignore[no-any-return]


def tree_game(
    tree: Tree,
    names: Sequence[str] | None = None,
    name: str = "tree",
) -> Game[Path, str]:
    """The game whose game tree is ``tree``, its ``utility_range`` symmetric about the largest
    leaf. ``names``: the nodes' names in breadth-first order (``"PQRST"``; default:
    A, B, C, ...). Raises ``TreeError`` if ``tree`` is not a game tree."""
    check_tree(tree)
    order = list(breadth_first(tree))
    names = [letters(number) for number in range(len(order))] if names is None else names
    if len(names) != len(order):
        raise TreeError(f"{len(names)} names for a tree of {len(order)} nodes")
    labels = dict(zip(order, names, strict=True))
    leaves = [subtree(tree, path) for path in order if is_leaf(subtree(tree, path))]
    bound = max(abs(leaf) for leaf in leaves) or 1  # type: ignore[arg-type]

    def next_states(state: Path, player: str) -> list[Path]:
        """The children of the node ``state``: one more child index."""
        return [(*state, index) for index in range(len(children(subtree(tree, state))))]

    def finished(state: Path) -> bool:
        """True iff ``state`` is a leaf."""
        return is_leaf(subtree(tree, state))

    def utility(state: Path, player: str) -> Value:
        """The leaf's value for Max, negated for Min."""
        leaf = subtree(tree, state)
        if not is_leaf(leaf):
            raise ValueError(f"{labels[state]} ({path_text(state)}) is not a leaf")
        return leaf if player == PLAYERS[0] else -leaf  # type: ignore[return-value,operator]

    def show(state: Path) -> str:
        """The node's name."""
        return labels.get(state, path_text(state))

    return Game(
        name,
        PLAYERS,
        (),
        next_states,
        finished,
        utility,
        utility_range=(-bound, bound),
        show=show,
        describe_move=lambda state, next_state: f"to {show(next_state)}",
    )


def random_tree(
    seed: int,
    depth: int,
    branching: int | tuple[int, int] = (2, 3),
    values: tuple[int, int] = (-9, 9),
    distinct: bool = False,
) -> Tree:
    """A seeded random tree, every leaf ``depth`` moves below the root: each inner node with
    ``branching`` children (a number, or the least and most), each leaf an integer in
    ``values`` (ends included), all different if ``distinct``."""
    low, high = (branching, branching) if isinstance(branching, int) else branching
    if depth < 0 or not 1 <= low <= high:
        raise ValueError(f"need depth >= 0 and 1 <= branching, not {depth} and {branching}")
    rng = random.Random(seed)

    def grow(level: int) -> Tree:
        if level == depth:
            return 0
        return [grow(level + 1) for _ in range(rng.randint(low, high))]

    shape = grow(0)
    count = sum(1 for path in breadth_first(shape) if is_leaf(subtree(shape, path)))
    span = range(values[0], values[1] + 1)
    if distinct and count > len(span):
        raise ValueError(f"{count} leaves cannot have distinct values in {values}")
    numbers = rng.sample(span, count) if distinct else [rng.choice(span) for _ in range(count)]
    leaf_values = iter(numbers)

    def fill(node: Tree) -> Tree:
        return next(leaf_values) if is_leaf(node) else [fill(child) for child in children(node)]

    return fill(shape)


def sleator_example() -> Game[Path, str]:
    """Sleator's worked alpha-beta example ("Game Programming", CMU 15-211 lecture notes) as a
    game: P, Q = 10, R, S = 5, T = 20."""
    return tree_game(SLEATOR, SLEATOR_NAMES, name="Sleator's example")


def reorder(tree: Tree, search: Algorithm, best: bool = True) -> Tree:
    """``tree`` with every node's children sorted by their value for the player to move there,
    as ``search`` (the Solver's ``minimax``, say) finds it on the tree game: best first
    (``best``), or worst first. Children of equal value keep their order.

    Alpha-beta prunes the most when the best move comes first (Knuth and Moore's minimal tree)
    and the least when it comes last: the two orders of a tree show the range."""
    game = tree_game(tree)

    def sort(path: Path) -> Tree:
        node = subtree(tree, path)
        if is_leaf(node):
            return node
        opponent = game.Players[(len(path) + 1) % 2]
        ranked = [(*path, i) for i in range(len(children(node)))]
        worth = {child: -search(game, child, opponent, Stats()) for child in ranked}
        ranked.sort(key=lambda child: worth[child], reverse=best)
        return [sort(child) for child in ranked]

    return sort(())
