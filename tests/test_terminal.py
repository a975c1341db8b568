"""Terminal play: ``play_in_terminal`` with scripted input (``read``) and recorded output."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest

from gamesolver import Game, Stats, Value, load_notebook
from gamesolver.match import IllegalMove
from gamesolver.tools.terminal import move_list, parse_move, play_in_terminal, result_text

ROOT = Path(__file__).resolve().parents[1]
TIC_TAC_TOE = ROOT / "notebooks" / "Tic-Tac-Toe.ipynb"

Piles = tuple[int, ...]
NimState = tuple[Piles, str]  # (piles, player to move)


def nim_moves(state: NimState, player: str) -> list[NimState]:
    """Take at least one stone from one pile."""
    piles, _ = state
    opponent = "B" if player == "A" else "A"
    return [
        ((*piles[:i], piles[i] - take, *piles[i + 1 :]), opponent)
        for i in range(len(piles))
        for take in range(1, piles[i] + 1)
    ]


def nim_move_name(state: NimState, next_state: NimState) -> str:
    """E.g. ``"take 2 from pile 1"``."""
    for pile, (before, after) in enumerate(zip(state[0], next_state[0], strict=True), start=1):
        if before != after:
            return f"take {before - after} from pile {pile}"
    return "pass"


NIM: Game[NimState, str] = Game(
    "nim",
    ("A", "B"),
    ((1, 2), "A"),
    nim_moves,
    lambda state: sum(state[0]) == 0,
    lambda state, player: -1 if state[1] == player else 1,
    describe_move=nim_move_name,
    show=lambda state: "piles: " + " ".join(map(str, state[0])),
)
"""Nim with piles 1 and 2 (seed 002's example): the first player wins by taking 1 from pile 2."""


def scripted(*answers: str) -> tuple[Callable[[str], str], list[str]]:
    """A ``read`` that answers from ``answers``, then raises ``EOFError``; and its prompts."""
    queue = list(answers)
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        if not queue:
            raise EOFError
        return queue.pop(0)

    return read, prompts


def first_move(state: NimState, player: str) -> tuple[Value, NimState]:
    """A computer that always takes the first move and claims the value 0."""
    return 0, NIM.next_states(state, player)[0]


def lines(written: Iterable[str]) -> list[str]:
    """The output as lines (one write may hold several)."""
    return "\n".join(written).splitlines()


# ----------------------------------------------------------------------------- whole games


def test_a_legal_game_human_first() -> None:
    read, prompts = scripted("take 1 from pile 2", "1")
    out: list[str] = []
    final = play_in_terminal(NIM, first_move, read=read, write=out.append)
    # A: (1, 2) -> (1, 1); the computer takes the first move (pile 1) -> (0, 1); A takes the last.
    assert final == ((0, 0), "B")
    assert prompts == ["A, your move (its number or name; q to quit): "] * 2
    assert lines(out) == [
        "nim: you play A, the computer plays B.",
        "piles: 1 2",
        "Your moves:  [1] take 1 from pile 1  [2] take 1 from pile 2",
        "             [3] take 2 from pile 2",
        "piles: 1 1",
        "My move: take 1 from pile 1. I see the value 0 for you: with best play this is a draw.",
        "piles: 0 1",
        "Your moves:  [1] take 1 from pile 2",
        "piles: 0 0",
        "Game over: you win (A).",
    ]


def test_a_computer_that_names_earlier_gets_the_game_before_its_state() -> None:
    asked: list[tuple[NimState, ...]] = []

    def remembering(
        state: NimState, player: str, earlier: tuple[NimState, ...] = ()
    ) -> tuple[Value, NimState]:
        asked.append(earlier)
        return first_move(state, player)

    read, _ = scripted("1", "1")
    three = dataclasses.replace(NIM, Start=((1, 2, 1), "A"))
    final = play_in_terminal(three, remembering, human_first=False, read=read, write=print)
    assert final == ((0, 0, 0), "A")
    # A takes pile 1 (0 2 1), B 1 from pile 2 (0 1 1), A pile 2 (0 0 1), B the last
    assert asked == [(), (((1, 2, 1), "A"), ((0, 2, 1), "B"))]


def test_computer_first_with_the_solver_best_move() -> None:
    solver = load_notebook(ROOT / "notebooks" / "Solver.ipynb")
    rng = random.Random(0)

    def choose(state: NimState, player: str) -> tuple[Value, NimState]:
        value, next_state = solver.best_move(NIM, state, player, solver.alpha_beta, rng)
        return value, next_state

    read, _ = scripted("1")
    out: list[str] = []
    final = play_in_terminal(NIM, choose, human_first=False, read=read, write=out.append)
    assert final == ((0, 0), "B")
    text = lines(out)
    assert text[0] == "nim: you play B, the computer plays A."
    assert (
        text[2] == "My move: take 1 from pile 2. I see the value -1 for you: with best play I win."
    )
    assert text[-1] == "Game over: the computer wins (A)."


def test_bad_input_is_asked_again_with_a_reason() -> None:
    read, prompts = scripted("", "seven", "0", "4", "TAKE 1 FROM PILE 2", "1")
    out: list[str] = []
    play_in_terminal(NIM, first_move, read=read, write=out.append)
    assert len(prompts) == 6
    hint = "type a number from 1 to 3, or a move as listed, e.g. take 1 from pile 1"
    assert [line for line in lines(out) if "number from" in line] == [
        "Type a number from 1 to 3, or a move as listed, e.g. take 1 from pile 1",
        f"'seven' is not one of your moves: {hint}",
        f"'0' is not one of your moves: {hint}",
        f"'4' is not one of your moves: {hint}",
    ]
    assert lines(out)[-1] == "Game over: you win (A)."


@pytest.mark.parametrize(
    ("error", "message"),
    [
        (EOFError, "Game abandoned: no more input."),
        (KeyboardInterrupt, "Game abandoned: interrupted."),
    ],
)
def test_end_of_input_or_ctrl_c_ends_the_game_with_a_line(
    error: type[BaseException], message: str
) -> None:
    def read(prompt: str) -> str:
        raise error

    out: list[str] = []
    assert play_in_terminal(NIM, first_move, read=read, write=out.append) is None
    assert lines(out)[-1] == message
    assert "Game over" not in "\n".join(out)


def test_ctrl_c_while_the_computer_thinks() -> None:
    def interrupted(state: NimState, player: str) -> tuple[Value, NimState]:
        raise KeyboardInterrupt

    out: list[str] = []
    assert play_in_terminal(NIM, interrupted, human_first=False, write=out.append) is None
    assert lines(out)[-1] == "Game abandoned: interrupted."


def test_quit() -> None:
    read, _ = scripted("q")
    out: list[str] = []
    assert play_in_terminal(NIM, first_move, read=read, write=out.append) is None
    assert out[-1] == "Game abandoned: you quit."


def test_an_exception_in_the_computer_is_not_swallowed() -> None:
    def broken(state: NimState, player: str) -> tuple[Value, NimState]:
        raise ZeroDivisionError

    with pytest.raises(ZeroDivisionError):
        play_in_terminal(NIM, broken, human_first=False, write=lambda text: None)


@pytest.mark.skipif(not TIC_TAC_TOE.exists(), reason="Tic-Tac-Toe.ipynb is not written yet")
@pytest.mark.parametrize("seed", range(3))
def test_tic_tac_toe_against_alpha_beta_never_loses(seed: int) -> None:
    ttt = load_notebook(TIC_TAC_TOE)
    game = ttt.game
    rng = random.Random(seed)
    out: list[str] = []
    final = play_in_terminal(
        game,
        lambda state, player: ttt.best_move(game, state, player, ttt.alpha_beta, rng),
        read=lambda prompt: "1",  # always the first listed move
        write=out.append,
    )
    assert final is not None and game.finished(final)
    assert lines(out)[-1] == "Game over: the computer wins (O)."
    assert "Your moves:  [1] (0, 0)  [2] (0, 1)  [3] (0, 2)" in out[2]
    assert any("I see the value -1 for you: with best play I win." in line for line in out)


# ----------------------------------------------------------------------------- the parts


@pytest.mark.parametrize(
    ("text", "index"),
    [
        ("1", 0),
        (" 3 ", 2),
        ("(0, 1)", 1),
        ("0,1", 1),
        ("0 1", 1),
        ("[0 ,1]", 1),
        ("4", None),
        ("0", None),
        ("-1", None),
        ("", None),
        ("(0, 3)", None),
    ],
)
def test_parse_move_by_number_or_name(text: str, index: int | None) -> None:
    assert parse_move(text, ["(0, 0)", "(0, 1)", "(1, 1)"]) == index


def test_a_move_named_like_a_number_is_taken_by_its_name() -> None:
    assert parse_move("1", ["3", "1"]) == 1
    assert parse_move("2", ["3", "1"]) is None  # the moves are numbered: 2 is none of them
    assert parse_move("ab", ["a b", "A-B"]) is None  # ambiguous without blanks and punctuation
    assert parse_move("²", ["(0, 0)", "(0, 1)"]) is None  # a digit, but no number (ValueError)


CONNECT_FOUR = ["column 4", "column 3", "column 5", "column 2", "column 6", "column 1", "column 7"]


def test_a_number_names_the_move_of_that_number() -> None:
    """Connect Four's input 4 played the fourth move of the list, column 2: where every move is
    named by one number in the same words, a number is the move's own, not its place."""
    assert parse_move("4", CONNECT_FOUR) == 0
    assert parse_move("2", CONNECT_FOUR) == 3
    assert parse_move("column 6", CONNECT_FOUR) == 4
    assert parse_move("8", CONNECT_FOUR) is None
    assert parse_move("2", ["column 1", "column 3"]) is None  # column 2 is full: not the 2nd move
    assert parse_move("2", ["take 1 from pile 1", "take 2 from pile 1"]) == 1  # two numbers
    assert move_list(CONNECT_FOUR, width=90).splitlines() == [
        "Your moves:  column 1  column 2  column 3  column 4  column 5  column 6  column 7"
    ]


def test_a_numbered_move_is_asked_for_by_its_number() -> None:
    columns = Game(
        "columns",
        ("X", "O"),
        0,
        lambda state, player: [state + 3, state + 1],
        lambda state: state > 0,
        lambda state, player: 0,
        describe_move=lambda state, after: f"column {after - state}",
    )
    read, _ = scripted("2", "3")
    out: list[str] = []
    assert play_in_terminal(columns, first_move, read=read, write=out.append) == 3
    assert lines(out)[2:4] == [
        "Your moves:  column 1  column 3",
        "'2' is not one of your moves: type one of 1, 3, or a move as listed, e.g. column 3",
    ]


def test_move_list_breaks_between_moves_only() -> None:
    names = [f"({r}, {c})" for r in range(3) for c in range(3)]
    text = move_list(names, width=40)
    assert text.splitlines() == [
        "Your moves:  [1] (0, 0)  [2] (0, 1)",
        "             [3] (0, 2)  [4] (1, 0)",
        "             [5] (1, 1)  [6] (1, 2)",
        "             [7] (2, 0)  [8] (2, 1)",
        "             [9] (2, 2)",
    ]
    assert move_list(["a very long name that does not fit"], width=10) == (
        "Your moves:  [1] a very long name that does not fit"
    )


def test_play_says_how_the_computer_knows() -> None:
    """The computer's value as the play widget says it (``gamesolver.words``): with its search's
    ``Stats``, exact or an estimate and from which depth."""
    read, _ = scripted()
    out: list[str] = []
    play_in_terminal(NIM, first_move, human_first=False, read=read, write=out.append)
    assert out[2].endswith("I see the value 0 for you: with best play this is a draw.")

    def searched(state: NimState, player: str) -> tuple[Value, NimState, Stats]:
        return 0.25, nim_moves(state, player)[0], Stats(depth=3, exact=False)

    out.clear()
    play_in_terminal(NIM, searched, human_first=False, read=read, write=out.append)
    assert out[2].endswith(
        "I see the value -0.25 for you, an estimate at depth 3: that looks good for me."
    )


def test_an_answer_that_is_no_move_is_an_error() -> None:
    read, _ = scripted()
    with pytest.raises(IllegalMove, match=r"'nowhere', which is not one of .*'A'\)$"):
        play_in_terminal(
            NIM, lambda state, player: (0, "nowhere"), human_first=False, read=read, write=print
        )


def test_result_from_the_humans_side() -> None:
    assert result_text(NIM, ((0, 0), "B"), "A") == "Game over: you win (A)."
    assert result_text(NIM, ((0, 0), "A"), "A") == "Game over: the computer wins (B)."
    scored: Game[NimState, str] = Game(
        "scored", NIM.Players, NIM.Start, NIM.next_states, NIM.finished, lambda s, p: 0
    )
    assert result_text(scored, ((0, 0), "A"), "A") == "Game over: a draw."
    wide: Game[NimState, str] = Game(
        "wide",
        NIM.Players,
        NIM.Start,
        NIM.next_states,
        NIM.finished,
        lambda s, p: 3 if p == "A" else -3,
        utility_range=(-10, 10),
    )
    assert result_text(wide, ((0, 0), "A"), "B") == (
        "Game over: the computer wins (A), with utility -3 for you."
    )


def test_a_utility_too_long_to_write_ends_the_game_in_words() -> None:
    """A utility of 10**5000 crashed the game: Python writes at most 4,300 digits of a whole
    number."""
    huge: Game[NimState, str] = dataclasses.replace(NIM, utility=lambda s, p: 10**5000)
    assert result_text(huge, ((0, 0), "A"), "A") == (
        "Game over: you win (A), with utility a number of 5,001 digits for you."
    )
