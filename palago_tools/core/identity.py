"""Identity of shapes (model section 4).

* **Creature identity** ("is this the Pala-rat?"): all twelve grid motions plus translation, colour
  free. The normal form is the smallest tile list over the motions that leave the creature
  yellow; its id is ``"<tiles>-<8 letters>"``, a digest of that form.
* **Game symmetry** (openings, positions): the six class-keeping motions plus translation.
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Iterable, Sequence

from ..errors import require
from .hexgrid import CLASS_KEEPING, MOTIONS, Motion
from .position import Position
from .tiles import Colour, Tile

NormalForm = tuple[Tile, ...]
"""A tile list translated so that its smallest cell is 0,0, sorted by cell."""


def _translated_to_origin(tiles: Iterable[Tile]) -> NormalForm:
    ordered = sorted(tiles)
    if not ordered:
        return ()
    q0, r0 = ordered[0].cell
    return tuple(Tile((q - q0, r - r0), t.orientation) for t in ordered for (q, r) in (t.cell,))


def _form_key(form: NormalForm) -> tuple[tuple[int, int, str], ...]:
    return tuple((t.cell[0], t.cell[1], t.orientation.value) for t in form)


def creature_form(tiles: Sequence[Tile], colour: Colour) -> NormalForm:
    """The normal form of a creature's tiles: same for every motion, translation and colour."""
    require(tiles, (list, tuple), "a creature's tiles")
    for tile in tiles:
        require(tile, Tile, "each of a creature's tiles")
    require(colour, Colour, "the creature's colour")
    best: NormalForm | None = None
    for motion in MOTIONS:
        moved = [t.moved(motion) for t in tiles]
        swapped = bool(moved) and moved[0][1]
        if (colour.other if swapped else colour) is not Colour.YELLOW:
            continue
        form = _translated_to_origin(t for t, _s in moved)
        if best is None or _form_key(form) < _form_key(best):
            best = form
    assert best is not None
    return best


def form_text(form: NormalForm) -> str:
    """A normal form written as tile tokens."""
    return " ".join(t.token for t in form)


def creature_id(tiles: Sequence[Tile], colour: Colour) -> str:
    """A short stable id of a creature's identity, e.g. ``"5-ab3kq7xz"``."""
    text = form_text(creature_form(tiles, colour))
    digest = hashlib.blake2b(text.encode("ascii"), digest_size=5).digest()
    return f"{len(tiles)}-{base64.b32encode(digest).decode('ascii').lower()}"


def creature_tiles(position: Position, cells: Iterable[tuple[int, int]]) -> list[Tile]:
    """The tiles of ``position`` on ``cells`` (a creature's tiles)."""
    return [Tile(cell, position[cell]) for cell in cells]


def position_form(position: Position, motions: Sequence[Motion] = CLASS_KEEPING) -> NormalForm:
    """The normal form of a position under game symmetry (or the given motions)."""
    best: NormalForm | None = None
    for motion in motions:
        form = _translated_to_origin(position.moved(motion).tiles())
        if best is None or _form_key(form) < _form_key(best):
            best = form
    assert best is not None
    return best


def same_position(a: Position, b: Position) -> bool:
    """True when ``b`` is ``a`` moved by a game symmetry and a translation.

    >>> same_position(Position.parse("0,0R 1,0L"), Position.parse("5,5R 6,5L"))
    True
    >>> same_position(Position.parse("0,0R 1,0L"), Position.parse("0,0R 1,0R"))
    False
    """
    return len(a) == len(b) and position_form(a) == position_form(b)
