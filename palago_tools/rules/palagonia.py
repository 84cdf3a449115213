"""Palagonia for 3 to 10 players, and solitaire (model section 6; docs/rules.md cites the
rulebook section behind each rule).

Two dice with faces 2, 3, 4, 5, remove and rotate; tiles come from a bag. The roll-off winner
draws and lays the first tiles. A turn rolls both dice, chooses one and acts: place N tiles,
remove an outer tile back into the bag, or rotate an inner tile. A creature closed by placing
scores its value (loops + legs, at least 3) when every tile of the turn is one of its tiles; the
previous player scores the same, except in the extra turn a double gives. The game ends when a
placement (the start included) empties the bag; when removals empty the palago the game starts
again (a new game).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final

from ..core.analysis import Creature, plural
from ..core.dice import Die as Die
from ..core.hexgrid import Cell, cell_text, neighbours
from ..core.incremental import LiveAnalysis
from ..core.position import (
    Position,
    enclosed_areas,
    hole_change,
    is_connected,
    joins,
    stays_connected_without,
)
from ..core.tiles import SET_SIZE, Orientation, Tile
from ..errors import GameOverError, IllegalMoveError

NUMBER_FACES = (Die.TWO, Die.THREE, Die.FOUR, Die.FIVE)
FACES = (*NUMBER_FACES, Die.REMOVE, Die.ROTATE)


@dataclass(frozen=True)
class PlaceAction:
    """Place these tiles (as many as the chosen die shows)."""

    tiles: tuple[Tile, ...]


@dataclass(frozen=True)
class RemoveAction:
    """Take the outer tile on ``cell`` back into the bag."""

    cell: Cell


@dataclass(frozen=True)
class RotateAction:
    """Turn the inner tile on ``cell`` to ``orientation``."""

    cell: Cell
    orientation: Orientation


Action = PlaceAction | RemoveAction | RotateAction


@dataclass(frozen=True)
class PalagoniaTurnResult:
    """What one turn did. ``die`` is ``None`` for the removal forced when neither die can act,
    and ``action`` is ``None`` when not even a removal was possible (a pass). The start is turn
    0: its ``roll`` is the starter's one die."""

    number: int
    player: int
    roll: tuple[Die, ...]
    die: Die | None
    action: Action | None
    extra: bool
    completed: tuple[Creature, ...]
    scoring: tuple[Creature, ...]
    points: dict[int, int]
    game_over: bool


@dataclass(frozen=True)
class PalagoniaOptions:
    """Bag size and the solitaire catalog rule (double points for a creature in the catalog)."""

    tiles: int = SET_SIZE
    catalog_double: Callable[[Position, Creature], bool] | None = field(default=None, compare=False)


PLAYER_COUNTS: Final = range(3, 11)
"""The numbers of players of Palagonia besides solitaire (RU: 6 to 10 with two sets)."""


def check_player_count(players: int) -> None:
    """1 (solitaire) or 3 to 10 players, whatever the bag holds."""
    if players == 1 or players in PLAYER_COUNTS:
        return
    if players == 2:
        raise IllegalMoveError(
            "players",
            "Palagonia needs 3 or more players (or 1 for solitaire), not 2; two players play "
            "Palago",
        )
    low, high = PLAYER_COUNTS[0], PLAYER_COUNTS[-1]
    raise IllegalMoveError(
        "players",
        f"Palagonia is played by {low} to {high} players (or 1 for solitaire), not by {players}",
    )


def player_count_advice(players: int, tiles: int) -> str | None:
    """The rulebooks' advice for more than five players with less than two sets, or ``None``."""
    if players > 5 and tiles < 2 * SET_SIZE:
        return (
            f"{players} players with a bag of {tiles} tiles: the rulebooks advise a second set "
            "of tiles for more than five players"
        )
    return None


class RollOff:
    """The start roll-off, one round at a time: every player rolls one die; the single highest
    number starts; after a tie for the highest number only the tied players roll again, and
    after a round with no number at all everyone rolls again."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.contenders = list(range(players))
        self.rounds = 0
        self.after_tie = False
        self.result: tuple[int, Die] | None = None

    def roll(self, dice: Sequence[Die]) -> None:
        """The next round: one die for each player still in the roll-off, in seat order."""
        self.rounds += 1
        previous = self.rounds - 1
        if self.result is not None:
            raise IllegalMoveError(
                "start-roll",
                f"start roll round {self.rounds} follows round {previous}, which decided who "
                "starts",
            )
        if len(dice) != len(self.contenders):
            why = (
                f"round {previous} tied for the highest number, so only the tied players roll again"
                if self.after_tie
                else f"round {previous} had no number, so everyone rolls again"
                if previous
                else "every player rolls one die"
            )
            raise IllegalMoveError(
                "start-roll",
                f"start roll round {self.rounds} has {len(dice)} "
                f"{'die' if len(dice) == 1 else 'dice'} where "
                f"{len(self.contenders)} are rolled: {why}",
            )
        numbers = [d.count or 0 for d in dice]
        best = max(numbers)
        if best == 0:
            self.contenders = list(range(self.players))
            self.after_tie = False
            return
        winners = [seat for seat, n in zip(self.contenders, numbers, strict=False) if n == best]
        if len(winners) == 1:
            self.result = (winners[0], dice[numbers.index(best)])
        self.contenders = winners
        self.after_tie = True

    def starter(self) -> tuple[int, Die]:
        """The seat that starts and its die, once a round has decided it."""
        if self.result is None:
            raise IllegalMoveError(
                "start-roll",
                "the start roll does not decide who starts: "
                + ("the highest number is tied" if self.after_tie else "nobody rolled a number"),
            )
        return self.result


def rolled_start(
    players: int, bag: int, die: Callable[[], Die]
) -> tuple[tuple[tuple[Die, ...], ...], int, Die]:
    """The start roll-off rolled with ``die`` (one face per call), rolled again from the start
    while the starter's number is more than the ``bag`` holds: the rounds of the last roll-off,
    the seat that starts and its die."""
    while True:
        roll_off = RollOff(players)
        rounds: list[tuple[Die, ...]] = []
        while roll_off.result is None:
            dice = tuple(die() for _ in roll_off.contenders)
            roll_off.roll(dice)
            rounds.append(dice)
        starter, face = roll_off.starter()
        if (face.count or 0) <= bag:
            return tuple(rounds), starter, face


def starter_from_rolls(rounds: Sequence[Sequence[Die]], players: int) -> tuple[int, Die]:
    """The seat that starts, and its die, from every round of the start roll-off."""
    roll_off = RollOff(players)
    for dice in rounds:
        roll_off.roll(dice)
    return roll_off.starter()


class Palagonia:
    """A game of Palagonia in progress; seats are numbered from 0 in turn order."""

    def __init__(self, players: int, options: PalagoniaOptions | None = None) -> None:
        self.options = options or PalagoniaOptions()
        check_player_count(players)
        self.players = players
        self.bag = self.options.tiles
        self.scores = [0] * players
        self.player = 0
        self.turn_number = 0
        self.extra = False
        self.started = False
        self.over = False
        self.restarted = False
        """True when removals emptied the palago: that game is void and a new one begins."""
        self._live = LiveAnalysis()

    @property
    def solitaire(self) -> bool:
        return self.players == 1

    @property
    def tiles(self) -> dict[Cell, int]:
        return self._live.tiles

    def position(self) -> Position:
        """The tiles laid so far."""
        return self._live.position()

    # Start ---------------------------------------------------------------------------------
    def start(self, starter: int, die: Die, tiles: Sequence[Tile]) -> PalagoniaTurnResult:
        """The roll-off winner draws as many tiles as their die shows and lays them, joined to
        each other. The start scores like any placement; a start that empties the bag ends the
        game."""
        if self.started:
            raise IllegalMoveError("start", "the game has already started")
        count = die.count
        if count is None:
            raise IllegalMoveError("start", f"the start die must show a number, not {die}")
        if count > self.bag:
            raise IllegalMoveError(
                "start",
                f"the start die shows {count} but the bag holds only {plural(self.bag, 'tile')}; "
                "the starter draws as many tiles as the die shows",
            )
        if len(tiles) != count:
            raise IllegalMoveError(
                "place-count",
                f"the start die shows {count}; {plural(len(tiles), 'tile')} "
                f"{'was' if len(tiles) == 1 else 'were'} laid",
            )
        self._check_free(tiles)
        if not is_connected({t.cell for t in tiles}):
            raise IllegalMoveError("start", "the first tiles must be joined to each other")
        self.player = starter
        placed = tuple(tiles)
        completed, scoring = self._place(placed)
        points = self._award(scoring)
        self.over = self.bag == 0
        self.player = (starter + 1) % self.players  # the start placement was the starter's turn
        self.started = True
        return PalagoniaTurnResult(
            number=0,
            player=starter,
            roll=(die,),
            die=die,
            action=PlaceAction(placed),
            extra=False,
            completed=completed,
            scoring=scoring,
            points=points,
            game_over=self.over,
        )

    # Turns ---------------------------------------------------------------------------------
    def possible(self, die: Die) -> bool:
        """Whether the action of ``die`` can be carried out now."""
        count = die.count
        if count is not None:
            return count <= self.bag
        tiles = self._live.tiles
        if die is Die.ROTATE:  # the first inner tile (or outer removable one) answers
            return any(all(n in tiles for n in neighbours(c)) for c in tiles)
        # The newest tiles lie at the edge: one of them is the likeliest to be removable.
        return any(self._removal_problem(c) is None for c in reversed(tiles))

    def inner_tiles(self) -> list[Cell]:
        """The cells of the tiles surrounded on all six sides (which cannot be removed)."""
        tiles = self._live.tiles
        return sorted(c for c in tiles if all(n in tiles for n in neighbours(c)))

    def removable_tiles(self) -> list[Cell]:
        """Outer tiles whose removal does not split the palago."""
        return [c for c in sorted(self._live.tiles) if self._removal_problem(c) is None]

    def play(
        self, roll: tuple[Die, Die], die: Die | None, action: Action | None
    ) -> PalagoniaTurnResult:
        """One turn: ``die`` is the chosen die (``None`` for a forced removal or a pass)."""
        if not self.started:
            raise IllegalMoveError("start", "the game has not started: the start roll comes first")
        if self.restarted:
            raise GameOverError(
                "game-over",
                "the game is over: removals emptied the palago, so the game starts again "
                "with a new roll-off (write it as a new record)",
            )
        if self.over:
            raise GameOverError("game-over", "the game is over: the bag is empty")
        self._check_choice(roll, die, action)
        completed: tuple[Creature, ...] = ()
        scoring: tuple[Creature, ...] = ()
        if isinstance(action, PlaceAction):
            completed, scoring = self._place(action.tiles)
        elif isinstance(action, RemoveAction):
            self._remove(action.cell)
        elif isinstance(action, RotateAction):
            self._rotate(action.cell, action.orientation)
        points = self._award(scoring)
        number = self.turn_number = self.turn_number + 1
        player, extra = self.player, self.extra
        if isinstance(action, PlaceAction) and self.bag == 0:
            self.over = True
        elif isinstance(action, RemoveAction) and not self._live.tiles:
            self.over = self.restarted = True
        double = roll[0] is roll[1]
        self.extra = double
        if not double:
            self.player = (self.player + 1) % self.players
        return PalagoniaTurnResult(
            number=number,
            player=player,
            roll=roll,
            die=die,
            action=action,
            extra=extra,
            completed=completed,
            scoring=scoring,
            points=points,
            game_over=self.over,
        )

    def _check_choice(self, roll: tuple[Die, Die], die: Die | None, action: Action | None) -> None:
        dice = " and ".join(str(d) for d in roll)
        if die is None:
            usable = next((d for d in roll if self.possible(d)), None)
            if usable is not None:
                raise IllegalMoveError(
                    "pass" if action is None else "forced-choice",
                    f"with {dice} rolled the {usable} die can be used; "
                    + (
                        "a turn passes only when neither die can act and no outer tile can be "
                        "removed"
                        if action is None
                        else "a free removal is only for when neither die can act"
                    ),
                )
            if action is None:
                if self.removable_tiles():
                    raise IllegalMoveError(
                        "pass",
                        f"neither {dice} can act, so an outer tile must be removed; "
                        "a turn passes only when not even that is possible",
                    )
                return
            if not isinstance(action, RemoveAction):
                raise IllegalMoveError(
                    "forced-removal",
                    f"neither {dice} can act, so the turn must remove an outer tile",
                )
            return
        if die not in roll:
            raise IllegalMoveError("die-not-rolled", f"die {die} was not rolled ({dice})")
        if not self.possible(die):
            count = die.count
            why = (
                f"only {self.bag} {'tile is' if self.bag == 1 else 'tiles are'} left in the bag"
                if count is not None
                else "there is no inner tile"
                if die is Die.ROTATE
                else "no outer tile can be removed"
            )
            raise IllegalMoveError("impossible-die", f"the {die} die cannot act: {why}")
        expected = {Die.REMOVE: RemoveAction, Die.ROTATE: RotateAction}.get(die, PlaceAction)
        if not isinstance(action, expected):
            raise IllegalMoveError(
                "action-matches-die",
                f"the chosen die shows {die}; the action must be to "
                + {
                    RemoveAction: "remove a tile",
                    RotateAction: "rotate a tile",
                    PlaceAction: "place tiles",
                }[expected],
            )
        if isinstance(action, PlaceAction) and len(action.tiles) != die.count:
            raise IllegalMoveError(
                "place-count",
                f"the chosen die shows {die}; {plural(len(action.tiles), 'tile')} "
                f"{'was' if len(action.tiles) == 1 else 'were'} placed",
            )

    def _check_free(self, tiles: Sequence[Tile]) -> None:
        seen: set[Cell] = set()
        for index, tile in enumerate(tiles):
            if tile.cell in self._live.tiles or tile.cell in seen:
                raise IllegalMoveError(
                    "occupied", f"{tile}: cell {cell_text(tile.cell)} already holds a tile", index
                )
            seen.add(tile.cell)

    def _place(self, tiles: tuple[Tile, ...]) -> tuple[tuple[Creature, ...], tuple[Creature, ...]]:
        """Lay ``tiles`` (checked: free cells, the palago joined and without a hole, the tiles
        touching each other or closing a creature together); the creatures they complete and
        those that score.

        The palago is checked where the turn changes it, at a cost that does not grow with it:
        it is one group without a hole before every turn (empty at the start; a placement keeps
        it so by this check, a removal takes an outer tile whose cell joins the empty outside
        and keeps the palago in one piece, a rotation moves no tile). So it stays one group
        exactly when each group of the new tiles touches it (:func:`joins`), and its holes after
        the placement are the ones the placement makes (:func:`hole_change`), which must be
        none."""
        self._check_free(tiles)
        cells = {t.cell for t in tiles}
        palago = self._live.tiles.keys()
        if not joins(palago, cells):
            raise IllegalMoveError(
                "palago-connected",
                f"tiles {' '.join(t.token for t in tiles)} leave the palago in pieces; "
                "placed tiles must join the palago",
            )
        if hole_change(palago, cells) > 0:
            hole = first_hole(set(palago) | cells)  # where it is, for the refusal only
            assert hole is not None, "a placement that makes a hole leaves one"
            raise IllegalMoveError(
                "no-holes",
                f"placing {' '.join(t.token for t in tiles)} leaves a hole at {cell_text(hole)}",
            )
        completed: list[Creature] = []
        for tile in tiles:
            completed.extend(self._live.place(tile))
        closing = [c for c in completed if cells <= c.cells]
        if not is_connected(cells) and not closing:
            for tile in reversed(tiles):
                self._live.remove(tile.cell)
            raise IllegalMoveError(
                "touch-each-other",
                f"tiles {' '.join(t.token for t in tiles)} do not all touch each other; "
                "only tiles that together close a creature may lie apart",
            )
        self.bag -= len(tiles)
        scoring = tuple(c for c in closing if c.score >= 3)
        return tuple(completed), scoring

    def _remove(self, cell: Cell) -> None:
        problem = self._removal_problem(cell)
        if problem is not None:
            raise IllegalMoveError("removal", problem)
        self._live.remove(cell)
        self.bag += 1

    def _removal_problem(self, cell: Cell) -> str | None:
        tiles = self._live.tiles
        if cell not in tiles:
            return f"cell {cell_text(cell)} holds no tile to remove"
        if all(n in tiles for n in neighbours(cell)):
            return (
                f"the tile on {cell_text(cell)} is an inner tile; only an outer tile may be removed"
            )
        # An outer tile's cell joins the empty outside, so a removal never leaves a hole.
        if not stays_connected_without(tiles.keys(), cell):
            return f"removing the tile on {cell_text(cell)} would split the palago"
        return None

    def _rotate(self, cell: Cell, orientation: Orientation) -> None:
        tiles = self._live.tiles
        if cell not in tiles:
            raise IllegalMoveError("rotation", f"cell {cell_text(cell)} holds no tile to rotate")
        if not all(n in tiles for n in neighbours(cell)):
            raise IllegalMoveError(
                "rotation",
                f"the tile on {cell_text(cell)} is an outer tile; only an inner tile may turn",
            )
        if tiles[cell] == orientation.tip:
            raise IllegalMoveError(
                "rotation",
                f"the tile on {cell_text(cell)} already points {orientation}; "
                "it must turn to one of its two other orientations",
            )
        self._live.rotate(cell, orientation)

    def _award(self, scoring: tuple[Creature, ...]) -> dict[int, int]:
        points: dict[int, int] = {}
        if not scoring:
            return points
        position = self._live.position()
        double = self.options.catalog_double
        total = 0
        for creature in scoring:
            value = creature.score
            if self.solitaire and double is not None and double(position, creature):
                value *= 2
            total += value
        points[self.player] = total
        if not self.solitaire and not self.extra:
            previous = (self.player - 1) % self.players
            points[previous] = points.get(previous, 0) + total
        for seat, value in points.items():
            self.scores[seat] += value
        return points

    def winners(self) -> list[int]:
        """Seats with the highest total."""
        best = max(self.scores)
        return [seat for seat, score in enumerate(self.scores) if score == best]


def first_hole(cells: set[Cell]) -> Cell | None:
    """An empty cell enclosed by ``cells``, if any."""
    areas = enclosed_areas(cells)
    return min(areas[0]) if areas else None
