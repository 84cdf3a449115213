"""Palago for two players (model section 5), checked tile by tile.

Yellow and Blue take turns. The first turn lays two adjacent tiles (variant ``1-1-2``: one tile,
then one tile, then two per turn). A later turn lays two tiles that touch each other, at least one
of them touching the palago. Creatures are checked after every single tile: the first creature
ends the game at once, so a one-tile turn is legal exactly when its tile completes one. A single
hole (as the turn begins) takes a tile only if that tile completes a creature. When the supply
runs out the game is drawn (or, with the tie-break variant, decided by the largest group counted
in straights).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.analysis import Creature, analyse
from ..core.board import Board, Opening
from ..core.hexgrid import Cell
from ..core.position import Position
from ..core.tiles import SET_SIZE, Colour, Tile
from ..errors import GameOverError, IllegalMoveError

__all__ = ["Opening", "Palago", "PalagoOptions", "PalagoTurnResult", "tiles_left_after"]


@dataclass(frozen=True)
class PalagoOptions:
    """Supply of tiles (``None``: unlimited, as boardspace.net plays), opening variant and the
    tie-break variant for a drawn game."""

    supply: int | None = SET_SIZE
    opening: Opening = Opening.STANDARD
    tie_break: bool = False

    def __post_init__(self) -> None:
        if self.supply is not None and self.supply < 2:
            raise IllegalMoveError("supply", f"a game needs at least 2 tiles, not {self.supply}")


@dataclass(frozen=True)
class PalagoTurnResult:
    """What one turn did."""

    number: int
    mover: Colour
    tiles: tuple[Tile, ...]
    completed: tuple[Creature, ...]
    game_over: bool
    winner: Colour | None
    draw: bool
    reason: str


def tiles_left_after(position: Position) -> int:
    """The tiles still in the supply of a standard game (48 tiles) once ``position`` is laid."""
    return max(0, SET_SIZE - len(position))


class Palago:
    """A game of Palago in progress. ``play`` checks a turn against every rule and applies it.

    The game is a :class:`~palago_tools.core.board.Board` (the tiles, the supply, the turn and
    every rule of a turn) with what only the rules keep: who began, the options, and how the
    game ended (the tie-break variant included).

    >>> from palago_tools.core import Tile
    >>> game = Palago()
    >>> game.play([Tile.parse("0,0R"), Tile.parse("0,1L")]).completed, game.mover.value
    ((), 'blue')
    >>> game.is_legal([Tile.parse("5,5R")])
    False
    """

    def __init__(self, first: Colour = Colour.YELLOW, options: PalagoOptions | None = None) -> None:
        self.options = options or PalagoOptions()
        self.first = first
        self.board = Board(
            mover=first,
            tiles_left=self.options.supply,
            turn_number=1,
            opening=self.options.opening,
            index=False,
        )
        """The game's board (do not play on it: :meth:`play` keeps the result). It keeps no
        closability index, which a replay does not need: a search makes its own board."""
        self.winner: Colour | None = None
        self.draw = False
        self.reason = ""

    @classmethod
    def from_position(
        cls, position: Position, mover: Colour, tiles_left: int | None = None
    ) -> Palago:
        """A game going on from ``position`` with ``mover`` to lay two tiles (a study or a
        puzzle); the supply holds ``tiles_left`` more tiles (48 less the tiles laid if omitted)."""
        left = tiles_left_after(position) if tiles_left is None else tiles_left
        game = cls(mover, PalagoOptions(supply=max(2, len(position) + left)))
        game.board = Board(position, mover, left, turn_number=3, index=False)
        return game

    # State ---------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.draw or self.winner is not None

    @property
    def turn_number(self) -> int:
        """The number of the turn to play (the last one played plus one, once the game ends)."""
        return self.board.turn_number

    @property
    def tiles_left(self) -> int | None:
        """Tiles still in the supply; ``None`` for an unlimited supply."""
        return self.board.tiles_left

    @property
    def mover(self) -> Colour:
        """The colour whose turn it is."""
        return self.first if self.turn_number % 2 == 1 else self.first.other

    @property
    def tiles(self) -> dict[Cell, int]:
        """Cell → yellow tip of the tiles laid so far (live; do not modify)."""
        return self.board.tiles

    def position(self) -> Position:
        """The tiles laid so far."""
        return self.board.position()

    def tiles_this_turn(self) -> int:
        """How many tiles the current turn lays (fewer only to complete a creature)."""
        return self.board.tiles_this_turn()

    # Play ----------------------------------------------------------------------------------
    def play(self, tiles: Sequence[Tile]) -> PalagoTurnResult:
        """Lay the tiles of one turn in order; raise :class:`IllegalMoveError` naming the rule
        broken, leaving the game as it was."""
        mover, number = self.mover, self.turn_number
        completed = self.lay(tiles)
        return PalagoTurnResult(
            number=number,
            mover=mover,
            tiles=tuple(tiles),
            completed=completed,
            game_over=self.over,
            winner=self.winner,
            draw=self.draw,
            reason=self.reason,
        )

    def lay(self, tiles: Sequence[Tile]) -> tuple[Creature, ...]:
        """:meth:`play` without the report: lay the tiles of one turn and return the creatures
        completed (the game's state tells the rest)."""
        if self.over:
            raise GameOverError("game-over", f"the game is over ({self.describe_result()})")
        completed = self.board.play(tiles)
        if completed:
            colours = {c.colour for c in completed}
            if len(colours) == 2:
                mover = self.board.mover  # the mover loses (the board stays on the last turn)
                self.winner = mover.other
                self.reason = f"{mover} completed creatures of both colours and loses"
            else:
                (colour,) = colours
                self.winner = colour
                self.reason = f"{tiles[-1]} completed a {colour} creature"
        elif self.board.draw:
            self._out_of_tiles()
        return completed

    def _out_of_tiles(self) -> None:
        if self.options.tie_break:
            groups = self.largest_groups()
            if groups[Colour.YELLOW] != groups[Colour.BLUE]:
                self.winner = max(groups, key=lambda c: groups[c])
                self.reason = (
                    f"the supply ran out; tie-break: largest yellow group {groups[Colour.YELLOW]} "
                    f"straights, largest blue group {groups[Colour.BLUE]}"
                )
                return
        self.draw = True
        self.reason = "the supply ran out before any creature was completed"

    def largest_groups(self) -> dict[Colour, int]:
        """For each colour, the number of straights in its largest region."""
        best = {Colour.YELLOW: 0, Colour.BLUE: 0}
        for verdict in analyse(self.position()).verdicts:
            best[verdict.colour] = max(best[verdict.colour], verdict.straights)
        return best

    def describe_result(self) -> str:
        """How the game stands, in words."""
        if self.winner is not None:
            return f"{self.winner} won: {self.reason}"
        if self.draw:
            return f"drawn: {self.reason}"
        return "in progress"

    # Legal turns: the board's (``game.board.legal_turns()``) --------------------------------
    def is_legal(self, tiles: Sequence[Tile]) -> bool:
        """True when ``play(tiles)`` would succeed (the game is left unchanged)."""
        return not self.over and self.board.is_legal(tiles)
