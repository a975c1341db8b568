"""What a class tournament shows: the standings as a table, the ratings as a plot with their
intervals, and a static page for the class with both and every game, move by move.

``standings`` reads the games kept by ``gamesolver.tools.tournament.Results`` and rates the
players (``gamesolver.tools.ratings``); ``write`` puts ``standings.csv``, ``ratings.png`` and
``index.html`` in a folder. The page needs no server and nothing from the network: the plot is
drawn into it (SVG), and a game lists its moves with the board after each: the game notebook's
board (a ``BoardWidget`` it defines, e.g. ``board = NimBoard(...)``) drawn as an SVG picture,
as the course's widgets draw it, or else the game's text (``game.text``).
"""

from __future__ import annotations

import csv
import html
import io
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gamesolver.game import AnyGame
from gamesolver.notebook import definitions
from gamesolver.table import Table
from gamesolver.tools.duel import game_of, notebook_of, openings_of, replay
from gamesolver.tools.ratings import Rating, bradley_terry
from gamesolver.tools.tournament import Settings, Stored

if TYPE_CHECKING:
    from gamesolver.widgets.board import BoardWidget


@dataclass(frozen=True)
class Standing:
    """One player's line: rating, interval, and games won, drawn, lost and lost by a fault."""

    rank: int
    rating: Rating
    won: int
    drawn: int
    lost: int
    faults: int

    @property
    def games(self) -> int:
        return self.won + self.drawn + self.lost


def standings(names: Sequence[str], games: Sequence[Stored]) -> list[Standing]:
    """The players rated from ``games`` (Bradley-Terry), best first."""
    ratings = bradley_terry(names, [(g.first, g.second, g.score) for g in games])
    tally = {name: [0, 0, 0, 0] for name in names}
    for game in games:
        for name in (game.first, game.second):
            column = 1 if game.winner is None else 0 if game.winner == name else 2
            tally[name][column] += 1
        if game.faulty:
            tally[game.faulty][3] += 1
    return [Standing(rank, rating, *tally[rating.name]) for rank, rating in enumerate(ratings, 1)]


COLUMNS = ("rank", "player", "rating", "low", "high", "games", "won", "drawn", "lost", "faults")
"""The table's and the CSV's columns; low and high bound the rating's 95 % interval."""


def _row(standing: Standing) -> list[object]:
    r = standing.rating
    return [
        standing.rank,
        r.name,
        round(r.rating),
        round(r.low),
        round(r.high),
        standing.games,
        standing.won,
        standing.drawn,
        standing.lost,
        standing.faults,
    ]


def table(lines: Sequence[Standing]) -> Table:
    """The standings as a table (Elo scale, the class's mean at 0)."""
    rows = Table(list(COLUMNS), title="Standings (ratings with their 95 % intervals)")
    for standing in lines:
        rows.add(*_row(standing))
    return rows


def plot_svg(lines: Sequence[Standing], format: str = "svg") -> bytes:
    """The ratings with their 95 % intervals, best at the top, as an image (``format``)."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    figure = Figure(figsize=(6.4, 1.2 + 0.28 * len(lines)))
    axes = figure.subplots()
    ys = list(range(len(lines)))[::-1]
    ratings = [s.rating for s in lines]
    axes.errorbar(
        [r.rating for r in ratings],
        ys,
        xerr=[[r.rating - r.low for r in ratings], [r.high - r.rating for r in ratings]],
        fmt="o",
        capsize=3,
    )
    axes.set_yticks(ys, [r.name for r in ratings])
    axes.set_xlabel("rating (Elo scale; the bars: 95 % intervals)")
    axes.axvline(0, color="grey", linewidth=0.5)
    figure.tight_layout()
    buffer = io.BytesIO()
    figure.savefig(buffer, format=format, metadata={"Date": None} if format == "svg" else None)
    return buffer.getvalue()


def write(settings: Settings, games: Sequence[Stored], folder: Path) -> list[Standing]:
    """The standings of ``games``, written to ``folder``: ``standings.csv``, ``ratings.png``
    and the class's page ``index.html``; the standings."""
    folder.mkdir(parents=True, exist_ok=True)
    lines = standings(sorted(settings.players), games)
    with open(folder / "standings.csv", "w", newline="") as file:
        writer = csv.writer(file)
        writer.writerow(COLUMNS)
        writer.writerows(_row(standing) for standing in lines)
    (folder / "ratings.png").write_bytes(plot_svg(lines, "png"))
    (folder / "index.html").write_text(page(settings, lines, games))
    return lines


PICTURES_UP_TO = 2000
"""The most board pictures a page draws (about 4 kB each); beyond, its boards are text."""


def page(settings: Settings, lines: Sequence[Standing], games: Sequence[Stored]) -> str:
    """The class's page: the standings, the plot, and games replayed move by move (each
    pairing's from the first opening, and those lost by a fault: a class of 300 plays too many
    to read), with the game's board as a picture if its notebook defines one and the page
    stays small enough (``PICTURES_UP_TO``)."""
    path = str(settings.game.absolute())
    game = game_of(path)
    svg = plot_svg(lines).decode()
    svg = svg[svg.index("<svg") :]
    openings = openings_of(path, settings.openings, settings.seed)
    shown = [(n, g) for n, g in enumerate(games, 1) if g.opening == 0 or g.fault]
    positions = sum(len(g.moves) + 1 for _, g in shown)
    board = board_of(path)
    draw = _text_board(game)
    if board is not None and positions <= PICTURES_UP_TO:
        draw = _picture_board(board)
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8"><title>Tournament</title>',
        f"<style>{STYLE}</style></head><body>",
        f"<h1>Tournament: {html.escape(game.name)}</h1>",
        f"<p>{len(lines)} players, {len(games)} games; {settings.seconds:g} s of CPU time a "
        "move. A rating is on the Elo scale (400 points: odds of 10 to 1), the class's mean at "
        "0; low and high bound its 95 % interval.</p>",
        table(lines)._repr_html_(),
        f'<figure class="ratings">{svg}</figure>',
        "<h2>The games</h2>",
        f"<p>Each pairing's games from the first opening, and every game lost by a fault; "
        f"all {len(games)} are in results.sqlite.</p>",
    ]
    for number, played in shown:
        start, first = openings[played.opening]
        parts.append(_game_html(game, number, played, start, first, draw))
    parts.append("</body></html>")
    return "\n".join(parts)


def board_of(path: str) -> BoardWidget[Any, Any] | None:
    """The board the game notebook at ``path`` defines (a ``BoardWidget``: the one named
    ``board`` if there are several), or ``None``."""
    from gamesolver.widgets.board import BoardWidget  # (ipywidgets: only for a page)

    found = definitions(notebook_of(path), object).items()  # (BoardWidget is abstract)
    boards = {name: value for name, value in found if isinstance(value, BoardWidget)}
    if "board" in boards:
        return boards["board"]
    return next(iter(boards.values())) if len(boards) == 1 else None


Draw = Callable[[Hashable, Hashable | None], str]
"""A position of a replayed game as HTML: the state, and the one before it (``None``: none)."""


def _text_board(game: AnyGame) -> Draw:
    """The game's text (``game.text``) in a ``<pre>``."""
    return lambda state, before: f"<pre>{html.escape(game.text(state))}</pre>"


def _picture_board(board: BoardWidget[Any, Any]) -> Draw:
    """The board's SVG picture, the move to ``state`` marked as the widget marks it."""

    def draw(state: Hashable, before: Hashable | None) -> str:
        board.draw(state, before)
        picture = board.picture()
        return f'<div class="board">{picture}</div>' if picture else ""

    return draw


def _game_html(
    game: AnyGame, number: int, played: Stored, start: Hashable, first: Hashable, draw: Draw
) -> str:
    """One game as a ``<details>``: who played, the result, and each move with the board."""
    result = "a draw" if played.winner is None else f"won by {played.winner}"
    why = f" ({played.faulty} lost: {played.fault})" if played.fault else ""
    summary = (
        f"Game {number}: {played.first} ({first}) against {played.second}, round "
        f"{played.round + 1}, opening {played.opening + 1}: {result}{why}"
    )
    rows = [f"<li><span>the opening</span>{draw(start, None)}</li>"]
    before, mover = start, first
    for after in replay(game, start, first, played.moves):
        who = played.first if mover == first else played.second
        move = game.move_name(before, after)
        rows.append(
            f"<li><span>{html.escape(f'{who} ({mover}): {move}')}</span>{draw(after, before)}</li>"
        )
        before, mover = after, game.other(mover)
    return (
        f'<details id="game-{number}"><summary>{html.escape(summary)}</summary>'
        f'<ol class="moves">{"".join(rows)}</ol></details>'
    )


STYLE = """
body { font-family: sans-serif; margin: 2em auto; max-width: 60em; }
table.gamesolver-table td, table.gamesolver-table th { padding: 0.2em 0.6em; }
figure.ratings svg { max-width: 100%; height: auto; }
ol.moves { display: flex; flex-wrap: wrap; gap: 1em; list-style: none; padding: 0; }
ol.moves pre { margin: 0.3em 0; }
ol.moves div.board svg { display: block; width: 14em; height: auto; margin: 0.3em 0; }
"""
