"""``palago build``: the printable catalog, score pads and rulebook figures into ``output/``."""

from __future__ import annotations

import math
import time
from pathlib import Path

import typer

from ..files import make_folder
from ..printing.build import BuildOptions, Skipped, Written, build, products
from ..printing.sheet import GUTTER_MM, SheetOptions
from ..printing.shops import for_shop
from ..replays.catalog import catalog_records
from ._app import app, fail, usage_errors


def _offset(text: str) -> tuple[float, float]:
    """``"X,Y"`` in millimetres."""
    parts = text.replace(" ", "").split(",")
    try:
        x, y = (float(p) for p in parts)
    except ValueError:
        x = y = math.nan
    if not (math.isfinite(x) and math.isfinite(y)):
        fail(f"the duplex offset is X,Y in millimetres, as in 0.5,-1, not {text!r}")
    return (x, y)


def _size(n: int) -> str:
    return f"{n / 1024:.0f} KiB" if n >= 1024 else f"{n} B"


@app.command("build")
def build_command(
    output: Path = typer.Option(Path("output"), "-o", "--output", help="Folder to write into."),
    lang: str = typer.Option("EN", "--lang", help="EN, RU, FR or HU."),
    paper: str = typer.Option("A4", "--paper", help="A4 or Letter."),
    card_size_name: str = typer.Option(
        "poker", "--card-size", help="poker, bridge, tarot, or WxH in mm (e.g. 60x90)."
    ),
    palette_name: str = typer.Option(
        "classic", "--palette", help="classic, yellow-red, white-orange or greyscale."
    ),
    catalog: Path | None = typer.Option(
        None,
        "--catalog",
        help="A card file or a folder of card files instead of the built-in catalog.",
    ),
    gutter: float = typer.Option(
        GUTTER_MM,
        "--gutter",
        help="Space between cards on home sheets, in mm (0 to 20); bleed fills it.",
    ),
    duplex_offset: str = typer.Option(
        "0,0",
        "--duplex-offset",
        help="X,Y in mm: move the backs of the home sheets by what the duplex test showed.",
    ),
    cmyk: bool = typer.Option(
        False,
        "--cmyk",
        help="CMYK through an ICC profile: the print-shop PDF as PDF/X, home sheets CMYK too.",
    ),
    cmyk_profile: Path | None = typer.Option(
        None,
        "--cmyk-profile",
        help="The print shop's CMYK ICC profile (FOGRA39...) for --cmyk (implies it).",
    ),
    pdfx: str = typer.Option(
        "4", "--pdfx", help="The CMYK print-shop PDF's PDF/X part: 4, or 1a (implies --cmyk)."
    ),
    shop: str | None = typer.Option(
        None,
        "--shop",
        help="makeplayingcards or drivethrucards: that service's card, bleed and PDF/X.",
    ),
    tts: bool = typer.Option(
        False,
        "--tts",
        help="Also write Tabletop Simulator deck sheets (10 × 7) and saved objects into tts/.",
    ),
    author: str = typer.Option(
        "palago-tools", "--author", help="The author written into the press files' metadata."
    ),
    interleave: bool = typer.Option(
        False, "--interleave", help="Print-shop PDF: each front followed by the back."
    ),
    corner_radius: float | None = typer.Option(
        None,
        "--corner-radius",
        help="Print-shop PDF: add a die-line page with corners of this radius (mm).",
    ),
    back: str = typer.Option(
        "navy",
        "--back",
        help="Card back: navy (tiles on a dark ground, for print shops) or light (outlines on "
        "white, little ink, for home printers).",
    ),
) -> None:
    """Write everything printable into OUTPUT, with a summary of what was written."""
    with usage_errors():  # every option is checked before the catalog is read
        sheet = SheetOptions(
            paper=paper,
            lang=lang,
            size=card_size_name,
            palette=palette_name,
            gutter_mm=gutter,
            duplex_offset_mm=_offset(duplex_offset),
            cmyk=cmyk or cmyk_profile is not None or pdfx.strip().lower() == "1a",
            interleaved=interleave,
            corner_radius_mm=corner_radius,
            back=back,
            cmyk_profile=None if cmyk_profile is None else str(cmyk_profile),
            pdfx=pdfx.strip().lower(),
            author=author,
        )
        if shop is not None:
            sheet = for_shop(sheet, shop)
        if sheet.cmyk:
            sheet.separation()  # the profile is read (and checked) before anything is written
    if catalog is not None:
        catalog_records(catalog)
    options = BuildOptions(sheet, catalog, tts=tts)
    make_folder(output)
    start = time.perf_counter()
    written: list[Written] = []
    skipped: list[Skipped] = []
    total = len(products(options))
    with typer.progressbar(length=total, label="building", file=None) as bar:
        for item in build(output, options):
            if isinstance(item, Written):
                written.append(item)
            else:
                skipped.append(item)
            bar.update(1)
    seconds = time.perf_counter() - start
    width = max((len(str(w.path)) for w in written), default=4)
    typer.echo(f"{'file':<{width}}  {'size':>8}  what")
    for item in written:
        typer.echo(f"{item.path!s:<{width}}  {_size(item.size):>8}  {item.what}")
    typer.echo(f"{len(written)} files, {_size(sum(w.size for w in written))}, in {seconds:.1f} s")
    reports = [w.preflight for w in written if w.preflight is not None]
    if reports:
        spent = sum(r.seconds for r in reports)
        typer.echo(f"preflight of {len(reports)} press files ({spent:.1f} s of the build):")
        for report in reports:
            typer.echo(f"{report.summary()}")
            typer.echo(f"  ink limit {report.limit:g} %: {report.source}; max per page:")
            if report.skipped is None:
                typer.echo("\n".join(report.page_lines()))
        for reason in dict.fromkeys(r.skipped for r in reports if r.skipped is not None):
            typer.echo(
                f"palago: the preflight did not measure the ink coverage: {reason}", err=True
            )
    for reason in dict.fromkeys(s.reason for s in skipped):
        left_out = [s for s in skipped if s.reason == reason]
        typer.echo(f"palago: left out {len(left_out)} files: {reason}", err=True)
