"""The built-in creature catalog: the Palalaboratory cards in ``cards/`` (one Creature record per
``.palago`` file), shipped inside the package as ``palago_tools.cards``.

A source tree reads the top-level ``cards/`` folder; a plain install reads the installed copy
through :mod:`importlib.resources`, so only :class:`~importlib.resources.abc.Traversable` calls
are used (no file-system paths)."""

from __future__ import annotations

from importlib.resources.abc import Traversable
from typing import Final

from ..errors import FileAccessError, PalagoError
from ..notation import parse_bytes
from ..notation.records import CreatureCard
from ..palalab import CatalogEntry
from ..shipped import shipped_folder
from .tasks import catalog_from_records

CARDS_PACKAGE: Final = "palago_tools.cards"
CARD_SUFFIX: Final = ".palago"


def cards_dir() -> Traversable:
    """The card files: ``cards/`` in a source tree, else the installed copy."""
    return shipped_folder("cards", CARDS_PACKAGE)


def catalog_records(source: Traversable | None = None) -> list[CreatureCard]:
    """Every card of the catalog by card number: ``source`` is a folder of card files, one card
    file, or ``None`` for the built-in catalog.

    Each file must hold Creature records only, each with a card number, and no number may be
    used twice; a file that does not parse raises its first error; a catalog without cards is an
    error too.
    """
    folder = source or cards_dir()
    if folder.is_file():
        files = [folder]
    else:
        try:
            files = [f for f in folder.iterdir() if f.name.endswith(CARD_SUFFIX)]
        except OSError as error:
            raise FileAccessError("read", str(folder), error) from None
    cards: list[CreatureCard] = []
    for file in sorted(files, key=lambda f: f.name):
        name = file.name if source is None else str(file)
        try:
            data = file.read_bytes()
        except OSError as error:
            raise FileAccessError("read", name, error) from None
        result = parse_bytes(data, name)
        if result.errors:
            raise result.errors[0]
        for record in result.records:
            where = f"{name}:{record.span.line}"
            if not isinstance(record, CreatureCard) or record.card is None:
                raise PalagoError(
                    f"{where}: a catalog file holds Creature records with a Card number"
                )
            try:
                catalog_from_records([record])
            except PalagoError as error:
                raise PalagoError(
                    f"{where}: card {record.card} is not one creature: {error}"
                ) from None
            cards.append(record)
    if not cards:
        raise PalagoError(
            f"the catalog {folder} holds no cards: a catalog is a card file, or a folder of "
            f"{CARD_SUFFIX} files, with Creature records that have a Card number"
        )
    numbers = [c.card for c in cards]
    twice = sorted({n for n in numbers if n is not None and numbers.count(n) > 1})
    if twice:
        raise PalagoError(f"card numbers used twice in the catalog: {', '.join(map(str, twice))}")
    return sorted(cards, key=lambda c: c.card or 0)


def builtin_catalog(folder: Traversable | None = None) -> list[CatalogEntry]:
    """The catalog as :class:`~palago_tools.palalab.CatalogEntry` cards, by card number."""
    return catalog_from_records(catalog_records(folder))
