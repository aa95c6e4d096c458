"""Fixtures shared by the storage-level tests."""
from __future__ import annotations

import itertools
import os
import random
import sys
import threading
import time
import warnings
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from storage.db import Database
from tests.pgserver import TempPostgres, find_bin_dir

#: Why tests marked ``postgres`` are skipped, or None when a server can run here.
NO_POSTGRES = None if find_bin_dir() is not None else (
    "no PostgreSQL server binaries (initdb, pg_ctl) on this machine: install PostgreSQL 15 to run them")

#: The two backends every storage test runs against.
BACKENDS = ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "postgres: needs a PostgreSQL server (started by the tests)")
    config.addinivalue_line("markers", "two_workers: an end-to-end test run on PostgreSQL with two workers "
                                       "behind the HTTP endpoint (tests/two_workers.py)")
    config.addinivalue_line("markers", "sqlite_only: reads or breaks the SQLite file or connection itself; "
                                       "skipped with MANABURN_E2E_DB=postgres")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if NO_POSTGRES is None:
        return
    skip = pytest.mark.skip(reason=NO_POSTGRES)
    for item in items:
        if "postgres" in item.keywords or "two_workers" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[TempPostgres]:
    """One PostgreSQL server for the whole run (a temporary directory, a unix socket)."""
    with TempPostgres() as server:
        yield server


_schemas = itertools.count(1)

#: Seconds a test's connections are given to end after it (see pg_url).
LEFT_GRACE = 1.0


@pytest.fixture
def pg_url(pg_server: TempPostgres) -> Iterator[str]:
    """The address of an empty schema of its own on the test server, dropped after the test."""
    import psycopg
    schema = f"t{os.getpid()}_{next(_schemas)}"
    with psycopg.connect(pg_server.url(), autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    yield pg_server.url(schema=schema)
    with psycopg.connect(pg_server.url(), autocommit=True) as conn:
        # a connection the test left open (a database not closed, a task still in a
        # transaction) would hold the schema's tables and the DROP wait for it forever.
        # A connection closed just before is not one: the client is gone, but its server
        # process may still be ending (seen on a loaded machine: listed for some
        # milliseconds after the close returned), so those get LEFT_GRACE seconds first.
        others = ("FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND backend_type = 'client backend'")
        deadline = time.monotonic() + LEFT_GRACE
        while conn.execute(f"SELECT count(*) {others}").fetchone()[0] and time.monotonic() < deadline:
            time.sleep(0.05)
        left = conn.execute(f"SELECT pg_terminate_backend(pid) {others}").fetchall()
        conn.execute("SET lock_timeout = '10s'")
        conn.execute(f"DROP SCHEMA {schema} CASCADE")
    if left:
        warnings.warn(f"the test left {len(left)} PostgreSQL connection(s) open", stacklevel=1)


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """``sqlite`` or ``postgres``: the storage backend of this run of the test."""
    return str(request.param)


@pytest.fixture
def db_target(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """What ``storage.open_database`` takes for this backend: a file path or an address."""
    if backend == "postgres":
        return str(request.getfixturevalue("pg_url"))
    return str(tmp_path / "test.db")


@pytest.fixture
async def db(db_target: str) -> AsyncIterator[Any]:
    """A fresh database (SQLite file or PostgreSQL schema, migrated to the latest
    version), closed after the test: every test using it runs on both backends."""
    from storage import open_database
    d = await open_database(db_target)
    yield d
    await d.close()


@pytest.fixture
async def sqlite_db(tmp_path: Path) -> AsyncIterator[Database]:
    """A fresh SQLite database file, for tests of what only SQLite has (pragmas, the file)."""
    d = await Database.open(tmp_path / "test.db")
    yield d
    await d.close()


@pytest.fixture(autouse=True)
def _two_workers(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """With ``MANABURN_E2E_DB=postgres``, or on a test marked ``two_workers``: the bots the
    test makes run on PostgreSQL, two workers behind the HTTP endpoint (tests/two_workers.py)."""
    from tests import two_workers
    yield from two_workers.fixture(request, monkeypatch)


@pytest.fixture(autouse=True)
def _saved_duels_in_tmp(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """A terminal duel left at end of input is saved (bot.saved_duel): into a
    temporary directory, never the user's own ~/.local/state, also for the
    ``manaburn`` processes tests start."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path_factory.mktemp("state")))


@pytest.fixture(autouse=True)
def _known_seeds(monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> None:
    """Duels a test starts without a seed of its own get seeds drawn from a
    generator seeded by the test's name instead of unpredictable ones: a test
    that plays random answers plays the same duels on every run, so it cannot
    pass here and fail in CI (one seed in sixty ended a duel within the 60
    random answers a restart test expected to leave it open). The seeds stay as
    long as real ones, so "the seed is not shown" checks still mean something."""
    rng = random.Random(request.node.nodeid)
    monkeypatch.setattr("bot.service.fresh_seed", lambda: rng.getrandbits(62))


# A test that fails between opening a database and closing it leaves aiosqlite's
# worker thread running, and that thread (not a daemon) would keep the interpreter,
# and CI, waiting forever after the failure is reported. Once pytest has said
# everything, a run with such threads left exits with its own status instead.
_exit_status = 0


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    global _exit_status
    _exit_status = int(exitstatus)


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config: pytest.Config) -> None:
    left = [t for t in threading.enumerate() if t is not threading.main_thread() and not t.daemon and t.is_alive()]
    if left:
        config.get_terminal_writer().flush()
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(_exit_status)
