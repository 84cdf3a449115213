"""Palago rules, one test per rule: a turn that breaks exactly that rule, and one that uses it.

Rulebook sentences are quoted from the seeds (EN ``000_…``, FR ``003_…``).
"""

from __future__ import annotations

import random

import pytest

from palago_tools.core.analysis import analyse
from palago_tools.core.hexgrid import DIRECTIONS
from palago_tools.core.position import Position
from palago_tools.core.tiles import ORIENTATIONS, Colour, Tile
from palago_tools.errors import GameOverError, IllegalMoveError
from palago_tools.rules import Opening, Palago, PalagoOptions, random_palago_game

from .rules_helpers import play, turns

# The Pala-virus built in three turns: Yellow, Blue, then Yellow's single winning tile.
VIRUS = "0,0R 0,1L | -1,0R -1,1R | 0,-1D"
# A yellow and a blue virus that one tile, 0,0L, completes together.
BOTH = "-2,1R -1,1L | -1,0L 0,-1D | -1,2D 0,1L | 1,0R 2,0R | 0,0L"
# A worm whose last tile fills a single hole.
WORM = "-2,0R -2,1R | -1,-1D 0,-1D | -1,1D 0,0R | 0,1L 1,1R | -1,0R"
# Six tiles round a single hole at 0,0: 0,0L completes a creature there, 0,0R does not.
HOLE = "1,0L 1,-1R | 0,-1L -1,0L | -1,1D 0,1R"
# Eight tiles round a two-cell hole at 0,1 and 1,1.
LARGE_HOLE = "-1,1D -1,2L | 0,0L 1,0R | 0,2D 1,2D | 2,0R 2,1L"


def expect(rule: str, message: str, game: Palago, tiles: str) -> None:
    with pytest.raises(IllegalMoveError) as caught:
        game.play(turns(tiles)[0])
    assert (caught.value.rule, str(caught.value)) == (rule, message)


def test_the_first_player_places_two_tiles_and_joins_them() -> None:
    """EN: "The first player places two tiles on the table and joins them by the principle of
    color affinity"."""
    game = play("0,0R 1,0L")
    assert len(game.tiles) == 2 and game.mover is Colour.BLUE
    expect(
        "touch-each-other",
        "tile 2,0L does not touch the other tile placed this turn (0,0R)",
        Palago(),
        "0,0R 2,0L",
    )
    expect(
        "two-tiles",
        "turn 1 lays one tile (0,0R); a turn lays two tiles, one alone only when it completes a "
        "creature",
        Palago(),
        "0,0R",
    )


def test_the_players_continue_placing_two_tiles_per_turn() -> None:
    """EN: "The players continue to play in turn, placing two tiles per turn"."""
    game = play("0,0R 1,0L | 0,1D 1,1R")
    assert game.turn_number == 3 and game.mover is Colour.YELLOW
    expect(
        "too-many-tiles", "turn 3 lays 3 tiles; this turn lays two tiles", game, "2,0R 2,1L 3,0D"
    )


def test_the_tiles_placed_in_one_turn_must_touch_each_other() -> None:
    """EN basic rule 1: "The tiles placed in one turn must touch each other."."""
    game = play("0,0R 1,0L")
    expect(
        "touch-each-other",
        "tile 3,1R does not touch the other tile placed this turn (0,1D)",
        game,
        "0,1D 3,1R",
    )


def test_at_least_one_tile_must_touch_the_mass_of_previously_placed_tiles() -> None:
    """EN basic rule 2: "At least one of these two tiles must touch the mass of previously
    placed tiles." FR: "au moins une des deux tuiles placées doit être adjacente au « Palago »"."""
    game = play("0,0R 1,0L")
    expect(
        "touch-palago",
        "tiles 4,0R 5,0L do not touch the palago; at least one tile of a turn must touch it",
        game,
        "4,0R 5,0L",
    )
    # the first tile laid may stand apart if the second joins it to the palago
    play("0,0R 1,0L | 3,0D 2,0R")


def test_the_colors_at_the_junctions_of_tiles_must_match() -> None:
    """EN basic rule 3: "The colors at the junctions of tiles must match." Every orientation puts
    yellow on the even corners, so two touching tiles always match: the boundary line that
    reaches their shared side goes on into the other tile."""
    for a in ORIENTATIONS:
        for b in ORIENTATIONS:
            for d in DIRECTIONS:
                lines = analyse(Position([Tile((0, 0), a), Tile(d, b)])).lines
                assert len(lines) == 5  # 3 + 3 curves, joined once at the shared side


def test_the_player_who_first_closes_a_figure_wins() -> None:
    """EN: "The player who first closes a figure, a Pala-creature, wins." FR: "the first
    legitimately born Pala-creature earns victory for its creator"."""
    game = play(VIRUS)
    assert game.over and game.winner is Colour.YELLOW
    assert game.reason == "0,-1D completed a yellow creature"


def test_the_owner_of_the_creature_colour_wins_even_when_the_opponent_completes_it() -> None:
    """Model §5.3: "otherwise the owner of the creature's colour wins"."""
    game = play(VIRUS, first=Colour.BLUE)
    assert game.winner is Colour.YELLOW  # Blue laid the last tile of a yellow creature


def test_a_circle_is_not_an_independent_figure() -> None:
    """EN: "A circle is not an independent figure." FR: "les « yeux » n'étant pas des
    créatures"."""
    game = play("0,0R 1,-1D | 1,0D 2,0R")  # three tips round the bottom corner of 1,-1
    assert not game.over


def test_both_the_outer_and_inner_shells_must_be_closed() -> None:
    """EN: "Both the outer and the inner shells of the Pala-creature must be closed.": the worm
    minus a tile is closed outside but has an empty cell inside, and the game goes on."""
    game = play(WORM.rsplit("|", 1)[0])
    assert not game.over


def test_one_tile_in_a_turn_is_permitted_if_it_leads_to_a_win() -> None:
    """EN: "It is permitted to place one tile in a turn if this leads to a win for one of the
    players."."""
    assert play(VIRUS).turn_number == 4
    game = play("0,0R 0,1L | -1,0R -1,1R")
    expect(
        "two-tiles",
        "turn 3 lays one tile (0,-1R); a turn lays two tiles, one alone only when it completes a "
        "creature",
        game,
        "0,-1R",
    )


def test_the_game_ends_at_the_first_creature_even_inside_a_turn() -> None:
    """Model §5.3: "After each single tile, creatures are checked. If a tile completes a
    creature, the game ends at once"."""
    game = play("0,0R 0,1L | -1,0R -1,1R")
    expect(
        "game-ended",
        "0,-1D completed a creature and ended the game; 1,-2R may not follow it",
        game,
        "0,-1D 1,-2R",
    )
    assert not game.over and len(game.tiles) == 4  # the refused turn left nothing behind


def test_a_player_loses_if_closing_their_figure_completes_the_opponents() -> None:
    """EN: "A player loses if, in closing their own figure, they simultaneously complete the
    opponent's figure."."""
    game = play(BOTH)
    assert game.winner is Colour.BLUE  # Yellow moved on turn 5
    assert game.reason == "yellow completed creatures of both colours and loses"
    assert play(BOTH, first=Colour.BLUE).winner is Colour.YELLOW


def test_small_holes_can_be_filled_only_if_a_figure_is_closed() -> None:
    """EN: "Small holes the size of one tile can be filled only if a figure is closed by doing
    so". FR: "un trou simple, d'une seule tuile, ne peut être complété que si cela permet de
    gagner la partie"."""
    game = play(HOLE)
    assert game.position().single_holes() == {(0, 0)}
    expect(
        "single-hole",
        "0,0R fills a single hole; a single hole may only take a tile that completes a creature",
        game,
        "0,0R",
    )
    # a pair cannot reach a single hole: its six neighbours are taken, so nothing can touch it
    expect(
        "touch-each-other",
        "tile 0,0R does not touch the other tile placed this turn (2,-1D)",
        game,
        "2,-1D 0,0R",
    )
    game.play(turns("0,0L")[0])
    assert game.over
    worm = play(WORM)
    assert worm.winner is Colour.YELLOW and worm.reason == "-1,0R completed a yellow creature"


def test_in_large_holes_tiles_may_be_placed_without_restriction() -> None:
    """EN: "In large holes, tiles may be placed without restriction."."""
    game = play(LARGE_HOLE)
    assert game.position().larger_holes() == [{(0, 1), (1, 1)}]
    for fill in ("0,1R 1,1D", "1,1L 0,1L", "0,1D 1,1D"):
        assert game.is_legal(turns(fill)[0]), fill
    # the second tile fills a cell that only this turn made a single hole: still free
    assert not game.is_legal(turns("0,1R")[0])  # one tile alone must complete a creature


def test_palago_can_be_played_with_any_number_of_tiles_and_is_drawn_when_they_run_out() -> None:
    """EN: "Palago can be played with any number of tiles. The game is considered a draw if the
    tiles run out before either player has brought forth a Pala-creature"."""
    game = play("0,0R 1,0L | 0,1D 1,1R", options=PalagoOptions(supply=4))
    assert game.draw and not game.winner
    assert game.reason == "the supply ran out before any creature was completed"
    with pytest.raises(GameOverError, match="the game is over"):
        game.play(turns("2,0R 2,1L")[0])
    short = play("0,0R 1,0L", options=PalagoOptions(supply=3))
    assert short.tiles_this_turn() == 1
    expect("supply", "turn 2 lays 2 tiles but only 1 is left in the supply", short, "2,0R 2,1L")


def test_tie_break_variant_counts_the_largest_group_in_straights() -> None:
    """Model §5.5: "optional tie-break variant: largest group counted in straights"."""
    game = play("0,0R 1,0L | 0,1D 1,1R", options=PalagoOptions(supply=4, tie_break=True))
    groups = game.largest_groups()
    if groups[Colour.YELLOW] == groups[Colour.BLUE]:
        assert game.draw
    else:
        assert game.winner is max(groups, key=lambda c: groups[c])


def test_one_one_two_opening_lays_one_tile_then_one_then_two() -> None:
    """Model §5.1: "Variant 1-1-2, as played by mail servers: one tile, then one tile, then two
    per turn"."""
    options = PalagoOptions(opening=Opening.ONE_ONE_TWO)
    game = play("0,0R | 1,0L | 0,1D 1,1R", options=options)
    assert game.turn_number == 4
    expect(
        "too-many-tiles",
        "turn 1 lays 2 tiles; this turn lays one tile",
        Palago(Colour.YELLOW, options),
        "0,0R 1,0L",
    )


def test_occupied_cells_are_refused() -> None:
    expect("occupied", "1,0D: cell 1,0 already holds a tile", play("0,0R 1,0L"), "1,0D 2,0R")


def test_legal_turns_are_exactly_the_turns_play_accepts() -> None:
    game = play("0,0R 0,1L | -1,0R -1,1R")
    legal = set(game.board.legal_turns())
    assert (Tile.parse("0,-1D"),) in legal  # the winning single tile
    assert all(len(t) == 2 or game.is_legal(t) for t in legal)
    assert not any(t[0] == Tile.parse("0,-1D") and len(t) == 2 for t in legal)
    first = set(Palago().board.legal_turns())
    assert len(first) == 3 * 6 * 3


@pytest.mark.parametrize("seed", range(5))
def test_random_games_are_legal_and_their_results_replay(seed: int) -> None:
    script = random_palago_game(random.Random(seed))
    game = Palago(script.first, script.options)
    for tiles in script.turns:
        game.play(tiles)
    assert (game.winner, game.draw) == (script.winner, script.draw)
    assert game.over
