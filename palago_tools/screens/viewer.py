"""The replay viewer's entries of the catalogue (:mod:`palago_tools.screens`).

The rulebooks' words here: turn/ход/tour/lépés, player/игрок/joueur/játékos, tile, removal,
rotation, roll/бросок/lancer/dobás, points/очки/points/pont. A game word that stands alone (a
record's kind, Card, Green task) or before a direction (a tip) is the glossary's, built from it;
one inside a sentence, inflected (удаляет фишку, a lapkát, Pala-creatures), is written in the
entry in the glossary's word, which the tests hold to the glossary's avoid lists. Everything
else (the page's buttons, help and messages) the rulebooks do not name: own in all four but
the English, which follows the viewer as it was written.
"""

from __future__ import annotations

from typing import Final

from ..glossary import word
from ..languages import LANGUAGES, Lang


def _titled(term: str) -> dict[Lang, str]:
    """The glossary's word for ``term`` in each language, its first letter capital (a label)."""
    return {lang: (w := word(term, lang))[:1].upper() + w[1:] for lang in LANGUAGES}


VIEWER: Final[dict[str, dict[Lang, str]]] = {
    # --- the record's header and result; own: all
    # the kinds of record (the notation's Kind tag); Palagonia: the rulebooks'
    "kind_Palago": {"EN": "Palago", "RU": "Палаго", "FR": "Palago", "HU": "Palago"},
    "kind_Palagonia": {"EN": "Palagonia", "RU": "Палагония", "FR": "Palagonia", "HU": "Palagónia"},
    "kind_Position": {"EN": "Position", "RU": "Позиция", "FR": "Position", "HU": "Állás"},
    "kind_Creature": _titled("creature"),
    "kind_Transformation": _titled("transformation"),
    "green_task": _titled("green task"),
    "titled": {
        "EN": "{kind}: {what}",
        "RU": "{kind}: {what}",
        "FR": "{kind} : {what}",
        "HU": "{kind}: {what}",
    },
    "seat": {"EN": "Seat {n}", "RU": "Место {n}", "FR": "Place {n}", "HU": "{n}. hely"},
    "first": {"EN": "First", "RU": "Первый ход", "FR": "Premier", "HU": "Kezd"},
    "won": {
        "EN": "{who} won",
        "RU": "победа: {who}",
        "FR": "victoire : {who}",
        "HU": "győztes: {who}",
    },
    "drawn": {"EN": "drawn", "RU": "ничья", "FR": "partie nulle", "HU": "döntetlen"},
    "unfinished": {
        "EN": "unfinished",
        "RU": "не окончена",
        "FR": "inachevée",
        "HU": "befejezetlen",
    },
    "game_over": {
        "EN": "Game over",
        "RU": "Конец игры",
        "FR": "Fin de la partie",
        "HU": "Vége a játéknak",
    },
    # the verdict on a game's last turn: one sentence each, not "Game over" and "won" joined
    "over_won": {
        "EN": "Game over: {who} won",
        "RU": "Конец игры, победа: {who}",
        "FR": "Fin de la partie, victoire : {who}",
        "HU": "Vége a játéknak, győztes: {who}",
    },
    "over_drawn": {
        "EN": "Game over: drawn",
        "RU": "Конец игры: ничья",
        "FR": "Fin de la partie : partie nulle",
        "HU": "Vége a játéknak: döntetlen",
    },
    "records": {
        "EN": "{n} record|{n} records",
        "RU": "{n} запись|{n} записи|{n} записей",
        "FR": "{n} partie|{n} parties",
        "HU": "{n} lejegyzés",
    },
    "record": {"EN": "Record", "RU": "Запись", "FR": "Partie", "HU": "Lejegyzés"},
    "tag_Event": {"EN": "Event", "RU": "Турнир", "FR": "Événement", "HU": "Esemény"},
    "tag_Site": {"EN": "Site", "RU": "Место", "FR": "Lieu", "HU": "Helyszín"},
    "tag_Date": {"EN": "Date", "RU": "Дата", "FR": "Date", "HU": "Dátum"},
    "tag_Round": {"EN": "Round", "RU": "Тур", "FR": "Ronde", "HU": "Forduló"},
    "tag_Annotator": {"EN": "Annotator", "RU": "Комментатор", "FR": "Annotateur", "HU": "Elemző"},
    "tag_Source": {"EN": "Source", "RU": "Источник", "FR": "Source", "HU": "Forrás"},
    "card": _titled("card"),
    "difficulty": {"EN": "Difficulty", "RU": "Сложность", "FR": "Difficulté", "HU": "Nehézség"},
    "lang_EN": {"EN": "English", "RU": "Английский", "FR": "Anglais", "HU": "Angol"},
    "lang_RU": {"EN": "Russian", "RU": "Русский", "FR": "Russe", "HU": "Orosz"},
    "lang_FR": {"EN": "French", "RU": "Французский", "FR": "Français", "HU": "Francia"},
    "lang_HU": {"EN": "Hungarian", "RU": "Венгерский", "FR": "Hongrois", "HU": "Magyar"},
    "result": {
        "EN": "Result: {r}",
        "RU": "Результат: {r}",
        "FR": "Résultat : {r}",
        "HU": "Eredmény: {r}",
    },
    # --- a frame's panel; turn, points: the rulebooks'
    "completes": {
        "EN": "Completes: {what}",
        "RU": "Замыкает: {what}",
        "FR": "Ferme : {what}",
        "HU": "Bezárja: {what}",
    },
    "points": {
        "EN": "Points: {list}",
        "RU": "Очки: {list}",
        "FR": "Points : {list}",
        "HU": "Pont: {list}",
    },
    "counts_meaning": {
        "EN": "(↔ tiles moved or turned, Δ tiles added)",
        "RU": "(↔ фишки сдвинутые или повёрнутые, Δ фишки добавленные)",
        "FR": "(↔ tuiles déplacées ou tournées, Δ tuiles ajoutées)",
        "HU": "(↔ áthelyezett vagy elforgatott lapkák, Δ hozzáadott lapkák)",
    },
    "scores": {"EN": "Scores", "RU": "Очки", "FR": "Scores", "HU": "Pontállás"},
    "scores_before": {
        "EN": "Scores before the first turn",
        "RU": "Очки до первого хода",
        "FR": "Scores avant le premier tour",
        "HU": "Pontállás az első lépés előtt",
    },
    "to_move": {
        "EN": "To move: {who}",
        "RU": "Ходит: {who}",
        "FR": "Au tour de : {who}",
        "HU": "Soron: {who}",
    },
    "next": {
        "EN": "next: {who}",
        "RU": "дальше: {who}",
        "FR": "ensuite : {who}",
        "HU": "következik: {who}",
    },
    "in_variation": {
        "EN": "In a variation",
        "RU": "В варианте",
        "FR": "Dans une variante",
        "HU": "Változatban",
    },
    "of_variation": {
        "EN": " of a variation",
        "RU": " варианта",
        "FR": " d’une variante",
        "HU": " változaton belül",
    },
    "variation": {"EN": "Variation", "RU": "Вариант", "FR": "Variante", "HU": "Változat"},
    "variation_mark": {
        "EN": " (variation)",
        "RU": " (вариант)",
        "FR": " (variante)",
        "HU": " (változat)",
    },
    "not_replayed": {
        "EN": "not replayed: the record is invalid before it",
        "RU": "не воспроизведён: запись неверна раньше",
        "FR": "non rejoué : la partie est invalide avant ce coup",
        "HU": "nincs lejátszva: a lejegyzés előtte hibás",
    },
    # --- the frames' words
    "start": {"EN": "Start", "RU": "Начало", "FR": "Début", "HU": "Kezdés"},
    "before_first": {
        "EN": "Before the first turn",
        "RU": "До первого хода",
        "FR": "Avant le premier tour",
        "HU": "Az első lépés előtt",
    },
    "before_first_said": {
        "EN": "Before the first turn: an empty table.",
        "RU": "До первого хода: пустой стол.",
        "FR": "Avant le premier tour : une table vide.",
        "HU": "Az első lépés előtt: üres asztal.",
    },
    "not_replayed_after": {
        "EN": "Not replayed after the error: {error}",
        "RU": "После ошибки не воспроизводится: {error}",
        "FR": "Non rejoué après l’erreur : {error}",
        "HU": "A hiba után nincs lejátszva: {error}",
    },
    "invalid_at": {
        "EN": "The record is invalid at {where} [{rule}]",
        "RU": "Запись неверна: {where} [{rule}]",
        "FR": "La partie est invalide : {where} [{rule}]",
        "HU": "A lejegyzés hibás: {where} [{rule}]",
    },
    "not_playable": {
        "EN": "Not playable: {error} [{rule}]",
        "RU": "Нельзя сыграть: {error} [{rule}]",
        "FR": "Injouable : {error} [{rule}]",
        "HU": "Nem játszható: {error} [{rule}]",
    },
    "turn_heading": {
        "EN": "Turn {label}: {who}",
        "RU": "Ход {label}: {who}",
        "FR": "Tour {label} : {who}",
        "HU": "{label}. lépés: {who}",
    },
    "turn_places": {
        "EN": "Turn {label}, {who} places {tiles}",
        "RU": "Ход {label}, {who}: {tiles}",
        "FR": "Tour {label}, {who} pose {tiles}",
        "HU": "{label}. lépés, {who} lerakja: {tiles}",
    },
    "and": {"EN": " and ", "RU": " и ", "FR": " et ", "HU": " és "},
    "turn_said": {
        "EN": "Turn {label}, {who}: {what}",
        "RU": "Ход {label}, {who}: {what}",
        "FR": "Tour {label}, {who} : {what}",
        "HU": "{label}. lépés, {who}: {what}",
    },
    "places_tiles": {
        "EN": "places {tiles}: {list}",
        "RU": "выставляет {tiles}: {list}",
        "FR": "pose {tiles} : {list}",
        "HU": "lerak {tiles}: {list}",
    },
    "removes": {
        "EN": "removes the tile on {cell}",
        "RU": "удаляет фишку на {cell}",
        "FR": "retire la tuile en {cell}",
        "HU": "elveszi a lapkát innen: {cell}",
    },
    "turns": {
        "EN": "turns the tile on {tile}",
        "RU": "поворачивает фишку на {tile}",
        "FR": "tourne la tuile en {tile}",
        "HU": "elforgatja a lapkát: {tile}",
    },
    "start_roll": {
        "EN": "wins the start roll and {what}",
        "RU": "выигрывает стартовый бросок и {what}",
        "FR": "gagne le lancer de départ et {what}",
        "HU": "megnyeri a kezdő dobást, és {what}",
    },
    "rolls": {
        "EN": "rolls {rolled}, {what}",
        "RU": "бросок {rolled}, {what}",
        "FR": "lance {rolled}, {what}",
        "HU": "dobás {rolled}, {what}",
    },
    "passes": {
        "EN": "can do nothing and passes",
        "RU": "не может сделать ход и пропускает",
        "FR": "ne peut rien faire et passe",
        "HU": "nem tud lépni, és passzol",
    },
    "said_completes": {
        "EN": "; completes {what}",
        "RU": "; замыкает: {what}",
        "FR": " ; ferme : {what}",
        "HU": "; bezárja: {what}",
    },
    "said_points": {
        "EN": "; points: {list}",
        "RU": "; очки: {list}",
        "FR": " ; points : {list}",
        "HU": "; pont: {list}",
    },
    # the replay's notes on a turn; extra turn, double, removal, Pala-matter: the rulebooks'
    "note_extra": {
        "EN": "extra turn after a double",
        "RU": "дополнительный ход после дубля",
        "FR": "tour supplémentaire après un double",
        "HU": "extra lépés dupla után",
    },
    "note_pass": {
        "EN": "nothing could be done: the turn passes",
        "RU": "ничего нельзя сделать: ход пропущен",
        "FR": "rien n’est possible : le tour passe",
        "HU": "semmit sem lehetett tenni: a lépés kimarad",
    },
    "note_forced": {
        "EN": "neither die could act: a forced removal",
        "RU": "ни один кубик не сработал: вынужденное удаление",
        "FR": "aucun dé ne peut agir : un retrait forcé",
        "HU": "egyik kocka sem használható: kötelező Elvétel",
    },
    "note_restart": {
        "EN": "the Pala-matter is empty: the game starts again",
        "RU": "Пала-материя пуста: игра начинается заново",
        "FR": "le Palago est vide : la partie recommence",
        "HU": "a palago üres: a játék újrakezdődik",
    },
    "note_supply": {
        "EN": "the supply ran out before any Pala-creature was completed",
        "RU": "фишки кончились раньше, чем замкнулась хоть одна Пала-тварь",
        "FR": "les tuiles sont épuisées avant qu’une créature soit fermée",
        "HU": "a lapkák elfogytak, mielőtt egy palánta bezárult volna",
    },
    "note_both": {
        "EN": "{who} completed Pala-creatures of both colors and loses",
        "RU": "{who}: замкнуты Пала-твари обоих цветов, поражение",
        "FR": "{who} ferme des créatures des deux couleurs et perd",
        "HU": "{who} mindkét szín palántáját bezárta, és veszít",
    },
    # a tile's tip, {tip} the glossary's word
    "tip_R": {
        "EN": "{tip} right",
        "RU": "{tip} вправо",
        "FR": "{tip} à droite",
        "HU": "{tip} jobbra",
    },
    "tip_L": {"EN": "{tip} left", "RU": "{tip} влево", "FR": "{tip} à gauche", "HU": "{tip} balra"},
    "tip_D": {"EN": "{tip} down", "RU": "{tip} вниз", "FR": "{tip} en bas", "HU": "{tip} lefelé"},
    "glyph_good": {"EN": "good move", "RU": "хороший ход", "FR": "bon coup", "HU": "jó lépés"},
    "glyph_mistake": {"EN": "mistake", "RU": "ошибка", "FR": "erreur", "HU": "hiba"},
    "glyph_brilliant": {
        "EN": "brilliant move",
        "RU": "блестящий ход",
        "FR": "coup brillant",
        "HU": "remek lépés",
    },
    "glyph_blunder": {"EN": "blunder", "RU": "грубая ошибка", "FR": "gaffe", "HU": "durva hiba"},
    "glyph_interesting": {
        "EN": "interesting move",
        "RU": "интересный ход",
        "FR": "coup intéressant",
        "HU": "érdekes lépés",
    },
    "glyph_dubious": {
        "EN": "dubious move",
        "RU": "сомнительный ход",
        "FR": "coup douteux",
        "HU": "kétes lépés",
    },
    # --- green tasks; green task, creature: the glossary's
    "step_moves": {
        "EN": "moves the tile on {cell} to {tile}",
        "RU": "переносит фишку с {cell} на {tile}",
        "FR": "déplace la tuile de {cell} en {tile}",
        "HU": "áthelyezi a lapkát innen: {cell}, ide: {tile}",
    },
    "step_adds": {
        "EN": "adds a tile on {tile}",
        "RU": "добавляет фишку на {tile}",
        "FR": "ajoute une tuile en {tile}",
        "HU": "lapkát tesz ide: {tile}",
    },
    "start_named": {
        "EN": "Start: {name}",
        "RU": "Начало: {name}",
        "FR": "Début : {name}",
        "HU": "Kezdés: {name}",
    },
    "start_said": {
        "EN": "The start {creature}, {tiles}.",
        "RU": "Начальная {creature}, {tiles}.",
        "FR": "La {creature} de départ, {tiles}.",
        "HU": "A kiinduló {creature}, {tiles}.",
    },
    "step_fails": {
        "EN": "Step {n} cannot be made: {reason}",
        "RU": "Шаг {n} невозможен: {reason}",
        "FR": "L’étape {n} est impossible : {reason}",
        "HU": "A(z) {n}. lépés nem tehető meg: {reason}",
    },
    "target_reached": {
        "EN": "The target{name} is reached: {counts}",
        "RU": "Цель{name} достигнута: {counts}",
        "FR": "La cible{name} est atteinte : {counts}",
        "HU": "A cél{name} elérve: {counts}",
    },
    "shortest": {
        "EN": "; the shortest is {counts}.",
        "RU": "; кратчайший путь: {counts}.",
        "FR": " ; le plus court : {counts}.",
        "HU": "; a legrövidebb: {counts}.",
    },
    "is_shortest": {
        "EN": ", the shortest.",
        "RU": ", кратчайший путь.",
        "FR": ", le plus court.",
        "HU": ", a legrövidebb.",
    },
    "not_built": {
        "EN": "The steps do not build the target: its missing tiles are drawn faintly.",
        "RU": "Шаги не строят цель: недостающие фишки нарисованы бледно.",
        "FR": "Les étapes ne construisent pas la cible : ses tuiles manquantes sont pâles.",
        "HU": "A lépések nem építik fel a célt: a hiányzó lapkák halványak.",
    },
    "target": {"EN": "Target", "RU": "Цель", "FR": "Cible", "HU": "Cél"},
    "target_named": {
        "EN": "Target: {name}",
        "RU": "Цель: {name}",
        "FR": "Cible : {name}",
        "HU": "Cél: {name}",
    },
    "step_heading": {
        "EN": "Step {n}: {what}",
        "RU": "Шаг {n}: {what}",
        "FR": "Étape {n} : {what}",
        "HU": "{n}. lépés: {what}",
    },
    "step_said": {
        "EN": "Step {n} {what}",
        "RU": "Шаг {n}: {what}",
        "FR": "Étape {n} : {what}",
        "HU": "{n}. lépés: {what}",
    },
    # --- controls and help; own: all
    "main_line": {
        "EN": "Main line",
        "RU": "Главная линия",
        "FR": "Ligne principale",
        "HU": "Fő vonal",
    },
    "main_line_title": {
        "EN": "Back to the main line (Escape)",
        "RU": "Назад к главной линии (Escape)",
        "FR": "Retour à la ligne principale (Escape)",
        "HU": "Vissza a fő vonalra (Escape)",
    },
    "step_first": {"EN": "First", "RU": "В начало", "FR": "Début", "HU": "Elejére"},
    "step_prev": {"EN": "Previous", "RU": "Назад", "FR": "Précédent", "HU": "Előző"},
    "step_next": {"EN": "Next", "RU": "Вперёд", "FR": "Suivant", "HU": "Következő"},
    "step_last": {"EN": "Last", "RU": "В конец", "FR": "Fin", "HU": "Végére"},
    "key_first": {"EN": "Home", "RU": "Home", "FR": "Home", "HU": "Home"},
    "key_prev": {
        "EN": "left arrow",
        "RU": "стрелка влево",
        "FR": "flèche gauche",
        "HU": "bal nyíl",
    },
    "key_next": {
        "EN": "right arrow",
        "RU": "стрелка вправо",
        "FR": "flèche droite",
        "HU": "jobb nyíl",
    },
    "key_last": {"EN": "End", "RU": "End", "FR": "End", "HU": "End"},
    "step_nav": {
        "EN": "Step through the record",
        "RU": "Шаги по записи",
        "FR": "Parcourir la partie",
        "HU": "Léptetés a lejegyzésben",
    },
    "play": {"EN": "Play", "RU": "Пуск", "FR": "Lecture", "HU": "Lejátszás"},
    "pause": {"EN": "Pause", "RU": "Пауза", "FR": "Pause", "HU": "Szünet"},
    "play_title": {
        "EN": "Play the moves one by one (p)",
        "RU": "Показать ходы один за другим (p)",
        "FR": "Jouer les coups un à un (p)",
        "HU": "A lépések egymás után (p)",
    },
    "speed": {"EN": "Speed", "RU": "Скорость", "FR": "Vitesse", "HU": "Sebesség"},
    "slow": {"EN": "slow", "RU": "медленно", "FR": "lente", "HU": "lassú"},
    "normal": {"EN": "normal", "RU": "обычно", "FR": "normale", "HU": "normál"},
    "fast": {"EN": "fast", "RU": "быстро", "FR": "rapide", "HU": "gyors"},
    "board_view": {
        "EN": "Board view",
        "RU": "Вид доски",
        "FR": "Vue du plateau",
        "HU": "Táblanézet",
    },
    "zoom_out": {"EN": "Zoom out", "RU": "Уменьшить", "FR": "Réduire", "HU": "Kicsinyítés"},
    "zoom_out_title": {
        "EN": "Smaller board (-)",
        "RU": "Доска меньше (-)",
        "FR": "Plateau plus petit (-)",
        "HU": "Kisebb tábla (-)",
    },
    "zoom_in": {"EN": "Zoom in", "RU": "Увеличить", "FR": "Agrandir", "HU": "Nagyítás"},
    "zoom_in_title": {
        "EN": "Larger board (+)",
        "RU": "Доска больше (+)",
        "FR": "Plateau plus grand (+)",
        "HU": "Nagyobb tábla (+)",
    },
    "rotate": {"EN": "Rotate", "RU": "Повернуть", "FR": "Tourner", "HU": "Forgatás"},
    "rotate_title": {
        "EN": "Turn the board by 120° (r)",
        "RU": "Повернуть доску на 120° (r)",
        "FR": "Tourner le plateau de 120° (r)",
        "HU": "A tábla forgatása 120°-kal (r)",
    },
    "flip": {"EN": "Flip", "RU": "Отразить", "FR": "Miroir", "HU": "Tükrözés"},
    "flip_title": {
        "EN": "Mirror the board (f)",
        "RU": "Зеркально отразить доску (f)",
        "FR": "Retourner le plateau en miroir (f)",
        "HU": "A tábla tükrözése (f)",
    },
    "coords": {
        "EN": "Coordinates q,r",
        "RU": "Координаты q,r",
        "FR": "Coordonnées q,r",
        "HU": "Koordináták q,r",
    },
    "coords_title": {
        "EN": "Show the cells’ coordinates (c)",
        "RU": "Показать координаты клеток (c)",
        "FR": "Afficher les coordonnées des cases (c)",
        "HU": "A mezők koordinátái (c)",
    },
    "keys": {"EN": "Keys", "RU": "Клавиши", "FR": "Touches", "HU": "Billentyűk"},
    "keys_step": {
        "EN": "previous, next move",
        "RU": "предыдущий, следующий ход",
        "FR": "coup précédent, suivant",
        "HU": "előző, következő lépés",
    },
    "keys_variations": {
        "EN": "the other moves written at this point (variations)",
        "RU": "другие ходы, записанные в этом месте (варианты)",
        "FR": "les autres coups écrits à cet endroit (variantes)",
        "HU": "az ennél a pontnál leírt más lépések (változatok)",
    },
    "keys_main": {
        "EN": "back to the main line",
        "RU": "назад к главной линии",
        "FR": "retour à la ligne principale",
        "HU": "vissza a fő vonalra",
    },
    "keys_ends": {
        "EN": "start, end of the line",
        "RU": "начало, конец линии",
        "FR": "début, fin de la ligne",
        "HU": "a vonal eleje, vége",
    },
    "keys_play": {
        "EN": "play, pause",
        "RU": "пуск, пауза",
        "FR": "lecture, pause",
        "HU": "lejátszás, szünet",
    },
    "keys_zoom": {"EN": "zoom", "RU": "масштаб", "FR": "zoom", "HU": "nagyítás"},
    "keys_view": {
        "EN": "rotate, flip, coordinates",
        "RU": "поворот, отражение, координаты",
        "FR": "tourner, miroir, coordonnées",
        "HU": "forgatás, tükrözés, koordináták",
    },
    "moves": {"EN": "Moves", "RU": "Ходы", "FR": "Coups", "HU": "Lépések"},
    "moves_label": {
        "EN": "Moves: arrow keys step, up and down choose a variation",
        "RU": "Ходы: стрелки — шаг, вверх и вниз — выбор варианта",
        "FR": "Coups : les flèches avancent, haut et bas choisissent une variante",
        "HU": "Lépések: a nyilak léptetnek, fel és le változatot választ",
    },
    "dark_theme": {
        "EN": "Dark theme",
        "RU": "Тёмная тема",
        "FR": "Thème sombre",
        "HU": "Sötét téma",
    },
    "light_theme": {
        "EN": "Light theme",
        "RU": "Светлая тема",
        "FR": "Thème clair",
        "HU": "Világos téma",
    },
    # --- the evaluation graph and a frame's engine evaluation; own: all
    "evaluation": {
        "EN": "Evaluation {value}",
        "RU": "Оценка {value}",
        "FR": "Évaluation {value}",
        "HU": "Értékelés {value}",
    },
    "engine_best": {
        "EN": " · engine's best: {turn}",
        "RU": " · лучший ход программы: {turn}",
        "FR": " · meilleur coup du moteur : {turn}",
        "HU": " · a gép legjobb lépése: {turn}",
    },
    "graph_point": {
        "EN": "{label}. {who} {move}: {value}{best}",
        "RU": "{label}. {who} {move}: {value}{best}",
        "FR": "{label}. {who} {move} : {value}{best}",
        "HU": "{label}. {who} {move}: {value}{best}",
    },
    "graph_best": {
        "EN": "; best {turn}",
        "RU": "; лучший ход: {turn}",
        "FR": " ; meilleur coup : {turn}",
        "HU": "; legjobb lépés: {turn}",
    },
    "graph_label": {
        "EN": "Evaluation graph: Yellow's winning chances after each turn, by an engine "
        "(up: Yellow, down: Blue); a point opens its turn, the arrow keys step the turns",
        "RU": "График оценки: шансы жёлтых на победу после каждого хода по оценке программы "
        "(вверху — жёлтые, внизу — синие); точка открывает свой ход, стрелки переключают ходы",
        "FR": "Graphique d’évaluation : chances de gain de Jaune après chaque tour, selon un "
        "moteur (en haut : Jaune, en bas : Bleu) ; un point ouvre son tour, les flèches "
        "parcourent les tours",
        "HU": "Értékelési grafikon: Sárga nyerési esélyei minden lépés után egy gép szerint "
        "(fent: Sárga, lent: Kék); egy pont megnyitja a lépését, a nyilak léptetik a lépéseket",
    },
    "no_evaluation": {
        "EN": "no evaluation",
        "RU": "нет оценки",
        "FR": "pas d’évaluation",
        "HU": "nincs értékelés",
    },
}
"""The viewer's labels, buttons, messages and help."""
