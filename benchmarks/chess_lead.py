"""Chess: does the play page's opponent keep a lead of three pawns? (issue 33, item 15)

``python -m benchmarks.chess_lead [--games N] [--plies N] [--budget S] [--skill N]
[--opponent-time S] [--judge-depth N] [--out FILE] [--no-write] [--pgn FILE]``

A student who blunders gives the computer a lead; the computer must not give it back. The
play page's ``computer`` (the engine of ``notebooks/Chess-Engine.ipynb``) plays
at the page's time per move (``PAGE_BUDGET``, wall clock) against a weak opponent that
blunders as students do: Stockfish at ``Skill Level`` ``--skill`` (0, its weakest; its
mistakes are random, so the games differ from run to run), ``--opponent-time`` seconds a
move. ``--games`` games, from the openings of ``benchmarks/chess_play.py`` (``OPENINGS``), each
opening with the computer white, then black; a game ends by the rules or after ``--plies``
half-moves.

Stockfish at ``--judge-depth`` judges every move of the computer, knowing the game before it:
the score of its best move there (the computer's **lead**, for the computer, clamped to ±1000
centipawns, a mate counted as the clamp) and the score of the move played, both from searches
of the same position; the move's **loss** is the difference (``chess_play.scores``). A move
**throws away** a lead when the lead is ``LEAD`` (300 centipawns, three pawns) or more and the
move loses ``LEAD`` or more of it. The report lists every such move, with the lead left after
it: a move from a mate to a lead of 6 pawns is counted too (a win made longer, not lost).

The report is a section of ``benchmarks/chess.md`` between its own markers (``SECTION``);
``benchmarks/chess.py`` keeps it when it rewrites the file.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import chess
import chess.engine

from benchmarks.chess import engine_name, needed_stockfish, uci
from benchmarks.chess_play import (
    NOTEBOOK,
    OPENINGS,
    PAGE_BUDGET,
    Chooser,
    computer_player,
    opening,
    scores,
    write_section,
)
from benchmarks.harness import Started, count_option, md_table, package_versions, report_options
from benchmarks.lectures import chess_computer

SECTION = ("<!-- BEGIN chess_lead -->", "<!-- END chess_lead -->")
LEAD = 300
"""Three pawns: a lead the computer must keep, and a loss that throws it away."""


@dataclass
class Judged:
    """One move of the computer: where, what, and Stockfish's view of it."""

    game: int
    number: str
    """The move's number as a reader finds it in the game: ``7...`` for black's seventh."""
    fen: str
    san: str
    best_san: str
    lead: int
    after: int

    @property
    def loss(self) -> int:
        return max(0, self.lead - self.after)

    @property
    def throws_away(self) -> bool:
        return self.lead >= LEAD and self.loss >= LEAD


@dataclass
class Played:
    """A game: the computer's colour, its moves judged, the result."""

    opening: str
    ours: chess.Color
    board: chess.Board
    judged: list[Judged] = field(default_factory=list)

    @property
    def points(self) -> float | None:
        """The computer's points (None: not finished within the half-moves allowed)."""
        outcome = self.board.outcome()
        if outcome is None:
            return None
        return 0.5 if outcome.winner is None else float(outcome.winner == self.ours)


def number(board: chess.Board) -> str:
    return f"{board.fullmove_number}{'.' if board.turn == chess.WHITE else '...'}"


Engines = tuple[Chooser, chess.engine.SimpleEngine, chess.engine.SimpleEngine]
"""The computer, the opponent and the judge."""


def play_one(
    index: int, text: str, ours: chess.Color, args: argparse.Namespace, engines: Engines
) -> Played:
    """One game of the computer against the weak opponent, each of its moves judged."""
    computer, opponent, referee = engines
    limit = chess.engine.Limit(depth=args.judge_depth)
    game = Played(text, ours, opening(text))
    board = game.board
    while not board.is_game_over() and len(board.move_stack) < args.plies:
        if board.turn == ours:
            move = computer(board.copy())
            best, lead, after = scores(referee, board, move, limit)
            game.judged.append(
                Judged(
                    index,
                    number(board),
                    board.fen(),
                    board.san(move),
                    board.san(best),
                    lead,
                    after,
                )
            )
        else:
            reply = opponent.play(board, chess.engine.Limit(time=args.opponent_time)).move
            if reply is None:
                raise RuntimeError(f"Stockfish gave no move in {board.fen()}")
            move = reply
        board.push(move)
    return game


def run(args: argparse.Namespace, stockfish: str) -> list[Played]:
    computer = computer_player(chess_computer(args.notebook), args.budget)
    games: list[Played] = []
    with uci(stockfish) as opponent, uci(stockfish) as referee:
        opponent.configure({"Skill Level": args.skill})
        for index in range(args.games):
            text = OPENINGS[(index // 2) % len(OPENINGS)]
            ours = chess.WHITE if index % 2 == 0 else chess.BLACK
            print(f"game {index + 1} ({text or 'start'}) ...", file=sys.stderr, flush=True)
            game = play_one(index + 1, text, ours, args, (computer, opponent, referee))
            games.append(game)
    return games


def markdown(games: Sequence[Played], note: str) -> str:
    moves = [move for game in games for move in game.judged]
    leading = [move for move in moves if move.lead >= LEAD]
    thrown = [move for move in leading if move.throws_away]
    points = [game.points for game in games]
    won = sum(p == 1.0 for p in points)
    drawn, lost = sum(p == 0.5 for p in points), sum(p == 0.0 for p in points)
    unfinished = sum(p is None for p in points)
    losses = [move.loss for move in leading]
    head = ["games", "won", "drawn", "lost", "unfinished", "moves judged", f"leading by ≥ {LEAD}"]
    head += [f"losing ≥ {LEAD} there", "their mean loss (median, worst)"]
    row: list[object] = [
        len(games),
        won,
        drawn,
        lost,
        unfinished,
        len(moves),
        len(leading),
        len(thrown),
    ]
    row.append(
        f"{statistics.fmean(losses):.0f} cp ({statistics.median(losses):.0f}, {max(losses)})"
        if losses
        else "none"
    )
    lines = [SECTION[0], "## Keeping a lead (issue 33)", "", note, "", __doc__.split("\n\n")[2]]
    lines += ["", *md_table(head, [row]), ""]
    if thrown:
        lines.append(f"The moves that lose {LEAD} centipawns or more of a lead of {LEAD} or more:")
        lines.append("")
        for move in thrown:
            lines.append(
                f"- game {move.game}, {move.number}{move.san} (Stockfish: {move.best_san}),"
                f" lead {move.lead} cp, {move.after} cp after it; `{move.fen}`"
            )
    else:
        lines.append(f"No move lost {LEAD} centipawns or more of a lead of {LEAD} or more.")
    worst = sorted(moves, key=lambda move: -move.loss)[:5]
    lines += ["", "The largest losses of any move, leading or not:", ""]
    lines += [
        f"- game {m.game}, {m.number}{m.san} (Stockfish: {m.best_san}), score {m.lead} cp, loss"
        f" {m.loss} cp"
        for m in worst
    ]
    lines.append(SECTION[1])
    return "\n".join(lines) + "\n"


def pgn(games: Sequence[Played]) -> str:
    """The games in PGN, each of the computer's moves with its lead and loss as a comment."""
    import chess.pgn

    texts = []
    for game in games:
        record = chess.pgn.Game.from_board(game.board)
        record.headers.update(
            Event="keeping a lead",
            Opening=game.opening or "start",
            White="computer" if game.ours == chess.WHITE else "Stockfish, skill 0",
            Black="computer" if game.ours == chess.BLACK else "Stockfish, skill 0",
        )
        judged = iter(game.judged)
        opened = len(opening(game.opening).move_stack)  # the opening's moves are nobody's
        node: chess.pgn.GameNode = record
        while node.variations:
            node = node.variations[0]
            if node.ply() > opened and node.turn() != game.ours:  # the computer's move
                move = next(judged)
                node.comment = f"lead {move.lead}, loss {move.loss}"
        texts.append(str(record))
    return "\n\n".join(texts) + "\n"


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m benchmarks.chess_lead", description=__doc__.split("\n")[0]
    )
    p.add_argument("--games", type=count_option, default=20)
    p.add_argument("--plies", type=count_option, default=200, help="half-moves at most a game")
    p.add_argument("--budget", type=float, default=PAGE_BUDGET, help="seconds a move (wall clock)")
    p.add_argument("--skill", type=int, default=0, choices=range(21), help="the opponent's")
    p.add_argument("--opponent-time", type=float, default=0.05, help="seconds a move")
    p.add_argument("--judge-depth", type=count_option, default=12)
    p.add_argument("--notebook", type=Path, default=NOTEBOOK)
    report_options(p, "chess.md", "print the section instead")
    p.add_argument("--pgn", type=Path, default=None, help="also write the games here (PGN)")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    stockfish = needed_stockfish()
    if stockfish is None:
        return 2
    started = Started.now("benchmarks.chess_lead", argv)
    games = run(args, stockfish)
    name = engine_name(stockfish)
    note = (
        started.note(package_versions("gamesolver", "chess"))
        + f"; {name} at skill level {args.skill} and {args.opponent_time:g} s a move"
        f" as the opponent, and at depth {args.judge_depth} as the judge. The computer has"
        f" {args.budget:g} s (wall clock) a move, as on the play page."
    )
    section = markdown(games, note)
    write_section(args, section, SECTION)
    if args.pgn is not None:
        args.pgn.write_text(pgn(games), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
