"""Submission checks: every vector, each problem kind with its exact message, catalog matches."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from palago_tools.core.hexgrid import CLASS_SWAPPING, MOTIONS, Motion
from palago_tools.core.position import Position
from palago_tools.core.tiles import Colour, Tile
from palago_tools.palalab import (
    CardError,
    CatalogEntry,
    ProblemKind,
    check_red_task,
    check_submission,
)

from .conftest import examples, load_vectors, vector_position

ENTRIES = load_vectors()
BY_NAME = {e["name"]: e for e in ENTRIES}


def creature_of(name: str) -> Position:
    """The tiles of the vector's largest creature."""
    entry = BY_NAME[name]
    position = vector_position(entry)
    biggest = max(entry["creatures"], key=lambda c: c["tiles"])
    return Position({(q, r): position[(q, r)] for q, r in biggest["cells"]})


CATALOG = [
    CatalogEntry(1, "Pala-virus", tuple(creature_of("virus").tiles())),
    CatalogEntry(2, "ring with an eye", tuple(creature_of("ring-with-eye").tiles())),
    CatalogEntry(3, "tripod", tuple(creature_of("tripod").tiles())),
    CatalogEntry(4, "Pala-worm", tuple(creature_of("worm").tiles())),
    CatalogEntry(5, "rich seven", tuple(creature_of("rich-7-7-creature").tiles())),
    CatalogEntry(6, "rich three", tuple(creature_of("rich-7-3-creature").tiles())),
]


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["name"] for e in ENTRIES])
def test_every_vector(entry: dict[str, Any]) -> None:
    position = vector_position(entry)
    report = check_submission(position, CATALOG)
    expected = [
        (c["colour"], [tuple(x) for x in c["cells"]], c["tiles"], c["loops"], c["legs"], c["score"])
        for c in entry["creatures"]
    ]
    found = [
        (c.colour.value, list(c.cells), c.tiles, c.loops, c.legs, c.score) for c in report.creatures
    ]
    assert found == expected
    everything = {tuple(t[:2]) for t in entry["tiles"]}
    covering = [c for c in entry["creatures"] if {tuple(x) for x in c["cells"]} == everything]
    assert report.valid is bool(covering)
    if report.valid:
        assert report.problems == ()
        assert report.creature is not None and set(report.creature.cells) == everything
    else:
        assert report.problems
        assert report.creature is None
    data = report.as_dict()
    assert set(data) == {"valid", "creatures", "problems"}
    for c in data["creatures"]:
        assert {"colour", "tiles", "loops", "legs", "score", "id", "card"} <= set(c)


def test_named_cards_match_themselves() -> None:
    for entry in CATALOG:
        report = check_submission(Position(entry.tiles), CATALOG)
        assert report.valid and report.creature is not None
        assert report.creature.card == entry
        assert report.creature.id == entry.id


def test_blue_virus_is_the_virus_card() -> None:
    report = check_submission(vector_position(BY_NAME["virus-blue"]), CATALOG)
    assert report.creature is not None
    assert report.creature.colour is Colour.BLUE
    assert report.creature.card is not None and report.creature.card.number == 1
    assert report.creature.breakdown == "1 outer shell = 1"


@settings(max_examples=examples(60), deadline=None)
@given(
    card=st.sampled_from(CATALOG),
    motion=st.sampled_from(MOTIONS),
    dq=st.integers(-30, 30),
    dr=st.integers(-30, 30),
)
def test_catalog_match_after_motion(card: CatalogEntry, motion: Motion, dq: int, dr: int) -> None:
    moved = Position(card.tiles).moved(motion).translated(dq, dr)
    report = check_submission(moved, CATALOG)
    assert report.valid and report.creature is not None
    assert report.creature.card == card
    colour_swapped = motion in CLASS_SWAPPING
    assert (report.creature.colour is not card.colour) is colour_swapped
    assert check_red_task(moved, card).solved


def test_exact_problem_messages() -> None:
    assert [(p.kind, p.message) for p in check_submission(Position()).problems] == [
        (ProblemKind.NO_TILES, "the submission has no tiles")
    ]

    eye = check_submission(vector_position(BY_NAME["eye"]))
    assert [(p.kind, p.message) for p in eye.problems] == [
        (
            ProblemKind.ONLY_EYE,
            (
                "only an eye: yellow eye at the bottom corner of 1,-1 (tiles 0,0, 1,-1 and 1,0): "
                "three tips and no straight make no creature"
            ),
        )
    ]

    virus = creature_of("virus")
    far = check_submission(virus.place(Tile.parse("5,5R")))
    assert [(p.kind, p.message) for p in far.problems] == [
        (ProblemKind.DISCONNECTED, "tile 5,5 is not connected to the rest"),
        (ProblemKind.NOT_IN_CREATURE, "tile 5,5 belongs to no creature"),
    ]
    assert far.problems[0].cells == ((5, 5),)

    extra = check_submission(virus.place(Tile.parse("1,0D"), Tile.parse("1,1D")))
    assert [(p.kind, p.message) for p in extra.problems] == [
        (ProblemKind.NOT_IN_CREATURE, "tiles 1,0 and 1,1 belong to no creature")
    ]

    twins = check_submission(Position(list(virus.tiles()) + list(virus.translated(2, 0).tiles())))
    assert [(p.kind, p.message) for p in twins.problems] == [
        (
            ProblemKind.SEVERAL_CREATURES,
            (
                "the tiles make 2 creatures, not one: "
                "yellow creature of 5 tiles on -1,0, -1,1, 0,-1, 0,0 and 0,1; "
                "yellow creature of 5 tiles on 1,0, 1,1, 2,-1, 2,0 and 2,1"
            ),
        )
    ]

    tripod = creature_of("tripod")
    open_tripod = check_submission(tripod.remove((2, -1)))
    assert [(p.kind, p.message) for p in open_tripod.problems] == [
        (
            ProblemKind.OPEN,
            (
                "open yellow region of 8 tiles: open corner the bottom corner of 2,-2; "
                "its edge touches empty cell 2,-1"
            ),
        )
    ]
    assert open_tripod.problems[0].cells == ((2, -1),)
    assert open_tripod.problems[0].corners == ((2, -2, 0),)

    hole = check_submission(Position.parse(HOLE))
    assert [(p.kind, p.message) for p in hole.problems] == [
        (
            ProblemKind.EMPTY_INSIDE,
            "closed blue region is not a creature: its outer loop has empty cell -1,0 inside",
        )
    ]
    assert hole.problems[0].cells == ((-1, 0),)


HOLE = (
    "-4,0L -4,1D -4,2L -4,3D -3,-1L -3,0D -3,1R -3,2L -3,3D -2,-1D -2,0L -2,1D -2,2L -2,3D "
    "-1,-2L -1,-1L -1,1D -1,2L 0,-2D 0,-1R 0,0R 0,1L 1,-2D 1,-1L 1,0L 2,-3L 2,-2L 2,-1L "
    "3,-3D 3,-2R 3,-1D 4,-3R 4,-2R"
)


def test_nested_creatures_do_not_spoil_a_valid_submission() -> None:
    report = check_submission(creature_of("rich-7-4-creature"))
    assert report.valid
    assert len(report.creatures) == 3
    assert report.creature is not None and report.creature.tiles == 32
    assert report.creature.breakdown == "1 outer shell + 5 inner shells + 5 limbs = 11"


def test_red_task() -> None:
    tripod_card = CATALOG[2]
    verdict = check_red_task(creature_of("tripod").moved(MOTIONS[1]), tripod_card)
    assert verdict.solved and verdict.creature is not None
    assert verdict.message.startswith("card 3 (tripod) built: blue creature of 9 tiles")
    wrong = check_red_task(creature_of("virus"), tripod_card)
    assert not wrong.solved
    assert wrong.message == (
        f"card 3 (tripod) not built: it needs 9 tiles in its shape ({tripod_card.id}); "
        f"found yellow creature of 5 tiles ({CATALOG[0].id})"
    )
    # A position that contains the card's creature among other tiles still solves it.
    bigger = creature_of("tripod").place(Tile.parse("5,5R"))
    assert check_red_task(bigger, tripod_card).solved
    assert not check_red_task(Position(), tripod_card).solved


def test_card_must_be_a_creature() -> None:
    with pytest.raises(CardError):
        CatalogEntry(9, "not a creature", tuple(Position.parse("0,0R 1,0R").tiles()))
