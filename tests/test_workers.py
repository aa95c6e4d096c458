"""Several workers, one PostgreSQL database: each worker is a DuelService with its own
connections and its own cache of live duels, as two ``manaburn bot`` processes are.

Any worker handles any click; answers to one duel are applied one at a time, in
order, once; a worker whose cached copy is behind catches up from storage; the
timed work runs in exactly one worker, and moves when that worker goes."""
from __future__ import annotations

import asyncio
import functools
import random
from typing import Any

import psycopg
import pytest

from bot.leader import lead_when_chosen
from bot.limits import PostLimiter
from bot.service import OUT_OF_DATE, DuelError, DuelService
from engine import Duel, DuelOptions
from engine.players.random_player import RandomPlayer
from storage import duels as store
from storage import open_database
from storage import trade_drafts as drafts
from storage.locks import TIMED_WORK_LOCK
from storage.players import set_phase_stops
from storage.postgres import Lease
from tests import test_bot_e2e as e2e
from tests import test_bot_panels as panels
from tests import test_hostile_again as hostile
from tests import test_hostile_bot as hostile_bot
from tests import test_trades_bot as trades_bot

pytestmark = pytest.mark.postgres
pytest_plugins = ["fakediscord.pytest_plugin"]

ALICE, BOB = ("100", "alice"), ("200", "bob")


async def two_workers(url: str) -> tuple[DuelService, DuelService, int]:
    a = DuelService(await open_database(url))
    b = DuelService(await open_database(url))
    rec = await a.challenge(guild_id="1", channel_id="2", challenger=ALICE, opponent=BOB,
                            deck="Red Burn", ante=False)
    await b.accept(rec.id, BOB[0], "Green Stompy")
    return a, b, rec.id


def bot_workers(fake: Any, pg_url: str) -> tuple[tuple[Any, Any], tuple[Any, Any]]:
    """Two players and two workers (``ManaburnBot``) on one database, the fake handing
    every interaction to one of them in turn (not started: ``fake.run_bot`` each)."""
    from bot.app import ManaburnBot
    fake.interactions_to = "spread"
    users = (fake.create_user("alice"), fake.create_user("bob"))
    return users, tuple(ManaburnBot(pg_url, guild_id=fake.guild.id, sweep_seconds=0) for _ in range(2))  # type: ignore[return-value]


def replayed(rec: store.DuelRecord, history: list[tuple[int, str]]) -> Duel:
    return Duel.new(rec.seed, (list(rec.decks[0]), list(rec.decks[1])),  # type: ignore[arg-type]
                    DuelOptions(**rec.options), tuple(rec.player_names)).replay(history)


async def test_any_worker_answers_any_click_and_the_duel_stays_one(pg_url: str) -> None:
    a, b, duel_id = await two_workers(pg_url)
    rng = random.Random(5)
    bots = (RandomPlayer(1), RandomPlayer(2))
    for _ in range(80):
        worker = rng.choice((a, b))  # each click to either worker, as a load balancer sends them
        live = await worker.live(duel_id)
        d = live.duel.pending
        if d is None:
            break
        await worker.answer(duel_id, live.record.player_ids[d.player], live.seq, bots[d.player].choose(d))
    rec, history = await store.load_duel(a.db, duel_id)
    assert rec.seq == len(history) > 20
    for worker in (a, b):  # both caches agree with the stored log's replay
        live = await worker.live(duel_id)
        assert live.seq == rec.seq
        assert live.duel.state_hash() == replayed(rec, history).state_hash()
    await a.close()
    await b.close()


async def test_a_click_two_workers_race_on_is_applied_once(pg_url: str) -> None:
    a, b, duel_id = await two_workers(pg_url)
    for _ in range(10):
        live_a, live_b = await a.live(duel_id), await b.live(duel_id)
        assert live_a.seq == live_b.seq
        d = live_a.duel.pending
        me = live_a.record.player_ids[d.player]
        results = await asyncio.gather(a.answer(duel_id, me, live_a.seq, d.choices[0]),
                                       b.answer(duel_id, me, live_b.seq, d.choices[0]),
                                       return_exceptions=True)
        assert sum(not isinstance(r, BaseException) for r in results) == 1, results
        assert all(isinstance(r, DuelError) and "out of date" in str(r) for r in results
                   if isinstance(r, BaseException))
    rec, history = await store.load_duel(a.db, duel_id)
    assert rec.seq == len(history)
    assert (await b.live(duel_id)).duel.state_hash() == replayed(rec, history).state_hash()
    await a.close()
    await b.close()


async def click(worker: DuelService, duel_id: int, user_id: str, seq: int, idx: int = 0) -> Any:
    """A click on the choice *idx* of the panel of decision *seq*, as the handlers make it
    (bot.interactions: the duel looked at, the control checked, the answer): one try."""
    live = await worker.live(duel_id)
    if seq != live.seq:
        raise DuelError(OUT_OF_DATE)
    return await worker.answer(duel_id, user_id, seq, live.duel.pending.choices[idx])


async def test_a_click_on_a_current_cached_copy_reads_no_catch_up(pg_url: str, monkeypatch: Any) -> None:
    """The worker that answered the duel's last click answers the next from its copy: no
    read of the header, decisions and stops first (the write checks the copy was current)."""
    a, b, duel_id = await two_workers(pg_url)
    reads = []
    real = store.load_since
    monkeypatch.setattr(store, "load_since", lambda *args: reads.append(args) or real(*args))
    live = await a.live(duel_id)
    reads.clear()
    for _ in range(5):
        d = live.duel.pending
        out = await a.caught_up_once(functools.partial(click, a, duel_id, live.record.player_ids[d.player], live.seq))
        live = out.live
    assert reads == []
    rec, history = await store.load_duel(a.db, duel_id)
    assert live.seq == rec.seq == len(history) and live.record == rec
    await a.close()
    await b.close()


async def test_clicks_tried_on_cached_copies_of_two_workers_stay_one_duel(pg_url: str) -> None:
    """Clicks sent to the workers in turn: each finds its copy behind, is refused on it and
    answered once caught up; two workers racing on one click: applied once, in order."""
    a, b, duel_id = await two_workers(pg_url)
    answered = 0
    for i in range(12):
        live = await (a, b)[i % 2].live(duel_id)  # the player's panel: what storage holds
        rec = await store.get_duel(a.db, duel_id)
        assert rec is not None and live.seq == rec.seq
        d = live.duel.pending
        me = live.record.player_ids[d.player]
        if i % 3 == 2:  # both workers take the same click at once
            results = await asyncio.gather(a.caught_up_once(functools.partial(click, a, duel_id, me, live.seq)),
                                           b.caught_up_once(functools.partial(click, b, duel_id, me, live.seq)),
                                           return_exceptions=True)
            assert sum(not isinstance(r, BaseException) for r in results) == 1, results
            assert all(isinstance(r, DuelError) and "out of date" in str(r) for r in results
                       if isinstance(r, BaseException))
        else:  # to the other worker, whose copy is behind: answered, not "out of date"
            worker = (b, a)[i % 2]
            await worker.caught_up_once(functools.partial(click, worker, duel_id, me, live.seq))
        answered += 1
    rec, history = await store.load_duel(a.db, duel_id)
    assert rec.seq == len(history) and rec.seq >= answered
    for worker in (a, b):
        assert (await worker.live(duel_id)).duel.state_hash() == replayed(rec, history).state_hash()
    await a.close()
    await b.close()


async def test_a_click_on_a_cached_copy_uses_stops_set_through_the_other_worker(pg_url: str) -> None:
    """Worker a answered last (its copy current); the player changes their stops through
    worker b; the next click on a passes with the new stops (the write found the stored
    stops differ from the copy's and the click was answered again once caught up)."""
    a, b, duel_id = await two_workers(pg_url)
    live = await a.live(duel_id)
    assert live.stops[1] != frozenset({"main1"})
    await b.set_stops(BOB[0], frozenset({"main1"}))
    d = live.duel.pending
    out = await a.caught_up_once(functools.partial(click, a, duel_id, live.record.player_ids[d.player], live.seq))
    assert out.live.stops[1] == frozenset({"main1"})
    rec, history = await store.load_duel(a.db, duel_id)
    assert out.live.seq == rec.seq == len(history)
    await a.close()
    await b.close()


async def test_stops_set_through_one_worker_count_on_the_other(pg_url: str) -> None:
    a, b, duel_id = await two_workers(pg_url)
    await b.live(duel_id)  # cached in b with the default stops
    await set_phase_stops(a.db, BOB[0], ["main1"])
    assert (await b.live(duel_id)).stops[1] == frozenset({"main1"})
    await a.close()
    await b.close()


async def test_a_vacation_taken_through_one_worker_stops_the_clock_the_other_sets(pg_url: str) -> None:
    """Worker b has read that nobody is away; the player whose move is not pending takes a
    vacation through worker a; when b hands them the decision, their clock starts when they
    are back. (b kept what it had read once: the clock ran during the vacation.)"""
    a = DuelService(await open_database(pg_url), new_seed=lambda: 3)
    b = DuelService(await open_database(pg_url), new_seed=lambda: 3)
    rec = await a.challenge(guild_id="1", channel_id="2", challenger=ALICE, opponent=BOB, deck="Red Burn",
                            ante=False, clock_seconds=3600)
    live = await b.accept(rec.id, BOB[0], "Green Stompy")
    assert live.away == (None, None)
    mover = live.record.player_ids[live.duel.pending.player]
    away = next(p for p in live.record.player_ids if p != mover)
    ends, moved, _ = await a.vacation(away, 1)
    assert moved == []  # not their move: no deadline moves now
    for _ in range(50):
        d = live.duel.pending
        if live.record.player_ids[d.player] == away:
            break
        live = (await b.answer(rec.id, live.record.player_ids[d.player], live.seq, d.choices[0])).live
    assert live.record.player_ids[live.duel.pending.player] == away
    assert live.record.deadline == ends + 3600
    assert (await store.get_duel(a.db, rec.id)).deadline == ends + 3600  # type: ignore[union-attr]
    await a.close()
    await b.close()


async def test_two_workers_share_one_post_limit(pg_url: str) -> None:
    """The rate limit of channel posts is stored: of a user's posts raced through two
    workers, exactly the limit's number is counted, and the refusal says when a place
    frees; a place given back on one worker is free on the other."""
    async with open_database(pg_url) as a, open_database(pg_url) as b:
        now = [1000.0]
        limits = [PostLimiter(per_window=4, window=60, clock=lambda: now[0]) for _ in range(2)]
        answers = await asyncio.gather(*(limits[i % 2].take(db, "100") for i, db in enumerate([a, b] * 5)))
        assert answers.count(None) == 4, answers
        assert all("Try again in 61 s" in t for t in answers if t is not None), answers
        assert await limits[1].take(b, "200") is None  # per user
        await limits[0].give_back(a, "100")
        assert await limits[1].take(b, "100") is None
        assert await limits[0].take(a, "100") is not None
        now[0] += 61
        assert await limits[0].take(a, "100") is None


async def test_a_trade_draft_made_on_one_worker_is_continued_on_the_other(pg_url: str) -> None:
    async with open_database(pg_url) as a, open_database(pg_url) as b:
        await drafts.create_draft(a, "ab12", "100", "200", guild_id="1", channel_id="2", now=0, expires_at=900)
        assert await drafts.set_draft_choice(b, "ab12", give=[7, 9], now=10)
        assert await drafts.set_draft_choice(a, "ab12", want=["Serra Angel", "Lord of Atlantis"], now=20)
        d = await drafts.get_draft(b, "ab12", now=30)
        assert d is not None and (d.proposer_id, d.give, d.want) == ("100", (7, 9), ("Serra Angel", "Lord of Atlantis"))
        # of two workers proposing it at once, one does
        assert sorted(await asyncio.gather(drafts.drop_draft(a, "ab12"), drafts.drop_draft(b, "ab12"))) == [False, True]
        assert await drafts.get_draft(a, "ab12", now=30) is None
        # an expired draft is gone for both
        await drafts.create_draft(b, "cd34", "100", "200", guild_id=None, channel_id=None, now=0, expires_at=900)
        assert await drafts.get_draft(a, "cd34", now=900) is None
        assert not await drafts.set_draft_choice(a, "cd34", give=[1], now=901)


async def test_timed_work_runs_in_one_worker_and_moves_when_it_dies(pg_url: str) -> None:
    dbs = [DuelService(await open_database(pg_url)) for _ in range(2)]
    ran: list[int] = []
    events = [asyncio.Event(), asyncio.Event()]

    def work(i: int):  # noqa: ANN202
        async def forever() -> None:
            ran.append(i)
            events[i].set()
            await asyncio.Event().wait()
        return forever

    tasks = [asyncio.create_task(lead_when_chosen(db, work(i), retry_seconds=0.2)) for i, db in enumerate(dbs)]
    await asyncio.wait_for(asyncio.wait([asyncio.create_task(e.wait()) for e in events],
                                        return_when=asyncio.FIRST_COMPLETED), 10)
    await asyncio.sleep(1.0)
    assert len(ran) == 1  # exactly one leader
    leader = ran[0]
    # the leader's server connection dies (as when its process is killed): another takes over
    with psycopg.connect(pg_url, autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory'"
                      " AND classid = %s AND objid = %s AND granted", TIMED_WORK_LOCK)
    tasks[leader].cancel()
    await asyncio.wait_for(events[1 - leader].wait(), 10)
    assert ran == [leader, 1 - leader]
    tasks[1 - leader].cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    for db in dbs:
        await db.close()


async def test_a_lease_is_lost_with_its_connection(pg_url: str) -> None:
    db = await open_database(pg_url)
    async with db.session_lock(TIMED_WORK_LOCK) as lease:
        assert isinstance(lease, Lease) and lease.taken and await lease.alive()
        async with db.session_lock(TIMED_WORK_LOCK) as other:
            assert not other.taken  # held: a second worker does not get it
        with psycopg.connect(pg_url, autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (lease.backend_pid,))
        assert not await lease.alive()
    async with db.session_lock(TIMED_WORK_LOCK) as again:
        assert again.taken
    await db.close()



async def test_a_worker_stopped_gives_the_timed_work_back_and_closes_its_connections(fake_discord: Any,
                                                                                     pg_url: str) -> None:
    """Workers stopped cleanly end their timed work before closing their database: the lock
    is given back and no connection of theirs stays open (the timed work, cancelled but not
    waited for, was still giving its connection back while the database closed: it stayed
    open, idle; a warning of tests/conftest.py's pg_url in test_leagues)."""
    from bot.app import ManaburnBot

    def held() -> list[Any]:
        with psycopg.connect(pg_url, autocommit=True) as admin:
            return admin.execute("SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND classid = %s"
                                 " AND objid = %s AND granted", TIMED_WORK_LOCK).fetchall()

    w1 = ManaburnBot(pg_url, guild_id=fake_discord.guild.id, sweep_seconds=0)
    w2 = ManaburnBot(pg_url, guild_id=fake_discord.guild.id, sweep_seconds=0)
    async with fake_discord.run_bot(w1), fake_discord.run_bot(w2):
        await fake_discord.wait_for(lambda: bool(held()), timeout=10, message="no worker leads")
    assert held() == []
    with psycopg.connect(pg_url, autocommit=True) as admin:
        left = admin.execute("SELECT pid FROM pg_stat_activity WHERE pid <> pg_backend_pid()"
                             " AND backend_type = 'client backend'").fetchall()
    assert left == []


# ------------------------------------------------------------------ end to end


async def test_two_workers_play_a_whole_duel_against_the_fake_discord(fake_discord: Any, pg_url: str) -> None:
    """Two bot processes' worth of workers (one database, each its own gateway session),
    every interaction handed to one of them in turn: the duel is played to its end, each
    player has one panel with controls at a time, and the stored log replays to it."""
    from tests.test_bot_e2e import panel, play_until, start_duel

    fake = fake_discord
    (alice, bob), (w1, w2) = bot_workers(fake, pg_url)
    async with fake.run_bot(w1), fake.run_bot(w2):
        thread = await start_duel(fake, alice, bob)
        rng = random.Random(11)
        clicks = await play_until(fake, [alice, bob], thread, rng, max_clicks=3000)
        assert clicks > 10
        # every panel closed at the end, whichever worker sent it: each knew the other's
        await fake.wait_for(lambda: not any(m.buttons or m.selects for u in (alice, bob) for m in u.dms()),
                            timeout=10, message="a panel was left open")
        # ... from storage, never by reading the players' DMs
        dm_ids = {u.dm_channel.id for u in (alice, bob)}
        assert not [c for c in fake.calls if c.method == "GET" and c.path.rstrip("/") in
                    {f"/channels/{i}/messages" for i in dm_ids}]
        rec, history = await store.load_duel(w1.svc.db, 1)
        assert rec.status == "finished" and rec.seq == len(history)
        for w in (w1, w2):  # both handled clicks of the duel, and their copies are the stored one
            assert 1 in w.svc._live
            live = await w.svc.live(1)
            assert live.duel.state_hash() == replayed(rec, history).state_hash()


async def test_a_board_picture_one_worker_drew_is_not_drawn_again_by_the_other(
        fake_discord: Any, pg_url: str, monkeypatch: Any) -> None:
    """Clicks spread over two workers: the board's picture is drawn only when its moment
    changed from the picture the board shows, whichever worker sent that one (its moment
    is stored with the published mark). With the moment kept per worker, each redrew
    what the other had drawn."""
    from bot import publishing
    from tests.test_bot_e2e import do, panel, pick, start_duel

    draws: list[int] = []
    shown: list[str] = []  # the moment of each board published, in order
    draw, key = publishing.board_picture, publishing.moment_key
    monkeypatch.setattr(publishing, "board_picture", lambda public: draws.append(1) or draw(public))
    monkeypatch.setattr(publishing, "moment_key", lambda public: shown.append(key(public)) or shown[-1])
    fake = fake_discord
    (alice, bob), (w1, w2) = bot_workers(fake, pg_url)
    async with fake.run_bot(w1), fake.run_bot(w2):
        thread = await start_duel(fake, alice, bob)
        rng = random.Random(4)

        async def published() -> bool:  # the mark, and the moment with it, stored
            rec = await store.get_duel(w1.svc.db, 1)
            return rec is not None and rec.published_seq == rec.seq
        for _ in range(24):
            await fake.wait_for(published, timeout=10, message="the marks were not stored")
            await fake.wait_for(lambda: any(panel(u) for u in (alice, bob)), timeout=10)
            user = next(u for u in (alice, bob) if panel(u))
            await do(user, panel(user), pick(panel(user), rng))
        await fake.wait_for(published, timeout=10, message="the marks were not stored")
    changes = sum(a != b for a, b in zip(shown, shown[1:]))
    assert changes < len(shown) - 1  # some publishes kept the picture
    assert len(draws) == 1 + changes, (len(draws), changes, len(shown))


# ---------------------------------------------- end-to-end tests on two workers
# A representative part of the end-to-end suite, run here on PostgreSQL with two workers
# behind the HTTP endpoint (tests/two_workers.py) as well as on SQLite in its own file:
# a whole duel, racing and stale clicks, what a click costs, bad input; a kill between
# storing an answer and publishing it (the catch-up of the worker running the timed work
# publishes it, a panel already sent is adopted); a double click on the deck menu handled
# by both workers; a thread made by one worker edited by the other (looked up once). The
# whole suite:
# MANABURN_E2E_DB=postgres python -m pytest tests/test_bot_e2e*.py ... (README, Tests).

def _on_two_workers(test: Any) -> Any:
    @functools.wraps(test)
    async def run(*args: Any, **kwargs: Any) -> None:
        await test(*args, **kwargs)
    return pytest.mark.two_workers(run)


test_e2e_a_whole_duel = _on_two_workers(e2e.test_a_whole_duel_through_the_bot)
test_e2e_stale_foreign_and_double_clicks = _on_two_workers(e2e.test_stale_foreign_and_double_clicks)
test_e2e_a_click_costs_few_rest_calls = _on_two_workers(e2e.test_a_click_costs_few_rest_calls)
test_e2e_bad_input_gets_clear_answers = _on_two_workers(e2e.test_bad_input_gets_clear_answers)
test_e2e_killed_after_the_answer_is_stored = _on_two_workers(e2e.test_killed_after_the_answer_is_stored_before_its_panel)
test_e2e_a_double_click_on_the_deck_menu = _on_two_workers(hostile.test_a_double_click_on_the_deck_menu_starts_the_duel_once)
test_e2e_handovers_notify_by_a_new_panel = _on_two_workers(panels.test_a_player_away_from_the_duel_is_notified_by_a_new_panel)
# the post rate limit (stored: both workers count against one limit) and a /trade draft
# whose menus are clicked on both workers and after a restart
test_e2e_posts_are_limited = _on_two_workers(hostile_bot.test_open_challenges_trades_and_channel_posts_are_limited)
test_e2e_trade_menus = _on_two_workers(trades_bot.test_menus_restart_and_collection_pages)
