"""What the tactics search finds: wins, threats, forks with their answered replies, and
refutations, with the words that describe them."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.analysis import Creature
from ..core.hexgrid import Cell
from ..core.tiles import Colour
from ..core.turns import Threats, Turn, Win, describe_completion, turn_text

__all__ = ["Answer", "Fork", "Refutation", "Threats", "Win"]


@dataclass(frozen=True)
class Answer:
    """One reply of the opponent to a fork, and why it fails: the win it leaves, or the
    creatures it completes itself (which lose for the opponent)."""

    reply: Turn
    win: Win | None = None
    completed: tuple[Creature, ...] = ()

    def describe(self, replier: Colour) -> str:
        """The reply and why it fails for ``replier``."""
        if self.win is not None:
            return f"{turn_text(self.reply)} leaves {self.win.describe()}"
        return f"{turn_text(self.reply)} {describe_completion(self.completed)}: {replier} loses"


def _replies_text(count: int) -> str:
    return f"{count} {'reply' if count == 1 else 'replies'}"


@dataclass(frozen=True)
class Fork:
    """A forced win in two: the turn, the threats it makes, and every legal reply answered."""

    mover: Colour
    tiles: Turn
    threats: tuple[Win, ...]
    answers: tuple[Answer, ...] = field(repr=False)

    @property
    def notation(self) -> str:
        """The turn as notation tokens."""
        return turn_text(self.tiles)

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
            f"{self.notation}: threatens {threats}",
            f"  every one of {_replies_text(len(self.answers))} fails:",
        ]
        for reason, count, example in self.reasons():
            lines.append(f"    {_replies_text(count)} (e.g. {turn_text(example.reply)}) {reason}")
        return "\n".join(lines)


@dataclass(frozen=True)
class Refutation:
    """Why a turn is no forced win: the reply that defends (or wins), or that it makes no threat."""

    tiles: Turn
    reply: Turn | None
    reason: str
