"""The PostgreSQL backend: the same :class:`~storage.db.Database` face over psycopg 3.

Selected by a ``postgresql://`` address (``MANABURN_DB``, see
:func:`storage.open_database`).  Every storage function runs unchanged: the
connection handed to them inside :meth:`PostgresDatabase.transaction` /
:meth:`~PostgresDatabase.read` offers the part of aiosqlite's connection they
use (``execute`` awaited or as ``async with``, ``executemany``, cursors with
``fetchone``/``fetchall``/``rowcount``/``lastrowid``), rows index by name and
by position like :class:`sqlite3.Row`, and each statement goes through
:func:`storage.sqlport.translate` (``?`` placeholders and the few dialect
differences).

Why psycopg 3 (async) and not asyncpg: psycopg can bind parameters on the
client side (:class:`psycopg.AsyncClientCursor`), so a ``?`` may stand
anywhere SQLite allows one, untyped (``coalesce(?, status)``, ``? IS NULL``)
without a cast per backend; asyncpg only has server-side parameters, whose
types PostgreSQL must infer.  psycopg also ships a connection pool and a
libpq wheel, and its exceptions follow the DB-API like :mod:`sqlite3`'s
(``IntegrityError`` from a broken constraint or trigger on both).

Transactions keep SQLite's guarantees:

* :meth:`~PostgresDatabase.transaction` is ``BEGIN`` (READ COMMITTED) plus
  the database-wide advisory lock :data:`WRITER_LOCK` in exclusive mode,
  taken for the whole transaction: like SQLite's ``BEGIN IMMEDIATE``, one
  writer at a time across every process, so a check made inside a
  transaction still holds at its commit.  Reads never wait (MVCC).
* A write that touches one duel only (a click's decisions:
  :func:`storage.duels.append_decisions`) passes ``lock=duel_lock(id)``:
  it takes :data:`WRITER_LOCK` *shared* plus a per-duel transaction-scoped
  advisory lock.  Clicks on different duels commit side by side, clicks on
  one duel one at a time in order, and a general write still excludes them
  all. A write whose statements check their rows themselves (``lock=ROWS_CHECKED``)
  takes :data:`WRITER_LOCK` shared only.
* :meth:`~PostgresDatabase.read` is ``REPEATABLE READ READ ONLY``: one
  snapshot for every query inside, as SQLite's read transaction.
* ``synchronous_commit`` stays on (the server default): a commit that
  returned is on disk, as with SQLite's ``synchronous=FULL``.

Several coroutines share one :class:`PostgresDatabase`: each transaction
takes a connection of a pool, so transactions of different tasks run at once
(SQLite's backend serialises them on its single connection); a nested
``transaction()``/``read()`` in the same task joins the outer one.
"""
from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Generator, Iterable, Iterator, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from types import TracebackType
from typing import Any, TypeVar

import psycopg
from greenlet import getcurrent, greenlet
from psycopg.adapt import Loader
from psycopg_pool import AsyncConnectionPool

from .db import _Opener, _to_completion
from .errors import SchemaTooNew, StorageError
from .locks import MIGRATION_LOCK, ROWS_CHECKED, WRITER_LOCK, duel_lock
from .migrations import MIGRATIONS, Migration, latest_version
from .sqlport import PRELUDE, insert_table, translate, translate_script

__all__ = ["PostgresDatabase", "Row", "Lease", "WRITER_LOCK", "duel_lock", "is_postgres_url"]

T = TypeVar("T")

_VERSION_TABLE = "manaburn_schema"


def is_postgres_url(target: object) -> bool:
    """True for a ``postgresql://`` / ``postgres://`` address (else: a SQLite path)."""
    return isinstance(target, str) and target.startswith(("postgresql://", "postgres://"))


class Row(tuple):  # type: ignore[type-arg]
    """A result row: by position like a tuple, by column name like :class:`sqlite3.Row`."""

    _names: dict[str, int]

    def __new__(cls, values: Sequence[Any], names: dict[str, int]) -> Row:
        self = super().__new__(cls, values)
        self._names = names
        return self

    def __getitem__(self, key: Any) -> Any:  # type: ignore[override]
        if isinstance(key, str):
            try:
                return tuple.__getitem__(self, self._names[key])
            except KeyError:
                raise IndexError(f"no such column: {key}") from None
        return tuple.__getitem__(self, key)

    def keys(self) -> list[str]:
        return list(self._names)


def _row_factory(cursor: Any) -> Callable[[Sequence[Any]], Row]:
    # the column names from the result itself: ``cursor.description`` builds a Column
    # object per column at every access (a third of a click's database time)
    res = cursor.pgresult
    names: dict[str, int] = {}
    if res is not None:
        for i in reversed(range(res.nfields)):
            names[(res.fname(i) or b"").decode()] = i
    return lambda values: Row(values, names)


class _NumericLoader(Loader):
    """``numeric`` (what PostgreSQL's ``sum`` of a bigint returns) as int or float, as SQLite gives."""

    def load(self, data: Any) -> int | float:
        text = bytes(data).decode()
        return int(text) if re.fullmatch(r"-?\d+", text) else float(text)


class Cursor:
    """The result of one statement: its rows (already fetched), rowcount and lastrowid."""

    def __init__(self, rows: list[Row], rowcount: int, lastrowid: int | None) -> None:
        self._rows = rows
        self._at = 0
        self.rowcount = rowcount
        self.lastrowid = lastrowid

    async def fetchone(self) -> Row | None:
        if self._at >= len(self._rows):
            return None
        self._at += 1
        return self._rows[self._at - 1]

    async def fetchall(self) -> list[Row]:
        rows, self._at = self._rows[self._at:], len(self._rows)
        return rows

    async def close(self) -> None:
        self._rows = []

    def __aiter__(self) -> AsyncIterator[Row]:
        return self._iter()

    async def _iter(self) -> AsyncIterator[Row]:
        while (row := await self.fetchone()) is not None:
            yield row

    async def __aenter__(self) -> Cursor:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()


class _Execution:
    """What :meth:`Connection.execute` returns: awaitable, or ``async with`` (as aiosqlite's)."""

    def __init__(self, coro: Awaitable[Cursor]) -> None:
        self._coro = coro

    def __await__(self) -> Generator[Any, None, Cursor]:
        return self._coro.__await__()

    async def __aenter__(self) -> Cursor:
        return await self._coro

    async def __aexit__(self, *exc: object) -> None:
        pass


class Connection:
    """One pooled psycopg connection, with the face of the aiosqlite connection the
    storage functions use."""

    def __init__(self, conn: psycopg.AsyncConnection[Any], identity_tables: frozenset[str]) -> None:
        self.raw = conn
        self._identity = identity_tables
        self.in_transaction = False
        # the transaction's BEGIN (and advisory locks), not sent yet: it goes in front of
        # the first statement, in the same round trip; and whether a statement sent with
        # its COMMIT ended the transaction (execute_all(commit=True))
        self.begin: str | None = None
        self.committed = False

    def _with_begin(self, query: str) -> tuple[str, int]:
        """*query* with the pending BEGIN in front, and how many results come before its own."""
        begin, self.begin = self.begin, None
        if begin is None:
            return query, 0
        return f"{begin}; {query}", begin.count(";") + 1

    async def _send_begin(self) -> None:
        """The pending BEGIN on its own (before a statement that cannot carry it)."""
        begin, self.begin = self.begin, None
        if begin is not None:
            await self.raw.execute(begin.encode())

    def execute(self, sql: str, params: Sequence[Any] = ()) -> _Execution:
        return _Execution(self._execute(sql, params))

    async def _execute(self, sql: str, params: Sequence[Any]) -> Cursor:
        pg = translate(sql)
        returning_id = (insert_table(sql) in self._identity and "RETURNING" not in sql.upper())
        if returning_id:
            pg += " RETURNING id"
        query, before = self._with_begin(pg)
        async with self.raw.cursor() as cur:
            await cur.execute(query, tuple(params))
            for _ in range(before):
                cur.nextset()
            rows = await cur.fetchall() if _has_rows(cur) else []
            lastrowid = int(rows[0][0]) if returning_id and rows else None
            return Cursor([] if returning_id else rows, cur.rowcount, lastrowid)

    async def execute_all(self, statements: Sequence[tuple[str, Sequence[Any]]], *,
                          commit: bool = False) -> Cursor:
        """Several statements sent as one query (one round trip to the server), in order;
        the first that fails raises and the rest do not run. The result is the last
        statement's (no ``lastrowid``). *commit*: the transaction's COMMIT goes with
        them (nothing may follow in the transaction)."""
        query, before = self._with_begin("; ".join(translate(sql) for sql, _ in statements))
        if commit:
            query += "; COMMIT"
        params = tuple(p for _, ps in statements for p in ps)
        async with self.raw.cursor() as cur:
            await cur.execute(query, params)
            if commit:
                self.committed = True
            for _ in range(before + len(statements) - 1):
                cur.nextset()
            rows = await cur.fetchall() if _has_rows(cur) else []
            return Cursor(rows, cur.rowcount, None)

    async def executemany(self, sql: str, seq_of_params: Iterable[Sequence[Any]]) -> Cursor:
        await self._send_begin()
        async with self.raw.cursor() as cur:
            await cur.executemany(translate(sql), [tuple(p) for p in seq_of_params])
            return Cursor([], cur.rowcount, None)

    async def execute_script(self, statements: Iterable[str]) -> None:
        """Run already translated statements (migrations), with no parameters."""
        await self._send_begin()
        async with self.raw.cursor() as cur:
            for statement in statements:
                await cur.execute(statement.encode())  # bytes: no placeholder parsing


class _SyncConnection:
    """For :meth:`PostgresDatabase.write`: the sqlite3-like synchronous connection its
    function expects. The function runs in a greenlet on the event loop's thread
    (:func:`_run_in_greenlet`); each statement hands its coroutine to the loop's side,
    which awaits it on the transaction's connection and switches back with the result."""

    def __init__(self, conn: Connection, owns: bool) -> None:
        self._conn = conn
        self._owns = owns  # the transaction is the write's own (not a caller's it joined)

    def execute(self, sql: str, params: Sequence[Any] = ()) -> _SyncCursor:
        return _SyncCursor(_await(self._conn._execute(sql, params)))

    def executemany(self, sql: str, seq_of_params: Iterable[Sequence[Any]]) -> _SyncCursor:
        return _SyncCursor(_await(self._conn.executemany(sql, list(seq_of_params))))

    def execute_all(self, statements: Sequence[tuple[str, Sequence[Any]]], *, last: bool = False) -> _SyncCursor:
        """:meth:`Connection.execute_all`: several statements in one round trip (see
        :func:`storage.db.execute_all`); *last*: the write function's last, so its COMMIT
        goes with them when the transaction is the write's own."""
        return _SyncCursor(_await(self._conn.execute_all(statements, commit=last and self._owns)))


def _await(aw: Awaitable[T]) -> T:
    """Inside :func:`_run_in_greenlet`'s function: *aw*'s result, awaited by the event
    loop's side (its exception raised here)."""
    parent = getcurrent().parent
    if parent is None:
        raise RuntimeError("a write function's statement outside PostgresDatabase.write")
    return parent.switch(aw)  # type: ignore[no-any-return]


async def _run_in_greenlet(fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)``, a synchronous function whose statements need the event loop, run
    on the loop's thread: it runs in a greenlet until it needs an awaitable
    (:func:`_await`), which is awaited here, its result or exception sent back in.
    Not a worker thread: there each statement is handed to the loop and back (two thread
    hand-offs, a thread-pool submit and the GIL passed between them), and a cancelled
    caller leaves the function running on after its transaction was rolled back."""
    g = greenlet(fn)
    out: Any = g.switch(*args)
    while not g.dead:
        try:
            value = await out
        except BaseException as e:  # cancelled too: raised in fn, which unwinds
            out = g.throw(e)
        else:
            out = g.switch(value)
    return out  # type: ignore[no-any-return]


class _SyncCursor:
    def __init__(self, cur: Cursor) -> None:
        self._cur = cur
        self.rowcount, self.lastrowid = cur.rowcount, cur.lastrowid

    def fetchone(self) -> Row | None:
        rows = self._cur._rows
        if self._cur._at >= len(rows):
            return None
        self._cur._at += 1
        return rows[self._cur._at - 1]

    def fetchall(self) -> list[Row]:
        rows, self._cur._at = self._cur._rows[self._cur._at:], len(self._cur._rows)
        return rows

    def __iter__(self) -> Iterator[Row]:
        return iter(self.fetchall())


class PostgresDatabase:
    """A Manaburn database on a PostgreSQL server (a pool of psycopg connections).

    ``db = await PostgresDatabase.open("postgresql://user@host/dbname")`` or
    ``async with PostgresDatabase.open(url) as db``; the same methods as the
    SQLite :class:`~storage.db.Database`.  The schema lives in the
    connection's ``search_path`` (default ``public``); its version in the
    table ``manaburn_schema``.
    """

    #: Any number of bot processes (workers) may serve one PostgreSQL database.
    shared = True

    def __init__(self, pool: AsyncConnectionPool[Any], path: str) -> None:
        self._pool = pool
        self.path = path
        self._identity: frozenset[str] = frozenset()
        self._owners: dict[asyncio.Task[Any], tuple[Connection, bool]] = {}
        self._closed = False

    # ------------------------------------------------------------ opening
    @classmethod
    def open(cls, url: str, *, pool_size: int = 24,
             migrations: Sequence[Migration] = MIGRATIONS,
             target_version: int | None = None) -> _Opener:
        """Connect to *url* and bring its schema to *target_version* (default: the last).

        A schema newer than the last known migration raises
        :class:`~storage.errors.SchemaTooNew` and is left untouched. *pool_size*: the
        most connections kept open; a click holds one per transaction or read while
        panels of other duels are written beside it, so a worker under load needs a
        few dozen (8 made clicks wait for a connection more than for the server).
        """
        return _Opener(cls._open(url, pool_size, migrations, target_version))

    @classmethod
    async def _open(cls, url: str, pool_size: int, migrations: Sequence[Migration],
                    target_version: int | None) -> PostgresDatabase:
        known = latest_version(migrations)
        target = known if target_version is None else target_version
        if not 0 <= target <= known:
            raise ValueError(f"target_version must be between 0 and {known}, not {target}")

        async def configure(conn: psycopg.AsyncConnection[Any]) -> None:
            conn.adapters.register_loader("numeric", _NumericLoader)

        pool: AsyncConnectionPool[Any] = AsyncConnectionPool(
            url, min_size=min(4, max(1, pool_size)), max_size=max(1, pool_size), open=False, configure=configure,
            kwargs={"autocommit": True, "cursor_factory": psycopg.AsyncClientCursor,
                    "row_factory": _row_factory})
        try:
            await pool.open(wait=True, timeout=30)
        except Exception as e:
            await pool.close()
            raise StorageError(f"{_safe(url)}: cannot connect to PostgreSQL: {e}") from e
        db = cls(pool, _safe(url))
        try:
            await db._migrate(migrations, target, known)
            db._identity = await db._identity_tables()
        except BaseException:
            await pool.close()
            raise
        return db

    async def _migrate(self, migrations: Sequence[Migration], target: int, known: int) -> None:
        async with self._pool.connection() as raw:
            conn = Connection(raw, frozenset())
            await raw.execute("BEGIN")
            try:
                await raw.execute("SELECT pg_advisory_xact_lock(%s, %s)", MIGRATION_LOCK)
                await raw.execute(f"CREATE TABLE IF NOT EXISTS {_VERSION_TABLE} (version BIGINT NOT NULL)")
                cur = await raw.execute(f"SELECT version FROM {_VERSION_TABLE}")
                row = await cur.fetchone()
                if row is None:
                    await raw.execute(f"INSERT INTO {_VERSION_TABLE} (version) VALUES (0)")
                version = 0 if row is None else int(row[0])
                if version > known:
                    raise SchemaTooNew(self.path, version, known)
                if version < target:
                    await conn.execute_script(PRELUDE)
                conn.in_transaction = True
                for m in migrations[version:target]:
                    step = m.postgres if m.postgres is not None else m.step
                    if isinstance(step, str):
                        await conn.execute_script(translate_script(step))
                    else:
                        await step(conn)  # type: ignore[arg-type]
                    await raw.execute(f"UPDATE {_VERSION_TABLE} SET version = %s", (m.version,))
                await raw.execute("COMMIT")
            except BaseException:
                await _to_completion(raw.execute("ROLLBACK"))
                raise

    async def _identity_tables(self) -> frozenset[str]:
        rows = await self.fetchall(
            "SELECT table_name FROM information_schema.columns WHERE table_schema = current_schema()"
            " AND column_name = 'id' AND is_identity = 'YES'")
        return frozenset(str(r[0]).lower() for r in rows)

    async def close(self) -> None:
        """Close every connection (idempotent)."""
        if self._closed:
            return
        if asyncio.current_task() in self._owners:
            raise RuntimeError("close() called inside this database's transaction")
        self._closed = True
        await self._pool.close()

    @property
    def closed(self) -> bool:
        return self._closed

    async def __aenter__(self) -> PostgresDatabase:
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        await self.close()

    # ------------------------------------------------------- transactions
    def transaction(self, *, lock: tuple[int, int] | None = None) -> AbstractAsyncContextManager[Connection]:
        """``BEGIN`` ... ``COMMIT`` (``ROLLBACK`` on any exception), one writer at a
        time (see the module's docstring; *lock* narrows it to one duel's writers)."""
        return self._enter(write=True, lock=lock)

    def read(self) -> AbstractAsyncContextManager[Connection]:
        """A read-only transaction on one snapshot (REPEATABLE READ)."""
        return self._enter(write=False, lock=None)

    @asynccontextmanager
    async def _enter(self, *, write: bool, lock: tuple[int, int] | None) -> AsyncIterator[Connection]:
        task = asyncio.current_task()
        assert task is not None
        held = self._owners.get(task)
        if held is not None:
            if write and not held[1]:
                raise RuntimeError("cannot start a write transaction inside a read()")
            yield held[0]
            return
        if self._closed:
            raise StorageError(f"{self.path}: the database is closed")
        async with self._pool.connection() as raw:
            conn = Connection(raw, self._identity)
            self._owners[task] = (conn, write)
            try:
                # sent with the first statement (see Connection.begin)
                conn.begin = _begin_sql(write, lock)
                try:
                    conn.in_transaction = True
                    yield conn
                except BaseException:
                    if conn.begin is None and not conn.committed:  # begun on the server
                        await _to_completion(_rollback(raw))
                    raise
                if conn.begin is None and not conn.committed:
                    await _to_completion(raw.execute("COMMIT"))
            finally:
                conn.in_transaction = False
                del self._owners[task]

    async def write(self, fn: Callable[[Any], T], *, lock: tuple[int, int] | None = None) -> T:
        """``fn(connection)`` in a transaction of its own (joins the calling task's
        transaction): *fn* is synchronous and gets a sqlite3-like connection, as with
        the SQLite backend; it runs on the event loop's thread, in a greenlet that
        hands each statement to the loop (:func:`_run_in_greenlet`): no other task runs
        while its own Python code does, only while its statements wait for the server."""
        owns = asyncio.current_task() not in self._owners
        async with self.transaction(lock=lock) as conn:
            return await _run_in_greenlet(fn, _SyncConnection(conn, owns))

    # --------------------------------------------------------- shortcuts
    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        """One parameterised query (one statement: its own snapshot); first row."""
        async with self._statement() as conn:
            async with conn.execute(sql, params) as cur:
                return await cur.fetchone()

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """One parameterised query (one statement: its own snapshot); all rows."""
        async with self._statement() as conn:
            async with conn.execute(sql, params) as cur:
                return await cur.fetchall()

    @asynccontextmanager
    async def _statement(self) -> AsyncIterator[Connection]:
        held = self._owners.get(asyncio.current_task())  # type: ignore[arg-type]
        if held is not None:
            yield held[0]
            return
        if self._closed:
            raise StorageError(f"{self.path}: the database is closed")
        async with self._pool.connection() as raw:
            yield Connection(raw, self._identity)

    async def schema_version(self) -> int:
        """The last migration applied."""
        row = await self.fetchone(f"SELECT version FROM {_VERSION_TABLE}")
        return 0 if row is None else int(row[0])

    @asynccontextmanager
    async def session_lock(self, key: tuple[int, int]) -> AsyncIterator[Lease]:
        """Try the session advisory lock *key* on a connection kept for it until the
        block ends: the :class:`Lease` says whether it was taken.  The server frees
        the lock when that connection ends, however it ends (the process killed, the
        machine gone once TCP keepalives notice), so another process can take it."""
        async with self._pool.connection() as raw:
            cur = await raw.execute("SELECT pg_try_advisory_lock(%s, %s), pg_backend_pid()", key)
            row = await cur.fetchone()
            lease = Lease(raw, key, bool(row and row[0]), int(row[1]) if row else 0)
            try:
                yield lease
            finally:
                if lease.taken and await lease.alive():
                    await _to_completion(raw.execute("SELECT pg_advisory_unlock(%s, %s)", key))

    def __repr__(self) -> str:
        return f"<PostgresDatabase {self.path!r}{' closed' if self._closed else ''}>"


class Lease:
    """A session advisory lock tried by :meth:`PostgresDatabase.session_lock`."""

    def __init__(self, raw: psycopg.AsyncConnection[Any], key: tuple[int, int], taken: bool,
                 backend_pid: int) -> None:
        self._raw, self.key, self.taken, self.backend_pid = raw, key, taken, backend_pid

    async def alive(self) -> bool:
        """Whether the lock is still held (its connection still answers)."""
        if not self.taken or self._raw.closed or self._raw.broken:
            return False
        try:
            await self._raw.execute("SELECT 1")
        except psycopg.Error:
            return False
        return True


def _begin_sql(write: bool, lock: tuple[int, int] | None) -> str:
    """The BEGIN of a transaction and the advisory locks it takes (see the module)."""
    if not write:
        return "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"
    if lock is None:
        return f"BEGIN; SELECT pg_advisory_xact_lock({WRITER_LOCK})"
    if lock == ROWS_CHECKED:
        return f"BEGIN; SELECT pg_advisory_xact_lock_shared({WRITER_LOCK})"
    return (f"BEGIN; SELECT pg_advisory_xact_lock_shared({WRITER_LOCK});"
            f" SELECT pg_advisory_xact_lock({int(lock[0])}, {int(lock[1])})")


async def _rollback(raw: psycopg.AsyncConnection[Any]) -> None:
    if raw.closed or raw.broken:
        return
    await raw.execute("ROLLBACK")


def _has_rows(cur: Any) -> bool:
    """Whether the cursor's current result is a set of rows (a SELECT, a RETURNING)."""
    res = cur.pgresult
    return res is not None and res.status == psycopg.pq.ExecStatus.TUPLES_OK


def _safe(url: str) -> str:
    """*url* without its password (for messages)."""
    return re.sub(r"(//[^:/@]+):[^@]*@", r"\1:***@", url)
