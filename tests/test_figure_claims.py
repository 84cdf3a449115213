"""Every rulebook figure that claims a tactic (``[X-Claim …]`` with ``[X-ToMove …]``, see
docs/tactics.md) is checked with the tactics search."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from palago_tools.notation import parse_file
from palago_tools.notation import records as rec
from palago_tools.situations import CLAIM_TAG, colour_named, situation_of, tag
from palago_tools.tactics import Fork, examine_defence, forced_wins, immediate_wins, threats

FIGURES = Path(__file__).parent.parent / "docs" / "diagrams"
CLAIM = re.compile(r"(yellow|blue) (wins in 2|wins|threatens)\Z")


def _claims() -> list[tuple[str, rec.Record]]:
    found = []
    for path in sorted(FIGURES.glob("*.palago")):
        for record in parse_file(path).records:
            if tag(record, CLAIM_TAG) is not None:
                found.append((path.name, record))
    return found


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
    if what == "threatens":
        assert mover is colour.other, f"{name}: the threat is the side's not to move"
        assert threats(position, mover).to_block, f"{name}: {colour} has no immediate win"
    elif what == "wins":
        assert mover is colour.other, f"{name}: '{claim}' is said of the side not to move"
        verdict = examine_defence(position, mover)
        assert isinstance(verdict, Fork), f"{name}: {mover} has a defence: {verdict.reason}"
    else:
        assert mover is colour, f"{name}: '{claim}' is said of the side to move"
        assert immediate_wins(position, mover) or forced_wins(position, mover, limit=1), (
            f"{name}: {colour} has no forced win in two"
        )
