"""The storage keeps exactly what the engine needs: a stored duel replays to the same state."""
from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from storage import (Database, DuelResult, append_decision, create_duel, finish_duel,
                     load_duel)

engine = pytest.importorskip("engine")

DECKS = (["Forest"] * 30 + ["Grizzly Bears"] * 10, ["Mountain"] * 30 + ["Lightning Bolt"] * 10)


async def test_stored_duel_replays_to_the_same_state(tmp_path: Path) -> None:
    path = tmp_path / "duels.db"
    options = engine.DuelOptions(chooser=0)
    duel = engine.Duel.new(7, DECKS, options, ("Ann", "Bob"))
    rng = random.Random(1)
    async with Database.open(path) as db:
        rec = await create_duel(db, channel_id=1, player_ids=(11, 22), player_names=("Ann", "Bob"),
                                seed=7, decks=DECKS, options=options, status="playing")
        while duel.pending is not None and len(duel.history) < 120:
            pending = duel.pending
            before = len(duel.history)
            try:
                duel.apply(rng.choice(pending.choices), player=pending.player)
            except engine.IllegalAction:
                duel.apply("pass", player=pending.player)
            for who, text in duel.history[before:]:
                rec = await append_decision(db, rec.id, rec.seq, who, text, deadline=None)
        if duel.pending is not None:
            loser = duel.pending.player
            duel.concede(loser)
            rec = await append_decision(db, rec.id, rec.seq, loser, "concede", deadline=None,
                                        result=DuelResult(1 - loser, "conceded"))
        else:
            winner = duel.winner
            await finish_duel(db, rec.id, DuelResult(winner, "drawn" if winner is None else "won"))

    async with Database.open(path) as db:  # as after a restart
        stored, history = await load_duel(db, rec.id)
    assert history == duel.history
    rebuilt = engine.Duel.new(stored.seed, stored.decks, engine.DuelOptions(**stored.options),
                              stored.player_names).replay(history)
    assert rebuilt.state_hash() == duel.state_hash()
    assert dataclasses.asdict(engine.DuelOptions(**stored.options)) == dataclasses.asdict(options)


async def test_the_bot_resumes_a_duel_from_its_stored_snapshot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot stores a snapshot now and then (bot.service.snapshot_due: at a rest point
    SNAPSHOT_ANSWERS answers after the last, or at a turn's first once SNAPSHOT_TURN_ANSWERS
    passed), with the decisions that led there; a restarted bot rebuilds the duel from it (replaying only the decisions
    after it) to the state a full replay gives; a snapshot from another engine is ignored."""
    from bot.service import SNAPSHOT_ANSWERS, SNAPSHOT_TURN_ANSWERS, DuelService
    from engine import snapshot as snap
    from engine.players.random_player import RandomPlayer
    from storage import snapshots

    path = tmp_path / "bot.db"
    db = await Database.open(path)
    svc = DuelService(db)
    rec = await svc.challenge(guild_id="1", channel_id="2", challenger=("100", "ann"), opponent=("200", "bob"),
                              deck="Red Burn", ante=False)
    await svc.accept(rec.id, "200", "Green Stompy")
    players = (RandomPlayer(1), RandomPlayer(2))
    seqs = set()
    while True:
        live = await svc.live(rec.id)
        d = live.duel.pending
        if d is None or (live.seq >= 200 and seqs and max(seqs) < live.seq):  # answers after the last
            break
        await svc.answer(rec.id, live.record.player_ids[d.player], live.seq, players[d.player].choose(d))
        stored = await snapshots.load_snapshot(db, rec.id, snap.engine_version())
        if stored is not None:
            seqs.add(stored[0])
            assert stored[0] <= live.seq  # never ahead of the decisions on disk
    assert live.duel.pending is not None, "the duel ended too soon for the test"
    taken = sorted(seqs)
    assert len(taken) >= 3  # not one per click: SNAPSHOT_TURN_ANSWERS answers at least between two
    assert all(SNAPSHOT_TURN_ANSWERS <= b - a for a, b in zip([0] + taken, taken))
    assert all(b - a < 2 * SNAPSHOT_ANSWERS for a, b in zip(taken, taken[1:]))  # and not far apart
    want, seq = live.duel.state_hash(), live.seq
    stored = await snapshots.load_snapshot(db, rec.id, snap.engine_version())
    assert stored is not None and 0 < stored[0] < seq
    await db.close()

    resumed: list[int] = []
    real = engine.Duel._resumed.__func__

    def spy(cls: type, *a: object, **kw: object) -> object:
        resumed.append(1)
        return real(cls, *a, **kw)
    monkeypatch.setattr(engine.Duel, "_resumed", classmethod(spy))

    async def reload() -> object:
        db = await Database.open(path)  # as after a restart
        try:
            live = await DuelService(db).live(rec.id)
            stored_rec, history = await load_duel(db, rec.id)
        finally:
            await db.close()
        full = engine.Duel.new(stored_rec.seed, stored_rec.decks, engine.DuelOptions(**stored_rec.options),
                               stored_rec.player_names).replay(history)
        assert live.duel.state_hash() == full.state_hash() == want and live.seq == seq
        return live
    await reload()
    assert resumed == [1]  # from the snapshot
    # a snapshot another engine made: ignored (a full replay), the same duel
    monkeypatch.setattr(snap, "engine_version", lambda: "another engine")
    monkeypatch.setattr("bot.service.engine_version", snap.engine_version)
    await reload()
    assert resumed == [1]
