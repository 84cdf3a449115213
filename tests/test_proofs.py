"""The proof search, proof files and their checkers (palago_tools.proofs, palago prove).

The committed proofs (``docs/proofs/``) are checked twice: by the package's checker (the rules'
move generator) and by :func:`simple_check` here, a deliberately plain referee that shares
nothing with the search or the package's checker: its own naming of positions (the definition
written out again), its own move generator (``every_legal_turn``, both orders of every pair) and
a list of the lines read by hand.
"""

from __future__ import annotations

import gzip
import random
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from palago_tools.core.hexgrid import MOTIONS, Motion
from palago_tools.core.position import Position
from palago_tools.core.tiles import ORIENTATIONS, Colour, Tile
from palago_tools.engine.study import opening_proofs, starts
from palago_tools.proofs import search as proof_search
from palago_tools.proofs.canonical import from_frame, name_of, to_frame
from palago_tools.proofs.check import check_proof
from palago_tools.proofs.openings import distinct_replies
from palago_tools.proofs.search import Journal, ProofSearch, win_in_two
from palago_tools.proofs.strategy import ProofFileError, parse_proof, proof_of, read_proof
from palago_tools.rules import Palago
from palago_tools.rules.random_games import random_palago_game

from .rules_helpers import every_legal_turn

PROOFS = Path(__file__).resolve().parent.parent / "docs" / "proofs"
E_OPENING = "0,0L 1,0R"  # the book's tiles of the figure's E (0,0D 1,-1R up to symmetry)
F_OPENING = "0,0D 1,0D"
# Forks with five tiles left (test_tactics_brute_force: SMALL_FORK, SIX_TILE_FORK).
SMALL_FORK = (Position.parse("0,-1R 0,0D 1,0R 2,-1L"), Colour.YELLOW, 5)
SIX_TILE_FORK = (Position.parse("-2,1L -1,1D 0,-1R 0,0D 1,0R 2,-1L"), Colour.BLUE, 5)


def _tiles(text: str) -> list[Tile]:
    return [Tile.parse(t) for t in text.split()]


# The referee -------------------------------------------------------------------------------
def _plain_name(tiles: list[Tile], winner: Colour) -> str:
    """The name as strategy files define it, written out again: of the six images that make the
    winner yellow, translated so the smallest cell is 0,0, the smallest list of (q, r, letter)."""
    images = []
    for motion in MOTIONS:
        if motion.keeps_class != (winner is Colour.YELLOW):
            continue
        moved = sorted(
            (
                t.moved(motion)[0].cell[0],
                t.moved(motion)[0].cell[1],
                t.moved(motion)[0].orientation.value,
            )
            for t in tiles
        )
        q0, r0, _ = moved[0]
        images.append([(q - q0, r - r0, o) for q, r, o in moved])
    return " ".join(f"{q},{r}{o}" for q, r, o in min(images))


def simple_check(text: str) -> tuple[int, int]:
    """Check a proof file's text by brute force; return the winner's positions and the loser's
    turns gone through, or raise AssertionError saying where it fails."""
    lines = [line for line in text.splitlines() if line and not line.startswith("#")]
    header = dict(line.split(" ", 1) for line in lines[1:6])
    strategy = {}
    for line in lines[6:]:
        where, turn = line.split(" : ")
        strategy[where] = _tiles(turn)
    tiles = _tiles(header["position"])
    mover, winner = Colour(header["to-move"]), Colour(header["winner"])
    left, turns = int(header["tiles-left"]), int(header["turns"])
    if winner is Colour.BLUE:  # look at it with the winner yellow
        swap = next(m for m in MOTIONS if not m.keeps_class)
        tiles = [t.moved(swap)[0] for t in tiles]
        mover = mover.other
    counts = [0, 0]
    checked: set[str] = set()

    def winner_moves(game: Palago, left_turns: int) -> None:
        name = _plain_name(game.position().tiles(), Colour.YELLOW)
        if name in checked:
            return
        assert left_turns >= 1, f"out of turns at {name}"
        assert name in strategy, f"no line for {name}"
        framed = Palago.from_position(Position(_tiles(name)), Colour.YELLOW, game.tiles_left)
        framed.play(strategy[name])
        counts[0] += 1
        if framed.over:
            assert framed.winner is Colour.YELLOW, f"{name}: the turn does not win"
        else:
            loser_moves(framed, left_turns - 1)
        checked.add(name)

    def loser_moves(game: Palago, left_turns: int) -> None:
        for reply in list(every_legal_turn(game)):
            counts[1] += 1
            after = Palago.from_position(game.position(), Colour.BLUE, game.tiles_left)
            after.play(reply)
            if after.over:
                assert after.winner is Colour.YELLOW, f"the loser escapes with {reply}"
                continue
            winner_moves(after, left_turns)

    start = Palago.from_position(Position(tiles), mover, left)
    if mover is Colour.YELLOW:
        winner_moves(start, turns)
    else:
        loser_moves(start, turns)
    return counts[0], counts[1]


# Names -------------------------------------------------------------------------------------
positions = st.lists(
    st.builds(
        Tile,
        st.tuples(st.integers(-4, 4), st.integers(-4, 4)),
        st.sampled_from(ORIENTATIONS),
    ),
    min_size=1,
    max_size=8,
    unique_by=lambda t: t.cell,
)


@given(positions, st.sampled_from(MOTIONS), st.sampled_from(list(Colour)))
def test_a_name_is_the_same_for_every_image_that_keeps_the_winner(
    tiles: list[Tile], motion: Motion, winner: Colour
) -> None:
    moved = [t.moved(motion)[0] for t in tiles]
    shifted = [Tile((t.cell[0] + 3, t.cell[1] - 2), t.orientation) for t in moved]
    other = (
        winner if motion.keeps_class else winner.other
    )  # an image that swaps colours swaps the winner
    assert name_of(Position(shifted), other)[0] == name_of(Position(tiles), winner)[0]
    assert name_of(Position(tiles), winner)[0] == _plain_name(tiles, winner)


@given(positions, st.sampled_from(list(Colour)))
def test_the_frame_takes_a_position_to_its_name_and_back(tiles: list[Tile], winner: Colour) -> None:
    name, frame = name_of(Position(tiles), winner)
    framed = to_frame(tiles, frame)
    assert " ".join(t.token for t in sorted(framed)) == name
    assert from_frame(framed, frame) == tiles


# The search --------------------------------------------------------------------------------
def test_an_immediate_win_is_a_proof_in_one_turn() -> None:
    position = Position.parse("-1,0R -1,1R 0,-1D 0,0R")
    outcome = ProofSearch(position, Colour.YELLOW, Colour.YELLOW, 1, 40).run()
    assert outcome.proved is True
    assert outcome.turn == (Tile.parse("0,1L"),)


def test_the_small_fork_is_a_win_in_two_and_not_in_one() -> None:
    position, mover, left = SMALL_FORK
    assert ProofSearch(position, mover, mover, 1, left).run().proved is False
    search = ProofSearch(position, mover, mover, 2, left)
    assert search.run().proved is True
    proof = proof_of(position, mover, mover, left, 2, search.strategy())
    assert check_proof(proof).holds
    assert simple_check(_text(proof))[0] == len(proof.strategy)


@pytest.mark.slow
def test_win_in_two_agrees_with_the_brute_force() -> None:
    """The exact win in two against every turn and reply of the rules' own brute force, on the
    two fork positions of the brute-force tests and on the first two turns of random games,
    with five tiles left (the winner's second turn is one tile: where a quiet turn can win by
    zugzwang)."""
    rng = random.Random(7)
    cases = [SMALL_FORK, SIX_TILE_FORK]
    while len(cases) < 8:
        script = random_palago_game(random.Random(rng.randrange(10**6)))
        if len(script.turns) < 3:
            continue
        game = Palago()
        for turn in script.turns[:2]:
            game.play(turn)
        cases.append((game.position(), Colour.YELLOW, 5))
    found = 0
    for position, mover, left in cases:
        referee = Palago.from_position(position, mover, left)
        if any(_wins(referee, t, mover) for t in every_legal_turn(referee)):
            continue
        answer = win_in_two(ProofSearch(position, mover, mover, 2, left).board, mover)
        assert (answer is not None) == _brute_win_in_two(referee, mover), position
        found += answer is not None
    assert found >= 2  # the two forks at least: wins are compared, not only refutations


def _wins(game: Palago, turn: tuple[Tile, ...], colour: Colour) -> bool:
    after = Palago.from_position(game.position(), game.mover, game.tiles_left)
    after.play(turn)
    return after.winner is colour


def _brute_win_in_two(game: Palago, winner: Colour) -> bool:
    for turn in every_legal_turn(game):
        after = _played(game, turn)
        if not after.over and all(
            _hands_over(after, reply, winner) for reply in every_legal_turn(after)
        ):
            return True
    return False


def _hands_over(game: Palago, reply: tuple[Tile, ...], winner: Colour) -> bool:
    """The loser's ``reply`` loses at once or leaves ``winner`` a winning turn."""
    after = _played(game, reply)
    if after.over:
        return after.winner is winner
    return any(_wins(after, turn, winner) for turn in every_legal_turn(after))


def _played(game: Palago, turn: tuple[Tile, ...]) -> Palago:
    after = Palago.from_position(game.position(), game.mover, game.tiles_left)
    after.play(turn)
    return after


def test_opening_f_is_lost_within_three_turns_and_not_within_two() -> None:
    position = Position.parse(F_OPENING)
    assert ProofSearch(position, Colour.BLUE, Colour.BLUE, 2, 46).run().proved is False
    search = ProofSearch(position, Colour.BLUE, Colour.BLUE, 3, 46)
    outcome = search.run()
    assert outcome.proved is True and outcome.turn is not None
    board = search.board  # the reply is a legal turn of the opening's own frame
    assert board.is_legal(outcome.turn)


def test_a_search_stopped_goes_on_from_its_journal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C in the middle of a search loses nothing solved: the next search reads the journal
    and finishes with fewer new nodes."""
    journal = tmp_path / "table.jsonl"
    position = Position.parse(F_OPENING)
    calls = [0]
    real = proof_search.win_in_two

    def interrupted(board: object, winner: Colour) -> object:
        calls[0] += 1
        if calls[0] > 3:
            raise KeyboardInterrupt
        return real(board, winner)  # type: ignore[arg-type]

    monkeypatch.setattr(proof_search, "win_in_two", interrupted)
    with pytest.raises(KeyboardInterrupt):
        ProofSearch(position, Colour.BLUE, Colour.BLUE, 3, 46, journal=Journal(journal)).run()
    monkeypatch.setattr(proof_search, "win_in_two", real)
    kept = journal.read_text().splitlines()
    assert len(kept) >= 3  # the supply line and the positions solved before Ctrl-C
    again = ProofSearch(position, Colour.BLUE, Colour.BLUE, 3, 46, journal=Journal(journal))
    assert again.loaded == len(kept) - 1  # the first line names the supply
    fresh = ProofSearch(position, Colour.BLUE, Colour.BLUE, 3, 46)
    assert again.run().proved is True
    assert fresh.run().nodes > again.nodes
    with pytest.raises(Exception, match="tiles in all"):
        ProofSearch(position, Colour.BLUE, Colour.BLUE, 3, 30, journal=Journal(journal))


# The committed proofs ----------------------------------------------------------------------
LOST = {"D": 4, "E": 3, "F": 3}
"""The openings lost for Yellow by the committed proofs, with Blue's turns."""


@pytest.mark.parametrize("letter", sorted(LOST))
def test_the_committed_proof_holds_by_the_rules(letter: str) -> None:
    proof = read_proof(PROOFS / f"opening-{letter}.proof.gz")
    assert proof.winner is Colour.BLUE and proof.mover is Colour.BLUE
    assert proof.turns == LOST[letter]
    assert len(proof.position) == 2 and proof.tiles_left == 46
    check = check_proof(proof)
    assert check.holds, check.fault
    assert check.winner_positions == len(proof.strategy)


def test_the_committed_proof_of_f_holds_by_the_simple_checker() -> None:
    text = gzip.decompress((PROOFS / "opening-F.proof.gz").read_bytes()).decode()
    positions, replies = simple_check(text)
    assert positions == len(read_proof(PROOFS / "opening-F.proof.gz").strategy)
    assert replies > 2_000


@pytest.mark.slow
@pytest.mark.parametrize("letter", ["D", "E"])
def test_the_larger_committed_proofs_hold_by_the_simple_checker(letter: str) -> None:
    text = gzip.decompress((PROOFS / f"opening-{letter}.proof.gz").read_bytes()).decode()
    positions, _ = simple_check(text)
    assert positions == len(read_proof(PROOFS / f"opening-{letter}.proof.gz").strategy)


def test_a_broken_proof_fails_with_the_line_of_play() -> None:
    proof = read_proof(PROOFS / "opening-F.proof.gz")
    names = sorted(proof.strategy, key=len)
    deep = names[len(names) // 2]
    dropped = replace(proof, strategy={k: v for k, v in proof.strategy.items() if k != deep})
    check = check_proof(dropped)
    assert not check.holds and "the strategy has no line for the position after" in str(check.fault)
    assert deep in str(check.fault)
    for broken in (dropped, replace(proof, turns=2)):
        with pytest.raises(AssertionError):
            simple_check(_text(broken))
    worse = dict(proof.strategy)
    worse[names[0]] = tuple(_tiles("1,1R 0,2L"))
    assert "the strategy has no line" in str(check_proof(replace(proof, strategy=worse)).fault)
    illegal = dict(proof.strategy)
    illegal[names[0]] = tuple(_tiles("5,5R 5,6R"))
    assert "is illegal" in str(check_proof(replace(proof, strategy=illegal)).fault)
    short = replace(proof, turns=2)
    assert "has used its 2 turns" in str(check_proof(short).fault)


def _text(proof: object) -> str:
    from palago_tools.proofs.strategy import proof_text

    return proof_text(proof)  # type: ignore[arg-type]


# Bad proof files ---------------------------------------------------------------------------
HEADER = "palago-proof 1\nposition 0,0D 1,0D\nto-move blue\nwinner blue\ntiles-left 46\nturns 3\n"


@pytest.mark.parametrize(
    ("text", "where", "message"),
    [
        ("hello\n", ":1:1:", "not a proof file; the first line is 'palago-proof 1'"),
        (
            HEADER.replace("to-move blue\nwinner blue", "winner blue\nto-move blue"),
            ":3:1:",
            "'winner' where the header has 'to-move'",
        ),
        (HEADER.replace("winner blue", "winner green"), ":4:8:", "'green' is not a valid winner"),
        (HEADER.replace("turns 3", "turns -1"), ":6:7:", "'-1' is not a valid turns"),
        (HEADER.replace("turns 3", "turns 0"), ":6:7:", "a proof within 0 turns"),
        (HEADER.replace("0,0D 1,0D", "0,0D 1,0X"), ":2:10:", "is not a valid position"),
        (HEADER + "0,0D 1,0D 1,1L 0,2L\n", ":7:1:", "a strategy line without ' : '"),
        (HEADER + "1,0D 2,0D : 1,1L 0,2L\n", ":7:1:", "the name of these tiles is '0,0D 1,0D'"),
        (HEADER + "0,0D 1,0D : 1,1L 0,2L 0,3L\n", ":7:13:", "a turn of 3 tiles"),
        (HEADER + "0,0D 1,0D : 1,1L\n0,0D 1,0D : 1,1L 0,2L\n", ":8:1:", "a second line for"),
        ("palago-proof 1\nposition 0,0D\n", ":2:", "the header ends before 'to-move'"),
    ],
)
def test_a_bad_proof_file_says_where_and_what_was_expected(
    text: str, where: str, message: str
) -> None:
    with pytest.raises(ProofFileError) as caught:
        parse_proof(text, "bad.proof")
    report = str(caught.value)
    assert f"bad.proof{where}" in report and message in report
    assert "^" in report.splitlines()[-1]


def test_a_proof_file_that_is_not_gzip_or_not_there(tmp_path: Path) -> None:
    fake = tmp_path / "x.proof.gz"
    fake.write_text(HEADER)
    with pytest.raises(ProofFileError, match="not gzip-compressed"):
        read_proof(fake)
    with pytest.raises(OSError, match="cannot read"):
        read_proof(tmp_path / "missing.proof")


def test_the_page_says_what_the_committed_proofs_prove() -> None:
    """docs/openings.md's table of the proofs: each lost opening's reply is the proof's first
    turn (in the book's frame), and its line count is the file's."""
    page = (PROOFS.parent / "openings.md").read_text()
    rows = [line for line in page.splitlines() if "| **lost** within" in line]
    assert len(rows) == len(LOST)
    for row in rows:
        cells = [c.strip().strip("`") for c in row.strip("|").split("|")]
        letter, tiles, status, reply, proof_cell = cells[:5]
        proof = read_proof(PROOFS / f"opening-{letter}.proof.gz")
        assert status == f"**lost** within {proof.turns}"
        assert proof.position == Position.parse(tiles)
        name, frame = name_of(proof.position, proof.winner)
        first = from_frame(proof.strategy[name], frame)
        assert set(first) == set(_tiles(reply))
        assert f"{len(proof.strategy):,} lines" in proof_cell


def test_the_committed_census_of_replies_is_what_the_search_finds() -> None:
    """The census of Blue's replies (``palago_tools/data/opening-proofs.json``, the study's
    starts): a sample of its answers found again, each proof of a lost reply checked by the
    rules."""
    census = opening_proofs()["replies"]
    rows = census["answers"]
    counts = {x: len([r for r in rows if r["opening"] == x]) for x in "ABCD"}
    assert counts == {x: len(distinct_replies(_opening(x))) for x in "ABCD"}
    for row in [r for r in rows if r["opening"] == "D"][:12]:
        position = Position([*_opening("D"), *_tiles(row["reply"])])
        search = ProofSearch(position, Colour.YELLOW, Colour.YELLOW, census["turns"], 44)
        answer = search.run()
        assert answer.proved is (row["status"] == "lost"), row
        if answer.proved:
            proof = proof_of(position, Colour.YELLOW, Colour.YELLOW, 44, 2, search.strategy())
            assert check_proof(proof).holds and len(proof.strategy) == row["lines"]


def test_the_proofs_summary_is_what_the_proof_files_prove() -> None:
    """``palago_tools/data/opening-proofs.json`` (what the study and the figure's caption read):
    each lost opening names its proof file, whose position, turns, first turn and lines it
    states; the others name none."""
    root = PROOFS.parent.parent
    entries = opening_proofs()["openings"]
    assert [e["opening"] for e in entries] == [s.name for s in starts()]
    assert {e["opening"]: e["tiles"] for e in entries} == {s.name: s.text for s in starts()}
    assert {e["opening"]: e["turns"] for e in entries if e["status"] == "lost"} == LOST
    for entry in entries:
        if entry["status"] != "lost":
            assert entry["status"] == "holds" and entry["proof"] is None
            continue
        proof = read_proof(root / entry["proof"])
        assert proof.position == Position.parse(entry["tiles"])
        assert proof.turns == entry["turns"] and len(proof.strategy) == entry["lines"]
        name, frame = name_of(proof.position, proof.winner)
        assert set(from_frame(proof.strategy[name], frame)) == set(_tiles(entry["reply"]))


@pytest.mark.slow
def test_an_opening_the_summary_says_holds_has_no_loss_within_its_turns() -> None:
    """B (the quickest of A-C to search): no win of Blue's within three of its turns."""
    (entry,) = [e for e in opening_proofs()["openings"] if e["opening"] == "B"]
    assert entry["status"] == "holds"
    position = Position.parse(entry["tiles"])
    answer = ProofSearch(position, Colour.BLUE, Colour.BLUE, entry["turns"], 46).run()
    assert answer.proved is False


def _opening(letter: str) -> tuple[Tile, ...]:
    (turn,) = next(s for s in starts() if s.name == letter).opening
    return turn
