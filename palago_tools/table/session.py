"""A game at the table: the record being played, checked by the rules, saved after every turn.

A :class:`Session` composes the rooms that each do one job: the game of its kind
(:class:`~.games.PalagoPlay` or :class:`~.games.PalagoniaPlay`: the record, the rules' game and
the replay report, which every accepted turn extends by one turn), the undo and redo history
(:class:`~.history.History`) and the files (:class:`~.record_file.TableFile`: the record
rewritten atomically in canonical notation after every accepted turn, parsed back first and
never over a file changed by another program; a Palagonia game before its start turn in the
start journal next to it), so the file always holds every turn played and a new session on the
same file continues the game. The session itself keeps the versions: every change (a new game,
a turn, a roll-off round, an undo or a redo) names the version of the game it was made against;
a change against an older version is refused as stale, so a turn sent twice, or by two players
at once, is applied once. Undo takes the last turn off the record and replays it from the
start; the turns taken back can be redone until something else is done.

Against the computer (:mod:`.computer`: Palago's engine, or a Palagonia player in any seat) the
computer's turn is chosen in a thread, the lock released, and played as a human turn is; a
Palagonia computer first waits for the dice rolled for it (``roll``). Undo takes back a human
turn and the computer's turns after it together.

Actions arrive as plain values (what a client's JSON decodes to), checked by :mod:`.actions`;
an illegal one raises :class:`~.actions.Refused` with the rule's own message, a stale one
:class:`~.actions.Stale`. Nothing here knows about HTTP.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from ..core.analysis import Creature
from ..core.position import Position
from ..notation import records as rec
from ..rules import palago as pg
from ..rules import palagonia as pn
from . import computer as cp
from .actions import BadAction, Refused, Setup, Stale, TableError, json_field
from .games import (
    GameRecord,
    PalagoniaPlay,
    PalagoPlay,
    RecordTurn,
    contenders,
    play_of,
    resumed_text,
)
from .history import History, turn_label, turns_words
from .receipts import Receipt, Receipts, client_id, game_key
from .record_file import FileProblem, SaveError, TableFile
from .said import Said, entry, fixed, joined, listed

__all__ = ["FileProblem", "LastChange", "SaveError", "Session", "contenders"]


@dataclass(frozen=True)
class LastChange:
    """What the last accepted change did, to show next to the board: :attr:`said` in the
    language of each device that reads it."""

    said: Said
    completed: tuple[Creature, ...] = ()

    @property
    def text(self) -> str:
        """What the change did, in English (the log's words)."""
        return self.said("EN")


def _computer_turn(words: Said, problem: str, wants_roll: bool) -> Refused:
    """The refusal of a turn sent while the game waits for the computer's."""
    if problem:
        said = entry("t_computer_broke", who=words, error=problem)
    else:
        said = entry("t_computer_dice" if wants_roll else "t_computer_turn", who=words)
    return Refused.saying("computer-turn", said)


def _put_back(labels: list[str]) -> Said:
    """A redo in words: ``Put back turns 3 and 4``."""
    return entry("t_put_back", what=lambda lang: turns_words(labels, lang))


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
        self.files = TableFile(path, folder)
        """The record file and where new games go."""
        self.play: PalagoPlay | PalagoniaPlay | None = None
        """The game being played, of its kind."""
        self.history = History()
        self.receipts = Receipts()
        """The ids of the changes received, so that one sent again is carried out once."""
        self._receiving: tuple[str, str] | None = None
        self.instance = secrets.token_hex(6)
        self.version = 0
        self.outcome = LastChange(fixed(""))
        self.lock = threading.RLock()
        self.computer_problem = ""
        """Why the computer's turn was not recorded (it tries again after the next change)."""
        self.computer_default: cp.Computer | None = None
        """The computer the page offers for a new game (``palago serve --engine``)."""
        self.seats_default: dict[int, str] = {}
        """The Palagonia computer seats the page offers (``palago serve --computer-seats``)."""
        self.thinker = cp.Thinker(self.lock, self._computer_asked, self._computer_played)
        self._position: tuple[tuple[int, int], Position] | None = None
        if record is not None:
            self.play = play_of(record, rolls)
            play = self.play
            self.outcome = LastChange(lambda lang: resumed_text(play, lang))

    @classmethod
    def open(cls, path: Path | None, folder: Path | None = None, lock: bool = False) -> Session:
        """The session of ``path``: the game it holds continues (or the Palagonia game set up
        in its start journal), or, when neither exists, a new game will be written there.
        Without a path new games get a file of their own in ``folder`` (the current directory).
        With ``lock`` the file is taken for this process (:class:`~.record_file.InUse` when
        another has it)."""
        files = TableFile.open(path, folder, lock)
        try:
            record, rolls = files.saved()
            session = cls(path, record, folder, rolls)
        except BaseException:
            files.close(remove=True)
            raise
        session.files = files
        session.receipts.follow(session.path)
        session.resume()
        return session

    def close(self) -> None:
        """Give the record file back to other servers (the computer records no more turns)."""
        self.thinker.stop()
        self.files.close()

    @property
    def path(self) -> Path | None:
        return self.files.path

    @property
    def record(self) -> GameRecord | None:
        return self.play.record if self.play is not None else None

    @property
    def game(self) -> pg.Palago | pn.Palagonia | None:
        return self.play.game if self.play is not None else None

    @property
    def rolls(self) -> list[tuple[rec.Die, ...]]:
        """The start roll-off's rounds of a Palagonia game before its start turn."""
        return self.play.rolls if isinstance(self.play, PalagoniaPlay) else []

    @property
    def computer(self) -> cp.Computer | None:
        """The engine's colour and level in a game against the computer."""
        return self.play.computer if isinstance(self.play, PalagoPlay) else None

    # Changes -----------------------------------------------------------------------------------
    @property
    def key(self) -> str:
        """The game as played so far (:func:`~.receipts.game_key`), the same after a restart
        (but for the dice entered for the computer, which a restarted server asks for again):
        what a page sends as ``at`` with a change, and what the change was made against."""
        roll = self.play.roll if isinstance(self.play, PalagoniaPlay) else None
        return game_key(self.record, self.rolls, roll)

    def _check_version(self, data: Mapping[str, object]) -> None:
        """A change is made against the version the page was shown, or, from a page of a
        server since restarted (or a change sent again), against the game as it is now (its
        ``at``)."""
        version = json_field(data, "version", int)
        instance = data.get("instance", self.instance)
        if instance == self.instance and version == self.version:
            return
        if data.get("at") == self.key and self.play is not None:
            return
        if instance != self.instance:
            raise Stale(
                "the server was restarted and the game is no longer the one this was entered "
                "on, so it was not recorded; the page shows the game as it is now"
            )
        raise Stale(
            "the game changed on another device (or the computer played) before this "
            "arrived, so it was not recorded; the page shows the game as it is now"
        )

    def apply(self, data: Mapping[str, object], by: str = "") -> bool:
        """Carry out one action (a JSON object already decoded): ``new``, ``turn``, ``rolloff``,
        ``start``, ``undo`` or ``redo``; ``by`` names the device, for the words of an undo.
        Raises :class:`TableError` and changes nothing when refused. An action sent with an
        ``id`` (:mod:`.receipts`) that was carried out already is not carried out again:
        ``False``."""
        kind = json_field(data, "type", str)
        sent = client_id(data)
        with self.lock:
            self.receipts.follow(self.path)
            if sent is not None:
                known = self.receipts.find(sent)
                if known is not None and self.key != known.before:
                    return False
            self._check_version(data)
            play = self.play
            self._receiving = (sent, self.key) if sent is not None and kind != "new" else None
            try:
                if kind == "new":
                    self._new(Setup.from_json(data))
                elif kind == "undo":
                    self._undo(by)
                elif kind == "redo":
                    self._redo()
                elif play is None:
                    raise Refused("no-game", "no game yet: start a new game first")
                else:
                    self._in_game(play, str(kind), data)
            finally:
                self._receiving = None
            if kind not in ("undo", "redo"):
                self.history.forget()
            self.version += 1
            self.computer_problem = ""
            self.resume()
            return True

    def _save(self, record: GameRecord, rolls: Sequence[tuple[rec.Die, ...]] = ()) -> None:
        """Save ``record`` (and a Palagonia game's roll-off ``rolls`` before its start); the
        change being received is remembered by its id first."""
        self._received()
        self.files.write(record, rolls)

    def _received(self) -> None:
        """Remember the change being received by its id and the game before it
        (:class:`~.receipts.Receipts`), just before the change is saved."""
        if self._receiving is not None:
            self.receipts.keep(Receipt(*self._receiving))
            self._receiving = None

    def _in_game(
        self, play: PalagoPlay | PalagoniaPlay, kind: str, data: Mapping[str, object]
    ) -> None:
        """A turn, a roll-off round or the start of the game being played."""
        if play.game.over:
            raise Refused.saying("game-over", entry("t_over_refused", r=self.result_text))
        if kind in ("turn", "start") and self.computer_to_move:
            raise _computer_turn(self.computer_said, self.computer_problem, self.wants_roll)
        if kind == "turn" and isinstance(play, PalagoPlay):
            self._palago_turn(play, *play.turn_of(data))
        elif kind == "turn":
            self._play(*play.turn_of(data))
        elif kind == "rolloff" and isinstance(play, PalagoniaPlay):
            faces = play.round_of(data)
            self._save(play.record, [*play.rolls, faces])
            play.rolls.append(faces)
            self.outcome = LastChange(play.roll_off_text)
        elif kind == "start" and isinstance(play, PalagoniaPlay):
            self._play(*play.start_of(data))
            play.rolls = []
        elif kind == "roll" and isinstance(play, PalagoniaPlay):
            roll = play.roll_of(data)
            self._received()  # the dice are kept in memory only, not in the record file
            play.roll = roll
            shown = [face.value for face in play.roll]
            rolled: Said = lambda lang: listed(shown, lang)  # noqa: E731
            self.outcome = LastChange(entry("t_rolled", who=play.computer_words(), rolled=rolled))
        else:
            raise BadAction(f"unknown action type {kind!r:.20} for this game")

    def _new(self, setup: Setup) -> None:
        if self.play is not None and not (self.over and self.files.may_start_another()):
            raise Refused(
                "game-in-progress",
                "this table already has a game in its file; finish it (or start palago serve on "
                "a new file) before starting another",
            )
        record = setup.record()
        self.files.start(record, another=self.play is not None)
        self.play = play_of(record)
        kind = entry(f"kind_{setup.kind}")
        self.outcome = LastChange(entry("t_new_outcome", kind=kind, list=", ".join(setup.names)))

    def _play(
        self, turn: RecordTurn, text: Said, said: Callable[[], Said] | None = None
    ) -> None:
        """Play ``turn``, add it to the record and save that (:meth:`PalagoPlay.play`), then say
        ``text``, what ``said`` gives once the turn is played (the computer's words of it) and
        the points it scored; on a refusal or a failed save nothing changes."""
        assert self.play is not None
        self.play.play(turn, self._save)
        last = self.play.report.turns[-1]
        parts = [text]
        if said is not None:
            words = said()
            parts.append(lambda lang: f": {w}" if (w := words(lang)) else "")
        if last.points:
            points = ", ".join(f"{name} +{value}" for name, value in last.points)
            parts.append(fixed(f" — {points}"))
        self.outcome = LastChange(joined(*parts), last.completed)

    def _palago_turn(self, play: PalagoPlay, turn: rec.PalagoTurn, text: Said) -> None:
        """Play a turn of Palago, its result said when it ends the game."""
        self._play(turn, text)
        if play.game.over:
            said = joined(self.outcome.said, fixed(" — "), play.result_text)
            self.outcome = replace(self.outcome, said=said)

    def _undo(self, by: str) -> None:
        taken = self.history.take_back(self.record, self.rolls, self.undo_count)
        self._save(taken.record, taken.rolls)
        assert self.play is not None
        if taken.record is not self.play.record:
            self.play = play_of(taken.record, taken.rolls)
        elif isinstance(self.play, PalagoniaPlay):
            self.play.rolls = list(taken.rolls)
        self.history.keep(taken)
        self.outcome = LastChange(lambda lang: taken.words(by, lang))

    @property
    def undo_count(self) -> int:
        """How many turns Undo takes back (:func:`~.computer.turns_to_undo`)."""
        if self.rolls:
            return 1
        return cp.turns_to_undo(self.play.by_computer()) if self.play is not None else 0

    def _redo(self) -> None:
        item = self.history.next()
        play = self.play
        assert play is not None
        if isinstance(item, tuple):
            assert isinstance(play, PalagoniaPlay)
            self._save(play.record, [*play.rolls, item])
            play.rolls.append(item)
            text = entry("t_put_back_round")
        else:
            self._play(item, _put_back([turn_label(item)]))
            if isinstance(play, PalagoniaPlay):
                play.rolls = []
            text = self.outcome.said
            self.history.redone()
            put = [item]
            while self.history.undone and self.computer_to_move and not self.over:
                reply = self.history.next()  # the computer's turns that followed it
                if isinstance(reply, tuple):
                    break
                put.append(reply)
                self._play(reply, _put_back([turn_label(t) for t in put]))
                text = self.outcome.said
                self.history.redone()
            self.outcome = replace(self.outcome, said=text)
            return
        self.history.redone()
        self.outcome = replace(self.outcome, said=text)

    # The computer ------------------------------------------------------------------------------
    @property
    def computer_to_move(self) -> bool:
        """Whether the game waits for the computer's turn."""
        return self.play is not None and self.play.computer_to_move

    @property
    def wants_roll(self) -> bool:
        """Whether the game waits for the dice rolled for a Palagonia computer seat."""
        return isinstance(self.play, PalagoniaPlay) and self.play.wants_roll

    def computer_said(self, lang: str) -> str:
        """The computer whose turn it is, as the page calls it in ``lang``."""
        if not (self.computer_to_move and self.play):
            return ""
        if isinstance(self.play, PalagoPlay):
            return self.play.computer_words(lang)
        return self.play.computer_words()

    @property
    def thinking(self) -> bool:
        """Whether the computer is choosing its turn now."""
        return self.computer_to_move and not self.computer_problem and not self.wants_roll

    def resume(self) -> None:
        """Let the computer choose its turn in its own thread when the game waits for it (a
        new game where it starts, a human's turn, a server restarted on its turn)."""
        self.thinker.wake()

    def _computer_asked(self) -> tuple[Callable[[], object], int] | None:
        if not self.thinking or self.play is None:
            return None
        return self.play.computer_job(), self.version

    def _computer_played(self, chosen: object, failure: str) -> None:
        play = self.play
        assert play is not None
        if chosen is not None and not failure:
            try:
                if isinstance(play, PalagoPlay):
                    assert isinstance(chosen, tuple)
                    self._palago_turn(play, *play.turn(chosen, by_computer=True))
                else:
                    turn, text = play.computer_turn(chosen)
                    self._play(turn, text, lambda: play.computer_said(chosen))
                    play.rolls = []
            except TableError as error:
                failure = str(error)
        self.computer_problem = failure  # the page's status shows it
        if not failure:
            self.history.forget()
        self.version += 1

    # What the table shows ----------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.play is not None and self.play.game.over

    def result_text(self, lang: str = "EN") -> str:
        """The game's result in words, empty while it goes on."""
        return self.play.result_text(lang) if self.play is not None else ""

    def position(self) -> Position:
        """The tiles on the table (made once per version of the game)."""
        if self.play is None:
            return Position()
        game = self.play.game
        key = (self.version, len(game.tiles))
        if self._position is None or self._position[0] != key:
            self._position = (key, game.position())
        return self._position[1]
