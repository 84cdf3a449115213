"""The SPRT's maths: Wald's bounds, the GSPRT's log-likelihood ratio against an independent
maximisation of the likelihood, its symmetry, and simulated tests of players whose Elo
difference is known."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from palago_tools.engine.sprt import (
    H0,
    H1,
    REGULARISE,
    Sprt,
    SprtTally,
    approximate_llr,
    expected_score,
    llr,
    most_likely,
    pair_counts,
)


def test_walds_bounds_for_five_percent_errors_are_ln_19() -> None:
    low, high = Sprt().bounds
    assert low == pytest.approx(-math.log(19)) and high == pytest.approx(math.log(19))
    assert high == pytest.approx(2.944, abs=1e-3)
    assert Sprt(alpha=0.05, beta=0.1).bounds == pytest.approx(
        (math.log(0.1 / 0.95), math.log(0.9 / 0.05))
    )
    with pytest.raises(ValueError):
        Sprt(elo0=10, elo1=5)
    with pytest.raises(ValueError):
        Sprt(alpha=0.6, beta=0.5)


def _best_trinomial(counts: tuple[float, float, float], s: float) -> float:
    """The largest log-likelihood of (L, D, W) counts under a distribution with mean score s,
    by golden-section search over the draw share (p_W = s − d/2, p_L = 1 − s − d/2)."""
    c = [x if x > 0 else REGULARISE for x in counts]

    def loglik(d: float) -> float:
        p = (1 - s - d / 2, d, s - d / 2)
        return sum(ci * math.log(pi) for ci, pi in zip(c, p, strict=True))

    low, high = 1e-12, min(2 * s, 2 - 2 * s) - 1e-12
    ratio = (math.sqrt(5) - 1) / 2
    for _ in range(200):
        a, b = high - ratio * (high - low), low + ratio * (high - low)
        if loglik(a) < loglik(b):
            low = a
        else:
            high = b
    return loglik((low + high) / 2)


@pytest.mark.parametrize("counts", [(10, 20, 30), (100, 300, 120), (0, 50, 60), (40, 10, 35)])
def test_the_trinomial_llr_is_the_ratio_of_the_largest_likelihoods(
    counts: tuple[int, int, int],
) -> None:
    expected = _best_trinomial(counts, expected_score(20)) - _best_trinomial(
        counts, expected_score(0)
    )
    assert llr(counts, 0, 20) == pytest.approx(expected, abs=1e-7)


# Computed apart from this module: the multinomial log-likelihood maximised under the
# constraint "mean score = s" with scipy's SLSQP, for H0 0 Elo and H1 +20 Elo.
KNOWN_PENTANOMIAL = [
    ((5, 30, 60, 40, 10), 1.513032776856),
    ((20, 80, 150, 100, 40), 4.065328678520),
    ((0, 10, 40, 30, 0), 3.637617072),
]


@pytest.mark.parametrize(("counts", "value"), KNOWN_PENTANOMIAL)
def test_the_pentanomial_llr_has_its_known_values(counts: tuple[int, ...], value: float) -> None:
    assert llr(counts, 0, 20) == pytest.approx(value, abs=1e-8)
    # The most likely distributions have the hypotheses' means.
    for elo in (0, 20):
        pdf = most_likely(counts, expected_score(elo))
        assert sum(pdf) == pytest.approx(1)
        assert sum(p * i / 4 for i, p in enumerate(pdf)) == pytest.approx(expected_score(elo))


def test_the_brownian_approximation_is_close_near_equal_strength() -> None:
    counts = (120, 610, 1250, 640, 130)
    assert approximate_llr(counts, 0, 20) == pytest.approx(llr(counts, 0, 20), rel=0.02)


@given(
    st.lists(st.integers(0, 60), min_size=5, max_size=5).filter(lambda c: sum(c) > 0),
    st.floats(-100, 100),
    st.floats(1, 60),
)
def test_reversing_the_results_mirrors_the_hypotheses(
    counts: list[int], elo0: float, width: float
) -> None:
    elo1 = elo0 + width
    assert llr(counts[::-1], -elo0, -elo1) == pytest.approx(llr(counts, elo0, elo1), abs=1e-6)
    # More wins never lower the evidence for the stronger hypothesis.
    better = counts[:4] + [counts[4] + 5]
    assert llr(better, elo0, elo1) >= llr(counts, elo0, elo1) - 1e-9


def test_pairs_are_counted_in_order_whatever_order_games_finish_in() -> None:
    rng = random.Random(3)
    points = [rng.choice((0.0, 0.5, 1.0)) for _ in range(400)]
    tallies = []
    for shuffle in (False, True):
        order = list(range(len(points)))
        if shuffle:
            rng.shuffle(order)
        tally = SprtTally(Sprt(0, 100))
        for number in order:
            tally.add(number, points[number])
        tallies.append((tally.counts, tally.pairs, tally.verdict))
    assert tallies[0] == tallies[1]
    assert pair_counts([0, 0.5, 1, 1.5, 2, 2]) == [1, 1, 1, 1, 2]
    with pytest.raises(ValueError):
        pair_counts([2.5])


def _simulated(difference: float, test: Sprt, seed: int, most: int = 3000) -> str | None:
    """An SPRT of a player ``difference`` Elo stronger, games drawn 30 % of the time."""
    rng = random.Random(seed)
    s = expected_score(difference)
    tally = SprtTally(test)
    for number in range(2 * most):
        roll = rng.random()
        points = 1.0 if roll < s - 0.15 else 0.5 if roll < s + 0.15 else 0.0
        if tally.add(number, points) is not None:
            return tally.verdict
    return None


def test_simulated_players_of_known_strength_are_told_apart() -> None:
    test = Sprt(0, 60)
    equal = [_simulated(0, test, seed) for seed in range(20)]
    stronger = [_simulated(60, test, 100 + seed) for seed in range(20)]
    assert equal.count(H0) >= 16, equal
    assert stronger.count(H1) >= 16, stronger


def test_the_default_test_accepts_the_hypothesis_that_is_true() -> None:
    """H0 0 Elo, H1 +20 Elo, α = β = 0.05: each hypothesis, when true, is accepted about 95 %
    of the time."""
    equal = [_simulated(0, Sprt(), seed, most=20_000) for seed in range(10)]
    stronger = [_simulated(20, Sprt(), 50 + seed, most=20_000) for seed in range(10)]
    assert equal.count(H0) >= 8, equal
    assert stronger.count(H1) >= 8, stronger
