"""``palago figures``: render the rulebook figures (docs/diagrams/ and the computed ones)."""

from __future__ import annotations

from pathlib import Path

import typer

from ..figures import FORMATS, build_figures
from ._app import app, reported_errors


@app.command("figures")
def figures_command(
    output: Path = typer.Option(Path("docs/figures"), "-o", "--output", help="Folder to write into."),
    formats: str = typer.Option(",".join(FORMATS), "--formats", help="Comma-separated: svg, png, pdf."),
    source: Path | None = typer.Option(None, "--source", help="Folder of figure sources (*.palago)."),
) -> None:
    """Render every rulebook figure into OUTPUT."""
    with reported_errors():
        written = build_figures(output, [f.strip() for f in formats.split(",") if f.strip()], folder=source)
    typer.echo(f"wrote {len(written)} files to {output}")
