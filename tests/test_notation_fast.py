"""The fast reader of plain Palago games agrees with lark and the builder: the same records, the
same spans, and nothing read that lark would refuse."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lark.exceptions import UnexpectedInput

from palago_tools.notation import PalagoGame, Record, Span, parse_text, write
from palago_tools.notation.build import Builder
from palago_tools.notation.fast import read_palago_game
from palago_tools.notation.origin import Fault
from palago_tools.notation.parser import lark_parser
from palago_tools.replays.generated import random_palago_record
from palago_tools.rules.palago import Opening, PalagoOptions

from .conftest import examples
from .notation_strategies import palago_games

SETTINGS = settings(
    max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def spans(item: object) -> Iterator[Span]:
    """Every span in a record, in order (spans take no part in the records' equality)."""
    if isinstance(item, Span):
        yield item
    elif dataclasses.is_dataclass(item) and not isinstance(item, type):
        for f in dataclasses.fields(item):
            yield from spans(getattr(item, f.name))
    elif isinstance(item, tuple):
        for part in item:
            yield from spans(part)


def lark_read(chunk: str, line0: int, column0: int) -> list[Record] | None:
    """The records of ``chunk`` read by lark and the builder, or ``None`` if it has a problem."""
    try:
        tree = lark_parser().parse(chunk)
    except UnexpectedInput:
        return None
    builder = Builder(line0, column0)
    try:
        return [builder.record(child) for child in tree.children]  # type: ignore[arg-type]
    except Fault:
        return None


def agree(chunk: str, line0: int = 1, column0: int = 1) -> PalagoGame | None:
    """Read ``chunk`` both ways; whatever the fast reader reads, lark reads the same."""
    fast = read_palago_game(chunk, line0, column0)
    if fast is not None:
        slow = lark_read(chunk, line0, column0)
        assert slow == [fast]
        assert list(spans(slow[0])) == list(spans(fast))
    return fast


def plain(game: PalagoGame) -> PalagoGame:
    """The game without comments, glyphs and variations."""
    turns = tuple(
        dataclasses.replace(
            turn,
            placements=tuple(
                dataclasses.replace(p, glyph=None, comments=()) for p in turn.placements
            ),
            variations=(),
        )
        for turn in game.turns
    )
    return dataclasses.replace(game, turns=turns, comments=())


@pytest.mark.parametrize("seed", range(40))
def test_generated_games_are_read_fast_and_alike(seed: int) -> None:
    options = PalagoOptions(opening=Opening.ONE_ONE_TWO) if seed % 4 == 3 else None
    record = random_palago_record(seed, options)
    assert agree(write(record)) == record


@given(palago_games())
@SETTINGS
def test_plain_games_are_read_fast_and_alike(game: PalagoGame) -> None:
    game = plain(game)
    assert agree(write(game)) == game


_SPACES = st.sampled_from([" ", "  ", "\n", "\r\n", "\t", "\n\n  ", "\f", " \ufeff", ""])


@given(palago_games(), st.data(), st.integers(1, 30), st.integers(1, 30))
@SETTINGS
def test_games_with_other_spacing_read_alike_wherever_they_start(
    game: PalagoGame, data: st.DataObject, line0: int, column0: int
) -> None:
    words = write(plain(game)).split()
    text = data.draw(_SPACES)
    for word in words:
        text += word + data.draw(_SPACES.filter(bool))
    agree(text, line0, column0)


@given(palago_games(), st.data())
@SETTINGS
def test_altered_games_are_read_fast_only_when_lark_reads_them(
    game: PalagoGame, data: st.DataObject
) -> None:
    text = write(plain(game) if data.draw(st.booleans()) else game)
    at = data.draw(st.integers(0, len(text)))
    cut = data.draw(st.integers(0, 3))
    insert = data.draw(st.text(alphabet='0123456789,.-+*/ \n"[]{}();!?RLDrldxKX', max_size=3))
    agree(text[:at] + insert + text[at + cut :])


@pytest.mark.parametrize(
    "text",
    [
        # tag and result disagree
        '[Kind "Palago"]\n[Result "0-1"]\n1. 0,0R 0,1L 2. -1,0R -1,1R 3. 0,-1D 1-0',
        '[Kind "Palago"]\n[Result "*"]\n1. 0,0R 0,1L 3. -1,0R -1,1R *',  # numbering
        '[Kind "Palago"]\n[Result "*"]\n1. 0,0R *',  # one tile in the first turn
        '[Kind "Palago"]\n[Colour "Blue"]\n[Result "*"]\n1. 0,0R 0,1L *',  # an unknown tag
        '[Kind "Palago"]\n[Kind "Palago"]\n1. 0,0R 0,1L *',  # a second kind tag
        '[Kind "Palago"]\n1. 0,0Q 0,1L *',  # not an orientation
        '[Kind "Palago"]\n1. 0,0R 0,1L 2+. 1,1R 2,2R *',  # an extra turn
        '[Kind "Palago"]\n1. 1234567,0R 0,1L *',  # too far out
        '[Kind "Palago"]\n1. 0,0R 0,1L {a comment} *',  # a comment
        '[Kind "Palagonia"]\n[Player1 "A"]\n*',  # another kind
    ],
)
def test_what_the_fast_reader_leaves_to_lark(text: str) -> None:
    assert agree(text) is None


def test_the_errors_are_lark_s_wherever_a_game_was_read_fast() -> None:
    good = write(random_palago_record(3))
    bad = good.replace("2. ", "4. ", 1)
    result = parse_text(good + "\n" + bad + "\n" + good)
    assert len(result.records) == 2 and len(result.errors) == 1
    error = result.errors[0]
    assert "turn 4: turn 2 was expected here" in str(error)
    assert error.line == good.count("\n") + 1 + bad[: bad.index("4. ")].count("\n") + 1
