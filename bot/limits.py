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
  per :data:`POST_WINDOW` seconds (:class:`PostLimiter`, in memory: a restart forgets it,
  which is harmless; but each of several workers keeps its own, so N workers allow N times
  the posts: a known defect, see tests/two_workers.known_defect).

The README's "What a server admin can rely on" lists the same numbers.
"""
from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable

MAX_OPEN_CHALLENGES = 5
MAX_OPEN_TRADES = 10
MAX_OPEN_PRACTICE = 3
POSTS_PER_WINDOW = 10
POST_WINDOW = 60.0


class PostLimiter:
    """At most :data:`POSTS_PER_WINDOW` channel posts per user in any :data:`POST_WINDOW`
    seconds (a sliding window). :meth:`take` is synchronous, so two commands of the same
    user handled at once cannot both take the last place."""

    def __init__(self, *, per_window: int = POSTS_PER_WINDOW, window: float = POST_WINDOW,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.per_window, self.window, self.clock = per_window, window, clock
        self._posts: dict[str, deque[float]] = {}

    def take(self, user_id: str) -> str | None:
        """Count one post by *user_id* and return None; or, past the limit, count nothing
        and return the message that says how long to wait."""
        now = self.clock()
        posts = self._posts.setdefault(user_id, deque())
        while posts and posts[0] <= now - self.window:
            posts.popleft()
        if len(posts) >= self.per_window:
            wait = int(posts[0] + self.window - now) + 1
            return (f"You are posting too fast: at most {self.per_window} challenges or trades a "
                    f"minute. Try again in {wait} s.")
        posts.append(now)
        if len(self._posts) > 10_000:  # forget users who posted nothing lately
            self._posts = {u: p for u, p in self._posts.items() if p and p[-1] > now - self.window}
        return None

    def give_back(self, user_id: str) -> None:
        """The command that took a place posted nothing (it was refused): free the place."""
        posts = self._posts.get(user_id)
        if posts:
            posts.pop()
