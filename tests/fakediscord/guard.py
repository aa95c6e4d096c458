"""Process-wide test guards: URL redirection, loopback-only networking, ERROR-log capture.

* :func:`redirect_discord` points discord.py's three base URLs at the fake server
  and always restores them.
* :class:`NetworkGuard` refuses (and records) any DNS lookup of a non-loopback host
  and any socket connection outside 127.0.0.0/8 and ::1, so a forgotten real URL
  can never reach Discord (or anything else) from a test.
* :class:`ErrorLogCapture` records every ERROR-level log record: discord.py swallows
  exceptions raised in event handlers, views and commands and only *logs* them,
  so without this a broken callback would look like a passing test.
"""
from __future__ import annotations

import contextlib
import ipaddress
import logging
import re
import socket
import threading
from typing import Any, Iterator

import discord
import discord.asset
import discord.gateway
import discord.http
import yarl

_log = logging.getLogger("fakediscord")


@contextlib.contextmanager
def redirect_discord(api_base: str, gateway_url: str, cdn_base: str) -> Iterator[None]:
    """Temporarily set ``Route.BASE``, ``DiscordWebSocket.DEFAULT_GATEWAY`` and ``Asset.BASE``."""
    saved = (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY, discord.asset.Asset.BASE)
    discord.http.Route.BASE = api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    discord.asset.Asset.BASE = cdn_base
    try:
        yield
    finally:
        discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY, discord.asset.Asset.BASE = saved


def is_loopback_host(host: Any) -> bool:
    """True for ``localhost``, 127.0.0.0/8, ::1 (and IPv4-mapped loopback)."""
    if host is None or host == "":
        return True  # getaddrinfo(None, port): the local wildcard / loopback
    if isinstance(host, bytes):
        host = host.decode("idna", "replace")
    host = str(host).strip("[]").split("%", 1)[0]
    if host.lower() in ("localhost", "localhost.", "ip6-localhost"):
        return True
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_loopback


class NetworkGuard:
    """Refuse and record any attempt to resolve or connect to a non-loopback address.

    Patches ``socket.getaddrinfo`` (used by asyncio's and aiohttp's resolvers) and
    ``socket.socket.connect`` / ``connect_ex`` (used by asyncio for every TCP
    connection). Blocked attempts raise ``OSError`` in the caller and are listed in
    :attr:`violations`. Unix sockets are left alone.
    """

    def __init__(self) -> None:
        self.violations: list[str] = []
        self._lock = threading.Lock()
        self._saved: tuple[Any, Any, Any] | None = None

    def _record(self, what: str) -> None:
        with self._lock:
            self.violations.append(what)
        _log.error("fakediscord network guard blocked %s", what)

    def install(self) -> None:
        if self._saved is not None:
            return
        orig_getaddrinfo = socket.getaddrinfo
        orig_connect = socket.socket.connect
        orig_connect_ex = socket.socket.connect_ex
        self._saved = (orig_getaddrinfo, orig_connect, orig_connect_ex)
        guard = self

        def getaddrinfo(host: Any, port: Any, *args: Any, **kwargs: Any) -> Any:
            if not is_loopback_host(host):
                guard._record(f"address lookup of {host!r} (port {port})")
                raise socket.gaierror(socket.EAI_NONAME, f"fakediscord: resolving {host!r} is not allowed in tests")
            return orig_getaddrinfo(host, port, *args, **kwargs)

        def _check(sock: socket.socket, address: Any) -> None:
            if sock.family in (socket.AF_INET, socket.AF_INET6) and isinstance(address, tuple):
                if not is_loopback_host(address[0]):
                    guard._record(f"connection to {address[0]}:{address[1]}")
                    raise ConnectionRefusedError(f"fakediscord: connecting to {address[0]} is not allowed in tests")

        def connect(sock: socket.socket, address: Any) -> Any:
            _check(sock, address)
            return orig_connect(sock, address)

        def connect_ex(sock: socket.socket, address: Any) -> Any:
            _check(sock, address)
            return orig_connect_ex(sock, address)

        socket.getaddrinfo = getaddrinfo  # type: ignore[assignment]
        socket.socket.connect = connect  # type: ignore[method-assign]
        socket.socket.connect_ex = connect_ex  # type: ignore[method-assign]

    def uninstall(self) -> None:
        if self._saved is None:
            return
        socket.getaddrinfo, socket.socket.connect, socket.socket.connect_ex = self._saved  # type: ignore[method-assign]
        self._saved = None

    def __enter__(self) -> NetworkGuard:
        self.install()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.uninstall()


class ErrorLogCapture(logging.Handler):
    """Collects ERROR (and CRITICAL) records from every logger while installed on the root logger.

    Use :meth:`allow` for errors a test provokes on purpose; everything else ends
    up in :attr:`unexpected` and fails the harness check.
    """

    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)
        self.records: list[logging.LogRecord] = []
        self._allowed: list[tuple[re.Pattern[str], str | None]] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.name == "fakediscord" and record.getMessage().startswith("fakediscord network guard"):
            return  # reported separately as a network violation
        self.records.append(record)

    def allow(self, pattern: str, logger: str | None = None) -> None:
        """Do not fail on ERROR records whose message (or exception text) matches ``pattern``."""
        self._allowed.append((re.compile(pattern), logger))

    def _is_allowed(self, record: logging.LogRecord) -> bool:
        text = self.describe(record)
        for pat, logger in self._allowed:
            if (logger is None or record.name.startswith(logger)) and pat.search(text):
                return True
        return False

    @property
    def unexpected(self) -> list[logging.LogRecord]:
        return [r for r in self.records if not self._is_allowed(r)]

    @staticmethod
    def describe(record: logging.LogRecord) -> str:
        text = f"[{record.name}] {record.getMessage()}"
        if record.exc_info and record.exc_info[1] is not None:
            exc = record.exc_info[1]
            text += f"\n    {type(exc).__name__}: {exc}"
        return text

    def install(self) -> None:
        logging.getLogger().addHandler(self)

    def uninstall(self) -> None:
        logging.getLogger().removeHandler(self)
