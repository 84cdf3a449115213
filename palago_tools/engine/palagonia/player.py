"""Palagonia players: two fixed baselines and two levels that search, for any seat.

- ``random``: a seeded random usable die and a random action for it (a floor to measure
  against);
- ``greedy``: the most points this turn; ties go to the placement that leaves the region it
  fills the fewest gap cells, then to placing over rotating over removing, then to fewer
  tiles, then to the first action in the notation's order (cells, then tiles, sorted);
- ``level1``: expectimax over the next roll, as if that roll were its own: this turn's points
  plus the expected best points of the next roll from the position it leaves, which is right
  after a double (the extra turn is its own) and in solitaire;
- ``level2``: the sharing player. It knows whose the next roll is: its own after a double,
  else the next player's, whose closures on a normal turn score for it too ("You must
  share!"), and whose likely reply is to close the best creature the roll allows; when that
  roll closes nothing, the player after them may close what is left, which scores for the two
  of them and not for it. It weighs its score against the others' mean (what its rank needs),
  so the points a closure hands the previous player count against it, and the extra turn's
  unshared creature counts in full, and the next player's double counts against it (its
  extra turn closes unshared). It searches more placements than ``level1`` and the removals
  (opening a creature for the next player) and rotations (merging two, or opening one), as the
  rulebook's tips say, within a budget of work per turn (:data:`BUDGET`).

The levels try the closing and building placements of :meth:`.board.PalagoniaBoard.fills` and
a few seeded random ones, every removal and rotation, sort them by their points and how near
they bring a region to closing, and search the best :data:`WIDTH` of them. ``level2`` searches
its best :data:`WIDTH` placements and every removal and rotation, these ranked by the closable
regions they make, the two kinds in turn, until it has laid :data:`BUDGET` tiles in the turn.
Every choice is played by the caller through the rules'
:class:`~palago_tools.rules.palagonia.Palagonia`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from ...core.hexgrid import cell_text
from ...core.tiles import ORIENTATIONS, Tile
from ...errors import ArgumentError, InternalError
from ...rules.palagonia import (
    FACES,
    Action,
    Die,
    Palagonia,
    PlaceAction,
    RemoveAction,
    RotateAction,
)
from ...rules.random_games import random_group
from .board import COUNTS, PalagoniaBoard

__all__ = [
    "BASELINES",
    "LEVELS",
    "PLAYERS",
    "STRONGEST",
    "PalagoniaChoice",
    "PalagoniaPlayer",
    "check_player",
    "roll_chances",
]

LEVELS: Final = (1, 2)
STRONGEST: Final = LEVELS[-1]
BASELINES: Final = ("random", "greedy")
PLAYERS: Final = (*BASELINES, *(f"level{n}" for n in LEVELS))
"""The players by name, weakest first."""

WIDTH: Final = {1: 16, 2: 24}
"""Placements searched per turn at each level (the rest are sorted out by their points and how
near they bring a region to closing); ``level1``'s 16 are its actions of every kind."""
BUDGET: Final = 16_000
"""The work after which ``level2`` values no more candidates in a turn: tiles laid on its board
(:attr:`.PalagoniaBoard.tiles_laid`: the walks that find its placements and value its
candidates, the tries, the ranking). A count, not a clock, so a seed plays the same game on any
machine; once it is reached, the candidates not valued yet are not chosen (the count can run
past it by what the last candidate valued costs)."""
DOUBLE: Final = 6 / 36
"""The chance of a double: the next player's extra turn, whose closure is not shared."""
SLACK: Final = 3
"""Gap cells a build may leave open."""
REGIONS: Final = 8
"""Regions a player builds on: those with the fewest gap cells."""
RANDOM_GROUPS: Final = 3
"""Random placements tried for each number rolled, besides the closing and building ones."""

# The tripod (three straights meeting at a corner, 4 points): its first tiles start a game.
_TRIPOD: Final = tuple(
    Tile.parse(t) for t in "-1,0R 0,-1D 0,0D 0,1R 1,-1L 1,0R 1,1L 2,-2D 2,-1L".split()
)
_KIND_ORDER: Final = {"place": 0, "rotate": 1, "remove": 2}


def check_player(name: str) -> None:
    """An :class:`~palago_tools.errors.ArgumentError` unless ``name`` is one of :data:`PLAYERS`."""
    if name not in PLAYERS:
        raise ArgumentError(
            f"unknown Palagonia player {name!r}: the players are {', '.join(PLAYERS)}"
        )


def roll_chances() -> list[tuple[float, Die, Die]]:
    """The 21 rolls of two dice with their chances (a double 1/36, other pairs 2/36)."""
    found = []
    for i, a in enumerate(FACES):
        for b in FACES[i:]:
            found.append(((1 if a is b else 2) / 36, a, b))
    return found


_ROLLS: Final = roll_chances()


@dataclass(frozen=True)
class PalagoniaChoice:
    """A turn chosen: the die (``None``: the removal forced when neither die can act, or a
    pass), the action (``None``: a pass), the points it scores for its player now, the value
    the player saw in it, and why, in a few words ("closed a 5-point creature")."""

    die: Die | None
    action: Action | None
    points: int
    value: float
    why: str


@dataclass
class _Candidate:
    die: Die
    action: Action
    points: int
    gaps: int  # gap cells a placement leaves in the region it fills (99: not a fill)
    why: str
    value: float = 0.0

    def order(self) -> tuple[object, ...]:
        kind = (
            "place"
            if isinstance(self.action, PlaceAction)
            else "rotate"
            if isinstance(self.action, RotateAction)
            else "remove"
        )
        return (-self.points, self.gaps, _KIND_ORDER[kind], _tile_count(self.action), _text(self))


def _tile_count(action: Action) -> int:
    return len(action.tiles) if isinstance(action, PlaceAction) else 0


def _text(candidate: _Candidate) -> str:
    action = candidate.action
    if isinstance(action, PlaceAction):
        return " ".join(sorted(t.token for t in action.tiles))
    if isinstance(action, RemoveAction):
        return cell_text(action.cell)
    return Tile(action.cell, action.orientation).token


class PalagoniaPlayer:
    """A Palagonia player by name (:data:`PLAYERS`), seeded: the same game, seat and seed give
    the same choices."""

    def __init__(self, name: str, seed: int = 0) -> None:
        check_player(name)
        self.name = name
        self.level = int(name[5:]) if name.startswith("level") else 0
        self.rng = random.Random(f"palagonia {name} {seed}")

    # The start -----------------------------------------------------------------------------
    def start_tiles(self, die: Die) -> tuple[Tile, ...]:
        """The first tiles, as many as the starter's die shows: the start of a tripod."""
        count = die.count
        if count is None:
            raise ArgumentError(f"the start die shows a number, not {die}")
        return _TRIPOD[:count]

    # A turn --------------------------------------------------------------------------------
    def choose(self, game: Palagonia, roll: tuple[Die, Die]) -> PalagoniaChoice:
        """The die and the action for ``roll`` in ``game`` (the mover's turn)."""
        board = PalagoniaBoard.of(game)
        usable = [d for d in dict.fromkeys(roll) if game.possible(d)]
        if not usable:
            removable = game.removable_tiles()
            if not removable:
                return PalagoniaChoice(None, None, 0, 0.0, "nothing could be done: passed")
            cell = removable[0] if self.name != "random" else self.rng.choice(removable)
            return PalagoniaChoice(
                None, RemoveAction(cell), 0, 0.0, "neither die could act: removed a tile"
            )
        candidates = self._candidates(board, game, usable)
        if not candidates:
            raise InternalError(f"no action found for {roll} in a game of {len(game.tiles)} tiles")
        if self.name == "random":
            best = self.rng.choice(candidates)
        elif self.level == 0:
            best = min(candidates, key=_Candidate.order)
            best.value = best.points
        else:
            best = self._searched(board, game, roll, candidates)
        return PalagoniaChoice(best.die, best.action, best.points, best.value, best.why)

    def _candidates(
        self, board: PalagoniaBoard, game: Palagonia, usable: list[Die]
    ) -> list[_Candidate]:
        found: list[_Candidate] = []
        for die in usable:
            count = die.count
            if count is not None:
                found.extend(self._placements(board, die, count))
            elif die is Die.REMOVE:
                found.extend(
                    _Candidate(die, RemoveAction(c), 0, 99, "removed a tile")
                    for c in game.removable_tiles()
                )
            else:
                for cell in game.inner_tiles():
                    tip = game.tiles[cell]
                    found.extend(
                        _Candidate(die, RotateAction(cell, o), 0, 99, "turned a tile")
                        for o in ORIENTATIONS
                        if o.tip != tip
                    )
        return found

    def _placements(self, board: PalagoniaBoard, die: Die, count: int) -> list[_Candidate]:
        slack = 0 if self.name == "random" else SLACK
        found = []
        for fill in board.fills(count, slack, REGIONS):
            if fill.points:
                values = " and ".join(f"{v}-point" for v in fill.values)
                why = f"closed a {values} creature{'s' if len(fill.values) > 1 else ''}"
            else:
                why = f"built a creature {fill.gaps} tile{'s' if fill.gaps > 1 else ''} short"
            found.append(_Candidate(die, PlaceAction(fill.tiles), fill.points, fill.gaps, why))
        seen = {frozenset(c.action.tiles) for c in found if isinstance(c.action, PlaceAction)}
        for _ in range(RANDOM_GROUPS if found else 20 * RANDOM_GROUPS):
            group = random_group(self.rng, board.tiles, count)
            if group and frozenset(group) not in seen:
                seen.add(frozenset(group))
                found.append(_Candidate(die, PlaceAction(group), 0, 99, f"placed {count} tiles"))
                if len(seen) >= RANDOM_GROUPS:
                    break
        return found

    # The search ----------------------------------------------------------------------------
    def _searched(
        self, board: PalagoniaBoard, game: Palagonia, roll: tuple[Die, Die], found: list[_Candidate]
    ) -> _Candidate:
        found.sort(key=_Candidate.order)
        width = WIDTH[self.level]
        if self.level < 2:
            searched = found[:width]
            for candidate in searched:
                candidate.value = self._value(board, game, roll, candidate)
            return _best(searched)
        # The sharing level searches every removal and rotation too (they never score now),
        # ranked by what they open or merge, in turn with the placements, until its work is
        # spent: the candidates not valued by then are not chosen.
        placements = [c for c in found if isinstance(c.action, PlaceAction)][:width]
        others = _ranked(board, [c for c in found if not isinstance(c.action, PlaceAction)])
        searched = []
        for candidate in _alternate(placements, others):
            if searched and board.tiles_laid >= BUDGET:
                break
            candidate.value = self._value(board, game, roll, candidate)
            searched.append(candidate)
        return _best(searched)

    def _value(
        self, board: PalagoniaBoard, game: Palagonia, roll: tuple[Die, Die], candidate: _Candidate
    ) -> float:
        action = candidate.action
        bag = game.bag
        if isinstance(action, PlaceAction):
            bag -= len(action.tiles)
            if bag == 0:  # the game ends: the points now are all
                return self._now(game, candidate.points)
            for tile in action.tiles:
                board.lay(tile.cell, tile.tip)
            chances = _next_roll(board, bag)
            for tile in reversed(action.tiles):
                board.lift(tile.cell)
        elif isinstance(action, RemoveAction):
            bag += 1
            tip = board.take(action.cell)
            chances = _next_roll(board, bag)
            board.put(action.cell, tip)
        else:
            tip = board.take(action.cell)
            board.put(action.cell, action.orientation.tip)
            chances = _next_roll(board, bag)
            board.take(action.cell)
            board.put(action.cell, tip)
        expected, nothing = chances
        now = self._now(game, candidate.points)
        players = game.players
        if self.level == 1 or players == 1 or roll[0] is roll[1]:
            return now + expected  # the next roll is its own (or so level 1 thinks)
        # The next player closes what the roll allows, shared with this player, except after
        # a double (one roll in six), whose extra turn closes for them alone; when the roll
        # closes nothing, the player after them may close it, for the two of them.
        others = players - 1
        mine = expected * (1 - 1 / others - DOUBLE / others)
        if players > 2:
            mine -= nothing * expected * 2 / others
        return now + mine

    def _now(self, game: Palagonia, points: int) -> float:
        """This turn's points as the player weighs them: level 2 counts the previous
        player's share against itself (none in an extra turn or in solitaire)."""
        if self.level < 2 or game.players == 1 or game.extra:
            return float(points)
        return points * (1 - 1 / (game.players - 1))


def _best(searched: list[_Candidate]) -> _Candidate:
    """The candidate of the highest value; ties by :meth:`_Candidate.order`."""
    return min(searched, key=lambda c: (-round(c.value, 9), c.order()))


def _alternate(first: list[_Candidate], second: list[_Candidate]) -> list[_Candidate]:
    """One of ``first``, one of ``second``, and so on; the longer list's rest at the end."""
    mixed = [c for pair in zip(first, second, strict=False) for c in pair]
    rest = first[len(second) :] if len(first) > len(second) else second[len(first) :]
    return mixed + rest


def _closable(board: PalagoniaBoard) -> set[frozenset[int]]:
    """The gap cells of each open region a die may close (at most five gap cells)."""
    top = COUNTS[-1]
    return {frozenset(g) for _root, g in board.index.open_regions() if len(g) <= top}


def _ranked(board: PalagoniaBoard, found: list[_Candidate]) -> list[_Candidate]:
    """Removals and rotations, those that make the most closable regions first (regions of at
    most five gap cells that were not there before: a creature opened for the next roll, or
    two merged into one): a cheap sign of what they give, their tile taken and put back (a
rotation's twice).
    Ties keep ``found``'s order."""
    before = _closable(board)
    made: dict[int, int] = {}
    for n, candidate in enumerate(found):
        action = candidate.action
        if isinstance(action, RemoveAction):
            tip = board.take(action.cell)
            made[n] = len(_closable(board) - before)
            board.put(action.cell, tip)
        elif isinstance(action, RotateAction):
            tip = board.take(action.cell)
            board.put(action.cell, action.orientation.tip)
            made[n] = len(_closable(board) - before)
            board.take(action.cell)
            board.put(action.cell, tip)
    order = sorted(range(len(found)), key=lambda n: -made.get(n, 0))
    return [found[n] for n in order]


def _next_roll(board: PalagoniaBoard, bag: int) -> tuple[float, float]:
    """The expected best points of the next roll on ``board`` with ``bag`` tiles left (the
    better die of the two, each number die at its best closure; removing and rotating score
    nothing), and the chance that it scores nothing."""
    best = board.best_closures(bag)
    if not any(best):
        return 0.0, 1.0
    by_face = {Die.placing(n): p for n, p in zip(COUNTS, best, strict=True)}
    expected = nothing = 0.0
    for chance, a, b in _ROLLS:
        points = max(by_face.get(a, 0), by_face.get(b, 0))
        expected += chance * points
        if not points:
            nothing += chance
    return expected, nothing
