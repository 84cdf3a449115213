"""The built-in creature catalog (``cards/``): valid creatures, declared sizes and scores, four
languages, distinct identities, and the rulebook's table of extra green tasks."""

from __future__ import annotations

from pathlib import Path

import pytest

from palago_tools.core.tiles import Colour
from palago_tools.notation import parse_text, write
from palago_tools.notation.records import CreatureCard
from palago_tools.palalab import check_submission, transform_distance
from palago_tools.printing.solutions import RULEBOOK_TABLE
from palago_tools.replays.catalog import builtin_catalog, cards_dir, catalog_records

CARDS = Path(__file__).resolve().parents[1] / "cards"

# Card number → (English name, tiles, score breakdown).
EXPECTED = {
    1: ("Pala-virus", 5, "1 outer shell = 1"),
    2: ("Pala-worm", 6, "1 outer shell + 1 inner shell = 2"),
    3: ("Pala-snail", 7, "1 outer shell = 1"),
    4: ("Pala-newt", 8, "1 outer shell = 1"),
    5: ("Pala-whale", 9, "1 outer shell = 1"),
    6: ("Pala-rat", 10, "1 outer shell + 1 inner shell + 2 limbs = 4"),
    7: ("Pala-star", 11, "1 outer shell + 3 limbs = 4"),
    8: ("Pala-cobra", 12, "1 outer shell + 1 inner shell + 1 limb = 3"),
    9: ("Pala-goat", 13, "1 outer shell + 3 limbs = 4"),
    10: ("Pala-cyclist", 13, "1 outer shell = 1"),
    11: ("Pala-sloth", 13, "1 outer shell + 1 inner shell + 2 limbs = 4"),
    12: ("Pala-camel", 18, "1 outer shell + 4 inner shells + 2 limbs = 7"),
    13: ("Pala-gorilla", 48, "1 outer shell + 3 inner shells + 6 limbs = 10"),
    14: ("Pala-dragon", 48, "1 outer shell + 4 inner shells + 7 limbs = 12"),
}

# The rulebook's 12 extra green tasks, (from, to, ↔, Δ), RULEBOOK_TABLE, with their source in
# the rulebooks, live in palago_tools/printing/solutions.py, which prints them.

# Our shortest moves (↔) for the table's pairs, in the table's order. Every one but the first
# reproduces the rulebook: worm → newt cannot, since the only 6-tile creature (the worm, forced
# by the rulebook's "card 2 = card 1 + 1 tile") lies within 1 move of both 8-tile creatures.
OUR_MOVES = [1, 2, 2, 1, 3, 4, 7, 4, 2, 6, 7, 4]
REPRODUCED = {
    ("Pala-snail", "Pala-rat"),
    ("Pala-rat", "Pala-goat"),
    ("Pala-newt", "Pala-star"),
    ("Pala-whale", "Pala-cobra"),
    ("Pala-rat", "Pala-cyclist"),
    ("Pala-star", "Pala-cyclist"),
    ("Pala-star", "Pala-sloth"),
    ("Pala-rat", "Pala-sloth"),
    ("Pala-cobra", "Pala-sloth"),
    ("Pala-cobra", "Pala-goat"),
    ("Pala-goat", "Pala-cyclist"),
}

LANGUAGES = ("EN", "RU", "FR", "HU")


@pytest.fixture(scope="module")
def records() -> list[CreatureCard]:
    return catalog_records()


@pytest.fixture(scope="module")
def by_name(records: list[CreatureCard]) -> dict[str, CreatureCard]:
    return {r.name("EN") or "": r for r in records}


def test_the_catalog_has_every_card_in_order(records: list[CreatureCard]) -> None:
    assert [r.card for r in records] == list(EXPECTED)
    assert [r.name("EN") for r in records] == [name for name, _n, _b in EXPECTED.values()]
    assert [e.number for e in builtin_catalog()] == list(EXPECTED)


def test_the_source_tree_is_read_first() -> None:
    assert Path(str(cards_dir())) == CARDS


@pytest.mark.parametrize("number", list(EXPECTED))
def test_each_card_is_one_valid_creature_of_its_size_and_score(
    records: list[CreatureCard], number: int
) -> None:
    record = next(r for r in records if r.card == number)
    _name, size, breakdown = EXPECTED[number]
    report = check_submission(record.tiles)
    assert report.valid, report.problems
    assert report.creature is not None
    assert report.creature.tiles == size == len(record.tiles)
    assert report.creature.breakdown == breakdown
    assert record.colour is report.creature.colour
    assert record.difficulty == number


def test_the_rulebooks_named_sizes_and_scores(by_name: dict[str, CreatureCard]) -> None:
    assert len(by_name["Pala-virus"].tiles) == 5
    camel = check_submission(by_name["Pala-camel"].tiles).creature
    assert camel is not None
    assert camel.breakdown == "1 outer shell + 4 inner shells + 2 limbs = 7"
    assert len(by_name["Pala-gorilla"].tiles) == 48
    assert len(by_name["Pala-dragon"].tiles) == 48


def test_the_camel_has_two_eyes_and_a_bone_with_an_egg(by_name: dict[str, CreatureCard]) -> None:
    report = check_submission(by_name["Pala-camel"].tiles)
    camel = report.creature
    assert camel is not None
    inner = [c for c in report.creatures if c is not camel]
    # The bone: a blue creature inside the yellow camel, with the egg (a yellow eye) in it.
    assert [(c.colour, c.loops) for c in inner] == [(Colour.BLUE, 2)]
    assert camel.loops == 5  # outer + two eyes + the bone + the egg


def test_every_card_has_names_in_four_languages(records: list[CreatureCard]) -> None:
    for record in records:
        for language in LANGUAGES:
            name = record.name(language)
            assert name, f"card {record.card} has no {language} name"
    assert len({r.name("RU") for r in records}) == len(records)


def test_no_two_cards_share_an_identity() -> None:
    ids = [entry.id for entry in builtin_catalog()]
    assert len(set(ids)) == len(ids)


def test_tile_counts_satisfy_every_delta_of_the_rulebook(by_name: dict[str, CreatureCard]) -> None:
    for source, target, _moves, delta in RULEBOOK_TABLE:
        a, b = by_name[source].tiles, by_name[target].tiles
        assert len(b) - len(a) == delta, (source, target)
        assert transform_distance(a, b).added == delta


def test_the_moves_we_reproduce(by_name: dict[str, CreatureCard]) -> None:
    ours = [
        transform_distance(by_name[source].tiles, by_name[target].tiles).moves
        for source, target, _moves, _delta in RULEBOOK_TABLE
    ]
    assert ours == OUR_MOVES
    same = {
        (s, t) for (s, t, moves, _d), our in zip(RULEBOOK_TABLE, ours, strict=True) if moves == our
    }
    assert same == REPRODUCED
    assert len(same) == 11


def test_card_two_is_card_one_with_two_moves_and_one_tile(by_name: dict[str, CreatureCard]) -> None:
    # Rulebook (seed 000): "To create Pala-creature no. 2 from the previous one, you must
    # displace 2 tiles ... and add 1 tile".
    distance = transform_distance(by_name["Pala-virus"].tiles, by_name["Pala-worm"].tiles)
    assert (distance.moves, distance.added) == (2, 1)


def test_card_files_are_canonical_and_named_by_card() -> None:
    files = sorted(CARDS.glob("*.palago"))
    assert len(files) == len(EXPECTED)
    for path in files:
        text = path.read_text(encoding="utf-8")
        result = parse_text(text, path.name)
        assert not result.errors
        assert write(result.records) == text, path.name
        (record,) = result.records
        assert isinstance(record, CreatureCard)
        slug = (record.name("EN") or "").lower()
        assert path.name == f"{record.card:02d}-{slug}.palago"
        assert record.comments and record.comments[0].text.startswith(f"{len(record.tiles)} tiles")
