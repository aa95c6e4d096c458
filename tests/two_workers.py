"""The end-to-end tests on PostgreSQL with two workers behind the HTTP interactions endpoint.

With ``MANABURN_E2E_DB=postgres`` in the environment (or on a test marked
``two_workers``), every :class:`bot.app.ManaburnBot` a test makes on a SQLite path is
made on a PostgreSQL schema of its own instead (the same schema for the same path, so
a test that restarts "the bot" on its file restarts it on its schema), with its HTTP
interactions endpoint; and every such bot the fake Discord starts comes with a second
worker on the same database. The fake POSTs each interaction, signed, to the two
endpoints in turn (``interactions_to = "http"``), as a load balancer in front of
Discord's Interactions Endpoint URL does. Stopping or killing the bot stops or kills
both workers. The twin shares the first worker's clock, source of seeds and settings.
The test talks to "the bot" and reads storage through the first worker (``bot.svc``),
which is the same database the second uses; what it reads or changes in a worker's
memory it reads or changes in every worker (:func:`workers`), and after a kill it reads
storage on a connection of its own (:func:`database_target`). A bot the test makes
with its own endpoint or on its own PostgreSQL address is its own arrangement of
workers, left as it is.

    MANABURN_E2E_DB=postgres python -m pytest tests/test_bot_e2e.py -n 0

A test that reads or breaks the SQLite file or connection itself is marked ``sqlite_only``
and skipped here.
"""
from __future__ import annotations

import asyncio
import itertools
import os
import re
from collections.abc import Iterator
from typing import Any

import pytest

#: The environment switch: ``postgres`` runs the end-to-end tests on two workers.
ENV = "MANABURN_E2E_DB"
_schemas = itertools.count(1)
_names = itertools.count(1)


def wanted(request: pytest.FixtureRequest) -> bool:
    """Whether this test runs on PostgreSQL with two workers."""
    return os.environ.get(ENV) == "postgres" or request.node.get_closest_marker("two_workers") is not None


#: The test's TwoWorkers while one runs that way (see :func:`database_target`).
current: TwoWorkers | None = None


def database_target(path: str) -> str:
    """What ``storage.open_database`` takes for the database a test's bots use on *path*: the
    path itself, or on two workers the PostgreSQL schema standing for it (for a test to read
    storage after killing the bot, whose own connections died with it)."""
    return current.url_for(str(path)) if current is not None else str(path)


def known_defect(reason: str) -> pytest.MarkDecorator:
    """An end-to-end test that fails on two workers because of a defect of the bot that is
    not fixed yet (*reason* says which): expected to fail run that way, strictly, so that
    the fix shows; on SQLite it runs as ever."""
    return pytest.mark.xfail(os.environ.get(ENV) == "postgres", reason=f"two workers: {reason}", strict=True)


def workers(bot: Any) -> list[Any]:
    """*bot* and, run on two workers, its twin: what a test does to "the bot" that lives in a
    worker's memory (a crash injected into a method, ...) it does to every worker, since any
    of them may handle the click."""
    twin = getattr(bot, "twin", None)
    return [bot] if twin is None else [bot, twin]


def share_clock_and_seeds(twin: Any, first: Any) -> None:
    """The twin reads the first worker's clock and source of seeds: a test that sets them on
    "the bot" (a fake clock, a seed dealing known hands) sets them for both workers, as the
    workers of one deployment share the wall clock."""
    twin.notify_after = first.notify_after  # a setting of the deployment, as the clock
    t, f = twin.svc, first.svc
    t.now = lambda: f.now()
    t.new_seed = lambda: f.new_seed()
    t.collections.now = lambda: f.collections.now()


class TwoWorkers:
    """Makes the bots of one test workers on PostgreSQL, two at a time."""

    def __init__(self, server: Any) -> None:
        from nacl.signing import SigningKey
        self.server = server
        self.urls: dict[str, str] = {}  # SQLite path -> the schema standing for it
        self.schemas: list[str] = []
        self.closing: list[asyncio.Task[None]] = []  # killed twins' connections being closed
        self.key = SigningKey.generate()  # the application's key, for every fake of the test
        self.public_key = self.key.verify_key.encode().hex()

    def url_for(self, path: str) -> str:
        if path.startswith(("postgresql://", "postgres://")):
            return path
        if path not in self.urls:
            import psycopg
            schema = f"e{os.getpid()}_{next(_schemas)}"
            with psycopg.connect(self.server.url(), autocommit=True) as conn:
                conn.execute(f"CREATE SCHEMA {schema}")
            self.schemas.append(schema)
            self.urls[path] = self.server.url(schema=schema)
        return self.urls[path]

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        from bot.app import ManaburnBot
        from fakediscord.server import FakeDiscord, RunningBot

        tw = self
        make = ManaburnBot.__init__

        def init(bot: Any, db_path: str, guild_id: int | None = None, *, sweep_seconds: float = 60.0,
                 http: tuple[str, int] | None = None, public_key: str | None = None, **kw: Any) -> None:
            ours = re.sub(r"&application_name=[^&]*", "", str(db_path)) in tw.urls.values()  # a twin's
            if http is not None or (str(db_path).startswith(("postgresql://", "postgres://")) and not ours):
                # the test arranges its workers itself (its own endpoint, its own PostgreSQL
                # workers, as tests/test_http_interactions.py and tests/test_workers.py do)
                bot.own_arrangement = True
                make(bot, db_path, guild_id, sweep_seconds=sweep_seconds, http=http, public_key=public_key, **kw)
                return
            # each worker's connections are named, so that killing it can end them
            base = re.sub(r"&application_name=[^&]*", "", tw.url_for(str(db_path)))
            bot.pg_name = f"worker{next(_names)}"
            make(bot, f"{base}&application_name={bot.pg_name}", guild_id, sweep_seconds=sweep_seconds,
                 http=http or ("127.0.0.1", 0), public_key=public_key or tw.public_key, **kw)

        monkeypatch.setattr(ManaburnBot, "__init__", init)
        start = FakeDiscord.start_bot

        async def start_bot(fake: Any, client: Any, **kw: Any) -> Any:
            if not isinstance(client, ManaburnBot) or getattr(client, "twin_of", None) is not None \
                    or getattr(client, "own_arrangement", False):
                return await start(fake, client, **kw)
            fake.interaction_key, fake.public_key = tw.key, tw.public_key
            fake.interactions_to = "http"
            first = await start(fake, client, **kw)
            twin = ManaburnBot(client.db_path, client.guild_id, sweep_seconds=client.sweep_seconds)
            twin.twin_of = client
            client.twin = twin
            second = await start(fake, twin, **kw)
            share_clock_and_seeds(twin, client)
            urls = [client.endpoint.url, twin.endpoint.url]
            fake.interaction_urls.extend(urls)
            first.twin = second
            first.twin_urls = urls
            return first

        def forget(running: Any) -> None:
            for url in getattr(running, "twin_urls", ()):
                if url in running.fake.interaction_urls:
                    running.fake.interaction_urls.remove(url)

        stop, kill = RunningBot.stop, RunningBot.kill

        async def stop_both(running: Any, timeout: float = 10.0) -> None:
            forget(running)
            twin = getattr(running, "twin", None)
            if twin is not None:
                await stop(twin, timeout)
            await stop(running, timeout)

        def kill_both(running: Any) -> None:
            forget(running)  # a killed process's port refuses connections
            twin = getattr(running, "twin", None)
            if twin is not None:
                kill(twin)
            kill(running)
            # ... and its connections to the server end (its advisory locks are freed)
            names = [getattr(r.client, "pg_name", "") for r in (running, twin) if r is not None]
            import psycopg
            with psycopg.connect(tw.server.url(), autocommit=True) as conn:
                conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ANY(%s)",
                             (names,))
            if twin is not None:  # what the test closes of the bot it killed, closed of its twin
                twin_bot = twin.client

                async def close_twin() -> None:
                    if twin_bot.service is not None:
                        await twin_bot.service.close()
                    await twin_bot.http.close()
                tw.closing.append(asyncio.get_running_loop().create_task(close_twin()))

        monkeypatch.setattr(FakeDiscord, "start_bot", start_bot)
        monkeypatch.setattr(RunningBot, "stop", stop_both)
        monkeypatch.setattr(RunningBot, "kill", kill_both)

    def drop(self) -> None:
        import psycopg
        with psycopg.connect(self.server.url(), autocommit=True) as conn:
            conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                         " WHERE pid <> pg_backend_pid() AND backend_type = 'client backend'")
            conn.execute("SET lock_timeout = '10s'")
            for schema in self.schemas:
                conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")


def fixture(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[TwoWorkers | None]:
    """The body of the autouse fixture in tests/conftest.py."""
    if not wanted(request):
        yield None
        return
    if request.node.get_closest_marker("sqlite_only") is not None:
        pytest.skip("reads or breaks the SQLite file or connection itself (MANABURN_E2E_DB=postgres)")
    global current
    tw = TwoWorkers(request.getfixturevalue("pg_server"))
    tw.install(monkeypatch)
    current = tw
    try:
        yield tw
    finally:
        current = None
        tw.drop()
