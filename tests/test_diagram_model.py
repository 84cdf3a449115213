"""The diagram model: tile geometry, motions, views, annotations, legend, captions, palettes."""

from __future__ import annotations

import math

import pytest

from palago_tools.core.analysis import analyse
from palago_tools.core.hexgrid import CLASS_KEEPING, corner_point, side_midpoint
from palago_tools.core.position import Position
from palago_tools.core.tiles import Tile
from palago_tools.diagram import (
    CLASSIC,
    GREYSCALE,
    PALETTES,
    Arrow,
    Diagram,
    DiagramError,
    Emphasis,
    Ghost,
    Label,
    LegendEntry,
    Mark,
    MarkShape,
    MoveNumber,
    Options,
    View,
    compile_diagram,
    empty_markers,
    motion_for,
    palette,
    tileart,
    turn_numbers,
)
from palago_tools.diagram.model import wrap
from palago_tools.diagram.palette import mix
from palago_tools.drawing.metrics import text_width
from palago_tools.drawing.primitives import ArcTo, Close, LineTo, MoveTo, Path, Point, Segment, Text

PLAIN = Position.parse("0,0R 1,0L 1,-1D 0,-1L -1,0D -1,1R 0,1L")
VIRUS = Position.parse("-1,0R -1,1R 0,-1D 0,0R 0,1L")


def close(a: Point, b: Point, eps: float = 1e-9) -> bool:
    return math.hypot(a[0] - b[0], a[1] - b[1]) < eps


def subpaths(segments: tuple[Segment, ...]) -> list[list[Segment]]:
    out: list[list[Segment]] = []
    for seg in segments:
        if isinstance(seg, MoveTo):
            out.append([seg])
        else:
            out[-1].append(seg)
    return out


# --- Tile geometry ----------------------------------------------------------------------------


@pytest.mark.parametrize("tip", [0, 2, 4])
def test_tips_are_120_degree_sectors_of_half_a_side(tip: int) -> None:
    size = 10.0
    for area, corner in ((tileart.yellow_area, tip), (tileart.blue_area, (tip + 3) % 6)):
        sector = subpaths(area((0.0, 0.0), tip, size))[0]
        assert isinstance(sector[0], MoveTo) and isinstance(sector[1], LineTo)
        arc = sector[2]
        assert isinstance(arc, ArcTo) and isinstance(sector[3], Close)
        apex = corner_point((0, 0), corner, size)
        assert close(sector[0].point, apex)
        assert close(arc.centre, apex)
        assert arc.radius == pytest.approx(size / 2)
        assert abs(arc.sweep) == pytest.approx(120.0)
        # The sector runs from one side midpoint of its corner to the other.
        assert close(sector[1].point, side_midpoint((0, 0), corner, size))
        assert close(arc.end, side_midpoint((0, 0), corner + 1, size))


@pytest.mark.parametrize("tip", [0, 2, 4])
def test_the_straight_boundary_passes_through_the_centre(tip: int) -> None:
    size = 10.0
    centre = (3.0, 4.0)
    lines = [
        sub for sub in subpaths(tileart.boundaries(centre, tip, size)) if isinstance(sub[1], LineTo)
    ]
    assert len(lines) == 1
    start, end = lines[0][0], lines[0][1]
    assert isinstance(start, MoveTo) and isinstance(end, LineTo)
    assert close(start.point, tileart.mid(centre, tip + 2, size))
    assert close(end.point, tileart.mid(centre, tip + 5, size))
    middle = ((start.point[0] + end.point[0]) / 2, (start.point[1] + end.point[1]) / 2)
    assert close(middle, centre)


@pytest.mark.parametrize("tip", [0, 2, 4])
def test_areas_cover_the_corners_of_their_colour(tip: int) -> None:
    """The yellow straight passes by corners tip+2 and tip+4; the blue one by tip+5 and tip+1."""
    size = 1.0
    origin = (0.0, 0.0)
    yellow = [s.point for s in tileart.yellow_area(origin, tip, size) if isinstance(s, LineTo)]
    blue = [s.point for s in tileart.blue_area(origin, tip, size) if isinstance(s, LineTo)]
    for k in range(6):
        corner = tileart.corner(origin, k, size)
        is_tip = k in (tip, (tip + 3) % 6)
        if is_tip:
            continue
        inside = yellow if k % 2 == 0 else blue
        outside = blue if k % 2 == 0 else yellow
        assert any(close(corner, p) for p in inside)
        assert not any(close(corner, p) for p in outside)


def test_boundary_arcs_meet_the_sides_at_their_midpoints() -> None:
    size = 2.0
    for tip in (0, 2, 4):
        for sub in subpaths(tileart.boundaries((0.0, 0.0), tip, size)):
            start = sub[0]
            assert isinstance(start, MoveTo)
            second = sub[1]
            assert isinstance(second, (ArcTo, LineTo))
            end = second.end if isinstance(second, ArcTo) else second.point
            mids = [tileart.mid((0.0, 0.0), j, size) for j in range(6)]
            assert any(close(start.point, m) for m in mids)
            assert any(close(end, m, 1e-6) for m in mids)


# --- Motions, views -----------------------------------------------------------------------------


def test_rotation_and_mirror_give_the_six_class_keeping_motions() -> None:
    motions = {
        motion_for(rotation, mirror) for rotation in (0, 120, 240) for mirror in (False, True)
    }
    assert motions == set(CLASS_KEEPING)
    assert motion_for(0, True).cell((1, 0)) == (-1, 0)  # the mirror flips left and right
    with pytest.raises(DiagramError, match="120"):
        motion_for(60)
    with pytest.raises(DiagramError):
        Options(rotation=180)


def _coordinate_texts(diagram: Diagram, options: Options) -> set[str]:
    drawing = compile_diagram(diagram, options)
    return {t.text for t in drawing.items if isinstance(t, Text) and "," in t.text}


@pytest.mark.parametrize("rotation,mirror", [(120, False), (240, True), (0, True)])
def test_rotated_diagrams_keep_the_record_coordinates(rotation: int, mirror: bool) -> None:
    options = Options(coordinates=True, rotation=rotation, mirror=mirror, view=View(margin=0))
    texts = _coordinate_texts(Diagram(PLAIN), options)
    assert texts == {f"{q},{r}" for q, r in PLAIN}


def test_rotation_draws_the_moved_position() -> None:
    options = Options(rotation=120)
    motion = options.motion
    turned = compile_diagram(Diagram(PLAIN), options)
    moved = compile_diagram(Diagram(PLAIN.moved(motion)), Options())
    assert turned.items == moved.items
    assert compile_diagram(Diagram(PLAIN), Options()).items != turned.items


def test_auto_view_adds_the_margin_and_explicit_views_crop() -> None:
    one = Position.parse("0,0R")
    tight = compile_diagram(Diagram(one), Options(view=View(margin=0), padding=0))
    wide = compile_diagram(Diagram(one), Options(view=View(margin=1), padding=0))
    size = Options().size
    assert tight.width == pytest.approx(math.sqrt(3) * size)
    assert tight.height == pytest.approx(2 * size)
    assert wide.width == pytest.approx(3 * math.sqrt(3) * size)
    cropped = compile_diagram(
        Diagram(PLAIN), Options(view=View(frozenset({(0, 0), (1, 0)})), padding=0, coordinates=True)
    )
    assert cropped.width == pytest.approx(2 * math.sqrt(3) * size)
    assert {t.text for t in cropped.items if isinstance(t, Text)} == {"0,0", "1,0"}
    with pytest.raises(DiagramError):
        View(frozenset())
    with pytest.raises(DiagramError):
        View(margin=-1)


def test_annotations_widen_the_auto_view() -> None:
    base = compile_diagram(Diagram(PLAIN), Options())
    far = compile_diagram(Diagram(PLAIN, labels=(Label((6, 0), "Z"),)), Options())
    assert far.width > base.width
    assert "Z" in far.texts()


def test_empty_position_shows_a_cell() -> None:
    drawing = compile_diagram(Diagram(Position()), Options(view=View(margin=0), padding=0))
    assert drawing.width > 0 and drawing.height > 0


# --- Annotations ------------------------------------------------------------------------------


def test_legend_lists_the_meanings_of_marks() -> None:
    marks = (
        Mark((0, 0), MarkShape.CIRCLE, meaning="threat"),
        Mark((1, 0), MarkShape.CIRCLE, meaning="threat"),
        Mark((0, 1), MarkShape.CROSS, meaning="mistake"),
        Mark((-1, 0), MarkShape.DOT),
    )
    diagram = Diagram(PLAIN, marks=marks)
    assert [e.text for e in diagram.legend_entries()] == ["threat", "mistake"]
    assert {"threat", "mistake"} <= set(compile_diagram(diagram).texts())
    assert compile_diagram(diagram, Options(legend=False)).texts() == []
    given = Diagram(PLAIN, marks=marks, legend=(LegendEntry(MarkShape.SQUARE, "key"),))
    assert compile_diagram(given).texts() == ["key"]
    assert compile_diagram(Diagram(PLAIN)).height < compile_diagram(diagram).height


def test_every_mark_shape_draws_something_over_the_tiles() -> None:
    plain = compile_diagram(Diagram(PLAIN))
    for shape in MarkShape:
        marked = compile_diagram(Diagram(PLAIN, marks=(Mark((0, 0), shape),)))
        extra = marked.items[len(plain.items) :]
        assert marked.items[: len(plain.items)] == plain.items
        assert extra, shape


def test_arrow_to_its_own_cell_is_a_ring() -> None:
    ring = compile_diagram(Diagram(PLAIN, arrows=(Arrow((0, 0), (0, 0)),)))
    arcs = [
        s
        for item in ring.items
        if isinstance(item, Path)
        for s in item.segments
        if isinstance(s, ArcTo)
    ]
    assert any(abs(a.sweep) > 180 for a in arcs)
    straight = compile_diagram(Diagram(PLAIN, arrows=(Arrow((0, 0), (1, 0)),)))
    assert len(straight.items) > len(compile_diagram(Diagram(PLAIN)).items)


def test_turn_numbers_mark_the_last_turn() -> None:
    numbers = turn_numbers([[(0, 0)], [(1, 0), (1, -1)], [(0, -1), (-1, 0)]])
    assert [n.number for n in numbers] == [1, 2, 2, 3, 3]
    assert [n.last for n in numbers] == [False, False, False, True, True]
    drawing = compile_diagram(Diagram(PLAIN, numbers=numbers))
    assert sorted(drawing.texts()) == ["1", "2", "2", "3", "3"]
    last = compile_diagram(Diagram(PLAIN, numbers=(MoveNumber((0, 0), 1, last=True),)))
    plain = compile_diagram(Diagram(PLAIN, numbers=(MoveNumber((0, 0), 1),)))
    assert last.items != plain.items


def test_empty_markers_find_holes_and_legal_spots() -> None:
    ring = Position.parse("1,0R 1,-1L 0,-1D -1,0R -1,1L 0,1D")
    markers = {m.cell: m.kind.value for m in empty_markers(ring)}
    assert markers[(0, 0)] == "hole"
    assert markers[(2, 0)] == "legal"
    assert len(markers) == len(ring.frontier())


def test_ghosts_are_translucent() -> None:
    drawing = compile_diagram(Diagram(PLAIN, ghosts=(Ghost(Tile.parse("2,0D")),)))
    translucent = [i for i in drawing.items if isinstance(i, Path) and i.style.opacity < 1]
    assert len(translucent) == 3


def test_emphasis_draws_the_creature_loops_heavy_and_fades_the_rest() -> None:
    extra = VIRUS.place(Tile.parse("1,0D"), Tile.parse("1,-1L"))
    drawing = compile_diagram(Diagram(extra, emphasis=Emphasis()))
    fills = {i.style.fill for i in drawing.items if isinstance(i, Path) and i.style.fill}
    assert CLASSIC.yellow in fills and mix(CLASSIC.yellow, CLASSIC.background, 0.65) in fills
    heavy = [i for i in drawing.items if isinstance(i, Path) and i.style.stroke == CLASSIC.emphasis]
    assert len(heavy) == 1
    moves = [s for s in heavy[0].segments if isinstance(s, MoveTo)]
    (virus,) = analyse(extra).creatures
    assert not virus.inner_loops
    assert len(moves) == len(virus.outer_loop.curves) == len(heavy[0].segments) // 2
    with pytest.raises(DiagramError, match="no creature"):
        compile_diagram(Diagram(PLAIN, emphasis=Emphasis()))
    with pytest.raises(DiagramError, match="no creature"):
        compile_diagram(Diagram(extra, emphasis=Emphasis(frozenset({(1, 0)}))))


# --- Captions and text ----------------------------------------------------------------------------


def test_caption_with_number_and_wrapping() -> None:
    caption = "Игрок Ёжиков against Pál Éva: " + "yellow to play and close the creature " * 4
    options = Options(caption_width=200)
    drawing = compile_diagram(Diagram(PLAIN, caption=caption, number=3), options)
    texts = drawing.texts()
    assert texts[0] == "Diagram 3."
    assert " ".join(texts[1:]) == " ".join(caption.split())
    assert len(texts) > 3
    for item in drawing.items:
        if isinstance(item, Text):
            width = text_width(item.text, item.size, item.font)
            left = item.position[0] - (width / 2 if item.anchor.value == "middle" else 0.0)
            assert options.padding - 1e-6 <= left
            assert left + width <= drawing.width - options.padding + 1e-6
    numbered = compile_diagram(Diagram(PLAIN, number="12a"), Options(number_prefix="Рис."))
    assert numbered.texts() == ["Рис. 12a"]
    assert numbered.title == "Рис. 12a"


def test_wrap_never_loses_words() -> None:
    words = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
    lines = wrap(words, 40.0, 60.0, 10.0)
    assert " ".join(lines).split() == words
    assert all(text_width(line, 10.0) <= 60.0 for line in lines[1:] if " " in line)
    assert wrap([], 10.0, 10.0, 10.0) == [""]


def test_text_widths_come_from_the_font() -> None:
    assert text_width("", 10) == 0
    assert text_width("WWW", 10) > text_width("iii", 10)
    assert text_width("Ё", 20) == pytest.approx(2 * text_width("Ё", 10))


# --- Palettes ---------------------------------------------------------------------------------


def test_palettes_and_single_colours() -> None:
    assert set(PALETTES) == {"classic", "yellow-red", "white-orange", "greyscale"}
    red = palette("classic").with_colours(blue="#C8232C", mark="#abc")
    assert red.blue == "#c8232c" and red.mark == "#aabbcc" and red.yellow == CLASSIC.yellow
    drawing = compile_diagram(Diagram(PLAIN), Options(palette=red))
    assert any(isinstance(i, Path) and i.style.fill == "#c8232c" for i in drawing.items)
    with pytest.raises(DiagramError, match="unknown palette colour"):
        CLASSIC.with_colours(purple="#800080")
    with pytest.raises(DiagramError, match="not a colour"):
        CLASSIC.with_colours(blue="blue")
    with pytest.raises(DiagramError, match="unknown palette"):
        palette("pink")
    assert "yellow" in GREYSCALE.colour_names()


def test_mix_moves_between_colours() -> None:
    assert mix("#000000", "#ffffff", 0.0) == "#000000"
    assert mix("#000000", "#ffffff", 1.0) == "#ffffff"
    assert mix("#000000", "#ffffff", 0.5) == "#808080"


def test_annotation_colours_are_checked() -> None:
    with pytest.raises(DiagramError):
        compile_diagram(Diagram(PLAIN, marks=(Mark((0, 0), MarkShape.DOT, colour="red"),)))
