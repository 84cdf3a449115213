"""``palago diagram``: draw a position, a creature card or a game after a turn, to SVG, PDF or
PNG."""

from __future__ import annotations

from pathlib import Path

import typer

from ..diagram import Options, palette
from ..render import format_of
from ..viewer.themes import THEMES, check_theme
from ..views.from_records import diagram_of
from ..views.output import diagram_bytes, render_diagram
from ._app import (
    app,
    emit,
    fail,
    load_notation,
    output_path,
    refuse_without,
    usage_errors,
    write_output,
    wrote,
)


@app.command("diagram")
def diagram_command(
    ctx: typer.Context,
    file: str = typer.Argument(
        ..., metavar="FILE", help="A notation file; - reads standard input."
    ),
    output: Path | None = typer.Option(
        None,
        "-o",
        "--output",
        help="Write to this .svg, .pdf or .png file (SVG on standard output if omitted or -).",
    ),
    record: int = typer.Option(
        1, "--record", min=1, help="Which record of the file (1 = the first)."
    ),
    turn: int | None = typer.Option(
        None, "--turn", help="For a game: draw the position after this turn."
    ),
    palette_name: str = typer.Option(
        "classic", "--palette", help="classic, yellow-red, white-orange or greyscale."
    ),
    size: float = typer.Option(
        24.0, "--size", help="Side of a tile in points (1 to 1000)."
    ),
    coordinates: bool = typer.Option(False, "--coordinates", help="Write q,r in every cell."),
    rotation: int = typer.Option(0, "--rotation", help="Turn the board by 0, 120 or 240 degrees."),
    mirror: bool = typer.Option(False, "--mirror", help="Mirror the board left to right."),
    numbers: bool = typer.Option(
        True, "--numbers/--no-numbers", help="Number a game's tiles by turn."
    ),
    scale: float = typer.Option(2.0, "--scale", help="PNG pixels per point (0.1 to 20)."),
    html: Path | None = typer.Option(
        None,
        "--html",
        help="Write the HTML replay viewer of the record (every turn) to this file instead "
        "(- : standard output).",
    ),
    theme: str = typer.Option("auto", "--theme", help=f"With --html: {', '.join(THEMES)}."),
    hide_result: bool = typer.Option(
        False, "--hide-result", help="With --html: show a game's result only at its last turn."
    ),
    embed: bool = typer.Option(
        False, "--embed", help="With --html: no page header, for a page inside a club site."
    ),
) -> None:
    """Draw one record of FILE; the output format follows the file name."""
    if html is not None and (turn is not None or output is not None):
        fail("--html writes every turn of the record to one page; leave out --turn and -o")
    refuse_without(ctx, html is not None, "--html", "theme", "hide_result", "embed")
    png = output is not None and str(output).lower().endswith(".png")
    refuse_without(ctx, html is None and png, "a .png output (-o FILE.png)", "scale")
    page = output_path(html, [file], option="--html")
    drawing = output_path(output, [file])
    with usage_errors():
        options = Options(
            size=size,
            palette=palette(palette_name),
            coordinates=coordinates,
            rotation=rotation,
            mirror=mirror,
        )
        if drawing is not None:
            format_of(drawing)
        if html is not None:
            check_theme(theme)
    chosen = load_notation(file, report=False).record(record)
    if html is not None:
        from ..viewer import viewer_page  # the viewer only for --html

        write_output(
            page,
            viewer_page([chosen], theme, options, numbers, hide_result=hide_result, embed=embed),
        )
        return
    diagram = diagram_of(chosen, turn, numbers)
    if drawing is None:
        emit(diagram_bytes(diagram, "svg", options, scale))
    else:
        wrote(render_diagram(diagram, drawing, options, scale))
