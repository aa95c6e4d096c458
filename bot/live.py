"""A duel as the bot holds it in memory (:class:`Live`) and what an answer to it did
(:class:`Outcome`), with when a snapshot of it is taken (:func:`snapshot_due`).

:class:`bot.service.DuelService` makes and caches them; its sub-services
(matches, leagues, ratings) and the handlers receive them. This module imports
none of those, so each can import it (``bot.service`` re-exports both).
"""
from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from engine import Duel
from engine.autopass import DEFAULT_STOPS
from storage.duels import DuelRecord
from storage.matches import MatchRecord

__all__ = ["Live", "Outcome", "snapshot_due", "SNAPSHOT_ANSWERS", "SNAPSHOT_TURN_ANSWERS"]

# A snapshot of a duel (Duel.snapshot) is stored at a rest point this many answers after the
# last one taken: rebuilding a duel replays at most about this many answers (see snapshot_due)
SNAPSHOT_ANSWERS = 40
# ... and at the first rest point of a turn once this many answers passed since the last one.
# Not at every turn: a snapshot costs a pickle of the game (1-2 ms) and a row written, too
# much for turns of a few clicks, and it serves only when a duel is rebuilt (after a restart,
# or when it left the cache of live duels)
SNAPSHOT_TURN_ANSWERS = 30


def snapshot_due(turn: int, seq: int, last_turn: int, last_seq: int) -> bool:
    """Whether a duel at a rest point of *turn* after *seq* answers gets a new snapshot,
    the last one having been taken in *last_turn* after *last_seq* answers."""
    since = seq - last_seq
    return since >= SNAPSHOT_ANSWERS or (turn != last_turn and since >= SNAPSHOT_TURN_ANSWERS)


@dataclass
class Live:
    """A duel in memory: its stored header and the engine duel rebuilt from its log."""

    record: DuelRecord
    duel: Duel
    events_shown: int = 0
    # the match whose game this duel is (and the game's number), None for a lone duel
    match: MatchRecord | None = None
    game: int = 0
    # when each seat's player comes back from vacation (their clock stopped until then), or None
    away: tuple[int | None, int | None] = (None, None)
    stops: tuple[frozenset[str], frozenset[str]] = (DEFAULT_STOPS, DEFAULT_STOPS)
    # the snapshot taken at a rest point (see snapshot_due), stored with the decisions that
    # led to it (see DuelService._advance); the turn and the answers before the last one taken
    # (decisions before it, Duel.snapshot(), Duel.state_hash() there: stored with the decision before it)
    snapshot: tuple[int, bytes, str] | None = None
    snapshot_turn: int = -1
    snapshot_seq: int = 0
    # cleared while the computer's turn runs in its worker thread (see DuelService.computer_moves):
    # whoever reads the duel without its lock waits for it (DuelService.live)
    idle: asyncio.Event = field(default_factory=asyncio.Event)

    def __post_init__(self) -> None:
        self.idle.set()
        # the stored snapshot, if any, is of this turn or older
        self.snapshot_turn, self.snapshot_seq = self.duel.game.turn, len(self.duel.history)
        self.duel.on_rest = self._rested

    def _rested(self, duel: Duel) -> None:
        seq = len(duel.history)
        if snapshot_due(duel.game.turn, seq, self.snapshot_turn, self.snapshot_seq):
            self.snapshot_turn, self.snapshot_seq = duel.game.turn, seq
            self.snapshot = (seq, duel.snapshot(), duel.state_hash())

    @property
    def seq(self) -> int:
        return len(self.duel.history)


@dataclass
class Outcome:
    """What an answer did: the new events to show, who must decide next.

    ``seq`` is the number of decisions once it was done (by default, the
    duel's when the outcome is made): publishing it shows the duel up to there.
    """

    live: Live
    new_events: list[str] = field(default_factory=list)
    finished: bool = False
    seq: int = -1
    events_total: int = -1  # the duel's events then (new_events are their last ones)

    def __post_init__(self) -> None:
        if self.seq < 0:
            self.seq = self.live.seq
        if self.events_total < 0:
            self.events_total = len(self.live.duel.game.events)
