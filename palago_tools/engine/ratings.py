"""Ratings from game results: Bradley–Terry with draws (Davidson's model, as BayesElo rates
chess engines), fitted by maximum likelihood, with 95 % intervals from bootstrapping game pairs.

Player *i* has strength ``γᵢ = exp(θᵢ)``; against *j* it wins with probability
``γᵢ / (γᵢ + γⱼ + ν√(γᵢγⱼ))``, draws with ``ν√(γᵢγⱼ) / (…)``. The ratings are ``θ`` in Elo units
(``400 / ln 10`` per unit of θ), with the mean over the players 0. A weak prior — a normal
distribution of sd :data:`PRIOR_ELO` on each rating — keeps a player that won or lost every game
finite, as BayesElo's virtual draws do. Intervals come from resampling the game pairs (both
colours of one opening together) with replacement and refitting.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

ELO: Final = 400 / math.log(10)
"""Elo points per unit of θ."""
PRIOR_ELO: Final = 1000.0
"""The sd of the prior on every rating, in Elo points."""

ScoredGame = tuple[str, str, float]
"""A game: the two players and the first one's score (1, ½ or 0)."""


@dataclass(frozen=True)
class Rating:
    """A player's rating in Elo, its 95 % interval, and its games and score."""

    player: str
    elo: float
    low: float
    high: float
    games: int
    score: float


Vector = list[float]


def _solve(matrix: list[Vector], right: Vector) -> Vector:
    """``x`` with ``matrix · x = right`` (Gaussian elimination with partial pivoting)."""
    n = len(right)
    rows = [row[:] + [value] for row, value in zip(matrix, right, strict=True)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(col + 1, n):
            factor = rows[r][col] / rows[col][col]
            for c in range(col, n + 1):
                rows[r][c] -= factor * rows[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (rows[r][n] - sum(rows[r][c] * x[c] for c in range(r + 1, n))) / rows[r][r]
    return x


def percentile(values: Sequence[float], fraction: float) -> float:
    """The value of ``values`` (not empty) below which ``fraction`` of them lie: the
    ``int(fraction * n)``-th of the sorted values, counting from 0 (the last for 1)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def fit(outcomes: Sequence[ScoredGame], players: Sequence[str], steps: int = 200) -> Vector:
    """Maximum-likelihood θ (mean 0) of ``players`` under Davidson's model with the prior, by
    Newton steps on (θ, log ν)."""
    index = {p: i for i, p in enumerate(players)}
    n = len(players)
    wins = [[0.0] * n for _ in range(n)]
    draws = [[0.0] * n for _ in range(n)]
    for a, b, score in outcomes:
        i, j = index[a], index[b]
        if score == 1:
            wins[i][j] += 1
        elif score == 0:
            wins[j][i] += 1
        else:
            draws[i][j] += 0.5
            draws[j][i] += 0.5
    x = [0.0] * (n + 1)  # θ…, log ν
    precision = (ELO / PRIOR_ELO) ** 2

    def gradient_and_hessian(x: Vector) -> tuple[Vector, list[Vector]]:
        theta, log_nu = x[:n], x[n]
        nu = math.exp(log_nu)
        g = [0.0] * (n + 1)
        h = [[0.0] * (n + 1) for _ in range(n + 1)]
        for i in range(n):
            for j in range(i + 1, n):
                games = wins[i][j] + wins[j][i] + 2 * draws[i][j]
                if not games:
                    continue
                d = theta[i] - theta[j]
                # Probabilities of i winning, a draw, j winning.
                pi, pd, pj = math.exp(d / 2), nu, math.exp(-d / 2)
                total = pi + pd + pj
                pi, pd, pj = pi / total, pd / total, pj / total
                # Per game: log p_w = d/2 - log Z etc.; d log Z / d d = (pi - pj) / 2.
                dz = (pi - pj) / 2
                gd = wins[i][j] * (0.5 - dz) + wins[j][i] * (-0.5 - dz) + 2 * draws[i][j] * (-dz)
                gn = (2 * draws[i][j]) - games * pd
                hdd = -games * ((pi + pj) / 4 - dz * dz)
                hnn = -games * pd * (1 - pd)
                hdn = games * pd * dz
                g[i] += gd
                g[j] -= gd
                g[n] += gn
                for a, sa in ((i, 1), (j, -1)):
                    for b, sb in ((i, 1), (j, -1)):
                        h[a][b] += sa * sb * hdd
                    h[a][n] += sa * hdn
                    h[n][a] += sa * hdn
                h[n][n] += hnn
        for i in range(n):
            g[i] -= precision * theta[i]
            h[i][i] -= precision
        h[n][n] -= 1e-6
        return g, h

    for _ in range(steps):
        g, h = gradient_and_hessian(x)
        step = _solve(h, [-v for v in g])
        x = [v + max(-2.0, min(2.0, s)) for v, s in zip(x, step, strict=True)]
        if max(abs(s) for s in step) < 1e-9:
            break
    mean = sum(x[:n]) / n
    return [(v - mean) * ELO for v in x[:n]]


def rate(
    pairs: Sequence[Sequence[ScoredGame]], bootstrap: int = 200, seed: int = 0
) -> list[Rating]:
    """The ratings of every player of the game ``pairs``, strongest first, with 95 % intervals
    from ``bootstrap`` resamplings of the pairs."""
    outcomes = [o for pair in pairs for o in pair]
    players = sorted({p for a, b, _ in outcomes for p in (a, b)})
    best = fit(outcomes, players)
    rng = random.Random(seed)
    samples = []
    for _ in range(bootstrap):
        drawn = [o for _ in pairs for o in pairs[rng.randrange(len(pairs))]]
        samples.append(fit(drawn, players, steps=60))
    low = [
        percentile([s[k] for s in samples], 0.025) if samples else best[k]
        for k in range(len(players))
    ]
    high = [
        percentile([s[k] for s in samples], 0.975) if samples else best[k]
        for k in range(len(players))
    ]
    games = dict.fromkeys(players, 0)
    scores = dict.fromkeys(players, 0.0)
    for a, b, score in outcomes:
        games[a] += 1
        games[b] += 1
        scores[a] += score
        scores[b] += 1 - score
    ratings = [
        Rating(player, float(best[k]), float(low[k]), float(high[k]), games[player], scores[player])
        for k, player in enumerate(players)
    ]
    return sorted(ratings, key=lambda r: -r.elo)


def score_interval(
    scores: Sequence[float], bootstrap: int = 2000, seed: int = 0
) -> tuple[float, float, float]:
    """The mean of ``scores`` (per game pair, each 0 to 1) and its 95 % bootstrap interval."""
    if not scores:
        return (0.0, 0.0, 0.0)
    rng = random.Random(seed)
    means = sorted(
        sum(scores[rng.randrange(len(scores))] for _ in scores) / len(scores)
        for _ in range(bootstrap)
    )
    mean = sum(scores) / len(scores)
    return mean, means[int(0.025 * bootstrap)], means[int(0.975 * bootstrap) - 1]
