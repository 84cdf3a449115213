"""Analysing with the engine: the best turn of a position with its evaluation and principal
variation, and the review of every turn of a game against the engine's best.

**One scale.** The evaluation of a position is the value of the engine's search from it (its
best turn's score), in engine units for the side to move (``evaluation.py``); a record and the
reports show it for Yellow as *points*, a hundred units each (``[%eval 1.25]``), or, when the
result is proven, as a win in ``k`` turns of the winner (``[%eval #3]`` for Yellow, ``#-3`` for
Blue), the convention lichess uses for chess in PGN. A score the search saw as a win at once
at the end of its line (:data:`~.evaluation.NEAR_WIN`) is shown as a win in turns once the
tactics prove it (:func:`settled`).

**Marks.** A turn is judged by the *winning chances* it gives away, as lichess judges moves: a
score ``s`` of the mover is a win probability ``p = 1 / (1 + exp(-s / SCALE))`` (a proven win
1, a proven loss 0), its winning chances are ``2p - 1`` (−1 to 1). The turn played and the
engine's best are evaluated alike, each by the evaluation of the position it leaves (the
search from there, for the opponent, negated), and the turn loses the chances between them when
the best's are higher: ``?!`` from :data:`DUBIOUS` (0.1), ``?`` from :data:`MISTAKE` (0.2),
``??`` from :data:`BLUNDER` (0.3), lichess's thresholds. The best is written beside a turn only
when it is better for the mover than the turn played, with that evaluation, so a mark never
stands beside a "best" that looks no better.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Final

from ..core.tiles import Colour, Tile
from ..errors import IllegalMoveError
from ..notation import records as rec
from ..notation.walk import Visitor, walk
from ..notation.writer import eval_text
from ..replays.situations import game_of, situation_of
from ..rules.palago import Palago
from ..tactics import examine_defence, forced_wins
from ..tactics.results import Fork
from .board import SearchBoard, Turn
from .evaluation import NEAR_WIN, SURE, WIN
from .player import Engine

SCALE: Final = 400
"""Engine units of score that move the win probability from 1/2 to 1/(1 + e⁻¹), about 0.73."""
DUBIOUS: Final = 0.1
MISTAKE: Final = 0.2
BLUNDER: Final = 0.3
"""Losses of winning chances (−1 to 1) from which a turn is marked ``?!``, ``?``, ``??``."""
FORK_PLIES: Final = 5
"""The plies to a proven fork's win counted in its score: the mover's turn, the reply, then the
winning tile (the fifth ply, or the sixth for a pair; both are a win in two turns)."""
LOSS_PLIES: Final = 4
"""The plies to the opponent's win counted in the score of a proven loss in one: the mover's
turn, then the opponent's winning turn (its tile the third ply, or the fourth for a pair)."""

PREFIX: Final = "Engine:"
"""How the comments written by the engine's annotator begin."""
ANNOTATOR: Final = "palago annotate --engine"


def win_probability(score: int) -> float:
    """The mover's chance of winning for a score (a proven win 1, a proven loss 0)."""
    if score >= SURE:
        return 1.0
    if score <= -SURE:
        return 0.0
    return 1.0 / (1.0 + math.exp(-score / SCALE))


def winning_chances(score: int) -> float:
    """``2p - 1`` of :func:`win_probability`: −1 (lost) to 1 (won)."""
    return 2.0 * win_probability(score) - 1.0


def win_in(score: int) -> int | None:
    """For a proven result at the start of the mover's turn, the winner's turns to its win:
    positive when the mover wins, negative when the opponent does; ``None`` otherwise."""
    if abs(score) < SURE:
        return None
    plies = WIN - abs(score)  # the winning tile is the plies-th tile from here
    if score > 0:
        return max(1, (plies - 1) // 4 + 1)
    return -max(1, (plies + 1) // 4)


def evaluation_command(score: int, mover: Colour) -> rec.EvalCommand:
    """``[%eval …]`` of a score for ``mover`` at the start of its turn (for Yellow)."""
    sign = 1 if mover is Colour.YELLOW else -1
    turns = win_in(score)
    if turns is not None:
        return rec.EvalCommand(win_in=sign * turns)
    return rec.EvalCommand(points=sign * score / 100)


def score_text(score: int, mover: Colour) -> str:
    """A score for ``mover`` as the record writes it: ``1.25``, ``-0.50``, ``#3``, ``#-3``."""
    return eval_text(evaluation_command(score, mover))


@dataclass(frozen=True)
class BestTurn:
    """The engine's best turn for the mover of a position, its score for the mover, the
    principal variation as turns (the best first) and what the search spent."""

    mover: Colour
    turn: Turn
    score: int
    line: tuple[Turn, ...]
    reason: str
    depth: int = 0
    nodes: int = 0
    seconds: float = 0.0

    @property
    def win_in(self) -> int | None:
        """See :func:`win_in`."""
        return win_in(self.score)


def turns_of(game: Palago, tiles: Sequence[Tile]) -> tuple[Turn, ...]:
    """Tiles laid one a ply from ``game``'s position, grouped into turns (the last may be
    unfinished when the line stops half way)."""
    board = SearchBoard.of(game)
    turns: list[Turn] = []
    current: list[Tile] = []
    for tile in tiles:
        if board.over or tile not in board.legal_tiles():
            break
        board.make(tile)
        current.append(tile)
        if board.pending is None:
            turns.append(tuple(current))
            current = []
    if current:
        turns.append(tuple(current))
    return tuple(turns)


def settled(game: Palago, score: int) -> int:
    """``score``, the search's for ``game``'s mover, as a proven result when it is one: the
    search scores a position whose side to move has a win at once :data:`~.evaluation.NEAR_WIN`
    (not a count of turns), so a score from there up is made a win in two when the tactics
    find the mover a fork, and a score from its negative down a loss in one when every turn of
    the mover leaves the opponent a win at once (:func:`~palago_tools.tactics.examine_defence`).
    Other scores are returned as they are."""
    if abs(score) >= SURE or abs(score) < NEAR_WIN or game.over:
        return score
    board = SearchBoard.of(game)
    if score > 0:
        return WIN - FORK_PLIES if forced_wins(board, game.mover, limit=1) else score
    lost = isinstance(examine_defence(board, game.mover), Fork)
    return -(WIN - LOSS_PLIES) if lost else score


def best_turn(game: Palago, engine: Engine) -> BestTurn:
    """The engine's choice for ``game``'s mover, with its score (:func:`settled`) and
    principal variation: the evaluation of the position."""
    start = time.perf_counter()
    choice = engine.choose(game)
    if choice.search is None:  # the root tactics' own win, fork or threats: no search needed
        if choice.reason == "win":
            score = WIN - len(choice.turn)
        else:  # a win in k turns: its winning tile 4k - 3 plies on (a fork's is FORK_PLIES)
            score = WIN - (4 * (choice.win_in or 2) - 3)
        return BestTurn(
            game.mover,
            choice.turn,
            score,
            (choice.turn,),
            choice.reason,
            seconds=time.perf_counter() - start,
        )
    found = choice.search
    line = turns_of(game, found.pv) if found.pv[: len(choice.turn)] == choice.turn else ()
    if not line or line[0] != choice.turn:
        line = (choice.turn,)
    return BestTurn(
        game.mover,
        choice.turn,
        settled(game, found.score),
        line,
        choice.reason,
        found.depth,
        found.nodes,
        time.perf_counter() - start,
    )


def game_at(record: rec.Record, turn: int | None = None, to_move: Colour | None = None) -> Palago:
    """The rules game of ``record`` after turn ``turn`` (``None``: its last), or a game going
    on from a Position record; the errors of :func:`~..replays.situations.situation_of`."""
    situation = situation_of(record, turn, to_move)
    if isinstance(record, rec.PalagoGame) and to_move is None:
        game = game_of(record)
        for played in record.turns[: len(record.turns) if turn is None else turn]:
            game.play(played.tiles)
        return game
    return Palago.from_position(situation.position, situation.mover, situation.tiles_left)


# Reviewing a game ----------------------------------------------------------------------------


@dataclass(frozen=True)
class TurnReview:
    """One turn of a game against the engine: the engine's best turn before it, and the
    evaluations of the positions the turn played and the best leave (both for the mover, found
    alike), the winning chances lost and the glyph they earn."""

    number: int
    mover: Colour
    played: Turn
    best: BestTurn
    """The engine's best turn; its :attr:`~BestTurn.score` is the mover's after that turn,
    found as :attr:`score` is."""
    score: int
    """The mover's score after the turn played (the opponent's evaluation there, negated)."""
    loss: float
    glyph: rec.Glyph | None
    final: bool = False
    """The turn ended the game (there is no position after it to evaluate)."""

    @property
    def is_best(self) -> bool:
        return set(self.played) == set(self.best.turn)

    @property
    def better(self) -> bool:
        """The best turn is not the turn played and leaves the mover a better evaluation."""
        return not self.is_best and self.best.score > self.score


def judge(loss: float) -> rec.Glyph | None:
    """The glyph of a loss of winning chances (see the module's docstring)."""
    if loss >= BLUNDER:
        return rec.Glyph.BLUNDER
    if loss >= MISTAKE:
        return rec.Glyph.MISTAKE
    if loss >= DUBIOUS:
        return rec.Glyph.DUBIOUS
    return None


_WORDS: Final = {
    rec.Glyph.BLUNDER: "blunder",
    rec.Glyph.MISTAKE: "mistake",
    rec.Glyph.DUBIOUS: "inaccuracy",
}


def _after(game: Palago, mover: Colour, engine: Engine) -> tuple[int, BestTurn | None]:
    """The score for ``mover`` of ``game`` just after mover's turn (the evaluation of the
    position for the opponent, negated), and the opponent's best turn there."""
    if game.over:
        if game.winner is None:
            return 0, None
        return (WIN - 1 if game.winner is mover else 1 - WIN), None
    following = best_turn(game, engine)
    return -following.score, following


def after_evaluation(score: int, mover: Colour) -> rec.EvalCommand:
    """``[%eval …]`` of the position after a turn of ``mover`` that leaves it ``score``: the
    evaluation for the opponent, who is to move there, written for Yellow."""
    return evaluation_command(-score, mover.other)


def review_game(
    record: rec.PalagoGame,
    engine: Engine,
    *,
    progress: Callable[[int, int], None] | None = None,
    deadline: float | None = None,
) -> list[TurnReview]:
    """Every turn of ``record``'s main line against ``engine``'s best, until the game ends, an
    illegal turn, or ``deadline`` (a :func:`time.monotonic` time) passes.

    The turn played and the engine's best are evaluated alike, by the engine's search of the
    position after each (for the opponent, negated); the search after the turn played is also
    the next turn's best and the evaluation the record shows after the turn."""
    game = game_of(record)
    played: list[Turn] = []
    reviews: list[TurnReview] = []
    total = len(record.turns)
    best: BestTurn | None = None
    for index, turn in enumerate(record.turns):
        if game.over or (deadline is not None and time.monotonic() > deadline):
            break
        if progress is not None:
            progress(index, total)
        mover = game.mover
        best = best if best is not None else best_turn(game, engine)
        try:
            game.play(turn.tiles)
        except IllegalMoveError:
            break
        played.append(turn.tiles)
        score, following = _after(game, mover, engine)
        best_score = score
        if set(turn.tiles) != set(best.turn):
            other = game_of(record)
            for tiles in played[:-1]:
                other.play(tiles)
            other.play(best.turn)
            best_score = _after(other, mover, engine)[0]
        loss = max(0.0, winning_chances(best_score) - winning_chances(score))
        reviews.append(
            TurnReview(
                turn.number,
                mover,
                turn.tiles,
                replace(best, score=best_score),
                score,
                loss,
                judge(loss),
                final=game.over,
            )
        )
        best = following
    return reviews


def review_comment(review: TurnReview) -> rec.Comment | None:
    """``{Engine: … [%eval …] [%ghost …]}`` for one turn: the evaluation of the position after
    it (none after the game's last turn), and, when the engine's best turn leaves the mover a
    better one, the best with that evaluation (on the same scale, for Yellow) and its tiles
    drawn faintly; ``{[%eval …]}`` alone otherwise, ``None`` for a last turn no better turn
    beats."""
    after: tuple[rec.Annotation, ...] = ()
    if not review.final:
        after = (after_evaluation(review.score, review.mover),)
    if not review.better:  # the evaluation alone, as lichess writes it
        return rec.Comment("", after) if after else None
    best = review.best
    word = _WORDS.get(review.glyph) if review.glyph is not None else None
    tiles = " ".join(t.token for t in best.turn)
    value = eval_text(after_evaluation(best.score, review.mover))
    text = f"{PREFIX} {word + ', ' if word else ''}best {tiles} ({value})"
    return rec.Comment(text, (*after, rec.GhostCommand(best.turn)))


def is_ours(comment: rec.Comment) -> bool:
    """A comment the engine's annotator writes (and replaces on the next run): one that begins
    ``Engine:``, or an evaluation alone."""
    alone = not comment.text and comment.annotations
    return comment.text.startswith(PREFIX) or bool(
        alone and all(isinstance(a, rec.EvalCommand) for a in comment.annotations)
    )


class _Writer(Visitor[rec.PalagoTurn]):
    """Puts each review on the last tile of its turn; other turns are kept as they are."""

    def __init__(self, reviews: Sequence[TurnReview]) -> None:
        self.reviews = {r.number: r for r in reviews}
        self.turns: list[rec.PalagoTurn] = []

    def visit_turn(self, turn: rec.PalagoTurn, index: int) -> None:
        *head, tail = turn.placements
        review = self.reviews.get(turn.number)
        if review is not None:
            kept = tuple(c for c in tail.comments if not is_ours(c))
            comment = review_comment(review)
            tail = replace(tail, comments=(*kept, comment) if comment else kept)
            if review.glyph is not None and tail.glyph is None:
                tail = replace(tail, glyph=review.glyph)
        self.turns.append(replace(turn, placements=(*head, tail)))

    def begin_variation(
        self, variation: rec.Variation[rec.PalagoTurn], turn: rec.PalagoTurn, index: int
    ) -> bool:
        return False  # the main line only: variations are kept as written


def annotated_game(record: rec.PalagoGame, reviews: Sequence[TurnReview]) -> rec.PalagoGame:
    """``record`` with the reviews written on its turns (the comments of :func:`is_ours` are
    replaced, the others kept; a glyph already written is kept) and the Annotator tag."""
    writer = _Writer(reviews)
    walk(record, writer)
    tags = tuple((k, v) for k, v in record.tags if k != "Annotator") + (("Annotator", ANNOTATOR),)
    return replace(record, turns=tuple(writer.turns), tags=tags)


__all__ = [
    "ANNOTATOR",
    "LOSS_PLIES",
    "BLUNDER",
    "DUBIOUS",
    "MISTAKE",
    "PREFIX",
    "SCALE",
    "BestTurn",
    "TurnReview",
    "after_evaluation",
    "annotated_game",
    "best_turn",
    "evaluation_command",
    "game_at",
    "is_ours",
    "judge",
    "review_comment",
    "review_game",
    "score_text",
    "settled",
    "turns_of",
    "win_in",
    "win_probability",
    "winning_chances",
]
