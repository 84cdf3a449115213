"""The tight zone's lemma (:func:`palago_tools.tactics.search.tight_zone`), checked against the
rules engine and a full analysis of each position: a reply that completes nothing, fills no
hole and misses the tight zone of a threat (one that fills no hole) leaves that threat legal,
completing exactly the creatures it completed before the reply.

The fork and forcing-win searches answer such replies with the threat without laying them,
so a lemma that were wrong would give wrong verdicts. The check is also run with zones made
too tight on purpose (the gaps of the small regions left out, or the neighbours of the threat's
cells), and must then find a counterexample: it has the teeth to catch a wrong lemma.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

import pytest

from palago_tools.core.analysis import Analysis
from palago_tools.core.board import Board
from palago_tools.core.hexgrid import Cell, neighbours
from palago_tools.core.position import Position
from palago_tools.core.regions import cell_key, key_cell
from palago_tools.core.tiles import Colour, Tile
from palago_tools.core.turns import Completion, Site, Snapshot, Win, turn_text
from palago_tools.errors import IllegalMoveError
from palago_tools.rules import Palago
from palago_tools.rules.random_games import random_palago_game
from palago_tools.tactics import search
from palago_tools.tactics.search import tight_zone

Turn = tuple[Tile, ...]
Zone = Callable[[Board, Iterable[Cell]], set[Cell]]

GAMES = 8
"""Random games whose positions (half-way and before the last turn) the fork search is run on
(enough for each zone too tight below to give a counterexample)."""

SAMPLE = 300
"""How many of the replies the search answered with a tight zone are checked by the rules."""


def _creatures(position: Position) -> set[tuple[str, frozenset[Cell]]]:
    """The creatures of ``position`` by a full analysis (no incremental walk), as colour and
    cells."""
    return {(c.colour.value, c.cells) for c in Analysis(position).creatures}


def _completes(position: Position, tiles: Turn) -> set[tuple[str, frozenset[Cell]]]:
    """The creatures ``tiles`` laid on ``position`` make that were not there."""
    after = Position({**dict(position), **{t.cell: t.orientation for t in tiles}})
    return _creatures(after) - _creatures(position)


Reused = tuple[Position, Colour, int | None, Turn, Turn]
"""A reply the search answered with a threat by its tight zone alone (its zone met): the
position, the defender, the tiles left, the reply and the threat's tiles."""


def reused(zone: Zone, monkeypatch: pytest.MonkeyPatch) -> list[Reused]:
    """Every reply the fork search answers with a threat whose zone it meets but whose tight
    zone (``zone`` standing for :func:`tight_zone`) it misses, over the candidates of
    positions of random games."""
    found: list[Reused] = []
    unchanged = search._Defence._unchanged

    def recording(defence: search._Defence, reply: Turn) -> Win | None:
        win = unchanged(defence, reply)
        if win is not None:
            cells = {t.cell for t in reply}
            if cells & defence.zones[defence.threats.index(win)]:
                board = defence.board
                found.append((board.position(), board.mover, board.tiles_left, reply, win.tiles))
        return win

    monkeypatch.setattr(search, "tight_zone", zone)
    monkeypatch.setattr(search._Defence, "_unchanged", recording)
    for seed in range(GAMES):
        turns = random_palago_game(random.Random(seed)).turns[:-1]
        for count in (len(turns) // 2, len(turns)):
            game = Palago()
            for turn in turns[:count]:
                game.play(turn)
            board = Board(game.position(), game.mover, game.tiles_left)
            fork_search = search._Search(board, game.mover)
            seen: set[frozenset[Tile]] = set()
            for turn in search.candidate_turns(board, game.mover):
                if frozenset(turn) not in seen:
                    seen.add(frozenset(turn))
                    fork_search.forks(turn)
    return found


def counterexamples(answers: list[Reused], size: int = SAMPLE) -> list[str]:
    """The ``answers`` (a seeded sample of ``size``) after whose reply the threat is illegal
    or completes other creatures than before it, by the rules engine and full analyses."""
    found: list[str] = []
    sample = random.Random(1).sample(answers, min(size, len(answers)))
    for position, defender, left, reply, threat in sample:
        attacker = defender.other
        game = Palago.from_position(position, defender, left)
        game.play(reply)
        after = Palago.from_position(game.position(), attacker, game.tiles_left)
        try:
            result = after.play(threat)
        except IllegalMoveError as error:
            found.append(f"{turn_text(reply)} makes {turn_text(threat)} illegal: {error}")
            continue
        if result.winner is not attacker or _completes(game.position(), threat) != _completes(
            position, threat
        ):
            found.append(f"{turn_text(reply)} changes what {turn_text(threat)} completes")
    return found


def _without_small_regions(board: Board, cells: Iterable[Cell]) -> set[Cell]:
    """A zone too tight: the cells and their neighbours only."""
    return {n for c in cells for n in (c, *neighbours(c))}


def _without_neighbours(board: Board, cells: Iterable[Cell]) -> set[Cell]:
    """A zone too tight: the cells and the gaps of the small regions needing them only."""
    keys = {cell_key(c) for c in cells}
    zone = set(keys)
    for key in keys:
        for root in board.index.needing(key):
            gaps = board.index.gaps(root)
            if len(gaps - keys) <= 2:
                zone |= gaps
    return {key_cell(k) for k in zone}


def test_the_replies_answered_by_the_tight_zones_leave_the_threat_as_it_was(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    answers = reused(tight_zone, monkeypatch)
    assert len(answers) >= SAMPLE  # the search leans on the lemma
    assert counterexamples(answers) == []


def _outside_the_lemma(answer: Reused) -> bool:
    """Whether the answer's reply meets the tight zone of its threat."""
    position, defender, left, reply, threat = answer
    board = Board(position, defender, left)
    (win,) = (w for w in board.wins(defender.other) if w.tiles == threat)
    return bool({t.cell for t in reply} & tight_zone(board, win.cells))


@pytest.mark.parametrize("zone", [_without_small_regions, _without_neighbours])
def test_the_check_finds_the_counterexamples_of_a_zone_too_tight(
    zone: Zone, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each part of the tight zone is needed: with it left out, the search answers replies
    (those the lemma would not let through, all checked) after which the threat fails."""
    answers = [a for a in reused(zone, monkeypatch) if _outside_the_lemma(a)]
    assert answers
    assert counterexamples(answers, len(answers))


def test_the_tight_zone_lies_within_the_zone() -> None:
    for seed in range(GAMES):
        turns = random_palago_game(random.Random(seed)).turns[:-1]
        game = Palago()
        for turn in turns:
            game.play(turn)
        board = Board(game.position(), game.mover, game.tiles_left)
        for win in board.wins(game.mover.other) + board.wins(game.mover):
            assert set(win.cells) <= tight_zone(board, win.cells) <= board.zone(win.cells)


def snapshot_mismatches(monkeypatch: pytest.MonkeyPatch) -> tuple[int, list[str]]:
    """Every :func:`~palago_tools.core.completions.completions` from a snapshot that the fork
    search asks for on the positions of :func:`reused`, compared with the completions found
    afresh: (how many kept a site by a tight zone alone, the mismatches)."""
    from palago_tools.core import completions as module

    kept = [0]
    mismatches: list[str] = []
    plain_kept = module._kept

    def counting(
        base: Snapshot | None, site: Site, keys: set[int], *, by_tight_zone: bool = False
    ) -> list[Completion] | None:
        found = plain_kept(base, site, keys, by_tight_zone=by_tight_zone)
        if by_tight_zone and found is not None and plain_kept(base, site, keys) is None:
            kept[0] += 1
        return found

    def checked(
        board: Board,
        base: Snapshot | None = None,
        laid: Iterable[Cell] = (),
        *,
        both: bool = True,
        stop: Colour | None = None,
    ) -> list[Completion]:
        laid = list(laid)
        if base is not None:  # the whole list from the snapshot against the whole list afresh
            whole = completions(board, base, laid, both=both)
            afresh = completions(board, both=both)
            if _outcomes(whole) != _outcomes(afresh):
                mismatches.append(f"after {sorted(laid)}: {board.position()}")
        return completions(board, base, laid, both=both, stop=stop)

    completions = module.completions
    monkeypatch.setattr(module, "_kept", counting)
    monkeypatch.setattr(Board, "completions", checked)
    reused(tight_zone, monkeypatch)
    return kept[0], mismatches


def _outcomes(found: list[Completion]) -> list[tuple[Turn, list[tuple[str, frozenset[Cell]]]]]:
    return [(m, sorted((c.colour.value, c.cells) for c in done)) for m, done in found]


def test_completions_kept_by_a_tight_zone_are_those_found_afresh(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    kept, mismatches = snapshot_mismatches(monkeypatch)
    assert kept
    assert mismatches == []


def test_completions_kept_by_a_tight_zone_too_tight_are_caught(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from palago_tools.core import completions as module

    monkeypatch.setattr(module, "misses_tight", lambda parts, keys: not keys & parts[0])
    _kept, mismatches = snapshot_mismatches(monkeypatch)
    assert mismatches
