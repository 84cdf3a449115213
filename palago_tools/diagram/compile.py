"""The diagram compiler: the page layout of a diagram, with its board, legend and caption.

:func:`compile_diagram` turns a :class:`~palago_tools.diagram.model.Diagram` and its
:class:`~palago_tools.diagram.model.Options` into a
:class:`~palago_tools.drawing.primitives.Drawing`: every tile, mark, arrow and text as a flat
list of primitive shapes in page units, ready for any renderer.
"""

from __future__ import annotations

from ..core.hexgrid import bounding_box
from ..drawing.metrics import text_width
from ..drawing.primitives import Anchor, Drawing, Font, Primitive, Text
from ..drawing.typesetting import bind, words
from .annotations import LegendEntry
from .board import BoardPainter
from .marks import colour_or, draw_mark
from .model import BASELINE_SHIFT, Diagram, Options, wrap


def compile_diagram(diagram: Diagram, options: Options | None = None) -> Drawing:
    """Lay out ``diagram`` and return its drawing."""
    return _Compiler(diagram, options or Options()).drawing()


def heading(diagram: Diagram, options: Options) -> str:
    """The bold head of the caption: ``"Diagram 3"``, or empty without a number."""
    if diagram.number is None:
        return ""
    return f"{options.number_prefix} {diagram.number}".strip()


class _Compiler:
    """One compilation: the board, the page layout and the primitives in order."""

    def __init__(self, diagram: Diagram, options: Options) -> None:
        self.diagram = diagram
        self.options = options
        self.palette = options.palette
        self.board = BoardPainter(diagram, options)
        self.items: list[Primitive] = []

    # Layout ----------------------------------------------------------------------------------
    def drawing(self) -> Drawing:
        """Lay the page out and collect its primitives."""
        self.items = []
        o = self.options
        pad = o.padding
        x0, y0, x1, y1 = bounding_box(self.board.visible, o.size)
        board_w, board_h = x1 - x0, y1 - y0

        entries = self.diagram.legend_entries() if o.legend else ()
        legend_size = o.caption_size * 0.9
        icon = o.caption_size * 1.5
        entry_widths = [icon + 4.0 + text_width(e.text, legend_size) for e in entries]

        head = heading(self.diagram, o)
        caption = self.diagram.caption.strip()
        head_text = f"{head}." if head and caption else head
        head_w = text_width(head_text, o.caption_size, Font.BOLD) if head_text else 0.0
        space = text_width(" ", o.caption_size)
        natural = (
            head_w + (space if head_text and caption else 0.0) + text_width(caption, o.caption_size)
        )

        width = max(board_w, min(natural, o.caption_width), max(entry_widths, default=0.0))
        page_w = width + 2 * pad
        self.items.extend(self.board.primitives(pad + (width - board_w) / 2 - x0, pad - y0))
        y = pad + board_h
        if entries:
            y = self._legend(entries, entry_widths, y + 0.8 * pad, page_w, width, icon, legend_size)
        if head_text or caption:
            y = self._caption(head_text, head_w, caption, y + 0.8 * pad, page_w, width)
        title = " ".join(part for part in (head_text, caption) if part) or "Palago diagram"
        return Drawing(page_w, y + pad, tuple(self.items), self.palette.background, title)

    def _legend(
        self,
        entries: tuple[LegendEntry, ...],
        widths: list[float],
        top: float,
        page_w: float,
        width: float,
        icon: float,
        size: float,
    ) -> float:
        gap = 1.2 * size
        rows: list[list[int]] = [[]]
        used = 0.0
        for i, w in enumerate(widths):
            if rows[-1] and used + gap + w > width:
                rows.append([])
                used = 0.0
            used += (gap if rows[-1] else 0.0) + w
            rows[-1].append(i)
        line = icon * 1.15
        for row_index, row in enumerate(rows):
            row_w = sum(widths[i] for i in row) + gap * (len(row) - 1)
            x = (page_w - row_w) / 2
            cy = top + line * row_index + line / 2
            for i in row:
                entry = entries[i]
                colour = colour_or(entry.colour, self.palette.mark)
                self.items.extend(
                    draw_mark(entry.shape, (x + icon / 2, cy), icon, colour, self.palette.halo)
                )
                self.items.append(
                    Text(
                        (x + icon + 4.0, cy + BASELINE_SHIFT * size),
                        entry.text,
                        size,
                        Font.REGULAR,
                        Anchor.START,
                        self.palette.text,
                    )
                )
                x += widths[i] + gap
        return top + line * len(rows)

    def _caption(
        self, head: str, head_w: float, caption: str, top: float, page_w: float, width: float
    ) -> float:
        size = self.options.caption_size
        space = text_width(" ", size)
        first_room = width - (head_w + space if head else 0.0)
        lines = wrap(words(bind(caption)), first_room, width, size) if caption else [""]
        leading = 1.3 * size
        baseline = top + 0.93 * size
        for index, line in enumerate(lines):
            line_w = text_width(line, size)
            if index == 0 and head:
                total = head_w + (space + line_w if line else 0.0)
                x = (page_w - total) / 2
                self.items.append(
                    Text((x, baseline), head, size, Font.BOLD, Anchor.START, self.palette.text)
                )
                if line:
                    self.items.append(
                        Text(
                            (x + head_w + space, baseline),
                            line,
                            size,
                            Font.REGULAR,
                            Anchor.START,
                            self.palette.text,
                        )
                    )
            else:
                self.items.append(
                    Text(
                        (page_w / 2, baseline),
                        line,
                        size,
                        Font.REGULAR,
                        Anchor.MIDDLE,
                        self.palette.text,
                    )
                )
            baseline += leading
        return top + leading * len(lines)
