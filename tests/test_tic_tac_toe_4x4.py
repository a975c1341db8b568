"""Tic-Tac-Toe-4x4.ipynb: seed 004's game on 4^n cells, through the notebook's definitions."""

from __future__ import annotations

import functools
import json
import random
import types

import pytest
from conftest import NOTEBOOKS, notebook

from gamesolver import Stats
from gamesolver.check import check_game
from gamesolver.cli import main

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
    images = ttt4.Parts[game].symmetries(state)
    assert len(images) == 32
    assert {game.canonical(image) for image in images} == {min(images)}


def test_4x4_is_a_draw_with_the_notebooks_counts(ttt4: types.ModuleType) -> None:
    for threats, calls in [(True, 28_186), (False, 43_583)]:
        game = ttt4.tic_tac_toe(threats=threats)
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
    parts = ttt4.Parts[game]
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
