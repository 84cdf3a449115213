"""Palagonia for 3–5 players, solitaire, and up to 10 with two sets (model section 6).

Two dice with faces 2, 3, 4, 5, remove and rotate; tiles come from a bag. A turn rolls both dice,
chooses one and acts: place N tiles, remove an outer tile back into the bag, or rotate an inner
tile. A creature closed by placing scores its value (loops + legs, at least 3) when every tile of
the turn is one of its tiles; the previous player scores the same, except in the extra turn a
double gives. The game ends when a placement empties the bag.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..analysis import Creature
from ..errors import GameOverError, IllegalMoveError
from ..hexgrid import Cell, cell_text, neighbours
from ..incremental import LiveAnalysis
from ..position import Position, enclosed_areas, is_connected, stays_connected_without
from ..tiles import Orientation, Tile


class Die(enum.Enum):
    """A face of a Palagonia die."""

    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    REMOVE = "remove"
    ROTATE = "rotate"

    @property
    def count(self) -> int | None:
        """Tiles to place, or ``None`` for remove and rotate."""
        return int(self.value) if self.value.isdigit() else None

    def __str__(self) -> str:
        return self.value


NUMBER_FACES = (Die.TWO, Die.THREE, Die.FOUR, Die.FIVE)
FACES = (*NUMBER_FACES, Die.REMOVE, Die.ROTATE)


@dataclass(frozen=True)
class Place:
    tiles: tuple[Tile, ...]


@dataclass(frozen=True)
class Remove:
    cell: Cell


@dataclass(frozen=True)
class Rotate:
    cell: Cell
    orientation: Orientation


Action = Place | Remove | Rotate


@dataclass(frozen=True)
class PalagoniaTurn:
    """What one turn did. ``die`` is ``None`` for the removal forced when neither die can act,
    and ``action`` is ``None`` when not even a removal was possible (a pass)."""

    number: int
    player: int
    roll: tuple[Die, Die]
    die: Die | None
    action: Action | None
    extra: bool
    completed: tuple[Creature, ...]
    scoring: tuple[Creature, ...]
    points: dict[int, int]
    game_over: bool


@dataclass(frozen=True)
class PalagoniaOptions:
    """Bag size and the solitaire catalog rule (double points for a creature in the catalog)."""

    tiles: int = 48
    catalog_double: Callable[[Position, Creature], bool] | None = field(default=None, compare=False)



def check_player_count(players: int, tiles: int) -> None:
    """1 (solitaire), or 3 to 5 players with one set; up to 10 with two sets (96 tiles)."""
    if players == 1 or 3 <= players <= 5 or (tiles >= 96 and 3 <= players <= 10):
        return
    raise IllegalMoveError(
        "players",
        f"Palagonia is played by 3 to 5 players (up to 10 with two sets) or alone, not by {players}"
        + ("" if players <= 5 or tiles >= 96 else " with one set of 48 tiles"),
    )


def starter_from_rolls(rounds: Sequence[Sequence[Die]], players: int) -> tuple[int, Die]:
    """The seat that starts, and its die, from the start roll-off.

    Every round each player still in the roll-off rolls one die; the highest number wins, the
    tied highest roll again, and if nobody rolls a number everyone rolls again.
    """
    contenders = list(range(players))
    for index, dice in enumerate(rounds, start=1):
        if len(dice) != len(contenders):
            raise IllegalMoveError(
                "start-roll",
                f"start roll round {index} has {len(dice)} dice; {len(contenders)} players roll",
            )
        numbers = [d.count or 0 for d in dice]
        best = max(numbers)
        if best == 0:
            continue
        winners = [seat for seat, n in zip(contenders, numbers) if n == best]
        if len(winners) == 1:
            if index != len(rounds):
                raise IllegalMoveError(
                    "start-roll", f"start roll round {index} already decided who starts"
                )
            return winners[0], dice[numbers.index(best)]
        contenders = winners
    raise IllegalMoveError("start-roll", "the start roll does not decide who starts")


class PalagoniaGame:
    """A game of Palagonia in progress; seats are numbered from 0 in turn order."""

    def __init__(self, players: int, options: PalagoniaOptions | None = None) -> None:
        self.options = options or PalagoniaOptions()
        check_player_count(players, self.options.tiles)
        self.players = players
        self.bag = self.options.tiles
        self.scores = [0] * players
        self.player = 0
        self.turn_number = 0
        self.extra = False
        self.started = False
        self.over = False
        self._live = LiveAnalysis()

    @property
    def solitaire(self) -> bool:
        return self.players == 1

    @property
    def tiles(self) -> dict[Cell, int]:
        return self._live.tiles

    def position(self) -> Position:
        return self._live.position()

    # Start ---------------------------------------------------------------------------------
    def start(self, starter: int, die: Die, tiles: Sequence[Tile]) -> None:
        """The roll-off winner lays as many tiles as their die shows, joined to each other."""
        if self.started:
            raise IllegalMoveError("start", "the game has already started")
        count = die.count
        if count is None:
            raise IllegalMoveError("start", f"the start die must show a number, not {die}")
        if len(tiles) != count:
            raise IllegalMoveError(
                "place-count", f"the start die shows {count}; {len(tiles)} tiles were laid"
            )
        self._check_free(tiles)
        if not is_connected({t.cell for t in tiles}):
            raise IllegalMoveError("start", "the first tiles must be joined to each other")
        for tile in tiles:
            self._live.place(tile)
        self.bag -= count
        self.player = (starter + 1) % self.players  # the start placement was the starter's turn
        self.started = True

    # Turns ---------------------------------------------------------------------------------
    def possible(self, die: Die) -> bool:
        """Whether the action of ``die`` can be carried out now."""
        count = die.count
        if count is not None:
            return count <= self.bag
        if die is Die.ROTATE:
            return bool(self.inner_tiles())
        return bool(self.removable_tiles())

    def inner_tiles(self) -> list[Cell]:
        tiles = self._live.tiles
        return sorted(c for c in tiles if all(n in tiles for n in neighbours(c)))

    def removable_tiles(self) -> list[Cell]:
        """Outer tiles whose removal does not split the palago."""
        return [c for c in sorted(self._live.tiles) if self._removal_problem(c) is None]

    def play(self, roll: tuple[Die, Die], die: Die | None, action: Action | None) -> PalagoniaTurn:
        """One turn: ``die`` is the chosen die (``None`` for a forced removal or a pass)."""
        if not self.started:
            raise IllegalMoveError("start", "the game has not started: the start roll comes first")
        if self.over:
            raise GameOverError("game-over", "the game is over: the bag is empty")
        self._check_choice(roll, die, action)
        completed: tuple[Creature, ...] = ()
        scoring: tuple[Creature, ...] = ()
        if isinstance(action, Place):
            completed, scoring = self._place(action.tiles)
        elif isinstance(action, Remove):
            self._remove(action.cell)
        elif isinstance(action, Rotate):
            self._rotate(action.cell, action.orientation)
        points = self._award(scoring)
        number = self.turn_number = self.turn_number + 1
        player, extra = self.player, self.extra
        if isinstance(action, Place) and self.bag == 0:
            self.over = True
        double = roll[0] is roll[1]
        self.extra = double
        if not double:
            self.player = (self.player + 1) % self.players
        return PalagoniaTurn(
            number=number,
            player=player,
            roll=roll,
            die=die,
            action=action,
            extra=extra,
            completed=completed,
            scoring=scoring,
            points=points,
            game_over=self.over,
        )

    def _check_choice(self, roll: tuple[Die, Die], die: Die | None, action: Action | None) -> None:
        dice = " and ".join(str(d) for d in roll)
        if die is None:
            if any(self.possible(d) for d in roll):
                usable = next(d for d in roll if self.possible(d))
                raise IllegalMoveError(
                    "forced-choice",
                    f"with {dice} rolled the {usable} die can be used; "
                    "a free removal is only for when neither die can act",
                )
            if action is None:
                if self.removable_tiles():
                    raise IllegalMoveError(
                        "forced-removal",
                        f"neither {dice} can act, so an outer tile must be removed",
                    )
                return
            if not isinstance(action, Remove):
                raise IllegalMoveError(
                    "forced-removal", f"neither {dice} can act, so the turn must remove an outer tile"
                )
            return
        if die not in roll:
            raise IllegalMoveError("die-not-rolled", f"die {die} was not rolled ({dice})")
        if not self.possible(die):
            count = die.count
            why = (
                f"only {self.bag} {'tile is' if self.bag == 1 else 'tiles are'} left in the bag"
                if count is not None
                else "there is no inner tile"
                if die is Die.ROTATE
                else "no outer tile can be removed"
            )
            raise IllegalMoveError("impossible-die", f"the {die} die cannot act: {why}")
        expected = {Die.REMOVE: Remove, Die.ROTATE: Rotate}.get(die, Place)
        if not isinstance(action, expected):
            raise IllegalMoveError(
                "action-matches-die",
                f"the chosen die shows {die}; the action must be to "
                + {Remove: "remove a tile", Rotate: "rotate a tile", Place: "place tiles"}[expected],
            )
        if isinstance(action, Place) and len(action.tiles) != die.count:
            raise IllegalMoveError(
                "place-count", f"the chosen die shows {die}; {len(action.tiles)} tiles were placed"
            )

    def _check_free(self, tiles: Sequence[Tile]) -> None:
        seen: set[Cell] = set()
        for index, tile in enumerate(tiles):
            if tile.cell in self._live.tiles or tile.cell in seen:
                raise IllegalMoveError(
                    "occupied", f"{tile}: cell {cell_text(tile.cell)} already holds a tile", index
                )
            seen.add(tile.cell)

    def _place(self, tiles: tuple[Tile, ...]) -> tuple[tuple[Creature, ...], tuple[Creature, ...]]:
        self._check_free(tiles)
        cells = {t.cell for t in tiles}
        after = set(self._live.tiles) | cells
        if not is_connected(after):
            raise IllegalMoveError(
                "palago-connected",
                f"tiles {' '.join(t.token for t in tiles)} leave the palago in pieces; "
                "placed tiles must join the palago",
            )
        hole = first_hole(after)
        if hole is not None:
            raise IllegalMoveError(
                "no-holes", f"placing {' '.join(t.token for t in tiles)} leaves a hole at {cell_text(hole)}"
            )
        completed: list[Creature] = []
        for tile in tiles:
            completed.extend(self._live.place(tile))
        closing = [c for c in completed if cells <= c.cells]
        if not is_connected(cells) and not closing:
            for tile in reversed(tiles):
                self._live.remove(tile.cell)
            raise IllegalMoveError(
                "touch-each-other",
                f"tiles {' '.join(t.token for t in tiles)} do not all touch each other; "
                "only tiles that together close a creature may lie apart",
            )
        self.bag -= len(tiles)
        scoring = tuple(c for c in closing if c.score >= 3)
        return tuple(completed), scoring

    def _remove(self, cell: Cell) -> None:
        problem = self._removal_problem(cell)
        if problem is not None:
            raise IllegalMoveError("removal", problem)
        self._live.remove(cell)
        self.bag += 1

    def _removal_problem(self, cell: Cell) -> str | None:
        tiles = self._live.tiles
        if cell not in tiles:
            return f"cell {cell_text(cell)} holds no tile to remove"
        if all(n in tiles for n in neighbours(cell)):
            return f"the tile on {cell_text(cell)} is an inner tile; only an outer tile may be removed"
        # An outer tile's cell joins the empty outside, so a removal never leaves a hole.
        if not stays_connected_without(tiles.keys(), cell):
            return f"removing the tile on {cell_text(cell)} would split the palago"
        return None

    def _rotate(self, cell: Cell, orientation: Orientation) -> None:
        tiles = self._live.tiles
        if cell not in tiles:
            raise IllegalMoveError("rotation", f"cell {cell_text(cell)} holds no tile to rotate")
        if not all(n in tiles for n in neighbours(cell)):
            raise IllegalMoveError(
                "rotation", f"the tile on {cell_text(cell)} is an outer tile; only an inner tile may turn"
            )
        if tiles[cell] == orientation.tip:
            raise IllegalMoveError(
                "rotation",
                f"the tile on {cell_text(cell)} already points {orientation}; "
                "it must turn to one of its two other orientations",
            )
        self._live.rotate(cell, orientation)

    def _award(self, scoring: tuple[Creature, ...]) -> dict[int, int]:
        points: dict[int, int] = {}
        if not scoring:
            return points
        position = self._live.position()
        double = self.options.catalog_double
        total = 0
        for creature in scoring:
            value = creature.score
            if self.solitaire and double is not None and double(position, creature):
                value *= 2
            total += value
        points[self.player] = total
        if not self.solitaire and not self.extra:
            previous = (self.player - 1) % self.players
            points[previous] = points.get(previous, 0) + total
        for seat, value in points.items():
            self.scores[seat] += value
        return points

    def winners(self) -> list[int]:
        """Seats with the highest total."""
        best = max(self.scores)
        return [seat for seat, score in enumerate(self.scores) if score == best]



def first_hole(cells: set[Cell]) -> Cell | None:
    """An empty cell enclosed by ``cells``, if any."""
    areas = enclosed_areas(cells)
    return min(areas[0]) if areas else None
