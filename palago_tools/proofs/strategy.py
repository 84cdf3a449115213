"""A proof as a file: the winner's strategy, one line per position where the winner moves.

The file (``.proof``, or ``.proof.gz`` compressed) is text::

    # comments
    palago-proof 1
    position 0,0D 1,0D
    to-move blue
    winner blue
    tiles-left 46
    turns 3
    0,0L 1,-1D 1,0R 2,-1R : 0,1L 0,2D
    …

The header gives the position the proof starts from (tiles in play order or any order), the
side to move, the side that wins, the tiles left in the supply and the number of the winner's
turns within which it wins. Each further line is a position named as :mod:`.canonical` names
it (the winner yellow) and the winner's turn there, in that frame. Every position the strategy
reaches where the winner moves has its line, the last turn of each line of play included (the
one that completes the winner's creature).
"""

from __future__ import annotations

import gzip
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn, TypeVar

from ..core.position import Position
from ..core.tiles import Colour, Tile
from ..core.turns import Turn
from ..errors import FileAccessError, PalagoError
from ..files import atomic_write
from ..notation.errors import NotationError
from .canonical import name_of, tiles_text, to_frame

__all__ = ["FORMAT", "Proof", "ProofFileError", "read_proof", "write_proof"]

FORMAT = "palago-proof 1"
_HEADER = ("position", "to-move", "winner", "tiles-left", "turns")
T = TypeVar("T")


class ProofFileError(NotationError):
    """A proof file that cannot be read: where, and what was expected."""


@dataclass(frozen=True)
class Proof:
    """A claim (``winner`` wins within ``turns`` of its turns from ``position`` with ``mover``
    to move and ``tiles_left`` in the supply) and the winner's strategy: position name →
    turn (in the name's frame)."""

    position: Position
    mover: Colour
    winner: Colour
    tiles_left: int
    turns: int
    strategy: dict[str, Turn]

    def claim(self) -> str:
        """The claim in words."""
        return (
            f"{self.winner} wins within {self.turns} of its turns from "
            f"{tiles_text(self.position.tiles())} with {self.mover} to move"
        )


def proof_of(
    position: Position,
    mover: Colour,
    winner: Colour,
    tiles_left: int,
    turns: int,
    nodes: Iterable[tuple[Position, Turn]],
) -> Proof:
    """A :class:`Proof` from the winner's nodes (positions in any frame and their turns)."""
    strategy: dict[str, Turn] = {}
    for where, turn in nodes:
        name, frame = name_of(where, winner)
        strategy.setdefault(name, tuple(to_frame(turn, frame)))
    return Proof(position, mover, winner, tiles_left, turns, strategy)


def proof_text(proof: Proof, comments: Iterable[str] = ()) -> str:
    """The file's text."""
    lines = [f"# {c}" for c in comments]
    lines += [
        FORMAT,
        f"position {tiles_text(proof.position.tiles())}",
        f"to-move {proof.mover.value}",
        f"winner {proof.winner.value}",
        f"tiles-left {proof.tiles_left}",
        f"turns {proof.turns}",
    ]
    ordered = sorted(proof.strategy.items(), key=lambda item: (len(item[0]), item[0]))
    lines += [f"{name} : {tiles_text(turn)}" for name, turn in ordered]
    return "\n".join(lines) + "\n"


def write_proof(path: str | os.PathLike[str], proof: Proof, comments: Iterable[str] = ()) -> Path:
    """Write ``proof`` atomically (gzip-compressed when the name ends in ``.gz``)."""
    data = proof_text(proof, comments).encode("utf-8")
    if str(path).endswith(".gz"):
        data = gzip.compress(data, mtime=0)
    return atomic_write(path, data)


def read_proof(path: str | os.PathLike[str]) -> Proof:
    """Read a proof file; a :class:`ProofFileError` names the line, the column and what was
    expected."""
    name = str(path)
    try:
        raw = Path(path).read_bytes()
        if name.endswith(".gz"):
            raw = gzip.decompress(raw)
        text = raw.decode("utf-8")
    except OSError as error:
        if isinstance(error, gzip.BadGzipFile):
            raise ProofFileError(
                "the file is not gzip-compressed",
                filename=name,
                hint="a .gz proof is written by palago prove",
            ) from None
        raise FileAccessError("read", path, error) from None
    except EOFError:
        raise ProofFileError("the compressed file is cut short", filename=name) from None
    except UnicodeDecodeError:
        raise ProofFileError("the file is not UTF-8 text", filename=name) from None
    return parse_proof(text, name)


def parse_proof(text: str, filename: str = "<text>") -> Proof:
    """A :class:`Proof` from a file's text (see the module's docstring)."""
    lines = [(n, line) for n, line in enumerate(text.splitlines(), 1)]
    body = [(n, line) for n, line in lines if line.strip() and not line.lstrip().startswith("#")]

    def fail(n: int, line: str, column: int, message: str, hint: str, width: int = 1) -> NoReturn:
        raise ProofFileError(
            message,
            hint=hint,
            filename=filename,
            line=n,
            column=column,
            source_line=line,
            width=width,
        )

    if not body or body[0][1].strip() != FORMAT:
        n, line = body[0] if body else (1, "")
        fail(n, line, 1, "not a proof file", f"the first line is '{FORMAT}'", max(1, len(line)))
    header: dict[str, tuple[int, str, str]] = {}
    rest = body[1:]
    for key in _HEADER:
        if not rest:
            n, line = body[-1]
            fail(
                n,
                line,
                len(line) + 1,
                f"the header ends before '{key}'",
                f"the header has {', '.join(_HEADER)} in that order",
            )
        n, line = rest[0]
        word, _, value = line.strip().partition(" ")
        if word != key:
            fail(
                n,
                line,
                1,
                f"'{word}' where the header has '{key}'",
                f"the header has {', '.join(_HEADER)} in that order",
                max(1, len(word)),
            )
        header[key] = (n, line, value.strip())
        rest = rest[1:]

    def value_of(key: str, read: Callable[[str], T], hint: str) -> T:
        n, line, value = header[key]
        try:
            return read(value)
        except (ValueError, PalagoError) as error:
            column = line.index(key) + len(key) + 2
            detail = f" ({error})" if isinstance(error, PalagoError) else ""
            fail(
                n, line, column, f"'{value}' is not a valid {key}{detail}", hint, max(1, len(value))
            )
            raise AssertionError from None

    position = value_of("position", lambda v: Position(_tiles(v)), "tile tokens such as 0,0D 1,0R")
    mover = value_of("to-move", Colour, "yellow or blue")
    winner = value_of("winner", Colour, "yellow or blue")
    left = value_of("tiles-left", _count, "a whole number, 0 or more")
    turns = value_of("turns", _count, "a whole number, 1 or more")
    if turns < 1:
        n, line, value = header["turns"]
        fail(
            n,
            line,
            line.index("turns") + 7,
            "a proof within 0 turns",
            "1 or more",
            max(1, len(value)),
        )
    strategy: dict[str, Turn] = {}
    for n, line in rest:
        where, colon, turn = line.partition(" : ")
        if not colon:
            fail(
                n,
                line,
                1,
                "a strategy line without ' : '",
                "each line is a position, ' : ' and the winner's turn",
                max(1, len(line)),
            )
        try:
            tiles = _tiles(where)
            played = tuple(_tiles(turn))
        except PalagoError as error:
            fail(
                n,
                line,
                1,
                f"unreadable tiles ({error})",
                "tile tokens such as 0,0D 1,0R",
                max(1, len(line)),
            )
        if not 1 <= len(played) <= 2:
            fail(
                n,
                line,
                len(where) + 4,
                f"a turn of {len(played)} tiles",
                "a turn lays one or two tiles",
                max(1, len(turn)),
            )
        name = name_of(Position(tiles), Colour.YELLOW)[0]
        if name != where.strip():
            fail(
                n,
                line,
                1,
                "the position is not written as its name",
                f"the name of these tiles is '{name}'",
                max(1, len(where)),
            )
        if name in strategy:
            fail(
                n,
                line,
                1,
                "a second line for this position",
                "one line a position",
                max(1, len(where)),
            )
        strategy[name] = played
    return Proof(position, mover, winner, left, turns, strategy)


def _count(text: str) -> int:
    number = int(text)
    if number < 0:
        raise ValueError(text)
    return number


def _tiles(text: str) -> list[Tile]:
    return [Tile.parse(token) for token in text.split()]
