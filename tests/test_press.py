"""The press files: colours through the ICC profile (ΔE76 of the palette, pale tints without K,
100 K type overprinting, a CMYK card rendered through its own output intent against the RGB
design), PDF/X-4 and PDF/X-1a rules on every shop file, the shop presets and the Tabletop
Simulator sheets."""

from __future__ import annotations

import io
import re
from datetime import UTC, datetime
from pathlib import Path

import pikepdf
import pytest
from PIL import Image, ImageCms

from palago_tools.diagram.palette import CLASSIC, FRENCH, WHITE_ORANGE
from palago_tools.errors import FileAccessError, OutputError
from palago_tools.printing import SheetOptions, home_sheets, print_shop_pdf
from palago_tools.printing import build as build_module
from palago_tools.printing import preflight as preflight_module
from palago_tools.printing.build import BuildOptions, products
from palago_tools.printing.cards import catalog_info
from palago_tools.printing.layout import die_line_pdf
from palago_tools.printing.preflight import PreflightError, preflight
from palago_tools.printing.puzzle_cards import puzzle_shop_pdf
from palago_tools.printing.sheet import MM
from palago_tools.printing.shops import for_shop
from palago_tools.printing.tts import COLUMNS, LIMIT_PX, ROWS, cell_size, deck_sheets
from palago_tools.render import cmyk as cmyk_module
from palago_tools.render.cmyk import (
    colour_report,
    default_profile,
    delta_e76,
    load_profile,
    separation_for,
    srgb_lab,
)
from palago_tools.render.pdfx import build_time
from palago_tools.replays.catalog import catalog_records
from palago_tools.replays.tactic_puzzles import shipped_puzzles

try:
    import pypdfium2 as pdfium
except ImportError:  # pragma: no cover - the test extra installs it
    pdfium = None
needs_pdfium = pytest.mark.skipif(pdfium is None, reason="needs pypdfium2: pip install '.[test]'")

HAS_PROFILE = any(path.is_file() for path in cmyk_module.GHOSTSCRIPT_PROFILES)
needs_profile = pytest.mark.skipif(
    not HAS_PROFILE, reason="needs Ghostscript's CMYK profile: apt-get install libgs-common"
)


def _palette_colours() -> list[tuple[str, str]]:
    seen: dict[str, str] = {}
    for palette in (CLASSIC, FRENCH, WHITE_ORANGE):
        for name in palette.colour_names():
            seen.setdefault(getattr(palette, name), f"{palette.name} {name}")
    return [(name, value) for value, name in seen.items()]


@needs_profile
def test_palette_colours_through_the_profile_print_their_delta_e() -> None:
    separation = separation_for(default_profile())
    reports = colour_report(_palette_colours(), separation)
    print(f"\n{'colour':28} {'design':8} {'C/M/Y/K %':17} ΔE76  best  gamut")
    for r in reports:
        ink = "/".join(f"{round(v * 100)}" for v in r.ink)
        gamut = "in" if r.in_gamut else "OUT"
        print(f"{r.name:28} {r.value} {ink:17} {r.delta_e:5.1f} {r.best_delta_e:5.1f}  {gamut}")
    outside = [r.name for r in reports if not r.in_gamut]
    print("out of the SWOP gamut:", ", ".join(outside))
    for r in reports:
        if r.in_gamut:
            assert r.delta_e <= 6.0, r
        # Nothing is further from the design than the best the press can do, plus rounding.
        assert r.delta_e <= r.best_delta_e + 1.5, r
    assert any(r.in_gamut for r in reports) and outside


@needs_profile
def test_pale_tints_have_no_black_and_greys_only_black() -> None:
    separation = separation_for(default_profile())
    for pale in ("#cedced", "#fdf2cc", "#fbf8ef", "#f8d65d"):
        c, m, y, k = separation.fill(pale)
        assert k == 0.0 and c + m + y > 0, pale
        assert delta_e76(separation.lab((c, m, y, k)), srgb_lab(pale)) <= 3.0, pale
    for grey in ("#808080", "#c8c8c8", "#ececec"):
        c, m, y, k = separation.fill(grey)
        assert (c, m, y) == (0.0, 0.0, 0.0) and 0 < k < 1, grey
        assert abs(separation.lab((c, m, y, k))[0] - srgb_lab(grey)[0]) <= 1.5, grey
    assert separation.line("#111111") == ((0.0, 0.0, 0.0, 1.0), True)
    assert separation.line("#000000") == ((0.0, 0.0, 0.0, 1.0), True)
    assert separation.line("#d7191c")[1] is False  # only 100 K overprints
    tight = separation_for(default_profile().with_ink_limit(240.0))
    for dark in ("#000000", "#113460", "#1f5fae"):
        assert sum(tight.fill(dark)) <= 2.40 + 0.02, dark


def _shop_options() -> dict[str, SheetOptions]:
    return {
        "x4": SheetOptions(cmyk=True, corner_radius_mm=3.0),
        "x1a": SheetOptions(cmyk=True, pdfx="1a", corner_radius_mm=3.0),
        "mpc": for_shop(SheetOptions(), "makeplayingcards"),
        "dtc": for_shop(SheetOptions(lang="RU"), "drivethrucards"),
    }


def _shop_files() -> dict[str, bytes]:
    cards = catalog_records()
    puzzles = shipped_puzzles()
    files = {}
    for name, options in _shop_options().items():
        files[f"{name}-cards"] = print_shop_pdf(cards, options)
        files[f"{name}-puzzles"] = puzzle_shop_pdf(puzzles, options)
        files[f"{name}-die"] = die_line_pdf(options, catalog_info(cards, options, shop=True))
    return files


@pytest.fixture(scope="module")
def shop_files() -> dict[str, bytes]:
    if not HAS_PROFILE:
        pytest.skip("needs Ghostscript's CMYK profile: apt-get install libgs-common")
    return _shop_files()


_RGB_OPS = re.compile(rb"(?<![\w.])(rg|RG|sc|SC)(?![\w])")


def _content(page: pikepdf.Page) -> bytes:
    data = page.obj.Contents.read_bytes() if "/Contents" in page.obj else b""
    return re.sub(rb"\((?:\\.|[^\\)])*\)", b"", data)  # no glyph codes read as operators


def test_every_shop_file_keeps_the_pdfx_rules(shop_files: dict[str, bytes]) -> None:
    tags: dict[str, str] = {}
    for name, data in shop_files.items():
        x1a = name.startswith(("x1a", "dtc"))
        assert data.startswith(b"%PDF-1.4" if x1a else b"%PDF-1.6"), name
        pdf = pikepdf.open(io.BytesIO(data))
        meta = pdf.open_metadata()
        info = pdf.docinfo
        assert str(info.Trapped) == "/False" and meta["pdf:Trapped"] == "False", name
        assert str(info.Author) == "palago-tools" and str(info.Title), name
        assert str(info.CreationDate).startswith("D:20260101"), name  # SOURCE_DATE_EPOCH
        if x1a:
            assert str(info.GTS_PDFXVersion) == "PDF/X-1a:2003", name
            assert str(info.GTS_PDFXConformance) == "PDF/X-1a:2003", name
        else:
            assert meta["pdfxid:GTS_PDFXVersion"] == "PDF/X-4", name
            for key in ("xmpMM:DocumentID", "xmpMM:VersionID", "xmpMM:RenditionClass"):
                assert meta[key], (name, key)
        (intent,) = pdf.Root.OutputIntents
        assert intent.S == "/GTS_PDFX" and str(intent.OutputConditionIdentifier) == "CGATS TR 001"
        profile = intent.DestOutputProfile
        assert profile.N == 4 and profile.read_bytes()[16:20] == b"CMYK", name
        for page in pdf.pages:
            trim, bleed, media = (
                [float(v) for v in page.obj[key]] for key in ("/TrimBox", "/BleedBox", "/MediaBox")
            )
            assert media[0] <= bleed[0] <= trim[0] and trim[2] <= bleed[2] <= media[2], name
            content = _content(page)
            assert not _RGB_OPS.search(content), name  # no RGB in a CMYK file
            resources = page.obj.Resources
            for state in resources.get("/ExtGState", {}).values():
                if x1a:
                    assert "/ca" not in state and "/CA" not in state and "/SMask" not in state, name
            for font in resources.get("/Font", {}).values():
                assert "/FontFile2" in font.FontDescriptor, name  # embedded
                tag = str(font.BaseFont)[1:7]
                assert tags.setdefault(tag, name) == name, f"{name} shares the tag {tag}"
                assert tag != "AAAAAA"
        assert "/DeviceRGB" not in repr(pdf.Root.Pages.Kids), name


def test_overprint_on_black_type_and_lines_and_the_die_line_spot(
    shop_files: dict[str, bytes],
) -> None:
    pdf = pikepdf.open(io.BytesIO(shop_files["x4-cards"]))
    page = pdf.pages[0]
    states = page.obj.Resources.ExtGState
    overprints = {
        name for name, s in states.items() if s.get("/OP") is True or s.get("/op") is True
    }
    assert overprints and all(states[n].get("/OPM") in (None, 1) for n in overprints)
    content = page.obj.Contents.read_bytes()
    # 100 K is set right after an overprinting state, before the glyphs of the card's number.
    assert re.search(rb"0 0 0 1 k", content)
    # Only 100 K overprints: walk every page, the fills' flag taken from /OP when a state
    # has no /op, and check the colour of every fill and text painted while it is on.
    for key in ("x4-cards", "x1a-puzzles"):
        for page in pikepdf.open(io.BytesIO(shop_files[key])).pages:
            states = page.obj.Resources.get("/ExtGState", {})
            op, colour = False, (0.0, 0.0, 0.0, 1.0)
            painted = 0
            for operands, operator in pikepdf.parse_content_stream(page):
                name = str(operator)
                if name == "gs":
                    state = states[str(operands[0])]
                    if "/op" in state or "/OP" in state:
                        op = bool(state.get("/op", state.get("/OP")))
                elif name == "k":
                    colour = tuple(float(v) for v in operands)
                elif name in ("f", "f*", "B", "B*", "b", "b*", "Tj", "TJ"):
                    painted += 1
                    assert not op or colour == (0.0, 0.0, 0.0, 1.0), (key, colour)
            assert painted
    die = pikepdf.open(io.BytesIO(shop_files["x4-die"]))
    spaces = die.pages[0].obj.Resources.ColorSpace
    names = {str(space[1]) for space in spaces.values()}
    assert "/CutContour" in names
    assert len(die.pages) == 1


@needs_pdfium
def test_x1a_files_carry_no_transparency_and_the_faint_tiles_stay_faint(
    shop_files: dict[str, bytes],
) -> None:
    x4 = pikepdf.open(io.BytesIO(shop_files["x4-puzzles"]))
    assert any(
        float(s.get("/ca", 1)) < 1
        for p in x4.pages
        for s in p.obj.Resources.get("/ExtGState", {}).values()
    )
    x1a = pdfium.PdfDocument(shop_files["x1a-puzzles"])
    answer = x1a[18].render(scale=2).to_pil().convert("RGB")
    # The answer's faint tiles are flattened into pale colours, not dropped and not opaque:
    # some pixels are a blue lighter than the full tile blue.
    pixels = _pixels(answer)
    pale_blue = [p for p in pixels if p[2] > 150 and p[0] < p[2] - 30 and sum(p) > 450]
    assert len(pale_blue) > 200


def _pixels(image: Image.Image) -> list[tuple[int, ...]]:
    """The pixels of ``image`` in order (``get_flattened_data`` from Pillow 12.1, where
    ``getdata`` is deprecated; ``getdata`` before it)."""
    flat = getattr(image, "get_flattened_data", None)
    return list(flat() if flat is not None else image.getdata())  # type: ignore[arg-type]


def _separations(data: bytes, page: int, scale: float) -> Image.Image:
    """A page of a CMYK PDF as a CMYK image: each ink rendered on its own (pdfium, grey) by
    rewriting every ``k``/``K`` to ``g``/``G`` of that ink. Overprinting is kept: a graphics
    state that turns overprint on paints in the blend mode Darken, so a 100 K object leaves
    the other inks under it as they are (exact for the only colour that overprints here)."""
    channels = []
    for index in range(4):
        pdf = pikepdf.open(io.BytesIO(data))
        target = pdf.pages[page]
        for state in target.obj.Resources.get("/ExtGState", {}).values():
            if "/OP" in state or "/op" in state:
                on = state.get("/op", state.get("/OP")) is True
                state.BM = pikepdf.Name.Darken if on else pikepdf.Name.Normal
        ops = []
        for operands, operator in pikepdf.parse_content_stream(target):
            name = str(operator)
            if name in ("k", "K"):
                value = 1.0 - float(operands[index])
                operator = pikepdf.Operator("g" if name == "k" else "G")
                operands = [value]
            ops.append((operands, operator))
        target.obj.Contents = pdf.make_stream(pikepdf.unparse_content_stream(ops))
        out = io.BytesIO()
        pdf.save(out)
        grey = pdfium.PdfDocument(out.getvalue())[page].render(scale=scale, grayscale=True).to_pil()
        channels.append(Image.eval(grey.convert("L"), lambda v: 255 - v))
    return Image.merge("CMYK", channels)


@needs_profile
@needs_pdfium
def test_a_cmyk_card_through_its_own_output_intent_matches_the_rgb_design() -> None:
    cards = catalog_records()
    shop = "cards/cards-print-shop-en-poker"
    cmyk = {p.path: p for p in products(BuildOptions(SheetOptions(cmyk=True)))}[
        f"{shop}-cmyk.pdf"
    ].make()
    rgb = {p.path: p for p in products(BuildOptions(SheetOptions()))}[f"{shop}.pdf"].make()
    with pikepdf.open(io.BytesIO(cmyk)) as made:
        profile = made.Root.OutputIntents[0].DestOutputProfile.read_bytes()
    press = ImageCms.ImageCmsProfile(io.BytesIO(profile))
    lab = ImageCms.createProfile("LAB")
    srgb = ImageCms.createProfile("sRGB")
    relative = ImageCms.Intent.RELATIVE_COLORIMETRIC
    printed = ImageCms.buildTransform(press, lab, "CMYK", "LAB", relative)
    design = ImageCms.buildTransform(srgb, lab, "RGB", "LAB", relative)
    for page in (11, len(cards)):  # the camel, and the back
        ink = _separations(cmyk, page, 1.0)
        screen = pdfium.PdfDocument(rgb)[page].render(scale=1.0).to_pil().convert("RGB")
        a = ImageCms.applyTransform(ink, printed)
        b = ImageCms.applyTransform(screen, design)
        assert a is not None and b is not None
        close = total = 0
        for p, q in zip(_pixels(a), _pixels(b), strict=True):
            d = ((p[0] - q[0]) * 100 / 255) ** 2 + (p[1] - q[1]) ** 2 + (p[2] - q[2]) ** 2
            close += d <= 64.0
            total += 1
        print(f"page {page + 1}: {100 * close / total:.1f} % of the pixels within ΔE76 8")
        assert close >= 0.9 * total, page


@needs_profile
def test_home_sheets_in_cmyk_claim_no_pdfx() -> None:
    pdf = pikepdf.open(io.BytesIO(home_sheets(catalog_records()[:2], SheetOptions(cmyk=True))))
    assert "/OutputIntents" not in pdf.Root and "/GTS_PDFXVersion" not in pdf.docinfo
    assert "pdfxid:GTS_PDFXVersion" not in pdf.open_metadata()
    assert not _RGB_OPS.search(_content(pdf.pages[0]))


@needs_profile
def test_the_shops_own_profile_names_its_condition(tmp_path: Path) -> None:
    source = next(p for p in cmyk_module.GHOSTSCRIPT_PROFILES if p.is_file()).parent / "ps_cmyk.icc"
    if not source.is_file():
        pytest.skip("needs Ghostscript's ps_cmyk.icc (libgs-common)")
    own = tmp_path / "shop.icc"
    own.write_bytes(source.read_bytes())
    profile = load_profile(own)
    data = print_shop_pdf(catalog_records()[:1], SheetOptions(cmyk=True, cmyk_profile=str(own)))
    with pikepdf.open(io.BytesIO(data)) as made:
        (intent,) = made.Root.OutputIntents
        assert str(intent.Info) == profile.description
        assert intent.DestOutputProfile.read_bytes() == own.read_bytes()
    with pytest.raises(FileAccessError):
        load_profile(tmp_path / "missing.icc")
    (tmp_path / "bad.icc").write_bytes(b"not a profile" * 20)
    with pytest.raises(OutputError, match="not an ICC profile"):
        load_profile(tmp_path / "bad.icc")
    rgb = source.parent / "srgb.icc"
    if rgb.is_file():
        with pytest.raises(OutputError, match="not a CMYK output"):
            load_profile(rgb)


def test_dates_come_from_source_date_epoch(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    assert build_time() == datetime.fromtimestamp(1700000000, UTC)
    monkeypatch.delenv("SOURCE_DATE_EPOCH")
    assert abs((build_time() - datetime.now(UTC)).total_seconds()) < 5


@needs_profile
def test_shop_presets_use_the_services_sizes() -> None:
    cards = catalog_records()[:1]
    inch = 72.0
    for shop, bleed in (("makeplayingcards", 36 / 300 * inch), ("drivethrucards", inch / 8)):
        options = for_shop(SheetOptions(), shop)
        pdf = pikepdf.open(io.BytesIO(print_shop_pdf(cards, options)))
        media = [float(v) for v in pdf.pages[0].obj.MediaBox]
        trim = [float(v) for v in pdf.pages[0].obj.TrimBox]
        assert trim[2] - trim[0] == pytest.approx(2.5 * inch, abs=0.01)
        assert trim[3] - trim[1] == pytest.approx(3.5 * inch, abs=0.01)
        assert media[2] == pytest.approx(2.5 * inch + 2 * bleed, abs=0.01)
        assert options.card.bleed == pytest.approx(bleed) and options.card.safe >= 3.0 * MM
    # MakePlayingCards' upload size at 300 ppi, bleed included.
    mpc = for_shop(SheetOptions(), "makeplayingcards")
    from palago_tools.printing import card_png

    assert Image.open(io.BytesIO(card_png(cards[0], None, size=mpc.card, bleed=True))).size == (
        822,
        1122,
    )
    assert for_shop(SheetOptions(), "drivethrucards").interleaved


def test_tts_sheets_are_ten_by_seven_within_4096_px() -> None:
    from palago_tools.printing.cards import creature_faces

    options = SheetOptions(size="tarot")
    fronts, back = creature_faces(catalog_records(), options)
    (sheet,) = deck_sheets(fronts, back, options.card)
    image = Image.open(io.BytesIO(sheet))
    w, h = cell_size(options.card)
    assert image.size == (COLUMNS * w, ROWS * h) and max(image.size) <= LIMIT_PX
    assert abs(w / h - options.card.width / options.card.height) < 0.01
    # The hidden-card place (bottom right) holds the back; an unused place is black.
    corner = image.crop((9 * w, 6 * h, 10 * w, 7 * h)).resize((1, 1)).getpixel((0, 0))
    empty = image.crop((8 * w, 6 * h, 9 * w, 7 * h)).resize((1, 1)).getpixel((0, 0))
    assert corner != (0, 0, 0) and empty == (0, 0, 0)
    assert len(deck_sheets(fronts * 6, None, options.card)) == 2  # 84 cards: two sheets


def test_build_options_for_the_press_are_checked_first(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from palago_tools.cli import app

    runner = CliRunner()
    out = tmp_path / "out"
    cases = [
        (["--cmyk-profile", str(tmp_path / "missing.icc")], "cannot read"),
        (["--cmyk-profile", str(tmp_path)], "cannot read"),
        (["--pdfx", "3"], "unknown PDF/X part '3'"),
        (["--shop", "printshop"], "unknown shop 'printshop'; the presets are makeplayingcards"),
    ]
    (tmp_path / "text.icc").write_text("not a profile")
    cases.append((["--cmyk-profile", str(tmp_path / "text.icc")], "not an ICC profile"))
    for options, message in cases:
        result = runner.invoke(app, ["build", "-o", str(out), *options])
        assert result.exit_code == 2, (options, result.output)
        assert message in result.stderr and "Traceback" not in result.output, options
    assert not out.exists() or not any(out.rglob("*.pdf"))  # nothing written before the check


@needs_profile
def test_the_build_lists_the_die_line_and_the_tts_sheets_and_stays_reproducible() -> None:
    options = BuildOptions(for_shop(SheetOptions(corner_radius_mm=2.5), "drivethrucards"), tts=True)
    made = {p.path: p for p in products(options)}
    shop = "cards/cards-print-shop-en-drivethrucards-cmyk.pdf"
    assert {
        shop,
        "cards/cards-die-line-en-drivethrucards.pdf",
        "tts/cards-en-1.png",
        "tts/cards-back-en.png",
        "tts/puzzles-en-1.png",
        "tts/puzzles-answers-en-1.png",
    } <= set(made)
    first = made[shop].make()
    assert first == made[shop].make()  # the same SOURCE_DATE_EPOCH, the same bytes
    with pikepdf.open(io.BytesIO(first)) as pdf:
        assert pdf.check_pdf_syntax() == []  # qpdf finds nothing wrong
        assert len(pdf.pages) == 2 * 14  # each front followed by the back, as DriveThruCards asks
        assert "/ID" in pdf.trailer


def test_tts_saved_objects_hold_what_tabletop_simulator_reads(tmp_path: Path) -> None:
    """Each deck's saved object is one ``DeckCustom`` as TTS saves a deck: ``CustomDeck``
    entries with ``FaceURL``/``BackURL`` (``file:`` URLs of the sheets the build writes, which
    the user may replace), ``NumWidth`` 10 and ``NumHeight`` 7, ``BackIsHidden`` for the shared
    back (the puzzles, whose backs are their answers, show the 70th place instead),
    ``UniqueBack`` for the answers; ``DeckIDs`` in deck order, each ``CardID`` 100·sheet + place
    never the hidden place, one ``Card`` with its ``Nickname`` per card; and the 70th place of
    every face sheet holds that deck's back, not black."""
    import json
    from urllib.parse import urlparse

    made = {
        p.path: p for p in products(BuildOptions(SheetOptions(lang="FR"), tts=True, out=tmp_path))
    }
    cards, puzzles = catalog_records(), shipped_puzzles()
    expect = {
        "tts/cards-fr.json": (len(cards), False, cards[0].name("FR")),
        "tts/puzzles-fr.json": (len(puzzles), True, "n°\u00a01"),
    }
    w, h = cell_size(SheetOptions().card)
    for path, (count, unique, first) in expect.items():
        saved = json.loads(made[path].make())
        (deck,) = saved["ObjectStates"]
        assert deck["Name"] == "DeckCustom" and deck["Nickname"]
        assert deck["Transform"]["rotZ"] == 180.0  # face down
        custom = deck["CustomDeck"]
        assert list(custom) == ["1"]
        entry = custom["1"]
        assert (entry["NumWidth"], entry["NumHeight"]) == (COLUMNS, ROWS)
        assert entry["BackIsHidden"] is (not unique) and entry["UniqueBack"] is unique
        for key in ("FaceURL", "BackURL"):
            url = urlparse(entry[key])
            assert url.scheme == "file"
            written = Path(url.path).relative_to(tmp_path.resolve()).as_posix()
            assert written in made, (key, written)
        objects = deck["ContainedObjects"]
        assert len(objects) == count == len(deck["DeckIDs"])
        assert deck["DeckIDs"] == [o["CardID"] for o in objects] == list(range(100, 100 + count))
        assert all(o["Name"] == "Card" and o["CustomDeck"] == {"1": entry} for o in objects)
        assert all(o["CardID"] % 100 < COLUMNS * ROWS - 1 for o in objects)
        assert objects[0]["Nickname"].startswith(first) or first in objects[0]["Nickname"]
        face = urlparse(entry["FaceURL"]).path
        sheet = Image.open(
            io.BytesIO(made[Path(face).relative_to(tmp_path.resolve()).as_posix()].make())
        )
        hidden = sheet.crop((9 * w, 6 * h, 10 * w, 7 * h)).convert("RGB")
        assert hidden.resize((1, 1)).getpixel((0, 0)) != (0, 0, 0), path
        if not unique:  # the shared back, the image TTS shows with BackIsHidden
            back = Image.open(io.BytesIO(made["tts/cards-back-fr.png"].make())).convert("RGB")
            assert back.size == hidden.size
            same = sum(abs(a - b) for a, b in zip(back.tobytes(), hidden.tobytes(), strict=True))
            assert same / len(back.tobytes()) < 2.0


def test_makeplayingcards_gets_one_image_per_card_side_of_every_deck() -> None:
    """With the MakePlayingCards preset the puzzles, like the creature cards, come as one PNG
    per card side at the preset's size and bleed (822 × 1122 px at 300 ppi: 2.5 × 3.5 in and
    36 px a side), named so that sorting them gives the deck's order; other sizes get none."""
    mpc = for_shop(SheetOptions(lang="HU"), "makeplayingcards")
    made = {p.path: p for p in products(BuildOptions(mpc))}
    count = len(shipped_puzzles())
    for folder in ("fronts", "backs"):
        names = sorted(p for p in made if p.startswith(f"puzzles/png/bleed/{folder}/"))
        assert names == [f"puzzles/png/bleed/{folder}/{n:02d}-hu.png" for n in range(1, count + 1)]
        for name in (names[0], names[-1]):
            image = Image.open(io.BytesIO(made[name].make()))
            assert image.size == (822, 1122) and image.mode == "RGB", name
            assert round(image.info["dpi"][0]) == 300
    cards = sorted(p for p in made if p.startswith("cards/png/bleed/") and p[16].isdigit())
    assert [p.split("/")[-1][:2] for p in cards] == [f"{n:02d}" for n in range(1, 15)]
    assert not any("puzzles/png" in p.path for p in products(BuildOptions(SheetOptions())))


HAS_GS = preflight_module.ghostscript() is not None
needs_gs = pytest.mark.skipif(
    not HAS_GS, reason="needs Ghostscript's gs to measure the ink: apt-get install ghostscript"
)


@needs_gs
def test_every_press_file_passes_the_preflight_of_its_own_preset(
    shop_files: dict[str, bytes],
) -> None:
    """Every shop file (X-4, X-1a and both presets; cards, puzzles, die line) measured on its
    rendered separations: no page over its limit (240 % for DriveThruCards, where the black
    loops over the blue made 274 %), no hairline, every font embedded, the boxes right."""
    options = _shop_options()
    for name, data in shop_files.items():
        sheet = options[name.split("-")[0]]
        report = preflight(data, sheet, name)
        print(report.summary())
        assert report.skipped is None and report.ok, (name, report.problems)
        assert report.maximum is not None and report.maximum <= sheet.ink_limit, name
        assert len(report.pages) == len(pikepdf.open(io.BytesIO(data)).pages), name
    dtc = preflight(shop_files["dtc-cards"], options["dtc"])
    assert dtc.limit == 240.0 and "DriveThruCards" in dtc.source
    # The back and the blue creatures, black over blue, come near the limit but stay within.
    assert 230.0 <= dtc.maximum <= 240.0  # type: ignore[operator]


@needs_profile
def test_black_over_blue_is_reduced_under_the_line_and_grey_outlines_stay_grey() -> None:
    tight = separation_for(default_profile().with_ink_limit(240.0))
    black = (0.0, 0.0, 0.0, 1.0)
    blue = tight.fill("#1f5fae")
    assert sum(blue) + 1.0 > 2.4  # the blue under 100 K would be over the limit
    under = tight.under("#1f5fae", black)
    assert under is not None and sum(under[:3]) + 1.0 <= 2.4
    assert under[0] / blue[0] == pytest.approx(under[1] / blue[1], abs=0.01)  # the same hue
    assert tight.under("#f5c518", black) is None  # yellow and black fit
    assert separation_for(default_profile()).under("#1f5fae", black) is None  # 300 %: fits
    # The tiles' dark-grey outlines are lighter than 100 K prints: a K-only grey knocking out,
    # as dark as the design (not black over the blue).
    ink, overprint = tight.line("#3c3c3c")
    assert not overprint and ink[:3] == (0.0, 0.0, 0.0) and ink[3] < 1.0
    assert delta_e76(tight.lab(ink), srgb_lab("#3c3c3c")) <= 2.0
    assert tight.line("#1a1a1a") == (black, True)


@needs_gs
def test_the_build_refuses_a_press_file_over_its_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without the reduction under black lines the DriveThruCards cards ink 272 %: the build
    stops (exit 1) naming the file, the page and the figure, and does not write the file."""
    monkeypatch.setattr(cmyk_module.Separation, "under", lambda self, value, line: None)
    options = BuildOptions(for_shop(SheetOptions(), "drivethrucards"))
    shop = "cards/cards-print-shop-en-drivethrucards-cmyk.pdf"
    only = [p for p in products(options) if p.path == shop]
    monkeypatch.setattr(build_module, "products", lambda options: only)
    with pytest.raises(PreflightError) as caught:
        list(build_module.build(tmp_path, options))
    message = str(caught.value)
    assert caught.value.exit_code == 1
    assert shop in message and "page 2: total ink 27" in message and "240 %" in message
    assert "not written" in message and not (tmp_path / shop).exists()
    report = preflight(only[0].make(), options.sheet)
    assert not report.ok and {p.check for p in report.problems} == {"coverage"}


@needs_profile  # the CMYK file is made with Ghostscript's profile; only the preflight goes without
def test_without_ghostscript_the_preflight_says_so_and_the_rest_still_runs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(preflight_module, "ghostscript", lambda: None)
    data = print_shop_pdf(catalog_records()[:1], SheetOptions(cmyk=True))
    report = preflight(data, SheetOptions(cmyk=True), "cards")
    assert report.skipped is not None and "apt-get install ghostscript" in report.skipped
    assert report.ok and report.pages == () and report.fonts == 2
    assert report.thinnest_line is not None and report.thinnest_line >= 0.25
    assert "coverage not measured" in report.summary()
