"""Forced wins in two checked by brute force: every legal turn of the mover, every legal reply of
the opponent and every legal turn of the mover after it, found and judged by the rules engine
alone (``every_legal_turn`` of ``rules_helpers``, which shares no code with the board's move
generator, and ``play``; nothing of the tactics module).

What :func:`palago_tools.tactics.forced_wins` promises (docs/tactics.md): every turn that
completes nothing, *makes a threat* (were the mover to move again, it would win at once) and
after which every legal reply loses at once or leaves the mover an immediate win. A turn that
makes no threat and still wins because every reply must hand over a win (zugzwang) is outside
the promise; the brute force finds those too and the tests say whether any turned up.

The full comparisons lay hundreds of thousands of tiles in the rules engine (tens of seconds),
so they run with ``pytest -m slow``; the default run compares a seeded sample of turns. The slow
set holds *compact* positions of 8 to 18 tiles (:func:`compact_position`: every turn packed
against the tiles already laid, where regions are close to closing and forks are common), on
which the immediate wins and threats of both sides and the forks are compared, and positions
of random games, on which the wins and threats are.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from palago_tools.core.hexgrid import neighbours
from palago_tools.core.position import Position
from palago_tools.core.tiles import Colour, Tile
from palago_tools.rules import Palago
from palago_tools.rules.random_games import random_palago_game
from palago_tools.tactics import Fork, examine_turn, forced_wins, immediate_wins, threats

from .conftest import examples
from .rules_helpers import every_legal_turn

Turn = tuple[Tile, ...]

# Found in random games: Yellow (4 tiles) and Blue (6 tiles) have one fork each when five tiles
# are left (the mover's second turn can then lay one tile only).
SMALL_FORK = (Position.parse("0,-1R 0,0D 1,0R 2,-1L"), Colour.YELLOW, 5)
SIX_TILE_FORK = (Position.parse("-2,1L -1,1D 0,-1R 0,0D 1,0R 2,-1L"), Colour.BLUE, 5)
# A shipped puzzle position (Yellow wins in two; the threats are pairs): plenty of tiles left.
PAIR_THREATS = (Position.parse("-1,-2L 0,-2D 0,-1D 0,0L"), Colour.YELLOW, 44)


def _game(position: Position, mover: Colour, left: int) -> Palago:
    return Palago.from_position(position, mover, tiles_left=left)


def _played(game: Palago, turn: Turn) -> Palago:
    """A new game: ``game`` after ``turn`` (``game`` is left as it was)."""
    after = _game(game.position(), game.mover, game.tiles_left)
    after.play(turn)
    return after


def _wins_at_once(game: Palago) -> bool:
    """Whether the side to move has a legal turn that ends the game with its win."""
    mover, position, left = game.mover, game.position(), game.tiles_left
    for turn in every_legal_turn(game):
        probe = _game(position, mover, left)
        if probe.play(turn).winner is mover:
            return True
    return False


def _reply_fails(after_move: Palago, reply: Turn, attacker: Colour) -> bool:
    """Whether ``reply`` loses: it ends the game with the attacker's win, or leaves the attacker
    a winning turn."""
    after = _played(after_move, reply)
    if after.over:
        return after.winner is attacker
    return _wins_at_once(after)


def _every_reply_fails(game: Palago, move: Turn) -> bool:
    """Whether ``move`` of the side to move completes nothing and every legal reply fails."""
    attacker = game.mover
    after = _played(game, move)
    if after.over:
        return False
    return all(_reply_fails(after, reply, attacker) for reply in every_legal_turn(after))


def winning_turns(game: Palago) -> set[frozenset[Tile]]:
    """Every turn with which the side to move wins at once, by the rules engine alone; a pair
    whose second tile wins alone is left out, as the tactics list them."""
    mover, position, left = game.mover, game.position(), game.tiles_left
    found = set()
    for turn in every_legal_turn(game):
        if _game(position, mover, left).play(turn).winner is mover:
            found.add(turn)
    singles = {t[0] for t in found if len(t) == 1}
    return {frozenset(t) for t in found if not (len(t) == 2 and t[1] in singles)}


def compact_turns(seed: int, tiles: int) -> list[Turn]:
    """The turns of a legal game to a position of ``tiles`` tiles (or fewer, if the game
    ends) whose every turn is one of the most packed (most tiles around its two cells, ties
    broken by the seed), completes nothing, and, for the last, leaves the side to move no
    immediate win (as found by the tactics: this only picks the position; the tests judge it
    by the rules)."""
    rng = random.Random(seed)
    game = Palago()
    played: list[Turn] = []
    while len(game.tiles) < tiles:
        last = len(game.tiles) + 2 >= tiles
        ranked: dict[int, list[Turn]] = {}
        for turn in every_legal_turn(game):
            probe = _game(game.position(), game.mover, game.tiles_left)
            if len(turn) < 2 or probe.play(turn).game_over:
                continue
            around = sum(n in game.tiles for t in turn for n in neighbours(t.cell))
            ranked.setdefault(around, []).append(turn)
        chosen = None
        for around in sorted(ranked, reverse=True):
            turns = ranked[around]
            rng.shuffle(turns)
            for turn in turns:
                after = _played(game, turn)
                if not last or not immediate_wins(
                    after.position(), after.mover, tiles_left=after.tiles_left
                ):
                    chosen = turn
                    break
            if chosen is not None:
                break
        if chosen is None:
            break
        game.play(chosen)
        played.append(chosen)
    return played


def compact_position(seed: int, tiles: int) -> tuple[Position, Colour, int]:
    """The position :func:`compact_turns` reach, with the side to move and the standard
    supply left."""
    game = Palago()
    for turn in compact_turns(seed, tiles):
        game.play(turn)
    return game.position(), game.mover, game.tiles_left


def _makes_a_threat(game: Palago, move: Turn) -> bool:
    """Whether, after ``move``, the mover would win at once were it to move again."""
    after = _played(game, move)
    return _wins_at_once(_game(after.position(), game.mover, after.tiles_left))


def brute_force(
    position: Position, mover: Colour, left: int
) -> tuple[set[frozenset[Tile]], set[frozenset[Tile]]]:
    """Every turn after which every reply fails, tried one by one: (those that make a threat,
    those that do not)."""
    game = _game(position, mover, left)
    threatening: set[frozenset[Tile]] = set()
    quiet: set[frozenset[Tile]] = set()
    for move in every_legal_turn(game):
        if _every_reply_fails(game, move):
            (threatening if _makes_a_threat(game, move) else quiet).add(frozenset(move))
    return threatening, quiet


def _check_reasons(position: Position, mover: Colour, left: int, fork: Fork) -> None:
    """Every reason the fork gives holds in the rules engine: its replies are exactly the legal
    ones, each answered by a win that the rules confirm (with the creatures named) or by the
    creatures the reply completes itself; and each threat it names is a winning turn."""
    after = _played(_game(position, mover, left), fork.tiles)
    assert not after.over
    for threat in fork.threats:
        again = _game(after.position(), mover, after.tiles_left)
        turn = again.play(threat.tiles)
        assert turn.winner is mover
        assert sorted(c.key() for c in turn.completed) == sorted(c.key() for c in threat.creatures)
    # Each reply once, in one of its legal orders: the same tiles laid the other way round are
    # the same turn.
    answers = {frozenset(a.reply): a for a in fork.answers}
    replies = list(every_legal_turn(after))
    assert {frozenset(r) for r in replies} == set(answers) and len(answers) == len(fork.answers)
    for reply in replies:
        answer = answers[frozenset(reply)]
        game = _game(after.position(), after.mover, after.tiles_left)
        turn = game.play(reply)
        if answer.win is None:
            assert turn.winner is mover
            assert sorted(c.key() for c in turn.completed) == sorted(
                c.key() for c in answer.completed
            )
            continue
        assert not turn.game_over
        final = game.play(answer.win.tiles)
        assert final.winner is mover
        assert sorted(c.key() for c in final.completed) == sorted(
            c.key() for c in answer.win.creatures
        )


def _keys(forks: Iterable[Fork]) -> set[frozenset[Tile]]:
    return {frozenset(f.tiles) for f in forks}


def _compare(position: Position, mover: Colour, left: int) -> set[frozenset[Tile]]:
    """The search's forks equal the brute force's threatening ones, each with true reasons;
    no zugzwang turned up. Returns the forks."""
    assert not immediate_wins(position, mover, tiles_left=left)
    found = forced_wins(position, mover, tiles_left=left)
    threatening, quiet = brute_force(position, mover, left)
    assert _keys(found) == threatening
    assert quiet == set()
    for fork in found:
        _check_reasons(position, mover, left, fork)
    return threatening


# --- The default run: a sample of turns, each judged both ways ------------------------------


def _judge_sample(
    position: Position, mover: Colour, left: int, count: int, forks: Iterable[Fork]
) -> None:
    """A seeded sample of the mover's legal turns, and the forks given, each judged by the
    search and by the brute force alike."""
    game = _game(position, mover, left)
    sample = random.Random(14).sample(list(every_legal_turn(game)), count) + [
        f.tiles for f in forks
    ]
    for move in sample:
        verdict = examine_turn(position, mover, move, tiles_left=left)
        expected = _every_reply_fails(game, move) and _makes_a_threat(game, move)
        assert isinstance(verdict, Fork) is expected, move


def test_sampled_turns_are_judged_as_the_brute_force_judges_them() -> None:
    position, mover, left = SMALL_FORK
    (fork,) = forced_wins(position, mover, tiles_left=left)
    _judge_sample(position, mover, left, 6, [fork])
    _check_reasons(position, mover, left, fork)


def test_a_fork_with_pair_threats_gives_true_reasons() -> None:
    position, mover, left = PAIR_THREATS
    (fork,) = forced_wins(position, mover, tiles_left=left)
    assert all(len(w.tiles) == 2 for w in fork.threats)
    _check_reasons(position, mover, left, fork)


# --- The slow run: every turn of the mover -----------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("case", [SMALL_FORK, SIX_TILE_FORK], ids=["4-tiles", "6-tiles"])
def test_the_fork_search_finds_exactly_the_forks_of_a_small_position(
    case: tuple[Position, Colour, int],
) -> None:
    position, mover, left = case
    assert len(_compare(position, mover, left)) == 1


@pytest.mark.slow
@settings(max_examples=examples(3), deadline=None)
@given(seed=st.integers(0, 10**6), turns=st.integers(1, 3))
def test_the_fork_search_agrees_with_brute_force_on_random_small_positions(
    seed: int, turns: int
) -> None:
    script = random_palago_game(random.Random(seed))
    game = Palago()
    for tiles in script.turns[:turns]:
        game.play(tiles)
    if game.over or immediate_wins(game.position(), game.mover, tiles_left=5):
        return
    _compare(game.position(), game.mover, 5)


@pytest.mark.slow
def test_a_fork_with_pair_threats_holds_against_every_reply_by_brute_force() -> None:
    position, mover, left = PAIR_THREATS
    (fork,) = forced_wins(position, mover, tiles_left=left)
    _judge_sample(position, mover, left, 3, [fork])


# --- The slow run: compact positions, every turn of the mover ----------------------------------

COMPACT = [(seed, tiles) for tiles in (8, 10, 12, 14, 16, 18) for seed in (1, 2)]
COMPACT_SUPPLY = 5
"""The supply left in the compact positions of the slow set: the mover's turn, a reply and one
more tile (the brute force with the full supply takes tens of minutes a position)."""


def _compare_threats(position: Position, mover: Colour, left: int) -> None:
    """Both sides' immediate wins, and the threat cells, as the rules engine finds them."""
    report = threats(position, mover, tiles_left=left)
    for colour, wins in ((mover, report.wins), (mover.other, report.to_block)):
        assert {frozenset(w.tiles) for w in wins} == winning_turns(_game(position, colour, left))
    assert report.threat_cells == {
        c
        for turn in winning_turns(_game(position, mover.other, left))
        for t in turn
        for c in [t.cell]
    }


@pytest.mark.slow
@pytest.mark.parametrize("seed, tiles", COMPACT, ids=[f"{t}-tiles-{s}" for s, t in COMPACT])
def test_the_fork_search_agrees_with_brute_force_on_compact_positions(
    seed: int, tiles: int
) -> None:
    position, mover, _left = compact_position(seed, tiles)
    left = COMPACT_SUPPLY
    _compare_threats(position, mover, left)
    if immediate_wins(position, mover, tiles_left=left):
        return  # the fork search is for a side that cannot win at once
    found = forced_wins(position, mover, tiles_left=left)
    threatening, _quiet = brute_force(position, mover, left)
    assert _keys(found) == threatening
    for fork in found:
        _check_reasons(position, mover, left, fork)


@pytest.mark.slow
@settings(max_examples=examples(40), deadline=None)
@given(seed=st.integers(0, 10**6), turns=st.integers(2, 22))
def test_wins_and_threats_agree_with_brute_force_on_random_games(seed: int, turns: int) -> None:
    script = random_palago_game(random.Random(seed))
    game = Palago()
    for tiles in script.turns[: min(turns, len(script.turns) - 1)]:
        game.play(tiles)
    _compare_threats(game.position(), game.mover, game.tiles_left)
