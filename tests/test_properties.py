"""Property tests: analysis under the grid motions, and incremental against full analysis."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from palago_tools.core.analysis import Creature, analyse
from palago_tools.core.hexgrid import CLASS_KEEPING, CLASS_SWAPPING, Motion
from palago_tools.core.incremental import LiveAnalysis
from palago_tools.core.position import Position
from palago_tools.core.tiles import ORIENTATIONS, Orientation, Tile

from .conftest import examples
from .strategies import positions

Summary = set[tuple[str, frozenset[tuple[int, int]], int, int]]


def _summary(creatures: tuple[Creature, ...], motion: Motion | None = None) -> Summary:
    result: Summary = set()
    for c in creatures:
        colour = c.colour
        cells = c.cells
        if motion is not None:
            cells = frozenset(motion.cell(x) for x in cells)
            if not motion.keeps_class:
                colour = colour.other
        result.add((colour.value, cells, c.loops, c.legs))
    return result


@given(positions, st.sampled_from(CLASS_KEEPING))
def test_analysis_is_invariant_under_class_keeping_motions(
    position: Position, motion: Motion
) -> None:
    before = analyse(position)
    after = analyse(position.moved(motion))
    assert _summary(after.creatures) == _summary(before.creatures, motion)
    assert len(after.lines) == len(before.lines) and len(after.verdicts) == len(before.verdicts)


@given(positions, st.sampled_from(CLASS_SWAPPING))
def test_analysis_is_invariant_under_class_swapping_motions_with_colours_exchanged(
    position: Position, motion: Motion
) -> None:
    before = analyse(position)
    after = analyse(position.moved(motion))
    assert _summary(after.creatures) == _summary(before.creatures, motion)
    assert sorted(c.score for c in after.creatures) == sorted(c.score for c in before.creatures)


@st.composite
def play(draw: st.DrawFn) -> list[tuple[str, int, Orientation]]:
    """A sequence of (action, choice, orientation) steps; choices index the legal cells."""
    steps = draw(st.integers(1, 70))
    return [
        (
            draw(st.sampled_from(["place", "place", "place", "remove", "rotate"])),
            draw(st.integers(0, 10_000)),
            draw(st.sampled_from(ORIENTATIONS)),
        )
        for _ in range(steps)
    ]


@settings(max_examples=examples(150), deadline=None)
@given(play())
def test_incremental_analysis_always_agrees_with_full_analysis(
    steps: list[tuple[str, int, Orientation]],
) -> None:
    live = LiveAnalysis()
    for action, choice, orientation in steps:
        current = live.position()
        if action == "place" or not current:
            cells = sorted(current.frontier())
            live.place(Tile(cells[choice % len(cells)], orientation))
        elif action == "remove":
            cells = sorted(current)
            live.remove(cells[choice % len(cells)])
        else:
            cells = sorted(current)
            cell = cells[choice % len(cells)]
            if current[cell] is orientation:
                orientation = ORIENTATIONS[(ORIENTATIONS.index(orientation) + 1) % 3]
            lost, completed = live.rotate(cell, orientation)
            assert set(lost) <= set(analyse(current).creatures)
        assert live.creatures == analyse(live.position()).creatures


@given(positions)
def test_placing_tiles_one_by_one_reports_each_creature_once(position: Position) -> None:
    live = LiveAnalysis()
    completed: list[Creature] = []
    for tile in position.tiles():
        completed.extend(live.place(tile))
    assert sorted(completed, key=Creature.key) == list(analyse(position).creatures)
