"""What the table says, made in the language of whoever reads it: a change is said once, when
it is made, but read by every device in its own language (one in Russian, one in Hungarian), so
the server keeps it as a function of the language (:data:`Said`) built from the catalogue's
entries (:mod:`palago_tools.screens`), not as a text."""

from __future__ import annotations

from collections.abc import Callable

from ..screens import CATALOGUE, say

Said = Callable[[str], str]
"""Words of the table in a language (``"EN"``, ``"RU"``, …)."""


def _filled(values: dict[str, object], lang: str) -> dict[str, object]:
    return {name: value(lang) if callable(value) else value for name, value in values.items()}


def fixed(text: str) -> Said:
    """Words that are the same in every language: a name, the notation, the rules' message."""
    return lambda lang: text


def entry(key: str, **values: object) -> Said:
    """The catalogue's entry ``key`` with ``values`` filled in (each a text, a number or
    itself :data:`Said`)."""
    return lambda lang: say(key, lang, CATALOGUE, **_filled(values, lang))


def joined(*parts: Said) -> Said:
    """``parts`` one after another."""
    return lambda lang: "".join(part(lang) for part in parts)


def listed(items: list[str], lang: str) -> str:
    """Names or labels in a list: ``Anna and Ben``, ``5, 5+ and 6`` (the language's "and")."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + say("and", lang) + items[-1]
