"""The frames of the viewer: every position a reader can step to, as a tree.

A game gives a start frame, one frame per replayed turn of the main line, and, for every variation
written in the record (``( … )`` after a turn, nested to any depth), one frame per turn of the
variation, replayed from its branch point through :func:`~palago_tools.replay.replay`. A green task
(transformation) gives its start creature, one frame per step and the target. A position or a
creature card gives one frame.

Frames are numbered in the order the move list shows them; each knows its parent (the frame before
it in its line), so a frame's position is its parent's position plus the frame's changes.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from ..views.from_records import turn_annotations
from ..core.hexgrid import Cell, cell_text
from ..notation import records as rec
from ..errors import PositionError
from ..core.position import Position
from ..palalab import AddStep, MoveStep, RotateStep, apply_step, check_transformation, transform_distance
from ..replay.game import RecordReport, TurnReport, action_text, replay
from ..replay.tasks import step_of
from ..core.tiles import Tile

GLYPH_MEANINGS: Final = {
    rec.Glyph.GOOD: "good move",
    rec.Glyph.MISTAKE: "mistake",
    rec.Glyph.BRILLIANT: "brilliant move",
    rec.Glyph.BLUNDER: "blunder",
    rec.Glyph.INTERESTING: "interesting move",
    rec.Glyph.DUBIOUS: "dubious move",
}

ORIENTATION_WORDS: Final = {"R": "tip right", "L": "tip left", "D": "tip down"}


@dataclass
class Frame:
    """One step of the viewer: a position and what to say about it."""

    index: int
    parent: int | None
    label: str
    """``Start``, a turn label (``3``, ``2+``), a step number, or ``Target``."""
    key: str
    """The link fragment that opens this frame: ``turn=7``, ``turn=8&var=6.1/7.2``."""
    heading: str
    position: Position
    depth: int = 0
    """0 on the main line, 1 in a variation, 2 in a variation of a variation…"""
    number: int | None = None
    """The turn number written on the tiles this frame places (``None``: no numbers)."""
    player: str = ""
    colour: str = ""
    """``yellow`` or ``blue`` for the mover of a Palago turn."""
    move: str = ""
    glyphs: tuple[rec.Glyph, ...] = ()
    comments: tuple[str, ...] = ()
    annotations: tuple[rec.Annotation, ...] = ()
    completed: tuple[str, ...] = ()
    emphasis: frozenset[Cell] = frozenset()
    """Cells of the creatures to show emphasised (completed, or outlined by the record)."""
    points: tuple[tuple[str, int], ...] = ()
    scores: tuple[tuple[str, int], ...] | None = None
    notes: tuple[str, ...] = ()
    counts: str = ""
    """A green task's ↔ and Δ so far."""
    ghosts: tuple[Tile, ...] = ()
    to_move: str = ""
    said: str = ""
    """What the move did, in words (the live region and the move list's accessible name)."""
    last: bool = False
    """The last frame of the main line (where a hidden result is revealed)."""


@dataclass
class PlayLine:
    """A line of play in the move list: its frames in order, the variations that branch off at
    each of them (alternatives to that frame), the line's own comments, and the moves that could
    not be replayed (shown greyed out after the error)."""

    frames: list[int] = field(default_factory=list)
    variations: dict[int, list[PlayLine]] = field(default_factory=dict)
    comments: tuple[str, ...] = ()
    after: tuple[str, ...] = ()
    unplayed: list[str] = field(default_factory=list)
    error: str = ""


@dataclass
class Tree:
    """Every frame of one record and the main line of its move list."""

    frames: list[Frame]
    main: PlayLine
    error: str = ""
    report: RecordReport | None = None


def _texts(comments: Sequence[rec.Comment]) -> tuple[str, ...]:
    return tuple(c.text for c in comments if c.text)


def _notes(comments: Sequence[rec.Comment]) -> tuple[rec.Annotation, ...]:
    return tuple(a for c in comments for a in c.annotations)


def glyph_words(glyphs: Sequence[rec.Glyph]) -> str:
    """``blunder``; ``good move, mistake``."""
    return ", ".join(GLYPH_MEANINGS[g] for g in glyphs)


def tile_words(tile: Tile) -> str:
    """``3,-1 tip left``."""
    return f"{cell_text(tile.cell)} {ORIENTATION_WORDS[tile.orientation.value]}"


def outcome(report: RecordReport) -> str:
    """``Game over: Yellow (Anna) won``, ``Game over: drawn`` or nothing."""
    if report.error is not None or not report.game_over:
        return ""
    if report.winner:
        return f"Game over: {report.winner} won"
    if report.draw:
        return "Game over: drawn"
    return "Game over"


# --- Games -----------------------------------------------------------------------------------

class _GameBuilder:
    """Builds the frames of a Palago or Palagonia game and of its variations."""

    def __init__(self, record: rec.PalagoGame | rec.PalagoniaGame) -> None:
        self.record = record
        self.frames: list[Frame] = []

    def tree(self) -> Tree:
        record = self.record
        report = replay(record)
        scores = tuple((name, 0) for name in record.players) if isinstance(record, rec.PalagoniaGame) else None
        start = Frame(
            index=0,
            parent=None,
            label="Start",
            key="turn=start",
            heading="Before the first turn",
            position=Position(),
            comments=_texts(record.comments),
            annotations=_notes(record.comments),
            scores=scores,
            said="Before the first turn: an empty table.",
        )
        self.frames.append(start)
        main = PlayLine(frames=[0])
        turns: Sequence[rec.PalagoTurn | rec.PalagoniaTurn] = record.turns
        self._line(main, (), tuple(turns), report, 0, 0, "")
        if main.frames[1:]:
            self.frames[main.frames[-1]].last = True
        else:
            start.last = True
        self._who_moves_next(main)
        error = f"The record is invalid at {report.error.describe()} [{report.error.rule}]" if report.error else ""
        return Tree(self.frames, main, error, report)

    def _replayed(self, turns: tuple[rec.PalagoTurn | rec.PalagoniaTurn, ...]) -> RecordReport:
        """The replay of the record's start and ``turns`` (a line through variations)."""
        record = self.record
        if isinstance(record, rec.PalagoGame):
            palago = tuple(t for t in turns if isinstance(t, rec.PalagoTurn))
            return replay(dataclasses.replace(record, turns=palago, result=rec.PalagoResult.UNFINISHED))
        palagonia = tuple(t for t in turns if isinstance(t, rec.PalagoniaTurn))
        return replay(dataclasses.replace(record, turns=palagonia, scores=None))

    def _line(
        self,
        line: PlayLine,
        before: tuple[rec.PalagoTurn | rec.PalagoniaTurn, ...],
        turns: tuple[rec.PalagoTurn | rec.PalagoniaTurn, ...],
        report: RecordReport,
        parent: int,
        depth: int,
        path: str,
    ) -> None:
        """Add the frames of ``turns`` (played after ``before``) to ``line``, each turn's
        variations as lines of their own; ``report`` is the replay of ``before + turns``."""
        played = report.turns[len(before) :]
        for offset, turn in enumerate(turns):
            if offset >= len(played):
                line.unplayed.append(self._written(turn))
                continue
            frame = self._turn_frame(turn, played[offset], parent, depth, path)
            if offset == len(played) - 1 and offset == len(turns) - 1:
                end = outcome(report)
                if end:
                    frame.notes += (end,)
            self.frames.append(frame)
            line.frames.append(frame.index)
            variations: Sequence[rec.Variation[rec.PalagoTurn] | rec.Variation[rec.PalagoniaTurn]] = turn.variations
            for number, variation in enumerate(variations, start=1):
                branch = before + turns[:offset]
                inner = PlayLine(comments=_texts(variation.comments), after=_texts(variation.after))
                replayed = self._replayed(branch + tuple(variation.turns))
                step = f"{turn.label if isinstance(turn, rec.PalagoniaTurn) else turn.number}.{number}"
                first = len(self.frames)
                self._line(inner, branch, tuple(variation.turns), replayed, parent, depth + 1,
                           f"{path}/{step}" if path else step)
                if replayed.error is not None and len(replayed.turns) < len(branch) + len(variation.turns):
                    inner.error = f"Not playable: {replayed.error.describe()} [{replayed.error.rule}]"
                if inner.frames:
                    head, tail = self.frames[first], self.frames[inner.frames[-1]]
                    head.comments = inner.comments + head.comments
                    head.annotations = _notes(variation.comments) + head.annotations
                    tail.comments = tail.comments + inner.after
                line.variations.setdefault(frame.index, []).append(inner)
            parent = frame.index
        if report.error is not None and len(played) < len(turns) and depth == 0:
            line.error = f"Not replayed after the error: {report.error.describe()}"

    def _written(self, turn: rec.PalagoTurn | rec.PalagoniaTurn) -> str:
        if isinstance(turn, rec.PalagoTurn):
            return f"{turn.number}. " + " ".join(p.tile.token for p in turn.placements)
        return f"{turn.label}. {_rolls(turn)} {action_text(turn.action)}"

    def _turn_frame(
        self, turn: rec.PalagoTurn | rec.PalagoniaTurn, played: TurnReport, parent: int, depth: int, path: str
    ) -> Frame:
        index = len(self.frames)
        before = self.frames[parent]
        key = f"turn={played.label}" + (f"&var={path}" if path else "")
        emphasis = frozenset(cell for creature in played.completed for cell in creature.cells)
        annotations = tuple(turn_annotations(turn))
        outlined = [a for a in annotations if isinstance(a, rec.OutlineCommand)]
        if outlined:
            emphasis |= frozenset(cell for a in outlined for cell in a.cells)
        completed = tuple(c.summary() for c in played.completed)
        notes = (played.note,) if played.note else ()
        frame = Frame(
            index=index,
            parent=parent,
            label=played.label,
            key=key,
            heading=f"Turn {played.label}: {played.player}",
            position=played.position,
            depth=depth,
            number=turn.number,
            player=played.player,
            completed=completed,
            emphasis=emphasis,
            annotations=annotations,
            notes=notes,
        )
        record = self.record
        if isinstance(turn, rec.PalagoTurn) and isinstance(record, rec.PalagoGame):
            frame.colour = record.mover(turn.number).value
            frame.move = " ".join(p.tile.token + (p.glyph.value if p.glyph else "") for p in turn.placements)
            frame.glyphs = tuple(p.glyph for p in turn.placements if p.glyph is not None)
            frame.comments = _texts([c for p in turn.placements for c in p.comments])
            placed = []
            for p in turn.placements:
                words = tile_words(p.tile)
                placed.append(f"{words} ({GLYPH_MEANINGS[p.glyph]})" if p.glyph else words)
            frame.said = f"Turn {played.label}, {played.player} places " + " and ".join(placed)
        elif isinstance(turn, rec.PalagoniaTurn):
            frame.move = f"{_rolls(turn)} {played.move}" + (turn.glyph.value if turn.glyph else "")
            frame.glyphs = (turn.glyph,) if turn.glyph else ()
            frame.comments = _texts(turn.comments)
            totals = dict(before.scores or ())
            for name, value in played.points:
                totals[name] = totals.get(name, 0) + value
            frame.points = played.points
            frame.scores = tuple(totals.items())
            frame.said = f"Turn {played.label}, {played.player}: {_palagonia_words(turn)}"
            if turn.glyph:
                frame.said += f" ({GLYPH_MEANINGS[turn.glyph]})"
        if completed:
            frame.said += "; completes " + "; ".join(completed)
        if played.points:
            frame.said += "; points: " + ", ".join(f"{name} +{value}" for name, value in played.points)
        frame.said += "."
        return frame

    def _who_moves_next(self, line: PlayLine) -> None:
        """Each frame's player to move: the mover of the next frame in its line."""
        for here, there in zip(line.frames, line.frames[1:]):
            self.frames[here].to_move = self.frames[there].player
        for lines in line.variations.values():
            for inner in lines:
                self._who_moves_next(inner)


def _rolls(turn: rec.PalagoniaTurn) -> str:
    return " ".join("[" + " ".join(f.value for f in roll.faces) + "]" for roll in turn.rolls)


def _palagonia_words(turn: rec.PalagoniaTurn) -> str:
    """``rolls 4 and remove, places 4 tiles: 2,-1 tip down, …``."""
    rolled = " and ".join(str(f) for f in turn.roll.faces)
    action = turn.action
    if isinstance(action, rec.Place):
        what = f"places {len(action.tiles)} tiles: " + ", ".join(tile_words(t) for t in action.tiles)
    elif isinstance(action, rec.Remove):
        what = f"removes the tile on {cell_text(action.cell)}"
    elif isinstance(action, rec.Rotate):
        what = f"turns the tile on {tile_words(action.tile)}"
    else:
        what = "can do nothing and passes"
    if turn.is_start:
        return f"wins the start roll and {what}"
    return f"rolls {rolled}, {what}"


def game_tree(record: rec.PalagoGame | rec.PalagoniaGame) -> Tree:
    """The frames of a game: the start, the main line and every variation."""
    return _GameBuilder(record).tree()


# --- Green tasks -----------------------------------------------------------------------------


def _step_text(step: rec.Step) -> tuple[str, str]:
    """The step as written and in words."""
    action = step.action
    if isinstance(action, rec.MoveTile):
        return (
            f"{cell_text(action.origin)}>{action.tile.token}",
            f"moves the tile on {cell_text(action.origin)} to {tile_words(action.tile)}",
        )
    if isinstance(action, rec.RotateTile):
        return f"@{action.tile.token}", f"turns the tile on {tile_words(action.tile)}"
    return f"+{action.tile.token}", f"adds a tile on {tile_words(action.tile)}"


def _counts(moves: int, added: int) -> str:
    return f"↔ {moves} · Δ {added}"


def transformation_tree(record: rec.Transformation) -> Tree:
    """A green task stepped: the start creature, each step (the moved tile marked) and the
    target, with the counts ↔ (tiles moved or turned) and Δ (tiles added) so far."""
    start = [p.tile for p in record.start]
    target = [p.tile for p in record.target]
    position = Position(start)
    frames = [
        Frame(
            index=0,
            parent=None,
            label="Start",
            key="turn=start",
            heading=f"Start: {record.source_name}" if record.source_name else "Start",
            position=position,
            comments=_texts(record.comments),
            annotations=_notes(record.comments),
            counts=_counts(0, 0),
            said=f"The start creature, {len(start)} tiles.",
        )
    ]
    main = PlayLine(frames=[0])
    moves = added = 0
    error = ""
    for step in record.steps:
        if error:
            main.unplayed.append(f"{step.number}. {_step_text(step)[0]}")
            continue
        solver_step = step_of(step)
        try:
            position = apply_step(position, solver_step)
        except PositionError as problem:
            error = f"Step {step.number} cannot be made: {problem}"
            main.unplayed.append(f"{step.number}. {_step_text(step)[0]}")
            continue
        if isinstance(solver_step, (MoveStep, RotateStep)):
            moves += 1
        elif isinstance(solver_step, AddStep):
            added += 1
        written, words = _step_text(step)
        frame = Frame(
            index=len(frames),
            parent=len(frames) - 1,
            label=str(step.number),
            key=f"turn={step.number}",
            heading=f"Step {step.number}: {words[0].upper()}{words[1:]}",
            position=position,
            move=written + (step.glyph.value if step.glyph else ""),
            glyphs=(step.glyph,) if step.glyph else (),
            comments=_texts(step.comments),
            annotations=_notes(step.comments),
            counts=_counts(moves, added),
            said=f"Step {step.number} {words}" + (f" ({GLYPH_MEANINGS[step.glyph]})" if step.glyph else "") + ".",
        )
        frames.append(frame)
        main.frames.append(frame.index)
    check = check_transformation(start, target, [step_of(s) for s in record.steps])
    laid = transform_distance(position, target).placement.tiles
    missing = tuple(t for t in laid if position.get(t.cell) is not t.orientation)
    if check.reaches_target and not error:
        verdict = f"The target{' ' + record.target_name if record.target_name else ''} is reached: {_counts(check.moves, check.added)}"
        verdict += (
            ", the shortest."
            if check.optimal
            else f"; the shortest is {_counts(check.shortest_moves, check.shortest_added)}."
        )
    else:
        verdict = "The steps do not build the target: its missing tiles are drawn faintly."
    frames.append(
        Frame(
            index=len(frames),
            parent=len(frames) - 1,
            label="Target",
            key="turn=target",
            heading=f"Target: {record.target_name}" if record.target_name else "Target",
            position=position,
            counts=_counts(moves, added),
            notes=(verdict,),
            emphasis=frozenset(position) if check.reaches_target and not error else frozenset(),
            ghosts=missing,
            said=verdict,
            last=True,
        )
    )
    main.frames.append(len(frames) - 1)
    return Tree(frames, main, error)


# --- Positions and cards ---------------------------------------------------------------------


def still_tree(record: rec.PositionRecord | rec.CreatureCard, heading: str, notes: tuple[str, ...]) -> Tree:
    """One frame: a position or a creature card with its comments and annotations."""
    comments = record.comments + tuple(c for p in record.placements for c in p.comments)
    frame = Frame(
        index=0,
        parent=None,
        label=rec.KIND_OF[type(record)],
        key="turn=start",
        heading=heading,
        position=record.position(),
        comments=_texts(comments),
        annotations=_notes(comments),
        notes=notes,
        said=heading,
        last=True,
    )
    outlined = [a for a in frame.annotations if isinstance(a, rec.OutlineCommand)]
    if outlined:
        frame.emphasis = frozenset(cell for a in outlined for cell in a.cells)
    return Tree([frame], PlayLine(frames=[0]))
