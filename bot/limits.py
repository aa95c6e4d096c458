"""What one user may have open at once, and how often they may make the bot post.

A challenge is a public message that pings its opponent and a trade a public message
with buttons, so one member could flood a channel (and a victim's notifications) with
them. The limits below are per user and say so when they refuse:

* open challenges a user made (waiting for an answer, not expired): :data:`MAX_OPEN_CHALLENGES`;
* duels against the computer under way (``/practice``): :data:`MAX_OPEN_PRACTICE` (each
  costs the bot the computer's thinking, in its process: bot.computer_process);
* open trades a user proposed: :data:`MAX_OPEN_TRADES` (checked in the transaction that
  stores the trade, :func:`storage.trades.propose_trade`);
* commands that post in a channel (``/challenge``, ``/trade``): :data:`POSTS_PER_WINDOW`
  per :data:`POST_WINDOW` seconds (:class:`PostLimiter`, counted in storage, so that
  several workers on one database share one limit).

The README's "What a server admin can rely on" lists the same numbers.
"""
from __future__ import annotations

import time
from collections.abc import Callable

from storage.db import Database
from storage.posts import delete_old_posts, give_back_post, take_post

MAX_OPEN_CHALLENGES = 5
MAX_OPEN_TRADES = 10
MAX_OPEN_PRACTICE = 3
POSTS_PER_WINDOW = 10
POST_WINDOW = 60.0


class PostLimiter:
    """At most :data:`POSTS_PER_WINDOW` channel posts per user in any :data:`POST_WINDOW`
    seconds (a sliding window), counted in storage (:mod:`storage.posts`): the workers on
    one database share one limit, and a restart keeps it. :meth:`take` counts and records
    in one transaction, so two commands of the same user handled at once, by one worker or
    two, cannot both take the last place. *clock*: wall-clock seconds, shared by the workers."""

    def __init__(self, *, per_window: int = POSTS_PER_WINDOW, window: float = POST_WINDOW,
                 clock: Callable[[], float] = time.time) -> None:
        self.per_window, self.window, self.clock = per_window, window, clock

    async def take(self, db: Database, user_id: str) -> str | None:
        """Count one post by *user_id* and return None; or, past the limit, count nothing
        and return the message that says how long to wait."""
        now = self.clock()
        oldest = await take_post(db, user_id, now=now, per_window=self.per_window, window=self.window)
        if oldest is None:
            return None
        wait = int(oldest + self.window - now) + 1
        return (f"You are posting too fast: at most {self.per_window} challenges or trades a "
                f"minute. Try again in {wait} s.")

    async def give_back(self, db: Database, user_id: str) -> None:
        """The command that took a place posted nothing (it was refused): free the place."""
        await give_back_post(db, user_id)

    async def sweep(self, db: Database) -> int:
        """Delete the stored posts (anyone's) out of the window now; how many (the clock sweep)."""
        return await delete_old_posts(db, now=self.clock(), window=self.window)
