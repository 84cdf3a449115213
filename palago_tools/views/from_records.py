"""Diagrams of notation records: a position, a creature card, or a game after a given turn, with
the annotations written in the record's comments (``[%highlight …]``, ``[%mark …]`` …)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..core.colours import NAMED_COLOURS, colour_names
from ..core.hexgrid import Cell
from ..core.position import Position
from ..diagram.annotations import Arrow, Emphasis, Ghost, Highlight, Label, Mark, MoveNumber
from ..diagram.errors import DiagramError
from ..diagram.model import Diagram
from ..errors import UsageError
from ..notation import records as rec
from ..replays.game import RecordReport, replay


def colour_value(name: str) -> str:
    """``#rrggbb`` for a colour written in a record (a name from :data:`NAMED_COLOURS` or hex)."""
    if name.startswith("#"):
        return name.lower()
    try:
        return NAMED_COLOURS[name]
    except KeyError:
        raise DiagramError(
            f"unknown colour {name!r}: use #rrggbb or one of {colour_names()}"
        ) from None


def annotated(diagram: Diagram, annotations: Iterable[rec.Annotation]) -> Diagram:
    """``diagram`` with the record annotations drawn on it."""
    marks = list(diagram.marks)
    arrows = list(diagram.arrows)
    labels = list(diagram.labels)
    highlights = list(diagram.highlights)
    ghosts = list(diagram.ghosts)
    emphasis = diagram.emphasis
    outlined: set[Cell] = set()
    outline_colour: str | None = None
    for note in annotations:
        if isinstance(note, rec.HighlightCommand):
            highlights.append(Highlight.of(note.cells, colour_value(note.colour)))
        elif isinstance(note, rec.MarkCommand):
            marks.extend(Mark(cell, note.shape) for cell in note.cells)
        elif isinstance(note, rec.LabelCommand):
            labels.append(Label(note.cell, note.text))
        elif isinstance(note, rec.ArrowCommand):
            arrows.append(Arrow(note.start, note.end, colour_value(note.colour)))
        elif isinstance(note, rec.OutlineCommand):
            outlined.update(note.cells)
            outline_colour = colour_value(note.colour)
        elif isinstance(note, rec.GhostCommand):
            ghosts.extend(Ghost(tile) for tile in note.tiles)
        # an evaluation (%eval) is not drawn on the board
    if outlined:
        emphasis = Emphasis(frozenset(outlined), colour=outline_colour)
    return Diagram(
        diagram.position,
        marks=tuple(marks),
        arrows=tuple(arrows),
        labels=tuple(labels),
        highlights=tuple(highlights),
        ghosts=tuple(ghosts),
        numbers=diagram.numbers,
        empty=diagram.empty,
        emphasis=emphasis,
        caption=diagram.caption,
        number=diagram.number,
        legend=diagram.legend,
    )


def _comment_annotations(comments: Iterable[rec.Comment]) -> list[rec.Annotation]:
    return [a for c in comments for a in c.annotations]


def card_caption(record: rec.CreatureCard, lang: str = "EN") -> str:
    """A creature card's caption: its number and its name in ``lang`` (``12. Pala-camel``), the
    one of them it has alone."""
    name = record.name(lang) or ""
    return f"{record.card}. {name}".strip(". ") if record.card is not None else name


def diagram_of(record: rec.Record, turn: int | None = None, numbers: bool = True) -> Diagram:
    """The diagram of a record; for a game, the position after ``turn`` (the last turn when
    ``None``) with its tiles numbered by turn and the annotations written at that turn."""
    if isinstance(record, (rec.PalagoGame, rec.PalagoniaGame)):
        return _game_diagram(record, turn, numbers)
    if turn is not None:
        raise UsageError(f"--turn is for games; this record is a {rec.KIND_OF[type(record)]}")
    if isinstance(record, rec.PositionRecord):
        base = Diagram(record.position(), caption=record.caption or "")
        return annotated(base, record.annotations())
    if isinstance(record, rec.CreatureCard):
        caption = card_caption(record)
        comments = record.comments + tuple(c for p in record.placements for c in p.comments)
        return annotated(
            Diagram(record.position(), caption=caption), _comment_annotations(comments)
        )
    start = Position(p.tile for p in record.start)
    title = " → ".join(n for n in (record.source_name, record.target_name) if n)
    return annotated(Diagram(start, caption=title), _comment_annotations(record.comments))


def _game_diagram(
    record: rec.PalagoGame | rec.PalagoniaGame, turn: int | None, numbers: bool
) -> Diagram:
    report = replay(record)
    played = report.turns
    if not played:
        if report.error is not None:
            raise DiagramError(f"the game cannot be drawn: {report.error.describe()}")
        return Diagram(Position(), caption="Before the first turn")
    if turn is None and report.error is not None:
        error = report.error
        raise DiagramError(
            f"the game cannot be drawn after its last turn: line {error.line}, column "
            f"{error.column}: {error.describe()} [{error.rule}]; --turn draws a turn before it"
        )
    index = len(played) - 1 if turn is None else _turn_index(record, report, turn)
    return turn_diagram(record, report, index, numbers)


def turn_diagram(
    record: rec.PalagoGame | rec.PalagoniaGame,
    report: RecordReport,
    index: int,
    numbers: bool = True,
) -> Diagram:
    """The diagram after the replayed turn ``report.turns[index]`` (the ``index``-th turn of the
    main line, extra turns counted): its tiles numbered by turn when ``numbers``, the last turn's
    numbers filled, the annotations written at that turn, and a caption with the players."""
    played = report.turns
    shown = played[index]
    main: Sequence[rec.PalagoTurn | rec.PalagoniaTurn] = record.turns
    numbered: list[MoveNumber] = []
    if numbers:
        for i, done in enumerate(main[: index + 1]):
            cells = _placed_cells(done)
            numbered.extend(
                MoveNumber(cell, done.number, last=(i == index))
                for cell in cells
                if cell in shown.position
            )
        # a later turn may have replaced a tile (removal then placement): keep the latest number
        latest: dict[Cell, MoveNumber] = {n.cell: n for n in numbered}
        numbered = list(latest.values())
    caption = _game_caption(record, report, shown.label, index == len(played) - 1)
    base = Diagram(shown.position, numbers=tuple(numbered), caption=caption)
    return annotated(base, turn_annotations(main[index]))


def _turn_index(record: rec.PalagoGame | rec.PalagoniaGame, report: RecordReport, turn: int) -> int:
    """Index of the last replayed turn numbered ``turn`` (after its extra turns, if any)."""
    turns: Sequence[rec.PalagoTurn | rec.PalagoniaTurn] = record.turns
    found = [i for i, t in enumerate(turns[: len(report.turns)]) if t.number == turn]
    if found:
        return found[-1]
    if report.error is not None and any(t.number == turn for t in turns):
        raise DiagramError(
            f"turn {turn} cannot be drawn: the record is invalid at {report.error.describe()}"
        )
    first, last = turns[0].number, turns[-1].number
    raise UsageError(f"the game has no turn {turn}; its turns are {first} to {last}")


def _placed_cells(turn: rec.PalagoTurn | rec.PalagoniaTurn) -> list[Cell]:
    if isinstance(turn, rec.PalagoTurn):
        return [t.cell for t in turn.tiles]
    if isinstance(turn.action, rec.Place):
        return [t.cell for t in turn.action.tiles]
    if isinstance(turn.action, rec.Rotate):
        return [turn.action.tile.cell]
    return []


def turn_annotations(turn: rec.PalagoTurn | rec.PalagoniaTurn) -> list[rec.Annotation]:
    """The annotations written in the comments of one turn of a game."""
    if isinstance(turn, rec.PalagoTurn):
        return _comment_annotations(c for p in turn.placements for c in p.comments)
    return _comment_annotations(turn.comments)


def _game_caption(
    record: rec.PalagoGame | rec.PalagoniaGame, report: RecordReport, label: str, last: bool
) -> str:
    if isinstance(record, rec.PalagoGame):
        players = " – ".join(n for n in (record.yellow, record.blue) if n)
    else:
        players = ", ".join(record.players)
    text = f"{players}: after turn {label}" if players else f"After turn {label}"
    if last and report.error is None:
        if report.winner:
            text += f"; {report.winner} won"
        elif report.draw:
            text += "; drawn"
    return text + "."
