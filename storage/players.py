"""Per-user settings.  For now: phase stops.

A phase stop is a step at which the player wants to be asked even when they
have nothing obvious to do, named by a string such as ``"my upkeep"`` or
``"opponent draw"``.  The vocabulary belongs to the bot/engine; storage keeps
any non-empty strings, as a set.  A user who never chose gets None, meaning
"use the default", so the default can change without touching the database.
Further settings become further (nullable) columns of ``player_settings``,
added by migrations.
"""
from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass

from ._common import now_seconds, snowflake
from .db import Database

__all__ = ["PlayerSettings", "get_player_settings", "get_phase_stops", "get_phase_stops_many", "set_phase_stops"]


@dataclass(frozen=True)
class PlayerSettings:
    """A user's settings; None in a field means "never set: use the default"."""

    user_id: str
    phase_stops: frozenset[str] | None
    updated_at: int

    @classmethod
    def from_row(cls, row: sqlite3.Row) -> PlayerSettings:
        """Build from a ``player_settings`` row."""
        stops = row["phase_stops"]
        return cls(row["user_id"], None if stops is None else frozenset(json.loads(stops)),
                   row["updated_at"])


async def get_player_settings(db: Database, user_id: str | int) -> PlayerSettings | None:
    """*user_id*'s settings row, or None if they never changed a setting."""
    row = await db.fetchone("SELECT * FROM player_settings WHERE user_id = ?",
                            (snowflake(user_id, "user_id"),))
    return None if row is None else PlayerSettings.from_row(row)


async def get_phase_stops(db: Database, user_id: str | int) -> frozenset[str] | None:
    """*user_id*'s phase stops, or None if never set (use the default)."""
    settings = await get_player_settings(db, user_id)
    return None if settings is None else settings.phase_stops


async def get_phase_stops_many(db: Database, user_ids: Iterable[str | int]) -> dict[str, frozenset[str] | None]:
    """:func:`get_phase_stops` of several users in one query (user id -> stops or None)."""
    uids = [snowflake(u, "user_id") for u in user_ids]
    out: dict[str, frozenset[str] | None] = dict.fromkeys(uids)
    if uids:
        rows = await db.fetchall("SELECT * FROM player_settings WHERE user_id IN"
                                 f" ({', '.join('?' for _ in uids)})", uids)
        for row in rows:
            out[row["user_id"]] = PlayerSettings.from_row(row).phase_stops
    return out


async def set_phase_stops(db: Database, user_id: str | int, stops: Iterable[str] | None, *,
                          now: int | None = None) -> frozenset[str] | None:
    """Replace *user_id*'s phase stops (None: back to the default); return them."""
    uid = snowflake(user_id, "user_id")
    if stops is None:
        value, payload = None, None
    else:
        if isinstance(stops, (str, bytes)):
            raise TypeError("phase stops are a collection of strings, not one string")
        value = frozenset(stops)
        for s in value:
            if not isinstance(s, str) or not s.strip():
                raise ValueError(f"a phase stop must be a non-empty str, not {s!r}")
        payload = json.dumps(sorted(value), ensure_ascii=False, separators=(",", ":"))
    async with db.transaction() as conn:
        await conn.execute(
            "INSERT INTO player_settings (user_id, phase_stops, updated_at) VALUES (?, ?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET phase_stops = excluded.phase_stops,"
            " updated_at = excluded.updated_at", (uid, payload, now_seconds(now)))
    return value
