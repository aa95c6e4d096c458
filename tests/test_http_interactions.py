"""Interactions over HTTP (bot.http_interactions): Discord's outgoing webhook, signed
with Ed25519, answered by whichever worker the load balancer picks."""
from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.app import ManaburnBot
from storage import duels as store
from tests.test_bot_e2e import play_until, start_duel

pytest_plugins = ["fakediscord.pytest_plugin"]


async def test_signature_checked_and_ping_answered(fake_discord: Any, tmp_path: Path) -> None:
    fake = fake_discord
    bot = ManaburnBot(str(tmp_path / "m.db"), guild_id=fake.guild.id, sweep_seconds=0,
                      http=("127.0.0.1", 0), public_key=fake.public_key)
    async with fake.run_bot(bot):
        url = bot.endpoint.url
        ping = json.dumps({"id": "1", "type": 1, "application_id": "1", "token": "t", "version": 1}).encode()
        async with aiohttp.ClientSession() as http:
            async with http.post(url, data=ping, headers=fake.signed(ping)) as r:
                assert r.status == 200 and await r.json() == {"type": 1}
            tampered = ping.replace(b'"t"', b'"u"')
            async with http.post(url, data=tampered, headers=fake.signed(ping)) as r:
                assert r.status == 401  # signed another body
            async with http.post(url, data=ping, headers={"Content-Type": "application/json"}) as r:
                assert r.status == 401  # not signed
            from nacl.signing import SigningKey
            other = SigningKey.generate()
            ts = "1700000000"
            async with http.post(url, data=ping, headers={
                    "X-Signature-Ed25519": other.sign(ts.encode() + ping).signature.hex(),
                    "X-Signature-Timestamp": ts}) as r:
                assert r.status == 401  # signed by another key
            async with http.get(url.replace("/interactions", "/health")) as r:
                assert r.status == 200


async def test_an_interaction_not_answered_in_time_fails_and_its_late_answer_is_refused(
        fake_discord: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Discord waits 3 s for the HTTP answer: past the endpoint's own limit the request
    is answered 503 (Discord shows the interaction failed), and the handler's answer
    when it comes is refused as Discord refuses a late one; nothing else breaks."""
    from bot import http_interactions
    from fakediscord import InteractionFailed
    fake = fake_discord
    fake.interactions_to = "http"
    bot = ManaburnBot(str(tmp_path / "m.db"), guild_id=fake.guild.id, sweep_seconds=0,
                      http=("127.0.0.1", 0), public_key=fake.public_key)
    alice = fake.create_user("alice")
    async with fake.run_bot(bot):
        fake.interaction_urls = [bot.endpoint.url]
        real = bot.svc.saved_decks
        answered = asyncio.Event()

        async def slow(*a: Any, **kw: Any) -> Any:  # a handler that takes too long
            await asyncio.sleep(0.6)
            try:
                return await real(*a, **kw)
            finally:
                answered.set()
        monkeypatch.setattr(bot.svc, "saved_decks", slow)
        monkeypatch.setattr(http_interactions, "ANSWER_WITHIN", 0.3)
        fake.allow_error_log(r"error while handling /deck list", "manaburn.bot")  # the late answer, refused
        with pytest.raises(InteractionFailed):
            await alice.slash("deck list")
        assert [status for _, status in fake.http_refusals] == [503]
        await asyncio.wait_for(answered.wait(), 5)
        await asyncio.sleep(0.3)  # its late answer refused, and said in the log
        monkeypatch.setattr(bot.svc, "saved_decks", real)
        monkeypatch.setattr(http_interactions, "ANSWER_WITHIN", 2.5)
        r = await alice.slash("deck list")  # the next one is answered as usual
        assert r.message is not None


async def test_a_whole_duel_over_http_on_one_worker(fake_discord: Any, tmp_path: Path) -> None:
    """The interactions endpoint alone (SQLite, one process): every click, command and
    form answered by the HTTP answer, none through the gateway."""
    fake = fake_discord
    fake.interactions_to = "http"
    bot = ManaburnBot(str(tmp_path / "m.db"), guild_id=fake.guild.id, sweep_seconds=0,
                      http=("127.0.0.1", 0), public_key=fake.public_key)
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    async with fake.run_bot(bot):
        fake.interaction_urls = [bot.endpoint.url]
        thread = await start_duel(fake, alice, bob)
        clicks = await play_until(fake, [alice, bob], thread, random.Random(4), max_clicks=3000)
        assert clicks > 10 and not fake.http_refusals
        answered = [c for c in fake.calls if c.method == "POST" and c.path.endswith("/callback")]
        assert len(answered) >= clicks and all(c.status == 200 for c in answered)


@pytest.mark.postgres
async def test_two_workers_behind_the_http_endpoint(fake_discord: Any, pg_url: str) -> None:
    """Two workers on one PostgreSQL database, the interactions POSTed to each in turn:
    the duel is played to its end and its stored log replays to both workers' copies."""
    from tests.test_workers import replayed
    fake = fake_discord
    fake.interactions_to = "http"
    w1 = ManaburnBot(pg_url, guild_id=fake.guild.id, sweep_seconds=0, http=("127.0.0.1", 0), public_key=fake.public_key)
    w2 = ManaburnBot(pg_url, guild_id=fake.guild.id, sweep_seconds=0, http=("127.0.0.1", 0), public_key=fake.public_key)
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    async with fake.run_bot(w1), fake.run_bot(w2):
        fake.interaction_urls = [w1.endpoint.url, w2.endpoint.url]
        thread = await start_duel(fake, alice, bob)
        clicks = await play_until(fake, [alice, bob], thread, random.Random(8), max_clicks=3000)
        assert clicks > 10 and not fake.http_refusals
        await fake.wait_for(lambda: not any(m.buttons or m.selects for u in (alice, bob) for m in u.dms()),
                            timeout=10, message="a panel was left open")
        rec, history = await store.load_duel(w1.svc.db, 1)
        assert rec.status == "finished" and rec.seq == len(history)
        for w in (w1, w2):
            assert (await w.svc.live(1)).duel.state_hash() == replayed(rec, history).state_hash()


async def test_calls_right_after_the_http_answer_wait_for_discord_to_have_it(fake_discord: Any, tmp_path: Path) -> None:
    """The HTTP answer and the worker's next call through the interaction's token travel
    apart: Discord may not have taken the answer in when the call arrives (here it takes
    0.3 s). /trade answers with the public offer, then reads that message back to record
    it; an Accept click answers, then sends a follow-up. Both are tried again until
    Discord knows the interaction: the offer is recorded, the trade done, nothing fails."""
    from storage import trades as tr
    from tests.test_trades_bot import grant, owner, ids_of
    fake = fake_discord
    fake.interactions_to = "http"
    fake.http_answer_delay = 0.3
    bot = ManaburnBot(str(tmp_path / "m.db"), guild_id=fake.guild.id, sweep_seconds=0,
                      http=("127.0.0.1", 0), public_key=fake.public_key)
    admin, alice, bob = fake.create_user("admin", admin=True), fake.create_user("alice"), fake.create_user("bob")
    async with fake.run_bot(bot):
        fake.interaction_urls = [bot.endpoint.url]
        await grant(admin, alice, "Lightning Bolt")
        await grant(admin, bob, "Island")
        bolt = (await ids_of(bot, alice, "Lightning Bolt"))[0]
        r = await alice.slash("trade", player=bob, give="Lightning Bolt", want="Island")
        assert r.message is not None and "offers" in r.message.text
        await asyncio.sleep(0.8)  # the handler reads the message back after the answer
        trade = await tr.get_trade(bot.svc.db, 1)
        assert trade is not None and trade.message_id == str(r.message.id)  # read back and recorded
        res = await bob.click(r.message, "Accept")
        assert "cards are exchanged" in (await res.wait_followups(1, timeout=5))[0].text
        assert await owner(bot, bolt) == str(bob.id) and not fake.http_refusals
