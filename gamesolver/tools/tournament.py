"""``gamesolver tournament``: a class's submitted players against each other, rated.

The players (``entrants``) are notebooks that define ``choose(state, player, limit)``: a
folder of them, or the submissions of an nbgrader assignment (``submitted/STUDENT/ASSIGNMENT/``
in the course directory, the notebook of each that defines ``choose``). A small class plays a
round robin; a large one Swiss rounds (``swiss_pairs``: players of equal scores meet, no pair
twice). Every pairing plays each seeded opening twice, each player moving first once. Every
game is a ``Duel`` (``gamesolver.tools.duel``), played in a process of its own.

The results go to a SQLite file as each game ends (``Results``); a tournament stopped (Ctrl-C,
a crash, a machine gone) is resumed by the same command, which plays only the games not in the
file: a Swiss round's pairings are stored before its first game, so a resumed round is the same
round. The games run on this machine's cores (``on_cores``) or, given the address of a Dask
scheduler, on its workers (``on_dask``): the same tasks, the same results.
"""

from __future__ import annotations

import dataclasses
import json
import math
import random
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass
from pathlib import Path

from gamesolver.errors import GameSolverError
from gamesolver.notebook import NotebookError, cell_source, notebook_cells
from gamesolver.tools.duel import Duel, Key, Outcome, play_duel

ROUND_ROBIN_UP_TO = 40
"""The largest class that plays a round robin by default; a larger one plays Swiss rounds."""


class TournamentError(GameSolverError):
    """A tournament that cannot be played as asked: one line saying why."""


# -- the players ----------------------------------------------------------------------------------


def entrants(
    source: Path, course: Path | None = None, notebook: str | None = None
) -> dict[str, Path]:
    """The players by name: the notebooks in the folder ``source`` (named by their file), or
    the submissions of the assignment ``source`` in ``course`` (named by their student)."""
    if source.is_dir():
        found = {path.stem: path for path in sorted(source.glob("*.ipynb"))}
        if not found:
            raise TournamentError(f"{source} has no notebooks (.ipynb)")
        return found
    if course is None:
        raise TournamentError(f"{source} is no folder (an assignment needs --course)")
    submitted = course / "submitted"
    found = {}
    for folder in sorted(submitted.glob(f"*/{source}")):
        chosen = _player_notebook(folder, notebook)
        if chosen is not None:
            found[folder.parent.name] = chosen
    if not found:
        raise TournamentError(f"no submission of {source} in {submitted} defines choose")
    return found


def _player_notebook(folder: Path, notebook: str | None) -> Path | None:
    """The notebook of a submission that holds its player: ``notebook`` if given, else the one
    whose code defines ``choose`` (``None``: none does)."""
    if notebook is not None:
        path = folder / notebook
        return path if path.is_file() else None
    for path in sorted(folder.glob("*.ipynb")):
        try:
            cells = notebook_cells(path)
        except NotebookError:
            continue
        if any("def choose(" in cell_source(cell) for cell in cells):
            return path
    return None


# -- the pairings ---------------------------------------------------------------------------------


def round_robin(names: Sequence[str]) -> list[tuple[str, str]]:
    """Every pair of ``names`` once."""
    return [(a, b) for i, a in enumerate(names) for b in names[i + 1 :]]


def swiss_pairs(
    names: Sequence[str], scores: dict[str, float], met: set[frozenset[str]], rng: random.Random
) -> list[tuple[str, str]]:
    """One Swiss round: the players by score (ties in ``rng``'s order), each paired with the
    next one it has not met (with the next one at all if it has met them all); with an odd
    number, the last one sits out (a bye, no game)."""
    order = sorted(names, key=lambda name: (-scores.get(name, 0.0), rng.random()))
    pairs = []
    while len(order) > 1:
        a = order.pop(0)
        partner = next((b for b in order if frozenset((a, b)) not in met), order[0])
        order.remove(partner)
        pairs.append((a, partner))
    return pairs


# -- the results ----------------------------------------------------------------------------------

SCHEMA = """
CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS pairings (
    round INTEGER NOT NULL, a TEXT NOT NULL, b TEXT NOT NULL, PRIMARY KEY (round, a, b));
CREATE TABLE IF NOT EXISTS games (
    round INTEGER NOT NULL, opening INTEGER NOT NULL, first TEXT NOT NULL, second TEXT NOT NULL,
    moves TEXT NOT NULL, winner TEXT, fault TEXT NOT NULL, faulty TEXT NOT NULL,
    seconds REAL NOT NULL, PRIMARY KEY (round, opening, first, second));
"""


class Results:
    """A tournament's SQLite file: its settings, the Swiss pairings and every game played,
    each committed as it comes."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.db = sqlite3.connect(path)
        self.db.execute("PRAGMA journal_mode=WAL")  # readers (a page, a test) do not block it
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        self.db.close()

    def settle(self, settings: dict[str, str]) -> None:
        """Store ``settings``, or check that they are those stored (a resumed tournament must
        be the same tournament)."""
        stored = dict(self.db.execute("SELECT key, value FROM settings").fetchall())
        if not stored:
            with self.db:
                self.db.executemany("INSERT INTO settings VALUES (?, ?)", settings.items())
            return
        changed = sorted(
            key for key in settings.keys() | stored.keys() if settings.get(key) != stored.get(key)
        )
        if changed:
            raise TournamentError(
                f"{self.path} holds another tournament (its {', '.join(changed)} differ): "
                "give another --out, or the same settings to resume it"
            )

    def pairings(self, round: int) -> list[tuple[str, str]]:
        rows = self.db.execute("SELECT a, b FROM pairings WHERE round = ? ORDER BY rowid", (round,))
        return [(a, b) for a, b in rows]

    def pair(self, round: int, pairs: Iterable[tuple[str, str]]) -> None:
        with self.db:
            self.db.executemany(
                "INSERT INTO pairings VALUES (?, ?, ?)", [(round, a, b) for a, b in pairs]
            )

    def played(self) -> set[Key]:
        """The keys (``Duel.key``) of the games played."""
        rows = self.db.execute("SELECT round, opening, first, second FROM games")
        return {(r, o, a, b) for r, o, a, b in rows}

    def save(self, outcomes: Iterable[Outcome]) -> None:
        """Keep the games of ``outcomes``, committed at once."""
        rows = [
            (
                *outcome.key,
                json.dumps(outcome.moves),
                outcome.winner,
                outcome.fault,
                outcome.faulty,
                outcome.seconds,
            )
            for outcome in outcomes
        ]
        with self.db:
            self.db.executemany(
                "INSERT OR REPLACE INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows
            )

    def games(self) -> list[Stored]:
        rows = self.db.execute("SELECT * FROM games ORDER BY round, first, second, opening")
        return [
            Stored(r, o, a, b, json.loads(m), w, f, fy, s) for r, o, a, b, m, w, f, fy, s in rows
        ]


@dataclass(frozen=True)
class Stored:
    """A game as the results file keeps it."""

    round: int
    opening: int
    first: str
    second: str
    moves: list[int]
    winner: str | None
    fault: str
    faulty: str
    seconds: float

    @property
    def score(self) -> float:
        """The first player's points."""
        return 0.5 if self.winner is None else float(self.winner == self.first)


# -- where the games run --------------------------------------------------------------------------

Runner = Callable[[Sequence[Duel]], Iterator[list[Outcome]]]
"""Plays the duels and yields the outcomes of each as it ends, in any order."""


def on_cores(workers: int) -> Runner:
    """The games on ``workers`` processes of this machine, each game forked from one."""

    def run(duels: Sequence[Duel]) -> Iterator[list[Outcome]]:
        if not duels:
            return
        with ProcessPoolExecutor(max_workers=workers) as pool:
            pending: set[Future[list[Outcome]]] = {pool.submit(play_duel, duel) for duel in duels}
            try:
                while pending:
                    done, pending = wait(pending, return_when=FIRST_COMPLETED)
                    for future in done:
                        yield future.result()
            finally:
                for future in pending:
                    future.cancel()

    return run


def on_dask(address: str) -> Runner:
    """The games on the workers of the Dask scheduler at ``address`` (they need the package
    and the notebooks at the same paths)."""

    def run(duels: Sequence[Duel]) -> Iterator[list[Outcome]]:
        if not duels:
            return
        from distributed import Client, as_completed  # an extra: gamesolver[cluster]

        with Client(address) as client:  # type: ignore[no-untyped-call]
            futures = client.map(play_duel, list(duels), pure=False)
            try:
                for future in as_completed(futures):  # type: ignore[no-untyped-call]
                    yield future.result()
            finally:
                client.cancel(futures)

    return run


# -- the tournament -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Settings:
    """What makes a tournament: its game, players, format, openings and limits."""

    game: Path
    players: dict[str, Path]
    swiss: bool = False
    rounds: int = 0
    openings: int = 2
    seed: int = 1
    seconds: float = 1.0
    memory_mb: float = 512

    def stored(self) -> dict[str, str]:
        """The settings as the results file keeps them."""
        fields = asdict(self)
        fields["game"] = str(self.game.absolute())
        fields["players"] = json.dumps({n: str(p.absolute()) for n, p in self.players.items()})
        return {key: str(value) for key, value in fields.items()}

    def duels(self, round: int, pairs: Iterable[tuple[str, str]], done: set[Key]) -> list[Duel]:
        """The games of ``pairs`` in ``round`` not in ``done``, a ``Duel`` per pair that has
        some: each opening played twice, each player first once."""
        duels = []
        for a, b in pairs:
            duel = Duel(
                str(self.game.absolute()),
                (a, b),
                (str(self.players[a].absolute()), str(self.players[b].absolute())),
                (),
                self.openings,
                self.seed,
                self.seconds,
                self.memory_mb,
                round,
            )
            games = tuple(
                (o, first)
                for o in range(self.openings)
                for first in (a, b)
                if duel.key(o, first) not in done
            )
            if games:
                duels.append(dataclasses.replace(duel, games=games))
        return duels


def swiss_rounds(players: int) -> int:
    """The default number of Swiss rounds for a class: enough to single out a winner, plus
    two for the order below it."""
    return math.ceil(math.log2(max(players, 2))) + 2


def play(
    settings: Settings,
    results: Results,
    runner: Runner,
    told: Callable[[Outcome], None] | None = None,
) -> int:
    """Play every game of the tournament not yet in ``results``, saving each as it ends
    (``told`` hears of it); the number of games played now."""
    results.settle(settings.stored())
    names = sorted(settings.players)
    done = results.played()
    count = 0
    rounds = settings.rounds if settings.swiss else 1
    for round in range(rounds):
        pairs = results.pairings(round)
        if not pairs:
            pairs = _pairs(settings, names, round, results)
            results.pair(round, pairs)
        for outcomes in runner(settings.duels(round, pairs, done)):
            results.save(outcomes)
            count += len(outcomes)
            if told is not None:
                for outcome in outcomes:
                    told(outcome)
    return count


def _pairs(
    settings: Settings, names: list[str], round: int, results: Results
) -> list[tuple[str, str]]:
    """The pairings of ``round``: all pairs in a round robin, else a Swiss round from the
    scores of the rounds before it."""
    if not settings.swiss:
        return round_robin(names)
    scores: dict[str, float] = {}
    met: set[frozenset[str]] = set()
    for game in results.games():
        scores[game.first] = scores.get(game.first, 0.0) + game.score
        scores[game.second] = scores.get(game.second, 0.0) + 1 - game.score
        met.add(frozenset((game.first, game.second)))
    return swiss_pairs(names, scores, met, random.Random(f"{settings.seed} {round}"))
