"""A move under any budget: every search of the notebooks that takes a time budget completes
depth 1 whatever the clock says, so a decision always has a legal move, and its ``Stats`` say
when that took longer than the budget (``over_budget``).

The budget here is ``TINY`` (1e-9 s): it has passed before the first value call on any machine,
however fast, so every search below stops after depth 1 and the counts asserted are exact. A
budget of an hour is the other certainty: no search here comes near it.
"""

from __future__ import annotations

import functools
import io
import json
import random
from typing import Any

import pytest
from conftest import NOTEBOOKS, notebook

from gamesolver import Stats, data_path
from gamesolver.tools.cli import main
from gamesolver.widgets.play import OVER_BUDGET, PlayController

TINY = 1e-9
"""Seconds: less than any value call takes."""
HOUR = 3600.0
"""Seconds: more than any search here takes."""
DATA = data_path("tic-tac-toe-nd")


def first_positions(name: str, game: Any, count: int) -> list[tuple[Any, Any]]:
    """The first ``count`` positions of the assignment's file ``name``, parsed by ``game``."""
    lines = (DATA / name).read_text().splitlines()
    texts = [line for line in lines if line.strip() and not line.startswith("#")]
    return [game.parse(text) for text in texts[:count]]


@pytest.mark.parametrize(
    ("name", "searches"),
    [
        ("Tic-Tac-Toe.ipynb", "Search-in-Depth.ipynb"),  # the lecture runs only the Solver
        ("Connect-Four.ipynb", "Connect-Four.ipynb"),
        ("Tic-Tac-Toe-4x4.ipynb", "Tic-Tac-Toe-4x4.ipynb"),
    ],
)
def test_iterative_deepening_completes_depth_1_under_any_budget(name: str, searches: str) -> None:
    nb, search = notebook(name), notebook(searches)
    game, player = nb.game, nb.game.Players[0]
    moves = game.next_states(game.Start, player)
    stats = Stats()
    value = search.iterative_deepening(game, game.Start, player, stats, budget=TINY)
    assert value == search.depth_limited(game, game.Start, player, Stats(), depth=1)
    assert stats.depth == 1 and not stats.exact and stats.over_budget
    assert stats.calls == 1 + len(moves)  # the start and each of its moves, estimated
    assert len(stats.line) == 1 and stats.line[0] in moves
    roomy = Stats()
    search.iterative_deepening(game, game.Start, player, roomy, depth=2, budget=HOUR)
    assert roomy.depth == 2 and not roomy.over_budget


@pytest.mark.parametrize(
    ("name", "positions", "count"),
    [
        ("Tic-Tac-Toe-4x4.ipynb", "positions-4x4.txt", 10),
        ("Tic-Tac-Toe-3D.ipynb", "positions-4x4x4.txt", 3),
    ],
)
def test_best_move_plays_a_legal_move_under_any_budget(
    name: str, positions: str, count: int
) -> None:
    # the assignment's positions (the recipe): each answered at depth 1, none aborted
    nb = notebook(name)
    solver = getattr(nb, "square", nb)  # the cube's notebook runs the Solver through the 4x4's
    search = functools.partial(solver.iterative_deepening, budget=TINY)
    for state, player in first_positions(positions, nb.game, count):
        stats = Stats()
        _, after = solver.best_move(nb.game, state, player, search, random.Random(0), stats)
        assert after in nb.game.next_states(state, player)
        assert stats.depth == 1 and stats.over_budget


def cube_board(game: Any) -> Any:
    """The tic-tac-toe board of the package, for ``game`` (the square or the cube)."""
    from gamesolver.widgets.cube_board import CubeBoard

    return CubeBoard(game)


def checkers_board(ck: Any) -> Any:
    """The checkers board of the package, for the notebook's rules."""
    from gamesolver.widgets.checkers_board import CheckersBoard

    return CheckersBoard(ck.legal_moves, ck.coords)


Case = tuple[str, Any, Any, Any, Any, Any]
"""A computer: its name, ``choose``, the game, a position, the player to move, a new board."""


def computers() -> list[Case]:
    """Each notebook's computer (the play widget's ``choose``) with its game and a position."""
    cf, square = notebook("Connect-Four.ipynb"), notebook("Tic-Tac-Toe-4x4.ipynb")
    cube, ck, ch = (
        notebook(n) for n in ("Tic-Tac-Toe-3D.ipynb", "Checkers-Search.ipynb", "Chess.ipynb")
    )
    return [
        ("connect four", cf.computer, cf.game, cf.game.Start, "X", cf.ConnectFourBoard),
        (
            "4x4",
            square.computer_for(square.game),
            square.game,
            0,
            0,
            lambda: cube_board(square.game),
        ),
        (
            "cube",
            cube.square.computer_for(cube.game),
            cube.game,
            0,
            0,
            lambda: cube_board(cube.game),
        ),
        ("checkers", ck.computer, ck.game, ck.Start, "red", lambda: checkers_board(ck)),
        ("chess", ch.computer, ch.game, ch.Start, "white", ch.ChessBoard),
    ]


@pytest.mark.parametrize("case", computers(), ids=lambda case: case[0])
def test_every_computer_moves_under_any_budget(case: Case) -> None:
    _, computer, game, state, player, _ = case
    value, after, stats = computer(state, player, random.Random(0), budget=TINY)
    assert after in game.next_states(state, player)
    assert game.worst <= value <= game.best
    assert stats.depth == 1 and stats.over_budget
    _, _, roomy = computer(state, player, random.Random(0), budget=HOUR, depth=1)
    assert roomy.depth == 1 and not roomy.over_budget


@pytest.mark.parametrize("name", ["Checkers-Search.ipynb", "Chess-Engine.ipynb"])
def test_the_own_searches_say_when_they_went_over_their_budget(name: str) -> None:
    nb = notebook(name)
    search = functools.partial(nb.offer.searches[0], budget=TINY)  # checkers_, engine_search
    player = nb.game.Players[0]
    stats = Stats()
    _, after = nb.best_move(nb.game, nb.Start, player, search, random.Random(0), stats)
    assert after in nb.game.next_states(nb.Start, player)
    assert stats.depth == 1 and stats.over_budget


@pytest.mark.parametrize("case", computers(), ids=lambda case: case[0])
def test_the_play_controller_moves_under_any_budget(case: Case) -> None:
    _, computer, game, state, player, board = case
    c: PlayController[Any, Any] = PlayController(
        game, board(), computer, human_first=False, budget=TINY
    )
    assert c.computer_move()
    assert c.error is None and c.phase == "human"
    assert c.seen is not None and c.seen.over_budget
    assert c.before == state and c.state in game.next_states(state, player)
    assert OVER_BUDGET in c.status and c.status.endswith(f"Your turn: {c.board.prompt}")


def test_the_status_line_says_nothing_of_the_budget_when_it_was_kept() -> None:
    cf = notebook("Connect-Four.ipynb")
    roomy = functools.partial(cf.computer, depth=1)
    c: PlayController[Any, Any] = PlayController(
        cf.game, cf.ConnectFourBoard(), roomy, human_first=False, budget=HOUR
    )
    assert c.computer_move() and OVER_BUDGET not in c.status


def test_terminal_play_moves_under_any_budget(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # the computer moves, then input ends
    path = str(NOTEBOOKS / "Connect-Four.ipynb")
    status = main(["play", path, "--budget", "1e-9", "--first", "computer"])
    out, err = capsys.readouterr()
    assert status == 0 and err == ""
    assert "My move: column" in out and out.rstrip().endswith("Game abandoned: no more input.")


@pytest.mark.parametrize(
    ("name", "positions"),
    [
        ("Tic-Tac-Toe-4x4.ipynb", "positions-4x4.txt"),
        ("Tic-Tac-Toe-3D.ipynb", "positions-4x4x4.txt"),
    ],
)
def test_move_answers_every_position_of_the_assignment_under_any_budget(
    name: str, positions: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # the recipe, with a budget no machine can keep: 100 moves, each at depth 1
    argv = ["move", str(NOTEBOOKS / name), "--positions", str(DATA / positions)]
    status = main([*argv, "--budget", "1e-9", "--json"])
    out, err = capsys.readouterr()
    assert status == 0 and err == ""
    moves = json.loads(out)["moves"]
    assert len(moves) == 100
    assert {move["depth"] for move in moves} == {1}
    assert all(move["over_budget"] for move in moves)
    game = notebook(name).game
    for move in moves:
        state, player = game.parse(move["position"])
        after, _ = game.parse(move["after"])
        assert after in game.next_states(state, player)


class Ticking:
    """A stand-in for the module ``time`` whose clock advances one second at every reading: a
    search's deadline then falls at an exact value call, the same on every machine."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += 1
        return self.now


@pytest.mark.parametrize(("budget", "calls", "over"), [(0.5, 10, True), (5, 15, False)])
def test_the_clock_stops_only_the_iterations_after_depth_1(
    monkeypatch: pytest.MonkeyPatch, budget: float, calls: int, over: bool
) -> None:
    # The deadline is read at 1, so it falls at 1 + budget. Depth 1 (10 calls from the empty
    # board) reads no clock; the reading after it is 2. With a budget of 0.5 that is past the
    # deadline: over the budget, and no second iteration. With 5 the second iteration starts,
    # its value calls read 3, 4, 5, 6 and then 7 > 6: the fifth call stops it, and depth 1
    # answers, within the budget.
    search, game = notebook("Search-in-Depth.ipynb"), notebook("Tic-Tac-Toe.ipynb").game
    first = game.Players[0]
    ticking = Ticking()  # one clock for the search and for deepen, wherever each is defined
    monkeypatch.setitem(search.iterative_deepening.__globals__, "time", ticking)
    monkeypatch.setitem(search.deepen.__globals__, "time", ticking)
    stats = Stats()
    value = search.iterative_deepening(game, game.Start, first, stats, budget=budget)
    assert value == search.depth_limited(game, game.Start, first, Stats(), depth=1)
    assert (stats.depth, stats.over_budget, stats.calls) == (1, over, calls)
