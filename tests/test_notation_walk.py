"""The walk of a game's tree: turns and variations in the order of the text, with the indexes of
their lines of play, and variations a visitor skips left out."""

from __future__ import annotations

from palago_tools.notation import PalagoGame, PalagoTurn, Variation, parse
from palago_tools.notation.walk import Visitor, walk

TREE = """[Kind "Palago"]

1. 0,0R 1,0L 2. 0,1D 1,1L (2. 0,1R 1,1D 3. 2,0R 2,-1L (3. -1,0R -1,1D)) (2. -1,0R -1,1L)
3. 0,-1D 1,-1R *
"""


class Trace(Visitor[PalagoTurn]):
    def __init__(self, skip: bool = False) -> None:
        self.events: list[str] = []
        self.skip = skip

    def visit_turn(self, turn: PalagoTurn, index: int) -> None:
        self.events.append(f"{turn.number}.{turn.placements[0].tile.token}@{index}")

    def begin_variation(
        self, variation: Variation[PalagoTurn], turn: PalagoTurn, index: int
    ) -> bool:
        self.events.append(f"( {turn.number}@{index}")
        return not self.skip

    def end_variation(self, variation: Variation[PalagoTurn], turn: PalagoTurn, index: int) -> None:
        self.events.append(f") {turn.number}@{index}")


def game() -> PalagoGame:
    (record,) = parse(TREE)
    assert isinstance(record, PalagoGame)
    return record


def test_the_walk_follows_the_text_and_counts_along_each_line() -> None:
    trace = Trace()
    walk(game(), trace)
    assert trace.events == [
        "1.0,0R@0",
        "2.0,1D@1",
        "( 2@1",
        "2.0,1R@1",
        "3.2,0R@2",
        "( 3@2",
        "3.-1,0R@2",
        ") 3@2",
        ") 2@1",
        "( 2@1",
        "2.-1,0R@1",
        ") 2@1",
        "3.0,-1D@2",
    ]


def test_a_skipped_variation_is_not_entered() -> None:
    trace = Trace(skip=True)
    walk(game(), trace)
    assert trace.events == ["1.0,0R@0", "2.0,1D@1", "( 2@1", "( 2@1", "3.0,-1D@2"]
