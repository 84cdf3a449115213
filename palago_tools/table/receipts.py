"""The changes the table received, by the id the page gave them, so that a change sent again
(the answer lost, the server restarted) is carried out once.

A page gives every turn, roll-off round, undo, redo and the computer's dice it sends an id of
its own and keeps it
until the server answers; "Try again" sends the same change with the same id. The session
remembers each id with the game before the change (:func:`game_key`: the turns and roll-off
rounds, not the server's versions, which start again with every server), in a file
next to the record (``.NAME.sent``, written atomically just before the record), so a restarted
server knows them too. A change sent again is then:

- already carried out when its id is known and the game is no longer the one before it;
- carried out now when its id is unknown, or known but the record was never written (the game
  is still the one before it: the server stopped between the two files), and the page made it
  against the game as it is (its ``at``, the :func:`game_key` it was shown).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from ..files import atomic_write
from ..notation import records as rec
from ..notation.writer import action_atoms
from .actions import BadAction

KEPT: Final = 64
"""How many of the last ids a table remembers (a page sends one change at a time)."""
_ID: Final = re.compile(r"[A-Za-z0-9_-]{8,64}\Z")


def game_key(
    record: rec.PalagoGame | rec.PalagoniaGame | None,
    rolls: Sequence[Sequence[rec.Die]] = (),
    roll: Sequence[rec.Die] | None = None,
) -> str:
    """A short digest of the game as played so far: its kind, its turns, a Palagonia game's
    roll-off rounds before its start and the dice entered for the computer's turn not yet
    played (``roll``) (``""`` before the first game), each turn in the notation's own words.
    The same for the record a server plays and the record a restarted server reads back from
    the file (which has no dice entered: a restarted server asks for them again)."""
    if record is None:
        return ""
    digest = hashlib.sha256(rec.KIND_OF[type(record)].encode())
    for turn in record.turns:
        if isinstance(turn, rec.PalagoTurn):
            text = f"{turn.number}. " + " ".join(t.token for t in turn.tiles)
        else:
            rolled = " ".join(r.text for r in turn.rolls)
            chosen = turn.chosen.value if turn.chosen is not None else "-"
            text = f"{turn.label}. {rolled} {chosen} " + " ".join(action_atoms(turn.action))
        digest.update(b"\n" + text.encode("utf-8"))
    for faces in rolls:
        digest.update(b"\nroll " + " ".join(f.value for f in faces).encode("ascii"))
    if roll is not None:
        digest.update(b"\ndice " + " ".join(f.value for f in roll).encode("ascii"))
    return digest.hexdigest()[:20]


def client_id(data: Mapping[str, object]) -> str | None:
    """The id a change was sent with (``id``), or ``None`` when it has none."""
    value = data.get("id")
    if value is None:
        return None
    if not isinstance(value, str) or not _ID.match(value):
        raise BadAction("an action's id is 8 to 64 letters, digits, - or _")
    return value


@dataclass(frozen=True)
class Receipt:
    """A change received: its id and the game before it (:func:`game_key`)."""

    id: str
    before: str


class Receipts:
    """The last :data:`KEPT` changes received, kept next to the record (in memory only while
    the table has no record file)."""

    def __init__(self) -> None:
        self._path: Path | None = None
        self._items: list[Receipt] = []

    @staticmethod
    def path_of(record: Path) -> Path:
        """Where the receipts of the record ``record`` are kept: ``.NAME.sent`` beside it."""
        return record.with_name(f".{record.name}.sent")

    def follow(self, record: Path | None) -> None:
        """Keep the receipts of ``record`` from now on (read from its file the first time)."""
        path = self.path_of(record) if record is not None else None
        if path == self._path:
            return
        self._path = path
        self._items = self._read(path) if path is not None else []

    @staticmethod
    def _read(path: Path) -> list[Receipt]:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            return [Receipt(str(i["id"]), str(i["before"])) for i in data][-KEPT:]
        except (OSError, ValueError, KeyError, TypeError):
            return []  # none yet, or unreadable: changes sent again are checked by their at

    def find(self, sent: str) -> Receipt | None:
        """The receipt of the change with the id ``sent``, or ``None``."""
        return next((r for r in reversed(self._items) if r.id == sent), None)

    def keep(self, receipt: Receipt) -> None:
        """Remember ``receipt`` (in the file when there is one; a file that cannot be written
        only costs the memory of it after a restart)."""
        self._items = [r for r in self._items if r.id != receipt.id][-(KEPT - 1) :] + [receipt]
        if self._path is None:
            return
        items = [{"id": r.id, "before": r.before} for r in self._items]
        try:
            atomic_write(self._path, json.dumps(items, indent=0).encode("utf-8"))
        except OSError:
            pass
