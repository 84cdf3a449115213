"""Rulebook figures: diagrams written in notation in ``docs/diagrams/``, rendered into a folder
such as ``docs/figures/`` in one of the four languages.

Each figure is a Position record named by its ``X-Figure`` tag. Its art carries no sentence:
the caption, set below the art, comes from the record's ``Caption`` tag (English) or
``X-CaptionRU``, ``X-CaptionFR``, ``X-CaptionHU``. ``X-Parts "q,r"`` numbers the parts of the
tile on that cell (1 tips, 2 straights, 3 arcs); ``X-TileSize`` (points) enlarges a figure's
tiles. Figures that claim a tactic carry ``X-ToMove`` and ``X-Claim`` (checked against the rules
by the tests). ``X-Study "name"`` adds to the caption what the proofs in the study summary
``palago_tools/data/name.json`` settled and what the study found (``palago study openings
--summary``): the figure ``openings`` highlights the best opening only when the study
separates it significantly.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, Final

from ..core.hexgrid import DIRECTIONS, Cell, distance
from ..core.identity import position_form
from ..core.position import Position
from ..core.tiles import ORIENTATIONS, Tile
from ..diagram import Diagram, Label, Options, Palette, compile_diagram, palette
from ..diagram.annotations import Highlight
from ..drawing.typesetting import punctuate
from ..errors import PalagoError
from ..files import atomic_write, make_folder
from ..glossary import article
from ..languages import lang_named, plural_form
from ..notation import parse_text
from ..notation.records import PositionRecord, Record
from ..render import to_pdf
from ..shipped import shipped_folder
from .from_records import diagram_of
from .output import diagram_bytes

FIGURE_TAG: Final = "X-Figure"
PARTS_TAG: Final = "X-Parts"
SIZE_TAG: Final = "X-TileSize"
STUDY_TAG: Final = "X-Study"
SOURCE_PACKAGE: Final = "palago_tools.diagram_sources"
FORMATS: Final = ("svg", "png", "pdf")
FIGURE_OPTIONS: Final = Options(caption_width=380.0, dashed_inner_loops=True)
PNG_DPI: Final = 300.0


def source_dir() -> Traversable:
    """The figure sources: ``docs/diagrams/`` in a source tree, else the installed copy."""
    return shipped_folder("docs/diagrams", SOURCE_PACKAGE)


def openings() -> list[Position]:
    """The distinct openings (two touching tiles) up to game symmetry, in normal form."""
    forms = {
        position_form(Position([Tile((0, 0), a), Tile(d, b)]))
        for a, b in itertools.product(ORIENTATIONS, repeat=2)
        for d in DIRECTIONS
    }
    return [Position(form) for form in sorted(forms, key=lambda f: [t.token for t in f])]


def caption_tag(lang: str) -> str:
    """The tag holding a figure's caption in ``lang``."""
    return "Caption" if lang == "EN" else f"X-Caption{lang}"


def figure_caption(record: PositionRecord, lang: str = "EN") -> str:
    """The record's caption in ``lang``; every figure has one in each language."""
    text = record.caption if lang == "EN" else dict(record.tags).get(caption_tag(lang))
    if not text:
        name = dict(record.tags).get(FIGURE_TAG, "?")
        raise PalagoError(f"figure {name} has no caption in {lang} (tag {caption_tag(lang)})")
    return punctuate(text, lang)


def tile_parts(record: PositionRecord, cell_text: str) -> tuple[Label, ...]:
    """Numbered callouts on the parts of the tile at ``cell_text``: 1 on each tip, 2 on each
    straight, 3 on each arc (the arc's middle, half a side from the tip's corner)."""
    position = record.position()
    cells = [c for c in position if f"{c[0]},{c[1]}" == cell_text.strip()]
    if not cells:
        raise PalagoError(f"{PARTS_TAG} names {cell_text!r}, which holds no tile of the figure")
    (cell,) = cells
    tip = position[cell].tip
    return (
        Label(cell, "1", corner=tip, reach=0.8),
        Label(cell, "1", corner=tip + 3, reach=0.8),
        Label(cell, "2", corner=(tip + 4) % 6, reach=0.58),
        Label(cell, "2", corner=(tip + 1) % 6, reach=0.58),
        Label(cell, "3", corner=tip, reach=0.42),
        Label(cell, "3", corner=(tip + 3) % 6, reach=0.42),
    )


def _figure_name(record: Record) -> str | None:
    return dict(record.tags).get(FIGURE_TAG) if isinstance(record, PositionRecord) else None


def figure_records(folder: Traversable | None = None) -> list[tuple[str, PositionRecord]]:
    """``(name, record)`` for every record of the ``*.palago`` files in ``folder``."""
    found: list[tuple[str, PositionRecord]] = []
    files = [f for f in (folder or source_dir()).iterdir() if f.name.endswith(".palago")]
    for path in sorted(files, key=lambda f: f.name):
        result = parse_text(path.read_text(encoding="utf-8"), path.name)
        if result.errors:
            raise result.errors[0]
        for record in result.records:
            name = _figure_name(record)
            if name is None or not isinstance(record, PositionRecord):
                raise PalagoError(
                    f"{path}: every figure is a Position record with an {FIGURE_TAG} tag"
                )
            found.append((name, record))
    return found


def study_summary(name: str) -> dict[str, Any]:
    """The study summary ``palago_tools/data/name.json`` (written by ``palago study``)."""
    try:
        text = resources.files("palago_tools").joinpath(f"data/{name}.json").read_text("utf-8")
        summary = json.loads(text)
    except (OSError, ValueError):
        raise PalagoError(
            f"{STUDY_TAG} names {name!r}: no study summary data/{name}.json"
        ) from None
    if not isinstance(summary, dict) or summary.get("kind") != "palago-opening-study":
        raise PalagoError(f"data/{name}.json is not the summary of an opening study")
    return summary


_AND: Final = {"EN": "and", "FR": "et", "RU": "и", "HU": "és"}
_STUDY_FOUND: Final = {
    "EN": "Engine self-play from {studied}, each followed by one of Blue's replies not proven "
    "lost ({levels}, {games} per opening and level): ",
    "FR": "Parties de l'ordinateur contre lui-même après {studied}, chacune suivie d'une "
    "réponse de Bleu non prouvée perdante ({levels}, {games} par ouverture et par niveau) : ",
    "RU": "Партии программы против самой себя после {studied}, за каждым из которых следует "
    "ответ синих, проигрыш которого не доказан ({levels}, {games} на первый ход и уровень): ",
    "HU": "A program önmaga elleni játszmái {studied} után, mindegyik után a Kék egy olyan "
    "válaszával, amelyről nem bizonyított, hogy veszít ({levels}, nyitásonként és szintenként "
    "{games}): ",
}
_PROVEN: Final = {
    "EN": "Proven (palago prove; the proof files are checked by the rules): after {lost} Blue "
    "has a reply that wins whatever Yellow does ({groups}); after {held} no reply of Blue's "
    "wins {held_groups}.",
    "FR": "Prouvé (palago prove ; les fichiers de preuve sont vérifiés par les règles) : après "
    "{lost}, Bleu a une réponse qui gagne quoi que fasse Jaune ({groups}) ; après {held}, "
    "aucune réponse de Bleu ne gagne {held_groups}.",
    "RU": "Доказано (palago prove; файлы доказательств проверены по правилам): после {lost} у "
    "синих есть ответ, выигрывающий при любой игре жёлтых ({groups}); после {held} ни один "
    "ответ синих не выигрывает {held_groups}.",
    "HU": "Bizonyított (palago prove; a bizonyításfájlokat a szabályok ellenőrzik): {lost} után "
    "a Kéknek van olyan válasza, amellyel bármit tesz is a Sárga, nyer ({groups}); {held} után "
    "a Kék egyik válasza sem nyer {held_groups}.",
}
_WITHIN: Final = {
    "EN": ("{letters} within {n} of its turns", "within {n} of its turns"),
    "FR": ("{letters} en {n} de ses tours au plus", "en {n} de ses tours ou moins"),
    "RU": ("{letters} — не более чем за {n} {turns}", "за {n} {turns} или меньше"),
    "HU": ("{letters} legfeljebb {n} lépésben", "{n} lépésen belül"),
}
_RU_TURNS: Final = ("ход", "хода", "ходов")
_STUDY_EVEN: Final = {
    "EN": "Yellow scores {low} to {high} points a game after these openings, and none is "
    "significantly better than all the others (Holm-corrected, 5 %).",
    "FR": "Jaune marque de {low} à {high} point par partie selon l'ouverture, et aucune n'est "
    "significativement meilleure que toutes les autres (correction de Holm, 5 %).",
    "RU": "жёлтые набирают от {low} до {high} очка за партию в зависимости от первого хода, и ни "
    "один из них не лучше всех остальных значимо (поправка Холма, 5 %).",
    "HU": "a Sárga játszmánként {low}–{high} pontot ér el a nyitástól függően, és egyik nyitás "
    "sem szignifikánsan jobb az összes többinél (Holm-korrekció, 5 %).",
}
_STUDY_BEST: Final = {
    "EN": "the highlighted opening, {best}, scores best for Yellow, significantly better than "
    "each other one (Holm-corrected, 5 %).",
    "FR": "l'ouverture en surbrillance, {best}, est la meilleure pour Jaune, significativement "
    "meilleure que chacune des autres (correction de Holm, 5 %).",
    "RU": "выделенный первый ход {best} лучший для жёлтых и значимо лучше каждого из остальных "
    "(поправка Холма, 5 %).",
    "HU": "a kiemelt nyitás, {the} {best}, a legjobb a Sárgának, szignifikánsan jobb minden "
    "másiknál (Holm-korrekció, 5 %).",
}
_STUDY_LEADING: Final = {
    "EN": "openings {group} score best for Yellow ({top} points a game, the others {rest}), each "
    "significantly better than every other opening at each level, but not than one another "
    "(Holm-corrected, 5 %).",
    "FR": "les ouvertures {group} sont les meilleures pour Jaune ({top} point par partie, les "
    "autres {rest}), chacune significativement meilleure que chacune des autres à chaque "
    "niveau, mais non entre elles (correction de Holm, 5 %).",
    "RU": "лучшие для жёлтых первые ходы — {group} ({top} очка за партию, остальные {rest}); "
    "каждый значимо лучше каждого из остальных на каждом уровне, но не друг друга (поправка "
    "Холма, 5 %).",
    "HU": "a Sárgának {group} nyitás a legjobb (játszmánként {top} pont, a többi {rest}): "
    "mindegyik szignifikánsan jobb minden más nyitásnál minden szinten, de egymásnál nem "
    "(Holm-korrekció, 5 %).",
}
_RANGE: Final = {"EN": "{} to {}", "FR": "de {} à {}", "RU": "от {} до {}", "HU": "{}–{}"}
_LEVELS: Final = {
    "EN": ("level {}", "levels {}"),
    "FR": ("niveau {}", "niveaux {}"),
    "RU": ("уровень {}", "уровни {}"),
    "HU": ("{}. szint", "{} szint"),
}
_GAMES: Final = {
    "EN": ("{} games", "{} to {} games"),
    "FR": ("{} parties", "{} à {} parties"),
    "RU": ("{} партий", "от {} до {} партий"),
    "HU": ("{} játszma", "{}–{} játszma"),
}


def _letters(letters: Sequence[str], lang: str) -> str:
    """Openings named together: ``D, E and F`` (in Hungarian each with its article)."""
    items = [" ".join(filter(None, (article(x, lang), x))) for x in letters]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {_AND[lang]} " + items[-1]


def proof_caption(summary: dict[str, Any], lang: str = "EN") -> str:
    """What the proofs the study summary ``summary`` carries (``summary["proven"]``) settled, in
    ``lang``: the openings lost for Yellow, within how many of Blue's turns, and the openings
    after which no reply of Blue's wins within the depth searched; empty when none is lost."""
    proven = summary.get("proven") or []
    lost = [p for p in proven if p["status"] == "lost"]
    held = [p for p in proven if p["status"] == "holds"]
    if not lost or not held:
        return ""

    def within(entries: list[dict[str, Any]], alone: bool) -> str:
        by_turns: dict[int, list[str]] = {}
        for entry in sorted(entries, key=lambda e: (-e["turns"], e["opening"])):
            by_turns.setdefault(entry["turns"], []).append(entry["opening"])
        named, bare = _WITHIN[lang]
        parts = [
            (bare if alone else named).format(
                letters=_letters(letters, lang),
                n=n,
                turns=plural_form(n, _RU_TURNS, lang),
            )
            for n, letters in by_turns.items()
        ]
        return ", ".join(parts)

    return _PROVEN[lang].format(
        lost=_letters([p["opening"] for p in lost], lang),
        groups=within(lost, False),
        held=_letters([p["opening"] for p in held], lang),
        held_groups=within(held, True),
    )


def study_caption(summary: dict[str, Any], lang: str = "EN") -> str:
    """What the opening study ``summary`` found, in ``lang``: its levels and games, and the
    best opening if it is separated from every other, else the openings that lead together
    (``summary["leading"]``), else the range of Yellow's scores."""
    levels = [entry["level"] for entry in summary["levels"]]
    rows = [
        r
        for entry in summary["levels"]
        for r in entry["rows"]
        if r["start"] in summary["starts"] and r["games"]
    ]
    if not levels or not rows:
        raise PalagoError("the opening study summary holds no games")
    numbers = [f"{n}." if lang == "HU" and len(levels) > 1 else str(n) for n in levels]
    joined = (
        ", ".join(numbers[:-1]) + f" {_AND[lang]} " + numbers[-1] if len(levels) > 1 else numbers[0]
    )
    one, many = _LEVELS[lang]
    counts = sorted({r["games"] for r in rows})
    games = (
        _GAMES[lang][0].format(counts[0])
        if len(counts) == 1
        else _GAMES[lang][1].format(counts[0], counts[-1])
    )
    studied = sorted({r["start"] for r in rows})
    found = _STUDY_FOUND[lang].format(
        studied=_letters(studied, lang),
        levels=(one if len(levels) == 1 else many).format(joined),
        games=games,
    )
    best = summary.get("best")
    if best:
        return found + _STUDY_BEST[lang].format(best=best, the=article(best, lang))
    scores = [r["score"] for r in rows]

    def number(value: float) -> str:
        text = f"{value:.2f}"
        return text if lang == "EN" else text.replace(".", ",")

    def span(values: list[float]) -> str:
        low, high = number(min(values)), number(max(values))
        return low if low == high else _RANGE[lang].format(low, high)

    group: list[str] = list(summary.get("leading") or [])
    if group:
        top = [r["score"] for r in rows if r["start"] in group]
        rest = [r["score"] for r in rows if r["start"] not in group]
        named = _letters(group, lang)  # "a B és a C" in Hungarian
        return found + _STUDY_LEADING[lang].format(group=named, top=span(top), rest=span(rest))
    return found + _STUDY_EVEN[lang].format(low=number(min(scores)), high=number(max(scores)))


def labelled_tiles(record: PositionRecord, diagram: Diagram, text: str) -> list[Cell]:
    """The cells of the group of touching tiles nearest the figure's one label ``text``."""
    labels = [label for label in diagram.labels if label.text == text]
    position = record.position()
    if len(labels) != 1 or not len(position):
        raise PalagoError(f"the figure has no one label {text!r} beside its tiles")
    nearest = min(position, key=lambda c: (distance(labels[0].cell, c), c))
    group, todo = {nearest}, [nearest]
    while todo:
        cell = todo.pop()
        for other in position:
            if other not in group and distance(cell, other) == 1:
                group.add(other)
                todo.append(other)
    return sorted(group)


def _studied(record: PositionRecord, diagram: Diagram, lang: str) -> Diagram:
    """``diagram`` with what its ``X-Study`` found: the caption's sentence and, when the best
    opening is separated, a highlight on the tiles nearest its letter."""
    name = dict(record.tags).get(STUDY_TAG)
    if name is None:
        return diagram
    summary = study_summary(name)
    said = [proof_caption(summary, lang), study_caption(summary, lang)]
    caption = " ".join([diagram.caption, *(punctuate(s, lang) for s in said if s)])
    best = summary.get("best")
    highlights = diagram.highlights
    if best:
        highlights = (*highlights, Highlight.of(labelled_tiles(record, diagram, best)))
    return dataclasses.replace(diagram, caption=caption, highlights=highlights)


def figure_diagram(record: PositionRecord, lang: str = "EN") -> Diagram:
    """The figure's diagram, captioned in ``lang``. Its outlined creatures are drawn in the
    palette's emphasis colour, as the cards and the solution sheets draw theirs, whatever
    colour the record's ``%outline`` names (red by the notation's default)."""
    diagram = dataclasses.replace(diagram_of(record), caption=figure_caption(record, lang))
    if diagram.emphasis is not None and diagram.emphasis.colour is not None:
        emphasis = dataclasses.replace(diagram.emphasis, colour=None)
        diagram = dataclasses.replace(diagram, emphasis=emphasis)
    diagram = _studied(record, diagram, lang_named(lang))
    parts = dict(record.tags).get(PARTS_TAG)
    if parts is not None:
        diagram = dataclasses.replace(diagram, labels=diagram.labels + tile_parts(record, parts))
    return diagram


@dataclass(frozen=True)
class Figure:
    """A rulebook figure: its name, its diagram in one language, and its tile size (points;
    ``None`` for the common size)."""

    name: str
    diagram: Diagram
    tile_size: float | None = None

    def options(self, base: Options = FIGURE_OPTIONS) -> Options:
        """``base`` with this figure's tile size."""
        if self.tile_size is None:
            return base
        return dataclasses.replace(base, size=self.tile_size)


def _tile_size(record: PositionRecord) -> float | None:
    text = dict(record.tags).get(SIZE_TAG)
    if text is None:
        return None
    try:
        size = float(text)
    except ValueError:
        size = 0.0
    if not 4.0 <= size <= 200.0:
        raise PalagoError(f"{SIZE_TAG} is a tile size in points from 4 to 200, not {text!r}")
    return size


def figures(folder: Traversable | None = None, lang: str = "EN") -> list[Figure]:
    """Every rulebook figure with its caption in ``lang``; figures are known by name."""
    lang = lang_named(lang)
    found = [
        Figure(name, figure_diagram(record, lang), _tile_size(record))
        for name, record in figure_records(folder)
    ]
    names = [f.name for f in found]
    duplicates = sorted({n for n in names if names.count(n) > 1})
    if duplicates:
        raise PalagoError(f"figure names used twice: {', '.join(duplicates)}")
    return found


def figure_options(colours: str | Palette = "classic") -> Options:
    """The figures' layout in a palette (a name or a :class:`Palette`)."""
    return dataclasses.replace(FIGURE_OPTIONS, palette=palette(colours))


def figure_bytes(
    diagram: Diagram,
    fmt: str,
    options: Options = FIGURE_OPTIONS,
    lang: str = "EN",
    subject: str = "",
) -> bytes:
    """One figure as SVG, as PDF (its caption the title, its language ``lang`` and the
    ``subject`` given, the printed set's ``figure_subject`` string, in its metadata), or as an
    opaque PNG at 300 ppi with its resolution recorded."""
    if fmt == "png":
        return diagram_bytes(diagram, fmt, options, dpi=PNG_DPI)
    if fmt == "pdf":
        code = lang_named(lang)
        return to_pdf(compile_diagram(diagram, options), lang=code, subject=subject)
    return diagram_bytes(diagram, fmt, options)


def build_figures(
    out: Path,
    formats: Sequence[str] = FORMATS,
    options: Options | None = None,
    folder: Traversable | None = None,
    lang: str = "EN",
    subject: str = "",
) -> list[Path]:
    """Render every figure into ``out`` in each format, captioned in ``lang`` (the PDFs with
    ``subject`` in their metadata); return the files."""
    make_folder(out)
    written: list[Path] = []
    for figure in figures(folder, lang):
        for fmt in formats:
            data = figure_bytes(
                figure.diagram, fmt, figure.options(options or FIGURE_OPTIONS), lang, subject
            )
            written.append(atomic_write(out / f"{figure.name}.{fmt}", data))
    return written
