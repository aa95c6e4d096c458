"""The advisory-lock keys shared by every process on one PostgreSQL database.

Plain numbers, the same in every worker; SQLite ignores them (one writer at a
time, one bot process per file).  See :mod:`storage.postgres`.
"""
from __future__ import annotations

__all__ = ["WRITER_LOCK", "DUEL_LOCK_SPACE", "MIGRATION_LOCK", "TIMED_WORK_LOCK", "ROWS_CHECKED", "duel_lock"]

#: The advisory lock (one bigint key) every write transaction holds: exclusive for a
#: general write, shared for a write scoped to one duel.  "MBWRITE" in ASCII.
WRITER_LOCK = 0x4D42_5752_4954_45
#: First key of the per-duel advisory locks (two int4 keys: this, and the duel id).
DUEL_LOCK_SPACE = 0x4D42_4455  # "MBDU"
#: The ``lock=`` of a write whose every statement checks, in its own WHERE, the rows it
#: changes (a compare-and-set: :func:`storage.duels.set_published_many`), so that no check
#: made before it must still hold: :data:`WRITER_LOCK` shared only, beside the writes of
#: duels (a general write still excludes it). Not a lock of its own.
ROWS_CHECKED = (DUEL_LOCK_SPACE, -1)
#: The advisory lock (two int4 keys) held while migrations run.
MIGRATION_LOCK = (0x4D42_4D49, 1)  # "MBMI"
#: The session advisory lock (two int4 keys) of the worker that runs the timed work
#: (clock sweeps, reminders, expiries, catching up): see :mod:`bot.leader`.
TIMED_WORK_LOCK = (0x4D42_5449, 1)  # "MBTI"


def duel_lock(duel_id: int) -> tuple[int, int]:
    """The ``lock=`` of a write that touches duel *duel_id* only (its header, its
    decisions, its snapshot): writes to other duels go on beside it.

    >>> duel_lock(7)
    (1296188501, 7)
    """
    return (DUEL_LOCK_SPACE, int(duel_id) % 2_147_483_647)
