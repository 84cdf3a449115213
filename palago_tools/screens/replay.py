"""The entries of ``palago replay``'s lines (:mod:`palago_tools.screens`): a record's summary
and, with ``--moves``, each turn's.

The rulebooks' words here: turn/ход/tour/lépés, tile (the glossary's, counted), points/очки/
points/pont, Palago, Palagonia, and the creature with its score (the glossary's, through
:meth:`~palago_tools.core.analysis.Creature.summary`). The rest is ours in all four ("own").
The English is the command's as it was written; the timing line at the end stays English (a
measurement, not the game's words).
"""

from __future__ import annotations

from typing import Final

from ..languages import Lang

REPLAY: Final[dict[str, dict[Lang, str]]] = {
    # own: all
    "r_record": {
        "EN": "Record {n} (line {line}): {summary}",
        "RU": "Запись {n} (строка {line}): {summary}",
        "FR": "Partie {n} (ligne {line}) : {summary}",
        "HU": "{n}. lejegyzés ({line}. sor): {summary}",
    },
    "r_unreadable": {
        "EN": "Record {n} (line {line}): could not be read: {error}",
        "RU": "Запись {n} (строка {line}): не читается: {error}",
        "FR": "Partie {n} (ligne {line}) : illisible : {error}",
        "HU": "{n}. lejegyzés ({line}. sor): nem olvasható: {error}",
    },
    "r_note": {
        "EN": "note: {note}",
        "RU": "примечание: {note}",
        "FR": "note : {note}",
        "HU": "megjegyzés: {note}",
    },
    # turn: the rulebooks' (ход, tour, lépés); counted as each language counts
    "r_turns": {
        "EN": "{n} turn|{n} turns",
        "RU": "{n} ход|{n} хода|{n} ходов",
        "FR": "{n} tour|{n} tours",
        "HU": "{n} lépés",
    },
    "r_head": {
        "EN": "{kind}, {turns}, {tiles}",
        "RU": "{kind}, {turns}, {tiles}",
        "FR": "{kind}, {turns}, {tiles}",
        "HU": "{kind}, {turns}, {tiles}",
    },
    "r_ended": {
        "EN": "{head}: {end}",
        "RU": "{head}: {end}",
        "FR": "{head} : {end}",
        "HU": "{head}: {end}",
    },
    "r_not_a_game": {
        "EN": "{kind} of {tiles}: not a game, nothing to replay",
        "RU": "{kind}, {tiles}: не партия, воспроизводить нечего",
        "FR": "{kind}, {tiles} : aucun tour, rien à rejouer",
        "HU": "{kind}, {tiles}: nem játszma, nincs mit visszajátszani",
    },
    "r_invalid_at": {
        "EN": "invalid at {where}",
        "RU": "запись неверна: {where}",
        "FR": "invalide : {where}",
        "HU": "hibás: {where}",
    },
    # the palago: the glossary's (Pala-matter, Пала-материя, Palago, palago)
    "r_restarted": {
        "EN": "the Pala-matter was emptied, so the game starts again",
        "RU": "Пала-материя опустела, игра начинается заново",
        "FR": "le Palago s’est vidé : la partie recommence",
        "HU": "a palago kiürült, a játék újrakezdődik",
    },
    "r_unfinished": {
        "EN": "{scores} (unfinished)",
        "RU": "{scores} (не окончена)",
        "FR": "{scores} (inachevée)",
        "HU": "{scores} (befejezetlen)",
    },
    # points: the rulebooks'
    "r_completes": {
        "EN": "completes {what}",
        "RU": "замыкает: {what}",
        "FR": "ferme : {what}",
        "HU": "bezárja: {what}",
    },
    "r_points": {
        "EN": "points: {list}",
        "RU": "очки: {list}",
        "FR": "points : {list}",
        "HU": "pont: {list}",
    },
}
"""The replay command's entries."""
