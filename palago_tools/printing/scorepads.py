"""Score pads and game-record sheets for Palago and Palagonia, drawn as vector PDF with reportlab.

Three sheets, each on A4 or Letter and in English, Russian, French or Hungarian:

- :func:`palagonia_pad`: a Palagonia score pad for 3 to 10 players (docs/rules.md, "Scoring");
- :func:`palago_match_sheet`: a match of several two-player Palago games;
- :func:`game_record_sheet`: a hex grid in axial coordinates and numbered lines to write a game
  down in the notation (docs/notation.md).

Pages are drawn directly on a reportlab canvas in page points; layout coordinates below are
measured from the top left corner of the page, y downwards, like :mod:`palago_tools.core.hexgrid`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final, Literal

from reportlab.lib.colors import HexColor
from reportlab.pdfbase.pdfmetrics import stringWidth

from ..core.hexgrid import Cell, cell_text, centre, distance, hexagon, tip_sector
from ..drawing.typesetting import colon, set_lines
from ..errors import OutputError
from ..glossary import article
from ..languages import Lang
from ..rules.palagonia import PLAYER_COUNTS
from ..screens import side
from .sheet import (
    BOLD,
    FAINT,
    GRID,
    INK,
    MARGIN,
    REGULAR,
    RULE,
    SHADE,
    STRIPE,
    Paper,
    Sheet,
    draw_title,
    fitted_lines,
    measure,
    new_document,
)

Kind = Literal["palago", "palagonia"]

# --- Palagonia score pad ---------------------------------------------------------------------

ROW: Final = 14.0
"""Height of a writing row in points (about 5 mm)."""

TURN_COLUMN: Final = 34.0

CELL_PAD: Final = 3.0
"""The least space between a header's text and the rules of its cell, on each side."""


def _pad_header(sheet: Sheet, top: float, players: int, left: float, col: float) -> float:
    """Seat numbers, name boxes and the points/Σ subheader; returns the y below them."""
    content = sheet.width - 2 * MARGIN
    seat_h, name_h, sub_h = 12.0, 24.0, 11.0
    bottom = top + seat_h + name_h + sub_h
    sheet.rect(MARGIN, top, content, seat_h, width=0, fill=SHADE, stroke=False)
    sheet.text(
        MARGIN + TURN_COLUMN / 2,
        top + seat_h + name_h / 2 + 3,
        sheet.t("turn"),
        7.5,
        bold=True,
        anchor="middle",
        fit=TURN_COLUMN - 4,
    )
    half = col / 2
    for seat in range(players):
        x = left + seat * col
        sheet.text(x + half, top + 9, str(seat + 1), 8.5, bold=True, anchor="middle")
        sub = top + seat_h + name_h + 8.3
        sheet.text(
            x + half / 2, sub, sheet.t("points"), 6.5, anchor="middle", fit=half - 2 * CELL_PAD
        )
        sheet.text(x + half + half / 2, sub, "Σ", 7, bold=True, anchor="middle")
        sheet.line(x + half, top + seat_h + name_h, x + half, bottom, 0.4, FAINT)
        sheet.line(x, top, x, bottom, 0.8)
    sheet.line(MARGIN, top + seat_h + name_h, MARGIN + content, top + seat_h + name_h, 0.4, FAINT)
    sheet.rect(MARGIN, top, content, bottom - top, width=0.8)
    return bottom


def _pad_rows(
    sheet: Sheet,
    top: float,
    rows: int,
    players: int,
    left: float,
    col: float,
    first: int | None = 1,
) -> float:
    """``rows`` turn rows from ``top``, numbered from ``first`` (unnumbered for ``None``: a
    filled-in pad writes each row's turn there); returns the y below them."""
    content = sheet.width - 2 * MARGIN
    half = col / 2
    for row in range(rows):
        y = top + row * ROW
        if row % 2 == 1:
            sheet.rect(MARGIN, y, content, ROW, fill=STRIPE, stroke=False)
        if first is not None:
            sheet.text(MARGIN + 3, y + ROW / 2 + 2.5, str(first + row), 7, colour=RULE)
        sheet.checkbox(MARGIN + TURN_COLUMN - 8, y + (ROW - 5.5) / 2)
        for seat in range(players):
            sheet.corner_mark(left + seat * col + 1.2, y + 1.2)
    bottom = top + rows * ROW
    for row in range(1, rows):
        sheet.line(MARGIN, top + row * ROW, MARGIN + content, top + row * ROW, 0.3, FAINT)
    sheet.line(left, top, left, bottom, 0.8)
    for seat in range(players):
        x = left + seat * col
        sheet.line(x + half, top, x + half, bottom, 0.4, FAINT)
        sheet.line(x, top, x, bottom, 0.8)
    sheet.rect(MARGIN, top, content, bottom - top, width=0.8)
    return bottom


def _pad_band(
    sheet: Sheet, top: float, label: str, players: int, left: float, col: float, height: float
) -> float:
    """A labelled row with one box per player for a sum (brought forward or total)."""
    content = sheet.width - 2 * MARGIN
    sheet.rect(MARGIN, top, TURN_COLUMN, height, width=0, fill=SHADE, stroke=False)
    lines = set_lines(label, TURN_COLUMN - 4, measure(BOLD, 7.0))
    first = top + height / 2 + 2.5 - (len(lines) - 1) * 4.0
    for n, line in enumerate(lines):
        sheet.text(
            MARGIN + TURN_COLUMN / 2,
            first + n * 8.0,
            line,
            7.0,
            bold=True,
            anchor="middle",
            fit=TURN_COLUMN - 4,
        )
    for seat in range(players):
        sheet.line(left + seat * col, top, left + seat * col, top + height, 0.8)
    sheet.rect(MARGIN, top, content, height, width=1.2, colour=INK)
    return top + height


def _pad_legend(sheet: Sheet, y: float) -> float:
    """The key to the marks; returns the y below it."""
    x = MARGIN
    content = sheet.width - 2 * MARGIN
    items = (("box", "legend_extra"), ("corner", "legend_shared"), ("sum", "legend_sum"))
    size = 7.0
    widths = [stringWidth(sheet.t(key), REGULAR, size) + 18 for _, key in items]
    if sum(widths) > content:
        size *= content / sum(widths)
        widths = [stringWidth(sheet.t(key), REGULAR, size) + 18 for _, key in items]
    for (mark, key), w in zip(items, widths, strict=False):
        if mark == "box":
            sheet.checkbox(x, y - 5.5)
        elif mark == "corner":
            sheet.corner_mark(x, y - 6)
        else:
            sheet.text(x, y, "Σ", size + 0.5, bold=True)
        sheet.text(x + 9, y, sheet.t(key), size)
        x += w
    return y + 6


def _rules_box(sheet: Sheet, top: float, draw: bool = True) -> float:
    """The scoring rules in a framed box; returns its bottom (measures only when not drawing)."""
    content = sheet.width - 2 * MARGIN
    inner = content - 16
    y = top + 14
    if draw:
        sheet.text(MARGIN + 8, y, sheet.t("scoring"), 10, bold=True)
    y += 13
    for key in ("rule_value", "rule_small", "rule_share", "rule_rotation", "rule_end"):
        if draw:
            sheet.text(MARGIN + 9, y, "•", 8)
        y = sheet.paragraph(MARGIN + 18, y, sheet.t(key), inner - 10, 8, 10, draw=draw) + 1.5
    bottom = y - 4
    if draw:
        sheet.rect(MARGIN, top, content, bottom - top, width=1.0, colour=INK)
    return bottom


@dataclass(frozen=True)
class PadRow:
    """One filled row of a score pad: the turn as written (``7`` or ``7+``), and for each seat
    the points gained (``None`` for none), whether they were shared points, and the total."""

    label: str
    points: tuple[int | None, ...]
    shared: tuple[bool, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True)
class PadFilling:
    """What a filled-in pad says: the players' names in seat order, a row per scoring turn, and
    the final totals (``None`` while the game goes on)."""

    names: tuple[str, ...]
    rows: tuple[PadRow, ...] = ()
    totals: tuple[int, ...] | None = None
    date: str = ""


def _fill_header(sheet: Sheet, top: float, names: tuple[str, ...], left: float, col: float) -> None:
    for seat, name in enumerate(names):
        sheet.text(
            left + seat * col + col / 2,
            top + 12 + 15,
            name,
            9,
            bold=True,
            anchor="middle",
            fit=col - 6,
        )


def _fill_rows(sheet: Sheet, top: float, rows: tuple[PadRow, ...], left: float, col: float) -> None:
    half = col / 2
    for index, row in enumerate(rows):
        baseline = top + index * ROW + ROW - 4
        number = row.label.rstrip("+")
        sheet.text(MARGIN + 3, baseline, number, 8, fit=TURN_COLUMN - 14)
        if row.label.endswith("+"):
            sheet.text(
                MARGIN + TURN_COLUMN - 5.25, baseline - 0.5, "x", 7, bold=True, anchor="middle"
            )
        for seat, (points, shared, total) in enumerate(
            zip(row.points, row.shared, row.totals, strict=False)
        ):
            x = left + seat * col
            if points is not None:
                sheet.text(x + half / 2 + 2, baseline, str(points), 8.5, anchor="middle")
                if shared:
                    y = top + index * ROW + 1.2
                    corner = [(x + 1.2, y), (x + 6.2, y), (x + 1.2, y + 5.0)]
                    sheet.polygon(corner, width=0.4, colour=INK, fill=INK)
            sheet.text(x + col - 4, baseline, str(total), 8.5, bold=True, anchor="end")


def palagonia_pad(
    players: int, paper: Paper = "A4", lang: Lang = "EN", filling: PadFilling | None = None
) -> bytes:
    """A two-page Palagonia score pad for ``players`` (3..10) in seat order, as PDF bytes.

    Each row is a turn: the turn number with a box for an extra turn after a double, and for each
    player the points (a corner mark for shared points) and the running total Σ. Page 1 ends with
    the scoring rules, page 2 with the final totals. With a ``filling`` the pad comes filled in:
    names, a row per scoring turn (an extra turn's box ticked, shared points' corner filled),
    the totals; rows that do not fit on the two pages go on pages like the second.
    """
    if not isinstance(players, int) or players not in PLAYER_COUNTS:
        low, high = PLAYER_COUNTS[0], PLAYER_COUNTS[-1]
        raise OutputError(f"a Palagonia pad is for {low} to {high} players, not {players!r}")
    if filling is not None and len(filling.names) != players:
        raise OutputError(
            f"the filling has {len(filling.names)} names for a pad of {players} players"
        )
    buffer, canvas, sheet = new_document(paper, lang, "pad_title")
    left = MARGIN + TURN_COLUMN
    col = (sheet.width - 2 * MARGIN - TURN_COLUMN) / players
    rows = _pad_first_page(sheet, players, left, col, filling)
    _pad_next_pages(sheet, players, left, col, filling, rows)
    if filling is None and players > ONE_SET_PLAYERS:
        _continuation_sheet(sheet, players, left, col)
    canvas.save()
    return buffer.getvalue()


def _pad_first_page(
    sheet: Sheet, players: int, left: float, col: float, filling: PadFilling | None
) -> int:
    """Page 1 of a pad: title, date, seats, rows (filled in from the first of ``filling``'s),
    legend, rules; returns how many rows it holds."""
    content = sheet.width - 2 * MARGIN
    bottom_limit = sheet.height - MARGIN
    draw_title(sheet, sheet.title)
    y = MARGIN + 32
    sheet.date_and_place(y)
    y += 16
    sheet.text(MARGIN, y, sheet.t("seats"), 7.5, colour=RULE, fit=content)
    y += 5
    header_top = y
    y = _pad_header(sheet, y, players, left, col)
    rules_height = _rules_box(sheet, 0, draw=False)
    room = bottom_limit - 6 - rules_height - 20 - y
    rows = int(room // ROW)
    rows_top = y
    y = _pad_rows(sheet, y, rows, players, left, col, 1 if filling is None else None)
    if filling is not None:
        _fill_header(sheet, header_top, filling.names, left, col)
        _fill_rows(sheet, rows_top, filling.rows[:rows], left, col)
    _pad_legend(sheet, y + 12)
    _rules_box(sheet, bottom_limit - 6 - rules_height)
    sheet.footer(sheet.title, 1, 3 if filling is None and players > ONE_SET_PLAYERS else 2)
    sheet.canvas.showPage()
    return rows


ONE_SET_PLAYERS: Final = 5
"""More players than this play with two sets (the rulebooks), a game no row count bounds: a
removal puts its tile back into the bag, so the pad for them ends with a continuation sheet."""


def _continuation_sheet(sheet: Sheet, players: int, left: float, col: float) -> None:
    """A last page to print as often as a game needs: unnumbered rows between the points
    brought forward and the total."""
    bottom_limit = sheet.height - MARGIN
    draw_title(sheet, f"{sheet.title} ({sheet.t('continuation')})")
    y = sheet.paragraph(
        MARGIN, MARGIN + 26, sheet.t("continuation_note"), sheet.width - 2 * MARGIN, 7.5, 9.5
    )
    header = y + 2
    y = _pad_header(sheet, header, players, left, col)
    y = _pad_band(sheet, y, sheet.t("brought"), players, left, col, ROW + 4)
    total_height = 26.0
    rows = int((bottom_limit - 18 - total_height - y) // ROW)
    y = _pad_rows(sheet, y, rows, players, left, col, None)
    y = _pad_band(sheet, y, sheet.t("total"), players, left, col, total_height)
    _pad_legend(sheet, y + 12)
    sheet.footer(sheet.title, 3, 3)
    sheet.canvas.showPage()


def _pad_next_pages(
    sheet: Sheet, players: int, left: float, col: float, filling: PadFilling | None, done_rows: int
) -> None:
    """Page 2 of a pad, after page 1's ``done_rows`` rows, and more pages like it while a
    filling has rows left: brought forward, rows, total."""
    bottom_limit = sheet.height - MARGIN
    rows_left = filling.rows[done_rows:] if filling is not None else ()
    total_height = 26.0
    page = 2
    first = done_rows + 1
    while True:
        draw_title(sheet, f"{sheet.title} ({sheet.t('continued')})")
        y = _pad_header(sheet, MARGIN + 26, players, left, col)
        if filling is not None:
            _fill_header(sheet, MARGIN + 26, filling.names, left, col)
        brought = y
        y = _pad_band(sheet, y, sheet.t("brought"), players, left, col, ROW + 4)
        rows = int((bottom_limit - 18 - total_height - y) // ROW)
        done = len(rows_left) <= rows
        rows_top = y
        y = _pad_rows(sheet, y, rows, players, left, col, first if filling is None else None)
        first += rows
        if filling is not None:
            if filling.rows and len(filling.rows) > len(rows_left):
                carried = filling.rows[len(filling.rows) - len(rows_left) - 1].totals
                _fill_band(sheet, brought, ROW + 4, carried, left, col)
            _fill_rows(sheet, rows_top, rows_left[:rows], left, col)
            rows_left = rows_left[rows:]
        total_top = y
        y = _pad_band(sheet, y, sheet.t("total"), players, left, col, total_height)
        if filling is not None and filling.totals is not None and done:
            _fill_band(sheet, total_top, total_height, filling.totals, left, col)
        _pad_legend(sheet, y + 12)
        pages = 3 if filling is None and players > ONE_SET_PLAYERS else 2
        sheet.footer(sheet.title, page, max(pages, page if done else page + 1))
        sheet.canvas.showPage()
        if done:
            return
        page += 1


# --- Palago match sheet ----------------------------------------------------------------------


def _fill_band(
    sheet: Sheet, top: float, height: float, totals: tuple[int, ...], left: float, col: float
) -> None:
    for seat, total in enumerate(totals):
        x = left + seat * col
        sheet.text(x + col - 4, top + height / 2 + 4, str(total), 11, bold=True, anchor="end")


def palago_match_sheet(paper: Paper = "A4", lang: Lang = "EN") -> bytes:
    """A sheet for a match of Palago games between two players A and B, as PDF bytes.

    One row per game (25 on A4, 23 on Letter): who played Yellow, which colour moved first, the
    number of turns, the result and each player's points; the match totals below.
    """
    buffer, canvas, sheet = new_document(paper, lang, "match_title")
    title = sheet.title
    content = sheet.width - 2 * MARGIN
    draw_title(sheet, title)
    y = MARGIN + 32
    sheet.date_and_place(y)
    y += 24
    half = content / 2
    for i, letter in enumerate("AB"):
        x = MARGIN + i * half
        sheet.text(x, y, f"{sheet.t('player')} {letter}", 9, bold=True)
        sheet.rect(x, y + 4, half - 12 + 12 * i, 20, width=0.6)
    y += 36

    # Columns: game, Yellow played by (A/B), first (Yellow/Blue), turns, result, A, B, notes.
    widths = [40.0, 82.0, 104.0, 44.0, 64.0, 36.0, 36.0]
    widths.append(content - sum(widths))
    xs = [MARGIN]
    for w in widths:
        xs.append(xs[-1] + w)
    head = 30.0
    sheet.rect(MARGIN, y, content, head, width=0, fill=SHADE, stroke=False)
    labels = [
        sheet.t("game"),
        sheet.t("yellow_is"),
        sheet.t("first"),
        sheet.t("turns"),
        sheet.t("result"),
        sheet.t("points_of").format(who="A", the=article("A", sheet.lang)),
        sheet.t("points_of").format(who="B", the=article("B", sheet.lang)),
        sheet.t("notes"),
    ]
    for i, label in enumerate(labels):
        x0, x1 = xs[i], xs[i + 1]
        room = x1 - x0 - 2 * CELL_PAD
        lines, size = fitted_lines(label, BOLD, 7.5, room, 3)
        leading = size * 1.2
        top = y + head / 2 - (len(lines) - 1) * leading / 2 + size * 0.35
        for n, line in enumerate(lines):
            sheet.text((x0 + x1) / 2, top + n * leading, line, size, bold=True, anchor="middle")
    y += head
    row = 22.0
    games = int((sheet.height - MARGIN - 76 - y) // row)
    yellow, blue = side("yellow", sheet.lang), side("blue", sheet.lang)
    for g in range(games):
        ry = y + g * row
        if g % 2 == 1:
            sheet.rect(MARGIN, ry, content, row, fill=STRIPE, stroke=False)
        sheet.text(xs[0] + widths[0] / 2, ry + row / 2 + 3, str(g + 1), 8.5, anchor="middle")
        for column, options in ((1, ("A", "B")), (2, (yellow, blue))):
            cell = widths[column] / 2
            for k, option in enumerate(options):
                bx = xs[column] + k * cell + 4
                sheet.checkbox(bx, ry + row / 2 - 3.5, 7)
                sheet.text(bx + 10, ry + row / 2 + 3, option, 7.5, fit=cell - 14)
    bottom = y + games * row
    for g in range(1, games):
        sheet.line(MARGIN, y + g * row, MARGIN + content, y + g * row, 0.3, FAINT)
    for x in xs[1:-1]:
        sheet.line(x, y - head, x, bottom, 0.6)
    sheet.rect(MARGIN, y - head, content, bottom - y + head, width=0.8)
    # Match total under the A and B columns.
    sheet.rect(xs[5], bottom, widths[5] + widths[6], 24, width=1.2, colour=INK)
    sheet.line(xs[6], bottom, xs[6], bottom + 24, 0.8)
    sheet.text(xs[5] - 6, bottom + 15.5, sheet.t("match_total"), 9, bold=True, anchor="end")
    y = bottom + 42
    sheet.paragraph(MARGIN, y, sheet.t("match_legend"), content, 7.5, 10)
    sheet.footer(title, 1, 1)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


# --- Game-record sheet -----------------------------------------------------------------------

RADIUS: Final = 7
"""The grid holds every cell within 7 steps of 0,0: 169 cells, room for any 48-tile game
that stays near the centre."""


def grid_cells(radius: int = RADIUS) -> list[Cell]:
    """The cells within ``radius`` steps of 0,0, row by row."""
    return [
        (q, r)
        for r in range(-radius, radius + 1)
        for q in range(-radius, radius + 1)
        if distance((0, 0), (q, r)) <= radius
    ]


def _arrow(sheet: Sheet, x0: float, y0: float, x1: float, y1: float) -> None:
    sheet.line(x0, y0, x1, y1, 0.7, INK)
    angle = math.atan2(y1 - y0, x1 - x0)
    head = 4.0
    left = (x1 - head * math.cos(angle - 0.45), y1 - head * math.sin(angle - 0.45))
    right = (x1 - head * math.cos(angle + 0.45), y1 - head * math.sin(angle + 0.45))
    sheet.polygon([(x1, y1), left, right], width=0.4, colour=INK, fill=INK)


def _grid(sheet: Sheet, top: float, height: float) -> float:
    """The hex grid centred across the page in ``height`` points from ``top``; returns its
    bottom."""
    content = sheet.width - 2 * MARGIN
    size = min(content / (math.sqrt(3) * (2 * RADIUS + 1)), height / (3 * RADIUS + 2))
    grid_h = (3 * RADIUS + 2) * size
    cx = sheet.width / 2
    cy = top + grid_h / 2
    label = max(4.2, min(6.0, size * 0.32))
    for cell in grid_cells():
        x, y = centre(cell, size)
        points = [(cx + px, cy + py) for px, py in hexagon(cell, size)]
        origin = cell == (0, 0)
        sheet.polygon(
            points,
            width=0.9 if origin else 0.35,
            colour=RULE if origin else GRID,
            fill=SHADE if origin else None,
        )
        sheet.text(
            cx + x,
            cy + y + label * 0.35,
            cell_text(cell),
            label + (1 if origin else 0),
            bold=origin,
            anchor="middle",
            colour=RULE if origin else FAINT,
        )

    # Key in the empty top left corner: the three orientations, each with its yellow tip.
    k = min(size * 0.62, 11.0)
    for i, (corner, name) in enumerate(((0, "R"), (2, "L"), (4, "D"))):
        kx, ky = MARGIN + k + i * (2 * k + 7), top + k + 2
        sheet.polygon(
            [(kx + px, ky + py) for px, py in hexagon((0, 0), k)],
            width=0.6,
            colour=INK,
            fill=HexColor("#dbe6f5"),
        )
        tip = tip_sector((0, 0), corner, k)
        arc = [
            (
                kx + tip.centre[0] + tip.radius * math.cos(math.radians(a)),
                ky + tip.centre[1] - tip.radius * math.sin(math.radians(a)),
            )
            for a in (tip.start + step * (tip.end - tip.start) / 12 for step in range(13))
        ]
        sheet.polygon(
            [(kx + tip.centre[0], ky + tip.centre[1]), *arc],
            width=0.4,
            colour=RULE,
            fill=HexColor("#f2d04b"),
        )
        sheet.text(kx, ky + k + 9, name, 8, bold=True, anchor="middle")
    # Axes in the empty top right corner.
    ax, ay = sheet.width - MARGIN - 2.6 * size, top + 8
    _arrow(sheet, ax, ay, ax + 1.6 * size, ay)
    sheet.text(ax + 1.6 * size + 4, ay + 3, "q", 8, bold=True)
    dx, dy = math.cos(math.radians(-60)), -math.sin(math.radians(-60))
    _arrow(sheet, ax, ay, ax + 1.6 * size * dx, ay + 1.6 * size * dy)
    sheet.text(ax + 1.6 * size * dx + 3, ay + 1.6 * size * dy + 6, "r", 8, bold=True)
    room = sheet.width - MARGIN - ax + 4
    for n, key in enumerate(("axis_q", "axis_r")):
        sheet.text(ax - 4, ay + 1.6 * size * dy + 18 + 8 * n, sheet.t(key), 6.5, fit=room)
    return top + grid_h


def _writing_lines(
    sheet: Sheet, top: float, bottom: float, columns: int, kind: str, first: int
) -> int:
    """Numbered writing lines in ``columns`` columns; returns how many were drawn."""
    content = sheet.width - 2 * MARGIN
    gap = 14.0
    width = (content - gap * (columns - 1)) / columns
    spacing = 16.0
    per_column = int((bottom - top) // spacing)
    number_w = 20.0 if kind == "palago" else 26.0
    for column in range(columns):
        x = MARGIN + column * (width + gap)
        for i in range(per_column):
            y = top + (i + 1) * spacing - 3
            n = first + column * per_column + i
            if kind == "palago":
                sheet.text(x + number_w - 2, y, f"{n}.", 8, anchor="end", colour=RULE)
                rest = width - number_w
                sheet.line(x + number_w + 2, y + 1, x + number_w + rest / 2 - 4, y + 1, 0.4, FAINT)
                sheet.line(x + number_w + rest / 2 + 4, y + 1, x + width, y + 1, 0.4, FAINT)
            else:
                sheet.line(x, y + 1, x + number_w - 5, y + 1, 0.4, FAINT)
                sheet.text(x + number_w - 4, y, ".", 8, colour=RULE)
                bx = x + number_w + 1
                sheet.text(bx, y, "[", 9, colour=RULE)
                sheet.rect(bx + 4.5, y - 8, 11, 10, width=0.4, colour=FAINT)
                sheet.rect(bx + 17.5, y - 8, 11, 10, width=0.4, colour=FAINT)
                sheet.text(bx + 30.5, y, "]", 9, colour=RULE)
                sheet.line(bx + 38, y + 1, x + width, y + 1, 0.4, FAINT)
    return per_column * columns


def game_record_sheet(paper: Paper = "A4", lang: Lang = "EN", kind: Kind = "palago") -> bytes:
    """A sheet to write down a game in the notation: a hex grid in axial coordinates (radius 7,
    0,0 marked) and numbered turn lines; Palagonia has a second page of lines. PDF bytes."""
    if kind not in ("palago", "palagonia"):
        raise OutputError(f"unknown game {kind!r}: choose palago or palagonia")
    buffer, canvas, sheet = new_document(paper, lang, f"record_{kind}")
    title = sheet.title
    content = sheet.width - 2 * MARGIN
    bottom_limit = sheet.height - MARGIN
    draw_title(sheet, title)
    y = MARGIN + 32
    sheet.date_and_place(y)
    y += 20
    if kind == "palago":
        half = content / 2
        yellow, blue = side("yellow", sheet.lang), side("blue", sheet.lang)
        sheet.blank(MARGIN, y, yellow, half - 12)
        sheet.blank(MARGIN + half, y, blue, half)
        y += 18
        x = MARGIN + sheet.text(MARGIN, y, colon(sheet.t("first"), sheet.lang), 8.5) + 6
        for option in (yellow, blue):
            sheet.checkbox(x, y - 6.5, 6.5)
            x += 10 + sheet.text(x + 10, y, option, 8.5) + 14
        sheet.blank(x + 8, y, sheet.t("tiles"), 70)
        sheet.blank(x + 96, y, sheet.t("result"), MARGIN + content - x - 96)
        y += 10
    else:
        sheet.text(MARGIN, y, sheet.t("seats"), 7.5, colour=RULE, fit=content)
        y += 4
        fifth = content / 5
        for seat in range(10):
            bx = MARGIN + (seat % 5) * fifth
            by = y + (seat // 5) * 18
            sheet.text(bx, by + 12, f"{seat + 1}", 8, bold=True)
            sheet.line(bx + 15, by + 13.5, bx + fifth - 8, by + 13.5, 0.4, FAINT)
        y += 44
        y = sheet.paragraph(MARGIN, y, sheet.t("start"), content, 8, 10) - 4
        for _ in range(2):
            sheet.line(MARGIN, y + 12, MARGIN + content, y + 12, 0.4, FAINT)
            y += 14
    lines_needed = 10 * 16.0 if kind == "palago" else 8 * 16.0
    grid_room = bottom_limit - y - 36 - lines_needed
    y = _grid(sheet, y + 8, grid_room)
    y = sheet.paragraph(MARGIN, y + 12, sheet.t("token"), content, 7.5, 9.5)
    y = sheet.paragraph(MARGIN, y, sheet.t(f"turn_{kind}"), content, 7.5, 9.5) - 9.5
    if kind == "palago":
        _writing_lines(sheet, y, bottom_limit - 4, 3, kind, 1)
        sheet.footer(title, 1, 1)
    else:
        _writing_lines(sheet, y, bottom_limit - 4, 2, kind, 1)
        sheet.footer(title, 1, 2)
        canvas.showPage()
        draw_title(sheet, f"{title} ({sheet.t('continued')})")
        y = MARGIN + 26
        _writing_lines(sheet, y, bottom_limit - 34, 2, kind, 1)
        sheet.blank(MARGIN, bottom_limit - 10, sheet.t("final_scores"), content)
        sheet.footer(title, 2, 2)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()
