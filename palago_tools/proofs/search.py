"""The proof search: depth-first proof-number search (df-pn) over turns on the one board.

A question is "does ``winner`` win within ``turns`` of its own turns from here?". The search
keeps two kinds of node: the winner's (an OR node: one turn that wins is enough) and the
loser's (an AND node: every legal turn must lose). Each node has a proof number (how many
leaves at least must still be proved to prove it) and a disproof number; df-pn (Nagai 2002)
goes down to the most-proving leaf with thresholds and comes back up only when a threshold is
passed, keeping the numbers of every node it has seen in a table keyed by the position's name
under the game's symmetry (:mod:`.canonical`) and the turns left.

What is a leaf, exactly:

* the winner to move with an immediate win: proved; with one turn left and none: disproved;
* the winner to move with two turns left: **the exact win in two** (:func:`win_in_two`): a
  fork (the fork search, complete, for every turn that makes a threat) or a quiet turn after
  which every legal reply hands over a win (every quiet turn of the rules' generator, each
  reply of it tried until one does not);
* the loser to move with an immediate win of its own: disproved (it plays it); a loser's turn
  that completes a winner's creature, or creatures of both colours, is a won leaf.

With three turns or more left, the winner's node first asks for a win in two (a shorter proof
when there is one), then, once that fails, for a threat-space win (:func:`~palago_tools
.tactics.threat_space_wins`), whose first turn it tries first; its children are every legal
turn of the rules' generator. The loser's children are always every legal turn. So a disproof
is exact: "no win within ``turns``" holds against every line, not only the searched ones.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from ..core.board import Board
from ..core.position import Position
from ..core.tiles import Colour, Tile
from ..core.turns import Turn
from ..errors import ArgumentError, PalagoError
from ..files import open_for_appending
from ..tactics import fork_search, threat_space_wins
from .canonical import from_frame, name_of, to_frame

__all__ = ["INFINITE", "Journal", "ProofNode", "ProofAnswer", "ProofSearch", "win_in_two"]

INFINITE: Final = 10**12
THREAT_BUDGET: Final = 2_000
"""Examinations of the threat-space search that orders a winner's node's turns."""


class Stopped(Exception):
    """The budget (nodes or seconds) ran out."""


def win_in_two(board: Board, winner: Colour) -> Turn | None:
    """A turn of ``winner`` (to move, with no immediate win) after which every legal reply
    loses at once or leaves ``winner`` an immediate win; ``None`` when there is none. Exact: the
    fork search for the turns that make a threat (it goes through every one), every other legal
    turn tried against the rules' replies."""
    found = fork_search(board, winner, limit=1)
    if found.forks:
        return found.forks[0].tiles
    for turn in board.legal_turns():  # each turn taken back before the next is made
        board.play(turn)
        try:
            if board.over or board.wins(winner):
                continue  # a loss at once, or a threat (the fork search's part)
            if _every_reply_hands_over(board, winner):
                return turn
        finally:
            board.undo(turn)
    return None


def _every_reply_hands_over(board: Board, winner: Colour) -> bool:
    for reply in board.legal_turns():
        board.play(reply)
        try:
            if board.over:
                if board.winner is not winner:
                    return False
            elif not board.wins(winner):
                return False
        finally:
            board.undo(reply)
    return True


@dataclass
class ProofNode:
    """What the table keeps of a position: its proof and disproof numbers, and for a winner's
    position the turn that proves it (once proved)."""

    proof: int = 1
    disproof: int = 1
    turn: Turn | None = None
    """In the frame of the position's name (:mod:`.canonical`)."""


_UNSEEN = ProofNode()
"""The numbers of a child not visited yet (never changed)."""


class Journal:
    """The solved nodes of a search, one JSON line each, appended as they are solved and read
    back by the next search (a search stopped by its budget or by Ctrl-C goes on from there).
    A line is ``[name, turns, winner moves, proved, turn]`` (the turn in the name's frame, for a
    proved node where the winner moves); the file is for one supply: ``tiles-left`` of a
    position with ``tiles`` tiles."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self._fd: int | None = None

    def load(self, supply: int | None) -> dict[tuple[str, int, bool], ProofNode]:
        """The nodes the file holds for a game of ``supply`` tiles (a torn last line is left
        out; a line that is not one of the journal's is an :class:`ArgumentError`)."""
        table: dict[tuple[str, int, bool], ProofNode] = {}
        if not self.path.exists():
            return table
        try:
            lines = self.path.read_text("utf-8").splitlines(keepends=True)
        except (OSError, UnicodeDecodeError) as error:
            raise ArgumentError(f"cannot read the search's table {self.path}: {error}") from None
        for number, line in enumerate(lines, 1):
            if not line.endswith("\n"):
                break
            try:
                entry = json.loads(line)
                if entry[0] == "supply":
                    if entry[1] != supply:
                        raise ArgumentError(
                            f"{self.path} holds a search with {entry[1]} tiles in all, not "
                            f"{supply}: give another --table"
                        )
                    continue
                name, turns, winner_moves, proved, turn = entry
                node = ProofNode(0, INFINITE) if proved else ProofNode(INFINITE, 0)
                if turn is not None:
                    node.turn = tuple(Tile.parse(t) for t in turn)
                table[(str(name), int(turns), bool(winner_moves))] = node
            except (ValueError, TypeError, PalagoError) as error:
                if isinstance(error, ArgumentError):
                    raise
                raise ArgumentError(
                    f"{self.path}:{number}: not a line of a proof search's table ({error})"
                ) from None
        return table

    def open(self, supply: int | None) -> None:
        """Start appending (the file made, with its supply line, when missing)."""
        fresh = not self.path.exists() or self.path.stat().st_size == 0
        self._fd = open_for_appending(self.path)
        if fresh:
            os.write(self._fd, (json.dumps(["supply", supply]) + "\n").encode())

    def add(self, name: str, turns: int, winner_moves: bool, node: ProofNode) -> None:
        assert self._fd is not None
        turn = None if node.turn is None else [t.token for t in node.turn]
        line = json.dumps([name, turns, winner_moves, node.proof == 0, turn])
        os.write(self._fd, (line + "\n").encode())

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


@dataclass
class ProofAnswer:
    """What a search found: ``True`` proved, ``False`` disproved (no win within the turns),
    ``None`` given up at the budget; with the proving turn and the counts."""

    proved: bool | None
    turn: Turn | None
    nodes: int
    seconds: float


@dataclass
class ProofSearch:
    """A df-pn search for ``winner``'s win within ``turns`` of its turns from ``position``
    with ``mover`` to move and ``tiles_left`` in the supply. :meth:`run` may be called again
    with a larger budget: the table is kept (a search stopped by its budget, or by Ctrl-C,
    goes on from where it was)."""

    position: Position
    mover: Colour
    winner: Colour
    turns: int
    tiles_left: int | None = None
    table: dict[tuple[str, int, bool], ProofNode] = field(default_factory=dict)
    nodes: int = 0
    journal: Journal | None = None
    """Where the solved nodes are kept between runs (read when the search is made)."""

    def __post_init__(self) -> None:
        self.board = Board(self.position, self.mover, self.tiles_left)
        self.supply = None if self.tiles_left is None else len(self.position) + self.tiles_left
        self.loaded = 0
        """The solved positions read from the journal."""
        if self.journal is not None and not self.table:  # a table given is the journal's
            self.table.update(self.journal.load(self.supply))
            self.loaded = len(self.table)
        self._limit = INFINITE
        self._deadline: float | None = None
        self._children: dict[tuple[str, int, bool], list[tuple[Turn, tuple[str, int, bool]]]] = {}

    # The search ---------------------------------------------------------------------------
    def run(self, nodes: int | None = None, seconds: float | None = None) -> ProofAnswer:
        """Search until the root is solved or ``nodes`` more nodes / ``seconds`` are spent."""
        started = time.perf_counter()
        self._limit = INFINITE if nodes is None else self.nodes + nodes
        self._deadline = None if seconds is None else started + seconds
        root = self._key(self.board.mover is self.winner, self.turns)
        if self.journal is not None:
            self.journal.open(self.supply)
        try:
            self._mid(root, INFINITE - 1, INFINITE - 1)
        except Stopped:
            pass
        finally:
            if self.journal is not None:
                self.journal.close()
        node = self.table.get(root, ProofNode())
        proved = True if node.proof == 0 else False if node.disproof == 0 else None
        turn = node.turn
        if turn is not None:
            turn = tuple(from_frame(turn, name_of(self.board.position(), self.winner)[1]))
        return ProofAnswer(proved, turn, self.nodes, time.perf_counter() - started)

    def _key(self, winner_moves: bool, turns: int) -> tuple[str, int, bool]:
        name, _ = name_of(self.board.position(), self.winner)
        return name, turns, winner_moves

    def _framed(self, turn: Turn) -> Turn:
        """``turn`` on the board moved into the frame of the position's name (the table keeps
        turns there, so that a position met again in another frame can use them)."""
        return tuple(to_frame(turn, name_of(self.board.position(), self.winner)[1]))

    def _mid(self, key: tuple[str, int, bool], proof_limit: int, disproof_limit: int) -> None:
        node = self.table.get(key)
        if node is None:
            node = self._leaf(key)
        if node.proof == 0 or node.disproof == 0:
            return
        children = self._children.get(key)
        if children is None:
            children = self._expand(key)
            if node.proof == 0 or node.disproof == 0:
                return
        winner_moves = key[2]
        while True:
            best: tuple[Turn, tuple[str, int, bool]] | None = None
            best_child = _UNSEEN
            best_value = second_value = INFINITE
            total = 0
            for entry in children:
                turn, child_key = entry
                child = self.table.get(child_key, _UNSEEN)
                # OR: the least proof number, the disproofs summed; AND: the other way round.
                value, other = (
                    (child.proof, child.disproof) if winner_moves else (child.disproof, child.proof)
                )
                total = min(INFINITE, total + other)
                if value < best_value:
                    best, second_value, best_value = entry, best_value, value
                    best_child = child
                elif value < second_value:
                    second_value = value
            if winner_moves:
                node.proof, node.disproof = best_value, total
            else:
                node.proof, node.disproof = total, best_value
            if node.proof == 0 and winner_moves and best is not None:
                node.turn = self._framed(best[0])
            if node.proof == 0 or node.disproof == 0:
                self._solved(key, node)
                return
            if node.proof >= proof_limit or node.disproof >= disproof_limit:
                return
            assert best is not None
            turn, child_key = best
            child = best_child
            if winner_moves:
                child_proof = min(proof_limit, second_value + 1)
                child_disproof = disproof_limit - node.disproof + child.disproof
            else:
                child_disproof = min(disproof_limit, second_value + 1)
                child_proof = proof_limit - node.proof + child.proof
            self.board.play(turn)
            try:
                self._mid(child_key, child_proof, child_disproof)
            finally:
                self.board.undo(turn)

    def _solved(self, key: tuple[str, int, bool], node: ProofNode, kept: bool = True) -> None:
        """Forget the node's children; write it to the journal unless it is not ``kept`` (a win
        at once, cheaper to find again than to read)."""
        self._children.pop(key, None)
        if kept and self.journal is not None:
            self.journal.add(key[0], key[1], key[2], node)

    def _count(self) -> None:
        self.nodes += 1
        if self.nodes > self._limit:
            raise Stopped
        if self._deadline is not None and time.perf_counter() > self._deadline:
            raise Stopped

    def _leaf(self, key: tuple[str, int, bool]) -> ProofNode:
        """The node's first numbers: solved at once where the module's docstring says."""
        self._count()
        board, winner = self.board, self.winner
        _, turns, winner_moves = key
        node = ProofNode()
        self.table[key] = node
        if board.over:  # cannot happen below: a finished turn is judged by its parent
            node.proof, node.disproof = (0, INFINITE) if board.winner is winner else (INFINITE, 0)
        elif winner_moves:
            wins = board.wins(winner)
            if wins:
                node.proof, node.disproof, node.turn = 0, INFINITE, self._framed(wins[0].tiles)
            elif turns <= 1:
                node.proof, node.disproof = INFINITE, 0
            else:
                two = win_in_two(board, winner)
                if two is not None:
                    node.proof, node.disproof, node.turn = 0, INFINITE, self._framed(two)
                elif turns == 2:
                    node.proof, node.disproof = INFINITE, 0
        elif board.wins(winner.other):
            node.proof, node.disproof = INFINITE, 0
        if node.proof == 0 or node.disproof == 0:
            self._solved(key, node)
        return node

    def _expand(self, key: tuple[str, int, bool]) -> list[tuple[Turn, tuple[str, int, bool]]]:
        """The node's legal turns with their children's keys, each child once up to symmetry. A
        turn that ends the game is judged here: the winner's and the loser's losing
        turns are left out, a loser's turn that wins or draws disproves the node. The winner's
        turn of a threat-space win comes first."""
        board, winner = self.board, self.winner
        _, turns, winner_moves = key
        child_turns = turns - 1 if winner_moves else turns
        node = self.table[key]
        children: list[tuple[Turn, tuple[str, int, bool]]] = []
        first: list[Turn] = []
        if winner_moves:
            found = threat_space_wins(board, winner, depth=turns, limit=1, budget=THREAT_BUDGET)
            first = [found.wins[0]] if found.wins else []
        seen: set[str] = set()
        for turn in [*first, *board.legal_turns()]:
            board.play(turn)
            try:
                if board.over:
                    if not winner_moves and board.winner is not winner:
                        node.proof, node.disproof = INFINITE, 0  # the loser wins or draws
                        self._solved(key, node)
                        return []
                    continue  # the winner's win is a leaf; a loss is no choice
                child_key = self._key(not winner_moves, child_turns)
                if child_key not in self.table:
                    self._judge(child_key)
            finally:
                board.undo(turn)
            if child_key[0] not in seen:
                seen.add(child_key[0])
                children.append((turn, child_key))
        self._children[key] = children
        if not children:  # every turn ends the game: the loser's lose, the winner's do not win
            node.proof, node.disproof = (0, INFINITE) if not winner_moves else (INFINITE, 0)
            self._solved(key, node)
        return children

    def _judge(self, key: tuple[str, int, bool]) -> None:
        """Solve a new child at once when the side to move wins at once: the winner (proved),
        or the loser (disproved); so the parent's numbers say which children are still open."""
        board, winner = self.board, self.winner
        if key[2]:
            wins = board.wins(winner)
            if not wins:
                return
            node = ProofNode(0, INFINITE, self._framed(wins[0].tiles))
        elif board.wins(winner.other):
            node = ProofNode(INFINITE, 0)
        else:
            return
        self.nodes += 1
        self.table[key] = node
        self._solved(key, node, kept=False)

    # The strategy -------------------------------------------------------------------------
    def strategy(self) -> Iterator[tuple[Position, Turn]]:
        """Every winner's node of the proof (its position, in the search's frame, and the turn
        played there), once each by name; the root must be proved."""
        done: set[str] = set()
        yield from self._strategy(self.board.mover is self.winner, self.turns, done)

    def _strategy(
        self, winner_moves: bool, turns: int, done: set[str]
    ) -> Iterator[tuple[Position, Turn]]:
        board, winner = self.board, self.winner
        if board.over:
            return
        if not winner_moves:
            for reply in list(board.legal_turns()):
                board.play(reply)
                try:
                    yield from self._strategy(True, turns, done)
                finally:
                    board.undo(reply)
            return
        name = name_of(board.position(), winner)[0]
        if name in done:
            return
        done.add(name)
        turn = self._proving_turn(name, turns)
        yield board.position(), turn
        board.play(turn)
        try:
            yield from self._strategy(False, turns - 1, done)
        finally:
            board.undo(turn)

    def _proving_turn(self, name: str, turns: int) -> Turn:
        """The winner's turn at the current node: an immediate win, the table's proof at the
        fewest turns, or the exact win in two."""
        wins = self.board.wins(self.winner)
        if wins:
            return wins[0].tiles
        for left in range(2, turns + 1):
            node = self.table.get((name, left, True))
            if node is not None and node.proof == 0 and node.turn is not None:
                frame = name_of(self.board.position(), self.winner)[1]
                return tuple(from_frame(node.turn, frame))
        two = win_in_two(self.board, self.winner)
        if two is None:
            raise AssertionError(f"a node of the proof is not proved: {name}")
        return two
