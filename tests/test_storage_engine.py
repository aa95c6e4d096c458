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
