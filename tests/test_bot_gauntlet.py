"""The Gauntlet in Discord through the fake Discord: ``/gauntlet start`` opens one
thread for the run, each stage's deck is announced there before its duel (a
duel against the computer, like /practice) starts; a stage won leads to the
next, a lost one ends the run with its score; the run survives a restart,
including one between a stage's end and the next stage; ``/gauntlet top``;
the server's ante setting (off by default, Manage Server only) on and off."""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from bot.app import ManaburnBot
from bot.service import DuelService
from engine import formats
from engine.decks import decklist
from engine.gauntlet import opponents
from fakediscord import FakeDiscord
from storage import collections as coll
from storage import gauntlet as gstore
from storage import ledger
from storage import open_database
from test_ante_bot import grant, text_of
from test_bot_e2e import idle, panel, pick
from tests.two_workers import database_target
from test_bot_practice import do

pytest_plugins = ["fakediscord.pytest_plugin"]

SEED = 4242


def texts(user: Any, thread: Any) -> list[str]:
    return [m.text for m in user.visible_messages(thread)]


async def start_run(fake: FakeDiscord, bot: ManaburnBot, user: Any, **kw: Any) -> tuple[gstore.GauntletRun, Any]:
    bot.svc.new_seed = lambda: SEED
    r = await user.slash("gauntlet start", **kw)
    await fake.wait_for(lambda: r.followups, timeout=60)
    assert "Your Gauntlet is in <#" in r.followups[-1].text, r.followups[-1].text
    run = await gstore.running_run_of(bot.svc.db, str(user.id))
    assert run is not None and run.thread_id is not None
    thread = fake.channels[int(run.thread_id)]
    await fake.wait_for(lambda: panel(user) is not None and idle(bot), timeout=60)
    run = await gstore.get_run(bot.svc.db, run.id)
    assert run is not None
    return run, thread


async def computer_concedes(bot: ManaburnBot, duel_id: int) -> None:
    """The computer loses the stage (the quickest way to a won stage; the same path as any end)."""
    await bot.publish(await bot.svc.concede(duel_id, bot.svc.computer_id or ""))


async def test_a_run_with_a_restart_between_stages_and_in_a_stage(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    fake.human_delay = 0
    alice = fake.create_user("alice")
    path = str(tmp_path / "m.db")
    bot = ManaburnBot(path, guild_id=fake.guild.id, sweep_seconds=0)
    running = await fake.start_bot(bot)
    order = opponents("Red Burn", "casual", SEED)
    run, thread = await start_run(fake, bot, alice, deck="Red Burn", level="easy")
    assert list(run.opponents) == order and not run.ante and run.duel_id is not None
    lines = texts(alice, thread)
    first = f"Gauntlet stage 1 of {len(order)}: the computer (easy) plays {order[0]}."
    announced = next(i for i, t in enumerate(lines) if first in t)
    begins = next(i for i, t in enumerate(lines) if t.startswith(f"Duel #{run.duel_id} begins"))
    assert announced < begins  # the deck is announced before the duel starts
    live = await bot.svc.live(run.duel_id)
    assert live.duel.decks[1] == decklist(order[0]) and not live.duel.options.ante
    # a second run while this one is under way: refused
    r = await alice.slash("gauntlet start", deck="Zoo")
    assert "You have a Gauntlet run under way" in await text_of(r)
    rng = random.Random(5)
    for _ in range(2):
        await fake.wait_for(lambda: panel(alice) is not None and idle(bot), timeout=60)
        await do(alice, panel(alice), pick(panel(alice), rng))
    await fake.wait_for(lambda: idle(bot), timeout=60)
    stage1 = run.duel_id
    await running.stop()

    # while the bot is down the computer's concession of stage 1 is stored (as if the bot stopped
    # right after storing it, before the next stage was made)
    svc = DuelService(await open_database(database_target(path)))  # the bots' database, on two workers too
    svc.computer_id = str(fake.bot_user.id)
    await svc.concede(stage1, svc.computer_id)
    await svc.close()

    bot2 = ManaburnBot(path, guild_id=fake.guild.id, sweep_seconds=0)
    running = await fake.start_bot(bot2)
    second = f"Gauntlet stage 2 of {len(order)}: the computer (easy) plays {order[1]}."
    await fake.wait_for(lambda: any(second in t for t in texts(alice, thread)), timeout=60)
    await fake.wait_for(lambda: panel(alice) is not None and idle(bot2), timeout=60)
    run = await gstore.get_run(bot2.svc.db, run.id)  # type: ignore[assignment]
    assert run.wins == 1 and run.status == "running" and run.duel_id not in (None, stage1)
    lines = texts(alice, thread)
    assert sum(second in t for t in lines) == 1  # once, though both the catch-up and the recovery saw the end
    assert any(f"beat {order[0]}: 1 of {len(order)} won" in t for t in lines)
    stage2 = run.duel_id
    assert (await bot2.svc.live(stage2)).record.thread_id == str(thread.id)  # the run's one thread
    await do(alice, panel(alice), pick(panel(alice), rng))
    await fake.wait_for(lambda: idle(bot2), timeout=60)
    await running.stop()

    # a restart in the middle of stage 2: it goes on, then alice concedes it and the run is over
    bot3 = ManaburnBot(path, guild_id=fake.guild.id, sweep_seconds=0)
    async with fake.run_bot(bot3):
        live = await bot3.svc.live(stage2)
        assert bot3.svc.computer_seat(live) == 1 and not live.duel.over
        r = await alice.slash("concede", duel=stage2)
        await text_of(r)
        await fake.wait_for(lambda: any("The Gauntlet is over" in t for t in texts(alice, thread)), timeout=60)
        over = next(t for t in texts(alice, thread) if "The Gauntlet is over" in t)
        assert f"{order[1]} beat <@{alice.id}>. Score: **1 of {len(order)}**" in over
        run = await gstore.get_run(bot3.svc.db, run.id)  # type: ignore[assignment]
        assert run.status == "lost" and run.wins == 1 and run.ended_at is not None
        assert not any("stage 3 of" in t for t in texts(alice, thread))
        top = await alice.slash("gauntlet top")
        assert f"Best Gauntlet runs — {formats.get('casual').title}, level easy" in top.text
        assert f"1. <@{alice.id}> — 1 of {len(order)} with Red Burn (lost to {order[1]})" in top.text
        # no ante: no card changed hands
        assert await ledger.player_history(bot3.svc.db, str(alice.id)) == []
        # a new run asked for inside a thread (no thread can be opened there): refused, nothing stored
        r = await alice.slash("gauntlet start", channel=thread, deck="Zoo")
        assert "A Gauntlet needs a thread of its own" in await text_of(r)
        assert await gstore.running_run_of(bot3.svc.db, str(alice.id)) is None


async def test_the_server_ante_setting_on_and_off(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    fake.human_delay = 0
    admin, alice = fake.create_user("admin", admin=True), fake.create_user("alice")
    bot = ManaburnBot(str(tmp_path / "m.db"), guild_id=fake.guild.id, sweep_seconds=0)
    async with fake.run_bot(bot):
        shown = await admin.slash("admin settings")
        assert "Gauntlet played for ante: no" in shown.text  # off by default
        r = await admin.slash("admin settings", gauntlet_ante=True)
        assert "Gauntlet played for ante: yes" in r.text
        # for ante the deck must be owned: refused, nothing made
        r = await alice.slash("gauntlet start", deck="Red Burn", level="easy")
        refused = await text_of(r)
        assert "plays the Gauntlet for ante" in refused and "Lightning Bolt" in refused
        assert await gstore.running_run_of(bot.svc.db, str(alice.id)) is None
        counts: dict[str, int] = {}
        for c in decklist("Red Burn"):
            counts[c] = counts.get(c, 0) + 1
        await grant(admin, alice, ", ".join(f"{n} {c}" for c, n in counts.items()))
        owned = {c.id for c in await coll.list_copies(bot.svc.db, str(alice.id))}

        run, thread = await start_run(fake, bot, alice, deck="Red Burn", level="easy")
        assert run.ante and any("Played for ante." in t for t in texts(alice, thread))
        live = await bot.svc.live(run.duel_id or 0)
        assert live.duel.options.ante
        theirs = [c.name for c in live.duel.game.players[1].ante]
        assert theirs and theirs[0] in decklist(run.opponents[0])
        stage1 = run.duel_id or 0
        await computer_concedes(bot, stage1)
        await fake.wait_for(lambda: any(t.startswith(f"Ante of duel #{stage1}") for t in texts(alice, thread)),
                            timeout=60)
        # the computer's ante card is alice's now: created for the computer, handed over by the duel
        mine = await coll.list_copies(bot.svc.db, str(alice.id))
        won = [c for c in mine if c.id not in owned]
        assert [c.card for c in won] == theirs
        history = await ledger.copy_history(bot.svc.db, won[0].id)
        assert [(h.kind, h.from_id, h.to_id, h.duel_id) for h in history] == [
            ("grant", None, bot.svc.computer_id, None), ("ante", bot.svc.computer_id, str(alice.id), stage1)]
        assert history[0].by_id == bot.svc.computer_id

        # stage 2, for ante too: alice concedes, and loses her ante card to the computer
        await fake.wait_for(lambda: panel(alice) is not None and idle(bot), timeout=60)
        run = await gstore.get_run(bot.svc.db, run.id)  # type: ignore[assignment]
        stage2 = run.duel_id or 0
        live = await bot.svc.live(stage2)
        assert live.duel.options.ante
        lost = [c.name for c in live.duel.game.players[0].ante]
        r = await alice.slash("concede", duel=stage2)
        await text_of(r)
        await fake.wait_for(lambda: any("The Gauntlet is over" in t for t in texts(alice, thread)), timeout=60)
        gone = [x for x in await ledger.player_history(bot.svc.db, str(alice.id))
                if x.kind == "ante" and x.from_id == str(alice.id)]
        assert [(x.card, x.to_id, x.duel_id) for x in gone] == [(lost[0], bot.svc.computer_id, stage2)]

        # the setting off: the next run is not for ante, and nothing changes hands
        r = await admin.slash("admin settings", gauntlet_ante=False)
        assert "Gauntlet played for ante: no" in r.text
        before = len(await ledger.player_history(bot.svc.db, str(alice.id)))
        run, thread = await start_run(fake, bot, alice, deck="Red Burn", level="easy")
        assert not run.ante and not (await bot.svc.live(run.duel_id or 0)).duel.options.ante
        await computer_concedes(bot, run.duel_id or 0)
        await fake.wait_for(lambda: any("1 of" in t and "won." in t for t in texts(alice, thread)), timeout=60)
        assert len(await ledger.player_history(bot.svc.db, str(alice.id))) == before
