"""The ``/trade`` drafts composed with menus, stored so that any worker continues one.

A draft (:class:`bot.collection_commands.TradeComposer`) is an ephemeral message with two
select menus and a Propose button; what the proposer chose so far is here, keyed by the
draft's id (in the menus' custom ids), until it is proposed or it expires. A restart keeps
it, as it keeps everything else a user was shown. Times are unix seconds.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ._common import snowflake
from .db import Database

__all__ = ["TradeDraft", "create_draft", "get_draft", "set_draft_choice", "drop_draft",
           "delete_expired_drafts"]

_DELETE_EXPIRED = "DELETE FROM trade_drafts WHERE expires_at <= ?"


@dataclass(frozen=True)
class TradeDraft:
    """A draft: who proposes to whom, where, and the choices so far: the proposer's copies
    they give (ids) and the names of the cards they want of the recipient's."""

    draft: str
    proposer_id: str
    recipient_id: str
    guild_id: str | None
    channel_id: str | None
    give: tuple[int, ...]
    want: tuple[str, ...]
    expires_at: float


async def create_draft(db: Database, draft: str, proposer_id: str | int, recipient_id: str | int, *,
                       guild_id: str | int | None, channel_id: str | int | None, now: float,
                       expires_at: float, give: Sequence[int] = (), want: Sequence[str] = ()) -> None:
    """Store a draft (new: nothing chosen yet; or put back as it was), expiring at
    *expires_at*; drafts expired by *now* (anyone's) are deleted on the way."""
    async with db.transaction() as conn:
        await conn.execute(_DELETE_EXPIRED, (now,))
        await conn.execute(
            "INSERT INTO trade_drafts (draft, proposer_id, recipient_id, guild_id, channel_id, give, want,"
            " expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (draft, snowflake(proposer_id, "proposer_id"), snowflake(recipient_id, "recipient_id"),
             None if guild_id is None else snowflake(guild_id, "guild_id"),
             None if channel_id is None else snowflake(channel_id, "channel_id"),
             ",".join(str(int(i)) for i in give), "\n".join(want), expires_at))


async def get_draft(db: Database, draft: str, *, now: float) -> TradeDraft | None:
    """The draft, or None when there is none or it expired."""
    r = await db.fetchone("SELECT * FROM trade_drafts WHERE draft = ? AND expires_at > ?", (draft, now))
    if r is None:
        return None
    return TradeDraft(r["draft"], r["proposer_id"], r["recipient_id"], r["guild_id"], r["channel_id"],
                      tuple(int(i) for i in r["give"].split(",") if i),
                      tuple(n for n in r["want"].split("\n") if n), float(r["expires_at"]))


async def set_draft_choice(db: Database, draft: str, *, give: Sequence[int] | None = None,
                           want: Sequence[str] | None = None, now: float) -> bool:
    """Replace what the draft gives (copy ids) or wants (card names); False when the draft
    is gone or expired (nothing written)."""
    if give is not None:
        sql, value = "UPDATE trade_drafts SET give = ?", ",".join(str(int(i)) for i in give)
    elif want is not None:
        if any("\n" in n for n in want):
            raise ValueError("a card name has no line break")
        sql, value = "UPDATE trade_drafts SET want = ?", "\n".join(want)
    else:
        raise ValueError("set_draft_choice needs give or want")
    async with db.transaction() as conn:
        cur = await conn.execute(sql + " WHERE draft = ? AND expires_at > ?", (value, draft, now))
        return bool(cur.rowcount)


async def drop_draft(db: Database, draft: str) -> bool:
    """Delete the draft (proposed); False when it was already gone, so that of two clicks
    on Propose only one proposes."""
    async with db.transaction() as conn:
        cur = await conn.execute("DELETE FROM trade_drafts WHERE draft = ?", (draft,))
        return bool(cur.rowcount)


async def delete_expired_drafts(db: Database, *, now: float) -> int:
    """Delete the drafts (anyone's) expired by *now*; how many. The clock sweep does it
    (bot.collection_commands.sweep_trades), so that drafts left unproposed do not stay
    until someone's next ``/trade``."""
    async with db.transaction() as conn:
        cur = await conn.execute(_DELETE_EXPIRED, (now,))
        return max(0, int(cur.rowcount))
