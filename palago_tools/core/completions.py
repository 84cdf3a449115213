"""What turns complete on a :class:`~palago_tools.core.board.Board`: the sites where a turn can
complete something, what each completes (laid and lifted on the board's live analysis, only in
the orientations the closability index says close a region), the zone of a site, and snapshots
that let a search recompute only the sites a few more tiles can have changed (the lemma of
:mod:`palago_tools.tactics.search`). The board's methods of the same names call these."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

from .closability import ClosabilityIndex
from .hexgrid import DIRECTIONS, Cell
from .incremental import LiveAnalysis
from .regions import STRIDE, cell_key, key_cell
from .tiles import ORIENTATIONS, Colour, Tile, tiles_on
from .turns import Completion, Site, Snapshot, Tight

if TYPE_CHECKING:
    from .board import Board

NEIGHBOUR_STEPS: Final = tuple(dq * STRIDE + dr for dq, dr in DIRECTIONS)
"""The differences between the keys of a cell and of its six neighbours, in direction order."""

SNAPSHOT_TILES: Final = 6
"""A :func:`baseline` serves :func:`completions` after at most this many more tiles (it keeps
the enclosed areas of up to this many empty cells: tiles that fill one may change what turns far
away complete)."""

_AT_TIP: Final = {o.tip: i for i, o in enumerate(ORIENTATIONS)}


def tile_at(key: int, tip: int) -> Tile:
    """The tile on the cell named ``key`` with its yellow tip at ``tip``."""
    return tiles_on(key_cell(key))[_AT_TIP[tip]]


def sites(index: ClosabilityIndex) -> tuple[list[int], list[tuple[int, int]]]:
    """Where a turn can complete something (see :mod:`palago_tools.core.board`): the one-cell
    spots, and the ordered pairs of cells on a two-cell spot or on two neighbouring
    one-cell spots; cells named by keys."""
    singles, two = index.spot_cells()
    pairs = set(two)
    pairs.update((b, a) for a, b in two)
    for a in singles:
        for step in NEIGHBOUR_STEPS:
            if a + step in singles:
                pairs.add((a, a + step))
    return sorted(singles), sorted(pairs)


def completions_at(
    live: LiveAnalysis,
    index: ClosabilityIndex,
    site: Site,
    seconds: frozenset[int] | None = None,
) -> list[Completion]:
    """The turns on ``site`` (one cell, or two in the order laid; keys) that complete
    something, with what they complete. A lone tile is tried only in the orientations the
    index says close a region; a pair only in those the index says close one with its
    second tile (:meth:`~ClosabilityIndex.closing_pairs`), its first tile laid (it must
    complete nothing) and then its second. ``seconds``: only the pairs whose second tile
    has one of these yellow tips."""
    found: list[Completion] = []
    if len(site) == 1:
        (key,) = site
        tips = index.closing_tips(key)
        if tips:
            cell = key_cell(key)
            for tip in tips:
                done = live.lay(cell, tip)
                live.lift(cell)
                if done:
                    found.append(((tile_at(key, tip),), tuple(done)))
        return found
    a, b = site
    pairs = index.closing_pairs(a, b)
    if not pairs:
        return found
    cell_a, cell_b = key_cell(a), key_cell(b)
    laid = spoilt = -1  # the first tip laid, a first tip whose tile completes alone
    for tip, tip_b in pairs:
        if tip == spoilt or (seconds is not None and tip_b not in seconds):
            continue
        if laid != tip:
            if laid >= 0:
                live.lift(cell_a)
                laid = -1
            if live.lay(cell_a, tip):
                live.lift(cell_a)
                spoilt = tip
                continue
            laid = tip
        done = live.lay(cell_b, tip_b)
        live.lift(cell_b)
        if done:
            found.append(((tile_at(a, tip), tile_at(b, tip_b)), tuple(done)))
    if laid >= 0:
        live.lift(cell_a)
    return found


def zone_keys(index: ClosabilityIndex, keys: Iterable[int]) -> set[int]:
    """Where a tile can change what a turn on the cells named ``keys`` completes (the lemma of
    :mod:`palago_tools.tactics.search`): the cells, their neighbours, and the gaps of every
    region that needs one of them; as keys."""
    zone: set[int] = set()
    roots: set[int] = set()
    for key in keys:
        zone.add(key)
        zone.update(key + step for step in NEIGHBOUR_STEPS)
        roots |= index.needing(key)
    for root in roots:
        zone |= index.gaps(root)
    return zone


def turn_sites(board: Board) -> list[Site]:
    """The sites a turn starting now can complete something on: the one-cell spots, and the
    pairs of :func:`sites` when the turn lays two tiles."""
    wanted = board.tiles_this_turn()
    if wanted < 1:
        return []
    singles, pairs = sites(board.index)
    found: list[Site] = [(k,) for k in singles]
    if wanted >= 2:
        found.extend(pairs)
    return found


def _reusable(base: Snapshot | None, laid: Iterable[Cell]) -> tuple[Snapshot | None, set[int]]:
    """``base``, when what it says can still hold after the tiles on ``laid`` (no more than
    :data:`SNAPSHOT_TILES` of them, filling no enclosed area it kept), and ``laid`` as keys."""
    keys = {cell_key(c) for c in laid}
    if base is not None and (len(keys) > SNAPSHOT_TILES or any(h <= keys for h in base.holes)):
        base = None
    return base, keys


def tight_parts(index: ClosabilityIndex, keys: Iterable[int]) -> Tight:
    """What the tight zone of a turn on the cells named ``keys`` is made of (:data:`Tight`)."""
    cells = set(keys)
    near = set(cells)
    roots: set[int] = set()
    for key in cells:
        near.update(key + step for step in NEIGHBOUR_STEPS)
        roots |= index.needing(key)
    return frozenset(near), tuple(frozenset(index.gaps(root) - cells) for root in roots)


def misses_tight(tight: Tight, keys: set[int]) -> bool:
    """Whether the tiles on the cells ``keys`` miss the tight zone: the cells and neighbours,
    and the gaps of the regions with at most ``len(keys)`` gaps besides."""
    near, needs = tight
    size = len(keys)
    return not keys & near and not any(len(g) <= size and keys & g for g in needs)


def _kept(
    base: Snapshot | None, site: Site, keys: set[int], *, by_tight_zone: bool = False
) -> list[Completion] | None:
    """What ``site`` completed in ``base``, when its zone misses the cells ``keys`` (the
    lemma), or with ``by_tight_zone`` its tight zone (the lemma of
    :func:`~palago_tools.tactics.search.tight_zone`, for a site that fills no hole); ``None``
    when it must be found again."""
    if base is None:
        return None
    kept = base.completions.get(site)
    if kept is None:
        return None
    if not keys & base.zones[site]:
        return kept
    if by_tight_zone:
        parts = base.tight.get(site)
        if parts is not None and misses_tight(parts, keys):
            return kept
    return None


def baseline(board: Board, base: Snapshot | None = None, laid: Iterable[Cell] = ()) -> Snapshot:
    """What every site completes now, with the zone of each (and what the tight zone of each
    that fills no hole is made of), for :func:`completions` after a few more tiles. With
    ``base`` and ``laid`` (as :func:`completions` takes them), a site whose zone misses
    ``laid`` keeps what it completed then, its zone and its tight zone's parts (the tiles on
    ``laid`` changed none of them)."""
    live, index = board.live, board.index
    base, keys = _reusable(base, laid)
    done: dict[Site, list[Completion]] = {}
    zones: dict[Site, set[int]] = {}
    tight: dict[Site, Tight] = {}
    holes = board.holes(SNAPSHOT_TILES)
    for site in turn_sites(board):
        kept = _kept(base, site, keys)
        if kept is not None:
            assert base is not None
            done[site], zones[site] = kept, base.zones[site]
            parts = base.tight.get(site)
        else:
            done[site] = completions_at(live, index, site)
            zones[site] = zone_keys(index, site)
            parts = None if any(h <= set(site) for h in holes) else tight_parts(index, site)
        if parts is not None:
            tight[site] = parts
    return Snapshot(done, zones, holes, tight)


def completions(
    board: Board,
    base: Snapshot | None = None,
    laid: Iterable[Cell] = (),
    *,
    both: bool = True,
    stop: Colour | None = None,
) -> list[Completion]:
    """Every legal turn whose last tile completes creatures (of either colour), with them.

    With ``base`` (taken at the start of a turn, before the tiles on ``laid`` were laid, legal
    turns that completed nothing), a site whose zone misses ``laid`` keeps what it completed
    then (the lemma of :mod:`palago_tools.tactics.search`), and so does a site that fills no
    hole whose tight zone for that many tiles misses ``laid`` (the lemma of
    :func:`~palago_tools.tactics.search.tight_zone`), unless ``laid`` filled an enclosed
    area of empty cells, or more than :data:`SNAPSHOT_TILES` tiles were laid.

    ``both=False`` leaves out the second order of a pair (first cell the larger) where the
    first order is legal: enough for :func:`wins_for`, which keeps the first order. Both
    orders complete the same creatures when both are legal (a first tile that completes
    nothing completes no creature, and laying a tile destroys none); the first order is
    not legal only when its first tile completes something alone, so the second order is
    searched only with such a tile last.

    ``stop``: return as soon as a completion of that colour's creatures alone (a win for it)
    is found, with it last; the list is then a beginning of the whole one.
    """
    live, index = board.live, board.index
    base, keys = _reusable(base, laid)
    found: list[Completion] = []
    alone: dict[int, frozenset[int]] = {}  # cell -> the tips completing something alone
    for site in turn_sites(board):
        seconds = None
        if not both and len(site) == 2 and site[0] > site[1]:
            seconds = alone.get(site[1])
            if seconds is None:
                continue
        done = _kept(base, site, keys, by_tight_zone=True)
        if done is None:
            done = completions_at(live, index, site, seconds)
        if len(site) == 1 and done:
            alone[site[0]] = frozenset(m[0].tip for m, _c in done)
        if stop is not None:
            for completion in done:
                found.append(completion)
                if all(c.colour is stop for c in completion[1]):
                    return found
            continue
        found.extend(done)
    return found
