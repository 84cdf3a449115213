"""The solution sheets (palago_tools.printing.solutions): page sizes, fonts, the cards' names,
scores and tiles as text, and the green-task tables computed now."""

from __future__ import annotations

import io
import re
from functools import cache
from typing import Any

import pytest
from pypdf import PdfReader

from palago_tools.core.analysis import analyse
from palago_tools.core.tiles import Tile
from palago_tools.drawing.primitives import ArcTo, Drawing, LineTo, MoveTo, Path
from palago_tools.errors import OutputError
from palago_tools.glossary import score_breakdown
from palago_tools.notation.records import CreatureCard
from palago_tools.palalab import check_submission, transform_distance
from palago_tools.printing import solution_sheets
from palago_tools.printing.solutions import (
    RULEBOOK_TABLE,
    chain_steps,
    extra_tasks,
    panel_drawing,
)
from palago_tools.replays.catalog import catalog_records

SIZES = {"A4": (595.28, 841.89), "Letter": (612.0, 792.0)}


@cache
def _reader(paper: str = "A4", lang: str = "EN") -> PdfReader:
    return PdfReader(io.BytesIO(solution_sheets(paper, lang)))  # type: ignore[arg-type]


def _text(reader: PdfReader) -> str:
    """The text of every page, with runs of white space made one space."""
    return re.sub(r"\s+", " ", " ".join(page.extract_text() for page in reader.pages))


@cache
def _records() -> list[CreatureCard]:
    return catalog_records()


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_page_size_and_pages(paper: str) -> None:
    reader = _reader(paper)
    # 12 cards four to a page, the gorilla and the dragon a page each, then the tables.
    assert len(reader.pages) == 3 + 2 + 1
    for page in reader.pages:
        box = page.mediabox
        assert (round(float(box.width), 2), round(float(box.height), 2)) == SIZES[paper]


def test_print_scaling_none() -> None:
    root: Any = _reader().trailer["/Root"]
    preferences: Any = root["/ViewerPreferences"]
    assert preferences["/PrintScaling"] == "/None"


@pytest.mark.parametrize("lang", ["EN", "RU"])
def test_fonts_are_embedded_dejavu(lang: str) -> None:
    fonts: dict[str, Any] = {}
    for page in _reader("A4", lang).pages:
        resources: Any = page["/Resources"].get_object()
        for ref in resources.get("/Font", {}).values():
            font = ref.get_object()
            fonts[str(font["/BaseFont"])] = font
    assert fonts
    for name, font in fonts.items():
        assert "DejaVuSans" in name
        descendants = font.get("/DescendantFonts")
        described = descendants[0].get_object() if descendants else font
        assert "/FontFile2" in described["/FontDescriptor"].get_object(), name


def test_every_card_name_is_text() -> None:
    text = _text(_reader())
    for record in _records():
        assert f"{record.card}. {record.name('EN')}" in text


def test_russian_names_and_score_in_a_russian_sheet() -> None:
    text = _text(_reader("Letter", "RU"))
    for record in _records():
        name = record.name("RU")
        assert name and name in text
    assert "Палаборатория — решения" in text
    assert "1 внешняя оболочка + 4 внутренние оболочки + 2 конечности = 7" in text


def test_the_camels_score_breakdown() -> None:
    text = _text(_reader())
    assert "Score: 1 outer shell + 4 inner shells + 2 limbs = 7" in text  # the EN rulebook's words


def test_tiles_as_tokens() -> None:
    text = _text(_reader())
    for record in _records():
        if len(record.tiles) <= 13:
            tokens = " ".join(t.token for t in record.tiles)
            assert tokens in text, record.name("EN")
    # Every token of the gorilla can be read back from its page.
    gorilla = next(r for r in _records() if r.name("EN") == "Pala-gorilla")
    page = re.sub(r"\s+", " ", _reader().pages[3].extract_text())
    assert "13. Pala-gorilla" in page
    written = page.split("Tiles: ", 1)[1].split(" Palalaboratory")[0].split()
    assert [Tile.parse(t) for t in written] == list(gorilla.tiles)


def test_coordinates_are_drawn() -> None:
    page = _reader().pages[0].extract_text()
    virus = _records()[0]
    for tile in virus.tiles:
        assert f"{tile.cell[0]},{tile.cell[1]}" in page


def test_the_chain_has_eleven_steps_computed_now() -> None:
    records = _records()
    steps = chain_steps(records)
    assert [(s.source.card, s.target.card) for s in steps] == [(n, n + 1) for n in range(1, 12)]
    text = _text(_reader())
    for step in steps:
        distance = transform_distance(step.source.tiles, step.target.tiles)
        assert (step.moves, step.added) == (distance.moves, distance.added)
        row = (
            f"{step.source.card} → {step.target.card} {step.source.name('EN')} → "
            f"{step.target.name('EN')} {distance.moves} {distance.added}"
        )
        assert row in text


def test_the_rulebooks_extra_tasks_side_by_side() -> None:
    records = _records()
    rows = extra_tasks(records)
    assert len(rows) == len(RULEBOOK_TABLE) == 12
    by_name = {r.name("EN"): r for r in records}
    text = _text(_reader())
    for row in rows:
        distance = transform_distance(by_name[row.source].tiles, by_name[row.target].tiles)
        assert (row.moves, row.added) == (distance.moves, distance.added)
        mark = "*" if row.differs else ""
        line = (
            f"{row.source} → {row.target} {row.rulebook_moves} {row.moves}{mark} "
            f"{row.rulebook_added} {row.added}"
        )
        assert line in text
    assert [(r.source, r.target) for r in rows if r.differs] == [("Pala-worm", "Pala-newt")]
    assert "our computed ↔ differs from the rulebook's" in text


def test_score_breakdown_matches_the_analysis_and_translates() -> None:
    terms = re.compile(r"1 outer shell(?: \+ (\d+) inner shells?)?(?: \+ (\d+) limbs?)? = (\d+)")
    for record in _records():
        creature = check_submission(record.tiles).creature
        assert creature is not None
        # the palalab report speaks the rulebook's words too: its counts are the analysis's
        # inner loops and legs, and its sum is the score
        (found,) = [
            c for c in analyse(record.position()).creatures if c.cells == set(creature.cells)
        ]
        written = terms.fullmatch(creature.breakdown)
        assert written is not None, creature.breakdown
        inner, legs, total = (int(n) if n else 0 for n in written.groups())
        assert (inner, legs) == (len(found.inner_loops), len(found.leg_corners))
        assert total == 1 + inner + legs == creature.score
    assert score_breakdown(5, 2, "FR") == "1 boucle externe + 4 boucles internes + 2 pattes = 7"
    assert score_breakdown(5, 2, "HU") == "1 külső hurok + 4 belső hurok + 2 külső láb = 7"
    assert (
        score_breakdown(2, 1, "RU")
        == "1 внешняя оболочка + 1 внутренняя оболочка + 1 конечность = 3"
    )
    assert score_breakdown(6, 5, "RU").endswith("5 внутренних оболочек + 5 конечностей = 11")
    assert score_breakdown(1, 0, "EN") == "1 outer shell = 1"


@pytest.mark.parametrize("lang", ["FR", "HU"])
def test_french_and_hungarian_sheets(lang: str) -> None:
    text = _text(_reader("A4", lang))
    for record in _records():
        name = record.name(lang)
        assert name and name in text
    assert ("Tâches vertes" if lang == "FR" else "Zöld feladatok") in text
    score = "Points : 1 boucle externe" if lang == "FR" else "Pontszám: 1 külső hurok"
    assert score in text
    raw = "".join(page.extract_text() for page in _reader("A4", lang).pages)
    assert ("Points\u202f:" in raw) is (lang == "FR")  # French: a narrow no-break space first


def test_palette_by_name_and_reproducible() -> None:
    greyscale = solution_sheets("A4", "EN", "greyscale")
    assert greyscale == solution_sheets("A4", "EN", "greyscale")
    assert greyscale != solution_sheets("A4", "EN")


def test_bad_arguments_and_a_bad_card() -> None:
    with pytest.raises(OutputError):
        solution_sheets("A3")  # type: ignore[arg-type]
    with pytest.raises(OutputError):
        solution_sheets("A4", "DE")  # type: ignore[arg-type]
    virus = _records()[0]
    broken = CreatureCard(placements=virus.placements[:-1], card=1, names=(("EN", "Pala-broken"),))
    with pytest.raises(OutputError, match="card 1 \\(Pala-broken\\)"):
        solution_sheets(records=[broken])


def test_a_small_catalog_shows_missing_pairs() -> None:
    virus, worm = _records()[:2]
    text = _text(PdfReader(io.BytesIO(solution_sheets(records=[virus, worm]))))
    assert "1 → 2 Pala-virus → Pala-worm 2 1" in text
    assert "Pala-rat → Pala-goat 2 — 3 —" in text
    assert "no such card in this catalog" in text


def _loops(drawing: Drawing, width: float) -> tuple[int, int]:
    """The solid and the dashed loops a panel's drawing shows: the heavy strokes of the
    emphasis (``width`` wide), each curve a ``MoveTo`` and one segment, chained into loops by
    their ends."""
    parent: dict[tuple[float, float], tuple[float, float]] = {}

    def root(point: tuple[float, float]) -> tuple[float, float]:
        while parent.setdefault(point, point) != point:
            point = parent[point]
        return point

    counts = {True: 0, False: 0}
    for item in drawing.items:
        if not isinstance(item, Path) or item.style.width != pytest.approx(width):
            continue
        parent.clear()
        start: tuple[float, float] | None = None
        for segment in item.segments:
            if isinstance(segment, MoveTo):
                start = (round(segment.point[0], 2), round(segment.point[1], 2))
            elif isinstance(segment, (ArcTo, LineTo)) and start is not None:
                end_point = segment.end if isinstance(segment, ArcTo) else segment.point
                end = (round(end_point[0], 2), round(end_point[1], 2))
                parent[root(start)] = root(end)
        counts[bool(item.style.dash)] += len({root(p) for p in list(parent)})
    return counts[False], counts[True]


BREAKDOWN = re.compile(  # the EN breakdown in the EN rulebook's words (shell, limb)
    r"(\d+)\. (\S+) .*? Pala-creature\. Score: 1 outer shell(?: \+ (\d+) inner shells?)?"
    r"(?: \+ \d+ limbs?)? = \d+"
)


def test_every_panel_draws_the_loops_its_breakdown_counts() -> None:
    """In each panel's drawing the scored creature's outer loop is the one solid heavy loop
    and every inner loop is dashed, as many as the printed breakdown counts (the creatures of
    the other colour nested in the camel, the sloth, the gorilla and the dragon are not
    emphasised: their outer loops would be solid over the dashed inner loops)."""
    printed = {
        int(card): int(inner or 0) for card, _name, inner in BREAKDOWN.findall(_text(_reader()))
    }
    records = {r.card: r for r in _records()}
    assert set(printed) == set(records)
    for card, inner in printed.items():
        solid, dashed = _loops(panel_drawing(records[card]), 0.13 * 24.0)
        assert (solid, dashed) == (1, inner), (card, records[card].name("EN"))
    assert printed[12] == 4 and printed[11] == 1 and printed[13] == 3 and printed[14] == 4


def _stroke_points(item: Path, step: float = 0.25) -> list[tuple[float, float]]:
    """Points along a path's segments, at most ``step`` points apart."""
    import math

    points: list[tuple[float, float]] = []
    here: tuple[float, float] | None = None
    for segment in item.segments:
        if isinstance(segment, MoveTo):
            here = segment.point
        elif isinstance(segment, LineTo) and here is not None:
            (x0, y0), (x1, y1) = here, segment.point
            n = max(1, math.ceil(math.hypot(x1 - x0, y1 - y0) / step))
            points += [(x0 + (x1 - x0) * i / n, y0 + (y1 - y0) * i / n) for i in range(n + 1)]
            here = segment.point
        elif isinstance(segment, ArcTo):
            n = max(1, math.ceil(abs(math.radians(segment.sweep)) * segment.radius / step))
            for i in range(n + 1):
                a = math.radians(segment.start + segment.sweep * i / n)
                points.append(
                    (
                        segment.centre[0] + segment.radius * math.cos(a),
                        segment.centre[1] + segment.radius * math.sin(a),
                    )
                )
            here = segment.end
    return points


@pytest.mark.parametrize("card", range(len(catalog_records())))
def test_no_coordinate_label_lies_on_a_loop_line(card: int) -> None:
    """Geometry of the panel's drawing: no point of a heavy loop stroke (its centre line
    sampled every 0.25 pt, widened by half the stroke) falls inside the box behind a tile's
    ``q,r``, nor does the text's own box (its baseline and cap height) meet one."""
    from palago_tools.drawing.metrics import text_width
    from palago_tools.drawing.primitives import Polygon, Text

    drawing = panel_drawing(catalog_records()[card])
    width = 0.13 * 24.0
    heavy = [
        p
        for item in drawing.items
        if isinstance(item, Path) and item.style.width == pytest.approx(width)
        for p in _stroke_points(item)
    ]
    assert heavy
    boxes = [
        item.points
        for item in drawing.items
        if isinstance(item, Polygon) and item.style.opacity == pytest.approx(0.75)
    ]
    labels = [
        i for i in drawing.items if isinstance(i, Text) and re.fullmatch(r"-?\d+,-?\d+", i.text)
    ]
    assert len(boxes) == len(labels) == len(catalog_records()[card].position())
    reach = width / 2
    for box, label in zip(boxes, labels, strict=True):
        xs, ys = [x for x, _ in box], [y for _, y in box]
        x0, x1 = min(xs) - reach, max(xs) + reach
        y0, y1 = min(ys) - reach, max(ys) + reach
        half = text_width(label.text, label.size) / 2
        assert x0 + reach <= label.position[0] - half and label.position[0] + half <= x1 - reach
        on_line = [(x, y) for x, y in heavy if x0 < x < x1 and y0 < y < y1]
        assert not on_line, (card + 1, label.text, on_line[:3])
