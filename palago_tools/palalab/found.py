"""A creature found by the generator or the best-creature search, in normal form."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.analysis import Creature
from ..core.identity import creature_form, creature_id
from ..core.position import Position
from ..core.tiles import Colour, Tile


@dataclass(frozen=True)
class FoundCreature:
    """A creature's tiles in normal form (yellow, smallest cell at 0,0), id and score."""

    tiles: tuple[Tile, ...]
    id: str
    loops: int
    legs: int
    score: int
    breakdown: str

    @property
    def size(self) -> int:
        return len(self.tiles)

    @property
    def tokens(self) -> str:
        """The tiles as tile tokens, e.g. ``"0,0R 0,1L ..."``."""
        return " ".join(t.token for t in self.tiles)

    @property
    def position(self) -> Position:
        return Position(self.tiles)

    @classmethod
    def of(cls, position: Position, creature: Creature) -> FoundCreature:
        """The creature ``creature`` of ``position``, normalised."""
        tiles = [Tile(cell, position[cell]) for cell in sorted(creature.cells)]
        return cls(
            tiles=creature_form(tiles, creature.colour),
            id=creature_id(tiles, creature.colour),
            loops=creature.loops,
            legs=creature.legs,
            score=creature.score,
            breakdown=creature.breakdown(),
        )

    @property
    def colour(self) -> Colour:
        """Always yellow: the normal form is the yellow one."""
        return Colour.YELLOW
