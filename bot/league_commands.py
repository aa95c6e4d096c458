"""Leagues on Discord: the /league commands, each table's Accept button, and
the sweep that closes rounds whose days ran out (:class:`bot.league_service.LeagueService`
holds the rules; this is glue).

Organisers are members with Manage Server, or with the role the server set
with ``/league role``.
"""
from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from engine.formats import FORMATS
from engine.match import BEST_OF

from .commands import deck_autocomplete
from .errors import DuelError
from .face import BotFace
from .league_service import RULES, TOP8_RULES, LeagueRecord, RoundClosed, Table, scored
from .match_service import MatchRecord, best_of_text
from .panels import clip
from .rating_service import score_of_games
from .service import Outcome
from .usertext import shown

log = logging.getLogger("manaburn.bot")


def _bot(interaction: discord.Interaction) -> BotFace:
    return interaction.client  # type: ignore[return-value]


class LeagueAcceptButton(discord.ui.DynamicItem[discord.ui.Button],
                         template=r"mb:la:(?P<league>\d+):(?P<round>\d+):(?P<table>\d+)"):
    """A league table's Accept (for its two players)."""

    def __init__(self, league_id: int, round_no: int, table_no: int) -> None:
        super().__init__(discord.ui.Button(label="Accept", style=discord.ButtonStyle.success,
                                           custom_id=f"mb:la:{league_id}:{round_no}:{table_no}"))
        self.league_id, self.round_no, self.table_no = league_id, round_no, table_no

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Any) -> "LeagueAcceptButton":
        return cls(int(match["league"]), int(match["round"]), int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await on_league_accept(interaction, self.league_id, self.round_no, self.table_no)


LEAGUE_ITEMS = (LeagueAcceptButton,)


def rated_as(m: MatchRecord) -> str:
    """How a match stopped when its round closed was rated (see RatingService.after_scored)."""
    score0 = score_of_games(scored(m))
    if score0 is None:
        return "Not rated: no game ended."
    if score0 == 0.5:
        return "Rated as a draw."
    return f"Rated as a win for {m.player_names[0 if score0 == 1 else 1]}."


def _who(user_id: str | None) -> str:
    return f"<@{user_id}>" if user_id else "—"


async def on_league_accept(interaction: discord.Interaction, league_id: int, round_no: int, table_no: int) -> None:
    bot = _bot(interaction)
    async with bot.busy(interaction):
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            table, started = await bot.svc.leagues.accept(league_id, round_no, table_no, str(interaction.user.id))
        except DuelError as e:
            await bot.reply_error(interaction, str(e))
            return
        if started is None:
            await interaction.followup.send("Accepted: the match starts when your opponent accepts too.",
                                            ephemeral=True)
            return
        m, live = started
        await bot.open_thread(live)
        await interaction.followup.send(f"Your match is in <#{live.record.thread_id}>.", ephemeral=True)
        await bot.publish(Outcome(live, list(live.duel.game.events)))


async def post_tables(bot: BotFace, league: LeagueRecord, tables: list[Table]) -> None:
    """A round's tables in the league's channel: one message per match, with Accept."""
    ch = await bot.fetch_channel_cached(int(league.channel_id))
    ends = f" (the round ends <t:{league.round_ends}:R>)" if league.round_ends else ""
    stage = (f"round {league.round} of {league.rounds}" if league.round <= league.rounds
             else f"top {2 * len(tables)}, single elimination")
    await ch.send(f"**League #{league.id} {shown(league.name)}: {stage}**{ends}.")
    for t in tables:
        if t.bye:
            await ch.send(f"League #{league.id}, round {t.round}: {_who(t.players[0])} has a bye (a 2-0 win).")
            continue
        view = discord.ui.View(timeout=None)
        view.add_item(LeagueAcceptButton(league.id, t.round, t.table))
        msg = await ch.send(f"League #{league.id}, round {t.round}, table {t.table}: {_who(t.players[0])} vs "
                            f"{_who(t.players[1])}, {best_of_text(league.best_of)}. Both press Accept to begin.",
                            view=view)
        await bot.svc.leagues.set_table_message(league.id, t.round, t.table, msg.id)


async def standings_text(bot: BotFace, league_id: int) -> str:
    league = await bot.svc.leagues.get(league_id)
    names = {p.user_id: p.name for p in await bot.svc.leagues.players(league_id)}
    done = min(league.rounds, league.round - (1 if league.round_ends else 0))
    lines = [f"**League #{league.id} {shown(league.name)}** ({FORMATS[league.format].title}), after round "
             f"{done} of {league.rounds}:",
             "```", f"{'#':>2} {'player':<20} {'pts':>3} {'W-L-D':>6} {'OMW%':>6} {'GW%':>6} {'OGW%':>6}"]
    for s in await bot.svc.leagues.standings(league_id):
        w, lo, d = s.record
        drop = " (dropped)" if s.dropped else ""
        lines.append(f"{s.rank:>2} {clip(names.get(s.player, s.player) + drop, 20):<20} {s.match_points:>3} "
                     f"{f'{w}-{lo}-{d}':>6} {s.omw * 100:>6.2f} {s.gw * 100:>6.2f} {s.ogw * 100:>6.2f}")
    lines.append("```")
    return clip("\n".join(lines), 2000)


class LeagueGroup(app_commands.Group):
    """/league create, join, drop, start, standings, pairings, role."""

    def __init__(self) -> None:
        super().__init__(name="league", description="Swiss leagues over days")

    @staticmethod
    async def _organiser(interaction: discord.Interaction) -> bool:
        perms = interaction.permissions
        if perms.manage_guild or perms.administrator:
            return True
        role = await _bot(interaction).svc.leagues.organiser_role(str(interaction.guild_id))
        roles = getattr(interaction.user, "roles", [])
        return role is not None and any(str(r.id) == role for r in roles)

    @app_commands.command(name="create", description="Create a league (organisers)")
    @app_commands.describe(format="the format every deck must be legal in", rounds="Swiss rounds",
                           round_days="days each round lasts", best_of="games per match (default 3)",
                           name="the league's name", top8="a single-elimination top 8 after the Swiss rounds")
    @app_commands.choices(format=[app_commands.Choice(name=f.title, value=f.name) for f in FORMATS.values()],
                          best_of=[app_commands.Choice(name=str(n), value=n) for n in BEST_OF])
    async def create(self, interaction: discord.Interaction, format: str, rounds: app_commands.Range[int, 1, 20],
                     round_days: app_commands.Range[int, 1, 60], best_of: int = 3, name: str = "",
                     top8: bool = False) -> None:
        bot = _bot(interaction)
        if interaction.guild_id is None:
            await bot.reply_error(interaction, "Leagues are run in a server.")
            return
        if not await self._organiser(interaction):
            await bot.reply_error(interaction, "Only organisers (Manage Server, or the role set with /league role) "
                                               "can create a league.")
            return
        try:
            league = await bot.svc.leagues.create(
                guild_id=str(interaction.guild_id), channel_id=str(interaction.channel_id),
                organiser_id=str(interaction.user.id), name=name, format_name=format, rounds=rounds,
                round_days=round_days, best_of=best_of, top8=top8)
        except DuelError as e:
            await bot.reply_error(interaction, str(e))
            return
        await interaction.response.send_message(
            f"**League #{league.id} {shown(league.name)}**: {FORMATS[league.format].title}, {league.rounds} rounds of "
            f"{league.round_days} days, each match {best_of_text(league.best_of)}"
            + (", then a top 8" if league.top8 else "") + f". Join with `/league join league:{league.id} deck:...`.\n"
            + RULES + (TOP8_RULES if league.top8 else ""))

    @app_commands.command(name="join", description="Join a league with one of your decks")
    @app_commands.describe(league="the league's number", deck="your deck (with its sideboard)")
    @app_commands.autocomplete(deck=deck_autocomplete)
    async def join(self, interaction: discord.Interaction, league: int, deck: str) -> None:
        bot = _bot(interaction)
        try:
            rec = await bot.svc.leagues.join(league, str(interaction.user.id), interaction.user.display_name, deck)
        except DuelError as e:
            await bot.reply_error(interaction, str(e))
            return
        await interaction.response.send_message(
            f"You joined league #{rec.id} {shown(rec.name)} with {shown(deck, 64)!r}. The rules: {RULES}", ephemeral=True)

    @app_commands.command(name="drop", description="Leave a league (you are not paired again)")
    async def drop(self, interaction: discord.Interaction, league: int) -> None:
        bot = _bot(interaction)
        try:
            rec = await bot.svc.leagues.drop(league, str(interaction.user.id))
        except DuelError as e:
            await bot.reply_error(interaction, str(e))
            return
        await interaction.response.send_message(
            f"You dropped from league #{rec.id}: you are not paired in later rounds"
            + (" (your match of this round still counts)." if rec.round_ends else "."), ephemeral=True)

    @app_commands.command(name="start", description="Pair round 1 and begin (organisers)")
    async def start(self, interaction: discord.Interaction, league: int) -> None:
        bot = _bot(interaction)
        if not await self._organiser(interaction):
            await bot.reply_error(interaction, "Only organisers can start a league.")
            return
        await interaction.response.defer(ephemeral=True)
        try:
            tables = await bot.svc.leagues.start(league)
            rec = await bot.svc.leagues.get(league)
        except DuelError as e:
            await bot.reply_error(interaction, str(e))
            return
        await post_tables(bot, rec, tables)
        await interaction.followup.send(f"League #{league}: round 1 is paired.", ephemeral=True)

    @app_commands.command(name="standings", description="A league's standings")
    async def standings(self, interaction: discord.Interaction, league: int) -> None:
        bot = _bot(interaction)
        try:
            text = await standings_text(bot, league)
        except DuelError as e:
            await bot.reply_error(interaction, str(e))
            return
        await interaction.response.send_message(text, ephemeral=True)

    @app_commands.command(name="pairings", description="A round's pairings (default: the current round)")
    async def pairings(self, interaction: discord.Interaction, league: int, round: int | None = None) -> None:
        bot = _bot(interaction)
        try:
            rec = await bot.svc.leagues.get(league)
            tables = await bot.svc.leagues.tables(league, round or rec.round)
        except DuelError as e:
            await bot.reply_error(interaction, str(e))
            return
        names = {p.user_id: p.name for p in await bot.svc.leagues.players(league)}
        lines = [f"League #{league}, round {round or rec.round}:"]
        for t in tables:
            a, b = names.get(t.players[0], "?"), names.get(t.players[1] or "", "")
            if t.bye:
                lines.append(f"{a}: bye")
                continue
            state = (f"{t.wins[0]}-{t.wins[1]}" + (f"-{t.draws}" if t.draws else "") if t.closed
                     else "playing" if t.match_id else "waiting for both to accept")
            lines.append(f"table {t.table}: {a} vs {b} — {state}")
        await interaction.response.send_message(clip("\n".join(lines), 2000), ephemeral=True)

    @app_commands.command(name="role", description="The role whose members may organise leagues (Manage Server)")
    async def role(self, interaction: discord.Interaction, role: discord.Role | None = None) -> None:
        bot = _bot(interaction)
        perms = interaction.permissions
        if interaction.guild_id is None or not (perms.manage_guild or perms.administrator):
            await bot.reply_error(interaction, "Only members with Manage Server can set the organiser role.")
            return
        await bot.svc.leagues.set_organiser_role(str(interaction.guild_id), str(role.id) if role else None)
        await interaction.response.send_message(
            f"League organisers: members with Manage Server{' and the role ' + role.name if role else ''}.",
            ephemeral=True, allowed_mentions=discord.AllowedMentions.none())


async def announce_closed(bot: BotFace, closed: RoundClosed) -> None:
    """A closed round in the league's channel (its scores, the stopped matches told in
    their threads), then the next round's tables or the final standings."""
    league = closed.league
    ch = await bot.fetch_channel_cached(int(league.channel_id))
    names = {p.user_id: p.name for p in await bot.svc.leagues.players(league.id)}
    stage = f"round {closed.round}" if closed.round <= league.rounds else f"top {2 * len(closed.scored)}"
    lines = [f"**League #{league.id}: {stage} is closed.**"]
    for t in closed.scored:
        if t.bye:
            lines.append(f"{names.get(t.players[0])}: bye")
        else:
            lines.append(f"{names.get(t.players[0])} {t.wins[0]} – {names.get(t.players[1] or '')} {t.wins[1]}"
                         + (f", {t.draws} drawn" if t.draws else "") + ("" if t.match_id else " (never begun)"))
    await ch.send(clip("\n".join(lines), 2000))
    for m in closed.stopped:
        if m.thread_id:
            try:
                thread = await bot.fetch_channel_cached(int(m.thread_id))
                await thread.send(f"League round {closed.round} is over: match #{m.id} is scored as it stands, "
                                  f"{m.player_names[0]} {m.wins[0]} – {m.player_names[1]} {m.wins[1]}; the game under "
                                  f"way counts for no one. {rated_as(m)}")
            except discord.HTTPException:
                pass
    if closed.round == league.rounds:  # the Swiss is over: its standings (the top 8 follows, if any)
        await ch.send(await standings_text(bot, league.id))
    if closed.next_tables:
        await post_tables(bot, league, closed.next_tables)
    elif closed.champion is not None:
        await ch.send(f"**<@{closed.champion}> wins league #{league.id} {shown(league.name)}!**")


async def sweep_leagues(bot: BotFace) -> None:
    for closed in await bot.svc.leagues.close_due():
        try:
            await announce_closed(bot, closed)
        except Exception:
            log.exception("could not announce the close of league #%d's round", closed.league.id)


def register_league_commands(tree: app_commands.CommandTree) -> None:
    tree.add_command(LeagueGroup())
