"""GameText: the text of a game one turn longer, from the text before it, is what write_record
writes for the longer game: for every turn of any game the notation can hold (comments,
variations, ``;`` comments that end a line, comment words that would begin a record), and for
the games the table grows."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from palago_tools.notation import (
    Comment,
    PalagoGame,
    PalagoniaGame,
    PalagoniaTurn,
    PalagoResult,
    parse_file,
    write_record,
)
from palago_tools.notation.writer import GameText

from .conftest import examples
from .notation_strategies import Draw, palago_games, palagonia_games
from .table_support import grown_palagonia

SETTINGS = settings(
    max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)

# Words that make the writer move words between lines: "[Kind" must not begin a line.
_words = st.sampled_from(["[Kind", "[ Kind", "[Kindly", "a", "bb", "x" * 30, "y" * 78, "3."])


@st.composite
def kind_comments(draw: Draw) -> tuple[Comment, ...]:
    words = draw(st.lists(_words, min_size=1, max_size=12))
    return (Comment(" ".join(words)),)


@st.composite
def games(draw: Draw) -> PalagoGame | PalagoniaGame:
    """Any game, its turns' comments often full of words that would begin a record."""
    game = draw(palago_games() | palagonia_games())
    if not draw(st.booleans()):
        return game
    turns = []
    for turn in game.turns:
        if isinstance(turn, PalagoniaTurn) and draw(st.booleans()):
            turn = replace(turn, comments=draw(kind_comments()))
        elif not isinstance(turn, PalagoniaTurn) and draw(st.booleans()):
            first = replace(turn.placements[0], comments=draw(kind_comments()))
            turn = replace(turn, placements=(first, *turn.placements[1:]))
        turns.append(turn)
    return replace(game, turns=tuple(turns))


def _with_result(game: PalagoGame | PalagoniaGame, other: bool) -> PalagoGame | PalagoniaGame:
    """``game`` with its result, or (``other``) another one, as a game's last turn gives."""
    if not other:
        return game
    if isinstance(game, PalagoGame):
        result = (
            PalagoResult.DRAW if game.result is not PalagoResult.DRAW else PalagoResult.UNFINISHED
        )
        return replace(game, result=result)
    return replace(
        game, scores=None if game.scores is not None else tuple(range(len(game.players)))
    )


@SETTINGS
@given(games(), st.data())
def test_every_turn_more_gives_the_text_written_afresh(
    game: PalagoGame | PalagoniaGame, data: st.DataObject
) -> None:
    text = GameText(replace(game, turns=()))
    assert text.text == write_record(text.record)
    for count in range(1, len(game.turns) + 1):
        longer = _with_result(replace(game, turns=game.turns[:count]), data.draw(st.booleans()))
        following = text.then(longer)
        assert following is not None
        assert following.text == write_record(longer)
        assert GameText(longer).text == following.text
        text = following


@SETTINGS
@given(games(), st.data())
def test_then_is_only_for_one_turn_more(
    game: PalagoGame | PalagoniaGame, data: st.DataObject
) -> None:
    text = GameText(game)
    assert text.then(game) is None  # no turn more
    if game.turns:
        assert text.then(replace(game, turns=game.turns[:-1])) is None  # an undo
        assert text.then(replace(game, turns=game.turns + game.turns[:1] * 2)) is None
        if len(game.turns) > 1:
            changed = (game.turns[1], game.turns[1], *game.turns[2:], game.turns[-1])
            assert text.then(replace(game, turns=changed)) is None  # an earlier turn changed
        assert (
            text.then(replace(game, turns=game.turns + game.turns[-1:], tags=(("Event", "x y"),)))
            is None
        )
        assert (
            text.then(replace(game, turns=game.turns + game.turns[-1:], comments=(Comment("new"),)))
            is None
        )


@pytest.mark.parametrize("seed", range(6))
def test_a_table_game_grown_to_three_hundred_tiles_is_written_the_same(
    seed: int, tmp_path: Path
) -> None:
    path = tmp_path / "grown.palago"
    grown_palagonia(path, 300, random.Random(seed))
    (record,) = parse_file(path).records
    assert isinstance(record, PalagoniaGame)
    text = GameText(replace(record, turns=record.turns[:1]))
    for count in range(2, len(record.turns) + 1):
        following = text.then(replace(record, turns=record.turns[:count]))
        assert following is not None
        assert following.text == write_record(following.record)
        text = following
    assert text.text == path.read_text(encoding="utf-8")
