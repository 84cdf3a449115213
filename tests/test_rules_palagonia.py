"""Palagonia rules, one test per rule, quoting the rulebooks (EN ``000_…``, FR ``003_…``,
HU ``004_…``)."""

from __future__ import annotations

import random

import pytest

from palago_tools.core.position import Position
from palago_tools.core.tiles import Orientation, Tile
from palago_tools.errors import GameOverError, IllegalMoveError
from palago_tools.rules import (
    Die,
    Palagonia,
    PalagoniaOptions,
    PlaceAction,
    RemoveAction,
    RollOff,
    RotateAction,
    player_count_advice,
    random_palagonia_game,
    starter_from_rolls,
)

D2, D3, D4, D5, X, ROT = Die.TWO, Die.THREE, Die.FOUR, Die.FIVE, Die.REMOVE, Die.ROTATE

# A tripod (1 loop + 3 legs = 4 points) in two halves: five tiles, then four that close it.
TRIPOD_A = "-1,0R 0,-1D 0,0D 0,1R 1,-1L"
TRIPOD_B = "1,0R 1,1L 2,-2D 2,-1L"
# The same tripod split so that the two closing tiles lie apart from each other.
APART_MIDDLE = "1,0R 2,-1L"
APART_LAST = "1,1L 2,-2D"
# Five tiles round 0,0 and the two that make it an inner tile.
FLOWER = "0,0R 1,0L 1,-1D 0,-1R -1,0L"
FLOWER_CLOSE = "-1,1D 0,1R"


def tiles(text: str) -> tuple[Tile, ...]:
    return tuple(Tile.parse(t) for t in text.split())


def started(first: str = TRIPOD_A, players: int = 3, bag: int = 48) -> Palagonia:
    """Seat 0 won the roll-off with the die matching ``first``; seat 1 is to play."""
    game = Palagonia(players, PalagoniaOptions(tiles=bag))
    placed = tiles(first)
    game.start(0, Die(str(len(placed))), placed)
    return game


def expect(
    rule: str, message: str, game: Palagonia, roll: tuple[Die, Die], die: Die | None, action: object
) -> None:
    with pytest.raises(IllegalMoveError) as caught:
        game.play(roll, die, action)  # type: ignore[arg-type]
    assert (caught.value.rule, str(caught.value)) == (rule, message)


def test_three_to_ten_players_or_one_with_any_supply() -> None:
    """EN, FR, HU (Palagonia, opening paragraph): at least three players, and a second set is
    recommended above five. RU (the overview): two sets for 6 to 10 players. EN (Palagonia as a
    Solitaire Game): the same rules without partners."""
    for players in (1, 3, 5, 6, 10):
        Palagonia(players)
    Palagonia(10, PalagoniaOptions(tiles=96))
    with pytest.raises(IllegalMoveError) as two:
        Palagonia(2)
    assert str(two.value) == (
        "Palagonia needs 3 or more players (or 1 for solitaire), not 2; two players play Palago"
    )
    with pytest.raises(IllegalMoveError) as eleven:
        Palagonia(11)
    assert (
        str(eleven.value)
        == "Palagonia is played by 3 to 10 players (or 1 for solitaire), not by 11"
    )
    assert player_count_advice(5, 48) is None and player_count_advice(6, 96) is None
    assert player_count_advice(6, 48) == (
        "6 players with a bag of 48 tiles: the rulebooks advise a second set of tiles for more "
        "than five players"
    )


def test_the_player_who_rolled_the_highest_number_starts() -> None:
    """EN (Start of the Game): each player rolls one die, the highest number starts, and if nobody
    rolled a number everyone rolls again. HU (A játék kezdete): the players tied for the highest
    number roll again."""
    assert starter_from_rolls([(D2, D5, D3)], 3) == (1, D5)
    assert starter_from_rolls([(X, ROT, X), (D4, D4, D2), (D3, D5)], 3) == (1, D5)
    with pytest.raises(
        IllegalMoveError, match="does not decide who starts: the highest number is tied"
    ):
        starter_from_rolls([(D4, D4, D2)], 3)
    with pytest.raises(
        IllegalMoveError, match="does not decide who starts: nobody rolled a number"
    ):
        starter_from_rolls([(X, ROT, X)], 3)
    with pytest.raises(IllegalMoveError) as tied:
        starter_from_rolls([(D4, D4, D2), (D3, D5, D2)], 3)
    assert str(tied.value) == (
        "start roll round 2 has 3 dice where 2 are rolled: "
        "round 1 tied for the highest number, so only the tied players roll again"
    )
    with pytest.raises(IllegalMoveError, match="follows round 1, which decided who starts"):
        starter_from_rolls([(D2, D5, D3), (D2, D5, D3)], 3)


def test_after_a_round_without_numbers_everyone_rolls_again() -> None:
    """EN (Start of the Game): "everyone rolls again" when nobody rolled a number, also when the
    round without numbers was a re-roll of tied players."""
    assert starter_from_rolls([(D5, D2, D5), (X, ROT), (D3, D4, D2)], 3) == (1, D4)
    with pytest.raises(IllegalMoveError) as only_tied:
        starter_from_rolls([(D5, D2, D5), (X, ROT), (D3, D4)], 3)
    assert str(only_tied.value) == (
        "start roll round 3 has 2 dice where 3 are rolled: round 2 had no number, so everyone "
        "rolls again"
    )
    roll_off = RollOff(3)
    roll_off.roll((D5, D2, D5))
    assert roll_off.contenders == [0, 2]
    roll_off.roll((X, ROT))
    assert roll_off.contenders == [0, 1, 2]


def test_the_starter_draws_as_many_tiles_as_rolled_and_places_them() -> None:
    """EN: "That player draws as many tiles as the number rolled and places them on the playing
    surface in one turn." and "After the first player, all following players take their turns
    clockwise."."""
    game = started()
    assert game.bag == 43 and game.player == 1
    with pytest.raises(IllegalMoveError, match="the start die shows 4; 5 tiles were laid"):
        Palagonia(3).start(0, D4, tiles(TRIPOD_A))
    with pytest.raises(IllegalMoveError, match="the first tiles must be joined to each other"):
        Palagonia(3).start(0, D2, tiles("0,0R 3,0L"))


def test_the_start_draws_from_the_bag() -> None:
    """EN (Start of the Game): the starter draws as many tiles as the number rolled. A start
    larger than the bag cannot be drawn; a start that empties the bag ends the game (EN, End of
    the Game: no tiles left in the bag)."""
    with pytest.raises(IllegalMoveError) as caught:
        Palagonia(3, PalagoniaOptions(tiles=3)).start(0, D5, tiles(TRIPOD_A))
    assert (caught.value.rule, str(caught.value)) == (
        "start",
        "the start die shows 5 but the bag holds only 3 tiles; the starter draws as many tiles as "
        "the die shows",
    )
    game = Palagonia(3, PalagoniaOptions(tiles=5))
    turn = game.start(1, D5, tiles(TRIPOD_A))
    assert (turn.number, turn.player, turn.game_over) == (0, 1, True)
    assert game.over and game.bag == 0 and game.scores == [0, 0, 0]
    with pytest.raises(GameOverError, match="the bag is empty"):
        game.play((D2, D3), D2, PlaceAction(tiles("-2,0R -2,1L")))


def test_a_turn_rolls_two_dice_chooses_one_and_performs_its_action() -> None:
    """EN: "roll two dice, choose one of the dice, perform the action indicated on it."."""
    game = started()
    turn = game.play((D2, X), D2, PlaceAction(tiles("-2,0R -2,1L")))
    assert turn.player == 1 and game.player == 2 and game.bag == 41
    expect(
        "die-not-rolled",
        "die 4 was not rolled (2 and 3)",
        game,
        (D2, D3),
        D4,
        PlaceAction(tiles("3,0R")),
    )
    expect(
        "action-matches-die",
        "the chosen die shows remove; the action must be to remove a tile",
        game,
        (X, D3),
        X,
        PlaceAction(tiles("3,0R")),
    )
    expect(
        "place-count",
        "the chosen die shows 3; 2 tiles were placed",
        game,
        (X, D3),
        D3,
        PlaceAction(tiles("-3,1R -3,2L")),
    )


def test_removal_takes_an_outer_tile_back_into_the_bag() -> None:
    """EN: "removal: remove an outer tile (one with at least one side open)". FR FAQ: "Que faire
    des tuiles retirées ? R: Elles retournent dans le sac." HU FAQ: a tile bordered by five
    others counts as outer."""
    game = started()
    game.play((X, D2), X, RemoveAction((-1, 0)))
    assert (-1, 0) not in game.tiles and game.bag == 44


def test_removal_never_splits_the_palago_nor_leaves_a_hole() -> None:
    """FR FAQ: "Peut-on couper le Palago en deux en retirant une tuile ? R: Non, le Palago est
    indivisible." and "Peut -on retirer une tuile du Palago en laissant un trou au milieu ?
    R: Jamais !"."""
    game = started("0,0R 1,0L 2,0D")
    expect(
        "removal",
        "removing the tile on 1,0 would split the palago",
        game,
        (X, D2),
        X,
        RemoveAction((1, 0)),
    )
    expect("removal", "cell 9,9 holds no tile to remove", game, (X, D2), X, RemoveAction((9, 9)))
    flower = started(FLOWER)
    flower.play((D2, X), D2, PlaceAction(tiles(FLOWER_CLOSE)))
    expect(
        "removal",
        "the tile on 0,0 is an inner tile; only an outer tile may be removed",
        flower,
        (X, D2),
        X,
        RemoveAction((0, 0)),
    )


def test_rotation_turns_an_inner_tile_to_another_orientation() -> None:
    """EN: "rotation: rotate an inner tile (one surrounded by tiles on all sides)". FR FAQ: a tile
    just turned may not be turned back to where it was: it must change."""
    game = started(FLOWER)
    game.play((D2, X), D2, PlaceAction(tiles(FLOWER_CLOSE)))
    assert game.inner_tiles() == [(0, 0)]
    game.play((ROT, D2), ROT, RotateAction((0, 0), Orientation.D))
    assert game.tiles[(0, 0)] == Orientation.D.tip
    expect(
        "rotation",
        "the tile on 0,0 already points D; it must turn to one of its two other orientations",
        game,
        (ROT, D2),
        ROT,
        RotateAction((0, 0), Orientation.D),
    )
    expect(
        "rotation",
        "the tile on 1,0 is an outer tile; only an inner tile may turn",
        game,
        (ROT, D2),
        ROT,
        RotateAction((1, 0), Orientation.D),
    )


def test_there_is_no_choice_if_one_die_cannot_act() -> None:
    """EN basic rule 4: "There is no choice of action if it cannot be performed on one of the
    dice." FR: "Si le résultat de l'un des dés ne peut être appliqué, l'autre doit l'être."."""
    game = started()
    expect(
        "impossible-die",
        "the rotate die cannot act: there is no inner tile",
        game,
        (ROT, D2),
        ROT,
        RotateAction((0, 0), Orientation.R),
    )
    expect(
        "forced-choice",
        "with rotate and 2 rolled the 2 die can be used; a free removal is only for when neither "
        "die can act",
        game,
        (ROT, D2),
        None,
        RemoveAction((-1, 0)),
    )


def test_if_both_actions_are_impossible_an_outer_tile_is_removed() -> None:
    """EN basic rule 4: "If both actions are impossible, the player must instead remove any one of
    the outer tiles." FR FAQ: "Que faire si les 2 dés indiquent une rotation, mais qu'il n'y a
    pas de tuiles interne ? R: Une tuile externe est retirée du Palago."."""
    game = started()
    turn = game.play((ROT, ROT), None, RemoveAction((-1, 0)))
    assert turn.die is None and game.bag == 44
    expect(
        "forced-removal",
        "neither rotate and rotate can act, so the turn must remove an outer tile",
        game,
        (ROT, ROT),
        None,
        PlaceAction(tiles("3,0R")),
    )


def test_a_turn_passes_only_when_nothing_can_be_done() -> None:
    """FR FAQ and HU FAQ: a turn may not be passed; a die is used if it can be, otherwise an
    outer tile is removed."""
    game = started(bag=9)
    expect(
        "pass",
        "with 5 and 3 rolled the 3 die can be used; a turn passes only when neither die can act "
        "and no outer tile can be removed",
        game,
        (D5, D3),
        None,
        None,
    )
    expect(
        "pass",
        "neither 5 and rotate can act, so an outer tile must be removed; a turn passes only when "
        "not even that is possible",
        game,
        (D5, ROT),
        None,
        None,
    )


@pytest.mark.parametrize("seed", range(3))
def test_a_palago_without_holes_always_has_an_outer_tile_to_remove(seed: int) -> None:
    """Why a pass never happens: every palago that is not empty has an outer tile whose removal
    keeps it whole (docs/rules.md), checked at every turn of random games."""
    script = random_palagonia_game(
        random.Random(seed), players=3, options=PalagoniaOptions(tiles=30)
    )
    game = Palagonia(script.players, script.options)
    game.start(*starter_from_rolls(script.start_rolls, script.players), script.start_tiles)
    for move in script.turns:
        assert game.removable_tiles()
        assert move.action is not None
        game.play(move.roll, move.die, move.action)


def test_removals_that_empty_the_palago_restart_the_game() -> None:
    """FR FAQ (Palagonia FAQ, the last question) and HU FAQ (Kérdések és válaszok, the last
    question): when removals take every tile off the table, the game starts again."""
    game = started("0,0R 1,0L")
    game.play((X, D2), X, RemoveAction((0, 0)))
    assert not game.over
    turn = game.play((X, ROT), X, RemoveAction((1, 0)))
    assert turn.game_over and game.over and game.restarted and game.bag == 48
    with pytest.raises(GameOverError) as caught:
        game.play((D2, D3), D2, PlaceAction(tiles("0,0R 1,0L")))
    assert str(caught.value) == (
        "the game is over: removals emptied the palago, so the game starts again with a new "
        "roll-off (write it as a new record)"
    )
    forced = started("0,0R 1,0L")
    forced.play((X, D2), X, RemoveAction((1, 0)))
    forced.play((ROT, ROT), None, RemoveAction((0, 0)))
    assert forced.restarted


def test_placing_more_tiles_than_the_bag_holds_is_impossible() -> None:
    """EN: "If the number on the die is greater than this quantity, the action is considered
    impossible." and "if only 4 tiles remain and the dice show 3 and 5, then placing 3 tiles is
    the only possible move."."""
    game = started(bag=9)
    assert game.bag == 4
    expect(
        "impossible-die",
        "the 5 die cannot act: only 4 tiles are left in the bag",
        game,
        (D3, D5),
        D5,
        PlaceAction(tiles("1,0R 1,1L 2,-2D 2,-1L 3,-1R")),
    )
    game.play((D3, D5), D3, PlaceAction(tiles("1,0R 1,1L 2,-1L")))
    assert not game.over and game.bag == 1


def test_the_game_ends_when_a_die_equal_to_the_bag_is_placed() -> None:
    """EN: "The game ends when a number is rolled on a die equal to the number of tiles remaining
    in the bag." and "If both actions are possible, and one of the numbers equals the number of
    remaining tiles, it is up to you to decide whether to continue or end the game." and "When no
    tiles remain in the bag, the game ends and the player with the greatest total number of
    points wins."."""
    game = started(bag=9)
    game.play((D4, D2), D2, PlaceAction(tiles("-2,0R -2,1L")))
    assert not game.over and game.bag == 2
    game.play((D2, D3), D2, PlaceAction(tiles("-3,1R -3,2L")))
    assert game.over and game.bag == 0
    with pytest.raises(GameOverError, match="the bag is empty"):
        game.play((D2, D3), D2, PlaceAction(tiles("5,5R 5,6L")))
    assert game.winners() == [0, 1, 2]


def test_all_tiles_placed_in_a_turn_must_touch_each_other() -> None:
    """EN basic rule 1: "All tiles placed in one turn must touch each other."."""
    game = started()
    expect(
        "touch-each-other",
        "tiles -2,0R 2,-1R do not all touch each other; only tiles that together close a creature "
        "may lie apart",
        game,
        (D2, D3),
        D2,
        PlaceAction(tiles("-2,0R 2,-1R")),
    )
    assert len(game.tiles) == 5 and game.bag == 43  # nothing of the refused turn stays


def test_tiles_that_together_close_a_figure_may_lie_apart() -> None:
    """EN basic rule 1: "This rule is lifted if ALL these tiles together close a figure." and
    "Note that the two tiles in picture B need not touch each other (they close the
    creature)"."""
    game = started()
    game.play((D2, X), D2, PlaceAction(tiles(APART_MIDDLE)))
    turn = game.play((D2, X), D2, PlaceAction(tiles(APART_LAST)))
    assert turn.points == {2: 4, 1: 4} and game.scores == [0, 4, 4]


def test_placed_tiles_must_join_the_palago_and_leave_no_hole() -> None:
    """FR: "Le Palago ne doit jamais être divisé." FR FAQ: "En fait, peut-on créer un trou ?
    R: Dans Palagonia, non, dans Palago oui"."""
    game = started("0,0R 1,0L 2,0D 2,1R 1,2L")
    expect(
        "palago-connected",
        "tiles 5,5R 5,6L leave the palago in pieces; placed tiles must join the palago",
        game,
        (D2, D3),
        D2,
        PlaceAction(tiles("5,5R 5,6L")),
    )
    expect(
        "no-holes",
        "placing 0,2D -1,2R -1,1L leaves a hole at 0,1",
        game,
        (D2, D3),
        D3,
        PlaceAction(tiles("0,2D -1,2R -1,1L")),
    )


def test_a_birth_counts_when_all_tiles_placed_make_up_its_body_and_both_players_share() -> None:
    """EN basic rule 2: "The birth of a creature is registered if ALL the tiles placed in the turn
    make up its body." EN: "Points for a Pala-creature are recorded both for the current player
    and for the player before them." FR: "Lorsque qu'un jouer marque ses points, le joueur
    précédent reçoit le même nombre de points !"."""
    game = started()
    turn = game.play((D4, D2), D4, PlaceAction(tiles(TRIPOD_B)))
    assert [c.score for c in turn.scoring] == [4]
    assert turn.points == {1: 4, 0: 4} and game.scores == [4, 4, 0]


def test_a_creature_closed_without_all_the_tiles_placed_earns_nothing() -> None:
    """FR: "Les créatures fermées sans utiliser l'ensemble des tuiles à jouer ne sont pas
    décomptées." FR FAQ: "les tuiles non utilisées pour fermer la créature doivent être placées
    ailleurs, et la créature ne rapporte rien."."""
    game = started()
    turn = game.play((D5, D2), D5, PlaceAction(tiles(TRIPOD_B + " 3,-2R")))
    assert turn.completed and not turn.scoring and game.scores == [0, 0, 0]


def test_figures_worth_one_or_two_points_do_not_count() -> None:
    """EN: "Figures worth 1-2 points, including the Pala-virus (see the Palalaboratory section),
    do not count."."""
    game = started("0,0R 0,1L -1,0R -1,1R")
    turn = game.play((D2, X), D2, PlaceAction(tiles("0,-1D 1,-1L")))  # closes a virus: 1 point
    assert [c.score for c in turn.completed] == [1]
    assert turn.scoring == () and game.scores == [0, 0, 0]


def test_rotation_alone_earns_no_points() -> None:
    """EN basic rule 2: "A figure that arises from the merging of two other Pala-creatures by
    means of rotation alone earns no points." FR FAQ: "Si une rotation fait apparaitre une
    nouvelle créature, cela compte-il ? R: Non"."""
    game = started(FLOWER)
    game.play((D2, X), D2, PlaceAction(tiles(FLOWER_CLOSE)))
    for orientation in (Orientation.L, Orientation.D):
        turn = game.play((ROT, D2), ROT, RotateAction((0, 0), orientation))
        assert turn.points == {}
    assert game.scores == [0, 0, 0]


def test_a_double_gives_an_extra_turn_whose_creatures_are_not_shared() -> None:
    """EN basic rule 3: "Rolling a double (the same number or symbol on both dice) gives the right
    to an extra turn." EN: "The exception is closing a figure during the extra turn after rolling
    a double." FR: "Le joueur, obtenant un double, et qui complète une créature lors de son tour
    supplémentaire, ne marque des points que pour lui-même."."""
    game = started("-1,0R 0,-1D 0,0D")
    first = game.play((D3, D3), D3, PlaceAction(tiles("0,1R 1,0R 1,1L")))
    assert first.player == 1 and not first.extra and game.player == 1
    extra = game.play((D3, D2), D3, PlaceAction(tiles("1,-1L 2,-2D 2,-1L")))
    assert extra.player == 1 and extra.extra
    assert extra.points == {1: 4} and game.scores == [0, 4, 0]
    assert game.player == 2


def test_doubles_chain() -> None:
    """FR FAQ: "Que faire si un joueur obtient deux doubles de suite, ou plus ? R: Il continue,
    tant qu'il obtient un double." HU FAQ: as many extra turns as doubles."""
    game = started("-1,0R 0,-1D 0,0D")
    game.play((D3, D3), D3, PlaceAction(tiles("0,1R 1,0R 1,1L")))
    game.play((X, X), X, RemoveAction((0, 1)))
    assert game.player == 1 and game.extra


def test_the_doubled_turn_itself_is_shared() -> None:
    """The exception covers only the extra turn: a creature closed in the turn that rolled the
    double is shared as usual."""
    game = started()
    turn = game.play((D4, D4), D4, PlaceAction(tiles(TRIPOD_B)))
    assert turn.points == {1: 4, 0: 4}


def test_solitaire_has_no_sharing_and_may_double_catalog_creatures() -> None:
    """EN: "You can also play Palagonia without partners, using the same rules, except that all
    the tiles are yours." FR: "Si, lors de votre partie, vous avez la visite amicale d'une
    créature Palagonienne n'hésitez pas à doubler vos points pour celle-ci."."""
    solo = Palagonia(1)
    solo.start(0, D5, tiles(TRIPOD_A))
    solo.play((D4, D2), D4, PlaceAction(tiles(TRIPOD_B)))
    assert solo.scores == [4]
    catalog = Palagonia(1, PalagoniaOptions(catalog_double=lambda p, c: c.tiles == 9))
    catalog.start(0, D5, tiles(TRIPOD_A))
    catalog.play((D4, D2), D4, PlaceAction(tiles(TRIPOD_B)))
    assert catalog.scores == [8]


def test_moves_before_the_start_are_refused() -> None:
    with pytest.raises(IllegalMoveError, match="the start roll comes first"):
        Palagonia(3).play((D2, D3), D2, PlaceAction(tiles("0,0R 1,0L")))


@pytest.mark.parametrize("seed", range(6))
def test_random_games_replay_to_the_scores_the_generator_recorded(seed: int) -> None:
    rng = random.Random(seed)
    script = random_palagonia_game(rng, players=[1, 3, 4, 5, 3, 4][seed])
    game = Palagonia(script.players, script.options)
    starter, die = starter_from_rolls(script.start_rolls, script.players)
    game.start(starter, die, script.start_tiles)
    for move in script.turns:
        game.play(move.roll, move.die, move.action)
    assert game.over and tuple(game.scores) == script.scores
    assert Position(game.position()).is_connected()
