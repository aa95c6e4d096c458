"""The harness for bot benchmarks: the fake Discord in this process, the bot
in another, simulated players that act only on what they see.

* :class:`BenchFake` is :class:`fakediscord.FakeDiscord` with one addition:
  every message created or edited is handed to :meth:`BenchFake.on_message`,
  so thousands of simulated players wait on their own events instead of all
  re-checking conditions on every change (``FakeDiscord.wait_for`` is fine
  for a test, quadratic for a thousand duels).
* :class:`BotProcess` runs ``python -m bench.botproc`` (see there) against it.
* :class:`DuelAgent` is two simulated players in one duel with the real bot:
  challenge, accept, choose decks, then answer every panel after thinking.
  :class:`BareAgent` clicks the bare bot's button the same way.

Every click records when it was made, when it was acknowledged (the
interaction callback reached the fake) and when the duel's board message was
next edited, in the harness's event-loop time.
"""
from __future__ import annotations

import asyncio
import os
import random
import re
import signal
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from .common import ROOT

TESTS = str(ROOT / "tests")
if TESTS not in sys.path:
    sys.path.insert(0, TESTS)

from fakediscord import FakeDiscord, FakeMessage, InteractionFailed, SimUser  # noqa: E402

from engine.decks import PRECONS  # noqa: E402

DECKS = sorted(PRECONS)
PANEL_PREFIXES = ("mb:c:", "mb:s:")
BUSY_PREFIX = "Manaburn is busy"  # a click shed by the worker's admission control (bot.admission.BUSY)
TOO_LATE_PREFIX = "That click reached Manaburn too late"  # read past Discord's 3 s (bot.http_interactions.TOO_LATE)
BOARD_PREFIX = "**Duel #"


def _loop_time() -> float:
    return asyncio.get_running_loop().time()


def shed(r: Any) -> bool:
    """Whether an interaction was refused at once, nothing done: by admission control, or
    because the worker read it after Discord's 3 s (counted with the shed clicks)."""
    return r.type == 4 and r.ephemeral and r.text.startswith((BUSY_PREFIX, TOO_LATE_PREFIX))


async def until_taken(press: Callable[[], Any], tries: int = 10) -> Any:
    """``press()`` (an interaction), pressed again a moment later while it is shed, as a
    person told "try again in a moment" does."""
    for _ in range(tries - 1):
        r = await press()
        if not shed(r):
            return r
        await asyncio.sleep(random.uniform(1.0, 3.0))
    return await press()


class BenchFake(FakeDiscord):
    """The fake Discord, telling the harness about every message change."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("human_delay", 0.0)
        kwargs.setdefault("patch_discord", False)  # the bot is another process; it points itself here
        kwargs.setdefault("capture_logs", False)
        super().__init__(**kwargs)
        self.by_channel: dict[int, Callable[[FakeMessage, bool], None]] = {}
        self.by_message: dict[int, Callable[[FakeMessage, bool], None]] = {}
        self.generation = 0  # bumped when the bot process is killed
        self.rest_counts: dict[str, int] = {}  # "METHOD route" -> calls (kept when the log is trimmed)
        self.dms_sent = 0  # messages the bot created in DMs (each one a notification)

    def _new_message(self, channel: Any, author: Any, body: dict[str, Any], files: Any = None, **kw: Any) -> FakeMessage:
        msg = super()._new_message(channel, author, body, files, **kw)
        if channel.is_dm and author.id == self.bot_user.id and not msg.ephemeral:
            self.dms_sent += 1
        self.on_message(msg, True)
        return msg

    def _edit_message(self, msg: FakeMessage, body: dict[str, Any], files: Any = None, **kw: Any) -> FakeMessage:
        msg = super()._edit_message(msg, body, files, **kw)
        self.on_message(msg, False)
        return msg

    def on_message(self, msg: FakeMessage, created: bool) -> None:
        cb = self.by_message.get(msg.id) or self.by_channel.get(msg.channel.id)
        if cb is not None:
            cb(msg, created)

    def count_rest(self) -> dict[str, int]:
        """REST calls the bot made so far, by route (the log itself is trimmed)."""
        for c in self.calls:
            key = f"{c.method} {c.route or c.path}"
            self.rest_counts[key] = self.rest_counts.get(key, 0) + 1
        self.calls.clear()
        return self.rest_counts

    def trim(self) -> None:
        """Forget the REST log and interactions answered minutes ago (memory over long runs)."""
        self.count_rest()
        self.calls.clear()
        self.client_errors.clear()
        old = asyncio.get_running_loop().time() - 120  # follow-ups stay possible for a while after the answer
        for iid in [i for i, it in self.interactions.items()
                    if (it.acknowledged.is_set() or it.failed) and it.created < old]:
            it = self.interactions.pop(iid)
            self._interactions_by_token.pop(it.token, None)


# ------------------------------------------------------------------ bot process
class BotProcess:
    """``python -m bench.botproc KIND [DB [EVENTS]]`` against the fake (SIGKILL-able)."""

    def __init__(self, fake: BenchFake, kind: str, db: str = "", events: str = "", log: str = "",
                 profile: str = "", env: dict[str, str] | None = None) -> None:
        self.fake, self.kind, self.db, self.events, self.log = fake, kind, db, events, log
        self.profile = profile
        self.env = env or {}  # more environment (a worker's MANABURN_HTTP)
        self.proc: asyncio.subprocess.Process | None = None
        self.starts = 0
        self.sessions: list[Any] = []  # this process's gateway sessions (several workers share the fake)

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    async def start(self, timeout: float = 60.0) -> float:
        """Start the process and wait until its gateway session is up; returns the seconds it took."""
        fake = self.fake
        for s in fake.sessions:  # a killed bot's session will never resume
            if not s.online:
                s.ended = True
        env = dict(os.environ, MANABURN_BENCH_API=fake.api_base, MANABURN_BENCH_GATEWAY=fake.gateway_url,
                   MANABURN_BENCH_CDN=fake.cdn_base, DISCORD_TOKEN=fake.token,
                   MANABURN_GUILD=str(fake.guild.id) if fake.guild else "")
        if self.profile:
            env["MANABURN_BENCH_PROFILE"] = self.profile
        env.update(self.env)
        before = set(map(id, fake.sessions))
        online = sum(1 for s in fake.sessions if s.online and not s.ended)
        args = [self.kind] + ([self.db] if self.db else []) + ([self.events] if self.events else [])
        out = open(self.log, "ab") if self.log else asyncio.subprocess.DEVNULL
        t0 = time.monotonic()
        self.proc = await asyncio.create_subprocess_exec(sys.executable, "-m", "bench.botproc", *args, cwd=str(ROOT),
                                                         env=env, stdout=out, stderr=out)
        if self.log:
            out.close()  # type: ignore[union-attr]
        self.starts += 1
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while sum(1 for s in fake.sessions if s.online and not s.ended) <= online:
            if self.proc.returncode is not None:
                raise RuntimeError(f"bot process exited with {self.proc.returncode} (log: {self.log})")
            if loop.time() > deadline:
                raise TimeoutError("bot process did not connect")
            await asyncio.sleep(0.02)
        self.sessions = [s for s in fake.sessions if id(s) not in before]
        await asyncio.sleep(0.3)  # READY, GUILD_CREATE, guild_ready_timeout (0.05 s)
        return time.monotonic() - t0

    def kill(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGKILL)
            self.fake.generation += 1

    async def wait_dead(self) -> None:
        """Wait for the process to end and the fake to see its gateway session close; the
        sessions of other processes (the other workers) are left alone."""
        if self.proc is not None:
            await self.proc.wait()
        mine = self.sessions or list(self.fake.sessions)
        # the socket of a killed process closes at once; give the fake a moment to notice
        for _ in range(100):
            if not any(s.online for s in mine):
                break
            await asyncio.sleep(0.01)
        for s in mine:
            s.ended = True

    async def stop(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.proc.wait(), 10)
            except asyncio.TimeoutError:
                self.proc.kill()
                await self.proc.wait()
        await self.wait_dead()


async def set_up(agents: list[Any], rec: Recorder, at_once: int = 8) -> list[Any]:
    """Each agent's duel set up, *at_once* at a time; those whose setup failed (under
    load a setup can fail) are counted in ``rec.setup_failures`` and left out."""
    sem = asyncio.Semaphore(at_once)

    async def one(a: Any) -> Any:
        async with sem:
            try:
                await a.setup()
                return a
            except Exception as e:
                rec.setup_failures.append(repr(e)[:200])
                return None
    return [a for a in await asyncio.gather(*(one(a) for a in agents)) if a is not None]


# ------------------------------------------------------------------ clicks
@dataclass
class Click:
    t: float  # when the user clicked (loop time)
    ack: float | None = None  # seconds to the acknowledgement
    board: float | None = None  # seconds to the next board edit
    outcome: str = "pending"  # ok | refused | shed | missed | failed | no-board
    deferred: bool = False  # first answered by a deferral (queued by the worker), the answer after it
    duel: int = 0
    seq: int = -1
    label: str = ""
    player: int = -1
    confirmed: bool = False  # the panel was edited to "→ you chose: ..."
    answer: str = ""  # what it says was chosen (the label may be shorter: a legend's numbers)


def pick(msg: FakeMessage, rng: random.Random) -> tuple[str, str, list[str] | None, str]:
    """A sensible answer from what the panel shows: (kind, custom id, values, label).

    Plays lands, pays, casts more often than not, attacks with everything
    half the time, blocks sometimes, otherwise passes.
    """
    options: list[tuple[str, str, list[str] | None, str]] = []
    for b in msg.buttons:
        cid = b.get("custom_id") or ""
        if cid.startswith("mb:c:"):
            options.append(("click", cid, None, b.get("label") or ""))
    for s in msg.selects:
        cid = s.get("custom_id") or ""
        if cid.startswith("mb:s:"):
            for o in s.get("options", []):
                options.append(("select", cid, [o["value"]], o.get("label") or ""))
    if not options:
        raise LookupError("no answer on this panel")
    labels = [o[3] for o in options]

    def take(label: str) -> tuple[str, str, list[str] | None, str]:
        return options[labels.index(label)]

    for pref in ("auto", "pay", "choose play", "choose no"):
        if pref in labels:
            return take(pref)
    plays = [x for x in labels if x.startswith("play ")]
    if plays:
        return take(plays[0])
    xs = [x for x in labels if x.startswith("x=")]
    if xs:
        return take(xs[-1])
    attacks = [x for x in labels if x.startswith("attack ") and x != "attack nothing"]
    if attacks:
        return take(max(attacks, key=len) if rng.random() < 0.6 else "attack nothing"
                    if "attack nothing" in labels else attacks[0])
    blocks = [x for x in labels if x.startswith("block ") and x != "block nothing"]
    if blocks:
        return take(rng.choice(blocks) if rng.random() < 0.4 or "block nothing" not in labels else "block nothing")
    useful = [x for x in labels if not x.startswith(("tap ", "add ")) and x not in ("cancel", "pass")]
    if useful and (rng.random() < 0.6 or "pass" not in labels):
        return take(rng.choice(useful))
    if "pass" in labels:
        return take("pass")
    return options[0]


DECK_MENU, MORE_DECKS, PREVIOUS_DECKS = "Choose your deck", "More decks ▶", "◀ Previous decks"


async def choose_deck(user: SimUser, message: FakeMessage, deck: str,
                      timed: Callable[[Any], Any] | None = None) -> Any:
    """Pick ``deck`` in a challenge's deck menu as a person does: on the page shown,
    else back to the first page and through **More decks ▶** until a page holds it
    (bot.panels.deck_view). Returns the select's InteractionResult; LookupError if
    no page has the deck. ``timed`` wraps each interaction (a test timing them)."""
    timed = timed or (lambda coro: coro)
    seen: list[str] = []
    forward = False
    for _ in range(1000):
        msg = user.fake.messages[message.id]  # as edited by the last page turn
        menu = next(c for c in msg.selects if c.get("placeholder") == DECK_MENU)
        values = [o["value"] for o in menu["options"]]
        if deck in values or any(o.get("label") == deck for o in menu["options"]):
            return await timed(user.select(msg, DECK_MENU, [deck]))
        labels = [b.get("label") for b in msg.buttons]
        forward = forward or PREVIOUS_DECKS not in labels
        if forward:
            seen += values
        turn = MORE_DECKS if forward else PREVIOUS_DECKS
        if turn not in labels:
            raise LookupError(f"no deck {deck!r} on any page of the deck menu: {seen}")
        before = msg.control_ids
        await timed(user.click(msg, turn))
        await user.fake.wait_for(lambda: user.fake.messages[message.id].control_ids != before, timeout=10)
    raise LookupError("the deck menu has too many pages")


def click_coords(cid: str, values: list[str] | None) -> tuple[int, int, int]:
    """(duel id, seq, choice index) from a panel control's custom id."""
    parts = cid.split(":")
    duel, seq = int(parts[2]), int(parts[3])
    if parts[1] == "s":
        return duel, seq, int((values or ["0"])[0])
    return duel, seq, int(parts[4])


# ------------------------------------------------------------------ agents
class Recorder:
    """Collects every click; the window decides which count."""

    def __init__(self) -> None:
        self.clicks: list[Click] = []
        self.setups: list[float] = []
        self.setup_failures: list[str] = []
        self.finished = 0
        self.errors: list[str] = []
        self.trace: Any = None  # an open text file: what happened, line by line (see note)

    def note(self, text: str) -> None:
        """One line in the trace, if there is one (the kill soak keeps it for diagnosis)."""
        if self.trace is not None:
            self.trace.write(f"{time.monotonic():.3f} {text}\n")


class DuelAgent:
    """Two simulated players in one duel with the Manaburn bot."""

    def __init__(self, fake: BenchFake, rec: Recorder, n: int, rng: random.Random,
                 think: tuple[float, float]) -> None:
        self.fake, self.rec, self.rng, self.think = fake, rec, rng, think
        self.n = n
        self.users: tuple[SimUser, SimUser] = (fake.create_user(f"p{n}a"), fake.create_user(f"p{n}b"))
        self.event = asyncio.Event()
        self.panels: dict[int, FakeMessage | None] = {}
        # (panel message id, its controls) -> the click made on it: a panel edited in place
        # with the next decision's controls is a new one to answer
        self.clicked: dict[tuple[int, tuple[str, ...]], Click] = {}
        # new DMs from the bot per user in the current duel (panels and other notices), and
        # per finished duel: (DMs to the first player, DMs to the second player)
        self.dms_now: dict[int, int] = {}
        self.dms_per_duel: list[tuple[int, int]] = []
        self.board: FakeMessage | None = None
        self.board_edits = 0
        self.ended = False
        self.duel_id = 0
        self.thread_id = 0
        self.duels_played: list[int] = []
        # more options of the next /challenge (ante=True), and what to do before it with the
        # two decks chosen (grant their cards, for ante)
        self.challenge_options: dict[str, Any] = {}
        self.before_challenge: Callable[["DuelAgent", str, str], Any] | None = None
        for u in self.users:
            ch = fake.dm_channel(u)
            assert ch is not None
            self.panels[u.id] = None
            fake.by_channel[ch.id] = self._make_dm_watch(u)

    # --------------------------------------------------------------- watching
    def _make_dm_watch(self, user: SimUser) -> Callable[[FakeMessage, bool], None]:
        def watch(msg: FakeMessage, created: bool) -> None:
            if msg.author.id == user.id:
                return
            if created and not msg.ephemeral:
                self.dms_now[user.id] = self.dms_now.get(user.id, 0) + 1
            ids = [c.get("custom_id") or "" for c in msg.all_components]
            has = any(i.startswith(PANEL_PREFIXES) for i in ids)
            if has and self.duel_id and not any(i.startswith(PANEL_PREFIXES) and int(i.split(":")[2]) == self.duel_id
                                                for i in ids):
                return  # a panel of another duel: one whose setup was cut by a kill (the bot resumes it)
            if has:
                self.panels[user.id] = msg
            elif self.panels.get(user.id) is msg:
                self.panels[user.id] = None
            if not created and "→ you chose:" in msg.content:
                # the click on this message whose controls were replaced: confirmed
                now = msg.control_ids
                for (mid, before), c in reversed(self.clicked.items()):
                    if mid == msg.id and before != now and c.outcome not in ("missed", "refused", "failed"):
                        c.confirmed = True
                        c.answer = msg.content.rsplit("→ you chose: ", 1)[1].split("\n", 1)[0]
                        break
            self.event.set()
        return watch

    def _thread_watch(self, msg: FakeMessage, created: bool) -> None:
        if msg.channel.id != self.thread_id:
            return  # the thread of an earlier challenge whose setup was cut by a kill
        if msg.content.startswith(BOARD_PREFIX):
            if created and self.board is None:
                self.board = msg
                m = re.match(r"\*\*Duel #(\d+)", msg.content)
                self.duel_id = int(m[1]) if m else 0
            elif msg is self.board:
                self.board_edits += 1
        if "seed was" in msg.content and not self.ended:
            self.ended = True
            a, b = self.users
            self.dms_per_duel.append((self.dms_now.get(a.id, 0), self.dms_now.get(b.id, 0)))
        self.event.set()

    def describe(self) -> str:
        """What the two players see now (their newest DMs, the thread's newest messages): for the trace."""
        def line(m: FakeMessage) -> str:
            ids = [c.get("custom_id") or "" for c in m.all_components][:2]
            text = m.content.replace("\n", " | ")[:90]
            return (f"    {m.id} {'edited ' + str(len(m.history)) if m.history else 'new'}"
                    f"{' deleted' if m.deleted else ''} {ids} {text!r}")
        out = [f"  agent {self.n} duel {self.duel_id} thread {self.thread_id} ended {self.ended} "
               f"board {self.board.id if self.board else None} edits {self.board_edits} clicked {sorted(self.clicked)[-3:]}"]
        for u in self.users:
            p = self.panels.get(u.id)
            out.append(f"   {u.name}: panel {p.id if p else None}")
            out += [line(m) for m in u.dms()[-5:]]
        ch = self.fake.channels.get(self.thread_id)
        if ch is not None:
            out.append("   thread:")
            out += [line(m) for m in ch.messages[-4:]]
        return "\n".join(out)

    async def until(self, cond: Callable[[], Any], timeout: float) -> Any:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            v = cond()
            if v:
                return v
            left = deadline - loop.time()
            if left <= 0:
                raise TimeoutError
            self.event.clear()
            try:
                await asyncio.wait_for(self.event.wait(), min(left, 1.0))
            except asyncio.TimeoutError:
                pass

    # ----------------------------------------------------------------- setup
    async def setup(self, timeout: float = 60.0) -> None:
        a, b = self.users
        t0 = _loop_time()
        self.board, self.board_edits, self.ended, self.duel_id = None, 0, False, 0
        self.dms_now = {}
        self.thread_id = 0  # until the challenge is made: the last duel's thread is no longer watched
        deck_a, deck_b = self.rng.choice(DECKS), self.rng.choice(DECKS)
        if self.before_challenge is not None:
            await self.before_challenge(self, deck_a, deck_b)
        r = await until_taken(lambda: a.slash("challenge", opponent=b, deck=deck_a, **self.challenge_options))
        challenge = r.message
        if challenge is None:
            raise RuntimeError(f"no challenge message: {r.text}")
        self.thread_id = challenge.id  # a thread started from a message has the message's id
        self.rec.note(f"agent {self.n}: challenge {challenge.id} ({deck_a} vs {deck_b})")
        self.fake.by_channel[self.thread_id] = self._thread_watch
        acc = await until_taken(lambda: b.click(challenge, "Accept"))
        menu = acc.message
        if acc.type == 6:  # deferred by a busy worker: the menu comes as a follow-up
            await self.until(lambda: acc.followups, timeout)
            menu = acc.followups[0]
        if menu is None:
            raise RuntimeError("no deck menu after Accept")
        for _ in range(10):
            if not shed(await choose_deck(b, menu, deck_b)):
                break
            await asyncio.sleep(random.uniform(1.0, 3.0))
        await self.until(lambda: self.board is not None and any(self.panels.values()), timeout)
        for u in self.users:  # a panel of an earlier duel, seen before this one's board
            m = self.panels.get(u.id)
            if m is not None and not any((c.get("custom_id") or "").startswith(f"mb:c:{self.duel_id}:")
                                         or (c.get("custom_id") or "").startswith(f"mb:s:{self.duel_id}:")
                                         for c in m.all_components):
                self.panels[u.id] = None
        self.duels_played.append(self.duel_id)
        self.rec.note(f"agent {self.n}: duel {self.duel_id} set up in thread {self.thread_id}")
        self.rec.setups.append(_loop_time() - t0)

    # ------------------------------------------------------------------ play
    async def play(self, stop_at: float, *, restart: bool = True, panel_timeout: float = 60.0,
                   on_stuck: Callable[["DuelAgent"], Any] | None = None) -> None:
        """Answer panels until ``stop_at`` (loop time); start a new duel when one ends."""
        loop = asyncio.get_running_loop()
        while loop.time() < stop_at:
            if self.ended:
                self.rec.finished += 1
                if not restart:
                    return
                try:
                    await self.setup()
                except Exception as e:  # the setup failed under load: report it, stop this agent
                    self.rec.setup_failures.append(repr(e))
                    return
                continue
            try:
                user = await self.until(lambda: self.ended or self._whose_panel(),
                                        min(panel_timeout, max(0.1, stop_at - loop.time())))
            except TimeoutError:
                if loop.time() >= stop_at:
                    return
                if on_stuck is not None:
                    if await on_stuck(self):
                        continue
                self.rec.errors.append(f"duel {self.duel_id}: no panel for {panel_timeout:.0f} s")
                return
            if self.ended:
                continue
            lo, hi = self.think
            if hi > 0:
                await asyncio.sleep(self.rng.uniform(lo, hi))
            msg = self.panels.get(user.id)
            if msg is None or loop.time() >= stop_at:
                continue
            await self.click(user, msg)

    def _whose_panel(self) -> SimUser | None:
        for u in self.users:
            m = self.panels.get(u.id)
            if m is not None and (m.id, m.control_ids) not in self.clicked and not m.deleted:
                return u
        return None

    async def click(self, user: SimUser, msg: FakeMessage) -> Click:
        """Answer one panel and wait for what follows (see :meth:`_click`); noted in the trace."""
        c = await self._click(user, msg)
        self.rec.note(f"agent {self.n}: duel {c.duel} seq {c.seq} player {c.player} {c.label!r} on {msg.id}: "
                      f"{c.outcome}{' (confirmed)' if c.confirmed else ''}")
        return c

    async def _click(self, user: SimUser, msg: FakeMessage) -> Click:
        try:
            kind, cid, values, label = pick(msg, self.rng)
        except LookupError:
            self.panels[user.id] = None
            return Click(_loop_time(), outcome="failed")
        duel, seq, _ = click_coords(cid, values)
        c = Click(_loop_time(), duel=duel, seq=seq, label=label, player=self.users.index(user))
        key = (msg.id, msg.control_ids)
        self.clicked[key] = c
        self.rec.clicks.append(c)
        edits = self.board_edits
        gen = self.fake.generation
        try:
            if kind == "click":
                r = await user.click(msg, cid)
            else:
                r = await user.select(msg, cid, values or [])
        except InteractionFailed:
            c.outcome = "missed"
            self.clicked.pop(key, None)  # the panel is unchanged: the player will click again
            return c
        except Exception as e:  # the panel changed under the click, the bot is down...
            c.outcome = "failed"
            self.rec.errors.append(f"click: {e!r}"[:300])
            self.clicked.pop(key, None)
            return c
        now = _loop_time()
        c.ack = now - c.t
        if shed(r):  # refused at once, nothing done: the panel is as it was, the player clicks again
            c.outcome = "shed"
            self.clicked.pop(key, None)
            return c
        c.deferred = r.type == 6
        try:
            await self.until(lambda: self.board_edits > edits or r.followups or self.ended
                             or self.fake.generation != gen, 30.0)
        except TimeoutError:
            c.outcome = "no-board"
            return c
        if self.board_edits <= edits and not r.followups and not self.ended:
            c.outcome = "interrupted"  # the bot was killed: the panel may still work
            self.clicked.pop(key, None)
            return c
        if self.board_edits > edits:
            c.board = _loop_time() - c.t
            c.outcome = "ok"
        elif r.followups:
            c.outcome = "refused"
            if self.panels.get(user.id) is msg:
                self.panels[user.id] = None  # out of date: this panel is dead
        else:
            c.outcome = "ok"
        return c


class BareAgent:
    """Two simulated players clicking the bare bot's buttons in turn."""

    def __init__(self, fake: BenchFake, rec: Recorder, n: int, rng: random.Random,
                 think: tuple[float, float]) -> None:
        self.fake, self.rec, self.rng, self.think = fake, rec, rng, think
        self.users = (fake.create_user(f"q{n}a"), fake.create_user(f"q{n}b"))
        self.event = asyncio.Event()
        self.edits = 0
        assert fake.channel is not None
        self.board = fake._new_message(fake.channel, fake.bot_user, {"content": f"board {n}"})
        fake.by_message[self.board.id] = self._watch
        self.panels = []
        for u in self.users:
            ch = fake.dm_channel(u)
            comp = [{"type": 1, "components": [{"type": 2, "style": 1, "label": "Go",
                                                "custom_id": f"bare:{fake.channel.id}:{self.board.id}"}]}]
            self.panels.append(fake._new_message(ch, fake.bot_user, {"content": "panel", "components": comp}))

    def _watch(self, msg: FakeMessage, created: bool) -> None:
        if not created:
            self.edits += 1
            self.event.set()

    async def setup(self) -> None:
        return None

    async def play(self, stop_at: float, **_: Any) -> None:
        loop = asyncio.get_running_loop()
        turn = 0
        while loop.time() < stop_at:
            lo, hi = self.think
            if hi > 0:
                await asyncio.sleep(self.rng.uniform(lo, hi))
            if loop.time() >= stop_at:
                return
            user, msg = self.users[turn % 2], self.panels[turn % 2]
            turn += 1
            c = Click(_loop_time(), player=turn % 2)
            self.rec.clicks.append(c)
            edits = self.edits
            try:
                await user.click(msg, msg.buttons[0]["custom_id"])
            except InteractionFailed:
                c.outcome = "missed"
                continue
            c.ack = _loop_time() - c.t
            deadline = loop.time() + 30
            while self.edits <= edits and loop.time() < deadline:
                self.event.clear()
                try:
                    await asyncio.wait_for(self.event.wait(), 1.0)
                except asyncio.TimeoutError:
                    pass
            if self.edits > edits:
                c.board = _loop_time() - c.t
                c.outcome = "ok"
            else:
                c.outcome = "no-board"


class LoopLag:
    """How late the harness's own event loop wakes up (its queueing adds to every figure)."""

    def __init__(self, period: float = 0.05) -> None:
        self.period = period
        self.lags: list[float] = []
        self.task: asyncio.Task[None] | None = None

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            t = loop.time()
            await asyncio.sleep(self.period)
            self.lags.append(max(0.0, loop.time() - t - self.period))

    def start(self) -> None:
        self.task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            try:
                await self.task
            except asyncio.CancelledError:
                pass


@dataclass
class Window:
    start: float
    end: float
    clicks: list[Click] = field(default_factory=list)


def bench_tmp(tmpdir: str | None) -> Path:
    import tempfile
    return Path(tempfile.mkdtemp(prefix="manaburn-bench-", dir=tmpdir))
