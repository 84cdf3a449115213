"""Card-printing services' published file specifications as presets of :class:`SheetOptions`
(``palago build --shop NAME``): their card and bleed sizes, the PDF/X part and the ink limit
they ask for, and the page order. The sources are cited in docs/printing.md."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Final

from ..errors import OutputError
from .sheet import CardSize, SheetOptions

INCH: Final = 25.4


@dataclass(frozen=True)
class Shop:
    """A printing service's card file: its poker card with the service's bleed, the PDF/X part
    and the total ink it accepts, and whether each front is followed by its back."""

    name: str
    title: str
    card: CardSize
    pdfx: str
    ink_limit: float
    interleaved: bool
    limit_source: str = ""


SHOPS: Final[dict[str, Shop]] = {
    # MakePlayingCards' upload FAQ: a poker card is uploaded as 822 × 1122 px at 300 dpi, of
    # which 36 px on every side are cut off (0.12 in), the card 2.5 × 3.5 in.
    "makeplayingcards": Shop(
        "makeplayingcards",
        "MakePlayingCards",
        CardSize("makeplayingcards", 2.5 * INCH, 3.5 * INCH, bleed_mm=36 / 300 * INCH),
        pdfx="4",
        ink_limit=300.0,
        interleaved=False,
        limit_source="MakePlayingCards' upload FAQ gives no ink limit: SWOP's 300 %",
    ),
    # DriveThruCards' card specifications: poker 2.5 × 3.5 in with a 1/8 in bleed on every
    # side (2.75 × 3.75 in), PDF/X-1a:2003 for US Web Coated (SWOP), total ink at most 240 %,
    # each card's front followed by its back.
    "drivethrucards": Shop(
        "drivethrucards",
        "DriveThruCards",
        CardSize("drivethrucards", 2.5 * INCH, 3.5 * INCH, bleed_mm=INCH / 8),
        pdfx="1a",
        ink_limit=240.0,
        interleaved=True,
        limit_source="DriveThruCards' Specifications for Print Cards: total ink at most 240 %",
    ),
}
"""The presets ``--shop`` takes."""


SWOP_LIMIT_SOURCE: Final = "SWOP (CGATS TR 001): total area coverage at most 300 %"
"""Where the ink limit of a CMYK build without a preset comes from."""


def limit_source(options: SheetOptions) -> str:
    """Where the ink limit of ``options`` comes from: its preset's source, or SWOP's."""
    shop = SHOPS.get(options.card.name)
    if shop is not None and options.ink_limit == shop.ink_limit:
        return shop.limit_source
    return SWOP_LIMIT_SOURCE


def shop_named(name: str) -> Shop:
    """The preset called ``name`` (any case); :class:`OutputError` for another."""
    key = name.strip().lower()
    if key not in SHOPS:
        raise OutputError(f"unknown shop {name!r}; the presets are {', '.join(SHOPS)}")
    return SHOPS[key]


def for_shop(options: SheetOptions, name: str) -> SheetOptions:
    """``options`` with the card size, bleed, CMYK, PDF/X part, ink limit and page order of
    the shop called ``name`` (the language, palette, paper and profile stay)."""
    shop = shop_named(name)
    return dataclasses.replace(
        options,
        size=shop.card,
        cmyk=True,
        pdfx=shop.pdfx,
        ink_limit=min(options.ink_limit, shop.ink_limit),
        interleaved=shop.interleaved,
    )
