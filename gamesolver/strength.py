"""UCT beside alpha-beta on Connect Four, as measured: the results ``benchmarks/mcts.py`` writes
to ``benchmarks/mcts.json`` and the MCTS lecture shows.

The file holds counts, not percentages: for each run (a sample of Pons' test positions), each
playout count, each player (UCT with those playouts, alpha-beta with UCT's median time there)
and each group of positions (all, the decisive ones, and those won, drawn or lost for the player
to move), how many of its moves were optimal. Shares and their 95% intervals are computed from
the counts here, so that the benchmark's report and the lecture's table cannot disagree.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gamesolver.resources import PACKAGE, REPOSITORY
from gamesolver.table import Table

RESULTS = REPOSITORY / "benchmarks" / "mcts.json"
"""Where the benchmark writes its results, and where ``read_strength`` reads them."""

SHIPPED = PACKAGE / "mcts.json"
"""The wheel's copy of ``RESULTS`` (``pyproject.toml``: ``force-include``), read when the
repository is not there: a class's hub installs the package, not the repository."""

GROUPS = ("all", "decisive", "win", "draw", "loss")
"""The groups of positions counted: all of them; the decisive ones, where some move is not
optimal; and those the player to move wins, draws or loses with perfect play."""


@dataclass(frozen=True)
class Share:
    """``optimal`` moves in ``positions``: a share, with Wilson's 95% score interval (which stays
    inside [0, 1] and is sound near 0% and 100%, where the normal approximation is not)."""

    optimal: int
    positions: int

    @property
    def value(self) -> float:
        """The share of optimal moves."""
        return self.optimal / self.positions

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """Wilson's score interval around the share (95% for the default ``z``)."""
        n, p = self.positions, self.value
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return centre - half, centre + half

    def __str__(self) -> str:
        """``95.0% (92.7%-96.6%)``, or empty for no positions."""
        if self.positions == 0:
            return ""
        low, high = self.interval()
        return f"{self.value:.1%} ({low:.1%}-{high:.1%})"


@dataclass(frozen=True)
class Player:
    """One player at one playout count: its optimal moves per group, and its times."""

    optimal: Mapping[str, int]
    seconds: tuple[float, float, float]
    """Seconds a move: the median, the 10th and the 90th percentile."""
    depth: tuple[float, int, int] | None = None
    """Alpha-beta's depth reached: the median, the least and the most (None for UCT)."""


@dataclass(frozen=True)
class Count:
    """UCT with ``playouts`` playouts a move, and alpha-beta with UCT's median time a move."""

    playouts: int
    uct: Player
    alpha_beta: Player

    @property
    def budget(self) -> float:
        """Alpha-beta's time a move, in seconds: UCT's median here."""
        return self.uct.seconds[0]


@dataclass(frozen=True)
class Run:
    """One run of the benchmark on a sample of Pons' test positions."""

    sets: tuple[str, ...]
    moves_left: str
    """How far the positions are from the end with perfect play, in Pons' words."""
    seed: int
    note: str
    """When, where and how the run was made."""
    positions: Mapping[str, int]
    """How many positions each group has."""
    random_share: float
    """The share of optimal moves a random move gets on average: the baseline."""
    counts: tuple[Count, ...]

    def share(self, player: Player, group: str = "all") -> Share:
        """``player``'s share of optimal moves in the positions of ``group``."""
        return Share(player.optimal[group], self.positions[group])


def _player(data: Mapping[str, Any]) -> Player:
    depth = data.get("depth")
    return Player(
        optimal={group: int(data["optimal"][group]) for group in GROUPS},
        seconds=(data["seconds"][0], data["seconds"][1], data["seconds"][2]),
        depth=None if depth is None else (depth[0], int(depth[1]), int(depth[2])),
    )


def _player_data(player: Player) -> dict[str, Any]:
    data: dict[str, Any] = {"optimal": dict(player.optimal), "seconds": list(player.seconds)}
    if player.depth is not None:
        data["depth"] = list(player.depth)
    return data


def strength_json(runs: Sequence[Run]) -> str:
    """The runs as the JSON text of ``benchmarks/mcts.json``, which ``parse_strength`` reads."""
    data = {
        "runs": [
            {
                "sets": list(run.sets),
                "moves_left": run.moves_left,
                "seed": run.seed,
                "note": run.note,
                "positions": dict(run.positions),
                "random_share": run.random_share,
                "counts": [
                    {
                        "playouts": count.playouts,
                        "uct": _player_data(count.uct),
                        "alpha_beta": _player_data(count.alpha_beta),
                    }
                    for count in run.counts
                ],
            }
            for run in runs
        ]
    }
    return json.dumps(data, indent=1) + "\n"


def parse_strength(text: str) -> list[Run]:
    """The runs in the JSON text that ``strength_json`` writes."""
    return [
        Run(
            sets=tuple(run["sets"]),
            moves_left=run["moves_left"],
            seed=int(run["seed"]),
            note=run["note"],
            positions={group: int(run["positions"][group]) for group in GROUPS},
            random_share=float(run["random_share"]),
            counts=tuple(
                Count(int(count["playouts"]), _player(count["uct"]), _player(count["alpha_beta"]))
                for count in run["counts"]
            ),
        )
        for run in json.loads(text)["runs"]
    ]


def read_strength(path: Path | None = None) -> list[Run]:
    """The runs the benchmark measured, from ``path``: by default ``RESULTS`` in the repository,
    else the wheel's ``SHIPPED`` copy."""
    found = path or (RESULTS if RESULTS.is_file() else SHIPPED)
    return parse_strength(found.read_text(encoding="utf-8"))


def strength_table(runs: Sequence[Run], group: str = "all") -> Table:
    """UCT's share of optimal moves at each playout count beside alpha-beta's at the same time
    a move, with their 95% intervals, in the positions of ``group``."""
    which = {"all": "", "decisive": ": the decisive ones", "win": ": the won ones"}
    which |= {"draw": ": the drawn ones", "loss": ": the lost ones"}
    sizes = " or ".join(sorted({f"{run.positions['all']:,}" for run in runs}))
    title = f"{sizes} positions a set{which[group]}"
    table = Table(
        ["moves left", "playouts", "UCT (95% interval)", "alpha-beta, same time"], title=title
    )
    for run in runs:
        for count in run.counts:
            table.add(
                run.moves_left,
                count.playouts,
                str(run.share(count.uct, group)),
                str(run.share(count.alpha_beta, group)),
            )
    return table
