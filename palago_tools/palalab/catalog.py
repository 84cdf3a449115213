"""Palalaboratory cards: a catalog of named creatures, matched by identity (model section 4)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..core.analysis import analyse
from ..core.identity import creature_id
from ..core.position import Position
from ..core.tiles import Colour, Tile
from ..errors import PalagoError


class CardError(PalagoError, ValueError):
    """A catalog card whose tiles are not exactly one creature."""


@dataclass(frozen=True)
class CatalogEntry:
    """A card: its ``number``, ``name`` and the creature's ``tiles`` (any placement, any colour).

    ``colour`` and ``id`` are worked out from the tiles; building an entry whose tiles are not
    one creature covering all of them raises :class:`CardError`.
    """

    number: int
    name: str
    tiles: tuple[Tile, ...]
    colour: Colour = field(init=False, compare=False)
    id: str = field(init=False, compare=False)

    def __post_init__(self) -> None:
        tiles = tuple(sorted(self.tiles))
        object.__setattr__(self, "tiles", tiles)
        cells = frozenset(t.cell for t in tiles)
        whole = [c for c in analyse(Position(tiles)).creatures if c.cells == cells]
        if not whole:
            raise CardError(f"card {self.number} ({self.name}): its tiles are not one creature")
        colour = whole[0].colour
        object.__setattr__(self, "colour", colour)
        object.__setattr__(self, "id", creature_id(tiles, colour))

    @property
    def size(self) -> int:
        """The number in the card's red circle."""
        return len(self.tiles)

    def __str__(self) -> str:
        return f"card {self.number} ({self.name})"


Catalog = Sequence[CatalogEntry]
"""A list of cards."""


def catalog_index(catalog: Iterable[CatalogEntry]) -> dict[str, CatalogEntry]:
    """Identity id → card (the first card of each identity)."""
    index: dict[str, CatalogEntry] = {}
    for entry in catalog:
        index.setdefault(entry.id, entry)
    return index
