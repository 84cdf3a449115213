"""Printable sheets drawn directly as PDF: score pads and game-record sheets."""

from __future__ import annotations

from .scorepads import (
    LANGUAGES,
    PAPERS,
    game_record_sheet,
    palago_match_sheet,
    palagonia_pad,
    write_pdf,
)

__all__ = [
    "LANGUAGES",
    "PAPERS",
    "game_record_sheet",
    "palago_match_sheet",
    "palagonia_pad",
    "write_pdf",
]
