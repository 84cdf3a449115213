"""Renderers: SVG well-formed and escaped, PDF with embedded fonts and real text, PNG colours,
file output written atomically."""

from __future__ import annotations

import ast
import errno
import io
import math
import os
import random
import stat
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image
from pypdf import PdfReader

import palago_tools.render as render_package
from palago_tools.core.hexgrid import corner_angle
from palago_tools.core.position import Position
from palago_tools.core.tiles import ORIENTATIONS, Tile
from palago_tools.diagram import (
    CLASSIC,
    Arrow,
    Diagram,
    Ghost,
    Label,
    Mark,
    MarkShape,
    Options,
    View,
    compile_diagram,
    turn_numbers,
)
from palago_tools.diagram.compile import _Compiler
from palago_tools.drawing import primitives as prim
from palago_tools.errors import FileAccessError
from palago_tools.render import atomic_write, format_of, render_bytes, to_pdf, to_png, to_svg
from palago_tools.views.output import diagram_bytes, render_diagram, render_position

from .conftest import examples, random_palago

SVG = "{http://www.w3.org/2000/svg}"
NAMES = "Игрок Ёжиков — Pál Éva"


def annotated(position: Position, caption: str = NAMES) -> Diagram:
    cells = sorted(position)
    return Diagram(
        position,
        marks=(
            Mark(cells[0], MarkShape.CIRCLE, meaning="угроза"),
            Mark(cells[-1], MarkShape.CROSS, meaning="hiba"),
        ),
        arrows=(Arrow(cells[0], cells[-1]), Arrow(cells[1], cells[1])),
        labels=(Label(cells[len(cells) // 2], "Ä"),),
        numbers=turn_numbers([[c] for c in cells]),
        caption=caption,
        number=1,
    )


# --- PDF ----------------------------------------------------------------------------------------


def _fonts(reader: PdfReader) -> list[Any]:
    fonts = []
    for page in reader.pages:
        resources: Any = page["/Resources"].get_object()
        for ref in resources["/Font"].get_object().values():
            fonts.append(ref.get_object())
    return fonts


def test_pdf_embeds_every_font_and_holds_the_text() -> None:
    position = random_palago(12, random.Random(1))
    data = to_pdf(compile_diagram(annotated(position), Options(coordinates=True)))
    reader = PdfReader(io.BytesIO(data))
    fonts = _fonts(reader)
    assert len(fonts) >= 2  # regular and bold
    for font in fonts:
        descriptor = font["/FontDescriptor"].get_object()
        assert "/FontFile2" in descriptor, font
        assert "DejaVuSans" in str(font["/BaseFont"])
    text = reader.pages[0].extract_text()
    assert "Игрок Ёжиков" in text
    assert "Pál Éva" in text
    assert "угроза" in text and "hiba" in text
    assert "Diagram 1." in text


def test_pdf_pages_take_each_drawing_size() -> None:
    small = compile_diagram(Diagram(Position.parse("0,0R"), caption="Ёж"))
    large = compile_diagram(annotated(random_palago(20, random.Random(2))))
    reader = PdfReader(io.BytesIO(to_pdf([small, large])))
    assert len(reader.pages) == 2
    for page, drawing in zip(reader.pages, (small, large), strict=True):
        assert float(page.mediabox.width) == pytest.approx(drawing.width, abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(drawing.height, abs=0.01)
    assert all("/FontFile2" in f["/FontDescriptor"].get_object() for f in _fonts(reader))
    with pytest.raises(ValueError):
        to_pdf([])


def test_pdf_is_vector() -> None:
    reader = PdfReader(io.BytesIO(to_pdf(compile_diagram(Diagram(Position.parse("0,0R 1,0L"))))))
    resources: Any = reader.pages[0]["/Resources"].get_object()
    assert "/XObject" not in resources  # no embedded images: shapes only
    content = reader.pages[0].get_contents()
    assert content is not None and b" c\n" in content.get_data()  # arcs as Bézier curves


def test_pdf_arcs_turn_the_same_way_as_on_the_page() -> None:
    """An arc from the upper right through the right to the lower right of a circle (page y down)
    lands in PDF space (y up) at the mirrored points, passing through the rightmost point."""
    arc = prim.ArcTo((50.0, 50.0), 20.0, -60.0, 120.0)
    start = (
        50.0 + 20.0 * math.cos(math.radians(-60.0)),
        50.0 + 20.0 * math.sin(math.radians(-60.0)),
    )
    path = prim.Path((prim.MoveTo(start), arc), prim.Style(stroke="#000000", width=1.0))
    drawing = prim.Drawing(100.0, 100.0, (path,), None)
    content = PdfReader(io.BytesIO(to_pdf(drawing))).pages[0].get_contents()
    assert content is not None
    words = content.get_data().decode("latin-1").split()
    ends = [(float(words[i - 2]), float(words[i - 1])) for i, w in enumerate(words) if w == "c"]
    assert len(ends) == 2  # 120 degrees in two Bézier pieces
    assert ends[0] == pytest.approx((70.0, 50.0), abs=1e-3)
    assert ends[1] == pytest.approx((arc.end[0], 100.0 - arc.end[1]), abs=1e-3)
    assert (
        float(words[words.index("m") - 2]),
        float(words[words.index("m") - 1]),
    ) == pytest.approx((start[0], 100.0 - start[1]), abs=1e-3)


# --- SVG ----------------------------------------------------------------------------------------


def test_svg_escapes_markup_in_names() -> None:
    name = "Tom & \"Jerry\" <the cat> 'Ö'"
    drawing = compile_diagram(
        Diagram(Position.parse("0,0R"), labels=(Label((0, 0), "<&>"),), caption=name, number=2)
    )
    svg = to_svg(drawing)
    assert "<the cat>" not in svg and "Tom & " not in svg and "<&>" not in svg
    assert "&lt;the cat&gt;" in svg and "Tom &amp; " in svg and "&lt;&amp;&gt;" in svg
    assert "&quot;Jerry&quot;" in svg  # in the aria-label attribute
    root = ET.fromstring(svg.encode("utf-8"))
    texts = ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]
    assert texts == drawing.texts()
    assert name in texts and "<&>" in texts
    assert root.get("aria-label") == f"Diagram 2. {name}"


def test_svg_keeps_to_what_svglib_converts() -> None:
    position = random_palago(16, random.Random(3))
    diagram = Diagram(
        position, marks=(Mark(min(position), MarkShape.TRIANGLE, meaning="x"),), caption="c"
    )
    svg = to_svg(compile_diagram(diagram, Options(coordinates=True)))
    root = ET.fromstring(svg.encode("utf-8"))
    tags = {element.tag.replace(SVG, "") for element in root.iter()}
    assert tags <= {
        "svg",
        "title",
        "desc",
        "rect",
        "path",
        "polygon",
        "polyline",
        "circle",
        "text",
        "defs",
    }
    for text in root.iter(f"{SVG}text"):
        assert text.get("x") is not None and text.get("y") is not None
        assert "DejaVu Sans" in (text.get("font-family") or "")
    for forbidden in ("marker", "mask", "filter", "style=", "<style", "dominant-baseline"):
        assert forbidden not in svg


def test_svg_drops_characters_xml_cannot_hold() -> None:
    svg = to_svg(compile_diagram(Diagram(Position.parse("0,0R"), caption="a\x00b\x1bc\ufffe")))
    root = ET.fromstring(svg.encode("utf-8"))
    assert "abc" in ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]


@st.composite
def positions(draw: st.DrawFn) -> Position:
    size = draw(st.integers(min_value=0, max_value=30))
    seed = draw(st.integers(min_value=0, max_value=2**32 - 1))
    if size == 0:
        return Position()
    return random_palago(size, random.Random(seed))


@settings(max_examples=examples(40), deadline=None)
@given(
    position=positions(),
    caption=st.text(max_size=40),
    label=st.text(min_size=1, max_size=3),
    rotation=st.sampled_from([0, 120, 240]),
    mirror=st.booleans(),
    ghost=st.booleans(),
)
def test_svg_of_random_positions_is_well_formed(
    position: Position, caption: str, label: str, rotation: int, mirror: bool, ghost: bool
) -> None:
    cells = sorted(position) or [(0, 0)]
    frontier = sorted(position.frontier())
    diagram = Diagram(
        position,
        labels=(Label(cells[0], label),),
        marks=(Mark(cells[-1], MarkShape.SQUARE, meaning=caption),),
        arrows=(Arrow(cells[0], cells[-1]),),
        ghosts=(Ghost(Tile(frontier[0], ORIENTATIONS[0])),) if ghost else (),
        caption=caption,
    )
    options = Options(rotation=rotation, mirror=mirror, coordinates=True)
    svg = to_svg(compile_diagram(diagram, options))
    root = ET.fromstring(svg.encode("utf-8"))
    assert root.tag == f"{SVG}svg"
    assert len(list(root.iter(f"{SVG}path"))) >= (3 if position else 0)


# --- PNG ----------------------------------------------------------------------------------------


def _rgb(colour: str) -> tuple[int, int, int]:
    value = int(colour[1:], 16)
    return (value >> 16, (value >> 8) & 0xFF, value & 0xFF)


@pytest.mark.parametrize("seed,rotation,mirror", [(7, 0, False), (8, 120, False), (9, 240, True)])
def test_png_corners_take_their_class_colour_on_every_tile(
    seed: int, rotation: int, mirror: bool
) -> None:
    """Even corners yellow, odd corners blue, on every tile: regions run on across the sides."""
    position = random_palago(30, random.Random(seed))
    options = Options(outlines=False, grid=False, rotation=rotation, mirror=mirror)
    compiler = _Compiler(Diagram(position), options)
    drawing = compiler.drawing()
    scale = 2.0
    image = Image.open(io.BytesIO(to_png(drawing, scale))).convert("RGB")
    assert image.size == (round(drawing.width * scale), round(drawing.height * scale))
    size = options.size
    for cell in compiler.board.position:  # the cells on the page, after the motion
        x, y = compiler.board.at(cell)
        for k in range(6):
            a = math.radians(corner_angle(k))
            want = _rgb(CLASSIC.yellow if k % 2 == 0 else CLASSIC.blue)
            for reach in (0.8, 0.97):
                px = (
                    round((x + reach * size * math.cos(a)) * scale),
                    round((y - reach * size * math.sin(a)) * scale),
                )
                got = cast(tuple[int, int, int], image.getpixel(px))
                assert sum(abs(g - w) for g, w in zip(got, want, strict=True)) < 30, (
                    cell,
                    k,
                    reach,
                    got,
                )


def test_png_scale_sets_the_pixel_size() -> None:
    drawing = compile_diagram(Diagram(Position.parse("0,0R")))
    one = Image.open(io.BytesIO(to_png(drawing, 1.0)))
    three = Image.open(io.BytesIO(to_png(drawing, 3.0)))
    assert three.size[0] == pytest.approx(3 * one.size[0], abs=2)
    with pytest.raises(ValueError):
        to_png(drawing, 0)


# --- Files --------------------------------------------------------------------------------------


def test_render_position_writes_each_format(tmp_path: Path) -> None:
    position = random_palago(10, random.Random(4))
    for suffix, magic in ((".svg", b"<?xml"), (".pdf", b"%PDF"), (".png", b"\x89PNG")):
        path = render_position(position, tmp_path / f"out{suffix}", caption=NAMES)
        assert path.read_bytes().startswith(magic)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.pdf", "out.png", "out.svg"]
    with pytest.raises(ValueError, match=r"\.svg, \.pdf or \.png"):
        render_position(position, tmp_path / "out.jpg")
    assert format_of("A.SVG") == "svg"


def test_several_diagrams_make_one_pdf(tmp_path: Path) -> None:
    diagrams = [Diagram(random_palago(n, random.Random(n)), number=n) for n in (3, 6, 9)]
    path = render_diagram(diagrams, tmp_path / "book.pdf", Options(size=14))
    assert len(PdfReader(path).pages) == 3
    with pytest.raises(ValueError, match="one drawing"):
        render_diagram(diagrams, tmp_path / "book.svg")
    assert not (tmp_path / "book.svg").exists()


def test_same_drawing_same_text_in_svg_and_pdf() -> None:
    diagram = annotated(random_palago(8, random.Random(5)))
    drawing = compile_diagram(diagram)
    root = ET.fromstring(diagram_bytes(diagram, "svg"))
    assert ["".join(t.itertext()) for t in root.iter(f"{SVG}text")] == drawing.texts()
    pdf_text = PdfReader(io.BytesIO(render_bytes(drawing, "pdf"))).pages[0].extract_text()
    for text in drawing.texts():
        assert text.replace("\xa0", " ") in pdf_text  # a bound space reads back as a space


def test_atomic_write_replaces_whole_files_and_leaves_no_temporaries(tmp_path: Path) -> None:
    target = tmp_path / "d.svg"
    atomic_write(target, b"first")
    assert target.read_bytes() == b"first"
    os.chmod(target, 0o640)
    atomic_write(target, b"second")
    assert target.read_bytes() == b"second"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["d.svg"]
    with pytest.raises(TypeError):
        atomic_write(target, "not bytes")  # type: ignore[arg-type]
    assert target.read_bytes() == b"second"
    assert [p.name for p in tmp_path.iterdir()] == ["d.svg"]
    with pytest.raises(
        FileAccessError, match=r"cannot write .*missing/d.svg: No such file"
    ) as missing:
        atomic_write(tmp_path / "missing" / "d.svg", b"x")
    assert isinstance(missing.value, OSError) and missing.value.errno == errno.ENOENT


def test_explicit_view_is_honoured_by_every_format() -> None:
    options = Options(view=View(frozenset({(0, 0)}), margin=0))
    drawing = compile_diagram(Diagram(Position.parse("0,0R 1,0L")), options)
    png = Image.open(io.BytesIO(to_png(drawing, 1.0)))
    assert png.size == (round(drawing.width), round(drawing.height))
    page = PdfReader(io.BytesIO(to_pdf(drawing))).pages[0]
    assert float(page.mediabox.width) == pytest.approx(drawing.width, abs=0.01)


def test_renderers_know_only_the_primitives() -> None:
    """The render package imports nothing of palago_tools but the drawing primitives, the
    shared error hierarchy and atomic file writing."""
    folder = Path(render_package.__file__).parent
    for source in folder.glob("*.py"):
        tree = ast.parse(source.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level >= 2:
                assert node.module in ("drawing.primitives", "errors", "files"), (
                    source.name,
                    node.module,
                )
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                assert not (node.module or "").startswith("palago_tools"), source.name
            elif isinstance(node, ast.Import):
                assert not any(a.name.startswith("palago_tools") for a in node.names), source.name
