"""Time-based Discord snowflakes.

Discord ids are ``(milliseconds since 2015-01-01 << 22) | worker/process/increment``.
discord.py derives ``created_at`` from them (and some code sorts by id), so the fake
must hand out ids that are both unique and increasing with time, exactly like Discord.
"""
from __future__ import annotations

import datetime
import itertools
import threading
import time

DISCORD_EPOCH_MS = 1420070400000


class SnowflakeFactory:
    """Hands out strictly increasing, time-based snowflakes (thread safe).

    The low 22 bits carry a counter; if two ids are requested in the same
    millisecond (or the clock goes backwards) the previous id plus one is used,
    which keeps ordering monotonic without lying about the time by more than a
    few microseconds.
    """

    def __init__(self) -> None:
        self._last = 0
        self._counter = itertools.count()
        self._lock = threading.Lock()

    def next(self) -> int:
        """Return a new snowflake."""
        with self._lock:
            ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
            value = (ms << 22) | (next(self._counter) & 0xFFF)
            if value <= self._last:
                value = self._last + 1
            self._last = value
            return value


def snowflake_time(snowflake: int) -> datetime.datetime:
    """The UTC creation time encoded in ``snowflake``."""
    ms = (snowflake >> 22) + DISCORD_EPOCH_MS
    return datetime.datetime.fromtimestamp(ms / 1000, tz=datetime.timezone.utc)


def iso(dt: datetime.datetime) -> str:
    """Discord's ISO-8601 timestamp format (``2024-01-01T00:00:00.000000+00:00``)."""
    return dt.astimezone(datetime.timezone.utc).isoformat(timespec="microseconds")


def utcnow() -> datetime.datetime:
    """Timezone-aware current UTC time."""
    return datetime.datetime.now(datetime.timezone.utc)
