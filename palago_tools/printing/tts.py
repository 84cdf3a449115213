"""Tabletop Simulator deck sheets (``palago build --tts``), as nanDECK and squib write them:
the fronts of a deck in one image of 10 columns × 7 rows, the 70th place (bottom right) the
card TTS shows for a hidden card (the back), and the back as an image of its own, or for a
deck whose cards have backs of their own (the puzzles' answers) a second sheet of backs in
the same places. Each sheet stays within TTS's 4096 px; a deck of more than 69 cards takes
several sheets."""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from typing import Final

from PIL import Image

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
