"""Interactions received over HTTP: Discord's outgoing webhook, so that clicks spread
over any number of workers behind an HTTP load balancer (see docs/scaling.md).

Discord sends interactions of direct messages to gateway shard 0 only, so sharding
the gateway does not spread them; an "Interactions Endpoint URL" makes Discord POST
every interaction to that URL instead, and any worker behind it can answer. Each
request is checked before anything else: the Ed25519 signature of timestamp + body
(``X-Signature-Ed25519``, ``X-Signature-Timestamp``) against the application's public
key, else 401. A PING is answered with a PONG. A request read more than
:data:`STALE_AFTER` seconds after its signed timestamp is answered privately and not
applied: Discord has already shown the player that it failed.

discord.py receives interactions only over the gateway, so the payload is handed to it
as if the gateway had sent it (``ConnectionState.parse_interaction_create``): the same
handlers run. Their first response (the acknowledgement: a message, an edit of the
clicked panel, a form, a deferral) becomes the body of the HTTP answer instead of a
REST call, through a webhook adapter installed for the tasks of that request only;
everything after it (follow-ups, edits through the interaction's token) goes by REST
as over the gateway. An interaction not acknowledged within :data:`ANSWER_WITHIN`
seconds (Discord allows 3) is answered 503: Discord then shows it failed, and its
late response is refused as Discord refuses it.

Admission control (:mod:`bot.admission`) comes before the handlers: a click that
cannot start at once is answered at once with a deferral (DEFERRED_UPDATE_MESSAGE) and
dispatched when its turn comes; its handlers then run as for any click, and their
first response goes through the interaction's token as what it means after that
deferral (:meth:`_HttpAnswerAdapter.after_deferral`): an edit of the clicked message,
a follow-up. A click that would wait too long is answered :data:`bot.admission.BUSY`,
privately, and is not dispatched at all.
"""
from __future__ import annotations

import asyncio
import contextvars
import json
import logging
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord
from aiohttp import FormData, web
from discord.http import MultipartParameters
from discord.webhook.async_ import AsyncWebhookAdapter, async_context
from nacl.exceptions import BadSignatureError
from nacl.signing import VerifyKey

from .admission import BUSY, Admission, Admit, goes_ahead

if TYPE_CHECKING:
    from .face import BotFace

__all__ = ["InteractionsEndpoint", "ANSWER_WITHIN", "STALE_AFTER", "TOO_LATE", "sent_ago", "verify"]

log = logging.getLogger("manaburn.bot")

ANSWER_WITHIN = 2.5  # seconds: Discord waits 3 s for the HTTP answer

#: Seconds after the signed timestamp past which a request is refused unread: Discord
#: waits 3 s for the answer and has shown the player that the interaction failed by
#: then, so a click read later (a starved worker, a long queue in front of it) must not
#: be applied. ``X-Signature-Timestamp`` is whole Unix seconds, Discord's send time
#: rounded down, so a request's true age is up to 1 s less than ``now - timestamp``;
#: the choice is to refuse when that difference is past 3 s: what is refused was sent
#: more than 2 s ago, so at most 1 s before Discord gives up, with the endpoint's own
#: work still to do. Refusing one that Discord would still have taken costs the player
#: a click again (told so privately); applying one Discord shows as failed changes the
#: duel behind the player's back, so the doubt goes to refusing.
STALE_AFTER = 3.0

#: The answer to a request older than :data:`STALE_AFTER`. Discord has given up on it
#: and discards any answer; were its clock behind ours, this is what the player sees.
TOO_LATE = "That click reached Manaburn too late to be taken: nothing changed — try again."


@dataclass
class _Pending:
    """The interaction a request carries, and its first response once given."""

    interaction_id: int
    interaction_type: int
    token: str
    answer: asyncio.Future[MultipartParameters]
    sent: asyncio.Event = field(default_factory=asyncio.Event)
    expired: bool = False
    application_id: int = 0
    #: deferred at its arrival (queued by admission control): the handlers' first
    #: response goes through the token (see _HttpAnswerAdapter.after_deferral)
    deferred: bool = False


_pending: contextvars.ContextVar[_Pending | None] = contextvars.ContextVar("manaburn_http_interaction", default=None)


class _HttpAnswerAdapter(AsyncWebhookAdapter):
    """discord.py's webhook adapter, except that the first response to the interaction
    of the current HTTP request becomes that request's answer."""

    async def create_interaction_response(self, interaction_id: int, token: str, *, session: Any,  # type: ignore[override]
                                          proxy: str | None = None, proxy_auth: Any = None,
                                          params: MultipartParameters) -> Any:
        pending = _pending.get()
        if pending is None or pending.interaction_id != interaction_id:
            return await super().create_interaction_response(interaction_id, token, session=session, proxy=proxy,
                                                             proxy_auth=proxy_auth, params=params)
        if pending.deferred:
            return await self.after_deferral(pending, session, params)
        if pending.expired or pending.answer.done():
            # as Discord answers a response too late, or a second one
            raise discord.NotFound(_FakeResponse(404), {"code": 10062, "message": "Unknown interaction"})
        pending.answer.set_result(params)
        await pending.sent.wait()  # later calls (edits through the token) come after Discord has it
        rtype = int((params.payload or {}).get("type", 0))
        return {"interaction": {"id": str(interaction_id), "type": pending.interaction_type},
                "resource": {"type": rtype}}

    async def after_deferral(self, pending: _Pending, session: Any, params: MultipartParameters) -> Any:
        """The handlers' first response to an interaction deferred at its arrival
        (DEFERRED_UPDATE_MESSAGE), sent as what it means after that deferral: an update
        of the message (UPDATE_MESSAGE) edits it through the token; a message
        (CHANNEL_MESSAGE_WITH_SOURCE) is a follow-up with the same flags (private stays
        private); a deferral is already given. A form cannot follow a deferral (the
        buttons that open one are never queued: bot.admission.OPENS_A_FORM): said
        privately instead."""
        payload = params.payload or {}
        rtype = int(payload.get("type", 0))
        data = dict(payload.get("data") or {})
        message: Any = None
        if rtype == 7:
            message = await self.edit_webhook_message(pending.application_id, pending.token, "@original",  # type: ignore[arg-type]
                                                      session=session, payload=data, files=params.files,
                                                      multipart=_with_payload(params, data), with_components=True)
        elif rtype == 4:
            message = await self.execute_webhook(pending.application_id, pending.token, session=session, payload=data,
                                                 files=params.files, multipart=_with_payload(params, data), wait=True,
                                                 with_components=True)
        elif rtype == 9:
            await self.execute_webhook(pending.application_id, pending.token, session=session, wait=True, payload={
                "content": "Manaburn was busy, so this form could not be opened: press the button again.",
                "flags": 64})
        resource: dict[str, Any] = {"type": rtype}
        if isinstance(message, dict):
            resource["message"] = message
        return {"interaction": {"id": str(pending.interaction_id), "type": pending.interaction_type},
                "resource": resource}


    async def request(self, route: Any, session: Any, **kwargs: Any) -> Any:  # type: ignore[override]
        """A call through the token of the current request's interaction (a follow-up, the
        original response read or edited) that Discord answers "unknown" is tried again
        for up to :data:`UNKNOWN_FOR` seconds: the HTTP answer and this call travel apart,
        and Discord may not have taken the answer in yet when the call arrives."""
        pending = _pending.get()
        if pending is None or route.webhook_token != pending.token:
            return await super().request(route, session, **kwargs)
        loop = asyncio.get_running_loop()
        give_up = loop.time() + UNKNOWN_FOR
        while True:
            try:
                return await super().request(route, session, **kwargs)
            except discord.NotFound as e:
                if e.code not in _UNKNOWN_YET or loop.time() > give_up:
                    raise
            for f in kwargs.get("files") or ():
                f.reset()
            await asyncio.sleep(0.05)


#: Discord's "unknown message / webhook / interaction" codes, which a call made right
#: after the HTTP answer can meet before Discord has the answer.
_UNKNOWN_YET = frozenset({10008, 10015, 10062})
UNKNOWN_FOR = 2.0


def _with_payload(params: MultipartParameters, data: dict[str, Any]) -> list[dict[str, Any]] | None:
    """The multipart of an interaction response (files) with *data* for its JSON part, as
    a webhook call sends it (the response's JSON is ``{"type", "data"}``)."""
    if not params.multipart:
        return None
    return [dict(part, value=json.dumps(data)) if part.get("name") == "payload_json" else part
            for part in params.multipart]


class _FakeResponse:
    """The little of an aiohttp response discord.HTTPException reads."""

    def __init__(self, status: int) -> None:
        self.status, self.reason = status, "Not Found"


def verify(key: VerifyKey, signature: str | None, timestamp: str | None, body: bytes) -> bool:
    """Whether *signature* (hex) signs ``timestamp + body`` with *key*."""
    if not signature or not timestamp:
        return False
    try:
        key.verify(timestamp.encode() + body, bytes.fromhex(signature))
    except (BadSignatureError, ValueError):
        return False
    return True


def sent_ago(timestamp: str) -> float:
    """Seconds since the signed *timestamp* (whole Unix seconds, checked by :func:`verify`);
    infinite when it is not a number."""
    try:
        return time.time() - int(timestamp)
    except ValueError:
        return float("inf")


class InteractionsEndpoint:
    """The HTTP server of one worker: ``POST /interactions`` (and ``GET /health``)."""

    def __init__(self, bot: BotFace, public_key: str, host: str, port: int,
                 admission: Admission | None = None) -> None:
        self.bot = bot
        self.key = VerifyKey(bytes.fromhex(public_key))
        self.host, self.port = host, port
        self._runner: web.AppRunner | None = None
        self._adapter = _HttpAnswerAdapter()
        self.admission = admission or Admission()
        #: what became of the interactions received (for the bench and the tests)
        self.counts: dict[str, int] = {a.value: 0 for a in Admit} | {"stale": 0}

    async def start(self) -> None:
        app = web.Application(client_max_size=4 * 1024 * 1024)
        app.router.add_post("/interactions", self.handle)
        app.router.add_get("/health", self.health)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        if self.port == 0:  # an ephemeral port (tests): the one the system chose
            self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        log.info("interactions endpoint listening on %s:%d", self.host, self.port)

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}/interactions"

    async def health(self, request: web.Request) -> web.Response:
        ready = self.bot.service is not None and self.bot.is_ready()
        return web.Response(status=200 if ready else 503, text="ok" if ready else "starting")

    async def handle(self, request: web.Request) -> web.StreamResponse:
        body = await request.read()
        if not verify(self.key, request.headers.get("X-Signature-Ed25519"),
                      request.headers.get("X-Signature-Timestamp"), body):
            return web.Response(status=401, text="invalid request signature")
        try:
            data = json.loads(body)
            itype = int(data["type"])
        except (ValueError, KeyError, TypeError):
            return web.Response(status=400, text="not an interaction")
        if itype == 1:  # PING
            return web.json_response({"type": 1})
        age = sent_ago(request.headers["X-Signature-Timestamp"])
        if age > STALE_AFTER:  # Discord has shown it failed: not applied
            self.counts["stale"] += 1
            log.warning("interaction %s refused: signed %.1f s ago (Discord waits 3 s)", data.get("id"), age)
            return web.json_response({"type": 4, "data": {"content": TOO_LATE, "flags": 64}})
        if self.bot.service is None or not self.bot.is_ready():
            return web.Response(status=503, text="starting")
        admit = self.admission.admit(data)
        self.counts[admit.value] += 1
        if admit is Admit.SHED:  # refused at once; nothing dispatched, nothing changed
            log.info("interaction %s shed: %d queued", data.get("id"), self.admission.queued)
            return web.json_response({"type": 4, "data": {"content": BUSY, "flags": 64}})
        loop = asyncio.get_running_loop()
        pending = _Pending(int(data["id"]), itype, str(data.get("token", "")), loop.create_future(),
                           application_id=int(data.get("application_id") or 0))
        if admit is Admit.QUEUED:
            pending.deferred = True
            pending.sent.set()
            self.admission.enqueue(lambda: self._run(data, pending))
            return web.json_response({"type": 6})  # DEFERRED_UPDATE_MESSAGE
        started = time.monotonic()
        try:
            tasks = self._dispatch(data, pending)
        except Exception:
            self.admission.done(None)
            raise
        self._give_back_after(tasks, started, timed=not goes_ahead(data))
        try:
            try:
                params = await asyncio.wait_for(asyncio.shield(pending.answer), ANSWER_WITHIN)
            except asyncio.TimeoutError:
                if not pending.answer.done():
                    pending.expired = True
                    log.warning("interaction %s not acknowledged within %.1f s", data.get("id"), ANSWER_WITHIN)
                    return web.Response(status=503, text="not answered in time")
                params = pending.answer.result()  # given while the wait was being given up
            response = _http_answer(params)
            await response.prepare(request)
            await response.write_eof()
        finally:
            pending.sent.set()  # the handler goes on (or learns, if it answers late, that it is too late)
        return response

    def _dispatch(self, data: dict[str, Any], pending: _Pending) -> list[asyncio.Task[Any]]:
        """Hand *data* to discord.py as the gateway would; the tasks its handlers run in.
        discord.py starts them (view, command tree, ``on_interaction``) while parsing, and
        they inherit this context: the adapter and the pending interaction."""
        _pending.set(pending)
        async_context.set(self._adapter)
        loop = asyncio.get_running_loop()
        created: list[asyncio.Task[Any]] = []
        factory = loop.get_task_factory()

        def noting(lp: asyncio.AbstractEventLoop, coro: Any, **kw: Any) -> asyncio.Future[Any]:
            task = factory(lp, coro, **kw) if factory is not None else asyncio.Task(coro, loop=lp, **kw)
            created.append(task)  # type: ignore[arg-type]
            return task
        loop.set_task_factory(noting)
        try:
            self.bot._connection.parse_interaction_create(data)
        finally:
            loop.set_task_factory(factory)
        return created

    def _give_back_after(self, tasks: list[asyncio.Task[Any]], started: float, timed: bool = True) -> None:
        """The interaction's place given back when its handlers' tasks are over; its time
        counts in the estimate of a click's unless not *timed* (a form opened, autocomplete)."""
        if not tasks:
            self.admission.done(None)
            return
        left = [len(tasks)]

        def one_over(_: Any) -> None:
            left[0] -= 1
            if left[0] == 0:
                self.admission.done(time.monotonic() - started if timed else None)
        for t in tasks:
            t.add_done_callback(one_over)

    async def _run(self, data: dict[str, Any], pending: _Pending) -> None:
        """A queued click, its turn come (its place taken): dispatched in a context of its
        own; the place is given back when its handlers are over."""
        started = time.monotonic()
        try:
            tasks = self._dispatch(data, pending)
        except Exception:
            self.admission.done(None)
            log.exception("queued interaction %s could not be dispatched", data.get("id"))
            return
        self._give_back_after(tasks, started)


def _http_answer(params: MultipartParameters) -> web.Response:
    """An interaction response as an HTTP body: JSON, or multipart with its files."""
    if not params.files:
        return web.json_response(params.payload)
    form = FormData()
    for part in params.multipart or ():
        if "filename" in part:
            form.add_field(part["name"], part["value"], filename=part["filename"],
                           content_type=part.get("content_type") or "application/octet-stream")
        else:
            form.add_field(part["name"], part["value"], content_type=part.get("content_type") or "application/json")
    return web.Response(body=form())
