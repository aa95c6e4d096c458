"""``/gauntlet start`` and ``/gauntlet top``, and carrying a run from stage to stage.

A run has one thread (opened by ``/gauntlet start`` in the channel it was
asked in); each stage's deck is announced there before its duel starts, and
each stage's duel is played there like a ``/practice`` duel (board, log, the
panel in direct messages). When a stage's duel ends (:func:`after_duel`, called
when the end is published, and at start-up for what a stop left undone) its
result is recorded once and the next stage starts, or the run's score is
said. The rules of the Gauntlet are in :mod:`bot.gauntlet_service`.
"""
from __future__ import annotations

import logging

import discord
from discord import app_commands

from engine.players.computer import LEVELS
from engine.formats import FORMATS

from .commands import deck_autocomplete
from .face import BotFace
from .panels import clip
from .publishing import DM_HOWTO, LONGEST_ARCHIVE
from .gauntlet_service import GauntletRun, GauntletService
from .service import DuelError, Outcome, seed_hash

log = logging.getLogger("manaburn.gauntlet")


def gauntlet_of(bot: BotFace) -> GauntletService:
    """The bot's Gauntlet service (one per duel service: it holds the runs' locks)."""
    g = getattr(bot, "_gauntlet", None)
    if g is None or g.svc is not bot.svc:
        g = GauntletService(bot.svc)
        bot._gauntlet = g  # type: ignore[attr-defined]
    return g


async def thread_of(bot: BotFace, run: GauntletRun) -> discord.abc.Messageable | None:
    if run.thread_id is None:
        return None
    return await bot.fetch_channel_cached(int(run.thread_id))  # type: ignore[no-any-return]


async def begin_stage(bot: BotFace, run_id: int) -> None:
    """Announce the run's next stage in its thread, then start and publish its duel (once:
    a publish and the start-up recovery may both get here)."""
    g = gauntlet_of(bot)
    async with g.lock(run_id):
        run = await g.get(run_id)
        if run is None or run.status != "running" or run.duel_id is not None:
            return
        st = g.stage_of(run)
        if st is None:
            return
        thread = await thread_of(bot, run)
        if thread is not None:
            await thread.send(f"**{st.announcement(run.level)}**" + (" Played for ante." if run.ante else ""))
        try:
            started = await g.start_stage(run_id)
        except DuelError as e:  # for ante, the deck's cards are no longer all free
            if thread is not None:
                await thread.send(clip(f"The stage cannot start: {e} The run waits; it goes on when the bot "
                                       "next starts.", 2000))
            return
    if started is None:
        return
    run, out = started
    rec = out.live.record
    bot._panels_known.update({(rec.id, 0), (rec.id, 1)})  # no panel of the new duel was ever sent
    if thread is not None:
        await thread.send(f"Duel #{rec.id} begins: <@{rec.player_ids[0]}> vs the computer ({run.level})"
                          + (" — **for ante**" if out.live.duel.options.ante else "")
                          + f". Seed hash `{seed_hash(rec.seed)}` (the seed is revealed at the end).")
    await bot.publish(Outcome(out.live, list(out.live.duel.game.events), out.finished))


async def after_duel(bot: BotFace, duel_id: int) -> None:
    """A duel's end was published: if it was a run's stage, its result counts (once) and
    the run goes on to its next stage, or ends with its score."""
    g = gauntlet_of(bot)
    done = await g.stage_over(duel_id)
    if done is None:
        return
    run, won = done
    thread = await thread_of(bot, run)
    total = len(run.opponents)
    if run.status == "complete":
        text = (f"🏆 <@{run.player_id}> has beaten all {total} decks with {run.deck_name}: the Gauntlet is won! "
                "(/gauntlet top)")
    elif run.status == "lost":
        beaten_by = run.opponents[run.wins]
        text = (f"The Gauntlet is over: {beaten_by} beat <@{run.player_id}>. Score: **{run.wins} of {total}** "
                "(/gauntlet top: the best runs).")
    else:
        text = f"<@{run.player_id}> beat {run.opponents[run.wins - 1]}: {run.wins} of {total} won."
    if thread is not None:
        await thread.send(text)
    if run.status == "running":
        await begin_stage(bot, run.id)


async def resume_gauntlets(bot: BotFace) -> None:
    """At start-up: runs whose stage ended, or whose next stage was never made, go on."""
    for run, duel_id in await gauntlet_of(bot).unfinished_business():
        try:
            if duel_id is None:
                await begin_stage(bot, run.id)
            else:
                await after_duel(bot, duel_id)
        except Exception:
            log.exception("could not carry on Gauntlet run #%d", run.id)


class GauntletGroup(app_commands.Group):
    """/gauntlet start, /gauntlet top."""

    def __init__(self) -> None:
        # in a server only: a run has a thread of its own
        super().__init__(name="gauntlet", description="The Gauntlet: your deck against every other deck in turn",
                         guild_only=True)

    @app_commands.command(name="start", description="Start a Gauntlet run: every preconstructed deck in turn "
                                                    "until you lose")
    @app_commands.describe(deck="your deck (a saved or preconstructed deck)",
                           level="how well the computer plays (default: hard)",
                           format="the format (default: casual): the opponents are the decks legal in it")
    @app_commands.autocomplete(deck=deck_autocomplete)
    @app_commands.choices(level=[app_commands.Choice(name=lv, value=lv) for lv in LEVELS],
                          format=[app_commands.Choice(name=f.title, value=f.name) for f in FORMATS.values()])
    async def start(self, interaction: discord.Interaction, deck: str | None = None, level: str | None = None,
                    format: str | None = None) -> None:
        bot: BotFace = interaction.client  # type: ignore[assignment]
        uid = str(interaction.user.id)
        if (too_fast := await bot.svc.take_post(bot.posts, uid)) is not None:
            await bot.reply_error(interaction, too_fast)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        g = gauntlet_of(bot)
        name = interaction.user.display_name

        async def open_thread(deck_name: str) -> str:
            channel = await bot.fetch_channel_cached(int(interaction.channel_id or 0))
            try:
                made = await channel.create_thread(name=clip(f"Gauntlet: {name} with {deck_name}", 100),
                                                   type=discord.ChannelType.public_thread,
                                                   auto_archive_duration=LONGEST_ARCHIVE)
            except (AttributeError, discord.HTTPException):  # a thread, a channel without threads
                raise DuelError("A Gauntlet needs a thread of its own: start it in a text channel where "
                                "I can open threads.") from None
            return str(made.id)
        try:
            try:
                await bot.dm(uid, "Your Gauntlet is starting. Your controls for each duel will appear here.")
            except discord.Forbidden:
                raise DuelError("You cannot receive direct messages from me, so your duels cannot be played. "
                                f"{DM_HOWTO}, then try again.") from None
            run = await g.start(guild_id=str(interaction.guild_id) if interaction.guild_id else None,
                                channel_id=str(interaction.channel_id), player=(uid, name),
                                deck=deck, level=level, format_name=format, open_thread=open_thread)
        except DuelError as e:
            await bot.svc.give_back_post(bot.posts, uid)
            await bot.reply_error(interaction, str(e))
            return
        thread = await bot.fetch_channel_cached(int(run.thread_id or 0))
        await thread.send(clip(f"<@{uid}> runs the Gauntlet with **{run.deck_name}** against {len(run.opponents)} "
                               f"decks (level {run.level}" + (", **for ante**" if run.ante else "") + "). "
                               "One loss ends the run; the duels won are the score.", 2000))
        await interaction.followup.send(f"Your Gauntlet is in <#{thread.id}>.", ephemeral=True)
        await begin_stage(bot, run.id)

    @app_commands.command(name="top", description="This server's best Gauntlet runs per format and level")
    async def top(self, interaction: discord.Interaction) -> None:
        bot: BotFace = interaction.client  # type: ignore[assignment]
        text = await gauntlet_of(bot).top_text(str(interaction.guild_id) if interaction.guild_id else None)
        await interaction.response.send_message(clip(text, 2000), ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())
