"""Playing against the computer at the table: who the engine plays, read from the record's tags.

Palago: a Palago record whose ``Yellow`` or ``Blue`` tag is the engine's name at a level
(``palago-tools engine level 3``, :attr:`~palago_tools.engine.Engine.name`) is a game against
the computer: the record says who played, and a server restarted on the file knows at once whose
turn is the engine's. :func:`computer_turn` chooses the engine's turn on a game of its own,
replayed from the record, so it may run in a thread while the session answers requests.

Palagonia: any seat whose name is a Palagonia player's (``palago-tools palagonia level2``,
:func:`~palago_tools.engine.palagonia.seat_name`, the engine's name for it in matches too;
``(seat N)`` after it when one player sits twice) is the computer's
(:func:`computer_seats`). It rolls with the table's dice (the roll is given to
:func:`palagonia_turn`), places the start tiles when the roll-off chose it, and says what it did
and why (:func:`choice_words`). :class:`Thinker` runs either computer's choice in a thread.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from ..core.tiles import Colour, Tile
from ..engine import LEVELS, Engine
from ..engine.palagonia import PLAYERS as PALAGONIA_PLAYERS
from ..engine.palagonia import SEAT_PREFIX, PalagoniaChoice, PalagoniaPlayer
from ..errors import UsageError
from ..glossary import counted
from ..notation import records as rec
from ..replays.game import play_turns, start_replay
from ..rules import palago as pg
from ..rules import palagonia as pn
from ..screens import count, say, side
from .said import listed

__all__ = [
    "DEFAULT_LEVEL",
    "SEED",
    "Computer",
    "Thinker",
    "computer_moves",
    "choice_words",
    "computer_of",
    "computer_seats",
    "computer_seats_text",
    "computer_turn",
    "is_computer_turn",
    "palagonia_start",
    "palagonia_turn",
    "parse_computer_seats",
    "turns_to_undo",
    "turn_colour",
]

SEED: Final = 0
"""The engine's seed at the table: the same position gets the same reply, also after a restart."""

DEFAULT_LEVEL: Final = 3
"""The level when none is chosen: a fraction of a second per turn."""

_LEVEL_OF_NAME: Final = {Engine(level).name: level for level in LEVELS}


@dataclass(frozen=True)
class Computer:
    """The engine playing ``colour`` at ``level`` in a Palago game at the table."""

    colour: Colour
    level: int

    @property
    def name(self) -> str:
        """The player's name in the record: the engine's name at its level."""
        return Engine(self.level).name

    def words(self, lang: str = "EN") -> str:
        """The player in words, with the record's own name (one name on the page, in its
        messages and in the record): ``Blue (palago-tools engine level 3)``, ``Синие
        (palago-tools engine level 3)``."""
        return f"{side(self.colour.value, lang)} ({self.name})"


_SEAT_NAME: Final = re.compile(
    re.escape(SEAT_PREFIX) + rf"({'|'.join(PALAGONIA_PLAYERS)})(?: \(seat ([0-9]+)\))?\Z"
)


def is_computer_name(name: str) -> bool:
    """Whether ``name`` is the engine's name at one of its levels, or a Palagonia player's."""
    return name in _LEVEL_OF_NAME or name.startswith(SEAT_PREFIX.strip())


def computer_seats(record: rec.PalagoGame | rec.PalagoniaGame | None) -> dict[int, str]:
    """The computer's seats of a Palagonia record (0-based) and the player in each."""
    if not isinstance(record, rec.PalagoniaGame):
        return {}
    found = {}
    for seat, name in enumerate(record.players):
        match = _SEAT_NAME.match(name)
        if match is not None and match.group(2) in (None, str(seat + 1)):
            found[seat] = match.group(1)
    return found


def parse_computer_seats(text: str) -> dict[int, str]:
    """The Palagonia computer seats written ``SEAT:PLAYER,...`` (``palago serve
    --computer-seats 2:level2,3:greedy``, seats counted from 1), 0-based; a
    :class:`~palago_tools.errors.UsageError` naming what is valid for anything else."""
    seats: dict[int, str] = {}
    most = pn.PLAYER_COUNTS[-1]
    for item in text.split(","):
        seat_text, colon, player = item.strip().partition(":")
        if not colon or not seat_text.isdigit() or not 1 <= int(seat_text) <= most:
            raise UsageError(
                f"--computer-seats is SEAT:PLAYER,... with seats 1 to {most} (2:level2,3:greedy), "
                f"not {item.strip()!r}"
            )
        if player not in PALAGONIA_PLAYERS:
            raise UsageError(
                f"--computer-seats: the players are {', '.join(PALAGONIA_PLAYERS)}, not "
                f"{player!r} (in {item.strip()!r})"
            )
        if int(seat_text) - 1 in seats:
            raise UsageError(f"--computer-seats names seat {seat_text} twice")
        seats[int(seat_text) - 1] = player
    return seats


def computer_seats_text(seats: dict[int, str]) -> str:
    """The computer ``seats`` (0-based) written as :func:`parse_computer_seats` reads them."""
    return ",".join(f"{seat + 1}:{player}" for seat, player in sorted(seats.items()))


def palagonia_start(player: str, die: rec.Die) -> tuple[Tile, ...]:
    """The start tiles of the computer ``player`` when the roll-off chose it with ``die``."""
    return PalagoniaPlayer(player).start_tiles(die)


def palagonia_turn(
    record: rec.PalagoniaGame, player: str, roll: tuple[rec.Die, rec.Die]
) -> PalagoniaChoice:
    """The computer ``player``'s choice for ``roll`` as the mover of ``record``'s game, on a
    game of its own, seeded by its seat: the same position and roll give the same turn."""
    report, game = start_replay(record)
    assert isinstance(game, pn.Palagonia), "a Palagonia record replays on a Palagonia game"
    play_turns(record, game, report, record.turns)
    return PalagoniaPlayer(player, game.player).choose(game, roll)


_CLOSED: Final = re.compile(r"closed a (.+?) creatures?\Z")
_BUILT: Final = re.compile(r"built a creature ([0-9]+) tiles? short\Z")
_PLACED: Final = re.compile(r"placed ([0-9]+) tiles\Z")
_WHY: Final = {"removed a tile": "t_why_removed", "turned a tile": "t_why_turned"}


def _why(why: str, lang: str) -> str:
    """A Palagonia player's reason (``closed a 5-point creature``, as the players write it) in
    the table's words of ``lang``; one the table does not know as the player wrote it."""
    if why in _WHY:
        return say(_WHY[why], lang)
    if found := _PLACED.match(why):
        return say("t_why_placed", lang, tiles=counted("tile", int(found.group(1)), lang))
    if found := _BUILT.match(why):
        return count("t_why_built", int(found.group(1)), lang)
    if found := _CLOSED.match(why):
        values = [int(v) for v in re.findall(r"([0-9]+)-point", found.group(1))]
        points = [count("t_why_points", v, lang) for v in values]
        key = "t_why_closed_one" if len(values) == 1 else "t_why_closed_more"
        return say(key, lang, list=listed(points, lang))
    return why


def choice_words(choice: PalagoniaChoice, shared: Sequence[str], lang: str = "EN") -> str:
    """What a Palagonia computer did and why, in one line: ``took the 3: closed a 5-point
    Pala-creature with Anna`` (``shared``: the others who scored with it)."""
    why = _why(choice.why, lang)
    closed = choice.why.startswith("closed")
    with_whom = say("t_with", lang, list=listed(list(shared), lang)) if shared and closed else ""
    if choice.die is None:
        return why + with_whom
    return say("t_took_die", lang, rolled=choice.die.value, what=why + with_whom)


def computer_of(record: rec.PalagoGame | rec.PalagoniaGame | None) -> Computer | None:
    """The computer of a Palago record whose one player is the engine; ``None`` for a game of
    people (and for one whose both players are engines: the table plays against one)."""
    if not isinstance(record, rec.PalagoGame):
        return None
    found = [
        Computer(colour, _LEVEL_OF_NAME[name])
        for colour, name in ((Colour.YELLOW, record.yellow), (Colour.BLUE, record.blue))
        if name in _LEVEL_OF_NAME
    ]
    return found[0] if len(found) == 1 else None


def turn_colour(record: rec.PalagoGame, number: int) -> Colour:
    """Who plays turn ``number`` of ``record`` (the players alternate from ``First``)."""
    return record.first if number % 2 == 1 else record.first.other


def is_computer_turn(
    record: rec.PalagoGame | rec.PalagoniaGame | None, computer: Computer | None, turn: object
) -> bool:
    """Whether ``turn`` (of ``record``) is the computer's."""
    return (
        isinstance(record, rec.PalagoGame)
        and computer is not None
        and isinstance(turn, rec.PalagoTurn)
        and turn_colour(record, turn.number) is computer.colour
    )


def computer_moves(computer: Computer | None, game: pg.Palago) -> bool:
    """Whether ``game`` goes on with the computer's turn."""
    return computer is not None and not game.over and game.mover is computer.colour


def turns_to_undo(by_computer: Sequence[bool]) -> int:
    """How many turns Undo takes back, given which turns the computer played: the last one; after
    the computer's turns the human turn before them too; 0 when there is no human turn to take
    back (none at all, or only the computer's)."""
    trailing = len(by_computer)
    while trailing and by_computer[trailing - 1]:
        trailing -= 1
    if trailing == 0:
        return 0
    return len(by_computer) - trailing + 1


def computer_turn(record: rec.PalagoGame, level: int) -> tuple[Tile, ...]:
    """The engine's turn at ``level`` for the mover of ``record``'s game, chosen on a game of
    its own (the caller's game is never touched)."""
    report, game = start_replay(record)
    assert isinstance(game, pg.Palago), "a Palago record replays on a Palago game"
    play_turns(record, game, report, record.turns)
    return Engine(level, SEED).choose(game).turn


Asked = Callable[[], "tuple[Callable[[], object], int] | None"]
"""What the computer is asked to play: how to choose it (run with the lock released) and the
game's version (``None``: nothing to play)."""
Played = Callable[[object, str], None]
"""Record the computer's choice (``None`` and why there is none: the failure in words)."""


class Thinker:
    """The computer's thread: :meth:`wake` it after a change; it asks (under ``lock``) what to
    play, chooses the turn with the lock released, and hands it over (under ``lock``) unless
    the version changed meanwhile (then it asks again)."""

    def __init__(self, lock: threading.RLock, asked: Asked, played: Played) -> None:
        self.lock = lock
        self.asked = asked
        self.played = played
        self._thread: threading.Thread | None = None
        self._stopped = False

    def wake(self) -> None:
        """Start thinking when there is something to play and no thread does it already."""
        with self.lock:
            if self._thread is None and not self._stopped and self.asked() is not None:
                self._thread = threading.Thread(target=self._run, name="palago-computer")
                self._thread.daemon = True
                self._thread.start()

    def settle(self, timeout: float = 60.0) -> None:
        """Wait until the computer has played what it was asked (or has nothing to play)."""
        with self.lock:
            thread = self._thread
        if thread is not None:
            thread.join(timeout)

    def stop(self) -> None:
        """Play no more turns (a turn being chosen is dropped)."""
        with self.lock:
            self._stopped = True

    def _run(self) -> None:
        while True:
            with self.lock:
                wanted = None if self._stopped else self.asked()
                if wanted is None:
                    self._thread = None
                    return
            choose, version = wanted
            chosen: object = None
            failure = ""
            try:
                chosen = choose()
            except Exception as error:  # noqa: BLE001 - the page must hear of any failure
                failure = f"the engine failed: {type(error).__name__}: {error}"
            with self.lock:
                asked = None if self._stopped else self.asked()
                if asked is not None and asked[1] == version:
                    self.played(chosen, failure)
