"""One bot process per database.

A bot keeps the duels it serves rebuilt in memory and trusts them: a second process on
the same database would answer clicks from its own, older copies ("out of date") and send
panels twice. So ``manaburn bot`` takes an exclusive lock on the database before it starts
and keeps it until it exits; a second one refuses to start and says why.

What is locked is the database file itself -- its inode, whatever path, symbolic or hard
link leads to it -- with :func:`fcntl.flock` on a descriptor of its own, kept open until
the process exits. (A lock file named after the database's path would let a hard link,
or a copy of the path in another directory, past it.) ``flock`` locks are independent of
the POSIX record locks SQLite takes on the same file on Linux's local filesystems, so the
two never interfere; the one thing SQLite forbids -- closing a descriptor of the database
while its connection holds POSIX locks, which drops them -- never happens: this descriptor
is closed only when the bot has closed its database. The kernel releases the lock when the
process ends, however it ends (kill -9 included), so a crash never leaves a stale lock.

The pid of the holder is written to ``<database>.lock`` beside it, for the operator's
message only (it is not the lock).
"""
from __future__ import annotations

import fcntl
import os
from typing import IO


class AlreadyRunning(Exception):
    """Another process holds the database; the message says which file and which pid."""


def lock_path(db_path: str) -> str:
    """Where the pid of the bot holding a database is written (its real path + ``.lock``)."""
    return os.path.realpath(db_path) + ".lock"


def hold_database(db_path: str) -> IO[bytes]:
    """Lock the database file (created empty if there is none yet: SQLite makes a database
    of an empty file), or raise :class:`AlreadyRunning`. Keep the returned file open for as
    long as the bot runs (closing it releases the lock)."""
    f = open(db_path, "ab")  # never truncates, never moves: SQLite's file stays as it is
    try:
        fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        f.close()
        try:
            with open(lock_path(db_path), encoding="utf-8") as p:
                pid = p.read().strip() or "?"
        except OSError:
            pid = "?"
        raise AlreadyRunning(
            f"Another Manaburn bot (pid {pid}) is already running on {db_path}. "
            "Only one bot may use a database at a time: stop the other one first.") from None
    try:
        with open(lock_path(db_path), "w", encoding="utf-8") as p:
            p.write(f"{os.getpid()}\n")
    except OSError:
        pass  # only informative
    return f
