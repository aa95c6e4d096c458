"""The ledger: every change of ownership of every card copy, append-only.

A copy comes into being with one ledger line (``grant`` or ``starter``,
``from_id`` NULL) and changes owner only with another (``trade`` or
``ante``, naming the trade or duel).  The schema enforces it (see migration 3
in :mod:`storage.migrations`): a transfer must start from the copy's current
owner, ``copies.owner_id`` may only change to what the newest ledger line of
the copy says, and neither ledger lines nor copies are ever deleted.  So the
ledger replays to the current ownership (:func:`replay`), which the property
tests check after thousands of random operations.

The functions taking a ``conn`` run inside the caller's transaction (they
are the building blocks of :mod:`storage.collections`, :mod:`storage.trades`
and :mod:`storage.ante`, whose one transaction holds the whole change); the
ones taking a :class:`~storage.db.Database` read on their own.
"""
from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass

import aiosqlite

from ._common import snowflake
from .db import Database
from .errors import StorageError

__all__ = ["KINDS", "CREATION_KINDS", "LedgerLine", "OwnershipError", "create_copies", "transfer",
           "copy_history", "player_history", "replay", "check_ledger"]

#: Every kind of ledger line.
KINDS = ("grant", "starter", "ante", "trade")
#: Kinds that bring a copy into being (no previous owner).
CREATION_KINDS = frozenset({"grant", "starter"})


class OwnershipError(StorageError):
    """A copy is not where a change of ownership expected it (nothing was written)."""


@dataclass(frozen=True)
class LedgerLine:
    """One change of ownership of one copy (``from_id`` None: the copy was created)."""

    id: int
    copy_id: int
    card: str
    kind: str
    from_id: str | None
    to_id: str
    duel_id: int | None
    trade_id: int | None
    by_id: str | None
    guild_id: str | None
    at: int

    @classmethod
    def from_row(cls, row: sqlite3.Row) -> LedgerLine:
        """Build from a ``ledger`` row joined with ``copies.card``."""
        return cls(row["id"], row["copy_id"], row["card"], row["kind"], row["from_id"],
                   row["to_id"], row["duel_id"], row["trade_id"], row["by_id"], row["guild_id"],
                   row["at"])


async def create_copies(conn: aiosqlite.Connection, owner_id: str | int,
                        cards: Sequence[tuple[str, str]], *, kind: str, at: int,
                        by_id: str | int | None = None,
                        guild_id: str | int | None = None) -> list[int]:
    """Create one copy per ``(card name, printing)`` owned by *owner_id*; their ids.

    Each gets its creation line in the ledger.  Runs in the caller's write
    transaction.
    """
    if kind not in CREATION_KINDS:
        raise ValueError(f"copies are created by {sorted(CREATION_KINDS)}, not {kind!r}")
    owner = snowflake(owner_id, "owner_id")
    by = None if by_id is None else snowflake(by_id, "by_id")
    guild = None if guild_id is None else snowflake(guild_id, "guild_id")
    ids = []
    for name, printing in cards:
        if not isinstance(name, str) or not name:
            raise ValueError(f"a card name must be a non-empty str, not {name!r}")
        cur = await conn.execute(
            "INSERT INTO copies (card, printing, owner_id, acquired_at, acquired_how, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?)", (name, printing, owner, at, kind, at))
        copy_id = int(cur.lastrowid or 0)
        await cur.close()
        await conn.execute(
            "INSERT INTO ledger (copy_id, kind, from_id, to_id, by_id, guild_id, at)"
            " VALUES (?, ?, NULL, ?, ?, ?, ?)", (copy_id, kind, owner, by, guild, at))
        ids.append(copy_id)
    return ids


async def transfer(conn: aiosqlite.Connection, copy_id: int, from_id: str, to_id: str, *,
                   kind: str, at: int, duel_id: int | None = None, trade_id: int | None = None,
                   guild_id: str | None = None) -> None:
    """Move *copy_id* from *from_id* to *to_id*: a ledger line, then the owner.

    Raises :class:`OwnershipError` if *from_id* does not own the copy now
    (re-checked here, inside the caller's transaction).  The schema's triggers
    also refuse a copy bound to a running duel.
    """
    if kind in CREATION_KINDS or kind not in KINDS:
        raise ValueError(f"a transfer is one of 'ante', 'trade', not {kind!r}")
    async with conn.execute("SELECT owner_id FROM copies WHERE id = ?", (copy_id,)) as cur:
        row = await cur.fetchone()
    if row is None:
        raise OwnershipError(f"there is no copy #{copy_id}")
    if row["owner_id"] != from_id:
        raise OwnershipError(f"copy #{copy_id} is not owned by {from_id}")
    await conn.execute(
        "INSERT INTO ledger (copy_id, kind, from_id, to_id, duel_id, trade_id, guild_id, at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (copy_id, kind, from_id, to_id, duel_id, trade_id, guild_id, at))
    await conn.execute("UPDATE copies SET owner_id = ?, acquired_at = ?, acquired_how = ?"
                       " WHERE id = ?", (to_id, at, kind, copy_id))


_LINES = ("SELECT l.*, c.card FROM ledger l JOIN copies c ON c.id = l.copy_id")


async def copy_history(db: Database, copy_id: int) -> list[LedgerLine]:
    """Every owner of the copy, oldest first (empty if there is no such copy)."""
    rows = await db.fetchall(_LINES + " WHERE l.copy_id = ? ORDER BY l.id", (int(copy_id),))
    return [LedgerLine.from_row(r) for r in rows]


async def player_history(db: Database, user_id: str | int, *, kinds: Sequence[str] = KINDS,
                         limit: int = 50) -> list[LedgerLine]:
    """Ledger lines where *user_id* gained or lost a copy, newest first."""
    uid = snowflake(user_id, "user_id")
    wanted = [k for k in kinds if k in KINDS]
    if not wanted:
        return []
    marks = ", ".join("?" for _ in wanted)
    rows = await db.fetchall(
        _LINES + f" WHERE (l.to_id = ? OR l.from_id = ?) AND l.kind IN ({marks})"
        " ORDER BY l.id DESC LIMIT ?", (uid, uid, *wanted, int(limit)))
    return [LedgerLine.from_row(r) for r in rows]


async def replay(db: Database) -> dict[int, str]:
    """Ownership as the ledger tells it: copy id -> owner, replaying every line in order.

    Raises :class:`OwnershipError` if a line does not follow from the ones
    before it (a transfer from someone who did not own the copy, a copy
    created twice or moved before it existed).
    """
    owners: dict[int, str] = {}
    async with db.read() as conn:
        async with conn.execute("SELECT id, copy_id, from_id, to_id FROM ledger ORDER BY id") as cur:
            async for row in cur:
                cid = row["copy_id"]
                if row["from_id"] is None:
                    if cid in owners:
                        raise OwnershipError(f"ledger line {row['id']}: copy #{cid} created twice")
                elif owners.get(cid) != row["from_id"]:
                    raise OwnershipError(f"ledger line {row['id']}: copy #{cid} moved from "
                                         f"{row['from_id']}, who did not own it")
                owners[cid] = row["to_id"]
    return owners


async def check_ledger(db: Database) -> list[str]:
    """Problems found comparing the ledger's replay with the ``copies`` table (none: [])."""
    problems: list[str] = []
    try:
        owners = await replay(db)
    except OwnershipError as e:
        return [str(e)]
    rows = await db.fetchall("SELECT id, owner_id FROM copies")
    table = {r["id"]: r["owner_id"] for r in rows}
    for cid in sorted(set(owners) | set(table)):
        if owners.get(cid) != table.get(cid):
            problems.append(f"copy #{cid}: the ledger says {owners.get(cid)}, "
                            f"the collection says {table.get(cid)}")
    return problems
