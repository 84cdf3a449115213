"""``palago build``: everything printable, from the catalog, written into one folder: portrait
cards (home sheets, print-shop PDF, a PNG per card), solution sheets, the shipped tactic
puzzles as cards, score pads and record sheets, and the rulebook figures.

A build is a list of :class:`Product` — a file name, what it is, and how to make its bytes. Each
file is written atomically as soon as it is made, so a failure leaves the files before it intact
and names the product (and card) that failed. A product that needs a system package missing
here (the PNGs without the cairo library) is left out, as :class:`Skipped` with the reason, and
the build goes on.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import cast

from ..diagram import Drawing, Palette
from ..errors import MissingPackageError, PalagoError
from ..files import atomic_write, make_folder
from ..languages import Lang
from ..notation.records import CreatureCard
from ..render.png import to_print_png
from ..replays.catalog import catalog_records
from ..replays.tactic_puzzles import shipped_puzzle_text, shipped_puzzles
from ..rules.palagonia import PLAYER_COUNTS
from ..views.figures import FORMATS as FIGURE_FORMATS
from ..views.figures import figure_bytes, figure_options, figures
from . import (
    card_back_png,
    card_png,
    duplex_test,
    game_record_sheet,
    home_sheets,
    palago_match_sheet,
    palagonia_pad,
    print_shop_pdf,
    solution_sheets,
)
from .cards import PNG_DPI, card_back, catalog_info, creature_faces
from .layout import Face, die_line_pdf
from .preflight import PreflightError, PreflightReport, preflight
from .puzzle_cards import puzzle_faces, puzzle_sheets, puzzle_shop_pdf, to_play
from .scorepads import Kind
from .sheet import Paper, SheetOptions
from .strings import text
from .tts import PER_SHEET, back_image, deck_sheets, saved_object, saved_object_json


@dataclass(frozen=True)
class BuildOptions:
    """What to build: the sheet options every printed file follows (language, paper, card size,
    palette, and for the cards the gutter, duplex offset, CMYK, interleaving and corner guide),
    the catalog folder (the built-in one when ``None``), whether to write Tabletop Simulator
    decks (``tts``), and the output folder their saved objects point to (``out``; :func:`build`
    sets it)."""

    sheet: SheetOptions = SheetOptions()
    catalog: Traversable | None = None
    tts: bool = False
    out: Path | None = None

    @property
    def lang(self) -> Lang:
        """The language code."""
        return cast(Lang, self.sheet.lang)

    @property
    def paper(self) -> Paper:
        """The paper."""
        return cast(Paper, self.sheet.paper)

    @property
    def card_size(self) -> str:
        """The card size as written in file names: a preset's name or ``WxH``."""
        size = self.sheet.size
        if isinstance(size, str):
            return size.strip().lower()
        spec = self.sheet.card
        return spec.name if spec.name != "custom" else f"{spec.width_mm:g}x{spec.height_mm:g}"

    @property
    def palette(self) -> Palette:
        """The palette."""
        return cast(Palette, self.sheet.palette)


@dataclass(frozen=True)
class Product:
    """One output file: its path inside the output folder, what it is, and its maker."""

    path: str
    what: str
    make: Callable[[], bytes]
    press: bool = False


@dataclass(frozen=True)
class Written:
    """A file the build wrote."""

    path: Path
    what: str
    size: int
    preflight: PreflightReport | None = None


@dataclass(frozen=True)
class Skipped:
    """A file the build left out: it needs ``package``, a system package not installed here."""

    path: Path
    what: str
    reason: str
    package: str


class BuildError(PalagoError):
    """A product that could not be made; the files written before it are intact."""


def _card_file(card: CreatureCard) -> str:
    name = (card.name("EN") or f"card-{card.card}").lower().replace(" ", "-")
    return f"{card.card:02d}-{name}"


def _card_products(options: BuildOptions) -> list[Product]:
    """The cards for home and print shop, a PNG of every card and the back, the solutions."""
    lang, paper, size, colours = options.lang, options.paper, options.card_size, options.palette
    cards = catalog_records(options.catalog)
    sheet = options.sheet
    suffix = f"{lang.lower()}-{paper.lower()}"
    shop = f"cards/cards-print-shop-{lang.lower()}-{size}{'-cmyk' if sheet.cmyk else ''}.pdf"
    made = [
        Product(
            f"cards/cards-home-{suffix}.pdf",
            "cards for home printing",
            partial(home_sheets, cards, sheet),
        ),
        Product(
            f"cards/duplex-test-{suffix}.pdf",
            "duplex test for the home sheets",
            partial(duplex_test, sheet),
        ),
        Product(
            shop,
            "cards for a print shop",
            partial(print_shop_pdf, cards, sheet),
            press=sheet.cmyk,
        ),
    ]
    if sheet.corner_radius_mm is not None:
        made.append(
            Product(
                f"cards/cards-die-line-{lang.lower()}-{size}.pdf",
                "die line for the print shop (spot colour CutContour)",
                partial(die_line_pdf, sheet, catalog_info(cards, sheet, shop=True)),
                press=sheet.cmyk,
            )
        )
    if options.tts:
        made.extend(_tts_products(options, cards))
    for previous, card in zip([None, *cards[:-1]], cards, strict=False):
        for bleed, folder in ((False, "png"), (True, "png/bleed")):
            made.append(
                Product(
                    f"cards/{folder}/{_card_file(card)}-{lang.lower()}.png",
                    f"card {card.card} "
                    f"({card.name(lang) or card.name('EN')}){', with bleed' if bleed else ''}",
                    partial(card_png, card, previous, lang, sheet.card, colours, bleed=bleed),
                )
            )
    for bleed, folder in ((False, "png"), (True, "png/bleed")):
        made.append(
            Product(
                f"cards/{folder}/back-{lang.lower()}.png",
                f"card back{', with bleed' if bleed else ''}",
                partial(
                    card_back_png, sheet.card, colours, bleed=bleed, lang=lang, back=sheet.back
                ),
            )
        )
    made.append(
        Product(
            f"solutions/solutions-{suffix}.pdf",
            "solution sheets",
            partial(solution_sheets, paper, lang, colours, cards),
        )
    )
    return made


def _tts_products(options: BuildOptions, cards: list[CreatureCard]) -> list[Product]:
    """Tabletop Simulator decks: the cards' fronts and their back, the puzzles and their
    answers, each deck's hidden-card place holding its back, and a saved object per deck
    whose image URLs are the sheets' ``file:`` paths (``options.out``)."""
    lang, sheet = options.lang.lower(), options.sheet
    fronts, back = creature_faces(cards, sheet)
    puzzles = shipped_puzzles()
    puzzle_fronts, answers = puzzle_faces(puzzles, sheet)

    def puzzle_back(bleed: float) -> Drawing:
        return card_back(
            sheet.size, sheet.palette, bleed, sheet.lang, sheet.back, title_key="puzzles_back"
        )

    def url(name: str) -> str:
        return ((options.out or Path("output")) / "tts" / name).resolve().as_uri()

    made: list[Product] = []

    def sheet_of(faces: list[Face], hidden: Face | None, index: int) -> bytes:
        return deck_sheets(faces, hidden, sheet.card)[index]

    card_sheets_ = [f"cards-{lang}-{i + 1}.png" for i in range(math.ceil(len(fronts) / PER_SHEET))]
    for index, name in enumerate(card_sheets_):
        made.append(
            Product(
                f"tts/{name}",
                "Tabletop Simulator sheet of the cards (10 × 7)",
                partial(sheet_of, fronts, back, index),
            )
        )
    made.append(
        Product(
            f"tts/cards-back-{lang}.png",
            "Tabletop Simulator card back",
            partial(back_image, back, sheet.card),
        )
    )
    for faces, hidden, name, what in (
        (puzzle_fronts, puzzle_back, "puzzles", "puzzles"),
        (answers, None, "puzzles-answers", "answers"),
    ):
        made.append(
            Product(
                f"tts/{name}-{lang}-1.png",
                f"Tabletop Simulator sheet of the tactic {what} (10 × 7)",
                partial(sheet_of, faces, hidden, 0),
            )
        )
    names = [f"{card.card}. {card.name(options.lang) or card.name('EN')}" for card in cards]
    cards_deck = saved_object(
        text("cards_title", options.lang),
        names,
        [url(name) for name in card_sheets_],
        [url(f"cards-back-{lang}.png")],
        unique_backs=False,
    )
    number = text("card_number", options.lang)
    puzzle_names = [
        f"{number.format(n=n)} {', '.join(to_play(p, options.lang))}"
        for n, p in enumerate(puzzles, start=1)
    ]
    puzzles_deck = saved_object(
        text("puzzles_title", options.lang),
        puzzle_names,
        [url(f"puzzles-{lang}-1.png")],
        [url(f"puzzles-answers-{lang}-1.png")],
        unique_backs=True,
    )
    for deck, name, what in (
        (cards_deck, "cards", "cards"),
        (puzzles_deck, "puzzles", "tactic puzzles"),
    ):
        made.append(
            Product(
                f"tts/{name}-{lang}.json",
                f"Tabletop Simulator saved object: the {what} deck",
                partial(saved_object_json, deck),
            )
        )
    return made


def _puzzle_products(options: BuildOptions) -> list[Product]:
    """The shipped tactic puzzles: cards for home and print shop (the answers on the backs),
    and the Position records with their answers."""
    lang, size, sheet = options.lang.lower(), options.card_size, options.sheet
    suffix = f"{lang}-{options.paper.lower()}"
    shop = f"puzzles/tactic-puzzles-print-shop-{lang}-{size}{'-cmyk' if sheet.cmyk else ''}.pdf"
    return [
        Product(
            f"puzzles/tactic-puzzles-home-{suffix}.pdf",
            "tactic puzzle cards for home printing",
            lambda: puzzle_sheets(shipped_puzzles(), sheet),
        ),
        Product(
            shop,
            "tactic puzzle cards for a print shop",
            lambda: puzzle_shop_pdf(shipped_puzzles(), sheet),
            press=sheet.cmyk,
        ),
        Product(
            "puzzles/tactic-puzzles.palago",
            "tactic puzzles with their answers (notation)",
            shipped_puzzle_text,
        ),
        *_puzzle_pngs(options),
    ]


def _puzzle_pngs(options: BuildOptions) -> list[Product]:
    """For MakePlayingCards, which takes one image per card side: each puzzle's front and its
    answer as a 300 ppi PNG with the preset's bleed (822 × 1122 px), fronts and backs in
    folders of their own, numbered in deck order; none for other card sizes."""
    sheet = options.sheet
    if sheet.card.name != "makeplayingcards":
        return []
    lang = options.lang.lower()
    puzzles = shipped_puzzles()
    fronts, answers = puzzle_faces(puzzles, sheet)

    def png(face: Face) -> bytes:
        return to_print_png(face(True), PNG_DPI)

    return [
        Product(
            f"puzzles/png/bleed/{folder}/{number:02d}-{lang}.png",
            f"tactic puzzle {number}, {what}, with bleed",
            partial(png, face),
        )
        for folder, what, faces in (("fronts", "front", fronts), ("backs", "answer", answers))
        for number, face in enumerate(faces, start=1)
    ]


def products(options: BuildOptions) -> list[Product]:
    """Everything the build writes, in order."""
    lang, paper = options.lang, options.paper
    suffix = f"{lang.lower()}-{paper.lower()}"
    made = _card_products(options) + _puzzle_products(options)
    made += [
        Product(
            f"score-pads/palagonia-{players}-players-{suffix}.pdf",
            f"Palagonia score pad, {players} players",
            partial(palagonia_pad, players, paper, lang),
        )
        for players in PLAYER_COUNTS
    ]
    made.append(
        Product(
            f"score-pads/palago-match-{suffix}.pdf",
            "Palago match sheet",
            partial(palago_match_sheet, paper, lang),
        )
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
    figure_look = figure_options(options.palette)
    subject = text("figure_subject", lang)
    made.extend(
        Product(
            f"figures/{lang.lower()}/{figure.name}.{fmt}",
            f"rulebook figure {figure.name}",
            partial(figure_bytes, figure.diagram, fmt, figure.options(figure_look), lang, subject),
        )
        for figure in figures(lang=lang)
        for fmt in FIGURE_FORMATS
    )
    return made


def build(out: Path, options: BuildOptions | None = None) -> Iterator[Written | Skipped]:
    """Make and write every product into ``out``, yielding each file as it is written, or as
    left out when it needs a system package that is missing."""
    options = options or BuildOptions()
    if options.out is None:
        options = dataclasses.replace(options, out=out)
    for product in products(options):
        try:
            data = product.make()
        except MissingPackageError as error:
            yield Skipped(out / product.path, product.what, str(error), error.package)
            continue
        except PalagoError as error:
            raise BuildError(f"{product.what} ({product.path}): {error}") from error
        report = None
        if product.press:
            report = preflight(data, options.sheet, product.path)
            if not report.ok:
                problems = "; ".join(str(p) for p in report.problems[:3])
                more = len(report.problems) - 3
                raise PreflightError(
                    f"{product.what} ({product.path}) fails the preflight of its preset "
                    f"({report.source}): {problems}"
                    + (f"; and {more} more" if more > 0 else "")
                    + "; not written"
                )
        target = out / product.path
        make_folder(target.parent)
        path = atomic_write(target, data)
        yield Written(path, product.what, len(data), report)
