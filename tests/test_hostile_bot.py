"""A bored or hostile server member, and storage faults, against the real bot through the
fake Discord: the bot keeps answering everyone, keeps its limits and tells no secrets.

Time-bound checks use inputs large enough that the old quadratic code would need minutes,
with bounds of seconds; work moved off the event loop is checked by the thread it ran on.
"""
from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
import yaml

import bot.app as app
import bot.commands as commands
import bot.failures as failures
import storage.db as db_module
from bot.app import ManaburnBot
from bot.decklists import Decklist, parse_deck, parse_decklist
from bot.limits import MAX_OPEN_CHALLENGES, MAX_OPEN_TRADES, POST_WINDOW, POSTS_PER_WINDOW, PostLimiter
from bot.seats import seat_names
from engine.scripts import run_script
from fakediscord import FakeDiscord, SimUser
from storage import collections as coll
from storage import decks as deck_store
from storage import duels as duel_store
from storage import trades as trade_store
from tests.two_workers import workers

pytest_plugins = ["fakediscord.pytest_plugin"]


async def text_of(r: Any) -> str:
    """The answer to a slash command, deferred or not."""
    if r.message is not None and r.message.loading:
        await r.wait_done()
    return r.followups[0].text if r.followups else r.text


def new_bot(fake: FakeDiscord, path: Path) -> ManaburnBot:
    fake.human_delay = 0
    return ManaburnBot(str(path), guild_id=fake.guild.id, sweep_seconds=0)


async def start_duel(fake: FakeDiscord, a: SimUser, b: SimUser) -> Any:
    r = await a.slash("challenge", opponent=b, deck="Red Burn")
    acc = await b.click(r.message, "Accept")
    await b.select(acc.message, "Choose your deck", ["Green Stompy"])
    await fake.wait_for(lambda: r.message.thread is not None and any(
        m.text.startswith("**Duel #") for m in b.visible_messages(r.message.thread)), timeout=10)  # its board
    return r.message.thread


# ------------------------------------------------------------ denial of service

def test_decklist_lines_are_read_in_linear_time() -> None:
    # 'a' + spaces + 'b': the old pattern (lazy name, then optional trailing spaces) took
    # minutes on 256 KB; linear reading takes milliseconds. The bound is generous.
    line = "a" + " " * (256 * 1024) + "b"
    t0 = time.perf_counter()
    assert parse_decklist(line) == [line]
    assert parse_decklist(("4" + " " * 60_000 + "x" + " " * 60_000 + "Forest\n") * 2) == ["Forest"] * 8
    assert time.perf_counter() - t0 < 5


async def test_trade_items_are_read_in_linear_time(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    b = new_bot(fake, tmp_path / "m.db")
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    async with fake.run_bot(b):
        t0 = time.perf_counter()
        with pytest.raises(Exception, match="own no"):
            await b.svc.collections.resolve(str(alice.id), "2" + " " * 200_000 + "a" + " " * 200_000 + "b",
                                            whose="you")
        assert time.perf_counter() - t0 < 5
        r = await alice.slash("trade", player=bob, give="a" + " " * 5000 + "b")
        assert r.ephemeral and "You own no a" in r.text


async def test_a_hostile_decklist_file_is_parsed_off_the_event_loop(fake_discord: FakeDiscord, tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    fake = fake_discord
    b = new_bot(fake, tmp_path / "m.db")
    alice = fake.create_user("alice")
    threads: list[threading.Thread] = []

    def spy(text: str) -> Decklist:
        threads.append(threading.current_thread())
        return parse_deck(text)

    monkeypatch.setattr(commands, "parse_deck", spy)
    async with fake.run_bot(b):
        att = await alice.attach("evil.txt", ("a" + " " * 1000 + "b\n") * 250)
        text = await text_of(await alice.slash("deck import", name="Evil", file=att))
        assert "Unknown" in text or "unknown" in text or "not" in text
        assert len(text) <= 2000
        assert threads and all(t is not threading.main_thread() for t in threads)


async def test_collection_and_trade_of_100000_copies_are_paged_by_the_database(
        fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = fake_discord
    b = new_bot(fake, tmp_path / "m.db")
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    async with fake.run_bot(b):
        async with b.svc.db.transaction() as conn:  # (a grant with its ledger lines takes half a minute)
            await conn.executemany(
                "INSERT INTO copies (card, printing, owner_id, acquired_at, acquired_how, created_at)"
                " VALUES (?, '4ED', ?, 0, 'grant', 0)",
                [("Forest" if i < 60_000 else "Island", str(alice.id)) for i in range(100_000)])
        await coll.grant_cards(b.svc.db, str(bob.id), [("Lightning Bolt", "4ED")])

        async def everything(*a: Any, **k: Any) -> Any:
            raise AssertionError("a whole collection was read into Python")
        monkeypatch.setattr(coll, "list_copies", everything)
        text = await text_of(await alice.slash("collection"))
        assert "100000 copies of 2 cards" in text and "`60000` Forest" in text and "+59992" in text
        text = await text_of(await bob.slash("collection", player=alice, name="isl"))
        assert "40000 copies of 1 cards" in text and "Forest" not in text
        r = await alice.slash("trade", player=bob, give="3 Forest, #60001", want="Lightning Bolt")
        assert not r.ephemeral and "#1 Forest" in r.text and "#60001 Island" in r.text
        r = await alice.slash("trade", player=bob)
        await r.wait_done()
        labels = [o["label"] for s in r.message.selects for o in s["options"]]
        assert "Forest (59997 free)" in labels or "Forest (60000 free)" in labels
        assert "Lightning Bolt" in labels  # the other player's: no count (see issue 25)


async def test_open_challenges_trades_and_channel_posts_are_limited(fake_discord: FakeDiscord,
                                                                   tmp_path: Path) -> None:
    fake = fake_discord
    b = new_bot(fake, tmp_path / "m.db")
    admin, alice, bob = fake.create_user("admin", admin=True), fake.create_user("alice"), fake.create_user("bob")
    async with fake.run_bot(b):
        for _ in range(MAX_OPEN_CHALLENGES):
            assert "challenges you" in (await alice.slash("challenge", opponent=bob)).text
        r = await alice.slash("challenge", opponent=bob)
        assert r.ephemeral and f"You have {MAX_OPEN_CHALLENGES} challenges waiting" in r.text
        assert len(await duel_store.list_duels_for_user(b.svc.db, str(alice.id))) == MAX_OPEN_CHALLENGES
        # bob can still challenge alice: the limit is per user
        assert "challenges you" in (await bob.slash("challenge", opponent=alice)).text

        # open trades: counted when the trade is stored
        for w in workers(b):  # (the rate of posts is the next check)
            w.posts = PostLimiter(per_window=1000)
        await text_of(await admin.slash("admin grant", player=alice, cards="20 Forest"))
        for _ in range(MAX_OPEN_TRADES):
            assert "offers" in (await alice.slash("trade", player=bob, give="Forest")).text
        r = await alice.slash("trade", player=bob, give="Forest")
        assert r.ephemeral and f"You have {MAX_OPEN_TRADES} open trades" in r.text
        assert len(await trade_store.list_trades(b.svc.db, str(alice.id))) == MAX_OPEN_TRADES

        # posts in a channel: POSTS_PER_WINDOW a minute; a refused challenge posts nothing and
        # counts nothing; a refused trade counts (free refusals would let anyone probe which of
        # another player's copies are locked in their ante deck). The count is stored
        # (storage.posts): on two workers, both count against one limit
        now = [0.0]
        for w in workers(b):
            w.posts = PostLimiter(clock=lambda: now[0])
        await text_of(await admin.slash("admin grant", player=bob, cards="20 Forest"))
        for _ in range(POSTS_PER_WINDOW):
            assert "cannot challenge yourself" in (await bob.slash("challenge", opponent=bob)).text
        for _ in range(POSTS_PER_WINDOW - 1):
            assert "offers" in (await bob.slash("trade", player=alice, give="Forest")).text
        assert "not a copy you own" in (await bob.slash("trade", player=alice, give="#999999")).text
        r = await bob.slash("trade", player=alice, give="Forest")
        assert r.ephemeral and "posting too fast" in r.text
        r = await bob.slash("challenge", opponent=admin)
        assert r.ephemeral and "posting too fast" in r.text
        now[0] += POST_WINDOW + 1
        assert "challenges you" in (await bob.slash("challenge", opponent=admin)).text
        assert len(await trade_store.list_trades(b.svc.db, str(bob.id))) - MAX_OPEN_TRADES == POSTS_PER_WINDOW - 1
        # the clock sweep deletes the posts out of the window, whoever posts next (storage.posts)
        # (the posts counted on the real clock, above, are "after" this test clock's now: kept)
        def on_test_clock() -> Any:
            return b.svc.db.fetchall("SELECT at FROM channel_posts WHERE at <= ?", (now[0],))
        assert await on_test_clock()  # the challenge just made
        now[0] += POST_WINDOW + 1
        await b.sweep()
        assert await on_test_clock() == []


# ------------------------------------------------------------------------ privacy

async def test_lock_marks_are_shown_to_the_owner_only(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    b = new_bot(fake, tmp_path / "m.db")
    admin, alice, bob = fake.create_user("admin", admin=True), fake.create_user("alice"), fake.create_user("bob")
    async with fake.run_bot(b):
        for u in (alice, bob):
            await text_of(await admin.slash("admin grant", player=u, cards="40 Forest, 2 Grizzly Bears"))
            await u.slash("deck build", name="Forests", cards="40 Forest")
        r = await alice.slash("challenge", opponent=bob, deck="Forests", ante=True)
        acc = await bob.click(r.message, "Accept")
        await bob.select(acc.message, "Choose your deck", ["Forests"])
        await fake.wait_for(lambda: r.message.thread is not None, timeout=10)
        assert len(await coll.locked_copies(b.svc.db, str(alice.id))) == 40
        own = await text_of(await alice.slash("collection"))
        assert "🔒" in own and "locked in a running duel" in own
        seen = await text_of(await bob.slash("collection", player=alice))
        assert "`40` Forest" in seen and "🔒" not in seen and "locked" not in seen
        # nor by asking for the history of a copy, or for it in a trade
        forest = (await coll.list_copies(b.svc.db, str(alice.id), name="Forest"))[0].id
        assert "locked in duel" in await text_of(await alice.slash("card-history", copy=forest))
        assert "locked" not in await text_of(await bob.slash("card-history", copy=forest))
        r = await bob.slash("trade", player=alice, want=f"#{forest}")
        assert r.ephemeral and "is not one of their copies free to trade" in r.text and "duel" not in r.text
        r = await bob.slash("trade", player=alice, want="41 Forest")
        assert r.ephemeral and "They do not have 41 Forest free to trade" in r.text and "duel" not in r.text


async def test_duel_log_is_for_players_and_the_thread(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    b = new_bot(fake, tmp_path / "m.db")
    alice, bob, carol = fake.create_user("alice"), fake.create_user("bob"), fake.create_user("carol")
    async with fake.run_bot(b):
        thread = await start_duel(fake, alice, bob)
        # during the duel: a non-player gets nothing, wherever they ask
        for where in (fake.channel, thread):
            r = await carol.slash("duel log", duel=1, channel=where)
            assert r.ephemeral and "Only the players" in r.text and not r.message.attachments
        r = await bob.slash("duel log", duel=1)
        assert r.ephemeral and r.message.attachments and b"seed:" not in r.message.attachments[0].data
        await text_of(await alice.slash("concede", duel=1))
        await fake.wait_for(lambda: any("seed was" in m.text for m in alice.visible_messages(thread)))
        # over: still not by number from elsewhere (the thread may be where carol cannot look)
        r = await carol.slash("duel log", duel=1, channel=fake.channel)
        assert r.ephemeral and "for its players" in r.text and not r.message.attachments
        # in the thread, which carol can read: the log, privately
        r = await carol.slash("duel log", channel=thread)
        assert r.ephemeral and b"seed:" in r.message.attachments[0].data
        r = await alice.slash("duel log", duel=1, channel=fake.channel)
        assert r.ephemeral and b"replay:" in r.message.attachments[0].data


# ------------------------------------------------------------------------ identity

def test_two_players_called_alex_can_target_each_other() -> None:
    a, b = seat_names("Alex", "Alex")
    assert a != b
    doc = {"name": "bolt the other Alex",
           "setup": {"active": a, "players": {a: {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]},
                                              b: {"battlefield": ["Forest"]}}},
           "steps": [{a: f"cast Lightning Bolt -> {b}"}, "resolve",
                     {"expect": {a: {"life": 20}, b: {"life": 17}}}]}
    res = run_script(doc)
    assert res.passed, res.reason


@pytest.mark.parametrize("names", [("Alex", "Alex"), ("a:b", "c: d#2@x"), ("Forest", "   ")])
def test_seat_names_are_unique_and_safe(names: tuple[str, str]) -> None:
    a, b = seat_names(*names)
    assert a.lower() != b.lower()
    for n in (a, b):
        assert n and not set(n) & set(":#@, ") and n != "Forest"


async def test_same_names_and_colons_replay(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    b = new_bot(fake, tmp_path / "m.db")
    x, y = fake.create_user("Alex: the #1"), fake.create_user("Alex: the #1")
    async with fake.run_bot(b):
        await start_duel(fake, x, y)
        rec = await duel_store.get_duel(b.svc.db, 1)
        assert rec is not None and rec.player_names[0] != rec.player_names[1]
        live = await b.svc.live(1)
        assert [p.name for p in live.duel.game.players] == list(rec.player_names)
        # a few answers, then the log replays to the same state
        for _ in range(4):
            d = live.duel.pending
            if d is None:
                break
            who = rec.player_ids[d.player]
            await b.svc.answer(1, who, live.seq, d.choices[0])
        await text_of(await x.slash("concede", duel=1))
        r = await x.slash("duel log", duel=1)
        doc = yaml.safe_load(r.message.attachments[0].data)
        res = run_script(doc)
        assert res.passed, res.reason


# ------------------------------------------------------------ errors a user must see

async def test_every_bad_input_gets_an_answer_that_fits(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    b = new_bot(fake, tmp_path / "m.db")
    admin, alice, bob = fake.create_user("admin", admin=True), fake.create_user("alice"), fake.create_user("bob")
    long = "D" * 100
    digits = "9" * 5000
    async with fake.run_bot(b):
        await text_of(await admin.slash("admin grant", player=alice, cards="40 Forest"))
        answers = [
            await alice.slash("deck show", name=long),
            await alice.slash("deck delete", name=long),
            await alice.slash("challenge", opponent=bob, deck=long),
            await alice.slash("deck build", name="X", cards=f"{digits} Forest"),
            await alice.slash("trade", player=bob, give=f"{digits} Forest"),
            await alice.slash("trade", player=bob, give=f"#{digits}"),
            await alice.slash("card", name="Z" * 2000),
            await alice.slash("stops", stops=", ".join(f"nonsense stop {i}" for i in range(150))),
            await alice.slash("deck import", name="Junk",
                              decklist="\\n".join(f"1 Nonexistent card with a long name number {i}" for i in range(50))),
        ]
        for r in answers:
            text = await text_of(r)
            assert text and len(text) <= 2000 and r.ephemeral, text
        assert "No deck called" in await text_of(answers[0])
        assert "not a sensible number" in await text_of(answers[3])
        assert "not a sensible number" in await text_of(answers[4])
        assert await deck_store.list_decks(b.svc.db, str(alice.id)) == []


async def test_a_trade_whose_message_cannot_be_shown_is_not_stored(fake_discord: FakeDiscord,
                                                                   tmp_path: Path) -> None:
    fake = fake_discord
    b = new_bot(fake, tmp_path / "m.db")
    admin, alice, bob = fake.create_user("admin", admin=True), fake.create_user("alice"), fake.create_user("bob")
    long_name = "Circle of Protection: Artifacts"
    async with fake.run_bot(b):
        await text_of(await admin.slash("admin grant", player=alice, cards=f"40 {long_name}"))
        await text_of(await admin.slash("admin grant", player=bob, cards=f"40 {long_name}"))
        r = await alice.slash("trade", player=bob, give=f"40 {long_name}", want=f"40 {long_name}")
        assert r.ephemeral and "longer than Discord allows" in r.text
        assert await trade_store.list_trades(b.svc.db, str(alice.id), open_only=False) == []
        r = await alice.slash("trade", player=bob, give=f"20 {long_name}", want=f"20 {long_name}")
        assert not r.ephemeral and "offers" in r.text and len(r.text) <= 2000


def _disk_full() -> sqlite3.OperationalError:
    """The error SQLite itself raises when the disk (or the database) is full."""
    c = sqlite3.connect(":memory:")
    c.execute("CREATE TABLE t (x)")
    c.execute("PRAGMA max_page_count = 2")
    try:
        c.execute("INSERT INTO t VALUES (zeroblob(100000))")
    except sqlite3.OperationalError as e:
        return e
    raise AssertionError("SQLite did not refuse")


@pytest.mark.sqlite_only  # a full disk made by failing SQLite's own COMMIT (PostgreSQL's is another story)
async def test_a_full_disk_is_told_to_the_user_and_logged_once(fake_discord: FakeDiscord, tmp_path: Path,
                                                               caplog: pytest.LogCaptureFixture,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    fake = fake_discord
    monkeypatch.setattr(failures, "_told_operator", False)
    fake.allow_error_log("the database cannot be written")
    b = new_bot(fake, tmp_path / "m.db")
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    async with fake.run_bot(b):
        await start_duel(fake, alice, bob)
        live = await b.svc.live(1)
        await fake.wait_for(lambda: alice.last_dm_with_controls() or bob.last_dm_with_controls())
        seq = live.seq
        err = _disk_full()
        conn = b.svc.db._conn
        real = conn.execute

        def execute(sql: str, *args: Any, **kwargs: Any) -> Any:
            if sql == "COMMIT":  # with WAL, a full disk shows when the commit writes the log
                raise err
            return real(sql, *args, **kwargs)

        conn.execute = execute  # type: ignore[method-assign]
        real_transaction = db_module._transaction

        def full_at_commit(fn: Any, c: sqlite3.Connection) -> Any:
            """The same for a transaction made on the connection's thread (Database.write)."""
            def then_full(c2: sqlite3.Connection) -> Any:
                fn(c2)
                raise err  # rolled back, as a failed COMMIT is
            return real_transaction(then_full, c)

        monkeypatch.setattr(db_module, "_transaction", full_at_commit)
        try:
            user = alice if alice.last_dm_with_controls() else bob
            panel = user.last_dm_with_controls()
            r = await user.click(panel, panel.buttons[0]["custom_id"])
            # told privately: as the click's answer (it is answered once the answer is stored)
            await fake.wait_for(lambda: "cannot save" in r.text and r.ephemeral
                                or any("cannot save" in f.text for f in r.followups))
            text = await text_of(await alice.slash("deck import", name="Burn", decklist="40 Mountain"))
            assert "cannot save" in text
        finally:
            conn.execute = real  # type: ignore[method-assign]
            monkeypatch.setattr(db_module, "_transaction", real_transaction)
        # nothing half-done: the decision and the deck are not stored, the duel goes on
        assert (await duel_store.get_duel(b.svc.db, 1)).seq == seq  # type: ignore[union-attr]
        assert await deck_store.list_decks(b.svc.db, str(alice.id)) == []
        full = [r for r in caplog.records if "cannot be written" in r.getMessage() and r.levelname == "ERROR"]
        assert len(full) == 1  # the click and the import: one line for the operator
        # once there is room again, the same click works
        await user.click(panel, panel.buttons[0]["custom_id"])
        for _ in range(100):
            if (await duel_store.get_duel(b.svc.db, 1)).seq > seq:  # type: ignore[union-attr]
                break
            await asyncio.sleep(0.05)
        assert (await duel_store.get_duel(b.svc.db, 1)).seq > seq  # type: ignore[union-attr]


def test_a_second_bot_on_the_same_database_refuses_to_start(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "m.db"
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time; from bot.process_lock import hold_database; "
                               "f = hold_database(sys.argv[1]); print('held', flush=True); time.sleep(60)", str(db)],
        stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        started: list[str] = []
        monkeypatch.setattr(ManaburnBot, "run", lambda self, *a, **k: started.append("ran"))
        monkeypatch.setenv("DISCORD_TOKEN", "not-a-token")
        monkeypatch.setenv("MANABURN_DB", str(db))
        assert app.run() == 3
        assert started == []
        out = capsys.readouterr().out
        assert f"already running on {db}" in out and f"pid {holder.pid}" in out
    finally:
        holder.kill()
        holder.wait()
    # once the other process is gone (even killed), the bot starts
    assert app.run() == 0 and started == ["ran"]
