"""Text widths from the bundled fonts' own metrics (advance widths, no kerning).

The layout needs widths to centre captions, wrap them and size legends; it reads them from the
TrueType tables of the bundled DejaVu faces, so the model never depends on a renderer.
"""

from __future__ import annotations

import struct
from functools import cache

from ..errors import InternalError
from .primitives import Font


class FontMetrics:
    """Advance widths of one TrueType face, in em units (1.0 = the font size)."""

    def __init__(self, data: bytes) -> None:
        tables = self._tables(data)
        head = tables["head"]
        units_per_em = struct.unpack_from(">H", data, head + 18)[0]
        hhea = tables["hhea"]
        long_metrics = struct.unpack_from(">H", data, hhea + 34)[0]
        hmtx = tables["hmtx"]
        advances: list[int] = [
            struct.unpack_from(">H", data, hmtx + 4 * i)[0] for i in range(long_metrics)
        ]
        self._scale: float = 1.0 / units_per_em
        self._advances = advances
        self._glyphs = self._cmap(data, tables["cmap"])
        self.missing: float = advances[0] * self._scale

    @staticmethod
    def _tables(data: bytes) -> dict[str, int]:
        count = struct.unpack_from(">H", data, 4)[0]
        tables: dict[str, int] = {}
        for i in range(count):
            tag, _checksum, offset, _length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
            tables[tag.decode("latin-1")] = offset
        return tables

    @staticmethod
    def _cmap(data: bytes, cmap: int) -> dict[int, int]:
        """Code point → glyph index from the Windows Unicode BMP subtable (format 4)."""
        count = struct.unpack_from(">H", data, cmap + 2)[0]
        for i in range(count):
            platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * i)
            sub = cmap + offset
            if platform == 3 and encoding == 1 and struct.unpack_from(">H", data, sub)[0] == 4:
                break
        else:
            raise InternalError("a bundled font has no Windows Unicode BMP character map")
        segments = struct.unpack_from(">H", data, sub + 6)[0] // 2
        ends_at = sub + 14
        starts_at = ends_at + 2 * segments + 2
        deltas_at = starts_at + 2 * segments
        ranges_at = deltas_at + 2 * segments
        glyphs: dict[int, int] = {}
        for s in range(segments):
            end = struct.unpack_from(">H", data, ends_at + 2 * s)[0]
            start = struct.unpack_from(">H", data, starts_at + 2 * s)[0]
            delta = struct.unpack_from(">h", data, deltas_at + 2 * s)[0]
            range_offset = struct.unpack_from(">H", data, ranges_at + 2 * s)[0]
            for code in range(start, end + 1):
                if code == 0xFFFF:
                    continue
                if range_offset == 0:
                    glyph = (code + delta) & 0xFFFF
                else:
                    at = ranges_at + 2 * s + range_offset + 2 * (code - start)
                    glyph = struct.unpack_from(">H", data, at)[0]
                    if glyph:
                        glyph = (glyph + delta) & 0xFFFF
                if glyph:
                    glyphs[code] = glyph
        return glyphs

    def advance(self, char: str) -> float:
        """Advance width of one character in em units."""
        glyph = self._glyphs.get(ord(char))
        if glyph is None:
            return self.missing
        advances = self._advances
        return advances[glyph if glyph < len(advances) else -1] * self._scale

    def width(self, text: str, size: float) -> float:
        """Width of ``text`` set at ``size`` points."""
        return sum(self.advance(ch) for ch in text) * size


@cache
def metrics(font: Font) -> FontMetrics:
    """The metrics of a bundled face, read once."""
    return FontMetrics(font.file.read_bytes())


def text_width(text: str, size: float, font: Font = Font.REGULAR) -> float:
    """Width in points of ``text`` set in ``font`` at ``size`` points."""
    return metrics(font).width(text, size)
