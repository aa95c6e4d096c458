"""Recovery and clocks: what a stop left unshown is shown after the start, and
the sweep that expires challenges and reminds players of their clocks.

:class:`Recovery` is one part of :class:`bot.app.ManaburnBot` (a mixin).
"""
from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING

import discord

from .collection_commands import resume_collections, sweep_trades
from .limits import PostLimiter
from .panels import board_message
from .publishing import Publisher, _chunks, log_lines
from .service import DuelError, Live, Outcome

log = logging.getLogger("manaburn.bot")

CATCH_UP_AT_ONCE = 16  # duels published again at the same time after a start (see catch_up)
# With several workers: a duel whose stored decisions are still unpublished this many seconds
# after they were stored is taken as left by a worker that stopped, and published again by
# the worker running the timed work (a publish under way takes a second or two)
PUBLISH_GRACE = 60


class Recovery(Publisher):
    """Publishing again after a start; the clock sweep."""

    if TYPE_CHECKING:
        sweep_seconds: float
        posts: PostLimiter
        _catch_up: asyncio.Task[None] | None

        async def sweep_matches(self) -> None: ...

        async def sweep_leagues(self) -> None: ...  # bot.app: closes the leagues' rounds that ran out

        async def resume_runs(self) -> None: ...  # bot.app: Gauntlet runs a stop left between stages

    async def catch_up(self, settled_for: float = 0) -> None:
        """After a start: publish again every duel whose last stored decisions were
        not all shown (the bot stopped between storing an answer and sending the
        next panel, board, log lines or end of the duel); then announce ante
        results not yet announced and close trades that expired meanwhile
        (:func:`resume_collections`).

        Up to CATCH_UP_AT_ONCE duels at a time, not one after the other: each
        waits on several REST calls, and a bot that stops often (or is busy
        with clicks) must not leave the last duels of the list without a panel
        until the next start.

        *settled_for*: only duels whose last decisions were stored at least that
        many seconds ago (with several workers, the others are being published by
        the worker that stored them)."""
        try:
            todo = [r for r in await self.svc.unpublished() if r.updated_at <= self.svc.now() - settled_for]
            log.info("publishing again %d duels a stop left unpublished: %s", len(todo),
                     ", ".join(f"#{r.id} ({r.published_seq} of {r.seq})" for r in todo))
            t0 = time.perf_counter()
            room = asyncio.Semaphore(CATCH_UP_AT_ONCE)

            async def one(duel_id: int) -> None:
                async with room:
                    try:
                        await self.republish(duel_id)
                    except Exception:  # the others still get their turn; the next start tries again
                        log.exception("could not publish duel #%d again", duel_id)

            await asyncio.gather(*(one(rec.id) for rec in todo))
            log.info("caught up %d duels in %.0f ms", len(todo), (time.perf_counter() - t0) * 1000)
            await self.computer_catch_up()
            await resume_collections(self)
        except Exception:
            log.exception("catching up after the start failed")

    async def computer_catch_up(self) -> None:
        """Duels against the computer that a stop left with the computer to move go on.

        Only a duel with no decision stored can be in that state: every answer of the
        player is stored in one transaction with the computer's answers after it (see
        :meth:`DuelService._advance`), so a stored duel with decisions waits for the
        player. Those are not rebuilt here (nor kept in the cache of live duels): an
        abandoned one costs nothing until its clock runs out (:meth:`sweep`)."""
        cid = self.svc.computer_id
        if cid is None:
            return
        for rec in await self.svc.unfinished():
            if cid in rec.player_ids and rec.status in ("mulligans", "playing") and rec.seq == 0:
                try:
                    out = await self.svc.computer_to_move(rec.id)
                    if out is not None:
                        await self.publish(out)
                except Exception:
                    log.exception("the computer could not move in duel #%d", rec.id)

    async def republish(self, duel_id: int) -> None:
        """Show one duel as far as its stored decisions go (see :meth:`catch_up`).

        A board or a panel for the pending decision that was sent before the
        stop (but not recorded) is found and kept rather than sent twice; the
        board is edited, the log lines after the last published decision and
        the end of the duel (or the pending player's panel) are sent. Panels
        of earlier decisions stay as they were: a click on one is answered
        "out of date".

        Under the duel's publish lock, and from what this process has shown of
        it already: a click answered meanwhile is published once, by its own
        :meth:`publish`, not a second time here. Under the duel's lock in the
        service too: an answer being stored meanwhile is neither shown before it
        is on disk nor applied while this runs (it waits)."""
        async with self.busy(), self.publishing(duel_id), self.svc.lock(duel_id):
            out = await self.svc.catch_up(duel_id, shown=self._shown.get(duel_id))
            if out is None:
                return
            rec = out.live.record
            if rec.thread_id is None and rec.published_seq is None and not out.finished:
                await self.open_thread(out.live)  # stopped between the accept and the thread
            board, lines, end = await self.shown_in_thread(out)
            panel = await self.adopt_panel(out.live)
            await self._publish(out, board=not board, log=not lines, panels=not panel, end=not end)

    async def shown_in_thread(self, out: Outcome) -> tuple[bool, bool, bool]:
        """What the duel's thread already shows of *out* (sent before a stop that
        came before it was recorded as published): whether the board is up to
        date, whether the outcome's log lines are the newest messages, whether
        the end of the duel was announced. A board sent but whose id was not
        stored is found and stored, so no second board is sent."""
        live = out.live
        rec = live.record
        if not rec.thread_id or self.user is None:
            return False, False, False
        thread = await self.fetch_channel_cached(int(rec.thread_id))
        recent = [m async for m in thread.history(limit=50) if m.author.id == self.user.id]
        board: discord.Message | None = None
        if rec.board_message_id:
            try:
                board = await thread.fetch_message(int(rec.board_message_id))
            except discord.HTTPException:
                pass
        else:
            board = next((m for m in reversed(recent) if m.content.startswith(f"**Duel #{rec.id}:")), None)
            if board is not None:
                live.record = await self.svc.set_board_message(rec.id, board.id)
        chunks = _chunks(log_lines(out), 1900)
        lines = bool(chunks) and [m.content for m in recent[:len(chunks)]] == chunks[::-1]
        end = out.finished and any(f"The seed was `{rec.seed}`" in m.content for m in recent)
        return board is not None and board.content == board_message(live), lines, end

    async def adopt_panel(self, live: Live) -> bool:
        """Whether the pending player has a panel for the pending decision already
        (sent before a stop that came before it was recorded as published):
        then it is kept as their live panel instead of sending a second one."""
        d = live.duel.pending
        if d is None or live.duel.over:
            return False
        if live.record.player_ids[d.player] == self.svc.computer_id:
            return False
        for channel_id, message_id, seq in await self.panels_in_dms(live.record.id, live.record.player_ids[d.player]):
            if seq == live.seq:
                self.panels[(live.record.id, d.player)] = (channel_id, message_id)
                return True
        return False

    async def timed_work(self) -> None:
        """The timed work of the worker chosen to run it when several share a
        PostgreSQL database (:func:`bot.leader.lead_when_chosen`): what a start
        does once (ante settlements, catching up), then every ``sweep_seconds`` the
        clock sweep and the duels a stopped worker left unpublished. With
        ``sweep_seconds`` 0 (tests), what a start does and no sweep, as with one process."""
        await self.svc.resume_all()
        self._catch_up = asyncio.create_task(self.catch_up())  # as a start alone does (app.setup_hook)
        await self._catch_up
        await self.resume_runs()
        if self.sweep_seconds <= 0:
            await asyncio.Event().wait()  # keeps the lead (no other worker repeats the start's work)
        while True:
            await asyncio.sleep(self.sweep_seconds)
            try:
                await self.sweep()
            except Exception:  # keep sweeping; the error is logged
                log.exception("clock sweep failed")
            await self.catch_up(settled_for=PUBLISH_GRACE)

    async def _sweep_forever(self) -> None:
        while True:
            try:
                await self.sweep()
            except Exception:  # keep sweeping; the error is logged
                log.exception("clock sweep failed")
            await asyncio.sleep(self.sweep_seconds)

    async def sweep(self) -> None:
        """Expire challenges; remind players at half and near the end of
        their clock; tell the opponent when a win can be claimed. Expire trades and
        delete what storage keeps only for a while (the post limit's old posts, expired
        /trade drafts)."""
        now = self.svc.now()
        await self.svc.sweep_posts(self.posts)
        await sweep_trades(self)
        await self.sweep_matches()
        await self.sweep_leagues()
        for rec in await self.svc.expire_challenges():
            try:
                ch = await self.fetch_channel_cached(int(rec.channel_id))
                if rec.challenge_message_id:
                    await ch.get_partial_message(int(rec.challenge_message_id)).edit(
                        content=f"{rec.player_names[0]}'s challenge to {rec.player_names[1]} expired.", view=None)
            except discord.HTTPException:
                pass
        for rec in await self.svc.unfinished():
            if rec.status not in ("mulligans", "playing") or rec.deadline is None or not rec.clock_seconds:
                continue
            left = rec.deadline - now
            stage = 3 if left <= 0 else 2 if left <= rec.clock_seconds * 0.1 else 1 if left <= rec.clock_seconds / 2 else 0
            # marked on disk before sending, so a restart never repeats a reminder
            # (a kill in between loses that one instead); false if a click came first
            if stage <= rec.reminders_sent or not await self.svc.set_reminded(rec.id, rec.seq, stage):
                continue
            cid = self.svc.computer_id
            if cid is not None and cid in rec.player_ids:
                # a duel against the computer waits for the player (see computer_catch_up): no
                # rebuild to learn it. Out of time, the player loses it, as they would a duel
                # against a person who claims the win: an abandoned one does not stay open
                if stage == 3:
                    try:
                        out = await self.svc.claim(rec.id, cid)
                    except DuelError:
                        continue
                    await self.publish(out)
                    self.svc.forget(rec.id)
                    continue
                waiting, other = rec.player_ids[1 - rec.player_ids.index(cid)], cid
            else:
                live = await self.svc.live(rec.id)
                d = live.duel.pending
                if d is None:
                    continue
                waiting, other = rec.player_ids[d.player], rec.player_ids[1 - d.player]
            try:
                if stage == 3:
                    await self.dm(other, f"Duel #{rec.id}: {rec.player_names[d.player]}'s clock has run out. "
                                         f"You may claim the win with `/duel claim duel:{rec.id}`.")
                else:
                    await self.dm(waiting, f"Reminder: duel #{rec.id} is waiting for your decision "
                                           f"(deadline <t:{rec.deadline}:R>).")
            except discord.HTTPException:
                pass
