"""Chess: ``Chess-Engine.ipynb``'s engine against sunfish, both searching to a fixed depth in this
process, as cases of ``python -m benchmarks`` (best against best).

Run alone with ``python -m benchmarks.chess_speed`` (the options of ``python -m benchmarks``);
each position is a case of its own (``--case chess-start``, ``chess-wac-3``, ``chess-wac-7``).
How many Win at Chess positions each engine solves within a budget is ``benchmarks/chess.py``'s;
this module is about speed, node for node.

**Sunfish in this process.** Sunfish (PyPI ``sunfish``, Thomas Ahle's engine) lives in its own
venv, ``.venv-sunfish`` (``benchmarks.chess.find_sunfish`` creates it), because its requirements
pin another python-chess than the course's. Only its file ``sunfish.py`` is loaded here, with
``importlib.util.spec_from_file_location`` under a private module name (it imports ``time``,
``itertools`` and ``collections`` only; its site-packages never goes on ``sys.path``), so that
the harness times its search as it times ours, in CPU seconds of this process. A FEN becomes its
``Position`` with the ``from_fen`` of its UCI driver (``sunfish_ui/uci.py``, loaded the same way,
which imports no python-chess), and the history is built as that driver's ``position fen`` does.

**The searches**, both technique ``best`` (no technique is common to both):

- ours: the notebook's ``Engine()`` with every technique on (as ``benchmarks.chess``'s "ours":
  iterative deepening alpha-beta, a table, the previous best move first, captures first by
  MVV-LVA, quiescence, the check extension), ``search(board, depth=d)``: depths 1 to d, no time
  budget. A node is a call of ``negamax`` or of ``quiesce`` (``engine.nodes``).
- sunfish: ``Searcher().search(history)``, iterative deepening MTD-bi with a table, null-move
  pruning, reductions and quiescence, a generator of (depth, gamma, score, move) after each
  call of ``bound`` at the root; stopped after depth d's last probe (its bounds have met, as
  sunfish's own loop and its UCI driver decide), its move the last one that failed high. A node
  is a call of ``bound`` (``searcher.nodes``): its quiescence, null-move probes and the MTD
  re-searches included.

A depth is not the same work in the two (both prune by the null move; sunfish also prunes by
futility and reduces, ours extends checks and stops at a mate found), so the node and the
per-node columns are the comparable figures. The
value column is each engine's own score for the player to move, in centipawns (ours: material
only, 100 a pawn, a mate ±100,000 less the plies; sunfish: its piece-square tables): not the
same quantity.
"""

from __future__ import annotations

import functools
import importlib.util
import sys
import types
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import chess

from benchmarks.chess import NOTEBOOK, SUNFISH_VENV, find_sunfish, sunfish_version
from benchmarks.harness import OURS, Case, Outcome, Runner, Search
from benchmarks.lectures import chess_engine
from gamesolver.resources import data_path

# ---------------------------------------------------------------------------------- sunfish


def sunfish_file(name: str = "sunfish.py") -> Path | None:
    """A file of sunfish's site-packages in ``.venv-sunfish`` (``sunfish.py``,
    ``sunfish_ui/uci.py``), or None if it is not there."""
    found = sorted(SUNFISH_VENV.glob(f"lib/python3.*/site-packages/{name}"))
    return found[-1] if found else None


def load_file(path: Path, module_name: str) -> types.ModuleType:
    """The module of one file, under a private name, neither put into ``sys.modules`` nor its
    folder onto ``sys.path``."""
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@dataclass(frozen=True)
class Sunfish:
    """Sunfish's engine (``sunfish.py``) and its UCI driver's ``from_fen`` (``uci``)."""

    engine: types.ModuleType
    uci: types.ModuleType

    def history(self, fen: str) -> list[Any]:
        """The positions sunfish's UCI driver keeps for ``position fen``: the position, and
        before it, if black is to move, the same turned round (sunfish sees every position from
        the side to move)."""
        # from_fen scores the board with the king's table of the last search (the middle game's
        # while both queens are on, else the endgame's): set it for this position first, as
        # search() will, so that the score (and MTD's probes) does not depend on the search
        # before.
        engine, board = self.engine, fen.split()[0]
        engine.pst["K"] = engine.K_MID if "Q" in board and "q" in board else engine.K_END
        position = self.uci.from_fen(*fen.split()[:6])
        if self.uci.get_color(position) == self.uci.WHITE:
            return [position]
        return [position.rotate(), position]

    def uci_move(self, move: Any, history: list[Any]) -> str:
        """Sunfish's move in UCI notation (from white's side)."""
        text: str = self.uci.render_move(move, white_pov=len(history) % 2 == 1)
        return text


@functools.cache
def load_sunfish() -> Sunfish:
    """Sunfish's ``sunfish.py`` and ``sunfish_ui/uci.py`` from its venv, loaded once."""
    engine_path, uci_path = sunfish_file(), sunfish_file("sunfish_ui/uci.py")
    if engine_path is None or uci_path is None:
        raise ImportError(f"no sunfish in {SUNFISH_VENV}")
    engine = load_file(engine_path, "_benchmarks_sunfish")
    uci = load_file(uci_path, "_benchmarks_sunfish_uci")
    vars(uci)["sunfish"] = engine  # the driver's engine module, which its run() would set
    return Sunfish(engine, uci)


@dataclass(frozen=True)
class Searched:
    """What sunfish's search found at the depth asked for."""

    score: int
    move: Any
    nodes: int


def sunfish_search(sunfish: Sunfish, history: list[Any], depth: int) -> Searched:
    """``Searcher().search(history)`` run until depth ``depth`` is complete: its root probes
    (``bound`` with a gamma) bisect [lower, upper] until the two are within its
    ``EVAL_ROUGHNESS``, where sunfish's own loop goes to the next depth. The score is the last
    lower bound (the score of the move that failed high), the move that move."""
    engine = sunfish.engine
    searcher = engine.Searcher()
    current, lower, upper, move = 0, 0, 0, None
    for reached, gamma, score, found in searcher.search(history):
        if reached != current:  # a new depth: sunfish's bracket starts afresh
            current, lower, upper = reached, 1 - engine.MATE_UPPER, engine.MATE_UPPER
        if score >= gamma:
            lower, move = score, found
        else:
            upper = score
        if reached >= depth and not lower < upper - engine.EVAL_ROUGHNESS:
            break
    return Searched(lower, move, searcher.nodes)


@functools.cache
def sunfish_missing() -> str:
    """Why sunfish cannot run here ("" if it can), found out once a process: its venv is made on
    first use (``find_sunfish``, a ``pip install``), and a failed install is not tried again for
    every chess case."""
    command, why = find_sunfish()
    if command is None:
        return why
    try:
        load_sunfish()
    except (ImportError, OSError, SyntaxError) as error:
        return f"cannot be loaded ({error})"
    return ""


@dataclass(frozen=True)
class SunfishLibrary:
    """Sunfish's search of the position ``fen`` to the case's depth, in this process."""

    fen: str
    name = "sunfish"

    def missing(self) -> str:
        return sunfish_missing()

    def runners(self, case: Case) -> list[Runner]:
        sunfish, fen, depth = load_sunfish(), self.fen, case.depth

        def prepare(count: bool) -> Search:  # sunfish counts its nodes in every run
            history = sunfish.history(fen)

            def search() -> Outcome:
                found = sunfish_search(sunfish, history, depth)
                move = san(fen, sunfish.uci_move(found.move, history))
                return Outcome(found.score, move, found.nodes)

            return search

        label = "Searcher().search(history) to the depth"
        return [Runner(self.name, label, "best", prepare)]


def san(fen: str, uci: str) -> str:
    """A move in UCI notation as the lectures name it (SAN), in the position of ``fen``."""
    return chess.Board(fen).san(chess.Move.from_uci(uci))


# ------------------------------------------------------------------------------- gamesolver


@dataclass(frozen=True)
class Gamesolver:
    """Our row: the notebook's ``Engine()``, every technique on, from the position ``fen`` to the
    case's depth."""

    fen: str
    name = OURS

    def missing(self) -> str:
        return "" if NOTEBOOK.exists() else f"no notebook {NOTEBOOK}"

    def runners(self, case: Case) -> list[Runner]:
        nb, fen, depth = chess_engine(), self.fen, case.depth

        def prepare(count: bool) -> Search:  # the engine counts its nodes in every run
            engine, board = nb.Engine(), chess.Board(fen)

            def search() -> Outcome:
                found = engine.search(board, depth=depth)
                return Outcome(found.score, board.san(found.move), found.nodes)

            return search

        return [Runner(OURS, OUR_LABEL, "best", prepare)]


OUR_LABEL = "Engine().search(board, depth)"
"""Our row's algorithm column (the depth is the depth column's)."""


# ------------------------------------------------------------------------------------ cases


def wac(number: int) -> tuple[str, list[str]]:
    """Win at Chess position ``number`` (1 to 300): its FEN and its best moves, read from the
    file the notebook's ``WinAtChess`` reads (without loading the notebook)."""
    line = data_path("chess", "wac.epd").read_text().splitlines()[number - 1]
    board, operations = chess.Board.from_epd(line)
    best = operations["bm"]
    assert isinstance(best, list)
    return board.fen(), [board.san(move) for move in best]


def versions() -> Mapping[str, str]:
    return {"sunfish": sunfish_version()}


NOTES = [
    "Both rows are each engine's best (technique `best`): no technique is common to both. "
    "Ours: the notebook's `Engine()` with every technique on, `search(board, depth=d)` without "
    "a time budget; a node is a call of `negamax` or `quiesce` (value calls, quiescence "
    "included). Sunfish (in this process, loaded from its own venv): `Searcher().search` "
    "stopped once depth d is complete; a node is a call of `bound`, its quiescence, null-move "
    "probes and MTD re-searches included.",
    "A depth is not the same work in the two: both prune by the null move, sunfish also by "
    "futility, ours extends checks and stops deepening at a mate found; so the per-node "
    "column and nodes per second are the comparable figures (and the target: ours at least as "
    "fast per node), not the time to a depth.",
    "The values are each engine's own score for the side to move in centipawns (ours: "
    "material only, a mate ±100,000 less its plies; sunfish: its piece-square tables), not the "
    "same quantity.",
]


def case(name: str, position: str, fen: str, depth: int, notes: list[str]) -> Case:
    return Case(
        game=f"Chess ({name})",
        position=f"{position}, both searched to depth {depth}",
        depth=depth,
        libraries=[Gamesolver(fen), SunfishLibrary(fen)],
        notes=[*NOTES, *notes],
        per_node=(OUR_LABEL, SunfishLibrary.name),
        time_target=False,
        same_values=False,
        more_versions=versions,
    )


def wac_case(number: int, depth: int) -> Case:
    fen, best = wac(number)
    return case(
        f"WAC {number}",
        f"Win at Chess {number}, `{fen}`",
        fen,
        depth,
        [f"Win at Chess {number}'s best move: {' or '.join(best)}."],
    )


START_DEPTH = 5
WAC = {3: 5, 7: 5}
"""The Win at Chess positions and their depths: each search takes about 0.3 to 3 s."""

CASES: dict[str, Case] = {
    "chess-start": case(
        "start",
        "the start position",
        chess.STARTING_FEN,
        START_DEPTH,
        [
            "Sunfish's own start (`position startpos` of its UCI driver) has the score 0, where "
            "its tables give the start's FEN (`from_fen`, as every case here reads its "
            "position) the sum of their values: from its own start it finds the same move with "
            "the same nodes, its score lower by that sum (a test checks it at depths 2 to 5)."
        ],
    ),
    **{f"chess-wac-{number}": wac_case(number, depth) for number, depth in WAC.items()},
}
"""Every position by its ``--case`` name."""


if __name__ == "__main__":
    from benchmarks.run import main

    sys.exit(main(cases=list(CASES.values())))
