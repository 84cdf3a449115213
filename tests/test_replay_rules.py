"""Every rule, through a small record: the record that breaks exactly that rule gets the exact
error at the exact line and column; the record next to it uses the rule legally.

The rules themselves, with the rulebook sentences they rest on, are tested one by one in
``test_rules_palago.py`` and ``test_rules_palagonia.py``; here the same rules are met the way a
player meets them, in a written game.
"""

from __future__ import annotations

import pytest

from palago_tools.notation import parse, parse_text
from palago_tools.replays.game import RecordReport, replay

PALAGO = """[Kind "Palago"]{tags}
[Result "{result}"]

{moves} {result}
"""
PALAGONIA = """[Kind "Palagonia"]
[Player1 "Anna"]
[Player2 "Boris"]
[Player3 "Chen"]{tags}
[Result "*"]

0. [3 5 x] 5: {start}
{turns}
*
"""
VIRUS = "1. 0,0R 0,1L 2. -1,0R -1,1R 3. 0,-1D"
HOLE = "1. 1,0L 1,-1R 2. 0,-1L -1,0L 3. -1,1D 0,1R"
TRIPOD_A = "-1,0R 0,-1D 0,0D 0,1R 1,-1L"
FLOWER = "0,0R 1,0L 1,-1D 0,-1R -1,0L"
LINE = "0,0R 1,0L 2,0D 3,0R 4,0L"


def palago(moves: str, result: str = "*", tags: str = "") -> RecordReport:
    (record,) = parse(PALAGO.format(moves=moves, result=result, tags=tags))
    return replay(record)


def palagonia(start: str, turns: str, tags: str = "") -> RecordReport:
    (record,) = parse(PALAGONIA.format(start=start, turns=turns, tags=tags))
    return replay(record)


# (rule, moves that break it, the fragment the error points at, message, legal moves)
PALAGO_CASES = [
    (
        "touch-each-other",
        "1. 0,0R 2,0L",
        "2,0L",
        "tile 2,0L does not touch the other tile placed this turn (0,0R)",
        "1. 0,0R 1,0L",
    ),
    (
        "touch-palago",
        "1. 0,0R 1,0L 2. 4,0R 5,0L",
        "2.",
        "tiles 4,0R 5,0L do not touch the palago; at least one tile of a turn must touch it",
        "1. 0,0R 1,0L 2. 3,0R 2,0L",
    ),
    (
        "two-tiles",
        "1. 0,0R 0,1L 2. -1,0R -1,1R 3. 0,-1R",
        "3.",
        "turn 3 lays one tile (0,-1R); a turn lays two tiles, one alone only when it completes a "
        "creature",
        VIRUS,
    ),
    (
        "occupied",
        "1. 0,0R 1,0L 2. 1,0D 2,0R",
        "1,0D",
        "1,0D: cell 1,0 already holds a tile",
        "1. 0,0R 1,0L 2. 1,1D 2,0R",
    ),
    (
        "game-ended",
        VIRUS + " 1,-2R",
        "1,-2R",
        "0,-1D completed a creature and ended the game; 1,-2R may not follow it",
        VIRUS,
    ),
    (
        "game-over",
        VIRUS + " 4. 5,5R 5,6L",
        "4.",
        "the game is over (yellow won: 0,-1D completed a yellow creature)",
        VIRUS,
    ),
    (
        "single-hole",
        HOLE + " 4. 0,0R",
        "0,0R",
        "0,0R fills a single hole; a single hole may only take a tile that completes a creature",
        HOLE + " 4. 0,0L",
    ),
]


def at(moves: str, fragment: str) -> int:
    """Column of the last occurrence of ``fragment`` in the moves line."""
    return moves.rindex(fragment) + 1


@pytest.mark.parametrize(
    ("rule", "bad", "fragment", "message", "good"), PALAGO_CASES, ids=[c[0] for c in PALAGO_CASES]
)
def test_palago_rule_in_a_record(
    rule: str, bad: str, fragment: str, message: str, good: str
) -> None:
    report = palago(bad)
    assert report.error is not None
    assert (report.error.rule, report.error.message) == (rule, message)
    assert (report.error.line, report.error.column) == (4, at(bad, fragment))
    legal = palago(good)
    assert legal.valid, legal.error


def test_the_supply_in_a_record() -> None:
    """EN: "Palago can be played with any number of tiles.": the Tiles tag sets the supply."""
    bad = palago("1. 0,0R 1,0L 2. 2,0R 2,1L", tags='\n[Tiles "3"]')
    assert bad.error is not None and bad.error.rule == "supply"
    assert bad.error.message == "turn 2 lays 2 tiles but only 1 is left in the supply"
    drawn = palago("1. 0,0R 1,0L 2. 2,0R 2,1L", result="1/2-1/2", tags='\n[Tiles "4"]')
    assert drawn.valid and drawn.draw


def test_the_first_tag_says_who_moves_first() -> None:
    """EN: "Which "color" moves first can be determined by the back color of a randomly drawn
    tile.": the First tag records it, and the owner of the creature's colour wins."""
    report = palago(VIRUS, result="1-0", tags='\n[First "Blue"]')
    assert report.valid and report.winner == "Yellow"
    assert [t.player for t in report.turns] == ["Blue", "Yellow", "Blue"]


def test_the_one_one_two_variant_in_a_record() -> None:
    """Model §5.1: "Variant 1-1-2, as played by mail servers: one tile, then one tile, then two
    per turn". The notation already refuses a record whose turns do not have that shape."""
    result = parse_text(PALAGO.format(moves="1. 0,0R 1,0L", result="*", tags='\n[Variant "1-1-2"]'))
    (error,) = result.errors
    assert (error.line, error.column) == (5, 9)
    assert (error.message, error.turn_label, error.turn_index) == (
        "in a 1-1-2 game this turn places one tile",
        "1",
        0,
    )
    assert palago("1. 0,0R 2. 1,0L 3. 2,0D 2,1R", tags='\n[Variant "1-1-2"]').valid


# (rule, start tiles, turns that break it, message, legal turns)
PALAGONIA_CASES = [
    (
        "impossible-die",
        TRIPOD_A,
        "1. [@ 2] @ 0,0L",
        "the rotate die cannot act: there is no inner tile",
        "1. [@ 2] 2: -2,0R -2,1L",
    ),
    (
        "forced-choice",
        TRIPOD_A,
        "1. [@ 2] x -1,0",
        "with rotate and 2 rolled the 2 die can be used; a free removal is only for when neither "
        "die can act",
        "1. [@ @] x -1,0",
    ),
    (
        "removal",
        LINE,
        "1. [x 2] x 2,0",
        "removing the tile on 2,0 would split the palago",
        "1. [x 2] x 4,0",
    ),
    (
        "rotation",
        FLOWER,
        "1. [2 x] 2: -1,1D 0,1R\n2. [@ 2] @ 1,0D",
        "the tile on 1,0 is an outer tile; only an inner tile may turn",
        "1. [2 x] 2: -1,1D 0,1R\n2. [@ 2] @ 0,0D",
    ),
    (
        "touch-each-other",
        TRIPOD_A,
        "1. [2 3] 2: -2,0R 2,-1R",
        "tiles -2,0R 2,-1R do not all touch each other; only tiles that together close a creature "
        "may lie apart",
        "1. [2 3] 2: 1,0R 2,-1L\n2. [2 x] 2: 1,1L 2,-2D",
    ),
    (
        "palago-connected",
        TRIPOD_A,
        "1. [2 3] 2: 5,5R 5,6L",
        "tiles 5,5R 5,6L leave the palago in pieces; placed tiles must join the palago",
        "1. [2 3] 2: -2,0R -2,1L",
    ),
    (
        "no-holes",
        "0,0R 1,0L 2,0D 2,1R 1,2L",
        "1. [3 2] 3: 0,2D -1,2R -1,1L",
        "placing 0,2D -1,2R -1,1L leaves a hole at 0,1",
        "1. [3 2] 3: 0,2D -1,2R -2,2L",
    ),
]


@pytest.mark.parametrize(
    ("rule", "start", "bad", "message", "good"),
    PALAGONIA_CASES,
    ids=[c[0] for c in PALAGONIA_CASES],
)
def test_palagonia_rule_in_a_record(
    rule: str, start: str, bad: str, message: str, good: str
) -> None:
    report = palagonia(start, bad)
    assert report.error is not None
    assert (report.error.rule, report.error.message) == (rule, message)
    last_line = bad.splitlines()[-1]
    assert (report.error.line, report.error.column) == (
        7 + len(bad.splitlines()),
        last_line.index("]") + 3,
    )
    legal = palagonia(start, good)
    assert legal.valid, legal.error


def test_palagonia_scores_are_shared_with_the_player_before() -> None:
    """EN: "Points for a Pala-creature are recorded both for the current player and for the
    player before them."."""
    report = palagonia(TRIPOD_A, "1. [4 2] 4: 1,0R 1,1L 2,-2D 2,-1L")
    assert report.valid and report.scores == {"Anna": 0, "Boris": 4, "Chen": 4}
    assert report.turns[-1].points == (("Chen", 4), ("Boris", 4))


def test_palagonia_ends_when_the_bag_is_empty() -> None:
    """EN: "When no tiles remain in the bag, the game ends"."""
    report = palagonia(
        TRIPOD_A,
        "1. [4 2] 4: 1,0R 1,1L 2,-2D 2,-1L\n2. [2 3] 2: 3,-2R 3,-1L",
        tags='\n[Tiles "11"]',
    )
    assert report.valid and report.game_over and report.winner == "Boris and Chen"
    over = palagonia(
        TRIPOD_A,
        "1. [4 2] 4: 1,0R 1,1L 2,-2D 2,-1L\n2. [2 3] 2: 3,-2R 3,-1L\n3. [2 3] 2: 4,-2R 4,-3L",
        tags='\n[Tiles "11"]',
    )
    assert over.error is not None and over.error.rule == "game-over"
