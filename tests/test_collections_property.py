"""Property test: thousands of random grants, trades and ante results.

A small model of who owns what runs beside the database and predicts every
outcome (a trade goes through only if every copy is still where the proposal
saw it and none is locked in a running ante duel; an ante duel moves exactly
the copies the "engine" says).  After every step the number of copies equals
what was granted; at the end every copy has exactly one owner, the ledger
replays to the current ownership, and each copy was created exactly once.
"""
from __future__ import annotations

import random
from pathlib import Path

from storage import ante as ante_store
from storage import collections as coll
from storage import duels as duel_store
from storage import ledger
from storage import trades as tr
from storage.db import Database

PLAYERS = ("1", "2", "3", "4")
CARDS = ("Forest", "Island", "Lightning Bolt", "Serra Angel", "Counterspell", "Giant Growth")
STEPS = 1200
SEEDS = (1, 2, 3)  # 3600 random operations in all


async def run(path: Path, seed: int) -> dict[str, int]:
    rng = random.Random(seed)
    owners: dict[int, str] = {}          # the model: copy -> owner
    locked: dict[int, int] = {}          # copy -> running duel
    running: dict[int, dict[tuple[int, int], int]] = {}  # duel -> bound copies
    trades: dict[int, tuple[str, str, list[int], list[int]]] = {}
    granted = 0
    stats = {"grant": 0, "accepted": 0, "failed": 0, "declined": 0, "withdrawn": 0, "expired": 0,
             "refused": 0, "duels": 0, "settled": 0, "not_owned": 0}
    now = 1_700_000_000
    async with Database.open(path) as db:
        for step in range(STEPS):
            now += rng.randrange(1, 600)
            op = rng.random()
            if op < 0.15 or not owners:
                who = rng.choice(PLAYERS)
                cards = [(rng.choice(CARDS), "4ED") for _ in range(rng.randrange(1, 4))]
                for c in await coll.grant_cards(db, who, cards, now=now):
                    owners[c.id] = who
                granted += len(cards)
                stats["grant"] += 1
            elif op < 0.45:
                a, b = rng.sample(PLAYERS, 2)
                # proposals from a possibly stale look at the collections
                mine = [c for c, o in owners.items() if o == a]
                theirs = [c for c, o in owners.items() if o == b]
                give = rng.sample(mine, min(len(mine), rng.randrange(0, 3)))
                want = rng.sample(theirs, min(len(theirs), rng.randrange(0, 3)))
                ok = bool(give or want) and not any(c in locked for c in give + want)
                try:
                    t = await tr.propose_trade(db, a, b, give, want, now=now, seconds=rng.choice((600, 86400)))
                except tr.TradeError:
                    assert not ok
                    stats["refused"] += 1
                else:
                    assert ok
                    trades[t.id] = (a, b, give, want)
            elif op < 0.70 and trades:
                tid = rng.choice(sorted(trades))
                a, b, give, want = trades[tid]
                trade = await tr.get_trade(db, tid)
                assert trade is not None and trade.open
                what = rng.random()
                if what < 0.6:
                    out = await tr.accept_trade(db, tid, b, now=now)
                    if now >= trade.expires_at:
                        assert out.trade.status == "expired"
                        stats["expired"] += 1
                    else:
                        expect = (all(owners[c] == a for c in give) and all(owners[c] == b for c in want)
                                  and not any(c in locked for c in give + want))
                        assert out.ok == expect, (step, out.reason)
                        if out.ok:
                            for c in give:
                                owners[c] = b
                            for c in want:
                                owners[c] = a
                            stats["accepted"] += 1
                        else:
                            stats["failed"] += 1
                elif what < 0.8:
                    await tr.decline_trade(db, tid, b, now=now)
                    stats["declined"] += 1
                else:
                    await tr.withdraw_trade(db, tid, a, now=now)
                    stats["withdrawn"] += 1
                del trades[tid]
            elif op < 0.80:
                for t in await tr.expire_trades(db, now=now):
                    del trades[t.id]
                    stats["expired"] += 1
            elif op < 0.90:
                a, b = rng.sample(PLAYERS, 2)
                decks = [[rng.choice(CARDS) for _ in range(rng.randrange(1, 5))] for _ in (a, b)]
                rec = await duel_store.create_duel(db, channel_id="1", guild_id="9", player_ids=(a, b),
                                                   player_names=("a", "b"), seed=1, options={"ante": True},
                                                   decks=decks, status="mulligans", now=now)
                try:
                    bound = await ante_store.bind_decks(db, rec.id, decks)
                except ante_store.NotOwned:
                    await duel_store.set_status(db, rec.id, "cancelled", now=now)
                    stats["not_owned"] += 1
                else:
                    for pos, cid in bound.items():
                        assert owners[cid] == (a, b)[pos[0]] and cid not in locked
                        locked[cid] = rec.id
                    running[rec.id] = bound
                    stats["duels"] += 1
            elif running:
                duel_id = rng.choice(sorted(running))
                bound = running.pop(duel_id)
                rec = await duel_store.get_duel(db, duel_id)
                assert rec is not None
                winner = rng.choice((0, 1, None))
                result = duel_store.DuelResult(winner, "drawn" if winner is None else rng.choice(
                    ("won", "conceded", "timed_out")))
                # what an engine would say: one ante card per player; the winner owns both
                antes = [rng.choice([pos for pos in bound if pos[0] == p]) for p in (0, 1)]
                final = {pos: pos[0] for pos in bound}
                if winner is not None:
                    for pos in antes:
                        final[pos] = winner
                async with db.transaction():  # the final decision and the settlement together
                    await duel_store.finish_duel(db, duel_id, result, now=now)
                    r = await ante_store.settle(db, duel_id, final, [(pos, "?", final[pos]) for pos in antes],
                                                now=now)
                assert r.changed
                again = await ante_store.settle(db, duel_id, final, [], now=now + 1)  # processed twice
                assert not again.changed and again.settled_at == r.settled_at
                for pos, cid in bound.items():
                    del locked[cid]
                    owners[cid] = rec.player_ids[final[pos]]
                stats["settled"] += 1
            if step % 100 == 0:
                assert await coll.count_copies(db) == granted
        # the end: copies unchanged in number, one owner each, the ledger replays to them
        assert await coll.count_copies(db) == granted == len(owners)
        rows = await db.fetchall("SELECT id, owner_id FROM copies")
        assert {r["id"]: r["owner_id"] for r in rows} == owners
        assert all(r["owner_id"] in PLAYERS for r in rows)
        assert await ledger.replay(db) == owners
        assert await ledger.check_ledger(db) == []
        created = await db.fetchall("SELECT copy_id, count(*) AS n FROM ledger WHERE from_id IS NULL"
                                    " GROUP BY copy_id")
        assert len(created) == granted and all(r["n"] == 1 for r in created)
        moved = await db.fetchone("SELECT count(*) FROM ledger WHERE kind = 'ante'")
        assert moved is not None
    return stats


async def test_random_grants_trades_and_antes_keep_ownership_consistent(tmp_path: Path) -> None:
    totals: dict[str, int] = {}
    for seed in SEEDS:
        stats = await run(tmp_path / f"p{seed}.db", seed)
        for k, v in stats.items():
            totals[k] = totals.get(k, 0) + v
    # the random walk really exercised every path
    for k in ("accepted", "failed", "declined", "withdrawn", "expired", "refused", "settled", "not_owned"):
        assert totals[k] > 0, (k, totals)
