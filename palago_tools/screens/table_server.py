"""The table server's lines (:mod:`palago_tools.screens.table`): the status line, what a change
did and the undo's words, the Palagonia computer's reasons, the results, and the refusals, the
rules' by the rule's name in the rulebook's words and the table's own. Each group's comment
says which words are the rulebooks' and which are ours.
"""

from __future__ import annotations

from typing import Final

from ..languages import Lang

SERVER: Final[dict[str, dict[Lang, str]]] = {
    # --- the server's status line; turn, roll, die: the rulebooks'; own: the rest
    "t_places_one": {
        "EN": "Turn {n}: {who} places one tile",
        "RU": "Ход {n}: {who}, одна фишка",
        "FR": "Tour {n} : {who} pose une tuile",
        "HU": "{n}. lépés: {who} egy lapkát rak le",
    },
    "t_places_two": {
        "EN": "Turn {n}: {who} places two tiles",
        "RU": "Ход {n}: {who}, две фишки",
        "FR": "Tour {n} : {who} pose deux tuiles",
        "HU": "{n}. lépés: {who} két lapkát rak le",
    },
    "t_computer_thinking": {
        "EN": "Turn {n}: {who} is thinking…",
        "RU": "Ход {n}: {who} думает…",
        "FR": "Tour {n} : {who} réfléchit…",
        "HU": "{n}. lépés: {who} gondolkodik…",
    },
    "t_computer_failed": {
        "EN": "Turn {n}: {who} could not play: {error}",
        "RU": "Ход {n}: {who} не смог сыграть: {error}",
        "FR": "Tour {n} : {who} n’a pas pu jouer : {error}",
        "HU": "{n}. lépés: {who} nem tudott lépni: {error}",
    },
    "t_rolloff_status": {
        "EN": "Start: every player rolls one die; the highest number starts",
        "RU": "Начало: каждый игрок бросает один кубик; у кого больше, тот начинает",
        "FR": "Départ : chaque joueur lance un dé ; le plus haut commence",
        "HU": "Kezdés: minden játékos dob egy kockával; a legnagyobb szám kezd",
    },
    "t_tie": {
        "EN": "Tie: {list} roll again",
        "RU": "Ничья: {list} бросают снова",
        "FR": "Égalité : {list} relancent",
        "HU": "Döntetlen: {list} újra dob",
    },
    "t_start_turn": {
        "EN": "Turn 0: {who} starts and places {tiles}",
        "RU": "Ход 0: {who} начинает и выставляет {tiles}",
        "FR": "Tour 0 : {who} commence et pose {tiles}",
        "HU": "0. lépés: {who} kezd, és lerak {tiles}",
    },
    "t_and_thinking": {
        "EN": " and is thinking…",
        "RU": " и думает…",
        "FR": " et réfléchit…",
        "HU": ", és gondolkodik…",
    },
    "t_and_failed": {
        "EN": "; could not play: {error}",
        "RU": "; не смог сыграть: {error}",
        "FR": " ; n’a pas pu jouer : {error}",
        "HU": "; nem tudott lépni: {error}",
    },
    "t_extra": {
        "EN": " (extra turn after a double)",
        "RU": " (дополнительный ход после дубля)",
        "FR": " (tour supplémentaire après un double)",
        "HU": " (extra lépés dupla után)",
    },
    "t_roll_status": {
        "EN": "Turn {label}: roll the two dice for {who}{again} and enter them, or let the page "
        "roll them",
        "RU": "Ход {label}: бросьте два кубика за {who}{again} и введите их или дайте странице "
        "бросить их",
        "FR": "Tour {label} : lancez les deux dés pour {who}{again} et saisissez-les, ou laissez "
        "la page les lancer",
        "HU": "{label}. lépés: dobj a két kockával {who} helyett{again}, és írd be, vagy dobjon "
        "az oldal",
    },
    "t_rolled_status": {
        "EN": "Turn {label}: {who} rolled {rolled}{again}",
        "RU": "Ход {label}: {who}, бросок {rolled}{again}",
        "FR": "Tour {label} : {who} a lancé {rolled}{again}",
        "HU": "{label}. lépés: {who} dobása {rolled}{again}",
    },
    "t_rolls_status": {
        "EN": "Turn {label}: {who} rolls the two dice{again}",
        "RU": "Ход {label}: {who} бросает два кубика{again}",
        "FR": "Tour {label} : {who} lance les deux dés{again}",
        "HU": "{label}. lépés: {who} dob a két kockával{again}",
    },
    # --- what a change did (next to the board) and the undo's words; own: all
    "t_new_outcome": {
        "EN": "New {kind} game: {list}",
        "RU": "Новая игра, {kind}: {list}",
        "FR": "Nouvelle partie de {kind} : {list}",
        "HU": "Új játék, {kind}: {list}",
    },
    "t_rolled": {
        "EN": "{who} rolled {rolled}",
        "RU": "{who}: бросок {rolled}",
        "FR": "{who} a lancé {rolled}",
        "HU": "{who} dobása: {rolled}",
    },
    "t_starts_places": {
        "EN": "{who} starts and places {tiles}",
        "RU": "{who} начинает и выставляет {tiles}",
        "FR": "{who} commence et pose {tiles}",
        "HU": "{who} kezd, és lerak {tiles}",
    },
    "t_roll_again": {
        "EN": "Roll again: {list}",
        "RU": "Бросают снова: {list}",
        "FR": "Relancent : {list}",
        "HU": "Újra dob: {list}",
    },
    "t_turn_done": {
        "EN": "{label}. {who}: {what}",
        "RU": "{label}. {who}: {what}",
        "FR": "{label}. {who} : {what}",
        "HU": "{label}. {who}: {what}",
    },
    "t_start_done": {
        "EN": "0. {who} starts: {list}",
        "RU": "0. {who} начинает: {list}",
        "FR": "0. {who} commence : {list}",
        "HU": "0. {who} kezd: {list}",
    },
    "t_turns_to": {
        "EN": "turns the tile on {cell} to {tip}",
        "RU": "поворачивает фишку на {cell}: {tip}",
        "FR": "tourne la tuile en {cell} vers {tip}",
        "HU": "elforgatja a lapkát itt: {cell}, {tip} felé",
    },
    "t_places": {
        "EN": "places {list}",
        "RU": "выставляет {list}",
        "FR": "pose {list}",
        "HU": "lerak {list}",
    },
    "t_passes": {"EN": "passes", "RU": "пропускает ход", "FR": "passe", "HU": "passzol"},
    "t_turn_label": {"EN": "turn {label}", "RU": "ход {label}", "FR": "tour {label}",
                     "HU": "{label}. lépés"},
    "t_turns_labels": {
        "EN": "turns {list} and {label}",
        "RU": "ходы {list} и {label}",
        "FR": "tours {list} et {label}",
        "HU": "{list} és {label}. lépés",
    },
    "t_last_round": {
        "EN": "the last roll-off round",
        "RU": "последний круг стартового броска",
        "FR": "le dernier tour du lancer de départ",
        "HU": "a kezdő dobás utolsó köre",
    },
    "t_took_back": {
        "EN": "Took back {what}{by}",
        "RU": "Отменено: {what}{by}",
        "FR": "Annulé : {what}{by}",
        "HU": "Visszavonva: {what}{by}",
    },
    "t_took_back_it": {
        "EN": "Took back {what}{by}; Redo puts it back",
        "RU": "Отменено: {what}{by}; «Вернуть» вернёт его",
        "FR": "Annulé : {what}{by} ; Rétablir le remet",
        "HU": "Visszavonva: {what}{by}; az Újra megtesz visszahozza",
    },
    "t_took_back_them": {
        "EN": "Took back {what}{by}; Redo puts them back",
        "RU": "Отменено: {what}{by}; «Вернуть» вернёт их",
        "FR": "Annulé : {what}{by} ; Rétablir les remet",
        "HU": "Visszavonva: {what}{by}; az Újra megtesz visszahozza őket",
    },
    "t_put_back": {
        "EN": "Put back {what}",
        "RU": "Возвращено: {what}",
        "FR": "Remis : {what}",
        "HU": "Visszahozva: {what}",
    },
    "t_put_back_round": {
        "EN": "Put back the roll-off round",
        "RU": "Возвращён круг стартового броска",
        "FR": "Le tour du lancer de départ est remis",
        "HU": "A kezdő dobás köre visszahozva",
    },
    "t_continued": {
        "EN": "Continued: the last turn was {label}. {who}: {what}",
        "RU": "Продолжение: последний ход {label}. {who}: {what}",
        "FR": "Reprise : le dernier tour était {label}. {who} : {what}",
        "HU": "Folytatás: az utolsó lépés {label}. {who}: {what}",
    },
    "t_took_die": {
        "EN": "took the {rolled}: {what}",
        "RU": "взял {rolled}: {what}",
        "FR": "a pris le {rolled} : {what}",
        "HU": "a(z) {rolled} kockát választotta: {what}",
    },
    # the Palagonia computer's reasons (the players' own words, as they say them in English)
    "t_why_removed": {
        "EN": "removed a tile",
        "RU": "удалил фишку",
        "FR": "a retiré une tuile",
        "HU": "elvett egy lapkát",
    },
    "t_why_turned": {
        "EN": "turned a tile",
        "RU": "повернул фишку",
        "FR": "a tourné une tuile",
        "HU": "elforgatott egy lapkát",
    },
    "t_why_placed": {
        "EN": "placed {tiles}",
        "RU": "выставил {tiles}",
        "FR": "a posé {tiles}",
        "HU": "lerakott {tiles}",
    },
    "t_why_points": {
        "EN": "{n}-point|{n}-point",
        "RU": "{n} очко|{n} очка|{n} очков",
        "FR": "{n} point|{n} points",
        "HU": "{n} pontos",
    },
    "t_why_closed_one": {
        "EN": "closed a {list} Pala-creature",
        "RU": "замкнул Пала-тварь на {list}",
        "FR": "a fermé une créature de {list}",
        "HU": "bezárt egy {list} palántát",
    },
    "t_why_closed_more": {
        "EN": "closed a {list} Pala-creatures",
        "RU": "замкнул Пала-твари на {list}",
        "FR": "a fermé des créatures de {list}",
        "HU": "palántákat zárt be: {list}",
    },
    "t_why_built": {
        "EN": "built a Pala-creature {n} tile short|built a Pala-creature {n} tiles short",
        "RU": "построил Пала-тварь без {n} фишки|построил Пала-тварь без {n} фишек"
        "|построил Пала-тварь без {n} фишек",
        "FR": "a construit une créature à {n} tuile près|a construit une créature à {n} tuiles "
        "près",
        "HU": "épített egy palántát, {n} lapka hiányzik",
    },
    "t_with": {"EN": " with {list}", "RU": " вместе с {list}", "FR": " avec {list}",
               "HU": " vele együtt: {list}"},
    # --- results; Pala-creature, supply, bag, points, colour: the rulebooks'; own: the rest
    "t_drawn_supply": {
        "EN": "Drawn: the supply ran out before any creature was completed",
        "RU": "Ничья: фишки кончились раньше, чем замкнулась хоть одна Пала-тварь",
        "FR": "Partie nulle : les tuiles sont épuisées avant qu’une créature soit fermée",
        "HU": "Döntetlen: a lapkák elfogytak, mielőtt egy palánta bezárult volna",
    },
    "t_won_because": {
        "EN": "{who} won: {error}",
        "RU": "Победа: {who}: {error}",
        "FR": "Victoire : {who} : {error}",
        "HU": "Győztes: {who}: {error}",
    },
    "t_laid": {
        "EN": "tile {list}|tiles {list}",
        "RU": "фишка {list}|фишки {list}|фишки {list}",
        "FR": "tuile {list}|tuiles {list}",
        "HU": "lapka: {list}",
    },
    "t_won_own": {
        "EN": "{who} won in turn {n}: {name}'s {tiles} completed a {colour} creature",
        "RU": "Победа: {who}, ход {n}: {tiles} ({name}) замкнула: {colour} Пала-тварь",
        "FR": "Victoire : {who}, tour {n} : {tiles} de {name} a fermé une créature {colour}",
        "HU": "Győztes: {who}, {n}. lépés: {name} lerakott {tiles} bezárt egy {colour} palántát",
    },
    "t_won_other": {
        # EN: "colour" where the glossary writes "color": test_table_server pins the sentence
        "EN": "{who} won in turn {n}: {name}'s own {tiles} completed a {colour} creature, and a "
        "creature wins for its colour, whoever completes it",
        "RU": "Победа: {who}, ход {n}: {tiles} ({name}) замкнула: {colour} Пала-тварь, а "
        "Пала-тварь приносит победу своему цвету, кто бы её ни замкнул",
        "FR": "Victoire : {who}, tour {n} : {tiles} de {name} a fermé une créature {colour}, et "
        "une créature fait gagner sa couleur, quel que soit qui la ferme",
        "HU": "Győztes: {who}, {n}. lépés: {name} saját {tiles} bezárt egy {colour} palántát, "
        "és a palánta a saját színének nyer, bárki zárja is be",
    },
    "t_won_both": {
        # EN: "colours" where the glossary writes "colors": test_table_server pins the sentence
        "EN": "{who} won in turn {n}: {name}'s {tiles} completed creatures of both colours, and "
        "whoever completes both loses",
        "RU": "Победа: {who}, ход {n}: {tiles} ({name}) замкнула Пала-твари обоих цветов, а кто "
        "замыкает обе, проигрывает",
        "FR": "Victoire : {who}, tour {n} : {tiles} de {name} a fermé des créatures des deux "
        "couleurs, et qui ferme les deux perd",
        "HU": "Győztes: {who}, {n}. lépés: {name} lerakott {tiles} mindkét szín palántáját "
        "bezárta, és aki mindkettőt bezárja, veszít",
    },
    "t_restarted_game": {
        # EN: "the palago" where the glossary writes Pala-matter: test_table_session pins it
        "EN": "removals emptied the palago: the game starts again with a new roll-off (a new "
        "game)",
        "RU": "удаления опустошили Пала-материю: игра начинается заново с новым стартовым "
        "броском (новая игра)",
        "FR": "les retraits ont vidé le Palago : la partie recommence avec un nouveau lancer de "
        "départ (une nouvelle partie)",
        "HU": "az Elvételek után a palago kiürült: a játék új kezdő dobással újrakezdődik (új "
        "játék)",
    },
    "t_bag_empty_alone": {
        "EN": "the bag is empty: {n} points|the bag is empty: {n} points",
        "RU": "мешочек пуст: {n} очко|мешочек пуст: {n} очка|мешочек пуст: {n} очков",
        "FR": "le sac est vide : {n} point|le sac est vide : {n} points",
        "HU": "a zsák üres: {n} pont",
    },
    "t_bag_empty_won": {
        "EN": "the bag is empty: {list} won with {n} points|the bag is empty: {list} won with {n} "
        "points",
        "RU": "мешочек пуст: победа — {list}, {n} очко|мешочек пуст: победа — {list}, {n} очка"
        "|мешочек пуст: победа — {list}, {n} очков",
        "FR": "le sac est vide : {list} gagne avec {n} point|le sac est vide : {list} gagne avec "
        "{n} points",
        "HU": "a zsák üres: {list} nyert {n} ponttal",
    },
    # the rules' refusals, by the rule's name, in the rulebook's words of each language: the
    # English table shows the rules' own message (with its cells), the others this
    "t_rule_two_tiles": {
        "EN": "a turn lays two tiles, one alone only when it completes a Pala-creature",
        "RU": "за ход ставятся две фишки, одна — только если она замыкает Пала-тварь",
        "FR": "un tour pose deux tuiles, une seule seulement si elle ferme une créature",
        "HU": "egy lépésben két lapka kerül le, egy csak akkor, ha bezár egy palántát",
    },
    "t_rule_too_many_tiles": {
        "EN": "too many tiles for this turn",
        "RU": "слишком много фишек для этого хода",
        "FR": "trop de tuiles pour ce tour",
        "HU": "túl sok lapka ebben a lépésben",
    },
    "t_rule_no_tiles": {
        "EN": "the turn lays no tile",
        "RU": "ход не ставит ни одной фишки",
        "FR": "le tour ne pose aucune tuile",
        "HU": "a lépés nem rak le lapkát",
    },
    "t_rule_occupied": {
        "EN": "the cell already holds a tile",
        "RU": "клетка уже занята фишкой",
        "FR": "la case porte déjà une tuile",
        "HU": "a mezőn már van lapka",
    },
    "t_rule_touch_palago": {
        "EN": "at least one tile of a turn must touch the Pala-matter",
        "RU": "хотя бы одна фишка хода должна касаться Пала-материи",
        "FR": "au moins une tuile du tour doit toucher le Palago",
        "HU": "a lépés legalább egy lapkájának a palago valamelyik lapkájához kell érnie",
    },
    "t_rule_touch_each_other": {
        "EN": "the tiles of a turn must touch each other (only tiles that together close a "
        "Pala-creature may lie apart)",
        "RU": "фишки хода должны касаться друг друга (порознь могут лежать только фишки, вместе "
        "замыкающие Пала-тварь)",
        "FR": "les tuiles d’un tour doivent se toucher (seules des tuiles qui ferment ensemble "
        "une créature peuvent être séparées)",
        "HU": "a lépés lapkáinak érintkezniük kell (külön csak olyan lapkák lehetnek, amelyek "
        "együtt bezárnak egy palántát)",
    },
    "t_rule_single_hole": {
        "EN": "a single hole may only take a tile that completes a Pala-creature",
        "RU": "одиночную дырку можно заполнить только фишкой, которая замыкает Пала-тварь",
        "FR": "un trou isolé ne peut recevoir qu’une tuile qui ferme une créature",
        "HU": "egy magányos lyukba csak palántát bezáró lapka kerülhet",
    },
    "t_rule_no_holes": {
        "EN": "the tiles may not leave a hole",
        "RU": "фишки не должны оставлять дырку",
        "FR": "les tuiles ne doivent pas laisser de trou",
        "HU": "a lapkák nem hagyhatnak lyukat",
    },
    "t_rule_palago_connected": {
        "EN": "placed tiles must join the Pala-matter",
        "RU": "выставленные фишки должны примыкать к Пала-материи",
        "FR": "les tuiles posées doivent rejoindre le Palago",
        "HU": "a lerakott lapkáknak a palagohoz kell csatlakozniuk",
    },
    "t_rule_game_ended": {
        "EN": "the game is over",
        "RU": "игра окончена",
        "FR": "la partie est finie",
        "HU": "a játéknak vége",
    },
    "t_rule_game_over": {
        "EN": "the game is over",
        "RU": "игра окончена",
        "FR": "la partie est finie",
        "HU": "a játéknak vége",
    },
    "t_rule_place_count": {
        "EN": "a turn places as many tiles as the die shows",
        "RU": "ход выставляет столько фишек, сколько показывает кубик",
        "FR": "un tour pose autant de tuiles que le dé l’indique",
        "HU": "annyi lapkát kell lerakni, amennyit a kocka mutat",
    },
    "t_rule_pass": {
        "EN": "a turn passes only when no die can act and no outer tile can be removed",
        "RU": "ход пропускается, только если ни один кубик не срабатывает и нельзя удалить "
        "внешнюю фишку",
        "FR": "un tour ne passe que si aucun dé ne peut agir et qu’aucune tuile externe ne peut "
        "être retirée",
        "HU": "a lépés csak akkor marad ki, ha egyik kocka sem használható, és külső lapka sem "
        "vehető el",
    },
    "t_rule_forced_choice": {
        "EN": "a die that can act must be used",
        "RU": "нужно использовать кубик, который срабатывает",
        "FR": "il faut utiliser un dé qui peut agir",
        "HU": "a használható kockát kell használni",
    },
    "t_rule_forced_removal": {
        "EN": "neither die can act: the turn must remove an outer tile",
        "RU": "ни один кубик не срабатывает: нужно удалить внешнюю фишку",
        "FR": "aucun dé ne peut agir : le tour doit retirer une tuile externe",
        "HU": "egyik kocka sem használható: a lépésnek el kell vennie egy külső lapkát",
    },
    "t_rule_die_not_rolled": {
        "EN": "the chosen die was not rolled",
        "RU": "выбранный кубик не был брошен",
        "FR": "le dé choisi n’a pas été lancé",
        "HU": "a választott kockával nem dobtak",
    },
    "t_rule_impossible_die": {
        "EN": "the chosen die cannot act now",
        "RU": "выбранный кубик сейчас не срабатывает",
        "FR": "le dé choisi ne peut pas agir maintenant",
        "HU": "a választott kocka most nem használható",
    },
    "t_rule_action_matches_die": {
        "EN": "the action must be the one the chosen die shows",
        "RU": "действие должно соответствовать выбранному кубику",
        "FR": "l’action doit être celle du dé choisi",
        "HU": "a lépésnek a választott kockának kell megfelelnie",
    },
    "t_rule_removal": {
        "EN": "this tile may not be removed",
        "RU": "эту фишку удалить нельзя",
        "FR": "cette tuile ne peut pas être retirée",
        "HU": "ez a lapka nem vehető el",
    },
    "t_rule_rotation": {
        "EN": "only an inner tile may turn, to one of its two other orientations",
        "RU": "поворачивать можно только внутреннюю фишку, в одно из двух других положений",
        "FR": "seule une tuile interne peut tourner, vers l’une de ses deux autres orientations",
        "HU": "csak belső lapka forgatható, a két másik irányának egyikébe",
    },
    "t_rule_start": {
        "EN": "the game starts with the roll-off and the starter's tiles",
        "RU": "игра начинается со стартового броска и фишек начинающего",
        "FR": "la partie commence par le lancer de départ et les tuiles de celui qui commence",
        "HU": "a játék a kezdő dobással és a kezdő játékos lapkáival kezdődik",
    },
    "t_rule_start_roll": {
        "EN": "the roll-off's dice do not fit this round",
        "RU": "кубики стартового броска не подходят для этого круга",
        "FR": "les dés du lancer de départ ne conviennent pas à ce tour",
        "HU": "a kezdő dobás kockái nem illenek ehhez a körhöz",
    },
    "t_rule_undo": {
        "EN": "there is no turn of yours to take back",
        "RU": "нет вашего хода, который можно отменить",
        "FR": "aucun de vos tours à annuler",
        "HU": "nincs visszavonható lépésed",
    },
    "t_rule_redo": {
        "EN": "there is nothing to redo: no turn was taken back",
        "RU": "нечего возвращать: ни один ход не отменялся",
        "FR": "rien à rétablir : aucun tour n’a été annulé",
        "HU": "nincs mit újra megtenni: nem vontál vissza lépést",
    },
    "t_rule_player_name": {
        "EN": "a player's name is at most 40 characters, without quotes, brackets, backslashes or "
        "control characters",
        "RU": "имя игрока — не больше 40 знаков, без кавычек, скобок, обратной косой черты и "
        "управляющих символов",
        "FR": "le nom d’un joueur compte au plus 40 caractères, sans guillemets, crochets, barres "
        "obliques inverses ni caractères de contrôle",
        "HU": "a játékos neve legfeljebb 40 karakter, idézőjel, zárójel, fordított perjel és "
        "vezérlőkarakter nélkül",
    },
    "t_rule_game_in_progress": {
        "EN": "this table already has a game in its file; finish it (or start palago serve on a "
        "new file) before starting another",
        "RU": "у этого стола уже есть игра в файле; закончите её (или запустите palago serve с "
        "новым файлом), прежде чем начинать другую",
        "FR": "cette table a déjà une partie dans son fichier ; finissez-la (ou lancez palago "
        "serve sur un nouveau fichier) avant d’en commencer une autre",
        "HU": "ennek az asztalnak már van játéka a fájljában; fejezd be (vagy indítsd a palago "
        "serve-t új fájllal), mielőtt újat kezdesz",
    },
    "t_rule_computer_roll": {
        "EN": "the dice are entered here for the computer's turn only, once per turn",
        "RU": "кубики вводятся здесь только за компьютер, один раз за ход",
        "FR": "les dés ne se saisissent ici que pour le tour de l’ordinateur, une fois par tour",
        "HU": "a kockákat itt csak a gép lépéséhez lehet beírni, lépésenként egyszer",
    },
    "t_rule_no_game": {
        "EN": "no game yet: start a new game first",
        "RU": "игры ещё нет: сначала начните новую",
        "FR": "pas encore de partie : commencez d’abord une nouvelle partie",
        "HU": "még nincs játék: előbb kezdj újat",
    },
    # --- refusals of the table (the rules' own refusals keep the rules' words); own: all
    "t_over_refused": {
        "EN": "the game is over ({r}); undo the last turn to change it",
        "RU": "игра окончена ({r}); отмените последний ход, чтобы изменить это",
        "FR": "la partie est finie ({r}) ; annulez le dernier tour pour la changer",
        "HU": "a játéknak vége ({r}); vond vissza az utolsó lépést, ha változtatnál",
    },
    "t_name_computers": {
        "EN": "that name is the computer's: choose the computer as a player instead",
        "RU": "это имя компьютера: лучше выберите игроком компьютер",
        "FR": "ce nom est celui de l’ordinateur : choisissez plutôt l’ordinateur comme joueur",
        "HU": "ez a gép neve: inkább a gépet válaszd játékosnak",
    },
    "t_names_differ": {
        "EN": "every player needs a name of their own",
        "RU": "каждому игроку нужно своё имя",
        "FR": "chaque joueur a besoin de son propre nom",
        "HU": "minden játékosnak saját név kell",
    },
    "t_started": {
        "EN": "the start roll-off is over: the game has started",
        "RU": "стартовый бросок окончен: игра началась",
        "FR": "le lancer de départ est fini : la partie a commencé",
        "HU": "a kezdő dobásnak vége: a játék elkezdődött",
    },
    "t_starter_known": {
        "EN": "the roll-off has decided who starts: place the start tiles",
        "RU": "стартовый бросок решил, кто начинает: выставьте стартовые фишки",
        "FR": "le lancer de départ a désigné qui commence : posez les tuiles de départ",
        "HU": "a kezdő dobás eldöntötte, ki kezd: rakd le a kezdő lapkákat",
    },
    "t_computer_turn": {
        "EN": "it is the computer's turn ({who}): it is thinking",
        "RU": "сейчас ход компьютера ({who}): он думает",
        "FR": "c’est le tour de l’ordinateur ({who}) : il réfléchit",
        "HU": "a gép lépése következik ({who}): gondolkodik",
    },
    "t_computer_dice": {
        "EN": "it is the computer's turn ({who}): enter the dice rolled for it",
        "RU": "сейчас ход компьютера ({who}): введите кубики, брошенные за него",
        "FR": "c’est le tour de l’ordinateur ({who}) : saisissez les dés lancés pour lui",
        "HU": "a gép lépése következik ({who}): írd be a helyette dobott kockákat",
    },
    "t_computer_broke": {
        "EN": "it is the computer's turn ({who}): it failed: {error}; undo your turn to try again",
        "RU": "сейчас ход компьютера ({who}): сбой: {error}; отмените свой ход и попробуйте снова",
        "FR": "c’est le tour de l’ordinateur ({who}) : échec : {error} ; annulez votre tour pour "
        "réessayer",
        "HU": "a gép lépése következik ({who}): hiba: {error}; vond vissza a lépésed, és próbáld "
        "újra",
    },
    # --- the downloaded board's caption (Palago, after 5 turns); turn: the rulebooks'
    "t_after_turns": {
        "EN": "after {n} turn|after {n} turns",
        "RU": "после {n} хода|после {n} ходов|после {n} ходов",
        "FR": "après {n} tour|après {n} tours",
        "HU": "{n} lépés után",
    },
}
"""The table server's lines."""
