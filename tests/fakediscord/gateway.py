"""Gateway sessions and connections of the fake server.

A *session* (created by IDENTIFY) owns the sequence numbers and a replay buffer;
a *connection* is one websocket. When a connection drops without a clean close
(code 1000/1001) the session survives and the client may RESUME it on a new
connection: the missed events are replayed, then RESUMED is sent, exactly like
Discord. A clean close (what ``Client.close()`` does) ends the session.

Frames are always sent as plain-text JSON. discord.py 2.7.1 connects with
``compress=zlib-stream`` but ``DiscordWebSocket.received_message`` only
decompresses *binary* frames, so text frames are always accepted.
"""
from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from aiohttp import web

_log = logging.getLogger("fakediscord.gateway")

# Opcodes
DISPATCH = 0
HEARTBEAT = 1
IDENTIFY = 2
PRESENCE_UPDATE = 3
RESUME = 6
RECONNECT = 7
REQUEST_GUILD_MEMBERS = 8
INVALID_SESSION = 9
HELLO = 10
HEARTBEAT_ACK = 11

# Intents
GUILDS = 1 << 0
GUILD_MEMBERS = 1 << 1
GUILD_PRESENCES = 1 << 8
GUILD_MESSAGES = 1 << 9
GUILD_MESSAGE_REACTIONS = 1 << 10
DIRECT_MESSAGES = 1 << 12
DIRECT_MESSAGE_REACTIONS = 1 << 13
MESSAGE_CONTENT = 1 << 15

PRIVILEGED = {"members": GUILD_MEMBERS, "presences": GUILD_PRESENCES, "message_content": MESSAGE_CONTENT}

REPLAY_BUFFER = 2000


class GatewayConnection:
    """One websocket; frames are queued and written in order by :meth:`writer`."""

    def __init__(self, ws: web.WebSocketResponse) -> None:
        self.ws = ws
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.session: GatewaySession | None = None
        #: The server closed this socket (a resumable disconnect, whatever code the client echoes).
        self.server_closed = False

    def send(self, msg: dict[str, Any]) -> None:
        self.queue.put_nowait(json.dumps(msg, separators=(",", ":")))

    def close_writer(self) -> None:
        self.queue.put_nowait(None)

    async def writer(self) -> None:
        while True:
            item = await self.queue.get()
            if item is None or self.ws.closed:
                return
            try:
                await self.ws.send_str(item)
            except (ConnectionResetError, RuntimeError):
                return


class GatewaySession:
    """An identified gateway session: sequence counter, intents and replay buffer."""

    def __init__(self, session_id: str, intents: int, identify: dict[str, Any]) -> None:
        self.id = session_id
        self.intents = intents
        self.identify = identify
        self.seq = 0
        self.buffer: list[dict[str, Any]] = []
        self.conn: GatewayConnection | None = None
        self.ended = False

    @property
    def online(self) -> bool:
        return self.conn is not None and not self.conn.ws.closed and not self.ended

    def wants(self, intent: int | None) -> bool:
        return intent is None or bool(self.intents & intent)

    def dispatch(self, event: str, data: dict[str, Any]) -> None:
        self.seq += 1
        msg = {"op": DISPATCH, "t": event, "s": self.seq, "d": data}
        self.buffer.append(msg)
        if len(self.buffer) > REPLAY_BUFFER:
            del self.buffer[: len(self.buffer) - REPLAY_BUFFER]
        _log.debug("dispatch %s seq=%s session=%s", event, self.seq, self.id)
        if self.conn is not None:
            self.conn.send(msg)

    def replay_after(self, seq: int) -> list[dict[str, Any]]:
        return [m for m in self.buffer if m["s"] > seq]
