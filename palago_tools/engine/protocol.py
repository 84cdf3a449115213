"""The engine's line protocol, framed as GTP (the Go Text Protocol) is, so that match runners
and GUIs can drive it: ``palago engine`` reads one command a line and answers each with
``= text`` (success) or ``? message`` (failure), followed by an empty line.

As in GTP, a command may start with a number, its id, which the answer repeats (``7 name`` →
``=7 palago-tools``); empty lines and ``#`` comments are skipped; a multi-line answer
(``showboard``, ``list_commands``) has no empty line inside. The commands are
:data:`COMMANDS`; their meaning is in ``docs/engine.md``. Every turn played, the engine's own
included, goes through the rules' :class:`~palago_tools.rules.palago.Palago`, so an illegal
turn answers ``? illegal:`` and the rule's own sentence, and the game is left as it was.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Final, TextIO

from ..core.tiles import Colour, Tile
from ..errors import IllegalMoveError, PalagoError
from ..rules.palago import Opening, Palago, PalagoOptions
from .board import Turn
from .player import STRONGEST, Engine, check_level

PROTOCOL_VERSION: Final = "1"
ENGINE_NAME: Final = "palago-tools"
MAX_SUPPLY: Final = 10_000
"""The largest supply ``supply N`` takes."""
MAX_MOVETIME: Final = 3_600_000
"""The longest ``movetime`` in milliseconds (an hour)."""

COMMANDS: Final = (
    "protocol_version",
    "name",
    "version",
    "list_commands",
    "clear_board",
    "variant",
    "supply",
    "play",
    "genmove",
    "undo",
    "level",
    "movetime",
    "final_status",
    "showboard",
    "quit",
)


class ProtocolError(PalagoError):
    """A command the protocol answers with ``? message``."""


@dataclass
class EngineProtocol:
    """The state behind the protocol: the game, its turns, the options and the engine.

    >>> protocol = EngineProtocol()
    >>> protocol.answer("play yellow 0,0R 0,1L")
    '= '
    >>> protocol.answer("play yellow 1,1R 1,0L")
    "? illegal: it is blue's turn"
    """

    version: str = ""
    seed: int = 0
    options: PalagoOptions = field(default_factory=PalagoOptions)
    engine: Engine = field(init=False)
    game: Palago = field(init=False)
    turns: list[Turn] = field(default_factory=list, init=False)
    finished: bool = field(default=False, init=False)

    def __post_init__(self) -> None:
        self.engine = Engine(STRONGEST, self.seed)
        self.game = Palago(options=self.options)

    # The framing ---------------------------------------------------------------------------
    def answer(self, line: str) -> str | None:
        """The answer to one command line (without the empty line that follows it), or
        ``None`` for an empty or comment line."""
        text = line.split("#", 1)[0].strip()
        if not text:
            return None
        words = text.split()
        ident = ""
        if words[0].isdigit():
            ident = words.pop(0)
            if not words:
                return f"?{ident} a command follows the id"
        name, args = words[0].lower(), words[1:]
        handler = self._handlers().get(name)
        try:
            if handler is None:
                raise ProtocolError(f"unknown command {name!r}; list_commands lists them")
            return f"={ident} {handler(args)}"
        except IllegalMoveError as error:
            return f"?{ident} illegal: {error}"
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
            "list_commands": lambda a: self._none(a, "\n".join(COMMANDS)),
            "clear_board": self._clear_board,
            "variant": self._variant,
            "supply": self._supply,
            "play": self._play,
            "genmove": self._genmove,
            "undo": self._undo,
            "level": self._level,
            "movetime": self._movetime,
            "final_status": lambda a: self._none(a, self.final_status()),
            "showboard": lambda a: self._none(a, self.showboard()),
            "quit": self._quit,
        }

    @staticmethod
    def _none(args: list[str], text: str) -> str:
        if args:
            raise ProtocolError(f"this command takes no argument, not {' '.join(args)!r}")
        return text

    @staticmethod
    def _one(args: list[str], what: str) -> str:
        if len(args) != 1:
            raise ProtocolError(f"this command takes one argument, {what}")
        return args[0]

    # The commands --------------------------------------------------------------------------
    def _new_game(self) -> None:
        self.game = Palago(options=self.options)
        self.turns = []
        self.engine.new_game()

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
            raise ProtocolError(f"unknown variant {value!r}: the variants are 1-1-2 and standard")
        self.options = PalagoOptions(self.options.supply, opening, self.options.tie_break)
        self._new_game()
        return ""

    def _supply(self, args: list[str]) -> str:
        value = self._one(args, "the number of tiles")
        if not value.isdigit() or not 2 <= int(value) <= MAX_SUPPLY:
            raise ProtocolError(f"the supply is 2 to {MAX_SUPPLY} tiles, not {value!r}")
        self.options = PalagoOptions(int(value), self.options.opening, self.options.tie_break)
        self._new_game()
        return ""

    def _colour(self, word: str) -> Colour:
        try:
            colour = Colour(word.lower())
        except ValueError:
            raise ProtocolError(f"unknown colour {word!r}: a colour is yellow or blue") from None
        if self.game.over:
            raise IllegalMoveError("game-over", f"the game is over ({self.game.describe_result()})")
        if colour is not self.game.mover:
            raise IllegalMoveError("turn", f"it is {self.game.mover}'s turn")
        return colour

    def _play(self, args: list[str]) -> str:
        if len(args) not in (2, 3):
            raise ProtocolError("play takes a colour and one or two tiles: play yellow 0,0R 0,1L")
        self._colour(args[0])
        turn = tuple(Tile.parse(word) for word in args[1:])
        self.game.play(turn)
        self.turns.append(turn)
        return ""

    def _genmove(self, args: list[str]) -> str:
        self._colour(self._one(args, "the colour to move"))
        turn = self.engine.choose(self.game).turn
        self.game.play(turn)
        self.turns.append(turn)
        return " ".join(t.token for t in turn)

    def _undo(self, args: list[str]) -> str:
        self._none(args, "")
        if not self.turns:
            raise ProtocolError("there is no turn to undo")
        turns = self.turns[:-1]
        self.game = Palago(options=self.options)
        for turn in turns:
            self.game.play(turn)
        self.turns = turns
        return ""

    def _level(self, args: list[str]) -> str:
        value = self._one(args, f"the level 1 to {STRONGEST}")
        level = check_level(int(value) if value.isdigit() else value)
        self.engine = Engine(level, self.seed, movetime=self.engine.movetime)
        return ""

    def _movetime(self, args: list[str]) -> str:
        value = self._one(args, "milliseconds (0: the level's own budget)")
        if not value.isdigit() or int(value) > MAX_MOVETIME:
            raise ProtocolError(f"the move time is 0 to {MAX_MOVETIME} milliseconds, not {value!r}")
        self.engine.movetime = int(value) / 1000 if int(value) else None
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
        return "\n" + "\n".join(lines)
