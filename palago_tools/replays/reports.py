"""The JSON reports of ``palago replay --json``, ``check --json`` and ``analyse --json``.

One shape for the same thing everywhere (``docs/json.md``; JSON Schema files in
``palago_tools/schemas/``, version :data:`SCHEMA_VERSION`): every entry of ``replay`` and
``check`` has its record number (counting unreadable records too) and start line; errors are one
object with the turn as written and its index; colours are lower-case; ``winner`` is a colour or
``null``; players are a list of seats with names; scores are a list per seat.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from importlib import resources
from typing import Any, Final

from ..core.analysis import Analysis, Status
from ..core.position import Position
from ..core.tiles import Colour
from ..errors import UsageError
from ..notation import NotationError
from ..notation import records as rec
from ..palalab import CatalogEntry, CreatureReport, SubmissionReport
from ..palalab.check import report_creature
from .game import RecordReport, ReplayError

SCHEMA_VERSION: Final = 1
"""Bumped when a key changes meaning or goes away (new keys may be added without a bump)."""
SCHEMAS: Final = ("replay", "check", "analyse", "best")

JSON = dict[str, Any]


SCHEMA_FILE: Final = "palago-reports.schema.json"


def schema(name: str | None = None) -> JSON:
    """The JSON Schema of the reports (any of them), or of the ``name`` report (``replay``,
    ``check`` or ``analyse``) alone."""
    text = resources.files("palago_tools.schemas").joinpath(SCHEMA_FILE).read_text("utf-8")
    whole: JSON = json.loads(text)
    if name is None:
        return whole
    if name not in SCHEMAS:
        raise UsageError(f"no schema {name!r}: the schemas are {', '.join(SCHEMAS)}")
    return {"$schema": whole["$schema"], "$defs": whole["$defs"], "$ref": f"#/$defs/{name}"}


def dumps(value: object) -> str:
    """The JSON text the commands print (indented, UTF-8 kept)."""
    return json.dumps(value, indent=2, ensure_ascii=False)


# --- Shared pieces ---------------------------------------------------------------------------


def error_json(
    *,
    line: int,
    column: int,
    message: str,
    rule: str | None = None,
    turn: str | None = None,
    turn_index: int | None = None,
    move: str | None = None,
    variation: str | None = None,
) -> JSON:
    """An error: where (line, column), what (message, rule), the turn it belongs to and the
    variation that turn is in (``None``: the main line)."""
    return {
        "turn": turn,
        "turn_index": turn_index,
        "move": move,
        "rule": rule,
        "line": line,
        "column": column,
        "message": message,
        "variation": variation,
    }


def notation_error_json(error: NotationError) -> JSON:
    """A record that could not be read, as an error object (rule ``"notation"``)."""
    return error_json(
        line=error.line,
        column=error.column,
        message=error.description,
        rule="notation",
        turn=error.turn_label,
        turn_index=error.turn_index,
    )


def creature_json(report: CreatureReport) -> JSON:
    """A creature: colour, cells, numbers, score breakdown, identity id and matching card."""
    return report.as_dict()


def _entry(number: int, line: int, kind: str | None, valid: bool, error: JSON | None) -> JSON:
    return {"record": number, "line": line, "kind": kind, "valid": valid, "error": error}


# --- replay ----------------------------------------------------------------------------------


def _players(record: rec.Record) -> list[JSON]:
    if isinstance(record, rec.PalagoGame):
        return [
            {"seat": 0, "name": record.yellow, "colour": Colour.YELLOW.value},
            {"seat": 1, "name": record.blue, "colour": Colour.BLUE.value},
        ]
    if isinstance(record, rec.PalagoniaGame):
        return [
            {"seat": seat, "name": name, "colour": None} for seat, name in enumerate(record.players)
        ]
    return []


def replay_error_json(error: ReplayError, turns_replayed: int) -> JSON:
    """A replay error; the turn that failed is the one after the turns replayed."""
    return error_json(
        line=error.line,
        column=error.column,
        message=error.message,
        rule=error.rule,
        turn=error.turn or None,
        turn_index=error.turn_index
        if error.turn_index is not None
        else turns_replayed
        if error.turn
        else None,
        move=error.move or None,
        variation=error.variation or None,
    )


def replay_json(number: int, record: rec.Record, report: RecordReport) -> JSON:
    """One entry of ``palago replay --json``."""
    error = None if report.error is None else replay_error_json(report.error, len(report.turns))
    winners = list(report.winner_seats)
    winner = None
    if isinstance(record, rec.PalagoGame) and len(winners) == 1:
        winner = (Colour.YELLOW if winners[0] == 0 else Colour.BLUE).value
    return {
        **_entry(number, record.span.line, report.kind, report.valid, error),
        "players": _players(record),
        "turns": len(report.turns),
        "tiles": report.tiles,
        "game_over": report.game_over,
        "restarted": report.restarted,
        "notes": list(report.notes),
        "draw": report.draw,
        "winner": winner,
        "winners": winners,
        "scores": None if report.seat_scores is None else list(report.seat_scores),
    }


def unreadable_replay_json(number: int, error: NotationError) -> JSON:
    """An entry of ``palago replay --json`` for a record that could not be read."""
    return {
        **_entry(number, error.line, None, False, notation_error_json(error)),
        "players": [],
        "turns": 0,
        "tiles": 0,
        "game_over": False,
        "restarted": False,
        "notes": [],
        "draw": False,
        "winner": None,
        "winners": [],
        "scores": None,
    }


# --- check -----------------------------------------------------------------------------------


def check_json(
    number: int,
    record: rec.Record,
    report: SubmissionReport | None = None,
    *,
    valid: bool | None = None,
    red_task: tuple[CatalogEntry, bool, str] | None = None,
    transformation: tuple[bool, str] | None = None,
    error: JSON | None = None,
) -> JSON:
    """One entry of ``palago check --json``: a submission's creatures and problems, the red
    task's verdict (card, solved, message) or a transformation's (optimal, message)."""
    ok = valid if valid is not None else (report is not None and report.valid)
    return {
        **_entry(number, record.span.line, rec.KIND_OF[type(record)], ok, error),
        "creatures": [] if report is None else [creature_json(c) for c in report.creatures],
        "problems": [] if report is None else [p.as_dict() for p in report.problems],
        "red_task": None
        if red_task is None
        else {
            "card": red_task[0].number,
            "name": red_task[0].name,
            "solved": red_task[1],
            "message": red_task[2],
        },
        "transformation": None
        if transformation is None
        else {"optimal": transformation[0], "message": transformation[1]},
    }


def unreadable_check_json(number: int, error: NotationError) -> JSON:
    """An entry of ``palago check --json`` for a record that could not be read."""
    return {
        **_entry(number, error.line, None, False, notation_error_json(error)),
        "creatures": [],
        "problems": [],
        "red_task": None,
        "transformation": None,
    }


# --- analyse ---------------------------------------------------------------------------------


def analyse_json(
    position: Position,
    analysis: Analysis,
    catalog: Sequence[CatalogEntry] | None = None,
    open_regions: bool = False,
) -> JSON:
    """The report of ``palago analyse --json``: the creatures (as in ``check``, matched against
    ``catalog``) and the closed regions that are not creatures (open ones too on request)."""
    index = None if catalog is None else {entry.id: entry for entry in catalog}
    return {
        "tiles": len(position),
        "creatures": [
            creature_json(report_creature(position, c, index)) for c in analysis.creatures
        ],
        "regions": [
            {"colour": v.colour.value, "status": v.status.value, "message": v.message}
            for v in analysis.verdicts
            if open_regions or v.status is not Status.OPEN
        ],
    }
