"""Explaining the computer's moves: the controlled language, the searches behind it, the widget.

The explanations are the Tic-Tac-Toe lecture's (``explain_move``, loaded from the notebook):
every claim a sentence makes (a value, a refutation, a number of moves) is checked against exact
search here. The language itself is tested on small hand-made games whose values are known by
construction, so that every template is used. The widget is driven headlessly, and its board is
read from the drawing commands ipycanvas sends, as ``tests/test_play.py`` does.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from conftest import notebook
from ipycanvas.canvas import _CANVAS_MANAGER, COMMANDS

from gamesolver.explore import reachable
from gamesolver.feedback.explain import (
    ENGLISH,
    Assessment,
    ExactExplainer,
    Explanation,
    Language,
    assess,
    explain,
)
from gamesolver.game import Game, Value
from gamesolver.widgets.board import BoardWidget
from gamesolver.widgets.mark_board import MarkBoard
from gamesolver.widgets.play import NO_EXPLANATION, Play, PlayController

Row = tuple[str, str, str]
State = tuple[Row, Row, Row]

TTT = notebook("Tic-Tac-Toe.ipynb")
SOLVER = notebook("Search-in-Depth.ipynb")
GAME: Game[State, str] = TTT.game
START: State = GAME.Start


def board_of(text: str) -> State:
    """A state from three rows like "XO. ... ..X": the lecture's ``from_text``."""
    result: State = TTT.from_text(text)
    return result


def put(state: State, cell: tuple[int, int], mark: str) -> State:
    result: State = TTT.mark(state, cell, mark)
    return result


def why(text: str, player: str, cell: tuple[int, int]) -> Explanation[State]:
    """The lecture's explanation of ``player`` marking ``cell`` on the board ``text``."""
    state = board_of(text)
    explanation: Explanation[State] = TTT.explain_move(state, player, put(state, cell, player))
    return explanation


def cell_of(before: State, after: State) -> tuple[int, int]:
    (cell,) = [(r, c) for r in range(3) for c in range(3) if before[r][c] != after[r][c]]
    return cell


# ------------------------------------------------------------------ tic-tac-toe sentences


def test_the_computer_must_block() -> None:
    explanation = why("XX. .O. ...", "O", (0, 2))
    assert explanation.summary == (
        "I play (0, 2). If you answer (2, 0), I play (1, 0), you play (1, 2), I play (2, 1) "
        "and you play (2, 2); with best play on both sides it is a draw."
    )
    assert explanation.reasons == tuple(
        f"{cell} loses: you would win at once with (0, 2)."
        for cell in [(1, 0), (1, 2), (2, 0), (2, 1), (2, 2)]
    )
    assert str(explanation) == "\n".join(explanation.sentences)
    assert repr(explanation) == str(explanation)
    assert explanation.brief == (
        "I play (0, 2): with best play on both sides it is a draw.\n"
        "Every other move would lose: you would win at once with (0, 2)."
    )


def test_the_computer_wins_at_once() -> None:
    explanation = why("XX. OO. ...", "X", (0, 2))
    assert explanation.sentences == (
        "I play (0, 2): I win.",
        "(1, 2) only draws: you would answer (0, 2) and hold the draw.",
        "(2, 0) loses: you would win at once with (1, 2).",
        "(2, 1) loses: you would win at once with (1, 2).",
        "(2, 2) loses: you would win at once with (1, 2).",
    )
    assert explanation.line == ()
    assert explanation.brief == (
        "I play (0, 2): I win.\n"
        "(1, 2) would only draw; "
        "(2, 0), (2, 1) and (2, 2) would lose: you would win at once with (1, 2)."
    )


def test_a_forced_win_in_two_and_the_moves_that_only_draw() -> None:
    explanation = why("XO. ... ...", "X", (1, 1))
    assert explanation.sentences == (
        "I play (1, 1). If you answer (2, 2), I play (1, 0), you play (0, 2) and I play (1, 2); "
        "whatever you do, I win in 2 more moves.",
        "(0, 2) only draws: you would answer (1, 1) and hold the draw.",
        "(1, 0) is just as good.",
        "(1, 2) only draws: you would answer (1, 1) and hold the draw.",
        "(2, 0) is just as good.",
        "(2, 1) only draws: you would answer (2, 0) and hold the draw.",
        "(2, 2) only draws: you would answer (1, 1) and hold the draw.",
    )
    assert explanation.brief == (
        "I play (1, 1): whatever you do, I win in 2 more moves.\n"
        "(1, 0) and (2, 0) would be just as good; (0, 2), (1, 2), (2, 1) and (2, 2) would only "
        "draw."
    )


def test_after_a_corner_only_the_centre_holds() -> None:
    explanation = why("X.. ... ...", "O", (1, 1))
    assert explanation.summary.endswith("; with best play on both sides it is a draw.")
    assert len(explanation.line) == 7 and GAME.utility(explanation.line[-1], "O") == 0
    assert all(
        reason.endswith(" and win in 3 moves.") and " loses: you would answer " in reason
        for reason in explanation.reasons
    )
    assert len(explanation.reasons) == 7
    assert explanation.brief == (
        "I play (1, 1): with best play on both sides it is a draw.\n"
        "Every other move would lose: you would win in 3 moves."
    )


def words(text: str) -> int:
    return len(text.split())


def test_the_brief_form_is_short_at_the_start() -> None:
    """Two lines of at most 25 words, against 8 lines and 135 words for the full form: the
    line of best play is not read (the board draws it), the other moves are grouped."""
    answer = why("X.. ... ...", "O", (1, 1))
    assert len(answer.brief.splitlines()) == 2 and words(answer.brief) <= 25
    assert len(str(answer).splitlines()) == 8 and words(str(answer)) == 135
    opening = TTT.explain_move(START, "X", put(START, (0, 0), "X"))  # the computer first
    assert opening.brief == (
        "I play (0, 0): with best play on both sides it is a draw.\n"
        "Every other move would be just as good."
    )
    assert words(opening.brief) <= 25


def test_a_lost_position_and_moves_that_lose_sooner() -> None:
    explanation = why("XO. .X. ...", "O", (2, 2))  # the block: X still forks
    assert explanation.chosen.value == -1
    assert explanation.summary == (
        "I play (2, 2). If you answer (1, 0), I play (0, 2) and you play (1, 2); "
        "you can win in 2 moves, whatever I do."
    )
    assert explanation.reasons == tuple(
        f"{cell} loses: you would win at once with (2, 2)."
        for cell in [(0, 2), (1, 0), (1, 2), (2, 0), (2, 1)]
    )
    assert explanation.brief.splitlines() == [
        "I play (2, 2): you can win in 2 moves, whatever I do.",
        "Every other move would lose: you would win at once with (2, 2).",
    ]
    # a move that does not block: one move of the line, which ends the game
    assert (
        why("XO. .X. ...", "O", (0, 2)).summary == "I play (0, 2). If you answer (2, 2), you win."
    )


def test_a_slower_win_names_the_quicker_ones() -> None:
    explanation = why("XOO X.. ...", "X", (1, 1))
    assert explanation.sentences == (
        "I play (1, 1). If you answer (1, 2), I play (2, 0); whatever you do, I win with my next "
        "move.",
        "(1, 2) is just as good.",
        "(2, 0) wins too, at once.",
        "(2, 1) wins too, in 2 more moves.",
        "(2, 2) is just as good.",
    )
    assert explanation.brief.splitlines()[1] == (
        "(1, 2) and (2, 2) would be just as good; (2, 0) would win too, at once; "
        "(2, 1) would win too, in 2 more moves."
    )


def test_a_worse_move_than_possible_is_said_to_be_worse() -> None:
    explanation = why("XX. OO. ...", "X", (2, 2))  # not the win, nor the block
    assert explanation.summary == "I play (2, 2). If you answer (1, 2), you win."
    assert explanation.reasons[:2] == (  # the values as the status line says them: yours
        "(0, 2) would be better (the value -1 for you).",
        "(1, 2) would be better (the value 0 for you).",
    )
    assert explanation.brief == (
        "I play (2, 2): you can win with your next move.\n"
        "(0, 2) would be better (the value -1 for you); (1, 2) would be better (the value 0 for "
        "you); (2, 0) and (2, 1) would be just as good."
    )


def test_every_claim_is_true_on_every_reachable_position() -> None:
    """Values, refutations and numbers of moves, checked against exact search everywhere.

    The explained move is each position's first move; ``decided_in`` is checked against the
    game's end along the line of best play of every move.
    """
    exact, decided_in = TTT.exact, TTT.explain_move.decided_in
    checked = 0
    for state, player in reachable(GAME):
        if GAME.finished(state):
            continue
        opponent = GAME.other(player)
        moves = assess(
            GAME, state, player, exact, TTT.explain_move.best_play, decided_in
        )  # every line to the end
        for move in moves:
            assert move.value == -exact(move.after, opponent)
            line = [move.after, *move.line]
            assert GAME.finished(line[-1])
            assert GAME.utility(line[-1], player) == move.value  # the line keeps the value
            if move.value != 0:
                assert move.plies == len(move.line)  # quickest win, slowest loss
            if move.reply is not None:  # the reply keeps the opponent's value
                assert exact(move.reply, player) == exact(move.after, opponent) * -1
        checked += 1
        explanation = explain(GAME, state, player, moves[0].after, moves)
        assert len(explanation.reasons) == len(moves) - 1
        brief = explanation.brief.splitlines()  # every other move named once, or all at once
        assert len(brief) == min(2, len(moves))
        if len(moves) > 1 and not brief[1].startswith("Every other move "):
            named = brief[1].count("(") - brief[1].count(" with (")  # moves, not replies,
            named -= brief[1].count("better (") + brief[1].count("for me (")  # nor values
            assert named == len(moves) - 1, brief
    assert checked == 4_520


# ------------------------------------------------------------------ the language on small games

Tree = dict[str, list[str]]


def tree_game(tree: Tree, leaves: dict[str, float]) -> Game[str, str]:
    """A game given as a tree: ``tree`` lists the moves, ``leaves`` the utilities for Max."""

    def next_states(state: str, player: str) -> list[str]:
        return tree.get(state, [])

    def utility(state: str, player: str) -> float:
        value = leaves[state]
        return value if player == "Max" else -value

    return Game(
        "tree",
        ("Max", "Min"),
        "root",
        next_states,
        lambda state: state not in tree,
        utility,
        describe_move=lambda state, after: after,
    )


def lines(
    game: Game[str, str],
    value: Callable[[str, str], Value],
    plies: Callable[[str, str], int | None] | None = None,
) -> Callable[[str, str, int | None], list[str]]:
    """The solver's ``principal_variation`` as the line search that ``assess`` takes."""

    def line(state: str, player: str, length: int | None = None) -> list[str]:
        result: list[str] = SOLVER.principal_variation(game, state, player, value, plies, length)
        return result

    return line


def negamax(game: Game[str, str]) -> Callable[[str, str], Value]:
    """The exact value, for the tests' own small games."""

    def value(state: str, player: str) -> Value:
        if game.finished(state):
            return game.utility(state, player)
        return max(-value(ns, game.other(player)) for ns in game.next_states(state, player))

    return value


GRADED = tree_game(
    {
        "root": ["win", "half", "long", "quarter", "zero", "lose", "drawn"],
        "half": ["h1"],
        "long": ["l1"],
        "l1": ["l2"],
        "quarter": ["q1"],
        "zero": ["z1"],
        "lose": ["x1"],
    },
    {"win": 1, "h1": 0.5, "l2": 0.5, "q1": 0.25, "z1": 0, "x1": -1, "drawn": 0},
)


def test_every_comparison_with_graded_values() -> None:
    moves = assess(GRADED, "root", "Max", negamax(GRADED), lines(GRADED, negamax(GRADED)))
    explanation = explain(GRADED, "root", "Max", "long", moves)
    assert explanation.sentences == (
        "I play long. If you answer l1, I play l2; with best play it is better for me (the value "
        "-0.5 for you).",
        "win would be better (the value -1 for you).",
        "half is just as good.",
        "quarter is worse for me (the value -0.25 for you): you would answer q1.",
        "zero only draws: you would answer z1 and hold the draw.",
        "lose loses: you would win with x1.",
        "drawn would end the game: it is a draw.",
    )
    assert explanation.brief == (  # the best other moves first, then in the game's order
        "I play long: with best play it is better for me (the value -0.5 for you).\n"
        "Win would be better (the value -1 for you); half would be just as good; quarter would be "
        "worse for me (the value -0.25 for you); zero would only draw; drawn would end the game: "
        "it is a draw; lose would lose."
    )
    assert (
        explain(GRADED, "root", "Max", "half", moves).summary
        == "I play half. If you answer h1, I win."
    )
    assert explain(GRADED, "root", "Max", "win", moves).summary == "I play win: I win."


def test_the_verdicts_for_losing_and_for_unknown_lengths() -> None:
    game = tree_game({"root": ["a"], "a": ["b"], "b": ["c"]}, {"c": -1})
    moves = assess(game, "root", "Max", negamax(game), lines(game, negamax(game)))
    assert moves[0].plies is None  # no plies search given
    assert explain(game, "root", "Max", "a", moves).summary == (
        "I play a. If you answer b, I play c; you can win, whatever I do."
    )
    game = tree_game({"root": ["a"], "a": ["b"], "b": ["c"]}, {"c": 1})
    moves = [Assessment("a", 1, ("b", "c"), None)]
    assert explain(game, "root", "Max", "a", moves).summary == (
        "I play a. If you answer b, I play c; whatever you do, I win."
    )
    assert explain(game, "root", "Max", "a", [Assessment("a", 1, ("b", "c"), 2)]).summary == (
        "I play a. If you answer b, I play c; whatever you do, I win with my next move."
    )
    # no other move to compare with: the brief form is the move paragraph, its reading the reason
    alone = explain(game, "root", "Max", "a", moves)
    assert alone.brief == alone.summary == str(alone)


def test_the_line_takes_the_quickest_win_and_the_slowest_loss() -> None:
    # Max wins either way, after 4 more moves (slow) or after 2 (quick); Min, losing after
    # quick, delays: m0 loses at once, m1 one move later
    game = tree_game(
        {
            "root": ["slow", "quick"],
            "slow": ["t"],
            "t": ["t2"],
            "t2": ["t3"],
            "t3": ["u"],
            "quick": ["m0", "m1"],
            "m1": ["n"],
        },
        {"u": 1, "m0": 1, "n": 1},
    )
    value = negamax(game)

    def plies(state: str, player: str) -> int | None:
        """Moves to the end with best play (quickest win, slowest loss), by brute force."""
        if game.finished(state):
            return 0
        children = game.next_states(state, player)
        best = max(-value(ns, game.other(player)) for ns in children)
        lengths = [
            plies(ns, game.other(player))
            for ns in children
            if -value(ns, game.other(player)) == best
        ]
        known = [n for n in lengths if n is not None]
        return 1 + (min(known) if best > 0 else max(known))

    first = SOLVER.principal_variation(
        game, "root", "Max", value
    )  # without plies: the first optimal moves
    assert first == ["slow", "t", "t2", "t3", "u"]
    assert SOLVER.principal_variation(game, "root", "Max", value, plies) == ["quick", "m1", "n"]
    assert SOLVER.principal_variation(game, "root", "Max", value, plies, length=2) == [
        "quick",
        "m1",
    ]
    moves = assess(game, "root", "Max", value, lines(game, value, plies), plies, chosen="quick")
    assert [move.line for move in moves] == [("t",), ("m1", "n")]  # others: the reply only
    assert [move.plies for move in moves] == [4, 2]
    moves = assess(game, "root", "Max", value, lines(game, value, plies), plies, chosen="slow")
    assert explain(game, "root", "Max", "slow", moves).sentences == (
        "I play slow. If you answer t, I play t2, you play t3 and I play u; "
        "whatever you do, I win in 2 more moves.",
        "quick wins too, with my next move.",
    )


def test_the_exact_explainer_prefers_the_quickest_win_and_the_slowest_loss() -> None:
    """``ExactExplainer``: from exact values alone, the moves to the end with best play and the
    line that takes the quickest win (the slowest loss), on the tree above."""
    game = tree_game(
        {"root": ["slow", "quick"], "slow": ["t"], "t": ["t2"], "t2": ["t3"], "t3": ["u"]}
        | {"quick": ["m0", "m1"], "m1": ["n"]},
        {"u": 1, "m0": 1, "n": 1},
    )
    explainer = ExactExplainer(game, negamax(game))
    assert explainer.decided_in("root", "Max") == 3 and explainer.decided_in("u", "Min") == 0
    assert explainer.decided_in("quick", "Min") == 2  # Min delays: m1, not m0
    assert explainer.best_play("root", "Max") == ["quick", "m1", "n"]
    assert explainer.best_play("root", "Max", 1) == ["quick"]
    assert explainer("root", "Max", "slow").sentences == (
        "I play slow. If you answer t, I play t2, you play t3 and I play u; "
        "whatever you do, I win in 2 more moves.",
        "quick wins too, with my next move.",
    )
    drawn = tree_game({"root": ["a", "b"]}, {"a": 0, "b": -1})
    assert ExactExplainer(drawn, negamax(drawn)).decided_in("root", "Max") is None  # a draw


# A subtraction game with verbs for moves: take 1 or 2 from a pile; who takes the last wins.
def subtraction(pile: int) -> Game[tuple[int, str], str]:
    def next_states(state: tuple[int, str], player: str) -> list[tuple[int, str]]:
        left, _ = state
        other = "B" if player == "A" else "A"
        return [(left - take, other) for take in (1, 2) if take <= left]

    def utility(state: tuple[int, str], player: str) -> int:
        return -1 if state[1] == player else 1

    return Game(
        "subtraction",
        ("A", "B"),
        (pile, "A"),
        next_states,
        lambda state: state[0] == 0,
        utility,
        describe_move=lambda state, after: f"take {state[0] - after[0]}",
    )


def test_the_language_is_parameterized() -> None:
    game = subtraction(4)
    value = negamax(game)  # type: ignore[arg-type]
    moves = assess(game, game.Start, "A", value, lines(game, value))
    verbs = Language(plays="I {move}.", answer="If you {move}", mine="I {move}", yours="you {move}")
    explanation = explain(game, game.Start, "A", (3, "B"), moves, verbs)
    assert explanation.sentences == (
        "I take 1. If you take 1, I take 2; whatever you do, I win.",
        "take 2 loses: you would win with take 2.",
    )
    brief = Language(decides="I {move}: {verdict}.", would_lose="{moves} would lose the game")
    assert explain(game, game.Start, "A", (3, "B"), moves, brief).brief == (
        "I take 1: whatever you do, I win.\nTake 2 would lose the game."  # one move: named
    )
    state = board_of("XX. .O. ...")
    why_o = TTT.explain_move
    moves = assess(GAME, state, "O", TTT.exact, why_o.best_play, why_o.decided_in)
    every = Language(every_other="any other cell", would_lose_now_to="{moves} loses to {reply}")
    assert explain(GAME, state, "O", put(state, (0, 2), "O"), moves, every).brief.endswith(
        "\nAny other cell loses to (0, 2)."
    )
    with pytest.raises(ValueError, match=r"template would_same='\{move\} .*' is not valid"):
        Language(would_same="{move} would be just as good")  # a group names {moves}
    assert Language() == ENGLISH
    with pytest.raises(ValueError, match=r"template plays='I play \{mvoe\}\.' is not valid"):
        Language(plays="I play {mvoe}.")


def test_explain_refuses_what_it_cannot_explain() -> None:
    moves = assess(GRADED, "root", "Max", negamax(GRADED), lines(GRADED, negamax(GRADED)))
    with pytest.raises(ValueError, match="is not among the assessed moves"):
        explain(GRADED, "root", "Max", "nowhere", moves)
    with pytest.raises(ValueError, match="no move to explain"):
        explain(GRADED, "root", "Max", "half", [])
    with pytest.raises(
        ValueError, match="half does not end the game, but its assessment has no line"
    ):
        explain(GRADED, "root", "Max", "half", [Assessment("half", 0.5)])


def test_the_html_form() -> None:
    explanation = why("XX. OO. ...", "X", (0, 2))
    graded = explain(GRADED, "root", "Max", "win", [Assessment("win", 1)])
    assert explanation.brief_html() == (
        "<p>I play (0, 2): I win.<br>(1, 2) would only draw; (2, 0), (2, 1) and (2, 2) would "
        "lose: you would win at once with (1, 2).</p>"
    )
    assert graded.brief_html() == "<p>I play win: I win.</p>"


# ------------------------------------------------------------------ the widget

NAMES = {index: name for name, index in COMMANDS.items()}


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[list[tuple[str, list[Any]]]]:
    """The drawing commands sent to the browser, with their arguments, one list per message."""
    messages: list[list[tuple[str, list[Any]]]] = []

    def record(command: list[Any], buffers: list[bytes] | None = None) -> None:
        batch = command if command and isinstance(command[0], list) else [command]
        messages.append([(NAMES[c[0]], c[1:]) for c in batch])

    monkeypatch.setattr(_CANVAS_MANAGER, "_send_custom", record)
    return messages


def ghost_numbers(message: list[tuple[str, list[Any]]]) -> list[str]:
    """The numbers written on ghost marks: texts drawn after the transparency was lowered."""
    numbers, faint = [], False
    for name, args in message:
        if name == "set" and args[0][1] == 0.3:
            faint = True
        if name == "fillText" and faint:
            numbers.append(args[0][0])
    return numbers


@pytest.fixture
def plays() -> Iterator[list[Play]]:
    made: list[Play] = []
    yield made
    for play in made:
        play.wait()


def explained_play(plays: list[Play], explaining: bool = True, **options: Any) -> Play:
    play = Play(
        GAME,
        TTT.ExplainingBoard(),
        TTT.computer,
        explain=TTT.explain_move,
        explaining=explaining,
        **options,
    )
    plays.append(play)
    return play


def click(play: Play, cell: tuple[int, int]) -> None:
    play.click(*play.board.center(*cell))
    play.wait()


def test_the_widget_explains_the_computers_move_and_draws_its_line(
    plays: list[Play], sent: list[list[tuple[str, list[Any]]]]
) -> None:
    play = explained_play(plays)
    assert repr(play) == "Play('tic-tac-toe')"
    assert play.explaining and play.explanation == ""  # nothing to explain yet
    assert play.side.children[-1] is play.explanation_line
    assert "gamesolver-explanation" in play.explanation_line._dom_classes
    assert play.buttons[-1].description == "Explain: on"

    click(play, (0, 0))
    after_x = put(START, (0, 0), "X")
    assert play.status == (
        "I played (1, 1). I see the value 0 for you: with best play this is a draw. "
        "Your turn: click an empty cell."
    )
    expected = TTT.explain_move(after_x, "O", play.controller.state)
    assert play.explanation == expected.brief  # two lines, the line of play on the board
    assert play.explanation == (
        "I play (1, 1): with best play on both sides it is a draw.\n"
        "Every other move would lose: you would win in 3 moves."
    )
    assert play.explanation_line.value == expected.brief_html()
    assert play.board.shown_line == expected.line and len(expected.line) == 7
    # the board: the position, then the line as ghost marks numbered 1 to 7, X then O in turn
    assert ghost_numbers(sent[-1]) == [str(n) for n in range(1, 8)]
    strokes = [name for name, _ in sent[-1]]
    assert strokes.count("strokeCircle") == 1 + 3 and strokes.count("strokeLine") == 4 + 2 + 2 * 4

    shown = list(sent)
    click(play, (1, 1))  # a taken cell: refused, and what the computer said stays
    assert play.status == "(1, 1) is taken: click an empty cell."
    assert play.explanation == expected.brief
    assert play.explanation_line.value == expected.brief_html()
    assert play.board.shown_line == expected.line and sent == shown  # the board as it was


def test_the_explain_toggle_hides_and_shows(plays: list[Play]) -> None:
    play = explained_play(plays, explaining=False)
    click(play, (0, 0))
    assert play.explanation == "" and play.board.shown_line == ()
    assert play.controller.explanation is not None  # computed, not shown
    play.explain_button.value = True
    assert play.explanation.startswith("I play (1, 1):")
    assert play.board.shown_line == play.controller.explanation.line
    play.explaining = False
    assert play.explanation == "" and play.board.shown_line == ()
    play.explaining = True
    click(play, (2, 2))  # the move ends the old explanation; the answer brings a new one
    assert play.explanation.startswith(
        f"I play {cell_of(play.controller.before, play.controller.state)}:"
    )
    play.undo()
    assert play.explanation == "" and play.board.shown_line == ()
    play.new_game()
    assert play.explanation == ""


def test_a_computer_that_moves_first_explains_its_opening(plays: list[Play]) -> None:
    play = explained_play(plays, human_first=False)
    play.wait()
    assert play.explanation.startswith("I play ")
    assert play.explanation.splitlines()[0].endswith(": with best play on both sides it is a draw.")
    assert play.explanation.splitlines()[1:] == ["Every other move would be just as good."]


def test_a_failing_explanation_does_not_stop_the_game(plays: list[Play]) -> None:
    def broken(state: State, player: str, after: State) -> Explanation[State]:
        raise ZeroDivisionError("division by zero")

    play = Play(GAME, TTT.ExplainingBoard(), TTT.computer, explain=broken, explaining=True)
    plays.append(play)
    click(play, (0, 0))
    assert play.controller.phase == "human" and play.status.startswith("I played (1, 1).")
    assert play.explanation == NO_EXPLANATION.format(error="ZeroDivisionError: division by zero")
    assert play.explanation_line.value == html.escape(play.explanation)
    assert play.board.shown_line == ()


def test_without_explain_the_widget_is_as_before(plays: list[Play]) -> None:
    play = Play(GAME, TTT.TicTacToeBoard(), TTT.computer)
    plays.append(play)
    assert play.side.children[1:] == (play.status_line, play.notice_line)
    assert play.explanation_line is None and play.explain_button is None
    click(play, (0, 0))
    assert not play.explaining and play.explanation == ""
    with pytest.raises(ValueError, match="no explanations"):
        play.explaining = True


def test_the_controller_keeps_the_explanation_until_the_next_click() -> None:
    c: PlayController[State, str] = PlayController(
        GAME, TTT.ExplainingBoard(), TTT.computer, explain=TTT.explain_move
    )
    c.click(*c.board.center(0, 0))  # type: ignore[attr-defined]
    assert c.computer_move()
    assert c.explanation is not None and c.explanation.chosen.after == c.state
    assert c.explanation_error is None
    assert c.undo() and c.explanation is None
    c.click(*c.board.center(0, 0))  # type: ignore[attr-defined]
    c.computer_move()
    c.new_game()
    assert c.explanation is None

    def broken(state: State, player: str, after: State) -> Explanation[State]:
        raise KeyError("oops")

    c.explainer = broken
    c.click(*c.board.center(0, 0))  # type: ignore[attr-defined]
    assert c.computer_move()  # the move is made all the same
    assert c.explanation is None and isinstance(c.explanation_error, KeyError)
    c.click(5, 5)  # a click refused (outside the board) keeps it
    assert isinstance(c.explanation_error, KeyError)
    c.click(*c.board.center(2, 2))  # type: ignore[attr-defined]  # a move ends it
    assert c.explanation_error is None


def test_the_lecture_board_draws_a_line(sent: list[list[tuple[str, list[Any]]]]) -> None:
    board = TTT.ExplainingBoard()
    state = board_of("X.. .O. ...")
    line = [put(state, (2, 2), "X"), put(put(state, (2, 2), "X"), (0, 2), "O")]
    board.draw(state, line=line)
    assert ghost_numbers(sent[-1]) == ["1", "2"]
    board.redraw()  # e.g. a page reload: the line is drawn again
    assert ghost_numbers(sent[-1]) == ["1", "2"]
    board.draw(state)
    assert ghost_numbers(sent[-1]) == [] and board.shown_line == ()


def test_the_base_board_draws_no_line(sent: list[list[tuple[str, list[Any]]]]) -> None:
    class Plain(MarkBoard):
        draw_line = BoardWidget.draw_line  # the default: it does nothing

    board = Plain(TTT.Lines, TTT.mark)
    state = board_of("X.. .O. ...")
    board.draw(state, line=[put(state, (2, 2), "X")])
    assert ghost_numbers(sent[-1]) == [] and board.shown_line == (put(state, (2, 2), "X"),)
