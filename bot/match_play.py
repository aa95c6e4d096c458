"""Matches on Discord: the match's lines in its thread (the score after each game,
the next game, the end), each player's sideboarding panel in DMs between games
(**Exchange cards…** opens a form, **Ready** confirms the deck), and their
persistent components.

:class:`MatchPlay` is one part of :class:`bot.app.ManaburnBot` (a mixin). The
rules between games are :mod:`engine.match`'s and the service is
:class:`bot.match_service.MatchService`: this is glue.

A sideboarding panel's custom ids carry the match and the number of games
played when it was made: a click on a panel of an earlier break is "out of
date"; they keep working after a restart.
"""
from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any

import discord

from .errors import DuelError
from .match_service import MatchRecord, best_of_text, deck_text, score_of
from .panels import clip, first_text_value
from .publishing import Publisher
from .service import Live, Outcome

log = logging.getLogger("manaburn.bot")

SIDEBOARD_OUT_OF_DATE = "That panel is out of date: the match has moved on."


def sideboard_panel(m: MatchRecord, player: int, note: str = "") -> tuple[str, discord.ui.View | None]:
    """A player's sideboarding panel: their deck and sideboard, the controls (none once
    they confirmed)."""
    deck = m.decks[player]
    assert deck is not None
    main, side = deck
    other = m.player_names[1 - player]
    head = (f"**Match #{m.id} vs {other}** ({best_of_text(m.best_of)}): game {m.games + 1} next. "
            f"Score: {score_of(m).text(m.player_names)}.\n")
    if m.ready[player]:
        status = (f"Your deck is confirmed. Waiting for {other}" if not m.ready[1 - player] else "Both decks confirmed")
        body = f"{status}; the next game starts in the match's thread."
        view = None
    else:
        body = ("Exchange cards one for one with **Exchange cards…** (e.g. `2 Lightning Bolt -> 2 Shatter`), "
                "then press **Ready**." + (f" The next game starts <t:{m.deadline}:R> with your deck as it is then."
                                          if m.deadline else ""))
        view = discord.ui.View(timeout=None)
        view.add_item(ExchangeButton(m.id, m.games))
        view.add_item(ReadyButton(m.id, m.games))
    lists = (f"\nYour deck ({len(main)}): {deck_text(main)}\nYour sideboard ({len(side)}): "
             f"{deck_text(side) or 'none'}")
    text = (f"{note}\n" if note else "") + head + body
    return clip(text + lists, 2000), view


class ExchangeButton(discord.ui.DynamicItem[discord.ui.Button], template=r"mb:sx:(?P<match>\d+):(?P<games>\d+)"):
    """Opens the form of an exchange between deck and sideboard."""

    def __init__(self, match_id: int, games: int) -> None:
        super().__init__(discord.ui.Button(label="Exchange cards…", style=discord.ButtonStyle.secondary,
                                           custom_id=f"mb:sx:{match_id}:{games}"))
        self.match_id, self.games = match_id, games

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Any) -> "ExchangeButton":
        return cls(int(match["match"]), int(match["games"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        modal = ExchangeModal(self.match_id, self.games)
        await interaction.response.send_modal(modal)
        modal.stop()  # its submission is read from the raw interaction (exchange_form), as "Type an answer…"


class ExchangeModal(discord.ui.Modal, title="Exchange cards"):
    """The exchange form; its submission is handled by :func:`exchange_form`."""

    cards: discord.ui.TextInput[Any] = discord.ui.TextInput(
        label="Out -> in", placeholder="2 Lightning Bolt -> 2 Shatter; Fireball -> Tranquility", max_length=400)

    def __init__(self, match_id: int, games: int) -> None:
        super().__init__(timeout=None, custom_id=f"mb:sxm:{match_id}:{games}")


_EXCHANGE_FORM = re.compile(r"mb:sxm:(?P<match>\d+):(?P<games>\d+)")


def exchange_form(interaction: discord.Interaction) -> tuple[int, int, str] | None:
    """(match id, games, text) of a submitted exchange form, or None for any other interaction."""
    if interaction.type is not discord.InteractionType.modal_submit:
        return None
    data: Any = interaction.data or {}
    m = _EXCHANGE_FORM.fullmatch(str(data.get("custom_id", "")))
    if m is None:
        return None
    return int(m["match"]), int(m["games"]), first_text_value(data.get("components") or [])


class ReadyButton(discord.ui.DynamicItem[discord.ui.Button], template=r"mb:sr:(?P<match>\d+):(?P<games>\d+)"):
    """Confirms the player's deck for the next game."""

    def __init__(self, match_id: int, games: int) -> None:
        super().__init__(discord.ui.Button(label="Ready", style=discord.ButtonStyle.success,
                                           custom_id=f"mb:sr:{match_id}:{games}"))
        self.match_id, self.games = match_id, games

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Any) -> "ReadyButton":
        return cls(int(match["match"]), int(match["games"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.on_sideboard_ready(interaction, self.match_id, self.games)  # type: ignore[attr-defined]


MATCH_ITEMS = (ExchangeButton, ReadyButton)


class MatchPlay(Publisher):
    """Matches in the thread and the sideboarding panels."""

    if TYPE_CHECKING:
        async def refuse(self, interaction: discord.Interaction, text: str) -> None: ...

    async def after_game(self, live: Live) -> None:
        """After a match's game ended (announced): the score and the match's end, or
        the break for sideboarding (each player's panel by DM)."""
        if live.match is not None:
            await self.after_game_of(live.match)

    async def after_game_of(self, m: MatchRecord) -> None:
        """The match's line in its thread after a game or a concession between games;
        the sideboarding panels when the match goes on."""
        thread = await self.fetch_channel_cached(int(m.thread_id)) if m.thread_id else None
        if m.status == "finished":
            assert m.winner is not None
            how = " by concession" if m.result == "conceded" else ""
            text = (f"**{m.player_names[m.winner]} wins match #{m.id}**{how}: "
                    f"{score_of(m).text(m.player_names)}.")
        elif m.status == "sideboarding":
            text = (f"Match #{m.id}: {score_of(m).text(m.player_names)}. Game {m.games + 1} after sideboarding: "
                    "each player exchanges cards in their direct messages, then presses Ready"
                    + (f" (the next game starts <t:{m.deadline}:R> at the latest)." if m.deadline else "."))
        else:
            return
        if thread is not None:
            await thread.send(text)
        if m.status == "sideboarding":
            for p in (0, 1):
                content, view = sideboard_panel(m, p)
                try:
                    await self.dm(m.player_ids[p], content, view)
                except discord.Forbidden:
                    if thread is not None:
                        await thread.send(f"<@{m.player_ids[p]}>, I cannot send you your sideboarding panel by "
                                          "direct message: use `/match sideboard` here.")

    async def start_next_game(self, m: MatchRecord, live: Live) -> None:
        """The next game of *m*, begun: its line in the thread, then the duel as any duel's start."""
        thread = await self.fetch_channel_cached(int(m.thread_id)) if m.thread_id else None
        chooser = live.duel.options.chooser
        who = (f"{m.player_names[chooser]}, who lost the last game, chooses to play or draw"
               if chooser is not None else "who chooses to play or draw was drawn by lot (the last game was drawn)")
        if thread is not None:
            await thread.send(f"Match #{m.id}, game {m.games}: duel #{live.record.id} begins; {who}.")
        self._panels_known.update({(live.record.id, 0), (live.record.id, 1)})
        await self.publish(Outcome(live, list(live.duel.game.events)))

    async def on_exchange_form(self, interaction: discord.Interaction, match_id: int, games: int, text: str) -> None:
        async with self.busy(interaction):
            uid = str(interaction.user.id)
            try:
                m = await self.svc.matches.get(match_id)
                if m.games != games or m.status != "sideboarding":
                    raise DuelError(SIDEBOARD_OUT_OF_DATE)
                m = await self.svc.matches.exchange(match_id, uid, text)
            except DuelError as e:
                await self.refuse(interaction, str(e))
                return
            p = m.player_ids.index(uid)
            content, view = sideboard_panel(m, p, note=f"→ exchanged: {clip(text, 200)}")
            await self._update_panel(interaction, content, view)

    async def on_sideboard_ready(self, interaction: discord.Interaction, match_id: int, games: int) -> None:
        async with self.busy(interaction):
            uid = str(interaction.user.id)
            try:
                m = await self.svc.matches.get(match_id)
                if m.games != games or m.status != "sideboarding":
                    raise DuelError(SIDEBOARD_OUT_OF_DATE)
                m, live = await self.svc.matches.ready(match_id, uid)
            except DuelError as e:
                await self.refuse(interaction, str(e))
                return
            p = m.player_ids.index(uid)
            content, _ = sideboard_panel(m, p)
            if live is not None:
                content = clip(f"Ready. Game {m.games} of match #{m.id} is starting.\n" + content, 2000)
            await self._update_panel(interaction, content, None)
            if live is not None:
                await self.start_next_game(m, live)

    async def sweep_matches(self) -> None:
        """Matches whose sideboarding time ran out: the next game starts."""
        for m, live in await self.svc.matches.overdue():
            try:
                await self.start_next_game(m, live)
            except Exception:
                log.exception("could not start the next game of match #%d", m.id)

    @staticmethod
    async def _update_panel(interaction: discord.Interaction, content: str, view: discord.ui.View | None) -> None:
        try:
            if interaction.response.is_done():
                await interaction.edit_original_response(content=content, view=view)
            elif interaction.message is not None:
                await interaction.response.edit_message(content=content, view=view)
            else:
                await interaction.response.send_message(content, ephemeral=True)
        except discord.HTTPException:
            pass
