"""Tic-Tac-Toe-3D.ipynb: the cube (4 x 4 x 4) on the canvas, its four layers side by side.

The play widget is driven headlessly, as a student's clicks would drive it: a click on each
layer plays there, a taken cell, a click between two layers or outside is refused with its
message, a won game is drawn with its four joined across the layers, and a click after the
end changes nothing. The computer searches to depth 1, so the file runs in seconds.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import random
import types

import pytest
from conftest import NOTEBOOKS, notebook

from gamesolver.match import match, openings
from gamesolver.tools.cli import main
from gamesolver.widgets.board import OUTSIDE
from gamesolver.widgets.cube_board import BETWEEN, CubeBoard
from gamesolver.widgets.play import Play, PlayController

CUBE: types.ModuleType = notebook("Tic-Tac-Toe-3D.ipynb")
SQUARE: types.ModuleType = CUBE.square  # the 4 x 4 notebook as the 3D notebook loaded it
GAME = CUBE.game
SIZE = 64
COMPUTER = SQUARE.computer_for(GAME)
"""The computer of the notebook's play widget: iterative deepening on the threat rules."""


def quick(state: int, player: int, rng: random.Random) -> tuple[float, int, object]:
    """The notebook's computer at depth 1: its answers do not depend on the clock."""
    answer: tuple[float, int, object] = COMPUTER(state, player, rng, budget=None, depth=1)
    return answer


def cell(layer: int, row: int, col: int) -> int:
    return SQUARE.cell_of((layer, row, col))


def marked(state: int, player: int, where: int) -> bool:
    return bool(state >> (where + SIZE * player) & 1)


def test_the_notebook_builds_the_cube_for_the_command_line() -> None:
    assert GAME.name == "4x4x4 tic-tac-toe" and GAME.Start == 0
    assert CUBE.cube_game(threats=True).name == "4x4x4 tic-tac-toe with threat rules"
    assert CUBE.offer.build is CUBE.cube_game and CUBE.offer.game is GAME
    assert len(CUBE.all_lines(3)) == 76


def test_every_cell_is_clicked_where_it_is_drawn() -> None:
    board = CubeBoard(GAME)
    assert [board.cell_under(*board.click_point(c)) for c in range(SIZE)] == list(range(SIZE))
    for layer in range(4):  # the layers side by side, left to right, with a gap between them
        x, _ = board.click_point(cell(layer, 0, 0))
        assert x == board.left + (5 * layer + 0.5) * board.cell
    gap = board.left + 4.5 * board.cell
    assert board.cell_under(gap, board.top + board.cell) is None
    assert board.cell_under(1, 1) is None and board.cell_under(board.width - 1, 5) is None
    assert board.width == board.left + 19 * board.cell + 8  # 4 layers of 4 and 3 gaps, padded


def test_a_click_on_each_layer_plays_there() -> None:
    c = PlayController(GAME, CubeBoard(GAME), quick, seed=1)
    assert (
        c.status == "New game: you move first (x), I move second (o). Your turn: click a free cell."
    )
    for layer, (row, col) in enumerate([(1, 2), (3, 0), (0, 3), (2, 1)]):  # not a line
        where = cell(layer, row, col)
        if marked(c.state, 1, where):  # the computer took it: the next free cell of the layer
            where = next(k for k in range(16 * layer, 16 * layer + 16) if not c.state >> k & 1)
        assert c.click(*c.board.click_point(where))
        assert marked(c.state, 0, where)
        assert c.status.startswith(f"You played {SQUARE.coords_of(where, 3)}.")
        assert c.computer_move() and c.status.startswith("I played (")
        assert c.phase == ("human" if layer < 3 else "over")
    assert [k for k in range(SIZE) if marked(c.state, 0, k)] == [6, 28, 35, 57]
    # o took the space diagonal from (3, 0, 0) to (0, 3, 3), one cell in each layer
    assert [k for k in range(SIZE) if marked(c.state, 1, k)] == [15, 26, 37, 48]
    assert c.winner == "computer" and c.status.endswith("I win. Press New game to play again.")


def test_taken_cells_gaps_and_the_margin_are_refused_with_their_message() -> None:
    c = PlayController(GAME, CubeBoard(GAME), quick, seed=1)
    where = cell(2, 1, 1)
    assert c.click(*c.board.click_point(where)) and c.computer_move()
    state, board = c.state, c.board
    assert not c.click(*board.click_point(where))
    assert c.status == "(2, 1, 1) is taken: click a free cell." and c.state == state
    computer = next(k for k in range(SIZE) if marked(state, 1, k))
    assert not c.click(*board.click_point(computer))
    assert c.status == f"{SQUARE.coords_of(computer, 3)} is taken: click a free cell."
    assert not c.click(board.left + 9.5 * board.cell, board.top + 2 * board.cell)
    assert c.status == BETWEEN and c.state == state
    assert not c.click(3, 3) and c.status == OUTSIDE and c.state == state
    assert c.phase == "human"


def test_a_whole_game_ends_and_later_clicks_change_nothing() -> None:
    c = PlayController(GAME, CubeBoard(GAME), quick, seed=2)
    rng = random.Random(2)
    while c.phase != "over":
        free = [k for k in range(SIZE) if not (marked(c.state, 0, k) or marked(c.state, 1, k))]
        assert c.click(*c.board.click_point(rng.choice(free)))
        if c.phase == "computer":
            assert c.computer_move()
    assert c.winner == "computer"  # random clicks lose to a search that sees a move ahead
    state = c.state
    assert not c.click(*c.board.click_point(next(k for k in range(SIZE) if not state >> k & 1)))
    assert c.status == "The game is over: press New game." and c.state == state


def test_a_four_is_joined_across_the_layers(sent: list[list[str]]) -> None:
    board = CubeBoard(GAME)
    diagonal = [cell(k, k, k) for k in range(4)]
    o_marks = [cell(0, 3, 0), cell(1, 3, 0), cell(2, 3, 0)]
    won = sum(1 << k for k in diagonal) | sum(1 << (k + SIZE) for k in o_marks)
    assert GAME.utility(won, 0) == 1
    board.draw(won, before=won & ~(1 << diagonal[-1]))
    (message,) = sent
    grid = 4 * 10  # each layer: 5 lines across and 5 down
    assert message.count("strokeLine") == grid + 2 * 4 + 3  # the grid, 4 Xs, the line's 3 steps
    assert message.count("strokeCircle") == 3  # the Os
    assert message.count("strokeRect") == 1  # the last move, outlined
    assert message.count("fillRect") == 1 + 4 + 4  # the background, the layers, the four cells
    sent.clear()
    board.draw(won & ~(1 << diagonal[-1]), before=won & ~(1 << diagonal[-1]) & ~(1 << SIZE))
    assert sent[0].count("strokeLine") == grid + 2 * 3 and sent[0].count("fillRect") == 1 + 4


def test_the_widget_plays_on_the_cube_and_explains_its_line() -> None:
    depth_two = functools.partial(COMPUTER, budget=None, depth=2)
    play = Play(GAME, CubeBoard(GAME), depth_two, explain=True, explaining=True)
    play.click(*play.board.click_point(cell(3, 0, 0)))
    play.wait()
    seen = play.controller.seen
    assert seen is not None and seen.depth == 2 and not seen.exact
    assert play.board.shown == play.controller.state and play.controller.state.bit_count() == 2
    assert play.board.shown_line == tuple(seen.line[1:])
    assert play.explanation.startswith("I play (")


def test_move_on_the_cube_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    position = "x" + "." * 4 + "o" + "." * 15 + "x" + "o" + "." * 19 + "x" + "." * 21
    path = str(NOTEBOOKS / "Tic-Tac-Toe-3D.ipynb")
    assert main(["move", path, "--position", position, "--depth", "1", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["move"] == "(3, 3, 3)"  # o blocks the space diagonal
    assert result["position"] == position[:63] + "o"


def test_line_count_beats_the_assignments_eval_on_the_cube() -> None:
    rules = CUBE.cube_game(threats=True)
    kth_eval = dataclasses.replace(rules, heuristic=rules.parts.kth_eval)
    by_kth, by_lines = SQUARE.searcher(kth_eval), SQUARE.searcher(rules)
    played = match(GAME, by_kth, by_lines, openings(GAME, 10), depth=1).tally
    assert played == {"a": 3, "b": 15, "draw": 2}  # the notebook's numbers


def test_the_lecture_counts_positions_and_sequences_apart() -> None:
    """Issue 24: "about 250,000 positions after three moves" counted move sequences (64 * 63 *
    62 = 249,984); the positions are half as many (x's two marks in either order), and the
    assignment says nothing of a reference reaching median depth 5."""
    import math

    cells = json.loads((NOTEBOOKS / "Tic-Tac-Toe-3D.ipynb").read_text(encoding="utf-8"))["cells"]
    prose = " ".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    outputs = " ".join(
        "".join(output.get("text", "") or output.get("data", {}).get("text/plain", ""))
        for c in cells
        if c["cell_type"] == "code"
        for output in c["outputs"]
    )
    assert "250,000" not in prose and "median depth of 5" not in prose
    sequences, positions = math.perm(64, 3), math.comb(64, 2) * 62
    assert (sequences, positions) == (249_984, 124_992)
    assert f"{positions:,}    {sequences:,}" in outputs  # the row of the counts table
