"""A game at the table: the record being played, checked by the rules, saved after every turn.

A :class:`Session` holds one Palago or Palagonia record and the rules' game replayed from it.
Every change (a new game, a turn, a roll-off round, an undo) names the version of the game it was
made against; a change against an older version is refused as stale, so a turn sent twice, or by
two players at once, is applied once. After every accepted turn the record is rewritten
atomically in canonical notation, so the file always holds every turn played and a new session
on the same file continues the game.

Actions arrive as plain values (what a client's JSON decodes to), checked by :mod:`.actions`;
an illegal one raises :class:`~.actions.Refused` with the rule's own message, a stale one
:class:`~.actions.Stale`. Nothing here knows about HTTP.
"""

from __future__ import annotations

import datetime
import secrets
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from ..core.analysis import Creature
from ..core.hexgrid import Cell, cell_text, neighbours
from ..core.position import Position
from ..core.tiles import Colour
from ..errors import IllegalMoveError
from ..files import atomic_write
from ..notation import parse_file, write_record
from ..notation import records as rec
from ..notation.sgf import first_mark
from ..replays.game import RecordReport, play_palagonia_turn, replay, rules_action, rules_game
from ..rules import palago as pg
from ..rules import palagonia as pn
from .actions import (
    BadAction,
    Refused,
    Setup,
    Stale,
    TableError,
    json_face,
    json_field,
    json_tiles,
    parse_cell,
    parse_tile,
)


class FileProblem(TableError):
    """The record file cannot be read, or its folder does not exist."""


class SaveError(TableError):
    """The record file could not be written; the action was not applied."""


# --- The game replayed -----------------------------------------------------------------------

GameRecord = rec.PalagoGame | rec.PalagoniaGame


def contenders(rounds: Sequence[Sequence[rec.Die]], players: int) -> list[int]:
    """The seats still in the start roll-off after ``rounds`` (each with one die per seat still
    in it): the tied highest of the last round, or everyone when it had no number."""
    roll_off = pn.RollOff(players)
    for faces in rounds:
        roll_off.roll(list(faces))
    return roll_off.contenders


@dataclass(frozen=True)
class Outcome:
    """What the last accepted change did, to show next to the board."""

    text: str
    completed: tuple[Creature, ...] = ()


class Session:
    """One game at the table, kept in a record file. Every public method is safe to call from
    several threads; changes are made one at a time."""

    def __init__(
        self, path: Path | None, record: GameRecord | None = None, folder: Path | None = None
    ) -> None:
        self.path = path
        self.folder = folder or Path.cwd()
        self.record: GameRecord | None = record
        self.instance = secrets.token_hex(6)
        self.version = 0
        self.rolls: list[tuple[rec.Die, ...]] = []
        self.outcome = Outcome("")
        self._lock = threading.Lock()
        self.game: pg.Palago | pn.Palagonia | None = None
        self.report: RecordReport | None = None
        if record is not None:
            self._load(record)

    # Opening a file ----------------------------------------------------------------------------
    @classmethod
    def open(cls, path: Path | None, folder: Path | None = None) -> Session:
        """The session of ``path``: the game it holds continues, or, when the file does not exist,
        a new game will be written there. Without a path new games get a file of their own in
        ``folder`` (the current directory)."""
        if path is None or not path.exists():
            if path is not None and not path.parent.is_dir():
                raise FileProblem(f"cannot write {path}: folder {path.parent} does not exist")
            return cls(path, folder=folder)
        try:
            result = parse_file(path)
        except OSError as error:
            raise FileProblem(f"cannot read {path}: {error.strerror or error}") from None
        if result.errors:
            raise result.errors[0]  # located (file:line:column, caret): the CLI reports it so
        if first_mark(path.read_text(encoding="utf-8", errors="replace")) == "(":
            raise TableError(
                f"{path} is a boardspace.net record, and palago serve rewrites its file in the "
                f"notation: convert it first (palago convert {path} --to palago -o GAME.palago)"
            )
        games = result.records
        if len(games) != 1:
            raise TableError(
                f"{path} holds {len(games)} records; palago serve continues a file of one game "
                "(name a new file to start one)"
            )
        (record,) = games
        if not isinstance(record, (rec.PalagoGame, rec.PalagoniaGame)):
            raise TableError(
                f"{path} holds a {rec.KIND_OF[type(record)]} record, not a game to continue"
            )
        report = replay(record)
        if report.error is not None:
            where = f"{path}:{report.error.line}:{report.error.column}"
            raise TableError(f"{where}: {report.error.describe()}; fix the record first")
        return cls(path, record, folder)

    def _load(self, record: GameRecord) -> None:
        self.record = record
        self.game = rules_game(record)
        self.report = replay(record)

    # Versions ----------------------------------------------------------------------------------
    def _check_version(self, data: Mapping[str, object]) -> None:
        version = json_field(data, "version", int)
        instance = data.get("instance", self.instance)
        if instance != self.instance:
            raise Stale(
                "the server was restarted since this page was loaded; the page shows the game again"
            )
        if version != self.version:
            raise Stale(
                f"the game has changed since (version {version}, now {self.version}): "
                "someone else acted first; the page shows the game as it is now"
            )

    # Changes -----------------------------------------------------------------------------------
    def apply(self, data: Mapping[str, object]) -> None:
        """Carry out one action (a JSON object already decoded): ``new``, ``turn``, ``rolloff``,
        ``start`` or ``undo``. Raises :class:`TableError` and changes nothing when refused."""
        kind = json_field(data, "type", str)
        with self._lock:
            self._check_version(data)
            if kind == "new":
                self._new(Setup.from_json(data))
            elif kind == "undo":
                self._undo()
            elif self.record is None:
                raise Refused("no-game", "no game yet: start a new game first")
            elif self.over:
                raise Refused(
                    "game-over",
                    f"the game is over ({self.result_text()}); undo the last turn to change it",
                )
            elif kind == "turn" and isinstance(self.record, rec.PalagoGame):
                self._palago_turn(data)
            elif kind == "turn" and isinstance(self.record, rec.PalagoniaGame):
                self._palagonia_turn(data)
            elif kind == "rolloff" and isinstance(self.record, rec.PalagoniaGame):
                self._rolloff(data)
            elif kind == "start" and isinstance(self.record, rec.PalagoniaGame):
                self._start(data)
            else:
                raise BadAction(f"unknown action type {kind!r:.20} for this game")
            self.version += 1

    def _new(self, setup: Setup) -> None:
        if self.record is not None and not (self.over and self._may_start_another()):
            raise Refused(
                "game-in-progress",
                "this table already has a game in its file; finish it (or start palago serve on "
                "a new file) before starting another",
            )
        if self.record is not None:
            self.path = None
        record = setup.record()
        if self.path is None:
            self.path = self._new_file()
        self._save(record)
        self._load(record)
        self.rolls = []
        self.outcome = Outcome(f"New {setup.kind} game: {', '.join(setup.names)}")

    def _may_start_another(self) -> bool:
        return (
            self.path is not None
            and self.path.parent == self.folder
            and self.path.name.startswith("table-")
        )

    def _new_file(self) -> Path:
        stamp = datetime.datetime.now().strftime("%Y-%m-%d-%H%M%S")
        for n in range(1000):
            path = self.folder / (
                f"table-{stamp}.palago" if n == 0 else f"table-{stamp}-{n}.palago"
            )
            if not path.exists():
                return path
        raise SaveError(f"cannot find a free file name in {self.folder}")

    def _save(self, record: GameRecord) -> None:
        assert self.path is not None
        try:
            atomic_write(self.path, write_record(record).encode("utf-8"))
        except OSError as error:
            raise SaveError(
                f"cannot write {self.path.name}: {error.strerror or error}; the turn was not "
                "recorded"
            ) from None

    def _accept(
        self, before: GameRecord, turn: rec.PalagoTurn | rec.PalagoniaTurn, text: str
    ) -> None:
        """The live game has just played ``turn``: add it to the record with the result so far,
        check that the record replays, save it and make it current; else restore ``before``."""
        game = self.game
        record: GameRecord
        if isinstance(before, rec.PalagoGame):
            assert isinstance(game, pg.Palago) and isinstance(turn, rec.PalagoTurn)
            result = rec.PalagoResult.of(game.winner, game.draw)
            record = replace(before, turns=before.turns + (turn,), result=result)
        else:
            assert isinstance(game, pn.Palagonia) and isinstance(turn, rec.PalagoniaTurn)
            scores = tuple(game.scores) if game.over and not game.restarted else None
            record = replace(before, turns=before.turns + (turn,), scores=scores)
        report = replay(record)
        try:
            if report.error is not None:
                # The rules accepted the turn but the record does not replay: never save it.
                raise Refused(report.error.rule, report.error.message)
            self._save(record)
        except TableError:
            self._load(before)
            raise
        self.record, self.report = record, report
        last = report.turns[-1]
        if last.points:
            text += " — " + ", ".join(f"{name} +{value}" for name, value in last.points)
        self.outcome = Outcome(text, last.completed)

    def _undo(self) -> None:
        if self.rolls:
            self.rolls.pop()
            self.outcome = Outcome("Took back the last roll-off round")
            return
        if self.record is None or not self.record.turns:
            raise Refused("undo", "there is no turn to take back")
        last = self.record.turns[-1]
        if isinstance(self.record, rec.PalagoGame):
            record: GameRecord = replace(
                self.record, turns=self.record.turns[:-1], result=rec.PalagoResult.UNFINISHED
            )
            label = str(last.number)
        else:
            record = replace(self.record, turns=self.record.turns[:-1], scores=None)
            assert isinstance(last, rec.PalagoniaTurn)
            label = last.label
        self._save(record)
        self._load(record)
        self.outcome = Outcome(f"Took back turn {label}")

    # Palago --------------------------------------------------------------------------------------
    def _palago_turn(self, data: Mapping[str, object]) -> None:
        record, game = self.record, self.game
        assert isinstance(record, rec.PalagoGame) and isinstance(game, pg.Palago)
        tiles = json_tiles(json_field(data, "tiles", list), 2)
        number = game.turn_number
        try:
            played = game.play(tiles)
        except IllegalMoveError as error:
            raise Refused(error.rule, error.message) from None
        turn = rec.PalagoTurn(number, tuple(rec.Placement(t) for t in tiles))
        text = f"{number}. {' '.join(t.token for t in tiles)}"
        if played.game_over:
            text += f": {game.describe_result()}"
        self._accept(record, turn, text)

    # Palagonia ---------------------------------------------------------------------------------
    def next_label(self) -> tuple[int, int]:
        """The number and the ``+`` count of the next Palagonia turn."""
        record = self.record
        assert isinstance(record, rec.PalagoniaGame)
        if not record.turns:
            return (0, 0)
        last = record.turns[-1]
        if not last.is_start and last.roll.is_double:
            return (last.number, last.extra + 1)
        return (last.number + 1, 0)

    def _rolloff(self, data: Mapping[str, object]) -> None:
        record = self.record
        assert isinstance(record, rec.PalagoniaGame)
        if record.turns:
            raise Refused("start", "the start roll-off is over: the game has started")
        if self.starter() is not None:
            raise Refused(
                "start-roll", "the roll-off has decided who starts: place the start tiles"
            )
        seats = contenders(self.rolls, len(record.players))
        faces_value = json_field(data, "faces", list)
        assert isinstance(faces_value, list)
        if len(faces_value) != len(seats):
            raise BadAction(
                f"this roll-off round has one die for each of {len(seats)} players, not "
                f"{len(faces_value)}"
            )
        faces = tuple(json_face(f) for f in faces_value)
        self.rolls.append(faces)
        starter = self.starter()
        names = record.players
        if starter is not None:
            self.outcome = Outcome(
                f"{names[starter[0]]} starts and places {starter[1].count} tiles"
            )
        else:
            still = contenders(self.rolls, len(names))
            self.outcome = Outcome("Roll again: " + ", ".join(names[s] for s in still))

    def starter(self) -> tuple[int, rec.Die] | None:
        """Who starts and with which die, once the roll-off has decided it."""
        if self.record is None or not isinstance(self.record, rec.PalagoniaGame) or not self.rolls:
            return None
        rounds = [tuple(faces) for faces in self.rolls]
        try:
            seat, die = pn.starter_from_rolls(rounds, len(self.record.players))
        except IllegalMoveError:
            return None
        return seat, die

    def _start(self, data: Mapping[str, object]) -> None:
        record = self.record
        assert isinstance(record, rec.PalagoniaGame)
        starter = self.starter()
        if record.turns or starter is None:
            raise Refused("start", "the start roll-off comes first: enter each player's die")
        tiles = json_tiles(json_field(data, "tiles", list), 5)
        rolls = tuple(rec.Roll(faces) for faces in self.rolls)
        turn = rec.PalagoniaTurn(0, rolls, rec.Place(tiles))
        names = record.players
        self._palagonia_play(
            record, turn, f"0. {names[starter[0]]} starts: {' '.join(t.token for t in tiles)}"
        )
        self.rolls = []

    def _palagonia_turn(self, data: Mapping[str, object]) -> None:
        record = self.record
        assert isinstance(record, rec.PalagoniaGame)
        if not record.turns:
            raise Refused("start", "the game starts with the roll-off and the starter's tiles")
        roll_value = json_field(data, "roll", list)
        assert isinstance(roll_value, list)
        if len(roll_value) != 2:
            raise BadAction(f"a turn rolls two dice, not {len(roll_value)}")
        roll = (json_face(roll_value[0]), json_face(roll_value[1]))
        die_value = data.get("die")
        chosen = None if die_value is None else json_face(die_value)
        if chosen is not None and chosen not in roll:
            raise Refused(
                "die-not-rolled",
                f"die {chosen.value} was not rolled ({roll[0].value} and {roll[1].value})",
            )
        action: rec.PalagoniaAction
        if "place" in data:
            tiles = json_tiles(data["place"], 5)
            if chosen is None or chosen.count is None or len(tiles) != chosen.count:
                # Only the rules may say what is wrong: they see the turn as the die and the tiles.
                self._palagonia_refusal(roll, chosen, pn.PlaceAction(tiles))
            action = rec.Place(tiles)
        elif "remove" in data:
            action = rec.Remove(parse_cell(data["remove"]))
        elif "rotate" in data:
            action = rec.Rotate(parse_tile(data["rotate"]))
        elif data.get("pass") is True:
            action = rec.Pass()
        else:
            raise BadAction(
                "a turn places (place), removes (remove) or rotates (rotate) a tile, or passes "
                "(pass: true)"
            )
        if chosen is not None and chosen is not action.face:
            self._palagonia_refusal(roll, chosen, rules_action(action))
        number, extra = self.next_label()
        turn = rec.PalagoniaTurn(number, (rec.Roll(roll),), action, extra=extra)
        who = record.players[self._seat_to_play()]
        self._palagonia_play(record, turn, f"{turn.label}. {who}: {_action_words(action)}")

    def _palagonia_refusal(
        self, roll: tuple[rec.Die, rec.Die], chosen: rec.Die | None, action: pn.Action | None
    ) -> None:
        """Raise the rules' own refusal of a turn the notation cannot even write."""
        game = self.game
        assert isinstance(game, pn.Palagonia)
        try:
            game.play(roll, chosen, action)
        except IllegalMoveError as error:
            raise Refused(error.rule, error.message) from None
        assert self.record is not None
        self._load(self.record)  # the rules took it: undo that, the record cannot hold it
        raise Refused("action-matches-die", "the action does not match the chosen die")

    def _seat_to_play(self) -> int:
        game = self.game
        assert isinstance(game, pn.Palagonia)
        return game.player

    def _palagonia_play(
        self, record: rec.PalagoniaGame, turn: rec.PalagoniaTurn, text: str
    ) -> None:
        game = self.game
        assert isinstance(game, pn.Palagonia)
        try:
            play_palagonia_turn(game, turn)
        except IllegalMoveError as error:
            raise Refused(error.rule, error.message) from None
        self._accept(record, turn, text)

    # What the table shows ----------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.game is not None and self.game.over

    def result_text(self) -> str:
        """The game's result in words, empty while it goes on."""
        game = self.game
        record = self.record
        if game is None or record is None:
            return ""
        if isinstance(game, pg.Palago):
            assert isinstance(record, rec.PalagoGame)
            if game.winner is not None:
                name = record.yellow if game.winner is Colour.YELLOW else record.blue
                return f"{game.winner.value.capitalize()} ({name}) won: {game.reason}"
            return f"drawn: {game.reason}" if game.draw else ""
        assert isinstance(record, rec.PalagoniaGame)
        if not game.over:
            return ""
        if game.restarted:
            return (
                "removals emptied the palago: the game starts again with a new roll-off (a new "
                "game)"
            )
        if game.solitaire:
            return f"the bag is empty: {game.scores[0]} points"
        winners = [record.players[s] for s in game.winners()]
        return f"the bag is empty: {' and '.join(winners)} won with {max(game.scores)} points"

    def position(self) -> Position:
        """The tiles on the table."""
        if self.game is None:
            return Position()
        return self.game.position()

    def targets(self, pending: Sequence[Cell] = ()) -> list[Cell]:
        """Empty cells a tile may be tapped onto: next to the palago or the pending tiles (the
        middle of the table when both are empty)."""
        occupied = set(self.game.tiles) if self.game is not None else set()
        near = occupied | set(pending)
        if not near:
            return [(0, 0)]
        found = {n for cell in near for n in neighbours(cell)} - near
        return sorted(found)


def _action_words(action: rec.PalagoniaAction) -> str:
    if isinstance(action, rec.Place):
        return "places " + " ".join(t.token for t in action.tiles)
    if isinstance(action, rec.Remove):
        return f"removes the tile on {cell_text(action.cell)}"
    if isinstance(action, rec.Rotate):
        return f"turns the tile on {cell_text(action.tile.cell)} to {action.tile.orientation.value}"
    return "passes"
