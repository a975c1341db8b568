"""gamesolver.tools.assignment: the checks of a move in one, for any game, against a second
implementation on the 4 x 4 notebook's bitboards: the cells that complete a four
(`completing`), a win where the player has one, a block where the opponent has exactly one."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from conftest import NOTEBOOKS, Heap, notebook, take, take_away

from gamesolver import Stats
from gamesolver.tools.assignment import (
    MoveInOne,
    check_move_in_one,
    grade,
    positions,
    report,
    tallies,
    tally,
    wins_at_once,
)
from gamesolver.tools.cli import main


@pytest.mark.parametrize("n", [2, 3])
def test_the_checks_agree_with_the_bitboards(n: int) -> None:
    ttt4 = notebook("Tic-Tac-Toe-4x4.ipynb")
    game = ttt4.tic_tac_toe(n)
    rng = random.Random(n)
    positions, moves = [], {}
    while len(positions) < 100:  # positions deep in random games, where threats are common
        state, player = game.Start, 0
        for _ in range(rng.randrange(4, 4**n)):
            after = rng.choice(game.next_states(state, player))
            if game.finished(after):
                break
            state, player = after, 1 - player
        positions.append((state, player))
        moves[state, player] = rng.choice(game.next_states(state, player))
    parts = game.parts

    def on_bitboards(state: int, player: int, after: int) -> MoveInOne:
        mine, theirs = parts.marks(state, player), parts.marks(state, 1 - player)
        wins, threats = parts.completing(mine, theirs), parts.completing(theirs, mine)
        cell = parts.marks(after, player) & ~mine
        if wins:
            return MoveInOne(won=bool(cell & wins), saved=None)
        forced = len(game.next_states(state, player)) == 1  # a forced move is no test
        single = threats and not threats & (threats - 1) and not forced
        return MoveInOne(won=None, saved=bool(cell & threats) if single else None)

    expected = [on_bitboards(s, p, moves[s, p]) for s, p in positions]
    checked = [check_move_in_one(game, s, p, moves[s, p]) for s, p in positions]
    assert checked == expected
    assert sum(c.won is not None for c in checked) > 5  # the sample has both kinds of position
    assert sum(c.saved is not None for c in checked) >= 4


def test_every_move_losing_at_once_is_nothing_to_check() -> None:
    ttt4 = notebook("Tic-Tac-Toe-4x4.ipynb")
    game = ttt4.game
    state, player = game.parse("xxx.o...o.......")  # o to move: x threatens (0, 3) only
    block = next(ns for ns in game.next_states(state, player) if ns >> (3 + 16) & 1)
    other = next(ns for ns in game.next_states(state, player) if not ns >> (3 + 16) & 1)
    assert check_move_in_one(game, state, player, block) == MoveInOne(won=None, saved=True)
    assert check_move_in_one(game, state, player, other) == MoveInOne(won=None, saved=False)
    two, mover = game.parse("xxx.xo..x..o..oo")  # o to move: x threatens (0, 3) and (3, 0)
    assert check_move_in_one(game, two, mover, game.next_states(two, mover)[0]).saved is None


def test_tally() -> None:
    assert tally([True, None, False, True]) == (2, 3)
    assert tally([None]) == (0, 0)


# -- a win counts by its score ---------------------------------------------------------------------

C4_WINS_AT_PLY_19 = ["667677665353211312", "675644542222411212", "777755422423224121"]
"""Connect-Four-Solver positions (Pons' notation) after 18 random moves, X to move, where X wins
at once: with the 19th stone, a win scored 12 of 18."""


def test_a_win_at_once_counts_by_its_score_not_by_game_best(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`move --positions` on three positions with a win at once reported "wins at once taken:
    0 of 0": a win counted only when the utility reached game.best (18)."""
    c4 = notebook("Connect-Four-Solver.ipynb")
    for text in C4_WINS_AT_PLY_19:
        state, player = c4.game.parse(text)
        wins = [ns for ns in c4.game.next_states(state, player) if c4.game.finished(ns)]
        assert [c4.game.utility(ns, player) for ns in wins] == [12]
        assert wins_at_once(c4.game, wins[0], player)
    file = tmp_path / "wins.txt"
    file.write_text("\n".join(C4_WINS_AT_PLY_19) + "\n")
    argv = ["move", str(NOTEBOOKS / "Connect-Four-Solver.ipynb"), "--positions", str(file)]
    assert main([*argv, "--json", "--max-seconds", "60"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["summary"]["won"] == [3, 3]
    assert [move["won"] for move in result["moves"]] == [True] * 3


# -- the grader ------------------------------------------------------------------------------------

TAKE = take_away(5)


def test_the_assignment_positions_are_different_unfinished_and_the_same_every_time() -> None:
    ttt4 = notebook("Tic-Tac-Toe-4x4.ipynb")
    found = positions(ttt4.game)
    assert len(found) == 100 == len({state for state, _ in found})
    assert not any(ttt4.game.finished(state) for state, _ in found)
    assert found == positions(ttt4.game)
    small = positions(TAKE, count=10)  # all there are: 1 to 3 left, after 2 moves or more
    assert sorted(small) == [
        ((h, p), p) for h, p in [(1, "A"), (1, "B"), (2, "A"), (2, "B"), (3, "A")]
    ]


def exact(heap: Heap, player: str) -> int:
    """The value of a heap for the player to move: a loss on a multiple of 3."""
    return -1 if heap[0] % 3 == 0 else 1


def test_grade_judges_every_answer() -> None:
    def taking_one(heap: Heap, player: str, rng: random.Random, budget: float) -> object:
        return take(heap, player)[0]  # a bare next state: a legal answer without a value

    def best(heap: Heap, player: str, rng: random.Random, budget: float) -> object:
        moves = take(heap, player)
        if heap[0] % 3 == 0:
            return -1, moves[0]
        return 1, next(m for m in moves if m[0] % 3 == 0), Stats(depth=2, exact=True)

    starts = [((2, "A"), "A"), ((4, "A"), "A"), ((3, "B"), "B")]
    graded = grade(TAKE, taking_one, starts, 0.01, exact)
    assert [(g.position, g.move, g.legal, g.won, g.kept) for g in graded] == [
        ("2", "take 1", True, False, False),  # taking 2 wins at once
        ("4", "take 1", True, None, True),
        ("3", "take 1", True, None, True),  # every move loses
    ]
    assert tallies(graded) == "legal 3/3, wins played 0/1, threats blocked 1/1, value kept 2/3"
    graded = grade(TAKE, best, starts, 0.01, exact)
    assert [(g.move, g.won, g.kept, g.value, g.depth) for g in graded] == [
        ("take 2", True, True, 1, 2),
        ("take 1", None, True, 1, 2),
        ("take 1", None, True, -1, None),
    ]
    cheat = grade(TAKE, lambda heap, player, rng, budget: (1, (9, "B")), starts[:1], 0.01)
    assert not cheat[0].legal and cheat[0].move == "illegal: (1, (9, 'B'))"
    assert "legal 0/1" in tallies(cheat)


def test_a_threat_blocked_is_a_loss_at_once_avoided() -> None:
    """With 4 left, taking 1 leaves 3 (every reply loses); taking 2 leaves 2, which the
    opponent takes at once."""
    graded = grade(
        TAKE, lambda heap, player, rng, budget: take(heap, player)[1], [((4, "A"), "A")], 1
    )
    assert (graded[0].move, graded[0].saved) == ("take 2", False)
    graded = grade(
        TAKE, lambda heap, player, rng, budget: take(heap, player)[0], [((4, "A"), "A")], 1
    )
    assert (graded[0].move, graded[0].saved) == ("take 1", True)


def test_the_report_shows_the_columns_that_apply() -> None:
    graded = grade(TAKE, lambda heap, p, rng, budget: (0.5, take(heap, p)[0]), [((4, "A"), "A")], 1)
    table = report(graded, 0.01, totals=True)
    assert list(table.columns) == [
        *("#", "position", "to move", "move", "value", "exact", "depth", "ms"),
        *("legal", "win", "block"),
    ]
    assert table.title.splitlines()[-1] == (
        "checks: legal 1/1, wins played 0/0, threats blocked 1/1, value kept 0/0"
    )
