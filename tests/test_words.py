"""A value in words (``gamesolver.words``): one wording for the play widget, terminal play, the
command line and the explanations; a score game read as a win with its score; chess in pawns
everywhere."""

from __future__ import annotations

import dataclasses
import json
import math
from pathlib import Path

import pytest

from gamesolver import Game, load_notebook
from gamesolver.feedback.explain import Assessment, explain
from gamesolver.tools import cli
from gamesolver.words import in_terms, outcome, value_words

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"

TAKE: Game[int, str] = Game(
    "take-away",
    ("A", "B"),
    3,
    lambda n, p: [n - k for k in (1, 2) if n - k >= 0] if n else [],
    lambda n: n == 0,
    lambda n, p: -1,
)
"""Take 1 or 2 from a heap; who cannot move loses (a toy game: the words do not search)."""

SCORED = dataclasses.replace(TAKE, utility_range=(-18, 18))
"""The same game with scores up to 18, as Pons' Connect Four."""


@pytest.mark.parametrize(
    ("value", "exact", "depth", "words"),
    [
        (1, True, 9, "the value 1 for A, exact: with best play A wins"),
        (-1, True, 9, "the value -1 for A, exact: with best play B wins"),
        (0, True, 9, "the value 0 for A, exact: with best play this is a draw"),
        (1, False, 5, "the value 1 for A, a win for A found at depth 5: with best play A wins"),
        (
            -1,
            False,
            None,
            "the value -1 for A, a win for B found by the search: with best play B wins",
        ),
        (0.25, False, 3, "the value 0.25 for A, an estimate at depth 3: that looks good for A"),
        (0, False, 2, "the value 0 for A, an estimate at depth 2: it looks even"),
        (
            0.5,
            False,
            0,
            "the value 0.5 for A, the heuristic's estimate, without looking ahead: that looks "
            "good for A",
        ),
        (-0.5, None, None, "the value -0.5 for A: that is good for B"),
        (0, None, None, "the value 0 for A: with best play this is a draw"),
        (1, None, None, "the value 1 for A: with best play A wins"),
    ],
)
def test_a_value_in_words(value: float, exact: bool | None, depth: int | None, words: str) -> None:
    assert str(value_words(TAKE, value, "A", exact=exact, depth=depth)) == words


@pytest.mark.parametrize(
    ("value", "meaning"),
    [
        (0.048, "it looks even"),  # Connect Four's smallest estimate, 1 / 21: one open window
        (-0.048, "it looks even"),  # read "that looks good for B" (issue 33, item 16)
        (-0.0499, "it looks even"),
        (0.05, "that looks good for A"),
        (-0.091, "that looks good for B"),  # two windows, 2 / 22
    ],
)
def test_an_estimate_that_rounds_to_zero_looks_even(value: float, meaning: str) -> None:
    """Rounded to a tenth of a win (of ``game.best``), an estimate of zero looks even: its sign
    is noise, and "that looks good for me" over "-0.048" told a student the opposite."""
    said = value_words(TAKE, value, "A", exact=False, depth=6)
    assert said.meaning == meaning
    assert value_words(SCORED, 18 * value, "A", exact=False).meaning == meaning  # of the range
    assert value_words(TAKE, value, "A").meaning != "it looks even"  # not said how: as it is


def test_chess_says_an_even_estimate_without_a_minus() -> None:
    """ "I see -0.0 pawns for you ... that looks good for me" (issue 33, item 16)."""
    chess = load_notebook(NOTEBOOKS / "Chess.ipynb")
    assert chess.describe_value(-0.001) == chess.describe_value(0.001) == "+0.0 pawns"

    def names(player: object) -> tuple[str, str]:
        return ("I", "me") if player == "black" else ("you", "you")

    said = value_words(
        chess.game, 0.004, "black", exact=False, depth=4, names=names, reader="white"
    )
    assert str(said) == "+0.0 pawns for you, an estimate at depth 4: it looks even"


def test_the_status_line_names_the_players_and_gives_the_readers_number() -> None:
    def names(player: object) -> tuple[str, str]:
        return ("I", "me") if player == "B" else ("you", "you")

    said = value_words(TAKE, 0.25, "B", exact=False, depth=8, names=names, reader="A")
    assert str(said) == "the value -0.25 for you, an estimate at depth 8: that looks good for me"
    said = value_words(TAKE, -1, "B", exact=False, depth=6, names=names, reader="A")
    assert (
        str(said) == "the value 1 for you, a win for you found at depth 6: with best play you win"
    )
    assert str(value_words(TAKE, 0.0, "B", exact=True, names=names, reader="A")).startswith(
        "the value 0 for you"  # no -0
    )


def test_a_score_game_reads_as_a_win_with_its_score() -> None:
    """Pons' scores: an exact 12 of 18 is a win by its sign, said with its score."""
    assert outcome(SCORED, 12, exact=True) == 1 and outcome(SCORED, -3, exact=True) == -1
    assert outcome(SCORED, 12, exact=False) is None  # an estimate is only an estimate
    assert str(value_words(SCORED, 12, "A", exact=True)) == (
        "the value 12 for A, exact: with best play A wins"
    )
    assert str(value_words(SCORED, -3, "A", exact=True)) == (
        "the value -3 for A, exact: with best play B wins"
    )


def test_the_games_own_terms() -> None:
    pawns = dataclasses.replace(TAKE, describe_value=lambda v: f"{v:+.1f} pawns")
    assert in_terms(pawns, 0.5) == "+0.5 pawns" and in_terms(TAKE, 0.5) == "the value 0.5"
    assert str(value_words(pawns, 0.5, "A", exact=False, depth=2, reader="B")) == (
        "-0.5 pawns for B, an estimate at depth 2: that looks good for A"
    )


def test_values_outside_the_utility_range_in_words() -> None:
    """A value of `inf` read "the value inf" and one of 10**5000 crashed the game: Python writes
    at most 4,300 digits of a whole number."""
    outside = "outside the game's utility range -1 to 1"
    assert str(value_words(TAKE, math.inf, "A")) == f"the value inf for A: {outside}"
    assert str(value_words(TAKE, math.nan, "A")) == "the value nan for A: not a number"
    assert str(value_words(TAKE, 10**5000, "A", exact=True)) == (
        f"the value a number of 5,001 digits for A: {outside}"
    )
    said = value_words(TAKE, -(10**5000) + 1, "A", exact=False)
    assert str(said) == f"the value minus a number of 5,000 digits for A: {outside}"


def test_player_names_that_are_not_text() -> None:
    numbered: Game[int, int] = dataclasses.replace(TAKE, Players=(0, 1))  # type: ignore[arg-type]
    assert str(value_words(numbered, 0, 1, exact=True)) == (
        "the value 0 for player 1, exact: with best play this is a draw"
    )


def test_an_explanation_says_a_value_as_the_status_line_does() -> None:
    """The explanation said "(-0.643)" where the status line said "-18.0 pawns" for the same
    evaluation: both say it in the game's terms, from the reader's side."""
    pawns = dataclasses.replace(
        TAKE, utility=lambda n, p: 0.5, describe_value=lambda v: f"{10 * v:+.1f} pawns"
    )
    moves = [Assessment(2, 0.25, (1,)), Assessment(1, 0.5, (0,))]
    explanation = explain(pawns, 3, "A", 1, moves)
    assert explanation.reasons == (
        "move 1 is worse for me (-2.5 pawns for you): you would answer move 1.",
    )
    said = value_words(pawns, 0.25, "A", exact=True, reader="B")
    assert said.terms == "-2.5 pawns"


# -- the command line, on the course's games ------------------------------------------------------


def test_the_command_line_reads_a_score_as_a_win(capsys: pytest.CaptureFixture[str]) -> None:
    """`solve` on Connect-Four-Solver said "value -15" with no words."""
    argv = ["solve", str(NOTEBOOKS / "Connect-Four-Solver.ipynb"), "--position", "44455554221"]
    assert cli.main(argv) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first == "Connect Four, solve: the value -15 for O, exact: with best play X wins"


def test_chess_is_said_in_pawns_on_the_command_line_as_on_the_board(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`move` on chess said "value -0.643 (an estimate ...)" where the play widget said "-18.0
    pawns": the same number, in the game's terms, on both."""
    chess = load_notebook(NOTEBOOKS / "Chess.ipynb")
    trap = "r1bqkbnr/pppp1ppp/2n5/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 2 3"
    argv = ["move", str(NOTEBOOKS / "Chess-Engine.ipynb"), "--position", trap, "--depth", "1"]
    assert cli.main([*argv, "--json"]) == 0
    value = json.loads(capsys.readouterr().out)["value"]
    assert cli.main(argv) == 0
    first = capsys.readouterr().out.splitlines()[0]
    pawns = chess.describe_value(value)
    assert pawns.endswith(" pawns") and f"; {pawns} for white, an estimate at depth 1" in first
