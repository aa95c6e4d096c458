"""Duels as the bot runs them, without Discord: challenges, decks, answers,
auto-passing, clocks, persistence and rebuilding after a restart.

Everything is keyed by plain ids (Discord user ids as strings, duel ids as
ints). Every answer, the player's own and the passes the bot makes for
either player afterwards, is written to SQLite in one transaction *before*
the caller is told it happened; the in-memory duel is a cache that can be
dropped and rebuilt by replay at any time.
"""
from __future__ import annotations

import asyncio
import contextlib
import hashlib
import secrets
import time
import weakref
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Callable

from engine import Duel, DuelOptions, IllegalAction, formats
from engine.snapshot import engine_version
from engine.computer import DEFAULT_LEVEL, LEVELS, ComputerPlayer
from engine.lookahead import peek_for
from engine.view import view as seat_view
from engine.decks import PRECONS, decklist
from storage import decks as deck_store
from storage import duels as store
from storage import players as player_store
from storage import open_database
from storage import panels as panel_store
from storage import snapshots as snapshot_store
from storage.locks import TIMED_WORK_LOCK
from storage.panels import PanelState  # what a worker shows each player, as shared_panels keeps it
from storage.postgres import is_postgres_url
from storage.db import Database
from storage.duels import DuelRecord  # the duels' stored headers, as the handlers receive them
from storage.errors import DuelNotFound, StaleDecision, StatusConflict

from engine.autopass import DEFAULT_STOPS, auto_answer
from .collection_service import CollectionError, CollectionService
from .decklists import clip_text
from .limits import MAX_OPEN_CHALLENGES
from .seats import seat_names

CHALLENGE_SECONDS = 24 * 3600
DEFAULT_CLOCK = 24 * 3600
# A snapshot of a duel (Duel.snapshot) is stored at a rest point this many answers after the
# last one taken: rebuilding a duel replays at most about this many answers (see snapshot_due)
SNAPSHOT_ANSWERS = 40
# ... and at the first rest point of a turn once this many answers passed since the last one.
# Not at every turn: a snapshot costs a pickle of the game (1-2 ms) and a row written, too
# much for turns of a few clicks, and it serves only when a duel is rebuilt (after a restart,
# or when it left the cache of live duels)
SNAPSHOT_TURN_ANSWERS = 30
MAX_LIVE = 1024  # duels kept rebuilt in memory (~0.2 MB each); 300 concurrent duels fit without replays


def snapshot_due(turn: int, seq: int, last_turn: int, last_seq: int) -> bool:
    """Whether a duel at a rest point of *turn* after *seq* answers gets a new snapshot,
    the last one having been taken in *last_turn* after *last_seq* answers."""
    since = seq - last_seq
    return since >= SNAPSHOT_ANSWERS or (turn != last_turn and since >= SNAPSHOT_TURN_ANSWERS)


class DuelError(Exception):
    """Something a user asked that cannot be done; the message says why."""


OUT_OF_DATE = "That control is out of date: the duel has moved on. Use the newest panel."


@dataclass
class Live:
    """A duel in memory: its stored header and the engine duel rebuilt from its log."""

    record: store.DuelRecord
    duel: Duel
    events_shown: int = 0
    stops: tuple[frozenset[str], frozenset[str]] = (DEFAULT_STOPS, DEFAULT_STOPS)
    # the snapshot taken at a rest point (see snapshot_due), stored with the decisions that
    # led to it (see DuelService._advance); the turn and the answers before the last one taken
    snapshot: tuple[int, bytes] | None = None  # (decisions before it, Duel.snapshot())
    snapshot_turn: int = -1
    snapshot_seq: int = 0

    def __post_init__(self) -> None:
        # the stored snapshot, if any, is of this turn or older
        self.snapshot_turn, self.snapshot_seq = self.duel.game.turn, len(self.duel.history)
        self.duel.on_rest = self._rested

    def _rested(self, duel: Duel) -> None:
        seq = len(duel.history)
        if snapshot_due(duel.game.turn, seq, self.snapshot_turn, self.snapshot_seq):
            self.snapshot_turn, self.snapshot_seq = duel.game.turn, seq
            self.snapshot = (seq, duel.snapshot())

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


def seed_hash(seed: int) -> str:
    """The commitment shown when a duel starts; the seed itself is shown at the end."""
    return hashlib.sha256(str(seed).encode()).hexdigest()[:16]


class DuelService:
    def __init__(self, db: Database, *, now: Callable[[], float] = time.time, max_live: int = MAX_LIVE,
                 new_seed: Callable[[], int] | None = None) -> None:
        self.db = db
        # the clock and the source of new duels' seeds can be replaced (tests
        # use a fake clock, and a fixed seed to deal known hands)
        self.now = now
        self.new_seed: Callable[[], int] = new_seed or (lambda: secrets.randbits(62))
        self.max_live = max_live
        self._live: OrderedDict[int, Live] = OrderedDict()
        # weak: a lock lives while someone holds or waits for it, so duels long done cost nothing
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        # collections, ante and trades: ante duels are played for keeps
        self.collections = CollectionService(db, now=now)
        # the computer opponent: its seat is the one whose player id is the bot's
        # own user id (set once the bot has logged in); its level is in its seat
        # name ("computer_hard"), so a restarted bot recognises both
        self.computer_id: str | None = None
        self._computers: dict[int, ComputerPlayer] = {}

    @classmethod
    async def open(cls, path: str) -> DuelService:
        """The service over the database at *path*, a SQLite file or a ``postgresql://``
        address (created or migrated as needed: :func:`storage.open_database`)."""
        return cls(await open_database(path))

    async def close(self) -> None:
        """Close the database (the service is not used afterwards)."""
        await self.db.close()

    # ------------------------------------------------- several workers
    @staticmethod
    def shared_address(path: str) -> bool:
        """Whether *path* names a database several workers may share (PostgreSQL)."""
        return is_postgres_url(path)

    @property
    def shared(self) -> bool:
        """Whether other workers may serve the same database (see docs/scaling.md)."""
        return bool(self.db.shared)

    def timed_work_lease(self) -> Any:
        """``async with svc.timed_work_lease() as lease``: the lock of the one worker that
        runs the timed work, tried (``lease.taken``) and held to the end of the block
        (shared databases only: see :mod:`bot.leader`)."""
        return self.db.session_lock(TIMED_WORK_LOCK)

    async def panels_of(self, duel_id: int) -> dict[int, PanelState]:
        """What the workers last showed each player of the duel (:mod:`storage.panels`)."""
        return await panel_store.load_panels(self.db, duel_id)

    async def save_panels(self, duel_id: int, player: int, state: PanelState) -> None:
        await panel_store.save_panel(self.db, duel_id, player, state)

    # ----------------------------------------------------------- decks
    async def resolve_deck(self, user_id: str, name: str | None) -> tuple[str, list[str]]:
        """A deck by name: a saved deck of the user's, or a preconstructed one."""
        if not name:
            name = sorted(PRECONS)[0]
        try:
            saved = await deck_store.get_deck(self.db, user_id, name)
        except ValueError as e:  # too long, control characters: no deck has such a name
            raise DuelError(f"No deck called {clip_text(name)!r}: {e}.") from None
        if saved is not None:
            return saved.name, list(saved.cards)
        for p in PRECONS:
            if p.lower() == name.lower():
                return p, decklist(p)
        raise DuelError(f"No deck called {clip_text(name)!r}. Your decks: use /deck list; preconstructed: "
                        + ", ".join(sorted(PRECONS)))

    async def deck_names(self, user_id: str) -> list[str]:
        saved = [d.name for d in await deck_store.list_decks(self.db, user_id)]
        return saved + sorted(PRECONS)

    @staticmethod
    def format_named(name: str | None) -> formats.Format:
        try:
            return formats.get(name or formats.DEFAULT)
        except formats.UnknownFormat as e:
            raise DuelError(str(e)) from None

    @staticmethod
    def validate_deck(cards: list[str], fmt: str = formats.DEFAULT) -> None:
        """A deck that can be played in a duel of format ``fmt`` (casual: any
        implemented cards, at least 40), else DuelError with every reason."""
        problems = DuelService.format_named(fmt).problems(cards)
        if problems:
            where = "" if fmt == formats.DEFAULT else f" in {formats.get(fmt).title}"
            raise DuelError(f"That deck cannot be used{where}: " + "; ".join(problems))

    # ------------------------------------------------------- challenges
    async def challenge(self, *, guild_id: str | None, channel_id: str, challenger: tuple[str, str],
                        opponent: tuple[str, str], deck: str | None, ante: bool,
                        clock_seconds: int = DEFAULT_CLOCK, ante_face_up: bool = True,
                        format_name: str | None = None) -> store.DuelRecord:
        if challenger[0] == opponent[0]:
            raise DuelError("You cannot challenge yourself.")
        if await store.count_open_challenges(self.db, challenger[0], int(self.now())) >= MAX_OPEN_CHALLENGES:
            raise DuelError(f"You have {MAX_OPEN_CHALLENGES} challenges waiting for an answer, the most one "
                            "player may have at once. Wait until they are answered or expire (a day).")
        fmt = self.format_named(format_name)
        deck_name, cards = await self.resolve_deck(challenger[0], deck)
        self.validate_deck(cards, fmt.name)
        options = DuelOptions(ante=ante, chooser=None, format=fmt.name)
        if ante:  # for keeps: the deck must be owned; the server says if basic lands are anted
            try:
                await self.collections.check_for_keeps(challenger[0], cards)
            except CollectionError as e:
                raise DuelError(str(e)) from None
            options = DuelOptions(ante=True, chooser=None, ante_face_up=ante_face_up, format=fmt.name,
                                  **await self.collections.ante_options(guild_id))
        return await store.create_duel(
            self.db, guild_id=guild_id, channel_id=channel_id, player_ids=(challenger[0], opponent[0]),
            player_names=seat_names(challenger[1], opponent[1]), seed=self.new_seed(), options=options,
            decks=(cards, None), status="challenged", clock_seconds=clock_seconds,
            deadline=int(self.now()) + CHALLENGE_SECONDS)

    async def practice(self, *, guild_id: str | None, channel_id: str, player: tuple[str, str],
                       deck: str | None, opponent_deck: str | None, level: str | None = None) -> Outcome:
        """A duel against the computer (never for ante): it starts at once, and
        the computer's first answers (if the first decisions are its own) are
        made and stored before this returns."""
        if self.computer_id is None:
            raise DuelError("The computer opponent is not ready yet; try again in a moment.")
        level = (level or DEFAULT_LEVEL).lower()
        if level not in LEVELS:
            raise DuelError(f"No level {clip_text(level)!r}; levels: {', '.join(LEVELS)}.")
        if player[0] == self.computer_id:
            raise DuelError("The computer cannot play itself.")
        _, cards = await self.resolve_deck(player[0], deck)
        self.validate_deck(cards)
        seed = self.new_seed()
        if opponent_deck:
            _, theirs = await self.resolve_deck(player[0], opponent_deck)
            self.validate_deck(theirs)
        else:  # one of the preconstructed decks, chosen by the duel's seed
            theirs = decklist(sorted(PRECONS)[seed % len(PRECONS)])
        names = (seat_names(player[1], "x")[0], f"computer_{level}")
        if names[0].lower() == names[1].lower():
            names = (names[0] + "_1", names[1])
        rec = await store.create_duel(
            self.db, guild_id=guild_id, channel_id=channel_id, player_ids=(player[0], self.computer_id),
            player_names=names, seed=seed, options=DuelOptions(ante=False, chooser=None),
            decks=(cards, theirs), status="mulligans", clock_seconds=DEFAULT_CLOCK,
            deadline=int(self.now()) + DEFAULT_CLOCK)
        async with self.lock(rec.id):
            live = await self._load(rec.id)
            return await self._advance(live, [])

    def computer_seat(self, live: Live) -> int | None:
        """The computer's seat in the duel, or None (a duel between people)."""
        ids = live.record.player_ids
        if self.computer_id is None or self.computer_id not in ids:
            return None
        return ids.index(self.computer_id)

    def _computer(self, live: Live, seat: int) -> ComputerPlayer:
        cp = self._computers.get(live.record.id)
        if cp is None:
            name = live.record.player_names[seat]
            level = name.rsplit("_", 1)[-1] if "_" in name else DEFAULT_LEVEL
            cp = self._computers[live.record.id] = ComputerPlayer(live.record.seed % (1 << 31),
                                                                  level if level in LEVELS else DEFAULT_LEVEL)
        return cp

    async def computer_moves(self, live: Live) -> None:
        """While the pending decision is the computer's: its answer, thought out
        in a worker thread (the event loop goes on answering other players'
        clicks meanwhile), then applied with the passes that follow. Called
        under the duel's lock, before the answers are stored."""
        seat = self.computer_seat(live)
        if seat is None:
            return
        duel = live.duel
        cp = self._computer(live, seat)
        for _ in range(10000):
            d = duel.pending
            if d is None or d.player != seat:
                return
            v = seat_view(duel, seat)  # on the loop: nothing else changes the duel while it is read
            # (determinized copies for the levels that look ahead, made in the worker under the lock)
            ans = await asyncio.to_thread(cp.choose, v, d, peek_for(duel, seat))
            duel.apply(ans, player=seat)
            self.autopass(live)

    async def computer_to_move(self, duel_id: int) -> Outcome | None:
        """After a restart: a duel against the computer stopped while the computer
        was to move (between the duel's creation and its first answers) goes on."""
        async with self.lock(duel_id):
            live = await self._load(duel_id)
            seat = self.computer_seat(live)
            d = live.duel.pending
            if seat is None or d is None or d.player != seat or live.record.status not in ("mulligans", "playing"):
                return None
            return await self._advance(live, [])

    async def decline(self, duel_id: int, user_id: str) -> store.DuelRecord:
        rec = await self._get(duel_id)
        if user_id not in rec.player_ids:
            raise DuelError("This challenge is not yours.")
        try:
            return await store.set_status(self.db, duel_id, "cancelled", expected="challenged")
        except StatusConflict:
            raise DuelError("This challenge is no longer open.") from None

    async def accept(self, duel_id: int, user_id: str, deck: str | None) -> Live:
        """The challenged player accepts with a deck: the duel begins."""
        async with self.lock(duel_id):
            rec = await self._get(duel_id)
            if rec.player_ids[1] != user_id:
                raise DuelError("Only the challenged player can accept this challenge.")
            if rec.status != "challenged":
                raise DuelError("This challenge is no longer open.")
            if rec.deadline is not None and rec.deadline < self.now():
                await store.set_status(self.db, duel_id, "cancelled", expected="challenged")
                raise DuelError("This challenge has expired.")
            _, cards = await self.resolve_deck(user_id, deck)
            self.validate_deck(cards, rec.options.get("format", formats.DEFAULT))
            try:
                async with self.db.transaction():  # deck, copies bound (for ante) and start: all or nothing
                    await store.set_deck(self.db, duel_id, 1, cards)
                    if rec.options.get("ante"):
                        await self.collections.bind(duel_id, (list(rec.decks[0] or ()), cards),
                                                    rec.player_names)
                    rec = await store.set_status(self.db, duel_id, "mulligans", expected="challenged",
                                                 deadline=int(self.now()) + (rec.clock_seconds or DEFAULT_CLOCK))
            except StatusConflict:
                raise DuelError("This challenge is no longer open.") from None
            except CollectionError as e:
                raise DuelError(str(e)) from None
            live = await self._load(duel_id)
            # the first decisions may be auto-passed already (none are, but keep one path)
            return live

    async def precheck_accept(self, duel_id: int, user_id: str, deck: str | None) -> None:
        """Before the duel starts: the deck chosen must be legal in the duel's format
        and, for ante, owned (DuelError says what is wrong or missing)."""
        rec = await self._get(duel_id)
        if rec.status != "challenged":
            return
        _, cards = await self.resolve_deck(user_id, deck)
        self.validate_deck(cards, rec.options.get("format", formats.DEFAULT))
        if rec.options.get("ante"):
            try:
                await self.collections.check_for_keeps(user_id, cards)
            except CollectionError as e:
                raise DuelError(str(e)) from None

    async def expire_challenges(self) -> list[store.DuelRecord]:
        out = []
        for rec in await store.list_overdue(self.db, int(self.now())):
            if rec.status == "challenged":
                try:
                    out.append(await store.set_status(self.db, rec.id, "cancelled", expected="challenged"))
                except StatusConflict:
                    pass
        return out

    # ------------------------------------------------------------ duels
    def lock(self, duel_id: int) -> asyncio.Lock:
        """Held while an answer to the duel is applied and stored: whoever shows the
        duel under it sees only what is on disk (see :meth:`catch_up`)."""
        lock = self._locks.get(duel_id)
        if lock is None:
            lock = self._locks[duel_id] = asyncio.Lock()
        return lock

    async def _get(self, duel_id: int) -> store.DuelRecord:
        rec = await store.get_duel(self.db, duel_id)
        if rec is None:
            raise DuelError(f"There is no duel #{duel_id}.")
        return rec

    async def _load(self, duel_id: int) -> Live:
        live = self._live.get(duel_id)
        if live is not None:
            self._live.move_to_end(duel_id)
            return await self._up_to_date(live) if self.db.shared else live
        try:
            rec, history = await store.load_duel(self.db, duel_id)
        except DuelNotFound:
            raise DuelError(f"There is no duel #{duel_id}.") from None
        if rec.decks[0] is None or rec.decks[1] is None:
            raise DuelError("This duel has not started yet.")
        opts = DuelOptions(**(rec.options or {}))
        # the stored snapshot, if this engine made it: only the answers after it are replayed
        stored = await snapshot_store.load_snapshot(self.db, duel_id, engine_version())

        def rebuild() -> Duel:
            return Duel.from_snapshot(rec.seed, (list(rec.decks[0]), list(rec.decks[1])), opts, history,
                                      stored[1] if stored else None, names=tuple(rec.player_names))
        duel = await asyncio.to_thread(rebuild) if len(history) > 200 else rebuild()
        stops = []
        for uid in rec.player_ids:
            s = await player_store.get_phase_stops(self.db, uid)
            stops.append(DEFAULT_STOPS if s is None else frozenset(s))
        cached = self._live.get(duel_id)
        if cached is not None:
            # another task rebuilt it while this one awaited, and an answer may
            # have moved that copy on already: it is the current one
            return cached
        live = Live(rec, duel, events_shown=len(duel.game.events), stops=(stops[0], stops[1]))
        self._live[duel_id] = live
        while len(self._live) > self.max_live:
            self._live.popitem(last=False)
        return live

    async def _up_to_date(self, live: Live) -> Live:
        """*live* moved on to what storage says, when other workers share the database
        (PostgreSQL): the decisions they stored since this copy was last used are
        replayed onto it, and its header is the stored one. A cache, never the truth."""
        try:
            rec, new = await store.load_since(self.db, live.record.id, live.seq)
        except DuelNotFound:
            self.forget(live.record.id)
            raise DuelError(f"There is no duel #{live.record.id}.") from None
        if rec.seq < live.seq:  # cannot happen (decisions are never removed): rebuild
            self.forget(rec.id)
            return await self._load(rec.id)
        # a /stops change made through another worker counts from the next answer on
        stops = await player_store.get_phase_stops_many(self.db, rec.player_ids)
        live.stops = tuple(DEFAULT_STOPS if stops[u] is None else stops[u] for u in rec.player_ids)  # type: ignore[assignment]
        if new:
            live.duel.replay(new)
            live.events_shown = len(live.duel.game.events)  # shown by the worker that stored them
            live.snapshot_turn, live.snapshot_seq = live.duel.game.turn, live.seq
        live.record = rec
        return live

    def forget(self, duel_id: int) -> None:
        """Drop the cached duel (it is rebuilt from storage when next needed)."""
        self._live.pop(duel_id, None)
        self._computers.pop(duel_id, None)

    async def live(self, duel_id: int) -> Live:
        return await self._load(duel_id)

    def player_index(self, live: Live, user_id: str) -> int | None:
        ids = live.record.player_ids
        return ids.index(user_id) if user_id in ids else None

    async def answer(self, duel_id: int, user_id: str, seq: int, text: str) -> Outcome:
        """A player's answer to the pending decision (``seq`` is the number of
        decisions when their control was shown). Applies it and the passes
        that follow, persists them in one transaction, then reports."""
        async with self.lock(duel_id):
            live = await self._load(duel_id)
            rec = live.record
            if rec.status in ("finished", "cancelled"):
                raise DuelError("This duel is over.")
            p = self.player_index(live, user_id)
            if p is None:
                raise DuelError("You are not playing in this duel.")
            d = live.duel.pending
            if d is None:
                raise DuelError("This duel is over.")
            if seq != live.seq:
                raise DuelError(OUT_OF_DATE)
            if d.player != p:
                raise DuelError("It is not your decision right now.")
            try:
                live.duel.parse(text, p)
            except IllegalAction as e:
                raise DuelError(f"Not legal: {e}") from None
            return await self._advance(live, [(p, text)])

    async def concede(self, duel_id: int, user_id: str, *, reason: str = "conceded") -> Outcome:
        async with self.lock(duel_id):
            live = await self._load(duel_id)
            p = self.player_index(live, user_id)
            if p is None:
                raise DuelError("You are not playing in this duel.")
            if live.duel.over or live.record.status in ("finished", "cancelled"):
                raise DuelError("This duel is over.")
            return await self._advance(live, [(p, "concede")], reason=reason)

    async def claim(self, duel_id: int, user_id: str) -> Outcome:
        """Win a duel whose opponent let their clock run out."""
        async with self.lock(duel_id):
            live = await self._load(duel_id)
            p = self.player_index(live, user_id)
            d = live.duel.pending
            if p is None:
                raise DuelError("You are not playing in this duel.")
            if d is None or live.record.status in ("finished", "cancelled"):
                raise DuelError("This duel is over.")
            if d.player == p:
                raise DuelError("The decision is yours; you cannot claim a win on time.")
            if live.record.deadline is None or live.record.deadline > self.now():
                raise DuelError("Your opponent's clock has not run out yet.")
            return await self._advance(live, [(1 - p, "concede")], reason="timed_out")

    async def _advance(self, live: Live, answers: list[tuple[int, str]], *, reason: str | None = None) -> Outcome:
        duel = live.duel
        start = live.seq
        try:
            for p, text in answers:
                if text == "concede":
                    duel.concede(p)
                else:
                    duel.apply(text, player=p)
            self.autopass(live)
            await self.computer_moves(live)
        except IllegalAction as e:
            self.forget(live.record.id)
            raise DuelError(f"Not legal: {e}") from None
        new = duel.history[start:]
        finished = duel.over
        status = None
        if not finished:
            status = "mulligans" if duel.game.turn == 0 else "playing"
        deadline = None if finished else int(self.now()) + (live.record.clock_seconds or DEFAULT_CLOCK)
        result = None
        if finished:
            g = duel.game
            why = reason or ("conceded" if any(t == "concede" for _, t in new) else
                             "drawn" if g.winner is None else "won")
            result = store.DuelResult(g.winner, why)
        # most clicks write only their decisions: a transaction of their own, in one hand-over
        # to the database's thread (storage.db.Database.write); with more, one transaction for all
        alone = result is None and live.snapshot is None
        try:
            async with contextlib.nullcontext() if alone else self.db.transaction():
                rec = live.record
                if new:  # the answers and the passes after them: one write
                    rec = await store.append_decisions(self.db, rec.id, start, new, deadline=deadline,
                                                       status=None if result else status, result=result)
                if result is not None:  # ante: ownership changes in the same transaction
                    await self.collections.settle(rec, duel)
                if live.snapshot is not None and not finished:  # with the decisions it follows
                    await snapshot_store.save_snapshot(self.db, rec.id, engine_version(),
                                                       live.snapshot[0], live.snapshot[1])
        except StaleDecision:  # another worker of the database stored an answer first
            self.forget(live.record.id)
            raise DuelError(OUT_OF_DATE) from None
        except Exception:
            self.forget(live.record.id)
            raise
        live.record = rec
        live.snapshot = None
        events = duel.game.events[live.events_shown:]
        live.events_shown = len(duel.game.events)
        return Outcome(live, events, finished)

    def autopass(self, live: Live) -> None:
        """Answer every decision that need not reach a human (see :mod:`bot.autopass`)."""
        duel = live.duel
        for _ in range(10000):
            d = duel.pending
            if d is None:
                return
            ans = auto_answer(duel.playing, d, live.stops[d.player])  # a Shahrazad subgame's own phases
            if ans is None:
                return
            duel.apply(ans, player=d.player)

    async def set_stops(self, user_id: str, stops: frozenset[str]) -> None:
        await player_store.set_phase_stops(self.db, user_id, sorted(stops))
        for live in self._live.values():
            if user_id in live.record.player_ids:
                i = live.record.player_ids.index(user_id)
                s = list(live.stops)
                s[i] = stops
                live.stops = (s[0], s[1])

    async def catch_up(self, duel_id: int, shown: int | None = None) -> Outcome | None:
        """What the bot must show again of a started duel whose last decisions were
        stored but not all published (see :func:`storage.duels.list_unpublished`):
        the log lines after the last published decision, and whether the duel is
        over; None if it is up to date (or cannot be rebuilt). *shown*: the
        decisions this process has published already (marks not yet written).

        The caller holds :meth:`lock` for the duel until it has shown the
        outcome: an answer applied in memory but not yet stored is never shown."""
        rec = await store.get_duel(self.db, duel_id)
        if rec is None or rec.status not in ("mulligans", "playing", "finished"):
            return None
        published = rec.published_seq
        if shown is not None and (published is None or shown > published):
            published = shown
        if published is not None and published >= rec.seq:
            return None
        try:
            live = await self._load(duel_id)
        except DuelError:
            return None
        if published is not None and published >= live.seq:
            return None
        # never published: everything, from what came before the first decision (a face-up ante)
        events = await self.events_after(live, published) if published is not None \
            else list(live.duel.game.events)
        return Outcome(live, events, live.duel.over or rec.status == "finished")

    async def events_after(self, live: Live, seq: int) -> list[str]:
        """The duel's log lines after its first *seq* decisions (by replaying them)."""
        history = live.duel.history[:seq]

        def count() -> int:
            return len(live.duel.fresh().replay(history).game.events)
        n = await asyncio.to_thread(count) if len(history) > 200 else count()
        return live.duel.game.events[n:]

    async def resume_all(self) -> list[int]:
        """At start-up: the ids of unfinished duels (rebuilt lazily when touched).

        Also settles finished duels for ante left without a settlement.
        """
        for duel_id in await self.collections.unsettled():
            live = await self._load(duel_id)
            await self.collections.settle(live.record, live.duel)
        return [r.id for r in await self.unfinished()]

    # ------------------------------------------ what the commands look up and save
    async def record(self, duel_id: int) -> store.DuelRecord:
        """A duel's (or a challenge's) stored header; DuelError if there is none."""
        return await self._get(duel_id)

    async def duels_of(self, user_id: str, *, active_only: bool) -> list[store.DuelRecord]:
        """The user's duels and challenges, oldest first."""
        return await store.list_duels_for_user(self.db, user_id, active_only=active_only)

    async def duel_in_thread(self, thread_id: str) -> store.DuelRecord | None:
        """The duel played in a thread, if any."""
        return await store.duel_in_thread(self.db, thread_id)

    async def set_challenge_message(self, duel_id: int, message_id: int) -> None:
        """Where the challenge was posted (its thread is started from that message)."""
        await store.set_message_ids(self.db, duel_id, challenge_message_id=message_id)

    async def set_board_message(self, duel_id: int, message_id: int) -> store.DuelRecord:
        """Where the duel's board is (edited in place from then on); the updated record."""
        return await store.set_message_ids(self.db, duel_id, board_message_id=message_id)

    async def set_thread(self, duel_id: int, thread_id: int) -> store.DuelRecord:
        """The duel's thread (its board and log); the updated record."""
        return await store.set_message_ids(self.db, duel_id, thread_id=thread_id)

    async def mark_published(self, marks: dict[int, int]) -> None:
        """Record, in one transaction, how far each duel was shown (duel id -> seq)."""
        await store.set_published_many(self.db, marks)

    async def unpublished(self) -> list[store.DuelRecord]:
        """Started duels whose last decisions were not all shown (see :func:`storage.duels.list_unpublished`)."""
        return await store.list_unpublished(self.db)

    async def unfinished(self) -> list[store.DuelRecord]:
        """Duels and challenges neither finished nor cancelled, oldest first."""
        return await store.list_unfinished(self.db)

    async def set_reminded(self, duel_id: int, seq: int, stage: int) -> bool:
        """Record that the clock reminders of decision *seq* reached *stage*; false if
        the duel moved on or was reminded already (a compare-and-set)."""
        return await store.set_reminded(self.db, duel_id, seq, stage)

    async def stops_of(self, user_id: str) -> frozenset[str]:
        """The user's stops (see :mod:`engine.autopass`)."""
        s = await player_store.get_phase_stops(self.db, user_id)
        return DEFAULT_STOPS if s is None else frozenset(s)

    async def save_deck(self, user_id: str, name: str, cards: list[str]) -> deck_store.SavedDeck:
        """Save (or replace) one of the user's decks (ValueError for a name no deck can have)."""
        return await deck_store.save_deck(self.db, user_id, name, cards, overwrite=True)

    async def saved_decks(self, user_id: str) -> list[deck_store.SavedDeck]:
        return await deck_store.list_decks(self.db, user_id)

    async def delete_deck(self, user_id: str, name: str) -> bool:
        """Delete one of the user's decks; False if they have none of that name
        (ValueError for a name no deck can have)."""
        return await deck_store.delete_deck(self.db, user_id, name)
