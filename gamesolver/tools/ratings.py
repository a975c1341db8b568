"""Ratings with their uncertainty from a tournament's games: the Bradley-Terry model.

Player ``i`` beats player ``j`` with probability ``1 / (1 + exp(r_j - r_i))``; a draw counts
half a win to each. ``bradley_terry`` finds the ratings ``r`` that make the games played most
likely (Newton's method on the log-likelihood), with each player also given ``prior`` virtual
draws against a player rated 0, so that a player who won (or lost) every game still has a
finite rating; the standard errors come from the curvature of the log-likelihood at its
maximum (the inverse of the observed information). Ratings are reported on the Elo scale
(``ELO``: 400 points, ten to one odds), centred on the class's mean, and so are their errors:
the prior alone fixes where the whole class lies, which is no player's uncertainty.

A small numpy implementation: a well-kept library (``choix``) finds the same maximum but gives
no intervals, and would bring scipy for that alone.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

ELO = 400 / math.log(10)
"""Rating points per unit of the model's log-odds: a difference of 400 is odds of 10 to 1."""

Z95 = 1.959963984540054
"""The 97.5th percentile of the standard normal: a 95 % interval is the estimate +- Z95 errors."""


@dataclass(frozen=True)
class Rating:
    """One player's rating (Elo scale), its standard error and its 95 % interval."""

    name: str
    rating: float
    error: float

    @property
    def low(self) -> float:
        return self.rating - Z95 * self.error

    @property
    def high(self) -> float:
        return self.rating + Z95 * self.error


Game = tuple[str, str, float]
"""One game for the model: the two players and the first one's score (1, 0.5 or 0)."""


def bradley_terry(
    names: Sequence[str], games: Iterable[Game], prior: float = 1.0, steps: int = 100
) -> list[Rating]:
    """The Bradley-Terry ratings of ``names`` from ``games``, best first (ties by name).
    ``prior`` virtual draws per player against a player rated 0 keep every rating finite;
    with ``prior=0`` the ratings are the maximum-likelihood estimate with mean 0 (finite only
    if no group of players won every game against the rest)."""
    index = {name: i for i, name in enumerate(names)}
    n = len(names)
    played = np.zeros((n, n))  # games between i and j
    won = np.zeros((n, n))  # points of i against j
    for a, b, score in games:
        i, j = index[a], index[b]
        played[i, j] += 1
        played[j, i] += 1
        won[i, j] += score
        won[j, i] += 1 - score
    r = np.zeros(n)
    for _ in range(steps):
        gradient, hessian = _derivatives(r, played, won, prior)
        step = np.linalg.lstsq(-hessian, gradient, rcond=None)[0]
        r = r + step
        if prior == 0:
            r -= r.mean()
        if float(np.abs(step).max(initial=0)) < 1e-10:
            break
    _, hessian = _derivatives(r, played, won, prior)
    covariance = np.linalg.pinv(-hessian) if prior == 0 else np.linalg.inv(-hessian)
    centring = np.eye(n) - 1 / n  # the errors of the ratings less their mean, as reported
    covariance = centring @ covariance @ centring.T
    errors = np.sqrt(np.clip(np.diag(covariance), 0, None))
    centre = float(r.mean())
    ratings = [
        Rating(name, ELO * (float(r[i]) - centre), ELO * float(errors[i]))
        for i, name in enumerate(names)
    ]
    return sorted(ratings, key=lambda rating: (-rating.rating, rating.name))


def _derivatives(
    r: npt.NDArray[np.float64],
    played: npt.NDArray[np.float64],
    won: npt.NDArray[np.float64],
    prior: float,
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """The gradient and Hessian of the log-likelihood at ``r``."""
    p = 1 / (1 + np.exp(r[None, :] - r[:, None]))  # p[i, j]: i beats j
    gradient = (won - played * p).sum(axis=1)
    weight = played * p * (1 - p)
    hessian = weight - np.diag(weight.sum(axis=1))
    if prior:
        q = 1 / (1 + np.exp(-r))
        gradient += prior * (0.5 - q)
        hessian -= np.diag(prior * q * (1 - q))
    return gradient, hessian
