"""Rulebook figures: each renders like its committed image in docs/figures/, is captioned in
every language below its art, and tells the truth: every claim is checked by the rules."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from palago_tools.core.analysis import Status, analyse
from palago_tools.core.hexgrid import are_adjacent, cells_around, distance
from palago_tools.core.identity import creature_id, creature_tiles, position_form
from palago_tools.core.incremental import LiveAnalysis
from palago_tools.core.position import Position
from palago_tools.core.tiles import ORIENTATIONS, Colour, Orientation, Tile, straight_corners
from palago_tools.diagram import Label, compile_diagram, palette
from palago_tools.drawing.primitives import Text
from palago_tools.drawing.typesetting import NBSP
from palago_tools.errors import IllegalMoveError
from palago_tools.languages import LANGUAGES
from palago_tools.notation import records as rec
from palago_tools.printing.strings import text
from palago_tools.replays.catalog import catalog_records
from palago_tools.rules import Palago
from palago_tools.rules.palagonia import Die, Palagonia, PlaceAction, RemoveAction, RotateAction
from palago_tools.views.figures import (
    FIGURE_OPTIONS,
    figure_bytes,
    figure_options,
    figure_records,
    figures,
    openings,
)

from .rasters import fresh_cairo, needs_dejavu
from .rules_helpers import every_legal_turn
from .test_render_golden import MEAN_LIMIT, STRONG_LIMIT, difference

FIGURES = Path(__file__).resolve().parents[1] / "docs" / "figures"
RECORDS = dict(figure_records())
BY_NAME = {f.name: f for f in figures()}


def source(name: str) -> rec.PositionRecord:
    return RECORDS[name]


def notes(record: rec.PositionRecord, kind: type) -> list:  # type: ignore[type-arg]
    return [a for a in record.annotations() if isinstance(a, kind)]


def colour_named(text: str) -> Colour:
    return Colour.YELLOW if text == "yellow" else Colour.BLUE


# The rules, from a position with a side to move -------------------------------------------
def game_at(position: Position, mover: Colour) -> Palago:
    """A game in the middle: ``position`` on the table, ``mover`` to lay the next turn."""
    return Palago.from_position(position, mover, tiles_left=48 - len(position))


def outcome(completed: list, mover: Colour) -> Colour | None:  # type: ignore[type-arg]
    """Who wins when ``mover``'s tile completes ``completed`` (the rules' both-colours rule)."""
    colours = {c.colour for c in completed}
    if not colours:
        return None
    return mover.other if len(colours) == 2 else colours.pop()


def winning_tiles(live: LiveAnalysis, mover: Colour, first: tuple[Tile, ...] = ()) -> list[Tile]:
    """The one-tile turns by which ``mover`` wins at once (a creature of her colour only);
    with ``first``, only the first of those tiles that still wins, when one does."""
    found = []
    candidates = [t for t in first if t.cell not in live.tiles] + [
        Tile(cell, orientation)
        for cell in sorted(live.position().frontier())
        for orientation in ORIENTATIONS
    ]
    for tile in candidates:
        done = live.place(tile)
        live.remove(tile.cell)
        if outcome(done, mover) == mover:
            found.append(tile)
            if first:
                break
    return found


def winning_turns(position: Position, mover: Colour) -> list[tuple[Tile, ...]]:
    """Every legal turn (the rules' own move generation) with which ``mover`` wins at once."""
    found = []
    for tiles in every_legal_turn(game_at(position, mover)):
        if game_at(position, mover).play(tiles).winner is mover:
            found.append(tiles)
    return found


def wins_with(position: Position, mover: Colour, tiles: tuple[Tile, ...]) -> bool:
    """True when ``tiles`` is a legal turn of ``mover`` that wins at once (the rules engine)."""
    game = game_at(position, mover)
    return game.is_legal(tiles) and game.play(tiles).winner is mover


def escapes(
    position: Position, mover: Colour, threats: tuple[tuple[Tile, ...], ...]
) -> tuple[int, list[tuple[Tile, ...]]]:
    """Every legal turn of ``mover`` (the rules' own move generation) and those after which the
    other side has no immediate win (the ``threats`` tried first, then every legal turn): an
    empty list means ``mover`` loses whatever she does."""
    turns = list(every_legal_turn(game_at(position, mover)))
    saved = []
    for tiles in turns:
        game = game_at(position, mover)
        turn = game.play(tiles)
        if turn.game_over:
            if turn.winner is mover:
                saved.append(tiles)
            continue
        after = game.position()
        if any(wins_with(after, mover.other, threat) for threat in threats):
            continue
        if not winning_turns(after, mover.other):
            saved.append(tiles)
    return len(turns), saved


# Rendering -------------------------------------------------------------------------------
@needs_dejavu
@pytest.mark.parametrize("name", sorted(BY_NAME))
def test_figure_matches_its_committed_png(name: str) -> None:
    figure = BY_NAME[name]
    fresh_cairo()
    image = Image.open(io.BytesIO(figure_bytes(figure.diagram, "png", figure.options()))).convert(
        "RGB"
    )
    committed = Image.open(FIGURES / f"{name}.png").convert("RGB")
    assert (FIGURES / f"{name}.svg").exists() and (FIGURES / f"{name}.pdf").exists()
    mean, share = difference(image, committed)
    assert mean < MEAN_LIMIT and share < STRONG_LIMIT, (name, mean, share)


def test_figure_pngs_are_opaque_at_300_ppi() -> None:
    figure = BY_NAME["fork"]
    image = Image.open(io.BytesIO(figure_bytes(figure.diagram, "png", figure.options())))
    assert image.mode == "RGB" and round(image.info["dpi"][0]) == 300 == round(image.info["dpi"][1])
    width_in_points = compile_diagram(figure.diagram, figure.options()).width
    assert image.width == round(width_in_points * 300 / 72)


def test_every_figure_the_issue_lists_is_there() -> None:
    wanted = {
        "tile-anatomy",
        "tile-parts",
        "matching-colours",
        "closed",
        "not-closed",
        "eye",
        "openings",
        "direct-attack",
        "fork",
        "triple-row",
        "inner-outer",
        "palagonia-a",
        "palagonia-b",
        "palagonia-c",
        "leg",
        "scoring",
        "holes",
        "dice-place",
        "dice-remove",
        "dice-rotate",
    }
    assert wanted <= set(BY_NAME)


# Captions --------------------------------------------------------------------------------
SCRIPT_WORDS = {"EN": "the", "RU": "и", "FR": "la", "HU": "a"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_figure_has_a_caption_in_each_language_set_below_the_art(lang: str) -> None:
    seen: set[str] = set()
    for figure in figures(lang=lang):
        caption = figure.diagram.caption
        assert caption and caption not in seen, (figure.name, lang)
        seen.add(caption)
        if lang == "RU":
            assert any("а" <= ch <= "я" for ch in caption.lower()), figure.name
        else:
            assert not any("а" <= ch <= "я" for ch in caption.lower()), figure.name
        drawing = compile_diagram(figure.diagram, figure.options())
        texts = [item for item in drawing.items if isinstance(item, Text)]
        board = [item for item in drawing.items if not isinstance(item, Text)]
        art_bottom = max(_bottom(item) for item in board)
        label_texts = {label.text for label in figure.diagram.labels}
        caption_words = set(caption.replace(NBSP, " ").split())
        for item in texts:
            if item.text in label_texts:
                continue  # letters and numbers on cells, named by the caption
            assert item.position[1] > art_bottom, (figure.name, item.text)
            assert set(item.text.replace(NBSP, " ").split()) <= caption_words, (
                figure.name,
                item.text,
            )
        assert (
            " ".join(t.text for t in texts if t.text not in label_texts).replace(NBSP, " ").split()
            == caption.split()
        )


def _bottom(item: object) -> float:
    """The lowest page y an item of the art reaches (circles and arcs by their radius)."""
    radius = float(getattr(item, "radius", 0.0))
    if hasattr(item, "centre"):
        return float(item.centre[1]) + radius  # type: ignore[attr-defined]
    found = [0.0]
    for name in getattr(item, "__dataclass_fields__", {}):
        value = getattr(item, name)
        if (
            isinstance(value, tuple)
            and len(value) == 2
            and all(isinstance(v, float | int) for v in value)
        ):
            found.append(float(value[1]))
        elif isinstance(value, tuple):
            found.extend(_bottom(v) for v in value)
        elif hasattr(value, "__dataclass_fields__") and not isinstance(value, str):
            found.append(_bottom(value))
    return max(found)


def test_score_terms_never_break_inside_a_caption() -> None:
    for lang in LANGUAGES:
        (figure,) = [f for f in figures(lang=lang) if f.name == "scoring"]
        drawing = compile_diagram(figure.diagram, figure.options())
        lines = [t.text for t in drawing.items if isinstance(t, Text)]
        assert len(lines) >= 2
        for line in lines:
            assert not line.rstrip().endswith(("+", "=")), (lang, line)
            assert not line.lstrip(" (").split(NBSP)[0].isdigit() or NBSP in line, (lang, line)
            assert not line.strip(" .").isdigit(), (lang, line)


def test_palettes_reach_the_figures() -> None:
    figure = BY_NAME["fork"]
    grey = compile_diagram(figure.diagram, figure.options(figure_options("greyscale")))
    assert grey.items != compile_diagram(figure.diagram, figure.options()).items
    fills = {getattr(getattr(i, "style", None), "fill", None) for i in grey.items}
    assert palette("greyscale").yellow in fills and palette("classic").yellow not in fills


# Claims checked by the rules ---------------------------------------------------------------
def test_tactic_figures_carry_the_claim_tags() -> None:
    claims = {
        name: (dict(r.tags).get("X-ToMove"), dict(r.tags).get("X-Claim"))
        for name, r in RECORDS.items()
    }
    assert claims["fork"] == ("blue", "yellow wins")
    assert claims["direct-attack"] == ("yellow", "blue threatens")
    assert claims["triple-row"] == ("blue", "blue wins in 2")


def test_direct_attack_blue_threatens_and_yellow_must_block() -> None:
    """EN: "a direct attack, where Blue can win with the next move. The player with Yellow must
    block such moves immediately" - so Yellow can block, and only by a tile on the circle."""
    record = source("direct-attack")
    position = record.position()
    (ghost,) = notes(record, rec.GhostCommand)
    (circle,) = notes(record, rec.MarkCommand)
    live = LiveAnalysis(position)
    assert winning_tiles(live, Colour.BLUE) == list(ghost.tiles)
    assert [t.cell for t in ghost.tiles] == list(circle.cells)
    assert {turn[-1].cell for turn in winning_turns(position, Colour.BLUE)} == set(circle.cells)
    assert not winning_turns(position, Colour.YELLOW)
    count, saved = escapes(position, Colour.YELLOW, (tuple(ghost.tiles),))
    assert count > 500 and saved  # Yellow has a defence ...
    for tiles in saved:  # ... and every one lays a tile on the circle, not the faint one
        assert {t.cell for t in tiles} & set(circle.cells) and not set(tiles) & set(ghost.tiles)


def test_fork_yellow_made_it_and_no_blue_turn_blocks_both() -> None:
    """The rulebooks: "in one move the player with Blue cannot block both attacks at once"."""
    record = source("fork")
    position = record.position()
    (ghost,) = notes(record, rec.GhostCommand)
    live = LiveAnalysis(position)
    assert set(winning_tiles(live, Colour.YELLOW)) == set(ghost.tiles)
    assert not winning_tiles(live, Colour.BLUE)
    a, b = (t.cell for t in ghost.tiles)
    assert distance(a, b) >= 3  # no two touching tiles of one turn can take both cells
    count, saved = escapes(position, Colour.BLUE, tuple((t,) for t in ghost.tiles))
    assert count > 1000 and saved == []


def test_triple_row_blue_turns_it_into_a_fork_and_wins() -> None:
    """EN: "how to turn a triple row into a fork and ensure victory for Blue": no win at once,
    a fork next to the row, and every legal Yellow turn after it loses."""
    record = source("triple-row")
    position = record.position()
    (row,) = notes(record, rec.HighlightCommand)
    assert len(row.cells) == 3 and len({position[c] for c in row.cells}) == 1
    assert set(row.cells) <= position.outer_tiles()
    (a, b, c) = row.cells
    assert are_adjacent(a, b) and (b[0] - a[0], b[1] - a[1]) == (
        c[0] - b[0],
        c[1] - b[1],
    )  # straight
    assert not winning_turns(position, Colour.BLUE) and not winning_turns(position, Colour.YELLOW)
    (ghost,) = notes(record, rec.GhostCommand)
    assert game_at(position, Colour.BLUE).is_legal(ghost.tiles)
    assert any(are_adjacent(t.cell, cell) for t in ghost.tiles for cell in row.cells)
    after = position.place(*ghost.tiles)
    threats = winning_turns(after, Colour.BLUE)
    (circles,) = notes(record, rec.MarkCommand)
    assert {t.cell for turn in threats for t in turn} == set(circles.cells)
    count, saved = escapes(after, Colour.YELLOW, tuple(threats))
    assert count > 500 and saved == []


def test_scoring_figure_is_the_camel_of_card_12() -> None:
    record = source("scoring")
    position = record.position()
    (camel_card,) = [c for c in catalog_records() if c.card == 12]
    camel = camel_card.position()
    (yellow,) = [c for c in analyse(position).creatures if c.colour is Colour.YELLOW]
    figure_id = creature_id(creature_tiles(position, yellow.cells), Colour.YELLOW)
    assert figure_id == creature_id(list(camel.tiles()), Colour.YELLOW)
    assert yellow.breakdown() == "1 outer shell + 4 inner shells + 2 limbs = 7"
    # "two eyes, the stomach and the egg in it" (FR, HU; EN and RU name the egg): three of the
    # inner loops close one corner of tips each, the fourth a larger region
    assert sorted(len(loop.curves) for loop in yellow.inner_loops) == [3, 3, 3, 6]
    (legs,) = notes(record, rec.HighlightCommand)
    assert set(legs.cells) == {
        cell for corner in yellow.leg_corners for cell, _k in cells_around(corner)
    }
    assert FIGURE_OPTIONS.dashed_inner_loops  # inner loops dashed, the outer one solid


def test_leg_figure_and_its_caption() -> None:
    record = source("leg")
    position = record.position()
    (creature,) = [c for c in analyse(position).creatures if c.cells == set(position)]
    assert creature.breakdown() == "1 outer shell + 1 inner shell + 1 limb = 3"
    (legs,) = notes(record, rec.HighlightCommand)
    assert set(legs.cells) == {
        cell for corner in creature.leg_corners for cell, _k in cells_around(corner)
    }
    assert "a straight and three connected arcs" in record.caption  # EN rulebook
    # FR and HU: "une droite et deux sommets", "egy egyenesben és két sarokban": the limb's end
    # corner has two tips of the creature's colour around it and its straight.
    for corner in creature.leg_corners:
        around = cells_around(corner)
        tips = [
            cell
            for cell, k in around
            if k == (position[cell].tip + (0 if creature.colour is Colour.YELLOW else 3)) % 6
        ]
        straights = [
            cell for cell, k in around if k in straight_corners(position[cell].tip, creature.colour)
        ]
        assert len(tips) == 2 and len(straights) == 1, corner


def test_holes_single_and_large_by_the_rules() -> None:
    record = source("holes")
    position = record.position()
    circle, squares = notes(record, rec.MarkCommand)
    assert position.single_holes() == set(circle.cells)
    assert set(squares.cells) in position.enclosed_areas() and len(squares.cells) >= 2
    assert not analyse(position).creatures
    single = circle.cells[0]
    for orientation in ORIENTATIONS:
        game = game_at(position, Colour.YELLOW)
        closes = bool(LiveAnalysis(position).place(Tile(single, orientation)))
        with pytest.raises(IllegalMoveError) if not closes else _nothing():
            game.play((Tile(single, orientation), Tile(squares.cells[0], Orientation.R)))
    a, b = squares.cells
    assert game_at(position, Colour.YELLOW).is_legal(
        (Tile(a, Orientation.R), Tile(b, Orientation.L))
    )


class _nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *args: object) -> None:
        return None


def _palagonia_at(position: Position) -> Palagonia:
    """A Palagonia game reaching ``position`` by legal placements (5 tiles, then by fours)."""
    game = Palagonia(3)
    order = _joined_order(position)
    game.start(0, Die.FIVE, order[:5])
    rest = order[5:]
    while rest:
        chunk, rest = rest[:4] if len(rest) != 5 else rest[:5], rest[4:] if len(rest) != 5 else []
        face = (
            {2: Die.TWO, 3: Die.THREE, 4: Die.FOUR, 5: Die.FIVE}[len(chunk)]
            if len(chunk) > 1
            else None
        )
        if face is None:
            chunk, rest = chunk + rest[:1], rest[1:]
            face = Die.TWO
        game.play((face, Die.REMOVE), face, PlaceAction(tuple(chunk)))
    return game


def _joined_order(position: Position) -> list[Tile]:
    tiles = sorted(position.tiles(), key=lambda t: t.cell)
    order = [tiles.pop(0)]
    while tiles:
        nxt = next(t for t in tiles if any(distance(t.cell, o.cell) == 1 for o in order))
        tiles.remove(nxt)
        order.append(nxt)
    return order


def test_palagonia_dice_actions_by_the_rules() -> None:
    place = source("dice-place")
    (ghost,) = notes(place, rec.GhostCommand)
    assert len(ghost.tiles) == 3 and Position(ghost.tiles).is_connected()
    _palagonia_at(place.position()).play(
        (Die.THREE, Die.TWO), Die.THREE, PlaceAction(tuple(ghost.tiles))
    )

    remove = source("dice-remove")
    (cross,) = notes(remove, rec.MarkCommand)
    game = _palagonia_at(remove.position())
    assert cross.cells[0] in game.removable_tiles() and cross.cells[0] not in game.inner_tiles()
    game.play((Die.REMOVE, Die.TWO), Die.REMOVE, RemoveAction(cross.cells[0]))

    rotate = source("dice-rotate")
    (ring,) = notes(rotate, rec.ArrowCommand)
    assert ring.start == ring.end
    turned = {c: o for c, o in rotate.position().items()}
    turned[ring.start] = Orientation.R  # it pointed R before the turn (the caption says so)
    game = _palagonia_at(Position(turned))
    assert ring.start in game.inner_tiles()
    game.play(
        (Die.ROTATE, Die.TWO), Die.ROTATE, RotateAction(ring.start, rotate.position()[ring.start])
    )


# Other figures -----------------------------------------------------------------------------
def test_the_openings_figure_shows_the_six_computed_openings_apart() -> None:
    assert len(openings()) == 6
    position = source("openings").position()
    groups = _components(position)
    assert {position_form(g) for g in groups} == {position_form(o) for o in openings()} and len(
        groups
    ) == 6
    for a in groups:
        for b in groups:
            if a is not b:
                assert (
                    min(distance(x, y) for x in a for y in b) >= 4
                )  # the panels' grids do not touch


def _components(position: Position) -> list[Position]:
    left = set(position)
    groups = []
    while left:
        stack = [left.pop()]
        seen = set(stack)
        while stack:
            cell = stack.pop()
            for other in list(left):
                if distance(cell, other) == 1:
                    left.remove(other)
                    seen.add(other)
                    stack.append(other)
        groups.append(Position({c: position[c] for c in seen}))
    return groups


def test_tile_anatomy_labels_sit_on_their_own_tiles() -> None:
    record = source("tile-anatomy")
    labels = notes(record, rec.LabelCommand)
    position = record.position()
    assert [(lab.text, position[lab.cell]) for lab in labels] == [
        ("R", Orientation.R),
        ("L", Orientation.L),
        ("D", Orientation.D),
    ]


def test_tile_parts_are_numbered_on_the_parts() -> None:
    diagram = BY_NAME["tile-parts"].diagram
    callouts = [lab for lab in diagram.labels if isinstance(lab, Label) and lab.corner is not None]
    assert sorted(lab.text for lab in callouts) == ["1", "1", "2", "2", "3", "3"]
    for lang in LANGUAGES:
        (figure,) = [f for f in figures(lang=lang) if f.name == "tile-parts"]
        assert all(f"{n} " in figure.diagram.caption for n in "123")


def test_closed_not_closed_and_eye() -> None:
    (virus,) = analyse(source("closed").position()).creatures
    assert (virus.tiles, virus.score) == (5, 1)
    open_record = source("not-closed")
    (circle,) = notes(open_record, rec.MarkCommand)
    analysis = analyse(open_record.position())
    assert not analysis.creatures
    assert any(v.status is Status.OPEN and circle.cells[0] in v.where for v in analysis.verdicts)
    eye = analyse(source("eye").position())
    assert not eye.creatures and [v.status for v in eye.verdicts].count(Status.EYE) == 1


def test_inner_tiles_are_the_circled_ones() -> None:
    record = source("inner-outer")
    (circles,) = notes(record, rec.MarkCommand)
    assert record.position().inner_tiles() == set(circles.cells)


def test_palagonia_situations() -> None:
    a = source("palagonia-a").position()
    assert (
        not a.inner_tiles()
        and not analyse(a).creatures
        and a.is_connected()
        and not a.enclosed_areas()
    )
    b_record = source("palagonia-b")
    (b_tiles,) = notes(b_record, rec.HighlightCommand)
    assert distance(*b_tiles.cells) >= 2
    scored = [c for c in analyse(b_record.position()).creatures if set(b_tiles.cells) <= c.cells]
    assert [c.breakdown() for c in scored] == ["1 outer shell + 1 inner shell + 1 limb = 3"]
    c_record = source("palagonia-c")
    c_position = c_record.position()
    (c_tiles,) = notes(c_record, rec.HighlightCommand)
    assert Position({cell: Orientation.R for cell in c_tiles.cells}).is_connected()
    assert not analyse(c_position).creatures and not c_position.enclosed_areas()
    (next_turn,) = notes(c_record, rec.GhostCommand)
    closing = [
        c
        for c in analyse(c_position.place(*next_turn.tiles)).creatures
        if {t.cell for t in next_turn.tiles} <= c.cells
    ]
    assert [c.breakdown() for c in closing] == ["1 outer shell + 1 inner shell + 3 limbs = 5"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_figure_pdfs_carry_their_caption_and_language(lang: str) -> None:
    from pypdf import PdfReader

    (figure,) = [f for f in figures(lang=lang) if f.name == "holes"]
    subject = text("figure_subject", lang)
    reader = PdfReader(
        io.BytesIO(figure_bytes(figure.diagram, "pdf", figure.options(), lang, subject))
    )
    assert reader.metadata is not None and reader.metadata.title == figure.diagram.caption
    assert str(reader.trailer["/Root"]["/Lang"]) == lang.lower() and reader.metadata.subject
    assert "Palago" in (reader.metadata.subject or "") or "Палаго" in (
        reader.metadata.subject or ""
    )


TEXT_COLUMN = 453.0
"""The widest text column of the rulebook pages, in points: A4 (595 pt) and Letter (612 pt)
less margins of 2 cm (57 pt) and 0.75 in (54 pt) a side, less a little air: 595 - 2 x 57 = 481,
612 - 2 x 72 = 468; 453 leaves room on both."""
MIN_CAPTION_PT = 8.0


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_figure_pdf_fits_a_text_column_with_readable_captions(lang: str) -> None:
    """Read from the PDFs as printed: the page no wider than a column, and every caption line
    set at 8 pt or more (its Tf size scaled by the text and graphics matrices)."""
    from pypdf import PdfReader

    for figure in figures(lang=lang):
        data = figure_bytes(figure.diagram, "pdf", figure.options(), lang)
        page = PdfReader(io.BytesIO(data)).pages[0]
        assert float(page.mediabox.width) <= TEXT_COLUMN, (figure.name, page.mediabox.width)
        sizes: list[tuple[str, float]] = []

        def visit(
            text: str,
            cm: list,  # type: ignore[type-arg]
            tm: list,  # type: ignore[type-arg]
            font: object,
            size: float,
            sizes: list[tuple[str, float]] = sizes,
        ) -> None:
            if text.strip():
                scale = (tm[0] ** 2 + tm[1] ** 2) ** 0.5 * (cm[0] ** 2 + cm[1] ** 2) ** 0.5
                sizes.append((text.strip(), size * scale))

        page.extract_text(visitor_text=visit)

        def squeezed(text: str) -> str:
            return "".join(text.split())

        caption = squeezed(figure.diagram.caption)
        lines = [(t, s) for t, s in sizes if len(t) > 3 and squeezed(t) in caption]
        assert "".join(squeezed(t) for t, _ in lines) == caption, (figure.name, lines)
        assert min(s for _, s in lines) >= MIN_CAPTION_PT, (figure.name, lines)


def test_figures_outline_creatures_in_the_colour_cards_and_sheets_use() -> None:
    """Every figure's heavy loops are the palette's emphasis colour, the colour of the loops on
    the solution sheets and the cards, not the notation's default red for ``%outline``."""
    from palago_tools.drawing.primitives import Path as DrawnPath

    classic = palette("classic")
    outlined = [f for f in figures() if f.diagram.emphasis is not None]
    assert {f.name for f in outlined} >= {"closed", "scoring", "leg"}
    for figure in outlined:
        options = figure.options()
        drawing = compile_diagram(figure.diagram, options)
        heavy = [
            p.style.stroke
            for p in drawing.items
            if isinstance(p, DrawnPath) and abs(p.style.width - 0.13 * options.size) < 1e-9
        ]
        assert heavy and set(heavy) == {classic.emphasis}, (figure.name, set(heavy))
