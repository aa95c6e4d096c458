"""The SQLite connection: opening, pragmas, schema upgrades and transactions.

One :class:`Database` wraps one :mod:`aiosqlite` connection.  Every change of
state goes through exactly one ``BEGIN IMMEDIATE`` transaction
(:meth:`Database.transaction`, or :meth:`Database.write` for one made in a
single hand-over to the connection's thread), so a crash leaves the file
either before or after the change, never half-way; reads that need a
consistent view of several rows use :meth:`Database.read`.

Several coroutines may share one :class:`Database`: a per-connection lock
serialises their transactions (SQLite transactions belong to the connection,
not to the coroutine, so without the lock a read in one task could see another
task's uncommitted writes).  Several *processes* or connections may open the
same file: WAL lets readers run beside the single writer, and the busy timeout
makes a second writer wait instead of failing at once.
"""
from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Generator, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from functools import partial
from pathlib import Path
from types import TracebackType
from typing import Any, TypeVar

import aiosqlite

from .errors import SchemaTooNew, StorageError
from .migrations import MIGRATIONS, Migration, latest_version, migrate

__all__ = ["Database", "execute_all"]

T = TypeVar("T")

#: ``PRAGMA synchronous`` for every connection.  See :class:`Database`.
SYNCHRONOUS = "FULL"


class Database:
    """An open Manaburn database file (one aiosqlite connection).

    Open it with ``db = await Database.open(path)`` or
    ``async with Database.open(path) as db: ...``; the second form closes it
    at the end.  An already-open database is also an async context manager.

    Pragmas set on every connection, and why:

    * ``journal_mode=WAL``: readers never block the writer nor the writer the
      readers, and a commit is one append to the ``-wal`` file.  The mode is
      persistent in the file.
    * ``synchronous=FULL``: with WAL, ``NORMAL`` already survives a crash of
      the *process*, but a power loss or kernel crash may roll back the last
      transactions committed before it, because the WAL is only fsynced at
      checkpoints.  The bot tells a player "your answer is taken" after the
      commit returns, and the duel must never lose an acknowledged decision,
      so we pay one fsync of the WAL per commit.  A duel makes a few decisions
      per second at most; an fsync costs well under a millisecond to a few
      milliseconds, so this is cheap.
    * ``foreign_keys=ON``: SQLite leaves foreign keys off by default; the
      decisions table references its duel.
    * ``busy_timeout``: another connection (a second bot process, a tool, the
      other of two racing clicks in the tests) may hold the write lock; wait
      for it up to ``busy_timeout`` seconds instead of failing at once.
    """

    #: Whether other processes may serve the same database (never for a SQLite file:
    #: ``manaburn bot`` holds its lock, see :mod:`bot.process_lock`).
    shared = False

    def __init__(self, conn: aiosqlite.Connection, path: str) -> None:
        """Wrap an already configured connection; use :meth:`open` instead."""
        self._conn = conn
        self.path = path
        self._lock = asyncio.Lock()
        self._owner: asyncio.Task[Any] | None = None  # task inside read()/transaction()
        self._writing = False
        self._closed = False

    # ------------------------------------------------------------ opening
    @classmethod
    def open(cls, path: str | Path, *, busy_timeout: float = 5.0,
             migrations: Sequence[Migration] = MIGRATIONS,
             target_version: int | None = None) -> _Opener:
        """Open (creating if needed) and upgrade the database at *path*.

        Await the result, or use it as ``async with Database.open(p) as db``.

        *migrations* and *target_version* exist for tests and tools: the
        schema is brought to *target_version* (default: the last migration).
        A file whose ``user_version`` is newer than the last known migration
        was written by a newer Manaburn: opening it raises
        :class:`~storage.errors.SchemaTooNew` and leaves the file untouched
        (the version is checked before anything, even the journal mode, is
        written).
        """
        return _Opener(cls._open(str(path), busy_timeout, migrations, target_version))

    @classmethod
    async def _open(cls, path: str, busy_timeout: float, migrations: Sequence[Migration],
                    target_version: int | None) -> Database:
        known = latest_version(migrations)
        target = known if target_version is None else target_version
        if not 0 <= target <= known:
            raise ValueError(f"target_version must be between 0 and {known}, not {target}")
        conn = await aiosqlite.connect(path, isolation_level=None)  # we issue BEGIN/COMMIT
        try:
            conn.row_factory = sqlite3.Row
            # PRAGMA values cannot be bound as parameters; these are our own ints/constants.
            await conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
            version = await _user_version(conn)
            if version > known:
                raise SchemaTooNew(path, version, known)
            mode = await _pragma(conn, "PRAGMA journal_mode = WAL")
            if str(mode).lower() != "wal" and path not in (":memory:", ""):
                raise StorageError(f"{path}: could not switch to WAL journal mode (got {mode!r})")
            await conn.execute(f"PRAGMA synchronous = {SYNCHRONOUS}")
            await conn.execute("PRAGMA foreign_keys = ON")
            db = cls(conn, path)
            async with db.transaction():
                await migrate(conn, migrations, target, path=path)
            return db
        except BaseException:
            await conn.close()
            raise

    async def close(self) -> None:
        """Close the connection (idempotent).  Waits for a running transaction."""
        if self._closed:
            return
        if self._owner is not None and self._owner is asyncio.current_task():
            raise RuntimeError("close() called inside this database's transaction")
        async with self._lock:
            if not self._closed:
                self._closed = True
                await self._conn.close()

    @property
    def closed(self) -> bool:
        """True once :meth:`close` has run."""
        return self._closed

    async def __aenter__(self) -> Database:
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        await self.close()

    # ------------------------------------------------------- transactions
    def transaction(self, *, lock: tuple[int, int] | None = None) -> AbstractAsyncContextManager[aiosqlite.Connection]:
        """``BEGIN IMMEDIATE`` ... ``COMMIT`` (``ROLLBACK`` on any exception).

        IMMEDIATE takes the database's write lock at the start, so the checks
        made inside the transaction still hold when it commits (no other
        connection can write in between), and a writer that has to wait does
        so at BEGIN under the busy timeout rather than failing later with
        ``SQLITE_BUSY`` on its first write.

        A nested ``transaction()`` in the same task joins the outer one.
        *lock* (:func:`storage.postgres.duel_lock`) matters to PostgreSQL only:
        SQLite has one writer at a time anyway.
        """
        return self._enter(write=True)

    def read(self) -> AbstractAsyncContextManager[aiosqlite.Connection]:
        """A read transaction: every query inside sees the same snapshot.

        Nested in a :meth:`transaction` of the same task it joins it.
        """
        return self._enter(write=False)

    @asynccontextmanager
    async def _enter(self, *, write: bool) -> AsyncIterator[aiosqlite.Connection]:
        task = asyncio.current_task()
        if self._owner is not None and self._owner is task:
            if write and not self._writing:
                raise RuntimeError("cannot start a write transaction inside a read()")
            yield self._conn
            return
        async with self._lock:
            if self._closed:
                raise StorageError(f"{self.path}: the database is closed")
            self._owner, self._writing = task, write
            try:
                try:
                    await self._conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
                    yield self._conn
                except BaseException:
                    await _to_completion(self._rollback())
                    raise
                await _to_completion(self._commit())
            finally:
                self._owner, self._writing = None, False

    async def _commit(self) -> None:
        try:
            await self._conn.execute("COMMIT")
        except BaseException:
            await self._rollback()
            raise

    async def _rollback(self) -> None:
        # The BEGIN may or may not have run (e.g. when it was cancelled while
        # queued), so "no transaction is active" is not an error here.
        try:
            await self._conn.execute("ROLLBACK")
        except sqlite3.OperationalError as e:
            if "no transaction is active" not in str(e):
                raise

    async def write(self, fn: Callable[[sqlite3.Connection], T], *, lock: tuple[int, int] | None = None) -> T:
        """``fn(connection)`` in a transaction of its own, ``BEGIN IMMEDIATE`` and
        ``COMMIT`` included, in one hand-over to the connection's thread (ROLLBACK
        if anything raises): the write made at every click
        (:func:`storage.duels.append_decisions`) costs one hand-over, not one (or
        three, with a cursor's fetch and close) per statement. Inside a
        :meth:`transaction` of the calling task it joins it: then only ``fn``
        runs there, in one hand-over. *lock*: as for :meth:`transaction`."""
        task = asyncio.current_task()
        if self._owner is not None and self._owner is task:
            if not self._writing:
                raise RuntimeError("cannot start a write transaction inside a read()")
            return await self._on_thread(fn)
        async with self._lock:
            if self._closed:
                raise StorageError(f"{self.path}: the database is closed")
            self._owner, self._writing = task, True
            try:
                # held to the end even if this task is cancelled: the thread commits or
                # rolls back before another transaction may begin on the connection
                return await _to_completion(self._on_thread(partial(_transaction, fn)))
            finally:
                self._owner, self._writing = None, False

    async def _on_thread(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        conn = self._conn
        # aiosqlite runs each of its own calls this way (Connection._execute, on its thread)
        return await conn._execute(fn, conn._conn)  # type: ignore[no-any-return]

    # --------------------------------------------------------- shortcuts
    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Row | None:
        """Run one parameterised query in its own read transaction; first row."""
        async with self.read() as conn:
            async with conn.execute(sql, params) as cur:
                return await cur.fetchone()

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        """Run one parameterised query in its own read transaction; all rows."""
        async with self.read() as conn:
            async with conn.execute(sql, params) as cur:
                return list(await cur.fetchall())

    async def schema_version(self) -> int:
        """The file's ``PRAGMA user_version`` (the last migration applied)."""
        async with self.read() as conn:
            return await _user_version(conn)

    async def pragma(self, name: str) -> Any:
        """The value of ``PRAGMA name`` (for checks: ``journal_mode``, ...)."""
        if not name.replace("_", "").isalnum():
            raise ValueError(f"not a pragma name: {name!r}")
        async with self.read() as conn:
            return await _pragma(conn, f"PRAGMA {name}")

    def __repr__(self) -> str:
        return f"<Database {self.path!r}{' closed' if self._closed else ''}>"


class _Opener:
    """What :meth:`Database.open` (and ``PostgresDatabase.open``) returns: awaitable, or
    an async context manager that closes the database at its end."""

    def __init__(self, coro: Awaitable[Database]) -> None:
        self._coro = coro
        self._db: Database | None = None

    def __await__(self) -> Generator[Any, None, Database]:
        return self._coro.__await__()

    async def __aenter__(self) -> Database:
        self._db = await self._coro
        return self._db

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        if self._db is not None:
            await self._db.close()


async def _user_version(conn: aiosqlite.Connection) -> int:
    return int(await _pragma(conn, "PRAGMA user_version"))


async def _pragma(conn: aiosqlite.Connection, sql: str) -> Any:
    async with conn.execute(sql) as cur:
        row = await cur.fetchone()
    return None if row is None else row[0]


def execute_all(conn: Any, statements: Sequence[tuple[str, Sequence[Any]]], *, last: bool = False) -> Any:
    """Inside a :meth:`Database.write` function: *statements* ((sql, params) each) run in
    order, the first failure raised; returns the last one's cursor. On PostgreSQL they
    go to the server as one query (one round trip: :meth:`storage.postgres.Connection.execute_all`),
    with the transaction's COMMIT when *last* (the function runs nothing after them);
    SQLite, in process, runs them one by one."""
    batch = getattr(conn, "execute_all", None)
    if batch is not None:
        return batch(statements, last=last)
    cur = None
    for sql, params in statements:
        cur = conn.execute(sql, params)
    return cur


def _transaction(fn: Callable[[sqlite3.Connection], T], conn: sqlite3.Connection) -> T:
    """BEGIN IMMEDIATE, ``fn(conn)``, COMMIT; ROLLBACK if either of the last two
    raises (on the connection's thread: see :meth:`Database.write`)."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        out = fn(conn)
        conn.execute("COMMIT")
    except BaseException:
        try:
            conn.execute("ROLLBACK")
        except sqlite3.OperationalError as e:
            if "no transaction is active" not in str(e):
                raise
        raise
    return out


async def _to_completion(aw: Awaitable[T]) -> T:
    """Await *aw* even if this task is cancelled meanwhile, then re-raise the cancel.

    Used for COMMIT/ROLLBACK: the lock must stay held until they have run,
    or another task could start its own BEGIN on a connection that is still
    inside our transaction.
    """
    task = asyncio.ensure_future(aw)
    cancelled = False
    while True:
        try:
            result = await asyncio.shield(task)
            break
        except asyncio.CancelledError:
            if task.done():
                raise
            cancelled = True
    if cancelled:
        raise asyncio.CancelledError
    return result
