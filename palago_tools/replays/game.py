"""Replay of game records: walk a parsed Palago or Palagonia record through the rules, turn by
turn, and stop at the first illegal move with the turn, the move, where it is written and the
rule broken. The record's result (winner, draw or scores) is checked against the replay.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final, cast

from ..core.analysis import Creature, plural
from ..core.position import Position
from ..core.tiles import Colour, Orientation, Tile
from ..errors import ArgumentError, IllegalMoveError, require
from ..glossary import counted
from ..notation import records as rec
from ..notation.errors import located_report
from ..notation.reader import collector_paused
from ..notation.writer import action_atoms
from ..rules import palago as pg
from ..rules import palagonia as pn
from ..screens import count, say
from .history import PositionHistory, TurnChanges
from .words import verdict

START_ROLL_HINT: Final = (
    "write the roll-off round by round, [a b c] [d e] …, one die for each player still rolling, "
    "in seat order"
)
"""What a record's start roll-off looks like, said after the rules' verdict on a wrong one."""

_RESULT_WORDS = {
    rec.PalagoResult.YELLOW_WINS: "Yellow won",
    rec.PalagoResult.BLUE_WINS: "Blue won",
    rec.PalagoResult.DRAW: "the game was drawn",
}


@dataclass(frozen=True)
class ReplayError:
    """The first thing wrong in a record: which turn, which move, where, and the rule broken.

    ``turn`` is the turn's label as written (``"7+"``, ``"0"`` for a Palagonia start) and
    ``turn_index`` its 0-based position in the record's turns (in a variation, counting on from
    the turn it replaces); ``""`` and ``None`` for a problem that belongs to no turn (the
    players, the result). ``variation`` says which variation the turn is in, ``""`` for the main
    line: the viewer's path of it, ``"6.1"`` for the first variation of turn 6, ``"6.2/8.1"``
    for the first variation of turn 8 inside the second of turn 6.
    """

    turn: str
    move: str
    rule: str
    message: str
    line: int
    column: int
    width: int = 1
    turn_index: int | None = None
    variation: str = ""

    def describe(self) -> str:
        """``turn 3 (0,1D 3,1R): message``; in a variation,
        ``turn 7 (2,0L) in the variation at turn 6: message``."""
        what = (
            f"turn {self.turn}"
            if self.turn
            else "the result"
            if self.rule == "result"
            else "the record"
        )
        move = f" ({self.move})" if self.move else ""
        where = f" in {variation_words(self.variation)}" if self.variation else ""
        return f"{what}{move}{where}: {self.message}"

    def report(self, filename: str, source_line: str) -> str:
        """``file:line:column: turn N (move): message [rule]``, ``source_line`` (the text of
        line :attr:`line`) and carets under the turn, as for a notation error."""
        message = f"{self.describe()} [{self.rule}]"
        return located_report(filename, self.line, self.column, source_line, message, self.width)


def variation_words(path: str) -> str:
    """A variation's path in words, innermost first: ``"6.1"`` is *the variation at turn 6*,
    ``"6.2/8.1"`` *the variation at turn 8 of variation 2 at turn 6*."""
    words = []
    for step in reversed(path.split("/")):
        label, _, number = step.rpartition(".")
        which = "the variation" if number == "1" else f"variation {number}"
        words.append(f"{which} at turn {label}")
    return " of ".join(words)


@dataclass(slots=True)
class TurnReport:
    """One turn replayed: who played it, what it did and changed; the position after it is
    recovered on demand (:attr:`position`). Read-only by convention, like :class:`TurnChanges`."""

    label: str
    player: str
    move: str
    changes: TurnChanges = field(default_factory=TurnChanges)
    completed: tuple[Creature, ...] = ()
    points: tuple[tuple[str, int], ...] = ()
    note: str = ""
    index: int = field(default=0, compare=False)
    history: PositionHistory | None = field(default=None, repr=False, compare=False)

    @property
    def position(self) -> Position:
        """The position after this turn."""
        if self.history is None:
            raise ArgumentError("this turn report belongs to no replayed game")
        return self.history.position_after(self.index)


@dataclass
class RecordReport:
    """The outcome of replaying one record."""

    kind: str
    players: tuple[str, ...] = ()
    turns: list[TurnReport] = field(default_factory=list)
    winner: str | None = None
    draw: bool = False
    scores: dict[str, int] | None = None
    game_over: bool = False
    restarted: bool = False
    """True when removals emptied the palago: the game starts again, and this one has no result."""
    error: ReplayError | None = None
    tiles: int = 0
    winner_seats: tuple[int, ...] = ()
    """The seats that won (Palago: 0 yellow, 1 blue; Palagonia: the record's player order)."""
    seat_scores: tuple[int, ...] | None = None
    """Palagonia: the score of every seat, in the record's player order."""
    notes: list[str] = field(default_factory=list)
    """What a reader should know that is not an error (the rulebooks' advice, a restart)."""
    history: PositionHistory = field(default_factory=PositionHistory, repr=False, compare=False)

    @property
    def valid(self) -> bool:
        return self.error is None

    def add_turn(
        self,
        label: str,
        player: str,
        move: str,
        changes: TurnChanges,
        completed: tuple[Creature, ...] = (),
        points: tuple[tuple[str, int], ...] = (),
        note: str = "",
    ) -> TurnReport:
        """Append a replayed turn (its changes go into :attr:`history`)."""
        index = self.history.append(changes)
        turn = TurnReport(
            label, player, move, changes, completed, points, note, index, self.history
        )
        self.turns.append(turn)
        return turn

    def position_after(self, index: int) -> Position:
        """The position after ``turns[index]``; negative indexes count from the end, as in a
        list (``position_after(-1)`` is the final position)."""
        if index < 0:
            index += len(self.turns)
        if not 0 <= index < len(self.turns):
            raise IndexError(f"no turn {index}: the game has {plural(len(self.turns), 'turn')}")
        return self.history.position_after(index)

    def position_before(self, index: int) -> Position:
        """The position before ``turns[index]`` (the empty board before the first turn)."""
        if index < 0:
            index += len(self.turns)
        if not 0 <= index < len(self.turns):
            raise IndexError(f"no turn {index}: the game has {plural(len(self.turns), 'turn')}")
        return self.history.position_after(index - 1)

    def summary(self, lang: str = "EN") -> str:
        """One line in ``lang`` (the screens' catalogue, the game's words the glossary's): the
        kind, turns and tiles, and who won, the scores or the error."""
        kind = say("kind_" + self.kind, lang)
        tiles = counted("tile", self.tiles, lang)
        if self.kind not in ("Palago", "Palagonia"):
            return say("r_not_a_game", lang, kind=kind, tiles=tiles)
        turns = count("r_turns", len(self.turns), lang)
        head = say("r_head", lang, kind=kind, turns=turns, tiles=tiles)
        if self.error is not None:
            end = say("r_invalid_at", lang, where=self.error.describe())
        elif self.winner or self.draw:
            end = verdict(self, lang)
        elif self.restarted:
            end = say("r_restarted", lang)
        elif self.scores is not None:
            table = ", ".join(f"{name} {points}" for name, points in self.scores.items())
            end = table if self.game_over else say("r_unfinished", lang, scores=table)
        else:
            end = say("unfinished", lang)
        return say("r_ended", lang, head=head, end=end)


_KINDS: Final = tuple(rec.KIND_OF)
"""The classes of records."""


def replay(record: rec.Record) -> RecordReport:
    """Replay a record to its end or to its first illegal move, then each of its variations
    from its branch point: the report is the main line's, and its :attr:`~RecordReport.error`
    the main line's first, or else the first illegal turn of a variation, in the order of the
    text (:attr:`ReplayError.variation` says which)."""
    require(record, _KINDS, "the record to replay")
    if isinstance(record, (rec.PalagoGame, rec.PalagoniaGame)):
        with collector_paused():
            if any([turn.variations for turn in record.turns]):
                from .tree import replay_checked  # the tree replays with this module's turns

                return replay_checked(record)
            report, game = start_replay(record)
            if game is not None:
                play_turns(record, game, report, record.turns)
                end_replay(record, game, report)
            return report
    kind = rec.KIND_OF[type(record)]
    tiles = record.start if isinstance(record, rec.Transformation) else record.placements
    return RecordReport(kind=kind, tiles=len(tiles))


# --- Palago ----------------------------------------------------------------------------------


def _colour_name(record: rec.PalagoGame, colour: Colour) -> str:
    name = record.yellow if colour is Colour.YELLOW else record.blue
    return f"{colour.value.capitalize()}" + (f" ({name})" if name else "")


RulesGame = pg.Palago | pn.Palagonia
"""The rules' game a record is replayed on."""


def start_replay(
    record: rec.PalagoGame | rec.PalagoniaGame,
) -> tuple[RecordReport, RulesGame | None]:
    """The report of ``record`` before its first turn, and the rules' game to play its turns on
    (``None`` when the rules refuse the game's setup: the report says why)."""
    if isinstance(record, rec.PalagoGame):
        return _start_palago(record)
    return _start_palagonia(record)


def play_turns(
    record: rec.PalagoGame | rec.PalagoniaGame,
    game: RulesGame,
    report: RecordReport,
    turns: Sequence[rec.PalagoTurn] | Sequence[rec.PalagoniaTurn],
    first_index: int = 0,
) -> bool:
    """Play ``turns`` of ``record`` on ``game``, the first of them at ``first_index`` of its line of
    play (``report`` holds the turns before it), into ``report`` up to the first illegal one;
    whether all were played."""
    if isinstance(game, pg.Palago):
        assert isinstance(record, rec.PalagoGame)
        palago = cast("Sequence[rec.PalagoTurn]", turns)
        return _play_palago(record, game, report, palago, first_index)
    assert isinstance(record, rec.PalagoniaGame)
    palagonia = cast("Sequence[rec.PalagoniaTurn]", turns)
    return _play_palagonia(record, game, report, palagonia, first_index)


def end_replay(
    record: rec.PalagoGame | rec.PalagoniaGame,
    game: RulesGame,
    report: RecordReport,
    result: bool = True,
) -> None:
    """Say in ``report`` how the game played on ``game`` stands, and, if ``result``, check the
    record's result against it."""
    if isinstance(game, pg.Palago):
        assert isinstance(record, rec.PalagoGame)
        _end_palago(record, game, report, result)
    else:
        assert isinstance(record, rec.PalagoniaGame)
        _end_palagonia(record, game, report, result)


def _start_palago(record: rec.PalagoGame) -> tuple[RecordReport, pg.Palago | None]:
    report = RecordReport(
        kind="Palago",
        players=tuple(n for n in (record.yellow, record.blue) if n is not None),
    )
    try:
        return report, pg.Palago(record.first, palago_options(record))
    except IllegalMoveError as error:
        report.error = ReplayError(
            "", "", error.rule, error.message, record.span.line, record.span.column
        )
        return report, None


def _play_palago(
    record: rec.PalagoGame,
    game: pg.Palago,
    report: RecordReport,
    turns: Sequence[rec.PalagoTurn],
    first_index: int,
) -> bool:
    yellow, blue = _colour_name(record, Colour.YELLOW), _colour_name(record, Colour.BLUE)
    history = report.history
    keep = history.changes.append
    played = report.turns.append
    lay = game.lay
    board = game.board
    for index, turn in enumerate(turns, start=first_index):
        # The hot path of replay: turn.tiles and report.add_turn written out.
        placements = turn.placements
        if len(placements) == 2:
            one, two = placements[0].tile, placements[1].tile
            tiles: tuple[Tile, ...] = (one, two)
            move = f"{one.token} {two.token}"
        else:
            tiles = turn.tiles
            move = tiles[0].token if len(tiles) == 1 else " ".join([t.token for t in tiles])
        mover = board.mover
        try:
            completed = lay(tiles)
        except IllegalMoveError as error:
            span = turn.placements[error.tile].span if error.tile is not None else turn.span
            width = (
                len(turn.placements[error.tile].tile.token)
                if error.tile is not None
                else len(str(turn.number)) + 1
            )
            report.error = ReplayError(
                str(turn.number),
                move,
                error.rule,
                error.message,
                span.line,
                span.column,
                width,
                index,
            )
            return False
        report.tiles += len(tiles)
        # The end needs a word when it is not simply "this turn completed a creature".
        both = len({c.colour for c in completed}) == 2 if completed else False
        note = game.reason if game.draw or both else ""
        changes = TurnChanges(tiles)
        keep(changes)
        played(
            TurnReport(
                str(turn.number),
                yellow if mover is Colour.YELLOW else blue,
                move,
                changes,
                completed,
                (),
                note,
                index,
                history,
            )
        )
    return True


def _end_palago(
    record: rec.PalagoGame, game: pg.Palago, report: RecordReport, result: bool
) -> None:
    report.game_over = game.over
    report.draw = game.draw
    report.winner = _colour_name(record, game.winner) if game.winner is not None else None
    report.winner_seats = () if game.winner is None else (0 if game.winner is Colour.YELLOW else 1,)
    if report.error is None and result:
        _check_palago_result(record, game, report)


def _check_palago_result(record: rec.PalagoGame, game: pg.Palago, report: RecordReport) -> None:
    result = record.result
    if result is rec.PalagoResult.UNFINISHED:
        return
    replayed = rec.PalagoResult.of(game.winner, game.draw)
    if replayed is result:
        return
    actual = _RESULT_WORDS.get(replayed, "the game is not over")
    report.error = ReplayError(
        turn="",
        move=result.value,
        rule="result",
        message=f"the record's result {result.value} says {_RESULT_WORDS[result]}, but replayed, "
        f"{actual}",
        line=record.span.end_line,
        column=max(1, record.span.end_column - len(result.value)),
        width=len(result.value),
    )


# --- Palagonia -------------------------------------------------------------------------------


def action_text(action: rec.PalagoniaAction) -> str:
    """A Palagonia action as written: ``3: 0,0R 1,0L 0,1D``, ``x 2,-1``, ``@ 0,0D``, ``-``."""
    return " ".join(action_atoms(action))


def rules_action(action: rec.PalagoniaAction) -> pn.Action | None:
    """The rules' action for a record's action; ``None`` for a pass."""
    if isinstance(action, rec.Place):
        return pn.PlaceAction(action.tiles)
    if isinstance(action, rec.Remove):
        return pn.RemoveAction(action.cell)
    if isinstance(action, rec.Rotate):
        return pn.RotateAction(action.tile.cell, action.tile.orientation)
    return None


def _start_palagonia(record: rec.PalagoniaGame) -> tuple[RecordReport, pn.Palagonia | None]:
    names = record.players
    report = RecordReport(kind="Palagonia", players=names)
    try:
        game = pn.Palagonia(len(names), pn.PalagoniaOptions(tiles=record.tiles))
    except IllegalMoveError as error:
        # A wrong player count is shown at the last Player tag, when the record says where it is.
        at = (
            record.players_span
            if error.rule == "players" and record.players_span.line
            else record.span
        )
        width = _span_width(at) if at is record.players_span else 1
        report.error = ReplayError("", "", error.rule, error.message, at.line, at.column, width)
        return report, None
    advice = pn.player_count_advice(len(names), record.tiles)
    if advice is not None:
        report.notes.append(advice)
    return report, game


def _play_palagonia(
    record: rec.PalagoniaGame,
    game: pn.Palagonia,
    report: RecordReport,
    turns: Sequence[rec.PalagoniaTurn],
    first_index: int,
) -> bool:
    names = record.players
    for index, turn in enumerate(turns, start=first_index):
        if turn.is_start and (wrong := _start_error(turn, game.players, index)) is not None:
            report.error = wrong
            return False
        try:
            changes = _changes(game, turn.action)
            played = play_palagonia_turn(game, turn)
        except IllegalMoveError as error:
            text = action_text(turn.action)
            span = turn.action.span  # the action as a whole: its tiles carry no spans of their own
            report.error = ReplayError(
                turn.label,
                text,
                error.rule,
                error.message,
                span.line,
                span.column,
                len(text),
                index,
            )
            return False
        if isinstance(turn.action, rec.Place):
            report.tiles += len(turn.action.tiles)
        report.add_turn(
            label=turn.label,
            player=names[played.player],
            move=action_text(turn.action),
            changes=changes,
            completed=played.completed,
            points=tuple((names[seat], value) for seat, value in played.points.items()),
            note=_turn_note(game, played),
        )
    return True


def _end_palagonia(
    record: rec.PalagoniaGame, game: pn.Palagonia, report: RecordReport, result: bool
) -> None:
    names = record.players
    report.game_over = game.over
    report.restarted = game.restarted
    report.scores = {name: game.scores[seat] for seat, name in enumerate(names)}
    report.seat_scores = tuple(game.scores)
    if game.restarted:
        emptied = report.turns[-1].label
        report.notes.append(
            f"removals emptied the palago at turn {emptied}: the game starts again with a new "
            "roll-off, as the French and Hungarian rulebooks say; write the new game as a new "
            "record"
        )
    if report.error is None and record.scores is not None and result:
        _check_palagonia_result(record, game, report)
    if game.over and report.error is None and not game.solitaire and not game.restarted:
        winners = [names[seat] for seat in game.winners()]
        if len(winners) == len(names):
            report.draw = True
        else:
            report.winner = " and ".join(winners)
            report.winner_seats = tuple(game.winners())


def _turn_note(game: pn.Palagonia, played: pn.PalagoniaTurnResult) -> str:
    notes = []
    if played.extra:
        notes.append("extra turn after a double")
    if played.action is None:
        notes.append("nothing could be done: the turn passes")
    elif played.die is None:
        notes.append("neither die could act: a forced removal")
    if game.restarted:
        notes.append("the palago is empty: the game starts again")
    return "; ".join(notes)


def _check_palagonia_result(
    record: rec.PalagoniaGame, game: pn.Palagonia, report: RecordReport
) -> None:
    assert record.scores is not None
    written = "-".join(str(s) for s in record.scores)
    if game.restarted:
        message = (
            f"the record ends with the scores {written}, but removals emptied the palago and the "
            "game starts again, so it has no final scores; end it with *"
        )
    elif tuple(game.scores) != record.scores:
        replayed = "-".join(str(s) for s in game.scores)
        message = f"the record's scores {written} differ from the replayed scores {replayed}"
    else:
        return
    report.error = ReplayError(
        turn="",
        move=written,
        rule="result",
        message=message,
        line=record.span.end_line,
        column=max(1, record.span.end_column - len(written)),
        width=len(written),
    )


def _changes(game: pn.Palagonia, action: rec.PalagoniaAction) -> TurnChanges:
    """What ``action`` will change on the board of ``game`` if it is legal."""
    if isinstance(action, rec.Place):
        return TurnChanges(added=action.tiles)
    if isinstance(action, rec.Pass):
        return TurnChanges()
    tip = game.tiles.get(action.cell if isinstance(action, rec.Remove) else action.tile.cell)
    if tip is None:
        return TurnChanges()  # an illegal action: the rules will say why
    if isinstance(action, rec.Remove):
        return TurnChanges(removed=(Tile(action.cell, Orientation.from_tip(tip)),))
    before = Tile(action.tile.cell, Orientation.from_tip(tip))
    return TurnChanges(turned=((before, action.tile),))


def _span_width(span: rec.Span) -> int:
    """The characters ``span`` covers when it is on one line, else 1 (a caret at its start)."""
    return max(1, span.end_column - span.column) if span.line == span.end_line else 1


def _start_error(turn: rec.PalagoniaTurn, players: int, index: int) -> ReplayError | None:
    """What is wrong with a start, located in the record, or ``None``: a wrong round of the
    roll-off at that round's roll (``[…]``), a roll-off that decides nothing at the last round,
    a start that does not place the highest number rolled at the action; each message ends with
    what to write instead. (The rules say the same, unlocated, when the start is played.)"""

    def located(span: rec.Span, move: str, error: IllegalMoveError, hint: str) -> ReplayError:
        return ReplayError(
            turn.label,
            move,
            error.rule,
            f"{error.message}; {hint}",
            span.line,
            span.column,
            _span_width(span),
            index,
        )

    roll_off = pn.RollOff(players)
    for roll in turn.rolls:
        try:
            roll_off.roll(list(roll.faces))
        except IllegalMoveError as error:
            return located(roll.span, roll.text, error, START_ROLL_HINT)
    last = turn.rolls[-1]
    try:
        count = roll_off.starter()[1].count
    except IllegalMoveError as error:
        return located(last.span, last.text, error, START_ROLL_HINT)
    action = turn.action
    if not isinstance(action, rec.Place) or len(action.tiles) != count:
        rule = "place-count" if isinstance(action, rec.Place) else "start"
        wrong = IllegalMoveError(rule, f"the start places the highest number rolled, {count}")
        return located(action.span, action_text(action), wrong, f"write {count}: and {count} tiles")
    return None


def play_palagonia_turn(game: pn.Palagonia, turn: rec.PalagoniaTurn) -> pn.PalagoniaTurnResult:
    """Play one turn of a record through the rules: the start (its roll-off, then the
    starter's first tiles) or a roll, the chosen die and the action. Raises
    :class:`IllegalMoveError` when the rules refuse it, leaving the game as it was."""
    if turn.is_start:
        rounds = [list(roll.faces) for roll in turn.rolls]
        starter, die = pn.starter_from_rolls(rounds, game.players)
        if not isinstance(turn.action, rec.Place):
            raise IllegalMoveError("start", "the start places the starter's tiles")
        return game.start(starter, die, turn.action.tiles)
    roll = list(turn.roll.faces)
    if len(roll) != 2:
        raise IllegalMoveError("roll", f"a turn rolls two dice, not {len(roll)}")
    chosen = turn.chosen
    return game.play((roll[0], roll[1]), chosen, rules_action(turn.action))


def palago_options(record: rec.PalagoGame) -> pg.PalagoOptions:
    """The rules' options for a Palago record: its supply and its opening."""
    one_one_two = record.variant is rec.PalagoVariant.ONE_ONE_TWO
    opening = pg.Opening.ONE_ONE_TWO if one_one_two else pg.Opening.STANDARD
    return pg.PalagoOptions(supply=record.tiles, opening=opening)
