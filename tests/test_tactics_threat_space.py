"""The threat-space search (:func:`palago_tools.tactics.threat_space_wins`) checked against
referees that are not itself:

- at depth 2 against the fork search (``forced_wins``) and at depth 3 against the forcing-win
  search (``forcing_wins``), the same set of winning turns, on every position of the tactics
  tests and on positions of seeded random games;
- against a brute force (:mod:`tests.threat_space_brute`: no index, no zones, every legal turn
  laid with make and unmake) on small positions, for wins within two and three turns;
- on a game of an engine match, where level 5 handed level 3 a forced win in three turns that
  level 3 played out: the line replayed by the rules, each step judged by the exact searches.

The full comparisons take minutes and run with ``pytest -m slow``; the default run compares
the cheap positions and a sample of turns.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from palago_tools.core.board import Board
from palago_tools.core.position import Position
from palago_tools.core.tiles import Colour, Tile
from palago_tools.core.turns import turn_text
from palago_tools.errors import ArgumentError
from palago_tools.notation import PalagoGame, parse_text
from palago_tools.rules import Palago, PalagoOptions
from palago_tools.rules.random_games import random_palago_game
from palago_tools.tactics import (
    Fork,
    ThreatSpaceMemory,
    examine_turn,
    forced_wins,
    forcing_wins,
    immediate_wins,
    threat_space_wins,
)
from palago_tools.tactics.search import candidate_turns, threat_defence

from .rules_helpers import every_legal_turn
from .test_tactics import ATTACK, BOTH_COLOURS, SINGLE_HOLE, TRIPLE_ROW
from .test_tactics_brute_force import PAIR_THREATS, SIX_TILE_FORK, SMALL_FORK
from .test_tactics_forcing import FORCING, NONE
from .threat_space_brute import BruteForce

YELLOW, BLUE = Colour.YELLOW, Colour.BLUE
ROOT = Path(__file__).resolve().parent.parent

Case = tuple[Position, int | None]

# The positions of the tactics tests, with their supply (None: plenty); each is searched for
# both sides (a side that can win at once is left out: neither search is for it).
CHEAP: dict[str, Case] = {
    "attack": (ATTACK, None),
    "triple-row": (TRIPLE_ROW, None),
    "both-colours": (BOTH_COLOURS, None),
    "single-hole": (SINGLE_HOLE, None),
    "small-fork": (SMALL_FORK[0], SMALL_FORK[2]),
    "six-tile-fork": (SIX_TILE_FORK[0], SIX_TILE_FORK[2]),
    "forcing-none": (NONE, 42),
}
COSTLY: dict[str, Case] = {
    "triple-row-blocked": (TRIPLE_ROW.place(Tile.parse("2,0L"), Tile.parse("-1,2L")), None),
    "pair-threats": (PAIR_THREATS[0], PAIR_THREATS[2]),
    "forcing": (FORCING, 34),
}

# Found with this search on positions of random games (seed 21, two turns), and checked by the
# brute force: Yellow, with nine tiles left, has no fork and one win in three turns.
SMALL_THREE = (Position.parse("-1,0D 0,0R 1,-2L 1,-1D"), YELLOW, 9)


def _keys(turns: object) -> set[frozenset[Tile]]:
    return {frozenset(t) for t in turns}  # type: ignore[attr-defined]


def _agree(position: Position, mover: Colour, left: int | None) -> tuple[int, int]:
    """Depth 2 finds the forks and depth 3 the forcing wins, as sets; returns their sizes."""
    forks = _keys(f.tiles for f in forced_wins(position, mover, tiles_left=left))
    two = threat_space_wins(position, mover, depth=2, tiles_left=left)
    assert two.complete and _keys(two.wins) == forks
    forcing = forcing_wins(position, mover, tiles_left=left)
    three = threat_space_wins(position, mover, depth=3, tiles_left=left)
    assert three.complete and forcing.complete
    assert _keys(three.wins) == _keys(forcing.wins)
    assert forks <= _keys(three.wins)
    return len(forks), len(three.wins)


def _sides(case: Case) -> list[Colour]:
    position, left = case
    return [c for c in (YELLOW, BLUE) if not immediate_wins(position, c, tiles_left=left)]


@pytest.mark.parametrize("name", sorted(CHEAP))
def test_depth_two_and_three_agree_with_the_exact_searches(name: str) -> None:
    case = CHEAP[name]
    for mover in _sides(case):
        _agree(case[0], mover, case[1])


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(COSTLY))
def test_depth_two_and_three_agree_on_the_costly_positions(name: str) -> None:
    case = COSTLY[name]
    found = [_agree(case[0], mover, case[1]) for mover in _sides(case)]
    assert any(three > two for two, three in found), "a win in three that is no fork"


def random_positions(
    count: int, seed: int, turns: range = range(3, 99, 3)
) -> list[tuple[Position, Colour, int]]:
    """Positions of seeded random games (after each of ``turns``), the side to move having no
    immediate win."""
    rng = random.Random(seed)
    found: list[tuple[Position, Colour, int]] = []
    while len(found) < count:
        game = Palago()
        for number, turn in enumerate(random_palago_game(rng).turns[:-1], start=1):
            game.play(turn)
            if number in turns and len(found) < count:
                position, mover, left = game.position(), game.mover, game.tiles_left
                if not immediate_wins(position, mover, tiles_left=left):
                    found.append((position, mover, left))
    return found


def test_depth_two_and_three_agree_on_positions_of_random_games() -> None:
    counts = [_agree(p, m, left) for p, m, left in random_positions(4, 1, range(8, 9))]
    assert sum(three > two for two, three in counts) == 2, "two wins in three that are no forks"


@pytest.mark.slow
def test_depth_two_and_three_agree_on_many_positions_of_random_games() -> None:
    # Eight positions: twenty took three minutes of the slow suite's twenty.
    counts = [_agree(p, m, left) for p, m, left in random_positions(8, 3800)]
    assert sum(three > two for two, three in counts) > 0


# --- The brute force ---------------------------------------------------------------------------


def _judge(position: Position, mover: Colour, left: int, turns: int, sample: int) -> None:
    """The search's wins within ``turns`` and a seeded sample of the other legal turns that
    make a threat (the brute force's), each judged by the brute force alike."""
    found = threat_space_wins(position, mover, depth=turns, tiles_left=left)
    assert found.complete
    wins = _keys(found.wins)
    brute = BruteForce(position, mover, left)
    others = [t for t in brute.threatening_turns() if frozenset(t) not in wins]
    for turn in [*found.wins, *random.Random(turns).sample(others, min(sample, len(others)))]:
        assert brute.turn_wins(turn, turns) is (frozenset(turn) in wins), turn_text(turn)


def test_a_sample_of_turns_is_judged_as_the_brute_force_judges_them() -> None:
    position, mover, left = SMALL_FORK
    _judge(position, mover, left, 2, 3)


@pytest.mark.slow
@pytest.mark.parametrize("case", [SMALL_FORK, SIX_TILE_FORK], ids=["4-tiles", "6-tiles"])
def test_wins_within_two_turns_are_those_of_the_brute_force(
    case: tuple[Position, Colour, int],
) -> None:
    position, mover, left = case
    expected = BruteForce(position, mover, left).winning_turns(2)
    assert _keys(threat_space_wins(position, mover, depth=2, tiles_left=left).wins) == expected
    assert len(expected) == 1


@pytest.mark.slow
def test_a_win_in_three_turns_is_one_for_the_brute_force() -> None:
    """The win, and threatening turns that are none, judged alike (a turn that makes no threat
    is no win for either)."""
    position, mover, left = SMALL_THREE
    assert not forced_wins(position, mover, tiles_left=left)
    _judge(position, mover, left, 3, 6)


# --- The search's own promises -----------------------------------------------------------------


def test_the_budget_stops_the_search_the_same_way_every_time() -> None:
    position, left = FORCING, 34
    first = threat_space_wins(position, BLUE, depth=3, tiles_left=left, budget=300)
    assert first.examined == 300 and not first.complete
    assert threat_space_wins(position, BLUE, depth=3, tiles_left=left, budget=300) == first


def test_a_board_is_searched_in_place_and_left_as_it_was() -> None:
    position, mover, left = SMALL_THREE
    board = Board(position, mover, left)
    before = (dict(board.tiles), board.hash, board.tiles_left, board.mover)
    found = threat_space_wins(board, mover, depth=3, limit=1)
    assert found.wins and not found.complete
    assert (dict(board.tiles), board.hash, board.tiles_left, board.mover) == before
    with pytest.raises(ArgumentError):
        threat_space_wins(board, mover, depth=1)


def test_a_memory_gives_the_same_wins_with_fewer_examinations() -> None:
    """A memory kept between searches answers as a fresh search does (whose wins are the exact
    searches', by the tests above), a second search of the same position examines fewer turns,
    and a search cut by its budget leaves only facts behind: a full search after it with the
    same memory finds the fresh search's wins."""
    won = 0
    for position, mover, left in random_positions(4, 1, range(8, 9)):
        memory = ThreatSpaceMemory()
        fresh = threat_space_wins(position, mover, depth=3, tiles_left=left)
        first = threat_space_wins(position, mover, depth=3, tiles_left=left, memory=memory)
        again = threat_space_wins(position, mover, depth=3, tiles_left=left, memory=memory)
        assert _keys(first.wins) == _keys(again.wins) == _keys(fresh.wins)
        assert first.complete and again.complete
        assert again.examined < first.examined or first.examined == len(first.wins) == 0
        # a search cut by its budget leaves only facts: a full one after it finds the same wins
        memory = ThreatSpaceMemory()
        budget = max(1, fresh.examined // 3)
        cut = threat_space_wins(
            position, mover, depth=3, tiles_left=left, budget=budget, memory=memory
        )
        assert not cut.complete or fresh.examined < 3
        full = threat_space_wins(position, mover, depth=3, tiles_left=left, memory=memory)
        assert full.complete and _keys(full.wins) == _keys(fresh.wins)
        won += bool(fresh.wins)
    assert won >= 2


def test_a_started_win_is_remembered_after_every_reply() -> None:
    """After the attacker's first turn of a win in three and any reply that leaves it no
    immediate win, the memory names a turn proved to win in two (a fork, by the exact fork
    search)."""
    position, mover, left = SMALL_THREE
    memory = ThreatSpaceMemory()
    found = threat_space_wins(position, mover, depth=3, tiles_left=left, limit=1, memory=memory)
    (win,) = found.wins
    game = Palago.from_position(position, mover, tiles_left=left)
    game.play(win)
    remembered = 0
    for reply in every_legal_turn(game):
        after = Palago.from_position(game.position(), game.mover, tiles_left=game.tiles_left)
        if after.play(reply).game_over:
            continue
        if immediate_wins(after.position(), mover, tiles_left=after.tiles_left):
            continue
        board = Board(after.position(), mover, after.tiles_left)
        known = memory.win(board, mover)
        assert known is not None and known[0] == 2, reply
        verdict = examine_turn(after.position(), mover, known[1], tiles_left=after.tiles_left)
        assert isinstance(verdict, Fork)
        remembered += 1
    assert remembered > 0


def test_a_search_stops_at_its_seconds() -> None:
    found = threat_space_wins(FORCING, BLUE, depth=3, tiles_left=34, seconds=0.0)
    assert not found.complete and found.examined == 0


# --- A forced win in three turns from an engine match ------------------------------------------

MATCH = ROOT / "benchmarks" / "results" / "level5-vs-level3.palago"


def _match_game(number: int) -> PalagoGame:
    records = parse_text(MATCH.read_text(encoding="utf-8")).records
    record = records[number - 1]
    assert isinstance(record, PalagoGame)
    return record


def _replayed(record: PalagoGame, before: int) -> Palago:
    """The game of ``record`` at the start of turn ``before``, by the rules."""
    game = Palago(record.first, PalagoOptions())
    for turn in record.turns[: before - 1]:
        game.play(turn.tiles)
    return game


def _check_line(record: PalagoGame, start: int) -> None:
    """From turn ``start``, the winner's turns are a win in three: no immediate win and no
    fork at the start, the first turn a win within three turns that makes a threat, the
    reply answered by a fork (the exact fork search), and the last turn a win by the rules."""
    game = _replayed(record, start)
    attacker, left = game.mover, game.tiles_left
    position = game.position()
    assert not immediate_wins(position, attacker, tiles_left=left)
    assert not forced_wins(position, attacker, tiles_left=left)
    first, reply, fork, answer, last = (t.tiles for t in record.turns[start - 1 : start + 4])
    found = threat_space_wins(position, attacker, depth=3, tiles_left=left)
    assert found.complete and frozenset(first) in _keys(found.wins)
    game.play(first)
    assert immediate_wins(game.position(), attacker, tiles_left=game.tiles_left)
    game.play(reply)
    verdict = examine_turn(game.position(), attacker, fork, tiles_left=game.tiles_left)
    assert isinstance(verdict, Fork)
    game.play(fork)
    game.play(answer)
    assert game.play(last).winner is attacker
    assert game.over and len(record.turns) == start + 4


@pytest.mark.slow
def test_level_5_handed_level_3_a_forced_win_in_three_turns() -> None:
    record = _match_game(3)
    assert (record.yellow, record.blue) == ("level5", "level3")
    _check_line(record, 10)


def test_level_3_handed_level_5_a_forced_win_in_three_turns() -> None:
    record = _match_game(4)
    assert (record.yellow, record.blue) == ("level3", "level5")
    _check_line(record, 6)


def test_level_3_missed_a_win_in_three_turns_and_lost() -> None:
    record = _match_game(10)
    assert (record.yellow, record.blue) == ("level3", "level5")
    game = _replayed(record, 17)
    position, mover, left = game.position(), game.mover, game.tiles_left
    assert mover is YELLOW and not forced_wins(position, mover, tiles_left=left)
    found = threat_space_wins(position, mover, depth=3, tiles_left=left)
    assert found.complete and _keys(found.wins) == {
        frozenset((Tile.parse("1,3R"), Tile.parse("2,3L")))
    }
    assert frozenset(record.turns[16].tiles) not in _keys(found.wins)
    for turn in record.turns[16:]:
        game.play(turn.tiles)
    assert game.winner is BLUE


def _game_10_at_turn_15() -> tuple[PalagoGame, Palago]:
    record = _match_game(10)
    assert (record.yellow, record.blue) == ("level3", "level5")
    return record, _replayed(record, 15)


START_OF_FOUR = (Tile.parse("2,2R"), Tile.parse("3,2L"))
"""Yellow's turn 15 of game 10: a win in four turns, and none in three."""


def test_level_3_played_the_first_turn_of_a_win_in_four_turns() -> None:
    record, game = _game_10_at_turn_15()
    position, mover, left = game.position(), game.mover, game.tiles_left
    assert record.turns[14].tiles == START_OF_FOUR
    three = threat_space_wins(position, mover, depth=3, tiles_left=left)
    assert three.complete and three.wins == ()
    assert forcing_wins(position, mover, tiles_left=left).wins == ()
    four = threat_space_wins(position, mover, depth=4, tiles_left=left)
    assert four.complete and frozenset(START_OF_FOUR) in _keys(four.wins)


def _every_reply_answered(game: Palago, turns: int) -> int:
    """Every legal reply (the rules engine's) to the turn just played loses at once, leaves the
    attacker an immediate win, or leaves it a fork (``turns`` 3: the exact fork search) or a
    forcing win (``turns`` 4: the exact forcing-win search); returns how many replies needed
    the search."""
    attacker = game.mover.other
    after, left = game.position(), game.tiles_left
    searched = 0
    for reply in every_legal_turn(game):
        answered = Palago.from_position(after, game.mover, tiles_left=left)
        answered.play(reply)
        if answered.over:
            assert answered.winner is attacker, turn_text(reply)
            continue
        position, rest = answered.position(), answered.tiles_left
        if immediate_wins(position, attacker, tiles_left=rest):
            continue
        searched += 1
        if turns == 3:
            assert forced_wins(position, attacker, tiles_left=rest, limit=1), turn_text(reply)
        else:
            assert forcing_wins(position, attacker, tiles_left=rest, limit=1).wins, turn_text(reply)
    return searched


@pytest.mark.slow
def test_every_reply_to_the_start_of_the_win_in_four_leaves_a_win_in_three() -> None:
    _record, game = _game_10_at_turn_15()
    game.play(START_OF_FOUR)
    assert _every_reply_answered(game, 4) > 0


@pytest.mark.slow
def test_every_reply_to_each_win_in_three_is_answered_by_the_exact_searches() -> None:
    """The wins in three of a position with 28 (a random game's, 16 tiles), every fourth in
    the order found (all 28 took some 800 s under load): each reply of the rules engine loses,
    leaves an immediate win, or leaves a fork (the exact fork search, which lays its replies
    with its own proof, not the reply list the threat-space search shares with
    ``forcing_wins``)."""
    position, mover, left = random_positions(5, 1, range(8, 9))[4]
    found = threat_space_wins(position, mover, depth=3, tiles_left=left)
    assert found.complete and len(found.wins) == 28
    for win in found.wins[::4]:
        game = Palago.from_position(position, mover, tiles_left=left)
        game.play(win)
        _every_reply_answered(game, 3)


OPENING = Position.parse("-1,-1D -1,0L 0,0R 1,0R")
"""The book's opening ``0,0R 1,0R / -1,0L -1,-1D`` (games 1 and 2 of the match)."""


@pytest.mark.slow
def test_an_opening_of_the_book_is_a_win_in_three_turns_for_yellow() -> None:
    win = (Tile.parse("-2,-1R"), Tile.parse("-1,-2D"))
    assert not immediate_wins(OPENING, YELLOW, tiles_left=44)
    assert not forced_wins(OPENING, YELLOW, tiles_left=44)
    assert BruteForce(OPENING, YELLOW, 44).turn_wins(win, 3)
    found = threat_space_wins(OPENING, YELLOW, depth=3, tiles_left=44, limit=1)
    assert found.wins == (win,)


def test_the_replies_a_defence_lays_are_the_rules_legal_turns_it_cannot_skip() -> None:
    """``open_replies`` (which skips the legal turns that complete something, those that leave a
    threat standing by the lemma, and repeats of ``first`` and the hot replies by their cells)
    against the rules' own legal turns (``every_legal_turn``, no code shared with the board's
    generator), each laid on the board to see what it completes. A hot reply may come in the
    order the rules forbid (its second tile completes something alone, so that tile must come
    last); laying it then fails and the search skips it, and the rules' order completes
    something, so no reply is lost."""
    checked = 0
    for position, mover, left in random_positions(10, 5, range(6, 40, 2)):
        board = Board(position, mover, left)
        base = board.baseline()
        for turn in candidate_turns(board, mover)[::5]:
            laid = board.try_play(turn)
            if laid is None:
                continue  # the other order of a pair is the legal one
            if laid:
                board.undo(turn)
                continue
            try:
                defence = threat_defence(board, mover, base, [t.cell for t in turn])
                if defence is None:
                    continue
                game = Palago.from_position(board.position(), mover.other, board.tiles_left)
                first = defence.hot()[:2]
                expected: set[frozenset[Tile]] = set()
                completing: set[frozenset[Tile]] = set()
                wins = False
                for reply in every_legal_turn(game):
                    done = board.try_play(reply)
                    assert done is not None, turn_text(reply)
                    board.undo(reply)
                    if done:
                        completing.add(frozenset(reply))
                        wins = wins or {c.colour for c in done} == {mover.other}
                    elif defence.safe(reply) is None:
                        expected.add(frozenset(reply))
                assert not wins, "a defence is made only when the defender has no win of now"
                found = defence.open_replies(first)
                assert found is not None and len(found) == len(_keys(found))
                assert found[: len(first)] == first
                unlaid = {frozenset(r) for r in found if not board.is_legal(r)}
                assert unlaid <= completing
                assert _keys(found) - unlaid == expected
                checked += 1
            finally:
                board.undo(turn)
    assert checked >= 20, checked
