"""The searches of Solver.ipynb on random game graphs and on every tic-tac-toe position: values
against an independent minimax, the Knuth–Moore specification for any window, lines of best play
that keep the value, whether a value is exact, budgets per decision and limits on a search.

Random *graphs*, not trees: a position can be reached by several paths (transpositions, what a
memo table is for), with either player to move, and utilities wider than -1..1. Twin positions
(the same moves and utility under another name) give the graphs a symmetry, so that the memo
table's one entry per symmetry class is tested too.
"""

from __future__ import annotations

import ast
import functools
import importlib
import random
import re
import symtable
import types
from collections.abc import Callable, Hashable
from contextlib import chdir
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from conftest import NOTEBOOKS, assert_knuth_moore, notebook, prose
from hypothesis import given, settings
from hypothesis import strategies as st

import gamesolver
from gamesolver import Game, Stats, measure
from gamesolver.demos import take_away
from gamesolver.explore import reachable
from gamesolver.memo import known_values
from gamesolver.notebook import cell_source, code_cells, notebook_cells

# ---------------------------------------------------------------- random game graphs

Node = tuple[int, int]  # (layer, index)
RANGE = 5
"""Utilities lie in [-RANGE, RANGE]."""


@dataclass(frozen=True)
class Graph:
    """A random game graph: moves go from one layer to any later one; twins share everything."""

    moves: dict[Node, tuple[Node, ...]]
    leaf: dict[Node, int]  # the utility of a finished node for Players[0]
    guess: dict[Node, float]  # a heuristic estimate for Players[0], strictly inside the range
    twin_of: dict[Node, Node]  # each node's representative

    def game(self) -> Game[Node, str]:
        """The graph as a Game with players "A" and "B", the start at (0, 0)."""

        def sign(player: str) -> int:
            return 1 if player == "A" else -1

        return Game(
            "graph",
            ("A", "B"),
            (0, 0),
            lambda node, player: list(self.moves[node]),
            lambda node: not self.moves[node],
            lambda node, player: sign(player) * self.leaf[node],
            heuristic=lambda node, player: sign(player) * self.guess[node],
            utility_range=(-RANGE, RANGE),
            canonical=lambda node: self.twin_of[node],
        )


def random_graph(seed: int, layers: int = 7, width: int = 4) -> Graph:
    """A graph with ``layers`` layers of up to ``width`` nodes, each node with 1 to 3 moves to
    later layers (so that positions are reached by several paths, with either player to move)
    or none (a finished node); about one node in four is the twin of the node before it."""
    rng = random.Random(seed)
    moves: dict[Node, tuple[Node, ...]] = {}
    twin_of: dict[Node, Node] = {}
    leaf: dict[Node, int] = {}
    for layer in reversed(range(layers)):
        for index in range(1 if layer == 0 else width):
            node = (layer, index)
            twin = (layer, index - 1)
            if index > 0 and layer > 0 and rng.random() < 0.25 and twin in moves:
                moves[node], twin_of[node] = moves[twin], twin_of[twin]
                if twin in leaf:
                    leaf[node] = leaf[twin]
                continue
            later = [(k, i) for k in range(layer + 1, layers) for i in range(width)]
            if not later or (layer > 1 and rng.random() < 0.2):
                moves[node] = ()
                leaf[node] = rng.randint(-RANGE, RANGE)
            else:
                near = [n for n in later if n[0] <= layer + 2]
                moves[node] = tuple(rng.sample(near, min(len(near), rng.randint(1, 3))))
            twin_of[node] = node
    guess = {node: rng.uniform(-RANGE + 0.5, RANGE - 0.5) for node in moves}
    return Graph(moves, leaf, guess, twin_of)


def oracle(game: Game[Any, Any]) -> Callable[[Hashable, Hashable], float]:
    """The exact value of a position: plain negamax with a cache, written here independently."""

    @cache
    def value(state: Hashable, player: Hashable) -> float:
        if game.finished(state):
            return game.utility(state, player)
        return max(-value(ns, game.other(player)) for ns in game.next_states(state, player))

    return value


def limited_oracle(game: Game[Any, Any]) -> Callable[[Hashable, Hashable, int], float]:
    """The value of the tree cut at ``depth``, with the heuristic at the cut: independent."""

    @cache
    def value(state: Hashable, player: Hashable, depth: int) -> float:
        if game.finished(state):
            return game.utility(state, player)
        if depth == 0:
            assert game.heuristic is not None
            return game.heuristic(state, player)
        opponent = game.other(player)
        return max(-value(ns, opponent, depth - 1) for ns in game.next_states(state, player))

    return value


@pytest.fixture(scope="module")
def solver() -> types.ModuleType:
    return notebook("Search-in-Depth.ipynb")


graphs = st.builds(random_graph, st.integers(0, 10**6), st.integers(3, 9), st.integers(2, 5))


def assert_line_keeps(
    game: Game[Any, Any],
    state: Hashable,
    player: Hashable,
    line: list[Hashable],
    value: float,
    exact: Callable[[Hashable, Hashable], float],
) -> None:
    """Every move of ``line`` is legal and keeps ``value`` (by ``exact``); the line reaches the
    end of the game, where the utility is ``value``."""
    for after in line:
        assert after in game.next_states(state, player), (state, after)
        opponent = game.other(player)
        assert -exact(after, opponent) == value, (state, player, after)
        state, player, value = after, opponent, -value
    assert game.finished(state), f"the line stops at {state!r} before the end of the game"
    assert game.utility(state, player) == value


@settings(max_examples=150, deadline=None)
@given(graph=graphs, data=st.data())
def test_memoizing_searches_equal_minimax_on_graphs(
    solver: types.ModuleType, graph: Graph, data: st.DataObject
) -> None:
    """minimax_memo, and alpha_beta_memo with every option, from every position of a graph."""
    game = graph.game()
    exact = oracle(game)
    for state, player in reachable(game):
        expected = exact(state, player)
        assert solver.minimax(game, state, player, Stats()) == expected
        assert solver.minimax_memo(game, state, player, Stats()) == expected
        order, symmetry = data.draw(st.booleans()), data.draw(st.booleans())
        stats = Stats()
        result = solver.alpha_beta_memo(game, state, player, stats, order=order, symmetry=symmetry)
        assert result == expected
        assert stats.exact


def test_known_values_knows_only_the_values_an_entry_holds(solver: types.ModuleType) -> None:
    """What move_order ranks by (gamesolver.memo.known_values): the value of an `=` entry for
    the player of the entry; a bound, another player or no entry is unknown."""
    cache = {
        ("a", "A"): (3, solver.EQUAL, None),
        ("b", "A"): (3, solver.AT_LEAST, None),
        ("c", "A"): (-1, solver.AT_MOST, None),
    }
    known = known_values(cache, lambda state: state, solver.bounds_of)
    assert [known(state, "A") for state in "abcd"] == [3, None, None, None]
    assert known("a", "B") is None


@settings(max_examples=300, deadline=None)
@given(graph=graphs, data=st.data())
def test_alpha_beta_memo_meets_knuth_moore_on_graphs(
    solver: types.ModuleType, graph: Graph, data: st.DataObject
) -> None:
    """For any window, alpha_beta_memo is exact inside it and a bound on the right side outside."""
    game = graph.game()
    state, player = data.draw(st.sampled_from(reachable(game)))
    alpha = data.draw(st.floats(-RANGE - 1, RANGE + 1))
    beta = data.draw(st.floats(alpha, RANGE + 1))
    options = {"order": data.draw(st.booleans()), "symmetry": data.draw(st.booleans())}
    result = solver.alpha_beta_memo(game, state, player, Stats(), alpha=alpha, beta=beta, **options)
    assert_knuth_moore(result, oracle(game)(state, player), alpha, beta, fail_soft=True)


@settings(max_examples=200, deadline=None)
@given(graph=graphs, order=st.booleans(), symmetry=st.booleans())
def test_lines_of_alpha_beta_memo_keep_the_value_on_graphs(
    solver: types.ModuleType, graph: Graph, order: bool, symmetry: bool
) -> None:
    game = graph.game()
    exact = oracle(game)
    for state, player in reachable(game):
        stats = Stats()
        value = solver.alpha_beta_memo(game, state, player, stats, order=order, symmetry=symmetry)
        assert_line_keeps(game, state, player, stats.line, value, exact)


@settings(max_examples=200, deadline=None)
@given(graph=graphs, order=st.booleans())
def test_lines_of_iterative_deepening_keep_the_value_on_graphs(
    solver: types.ModuleType, graph: Graph, order: bool
) -> None:
    """Exact (deepened to the end) and cut at every depth: each move of the line keeps the value
    of the tree cut at the depth that is left."""
    game = graph.game()
    exact, limited = oracle(game), limited_oracle(game)
    for state, player in reachable(game):
        stats = Stats()
        value = solver.iterative_deepening(game, state, player, stats, order=order)
        assert stats.exact
        assert_line_keeps(game, state, player, stats.line, value, exact)
        for depth in (1, 2, 3):
            stats = Stats()
            value = solver.iterative_deepening(game, state, player, stats, depth=depth, order=order)
            assert value == limited(state, player, depth)
            left, here, who = depth, state, player
            for after in stats.line:
                opponent = game.other(who)
                assert -limited(after, opponent, left - 1) == value
                here, who, value, left = after, opponent, -value, left - 1
            assert left == 0 or game.finished(here)


@settings(max_examples=100, deadline=None)
@given(graph=graphs)
def test_depth_limited_and_its_exactness_on_graphs(solver: types.ModuleType, graph: Graph) -> None:
    """depth_limited is the value of the cut tree; it says exact only when it estimated nothing."""
    game = graph.game()
    exact, limited = oracle(game), limited_oracle(game)
    for state, player in reachable(game):
        for depth in range(4):
            stats = Stats()
            value = solver.depth_limited(game, state, player, stats, depth)
            assert value == limited(state, player, depth)
            if stats.exact:
                assert value == exact(state, player)


def test_a_line_through_an_answer_combined_with_a_stored_bound() -> None:
    """A reviewer's graph: S is first stored as "at least -1" (a cut-off by C), then searched
    again, fails low at -1 with M as its best upper bound, and is exactly -1; the line went
    through M (worth -3). It must go through C, the move that proved "at least -1"."""
    moves = {"X": ["Y", "W"], "Y": ["Y1", "S"], "W": ["V", "S"], "V": ["C", "Vb"]}
    moves |= {"S": ["C", "M"], "C": ["Z"], "M": ["R1", "R2"], "R2": ["Z3"]}
    leaf = {"Y1": -2, "Vb": 0, "Z": -1, "R1": -1, "Z3": -3}  # for A
    game: Game[str, str] = Game(
        "gadget",
        ("A", "B"),
        "X",
        lambda state, player: moves.get(state, []),
        lambda state: state in leaf,
        lambda state, player: leaf[state] if player == "A" else -leaf[state],
        utility_range=(-5, 5),
    )
    solver = notebook("Search-in-Depth.ipynb")
    stats = Stats()
    value = solver.alpha_beta_memo(game, "X", "A", stats, order=True)
    assert value == -1
    assert_line_keeps(game, "X", "A", stats.line, value, oracle(game))


def test_a_window_of_no_width_gives_a_bound_and_no_line(
    ttt: types.ModuleType, solver: types.ModuleType
) -> None:
    """With alpha == beta a cut-off is a lower bound, not a value: no line of best play."""
    stats = Stats()
    start, first = ttt.game.Start, ttt.game.Players[0]
    result = solver.alpha_beta_memo(ttt.game, start, first, stats, alpha=-1, beta=-1)
    assert result >= -1 and stats.line == []


# ---------------------------------------------------------------- tic-tac-toe, every position


@cache
def _positions(path: str) -> list[tuple[Hashable, Hashable]]:
    return reachable(notebook(Path(path).name).game)


def test_the_reviewers_line(solver: types.ModuleType) -> None:
    """X on (2, 1), O to move, no ordering: the line had O play (1, 0), which loses, and then X
    throw the win away (a later visit of a state overwrote its best move)."""
    ttt = notebook("Tic-Tac-Toe.ipynb")
    state = ttt.from_text("... ... .X.")
    stats = Stats()
    value = solver.iterative_deepening(ttt.game, state, "O", stats, order=False)
    assert value == 0 and stats.exact
    assert_line_keeps(ttt.game, state, "O", stats.line, value, oracle(ttt.game))


@pytest.mark.parametrize("order", [False, True])
def test_iterative_deepening_lines_on_every_position(
    ttt: types.ModuleType, solver: types.ModuleType, order: bool
) -> None:
    game = ttt.game
    exact = oracle(game)
    for state, player in reachable(game):
        stats = Stats()
        value = solver.iterative_deepening(game, state, player, stats, order=order)
        assert value == exact(state, player) and stats.exact
        assert_line_keeps(game, state, player, stats.line, value, exact)


@pytest.mark.parametrize(
    "options", [{}, {"order": True}, {"symmetry": True}, {"order": True, "symmetry": True}]
)
def test_alpha_beta_memo_lines_on_every_position(
    ttt: types.ModuleType, solver: types.ModuleType, options: dict[str, bool]
) -> None:
    game = ttt.game
    exact = oracle(game)
    for state, player in reachable(game):
        stats = Stats()
        value = solver.alpha_beta_memo(game, state, player, stats, **options)
        assert_line_keeps(game, state, player, stats.line, value, exact)


# ---------------------------------------------------------------- exact or an estimate


def test_exact_algorithms_say_exact(ttt: types.ModuleType, solver: types.ModuleType) -> None:
    for algorithm in solver.Exact:
        state, player = _positions(ttt.__file__)[100]
        _, stats = measure(algorithm, ttt.game, state, player)
        assert stats.exact, algorithm.__name__


@pytest.mark.parametrize(("depth", "exact"), [(0, False), (3, False), (8, False), (9, True)])
def test_depth_limited_says_whether_it_estimated(
    ttt: types.ModuleType, solver: types.ModuleType, depth: int, exact: bool
) -> None:
    _, stats = measure(solver.depth_limited, ttt.game, depth=depth)
    assert stats.exact is exact


@pytest.mark.parametrize(("depth", "exact"), [(1, False), (8, False), (9, True), (100_000, True)])
def test_iterative_deepening_says_whether_it_estimated(
    ttt: types.ModuleType, solver: types.ModuleType, depth: int, exact: bool
) -> None:
    _, stats = measure(solver.iterative_deepening, ttt.game, depth=depth)
    assert stats.exact is exact
    assert stats.depth == min(depth, 9)


# ---------------------------------------------------------------- a budget per decision


def counted(search: Callable[..., float], searched: list[Hashable]) -> Callable[..., float]:
    """``search`` wrapped with ``functools.wraps``: it records the state of every search run."""

    @functools.wraps(search)
    def wrapper(game: Game[Any, Any], state: Hashable, *args: Any, **options: Any) -> float:
        searched.append(state)
        result: float = search(game, state, *args, **options)
        return result

    return wrapper


@pytest.mark.parametrize("wrapping", ["a partial of a wrapper", "a wrapper of a partial"])
def test_best_move_with_a_wrapped_deciding_search_searches_once(
    ttt: types.ModuleType, solver: types.ModuleType, wrapping: str
) -> None:
    """A budget is for the whole decision: best_move runs iterative deepening once, on the
    position itself, not once per move with the whole budget each, however the search is
    wrapped (a wrapped search was not recognised: it spent the budget on every move)."""
    searched: list[Hashable] = []
    if wrapping == "a partial of a wrapper":
        algorithm = functools.partial(counted(solver.iterative_deepening, searched), budget=60)
    else:
        algorithm = counted(functools.partial(solver.iterative_deepening, budget=60), searched)
    value, after = ttt.best_move(ttt.game, ttt.game.Start, ttt.game.Players[0], algorithm)
    assert searched == [ttt.game.Start]
    assert value == 0 and after in ttt.game.next_states(ttt.game.Start, ttt.game.Players[0])


def test_running_the_solver_again_forgets_no_deciding_search() -> None:
    """`%run Solver.ipynb` after `%run Search-in-Depth.ipynb` reset the list Deciding: from then
    on every search was run once per move. A wrapped search under a budget still runs once."""
    from IPython.core.interactiveshell import InteractiveShell
    from IPython.utils.capture import capture_output

    shell = InteractiveShell.instance()
    searched: list[Hashable] = []
    with capture_output(), chdir(NOTEBOOKS):
        shell.run_line_magic("run", "Search-in-Depth.ipynb")
        wrapped = counted(shell.user_ns["iterative_deepening"], searched)
        shell.run_line_magic("run", "Solver.ipynb")  # again, as a game notebook might
    game = shell.user_ns["take_away"](7)
    search = functools.partial(wrapped, budget=60)
    value, after = shell.user_ns["best_move"](game, game.Start, "A", search)
    assert searched == [game.Start] and (value, after) == (1, ((6,), "B"))


@pytest.mark.parametrize("name", ["iterative_deepening", "alpha_beta_memo"])
def test_best_move_of_a_deciding_search_keeps_the_value(
    ttt: types.ModuleType, solver: types.ModuleType, name: str
) -> None:
    """Its move keeps the value, and the seed chooses among the equally good moves (those that
    the search's order does not tell apart: without ordering, all nine at the start)."""
    game, first = ttt.game, ttt.game.Players[0]
    exact = oracle(game)
    algorithm = functools.partial(getattr(solver, name), order=False)
    moves = set()
    for seed in range(12):
        stats = Stats()
        value, after = ttt.best_move(game, game.Start, first, algorithm, random.Random(seed), stats)
        assert value == 0 == -exact(after, game.other(first))
        assert stats.line[0] == after
        moves.add(after)
    assert len(moves) > 1


# ---------------------------------------------------------------- limits on any search


@pytest.mark.parametrize(
    "name", ["minimax", "alpha_beta", "alpha_beta_memo", "iterative_deepening"]
)
def test_max_calls_stops_any_search(name: str) -> None:
    """minimax on Nim (1, 3, 5, 7) would run for hours: a limit stops it at the call after it."""
    game = notebook("Nim.ipynb").nim((1, 3, 5, 7))
    searches = notebook("Search-in-Depth.ipynb")  # the Solver's searches and part 2's
    stats = gamesolver.LimitedStats(max_calls=500)
    with pytest.raises(gamesolver.LimitReached) as raised:
        getattr(searches, name)(game, game.Start, game.Players[0], stats)
    assert stats.calls == 501
    assert raised.value.stats is stats


def test_max_seconds_stops_any_search() -> None:
    nim = notebook("Nim.ipynb")
    stats = gamesolver.LimitedStats(max_seconds=0)
    with pytest.raises(gamesolver.LimitReached, match="seconds"):
        nim.minimax(nim.game, nim.game.Start, nim.game.Players[0], stats)
    assert stats.calls == 1


def test_a_search_without_limits_counts_as_before(ttt: types.ModuleType) -> None:
    limited = gamesolver.LimitedStats(max_calls=10**9, max_seconds=3600)
    assert ttt.alpha_beta(ttt.game, ttt.game.Start, ttt.game.Players[0], limited) == 0
    assert limited.calls == 16_811


# ---------------------------------------------------------------- names across notebooks


GAME_NOTEBOOKS = ["Nim.ipynb", "Tic-Tac-Toe.ipynb", "Tic-Tac-Toe-Bitboard.ipynb"]


def top_level_names(name: str, demo: bool = False) -> tuple[set[str], set[str]]:
    """The names a notebook's definition cells (with ``demo``: its demo cells) bind at the top
    level: (assigned, imported). Assigned is every name the cell's own scope binds (Python's
    symbol table): definitions, assignments, and the targets of a top-level ``for`` or ``with``,
    which `%run` leaves behind as well."""
    assigned: set[str] = set()
    imported: set[str] = set()
    for _, source, tags in code_cells(NOTEBOOKS / name):
        if ("demo" in tags) != demo:
            continue
        lines = ["pass" if line.lstrip().startswith("%") else line for line in source.splitlines()]
        for symbol in symtable.symtable("\n".join(lines), name, "exec").get_symbols():
            if symbol.is_imported():
                imported.add(symbol.get_name())
            elif symbol.is_assigned():
                assigned.add(symbol.get_name())
    return assigned, imported


SOLVERS = ["Solver.ipynb", "Search-in-Depth.ipynb"]
"""The two parts of the Solver: Search-in-Depth runs Solver, and a game notebook runs either."""


@pytest.mark.parametrize("solver_name", SOLVERS)
@pytest.mark.parametrize("name", GAME_NOTEBOOKS)
def test_solver_defines_nothing_a_game_notebook_defines(name: str, solver_name: str) -> None:
    """`%run Solver.ipynb` must not overwrite a game's names (it overwrote State and Player),
    nor must `%run Search-in-Depth.ipynb`."""
    solver_assigned, solver_imported = top_level_names(solver_name)
    game_assigned, game_imported = top_level_names(name)
    assert not solver_assigned & (game_assigned | game_imported)
    assert not solver_imported & game_assigned
    loaded = notebook(name)
    for shared in solver_imported & game_imported:  # imported by both: the same object
        assert vars(loaded)[shared] is vars(notebook(solver_name))[shared]


def test_the_second_part_redefines_nothing_of_the_first() -> None:
    """Each algorithm is defined once: Search-in-Depth binds none of the Solver's names but
    the lists of algorithms, which it extends, and its declaration of them to the tools."""
    first = top_level_names("Solver.ipynb")[0] | top_level_names("Solver.ipynb", demo=True)[0]
    second = top_level_names("Search-in-Depth.ipynb")[0]
    second |= top_level_names("Search-in-Depth.ipynb", demo=True)[0]
    assert first & second == {"Algorithms", "Exact", "solver"}
    part1, part2 = notebook("Solver.ipynb"), notebook("Search-in-Depth.ipynb")
    names = [algorithm.__name__ for algorithm in part2.Algorithms]
    assert names[: len(part1.Algorithms)] == [a.__name__ for a in part1.Algorithms]
    assert "alpha_beta_memo" not in vars(part1)


def test_exceptions_that_cross_notebooks_live_in_the_package() -> None:
    """Two loaded copies of Solver raise the same OutOfTime, so one copy's except catches the
    other's."""
    copies = [notebook("Search-in-Depth.ipynb"), notebook("Tic-Tac-Toe-Bitboard.ipynb")]
    assert all(copy.OutOfTime is gamesolver.OutOfTime for copy in copies)


# ---------------------------------------------------------------- %run Solver.ipynb in a kernel


def runs(path: Path) -> list[str]:
    """The notebooks that the notebook at `path` runs with `%run`, directly or through another."""
    found: list[str] = []
    for _, source, _ in code_cells(path):
        for line in source.splitlines():
            if line.startswith("%run ") and line.split()[1] not in found:
                found += [line.split()[1], *runs(path.parent / line.split()[1])]
    return found


RUNNING_SOLVER = sorted(
    path.name for path in NOTEBOOKS.glob("*.ipynb") if "Solver.ipynb" in runs(path)
)
"""The notebooks that `%run Solver.ipynb`, themselves or through Search-in-Depth.ipynb: IPython
runs its demo cells in them too (and those of Search-in-Depth, where they run that)."""


@pytest.mark.parametrize("solver_name", SOLVERS)
def test_run_solver_shows_nothing(solver_name: str) -> None:
    """IPython's `%run` runs every cell, the demo cells included, but silently: a demo cell may
    show its result only as the value of its last line, never by print or display."""
    from IPython.core.interactiveshell import InteractiveShell
    from IPython.utils.capture import capture_output

    shell = InteractiveShell.instance()
    with capture_output() as captured, chdir(NOTEBOOKS):  # (its own %run is relative)
        shell.run_line_magic("run", str(NOTEBOOKS / solver_name))
    assert (captured.stdout, captured.stderr, captured.outputs) == ("", "", [])
    assert all(name in shell.user_ns for name in ("alpha_beta", "best_move", "Algorithms"))


def test_the_notebooks_that_run_the_solver_are_found() -> None:
    """The list of notebooks that run the Solver is not empty (the test below checks something)."""
    assert {"Tic-Tac-Toe.ipynb", "Nim.ipynb", "Search-in-Depth.ipynb"} <= set(RUNNING_SOLVER)
    assert "Connect-Four-Solver.ipynb" in RUNNING_SOLVER  # (it runs the first part only)


def imported_objects(name: str) -> dict[str, object]:
    """The objects a notebook's `from module import name` statements (any cell) bind, by name."""
    found: dict[str, object] = {}
    for _, source, _ in code_cells(NOTEBOOKS / name):
        lines = ["pass" if line.lstrip().startswith("%") else line for line in source.splitlines()]
        for node in ast.parse("\n".join(lines)).body:
            if isinstance(node, ast.ImportFrom) and node.module:
                module = importlib.import_module(node.module)
                for alias in node.names:
                    if not hasattr(module, alias.name):  # a submodule: from package import module
                        importlib.import_module(f"{node.module}.{alias.name}")
                    found[alias.asname or alias.name] = getattr(module, alias.name)
    return found


@pytest.mark.parametrize("name", RUNNING_SOLVER)
def test_solver_demo_cells_overwrite_nothing(name: str) -> None:
    """Under `%run`, the names the Solver's demo cells bind (and Search-in-Depth's, in a notebook
    that runs it) land in the running notebook: none may be a name that notebook defines, and a
    name both import must be the same object."""
    theirs_assigned = top_level_names(name)[0] | top_level_names(name, demo=True)[0]
    theirs_imported = top_level_names(name)[1] | top_level_names(name, demo=True)[1]
    for solver_name in [other for other in SOLVERS if other in runs(NOTEBOOKS / name)]:
        demo_assigned, demo_imported = top_level_names(solver_name, demo=True)
        assert not demo_assigned & (theirs_assigned | theirs_imported)
        assert not demo_imported & theirs_assigned
        ours, theirs = imported_objects(solver_name), imported_objects(name)
        for shared in demo_imported & theirs_imported:
            assert ours[shared] is theirs[shared], shared


def test_alpha_beta_memo_answers_a_closed_window_with_alpha(solver: types.ModuleType) -> None:
    """alpha >= beta is answered with alpha, without a search and without a line; an open window
    gets the table's size and the line of best play."""
    game = take_away(4)
    closed = Stats()
    assert solver.alpha_beta_memo(game, game.Start, "A", closed, alpha=0.5, beta=0.5) == 0.5
    assert (closed.calls, closed.cache_entries, closed.line) == (0, 0, [])
    opened = Stats()
    assert solver.alpha_beta_memo(game, game.Start, "A", opened) == 1
    assert opened.cache_entries > 0 and opened.line[0] == ((3,), "B")


def test_search_in_depth_quotes_exercise_5_s_count_as_tic_tac_toe_stores_it() -> None:
    """Search in depth, section 4, compares alpha_beta_memo's calls on tic-tac-toe with the
    answer to Tic-Tac-Toe's exercise 5: the count it quotes is the one that notebook printed."""
    printed = "".join(
        "".join(output.get("text", ""))
        for cell in notebook_cells(NOTEBOOKS / "Tic-Tac-Toe.ipynb")
        if "check_algorithm(my_alpha_beta_memo" in cell_source(cell)
        for output in cell.get("outputs", [])
    )
    count = re.search(r"with the table: ([\d,]+) value calls", printed)
    assert count is not None, printed
    assert f"Tic-Tac-Toe's exercise 5 makes {count[1]}," in prose("Search-in-Depth.ipynb")
