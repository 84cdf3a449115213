"""What the tactics search finds: wins, threats, forks with their answered replies, and
refutations, with the words that describe them."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..core.analysis import Creature, plural
from ..core.hexgrid import Cell
from ..core.tiles import Colour, Tile

Move = tuple[Tile, ...]
"""The tiles of one turn, in the order they are laid."""


def move_text(move: Sequence[Tile]) -> str:
    """The tiles of a move as tokens: ``"1,0R 2,-1L"``."""
    return " ".join(t.token for t in move)


def move_key(move: Sequence[Tile]) -> tuple[int, tuple[tuple[Cell, str], ...]]:
    """Sort key of moves: fewer tiles first, then by cells and orientations."""
    return len(move), tuple((t.cell, t.orientation.value) for t in move)


def _colours(creatures: Iterable[Creature]) -> frozenset[Colour]:
    return frozenset(c.colour for c in creatures)


def describe_completion(creatures: Sequence[Creature]) -> str:
    """What the creatures a tile completes mean for the game, in words."""
    colours = _colours(creatures)
    if len(colours) == 2:
        return "completes creatures of both colours"
    (colour,) = colours
    sizes = ", ".join(plural(c.tiles, "tile") for c in creatures)
    return f"completes a {colour} creature ({sizes})"


@dataclass(frozen=True)
class Win:
    """A turn that wins at once: its tiles in the order laid, and the creatures the last one
    completes."""

    tiles: Move
    creatures: tuple[Creature, ...]

    @property
    def cells(self) -> frozenset[Cell]:
        return frozenset(t.cell for t in self.tiles)

    @property
    def move(self) -> str:
        return move_text(self.tiles)

    def describe(self) -> str:
        """``"2,0D completes a yellow creature (7 tiles)"``."""
        return f"{self.move} {describe_completion(self.creatures)}"


@dataclass(frozen=True)
class Threats:
    """The immediate wins of the side to move, and the opponent's, which the mover must block."""

    mover: Colour
    wins: tuple[Win, ...]
    to_block: tuple[Win, ...]

    @property
    def threat_cells(self) -> frozenset[Cell]:
        """The cells of the opponent's immediate wins."""
        return frozenset(c for w in self.to_block for c in w.cells)


@dataclass(frozen=True)
class Answer:
    """One reply of the opponent to a fork, and why it fails: the win it leaves, or the
    creatures it completes itself (which lose for the opponent)."""

    reply: Move
    win: Win | None = None
    completed: tuple[Creature, ...] = ()

    def describe(self, replier: Colour) -> str:
        """The reply and why it fails for ``replier``."""
        if self.win is not None:
            return f"{move_text(self.reply)} leaves {self.win.describe()}"
        return f"{move_text(self.reply)} {describe_completion(self.completed)}: {replier} loses"


def _replies_text(count: int) -> str:
    return f"{count} {'reply' if count == 1 else 'replies'}"


@dataclass(frozen=True)
class Fork:
    """A forced win in two: the move, the threats it makes, and every legal reply answered."""

    mover: Colour
    tiles: Move
    threats: tuple[Win, ...]
    answers: tuple[Answer, ...] = field(repr=False)

    @property
    def move(self) -> str:
        return move_text(self.tiles)

    @property
    def cells(self) -> frozenset[Cell]:
        return frozenset(t.cell for t in self.tiles)

    def reasons(self) -> list[tuple[str, int, Answer]]:
        """The replies grouped by why they fail: (reason, how many replies, one example), the
        largest group first."""
        groups: dict[str, list[Answer]] = {}
        for answer in self.answers:
            if answer.win is not None:
                key = f"leaves {answer.win.describe()}"
            else:
                key = f"{describe_completion(answer.completed)}: {self.mover.other} loses"
            groups.setdefault(key, []).append(answer)
        ordered = sorted(groups.items(), key=lambda item: (-len(item[1]), item[0]))
        return [(key, len(items), items[0]) for key, items in ordered]

    def describe(self) -> str:
        """The fork and why each reply fails, in a few lines."""
        threats = "; ".join(w.describe() for w in self.threats)
        lines = [
            f"{self.move}: threatens {threats}",
            f"  every one of {_replies_text(len(self.answers))} fails:",
        ]
        for reason, count, example in self.reasons():
            lines.append(f"    {_replies_text(count)} (e.g. {move_text(example.reply)}) {reason}")
        return "\n".join(lines)


@dataclass(frozen=True)
class Refutation:
    """Why a move is no forced win: the reply that defends (or wins), or that it makes no threat."""

    tiles: Move
    reply: Move | None
    reason: str
