"""Printable matter drawn directly as PDF: portrait cards and their print layouts, solution
sheets, score pads and game-record sheets.

:mod:`.sheet` holds what every sheet shares (papers, card sizes, :class:`SheetOptions`, colours,
the canvas), :mod:`.strings` every translation, :mod:`.layout` the print layouts of any card;
:mod:`.cards`, :mod:`.puzzle_cards`, :mod:`.solutions` and :mod:`.scorepads` draw the sheets."""

from __future__ import annotations

from ..languages import LANGUAGES
from .cards import card_back, card_back_png, card_front, card_png, home_sheets, print_shop_pdf
from .layout import Face, card_sheets, duplex_test, sheet_layout, shop_sheets
from .scorepads import PadFilling, PadRow, game_record_sheet, palago_match_sheet, palagonia_pad
from .sheet import CARD_SIZES, PAPERS, CardSize, DocumentInfo, SheetOptions, card_size, write_pdf
from .solutions import solution_sheets

__all__ = [
    "CARD_SIZES",
    "LANGUAGES",
    "PAPERS",
    "CardSize",
    "DocumentInfo",
    "Face",
    "PadFilling",
    "PadRow",
    "SheetOptions",
    "card_back",
    "card_back_png",
    "card_front",
    "card_png",
    "card_sheets",
    "card_size",
    "duplex_test",
    "game_record_sheet",
    "home_sheets",
    "palago_match_sheet",
    "palagonia_pad",
    "print_shop_pdf",
    "sheet_layout",
    "shop_sheets",
    "solution_sheets",
    "write_pdf",
]
