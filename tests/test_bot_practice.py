"""A duel against the computer through the bot and the fake Discord:
``/practice`` (or ``/challenge`` with the bot as the opponent) starts it with
the same thread, board and DM panel as a duel between people; the computer
answers at once, off the event loop, while other players' clicks are
answered; it survives a restart; never for ante."""
from __future__ import annotations

import random
import time
from pathlib import Path

from bot.app import ManaburnBot
from bot.computer_process import computer_for
from fakediscord import FakeDiscord
from test_bot_e2e import idle, panel, pick, start_duel, stored_past

pytest_plugins = ["fakediscord.pytest_plugin"]


async def do(user, msg, action, *, wait: bool = True):  # type: ignore[no-untyped-def]
    """test_bot_e2e.do with room for a loaded machine."""
    kind, target, values = action
    before = msg.control_ids
    r = await (user.click(msg, target) if kind == "click" else user.select(msg, target, values or []))
    if wait:
        await user.fake.wait_for(lambda: msg.control_ids != before, timeout=60)
    return r


def over(user, thread) -> bool:  # type: ignore[no-untyped-def]
    return any(("wins" in m.text or "is a draw" in m.text) and "seed was" in m.text
               for m in user.visible_messages(thread))


async def test_a_player_plays_the_computer_to_the_end_while_others_play(fake_discord: FakeDiscord,
                                                                       tmp_path: Path) -> None:
    fake = fake_discord
    alice, carol, dave = fake.create_user("alice"), fake.create_user("carol"), fake.create_user("dave")
    bot = ManaburnBot(str(tmp_path / "m.db"), guild_id=fake.guild.id, sweep_seconds=0)
    async with fake.run_bot(bot):
        r = await alice.slash("practice", deck="Red Burn", opponent_deck="Green Stompy", level="medium")
        await fake.wait_for(lambda: r.followups, timeout=60)
        assert "against the computer" in r.followups[-1].text
        live = await bot.svc.live(1)  # from storage: either worker may have started it
        # the computer goes by a plain name in public, its level kept with the duel
        assert bot.svc.computer_seat(live) == 1 and live.record.player_names[1] == "Computer"
        assert live.duel.options.computer_level == "medium" and computer_for(live.record.seed, "Computer", live.duel.options.computer_level).level == "medium"
        assert not live.duel.options.ante
        # meanwhile, two people duel each other
        other = await start_duel(fake, carol, dave)
        rng = random.Random(11)
        clicks = other_clicks = 0
        waits: list[float] = []
        while clicks < 2000:
            if over(alice, live_thread(fake, bot, live)):
                break
            await fake.wait_for(lambda: panel(alice) is not None or over(alice, live_thread(fake, bot, live)),
                                timeout=60)
            if panel(alice) is not None:
                await do(alice, panel(alice), pick(panel(alice), rng), wait=True)
                clicks += 1
            # the computer's seat never gets a panel: the move is back with alice, or the duel is over
            await fake.wait_for(lambda: idle(bot), timeout=60)
            d = (await bot.svc.live(live.record.id)).duel.pending
            assert d is None or d.player == 0
            # a click in the other duel after each of alice's: the duel against the computer can
            # end in a dozen clicks (its seed is the bot's own)
            if other_clicks < 40:
                u = carol if panel(carol) else dave if panel(dave) else None
                if u is not None:
                    t0 = time.perf_counter()
                    await do(u, panel(u), pick(panel(u), rng))
                    waits.append(time.perf_counter() - t0)
                    other_clicks += 1
        assert over(alice, live_thread(fake, bot, live)), "the duel against the computer did not finish"
        assert other_clicks >= 3 and max(waits) < 20
        _ = other
        board = [m for m in alice.visible_messages(live_thread(fake, bot, live)) if m.text.startswith("**Duel #")]
        assert len(board) == 1
        seen = [m.text for m in alice.visible_messages(live_thread(fake, bot, live))]
        assert not [t for t in seen if "computer_" in t], "the computer's internal name reached the thread"
        assert any("Computer" in t for t in seen)


def live_thread(fake: FakeDiscord, bot: ManaburnBot, live):  # type: ignore[no-untyped-def]
    assert live.record.thread_id is not None
    return fake.channels[int(live.record.thread_id)]


async def test_the_bot_as_the_challenged_opponent_never_for_ante_and_after_a_restart(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    alice = fake.create_user("alice")
    path = str(tmp_path / "m.db")
    bot = ManaburnBot(path, guild_id=fake.guild.id, sweep_seconds=0)
    running = await fake.start_bot(bot)
    botuser = fake.bot_user
    r = await alice.slash("challenge", opponent=botuser, deck="Green Stompy", ante=True)
    await fake.wait_for(lambda: r.ephemeral or r.followups, timeout=60)
    assert "never plays for ante" in (r.message.text if r.message else r.followups[-1].text)
    r = await alice.slash("challenge", opponent=botuser, deck="Green Stompy")
    await fake.wait_for(lambda: r.followups, timeout=60)
    live = await bot.svc.live(1)  # from storage: either worker may have started it
    rng = random.Random(2)
    # a few answers, then a restart while the duel goes on (twelve could end it: the computer has
    # won after eight of alice's random answers)
    for _ in range(4):
        await fake.wait_for(lambda: panel(alice) is not None or over(alice, live_thread(fake, bot, live)), timeout=60)
        assert not over(alice, live_thread(fake, bot, live)), "the duel ended before the restart"
        await do(alice, panel(alice), pick(panel(alice), rng))
    await fake.wait_for(lambda: panel(alice) is not None and idle(bot), timeout=60)
    now = await bot.svc.live(live.record.id)
    h, seq = now.duel.state_hash(), now.seq
    await running.stop()
    bot2 = ManaburnBot(path, guild_id=fake.guild.id, sweep_seconds=0)
    async with fake.run_bot(bot2):
        live2 = await bot2.svc.live(live.record.id)
        assert live2.duel.state_hash() == h and bot2.svc.computer_seat(live2) == 1
        await do(alice, panel(alice), pick(panel(alice), rng))
        await fake.wait_for(lambda: stored_past(bot2, live.record.id, seq), timeout=60)
        await fake.wait_for(lambda: idle(bot2), timeout=60)
        d = (await bot2.svc.live(live.record.id)).duel.pending
        assert d is None or d.player == 0  # the computer answered at once after the restart too
