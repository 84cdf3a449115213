"""Tabletop Simulator decks (``palago build --tts``), as nanDECK and squib write them: the
fronts of a deck in one image of 10 columns × 7 rows, the 70th place (bottom right) the card
TTS shows for a hidden card (the deck's back), and the back as an image of its own, or for a
deck whose cards have backs of their own (the puzzles' answers) a second sheet of backs in
the same places. Each sheet stays within TTS's 4096 px; a deck of more than 69 cards takes
several sheets. :func:`saved_object` writes the deck as a TTS saved object (a ``DeckCustom``
with one ``Card`` per card), which TTS lists under Objects → Saved Objects."""

from __future__ import annotations

import io
import json
import math
from collections.abc import Sequence
from typing import Any, Final

from PIL import Image

from ..errors import InternalError
from ..render.png import to_print_png
from .layout import Face
from .sheet import CardSize

COLUMNS: Final = 10
ROWS: Final = 7
LIMIT_PX: Final = 4096
"""TTS's custom-deck grid and the largest side of a sheet it loads."""

PER_SHEET: Final = COLUMNS * ROWS - 1
"""Cards on one sheet: the last place holds the hidden-card image."""


def cell_size(card: CardSize) -> tuple[int, int]:
    """The pixels of one card on a sheet: as large as 10 × 7 cards fit in 4096 px."""
    width = min(LIMIT_PX // COLUMNS, math.floor(LIMIT_PX // ROWS * card.width / card.height))
    return width, round(width * card.height / card.width)


def _image(face: Face, card: CardSize, cell: tuple[int, int]) -> Image.Image:
    """One card at trim size, rendered at the sheet's resolution and fitted to its cell."""
    dpi = cell[0] / (card.width / 72.0)
    image = Image.open(io.BytesIO(to_print_png(face(0.0), dpi))).convert("RGB")
    return image if image.size == cell else image.resize(cell, Image.Resampling.LANCZOS)


def _png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def deck_sheets(faces: Sequence[Face], hidden: Face | None, card: CardSize) -> list[bytes]:
    """PNG sheets of ``faces`` in rows of 10 (69 to a sheet), the ``hidden`` card (if any)
    in the last place of every sheet."""
    cell = cell_size(card)
    hidden_image = _image(hidden, card, cell) if hidden is not None else None
    sheets = []
    for start in range(0, max(1, len(faces)), PER_SHEET):
        batch = faces[start : start + PER_SHEET]
        sheet = Image.new("RGB", (cell[0] * COLUMNS, cell[1] * ROWS), "#000000")
        for index, face in enumerate(batch):
            row, column = divmod(index, COLUMNS)
            sheet.paste(_image(face, card, cell), (column * cell[0], row * cell[1]))
        if hidden_image is not None:
            sheet.paste(hidden_image, ((COLUMNS - 1) * cell[0], (ROWS - 1) * cell[1]))
        sheets.append(_png(sheet))
    return sheets


def back_image(face: Face, card: CardSize) -> bytes:
    """The shared back as one PNG of a sheet's cell size."""
    return _png(_image(face, card, cell_size(card)))


DECK_ROTATION: Final = {"rotX": 0.0, "rotY": 180.0, "rotZ": 180.0}
"""A deck lying face down, as TTS saves one."""


def _transform(y: float = 1.0) -> dict[str, float]:
    return {
        "posX": 0.0,
        "posY": y,
        "posZ": 0.0,
        **DECK_ROTATION,
        "scaleX": 1.0,
        "scaleY": 1.0,
        "scaleZ": 1.0,
    }


def saved_object(
    nickname: str,
    names: Sequence[str],
    faces: Sequence[str],
    backs: Sequence[str],
    *,
    unique_backs: bool,
) -> dict[str, Any]:
    """A Tabletop Simulator saved object holding one deck: ``names`` the cards in deck order,
    ``faces`` the URL of each face sheet (69 cards to a sheet), ``backs`` the back image's URL
    (one, shared) or, with ``unique_backs``, the URL of each back sheet. Sheet *k* (from 1) is
    ``CustomDeck`` entry *k*, and card *i* of it has ``CardID`` 100·k + i, TTS's numbering.
    With a shared back TTS shows that back for a hidden card (``BackIsHidden``); with backs of
    their own (the answers) it shows the 70th place of the face sheet instead."""
    sheets = max(1, math.ceil(len(names) / PER_SHEET))
    if len(faces) != sheets or len(backs) != (sheets if unique_backs else 1):
        raise InternalError(f"{len(names)} cards take {sheets} face sheets")
    custom: dict[str, dict[str, Any]] = {}
    for key in range(1, sheets + 1):
        custom[str(key)] = {
            "FaceURL": faces[key - 1],
            "BackURL": backs[key - 1] if unique_backs else backs[0],
            "NumWidth": COLUMNS,
            "NumHeight": ROWS,
            "BackIsHidden": not unique_backs,
            "UniqueBack": unique_backs,
            "Type": 0,
        }
    cards = []
    for index, name in enumerate(names):
        key, place = divmod(index, PER_SHEET)
        cards.append(
            {
                "Name": "Card",
                "Nickname": name,
                "CardID": 100 * (key + 1) + place,
                "CustomDeck": {str(key + 1): custom[str(key + 1)]},
                "Transform": _transform(),
            }
        )
    deck = {
        "Name": "DeckCustom",
        "Nickname": nickname,
        "Transform": _transform(),
        "DeckIDs": [card["CardID"] for card in cards],
        "CustomDeck": custom,
        "ContainedObjects": cards,
    }
    return {"SaveName": nickname, "ObjectStates": [deck]}


def saved_object_json(deck: dict[str, Any]) -> bytes:
    """The saved object as TTS writes its files: indented JSON in UTF-8."""
    return (json.dumps(deck, ensure_ascii=False, indent=2) + "\n").encode("utf-8")
