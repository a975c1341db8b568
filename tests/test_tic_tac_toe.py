"""Tic-tac-toe through its notebooks: the rules, the seed's exact counts, and the algorithms'
agreement on every reachable position."""

from __future__ import annotations

import ast
import json
import random
import re
import types
from collections.abc import Hashable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from conftest import assert_knuth_moore, notebook
from hypothesis import given, settings
from hypothesis import strategies as st

from gamesolver import Stats, measure
from gamesolver.explore import reachable, wrong_entries
from gamesolver.notebook import cell_source, notebook_cells

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"

# ---------------------------------------------------------------- rules (list-of-rows notebook)


@pytest.fixture(scope="module")
def rows() -> types.ModuleType:
    return notebook("Tic-Tac-Toe.ipynb")


def board(text: str) -> tuple[tuple[str, ...], ...]:
    """A board from three lines like "XO. ... ..X": the lecture's ``from_text``."""
    result: tuple[tuple[str, ...], ...] = notebook("Tic-Tac-Toe.ipynb").from_text(text)
    return result


def test_start_has_nine_moves_in_reading_order(rows: types.ModuleType) -> None:
    moves = rows.next_states(rows.Start, "X")
    assert len(moves) == 9
    assert [rows.describe_move(rows.Start, m) for m in moves] == [
        str((r, c)) for r in range(3) for c in range(3)
    ]


def test_utility_lines_and_draw(rows: types.ModuleType) -> None:
    column = board("XOO XX. X.O")
    assert rows.utility(column, "X") == 1 and rows.utility(column, "O") == -1
    assert rows.finished(column)
    rising = board("XXO .O. OX.")
    assert rows.utility(rising, "O") == 1
    draw = board("XOX XOO OXX")
    assert rows.utility(draw, "X") == 0 and rows.finished(draw)
    open_board = board("XO. ... ...")
    assert rows.utility(open_board, "X") is None and not rows.finished(open_board)


def test_show_draws_the_board(rows: types.ModuleType) -> None:
    assert rows.show(board("XO. ... ..X")).splitlines() == [
        " X | O |  ",
        "---+---+---",
        "   |   |  ",
        "---+---+---",
        "   |   | X",
    ]


def test_boards_as_text_come_from_the_package(rows: types.ModuleType) -> None:
    """The lecture presents the rules, not the text of boards: it imports that from the package,
    which also counts the marks and says whose turn it is (for the Heuristics lecture)."""
    from gamesolver.tic_tac_toe import text

    assert (rows.show, rows.from_text, rows.describe_move) == (
        text.show,
        text.from_text,
        text.describe_move,
    )
    state = text.from_text("XO. .X. ..O")
    assert text.compact(state) == "XO./.X./..O"
    assert text.from_text(text.compact(state).replace("/", " ")) == state
    assert text.marks(state) == 4 and text.to_move(state) == "X"
    assert text.to_move(rows.next_states(state, "X")[0]) == "O"


# ---------------------------------------------------------------- counts (every representation)


@pytest.mark.parametrize(
    ("name", "value", "calls", "extra"),
    [
        ("minimax", 0, 549_946, {}),
        ("max_min", 0, 549_946, {}),
        ("minimax_memo", 0, 16_168, {"cache_entries": 5_478, "cache_hits": 10_690}),
        ("preclusion", 0, 94_978, {"cutoffs": 31_723}),
        ("alpha_beta", 0, 16_811, {"cutoffs": 7_795}),
    ],
)
def test_exact_counts_from_the_start(
    ttt: types.ModuleType, name: str, value: int, calls: int, extra: dict[str, int]
) -> None:
    result, stats = measure(getattr(ttt, name), ttt.game)
    assert result == value
    assert stats.calls == calls
    for field, expected in extra.items():
        assert getattr(stats, field) == expected


def test_the_share_preclusion_saves_is_the_tables() -> None:
    """The lecture states the share of minimax's calls that preclusion saves in words; it is
    the one its side-by-side table shows (the stored output, which nbval recomputes)."""
    cells = notebook_cells(NOTEBOOKS / "Tic-Tac-Toe.ipynb")
    table = next(
        "".join(output.get("text", "")) or "".join(output["data"]["text/plain"])
        for cell in cells
        if cell["cell_type"] == "code" and "side_by_side([minimax," in cell_source(cell)
        for output in cell["outputs"]
    )
    header, _, row = table.strip().splitlines()
    counts = dict(zip(header.split(), row.split(), strict=True))
    share = 1 - int(counts["preclusion"].replace(",", "")) / int(counts["minimax"].replace(",", ""))
    prose = "".join(cell_source(c) for c in cells if c["cell_type"] == "markdown")
    said = re.findall(r"makes (\d+)% fewer calls than `minimax`", prose)
    assert said == [f"{share:.0%}".rstrip("%")], (said, share)


# ---------------------------------------------------------------- agreement on every position


def exact_values(ttt: types.ModuleType) -> dict[tuple[Hashable, Hashable], int]:
    """The value of every reachable position, by a negamax written here as an independent oracle."""
    game = ttt.game

    @cache
    def value(state: Hashable, player: Hashable) -> int:
        if game.finished(state):
            return int(game.utility(state, player))
        return max(-value(s, game.other(player)) for s in game.next_states(state, player))

    return {position: value(*position) for position in reachable(game)}


_exact_cache: dict[str, dict[tuple[Hashable, Hashable], int]] = {}


def _exact(ttt: types.ModuleType) -> dict[tuple[Hashable, Hashable], int]:
    """``exact_values(ttt)``, computed once per notebook."""
    key = ttt.__file__ or ttt.__name__
    if key not in _exact_cache:
        _exact_cache[key] = exact_values(ttt)
    return _exact_cache[key]


def test_every_reachable_position(ttt: types.ModuleType) -> None:
    """alpha_beta, minimax_memo and preclusion equal minimax on all 5,478 positions."""
    exact = _exact(ttt)
    assert len(exact) == 5_478
    for (state, player), expected in exact.items():
        for algorithm in (ttt.alpha_beta, ttt.minimax_memo, ttt.preclusion):
            assert algorithm(ttt.game, state, player, Stats()) == expected, (algorithm, state)


@settings(max_examples=60, deadline=None)
@given(index=st.integers(min_value=0, max_value=5_477), data=st.data())
def test_knuth_moore_on_tic_tac_toe(ttt: types.ModuleType, index: int, data: st.DataObject) -> None:
    """For any window, alpha_beta is exact inside it and a bound on the right side outside."""
    exact = _exact(ttt)
    (state, player), value = list(exact.items())[index]
    alpha = data.draw(st.floats(min_value=-1.5, max_value=1.5))
    beta = data.draw(st.floats(min_value=alpha, max_value=1.5))
    result = ttt.alpha_beta(ttt.game, state, player, Stats(), alpha, beta)
    assert_knuth_moore(result, value, alpha, beta)


@settings(max_examples=15, deadline=None)
@given(index=st.integers(min_value=0, max_value=5_477))
def test_plain_minimax_and_max_min_agree(ttt: types.ModuleType, index: int) -> None:
    """Plain minimax and the Max/Min form give the value with the same number of calls."""
    exact = _exact(ttt)
    (state, player), value = list(exact.items())[index]
    minimax_stats, max_min_stats = Stats(), Stats()
    assert ttt.minimax(ttt.game, state, player, minimax_stats) == value
    assert ttt.max_min(ttt.game, state, player, max_min_stats) == value
    assert minimax_stats.calls == max_min_stats.calls


def test_best_move_is_optimal_and_seeded(ttt: types.ModuleType) -> None:
    """The same seed gives the same move; every move chosen keeps the value of the start."""
    game, first = ttt.game, ttt.game.Players[0]
    choices = [
        ttt.best_move(game, game.Start, first, ttt.alpha_beta, random.Random(seed))
        for seed in (7, 7, 8, 9, 10)
    ]
    assert choices[0] == choices[1]
    for value, state in choices:
        assert value == 0
        assert state in game.next_states(game.Start, first)
        assert ttt.alpha_beta(game, state, game.other(first), Stats()) == 0


# ---------------------------------------------------------------- search in depth
# Search-in-Depth's algorithms (the ``solver`` fixture) on each notebook's game: the lecture
# runs only the Solver's first part, which its class presents.


@pytest.mark.parametrize(
    ("options", "calls", "entries"),
    [
        ({}, 4_309, 2_474),
        ({"order": True}, 1_032, 807),
        ({"symmetry": True}, 832, 468),
        ({"order": True, "symmetry": True}, 273, 193),
    ],
)
def test_alpha_beta_memo_counts_under_the_ceilings(
    ttt: types.ModuleType,
    solver: types.ModuleType,
    options: dict[str, bool],
    calls: int,
    entries: int,
) -> None:
    """The issue's ceilings: 4,400 calls; 1,200 with ordering; 300 with ordering and symmetry."""
    value, stats = measure(solver.alpha_beta_memo, ttt.game, **options)
    assert value == 0
    assert (stats.calls, stats.cache_entries) == (calls, entries)


@pytest.mark.parametrize(
    "options", [{}, {"order": True}, {"symmetry": True}, {"order": True, "symmetry": True}]
)
def test_alpha_beta_memo_on_every_reachable_position(
    ttt: types.ModuleType, solver: types.ModuleType, options: dict[str, bool]
) -> None:
    for (state, player), expected in _exact(ttt).items():
        assert solver.alpha_beta_memo(ttt.game, state, player, Stats(), **options) == expected


def test_heuristic_is_the_slides_open_lines(rows: types.ModuleType) -> None:
    corner = rows.mark(rows.Start, (0, 0), "X")
    assert (rows.open_lines(corner, "X"), rows.open_lines(corner, "O")) == (8, 5)
    assert rows.heuristic(corner, "X") == pytest.approx(3 / 9) == -rows.heuristic(corner, "O")


def test_canonical_is_constant_on_a_symmetry_class(ttt: types.ModuleType) -> None:
    """765 classes among the 5,478 positions (the known count for tic-tac-toe)."""
    game = ttt.game
    states = {state for state, _ in reachable(game)}
    classes = {game.canonical(state) for state in states}
    assert len(classes) == 765
    for state in states:
        assert game.canonical(game.canonical(state)) == game.canonical(state)


@pytest.mark.parametrize("depth", range(1, 10))
def test_iterative_deepening_to_depth_d_is_the_depth_d_value(
    ttt: types.ModuleType, solver: types.ModuleType, depth: int
) -> None:
    game = ttt.game
    limited = solver.depth_limited(game, game.Start, game.Players[0], Stats(), depth)
    stats = Stats()
    assert (
        solver.iterative_deepening(game, game.Start, game.Players[0], stats, depth=depth) == limited
    )
    assert stats.depth == depth and len(stats.line) == depth


@settings(max_examples=40, deadline=None)
@given(index=st.integers(min_value=0, max_value=5_477))
def test_depth_beyond_the_end_is_exact(
    ttt: types.ModuleType, solver: types.ModuleType, index: int
) -> None:
    (state, player), value = list(_exact(ttt).items())[index]
    assert solver.depth_limited(ttt.game, state, player, Stats(), 9) == value
    stats = Stats()
    assert solver.iterative_deepening(ttt.game, state, player, stats) == value
    line = [state, *stats.line]
    assert ttt.game.finished(line[-1])  # the line of an exact search reaches the end


def test_iterative_deepening_line_is_a_line_of_best_play(
    ttt: types.ModuleType, solver: types.ModuleType
) -> None:
    game = ttt.game
    stats = Stats()
    assert solver.iterative_deepening(game, game.Start, game.Players[0], stats) == 0
    assert stats.depth == 9 and len(stats.line) == 9
    player = game.Players[0]
    for before, after in zip([game.Start, *stats.line], stats.line, strict=False):
        assert after in game.next_states(before, player)
        assert ttt.alpha_beta(game, after, game.other(player), Stats()) == 0  # keeps the draw
        player = game.other(player)


def test_a_budget_too_small_for_one_move_still_looks_one_move_ahead(
    ttt: types.ModuleType,
    solver: types.ModuleType,
) -> None:
    # depth 1 is completed whatever the clock says, and the statistics say it took too long
    game, first = ttt.game, ttt.game.Players[0]
    stats = Stats()
    value = solver.iterative_deepening(game, game.Start, first, stats, budget=0)
    assert value == solver.depth_limited(game, game.Start, first, Stats(), 1)
    assert (stats.depth, stats.exact, stats.over_budget, stats.calls) == (1, False, True, 10)


def test_a_generous_budget_changes_nothing(ttt: types.ModuleType, solver: types.ModuleType) -> None:
    game, first = ttt.game, ttt.game.Players[0]
    timed, plain = Stats(), Stats()
    assert solver.iterative_deepening(game, game.Start, first, timed, budget=3600) == 0
    assert solver.iterative_deepening(game, game.Start, first, plain) == 0
    assert (timed.calls, timed.depth) == (plain.calls, plain.depth)


def test_principal_variation_ends_the_game_with_its_value(
    ttt: types.ModuleType, solver: types.ModuleType
) -> None:
    game, first = ttt.game, ttt.game.Players[0]

    def value(state: Hashable, player: Hashable) -> int:
        return int(solver.alpha_beta_memo(game, state, player, Stats()))

    line = solver.principal_variation(game, game.Start, first, value)
    assert len(line) == 9 and game.utility(line[-1], first) == 0


def lecture_wrong_memo() -> Any:
    """The lecture's wrong memo (§5), from its demonstration cell, which the module skips."""
    source = next(
        "".join(cell["source"])
        for cell in json.loads((NOTEBOOKS / "Tic-Tac-Toe.ipynb").read_text())["cells"]
        if "def alpha_beta_memo_wrong" in "".join(cell["source"])
    )
    definition = next(node for node in ast.parse(source).body if isinstance(node, ast.FunctionDef))
    scope: dict[str, Any] = {}
    exec(compile(ast.Module([definition], []), "Tic-Tac-Toe.ipynb", "exec"), scope)
    return scope["alpha_beta_memo_wrong"]


def test_the_poisoned_table_answers_wrongly_by_the_order_asked(rows: types.ModuleType) -> None:
    """Tic-Tac-Toe §5: the table of the wrong memo, kept from one search of the start and asked
    about every reachable position, gives 242 wrong answers in breadth-first order (the
    lecture's, ``reachable``'s) and 190 in depth-first order: a wrong answer, once stored, poisons
    the ones asked after it."""
    game = rows.game
    values = exact_values(rows)

    def depth_first() -> list[tuple[Hashable, Hashable]]:
        seen: dict[tuple[Hashable, Hashable], None] = {}

        def visit(state: Hashable, player: Hashable) -> None:
            if (state, player) in seen:
                return
            seen[state, player] = None
            if not game.finished(state):
                for child in game.next_states(state, player):
                    visit(child, game.other(player))

        visit(game.Start, game.Players[0])
        return list(seen)

    wrong_memo = lecture_wrong_memo()

    def wrong_answers(order: list[tuple[Hashable, Hashable]]) -> int:
        table: dict[tuple[Hashable, Hashable], int] = {}
        wrong_memo(game, game.Start, game.Players[0], table)
        return sum(wrong_memo(game, *p, table) != values[p] for p in order)

    assert list(values) == list(reachable(game))  # breadth-first, as the lecture asks
    assert wrong_answers(list(values)) == 242
    assert wrong_answers(depth_first()) == 190


def test_wrong_entries_lists_the_entries_that_are_not_values_closest_first(
    rows: types.ModuleType,
) -> None:
    """``wrong_entries`` (Tic-Tac-Toe §5): the entries of a table of values that are not the
    value that ``value`` gives (here this file's negamax; the lecture passes its ``exact``), in
    breadth-first order whatever the table's; none for a table of values. The lecture's poisoned
    table: its first wrong entry stores 0 for a position worth 1 to the player to move, as
    exercise 4 says."""
    game = rows.game
    values = exact_values(rows)

    def value(state: Hashable, player: Hashable) -> int:
        return values[state, player]

    assert wrong_entries(game, values, value) == []
    near, far = list(values)[3], list(values)[-1]
    spoiled = {position: 1 if values[position] != 1 else 0 for position in (far, near)}
    expected = [(position, spoiled[position], values[position]) for position in (near, far)]
    assert wrong_entries(game, {**values, **spoiled}, value) == expected
    table: dict[tuple[Hashable, Hashable], int] = {}
    lecture_wrong_memo()(game, game.Start, game.Players[0], table)
    found = wrong_entries(game, table, value)
    wrong = [p for p in values if p in table and table[p] != values[p]]
    assert found == [(p, table[p], values[p]) for p in wrong]
    assert found and found[0][1:] == (0, 1)


def test_the_notation_reads_back_what_it_writes_and_refuses_unreachable_boards(
    rows: types.ModuleType,
) -> None:
    """``rows_notation``: the lecture's ``parse`` and ``notation``, round trip on every reachable
    position, and each reason a board is refused."""
    from gamesolver.tic_tac_toe.notation import rows_notation

    parse, notation = rows_notation(rows.from_text, rows.Lines)
    for state, player in reachable(rows.game):
        assert parse(notation(state, player)) == (state, player)
    assert parse("XO. ... ...") == (board("XO. ... ..."), "X")
    refusals = {
        "XO. ...": "a board is three rows of three marks X, O or",
        "XO? ... ...": "a board is three rows of three marks X, O or",
        "XX. ... ...": "X moves first: X has as many marks as O or one more, not 2 and 0",
        "XXX OOO ...": "both X and O have three in a row",
        "XXX OO. O..": "X has three in a row, but O moved after that",
        "OOO XX. XX.": "O has three in a row, but X moved after that",
    }
    for text, reason in refusals.items():
        with pytest.raises(ValueError, match=reason):
            parse(text)
    with pytest.raises(ValueError, match=r"^X is to move in XO\. \.\.\. \.\.\., not O$"):
        notation(board("XO. ... ..."), "O")
