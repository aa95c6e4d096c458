"""fakediscord: a fake Discord (REST + gateway on 127.0.0.1) for end-to-end bot tests.

The *real, unmodified* discord.py client connects to it; simulated users drive
the bot only through what a Discord user could do. Everything runs in the test's
event loop, in memory, in milliseconds.

Quick start (pytest; ``asyncio_mode = auto``)::

    import discord
    from fakediscord import FakeDiscord

    pytest_plugins = ["fakediscord.pytest_plugin"]      # provides the `fake_discord` fixture

    async def test_ping(fake_discord: FakeDiscord) -> None:
        alice = fake_discord.create_user("alice")        # joins the default guild
        async with fake_discord.run_bot(make_my_bot()):   # client.start(token) in a task, waits for on_ready
            result = await alice.slash("ping")            # validated against the synced command schema
            assert result.content == "pong"
            assert not result.ephemeral
        # fixture teardown fails the test on ERROR logs, unhandled routes, non-loopback network access

Import name: under pytest (default "prepend" import mode, ``tests/`` has no
``__init__.py``) the directory ``tests/`` is on ``sys.path``, so the package is
``fakediscord`` — the same name pytest's doctest collector uses, so only one copy
of the module is ever loaded. (With the repository root on ``sys.path``,
``tests.fakediscord`` also works; the package only uses relative imports. Pick one
name per test session.)

``pytest_plugins`` registers the fixtures globally once the module naming it is
imported; put the line in every test module that uses them (it is idempotent) or
in a rootdir ``conftest.py``. Only one FakeDiscord may run at a time (the URL
patches are process-wide).

Without the fixture: ``async with FakeDiscord(...) as fake: ...`` does the same
start / patch / guard / check / stop (the check runs if the block did not raise).

Main API
--------
FakeDiscord(bot_name=, guild_name=, channels=, interaction_timeout=3.0, human_delay=0.02,
            privileged_intents=("members", "presences", "message_content"))
    .token .application_id .bot_user .owner .guild .channel  .guilds .channels .messages
    .create_user(name, dms_closed=False, admin=False, guilds=None) -> SimUser
    .create_guild(name, channels=("general",)) -> FakeGuild   (guild.create_text_channel, guild.add_member)
    .start() / .stop()  or  async with FakeDiscord() as fake
    .start_bot(client) -> RunningBot (.stop())   |   async with .run_bot(client) as bot
    .reconnect_bot(how="reconnect"|"drop")       server-initiated RESUME
    .wait_for(predicate, timeout=5)              event-driven polling, returns the truthy value
    .commands[None | guild_id]                   registered commands (id -> dict)
    .calls / .calls_to(method, regex)            REST log;  .client_errors: 4xx sent to the bot
    .fail_next(method, regex, status=500|429, code=, message=, times=1)   fault injection
    .check() / .problems() / .reset_problems() / .allow_error_log(regex)
SimUser (a FakeUser):
    await .slash("deck import", channel=|guild=|dm=True, **options) -> InteractionResult
    await .autocomplete("card", name="Ligh") -> [{"name", "value"}]
    await .click(message, "Accept" | custom_id) / .select(message, custom_id | placeholder, values)
    await .submit_modal(result, {"label or custom_id": "text"})
    await .attach(filename, data) -> FakeAttachment     (value for attachment options)
    await .send(channel, "text", files={...}) / .send_dm("text")
    .visible_messages(channel) / .dms() / .last_message(channel) / .can_see(msg)
    await .wait_for_message(channel, predicate) / .wait_for_dm(predicate)
InteractionResult: .type .message .content .text .embeds .components .ephemeral .deferred
    .followups .choices .modal;  await .wait_done() / .wait_followups(n) / .wait_edit() / .click(label)
FakeMessage: .content .text .embeds .components .buttons .button_labels .selects .attachments
    (.data bytes) .ephemeral .loading .history (previous versions) .thread .author .channel
Errors raised in tests (all AssertionError): CommandNotFound, InvalidOptions, ComponentNotFound,
    ComponentDisabled, NotVisible, InteractionFailed ("This interaction failed"), HarnessError.
"""
from __future__ import annotations

from .errors import (
    APIError,
    CommandNotFound,
    ComponentDisabled,
    ComponentNotFound,
    HarnessError,
    InteractionFailed,
    InvalidOptions,
    NotVisible,
    SimUserError,
)
from .guard import ErrorLogCapture, NetworkGuard, redirect_discord
from .model import FakeAttachment, FakeChannel, FakeGuild, FakeInteraction, FakeMember, FakeMessage, FakeRole, FakeUser
from .server import FakeDiscord, RestCall, RunningBot
from .simuser import InteractionResult, SimUser
from .snowflake import SnowflakeFactory, snowflake_time

__all__ = [
    "APIError", "CommandNotFound", "ComponentDisabled", "ComponentNotFound", "ErrorLogCapture", "FakeAttachment",
    "FakeChannel", "FakeDiscord", "FakeGuild", "FakeInteraction", "FakeMember", "FakeMessage", "FakeRole",
    "FakeUser", "HarnessError", "InteractionFailed", "InteractionResult", "InvalidOptions", "NetworkGuard",
    "NotVisible", "RestCall", "RunningBot", "SimUser", "SimUserError", "SnowflakeFactory", "redirect_discord",
    "snowflake_time",
]
