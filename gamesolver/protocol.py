"""What a notebook declares to the tools: searches that decide the move, and what a game offers.

The tools (the command line, the benchmarks) and the Solver's ``best_move`` need to know a few
things about a notebook's searches that the signature ``search(game, state, player, stats)``
does not say. A notebook declares them here, explicitly; nothing is read from a global by its
name, and nothing is kept in a list that notebooks append to.

**A search that decides the move.** Some searches find the move in their own search: they
report their line of best play in ``stats.line``, whose first state is the move to play. For
them the Solver's ``best_move`` runs *one* search of the position instead of one per move, so
that a time budget is spent once per decision. Such a search is marked where it is defined::

    @decides_move
    def iterative_deepening(game, state, player, stats, depth=None, budget=None, order=True):
        ...

The mark is an attribute of the function, so running a notebook again (``%run Solver.ipynb``)
resets nothing, and ``decides`` sees it through ``functools.partial`` and through a wrapper
made with ``functools.wraps`` (which copies the attribute and keeps ``__wrapped__``).

**What a game notebook offers.** ``Offer`` bundles the notebook's game, its own searches (a
perfect solver, an engine), its default search and the builder of its game with parameters::

    offer = Offer(game, searches=[solve, solve_readable], build=connect_four)
    offer = Offer(game, searches=[threat_solve], plays_with=iterative_deepening, build=tic_tac_toe)

The command line finds the notebook's ``Offer`` by its type, as it finds a ``Game``; a notebook
without one offers its ``game`` alone, with the Solver's searches.

**What a Solver notebook declares.** ``Solver`` names its algorithms and its ``best_move``, the
two things the tools take from it::

    solver = Solver(Algorithms, best_move)
"""

from __future__ import annotations

import functools
import inspect
import types
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from gamesolver.game import AnyGame, Game, Value
from gamesolver.notebook import NotebookError
from gamesolver.stats import Algorithm

DECIDES_MOVE = "decides_move"
"""The attribute that ``decides_move`` sets on a search."""

Search = TypeVar("Search", bound=Callable[..., Any])

BestMove = Callable[..., tuple[Value, Hashable]]
"""The Solver's ``best_move(game, state, player, algorithm, rng, stats) -> (value, next_state)``."""


def decides_move(search: Search) -> Search:
    """Mark ``search`` as one that finds the move in its own search (its line of best play in
    ``stats.line``), so that ``best_move`` runs one search per decision; returns ``search``."""
    setattr(search, DECIDES_MOVE, True)
    return search


def decides(search: object) -> bool:
    """Whether ``search`` decides the move itself: it is marked by ``decides_move``, or it is a
    ``functools.partial`` of such a search, or a wrapper of one (``__wrapped__``). A wrapper
    that does not report the line unmarks itself with ``wrapper.decides_move = False``."""
    for _ in range(100):  # (a chain of wrappers is short; a cycle must not hang)
        mark = getattr(search, DECIDES_MOVE, None)
        if isinstance(mark, bool):
            return mark
        if isinstance(search, functools.partial):
            search = search.func
        elif hasattr(search, "__wrapped__"):
            search = search.__wrapped__
        else:
            return False
    return False


@dataclass(frozen=True)
class Offer:
    """What a game notebook offers the tools, declared in one place.

    - ``game``: the notebook's game, as the tools run it without ``--set``;
    - ``searches``: the notebook's own searches, which join the Solver's (``--algorithm NAME``
      takes their names); the **first is the default search** of the command line for this
      notebook (without ``searches``, the command line's own default: none for ``solve``,
      ``iterative_deepening`` for ``move`` and ``play``). A Solver search may be named here to
      make it the default;
    - ``plays_with`` (optional): the default search of ``move`` and ``play`` where it is not
      the first of ``searches``: a search that decides under a time budget, where the first is
      an exact solver that ``solve`` should run (4 x 4 tic-tac-toe: the exact solve for
      ``solve``, iterative deepening for a move);
    - ``build``: the function that builds the game with parameters, for ``--set NAME=VALUE``.
      Its keyword parameters are the names ``--set`` takes, their defaults and annotations say
      their types (a ``bool`` parameter takes ``true`` or ``false``); the bounds of a value are
      the builder's to check: it raises ``ValueError`` saying what is allowed, and the command
      line repeats that on one line.

    The fields are checked when the ``Offer`` is made, so that a mistake shows in the notebook's
    own cell.
    """

    game: AnyGame
    searches: Sequence[Algorithm] = ()
    plays_with: Algorithm | None = None
    build: Callable[..., AnyGame] | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.game, Game):
            raise TypeError(f"Offer's game is a Game, not {type(self.game).__name__}")
        searches = named("Offer's searches", self.searches)
        if self.plays_with is not None and not isinstance(self.plays_with, types.FunctionType):
            raise TypeError(
                f"Offer's plays_with is a search function, with its name for --algorithm, not "
                f"{self.plays_with!r}"
            )
        if self.build is not None and not callable(self.build):
            raise TypeError(f"Offer's build is a function, not {type(self.build).__name__}")
        object.__setattr__(self, "searches", searches)

    @property
    def default(self) -> Algorithm | None:
        """The notebook's default search: the first of ``searches`` (``None`` if it has none)."""
        return self.searches[0] if self.searches else None

    def default_for(self, command: str) -> Algorithm | None:
        """The default search of a command of the command line: ``plays_with`` for ``move`` and
        ``play`` if given, else ``default``."""
        if command in ("move", "play") and self.plays_with is not None:
            return self.plays_with
        return self.default

    def parameters(self) -> dict[str, inspect.Parameter]:
        """The parameters ``build`` takes, by name (none without a builder)."""
        if self.build is None:
            return {}
        try:
            return dict(inspect.signature(self.build).parameters)
        except (TypeError, ValueError):
            return {}


def named(what: str, searches: object) -> tuple[Algorithm, ...]:
    """``searches`` as a tuple of functions with one name each (``--algorithm NAME`` takes the
    names); a ``TypeError`` or ``ValueError`` saying what is wrong, starting with ``what``."""
    if isinstance(searches, str | bytes) or not isinstance(searches, Sequence):
        raise TypeError(f"{what} are a list of search functions")
    for search in searches:
        if not isinstance(search, types.FunctionType):
            raise TypeError(
                f"{what} are functions, each with its name for --algorithm: "
                f"{search!r} is not one (write def name(game, state, player, stats): ...)"
            )
    names = [search.__name__ for search in searches]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise ValueError(f"{what} have one name each: {', '.join(twice)} twice")
    return tuple(searches)


@dataclass(frozen=True)
class Solver:
    """What a Solver notebook declares to the tools, in one place: its ``algorithms``, in the
    order the lecture lists them (``--algorithm NAME`` takes their names, ``gamesolver
    algorithms`` lists them), and its ``best_move(game, state, player, algorithm, rng, stats)
    -> (value, next_state)``, which turns a search's values into the computer's move::

        solver = Solver(Algorithms, best_move)

    The second part of the Solver, which runs the first, declares its longer list the same way,
    under the same name, so that a notebook holds one. The fields are checked when the
    ``Solver`` is made, so that a mistake shows in the notebook's own cell.
    """

    algorithms: Sequence[Algorithm]
    best_move: BestMove

    def __post_init__(self) -> None:
        algorithms = named("Solver's algorithms", self.algorithms)
        if not callable(self.best_move):
            raise TypeError(f"Solver's best_move is a function, not {self.best_move!r}")
        object.__setattr__(self, "algorithms", algorithms)

    def by_name(self) -> dict[str, Algorithm]:
        """The algorithms by their names, in the order listed."""
        return {algorithm.__name__: algorithm for algorithm in self.algorithms}


Declared = TypeVar("Declared", Offer, Solver)


def find(kind: type[Declared], namespace: object) -> Declared | None:
    """The ``Offer`` or ``Solver`` (``kind``) of a notebook's definitions (a module), found by
    its type, ``None`` if it makes none; a ``NotebookError`` if it makes several."""
    made = {name: value for name, value in vars(namespace).items() if isinstance(value, kind)}
    if len(made) > 1:
        where = getattr(namespace, "__file__", getattr(namespace, "__name__", "the notebook"))
        raise NotebookError(
            f"{where} makes several {kind.__name__}s ({', '.join(sorted(made))}): a notebook "
            f"makes one"
        )
    return next(iter(made.values()), None)


def find_offer(namespace: object) -> Offer | None:
    """The ``Offer`` of a notebook's definitions (see ``find``)."""
    return find(Offer, namespace)
