"""Collections, ante and trades as the bot runs them, without Discord.

Thin: ownership rules live in :mod:`storage` (collections, ledger, trades,
ante), game rules in the engine.  This module turns what players type into
calls to those (card names into copies, filters into pages) and their results
into the text the bot shows.  Every error a player can cause is a
:class:`CollectionError` whose message is meant for them; nothing has changed
when it is raised.

:class:`bot.service.DuelService` owns one :class:`CollectionService` and
calls it when a duel for ante is challenged (the challenger's deck must be
owned), accepted (both decks are bound to copies, in the transaction that
starts the duel) and finished (:meth:`CollectionService.settle`, in the
transaction that records the final decision).
"""
from __future__ import annotations

import asyncio
import hashlib
import re
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine import carddb
from engine.duel import DeckError, check_deck
from storage import ante as ante_store
from storage import collections as coll
from storage import decks as deck_store
from storage import duels as duel_store
from storage import gauntlet as gauntlet_store
from storage import ledger as ledger_store
from storage import trade_drafts as draft_store
from storage import trades as trade_store
from storage.trade_drafts import TradeDraft  # a /trade draft, as the handlers receive it
from storage.db import Database

from .decklists import DecklistError, clip_text, parse_decklist, read_count, split_count
from .usertext import shown
from .limits import MAX_OPEN_TRADES
from .starter import MIX_KEYS, check_mix, starter_cards

if TYPE_CHECKING:  # pragma: no cover
    from engine import Duel

__all__ = ["CollectionError", "Filters", "CollectionService", "PAGE_SIZE", "STARTER_DECK"]

#: Card lines per page of ``/collection``.
PAGE_SIZE = 15
#: Discord's limit on a message's text.
MESSAGE_LIMIT = 2000
#: Copies of one card named in a trade (``40 Forest``), at most.
MAX_TRADE_COPIES = 60
#: The name of the deck ``/start`` saves (when the name is free).
STARTER_DECK = "Starter"
MIN_DECK = 40

_COLORS = {"w": "W", "white": "W", "u": "U", "blue": "U", "b": "B", "black": "B", "r": "R",
           "red": "R", "g": "G", "green": "G", "c": "C", "colorless": "C", "m": "M",
           "multicolor": "M", "gold": "M"}
_COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green",
                "C": "colorless", "M": "multicolor"}


class CollectionError(Exception):
    """Something a player asked that cannot be done; the message says why (nothing changed)."""


@dataclass(frozen=True)
class Filters:
    """What ``/collection`` shows: each filter is optional (None or "": any)."""

    name: str | None = None
    color: str | None = None      # W U B R G, C (colorless) or M (multicolor)
    type: str | None = None       # words of the type line: creature, land, instant...
    set: str | None = None        # printing, e.g. 4ED
    rarity: str | None = None     # common, uncommon, rare

    @classmethod
    def parse(cls, *, name: str | None = None, color: str | None = None, type: str | None = None,
              set: str | None = None, rarity: str | None = None) -> Filters:
        """Filters from what a player typed, normalised; CollectionError for a bad color/rarity."""
        col = None
        if color and color.strip():
            col = _COLORS.get(color.strip().lower())
            if col is None:
                raise CollectionError(f"Unknown color {color!r}: use white, blue, black, red, green, "
                                      "colorless or multicolor.")
        rar = None
        if rarity and rarity.strip():
            rar = rarity.strip().lower()
            if rar not in ("common", "uncommon", "rare"):
                raise CollectionError(f"Unknown rarity {rarity!r}: use common, uncommon or rare.")
        return cls(_clean(name), col, _clean(type, lower=True), _clean(set, upper=True), rar)

    def matches(self, card: str, printing: str, *, printing_too: bool = True) -> bool:
        """Whether a copy of *card* printed in *printing* passes every filter."""
        d = carddb.card_data().get(card, {})
        if self.name and self.name.lower() not in card.lower():
            return False
        if printing_too and self.set and printing.upper() != self.set:
            return False
        if self.rarity and d.get("rarity") != self.rarity:
            return False
        if self.type and not _has_type(str(d.get("type", "")), self.type):
            return False
        if self.color:
            colors = d.get("colors") or []
            ok = (not colors if self.color == "C" else len(colors) > 1 if self.color == "M"
                  else self.color in colors)
            if not ok:
                return False
        return True

    def card_names(self) -> list[str] | None:
        """The card names that pass the filters on the card itself (name, color, type,
        rarity), for the database to select by; None when there are none of those."""
        if not (self.name or self.color or self.type or self.rarity):
            return None
        data = carddb.card_data()
        return sorted(n for n, d in data.items() if self.matches(n, str(d.get("set", "")), printing_too=False))

    def describe(self) -> str:
        """``color red, rarity rare`` (empty when no filter)."""
        parts = []
        if self.name:
            parts.append(f"name “{shown(self.name)}”")
        if self.color:
            parts.append(f"color {_COLOR_NAMES[self.color]}")
        if self.type:
            parts.append(f"type {self.type}")
        if self.set:
            parts.append(f"set {self.set}")
        if self.rarity:
            parts.append(f"rarity {self.rarity}")
        return ", ".join(parts)

    def encode(self, room: int) -> str:
        """The filters in at most *room* characters, for a component's custom id."""
        head = f"{self.color or ''}:{(self.rarity or '')[:1]}:{self.set or ''}:{self.type or ''}:"
        return head + (self.name or "")[:max(0, room - len(head))]

    @classmethod
    def decode(cls, text: str) -> Filters:
        """The inverse of :meth:`encode` (a clipped name stays clipped)."""
        color, rar, set_, type_, name = (text.split(":", 4) + [""] * 5)[:5]
        rarity = {"c": "common", "u": "uncommon", "r": "rare"}.get(rar)
        return cls(name or None, color or None, type_ or None, set_ or None, rarity)


def _has_type(line: str, word: str) -> bool:
    """Whether a type line (old wording: "Summon Bears") has *word* (modern: "creature")."""
    types, subs, supers = carddb.parse_type_line(line)
    return word in line.lower() or any(word == w or word.rstrip("s") == w
                                       for w in (*types, *subs, *supers))


def _clean(text: str | None, *, lower: bool = False, upper: bool = False) -> str | None:
    if text is None:
        return None
    text = " ".join(text.replace(":", " ").split())[:40]
    if not text:
        return None
    return text.lower() if lower else text.upper() if upper else text


def mention(user_id: str) -> str:
    """How messages name a player (Discord shows the name)."""
    return f"<@{user_id}>"


class CollectionService:
    """Collections, ante and trades for the bot; see the module docstring."""

    def __init__(self, db: Database, *, now: Callable[[], float] = time.time) -> None:
        self.db = db
        self.now = now

    def _now(self) -> int:
        return int(self.now())

    # ------------------------------------------------------------ getting cards
    async def start(self, user_id: str, guild_id: str | None) -> list[coll.Copy]:
        """``/start``: the player's starter collection, once; also saved as the deck "Starter"."""
        seed = starter_seed(user_id)
        cards = starter_cards(seed, await self.starter_mix(guild_id))
        try:
            copies = await coll.grant_starter(self.db, user_id, cards, seed=seed, guild_id=guild_id,
                                              now=self._now())
        except coll.StarterAlreadyGiven:
            raise CollectionError("You already have your starter collection: see /collection.") from None
        if await deck_store.get_deck(self.db, user_id, STARTER_DECK) is None:
            names = [c.card for c in copies]
            if len(names) >= MIN_DECK:
                await deck_store.save_deck(self.db, user_id, STARTER_DECK, sorted(names), now=self._now())
        return copies

    async def starter_mix(self, guild_id: str | None) -> dict[str, int]:
        """The server's rarity mix for starters (the default if never set)."""
        settings = await coll.get_guild_settings(self.db, guild_id)
        return check_mix(settings.starter_mix or {})

    async def grant(self, admin_id: str, user_id: str, guild_id: str | None, *,
                    cards: str | None = None, starter: bool = False) -> list[coll.Copy]:
        """``/admin grant``: cards (a decklist text) and/or a starter, to *user_id*."""
        if not cards and not starter:
            raise CollectionError("Grant what? Give cards (e.g. `4 Lightning Bolt, 2 Mountain`) or "
                                  "starter:True.")
        wanted: list[tuple[str, str]] = []
        if cards:
            names = self.parse_cards(cards)
            data = carddb.card_data()
            wanted = [(n, data[n]["set"]) for n in names]
        out: list[coll.Copy] = []
        if wanted:
            out += await coll.grant_cards(self.db, user_id, wanted, by_id=admin_id, guild_id=guild_id,
                                          now=self._now())
        if starter:
            seed = int(hashlib.sha256(f"grant:{user_id}:{self._now()}:{len(out)}".encode())
                       .hexdigest()[:12], 16)
            out += await coll.grant_starter(self.db, user_id, starter_cards(seed, await self.starter_mix(guild_id)),
                                            seed=seed, guild_id=guild_id, by_id=admin_id, once=False,
                                            now=self._now())
        return out

    @staticmethod
    def parse_cards(text: str) -> list[str]:
        """Card names from ``4 Lightning Bolt, 2 Mountain`` (commas or lines); known cards only."""
        try:
            names = parse_decklist(text.replace("\\n", "\n").replace(",", "\n"))
        except DecklistError as e:
            raise CollectionError(str(e)) from None
        data = carddb.card_data()
        fixed, bad = [], []
        lower = {n.lower(): n for n in data}
        for n in names:
            real = n if n in data else lower.get(n.lower())
            if real is None:
                bad.append(n)
            else:
                fixed.append(real)
        if bad:
            try:
                check_deck(sorted(set(bad)))
            except DeckError as e:
                raise CollectionError("Unknown cards: " + "; ".join(e.problems)) from None
            raise CollectionError("Unknown cards: " + ", ".join(sorted(set(bad))))  # pragma: no cover
        return fixed

    # ---------------------------------------------------------------- settings
    async def settings_text(self, guild_id: str | None) -> str:
        """The server's collection settings, as shown by ``/admin settings``."""
        s = await coll.get_guild_settings(self.db, guild_id)
        mix = check_mix(s.starter_mix or {})
        return ("Basic lands excluded from ante: " + ("yes" if s.ante_excludes_basic else "no")
                + "\nGauntlet played for ante: " + ("yes" if await gauntlet_store.gauntlet_ante(self.db, guild_id)
                                                     else "no")
                + "\nStarter: " + ", ".join(f"{mix[k]} {k}" for k in MIX_KEYS)
                + f" ({sum(mix.values())} cards)" + ("" if s.starter_mix else " — the default"))

    async def change_settings(self, guild_id: str, *, ante_excludes_basic: bool | None = None,
                              mix: dict[str, int | None] | None = None, reset_mix: bool = False,
                              gauntlet_ante: bool | None = None) -> str:
        """``/admin settings``: change what is given; return the new settings' text."""
        new_mix = None
        if mix and any(v is not None for v in mix.values()):
            current = await self.starter_mix(guild_id)
            current.update({k: v for k, v in mix.items() if v is not None})
            try:
                new_mix = check_mix(current)
            except ValueError as e:
                raise CollectionError(f"That starter mix does not work: {e}.") from None
        await coll.set_guild_settings(self.db, guild_id, ante_excludes_basic=ante_excludes_basic,
                                      starter_mix=new_mix, reset_starter_mix=reset_mix, now=self._now())
        if gauntlet_ante is not None:  # runs started from now on (a run keeps what it started with)
            await gauntlet_store.set_gauntlet_ante(self.db, guild_id, gauntlet_ante, now=self._now())
        return await self.settings_text(guild_id)

    # -------------------------------------------------------------- collection
    async def page(self, owner_id: str, filters: Filters, page: int, *,
                   owner_name: str = "", viewer_id: str | None = None) -> tuple[str, int, int]:
        """A page of *owner_id*'s collection: (text, page shown, number of pages).

        Counted and paged by SQLite (:func:`storage.collections.collection_page`).
        Lock marks (🔒: a copy bound to a running duel for ante) are shown to the owner
        only: to anyone else they would tell the exact copies of the owner's deck."""
        cards = filters.card_names()
        first = await coll.collection_page(self.db, owner_id, offset=0, limit=0, cards=cards,
                                           printing=filters.set)
        pages = max(1, (first.groups + PAGE_SIZE - 1) // PAGE_SIZE)
        page = max(0, min(page, pages - 1))
        who = owner_name or mention(owner_id)
        what = filters.describe()
        if not first.copies:
            none = "no card matching " + what if what else "no cards yet (/start gives a starter collection)"
            return clip_text(f"**{who}** has {none}.", 2000), 0, 1
        shown = await coll.collection_page(self.db, owner_id, offset=page * PAGE_SIZE, limit=PAGE_SIZE,
                                           cards=cards, printing=filters.set)
        locks = viewer_id == owner_id
        data = carddb.card_data()
        lines = [f"**{who}**'s collection: {shown.copies} copies of {shown.groups} cards"
                 + (f" ({what})" if what else "") + (f" — page {page + 1} of {pages}" if pages > 1 else "")]
        for g in shown.page:
            d = data.get(g.card, {})
            ids = " ".join(f"#{c.id}" + ("🔒" if locks and c.locked_in else "") for c in g.first)
            more = f" +{g.count - len(g.first)}" if g.count > len(g.first) else ""
            lines.append(f"`{g.count:>2}` {g.card} — {g.printing} {d.get('rarity', '?')}, "
                         f"{d.get('type', '?')} · {ids}{more}")
        if locks and await coll.has_locked(self.db, owner_id):
            lines.append("🔒 locked in a running duel played for ante")
        return "\n".join(lines)[:2000], page, pages

    # ------------------------------------------------------------------- decks
    async def missing_text(self, user_id: str, cards: Sequence[str], *, unlocked_only: bool = True) -> str:
        """``2 Lightning Bolt, 1 Fireball``: what *user_id* lacks for a deck (empty: nothing)."""
        missing = await coll.missing_cards(self.db, user_id, cards, unlocked_only=unlocked_only)
        return ", ".join(f"{n} {c}" for c, n in missing.items())

    async def check_for_keeps(self, user_id: str, cards: Sequence[str], *, whose: str = "your") -> None:
        """A deck for a duel played for ante must be made of free owned copies."""
        missing = await self.missing_text(user_id, cards)
        if missing:
            raise CollectionError(
                f"A duel for ante is played for keeps: {whose} deck must be made of cards "
                f"{'you' if whose == 'your' else 'they'} own (and not locked in another duel for ante). "
                f"Missing: {missing}. See /collection, /deck build.")

    async def ante_options(self, guild_id: str | None) -> dict[str, Any]:
        """The engine options a server's settings give a duel played for ante."""
        s = await coll.get_guild_settings(self.db, guild_id)
        return {"ante_excludes_basic": s.ante_excludes_basic}

    async def bind(self, duel_id: int, decks: Sequence[Sequence[str]], names: Sequence[str]) -> None:
        """Bind both decks of a duel for ante to owned copies (locks them), or say what is missing.

        Joins the caller's transaction: the duel starts with its copies bound
        or not at all.
        """
        try:
            await ante_store.bind_decks(self.db, duel_id, decks)
        except ante_store.NotOwned as e:
            parts = [f"{names[p]} lacks " + ", ".join(f"{n} {c}" for c, n in sorted(cards.items()))
                     for p, cards in sorted(e.missing.items())]
            raise CollectionError("This duel is for ante, so both decks must be made of cards their "
                                  "players own and have free: " + "; ".join(parts) + ".") from None

    async def build_deck(self, user_id: str, name: str, text: str) -> deck_store.SavedDeck:
        """``/deck build``: save a deck made only of cards *user_id* owns."""
        def read() -> list[str]:
            cards = self.parse_cards(text)
            try:
                check_deck(cards, MIN_DECK)
            except DeckError as e:
                raise CollectionError("That deck cannot be used: " + "; ".join(e.problems)) from None
            return cards
        cards = await asyncio.to_thread(read)  # off the event loop: the list is as long as the user typed
        missing = await self.missing_text(user_id, cards, unlocked_only=False)
        if missing:
            raise CollectionError(f"You do not own these cards: {missing}. /deck build uses only your "
                                  "collection (/deck import saves any list, for casual duels).")
        try:
            return await deck_store.save_deck(self.db, user_id, name, cards, overwrite=True, now=self._now())
        except ValueError as e:
            raise CollectionError(str(e)) from None

    async def edit_deck(self, user_id: str, name: str, card: str, count: int) -> deck_store.SavedDeck:
        """``/deck add`` (count > 0) or ``/deck remove`` (count < 0) of one card, checked against
        the collection when adding."""
        try:
            deck = await deck_store.get_deck(self.db, user_id, name)
        except ValueError as e:
            raise CollectionError(str(e)) from None
        if deck is None:
            raise CollectionError(f"You have no saved deck called {name!r} (see /deck list).")
        real = (await asyncio.to_thread(self.parse_cards, card))[0] if card.strip() else ""
        cards = list(deck.cards)
        if count > 0:
            have = (await coll.owned_counts(self.db, user_id))[real]
            if cards.count(real) + count > have:
                raise CollectionError(f"You own {have} {real}; the deck would hold "
                                      f"{cards.count(real) + count}.")
            cards += [real] * count
        else:
            n = -count
            if cards.count(real) < n:
                raise CollectionError(f"{deck.name} holds {cards.count(real)} {real}, not {n}.")
            for _ in range(n):
                cards.remove(real)
        return await deck_store.save_deck(self.db, user_id, deck.name, cards, overwrite=True, now=self._now())

    # -------------------------------------------------------------------- ante
    async def settle(self, rec: duel_store.DuelRecord, duel: Duel, *,
                     unbound: int | None = None) -> ante_store.AnteResult | None:
        """The end of a duel for ante: ownership as the engine says, exactly once.

        Called inside the transaction that writes the duel's final decision
        (and again at start-up for duels finished without it): the result and
        the change of ownership are written together. *unbound*: the seat whose
        deck was not bound to copies (the computer's, in the Gauntlet): its cards
        the other player wins are created for it and handed over (see
        :func:`storage.ante.settle`).
        """
        if not rec.options.get("ante") or not duel.over:
            return None
        antes = [(c.origin, c.name, c.owner) for pl in duel.game.players for c in pl.ante
                 if c.origin is not None]
        owners = duel.final_owners()
        created = None
        if unbound is not None:
            data = carddb.card_data()
            deck = duel.decks[unbound]
            created = {(p, pos): (deck[pos], str(data.get(deck[pos], {}).get("set", "")))
                       for (p, pos), owner in owners.items() if p == unbound and owner != p}
        return await ante_store.settle(self.db, rec.id, owners, antes, unbound=created, now=self._now())

    @staticmethod
    def ante_text(result: ante_store.AnteResult, rec: duel_store.DuelRecord) -> str:
        """Who won which card: the announcement in the duel's thread."""
        name = dict(zip(rec.player_ids, rec.player_names))

        def card(a: ante_store.AnteCard) -> str:
            return f"{a.card} (#{a.copy_id})" if a.copy_id is not None else a.card

        if not result.antes:
            return f"Ante of duel #{rec.id}: no card was anted."
        if result.winner is None:
            return (f"Ante of duel #{rec.id}: the duel is a draw, so the ante is returned: "
                    + ", ".join(f"{name.get(a.from_id, a.from_id)} keeps {card(a)}" for a in result.antes)
                    + ".")
        won = [a for a in result.antes if a.from_id != a.to_id]
        kept = [a for a in result.antes if a.from_id == a.to_id]
        parts = [f"**{name.get(a.to_id, a.to_id)}** wins {card(a)} from {name.get(a.from_id, a.from_id)}"
                 for a in won]
        parts += [f"{name.get(a.to_id, a.to_id)} keeps {card(a)}" for a in kept]
        extra = result.moved - len(won)
        return (f"Ante of duel #{rec.id}: " + "; ".join(parts) + "."
                + (f" ({extra} more copies changed owner during the duel.)" if extra > 0 else ""))

    # ------------------------------------------------------------------ trades
    async def resolve(self, owner_id: str, text: str | None, *, whose: str,
                      taken: set[int] | None = None) -> list[int]:
        """Copies named by ``#12, 2 Lightning Bolt, Forest`` among *owner_id*'s free copies."""
        if not text or not text.strip():
            return []
        taken = set() if taken is None else taken
        out: list[int] = []
        for raw in re.split(r"[,\n;]", text.replace("\\n", "\n")):
            item = raw.strip()
            if not item:
                continue
            try:
                if item.startswith("#"):
                    cid = (read_count(digits, f"copy {clip_text(item)}")
                           if (digits := item[1:].strip()).isascii() and digits.isdigit() else None)
                    if cid is None:
                        raise CollectionError(f"Cannot read {clip_text(item)!r}: a copy is #12.")
                    c = await coll.get_copy(self.db, cid)
                    if whose != "you" and (c is None or c.owner_id != owner_id or c.locked_in is not None):
                        # which of their copies are in their ante deck is theirs to know: a
                        # locked copy reads like one they do not own
                        raise CollectionError(f"#{cid} is not one of their copies free to trade.")
                    if c is None or c.owner_id != owner_id:
                        raise CollectionError(f"#{cid} is not a copy {whose} own.")
                    if c.locked_in is not None:
                        raise CollectionError(f"{c.label} is locked in duel #{c.locked_in} (played for ante) "
                                              "until that duel ends.")
                    if cid in taken:
                        raise CollectionError(f"{c.label} is named twice.")
                    taken.add(cid)
                    out.append(cid)
                    continue
                n, name = split_count(item, clip_text(item))
            except DecklistError as e:
                raise CollectionError(str(e)) from None
            if n < 1 or n > MAX_TRADE_COPIES:
                raise CollectionError(f"{clip_text(item)}: at most {MAX_TRADE_COPIES} copies of a card per trade.")
            # the free copies come first: n of them, past those named already, and a few locked ones
            # to say why there are not enough
            same = await coll.copies_of(self.db, owner_id, name, limit=n + len(taken) + 3)
            if whose != "you":  # (as above: no count of their free copies, none owned reads the same)
                free = [c for c in same if c.locked_in is None and c.id not in taken]
                if len(free) < n:
                    raise CollectionError(f"They do not have {n} {clip_text(name)} free to trade.")
            if not same:
                raise CollectionError(f"{whose.capitalize()} own no {clip_text(name)}.")
            free = [c for c in same if c.locked_in is None and c.id not in taken]
            if len(free) < n:
                locked = [c for c in same if c.locked_in is not None]
                why = (f" ({', '.join(f'{c.label} is locked in duel #{c.locked_in}' for c in locked[:3])})"
                       if locked and whose == "you" else "")
                raise CollectionError(f"{whose.capitalize()} have only {len(free)} {same[0].card} free to "
                                      f"trade, not {n}{why}.")
            for c in free[:n]:
                taken.add(c.id)
                out.append(c.id)
        return out

    async def propose(self, proposer: str, recipient: str, give: str | None, want: str | None, *,
                      guild_id: str | None, channel_id: str | None) -> trade_store.Trade:
        """``/trade``: copies chosen by id or name on both sides, proposed for a day."""
        if proposer == recipient:
            raise CollectionError("You cannot trade with yourself.")
        taken: set[int] = set()
        give_ids = await self.resolve(proposer, give, whose="you", taken=taken)
        want_ids = await self.resolve(recipient, want, whose="they", taken=taken)
        return await self.propose_ids(proposer, recipient, give_ids, want_ids, guild_id=guild_id,
                                      channel_id=channel_id)

    async def propose_ids(self, proposer: str, recipient: str, give: list[int], want: list[int], *,
                          guild_id: str | None, channel_id: str | None) -> trade_store.Trade:
        """A proposal of exact copies (the select menus' route)."""
        def fits(t: trade_store.Trade) -> None:
            # the trade's message is what the other player sees: stored only if Discord shows it
            if len(self.trade_text(t)) > MESSAGE_LIMIT:
                raise trade_store.TradeError(
                    f"That trade's message would be longer than Discord allows ({len(self.trade_text(t))} "
                    f"characters, at most {MESSAGE_LIMIT}): trade fewer cards at once.")

        try:
            return await trade_store.propose_trade(self.db, proposer, recipient, give, want,
                                                   guild_id=guild_id, channel_id=channel_id,
                                                   now=self._now(), max_open=MAX_OPEN_TRADES, check=fits)
        except trade_store.TradeError as e:
            raise CollectionError(str(e)) from None

    async def answer_trade(self, trade_id: int, user_id: str, what: str) -> tuple[trade_store.Trade, str]:
        """Accept (``a``), decline (``d``) or withdraw (``w``): the trade now and a note for the clicker."""
        try:
            if what == "a":
                out = await trade_store.accept_trade(self.db, trade_id, user_id, now=self._now())
                if out.ok:
                    return out.trade, f"Trade #{trade_id} done: the cards are exchanged."
                return out.trade, f"Trade #{trade_id} could not be completed ({out.reason}); nothing was exchanged."
            if what == "d":
                t = await trade_store.decline_trade(self.db, trade_id, user_id, now=self._now())
            else:
                t = await trade_store.withdraw_trade(self.db, trade_id, user_id, now=self._now())
        except trade_store.TradeError as e:
            raise CollectionError(str(e)) from None
        return t, f"Trade #{trade_id} is {t.status}."

    async def trade(self, trade_id: int) -> trade_store.Trade | None:
        """A trade by id, or None."""
        return await trade_store.get_trade(self.db, trade_id)

    async def set_trade_message(self, trade_id: int, channel_id: int, message_id: int) -> None:
        """Where the trade's message is (its buttons edit it)."""
        await trade_store.set_trade_message(self.db, trade_id, channel_id, message_id)

    # ------------------------------------------------ /trade drafts (storage.trade_drafts)
    async def create_draft(self, draft: str, proposer_id: str, recipient_id: str, *, guild_id: str | None,
                           channel_id: str | None, expires_at: float, give: Sequence[int] = (),
                           want: Sequence[str] = ()) -> None:
        """Store what a proposer is choosing in the /trade menus (any worker continues it)."""
        await draft_store.create_draft(self.db, draft, proposer_id, recipient_id, guild_id=guild_id,
                                       channel_id=channel_id, now=self.now(), expires_at=expires_at,
                                       give=give, want=want)

    async def draft(self, draft: str) -> TradeDraft | None:
        """The draft, or None when it expired or was proposed."""
        return await draft_store.get_draft(self.db, draft, now=self.now())

    async def set_draft_choice(self, draft: str, *, give: Sequence[int] | None = None,
                               want: Sequence[str] | None = None) -> bool:
        """A menu's choice kept in the draft; False when the draft is gone."""
        return await draft_store.set_draft_choice(self.db, draft, give=give, want=want, now=self.now())

    async def drop_draft(self, draft: str) -> bool:
        """Take the draft to propose it: True for the one click of two that gets it."""
        return await draft_store.drop_draft(self.db, draft)

    async def sweep_drafts(self) -> int:
        """The clock sweep: drafts expired unproposed are deleted; how many."""
        return await draft_store.delete_expired_drafts(self.db, now=self.now())

    async def free_card_choices(self, owner_id: str, *, limit: int) -> list[tuple[str, int, int]]:
        """(name, lowest free copy id, free copies) of the owner's cards that can be traded."""
        return await coll.free_card_choices(self.db, owner_id, limit=limit)

    async def expire_trades(self) -> list[trade_store.Trade]:
        """Close the trades whose day is over (the sweep)."""
        return await trade_store.expire_trades(self.db, now=self._now())

    @staticmethod
    def trade_text(t: trade_store.Trade) -> str:
        """The trade's message: who offers what; then how it ended."""
        def items(xs: Sequence[trade_store.TradeItem]) -> str:
            return ", ".join(f"#{i.copy_id} {i.card}" for i in xs) or "nothing"

        a, b = mention(t.proposer_id), mention(t.recipient_id)
        body = f"{a} gives: {items(t.gives)}\n{b} gives: {items(t.wants)}"
        if t.status == "proposed":
            return (f"**Trade #{t.id}**: {a} offers {b} a trade.\n{body}\n"
                    f"{b}: Accept or Decline; {a}: Withdraw. The offer expires <t:{t.expires_at}:R>.")
        end = {"accepted": "was accepted: the cards are exchanged",
               "declined": "was declined", "withdrawn": "was withdrawn", "expired": "expired",
               "failed": f"could not be completed, nothing was exchanged: {t.reason}"}[t.status]
        return f"**Trade #{t.id}** {end}.\n{body}"

    async def trades_text(self, user_id: str) -> str:
        """``/trades``: the player's open trades."""
        trades = await trade_store.list_trades(self.db, user_id, open_only=True)
        if not trades:
            return "You have no open trades. Propose one with /trade."
        lines = []
        for t in trades:
            other = t.recipient_id if t.proposer_id == user_id else t.proposer_id
            role = "to" if t.proposer_id == user_id else "from"
            lines.append(f"Trade #{t.id} {role} {mention(other)}: "
                         f"{len(t.gives)} for {len(t.wants)} (expires <t:{t.expires_at}:R>)")
        return "\n".join(lines)

    # ----------------------------------------------------------------- history
    async def history_text(self, user_id: str, *, limit: int = 20) -> str:
        """``/history``: a player's trades, ante results and grants, newest first."""
        lines = sorted(await ledger_store.player_history(self.db, user_id, limit=500), key=lambda x: x.id)
        events: list[tuple[int, int, str]] = []  # (time, order, text)
        trades: dict[int, list[ledger_store.LedgerLine]] = defaultdict(list)
        duels: dict[int, list[ledger_store.LedgerLine]] = defaultdict(list)
        made: dict[tuple[str, int, str | None], list[ledger_store.LedgerLine]] = defaultdict(list)
        for line in lines:
            if line.trade_id is not None:
                trades[line.trade_id].append(line)
            elif line.duel_id is not None:
                duels[line.duel_id].append(line)
            else:
                made[(line.kind, line.at, line.by_id)].append(line)
        for tid, ls in trades.items():
            gave = [f"#{x.copy_id} {x.card}" for x in ls if x.from_id == user_id]
            got = [f"#{x.copy_id} {x.card}" for x in ls if x.to_id == user_id]
            other = next((x.to_id if x.from_id == user_id else x.from_id for x in ls), "")
            events.append((ls[0].at, ls[0].id, f"trade #{tid} with {mention(other or '?')}: gave "
                           + (", ".join(gave) or "nothing") + "; got " + (", ".join(got) or "nothing")))
        for row in await self.db.fetchall(
                "SELECT a.*, d.player0_id, d.player1_id FROM ante_results a JOIN duels d ON d.id = a.duel_id"
                " WHERE d.player0_id = ? OR d.player1_id = ? ORDER BY a.duel_id DESC LIMIT 200",
                (user_id, user_id)):
            ids = (row["player0_id"], row["player1_id"])
            other = ids[1] if ids[0] == user_id else ids[0]
            ls = duels.pop(row["duel_id"], [])
            won = [f"#{x.copy_id} {x.card}" for x in ls if x.to_id == user_id]
            lost = [f"#{x.copy_id} {x.card}" for x in ls if x.from_id == user_id]
            if row["winner"] is None:
                what = "a draw, the ante was returned"
            else:
                what = ("won" if ids[row["winner"]] == user_id else "lost")
            detail = "; ".join(x for x in (("won " + ", ".join(won)) if won else "",
                                           ("lost " + ", ".join(lost)) if lost else "") if x)
            events.append((row["settled_at"], 0, f"duel #{row['duel_id']} for ante vs {mention(other)}: "
                           + what + (f" — {detail}" if detail else "")))
        for (kind, at, by), ls in made.items():
            what = "a starter collection" if kind == "starter" else "cards"
            events.append((at, ls[0].id, f"received {what} ({len(ls)} cards)"
                           + (f", granted by {mention(by)}" if by else "")))
        if not events:
            return f"{mention(user_id)} has no history yet."
        events.sort(key=lambda e: (e[0], e[1]), reverse=True)
        out = [f"History of {mention(user_id)} (newest first):"]
        out += [f"<t:{at}:d> {text}" for at, _, text in events[:limit]]
        return "\n".join(out)[:2000]

    async def copy_text(self, copy_id: int, viewer_id: str | None = None) -> str:
        """``/card-history``: a copy and every owner it had (whether it is locked in a
        running duel for ante: to its owner only, like ``/collection``)."""
        c = await coll.get_copy(self.db, copy_id)
        if c is None:
            raise CollectionError(f"There is no copy #{copy_id}.")
        lines = [f"**{c.label}** ({c.printing}), owned by {mention(c.owner_id)}"
                 + (f", locked in duel #{c.locked_in}" if c.locked_in and viewer_id == c.owner_id else "") + ":"]
        for i, x in enumerate(await ledger_store.copy_history(self.db, copy_id), 1):
            if x.from_id is None:
                how = "starter" if x.kind == "starter" else "granted" + (f" by {mention(x.by_id)}" if x.by_id else "")
                lines.append(f"{i}. <t:{x.at}:f> {how} → {mention(x.to_id)}")
            else:
                why = f"trade #{x.trade_id}" if x.kind == "trade" else f"ante, duel #{x.duel_id}"
                lines.append(f"{i}. <t:{x.at}:f> {why}: {mention(x.from_id)} → {mention(x.to_id)}")
        return "\n".join(lines)[:2000]

    async def ante_log_text(self, guild_id: str | None, *, limit: int = 10) -> str:
        """``/ante log``: the server's recent duels played for ante."""
        results = await ante_store.recent_ante_results(self.db, guild_id, limit=limit)
        if not results:
            return "No duel for ante has ended on this server yet."
        lines = ["Recent duels for ante on this server:"]
        for r in results:
            rec = await duel_store.get_duel(self.db, r.duel_id)
            if rec is None:  # pragma: no cover - results reference their duel
                continue
            lines.append(f"<t:{r.settled_at}:d> {rec.player_names[0]} vs {rec.player_names[1]}: "
                         + self.ante_text(r, rec).split(": ", 1)[1])
        return "\n".join(lines)[:2000]

    async def ante_to_announce(self, duel_id: int) -> tuple[ante_store.AnteResult, duel_store.DuelRecord] | None:
        """The duel's ante result and the duel, if the result is not announced yet."""
        result = await ante_store.get_ante_result(self.db, duel_id)
        if result is None or result.announced_at is not None:
            return None
        rec = await duel_store.get_duel(self.db, duel_id)
        if rec is None:  # pragma: no cover - results reference their duel
            return None
        return result, rec

    async def mark_ante_announced(self, duel_id: int) -> None:
        """Record that the duel's ante result was announced (it is announced once)."""
        await ante_store.mark_announced(self.db, duel_id, now=self._now())

    async def unannounced_antes(self) -> list[int]:
        """The duels whose ante result is not announced yet, oldest first."""
        return [r.duel_id for r in await ante_store.unannounced(self.db)]

    # ---------------------------------------------------------------- recovery
    async def unsettled(self) -> list[int]:
        """Finished duels for ante without a settlement (the bot stopped at the wrong moment,
        or the database predates collections)."""
        return await ante_store.unsettled_duels(self.db)


def starter_seed(user_id: str) -> int:
    """The seed of a player's ``/start`` starter: fixed per player, so it can be checked."""
    return int(hashlib.sha256(f"starter:{user_id}".encode()).hexdigest()[:12], 16)


def counts_text(names: Sequence[str]) -> str:
    """``4 Lightning Bolt, 2 Mountain``."""
    return ", ".join(f"{n} {c}" for c, n in sorted(Counter(names).items()))
