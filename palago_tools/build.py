"""``palago build``: everything printable, from the catalog, written into one folder.

A build is a list of :class:`Product` — a file name, what it is, and how to make its bytes. Each
file is written atomically as soon as it is made, so a failure leaves the files before it intact
and names the product (and card) that failed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from .diagram.output import diagram_bytes
from .errors import PalagoError
from .figures import FIGURE_OPTIONS, all_figures
from .printing import game_record_sheet, palago_match_sheet, palagonia_pad
from .printing.scorepads import Kind, Lang, Paper
from .render.files import atomic_write

PALAGONIA_PLAYERS = range(3, 11)


@dataclass(frozen=True)
class BuildOptions:
    """Language (EN, RU, FR, HU) and paper (A4, Letter) of the printed matter."""

    lang: Lang = "EN"
    paper: Paper = "A4"


@dataclass(frozen=True)
class Product:
    """One output file: its path inside the output folder, what it is, and its maker."""

    path: str
    what: str
    make: Callable[[], bytes]


@dataclass(frozen=True)
class Written:
    """A file the build wrote."""

    path: Path
    what: str
    size: int


class BuildError(PalagoError):
    """A product that could not be made; the files written before it are intact."""


def products(options: BuildOptions) -> list[Product]:
    """Everything the build writes, in order."""
    lang, paper = options.lang, options.paper
    suffix = f"{lang.lower()}-{paper.lower()}"
    made = [
        Product(
            f"score-pads/palagonia-{players}-players-{suffix}.pdf",
            f"Palagonia score pad, {players} players",
            partial(palagonia_pad, players, paper, lang),
        )
        for players in PALAGONIA_PLAYERS
    ]
    made.append(
        Product(f"score-pads/palago-match-{suffix}.pdf", "Palago match sheet", partial(palago_match_sheet, paper, lang))
    )
    kinds: tuple[Kind, ...] = ("palago", "palagonia")
    made.extend(
        Product(
            f"score-pads/{kind}-game-record-{suffix}.pdf",
            f"{kind.capitalize()} game-record sheet",
            partial(game_record_sheet, paper, lang, kind),
        )
        for kind in kinds
    )
    made.extend(
        Product(f"figures/{name}.{fmt}", f"rulebook figure {name}", partial(diagram_bytes, diagram, fmt, FIGURE_OPTIONS))
        for name, diagram in all_figures()
        for fmt in ("svg", "png")
    )
    return made


def build(out: Path, options: BuildOptions | None = None) -> Iterator[Written]:
    """Make and write every product into ``out``, yielding each file as it is written."""
    for product in products(options or BuildOptions()):
        try:
            data = product.make()
        except PalagoError as error:
            raise BuildError(f"{product.what} ({product.path}): {error}") from error
        target = out / product.path
        target.parent.mkdir(parents=True, exist_ok=True)
        path = atomic_write(target, data)
        yield Written(path, product.what, len(data))
