"""The slash commands about duels and decks.

Top-level commands (:func:`register_commands` adds them to the tree): /challenge
(a duel, or a match with ``best_of``), /practice, /duels, /concede, /card, /stops,
/vacation, /profile, /ladder. They stay top-level rather than in a group because a
group would change what users type (/duel challenge instead of /challenge).
Groups: /duel (log, claim), /match (sideboard, concede) and /deck (import, list,
show, sideboard, delete; :mod:`bot.collection_commands` adds build, add and
remove to it). The collection and trade commands are in
:mod:`bot.collection_commands`, the league commands in :mod:`bot.league_commands`.

Each command reaches the bot as ``interaction.client`` and storage only through
the services (:mod:`bot.service`, :mod:`bot.collection_service`).
"""
from __future__ import annotations

import asyncio
import io
from collections import Counter
from typing import TYPE_CHECKING, Awaitable, Callable

import discord
from discord import app_commands

from engine import carddb
from engine.autopass import ALL_STOPS, parse_stops
from engine.players.computer import LEVELS
from engine.decks import PRECONS
from engine.formats import FORMATS
from engine.formats import describe as describe_formats
from engine.match import BEST_OF

from .collection_service import CollectionError
from .decklists import DecklistError, parse_deck
from .duel_log import duel_script, log_refusal
from .match_play import sideboard_panel
from .match_service import MatchRecord, best_of_text
from .panels import ShowControlsButton, card_text, challenge_view, clip
from .publishing import DM_HOWTO
from .service import VACATION_DAYS, DuelError, DuelService, Outcome
from .usertext import shown

if TYPE_CHECKING:  # pragma: no cover
    from .face import BotFace

MAX_ATTACHMENT = 256 * 1024
CLOCKS = {"1 hour": 3600, "4 hours": 4 * 3600, "12 hours": 12 * 3600, "1 day": 24 * 3600,
          "3 days": 72 * 3600, "7 days": 7 * 24 * 3600}


def _bot(interaction: discord.Interaction) -> "BotFace":
    return interaction.client  # type: ignore[return-value]


async def deck_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The decks offered for a slash-command option that names a deck: those whose
    name holds the text typed (so every deck is reached by typing part of its name;
    Discord shows 25), in the order of the deck menu (:func:`bot.panels.deck_view`):
    the player's saved decks then the preconstructed ones, the decks legal in the
    command's format first (its ``format`` option, or the format of the ``league``
    option's league), the others marked "not legal in ..."."""
    bot = _bot(interaction)
    fmt = getattr(interaction.namespace, "format", None)
    league = getattr(interaction.namespace, "league", None)
    try:
        if isinstance(league, int) and fmt is None:
            fmt = (await bot.svc.leagues.get(league)).format
        f = bot.svc.format_named(fmt)
    except DuelError:  # a league or format that is not there: the decks in the casual order
        f = bot.svc.format_named(None)
    menu = await bot.svc.deck_menu(str(interaction.user.id), f.name)
    return [app_commands.Choice(name=clip(n if not why else f"{n} (not legal in {f.title})", 100), value=n)
            for n, why in menu if current.lower() in n.lower()][:25]


async def card_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    cur = current.lower()
    names = [n for n in carddb.card_data() if cur in n.lower()]
    names.sort(key=lambda n: (not n.lower().startswith(cur), n))
    return [app_commands.Choice(name=n, value=n) for n in names[:25]]


async def duel_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    bot = _bot(interaction)
    recs = await bot.svc.duels_of(str(interaction.user.id), active_only=False)
    out = []
    for r in reversed(recs):
        label = f"#{r.id} {r.player_names[0]} vs {r.player_names[1]} ({r.status})"
        if current in label:
            out.append(app_commands.Choice(name=clip(label, 100), value=r.id))
    return out[:25]


async def duel_here(interaction: discord.Interaction, duel: int | None) -> int:
    bot = _bot(interaction)
    if duel is not None:
        return duel
    recs = await bot.svc.duels_of(str(interaction.user.id), active_only=False)
    ch = str(interaction.channel_id)
    for r in reversed(recs):  # the newest: a match plays all its games in one thread
        if r.thread_id == ch:
            return r.id
    if interaction.channel_id is not None and (here := await bot.svc.duel_in_thread(ch)) is not None:
        return here.id  # someone else's duel, asked about in its thread: the service says they do not play in it
    playing = [r for r in recs if r.status in ("mulligans", "playing")]
    if len(playing) == 1:
        return playing[0].id
    raise DuelError("Which duel? Give its number (see /duels), or use the command in the duel's thread.")


@app_commands.command(name="challenge", description="Challenge someone to a duel")
@app_commands.describe(opponent="who you challenge", deck="your deck (a saved or preconstructed deck)",
                       ante="play for ante (the winner keeps both ante cards)",
                       clock="time allowed for each decision",
                       ante_face_down="for ante: the ante cards stay face down until the end",
                       format="the format both decks must be legal in (default: casual)",
                       best_of="a match: the best of 3 or 5 games, sideboarding between them (default: one duel)")
@app_commands.autocomplete(deck=deck_autocomplete)
@app_commands.choices(clock=[app_commands.Choice(name=k, value=v) for k, v in CLOCKS.items()],
                      format=[app_commands.Choice(name=f.title, value=f.name) for f in FORMATS.values()],
                      best_of=[app_commands.Choice(name=str(n), value=n) for n in BEST_OF])
async def challenge(interaction: discord.Interaction, opponent: discord.User, deck: str | None = None,
                    ante: bool = False, clock: int = 24 * 3600, ante_face_down: bool = False,
                    format: str | None = None, best_of: int = 1) -> None:
    bot = _bot(interaction)
    if bot.user is not None and opponent.id == bot.user.id:
        if best_of > 1:
            await bot.reply_error(interaction, "Matches are played between people; /practice for a duel "
                                               "against the computer.")
            return
        if ante:
            await bot.reply_error(interaction, "The computer never plays for ante.")
            return
        await start_practice(interaction, deck, None, None)
        return
    if opponent.bot:
        await bot.reply_error(interaction, "Bots cannot duel.")
        return
    if (too_fast := await bot.svc.take_post(bot.posts, str(interaction.user.id))) is not None:
        await bot.reply_error(interaction, too_fast)
        return
    try:
        rec = await bot.svc.challenge(
            guild_id=str(interaction.guild_id) if interaction.guild_id else None,
            channel_id=str(interaction.channel_id), challenger=(str(interaction.user.id), interaction.user.display_name),
            opponent=(str(opponent.id), opponent.display_name), deck=deck, ante=ante, clock_seconds=clock,
            ante_face_up=not ante_face_down, format_name=format, best_of=best_of)
    except DuelError as e:
        await bot.svc.give_back_post(bot.posts, str(interaction.user.id))
        await bot.reply_error(interaction, str(e))
        return
    await interaction.response.send_message(
        f"<@{opponent.id}>, {shown(interaction.user.display_name)} challenges you to "
        + (f"a **{best_of_text(best_of)} match** (sideboards allowed between games)" if best_of > 1 else "a duel")
        + (" **for ante**" + (" (each game)" if best_of > 1 else "") if ante else "")
        + (f" in **{FORMATS[rec.options['format']].title}**" if rec.options.get("format", "casual") != "casual"
           else "")
        + f" (each decision: {_clock_name(clock)}). "
        f"The challenge expires <t:{rec.deadline}:R>.", view=challenge_view(rec.id))
    msg = await interaction.original_response()
    await bot.svc.set_challenge_message(rec.id, msg.id)


async def start_practice(interaction: discord.Interaction, deck: str | None, opponent_deck: str | None,
                         level: str | None) -> None:
    bot = _bot(interaction)
    uid = str(interaction.user.id)
    if (too_fast := await bot.svc.take_post(bot.posts, uid)) is not None:
        await bot.reply_error(interaction, too_fast)
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        await bot.svc.check_practice_room(uid)  # before anything is sent
        try:
            starting = await bot.dm(uid, "A duel against the computer is starting. Your controls will appear here.")
        except discord.Forbidden:
            raise DuelError("You cannot receive direct messages from me, so the duel cannot start. "
                            f"{DM_HOWTO}, then try again.") from None
        out = await bot.svc.practice(
            guild_id=str(interaction.guild_id) if interaction.guild_id else None,
            channel_id=str(interaction.channel_id), player=(uid, interaction.user.display_name),
            deck=deck, opponent_deck=opponent_deck, level=level)
    except DuelError as e:
        await bot.svc.give_back_post(bot.posts, uid)
        await bot.reply_error(interaction, str(e))
        return
    bot.starting_dm(out.live.record.id, out.live.record.player_ids.index(uid), starting)
    await bot.open_thread(out.live)
    await interaction.followup.send(f"Your duel against the computer is in <#{out.live.record.thread_id}>.",
                                    ephemeral=True)
    # from the start: what came before the first decision and the computer's first answers
    await bot.publish(Outcome(out.live, list(out.live.duel.game.events), out.finished))


@app_commands.command(name="practice", description="A duel against the computer")
@app_commands.describe(deck="your deck (a saved or preconstructed deck)",
                       opponent_deck="the computer's deck (default: a preconstructed deck)",
                       level="how well the computer plays (default: hard)")
@app_commands.autocomplete(deck=deck_autocomplete, opponent_deck=deck_autocomplete)
@app_commands.choices(level=[app_commands.Choice(name=lv, value=lv) for lv in LEVELS])
async def practice(interaction: discord.Interaction, deck: str | None = None, opponent_deck: str | None = None,
                   level: str | None = None) -> None:
    await start_practice(interaction, deck, opponent_deck, level)


@app_commands.command(name="duels", description="Your duels and whose move each is")
async def duels(interaction: discord.Interaction) -> None:
    bot = _bot(interaction)
    # acknowledged first: after a restart each duel listed is rebuilt from its log
    await interaction.response.defer(ephemeral=True)
    recs = await bot.svc.duels_of(str(interaction.user.id), active_only=True)
    between = [m for m in await bot.svc.matches.matches_of(str(interaction.user.id)) if m.status == "sideboarding"]
    if not recs and not between:
        await interaction.followup.send("You have no open duels. Use /challenge.", ephemeral=True)
        return
    lines = [f"Match #{m.id} {m.player_names[0]} vs {m.player_names[1]} — between games: `/match sideboard "
             f"match:{m.id}`" for m in between]
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


@app_commands.command(name="concede", description="Concede a duel")
@app_commands.autocomplete(duel=duel_autocomplete)
async def concede(interaction: discord.Interaction, duel: int | None = None) -> None:
    await end_duel(interaction, duel, lambda svc, duel_id, uid: svc.concede(duel_id, uid), "You conceded duel #{}.")


async def end_duel(interaction: discord.Interaction, duel: int | None,
                   how: Callable[[DuelService, int, str], Awaitable[Outcome]], said: str) -> None:
    """/concede and /duel claim: the duel ended *how*, *said* (with its number) to the
    one who asked, the end published."""
    bot = _bot(interaction)
    await interaction.response.defer(ephemeral=True)
    try:
        duel_id = await duel_here(interaction, duel)
        out = await how(bot.svc, duel_id, str(interaction.user.id))
    except DuelError as e:
        await bot.reply_error(interaction, str(e))
        return
    await interaction.followup.send(said.format(duel_id), ephemeral=True)
    await bot.publish(out)


@app_commands.command(name="card", description="Show a card's printed and Oracle text")
@app_commands.autocomplete(name=card_autocomplete)
async def card(interaction: discord.Interaction, name: str) -> None:
    await interaction.response.send_message(clip(card_text(name), 2000), ephemeral=True)


@app_commands.command(name="stops", description="Choose where the bot stops to ask you (like the MicroProse phase bar)")
@app_commands.describe(stops="comma-separated: " + ", ".join(ALL_STOPS)[:55] + "…, or 'default' or 'none'")
async def stops_cmd(interaction: discord.Interaction, stops: str | None = None) -> None:
    bot = _bot(interaction)
    uid = str(interaction.user.id)
    if stops is None:
        cur = await bot.svc.stops_of(uid)
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


class DuelGroup(app_commands.Group):
    """/duel log, /duel claim: about one duel."""

    def __init__(self) -> None:
        super().__init__(name="duel", description="About one duel")

    @app_commands.command(name="log", description="The whole duel as a duel script that manaburn script replays")
    @app_commands.autocomplete(duel=duel_autocomplete)
    async def duel_log(self, interaction: discord.Interaction, duel: int | None = None) -> None:
        bot = _bot(interaction)
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

    @app_commands.command(name="claim", description="Claim the win when your opponent's clock has run out")
    @app_commands.autocomplete(duel=duel_autocomplete)
    async def duel_claim(self, interaction: discord.Interaction, duel: int | None = None) -> None:
        await end_duel(interaction, duel, lambda svc, duel_id, uid: svc.claim(duel_id, uid), "You win duel #{} on time.")


@app_commands.command(name="vacation", description="Stop your clocks in every duel and match for some days")
@app_commands.describe(days=f"how many days (at most {VACATION_DAYS} a month)")
async def vacation(interaction: discord.Interaction, days: app_commands.Range[int, 1, VACATION_DAYS]) -> None:
    bot = _bot(interaction)
    uid = str(interaction.user.id)
    await interaction.response.defer(ephemeral=True)
    try:
        ends, moved, sideboarding = await bot.svc.vacation(uid, days)
    except DuelError as e:
        await bot.reply_error(interaction, str(e))
        return
    await interaction.followup.send(
        f"You are on vacation until <t:{ends}:f>: your clocks stop until then ({len(moved)} duel"
        f"{'s' * (len(moved) != 1)} waiting for you, {len(sideboarding)} match{'es' * (len(sideboarding) != 1)} "
        "waiting for your deck). League rounds wait for no one: their days still run.", ephemeral=True)
    for live in moved:  # the opponent sees it on the board and in the thread
        rec = live.record
        if not rec.thread_id:
            continue
        try:
            async with bot.publishing(rec.id):
                thread = await bot.fetch_channel_cached(int(rec.thread_id))
                await bot.show_board(thread, live)
                name = rec.player_names[rec.player_ids.index(uid)]
                await thread.send(f"{name} is on vacation until <t:{ends}:f>: their clock is stopped until then.")
        except discord.HTTPException:
            pass
    for m in sideboarding:
        if m.thread_id:
            try:
                thread = await bot.fetch_channel_cached(int(m.thread_id))
                name = m.player_names[m.player_ids.index(uid)]
                await thread.send(f"{name} is on vacation until <t:{ends}:f>: the next game of match #{m.id} waits "
                                  f"(it starts <t:{m.deadline}:R> at the latest).")
            except discord.HTTPException:
                pass


@app_commands.command(name="profile", description="A player's ratings, record, favourite decks and recent matches")
@app_commands.describe(player="whose profile (default: yours)")
async def profile(interaction: discord.Interaction, player: discord.User | None = None) -> None:
    bot = _bot(interaction)
    who = player or interaction.user
    uid = str(who.id)
    ratings = await bot.svc.ratings.ratings_of(uid)
    lines = [f"**{who.display_name}**"]
    if not ratings:
        lines.append("No rated matches yet (matches and duels between people are rated; not against the computer).")
    favourites = await bot.svc.ratings.favourites(uid)
    for r in ratings:
        lines.append(f"{FORMATS[r.format].title if r.format in FORMATS else r.format}: rating {r.rating:.0f} "
                     f"(±{2 * r.rd:.0f}), {r.wins} won, {r.losses} lost, {r.draws} drawn")
        if favourites.get(r.format):
            lines.append("  favourite decks: " + ", ".join(f"{shown(name, 40)} ({n} rated)"
                                                           for name, n in favourites[r.format]))
    recent = await bot.svc.ratings.recent(uid)
    if recent:
        lines.append("Recent:")
        for m in recent:
            me = m.players.index(uid)
            other = m.players[1 - me]
            score = m.score0 if me == 0 else 1 - m.score0
            how = {1.0: "won", 0.0: "lost"}.get(score, "drew")
            what = f"match #{m.match_id}" if m.match_id else f"duel #{m.duel_id}"
            lines.append(f"- {what}: {how} against <@{other}> ({m.format}), {m.before[me]:.0f} → {m.after[me]:.0f}")
    await interaction.response.send_message(clip("\n".join(lines), 2000), ephemeral=True,
                                            allowed_mentions=discord.AllowedMentions.none())


@app_commands.command(name="ladder", description="This server's best rated players in a format")
@app_commands.choices(format=[app_commands.Choice(name=f.title, value=f.name) for f in FORMATS.values()])
async def ladder(interaction: discord.Interaction, format: str = "casual") -> None:
    bot = _bot(interaction)
    if interaction.guild_id is None:
        await bot.reply_error(interaction, "The ladder is a server's: use it in a server.")
        return
    rows = await bot.svc.ratings.ladder(str(interaction.guild_id), format)
    if not rows:
        await interaction.response.send_message(f"No rated matches in {FORMATS[format].title} here yet.",
                                                ephemeral=True)
        return
    lines = [f"**{FORMATS[format].title} ladder**"]
    lines += [f"{i}. <@{r.user_id}> {r.rating:.0f} (±{2 * r.rd:.0f}), {r.wins}-{r.losses}-{r.draws}"
              for i, r in enumerate(rows, 1)]
    await interaction.response.send_message(clip("\n".join(lines), 2000), ephemeral=True,
                                            allowed_mentions=discord.AllowedMentions.none())


class MatchGroup(app_commands.Group):
    """/match sideboard, /match concede: about one match (best of 3 or 5)."""

    def __init__(self) -> None:
        super().__init__(name="match", description="About one match")

    @app_commands.command(name="sideboard", description="Your sideboarding panel between the games of a match")
    @app_commands.describe(match="the match's number (default: your match between games)")
    async def match_sideboard(self, interaction: discord.Interaction, match: int | None = None) -> None:
        bot = _bot(interaction)
        uid = str(interaction.user.id)
        try:
            m = await match_here(interaction, match)
            if m.status != "sideboarding":
                raise DuelError(f"Match #{m.id} is not between games.")
        except DuelError as e:
            await bot.reply_error(interaction, str(e))
            return
        content, view = sideboard_panel(m, m.player_ids.index(uid))
        if view is None:
            await interaction.response.send_message(content, ephemeral=True)
        else:
            await interaction.response.send_message(content, view=view, ephemeral=True)

    @app_commands.command(name="concede", description="Concede a whole match (the game under way with it)")
    @app_commands.describe(match="the match's number (default: the match of this thread, or your only one)")
    async def match_concede(self, interaction: discord.Interaction, match: int | None = None) -> None:
        bot = _bot(interaction)
        uid = str(interaction.user.id)
        await interaction.response.defer(ephemeral=True)
        try:
            m = await match_here(interaction, match)
            games = await bot.svc.matches.games(m.id)
            m, out = await bot.svc.matches.concede(games[-1], uid)
        except DuelError as e:
            await bot.reply_error(interaction, str(e))
            return
        await interaction.followup.send(f"You conceded match #{m.id}.", ephemeral=True)
        if out is not None:  # the game under way: its end, and the match's, published as a duel's
            await bot.publish(out)
        else:
            await bot.after_game_of(m)


async def match_here(interaction: discord.Interaction, match: int | None) -> MatchRecord:
    """The match asked about: by number, else the one played in this thread, else the
    user's only match under way; DuelError if none (or several)."""
    bot = _bot(interaction)
    uid = str(interaction.user.id)
    if match is not None:
        m = await bot.svc.matches.get(match)
        if uid not in m.player_ids:
            raise DuelError("You are not playing in this match.")
        return m
    mine = await bot.svc.matches.matches_of(uid)
    here = [m for m in mine if m.thread_id == str(interaction.channel_id)]
    if len(here) == 1:
        return here[0]
    if len(mine) == 1:
        return mine[0]
    raise DuelError("Which match? Give its number, or use the command in the match's thread."
                    if mine else "You have no match under way.")


class DeckGroup(app_commands.Group):
    """/deck import, list, show, delete: saved decks."""

    def __init__(self) -> None:
        super().__init__(name="deck", description="Your saved decks")

    @app_commands.command(name="import", description="Save a decklist ('4 Lightning Bolt' per line, or a Cockatrice .cod file)")
    async def deck_import(self, interaction: discord.Interaction, name: str, decklist: str | None = None,
                          file: discord.Attachment | None = None) -> None:
        bot = _bot(interaction)
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
        def read() -> tuple[list[str], list[str], list[str]]:
            parsed = parse_deck(raw)
            cards, side = parsed.main, parsed.sideboard
            bot.svc.validate_deck(cards, side=side)
            return cards, side, describe_formats(cards, sideboard=side)
        try:
            # off the event loop: reading 256 KB of text (or XML) and checking 500 names (unknown
            # ones are searched for close matches) must not hold up every other player
            cards, side, legal_lines = await asyncio.to_thread(read)
            saved = await bot.svc.save_deck(str(interaction.user.id), name, cards, side)
        except (DecklistError, DuelError, ValueError) as e:
            await bot.reply_error(interaction, str(e))
            return
        missing = await bot.svc.collections.missing_text(str(interaction.user.id), cards, unlocked_only=False)
        note = (f" Not in your collection: {missing} — fine for casual duels; a duel for ante needs them."
                if missing else " Every card is in your collection: it can be played for ante.")
        legal = "\n".join(legal_lines)
        sb = f" and a sideboard of {len(side)}" if side else ""
        await interaction.followup.send(clip(f"Saved deck '{shown(saved.name)}' ({len(cards)} cards{sb}).{note}\n{legal}",
                                             2000), ephemeral=True)

    @app_commands.command(name="list", description="Your saved decks and the preconstructed ones")
    async def deck_list(self, interaction: discord.Interaction) -> None:
        bot = _bot(interaction)
        mine = await bot.svc.saved_decks(str(interaction.user.id))
        text = ("Your decks: " + (", ".join(f"{shown(d.name)} ({len(d.cards)})" for d in mine) or "none")
                + "\nPreconstructed: " + ", ".join(sorted(PRECONS)))
        await interaction.response.send_message(text, ephemeral=True)

    @app_commands.command(name="show", description="Show a deck")
    @app_commands.autocomplete(name=deck_autocomplete)
    async def deck_show(self, interaction: discord.Interaction, name: str) -> None:
        bot = _bot(interaction)
        try:
            real, cards, side = await bot.svc.resolve_deck(str(interaction.user.id), name)
        except DuelError as e:
            await bot.reply_error(interaction, str(e))
            return
        text = (f"**{shown(real)}** ({len(cards)} cards)\n" + "\n".join(describe_formats(cards, sideboard=side)) + "\n\n"
                + counted(cards) + (f"\n\nSideboard ({len(side)}):\n" + counted(side) if side else ""))
        await interaction.response.send_message(clip(text, 2000), ephemeral=True)

    @app_commands.command(name="sideboard", description="Show or change the sideboard of one of your saved decks")
    @app_commands.describe(name="the deck", add="cards to add, e.g. 2 Shatter, Fireball",
                           remove="cards to take out of the sideboard, the same way")
    @app_commands.autocomplete(name=deck_autocomplete)
    async def deck_sideboard(self, interaction: discord.Interaction, name: str, add: str | None = None,
                             remove: str | None = None) -> None:
        bot = _bot(interaction)
        uid = str(interaction.user.id)
        try:
            if add or remove:
                saved = await bot.svc.edit_sideboard(uid, name, _card_list(bot, add), _card_list(bot, remove))
                real, cards, side = saved.name, list(saved.cards), list(saved.sideboard)
            else:
                real, cards, side = await bot.svc.resolve_deck(uid, name)
        except DuelError as e:
            await bot.reply_error(interaction, str(e))
            return
        text = (f"**{shown(real)}**: sideboard of {len(side)}" + (":\n" + counted(side) if side else "")
                + "\n" + "\n".join(describe_formats(cards, sideboard=side)))
        await interaction.response.send_message(clip(text, 2000), ephemeral=True)

    @app_commands.command(name="delete", description="Delete one of your saved decks")
    @app_commands.autocomplete(name=deck_autocomplete)
    async def deck_delete(self, interaction: discord.Interaction, name: str) -> None:
        bot = _bot(interaction)
        try:
            ok = await bot.svc.delete_deck(str(interaction.user.id), name)
        except ValueError as e:  # no deck has such a name (too long, control characters)
            await bot.reply_error(interaction, f"You have no saved deck called {clip(name, 80)!r}: {e}.")
            return
        if not ok:
            await bot.reply_error(interaction, f"You have no saved deck called {clip(name, 80)!r}.")
            return
        await interaction.response.send_message(f"Deleted '{shown(name.strip(), 80)}'.", ephemeral=True)


def register_commands(tree: app_commands.CommandTree) -> None:
    """The duel and deck commands on *tree* (a new group instance per tree)."""
    for command in (challenge, practice, duels, concede, card, stops_cmd, profile, ladder, vacation):
        tree.add_command(command)
    tree.add_command(DuelGroup())
    tree.add_command(DeckGroup())
    tree.add_command(MatchGroup())


def counted(cards: list[str]) -> str:
    """``4 Lightning Bolt`` lines, by name."""
    return "\n".join(f"{n} {c}" for c, n in sorted(Counter(cards).items()))


def _card_list(bot: "ManaburnBot", text: str | None) -> list[str]:
    """Card names from ``2 Shatter, Fireball`` (DuelError for an unknown card)."""
    if not text or not text.strip():
        return []
    try:
        return bot.svc.collections.parse_cards(text)
    except CollectionError as e:
        raise DuelError(str(e)) from None


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
