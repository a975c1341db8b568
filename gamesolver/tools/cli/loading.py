"""The game and the search a command runs: the game notebook, the Solver, the algorithm, whose
options are checked against its signature before any search."""

from __future__ import annotations

import argparse
import ast
import difflib
import inspect
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gamesolver.errors import error_text
from gamesolver.game import AnyGame, Game, is_number
from gamesolver.notebook import find_game
from gamesolver.protocol import BestMove, Offer, Solver, find, find_offer
from gamesolver.resources import notebooks_folder
from gamesolver.stats import Algorithm, LimitedStats, Stats
from gamesolver.tools.cli.common import (
    PROG,
    UsageError,
    code_error,
    cut,
    load,
    notebook_path,
    quoted,
)

SOLVERS = ("Search-in-Depth.ipynb", "Solver.ipynb")
"""The Solver notebooks looked for next to a game notebook, in this order (the second part of
the Solver runs the first)."""


SEARCHES = ("MCTS.ipynb",)
"""The notebooks next to a game notebook whose offered searches play any game (UCT's
``uct_search``): loaded only when ``--algorithm`` names a search found nowhere else, since
loading one runs the lectures it loads."""


def default_solver() -> Path:
    """The lectures' ``Search-in-Depth.ipynb`` (``notebooks_folder``)."""
    return notebooks_folder() / SOLVERS[0]


def load_game(
    text: str, settings: Sequence[str] | None = None
) -> tuple[Path, AnyGame, Offer | None]:
    """The game notebook's path, its ``Game`` (the ``Offer``'s, else ``game``; with
    ``settings``, ``--set NAME=VALUE``, the one the ``Offer``'s ``build`` builds) and its
    ``Offer`` (or ``None``)."""
    path = notebook_path(text)
    module = load(path)
    offer = find_offer(module)
    if not settings:
        return path, offer.game if offer else find_game(module), offer
    build = offer.build if offer else None
    if build is None:
        raise UsageError(
            "--set needs a builder of the game: Offer(game, build=...) in the notebook, with the "
            f"function that builds the game with parameters, and {path} has none"
        )
    name = getattr(build, "__name__", "the builder")
    parameters = offer.parameters() if offer else {}
    values: dict[str, Any] = {}
    for setting in settings:
        key, equals, text_value = setting.partition("=")
        if not equals or not key.isidentifier():
            raise UsageError(f"--set {quoted(setting)} is not NAME=VALUE, e.g. --set width=5")
        if key not in parameters:
            known = ", ".join(parameters) or "none"
            raise UsageError(f"--set {cut(setting)}: {name} has no parameter {key} ({known})")
        if _is_boolean(parameters[key]):
            values[key] = _boolean(key, text_value)
            continue
        try:
            values[key] = ast.literal_eval(text_value)
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
            values[key] = text_value  # a word, e.g. --set variant=misere
        number = values[key]
        if is_number(number) and not DECIMAL.fullmatch(text_value.strip()):  # 0x5: 5 to Python
            example = f"--set {key}=5"
            raise UsageError(
                f"--set {cut(setting)}: write the number in decimal digits, e.g. {example}"
            )
    try:
        game = build(**values)
    except (ValueError, TypeError) as error:  # the builder's bounds and types, in its words
        raise UsageError(f"--set {cut(' '.join(settings))}: {error_text(error)}") from error
    except BaseException as error:
        raise code_error(f"building the game of {path}", error) from error
    if not isinstance(game, Game):
        raise UsageError(f"{name} in {path} returned {type(game).__name__}, not a Game")
    return path, game, offer


DECIMAL = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")
"""A number as ``--set NAME=NUMBER`` takes it: decimal digits, not Python's ``0x5`` or ``5_0``."""


BOOLEANS = {"true": True, "yes": True, "on": True, "1": True}
BOOLEANS.update({"false": False, "no": False, "off": False, "0": False})
"""The words ``--set NAME=WORD`` takes for a parameter that is true or false, in any case."""


def _is_boolean(parameter: inspect.Parameter) -> bool:
    """Whether the builder's ``parameter`` is true or false: its default or annotation says."""
    return isinstance(parameter.default, bool) or parameter.annotation in (bool, "bool")


def _boolean(name: str, text: str) -> bool:
    """The truth ``text`` names (``BOOLEANS``): ``--set threats=false`` is false (a non-empty
    string would be true), and a word that is not one of them is an error."""
    truth = BOOLEANS.get(text.strip().lower())
    if truth is None:
        raise UsageError(
            f"--set {name}={cut(text)}: {name} is true or false (or yes/no, on/off, 1/0), "
            f"not {quoted(text)}"
        )
    return truth


def solver_path(game_path: Path | None, given: str | None) -> Path:
    """The Solver notebook: ``--solver`` if given, else the first of ``SOLVERS`` next to the
    game notebook."""
    if given is not None:
        return notebook_path(given, "solver notebook")
    if game_path is None:
        path = default_solver()
        if not path.exists():
            raise UsageError(f"no Solver notebook at {path}; give one with --solver PATH")
        return path
    for name in SOLVERS:
        path = game_path.parent / name
        if path.exists():
            return path
    raise UsageError(f"no {' or '.join(SOLVERS)} next to {game_path}; give one with --solver PATH")


def load_solver(path: Path) -> Solver:
    """What the Solver notebook at ``path`` declares: its ``Solver(algorithms, best_move)``."""
    solver = find(Solver, load(path))
    if solver is None:
        raise UsageError(
            f"{path} declares no Solver(Algorithms, best_move): its list of search functions "
            "and its best_move"
        )
    return solver


def _plain(name: str) -> str:
    """A name without case, ``_`` and ``-``: ``alphabeta``, ``Alpha-Beta`` and ``alpha_beta``."""
    return "".join(c for c in name.lower() if c not in "_-")


def suggestions(name: str, names: Sequence[str]) -> list[str]:
    """The names that ``name`` probably means, best first (at most 3): one that differs only in
    case, ``_`` or ``-``; else one with a typo (``minmax``); else those that contain ``name``
    (``memo``); else the closest. Of the close ones, only those nearly as close as the closest
    (``alpha_bet``: ``alpha_beta``, not also ``alpha_beta_memo``)."""
    plain = _plain(name)
    same = [other for other in names if _plain(other) == plain]
    if same:
        return same[:3]
    scores = {
        other: difflib.SequenceMatcher(None, name.lower(), other.lower()).ratio() for other in names
    }
    close = sorted((other for other in names if scores[other] >= 0.6), key=lambda o: -scores[o])
    closest = [other for other in close if scores[other] >= scores[close[0]] - 0.1] if close else []
    if closest and scores[closest[0]] >= 0.85:  # a typo
        return closest[:3]
    containing = [other for other in names if len(plain) >= 3 and plain in _plain(other)]
    return (containing or closest)[:3]


def find_algorithm(algorithms: dict[str, Algorithm], name: str, path: Path) -> Algorithm:
    """The algorithm called ``name``; a ``UsageError`` that suggests close names if none is."""
    if name in algorithms:
        return algorithms[name]
    close = suggestions(name, list(algorithms))
    suggestion = f"; did you mean {' or '.join(close)}?" if close else ""
    raise UsageError(
        f"no algorithm {name!r} in {path}{suggestion} (algorithms: {', '.join(algorithms)})"
    )


OPTIONS = {
    "depth": "--depth N",
    "budget": "--budget SECONDS",
    "order": "--order",
    "symmetry": "--symmetry",
    "playouts": "--playouts N",
}
"""The algorithm options of the command line, by the keyword an algorithm's signature uses."""


def keywords(algorithm: Algorithm) -> dict[str, inspect.Parameter]:
    """The parameters of ``algorithm``'s signature, by name (none if it has no signature)."""
    try:
        return dict(inspect.signature(algorithm).parameters)
    except (TypeError, ValueError):
        return {}


def algorithm_options(
    args: argparse.Namespace, name: str, algorithms: dict[str, Algorithm], path: Path
) -> dict[str, Any]:
    """The options given for the algorithm ``name``: one its signature does not take is an
    error that names the algorithms that do, and one it needs but was not given, too."""
    given: dict[str, Any] = {}
    for option in OPTIONS:
        value = getattr(args, option)
        if value is not None:
            given[option] = value
    parameters = keywords(algorithms[name])
    for option, value in given.items():
        if option not in parameters:
            takers = [other for other, a in algorithms.items() if option in keywords(a)]
            who = (
                f"algorithms that do: {', '.join(takers)}"
                if takers
                else f"no algorithm in {path} does"
            )
            flag = "no-order" if option == "order" and value is False else option
            raise UsageError(f"{name} does not take --{flag} ({who})")
    for option, usage in OPTIONS.items():
        parameter = parameters.get(option)
        if parameter and parameter.default is inspect.Parameter.empty and option not in given:
            raise UsageError(f"{name} needs {usage}")
    return given


def option_usage(algorithm: Algorithm) -> str:
    """The command-line options ``algorithm`` takes, as in a usage line: ``--depth N`` if it
    needs the option, ``[--order]`` if it may have it; ``""`` if it takes none."""
    parameters = keywords(algorithm)
    usages = []
    for option, usage in OPTIONS.items():
        if option in parameters:
            needed = parameters[option].default is inspect.Parameter.empty
            usages.append(usage if needed else f"[{usage}]")
    return " ".join(usages)


def check_game_serves(options: dict[str, Any], game: AnyGame, game_path: Path) -> None:
    """A ``UsageError`` if an option needs what the game does not define (``--symmetry``: its
    ``canonical``), so that the student learns what to add instead of the search's exception."""
    if options.get("symmetry") and game.canonical is None:
        raise UsageError(
            f"--symmetry needs the game's canonical(state), and {game.name} in {game_path} has "
            "none: define canonical(state), one representative of the state's symmetry class, "
            "and pass canonical=canonical to Game(...)"
        )


DECIDES = "iterative_deepening"
"""The search of ``move`` and ``play`` where the notebook offers none: it decides within a
budget (``alpha_beta`` with a Solver of the first part only)."""


MOVE_BUDGET = 1.0
"""The seconds of a decision of ``move`` and ``play`` when none is given: ``--budget`` for a
search that takes one, ``--max-seconds`` for one that does not (stopped, not answered)."""


@dataclass
class Setup:
    """What a command that searches needs: the game and the algorithm with its options."""

    game_path: Path
    game: AnyGame
    best_move: BestMove
    """The Solver's ``best_move``."""
    name: str
    algorithm: Algorithm
    options: dict[str, Any]
    no_budget: str | None = None
    """The algorithm's name if it takes no ``--budget`` and its decisions are stopped after
    ``MOVE_BUDGET`` seconds, the default of ``move`` and ``play`` (``None``: not so)."""


def setup(args: argparse.Namespace, default: str | None) -> Setup:
    """The game (with ``--set``) and the algorithm: ``--algorithm``, else the game notebook's
    default search for this command (its ``Offer``), else ``default``. The searches the
    ``Offer`` names join the Solver's; ``best_move`` is the Solver's."""
    game_path = notebook_path(args.notebook)
    path = solver_path(game_path, args.solver)
    solver = load_solver(path)
    algorithms = solver.by_name()
    game_path, game, offer = load_game(args.notebook, args.set)
    if offer is not None:
        algorithms = {**algorithms, **offered(offer)}
    offered_default = offer.default_for(args.command) if offer is not None else None
    if default == DECIDES and default not in algorithms and "alpha_beta" in algorithms:
        default = "alpha_beta"  # a Solver of the first part only: exact, stopped after 1 s
    name = args.algorithm or (offered_default.__name__ if offered_default else default)
    if name is None:
        raise UsageError(
            f"the following arguments are required: --algorithm (see '{PROG} {args.command} "
            "--help')"
        )
    if name not in algorithms:
        algorithms = {**algorithms, **searches_beside(game_path)}
    algorithm = find_algorithm(algorithms, name, path)
    no_budget = None
    limits = (args.max_seconds, getattr(args, "max_calls", None))  # (play has no --max-calls)
    takes = keywords(algorithm)
    if args.command in ("move", "play") and "budget" in takes:
        args.budget = MOVE_BUDGET if args.budget is None else args.budget
    elif args.command in ("move", "play") and limits == (None, None) and "playouts" not in takes:
        args.max_seconds, no_budget = MOVE_BUDGET, name  # a decision is bounded all the same
    options = algorithm_options(args, name, algorithms, path)
    options.update(seed_option(args, name, algorithms))
    check_game_serves(options, game, game_path)
    return Setup(game_path, game, solver.best_move, name, algorithm, options, no_budget)


def offered(offer: Offer) -> dict[str, Algorithm]:
    """The searches an ``Offer`` names (``plays_with`` too), by name."""
    searches = [*offer.searches, *([offer.plays_with] if offer.plays_with else [])]
    return {search.__name__: search for search in searches}


def searches_beside(game_path: Path) -> dict[str, Algorithm]:
    """The searches that the notebooks of ``SEARCHES`` next to the game notebook offer, by
    name (none if none is there; the game notebook itself is not loaded again)."""
    found: dict[str, Algorithm] = {}
    for name in SEARCHES:
        path = game_path.parent / name
        if path.exists() and path.resolve() != game_path.resolve():
            offer = find_offer(load(path))
            found.update(offered(offer) if offer is not None else {})
    return found


def seed_option(
    args: argparse.Namespace, name: str, algorithms: dict[str, Algorithm]
) -> dict[str, int]:
    """``{"seed": N}`` for a search that takes a seed (UCT): ``--seed``, else 0, or for ``play``
    a new one each game. ``move`` and ``play`` take ``--seed`` for their choice among equal
    moves too; ``solve``'s ``--seed`` is for such a search only."""
    seed = getattr(args, "seed", None)
    if "seed" not in keywords(algorithms[name]):
        if seed is not None and args.command == "solve":
            takers = [other for other, a in algorithms.items() if "seed" in keywords(a)]
            who = f"algorithms that do: {', '.join(takers)}" if takers else "none here does"
            raise UsageError(f"{name} does not take --seed ({who})")
        return {}
    if seed is None:
        seed = random.randrange(2**32) if args.command == "play" else 0
    return {"seed": seed}


def new_stats(args: argparse.Namespace) -> Stats:
    """``LimitedStats`` with ``--max-calls`` and ``--max-seconds`` if either is given."""
    max_calls = getattr(args, "max_calls", None)  # (play has --max-seconds only)
    if max_calls is None and args.max_seconds is None:
        return Stats()
    return LimitedStats(max_calls=max_calls, max_seconds=args.max_seconds)
