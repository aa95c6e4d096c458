"""Issue 25: one user must not slow, freeze or spy on the others (the second adversarial
pass). Each test here failed on the code before the fix; speed figures are in bench/
(``python -m bench --only hostile``), these tests check what can be checked without a clock:
where work runs, how often the expensive search runs, what a message says.
"""
from __future__ import annotations

import asyncio
import gc
import os
import pickle
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import pytest

import engine.carddb as carddb
from bot.app import ManaburnBot
from bot.limits import MAX_OPEN_PRACTICE, POST_WINDOW, PostLimiter
from bot.process_lock import AlreadyRunning, hold_database
from bot.service import DEFAULT_CLOCK, DuelError, DuelService
from engine import Duel
from engine import snapshot as snap
from engine.players.computer import ComputerPlayer
from fakediscord import FakeDiscord
from storage import collections as coll
from storage import decks as deck_store
from storage import duels as duel_store
from storage.db import Database
from test_hostile_bot import new_bot, start_duel, text_of
from tests.test_bot_e2e import caught_up
from tests.two_workers import workers

pytest_plugins = ["fakediscord.pytest_plugin"]

COMPUTER = "999000000000000001"


# ------------------------------------------------------- 1. /trade and ante decks

async def test_trade_tells_nobody_which_copies_are_locked_in_an_ante_deck(fake_discord: FakeDiscord,
                                                                          tmp_path: Path) -> None:
    fake = fake_discord
    b = new_bot(fake, tmp_path / "m.db")
    admin, alice, bob = fake.create_user("admin", admin=True), fake.create_user("alice"), fake.create_user("bob")
    async with fake.run_bot(b):
        await text_of(await admin.slash("admin grant", player=alice, cards="44 Forest, 2 Grizzly Bears"))
        await text_of(await admin.slash("admin grant", player=bob, cards="40 Forest, 1 Island"))
        for u in (alice, bob):
            await u.slash("deck build", name="Forests", cards="40 Forest")
        r = await alice.slash("challenge", opponent=bob, deck="Forests", ante=True)
        acc = await bob.click(r.message, "Accept")
        await bob.select(acc.message, "Choose your deck", ["Forests"])
        await fake.wait_for(lambda: r.message.thread is not None, timeout=10)
        locked = await coll.locked_copies(b.svc.db, str(alice.id))
        assert len(locked) == 40
        for w in workers(b):
            w.posts = PostLimiter(per_window=1000)

        # the menus: the other player's cards without counts (4 of 44 Forests are free)
        r = await bob.slash("trade", player=alice)
        await r.wait_done() if r.message is not None and r.message.loading else None
        menu = r.followups[0] if r.followups else r.message
        want = [o["label"] for s in menu.selects if "want" in s["placeholder"] for o in s["options"]]
        give = [o["label"] for s in menu.selects if "give" in s["placeholder"] for o in s["options"]]
        assert want == ["Forest", "Grizzly Bears"], want
        values = [o["value"] for s in menu.selects if "want" in s["placeholder"] for o in s["options"]]
        assert values == want  # not her lowest free copy's number (it would tell the locked ones)
        assert "Island (1 free)" in give  # one's own counts stay

        # by copy: a locked copy of hers reads like a copy that is not hers
        mine = (await coll.list_copies(b.svc.db, str(bob.id), name="Island"))[0].id
        texts = []
        for cid in (next(iter(locked)), mine, 987654):
            r = await bob.slash("trade", player=alice, want=f"#{cid}")
            assert r.ephemeral
            texts.append(r.text.replace(str(cid), "N"))
        assert len(set(texts)) == 1 and "duel" not in texts[0] and "lock" not in texts[0], texts
        # by count: more than she has free reads like a card she does not own, with no count
        r1 = await bob.slash("trade", player=alice, want="5 Forest")
        r2 = await bob.slash("trade", player=alice, want="5 Island")
        assert r1.text.replace("Forest", "X") == r2.text.replace("Island", "X"), (r1.text, r2.text)
        assert "4" not in r1.text and "only" not in r1.text
        assert "offers" in (await bob.slash("trade", player=alice, want="4 Forest")).text

        # a refused offer costs its place in the rate limit: probing is not free (a clock past
        # the window of the offers above; on two workers both count against one stored limit)
        later = time.time() + 2 * POST_WINDOW
        for w in workers(b):
            w.posts = PostLimiter(per_window=2, clock=lambda: later)
        for _ in range(2):
            assert "not one of their copies" in (await bob.slash("trade", player=alice, want="#987654")).text
        r = await bob.slash("trade", player=alice, want="1 Forest")
        assert r.ephemeral and "posting too fast" in r.text


# ------------------------------------------------------------- 2. decklist checks

async def test_unknown_card_names_are_checked_off_the_loop_with_few_suggestions(
        fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = fake_discord
    b = new_bot(fake, tmp_path / "m.db")
    alice = fake.create_user("alice")
    searches: list[threading.Thread] = []
    real = carddb.difflib.get_close_matches

    def spy(*a: Any, **k: Any) -> Any:
        searches.append(threading.current_thread())
        return real(*a, **k)

    monkeypatch.setattr(carddb.difflib, "get_close_matches", spy)
    async with fake.run_bot(b):
        att = await alice.attach("bolts.txt", "".join(f"1 Lightning Bolt {i:03d}\n" for i in range(500)))
        text = await text_of(await alice.slash("deck import", name="Bolts", file=att))
        assert "is not a known card" in text and "did you mean 'Lightning Bolt'" in text
        assert 1 <= len(searches) <= carddb.SUGGESTED_NAMES, len(searches)
        assert all(t is not threading.main_thread() for t in searches)
        searches.clear()
        r = await alice.slash("deck build", name="Bolts",
                              cards=", ".join(f"1 Lightning Bolt {i:03d}" for i in range(250)))
        assert "not a known card" in await text_of(r)
        assert 1 <= len(searches) <= carddb.SUGGESTED_NAMES
        assert all(t is not threading.main_thread() for t in searches)
        assert await deck_store.list_decks(b.svc.db, str(alice.id)) == []


# --------------------------------------------------- 3. duels against the computer

async def _service(tmp_path: Path, **kw: Any) -> DuelService:
    svc = DuelService(await Database.open(str(tmp_path / "s.db")), **kw)
    svc.computer_id = COMPUTER
    return svc


async def test_open_duels_against_the_computer_are_capped_per_player(tmp_path: Path) -> None:
    svc = await _service(tmp_path)
    try:
        for i in range(MAX_OPEN_PRACTICE):
            await svc.practice(guild_id=None, channel_id="1", player=("1001", "alice"), deck=None,
                               opponent_deck=None, level="easy")
        with pytest.raises(DuelError, match=f"{MAX_OPEN_PRACTICE} duels against the computer"):
            await svc.practice(guild_id=None, channel_id="1", player=("1001", "alice"), deck=None,
                               opponent_deck=None, level="easy")
        # per player; and a finished one frees its place
        await svc.practice(guild_id=None, channel_id="1", player=("1002", "bob"), deck=None,
                           opponent_deck=None, level="easy")
        await svc.concede(1, "1001")
        await svc.practice(guild_id=None, channel_id="1", player=("1001", "alice"), deck=None,
                           opponent_deck=None, level="easy")
    finally:
        await svc.close()


async def test_the_computers_whole_turn_runs_off_the_event_loop(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    svc = await _service(tmp_path)
    on_loop: list[str] = []
    real_apply, real_choose = Duel.apply, ComputerPlayer.choose

    def apply(self: Duel, text: str, player: int | None = None) -> None:
        if self.pending is not None and self.pending.player == 1 and threading.current_thread() is threading.main_thread():
            on_loop.append(f"apply {text}")
        real_apply(self, text, player)

    def choose(self: ComputerPlayer, *a: Any, **k: Any) -> str:
        if threading.current_thread() is threading.main_thread():
            on_loop.append("choose")
        return real_choose(self, *a, **k)

    monkeypatch.setattr(Duel, "apply", apply)
    monkeypatch.setattr(ComputerPlayer, "choose", choose)
    try:
        out = await svc.practice(guild_id=None, channel_id="1", player=("1001", "alice"), deck=None,
                                 opponent_deck=None, level="easy")
        live = out.live
        computer_answers = 0
        for _ in range(60):  # the player's answers, each followed by the computer's
            d = live.duel.pending
            if d is None:
                break
            assert d.player == 0
            out = await svc.answer(live.record.id, "1001", live.seq, d.choices[-1])
            computer_answers = sum(1 for p, _ in out.live.duel.history if p == 1)
        assert computer_answers > 0
        assert on_loop == [], on_loop[:5]
    finally:
        await svc.close()


async def test_computer_players_leave_memory_with_their_duels(tmp_path: Path) -> None:
    svc = await _service(tmp_path, max_live=2)
    try:
        for i in range(6):
            out = await svc.practice(guild_id=None, channel_id="1", player=(f"10{i:02d}", f"p{i}"), deck=None,
                                     opponent_deck=None, level="easy")
            if i % 2:
                await svc.concede(out.live.record.id, f"10{i:02d}")
        gc.collect()
        alive = sum(1 for o in gc.get_objects() if isinstance(o, ComputerPlayer))
        assert alive <= 2, alive
    finally:
        await svc.close()


# -------------------------------------------------------------------- 4. snapshots

async def _duel_with_snapshot(svc: DuelService) -> tuple[int, list[tuple[int, str]]]:
    """A duel between two people played until a snapshot is stored; its id and history."""
    rec = await svc.challenge(guild_id=None, channel_id="1", challenger=("2001", "ann"), opponent=("2002", "ben"),
                              deck="Red Burn", ante=False)
    await svc.accept(rec.id, "2002", "Green Stompy")
    for _ in range(400):
        row = await svc.db.fetchone("SELECT seq FROM duel_snapshots WHERE duel_id = ?", (rec.id,))
        if row is not None:
            break
        live = await svc.live(rec.id)
        d = live.duel.pending
        assert d is not None
        await svc.answer(rec.id, live.record.player_ids[d.player], live.seq, d.choices[-1])
    assert row is not None, "no snapshot was stored"
    live = await svc.live(rec.id)
    return rec.id, list(live.duel.history)


async def _store_blob(svc: DuelService, duel_id: int, game_bytes: bytes) -> None:
    """A snapshot row whose outer fields are right (so the game bytes are read), with *game_bytes*."""
    row = await svc.db.fetchone("SELECT seq, blob FROM duel_snapshots WHERE duel_id = ?", (duel_id,))
    index, rest, key, _ = snap.unpack(bytes(row["blob"]))
    blob = pickle.dumps((snap.MAGIC, snap.engine_version(), index, rest, key, game_bytes))
    await _set_blob(svc, duel_id, blob)


async def _set_blob(svc: DuelService, duel_id: int, blob: bytes) -> None:
    async with svc.db.transaction() as conn:
        await conn.execute("UPDATE duel_snapshots SET blob = ? WHERE duel_id = ?", (blob, duel_id))


class _Run:
    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> Any:
        return (os.system, (f"touch {self.marker}",))


class _Exit:
    def __reduce__(self) -> Any:
        import sys
        return (sys.exit, (3,))


async def test_stored_snapshots_build_only_engine_objects_and_must_match_the_log(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    svc = await _service(tmp_path)
    try:
        duel_id, history = await _duel_with_snapshot(svc)
        truth = (await svc.live(duel_id)).duel.state_hash()
        row = await svc.db.fetchone("SELECT seq, blob FROM duel_snapshots WHERE duel_id = ?", (duel_id,))
        good = bytes(row["blob"])

        # a legitimate snapshot is still used: only the answers after it are replayed
        replayed: list[int] = []
        real_replay = Duel.replay

        def replay(self: Duel, h: list[tuple[int, str]]) -> Duel:
            replayed.append(len(h))
            return real_replay(self, h)

        monkeypatch.setattr(Duel, "replay", replay)
        svc.forget(duel_id)
        assert (await svc.live(duel_id)).duel.state_hash() == truth
        assert replayed and max(replayed) < len(history), (replayed, len(history))

        marker = tmp_path / "ran"
        index, rest, key, game_bytes = snap.unpack(good)
        game = snap.loads(game_bytes)
        game.players[0].life, game.players[1].life = 999, -7
        edited = snap.dumps(game)
        for evil in (pickle.dumps(_Run(marker)), pickle.dumps(_Exit()), edited):
            await _store_blob(svc, duel_id, evil)
            replayed.clear()
            svc.forget(duel_id)
            live = await svc.live(duel_id)  # no code run, nothing raised: replayed from the answers
            assert not marker.exists()
            assert live.duel.state_hash() == truth
            assert [p.life for p in live.duel.game.players] != [999, -7]
            assert replayed == [len(history)]
        # the whole outer blob crafted too
        await _set_blob(svc, duel_id, pickle.dumps(_Run(marker)))
        svc.forget(duel_id)
        assert (await svc.live(duel_id)).duel.state_hash() == truth and not marker.exists()
    finally:
        await svc.close()


# ------------------------------------------------------------- 5. typed text shown

async def test_names_users_type_are_shown_literally(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    b = new_bot(fake, tmp_path / "m.db")
    evil, bob = fake.create_user("[Accept](https://evil.example)\u202e"), fake.create_user("# HUGE")
    async with fake.run_bot(b):
        r = await evil.slash("challenge", opponent=bob)
        assert "challenges you" in r.text
        assert r.text.count("[Accept](https://evil.example)") == r.text.count("\\[Accept](https://evil.example)") == 1
        assert "\u202e" not in r.text
        r = await bob.slash("challenge", opponent=evil)
        assert "\\# HUGE challenges you" in r.text
        # a deck name and decklist lines, in replies
        text = await text_of(await bob.slash("deck import", name="**Bold**\u200b", decklist="40 Forest"))
        assert "\\*\\*Bold\\*\\*" in text and "\u200b" not in text
        listing = (await bob.slash("deck list")).text
        assert "\\*\\*Bold\\*\\*" in listing
        text = await text_of(await bob.slash("deck import", name="X", decklist="1 [click](https://evil.example)"))
        assert text.count("[click](https://evil.example)") == text.count("\\[click](https://evil.example)") >= 1


# ------------------------------------------------- 6. abandoned computer duels

async def test_abandoned_computer_duels_expire_and_are_not_rebuilt_at_start(fake_discord: FakeDiscord,
                                                                          tmp_path: Path) -> None:
    fake = fake_discord
    now = [1_000_000.0]
    b = new_bot(fake, tmp_path / "m.db")
    alice, carol = fake.create_user("alice"), fake.create_user("carol")
    async with fake.run_bot(b):
        b.svc.now = lambda: now[0]
        for u in (alice, carol):
            r = await u.slash("practice", deck="Red Burn", level="easy")
            await fake.wait_for(lambda: r.followups, timeout=60)
        rec = (await duel_store.list_duels_for_user(b.svc.db, str(alice.id), active_only=True))[0]
        assert rec.status in ("mulligans", "playing")
    # a restart: the two duels wait for their players; neither is rebuilt
    b2 = new_bot(fake, tmp_path / "m.db")
    async with fake.run_bot(b2):
        b2.svc.now = lambda: now[0]
        await fake.wait_for(lambda: caught_up(b2), timeout=60)  # (on two workers, the one running the timed work)
        for w in workers(b2):
            assert w.svc._live == {} or not any(k in w.svc._live for k in (1, 2)), list(w.svc._live)
        # alice's clock runs out: the sweep ends her duel, as a loss on time
        now[0] += DEFAULT_CLOCK + 1
        await b2.sweep()
        rec = await duel_store.get_duel(b2.svc.db, rec.id)
        assert rec is not None and rec.status == "finished" and rec.result is not None and rec.result.reason == "timed_out"
        assert all(rec.id not in w.svc._live for w in workers(b2))


# ------------------------------------------------------- 8. one bot per database

def test_a_hard_link_to_the_database_does_not_get_past_the_lock(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    sqlite3.connect(db).close()
    (tmp_path / "elsewhere").mkdir()
    link = tmp_path / "elsewhere" / "other.db"
    os.link(db, link)
    held = hold_database(str(db))
    try:
        with pytest.raises(AlreadyRunning, match="already running"):
            hold_database(str(link))
        with pytest.raises(AlreadyRunning):
            hold_database(str(db))
    finally:
        held.close()
    hold_database(str(link)).close()  # free again once the first is gone


# ----------------------------------------------------------------- 9. deck names

async def test_deck_names_that_look_the_same_are_the_same_deck(tmp_path: Path) -> None:
    db = await Database.open(str(tmp_path / "d.db"))
    try:
        for name in ("Burn", "Burn\u200b", "\u200dBurn\ufeff", "Ｂｕｒｎ"):
            await deck_store.save_deck(db, "1", name, ["Mountain"] * 40, overwrite=True)
        await deck_store.save_deck(db, "1", "\u202enruB", ["Mountain"] * 40, overwrite=True)
        names = [d.name for d in await deck_store.list_decks(db, "1")]
        assert names == ["Burn", "nruB"], names
        assert (await deck_store.get_deck(db, "1", "B\u200burn")) is not None
    finally:
        await db.close()


# ------------------------------------------------------ 10. a double click on the deck menu

async def test_a_double_click_on_the_deck_menu_starts_the_duel_once(fake_discord: FakeDiscord,
                                                                    tmp_path: Path) -> None:
    fake = fake_discord
    b = new_bot(fake, tmp_path / "m.db")
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    async with fake.run_bot(b):
        r = await alice.slash("challenge", opponent=bob, deck="Red Burn")
        acc = await bob.click(r.message, "Accept")
        first, second = await asyncio.gather(bob.select(acc.message, "Choose your deck", ["Green Stompy"]),
                                             bob.select(acc.message, "Choose your deck", ["Green Stompy"]))
        await fake.wait_for(lambda: r.message.thread is not None, timeout=10)
        await asyncio.sleep(0.5)
        late = await bob.select(acc.message, "Choose your deck", ["Green Stompy"])
        await fake.wait_for(lambda: late.followups or late.text, timeout=10)
        for u in (alice, bob):
            # one DM each: the starting one (which becomes the first decider's panel); a
            # second start would have sent a second
            assert len(u.dms()) == 1, [m.text for m in u.dms()]
