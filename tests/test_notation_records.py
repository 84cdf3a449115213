"""What a replayer and a diagram maker get from the records: typed fields and source spans."""

from __future__ import annotations

from pathlib import Path

from palago_tools.core.tiles import Colour, Orientation, Tile
from palago_tools.notation import (
    ArrowCommand,
    CreatureCard,
    Die,
    GhostCommand,
    HighlightCommand,
    LabelCommand,
    MarkCommand,
    MarkShape,
    OutlineCommand,
    PalagoGame,
    PalagoniaGame,
    PalagoResult,
    Place,
    PositionRecord,
    Remove,
    Rotate,
    Span,
    Transformation,
    parse_file,
    parse_record,
)
from palago_tools.notation.records import AddTile, MoveTile, RotateTile

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples"


def test_a_palago_game_is_turns_of_placements_with_spans() -> None:
    game = parse_record('[Kind "Palago"]\n[First "Blue"]\n\n1. 0,0R 1,-1D! {good}\n2. 0,1L 1-0\n')
    assert isinstance(game, PalagoGame)
    assert game.result is PalagoResult.YELLOW_WINS
    assert [t.number for t in game.turns] == [1, 2]
    assert game.turns[0].tiles == (Tile((0, 0), Orientation.R), Tile((1, -1), Orientation.D))
    assert game.mover(1) is Colour.BLUE and game.mover(2) is Colour.YELLOW
    second = game.turns[0].placements[1]
    assert second.span == Span(4, 9, 4, 15)
    assert second.comments[0].text == "good"
    assert second.comments[0].span == Span(4, 16, 4, 22)
    assert game.turns[1].span.line == 5


def test_variations_hold_turns_from_the_same_number() -> None:
    game = parse_record('[Kind "Palago"]\n1. 0,0R 1,0L 2. 0,1D 1,1L (2. 2,0R 2,-1D {better}) *')
    assert isinstance(game, PalagoGame)
    (variation,) = game.turns[1].variations
    assert variation.turns[0].number == 2
    assert variation.turns[0].placements[1].comments[0].text == "better"


def test_annotations_are_plain_typed_values() -> None:
    record = parse_record(
        '[Kind "Position"]\n0,0R {[%highlight 1,1 2,0] [%mark triangle -1,2] [%label A 3,-1]'
        " [%arrow blue 0,0 1,1] [%outline 0,0] [%ghost 2,0D]}"
    )
    assert isinstance(record, PositionRecord)
    assert record.annotations() == (
        HighlightCommand(((1, 1), (2, 0)), "green"),
        MarkCommand(MarkShape.TRIANGLE, ((-1, 2),)),
        LabelCommand("A", (3, -1)),
        ArrowCommand((0, 0), (1, 1), "blue"),
        OutlineCommand(((0, 0),), "red"),
        GhostCommand((Tile((2, 0), Orientation.D),)),
    )
    assert record.annotations()[3].span == Span(2, 66, 2, 87)


def test_palagonia_turns_expose_rolls_the_chosen_die_and_the_action() -> None:
    (game,) = parse_file(EXAMPLES / "palagonia-game.palago").records
    assert isinstance(game, PalagoniaGame)
    assert game.players == ("Anna", "Boris", "Chen")
    start, first = game.turns[0], game.turns[1]
    assert start.is_start and start.roll.faces == (Die.THREE, Die.FIVE, Die.REMOVE)
    assert isinstance(start.action, Place) and len(start.action.tiles) == 5
    assert first.chosen is Die.TWO and not first.forced
    extra = game.turns[3]
    assert (extra.label, extra.extra, game.turns[2].roll.is_double) == ("2+", 1, True)
    assert isinstance(extra.action, Remove) and extra.action.cell == (3, -1)
    rotate = game.turns[5]
    assert isinstance(rotate.action, Rotate) and rotate.action.tile == Tile((0, 0), Orientation.D)
    assert game.turns[6].roll.faces == (Die.TWO, Die.ROTATE)


def test_creature_cards_and_transformations() -> None:
    card, worm = parse_file(EXAMPLES / "creatures.palago").records
    assert isinstance(card, CreatureCard) and isinstance(worm, CreatureCard)
    assert (card.card, card.difficulty, card.colour) == (1, 1, Colour.YELLOW)
    assert card.name("ru") == "Пала-вирус" and card.name("HU") == "Palavírus"
    assert len(card.position()) == 5
    first, second = parse_file(EXAMPLES / "transformation.palago").records
    assert isinstance(first, Transformation) and isinstance(second, Transformation)
    assert (first.source_name, first.target_name) == ("Pala-virus", "Pala-worm")
    assert [type(s.action) for s in first.steps] == [RotateTile, AddTile, AddTile, AddTile]
    move = second.steps[0].action
    assert isinstance(move, MoveTile) and move.origin == (-1, 1) and move.tile.token == "-2,0R"
    assert {p.tile.cell for p in worm.placements} == {p.tile.cell for p in first.target}
