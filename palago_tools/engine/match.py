"""Games between players (engine levels and baselines), written as notation records and replayed.

A match plays game pairs from a fixed book of openings (:func:`opening_book`: each of the six
distinct first turns, then a seeded Blue reply), each opening twice with the colours swapped.
Every game is played through the rules' :class:`~palago_tools.rules.palago.Palago`, written as a
record (:func:`~palago_tools.notation.write_record`), read back and replayed by
:func:`~palago_tools.replays.replay`; a game whose record does not replay to the same result is
an error, not a result. Games run one after another, in ``jobs`` local processes, or on a
Dask cluster (:func:`play_unordered`); a game is the same for the same :class:`GameSpec`
wherever it runs.
"""

from __future__ import annotations

import functools
import importlib
import itertools
import multiprocessing
import random
import signal
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass, fields, replace
from importlib import resources
from typing import Any, Final, Protocol, TypeVar

from ..core.hexgrid import MOTIONS
from ..core.position import Position
from ..core.tiles import ORIENTATIONS, SET_SIZE, Colour, Tile
from ..errors import ArgumentError, InternalError, UsageError
from ..notation import parse, write_record
from ..notation.records import PalagoGame, PalagoTurn
from ..replays import replay
from ..replays.generated import palago_record
from ..rules.palago import Palago, PalagoOptions
from ..rules.random_games import PalagoScript
from ..tactics import forced_wins, immediate_wins, threat_space_wins
from .baselines import BASELINES, Baseline, all_turns
from .board import SearchBoard, Turn
from .clock import TimeControl, move_budget
from .evaluation import WEIGHTS, Weights
from .gtp import GtpPlayer, is_gtp_name
from .player import LEVELS, Engine, Level
from .search import Limits

SpecT = TypeVar("SpecT")
ResultT = TypeVar("ResultT")


class Player(Protocol):
    """What a match asks of a player: a turn, within ``seconds`` when the game has a clock
    (the budget the player's clock allows this turn; players that need no time ignore it)."""

    name: str

    def turn(self, game: Palago, seconds: float | None = None) -> Turn: ...


def player_named(spec: str, seed: int) -> Player:
    """``level1`` … ``level5`` (the engine), ``levelN:FIELD=VALUE[:FIELD=VALUE...]`` (level N
    with those evaluation :class:`~.evaluation.Weights` or search settings changed: an engine
    change to test against the engine as it is, with ``--sprt``; :func:`variant_of`), or a
    baseline name, seeded; a :class:`~palago_tools.errors.ArgumentError` naming what would be
    valid otherwise. ``gtp:DIR:N`` is the engine of the checkout ``DIR`` at level N, over GTP
    (:class:`~.gtp.GtpPlayer`: a process started at its first turn, ended by ``close``)."""
    if is_gtp_name(spec):
        return GtpPlayer.named(spec, seed)
    head, colon, changes = spec.partition(":")
    if head.startswith("level") and head[5:].isdigit() and int(head[5:]) in LEVELS:
        level = int(head[5:])
        if not colon:
            return _EnginePlayer(spec, Engine(level, seed))
        weights, settings = variant_of(changes, LEVELS[level])
        return _EnginePlayer(spec, Engine(level, seed, weights=weights, settings=settings))
    if spec in BASELINES:
        return Baseline(spec, seed)
    raise ArgumentError(
        f"unknown player {spec!r}: the players are level1 to level{max(LEVELS)} (with "
        "':FIELD=VALUE' for other weights or search settings), "
        + ", ".join(BASELINES)
        + " and gtp:DIR:N (the engine of the checkout DIR at level N)"
    )


SETTINGS: Final = {
    "depth": (1, 64),
    "quiescence": (0, 16),
    "nodes": (0, 10**9),
    "forks": (0, 1),
    "guard": (0, 10**6),
    "forcing": (0, 10**9),
    "threats": (0, 10**9),
    "quiet": (0, 10**9),
    "horizon": (3, 6),
    "reach": (3, 6),
    "replies": (0, 1000),
    "ahead": (0, 1000),
    "ahead_replies": (1, 1000),
    "ahead_nodes": (0, 10**9),
}
"""The search settings a variant may change, with their least and greatest values: the
:class:`~.search.Limits` ``depth`` (tile plies), ``quiescence`` (plies) and ``nodes`` (the budget
from the third ply on), and the :class:`~.player.Level` ``forks`` (0 or 1), ``guard`` (turns),
``forcing`` and ``quiet`` (examinations of the guard's threat-space checks after its turns that
make a threat and those that do not), ``horizon`` (the turns of the opponent's wins those checks
look for, 3 to 6), ``threats`` (examinations for a threat-space win of its own), ``reach`` (its
turns, 3 to 6), ``replies`` (the best turns scored again by the opponent's best reply),
``ahead`` (the first turns of the replies' order looked at three turns ahead),
``ahead_replies`` (the opponent's replies tried after each) and ``ahead_nodes`` (the nodes
that look may spend). ``forcing``, ``quiet``, ``horizon`` and ``replies`` act only with a
``guard``, ``ahead`` only with ``replies``, and ``threats`` and ``reach`` only with ``forks``."""


def variant_of(changes: str, level: Level) -> tuple[Weights, Level]:
    """The engine's weights and ``level`` with ``FIELD=VALUE[:FIELD=VALUE...]`` changed: whole
    numbers, for fields of :class:`~.evaluation.Weights` or :data:`SETTINGS`."""
    weight_names = [f.name for f in fields(Weights)]
    valid = f"the weights are {', '.join(weight_names)}; the settings {', '.join(SETTINGS)}"
    values: dict[str, int] = {}
    for item in changes.split(":"):
        name, equals, value = item.partition("=")
        if not equals:
            raise ArgumentError(f"{item!r} is not FIELD=VALUE: {valid}")
        if name not in weight_names and name not in SETTINGS:
            raise ArgumentError(f"{name!r} is not a weight or a setting: {valid}")
        try:
            number = int(value)
        except ValueError:
            raise ArgumentError(f"{name} is a whole number, not {value!r}") from None
        if name in SETTINGS:
            least, most = SETTINGS[name]
            if not least <= number <= most:
                raise ArgumentError(f"{name} is {least} to {most}, not {number}")
        values[name] = number
    weights = replace(WEIGHTS, **{k: v for k, v in values.items() if k in weight_names})
    searched = {f.name for f in fields(Limits)}  # the rest of SETTINGS are the Level's fields
    limits = replace(level.limits, **{k: v for k, v in values.items() if k in searched})
    changed: dict[str, Any] = {
        k: v for k, v in values.items() if k in SETTINGS and k not in searched
    }
    if "forks" in changed:
        changed["forks"] = bool(changed["forks"])
    return weights, replace(level, limits=limits, **changed)


PLAYERS: Final = tuple(f"level{n}" for n in LEVELS) + BASELINES
"""The players by name (weight variants aside)."""


class _EnginePlayer:
    def __init__(self, name: str, engine: Engine) -> None:
        self.name = name
        self.engine = engine

    def turn(self, game: Palago, seconds: float | None = None) -> Turn:
        return self.engine.choose(game, seconds=seconds).turn


def _canonical(position: Position) -> tuple[str, ...]:
    """A name of ``position`` up to the game's symmetry (the six class-keeping motions and
    translation)."""
    forms = []
    for motion in MOTIONS:
        if not motion.keeps_class:
            continue
        moved = position.moved(motion)
        q0 = min(q for q, _ in moved)
        r0 = min(r for q, r in moved if q == q0)
        forms.append(tuple(t.token for t in moved.translated(-q0, -r0).tiles()))
    return min(forms)


def openings() -> list[Turn]:
    """The six distinct first turns (two adjacent tiles) up to the game's symmetry."""
    found: dict[tuple[str, ...], Turn] = {}
    for a in ORIENTATIONS:
        for b in ORIENTATIONS:
            turn = (Tile((0, 0), a), Tile((1, 0), b))
            found.setdefault(_canonical(Position(turn)), turn)
    return [found[key] for key in sorted(found)]


BOOK: Final = "data/opening-book.palago"
"""The stored book (in the package): :func:`balanced_openings` of :data:`BOOK_SIZE`, as records
of two turns (:func:`book_text`)."""
BOOK_SIZE: Final = 200
BOOK_EXAMINATIONS: Final = 20_000
"""Examinations of the threat-space search that a book reply must survive: Yellow's win in
three found within them excludes the reply."""


def opening_book(size: int) -> list[tuple[Turn, Turn]]:
    """``size`` openings from the stored book, taken again from its start beyond its
    :data:`BOOK_SIZE` (the pairs' seeds still differ)."""
    return list(itertools.islice(_book(), size))


def _book() -> Iterator[tuple[Turn, Turn]]:
    """The openings of :func:`opening_book`, without end."""
    return itertools.cycle(_stored_book())


@functools.cache
def _stored_book() -> tuple[tuple[Turn, Turn], ...]:
    text = resources.files("palago_tools").joinpath(BOOK).read_text("utf-8")
    return tuple(
        (_tiles(record.turns[0]), _tiles(record.turns[1]))
        for record in parse(text)
        if isinstance(record, PalagoGame)
    )


def _tiles(turn: PalagoTurn) -> Turn:
    return tuple(placement.tile for placement in turn.placements)


def balanced_openings(size: int) -> list[tuple[Turn, Turn]]:
    """The six first turns in turn, each with a Blue reply drawn from a fixed seed among the
    replies that leave Yellow no win at once, no forced win in two and no threat-space win in
    three (within :data:`BOOK_EXAMINATIONS`): a book position already lost for Blue would give
    each pair of games one win each, whoever plays (about a fifth of random replies lose in two,
    and nearly half of the rest in three). No two openings give the same position up to the
    game's symmetry (a line played twice would count one game as two); a first turn whose
    replies give no new balanced position is left out from then on. Slow (a fork search and a
    threat-space search per reply tried): stored as :data:`BOOK`."""
    firsts = openings()
    rng = random.Random("palago opening book")
    found: list[tuple[Turn, Turn]] = []
    seen: set[tuple[str, ...]] = set()  # the positions of the book so far, and those refused
    pools: dict[int, list[Turn]] = {}  # by first turn: the replies not drawn yet
    active = list(range(len(firsts)))
    while len(found) < size:
        if not active:
            raise ArgumentError(f"there are only {len(found)} balanced openings, not {size}")
        which = active[len(found) % len(active)]
        first = firsts[which]
        game = Palago()
        game.play(first)
        pool = pools.setdefault(which, all_turns(SearchBoard.of(game)))
        reply = _draw(pool, rng, game.position(), first, seen)
        if reply is None:
            active.remove(which)
            continue
        found.append((first, reply))
    return found


def _draw(
    pool: list[Turn],
    rng: random.Random,
    position: Position,
    first: Turn,
    seen: set[tuple[str, ...]],
) -> Turn | None:
    """A reply drawn (and taken) from ``pool`` that gives a position not in ``seen`` and is
    :func:`_balanced`; every position tried is added to ``seen``. ``None`` when none is left."""
    while pool:
        reply = pool.pop(rng.randrange(len(pool)))
        key = _canonical(position.place(*reply))
        if key in seen:
            continue
        seen.add(key)
        if _balanced(first, reply):
            return reply
    return None


def book_text(book: Iterable[tuple[Turn, Turn]]) -> str:
    """The book as notation: one record of its two turns per opening."""
    options = PalagoOptions()
    return "\n".join(
        write_record(palago_record(PalagoScript(Colour.YELLOW, options, turns, None, False)))
        for turns in book
    )


def _balanced(first: Turn, reply: Turn) -> bool:
    """True when Yellow, to move after ``first`` and ``reply`` (48 tiles), has no win at once,
    no forced win in two and no threat-space win in three found within
    :data:`BOOK_EXAMINATIONS`."""
    game = Palago()
    game.play(first)
    game.play(reply)
    position, left = game.position(), game.tiles_left
    if game.over or immediate_wins(position, game.mover, tiles_left=left):
        return False
    if forced_wins(position, game.mover, tiles_left=left, limit=1):
        return False
    found = threat_space_wins(
        position, game.mover, depth=3, tiles_left=left, limit=1, budget=BOOK_EXAMINATIONS
    )
    return not found.wins


ON_TIME: Final = "time"
"""The :attr:`GameResult.ending` of a game a side lost by running out of time."""


@dataclass(frozen=True)
class GameResult:
    """One game: who played Yellow and Blue, the winner's colour (``None``: drawn), the
    record's text, the turns and the seconds each side spent choosing its turns (wall clock,
    and the CPU time of the process that played the game), how it ended when not by the rules
    (:data:`ON_TIME`: the loser ran out of time), and each side's CPU seconds move by move
    (empty in results files written before they were kept)."""

    yellow: str
    blue: str
    winner: Colour | None
    record: str
    turns: int
    seconds: tuple[float, float]
    moves: tuple[int, int]
    cpu: tuple[float, float] = (0.0, 0.0)
    ending: str = ""
    move_cpu: tuple[tuple[float, ...], tuple[float, ...]] = ((), ())

    def score_of(self, name: str) -> float:
        """1, ½ or 0 for the player ``name``."""
        if self.winner is None:
            return 0.5
        return 1.0 if (self.yellow if self.winner is Colour.YELLOW else self.blue) == name else 0.0


@dataclass(frozen=True)
class GameSpec:
    """A game to play: the two players by name, the opening's turns (played as given; the
    players play the rest), the seed, the game's options (supply, opening variant) and its
    clock: seconds of each side's own time for the whole game (``None``: no clock)."""

    yellow: str
    blue: str
    opening: tuple[Turn, ...]
    seed: int
    options: PalagoOptions = PalagoOptions()
    clock: float | None = None


def play_game(spec: GameSpec) -> GameResult:
    """Play one game, write it as a record and check it by replaying the record. With a clock,
    each side's turns run its own time down (the wall clock, as a game clock does), each turn
    is given the budget its time allows (:func:`~.clock.move_budget`), and a side whose time
    runs out loses on time: the record ends there, unfinished for the rules, with
    ``[X-Termination "Yellow won on time"]`` (or Blue), as records from boardspace.net keep a
    win on time."""
    players = (player_named(spec.yellow, spec.seed), player_named(spec.blue, spec.seed + 1))
    try:
        game, turns, seconds, cpu, moves, flagged, move_cpu = _played(spec, players)
    finally:
        for player in players:
            close = getattr(player, "close", None)
            if callable(close):
                close()
    winner = game.winner if flagged is None else flagged.other
    text = _record_text(spec, game, turns, flagged)
    (record,) = parse(text)
    report = replay(record)
    seats = () if game.winner is None else (0 if game.winner is Colour.YELLOW else 1,)
    if not report.valid or report.winner_seats != seats or report.draw != game.draw:
        raise InternalError(f"the record of {spec} does not replay to its result: {report.error}")
    return GameResult(
        spec.yellow,
        spec.blue,
        winner,
        text,
        len(turns),
        (seconds[0], seconds[1]),
        (moves[0], moves[1]),
        (cpu[0], cpu[1]),
        "" if flagged is None else ON_TIME,
        (_rounded(move_cpu[0]), _rounded(move_cpu[1])),
    )


def _rounded(seconds: list[float]) -> tuple[float, ...]:
    """CPU seconds to a tenth of a millisecond (as the results file keeps them)."""
    return tuple(round(s, 4) for s in seconds)


def _played(
    spec: GameSpec, players: tuple[Player, Player]
) -> tuple[
    Palago, list[Turn], list[float], list[float], list[int], Colour | None, list[list[float]]
]:
    """Play ``spec``'s game: the game, its turns, each side's wall-clock and CPU seconds and
    turns, the colour that ran out of time (``None``: none did), and each side's CPU seconds
    move by move. A side's CPU is that of this process, and that of the player's own process
    when it has one (``child_cpu``)."""
    game = Palago(options=spec.options)
    turns: list[Turn] = []
    for turn in spec.opening:
        game.play(turn)
        turns.append(turn)
    seconds = [0.0, 0.0]
    cpu = [0.0, 0.0]
    moves = [0, 0]
    move_cpu: list[list[float]] = [[], []]
    control = None if spec.clock is None else TimeControl(spec.clock)
    clocks = [] if control is None else [control.start(), control.start()]
    while not game.over:
        side = 0 if game.mover is Colour.YELLOW else 1
        budget = None if control is None else move_budget(control, clocks[side], game.tiles_left)
        start, start_cpu = time.perf_counter(), _cpu_of(players[side])
        turn = players[side].turn(game, budget)
        spent = time.perf_counter() - start
        seconds[side] += spent
        spent_cpu = _cpu_of(players[side]) - start_cpu
        cpu[side] += spent_cpu
        move_cpu[side].append(spent_cpu)
        moves[side] += 1
        if control is not None:
            clocks[side] = control.spend(clocks[side], spent)
            if clocks[side].flagged:
                return game, turns, seconds, cpu, moves, game.mover, move_cpu
        game.play(turn)
        turns.append(turn)
    return game, turns, seconds, cpu, moves, None, move_cpu


def _cpu_of(player: Player) -> float:
    """The CPU seconds this process has used, and ``player``'s own process if it has one."""
    child_cpu = getattr(player, "child_cpu", None)
    return time.process_time() + (child_cpu() if callable(child_cpu) else 0.0)


def _record_text(spec: GameSpec, game: Palago, turns: list[Turn], flagged: Colour | None) -> str:
    """The game's record; a game lost on time ends unfinished, with its ``X-Termination``."""
    script = PalagoScript(Colour.YELLOW, game.options, tuple(turns), game.winner, game.draw)
    record = palago_record(script, spec.yellow, spec.blue)
    if flagged is not None:
        ending = f"{flagged.other.value.capitalize()} won on time"
        record = replace(record, tags=(*record.tags, ("X-Termination", ending)))
    return write_record(record)


def match_specs(
    pairs: Sequence[tuple[str, str]], games: int, seed: int = 0, supply: int = SET_SIZE
) -> list[GameSpec]:
    """For each pairing, ``games`` games (rounded up to pairs): each opening of the book played
    twice, colours swapped."""
    specs: list[GameSpec] = []
    count = (games + 1) // 2
    book = opening_book(count)
    for a, b in pairs:
        for index, opening in enumerate(book):
            specs.extend(pair_specs(a, b, opening, seed + 1000 * index, supply))
    return specs


def pair_specs(
    a: str, b: str, opening: tuple[Turn, Turn], seed: int, supply: int = SET_SIZE
) -> tuple[GameSpec, GameSpec]:
    """The two games of a pair: ``a`` as Yellow, then ``b``, on one opening and seed."""
    options = PalagoOptions(supply=supply)
    return GameSpec(a, b, opening, seed, options), GameSpec(b, a, opening, seed, options)


def sprt_specs(a: str, b: str, seed: int = 0, supply: int = SET_SIZE) -> Iterator[GameSpec]:
    """Game pairs of ``a`` and ``b`` without end, in the order of :func:`match_specs` (pair
    ``k`` is the same in both)."""
    for index, opening in enumerate(_book()):
        yield from pair_specs(a, b, opening, seed + 1000 * index, supply)


def play_games(specs: Sequence[GameSpec], jobs: int = 1) -> Iterator[GameResult]:
    """Play the games in order, in ``jobs`` local processes."""
    done: dict[int, GameResult] = {}
    following = 0
    for index, result in play_unordered(specs, jobs, None, play_game):
        done[index] = result
        while following in done:
            yield done.pop(following)
            following += 1


def _ignore_interrupts() -> None:
    """In a worker process: leave Ctrl-C to the process that runs the match."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def play_unordered(
    specs: Iterable[SpecT],
    jobs: int = 1,
    scheduler: str | None = None,
    play: Callable[[SpecT], ResultT] = play_game,  # type: ignore[assignment]
) -> Iterator[tuple[int, ResultT]]:
    """Play the games and yield each with its place in ``specs`` as soon as it is over: one
    after another, in ``jobs`` local processes, or on the Dask cluster whose scheduler is at
    the address ``scheduler`` (``dask.distributed``; the workers need palago-tools). ``specs``
    is read as games are handed out (at most two for each worker at a time), so it may be
    endless; closing the iterator, or Ctrl-C, cancels the games not yet over. ``play`` plays
    one game (a module-level function, for the worker processes): a Palago game unless
    said."""
    if scheduler is not None:
        yield from _on_dask(specs, scheduler, play)
        return
    if jobs <= 1:
        for index, spec in enumerate(specs):
            yield index, play(spec)
        return
    before = set(multiprocessing.active_children())
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_ignore_interrupts)
    finished = False
    try:
        yield from _handed_out(specs, 2 * jobs, pool.submit, _local_wait, play)
        finished = True
    finally:
        pool.shutdown(wait=finished, cancel_futures=True)
        if not finished:  # stopped early: the games under way are not waited for
            # The pool's workers are the children started since it was made (its own table of
            # them may not list a worker it is still starting).
            workers = [w for w in multiprocessing.active_children() if w not in before]
            for worker in workers:
                worker.terminate()
            _wait_ended(workers)


def _wait_ended(workers: list[multiprocessing.process.BaseProcess], seconds: float = 5.0) -> None:
    """Wait until each worker is reaped. The pool's own thread joins them too, and a join that
    loses that race returns before the exit code is known, so the code is polled."""
    end = time.monotonic() + seconds
    for worker in workers:
        worker.join(max(0.0, end - time.monotonic()))
        while worker.exitcode is None and time.monotonic() < end:
            time.sleep(0.01)


def _local_wait(futures: list[Any]) -> set[Any]:
    return wait(futures, return_when=FIRST_COMPLETED).done


def _handed_out(
    specs: Iterable[SpecT],
    window: int,
    submit: Callable[[Callable[[SpecT], ResultT], SpecT], Any],
    wait_any: Callable[[list[Any]], set[Any]],
    play: Callable[[SpecT], ResultT],
) -> Iterator[tuple[int, ResultT]]:
    """Keep ``window`` games under way with ``submit`` and yield each result when
    ``wait_any`` sees it done (the games done together in the order of ``specs``)."""
    pending: dict[Any, int] = {}
    source = iter(enumerate(specs))
    exhausted = False
    try:
        while True:
            while not exhausted and len(pending) < window:
                item = next(source, None)
                if item is None:
                    exhausted = True
                    break
                pending[submit(play, item[1])] = item[0]
            if not pending:
                return
            for future in sorted(wait_any(list(pending)), key=lambda f: pending[f]):
                yield pending.pop(future), future.result()
    finally:
        for future in pending:
            future.cancel()


def _on_dask(
    specs: Iterable[SpecT], scheduler: str, play: Callable[[SpecT], ResultT]
) -> Iterator[tuple[int, ResultT]]:
    try:
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise UsageError(
            "a Dask scheduler needs dask.distributed: pip install 'palago-tools[dask]'"
        ) from None
    try:
        client = distributed.Client(scheduler)
    except (OSError, ValueError, TypeError) as error:
        raise UsageError(f"cannot reach the Dask scheduler at {scheduler}: {error}") from None
    try:
        workers = max(1, sum(client.nthreads().values()))

        def submit(function: Callable[[SpecT], ResultT], spec: SpecT) -> Any:
            return client.submit(function, spec, pure=False)

        def wait_any(futures: list[Any]) -> set[Any]:
            return set(distributed.wait(futures, return_when="FIRST_COMPLETED").done)

        yield from _handed_out(specs, 2 * workers, submit, wait_any, play)
    finally:
        client.close()
