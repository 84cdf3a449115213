"""The built-in creature catalog: the Palalaboratory cards in ``cards/`` (one Creature record per
``.palago`` file), shipped inside the package as ``palago_tools.cards``.

A source tree reads the top-level ``cards/`` folder; a plain install reads the installed copy
through :mod:`importlib.resources`, so only :class:`~importlib.resources.abc.Traversable` calls
are used (no file-system paths)."""

from __future__ import annotations

from importlib.resources.abc import Traversable
from typing import Final

from .errors import PalagoError
from .notation import parse_text
from .notation.records import CreatureCard
from .puzzles import CatalogEntry
from .shipped import shipped_folder
from .tasks import catalog_from_records

CARDS_PACKAGE: Final = "palago_tools.cards"
CARD_SUFFIX: Final = ".palago"


def cards_dir() -> Traversable:
    """The card files: ``cards/`` in a source tree, else the installed copy."""
    return shipped_folder("cards", CARDS_PACKAGE)


def catalog_records(folder: Traversable | None = None) -> list[CreatureCard]:
    """Every card of the catalog (``folder``, default the built-in one), by card number.

    Each file must hold Creature records only, each with a card number, and no number may be
    used twice; a file that does not parse raises its first error.
    """
    cards: list[CreatureCard] = []
    files = [f for f in (folder or cards_dir()).iterdir() if f.name.endswith(CARD_SUFFIX)]
    for file in sorted(files, key=lambda f: f.name):
        result = parse_text(file.read_text(encoding="utf-8"), file.name)
        if result.errors:
            raise result.errors[0]
        for record in result.records:
            if not isinstance(record, CreatureCard) or record.card is None:
                raise PalagoError(
                    f"{file.name}: a catalog file holds Creature records with a Card number"
                )
            cards.append(record)
    numbers = [c.card for c in cards]
    twice = sorted({n for n in numbers if n is not None and numbers.count(n) > 1})
    if twice:
        raise PalagoError(f"card numbers used twice in the catalog: {', '.join(map(str, twice))}")
    return sorted(cards, key=lambda c: c.card or 0)


def builtin_catalog(folder: Traversable | None = None) -> list[CatalogEntry]:
    """The catalog as :class:`~palago_tools.puzzles.CatalogEntry` cards, by card number."""
    return catalog_from_records(catalog_records(folder))
