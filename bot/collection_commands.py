"""Discord glue for collections, ante and trades: slash commands and components.

Commands: ``/start``, ``/collection``, ``/admin grant``, ``/admin settings``,
``/deck build``, ``/deck add``, ``/deck remove`` (added to the bot's ``/deck``
group), ``/trade``, ``/trades``, ``/history``, ``/card-history``, ``/ante log``.
(``/card`` already shows a card's text and takes a name, and Discord does not
allow a command to have both options and subcommands, so a copy's history is
``/card-history``.)

Components: the Accept / Decline / Withdraw buttons of a trade and the page
buttons of ``/collection`` are :class:`discord.ui.DynamicItem`, so they work
after a restart (registered from :data:`COLLECTION_ITEMS` in
``ManaburnBot.setup_hook``), as are the select menus that compose a trade
(:class:`TradeDraftControl`): the draft they fill is stored, so any worker
continues it, after a restart too, for 15 minutes.

Everything here only reads the interaction and calls
:class:`bot.collection_service.CollectionService`; errors reach the user as
ephemeral messages and change nothing.
"""
from __future__ import annotations

import logging
import secrets
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands


from .collection_service import CollectionError, CollectionService, Filters, TradeDraft, counts_text
from .failures import answering
from .panels import clip
from .usertext import shown

if TYPE_CHECKING:  # pragma: no cover
    from .face import BotFace

log = logging.getLogger("manaburn.bot.collections")

#: How long a /trade draft (:func:`trade_composer`) may be continued, in seconds.
DRAFT_SECONDS = 900

__all__ = ["COLLECTION_ITEMS", "register_collection_commands", "announce_ante", "resume_collections",
           "sweep_trades", "TradeButton", "CollectionPageButton", "trade_view"]


def _svc(client: Any) -> CollectionService:
    return client.svc.collections  # type: ignore[no-any-return]


def _is_manager(interaction: discord.Interaction) -> bool:
    """Discord's Manage Server permission (or Administrator) for the user, here."""
    perms = interaction.permissions
    return bool(perms.manage_guild or perms.administrator)


async def _error(interaction: discord.Interaction, text: str) -> None:
    text = clip(shown(text), 2000)  # shown literally: refusals quote what the user typed
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


# --------------------------------------------------------------- components

class TradeButton(discord.ui.DynamicItem[discord.ui.Button],
                  template=r"mb:tr:(?P<trade>\d+):(?P<what>[adw])"):
    """Accept / Decline (the recipient) or Withdraw (the proposer) on a trade's message."""

    LABELS = {"a": ("Accept", discord.ButtonStyle.success), "d": ("Decline", discord.ButtonStyle.danger),
              "w": ("Withdraw", discord.ButtonStyle.secondary)}

    def __init__(self, trade_id: int, what: str) -> None:
        label, style = self.LABELS[what]
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"mb:tr:{trade_id}:{what}"))
        self.trade_id, self.what = trade_id, what

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Any) -> TradeButton:
        return cls(int(match["trade"]), match["what"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await on_trade_button(interaction, self.trade_id, self.what)


class CollectionPageButton(discord.ui.DynamicItem[discord.ui.Button],
                           template=r"mb:cl:(?P<owner>\d+):(?P<page>\d+):(?P<f>.*)"):
    """Previous / next page of ``/collection`` (the filters ride in the custom id)."""

    def __init__(self, owner_id: str, page: int, filters: Filters, label: str = "Page") -> None:
        prefix = f"mb:cl:{owner_id}:{page}:"
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=prefix + filters.encode(100 - len(prefix))))
        self.owner_id, self.page, self.filters = owner_id, page, filters

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Any) -> CollectionPageButton:
        return cls(match["owner"], int(match["page"]), Filters.decode(match["f"]),
                   getattr(item, "label", "Page") or "Page")

    async def callback(self, interaction: discord.Interaction) -> None:
        # one page read from the database (storage.collections.collection_page), so not deferred
        async with answering(interaction):
            text, page, pages = await _svc(interaction.client).page(self.owner_id, self.filters, self.page,
                                                                    viewer_id=str(interaction.user.id))
            await interaction.response.edit_message(content=text, view=collection_view(
                self.owner_id, self.filters, page, pages))


class TradeDraftControl(discord.ui.DynamicItem[discord.ui.Item[Any]],
                        template=r"mb:tc:(?P<draft>[0-9a-f]+):(?P<what>\w+)"):
    """A control of a ``/trade`` draft (:func:`trade_composer`): the "You give…" and "You
    want…" menus and the Propose button. The draft is in storage
    (:mod:`storage.trade_drafts`), so any worker, and the bot after a restart, continues it;
    a click on a draft proposed or expired is answered so."""

    def __init__(self, draft: str, what: str, item: discord.ui.Item[Any] | None = None) -> None:
        super().__init__(item or discord.ui.Button(label="?", custom_id=f"mb:tc:{draft}:{what}"))
        self.draft, self.what = draft, what

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Any) -> "TradeDraftControl":
        return cls(match["draft"], match["what"], item)  # the menu or the button clicked

    async def callback(self, interaction: discord.Interaction) -> None:
        async with answering(interaction):
            svc = _svc(interaction.client)
            draft = await svc.draft(self.draft)
            if draft is None or self.what not in ("give", "want", "propose"):
                await _error(interaction, _EXPIRED)
                return
            if str(interaction.user.id) != draft.proposer_id:
                await _error(interaction, "This draft is not yours.")
                return
            if self.what == "propose":
                await _propose(interaction, draft)
                return
            values = [str(v) for v in (interaction.data or {}).get("values", [])]  # type: ignore[union-attr]
            if self.what == "give":
                ok = await svc.set_draft_choice(self.draft, give=[int(v) for v in values if v.isdigit()])
            else:
                ok = await svc.set_draft_choice(self.draft, want=[v for v in values if "\n" not in v])
            if not ok:
                await _error(interaction, _EXPIRED)
                return
            await interaction.response.defer()


_EXPIRED = f"This trade menu has expired (it lasts {DRAFT_SECONDS // 60} minutes) or was proposed. Use /trade again."


async def _propose(interaction: discord.Interaction, draft: TradeDraft) -> None:
    """Propose the draft's trade: a channel post (the rate limit counts it, refused or not:
    see /trade), then the draft is gone. Of two clicks on Propose, one proposes."""
    client: Any = interaction.client
    svc = _svc(client)
    if not await svc.drop_draft(draft.draft):
        await _error(interaction, _EXPIRED)
        return
    too_fast = await client.svc.take_post(client.posts, draft.proposer_id)
    refusal = too_fast
    trade = None
    if too_fast is None:
        try:
            want = await svc.resolve(draft.recipient_id, "\n".join(f"1 {n}" for n in draft.want), whose="they",
                                     taken=set(draft.give))
            trade = await svc.propose_ids(draft.proposer_id, draft.recipient_id, list(draft.give), want,
                                          guild_id=draft.guild_id, channel_id=draft.channel_id)
        except CollectionError as e:  # (the place is not given back: see /trade)
            refusal = str(e)
    if trade is None:  # the draft stays, for another choice or a later try
        await svc.create_draft(draft.draft, draft.proposer_id, draft.recipient_id, guild_id=draft.guild_id,
                               channel_id=draft.channel_id, expires_at=draft.expires_at, give=draft.give,
                               want=draft.want)
        await _error(interaction, refusal or "")
        return
    await interaction.response.edit_message(content=f"Trade #{trade.id} proposed.", view=None)
    msg = await interaction.followup.send(svc.trade_text(trade), view=trade_view(trade.id), wait=True)
    await svc.set_trade_message(trade.id, msg.channel.id, msg.id)


COLLECTION_ITEMS = (TradeButton, CollectionPageButton, TradeDraftControl)


def trade_view(trade_id: int) -> discord.ui.View:
    """The buttons under an open trade."""
    v = discord.ui.View(timeout=None)
    for what in "adw":
        v.add_item(TradeButton(trade_id, what))
    return v


def collection_view(owner_id: str, filters: Filters, page: int, pages: int) -> discord.ui.View:
    """Page buttons (none when everything fits on one page)."""
    v = discord.ui.View(timeout=None)
    if page > 0:
        v.add_item(CollectionPageButton(owner_id, page - 1, filters, "◀ Previous"))
    if page < pages - 1:
        v.add_item(CollectionPageButton(owner_id, page + 1, filters, "Next ▶"))
    return v


async def trade_composer(svc: CollectionService, proposer: str, recipient: str,
                         mine: list[tuple[str, int, int]], theirs: list[tuple[str, int, int]],
                         guild_id: str | None, channel_id: str | None) -> discord.ui.View:
    """``/trade @player`` without cards: choose with select menus, then Propose.

    One option per card name (its lowest-numbered free copy); at most 25 per
    side, as Discord allows; name more cards with ``give:``/``want:``. The other
    player's options carry the card's name, not a copy number (which copy is their
    lowest free one would tell which are locked in their ante deck): the copy is
    chosen when the trade is proposed. The draft is stored (:class:`TradeDraftControl`)
    for :data:`DRAFT_SECONDS`.
    """
    draft = secrets.token_hex(8)
    await svc.create_draft(draft, proposer, recipient, guild_id=guild_id, channel_id=channel_id,
                           expires_at=svc.now() + DRAFT_SECONDS)
    view = discord.ui.View(timeout=None)
    for placeholder, copies, attr in (("You give…", mine, "give"), ("You want…", theirs, "want")):
        options = _card_options(copies, counts=attr == "give")
        if options:
            view.add_item(TradeDraftControl(draft, attr, discord.ui.Select(
                placeholder=placeholder, min_values=0, max_values=len(options), options=options,
                custom_id=f"mb:tc:{draft}:{attr}")))
    view.add_item(TradeDraftControl(draft, "propose", discord.ui.Button(
        label="Propose", style=discord.ButtonStyle.success, custom_id=f"mb:tc:{draft}:propose")))
    return view


def _card_options(choices: list[tuple[str, int, int]], counts: bool = True) -> list[discord.SelectOption]:
    """One option per card: (name, lowest free copy, free copies) from
    :func:`storage.collections.free_card_choices`; the number of free copies only
    with *counts* (the proposer's own: how many of the other player's copies are
    free would tell how many are locked in their ante deck; their options' values are
    card names, see :class:`TradeComposer`)."""
    return [discord.SelectOption(label=clip(f"{name} ({n} free)" if counts else name, 100),
                                 value=str(first) if counts else name)
            for name, first, n in choices][:25]


# ------------------------------------------------------------- interactions

async def on_trade_button(interaction: discord.Interaction, trade_id: int, what: str) -> None:
    """A click on a trade's button: the trade message shows the new state; the clicker is told."""
    bot: BotFace = interaction.client  # type: ignore[assignment]
    async with bot.busy(interaction):
        svc = _svc(bot)
        uid = str(interaction.user.id)
        trade = await svc.trade(trade_id)
        if trade is None:
            await _error(interaction, f"There is no trade #{trade_id}.")
            return
        if uid not in (trade.proposer_id, trade.recipient_id):
            await _error(interaction, "This trade is not yours.")
            return
        try:
            trade, note = await svc.answer_trade(trade_id, uid, what)
        except CollectionError as e:
            await _error(interaction, str(e))
            return
        await interaction.response.edit_message(content=clip(svc.trade_text(trade), 2000),
                                                view=trade_view(trade.id) if trade.open else None)
        await interaction.followup.send(note, ephemeral=True)


async def announce_ante(bot: BotFace, duel_id: int) -> None:
    """Post who won which card in the duel's thread, once (see ``ante_results.announced_at``)."""
    svc = _svc(bot)
    due = await svc.ante_to_announce(duel_id)
    if due is None:
        return
    result, rec = due
    if rec.thread_id:
        try:
            thread = await bot.fetch_channel_cached(int(rec.thread_id))
            await thread.send(clip(svc.ante_text(result, rec), 2000))
        except discord.HTTPException:
            log.warning("could not announce the ante of duel #%d", duel_id)
            return
    await svc.mark_ante_announced(duel_id)


async def resume_collections(bot: BotFace) -> None:
    """At start-up (after the duel service settled what was left): announce unannounced antes,
    close trades that expired while the bot was away."""
    for duel_id in await _svc(bot).unannounced_antes():
        await announce_ante(bot, duel_id)
    await sweep_trades(bot)


async def sweep_trades(bot: BotFace) -> None:
    """Expire trades whose day is over and say so on their messages; delete the /trade
    drafts that expired unproposed."""
    svc = _svc(bot)
    await svc.sweep_drafts()
    for t in await svc.expire_trades():
        if t.channel_id and t.message_id:
            try:
                ch = await bot.fetch_channel_cached(int(t.channel_id))
                await ch.get_partial_message(int(t.message_id)).edit(content=svc.trade_text(t), view=None)
            except discord.HTTPException:
                pass


# ------------------------------------------------------------------ commands

def register_collection_commands(bot: BotFace) -> None:
    """Add the commands of this module to the bot's tree (and to its ``/deck`` group)."""
    tree = bot.tree

    def svc() -> CollectionService:
        return bot.svc.collections

    @tree.command(name="start", description="Get your starter collection (once): 60 cards like a 4th Edition starter")
    async def start(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            copies = await svc().start(str(interaction.user.id),
                                       str(interaction.guild_id) if interaction.guild_id else None)
        except CollectionError as e:
            await _error(interaction, str(e))
            return
        await interaction.followup.send(clip(
            f"Your starter collection: {len(copies)} cards — {counts_text([c.card for c in copies])}. "
            "It is also saved as your deck “Starter”. See /collection; play for ante with /challenge.", 2000),
            ephemeral=True)

    @tree.command(name="collection", description="Browse a collection (yours or another player's)")
    @app_commands.describe(player="whose collection (default: yours)", name="part of a card's name",
                           color="white, blue, black, red, green, colorless or multicolor",
                           type="creature, land, instant, artifact...", set="printing, e.g. 4ED",
                           rarity="common, uncommon or rare")
    @app_commands.choices(rarity=[app_commands.Choice(name=r, value=r) for r in ("common", "uncommon", "rare")],
                          color=[app_commands.Choice(name=c, value=c) for c in
                                 ("white", "blue", "black", "red", "green", "colorless", "multicolor")])
    async def collection(interaction: discord.Interaction, player: discord.User | None = None,
                         name: str | None = None, color: str | None = None, type: str | None = None,
                         set: str | None = None, rarity: str | None = None) -> None:
        try:
            filters = Filters.parse(name=name, color=color, type=type, set=set, rarity=rarity)
        except CollectionError as e:
            await _error(interaction, str(e))
            return
        owner = player or interaction.user
        await interaction.response.defer(ephemeral=True, thinking=True)
        text, page, pages = await svc().page(str(owner.id), filters, 0, owner_name=shown(owner.display_name),
                                             viewer_id=str(interaction.user.id))
        await interaction.followup.send(text, view=collection_view(str(owner.id), filters, page, pages),
                                        ephemeral=True)

    admin = app_commands.Group(name="admin", description="Server administration of collections",
                               default_permissions=discord.Permissions(manage_guild=True), guild_only=True)

    @admin.command(name="grant", description="Give a player cards or a starter collection")
    @app_commands.describe(player="who receives them", cards="e.g. 4 Lightning Bolt, 2 Mountain",
                           starter="also give a starter collection")
    async def admin_grant(interaction: discord.Interaction, player: discord.User, cards: str | None = None,
                          starter: bool = False) -> None:
        if not _is_manager(interaction):
            await _error(interaction, "Only members with the Manage Server permission can grant cards.")
            return
        if player.bot:
            await _error(interaction, "Bots do not collect cards.")
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            copies = await svc().grant(str(interaction.user.id), str(player.id),
                                       str(interaction.guild_id) if interaction.guild_id else None,
                                       cards=cards, starter=starter)
        except CollectionError as e:
            await _error(interaction, str(e))
            return
        await interaction.followup.send(clip(f"Granted {len(copies)} cards to {player.mention}: "
                                             f"{counts_text([c.card for c in copies])}.", 2000), ephemeral=True)

    @admin.command(name="settings", description="Collection settings of this server (ante, starters)")
    @app_commands.describe(ante_excludes_basic="basic lands are never anted (as in Shandalar)",
                           lands="basic lands in a starter", commons="commons in a starter",
                           uncommons="uncommons in a starter", rares="rares in a starter",
                           reset_starter="back to the default starter mix",
                           gauntlet_ante="Gauntlet runs started from now on are played for ante "
                                         "(the computer antes a card of its deck)")
    async def admin_settings(interaction: discord.Interaction, ante_excludes_basic: bool | None = None,
                             lands: int | None = None, commons: int | None = None, uncommons: int | None = None,
                             rares: int | None = None, reset_starter: bool = False,
                             gauntlet_ante: bool | None = None) -> None:
        if not _is_manager(interaction) or interaction.guild_id is None:
            await _error(interaction, "Only members with the Manage Server permission can change these settings.")
            return
        try:
            text = await svc().change_settings(
                str(interaction.guild_id), ante_excludes_basic=ante_excludes_basic,
                mix={"lands": lands, "commons": commons, "uncommons": uncommons, "rares": rares},
                reset_mix=reset_starter, gauntlet_ante=gauntlet_ante)
        except CollectionError as e:
            await _error(interaction, str(e))
            return
        await interaction.response.send_message(text, ephemeral=True)

    tree.add_command(admin)

    deck = tree.get_command("deck")
    if isinstance(deck, app_commands.Group):
        @deck.command(name="build", description="Save a deck made only of cards you own")
        @app_commands.describe(name="the deck's name", cards="e.g. 4 Lightning Bolt, 18 Mountain, ...")
        async def deck_build(interaction: discord.Interaction, name: str, cards: str) -> None:
            try:
                saved = await svc().build_deck(str(interaction.user.id), name, cards)
            except CollectionError as e:
                await _error(interaction, str(e))
                return
            await interaction.response.send_message(
                f"Saved deck '{shown(saved.name)}' ({len(saved.cards)} cards, all from your collection).", ephemeral=True)

        @deck.command(name="add", description="Add cards you own to one of your saved decks")
        async def deck_add(interaction: discord.Interaction, name: str, card: str,
                           count: app_commands.Range[int, 1, 60] = 1) -> None:
            await _edit_deck(interaction, name, card, count)

        @deck.command(name="remove", description="Remove cards from one of your saved decks")
        async def deck_remove(interaction: discord.Interaction, name: str, card: str,
                              count: app_commands.Range[int, 1, 60] = 1) -> None:
            await _edit_deck(interaction, name, card, -count)

    async def _edit_deck(interaction: discord.Interaction, name: str, card: str, count: int) -> None:
        try:
            saved = await svc().edit_deck(str(interaction.user.id), name, card, count)
        except CollectionError as e:
            await _error(interaction, str(e))
            return
        await interaction.response.send_message(f"{shown(saved.name)} now has {len(saved.cards)} cards.", ephemeral=True)

    @tree.command(name="trade", description="Propose a trade of cards to another player")
    @app_commands.describe(player="who you trade with",
                           give="your cards: #12 (a copy), 2 Lightning Bolt, Forest ... (empty: menus)",
                           want="their cards, the same way")
    async def trade(interaction: discord.Interaction, player: discord.User, give: str | None = None,
                    want: str | None = None) -> None:
        me = str(interaction.user.id)
        guild = str(interaction.guild_id) if interaction.guild_id else None
        channel = str(interaction.channel_id) if interaction.channel_id else None
        if player.bot:
            await _error(interaction, "Bots do not trade.")
            return
        if not give and not want:
            if str(player.id) == me:
                await _error(interaction, "You cannot trade with yourself.")
                return
            await interaction.response.defer(ephemeral=True, thinking=True)
            mine = await svc().free_card_choices(me, limit=25)
            theirs = await svc().free_card_choices(str(player.id), limit=25)
            if not mine and not theirs:
                await _error(interaction, "Neither of you has cards to trade (see /start).")
                return
            view = await trade_composer(svc(), me, str(player.id), mine, theirs, guild, channel)
            await interaction.followup.send(
                f"Trade with {player.mention}: choose what you give and what you want (one copy per card "
                "here; use give:/want: for more), then Propose.", view=view, ephemeral=True)
            return
        if (too_fast := await bot.svc.take_post(bot.posts, me)) is not None:
            await _error(interaction, too_fast)
            return
        # not deferred: an error must stay private, and naming copies is a few indexed queries
        # (storage.collections.copies_of), whatever the size of the collections
        try:
            t = await svc().propose(me, str(player.id), give, want, guild_id=guild, channel_id=channel)
        except CollectionError as e:
            # the place is not given back: a refusal about the other player's cards is an
            # answer about them, and free answers would let anyone probe their ante deck
            await _error(interaction, str(e))
            return
        await interaction.response.send_message(svc().trade_text(t), view=trade_view(t.id))
        msg = await interaction.original_response()
        await svc().set_trade_message(t.id, msg.channel.id, msg.id)

    @tree.command(name="trades", description="Your open trades")
    async def trades(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(clip(await svc().trades_text(str(interaction.user.id)), 2000),
                                                ephemeral=True)

    @tree.command(name="history", description="A player's trades, ante results and grants")
    async def history(interaction: discord.Interaction, player: discord.User | None = None) -> None:
        who = player or interaction.user
        await interaction.response.send_message(await svc().history_text(str(who.id)), ephemeral=True)

    @tree.command(name="card-history", description="Every owner of one copy of a card (its #number)")
    @app_commands.describe(copy="the copy's number, as /collection shows it (#12)")
    async def card_history(interaction: discord.Interaction, copy: app_commands.Range[int, 1]) -> None:
        try:
            text = await svc().copy_text(int(copy), str(interaction.user.id))
        except CollectionError as e:
            await _error(interaction, str(e))
            return
        await interaction.response.send_message(text, ephemeral=True)

    ante = app_commands.Group(name="ante", description="Duels played for ante")

    @ante.command(name="log", description="This server's recent duels played for ante")
    async def ante_log(interaction: discord.Interaction) -> None:
        gid = str(interaction.guild_id) if interaction.guild_id else None
        await interaction.response.send_message(await svc().ante_log_text(gid), ephemeral=True)

    tree.add_command(ante)
