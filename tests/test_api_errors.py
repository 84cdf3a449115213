"""The public API on random text and random objects: a result or a :class:`PalagoError`, never
another exception."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import palago_tools
from palago_tools import (
    Colour,
    LiveAnalysis,
    Motion,
    Orientation,
    Palago,
    PalagoError,
    Palagonia,
    Position,
    Tile,
    analyse,
    forced_wins,
    immediate_wins,
    iter_records,
    parse_file,
    replay_archive,
    threats,
    write_record,
)
from palago_tools.core.analysis import Status
from palago_tools.core.identity import creature_form, creature_id
from palago_tools.core.tiles import parse_tiles
from palago_tools.diagram import Diagram, Options, compile_diagram
from palago_tools.errors import TileTokenError
from palago_tools.notation import (
    PositionRecord,
    parse,
    parse_bytes,
    parse_record,
    parse_text,
    write,
)
from palago_tools.palalab import check_submission
from palago_tools.replays.game import replay

from .conftest import examples

TOKEN_ALPHABET = "0123456789-,RLDrldX \t\n+.٣０"

tokens = st.text(alphabet=TOKEN_ALPHABET, max_size=40) | st.text(max_size=40)
objects = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(max_size=12)
    | st.binary(max_size=12)
    | st.sampled_from([Orientation.R, Colour.BLUE, (0, 0), (10**7, 0), (0, 0, 0), Status.OPEN]),
    lambda children: (
        st.lists(children, max_size=4)
        | st.tuples(children, children)
        | st.dictionaries(st.tuples(st.integers(), st.integers()), children, max_size=3)
    ),
    max_leaves=8,
)

ENTRY_POINTS: dict[str, Callable[[Any], object]] = {
    "Position.parse": Position.parse,
    "Position": Position,
    "Position.place": lambda x: Position().place(x),
    "Position.remove": lambda x: Position.parse("0,0R").remove(x),
    "Position.rotate": lambda x: Position.parse("0,0R").rotate(x, Orientation.L),
    "Position.translated": lambda x: Position.parse("0,0R").translated(x, x),
    "Position.moved": lambda x: Position.parse("0,0R").moved(x),
    "Tile.parse": Tile.parse,
    "Tile": lambda x: Position([Tile(x, Orientation.R)]),
    "Orientation.parse": Orientation.parse,
    "parse_tiles": parse_tiles,
    "Motion": Motion,
    "analyse": analyse,
    "LiveAnalysis.place": lambda x: LiveAnalysis().place(x),
    "creature_id": lambda x: creature_id(x, Colour.YELLOW),
    "creature_form": lambda x: creature_form(x, Colour.YELLOW),
    "parse": parse,
    "parse_text": parse_text,
    "parse_bytes": parse_bytes,
    "parse_record": parse_record,
    "write": write,
    "replay": replay,
    "check_submission": check_submission,
    "Diagram": lambda x: compile_diagram(Diagram(x)),
    "Options.size": lambda x: Options(size=x),
    "Palago": lambda x: Palago(x),
    "Palagonia": lambda x: Palagonia(x),
    "parse_file": lambda x: parse_file(x) if not isinstance(x, str) else None,
    "iter_records": lambda x: list(iter_records(io.StringIO(x) if isinstance(x, str) else x)),
    "replay_archive": lambda x: list(replay_archive(io.StringIO(x) if isinstance(x, str) else x)),
    "write_record": write_record,
    "threats": lambda x: threats(x, Colour.YELLOW),
    "immediate_wins": lambda x: immediate_wins(Position.parse("0,0R"), x),
    "forced_wins": lambda x: forced_wins(Position.parse("0,0R"), Colour.BLUE, tiles_left=x),
}


def calls_cleanly(function: Callable[[Any], object], argument: object) -> None:
    try:
        function(argument)
    except PalagoError:
        pass


def test_the_entry_points_cover_the_package_exports() -> None:
    exported = {name for name in palago_tools.__all__ if callable(getattr(palago_tools, name))}
    exported -= {
        "PalagoError",
        "Status",
        "Verdict",
        "Creature",
        "Analysis",
        "Colour",
        "Corner",
        "Cell",
    }
    # The other errors and the replay's reports are raised and returned, not called.
    exported -= {"ArgumentError", "FileAccessError", "LimitError", "NotationError", "UsageError"}
    exported -= {"RecordReport", "ReplayError"}
    named = {key.split(".")[0] for key in ENTRY_POINTS}
    assert exported <= named, exported - named


@settings(max_examples=examples(300))
@given(tokens)
def test_position_parse_raises_only_palago_errors_on_any_text(text: str) -> None:
    calls_cleanly(Position.parse, text)


@given(
    st.text(alphabet="0123456789", min_size=1, max_size=9),
    st.text(alphabet="0123456789", min_size=1, max_size=9),
    st.sampled_from(["", "-"]),
)
def test_position_parse_agrees_with_the_notation_on_tile_tokens(q: str, r: str, sign: str) -> None:
    token = f"{sign}{q},{r}L"
    record = parse_text(f'[Kind "Position"]\n{token}\n')
    if len(q) <= 6 and len(r) <= 6:
        (read,) = record.records
        assert isinstance(read, PositionRecord) and read.position() == Position.parse(token)
    else:
        with pytest.raises(TileTokenError, match="coordinates have at most 6 digits"):
            Position.parse(token)
        assert "coordinates have at most 6 digits" in record.errors[0].description


@pytest.mark.parametrize("token", ["\uff10,0R", "\u0663,0R", "1 , 0R", "+1,0R", "1,0RR", "1.0,0R"])
def test_tokens_the_notation_rejects_are_rejected(token: str) -> None:
    assert not parse_text(f'[Kind "Position"]\n{token}\n').ok
    with pytest.raises(TileTokenError):
        Tile.parse(token)


@settings(max_examples=examples(40))
@given(objects)
def test_every_entry_point_raises_only_palago_errors_on_any_object(argument: object) -> None:
    for function in ENTRY_POINTS.values():
        calls_cleanly(function, argument)


@settings(max_examples=examples(60))
@given(tokens)
def test_every_entry_point_raises_only_palago_errors_on_any_text(text: str) -> None:
    for function in ENTRY_POINTS.values():
        calls_cleanly(function, text)
