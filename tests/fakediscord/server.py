"""The fake Discord server: REST API, gateway websocket and fake CDN on 127.0.0.1.

The real, unmodified discord.py client talks to it after :func:`redirect_discord`
points its base URLs here. State lives in memory (see :mod:`.model`); simulated
users (:mod:`.simuser`) act on it only through what a real user could do.

Usage (see the package docstring for the full story)::

    async with FakeDiscord() as fake:          # starts server, patches URLs, guards network
        alice = fake.create_user("alice")
        async with fake.run_bot(MyBot()) as bot:
            result = await alice.slash("ping")
            assert result.content == "pong"
    # leaving the block fails the test on ERROR logs / unhandled routes / network escapes
"""
from __future__ import annotations

import asyncio
import contextlib
import hashlib
import inspect
import json
import logging
import re
import secrets
import time
from urllib.parse import unquote
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, AsyncIterator, Awaitable, Callable, Iterable, TypeVar

import aiohttp
from aiohttp import WSMsgType, web

from . import errors as E
from .errors import APIError, HarnessError
from .gateway import (
    DIRECT_MESSAGE_REACTIONS, DIRECT_MESSAGES, GUILD_MEMBERS, GUILD_MESSAGE_REACTIONS, GUILD_MESSAGES, GUILDS,
    HEARTBEAT, HEARTBEAT_ACK, HELLO, IDENTIFY, INVALID_SESSION, MESSAGE_CONTENT, PRESENCE_UPDATE, PRIVILEGED,
    RECONNECT, REQUEST_GUILD_MEMBERS, RESUME, GatewayConnection, GatewaySession,
)
from .guard import ErrorLogCapture, NetworkGuard, redirect_discord
from .model import (
    ADMINISTRATOR, BOT_PERMISSIONS, DM, EVERYONE_PERMISSIONS, FLAG_COMPONENTS_V2, FLAG_EPHEMERAL, FLAG_LOADING,
    FLAG_SUPPRESS_EMBEDS, FLAG_SUPPRESS_NOTIFICATIONS, GUILD_TEXT, MANAGE_MESSAGES, MANAGE_THREADS,
    PRIVATE_THREAD, PUBLIC_THREAD, FakeAttachment, FakeChannel, FakeGuild, FakeInteraction, FakeMember,
    FakeMessage, FakeRole, FakeUser, _MENTION_RE,
)
from .snowflake import SnowflakeFactory, iso, utcnow
from .validation import validate_command, validate_command_list, validate_message

if TYPE_CHECKING:  # pragma: no cover
    import discord

    from .simuser import SimUser

_log = logging.getLogger("fakediscord")
T = TypeVar("T")

#: A 1x1 transparent PNG served for avatars and other CDN images.
_PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489"
    "0000000d49444154789c63000100000500010d0a2db40000000049454e44ae426082"
)

_APP_FLAG_PRESENCE_LIMITED = 1 << 13
_APP_FLAG_MEMBERS_LIMITED = 1 << 15
_APP_FLAG_CONTENT_LIMITED = 1 << 19


@dataclass
class RestCall:
    """One REST request the bot made (every request is logged, handled or not)."""

    method: str
    path: str  # path after /api/v10, e.g. "/channels/123/messages"
    query: dict[str, str]
    body: Any
    files: list[str]
    status: int = 0
    route: str | None = None  # the route template that handled it, None if unhandled
    at: float = field(default_factory=time.monotonic)

    def __repr__(self) -> str:
        return f"<RestCall {self.method} {self.path} -> {self.status}>"


@dataclass
class _Fault:
    method: str
    pattern: re.Pattern[str]
    status: int
    code: int
    message: str
    times: int
    retry_after: float | None


@dataclass
class _FileUpload:
    filename: str
    data: bytes
    content_type: str | None


_Handler = Callable[[web.Request, "re.Match[str]", Any, "dict[int, _FileUpload]"], Awaitable[Any]]


class _NoContent:
    """Marker: respond 204 without a body."""


NO_CONTENT = _NoContent()


class RunningBot:
    """A discord.py client started by :meth:`FakeDiscord.start_bot` (``client.start`` in a task)."""

    def __init__(self, fake: FakeDiscord, client: discord.Client, task: asyncio.Task[None]) -> None:
        self.fake = fake
        self.client = client
        self.task = task

    def kill(self) -> None:
        """Drop the client as SIGKILL would: nothing is closed (its database
        connection and HTTP session stay open: the test closes them at the end),
        its gateway sessions end, and the errors of its abandoned tasks are
        expected. Its heartbeat thread stops, as it would die with the process
        (left running it would fire into a closed event loop, later)."""
        self.task.cancel()
        keep_alive = getattr(getattr(self.client, "ws", None), "_keep_alive", None)
        if keep_alive is not None:
            keep_alive.stop()
        if self in self.fake._bots:
            self.fake._bots.remove(self)
        self.fake.allow_error_log(r".*")
        for s in list(self.fake.sessions):
            s.ended = True

    async def stop(self, timeout: float = 10.0) -> None:
        """Close the client (clean gateway close, session ends) and wait for ``start`` to return."""
        if self in self.fake._bots:
            self.fake._bots.remove(self)
        if not self.client.is_closed():
            await asyncio.wait_for(self.client.close(), timeout)
        try:
            await asyncio.wait_for(asyncio.shield(self.task), timeout)
        except asyncio.TimeoutError:
            self.task.cancel()
            raise
        finally:
            # discord.py's Client.close() ends up sending close code 4000 (its reader task wins the
            # race against close(code=1000)), which Discord would treat as resumable; nobody will
            # resume it, so end the now-disconnected sessions.
            await asyncio.sleep(0)
            for session in self.fake.sessions:
                if not session.online:
                    session.ended = True


class FakeDiscord:
    """An in-process fake of Discord's REST API and gateway for end-to-end bot tests.

    Create users and guilds, :meth:`start` (or use ``async with``), run the bot
    with :meth:`run_bot`, drive it with :class:`~.simuser.SimUser` objects and
    assert on messages. See the package docstring for an overview.
    """

    def __init__(
        self,
        *,
        bot_name: str = "Manaburn",
        guild_name: str | None = "Fake Guild",
        channels: Iterable[str] = ("general",),
        interaction_timeout: float = 3.0,
        human_delay: float = 0.02,
        privileged_intents: Iterable[str] = ("members", "presences", "message_content"),
        patch_discord: bool = True,
        guard_network: bool = True,
        capture_logs: bool = True,
    ) -> None:
        """
        ``guild_name``: create a default guild (``fake.guild``) with ``channels``
        (``fake.channel`` is the first); ``None`` for no default guild.
        ``interaction_timeout``: Discord's 3-second acknowledgement deadline.
        ``human_delay``: pause before each simulated-user action (a human cannot
        click a button in the same millisecond it appears; set 0 to hunt races).
        ``privileged_intents``: what the "developer portal" allows; requesting
        others at IDENTIFY closes the gateway with 4014 like Discord.
        """
        self.snowflakes = SnowflakeFactory()
        self.interaction_timeout = interaction_timeout
        self.human_delay = human_delay
        self.privileged_intents = set(privileged_intents)
        self._patch = patch_discord
        self._guard_network = guard_network
        self._capture_logs = capture_logs

        self.users: dict[int, FakeUser] = {}
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.messages: dict[int, FakeMessage] = {}
        self.attachments: dict[int, FakeAttachment] = {}
        self.interactions: dict[int, FakeInteraction] = {}
        self._interactions_by_token: dict[str, FakeInteraction] = {}
        #: Registered application commands: scope (None = global, else guild id) -> command id -> dict.
        self.commands: dict[int | None, dict[int, dict[str, Any]]] = {}
        self.calls: list[RestCall] = []
        #: Harness failures (unhandled routes, protocol misuse); :meth:`check` raises on them.
        self.failures: list[str] = []
        #: Every 4xx error the bot received (useful to assert on; not a failure by itself).
        self.client_errors: list[tuple[RestCall, APIError]] = []
        self.sessions: list[GatewaySession] = []
        #: How interactions reach the bot: ``"all"`` sessions (one bot process), or one
        #: session each, in turn (``"spread"``): several worker processes of one bot
        #: behind an ingress that hands each interaction to one of them; or ``"http"``:
        #: POSTed, signed, to :attr:`interaction_urls` in turn (Discord's Interactions
        #: Endpoint URL behind a load balancer), the HTTP answer taken as the response.
        self.interactions_to = "all"
        self._next_session = 0
        self.interaction_urls: list[str] = []
        from nacl.signing import SigningKey
        self.interaction_key = SigningKey.generate()
        #: The application's public key (hex), as the Developer Portal shows it.
        self.public_key = self.interaction_key.verify_key.encode().hex()
        #: HTTP statuses other than 200 the endpoints answered (interaction id, status).
        self.http_refusals: list[tuple[int, int]] = []
        #: Seconds between reading an endpoint's HTTP answer and taking it in (the response
        #: exists, its follow-up webhook works); calls through the token before then find
        #: the interaction unknown, as they can on Discord, where they travel apart.
        self.http_answer_delay = 0.0
        self._http_tasks: set[asyncio.Task[None]] = set()
        self.identify_count = 0
        self.resume_count = 0
        self.presence_updates: list[dict[str, Any]] = []
        self._connections: set[GatewayConnection] = set()
        self._faults: list[_Fault] = []
        self._bots: list[RunningBot] = []
        self._changed_event: asyncio.Event | None = None
        self._runner: web.AppRunner | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self.port = 0
        self.token = "fake." + secrets.token_urlsafe(24)
        self.application_id = self.snowflakes.next()
        self.bot_user = FakeUser(self.application_id, bot_name, bot=True)
        self.users[self.bot_user.id] = self.bot_user
        self._exit_stack: contextlib.ExitStack | None = None
        self.network_guard: NetworkGuard | None = None
        self.log_capture: ErrorLogCapture | None = None
        self._routes: list[tuple[str, re.Pattern[str], str, _Handler]] = []
        self._register_routes()

        from .simuser import SimUser  # circular import

        self._simuser_cls = SimUser
        #: Owns every guild created here (and so has every permission in them).
        self.owner: SimUser = self.create_user("server-owner", join_default_guild=False)
        self.guild: FakeGuild | None = None
        self.channel: FakeChannel | None = None
        if guild_name is not None:
            self.guild = self.create_guild(guild_name, channels=channels)
            self.channel = self.guild.text_channels[0] if self.guild.text_channels else None

    # ------------------------------------------------------------------------------
    # URLs
    # ------------------------------------------------------------------------------
    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        """Value for ``discord.http.Route.BASE``."""
        return f"{self.base_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        """Value for ``DiscordWebSocket.DEFAULT_GATEWAY`` (also the READY ``resume_gateway_url``)."""
        return f"ws://127.0.0.1:{self.port}/gateway"

    @property
    def cdn_base(self) -> str:
        """Value for ``discord.asset.Asset.BASE``."""
        return self.base_url

    # ------------------------------------------------------------------------------
    # World building
    # ------------------------------------------------------------------------------
    def create_user(
        self,
        name: str,
        *,
        dms_closed: bool = False,
        admin: bool = False,
        guilds: Iterable[FakeGuild] | None = None,
        join_default_guild: bool = True,
    ) -> SimUser:
        """A simulated human; joins the default guild (or ``guilds``) unless told not to."""
        user = self._simuser_cls(self, self.snowflakes.next(), name, dms_closed=dms_closed)
        self.users[user.id] = user
        targets = list(guilds) if guilds is not None else ([self.guild] if join_default_guild and getattr(self, "guild", None) else [])
        for g in targets:
            if g is not None:
                self._add_member(g, user, admin=admin)
        return user

    def create_guild(self, name: str, *, channels: Iterable[str] = ("general",), bot_member: bool = True) -> FakeGuild:
        """A guild owned by :attr:`owner`, with text channels and (by default) the bot as a member."""
        gid = self.snowflakes.next()
        guild = FakeGuild(gid, name, self.owner.id, self)
        guild.roles[gid] = FakeRole(gid, "@everyone", EVERYONE_PERMISSIONS)
        self.guilds[gid] = guild
        for i, cname in enumerate(channels):
            ch = FakeChannel(self.snowflakes.next(), GUILD_TEXT, self, name=cname, guild=guild, position=i)
            guild.channels[ch.id] = ch
            self.channels[ch.id] = ch
        guild.members[self.owner.id] = FakeMember(self.owner, guild)
        if bot_member:
            bot_role = FakeRole(self.snowflakes.next(), self.bot_user.username, BOT_PERMISSIONS, position=1, managed=True)
            guild.roles[bot_role.id] = bot_role
            guild.members[self.bot_user.id] = FakeMember(self.bot_user, guild, roles=[bot_role.id])
            # the bot "joins" a guild created while it is connected
            self._dispatch("GUILD_CREATE", lambda s: guild.payload(include_members=s.wants(GUILD_MEMBERS)),
                           intent=GUILDS, guild=guild)
        return guild

    def _add_member(self, guild: FakeGuild, user: FakeUser, *, admin: bool = False,
                    roles: list[FakeRole] | None = None) -> FakeMember:
        if user.id in guild.members:
            return guild.members[user.id]
        role_ids = [r.id for r in roles or []]
        if admin:
            admin_role = next((r for r in guild.roles.values() if r.name == "Admin"), None)
            if admin_role is None:
                admin_role = guild.create_role("Admin", ADMINISTRATOR)
            role_ids.append(admin_role.id)
        member = FakeMember(user, guild, roles=role_ids)
        guild.members[user.id] = member
        data = member.payload()
        data["guild_id"] = str(guild.id)
        self._dispatch("GUILD_MEMBER_ADD", data, intent=GUILD_MEMBERS, guild=guild)
        self._changed()
        return member

    def _create_text_channel(self, guild: FakeGuild, name: str, *, topic: str | None = None) -> FakeChannel:
        ch = FakeChannel(self.snowflakes.next(), GUILD_TEXT, self, name=name, guild=guild, topic=topic,
                         position=len(guild.text_channels))
        guild.channels[ch.id] = ch
        self.channels[ch.id] = ch
        self._dispatch("CHANNEL_CREATE", ch.payload(), intent=GUILDS, guild=guild)
        self._changed()
        return ch

    def dm_channel(self, user: FakeUser, *, create: bool = True) -> FakeChannel | None:
        """The DM channel between ``user`` and the bot."""
        for ch in self.channels.values():
            if ch.type == DM and ch.recipient is user:
                return ch
        if not create:
            return None
        ch = FakeChannel(self.snowflakes.next(), DM, self, recipient=user)
        self.channels[ch.id] = ch
        return ch

    def bot_guilds(self) -> list[FakeGuild]:
        return [g for g in self.guilds.values() if self.bot_user.id in g.members]

    # ------------------------------------------------------------------------------
    # Lifecycle
    # ------------------------------------------------------------------------------
    async def start(self) -> None:
        """Listen on an ephemeral 127.0.0.1 port; install URL patches and guards as configured."""
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("GET", "/gateway", self._gateway_handler)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._api_handler)
        app.router.add_route("*", "/{tail:.*}", self._cdn_handler)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server = site._server
        assert server is not None
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        stack = contextlib.ExitStack()
        if self._patch:
            stack.enter_context(redirect_discord(self.api_base, self.gateway_url, self.cdn_base))
        if self._guard_network:
            self.network_guard = NetworkGuard()
            stack.enter_context(self.network_guard)
        if self._capture_logs:
            self.log_capture = ErrorLogCapture()
            self.log_capture.install()
            stack.callback(self.log_capture.uninstall)
        self._exit_stack = stack
        _log.debug("fake discord listening on %s", self.base_url)

    async def stop(self) -> None:
        """Stop running bots, close websockets and the server, undo patches (idempotent)."""
        for bot in list(self._bots):
            with contextlib.suppress(Exception):
                await bot.stop()
        for conn in list(self._connections):
            conn.close_writer()
            with contextlib.suppress(Exception):
                await conn.ws.close(code=1001)
        for task in list(self._tasks):
            task.cancel()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        if self._exit_stack is not None:
            self._exit_stack.close()
            self._exit_stack = None

    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        return self

    async def __aexit__(self, exc_type: Any, exc: Any, tb: Any) -> None:
        try:
            for bot in list(self._bots):
                await bot.stop()
            if exc_type is None:
                self.check()
        finally:
            await self.stop()

    # ------------------------------------------------------------------------------
    # Harness checks
    # ------------------------------------------------------------------------------
    def problems(self) -> list[str]:
        """Everything that should fail the test: unhandled routes, ERROR logs, network escapes."""
        out = list(self.failures)
        if self.network_guard is not None:
            out += [f"non-loopback network access: {v}" for v in self.network_guard.violations]
        if self.log_capture is not None:
            out += [f"ERROR log: {ErrorLogCapture.describe(r)}" for r in self.log_capture.unexpected]
        return out

    def check(self) -> None:
        """Raise :class:`HarnessError` listing all :meth:`problems` (if any)."""
        problems = self.problems()
        if problems:
            raise HarnessError("fake Discord harness check failed:\n  - " + "\n  - ".join(problems))

    def reset_problems(self) -> None:
        """Forget recorded problems (after a test asserted on them on purpose)."""
        self.failures.clear()
        if self.network_guard is not None:
            self.network_guard.violations.clear()
        if self.log_capture is not None:
            self.log_capture.records.clear()

    def allow_error_log(self, pattern: str, logger: str | None = None) -> None:
        """Do not fail on ERROR log records matching ``pattern`` (a test provoking an error on purpose)."""
        if self.log_capture is not None:
            self.log_capture.allow(pattern, logger)

    def fail_next(self, method: str, path_pattern: str, *, status: int = 500, code: int = 0,
                  message: str = "Internal Server Error", times: int = 1, retry_after: float | None = None) -> None:
        """Make the next ``times`` matching REST calls fail (fault injection).

        ``path_pattern`` is a regex searched in the path after ``/api/v10``. With
        ``status=429`` a proper rate-limit response (``Via`` header, ``retry_after``)
        is sent, which discord.py waits out and retries.
        """
        self._faults.append(_Fault(method.upper(), re.compile(path_pattern), status, code, message, times,
                                   retry_after if retry_after is not None else (0.05 if status == 429 else None)))

    def calls_to(self, method: str, path_pattern: str) -> list[RestCall]:
        """Logged REST calls with ``method`` whose path matches the regex ``path_pattern``."""
        pat = re.compile(path_pattern)
        return [c for c in self.calls if c.method == method.upper() and pat.search(c.path)]

    # ------------------------------------------------------------------------------
    # Waiting
    # ------------------------------------------------------------------------------
    def _changed(self) -> None:
        if self._changed_event is not None:
            self._changed_event.set()
        self._changed_event = None

    async def wait_for(self, predicate: Callable[[], T | Awaitable[T]], timeout: float = 5.0, *,
                       message: str | None = None, poll: float = 0.02) -> T:
        """Wait until ``predicate()`` is truthy and return its value.

        Re-evaluated on every state change of the fake and every ``poll`` seconds
        (for conditions on the bot's own state). ``predicate`` may return an awaitable
        (a condition read from the bot's storage): its result is the value. Raises
        ``TimeoutError`` with ``message`` after ``timeout`` seconds.
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            value = predicate()
            if inspect.isawaitable(value):
                value = await value
            if value:
                return value
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(message or f"condition not met within {timeout}s: {predicate!r}")
            if self._changed_event is None:
                self._changed_event = asyncio.Event()
            event = self._changed_event
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(event.wait(), min(poll, remaining))

    @property
    def bot_online(self) -> bool:
        return any(s.online for s in self.sessions)

    async def wait_bot_online(self, timeout: float = 10.0) -> None:
        await self.wait_for(lambda: self.bot_online, timeout, message="bot did not connect to the gateway")

    # ------------------------------------------------------------------------------
    # Running bots
    # ------------------------------------------------------------------------------
    async def start_bot(self, client: discord.Client, *, token: str | None = None, ready_timeout: float = 10.0,
                        fast_ready: bool = True) -> RunningBot:
        """Run ``client.start(token)`` in a task and wait until the client is ready.

        ``fast_ready`` lowers discord.py's ``guild_ready_timeout`` (2 s of waiting
        for more GUILD_CREATEs before ``on_ready``) to 0.05 s on this client object.
        """
        if fast_ready:
            client._connection.guild_ready_timeout = 0.05
        task = asyncio.create_task(client.start(token or self.token), name="fakediscord-bot")
        bot = RunningBot(self, client, task)
        self._bots.append(bot)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + ready_timeout
        while not client.is_ready():
            if task.done():
                self._bots.remove(bot)
                await client.close()  # Client.start does not clean up its HTTP session on failure
                exc = task.exception() if not task.cancelled() else None
                if exc is not None:
                    raise exc  # e.g. LoginFailure, PrivilegedIntentsRequired
                raise RuntimeError("bot stopped before becoming ready")
            if loop.time() > deadline:
                await bot.stop()
                raise TimeoutError(f"bot not ready within {ready_timeout}s")
            await asyncio.sleep(0.01)
        return bot

    @contextlib.asynccontextmanager
    async def run_bot(self, client: discord.Client, **kwargs: Any) -> AsyncIterator[RunningBot]:
        """``async with fake.run_bot(client) as bot:`` start, wait until ready, stop on exit."""
        bot = await self.start_bot(client, **kwargs)
        try:
            yield bot
        finally:
            await bot.stop()

    async def reconnect_bot(self, *, how: str = "reconnect", timeout: float = 10.0) -> None:
        """Make connected clients reconnect and RESUME: ``how="reconnect"`` sends op 7,
        ``how="drop"`` closes the socket with code 4000. Waits for the resume."""
        before = self.resume_count
        for conn in list(self._connections):
            if how == "reconnect":
                conn.send({"op": RECONNECT, "d": None})
            else:
                conn.server_closed = True
                await conn.ws.close(code=4000)
        await self.wait_for(lambda: self.resume_count > before, timeout, message="bot did not RESUME")

    # ------------------------------------------------------------------------------
    # Gateway
    # ------------------------------------------------------------------------------
    def _dispatch(self, event: str, data: dict[str, Any] | Callable[[GatewaySession], dict[str, Any] | None],
                  *, intent: int | None = None, guild: FakeGuild | None = None) -> None:
        """Send a DISPATCH to every live session that has ``intent`` (and is in ``guild``)."""
        if guild is not None and self.bot_user.id not in guild.members:
            return
        for s in self.sessions:
            if s.ended or not s.wants(intent):
                continue
            payload = data(s) if callable(data) else data
            if payload is not None:
                s.dispatch(event, payload)

    async def _gateway_handler(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await ws.prepare(request)
        conn = GatewayConnection(ws)
        self._connections.add(conn)
        writer = asyncio.create_task(conn.writer())
        conn.send({"op": HELLO, "d": {"heartbeat_interval": 41250}})
        client_code: int | None = None
        try:
            while True:
                msg = await ws.receive()
                if msg.type == WSMsgType.TEXT:
                    await self._gateway_receive(conn, json.loads(msg.data))
                elif msg.type == WSMsgType.CLOSE:
                    client_code = msg.data  # the code the *client* closed with
                    break
                elif msg.type in (WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR):
                    break
        finally:
            conn.close_writer()
            with contextlib.suppress(Exception):
                await writer
            self._connections.discard(conn)
            session = conn.session
            if session is not None and session.conn is conn:
                session.conn = None
                _log.debug("gateway connection closed by client with %s (server_closed=%s)", client_code,
                           conn.server_closed)
                if client_code in (1000, 1001) and not conn.server_closed:
                    session.ended = True  # a clean close by the client ends the session (no RESUME)
            self._changed()
        return ws

    async def _gateway_receive(self, conn: GatewayConnection, msg: dict[str, Any]) -> None:
        op = msg.get("op")
        d = msg.get("d")
        if op == HEARTBEAT:
            conn.send({"op": HEARTBEAT_ACK})
        elif op == IDENTIFY:
            await self._identify(conn, d or {})
        elif op == RESUME:
            self._resume(conn, d or {})
        elif op == REQUEST_GUILD_MEMBERS:
            self._request_members(conn, d or {})
        elif op == PRESENCE_UPDATE:
            self.presence_updates.append(d)
        else:
            _log.debug("ignoring gateway op %s", op)

    async def _identify(self, conn: GatewayConnection, d: dict[str, Any]) -> None:
        if d.get("token") != self.token:
            await conn.ws.close(code=4004, message=b"Authentication failed.")
            return
        if "intents" not in d:
            await conn.ws.close(code=4013, message=b"Invalid intent(s).")
            return
        intents = int(d["intents"])
        for name, bit in PRIVILEGED.items():
            if intents & bit and name not in self.privileged_intents:
                await conn.ws.close(code=4014, message=b"Disallowed intent(s).")
                return
        session = GatewaySession(secrets.token_hex(16), intents, d)
        session.conn = conn
        conn.session = session
        self.sessions.append(session)
        self.identify_count += 1
        app_flags = self._application_flags()
        ready: dict[str, Any] = {
            "v": 10,
            "user": {**self.bot_user.payload(), "verified": True, "mfa_enabled": False, "email": None, "bot": True},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in self.bot_guilds()],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.gateway_url,
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": ["us-east"],
            "user_settings": {},
            "application": {"id": str(self.application_id), "flags": app_flags},
            "_trace": ["fakediscord"],
        }
        if "shard" in d:
            ready["shard"] = d["shard"]
        session.dispatch("READY", ready)
        if session.wants(GUILDS):
            for g in self.bot_guilds():
                session.dispatch("GUILD_CREATE", g.payload(include_members=session.wants(GUILD_MEMBERS)))
        self._changed()

    def _resume(self, conn: GatewayConnection, d: dict[str, Any]) -> None:
        session = next((s for s in self.sessions if s.id == d.get("session_id")), None)
        if session is None or session.ended or d.get("token") != self.token:
            conn.send({"op": INVALID_SESSION, "d": False})
            return
        if session.conn is not None and session.conn is not conn:
            session.conn.close_writer()
        session.conn = conn
        conn.session = session
        for m in session.replay_after(int(d.get("seq") or 0)):
            conn.send(m)
        session.dispatch("RESUMED", {"_trace": ["fakediscord"]})
        self.resume_count += 1
        self._changed()

    def _request_members(self, conn: GatewayConnection, d: dict[str, Any]) -> None:
        session = conn.session
        guild = self.guilds.get(int(d.get("guild_id") or 0))
        if session is None or guild is None:
            return
        members = list(guild.members.values())
        query = (d.get("query") or "").lower()
        if query:
            members = [m for m in members if m.user.username.lower().startswith(query)]
        if d.get("user_ids"):
            wanted = {int(u) for u in d["user_ids"]}
            members = [m for m in members if m.user.id in wanted]
        limit = int(d.get("limit") or 0)
        if limit:
            members = members[:limit]
        chunk: dict[str, Any] = {
            "guild_id": str(guild.id),
            "members": [m.payload() for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if d.get("nonce") is not None:
            chunk["nonce"] = d["nonce"]
        session.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    def _application_flags(self) -> int:
        flags = 0
        if "presences" in self.privileged_intents:
            flags |= _APP_FLAG_PRESENCE_LIMITED
        if "members" in self.privileged_intents:
            flags |= _APP_FLAG_MEMBERS_LIMITED
        if "message_content" in self.privileged_intents:
            flags |= _APP_FLAG_CONTENT_LIMITED
        return flags

    # ------------------------------------------------------------------------------
    # Messages (shared by REST handlers and simulated users)
    # ------------------------------------------------------------------------------
    def _message_event(self, msg: FakeMessage, session: GatewaySession) -> dict[str, Any] | None:
        """MESSAGE_CREATE/UPDATE payload as this session may see it (message content intent)."""
        data = msg.payload()
        if not session.wants(MESSAGE_CONTENT) and msg.author.id != self.bot_user.id and not msg.channel.is_dm:
            mentioned = str(self.bot_user.id) in _MENTION_RE.findall(msg.content)
            if not mentioned:
                data.update(content="", embeds=[], attachments=[], components=[])
        return data

    def _dispatch_message(self, event: str, msg: FakeMessage) -> None:
        if msg.ephemeral:
            return
        intent = DIRECT_MESSAGES if msg.channel.is_dm else GUILD_MESSAGES
        self._dispatch(event, lambda s: self._message_event(msg, s), intent=intent, guild=msg.channel.guild)

    def _make_attachments(self, channel: FakeChannel, spec: list[dict[str, Any]] | None,
                          files: dict[int, _FileUpload], existing: list[FakeAttachment], *,
                          uploader: FakeUser, ephemeral: bool = False) -> list[FakeAttachment]:
        def new(idx: int, meta: dict[str, Any]) -> FakeAttachment:
            up = files[idx]
            att = FakeAttachment(self.snowflakes.next(), meta.get("filename") or up.filename, up.data,
                                 content_type=up.content_type, description=meta.get("description"),
                                 uploader_id=uploader.id, ephemeral=ephemeral)
            self._store_attachment(channel.id, att)
            return att

        if spec is None:
            return list(existing) + [new(i, {}) for i in sorted(files)]
        result: list[FakeAttachment] = []
        used: set[int] = set()
        by_id = {a.id: a for a in existing}
        for n, meta in enumerate(spec):
            aid = int(meta.get("id", n))
            if aid in files and aid not in used:
                result.append(new(aid, meta))
                used.add(aid)
            elif aid in by_id:
                result.append(by_id[aid])
            else:
                raise E.form_error(f"attachments.{n}.id", "ATTACHMENT_NOT_FOUND", "Unknown attachment")
        return result

    def _store_attachment(self, channel_id: int, att: FakeAttachment) -> None:
        att.url = f"{self.base_url}/attachments/{channel_id}/{att.id}/{att.filename}"
        self.attachments[att.id] = att

    def _new_message(self, channel: FakeChannel, author: FakeUser, body: dict[str, Any],
                     files: dict[int, _FileUpload] | None = None, *, interaction: FakeInteraction | None = None,
                     ephemeral: bool = False, msg_type: int = 0, loading: bool = False, webhook: bool = False,
                     validate: bool = True) -> FakeMessage:
        files = files or {}
        content = body.get("content") or ""
        embeds = list(body.get("embeds") or [])
        components = list(body.get("components") or [])
        req_flags = int(body.get("flags") or 0)
        flags = req_flags & (FLAG_SUPPRESS_EMBEDS | FLAG_SUPPRESS_NOTIFICATIONS | FLAG_COMPONENTS_V2)
        if ephemeral:
            flags |= FLAG_EPHEMERAL
        if loading:
            flags |= FLAG_LOADING
        if validate and not loading:
            n_files = len(body["attachments"]) if body.get("attachments") is not None else len(files)
            validate_message(content, embeds, components, n_files, flags,
                             has_poll=bool(body.get("poll")), has_stickers=bool(body.get("sticker_ids")))
        ref_id = None
        ref = body.get("message_reference")
        if ref and ref.get("message_id"):
            ref_id = int(ref["message_id"])
            target = self.messages.get(ref_id)
            if target is None or target.deleted or target.ephemeral:
                if ref.get("fail_if_not_exists", True):
                    raise E.form_error("message_reference", "REPLIES_UNKNOWN_MESSAGE", "Unknown message")
                ref_id = None
            elif msg_type == 0:
                msg_type = 19
        attachments = self._make_attachments(channel, body.get("attachments"), files, [], uploader=author,
                                             ephemeral=ephemeral)
        msg = FakeMessage(
            id=self.snowflakes.next(), channel=channel, author=author, fake=self, content=content, embeds=embeds,
            components=components, attachments=attachments, flags=flags, type=msg_type,
            ephemeral_to=interaction.user.id if (ephemeral and interaction) else None, interaction=interaction,
            webhook_id=self.application_id if webhook else None, reference_id=ref_id,
            nonce=str(body["nonce"]) if body.get("nonce") is not None else None, tts=bool(body.get("tts")),
        )
        self.messages[msg.id] = msg
        channel.message_ids.append(msg.id)
        if channel.is_thread:
            channel.thread_members.add(author.id)  # posting in a thread joins it
        if channel.type == PRIVATE_THREAD and author.id == self.bot_user.id:
            for uid in _MENTION_RE.findall(content):
                if int(uid) in self.users:
                    channel.thread_members.add(int(uid))
        self._dispatch_message("MESSAGE_CREATE", msg)
        self._changed()
        return msg

    def _edit_message(self, msg: FakeMessage, body: dict[str, Any], files: dict[int, _FileUpload] | None = None,
                      *, editor: FakeUser | None = None) -> FakeMessage:
        files = files or {}
        content = (body.get("content") or "") if "content" in body else msg.content
        embeds = list(body.get("embeds") or []) if "embeds" in body else msg.embeds
        components = list(body.get("components") or []) if "components" in body else msg.components
        flags = msg.flags & ~FLAG_LOADING
        if body.get("flags") is not None:
            mutable = FLAG_SUPPRESS_EMBEDS | FLAG_COMPONENTS_V2
            flags = (flags & ~mutable) | (int(body["flags"]) & mutable)
        if "attachments" in body or files:
            attachments = self._make_attachments(msg.channel, body.get("attachments"), files, msg.attachments,
                                                 uploader=editor or msg.author, ephemeral=msg.ephemeral)
        else:
            attachments = msg.attachments
        validate_message(content, embeds, components, len(attachments), flags)
        was_loading = msg.loading
        msg.history.append(msg.snapshot())
        msg.content, msg.embeds, msg.components, msg.flags, msg.attachments = content, embeds, components, flags, attachments
        if not was_loading:
            msg.edited_at = utcnow()
        self._dispatch_message("MESSAGE_UPDATE", msg)
        self._changed()
        return msg

    def _delete_message(self, msg: FakeMessage) -> None:
        msg.deleted = True
        if not msg.ephemeral:
            data: dict[str, Any] = {"id": str(msg.id), "channel_id": str(msg.channel.id)}
            if msg.channel.guild is not None:
                data["guild_id"] = str(msg.channel.guild.id)
            intent = DIRECT_MESSAGES if msg.channel.is_dm else GUILD_MESSAGES
            self._dispatch("MESSAGE_DELETE", data, intent=intent, guild=msg.channel.guild)
        self._changed()

    # ------------------------------------------------------------------------------
    # Visibility (what a human user can see)
    # ------------------------------------------------------------------------------
    def can_view_channel(self, user: FakeUser, channel: FakeChannel) -> bool:
        if channel.deleted:
            return False
        if channel.is_dm:
            return channel.recipient is user or user.id == self.bot_user.id
        guild = channel.guild
        assert guild is not None
        member = guild.member(user)
        if member is None:
            return False
        if channel.type == PRIVATE_THREAD:
            return user.id in channel.thread_members or bool(member.permissions & MANAGE_THREADS)
        return True

    def can_view_message(self, user: FakeUser, msg: FakeMessage) -> bool:
        if msg.deleted or not self.can_view_channel(user, msg.channel):
            return False
        return not msg.ephemeral or msg.ephemeral_to == user.id

    # ------------------------------------------------------------------------------
    # Interactions (created by simulated users)
    # ------------------------------------------------------------------------------
    def _create_interaction(self, *, itype: int, user: FakeUser, channel: FakeChannel, data: dict[str, Any],
                            message: FakeMessage | None = None, command_name: str | None = None) -> FakeInteraction:
        inter = FakeInteraction(
            id=self.snowflakes.next(), token="fakeitx." + secrets.token_urlsafe(32), type=itype, user=user,
            channel=channel, data=data, fake=self, guild=channel.guild, message=message,
            created=asyncio.get_running_loop().time(), command_name=command_name,
        )
        self.interactions[inter.id] = inter
        self._interactions_by_token[inter.token] = inter
        return inter

    def _interaction_payload(self, inter: FakeInteraction) -> dict[str, Any]:
        ch = inter.channel
        data: dict[str, Any] = {
            "id": str(inter.id),
            "application_id": str(self.application_id),
            "type": inter.type,
            "data": inter.data,
            "token": inter.token,
            "version": 1,
            "locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": inter.integration_owners(),
            "attachment_size_limit": 10 * 1024 * 1024,
            "channel_id": str(ch.id),
        }
        if inter.guild is not None:
            guild = inter.guild
            member = guild.member(inter.user)
            assert member is not None
            bot_member = guild.member(self.bot_user)
            data.update(
                guild_id=str(guild.id),
                guild={"id": str(guild.id), "locale": "en-US", "features": []},
                guild_locale="en-US",
                member=member.payload(with_permissions=True),
                app_permissions=str(bot_member.permissions if bot_member else 0),
                context=0,
                channel=ch.payload(permissions=member.permissions),
            )
        else:
            data.update(user=inter.user.payload(), context=1, app_permissions=str(BOT_PERMISSIONS),
                        channel=ch.payload())
        if inter.message is not None:
            data["message"] = inter.message.payload()
        return data

    def _dispatch_interaction(self, inter: FakeInteraction) -> bool:
        """Send INTERACTION_CREATE; False if no gateway session could ever receive it."""
        live = [s for s in self.sessions if not s.ended]
        if not live:
            return False
        payload = self._interaction_payload(inter)
        if self.interactions_to == "http":
            if not self.interaction_urls:
                return False
            self._next_session += 1
            n = len(self.interaction_urls)
            urls = [self.interaction_urls[(self._next_session + i) % n] for i in range(n)]
            task = asyncio.get_running_loop().create_task(self._post_interaction(inter, payload, urls))
            self._http_tasks.add(task)
            task.add_done_callback(self._http_tasks.discard)
            return True
        if self.interactions_to == "spread":
            self._next_session += 1
            live = [live[self._next_session % len(live)]]
        for s in live:
            s.dispatch("INTERACTION_CREATE", payload)
        return True

    def signed(self, body: bytes, timestamp: str | None = None) -> dict[str, str]:
        """The headers Discord signs an interaction request with."""
        ts = timestamp or str(int(time.time()))
        sig = self.interaction_key.sign(ts.encode() + body).signature.hex()
        return {"X-Signature-Ed25519": sig, "X-Signature-Timestamp": ts, "Content-Type": "application/json"}

    async def _post_interaction(self, inter: FakeInteraction, payload: dict[str, Any], urls: list[str]) -> None:
        """Discord's outgoing webhook: the interaction POSTed and signed; a 200 answer is
        its response (as if sent to the callback route), anything else fails it.

        *urls* are the workers behind the load balancer, the one chosen first: a worker
        that refuses the connection (stopped) is passed over for the next, as nginx's
        ``proxy_next_upstream error`` does (compose.yaml); once the request was sent to
        one, its answer or failure stands (a POST is never sent twice)."""
        body = json.dumps(payload).encode()
        try:
            async with aiohttp.ClientSession() as session:
                for i, url in enumerate(urls):
                    try:
                        resp = await session.post(url, data=body, headers=self.signed(body),
                                                  timeout=aiohttp.ClientTimeout(total=3))
                        break
                    except aiohttp.ClientConnectorError:
                        if i == len(urls) - 1:
                            raise
                async with resp:
                    if resp.status != 200:
                        self.http_refusals.append((inter.id, resp.status))
                        inter.failed = True
                        return
                    files: dict[int, _FileUpload] = {}
                    answer: Any = None
                    if resp.content_type.startswith("multipart/"):
                        reader = aiohttp.MultipartReader.from_response(resp)
                        async for part in reader:
                            name = getattr(part, "name", None) or ""
                            if name == "payload_json":
                                answer = json.loads(await part.text())  # type: ignore[union-attr]
                            else:
                                m = re.fullmatch(r"files\[(\d+)\]", name)
                                idx = int(m.group(1)) if m else len(files)
                                files[idx] = _FileUpload(getattr(part, "filename", None) or f"file{idx}",
                                                         bytes(await part.read()),  # type: ignore[union-attr]
                                                         part.headers.get("Content-Type"))
                    else:
                        answer = await resp.json()
        except (aiohttp.ClientError, asyncio.TimeoutError, ValueError):
            self.http_refusals.append((inter.id, 0))
            inter.failed = True
            return
        if self.http_answer_delay:
            await asyncio.sleep(self.http_answer_delay)
        call = RestCall("POST", f"/interactions/{inter.id}/{inter.token}/callback", {}, answer,
                        [f.filename for f in files.values()])
        call.route = "/interactions/{interaction_id}/{token}/callback"  # the acknowledgement, as by REST
        self.calls.append(call)
        try:
            await self._h_interaction_callback(None, {"interaction_id": str(inter.id), "token": inter.token},  # type: ignore[arg-type]
                                               answer, files)
            call.status = 200
        except APIError as e:
            call.status = e.status
            self.failures.append(f"the HTTP answer to interaction {inter.id} was refused: {e}")

    # ------------------------------------------------------------------------------
    # REST plumbing
    # ------------------------------------------------------------------------------
    def _route(self, method: str, template: str, handler: _Handler) -> None:
        regex = re.sub(r"\{(\w+)\}", lambda m: f"(?P<{m.group(1)}>[^/]+)", template)
        self._routes.append((method, re.compile(regex + r"/?"), template, handler))

    @staticmethod
    def _headers(route_key: str) -> dict[str, str]:
        return {
            "X-RateLimit-Limit": "50",
            "X-RateLimit-Remaining": "49",
            "X-RateLimit-Reset": f"{time.time() + 1:.3f}",
            "X-RateLimit-Reset-After": "1.000",
            "X-RateLimit-Bucket": hashlib.md5(route_key.encode()).hexdigest()[:16],
        }

    def _json_response(self, status: int, body: Any, route_key: str, extra: dict[str, str] | None = None) -> web.Response:
        headers = self._headers(route_key)
        if extra:
            headers.update(extra)
        if body is NO_CONTENT:
            return web.Response(status=204, headers=headers)
        headers["Content-Type"] = "application/json"  # exactly this: discord.py compares the header verbatim
        return web.Response(status=status, body=json.dumps(body).encode(), headers=headers)

    async def _read_body(self, request: web.Request) -> tuple[Any, dict[int, _FileUpload]]:
        files: dict[int, _FileUpload] = {}
        if request.content_type.startswith("multipart/"):
            body: Any = None
            reader = await request.multipart()
            async for part in reader:
                name = getattr(part, "name", None) or ""
                if name == "payload_json":
                    body = json.loads(await part.text())  # type: ignore[union-attr]
                else:
                    m = re.fullmatch(r"files\[(\d+)\]|file(\d*)", name)
                    idx = int(next(g for g in m.groups() if g)) if m and any(m.groups()) else len(files)
                    data = await part.read()  # type: ignore[union-attr]
                    ctype = part.headers.get("Content-Type")
                    files[idx] = _FileUpload(getattr(part, "filename", None) or f"file{idx}", bytes(data), ctype)
            return body if body is not None else {}, files
        raw = await request.read()
        if not raw:
            return None, files
        try:
            return json.loads(raw), files
        except ValueError:
            return raw.decode("utf-8", "replace"), files

    def _check_auth(self, request: web.Request) -> None:
        if request.headers.get("Authorization") != f"Bot {self.token}":
            raise APIError(401, 0, "401: Unauthorized")

    async def _api_handler(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["tail"]
        method = request.method
        body, files = await self._read_body(request)
        call = RestCall(method, path, dict(request.query), body, [f.filename for f in files.values()])
        self.calls.append(call)
        _log.debug("REST %s %s %s", method, path, body if not files else f"{body} + files {call.files}")

        for fault in self._faults:
            if fault.times > 0 and fault.method == method and fault.pattern.search(path):
                fault.times -= 1
                call.status = fault.status
                call.route = "fault"
                if fault.status == 429:
                    return self._json_response(429, {"message": "You are being rate limited.",
                                                     "retry_after": fault.retry_after, "global": False},
                                               f"{method} {path}", {"Via": "1.1 google", "Retry-After": str(fault.retry_after)})
                return self._json_response(fault.status, {"message": fault.message, "code": fault.code}, f"{method} {path}")

        for rmethod, regex, template, handler in self._routes:
            if rmethod != method:
                continue
            match = regex.fullmatch(path)
            if match is None:
                continue
            route_key = f"{method} {template}"
            call.route = template
            try:
                if not template.startswith(("/interactions/", "/webhooks/")):
                    self._check_auth(request)
                result = await handler(request, match, body, files)
            except APIError as err:
                call.status = err.status
                self.client_errors.append((call, err))
                _log.debug("REST %s %s -> %s", method, path, err)
                return self._json_response(err.status, err.payload(), route_key)
            except Exception as exc:  # a bug in the fake itself: fail loudly, but fast
                # (a 5xx would make discord.py retry for ~16 s, so answer 400)
                call.status = 400
                self.failures.append(f"fakediscord internal error on {method} {path}: {exc!r}")
                _log.exception("fakediscord internal error on %s %s", method, path)
                return self._json_response(400, {"message": f"fakediscord internal error: {exc!r}", "code": 0},
                                           route_key)
            status = 201 if isinstance(result, tuple) else 200
            if isinstance(result, tuple):
                result = result[1]
            call.status = 204 if result is NO_CONTENT else status
            return self._json_response(status, result, route_key)

        call.status = 404
        self.failures.append(f"unhandled route: {method} {path}")
        _log.warning("fakediscord: unhandled route %s %s", method, path)
        return self._json_response(404, {"message": "404: Not Found", "code": 0}, f"{method} {path}")

    async def _cdn_handler(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["tail"]
        m = re.fullmatch(r"/(?:ephemeral-)?attachments/(\d+)/(\d+)/[^/]+", path)
        if request.method == "GET" and m:
            att = self.attachments.get(int(m.group(2)))
            if att is None:
                return web.Response(status=404, text="Not Found")
            return web.Response(body=att.data, headers={"Content-Type": att.content_type or "application/octet-stream"})
        if request.method == "GET" and re.fullmatch(r"/(embed/avatars|avatars|icons|app-icons)/.+", path):
            return web.Response(body=_PNG, headers={"Content-Type": "image/png"})
        self.failures.append(f"unhandled route: {request.method} {path}")
        return web.Response(status=404, text="Not Found")

    # ------------------------------------------------------------------------------
    # Lookups used by handlers
    # ------------------------------------------------------------------------------
    def _channel(self, cid: str | int) -> FakeChannel:
        ch = self.channels.get(int(cid))
        if ch is None or ch.deleted:
            raise E.unknown_channel()
        if not self.can_view_channel(self.bot_user, ch):
            raise E.missing_access()
        return ch

    def _guild(self, gid: str | int) -> FakeGuild:
        g = self.guilds.get(int(gid))
        if g is None:
            raise E.unknown_guild()
        if self.bot_user.id not in g.members:
            raise E.missing_access()
        return g

    def _message(self, ch: FakeChannel, mid: str | int) -> FakeMessage:
        msg = self.messages.get(int(mid))
        if msg is None or msg.deleted or msg.channel is not ch or msg.ephemeral:
            raise E.unknown_message()
        return msg

    def _inter_for_webhook(self, app_id: str, token: str) -> FakeInteraction:
        inter = self._interactions_by_token.get(token)
        if inter is None or int(app_id) != self.application_id:
            raise E.unknown_webhook()
        return inter

    # ------------------------------------------------------------------------------
    # Route table
    # ------------------------------------------------------------------------------
    def _register_routes(self) -> None:
        r = self._route
        r("GET", "/gateway", self._h_gateway)
        r("GET", "/gateway/bot", self._h_gateway_bot)
        r("GET", "/users/@me", self._h_me)
        r("GET", "/users/{user_id}", self._h_user)
        r("POST", "/users/@me/channels", self._h_create_dm)
        r("GET", "/oauth2/applications/@me", self._h_application)
        r("GET", "/applications/@me", self._h_application)
        for scope in ("/applications/{app_id}", "/applications/{app_id}/guilds/{guild_id}"):
            r("GET", scope + "/commands", self._h_list_commands)
            r("PUT", scope + "/commands", self._h_bulk_commands)
            r("POST", scope + "/commands", self._h_upsert_command)
            r("GET", scope + "/commands/{command_id}", self._h_get_command)
            r("PATCH", scope + "/commands/{command_id}", self._h_edit_command)
            r("DELETE", scope + "/commands/{command_id}", self._h_delete_command)
        r("GET", "/applications/{app_id}/guilds/{guild_id}/commands/permissions", self._h_empty_list)
        r("POST", "/interactions/{interaction_id}/{token}/callback", self._h_interaction_callback)
        r("GET", "/webhooks/{app_id}/{token}/messages/{message_id}", self._h_webhook_get)
        r("PATCH", "/webhooks/{app_id}/{token}/messages/{message_id}", self._h_webhook_edit)
        r("DELETE", "/webhooks/{app_id}/{token}/messages/{message_id}", self._h_webhook_delete)
        r("POST", "/webhooks/{app_id}/{token}", self._h_followup)
        r("GET", "/channels/{channel_id}", self._h_get_channel)
        r("PATCH", "/channels/{channel_id}", self._h_edit_channel)
        r("DELETE", "/channels/{channel_id}", self._h_delete_channel)
        r("GET", "/channels/{channel_id}/messages/pins", self._h_pins)
        r("PUT", "/channels/{channel_id}/messages/pins/{message_id}", self._h_pin)
        r("DELETE", "/channels/{channel_id}/messages/pins/{message_id}", self._h_unpin)
        r("GET", "/channels/{channel_id}/messages", self._h_history)
        r("POST", "/channels/{channel_id}/messages", self._h_send)
        r("GET", "/channels/{channel_id}/messages/{message_id}", self._h_get_message)
        r("PATCH", "/channels/{channel_id}/messages/{message_id}", self._h_edit)
        r("DELETE", "/channels/{channel_id}/messages/{message_id}", self._h_delete)
        r("POST", "/channels/{channel_id}/messages/{message_id}/threads", self._h_thread_from_message)
        r("POST", "/channels/{channel_id}/threads", self._h_thread)
        r("POST", "/channels/{channel_id}/typing", self._h_no_content)
        r("PUT", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me", self._h_react)
        r("DELETE", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me", self._h_unreact)
        r("PUT", "/channels/{channel_id}/thread-members/{user_id}", self._h_thread_join)
        r("DELETE", "/channels/{channel_id}/thread-members/{user_id}", self._h_thread_leave)
        r("GET", "/channels/{channel_id}/thread-members", self._h_thread_members)
        r("GET", "/guilds/{guild_id}", self._h_get_guild)
        r("GET", "/guilds/{guild_id}/channels", self._h_guild_channels)
        r("GET", "/guilds/{guild_id}/roles", self._h_guild_roles)
        r("GET", "/guilds/{guild_id}/members", self._h_guild_members)
        r("GET", "/guilds/{guild_id}/members/{user_id}", self._h_guild_member)
        r("GET", "/guilds/{guild_id}/threads/active", self._h_active_threads)

    # --- misc -----------------------------------------------------------------------
    async def _h_no_content(self, req: web.Request, m: re.Match[str], body: Any, files: Any) -> Any:
        self._channel(m["channel_id"])
        return NO_CONTENT

    async def _h_empty_list(self, req: web.Request, m: re.Match[str], body: Any, files: Any) -> Any:
        return []

    async def _h_gateway(self, req: web.Request, m: re.Match[str], body: Any, files: Any) -> Any:
        return {"url": self.gateway_url}

    async def _h_gateway_bot(self, req: web.Request, m: re.Match[str], body: Any, files: Any) -> Any:
        return {"url": self.gateway_url, "shards": 1,
                "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}}

    # --- users / application ----------------------------------------------------------
    async def _h_me(self, req: web.Request, m: re.Match[str], body: Any, files: Any) -> Any:
        return {**self.bot_user.payload(), "verified": True, "mfa_enabled": False, "email": None, "locale": "en-US"}

    async def _h_user(self, req: web.Request, m: re.Match[str], body: Any, files: Any) -> Any:
        if not m["user_id"].isdigit() or int(m["user_id"]) not in self.users:
            raise E.unknown_user()
        return self.users[int(m["user_id"])].payload()

    async def _h_create_dm(self, req: web.Request, m: re.Match[str], body: Any, files: Any) -> Any:
        rid = int((body or {}).get("recipient_id") or 0)
        user = self.users.get(rid)
        if user is None:
            raise E.form_error("recipient_id", "BASE_TYPE_BAD_SNOWFLAKE", "Value is not a known user.")
        ch = self.dm_channel(user)
        assert ch is not None
        return ch.payload()

    async def _h_application(self, req: web.Request, m: re.Match[str], body: Any, files: Any) -> Any:
        return {
            "id": str(self.application_id), "name": self.bot_user.username, "icon": None, "description": "",
            "summary": "", "type": None, "bot_public": True, "bot_require_code_grant": False,
            "verify_key": "0" * 64, "flags": self._application_flags(), "owner": self.owner.payload(),
            "team": None, "hook": True, "interactions_endpoint_url": None, "redirect_uris": [], "rpc_origins": [],
            "tags": [], "bot": self.bot_user.payload(), "approximate_guild_count": len(self.bot_guilds()),
            "integration_types_config": {"0": {}},
        }

    # --- application commands -------------------------------------------------------
    def _command_scope(self, m: re.Match[str]) -> int | None:
        if int(m["app_id"]) != self.application_id:
            raise APIError(403, 50001, "Missing Access")
        gid = m.groupdict().get("guild_id")
        if gid is None:
            return None
        return self._guild(gid).id

    def _store_command(self, scope: int | None, cmd: dict[str, Any], existing: dict[int, dict[str, Any]]) -> dict[str, Any]:
        ctype = cmd.get("type", 1)
        old = next((c for c in existing.values() if c["name"] == cmd["name"] and c["type"] == ctype), None)
        cid = int(old["id"]) if old else self.snowflakes.next()
        perms = cmd.get("default_member_permissions")
        stored = {
            "id": str(cid),
            "application_id": str(self.application_id),
            "version": str(self.snowflakes.next()),
            "type": ctype,
            "name": cmd["name"],
            "name_localizations": cmd.get("name_localizations"),
            "description": cmd.get("description", ""),
            "description_localizations": cmd.get("description_localizations"),
            "options": cmd.get("options") or [],
            "default_member_permissions": str(perms) if perms is not None else None,
            "dm_permission": cmd.get("dm_permission", True),
            "contexts": cmd.get("contexts"),
            "integration_types": cmd.get("integration_types") or [0],
            "nsfw": bool(cmd.get("nsfw", False)),
        }
        if scope is not None:
            stored["guild_id"] = str(scope)
        return stored

    async def _h_list_commands(self, req: web.Request, m: re.Match[str], body: Any, files: Any) -> Any:
        return list(self.commands.get(self._command_scope(m), {}).values())

    async def _h_bulk_commands(self, req: web.Request, m: re.Match[str], body: Any, files: Any) -> Any:
        scope = self._command_scope(m)
        validate_command_list(body)
        existing = self.commands.get(scope, {})
        new: dict[int, dict[str, Any]] = {}
        for cmd in body:
            stored = self._store_command(scope, cmd, existing)
            new[int(stored["id"])] = stored
        self.commands[scope] = new
        self._changed()
        return list(new.values())

    async def _h_upsert_command(self, req: web.Request, m: re.Match[str], body: Any, files: Any) -> Any:
        scope = self._command_scope(m)
        validate_command("", body or {})
        existing = self.commands.setdefault(scope, {})
        stored = self._store_command(scope, body, existing)
        created = int(stored["id"]) not in existing
        existing[int(stored["id"])] = stored
        self._changed()
        return (201, stored) if created else stored

    def _find_command(self, m: re.Match[str]) -> tuple[int | None, dict[str, Any]]:
        scope = self._command_scope(m)
        cmd = self.commands.get(scope, {}).get(int(m["command_id"])) if m["command_id"].isdigit() else None
        if cmd is None:
            raise E.unknown_command()
        return scope, cmd

    async def _h_get_command(self, req: web.Request, m: re.Match[str], body: Any, files: Any) -> Any:
        return self._find_command(m)[1]

    async def _h_edit_command(self, req: web.Request, m: re.Match[str], body: Any, files: Any) -> Any:
        scope, cmd = self._find_command(m)
        merged = {**cmd, **(body or {})}
        validate_command("", merged)
        stored = self._store_command(scope, merged, self.commands[scope])
        self.commands[scope][int(stored["id"])] = stored
        self._changed()
        return stored

    async def _h_delete_command(self, req: web.Request, m: re.Match[str], body: Any, files: Any) -> Any:
        scope, cmd = self._find_command(m)
        del self.commands[scope][int(cmd["id"])]
        self._changed()
        return NO_CONTENT

    # --- interactions & webhooks -----------------------------------------------------
    async def _h_interaction_callback(self, req: web.Request, m: re.Match[str], body: Any,
                                      files: dict[int, _FileUpload]) -> Any:
        inter = self.interactions.get(int(m["interaction_id"])) if m["interaction_id"].isdigit() else None
        if inter is None or inter.token != m["token"]:
            raise E.unknown_interaction()
        if inter.response_type is not None:
            raise E.already_acknowledged()
        if inter.failed or asyncio.get_running_loop().time() - inter.created > self.interaction_timeout:
            inter.failed = True
            raise E.unknown_interaction()
        body = body or {}
        rtype = body.get("type")
        data = body.get("data") or {}
        allowed = {2: {4, 5, 9}, 3: {4, 5, 6, 7, 9}, 4: {8}, 5: {4, 5} | ({6, 7} if inter.message else set())}
        if rtype not in allowed.get(inter.type, set()):
            raise E.form_error("type", "INTERACTION_RESPONSE_TYPE_INVALID",
                               f"Interaction response type {rtype} is not valid for interaction type {inter.type}")
        bot = self.bot_user
        if rtype == 4:
            ephemeral = bool(int(data.get("flags") or 0) & FLAG_EPHEMERAL)
            inter.original = self._new_message(inter.channel, bot, data, files, interaction=inter, ephemeral=ephemeral,
                                               msg_type=20 if inter.type == 2 else 0, webhook=True)
        elif rtype == 5:
            ephemeral = bool(int(data.get("flags") or 0) & FLAG_EPHEMERAL)
            inter.original = self._new_message(inter.channel, bot, {}, interaction=inter, ephemeral=ephemeral,
                                               msg_type=20 if inter.type == 2 else 0, loading=True, webhook=True)
        elif rtype in (6, 7):
            assert inter.message is not None
            if inter.message.deleted:
                raise E.unknown_message()
            if rtype == 7:
                self._edit_message(inter.message, data, files)
            inter.original = inter.message
        elif rtype == 8:
            choices = data.get("choices")
            if not isinstance(choices, list) or len(choices) > 25:
                raise E.form_error("data.choices", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
            for i, ch in enumerate(choices):
                if not 1 <= len(str(ch.get("name", ""))) <= 100:
                    raise E.form_error(f"data.choices.{i}.name", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
            inter.choices = choices
        elif rtype == 9:
            title = data.get("title") or ""
            if not data.get("custom_id") or not 1 <= len(title) <= 45:
                raise E.form_error("data.title", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 45 in length.")
            if not 1 <= len(data.get("components") or []) <= 5:
                raise E.form_error("data.components", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length.")
            inter.modal = data
        inter.response_type = rtype
        inter.response_data = data
        inter.acknowledged.set()
        self._changed()
        result: dict[str, Any] = {"interaction": {"id": str(inter.id), "type": inter.type}}
        resource: dict[str, Any] = {"type": rtype}
        if inter.original is not None and rtype in (4, 5, 6, 7):
            result["interaction"].update(
                response_message_id=str(inter.original.id),
                response_message_loading=inter.original.loading,
                response_message_ephemeral=inter.original.ephemeral,
            )
            resource["message"] = inter.original.payload()
        result["resource"] = resource
        return result

    def _webhook_message(self, inter: FakeInteraction, mid: str) -> FakeMessage:
        if mid == "@original":
            msg = inter.original
        else:
            msg = next((f for f in inter.followups if str(f.id) == mid), None)
            if msg is None and inter.original is not None and str(inter.original.id) == mid:
                msg = inter.original
        if msg is None or msg.deleted:
            raise E.unknown_message()
        return msg

    async def _h_webhook_get(self, req: web.Request, m: re.Match[str], body: Any, files: Any) -> Any:
        inter = self._inter_for_webhook(m["app_id"], m["token"])
        return self._webhook_message(inter, m["message_id"]).payload()

    async def _h_webhook_edit(self, req: web.Request, m: re.Match[str], body: Any, files: dict[int, _FileUpload]) -> Any:
        inter = self._inter_for_webhook(m["app_id"], m["token"])
        msg = self._webhook_message(inter, m["message_id"])
        return self._edit_message(msg, body or {}, files).payload()

    async def _h_webhook_delete(self, req: web.Request, m: re.Match[str], body: Any, files: Any) -> Any:
        inter = self._inter_for_webhook(m["app_id"], m["token"])
        self._delete_message(self._webhook_message(inter, m["message_id"]))
        return NO_CONTENT

    async def _h_followup(self, req: web.Request, m: re.Match[str], body: Any, files: dict[int, _FileUpload]) -> Any:
        inter = self._inter_for_webhook(m["app_id"], m["token"])
        if inter.response_type is None or inter.response_type == 8:
            raise E.unknown_webhook()
        body = body or {}
        if inter.response_type == 5 and inter.original is not None and inter.original.loading \
                and not inter.followup_replaced_loading:
            # Discord: the first follow-up after a "thinking" defer replaces the loading message
            # (and keeps the defer's ephemerality, whatever the follow-up asks for).
            inter.followup_replaced_loading = True
            msg = self._edit_message(inter.original, body, files)
        else:
            ephemeral = bool(int(body.get("flags") or 0) & FLAG_EPHEMERAL)
            msg = self._new_message(inter.channel, self.bot_user, body, files, interaction=inter,
                                    ephemeral=ephemeral, webhook=True)
        inter.followups.append(msg)
        self._changed()
        if req.query.get("wait", "").lower() in ("1", "true"):
            return msg.payload()
        return NO_CONTENT

    # --- channels & messages ---------------------------------------------------------
    async def _h_get_channel(self, req: web.Request, m: re.Match[str], body: Any, files: Any) -> Any:
        return self._channel(m["channel_id"]).payload()

    async def _h_edit_channel(self, req: web.Request, m: re.Match[str], body: Any, files: Any) -> Any:
        ch = self._channel(m["channel_id"])
        body = body or {}
        if ch.is_dm:
            raise APIError(400, 50003, "Cannot execute action on a DM channel")
        if "name" in body:
            if not 1 <= len(body["name"] or "") <= 100:
                raise E.form_error("name", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
            ch.name = body["name"]
        if ch.is_thread:
            for key in ("archived", "locked", "invitable"):
                if key in body and body[key] is not None:
                    setattr(ch, key, bool(body[key]))
            if body.get("auto_archive_duration"):
                ch.auto_archive_duration = int(body["auto_archive_duration"])
            event = "THREAD_UPDATE"
        else:
            if "topic" in body:
                ch.topic = body["topic"]
            event = "CHANNEL_UPDATE"
        self._dispatch(event, ch.payload(), intent=GUILDS, guild=ch.guild)
        self._changed()
        return ch.payload()

    async def _h_delete_channel(self, req: web.Request, m: re.Match[str], body: Any, files: Any) -> Any:
        ch = self._channel(m["channel_id"])
        if ch.is_dm:
            return ch.payload()
        ch.deleted = True
        assert ch.guild is not None
        if ch.is_thread:
            self._dispatch("THREAD_DELETE", {"id": str(ch.id), "guild_id": str(ch.guild.id), "parent_id": str(ch.parent_id),
                                             "type": ch.type}, intent=GUILDS, guild=ch.guild)
        else:
            self._dispatch("CHANNEL_DELETE", ch.payload(), intent=GUILDS, guild=ch.guild)
        self._changed()
        return ch.payload()

    async def _h_history(self, req: web.Request, m: re.Match[str], body: Any, files: Any) -> Any:
        ch = self._channel(m["channel_id"])
        limit = max(1, min(100, int(req.query.get("limit", 50))))
        msgs = [x for x in ch.messages if not x.ephemeral]
        if "before" in req.query:
            msgs = [x for x in msgs if x.id < int(req.query["before"])]
        if "after" in req.query:
            msgs = [x for x in msgs if x.id > int(req.query["after"])]
            msgs = msgs[:limit]
        if "around" in req.query:
            around = int(req.query["around"])
            older = [x for x in msgs if x.id <= around][-(limit // 2 + 1):]
            newer = [x for x in msgs if x.id > around][: limit - len(older)]
            msgs = older + newer
        msgs = msgs[-limit:]
        return [x.payload() for x in reversed(msgs)]

    async def _h_send(self, req: web.Request, m: re.Match[str], body: Any, files: dict[int, _FileUpload]) -> Any:
        ch = self._channel(m["channel_id"])
        if ch.is_dm:
            user = ch.recipient
            assert user is not None
            shares_guild = any(user.id in g.members for g in self.bot_guilds())
            if user.dms_closed or user.bot or not shares_guild:
                raise E.cannot_dm()
        if ch.is_thread and ch.archived:
            if ch.locked:
                raise APIError(400, 50083, "Thread is archived")
            ch.archived = False
            self._dispatch("THREAD_UPDATE", ch.payload(), intent=GUILDS, guild=ch.guild)
        msg = self._new_message(ch, self.bot_user, body or {}, files)
        return msg.payload()

    def archive_thread(self, thread: FakeChannel) -> None:
        """Archive a thread as Discord does after its ``auto_archive_duration`` without
        activity (THREAD_UPDATE to the bot; its messages cannot be edited until it is
        unarchived, while sending a message unarchives it)."""
        assert thread.is_thread
        thread.archived = True
        self._dispatch("THREAD_UPDATE", thread.payload(), intent=GUILDS, guild=thread.guild)
        self._changed()

    async def _h_get_message(self, req: web.Request, m: re.Match[str], body: Any, files: Any) -> Any:
        ch = self._channel(m["channel_id"])
        return self._message(ch, m["message_id"]).payload()

    async def _h_edit(self, req: web.Request, m: re.Match[str], body: Any, files: dict[int, _FileUpload]) -> Any:
        ch = self._channel(m["channel_id"])
        msg = self._message(ch, m["message_id"])
        if msg.author.id != self.bot_user.id:
            raise E.not_author()
        if ch.is_thread and ch.archived:  # as Discord: an archived thread is read-only until unarchived
            raise APIError(400, 50083, "Thread is archived")
        return self._edit_message(msg, body or {}, files).payload()

    async def _h_delete(self, req: web.Request, m: re.Match[str], body: Any, files: Any) -> Any:
        ch = self._channel(m["channel_id"])
        msg = self._message(ch, m["message_id"])
        if msg.author.id != self.bot_user.id:
            if ch.is_dm:
                raise APIError(403, 50003, "Cannot execute action on a DM channel")
            member = ch.guild.member(self.bot_user) if ch.guild else None
            if member is None or not member.permissions & MANAGE_MESSAGES:
                raise APIError(403, 50013, "Missing Permissions")
        self._delete_message(msg)
        return NO_CONTENT

    async def _h_pins(self, req: web.Request, m: re.Match[str], body: Any, files: Any) -> Any:
        ch = self._channel(m["channel_id"])
        pinned = sorted((x for x in ch.messages if x.pinned_at is not None and not x.ephemeral),
                        key=lambda x: x.pinned_at, reverse=True)  # type: ignore[arg-type,return-value]
        if "before" in req.query:
            pinned = [x for x in pinned if iso(x.pinned_at) < req.query["before"]]  # type: ignore[arg-type]
        limit = int(req.query.get("limit", 50))
        return {"items": [{"pinned_at": iso(x.pinned_at), "message": x.payload()} for x in pinned[:limit]],  # type: ignore[arg-type]
                "has_more": len(pinned) > limit}

    async def _h_pin(self, req: web.Request, m: re.Match[str], body: Any, files: Any) -> Any:
        ch = self._channel(m["channel_id"])
        msg = self._message(ch, m["message_id"])
        if msg.pinned_at is None:
            msg.pinned_at = utcnow()
            # the "<bot> pinned a message" system message
            sysmsg = FakeMessage(id=self.snowflakes.next(), channel=ch, author=self.bot_user, fake=self, type=6,
                                 reference_id=msg.id)
            self.messages[sysmsg.id] = sysmsg
            ch.message_ids.append(sysmsg.id)
            self._dispatch_message("MESSAGE_CREATE", sysmsg)
            self._changed()
        return NO_CONTENT

    async def _h_unpin(self, req: web.Request, m: re.Match[str], body: Any, files: Any) -> Any:
        ch = self._channel(m["channel_id"])
        msg = self._message(ch, m["message_id"])
        msg.pinned_at = None
        self._changed()
        return NO_CONTENT

    def _reaction_intent(self, ch: FakeChannel) -> int:
        return DIRECT_MESSAGE_REACTIONS if ch.is_dm else GUILD_MESSAGE_REACTIONS

    async def _h_react(self, req: web.Request, m: re.Match[str], body: Any, files: Any) -> Any:
        ch = self._channel(m["channel_id"])
        msg = self._message(ch, m["message_id"])
        emoji = unquote(m["emoji"])
        msg.reactions.setdefault(emoji, set()).add(self.bot_user.id)
        data: dict[str, Any] = {"user_id": str(self.bot_user.id), "channel_id": str(ch.id), "message_id": str(msg.id),
                                "emoji": {"id": None, "name": emoji}, "type": 0, "burst": False}
        if ch.guild is not None:
            data["guild_id"] = str(ch.guild.id)
            member = ch.guild.member(self.bot_user)
            if member is not None:
                data["member"] = member.payload()
        self._dispatch("MESSAGE_REACTION_ADD", data, intent=self._reaction_intent(ch), guild=ch.guild)
        self._changed()
        return NO_CONTENT

    async def _h_unreact(self, req: web.Request, m: re.Match[str], body: Any, files: Any) -> Any:
        ch = self._channel(m["channel_id"])
        msg = self._message(ch, m["message_id"])
        emoji = unquote(m["emoji"])
        msg.reactions.get(emoji, set()).discard(self.bot_user.id)
        data: dict[str, Any] = {"user_id": str(self.bot_user.id), "channel_id": str(ch.id), "message_id": str(msg.id),
                                "emoji": {"id": None, "name": emoji}, "type": 0, "burst": False}
        if ch.guild is not None:
            data["guild_id"] = str(ch.guild.id)
        self._dispatch("MESSAGE_REACTION_REMOVE", data, intent=self._reaction_intent(ch), guild=ch.guild)
        self._changed()
        return NO_CONTENT

    # --- threads ------------------------------------------------------------------
    def _make_thread(self, parent: FakeChannel, *, tid: int, name: str, ttype: int, archive: int,
                     invitable: bool = True) -> FakeChannel:
        if parent.type != GUILD_TEXT:
            raise APIError(400, 50024, "Cannot execute action on this channel type")
        if not 1 <= len(name or "") <= 100:
            raise E.form_error("name", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
        if archive not in (60, 1440, 4320, 10080):
            raise E.form_error("auto_archive_duration", "BASE_TYPE_CHOICES", "Value must be one of (60, 1440, 4320, 10080).")
        assert parent.guild is not None
        thread = FakeChannel(tid, ttype, self, name=name, guild=parent.guild, parent_id=parent.id,
                             owner_id=self.bot_user.id, auto_archive_duration=archive, invitable=invitable)
        thread.thread_members.add(self.bot_user.id)
        parent.guild.channels[thread.id] = thread
        self.channels[thread.id] = thread
        return thread

    def _thread_created(self, thread: FakeChannel) -> None:
        def event(s: GatewaySession) -> dict[str, Any]:
            data = thread.payload()
            data["newly_created"] = True
            data["member"] = {"id": str(thread.id), "user_id": str(self.bot_user.id),
                              "join_timestamp": data["thread_metadata"]["create_timestamp"], "flags": 1}
            return data
        self._dispatch("THREAD_CREATE", event, intent=GUILDS, guild=thread.guild)
        self._changed()

    async def _h_thread_from_message(self, req: web.Request, m: re.Match[str], body: Any, files: Any) -> Any:
        parent = self._channel(m["channel_id"])
        msg = self._message(parent, m["message_id"])
        if msg.thread_id is not None:
            raise APIError(400, 160004, "A thread has already been created for this message")
        body = body or {}
        thread = self._make_thread(parent, tid=msg.id, name=body.get("name", ""), ttype=PUBLIC_THREAD,
                                   archive=int(body.get("auto_archive_duration") or 1440))
        msg.thread_id = thread.id
        self._thread_created(thread)
        return (201, thread.payload())

    async def _h_thread(self, req: web.Request, m: re.Match[str], body: Any, files: Any) -> Any:
        parent = self._channel(m["channel_id"])
        body = body or {}
        ttype = int(body.get("type") or PRIVATE_THREAD)
        if ttype not in (PUBLIC_THREAD, PRIVATE_THREAD):
            raise E.form_error("type", "BASE_TYPE_CHOICES", "Value must be one of (11, 12).")
        thread = self._make_thread(parent, tid=self.snowflakes.next(), name=body.get("name", ""), ttype=ttype,
                                   archive=int(body.get("auto_archive_duration") or 1440),
                                   invitable=bool(body.get("invitable", True)))
        if ttype == PUBLIC_THREAD:
            # the "<bot> started a thread: <name>" system message in the parent channel
            sysmsg = FakeMessage(id=self.snowflakes.next(), channel=parent, author=self.bot_user, fake=self,
                                 content=thread.name or "", type=18)
            self.messages[sysmsg.id] = sysmsg
            parent.message_ids.append(sysmsg.id)
            self._dispatch_message("MESSAGE_CREATE", sysmsg)
        self._thread_created(thread)
        return (201, thread.payload())

    def _thread_and_user(self, m: re.Match[str]) -> tuple[FakeChannel, FakeUser]:
        ch = self._channel(m["channel_id"])
        if not ch.is_thread:
            raise APIError(400, 50024, "Cannot execute action on this channel type")
        uid = self.bot_user.id if m["user_id"] == "@me" else int(m["user_id"])
        user = self.users.get(uid)
        if user is None or ch.guild is None or uid not in ch.guild.members:
            raise E.unknown_member()
        return ch, user

    async def _h_thread_join(self, req: web.Request, m: re.Match[str], body: Any, files: Any) -> Any:
        ch, user = self._thread_and_user(m)
        ch.thread_members.add(user.id)
        self._changed()
        return NO_CONTENT

    async def _h_thread_leave(self, req: web.Request, m: re.Match[str], body: Any, files: Any) -> Any:
        ch, user = self._thread_and_user(m)
        ch.thread_members.discard(user.id)
        self._changed()
        return NO_CONTENT

    async def _h_thread_members(self, req: web.Request, m: re.Match[str], body: Any, files: Any) -> Any:
        ch = self._channel(m["channel_id"])
        ts = ch.payload()["thread_metadata"]["create_timestamp"] if ch.is_thread else None
        return [{"id": str(ch.id), "user_id": str(u), "join_timestamp": ts, "flags": 0} for u in sorted(ch.thread_members)]

    # --- guilds ---------------------------------------------------------------------
    async def _h_get_guild(self, req: web.Request, m: re.Match[str], body: Any, files: Any) -> Any:
        g = self._guild(m["guild_id"])
        data = g.payload(include_members=False)
        for key in ("members", "channels", "threads", "presences", "voice_states", "joined_at", "large", "member_count"):
            data.pop(key, None)
        return data

    async def _h_guild_channels(self, req: web.Request, m: re.Match[str], body: Any, files: Any) -> Any:
        g = self._guild(m["guild_id"])
        return [c.payload() for c in g.channels.values() if not c.is_thread and not c.deleted]

    async def _h_guild_roles(self, req: web.Request, m: re.Match[str], body: Any, files: Any) -> Any:
        return [r.payload() for r in self._guild(m["guild_id"]).roles.values()]

    async def _h_guild_members(self, req: web.Request, m: re.Match[str], body: Any, files: Any) -> Any:
        g = self._guild(m["guild_id"])
        if "members" not in self.privileged_intents:
            raise APIError(403, 50001, "Missing Access")
        after = int(req.query.get("after", 0))
        limit = int(req.query.get("limit", 1))
        members = sorted((mm for mm in g.members.values() if mm.user.id > after), key=lambda mm: mm.user.id)
        return [mm.payload() for mm in members[:limit]]

    async def _h_guild_member(self, req: web.Request, m: re.Match[str], body: Any, files: Any) -> Any:
        g = self._guild(m["guild_id"])
        member = g.members.get(int(m["user_id"])) if m["user_id"].isdigit() else None
        if member is None:
            raise E.unknown_member()
        return member.payload()

    async def _h_active_threads(self, req: web.Request, m: re.Match[str], body: Any, files: Any) -> Any:
        g = self._guild(m["guild_id"])
        threads = [t for t in g.threads if not t.archived and not t.deleted]
        return {"threads": [t.payload() for t in threads], "members": []}
