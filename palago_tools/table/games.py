"""The game being played at the table, one class per kind: :class:`PalagoPlay` (with the
computer's colour) and :class:`PalagoniaPlay` (with the start roll-off and the computer's seats).

Each holds the record, the rules' game replayed from it and the replay report, which every
accepted turn extends by one turn, so a turn costs the same at the 10th tile and at the 288th;
and each turns its kind's actions, plain values as a client's JSON decodes to, into the record's
turns, the rules refusing with their own words (:class:`~.actions.Refused`). Neither writes a
file nor knows versions or history: :class:`~.session.Session` composes them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from ..core.tiles import Colour, Tile
from ..engine.palagonia import PalagoniaChoice
from ..errors import IllegalMoveError
from ..glossary import counted
from ..notation import records as rec
from ..notation.writer import GameRecord
from ..replays.game import RecordReport, play_turns, rules_action, start_replay
from ..replays.generated import record_action
from ..replays.words import who
from ..rules import palago as pg
from ..rules import palagonia as pn
from ..screens import count, say, side
from . import computer as cp
from .actions import (
    BadAction,
    Refused,
    action_words,
    json_face,
    json_field,
    json_tiles,
    parse_cell,
    parse_tile,
)
from .said import Said, entry, fixed, listed

__all__ = ["GameRecord", "PalagoPlay", "PalagoniaPlay", "RecordTurn", "contenders", "play_of"]

RecordTurn = rec.PalagoTurn | rec.PalagoniaTurn
"""A turn of either kind of game record."""

Save = Callable[[GameRecord], None]
"""Writes a record (or raises, and then the turn is not played)."""


def contenders(rounds: Sequence[Sequence[rec.Die]], players: int) -> list[int]:
    """The seats still in the start roll-off after ``rounds`` (each with one die per seat still
    in it): the tied highest of the last round, or everyone when it had no number."""
    roll_off = pn.RollOff(players)
    for faces in rounds:
        roll_off.roll(list(faces))
    return roll_off.contenders


def _replayed(record: GameRecord) -> tuple[pg.Palago | pn.Palagonia, RecordReport]:
    """The rules' game and the report of ``record`` replayed from its start."""
    report, game = start_replay(record)
    assert game is not None, "a record's set-up is checked before it is loaded"
    play_turns(record, game, report, record.turns)
    assert report.error is None, report.error
    return game, report


def _refused(report: RecordReport) -> Refused:
    error = report.error
    assert error is not None
    return Refused(error.rule, error.message)


class PalagoPlay:
    """A Palago game at the table, and the computer when the engine plays one colour (read from
    the record's tags, :func:`~.computer.computer_of`)."""

    def __init__(self, record: rec.PalagoGame) -> None:
        self.load(record)

    def load(self, record: rec.PalagoGame) -> None:
        """Make ``record`` current: the game and the report replayed from its start."""
        game, report = _replayed(record)
        assert isinstance(game, pg.Palago)
        self.record, self.game, self.report = record, game, report
        self.computer = cp.computer_of(record)

    def by_computer(self) -> list[bool]:
        """Which of the record's turns the computer played."""
        return [cp.is_computer_turn(self.record, self.computer, t) for t in self.record.turns]

    def computer_job(self) -> Callable[[], object]:
        """How the computer chooses its turn now (its tiles), run without the session's lock."""
        assert self.computer is not None
        record, level = self.record, self.computer.level
        return lambda: cp.computer_turn(record, level)

    def computer_words(self, lang: str = "EN") -> str:
        """The computer in words, as the page and its messages call it."""
        assert self.computer is not None
        return self.computer.words(lang)

    def play(self, turn: RecordTurn, save: Save) -> None:
        """Play ``turn``, add it to the record with the result so far and ``save`` that; on a
        refusal or a failed save the game is as it was."""
        assert isinstance(turn, rec.PalagoTurn)
        before, game = self.record, self.game
        record = replace(before, turns=before.turns + (turn,))
        if not play_turns(record, game, self.report, [turn], len(before.turns)):
            refusal = _refused(self.report)
            self.load(before)
            raise refusal
        record = replace(record, result=rec.PalagoResult.of(game.winner, game.draw))
        try:
            save(record)
        except BaseException:
            self.load(before)
            raise
        self.record = record

    def turn(self, tiles: Sequence[Tile], by_computer: bool = False) -> tuple[rec.PalagoTurn, Said]:
        """The next turn placing ``tiles``, and its words (the computer's name before them)."""
        number = self.game.turn_number
        turn = rec.PalagoTurn(number, tuple(rec.Placement(t) for t in tiles))
        laid = f"{number}. {' '.join(t.token for t in tiles)}"
        if by_computer:
            return turn, lambda lang: f"{self.computer_words(lang)}: {laid}"
        return turn, fixed(laid)

    def turn_of(self, data: Mapping[str, object]) -> tuple[rec.PalagoTurn, Said]:
        """The turn a client sent (``tiles``), and its words."""
        return self.turn(json_tiles(json_field(data, "tiles", list), 2))

    @property
    def computer_to_move(self) -> bool:
        """Whether the game waits for the computer's turn."""
        return cp.computer_moves(self.computer, self.game)

    def result_text(self, lang: str = "EN") -> str:
        """How the game was decided, empty while it goes on: who completed which colour's
        creature with which tiles (the loser's own tile too; both colours: the mover loses), or
        the supply running out."""
        game, record = self.game, self.record
        if game.draw:
            return say("t_drawn_supply", lang)
        if game.winner is None:
            return ""
        winner = self.player(game.winner, lang)
        completed = self.report.turns[-1].completed if self.report.turns else ()
        if not completed or not record.turns:
            # the tie-break after the supply ran out, in the rules' words
            return say("t_won_because", lang, who=winner, error=game.reason)
        turn = record.turns[-1]
        mover = cp.turn_colour(record, turn.number)
        cells = {cell for creature in completed for cell in creature.cells}
        tiles = [t for t in turn.tiles if t.cell in cells] or list(turn.tiles)
        laid = count("t_laid", len(tiles), lang, list=" ".join(t.token for t in tiles))
        colours = {creature.colour for creature in completed}
        name = side(mover.value, lang)
        if len(colours) == 2:
            return say("t_won_both", lang, who=winner, n=turn.number, name=name, tiles=laid)
        (colour,) = colours
        key = "t_won_own" if colour is mover else "t_won_other"
        colour_word = say(f"creature_{colour.value}", lang)
        return say(key, lang, who=winner, n=turn.number, name=name, tiles=laid, colour=colour_word)

    def player(self, colour: Colour, lang: str = "EN") -> str:
        """A player in words: ``Yellow (Dóra)``, the computer by the record's own name
        (``Blue (palago-tools engine level 3)``)."""
        name = self.record.yellow if colour is Colour.YELLOW else self.record.blue
        return f"{side(colour.value, lang)} ({name or side(colour.value, lang)})"


class PalagoniaPlay:
    """A Palagonia game at the table, with the rounds of its start roll-off until the start turn
    is played (they are in the record's start turn from then on)."""

    def __init__(
        self, record: rec.PalagoniaGame, rolls: Sequence[tuple[rec.Die, ...]] = ()
    ) -> None:
        self.rolls: list[tuple[rec.Die, ...]] = list(rolls)
        self.load(record)

    def load(self, record: rec.PalagoniaGame) -> None:
        """Make ``record`` current: the game and the report replayed from its start."""
        game, report = _replayed(record)
        assert isinstance(game, pn.Palagonia)
        self.record, self.game, self.report = record, game, report
        self.seats = cp.computer_seats(record)
        self.roll: tuple[rec.Die, rec.Die] | None = None
        """The dice rolled for the computer's turn, once the table has entered them."""

    # The computer's seats -----------------------------------------------------------------
    @property
    def computer_seat(self) -> int | None:
        """The computer's seat when the game waits for its turn (or its start tiles)."""
        if not self.seats or self.game.over:
            return None
        if not self.record.turns:
            starter = self.starter()
            return starter[0] if starter is not None and starter[0] in self.seats else None
        return self.game.player if self.game.player in self.seats else None

    @property
    def computer_to_move(self) -> bool:
        """Whether the game waits for the computer's turn."""
        return self.computer_seat is not None

    @property
    def wants_roll(self) -> bool:
        """Whether the game waits for the dice rolled for the computer's turn."""
        return self.computer_to_move and bool(self.record.turns) and self.roll is None

    def by_computer(self) -> list[bool]:
        """Which of the record's turns the computer played."""
        names = {self.record.players[seat] for seat in self.seats}
        return [turn.player in names for turn in self.report.turns]

    def computer_words(self) -> str:
        """The computer whose turn it is, by its record name (a name in every language)."""
        seat = self.computer_seat
        assert seat is not None, "asked while no computer is to move"
        return self.record.players[seat]

    def roll_of(self, data: Mapping[str, object]) -> tuple[rec.Die, rec.Die]:
        """The dice a client entered for the computer's turn (``roll``: the real dice rolled for
        it, or the page's)."""
        if not self.wants_roll:
            raise Refused(
                "computer-roll",
                "the dice are entered here for the computer's turn only, once per turn",
            )
        return _roll_of(data)

    def computer_job(self) -> Callable[[], object]:
        """How the computer chooses now (run without the session's lock): its start tiles when
        the roll-off chose it, else its choice for the dice entered."""
        seat = self.computer_seat
        assert seat is not None
        player = self.seats[seat]
        starter = self.starter()
        if not self.record.turns and starter is not None:
            die = starter[1]
            return lambda: cp.palagonia_start(player, die)
        record, roll = self.record, self.roll
        assert roll is not None
        return lambda: cp.palagonia_turn(record, player, roll)

    def computer_turn(self, chosen: object) -> tuple[rec.PalagoniaTurn, Said]:
        """The record's turn of what the computer chose (:meth:`computer_job`), and its words
        before it is played."""
        if isinstance(chosen, tuple):
            return self.start_turn(chosen)
        assert isinstance(chosen, PalagoniaChoice) and self.roll is not None
        number, extra = self.next_label()
        turn = rec.PalagoniaTurn(
            number, (rec.Roll(self.roll),), record_action(chosen.action), extra=extra
        )
        return turn, fixed(f"{turn.label}. {self.computer_words()}")

    def computer_said(self, chosen: object) -> Said:
        """After the computer's turn is played: what it did and why, in one line (``took the
        3: closed a 5-point Pala-creature with Anna``)."""
        if not isinstance(chosen, PalagoniaChoice):
            return fixed("")
        last = self.report.turns[-1]
        shared = [name for name, _ in last.points if name != last.player]
        return lambda lang: cp.choice_words(chosen, shared, lang)

    def play(self, turn: RecordTurn, save: Save) -> None:
        """Play ``turn``, add it to the record (with the scores once the game is over) and
        ``save`` that; on a refusal or a failed save the game is as it was."""
        assert isinstance(turn, rec.PalagoniaTurn)
        before, game = self.record, self.game
        record = replace(before, turns=before.turns + (turn,))
        if not play_turns(record, game, self.report, [turn], len(before.turns)):
            refusal = _refused(self.report)
            self.load(before)
            raise refusal
        if game.over and not game.restarted:
            record = replace(record, scores=tuple(game.scores))
        try:
            save(record)
        except BaseException:
            self.load(before)
            raise
        self.record = record
        self.roll = None

    def next_label(self) -> tuple[int, int]:
        """The number and the ``+`` count of the next turn."""
        if not self.record.turns:
            return (0, 0)
        last = self.record.turns[-1]
        if not last.is_start and last.roll.is_double:
            return (last.number, last.extra + 1)
        return (last.number + 1, 0)

    def starter(self) -> tuple[int, rec.Die] | None:
        """Who starts and with which die, once the roll-off has decided it."""
        if not self.rolls:
            return None
        try:
            return pn.starter_from_rolls(list(self.rolls), len(self.record.players))
        except IllegalMoveError:
            return None

    def round_of(self, data: Mapping[str, object]) -> tuple[rec.Die, ...]:
        """The roll-off round a client sent (``faces``: a die for each player still in it)."""
        if self.record.turns:
            raise Refused.saying("start", entry("t_started"))
        if self.starter() is not None:
            raise Refused.saying("start-roll", entry("t_starter_known"))
        seats = contenders(self.rolls, len(self.record.players))
        faces_value = json_field(data, "faces", list)
        assert isinstance(faces_value, list)
        if len(faces_value) != len(seats):
            raise BadAction(
                f"this roll-off round has one die for each of {len(seats)} players, not "
                f"{len(faces_value)}"
            )
        return tuple(json_face(f) for f in faces_value)

    def roll_off_text(self, lang: str = "EN") -> str:
        """What the roll-off has decided so far, in words."""
        names = self.record.players
        starter = self.starter()
        if starter is not None:
            tiles = counted("tile", starter[1].count or 0, lang)
            return say("t_starts_places", lang, who=names[starter[0]], tiles=tiles)
        still = contenders(self.rolls, len(names))
        return say("t_roll_again", lang, list=", ".join(names[s] for s in still))

    def start_of(self, data: Mapping[str, object]) -> tuple[rec.PalagoniaTurn, Said]:
        """The start turn a client sent (``tiles``, the starter's), and its words."""
        starter = self.starter()
        if self.record.turns or starter is None:
            raise Refused("start", "the start roll-off comes first: enter each player's die")
        return self.start_turn(json_tiles(json_field(data, "tiles", list), 5))

    def start_turn(self, tiles: Sequence[Tile]) -> tuple[rec.PalagoniaTurn, Said]:
        """The start turn placing ``tiles`` (the starter's), and its words."""
        starter = self.starter()
        assert starter is not None
        tiles = tuple(tiles)
        if len(tiles) != starter[1].count:
            try:  # the rules' own words; they refuse before they change anything
                self.game.start(starter[0], starter[1], tiles)
            except IllegalMoveError as error:
                raise Refused(error.rule, error.message) from None
        rolls = tuple(rec.Roll(faces) for faces in self.rolls)
        turn = rec.PalagoniaTurn(0, rolls, rec.Place(tiles))
        laid = " ".join(t.token for t in tiles)
        return turn, entry("t_start_done", who=self.record.players[starter[0]], list=laid)

    def turn_of(self, data: Mapping[str, object]) -> tuple[rec.PalagoniaTurn, Said]:
        """The turn a client sent (``roll``, ``die`` and one of ``place``, ``remove``, ``rotate``
        or ``pass``), and its words."""
        if not self.record.turns:
            raise Refused("start", "the game starts with the roll-off and the starter's tiles")
        roll = _roll_of(data)
        die_value = data.get("die")
        chosen = None if die_value is None else json_face(die_value)
        if chosen is not None and chosen not in roll:
            raise Refused(
                "die-not-rolled",
                f"die {chosen.value} was not rolled ({roll[0].value} and {roll[1].value})",
            )
        action = self._action_of(data, roll, chosen)
        if chosen is not None and chosen is not action.face:
            self._refusal(roll, chosen, rules_action(action))
        number, extra = self.next_label()
        turn = rec.PalagoniaTurn(number, (rec.Roll(roll),), action, extra=extra)
        who = self.record.players[self.game.player]
        what: Said = lambda lang: action_words(action, lang)  # noqa: E731
        return turn, entry("t_turn_done", label=turn.label, who=who, what=what)

    def _action_of(
        self, data: Mapping[str, object], roll: tuple[rec.Die, rec.Die], chosen: rec.Die | None
    ) -> rec.PalagoniaAction:
        if "place" in data:
            tiles = json_tiles(data["place"], 5)
            if chosen is None or chosen.count is None or len(tiles) != chosen.count:
                # Only the rules may say what is wrong: they see the turn as the die and the tiles.
                self._refusal(roll, chosen, pn.PlaceAction(tiles))
            return rec.Place(tiles)
        if "remove" in data:
            return rec.Remove(parse_cell(data["remove"]))
        if "rotate" in data:
            return rec.Rotate(parse_tile(data["rotate"]))
        if data.get("pass") is True:
            return rec.Pass()
        raise BadAction(
            "a turn places (place), removes (remove) or rotates (rotate) a tile, or passes "
            "(pass: true)"
        )

    def _refusal(
        self, roll: tuple[rec.Die, rec.Die], chosen: rec.Die | None, action: pn.Action | None
    ) -> None:
        """Raise the rules' own refusal of a turn the notation cannot even write."""
        try:
            self.game.play(roll, chosen, action)
        except IllegalMoveError as error:
            raise Refused(error.rule, error.message) from None
        self.load(self.record)  # the rules took it: undo that, the record cannot hold it
        raise Refused("action-matches-die", "the action does not match the chosen die")

    def result_text(self, lang: str = "EN") -> str:
        """The game's result in words, empty while it goes on."""
        game = self.game
        if not game.over:
            return ""
        if game.restarted:
            return say("t_restarted_game", lang)
        if game.solitaire:
            return count("t_bag_empty_alone", game.scores[0], lang)
        winners = [self.record.players[s] for s in game.winners()]
        return count("t_bag_empty_won", max(game.scores), lang, list=listed(winners, lang))


def _roll_of(data: Mapping[str, object]) -> tuple[rec.Die, rec.Die]:
    """The two dice a client sent (``roll``)."""
    roll_value = json_field(data, "roll", list)
    assert isinstance(roll_value, list)
    if len(roll_value) != 2:
        raise BadAction(f"a turn rolls two dice, not {len(roll_value)}")
    return (json_face(roll_value[0]), json_face(roll_value[1]))


def play_of(
    record: GameRecord, rolls: Sequence[tuple[rec.Die, ...]] = ()
) -> PalagoPlay | PalagoniaPlay:
    """The game of ``record`` (with the roll-off ``rolls`` of a Palagonia game before its
    start)."""
    if isinstance(record, rec.PalagoGame):
        return PalagoPlay(record)
    return PalagoniaPlay(record, rolls)


def resumed_text(play: PalagoPlay | PalagoniaPlay, lang: str = "EN") -> str:
    """What a game continued from its file shows first: its last turn (and its result)."""
    if not play.record.turns:
        return ""
    last = play.report.turns[-1]
    text = say("t_continued", lang, label=last.label, who=who(last.player, lang), what=last.move)
    if play.game.over:
        text += f" ({play.result_text(lang)})"
    return text
