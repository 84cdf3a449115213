"""The table's entries of the catalogue (:mod:`palago_tools.screens`): the page of ``palago
serve`` (its labels, buttons, hints, help and keys, here), its messages
(:mod:`.table_messages`: the script's, the outbox's "Not sent yet" lines, the keys' announcements,
the page without the token) and the server's lines (:mod:`.table_server`: status lines, what a
change did, results, refusals).

The rulebooks' words here: turn/ход/tour/lépés, player/игрок/joueur/játékos, tile, die/кубик/dé/
kocka, roll/бросок/lancer/dobás, points/очки/points/pont, removal, rotation, bag, the supply
(HU készlet; EN supply, RU запас, FR réserve are ours: those rulebooks count the tiles), outer
and inner tile, the glossary's Pala-creature. Everything else (buttons, help, messages) the
rulebooks do not name: own in all four but the English, which is the table's as it was
written. Keys start ``t_`` (the viewer's are unprefixed); the side names, a creature and its
score are :data:`~palago_tools.screens.GAME`'s, the panels' titles the viewer's (``keys``,
``scores``, ``moves``: the page fills any ``{{key}}`` of the catalogue).
"""

from __future__ import annotations

from typing import Final

from ..languages import Lang
from .table_messages import MESSAGES
from .table_server import SERVER

PAGE: Final[dict[str, dict[Lang, str]]] = {
    # --- the page's header and the new-game form; own: all but Palago, Palagonia, tiles, player
    "t_title": {"EN": "Palago table", "RU": "Стол Палаго", "FR": "Table de Palago",
                "HU": "Palago-asztal"},
    "t_language": {"EN": "Language", "RU": "Язык", "FR": "Langue", "HU": "Nyelv"},
    "t_theme": {"EN": "Theme", "RU": "Тема", "FR": "Thème", "HU": "Téma"},
    "t_theme_title": {
        "EN": "Switch between light and dark",
        "RU": "Светлая или тёмная тема",
        "FR": "Passer du clair au sombre",
        "HU": "Váltás világos és sötét között",
    },
    "t_loading": {
        "EN": "Loading the table…",
        "RU": "Стол загружается…",
        "FR": "Chargement de la table…",
        "HU": "Az asztal betöltése…",
    },
    "t_recording_to": {
        "EN": "Recording to {name}",
        "RU": "Запись в файл {name}",
        "FR": "Enregistrement dans {name}",
        "HU": "Lejegyzés ide: {name}",
    },
    "t_new_game": {"EN": "New game", "RU": "Новая игра", "FR": "Nouvelle partie",
                   "HU": "Új játék"},
    "t_game": {"EN": "Game", "RU": "Игра", "FR": "Jeu", "HU": "Játék"},
    "t_kind_palago": {
        "EN": "Palago (2 players)",
        "RU": "Палаго (2 игрока)",
        "FR": "Palago (2 joueurs)",
        "HU": "Palago (2 játékos)",
    },
    "t_kind_palagonia": {
        "EN": "Palagonia (3 to 10, or alone)",
        "RU": "Палагония (от 3 до 10 или в одиночку)",
        "FR": "Palagonia (de 3 à 10, ou seul)",
        "HU": "Palagónia (3–10 játékos vagy egyedül)",
    },
    "t_players": {"EN": "Players", "RU": "Игроки", "FR": "Joueurs", "HU": "Játékosok"},
    "t_add_player": {
        "EN": "Add a player",
        "RU": "Добавить игрока",
        "FR": "Ajouter un joueur",
        "HU": "Játékos hozzáadása",
    },
    "t_drop_player": {
        "EN": "Remove a player",
        "RU": "Убрать игрока",
        "FR": "Retirer un joueur",
        "HU": "Játékos elvétele",
    },
    "t_options": {"EN": "Options", "RU": "Настройки", "FR": "Options", "HU": "Beállítások"},
    "t_tiles": {"EN": "Tiles", "RU": "Фишки", "FR": "Tuiles", "HU": "Lapkák"},
    "t_opening": {"EN": "Opening", "RU": "Начало", "FR": "Ouverture", "HU": "Nyitás"},
    "t_opening_standard": {
        "EN": "two tiles from the first turn",
        "RU": "две фишки с первого хода",
        "FR": "deux tuiles dès le premier tour",
        "HU": "két lapka már az első lépésben",
    },
    "t_opening_112": {
        "EN": "1-1-2: one tile, one tile, then two",
        "RU": "1-1-2: одна фишка, одна фишка, затем две",
        "FR": "1-1-2 : une tuile, une tuile, puis deux",
        "HU": "1-1-2: egy lapka, egy lapka, aztán kettő",
    },
    "t_first": {"EN": "First", "RU": "Первыми", "FR": "Commence", "HU": "Kezd"},
    "t_against_computer": {
        "EN": "Against the computer",
        "RU": "Против компьютера",
        "FR": "Contre l’ordinateur",
        "HU": "A gép ellen",
    },
    "t_opponent": {"EN": "Opponent", "RU": "Соперник", "FR": "Adversaire", "HU": "Ellenfél"},
    "t_opponent_none": {
        "EN": "none: two players at the table",
        "RU": "нет: два игрока за столом",
        "FR": "aucun : deux joueurs à la table",
        "HU": "nincs: két játékos az asztalnál",
    },
    "t_opponent_blue": {
        "EN": "the computer plays Blue",
        "RU": "компьютер играет синими",
        "FR": "l’ordinateur joue Bleu",
        "HU": "a gép a Kékkel játszik",
    },
    "t_opponent_yellow": {
        "EN": "the computer plays Yellow",
        "RU": "компьютер играет жёлтыми",
        "FR": "l’ordinateur joue Jaune",
        "HU": "a gép a Sárgával játszik",
    },
    "t_level": {"EN": "Level", "RU": "Уровень", "FR": "Niveau", "HU": "Szint"},
    "t_level_1": {
        "EN": "1: takes a win in one",
        "RU": "1: выигрывает в один ход",
        "FR": "1 : gagne en un tour",
        "HU": "1: egy lépésből nyer",
    },
    "t_level_2": {
        "EN": "2: also blocks a threat",
        "RU": "2: ещё и отражает угрозу",
        "FR": "2 : pare aussi une menace",
        "HU": "2: a fenyegetést is hárítja",
    },
    "t_level_3": {
        "EN": "3: plays and avoids forks",
        "RU": "3: ставит вилки и избегает их",
        "FR": "3 : joue et évite les doubles menaces",
        "HU": "3: villát tesz, és elkerüli",
    },
    "t_level_4": {
        "EN": "4: also avoids forcing wins",
        "RU": "4: избегает и форсированных проигрышей",
        "FR": "4 : évite aussi les gains forcés",
        "HU": "4: a kényszerű vereséget is elkerüli",
    },
    "t_level_5": {
        "EN": "5: the strongest (about 2 s a turn)",
        "RU": "5: сильнейший (около 2 с на ход)",
        "FR": "5 : le plus fort (environ 2 s par tour)",
        "HU": "5: a legerősebb (kb. 2 mp lépésenként)",
    },
    "t_start_game": {
        "EN": "Start the game",
        "RU": "Начать игру",
        "FR": "Commencer la partie",
        "HU": "A játék indítása",
    },
    "t_a_person": {"EN": "a person", "RU": "человек", "FR": "une personne", "HU": "ember"},
    "t_computer_player": {
        "EN": "computer {name}",
        "RU": "компьютер {name}",
        "FR": "ordinateur {name}",
        "HU": "gép: {name}",
    },
    "t_computer_shares": {
        "EN": "computer {name} (shares)",
        "RU": "компьютер {name} (делится очками)",
        "FR": "ordinateur {name} (partage)",
        "HU": "gép: {name} (megosztó)",
    },
    "t_name_of": {
        "EN": "{who} name",
        "RU": "{who}: имя",
        "FR": "{who} : nom",
        "HU": "{who}: név",
    },
    "t_played_by": {
        "EN": "{who} is played by",
        "RU": "{who}: кто играет",
        "FR": "{who} : qui joue",
        "HU": "{who}: ki játszik",
    },
    # --- the game: board, buttons, roll-off, dice; die, roll, turn, tile: the rulebooks'
    "t_board": {"EN": "Board", "RU": "Доска", "FR": "Plateau", "HU": "Tábla"},
    "t_board_of": {
        "EN": "Board of {tiles}",
        "RU": "Доска: {tiles}",
        "FR": "Plateau de {tiles}",
        "HU": "Tábla, {tiles}",
    },
    "t_board_role": {"EN": "board", "RU": "доска", "FR": "plateau", "HU": "tábla"},
    "t_retry": {"EN": "Try again", "RU": "Повторить", "FR": "Réessayer", "HU": "Újra"},
    "t_rolloff": {
        "EN": "Start roll-off",
        "RU": "Стартовый бросок",
        "FR": "Lancer de départ",
        "HU": "Kezdő dobás",
    },
    "t_rolloff_help": {
        "EN": "Every player rolls one die; the highest number starts and places that many tiles.",
        "RU": "Каждый игрок бросает один кубик; у кого больше, тот начинает и выставляет столько "
        "фишек.",
        "FR": "Chaque joueur lance un dé ; le plus haut commence et pose autant de tuiles.",
        "HU": "Minden játékos dob egy kockával; a legnagyobb szám kezd, és annyi lapkát rak le.",
    },
    "t_rolloff_send": {
        "EN": "Enter the roll",
        "RU": "Ввести бросок",
        "FR": "Saisir le lancer",
        "HU": "A dobás rögzítése",
    },
    "t_die": {"EN": "Die {n}", "RU": "Кубик {n}", "FR": "Dé {n}", "HU": "{n}. kocka"},
    "t_face_x": {"EN": "x remove", "RU": "x удаление", "FR": "x retrait", "HU": "x Elvétel"},
    "t_face_at": {"EN": "@ rotate", "RU": "@ поворот", "FR": "@ rotation", "HU": "@ Forgatás"},
    "t_confirm": {
        "EN": "Confirm the turn",
        "RU": "Подтвердить ход",
        "FR": "Valider le tour",
        "HU": "A lépés jóváhagyása",
    },
    "t_clear": {"EN": "Clear", "RU": "Сбросить", "FR": "Effacer", "HU": "Törlés"},
    "t_undo_last": {
        "EN": "Undo the last turn",
        "RU": "Отменить последний ход",
        "FR": "Annuler le dernier tour",
        "HU": "Az utolsó lépés visszavonása",
    },
    "t_undo_what": {
        "EN": "Undo {what}",
        "RU": "Отменить: {what}",
        "FR": "Annuler : {what}",
        "HU": "Visszavonás: {what}",
    },
    "t_redo": {"EN": "Redo", "RU": "Вернуть", "FR": "Rétablir", "HU": "Újra megtesz"},
    "t_undo_no": {
        "EN": "No, keep it",
        "RU": "Нет, оставить",
        "FR": "Non, garder",
        "HU": "Nem, marad",
    },
    "t_undo_yes": {
        "EN": "Yes, take it back",
        "RU": "Да, отменить",
        "FR": "Oui, annuler",
        "HU": "Igen, vissza",
    },
    "t_take_back": {
        "EN": "Take back {what}?",
        "RU": "Отменить: {what}?",
        "FR": "Annuler : {what} ?",
        "HU": "Visszavonod: {what}?",
    },
    "t_the_last_turn": {
        "EN": "the last turn",
        "RU": "последний ход",
        "FR": "le dernier tour",
        "HU": "az utolsó lépés",
    },
    "t_enter_dice": {
        "EN": "Enter the dice rolled",
        "RU": "Ввести брошенные кубики",
        "FR": "Saisir les dés lancés",
        "HU": "A dobott kockák rögzítése",
    },
    "t_pass_turn": {
        "EN": "Pass the turn",
        "RU": "Пропустить ход",
        "FR": "Passer le tour",
        "HU": "A lépés kihagyása",
    },
    "t_roll_page": {
        "EN": "Roll on the page",
        "RU": "Бросить на странице",
        "FR": "Lancer sur la page",
        "HU": "Dobás az oldalon",
    },
    "t_roll_for": {
        "EN": "Roll the two dice for {who} and tap them in, or let the page roll them: ",
        "RU": "Бросьте два кубика за {who} и введите их или дайте странице бросить их: ",
        "FR": "Lancez les deux dés pour {who} et saisissez-les, ou laissez la page les lancer : ",
        "HU": "Dobj a két kockával {who} helyett, és írd be, vagy dobjon az oldal: ",
    },
    "t_enter_two_dice": {
        "EN": "Enter the two dice rolled.",
        "RU": "Введите два брошенных кубика.",
        "FR": "Saisissez les deux dés lancés.",
        "HU": "Írd be a két dobott kockát.",
    },
    "t_use": {"EN": "Use", "RU": "Взять", "FR": "Utiliser", "HU": "Használd"},
    "t_die_cannot": {
        "EN": "this die cannot act now",
        "RU": "этот кубик сейчас не сработает",
        "FR": "ce dé ne peut pas agir maintenant",
        "HU": "ez a kocka most nem használható",
    },
    "t_forced": {
        "EN": "Neither die can act: remove an outer tile (tap it).",
        "RU": "Ни один кубик не срабатывает: удалите внешнюю фишку (коснитесь её).",
        "FR": "Aucun dé ne peut agir : retirez une tuile externe (touchez-la).",
        "HU": "Egyik kocka sem használható: vegyél el egy külső lapkát (koppints rá).",
    },
    "t_must_pass": {
        "EN": "Neither die can act and no tile can be removed: the turn passes.",
        "RU": "Ни один кубик не срабатывает и удалить фишку нельзя: ход пропущен.",
        "FR": "Aucun dé ne peut agir et aucune tuile ne peut être retirée : le tour passe.",
        "HU": "Egyik kocka sem használható, és lapka sem vehető el: a lépés kimarad.",
    },
    "t_completed": {
        "EN": "Completed: {what}",
        "RU": "Замкнута: {what}",
        "FR": "Fermée : {what}",
        "HU": "Bezárult: {what}",
    },
    "t_game_over": {
        "EN": "Game over: {r}",
        "RU": "Конец игры: {r}",
        "FR": "Fin de la partie : {r}",
        "HU": "Vége a játéknak: {r}",
    },
    "t_left_supply": {
        "EN": "{n} tile left in the supply|{n} tiles left in the supply",
        "RU": "В запасе {n} фишка|В запасе {n} фишки|В запасе {n} фишек",
        "FR": "{n} tuile dans la réserve|{n} tuiles dans la réserve",
        "HU": "{n} lapka maradt a készletben",
    },
    "t_left_bag": {
        "EN": "{n} tile left in the bag|{n} tiles left in the bag",
        "RU": "В мешочке {n} фишка|В мешочке {n} фишки|В мешочке {n} фишек",
        "FR": "{n} tuile dans le sac|{n} tuiles dans le sac",
        "HU": "{n} lapka maradt a zsákban",
    },
    "t_too_many": {
        "EN": "This turn places {n} tile: tap a new tile to turn it or take it back."
        "|This turn places {n} tiles: tap a new tile to turn it or take it back.",
        "RU": "В этот ход ставится {n} фишка: коснитесь новой фишки, чтобы повернуть или убрать "
        "её.|В этот ход ставятся {n} фишки: коснитесь новой фишки, чтобы повернуть или убрать "
        "её.|В этот ход ставятся {n} фишек: коснитесь новой фишки, чтобы повернуть или убрать её.",
        "FR": "Ce tour pose {n} tuile : touchez une tuile nouvelle pour la tourner ou la reprendre."
        "|Ce tour pose {n} tuiles : touchez une tuile nouvelle pour la tourner ou la reprendre.",
        "HU": "Ebben a lépésben {n} lapka kerül le: koppints egy új lapkára, hogy elforgasd vagy "
        "visszavedd.",
    },
    # the hints under the board: how to enter the turn by taps or keys; own: all
    "t_hint_place": {
        "EN": "Tap an empty cell to place a tile ({n} of {done}); tap a new tile again to turn "
        "it R → L → D, once more to take it back.",
        "RU": "Коснитесь пустой клетки, чтобы поставить фишку ({n} из {done}); коснитесь новой "
        "фишки ещё раз, чтобы повернуть её R → L → D, и ещё раз, чтобы убрать.",
        "FR": "Touchez une case vide pour poser une tuile ({n} sur {done}) ; touchez encore une "
        "tuile nouvelle pour la tourner R → L → D, encore une fois pour la reprendre.",
        "HU": "Koppints egy üres mezőre a lapka lerakásához ({n} / {done}); az új lapkára újra "
        "koppintva elfordul R → L → D, még egyszer koppintva visszaveszed.",
    },
    "t_hint_remove": {
        "EN": "Tap the outer tile to remove.",
        "RU": "Коснитесь внешней фишки, которую удаляете.",
        "FR": "Touchez la tuile externe à retirer.",
        "HU": "Koppints az elvett külső lapkára.",
    },
    "t_hint_inner_again": {
        "EN": "Tap the tile again to choose how it turns.",
        "RU": "Коснитесь фишки ещё раз, чтобы выбрать, как она повернётся.",
        "FR": "Touchez encore la tuile pour choisir comment elle tourne.",
        "HU": "Koppints újra a lapkára, hogy megválaszd, hogyan forduljon.",
    },
    "t_hint_inner": {
        "EN": "Tap the inner tile to turn.",
        "RU": "Коснитесь внутренней фишки, которую поворачиваете.",
        "FR": "Touchez la tuile interne à tourner.",
        "HU": "Koppints az elforgatott belső lapkára.",
    },
    "t_keys_place": {
        "EN": "Enter lays a tile on the cursor's cell ({n} of {done}); R turns a new tile, Delete "
        "takes it back; Ctrl+Enter confirms.",
        "RU": "Enter ставит фишку на клетку курсора ({n} из {done}); R поворачивает новую фишку, "
        "Delete убирает её; Ctrl+Enter подтверждает.",
        "FR": "Entrée pose une tuile sur la case du curseur ({n} sur {done}) ; R tourne une tuile "
        "nouvelle, Suppr la reprend ; Ctrl+Entrée valide.",
        "HU": "Az Enter lapkát rak a kurzor mezőjére ({n} / {done}); az R elforgatja az új "
        "lapkát, a Delete visszaveszi; a Ctrl+Enter jóváhagy.",
    },
    "t_keys_remove": {
        "EN": "Move to the outer tile to remove and press Enter; Ctrl+Enter confirms.",
        "RU": "Перейдите к удаляемой внешней фишке и нажмите Enter; Ctrl+Enter подтверждает.",
        "FR": "Allez à la tuile externe à retirer et appuyez sur Entrée ; Ctrl+Entrée valide.",
        "HU": "Menj az elvett külső lapkára, és nyomd meg az Entert; a Ctrl+Enter jóváhagy.",
    },
    "t_keys_inner_chosen": {
        "EN": "R chooses how the tile turns; Ctrl+Enter confirms.",
        "RU": "R выбирает, как повернётся фишка; Ctrl+Enter подтверждает.",
        "FR": "R choisit comment la tuile tourne ; Ctrl+Entrée valide.",
        "HU": "Az R megválasztja, hogyan forduljon a lapka; a Ctrl+Enter jóváhagy.",
    },
    "t_keys_inner": {
        "EN": "Move to the inner tile to turn and press Enter.",
        "RU": "Перейдите к поворачиваемой внутренней фишке и нажмите Enter.",
        "FR": "Allez à la tuile interne à tourner et appuyez sur Entrée.",
        "HU": "Menj az elforgatott belső lapkára, és nyomd meg az Entert.",
    },
    "t_hint_thinking": {
        "EN": "The computer's turn appears on the board by itself; Undo takes yours back.",
        "RU": "Ход компьютера появится на доске сам; отмена вернёт ваш ход.",
        "FR": "Le tour de l’ordinateur apparaît seul sur le plateau ; Annuler reprend le vôtre.",
        "HU": "A gép lépése magától megjelenik a táblán; a visszavonás a tiédet veszi vissza.",
    },
    "t_hint_roll": {
        "EN": "Tap the two dice rolled for {who} and Enter them, or Roll on the page; the "
        "computer's turn then appears by itself.",
        "RU": "Введите два кубика, брошенных за {who}, или бросьте их на странице; затем ход "
        "компьютера появится сам.",
        "FR": "Saisissez les deux dés lancés pour {who}, ou lancez-les sur la page ; le tour de "
        "l’ordinateur apparaît ensuite seul.",
        "HU": "Írd be a {who} helyett dobott két kockát, vagy dobj az oldalon; a gép lépése "
        "aztán magától megjelenik.",
    },
    # the keys' help; the key names (Enter, Tab, Ctrl) as printed on keyboards; own: all
    "t_keys_line": {
        "EN": "Tab to the board; arrows (and W E A D Z X) move, Enter lays or turns a tile, R "
        "turns it, Delete takes it back, Ctrl+Enter confirms the turn.",
        "RU": "Tab — к доске; стрелки (и W E A D Z X) — перемещение, Enter ставит или "
        "поворачивает фишку, R поворачивает её, Delete убирает, Ctrl+Enter подтверждает ход.",
        "FR": "Tab jusqu’au plateau ; les flèches (et W E A D Z X) déplacent, Entrée pose ou "
        "tourne une tuile, R la tourne, Suppr la reprend, Ctrl+Entrée valide le tour.",
        "HU": "Tab a tábláig; a nyilak (és W E A D Z X) mozgatnak, az Enter lapkát rak le vagy "
        "forgat, az R forgatja, a Delete visszaveszi, a Ctrl+Enter jóváhagyja a lépést.",
    },
    "t_or": {"EN": "or", "RU": "или", "FR": "ou", "HU": "vagy"},
    "t_key_enter": {"EN": "Enter", "RU": "Enter", "FR": "Entrée", "HU": "Enter"},
    "t_key_space": {"EN": "Space", "RU": "Пробел", "FR": "Espace", "HU": "Szóköz"},
    "t_key_delete": {"EN": "Delete", "RU": "Delete", "FR": "Suppr", "HU": "Delete"},
    "t_key_ctrl_enter": {"EN": "Ctrl+Enter", "RU": "Ctrl+Enter", "FR": "Ctrl+Entrée",
                         "HU": "Ctrl+Enter"},
    "t_keys_sideways": {
        "EN": "the cell to the left, to the right",
        "RU": "клетка слева, справа",
        "FR": "la case à gauche, à droite",
        "HU": "a bal, a jobb oldali mező",
    },
    "t_keys_upper": {
        "EN": "the cell to the upper left, upper right",
        "RU": "клетка слева вверху, справа вверху",
        "FR": "la case en haut à gauche, en haut à droite",
        "HU": "a bal felső, a jobb felső mező",
    },
    "t_keys_lower": {
        "EN": "the cell to the lower left, lower right",
        "RU": "клетка слева внизу, справа внизу",
        "FR": "la case en bas à gauche, en bas à droite",
        "HU": "a bal alsó, a jobb alsó mező",
    },
    "t_keys_updown": {
        "EN": "up, down the board (upper or lower left and right in turn)",
        "RU": "вверх, вниз по доске (поочерёдно влево и вправо)",
        "FR": "monter, descendre sur le plateau (à gauche et à droite tour à tour)",
        "HU": "fel, le a táblán (felváltva balra és jobbra)",
    },
    "t_keys_home": {
        "EN": "back to the last move",
        "RU": "назад к последнему ходу",
        "FR": "retour au dernier coup",
        "HU": "vissza az utolsó lépéshez",
    },
    "t_keys_tap": {
        "EN": "what a tap does: lay a tile on an empty cell; on a new tile turn it R → L → D, "
        "then take it back; in Palagonia choose the tile to remove or turn",
        "RU": "то же, что касание: поставить фишку на пустую клетку; новую фишку повернуть "
        "R → L → D, затем убрать; в Палагонии выбрать фишку для удаления или поворота",
        "FR": "ce que fait un toucher : poser une tuile sur une case vide ; tourner une tuile "
        "nouvelle R → L → D, puis la reprendre ; en Palagonia choisir la tuile à retirer ou à "
        "tourner",
        "HU": "amit egy koppintás: lapka lerakása üres mezőre; új lapka forgatása R → L → D, "
        "aztán visszavétele; Palagóniában az elvett vagy elforgatott lapka választása",
    },
    "t_keys_r": {
        "EN": "turn the new tile (or the chosen tile) without taking it back",
        "RU": "повернуть новую (или выбранную) фишку, не убирая её",
        "FR": "tourner la tuile nouvelle (ou choisie) sans la reprendre",
        "HU": "az új (vagy a választott) lapka forgatása visszavétel nélkül",
    },
    "t_keys_delete": {
        "EN": "take the new tile back",
        "RU": "убрать новую фишку",
        "FR": "reprendre la tuile nouvelle",
        "HU": "az új lapka visszavétele",
    },
    "t_keys_confirm": {
        "EN": "confirm the turn",
        "RU": "подтвердить ход",
        "FR": "valider le tour",
        "HU": "a lépés jóváhagyása",
    },
    "t_keys_tab": {
        "EN": "the dice, Confirm, Clear, Undo and the rest",
        "RU": "кубики, «Подтвердить», «Сбросить», «Отменить» и остальное",
        "FR": "les dés, Valider, Effacer, Annuler et le reste",
        "HU": "a kockák, a jóváhagyás, a törlés, a visszavonás és a többi",
    },
    # --- the side panels: scores, moves, downloads, another device; points: the rulebooks'
    "t_score_table": {
        "EN": "Score table",
        "RU": "Таблица очков",
        "FR": "Tableau des scores",
        "HU": "Ponttáblázat",
    },
    "t_shared_note": {
        "EN": "shared points: the previous player scores the creature too",
        "RU": "общие очки: предыдущий игрок тоже получает очки за Пала-тварь",
        "FR": "points partagés : le joueur précédent marque aussi la créature",
        "HU": "megosztott pont: az előző játékos is pontot kap a palántáért",
    },
    "t_shared_points": {
        "EN": "shared points",
        "RU": "общие очки",
        "FR": "points partagés",
        "HU": "megosztott pont",
    },
    "t_turn": {"EN": "Turn", "RU": "Ход", "FR": "Tour", "HU": "Lépés"},
    "t_total": {"EN": "Total", "RU": "Итого", "FR": "Total", "HU": "Összesen"},
    "t_download": {"EN": "Download", "RU": "Скачать", "FR": "Télécharger", "HU": "Letöltés"},
    "t_dl_record": {
        "EN": "the record",
        "RU": "запись партии",
        "FR": "la partie notée",
        "HU": "a lejegyzés",
    },
    "t_dl_board": {
        "EN": "the board (PDF)",
        "RU": "доска (PDF)",
        "FR": "le plateau (PDF)",
        "HU": "a tábla (PDF)",
    },
    "t_dl_scores": {
        "EN": "the score sheet (PDF)",
        "RU": "бланк очков (PDF)",
        "FR": "la feuille de score (PDF)",
        "HU": "a pontozólap (PDF)",
    },
    "t_dl_viewer": {
        "EN": "the game in the replay viewer",
        "RU": "партия в просмотрщике",
        "FR": "la partie dans la visionneuse",
        "HU": "a játék a visszajátszóban",
    },
    "t_another_device": {
        "EN": "Another device",
        "RU": "Другое устройство",
        "FR": "Un autre appareil",
        "HU": "Másik eszköz",
    },
    "t_share_help": {
        "EN": "Scan this with another phone's camera to open the same table.",
        "RU": "Отсканируйте это камерой другого телефона, чтобы открыть тот же стол.",
        "FR": "Scannez ceci avec l’appareil photo d’un autre téléphone pour ouvrir la même table.",
        "HU": "Olvasd be egy másik telefon kamerájával, hogy ugyanezt az asztalt nyisd meg.",
    },
    "t_qr_alt": {
        "EN": "QR code of this table's address",
        "RU": "QR-код адреса этого стола",
        "FR": "Code QR de l’adresse de cette table",
        "HU": "Az asztal címének QR-kódja",
    },
}
"""The table page's labels, buttons, hints and help."""

TABLE: Final[dict[str, dict[Lang, str]]] = {**PAGE, **MESSAGES, **SERVER}
"""Every entry of the table: the page's, its messages and the server's lines."""
