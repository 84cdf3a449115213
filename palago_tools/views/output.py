"""From a diagram to a file: compile it, render it in the format the file's suffix names, and
write it atomically. This is what a command-line front end calls."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from ..core.position import Position
from ..diagram.compile import compile_diagram
from ..diagram.model import Diagram, Options
from ..render import format_of, render_bytes, to_print_png, write_drawing


def diagram_bytes(
    diagram: Diagram,
    fmt: str,
    options: Options | None = None,
    scale: float = 2.0,
    dpi: float | None = None,
) -> bytes:
    """The diagram rendered as ``fmt`` (svg, pdf or png); with ``dpi``, a PNG is an opaque
    print image at that resolution instead of ``scale`` pixels per point."""
    drawing = compile_diagram(diagram, options)
    if fmt == "png" and dpi is not None:
        return to_print_png(drawing, dpi)
    return render_bytes(drawing, fmt, scale)


def render_diagram(
    diagram: Diagram | Sequence[Diagram],
    path: str | os.PathLike[str],
    options: Options | None = None,
    scale: float = 2.0,
) -> Path:
    """Write a diagram (or, for PDF, several: one per page) to ``path`` (.svg, .pdf or .png)."""
    format_of(path)
    diagrams = [diagram] if isinstance(diagram, Diagram) else list(diagram)
    drawings = [compile_diagram(d, options) for d in diagrams]
    return write_drawing(drawings, path, scale)


def render_position(
    position: Position,
    path: str | os.PathLike[str],
    options: Options | None = None,
    *,
    caption: str = "",
    number: int | str | None = None,
    scale: float = 2.0,
) -> Path:
    """Write a plain diagram of ``position`` to ``path`` (.svg, .pdf or .png)."""
    return render_diagram(Diagram(position, caption=caption, number=number), path, options, scale)
