"""Seeded random legal games of Palago and Palagonia, for tests, fuzzing, benchmarks and examples
(and the random placements the Palagonia players try, :func:`random_group`).

Each generator plays through the rules engine, so every move it returns has been checked, and
returns the moves together with the result the engine reached.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from ..core.hexgrid import MOTIONS, Cell, neighbours
from ..core.position import would_enclose
from ..core.tiles import ORIENTATIONS, Colour, Tile
from ..errors import IllegalMoveError
from .palago import Palago, PalagoOptions
from .palagonia import (
    FACES,
    NUMBER_FACES,
    Action,
    Die,
    Palagonia,
    PalagoniaOptions,
    PlaceAction,
    RemoveAction,
    RotateAction,
    first_hole,
    rolled_start,
)


@dataclass(frozen=True)
class PalagoScript:
    """A Palago game as moves: the tiles of each turn, in the order laid, and its result."""

    first: Colour
    options: PalagoOptions
    turns: tuple[tuple[Tile, ...], ...]
    winner: Colour | None
    draw: bool


@dataclass(frozen=True)
class PalagoniaMove:
    """One Palagonia turn of a random game: the roll, the die chosen and the action."""

    roll: tuple[Die, Die]
    die: Die | None
    action: Action | None


@dataclass(frozen=True)
class PalagoniaScript:
    """A Palagonia game as moves: the start roll-off, the first tiles, then every turn."""

    players: int
    options: PalagoniaOptions
    start_rolls: tuple[tuple[Die, ...], ...]
    start_tiles: tuple[Tile, ...]
    turns: tuple[PalagoniaMove, ...]
    scores: tuple[int, ...]


def _empty_neighbours(cell: Cell, taken: dict[Cell, int] | set[Cell]) -> list[Cell]:
    return [n for n in neighbours(cell) if n not in taken]


def random_palago_game(
    rng: random.Random, options: PalagoOptions | None = None, first: Colour = Colour.YELLOW
) -> PalagoScript:
    """Play random legal turns until a creature is completed or the supply runs out."""
    game = Palago(first, options)
    turns: list[tuple[Tile, ...]] = []
    while not game.over:
        turn = _random_palago_turn(rng, game)
        game.play(turn)
        turns.append(turn)
    return PalagoScript(first, game.options, tuple(turns), game.winner, game.draw)


def _random_palago_turn(rng: random.Random, game: Palago) -> tuple[Tile, ...]:
    tiles = game.tiles
    wanted = game.tiles_this_turn()
    for _attempt in range(200):
        if not tiles:
            first = Tile((0, 0), rng.choice(ORIENTATIONS))
        else:
            frontier = sorted(game.position().frontier())
            first = Tile(rng.choice(frontier), rng.choice(ORIENTATIONS))
        candidates: list[tuple[Tile, ...]] = [(first,)]
        free = _empty_neighbours(first.cell, tiles)
        if wanted == 2 and free:
            second = Tile(rng.choice(free), rng.choice(ORIENTATIONS))
            pair = (second, first) if tiles and rng.random() < 0.2 else (first, second)
            candidates.insert(0, pair)
        for turn in candidates:
            if game.is_legal(turn):
                return turn
    raise IllegalMoveError("generator", "no legal turn found")  # pragma: no cover - defensive


def random_palagonia_game(
    rng: random.Random, players: int = 3, options: PalagoniaOptions | None = None
) -> PalagoniaScript:
    """Roll the dice and play random legal turns until a placement empties the bag.

    A start die larger than the bag cannot be played, so the roll-off is rolled again; a game
    whose palago removals empty starts again, so a new game is played instead."""
    while True:
        script = _random_palagonia_attempt(rng, players, options)
        if script is not None:
            return script


def _random_palagonia_attempt(
    rng: random.Random, players: int, options: PalagoniaOptions | None
) -> PalagoniaScript | None:
    game = Palagonia(players, options)
    rounds, starter, die = rolled_start(players, game.bag, lambda: rng.choice(FACES))
    assert die.count is not None
    start_tiles = random_group(rng, game.tiles, die.count)
    game.start(starter, die, start_tiles)
    moves: list[PalagoniaMove] = []
    builder = _CreatureBuilder(rng)
    while not game.over:
        roll = (rng.choice(FACES), rng.choice(FACES))
        move = builder.move(game, roll) or _random_palagonia_move(rng, game, roll)
        game.play(move.roll, move.die, move.action)
        moves.append(move)
    if game.restarted:
        return None
    return PalagoniaScript(
        players, game.options, rounds, tuple(start_tiles), tuple(moves), tuple(game.scores)
    )


# A tripod (three straights meeting at a corner): 9 tiles, 1 loop + 3 legs = 4 points.
_TRIPOD: tuple[Tile, ...] = tuple(
    Tile.parse(t) for t in "-1,0R 0,-1D 0,0D 0,1R 1,-1L 1,0R 1,1L 2,-2D 2,-1L".split()
)


class _CreatureBuilder:
    """Steers some placements towards completing a scoring creature (a moved tripod), so that
    generated games score points; other players' moves may spoil the plan, which is then
    dropped."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.target: tuple[Tile, ...] = ()

    def move(self, game: Palagonia, roll: tuple[Die, Die]) -> PalagoniaMove | None:
        if not self.target and self.rng.random() < 0.5:
            self.target = self._new_target(game)
        remaining = self._remaining(game)
        if remaining is None:
            self.target = ()
            return None
        for die in dict.fromkeys(roll):
            count = die.count
            if count is None or count > game.bag or count > len(remaining):
                continue
            if count == len(remaining):
                group = remaining
            else:
                group = self._connected_part(game, remaining, count)
            if group and first_hole(set(game.tiles) | {t.cell for t in group}) is None:
                if count == len(remaining):
                    self.target = ()
                return PalagoniaMove(roll, die, PlaceAction(tuple(group)))
        return None

    def _new_target(self, game: Palagonia) -> tuple[Tile, ...]:
        tiles = game.tiles
        frontier = sorted(game.position().frontier())
        for _attempt in range(20):
            motion = self.rng.choice(MOTIONS)
            shape = [t.moved(motion)[0] for t in _TRIPOD]
            anchor = self.rng.choice(frontier)
            pivot = self.rng.choice(shape).cell
            dq, dr = anchor[0] - pivot[0], anchor[1] - pivot[1]
            placed = tuple(
                Tile((q + dq, r + dr), t.orientation) for t in shape for q, r in (t.cell,)
            )
            cells = {t.cell for t in placed}
            if cells & set(tiles):
                continue
            if first_hole(set(tiles) | cells) is None:
                return placed
        return ()

    def _remaining(self, game: Palagonia) -> list[Tile] | None:
        """Target tiles still to place, or ``None`` when another tile took one of their cells."""
        tiles = game.tiles
        remaining = []
        for tile in self.target:
            tip = tiles.get(tile.cell)
            if tip is None:
                remaining.append(tile)
            elif tip != tile.tip:
                return None
        return remaining if self.target else None

    def _connected_part(self, game: Palagonia, remaining: list[Tile], count: int) -> list[Tile]:
        """``count`` remaining tiles touching each other, one of them touching the palago."""
        by_cell = {t.cell: t for t in remaining}
        tiles = game.tiles
        starts = [c for c in by_cell if any(n in tiles for n in neighbours(c))]
        if not starts:
            return []
        group = [self.rng.choice(starts)]
        while len(group) < count:
            options = [n for c in group for n in neighbours(c) if n in by_cell and n not in group]
            if not options:
                return []
            group.append(self.rng.choice(options))
        return [by_cell[c] for c in group]


def _random_palagonia_move(
    rng: random.Random, game: Palagonia, roll: tuple[Die, Die]
) -> PalagoniaMove:
    usable = [d for d in dict.fromkeys(roll) if game.possible(d)]
    rng.shuffle(usable)
    for die in usable:
        action = _random_action(rng, game, die)
        if action is not None:
            return PalagoniaMove(roll, die, action)
    removable = game.removable_tiles()
    if removable and not usable:
        return PalagoniaMove(roll, None, RemoveAction(rng.choice(removable)))
    if not usable:
        return PalagoniaMove(roll, None, None)
    raise IllegalMoveError("generator", "no legal action found")  # pragma: no cover - defensive


def _random_action(rng: random.Random, game: Palagonia, die: Die) -> Action | None:
    """A random action for ``die``, or ``None`` when no placement was found."""
    if die is Die.REMOVE:
        return RemoveAction(rng.choice(game.removable_tiles()))
    if die is Die.ROTATE:
        cell = rng.choice(game.inner_tiles())
        current = game.tiles[cell]
        return RotateAction(cell, rng.choice([o for o in ORIENTATIONS if o.tip != current]))
    assert die in NUMBER_FACES and die.count is not None
    for _attempt in range(20):
        group = random_group(rng, game.tiles, die.count)
        if group:
            return PlaceAction(group)
    return None


def random_group(rng: random.Random, tiles: Iterable[Cell], count: int) -> tuple[Tile, ...]:
    """``count`` random tiles touching each other and the palago on ``tiles`` (the first at
    the origin when it is empty), leaving no hole (empty when the draw fails)."""
    taken = set(tiles)
    group: list[Tile] = []
    for _ in range(count):
        if not taken:
            options = [(0, 0)]
        elif not group:
            options = sorted({n for c in taken for n in neighbours(c) if n not in taken})
        else:
            options = sorted({n for t in group for n in neighbours(t.cell) if n not in taken})
        rng.shuffle(options)
        for cell in options:
            if not would_enclose(taken, cell):
                group.append(Tile(cell, rng.choice(ORIENTATIONS)))
                taken.add(cell)
                break
        else:
            return ()
    return tuple(group)
