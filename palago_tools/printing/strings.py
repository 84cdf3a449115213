"""Every translation the printed matter carries, in one shape: key → language → text, each key
in all four languages (:data:`~palago_tools.languages.LANGUAGES`), read with :func:`text`.

The score pads', the solution sheets' and the cards' strings, grouped by the sheets that print
them; the comments before each group name the rulebooks' words they follow and the languages
whose wording is ours ("own: …").
"""

from __future__ import annotations

from typing import Final

from ..languages import Lang
from ..screens import say

STRINGS: Final[dict[str, dict[Lang, str]]] = {
    # --- Score pads, match and game-record sheets
    #
    # The game's own words come from the rulebooks (shared/seeds: 000 EN, 001 RU, 003 FR, 004 HU):
    # Palagonia/Палагония/Palagonia/Palagónia, Pala-creature/Пала-тварь/créature/palánta,
    # shells/оболочки/boucles/hurkok, limbs/конечности/pattes/lábak, player/игрок/joueur/játékos,
    # turn/ход/tour/lépés, double/дубль/double/dupla, extra turn/дополнительный ход/tour
    # supplémentaire/extra lépés, removal/удаление/retrait/Elvétel,
    # rotation/поворот/rotation/Forgatás, points/очки/points/pont, clockwise/по часовой стрелке/sens
    # des aiguilles d'une montre/óramutató járása, draw/вничью/partie nulle. The Hungarian rulebook
    # covers Palagonia only, and no rulebook has a score pad, a match or a record sheet: each
    # entry's comment names the languages whose wording we made ourselves ("own: …").
    # own: HU
    "pad_title": {
        "EN": "Palagonia — score pad",
        "RU": "Палагония — запись очков",
        "FR": "Palagonia — feuille de score",
        "HU": "Palagónia — pontozólap",
    },
    # own: RU, FR, HU
    "continued": {
        "EN": "continued",
        "RU": "продолжение",
        "FR": "suite",
        "HU": "folytatás",
    },
    # own: all; the last page of a pad for two sets (6 to 10 players)
    "continuation": {
        "EN": "continuation sheet",
        "RU": "лист продолжения",
        "FR": "feuille de suite",
        "HU": "folytatólap",
    },
    "continuation_note": {
        "EN": "Print this page as often as the game needs: a removal puts its tile back into the "
        "bag, so no number of rows covers every game with two sets. Number its rows on from "
        "the page before and bring its totals forward.",
        "RU": "Печатайте эту страницу столько раз, сколько нужно игре: удаление возвращает фишку "
        "в мешочек, и никакого числа строк не хватит на любую игру с двумя наборами. "
        "Нумеруйте строки дальше предыдущей страницы и переносите её итоги.",
        "FR": "Imprimez cette page autant de fois que la partie le demande : un retrait remet sa "
        "tuile dans le sac, aucun nombre de lignes ne suffit donc à toutes les parties à deux "
        "jeux de tuiles. Numérotez ses lignes à la suite de la page précédente et reportez-en "
        "les totaux.",
        "HU": "Nyomtasd ki ezt az oldalt annyiszor, ahányszor a játék kívánja: az Elvétel "
        "visszateszi a lapkát a zsákba, így előre nem tudható, hány sor kell egy két készlettel "
        "játszott játékhoz. A sorokat az előző oldal után számozd tovább, és hozd át annak "
        "összegeit.",
    },
    # own: all but the words "date"
    "date": {"EN": "Date", "RU": "Дата", "FR": "Date", "HU": "Dátum"},
    # own: all
    "place": {"EN": "Place", "RU": "Место", "FR": "Lieu", "HU": "Helyszín"},
    # clockwise is the rulebooks' word; the sentence is ours in all four
    "seats": {
        "EN": "Players in seat order, clockwise",
        "RU": "Игроки по порядку мест, по часовой стрелке",
        "FR": "Joueurs dans l'ordre des places, dans le sens des aiguilles d'une montre",
        "HU": "Játékosok ülésrendben, az óramutató járása szerint",
    },
    "turn": {"EN": "Turn", "RU": "Ход", "FR": "Tour", "HU": "Lépés"},
    "points": {"EN": "points", "RU": "очки", "FR": "points", "HU": "pont"},
    # own: RU, FR, HU
    "total": {"EN": "Total", "RU": "Итого", "FR": "Total", "HU": "Összesen"},
    # own: all
    "brought": {
        "EN": "Brought forward",
        "RU": "Перенос",
        "FR": "Report",
        "HU": "Áthozat",
    },
    # own wording in all four; "extra turn", "double" are the rulebooks'
    "legend_extra": {
        "EN": "extra turn after a double: its points are not shared",
        "RU": "дополнительный ход после дубля: очки не делятся",
        "FR": "tour supplémentaire après un double : points non partagés",
        "HU": "extra lépés dupla után: a pontok nem oszlanak meg",
    },
    "legend_shared": {
        "EN": "shared points, written for the player before",
        "RU": "общие очки, записанные предшественнику",
        "FR": "points partagés, notés au joueur précédent",
        "HU": "megosztott pont, az előző játékosnak írva",
    },
    "legend_sum": {
        "EN": "running total",
        "RU": "сумма с начала игры",
        "FR": "total cumulé",
        "HU": "eddigi összeg",
    },
    "scoring": {
        "EN": "Scoring",
        "RU": "Подсчёт очков",
        "FR": "Décompte des points",
        "HU": "Pontozás",
    },
    # The scoring rules (docs/rules.md, "Scoring" and "End of the game"), in the rulebooks' terms.
    "rule_value": {
        "EN": "A Pala-creature closed by placing tiles scores 1 point per shell (the outer shell "
        "and each inner one) and 1 point per outer limb, if ALL the tiles placed that turn are "
        "part of it.",
        "RU": "Пала-тварь, замкнутая выставленными фишками, приносит 1 очко за каждую оболочку "
        "(внешнюю и каждую внутреннюю) и 1 очко за каждую внешнюю конечность, если ВСЕ "
        "выставленные за ход фишки составляют её тело.",
        "FR": "Une créature fermée en plaçant des tuiles vaut 1 point par boucle (la boucle "
        "externe et chaque boucle interne) et 1 point par patte externe, si TOUTES les tuiles "
        "jouées ce tour en font partie.",
        "HU": "A lapkák elhelyezésével bezárt palánta hurkonként (a külső és minden belső hurok) "
        "1 pontot és külső lábanként 1 pontot ér, ha a lépés során elhelyezett ÖSSZES lapka "
        "a palánta része.",
    },
    "rule_small": {
        "EN": "Figures worth 1–2 points, the Pala-virus among them, do not count.",
        "RU": "Фигуры в 1–2 очка, в том числе Пала-вирус, в зачёт не идут.",
        "FR": "Les créatures d'une valeur d'un ou deux points, dont le Palavirus, ne sont pas "
        "décomptées.",
        "HU": "Az 1–2 pontot érő alakzatok, köztük a Palavírus, nem számítanak.",
    },
    "rule_share": {
        "EN": "“You must share!”: the player before scores the same points, except for a "
        "Pala-creature closed in the extra turn after a double.",
        "RU": "«Надо делиться!»: те же очки записываются предшественнику, кроме замыкания "
        "фигуры во время дополнительного хода после дубля.",
        "FR": "Le joueur précédent reçoit le même nombre de points, sauf pour une créature "
        "complétée lors du tour supplémentaire après un double.",
        "HU": "Az előző játékos is ugyanannyi pontot kap, kivéve a dupla utáni extra lépés "
        "során bezárt palántáért.",
    },
    "rule_rotation": {
        "EN": "Rotation and removal never score.",
        "RU": "Поворот и удаление очков не приносят.",
        "FR": "Une rotation ou un retrait ne marque jamais de points.",
        "HU": "Forgatás és Elvétel után nem jár pont.",
    },
    "rule_end": {
        "EN": "The game ends when no tiles remain in the bag after a placement; the player with "
        "the greatest total wins.",
        "RU": "Игра заканчивается, когда после выставления в мешочке не осталось фишек; "
        "побеждает игрок с наибольшим суммарным количеством очков.",
        "FR": "La partie finit quand le sac est vide après un placement ; le joueur avec le plus "
        "haut score l'emporte.",
        "HU": "A játék véget ér, ha egy elhelyezés után nem maradt lapka; a legtöbb pontot "
        "gyűjtő játékos nyer.",
    },
    # own: all (the rulebooks have no match)
    "match_title": {
        "EN": "Palago — match sheet",
        "RU": "Палаго — протокол матча",
        "FR": "Palago — feuille de match",
        "HU": "Palago — mérkőzéslap",
    },
    "player": {"EN": "Player", "RU": "Игрок", "FR": "Joueur", "HU": "Játékos"},
    # own: RU, FR, HU
    "game": {"EN": "Game", "RU": "Партия", "FR": "Partie", "HU": "Játszma"},
    # the sides' names are the screens' (palago_tools.screens.side)
    # own: all
    "yellow_is": {
        "EN": "Yellow played by",
        "RU": "Жёлтыми играл",
        "FR": "Jaune joué par",
        "HU": "Sárgával játszott",
    },
    "first": {
        "EN": "Moved first",
        "RU": "Первый ход",
        "FR": "A commencé",
        "HU": "Kezdett",
    },
    "turns": {"EN": "Turns", "RU": "Ходов", "FR": "Tours", "HU": "Lépések"},
    "result": {"EN": "Result", "RU": "Результат", "FR": "Résultat", "HU": "Eredmény"},
    "notes": {"EN": "Notes", "RU": "Примечания", "FR": "Remarques", "HU": "Megjegyzés"},
    "match_total": {
        "EN": "Match total",
        "RU": "Итог матча",
        "FR": "Total du match",
        "HU": "A mérkőzés összesen",
    },
    "match_legend": {
        "EN": "Result as in the notation (Yellow–Blue): 1-0 Yellow wins, 0-1 Blue wins, "
        "1/2-1/2 draw. Points: a win 1, a draw ½ to each player.",
        "RU": "Результат как в нотации (жёлтые–синие): 1-0 победа жёлтых, 0-1 победа синих, "
        "1/2-1/2 ничья. Очки: победа 1, ничья ½ каждому.",
        "FR": "Résultat comme dans la notation (Jaune–Bleu) : 1-0 Jaune gagne, 0-1 Bleu gagne, "
        "1/2-1/2 partie nulle. Points : victoire 1, partie nulle ½ à chacun.",
        "HU": "Eredmény a jelölés szerint (Sárga–Kék): 1-0 Sárga nyer, 0-1 Kék nyer, "
        "1/2-1/2 döntetlen. Pont: győzelem 1, döntetlen ½ mindkettőnek.",
    },
    "record_palago": {
        "EN": "Palago — game record",
        "RU": "Палаго — запись партии",
        "FR": "Palago — relevé de partie",
        "HU": "Palago — játszmalap",
    },
    "record_palagonia": {
        "EN": "Palagonia — game record",
        "RU": "Палагония — запись партии",
        "FR": "Palagonia — relevé de partie",
        "HU": "Palagónia — játszmalap",
    },
    # own: all (the notation is ours)
    "token": {
        "EN": "Tile: cell q,r and the letter of the corner its yellow tip points to: "
        "R (right) upper right, L (left) upper left, D (down) at the bottom; e.g. 0,0R",
        "RU": "Фишка: клетка q,r и буква угла, куда смотрит её жёлтый кончик, — первая буква "
        "английского слова: R (right) вверху справа, L (left) вверху слева, D (down) внизу; "
        "напр. 0,0R",
        "FR": "Tuile : case q,r puis la lettre du coin de son sommet jaune, initiale d’un mot "
        "anglais : R (right) en haut à droite, L (left) en haut à gauche, D (down) en bas ; "
        "ex. 0,0R",
        "HU": "Lapka: q,r mező, majd a sárga sarok helyének betűje, egy angol szó kezdőbetűje: "
        "R (right) jobbra fent, L (left) balra fent, D (down) lent; pl. 0,0R",
    },
    "turn_palagonia": {
        "EN": "Turn: N. [a b] and the chosen die: 3: three tiles · x cell (removal) · "
        "@ tile (rotation). Extra turn after a double: N+.",
        "RU": "Ход: N. [a b] и выбранный кубик: 3: три фишки · x клетка (удаление) · "
        "@ фишка (поворот). Дополнительный ход после дубля: N+.",
        "FR": "Tour : N. [a b] puis le dé choisi : 3: trois tuiles · x case (retrait) · "
        "@ tuile (rotation). Tour supplémentaire après un double : N+.",
        "HU": "Lépés: N. [a b] és a választott kocka: 3: három lapka · x mező (Elvétel) · "
        "@ lapka (Forgatás). Extra lépés dupla után: N+.",
    },
    "turn_palago": {
        "EN": "Turn: N. and the two tiles placed; the game ends with 1-0, 0-1 or 1/2-1/2.",
        "RU": "Ход: N. и две выставленные фишки; в конце 1-0, 0-1 или 1/2-1/2.",
        "FR": "Tour : N. puis les deux tuiles posées ; la partie finit par 1-0, 0-1 ou 1/2-1/2.",
        "HU": "Lépés: N. és a két elhelyezett lapka; a játszma végén 1-0, 0-1 vagy 1/2-1/2.",
    },
    "start": {
        "EN": "0. Start: one die per player in seat order, then the starter's tiles",
        "RU": "0. Начало: по кубику на игрока по порядку мест, затем фишки начинающего",
        "FR": "0. Début : un dé par joueur dans l'ordre des places, puis les tuiles du premier",
        "HU": "0. Kezdés: játékosonként egy kocka ülésrendben, majd a kezdő lapkái",
    },
    "final_scores": {
        "EN": "Final scores in seat order",
        "RU": "Итоговые очки по порядку мест",
        "FR": "Scores finaux dans l'ordre des places",
        "HU": "Végeredmény ülésrendben",
    },
    "tiles": {"EN": "Tiles", "RU": "Фишек", "FR": "Tuiles", "HU": "Lapkák"},
    "axis_q": {"EN": "q: east", "RU": "q: на восток", "FR": "q : vers l'est", "HU": "q: kelet"},
    "axis_r": {
        "EN": "r: south-east",
        "RU": "r: на юго-восток",
        "FR": "r : vers le sud-est",
        "HU": "r: délkelet",
    },
    # --- Solution sheets
    #
    # From the rulebooks (shared/seeds: 000 EN, 001 RU, 003 FR, 004 HU): Palalaboratory and
    # Палаборатория, "green tasks"/«зеленые задачи», ↔ and Δ with their meaning (tiles to move,
    # tiles to add), transformation/превращение, shells/оболочки/boucles/hurkok and
    # limbs/конечности/pattes/lábak. The rulebooks print no solutions, so every heading and note
    # here is our wording; each entry's comment names the languages whose words we made ourselves
    # ("own: …").
    # own: FR "Palalaboratoire", HU "Palalaboratórium" (their rulebooks do not name the puzzles);
    # "solutions" is ours in all four
    "solutions_title": {
        "EN": "Palalaboratory — solutions",
        "RU": "Палаборатория — решения",
        "FR": "Palalaboratoire — solutions",
        "HU": "Palalaboratórium — megoldások",
    },
    # own: all
    "solutions_intro": {
        "EN": "Each Pala-creature as tiles: its shells heavy (the outer shell solid, inner shells "
        "dashed), the other color pale, the cell q,r on each tile's centre, the color and the "
        "score, and the tiles as tokens (cell and R, L or D, the corner its yellow tip points to).",
        "RU": "Каждая Пала-тварь из фишек: её оболочки жирной линией (внешняя сплошной, "
        "внутренние пунктиром), другой цвет бледным, клетка q,r в центре каждой фишки, цвет и "
        "очки, и фишки в нотации (клетка и R, L или D — угол, куда смотрит жёлтый кончик).",
        "FR": "Chaque créature en tuiles : ses boucles en gras (l’externe en trait plein, les "
        "internes en tirets), l’autre couleur pâle, la case q,r au centre de chaque tuile, la "
        "couleur et les points, et les tuiles en notation (case puis R, L ou D, le coin du sommet "
        "jaune).",
        "HU": "Minden palánta lapkákból: hurkai vastagon (a külső folytonos, a belsők "
        "szaggatott vonallal), a másik szín halványan, minden lapka közepén a q,r mezője, a szín "
        "és a pontszám, és a lapkák jelöléssel (mező, majd R, L vagy D, a sárga sarok "
        "helye).",
    },
    # own: RU "фишек: n" form, FR, HU
    # a card's number where its name is missing and on the puzzle cards: № as the RU rulebook
    # writes "карточка № 1", n° as French typography writes it (a no-break space after both), and
    # the Hungarian ordinal with its full stop
    "card_number": {"EN": "#{n}", "RU": "№ {n}", "FR": "n° {n}", "HU": "{n}."},
    # the game's name above the card back's hexagon: the RU rulebook and sheets write Палаго
    "back_word": {"EN": "Palago", "RU": "Палаго", "FR": "Palago", "HU": "Palago"},
    # a match-sheet column of one player's points; HU puts the owner first with its article
    # ("az A pontja", "a B pontja"; :func:`palago_tools.glossary.article`)
    "points_of": {
        "EN": "points {who}",
        "RU": "очки {who}",
        "FR": "points {who}",
        "HU": "{the} {who} pontja",
    },
    # own: all
    "solutions_score": {"EN": "Score", "RU": "Очки", "FR": "Points", "HU": "Pontszám"},
    # the colour of the solved creature is the screens' (palago_tools.screens.coloured_creature)
    "solutions_tokens": {"EN": "Tiles", "RU": "Фишки", "FR": "Tuiles", "HU": "Lapkák"},
    # "green tasks" is the rulebooks' (EN, RU); own: FR, HU
    "green_title": {
        "EN": "Green tasks: transforming one Pala-creature into another",
        "RU": "Зелёные задачи: превращение одной Пала-твари в другую",
        "FR": "Tâches vertes : transformer une créature en une autre",
        "HU": "Zöld feladatok: egy palánta átalakítása egy másikká",
    },
    # the meaning of ↔ and Δ is the rulebooks'; the sentence is ours in all four
    "green_key": {
        "EN": "↔ tiles to move (turn in place or put elsewhere), Δ new tiles to add. "
        "Ours are computed: the fewest moves over every way of laying one Pala-creature on the "
        "other (turned, mirrored, shifted).",
        "RU": "↔ сколько фишек сместить (повернуть или переложить), Δ сколько новых фишек "
        "прибавить. Наши числа вычислены: наименьшее число перемещений по всем способам "
        "наложить одну фигуру на другую (с поворотом, отражением, сдвигом).",
        "FR": "↔ tuiles à déplacer (tourner sur place ou poser ailleurs), Δ nouvelles tuiles à "
        "ajouter. Les nôtres sont calculés : le moins de déplacements sur toutes les façons de "
        "poser une créature sur l'autre (tournée, retournée, décalée).",
        "HU": "↔ áthelyezendő lapkák (helyben forgatva vagy máshová téve), Δ hozzáadandó új "
        "lapkák. A mieink számítottak: a legkevesebb áthelyezés az egyik palánta a másikra "
        "fektetésének minden módja közül (forgatva, tükrözve, eltolva).",
    },
    # own: all
    "solutions_chain": {
        "EN": "The chain of cards 1 → 2 → … → 12",
        "RU": "Цепочка карточек 1 → 2 → … → 12",
        "FR": "La chaîne des cartes 1 → 2 → … → 12",
        "HU": "A kártyák láncolata 1 → 2 → … → 12",
    },
    # "12 more green tasks" is the rulebooks' (EN, RU); the FR and HU rulebooks have no green
    # tasks, so their sheets name the rulebooks the table comes from
    "solutions_extra": {
        "EN": "The rulebook's 12 extra green tasks",
        "RU": "Ещё 12 «зелёных задач» из правил",
        "FR": "Les 12 tâches vertes supplémentaires des règles anglaise et russe",
        "HU": "Az angol és az orosz szabálykönyv 12 további zöld feladata",
    },
    # own: all but RU «превращение» (the Russian table's heading)
    "solutions_step": {"EN": "Step", "RU": "Шаг", "FR": "Étape", "HU": "Lépés"},
    "solutions_transformation": {
        "EN": "Transformation",
        "RU": "Превращение",
        "FR": "Transformation",
        "HU": "Átalakítás",
    },
    "solutions_ours": {"EN": "ours", "RU": "наше", "FR": "calculé", "HU": "mienk"},
    "solutions_rulebook": {"EN": "rulebook", "RU": "правила", "FR": "règle", "HU": "szabály"},
    "solutions_differs": {
        "EN": "* our computed ↔ differs from the rulebook's: with a 6-tile worm (card 1 + 1 tile, "
        "as the rulebook's walk through the chain requires) both 8-tile Pala-creatures are 1 move "
        "away from it.",
        "RU": "* наше вычисленное ↔ расходится с правилами: при черве из 6 фишек (карточка 1 + "
        "1 фишка, как требует разбор цепочки в правилах) обе фигуры из 8 фишек отстоят от него "
        "на 1 перемещение.",
        "FR": "* notre ↔ calculé diffère de celui des règles anglaise et russe : avec un ver de "
        "6 tuiles (carte 1 + 1 tuile, comme l'exige la chaîne qu'elles décrivent) les deux "
        "créatures de 8 tuiles sont à 1 déplacement de lui.",
        "HU": "* a számított ↔ eltér az angol és az orosz szabálykönyvétől: a 6 lapkás "
        "gilisztától (1. kártya + 1 lapka, ahogy e szabálykönyvek lánca kívánja) mindkét 8 lapkás "
        "palánta 1 áthelyezésnyire van.",
    },
    "solutions_differs_short": {
        "EN": "* our computed ↔ differs from the rulebook's.",
        "RU": "* наше вычисленное ↔ расходится с правилами.",
        "FR": "* notre ↔ calculé diffère de celui des règles anglaise et russe.",
        "HU": "* a számított ↔ eltér az angol és az orosz szabálykönyvétől.",
    },
    "solutions_missing": {
        "EN": "—: no such card in this catalog",
        "RU": "—: такой карточки нет в этом каталоге",
        "FR": "— : pas de telle carte dans ce catalogue",
        "HU": "—: nincs ilyen kártya ebben a katalógusban",
    },
    # --- Every sheet: the PDF's subject, the word before a page number in the footer
    "subject": {
        "EN": "Palago tile game: printed matter",
        "RU": "Игра Палаго: материалы для печати",
        "FR": "Jeu de tuiles Palago : documents à imprimer",
        "HU": "Palago lapkajáték: nyomtatható lapok",
    },
    "page": {
        "EN": "page {page}/{pages}",
        "RU": "стр. {page}/{pages}",
        "FR": "page {page}/{pages}",
        "HU": "{page}/{pages}. oldal",
    },
    # the subject of a rulebook figure's PDF
    "figure_subject": {
        "EN": "Palago rulebook figure",
        "RU": "Иллюстрация к правилам Палаго",
        "FR": "Figure des règles de Palago",
        "HU": "Ábra a Palago szabályaihoz",
    },
    # --- Cards: the back's title (as the solution sheets name the puzzles), the layouts
    "back_title": {
        "EN": "Palalaboratory",
        "RU": "Палаборатория",
        "FR": "Palalaboratoire",
        "HU": "Palalaboratórium",
    },
    "fronts_sheet": {
        "EN": "Fronts, sheet {n}",
        "RU": "Лицевые стороны, лист {n}",
        "FR": "Recto, feuille {n}",
        "HU": "Előlapok, {n}. ív",
    },
    "backs_sheet": {
        "EN": "Backs, sheet {n}",
        "RU": "Обороты, лист {n}",
        "FR": "Verso, feuille {n}",
        "HU": "Hátlapok, {n}. ív",
    },
    "duplex_title": {
        "EN": "Duplex test",
        "RU": "Проверка двусторонней печати",
        "FR": "Test recto verso",
        "HU": "Kétoldalas próba",
    },
    "duplex_subject": {
        "EN": "Print both pages double-sided, flipping on the {edge}, at 100 %",
        "RU": ("Напечатайте обе страницы с двух сторон, переворот {edge}, в масштабе 100 %"),
        "FR": "Imprimez les deux pages en recto verso, retournement {edge}, à 100 %",
        "HU": "Nyomtasd ki a két oldalt kétoldalasan, {edge} menti fordítással, 100 %-os méretben",
    },
    # The edge the printer flips a duplex sheet on: the long one of a portrait sheet, the short
    # one of a landscape sheet (both turn it over about its vertical axis). Ours, in all four.
    "edge_long": {
        "EN": "long edge",
        "RU": "по длинному краю",
        "FR": "sur le bord long",
        "HU": "hosszú él",
    },
    "edge_short": {
        "EN": "short edge",
        "RU": "по короткому краю",
        "FR": "sur le bord court",
        "HU": "rövid él",
    },
    "duplex_front": {
        "EN": "Duplex test — front",
        "RU": "Проверка двусторонней печати — лицо",
        "FR": "Test recto verso — recto",
        "HU": "Kétoldalas próba — elöl",
    },
    "duplex_back": {
        "EN": "Duplex test — back",
        "RU": "Проверка двусторонней печати — оборот",
        "FR": "Test recto verso — verso",
        "HU": "Kétoldalas próba — hátul",
    },
    "duplex_note": {
        "EN": "Print both pages double-sided, flipping on the {edge}, at 100 %. Hold the sheet "
        "against the light with this side away from you and read on the back's scales where "
        "this page's cross lies: X millimetres right (+) or left (−), Y down (+) or up (−). "
        "Build the cards with --duplex-offset X,Y to move the backs by as much.",
        "RU": "Напечатайте обе страницы с двух сторон, переворот {edge}, в масштабе "
        "100 %. Посмотрите лист на свет, повернув к себе оборот, и прочтите по шкалам оборота, "
        "где лежит крест этой страницы: X мм вправо (+) или влево (−), Y вниз (+) или вверх "
        "(−). Соберите карточки с --duplex-offset X,Y, чтобы сдвинуть обороты на столько же.",
        "FR": "Imprimez les deux pages en recto verso, retournement {edge}, à 100 %. "
        "Regardez la feuille à contre-jour, le verso vers vous, et lisez sur ses échelles où "
        "tombe la croix de cette page : X millimètres à droite (+) ou à gauche (−), Y en bas "
        "(+) ou en haut (−). Fabriquez les cartes avec --duplex-offset X,Y pour décaler les "
        "versos d’autant.",
        "HU": "Nyomtasd ki a két oldalt kétoldalasan, {edge} menti fordítással, 100 %-os "
        "méretben. Tartsd a lapot a fény felé, a hátoldallal magad felé, és olvasd le a "
        "hátoldal skáláin, hol van ennek az oldalnak a keresztje: X milliméter jobbra (+) vagy "
        "balra (−), Y lefelé (+) vagy felfelé (−). A kártyákat a --duplex-offset X,Y "
        "kapcsolóval készítsd el, hogy a hátlapok ennyivel elmozduljanak.",
    },
    "die_line": {
        "EN": "Die line: trim with {r} mm corners, safe zone dashed (not for print)",
        "RU": "Линия вырубки: обрез со скруглением {r} мм, безопасная зона пунктиром (не печатать)",
        "FR": "Forme de découpe : coupe à coins de {r} mm, zone de sécurité en tirets (ne pas "
        "imprimer)",
        "HU": "Stancvonal: vágás {r} mm-es sarkokkal, biztonsági zóna szaggatottan "
        "(nem nyomtatandó)",
    },
    "cards_title": {
        "EN": "Palalaboratory cards",
        "RU": "Карточки Палаборатории",
        "FR": "Cartes Palalaboratoire",
        "HU": "Palalaboratórium-kártyák",
    },
    # the print-shop PDFs' titles: the home sheets' title, a dash and this
    "shop_suffix": {
        "EN": "print shop",
        "RU": "для типографии",
        "FR": "imprimeur",
        "HU": "nyomdának",
    },
    "cards_subject": {
        "EN": "{n} Pala-creature cards and their back",
        "RU": "Пала-твари: {n} карточек и рубашка",
        "FR": "{n} cartes de créatures et leur verso",
        "HU": "{n} palántakártya és a hátlapjuk",
    },
    # --- Tactic puzzle cards
    "to_play_yellow": {
        "EN": "Yellow to play and win",
        "RU": "Жёлтые начинают и выигрывают",
        "FR": "Jaune joue et gagne",
        "HU": "Sárga lép és nyer",
    },
    "to_play_blue": {
        "EN": "Blue to play and win",
        "RU": "Синие начинают и выигрывают",
        "FR": "Bleu joue et gagne",
        "HU": "Kék lép és nyer",
    },
    "in_1_turn": {
        "EN": "in one turn",
        "RU": "за один ход",
        "FR": "en un tour",
        "HU": "egy lépésben",
    },
    "in_2_turns": {
        "EN": "in two turns",
        "RU": "за два хода",
        "FR": "en deux tours",
        "HU": "két lépésben",
    },
    # the backs give the answer as a drawing only: the fronts show no coordinates
    "solution": {"EN": "Solution", "RU": "Решение", "FR": "Solution", "HU": "Megoldás"},
    "solution_key_1": {
        "EN": "The winning turn: the faint tiles on the circles",
        "RU": "Выигрывающий ход: бледные фишки в кружках",
        "FR": "Le tour gagnant : les tuiles pâles dans les cercles",
        "HU": "A nyerő lépés: a halvány lapkák a karikákon",
    },
    "solution_key_2": {
        "EN": "The faint tiles on the circles; the crosses: the threats they make",
        "RU": "Бледные фишки в кружках; крестики — угрозы, которые они создают",
        "FR": "Les tuiles pâles dans les cercles ; les croix : les menaces qu’elles créent",
        "HU": "A halvány lapkák a karikákon; a keresztek: az általuk nyitott fenyegetések",
    },
    # a win in two whose move makes one threat: why blocking it fails, drawn below the board
    "blocks_open": {
        "EN": "Each block at the cross opens another win:",
        "RU": "Любое перекрытие на крестике открывает другой выигрыш:",
        "FR": "Toute parade sur la croix ouvre un autre gain :",
        "HU": "A kereszt minden elzárása újabb nyerő lépést nyit:",
    },
    "puzzles_title": {
        "EN": "Palago tactic puzzles",
        "RU": "Тактические задачи Палаго",
        "FR": "Problèmes tactiques de Palago",
        "HU": "Palago taktikai feladványok",
    },
    # own: all; the puzzles' common back, which Tabletop Simulator shows for a hidden puzzle card
    # (each card's own back is its answer)
    "puzzles_back": {
        "EN": "Tactic puzzles",
        "RU": "Тактические задачи",
        "FR": "Problèmes tactiques",
        "HU": "Taktikai feladványok",
    },
    "puzzles_subject": {
        "EN": "{n} puzzles, to play and win, the answers on the backs",
        "RU": "{n} задач «начинают и выигрывают», решения на оборотах",
        "FR": "{n} problèmes « joue et gagne », les solutions au verso",
        "HU": "{n} „lép és nyer” feladvány, a megoldások a hátlapokon",
    },
}


def shop_title(key: str, lang: str) -> str:
    """The title ``key`` of a home-printing PDF made the print shop's: ``"… — print shop"``."""
    return f"{text(key, lang)} — {text('shop_suffix', lang)}"


def text(key: str, lang: str) -> str:
    """The string ``key`` in ``lang``, its punctuation spaced as that language sets it: the
    screens' :func:`~palago_tools.screens.say` over :data:`STRINGS` (its fields left for the
    caller to fill in)."""
    return say(key, lang, STRINGS)
