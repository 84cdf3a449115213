"""A match from its plan to its report, for ``palago match``: the games to play
(:class:`MatchPlan`), their scores as they come in (:class:`MatchTally`, each game counted once:
a match costs the same per game at the 10th game and at the 10,000th) and what the match found
(:class:`MatchReport`, as text and as JSON). Playing the games is
:func:`~.standings.play_resumed`'s; the caller hands each result to the tally.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final

from ..core.tiles import SET_SIZE, Colour
from ..errors import ArgumentError
from .match import ON_TIME, GameResult, GameSpec, match_specs, sprt_specs
from .sprt import H0, H1, Sprt, SprtTally
from .standings import Standings, markdown, standings, standings_json

__all__ = [
    "DEFAULT_GAMES",
    "SPRT_GAMES",
    "MatchPlan",
    "MatchReport",
    "MatchTally",
    "PairingScore",
    "SprtReport",
    "pairings_of",
]

DEFAULT_GAMES: Final = 20
"""Games per pairing unless said otherwise."""
SPRT_GAMES: Final = 1000
"""The most games of an SPRT unless said otherwise."""

Pair = tuple[str, str]


def pairings_of(
    players: Sequence[str], against: Sequence[str], levels: Sequence[str]
) -> list[Pair]:
    """Each of ``players`` against each of ``against`` (without ``against``: a round robin of
    ``players``), and a round robin of ``levels`` with ``against``."""
    if against:
        pairs = [(p, a) for p in players for a in against if p != a]
    else:
        pairs = list(itertools.combinations(players, 2))
    if levels:
        pool = [*levels, *(a for a in against if a not in levels)]
        seen = {frozenset(p) for p in pairs}
        for pair in itertools.combinations(pool, 2):
            if frozenset(pair) not in seen:
                seen.add(frozenset(pair))
                pairs.append(pair)
    return pairs


@dataclass(frozen=True)
class MatchPlan:
    """The games of a match: the pairings, the games in the order they are numbered (read
    once, as they are played) and how many are planned; for an SPRT, its test (the first
    player tested against the second)."""

    pairs: tuple[Pair, ...]
    specs: Iterable[GameSpec]
    planned: int
    sprt: Sprt | None = None

    @classmethod
    def of(
        cls,
        pairs: Sequence[Pair],
        games: int | None = None,
        seed: int = 0,
        supply: int = SET_SIZE,
        clock: float | None = None,
    ) -> MatchPlan:
        """``games`` a pairing (:data:`DEFAULT_GAMES`), in pairs of games with the colours
        swapped (:func:`~.match.match_specs`), each side with ``clock`` seconds a game when
        given; a :class:`ValueError` without a pairing."""
        if not pairs:
            raise ArgumentError("a match needs two players at least (or PLAYER --against OTHER)")
        specs = match_specs(pairs, games if games is not None else DEFAULT_GAMES, seed, supply)
        return cls(tuple(pairs), [replace(s, clock=clock) for s in specs], len(specs))

    @classmethod
    def of_sprt(
        cls,
        tested: str,
        other: str,
        test: Sprt,
        games: int | None = None,
        seed: int = 0,
        supply: int = SET_SIZE,
        clock: float | None = None,
    ) -> MatchPlan:
        """Game pairs of ``tested`` against ``other`` until ``test`` decides, at most ``games``
        (:data:`SPRT_GAMES`, rounded up to pairs), each side with ``clock`` seconds a game when
        given."""
        most = games if games is not None else SPRT_GAMES
        planned = 2 * ((most + 1) // 2)
        specs = itertools.islice(sprt_specs(tested, other, seed, supply), planned)
        clocked = (replace(s, clock=clock) for s in specs)
        return cls(((tested, other),), clocked, planned, test)

    def tally(self) -> MatchTally:
        """An empty tally of this match's games."""
        return MatchTally(self)


@dataclass(frozen=True)
class PairingScore:
    """A pairing's score so far: the first player's points in its games."""

    pairing: Pair
    points: float
    games: int


class MatchTally:
    """The games of a match as they come in (in any order), each counted once: the score of
    its pairing so far and, in an SPRT, the game pairs counted until the test decides."""

    def __init__(self, plan: MatchPlan) -> None:
        self.plan = plan
        self.results: dict[int, GameResult] = {}
        self.sprt = SprtTally(plan.sprt) if plan.sprt is not None else None
        self._pairing: dict[frozenset[str], Pair] = {}
        for pair in plan.pairs:
            self._pairing.setdefault(frozenset(pair), pair)
        self._scores: dict[Pair, tuple[float, int]] = {}

    def add(self, number: int, result: GameResult) -> PairingScore:
        """Count game ``number``: the score of its pairing now."""
        self.results[number] = result
        if self.sprt is not None:
            self.sprt.add(number, result.score_of(self.plan.pairs[0][0]))
        pairing = self._pairing[frozenset((result.yellow, result.blue))]
        points, games = self._scores.get(pairing, (0.0, 0))
        points, games = points + result.score_of(pairing[0]), games + 1
        self._scores[pairing] = (points, games)
        return PairingScore(pairing, points, games)

    @property
    def decided(self) -> bool:
        """Whether the SPRT has its verdict (never, outside an SPRT)."""
        return self.sprt is not None and self.sprt.verdict is not None

    def report(
        self,
        seconds: float,
        stopped: str | None = None,
        load: tuple[float, float, float] | None = None,
        bootstrap: int = 200,
        seed: int = 0,
    ) -> MatchReport:
        """What the match found: its tables over the games counted (in an SPRT the pairs it
        counted, the same on any cluster), the ``seconds`` it took and the machine's ``load``,
        and why it ``stopped`` early, if it did."""
        results = self.results
        sprt = None
        if self.sprt is not None:
            results = {n: g for n, g in results.items() if n < 2 * self.sprt.pairs}
            sprt = SprtReport.of(self.sprt, self.plan.pairs[0], stopped)
        table = standings(results, self.plan.pairs, bootstrap, seed)
        return MatchReport(table, self.plan.planned, seconds, stopped, load, results, sprt)


@dataclass(frozen=True)
class SprtReport:
    """What an SPRT found: the test, the players, the pentanomial counts of the pairs counted,
    the LLR, the verdict (:data:`~.sprt.H1`, :data:`~.sprt.H0` or ``None``) and the outcome in
    words."""

    test: Sprt
    players: Pair
    counts: tuple[int, ...]
    pairs: int
    llr: float
    verdict: str | None
    outcome: str

    @classmethod
    def of(cls, tally: SprtTally, players: Pair, stopped: str | None) -> SprtReport:
        outcome = {H1: "H1 accepted", H0: "H0 accepted"}.get(tally.verdict or "")
        if outcome is None:
            outcome = "interrupted" if stopped else f"no decision after {tally.pairs} pairs"
        counts = tuple(tally.counts)
        return cls(tally.test, players, counts, tally.pairs, tally.llr, tally.verdict, outcome)

    def json(self) -> dict[str, Any]:
        low, high = self.test.bounds
        return {
            "elo0": self.test.elo0,
            "elo1": self.test.elo1,
            "alpha": self.test.alpha,
            "beta": self.test.beta,
            "pentanomial": list(self.counts),
            "pairs": self.pairs,
            "llr": self.llr,
            "bounds": [low, high],
            "verdict": self.verdict,
            "outcome": self.outcome,
        }

    def text(self) -> str:
        test, (a, b) = self.test, self.players
        low, high = test.bounds
        return (
            f"SPRT {a} vs {b} (H0 {test.elo0:+g} Elo, H1 {test.elo1:+g} Elo, "
            f"alpha {test.alpha:g}, beta {test.beta:g}): LLR {self.llr:+.2f}, bounds "
            f"({low:+.2f}, {high:+.2f}), after {self.pairs} pairs "
            f"(LL, LD, LW+DD, DW, WW = {', '.join(map(str, self.counts))}): {self.outcome}"
        )


@dataclass(frozen=True)
class MatchReport:
    """What a match found: the tables (:class:`~.standings.Standings`), the games planned, the
    seconds taken, why it stopped early (``None``: it did not), the load average, the results
    counted (by game number) and, for an SPRT, its :class:`SprtReport`."""

    standings: Standings
    planned: int
    seconds: float
    stopped: str | None = None
    load: tuple[float, float, float] | None = None
    results: Mapping[int, GameResult] = field(default_factory=dict)
    sprt: SprtReport | None = None

    def lost_on_time(self) -> dict[str, int]:
        """The games each player lost by running out of time (players who lost none left
        out)."""
        lost: dict[str, int] = {}
        for game in self.results.values():
            if game.ending == ON_TIME and game.winner is not None:
                loser = game.blue if game.winner is Colour.YELLOW else game.yellow
                lost[loser] = lost.get(loser, 0) + 1
        return lost

    def json(self) -> dict[str, Any]:
        """The report as one JSON object (see docs/engine.md)."""
        out = standings_json(self.standings, self.load)
        out.update(planned=self.planned, seconds=self.seconds, stopped=self.stopped)
        out["lost_on_time"] = self.lost_on_time()
        if self.sprt is not None:
            out["sprt"] = self.sprt.json()
        return out

    def text(self) -> str:
        """The tables as Markdown, the games lost on time, and the SPRT's finding after
        them."""
        text = markdown(self.standings, self.load)
        lost = self.lost_on_time()
        if lost:
            names = ", ".join(f"{name} {count}" for name, count in sorted(lost.items()))
            text += f"\n\nLost on time: {names}."
        return text if self.sprt is None else f"{text}\n\n{self.sprt.text()}"

    def records(self) -> dict[Pair, list[str]]:
        """The records of the games, by pairing (in the order the pairing first played Yellow),
        in the order of their numbers."""
        by_pairing: dict[Pair, list[str]] = {}
        for number in sorted(self.results):
            game = self.results[number]
            key = (game.yellow, game.blue) if number % 2 == 0 else (game.blue, game.yellow)
            by_pairing.setdefault(key, []).append(game.record)
        return by_pairing
