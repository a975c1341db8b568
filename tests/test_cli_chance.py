"""UCT and Pig on the command line: ``--playouts`` and ``--seed`` of MCTS.ipynb's ``uct_search``
(on its tic-tac-toe, and on any game notebook beside it), and Pig.ipynb's ``optimal``, solved by
value iteration at any goal from 10 to 100 (``--set goal=N``).

Neller and Presser's "Optimal Play of the Dice Game Pig" (The UMAP Journal 25(1), 2004): with
optimal play on both sides the first player of Pig to 100 wins with probability 53.06%.
"""

from __future__ import annotations

import io
import json
import random
import types
from pathlib import Path

import pytest
from conftest import NOTEBOOKS
from test_pig import solved as solved_here

from gamesolver.notebook import load_notebook
from gamesolver.tools.cli import loading, main

MCTS = str(NOTEBOOKS / "MCTS.ipynb")
PIG = str(NOTEBOOKS / "Pig.ipynb")
CONNECT_FOUR = str(NOTEBOOKS / "Connect-Four.ipynb")


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``main(argv)`` in-process: the exit status, stdout and stderr."""
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def answer(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    """The JSON ``main(argv + --json)`` prints, the command having succeeded without a word on
    stderr."""
    status, out, err = run([*argv, "--json"], capsys)
    assert (status, err) == (0, ""), err
    result: dict[str, object] = json.loads(out)
    return result


@pytest.fixture(scope="module")
def lecture() -> types.ModuleType:
    """MCTS.ipynb's definitions (its demonstrations skipped)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(NOTEBOOKS)
        return load_notebook(Path(MCTS))


# -- UCT --------------------------------------------------------------------------------------


def test_a_seed_makes_uct_repeat_its_move_and_counts(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["move", MCTS, "--playouts", "300", "--seed", "5"]
    first, again = answer(argv, capsys), answer(argv, capsys)
    assert first == {**again, "seconds": first["seconds"]}
    assert (first["algorithm"], first["playouts"], first["calls"]) == ("uct_search", 300, 300)
    assert first["exact"] is False
    other = answer(["move", MCTS, "--playouts", "300", "--seed", "6"], capsys)
    assert other["value"] != first["value"]  # the seed is the search's: another, another tree


def test_solve_gives_the_lectures_uct_value(
    lecture: types.ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    """The value is the average of the child UCT visits most, its move the line."""
    result = answer(["solve", MCTS, "--playouts", "200", "--seed", "4"], capsys)
    game = lecture.ttt
    root = lecture.mcts(game, game.Start, "X", 200, random.Random(4))
    chosen = max(root.children, key=lambda child: child.visits)
    assert result["value"] == chosen.total / chosen.visits
    assert result["line"] == [game.move_name(game.Start, chosen.state)]
    assert result["playouts"] == 200


def test_uct_plays_the_game_of_a_notebook_beside_it(capsys: pytest.CaptureFixture[str]) -> None:
    """``uct_search`` is offered by MCTS.ipynb, found next to Connect-Four.ipynb."""
    argv = ["move", CONNECT_FOUR, "--algorithm", "uct_search", "--position", "4455"]
    result = answer([*argv, "--playouts", "150", "--seed", "1"], capsys)
    assert (result["game"], result["playouts"]) == ("Connect Four", 150)
    assert result["move"] == "column 3" or result["move"] == "column 6"  # X wins with either


def test_playouts_bound_uct_instead_of_the_default_second(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(loading, "MOVE_BUDGET", 0.000001)  # any other search is stopped at once
    result = answer(["move", MCTS, "--playouts", "100"], capsys)
    assert result["playouts"] == 100
    status, _, err = run(["move", MCTS, "--playouts", "100", "--max-calls", "40"], capsys)
    assert status == 1 and "not solved" in err and "40" in err


def test_seed_and_playouts_for_searches_that_take_none(
    capsys: pytest.CaptureFixture[str],
) -> None:
    tic_tac_toe = str(NOTEBOOKS / "Tic-Tac-Toe.ipynb")
    status, _, err = run(["solve", tic_tac_toe, "--algorithm", "alpha_beta", "--seed", "1"], capsys)
    assert status == 2 and "alpha_beta does not take --seed" in err
    status, _, err = run(["solve", MCTS, "--algorithm", "alpha_beta", "--playouts", "9"], capsys)
    assert status == 2 and "alpha_beta does not take --playouts (algorithms that do: uct" in err
    status, _, err = run(["solve", MCTS, "--playouts", "0"], capsys)
    assert status == 2 and "--playouts is at least 1" in err


# -- Pig --------------------------------------------------------------------------------------


def test_pig_to_100_is_won_by_the_first_player_53_06_percent(
    capsys: pytest.CaptureFixture[str],
) -> None:
    result = answer(["solve", PIG, "--set", "goal=100"], capsys)
    assert result["game"] == "Pig to 100" and result["exact"] is True
    value = result["value"]
    assert isinstance(value, float)
    assert f"{(value + 1) / 2:.2%}" == "53.06%"  # the value is 2P - 1, as the lecture's
    assert isinstance(result["seconds"], float) and result["seconds"] < 60


@pytest.mark.parametrize("goal", [10, 12])
def test_a_small_pig_agrees_with_value_iteration_written_here(
    goal: int, capsys: pytest.CaptureFixture[str]
) -> None:
    value = answer(["solve", PIG, "--set", f"goal={goal}"], capsys)["value"]
    assert value == pytest.approx(2 * solved_here(goal)[0, 0, 0] - 1, abs=1e-7)


def test_pigs_value_is_said_as_a_chance_and_an_average(capsys: pytest.CaptureFixture[str]) -> None:
    """An exact value between a loss and a win was said "with best play A wins"."""
    status, out, _ = run(["solve", PIG, "--set", "goal=10"], capsys)
    first = out.splitlines()[0]
    assert status == 0 and "a 70.94% chance of winning for A, exact" in first
    assert "the average over the dice" in first and "wins" not in first


@pytest.mark.parametrize("goal", ["9", "101", "0", "-5"])
def test_a_goal_out_of_range_is_one_line(goal: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["solve", PIG, "--set", f"goal={goal}"], capsys)
    assert (status, out) == (2, "") and len(err.splitlines()) == 1
    assert f"the goal is from 10 to 100 points, not {goal}" in err


@pytest.mark.parametrize("goal", ["50.5", "fifty", "true"])
def test_a_goal_that_is_no_whole_number_is_one_line(
    goal: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(["solve", PIG, "--set", f"goal={goal}"], capsys)
    assert (status, out) == (2, "") and "the goal is a whole number of points" in err


@pytest.mark.parametrize(
    ("position", "move"), [("0 0 A 20", "roll"), ("0 0 A 21", "hold"), ("85 30 B 30", "roll")]
)
def test_pigs_move_is_the_optimal_policys(
    position: str, move: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """From the start the optimal player holds at 21 (Neller and Presser); far behind, it rolls."""
    result = answer(["move", PIG, "--position", position], capsys)
    assert (result["move"], result["exact"]) == (move, True)
    assert result["position"] == (f"{position} roll" if move == "roll" else result["position"])


def test_a_roll_is_not_a_players_to_choose(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(["move", PIG, "--set", "goal=10", "--position", "3 5 A 4 roll"], capsys)
    assert status == 2 and "the dice's to play, not a player's" in err
    status, _, err = run(["play", PIG, "--set", "goal=10"], capsys)
    assert status == 2 and "knows no dice" in err


def test_expectimax_with_a_depth_chooses_on_pig(capsys: pytest.CaptureFixture[str]) -> None:
    """The lecture's depth-limited expectimax, offered by the notebook: with 0 points against
    9, only this turn can win, and it rolls on, as the optimal player does."""
    argv = ["move", PIG, "--set", "goal=10", "--position", "0 9 A 2"]
    result = answer([*argv, "--algorithm", "expectimax_depth", "--depth", "4"], capsys)
    assert (result["move"], result["exact"], result["depth"]) == ("roll", False, 4)
    assert answer(argv, capsys)["move"] == "roll"


def test_uct_grades_a_file_of_positions_with_its_playouts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    positions = tmp_path / "positions.txt"
    positions.write_text("# two openings\n4455\n\n44\n")
    argv = ["move", CONNECT_FOUR, "--algorithm", "uct_search", "--positions", str(positions)]
    result = answer([*argv, "--playouts", "60"], capsys)
    moves = result["moves"]
    assert isinstance(moves, list) and len(moves) == 2
    assert [(move["playouts"], move["calls"]) for move in moves] == [(60, 60), (60, 60)]


def test_play_against_uct_repeats_with_a_seed_and_claims_no_depth(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """UCT's average was said as "the heuristic's estimate, without looking ahead"."""
    said = []
    for _ in range(2):
        monkeypatch.setattr("sys.stdin", io.StringIO(""))  # the student leaves at once
        argv = ["play", MCTS, "--first", "computer", "--seed", "3", "--playouts", "50"]
        status, out, _ = run(argv, capsys)
        assert status == 0
        said.append([line for line in out.splitlines() if line.startswith("My move")])
    assert said[0] == said[1] and len(said[0]) == 1
    assert said[0][0].endswith(".") and "I see" not in said[0][0]
