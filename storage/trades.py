"""Trades: a proposal of specific copies on each side, accepted or not.

A trade is proposed by one player to another: the copies the proposer gives
(side 0) and the copies they want (side 1).  It stays ``proposed`` until the
recipient accepts or declines it, the proposer withdraws it, or it expires
(a day by default).  Those are final.

Accepting (:func:`accept_trade`) is one ``BEGIN IMMEDIATE`` transaction that
re-checks every copy (still owned by the side giving it, not locked in a
running ante duel) and then moves them all, each with its ledger line; if
anything changed meanwhile, nothing moves, the trade ends ``failed`` with the
reason, and the caller tells both players.  SQLite runs one write
transaction at a time (across connections and processes too), so of two
accepts of overlapping trades racing each other exactly one succeeds; the
other finds a copy gone.

A proposal with a copy that is locked, not owned, or named twice is refused
at once (:class:`TradeError`, nothing written).

Which copies of a player are locked (in the deck of a running ante duel) is theirs
to know: a refusal about the *recipient's* copies reads the same whether a copy does
not exist, belongs to someone else or is locked, and a failed acceptance says only
that a copy is no longer free to trade, whichever of the two happened.
"""
from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import aiosqlite

from ._common import now_seconds, snowflake
from .collections import Copy, get_copies
from .db import Database
from .errors import StorageError
from .ledger import transfer

__all__ = ["TRADE_SECONDS", "TRADE_STATUSES", "TradeError", "Trade", "TradeItem",
           "AcceptOutcome", "propose_trade", "get_trade", "set_trade_message", "accept_trade",
           "decline_trade", "withdraw_trade", "expire_trades", "list_trades", "MAX_ITEMS"]

#: How long a proposal stays open by default.
TRADE_SECONDS = 24 * 3600
#: Every status; only ``proposed`` is open.
TRADE_STATUSES = ("proposed", "accepted", "declined", "expired", "withdrawn", "failed")
#: At most this many copies per side (keeps messages and transactions small).
MAX_ITEMS = 40


class TradeError(StorageError):
    """A trade that cannot be proposed or changed as asked; the message says why.

    Nothing was written.
    """


@dataclass(frozen=True)
class TradeItem:
    """One copy in a trade: ``side`` 0 is given by the proposer, 1 by the recipient."""

    copy_id: int
    card: str
    side: int


@dataclass(frozen=True)
class Trade:
    """A trade and its items."""

    id: int
    guild_id: str | None
    channel_id: str | None
    message_id: str | None
    proposer_id: str
    recipient_id: str
    status: str
    reason: str | None
    created_at: int
    expires_at: int
    closed_at: int | None
    items: tuple[TradeItem, ...]

    @property
    def gives(self) -> tuple[TradeItem, ...]:
        """What the proposer gives."""
        return tuple(i for i in self.items if i.side == 0)

    @property
    def wants(self) -> tuple[TradeItem, ...]:
        """What the proposer wants (the recipient gives)."""
        return tuple(i for i in self.items if i.side == 1)

    @property
    def open(self) -> bool:
        """Still waiting for an answer."""
        return self.status == "proposed"


@dataclass(frozen=True)
class AcceptOutcome:
    """What :func:`accept_trade` did: the trade now; ``ok`` if the copies moved."""

    trade: Trade
    ok: bool
    reason: str = ""


async def propose_trade(db: Database, proposer_id: str | int, recipient_id: str | int,
                        give: Sequence[int], want: Sequence[int], *,
                        guild_id: str | int | None = None, channel_id: str | int | None = None,
                        seconds: int = TRADE_SECONDS, now: int | None = None,
                        max_open: int | None = None,
                        check: Callable[[Trade], None] | None = None) -> Trade:
    """Record a proposal; :class:`TradeError` (nothing written) if it cannot be made.

    *max_open*: the proposer may have at most this many open trades (counted in the
    transaction, so racing proposals cannot pass it). *check*: called with the trade
    before it is committed; a :class:`TradeError` from it rolls the trade back (the bot
    refuses a trade whose message Discord would not show)."""
    me, them = snowflake(proposer_id, "proposer_id"), snowflake(recipient_id, "recipient_id")
    if me == them:
        raise TradeError("You cannot trade with yourself.")
    give, want = [int(i) for i in give], [int(i) for i in want]
    if not give and not want:
        raise TradeError("A trade needs at least one card on one side.")
    if len(give) > MAX_ITEMS or len(want) > MAX_ITEMS:
        raise TradeError(f"At most {MAX_ITEMS} cards on each side of a trade.")
    both = give + want
    if len(set(both)) != len(both):
        raise TradeError("The same copy is named twice.")
    at = now_seconds(now)
    async with db.transaction() as conn:
        if max_open is not None:
            async with conn.execute("SELECT count(*) FROM trades WHERE proposer_id = ? AND status = 'proposed'"
                                    " AND expires_at > ?", (me, at)) as cur:
                row = await cur.fetchone()
            if row is not None and int(row[0]) >= max_open:
                raise TradeError(f"You have {int(row[0])} open trades, the most one player may have at once. "
                                 "Withdraw one (see /trades) or wait for answers before proposing another.")
        copies = await get_copies(conn, both)
        problems = _problems(copies, [(cid, me) for cid in give] + [(cid, them) for cid in want],
                             {me: "you", them: f"<@{them}>"}, still="not", private=them)
        if problems:
            raise TradeError("That trade cannot be proposed: " + "; ".join(problems) + ".")
        cur = await conn.execute(
            "INSERT INTO trades (guild_id, channel_id, proposer_id, recipient_id, created_at,"
            " expires_at) VALUES (?, ?, ?, ?, ?, ?)",
            (None if guild_id is None else snowflake(guild_id, "guild_id"),
             None if channel_id is None else snowflake(channel_id, "channel_id"),
             me, them, at, at + int(seconds)))
        trade_id = int(cur.lastrowid or 0)
        await cur.close()
        await conn.executemany("INSERT INTO trade_items (trade_id, copy_id, side) VALUES (?, ?, ?)",
                               [(trade_id, cid, 0) for cid in give] + [(trade_id, cid, 1) for cid in want])
        trade = await _trade(conn, trade_id)
        if check is not None:
            check(trade)
        return trade


def _problems(copies: dict[int, Copy], expected: list[tuple[int, str]],
              who: dict[str, str], still: str = "no longer", private: str | None = None) -> list[str]:
    """Why the copies are not where the trade needs them (empty: all fine). For the
    copies expected from *private* (the recipient of a proposal), and for every copy
    once a trade is proposed, a copy locked in an ante duel reads like one not owned."""
    out = []
    for cid, owner in expected:
        c = copies.get(cid)
        if owner == private and (c is None or c.owner_id != owner or c.locked_in is not None):
            out.append(f"#{cid} is not one of {who.get(owner, owner)}'s copies free to trade")
        elif still == "no longer" and c is not None and (c.owner_id != owner or c.locked_in is not None):
            out.append(f"{c.label} is no longer free to trade")
        elif c is None:
            out.append(f"there is no copy #{cid}")
        elif c.owner_id != owner:
            out.append(f"{c.label} is {still} owned by {who.get(owner, owner)}")
        elif c.locked_in is not None:
            out.append(f"{c.label} is locked in duel #{c.locked_in} (played for ante) until it ends")
    return out


async def get_trade(db: Database, trade_id: int) -> Trade | None:
    """A trade with its items, or None."""
    async with db.read() as conn:
        try:
            return await _trade(conn, trade_id)
        except TradeError:
            return None


async def set_trade_message(db: Database, trade_id: int, channel_id: str | int,
                            message_id: str | int) -> None:
    """Remember the message showing the trade (the bot edits it when the trade ends)."""
    async with db.transaction() as conn:
        await conn.execute("UPDATE trades SET channel_id = ?, message_id = ? WHERE id = ?",
                           (snowflake(channel_id, "channel_id"), snowflake(message_id, "message_id"),
                            int(trade_id)))


async def accept_trade(db: Database, trade_id: int, user_id: str | int, *,
                       now: int | None = None) -> AcceptOutcome:
    """The recipient accepts: every copy re-checked and swapped, all or nothing.

    Raises :class:`TradeError` if *user_id* is not the recipient or the trade
    is no longer open (nothing written).  A trade past its expiry becomes
    ``expired`` (and ``ok`` is False).  If a copy has changed owner or is
    locked, the trade becomes ``failed`` with the reason and no copy moves.
    """
    uid = snowflake(user_id, "user_id")
    at = now_seconds(now)
    async with db.transaction() as conn:
        trade = await _trade(conn, trade_id)
        if uid != trade.recipient_id:
            raise TradeError("Only the player this trade was offered to can accept it.")
        _require_open(trade)
        if at >= trade.expires_at:
            await _close(conn, trade.id, "expired", at)
            return AcceptOutcome(await _trade(conn, trade.id), False, "the offer has expired")
        copies = await get_copies(conn, [i.copy_id for i in trade.items])
        sides = (trade.proposer_id, trade.recipient_id)
        problems = _problems(copies, [(i.copy_id, sides[i.side]) for i in trade.items],
                             {uid: f"<@{uid}>" for uid in sides})
        if problems:
            reason = "; ".join(problems)
            await _close(conn, trade.id, "failed", at, reason)
            return AcceptOutcome(await _trade(conn, trade.id), False, reason)
        for item in trade.items:
            giver, taker = sides[item.side], sides[1 - item.side]
            await transfer(conn, item.copy_id, giver, taker, kind="trade", at=at,
                           trade_id=trade.id, guild_id=trade.guild_id)
        await _close(conn, trade.id, "accepted", at)
        return AcceptOutcome(await _trade(conn, trade.id), True)


async def decline_trade(db: Database, trade_id: int, user_id: str | int, *,
                        now: int | None = None) -> Trade:
    """The recipient declines (:class:`TradeError` if not theirs or not open)."""
    return await _end(db, trade_id, user_id, "declined", "recipient", now)


async def withdraw_trade(db: Database, trade_id: int, user_id: str | int, *,
                         now: int | None = None) -> Trade:
    """The proposer withdraws (:class:`TradeError` if not theirs or not open)."""
    return await _end(db, trade_id, user_id, "withdrawn", "proposer", now)


async def _end(db: Database, trade_id: int, user_id: str | int, status: str, who: str,
               now: int | None) -> Trade:
    uid = snowflake(user_id, "user_id")
    at = now_seconds(now)
    async with db.transaction() as conn:
        trade = await _trade(conn, trade_id)
        if uid != (trade.recipient_id if who == "recipient" else trade.proposer_id):
            raise TradeError("Only the player this trade was offered to can decline it."
                             if who == "recipient" else "Only the player who proposed this trade "
                                                        "can withdraw it.")
        _require_open(trade)
        if at >= trade.expires_at:
            await _close(conn, trade.id, "expired", at)
        else:
            await _close(conn, trade.id, status, at)
        return await _trade(conn, trade.id)


async def expire_trades(db: Database, *, now: int | None = None) -> list[Trade]:
    """Close every open trade past its expiry; return them (for the bot to edit their messages)."""
    at = now_seconds(now)
    async with db.transaction() as conn:
        async with conn.execute("SELECT id FROM trades WHERE status = 'proposed' AND expires_at <= ?"
                                " ORDER BY id", (at,)) as cur:
            ids = [r["id"] for r in await cur.fetchall()]
        out = []
        for tid in ids:
            await _close(conn, tid, "expired", at)
            out.append(await _trade(conn, tid))
        return out


async def list_trades(db: Database, user_id: str | int, *, open_only: bool = True,
                      limit: int = 25) -> list[Trade]:
    """Trades *user_id* proposed or received, newest first."""
    uid = snowflake(user_id, "user_id")
    sql = "SELECT id FROM trades WHERE (proposer_id = ? OR recipient_id = ?)"
    if open_only:
        sql += " AND status = 'proposed'"
    async with db.read() as conn:
        async with conn.execute(sql + " ORDER BY id DESC LIMIT ?", (uid, uid, int(limit))) as cur:
            ids = [r["id"] for r in await cur.fetchall()]
        return [await _trade(conn, i) for i in ids]


# ------------------------------------------------------------------ helpers
def _require_open(trade: Trade) -> None:
    if trade.status != "proposed":
        raise TradeError(f"Trade #{trade.id} is already {trade.status}.")


async def _close(conn: aiosqlite.Connection, trade_id: int, status: str, at: int,
                 reason: str | None = None) -> None:
    await conn.execute("UPDATE trades SET status = ?, reason = ?, closed_at = ? WHERE id = ?"
                       " AND status = 'proposed'", (status, reason, at, trade_id))


async def _trade(conn: aiosqlite.Connection, trade_id: int) -> Trade:
    if isinstance(trade_id, bool) or not isinstance(trade_id, int):
        raise TypeError(f"a trade id is an int, not {trade_id!r}")
    async with conn.execute("SELECT * FROM trades WHERE id = ?", (trade_id,)) as cur:
        row = await cur.fetchone()
    if row is None:
        raise TradeError(f"There is no trade #{trade_id}.")
    async with conn.execute("SELECT i.copy_id, i.side, c.card FROM trade_items i"
                            " JOIN copies c ON c.id = i.copy_id WHERE i.trade_id = ?"
                            " ORDER BY i.side, c.card, i.copy_id", (trade_id,)) as cur:
        items = tuple(TradeItem(r["copy_id"], r["card"], r["side"]) for r in await cur.fetchall())
    return _from_row(row, items)


def _from_row(row: sqlite3.Row, items: tuple[TradeItem, ...]) -> Trade:
    return Trade(row["id"], row["guild_id"], row["channel_id"], row["message_id"], row["proposer_id"],
                 row["recipient_id"], row["status"], row["reason"], row["created_at"],
                 row["expires_at"], row["closed_at"], items)
