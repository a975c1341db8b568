"""Nim through its notebook: the rules, the seed's game tree with its values, Bouton's XOR rule,
and the algorithms' agreement on random positions."""

from __future__ import annotations

import dataclasses
import importlib.util
import random
import types
from collections import Counter
from collections.abc import Iterator
from itertools import pairwise, product

import pytest
from conftest import assert_knuth_moore, notebook
from hypothesis import given, settings
from hypothesis import strategies as st
from test_play import record_drawing

from gamesolver import Stats, measure
from gamesolver.explore import reachable, tree_calls
from gamesolver.feedback.check import check_game
from gamesolver.game import shuffled_at
from gamesolver.trace import record
from gamesolver.widgets.board import NotAMove
from gamesolver.widgets.nim_board import WOOD, NimBoard
from gamesolver.widgets.play import PlayController

State = tuple[tuple[int, ...], str]

UP_TO_1357 = list(product(range(2), range(4), range(6), range(8)))
"""Every position up to the piles (1, 3, 5, 7): 2 * 4 * 6 * 8 = 384."""


@pytest.fixture(scope="module")
def nb() -> types.ModuleType:
    return notebook("Nim.ipynb")


def bouton(piles: tuple[int, ...]) -> int:
    """The value for the player to move by Bouton's rule, written here independently."""
    nim_sum = 0
    for size in piles:
        nim_sum ^= size
    return 1 if nim_sum else -1


def start(piles: tuple[int, ...], player: str = "A") -> State:
    """The state with `piles` (empty piles dropped) and `player` to move."""
    return tuple(size for size in piles if size), player


# ---------------------------------------------------------------- rules


def test_players_and_start(nb: types.ModuleType) -> None:
    assert nb.game.Players == ("A", "B")
    assert nb.game.Start == ((1, 2), "A")
    assert nb.nim((1, 0, 3)).Start == ((1, 3), "A")


def test_next_states_match_the_seed_tree(nb: types.ModuleType) -> None:
    """(1, 2) -> (2), (1, 1), (1) in the seed's order; (1, 1) has one child, (1)."""
    moves = nb.next_states(((1, 2), "A"), "A")
    assert moves == [((2,), "B"), ((1, 1), "B"), ((1,), "B")]
    assert [nb.describe_move(((1, 2), "A"), m) for m in moves] == [
        "take 1 from pile 1",
        "take 1 from pile 2",
        "take 2 from pile 2",
    ]
    assert nb.next_states(((2,), "B"), "B") == [((1,), "A"), ((), "A")]
    assert nb.next_states(((1, 1), "B"), "B") == [((1,), "A")]
    assert nb.next_states(((), "A"), "A") == []


def test_show_writes_the_lecture_notation(nb: types.ModuleType) -> None:
    assert [nb.show(s) for s in [((1, 2), "A"), ((2,), "B"), ((), "A")]] == ["(1, 2)", "(2)", "()"]


def test_moves_count_piles_on_the_table(nb: types.ModuleType) -> None:
    """After a pile is emptied, the piles to its right move up one number."""
    assert nb.describe_move(((1, 3, 5), "A"), ((3, 5), "B")) == "take 1 from pile 1"
    assert nb.describe_move(((3, 5), "B"), ((3, 2), "A")) == "take 3 from pile 2"


def test_finished_and_zero_sum_utility(nb: types.ModuleType) -> None:
    """On every position reachable from (1, 3, 5, 7): the empty table ends the game, the player
    to move there has lost, and the utility is absolute and zero-sum."""
    positions = reachable(nb.nim((1, 3, 5, 7)))
    assert len(positions) == 490
    for state, player in positions:
        piles, to_move = state
        assert to_move == player
        assert nb.finished(state) == (piles == ()) == (nb.next_states(state, player) == [])
        if nb.finished(state):
            assert nb.utility(state, player) == -1
            assert nb.utility(state, "A") == -nb.utility(state, "B")
        else:
            assert nb.utility(state, "A") is None


@pytest.mark.skipif(
    importlib.util.find_spec("gamesolver.feedback.check") is None,
    reason="no validator (gamesolver.feedback.check)",
)
@pytest.mark.parametrize("piles", [(1, 2), (1, 3, 5, 7)])
def test_validator_passes(nb: types.ModuleType, piles: tuple[int, ...]) -> None:
    from gamesolver.feedback.check import check_game

    report = check_game(nb.nim(piles))
    assert report.ok, report
    assert not report.warnings, report


def test_the_piles_order_is_the_games_symmetry(nb: types.ModuleType) -> None:
    """The appendix gives the game (and every `nim(piles)`) its symmetry, the piles sorted, for
    the lectures that search with `symmetry` (Pruning-Statistics); class 1 does not present it."""
    for played in (nb.game, nb.nim((3, 1, 2))):
        assert played.canonical is not None
        assert played.canonical(((3, 1, 2), "B")) == ((1, 2, 3), "B")
    big = nb.nim((7, 5, 3, 1))
    value, plain = measure(nb.minimax_memo, big)
    assert measure(nb.minimax_memo, big, symmetry=True)[0] == value == bouton((7, 5, 3, 1))
    assert measure(nb.minimax_memo, big, symmetry=True)[1].cache_entries < plain.cache_entries


# ---------------------------------------------------------------- the seed's tree


def tree(nb: types.ModuleType, state: State, player: str) -> Iterator[tuple[State, str]]:
    """The nodes of the game tree below `state`, each before its children."""
    yield state, player
    for next_state in nb.next_states(state, player):
        yield from tree(nb, next_state, nb.other(player))


SEED_TREE = [  # the seed's figure with values, read top down and left to right
    ("(1, 2)", 1),
    ("(2)", 1),
    ("(1)", 1),
    ("()", -1),
    ("()", -1),
    ("(1, 1)", -1),
    ("(1)", 1),
    ("()", -1),
    ("(1)", 1),
    ("()", -1),
]


def test_the_seed_tree_values(nb: types.ModuleType) -> None:
    """Every algorithm of the solver gives every node of the seed's tree the seed's value
    (depth_limited searching to the end: no game from (1, 2) lasts more than 3 moves)."""
    assert len(nb.Algorithms) >= 5
    for algorithm in nb.Algorithms:
        options = {"depth": 3} if algorithm.__name__ == "depth_limited" else {}
        nodes = [
            (nb.show(state), algorithm(nb.game, state, player, Stats(), **options))
            for state, player in tree(nb, nb.game.Start, "A")
        ]
        assert nodes == SEED_TREE, algorithm.__name__


def test_the_recorded_tree_is_the_seed_tree(nb: types.ModuleType) -> None:
    """The notebook's tree: minimax recorded by the package, one node per value call."""
    search = record(nb.minimax, nb.game)
    assert [(nb.show(call.state), call.result) for call in search.preorder()] == SEED_TREE
    assert [call.player for call in search.preorder()] == list("ABABABABBA")


# ---------------------------------------------------------------- counts


@pytest.mark.parametrize(
    ("piles", "name", "value", "calls", "extra"),
    [
        ((1, 2), "minimax", 1, 10, {}),
        ((1, 2), "minimax_memo", 1, 9, {"cache_entries": 7}),
        ((1, 2), "alpha_beta", 1, 8, {}),
        ((1, 2, 3), "minimax", -1, 267, {}),
        ((1, 2, 3), "max_min", -1, 267, {}),
        ((1, 2, 3), "minimax_memo", -1, 70, {"cache_entries": 26}),
        ((1, 2, 3), "preclusion", -1, 149, {}),
        ((1, 2, 3), "alpha_beta", -1, 149, {}),
        ((1, 3, 5), "minimax", 1, 8_162, {}),
        ((1, 3, 5), "minimax_memo", 1, 279, {"cache_entries": 64}),
        ((1, 3, 5), "alpha_beta", 1, 3_944, {}),
        ((1, 3, 5, 7), "minimax_memo", -1, 4_089, {"cache_entries": 490}),
    ],
)
def test_exact_counts(
    nb: types.ModuleType,
    piles: tuple[int, ...],
    name: str,
    value: int,
    calls: int,
    extra: dict[str, int],
) -> None:
    result, stats = measure(getattr(nb, name), nb.nim(piles))
    assert result == value
    assert stats.calls == calls
    for field, expected in extra.items():
        assert getattr(stats, field) == expected


def test_counted_calls_on_1357(nb: types.ModuleType) -> None:
    """What the notebook counts instead of running: minimax's and alpha_beta's calls."""
    assert tree_calls(nb.game, ((1, 3, 5, 7), "A"), "A") == (-1, 242_032_048, 12_875_147)


def test_shuffled_at_shuffles_the_moves_of_one_position_only(nb: types.ModuleType) -> None:
    """The Solver's best_move for a search that reports its line: the moves of the state it
    chooses from in a random order (the same for a seed), every other state's as they were."""
    state = start((1, 3, 5))
    shuffled = shuffled_at(nb.game, state, "A", random.Random(3))
    moves = nb.game.next_states(state, "A")
    assert sorted(shuffled.next_states(state, "A")) == sorted(moves)
    assert shuffled.next_states(state, "A") != moves  # (this seed moves them)
    assert shuffled.next_states(state, "A") == shuffled.next_states(state, "A")
    again = shuffled_at(nb.game, state, "A", random.Random(3))
    assert again.next_states(state, "A") == shuffled.next_states(state, "A")
    other = start((3, 5))
    assert shuffled.next_states(other, "A") == nb.game.next_states(other, "A")
    assert shuffled.next_states(state, "B") == nb.game.next_states(state, "B")


def test_best_move_as_class_2_presents_it(nb: types.ModuleType) -> None:
    """The Solver's section 7 `best_move` (kept as `by_values` under the appendix's, which
    adds the searches of part 2) chooses among the optimal moves, the same one as the
    appendix's for a search that does not decide, and says when the game is over."""
    for piles in [(1, 2), (1, 3, 5), (2, 2)]:
        state = start(piles)
        value, after = nb.by_values(nb.game, state, "A", nb.alpha_beta, random.Random(1))
        assert value == bouton(piles)
        assert -nb.minimax_memo(nb.game, after, "B", Stats()) == value
        assert nb.best_move(nb.game, state, "A", nb.alpha_beta, random.Random(1)) == (value, after)
    for choose in (nb.by_values, nb.best_move):
        with pytest.raises(ValueError, match="the game is over: there is no move to choose"):
            choose(nb.game, ((), "A"), "A")


# ---------------------------------------------------------------- Bouton's rule


def test_xor_rule_in_the_notebook(nb: types.ModuleType) -> None:
    for piles in UP_TO_1357:
        for player, sign in (("A", 1), ("B", -1)):
            assert nb.xor_rule(start(piles), player) == sign * bouton(piles)


def test_bouton_minimax_memo_on_all_384(nb: types.ModuleType) -> None:
    assert len(UP_TO_1357) == 384
    for piles in UP_TO_1357:
        for player in "AB":
            state = start(piles, player)
            assert nb.minimax_memo(nb.game, state, player, Stats()) == bouton(piles), state


def test_bouton_alpha_beta_up_to_11_matches(nb: types.ModuleType) -> None:
    """alpha_beta in the notebook's move order on the 330 of the 384 positions with at most 11
    matches (a few seconds); the other 54 take it about a minute (12,875,147 calls for (1, 3, 5, 7)
    alone), so the next test covers all 384 with the moves ordered by the rule."""
    small = [piles for piles in UP_TO_1357 if sum(piles) <= 11]
    assert len(small) == 330
    for piles in small:
        state = start(piles)
        assert nb.alpha_beta(nb.game, state, "A", Stats()) == bouton(piles), state


def test_bouton_alpha_beta_on_all_384_winning_moves_first(nb: types.ModuleType) -> None:
    """The move order changes what alpha_beta prunes, never the value: here the moves to
    nim-sum 0 first (Bouton's rule as a move order)."""

    def winning_first(state: State, player: str) -> list[State]:
        return sorted(nb.next_states(state, player), key=lambda ns: nb.nim_sum(ns[0]) != 0)

    ordered = dataclasses.replace(nb.game, next_states=winning_first)
    for piles in UP_TO_1357:
        state = start(piles)
        assert nb.alpha_beta(ordered, state, "A", Stats()) == bouton(piles), state


def test_winning_moves_win(nb: types.ModuleType) -> None:
    state = ((1, 3, 5), "A")
    assert nb.winning_moves(state, "A") == [((1, 3, 2), "B")]
    for piles in UP_TO_1357:
        state = start(piles)
        winners = nb.winning_moves(state, "A")
        assert bool(winners) == (bouton(piles) == 1)
        for next_state in winners:
            assert nb.minimax_memo(nb.game, next_state, "B", Stats()) == -1


# ---------------------------------------------------------------- properties

positions = st.builds(
    start,
    st.lists(st.integers(min_value=0, max_value=3), max_size=4)
    .filter(lambda piles: sum(piles) <= 9)
    .map(tuple),
    st.sampled_from("AB"),
)
"""Random Nim positions: up to four piles of up to 3 matches, at most 9 in all (game trees of up
to about 23,000 nodes), either player to move."""


@settings(max_examples=80, deadline=None)
@given(state=positions)
def test_alpha_beta_equals_minimax(state: State) -> None:
    nb = notebook("Nim.ipynb")
    piles, player = state
    minimax_stats, alpha_beta_stats = Stats(), Stats()
    value = nb.minimax(nb.game, state, player, minimax_stats)
    assert nb.alpha_beta(nb.game, state, player, alpha_beta_stats) == value == bouton(piles)
    counted = tree_calls(nb.game, state, player)
    assert counted == (value, minimax_stats.calls, alpha_beta_stats.calls)


@settings(max_examples=150, deadline=None)
@given(state=positions, data=st.data())
def test_knuth_moore(state: State, data: st.DataObject) -> None:
    """For any window, alpha_beta is exact inside it and a bound on the right side outside."""
    nb = notebook("Nim.ipynb")
    _, player = state
    value = nb.minimax(nb.game, state, player, Stats())
    alpha = data.draw(st.floats(min_value=-1.5, max_value=1.5), label="alpha")
    beta = data.draw(st.floats(min_value=alpha, max_value=1.5), label="beta")
    result = nb.alpha_beta(nb.game, state, player, Stats(), alpha, beta)
    assert_knuth_moore(result, value, alpha, beta)


# ---------------------------------------------------------------- the board on the canvas


def test_a_click_takes_the_match_and_those_to_its_right() -> None:
    nim = notebook("Nim.ipynb")
    board = NimBoard(nim.take, nim.other, (1, 3, 5, 7))
    state = ((1, 3, 5, 7), "A")
    assert board.move_at(state, "A", *board.center(2, 1)) == ((1, 3, 1, 7), "B")
    assert board.move_at(state, "A", *board.center(0, 0)) == ((3, 5, 7), "B")
    assert board.move_at(state, "A", *board.center(3, 6)) == ((1, 3, 5, 6), "B")


@pytest.mark.parametrize(("row", "col"), [(0, 1), (1, 5), (3, 7)])
def test_a_click_beside_the_matches_is_refused(row: int, col: int) -> None:
    nim = notebook("Nim.ipynb")
    board = NimBoard(nim.take, nim.other, (1, 3, 5, 7))
    state = ((1, 3, 5, 7), "A")
    x, y = board.center(row, col)
    with pytest.raises(NotAMove, match=r"no match there|outside the board"):
        board.move_at(state, "A", x, y)


def test_the_computer_wins_from_a_losing_start_for_the_human() -> None:
    """Human first on (1, 3, 5, 7) (nim-sum 0): whatever the human clicks, the computer wins."""
    nim = notebook("Nim.ipynb")
    game = nim.nim((1, 3, 5, 7))
    rng = random.Random(3)
    for _ in range(20):
        controller = PlayController(
            game, NimBoard(nim.take, nim.other), nim.computer, human_first=True, seed=1
        )
        while controller.phase != "over":
            piles, _ = controller.state
            row = rng.randrange(len(piles))
            controller.click(*controller.board.center(row, rng.randrange(piles[row])))
            if controller.phase == "computer":
                controller.computer_move()
        assert controller.winner == "computer"


# ---------------------------------------------------------------- the piles stay in place


def test_on_the_table_keeps_an_emptied_pile_in_its_row(nb: types.ModuleType) -> None:
    """The game played on the board keeps an emptied pile as 0, and the board its row: a pile's
    number never changes (the lecture's states drop it, and the piles below move up)."""
    table = nb.on_the_table((1, 3, 5, 7))
    board = NimBoard(nb.take, nb.other, keep_empty=True)
    state = table.Start
    emptied = board.move_at(state, "A", *board.center(0, 0))
    assert emptied == ((0, 3, 5, 7), "B") and emptied in table.next_states(state, "A")
    assert table.move_name(state, emptied) == "take 1 from pile 1"
    second = board.move_at(emptied, "B", *board.center(1, 1))  # pile 2 is still row 2
    assert (
        second == ((0, 1, 5, 7), "A") and table.move_name(emptied, second) == "take 2 from pile 2"
    )
    with pytest.raises(NotAMove, match="no match there"):
        board.move_at(emptied, "B", *board.center(0, 0))
    assert table.finished(((0, 0, 0, 0), "A")) and table.utility(((0, 0, 0, 0), "A"), "A") == -1
    assert check_game(nb.on_the_table((1, 2, 3))).ok
    # the same values as the lecture's game: the zeros change nothing but the numbering
    for piles in [(1, 0, 2), (0, 3, 0, 1), (2, 2, 0)]:
        value = nb.minimax_memo(table, (piles, "A"), "A", Stats())
        assert value == bouton(piles)


def test_the_nim_board_keeps_rows_and_highlights_the_move(
    nb: types.ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The matches just taken stay on the board, faint (alpha 0.35), in their cells, outlined
    together in the highlight colour; an emptied pile's row stays empty, the rows below it in
    place."""
    board = NimBoard(nb.take, nb.other, keep_empty=True)
    drawn = record_drawing(monkeypatch)
    board.draw(((1, 3, 0, 7), "A"), before=((1, 3, 5, 7), "B"))
    faint = [args for name, args, now in drawn if name == "fillRect" and now["global_alpha"] < 1]
    width = board.cell * 0.14
    centres = [board.center(2, col) for col in range(5)]
    assert [args[:2] for args in faint] == [
        [x - width / 2, y - board.cell * 0.35] for x, y in centres
    ]
    (outline,) = [
        args
        for name, args, now in drawn
        if name == "strokeRect" and now["stroke_style"] == board.palette.highlight
    ]
    assert outline == [
        board.left + 4,
        board.top + 2 * board.cell + 4,
        5 * board.cell - 8,
        board.cell - 8,
    ]
    solid = [
        args
        for name, args, now in drawn
        if name == "fillRect" and now["fill_style"] == WOOD and now["global_alpha"] == 1
    ]
    rows = Counter(round((args[1] + board.cell * 0.35 - board.top) // board.cell) for args in solid)
    assert rows == {0: 1, 1: 3, 3: 7}  # pile 4 in row 4, below the empty row 3
    drawn.clear()
    board.draw(((1, 3, 0, 7), "A"))  # no move to show
    assert not [d for d in drawn if d[0] == "strokeRect" or d[2]["global_alpha"] < 1]


def test_the_status_line_changes_with_every_move_on_the_table(nb: types.ModuleType) -> None:
    """The notebook's replay (Bouton's rule against the computer): the status lines after the
    computer's moves all differ, also when it takes from the same pile as before ("again"),
    and Undo says what it took back in words that read."""
    table = nb.on_the_table((1, 3, 5, 7))
    c = PlayController(
        table,
        NimBoard(nb.take, nb.other, keep_empty=True),
        nb.computer_for(table),
        human_first=False,
    )
    c.computer_move()
    said = [c.status]
    while c.phase == "human":
        piles, player = c.state
        target = nb.winning_moves(c.state, player)[0]
        pile, n = next(m for m in nb.moves(piles) if nb.take(piles, m) == target[0])
        c.click(*c.board.center(pile - 1, piles[pile - 1] - n))
        if c.phase == "computer":
            c.computer_move()
            said.append(c.status)
    assert c.winner == "human" and len(said) == 4
    assert all(a != b for a, b in pairwise(said)), said
    assert said[3].startswith("I played take 1 from pile 4. ")  # from the rows in place
    assert said[2].startswith("I played take 1 from pile 1. ")
    c.undo()
    assert c.status.startswith("Took back your move, take 1 from pile 3. Your turn")
    c.undo()
    assert c.status.startswith(
        "Took back your move, take 1 from pile 2, and my answer, take 1 from pile 4. "
    )
