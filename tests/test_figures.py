"""Rulebook figures: each one renders like its committed PNG in docs/figures/, and each tells
the truth (what its caption says of the position is checked by the analysis)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from palago_tools.analysis import Status, analyse
from palago_tools.diagram import compile_diagram
from palago_tools.figures import FIGURE_OPTIONS, all_figures, openings, source_dir
from palago_tools.hexgrid import cells_around, distance
from palago_tools.incremental import LiveAnalysis
from palago_tools.notation import parse_text
from palago_tools.notation import records as rec
from palago_tools.position import Position
from palago_tools.render import to_png
from palago_tools.tiles import ORIENTATIONS, Colour, Orientation, Tile

from .test_render_golden import MEAN_LIMIT, STRONG_LIMIT, difference

FIGURES = Path(__file__).resolve().parents[1] / "docs" / "figures"
ALL = dict(all_figures())


def source(name: str) -> rec.PositionRecord:
    for path in source_dir().iterdir():
        if not path.name.endswith(".palago"):
            continue
        for record in parse_text(path.read_text(encoding="utf-8"), path.name).records:
            if isinstance(record, rec.PositionRecord) and dict(record.tags).get("X-Figure") == name:
                return record
    raise KeyError(name)


def notes(record: rec.PositionRecord, kind: type) -> list:  # type: ignore[type-arg]
    return [a for a in record.annotations() if isinstance(a, kind)]


def threats(position: Position) -> dict[Tile, set[Colour]]:
    """Every single tile that completes a creature, with the colours it completes."""
    live = LiveAnalysis(position)
    found: dict[Tile, set[Colour]] = {}
    for cell in sorted(position.frontier()):
        for orientation in ORIENTATIONS:
            tile = Tile(cell, orientation)
            done = live.place(tile)
            live.remove(cell)
            if done:
                found[tile] = {c.colour for c in done}
    return found


@pytest.mark.parametrize("name", sorted(ALL))
def test_figure_matches_its_committed_png(name: str) -> None:
    image = Image.open(io.BytesIO(to_png(compile_diagram(ALL[name], FIGURE_OPTIONS), 2.0))).convert("RGB")
    committed = Image.open(FIGURES / f"{name}.png").convert("RGB")
    assert (FIGURES / f"{name}.svg").exists()
    mean, share = difference(image, committed)
    assert mean < MEAN_LIMIT and share < STRONG_LIMIT, (name, mean, share)


def test_every_figure_the_issue_lists_is_there() -> None:
    wanted = {
        "tile-anatomy", "matching-colours", "closed", "not-closed", "eye", "openings",
        "direct-attack", "fork", "triple-row", "inner-outer", "palagonia-a", "palagonia-b",
        "palagonia-c", "leg", "scoring",
    }
    assert wanted <= set(ALL)


def test_the_openings_are_computed_and_there_are_six() -> None:
    assert len(openings()) == 6
    assert len(ALL["openings"].position) == 12


def test_tile_anatomy_shows_the_three_orientations() -> None:
    assert [t.orientation for t in source("tile-anatomy").tiles] == [Orientation.R, Orientation.L, Orientation.D]


def test_closed_not_closed_and_eye() -> None:
    (virus,) = analyse(source("closed").position()).creatures
    assert (virus.tiles, virus.score) == (5, 1)
    open_record = source("not-closed")
    (circle,) = notes(open_record, rec.Mark)
    analysis = analyse(open_record.position())
    assert not analysis.creatures
    assert any(v.status is Status.OPEN and circle.cells[0] in v.where for v in analysis.verdicts)
    eye = analyse(source("eye").position())
    assert not eye.creatures and [v.status for v in eye.verdicts].count(Status.EYE) == 1


def test_direct_attack_is_one_blue_threat_and_nothing_for_yellow() -> None:
    record = source("direct-attack")
    (ghost,) = notes(record, rec.Ghost)
    found = threats(record.position())
    assert set(found) == set(ghost.tiles) and all(c == {Colour.BLUE} for c in found.values())


def test_fork_is_two_blue_threats_that_one_turn_cannot_both_block() -> None:
    record = source("fork")
    (ghost,) = notes(record, rec.Ghost)
    found = threats(record.position())
    assert set(ghost.tiles) <= set(found) and all(c == {Colour.BLUE} for c in found.values())
    a, b = (t.cell for t in ghost.tiles)
    assert distance(a, b) >= 2  # the two tiles of a turn touch, so they cannot take both cells


def test_triple_row_becomes_a_fork() -> None:
    record = source("triple-row")
    position = record.position()
    (row,) = notes(record, rec.Highlight)
    assert len({position[c] for c in row.cells}) == 1 and set(row.cells) <= position.outer_tiles()
    assert not threats(position)
    (ghost,) = notes(record, rec.Ghost)
    after = threats(position.place(*ghost.tiles))
    (circles,) = notes(record, rec.Mark)
    assert {t.cell for t, c in after.items() if c == {Colour.BLUE}} == set(circles.cells)
    assert all(c == {Colour.BLUE} for c in after.values())
    assert distance(*circles.cells) >= 2


def test_inner_tiles_are_the_circled_ones() -> None:
    record = source("inner-outer")
    (circles,) = notes(record, rec.Mark)
    assert record.position().inner_tiles() == set(circles.cells)


def test_palagonia_situations() -> None:
    a = source("palagonia-a").position()
    assert not a.inner_tiles() and not analyse(a).creatures and a.is_connected() and not a.enclosed_areas()
    b_record = source("palagonia-b")
    (b_tiles,) = notes(b_record, rec.Highlight)
    assert distance(*b_tiles.cells) >= 2
    scored = [c for c in analyse(b_record.position()).creatures if set(b_tiles.cells) <= c.cells]
    assert [c.breakdown() for c in scored] == ["1 outer loop + 1 inner loop + 1 leg = 3"]
    c_record = source("palagonia-c")
    c_position = c_record.position()
    (c_tiles,) = notes(c_record, rec.Highlight)
    assert Position({cell: Orientation.R for cell in c_tiles.cells}).is_connected()
    assert not analyse(c_position).creatures and not c_position.enclosed_areas()
    (next_turn,) = notes(c_record, rec.Ghost)
    closing = [
        c
        for c in analyse(c_position.place(*next_turn.tiles)).creatures
        if {t.cell for t in next_turn.tiles} <= c.cells
    ]
    assert [c.breakdown() for c in closing] == ["1 outer loop + 1 inner loop + 3 legs = 5"]


@pytest.mark.parametrize(
    ("name", "breakdown"),
    [("leg", "1 outer loop + 1 inner loop + 1 leg = 3"), ("scoring", "1 outer loop + 4 inner loops + 2 legs = 7")],
)
def test_scored_creatures_and_their_highlighted_legs(name: str, breakdown: str) -> None:
    record = source(name)
    position = record.position()
    (creature,) = [c for c in analyse(position).creatures if c.cells == set(position)]
    assert creature.breakdown() == breakdown
    (legs,) = notes(record, rec.Highlight)
    assert set(legs.cells) == {cell for corner in creature.leg_corners for cell, _k in cells_around(corner)}
