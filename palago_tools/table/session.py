"""A game at the table: the record being played, checked by the rules, saved after every turn.

A :class:`Session` holds one Palago or Palagonia record and the live game played from it: the
rules' game and the replay report (moves, points, creatures) that every accepted action extends
by one turn, so a turn costs the same at the 10th tile and at the 288th. Undo takes the last turn
off the record and replays it from the start; the turns taken back can be redone until something
else is done. Every change (a new game, a turn, a roll-off round, an undo or a redo) names the
version of the game it was made against; a change against an older version is refused as
stale, so a turn sent twice, or by two players at once, is applied once. After every accepted turn
the record is rewritten atomically in canonical notation (:mod:`.record_file`: parsed back first,
never over a file changed by another program), so the file always holds every turn played and a
new session on the same file continues the game; a Palagonia game before its start turn is kept
in the start journal next to it.

Against the computer (:mod:`.computer`) the engine's turn is chosen in a thread, the lock
released, and played as a human turn is; Undo takes back a human turn and its reply together.

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
from ..core.hexgrid import Cell, neighbours
from ..core.position import Position
from ..core.tiles import Colour, Tile
from ..errors import IllegalMoveError
from ..notation import records as rec
from ..replays.game import (
    RecordReport,
    play_turns,
    rules_action,
    start_replay,
)
from ..rules import palago as pg
from ..rules import palagonia as pn
from . import computer as cp
from .actions import (
    BadAction,
    Refused,
    Setup,
    Stale,
    TableError,
    action_words,
    json_face,
    json_field,
    json_tiles,
    parse_cell,
    parse_tile,
)
from .record_file import FileProblem, RecordFile, SaveError, StartJournal, read_game

__all__ = ["FileProblem", "Outcome", "SaveError", "Session", "contenders"]

# --- The game replayed -----------------------------------------------------------------------

GameRecord = rec.PalagoGame | rec.PalagoniaGame
Turn = rec.PalagoTurn | rec.PalagoniaTurn


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


Undone = tuple[rec.Die, ...] | Turn
"""What an undo took back and a redo puts back: a roll-off round or a turn."""


class Session:
    """One game at the table, kept in a record file. Every public method is safe to call from
    several threads; changes are made one at a time, and :attr:`lock` held while reading the
    game gives a consistent view of it."""

    def __init__(
        self,
        path: Path | None,
        record: GameRecord | None = None,
        folder: Path | None = None,
        rolls: Sequence[tuple[rec.Die, ...]] = (),
    ) -> None:
        self.folder = folder or Path.cwd()
        self.file: RecordFile | None = None
        self.record: GameRecord | None = None
        self.instance = secrets.token_hex(6)
        self.version = 0
        self.rolls: list[tuple[rec.Die, ...]] = list(rolls)
        self.undone: list[Undone] = []
        self.outcome = Outcome("")
        self.lock = threading.RLock()
        self.locking = False
        """Whether every record file this session writes is locked for its process."""
        self.game: pg.Palago | pn.Palagonia | None = None
        self.report: RecordReport | None = None
        self.computer: cp.Computer | None = None
        """The engine's colour and level in a game against the computer."""
        self.computer_problem = ""
        """Why the computer's turn was not recorded (it tries again after the next change)."""
        self.computer_default: cp.Computer | None = None
        """The computer the page offers for a new game (``palago serve --engine``)."""
        self.thinker = cp.Thinker(self.lock, self._computer_asked, self._computer_played)
        self._position: tuple[tuple[int, int], Position] | None = None
        if path is not None:
            self.file = RecordFile(path)
        if record is not None:
            self._load(record)
            self.outcome = Outcome(self._resumed_text())

    @property
    def path(self) -> Path | None:
        return self.file.path if self.file is not None else None

    # Opening a file ----------------------------------------------------------------------------
    @classmethod
    def open(cls, path: Path | None, folder: Path | None = None, lock: bool = False) -> Session:
        """The session of ``path``: the game it holds continues (or the Palagonia game set up
        in its start journal), or, when neither exists, a new game will be written there.
        Without a path new games get a file of their own in ``folder`` (the current directory).
        With ``lock`` the file is taken for this process (:class:`~.record_file.InUse` when
        another has it)."""
        if path is not None and not path.parent.is_dir():
            raise FileProblem(f"cannot write {path}: folder {path.parent} does not exist")
        if path is None:
            session = cls(None, folder=folder)
            session.locking = lock
            return session
        file = RecordFile(path)
        if lock:
            file.lock()
        try:
            session = cls._opened(file, folder)
        except BaseException:
            file.unlock(remove=True)
            raise
        session.file = file
        session.locking = lock
        session.resume()
        return session

    @classmethod
    def _opened(cls, file: RecordFile, folder: Path | None) -> Session:
        path = file.path
        if not path.exists():
            journal = file.read_journal()
            if journal is None:
                return cls(path, folder=folder)
            session = cls(path, journal.record(), folder, journal.rolls)
            return session
        record = read_game(path)
        return cls(path, record, folder)

    def close(self) -> None:
        """Give the record file back to other servers (the computer records no more turns)."""
        self.thinker.stop()
        if self.file is not None:
            self.file.unlock()

    def _load(self, record: GameRecord) -> None:
        """Make ``record`` current: the rules' game and the report replayed from its start."""
        report, game = start_replay(record)
        assert game is not None, "a record's set-up is checked before it is loaded"
        play_turns(record, game, report, record.turns)
        assert report.error is None, report.error
        self.record, self.game, self.report = record, game, report
        self.computer = cp.computer_of(record)
        self._position = None

    def _resumed_text(self) -> str:
        record = self.record
        if record is None or not record.turns:
            return ""
        assert self.report is not None
        last = self.report.turns[-1]
        text = f"Continued: the last turn was {last.label}. {last.player}: {last.move}"
        if self.over:
            text += f" ({self.result_text()})"
        return text

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
    def apply(self, data: Mapping[str, object], by: str = "") -> None:
        """Carry out one action (a JSON object already decoded): ``new``, ``turn``, ``rolloff``,
        ``start``, ``undo`` or ``redo``; ``by`` names the device, for the words of an undo.
        Raises :class:`TableError` and changes nothing when refused."""
        kind = json_field(data, "type", str)
        with self.lock:
            self._check_version(data)
            if kind == "new":
                self._new(Setup.from_json(data))
            elif kind == "undo":
                self._undo(by)
            elif kind == "redo":
                self._redo()
            elif self.record is None:
                raise Refused("no-game", "no game yet: start a new game first")
            elif self.over:
                raise Refused(
                    "game-over",
                    f"the game is over ({self.result_text()}); undo the last turn to change it",
                )
            elif kind == "turn" and self.computer_to_move:
                assert self.computer is not None
                doing = f"it failed: {self.computer_problem}" if self.computer_problem else ""
                raise Refused(
                    "computer-turn",
                    f"it is the computer's turn ({self.computer.words}): "
                    + (doing + "; undo your turn to try again" if doing else "it is thinking"),
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
            if kind not in ("undo", "redo"):
                self.undone = []
            self.version += 1
            self.computer_problem = ""
            self.resume()

    def _new(self, setup: Setup) -> None:
        if self.record is not None and not (self.over and self._may_start_another()):
            raise Refused(
                "game-in-progress",
                "this table already has a game in its file; finish it (or start palago serve on "
                "a new file) before starting another",
            )
        record = setup.record()
        file = self.file
        if file is None or self.record is not None:
            file = RecordFile(self._new_file())
            if self.locking:
                file.lock()
        self._write(record, [], file)
        if file is not self.file and self.file is not None:
            self.file.unlock()
        self.file = file
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
            if not path.exists() and not path.with_name(path.name + ".start.json").exists():
                return path
        raise SaveError(f"cannot find a free file name in {self.folder}")

    def _write(
        self,
        record: GameRecord,
        rolls: Sequence[tuple[rec.Die, ...]],
        file: RecordFile | None = None,
    ) -> None:
        """Save ``record``: the record file, or the start journal of a Palagonia game before
        its start turn."""
        file = file or self.file
        assert file is not None
        if isinstance(record, rec.PalagoniaGame) and not record.turns:
            file.save_journal(StartJournal(record.players, record.tiles, record.tags, tuple(rolls)))
            if file.path.exists():
                file.remove_record()
            return
        file.save(record)

    def _play(self, turn: Turn, text: str) -> None:
        """Play ``turn`` on the live game, add it to the record with the result so far, save
        the record and make it current; on a refusal or a failed save nothing changes."""
        before, game, report = self.record, self.game, self.report
        assert before is not None and game is not None and report is not None
        record: GameRecord
        played: Sequence[rec.PalagoTurn] | Sequence[rec.PalagoniaTurn]
        if isinstance(before, rec.PalagoGame):
            assert isinstance(turn, rec.PalagoTurn)
            record, played = replace(before, turns=before.turns + (turn,)), [turn]
        else:
            assert isinstance(turn, rec.PalagoniaTurn)
            record, played = replace(before, turns=before.turns + (turn,)), [turn]
        if not play_turns(record, game, report, played, len(before.turns)):
            error = report.error
            assert error is not None
            self._load(before)
            raise Refused(error.rule, error.message)
        if isinstance(record, rec.PalagoGame):
            assert isinstance(game, pg.Palago)
            record = replace(record, result=rec.PalagoResult.of(game.winner, game.draw))
        else:
            assert isinstance(game, pn.Palagonia)
            if game.over and not game.restarted:
                record = replace(record, scores=tuple(game.scores))
        try:
            self._write(record, ())
        except TableError:
            self._load(before)
            raise
        self.record = record
        last = report.turns[-1]
        if last.points:
            text += " — " + ", ".join(f"{name} +{value}" for name, value in last.points)
        self.outcome = Outcome(text, last.completed)

    def _undo(self, by: str) -> None:
        who = f" ({by})" if by else ""
        if self.rolls:
            self._write_rolls(self.rolls[:-1])
            self.undone.append(self.rolls.pop())
            self.outcome = Outcome(f"Took back the last roll-off round{who}")
            return
        count = self.undo_count
        if self.record is None or not self.record.turns:
            raise Refused("undo", "there is no turn to take back")
        if count == 0:
            raise Refused(
                "undo", "the computer's first turn is all there is: no turn of yours to take back"
            )
        taken = self.record.turns[-count:]
        rolls: list[tuple[rec.Die, ...]] = []
        if isinstance(self.record, rec.PalagoGame):
            record: GameRecord = replace(
                self.record, turns=self.record.turns[:-count], result=rec.PalagoResult.UNFINISHED
            )
            labels = [str(turn.number) for turn in taken]
        else:
            last = self.record.turns[-1]
            assert isinstance(last, rec.PalagoniaTurn)
            record = replace(self.record, turns=self.record.turns[:-1], scores=None)
            labels = [last.label]
            if last.is_start:
                rolls = [roll.faces for roll in last.rolls]
        self._write(record, rolls)
        self._load(record)
        self.rolls = rolls
        self.undone.extend(reversed(taken))
        what = f"turn {labels[0]}" if count == 1 else f"turns {' and '.join(labels)}"
        self.outcome = Outcome(
            f"Took back {what}{who}; Redo puts {'it' if count == 1 else 'them'} back"
        )

    @property
    def undo_count(self) -> int:
        """How many turns Undo takes back (:func:`~.computer.turns_to_undo`)."""
        return 1 if self.rolls else cp.turns_to_undo(self.record, self.computer)

    def _write_rolls(self, rolls: Sequence[tuple[rec.Die, ...]]) -> None:
        assert isinstance(self.record, rec.PalagoniaGame)
        self._write(self.record, rolls)

    def _redo(self) -> None:
        if not self.undone:
            raise Refused("redo", "there is nothing to redo: no turn was taken back")
        item = self.undone[-1]
        if isinstance(item, tuple):
            self._write_rolls([*self.rolls, item])
            self.rolls.append(item)
            text = "Put back the roll-off round"
        else:
            label = item.label if isinstance(item, rec.PalagoniaTurn) else item.number
            self._play(item, f"Put back turn {label}")
            self.rolls = []
            text = self.outcome.text
            reply = self.undone[-2] if len(self.undone) >= 2 else None
            if cp.is_computer_turn(self.record, self.computer, reply) and not self.over:
                assert isinstance(reply, rec.PalagoTurn)
                self._play(reply, f"Put back turns {label} and {reply.number}")
                text = self.outcome.text
                self.undone.pop()
        self.undone.pop()
        self.outcome = replace(self.outcome, text=text)

    # Palago --------------------------------------------------------------------------------------
    def _palago_turn(self, data: Mapping[str, object]) -> None:
        self._palago_play(json_tiles(json_field(data, "tiles", list), 2), "")

    def _palago_play(self, tiles: Sequence[Tile], who: str) -> None:
        game = self.game
        assert isinstance(game, pg.Palago)
        number = game.turn_number
        turn = rec.PalagoTurn(number, tuple(rec.Placement(t) for t in tiles))
        self._play(turn, f"{who}{number}. {' '.join(t.token for t in tiles)}")
        if game.over:
            self.outcome = replace(
                self.outcome, text=f"{self.outcome.text}: {game.describe_result()}"
            )

    # The computer ------------------------------------------------------------------------------
    @property
    def computer_to_move(self) -> bool:
        """Whether the game waits for the computer's turn."""
        game = self.game
        return isinstance(game, pg.Palago) and cp.computer_moves(self.computer, game)

    @property
    def thinking(self) -> bool:
        """Whether the computer is choosing its turn now."""
        return self.computer_to_move and not self.computer_problem

    def resume(self) -> None:
        """Let the computer choose its turn in its own thread when the game waits for it (a
        new game where it starts, a human's turn, a server restarted on its turn)."""
        self.thinker.wake()

    def _computer_asked(self) -> tuple[rec.PalagoGame, int, int] | None:
        if not self.thinking:
            return None
        assert isinstance(self.record, rec.PalagoGame) and self.computer is not None
        return self.record, self.version, self.computer.level

    def _computer_played(self, tiles: Sequence[Tile] | None, failure: str) -> None:
        assert self.computer is not None
        if tiles is not None:
            try:
                self._palago_play(tiles, f"{self.computer.words}: ")
            except TableError as error:
                failure = str(error)
        self.computer_problem = failure  # the page's status shows it
        self.undone = [] if not failure else self.undone
        self.version += 1

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
        self._write_rolls([*self.rolls, faces])
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
        if len(tiles) != starter[1].count and isinstance(self.game, pn.Palagonia):
            try:  # the rules' own words; they refuse before they change anything
                self.game.start(starter[0], starter[1], tiles)
            except IllegalMoveError as error:
                raise Refused(error.rule, error.message) from None
        rolls = tuple(rec.Roll(faces) for faces in self.rolls)
        turn = rec.PalagoniaTurn(0, rolls, rec.Place(tiles))
        names = record.players
        self._play(turn, f"0. {names[starter[0]]} starts: {' '.join(t.token for t in tiles)}")
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
        self._play(turn, f"{turn.label}. {who}: {action_words(action)}")

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
        """The tiles on the table (made once per version of the game)."""
        if self.game is None:
            return Position()
        key = (self.version, len(self.game.tiles))
        if self._position is None or self._position[0] != key:
            self._position = (key, self.game.position())
        return self._position[1]

    def targets(self, pending: Sequence[Cell] = ()) -> list[Cell]:
        """Empty cells a tile may be tapped onto: next to the palago or the pending tiles (the
        middle of the table when both are empty)."""
        occupied = set(self.game.tiles) if self.game is not None else set()
        near = occupied | set(pending)
        if not near:
            return [(0, 0)]
        found = {n for cell in near for n in neighbours(cell)} - near
        return sorted(found)
