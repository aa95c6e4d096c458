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
           "set_guild_settings", "Group", "CollectionPage", "collection_page", "copies_of",
           "free_card_choices", "has_locked"]

_COPY = ("SELECT c.*, (SELECT dc.duel_id FROM duel_copies dc JOIN duels d ON d.id = dc.duel_id"
         " WHERE dc.copy_id = c.id AND d.status NOT IN ('finished', 'cancelled')) AS locked_in"
         " FROM copies c")


# the copy ``c`` is bound to a duel still going on
_LOCKED = ("EXISTS (SELECT 1 FROM duel_copies dc JOIN duels d ON d.id = dc.duel_id"
           " WHERE dc.copy_id = c.id AND d.status NOT IN ('finished', 'cancelled'))")


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


@dataclass(frozen=True)
class Group:
    """The copies of one card in one printing that a player owns: how many, and the first few."""

    card: str
    printing: str
    count: int
    first: tuple[Copy, ...]


@dataclass(frozen=True)
class CollectionPage:
    """One page of a collection's groups, with the totals of the whole (filtered) collection."""

    copies: int
    groups: int
    page: tuple[Group, ...]


async def collection_page(db: Database, owner_id: str | int, *, offset: int, limit: int,
                          cards: Sequence[str] | None = None, printing: str | None = None,
                          first: int = 8) -> CollectionPage:
    """Groups ``offset .. offset+limit`` of *owner_id*'s copies by (card, printing), in that
    order, counted and paged by SQLite: a player with 100,000 copies costs one page, not
    100,000 rows. *cards*: only these card names (the caller's filters); *printing*: only it;
    *first*: how many copies of each group are listed (lowest ids)."""
    uid = snowflake(owner_id, "owner_id")
    where, params = "owner_id = ?", [uid]
    if cards is not None:
        if not cards:
            return CollectionPage(0, 0, ())
        where += f" AND card IN ({', '.join('?' for _ in cards)})"
        params += list(cards)
    if printing is not None:
        where += " AND printing = ?"
        params.append(printing)
    async with db.read() as conn:
        async with conn.execute(f"SELECT count(*), coalesce(sum(n), 0) FROM (SELECT count(*) AS n FROM copies"
                                f" WHERE {where} GROUP BY card, printing) AS g", params) as cur:
            row = await cur.fetchone()
        groups, total = (int(row[0]), int(row[1])) if row else (0, 0)
        async with conn.execute(f"SELECT card, printing, count(*) AS n FROM copies WHERE {where}"
                                " GROUP BY card, printing ORDER BY card, printing LIMIT ? OFFSET ?",
                                [*params, int(limit), int(offset)]) as cur:
            heads = list(await cur.fetchall())
        page = []
        for h in heads:
            async with conn.execute(_COPY + " WHERE c.owner_id = ? AND c.card = ? AND c.printing = ?"
                                    " ORDER BY c.id LIMIT ?", (uid, h["card"], h["printing"], int(first))) as cur:
                some = tuple(Copy.from_row(r) for r in await cur.fetchall())
            page.append(Group(h["card"], h["printing"], int(h["n"]), some))
    return CollectionPage(total, groups, tuple(page))


async def has_locked(db: Database, owner_id: str | int) -> bool:
    """Whether any of *owner_id*'s copies is locked in a running duel for ante."""
    uid = snowflake(owner_id, "owner_id")
    return await db.fetchone(
        "SELECT 1 FROM duel_copies dc JOIN duels d ON d.id = dc.duel_id JOIN copies c ON c.id = dc.copy_id"
        " WHERE c.owner_id = ? AND d.status NOT IN ('finished', 'cancelled') LIMIT 1", (uid,)) is not None


async def copies_of(db: Database, owner_id: str | int, card: str, *, limit: int) -> list[Copy]:
    """At most *limit* of *owner_id*'s copies of *card* (any case): the free ones first,
    then the locked ones, each by id."""
    uid = snowflake(owner_id, "owner_id")
    rows = await db.fetchall(_COPY + " WHERE c.owner_id = ? AND c.card = ? COLLATE NOCASE"
                             " ORDER BY " + _LOCKED + ", c.id LIMIT ?", (uid, card, int(limit)))
    return [Copy.from_row(r) for r in rows]


async def free_card_choices(db: Database, owner_id: str | int, *, limit: int) -> list[tuple[str, int, int]]:
    """``(card, lowest free copy id, free copies)`` for the first *limit* cards by name of
    which *owner_id* has a copy free to trade (counted by SQLite)."""
    uid = snowflake(owner_id, "owner_id")
    rows = await db.fetchall(f"SELECT card, min(id) AS first, count(*) AS n FROM copies c"
                             f" WHERE owner_id = ? AND NOT {_LOCKED} GROUP BY card ORDER BY card LIMIT ?",
                             (uid, int(limit)))
    return [(r["card"], int(r["first"]), int(r["n"])) for r in rows]


async def count_copies(db: Database) -> int:
    """How many copies exist (owned by anyone)."""
    row = await db.fetchone("SELECT count(*) FROM copies")
    return int(row[0]) if row else 0


async def owned_counts(db: Database, owner_id: str | int, *,
                       unlocked_only: bool = False) -> Counter[str]:
    """How many copies of each card *owner_id* owns (only those free to use, if asked)."""
    uid = snowflake(owner_id, "owner_id")
    free = f" AND NOT {_LOCKED}" if unlocked_only else ""
    rows = await db.fetchall(f"SELECT card, count(*) AS n FROM copies c WHERE owner_id = ?{free} GROUP BY card",
                             (uid,))
    return Counter({r["card"]: int(r["n"]) for r in rows})


async def locked_copies(db: Database, owner_id: str | int) -> dict[int, int]:
    """*owner_id*'s locked copies: copy id -> the running duel holding it."""
    uid = snowflake(owner_id, "owner_id")
    rows = await db.fetchall("SELECT dc.copy_id, dc.duel_id FROM duel_copies dc JOIN duels d ON d.id = dc.duel_id"
                             " JOIN copies c ON c.id = dc.copy_id"
                             " WHERE c.owner_id = ? AND d.status NOT IN ('finished', 'cancelled')", (uid,))
    return {int(r[0]): int(r[1]) for r in rows}


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
