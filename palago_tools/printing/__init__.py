"""Printable matter drawn directly as PDF: portrait cards and their print layouts, solution
sheets, score pads and game-record sheets."""

from __future__ import annotations

from .cards import (
    CARD_SIZES,
    CardSize,
    DocumentInfo,
    Face,
    SheetOptions,
    card_back,
    card_back_png,
    card_front,
    card_png,
    card_sheets,
    card_size,
    duplex_test,
    home_sheets,
    print_shop_pdf,
    sheet_layout,
    shop_sheets,
)
from .scorepads import PadFilling, PadRow, game_record_sheet, palago_match_sheet, palagonia_pad
from .sheet import LANGUAGES, PAPERS, write_pdf
from .solutions import solution_sheets

__all__ = [
    "PadFilling",
    "PadRow",
    "CARD_SIZES",
    "LANGUAGES",
    "PAPERS",
    "CardSize",
    "DocumentInfo",
    "Face",
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
