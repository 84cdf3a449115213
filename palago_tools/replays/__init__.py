"""Records meet the rules: :func:`replay` gives the rules' verdict on a record turn by turn
(:mod:`.game`), :func:`replay_archive` replays a file one record at a time with a tally
(:mod:`.archive`); beside them the record tools that need both: the Palalaboratory tasks of
records (:mod:`.tasks`), the card catalog (:mod:`.catalog`), positions of games for tactics
(:mod:`.situations`, :mod:`.annotate`, :mod:`.tactic_puzzles`), generated games
(:mod:`.generated`), the JSON reports (:mod:`.reports`) and a replayed game's words in a
language (:mod:`.words`)."""

from .archive import ArchiveTally, replay_archive
from .game import RecordReport, ReplayError, TurnReport, replay

__all__ = ["ArchiveTally", "RecordReport", "ReplayError", "TurnReport", "replay", "replay_archive"]
