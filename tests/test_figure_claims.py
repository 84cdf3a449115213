"""Every rulebook figure that claims a tactic (``[X-Claim …]`` with ``[X-ToMove …]``, see
docs/tactics.md) is checked with the tactics search, and so is what it draws: its faint tiles are
the claimed move and its circles mark the threat cells.

The claims, for a colour X:

- ``X threatens``: the other side is to move, has no immediate win of its own, X has one, and
  the side to move has a defence (a turn that does not lose and leaves X no immediate win);
  the faint tiles are X's immediate wins, the circles their cells.
- ``X wins``: the other side is to move and every turn of it loses or leaves X an immediate
  win (the fork seen after it was made); the faint tiles and circles as for a threat.
- ``X wins in 1``: X is to move and wins at once; the faint tiles, if any, are a winning turn.
- ``X wins in 2``: X is to move, has no immediate win (that would be a win in 1), and has a
  fork; the faint tiles are a fork and the circles the cells of the threats it makes.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from palago_tools.core.hexgrid import Cell, are_adjacent
from palago_tools.core.position import Position
from palago_tools.core.tiles import Colour, Tile
from palago_tools.notation import parse_file
from palago_tools.notation import records as rec
from palago_tools.replays.situations import CLAIM_TAG, colour_named, situation_of, tag
from palago_tools.rules import Palago
from palago_tools.tactics import (
    Fork,
    Refutation,
    Win,
    examine_defence,
    examine_turn,
    forced_wins,
    immediate_wins,
    threats,
)

FIGURES = Path(__file__).parent.parent / "docs" / "diagrams"
CLAIM = re.compile(r"(yellow|blue) (wins in 1|wins in 2|wins|threatens)\Z")


def _claims() -> list[tuple[str, rec.Record]]:
    found = []
    for path in sorted(FIGURES.glob("*.palago")):
        for record in parse_file(path).records:
            if tag(record, CLAIM_TAG) is not None:
                found.append((path.name, record))
    return found


def _ghost(record: rec.Record) -> tuple[Tile, ...]:
    return tuple(
        t for a in record.annotations() if isinstance(a, rec.GhostCommand) for t in a.tiles
    )


def _circles(record: rec.Record) -> set[Cell]:
    marks = [a for a in record.annotations() if isinstance(a, rec.MarkCommand)]
    return {c for mark in marks if mark.shape is rec.MarkShape.CIRCLE for c in mark.cells}


def _check_threat_drawing(name: str, record: rec.Record, wins: tuple[Win, ...]) -> None:
    """The faint tiles are immediate wins of the threatening side (every tile of them belongs to
    one), they stand on every threat cell, and the circles mark exactly those cells."""
    ghost = set(_ghost(record))
    shown = [w for w in wins if set(w.tiles) <= ghost]
    assert {t for w in shown for t in w.tiles} == ghost, f"{name}: a faint tile is no immediate win"
    cells = {c for w in wins for c in w.cells}
    assert {t.cell for t in ghost} == cells, f"{name}: the faint tiles leave a threat cell out"
    assert _circles(record) == cells, f"{name}: the circles are not the threat cells"


def _plays_as(position: Position, mover: Colour, tiles: tuple[Tile, ...]) -> Palago:
    """The rules engine after ``mover`` lays ``tiles`` on ``position``."""
    game = Palago.from_position(position, mover, tiles_left=100)
    game.play(tiles)
    return game


def test_the_tactic_figures_carry_claims() -> None:
    names = {name for name, _record in _claims()}
    assert {"attack.palago", "fork.palago", "triple-row.palago"} <= names


@pytest.mark.parametrize(("name", "record"), _claims(), ids=[name for name, _r in _claims()])
def test_figure_claim_holds(name: str, record: rec.Record) -> None:
    claim = tag(record, CLAIM_TAG)
    assert claim is not None
    match = CLAIM.match(claim)
    assert match, f"{name}: unknown claim {claim!r}"
    colour, what = colour_named(match.group(1)), match.group(2)
    situation = situation_of(record)
    position, mover = situation.position, situation.mover
    if what in ("threatens", "wins"):
        assert mover is colour.other, f"{name}: '{claim}' is said of the side not to move"
        report = threats(position, mover)
        assert not report.wins, (
            f"{name}: {mover} to move wins at once with {report.wins[0].notation}"
        )
        assert report.to_block, f"{name}: {colour} has no immediate win"
        verdict = examine_defence(position, mover)
        if what == "wins":
            assert isinstance(verdict, Fork), f"{name}: {mover} has a defence: {verdict.reason}"
        else:
            assert isinstance(verdict, Refutation) and verdict.reply, (
                f"{name}: {mover} has no defence: {colour} wins, not only threatens"
            )
            after = _plays_as(position, mover, verdict.reply)
            assert not after.over and not immediate_wins(after.position(), colour), (
                f"{name}: the defence {verdict.reply} fails"
            )
        _check_threat_drawing(name, record, report.to_block)
        return
    assert mover is colour, f"{name}: '{claim}' is said of the side to move"
    wins = immediate_wins(position, mover)
    ghost = _ghost(record)
    if what == "wins in 1":
        assert wins, f"{name}: {colour} cannot win at once"
        winning = {frozenset(w.tiles) for w in wins}
        assert not ghost or frozenset(ghost) in winning, f"{name}: the faint tiles do not win"
        return
    assert not wins, f"{name}: {colour} wins at once with {wins[0].notation}: a win in 1, not in 2"
    assert ghost, f"{name}: the faint tiles should show the fork"
    fork = examine_turn(position, mover, ghost)
    assert isinstance(fork, Fork), f"{name}: the faint tiles are no fork: {fork.reason}"
    assert _circles(record) == {c for w in fork.threats for c in w.cells}, (
        f"{name}: the circles are not the cells of the fork's threats"
    )


def test_the_triple_row_fork_is_blues_only_one_and_uses_the_row() -> None:
    """The triple row's faint tiles are the only fork Blue has, they touch the highlighted row,
    and each threat they make would complete a creature holding tiles of the row."""
    (record,) = [r for name, r in _claims() if name == "triple-row.palago"]
    position = record.position()
    (row,) = [a for a in record.annotations() if isinstance(a, rec.HighlightCommand)]
    (fork,) = forced_wins(position, Colour.BLUE)
    assert set(fork.tiles) == set(_ghost(record))
    assert any(are_adjacent(t.cell, cell) for t in fork.tiles for cell in row.cells)
    for threat in fork.threats:
        assert any(set(row.cells) & creature.cells for creature in threat.creatures), (
            threat.notation
        )
