"""Hypothesis strategies for notation records that agree with themselves (numbering, dice, tags)."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from palago_tools.core.tiles import Colour, Orientation, Tile
from palago_tools.notation import (
    AddTile,
    ArrowCommand,
    Comment,
    CreatureCard,
    Die,
    EvalCommand,
    GhostCommand,
    Glyph,
    HighlightCommand,
    LabelCommand,
    MarkCommand,
    MarkShape,
    MoveTile,
    OutlineCommand,
    PalagoGame,
    PalagoniaGame,
    PalagoniaTurn,
    PalagoResult,
    PalagoTurn,
    PalagoVariant,
    Pass,
    Place,
    Placement,
    PositionRecord,
    Record,
    Remove,
    Roll,
    Rotate,
    RotateTile,
    Step,
    Transformation,
    Variation,
)

Draw = Any  # hypothesis' draw function

coordinates = st.one_of(st.integers(-40, 40), st.integers(-999_999, 999_999))
cells = st.tuples(coordinates, coordinates)
tiles = st.builds(Tile, cells, st.sampled_from(list(Orientation)))
colours = st.sampled_from(["green", "red", "blue", "orange", "#a0b1c2", "#000000"])
glyphs = st.none() | st.sampled_from(list(Glyph))

# Tag values: one line of any text, quotes and backslashes included.
tag_values = st.text(alphabet=st.characters(blacklist_categories=("Cc", "Cs")), max_size=30)
_comment_chars = st.characters(
    blacklist_categories=("Cc", "Cs", "Zl", "Zp"), blacklist_characters="{}[]"
)


def _normal(text: str) -> str:
    return " ".join(text.split())


annotations = st.one_of(
    st.builds(HighlightCommand, st.lists(cells, min_size=1, max_size=4).map(tuple), colours),
    st.builds(
        MarkCommand,
        st.sampled_from(list(MarkShape)),
        st.lists(cells, min_size=1, max_size=4).map(tuple),
    ),
    st.builds(LabelCommand, st.from_regex(r"[A-Za-z][A-Za-z0-9]?", fullmatch=True), cells),
    st.builds(ArrowCommand, cells, cells, colours),
    st.builds(OutlineCommand, st.lists(cells, min_size=1, max_size=6).map(tuple), colours),
    st.builds(GhostCommand, st.lists(tiles, min_size=1, max_size=3).map(tuple)),
    st.builds(EvalCommand, points=st.integers(-9_999_999, 9_999_999).map(lambda n: n / 100)),
    st.builds(EvalCommand, win_in=st.integers(-200, 200).filter(bool)),
)
_brace_comments = st.builds(
    Comment,
    st.text(alphabet=_comment_chars, max_size=40).map(_normal),
    st.lists(annotations, max_size=3).map(tuple),
)
# Text with a closing brace or "[%" can only be a ``;`` comment, without annotations.
_line_comments = st.builds(
    Comment,
    st.tuples(
        st.text(alphabet=_comment_chars, max_size=15),
        st.sampled_from(["}", "[%x", "a}b"]),
        st.text(alphabet=_comment_chars, max_size=15),
    ).map(lambda parts: _normal("".join(parts))),
)
comments = st.lists(_brace_comments | _line_comments, max_size=2).map(tuple)
placements = st.builds(Placement, tiles, glyphs, comments)


@st.composite
def free_tags(draw: Draw) -> tuple[tuple[str, str], ...]:
    names = draw(
        st.lists(
            st.sampled_from(["Event", "Site", "Date", "Round", "Annotator", "Source"])
            | st.from_regex(r"X-[A-Za-z][A-Za-z0-9_-]{0,8}", fullmatch=True),
            unique=True,
            max_size=4,
        )
    )
    return tuple((name, draw(tag_values)) for name in names)


def _unique_cells(items: list[Placement]) -> tuple[Placement, ...]:
    seen: set[tuple[int, int]] = set()
    kept = []
    for item in items:
        if item.tile.cell not in seen:
            seen.add(item.tile.cell)
            kept.append(item)
    return tuple(kept)


# --- Palago ----------------------------------------------------------------------------------


def _palago_count(variant: PalagoVariant, number: int) -> st.SearchStrategy[int]:
    if variant is PalagoVariant.ONE_ONE_TWO and number <= 2:
        return st.just(1)
    if number == 1:
        return st.just(2)
    return st.integers(1, 2)


@st.composite
def palago_line(
    draw: Draw, first: int, variant: PalagoVariant, depth: int
) -> tuple[PalagoTurn, ...]:
    turns = []
    for number in range(first, first + draw(st.integers(0 if depth == 0 else 1, 5))):
        count = draw(_palago_count(variant, number))
        variations: list[Variation[PalagoTurn]] = []
        if depth < 2:
            for _ in range(draw(st.integers(0, 1))):
                variations.append(
                    Variation(
                        draw(palago_line(number, variant, depth + 1)),
                        draw(comments),
                        draw(comments),
                    )
                )
        placed = tuple(draw(placements) for _ in range(count))
        turns.append(PalagoTurn(number, placed, tuple(variations)))
    return tuple(turns)


@st.composite
def palago_games(draw: Draw) -> PalagoGame:
    variant = draw(st.sampled_from(list(PalagoVariant)))
    return PalagoGame(
        turns=draw(palago_line(1, variant, 0)),
        yellow=draw(st.none() | tag_values),
        blue=draw(st.none() | tag_values),
        first=draw(st.sampled_from(list(Colour))),
        tiles=draw(st.integers(1, 9999)),
        variant=variant,
        result=draw(st.sampled_from(list(PalagoResult))),
        tags=draw(free_tags()),
        comments=draw(comments),
    )


# --- Palagonia -------------------------------------------------------------------------------

faces = st.sampled_from(list(Die))


@st.composite
def _action(draw: Draw, face: Die | None) -> Place | Remove | Rotate | Pass:
    if face is None:
        return Pass()
    if face is Die.REMOVE:
        return Remove(draw(cells))
    if face is Die.ROTATE:
        return Rotate(draw(tiles))
    assert face.count is not None
    return Place(tuple(draw(tiles) for _ in range(face.count)))


@st.composite
def palagonia_turn(draw: Draw, number: int, extra: int) -> PalagoniaTurn:
    roll = Roll((draw(faces), draw(faces)))
    chosen = draw(st.sampled_from([*roll.faces, Die.REMOVE, None]))
    return PalagoniaTurn(
        number, (roll,), draw(_action(chosen)), extra, draw(glyphs), draw(comments)
    )


@st.composite
def start_turn(draw: Draw, players: int) -> PalagoniaTurn:
    rolls = []
    contenders = players
    for _ in range(draw(st.integers(0, 2))):
        if contenders > 1 and draw(st.booleans()):
            # A tie on the highest number: only the tied players roll again.
            tied = draw(st.integers(2, contenders))
            top = draw(st.integers(2, 5))
            lower = [f for f in Die if f.count is None or f.count < top]
            faces = [Die.placing(top)] * tied + [
                draw(st.sampled_from(lower)) for _ in range(contenders - tied)
            ]
            rolls.append(Roll(tuple(draw(st.permutations(faces)))))
            contenders = tied
        else:
            # No number: everyone rolls again.
            faces = [draw(st.sampled_from([Die.REMOVE, Die.ROTATE])) for _ in range(contenders)]
            rolls.append(Roll(tuple(faces)))
            contenders = players
    best = draw(st.integers(2, 5))
    lower = [f for f in Die if f.count is None or f.count < best]
    last = [draw(st.sampled_from(lower)) for _ in range(contenders)]
    last[draw(st.integers(0, contenders - 1))] = Die.placing(best)
    rolls.append(Roll(tuple(last)))
    return PalagoniaTurn(
        0, tuple(rolls), draw(_action(Die.placing(best))), 0, draw(glyphs), draw(comments)
    )


@st.composite
def palagonia_line(
    draw: Draw, first: PalagoniaTurn, length: int, depth: int
) -> tuple[PalagoniaTurn, ...]:
    turns = [first]
    for _ in range(length):
        previous = turns[-1]
        if previous.roll.is_double and not previous.is_start:
            label = (previous.number, previous.extra + 1)
        else:
            label = (previous.number + 1, 0)
        turn = draw(palagonia_turn(*label))
        if depth < 2 and draw(st.integers(0, 3)) == 0:
            alternative = draw(palagonia_turn(*label))
            line = draw(palagonia_line(alternative, draw(st.integers(0, 2)), depth + 1))
            variation = Variation(line, draw(comments), draw(comments))
            turn = PalagoniaTurn(
                turn.number,
                turn.rolls,
                turn.action,
                turn.extra,
                turn.glyph,
                turn.comments,
                (variation,),
            )
        turns.append(turn)
    return tuple(turns)


@st.composite
def palagonia_games(draw: Draw) -> PalagoniaGame:
    players = tuple(draw(st.lists(tag_values, min_size=1, max_size=10)))
    start = draw(start_turn(len(players)))
    return PalagoniaGame(
        players=players,
        turns=draw(palagonia_line(start, draw(st.integers(0, 8)), 0)),
        tiles=draw(st.integers(1, 9999)),
        scores=draw(st.none() | st.tuples(*[st.integers(0, 999) for _ in players])),
        tags=draw(free_tags()),
        comments=draw(comments),
    )


# --- Positions, cards, transformations -------------------------------------------------------


@st.composite
def tile_lists(draw: Draw) -> tuple[Placement, ...]:
    return _unique_cells(draw(st.lists(placements, min_size=1, max_size=8)))


@st.composite
def positions(draw: Draw) -> PositionRecord:
    return PositionRecord(
        placements=draw(tile_lists()),
        caption=draw(st.none() | tag_values),
        tags=draw(free_tags()),
        comments=draw(comments),
    )


@st.composite
def creature_cards(draw: Draw) -> CreatureCard:
    languages = draw(st.lists(st.sampled_from(["EN", "RU", "FR", "HU", "DE", "JA"]), unique=True))
    return CreatureCard(
        placements=draw(tile_lists()),
        card=draw(st.none() | st.integers(1, 999)),
        names=tuple((lang, draw(tag_values)) for lang in languages),
        difficulty=draw(st.none() | st.integers(1, 9)),
        colour=draw(st.none() | st.sampled_from(list(Colour))),
        tags=draw(free_tags()),
        comments=draw(comments),
    )


step_actions = st.one_of(
    st.builds(MoveTile, cells, tiles), st.builds(RotateTile, tiles), st.builds(AddTile, tiles)
)


@st.composite
def transformations(draw: Draw) -> Transformation:
    count = draw(st.integers(0, 6))
    steps = tuple(
        Step(n, draw(step_actions), draw(glyphs), draw(comments)) for n in range(1, count + 1)
    )
    return Transformation(
        start=draw(tile_lists()),
        target=draw(tile_lists()),
        steps=steps,
        source_name=draw(st.none() | tag_values),
        target_name=draw(st.none() | tag_values),
        tags=draw(free_tags()),
        comments=draw(comments),
    )


records: st.SearchStrategy[Record] = st.one_of(
    palago_games(), palagonia_games(), positions(), creature_cards(), transformations()
)
