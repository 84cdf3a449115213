"""The Palagonia die: faces that place 2 to 5 tiles, remove a tile or rotate one. The rules play
it, the records write it."""

from __future__ import annotations

import enum


class Die(enum.Enum):
    """A face of a Palagonia die. The value is the face as the notation writes it (``x`` remove,
    ``@`` rotate); ``str()`` is its word (``2`` … ``5``, ``remove``, ``rotate``)."""

    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    REMOVE = "x"
    ROTATE = "@"

    @property
    def count(self) -> int | None:
        """The number of tiles the face places, or ``None`` for remove and rotate."""
        return int(self.value) if self.value.isdigit() else None

    @classmethod
    def placing(cls, count: int) -> Die:
        """The face that places ``count`` tiles."""
        return cls(str(count))

    def __str__(self) -> str:
        return self.value if self.value.isdigit() else self.name.lower()
