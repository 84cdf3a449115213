"""The search beyond the first full turn: an iteration cut by the node budget keeps what it
finished, and the guard keeps the deeper search's turn unless it hands the opponent a forced
win."""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import islice
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from palago_tools.core.position import Position
from palago_tools.core.tiles import Colour, Tile
from palago_tools.engine import LEVELS, Engine, Limits, SearchBoard, Searcher
from palago_tools.engine.analysis import best_turn
from palago_tools.engine.evaluation import NEAR_WIN, WIN, evaluate
from palago_tools.engine.player import REPLY_LIMITS, _first
from palago_tools.engine.search import SearchReport
from palago_tools.rules import Palago
from palago_tools.tactics import Fork, examine_turn, forced_wins, forcing_wins, immediate_wins

from .conftest import examples
from .rules_helpers import every_legal_turn
from .test_engine import FORCED_AFTER_A_THREAT, game_after
from .test_tactics_threat_space import SMALL_THREE

YELLOW, BLUE = Colour.YELLOW, Colour.BLUE
DEEP = replace(LEVELS[5], limits=Limits(depth=4, quiescence=0, nodes=3000))
"""Level 5 searching four plies on a small budget (quick; the fourth ply is often cut)."""


class _Watched(Searcher):
    """A searcher that notes, at each root tile the deepest iteration finishes, the nodes
    counted so far and the best found so far."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.finished: list[tuple[int, tuple[int, Tile]]] = []
        super().__init__(*args, **kwargs)

    @property
    def _partial(self) -> tuple[int, Tile] | None:
        return self.__dict__.get("_watched")

    @_partial.setter
    def _partial(self, value: tuple[int, Tile] | None) -> None:
        self.__dict__["_watched"] = value
        if value is not None and self._budgeted:
            self.finished.append((self.nodes, value))


def _order(board: SearchBoard, seed: int) -> list[Tile]:
    order = board.legal_tiles()
    random.Random(seed).shuffle(order)
    return order


def test_a_cut_iteration_keeps_the_root_tiles_it_finished() -> None:
    """Without a budget the depth-4 iteration finishes its root tiles one by one; with a node
    budget that falls between two of them the search reports depth 4 and the best of the tiles
    finished so far (its score and first tile), not the depth-3 result it fell back to before."""
    checked = 0
    for seed in range(40):
        game = game_after(seed, 6)
        if game.over:
            continue
        board = SearchBoard.of(game)
        order = _order(board, seed)
        watched = _Watched(board, Limits(depth=4, quiescence=0), list(order))
        whole = watched.search()
        depth3 = Searcher(SearchBoard.of(game), Limits(depth=3, quiescence=0), list(order))
        three = depth3.search()
        if whole.depth < 4 or three.depth < 3:  # a proven result ended the deepening
            continue
        at_four = [(n, v) for n, v in watched.finished if n > three.nodes]
        # a budget B stops the search at the first multiple of 128 above B: pick one between
        # two root tiles the fourth iteration finishes
        between = [
            (done, value)
            for (done, value), (next_done, _) in zip(at_four, at_four[1:], strict=False)
            if (done // 128 + 1) * 128 < next_done
        ]
        if not between:
            continue
        done, value = between[0]
        budget = (done // 128 + 1) * 128 - 1
        cut_search = Searcher(SearchBoard.of(game), Limits(4, 0, budget), list(order)).search()
        assert cut_search.depth == 4
        assert (cut_search.score, cut_search.pv[0]) == value
        # the budget alone, without the depth-4 fix, would have kept depth 3's turn
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def _deep_turn(game: Palago, engine: Engine) -> tuple[tuple[Tile, ...], tuple[Tile, ...]] | None:
    """The turn of the engine's search alone (its settings with no guard), and the best turn
    of the first full turn's ranking, which the guard played first before; ``None`` when the
    engine wins at once or by a fork without a search, or every turn loses."""
    alone = Engine(engine.level, engine.seed, settings=replace(engine.settings, guard=0))
    choice = alone.choose(game)
    if choice.reason != "search":
        return None
    board = SearchBoard.of(game)
    order = board.legal_tiles()
    random.Random(f"{engine.seed}:{len(board.tiles)}:{game.turn_number}").shuffle(order)
    ranked = Searcher(board, engine.settings.limits, order).ranked()
    if ranked[0][0] <= -NEAR_WIN:  # every turn loses at once: the guard has nothing to keep
        return None
    return choice.turn, ranked[0][1]


def _hands_a_quick_win(after: Position, opponent: Colour, left: int) -> bool:
    """Whether ``opponent`` has a win at once or a fork in ``after`` (the tactics' searches)."""
    return bool(
        immediate_wins(after, opponent, tiles_left=left)
        or forced_wins(after, opponent, tiles_left=left, limit=1)
    )


def test_the_guard_plays_the_deeper_searchs_turn_when_it_is_safe() -> None:
    """On positions where four plies choose another turn than the first full turn's best, the
    guarded engine plays the deep turn (reason ``search``) unless, by the tactics' own fork
    and forcing-win searches, it hands the opponent a forced win; it plays one that does only
    when the first full turn's best does too (no guarded turn was safe)."""
    differs = played = 0
    for seed in range(60):
        game = game_after(seed, 5 + seed % 4)
        if game.over:
            continue
        engine = Engine(5, seed, settings=DEEP)
        turns = _deep_turn(game, engine)
        if turns is None or set(turns[0]) == set(turns[1]):
            continue
        deep = turns[0]
        differs += 1
        choice = engine.choose(game)
        mover = game.mover
        after = game.position().place(*deep)
        assert game.tiles_left is not None  # a 48-tile game
        left = game.tiles_left - len(deep)
        if set(choice.turn) == set(deep):
            assert choice.reason == "search"
            if _hands_a_quick_win(after, mover.other, left):
                # only when the guard found no safe turn: the ranking's best is not safe either
                ranked_best = game.position().place(*turns[1])
                assert _hands_a_quick_win(ranked_best, mover.other, left)
            else:
                played += 1
        else:  # rejected: the opponent must have a forced win after it
            assert forced_wins(after, mover.other, tiles_left=left, limit=1) or (
                forcing_wins(after, mover.other, tiles_left=left, limit=1, budget=4000).wins
            )
        if differs == 4:
            break
    assert differs == 4 and played >= 1


def test_a_deep_turn_that_hands_over_a_forcing_win_is_still_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The guard checks the deep search's turn like any other: here the search is made to
    return the threat that hands Yellow a forcing win (the position of the level-5 guard test),
    and the engine plays another turn."""
    game = Palago.from_position(FORCED_AFTER_A_THREAT, BLUE, tiles_left=30)
    old = (Tile.parse("6,-3R"), Tile.parse("5,-2D"))
    real = Searcher.search

    def search(self: Searcher) -> SearchReport:
        found = real(self)
        return replace(found, turn=old, pv=old, depth=4)

    monkeypatch.setattr(Searcher, "search", search)
    choice = Engine(5, 1, settings=DEEP).choose(game)
    assert choice.reason == "guard" and set(choice.turn) != set(old)
    after = game.position().place(*choice.turn)
    assert not forced_wins(after, YELLOW, tiles_left=28, limit=1)
    assert not forcing_wins(after, YELLOW, tiles_left=28, limit=1, budget=4000).wins


def test_a_deep_turn_the_first_full_turn_scores_as_lost_is_not_put_first() -> None:
    """A search that ends in the middle of the opponent's turn can miss a win it hands over;
    such a turn keeps its place at the end of the ranking, where the guard stops."""
    a, b, c = ((Tile.parse(f"{q},0R"),) for q in range(3))
    ranked = [(300, a), (100, b), (-NEAR_WIN, c)]
    assert _first(ranked, b) == [(100, b), (300, a), (-NEAR_WIN, c)]
    assert _first(ranked, c) == ranked


def test_a_level_with_threats_plays_a_win_in_three_and_finishes_it() -> None:
    """With ``threats``, the engine plays Yellow's win in three of a small position (checked by
    the brute force in the threat-space tests) as ``threats`` in 3, and after every third reply
    of the rules that does not end the game, a win at once or a fork (the exact fork search)."""
    position, mover, left = SMALL_THREE
    game = Palago.from_position(position, mover, tiles_left=left)
    engine = Engine(5, 1, settings=replace(LEVELS[5], threats=8000))  # it takes 6,730
    assert Engine(5, 1).choose(game).reason not in ("threats", "fork", "win")
    best = best_turn(game, engine)  # the analysis's reading of the choice: #3
    assert (best.reason, best.win_in) == ("threats", 3)
    game.play(best.turn)
    finished = 0
    for reply in list(every_legal_turn(game))[::3]:
        after = Palago.from_position(game.position(), game.mover, tiles_left=game.tiles_left)
        if after.play(reply).game_over:
            continue
        answer = engine.choose(after)
        assert answer.reason in ("win", "fork", "threats"), reply
        if answer.reason != "win":
            assert isinstance(
                examine_turn(after.position(), mover, answer.turn, tiles_left=after.tiles_left),
                Fork,
            )
        finished += 1
    assert finished > 0


def test_the_guard_checks_quiet_turns_for_a_win_in_three_with_quiet() -> None:
    """Blue's quiet turn ``1,-2L 1,-1D`` leaves Yellow a win in three (by ``forcing_wins``, a
    search of its own), the best-ranked turn none: with ``quiet`` the guard passes over the
    quiet turn; without, it looks for forks only and plays it."""
    position = Position.parse("-1,0D 0,0R")
    game = Palago.from_position(position, BLUE, tiles_left=11)
    quiet = (Tile.parse("1,-2L"), Tile.parse("1,-1D"))
    after = position.place(*quiet)
    assert not immediate_wins(after, BLUE, tiles_left=9)
    assert forcing_wins(after, YELLOW, tiles_left=9, limit=1).wins
    board = SearchBoard.of(game)
    best = Searcher(board, LEVELS[5].limits).ranked()[0]
    assert not forcing_wins(position.place(*best[1]), YELLOW, tiles_left=9, limit=1).wins
    ranked = [(best[0], quiet), best]
    unchecked = Engine(5, settings=LEVELS[5])._guarded(board, ranked, LEVELS[5])
    assert unchecked == (best[0], quiet)
    # the search for wins in three takes 6,730 examinations (for wins in four, more than 8,000)
    checked = Engine(5, settings=replace(LEVELS[5], quiet=8000, horizon=3))
    assert checked._guarded(board, ranked, checked.settings) == best


# Game 3 of the screening of level5:replies=8 against 04dab2a's level 5, before Yellow's turn 5.
BEFORE_A_REPLIES_CHOICE = "0,0R 1,0L / 2,-1D 3,-1R / 1,-1R 1,-2D / -1,0D 0,-1L"


def _after_the_best_reply(game: Palago, turn: tuple[Tile, ...]) -> int:
    """The brute-force referee of a look two turns ahead: ``turn`` laid, then every legal
    reply of the opponent by the rules' own generator, each scored as the search's leaves
    score it (a result by the plies it took, else the evaluation of the position, for the side
    to move); the value for the mover of ``game`` after the opponent's best reply."""
    after = Palago.from_position(game.position(), game.mover, tiles_left=game.tiles_left)
    after.play(list(turn))
    opponent, best = after.mover, -WIN
    for reply in every_legal_turn(after):
        trial = Palago.from_position(after.position(), opponent, tiles_left=after.tiles_left)
        trial.play(list(reply))
        if trial.over:
            value = 0 if trial.winner is None else WIN - len(reply)
            value = value if trial.winner in (None, opponent) else -value
        else:
            value = -evaluate(SearchBoard.of(trial))
        best = max(best, value)
    return -best


def test_level_5_plays_the_turn_whose_best_reply_leaves_it_best() -> None:
    """Level 5 scores its 16 best turns by the opponent's best reply: here the turn it plays is
    not the one it plays without (``replies=0``), and a brute force over every reply of the
    opponent (the rules' generator, no search) gives it the score the engine reports and a
    better one than that turn's."""
    game = Palago()
    for turn in BEFORE_A_REPLIES_CHOICE.split(" / "):
        game.play([Tile.parse(t) for t in turn.split()])
    choice = Engine(level=5, seed=0).choose(game)
    assert choice.reason == "replies" and choice.search is not None
    first = Engine(level=5, seed=0, settings=replace(LEVELS[5], replies=0)).choose(game)
    assert set(first.turn) != set(choice.turn)
    played = _after_the_best_reply(game, choice.turn)
    assert choice.search.score == played
    assert played > _after_the_best_reply(game, first.turn)


@settings(max_examples=examples(12), deadline=None)
@given(seed=st.integers(0, 10**6), turns=st.integers(1, 16), margin=st.integers(-300, 300))
def test_the_best_by_the_first_turn_with_a_bound_is_exact_below_it_and_reaches_it_above(
    seed: int, turns: int, margin: int
) -> None:
    """``best_by_first_turn`` without a bound gives the first full turn's best score
    (``ranked``, which looks at every turn) and keeps the best scores ``ranked`` gives; with a
    bound it reaches the bound exactly when the best does, and below it gives the best
    exactly."""
    board = SearchBoard.of(game_after(seed, turns))
    if board.over:
        return
    ranked = Searcher(board, REPLY_LIMITS).ranked()
    best = ranked[0][0]
    searcher = Searcher(board, REPLY_LIMITS)
    assert searcher.best_by_first_turn(keep=5)[0] == best
    assert [score for score, _ in searcher.kept] == [score for score, _ in ranked[:5]]
    scores = {frozenset(turn): score for score, turn in ranked}
    assert all(scores[frozenset(turn)] == score for score, turn in searcher.kept)
    beta = best + margin
    value, turn = Searcher(board, REPLY_LIMITS).best_by_first_turn(beta)
    assert (value >= beta) == (best >= beta)
    if value < beta:
        assert value == best
    assert len(board.legal_tiles()) > 0 and turn


@pytest.mark.parametrize(("seed", "turns"), [(3, 8), (17, 6), (29, 8), (33, 6)])
def test_the_replies_order_is_that_of_every_turn_scored_in_full(seed: int, turns: int) -> None:
    """The replies score most turns only as far as needed to show they are not the best, and
    make a bound exact when the guard reaches it: the order the guard sees is the order of
    every turn's full two-turn score (each reply searched in full by the alpha-beta search,
    sorted, ties in the first full turn's order), with the same scores."""
    board = SearchBoard.of(game_after(seed, turns))  # none of the 16 best turns wins or loses
    engine = Engine(level=5, seed=seed)
    ranked = Searcher(board, engine.settings.limits).ranked()
    count = 16
    scored = []
    for score, turn in ranked[:count]:
        if abs(score) >= NEAR_WIN:  # a won or lost turn ends the turns the replies score
            count = len(scored)
            break
        board.play(turn)
        try:
            value = score if board.over else -Searcher(board, REPLY_LIMITS).search().score
            scored.append((value, turn))
        finally:
            board.undo(turn)
    expected = sorted(scored, key=lambda item: -item[0]) + ranked[count:]
    replies = engine._by_replies(board, ranked, count)
    assert sum(item.exact for item in replies.scored) < count  # bounds did some of the work
    assert list(engine._replies_order(board, replies)) == expected


def test_past_the_deadline_the_replies_order_makes_no_bound_exact() -> None:
    """Under a time limit the guard plays the next turn unchecked once the deadline is past:
    the exactly scored turns then come first, best first, with no more searches."""
    board = SearchBoard.of(game_after(29, 8))
    engine = Engine(level=5, seed=29)
    ranked = Searcher(board, engine.settings.limits).ranked()
    replies = engine._by_replies(board, ranked, 16)
    nodes, best = replies.nodes, replies.best
    assert best is not None and not all(item.exact for item in replies.scored)
    exact = sorted((i for i in replies.scored if i.exact), key=lambda i: -i.score)
    order = islice(engine._replies_order(board, replies, deadline=0.0), len(exact))
    assert list(order) == [(i.score, i.turn) for i in exact]
    assert exact[0] is best and replies.nodes == nodes


@pytest.mark.parametrize(("seed", "turns"), [(8, 6), (23, 6), (39, 6), (1, 8)])
def test_the_look_three_turns_ahead_puts_first_the_turn_whose_worst_reply_leaves_it_best(
    seed: int, turns: int
) -> None:
    """Of the first turns of the replies' order, the one put first is the one whose worst reply
    (of the opponent's best by its first full turn) leaves the mover the best turn after it,
    each such turn found by the alpha-beta search in full (the first of equals); the others
    keep their order, and the board is left as it was. In three of the four positions the
    turn put first is not the replies' first."""
    board = SearchBoard.of(game_after(seed, turns))  # the replies' first is no near win
    level = replace(LEVELS[5], ahead=4, ahead_replies=3, ahead_nodes=10**9)
    engine = Engine(level=5, seed=seed, settings=level)
    ranked = Searcher(board, level.limits).ranked()
    replies = engine._by_replies(board, ranked, level.replies)
    order = list(engine._replies_order(board, replies))
    values = []
    for _, turn in order[: level.ahead]:
        board.play(turn)
        worst = WIN + 1
        for score, reply in Searcher(board, REPLY_LIMITS).ranked()[: level.ahead_replies]:
            board.play(reply)
            mine = -score if board.over else Searcher(board, REPLY_LIMITS).search().score
            board.undo(reply)
            worst = min(worst, mine)
        board.undo(turn)
        values.append(worst)
    best = values.index(max(values))
    expected = [order[best], *order[:best], *order[best + 1 :]]
    tiles = board.tiles.copy()
    replies = engine._by_replies(board, ranked, level.replies)
    ahead = engine._ahead_order(board, engine._replies_order(board, replies), level, replies)
    assert list(ahead) == expected
    assert replies.ahead == order[best][1] and board.tiles == tiles
    spent = replace(level, ahead_nodes=0)  # no turn looked at: the order is the replies'
    replies = engine._by_replies(board, ranked, level.replies)
    ahead = engine._ahead_order(board, engine._replies_order(board, replies), spent, replies)
    assert list(ahead) == order and replies.ahead == ()


def test_the_look_three_turns_ahead_puts_no_turn_the_replies_did_not_score_first() -> None:
    """When the replies' order reaches the turns they did not score (those after a turn the
    opponent's reply wins against), those turns are not looked at: none is put first."""
    board = SearchBoard.of(game_after(23, 6))  # the replies' first scores below 0 three ahead
    level = replace(LEVELS[5], ahead=4, ahead_nodes=10**9)
    engine = Engine(level=5, seed=23, settings=level)
    ranked = Searcher(board, level.limits).ranked()
    replies = engine._by_replies(board, ranked, level.replies)
    first = next(engine._replies_order(board, replies))
    unscored = ranked[-1]  # a turn the replies did not score, with its first-turn score
    assert frozenset(unscored[1]) not in replies.best_replies
    ordered = iter([first, (0, unscored[1])])
    assert list(engine._ahead_order(board, ordered, level, replies)) == [first, (0, unscored[1])]
    assert replies.ahead == first[1]
