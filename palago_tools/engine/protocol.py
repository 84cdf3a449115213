"""The engine's line protocol, GTP (the Go Text Protocol, version 2) for Palago, so that match
runners and GUIs can drive it: ``palago engine`` reads one command a line and answers each with
``=id result`` (success) or ``?id message`` (failure), followed by an empty line.

The framing is GTP 2's: control characters other than tab and newline are dropped, tabs are
spaces, ``#`` starts a comment, empty lines are skipped; a command may start with a number, its
id, which the answer repeats (``7 name`` → ``=7 palago-tools``); a multi-line answer
(``showboard``, ``list_commands``) has no empty line inside; the standard error messages begin
as GTP's do (``unknown command``, ``syntax error``, ``illegal move``, ``cannot undo``). The
commands are :data:`COMMANDS`, GTP's own (``protocol_version`` 2, ``known_command``,
``time_settings``, ``time_left`` …) and Palago's; their meaning is in ``docs/engine.md``. Every
turn played, the engine's own included, goes through the rules'
:class:`~palago_tools.rules.palago.Palago`, so an illegal turn answers ``? illegal move:`` and
the rule's own sentence, and the game is left as it was. With a time control
(``time_settings``) the engine budgets each ``genmove`` from its side's clock
(:func:`~.clock.move_budget`), which ``time_left`` sets and each ``genmove`` runs down.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Container, Iterable
from dataclasses import dataclass, field
from typing import Final, TextIO

from ..core.tiles import Colour, Tile
from ..errors import IllegalMoveError, PalagoError
from ..rules.palago import Opening, Palago, PalagoOptions
from .board import Turn
from .clock import Clock, TimeControl, move_budget
from .player import STRONGEST, Choice, Engine, check_level

PROTOCOL_VERSION: Final = "2"
ENGINE_NAME: Final = "palago-tools"
MAX_SUPPLY: Final = 10_000
"""The largest supply ``supply N`` takes."""
MAX_MOVETIME: Final = 3_600_000
"""The longest ``movetime`` in milliseconds (an hour)."""
MAX_SECONDS: Final = 10_000_000
"""The longest time ``time_settings`` and ``time_left`` take, in seconds (about 115 days)."""
_CONTROL: Final = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
"""What GTP's preprocessing removes: control characters but tab and newline."""

COMMANDS: Final = (
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "clear_board",
    "variant",
    "supply",
    "play",
    "genmove",
    "undo",
    "level",
    "movetime",
    "time_settings",
    "time_left",
    "final_status",
    "showboard",
    "quit",
)


class ProtocolError(PalagoError):
    """A command the protocol answers with ``? message``."""


class SyntaxProblem(ProtocolError):
    """A command whose arguments are wrong: ``? syntax error: …`` and what would be valid."""

    def __str__(self) -> str:
        return f"syntax error: {super().__str__()}"


@dataclass
class EngineProtocol:
    """The state behind the protocol: the game, its turns, the options and the engine.

    >>> protocol = EngineProtocol()
    >>> protocol.answer("play yellow 0,0R 0,1L")
    '= '
    >>> protocol.answer("play yellow 1,1R 1,0L")
    "? illegal move: it is blue's turn"
    """

    version: str = ""
    seed: int = 0
    options: PalagoOptions = field(default_factory=PalagoOptions)
    engine: Engine = field(init=False)
    game: Palago = field(init=False)
    turns: list[Turn] = field(default_factory=list, init=False)
    finished: bool = field(default=False, init=False)
    control: TimeControl | None = field(default=None, init=False)
    """The time control ``time_settings`` gave (``None``: none)."""
    clocks: dict[Colour, Clock] = field(default_factory=dict, init=False)
    """Each side's time left, as ``time_left`` said and ``genmove`` ran it down."""
    budget: float | None = field(default=None, init=False)
    """The seconds the last ``genmove`` was given (``None``: the level's counts)."""
    choice: Choice | None = field(default=None, init=False)
    """The engine's last choice (its reason, search and whether its deadline stopped it)."""

    def __post_init__(self) -> None:
        self.engine = Engine(STRONGEST, self.seed)
        self.game = Palago(options=self.options)

    # The framing ---------------------------------------------------------------------------
    def answer(self, line: str) -> str | None:
        """The answer to one command line (without the empty line that follows it), or
        ``None`` for an empty or comment line."""
        text = _CONTROL.sub("", line).replace("\t", " ").split("#", 1)[0].strip()
        if not text:
            return None
        words = text.split()
        ident = ""
        if words[0].isdigit():
            ident = words.pop(0)
            if not words:
                return f"?{ident} syntax error: a command follows the id"
        name, args = words[0].lower(), words[1:]
        handler = self._handlers().get(name)
        try:
            if handler is None:
                raise ProtocolError(f"unknown command {name!r}; list_commands lists them")
            return f"={ident} {handler(args)}"
        except IllegalMoveError as error:
            return f"?{ident} illegal move: {error}"
        except PalagoError as error:
            return f"?{ident} {error}"

    def run(self, lines: Iterable[str], out: TextIO) -> None:
        """Answer every command of ``lines`` on ``out`` until ``quit`` or the end of input."""
        for line in lines:
            reply = self.answer(line)
            if reply is None:
                continue
            out.write(reply + "\n\n")
            out.flush()
            if self.finished:
                break

    def _handlers(self) -> dict[str, Callable[[list[str]], str]]:
        return {
            "protocol_version": lambda a: self._none(a, PROTOCOL_VERSION),
            "name": lambda a: self._none(a, ENGINE_NAME),
            "version": lambda a: self._none(a, self.version),
            "known_command": lambda a: str(self._one(a, "a command name") in COMMANDS).lower(),
            "list_commands": lambda a: self._none(a, "\n".join(COMMANDS)),
            "clear_board": self._clear_board,
            "variant": self._variant,
            "supply": self._supply,
            "play": self._play,
            "genmove": self._genmove,
            "undo": self._undo,
            "level": self._level,
            "movetime": self._movetime,
            "time_settings": self._time_settings,
            "time_left": self._time_left,
            "final_status": lambda a: self._none(a, self.final_status()),
            "showboard": lambda a: self._none(a, self.showboard()),
            "quit": self._quit,
        }

    @staticmethod
    def _none(args: list[str], text: str) -> str:
        if args:
            raise SyntaxProblem(f"this command takes no argument, not {' '.join(args)!r}")
        return text

    @staticmethod
    def _one(args: list[str], what: str) -> str:
        return _arguments(args, (1,), f"this command takes one argument, {what}")[0]

    # The commands --------------------------------------------------------------------------
    def _new_game(self) -> None:
        self.game = Palago(options=self.options)
        self.turns = []
        self.engine.new_game()
        self._start_clocks()

    def _start_clocks(self) -> None:
        control = self.control
        self.clocks = {} if control is None else {c: control.start() for c in Colour}

    def _clear_board(self, args: list[str]) -> str:
        self._none(args, "")
        self._new_game()
        return ""

    def _variant(self, args: list[str]) -> str:
        value = self._one(args, "1-1-2 or standard")
        openings = {
            "1-1-2": Opening.ONE_ONE_TWO,
            "standard": Opening.STANDARD,
            "2": Opening.STANDARD,
        }
        opening = openings.get(value.lower())
        if opening is None:
            raise SyntaxProblem(f"unknown variant {value!r}: the variants are 1-1-2 and standard")
        self.options = PalagoOptions(self.options.supply, opening, self.options.tie_break)
        self._new_game()
        return ""

    def _supply(self, args: list[str]) -> str:
        value = self._one(args, "the number of tiles")
        if not value.isdigit() or not 2 <= int(value) <= MAX_SUPPLY:
            raise SyntaxProblem(f"the supply is 2 to {MAX_SUPPLY} tiles, not {value!r}")
        self.options = PalagoOptions(int(value), self.options.opening, self.options.tie_break)
        self._new_game()
        return ""

    def _colour(self, word: str) -> Colour:
        colour = _parse_colour(word)
        if self.game.over:
            raise IllegalMoveError("game-over", f"the game is over ({self.game.describe_result()})")
        if colour is not self.game.mover:
            raise IllegalMoveError("turn", f"it is {self.game.mover}'s turn")
        return colour

    def _play(self, args: list[str]) -> str:
        usage = "play takes a colour and one or two tiles: play yellow 0,0R 0,1L"
        self._colour(_arguments(args, (2, 3), usage)[0])
        try:
            turn = tuple(Tile.parse(word) for word in args[1:])
        except PalagoError as error:
            raise SyntaxProblem(str(error)) from None
        self.game.play(turn)
        self.turns.append(turn)
        return ""

    def _genmove(self, args: list[str]) -> str:
        colour = self._colour(self._one(args, "the colour to move"))
        self.budget = self.budget_for(colour)
        start = time.perf_counter()
        self.choice = self.engine.choose(self.game, seconds=self.budget)
        turn = self.choice.turn
        if self.control is not None:
            spent = time.perf_counter() - start
            self.clocks[colour] = self.control.spend(self.clocks[colour], spent)
        self.game.play(turn)
        self.turns.append(turn)
        return " ".join(t.token for t in turn)

    def budget_for(self, colour: Colour) -> float | None:
        """The seconds ``genmove`` gives ``colour``: its clock's budget
        (:func:`~.clock.move_budget`) with the time control, at most the move time when one is
        set; the move time alone without a control; ``None`` (the level's counts) without
        either."""
        control = self.control
        budget = None
        if control is not None:
            budget = move_budget(control, self.clocks[colour], self.game.tiles_left)
        return min((s for s in (budget, self.engine.movetime) if s is not None), default=None)

    def _undo(self, args: list[str]) -> str:
        self._none(args, "")
        if not self.turns:
            raise ProtocolError("cannot undo: there is no turn to undo")
        turns = self.turns[:-1]
        self.game = Palago(options=self.options)
        for turn in turns:
            self.game.play(turn)
        self.turns = turns
        return ""

    def _level(self, args: list[str]) -> str:
        value = self._one(args, f"the level 1 to {STRONGEST}")
        try:
            level = check_level(int(value) if value.isdigit() else value)
        except PalagoError as error:
            raise SyntaxProblem(str(error)) from None
        self.engine = Engine(level, self.seed, movetime=self.engine.movetime)
        return ""

    def _movetime(self, args: list[str]) -> str:
        value = self._one(args, "milliseconds (0: the level's own budget)")
        if not value.isdigit() or int(value) > MAX_MOVETIME:
            raise SyntaxProblem(f"the move time is 0 to {MAX_MOVETIME} milliseconds, not {value!r}")
        self.engine.movetime = int(value) / 1000 if int(value) else None
        return ""

    def _time_settings(self, args: list[str]) -> str:
        usage = (
            "time_settings takes main_time byo_yomi_time byo_yomi_stones, whole numbers of "
            "seconds and turns: time_settings 300 0 0"
        )
        main, byo_yomi, stones = (_count(w, "time_settings") for w in _arguments(args, (3,), usage))
        self.control = TimeControl(main, byo_yomi, stones)
        self._start_clocks()
        return ""

    def _time_left(self, args: list[str]) -> str:
        usage = (
            "time_left takes a colour, the seconds left and the turns left in the byo-yomi "
            "period (0 in main time): time_left yellow 120 0"
        )
        colour = _parse_colour(_arguments(args, (3,), usage)[0])
        seconds, stones = (_count(word, "time_left") for word in args[1:])
        if self.control is None:
            self.control = TimeControl(seconds)  # absolute time, as far as the engine knows
            self._start_clocks()
        self.clocks[colour] = Clock(seconds, stones)
        return ""

    def _quit(self, args: list[str]) -> str:
        self._none(args, "")
        self.finished = True
        return ""

    # What the protocol reports -------------------------------------------------------------
    def final_status(self) -> str:
        """``yellow`` or ``blue`` (the winner), ``draw`` or ``playing``."""
        game = self.game
        if game.winner is not None:
            return game.winner.value
        return "draw" if game.draw else "playing"

    def showboard(self) -> str:
        """The game in lines: the turns played, the tiles, who is to move and the supply."""
        game = self.game
        lines = [
            f"turn {i}: {' '.join(t.token for t in turn)}" for i, turn in enumerate(self.turns, 1)
        ]
        lines.append("tiles: " + (" ".join(t.token for t in game.position().tiles()) or "none"))
        status = f"{game.mover} to move" if not game.over else game.describe_result()
        lines.append(f"{status}; {game.tiles_left} tiles left")
        if self.clocks:
            lines.append("clocks: " + ", ".join(_clock_text(c, k) for c, k in self.clocks.items()))
        return "\n" + "\n".join(lines)


def _arguments(args: list[str], counts: Container[int], usage: str) -> list[str]:
    """``args`` when their number is one of ``counts``, else a syntax error saying ``usage``."""
    if len(args) not in counts:
        raise SyntaxProblem(usage)
    return args


def _parse_colour(word: str) -> Colour:
    """The colour ``word`` names (in any case), else a syntax error."""
    try:
        return Colour(word.lower())
    except ValueError:
        raise SyntaxProblem(f"unknown colour {word!r}: a colour is yellow or blue") from None


def _count(word: str, command: str) -> int:
    """A whole number of seconds or turns, 0 to :data:`MAX_SECONDS`."""
    if not word.isdigit() or int(word) > MAX_SECONDS:
        raise SyntaxProblem(
            f"{command} takes whole numbers of seconds and turns, 0 to {MAX_SECONDS}, not {word!r}"
        )
    return int(word)


def _clock_text(colour: Colour, clock: Clock) -> str:
    stones = f" for {clock.stones} turns" if clock.stones else ""
    return f"{colour} {clock.left:.1f} s{stones}"
