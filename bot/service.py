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
import contextvars
import dataclasses
import datetime
import functools
import hashlib
import secrets
import time
import weakref
from collections import Counter, OrderedDict
from collections.abc import Awaitable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable, TypeVar

from engine import Duel, DuelOptions, IllegalAction, formats
from engine.snapshot import engine_version
from engine.players.computer import DEFAULT_LEVEL, LEVELS
from engine.decks import PRECONS, decklist, sideboard
from storage import decks as deck_store
from storage import duels as store
from storage import matches as match_store
from storage import players as player_store
from storage import open_database
from storage import panels as panel_store
from storage import snapshots as snapshot_store
from storage import vacations as vacation_store
from storage.locks import TIMED_WORK_LOCK, duel_lock
from storage.panels import PanelState  # what a worker shows each player, as shared_panels keeps it
from storage.postgres import is_postgres_url
from storage.db import Database
from storage.duels import DuelRecord  # the duels' stored headers, as the handlers receive them
from storage.errors import DuelNotFound, StaleDecision, StatusConflict

from engine.autopass import DEFAULT_STOPS
from .collection_service import CollectionError, CollectionService
from .computer_process import ComputerProcess, autopass
from .decklists import clip_text
from .errors import DuelError
from .limits import MAX_OPEN_CHALLENGES, MAX_OPEN_PRACTICE, PostLimiter
# the duel in memory and what an answer did, re-exported: the handlers import them from here
from .live import SNAPSHOT_ANSWERS, SNAPSHOT_TURN_ANSWERS, Live, Outcome, snapshot_due  # noqa: F401
from .league_service import LeagueService
from .match_service import MatchRecord, MatchService
from .rating_service import RatingService
from .seats import seat_names

CHALLENGE_SECONDS = 24 * 3600
DEFAULT_CLOCK = 24 * 3600
COMPUTER_NAME = "Computer"  # the computer's seat name: what the log, the board and the players call it
VACATION_DAYS = 14  # days of vacation a player may start in a calendar month
MAX_LIVE = 1024  # duels kept rebuilt in memory (~0.2 MB each); 300 concurrent duels fit without replays
T = TypeVar("T")



@dataclasses.dataclass
class _Click:
    """What the click being handled (:meth:`DuelService.caught_up_once`) knows of the duels
    it looks at, when workers share the database."""

    looked: set[int] = dataclasses.field(default_factory=set)  # caught up with storage within the click
    # None: every cached duel is caught up first. A set: the click tries its cached copies as
    # they are (the duels it took so are added), its write checks they were current
    trusted: set[int] | None = None


_caught_up: contextvars.ContextVar[_Click | None] = contextvars.ContextVar("manaburn_caught_up", default=None)

OUT_OF_DATE = "That control is out of date: the duel has moved on. Use the newest panel."


def seed_hash(seed: int) -> str:
    """The commitment shown when a duel starts; the seed itself is shown at the end."""
    return hashlib.sha256(str(seed).encode()).hexdigest()[:16]


def fresh_seed() -> int:
    """A new duel's seed when none is given: unpredictable, so nobody knows the
    order of a library before the duel's end shows the seed."""
    return secrets.randbits(62)


class DuelService:
    def __init__(self, db: Database, *, now: Callable[[], float] = time.time, max_live: int = MAX_LIVE,
                 new_seed: Callable[[], int] | None = None) -> None:
        self.db = db
        # the clock and the source of new duels' seeds can be replaced (tests
        # use a fake clock, and a fixed seed to deal known hands)
        self.now = now
        self.new_seed: Callable[[], int] = new_seed or (lambda: fresh_seed())
        self.max_live = max_live
        self._live: OrderedDict[int, Live] = OrderedDict()
        # weak: a lock lives while someone holds or waits for it, so duels long done cost nothing
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        # collections, ante and trades: ante duels are played for keeps
        self.collections = CollectionService(db, now=now)
        # the computer opponent: its seat is the one whose player id is the bot's
        # own user id (set once the bot has logged in), named COMPUTER_NAME; its level
        # is in the duel's options, so a restarted bot recognises both
        self.computer_id: str | None = None
        # duels against the computer one player may have under way at once (bot.limits)
        self.max_practice = MAX_OPEN_PRACTICE
        # the computer's turns never run on the event loop: it thinks in a process of its own
        # (bot.computer_process, which keeps the computer players), and its answers are applied
        # to the bot's duel, with the passes after them, in one worker thread
        self._computer_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="manaburn-computer")
        self._thinker = ComputerProcess()
        # per player, held while a duel against the computer is counted and made (two /practice
        # at once cannot both take the last place)
        self._starting: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        self.matches = MatchService(self)  # best-of-N series of these duels
        self.leagues = LeagueService(self)  # Swiss rounds of those matches
        self.ratings = RatingService(self)  # Glicko-2 per player and format
        self._away: dict[str, int | None] = {}  # user id -> the end of their vacation (read once, then kept)

    @classmethod
    async def open(cls, path: str) -> DuelService:
        """The service over the database at *path*, a SQLite file or a ``postgresql://``
        address (created or migrated as needed: :func:`storage.open_database`)."""
        return cls(await open_database(path))

    async def take_post(self, limiter: PostLimiter, user_id: str) -> str | None:
        """Count a channel post of *user_id* against *limiter* (stored: bot.limits); the
        refusal to show, or None."""
        return await limiter.take(self.db, user_id)

    async def give_back_post(self, limiter: PostLimiter, user_id: str) -> None:
        """The command that counted a post posted nothing: its place is free again."""
        await limiter.give_back(self.db, user_id)

    async def sweep_posts(self, limiter: PostLimiter) -> int:
        """The clock sweep: the stored posts out of *limiter*'s window are deleted; how many."""
        return await limiter.sweep(self.db)

    async def close(self) -> None:
        """Close the database (the service is not used afterwards)."""
        self._computer_pool.shutdown(wait=False, cancel_futures=True)
        self._thinker.close()
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

    async def save_panels(self, duel_id: int, states: dict[int, PanelState]) -> None:
        """Store what is shown to the players in *states* (player -> state), in one write."""
        await panel_store.save_panels(self.db, duel_id, states)

    # ----------------------------------------------------------- decks
    async def resolve_deck(self, user_id: str, name: str | None) -> tuple[str, list[str], list[str]]:
        """A deck by name: a saved deck of the user's, or a preconstructed one:
        (its name, its cards, its sideboard)."""
        if not name:
            name = sorted(PRECONS)[0]
        try:
            saved = await deck_store.get_deck(self.db, user_id, name)
        except ValueError as e:  # too long, control characters: no deck has such a name
            raise DuelError(f"No deck called {clip_text(name)!r}: {e}.") from None
        if saved is not None:
            return saved.name, list(saved.cards), list(saved.sideboard)
        for p in PRECONS:
            if p.lower() == name.lower():
                return p, decklist(p), sideboard(p)
        raise DuelError(f"No deck called {clip_text(name)!r}. Your decks: use /deck list; preconstructed: "
                        + ", ".join(sorted(PRECONS)))

    async def deck_menu(self, user_id: str, fmt: str) -> list[tuple[str, str]]:
        """The decks a player may choose from for a duel of format ``fmt``, as
        (name, why not legal): their saved decks then the preconstructed ones, the
        legal ones first, then the others with their first problem, so a player
        sees why their deck is not offered as playable rather than wondering where
        it went. Shown in pages by :func:`bot.panels.deck_view`, offered to slash
        commands by :func:`bot.commands.deck_autocomplete`."""
        f = self.format_named(fmt)
        decks = [(d.name, list(d.cards)) for d in await deck_store.list_decks(self.db, user_id)] \
            + [(n, decklist(n)) for n in sorted(PRECONS)]
        menu = [(name, next(iter(f.problems(cards)), "")) for name, cards in decks]
        return [m for m in menu if not m[1]] + [m for m in menu if m[1]]

    @staticmethod
    def format_named(name: str | None) -> formats.Format:
        try:
            return formats.get(name or formats.DEFAULT)
        except formats.UnknownFormat as e:
            raise DuelError(str(e)) from None

    @staticmethod
    def validate_deck(cards: list[str], fmt: str = formats.DEFAULT, side: Sequence[str] = ()) -> None:
        """A deck (with its sideboard *side*) that can be played in a duel of format
        ``fmt`` (casual: any implemented cards, at least 40), else DuelError with every reason."""
        problems = DuelService.format_named(fmt).problems(cards, side)
        if problems:
            where = "" if fmt == formats.DEFAULT else f" in {formats.get(fmt).title}"
            raise DuelError(f"That deck cannot be used{where}: " + "; ".join(problems))

    # ------------------------------------------------------- challenges
    async def challenge(self, *, guild_id: str | None, channel_id: str, challenger: tuple[str, str],
                        opponent: tuple[str, str], deck: str | None, ante: bool,
                        clock_seconds: int = DEFAULT_CLOCK, ante_face_up: bool = True,
                        format_name: str | None = None, best_of: int = 1) -> store.DuelRecord:
        """A challenge to a duel or, with *best_of* 3 or 5, to a match whose first game
        it is (both decks are then checked with their sideboards)."""
        self.matches.check_best_of(best_of)
        if challenger[0] == opponent[0]:
            raise DuelError("You cannot challenge yourself.")
        if await store.count_open_challenges(self.db, challenger[0], int(self.now())) >= MAX_OPEN_CHALLENGES:
            raise DuelError(f"You have {MAX_OPEN_CHALLENGES} challenges waiting for an answer, the most one "
                            "player may have at once. Wait until they are answered or expire (a day).")
        fmt = self.format_named(format_name)
        deck_name, cards, side = await self.resolve_deck(challenger[0], deck)
        self.validate_deck(cards, fmt.name, side)
        options = DuelOptions(ante=ante, chooser=None, format=fmt.name)
        played = cards + side if best_of > 1 else cards  # a match's later games may use the sideboard
        if ante:  # for keeps: the deck must be owned; the server says if basic lands are anted
            try:
                await self.collections.check_for_keeps(challenger[0], played)
            except CollectionError as e:
                raise DuelError(str(e)) from None
            options = DuelOptions(ante=True, chooser=None, ante_face_up=ante_face_up, format=fmt.name,
                                  **await self.collections.ante_options(guild_id))
        names = seat_names(challenger[1], opponent[1])
        async with self.db.transaction():  # the challenge and its match: both or neither
            rec = await store.create_duel(
                self.db, guild_id=guild_id, channel_id=channel_id, player_ids=(challenger[0], opponent[0]),
                player_names=names, seed=self.new_seed(), options=options,
                decks=(cards, None), status="challenged", clock_seconds=clock_seconds,
                deadline=int(self.now()) + CHALLENGE_SECONDS)
            await self.ratings.deck_chosen(rec.id, 0, deck_name)
            if best_of > 1:
                await match_store.create_match(
                    self.db, first_duel=rec.id, guild_id=guild_id, channel_id=channel_id,
                    player_ids=rec.player_ids, player_names=names, best_of=best_of, format=fmt.name,
                    options={k: v for k, v in dataclasses.asdict(options).items() if k not in ("chooser", "format")},
                    clock_seconds=clock_seconds, main=cards, side=side)
        return rec

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
        starting = self._starting.get(player[0])
        if starting is None:
            starting = self._starting[player[0]] = asyncio.Lock()
        async with starting:
            return await self._practice(guild_id=guild_id, channel_id=channel_id, player=player, deck=deck,
                                        opponent_deck=opponent_deck, level=level)

    async def check_practice_room(self, user_id: str) -> None:
        """DuelError if *user_id* has as many duels against the computer under way as one may."""
        if self.computer_id is not None and \
                await store.count_active_between(self.db, user_id, self.computer_id) >= self.max_practice:
            raise DuelError(f"You have {self.max_practice} duels against the computer under way, the most one "
                            "player may have at once. Finish or concede one (see /duels) first.")

    async def _practice(self, *, guild_id: str | None, channel_id: str, player: tuple[str, str],
                        deck: str | None, opponent_deck: str | None, level: str) -> Outcome:
        assert self.computer_id is not None
        await self.check_practice_room(player[0])
        _, cards, _ = await self.resolve_deck(player[0], deck)
        self.validate_deck(cards)
        seed = self.new_seed()
        if opponent_deck:
            _, theirs, _ = await self.resolve_deck(player[0], opponent_deck)
            self.validate_deck(theirs)
        else:  # one of the preconstructed decks, chosen by the duel's seed
            theirs = decklist(sorted(PRECONS)[seed % len(PRECONS)])
        names = (seat_names(player[1], "x")[0], COMPUTER_NAME)
        if names[0].lower() == names[1].lower():
            names = (names[0] + "_1", names[1])
        rec = await store.create_duel(
            self.db, guild_id=guild_id, channel_id=channel_id, player_ids=(player[0], self.computer_id),
            player_names=names, seed=seed, options=DuelOptions(ante=False, chooser=None, computer_level=level),
            decks=(cards, theirs), status="mulligans", clock_seconds=DEFAULT_CLOCK,
            deadline=int(self.now()) + DEFAULT_CLOCK)
        async with self.lock(rec.id):
            live = await self._load(rec.id)
            return await self._advance(live, [])

    async def begin(self, duel_id: int) -> Outcome:
        """A duel just made with both decks (against the computer): its first answers
        (the computer's, and the passes) made and stored."""
        async with self.lock(duel_id):
            live = await self._load(duel_id)
            return await self._advance(live, [])

    def computer_seat(self, live: Live) -> int | None:
        """The computer's seat in the duel, or None (a duel between people)."""
        ids = live.record.player_ids
        if self.computer_id is None or self.computer_id not in ids:
            return None
        return ids.index(self.computer_id)

    async def computer_moves(self, live: Live, first: Callable[[], None] | None = None) -> None:
        """In a duel against the computer: *first* (the player's answers and the passes
        after them), then, while the pending decision is the computer's, its whole turn --
        thought out in the computer's process (:mod:`bot.computer_process`), its answers
        and the passes after them applied -- in the computer's worker thread: the event loop
        goes on answering other players' clicks meanwhile. Called under the duel's lock,
        before the answers are stored; readers without the lock wait for the turn to end
        (:meth:`live`)."""
        seat = self.computer_seat(live)
        if seat is None:
            return

        def turn() -> None:
            if first is not None:
                first()
            d = live.duel.pending
            if d is not None and d.player == seat:
                names = (live.record.player_names[0], live.record.player_names[1])
                live.duel.replay(self._thinker.think(live.duel, live.record.id, names, live.stops, seat))
        live.idle.clear()
        try:
            await asyncio.get_running_loop().run_in_executor(self._computer_pool, turn)
        finally:
            live.idle.set()

    async def computer_to_move(self, duel_id: int) -> Outcome | None:
        """After a restart: a duel against the computer stopped while the computer
        was to move (between the duel's creation and its first answers) goes on."""
        async with self.lock(duel_id):
            cached = duel_id in self._live
            live = await self._load(duel_id)
            seat = self.computer_seat(live)
            d = live.duel.pending
            if seat is None or d is None or d.player != seat or live.record.status not in ("mulligans", "playing"):
                if not cached:  # waiting for its player, who may never come back: not kept in memory
                    self._live.pop(duel_id, None)
                return None
            return await self._advance(live, [])

    async def decline(self, duel_id: int, user_id: str) -> store.DuelRecord:
        rec = await self._get(duel_id)
        if user_id not in rec.player_ids:
            raise DuelError("This challenge is not yours.")
        try:
            return await self._cancel_challenge(duel_id)
        except StatusConflict:
            raise DuelError("This challenge is no longer open.") from None

    async def _cancel_challenge(self, duel_id: int) -> store.DuelRecord:
        """The challenge cancelled (declined or expired), with its match if it opens one;
        StatusConflict if it is no longer a challenge."""
        async with self.db.transaction():
            rec = await store.set_status(self.db, duel_id, "cancelled", expected="challenged")
            if (found := await self.matches.of_duel(duel_id)) is not None:
                await match_store.cancel_match(self.db, found[0].id)
        return rec

    async def accept(self, duel_id: int, user_id: str, deck: str | None) -> Live:
        """The challenged player accepts with a deck: the duel begins."""
        async with self.lock(duel_id):
            rec = await self._get(duel_id)
            if rec.player_ids[1] != user_id:
                raise DuelError("Only the challenged player can accept this challenge.")
            if rec.status != "challenged":
                raise DuelError("This challenge is no longer open.")
            if rec.deadline is not None and rec.deadline < self.now():
                await self._cancel_challenge(duel_id)
                raise DuelError("This challenge has expired.")
            deck_name, cards, side = await self.resolve_deck(user_id, deck)
            self.validate_deck(cards, rec.options.get("format", formats.DEFAULT), side)
            match = await self.matches.of_duel(duel_id)
            try:
                async with self.db.transaction():  # deck, copies bound (for ante) and start: all or nothing
                    await store.set_deck(self.db, duel_id, 1, cards)
                    await self.ratings.deck_chosen(duel_id, 1, deck_name)
                    if match is not None:
                        await match_store.accept_match(self.db, match[0].id, cards, side)
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
        _, cards, side = await self.resolve_deck(user_id, deck)
        self.validate_deck(cards, rec.options.get("format", formats.DEFAULT), side)
        if rec.options.get("ante"):
            if await self.matches.of_duel(duel_id) is not None:
                cards = cards + side  # a match's later games may use the sideboard
            try:
                await self.collections.check_for_keeps(user_id, cards)
            except CollectionError as e:
                raise DuelError(str(e)) from None

    async def expire_challenges(self) -> list[store.DuelRecord]:
        out = []
        for rec in await store.list_overdue(self.db, int(self.now())):
            if rec.status == "challenged":
                try:
                    out.append(await self._cancel_challenge(rec.id))
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
            click = _caught_up.get()
            if not self.db.shared or (click is not None and duel_id in click.looked):
                # one process, or caught up already by the click being handled (see
                # caught_up_once): an answer another worker stored since makes the write
                # of this one fail as out of date (storage.duels.StaleDecision)
                return live
            if click is not None and click.trusted is not None:
                click.trusted.add(duel_id)  # tried as it is: its write checks it (caught_up_once)
                return live
            return await self._up_to_date(live)
        try:
            rec, history = await store.load_duel(self.db, duel_id)
        except DuelNotFound:
            raise DuelError(f"There is no duel #{duel_id}.") from None
        if rec.decks[0] is None or rec.decks[1] is None:
            raise DuelError("This duel has not started yet.")
        opts = DuelOptions(**(rec.options or {}))
        # the stored snapshot, if this engine made it: only the answers after it are replayed. It
        # is untrusted (anyone who can write the database could have written it): read by the
        # engine's restricted unpickler, and used only if its game hashes to the state hash
        # stored with the decision it was taken after (none stored: not used)
        try:
            stored = await snapshot_store.load_snapshot(self.db, duel_id, engine_version())
        except (TypeError, ValueError):  # a row whose seq or blob is not even of its type
            stored = None
        want = await store.state_hash_after(self.db, duel_id, stored[0] - 1) if stored and stored[0] > 0 else None
        if want is None:
            stored = None

        def rebuild() -> Duel:
            return Duel.from_snapshot(rec.seed, (list(rec.decks[0]), list(rec.decks[1])), opts, history,
                                      stored[1] if stored else None, names=tuple(rec.player_names),
                                      state_hash=want)
        # off the loop when long, or from a snapshot (reading one may compile an engine module
        # to check the code it holds against: see engine.snapshot)
        duel = await asyncio.to_thread(rebuild) if len(history) > 200 or stored else rebuild()
        stops = []
        for uid in rec.player_ids:
            s = await player_store.get_phase_stops(self.db, uid)
            stops.append(DEFAULT_STOPS if s is None else frozenset(s))
        cached = self._live.get(duel_id)
        if cached is not None:
            # another task rebuilt it while this one awaited, and an answer may
            # have moved that copy on already: it is the current one
            return cached
        found = await self.matches.of_duel(duel_id)
        away = await self.away_of(rec.player_ids)
        live = Live(rec, duel, events_shown=len(duel.game.events), stops=(stops[0], stops[1]),
                    match=found[0] if found else None, game=found[1] if found else 0, away=away)
        self._live[duel_id] = live
        if (click := _caught_up.get()) is not None:
            click.looked.add(duel_id)  # read from storage just now
        while len(self._live) > self.max_live:
            self._live.popitem(last=False)
        return live

    async def _up_to_date(self, live: Live) -> Live:
        """*live* moved on to what storage says, when other workers share the database
        (PostgreSQL): the decisions they stored since this copy was last used are
        replayed onto it, and its header and the players' stops are the stored ones (one
        statement). A cache, never the truth."""
        try:
            rec, new, stops = await store.load_since(self.db, live.record.id, live.seq)
        except DuelNotFound:
            self.forget(live.record.id)
            raise DuelError(f"There is no duel #{live.record.id}.") from None
        if rec.seq < live.seq:  # cannot happen (decisions are never removed): rebuild
            self.forget(rec.id)
            return await self._load(rec.id)
        # a /stops change made through another worker counts from the next answer on
        live.stops = (DEFAULT_STOPS if stops[0] is None else stops[0], DEFAULT_STOPS if stops[1] is None else stops[1])
        if new:
            live.duel.replay(new)
            live.events_shown = len(live.duel.game.events)  # shown by the worker that stored them
            live.snapshot_turn, live.snapshot_seq = live.duel.game.turn, live.seq
        live.record = rec
        if (click := _caught_up.get()) is not None:
            click.looked.add(rec.id)
        return live

    async def caught_up_once(self, work: Callable[[], Awaitable[T]] | Awaitable[T]) -> T:
        """*work* (one click's answer: it reads the duel, then answers it), in which a duel
        cached in memory is caught up with storage (:meth:`_up_to_date`, with several
        workers) once, not at each look.

        Given as a function that starts the work, it is first tried on the cached copies
        as they are, without reading storage: the answer's write checks, in the statement
        that checks the stored seq, that no other worker answered first and that the
        players' stops are the stored ones (:func:`storage.duels.append_decisions`). If
        the try is refused (a copy behind storage looks out of date, or the write finds
        another worker's answer first), nothing was stored: the duels are caught up and
        the work started again, which answers as it would have with the copies caught up
        first. Given as an awaitable, the copies are caught up first."""
        if callable(work) and self.db.shared:
            click = _Click(trusted=set())
            token = _caught_up.set(click)
            try:
                return await work()
            except DuelError:
                if not click.trusted:  # every copy it looked at was read from storage: the answer stands
                    raise
            finally:
                _caught_up.reset(token)
        token = _caught_up.set(_Click())
        try:
            return await (work() if callable(work) else work)
        finally:
            _caught_up.reset(token)

    def forget(self, duel_id: int) -> None:
        """Drop the cached duel (it is rebuilt from storage when next needed)."""
        self._live.pop(duel_id, None)

    async def live(self, duel_id: int) -> Live:
        """The duel in memory (rebuilt if need be), once no computer's turn is under way in it."""
        live = await self._load(duel_id)
        while not live.idle.is_set():
            await live.idle.wait()
        return live

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

    async def concede(self, duel_id: int, user_id: str, *, reason: str = "conceded",
                      match_too: bool = False) -> Outcome:
        """The player concedes the duel (*match_too*: and the match whose game it is)."""
        async with self.lock(duel_id):
            live = await self._load(duel_id)
            p = self.player_index(live, user_id)
            if p is None:
                raise DuelError("You are not playing in this duel.")
            if live.duel.over or live.record.status in ("finished", "cancelled"):
                raise DuelError("This duel is over.")
            return await self._advance(live, [(p, "concede")], reason=reason,
                                       conceded_match_by=p if match_too else None)

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

    async def _advance(self, live: Live, answers: list[tuple[int, str]], *, reason: str | None = None,
                       conceded_match_by: int | None = None) -> Outcome:
        duel = live.duel
        start = live.seq

        def answer() -> None:
            for p, text in answers:
                if text == "concede":
                    duel.concede(p)
                else:
                    duel.apply(text, player=p)
            self.autopass(live)
        try:
            if self.computer_seat(live) is None:
                answer()
            else:  # the passes after the answer are the computer's too: all in its thread
                await self.computer_moves(live, answer)
        except IllegalAction as e:
            self.forget(live.record.id)
            raise DuelError(f"Not legal: {e}") from None
        except BaseException:  # (the computer's process died twice, ...): the duel in memory may be half-moved
            self.forget(live.record.id)
            raise
        new = duel.history[start:]
        finished = duel.over
        status = None
        if not finished:
            status = "mulligans" if duel.game.turn == 0 else "playing"
        deadline: int | None | store.DeadlineAfterAway = None
        if not finished and new and self.db.shared:
            # the players' vacations read in the write's first statement (one round trip fewer)
            assert duel.pending is not None
            deadline = store.DeadlineAfterAway(int(self.now()), functools.partial(self._deadline, live, duel.pending.player))
        else:
            live.away = await self.away_of(live.record.player_ids)
            if not finished:
                assert duel.pending is not None
                deadline = self._deadline(live, duel.pending.player, live.away)
        result = None
        if finished:
            g = duel.game
            why = reason or ("conceded" if any(t == "concede" for _, t in new) else
                             "drawn" if g.winner is None else "won")
            result = store.DuelResult(g.winner, why)
        # most clicks write only their decisions: a transaction of their own, in one hand-over
        # to the database's thread (storage.db.Database.write); with more, one transaction for all
        alone = result is None and live.snapshot is None
        match: MatchRecord | None = None
        # the decisions and a snapshot touch this duel only: beside other duels' writes
        # (storage.postgres); a finished duel's ante, match and ratings are a general write
        lock = duel_lock(live.record.id) if result is None else None
        # a copy the click took from the cache without reading storage: the write checks its stops too
        trusted = (click := _caught_up.get()) is not None and click.trusted is not None \
            and live.record.id in click.trusted
        try:
            async with contextlib.nullcontext() if alone else self.db.transaction(lock=lock):
                rec = live.record
                snap = live.snapshot if not finished else None
                if new:  # the answers and the passes after them: one write
                    rec = await store.append_decisions(
                        self.db, rec.id, start, new, deadline=deadline, status=None if result else status,
                        result=result, state_hashes={snap[0] - 1: snap[2]} if snap is not None else None,
                        stops=live.stops if trusted else None, default_stops=DEFAULT_STOPS)
                if result is not None:  # ante: ownership changes in the same transaction
                    await self.settle(live, rec)
                    # a match's game: the score (and the match's end) in the same transaction
                    match = await self.matches.game_over(rec, result.winner, conceded_match_by)
                    await self.ratings.after_duel(rec, result.winner, match)  # lone duels, decided matches
                if snap is not None and new and start < snap[0] <= start + len(new):
                    # with the decisions it follows (its state hash with the last of them)
                    await snapshot_store.save_snapshot(self.db, rec.id, engine_version(), snap[0], snap[1])
        except StaleDecision:  # another worker of the database stored an answer first
            self.forget(live.record.id)
            raise DuelError(OUT_OF_DATE) from None
        except Exception:
            self.forget(live.record.id)
            raise
        live.record = rec
        live.snapshot = None
        if result is not None and match is not None:
            live.match = match
        events = duel.game.events[live.events_shown:]
        live.events_shown = len(duel.game.events)
        return Outcome(live, events, finished)

    def _deadline(self, live: Live, player: int, away: tuple[int | None, int | None]) -> int:
        """The deadline of *player*'s decision, *away* the players' vacation ends (recorded in
        *live*): a clock stops while its player is on vacation, it starts when they are back."""
        live.away = tuple(e if e is not None and e > self.now() else None for e in away)  # type: ignore[assignment]
        back = live.away[player]
        return max(int(self.now()), back or 0) + (live.record.clock_seconds or DEFAULT_CLOCK)

    async def settle(self, live: Live, rec: store.DuelRecord) -> None:
        """The ante of a finished duel (:meth:`CollectionService.settle`); against the computer
        (the Gauntlet for ante) its deck is not bound to copies: the cards won from it are made."""
        seat = self.computer_seat(live)
        if seat is None:
            await self.collections.settle(rec, live.duel)
        else:
            await self.collections.settle(rec, live.duel, unbound=seat)

    def autopass(self, live: Live) -> None:
        """Answer every decision that need not reach a human (see :mod:`bot.autopass`)."""
        autopass(live.duel, live.stops)

    # -------------------------------------------------------------- vacations
    async def away_until(self, user_id: str) -> int | None:
        """When the player's vacation ends, if they are on one (their clocks are stopped).
        Read once and kept by a worker alone on its database; read from storage each time when
        workers share it (a vacation taken through another worker stops the clock it sets)."""
        if self.db.shared or user_id not in self._away:
            self._away[user_id] = await vacation_store.vacation_end(self.db, user_id, int(self.now()))
        end = self._away[user_id]
        return end if end is not None and end > self.now() else None

    async def away_of(self, player_ids: tuple[str, str]) -> tuple[int | None, int | None]:
        """:meth:`away_until` of a duel's two players, read by one query when needed."""
        if self.db.shared or any(u not in self._away for u in player_ids):
            self._away.update(await vacation_store.vacation_ends(self.db, player_ids, int(self.now())))
        ends = [self._away[u] for u in player_ids]
        return tuple(e if e is not None and e > self.now() else None for e in ends)  # type: ignore[return-value]

    async def vacation(self, user_id: str, days: int) -> tuple[int, list[Live], list[MatchRecord]]:
        """``/vacation``: the player's clocks stop for *days* days (after the vacation under
        way, if any), at most VACATION_DAYS days started in a calendar month (UTC): every
        duel waiting for them and every match waiting for their deck get the time back
        when they return. When it ends, and the duels and matches whose clocks moved.
        League rounds wait for no one (see bot.league_service)."""
        if not 1 <= days <= VACATION_DAYS:
            raise DuelError(f"A vacation is 1 to {VACATION_DAYS} days.")
        now = int(self.now())
        day = datetime.datetime.fromtimestamp(now, datetime.timezone.utc)
        month = datetime.datetime(day.year, day.month, 1, tzinfo=datetime.timezone.utc)
        after = datetime.datetime(day.year + (day.month == 12), day.month % 12 + 1, 1, tzinfo=datetime.timezone.utc)
        taken = await vacation_store.days_taken(self.db, user_id, int(month.timestamp()), int(after.timestamp()))
        if taken + days > VACATION_DAYS:
            raise DuelError(f"You have {VACATION_DAYS - taken} vacation days left this month "
                            f"(at most {VACATION_DAYS} a month; {taken} taken).")
        was = await self.away_until(user_id)
        starts = max(now, was or now)
        ends = starts + days * 24 * 3600
        moved: list[Live] = []
        sideboarding: list[MatchRecord] = []
        async with self.db.transaction():
            await vacation_store.add_vacation(self.db, user_id, starts, ends, days)
            for rec in await store.list_duels_for_user(self.db, user_id, active_only=True):
                if rec.status not in ("mulligans", "playing") or rec.deadline is None:
                    continue
                live = await self._load(rec.id)
                d = live.duel.pending
                if d is None or live.record.player_ids[d.player] != user_id:
                    continue
                left = max(0, rec.deadline - starts)  # the time their clock had when it stopped
                live.record = await store.set_status(self.db, rec.id, rec.status, expected=rec.status,
                                                     deadline=ends + left)
                moved.append(live)
            for m in await self.matches.matches_of(user_id):
                if m.status == "sideboarding" and m.deadline is not None and not m.ready[m.player_ids.index(user_id)]:
                    sideboarding.append(await match_store.set_deadline(self.db, m.id, ends + max(0, m.deadline - starts)))
        self._away[user_id] = ends
        for live in self._live.values():
            if user_id in live.record.player_ids:
                seat = live.record.player_ids.index(user_id)
                live.away = (ends, live.away[1]) if seat == 0 else (live.away[0], ends)
        return ends, moved, sideboarding

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
            await self.settle(live, live.record)
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
        """The duel's thread (its board and log) and, for a match's first game, the
        match's (every game is played there); the updated record."""
        async with self.db.transaction():
            rec = await store.set_message_ids(self.db, duel_id, thread_id=thread_id)
            if (found := await self.matches.of_duel(duel_id)) is not None and found[0].thread_id is None:
                await match_store.set_thread(self.db, found[0].id, thread_id)
        return rec

    async def mark_published(self, marks: dict[int, int], moments: dict[int, str] | None = None) -> None:
        """Record, in one transaction, how far each duel was shown (duel id -> seq), and the
        moment of the board picture shown then (duel id -> moment, see bot.publishing.moment_key)."""
        await store.set_published_many(self.db, marks, moments)

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

    async def save_deck(self, user_id: str, name: str, cards: list[str],
                        side: Sequence[str] = ()) -> deck_store.SavedDeck:
        """Save (or replace) one of the user's decks with its sideboard *side* (ValueError
        for a name no deck can have)."""
        return await deck_store.save_deck(self.db, user_id, name, cards, overwrite=True, sideboard=side)

    async def edit_sideboard(self, user_id: str, name: str, add: Sequence[str],
                             remove: Sequence[str]) -> deck_store.SavedDeck:
        """``/deck sideboard``: cards added to and removed from the sideboard of one of the
        user's saved decks (the removals first); DuelError, and nothing saved, if the deck
        does not exist or its sideboard lacks a card to remove."""
        try:
            deck = await deck_store.get_deck(self.db, user_id, name)
        except ValueError as e:
            raise DuelError(f"You have no saved deck called {clip_text(name)!r}: {e}.") from None
        if deck is None:
            raise DuelError(f"You have no saved deck called {clip_text(name)!r} (see /deck list; a "
                            "preconstructed deck's sideboard cannot be changed: /deck import a copy).")
        side = list(deck.sideboard)
        for card, n in sorted(Counter(remove).items()):
            if side.count(card) < n:
                raise DuelError(f"The sideboard of {deck.name} holds {side.count(card)} {card}, not {n}; "
                                "nothing was changed.")
            for _ in range(n):
                side.remove(card)
        side += add
        return await deck_store.save_deck(self.db, user_id, deck.name, deck.cards, overwrite=True, sideboard=side)

    async def saved_decks(self, user_id: str) -> list[deck_store.SavedDeck]:
        return await deck_store.list_decks(self.db, user_id)

    async def delete_deck(self, user_id: str, name: str) -> bool:
        """Delete one of the user's decks; False if they have none of that name
        (ValueError for a name no deck can have)."""
        return await deck_store.delete_deck(self.db, user_id, name)
