"""Vacations: while one runs, a player's clocks stop (the rule is :mod:`bot.service`'s).
One row per vacation taken: when it starts and ends, and the days it counts."""
from __future__ import annotations

from collections.abc import Sequence

from .db import Database

__all__ = ["add_vacation", "vacation_end", "vacation_ends", "days_taken"]


async def add_vacation(db: Database, user_id: str, starts: int, ends: int, days: int) -> None:
    async with db.transaction() as conn:
        await conn.execute("INSERT INTO vacations (user_id, starts, ends, days) VALUES (?, ?, ?, ?)",
                           (user_id, starts, ends, days))


async def vacation_end(db: Database, user_id: str, now: int) -> int | None:
    """When the player's vacation running at *now* (or booked after it) ends, or None."""
    row = await db.fetchone("SELECT MAX(ends) AS ends FROM vacations WHERE user_id = ? AND ends > ?",
                            (user_id, now))
    return None if row is None or row["ends"] is None else int(row["ends"])


async def vacation_ends(db: Database, user_ids: Sequence[str], now: int) -> dict[str, int | None]:
    """:func:`vacation_end` of several players in one query (user id -> end or None)."""
    out: dict[str, int | None] = dict.fromkeys(user_ids)
    if user_ids:
        rows = await db.fetchall("SELECT user_id, MAX(ends) AS ends FROM vacations WHERE user_id IN"
                                 f" ({', '.join('?' for _ in user_ids)}) AND ends > ? GROUP BY user_id",
                                 (*user_ids, now))
        for row in rows:
            out[row["user_id"]] = None if row["ends"] is None else int(row["ends"])
    return out


async def days_taken(db: Database, user_id: str, since: int, until: int) -> int:
    """Days of the vacations the player started between *since* and *until*."""
    row = await db.fetchone("SELECT COALESCE(SUM(days), 0) AS n FROM vacations WHERE user_id = ? AND starts >= ?"
                            " AND starts < ?", (user_id, since, until))
    return int(row["n"]) if row is not None else 0
