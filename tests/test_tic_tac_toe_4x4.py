"""Tic-Tac-Toe-4x4.ipynb: the KTH assignment's game on 4^n cells, through the notebook's
definitions."""

from __future__ import annotations

import dataclasses
import functools
import json
import random
import types

import pytest
from conftest import NOTEBOOKS, notebook

from gamesolver import Stats, data_path
from gamesolver.feedback.check import check_game
from gamesolver.match import IllegalMove, match, openings, play_game
from gamesolver.tools.cli import main
from gamesolver.widgets.board import NotAMove
from gamesolver.widgets.cube_board import CubeBoard

NOTEBOOK = NOTEBOOKS / "Tic-Tac-Toe-4x4.ipynb"


@pytest.fixture(scope="module")
def ttt4() -> types.ModuleType:
    """The notebook's definitions (and the Solver's, which it runs)."""
    return notebook("Tic-Tac-Toe-4x4.ipynb")


def test_lines_counted_by_kind(ttt4: types.ModuleType) -> None:
    assert len(ttt4.all_lines(2)) == 10
    assert ttt4.line_kinds(2) == {"orthogonal": 8, "diagonal": 2}
    assert len(ttt4.all_lines(3)) == 76
    assert ttt4.line_kinds(3) == {"orthogonal": 48, "face diagonal": 24, "space diagonal": 4}
    for n in (2, 3):
        assert len(set(map(frozenset, ttt4.all_lines(n)))) == len(ttt4.all_lines(n))


@pytest.mark.parametrize(("n", "maps"), [(2, 32), (3, 192)])
def test_symmetries_keep_the_lines(ttt4: types.ModuleType, n: int, maps: int) -> None:
    group = ttt4.symmetry_group(n)
    assert len(group) == len(set(group)) == maps
    assert all(sorted(where) == list(range(4**n)) for where in group)
    assert all(ttt4.keeps_lines(where, n) for where in group)


def test_canonical_is_constant_on_a_class(ttt4: types.ModuleType) -> None:
    game = ttt4.tic_tac_toe()
    state, _ = game.parse("x....o........x.")
    images = game.parts.symmetries(state)
    assert len(images) == 32
    assert {game.canonical(image) for image in images} == {min(images)}


def test_4x4_is_a_draw_with_the_notebooks_counts(ttt4: types.ModuleType) -> None:
    threats = ttt4.tic_tac_toe(threats=True)
    kth_ordered = dataclasses.replace(threats, heuristic=threats.parts.kth_eval)
    for game, calls in [(kth_ordered, 11_432), (threats, 28_186), (ttt4.game, 43_583)]:
        stats = Stats()
        value = ttt4.alpha_beta_memo(game, game.Start, 0, stats, order=True, symmetry=True)
        assert (value, stats.calls) == (0, calls)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("xo..", "has 16 cells, not 4"),
        ("xo..oxx.....o..X", "cell 15 is 'X'"),
        ("xxx.............", "not 3 and 0"),
        ("o...............", "not 0 and 1"),
        ("xxxxoooox.......", "both x and o have four in a row"),
        ("oooox.xxx.x.....", "o has four in a row, but x moved after that"),
        ("xo.xoxxooxxoxoox", "x's fours share no cell"),
    ],
)
def test_parse_errors(ttt4: types.ModuleType, text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(")) as error:
        ttt4.game.parse(text)
    assert "\n" not in str(error.value)


def test_parse_and_notation_round_trip(ttt4: types.ModuleType) -> None:
    rng = random.Random(11)
    for n in (2, 3):
        game = ttt4.tic_tac_toe(n)
        for _ in range(30):
            state, player = game.Start, 0
            for _ in range(rng.randrange(4**n)):
                if game.finished(state):
                    break
                state, player = rng.choice(game.next_states(state, player)), 1 - player
            text = game.notation(state, player)
            assert len(text) == 4**n
            assert game.parse(text) == (state, player)
    assert ttt4.game.parse("xo.. .... \n .... ....") == (1 | 1 << 17, 0)
    with pytest.raises(ValueError, match="is to move"):
        ttt4.game.notation(1, 0)


def forced_positions(ttt4: types.ModuleType, game, count: int, seed: int):
    """Unfinished positions from seeded random games where the player to move can win at once,
    or else must block exactly one cell of the opponent's."""
    parts = game.parts
    rng = random.Random(seed)
    wins, blocks = [], []
    while len(wins) < count or len(blocks) < count:
        state, player = game.Start, 0
        while not game.finished(state):
            mine, theirs = parts.marks(state, player), parts.marks(state, 1 - player)
            win, threat = parts.completing(mine, theirs), parts.completing(theirs, mine)
            if win and len(wins) < count:
                wins.append((state, player, win))
            elif not win and threat.bit_count() == 1 and len(blocks) < count:
                blocks.append((state, player, threat))
            state, player = rng.choice(game.next_states(state, player)), 1 - player
    return wins, blocks


@pytest.mark.parametrize("n", [2, 3])
def test_a_win_is_played_and_a_threat_blocked(ttt4: types.ModuleType, n: int) -> None:
    game = ttt4.tic_tac_toe(n)
    wins, blocks = forced_positions(ttt4, game, 8, seed=n)
    search = functools.partial(ttt4.iterative_deepening, depth=2)
    for state, player, cells in wins + blocks:
        _, after = ttt4.best_move(game, state, player, search, random.Random(0))
        new = (after ^ state) >> (4**n * player)
        assert new & cells, game.show(state)
    for state, player, _ in wins:
        assert game.utility(ttt4.best_move(game, state, player, search)[1], player) == 1


def test_check_game(ttt4: types.ModuleType) -> None:
    for game in [ttt4.game, ttt4.tic_tac_toe(threats=True), ttt4.tic_tac_toe(3)]:
        report = check_game(game, plays=50, max_states=2000)
        assert report.ok, report.errors


def test_bad_dimensions(ttt4: types.ModuleType) -> None:
    for n in (0, 4, True, "2"):
        with pytest.raises(ValueError, match="number of dimensions"):
            ttt4.tic_tac_toe(n)


def test_a_game_made_with_replace_keeps_its_parts(ttt4: types.ModuleType) -> None:
    """The helpers a game is made of (its estimates, its symmetries, its number of dimensions)
    were kept beside it, in a registry keyed by the game object: a copy made with
    dataclasses.replace (best_move's shuffled game, another heuristic) was not in it."""
    game = ttt4.tic_tac_toe(threats=True)
    copy = dataclasses.replace(game, heuristic=game.parts.kth_eval)
    assert copy.parts is game.parts and copy.heuristic is game.parts.kth_eval
    state, player = game.parse("xxx.oo.o........")
    searched = ttt4.searcher(copy)(state, player, random.Random(0), depth=2)[1]
    for after in (searched, ttt4.greedy(copy)(state, player)):
        assert after in game.next_states(state, player) and game.utility(after, player) == 1
    _, after, _ = ttt4.computer_for(copy)(state, player, random.Random(0), budget=None, depth=1)
    assert game.utility(after, player) == 1 and ttt4.exact_value(copy)(state, player) == 1


def test_the_command_line_solves_4x4_by_the_notebooks_quickest_search(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The notebook's best exact solve (threat rules, the assignment's eval first, symmetry) is
    its default for `solve`: `--set threats=true --algorithm alpha_beta_memo --order
    --symmetry` took 28,186 value calls, and no option asked for the eval's order."""
    assert main(["solve", str(NOTEBOOK), "--max-calls", "20000", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert (result["algorithm"], result["value"], result["calls"]) == ("threat_solve", 0, 11_432)
    assert result["exact"] and len(result["line"]) == 16  # the board filled: a draw


def test_cli_move_gives_a_position(capsys: pytest.CaptureFixture[str]) -> None:
    position = "xxx.oo.o........"
    argv = ["move", str(NOTEBOOK), "--position", position, "--json", "--budget", "0.2"]
    assert main(argv) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["move"] == "(0, 3)"
    assert result["position"] == "xxxxoo.o........"
    assert result["value"] == 1


def test_cli_set_n_builds_the_cube(capsys: pytest.CaptureFixture[str]) -> None:
    position = "x" * 3 + "." * 13 + "o" * 3 + "." * 45
    argv = ["move", str(NOTEBOOK), "--set", "n=3", "--position", position, "--json"]
    assert main([*argv, "--budget", "0.2"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["game"] == "4x4x4 tic-tac-toe"
    assert result["move"] == "(0, 0, 3)"
    assert len(result["position"]) == 64


# ------------------------------------------------------------- the assignment's grader


@pytest.mark.parametrize("n", [2, 3])
def test_the_assignment_states_are_100_different_unfinished_positions(
    ttt4: types.ModuleType, n: int
) -> None:
    game = ttt4.tic_tac_toe(n)
    states = ttt4.assignment_states(game)
    assert len(states) == len({state for state, _ in states}) == 100
    assert states == ttt4.assignment_states(game)  # seeded: the same on every run
    for state, player in states:
        assert not game.finished(state)
        assert game.parse(game.notation(state, player)) == (state, player)
        assert 2 <= state.bit_count() <= 9


@pytest.mark.parametrize("n", [2, 3])
def test_the_grader_sees_our_wins_and_blocks(ttt4: types.ModuleType, n: int) -> None:
    game = ttt4.tic_tac_toe(n)
    wins, blocks = forced_positions(ttt4, game, 10, seed=10 + n)
    blocks = [(s, p, c) for s, p, c in blocks if len(game.next_states(s, p)) > 1]  # not forced
    positions = [(state, player) for state, player, _ in wins[:5] + blocks[:5]]
    graded = ttt4.grade(game, ttt4.searcher(ttt4.tic_tac_toe(n, threats=True)), positions, 0.05)
    assert [g.won for g in graded] == [True] * 5 + [None] * 5
    assert [g.saved for g in graded] == [None] * 5 + [True] * 5
    assert all(g.legal and g.kept is None for g in graded)
    assert (
        ttt4.tallies(graded) == "legal 10/10, wins played 5/5, threats blocked 5/5, value kept 0/0"
    )


def test_the_grader_catches_a_missed_win_a_lost_value_and_an_illegal_move(
    ttt4: types.ModuleType,
) -> None:
    game = ttt4.game
    parts = game.parts
    wins, _ = forced_positions(ttt4, game, 3, seed=7)

    def blind(state: int, player: int, rng: object = None, budget: float = 0) -> int:
        """The first move that does not win: it misses every win in one."""
        mine, theirs = parts.marks(state, player), parts.marks(state, 1 - player)
        target = parts.completing(mine, theirs)
        return next(
            ns for ns in game.next_states(state, player) if not parts.marks(ns, player) & target
        )

    exact = ttt4.exact_value(game)
    positions = [(state, player) for state, player, _ in wins]
    graded = ttt4.grade(game, blind, positions, 0.01, exact)
    assert [(g.legal, g.won) for g in graded] == [(True, False)] * 3
    for g, (state, player) in zip(graded, positions, strict=True):
        assert exact(state, player) == 1  # a win in one: the position is won
        after = blind(state, player)
        assert g.kept == (-exact(after, 1 - player) == 1)
    assert not all(g.kept for g in graded)  # a win not taken gives the win away here and there
    cheat = ttt4.grade(game, lambda state, player, rng, budget: state | 0xFFFF, positions[:1], 0.01)
    assert not cheat[0].legal and cheat[0].move.startswith("illegal")
    assert "legal 0/1" in ttt4.tallies(cheat)


def test_our_searcher_never_loses_to_a_random_player(ttt4: types.ModuleType) -> None:
    game = ttt4.game
    ours = ttt4.searcher(ttt4.tic_tac_toe(threats=True))
    for seed in range(3):
        mover = ttt4.random_mover(game, seed)
        assert play_game(game, (ours, mover), budget=0.01).winner in (0, None)
        assert play_game(game, (mover, ours), budget=0.01).winner in (1, None)
    illegal = ttt4.random_mover(ttt4.tic_tac_toe(3))  # a move of the cube is not one of 4 x 4
    with pytest.raises(IllegalMove, match=r"^choose returned \d+; it must return \(value, next"):
        play_game(game, (illegal, ours), budget=0.01)


def test_the_square_board_maps_clicks_to_cells(ttt4: types.ModuleType) -> None:
    board = CubeBoard(ttt4.game)
    assert [board.cell_under(*board.click_point(c)) for c in range(16)] == list(range(16))
    assert board.width == board.left + 4 * board.cell + 8
    state, player = ttt4.game.parse("x....o..........")
    with pytest.raises(NotAMove, match=r"^\(1, 1\) is taken: click a free cell\.$"):
        board.move_at(state, player, *board.click_point(5))
    assert board.move_at(state, player, *board.click_point(6)) == state | 1 << 6  # x's mark


@pytest.mark.parametrize(("n", "name"), [(2, "4x4"), (3, "4x4x4")])
def test_the_positions_files_are_the_assignment_states(
    ttt4: types.ModuleType, n: int, name: str
) -> None:
    game = ttt4.tic_tac_toe(n)
    path = data_path("tic-tac-toe-nd", f"positions-{name}.txt")
    lines = [line for line in path.read_text().splitlines() if not line.startswith("#")]
    assert lines == [game.notation(s, p) for s, p in ttt4.assignment_states(game)]


def test_the_cli_grades_the_assignment_positions(capsys: pytest.CaptureFixture[str]) -> None:
    path = data_path("tic-tac-toe-nd", "positions-4x4.txt")
    argv = ["move", str(NOTEBOOK), "--positions", str(path), "--depth", "1", "--json"]
    assert main(argv) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["summary"]["positions"] == len(result["moves"]) == 100
    assert all(move["depth"] == 1 or move["exact"] for move in result["moves"])


def test_a_match_swaps_colours_on_each_opening(ttt4: types.ModuleType) -> None:
    game = ttt4.game
    ours = ttt4.searcher(ttt4.tic_tac_toe(threats=True))
    played = match(game, ours, ttt4.random_mover(game, 3), openings(game, 5), depth=2)
    assert sum(played.tally.values()) == 10 and played.tally["b"] == 0  # random never wins
    assert played.a_plays == [0, 1] * 5
    assert match(game, ours, ours, openings(game, 3), depth=2).tally == {"draw": 6}


def test_the_board_is_drawn_for_the_square_and_the_cube_only(ttt4: types.ModuleType) -> None:
    assert CubeBoard(ttt4.tic_tac_toe(3)).layers == 4 and CubeBoard(ttt4.game).layers == 1
    with pytest.raises(ValueError, match="2 or 3 dimensions, not 1"):
        CubeBoard(ttt4.tic_tac_toe(1))
