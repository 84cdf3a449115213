"""``palago figures``: render the rulebook figures (docs/diagrams/) in one language."""

from __future__ import annotations

from pathlib import Path

import typer

from ..languages import lang_named
from ..printing.strings import text
from ..views.figures import FORMATS, build_figures, figure_options
from ._app import app, fail, note, usage_errors


@app.command("figures")
def figures_command(
    output: Path = typer.Option(
        Path("figures"),
        "-o",
        "--output",
        help="Folder to write into (made if missing; the project's own are in docs/figures).",
    ),
    formats: str = typer.Option(
        ",".join(FORMATS), "--formats", help="Comma-separated: svg, png, pdf."
    ),
    source: Path | None = typer.Option(
        None, "--source", help="Folder of figure sources (*.palago)."
    ),
    lang: str = typer.Option("EN", "--lang", help="Language of the captions: EN, RU, FR or HU."),
    palette_name: str = typer.Option(
        "classic", "--palette", help="classic, yellow-red, white-orange or greyscale."
    ),
) -> None:
    """Render every rulebook figure into OUTPUT, captioned in the chosen language."""
    with usage_errors():
        code = lang_named(lang)
        options = figure_options(palette_name)
    chosen = [f.strip().lower() for f in formats.split(",") if f.strip()]
    unknown = [f for f in chosen if f not in FORMATS]
    if unknown or not chosen:
        fail(
            f"unknown figure format {', '.join(unknown) or formats!r}; the formats are "
            f"{', '.join(FORMATS)}"
        )
    if source is not None and not source.is_dir():
        fail(f"cannot read {source}: the figure sources are a folder of .palago files")
    subject = text("figure_subject", code)
    written = build_figures(output, chosen, options, folder=source, lang=code, subject=subject)
    note(f"wrote {len(written)} files to {output}")
