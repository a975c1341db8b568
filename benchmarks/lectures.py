"""The lectures' definitions that the benchmarks use, typed: the one way a benchmark reaches a
notebook.

A loaded notebook (``gamesolver.notebook.load_notebook``) is a module, and every attribute read
from a module is ``Any`` to mypy: a benchmark that called ``nb.legal_moves(state)`` was checked
for nothing. Here each lecture the benchmarks run is read once into a frozen dataclass whose
fields are the notebook's definitions under their own names, each with the precise type of what
the notebook's cell defines (a ``Protocol`` or a ``Callable[...]``), read with
``gamesolver.notebook.read``: it checks that the notebook defines the name, of the right kind
(a function, a class, a number, ...), else a ``NotebookError`` names the notebook and the
name, before any benchmark runs. No other module of ``benchmarks`` calls ``load_notebook`` or
reads an attribute of a loaded notebook (``tests/test_benchmarks.py`` checks their source).

What a type cannot say (which keywords a search takes beyond its signature's) is the
notebook's to keep; the tests of the benchmarks run each of them in small.
"""

from __future__ import annotations

import functools
import inspect
import random
import types
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from collections.abc import Set as AbstractSet
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, TypedDict, TypeVar

import chess

from benchmarks.harness import Counter
from gamesolver.game import AnyGame, Game, Value
from gamesolver.match import Chooser, Position
from gamesolver.match import Match as Played
from gamesolver.notebook import Kind, NotebookError, find_game, load_notebook
from gamesolver.notebook import read as read_definition
from gamesolver.stats import Stats

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
"""The lectures."""

T = TypeVar("T")
F = TypeVar("F", bound=Callable[..., object])
G = TypeVar("G", bound=AnyGame)
S = TypeVar("S", bound=Hashable)
P = TypeVar("P", bound=Hashable)

# ------------------------------------------------------------------------------- reading


def function() -> Kind[F]:
    """A function (anything callable), typed by the field it is read into."""
    return Kind("a function", callable)


def cached() -> Kind[F]:
    """A function memoized with ``functools.lru_cache`` or ``cache`` (it has ``cache_clear``)."""
    return Kind(
        "a function memoized with functools.cache (with cache_clear)",
        lambda value: callable(value) and callable(getattr(value, "cache_clear", None)),
    )


def a_class() -> Kind[F]:
    """A class, typed as the constructor the benchmarks call."""
    return Kind("a class", inspect.isclass)


NUMBER: Kind[float] = Kind(
    "a number", lambda value: isinstance(value, int | float) and not isinstance(value, bool)
)
PLAYERS: Kind[tuple[str, str]] = Kind(
    "a pair of players' names",
    lambda value: (
        isinstance(value, tuple) and len(value) == 2 and all(isinstance(p, str) for p in value)
    ),
)
NAMES: Kind[list[str]] = Kind(
    "a list of names",
    lambda value: isinstance(value, list) and all(isinstance(n, str) for n in value),
)


def a_game() -> Kind[G]:
    """A ``Game`` (``gamesolver.game``), typed with its states and players."""
    return Kind("a Game (gamesolver.game)", lambda value: isinstance(value, Game))


def named_pairs() -> Kind[list[tuple[str, F]]]:
    """A list of (name, function) pairs: a ladder of estimates."""
    return Kind(
        "a list of (name, function) pairs",
        lambda value: (
            isinstance(value, list)
            and all(
                isinstance(pair, tuple)
                and len(pair) == 2
                and isinstance(pair[0], str)
                and callable(pair[1])
                for pair in value
            )
        ),
    )


def read(module: types.ModuleType, name: str, kind: Kind[T]) -> T:
    """``gamesolver.notebook.read``, whose errors say that the benchmarks use the name."""
    return read_definition(module, name, kind, "the benchmarks")


def built_game(build: Callable[..., object], *arguments: object) -> AnyGame:
    """The game that a notebook's builder (``nim``, ``tic_tac_toe``, ...) makes of
    ``arguments``, checked to be a ``Game``."""
    game = build(*arguments)
    if not isinstance(game, Game):
        name = getattr(build, "__qualname__", repr(build))
        raise NotebookError(f"{name}{arguments} is {type(game).__name__}, not a Game")
    return game


# ---------------------------------------------------------------------------- the Solver

Algorithm = Callable[..., Value]
"""A search of ``Solver.ipynb`` or ``Search-in-Depth.ipynb``:
``algorithm(game, state, player, stats, **options) -> value`` (its options, e.g. ``order``,
vary from one search to another)."""


class DepthSearch(Protocol):
    """A search to a depth: ``depth_limited(game, state, player, stats, depth)`` (Search in
    Depth), and the searches that take ``depth`` among other limits (``iterative_deepening``,
    Checkers' ``checkers_search``)."""

    def __call__(
        self, game: AnyGame, state: Hashable, player: Hashable, stats: Stats, depth: int
    ) -> Value: ...


class BestMove(Protocol):
    """The Solver's ``best_move(game, state, player, algorithm, rng, stats)``: the value of the
    move chosen and the state it leads to."""

    def __call__(
        self,
        game: Game[S, P],
        state: S,
        player: P,
        algorithm: Algorithm,
        rng: random.Random | None = None,
        stats: Stats | None = None,
    ) -> tuple[Value, S]: ...


@contextmanager
def counting_ranked(search: Algorithm) -> Iterator[Counter]:
    """Count the children that the ``move_order`` of ``search``'s notebook ranks while the block
    runs: each is a position whose table entry, utility or heuristic the search looks at.

    ``move_order`` is replaced in the notebook's namespace (the globals of ``search``, through a
    ``functools.partial``), where the search looks it up at every call."""
    while isinstance(search, functools.partial):
        search = search.func
    namespace: dict[str, object] = getattr(search, "__globals__", {})
    original = namespace.get("move_order")
    if not callable(original):
        name = getattr(search, "__qualname__", repr(search))
        raise NotebookError(f"{name} has no move_order in its notebook to count")
    counter = Counter()

    @functools.wraps(original)
    def ranked(*args: object, **kwargs: object) -> object:
        moves = original(*args, **kwargs)
        counter.calls += len(moves) if isinstance(moves, Sequence) else 0
        return moves

    namespace["move_order"] = ranked
    try:
        yield counter
    finally:
        namespace["move_order"] = original


SEARCH_IN_DEPTH = NOTEBOOKS / "Search-in-Depth.ipynb"
"""Part 2's searches, for a game lecture that does not run them (``Nim.ipynb``)."""


@dataclass(frozen=True)
class Solving:
    """A game lecture with the Solver's searches (``libraries.Gamesolver``): its ``game``, the
    Solver's ``best_move``, and the searches asked for by name (``algorithms``)."""

    game: AnyGame
    best_move: BestMove
    algorithms: dict[str, Algorithm]


def solving(
    notebook: Path, algorithms: Sequence[str], build: str | None = None, *arguments: object
) -> Solving:
    """The game lecture ``notebook``, loaded afresh, with the searches named ``algorithms``
    (``"alpha_beta"``, ``"iterative_deepening"``, ...): the lecture's, else those of
    ``Search-in-Depth.ipynb``, which a game's lecture may not run. Its game is the one it defines
    (``find_game``), or that its builder ``build`` makes of ``arguments`` (``nim(piles)``)."""
    module = load_notebook(notebook)
    game = (
        find_game(module)
        if build is None
        else built_game(read(module, build, function()), *arguments)
    )
    found: dict[str, Algorithm] = {}
    for name in algorithms:
        home = module if hasattr(module, name) else load_notebook(SEARCH_IN_DEPTH)
        found[name] = read(home, name, function())
    return Solving(game, read(module, "best_move", function()), found)


# ----------------------------------------------------------------------------------- checkers

CHECKERS = NOTEBOOKS / "Checkers-Search.ipynb"
"""The checkers lecture of search (it runs ``Checkers.ipynb``, the rules, first)."""


class CheckersState(Protocol):
    """``Checkers.ipynb``'s ``State(NamedTuple)``: the masks of red's pieces, white's and the
    kings among them, the player to move, and the plies since the last capture or crowning."""

    @property
    def red(self) -> int: ...
    @property
    def white(self) -> int: ...
    @property
    def kings(self) -> int: ...
    @property
    def turn(self) -> str: ...
    @property
    def quiet(self) -> int: ...
    def __hash__(self) -> int: ...


class CheckersMove(Protocol):
    """``Checkers.ipynb``'s ``Move(NamedTuple)``: the squares its piece stands on in turn, those
    of the pieces it captures, and the state after it."""

    @property
    def path(self) -> tuple[int, ...]: ...
    @property
    def captured(self) -> tuple[int, ...]: ...
    @property
    def after(self) -> CheckersState: ...


class LegalMoves(Protocol):
    """``legal_moves(state) -> tuple[Move, ...]``, memoized (``functools.lru_cache``)."""

    def __call__(self, state: CheckersState) -> tuple[CheckersMove, ...]: ...
    def cache_clear(self) -> None: ...


CheckersEstimate = Callable[[CheckersState, str], float]
"""An estimate of ``Checkers.ipynb``: ``material(state, player)``, a rung of the ladder."""


class CheckersComputer(Protocol):
    """``computer(state, player, rng, budget=0.5, depth=None)``: the value, the state after
    the move chosen, and the statistics of the search."""

    def __call__(
        self,
        state: CheckersState,
        player: str,
        rng: random.Random,
        budget: float | None = ...,
        depth: int | None = None,
    ) -> tuple[float, CheckersState, Stats]: ...


class CheckersSearch(Protocol):
    """``iterative_deepening`` (Search in Depth) and ``checkers_search`` (the lecture's): to
    ``depth``, or within ``budget`` seconds."""

    def __call__(
        self,
        game: AnyGame,
        state: Hashable,
        player: Hashable,
        stats: Stats,
        depth: int | None = None,
        budget: float | None = None,
    ) -> Value: ...


class Openings(Protocol):
    """``gamesolver.match.openings(game, count, plies=2, seed=1)``, which the lecture imports:
    ``count`` openings of ``plies`` random moves."""

    def __call__(
        self, game: AnyGame, count: int, plies: int = 2, seed: int = 1
    ) -> list[Position]: ...


class Match(Protocol):
    """``gamesolver.match.match(game, a, b, starts, **limits)``, which the lecture imports:
    ``a`` against ``b`` from each start, each start played twice."""

    def __call__(
        self,
        game: AnyGame,
        a: Chooser,
        b: Chooser,
        starts: Sequence[Position] | None = None,
        **limits: float | None,
    ) -> Played: ...


@dataclass(frozen=True)
class Checkers:
    """The definitions of ``Checkers-Search.ipynb`` (with ``Checkers.ipynb``'s and the
    Solver's) that the benchmarks use, under the notebook's names."""

    State: Callable[[int, int, int, str], CheckersState]
    """``State(red, white, kings, turn)``."""
    Start: CheckersState
    Players: tuple[str, str]
    game: Game[CheckersState, str]
    legal_moves: LegalMoves
    notation: Callable[[CheckersState, str], str]
    describe_move: Callable[[CheckersState, CheckersState], str]
    utility: Callable[[CheckersState, str], float]
    material: CheckersEstimate
    squash: Callable[[float], float]
    KingWeight: float
    square_at: Callable[[int, int], int | None]
    bit: Callable[[int], int]
    computer: CheckersComputer
    best_move: BestMove
    depth_limited: DepthSearch
    iterative_deepening: CheckersSearch
    checkers_search: CheckersSearch
    Ladder: list[tuple[str, CheckersEstimate]]
    player: Callable[[CheckersEstimate], Chooser]
    openings: Openings
    match: Match

    def search(self, name: str) -> DepthSearch:
        """The search ``name`` to a depth: ``depth_limited``, ``iterative_deepening`` or
        ``checkers_search``."""
        searches: dict[str, DepthSearch] = {
            "depth_limited": self.depth_limited,
            "iterative_deepening": self.iterative_deepening,
            "checkers_search": self.checkers_search,
        }
        return searches[name]

    def budgeted(self, name: str) -> CheckersSearch:
        """The search ``name`` within a budget: ``iterative_deepening`` or
        ``checkers_search``."""
        searches: dict[str, CheckersSearch] = {
            "iterative_deepening": self.iterative_deepening,
            "checkers_search": self.checkers_search,
        }
        return searches[name]


@functools.cache
def checkers(notebook: Path = CHECKERS) -> Checkers:
    """The checkers lecture's definitions (``notebook``: a copy of it, in the tests)."""
    module = load_notebook(notebook)
    return Checkers(
        State=read(module, "State", a_class()),
        Start=read(module, "Start", Kind("a checkers State", lambda v: hasattr(v, "turn"))),
        Players=read(module, "Players", PLAYERS),
        game=read(module, "game", a_game()),
        legal_moves=read(module, "legal_moves", cached()),
        notation=read(module, "notation", function()),
        describe_move=read(module, "describe_move", function()),
        utility=read(module, "utility", function()),
        material=read(module, "material", function()),
        squash=read(module, "squash", function()),
        KingWeight=read(module, "KingWeight", NUMBER),
        square_at=read(module, "square_at", function()),
        bit=read(module, "bit", function()),
        computer=read(module, "computer", function()),
        best_move=read(module, "best_move", function()),
        depth_limited=read(module, "depth_limited", function()),
        iterative_deepening=read(module, "iterative_deepening", function()),
        checkers_search=read(module, "checkers_search", function()),
        Ladder=read(module, "Ladder", named_pairs()),
        player=read(module, "player", function()),
        openings=read(module, "openings", function()),
        match=read(module, "match", function()),
    )


# -------------------------------------------------------------------------------------- chess

CHESS_ENGINE = NOTEBOOKS / "Chess-Engine.ipynb"
"""The engine's lecture (it runs ``Chess.ipynb``, the rules, first)."""

EpdOperations = dict[str, str | int | float | chess.Move | list[chess.Move] | None]
"""A Win at Chess position's operations, as ``chess.Board.from_epd`` reads them (``bm``: the
best moves)."""


class Found(Protocol):
    """``Chess-Engine.ipynb``'s ``Found(NamedTuple)``: what a search found."""

    @property
    def move(self) -> chess.Move: ...
    @property
    def score(self) -> int: ...
    @property
    def depth(self) -> int: ...
    @property
    def nodes(self) -> int: ...


class Engine(Protocol):
    """``Chess-Engine.ipynb``'s ``Engine``: ``search(board, depth=None, budget=None)``."""

    def search(
        self, board: chess.Board, depth: int | None = None, budget: float | None = None
    ) -> Found: ...


class MakeEngine(Protocol):
    """``Engine(**techniques, clock=...)``: each technique of ``Techniques`` on (``True``, the
    default) or off, the engine's clock (default: the wall clock)."""

    def __call__(self, *, clock: Callable[[], float] = ..., **techniques: bool) -> Engine: ...


ChessEstimate = Callable[[chess.Board], int]
"""An estimate of the engine's lecture, a rung of its ladder: ``balance(board)``."""


class ChessMatch(TypedDict):
    """What the engine lecture's ``match`` returns: the games won, drawn and lost by ``a``, and
    the plies of each game."""

    won: int
    drawn: int
    lost: int
    plies: list[int]


class PlayMatch(Protocol):
    """``match(a, b, openings=10, budget=None, depth=None)``: estimate ``a`` against ``b``."""

    def __call__(
        self,
        a: ChessEstimate,
        b: ChessEstimate,
        openings: int = 10,
        budget: float | None = None,
        depth: int | None = None,
    ) -> ChessMatch: ...


@dataclass(frozen=True)
class ChessEngine:
    """The definitions of ``Chess-Engine.ipynb`` that the benchmarks use."""

    Engine: MakeEngine
    WinAtChess: list[tuple[chess.Board, EpdOperations]]
    Techniques: list[str]
    Ladder: list[tuple[str, ChessEstimate]]
    match: PlayMatch


def is_positions(value: object) -> bool:
    """Whether ``value`` is a list of (board, operations) pairs, as ``WinAtChess``."""
    return isinstance(value, list) and all(
        isinstance(pair, tuple)
        and len(pair) == 2
        and isinstance(pair[0], chess.Board)
        and isinstance(pair[1], dict)
        for pair in value
    )


@functools.cache
def chess_engine(notebook: Path = CHESS_ENGINE) -> ChessEngine:
    """The engine lecture's definitions."""
    module = load_notebook(notebook)
    return ChessEngine(
        Engine=read(module, "Engine", a_class()),
        WinAtChess=read(module, "WinAtChess", Kind("a list of (board, operations)", is_positions)),
        Techniques=read(module, "Techniques", NAMES),
        Ladder=read(module, "Ladder", named_pairs()),
        match=read(module, "match", function()),
    )


Computer = Callable[..., tuple[float, str, object]]
"""The chess lecture's ``computer(state, player, rng, budget=..., depth=None, earlier=())``:
(value, the FEN after its move, stats). Its keywords are not typed: the lecture at an earlier
commit (``chess_play.BEFORE``) has no ``earlier``, which its player reads from its signature."""


def chess_computer(notebook: Path = CHESS_ENGINE) -> Computer:
    """The ``computer`` of the chess lecture at ``notebook`` (loaded afresh, not kept: a lecture
    read from git is a file of its own)."""
    found: Computer = read(load_notebook(notebook), "computer", function())
    return found


# -------------------------------------------------------------------------------- Connect Four

CONNECT_FOUR = NOTEBOOKS / "Connect-Four.ipynb"
"""The Connect Four lecture (it runs ``Solver.ipynb`` and ``Search-in-Depth.ipynb``)."""

Rows = tuple[str, ...]
"""``Connect-Four.ipynb``'s ``State``: the rows of marks from the bottom up."""


class Patterns(Protocol):
    """``patterns(s)``, memoized: the line patterns of a board, which ``windows`` counts."""

    def __call__(self, s: Rows) -> Mapping[str, int]: ...
    def cache_clear(self) -> None: ...


@dataclass(frozen=True)
class ConnectFour:
    """The definitions of ``Connect-Four.ipynb`` (with the Solver's) that the benchmarks use."""

    connect_four: Callable[[], Game[Rows, str]]
    empty_board: Callable[[], Rows]
    finished: Callable[[Rows], bool]
    drop: Callable[[Rows, int, str], Rows]
    find_empty: Callable[[Rows, int], int]
    centre_first: Callable[[int], list[int]]
    windows: Callable[[Rows, str], float]
    patterns: Patterns
    best_move: BestMove
    depth_limited: DepthSearch
    iterative_deepening: CheckersSearch

    def search(self, name: str) -> Algorithm:
        """The search ``name``: ``depth_limited`` or ``iterative_deepening`` (which takes
        ``order`` too)."""
        searches: dict[str, Algorithm] = {
            "depth_limited": self.depth_limited,
            "iterative_deepening": self.iterative_deepening,
        }
        return searches[name]


@functools.cache
def connect_four(notebook: Path = CONNECT_FOUR) -> ConnectFour:
    """The Connect Four lecture's definitions."""
    module = load_notebook(notebook)
    return ConnectFour(
        connect_four=read(module, "connect_four", function()),
        empty_board=read(module, "empty_board", function()),
        finished=read(module, "finished", function()),
        drop=read(module, "drop", function()),
        find_empty=read(module, "find_empty", function()),
        centre_first=read(module, "centre_first", function()),
        windows=read(module, "windows", function()),
        patterns=read(module, "patterns", cached()),
        best_move=read(module, "best_move", function()),
        depth_limited=read(module, "depth_limited", function()),
        iterative_deepening=read(module, "iterative_deepening", function()),
    )


CONNECT_FOUR_SOLVER = NOTEBOOKS / "Connect-Four-Solver.ipynb"
"""The lecture of the perfect Connect Four solver."""


class PositionSolve(Protocol):
    """``solve(game, state, player, stats)``: the exact score of the position (Pons' scale)."""

    def __call__(self, game: AnyGame, state: Hashable, player: str, stats: Stats) -> int: ...


@dataclass(frozen=True)
class ConnectFourSolver:
    """The definitions of ``Connect-Four-Solver.ipynb`` that ``pons.py`` uses."""

    game: AnyGame
    parse: Callable[[str], tuple[Hashable, str]]
    """The game's ``parse``: a position of Pons' test sets (its moves, columns from 1)."""
    solve: PositionSolve
    test_set: Callable[[str], list[tuple[str, int]]]
    small_board: Callable[[int, int], tuple[int, str, int, float]]


@functools.cache
def connect_four_solver(notebook: Path = CONNECT_FOUR_SOLVER) -> ConnectFourSolver:
    """The solver lecture's definitions."""
    module = load_notebook(notebook)
    game: AnyGame = read(module, "game", a_game())
    if game.parse is None:
        raise NotebookError(f"{notebook}: its game has no parse, which reads Pons' positions")
    return ConnectFourSolver(
        game=game,
        parse=game.parse,
        solve=read(module, "solve", function()),
        test_set=read(module, "test_set", function()),
        small_board=read(module, "small_board", function()),
    )


# ---------------------------------------------------------------------------- n×n tic-tac-toe

TIC_TAC_TOE_ND = NOTEBOOKS / "Tic-Tac-Toe-4x4.ipynb"
"""The assignment's lecture: tic-tac-toe on n×n boards."""


class BuildTicTacToe(Protocol):
    """``tic_tac_toe(n=2, threats=False)``: the game on the board of side ``n + 2``, with the
    threats' rules if ``threats``."""

    def __call__(self, n: int = 2, threats: bool = False) -> AnyGame: ...


class Opponent(Protocol):
    """``greedy(game, seed=0)``: a player of ``game`` with its ties broken by ``seed``."""

    def __call__(self, game: AnyGame, seed: int = 0) -> Chooser: ...


@dataclass(frozen=True)
class TicTacToeND:
    """The definitions of ``Tic-Tac-Toe-4x4.ipynb`` that ``tic_tac_toe_nd.py`` uses."""

    tic_tac_toe: BuildTicTacToe
    searcher: Callable[[AnyGame], Chooser]
    exact_value: Callable[[AnyGame], Callable[[Hashable, Hashable], float]]
    random_mover: Opponent
    greedy: Opponent

    def opponent(self, name: str) -> Opponent:
        """The opponent ``name``: ``random_mover`` (``gamesolver.match``'s, which the lecture
        imports) or ``greedy``."""
        opponents = {"random_mover": self.random_mover, "greedy": self.greedy}
        return opponents[name]


@functools.cache
def tic_tac_toe_nd(notebook: Path = TIC_TAC_TOE_ND) -> TicTacToeND:
    """The n×n lecture's definitions."""
    module = load_notebook(notebook)
    return TicTacToeND(
        tic_tac_toe=read(module, "tic_tac_toe", function()),
        searcher=read(module, "searcher", function()),
        exact_value=read(module, "exact_value", function()),
        random_mover=read(module, "random_mover", function()),
        greedy=read(module, "greedy", function()),
    )


# ---------------------------------------------------------------------------------------- MCTS

MCTS = NOTEBOOKS / "MCTS.ipynb"
"""Monte Carlo tree search (UCT) on Connect Four, with the Connect Four lecture it loads."""


@dataclass(frozen=True)
class MctsLecture:
    """The definitions of ``MCTS.ipynb`` (with the Connect Four lecture's) that this uses."""

    game: AnyGame
    parse: Callable[[str], tuple[Hashable, str]]
    """The game's ``parse``: a position of Pons' test sets (its moves, columns from 1)."""
    uct: Callable[..., Hashable]
    computer: Callable[..., tuple[float, Hashable, Stats]]
    clear_cache: Callable[[], None]
    optimal_columns: Callable[[str], AbstractSet[int]]
    column_of: Callable[[Hashable, Hashable], int]
    test_set: Callable[[str], list[tuple[str, int]]]


def mcts_lecture(notebook: Path = MCTS) -> MctsLecture:
    """The MCTS lecture's definitions, and the Connect Four lecture's that it loads."""
    module = load_notebook(notebook)
    notebook_kind: Kind[types.ModuleType] = Kind("a loaded notebook", inspect.ismodule)
    four = read(module, "four", notebook_kind)
    perfect = read(module, "perfect", notebook_kind)
    game: AnyGame = read(four, "game", a_game())
    if game.parse is None:
        raise NotebookError(f"{notebook}: Connect Four has no parse, which reads Pons' positions")
    return MctsLecture(
        game=game,
        parse=game.parse,
        uct=read(module, "uct", function()),
        computer=read(four, "computer", function()),
        clear_cache=read(four, "patterns", cached()).cache_clear,
        optimal_columns=read(module, "optimal_columns", function()),
        column_of=read(module, "column_of", function()),
        test_set=read(perfect, "test_set", function()),
    )
