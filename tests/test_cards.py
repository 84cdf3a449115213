"""Portrait cards and their print layouts (palago_tools.printing.cards), read back with pypdf."""

from __future__ import annotations

import io
import itertools
import math
from functools import cache
from typing import Any

import pytest
from PIL import Image
from pypdf import PdfReader

from palago_tools.catalog import catalog_records
from palago_tools.diagram.metrics import text_width
from palago_tools.diagram.primitives import Anchor, Circle, Path, Text
from palago_tools.errors import OutputError
from palago_tools.notation.records import CreatureCard
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
from palago_tools.printing.cards import BACK_TITLE, MM, PAPERS, _extent
from palago_tools.puzzles import transform_distance

PAGE_SIZES = {"A4": (595.28, 841.89), "Letter": (612.0, 792.0)}


@cache
def _cards() -> tuple[CreatureCard, ...]:
    return tuple(catalog_records())


@cache
def _home(paper: str = "A4", lang: str = "EN", size: str = "poker") -> PdfReader:
    return PdfReader(io.BytesIO(home_sheets(_cards(), paper, lang, size)))


@cache
def _shop(lang: str = "EN", size: str = "poker") -> PdfReader:
    return PdfReader(io.BytesIO(print_shop_pdf(_cards(), lang, size)))


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
    sheets = math.ceil(len(_cards()) / 9)
    assert len(reader.pages) == 2 + 2 * sheets  # registration front/back, fronts+backs per sheet
    for page in reader.pages:
        box = page.mediabox
        assert (float(box.width), float(box.height)) == pytest.approx(PAGE_SIZES[paper], abs=0.01)


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_nine_cards_per_home_sheet(paper: str) -> None:
    reader = _home(paper)
    names = {c.name("EN") for c in _cards()}
    per_page = []
    for index in range(2, len(reader.pages), 2):
        found = [t for t, _x, _y in _texts(reader.pages[index]) if t in names]
        per_page.append(found)
    assert [len(p) for p in per_page] == [9, len(_cards()) - 9]
    assert per_page[0] == [c.name("EN") for c in _cards()[:9]]
    # Backs pages carry the back's title once per card and no names.
    for index, count in ((3, 9), (5, len(_cards()) - 9)):
        runs = [t for t, _x, _y in _texts(reader.pages[index])]
        assert runs.count(BACK_TITLE) == count
        assert not names & set(runs)


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_backs_are_mirrored_for_duplex(paper: str) -> None:
    reader = _home(paper)
    width = PAGE_SIZES[paper][0]
    names = {c.name("EN") for c in _cards()}
    # The last sheet is partly filled (5 cards: a full row and two of the next), so a mirror
    # is not the identity on it.
    fronts = [(x, y) for t, x, y in _texts(reader.pages[4]) if t in names]
    backs = [(x, y) for t, x, y in _texts(reader.pages[5]) if t == BACK_TITLE]
    layout = sheet_layout(paper)
    assert len(fronts) == len(backs) == len(_cards()) - 9

    def column(x: float) -> int:
        return int((x - layout.left) // layout.card_width)

    def row(y: float) -> int:
        return int((PAGE_SIZES[paper][1] - y - layout.top) // layout.card_height)

    # Both texts are centred on their card: the name's run starts left of the card's centre by
    # half its width, the title's likewise; compare card centres.
    front_slots = sorted((row(y), column(x)) for x, y in fronts)
    back_slots = sorted((row(y), column(x)) for x, y in backs)
    assert front_slots == [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1)]
    assert back_slots == sorted((r, layout.columns - 1 - c) for r, c in front_slots)
    for (fx, _fy), (bx, _by) in zip(
        sorted(fronts, key=lambda p: (-p[1], p[0])), sorted(backs, key=lambda p: (-p[1], -p[0]))
    ):
        assert column(width - fx) == column(bx)


def test_back_slot_lies_behind_front_after_long_edge_flip() -> None:
    for paper in PAPERS:
        layout = sheet_layout(paper)
        for index in range(layout.per_sheet):
            (fx, fy), (bx, by) = layout.slot(index), layout.back_slot(index)
            assert by == fy
            assert bx + layout.card_width == pytest.approx(layout.paper[0] - fx)


def test_sheet_grid_fits_the_card_size() -> None:
    assert sheet_layout("A4", "poker").per_sheet == 9
    assert sheet_layout("Letter", "bridge").per_sheet == 9
    assert sheet_layout("A4", "tarot").per_sheet == 4  # 3×3 tarot cards do not fit
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
    for card, page in zip(_cards(), reader.pages):
        name = card.name("RU")
        assert name and any(ord(ch) > 0x400 for ch in name)
        assert name in [t for t, _x, _y in _texts(page)]
    assert BACK_TITLE in reader.pages[-1].extract_text()


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
    assert home_sheets(cards, "Letter", "FR") == home_sheets(cards, "Letter", "FR")
    assert print_shop_pdf(cards, "HU") == print_shop_pdf(cards, "HU")


def test_bad_arguments() -> None:
    with pytest.raises(OutputError):
        home_sheets(_cards(), "A4", "DE")
    with pytest.raises(OutputError):
        print_shop_pdf([], "EN")
    with pytest.raises(OutputError):
        print_shop_pdf(_cards()[:1], "EN", "huge")
    with pytest.raises(OutputError):
        card_size((10.0, 10.0))
    with pytest.raises(OutputError):
        print_shop_pdf(_cards()[:1], "EN", "poker", "no-such-palette")


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
        moves = transform_distance(previous.tiles, card.tiles).moves
        assert front.texts() == [str(card.card), str(len(card.tiles)), str(moves), card.name("FR")]
        fills = [i.style.fill for i in front.items if isinstance(i, Circle)]
        assert fills == ["#d7191c", "#2b8a3e"]


@pytest.mark.parametrize("size", ["poker", "bridge", "tarot"])
def test_everything_within_the_safe_zone(size: str) -> None:
    spec = card_size(size)
    b, m = spec.bleed, spec.safe
    lo_x, hi_x = b + m - 0.01, b + spec.width - m + 0.01
    lo_y, hi_y = b + m - 0.01, b + spec.height - m + 0.01
    cards = _cards()
    for previous, card in zip((None, *cards), cards):
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
                x0, y0, x1, y1 = _extent([item])
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
    data = card_png(cards[11], cards[10], "EN", "poker", "classic", scale=2.0)
    image = Image.open(io.BytesIO(data)).convert("RGB")
    spec = card_size("poker")
    assert image.size == (round(spec.width * 2), round(spec.height * 2))
    front = card_front(cards[11], cards[10], bleed=False)
    ground = front.items[0].style.fill or ""  # type: ignore[union-attr]
    assert image.getpixel((3, 3)) == tuple(int(ground[i : i + 2], 16) for i in (1, 3, 5))
    circles = [i for i in front.items if isinstance(i, Circle)]
    for circle, colour in zip(circles, [(215, 25, 28), (43, 138, 62)]):
        x, y = circle.centre
        # Left of the number, inside the disc.
        pixel = image.getpixel((round((x - circle.radius * 0.75) * 2), round(y * 2)))
        assert pixel == pytest.approx(colour, abs=8)
