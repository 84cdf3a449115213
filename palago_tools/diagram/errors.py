"""The diagram layer's error."""

from __future__ import annotations

from ..errors import PalagoError


class DiagramError(PalagoError, ValueError):
    """A diagram that cannot be drawn as asked (bad colour or motion, no creature to show)."""
