"""The messages of the table's page (:mod:`palago_tools.screens.table`): what its script says
(the server away, another device, the outbox's "Not sent yet" lines), what the board says to a
screen reader played from the keys, and the page a device gets without the token. Own: all
(the rulebooks name no message); the game's words in them are the rulebooks', as in the table's
other entries.
"""

from __future__ import annotations

from typing import Final

from ..languages import Lang

MESSAGES: Final[dict[str, dict[Lang, str]]] = {
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
}
"""The table page's messages."""
