"""Pytest fixtures for the fake Discord.

Enable in a test module (or in the rootdir conftest)::

    pytest_plugins = ["fakediscord.pytest_plugin"]

Fixtures:

``fake_discord``
    A started :class:`~fakediscord.FakeDiscord` (default guild "Fake Guild" with
    ``#general``; bot token in ``fake_discord.token``), with discord.py's base URLs
    redirected to it, non-loopback networking refused and ERROR logs captured. At
    teardown every bot started with ``start_bot``/``run_bot`` is stopped, then the
    test fails (teardown error) if the harness saw ERROR log records, requests to
    unhandled routes or network escapes; finally the server stops and every patch is
    undone, also when the test failed.

``fake_discord_factory``
    ``async with fake_discord_factory(**FakeDiscord_kwargs) as fake:`` for tests that
    need a differently configured server (no default guild, fewer privileged intents,
    a longer interaction deadline...). Same checks on exit.

Why the fixtures live in a class: the project runs pytest with
``--doctest-modules``, so the doctest collector imports this file (as a test
module) before any test module asks for the plugin; pytest then records the
module's fixtures as visible *only inside this file* and never re-reads them
when the plugin is registered. Keeping the fixtures off the module namespace and
registering the holder class from ``pytest_configure`` makes them global.
(``PYTEST_DONT_REWRITE``: nothing to rewrite here, and it silences pytest's
"module already imported" warning in that same situation.)
"""
from __future__ import annotations

import contextlib
from typing import Any, AsyncIterator, Callable

import pytest
import pytest_asyncio

from .server import FakeDiscord

PLUGIN_NAME = "fakediscord-fixtures"


class FakeDiscordFixtures:
    """Holder of the fixtures (registered as a pytest plugin object)."""

    @pytest_asyncio.fixture
    async def fake_discord() -> AsyncIterator[FakeDiscord]:  # type: ignore[misc]
        """A running, checked fake Discord with a default guild and channel."""
        fake = FakeDiscord()
        await fake.start()
        try:
            yield fake
            for bot in list(fake._bots):
                await bot.stop()
            fake.check()
        finally:
            await fake.stop()

    @pytest_asyncio.fixture
    async def fake_discord_factory() -> AsyncIterator[Callable[..., contextlib.AbstractAsyncContextManager[FakeDiscord]]]:  # type: ignore[misc]
        """Factory for custom-configured fake servers (``async with factory(...) as fake``)."""
        started: list[FakeDiscord] = []

        @contextlib.asynccontextmanager
        async def factory(**kwargs: Any) -> AsyncIterator[FakeDiscord]:
            async with FakeDiscord(**kwargs) as fake:
                started.append(fake)
                yield fake

        try:
            yield factory
        finally:
            for fake in started:
                await fake.stop()


def pytest_configure(config: pytest.Config) -> None:
    """Register the fixture holder (historic hook: also runs when the plugin is loaded late)."""
    if not config.pluginmanager.has_plugin(PLUGIN_NAME):
        config.pluginmanager.register(FakeDiscordFixtures, PLUGIN_NAME)
