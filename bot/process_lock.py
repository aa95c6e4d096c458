"""One bot process per database.

A bot keeps the duels it serves rebuilt in memory and trusts them: a second process on
the same file would answer clicks from its own, older copies ("out of date") and send
panels twice. So ``manaburn bot`` takes an exclusive lock on ``<database>.lock`` before
it starts and keeps it until it exits; a second one refuses to start and says why.

The lock is :func:`fcntl.flock` on a file of its own (never the database: closing any
descriptor of an SQLite file drops SQLite's own locks on it). The kernel releases it when
the process ends, however it ends (kill -9 included), so a crash never leaves a stale
lock behind; the pid written in the file only helps the operator.
"""
from __future__ import annotations

import fcntl
import os
from typing import IO


class AlreadyRunning(Exception):
    """Another process holds the database; the message says which file and which pid."""


def lock_path(db_path: str) -> str:
    """The lock file of a database (its real path, so two spellings of one file share it)."""
    return os.path.realpath(db_path) + ".lock"


def hold_database(db_path: str) -> IO[str]:
    """Take the database's lock, or raise :class:`AlreadyRunning`. Keep the returned file
    open for as long as the bot runs (closing it releases the lock)."""
    path = lock_path(db_path)
    f = open(path, "a+", encoding="utf-8")
    try:
        fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        f.seek(0)
        pid = f.read().strip() or "?"
        f.close()
        raise AlreadyRunning(
            f"Another Manaburn bot (pid {pid}) is already running on {db_path} (it holds {path}). "
            "Only one bot may use a database at a time: stop the other one first.") from None
    f.seek(0)
    f.truncate()
    f.write(f"{os.getpid()}\n")
    f.flush()
    return f
