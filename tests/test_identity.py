"""Creature identity (twelve motions, translation, colour free) and game symmetry."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from palago_tools.core.analysis import analyse
from palago_tools.core.hexgrid import CLASS_KEEPING, DIRECTIONS, MOTIONS, Motion
from palago_tools.core.identity import (
    creature_form,
    creature_id,
    creature_tiles,
    form_text,
    position_form,
    same_position,
)
from palago_tools.core.position import Position
from palago_tools.core.tiles import ORIENTATIONS, Tile

from .conftest import load_vectors, vector_position
from .strategies import grown_positions

NAMED = {e["name"]: vector_position(e) for e in load_vectors()}


def _ids(position: Position) -> list[str]:
    return sorted(
        creature_id(creature_tiles(position, c.cells), c.colour)
        for c in analyse(position).creatures
    )


def test_yellow_and_blue_virus_are_the_same_creature() -> None:
    assert _ids(NAMED["virus"]) == _ids(NAMED["virus-blue"])
    assert _ids(NAMED["virus"])[0].startswith("5-")


def test_different_creatures_have_different_ids() -> None:
    ids = {name: _ids(NAMED[name])[0] for name in ("virus", "tripod", "worm", "ring-with-eye")}
    assert len(set(ids.values())) == 4


@given(st.sampled_from(MOTIONS), st.integers(-9, 9), st.integers(-9, 9))
def test_creature_id_survives_every_motion_translation_and_colour(
    motion: Motion, dq: int, dr: int
) -> None:
    for name in ("rich-7-3-creature", "tripod", "rich-7-6-creature"):
        position = NAMED[name]
        moved = position.moved(motion).translated(dq, dr)
        assert _ids(moved) == _ids(position)


def test_creature_form_is_written_yellow_from_origin() -> None:
    position = NAMED["virus-blue"]
    (creature,) = analyse(position).creatures
    form = creature_form(creature_tiles(position, creature.cells), creature.colour)
    assert form[0].cell == (0, 0)
    text = form_text(form)
    (yellow,) = analyse(Position.parse(text)).creatures
    assert yellow.colour.value == "yellow"


@given(grown_positions(max_tiles=12), st.sampled_from(CLASS_KEEPING), st.integers(-5, 5))
def test_game_symmetry_identifies_moved_positions(
    position: Position, motion: Motion, d: int
) -> None:
    assert same_position(position, position.moved(motion).translated(d, -d))


def test_class_swapping_motions_are_not_game_symmetries() -> None:
    """They exchange the players' colours: the six openings fall to four if they are allowed."""
    openings = [
        Position([Tile((0, 0), a), Tile(d, b)])
        for a in ORIENTATIONS
        for b in ORIENTATIONS
        for d in DIRECTIONS
    ]
    assert len({position_form(p) for p in openings}) == 6
    assert len({position_form(p, MOTIONS) for p in openings}) == 4
    assert position_form(openings[0]) == position_form(openings[0].translated(3, 4))
