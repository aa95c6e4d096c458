"""One stored snapshot per duel (:meth:`engine.Duel.snapshot`): a cache that
lets the bot rebuild a long duel without replaying all of it.

The duel's decisions stay the truth. A snapshot is written in the same
transaction as the decisions that led to it (so it never names decisions
that are not on disk), replaces the duel's previous one, and is used only by
the engine version that made it (``engine_version``); losing one, or
ignoring a stale one, costs a full replay and nothing else.
"""
from __future__ import annotations

from .db import Database
from .locks import duel_lock

__all__ = ["save_snapshot", "load_snapshot", "delete_snapshot"]


async def save_snapshot(db: Database, duel_id: int, engine_version: str, seq: int, blob: bytes) -> None:
    """Store *blob*, made by *engine_version* at the duel's decision *seq*
    (how many decisions came before it), as the duel's snapshot."""
    if isinstance(seq, bool) or not isinstance(seq, int) or seq < 0:
        raise ValueError(f"seq must be an int >= 0, not {seq!r}")
    if not isinstance(blob, bytes) or not blob:
        raise ValueError("a snapshot is non-empty bytes")
    async with db.transaction(lock=duel_lock(duel_id)) as conn:  # this duel's row only
        await conn.execute(
            "INSERT INTO duel_snapshots (duel_id, engine_version, seq, blob) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (duel_id) DO UPDATE SET engine_version = excluded.engine_version,"
            " seq = excluded.seq, blob = excluded.blob", (int(duel_id), str(engine_version), seq, blob))


async def load_snapshot(db: Database, duel_id: int, engine_version: str) -> tuple[int, bytes] | None:
    """(seq, blob) of the duel's snapshot if *engine_version* made it; None otherwise."""
    row = await db.fetchone("SELECT seq, blob FROM duel_snapshots WHERE duel_id = ? AND engine_version = ?",
                            (int(duel_id), str(engine_version)))
    return None if row is None else (int(row["seq"]), bytes(row["blob"]))


async def delete_snapshot(db: Database, duel_id: int) -> None:
    async with db.transaction() as conn:
        await conn.execute("DELETE FROM duel_snapshots WHERE duel_id = ?", (int(duel_id),))
