"""The Discord bot: slash commands, the duel thread, DM control panels.

Thin glue over :class:`bot.service.DuelService` (which owns persistence)
and the engine (which owns every rule). Nothing here decides what is legal.
"""
from __future__ import annotations

import asyncio
import io
import logging
import os
import time
import weakref
from typing import Any, Awaitable, TypeVar

import discord
from discord import app_commands

from engine import carddb
from engine.computer import LEVELS
from engine.formats import FORMATS
from engine.formats import describe as describe_formats
from engine.decks import PRECONS
from storage import decks as deck_store
from storage import duels as store
from storage.db import Database
from storage.errors import DeckExists

from engine.autopass import ALL_STOPS, DEFAULT_STOPS, parse_stops
from .collection_commands import (COLLECTION_ITEMS, announce_ante, register_collection_commands,
                                  resume_collections, sweep_trades)
from .decklists import DecklistError, parse_decklist
from .duel_log import duel_script, log_refusal
from .failures import answering, cannot_save, on_command_error, report
from .knowledge import SecretsShown, seen_text
from .limits import PostLimiter
from .process_lock import AlreadyRunning, hold_database
from .panels import (DYNAMIC_ITEMS, ShowControlsButton, board_message, board_view, card_menu, card_text,
                     challenge_view, clip, deck_view, panel_message, panel_of, typed_answer, typed_choice,
                     waiting_panel_of)
from .service import DuelError, DuelService, Live, Outcome, seed_hash
from .thread_log import due_lines

log = logging.getLogger("manaburn.bot")
T = TypeVar("T")

MAX_ATTACHMENT = 256 * 1024
THREAD_EXISTS = 160004  # Discord's error code: "A thread has already been created for this message"
THREAD_ARCHIVED = 50083  # Discord's error code: "Thread is archived"
UNKNOWN_MESSAGE = 10008  # Discord's error code: "Unknown Message"
LONGEST_ARCHIVE = 10080  # minutes (a week): a duel's thread outlives a decision's longest clock
PUBLISH_FLUSH = 0.2  # seconds: marks of what was published are written together (see mark_published)
CATCH_UP_AT_ONCE = 16  # duels published again at the same time after a start (see catch_up)
# seconds: a click is acknowledged by the edit of its panel (one REST call, not a deferral
# and then an edit); an answer still being worked out this long after the click (a long
# duel rebuilt by replay, a busy machine) is deferred first, well within Discord's 3 s
ACK_WITHIN = 1.5
# seconds: a player who answered in a duel this recently is at their panel, so when the
# move comes back to them their panel is edited in place instead of notified by a new DM
NOTIFY_AFTER = 60.0
CLOCKS = {"1 hour": 3600, "4 hours": 4 * 3600, "12 hours": 12 * 3600, "1 day": 24 * 3600,
          "3 days": 72 * 3600, "7 days": 7 * 24 * 3600}
DM_HOWTO = ("In Discord, open this server's menu → Privacy Settings and turn on **Direct Messages** (or User "
            "Settings → Privacy & Safety → allow direct messages from server members)")
DM_HELP = f"I could not send you a direct message. {DM_HOWTO}, then accept again."
DM_HELP_IN_DUEL = f"{DM_HOWTO}, then press **Show my controls** under the board."


def bot_intents() -> discord.Intents:
    """The gateway events the bot needs: guilds and their channels and threads.

    Not the privileged ones, and not message events either (guild and DM
    messages, their reactions and typing): players act through interactions,
    and the bot reads no messages. Without them Discord does not send the bot
    an event for every message it sends or edits itself (four or five per
    click), each parsed and turned into a cached Message for nothing; nor does
    the bot keep a message cache (``max_messages=None``)."""
    intents = discord.Intents.default()
    intents.message_content = False
    intents.guild_messages = intents.dm_messages = False
    intents.guild_reactions = intents.dm_reactions = False
    intents.guild_typing = intents.dm_typing = False
    return intents


class ManaburnBot(discord.Client):
    def __init__(self, db_path: str, guild_id: int | None = None, *, sweep_seconds: float = 60.0) -> None:
        # names typed by users (display names, deck and card names) are shown in public
        # messages: they never ping a role or @everyone, only the users the bot names
        super().__init__(intents=bot_intents(), max_messages=None,
                         allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True))
        self.db_path = db_path
        self.guild_id = guild_id
        self.sweep_seconds = sweep_seconds
        self.tree = app_commands.CommandTree(self)
        self.db: Database | None = None
        self.service: DuelService | None = None
        self.panels: dict[tuple[int, int], tuple[int, int]] = {}  # (duel, player) -> (channel id, message id)
        # (duel, player) -> the player's panel while the other player decides (no controls but
        # "What I've seen"): deleted when a new panel is sent, so each has one panel per duel
        self.waiting_panels: dict[tuple[int, int], tuple[int, int]] = {}
        self.secrets_shown = SecretsShown()  # private notes shown once, in the panel where they came up
        # (duel, player) for which :attr:`panels` tells every open panel: this process sent
        # their panels since its start, or looked in their DMs for any sent before it (see
        # close_panel). Dropped when the duel ends.
        self._panels_known: set[tuple[int, int]] = set()
        self._dm_ids: dict[str, int] = {}  # user id -> id of the DM channel with them
        self.notify_after = NOTIFY_AFTER
        # (duel, player) -> when they last answered (monotonic seconds); dropped when the duel ends
        self._answered_at: dict[tuple[int, int], float] = {}
        self._sweeper: asyncio.Task[None] | None = None
        self._catch_up: asyncio.Task[None] | None = None
        self._unflushed: dict[int, int] = {}  # duel -> seq published, not yet written (mark_published)
        self._shown: dict[int, int] = {}  # duel -> seq published by this process, until written
        # duel -> held while its publish is under way; weak, so that a duel nobody is publishing
        # costs nothing (whoever holds or waits for a lock keeps it alive)
        self._publishing: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._flusher: asyncio.Task[None] | None = None
        self._inflight = 0  # publishes under way; a clean shutdown waits for them
        self.tree.error(on_command_error)  # every failed command is answered (bot.failures)
        self.posts = PostLimiter()  # commands that post in a channel (bot.limits)
        register_commands(self)
        register_collection_commands(self)

    # ------------------------------------------------------------ startup
    async def setup_hook(self) -> None:
        self.db = await Database.open(self.db_path)
        self.service = DuelService(self.db)
        if self.user is not None:  # logged in: the computer opponent plays as the bot itself
            self.service.computer_id = str(self.user.id)
        self.add_dynamic_items(*DYNAMIC_ITEMS, *COLLECTION_ITEMS)
        if self.guild_id:
            guild = discord.Object(id=self.guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        unfinished = await self.service.resume_all()
        log.info("resuming %d unfinished duels (rebuilt when next touched)", len(unfinished))
        # in the background, so start-up is not held up: what a stop left unpublished
        self._catch_up = asyncio.create_task(self.catch_up())
        if self.sweep_seconds > 0:
            self._sweeper = asyncio.create_task(self._sweep_forever())

    async def catch_up(self) -> None:
        """After a start: publish again every duel whose last stored decisions were
        not all shown (the bot stopped between storing an answer and sending the
        next panel, board, log lines or end of the duel); then announce ante
        results not yet announced and close trades that expired meanwhile
        (:func:`resume_collections`).

        Up to CATCH_UP_AT_ONCE duels at a time, not one after the other: each
        waits on several REST calls, and a bot that stops often (or is busy
        with clicks) must not leave the last duels of the list without a panel
        until the next start."""
        try:
            todo = await store.list_unpublished(self.svc.db)
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
        """Duels against the computer that a stop left with the computer to move
        (between the duel's creation and its first answers) go on."""
        cid = self.svc.computer_id
        if cid is None:
            return
        for rec in await store.list_unfinished(self.svc.db):
            if cid in rec.player_ids and rec.status in ("mulligans", "playing"):
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
                live.record = await store.set_message_ids(self.db, rec.id, board_message_id=board.id)
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

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        if self._catch_up is not None:
            self._catch_up.cancel()
        for _ in range(100):  # let a board/panel update under way finish (at most 5 s)
            if not self._inflight:
                break
            await asyncio.sleep(0.05)
        await super().close()
        if self._flusher is not None:
            self._flusher.cancel()
        if self.db is not None:
            try:
                await self.flush_published()
            except Exception:
                log.exception("could not record what was published")
            await self.db.close()
            self.db = None

    @property
    def svc(self) -> DuelService:
        assert self.service is not None
        return self.service

    # ----------------------------------------------------------- helpers
    async def reply_error(self, interaction: discord.Interaction, text: str) -> None:
        text = clip(text, 2000)
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)

    async def fetch_channel_cached(self, channel_id: int) -> Any:
        ch = self.get_channel(channel_id)
        if ch is None:
            ch = await self.fetch_channel(channel_id)
        return ch

    async def dm(self, user_id: str, content: str, view: discord.ui.View | None = None) -> discord.Message:
        ch = await self.dm_channel(user_id)
        if view is None:
            return await ch.send(content)
        return await ch.send(content, view=view)

    async def dm_channel(self, user_id: str) -> discord.abc.Messageable:
        """The DM channel with a user. Its id is kept after the first look-up, so a
        DM is then one REST call, not three (fetch the user, open the DM, send)."""
        cid = self._dm_ids.get(user_id)
        if cid is not None:
            return self.get_partial_messageable(cid, type=discord.ChannelType.private)
        user = self.get_user(int(user_id)) or await self.fetch_user(int(user_id))
        ch = user.dm_channel or await user.create_dm()
        self._dm_ids[user_id] = ch.id
        return ch

    # ------------------------------------------------------------ publishing
    async def publish(self, out: Outcome, *, extra: str = "", via: discord.Interaction | None = None,
                      answered: str = "") -> None:
        """After any change: board edited in place, a batch of log lines,
        the decision-maker's panel, the end of the duel announced. *via*: the
        interaction of the panel answered with *answered* (deferred as an update
        of that panel), which is edited in place (see :meth:`send_panels`)."""
        async with self.busy(), self.publishing(out.live.record.id):
            await self._publish(out, extra=extra, via=via, answered=answered)

    def busy(self, interaction: discord.Interaction | None = None) -> "_Busy":
        """Marks work under way (an interaction being handled); close() waits for it.
        With the interaction, a failure inside is answered to the user (bot.failures)."""
        return _Busy(self, interaction)

    def publishing(self, duel_id: int) -> asyncio.Lock:
        """Held while one duel is published: a publish and a :meth:`republish` of the
        same duel never interleave (no end announced twice, no log lines twice)."""
        lock = self._publishing.get(duel_id)
        if lock is None:
            lock = self._publishing[duel_id] = asyncio.Lock()
        return lock

    async def _publish(self, out: Outcome, *, extra: str = "", board: bool = True, log: bool = True,
                       panels: bool = True, end: bool = True, via: discord.Interaction | None = None,
                       answered: str = "") -> None:
        """Board, log lines, then the end of the duel or the next panel; then the
        outcome is recorded as published. After a restart, :meth:`republish`
        leaves out (``False``) what was shown before the stop."""
        live = out.live
        rec = live.record
        # first the panel answered from: its edit is the click's acknowledgement (see on_choice)
        placed: int | None = None  # the player whose panel that was, edited in place
        if via is not None:
            if out.finished:
                await self.mark_answered(via, out, answered)
            elif panels and via.message is not None:
                clicker = self.svc.player_index(live, str(via.user.id))
                if clicker is not None and await self.edit_in_place(via, live, clicker, answered):
                    placed = clicker
        thread = await self.fetch_channel_cached(int(rec.thread_id)) if rec.thread_id else None
        if thread is not None:
            if board:
                await self.show_board(thread, live)
            lines = log_lines(out) if log else []  # the turns that ended (see bot.thread_log)
            if extra:
                lines.append(extra)
            for chunk in _chunks(lines, 1900):
                await thread.send(chunk)
        if out.finished:
            if end:
                await self.announce_end(out)
            else:  # announced before the stop: what may be left of it
                await announce_ante(self, rec.id)
        elif panels:
            await self.send_panels(out, placed)
        if via is not None and not via.response.is_done():  # its panel could not be edited: still answered
            try:
                await via.response.defer()
            except discord.HTTPException:  # the panel is gone: said privately instead
                await via.response.send_message(f"→ you chose: {clip(answered, 200)}", ephemeral=True)
        # only now: a stop before the mark is written publishes the outcome again at the next start
        self.mark_published(rec.id, out.seq)

    def mark_published(self, duel_id: int, seq: int) -> None:
        """Record that the duel is published up to *seq*, within PUBLISH_FLUSH seconds:
        the marks of all duels are written in one transaction (one commit, not
        one per click). A stop before that only means :meth:`republish` runs for
        the duel at the next start, and it shows nothing twice."""
        if seq > self._unflushed.get(duel_id, -1):
            self._unflushed[duel_id] = seq
        if seq > self._shown.get(duel_id, -1):
            self._shown[duel_id] = seq
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush_later())

    async def _flush_later(self) -> None:
        while self._unflushed:  # marks made during a write get the next one
            await asyncio.sleep(PUBLISH_FLUSH)
            try:
                await self.flush_published()
            except Exception as e:  # the duels are published again at the next start
                if cannot_save(e):  # a full disk: said once (bot.failures), not at every click
                    report(e, "recording what was published")
                else:
                    log.exception("could not record what was published")

    async def flush_published(self) -> None:
        """Write the marks of :meth:`mark_published` now."""
        marks, self._unflushed = self._unflushed, {}
        if marks and self.db is not None:
            await store.set_published_many(self.db, marks)
            # on disk now (published_seq only grows), so what this process showed
            # need not be kept any more: a long-running bot keeps nothing per duel
            for duel_id, seq in marks.items():
                if self._shown.get(duel_id) == seq and duel_id not in self._unflushed:
                    del self._shown[duel_id]

    async def show_board(self, thread: Any, live: Live) -> None:
        """The board edited in place: sent (and its id stored) the first time, or again
        only if it was deleted. A thread archived after days without a message (a
        decision may wait a week) is unarchived first: Discord refuses edits there."""
        rec = live.record
        text = board_message(live)
        if rec.board_message_id:
            board = thread.get_partial_message(int(rec.board_message_id))
            if getattr(thread, "archived", False):
                await self.unarchive(thread)
            try:
                await board.edit(content=text)
                return
            except discord.NotFound as e:
                if e.code != UNKNOWN_MESSAGE:
                    raise
            except discord.HTTPException as e:
                if e.code != THREAD_ARCHIVED:
                    raise
                await self.unarchive(thread)  # archived since this process last saw the thread
                await board.edit(content=text)
                return
        m = await thread.send(text, view=board_view(rec.id))
        live.record = await store.set_message_ids(self.db, rec.id, board_message_id=m.id)

    async def unarchive(self, thread: Any) -> None:
        await thread.edit(archived=False)

    async def announce_end(self, out: Outcome) -> None:
        live = out.live
        rec = live.record
        g = live.duel.game
        why = {"conceded": "by concession", "timed_out": "on time", "drawn": "", "won": ""}.get(
            rec.result.reason if rec.result else "", "")
        who = "The duel is a draw" if g.winner is None else f"**{rec.player_names[g.winner]}** wins {why}".rstrip()
        ante = ""
        if live.duel.options.ante and g.winner is not None:
            ante = " and takes the ante: " + ", ".join(c.name for c in g.players[g.winner].ante)
        reason = g.end_reason
        if rec.result is not None and rec.result.reason == "timed_out" and g.winner is not None:
            reason = f"{rec.player_names[1 - g.winner]} did not answer before the deadline"
        text = f"{who}{ante}. ({reason})\nThe seed was `{rec.seed}` (its hash `{seed_hash(rec.seed)}` was shown at the start): `/duel log` replays the whole duel."
        if rec.thread_id:
            thread = await self.fetch_channel_cached(int(rec.thread_id))
            await thread.send(text)
        await announce_ante(self, rec.id)  # who won which card (duels for ante)
        for p in (0, 1):
            await self.close_panel(rec, p, "The duel is over. " + who + ".")
            self._panels_known.discard((rec.id, p))
            self._answered_at.pop((rec.id, p), None)
            waiting = self.waiting_panels.pop((rec.id, p), None)
            if waiting is not None:
                await self.edit_panel(waiting, f"Duel #{rec.id} is over. {who}.")
        self.secrets_shown.forget(rec.id)

    async def close_panel(self, rec: store.DuelRecord, player: int, note: str | None) -> None:
        """Replace the controls of ``player``'s open panel of the duel by ``note``
        (delete it if None).

        The first time after a restart, the player's panels of this duel that an
        earlier process sent (unknown to this one) are looked for in their DMs and
        closed too: a concession or the opponent's move otherwise left them open,
        their buttons answering "out of date" or "over" only when clicked. Their
        panels without controls (sent while they waited) are found too: the newest
        is kept as their waiting panel (replaced by their next one), older ones
        deleted, so a restart leaves one panel per player and duel as well."""
        key = (rec.id, player)
        if rec.player_ids[player] == self.svc.computer_id:
            return  # the computer has no panels
        found = [old] if (old := self.panels.pop(key, None)) is not None else []
        if key not in self._panels_known:
            self._panels_known.add(key)
            waiting = []
            for c, m, seq in await self.panels_in_dms(rec.id, rec.player_ids[player]):
                if seq >= 0 and (c, m) not in found:
                    found.append((c, m))
                elif seq < 0 and (c, m) != self.waiting_panels.get(key):
                    waiting.append((c, m))  # newest first
            if waiting and key not in self.waiting_panels and key not in self.panels:
                self.waiting_panels[key] = waiting.pop(0)
            for where in waiting:
                await self.edit_panel(where, None)
        for where in found:
            await self.edit_panel(where, note)

    async def edit_panel(self, where: tuple[int, int], note: str | None) -> None:
        """A panel message (channel id, message id) replaced by *note* without
        controls, or deleted when *note* is None; gone already is fine."""
        channel_id, message_id = where
        try:
            ch = await self.fetch_channel_cached(channel_id)
            msg = ch.get_partial_message(message_id)
            if note is None:
                await msg.delete()
            else:
                await msg.edit(content=note, view=None)
        except discord.HTTPException:
            pass

    async def panels_in_dms(self, duel_id: int, user_id: str) -> list[tuple[int, int, int]]:
        """(channel id, message id, decision seq) of the panels of a duel with live
        controls among the 50 newest messages of a player's DMs (one REST call),
        newest first: what a process before this one sent; seq -1 for a panel
        shown while the player waited (no controls)."""
        if self.user is None:
            return []
        out = []
        try:
            dm = await self.dm_channel(user_id)
            async for m in dm.history(limit=50):
                if m.author.id != self.user.id:
                    continue
                shown = panel_of(m)
                if shown is not None and shown[0] == duel_id:
                    out.append((m.channel.id, m.id, shown[1]))
                elif shown is None and waiting_panel_of(m) == duel_id:
                    out.append((m.channel.id, m.id, -1))
        except discord.HTTPException:
            pass
        return out

    async def send_panels(self, out: Outcome, placed: int | None = None) -> None:
        """One panel per player and duel. *placed*: the player whose panel the
        answer came from, already edited in place (:meth:`edit_in_place`): into
        their next decision while the move stays theirs, else into what they
        answered while they wait. A player to whom the move passes gets their
        panel with the decision: their waiting panel edited in place if they
        answered in this duel within :attr:`notify_after` seconds (they are at
        it: no notification needed), else a new panel message (the notification,
        once per decision) and the previous one deleted."""
        live = out.live
        d = live.duel.pending
        if d is None:
            return
        rec = live.record
        waiting = f"Duel #{rec.id}: waiting for {rec.player_names[d.player]}."
        if placed is not None and placed == d.player:
            await self.close_panel(rec, 1 - placed, waiting)
            return
        for p in (0, 1):
            if p != d.player:
                await self.close_panel(rec, p, waiting)
        await self.close_panel(rec, d.player, f"Duel #{rec.id}: answered.")
        if await self.panel_in_place(live, d.player):
            return
        if not await self.send_panel(live, d.player) and rec.thread_id:
            thread = await self.fetch_channel_cached(int(rec.thread_id))
            await thread.send(f"<@{rec.player_ids[d.player]}>, your move in duel #{rec.id}, but I cannot send you "
                              f"direct messages. {DM_HELP_IN_DUEL}")

    def answered_now(self, duel_id: int, player: int) -> None:
        """Note that *player* answered in the duel just now (see :meth:`send_panels`)."""
        self._answered_at[(duel_id, player)] = time.monotonic()

    async def panel_in_place(self, live: Live, player: int) -> bool:
        """The decision shown in *player*'s waiting panel, edited in place (one REST
        call instead of a new DM and the deletion of the old panel), if they answered
        in this duel within :attr:`notify_after` seconds; False otherwise, or if the
        panel is gone."""
        rec = live.record
        key = (rec.id, player)
        at = self._answered_at.get(key)
        where = self.waiting_panels.get(key)
        if where is None or at is None or time.monotonic() - at > self.notify_after:
            return False
        content, view = panel_message(live, player, secrets=self.secrets_shown.take_new(rec.id, live.duel, player))
        try:
            ch = await self.fetch_channel_cached(where[0])
            await ch.get_partial_message(where[1]).edit(content=content, view=view)
        except discord.HTTPException:
            return False
        del self.waiting_panels[key]
        self.panels[key] = where
        return True

    async def edit_in_place(self, via: discord.Interaction, live: Live, player: int, answered: str) -> bool:
        """The panel *via* came from, showing what *player* answered and their panel
        now (see :meth:`send_panels`); False if it could not be edited. The edit is
        the interaction's response when it is not answered yet (the click's
        acknowledgement and the edit in one REST call)."""
        rec = live.record
        msg = via.message
        assert msg is not None
        d = live.duel.pending
        key = (rec.id, player)
        content, view = panel_message(live, player, note=f"→ you chose: {clip(answered, 200)}",
                                      secrets=self.secrets_shown.take_new(rec.id, live.duel, player))
        if not await self.update_message(via, content, view):
            return False
        here = (msg.channel.id, msg.id)
        for other in (self.panels.pop(key, None), self.waiting_panels.pop(key, None)):
            if other is not None and other != here:  # another panel of theirs (sent again): one is enough
                await self.edit_panel(other, None)
        if d is not None and d.player == player:
            self.panels[key] = here
        else:
            self.waiting_panels[key] = here
        return True

    @staticmethod
    async def update_message(interaction: discord.Interaction, content: str, view: discord.ui.View | None) -> bool:
        """Edit the message *interaction* came from: as its response (UPDATE_MESSAGE)
        when it is not answered yet, else through the deferred response; False if
        Discord refused."""
        try:
            if interaction.response.is_done():
                await interaction.edit_original_response(content=content, view=view)
            else:
                await interaction.response.edit_message(content=content, view=view)
        except discord.HTTPException:
            return False
        return True

    async def send_panel(self, live: Live, player: int) -> bool:
        """A new panel message for *player* (their decision, or what they see while
        they wait) in their DMs; the one it replaces is deleted. False if their
        DMs are closed."""
        rec = live.record
        key = (rec.id, player)
        d = live.duel.pending
        content, view = panel_message(live, player, secrets=self.secrets_shown.take_new(rec.id, live.duel, player))
        try:
            msg = await self.dm(rec.player_ids[player], content, view)
        except discord.Forbidden:
            return False
        here = (msg.channel.id, msg.id)
        old = self.waiting_panels.pop(key, None)
        if d is not None and d.player == player:
            self.panels[key] = here
        else:
            self.waiting_panels[key] = here
        if old is not None and old != here:
            await self.edit_panel(old, None)
        return True

    # -------------------------------------------------------- interactions
    async def acknowledged(self, interaction: discord.Interaction, work: Awaitable[T]) -> T:
        """*work* (an answer being applied and stored), with the interaction deferred
        meanwhile only if it takes longer than ACK_WITHIN seconds: otherwise the
        edit of its panel that follows is its acknowledgement."""
        task = asyncio.ensure_future(work)
        done, _ = await asyncio.wait((task,), timeout=ACK_WITHIN)
        if not done and not interaction.response.is_done():
            try:
                await interaction.response.defer()
            except discord.HTTPException:
                pass
        return await task

    async def refuse(self, interaction: discord.Interaction, text: str) -> None:
        """A click or form refused (*text* says why, privately): acknowledged as an
        update of its panel (left as it is), the reason as a follow-up."""
        if not interaction.response.is_done():
            await interaction.response.defer()
        await self.reply_error(interaction, text)

    async def on_choice(self, interaction: discord.Interaction, duel_id: int, seq: int, idx: int) -> None:
        async with self.busy(interaction):
            await self._on_choice(interaction, duel_id, seq, idx)

    async def _on_choice(self, interaction: discord.Interaction, duel_id: int, seq: int, idx: int) -> None:
        try:
            out, choice = await self.acknowledged(interaction, self._answer_choice(interaction, duel_id, seq, idx))
        except DuelError as e:
            await self.refuse(interaction, str(e))
            return
        if out is None:  # a panel left open (sent before a restart) of a duel that is over
            msg = interaction.message
            if msg is None or not msg.components or not await self.update_message(
                    interaction, clip(f"{msg.content}\n(The duel is over.)", 2000), None):
                if not interaction.response.is_done():
                    await interaction.response.defer()
            await self.reply_error(interaction, "This duel is over.")
            return
        await self.publish(out, via=interaction, answered=choice)

    async def _answer_choice(self, interaction: discord.Interaction, duel_id: int, seq: int,
                             idx: int) -> tuple[Outcome | None, str]:
        """(outcome, choice) of a click on the choice *idx* of decision *seq*: applied
        and stored; (None, "") if the duel is over."""
        live = await self.svc.live(duel_id)
        d = live.duel.pending
        if d is None or live.record.status in ("finished", "cancelled"):
            return None, ""
        if seq != live.seq or idx >= len(d.choices):
            raise DuelError(OUT_OF_DATE)
        choice = d.choices[idx]
        out = await self.svc.answer(duel_id, str(interaction.user.id), seq, choice)
        self.answered_now(duel_id, live.record.player_ids.index(str(interaction.user.id)))
        return out, choice

    async def mark_answered(self, interaction: discord.Interaction, out: Outcome, answer: str) -> None:
        """The panel the answer that ended the duel came from (clicked, or its "Type an
        answer…" form submitted): what was answered, and no controls any more. Works
        for panels sent before a restart too: the interaction carries the message.
        The edit is the interaction's response if it has none yet."""
        msg = interaction.message
        if msg is None:
            return
        live = out.live
        p = live.record.player_ids.index(str(interaction.user.id))
        key = (live.record.id, p)
        for known in (self.panels, self.waiting_panels):
            if known.get(key, (0, 0))[1] == msg.id:
                known.pop(key)
        content, _ = panel_message(live, p, note=f"→ you chose: {clip(answer, 200)}")
        await self.update_message(interaction, content, None)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Every interaction passes here first; a submitted "Type an answer…"
        form is answered from its raw data (see ``TypeButton.callback``)."""
        typed = typed_answer(interaction)
        if typed is not None:
            await self.on_text(interaction, *typed)
        elif gone_from_message(interaction):
            async with self.busy(interaction):
                await self.refuse(interaction, OUT_OF_DATE)

    async def on_text(self, interaction: discord.Interaction, duel_id: int, seq: int, text: str) -> None:
        async with self.busy(interaction):
            await self._on_text(interaction, duel_id, seq, text)

    async def _on_text(self, interaction: discord.Interaction, duel_id: int, seq: int, text: str) -> None:
        # a form opened from a panel: answered as an update of that panel (see on_choice)
        try:
            out, text = await self.acknowledged(interaction, self._answer_text(interaction, duel_id, seq, text))
        except DuelError as e:
            await self.refuse(interaction, str(e))
            return
        await self.publish(out, via=interaction, answered=text)
        await interaction.followup.send(f"Done: {clip(text, 200)}", ephemeral=True)

    async def _answer_text(self, interaction: discord.Interaction, duel_id: int, seq: int,
                           text: str) -> tuple[Outcome, str]:
        """(outcome, answer as the engine read it) of a typed answer to decision *seq*."""
        live = await self.svc.live(duel_id)
        if live.seq == seq and live.duel.pending is not None:
            text = typed_choice(live.duel.pending, text)  # a button's label, or the legend's numbers
        out = await self.svc.answer(duel_id, str(interaction.user.id), seq, text)
        self.answered_now(duel_id, live.record.player_ids.index(str(interaction.user.id)))
        return out, text

    async def on_page(self, interaction: discord.Interaction, duel_id: int, seq: int, page: int) -> None:
        async with self.busy(interaction):
            await self._on_page(interaction, duel_id, seq, page)

    async def _on_page(self, interaction: discord.Interaction, duel_id: int, seq: int, page: int) -> None:
        try:
            live = await self.svc.live(duel_id)
            p = self.svc.player_index(live, str(interaction.user.id))
            if p is None:
                raise DuelError("You are not playing in this duel.")
            if seq != live.seq:
                raise DuelError(OUT_OF_DATE)
        except DuelError as e:
            await self.reply_error(interaction, str(e))
            return
        content, view = panel_message(live, p, page)
        await interaction.response.edit_message(content=content, view=view)

    async def on_card_info(self, interaction: discord.Interaction, duel_id: int, page: int,
                           name: str | None) -> None:
        async with self.busy(interaction):
            await self._on_card_info(interaction, duel_id, page, name)

    async def _on_card_info(self, interaction: discord.Interaction, duel_id: int, page: int,
                            name: str | None) -> None:
        """"Card text": a menu of the cards the player can see (hand, battlefield,
        graveyards, spells), 25 a page; choosing one shows its text in that message."""
        try:
            live = await self.svc.live(duel_id)
        except DuelError as e:
            await self.reply_error(interaction, str(e))
            return
        p = self.svc.player_index(live, str(interaction.user.id))
        v = live.duel.view(p)
        names = set(v["players"][p].get("hand", []) if p is not None else [])
        names |= {c["name"] for c in v["battlefield"]} | {s["name"] for s in v["spells"] + v["batch"]}
        for pl in v["players"]:
            names |= set(pl["graveyard"]) | set(pl["removed"]) | set(pl["ante"])
        known = sorted(n for n in names if n in carddb.card_data())
        if name is not None and name not in known:
            name = None
        content, view = card_menu(duel_id, known, page, name)
        if interaction.message is not None and interaction.message.flags.ephemeral:
            await interaction.response.edit_message(content=content, view=view)  # the menu itself
        else:
            await interaction.response.send_message(content, view=view, ephemeral=True)

    async def on_seen(self, interaction: discord.Interaction, duel_id: int) -> None:
        """"What I've seen": the player's private notes of the duel, dated by turn."""
        async with self.busy(interaction):
            try:
                live = await self.svc.live(duel_id)
                p = self.svc.player_index(live, str(interaction.user.id))
                if p is None:
                    raise DuelError("You are not playing in this duel.")
            except DuelError as e:
                await self.reply_error(interaction, str(e))
                return
            duel = live.duel
            text = await asyncio.to_thread(seen_text, duel, p, duel_id) if len(duel.history) > 200 \
                else seen_text(duel, p, duel_id)
            await interaction.response.send_message(text, ephemeral=True)

    async def on_show_controls(self, interaction: discord.Interaction, duel_id: int) -> None:
        """"Show my controls" (under the board, or offered by /duels): the player's
        panel sent again by DM (say after they opened their DMs); the one it
        replaces is closed."""
        async with self.busy(interaction):
            await interaction.response.defer(ephemeral=True)
            try:
                live = await self.svc.live(duel_id)
                p = self.svc.player_index(live, str(interaction.user.id))
                if p is None:
                    raise DuelError("You are not playing in this duel.")
                if live.duel.pending is None or live.record.status in ("finished", "cancelled"):
                    raise DuelError("This duel is over.")
            except DuelError as e:
                await self.reply_error(interaction, str(e))
                return
            async with self.publishing(duel_id):
                live = await self.svc.live(duel_id)
                if live.duel.pending is None:
                    await self.reply_error(interaction, "This duel is over.")
                    return
                await self.close_panel(live.record, p, None)  # replaced by the one sent now
                sent = await self.send_panel(live, p)
            if not sent:
                await interaction.followup.send(f"I still cannot send you direct messages. {DM_HOWTO}, "
                                                "then press this button again.", ephemeral=True)
                return
            whose = "your move" if live.duel.pending.player == p else f"waiting for {live.record.player_names[1 - p]}"
            await interaction.followup.send(f"Your controls for duel #{duel_id} are in your direct messages "
                                            f"({whose}).", ephemeral=True)

    async def on_challenge_button(self, interaction: discord.Interaction, duel_id: int, what: str) -> None:
        async with self.busy(interaction):
            await self._on_challenge_button(interaction, duel_id, what)

    async def _on_challenge_button(self, interaction: discord.Interaction, duel_id: int, what: str) -> None:
        uid = str(interaction.user.id)
        try:
            rec = await store.get_duel(self.db, duel_id)
            if rec is None:
                raise DuelError("There is no such challenge.")
            if rec.player_ids[1] != uid:
                raise DuelError("This challenge is not for you.")
            if rec.status != "challenged":
                raise DuelError("This challenge is no longer open.")
            if what == "d":
                await self.svc.decline(duel_id, uid)
                await interaction.response.edit_message(
                    content=f"{rec.player_names[1]} declined the challenge from {rec.player_names[0]}.", view=None)
                return
            names = await self.svc.deck_names(uid)
        except DuelError as e:
            await self.reply_error(interaction, str(e))
            return
        await interaction.response.send_message("Choose the deck you will play:", view=deck_view(duel_id, names),
                                                ephemeral=True)

    async def on_deck_chosen(self, interaction: discord.Interaction, duel_id: int, deck: str) -> None:
        async with self.busy(interaction):
            await self._on_deck_chosen(interaction, duel_id, deck)

    async def _on_deck_chosen(self, interaction: discord.Interaction, duel_id: int, deck: str) -> None:
        uid = str(interaction.user.id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            rec = await store.get_duel(self.db, duel_id)
            if rec is None or rec.player_ids[1] != uid:
                raise DuelError("This challenge is not for you.")
            if rec.status != "challenged":
                raise DuelError("This challenge is no longer open.")
            await self.svc.precheck_accept(duel_id, uid, deck)  # for ante: the deck must be owned
            # both players must be reachable by DM before the duel starts
            for pid, name in zip(rec.player_ids, rec.player_names):
                try:
                    await self.dm(pid, f"Duel #{duel_id}: {rec.player_names[0]} vs {rec.player_names[1]} is starting. "
                                       "Your controls will appear here.")
                except discord.Forbidden:
                    who = "You" if pid == uid else name
                    raise DuelError(f"{who} cannot receive direct messages from me, so the duel cannot start. "
                                    + DM_HELP) from None
            live = await self.svc.accept(duel_id, uid, deck)
        except DuelError as e:
            await self.reply_error(interaction, str(e))
            return
        await self.open_thread(live)
        await interaction.followup.send(f"Accepted. The duel is in <#{live.record.thread_id}>.", ephemeral=True)
        # what came before the first decision (a face-up ante) goes in the thread's log too
        await self.publish(Outcome(live, list(live.duel.game.events)))

    async def open_thread(self, live: Live) -> None:
        """The duel's thread (on the challenge message), its id stored, and the opening line in it.

        After a stop between creating the thread and storing its id, the
        challenge message has its thread already (Discord refuses a second
        one): that thread is the duel's, and gets the opening line only if it
        lacks it."""
        rec = live.record
        # no panel of the duel was ever sent (they come after its thread): none to look for
        self._panels_known.update({(rec.id, 0), (rec.id, 1)})
        channel = await self.fetch_channel_cached(int(rec.channel_id))
        title = clip(f"{rec.player_names[0]} vs {rec.player_names[1]}", 100)
        opening = (f"Duel #{rec.id} begins: <@{rec.player_ids[0]}> vs <@{rec.player_ids[1]}>"
                   + (" — **for ante**" if live.duel.options.ante else "")
                   + f". Seed hash `{seed_hash(rec.seed)}` (the seed is revealed at the end).")
        thread, reused = await self._thread_on_challenge(channel, rec, title)
        opened = False
        if thread is None:
            thread = await channel.create_thread(name=title, type=discord.ChannelType.public_thread,
                                                 auto_archive_duration=LONGEST_ARCHIVE)
        elif reused and self.user is not None:
            opened = any(m.author.id == self.user.id and m.content == opening
                         for m in [m async for m in thread.history(limit=50, oldest_first=True)])
        live.record = await store.set_message_ids(self.db, rec.id, thread_id=thread.id)
        if rec.challenge_message_id:
            try:
                await channel.get_partial_message(int(rec.challenge_message_id)).edit(
                    content=f"{rec.player_names[1]} accepted {rec.player_names[0]}'s challenge: see the thread.",
                    view=None)
            except discord.HTTPException:
                pass
        if not opened:
            await thread.send(opening)

    async def _thread_on_challenge(self, channel: Any, rec: store.DuelRecord, title: str) -> tuple[Any, bool]:
        """(thread, reused): a new thread started from the challenge message, or the
        one a stopped start left there (a message's thread has the message's id);
        None if there is no challenge message or no thread can be started from it
        (then the caller starts a thread of its own)."""
        if not rec.challenge_message_id:
            return None, False
        try:
            return await channel.create_thread(name=title, message=channel.get_partial_message(
                int(rec.challenge_message_id)), auto_archive_duration=LONGEST_ARCHIVE), False
        except discord.HTTPException as e:
            if e.code != THREAD_EXISTS:
                return None, False
        try:
            return await self.fetch_channel_cached(int(rec.challenge_message_id)), True
        except discord.HTTPException:
            return None, False

    # ------------------------------------------------------------- clocks
    async def _sweep_forever(self) -> None:
        while True:
            try:
                await self.sweep()
            except Exception:  # keep sweeping; the error is logged
                log.exception("clock sweep failed")
            await asyncio.sleep(self.sweep_seconds)

    async def sweep(self) -> None:
        """Expire challenges; remind players at half and near the end of
        their clock; tell the opponent when a win can be claimed."""
        now = self.svc.now()
        await sweep_trades(self)
        for rec in await self.svc.expire_challenges():
            try:
                ch = await self.fetch_channel_cached(int(rec.channel_id))
                if rec.challenge_message_id:
                    await ch.get_partial_message(int(rec.challenge_message_id)).edit(
                        content=f"{rec.player_names[0]}'s challenge to {rec.player_names[1]} expired.", view=None)
            except discord.HTTPException:
                pass
        for rec in await store.list_unfinished(self.db):
            if rec.status not in ("mulligans", "playing") or rec.deadline is None or not rec.clock_seconds:
                continue
            left = rec.deadline - now
            stage = 3 if left <= 0 else 2 if left <= rec.clock_seconds * 0.1 else 1 if left <= rec.clock_seconds / 2 else 0
            # marked on disk before sending, so a restart never repeats a reminder
            # (a kill in between loses that one instead); false if a click came first
            if stage <= rec.reminders_sent or not await store.set_reminded(self.db, rec.id, rec.seq, stage):
                continue
            live = await self.svc.live(rec.id)
            d = live.duel.pending
            if d is None:
                continue
            waiting, other = rec.player_ids[d.player], rec.player_ids[1 - d.player]
            if waiting == self.svc.computer_id or (stage == 3 and other == self.svc.computer_id):
                continue  # the computer needs no reminder and claims no win on time
            try:
                if stage == 3:
                    await self.dm(other, f"Duel #{rec.id}: {rec.player_names[d.player]}'s clock has run out. "
                                         f"You may claim the win with `/duel claim duel:{rec.id}`.")
                else:
                    await self.dm(waiting, f"Reminder: duel #{rec.id} is waiting for your decision "
                                           f"(deadline <t:{rec.deadline}:R>).")
            except discord.HTTPException:
                pass


class _Busy:
    def __init__(self, bot: ManaburnBot, interaction: discord.Interaction | None = None) -> None:
        self.bot = bot
        self.answering = answering(interaction)

    async def __aenter__(self) -> None:
        self.bot._inflight += 1

    async def __aexit__(self, *exc: Any) -> bool:
        self.bot._inflight -= 1
        return await self.answering.__aexit__(*exc)


DECISION_CONTROLS = ("mb:c:", "mb:s:", "mb:p:", "mb:t:")  # a panel's controls for one decision (bot.panels)
OUT_OF_DATE = "That control is out of date: the duel has moved on. Use the newest panel."


def gone_from_message(interaction: discord.Interaction) -> bool:
    """A click on one of the bot's controls that its message no longer has: the panel
    was edited (the next decision) between the click and its arrival. discord.py
    drops such a click without a word (it dispatches only the message's own
    components), so it is answered here."""
    if interaction.type is not discord.InteractionType.component or interaction.message is None:
        return False
    cid = str((interaction.data or {}).get("custom_id", ""))
    if not cid.startswith(DECISION_CONTROLS):
        return False
    return not any(getattr(c, "custom_id", None) == cid for row in interaction.message.components
                   for c in getattr(row, "children", [row]))


def log_lines(out: Outcome) -> list[str]:
    """The lines of the duel's log that *out* makes due in the thread (see :mod:`bot.thread_log`)."""
    events = out.live.duel.game.events[:out.events_total]
    return due_lines(events, len(out.new_events), out.finished)


def _chunks(lines: list[str], limit: int) -> list[str]:
    out, cur = [], ""
    for line in lines:
        line = clip(line, limit)
        if cur and len(cur) + len(line) + 1 > limit:
            out.append(cur)
            cur = ""
        cur = f"{cur}\n{line}" if cur else line
    if cur:
        out.append(cur)
    return out


# ------------------------------------------------------------------ commands

def register_commands(bot: ManaburnBot) -> None:
    tree = bot.tree

    async def deck_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        names = await bot.svc.deck_names(str(interaction.user.id))
        return [app_commands.Choice(name=n, value=n) for n in names if current.lower() in n.lower()][:25]

    async def card_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        cur = current.lower()
        names = [n for n in carddb.card_data() if cur in n.lower()]
        names.sort(key=lambda n: (not n.lower().startswith(cur), n))
        return [app_commands.Choice(name=n, value=n) for n in names[:25]]

    async def duel_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        recs = await store.list_duels_for_user(bot.db, str(interaction.user.id), active_only=False)
        out = []
        for r in reversed(recs):
            label = f"#{r.id} {r.player_names[0]} vs {r.player_names[1]} ({r.status})"
            if current in label:
                out.append(app_commands.Choice(name=clip(label, 100), value=r.id))
        return out[:25]

    async def duel_here(interaction: discord.Interaction, duel: int | None) -> int:
        if duel is not None:
            return duel
        recs = await store.list_duels_for_user(bot.db, str(interaction.user.id), active_only=False)
        ch = str(interaction.channel_id)
        for r in recs:
            if r.thread_id == ch:
                return r.id
        if interaction.channel_id is not None and (here := await store.duel_in_thread(bot.db, ch)) is not None:
            return here.id  # someone else's duel, asked about in its thread: the service says they do not play in it
        playing = [r for r in recs if r.status in ("mulligans", "playing")]
        if len(playing) == 1:
            return playing[0].id
        raise DuelError("Which duel? Give its number (see /duels), or use the command in the duel's thread.")

    @tree.command(name="challenge", description="Challenge someone to a duel")
    @app_commands.describe(opponent="who you challenge", deck="your deck (a saved or preconstructed deck)",
                           ante="play for ante (the winner keeps both ante cards)",
                           clock="time allowed for each decision",
                           ante_face_down="for ante: the ante cards stay face down until the end",
                           format="the format both decks must be legal in (default: casual)")
    @app_commands.autocomplete(deck=deck_autocomplete)
    @app_commands.choices(clock=[app_commands.Choice(name=k, value=v) for k, v in CLOCKS.items()],
                          format=[app_commands.Choice(name=f.title, value=f.name) for f in FORMATS.values()])
    async def challenge(interaction: discord.Interaction, opponent: discord.User, deck: str | None = None,
                        ante: bool = False, clock: int = 24 * 3600, ante_face_down: bool = False,
                        format: str | None = None) -> None:
        if bot.user is not None and opponent.id == bot.user.id:
            if ante:
                await bot.reply_error(interaction, "The computer never plays for ante.")
                return
            await start_practice(interaction, deck, None, None)
            return
        if opponent.bot:
            await bot.reply_error(interaction, "Bots cannot duel.")
            return
        if (too_fast := bot.posts.take(str(interaction.user.id))) is not None:
            await bot.reply_error(interaction, too_fast)
            return
        try:
            rec = await bot.svc.challenge(
                guild_id=str(interaction.guild_id) if interaction.guild_id else None,
                channel_id=str(interaction.channel_id), challenger=(str(interaction.user.id), interaction.user.display_name),
                opponent=(str(opponent.id), opponent.display_name), deck=deck, ante=ante, clock_seconds=clock,
                ante_face_up=not ante_face_down, format_name=format)
        except DuelError as e:
            bot.posts.give_back(str(interaction.user.id))
            await bot.reply_error(interaction, str(e))
            return
        await interaction.response.send_message(
            f"<@{opponent.id}>, {interaction.user.display_name} challenges you to a duel"
            + (" **for ante**" if ante else "")
            + (f" in **{FORMATS[rec.options['format']].title}**" if rec.options.get("format", "casual") != "casual"
               else "")
            + f" (each decision: {_clock_name(clock)}). "
            f"The challenge expires <t:{rec.deadline}:R>.", view=challenge_view(rec.id))
        msg = await interaction.original_response()
        await store.set_message_ids(bot.db, rec.id, challenge_message_id=msg.id)

    async def start_practice(interaction: discord.Interaction, deck: str | None, opponent_deck: str | None,
                             level: str | None) -> None:
        uid = str(interaction.user.id)
        if (too_fast := bot.posts.take(uid)) is not None:
            await bot.reply_error(interaction, too_fast)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            try:
                await bot.dm(uid, "A duel against the computer is starting. Your controls will appear here.")
            except discord.Forbidden:
                raise DuelError("You cannot receive direct messages from me, so the duel cannot start. "
                                f"{DM_HOWTO}, then try again.") from None
            out = await bot.svc.practice(
                guild_id=str(interaction.guild_id) if interaction.guild_id else None,
                channel_id=str(interaction.channel_id), player=(uid, interaction.user.display_name),
                deck=deck, opponent_deck=opponent_deck, level=level)
        except DuelError as e:
            bot.posts.give_back(uid)
            await bot.reply_error(interaction, str(e))
            return
        await bot.open_thread(out.live)
        await interaction.followup.send(f"Your duel against the computer is in <#{out.live.record.thread_id}>.",
                                        ephemeral=True)
        # from the start: what came before the first decision and the computer's first answers
        await bot.publish(Outcome(out.live, list(out.live.duel.game.events), out.finished))

    @tree.command(name="practice", description="A duel against the computer")
    @app_commands.describe(deck="your deck (a saved or preconstructed deck)",
                           opponent_deck="the computer's deck (default: a preconstructed deck)",
                           level="how well the computer plays (default: hard)")
    @app_commands.autocomplete(deck=deck_autocomplete, opponent_deck=deck_autocomplete)
    @app_commands.choices(level=[app_commands.Choice(name=lv, value=lv) for lv in LEVELS])
    async def practice(interaction: discord.Interaction, deck: str | None = None, opponent_deck: str | None = None,
                       level: str | None = None) -> None:
        await start_practice(interaction, deck, opponent_deck, level)

    @tree.command(name="duels", description="Your duels and whose move each is")
    async def duels(interaction: discord.Interaction) -> None:
        # acknowledged first: after a restart each duel listed is rebuilt from its log
        await interaction.response.defer(ephemeral=True)
        recs = await store.list_duels_for_user(bot.db, str(interaction.user.id), active_only=True)
        if not recs:
            await interaction.followup.send("You have no open duels. Use /challenge.", ephemeral=True)
            return
        lines = []
        view = discord.ui.View(timeout=None)
        for r in recs:
            line = f"#{r.id} {r.player_names[0]} vs {r.player_names[1]} — {r.status}"
            if r.status in ("mulligans", "playing"):
                live = await bot.svc.live(r.id)
                d = live.duel.pending
                if d is not None:
                    line += f", waiting for {r.player_names[d.player]}" + (f" (<t:{r.deadline}:R>)" if r.deadline else "")
                    if len(view.children) < 25:  # a panel lost (closed DMs, deleted) is one click away
                        view.add_item(ShowControlsButton(r.id, f"My controls for #{r.id}"))
            lines.append(line)
        if view.children:
            lines.append("Lost a panel? The buttons send it to your direct messages again.")
        await interaction.followup.send(clip("\n".join(lines), 2000), view=view, ephemeral=True)

    @tree.command(name="concede", description="Concede a duel")
    @app_commands.autocomplete(duel=duel_autocomplete)
    async def concede(interaction: discord.Interaction, duel: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True)
        try:
            duel_id = await duel_here(interaction, duel)
            out = await bot.svc.concede(duel_id, str(interaction.user.id))
        except DuelError as e:
            await bot.reply_error(interaction, str(e))
            return
        await interaction.followup.send(f"You conceded duel #{duel_id}.", ephemeral=True)
        await bot.publish(out)

    group = app_commands.Group(name="duel", description="About one duel")

    @group.command(name="log", description="The whole duel as a duel script that manaburn script replays")
    @app_commands.autocomplete(duel=duel_autocomplete)
    async def duel_log(interaction: discord.Interaction, duel: int | None = None) -> None:
        try:
            duel_id = await duel_here(interaction, duel)
            live = await bot.svc.live(duel_id)
            if (refused := log_refusal(live, str(interaction.user.id), str(interaction.channel_id))) is not None:
                raise DuelError(refused)
        except DuelError as e:
            await bot.reply_error(interaction, str(e))
            return
        reveal = live.duel.over
        text = duel_script(live, reveal_seed=reveal)
        note = "" if reveal else " (the seed and hidden cards are revealed when the duel is over)"
        await interaction.response.send_message(
            f"Duel #{duel_id}{note}.", file=discord.File(io.BytesIO(text.encode()), filename=f"duel-{duel_id}.yaml"),
            ephemeral=True)  # for the one who asked only (see log_refusal)

    @group.command(name="claim", description="Claim the win when your opponent's clock has run out")
    @app_commands.autocomplete(duel=duel_autocomplete)
    async def duel_claim(interaction: discord.Interaction, duel: int | None = None) -> None:
        await interaction.response.defer(ephemeral=True)
        try:
            duel_id = await duel_here(interaction, duel)
            out = await bot.svc.claim(duel_id, str(interaction.user.id))
        except DuelError as e:
            await bot.reply_error(interaction, str(e))
            return
        await interaction.followup.send(f"You win duel #{duel_id} on time.", ephemeral=True)
        await bot.publish(out)

    tree.add_command(group)

    @tree.command(name="card", description="Show a card's printed and Oracle text")
    @app_commands.autocomplete(name=card_autocomplete)
    async def card(interaction: discord.Interaction, name: str) -> None:
        await interaction.response.send_message(clip(card_text(name), 2000), ephemeral=True)

    @tree.command(name="stops", description="Choose where the bot stops to ask you (like the MicroProse phase bar)")
    @app_commands.describe(stops="comma-separated: " + ", ".join(ALL_STOPS)[:55] + "…, or 'default' or 'none'")
    async def stops_cmd(interaction: discord.Interaction, stops: str | None = None) -> None:
        from storage import players as player_store
        uid = str(interaction.user.id)
        if stops is None:
            cur = await player_store.get_phase_stops(bot.db, uid)
            cur = DEFAULT_STOPS if cur is None else cur
            await interaction.response.send_message(
                "Your stops: " + ", ".join(sorted(cur)) + "\nAvailable: " + ", ".join(ALL_STOPS), ephemeral=True)
            return
        try:
            wanted = parse_stops(stops)
        except ValueError as e:
            await bot.reply_error(interaction, str(e))
            return
        await bot.svc.set_stops(uid, frozenset(wanted))
        await interaction.response.send_message("Stops saved: " + (", ".join(sorted(wanted)) or "none"), ephemeral=True)

    deck = app_commands.Group(name="deck", description="Your saved decks")

    @deck.command(name="import", description="Save a decklist ('4 Lightning Bolt' per line, or a Cockatrice .cod file)")
    async def deck_import(interaction: discord.Interaction, name: str, decklist: str | None = None,
                          file: discord.Attachment | None = None) -> None:
        await interaction.response.defer(ephemeral=True)
        if file is not None:
            if file.size > MAX_ATTACHMENT:
                await bot.reply_error(interaction, f"That file is too large ({file.size} bytes; at most {MAX_ATTACHMENT}).")
                return
            data = await file.read()
            if not _looks_like_text(data):
                await bot.reply_error(interaction, f"{file.filename} is not a decklist: attach a text file "
                                                   "('4 Lightning Bolt' per line) or a Cockatrice .cod file.")
                return
            raw = data.decode("utf-8", errors="replace")
        elif decklist:
            raw = decklist.replace("\\n", "\n")
        else:
            await bot.reply_error(interaction, "Give a decklist (text) or attach a file.")
            return
        try:
            # off the event loop: 256 KB of text (or XML) must not hold up every other player
            cards = await asyncio.to_thread(parse_decklist, raw)
            bot.svc.validate_deck(cards)
            saved = await deck_store.save_deck(bot.db, str(interaction.user.id), name, cards, overwrite=True)
        except (DecklistError, DuelError, ValueError) as e:
            await bot.reply_error(interaction, str(e))
            return
        except DeckExists as e:
            await bot.reply_error(interaction, str(e))
            return
        missing = await bot.svc.collections.missing_text(str(interaction.user.id), cards, unlocked_only=False)
        note = (f" Not in your collection: {missing} — fine for casual duels; a duel for ante needs them."
                if missing else " Every card is in your collection: it can be played for ante.")
        legal = "\n".join(describe_formats(cards))
        await interaction.followup.send(clip(f"Saved deck {saved.name!r} ({len(cards)} cards).{note}\n{legal}",
                                             2000), ephemeral=True)

    @deck.command(name="list", description="Your saved decks and the preconstructed ones")
    async def deck_list(interaction: discord.Interaction) -> None:
        mine = await deck_store.list_decks(bot.db, str(interaction.user.id))
        text = ("Your decks: " + (", ".join(f"{d.name} ({len(d.cards)})" for d in mine) or "none")
                + "\nPreconstructed: " + ", ".join(sorted(PRECONS)))
        await interaction.response.send_message(text, ephemeral=True)

    @deck.command(name="show", description="Show a deck")
    @app_commands.autocomplete(name=deck_autocomplete)
    async def deck_show(interaction: discord.Interaction, name: str) -> None:
        try:
            real, cards = await bot.svc.resolve_deck(str(interaction.user.id), name)
        except DuelError as e:
            await bot.reply_error(interaction, str(e))
            return
        counts: dict[str, int] = {}
        for c in cards:
            counts[c] = counts.get(c, 0) + 1
        text = (f"**{real}** ({len(cards)} cards)\n" + "\n".join(describe_formats(cards)) + "\n\n"
                + "\n".join(f"{n} {c}" for c, n in sorted(counts.items())))
        await interaction.response.send_message(clip(text, 2000), ephemeral=True)

    @deck.command(name="delete", description="Delete one of your saved decks")
    @app_commands.autocomplete(name=deck_autocomplete)
    async def deck_delete(interaction: discord.Interaction, name: str) -> None:
        try:
            ok = await deck_store.delete_deck(bot.db, str(interaction.user.id), name)
        except ValueError as e:  # no deck has such a name (too long, control characters)
            await bot.reply_error(interaction, f"You have no saved deck called {clip(name, 80)!r}: {e}.")
            return
        if not ok:
            await bot.reply_error(interaction, f"You have no saved deck called {clip(name, 80)!r}.")
            return
        await interaction.response.send_message(f"Deleted {name.strip()!r}.", ephemeral=True)

    tree.add_command(deck)


def _looks_like_text(data: bytes) -> bool:
    """Whether an attachment can be a decklist: text (UTF-8, or Latin-1 without
    control bytes), not an image or another binary file."""
    if b"\x00" in data[:4096]:
        return False
    try:
        data.decode("utf-8")
        return True
    except UnicodeDecodeError:
        sample = data[:4096]
        return not any(b < 9 or 13 < b < 32 for b in sample)


def _clock_name(seconds: int) -> str:
    for k, v in CLOCKS.items():
        if v == seconds:
            return k
    return f"{seconds // 3600} hours"


def run() -> int:
    """``manaburn bot``: token from DISCORD_TOKEN (never logged), database from MANABURN_DB."""
    token = os.environ.get("DISCORD_TOKEN")
    if not token:
        print("Set DISCORD_TOKEN to the bot's token (see README: Running the bot).")
        return 2
    db = os.environ.get("MANABURN_DB", "./manaburn.db")
    guild = os.environ.get("MANABURN_GUILD")
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        lock = hold_database(db)  # one bot per database (bot.process_lock), held until exit
    except AlreadyRunning as e:
        print(e)
        return 3
    with lock:
        bot = ManaburnBot(db, int(guild) if guild else None)
        bot.run(token, log_handler=None)
    return 0
