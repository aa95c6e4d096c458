"""The Gauntlet as the bot runs it, without Discord (:mod:`engine.gauntlet` for the
order of opponents and the stages' seeds, :mod:`storage.gauntlet` for the runs).

A run is one player's deck against the computer's preconstructed decks in
turn, each stage a duel against the computer like ``/practice`` (the same
service, the computer thinking in its own process), all of a run's duels in
one thread. A server may let runs be played for ante (``/admin settings
gauntlet_ante``, off by default): then each stage is a duel for ante in which
the player's deck is bound to copies they own and the computer antes a card
of its preconstructed deck; a won stage gives the player that card (created
for the computer and handed over in the ledger, naming the duel), a lost one
costs the player's ante card as any duel for ante.
"""
from __future__ import annotations

import asyncio
import weakref
from typing import Awaitable, Callable

from engine import DuelOptions, formats
from engine.players.computer import DEFAULT_LEVEL, LEVELS
from engine.decks import decklist
from engine.gauntlet import GauntletError, Stage, opponents, stage
from storage import duels as duel_store
from storage import gauntlet as store
from storage.gauntlet import GauntletRun

from .collection_service import CollectionError
from .decklists import clip_text
from .seats import seat_names
from .service import DEFAULT_CLOCK, DuelError, DuelService, Outcome

__all__ = ["GauntletService", "GauntletRun"]


class GauntletService:
    """Runs: started, their stages made, their results recorded (each once)."""

    def __init__(self, svc: DuelService) -> None:
        self.svc = svc
        self.db = svc.db
        # per run, held while its next stage is made (a publish and the start-up recovery
        # may both reach it)
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._starting: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()

    def lock(self, run_id: int) -> asyncio.Lock:
        lock = self._locks.get(run_id)
        if lock is None:
            lock = self._locks[run_id] = asyncio.Lock()
        return lock

    async def start(self, *, guild_id: str | None, channel_id: str, player: tuple[str, str], deck: str | None,
                    level: str | None, format_name: str | None,
                    open_thread: Callable[[str], Awaitable[str]]) -> GauntletRun:
        """A new run (its first stage is made by :meth:`start_stage`); DuelError says why not.
        *open_thread* (given the deck's name) opens the run's thread once everything is
        checked and returns its id: the run is stored only with its thread (what it raises
        leaves nothing stored). One at a time per player: two at once cannot both start a run."""
        starting = self._starting.get(player[0])
        if starting is None:
            starting = self._starting[player[0]] = asyncio.Lock()
        async with starting:
            return await self._start(guild_id=guild_id, channel_id=channel_id, player=player, deck=deck,
                                     level=level, format_name=format_name, open_thread=open_thread)

    async def _start(self, *, guild_id: str | None, channel_id: str, player: tuple[str, str], deck: str | None,
                     level: str | None, format_name: str | None,
                     open_thread: Callable[[str], Awaitable[str]]) -> GauntletRun:
        if self.svc.computer_id is None:
            raise DuelError("The computer opponent is not ready yet; try again in a moment.")
        level = (level or DEFAULT_LEVEL).lower()
        if level not in LEVELS:
            raise DuelError(f"No level {clip_text(level)!r}; levels: {', '.join(LEVELS)}.")
        fmt = self.svc.format_named(format_name)
        running = await store.running_run_of(self.db, player[0])
        if running is not None:
            where = f" in <#{running.thread_id}>" if running.thread_id else ""
            raise DuelError(f"You have a Gauntlet run under way{where} ({running.deck_name}, {running.wins} won): "
                            "finish it (or concede its duel) before starting another.")
        await self.svc.check_practice_room(player[0])
        deck_name, cards, _ = await self.svc.resolve_deck(player[0], deck)
        self.svc.validate_deck(cards, fmt.name)
        ante = await store.gauntlet_ante(self.db, guild_id)
        if ante:
            try:
                await self.svc.collections.check_for_keeps(player[0], cards)
            except CollectionError as e:
                raise DuelError("This server plays the Gauntlet for ante. " + str(e)) from None
        seed = self.svc.new_seed()
        try:
            order = opponents(deck_name, fmt.name, seed)
        except GauntletError as e:
            raise DuelError(str(e)) from None
        thread_id = await open_thread(deck_name)
        run = await store.create_run(
            self.db, guild_id=guild_id, channel_id=channel_id, player_id=player[0],
            player_name=seat_names(player[1], "x")[0], deck_name=deck_name, deck=cards, level=level,
            format_name=fmt.name, seed=seed, opponents=order, ante=ante, now=int(self.svc.now()))
        await store.set_run_thread(self.db, run.id, thread_id)
        return await store.get_run(self.db, run.id) or run

    @staticmethod
    def stage_of(run: GauntletRun) -> Stage | None:
        """The run's stage to play (None once every opponent is beaten)."""
        return stage(run.seed, list(run.opponents), run.wins)

    async def start_stage(self, run_id: int) -> tuple[GauntletRun, Outcome] | None:
        """The duel of the run's next stage, made and started (the computer's first
        answers made and stored); None if the run is over or its stage's duel exists.
        The caller holds :meth:`lock` for the run."""
        run = await store.get_run(self.db, run_id)
        if run is None or run.status != "running" or run.duel_id is not None:
            return None
        st = self.stage_of(run)
        if st is None:
            return None
        assert self.svc.computer_id is not None
        options = DuelOptions(ante=False, chooser=None, format=run.format)
        if run.ante:
            options = DuelOptions(ante=True, chooser=None, format=run.format,
                                  **await self.svc.collections.ante_options(run.guild_id))
        names = (run.player_name, f"computer_{run.level}")
        if names[0].lower() == names[1].lower():
            names = (names[0] + "_1", names[1])
        try:
            async with self.db.transaction():  # the duel, its copies bound (ante) and the run: all or nothing
                rec = await duel_store.create_duel(
                    self.db, guild_id=run.guild_id, channel_id=run.channel_id,
                    player_ids=(run.player_id, self.svc.computer_id), player_names=names, seed=st.seed,
                    options=options, decks=(list(run.deck), decklist(st.deck)), status="mulligans",
                    clock_seconds=DEFAULT_CLOCK, deadline=int(self.svc.now()) + DEFAULT_CLOCK,
                    thread_id=run.thread_id)
                if run.ante:
                    await self.svc.collections.bind(rec.id, (list(run.deck), None), names)
                run = await store.set_stage_duel(self.db, run.id, rec.id)
        except CollectionError as e:
            raise DuelError(str(e)) from None
        return run, await self.svc.begin(rec.id)

    async def stage_over(self, duel_id: int) -> tuple[GauntletRun, bool] | None:
        """If *duel_id* is the finished duel of a run's stage: its result recorded (once),
        the run after it and whether the stage was won; else None."""
        run = await store.run_of_duel(self.db, duel_id)
        if run is None:
            return None
        rec = await self.svc.record(duel_id)
        if rec.status != "finished" or rec.result is None:
            return None
        won = rec.result.winner == 0
        after = await store.record_stage(self.db, run, duel_id, won, now=int(self.svc.now()))
        return None if after is None else (after, won)

    async def unfinished_business(self) -> list[tuple[GauntletRun, int | None]]:
        """After a restart: runs under way whose stage's duel finished (its id) or was
        never made (None), to be carried on."""
        out: list[tuple[GauntletRun, int | None]] = []
        for run in await store.running_runs(self.db):
            if run.duel_id is None:
                out.append((run, None))
                continue
            rec = await duel_store.get_duel(self.db, run.duel_id)
            if rec is not None and rec.status in ("finished", "cancelled"):
                out.append((run, run.duel_id))
        return out

    async def set_thread(self, run_id: int, thread_id: str) -> None:
        await store.set_run_thread(self.db, run_id, thread_id)

    async def get(self, run_id: int) -> GauntletRun | None:
        return await store.get_run(self.db, run_id)

    async def top_text(self, guild_id: str | None) -> str:
        """``/gauntlet top``: the server's best runs per format and level."""
        runs = await store.best_runs(self.db, guild_id)
        if not runs:
            return "No Gauntlet run here yet: start one with /gauntlet start."
        lines: list[str] = []
        key = None
        for run in runs:
            if (run.format, run.level) != key:
                key = (run.format, run.level)
                n = 0
                lines.append(f"**Best Gauntlet runs — {formats.get(run.format).title}, level {run.level}**")
            n += 1
            how = {"complete": "every deck beaten", "running": "under way",
                   "lost": f"lost to {run.opponents[min(run.wins, len(run.opponents) - 1)]}"}[run.status]
            lines.append(f"{n}. <@{run.player_id}> — {run.wins} of {len(run.opponents)} with {run.deck_name} "
                         f"({how}{', for ante' if run.ante else ''})")
        return "\n".join(lines)

    async def ante_setting(self, guild_id: str | None) -> bool:
        return await store.gauntlet_ante(self.db, guild_id)

    async def set_ante_setting(self, guild_id: str, on: bool) -> None:
        await store.set_gauntlet_ante(self.db, guild_id, on, now=int(self.svc.now()))
