"""The Palagonia placement check looks only at the new tiles (joins, hole_change) and decides
as the whole-palago check did (is_connected and first_hole of the palago after the placement):
on random shapes, and on every position of random games, with their removals and rotations."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from palago_tools.core.hexgrid import Cell, neighbours
from palago_tools.core.position import enclosed_areas, hole_change, is_connected, joins
from palago_tools.core.tiles import ORIENTATIONS, Tile
from palago_tools.errors import IllegalMoveError
from palago_tools.rules import (
    Die,
    Palagonia,
    PalagoniaOptions,
    PlaceAction,
    random_palagonia_game,
    starter_from_rolls,
)
from palago_tools.rules.palagonia import first_hole

from .conftest import examples


def _grown(rng: random.Random, size: int, start: Cell = (0, 0)) -> set[Cell]:
    """A random connected shape of about ``size`` cells (holes and all)."""
    shape = {start}
    while len(shape) < size:
        shape.add(rng.choice(neighbours(rng.choice(sorted(shape)))))
    return shape


def _candidate(rng: random.Random, occupied: set[Cell]) -> set[Cell]:
    """One to five empty cells: mostly joined to each other and to ``occupied``, sometimes not."""
    near = sorted({n for c in occupied for n in neighbours(c)} - occupied) or [(0, 0)]
    cells = {rng.choice(near)}
    for _ in range(rng.randrange(0, 5)):
        if rng.random() < 0.15:
            far = (rng.randrange(-12, 13), rng.randrange(-12, 13))
            options = [far] if far not in occupied else []
        elif rng.random() < 0.4:
            options = [n for n in near if n not in cells]
        else:
            options = [n for c in cells for n in neighbours(c) if n not in occupied | cells]
        if options:
            cells.add(rng.choice(options))
    return cells


@settings(max_examples=examples(300), deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 80))
def test_hole_change_is_the_change_in_enclosed_areas(seed: int, size: int) -> None:
    """For any connected shape (holes allowed, or none at all) and new cells that leave it
    connected, hole_change is the number of enclosed areas after less before."""
    rng = random.Random(seed)
    occupied = _grown(rng, size) if size else set()
    for _ in range(10):
        cells = _candidate(rng, occupied)
        after = occupied | cells
        assert joins(occupied, cells) is is_connected(after)
        if is_connected(after):
            change = len(enclosed_areas(after)) - len(enclosed_areas(occupied))
            assert hole_change(occupied, cells) == change


def test_hole_change_counts_holes_made_and_filled() -> None:
    ring = set(neighbours((0, 0)))
    assert hole_change(ring - {(1, 0)}, {(1, 0)}) == 1  # closes the ring round 0,0
    assert hole_change(ring, {(0, 0)}) == -1  # fills it
    assert hole_change(set(), ring) == 1  # six tiles laid at once round an empty cell
    assert hole_change(set(), {(0, 0), (1, 0)}) == 0


def _old_refusal(tiles: dict[Cell, int], cells: set[Cell]) -> str | None:
    """The rule the whole-palago check refused ``cells`` by, with its hole."""
    after = set(tiles) | cells
    if not is_connected(after):
        return "palago-connected"
    hole = first_hole(after)
    return None if hole is None else f"no-holes at {hole}"


def _refusal(game: Palagonia, tiles: tuple[Tile, ...]) -> str | None:
    """The rule ``game`` refuses a placement of ``tiles`` by (with its hole), if one of those."""
    die = Die(str(len(tiles)))
    try:
        game.play((die, die), die, PlaceAction(tiles))
    except IllegalMoveError as error:
        if error.rule == "no-holes":
            return f"no-holes at {_hole_in(str(error))}"
        if error.rule == "palago-connected":
            return error.rule
        return None
    return None


def _hole_in(message: str) -> tuple[int, int]:
    q, r = message.rsplit(" ", 1)[1].split(",")
    return (int(q), int(r))


@pytest.mark.parametrize("seed", range(8))
def test_every_position_of_random_games_is_checked_as_the_whole_palago_was(seed: int) -> None:
    """At every turn of random games (placements, removals, rotations), random placements of
    two to five tiles are refused or accepted as the whole-palago check decided, with its hole."""
    rng = random.Random(seed)
    script = random_palagonia_game(rng, players=3, options=PalagoniaOptions(tiles=70))
    game = Palagonia(script.players, script.options)
    game.start(*starter_from_rolls(script.start_rolls, script.players), script.start_tiles)
    compared = accepted = 0
    for move in script.turns:
        if game.over:
            break
        for _ in range(12):
            cells = _candidate(rng, set(game.tiles))
            if len(cells) < 2 or game.bag < len(cells):
                continue
            tiles = tuple(Tile(c, rng.choice(ORIENTATIONS)) for c in sorted(cells))
            expected = _old_refusal(game.tiles, cells)
            trial = copy.deepcopy(game) if expected is None else game
            assert _refusal(trial, tiles) == expected, (sorted(game.tiles), sorted(cells))
            compared += 1
            accepted += expected is None
        game.play(move.roll, move.die, move.action)
    assert compared > 100 and accepted > 5
