"""Publishing a duel: the board in its thread, the log a turn at a time, each
player's panel in their DMs, the thread itself, the end of the duel.

:class:`Publisher` is one part of :class:`bot.app.ManaburnBot` (a mixin: the
client's state is the bot's). After any change (an answer, a concession, a
catch-up after a restart) :meth:`Publisher.publish` shows it, in the order a
click needs: the answered panel first (its edit is the click's
acknowledgement, see :mod:`bot.interactions`), the board, the turns that ended,
then the other player's panel or the end of the duel; last, the outcome is
recorded as published (:mod:`bot.recovery` shows again what a stop left
unpublished).

One panel per player and duel: edited in place while the player keeps
deciding, and when the move comes back to a player who answered a moment ago
(:data:`NOTIFY_AFTER`); a new DM (the notification) only when the move passes
to a player who is away, their previous panel deleted.
"""
from __future__ import annotations

import asyncio
import hashlib
import io
import logging
import time
import weakref
from functools import partial
from typing import TYPE_CHECKING, Any, Awaitable, Callable

import discord

from .collection_commands import announce_ante
from .failures import cannot_save, report
from .knowledge import SecretsShown
from .match_service import best_of_text
from .panels import board_message, board_view, clip, panel_message, panel_of, waiting_panel_of
from .picture import board_picture, moment
from .service import DuelRecord, DuelService, Live, Outcome, seed_hash

if TYPE_CHECKING:
    from .shared_panels import SharedPanels
from .thread_log import due_lines

log = logging.getLogger("manaburn.bot")

THREAD_EXISTS = 160004  # Discord's error code: "A thread has already been created for this message"
THREAD_ARCHIVED = 50083  # Discord's error code: "Thread is archived"
UNKNOWN_MESSAGE = 10008  # Discord's error code: "Unknown Message"
BOARD_PICTURE = "board.png"  # the file name of the board's picture in its message
LONGEST_ARCHIVE = 10080  # minutes (a week): a duel's thread outlives a decision's longest clock
PUBLISH_FLUSH = 0.2  # seconds: marks of what was published are written together (see mark_published)
# seconds: a player who answered in a duel this recently is at their panel, so when the
# move comes back to them their panel is edited in place instead of notified by a new DM
NOTIFY_AFTER = 60.0
DM_HOWTO = ("In Discord, open this server's menu → Privacy Settings and turn on **Direct Messages** (or User "
            "Settings → Privacy & Safety → allow direct messages from server members)")
DM_HELP_IN_DUEL = f"{DM_HOWTO}, then press **Show my controls** under the board."


class PublishLock:
    """A duel's publishing lock (:meth:`Publisher.publishing`); the task that holds it
    may enter it again (a click's handler holds it and then publishes)."""

    def __init__(self, on_acquire: Callable[[], Awaitable[None]] | None = None) -> None:
        self._lock = asyncio.Lock()
        self._owner: asyncio.Task[Any] | None = None
        self._depth = 0
        # run each time a task takes it (with several workers: the duel's panels read from storage)
        self._on_acquire = on_acquire

    async def __aenter__(self) -> None:
        me = asyncio.current_task()
        if self._owner is not None and self._owner is me:
            self._depth += 1
            return
        await self._lock.acquire()
        self._owner, self._depth = me, 1
        if self._on_acquire is not None:
            try:
                await self._on_acquire()
            except BaseException:
                self._owner, self._depth = None, 0
                self._lock.release()
                raise

    async def __aexit__(self, *exc: Any) -> None:
        self._depth -= 1
        if self._depth == 0:
            self._owner = None
            self._lock.release()


class Publisher:
    """Boards, log lines, panels and threads (the bot's part that shows duels)."""

    if TYPE_CHECKING:  # the client's state, set in ManaburnBot.__init__
        user: discord.ClientUser | None
        svc: DuelService
        panels: dict[tuple[int, int], tuple[int, int]]
        waiting_panels: dict[tuple[int, int], tuple[int, int]]
        starting_dms: set[tuple[int, int]]
        secrets_shown: SecretsShown
        notify_after: float
        _panels_known: set[tuple[int, int]]
        _answered_at: dict[tuple[int, int], float]
        _unflushed: dict[int, int]
        _shown: dict[int, int]
        _board_moments: dict[int, tuple[int, str]]
        _unflushed_moments: dict[int, str]
        _fetched_channels: dict[int, Any]
        _publishing: weakref.WeakValueDictionary[int, PublishLock]
        _flusher: asyncio.Task[None] | None
        shared_panels: SharedPanels | None

        def busy(self, interaction: discord.Interaction | None = None) -> Any: ...
        async def fetch_channel_cached(self, channel_id: int) -> Any: ...
        async def dm(self, user_id: str, content: str, view: discord.ui.View | None = None) -> discord.Message: ...
        async def dm_channel(self, user_id: str) -> discord.abc.Messageable: ...
        async def mark_answered(self, interaction: discord.Interaction, out: Outcome, answer: str) -> None: ...
        async def after_game(self, live: Live) -> None: ...
        async def duel_ended(self, duel_id: int) -> None: ...

    async def publish(self, out: Outcome, *, extra: str = "", via: discord.Interaction | None = None,
                      answered: str = "") -> None:
        """After any change: the panel answered from, the board edited in place, the
        turns that ended, the next panel or the end of the duel. *via*: the
        interaction of the panel answered with *answered*; that panel is edited in
        place, as the interaction's response if it has none yet (see
        :meth:`edit_in_place`)."""
        async with self.busy(), self.publishing(out.live.record.id):
            await self._publish(out, extra=extra, via=via, answered=answered)

    def publishing(self, duel_id: int) -> "PublishLock":
        """Held while one duel is published: a publish and a :meth:`republish` of the
        same duel never interleave (no end announced twice, no log lines twice). A
        click holds it from before its answer until its publish is over (see
        :mod:`bot.interactions`): the next click on the duel is answered only then,
        so a publish never shows a state that a later answer made."""
        lock = self._publishing.get(duel_id)
        if lock is None:
            shared = self.shared_panels
            lock = self._publishing[duel_id] = PublishLock(
                None if shared is None else partial(shared.load, duel_id))
        return lock

    async def _publish(self, out: Outcome, *, extra: str = "", board: bool = True, log: bool = True,
                       panels: bool = True, end: bool = True, via: discord.Interaction | None = None,
                       answered: str = "") -> None:
        """The panels (the answered one first: its edit is the click's
        acknowledgement) and, at the same time, the thread (the board, then the
        turns that ended); then the end of the duel; then the outcome is recorded
        as published. For a click, the panels and the thread do not wait for
        each other: a click costs the time of two REST calls one after the
        other, not four.
        After a restart, :meth:`republish` leaves out (``False``) what was shown
        before the stop."""
        live = out.live
        rec = live.record
        thread = await self.fetch_channel_cached(int(rec.thread_id)) if rec.thread_id else None

        async def acknowledge(clicker: int | None) -> bool:
            """The panel the answer came from, edited (the click's acknowledgement);
            False if it could not be (the click is answered all the same)."""
            assert via is not None
            placed = False
            if out.finished:
                await self.mark_answered(via, out, answered)
            elif panels and clicker is not None and via.message is not None:
                placed = await self.edit_in_place(via, live, clicker, answered)
            if not via.response.is_done():  # its panel could not be edited: answered all the same
                try:
                    await via.response.defer()
                except discord.HTTPException:  # the panel is gone: said privately instead
                    await via.response.send_message(f"→ you chose: {clip(answered, 200)}", ephemeral=True)
            return placed

        async def show_panels() -> None:
            d = live.duel.pending
            if via is None:
                if panels and not out.finished:
                    await self.send_panels(out)
                return
            clicker = self.svc.player_index(live, str(via.user.id))
            if panels and not out.finished and d is not None and clicker is not None and d.player != clicker:
                # the move passes: the clicker's panel and the other player's at the same time
                async def clicker_waits() -> None:
                    await acknowledge(clicker)
                    await self.close_panel(rec, clicker, f"Duel #{rec.id}: waiting for {rec.player_names[d.player]}.")
                await all_of(clicker_waits(), self.give_move(live, d.player))
                return
            placed = await acknowledge(clicker)
            if panels and not out.finished:
                await self.send_panels(out, clicker if placed else None)

        async def show_thread() -> None:
            if thread is None:
                return
            if board:
                await self.show_board(thread, live)
            lines = log_lines(out) if log else []  # the turns that ended (see bot.thread_log)
            if extra:
                lines.append(extra)
            for chunk in _chunks(lines, 1900):
                await thread.send(chunk)

        if via is None:  # not a click's: the thread first (a new duel's board before its first panel)
            await show_thread()
            await show_panels()
        else:
            await all_of(show_panels(), show_thread())
        if out.finished:
            if end:
                await self.announce_end(out)
            else:  # announced before the stop: what may be left of it
                await announce_ante(self, rec.id)
        # only now: a stop before the mark is written publishes the outcome again at the next start
        self.mark_published(rec.id, out.seq)
        if out.finished:  # a Gauntlet stage's end: the run goes on (bot.gauntlet_commands)
            await self.duel_ended(rec.id)

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
        moments = {d: self._unflushed_moments.pop(d) for d in marks if d in self._unflushed_moments}
        if marks and self.service is not None:
            await self.service.mark_published(marks, moments)
            # on disk now (published_seq only grows), so what this process showed
            # need not be kept any more: a long-running bot keeps nothing per duel
            for duel_id, seq in marks.items():
                if self._shown.get(duel_id) == seq and duel_id not in self._unflushed:
                    del self._shown[duel_id]

    async def show_board(self, thread: Any, live: Live) -> None:
        """The board edited in place: sent (and its id stored) the first time, or again
        only if it was deleted. A thread archived after days without a message (a
        decision may wait a week) is unarchived first: Discord refuses edits there.

        The text (for screen readers and search) is edited at every change; the
        picture of the board (:mod:`bot.picture`) goes with the same edit, replacing
        the one before, only when its moment changed (a new step or turn, a spell
        cast or resolved, attackers or blockers declared: :func:`bot.picture.moment`),
        not at every click: it costs no REST call of its own, only its bytes."""
        rec = live.record
        with live.duel.playing.reading():
            public = live.duel.view(None)
        text = board_message(live, public)
        now = moment_key(public)
        if rec.board_message_id:
            board = thread.get_partial_message(int(rec.board_message_id))
            if getattr(thread, "archived", False):
                await self.unarchive(thread)
            picture = await self.picture_files(public) if self.board_moment(rec) != now else {}
            try:
                await board.edit(content=text, **picture)
                self.board_shown(live, now)
                return
            except discord.NotFound as e:
                if e.code != UNKNOWN_MESSAGE:
                    raise
            except discord.HTTPException as e:
                if e.code != THREAD_ARCHIVED:
                    raise
                await self.unarchive(thread)  # archived since this process last saw the thread
                picture = await self.picture_files(public) if picture else {}  # a file is read once
                await board.edit(content=text, **picture)
                self.board_shown(live, now)
                return
        picture = await self.picture_files(public)
        m = await thread.send(text, view=board_view(rec.id), file=picture["attachments"][0])
        self.board_shown(live, now)
        live.record = await self.svc.set_board_message(rec.id, m.id)

    def board_moment(self, rec: DuelRecord) -> str | None:
        """The moment of the picture the duel's board shows: the one this worker sent, or
        the one stored with the duel's published mark if another worker published it later
        (several workers: the picture is not drawn and sent again by each)."""
        mine = self._board_moments.get(rec.id)
        if rec.board_moment is not None and rec.published_seq is not None and (mine is None or rec.published_seq > mine[0]):
            return rec.board_moment
        return None if mine is None else mine[1]

    def board_shown(self, live: Live, now: str) -> None:
        """The board shows the picture of moment *now* (recorded with the duel's published mark)."""
        self._board_moments[live.record.id] = (live.seq, now)
        self._unflushed_moments[live.record.id] = now

    @staticmethod
    async def picture_files(public: dict[str, Any]) -> dict[str, list[discord.File]]:
        """The picture of the public view *public*, as the ``attachments`` of a message
        edit (replacing the picture before); drawn outside the event loop."""
        pic = await asyncio.to_thread(board_picture, public)
        return {"attachments": [discord.File(io.BytesIO(pic.png), filename=BOARD_PICTURE)]}

    async def unarchive(self, thread: Any) -> None:
        edited = await thread.edit(archived=False)
        if thread.id in self._fetched_channels:  # the kept copy says archived no more
            self._fetched_channels[thread.id] = edited

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
            self.starting_dms.discard((rec.id, p))
            waiting = self.waiting_panels.pop((rec.id, p), None)
            if waiting is not None:
                await self.edit_panel(waiting, f"Duel #{rec.id} is over. {who}.")
        self.secrets_shown.forget(rec.id)
        await self.after_game(live)  # a match's game: the score, the next game's sideboarding (bot.match_play)
        self._board_moments.pop(rec.id, None)
        self._unflushed_moments.pop(rec.id, None)

    async def close_panel(self, rec: DuelRecord, player: int, note: str | None) -> None:
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
        self.starting_dms.discard((rec.id, 1 - d.player))  # not the first to decide: see starting_dm
        if placed is not None and placed == d.player:
            await self.close_panel(rec, 1 - placed, waiting)
            return
        for p in (0, 1):
            if p != d.player:
                await self.close_panel(rec, p, waiting)
        await self.give_move(live, d.player)

    async def give_move(self, live: Live, player: int) -> None:
        """*player*'s panel with the decision now theirs (see :meth:`send_panels`):
        their waiting panel edited, or a new panel message; the thread says so if
        their DMs are closed."""
        rec = live.record
        await self.close_panel(rec, player, f"Duel #{rec.id}: answered.")
        if await self.panel_in_place(live, player):
            return
        if not await self.send_panel(live, player) and rec.thread_id:
            thread = await self.fetch_channel_cached(int(rec.thread_id))
            await thread.send(f"<@{rec.player_ids[player]}>, your move in duel #{rec.id}, but I cannot send you "
                              f"direct messages. {DM_HELP_IN_DUEL}")

    def starting_dm(self, duel_id: int, player: int, msg: discord.Message) -> None:
        """The DM sent as the duel starts ("your controls will appear here", which
        also found the player's DMs open) is the player's panel while they wait: the
        player who decides first sees the decision in it, edited in place (it
        notified them a moment ago), not in a second DM; the other gets their
        panel as a new DM when the move comes to them (the notification), and
        this one is deleted, as any waiting panel is."""
        key = (duel_id, player)
        self.waiting_panels[key] = (msg.channel.id, msg.id)
        self.starting_dms.add(key)

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
        starting = key in self.starting_dms  # the DM sent as the duel started (see starting_dm)
        self.starting_dms.discard(key)
        if where is None or (not starting and (at is None or time.monotonic() - at > self.notify_after)):
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
        m = live.match
        opening = ((f"Match #{m.id}, {best_of_text(m.best_of)}" + (f" in {m.format}" if m.format != "casual" else "")
                    + ": game 1. " if m is not None else "")
                   + f"Duel #{rec.id} begins: <@{rec.player_ids[0]}> vs <@{rec.player_ids[1]}>"
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
        live.record = await self.svc.set_thread(rec.id, thread.id)
        if rec.challenge_message_id:
            try:
                await channel.get_partial_message(int(rec.challenge_message_id)).edit(
                    content=f"{rec.player_names[1]} accepted {rec.player_names[0]}'s challenge: see the thread.",
                    view=None)
            except discord.HTTPException:
                pass
        if not opened:
            await thread.send(opening)

    async def _thread_on_challenge(self, channel: Any, rec: DuelRecord, title: str) -> tuple[Any, bool]:
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


async def all_of(*work: Awaitable[None]) -> None:
    """*work* at the same time; the first failure raised once all are over (nothing
    is left running behind the caller)."""
    for result in await asyncio.gather(*work, return_exceptions=True):
        if isinstance(result, BaseException):
            raise result


def moment_key(public: dict[str, Any]) -> str:
    """:func:`bot.picture.moment` of the public view *public*, as a short text that two
    workers compute alike (stored with the duel: ``DuelRecord.board_moment``)."""
    return hashlib.blake2b(repr(moment(public)).encode(), digest_size=12).hexdigest()


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
