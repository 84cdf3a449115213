"""What the table page shows, as plain JSON values: the board, whose turn it is and what that
turn may do, the move list, the Palagonia score table with shared points, and the outcome of the
last change. Also the board of a turn being entered (:func:`preview`), before it is sent.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from typing import Any

from ..core.hexgrid import Cell, cell_text, neighbours
from ..core.tiles import Colour
from ..diagram.annotations import MoveNumber
from ..glossary import counted
from ..notation import records as rec
from ..replays.game import RecordReport
from ..replays.words import note_words, who
from ..rules import palago as pg
from ..rules import palagonia as pn
from ..screens import say, side
from .actions import FACES, BadAction, parse_cell, parse_tile
from .board import board_svg
from .computer import Computer, computer_seats
from .games import PalagoniaPlay, contenders
from .history import turn_label, turns_words
from .said import listed
from .session import Session

Json = dict[str, Any]


def _numbers(record: rec.PalagoGame | rec.PalagoniaGame) -> list[MoveNumber]:
    """The tiles the last turn laid or turned, numbered with its turn (the rest stay plain: at
    the table the board shows what just happened, the move list the rest)."""
    if not record.turns:
        return []
    turn = record.turns[-1]
    if isinstance(turn, rec.PalagoTurn):
        cells = [t.cell for t in turn.tiles]
    elif isinstance(turn.action, rec.Place):
        cells = [t.cell for t in turn.action.tiles]
    elif isinstance(turn.action, rec.Rotate):
        cells = [turn.action.tile.cell]
    else:
        return []
    return [MoveNumber(cell, turn.number, last=True) for cell in cells]


def _players(session: Session, lang: str) -> list[Json]:
    record = session.record
    if isinstance(record, rec.PalagoGame):
        computer = session.computer
        return [
            {
                "seat": seat,
                "name": name or side(colour.value, lang),
                "colour": colour.value,
                "computer": computer is not None and computer.colour is colour,
            }
            for seat, (colour, name) in enumerate(
                ((Colour.YELLOW, record.yellow), (Colour.BLUE, record.blue))
            )
        ]
    if isinstance(record, rec.PalagoniaGame):
        seats = computer_seats(record)
        return [
            {"seat": seat, "name": name, "colour": None, "computer": seat in seats}
            for seat, name in enumerate(record.players)
        ]
    return []


_MOVE_LISTS: dict[tuple[int, str], tuple[RecordReport, list[Json]]] = {}
"""The move lists made for the last reports (by identity and language), to extend as their
games go on."""
_MOVE_LISTS_LOCK = threading.Lock()


def _moves(session: Session, lang: str) -> list[Json]:
    """The move list: the one made for the session's report before, with the turns played
    since (a report only grows; an undo replays the game into a new one)."""
    if session.play is None:
        return []
    report, record = session.play.report, session.play.record
    written = record.turns if isinstance(record, rec.PalagoniaGame) else ()
    with _MOVE_LISTS_LOCK:
        return list(_extended_moves(report, written, lang))


def _extended_moves(
    report: RecordReport, written: Sequence[rec.PalagoniaTurn], lang: str
) -> list[Json]:
    kept = _MOVE_LISTS.get((id(report), lang))
    out = kept[1] if kept is not None and kept[0] is report else []
    if len(out) > len(report.turns):
        out = []
    for index in range(len(out), len(report.turns)):
        turn = report.turns[index]
        dice = " ".join(r.text for r in written[index].rolls) if written else ""
        out.append(
            {
                "label": turn.label,
                "player": who(turn.player, lang),
                "dice": dice,
                "move": turn.move,
                "completed": [c.summary(lang) for c in turn.completed],
                "points": [[name, value] for name, value in turn.points],
                "note": turn.note if lang == "EN" else note_words(turn.note, lang),
            }
        )
    if kept is None or kept[1] is not out:
        _MOVE_LISTS[(id(report), lang)] = (report, out)
        while len(_MOVE_LISTS) > 8:
            del _MOVE_LISTS[next(iter(_MOVE_LISTS))]
    return out


def score_table(
    record: rec.PalagoniaGame, session: Session, every_turn: bool = False, lang: str = "EN"
) -> Json:
    """Per scoring turn (every turn after the start with ``every_turn``): the points each seat
    gained (``shared`` when they came from the next player's creature) and the running totals,
    as on the score pad; ``labels`` head its columns (a computer seat by its player in
    words: ``computer level2``, where its name in the record is long)."""
    names = record.players
    report = session.play.report if session.play is not None else None
    totals = [0] * len(names)
    rows: list[Json] = []
    if report is not None:
        for turn, written in zip(report.turns, record.turns, strict=False):
            if not turn.points and (not every_turn or written.is_start):
                continue
            mover = names.index(turn.player) if turn.player in names else -1
            gained: list[int | None] = [None] * len(names)
            shared = [False] * len(names)
            for name, value in turn.points:
                seat = names.index(name)
                gained[seat] = (gained[seat] or 0) + value
                totals[seat] += value
                shared[seat] = seat != mover
            rows.append(
                {
                    "label": turn.label,
                    "player": turn.player,
                    "extra": written.extra > 0,
                    "points": gained,
                    "shared": shared,
                    "totals": list(totals),
                    "creatures": [c.summary(lang) for c in turn.completed if c.score >= 3],
                }
            )
    computers = computer_seats(record)
    labels = [
        say("t_computer_player", lang, name=computers[seat]) if seat in computers else name
        for seat, name in enumerate(names)
    ]
    return {"names": list(names), "labels": labels, "rows": rows, "totals": totals}


def _palago(session: Session, game: pg.Palago, record: rec.PalagoGame, lang: str) -> Json:
    mover = game.mover
    name = record.yellow if mover is Colour.YELLOW else record.blue
    tiles = game.tiles_this_turn()
    computer = session.computer
    number = game.turn_number
    if session.computer_to_move and computer is not None:
        who = computer.words(lang)
        problem = session.computer_problem
        status = (
            say("t_computer_failed", lang, n=number, who=who, error=problem)
            if problem
            else say("t_computer_thinking", lang, n=number, who=who)
        )
    else:
        who = f"{side(mover.value, lang)} ({name})"
        status = say("t_places_one" if tiles == 1 else "t_places_two", lang, n=number, who=who)
    return {
        "mover": mover.value,
        "status": session.result_text(lang) if game.over else status,
        "tiles_this_turn": tiles,
        "supply": game.tiles_left,
    }


def _palagonia(session: Session, play: PalagoniaPlay, lang: str) -> Json:
    game, record = play.game, play.record
    names = record.players
    number, extra = play.next_label()
    label = f"{number}{'+' * extra}"
    out: Json = {
        "bag": game.bag,
        "label": label,
        "scores": score_table(record, session, lang=lang),
        "possible": {face: game.started and game.possible(rec.Die(face)) for face in FACES},
    }
    if not record.turns:
        seats = contenders(play.rolls, len(names))
        starter = play.starter()
        out["rolloff"] = {
            "rounds": [[f.value for f in faces] for faces in play.rolls],
            "contenders": seats,
            "starter": None if starter is None else starter[0],
            "count": None if starter is None else starter[1].count,
        }
        if starter is None:
            out["status"] = say("t_rolloff_status", lang)
            if play.rolls:
                out["status"] = say("t_tie", lang, list=", ".join(names[s] for s in seats))
        else:
            tiles = counted("tile", starter[1].count or 0, lang)
            out["status"] = say("t_start_turn", lang, who=names[starter[0]], tiles=tiles) + (
                _computer_doing(session, lang) if play.computer_to_move else ""
            )
        out["seat"] = None if starter is None else starter[0]
    else:
        out["seat"] = game.player
        again = say("t_extra", lang) if extra else ""
        who = names[game.player]
        if game.over:
            out["status"] = session.result_text(lang)
        elif play.wants_roll:
            out["status"] = say("t_roll_status", lang, label=label, who=who, again=again)
        elif play.computer_to_move:
            rolled = listed([f.value for f in play.roll], lang) if play.roll else ""
            out["status"] = say(
                "t_rolled_status", lang, label=label, who=who, rolled=rolled, again=again
            ) + _computer_doing(session, lang)
        else:
            out["status"] = say("t_rolls_status", lang, label=label, who=who, again=again)
    out["computer_roll"] = play.wants_roll
    out["computer_roll_for"] = names[game.player] if play.wants_roll else None
    return out


def _computer_doing(session: Session, lang: str) -> str:
    """What the computer is doing on its turn: thinking, or why it could not play."""
    problem = session.computer_problem
    return say("t_and_failed", lang, error=problem) if problem else say("t_and_thinking", lang)


def table_state(session: Session, lang: str = "EN") -> Json:
    """Everything the page shows about the game now, its words in ``lang``."""
    record, game = session.record, session.game
    state: Json = {
        "instance": session.instance,
        "version": session.version,
        "at": session.key,
        "file": session.path.name if session.path is not None else None,
        "outcome": {
            "text": session.outcome.said(lang),
            "creatures": [c.summary(lang) for c in session.outcome.completed],
        },
        "can_new": record is None
        or (session.over and session.path is not None and session.path.name.startswith("table-")),
        "computer": _computer(session.computer),
        "computer_default": _computer(session.computer_default),
        "computer_seats_default": {
            str(seat): player for seat, player in session.seats_default.items()
        },
        "thinking": session.thinking,
        "computer_to_move": session.computer_to_move,
    }
    if record is None or game is None:
        board = board_svg(session.position(), lang=lang)
        state.update(kind=None, phase="setup", players=[], moves=[], board=board)
        return state
    completed = [cell for c in session.outcome.completed for cell in c.cells]
    state.update(
        kind=rec.KIND_OF[type(record)],
        players=_players(session, lang),
        moves=_moves(session, lang),
        over=session.over,
        result=session.result_text(lang),
        can_undo=session.undo_count > 0,
        can_redo=bool(session.history.undone),
        undo_label=_undo_label(session, lang),
        tiles=len(game.tiles),
    )
    if isinstance(game, pg.Palago):
        assert isinstance(record, rec.PalagoGame)
        state.update(_palago(session, game, record, lang))
        state["phase"] = "over" if game.over else "turn"
    else:
        play = session.play
        assert isinstance(play, PalagoniaPlay)
        state.update(_palagonia(session, play, lang))
        if game.over:
            state["phase"] = "over"
        elif not record.turns:
            state["phase"] = "start" if play.starter() is not None else "rolloff"
        else:
            state["phase"] = "turn"
    state["board"] = board_svg(
        session.position(),
        targets=[] if session.over else _placing_targets(session, state),
        completed=completed,
        numbers=_numbers(record),
        lang=lang,
    )
    return state


def _computer(computer: Computer | None) -> Json | None:
    if computer is None:
        return None
    return {"colour": computer.colour.value, "level": computer.level, "name": computer.name}


def _undo_label(session: Session, lang: str) -> str:
    """What Undo takes back, in words: ``turn 7``, ``turns 6 and 7`` (a turn and the computer's
    reply), ``the last roll-off round``."""
    if isinstance(session.play, PalagoniaPlay) and session.play.rolls:
        return say("t_last_round", lang)
    record = session.record
    count = session.undo_count
    if record is None or not count:
        return ""
    return turns_words([turn_label(t) for t in record.turns[-count:]], lang)


def _placing_targets(session: Session, state: Json) -> list[Cell]:
    """Cells to tap when the turn places tiles (Palago, the Palagonia start)."""
    if session.computer_to_move:
        return []
    if state["phase"] in ("turn", "start") and (
        state["kind"] == "Palago" or state["phase"] == "start"
    ):
        return _targets(session)
    return []


def _targets(session: Session, pending: Sequence[Cell] = ()) -> list[Cell]:
    """Empty cells a tile may be tapped onto: next to the palago or the pending tiles (the
    middle of the table when both are empty)."""
    occupied = set(session.game.tiles) if session.game is not None else set()
    near = occupied | set(pending)
    if not near:
        return [(0, 0)]
    found = {n for cell in near for n in neighbours(cell)} - near
    return sorted(found)


def preview(session: Session, data: Mapping[str, object], lang: str = "EN") -> Json:
    """The board with a turn being entered: ``place`` (tiles not yet sent) shows them on a
    highlight and the cells next to them as targets; ``pick`` (``removable`` or ``inner``) makes
    those tiles tappable; ``selected`` (a cell) and ``rotate`` (a tile) show a chosen tile."""
    mode = data.get("mode", "place")
    if mode not in ("place", "removable", "inner", "none"):
        raise BadAction(f"mode is place, removable, inner or none, not {mode!r:.20}")
    position = session.position()
    pending_value = data.get("pending", [])
    if not isinstance(pending_value, list) or len(pending_value) > 5:
        raise BadAction("pending is a list of at most 5 tile tokens")
    pending = [parse_tile(t) for t in pending_value]
    for tile in pending:
        if tile.cell in position:
            raise BadAction(f"cell {cell_text(tile.cell)} already holds a tile")
    selected = parse_cell(data["selected"]) if data.get("selected") is not None else None
    if data.get("rotate") is not None:
        tile = parse_tile(data["rotate"])
        if tile.cell not in position:
            raise BadAction(f"cell {cell_text(tile.cell)} holds no tile to turn")
        position = position.rotate(tile.cell, tile.orientation)
        selected = tile.cell
    game = session.game
    pickable: list[Cell] = []
    if isinstance(game, pn.Palagonia) and game.started:
        if mode == "removable":
            pickable = game.removable_tiles()
        elif mode == "inner":
            pickable = game.inner_tiles()
    targets = _targets(session, [t.cell for t in pending]) if mode == "place" else []
    record = session.record
    numbers = _numbers(record) if record is not None else []
    return {
        "board": board_svg(
            position,
            pending=pending,
            targets=targets,
            pickable=pickable,
            selected=selected,
            numbers=numbers,
            lang=lang,
        )
    }
