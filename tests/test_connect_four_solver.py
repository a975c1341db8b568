"""The Connect Four solver (notebooks/Connect-Four-Solver.ipynb): Pons' scores on his test sets,
the weak solver, the readable and the fast search against each other, move generation against
the OEIS, the mirror symmetry, Pons' notation and its errors, and the command line on it.

Only positions that solve in milliseconds are used (all of Test_L3_R1, samples of Test_L2_R1 and
Test_L1_R1, small boards), so the file runs in well under a minute; nothing asserts a time.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import sys
import types
from pathlib import Path

import pytest
from conftest import NOTEBOOKS, notebook

import gamesolver.connect_four.solver
from gamesolver.explore import per_ply
from gamesolver.feedback.check import check_game
from gamesolver.stats import LimitedStats, LimitReached, Stats
from gamesolver.tools.cli import main

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # benchmarks/ is a folder of the repository, not of the package
    sys.path.insert(0, str(ROOT))

from benchmarks import pons  # noqa: E402

NAME = "Connect-Four-Solver.ipynb"
PATH = str(NOTEBOOKS / NAME)
C4: types.ModuleType = notebook(NAME)
GAME = C4.game
DATA: Path = C4.Data

A212693 = [1, 7, 49, 238, 1120, 4263, 16422, 54859]
"""Positions after 0, 1, 2, ... plies on 7 x 6 (OEIS A212693)."""


def positions(name: str, sample: int | None = None, seed: int = 0) -> list[tuple[str, int]]:
    """Pons' positions of the set ``name`` (a seeded sample of ``sample`` of them)."""
    chosen: list[tuple[str, int]] = C4.test_set(name)
    return chosen if sample is None else random.Random(seed).sample(chosen, sample)


def solved(moves: str, weak: bool = False, search: str = "solve") -> tuple[int, Stats]:
    """The score (weak: its sign) of the position after ``moves`` for the player to move."""
    state, player = GAME.parse(moves)
    stats = Stats()
    value: int = getattr(C4, search)(GAME, state, player, stats, weak=weak)
    return value, stats


def sign(score: int) -> int:
    return (score > 0) - (score < 0)


# ------------------------------------------------------------------------------ Pons' test sets


def test_data_directory_is_where_the_notebook_looks() -> None:
    assert DATA.is_dir()
    assert len(positions("Test_L3_R1")) == 1000


def test_all_of_test_l3_r1() -> None:
    wrong = [(m, s, v) for m, s in positions("Test_L3_R1") if (v := solved(m)[0]) != s]
    assert wrong == []


@pytest.mark.parametrize(("name", "sample"), [("Test_L2_R1", 100), ("Test_L1_R1", 20)])
def test_samples(name: str, sample: int) -> None:
    wrong = [(m, s, v) for m, s in positions(name, sample) if (v := solved(m)[0]) != s]
    assert wrong == []


@pytest.mark.parametrize("name", ["Test_L3_R1", "Test_L2_R1"])
def test_weak_gives_the_sign(name: str) -> None:
    for moves, score in positions(name, 60, seed=1):
        assert solved(moves, weak=True)[0] == sign(score), moves


def test_the_best_move_keeps_the_score() -> None:
    """The move in ``stats.line`` is optimal: the opponent's score after it is the negative."""
    for moves, score in positions("Test_L2_R1", 30, seed=2):
        value, stats = solved(moves)
        assert value == score
        (after,) = stats.line
        opponent = C4.to_move(after)
        if GAME.finished(after):
            assert -GAME.utility(after, opponent) == score
        else:
            assert -C4.solve(GAME, after, opponent, Stats()) == score, moves


def test_readable_and_fast_search_agree() -> None:
    """The same scores, value calls and moves, strong and weak."""
    for moves, score in positions("Test_L2_R1", 20, seed=3) + positions("Test_L1_R1", 5):
        for weak in (False, True):
            (a, sa), (b, sb) = solved(moves, weak, "solve_readable"), solved(moves, weak)
            assert a == b == (sign(score) if weak else score), moves
            assert (sa.calls, sa.line, sa.cache_entries) == (sb.calls, sb.line, sb.cache_entries)


@pytest.mark.parametrize("idea", C4.Ideas)
def test_every_idea_is_only_about_speed(idea: str) -> None:
    """Without any one idea, the readable search gives the same scores."""
    ideas = [i for i in C4.Ideas if i != idea and not (idea == "non_losing" and i == "lookahead")]
    for moves, score in positions("Test_L3_R1", 15, seed=4):
        state, player = GAME.parse(moves)
        assert C4.solve_readable(GAME, state, player, Stats(), ideas=ideas) == score, moves


WHOLE_WINDOW = [idea for idea in C4.Ideas if idea != "null_window"]
"""The readable search with one search of the whole window at the root: a second opinion."""


def test_column_scores() -> None:
    for moves, score in positions("Test_L2_R1", 10, seed=5):
        state, player = GAME.parse(moves)
        scores = C4.column_scores(GAME, state, player)
        assert max(s for s in scores if s is not None) == score
        for column, value in enumerate(scores):
            if value is None:
                assert state[1] & GAME.board.bit(column, GAME.board.height - 1)
                continue
            after = C4.play(state, C4.playable(GAME.board, state[1]) & GAME.board.columns[column])
            opponent = C4.to_move(after)
            expected = (
                GAME.utility(after, player)
                if GAME.finished(after)
                else -C4.solve_readable(GAME, after, opponent, Stats(), ideas=WHOLE_WINDOW)
            )
            assert value == expected, (moves, column)


def test_limits_stop_the_search() -> None:
    moves, _ = positions("Test_L1_R1")[0]  # about 20,000 value calls
    state, player = GAME.parse(moves)
    with pytest.raises(LimitReached):
        C4.solve(GAME, state, player, LimitedStats(max_calls=1000))


def test_a_fresh_table_unless_one_is_given() -> None:
    moves, score = positions("Test_L2_R1")[0]
    state, player = GAME.parse(moves)
    table: dict[int, tuple[int, bool]] = {}
    first, fresh, again = Stats(), Stats(), Stats()
    assert C4.solve(GAME, state, player, first, table=table) == score
    assert len(table) == first.cache_entries > 0
    assert C4.solve(GAME, state, player, fresh) == score and fresh.calls == first.calls
    assert C4.solve(GAME, state, player, again, table=table) == score
    assert again.calls < first.calls


# --------------------------------------------------------------------------------- the game


def test_positions_per_ply() -> None:
    assert [count for count, _ in per_ply(GAME, 7)] == A212693


def test_small_board_positions_per_ply() -> None:
    counts = [count for count, _ in per_ply(C4.connect_four(4, 4), 16)]
    assert sum(counts) == 161_029
    assert counts[:6] == [1, 4, 16, 52, 160, 436]


def test_the_game_passes_the_validator() -> None:
    assert check_game(GAME, max_states=3000).ok
    assert check_game(C4.connect_four(5, 4), max_states=3000).ok


@pytest.mark.parametrize(
    ("moves", "score"), [("", None), ("4455", 18), ("44455554221", -15), ("4455667", None)]
)
def test_pons_examples_and_utility(moves: str, score: int | None) -> None:
    state, player = GAME.parse(moves)
    if moves == "4455667":  # X connected four with its 4th stone: the best score there is
        assert GAME.finished(state)
        assert (GAME.utility(state, "X"), GAME.utility(state, "O")) == (18, -18)
        assert GAME.utility_range == (-18, 18)
    elif score is not None:
        assert solved(moves)[0] == score
    else:
        assert (state, player) == (GAME.Start, "X")


def mirrored(moves: str) -> str:
    return "".join(str(8 - int(c)) for c in moves)


def test_mirror_symmetry() -> None:
    board = GAME.board
    for moves, score in positions("Test_L2_R1", 30, seed=6):
        assert solved(mirrored(moves))[0] == score
        state, mirror = GAME.parse(moves)[0], GAME.parse(mirrored(moves))[0]
        assert (C4.mirror(board, state[0]), C4.mirror(board, state[1])) == mirror
        assert GAME.canonical(state) == GAME.canonical(mirror)


@pytest.mark.parametrize(
    ("moves", "error"),
    [
        ("4444444", "move 7: column 4 is full"),
        ("445566771", "move 8: the game is over (X connected four at move 7)"),
        ("4455667", None),
        ("4458", "move 4: '8' is not a column (1 to 7)"),
        ("44a", "move 3: 'a' is not a column (1 to 7)"),
        ("40", "move 2: '0' is not a column (1 to 7)"),
    ],
)
def test_parse_errors(moves: str, error: str | None) -> None:
    if error is None:
        GAME.parse(moves)
        return
    with pytest.raises(ValueError, match="^" + error.replace("(", r"\(").replace(")", r"\)")):
        GAME.parse(moves)


def test_a_full_board_ends_the_game() -> None:
    small = C4.connect_four(4, 2)  # rows X O X O twice: a full board, no four
    state, _ = small.parse("12341234")
    assert small.finished(state) and small.utility(state, "X") == 0
    with pytest.raises(ValueError, match=r"^move 9: the game is over \(the board was full after"):
        small.parse("123412341")


@pytest.mark.parametrize("moves", ["", "4", "4453", "3544", "2252576253462244111563365343671351"])
def test_notation_round_trip(moves: str) -> None:
    state, player = GAME.parse(moves)
    assert GAME.parse(GAME.notation(state, player)) == (state, player)


def test_notation_refuses_the_wrong_player() -> None:
    with pytest.raises(ValueError, match="not to move"):
        GAME.notation(GAME.parse("4")[0], "X")


@pytest.mark.parametrize(
    ("size", "message"),
    [
        ((3, 3), "no line of four"),
        ((10, 6), "at most 9"),
        ((5, 1), "needs 7"),
        ((0, 6), "whole number"),
        ((7, "6"), "whole number"),
        ((True, 6), "whole number"),
    ],
)
def test_bad_board_sizes(size: tuple[object, object], message: str) -> None:
    with pytest.raises(ValueError, match=message) as raised:
        C4.connect_four(*size)
    assert "\n" not in str(raised.value)


@pytest.mark.parametrize(("width", "height", "score"), [(4, 4, 0), (5, 4, 0), (4, 5, 0)])
def test_small_boards(width: int, height: int, score: int) -> None:
    small = C4.connect_four(width, height)
    assert C4.solve(small, small.Start, "X", Stats()) == score
    assert C4.solve(small, small.Start, "X", Stats(), weak=True) == score


class MemoryWatch(Stats):
    """Stats that note the size of a memory `table` at every value call."""

    def __init__(self, table: dict[int, tuple[int, bool]]) -> None:
        self.table, self.sizes = table, []
        super().__init__()

    @property
    def calls(self) -> int:
        return self._calls

    @calls.setter
    def calls(self, calls: int) -> None:
        self._calls = calls
        self.sizes.append(len(self.table))


def test_the_memory_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """With at most 500 entries (the notebook's MaxEntries and the package's copy's lowered),
    the memory never holds more, the 4 x 4 board is still a draw, and both versions still make
    the same calls."""
    monkeypatch.setattr(C4, "MaxEntries", 500)  # the readable search's, in the notebook
    monkeypatch.setattr(gamesolver.connect_four.solver, "MAX_ENTRIES", 500)  # the fast copy's
    small = C4.connect_four(4, 4)
    for search in (C4.solve, C4.solve_readable):
        table: dict[int, tuple[int, bool]] = {}
        stats = MemoryWatch(table)
        assert search(small, small.Start, "X", stats, table=table) == 0
        assert 500 <= max(stats.sizes) <= 500 + 16  # full, then cleared at the next call
    fast, readable = Stats(), Stats()
    C4.solve(small, small.Start, "X", fast)
    C4.solve_readable(small, small.Start, "X", readable)
    assert fast.calls == readable.calls > 9_000


# -------------------------------------------------------------------------- the command line


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_solve_json(capsys: pytest.CaptureFixture[str]) -> None:
    moves, score = positions("Test_L3_R1")[1]  # (positions late in the game: quick to check)
    status, out, _ = run(["solve", PATH, "--position", moves, "--json"], capsys)
    result = json.loads(out)
    assert status == 0
    assert (result["algorithm"], result["score"], result["value"]) == ("solve", score, score)
    assert len(result["line"]) == 1


def test_cli_move(capsys: pytest.CaptureFixture[str]) -> None:
    moves, score = positions("Test_L3_R1")[1]
    status, out, _ = run(["move", PATH, "--position", moves, "--json"], capsys)
    result = json.loads(out)
    assert status == 0 and result["score"] == score
    after, player = GAME.parse(result["position"])
    assert -C4.solve(GAME, after, player, Stats()) == score


def test_cli_small_board(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["solve", PATH, "--set", "width=5", "--set", "height=4", "--json"]
    status, out, _ = run(argv, capsys)
    result = json.loads(out)
    assert status == 0
    assert (result["game"], result["score"]) == ("Connect Four 5x4", 0)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--position", "4444444"], "move 7: column 4 is full"),
        (["--position", "445566771"], "move 8: the game is over (X connected four at move 7)"),
        (["--position", "44a"], "move 3: 'a' is not a column (1 to 7)"),
        (["--set", "width=3", "--set", "height=3"], "a 3 x 3 board has no line of four"),
        (
            ["--set", "width=ten"],
            "the width of the board must be a whole number of squares, not 'ten'",
        ),
    ],
)
def test_cli_errors(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["solve", PATH, *argv], capsys)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and message in err


def test_cli_max_calls(capsys: pytest.CaptureFixture[str]) -> None:
    moves, _ = positions("Test_L3_R1")[11]  # 105 value calls
    status, _, err = run(["solve", PATH, "--position", moves, "--max-calls", "50"], capsys)
    assert status == 1 and "not solved within 50 value calls" in err


def test_cli_count(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["count", PATH, "--depth", "4", "--json"], capsys)
    assert status == 0 and json.loads(out)["counts"] == A212693[:5]


# ------------------------------------------------------------------------------- the benchmark


def test_benchmark_on_a_sample(tmp_path: Path) -> None:
    out = tmp_path / "pons.md"
    argv = ["--sets", "Test_L3_R1", "Test_L2_R1", "--sample", "20", "--out", str(out)]
    assert pons.main([*argv, "--boards", "4x4", "5x4"]) == 0
    table = out.read_text()
    assert "| Test_L3_R1 | 20 | 20 |" in table and "| Test_L2_R1 | 20 | 20 |" in table
    assert "| 4x4 | 0 | column 3 | 9,522 |" in table and "| 5x4 | 0 | column 3 |" in table
    assert pons.main([*argv, "--boards", "5by4"]) == 2


def test_data_matches_its_provenance() -> None:
    """Every test set is byte for byte the file whose sha256 PROVENANCE.md records."""
    recorded = dict(
        reversed(line.split())
        for line in (DATA / "PROVENANCE.md").read_text().splitlines()
        if re.fullmatch(r"[0-9a-f]{64}  Test_L\d_R\d", line)
    )
    assert sorted(recorded) == sorted(pons.SETS)
    for name, digest in recorded.items():
        assert hashlib.sha256((DATA / name).read_bytes()).hexdigest() == digest, name


def test_a_position_is_checked_without_spending_the_check_time(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--position`` on Connect Four: the game's parse is the check of a position in its
    notation (the validator used to walk positions until its 10 s were spent, and checkers and
    chess spent 5-11 s before a search of 0.000 s): the search runs at once."""
    import gamesolver.feedback.check

    reports = []
    original = gamesolver.feedback.check.check_game

    def spied(*args: object, **kwargs: object) -> object:
        report = original(*args, **kwargs)  # type: ignore[arg-type]
        reports.append(report)
        return report

    monkeypatch.setattr(gamesolver.feedback.check, "check_game", spied)
    status, out, _ = run(["solve", PATH, "--position", "44455554221", "--json"], capsys)
    assert status == 0 and json.loads(out)["score"] == -15
    assert reports == []


@pytest.mark.parametrize("weak", [False, True])
def test_the_move_found_keeps_the_score(weak: bool) -> None:
    """The move in ``stats.line`` is a best move: the position after it, solved again from
    scratch, has the negated score (or sign, with ``weak``) of the position before."""
    for moves, score in positions("Test_L2_R1", 30, seed=7) + positions("Test_L1_R1", 5, seed=7):
        state, player = GAME.parse(moves)
        stats = Stats()
        value = C4.solve(GAME, state, player, stats, weak=weak)
        assert value == (sign(score) if weak else score), moves
        (after,) = stats.line
        assert after in GAME.next_states(state, player), moves
        if GAME.finished(after):
            assert GAME.utility(after, player) == score, moves
        else:
            again = C4.solve(GAME, after, GAME.other(player), Stats(), weak=weak)
            assert -again == value, moves
