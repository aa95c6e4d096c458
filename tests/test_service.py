"""The bot's duel service without Discord: persistence, auto-pass, races, restarts."""
from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.service import DuelError, DuelService
from engine.players.random_player import RandomPlayer
from storage import open_database
from storage.db import Database

ALICE, BOB = ("100", "alice"), ("200", "bob")


async def start(target: str, clock: list[float] | None = None) -> tuple[Database, DuelService, int]:
    db = await open_database(target)
    now = (lambda: clock[0]) if clock else None
    svc = DuelService(db, now=now) if now else DuelService(db)
    rec = await svc.challenge(guild_id="1", channel_id="2", challenger=ALICE, opponent=BOB,
                              deck="Red Burn", ante=False)
    await svc.accept(rec.id, BOB[0], "Green Stompy")
    return db, svc, rec.id


async def play_some(svc: DuelService, duel_id: int, n: int, seed: int = 1) -> None:
    bots = (RandomPlayer(seed), RandomPlayer(seed + 1))
    for _ in range(n):
        live = await svc.live(duel_id)
        d = live.duel.pending
        if d is None:
            return
        uid = live.record.player_ids[d.player]
        await svc.answer(duel_id, uid, live.seq, bots[d.player].choose(d))


async def test_answers_persist_and_replay_after_restart(db_target: str) -> None:
    db, svc, duel_id = await start(db_target)
    await play_some(svc, duel_id, 60)
    live = await svc.live(duel_id)
    h = live.duel.state_hash()
    seq = live.seq
    await db.close()
    db2 = await open_database(db_target)
    svc2 = DuelService(db2)
    assert duel_id in await svc2.resume_all()
    live2 = await svc2.live(duel_id)
    assert live2.duel.state_hash() == h and live2.seq == seq
    await db2.close()


async def test_wrong_player_stale_and_illegal_change_nothing(db_target: str) -> None:
    db, svc, duel_id = await start(db_target)
    live = await svc.live(duel_id)
    d = live.duel.pending
    other = live.record.player_ids[1 - d.player]
    me = live.record.player_ids[d.player]
    with pytest.raises(DuelError, match="not your decision"):
        await svc.answer(duel_id, other, live.seq, d.choices[0])
    with pytest.raises(DuelError, match="out of date"):
        await svc.answer(duel_id, me, live.seq - 1 if live.seq else live.seq + 5, d.choices[0])
    with pytest.raises(DuelError, match="Not legal"):
        await svc.answer(duel_id, me, live.seq, "cast Black Lotus")
    with pytest.raises(DuelError, match="not playing"):
        await svc.answer(duel_id, "999", live.seq, d.choices[0])
    assert (await svc.live(duel_id)).seq == live.seq
    await db.close()


async def test_racing_clicks_exactly_one_applies(db_target: str) -> None:
    db, svc, duel_id = await start(db_target)
    live = await svc.live(duel_id)
    d = live.duel.pending
    me = live.record.player_ids[d.player]
    results = await asyncio.gather(*(svc.answer(duel_id, me, live.seq, d.choices[0]) for _ in range(2)),
                                   return_exceptions=True)
    assert sum(not isinstance(r, Exception) for r in results) == 1
    assert sum(isinstance(r, DuelError) for r in results) == 1
    await db.close()


async def test_autopass_only_stops_for_decisions_that_matter(db_target: str) -> None:
    db, svc, duel_id = await start(db_target)
    await play_some(svc, duel_id, 40)
    live = await svc.live(duel_id)
    from bot.autopass import must_ask
    d = live.duel.pending
    assert d is None or must_ask(live.duel.game, d, live.stops[d.player])
    await db.close()


async def test_concede_finishes_and_is_final(db_target: str) -> None:
    db, svc, duel_id = await start(db_target)
    out = await svc.concede(duel_id, ALICE[0])
    assert out.finished and out.live.duel.winner == 1
    assert out.live.record.status == "finished" and out.live.record.result.reason == "conceded"
    with pytest.raises(DuelError, match="over"):
        await svc.concede(duel_id, BOB[0])
    await db.close()


async def test_claim_after_the_clock_runs_out(db_target: str) -> None:
    clock = [1_000_000.0]
    db, svc, duel_id = await start(db_target, clock)
    live = await svc.live(duel_id)
    waiting = live.record.player_ids[live.duel.pending.player]
    other = live.record.player_ids[1 - live.duel.pending.player]
    with pytest.raises(DuelError, match="not run out"):
        await svc.claim(duel_id, other)
    clock[0] += 25 * 3600
    with pytest.raises(DuelError, match="decision is yours"):
        await svc.claim(duel_id, waiting)
    out = await svc.claim(duel_id, other)
    assert out.finished and out.live.record.result.reason == "timed_out"
    assert out.live.record.player_ids[out.live.duel.winner] == other
    await db.close()


async def test_challenge_rules(db_target: str) -> None:
    db = await open_database(db_target)
    svc = DuelService(db)
    with pytest.raises(DuelError, match="yourself"):
        await svc.challenge(guild_id=None, channel_id="2", challenger=ALICE, opponent=ALICE, deck=None, ante=False)
    with pytest.raises(DuelError, match="No deck"):
        await svc.challenge(guild_id=None, channel_id="2", challenger=ALICE, opponent=BOB, deck="Nope", ante=False)
    # a duel for ante is played for keeps: the challenger's deck must be owned (issue 4)
    with pytest.raises(DuelError, match="for keeps"):
        await svc.challenge(guild_id=None, channel_id="2", challenger=ALICE, opponent=BOB, deck=None, ante=True)
    from engine.decks import PRECONS, decklist
    from storage.collections import grant_cards
    await grant_cards(db, ALICE[0], [(n, "4ED") for n in decklist(sorted(PRECONS)[0])])
    rec = await svc.challenge(guild_id=None, channel_id="2", challenger=ALICE, opponent=BOB, deck=None, ante=True)
    with pytest.raises(DuelError, match="Only the challenged"):
        await svc.accept(rec.id, ALICE[0], None)
    await svc.decline(rec.id, BOB[0])
    with pytest.raises(DuelError, match="no longer open"):
        await svc.accept(rec.id, BOB[0], None)
    await db.close()


async def test_duel_log_replays_with_manaburn_script(db_target: str) -> None:
    import yaml

    from bot.duel_log import duel_script
    from engine.scripts import run_script
    db, svc, duel_id = await start(db_target)
    await play_some(svc, duel_id, 100000)
    live = await svc.live(duel_id)
    assert live.duel.over
    doc = yaml.safe_load(duel_script(live, reveal_seed=True))
    res = run_script(doc)
    assert res.passed, res.reason
    assert str(live.record.seed) not in duel_script(live, reveal_seed=False)
    await db.close()


def test_decklists() -> None:
    from bot.decklists import DecklistError, parse_decklist
    assert parse_decklist("4 Lightning Bolt\n1x Fireball\nMountain") == ["Lightning Bolt"] * 4 + ["Fireball", "Mountain"]
    cod = ('<?xml version="1.0"?><cockatrice_deck version="1"><zone name="main">'
           '<card number="2" name="Shatter"/></zone><zone name="side"><card number="1" name="Twiddle"/></zone>'
           '</cockatrice_deck>')
    assert parse_decklist(cod) == ["Shatter", "Shatter"]
    for bad in ("", "0 Shatter", "<not xml", '<!DOCTYPE x [<!ENTITY a "b">]><x/>'):
        with pytest.raises(DecklistError):
            parse_decklist(bad)
