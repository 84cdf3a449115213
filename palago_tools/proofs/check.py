"""Check a proof with the rules alone: every turn of the loser, every line of play to its end.

The checker trusts nothing of the search: from the proof's position it plays the strategy's turn
at each of the winner's positions (found by name, :mod:`.canonical`) with the rules
(:class:`~palago_tools.rules.Palago`), and at each of the loser's positions goes through every
legal turn of the rules' own move generator. A line of play must end in a creature the rules
award to the winner within the proof's number of the winner's turns; a loser's turn that wins,
draws, or reaches a position the strategy has no line for, and a strategy turn the rules
refuse, each make the proof fail, with the line of play that shows it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..core.hexgrid import CLASS_SWAPPING
from ..core.position import Position
from ..core.tiles import Colour, Tile
from ..core.turns import Turn
from ..errors import IllegalMoveError
from ..rules.palago import Palago
from .canonical import name_of, tiles_text
from .strategy import Proof

__all__ = ["Check", "check_proof"]


@dataclass(frozen=True)
class Check:
    """What the checker did: the winner's positions played (each once by name), the loser's
    turns gone through, the longest line of play in turns, and the first fault (``None``: the
    proof holds)."""

    winner_positions: int
    loser_turns: int
    longest: int
    fault: str | None

    @property
    def holds(self) -> bool:
        return self.fault is None


class _Fault(Exception):
    pass


def check_proof(proof: Proof, progress: Callable[[int, int], None] | None = None) -> Check:
    """Check ``proof`` (see the module's docstring); ``progress`` is called now and then with
    the winner's positions and the loser's turns so far."""
    checker = _Checker(proof, progress)
    position, mover = proof.position, proof.mover
    if proof.winner is Colour.BLUE:  # check in the frame where the winner is yellow
        position = Position(t.moved(CLASS_SWAPPING[0])[0] for t in position.tiles())
        mover = mover.other
    try:
        game = Palago.from_position(position, mover, proof.tiles_left)
        if mover is Colour.YELLOW:
            checker.winner_node(game, proof.turns, [])
        else:
            checker.loser_node(game, proof.turns, [])
    except _Fault as fault:
        return Check(len(checker.done), checker.loser_turns, checker.longest, str(fault))
    return Check(len(checker.done), checker.loser_turns, checker.longest, None)


class _Checker:
    def __init__(self, proof: Proof, progress: Callable[[int, int], None] | None) -> None:
        self.proof = proof
        self.progress = progress
        self.done: dict[str, int] = {}
        """Name → the winner's turns left when its line was checked (enough for fewer)."""
        self.loser_turns = 0
        self.longest = 0

    def winner_node(self, game: Palago, turns: int, line: list[Turn]) -> None:
        """The winner (yellow: the check runs in the frame where it is) to move in ``game``,
        with ``turns`` of its turns left."""
        proof = self.proof
        name, _ = name_of(game.position(), Colour.YELLOW)
        if self.done.get(name, -1) >= turns:
            return
        if turns < 1:
            raise _Fault(f"the winner has used its {proof.turns} turns after {_line(line)}")
        turn = proof.strategy.get(name)
        if turn is None:
            raise _Fault(f"the strategy has no line for the position after {_line(line)}: {name}")
        # Play on in the name's frame: the winner is yellow there.
        framed = Palago.from_position(Position(_tiles(name)), Colour.YELLOW, game.tiles_left)
        try:
            framed.play(turn)
        except IllegalMoveError as error:
            raise _Fault(
                f"the strategy's turn {tiles_text(turn)} at {name} is illegal: {error}"
            ) from None
        played = [*line, turn]
        self.longest = max(self.longest, len(played))
        if framed.over:
            if framed.winner is not Colour.YELLOW:
                raise _Fault(
                    f"the strategy's turn {tiles_text(turn)} at {name} does not win: "
                    f"{framed.describe_result()}"
                )
        else:
            self.loser_node(framed, turns - 1, played)
        self.done[name] = turns
        if self.progress is not None and len(self.done) % 256 == 0:
            self.progress(len(self.done), self.loser_turns)

    def loser_node(self, game: Palago, turns: int, line: list[Turn]) -> None:
        """The loser (blue) to move in ``game``; every legal turn of the rules' generator."""
        position, left = game.position(), game.tiles_left
        for reply in list(game.board.legal_turns()):
            self.loser_turns += 1
            after = Palago.from_position(position, Colour.BLUE, left)
            after.play(reply)
            played = [*line, reply]
            self.longest = max(self.longest, len(played))
            if after.over:
                if after.winner is not Colour.YELLOW:
                    raise _Fault(f"the loser escapes: {_line(played)} ({after.describe_result()})")
                continue
            self.winner_node(after, turns, played)


def _tiles(text: str) -> list[Tile]:
    return [Tile.parse(token) for token in text.split()]


def _line(line: list[Turn]) -> str:
    return " / ".join(tiles_text(turn) for turn in line) or "the start"
