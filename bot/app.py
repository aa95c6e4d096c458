"""The Discord bot: the client, which the modules below make up.

Thin glue over :class:`bot.service.DuelService` (which owns persistence)
and the engine (which owns every rule). Nothing here decides what is legal.

* :mod:`bot.publishing` — boards, log lines, panels, threads (:class:`Publisher`);
* :mod:`bot.recovery` — publishing again after a start, the clock sweep (:class:`Recovery`);
* :mod:`bot.interactions` — buttons, menus and forms (:class:`Interactions`);
* :mod:`bot.commands` and :mod:`bot.collection_commands` — the slash commands.

This module holds the client itself (start-up, shutdown, DM channels, the
interactions it answers before discord.py dispatches them) and ``manaburn bot``.
"""
from __future__ import annotations

import asyncio
import logging
import os
import weakref
from typing import Any

import discord
from discord import app_commands


from .collection_commands import COLLECTION_ITEMS, register_collection_commands
from .commands import register_commands
from engine.carddb import implemented

from .failures import answering, on_command_error
from .gauntlet_commands import GauntletGroup, after_duel, resume_gauntlets
from .http_interactions import InteractionsEndpoint
from .interactions import Interactions, gone_from_message
from .league_commands import LEAGUE_ITEMS, register_league_commands, sweep_leagues
from .match_play import MATCH_ITEMS, MatchPlay, exchange_form
from .knowledge import SecretsShown
from .leader import lead_when_chosen
from .shared_panels import SharedPanels, TrackedDict
from .limits import PostLimiter
from .panels import DYNAMIC_ITEMS, clip, typed_answer
from .process_lock import AlreadyRunning, hold_database
from .usertext import shown
from .publishing import NOTIFY_AFTER, PublishLock
from .recovery import Recovery
from .service import OUT_OF_DATE, DuelService

log = logging.getLogger("manaburn.bot")

#: The names discord.py gives the tasks that run an interaction's handler (slash commands,
#: view and dynamic-item clicks, modals): a clean shutdown waits for them.
INTERACTION_TASKS = ("CommandTree-invoker", "discord-ui-view-dispatch-", "discord-ui-modal-dispatch-",
                     "discord-ui-dynamic-item-")


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


class ManaburnBot(Recovery, Interactions, MatchPlay, discord.Client):
    def __init__(self, db_path: str, guild_id: int | None = None, *, sweep_seconds: float = 60.0,
                 http: tuple[str, int] | None = None, public_key: str | None = None) -> None:
        # names typed by users (display names, deck and card names) are shown in public
        # messages: they never ping a role or @everyone, only the users the bot names
        super().__init__(intents=bot_intents(), max_messages=None,
                         allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True))
        self.db_path = db_path
        self.guild_id = guild_id
        self.sweep_seconds = sweep_seconds
        self.tree = app_commands.CommandTree(self)
        self.service: DuelService | None = None
        # with several workers on one PostgreSQL database, what follows about panels is
        # a cache of what storage says (bot.shared_panels); with one process, the truth
        self.shared_panels = SharedPanels(self) if DuelService.shared_address(db_path) else None
        changed = None if self.shared_panels is None else self.shared_panels.changed
        self.panels: dict[tuple[int, int], tuple[int, int]] = {} if changed is None else TrackedDict(changed)
        # (duel, player) -> (channel id, message id)
        # (duel, player) -> the player's panel while the other player decides (no controls but
        # "What I've seen"): deleted when a new panel is sent, so each has one panel per duel
        self.waiting_panels: dict[tuple[int, int], tuple[int, int]] = {} if changed is None else TrackedDict(changed)
        # (duel, player) whose waiting panel is the DM sent as the duel started, until the first
        # panels are sent: the player who moves first gets their panel in it (see starting_dm)
        self.starting_dms: set[tuple[int, int]] = set()
        # private notes shown once, in the panel where they came up
        self.secrets_shown = SecretsShown(changed)
        # (duel, player) for which :attr:`panels` tells every open panel: this process sent
        # their panels since its start, or looked in their DMs for any sent before it (see
        # close_panel). Dropped when the duel ends.
        self._panels_known: set[tuple[int, int]] = set()
        self._dm_ids: dict[str, int] = {}  # user id -> id of the DM channel with them
        # channels fetched by REST (a thread this worker did not see made): once, not at each edit
        self._fetched_channels: dict[int, Any] = {}
        self.notify_after = NOTIFY_AFTER
        # (duel, player) -> when they last answered (monotonic seconds); dropped when the duel ends
        self._answered_at: dict[tuple[int, int], float] = {} if changed is None else TrackedDict(changed)
        self._sweeper: asyncio.Task[None] | None = None
        self._catch_up: asyncio.Task[None] | None = None
        self._unflushed: dict[int, int] = {}  # duel -> seq published, not yet written (mark_published)
        self._shown: dict[int, int] = {}  # duel -> seq published by this process, until written
        # duel -> (seq, moment: bot.publishing.moment_key) of the board picture last sent with its
        # board message; dropped when the duel ends (after a restart the picture is sent once again;
        # with several workers the stored one, DuelRecord.board_moment, when it is newer)
        self._board_moments: dict[int, tuple[int, str]] = {}
        self._unflushed_moments: dict[int, str] = {}  # duel -> the moment shown, written with its mark
        # duel -> held while its publish is under way; weak, so that a duel nobody is publishing
        # costs nothing (whoever holds or waits for a lock keeps it alive)
        self._publishing: weakref.WeakValueDictionary[int, PublishLock] = weakref.WeakValueDictionary()
        self._flusher: asyncio.Task[None] | None = None
        self._inflight = 0  # publishes under way; a clean shutdown waits for them
        self._accepting: set[int] = set()  # challenges whose deck was chosen, being accepted now
        # interactions over HTTP (bot.http_interactions): (host, port) and the application's public key
        self.endpoint = InteractionsEndpoint(self, public_key or "", *http) if http is not None else None
        self.tree.error(on_command_error)  # every failed command is answered (bot.failures)
        self.posts = PostLimiter()  # commands that post in a channel (bot.limits)
        register_commands(self.tree)
        register_league_commands(self.tree)
        register_collection_commands(self)
        self.tree.add_command(GauntletGroup())
        self._gauntlets: asyncio.Task[None] | None = None

    async def setup_hook(self) -> None:
        # the card modules loaded before the first interaction: importing them (1-2 s) would
        # otherwise fall inside the first /challenge, past Discord's 3 s on a busy machine
        implemented()
        self.service = await DuelService.open(self.db_path)
        if self.user is not None:  # logged in: the computer opponent plays as the bot itself
            self.service.computer_id = str(self.user.id)
        self.add_dynamic_items(*DYNAMIC_ITEMS, *COLLECTION_ITEMS, *MATCH_ITEMS, *LEAGUE_ITEMS)
        if self.guild_id:
            guild = discord.Object(id=self.guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        if self.endpoint is not None:
            await self.endpoint.start()
        if self.service.shared:
            # several workers on one PostgreSQL database: the timed work (catching up,
            # resuming Gauntlet runs, the clock sweep) runs in whichever one holds its lock
            # (bot.leader)
            self._sweeper = asyncio.create_task(lead_when_chosen(self.service, self.timed_work))
            return
        unfinished = await self.service.resume_all()
        log.info("resuming %d unfinished duels (rebuilt when next touched)", len(unfinished))
        # in the background, so start-up is not held up: what a stop left unpublished
        self._catch_up = asyncio.create_task(self.catch_up())
        # Gauntlet runs whose stage ended, or whose next stage was not made, before the stop
        self._gauntlets = asyncio.create_task(resume_gauntlets(self))
        if self.sweep_seconds > 0:
            self._sweeper = asyncio.create_task(self._sweep_forever())

    async def close(self) -> None:
        if self.endpoint is not None:
            await self.endpoint.stop()
        if self._sweeper is not None:
            self._sweeper.cancel()
        if self._catch_up is not None:
            self._catch_up.cancel()
        if self._gauntlets is not None:
            self._gauntlets.cancel()
        # the timed work ends before the database closes (at most 5 s): on PostgreSQL it gives
        # the timed work's lock and its connection back (bot.leader); still doing so while the
        # pool closed, it left that connection open
        if self._sweeper is not None:
            await asyncio.wait({self._sweeper}, timeout=5)
        # interactions being handled finish before the REST session closes (at most 5 s): a
        # command answered in time may still be sending its follow-up or reading its message
        me = asyncio.current_task()
        handlers = [t for t in asyncio.all_tasks()
                    if t is not me and not t.done() and t.get_name().startswith(INTERACTION_TASKS)]
        if handlers:
            await asyncio.wait(handlers, timeout=5)
        for _ in range(100):  # let a board/panel update under way finish (at most 5 s)
            if not self._inflight:
                break
            await asyncio.sleep(0.05)
        await super().close()
        if self._flusher is not None:
            self._flusher.cancel()
        if self.service is not None:
            try:
                await self.flush_published()
                if self.shared_panels is not None:
                    await self.shared_panels.flush()
            except Exception:
                log.exception("could not record what was published")
            await self.service.close()
            self.service = None

    async def duel_ended(self, duel_id: int) -> None:
        """The end of a duel was published: a Gauntlet run it was a stage of goes on."""
        try:
            await after_duel(self, duel_id)
        except Exception:  # the run is carried on at the next start (resume_gauntlets)
            log.exception("could not carry on the Gauntlet after duel #%d", duel_id)

    async def resume_runs(self) -> None:
        """When leading the timed work (several workers): Gauntlet runs whose stage ended,
        or whose next stage was not made, before a stop."""
        await resume_gauntlets(self)

    async def sweep_leagues(self) -> None:
        """At the clock sweep (Recovery.sweep): close the leagues' rounds whose days ran out."""
        await sweep_leagues(self)

    @property
    def svc(self) -> DuelService:
        assert self.service is not None
        return self.service

    async def reply_error(self, interaction: discord.Interaction, text: str) -> None:
        # shown literally: refusals quote what the user typed (names, decklist lines, answers)
        text = clip(shown(text), 2000)
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)

    async def fetch_channel_cached(self, channel_id: int) -> Any:
        """The channel from the gateway's cache, else fetched once and kept (another worker,
        or the process before a restart, made the duel's thread: this one never saw it)."""
        ch = self.get_channel(channel_id) or self._fetched_channels.get(channel_id)
        if ch is None:
            ch = self._fetched_channels[channel_id] = await self.fetch_channel(channel_id)
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

    def busy(self, interaction: discord.Interaction | None = None) -> "_Busy":
        """Marks work under way (an interaction being handled); close() waits for it.
        With the interaction, a failure inside is answered to the user (bot.failures)."""
        return _Busy(self, interaction)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Every interaction passes here first; a submitted "Type an answer…"
        form is answered from its raw data (see ``TypeButton.callback``)."""
        typed = typed_answer(interaction)
        exchanged = exchange_form(interaction)
        if typed is not None:
            await self.on_text(interaction, *typed)
        elif exchanged is not None:
            await self.on_exchange_form(interaction, *exchanged)
        elif gone_from_message(interaction):
            async with self.busy(interaction):
                await self.refuse(interaction, OUT_OF_DATE)


class _Busy:
    def __init__(self, bot: ManaburnBot, interaction: discord.Interaction | None = None) -> None:
        self.bot = bot
        self.answering = answering(interaction)

    async def __aenter__(self) -> None:
        self.bot._inflight += 1

    async def __aexit__(self, *exc: Any) -> bool:
        self.bot._inflight -= 1
        return await self.answering.__aexit__(*exc)


def run() -> int:
    """``manaburn bot``: token from DISCORD_TOKEN (never logged), database from MANABURN_DB."""
    token = os.environ.get("DISCORD_TOKEN")
    if not token:
        print("Set DISCORD_TOKEN to the bot's token (see README: Running the bot).")
        return 2
    db = os.environ.get("MANABURN_DB", "./manaburn.db")
    guild = os.environ.get("MANABURN_GUILD")
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    http = None
    if os.environ.get("MANABURN_HTTP"):  # "host:port": interactions over HTTP (docs/scaling.md)
        host, _, port = os.environ["MANABURN_HTTP"].rpartition(":")
        if not port.isdigit() or not os.environ.get("DISCORD_PUBLIC_KEY"):
            print("MANABURN_HTTP is host:port (e.g. 0.0.0.0:8080), and needs DISCORD_PUBLIC_KEY "
                  "(the application's public key, from the Developer Portal).")
            return 2
        http = (host or "0.0.0.0", int(port))
    if DuelService.shared_address(db):  # any number of workers share a PostgreSQL database (docs/scaling.md)
        ManaburnBot(db, int(guild) if guild else None, http=http,
                    public_key=os.environ.get("DISCORD_PUBLIC_KEY")).run(token, log_handler=None)
        return 0
    try:
        lock = hold_database(db)  # one bot per database (bot.process_lock), held until exit
    except AlreadyRunning as e:
        print(e)
        return 3
    with lock:
        bot = ManaburnBot(db, int(guild) if guild else None, http=http, public_key=os.environ.get("DISCORD_PUBLIC_KEY"))
        bot.run(token, log_handler=None)
    return 0
