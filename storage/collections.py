"""Card collections: every owned copy of a card is one row.

A copy has an id (never reused), a card name, a printing (set code), an
owner (a Discord user id) and when and how its owner got it.  Copies come
into being by a grant (an admin's ``/admin grant``) or a starter (``/start``,
once per player), each with its line in the ledger (:mod:`storage.ledger`);
afterwards they only change owner, through trades (:mod:`storage.trades`) and
ante (:mod:`storage.ante`).

A copy is *locked* while it is bound to a duel played for ante that is still
going on (``duel_copies`` joined with the duel's status): it cannot be traded
away nor bound to another such duel.  The lock ends by itself when the duel
is finished or cancelled.

Storage does not know the card database: filters by color, type or rarity,
and the choice of a starter's cards, belong to the caller (the bot, which has
the engine's card data).  Server settings (the starter's rarity mix, whether
basic lands are excluded from ante) live here too.
"""
from __future__ import annotations

import json
import sqlite3
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import aiosqlite

from ._common import now_seconds, snowflake
from .db import Database
from .errors import StorageError
from .ledger import create_copies

__all__ = ["Copy", "StarterAlreadyGiven", "GuildSettings", "grant_cards", "grant_starter",
           "has_starter", "get_copy", "get_copies", "list_copies", "owned_counts",
           "missing_cards", "locked_copies", "count_copies", "get_guild_settings",
           "set_guild_settings"]

_COPY = ("SELECT c.*, (SELECT dc.duel_id FROM duel_copies dc JOIN duels d ON d.id = dc.duel_id"
         " WHERE dc.copy_id = c.id AND d.status NOT IN ('finished', 'cancelled')) AS locked_in"
         " FROM copies c")


class StarterAlreadyGiven(StorageError):
    """``/start`` a second time: a player gets one starter (nothing was written)."""

    def __init__(self, user_id: str, granted_at: int) -> None:
        super().__init__(f"{user_id} already received a starter collection")
        self.user_id, self.granted_at = user_id, granted_at


@dataclass(frozen=True)
class Copy:
    """One physical copy of a card.  ``locked_in``: the running duel it is bound to."""

    id: int
    card: str
    printing: str
    owner_id: str
    acquired_at: int
    acquired_how: str
    created_at: int
    locked_in: int | None = None

    @classmethod
    def from_row(cls, row: sqlite3.Row) -> Copy:
        """Build from a ``copies`` row (with the ``locked_in`` column of the queries here)."""
        keys = row.keys()
        return cls(row["id"], row["card"], row["printing"], row["owner_id"], row["acquired_at"],
                   row["acquired_how"], row["created_at"],
                   row["locked_in"] if "locked_in" in keys else None)

    @property
    def label(self) -> str:
        """``#12 Lightning Bolt``: how messages name a copy."""
        return f"#{self.id} {self.card}"


@dataclass(frozen=True)
class GuildSettings:
    """A server's collection settings; None in ``starter_mix`` means the default."""

    guild_id: str
    ante_excludes_basic: bool = False
    starter_mix: dict[str, int] | None = None


# ------------------------------------------------------------------ creating
async def grant_cards(db: Database, owner_id: str | int, cards: Sequence[tuple[str, str]], *,
                      by_id: str | int | None = None, guild_id: str | int | None = None,
                      now: int | None = None) -> list[Copy]:
    """Give *owner_id* new copies (``(name, printing)`` each), one transaction; return them."""
    if not cards:
        raise ValueError("nothing to grant")
    at = now_seconds(now)
    async with db.transaction() as conn:
        ids = await create_copies(conn, owner_id, cards, kind="grant", at=at, by_id=by_id,
                                  guild_id=guild_id)
        return await _copies(conn, ids)


async def grant_starter(db: Database, user_id: str | int, cards: Sequence[tuple[str, str]], *,
                        seed: int, guild_id: str | int | None = None,
                        by_id: str | int | None = None, once: bool = True,
                        now: int | None = None) -> list[Copy]:
    """Give *user_id* a starter collection (the cards chosen by the caller from *seed*).

    With *once* (``/start``), a player who already received a starter gets
    :class:`StarterAlreadyGiven` and nothing; the check and the grant are one
    transaction, so two racing ``/start`` give one starter.  An admin's grant
    of a starter passes ``once=False`` and *by_id*.
    """
    uid = snowflake(user_id, "user_id")
    if not cards:
        raise ValueError("an empty starter")
    at = now_seconds(now)
    guild = None if guild_id is None else snowflake(guild_id, "guild_id")
    async with db.transaction() as conn:
        async with conn.execute("SELECT granted_at FROM starters WHERE user_id = ?", (uid,)) as cur:
            row = await cur.fetchone()
        if once:
            if row is not None:
                raise StarterAlreadyGiven(uid, row["granted_at"])
            await conn.execute("INSERT INTO starters (user_id, guild_id, seed, granted_at)"
                               " VALUES (?, ?, ?, ?)", (uid, guild, int(seed), at))
        ids = await create_copies(conn, uid, cards, kind="starter", at=at, by_id=by_id,
                                  guild_id=guild)
        return await _copies(conn, ids)


async def has_starter(db: Database, user_id: str | int) -> bool:
    """Whether *user_id* already used ``/start``."""
    return await db.fetchone("SELECT 1 FROM starters WHERE user_id = ?",
                             (snowflake(user_id, "user_id"),)) is not None


# ------------------------------------------------------------------- reading
async def get_copy(db: Database, copy_id: int) -> Copy | None:
    """One copy (with its lock), or None."""
    row = await db.fetchone(_COPY + " WHERE c.id = ?", (int(copy_id),))
    return None if row is None else Copy.from_row(row)


async def get_copies(conn: aiosqlite.Connection, ids: Iterable[int]) -> dict[int, Copy]:
    """Several copies by id, read on *conn* (inside the caller's transaction)."""
    wanted = sorted({int(i) for i in ids})
    out: dict[int, Copy] = {}
    for start in range(0, len(wanted), 500):
        chunk = wanted[start:start + 500]
        marks = ", ".join("?" for _ in chunk)
        async with conn.execute(_COPY + f" WHERE c.id IN ({marks})", chunk) as cur:
            for row in await cur.fetchall():
                out[row["id"]] = Copy.from_row(row)
    return out


async def list_copies(db: Database, owner_id: str | int, *, name: str | None = None) -> list[Copy]:
    """*owner_id*'s copies, by card name then id; *name*: only that card (any case)."""
    uid = snowflake(owner_id, "owner_id")
    if name is None:
        rows = await db.fetchall(_COPY + " WHERE c.owner_id = ? ORDER BY c.card, c.id", (uid,))
    else:
        rows = await db.fetchall(_COPY + " WHERE c.owner_id = ? AND c.card = ? COLLATE NOCASE"
                                 " ORDER BY c.id", (uid, name))
    return [Copy.from_row(r) for r in rows]


async def count_copies(db: Database) -> int:
    """How many copies exist (owned by anyone)."""
    row = await db.fetchone("SELECT count(*) FROM copies")
    return int(row[0]) if row else 0


async def owned_counts(db: Database, owner_id: str | int, *,
                       unlocked_only: bool = False) -> Counter[str]:
    """How many copies of each card *owner_id* owns (only those free to use, if asked)."""
    copies = await list_copies(db, owner_id)
    return Counter(c.card for c in copies if not (unlocked_only and c.locked_in is not None))


async def locked_copies(db: Database, owner_id: str | int) -> dict[int, int]:
    """*owner_id*'s locked copies: copy id -> the running duel holding it."""
    return {c.id: c.locked_in for c in await list_copies(db, owner_id) if c.locked_in is not None}


async def missing_cards(db: Database, owner_id: str | int, cards: Iterable[str], *,
                        unlocked_only: bool = True) -> dict[str, int]:
    """For a decklist: card -> how many more copies *owner_id* would need (empty: none).

    With *unlocked_only*, copies locked in a running duel do not count (they
    cannot be used for another ante duel).
    """
    need = Counter(cards)
    have = await owned_counts(db, owner_id, unlocked_only=unlocked_only)
    return {card: n - have.get(card, 0) for card, n in sorted(need.items()) if n > have.get(card, 0)}


# ------------------------------------------------------------------ settings
async def get_guild_settings(db: Database, guild_id: str | int | None) -> GuildSettings:
    """The server's settings (defaults when never set or outside a server)."""
    if guild_id is None:
        return GuildSettings("")
    gid = snowflake(guild_id, "guild_id")
    row = await db.fetchone("SELECT * FROM guild_settings WHERE guild_id = ?", (gid,))
    if row is None:
        return GuildSettings(gid)
    mix = None if row["starter_mix"] is None else dict(json.loads(row["starter_mix"]))
    return GuildSettings(gid, bool(row["ante_excludes_basic"]), mix)


async def set_guild_settings(db: Database, guild_id: str | int, *,
                             ante_excludes_basic: bool | None = None,
                             starter_mix: Mapping[str, int] | None = None,
                             reset_starter_mix: bool = False,
                             now: int | None = None) -> GuildSettings:
    """Change some of the server's settings (None: leave as is); return them all."""
    gid = snowflake(guild_id, "guild_id")
    if starter_mix is not None:
        for k, v in starter_mix.items():
            if not isinstance(k, str) or isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise ValueError(f"a starter mix maps names to counts >= 0, not {k!r}: {v!r}")
    at = now_seconds(now)
    async with db.transaction() as conn:
        current = await get_guild_settings(db, gid)
        excl = current.ante_excludes_basic if ante_excludes_basic is None else bool(ante_excludes_basic)
        mix = None if reset_starter_mix else (current.starter_mix if starter_mix is None
                                              else dict(starter_mix))
        await conn.execute(
            "INSERT INTO guild_settings (guild_id, ante_excludes_basic, starter_mix, updated_at)"
            " VALUES (?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET"
            " ante_excludes_basic = excluded.ante_excludes_basic,"
            " starter_mix = excluded.starter_mix, updated_at = excluded.updated_at",
            (gid, int(excl), None if mix is None else json.dumps(mix, sort_keys=True), at))
    return GuildSettings(gid, excl, mix)


async def _copies(conn: aiosqlite.Connection, ids: list[int]) -> list[Copy]:
    found = await get_copies(conn, ids)
    return [found[i] for i in ids]
