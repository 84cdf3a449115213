"""The frames of the viewer: every position a reader can step to, as a tree.

A game gives a start frame, one frame per replayed turn of the main line, and, for every variation
written in the record (``( … )`` after a turn, nested to any depth), one frame per turn of the
variation, replayed from its branch point (:func:`~palago_tools.replays.tree.replay_tree`); the
game's tree is gone through by :func:`~palago_tools.notation.walk.walk_turns`. A green task
(transformation) gives its start creature, one frame per step and the target, stepped once: the
verdict is made from the same steps. A position or a creature card gives one frame.

Frames are numbered in the order the move list shows them; each knows its parent (the frame before
it in its line), so a frame's position is its parent's position plus the frame's changes.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from ..core.dice import Die
from ..core.hexgrid import Cell, cell_text
from ..core.position import Position
from ..core.tiles import Tile
from ..errors import PositionError
from ..glossary import counted, word
from ..notation import records as rec
from ..notation.walk import TurnT, Visitor, walk_turns
from ..palalab import (
    StepError,
    TransformationCheck,
    apply_step,
    same_shape,
    transform_distance,
)
from ..replays.game import RecordReport, ReplayError, TurnReport, action_text
from ..replays.tasks import step_of
from ..replays.tree import ReplayedLine, replay_tree
from ..replays.words import note_words, verdict, who
from ..screens import say
from ..views.from_records import turn_annotations

_GLYPH_KEYS: Final = {
    rec.Glyph.GOOD: "glyph_good",
    rec.Glyph.MISTAKE: "glyph_mistake",
    rec.Glyph.BRILLIANT: "glyph_brilliant",
    rec.Glyph.BLUNDER: "glyph_blunder",
    rec.Glyph.INTERESTING: "glyph_interesting",
    rec.Glyph.DUBIOUS: "glyph_dubious",
}


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
    evaluation: rec.EvalCommand | None = None
    """The ``[%eval …]`` of the turn's comments (an engine's, for Yellow), if any."""
    best: tuple[Tile, ...] = ()
    """The ``[%ghost …]`` written in the same comment as the evaluation: the best turn."""
    best_evaluation: rec.EvalCommand | None = None
    """The best turn's own evaluation, the ``(…)`` that ends that comment's text (``palago
    annotate --engine`` writes ``Engine: mistake, best 0,1R 1,1L (0.75)``), if any."""


@dataclass
class PlayLine:
    """A line of play in the move list: its frames in order, the variations that branch off at
    each of them (alternatives to that frame), the line's own comments, and the moves that could
    not be replayed (shown greyed out after the error, each with its comments: a variation's
    comments are kept wherever its line stops)."""

    frames: list[int] = field(default_factory=list)
    variations: dict[int, list[PlayLine]] = field(default_factory=dict)
    comments: tuple[str, ...] = ()
    after: tuple[str, ...] = ()
    unplayed: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)
    """Each move not replayed, as written, and its comments."""
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


def _turn_comments(turn: rec.PalagoTurn | rec.PalagoniaTurn) -> tuple[str, ...]:
    """The comments written after the moves of ``turn``."""
    if isinstance(turn, rec.PalagoTurn):
        return _texts([c for p in turn.placements for c in p.comments])
    return _texts(turn.comments)


def _notes(comments: Sequence[rec.Comment]) -> tuple[rec.Annotation, ...]:
    return tuple(a for c in comments for a in c.annotations)


def glyph_words(glyphs: Sequence[rec.Glyph], lang: str = "EN") -> str:
    """``blunder``; ``good move, mistake``."""
    return ", ".join(glyph_word(g, lang) for g in glyphs)


def glyph_word(glyph: rec.Glyph, lang: str = "EN") -> str:
    """``blunder``, ``грубая ошибка``."""
    return say(_GLYPH_KEYS[glyph], lang)


def tile_words(tile: Tile, lang: str = "EN") -> str:
    """``3,-1 tip left``."""
    tip = say("tip_" + tile.orientation.value, lang, tip=word("tip", lang))
    return f"{cell_text(tile.cell)} {tip}"


def die_words(face: Die, lang: str = "EN") -> str:
    """A die's face: its number, or the rulebook's removal or rotation."""
    if face is Die.REMOVE:
        return word("removal", lang)
    if face is Die.ROTATE:
        return word("rotation", lang)
    return str(face)


# --- Games -----------------------------------------------------------------------------------


@dataclass
class _Walked:
    """A line of play being walked: its move-list line and replay, the index of its first turn
    and its number of turns, the frame its next turn follows, and the last turn's frame."""

    line: PlayLine
    replayed: ReplayedLine
    first_index: int
    count: int
    parent: int
    depth: int = 0
    path: str = ""
    first_frame: int = 0
    """The index the line's first frame takes."""
    frame: int | None = None
    """The frame of the turn walked last (``None``: it was not played)."""
    branch: int = 0
    """The frame before that turn, where its variations branch off."""
    variations: int = 0
    """The variations of that turn walked so far."""


class _GameBuilder(Visitor[TurnT]):
    """Builds the frames of a Palago or Palagonia game and of its variations, walking its tree
    of play; each variation is replayed from its branch point."""

    def __init__(
        self, record: rec.PalagoGame | rec.PalagoniaGame, turns: tuple[TurnT, ...], lang: str
    ) -> None:
        self.record = record
        self.lang = lang
        self.turns: tuple[TurnT, ...] = turns
        self.frames: list[Frame] = []
        self.lines: list[_Walked] = []
        """The lines being walked, innermost last."""
        self.variation_error: ReplayError | None = None
        """The first illegal turn of a variation, in the order of the text (as
        :func:`~palago_tools.replays.game.replay` reports it)."""

    def tree(self) -> Tree:
        record, lang = self.record, self.lang
        replayed = replay_tree(record)
        report = replayed.report
        scores = (
            tuple((name, 0) for name in record.players)
            if isinstance(record, rec.PalagoniaGame)
            else None
        )
        start = Frame(
            index=0,
            parent=None,
            label=say("start", lang),
            key="turn=start",
            heading=say("before_first", lang),
            position=Position(),
            comments=_texts(record.comments),
            annotations=_notes(record.comments),
            scores=scores,
            said=say("before_first_said", lang),
        )
        self.frames.append(start)
        main = PlayLine(frames=[0])
        self.lines.append(_Walked(main, replayed, 0, len(self.turns), 0))
        walk_turns(self.turns, self)
        if report.error is not None and len(report.turns) < len(self.turns):
            main.error = say("not_replayed_after", lang, error=report.error.describe())
        self.frames[main.frames[-1]].last = True
        wrong = report.error or self.variation_error
        error = say("invalid_at", lang, where=wrong.describe(), rule=wrong.rule) if wrong else ""
        return Tree(self.frames, main, error, report)

    def visit_turn(self, turn: TurnT, index: int) -> None:
        walked = self.lines[-1]
        report = walked.replayed.report
        if index >= len(report.turns):
            walked.line.unplayed.append((self._written(turn), _turn_comments(turn)))
            walked.frame = None
            return
        played = report.turns[index]
        frame = self._turn_frame(turn, played, walked.parent, walked.depth, walked.path)
        if index == len(report.turns) - 1 and index - walked.first_index == walked.count - 1:
            end = verdict(report, self.lang, over=True)
            if end:
                frame.notes += (end,)
        self.frames.append(frame)
        if walked.line.frames:  # who moves next: the mover of the next frame in the line
            self.frames[walked.line.frames[-1]].to_move = frame.player
        walked.line.frames.append(frame.index)
        walked.frame, walked.branch, walked.variations = frame.index, walked.parent, 0
        walked.parent = frame.index

    def begin_variation(self, variation: rec.Variation[TurnT], turn: TurnT, index: int) -> bool:
        walked = self.lines[-1]
        if walked.frame is None:
            return False
        walked.variations += 1
        label = turn.label if isinstance(turn, rec.PalagoniaTurn) else str(turn.number)
        step = f"{label}.{walked.variations}"
        inner = PlayLine(comments=_texts(variation.comments), after=_texts(variation.after))
        self.lines.append(
            _Walked(
                inner,
                walked.replayed.variation(index, variation),
                index,
                len(variation.turns),
                walked.branch,
                walked.depth + 1,
                f"{walked.path}/{step}" if walked.path else step,
                len(self.frames),
            )
        )
        return True

    def end_variation(self, variation: rec.Variation[TurnT], turn: TurnT, index: int) -> None:
        walked = self.lines.pop()
        inner = walked.line
        replayed = walked.replayed.report
        if replayed.error is not None and len(replayed.turns) < index + len(variation.turns):
            error = replayed.error
            inner.error = say("not_playable", self.lang, error=error.describe(), rule=error.rule)
            if self.variation_error is None:
                self.variation_error = dataclasses.replace(replayed.error, variation=walked.path)
        if inner.frames:
            head, tail = self.frames[walked.first_frame], self.frames[inner.frames[-1]]
            head.comments = inner.comments + head.comments
            head.annotations = _notes(variation.comments) + head.annotations
            tail.comments = tail.comments + inner.after
        outer = self.lines[-1]
        assert outer.frame is not None
        outer.line.variations.setdefault(outer.frame, []).append(inner)

    def _written(self, turn: rec.PalagoTurn | rec.PalagoniaTurn) -> str:
        if isinstance(turn, rec.PalagoTurn):
            return f"{turn.number}. " + " ".join(p.tile.token for p in turn.placements)
        return f"{turn.label}. {_rolls(turn)} {action_text(turn.action)}"

    def _turn_frame(  # noqa: C901 - one frame's words, for either game
        self,
        turn: rec.PalagoTurn | rec.PalagoniaTurn,
        played: TurnReport,
        parent: int,
        depth: int,
        path: str,
    ) -> Frame:
        index, lang = len(self.frames), self.lang
        before = self.frames[parent]
        player = who(played.player, lang)
        key = f"turn={played.label}" + (f"&var={path}" if path else "")
        emphasis = frozenset(cell for creature in played.completed for cell in creature.cells)
        annotations = tuple(turn_annotations(turn))
        outlined = [a for a in annotations if isinstance(a, rec.OutlineCommand)]
        if outlined:
            emphasis |= frozenset(cell for a in outlined for cell in a.cells)
        completed = tuple(c.summary(lang) for c in played.completed)
        notes = (note_words(played.note, lang),) if played.note else ()
        frame = Frame(
            index=index,
            parent=parent,
            label=played.label,
            key=key,
            heading=say("turn_heading", lang, label=played.label, who=player),
            position=played.position,
            depth=depth,
            number=turn.number,
            player=player,
            completed=completed,
            emphasis=emphasis,
            annotations=annotations,
            notes=notes,
        )
        record = self.record
        if isinstance(turn, rec.PalagoTurn) and isinstance(record, rec.PalagoGame):
            frame.colour = record.mover(turn.number).value
            frame.move = " ".join(
                p.tile.token + (p.glyph.value if p.glyph else "") for p in turn.placements
            )
            frame.glyphs = tuple(p.glyph for p in turn.placements if p.glyph is not None)
            frame.comments = _texts([c for p in turn.placements for c in p.comments])
            frame.evaluation, frame.best, frame.best_evaluation = _evaluation(turn)
            placed = []
            for p in turn.placements:
                words = tile_words(p.tile, lang)
                placed.append(f"{words} ({glyph_word(p.glyph, lang)})" if p.glyph else words)
            tiles = say("and", lang).join(placed)
            frame.said = say("turn_places", lang, label=played.label, who=player, tiles=tiles)
        elif isinstance(turn, rec.PalagoniaTurn):
            frame.move = f"{_rolls(turn)} {played.move}" + (turn.glyph.value if turn.glyph else "")
            frame.glyphs = (turn.glyph,) if turn.glyph else ()
            frame.comments = _texts(turn.comments)
            totals = dict(before.scores or ())
            for name, value in played.points:
                totals[name] = totals.get(name, 0) + value
            frame.points = played.points
            frame.scores = tuple(totals.items())
            what = _palagonia_words(turn, lang)
            frame.said = say("turn_said", lang, label=played.label, who=player, what=what)
            if turn.glyph:
                frame.said += f" ({glyph_word(turn.glyph, lang)})"
        if completed:
            frame.said += say("said_completes", lang, what="; ".join(completed))
        if played.points:
            gained = ", ".join(f"{name} +{value}" for name, value in played.points)
            frame.said += say("said_points", lang, list=gained)
        frame.said += "."
        return frame


_BEST_VALUE: Final = re.compile(r"\(([^()\s]+)\)\s*$")
"""The evaluation that ends an engine comment's text: ``… best 0,1R 1,1L (0.75)``."""


def _evaluation(
    turn: rec.PalagoTurn,
) -> tuple[rec.EvalCommand | None, tuple[Tile, ...], rec.EvalCommand | None]:
    """The last ``[%eval …]`` of a turn's comments, and the ghost tiles of its comment with
    their evaluation (the ``(…)`` ending that comment's text) when it has them."""
    for comment in reversed([c for p in turn.placements for c in p.comments]):
        found = [a for a in comment.annotations if isinstance(a, rec.EvalCommand)]
        if found:
            ghosts = [a for a in comment.annotations if isinstance(a, rec.GhostCommand)]
            if not ghosts:
                return found[-1], (), None
            value = _BEST_VALUE.search(comment.text)
            best = rec.EvalCommand.read(value.group(1)) if value else None
            return found[-1], ghosts[0].tiles, best
    return None, (), None


def _rolls(turn: rec.PalagoniaTurn) -> str:
    return " ".join(roll.text for roll in turn.rolls)


def _palagonia_words(turn: rec.PalagoniaTurn, lang: str) -> str:
    """``rolls 4 and remove, places 4 tiles: 2,-1 tip down, …``."""
    rolled = say("and", lang).join(die_words(f, lang) for f in turn.roll.faces)
    action = turn.action
    if isinstance(action, rec.Place):
        tiles = counted("tile", len(action.tiles), lang)
        listed = ", ".join(tile_words(t, lang) for t in action.tiles)
        what = say("places_tiles", lang, tiles=tiles, list=listed)
    elif isinstance(action, rec.Remove):
        what = say("removes", lang, cell=cell_text(action.cell))
    elif isinstance(action, rec.Rotate):
        what = say("turns", lang, tile=tile_words(action.tile, lang))
    else:
        what = say("passes", lang)
    if turn.is_start:
        return say("start_roll", lang, what=what)
    return say("rolls", lang, rolled=rolled, what=what)


def game_tree(record: rec.PalagoGame | rec.PalagoniaGame, lang: str = "EN") -> Tree:
    """The frames of a game: the start, the main line and every variation, their words in
    ``lang``."""
    # The builder walks the record's own turns, of one kind per game: no need to tell which.
    return _GameBuilder[Any](record, record.turns, lang).tree()


# --- Green tasks -----------------------------------------------------------------------------


def _step_text(step: rec.Step, lang: str) -> tuple[str, str]:
    """The step as written and in words."""
    action = step.action
    tile = tile_words(action.tile, lang)
    if isinstance(action, rec.MoveTile):
        origin = cell_text(action.origin)
        return f"{origin}>{action.tile.token}", say("step_moves", lang, cell=origin, tile=tile)
    if isinstance(action, rec.RotateTile):
        return f"@{action.tile.token}", say("turns", lang, tile=tile)
    return f"+{action.tile.token}", say("step_adds", lang, tile=tile)


def _counts(moves: int, added: int) -> str:
    return f"↔ {moves} · Δ {added}"


def transformation_tree(record: rec.Transformation, lang: str = "EN") -> Tree:
    """A green task stepped: the start creature, each step (the moved tile marked) and the
    target, with the counts ↔ (tiles moved or turned) and Δ (tiles added) so far."""
    start = [p.tile for p in record.start]
    target = [p.tile for p in record.target]
    frames = [
        Frame(
            index=0,
            parent=None,
            label=say("start", lang),
            key="turn=start",
            heading=say("start_named", lang, name=record.source_name)
            if record.source_name
            else say("start", lang),
            position=Position(start),
            comments=_texts(record.comments),
            annotations=_notes(record.comments),
            counts=_counts(0, 0),
            said=say(
                "start_said",
                lang,
                creature=word("creature", lang),
                tiles=counted("tile", len(start), lang),
            ),
        )
    ]
    main = PlayLine(frames=[0])
    check = _stepped(record, frames, main, lang)
    position = check.result
    error = ""
    if check.error is not None:
        number = record.steps[check.error.index].number
        error = say("step_fails", lang, n=number, reason=check.error.reason)
    reached = check.reaches_target and not error
    laid = transform_distance(position, target).placement.tiles
    missing = tuple(t for t in laid if position.get(t.cell) is not t.orientation)
    if reached:
        name = " " + record.target_name if record.target_name else ""
        verdict = say("target_reached", lang, name=name, counts=_counts(check.moves, check.added))
        verdict += (
            say("is_shortest", lang)
            if check.optimal
            else say("shortest", lang, counts=_counts(check.shortest_moves, check.shortest_added))
        )
    else:
        verdict = say("not_built", lang)
    frames.append(
        Frame(
            index=len(frames),
            parent=len(frames) - 1,
            label=say("target", lang),
            key="turn=target",
            heading=say("target_named", lang, name=record.target_name)
            if record.target_name
            else say("target", lang),
            position=position,
            counts=_counts(check.moves, check.added),
            notes=(verdict,),
            emphasis=frozenset(position) if reached else frozenset(),
            ghosts=missing,
            said=verdict,
            last=True,
        )
    )
    main.frames.append(len(frames) - 1)
    return Tree(frames, main, error)


def _stepped(
    record: rec.Transformation, frames: list[Frame], main: PlayLine, lang: str
) -> TransformationCheck:
    """Make the steps of ``record`` from its start (the last of ``frames``), a frame for each
    step made, in ``main``; the steps after one that cannot be made are listed unplayed. The
    verdict is the one :func:`~palago_tools.palalab.check_transformation` gives."""
    target = [p.tile for p in record.target]
    position = frames[-1].position
    shortest = transform_distance(position, target)
    moves = added = 0
    error: StepError | None = None
    for index, step in enumerate(record.steps):
        written, words = _step_text(step, lang)
        if error is not None:
            main.unplayed.append((f"{step.number}. {written}", ()))
            continue
        solver_step = step_of(step)
        try:
            position = apply_step(position, solver_step)
        except PositionError as problem:
            error = StepError(index, solver_step, str(problem))
            main.unplayed.append((f"{step.number}. {written}", ()))
            continue
        if solver_step.is_move:
            moves += 1
        else:
            added += 1
        frame = Frame(
            index=len(frames),
            parent=len(frames) - 1,
            label=str(step.number),
            key=f"turn={step.number}",
            heading=say("step_heading", lang, n=step.number, what=words[0].upper() + words[1:]),
            position=position,
            move=written + (step.glyph.value if step.glyph else ""),
            glyphs=(step.glyph,) if step.glyph else (),
            comments=_texts(step.comments),
            annotations=_notes(step.comments),
            counts=_counts(moves, added),
            said=say("step_said", lang, n=step.number, what=words)
            + (f" ({glyph_word(step.glyph, lang)})" if step.glyph else "")
            + ".",
        )
        frames.append(frame)
        main.frames.append(frame.index)
    return TransformationCheck(
        error, position, same_shape(position, target), moves, added, shortest.moves, shortest.added
    )


# --- Positions and cards ---------------------------------------------------------------------


def still_tree(
    record: rec.PositionRecord | rec.CreatureCard,
    heading: str,
    notes: tuple[str, ...],
    lang: str = "EN",
) -> Tree:
    """One frame: a position or a creature card with its comments and annotations."""
    comments = record.comments + tuple(c for p in record.placements for c in p.comments)
    frame = Frame(
        index=0,
        parent=None,
        label=say("kind_" + rec.KIND_OF[type(record)], lang),
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
