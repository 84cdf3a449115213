"""The history of a replayed game: what each turn changed on the board, and the positions
recovered from those changes on demand."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

from ..core.hexgrid import Cell
from ..core.position import Position
from ..core.tiles import Orientation, Tile


@dataclass(slots=True)
class TurnChanges:
    """What one turn changed on the board: the tiles laid, the tiles taken off (as they lay)
    and the tiles turned, each as ``(before, after)`` on the same cell.

    Read-only by convention: replay makes one per turn, and a frozen dataclass costs about
    four times as much to make.
    """

    added: tuple[Tile, ...] = ()
    removed: tuple[Tile, ...] = ()
    turned: tuple[tuple[Tile, Tile], ...] = ()

    def apply(self, tiles: dict[Cell, Orientation]) -> None:
        """Make the changes to ``tiles`` (cell → orientation), the board before the turn."""
        for tile in self.removed:
            del tiles[tile.cell]
        for _before, after in self.turned:
            tiles[after.cell] = after.orientation
        for tile in self.added:
            tiles[tile.cell] = tile.orientation

    def undo(self, tiles: dict[Cell, Orientation]) -> None:
        """Take the changes back from ``tiles``, the board after the turn."""
        for tile in self.added:
            del tiles[tile.cell]
        for before, _after in self.turned:
            tiles[before.cell] = before.orientation
        for tile in self.removed:
            tiles[tile.cell] = tile.orientation


class PositionHistory:
    """The positions of a replayed game, recovered on demand from each turn's changes.

    Replay records only the changes, so it costs time and memory in proportion to the tiles
    laid; a position is built when asked for, from the board of the last one asked (walking
    forwards or backwards through the changes), and the last few are kept.
    """

    _KEEP = 8

    def __init__(self) -> None:
        self.changes: list[TurnChanges] = []
        self._board: dict[Cell, Orientation] = {}
        self._at = -1  # the board above is the position after turn ``_at`` (-1: the empty start)
        self._built: OrderedDict[int, Position] = OrderedDict()

    def __len__(self) -> int:
        return len(self.changes)

    def append(self, changes: TurnChanges) -> int:
        """Record the next turn's changes; return that turn's index."""
        self.changes.append(changes)
        return len(self.changes) - 1

    def position_after(self, index: int) -> Position:
        """The position after turn ``index`` (0-based; -1 is the empty board before the first)."""
        if not -1 <= index < len(self.changes):
            raise IndexError(f"turn index {index} is outside 0..{len(self.changes) - 1}")
        built = self._built.get(index)
        if built is not None:
            self._built.move_to_end(index)
            return built
        board = self._board
        while self._at < index:
            self._at += 1
            self.changes[self._at].apply(board)
        while self._at > index:
            self.changes[self._at].undo(board)
            self._at -= 1
        built = Position(board)
        self._built[index] = built
        if len(self._built) > self._KEEP:
            self._built.popitem(last=False)
        return built
