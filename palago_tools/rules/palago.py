"""Palago for two players (model section 5), checked tile by tile.

Yellow and Blue take turns. The first turn lays two adjacent tiles (variant ``1-1-2``: one tile,
then one tile, then two per turn). A later turn lays two tiles that touch each other, at least one
of them touching the palago. Creatures are checked after every single tile: the first creature
ends the game at once, so a one-tile turn is legal exactly when its tile completes one. A single
hole (as the turn begins) takes a tile only if that tile completes a creature. When the supply
runs out the game is drawn (or, with the tie-break variant, decided by the largest group counted
in straights).
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ..core.analysis import Creature, analyse
from ..core.hexgrid import Cell, are_adjacent, cell_text, neighbours
from ..core.incremental import LiveAnalysis
from ..core.position import Position
from ..core.tiles import ORIENTATIONS, SET_SIZE, Colour, Tile
from ..errors import GameOverError, IllegalMoveError, require


class Opening(enum.Enum):
    """How many tiles the first turns lay."""

    STANDARD = "2"
    ONE_ONE_TWO = "1-1-2"


@dataclass(frozen=True)
class PalagoOptions:
    """Supply of tiles (``None``: unlimited, as boardspace.net plays), opening variant and the
    tie-break variant for a drawn game."""

    supply: int | None = SET_SIZE
    opening: Opening = Opening.STANDARD
    tie_break: bool = False

    def __post_init__(self) -> None:
        if self.supply is not None and self.supply < 2:
            raise IllegalMoveError("supply", f"a game needs at least 2 tiles, not {self.supply}")


@dataclass(frozen=True)
class PalagoTurnResult:
    """What one turn did."""

    number: int
    mover: Colour
    tiles: tuple[Tile, ...]
    completed: tuple[Creature, ...]
    game_over: bool
    winner: Colour | None
    draw: bool
    reason: str


def tiles_left_after(position: Position) -> int:
    """The tiles still in the supply of a standard game (48 tiles) once ``position`` is laid."""
    return max(0, SET_SIZE - len(position))


class Palago:
    """A game of Palago in progress. ``play`` checks a turn against every rule and applies it.

    >>> from palago_tools.core import Tile
    >>> game = Palago()
    >>> game.play([Tile.parse("0,0R"), Tile.parse("0,1L")]).completed, game.mover.value
    ((), 'blue')
    >>> game.is_legal([Tile.parse("5,5R")])
    False
    """

    def __init__(self, first: Colour = Colour.YELLOW, options: PalagoOptions | None = None) -> None:
        self.options = options or PalagoOptions()
        self.first = first
        self.turn_number = 1
        self.tiles_left: int | None = self.options.supply
        """Tiles still in the supply; ``None`` for an unlimited supply."""
        self.winner: Colour | None = None
        self.draw = False
        self.reason = ""
        self._live = LiveAnalysis()

    @classmethod
    def from_position(
        cls, position: Position, mover: Colour, tiles_left: int | None = None
    ) -> Palago:
        """A game going on from ``position`` with ``mover`` to lay two tiles (a study or a
        puzzle); the supply holds ``tiles_left`` more tiles (48 less the tiles laid if omitted)."""
        left = tiles_left_after(position) if tiles_left is None else tiles_left
        game = cls(mover, PalagoOptions(supply=max(2, len(position) + left)))
        game._live = LiveAnalysis(position)
        game.turn_number = 3
        game.tiles_left = left
        return game

    # State ---------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.draw or self.winner is not None

    @property
    def mover(self) -> Colour:
        """The colour whose turn it is."""
        return self.first if self.turn_number % 2 == 1 else self.first.other

    @property
    def tiles(self) -> dict[Cell, int]:
        """Cell → yellow tip of the tiles laid so far (live; do not modify)."""
        return self._live.tiles

    def position(self) -> Position:
        """The tiles laid so far."""
        return self._live.position()

    def tiles_this_turn(self) -> int:
        """How many tiles the current turn lays (fewer only to complete a creature)."""
        if self.options.opening is Opening.ONE_ONE_TWO and self.turn_number <= 2:
            wanted = 1
        else:
            wanted = 2
        return wanted if self.tiles_left is None else min(wanted, self.tiles_left)

    # Play ----------------------------------------------------------------------------------
    def play(self, tiles: Sequence[Tile]) -> PalagoTurnResult:
        """Lay the tiles of one turn in order; raise :class:`IllegalMoveError` naming the rule
        broken, leaving the game as it was."""
        mover, number = self.mover, self.turn_number
        completed = self.lay(tiles)
        return PalagoTurnResult(
            number=number,
            mover=mover,
            tiles=tuple(tiles),
            completed=completed,
            game_over=self.over,
            winner=self.winner,
            draw=self.draw,
            reason=self.reason,
        )

    def lay(self, tiles: Sequence[Tile]) -> tuple[Creature, ...]:
        """:meth:`play` without the report: lay the tiles of one turn and return the creatures
        completed (the game's state tells the rest)."""
        wanted, laid_around = self._check_shape(tiles)
        laid: list[Tile] = []
        completed: list[Creature] = []
        place = self._live.place
        last = len(tiles) - 1
        try:
            for index, tile in enumerate(tiles):
                completed = place(tile)
                laid.append(tile)
                # Single holes are judged as the turn begins: a hole the turn itself closes is free.
                if laid_around[index] == 6 and not completed:
                    raise IllegalMoveError(
                        "single-hole",
                        f"{tile} fills a single hole; a single hole may only take a tile that "
                        "completes a creature",
                        index,
                    )
                if completed and index < last:
                    raise IllegalMoveError(
                        "game-ended",
                        f"{tile} completed a creature and ended the game; "
                        f"{tiles[index + 1]} may not follow it",
                        index + 1,
                    )
            if len(tiles) < wanted and not completed:
                raise IllegalMoveError(
                    "two-tiles",
                    f"turn {self.turn_number} lays one tile ({tiles[0]}); a turn lays two tiles, "
                    "one alone only when it completes a creature",
                )
        except IllegalMoveError:
            for tile in reversed(laid):
                self._live.remove(tile.cell)
            raise
        found = tuple(completed)
        self._finish_turn(tiles, found)
        return found

    def _check_shape(self, tiles: Sequence[Tile]) -> tuple[int, list[int]]:
        """Rules on the number of tiles and where they lie, before any is laid; return the
        number of tiles the turn lays and how many tiles already lie around each cell."""
        if self.draw or self.winner is not None:
            raise GameOverError("game-over", f"the game is over ({self.describe_result()})")
        if not tiles:
            raise IllegalMoveError("no-tiles", f"turn {self.turn_number} lays no tile")
        for tile in tiles:
            if not isinstance(tile, Tile):
                require(tile, Tile, "a tile to lay")
        wanted = self.tiles_this_turn()
        if self.tiles_left is not None and len(tiles) > self.tiles_left:
            raise IllegalMoveError(
                "supply",
                f"turn {self.turn_number} lays {len(tiles)} tiles but only "
                f"{self.tiles_left} {'is' if self.tiles_left == 1 else 'are'} left in the supply",
            )
        if len(tiles) > wanted:
            raise IllegalMoveError(
                "too-many-tiles",
                f"turn {self.turn_number} lays {len(tiles)} tiles; "
                f"this turn lays {'one tile' if wanted == 1 else 'two tiles'}",
            )
        existing = self._live.tiles
        seen: set[Cell] = set()
        for index, tile in enumerate(tiles):
            if tile.cell in existing or tile.cell in seen:
                raise IllegalMoveError(
                    "occupied", f"{tile}: cell {cell_text(tile.cell)} already holds a tile", index
                )
            seen.add(tile.cell)
        if len(tiles) == 2 and not are_adjacent(tiles[0].cell, tiles[1].cell):
            raise IllegalMoveError(
                "touch-each-other",
                f"tile {tiles[1]} does not touch the other tile placed this turn ({tiles[0]})",
                1,
            )
        laid_around = [self._laid_around(t.cell) for t in tiles] if existing else [0] * len(tiles)
        if existing and not any(laid_around):
            what = "tile" if len(tiles) == 1 else "tiles"
            raise IllegalMoveError(
                "touch-palago",
                f"{what} {' '.join(t.token for t in tiles)} do not touch the palago; "
                "at least one tile of a turn must touch it",
            )
        return wanted, laid_around

    def _laid_around(self, cell: Cell) -> int:
        """How many of the six cells around ``cell`` hold a tile (6: a single hole)."""
        tiles = self._live.tiles
        q, r = cell
        return (
            ((q + 1, r) in tiles)
            + ((q + 1, r - 1) in tiles)
            + ((q, r - 1) in tiles)
            + ((q - 1, r) in tiles)
            + ((q - 1, r + 1) in tiles)
            + ((q, r + 1) in tiles)
        )

    def _finish_turn(self, tiles: Sequence[Tile], completed: tuple[Creature, ...]) -> None:
        if self.tiles_left is not None:
            self.tiles_left -= len(tiles)
        if completed:
            mover = self.mover
            colours = {c.colour for c in completed}
            if len(colours) == 2:
                self.winner = mover.other
                self.reason = f"{mover} completed creatures of both colours and loses"
            else:
                (colour,) = colours
                self.winner = colour
                self.reason = f"{tiles[-1]} completed a {colour} creature"
        elif self.tiles_left == 0:
            self._out_of_tiles()
        self.turn_number += 1

    def _out_of_tiles(self) -> None:
        if self.options.tie_break:
            groups = self.largest_groups()
            if groups[Colour.YELLOW] != groups[Colour.BLUE]:
                self.winner = max(groups, key=lambda c: groups[c])
                self.reason = (
                    f"the supply ran out; tie-break: largest yellow group {groups[Colour.YELLOW]} "
                    f"straights, largest blue group {groups[Colour.BLUE]}"
                )
                return
        self.draw = True
        self.reason = "the supply ran out before any creature was completed"

    def largest_groups(self) -> dict[Colour, int]:
        """For each colour, the number of straights in its largest region."""
        best = {Colour.YELLOW: 0, Colour.BLUE: 0}
        for verdict in analyse(self.position()).verdicts:
            best[verdict.colour] = max(best[verdict.colour], verdict.straights)
        return best

    def describe_result(self) -> str:
        """How the game stands, in words."""
        if self.winner is not None:
            return f"{self.winner} won: {self.reason}"
        if self.draw:
            return f"drawn: {self.reason}"
        return "in progress"

    # Legal moves ---------------------------------------------------------------------------
    def legal_turns(self) -> Iterator[tuple[Tile, ...]]:
        """Every legal turn, as the tiles in the order they are laid."""
        if self.over:
            return
        for tiles in self._candidate_turns():
            if self.is_legal(tiles):
                yield tiles

    def is_legal(self, tiles: Sequence[Tile]) -> bool:
        """True when ``play(tiles)`` would succeed (the game is left unchanged)."""
        snapshot = (self.turn_number, self.tiles_left, self.winner, self.draw, self.reason)
        try:
            self.lay(tiles)
        except IllegalMoveError:
            return False
        for tile in reversed(tiles):
            self._live.remove(tile.cell)
        self.turn_number, self.tiles_left, self.winner, self.draw, self.reason = snapshot
        return True

    def _candidate_turns(self) -> Iterator[tuple[Tile, ...]]:
        tiles = self._live.tiles
        frontier = sorted(self.position().frontier())
        singles = [Tile(c, o) for c in frontier for o in ORIENTATIONS]
        wanted = self.tiles_this_turn()
        if not tiles:
            if wanted == 1:
                yield from ((Tile((0, 0), o),) for o in ORIENTATIONS)
            else:
                for o1 in ORIENTATIONS:
                    for n in neighbours((0, 0)):
                        for o2 in ORIENTATIONS:
                            yield (Tile((0, 0), o1), Tile(n, o2))
            return
        yield from ((t,) for t in singles)
        if wanted < 2:
            return
        seen: set[tuple[Tile, Tile]] = set()
        for first in singles:
            for n in neighbours(first.cell):
                if n in tiles:
                    continue
                for o in ORIENTATIONS:
                    for pair in ((first, Tile(n, o)), (Tile(n, o), first)):
                        if pair not in seen:
                            seen.add(pair)
                            yield pair
