"""The channel posts of each user in the rate limit's window (``/challenge``, ``/trade``).

One row per post, numbered per user, with the time it was counted (unix seconds). Stored,
not kept in a worker's memory, so that several workers on one database share one limit
(see :class:`bot.limits.PostLimiter`): :func:`take_post` counts and records in one write
transaction (on PostgreSQL the exclusive writer lock, :mod:`storage.postgres`), so two
workers cannot both take a user's last place.
"""
from __future__ import annotations

from ._common import snowflake
from .db import Database

__all__ = ["take_post", "give_back_post", "delete_old_posts"]

#: Posts counted at or before the parameter are out of every window that ends later.
_DELETE_OLD = "DELETE FROM channel_posts WHERE at <= ?"


async def take_post(db: Database, user_id: str | int, *, now: float, per_window: int,
                    window: float) -> float | None:
    """Record one post of *user_id* at *now* and return None; or, when the user already has
    *per_window* posts in the *window* seconds up to *now*, record nothing and return the
    time of the oldest of them (their place frees *window* seconds after it). Posts older
    than the window (anyone's) are deleted on the way."""
    uid = snowflake(user_id, "user_id")
    async with db.transaction() as conn:
        await conn.execute(_DELETE_OLD, (now - window,))
        # (a post counted "after" now, from a clock set back, does not count against the user)
        async with conn.execute("SELECT count(*), MIN(at) FROM channel_posts WHERE user_id = ? AND at <= ?",
                                (uid, now)) as cur:
            row = await cur.fetchone()
        count, oldest = (int(row[0]), row[1]) if row is not None else (0, None)
        if count >= per_window and oldest is not None:
            return float(oldest)
        await conn.execute(
            "INSERT INTO channel_posts (user_id, n, at) VALUES (?, (SELECT COALESCE(MAX(n), 0) + 1"
            " FROM channel_posts WHERE user_id = ?), ?)", (uid, uid, now))
    return None


async def give_back_post(db: Database, user_id: str | int) -> None:
    """Forget the last post counted for *user_id* (the command posted nothing)."""
    uid = snowflake(user_id, "user_id")
    async with db.transaction() as conn:
        await conn.execute("DELETE FROM channel_posts WHERE user_id = ? AND n = (SELECT MAX(n)"
                           " FROM channel_posts WHERE user_id = ?)", (uid, uid))


async def delete_old_posts(db: Database, *, now: float, window: float) -> int:
    """Delete the posts (anyone's) that no longer count in the *window* seconds up to *now*;
    how many. The clock sweep does it (bot.recovery), so that the rows of users who stopped
    posting do not stay until someone's next post."""
    async with db.transaction() as conn:
        cur = await conn.execute(_DELETE_OLD, (now - window,))
        return max(0, int(cur.rowcount))
