"""Games between players (engine levels and baselines), written as notation records and replayed.

A match plays game pairs from a fixed book of openings (:func:`opening_book`: each of the six
distinct first turns, then a seeded Blue reply), each opening twice with the colours swapped.
Every game is played through the rules' :class:`~palago_tools.rules.palago.Palago`, written as a
record (:func:`~palago_tools.notation.write_record`), read back and replayed by
:func:`~palago_tools.replays.replay`; a game whose record does not replay to the same result is
an error, not a result. ``jobs`` runs games in local processes.
"""

from __future__ import annotations

import multiprocessing
import random
import signal
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Final, Protocol

from ..core.hexgrid import MOTIONS
from ..core.position import Position
from ..core.tiles import ORIENTATIONS, Colour, Tile
from ..notation import parse, write_record
from ..replays import replay
from ..replays.generated import palago_record
from ..rules.palago import Palago, PalagoOptions
from ..rules.random_games import PalagoScript
from .baselines import BASELINES, Baseline, all_turns
from .board import SearchBoard, Turn
from .player import LEVELS, Engine


class Player(Protocol):
    """What a match asks of a player."""

    name: str

    def turn(self, game: Palago) -> Turn: ...


def player_named(spec: str, seed: int) -> Player:
    """``level1`` … ``level5`` (the engine) or a baseline name, seeded."""
    if spec.startswith("level") and spec[5:].isdigit() and int(spec[5:]) in LEVELS:
        return _EnginePlayer(spec, Engine(int(spec[5:]), seed))
    if spec in BASELINES:
        return Baseline(spec, seed)
    raise ValueError(
        f"unknown player {spec!r}: the players are level1 to level{max(LEVELS)} and "
        + ", ".join(BASELINES)
    )


PLAYERS: Final = tuple(f"level{n}" for n in LEVELS) + BASELINES


class _EnginePlayer:
    def __init__(self, name: str, engine: Engine) -> None:
        self.name = name
        self.engine = engine

    def turn(self, game: Palago) -> Turn:
        return self.engine.choose(game).turn


def _canonical(position: Position) -> tuple[str, ...]:
    """A name of ``position`` up to the game's symmetry (the six class-keeping motions and
    translation)."""
    forms = []
    for motion in MOTIONS:
        if not motion.keeps_class:
            continue
        moved = position.moved(motion)
        q0 = min(q for q, _ in moved)
        r0 = min(r for q, r in moved if q == q0)
        forms.append(tuple(t.token for t in moved.translated(-q0, -r0).tiles()))
    return min(forms)


def openings() -> list[Turn]:
    """The six distinct first turns (two adjacent tiles) up to the game's symmetry."""
    found: dict[tuple[str, ...], Turn] = {}
    for a in ORIENTATIONS:
        for b in ORIENTATIONS:
            turn = (Tile((0, 0), a), Tile((1, 0), b))
            found.setdefault(_canonical(Position(turn)), turn)
    return [found[key] for key in sorted(found)]


def opening_book(size: int) -> list[tuple[Turn, Turn]]:
    """``size`` openings: the six first turns in turn, each with a Blue reply drawn from a
    fixed seed (the same book on every run)."""
    firsts = openings()
    rng = random.Random("palago opening book")
    book = []
    for index in range(size):
        first = firsts[index % len(firsts)]
        game = Palago()
        game.play(first)
        book.append((first, rng.choice(all_turns(SearchBoard.of(game)))))
    return book


@dataclass(frozen=True)
class GameResult:
    """One game: who played Yellow and Blue, the winner's colour (``None``: drawn), the
    record's text, the turns and the seconds each side spent choosing its turns."""

    yellow: str
    blue: str
    winner: Colour | None
    record: str
    turns: int
    seconds: tuple[float, float]
    moves: tuple[int, int]

    def score_of(self, name: str) -> float:
        """1, ½ or 0 for the player ``name``."""
        if self.winner is None:
            return 0.5
        return 1.0 if (self.yellow if self.winner is Colour.YELLOW else self.blue) == name else 0.0


@dataclass(frozen=True)
class GameSpec:
    """A game to play: the two players by name, the opening's turns (played as given; the
    players play the rest), the seed, and the game's options (supply, opening variant)."""

    yellow: str
    blue: str
    opening: tuple[Turn, ...]
    seed: int
    options: PalagoOptions = PalagoOptions()


def play_game(spec: GameSpec) -> GameResult:
    """Play one game, write it as a record and check it by replaying the record."""
    players = (player_named(spec.yellow, spec.seed), player_named(spec.blue, spec.seed + 1))
    game = Palago(options=spec.options)
    turns: list[Turn] = []
    for turn in spec.opening:
        game.play(turn)
        turns.append(turn)
    seconds = [0.0, 0.0]
    moves = [0, 0]
    while not game.over:
        side = 0 if game.mover is Colour.YELLOW else 1
        start = time.perf_counter()
        turn = players[side].turn(game)
        seconds[side] += time.perf_counter() - start
        moves[side] += 1
        game.play(turn)
        turns.append(turn)
    script = PalagoScript(Colour.YELLOW, game.options, tuple(turns), game.winner, game.draw)
    text = write_record(palago_record(script, spec.yellow, spec.blue))
    (record,) = parse(text)
    report = replay(record)
    seats = () if game.winner is None else (0 if game.winner is Colour.YELLOW else 1,)
    if not report.valid or report.winner_seats != seats or report.draw != game.draw:
        raise RuntimeError(f"the record of {spec} does not replay to its result: {report.error}")
    return GameResult(
        spec.yellow,
        spec.blue,
        game.winner,
        text,
        len(turns),
        (seconds[0], seconds[1]),
        (moves[0], moves[1]),
    )


def match_specs(pairs: Sequence[tuple[str, str]], games: int, seed: int = 0) -> list[GameSpec]:
    """For each pairing, ``games`` games (rounded up to pairs): each opening of the book played
    twice, colours swapped."""
    specs: list[GameSpec] = []
    count = (games + 1) // 2
    book = opening_book(count)
    for a, b in pairs:
        for index, opening in enumerate(book):
            base = seed + 1000 * index
            specs.append(GameSpec(a, b, opening, base))
            specs.append(GameSpec(b, a, opening, base))
    return specs


def _ignore_interrupts() -> None:
    """In a worker: leave Ctrl-C to the parent, which ends the workers itself."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def play_games(specs: Sequence[GameSpec], jobs: int = 1) -> Iterator[GameResult]:
    """Play the games in order, in ``jobs`` local processes. Ctrl-C (or leaving the loop) ends
    the workers at once: the games they were playing are lost, none is left running."""
    if jobs <= 1:
        yield from map(play_game, specs)
        return
    with multiprocessing.Pool(jobs, initializer=_ignore_interrupts) as pool:
        yield from pool.imap(play_game, specs)
