"""Analysis: named cases, explanations of non-creatures, lines, and the facts of spec section 3."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from palago_tools.core.analysis import Status, analyse
from palago_tools.core.hexgrid import DIRECTIONS, neighbours
from palago_tools.core.identity import creature_id, creature_tiles, position_form
from palago_tools.core.position import Position
from palago_tools.core.regions import RegionMap
from palago_tools.core.tiles import ORIENTATIONS, Orientation, Tile

from .conftest import load_vectors, vector_position

NAMED = {e["name"]: e for e in load_vectors()}


def named(name: str) -> Position:
    return vector_position(NAMED[name])


def test_virus_is_five_tiles_one_loop_no_legs() -> None:
    """EN: "The simplest Pala-creature is made of 5 tiles." and "1 point for your figure (outer
    contour)"."""
    (virus,) = analyse(named("virus")).creatures
    assert (virus.tiles, virus.loops, virus.legs, virus.score) == (5, 1, 0, 1)
    assert virus.breakdown() == "1 outer shell = 1"
    assert virus.outer_loop.closed and virus.inner_loops == ()


def test_tripod_has_three_legs() -> None:
    """EN: "1 point for each outer limb (inner limbs do not count)." and "Its main feature: a
    "straight" and three connected "arcs" complete the appendage"."""
    (tripod,) = analyse(named("tripod")).creatures
    assert tripod.breakdown() == "1 outer shell + 3 limbs = 4"
    assert len(tripod.leg_corners) == 3


def test_ring_around_an_eye_counts_the_eye_as_a_loop() -> None:
    """EN: "1 point for each inside (inner contour)"."""
    (ring,) = analyse(named("ring-with-eye")).creatures
    assert ring.breakdown() == "1 outer shell + 1 inner shell = 2"


def test_worm_is_a_body_without_legs() -> None:
    (worm,) = analyse(named("worm")).creatures
    assert (worm.legs, worm.score) == (0, 1)


def test_an_eye_is_named_and_is_not_a_creature() -> None:
    """EN: "A circle is not an independent figure." FR: "œil : trois tuiles déterminant un cercle
    simple"."""
    analysis = analyse(named("eye"))
    assert analysis.creatures == ()
    (eye,) = [v for v in analysis.verdicts if v.status is Status.EYE]
    assert eye.message == (
        "yellow eye at the bottom corner of 1,-1 (tiles 0,0, 1,-1 and 1,0): "
        "three tips and no straight make no creature"
    )


@pytest.mark.parametrize(
    ("name", "colour", "cell"), [("hole-3-0", "yellow", "0,0"), ("hole-3-2", "blue", "-1,0")]
)
def test_a_closed_region_with_an_empty_cell_inside_names_the_cell(
    name: str, colour: str, cell: str
) -> None:
    verdicts = [v for v in analyse(named(name)).verdicts if v.status is Status.EMPTY_INSIDE]
    assert [v.message for v in verdicts] == [
        f"closed {colour} region is not a creature: its outer loop has empty cell {cell} inside"
    ]


def test_an_open_region_says_where_it_is_open() -> None:
    analysis = analyse(Position.parse("0,0R"))
    messages = sorted(v.message for v in analysis.verdicts)
    assert (
        "open yellow region of 1 tile: its edge is unfinished at empty cells 1,-1 and 1,0"
        in messages
    )
    assert all(v.status is Status.OPEN for v in analysis.verdicts)
    assert len(analysis.verdicts) == 4  # two tips and two straights


def test_lines_of_a_single_tile_are_three_open_lines() -> None:
    analysis = analyse(Position.parse("0,0D"))
    assert len(analysis.lines) == 3 and analysis.loops == ()
    assert all(len(line.ends) == 2 for line in analysis.open_lines)


def test_every_side_midpoint_is_on_exactly_one_line() -> None:
    position = named("rich-7-4-full")
    analysis = analyse(position)
    refs = [ref for line in analysis.lines for ref in line.refs]
    assert len(refs) == len(set(refs)) == 3 * len(position)


def test_creature_tiles_include_nested_creatures() -> None:
    """EN: "Every creature has an outer shell separating it from the outer world; some
    Pala-creatures have insides. All these contours count, including the insides of insides."."""
    creatures = analyse(named("rich-7-4-creature")).creatures
    big = max(creatures, key=lambda c: c.tiles)
    assert all(c.cells <= big.cells for c in creatures)
    assert big.breakdown() == "1 outer shell + 5 inner shells + 5 limbs = 11"


# --- Facts of spec section 3 ----------------------------------------------------------------


def _openings() -> set[Any]:
    forms = set()
    for first, second in itertools.product(ORIENTATIONS, repeat=2):
        for d in DIRECTIONS:
            position = Position([Tile((0, 0), first), Tile(d, second)])
            forms.add(position_form(position))
    return forms


def test_there_are_exactly_six_openings_up_to_game_symmetry() -> None:
    """Rulebook: "There are six possible opening moves"."""
    assert len(_openings()) == 6


def _fixed_polyhexes(n: int) -> set[frozenset[tuple[int, int]]]:
    shapes = {frozenset({(0, 0)})}
    for _ in range(n - 1):
        grown = set()
        for shape in shapes:
            for cell in shape:
                for nb in neighbours(cell):
                    if nb not in shape:
                        new = shape | {nb}
                        q0, r0 = min(new)
                        grown.add(frozenset((q - q0, r - r0) for q, r in new))
        shapes = grown
    return shapes


def _creatures_of_size(n: int) -> tuple[int, set[str]]:
    """Count creatures found in every connected position of n tiles, and their ids."""
    found = 0
    ids: set[str] = set()
    for shape in _fixed_polyhexes(n):
        cells = sorted(shape)
        for orientations in itertools.product((0, 2, 4), repeat=n):
            tips = dict(zip(cells, orientations, strict=True))
            regions = RegionMap(tips)
            if not any(regions.is_closed(r) and regions.straights(r) for r in regions.roots()):
                continue
            position = Position({c: Orientation.from_tip(t) for c, t in tips.items()})
            for creature in analyse(position).creatures:
                found += 1
                ids.add(creature_id(creature_tiles(position, creature.cells), creature.colour))
    return found, ids


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_no_creature_has_fewer_than_five_tiles(n: int) -> None:
    assert _fixed_polyhexes(n) and len(_fixed_polyhexes(n)) == {1: 1, 2: 3, 3: 11, 4: 44}[n]
    assert _creatures_of_size(n) == (0, set())


def test_there_is_exactly_one_five_tile_creature() -> None:
    found, ids = _creatures_of_size(5)
    assert found > 0
    virus = named("virus")
    (creature,) = analyse(virus).creatures
    assert ids == {creature_id(creature_tiles(virus, creature.cells), creature.colour)}
