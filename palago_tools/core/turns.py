"""A turn of two-player Palago and what it wins: the tiles one player lays in one turn, in the
order laid, the immediate wins of a side, and the threats the side to move must block. The
rules, the tactics and the engine all speak of turns in these words (the notation's
``PalagoTurn`` is the record of one)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .analysis import Creature, plural
from .hexgrid import Cell
from .tiles import Colour, Tile

Turn = tuple[Tile, ...]
"""The tiles of one turn, in the order they are laid."""


def turn_text(turn: Sequence[Tile]) -> str:
    """The tiles of a turn as tokens: ``"1,0R 2,-1L"``."""
    return " ".join(t.token for t in turn)


def turn_key(turn: Sequence[Tile]) -> tuple[int, tuple[tuple[Cell, str], ...]]:
    """Sort key of turns: fewer tiles first, then by cells and orientations."""
    return len(turn), tuple((t.cell, t.orientation.value) for t in turn)


def colours_of(creatures: Iterable[Creature]) -> frozenset[Colour]:
    """The colours of ``creatures``."""
    return frozenset(c.colour for c in creatures)


def describe_completion(creatures: Sequence[Creature]) -> str:
    """What the creatures a tile completes mean for the game, in words."""
    colours = colours_of(creatures)
    if len(colours) == 2:
        return "completes creatures of both colours"
    (colour,) = colours
    sizes = ", ".join(plural(c.tiles, "tile") for c in creatures)
    return f"completes a {colour} creature ({sizes})"


@dataclass(frozen=True)
class Win:
    """A turn that wins at once: its tiles in the order laid, and the creatures the last one
    completes."""

    tiles: Turn
    creatures: tuple[Creature, ...]

    @property
    def cells(self) -> frozenset[Cell]:
        return frozenset(t.cell for t in self.tiles)

    @property
    def notation(self) -> str:
        """The turn as notation tokens."""
        return turn_text(self.tiles)

    def describe(self) -> str:
        """``"2,0D completes a yellow creature (7 tiles)"``."""
        return f"{self.notation} {describe_completion(self.creatures)}"


@dataclass(frozen=True)
class Threats:
    """The immediate wins of the side to move, and the opponent's, which the mover must block."""

    mover: Colour
    wins: tuple[Win, ...]
    to_block: tuple[Win, ...]

    @property
    def threat_cells(self) -> frozenset[Cell]:
        """The cells of the opponent's immediate wins."""
        return frozenset(c for w in self.to_block for c in w.cells)


Completion = tuple[Turn, tuple[Creature, ...]]
"""A turn and the creatures its last tile completes."""

Site = tuple[int, ...]
"""One cell, or two neighbouring cells in the order laid, named by keys: where a turn may
complete something."""


Tight = tuple[frozenset[int], tuple[frozenset[int], ...]]
"""A site's cells and their neighbours, and the gaps besides the site's cells of each region
that needs one of them (keys): the tight zone for ``k`` more tiles is the first and the
second's sets of at most ``k`` cells (:func:`~palago_tools.tactics.search.tight_zone`)."""


@dataclass(frozen=True)
class Snapshot:
    """What each site completed at one moment of a search (:meth:`Board.baseline`): its
    completions, its zone (as keys), and the holes then (the enclosed areas of empty cells a
    few tiles could fill, as keys)."""

    completions: dict[Site, list[Completion]]
    zones: dict[Site, set[int]]
    holes: list[frozenset[int]]
    tight: dict[Site, Tight] = field(default_factory=dict)
    """For a site that fills no hole, what its tight zone is made of (:data:`Tight`)."""


def wins_for(colour: Colour, completions: Iterable[Completion]) -> tuple[Win, ...]:
    """The winning turns for ``colour`` among ``completions``: those completing creatures of
    its colour only; a pair whose last tile wins alone is left out, and of two orders of the
    same pair the first (by :func:`~palago_tools.core.turns.turn_key`) is kept."""
    wins = [Win(m, c) for m, c in completions if all(x.colour is colour for x in c)]
    alone = {w.tiles[0] for w in wins if len(w.tiles) == 1}
    seen: set[frozenset[Tile]] = set()
    kept: list[Win] = []
    for win in sorted(wins, key=lambda w: turn_key(w.tiles)):
        key = frozenset(win.tiles)
        if (len(win.tiles) == 2 and win.tiles[1] in alone) or key in seen:
            continue
        seen.add(key)
        kept.append(win)
    return tuple(kept)
