"""End-to-end: the real bot (discord.py) against the fake Discord, with
simulated users who act only on what they see: slash commands, the
challenge message, their DM panels, the thread."""
from __future__ import annotations

import asyncio
import gc
import random
import re
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, AsyncIterator

import pytest

from bench.harness import choose_deck
from bench.harness import pick as bench_pick
from bot.app import ManaburnBot
from bot.panels import board_message
from storage import duels as store
from storage import open_database
from storage.db import Database
from fakediscord import FakeDiscord, InteractionFailed, SimUser
from tests.two_workers import database_target, workers

pytest_plugins = ["fakediscord.pytest_plugin"]


# the user's current control panel: the newest DM with controls, or None
panel = SimUser.last_dm_with_controls


def pick(msg: Any, rng: random.Random) -> tuple[str, str, list[str] | None]:
    """A sensible random answer from what the panel shows: (kind, target,
    values), by the benchmarks' simulated player (bench.harness.pick)."""
    kind, target, values, _label = bench_pick(msg, rng)
    return kind, target, values


async def do(user: SimUser, msg: Any, action: tuple[str, str, list[str] | None], *, wait: bool = True) -> Any:
    """Use a control, then wait until the bot has replaced the panel (as a person would)."""
    kind, target, values = action
    before = msg.control_ids
    if kind == "click":
        r = await user.click(msg, target)
    else:
        r = await user.select(msg, target, values or [])
    if wait:
        # the panel is edited: the next decision in place, or no controls while the other player decides
        await user.fake.wait_for(lambda: msg.control_ids != before, timeout=10)
    return r


async def start_duel(fake: FakeDiscord, alice: SimUser, bob: SimUser, *, ante: bool = False,
                     deck_a: str = "Red Burn", deck_b: str = "Green Stompy") -> Any:
    r = await alice.slash("challenge", opponent=bob, deck=deck_a, ante=ante)
    challenge = r.message
    assert "challenges you" in challenge.text
    acc = await bob.click(challenge, "Accept")
    assert acc.ephemeral
    await choose_deck(bob, acc.message, deck_b)
    await fake.wait_for(lambda: challenge.thread is not None and any(
        m.text.startswith("**Duel #") for m in bob.visible_messages(challenge.thread)), timeout=10)  # its board
    return challenge.thread


async def play_until(fake: FakeDiscord, users: list[SimUser], thread: Any, rng: random.Random, *,
                     max_clicks: int = 3000, stop: Any = None) -> int:
    clicks = 0
    while clicks < max_clicks:
        if any(("wins" in m.text or "is a draw" in m.text) and "seed was" in m.text for m in users[0].visible_messages(thread)):
            return clicks
        if stop is not None and stop():
            return clicks
        await fake.wait_for(lambda: any(panel(u) for u in users) or any(
            "seed was" in m.text for m in users[0].visible_messages(thread)), timeout=10)
        for u in users:
            msg = panel(u)
            if msg is None:
                continue
            await do(u, msg, pick(msg, rng))
            clicks += 1
            break
    raise AssertionError("the duel did not finish")


@asynccontextmanager
async def storage(path: str) -> AsyncIterator[Database]:
    """The database of the bots made on *path* (the SQLite file, or on two workers its
    PostgreSQL schema), opened apart from them: what is stored, whichever worker stored
    it, also once the bot was killed (its own connections died with it)."""
    db = await open_database(database_target(path))
    try:
        yield db
    finally:
        await db.close()


async def duel_in(bot: ManaburnBot, thread: Any) -> int:
    """The id of the duel played in *thread*, from storage."""
    rec = await store.duel_in_thread(bot.svc.db, thread.id)
    assert rec is not None
    return rec.id


async def stored_past(bot: ManaburnBot, duel_id: int, seq: int) -> bool:
    """Whether the duel's stored log holds more than *seq* decisions (whichever worker
    stored them: a condition for ``fake.wait_for``)."""
    rec = await store.get_duel(bot.svc.db, duel_id)
    return rec is not None and rec.seq > seq


async def finished(bot: ManaburnBot, duel_id: int) -> bool:
    """Whether the duel's end is stored (whichever worker stored it)."""
    rec = await store.get_duel(bot.svc.db, duel_id)
    return rec is not None and rec.status == "finished"


def caught_up(bot: ManaburnBot) -> bool:
    """Whether the catch-up a start runs is over: the bot's, or on two workers the one the
    worker chosen for the timed work runs (bot.recovery.timed_work)."""
    return any(w._catch_up is not None and w._catch_up.done() for w in workers(bot))


def idle(bot: ManaburnBot) -> bool:
    """Whether no worker of *bot* has a publish under way."""
    return all(w._inflight == 0 for w in workers(bot))


async def flush_published(bot: ManaburnBot) -> None:
    """Every worker's publish marks written (each keeps its own until it writes them)."""
    for w in workers(bot):
        await w.flush_published()


async def hidden_names_never_shown(fake: FakeDiscord, bot: ManaburnBot, thread: Any, users: list[SimUser],
                                   ever_public: set[str]) -> None:
    live = await bot.svc.live(await duel_in(bot, thread))  # from storage: either worker may have answered
    g = live.duel.game
    hidden = {c.name for p in g.players for c in p.hand + p.library} - ever_public
    texts = []
    for m in users[0].visible_messages(thread):
        texts.append(m.text)
        texts += [h.get("content", "") for h in m.history]
    blob = "\n".join(texts)
    leaked = [n for n in hidden if re.search(re.escape(n), blob)]
    assert not leaked, f"hidden cards shown in the thread: {leaked}"


async def public_names(bot: ManaburnBot, thread: Any) -> set[str]:
    out: set[str] = set()
    for live in [await bot.svc.live(await duel_in(bot, thread))]:
        v = live.duel.view(None)
        out |= {c["name"] for c in v["battlefield"]}
        for p in v["players"]:
            out |= set(p["graveyard"]) | set(p["removed"]) | set(p["ante"])
        out |= {s["name"] for s in v["spells"] + v["batch"]}
        for e in live.duel.game.events:
            for verb in (" casts ", " discards ", " plays "):
                if verb in e:
                    out.add(e.split(verb)[1].split(" targeting")[0].split(" (X=")[0].split(" at random")[0].rstrip("."))
    return out


async def test_a_whole_duel_through_the_bot(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    bot = ManaburnBot(str(tmp_path / "m.db"), guild_id=fake.guild.id, sweep_seconds=0)
    async with fake.run_bot(bot):
        thread = await start_duel(fake, alice, bob)
        assert thread.name == "alice vs bob"
        rng = random.Random(3)
        ever: set[str] = set()
        clicks = 0
        while True:
            ever |= await public_names(bot, thread)
            try:
                clicks += await play_until(fake, [alice, bob], thread, rng, max_clicks=1)
                break
            except AssertionError as e:
                if "did not finish" not in str(e):
                    raise
                clicks += 1
        ever |= await public_names(bot, thread)
        end = [m.text for m in alice.visible_messages(thread) if "seed was" in m.text]
        assert end and ("wins" in end[0] or "draw" in end[0])
        await hidden_names_never_shown(fake, bot, thread, [alice, bob], ever)
        # the board is one message edited in place
        boards = [m for m in alice.visible_messages(thread) if m.text.startswith("**Duel #")]
        assert len(boards) == 1 and len(boards[0].history) > 3
        # the log replays
        r = await alice.slash("duel log", channel=thread)
        assert r.message.attachments and b"replay:" in r.message.attachments[0].data
        assert clicks > 5


async def test_stale_foreign_and_double_clicks(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    bot = ManaburnBot(str(tmp_path / "m.db"), guild_id=fake.guild.id, sweep_seconds=0)
    async with fake.run_bot(bot):
        await start_duel(fake, alice, bob)
        await fake.wait_for(lambda: panel(alice) or panel(bob))
        user, other = (alice, bob) if panel(alice) else (bob, alice)
        msg = panel(user)
        first = msg.buttons[0]["custom_id"]
        duel_id = int(first.split(":")[2])

        async def stored_seq() -> int:  # from storage: any worker may have answered
            return (await store.get_duel(bot.svc.db, duel_id)).seq

        seq = await stored_seq()
        # a click by the other player on a copy of the control: refused, nothing changes
        forged = first
        r = await other._interact(3, msg.channel, {"custom_id": forged, "component_type": 2}, message=msg, pause=False)
        await fake.wait_for(lambda: r.followups or r.ephemeral or r.message is not None)
        assert await stored_seq() == seq
        # two clicks at once: exactly one applies
        results = await asyncio.gather(user.click(msg, first), user.click(msg, first), return_exceptions=True)
        await fake.wait_for(lambda: first not in msg.control_ids)
        after = await stored_seq()
        assert after > seq
        # a stale click (old sequence number) changes nothing and says so
        r = await user._interact(3, msg.channel, {"custom_id": first, "component_type": 2}, message=msg, pause=False)
        await fake.wait_for(lambda: any("out of date" in f.text for f in r.followups), timeout=5)
        assert await stored_seq() == after
        assert all(not isinstance(x, Exception) for x in results)


async def test_restart_and_kill_mid_duel(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    path = str(tmp_path / "m.db")
    bot = ManaburnBot(path, guild_id=fake.guild.id, sweep_seconds=0)
    rng = random.Random(5)
    running = await fake.start_bot(bot)
    thread = await start_duel(fake, alice, bob)
    for _ in range(15):
        await fake.wait_for(lambda: panel(alice) or panel(bob))
        u = alice if panel(alice) else bob
        await do(u, panel(u), pick(panel(u), rng))
    await fake.wait_for(lambda: panel(alice) or panel(bob))
    live = await bot.svc.live(1)  # from storage: either worker may have answered (tests/two_workers.py)
    h, seq = live.duel.state_hash(), live.seq
    await running.stop()  # a clean restart
    bot2 = ManaburnBot(path, guild_id=fake.guild.id, sweep_seconds=0)
    running2 = await fake.start_bot(bot2)
    live2 = await bot2.svc.live(live.record.id)
    assert live2.duel.state_hash() == h and live2.seq == seq
    # the old panel's buttons still work
    u = alice if panel(alice) else bob
    await do(u, panel(u), pick(panel(u), rng))
    await fake.wait_for(lambda: panel(alice) or panel(bob))
    live2 = await bot2.svc.live(live.record.id)
    assert live2.seq > seq
    # a kill without warning: the client is dropped without closing anything
    h3, seq3 = live2.duel.state_hash(), live2.seq
    running2.kill()
    bot3 = ManaburnBot(path, guild_id=fake.guild.id, sweep_seconds=0)
    async with fake.run_bot(bot3):
        live3 = await bot3.svc.live(live.record.id)
        assert live3.duel.state_hash() == h3 and live3.seq == seq3
        await fake.wait_for(lambda: panel(alice) or panel(bob))
        u = alice if panel(alice) else bob
        await do(u, panel(u), pick(panel(u), rng))
        await fake.wait_for(lambda: panel(alice) or panel(bob))
        assert (await bot3.svc.live(live.record.id)).seq > seq3
    # In a real kill the process's SQLite connection dies with it; here the
    # abandoned connection's thread would keep the test process alive.
    assert bot2.service is not None
    await bot2.service.close()
    # ... and so does its HTTP session (else its garbage collection, later,
    # logs "Unclosed connector" as an ERROR inside whatever test then runs)
    await bot2.http.close()
    _ = thread


async def test_killed_after_the_answer_is_stored_before_its_panel(fake_discord: FakeDiscord,
                                                                   tmp_path: Path) -> None:
    """The bot dies after an answer is committed but before anything about it is
    sent (board, log lines, the next panel): nobody could move. After the
    restart the bot publishes it: the board shows the stored state, the log
    lines come, the pending player gets one panel, and the duel goes on. The
    same for the end of a duel: a concession stored but not announced is
    announced after the restart."""
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    path = str(tmp_path / "m.db")
    rng = random.Random(11)
    b1 = ManaburnBot(path, guild_id=fake.guild.id, sweep_seconds=0)
    running1 = await fake.start_bot(b1)
    thread = await start_duel(fake, alice, bob)
    for _ in range(8):
        await fake.wait_for(lambda: panel(alice) or panel(bob))
        u = alice if panel(alice) else bob
        await do(u, panel(u), pick(panel(u), rng))
    duel_id = await duel_in(b1, thread)
    lost: list[Any] = []

    def die_before_publishing(running: Any) -> Any:
        async def die(out: Any, *, extra: str = "", via: Any = None, answered: str = "") -> None:
            lost.append(out)
            running.kill()
            raise asyncio.CancelledError
        return die

    for w in workers(b1):  # whichever worker gets the click
        w.publish = die_before_publishing(running1)  # type: ignore[method-assign]
    await fake.wait_for(lambda: panel(alice) or panel(bob))
    u = alice if panel(alice) else bob
    clicked = panel(u)
    # stored, but the clicked panel is not edited: the bot died before its acknowledgement (the
    # edit of the panel), so the user sees the click fail, as any click on a bot that is down
    try:
        await do(u, clicked, pick(clicked, rng), wait=False)
    except InteractionFailed:
        pass
    await fake.wait_for(lambda: lost)
    out = lost.pop()
    async with storage(path) as db:
        rec = await store.get_duel(db, duel_id)
    assert rec is not None and rec.seq == out.seq and (rec.published_seq or 0) < rec.seq
    # stuck, without the fix: no panel for the decision now pending, only the one clicked (out of date)
    assert [m for v in (alice, bob) for m in v.dms() if m.buttons or m.selects] == [clicked]
    lines = [e for e in out.new_events if not e.startswith("-- ")]

    # restarted: the bot publishes what it had not
    b2 = ManaburnBot(path, guild_id=fake.guild.id, sweep_seconds=0)
    running2 = await fake.start_bot(b2)
    await fake.wait_for(lambda: caught_up(b2), timeout=10)
    await fake.wait_for(lambda: panel(alice) or panel(bob), timeout=10)
    live = await b2.svc.live(duel_id)
    assert live.seq == out.seq and live.duel.state_hash() == out.live.duel.state_hash()
    waiting = [alice, bob][live.duel.pending.player]  # type: ignore[union-attr]
    assert panel(waiting) is not None and panel([bob, alice][live.duel.pending.player]) is None  # type: ignore[union-attr]
    assert sum(1 for m in waiting.dms() if m.buttons or m.selects) == 1  # one live panel
    await fake.wait_for(lambda: caught_up(b2), timeout=10)
    await flush_published(b2)
    assert (await store.get_duel(b2.svc.db, duel_id)).published_seq == out.seq  # type: ignore[arg-type, union-attr]
    shown = "\n".join(m.text for m in alice.visible_messages(thread))
    assert all(line in shown for line in lines), lines
    boards = [m for m in alice.visible_messages(thread) if m.text.startswith("**Duel #")]
    assert len(boards) == 1 and boards[0].text == board_message(live)
    # the duel goes on from the new panel
    await do(waiting, panel(waiting), pick(panel(waiting), rng))
    await fake.wait_for(lambda: stored_past(b2, duel_id, out.seq))
    await fake.wait_for(lambda: panel(alice) or panel(bob))
    await fake.wait_for(lambda: idle(b2))  # that click's publish is over (the panel comes first)

    # the bot dies after sending the next panel, before recording it as published:
    # after the restart that panel is the live one, no second panel is sent
    shown: list[int] = []

    def die_before_marking(duel: int, seq: int) -> None:
        shown.append(seq)
        running2.kill()
        raise asyncio.CancelledError

    for w in workers(b2):
        w.mark_published = die_before_marking  # type: ignore[method-assign]
    u = alice if panel(alice) else bob
    await do(u, panel(u), pick(panel(u), rng))
    await fake.wait_for(lambda: shown)
    seq = shown.pop()
    async with storage(path) as db:
        finished = (await store.get_duel(db, duel_id)).status == "finished"  # type: ignore[union-attr]
    live_panels = [m for v in (alice, bob) for m in v.dms() if m.buttons or m.selects]
    assert len(live_panels) == 1 or finished
    b3 = ManaburnBot(path, guild_id=fake.guild.id, sweep_seconds=0)
    running3 = await fake.start_bot(b3)
    if not finished:
        await fake.wait_for(lambda: caught_up(b3), timeout=10)
        assert [m for v in (alice, bob) for m in v.dms() if m.buttons or m.selects] == live_panels
        # adopted as the pending player's panel by the worker that caught up (on two workers the
        # other reads it from storage; the rows it loaded may name the other player's old panel)
        catcher = next(w for w in workers(b3) if w._catch_up is not None)
        pending = (await b3.svc.live(duel_id)).duel.pending
        assert pending is not None
        assert catcher.panels.get((duel_id, pending.player)) == (live_panels[0].channel.id, live_panels[0].id)
        await flush_published(b3)
        assert (await store.get_duel(b3.svc.db, duel_id)).published_seq == seq  # type: ignore[arg-type, union-attr]
        u = alice if panel(alice) else bob  # the kept panel works
        await do(u, panel(u), pick(panel(u), rng))
        await fake.wait_for(lambda: stored_past(b3, duel_id, seq))
        await fake.wait_for(lambda: panel(alice) or panel(bob))

    # a concession stored, then the bot dies before announcing the end
    for w in workers(b3):
        w.publish = die_before_publishing(running3)  # type: ignore[method-assign]
    await alice.slash("concede", duel=duel_id)
    await fake.wait_for(lambda: lost)
    assert not any("seed was" in m.text for m in alice.visible_messages(thread))
    b4 = ManaburnBot(path, guild_id=fake.guild.id, sweep_seconds=0)
    async with fake.run_bot(b4):
        end = await fake.wait_for(lambda: [m.text for m in alice.visible_messages(thread) if "seed was" in m.text],
                                  timeout=10)
        assert len(end) == 1 and "**bob** wins by concession" in end[0]
        # the panel the killed bot had sent for the pending decision is closed too
        await fake.wait_for(lambda: panel(alice) is None and panel(bob) is None, timeout=10)
        await fake.wait_for(lambda: caught_up(b4), timeout=10)
        await flush_published(b4)
        rec = await store.get_duel(b4.svc.db, duel_id)
        assert rec is not None and rec.status == "finished" and rec.published_seq == rec.seq
        # what was published is on disk: the process keeps nothing more for the duel
        gc.collect()
        for w in workers(b4):
            assert duel_id not in w._shown and duel_id not in w._publishing and duel_id not in w.svc._locks
    for b in (b1, b2, b3):  # the killed bots' connections
        assert b.svc.db is not None
        await b.svc.db.close()
        await b.http.close()


async def test_a_concession_after_a_restart_closes_the_panels_sent_before_it(fake_discord: FakeDiscord,
                                                                              tmp_path: Path) -> None:
    """A restarted bot does not know which panels the process before it sent; the
    first time it closes a player's panel of a duel it looks for them in their DMs.
    Without that a concession left the pending player's panel with live buttons,
    which said "This duel is over" only when clicked."""
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    path = str(tmp_path / "m.db")
    rng = random.Random(4)
    b1 = ManaburnBot(path, guild_id=fake.guild.id, sweep_seconds=0)
    running = await fake.start_bot(b1)
    await start_duel(fake, alice, bob)
    for _ in range(5):
        await fake.wait_for(lambda: panel(alice) or panel(bob))
        u = alice if panel(alice) else bob
        await do(u, panel(u), pick(panel(u), rng))
    await fake.wait_for(lambda: (panel(alice) or panel(bob)) and idle(b1))
    await running.stop()
    waiting, other = (alice, bob) if panel(alice) else (bob, alice)
    old = panel(waiting)
    assert old is not None and panel(other) is None
    bot = ManaburnBot(path, guild_id=fake.guild.id, sweep_seconds=0)
    async with fake.run_bot(bot):
        await fake.wait_for(lambda: caught_up(bot), timeout=10)
        assert not any(w.panels for w in workers(bot))  # nothing was left unpublished: no panel adopted
        r = await other.slash("concede", duel=1)
        await r.wait_done()
        assert "You conceded duel #1." in (r.followups[0].text if r.followups else r.text)
        await fake.wait_for(lambda: panel(waiting) is None, timeout=10)
    assert not old.buttons and not old.selects
    assert old.text.startswith("The duel is over.") and f"**{other.username}**" not in old.text
    assert f"**{waiting.username}** wins" in old.text


def panel_seqs(users: list[SimUser], duel_id: int) -> set[int]:
    """The decision numbers of every panel with live controls the users have for the duel."""
    out = set()
    for u in users:
        for m in u.dms():
            for c in m.all_components:
                parts = (c.get("custom_id") or "").split(":")
                if parts[:2] in (["mb", "c"], ["mb", "s"]) and parts[2] == str(duel_id):
                    out.add(int(parts[3]))
    return out


async def test_catch_up_never_shows_an_answer_not_yet_stored(fake_discord: FakeDiscord, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """After a start, a panel sent before the stop is clicked while the catch-up is
    about to publish that duel again. The answer is applied in memory and its
    transaction waits (a slow disk): the catch-up must not show that state. In the
    kill soak it did (the board, and a panel for the next decision); killed before
    the commit, the restarted bot refused that panel as out of date, and the real
    panel had been used: nobody could move (the 'stuck' duels)."""
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    path = str(tmp_path / "m.db")
    rng = random.Random(11)
    b1 = ManaburnBot(path, guild_id=fake.guild.id, sweep_seconds=0)
    running1 = await fake.start_bot(b1)
    thread = await start_duel(fake, alice, bob)
    for _ in range(6):
        await fake.wait_for(lambda: panel(alice) or panel(bob))
        u = alice if panel(alice) else bob
        await do(u, panel(u), pick(panel(u), rng))
    duel_id = await duel_in(b1, thread)
    await fake.wait_for(lambda: panel(alice) or panel(bob))
    await fake.wait_for(lambda: idle(b1))  # the last click's publish is done
    # b1 dies right after sending a panel, before recording it as published
    lost: list[int] = []

    def die_before_marking(duel: int, seq: int) -> None:
        lost.append(seq)
        running1.kill()
        raise asyncio.CancelledError

    for w in workers(b1):  # whichever worker gets the click
        w.mark_published = die_before_marking  # type: ignore[method-assign]
    await fake.wait_for(lambda: panel(alice) or panel(bob))
    u = alice if panel(alice) else bob
    await do(u, panel(u), pick(panel(u), rng))
    await fake.wait_for(lambda: lost)
    stored = lost.pop()
    assert panel_seqs([alice, bob], duel_id) == {stored}

    # b2 starts; its catch-up (on two workers, the one of whichever worker runs it) waits until
    # the click below is being stored
    go = asyncio.Event()
    real_catch_up = ManaburnBot.catch_up

    async def catch_up_later(self: ManaburnBot, *args: Any, **kw: Any) -> None:
        await go.wait()
        await real_catch_up(self, *args, **kw)

    monkeypatch.setattr(ManaburnBot, "catch_up", catch_up_later)
    b2 = ManaburnBot(path, guild_id=fake.guild.id, sweep_seconds=0)
    running2 = await fake.start_bot(b2)
    held, release, dead = asyncio.Event(), asyncio.Event(), []

    async def slow_disk() -> None:
        if not held.is_set():  # the answer's write: applied in memory, the disk is slow
            held.set()
            await release.wait()
            if dead:
                raise asyncio.CancelledError  # the process is gone: never stored

    def slow_transaction(real_transaction: Any) -> Any:
        @asynccontextmanager
        async def transaction(**kw: Any) -> AsyncIterator[Any]:
            await slow_disk()
            async with real_transaction(**kw) as conn:
                yield conn
        return transaction

    def slow_write(real_write: Any) -> Any:
        async def write(fn: Any, **kw: Any) -> Any:
            await slow_disk()
            return await real_write(fn, **kw)
        return write

    for w in workers(b2):  # whichever worker gets the click
        assert w.svc.db is not None
        w.svc.db.transaction = slow_transaction(w.svc.db.transaction)  # type: ignore[method-assign]
        w.svc.db.write = slow_write(w.svc.db.write)  # type: ignore[method-assign]
    u = alice if panel(alice) else bob
    await do(u, panel(u), pick(panel(u), rng), wait=False)  # the panel b1 sent: still valid
    await fake.wait_for(held.is_set)
    # applied in the memory of the worker that got the click
    assert any(w.svc._live[duel_id].seq > stored for w in workers(b2) if duel_id in w.svc._live)
    go.set()
    await asyncio.sleep(0.5)  # the catch-up of duel `duel_id` could run now
    assert panel_seqs([alice, bob], duel_id) == {stored}, "a panel for an answer not yet stored"
    async with storage(path) as db:
        assert (await store.get_duel(db, duel_id)).seq == stored  # type: ignore[union-attr]
    # the bot dies before the commit
    running2.kill()
    assert any(w._catch_up is not None for w in workers(b2))
    for w in workers(b2):
        if w._catch_up is not None:
            w._catch_up.cancel()
    dead.append(True)
    release.set()

    b3 = ManaburnBot(path, guild_id=fake.guild.id, sweep_seconds=0)
    async with fake.run_bot(b3):
        await fake.wait_for(lambda: caught_up(b3), timeout=10)
        assert panel_seqs([alice, bob], duel_id) == {stored}
        u = alice if panel(alice) else bob  # the panel b1 sent is still the live one, and works
        await do(u, panel(u), pick(panel(u), rng))
        await fake.wait_for(lambda: stored_past(b3, duel_id, stored))
        await fake.wait_for(lambda: panel(alice) or panel(bob))
    for b in (b1, b2):  # the killed bots' connections
        assert b.svc.db is not None
        await b.svc.db.close()
        await b.http.close()


async def test_a_start_stopped_after_its_thread_was_made_goes_on_in_that_thread(
        fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot dies between starting the duel's thread on the challenge and storing
    the thread's id. After the restart Discord refuses a second thread on that
    message; the bot used to open another thread, which the players were never
    shown (in the kill soak: a duel left in 'mulligans'). It goes on in the
    challenge's thread, with one opening line."""
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    path = str(tmp_path / "m.db")
    b1 = ManaburnBot(path, guild_id=fake.guild.id, sweep_seconds=0)
    running1 = await fake.start_bot(b1)
    real_set_ids = store.set_message_ids
    died: list[bool] = []

    async def die_before_the_thread_id(db: Any, duel_id: int, **ids: Any) -> Any:
        if "thread_id" in ids and not died:
            died.append(True)
            running1.kill()
            raise asyncio.CancelledError
        return await real_set_ids(db, duel_id, **ids)

    monkeypatch.setattr(store, "set_message_ids", die_before_the_thread_id)
    r = await alice.slash("challenge", opponent=bob, deck="Red Burn")
    challenge = r.message
    acc = await bob.click(challenge, "Accept")
    await bob.select(acc.message, "Choose your deck", ["Green Stompy"])
    await fake.wait_for(lambda: died)
    assert challenge.thread is not None

    b2 = ManaburnBot(path, guild_id=fake.guild.id, sweep_seconds=0)
    async with fake.run_bot(b2):
        await fake.wait_for(lambda: any(m.text.startswith("**Duel #") for m in alice.visible_messages(challenge.thread))
                            and (panel(alice) or panel(bob)), timeout=10)
        shown = [m.text for m in alice.visible_messages(challenge.thread)]
        assert sum(1 for t in shown if " begins: " in t) == 1, shown
        duel_id = await duel_in(b2, challenge.thread)
        assert (await store.get_duel(b2.svc.db, duel_id)).thread_id == str(challenge.thread.id)  # type: ignore[union-attr]
        u = alice if panel(alice) else bob  # and it goes on
        await do(u, panel(u), pick(panel(u), random.Random(1)))
        await fake.wait_for(lambda: stored_past(b2, duel_id, 0))
    assert b1.svc.db is not None
    await b1.svc.db.close()
    await b1.http.close()


async def test_a_click_costs_few_rest_calls(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """Once a duel runs, a click is: the acknowledgement, the clicked panel's edit, the
    board edit, the log lines (if any) and the next panel. The DM channels are known
    from the start: no user look-up nor DM opening per panel."""
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    bot = ManaburnBot(str(tmp_path / "m.db"), guild_id=fake.guild.id, sweep_seconds=0)
    rng = random.Random(2)
    async with fake.run_bot(bot):
        await start_duel(fake, alice, bob)
        await fake.wait_for(lambda: panel(alice) or panel(bob))
        before = len(fake.calls)
        clicks = 0
        for _ in range(20):
            await fake.wait_for(lambda: panel(alice) or panel(bob))
            u = alice if panel(alice) else bob
            await do(u, panel(u), pick(panel(u), rng))
            clicks += 1
        await fake.wait_for(lambda: panel(alice) or panel(bob))
        calls = [f"{c.method} {c.route}" for c in fake.calls[before:]]
    if getattr(bot, "twin", None) is None:
        assert "GET /users/{user_id}" not in calls and "POST /users/@me/channels" not in calls, calls
        assert len(calls) <= 5 * clicks, calls
    else:  # two workers (tests/two_workers.py): each asks once per player for the DM channel it did not open
        assert calls.count("POST /users/@me/channels") <= 2, calls
        assert len(calls) <= 5 * clicks + 4, calls


def test_the_bot_asks_for_no_message_events(tmp_path: Path) -> None:
    """Players act through interactions; message events would only echo back what the
    bot sends and edits (four or five per click), each parsed for nothing."""
    bot = ManaburnBot(str(tmp_path / "m.db"))
    i = bot.intents
    assert i.guilds and not i.message_content and not i.members and not i.presences
    assert not (i.guild_messages or i.dm_messages or i.guild_reactions or i.dm_reactions
                or i.guild_typing or i.dm_typing)
    assert bot._connection.max_messages is None


async def test_closed_dms_prevent_the_start_with_advice(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob", dms_closed=True)
    fake.allow_error_log(r"50007")
    bot = ManaburnBot(str(tmp_path / "m.db"), guild_id=fake.guild.id, sweep_seconds=0)
    async with fake.run_bot(bot):
        r = await alice.slash("challenge", opponent=bob)
        acc = await bob.click(r.message, "Accept")
        res = await bob.select(acc.message, "Choose your deck", ["Red Burn"])
        await fake.wait_for(lambda: any("Direct Messages" in f.text for f in res.followups) or
                            "Direct Messages" in (res.message.text if res.message else ""), timeout=5)
        assert r.message.thread is None


async def test_bad_input_gets_clear_answers(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    bot = ManaburnBot(str(tmp_path / "m.db"), guild_id=fake.guild.id, sweep_seconds=0)
    async with fake.run_bot(bot):
        r = await alice.slash("challenge", opponent=alice)
        assert r.ephemeral and "yourself" in r.text
        r = await alice.slash("challenge", opponent=bob, deck="No Such Deck")
        assert r.ephemeral and "No deck" in r.text
        r = await alice.slash("deck import", name="Bad", decklist="4 Lightnin Bolt\\n40 Mountain")
        await r.wait_done()
        assert "Lightning Bolt" in (r.followups[0].text if r.followups else r.text)
        r = await alice.slash("deck import", name="Small", decklist="4 Lightning Bolt")
        await r.wait_done()
        assert "at least 40" in (r.followups[0].text if r.followups else r.text)
        r = await alice.slash("deck import", name="Burn", decklist="4 Lightning Bolt\\n36 Mountain")
        await r.wait_done()
        assert "Saved" in (r.followups[0].text if r.followups else r.text)
        r = await alice.slash("deck list")
        assert "Burn (40)" in r.text
        r = await alice.slash("card", name="Lightning Bolt")
        assert "deals 3 damage" in r.text and "scryfall.io" in r.text
        choices = await alice.autocomplete("card", name="Light")
        assert any(c["name"] == "Lightning Bolt" for c in choices)
        r = await alice.slash("concede", duel=999)
        await r.wait_done()
        assert "no duel" in (r.followups[0].text if r.followups else r.text).lower()
        r = await bob.slash("challenge", opponent=alice)
        other = await fake.wait_for(lambda: r.message)
        res = await bob.click(other, "Accept")
        assert res.ephemeral and "not for you" in res.text

        async def challenge_recorded() -> bool:  # (its message read back: over HTTP, after the answer)
            return any(d.challenge_message_id for d in await store.list_duels_for_user(bot.svc.db, str(bob.id)))
        await fake.wait_for(challenge_recorded, timeout=10)  # the command is over before the bot stops
