"""Trades in storage and in the collection service: proposals, accept / decline / withdraw /
expire, re-checks on accept, racing accepts (one connection and two), locked copies."""
from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.collection_service import CollectionError, CollectionService
from storage import ante as ante_store
from storage import collections as coll
from storage import duels as duel_store
from storage import ledger
from storage import trades as tr
from storage.db import Database

A, B, C = "100", "200", "300"
T0 = 1_700_000_000



async def give(db: Database, owner: str, *cards: str) -> list[int]:
    return [c.id for c in await coll.grant_cards(db, owner, [(n, "4ED") for n in cards], now=T0)]


async def owner(db: Database, copy_id: int) -> str:
    c = await coll.get_copy(db, copy_id)
    assert c is not None
    return c.owner_id


async def test_accept_swaps_everything_with_ledger_lines(db: Database) -> None:
    a = await give(db, A, "Lightning Bolt", "Mountain")
    b = await give(db, B, "Serra Angel")
    t = await tr.propose_trade(db, A, B, a, b, guild_id="9", now=T0)
    assert t.status == "proposed" and t.expires_at == T0 + tr.TRADE_SECONDS
    assert [i.card for i in t.gives] == ["Lightning Bolt", "Mountain"] and [i.card for i in t.wants] == ["Serra Angel"]
    with pytest.raises(tr.TradeError, match="Only the player"):
        await tr.accept_trade(db, t.id, A, now=T0 + 1)
    out = await tr.accept_trade(db, t.id, B, now=T0 + 2)
    assert out.ok and out.trade.status == "accepted" and out.trade.closed_at == T0 + 2
    assert [await owner(db, i) for i in a] == [B, B] and await owner(db, b[0]) == A
    lines = [x for x in await ledger.player_history(db, A) if x.kind == "trade"]
    assert {(x.copy_id, x.from_id, x.to_id, x.trade_id) for x in lines} == {
        (a[0], A, B, t.id), (a[1], A, B, t.id), (b[0], B, A, t.id)}
    with pytest.raises(tr.TradeError, match="already accepted"):
        await tr.accept_trade(db, t.id, B, now=T0 + 3)
    assert await ledger.check_ledger(db) == []


async def test_decline_withdraw_expire(db: Database) -> None:
    a = await give(db, A, "Forest", "Forest", "Forest")
    t1 = await tr.propose_trade(db, A, B, [a[0]], [], now=T0)
    t2 = await tr.propose_trade(db, A, B, [a[1]], [], now=T0)
    t3 = await tr.propose_trade(db, A, B, [a[2]], [], now=T0, seconds=60)
    with pytest.raises(tr.TradeError, match="Only the player this trade was offered to"):
        await tr.decline_trade(db, t1.id, A, now=T0)
    assert (await tr.decline_trade(db, t1.id, B, now=T0)).status == "declined"
    with pytest.raises(tr.TradeError, match="who proposed"):
        await tr.withdraw_trade(db, t2.id, B, now=T0)
    assert (await tr.withdraw_trade(db, t2.id, A, now=T0)).status == "withdrawn"
    assert [x.id for x in await tr.list_trades(db, B)] == [t3.id]
    assert await tr.expire_trades(db, now=T0 + 59) == []
    expired = await tr.expire_trades(db, now=T0 + 60)
    assert [x.id for x in expired] == [t3.id] and expired[0].status == "expired"
    # an accept after the expiry (before any sweep) expires it and moves nothing
    t4 = await tr.propose_trade(db, A, B, [a[0]], [], now=T0, seconds=60)
    out = await tr.accept_trade(db, t4.id, B, now=T0 + 61)
    assert not out.ok and out.trade.status == "expired"
    assert [await owner(db, i) for i in a] == [A, A, A]
    assert await tr.list_trades(db, A) == []
    assert len(await tr.list_trades(db, A, open_only=False)) == 4


async def test_proposals_that_cannot_be_made(db: Database) -> None:
    a = await give(db, A, "Forest")
    b = await give(db, B, "Island")
    for args, why in ((([b[0]], []), "not owned by you"), (([], [a[0]]), "is not one of <@200>'s copies free to trade"),
                      (([a[0], a[0]], []), "twice"), (([], []), "at least one"),
                      (([999], []), "no copy #999")):
        with pytest.raises(tr.TradeError, match=why):
            await tr.propose_trade(db, A, B, *args, now=T0)
    with pytest.raises(tr.TradeError, match="yourself"):
        await tr.propose_trade(db, A, A, a, [], now=T0)
    assert await tr.list_trades(db, A, open_only=False) == []


async def test_a_changed_copy_makes_the_accept_fail_and_nothing_moves(db: Database) -> None:
    a = await give(db, A, "Lightning Bolt", "Mountain")
    b = await give(db, B, "Serra Angel")
    c = await give(db, C, "Counterspell")
    t1 = await tr.propose_trade(db, A, B, [a[0], a[1]], [b[0]], now=T0)
    t2 = await tr.propose_trade(db, A, C, [a[0]], [c[0]], now=T0)  # the same Bolt, to carol
    assert (await tr.accept_trade(db, t2.id, C, now=T0 + 1)).ok
    out = await tr.accept_trade(db, t1.id, B, now=T0 + 2)
    assert not out.ok and out.trade.status == "failed"
    # (which of the two happened -- another owner, or locked in an ante duel -- is not said)
    assert f"#{a[0]} Lightning Bolt is no longer free to trade" in out.reason
    assert await owner(db, a[1]) == A and await owner(db, b[0]) == B  # nothing moved
    assert out.trade.reason == out.reason


async def test_locked_copies_cannot_be_offered_nor_accepted(db: Database) -> None:
    a = await give(db, A, *["Forest"] * 40)
    b = await give(db, B, *["Island"] * 40)
    t = await tr.propose_trade(db, A, B, [a[0]], [b[0]], now=T0)
    rec = await duel_store.create_duel(db, channel_id="1", player_ids=(A, B), player_names=("a", "b"), seed=1,
                                       options={"ante": True}, decks=(["Forest"] * 40, ["Island"] * 40),
                                       status="mulligans")
    await ante_store.bind_decks(db, rec.id, (["Forest"] * 40, ["Island"] * 40))
    with pytest.raises(tr.TradeError, match="locked in duel"):
        await tr.propose_trade(db, A, B, [a[1]], [], now=T0)
    out = await tr.accept_trade(db, t.id, B, now=T0 + 1)
    assert not out.ok and "no longer free to trade" in out.reason and "duel" not in out.reason
    assert await owner(db, a[0]) == A and await owner(db, b[0]) == B


async def test_racing_accepts_of_overlapping_trades(tmp_path: Path) -> None:
    """Two processes (two connections to one file) accept two trades wanting the same copy."""
    path = tmp_path / "race.db"
    for attempt in range(5):
        async with Database.open(path) as db:
            a = await give(db, A, "Lightning Bolt")
            c = await give(db, C, "Fireball")
            b = await give(db, B, "Serra Angel")
            t1 = await tr.propose_trade(db, A, B, a, b, now=T0)
            t2 = await tr.propose_trade(db, C, B, c, b, now=T0)
        db1, db2 = await Database.open(path), await Database.open(path)
        try:
            r1, r2 = await asyncio.gather(tr.accept_trade(db1, t1.id, B, now=T0 + 1),
                                          tr.accept_trade(db2, t2.id, B, now=T0 + 1))
            assert r1.ok != r2.ok
            winner = A if r1.ok else C
            assert await owner(db1, b[0]) == winner
            assert await owner(db1, a[0]) == (B if r1.ok else A)
            assert await owner(db1, c[0]) == (B if r2.ok else C)
            assert await ledger.check_ledger(db1) == []
        finally:
            await db1.close()
            await db2.close()
        _ = attempt


async def test_service_resolves_names_and_ids(db: Database) -> None:
    svc = CollectionService(db, now=lambda: T0)
    a = await give(db, A, "Lightning Bolt", "Lightning Bolt", "Mountain")
    b = await give(db, B, "Serra Angel", "Island")
    t = await svc.propose(A, B, "2 lightning bolt", f"#{b[0]}", guild_id="9", channel_id="1")
    assert [i.copy_id for i in t.gives] == a[:2] and [i.copy_id for i in t.wants] == [b[0]]
    for give_text, want_text, why in (("3 Lightning Bolt", None, "only 2"), ("Fireball", None, "own no Fireball"),
                                      (f"#{b[1]}", None, "not a copy you own"), (None, "Mountain", "They do not have 1 Mountain free to trade"),
                                      (f"Mountain, #{a[2]}", None, "named twice")):
        with pytest.raises(CollectionError, match=why):
            await svc.propose(A, B, give_text, want_text, guild_id="9", channel_id="1")
    assert "Trade #" in svc.trade_text(t) and "expires" in svc.trade_text(t)
    trade, note = await svc.answer_trade(t.id, B, "d")
    assert trade.status == "declined" and "was declined" in svc.trade_text(trade)
    with pytest.raises(CollectionError, match="already declined"):
        await svc.answer_trade(t.id, B, "a")
    assert "no open trades" in await svc.trades_text(A)
