"""Small helpers shared by the storage modules (argument checks, time, new ids)."""
from __future__ import annotations

import time

import aiosqlite


def now_seconds(now: int | float | None = None) -> int:
    """*now* as int unix seconds, or the current time when None (tests pass fixed times)."""
    return int(time.time()) if now is None else unix_time(now, "now")


def unix_time(value: int | float, what: str) -> int:
    """*value* checked to be a number of unix seconds, as an int."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{what} must be unix seconds (int), not {value!r}")
    return int(value)


def snowflake(value: str | int, what: str) -> str:
    """A Discord id as TEXT.  Objects (discord.py models) are refused, not str()-ed.

    >>> snowflake(80351110224678912, "user_id")
    '80351110224678912'
    """
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise TypeError(f"{what} must be a Discord id (int or str), not {type(value).__name__}")
    text = str(value)
    if not text or text != text.strip():
        raise ValueError(f"{what}: bad id {value!r}")
    return text


async def next_id(conn: aiosqlite.Connection, table: str) -> int:
    """The id of a new row of *table* (one of this package's own names, never user input):
    one more than the largest, chosen inside the inserting transaction, which holds the
    database's writer lock on both backends, so two writers never choose the same."""
    async with conn.execute(f"SELECT COALESCE(MAX(id), 0) + 1 FROM {table}") as cur:
        row = await cur.fetchone()
    assert row is not None
    return int(row[0])
