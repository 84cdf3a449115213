"""Baselines, matches and ratings: every game is a record that replays to its result, pairs
swap colours on one opening, and the ratings order players by their results."""

from __future__ import annotations

import random
from collections import Counter
from importlib import resources

import pytest

from palago_tools.core.tiles import Colour, Tile
from palago_tools.engine import SearchBoard, match
from palago_tools.engine.baselines import BASELINES, Baseline, all_turns
from palago_tools.engine.match import (
    BOOK,
    BOOK_SIZE,
    GameSpec,
    _balanced,
    _canonical,
    balanced_openings,
    book_text,
    match_specs,
    opening_book,
    openings,
    play_game,
    play_games,
    player_named,
)
from palago_tools.engine.ratings import fit, rate, score_interval
from palago_tools.errors import ArgumentError
from palago_tools.notation import parse
from palago_tools.replays import replay
from palago_tools.rules import Palago, random_palago_game
from palago_tools.tactics import forced_wins, immediate_wins


def test_there_are_six_openings_as_the_rulebook_says() -> None:
    found = openings()
    assert len(found) == 6
    for turn in found:
        assert Palago().is_legal(turn)
    book = opening_book(BOOK_SIZE + 8)
    assert [b[0] for b in book[:6]] == found and book[BOOK_SIZE:] == book[:8]
    for first, reply in book:
        game = Palago()
        game.play(first)
        assert game.is_legal(reply)


def test_the_stored_book_is_the_balanced_openings_it_says_it_is() -> None:
    """The stored book is what :func:`balanced_openings` makes (its first openings here, more
    in the slow set), and its Blue replies leave Yellow no win at once, no fork and no
    threat-space win in three."""
    size = 2
    assert opening_book(size) == balanced_openings(size)
    stored = resources.files("palago_tools").joinpath(BOOK).read_text("utf-8")
    assert stored == book_text(opening_book(BOOK_SIZE))


def test_no_two_openings_of_the_book_give_the_same_position() -> None:
    """A line played twice would count one game as two: the book's 200 positions differ, as
    tiles and up to the game's symmetry."""
    positions = []
    for first, reply in opening_book(BOOK_SIZE):
        game = Palago()
        game.play(first)
        game.play(reply)
        positions.append(game.position())
    assert len({tuple(p.tiles()) for p in positions}) == BOOK_SIZE
    assert len({_canonical(p) for p in positions}) == BOOK_SIZE


def test_a_first_turn_without_new_replies_is_left_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """With every reply taken as balanced, the book runs through each first turn's distinct
    positions (up to symmetry), leaves out a first turn whose positions are used up, and says
    how many there are when asked for more."""
    monkeypatch.setattr(match, "_balanced", lambda first, reply: True)
    with pytest.raises(ArgumentError, match="there are only 582 balanced openings, not 600"):
        balanced_openings(600)
    book = balanced_openings(582)
    positions = set()
    for first, reply in book:
        game = Palago()
        game.play(first)
        game.play(reply)
        positions.add(_canonical(game.position()))
    assert len(positions) == 582
    counts = Counter(first for first, _ in book)
    assert sorted(counts.values()) == [86, 87, 87, 107, 107, 108]
    ends = {first: index for index, (first, _) in enumerate(book)}  # each first turn's last
    used_up = min(ends, key=lambda first: ends[first])
    after = [first for first, _ in book[ends[used_up] + 1 : ends[used_up] + 6]]
    assert len(set(after)) == 5 and used_up not in after  # the five others, in turn


@pytest.mark.slow
def test_the_stored_book_is_balanced() -> None:
    """The first 40 openings (what a match of 40 pairs plays); the whole book takes about 12
    CPU minutes to make again (``balanced_openings(BOOK_SIZE)``)."""
    assert opening_book(40) == balanced_openings(40)


def test_a_reply_that_hands_yellow_a_fork_is_not_in_the_book() -> None:
    first = openings()[0]
    game = Palago()
    game.play(first)

    def lost(reply: tuple[Tile, ...]) -> bool:
        after = Palago()
        after.play(first)
        after.play(reply)
        position, mover, left = after.position(), after.mover, after.tiles_left
        won = immediate_wins(position, mover, tiles_left=left)
        return bool(won or forced_wins(position, mover, tiles_left=left, limit=1))

    reply = next(r for r in all_turns(SearchBoard.of(game)) if lost(r))
    assert not _balanced(first, reply)
    assert reply not in [answer for played, answer in opening_book(BOOK_SIZE) if played == first]


def test_a_reply_that_leaves_yellow_a_win_in_three_is_not_in_the_book() -> None:
    """The book's old line ``0,0R 1,0R / -1,0L -1,-1D``: no fork for Yellow, but a win in three
    turns (proved by the brute force in ``test_tactics_threat_space.py``, slow set)."""
    first = (Tile.parse("0,0R"), Tile.parse("1,0R"))
    reply = (Tile.parse("-1,0L"), Tile.parse("-1,-1D"))
    game = Palago()
    game.play(first)
    game.play(reply)
    assert not forced_wins(game.position(), game.mover, tiles_left=game.tiles_left, limit=1)
    assert not _balanced(first, reply)
    assert (first, reply) not in opening_book(BOOK_SIZE)


@pytest.mark.parametrize("name", BASELINES[:3])
def test_baselines_play_legal_turns_and_take_wins(name: str) -> None:
    script = random_palago_game(random.Random(4))
    game = Palago()
    player = Baseline(name, seed=1)
    for turn in script.turns[:-1]:
        game.play(turn)
        if game.over:
            break
        mine = player.turn(game)
        assert game.is_legal(mine)
        if name != "random" and immediate_wins(
            game.position(), game.mover, tiles_left=game.tiles_left
        ):
            probe = Palago.from_position(game.position(), game.mover, game.tiles_left)
            assert probe.play(mine).winner is game.mover


def test_the_safe_baseline_never_hands_over_a_win_it_could_avoid() -> None:
    from palago_tools.engine.baselines import _leaves_no_win, all_turns

    for seed in range(3):
        script = random_palago_game(random.Random(seed))
        game = Palago()
        for turn in script.turns[: len(script.turns) // 2]:
            game.play(turn)
        board = SearchBoard.of(game)
        if not any(_leaves_no_win(board, t) for t in all_turns(board)):
            continue
        mine = Baseline("safe", seed).turn(game)
        assert _leaves_no_win(board, mine)


def test_a_game_is_a_record_that_replays_to_its_result() -> None:
    spec = GameSpec("greedy", "random", opening_book(1)[0], seed=3)
    result = play_game(spec)
    (record,) = parse(result.record)
    report = replay(record)
    assert report.valid
    assert result.record == play_game(spec).record  # seeded: the same game again
    if result.winner is not None:
        assert report.winner_seats == ((0,) if result.winner is Colour.YELLOW else (1,))
    assert result.score_of("greedy") + result.score_of("random") == 1


def test_pairs_swap_colours_on_one_opening_and_run_in_processes() -> None:
    specs = match_specs([("level1", "random")], games=4)
    assert [(s.yellow, s.blue) for s in specs] == [("level1", "random"), ("random", "level1")] * 2
    assert specs[0].opening == specs[1].opening != specs[2].opening
    in_order = [r.record for r in play_games(specs[:2])]
    assert [r.record for r in play_games(specs[:2], jobs=2)] == in_order


def test_players_are_named_and_unknown_ones_refused() -> None:
    assert player_named("level3", 0).name == "level3"
    assert player_named("safe-fork", 0).name == "safe-fork"
    with pytest.raises(ValueError, match="unknown player 'level9'"):
        player_named("level9", 0)


def test_ratings_order_players_by_their_results_with_intervals() -> None:
    pairs = []
    for k in range(30):
        pairs.append([("strong", "weak", 1.0), ("weak", "strong", 0.0 if k % 3 else 0.5)])
        pairs.append([("weak", "empty", 1.0 if k % 2 else 0.5), ("empty", "weak", 0.0)])
    ratings = rate(pairs, bootstrap=30)
    assert [r.player for r in ratings] == ["strong", "weak", "empty"]
    for r in ratings:
        assert r.low <= r.elo <= r.high
    assert abs(sum(r.elo for r in ratings)) < 1e-6
    # All wins stay finite thanks to the prior.
    assert all(abs(v) < 5000 for v in fit([("a", "b", 1.0)] * 20, ["a", "b"]))
    mean, low, high = score_interval([1.0, 0.5, 1.0, 0.0])
    assert mean == 0.625 and low <= mean <= high


def test_a_game_whose_record_does_not_replay_is_a_bug_named_with_its_players(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The match checks every game by replaying its record; a record that does not replay to
    the game's result is palago-tools' own bug: exit 3, the game named."""
    import palago_tools.engine.match as match
    from palago_tools.errors import EXIT_BUG, InternalError

    class Refused:
        valid, winner_seats, draw, error = False, (), False, "turn 3: a made-up refusal"

    monkeypatch.setattr(match, "replay", lambda record: Refused())
    with pytest.raises(InternalError, match="greedy.*random.*made-up refusal") as raised:
        match.play_game(GameSpec("greedy", "random", opening_book(1)[0], seed=3))
    assert raised.value.exit_code == EXIT_BUG
