"""The sequential probability ratio test of chess engine testing: play game pairs until the
evidence accepts H1 (the tested player is ``elo1`` stronger) or H0 (``elo0``).

This is the generalized SPRT (GSPRT) that fishtest runs, with the *expectation* statistic in
logistic Elo, as M. Van den Bergh derives it ("Support of the MLE of a multinomial
distribution", Proposition 1.1; fishtest's ``server/fishtest/stats/LLRcalc.py``,
``LLR_logistic``). Results are counted per game pair (colours swapped on one opening), the
*pentanomial* counts ``(LL, LD+DL, LW+DD+WL, DW+WD, WW)`` with pair scores ``aᵢ = i/4``; per
game (*trinomial*, ``(L, D, W)``, ``aᵢ = i/2``) works too. With ``N`` the number of pairs
(games), ``p̂ᵢ`` the observed shares (a zero count counted as 0.001, as fishtest regularises)
and ``s(E) = 1 / (1 + 10^(−E/400))`` the expected score of a player ``E`` Elo stronger:

    LLR = N · Σᵢ p̂ᵢ · ln( pᵢ(s₁) / pᵢ(s₀) ),   pᵢ(s) = p̂ᵢ / (1 + x·(aᵢ − s)),

where ``pᵢ(s)`` is the most likely distribution with mean score ``s`` and ``x`` solves
``Σᵢ p̂ᵢ (aᵢ − s) / (1 + x·(aᵢ − s)) = 0`` (found by bisection). The test stops when the LLR
leaves Wald's bounds ``(ln(β/(1−α)), ln((1−β)/α))``: ±2.94 for α = β = 0.05.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ..errors import ArgumentError

REGULARISE: Final = 1e-3
"""What a zero count is counted as (fishtest's regularisation)."""

H0: Final = "H0"
H1: Final = "H1"


def expected_score(elo: float) -> float:
    """The expected score of a player ``elo`` logistic Elo points stronger."""
    return 1 / (1 + 10 ** (-elo / 400))


def _shares(counts: Sequence[float]) -> tuple[float, list[tuple[float, float]]]:
    """The regularised number of trials and ``(score, share)`` for each outcome."""
    if len(counts) not in (3, 5):
        raise ArgumentError(f"counts are trinomial (3) or pentanomial (5), not {len(counts)}")
    kept = [c if c > 0 else REGULARISE for c in counts]
    total = sum(kept)
    last = len(kept) - 1
    return total, [(i / last, c / total) for i, c in enumerate(kept)]


def _multiplier(pdf: list[tuple[float, float]], s: float) -> float:
    """The ``x`` with ``Σ pᵢ (aᵢ − s) / (1 + x (aᵢ − s)) = 0`` (the sum falls as x grows)."""
    low = -1 / (max(a for a, _ in pdf) - s)
    high = -1 / (min(a for a, _ in pdf) - s)
    for _ in range(200):
        middle = (low + high) / 2
        if middle in (low, high):
            break
        total = sum(p * (a - s) / (1 + middle * (a - s)) for a, p in pdf)
        if total > 0:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def most_likely(counts: Sequence[float], s: float) -> list[float]:
    """The most likely distribution of the outcomes with mean score ``s``, given ``counts``."""
    _, pdf = _shares(counts)
    x = _multiplier(pdf, s)
    return [p / (1 + x * (a - s)) for a, p in pdf]


def llr(counts: Sequence[float], elo0: float, elo1: float) -> float:
    """The generalized log-likelihood ratio of H1 (``elo1``) against H0 (``elo0``) for
    trinomial or pentanomial ``counts`` (see the module's docstring)."""
    total, pdf = _shares(counts)
    s0, s1 = expected_score(elo0), expected_score(elo1)
    x0, x1 = _multiplier(pdf, s0), _multiplier(pdf, s1)
    return total * sum(p * (math.log1p(x0 * (a - s0)) - math.log1p(x1 * (a - s1))) for a, p in pdf)


def approximate_llr(counts: Sequence[float], elo0: float, elo1: float) -> float:
    """The GSPRT's Brownian approximation (Van den Bergh, "GSPRT approximation"):
    ``N (s₁ − s₀)(2 s̄ − s₀ − s₁) / (2 σ²)`` with ``s̄`` and ``σ²`` the observed mean and
    variance of the scores."""
    total, pdf = _shares(counts)
    mean = sum(a * p for a, p in pdf)
    variance = sum(p * (a - mean) ** 2 for a, p in pdf)
    s0, s1 = expected_score(elo0), expected_score(elo1)
    return total * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance)


def pair_counts(pair_scores: Sequence[float]) -> list[int]:
    """The pentanomial counts of game pairs given by the tested player's points in each pair
    (0, ½, 1, 1½ or 2)."""
    counts = [0] * 5
    for points in pair_scores:
        index = round(2 * points)
        if not 0 <= index <= 4 or abs(index - 2 * points) > 1e-9:
            raise ArgumentError(f"a game pair scores 0 to 2 points in halves, not {points}")
        counts[index] += 1
    return counts


@dataclass(frozen=True)
class Sprt:
    """A test of H1 (``elo1`` Elo stronger) against H0 (``elo0``) at error rates α and β."""

    elo0: float = 0.0
    elo1: float = 20.0
    alpha: float = 0.05
    beta: float = 0.05

    def __post_init__(self) -> None:
        if not (0 < self.alpha < 1 and 0 < self.beta < 1 and self.alpha + self.beta < 1):
            raise ArgumentError("alpha and beta are between 0 and 1, and add up to less than 1")
        if not (math.isfinite(self.elo0) and math.isfinite(self.elo1)):
            raise ArgumentError("elo0 and elo1 are finite numbers")
        if self.elo1 <= self.elo0:
            raise ArgumentError(f"elo1 ({self.elo1:g}) must be above elo0 ({self.elo0:g})")

    @property
    def bounds(self) -> tuple[float, float]:
        """Wald's bounds: below the first H0 is accepted, above the second H1."""
        return (math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha))

    def llr(self, counts: Sequence[float]) -> float:
        """The log-likelihood ratio of these counts (0 before any result)."""
        return llr(counts, self.elo0, self.elo1) if sum(counts) else 0.0

    def verdict(self, counts: Sequence[float]) -> str | None:
        """:data:`H1`, :data:`H0`, or ``None`` while the LLR is between the bounds."""
        value = self.llr(counts)
        low, high = self.bounds
        if value >= high:
            return H1
        if value <= low:
            return H0
        return None


class SprtTally:
    """The pentanomial counts of an SPRT as games come in, in any order: a game pair is counted
    when both its games are in (games ``2k`` and ``2k + 1``), pairs in their order, until the
    LLR leaves the bounds. The pairs counted, and so the verdict, do not depend on the order
    in which games finish."""

    def __init__(self, test: Sprt) -> None:
        self.test = test
        self.counts = [0] * 5
        self.pairs = 0
        """The game pairs counted: games ``0`` to ``2 · pairs − 1``."""
        self.verdict: str | None = None
        self._points: dict[int, float] = {}

    def add(self, number: int, points: float) -> str | None:
        """Count game ``number``, in which the tested player scored ``points``; the verdict
        once there is one."""
        self._points[number] = points
        while self.verdict is None and {2 * self.pairs, 2 * self.pairs + 1} <= self._points.keys():
            total = self._points[2 * self.pairs] + self._points[2 * self.pairs + 1]
            self.counts[pair_counts([total]).index(1)] += 1
            self.pairs += 1
            self.verdict = self.test.verdict(self.counts)
        return self.verdict

    @property
    def llr(self) -> float:
        """The log-likelihood ratio of the pairs counted."""
        return self.test.llr(self.counts)
