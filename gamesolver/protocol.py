"""What a notebook declares to the tools (the command line, the benchmarks, ``best_move``),
explicitly, where the signature ``search(game, state, player, stats)`` does not say it: nothing
is read from a global by its name.

- ``@decides_move`` marks a search that finds the move itself (its line of best play in
  ``stats.line``), so that ``best_move`` runs one search per decision, not one per move;
- ``Offer(game, searches=[solve], plays_with=iterative_deepening, build=connect_four)``: what
  a game notebook offers (without one, its ``game`` alone, with the Solver's searches);
- ``Solver(Algorithms, best_move)``: what a Solver notebook declares.

The tools find an ``Offer`` or a ``Solver`` by its type (``find``), as they find a ``Game``.
"""

from __future__ import annotations

import functools
import inspect
import types
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from gamesolver.game import AnyGame, Game, Value
from gamesolver.notebook import NotebookError, definitions, where
from gamesolver.stats import Algorithm

DECIDES_MOVE = "decides_move"
"""The attribute that ``decides_move`` sets on a search."""

Search = TypeVar("Search", bound=Callable[..., Any])

BestMove = Callable[..., tuple[Value, Hashable]]
"""The Solver's ``best_move(game, state, player, algorithm, rng, stats) -> (value, next_state)``."""


def decides_move(search: Search) -> Search:
    """Mark ``search`` as one that decides the move itself (an attribute of the function, so
    that running the notebook again resets nothing); returns ``search``."""
    setattr(search, DECIDES_MOVE, True)
    return search


def decides(search: object) -> bool:
    """Whether ``search``, or what it is a ``functools.partial`` or a wrapper (``__wrapped__``)
    of, is marked by ``decides_move`` (a wrapper unmarks itself with ``decides_move = False``)."""
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
    """What a game notebook offers the tools, checked when made (a mistake shows in its cell).

    - ``game``: the notebook's game, as the tools run it without ``--set``;
    - ``searches``: its own searches, which join the Solver's (``--algorithm NAME``); the first
      is the command line's default search for this notebook;
    - ``plays_with``: the default of ``move`` and ``play`` where the first of ``searches`` is
      an exact solver for ``solve`` (4 x 4 tic-tac-toe);
    - ``build``: builds the game for ``--set NAME=VALUE``: its keyword parameters are the names,
      their defaults and annotations the types; it raises ``ValueError`` for a bad value.
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

    def default_for(self, command: str) -> Algorithm | None:
        """The default search of a command: ``plays_with`` for ``move`` and ``play`` if given,
        else the first of ``searches`` (``None`` if none)."""
        if command in ("move", "play") and self.plays_with is not None:
            return self.plays_with
        return self.searches[0] if self.searches else None

    def parameters(self) -> dict[str, inspect.Parameter]:
        """The parameters ``build`` takes, by name (none without a builder)."""
        if self.build is None:
            return {}
        try:
            return dict(inspect.signature(self.build).parameters)
        except (TypeError, ValueError):
            return {}


def named(what: str, searches: object) -> tuple[Algorithm, ...]:
    """``searches`` as a tuple of functions with one name each (for ``--algorithm NAME``), or a
    ``TypeError`` or ``ValueError`` starting with ``what``."""
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
    """What a Solver notebook declares to the tools, checked when made: its ``algorithms`` in
    the lecture's order (``--algorithm NAME``) and its ``best_move``. A later part of the Solver
    declares its longer list under the same name, so that a notebook holds one."""

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
    """The ``Offer`` or ``Solver`` (``kind``) a notebook's module makes (``None``: none; several:
    ``NotebookError``)."""
    made = definitions(namespace, kind)
    if len(made) > 1:
        raise NotebookError(
            f"{where(namespace)} makes several {kind.__name__}s ({', '.join(sorted(made))}): a "
            "notebook makes one"
        )
    return next(iter(made.values()), None)


def find_offer(namespace: object) -> Offer | None:
    """The ``Offer`` of a notebook's definitions (see ``find``)."""
    return find(Offer, namespace)
