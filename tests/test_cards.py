"""Portrait cards and their print layouts (palago_tools.printing.cards), read back with pypdf."""

from __future__ import annotations

import io
import itertools
import math
import re
import subprocess
from functools import cache
from pathlib import Path as FilePath
from typing import Any

import pytest
from PIL import Image
from pypdf import PdfReader

from palago_tools.diagram import palette as palette_named
from palago_tools.drawing.metrics import text_width
from palago_tools.drawing.primitives import Anchor, Circle, Drawing, Font, Path, Polyline, Text
from palago_tools.drawing.transform import extent
from palago_tools.errors import OutputError
from palago_tools.notation.records import CreatureCard
from palago_tools.palalab import transform_distance
from palago_tools.printing import (
    CARD_SIZES,
    card_back,
    card_front,
    card_png,
    card_size,
    home_sheets,
    print_shop_pdf,
    sheet_layout,
)
from palago_tools.printing.cards import card_back_png, creature_faces
from palago_tools.printing.layout import (
    MARK_STYLE,
    card_bleed_boxes,
    card_sheet_drawings,
    die_line_pdf,
    duplex_test,
)
from palago_tools.printing.sheet import MM, PAPERS, DocumentInfo, SheetOptions
from palago_tools.printing.strings import text
from palago_tools.replays.catalog import catalog_records

from .rasters import needs_cmyk_profile, needs_poppler, pdf_page, svg_raster

BACK_TITLE = text("back_title", "EN")
PAGE_SIZES = {"A4": (595.28, 841.89), "Letter": (612.0, 792.0)}


@cache
def _cards() -> tuple[CreatureCard, ...]:
    return tuple(catalog_records())


@cache
def _home(paper: str = "A4", lang: str = "EN", size: str = "poker") -> PdfReader:
    return PdfReader(io.BytesIO(home_sheets(_cards(), SheetOptions(paper, lang, size))))


@cache
def _shop(lang: str = "EN", size: str = "poker", cmyk: bool = False) -> PdfReader:
    return PdfReader(
        io.BytesIO(print_shop_pdf(_cards(), SheetOptions(lang=lang, size=size, cmyk=cmyk)))
    )


def _texts(page: Any) -> list[tuple[str, float, float]]:
    """Every text run of a page with the position of its start (PDF units, y up)."""
    runs: list[tuple[str, float, float]] = []

    def visit(text: str, cm: Any, tm: Any, font: Any, size: Any) -> None:
        if text.strip():
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            runs.append((text.strip(), x, y))

    page.extract_text(visitor_text=visit)
    return runs


def _fonts(reader: PdfReader) -> list[Any]:
    fonts: dict[str, Any] = {}
    for page in reader.pages:
        resources: Any = page["/Resources"].get_object()
        for ref in resources.get("/Font", {}).values():
            font = ref.get_object()
            fonts[str(font["/BaseFont"])] = font
    return list(fonts.values())


def _embedded(font: Any) -> bool:
    descendants = font.get("/DescendantFonts")
    target = descendants[0].get_object() if descendants else font
    descriptor = target.get("/FontDescriptor")
    return descriptor is not None and "/FontFile2" in descriptor.get_object()


# --- Home sheets ------------------------------------------------------------------------------


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_home_sheet_page_sizes_and_count(paper: str) -> None:
    reader = _home(paper)
    sheets = math.ceil(len(_cards()) / sheet_layout(paper).per_sheet)
    assert len(reader.pages) == 2 * sheets  # fronts and backs per sheet; the duplex test apart
    # Both papers hold more poker cards on their side (A4 8 against 6, Letter 6 against 4).
    assert sheet_layout(paper).landscape
    for page in reader.pages:
        box = page.mediabox
        assert (float(box.height), float(box.width)) == pytest.approx(PAGE_SIZES[paper], abs=0.01)


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_cards_per_home_sheet(paper: str) -> None:
    reader = _home(paper)
    per_sheet = sheet_layout(paper).per_sheet
    assert per_sheet == (8 if paper == "A4" else 6)  # 4×2 and 3×2, landscape
    names = {c.name("EN") for c in _cards()}
    per_page = []
    for index in range(0, len(reader.pages), 2):
        found = [t for t, _x, _y in _texts(reader.pages[index]) if t in names]
        per_page.append(found)
    counts = [min(per_sheet, len(_cards()) - i) for i in range(0, len(_cards()), per_sheet)]
    assert [len(p) for p in per_page] == counts
    assert per_page[0] == [c.name("EN") for c in _cards()[:per_sheet]]
    # Backs pages carry the back's title once per card and no names.
    for index, count in enumerate(counts):
        runs = [t for t, _x, _y in _texts(reader.pages[2 * index + 1])]
        assert runs.count(BACK_TITLE) == count
        assert not names & set(runs)


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_backs_are_mirrored_for_duplex(paper: str) -> None:
    reader = _home(paper)
    layout = sheet_layout(paper)
    width, height = layout.paper
    names = {c.name("EN") for c in _cards()}
    # The last sheet is partly filled (6 of 8 on A4, 2 of 6 on Letter), so a mirror is not
    # the identity on it.
    last = 2 * (math.ceil(len(_cards()) / layout.per_sheet) - 1)
    fronts = [(x, y) for t, x, y in _texts(reader.pages[last]) if t in names]
    backs = [(x, y) for t, x, y in _texts(reader.pages[last + 1]) if t == BACK_TITLE]
    assert len(fronts) == len(backs) == (len(_cards()) - 1) % layout.per_sheet + 1

    def column(x: float) -> int:
        return int((x - layout.left + layout.gutter / 2) // (layout.card_width + layout.gutter))

    def row(y: float) -> int:
        return int((height - y - layout.top) // (layout.card_height + layout.gutter))

    # Both texts are centred on their card: the name's run starts left of the card's centre by
    # half its width, the title's likewise; compare card centres.
    front_slots = sorted((row(y), column(x)) for x, y in fronts)
    back_slots = sorted((row(y), column(x)) for x, y in backs)
    assert front_slots[:2] == [(0, 0), (0, 1)] and len(set(front_slots)) == len(front_slots)
    assert back_slots == sorted((r, layout.columns - 1 - c) for r, c in front_slots)
    for (fx, _fy), (bx, _by) in zip(
        sorted(fronts, key=lambda p: (-p[1], p[0])),
        sorted(backs, key=lambda p: (-p[1], -p[0])),
        strict=False,
    ):
        assert column(width - fx) == column(bx)


def test_back_slot_lies_behind_front_after_long_edge_flip() -> None:
    for paper in PAPERS:
        layout = sheet_layout(paper)
        for index in range(layout.per_sheet):
            (fx, fy), (bx, by) = layout.slot(index), layout.back_slot(index)
            assert by == fy
            assert bx + layout.card_width == pytest.approx(layout.paper[0] - fx)


def _grid(paper: str, size: str = "poker", gutter: float = 3.0) -> tuple[int, int, bool]:
    layout = sheet_layout(paper, size, gutter)
    return layout.columns, layout.rows, layout.landscape


def test_sheet_grid_fits_the_card_size() -> None:
    """Each side leaves 5 mm of printable margin, a crop mark of 5 mm, 0.5 mm and the 3 mm
    outer bleed (13.5 mm), and the sheet turns when that holds more cards."""
    assert _grid("A4") == (4, 2, True)  # upright: 2×3
    assert _grid("Letter") == (3, 2, True)  # upright: 2×2
    assert _grid("Letter", gutter=0) == (4, 2, True)  # butted, 4 × 63 mm fit in 279.4 − 27
    assert _grid("A4", "bridge", 0) == (3, 3, False)  # upright holds more
    assert _grid("A4", "bridge") == (4, 2, True)
    assert _grid("A4", "tarot") == (2, 2, False)  # on its side too: no more
    assert _grid("A4", "poker", 8) == (2, 2, False)
    with pytest.raises(OutputError):
        sheet_layout("A3")
    with pytest.raises(OutputError):
        sheet_layout("A4", (199.0, 280.0))


# --- Print shop -------------------------------------------------------------------------------


@pytest.mark.parametrize("size", ["poker", "bridge", "tarot", "60x90"])
def test_print_shop_pages_have_bleed_and_trim_boxes(size: str) -> None:
    reader = _shop("EN", size)
    spec = card_size(size)
    assert len(reader.pages) == len(_cards()) + 1  # the fronts, then the back
    bleed = 3 * MM
    width, height = spec.width + 2 * bleed, spec.height + 2 * bleed
    for page in reader.pages:
        assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, width, height], abs=0.01)
        assert "/TrimBox" in page and "/BleedBox" in page
        trim = [float(v) for v in page["/TrimBox"]]
        assert trim == pytest.approx(
            [bleed, bleed, bleed + spec.width, bleed + spec.height], abs=0.01
        )
        assert [float(v) for v in page["/BleedBox"]] == pytest.approx([0, 0, width, height])
    if size == "poker":
        assert (width, height) == pytest.approx(((63 + 6) * MM, (88 + 6) * MM))


def test_print_shop_names_in_russian() -> None:
    reader = _shop("RU")
    for card, page in zip(_cards(), reader.pages, strict=False):  # the backs follow the fronts
        name = card.name("RU")
        assert name and any(ord(ch) > 0x400 for ch in name)
        assert name in [t for t, _x, _y in _texts(page)]
    assert text("back_title", "RU") in reader.pages[-1].extract_text()


# --- Both PDFs --------------------------------------------------------------------------------


@pytest.mark.parametrize("which", ["home", "shop"])
def test_fonts_embedded_and_print_scaling_none(which: str) -> None:
    reader = _home() if which == "home" else _shop()
    fonts = _fonts(reader)
    assert fonts
    for font in fonts:
        assert "DejaVuSans" in str(font["/BaseFont"])
        assert _embedded(font), font["/BaseFont"]
    prefs: Any = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None"


def test_layouts_are_reproducible() -> None:
    cards = _cards()[:3]
    assert home_sheets(cards, SheetOptions("Letter", "FR")) == home_sheets(
        cards, SheetOptions("Letter", "FR")
    )
    assert print_shop_pdf(cards, SheetOptions(lang="HU")) == print_shop_pdf(
        cards, SheetOptions(lang="HU")
    )


def test_bad_arguments() -> None:
    with pytest.raises(OutputError):
        home_sheets(_cards(), SheetOptions("A4", "DE"))
    with pytest.raises(OutputError):
        print_shop_pdf([], SheetOptions())
    with pytest.raises(OutputError):
        print_shop_pdf(_cards()[:1], SheetOptions(size="huge"))
    with pytest.raises(OutputError):
        card_size((10.0, 10.0))
    with pytest.raises(OutputError):
        print_shop_pdf(_cards()[:1], SheetOptions(palette="no-such-palette"))
    for bad in (
        dict(gutter_mm=-1.0),
        dict(duplex_offset_mm=(0.0, 12.0)),
        dict(corner_radius_mm=0.0),
    ):
        with pytest.raises(OutputError):
            SheetOptions(**bad)  # type: ignore[arg-type]


# --- The card itself --------------------------------------------------------------------------


def test_card_sizes() -> None:
    assert (CARD_SIZES["poker"].width_mm, CARD_SIZES["poker"].height_mm) == (63.0, 88.0)
    assert (card_size("bridge").width_mm, card_size("bridge").height_mm) == (57.0, 89.0)
    assert (card_size("tarot").width_mm, card_size("tarot").height_mm) == (70.0, 120.0)
    assert card_size("60x90") == card_size((60, 90))
    assert card_size("64 × 89 mm").height_mm == 89.0


def test_front_numbers_and_circles() -> None:
    cards = _cards()
    first = card_front(cards[0], None)
    texts = first.texts()
    assert texts == [str(cards[0].card), str(len(cards[0].tiles)), cards[0].name("EN")]
    assert sum(isinstance(i, Circle) for i in first.items) == 1  # red only: no previous card
    for previous, card in itertools.pairwise(cards):
        front = card_front(card, previous, "FR")
        fills = [i.style.fill for i in front.items if isinstance(i, Circle)]
        if (card.card or 0) > 12:  # the gorilla and the dragon: outside the rulebook's chain
            assert front.texts() == [str(card.card), str(len(card.tiles)), card.name("FR")]
            assert fills == ["#d7191c"]
            continue
        moves = transform_distance(previous.tiles, card.tiles).moves
        assert front.texts() == [str(card.card), str(len(card.tiles)), str(moves), card.name("FR")]
        assert fills == ["#d7191c", "#2b8a3e"]
    assert [c.card for c in cards if (c.card or 0) > 12] == [13, 14]


@pytest.mark.parametrize("size", ["poker", "bridge", "tarot"])
def test_everything_within_the_safe_zone(size: str) -> None:
    spec = card_size(size)
    b, m = spec.bleed, spec.safe
    lo_x, hi_x = b + m - 0.01, b + spec.width - m + 0.01
    lo_y, hi_y = b + m - 0.01, b + spec.height - m + 0.01
    cards = _cards()
    for previous, card in zip((None, *cards), cards, strict=False):
        front = card_front(card, previous, "RU", size)
        for item in front.items[1:]:  # the first is the background, to the bleed edge
            if isinstance(item, Text):
                w = text_width(item.text, item.size, item.font)
                x0 = item.position[0] - (w / 2 if item.anchor is Anchor.MIDDLE else 0)
                assert lo_x <= x0 and x0 + w <= hi_x, item.text
                assert lo_y <= item.position[1] - item.size * 0.8
                assert item.position[1] + item.size * 0.25 <= hi_y
            elif isinstance(item, Circle):
                r = item.radius + item.style.width / 2
                assert lo_x <= item.centre[0] - r and item.centre[0] + r <= hi_x
                assert lo_y <= item.centre[1] - r and item.centre[1] + r <= hi_y
            elif isinstance(item, Path):
                x0, y0, x1, y1 = extent([item])
                half = item.style.width / 2
                assert lo_x <= x0 - half and x1 + half <= hi_x
                assert lo_y <= y0 - half and y1 + half <= hi_y


def test_background_reaches_the_bleed_edge() -> None:
    spec = card_size("poker")
    for drawing in (card_front(_cards()[0]), card_back()):
        assert drawing.width == pytest.approx(spec.width + 2 * spec.bleed)
        ground = drawing.items[0]
        xs = [p[0] for p in ground.points]  # type: ignore[union-attr]
        ys = [p[1] for p in ground.points]  # type: ignore[union-attr]
        assert (min(xs), min(ys), max(xs), max(ys)) == (0, 0, drawing.width, drawing.height)


def test_card_png_matches_the_card() -> None:
    cards = _cards()
    data = card_png(cards[11], cards[10], "EN", "poker", "classic", dpi=144.0)
    image = Image.open(io.BytesIO(data)).convert("RGB")
    spec = card_size("poker")
    assert image.size == (round(spec.width * 2), round(spec.height * 2))
    front = card_front(cards[11], cards[10], bleed=False)
    ground = front.items[0].style.fill or ""  # type: ignore[union-attr]
    assert image.getpixel((3, 3)) == tuple(int(ground[i : i + 2], 16) for i in (1, 3, 5))
    circles = [i for i in front.items if isinstance(i, Circle)]
    for circle, colour in zip(circles, [(215, 25, 28), (43, 138, 62)], strict=True):
        x, y = circle.centre
        # Left of the number, inside the disc.
        pixel = image.getpixel((round((x - circle.radius * 0.75) * 2), round(y * 2)))
        assert pixel == pytest.approx(colour, abs=8)


# --- Sheets: bleed, gutters, crop marks, duplex ------------------------------------------------


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_home_sheet_pages_have_bleed_around_every_card(paper: str) -> None:
    """Rendered pages (PDFium): from each card's trim edge outwards no pixel is white, to 0.8
    of half the gutter between cards and to 0.8 of the 3 mm outer bleed where no card is next
    to it, on the fronts and on the backs of a full sheet and of the partly filled last one."""
    options = SheetOptions(paper)
    layout = sheet_layout(paper)
    pdf = home_sheets(_cards(), options)
    dpi = 100
    scale = dpi / 72.0
    last = 2 * (math.ceil(len(_cards()) / layout.per_sheet) - 1)
    for page_index in (0, 1, last, last + 1):
        image = pdf_page(pdf, page_index, dpi)
        count = min(layout.per_sheet, len(_cards()) - page_index // 2 * layout.per_sheet)
        for index in range(count):
            back = page_index % 2 == 1
            x, y = layout.back_slot(index) if back else layout.slot(index)
            left, top, right, bottom = layout.bleeds(index, count)
            if back:
                left, right = right, left
            w, h = layout.card_width, layout.card_height
            for t in [i / 24 for i in range(1, 24)]:
                for d in (-0.2, 0.4, 0.8):
                    points = [
                        (x + t * w, y - d * top),
                        (x + t * w, y + h + d * bottom),
                        (x - d * left, y + t * h),
                        (x + w + d * right, y + t * h),
                    ]
                    for px, py in points:
                        pixel = image.getpixel((int(px * scale), int(py * scale)))
                        assert min(pixel) < 245, (paper, page_index, index, px, py, pixel)
    assert layout.bleed == pytest.approx(min(3 * MM, layout.gutter / 2))
    assert layout.outer_bleed == pytest.approx(3 * MM)
    assert layout.bleeds(0, 1) == (layout.outer_bleed,) * 4
    assert layout.bleeds(0, 2) == (
        layout.outer_bleed,
        layout.outer_bleed,
        layout.bleed,
        layout.outer_bleed,
    )


def _marks(drawing: Drawing) -> list[Polyline]:
    return [i for i in drawing.items if isinstance(i, Polyline) and i.style == MARK_STYLE]


@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize("size", ["poker", "bridge", "tarot", "60x90"])
@pytest.mark.parametrize("gutter", [0.0, 3.0, 8.0])
def test_crop_marks_are_long_outside_the_bleed_and_only_where_a_card_is(
    paper: str, size: str, gutter: float
) -> None:
    """For every number of cards on a sheet: every mark at least 5 mm long and 5 mm from the
    paper's edge, on the line of an edge of a card on the sheet, clear of every card's
    bleed; every card's edges marked above the top row and left of the first column; no mark
    in a gutter; and the backs carry none."""
    options = SheetOptions(paper, "EN", size, gutter_mm=gutter)
    layout = sheet_layout(paper, size, gutter)
    w, h = layout.paper
    edge = 5 * MM - 1e-6
    for count in range(1, layout.per_sheet + 1):
        fronts, back = creature_faces(_cards()[:count], options)
        pages = card_sheet_drawings(fronts, back, options)
        marks = _marks(pages[0])
        cards = [layout.slot(i) for i in range(count)]
        xs = {x for cx, _ in cards for x in (cx, cx + layout.card_width)}
        ys = {y for _, cy in cards for y in (cy, cy + layout.card_height)}
        boxes = card_bleed_boxes(layout, count)
        for mark in marks:
            (x0, y0), (x1, y1) = mark.points
            assert math.hypot(x1 - x0, y1 - y0) >= 5 * MM - 1e-6
            assert x0 == x1 and x0 in xs or y0 == y1 and y0 in ys  # on a card's edge line
            for px, py in [(x0 + (x1 - x0) * t / 10, y0 + (y1 - y0) * t / 10) for t in range(11)]:
                assert edge <= px <= w - edge and edge <= py <= h - edge, (px, py)
                assert not any(
                    left - 0.1 < px < right + 0.1 and top - 0.1 < py < bottom + 0.1
                    for left, top, right, bottom in boxes
                ), (count, mark.points)
        first_top = min(cy for _, cy in cards)
        for x in xs:  # above the top row
            assert any(m.points[0][0] == x and m.points[0][1] < first_top for m in marks), x
        for y in ys:  # left of the first column
            assert any(m.points[0][1] == y and m.points[0][0] < layout.left for m in marks), y
        assert not _marks(pages[1])


def test_a_light_back_uses_little_ink() -> None:
    """The share of ink (the sum of C, M, Y and K, as 1 − R, G, B with the grey in K) of a
    sheet of backs: the navy back covers the sheet with nearly two inks' worth, the light back
    less than the fronts."""

    def ink(drawing: Drawing) -> float:
        image = svg_raster(drawing, 0.5)
        total = 0.0
        for r, g, b in image.get_flattened_data():  # type: ignore[misc]
            k = 1 - max(r, g, b) / 255
            if k < 1:
                total += sum((1 - v / 255 - k) / (1 - k) for v in (r, g, b)) + k
            else:
                total += 1
        return total / (image.width * image.height)

    fronts_light = card_sheet_drawings(
        *creature_faces(_cards(), SheetOptions(back="light")), SheetOptions(back="light")
    )
    navy = card_sheet_drawings(*creature_faces(_cards(), SheetOptions()), SheetOptions())
    front, light_backs, navy_backs = ink(fronts_light[0]), ink(fronts_light[1]), ink(navy[1])
    assert navy_backs > 1.2 and light_backs < 0.1 and light_backs < front / 3, (
        front,
        light_backs,
        navy_backs,
    )
    assert SheetOptions(back="LIGHT").back == "light"
    with pytest.raises(OutputError, match="the backs are navy, light"):
        SheetOptions(back="gold")


def test_duplex_offset_moves_the_backs() -> None:
    plain = SheetOptions()
    moved = SheetOptions(duplex_offset_mm=(1.5, -0.5))
    fronts, back = creature_faces(_cards()[:2], plain)
    before = card_sheet_drawings(fronts, back, plain)
    after = card_sheet_drawings(fronts, back, moved)
    assert before[0].items == after[0].items  # fronts stay
    a = [i for i in before[1].items if isinstance(i, Text)]
    b = [i for i in after[1].items if isinstance(i, Text)]
    assert a and len(a) == len(b)
    for old, new in zip(a, b, strict=True):
        assert new.position[0] - old.position[0] == pytest.approx(1.5 * MM)
        assert new.position[1] - old.position[1] == pytest.approx(-0.5 * MM)


def test_duplex_test_is_a_file_of_its_own() -> None:
    reader = PdfReader(io.BytesIO(duplex_test(SheetOptions("Letter", "HU"))))
    assert len(reader.pages) == 2
    assert "Kétoldalas próba" in reader.pages[0].extract_text()
    back = reader.pages[1].extract_text()
    assert "+5" in back and "−10" in back  # the millimetre scales
    assert reader.metadata is not None and reader.metadata.title == "Kétoldalas próba"


# --- Languages and metadata -----------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["EN", "RU", "FR", "HU"])
def test_backs_and_pdf_metadata_follow_the_language(lang: str) -> None:
    assert text("back_title", lang) in card_back(lang=lang).texts()
    home = _home("A4", lang)
    assert home.pages[1].extract_text().count(text("back_title", lang)) == 8
    shop = _shop(lang)
    titles = {
        "EN": "Palalaboratory cards",
        "RU": "Карточки Палаборатории",
        "FR": "Cartes Palalaboratoire",
        "HU": "Palalaboratórium-kártyák",
    }
    for reader in (home, shop):
        assert reader.metadata is not None
        assert (reader.metadata.title or "").startswith(titles[lang])
        assert reader.metadata.subject
        assert str(reader.trailer["/Root"]["/Lang"]).lower() == lang.lower()
    assert text("back_title", "RU") == "Палаборатория"


# --- Print shop: CMYK, interleaving, die line ----------------------------------------------------

_COLOUR_OPS = re.compile(rb"(?<![A-Za-z/])(rg|RG|g|G|k|K|cs|CS|sc|SC|scn|SCN)(?![A-Za-z])")


def _colour_operators(reader: PdfReader) -> set[bytes]:
    found: set[bytes] = set()
    for page in reader.pages:
        contents = page.get_contents()
        assert contents is not None
        data = contents.get_data()
        # Strip text strings so that glyph codes are not read as operators.
        data = re.sub(rb"\((?:\\.|[^\\)])*\)|<[0-9A-Fa-f\s]*>", b"", data)
        found |= set(_COLOUR_OPS.findall(data))
    return found


@needs_cmyk_profile
def test_print_shop_rgb_by_default_cmyk_on_request() -> None:
    assert _colour_operators(_shop("EN")) & {b"rg", b"RG"}
    assert "/OutputIntents" not in _shop("EN").trailer["/Root"]
    reader = _shop("EN", "poker", True)
    assert _colour_operators(reader) <= {b"k", b"K"} and b"k" in _colour_operators(reader)
    (intent,) = reader.trailer["/Root"]["/OutputIntents"]
    intent = intent.get_object()
    assert intent["/S"] == "/GTS_PDFX"
    profile = intent["/DestOutputProfile"].get_object()
    assert profile["/N"] == 4 and profile.get_data()[16:20] == b"CMYK"


@needs_cmyk_profile
def test_cmyk_text_is_black_only() -> None:
    reader = _shop("EN", "poker", True)
    data = reader.pages[0].get_contents().get_data()  # type: ignore[union-attr]
    # Every text object sets its colour K only: 0 0 0 K k before the glyphs.
    for block in re.findall(rb"BT(.*?)ET", data, re.S):
        for op in re.findall(rb"([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) k", block):
            assert op[:3] == (b"0", b"0", b"0") or all(float(v) == 0 for v in op[:3])
    assert re.search(rb"\b0 0 0 1 k\b", data)


@needs_cmyk_profile
@needs_poppler
def test_cmyk_file_passes_pdffonts(tmp_path: FilePath) -> None:
    path = tmp_path / "shop.pdf"
    path.write_bytes(print_shop_pdf(_cards()[:2], SheetOptions(cmyk=True)))
    report = subprocess.run(
        ["pdffonts", str(path)], capture_output=True, text=True, check=True
    ).stdout
    rows = report.splitlines()[2:]
    assert rows and all(" yes " in row and "DejaVuSans" in row for row in rows), report


def test_interleaved_fronts_and_backs_and_the_die_line_apart() -> None:
    cards = _cards()[:3]
    options = SheetOptions(interleaved=True, corner_radius_mm=3.0)
    reader = PdfReader(io.BytesIO(print_shop_pdf(cards, options)))
    assert len(reader.pages) == 2 * len(cards)  # the die line is never a page of the print file
    for index, card in enumerate(cards):
        assert card.name("EN") in reader.pages[2 * index].extract_text()
        assert BACK_TITLE in reader.pages[2 * index + 1].extract_text()
    die = PdfReader(io.BytesIO(die_line_pdf(options, DocumentInfo("Die line", "test"))))
    (page,) = die.pages
    assert "Die line" in page.extract_text() and "3 mm" in page.extract_text()
    assert page.mediabox == reader.pages[0].mediabox and "/TrimBox" in page


# --- PNGs -----------------------------------------------------------------------------------------


def test_card_pngs_are_opaque_at_300_ppi_with_trim_and_bleed_versions() -> None:
    cards = _cards()
    spec = card_size("poker")
    for data, bleed in (
        (card_png(cards[1], cards[0]), False),
        (card_png(cards[1], cards[0], bleed=True), True),
        (card_back_png(lang="RU"), False),
        (card_back_png(bleed=True), True),
    ):
        image = Image.open(io.BytesIO(data))
        assert image.mode == "RGB"  # no alpha channel: nothing transparent
        assert tuple(round(v) for v in image.info["dpi"]) == (300, 300)
        extra = 2 * spec.bleed if bleed else 0.0
        assert image.size == (
            round((spec.width + extra) * 300 / 72),
            round((spec.height + extra) * 300 / 72),
        )


def test_greyscale_circles_differ_by_more_than_hue() -> None:
    """Mono-safe: in the greyscale palette the tile count is a filled disc and the tiles to move
    a hollow ring, so they differ on a black-and-white print; other palettes keep red and green."""
    cards = _cards()
    grey = card_front(cards[1], cards[0], palette="greyscale")
    red, green = [i for i in grey.items if isinstance(i, Circle)]
    assert red.style.fill == "#000000" and green.style.fill == "#ffffff"
    assert green.style.stroke == "#000000" and green.style.width > red.style.width
    texts = {t.text: t.fill for t in grey.items if isinstance(t, Text)}
    assert texts[str(len(cards[1].tiles))] == "#ffffff" and texts["2"] == "#000000"
    assert palette_named("greyscale").is_greyscale and not palette_named("classic").is_greyscale
    colour = card_front(cards[1], cards[0], palette="classic")
    assert [i.style.fill for i in colour.items if isinstance(i, Circle)] == ["#d7191c", "#2b8a3e"]


@pytest.mark.parametrize(
    ("paper", "lang", "size"),
    [
        ("A4", "EN", "poker"),
        ("Letter", "HU", "poker"),
        ("A4", "FR", "tarot"),
        ("A4", "RU", "bridge"),
    ],
)
def test_duplex_note_stays_inside_one_card_frame(paper: str, lang: str, size: str) -> None:
    """The title and the note of each duplex test page lie, every line whole, inside one card
    frame (not across two frames and the gutter), apart from the cross and the scales."""
    from palago_tools.printing.layout import _duplex_page, sheet_layout

    layout = sheet_layout(paper, size)
    for back in (False, True):
        page = _duplex_page(layout, lang, back)
        words = [
            t for t in page.items if isinstance(t, Text) and not re.fullmatch(r"[+−-]?\d+", t.text)
        ]
        title = text("duplex_back" if back else "duplex_front", lang)
        heads = "".join(t.text for t in words if t.font is Font.BOLD)
        assert "".join(heads.split()) == "".join(title.split())
        frames = [layout.back_slot(i) if back else layout.slot(i) for i in range(layout.per_sheet)]

        def frame_of(t: Text, frames: list[tuple[float, float]] = frames) -> int | None:
            half = text_width(t.text, t.size, t.font) / 2
            x, y = t.position
            for i, (fx, fy) in enumerate(frames):
                if (
                    fx <= x - half
                    and x + half <= fx + layout.card_width
                    and fy <= y - t.size
                    and y <= fy + layout.card_height
                ):
                    return i
            return None

        homes = {frame_of(t) for t in words}
        assert len(homes) == 1 and None not in homes, (paper, lang, size, back, homes)
        assert min(t.size for t in words) >= 6.0
