"""The protocol between a notebook and the tools (gamesolver/protocol.py): ``decides_move`` and
``decides`` on searches however wrapped, and ``Offer``'s checks of what a notebook declares."""

from __future__ import annotations

import functools
import types
from pathlib import Path
from typing import Any

import pytest

from gamesolver import Game, Offer, Stats, decides, decides_move
from gamesolver.notebook import NotebookError
from gamesolver.protocol import find_offer


def search(game: Any, state: Any, player: Any, stats: Stats) -> float:
    """A search that says nothing about its move."""
    return 0.0


@decides_move
def deciding(game: Any, state: Any, player: Any, stats: Stats, budget: float = 1.0) -> float:
    """A search that reports its line."""
    return 0.0


GAME: Game[int, str] = Game(
    "one move", ("A", "B"), 0, lambda s, p: [1] if s == 0 else [], bool, lambda s, p: 0
)


def wrapped(inner: Any) -> Any:
    @functools.wraps(inner)
    def wrapper(*args: Any, **options: Any) -> Any:
        return inner(*args, **options)

    return wrapper


def test_a_marked_search_decides_and_an_unmarked_one_does_not() -> None:
    assert decides(deciding) and not decides(search)
    assert decides_move(search) is search and decides(search)  # the decorator returns it
    del search.decides_move  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "made",
    [
        lambda s: functools.partial(s, budget=2),
        wrapped,
        lambda s: functools.partial(wrapped(s), budget=2),
        lambda s: wrapped(functools.partial(s, budget=2)),
        lambda s: functools.partial(functools.partial(s), budget=3),
    ],
    ids=["partial", "wraps", "partial of wraps", "wraps of partial", "partial of partial"],
)
def test_a_wrapped_search_keeps_its_mark(made: Any) -> None:
    assert decides(made(deciding))
    assert not decides(made(search))


def test_a_wrapper_that_reports_no_line_unmarks_itself() -> None:
    quiet = wrapped(deciding)
    quiet.decides_move = False
    assert not decides(quiet) and decides(deciding)


def test_a_cycle_of_wrappers_ends() -> None:
    loop = wrapped(search)
    loop.__wrapped__ = loop
    assert not decides(loop)


def test_an_offer_takes_its_searches_as_a_tuple_and_names_the_first_the_default() -> None:
    offer = Offer(GAME, searches=[deciding, search])
    assert offer.searches == (deciding, search) and offer.default_for("solve") is deciding
    assert Offer(GAME).default_for("solve") is None and Offer(GAME).parameters() == {}
    assert offer.plays_with is None


def test_an_offer_knows_its_builders_parameters() -> None:
    def build(width: int = 7, threats: bool = False) -> Game[int, str]:
        return GAME

    assert list(Offer(GAME, build=build).parameters()) == ["width", "threats"]


@pytest.mark.parametrize(
    ("fields", "error", "says"),
    [
        ({"game": "tic-tac-toe"}, TypeError, "Offer's game is a Game, not str"),
        ({"searches": deciding}, TypeError, "a list of search functions"),
        ({"searches": "deciding"}, TypeError, "a list of search functions"),
        ({"searches": [functools.partial(deciding)]}, TypeError, "each with its name"),
        ({"searches": [deciding, deciding]}, ValueError, "deciding twice"),
        ({"plays_with": "iterative_deepening"}, TypeError, "plays_with is a search function"),
        ({"build": 3}, TypeError, "Offer's build is a function, not int"),
    ],
)
def test_an_offer_refuses_what_the_tools_cannot_use(
    fields: dict[str, Any], error: type[Exception], says: str
) -> None:
    with pytest.raises(error, match=says):
        Offer(**{"game": GAME, **fields})


def test_a_notebook_offers_at_most_one_offer() -> None:
    module = types.ModuleType("notebook")
    assert find_offer(module) is None
    module.offer = Offer(GAME)
    assert find_offer(module) is module.offer
    module.other = Offer(GAME)
    with pytest.raises(
        NotebookError, match=r"several Offers \(offer, other\): a notebook makes one"
    ):
        find_offer(module)


def test_the_tools_read_a_notebook_through_its_typed_accessors() -> None:
    """The command line and the grading find what a notebook defines through
    ``gamesolver.notebook`` (``definitions``, ``read``), where each value is checked and typed
    (issue 34): none reads an attribute of a loaded notebook, which mypy would see as ``Any``,
    even through a function of another module that it hands the notebook to."""
    from test_benchmarks import notebook_reads

    package = Path(__file__).resolve().parents[1] / "gamesolver"
    files = [package / "protocol.py", *sorted((package / "tools").rglob("*.py"))]
    sources = {str(path.relative_to(package)): path.read_text() for path in files}
    assert notebook_reads(sources, loads=False) == []
    checks = sorted((package / "feedback").rglob("*.py"))  # the exercise checks' reference
    sources = {str(path.relative_to(package)): path.read_text() for path in checks}
    assert notebook_reads(sources, loads=False) == []
