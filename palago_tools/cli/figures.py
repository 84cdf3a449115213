"""``palago figures``: render the rulebook figures (docs/diagrams/ and the computed ones)."""

from __future__ import annotations

from pathlib import Path

import typer

from ..figures import FORMATS, build_figures
from ._app import app, fail


@app.command("figures")
def figures_command(
    output: Path = typer.Option(
        Path("figures"), "-o", "--output", help="Folder to write into (made if missing; the project's own are in docs/figures)."
    ),
    formats: str = typer.Option(",".join(FORMATS), "--formats", help="Comma-separated: svg, png, pdf."),
    source: Path | None = typer.Option(None, "--source", help="Folder of figure sources (*.palago)."),
) -> None:
    """Render every rulebook figure into OUTPUT."""
    chosen = [f.strip().lower() for f in formats.split(",") if f.strip()]
    unknown = [f for f in chosen if f not in FORMATS]
    if unknown or not chosen:
        fail(f"unknown format {', '.join(unknown) or 'list'!r}: the formats are {', '.join(FORMATS)}")
    if source is not None and not source.is_dir():
        fail(f"cannot read {source}: the figure sources are a folder of .palago files")
    written = build_figures(output, chosen, folder=source)
    typer.echo(f"wrote {len(written)} files to {output}")
