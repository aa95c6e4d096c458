"""Duels played for ante ("for keeps"): the copies bound to them and the settlement.

When such a duel starts, each card of each player's decklist is bound to one
copy the player owns (:func:`bind_decks`, table ``duel_copies``: duel, player,
position in the decklist, copy).  While the duel is neither finished nor
cancelled those copies are locked: they cannot be traded or bound to another
duel (the schema's triggers enforce both).

When it ends, :func:`settle` applies the ownership changes the engine
reports (``Duel.final_owners()``: the winner owns both ante cards; a draw
returns them) as ledger lines of kind ``ante``, and records the result in
``ante_results``.  It must run in the same transaction as the duel's final
decision, so the result and the change of ownership are written together;
``ante_results`` has the duel id as primary key and :func:`settle` checks it
first, so a settlement processed twice (a retry, a second process, the
start-up recovery) changes nothing the second time.
"""
from __future__ import annotations

import json
import sqlite3
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ._common import now_seconds, snowflake
from .db import Database
from .errors import DuelNotFound, StorageError
from .ledger import create_copies, transfer

__all__ = ["NotOwned", "AnteCard", "AnteResult", "bind_decks", "duel_copy_map", "settle",
           "get_ante_result", "unsettled_duels", "unannounced", "mark_announced",
           "recent_ante_results"]


class NotOwned(StorageError):
    """A deck for a duel played for ante names cards its player does not own (free of locks).

    ``missing`` maps the player index (0, 1) to {card: how many are missing}.
    Nothing was written.
    """

    def __init__(self, missing: Mapping[int, Mapping[str, int]]) -> None:
        parts = []
        for p, cards in sorted(missing.items()):
            parts.append(f"player {p}: " + ", ".join(f"{n} {c}" for c, n in sorted(cards.items())))
        super().__init__("cards not owned (or locked in another duel): " + "; ".join(parts))
        self.missing = {p: dict(c) for p, c in missing.items()}


@dataclass(frozen=True)
class AnteCard:
    """One ante card at the end: the copy (None if the duel had no copies bound), who had it."""

    copy_id: int | None
    card: str
    from_id: str
    to_id: str


@dataclass(frozen=True)
class AnteResult:
    """The settlement of a duel played for ante.  ``changed``: this call wrote it."""

    duel_id: int
    guild_id: str | None
    winner: int | None
    reason: str
    antes: tuple[AnteCard, ...]
    moved: int
    settled_at: int
    announced_at: int | None
    changed: bool = False

    @classmethod
    def from_row(cls, row: sqlite3.Row, changed: bool = False) -> AnteResult:
        """Build from an ``ante_results`` row."""
        antes = tuple(AnteCard(a["copy"], a["card"], a["from"], a["to"])
                      for a in json.loads(row["antes"]))
        return cls(row["duel_id"], row["guild_id"], row["winner"], row["reason"], antes,
                   row["moved"], row["settled_at"], row["announced_at"], changed)


async def bind_decks(db: Database, duel_id: int,
                     decks: Sequence[Sequence[str] | None]) -> dict[tuple[int, int], int]:
    """Bind each card of both decklists to a copy its player owns and that is free
    (a decklist None: that player's cards are not bound, the computer's in the Gauntlet).

    In one transaction (joining the caller's, e.g. the one that starts the
    duel): for each player, the lowest-numbered free copies of each card
    name are taken.  If a player lacks copies, :class:`NotOwned` says which,
    and nothing is bound.  Returns ``(player, position) -> copy id``.
    Binding a duel again returns the existing binding.
    """
    if len(decks) != 2:
        raise ValueError("two decklists, one per player")
    async with db.transaction() as conn:
        async with conn.execute("SELECT player0_id, player1_id, status FROM duels WHERE id = ?",
                                (int(duel_id),)) as cur:
            duel = await cur.fetchone()
        if duel is None:
            raise DuelNotFound(int(duel_id))
        existing = await _copy_map(conn, duel_id)
        if existing:
            return existing
        missing: dict[int, dict[str, int]] = {}
        chosen: dict[tuple[int, int], int] = {}
        for p, deck in enumerate(decks):
            if deck is None:
                continue
            owner = duel[f"player{p}_id"]
            free: dict[str, list[int]] = defaultdict(list)
            async with conn.execute(
                    "SELECT c.id, c.card FROM copies c WHERE c.owner_id = ? AND NOT EXISTS ("
                    " SELECT 1 FROM duel_copies dc JOIN duels d ON d.id = dc.duel_id"
                    " WHERE dc.copy_id = c.id AND d.status NOT IN ('finished', 'cancelled'))"
                    " ORDER BY c.id", (owner,)) as cur:
                for row in await cur.fetchall():
                    free[row["card"]].append(row["id"])
            for pos, name in enumerate(deck):
                pile = free.get(name)
                if pile:
                    chosen[(p, pos)] = pile.pop(0)
                else:
                    missing.setdefault(p, {}).setdefault(name, 0)
                    missing[p][name] += 1
        if missing:
            raise NotOwned(missing)
        await conn.executemany(
            "INSERT INTO duel_copies (duel_id, player, position, copy_id) VALUES (?, ?, ?, ?)",
            [(int(duel_id), p, pos, cid) for (p, pos), cid in sorted(chosen.items())])
        return chosen


async def duel_copy_map(db: Database, duel_id: int) -> dict[tuple[int, int], int]:
    """``(player, position) -> copy id`` for a duel (empty if none were bound)."""
    async with db.read() as conn:
        return await _copy_map(conn, duel_id)


async def _copy_map(conn: Any, duel_id: int) -> dict[tuple[int, int], int]:
    async with conn.execute("SELECT player, position, copy_id FROM duel_copies WHERE duel_id = ?",
                            (int(duel_id),)) as cur:
        return {(r["player"], r["position"]): r["copy_id"] for r in await cur.fetchall()}


async def settle(db: Database, duel_id: int, final_owners: Mapping[tuple[int, int], int],
                 antes: Sequence[tuple[tuple[int, int], str, int]], *,
                 unbound: Mapping[tuple[int, int], tuple[str, str]] | None = None,
                 now: int | None = None) -> AnteResult:
    """Apply a finished ante duel's changes of ownership, exactly once.

    *final_owners*: ``(player, position) -> player`` who owns that card of
    the decklists now (the engine's ``Duel.final_owners()``); every entry whose
    owner differs from the deck it came from moves the bound copy to the
    other player, with a ledger line ``ante`` naming the duel.  *antes*: the
    cards in the ante zones at the end, as ``((player, position), card name,
    owner now)``, recorded for the announcement and ``/ante log``.

    Must run inside (or as) the transaction that finishes the duel; the duel
    must be finished.  If it was settled already, nothing is written and the
    stored result is returned with ``changed`` False.  If a copy is no longer
    where the binding says (it cannot be, while the lock holds), the whole
    transaction fails with :class:`~storage.ledger.OwnershipError`.

    *unbound*: ``(player, position) -> (card, printing)`` of the cards of a
    deck that had no copies bound (the computer's, in a Gauntlet played for
    ante: its preconstructed deck is not a collection) and that end owned by
    the other player. Each comes into being then: a copy created for the
    unbound player's id (a ``grant`` line, by that id: the computer gave it)
    and moved at once to the winner (an ``ante`` line naming the duel), so
    the ledger says where the card came from.
    """
    at = now_seconds(now)
    async with db.transaction() as conn:
        async with conn.execute("SELECT * FROM ante_results WHERE duel_id = ?", (int(duel_id),)) as cur:
            row = await cur.fetchone()
        if row is not None:
            return AnteResult.from_row(row)
        async with conn.execute("SELECT * FROM duels WHERE id = ?", (int(duel_id),)) as cur:
            duel = await cur.fetchone()
        if duel is None:
            raise DuelNotFound(int(duel_id))
        if duel["status"] != "finished":
            raise StorageError(f"duel #{duel_id} is {duel['status']}: only a finished duel is settled")
        ids = (duel["player0_id"], duel["player1_id"])
        copies = await _copy_map(conn, duel_id)
        moved = 0
        if copies:
            for (p, pos), owner in sorted(final_owners.items()):
                if owner == p:
                    continue
                cid = copies.get((p, pos))
                if cid is None and unbound and (p, pos) in unbound:
                    [cid] = await create_copies(conn, ids[p], [unbound[(p, pos)]], kind="grant", at=at,
                                                by_id=ids[p], guild_id=duel["guild_id"])
                    copies[(p, pos)] = cid
                if cid is None:
                    raise StorageError(f"duel #{duel_id}: no copy bound to card {pos} of player {p}")
                await transfer(conn, cid, ids[p], ids[owner], kind="ante", at=at,
                               duel_id=int(duel_id), guild_id=duel["guild_id"])
                moved += 1
        record = [{"copy": copies.get(origin), "card": name, "from": ids[origin[0]], "to": ids[owner]}
                  for origin, name, owner in antes]
        await conn.execute(
            "INSERT INTO ante_results (duel_id, guild_id, winner, reason, antes, moved, settled_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (int(duel_id), duel["guild_id"], duel["winner"], duel["result"],
             json.dumps(record, ensure_ascii=False), moved, at))
        async with conn.execute("SELECT * FROM ante_results WHERE duel_id = ?", (int(duel_id),)) as cur:
            row = await cur.fetchone()
    assert row is not None
    return AnteResult.from_row(row, changed=True)


async def get_ante_result(db: Database, duel_id: int) -> AnteResult | None:
    """The settlement of a duel, or None (not an ante duel, or not settled yet)."""
    row = await db.fetchone("SELECT * FROM ante_results WHERE duel_id = ?", (int(duel_id),))
    return None if row is None else AnteResult.from_row(row)


async def unsettled_duels(db: Database) -> list[int]:
    """Finished duels played for ante that have no settlement yet (for start-up recovery)."""
    rows = await db.fetchall(
        "SELECT d.id FROM duels d WHERE d.status = 'finished'"
        # options are JSON written by storage.duels._dump_options (no spaces): portable SQL
        # instead of SQLite's json_extract
        " AND (d.options LIKE '%\"ante\":true%' OR d.options LIKE '%\"ante\":1,%'"
        " OR d.options LIKE '%\"ante\":1}%')"
        " AND NOT EXISTS (SELECT 1 FROM ante_results a WHERE a.duel_id = d.id) ORDER BY d.id")
    return [r["id"] for r in rows]


async def unannounced(db: Database) -> list[AnteResult]:
    """Settlements not yet announced in their duel's thread, oldest first."""
    rows = await db.fetchall("SELECT * FROM ante_results WHERE announced_at IS NULL ORDER BY duel_id")
    return [AnteResult.from_row(r) for r in rows]


async def mark_announced(db: Database, duel_id: int, *, now: int | None = None) -> bool:
    """Record that the result was announced; False if it already was (announce once)."""
    async with db.transaction() as conn:
        cur = await conn.execute("UPDATE ante_results SET announced_at = ? WHERE duel_id = ?"
                                 " AND announced_at IS NULL", (now_seconds(now), int(duel_id)))
        n = cur.rowcount
        await cur.close()
    return n > 0


async def recent_ante_results(db: Database, guild_id: str | int | None, *,
                              limit: int = 10) -> list[AnteResult]:
    """A server's most recent settled ante duels, newest first."""
    if guild_id is None:
        rows = await db.fetchall("SELECT * FROM ante_results WHERE guild_id IS NULL"
                                 " ORDER BY settled_at DESC, duel_id DESC LIMIT ?", (int(limit),))
    else:
        rows = await db.fetchall("SELECT * FROM ante_results WHERE guild_id = ?"
                                 " ORDER BY settled_at DESC, duel_id DESC LIMIT ?",
                                 (snowflake(guild_id, "guild_id"), int(limit)))
    return [AnteResult.from_row(r) for r in rows]
