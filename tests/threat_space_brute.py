"""A brute force of forced wins through threats, the referee of the threat-space search.

It knows nothing of the tactics: no closability index, no zones, no candidate turns. A board
made with ``index=False`` gives the legal turns (:meth:`Board.legal_turns`) and the legal tiles
of each ply (:meth:`Board.legal_tiles`); each is laid with :meth:`Board.make` and lifted with
:meth:`Board.unmake`, and the board's ``winner`` says who a completing tile made win. Every
legal turn of the attacker, every legal reply and every turn after it is tried (the only help:
the turns that won or refuted last are tried first, and what a position was found to hold is
kept by its hash; neither changes an answer).

:meth:`BruteForce.turn_wins` decides the definition of :mod:`palago_tools.tactics.threat_space`
word for word: the turn ends nothing, and the attacker, were it to move again, would win at once
(it makes a threat); every legal reply ends the game with the attacker's win or leaves the
attacker a win at once or a win through threats one turn shorter. The other side's win at once
after the turn is a reply like any other (it refutes).
"""

from __future__ import annotations

from palago_tools.core.board import Board
from palago_tools.core.position import Position
from palago_tools.core.tiles import Colour, Tile

Turn = tuple[Tile, ...]
KEPT = 4


class BruteForce:
    """Forced wins through threats of the side to move, by full enumeration (see the module)."""

    def __init__(self, position: Position, mover: Colour, left: int | None) -> None:
        self.board = Board(position, mover, left, index=False)
        self.at_once: dict[tuple[int, int | None], bool] = {}
        self.within: dict[tuple[int, int | None, int], bool] = {}
        self.winning: list[Turn] = []
        self.refuting: list[Turn] = []
        self.plies = 0

    # Laying and lifting ------------------------------------------------------------------------
    def _lay(self, turn: Turn) -> None:
        for tile in turn:
            self.board.make(tile)
        self.plies += len(turn)

    def _lift(self, turn: Turn) -> None:
        for _tile in turn:
            self.board.unmake()

    def _first(self, first: list[Turn]) -> list[Turn]:
        """Every legal turn, those of ``first`` (when legal) before the others."""
        turns = list(self.board.legal_turns())
        keys = {frozenset(t) for t in turns}
        front = [t for t in first if frozenset(t) in keys]
        seen = {frozenset(t) for t in front}
        return front + [t for t in turns if frozenset(t) not in seen]

    @staticmethod
    def _keep(found: list[Turn], turn: Turn) -> None:
        if turn in found:
            found.remove(turn)
        found.insert(0, turn)
        del found[KEPT:]

    # Wins ----------------------------------------------------------------------------------------
    def wins_now(self) -> bool:
        """Whether the side to move has a legal turn that makes it the winner: every legal
        first tile, and every legal second tile after one that ends nothing."""
        board = self.board
        key = (board.hash, board.tiles_left)
        known = self.at_once.get(key)
        if known is not None:
            return known
        mover = board.mover
        found = False
        for tile in board.legal_tiles():
            board.make(tile)
            self.plies += 1
            try:
                if board.over or board.pending is None:
                    found = board.winner is mover
                else:
                    for second in board.legal_tiles():
                        board.make(second)
                        self.plies += 1
                        found = board.winner is mover
                        board.unmake()
                        if found:
                            break
            finally:
                board.unmake()
            if found:
                break
        self.at_once[key] = found
        return found

    def threatens(self, attacker: Colour) -> bool:
        """Whether ``attacker``, were it to move now (on a new board of the same tiles and
        supply), would win at once."""
        board = self.board
        again = BruteForce(board.position(), attacker, board.tiles_left)
        again.at_once = self.at_once
        found = again.wins_now()
        self.plies += again.plies
        return found

    def win_within(self, turns: int) -> bool:
        """Whether the side to move wins at once or has a turn that wins through threats
        within ``turns`` turns."""
        if self.wins_now():
            return True
        if turns < 2:
            return False
        board = self.board
        key = (board.hash, board.tiles_left, turns)
        known = self.within.get(key)
        if known is not None:
            return known
        found = False
        for turn in self._first(self.winning):
            if self.turn_wins(turn, turns):
                self._keep(self.winning, turn)
                found = True
                break
        self.within[key] = found
        return found

    def turn_wins(self, turn: Turn, turns: int) -> bool:
        """Whether ``turn`` (legal) of the side to move wins through threats within ``turns``
        turns (``turns`` ≥ 2)."""
        board = self.board
        attacker = board.mover
        self._lay(turn)
        try:
            if board.over or not self.threatens(attacker):
                return False
            for reply in self._first(self.refuting):
                self._lay(reply)
                try:
                    if board.over:
                        if board.winner is attacker:
                            continue
                        return False
                    if not self.win_within(turns - 1):
                        self._keep(self.refuting, reply)
                        return False
                finally:
                    self._lift(reply)
            return True
        finally:
            self._lift(turn)

    def threatening_turns(self) -> list[Turn]:
        """The legal turns of the side to move that end nothing and make a threat."""
        board = self.board
        attacker = board.mover
        found: list[Turn] = []
        for turn in self._first([]):
            self._lay(turn)
            if not board.over and self.threatens(attacker):
                found.append(turn)
            self._lift(turn)
        return found

    def winning_turns(self, turns: int) -> set[frozenset[Tile]]:
        """Every legal turn of the side to move that wins through threats within ``turns``."""
        return {frozenset(t) for t in self._first([]) if self.turn_wins(t, turns)}
