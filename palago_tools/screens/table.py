"""The table's entries of the catalogue (:mod:`palago_tools.screens`): the page of ``palago
serve`` (its labels, buttons, help and keys), the words its script writes (hints, the outbox's
"Not sent yet" lines) and the server's (status lines, what a change did, results, refusals).

The rulebooks' words here: turn/ход/tour/lépés, player/игрок/joueur/játékos, tile, die/кубик/dé/
kocka, roll/бросок/lancer/dobás, points/очки/points/pont, removal, rotation, bag, supply (EN
supply; RU запас, FR réserve, HU készlet: ours, the rulebooks count the tiles), outer and inner
tile, the glossary's Pala-creature. Everything else (buttons, help, messages) the rulebooks do
not name: own in all four but the English, which is the table's as it was written. Keys start
``t_`` (the viewer's are unprefixed); the side names, a creature and its score are
:data:`~palago_tools.screens.GAME`'s.
"""

from __future__ import annotations

from typing import Final

from ..languages import Lang

TABLE: Final[dict[str, dict[Lang, str]]] = {
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
    # what the board says to a screen reader when played from the keys ({tile}: the notation's
    # token, 0,1R); own: all
    "t_kb_new": {
        "EN": "{cell}: your new tile {tile}. Enter or R turns it, Delete takes it back.",
        "RU": "{cell}: ваша новая фишка {tile}. Enter или R поворачивает её, Delete убирает.",
        "FR": "{cell} : votre tuile nouvelle {tile}. Entrée ou R la tourne, Suppr la reprend.",
        "HU": "{cell}: az új lapkád, {tile}. Az Enter vagy az R forgatja, a Delete visszaveszi.",
    },
    "t_kb_target": {
        "EN": "{cell}: empty. Enter lays a tile here.",
        "RU": "{cell}: пусто. Enter ставит сюда фишку.",
        "FR": "{cell} : vide. Entrée pose une tuile ici.",
        "HU": "{cell}: üres. Az Enter ide rak egy lapkát.",
    },
    "t_kb_chosen_turn": {
        "EN": "{cell}: tile {tile}, chosen: turns to {tip}. R or Enter changes it.",
        "RU": "{cell}: фишка {tile}, выбрана: поворот на {tip}. R или Enter меняет его.",
        "FR": "{cell} : tuile {tile}, choisie : tourne vers {tip}. R ou Entrée change cela.",
        "HU": "{cell}: lapka, {tile}, kiválasztva: {tip} felé fordul. Az R vagy az Enter "
        "változtat rajta.",
    },
    "t_kb_chosen_remove": {
        "EN": "{cell}: tile {tile}, chosen to remove. Enter leaves it.",
        "RU": "{cell}: фишка {tile}, выбрана для удаления. Enter оставляет её.",
        "FR": "{cell} : tuile {tile}, choisie pour le retrait. Entrée la laisse.",
        "HU": "{cell}: lapka, {tile}, Elvételre kiválasztva. Az Enter meghagyja.",
    },
    "t_kb_to_remove": {
        "EN": "{cell}: tile {tile}. Enter chooses it to remove.",
        "RU": "{cell}: фишка {tile}. Enter выбирает её для удаления.",
        "FR": "{cell} : tuile {tile}. Entrée la choisit pour le retrait.",
        "HU": "{cell}: lapka, {tile}. Az Enter Elvételre választja.",
    },
    "t_kb_to_turn": {
        "EN": "{cell}: tile {tile}. Enter chooses it to turn.",
        "RU": "{cell}: фишка {tile}. Enter выбирает её для поворота.",
        "FR": "{cell} : tuile {tile}. Entrée la choisit pour la tourner.",
        "HU": "{cell}: lapka, {tile}. Az Enter forgatásra választja.",
    },
    "t_kb_tile": {
        "EN": "{cell}: tile {tile}.",
        "RU": "{cell}: фишка {tile}.",
        "FR": "{cell} : tuile {tile}.",
        "HU": "{cell}: lapka, {tile}.",
    },
    "t_kb_empty": {"EN": "{cell}: empty.", "RU": "{cell}: пусто.", "FR": "{cell} : vide.",
                   "HU": "{cell}: üres."},
    "t_kb_edge": {
        "EN": "The edge of the board. ",
        "RU": "Край доски. ",
        "FR": "Le bord du plateau. ",
        "HU": "A tábla széle. ",
    },
    "t_kb_over": {
        "EN": "The game is over.",
        "RU": "Игра окончена.",
        "FR": "La partie est finie.",
        "HU": "A játéknak vége.",
    },
    "t_kb_wait": {
        "EN": "Wait for the computer's turn.",
        "RU": "Дождитесь хода компьютера.",
        "FR": "Attendez le tour de l’ordinateur.",
        "HU": "Várd meg a gép lépését.",
    },
    "t_kb_nothing": {
        "EN": "Nothing to do there: ",
        "RU": "Здесь нечего делать: ",
        "FR": "Rien à faire ici : ",
        "HU": "Itt nincs teendő: ",
    },
    "t_kb_no_turn": {
        "EN": "There is no turn to confirm.",
        "RU": "Нет хода для подтверждения.",
        "FR": "Aucun tour à valider.",
        "HU": "Nincs jóváhagyandó lépés.",
    },
    # the keys' help; the key names (Enter, Tab, Ctrl) as printed on keyboards; own: all
    "t_keys": {"EN": "Keys", "RU": "Клавиши", "FR": "Touches", "HU": "Billentyűk"},
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
    "t_scores": {"EN": "Scores", "RU": "Очки", "FR": "Scores", "HU": "Pontállás"},
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
    "t_moves": {"EN": "Moves", "RU": "Ходы", "FR": "Coups", "HU": "Lépések"},
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
    # --- the page a device gets without the token ({command}: palago serve, {device}: the
    # other page's heading, {address}: ?token=…, set in code); own: all
    "t_nt_title": {
        "EN": "Palago table: open it with its token",
        "RU": "Стол Палаго: откройте его с токеном",
        "FR": "Table de Palago : ouvrez-la avec son jeton",
        "HU": "Palago-asztal: nyisd meg a tokenjével",
    },
    "t_nt_heading": {
        "EN": "This table needs its token",
        "RU": "Этому столу нужен токен",
        "FR": "Cette table demande son jeton",
        "HU": "Ehhez az asztalhoz token kell",
    },
    "t_nt_why": {
        "EN": "This Palago table only answers devices that open it with its token in the address, "
        "so that nobody else on the Wi-Fi can enter moves.",
        "RU": "Этот стол Палаго отвечает только устройствам, открывшим его с токеном в адресе, "
        "чтобы никто другой в сети Wi-Fi не мог вводить ходы.",
        "FR": "Cette table de Palago ne répond qu’aux appareils qui l’ouvrent avec son jeton dans "
        "l’adresse, pour que personne d’autre sur le Wi-Fi ne puisse saisir de coups.",
        "HU": "Ez a Palago-asztal csak azoknak az eszközöknek válaszol, amelyek a címben lévő "
        "tokennel nyitják meg, hogy a Wi-Fi-n senki más ne írhasson be lépést.",
    },
    "t_nt_get_in": {"EN": "To get in:", "RU": "Как войти:", "FR": "Pour entrer :",
                    "HU": "Így léphetsz be:"},
    "t_nt_scan": {
        "EN": "scan the QR code that {command} printed on the computer that runs the table (or "
        "the one another phone shows under {device}) with this phone's camera;",
        "RU": "отсканируйте камерой этого телефона QR-код, который {command} вывел на "
        "компьютере со столом (или тот, что другой телефон показывает в разделе {device});",
        "FR": "scannez avec l’appareil photo de ce téléphone le code QR que {command} a affiché "
        "sur l’ordinateur de la table (ou celui qu’un autre téléphone montre sous {device}) ;",
        "HU": "olvasd be ennek a telefonnak a kamerájával a QR-kódot, amelyet a {command} az "
        "asztalt futtató számítógépen kiírt (vagy amelyet egy másik telefon a(z) {device} "
        "alatt mutat);",
    },
    "t_nt_ask": {
        "EN": "or ask whoever started the table for the whole address, with {address} at its "
        "end, and open that.",
        "RU": "или попросите того, кто запустил стол, дать полный адрес с {address} в конце, "
        "и откройте его.",
        "FR": "ou demandez à qui a lancé la table l’adresse complète, avec {address} à la fin, "
        "et ouvrez-la.",
        "HU": "vagy kérd el az asztal indítójától a teljes címet, a végén ezzel: {address}, és "
        "nyisd meg.",
    },
    "t_nt_bookmark": {
        "EN": "Once opened with its token, the address can be bookmarked: this phone remembers "
        "the token.",
        "RU": "Открытый с токеном адрес можно добавить в закладки: этот телефон запомнит токен.",
        "FR": "Une fois ouverte avec son jeton, l’adresse peut être mise en favori : ce "
        "téléphone retient le jeton.",
        "HU": "A tokennel megnyitott cím könyvjelzőbe tehető: ez a telefon megjegyzi a tokent.",
    },
    # --- messages of the page's script: the server away, another device, the outbox; own: all
    "t_no_answer": {
        "EN": "No answer from the table's server (is the computer still on the same Wi-Fi?)",
        "RU": "Сервер стола не отвечает (компьютер всё ещё в той же сети Wi-Fi?)",
        "FR": "Le serveur de la table ne répond pas (l’ordinateur est-il toujours sur le même "
        "Wi-Fi ?)",
        "HU": "Az asztal szervere nem válaszol (a számítógép még ugyanazon a Wi-Fi-n van?)",
    },
    "t_no_json": {
        "EN": "the server sent no answer",
        "RU": "сервер не прислал ответа",
        "FR": "le serveur n’a rien répondu",
        "HU": "a szerver nem küldött választ",
    },
    "t_trying_again": {
        "EN": " Trying again…",
        "RU": " Новая попытка…",
        "FR": " Nouvel essai…",
        "HU": " Újrapróbálás…",
    },
    "t_server_away": {
        "EN": "The table's server does not answer; the page keeps trying…",
        "RU": "Сервер стола не отвечает; страница пробует снова…",
        "FR": "Le serveur de la table ne répond pas ; la page réessaie…",
        "HU": "Az asztal szervere nem válaszol; az oldal tovább próbálkozik…",
    },
    "t_restarted_kept": {
        "EN": "The server was restarted; the tiles you tapped are kept.",
        "RU": "Сервер перезапущен; введённые вами фишки сохранены.",
        "FR": "Le serveur a redémarré ; les tuiles touchées sont gardées.",
        "HU": "A szerver újraindult; a lerakott lapkáid megmaradtak.",
    },
    "t_restarted_now": {
        "EN": "The server was restarted; the page shows the game as it is now.",
        "RU": "Сервер перезапущен; страница показывает игру как она есть.",
        "FR": "Le serveur a redémarré ; la page montre la partie telle qu’elle est.",
        "HU": "A szerver újraindult; az oldal a játék mostani állását mutatja.",
    },
    "t_changed_elsewhere": {
        "EN": "The game changed on another device; the board shows it as it is now.",
        "RU": "Игра изменилась на другом устройстве; доска показывает её как она есть.",
        "FR": "La partie a changé sur un autre appareil ; le plateau la montre telle qu’elle est.",
        "HU": "A játék egy másik eszközön változott; a tábla a mostani állást mutatja.",
    },
    "t_already": {
        "EN": "The server had {what} already (its answer was lost): it is recorded once.",
        "RU": "У сервера уже было: {what} (его ответ потерялся); записано один раз.",
        "FR": "Le serveur avait déjà {what} (sa réponse s’est perdue) : c’est noté une fois.",
        "HU": "A szervernél már megvolt: {what} (a válasza elveszett); egyszer van lejegyezve.",
    },
    "t_unsent": {
        "EN": "Not sent yet: {what} is kept on this phone.",
        "RU": "Ещё не отправлено: {what} — сохранено на этом телефоне.",
        "FR": "Pas encore envoyé : {what} est gardé sur ce téléphone.",
        "HU": "Még nincs elküldve: {what} ezen a telefonon várakozik.",
    },
    "t_unsent_down": {
        "EN": " The table's server does not answer: Try again when it is back.",
        "RU": " Сервер стола не отвечает: нажмите «Повторить», когда он вернётся.",
        "FR": " Le serveur de la table ne répond pas : Réessayer quand il sera revenu.",
        "HU": " Az asztal szervere nem válaszol: Újra, ha visszatért.",
    },
    "t_unsent_back": {
        "EN": " The server is back (it was restarted): Try again sends it.",
        "RU": " Сервер вернулся (его перезапустили): «Повторить» отправит.",
        "FR": " Le serveur est revenu (il a redémarré) : Réessayer l’envoie.",
        "HU": " A szerver visszatért (újraindult): az Újra elküldi.",
    },
    "t_unsent_again": {
        "EN": " Try again sends it.",
        "RU": " «Повторить» отправит.",
        "FR": " Réessayer l’envoie.",
        "HU": " Az Újra elküldi.",
    },
    "t_change_undo": {"EN": "the undo", "RU": "отмена", "FR": "l’annulation",
                      "HU": "a visszavonás"},
    "t_change_redo": {"EN": "the redo", "RU": "возврат", "FR": "le rétablissement",
                      "HU": "az újra megtétel"},
    "t_change_rolloff": {
        "EN": "the roll-off",
        "RU": "стартовый бросок",
        "FR": "le lancer de départ",
        "HU": "a kezdő dobás",
    },
    "t_change_turn": {"EN": "the turn", "RU": "ход", "FR": "le tour", "HU": "a lépés"},
    "t_change_tiles": {
        "EN": "the turn {list}",
        "RU": "ход {list}",
        "FR": "le tour {list}",
        "HU": "a lépés: {list}",
    },
    "t_change_remove": {
        "EN": "the turn (remove {cell})",
        "RU": "ход (удаление {cell})",
        "FR": "le tour (retrait {cell})",
        "HU": "a lépés (Elvétel: {cell})",
    },
    "t_change_rotate": {
        "EN": "the turn (turn {cell})",
        "RU": "ход (поворот {cell})",
        "FR": "le tour (rotation {cell})",
        "HU": "a lépés (Forgatás: {cell})",
    },
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
    "t_points_gained": {"EN": " — {list}", "RU": " — {list}", "FR": " — {list}",
                        "HU": " — {list}"},
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
}
"""The table's labels, buttons, messages, help and the server's lines."""

PINNED_ENGLISH: Final = frozenset({"t_won_other", "t_won_both", "t_restarted_game"})
"""Entries whose English the table's older tests pin as it was written before the glossary
("its colour", "the palago"): the glossary's check leaves their English alone."""
