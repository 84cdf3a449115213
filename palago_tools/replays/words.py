"""A replayed game's words in a language: who played (:func:`who`), a turn's notes
(:func:`note_words`) and how it ended (:func:`verdict`), for the report's summary
(:meth:`~palago_tools.replays.game.RecordReport.summary`), the viewer, the table and ``palago
replay``; light to import (the catalogue only)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final

from ..screens import say, side

if TYPE_CHECKING:
    from .game import RecordReport

_NOTES: Final = {
    "extra turn after a double": "note_extra",
    "nothing could be done: the turn passes": "note_pass",
    "neither die could act: a forced removal": "note_forced",
    "the palago is empty: the game starts again": "note_restart",
    "the supply ran out before any creature was completed": "note_supply",
}
"""The replay's notes on a turn, as :mod:`palago_tools.replays.game` and the rules write them,
and their catalogue entries."""
_BOTH: Final = re.compile(r"(.+) completed creatures of both colours and loses")


def note_words(note: str, lang: str = "EN") -> str:
    """A replay's note on a turn (``extra turn after a double; …``) in ``lang``; a note the
    catalogue does not know stays as the replay wrote it."""
    parts = []
    for part in note.split("; "):
        both = _BOTH.fullmatch(part)
        if part in _NOTES:
            parts.append(say(_NOTES[part], lang))
        elif both:
            mover = both.group(1)  # the rules name the side by its colour: "blue"
            parts.append(say("note_both", lang, who=who(mover.capitalize(), lang)))
        else:
            parts.append(part)
    return "; ".join(parts)


def who(player: str, lang: str = "EN") -> str:
    """A player as the replay names them, in ``lang``: a Palago side's colour word translated
    (``Yellow (Anna)`` → ``Жёлтые (Anna)``), a Palagonia player's name as written."""
    for colour in ("yellow", "blue"):
        english = colour.capitalize()
        if player == english or player.startswith(english + " ("):
            return side(colour, lang) + player[len(english) :]
    return player


def winners(report: RecordReport, lang: str = "EN") -> str:
    """The winner or winners of a replayed game, in ``lang``."""
    if report.scores is not None and report.winner_seats:
        names = list(report.scores)
        return say("and", lang).join(names[seat] for seat in report.winner_seats)
    return who(report.winner or "", lang)


def verdict(report: RecordReport, lang: str = "EN", over: bool = False) -> str:
    """How a replayed game ended, in ``lang``: ``Yellow (Anna) won``, ``drawn``; with ``over``
    the sentence of its last turn: ``Game over: Yellow (Anna) won``, ``Game over: drawn``,
    ``Game over``. Nothing for a game not over or invalid."""
    if report.error is not None or not report.game_over:
        return ""
    prefix = "over_" if over else ""
    if report.winner:
        return say(prefix + "won", lang, who=winners(report, lang))
    if report.draw:
        return say(prefix + "drawn", lang)
    return say("game_over", lang) if over else ""

