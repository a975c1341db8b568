"""Chess: how the play page's opponent plays, judged move by move by Stockfish (issue 28).

``python -m benchmarks.chess_play [--versions before,after] [--openings N] [--plies N]
[--budget S] [--match-openings N] [--match-plies N] [--match-budget S] [--judge-depth N]
[--out FILE] [--no-write]``

The opponent of the play page (``notebooks/play/Chess.ipynb``) is the ``computer`` of
``Chess-Engine.ipynb`` (the lecture's, with the engine's search) at the page's default time per
move (``PAGE_BUDGET``, wall clock, as the page runs it). Two versions of it are measured
(``VERSIONS``): *before*, as it was at the commit ``BEFORE`` (read from git), and *after*, the
``computer`` as it is now. For each version:

- *self-play*: from each of ``--openings`` fixed openings (``OPENINGS``: the start and common
  first moves), the version plays both sides for ``--plies`` half-moves (or to the end of the
  game); every move of the game is then one of ours. Stockfish (Debian's ``stockfish``, driven
  over UCI by python-chess as ``benchmarks/chess.py`` does) judges every move at
  ``--judge-depth``, knowing the game before it: the **loss** of a move is the score of
  Stockfish's best move there minus the score of the move played, both for the mover from
  searches of the same position, clamped to ±1000 centipawns (a mate beyond the clamp); 0 for
  Stockfish's own move (``move_loss``). Reported:
  the mean loss of the moves of the first 15 moves of each side and over the game; the share
  of moves that take a piece straight back to the square it came from on that side's previous
  move (``is_back``); the moves that lose 200 centipawns or more (a piece dropped that
  Stockfish sees at once); whether each side castled.
- *match*: the versions against each other from each of ``--match-openings`` openings, each
  played twice with the colours swapped, at ``--match-budget`` s a move; a game that reaches
  ``--match-plies`` unfinished is adjudicated by Stockfish's score at ``--judge-depth``: 200
  centipawns or more for one side is its win, else a draw.

The report is a section of ``benchmarks/chess.md`` between ``BEGIN`` and ``END`` markers (the
rest of the file, ``benchmarks/chess.py``'s report, is kept; that script keeps this section
too). Stockfish missing: the script says how to install it and exits with status 2.
"""

from __future__ import annotations

import argparse
import atexit
import io
import random
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import chess
import chess.engine

from benchmarks.chess import (
    PLAY_SECTION,
    clamp,
    engine_name,
    needed_stockfish,
    uci,
)
from benchmarks.harness import (
    Started,
    count_option,
    md_table,
    package_versions,
    report_options,
)
from benchmarks.lectures import CHESS_ENGINE, Computer, chess_computer
from gamesolver.match import names
from gamesolver.widgets.chess_board import move_of

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
NOTEBOOK = CHESS_ENGINE
BEGIN, END = PLAY_SECTION
PAGE_BUDGET = 1.0
"""The play page's default time per move (``Play(..., budget=1)`` in notebooks/play/Chess.ipynb)."""
OPENINGS = [
    "",
    "e4",
    "d4",
    "c4",
    "Nf3",
    "e4 e5",
    "d4 d5",
    "e4 c5",
    "e4 e6",
    "d4 Nf6",
]
"""The openings the games start from, in SAN: the start position first, then common first
moves (the engine, deterministic at a fixed depth, would otherwise play the same game)."""
EARLY = 15
"""The first moves of each side whose loss is reported apart (the opening and development)."""
BLUNDER = 200
"""A move that loses this many centipawns or more drops material (two pawns or a piece)."""
ADJUDICATE = 200

Chooser = Callable[[chess.Board], chess.Move]
"""A player: the move it makes in a position (the board has the game's move stack)."""


def opening(text: str) -> chess.Board:
    """The board after the SAN moves of ``text`` (``""``: the start)."""
    board = chess.Board()
    for san in text.split():
        board.push_san(san)
    return board


def is_back(moves: Sequence[chess.Move], index: int) -> bool:
    """Whether move ``index`` takes a piece straight back: it goes from where the same side's
    previous move (two half-moves before) went, to where that move came from."""
    if index < 2:
        return False
    move, before = moves[index], moves[index - 2]
    return move.from_square == before.to_square and move.to_square == before.from_square


def scores(
    engine: chess.engine.SimpleEngine,
    board: chess.Board,
    move: chess.Move,
    limit: chess.engine.Limit,
) -> tuple[chess.Move, int, int]:
    """Stockfish's best move in ``board`` (whose move stack is the game before it), its score
    and the score of ``move``, for the mover, clamped; both scores from searches of this
    position: the scores of two positions in a row, each searched on its own, disagree where a
    repetition is in reach (an only legal move was charged 265 centipawns that way in a
    perpetual check)."""
    found = engine.analyse(board, limit)
    if not found.get("pv"):
        raise RuntimeError(f"Stockfish gave no move in {board.fen()}")
    best, score = found["pv"][0], clamp(found["score"], board.turn)
    if best == move:
        return best, score, score
    played = engine.analyse(board, limit, root_moves=[move])
    return best, score, clamp(played["score"], board.turn)


def move_loss(
    engine: chess.engine.SimpleEngine,
    board: chess.Board,
    move: chess.Move,
    limit: chess.engine.Limit,
) -> int:
    """Stockfish's loss of ``move`` in ``board``: the score of its best move minus the score of
    ``move`` (``scores``); 0 if ``move`` is its best."""
    _, best, played = scores(engine, board, move, limit)
    return max(0, best - played)


@dataclass
class Game:
    """One game: where it started, its moves (after the opening), and the result."""

    opening: str
    start: chess.Board
    moves: list[chess.Move] = field(default_factory=list)
    lost: list[int] = field(default_factory=list)
    """Stockfish's loss of each move (``move_loss``)."""
    result: str = "*"

    def boards(self) -> list[chess.Board]:
        board, found = self.start.copy(), [self.start.copy()]
        for move in self.moves:
            board.push(move)
            found.append(board.copy())
        return found

    def castled(self, colour: chess.Color) -> bool:
        board = self.start.copy()
        for move in self.moves:
            if board.turn == colour and board.is_castling(move):
                return True
            board.push(move)
        return False


def play(white: Chooser, black: Chooser, start: chess.Board, plies: int, name: str = "") -> Game:
    """A game from ``start``: at most ``plies`` half-moves, or until it is over by the rules
    (fivefold repetition and the 75-move rule included)."""
    game, board = Game(name, start.copy()), start.copy()
    while len(game.moves) < plies and not board.is_game_over():
        move = (white if board.turn == chess.WHITE else black)(board.copy())
        if not board.is_legal(move):
            raise ValueError(f"{move} is not legal in {board.fen()}")
        game.moves.append(move)
        board.push(move)
    game.result = board.result()
    return game


def judge(game: Game, engine: chess.engine.SimpleEngine, limit: chess.engine.Limit) -> Game:
    """Stockfish's loss of every move of ``game`` (kept in ``game.lost``)."""
    boards = game.boards()
    game.lost = [move_loss(engine, b, m, limit) for b, m in zip(boards, game.moves, strict=False)]
    return game


@dataclass
class Summary:
    """What the moves of a set of games say (every move of a self-play game is ours)."""

    games: int
    moves: int
    early: list[float]
    """Each game's mean loss over the first ``EARLY`` moves of each side."""
    whole: list[float]
    """Each game's mean loss over all of its moves."""
    back: int
    blunders: int
    castled: int
    """Sides that castled (two a game)."""


def summarize(games: Sequence[Game]) -> Summary:
    early, whole, back, blunders, castled, moves = [], [], 0, 0, 0, 0
    for game in games:
        lost = game.lost
        first_move = game.start.fullmove_number
        numbers, turn, number = [], game.start.turn, first_move
        for _ in game.moves:  # the move number of each half-move
            numbers.append(number)
            if turn == chess.BLACK:
                number += 1
            turn = not turn
        in_early = [loss for loss, n in zip(lost, numbers, strict=True) if n <= EARLY]
        early.append(statistics.fmean(in_early) if in_early else 0.0)
        whole.append(statistics.fmean(lost) if lost else 0.0)
        back += sum(is_back(game.moves, index) for index in range(len(game.moves)))
        blunders += sum(loss >= BLUNDER for loss in lost)
        castled += game.castled(chess.WHITE) + game.castled(chess.BLACK)
        moves += len(game.moves)
    return Summary(len(games), moves, early, whole, back, blunders, castled)


# ------------------------------------------------------------------------------ the players


def computer_player(computer: Computer, budget: float | None) -> Chooser:
    """A player from a play page's ``computer(state, player, rng, budget=...)`` (``None``: the
    computer's own limit, e.g. a depth given to it): the move to the state it returns. A
    ``computer`` with a parameter ``earlier`` gets the game's states before the board's,
    as the page gives them."""

    rng = random.Random(0)
    remembers = names(computer, "earlier")

    def choose(board: chess.Board) -> chess.Move:
        player = "white" if board.turn == chess.WHITE else "black"
        known = {"earlier": earlier_states(board)} if remembers else {}
        after = computer(board.fen(), player, rng, budget=budget, **known)[1]
        return move_of(board.fen(), after)

    return choose


def earlier_states(board: chess.Board) -> tuple[str, ...]:
    """The states (FEN) of the game before ``board``'s position, from its move stack's root."""
    replay, states = board.root(), []
    for move in board.move_stack:
        states.append(replay.fen())
        replay.push(move)
    return tuple(states)


BEFORE = "b85acd0d6d140c968399f94777924f603745c228"
"""The commit whose opponent is *before*: the play page's ``computer`` at the end of issue 28's
first part (the lecture's estimate, castling searched), before the engine searched less (killers,
null windows, the null move, losing captures skipped in quiescence) and its estimate was
counted on bitboards."""


def notebook_at(revision: str, notebook: Path) -> Path:
    """``notebook`` as it was at git ``revision`` of this repository, with the notebooks of its
    folder (it runs some of them), extracted into a temporary folder removed at exit."""
    try:
        relative = notebook.resolve().relative_to(ROOT)
    except ValueError:
        raise SystemExit(f"{notebook} is not in this repository ({ROOT})") from None
    command = ["git", "-C", str(ROOT), "archive", "--format=tar", revision, str(relative.parent)]
    try:
        archive = subprocess.run(command, capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError) as error:
        why = getattr(error, "stderr", b"").decode(errors="replace").strip() or str(error)
        shallow = (ROOT / ".git" / "shallow").exists()
        hint = " (this clone is shallow: `git fetch --unshallow` brings the history)" * shallow
        raise SystemExit(f"cannot read {relative} at {revision} from git: {why}{hint}") from None
    folder = Path(tempfile.mkdtemp(prefix="chess-play-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        safe = {"filter": "data"} if hasattr(tarfile, "data_filter") else {}  # Python 3.11.4+
        tar.extractall(folder, **safe)  # type: ignore[arg-type]
    return folder / relative


VERSIONS: dict[str, Callable[[Path], Computer]] = {
    "before": lambda notebook: chess_computer(notebook_at(BEFORE, notebook)),
    "after": chess_computer,
}
"""Each version's ``computer``, from the lecture at ``notebook``: *before* as it was at
``BEFORE``, *after* as it is."""


# ----------------------------------------------------------------------------------- report


@dataclass
class Results:
    plies: int
    budget: float
    depth: int
    selfplay: dict[str, list[Game]] = field(default_factory=dict)
    match: list[tuple[str, str, str, float]] = field(default_factory=list)
    """(opening, white version, black version, points for white)."""
    match_plies: int = 0
    match_budget: float = 0.0


ABOUT = (
    "The versions: *before* is the play page's `computer` at commit"
    f" {BEFORE[:7]} (the engine of `Chess-Engine.ipynb` with the lecture's `estimate`: material,"
    " Tomasz Michniewski's piece-square tables, the bishop pair and the king's safety; castling"
    " searched); *after* is the `computer` now: the same estimate, counted on bitboards, and an"
    " engine that searches less where little is at stake (killer moves, null windows, the null"
    " move, losing captures skipped in quiescence) that knows the game's positions before its"
    " search (a position met again is a draw). Stockfish's scores are"
    " clamped to ±1000 centipawns; a move's loss is the score of Stockfish's best move minus the"
    " score of the move played, both from searches of the position before it, with the game's"
    " history (0 for Stockfish's own move)."
)


HISTORY = (
    "Earlier runs (the material alone against the estimate, castling searched, the engine that"
    " searches less, the loss read from two positions in a row) are kept in"
    " [chess_play_history.md](chess_play_history.md)."
)


def spread(values: Sequence[float]) -> str:
    if not values:
        return "none"
    mean, median = statistics.fmean(values), statistics.median(values)
    return f"{mean:.0f} (median {median:.0f}, {min(values):.0f}-{max(values):.0f})"


def markdown(r: Results, note: str) -> str:
    lines = [BEGIN, "## The play page's opponent, judged by Stockfish (issue 28)", "", note, ""]
    lines += [ABOUT, "", HISTORY, ""]
    rows = []
    for name, games in r.selfplay.items():
        s = summarize(games)
        rows.append(
            [
                name,
                s.games,
                s.moves,
                spread(s.early),
                spread(s.whole),
                f"{s.back} ({s.back / max(1, s.moves):.1%})",
                s.blunders,
                f"{s.castled} / {2 * s.games}",
            ]
        )
    head = [
        "version",
        "games",
        "moves",
        f"mean loss, moves 1-{EARLY} (cp)",
        "mean loss, whole game (cp)",
        "moves straight back",
        f"moves losing ≥ {BLUNDER} cp",
        "sides castled",
    ]
    lines += [
        f"Self-play: each version plays both sides from each opening, {r.plies} half-moves at"
        f" {r.budget:g} s (wall clock) a move; each game's mean loss, then the mean over the"
        " games (median, lowest-highest):",
        "",
        *md_table(head, rows),
        "",
    ]
    for name, games in r.selfplay.items():
        lines.append(
            f"- {name}: "
            + "; ".join(f"({g.opening or 'start'}) {san_line(g, 12)}" for g in games[:3])
        )
    lines.append("")
    if r.match:
        points: dict[str, float] = {}
        for _, white, black, score in r.match:
            points[white] = points.get(white, 0) + score
            points[black] = points.get(black, 0) + 1 - score
        lines += [
            f"Match: {len(r.match)} games, each opening twice with the colours swapped, at"
            f" {r.match_budget:g} s a move, adjudicated by Stockfish after {r.match_plies}"
            f" half-moves (±{ADJUDICATE} cp): "
            + ", ".join(f"{name} {points[name]:g}" for name in sorted(points))
            + " points.",
            "",
        ]
    lines.append(END)
    return "\n".join(lines) + "\n"


def pgn(r: Results) -> str:
    """The self-play games in PGN, each move with its loss in centipawns as a comment."""
    import chess.pgn

    texts = []
    for name, games in r.selfplay.items():
        for game in games:
            record = chess.pgn.Game.from_board(game.boards()[-1])
            record.headers.update(Event=f"{name} self-play", Opening=game.opening or "start")
            record.headers["Result"] = game.result
            node: chess.pgn.GameNode = record
            lost = game.lost
            while node.variations:
                node = node.variations[0]
                ply = node.ply() - game.start.ply() - 1
                if 0 <= ply < len(lost):
                    node.comment = f"loss {lost[ply]}"
            texts.append(str(record))
    return "\n\n".join(texts) + "\n"


def san_line(game: Game, plies: int) -> str:
    return game.start.variation_san(game.moves[:plies])


def merged(existing: str, section: str, markers: tuple[str, str] = PLAY_SECTION) -> str:
    """``existing`` with its section between the ``markers`` replaced by ``section`` (appended
    if it has none)."""
    begin, end = markers
    if begin in existing and end in existing:
        head, rest = existing.split(begin, 1)
        _, tail = rest.split(end, 1)
        return head + section.rstrip("\n") + tail
    return existing.rstrip("\n") + "\n\n" + section


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m benchmarks.chess_play", description=__doc__.split("\n")[0]
    )
    p.add_argument("--versions", default="before,after", help="versions measured (before,after)")
    p.add_argument("--openings", type=count_option, default=10, help="openings of the self-play")
    p.add_argument("--plies", type=count_option, default=60, help="half-moves a self-play game")
    p.add_argument("--budget", type=float, default=PAGE_BUDGET, help="seconds a move (wall clock)")
    p.add_argument("--match-openings", type=lambda t: count_option(t, 0), default=4)
    p.add_argument("--match-plies", type=count_option, default=100)
    p.add_argument("--match-budget", type=float, default=0.5)
    p.add_argument("--judge-depth", type=count_option, default=12)
    p.add_argument("--notebook", type=Path, default=NOTEBOOK)
    report_options(p, "chess.md", "print the section instead")
    p.add_argument("--pgn", type=Path, default=None, help="also write the games here (PGN)")
    return p


def run(args: argparse.Namespace, stockfish: str) -> Results:
    names = [name.strip() for name in args.versions.split(",") if name.strip()]
    unknown = [name for name in names if name not in VERSIONS]
    if unknown or not names:
        raise SystemExit(f"unknown versions {unknown}: choose among {', '.join(VERSIONS)}")
    if args.openings > len(OPENINGS) or args.match_openings > len(OPENINGS):
        raise SystemExit(f"at most {len(OPENINGS)} openings")
    r = Results(args.plies, args.budget, args.judge_depth)
    computers = {name: VERSIONS[name](args.notebook) for name in names}
    limit = chess.engine.Limit(depth=args.judge_depth)
    with uci(stockfish) as engine:
        for name in names:
            player = computer_player(computers[name], args.budget)
            r.selfplay[name] = []
            for text in OPENINGS[: args.openings]:
                print(f"self-play {name} ({text or 'start'}) ...", file=sys.stderr, flush=True)
                game = play(player, player, opening(text), args.plies, text)
                r.selfplay[name].append(judge(game, engine, limit))
        if len(names) >= 2 and args.match_openings:
            r.match_plies, r.match_budget = args.match_plies, args.match_budget
            one, two = names[0], names[1]
            players = {n: computer_player(computers[n], args.match_budget) for n in (one, two)}
            for text in OPENINGS[: args.match_openings]:
                for white, black in ((one, two), (two, one)):
                    print(
                        f"match {white}-{black} ({text or 'start'}) ...",
                        file=sys.stderr,
                        flush=True,
                    )
                    game = play(
                        players[white], players[black], opening(text), args.match_plies, text
                    )
                    r.match.append((text, white, black, points(game, engine, limit)))
    return r


def points(game: Game, engine: chess.engine.SimpleEngine, limit: chess.engine.Limit) -> float:
    """White's points: by the rules, or adjudicated by Stockfish's score at the end."""
    if game.result != "*":
        return {"1-0": 1.0, "0-1": 0.0}.get(game.result, 0.5)
    board = game.boards()[-1]  # not over: its result is "*"
    score = clamp(engine.analyse(board, limit)["score"], board.turn)
    white = score if board.turn == chess.WHITE else -score
    return 1.0 if white >= ADJUDICATE else 0.0 if white <= -ADJUDICATE else 0.5


def write_section(
    args: argparse.Namespace, section: str, markers: tuple[str, str] = PLAY_SECTION
) -> None:
    """``section`` printed (``--no-write``) or put between its ``markers`` in ``--out``."""
    if args.no_write:
        print(section)
    else:
        existing = args.out.read_text(encoding="utf-8") if args.out.exists() else ""
        args.out.write_text(merged(existing, section, markers), encoding="utf-8")
        print(f"wrote {args.out}", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    stockfish = needed_stockfish()
    if stockfish is None:
        return 2
    started = Started.now("benchmarks.chess_play", argv)
    results = run(args, stockfish)
    name = engine_name(stockfish)
    note = (
        started.note(package_versions("gamesolver", "chess"))
        + f", {name} judging at depth {args.judge_depth}. The times per move are wall"
        " clock, as on the play page: on this shared machine the engine got less than a whole"
        " core, so these are the page's settings on a slow computer."
    )
    section = markdown(results, note)
    if args.pgn is not None:
        args.pgn.write_text(pgn(results), encoding="utf-8")
    write_section(args, section)
    return 0


if __name__ == "__main__":
    sys.exit(main())
