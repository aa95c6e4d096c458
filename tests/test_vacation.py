"""/vacation: a player's clocks stop in every duel and match for up to 14 days a month;
the opponent sees it on the board; a win cannot be claimed meanwhile."""
from __future__ import annotations

from pathlib import Path

import pytest

from bot.app import ManaburnBot
from bot.errors import DuelError
from bot.service import DuelService
from fakediscord import FakeDiscord
from storage import open_database
from test_leagues import said

pytest_plugins = ["fakediscord.pytest_plugin"]

DAY = 24 * 3600
T0 = 1_798_761_600  # 2027-01-01 00:00 UTC


async def test_vacation_stops_clocks_in_duels_and_matches(db_target: str) -> None:
    t = [float(T0 + 5 * DAY)]
    svc = DuelService(await open_database(db_target), now=lambda: t[0], new_seed=lambda: 3)
    a, b = ("1", "alice"), ("2", "bob")
    rec = await svc.challenge(guild_id="9", channel_id="5", challenger=a, opponent=b, deck="Red Burn", ante=False,
                              clock_seconds=3600)
    live = await svc.accept(rec.id, "2", "Green Stompy")
    waiting = live.record.player_ids[live.duel.pending.player]
    other = "1" if waiting == "2" else "2"
    t[0] += 1800  # half the clock gone
    ends, moved, _ = await svc.vacation(waiting, 3)
    assert ends == int(t[0]) + 3 * DAY and [m.record.id for m in moved] == [rec.id]
    live = await svc.live(rec.id)
    assert live.record.deadline == ends + 1800  # the half hour left, after the vacation
    assert live.away[live.duel.pending.player] == ends
    t[0] += 3600
    with pytest.raises(DuelError, match="has not run out"):
        await svc.claim(rec.id, other)
    # the month's budget: 3 taken, 11 left
    with pytest.raises(DuelError, match="You have 11 vacation days left this month"):
        await svc.vacation(waiting, 12)
    assert (await svc.live(rec.id)).record.deadline == ends + 1800  # nothing changed
    with pytest.raises(DuelError, match="1 to 14 days"):
        await svc.vacation(waiting, 15)
    # a second vacation follows the first; its days count in the month it starts
    ends2, _, _ = await svc.vacation(waiting, 2)
    assert ends2 == ends + 2 * DAY
    assert (await svc.live(rec.id)).record.deadline == ends2 + 1800
    # after the vacation the clock runs out and the win can be claimed
    t[0] = ends2 + 1801
    out = await svc.claim(rec.id, other)
    assert out.finished and out.live.record.result.reason == "timed_out"

    # a decision that passes to a player on vacation: their clock starts when they are back
    rec = await svc.challenge(guild_id="9", channel_id="5", challenger=a, opponent=b, deck="Red Burn", ante=False,
                              clock_seconds=3600)
    live = await svc.accept(rec.id, "2", "Green Stompy")
    p = live.duel.pending.player
    mover = live.record.player_ids[p]
    away = live.record.player_ids[1 - p]
    ends3, moved, _ = await svc.vacation(away, 1)  # not their move: no deadline moves now
    assert moved == []
    for _ in range(50):
        d = live.duel.pending
        if live.record.player_ids[d.player] == away:
            break
        out = await svc.answer(rec.id, live.record.player_ids[d.player], live.seq, d.choices[0])
        live = out.live
    assert live.record.player_ids[live.duel.pending.player] == away
    assert live.record.deadline == ends3 + 3600
    _ = mover

    # a match between games waits for a player on vacation who has not confirmed their deck
    t[0] = float(T0 + 40 * DAY)  # February: a new month's days
    rec = await svc.challenge(guild_id="9", channel_id="5", challenger=a, opponent=b, deck="Red Burn", ante=False,
                              clock_seconds=3600, best_of=3)
    await svc.accept(rec.id, "2", "Green Stompy")
    await svc.concede(rec.id, "1")
    m = (await svc.matches.of_duel(rec.id))[0]
    assert m.status == "sideboarding" and m.deadline == int(t[0]) + 3600
    ends4, _, moved_matches = await svc.vacation("1", 4)
    assert [x.id for x in moved_matches] == [m.id] and moved_matches[0].deadline == ends4 + 3600
    t[0] += 2 * 3600
    assert await svc.matches.overdue() == []  # the next game waits
    await svc.close()


async def test_the_opponent_sees_the_vacation_on_the_board(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    bot = ManaburnBot(str(tmp_path / "m.db"), guild_id=fake.guild.id, sweep_seconds=0)
    async with fake.run_bot(bot):
        r = await alice.slash("challenge", opponent=bob, deck="Red Burn")
        challenge = r.message
        acc = await bob.click(challenge, "Accept")
        await bob.select(acc.message, "Choose your deck", ["Green Stompy"])
        await fake.wait_for(lambda: challenge.thread is not None and any(
            m.text.startswith("**Duel #1") for m in bob.visible_messages(challenge.thread)), timeout=10)
        live = await bot.svc.live(1)
        waiting = alice if live.record.player_ids[live.duel.pending.player] == str(alice.id) else bob
        text = await said(await waiting.slash("vacation", days=2))
        assert "You are on vacation until <t:" in text and "1 duel waiting for you" in text
        assert "League rounds wait for no one" in text
        board = next(m for m in alice.visible_messages(challenge.thread) if m.text.startswith("**Duel #1"))
        await fake.wait_for(lambda: "(on vacation until <t:" in board.text, timeout=5)
        await fake.wait_for(lambda: any(f"{waiting.username} is on vacation until <t:" in m.text
                                        for m in alice.visible_messages(challenge.thread)), timeout=5)
        text = await said(await waiting.slash("vacation", days=13))
        assert "You have 12 vacation days left this month" in text


async def test_vacation_ends_reads_several_players_in_one_query(db_target: str) -> None:
    """storage.vacations.vacation_ends: the latest end of each player's vacations running
    at *now* or booked after it, None for a player with none (what vacation_end says of each)."""
    from storage import vacations
    db = await open_database(db_target)
    try:
        await vacations.add_vacation(db, "1", 100, 200, 1)
        await vacations.add_vacation(db, "1", 200, 300, 1)
        await vacations.add_vacation(db, "2", 10, 50, 1)  # over at 150
        ends = await vacations.vacation_ends(db, ("1", "2"), 150)
        assert ends == {"1": 300, "2": None}
        assert ends == {u: await vacations.vacation_end(db, u, 150) for u in ("1", "2")}
    finally:
        await db.close()
