"""Admission control at the HTTP interactions endpoint (bot.admission): a burst of
clicks over the worker's places is deferred at once and applied in order; past the
shedding bound a click is refused at once, privately, and changes nothing; a button
that opens a form opens it at once under load, and the form's answer waits its turn."""
from __future__ import annotations

import asyncio
import random
import time
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, AsyncIterator

import pytest

from bench.harness import shed
from bot.admission import BUSY
from bot.app import ManaburnBot
from bot.http_interactions import TOO_LATE
from storage import duels as store
from tests.test_bot_e2e import panel, pick, play_until, start_duel

pytest_plugins = ["fakediscord.pytest_plugin"]

SLOW = 0.5  # seconds each answer takes (the worker made slow, so that clicks pile up)


@asynccontextmanager
async def _bot_with_duels(fake: Any, tmp_path: Path, duels: int) -> AsyncIterator[tuple[ManaburnBot, list[Any], list[Any]]]:
    """One worker behind its HTTP endpoint, and *duels* duels started on it: (bot, the
    pairs of players, the duels' threads)."""
    fake.interactions_to = "http"
    bot = ManaburnBot(str(tmp_path / "m.db"), guild_id=fake.guild.id, sweep_seconds=0,
                      http=("127.0.0.1", 0), public_key=fake.public_key)
    pairs = [(fake.create_user(f"a{i}"), fake.create_user(f"b{i}")) for i in range(duels)]
    async with fake.run_bot(bot):
        assert bot.endpoint is not None
        fake.interaction_urls = [bot.endpoint.url]
        yield bot, pairs, [await start_duel(fake, a, b) for a, b in pairs]


def _slowed(bot: ManaburnBot, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Each answer takes SLOW seconds; returns the duel ids in the order answers were applied."""
    real = bot.svc.answer
    order: list[int] = []

    async def slow(duel_id: int, *a: Any, **kw: Any) -> Any:
        await asyncio.sleep(SLOW)
        order.append(duel_id)
        return await real(duel_id, *a, **kw)
    monkeypatch.setattr(bot.svc, "answer", slow)
    return order


def _mover(pair: tuple[Any, Any]) -> tuple[Any, Any]:
    """(user, their panel) of the player to move in a duel."""
    for u in pair:
        m = panel(u)
        if m is not None:
            return u, m
    raise AssertionError("nobody has a panel")


async def _movers(fake: Any, pairs: list[tuple[Any, Any]]) -> list[tuple[Any, Any]]:
    await fake.wait_for(lambda: all(
        any(panel(u) for u in p) for p in pairs), timeout=10, message="a duel shows no panel")
    return [_mover(p) for p in pairs]


def _duel_of(msg: Any) -> int:
    return next(int(c["custom_id"].split(":")[2]) for c in msg.all_components
                if (c.get("custom_id") or "").startswith(("mb:c:", "mb:s:")))


async def _click(user: Any, msg: Any, rng: random.Random) -> Any:
    kind, target, values = pick(msg, rng)
    if kind == "click":
        return await user.click(msg, target)
    return await user.select(msg, target, values or [])


async def _burst(movers: list[tuple[Any, Any]], rng: random.Random, gap: float = 0.05) -> list[tuple[Any, float]]:
    """Every mover clicks, *gap* seconds apart; (result, seconds to the first response) each."""
    loop = asyncio.get_running_loop()

    async def one(u: Any, m: Any) -> tuple[Any, float]:
        t = loop.time()
        r = await _click(u, m, rng)
        return r, loop.time() - t
    tasks = []
    for u, m in movers:
        tasks.append(asyncio.create_task(one(u, m)))
        await asyncio.sleep(gap)
    return list(await asyncio.gather(*tasks))


async def test_a_burst_over_the_limit_is_deferred_at_once_and_applied_in_order(
        fake_discord: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = fake_discord
    async with _bot_with_duels(fake, tmp_path, 4) as (bot, pairs, _):
        assert bot.endpoint is not None
        bot.endpoint.admission.at_once = 1
        order = _slowed(bot, monkeypatch)
        movers = await _movers(fake, pairs)
        duels = [_duel_of(m) for _, m in movers]
        seqs = {d: (await store.load_duel(bot.svc.db, d))[0].seq for d in duels}
        before = [m.control_ids for _, m in movers]
        results = await _burst(movers, random.Random(1))
        # the first started at once and was answered by the edit of its panel; the others
        # could not start (one place): each deferred at once, well before its turn
        assert results[0][0].type == 7
        for r, took in results[1:]:
            assert r.type == 6, r
            assert took < SLOW, f"a queued click waited {took:.2f} s for its deferral"
        # then every one applied, in the order of the clicks, its panel edited
        await fake.wait_for(lambda: all(m.control_ids != b for (_, m), b in zip(movers, before)), timeout=20,
                            message="a queued click was never answered")
        assert order == duels
        for d in duels:
            assert (await store.load_duel(bot.svc.db, d))[0].seq > seqs[d]
        assert not fake.http_refusals
        assert bot.endpoint.counts["queued"] == 3 and bot.endpoint.counts["shed"] == 0
        adm = bot.endpoint.admission
        await fake.wait_for(lambda: adm.running == 0, timeout=10, message="a place was never given back")
        assert adm.queued == 0


async def test_past_the_shedding_bound_a_click_is_refused_at_once_and_changes_nothing(
        fake_discord: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = fake_discord
    async with _bot_with_duels(fake, tmp_path, 3) as (bot, pairs, _):
        assert bot.endpoint is not None
        adm = bot.endpoint.admission
        # one place; a click is taken to hold it 1 s: the second click would wait 1 s
        # (queued), the third 2 s, past the bound of 1.5 s (shed)
        adm.at_once, adm.shed_after, adm.per_click = 1, 1.5, 1.0
        order = _slowed(bot, monkeypatch)
        movers = await _movers(fake, pairs)
        duels = [_duel_of(m) for _, m in movers]
        shed_user, shed_panel = movers[2]
        stored = await store.load_duel(bot.svc.db, duels[2])
        shown = (shed_panel.content, shed_panel.control_ids)
        queued_before = movers[1][1].control_ids
        results = await _burst(movers, random.Random(2))
        assert [r.type for r, _ in results] == [7, 6, 4]
        busy, took = results[2]
        assert busy.ephemeral and busy.text == BUSY and took < SLOW
        await fake.wait_for(lambda: movers[1][1].control_ids != queued_before and len(order) == 2, timeout=20)
        await asyncio.sleep(SLOW * 2)  # nothing of the shed click is under way
        # nothing changed: not applied, not stored, its panel as it was (the player may click again)
        assert order == duels[:2]
        again = await store.load_duel(bot.svc.db, duels[2])
        assert again[0].seq == stored[0].seq and len(again[1]) == len(stored[1])
        assert (shed_panel.content, shed_panel.control_ids) == shown and not shed_panel.deleted
        assert bot.endpoint.counts["shed"] == 1
        # once the queue is gone, the same click is taken
        adm.per_click = 0.2
        r = await _click(shed_user, shed_panel, random.Random(2))
        assert r.type == 7 and order[-1] == duels[2]


async def test_a_form_opens_at_once_under_load_and_its_answer_waits_its_turn(
        fake_discord: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """"Type an answer…" cannot follow a deferral (Discord opens a form only as the first
    response): it is started ahead of the queue, and the form's answer is then queued
    (deferred, applied at its turn) like a click."""
    fake = fake_discord
    async with _bot_with_duels(fake, tmp_path, 3) as (bot, pairs, threads):
        a, b = pairs[0]

        def typed_panel() -> Any:
            for u in (a, b):
                m = panel(u)
                if m is not None and "Type an answer…" in [x.get("label") for x in m.buttons]:
                    return u, m
            return None
        await play_until(fake, [a, b], threads[0], random.Random(5), stop=typed_panel)
        typer, form_panel = typed_panel()
        label = next(x.get("label") for x in form_panel.buttons if (x.get("custom_id") or "").startswith("mb:c:"))
        duel = _duel_of(form_panel)
        seq = (await store.load_duel(bot.svc.db, duel))[0].seq
        assert bot.endpoint is not None
        bot.endpoint.admission.at_once = 1
        order = _slowed(bot, monkeypatch)
        loop = asyncio.get_running_loop()
        busy = asyncio.create_task(_click(*(await _movers(fake, pairs[1:2]))[0], random.Random(3)))  # holds the only place
        await asyncio.sleep(0.1)
        t = loop.time()
        form = await typer.click(form_panel, "Type an answer…")
        assert form.type == 9 and loop.time() - t < SLOW  # the form, at once, while the place is taken
        other = asyncio.create_task(_click(*(await _movers(fake, pairs[2:3]))[0], random.Random(4)))  # queued
        await asyncio.sleep(0.1)
        before = form_panel.control_ids
        sent = await typer.submit_modal(form, {"Action": label})
        assert sent.type == 6  # deferred at once: two clicks ahead of it
        await fake.wait_for(lambda: form_panel.control_ids != before, timeout=20, message="the typed answer was not applied")
        assert (await store.load_duel(bot.svc.db, duel))[0].seq > seq
        await asyncio.gather(busy, other)
        assert order[-1] == duel and len(order) == 3  # after the two clicks before it
        await fake.wait_for(lambda: any(m.text.startswith("Done:") for m in typer.dms()), timeout=10)


def test_what_goes_ahead_of_the_queue_and_what_is_shed() -> None:
    """Slash commands and autocomplete never wait deferred (their first response cannot
    be chosen before they run, or cannot follow a deferral); past the bound a slash
    command is shed like a click, autocomplete and form openers never are."""
    from bot.admission import Admission, Admit
    adm = Admission(at_once=1, shed_after=1.0, per_click=0.6)
    click = {"type": 3, "data": {"custom_id": "mb:c:1:2:0"}, "message": {"id": "9"}}
    command = {"type": 2, "data": {"name": "duels"}}
    assert adm.admit(click) is Admit.NOW
    assert adm.admit(click) is Admit.QUEUED  # waits 0.6 s
    adm.enqueue(lambda: asyncio.sleep(0))
    assert adm.admit(command) is Admit.SHED  # would wait 1.2 s
    assert adm.admit(click) is Admit.SHED
    assert adm.admit({"type": 4, "data": {"name": "challenge"}}) is Admit.NOW  # autocomplete
    assert adm.admit({"type": 3, "data": {"custom_id": "mb:t:1:2"}, "message": {"id": "9"}}) is Admit.NOW
    assert adm.admit({"type": 3, "data": {"custom_id": "mb:sx:1:2"}, "message": {"id": "9"}}) is Admit.NOW
    adm.shed_after = 10.0
    assert adm.admit(command) is Admit.NOW  # over the places, ahead of the queue
    assert adm.running == 5 and adm.queued == 1


async def test_a_click_signed_past_discords_3_s_is_not_applied(
        fake_discord: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A request read more than 3 s after Discord signed it (X-Signature-Timestamp) has
    already been shown to the player as failed: it is answered privately and changes
    nothing; the same click signed now is applied."""
    fake = fake_discord
    async with _bot_with_duels(fake, tmp_path, 1) as (bot, pairs, _):
        assert bot.endpoint is not None
        [(user, msg)] = await _movers(fake, pairs)
        duel = _duel_of(msg)
        stored = await store.load_duel(bot.svc.db, duel)
        shown = (msg.content, msg.control_ids)
        signed = fake.signed
        # as if the request had waited 5-6 s (whole seconds) before the worker read it
        monkeypatch.setattr(fake, "signed", lambda body, timestamp=None: signed(body, str(int(time.time()) - 5)))
        late = await _click(user, msg, random.Random(3))
        assert late.type == 4 and late.ephemeral and late.text == TOO_LATE
        assert shed(late)  # the bench's players click again, as for a shed click
        await asyncio.sleep(0.5)
        again = await store.load_duel(bot.svc.db, duel)
        assert again[0].seq == stored[0].seq and len(again[1]) == len(stored[1])
        assert (msg.content, msg.control_ids) == shown and not msg.deleted
        assert bot.endpoint.counts["stale"] == 1
        monkeypatch.setattr(fake, "signed", signed)
        r = await _click(user, msg, random.Random(3))
        assert r.type == 7 and (await store.load_duel(bot.svc.db, duel))[0].seq > stored[0].seq
