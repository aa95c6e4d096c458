"""Tests of the storage layer (storage/): SQLite file, migrations, duels, decks, settings."""
from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import os
import sqlite3
import sys
from pathlib import Path
from typing import Any

import aiosqlite
import pytest

from storage import (KEEP, MIGRATIONS, Database, DeckExists, DuelNotActive, DuelNotFound,
                     DuelRecord, DuelResult, Migration, SchemaTooNew, StaleDecision,
                     StatusConflict, append_decision, create_duel, delete_deck, finish_duel,
                     get_deck, get_duel, get_phase_stops, get_player_settings, list_decks,
                     list_duels_for_user, list_overdue, list_unfinished, load_duel, load_history,
                     list_unpublished, save_deck, set_deck, set_message_ids, set_phase_stops, set_published,
                     set_published_many, set_reminded, set_status)
from storage.migrations import latest_version, migrate, split_sql
from storage.duels import load_since
from storage.errors import INTEGRITY_ERRORS

REPO = Path(__file__).resolve().parents[1]
LATEST = latest_version()
T0 = 1_700_000_000  # a fixed "now" (unix seconds)


async def new_duel(db: Database, **kw: object) -> DuelRecord:
    args: dict[str, object] = dict(guild_id=10, channel_id=11, player_ids=(101, 202),
                                   player_names=("Ann", "Bob"), seed=42, now=T0)
    args.update(kw)
    return await create_duel(db, **args)  # type: ignore[arg-type]


async def playing_duel(db: Database, **kw: object) -> DuelRecord:
    return await new_duel(db, status="playing", decks=(["Forest"] * 20, ["Mountain"] * 20), **kw)


def file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# ------------------------------------------------------------------ the file
async def test_open_creates_file_with_wal_and_pragmas(tmp_path: Path) -> None:
    path = tmp_path / "sub.db"
    db = await Database.open(path)
    try:
        assert path.exists()
        assert await db.pragma("journal_mode") == "wal"
        assert await db.pragma("synchronous") == 2  # FULL
        assert await db.pragma("foreign_keys") == 1
        assert await db.pragma("busy_timeout") >= 1000
        assert await db.schema_version() == LATEST
        await new_duel(db)
        assert Path(f"{path}-wal").exists()  # WAL really in use
    finally:
        await db.close()
    await db.close()  # idempotent
    assert db.closed
    # The mode is persistent in the file.
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    raw.close()


async def test_open_as_context_manager_and_reopen(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    async with Database.open(path) as db:
        rec = await new_duel(db)
    assert db.closed
    db2 = await Database.open(path)
    async with db2:
        assert await get_duel(db2, rec.id) == rec
    assert db2.closed


async def test_transaction_rolls_back_on_error(db: Database) -> None:
    rec = await new_duel(db)
    with pytest.raises(RuntimeError):
        async with db.transaction() as conn:
            await conn.execute("UPDATE duels SET player0_name = 'X' WHERE id = ?", (rec.id,))
            raise RuntimeError("boom")
    assert (await get_duel(db, rec.id)) == rec
    # Nested transaction() joins; read() cannot be upgraded to a write.
    async with db.transaction():
        async with db.transaction() as conn:
            await conn.execute("UPDATE duels SET player0_name = 'Y' WHERE id = ?", (rec.id,))
        async with db.read():
            pass
    assert (await get_duel(db, rec.id)).player_names[0] == "Y"  # type: ignore[union-attr]
    with pytest.raises(RuntimeError):
        async with db.read():
            async with db.transaction():
                pass


async def test_write_is_a_transaction_of_its_own_in_one_hand_over(db: Database) -> None:
    """Database.write: BEGIN IMMEDIATE, the function, COMMIT on the connection's thread;
    everything rolled back if the function raises; inside a transaction it joins it."""
    rec = await new_duel(db)

    def rename_then(fail: bool) -> Any:
        def fn(conn: sqlite3.Connection) -> str:
            conn.execute("UPDATE duels SET player0_name = 'W' WHERE id = ?", (rec.id,))
            if fail:
                raise ValueError("after the write")
            return "done"
        return fn

    with pytest.raises(ValueError):
        await db.write(rename_then(True))
    assert (await get_duel(db, rec.id)) == rec  # rolled back
    assert await db.write(rename_then(False)) == "done"
    assert (await get_duel(db, rec.id)).player_names[0] == "W"  # type: ignore[union-attr]
    with pytest.raises(ValueError):  # joined: the outer transaction rolls back both
        async with db.transaction() as conn:
            await conn.execute("UPDATE duels SET player1_name = 'V' WHERE id = ?", (rec.id,))
            await db.write(rename_then(True))
    assert (await get_duel(db, rec.id)).player_names[1] == rec.player_names[1]  # type: ignore[union-attr]
    with pytest.raises(RuntimeError):
        async with db.read():
            await db.write(rename_then(False))
    # a cancelled writer leaves the connection usable, its write whole or absent
    task = asyncio.ensure_future(db.write(rename_then(False)))
    await asyncio.sleep(0)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert await db.write(lambda conn: 1) == 1


@pytest.mark.postgres
async def test_a_write_cancelled_during_a_statement_runs_nothing_after_it(pg_url: str) -> None:
    """PostgreSQL: a write function cancelled while one of its statements runs stops
    there (the cancel is raised in it), the transaction is rolled back, and none of its
    later statements runs, in that transaction or outside it."""
    from storage import open_database
    db = await open_database(pg_url)
    try:
        rec = await new_duel(db)
        ran: list[str] = []

        def fn(conn: Any) -> None:
            conn.execute("UPDATE duels SET player0_name = 'A' WHERE id = ?", (rec.id,))
            ran.append("first")
            conn.execute("SELECT pg_sleep(0.5)")
            conn.execute("UPDATE duels SET player1_name = 'B' WHERE id = ?", (rec.id,))
            ran.append("after")

        task = asyncio.ensure_future(db.write(fn))
        while not ran:
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.1)  # in the pg_sleep
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        await asyncio.sleep(1.0)  # past the sleep: anything left of the function would have run
        assert ran == ["first"]
        assert (await get_duel(db, rec.id)) == rec
        assert await db.write(lambda conn: 1) == 1
    finally:
        await db.close()


async def test_cancelled_task_leaves_connection_clean(db: Database) -> None:
    rec = await playing_duel(db)
    started = asyncio.Event()

    async def slow() -> None:
        async with db.transaction() as conn:
            await conn.execute("UPDATE duels SET player0_name = 'Z' WHERE id = ?", (rec.id,))
            started.set()
            await asyncio.sleep(10)

    task = asyncio.create_task(slow())
    await started.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert (await get_duel(db, rec.id)) == rec  # rolled back
    assert (await append_decision(db, rec.id, 0, 0, "pass", deadline=None)).seq == 1


# --------------------------------------------------------------------- duels
async def test_create_and_get_duel(db: Database) -> None:
    rec = await new_duel(db, deadline=T0 + 600, clock_seconds=120,
                         options={"ante": True, "starting_life": 20, "chooser": None})
    assert isinstance(rec.id, int)
    assert rec.guild_id == "10" and rec.channel_id == "11"
    assert rec.player_ids == ("101", "202") and rec.player_names == ("Ann", "Bob")
    assert rec.status == "challenged" and rec.result is None and rec.active
    assert rec.seq == 0 and rec.deadline == T0 + 600 and rec.clock_seconds == 120
    assert rec.decks == (None, None)
    assert rec.options == {"ante": True, "starting_life": 20, "chooser": None}
    assert rec.created_at == rec.updated_at == T0
    assert rec.player_index(202) == 1 and rec.player_index("303") is None
    assert await get_duel(db, rec.id) == rec
    assert await get_duel(db, 999_999) is None
    with pytest.raises(DuelNotFound):
        await load_history(db, 999_999)
    assert await load_history(db, rec.id) == []
    other = await new_duel(db)
    assert other.id > rec.id


async def test_options_from_a_dataclass_round_trip(db: Database) -> None:
    @dataclasses.dataclass(frozen=True)
    class Options:  # the shape of engine.DuelOptions
        ante: bool = False
        ante_face_up: bool = True
        starting_life: int = 20
        chooser: int | None = None

    opts = Options(ante=True, chooser=1)
    rec = await new_duel(db, options=opts)
    assert Options(**(await get_duel(db, rec.id)).options) == opts  # type: ignore[union-attr]


async def test_create_rejects_bad_arguments(db: Database) -> None:
    class Member:  # stands for a discord.py object
        id = 5

    with pytest.raises(TypeError):
        await new_duel(db, player_ids=(Member(), 202))
    with pytest.raises(TypeError):
        await new_duel(db, channel_id=Member())
    with pytest.raises(ValueError):
        await new_duel(db, status="finished")
    with pytest.raises(ValueError):
        await new_duel(db, seed=2 ** 64)
    with pytest.raises(ValueError):
        await new_duel(db, player_ids=(1, 2, 3))
    with pytest.raises(TypeError):
        await new_duel(db, decks=("Forest", None))
    with pytest.raises(TypeError):
        await new_duel(db, options={"when": object()})
    assert await list_unfinished(db) == []


async def test_append_and_load(db: Database) -> None:
    rec = await playing_duel(db)
    rec = await append_decision(db, rec.id, 0, 0, "choose play", deadline=T0 + 60,
                                status="mulligans", now=T0 + 1)
    assert (rec.seq, rec.status, rec.deadline, rec.updated_at) == (1, "mulligans", T0 + 60, T0 + 1)
    rec = await append_decision(db, rec.id, 1, 1, "keep", deadline=None, now=T0 + 2)
    assert (rec.seq, rec.status, rec.deadline) == (2, "mulligans", None)
    rec = await append_decision(db, rec.id, 2, 0, "keep", deadline=T0 + 90, status="playing")
    assert await load_history(db, rec.id) == [(0, "choose play"), (1, "keep"), (0, "keep")]
    header, history = await load_duel(db, rec.id)
    assert header == rec and len(history) == header.seq == 3
    with pytest.raises(ValueError):
        await append_decision(db, rec.id, 3, 2, "pass", deadline=None)
    with pytest.raises(ValueError):
        await append_decision(db, rec.id, 3, 0, "", deadline=None)
    with pytest.raises(DuelNotFound):
        await append_decision(db, 12345, 0, 0, "pass", deadline=None)


async def test_load_since_gives_what_a_copy_at_seq_lacks(db: Database) -> None:
    rec = await playing_duel(db)
    assert await load_since(db, rec.id, 0) == (rec, [], (None, None))
    for i, (p, t) in enumerate([(0, "choose play"), (1, "keep"), (0, "keep")]):
        rec = await append_decision(db, rec.id, i, p, t, deadline=None)
    assert await load_since(db, rec.id, 1) == (rec, [(1, "keep"), (0, "keep")], (None, None))
    # the players' phase stops ride in the same statement (None: never set)
    await set_phase_stops(db, 202, ["my upkeep"])
    assert await load_since(db, rec.id, 3) == (rec, [], (None, frozenset({"my upkeep"})))
    with pytest.raises(DuelNotFound):
        await load_since(db, 12345, 0)


async def test_append_decisions_checks_the_stops_they_were_made_with(db: Database) -> None:
    """A worker that answered from its cached copy passes the stops it used: the write
    refuses (nothing stored) when a player's stored stops differ from them."""
    from storage.duels import append_decisions
    from storage.errors import StaleStops
    default = frozenset({"my main"})
    rec = await playing_duel(db)
    rec = await append_decisions(db, rec.id, 0, [(0, "choose play")], deadline=None,
                                 stops=(default, default), default_stops=default)  # never set: the default
    assert rec.seq == 1
    await set_phase_stops(db, 101, ["my upkeep"])  # through another worker
    with pytest.raises(StaleStops):
        await append_decisions(db, rec.id, 1, [(1, "keep")], deadline=None, stops=(default, default),
                               default_stops=default)
    assert (await load_since(db, rec.id, 0))[0].seq == 1  # nothing written
    rec = await append_decisions(db, rec.id, 1, [(1, "keep")], deadline=None,
                                 stops=(frozenset({"my upkeep"}), default), default_stops=default)
    assert rec.seq == 2


async def test_append_several_decisions_in_one_write(db: Database) -> None:
    """An answer and the passes after it: one transaction, checked once, each decision at
    its own seq (the schema's triggers still see them one at a time)."""
    from storage.duels import append_decisions
    rec = await playing_duel(db)
    rec = await append_decisions(db, rec.id, 0, [(0, "choose play"), (1, "keep"), (0, "keep")],
                                 deadline=T0 + 90, status="mulligans", now=T0 + 1)
    assert (rec.seq, rec.status, rec.deadline) == (3, "mulligans", T0 + 90)
    with pytest.raises(StaleDecision):  # nothing written: the whole batch or none
        await append_decisions(db, rec.id, 2, [(1, "pass"), (0, "pass")], deadline=None)
    with pytest.raises(ValueError):
        await append_decisions(db, rec.id, 3, [(1, "pass"), (0, "")], deadline=None)
    rec = await append_decisions(db, rec.id, 3, [(1, "pass"), (0, "concede")], deadline=None,
                                 result=DuelResult(1, "conceded"))
    assert (rec.seq, rec.status, rec.result) == (5, "finished", DuelResult(1, "conceded"))
    assert await load_history(db, rec.id) == [(0, "choose play"), (1, "keep"), (0, "keep"), (1, "pass"),
                                              (0, "concede")]


async def test_stale_seq_rejected_and_nothing_written(db: Database) -> None:
    rec = await playing_duel(db)
    rec = await append_decision(db, rec.id, 0, 0, "pass", deadline=T0 + 60, now=T0 + 5)
    for stale in (0, 2, 7):
        with pytest.raises(StaleDecision) as info:
            await append_decision(db, rec.id, stale, 1, "pass", deadline=T0 + 999,
                                  status="mulligans", now=T0 + 9)
        assert (info.value.expected_seq, info.value.actual_seq) == (stale, 1)
    assert await load_duel(db, rec.id) == (rec, [(0, "pass")])


async def test_decision_on_finished_duel_rejected(db: Database) -> None:
    rec = await playing_duel(db)
    await finish_duel(db, rec.id, DuelResult(0, "won"))
    with pytest.raises(DuelNotActive) as info:
        await append_decision(db, rec.id, 0, 1, "pass", deadline=None)
    assert isinstance(info.value, StaleDecision) and info.value.status == "finished"
    assert await load_history(db, rec.id) == []


async def test_concede_appends_and_finishes_in_one_transaction(db: Database) -> None:
    rec = await playing_duel(db, deadline=T0 + 60)
    rec = await append_decision(db, rec.id, 0, 1, "concede", deadline=T0 + 120,
                                result=DuelResult(0, "conceded"))
    assert rec.status == "finished" and rec.result == DuelResult(0, "conceded")
    assert rec.deadline is None and rec.seq == 1 and not rec.active
    assert await load_history(db, rec.id) == [(1, "concede")]


async def test_race_two_connections_exactly_one_wins(tmp_path: Path) -> None:
    path = tmp_path / "race.db"
    async with Database.open(path) as a, Database.open(path) as b:
        for _ in range(10):
            rec = await playing_duel(a)
            results = await asyncio.gather(
                append_decision(a, rec.id, 0, 0, "cast Giant Growth", deadline=None),
                append_decision(b, rec.id, 0, 1, "pass", deadline=None),
                return_exceptions=True)
            winners = [r for r in results if isinstance(r, DuelRecord)]
            losers = [r for r in results if isinstance(r, StaleDecision)]
            assert len(winners) == 1 and len(losers) == 1, results
            assert winners[0].seq == 1 and losers[0].actual_seq == 1
            expected = [(0, "cast Giant Growth")] if results[0] is winners[0] else [(1, "pass")]
            assert await load_history(a, rec.id) == expected
            assert await load_history(b, rec.id) == expected


async def test_race_many_clicks_on_one_connection(db: Database) -> None:
    rec = await playing_duel(db)
    results = await asyncio.gather(
        *(append_decision(db, rec.id, 0, i % 2, f"click {i}", deadline=None) for i in range(8)),
        return_exceptions=True)
    assert sum(isinstance(r, DuelRecord) for r in results) == 1
    assert sum(isinstance(r, StaleDecision) for r in results) == 7
    assert len(await load_history(db, rec.id)) == 1


_CRASHER = """
import asyncio, sys
from storage import Database, append_decision, create_duel

async def main(path):
    db = await Database.open(path)
    rec = await create_duel(db, channel_id=1, player_ids=(1, 2), player_names=("A", "B"),
                            seed=7, status="playing")
    for i in range(3):
        await append_decision(db, rec.id, i, i % 2, f"answer {i}", deadline=None)
    print(rec.id, flush=True)      # acknowledged: the commit has returned
    await asyncio.sleep(60)        # killed here, without close()

asyncio.run(main(sys.argv[1]))
"""


async def test_acknowledged_decisions_survive_a_killed_process(tmp_path: Path) -> None:
    path = tmp_path / "crash.db"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO),
                                                                       os.environ.get("PYTHONPATH")]))}
    proc = await asyncio.create_subprocess_exec(sys.executable, "-c", _CRASHER, str(path),
                                                stdout=asyncio.subprocess.PIPE,
                                                stderr=asyncio.subprocess.PIPE, env=env)
    try:
        line = await asyncio.wait_for(proc.stdout.readline(), 20)  # type: ignore[union-attr]
        assert line.strip(), (await proc.stderr.read()).decode()  # type: ignore[union-attr]
        duel_id = int(line)
    finally:
        proc.kill()  # SIGKILL: no close(), no checkpoint, no atexit
        await proc.wait()
    wal = Path(f"{path}-wal")
    assert wal.exists() and wal.stat().st_size > 0  # the commits live only in the WAL
    async with Database.open(path) as db:
        rec, history = await load_duel(db, duel_id)
    assert rec.seq == 3
    assert history == [(0, "answer 0"), (1, "answer 1"), (0, "answer 2")]


async def test_1000_decisions_round_trip_in_order(db: Database) -> None:
    rec = await playing_duel(db)
    expected = []
    for i in range(1000):
        player, text = i % 2, f"answer {i}"
        rec = await append_decision(db, rec.id, i, player, text, deadline=T0 + i)
        expected.append((player, text))
    assert rec.seq == 1000
    assert await load_history(db, rec.id) == expected


# ------------------------------------------------------------ header changes
async def test_finish_is_idempotent(db: Database) -> None:
    rec = await playing_duel(db, deadline=T0 + 60)
    first = await finish_duel(db, rec.id, DuelResult(1, "timed_out"), now=T0 + 100)
    assert first.changed
    assert first.record.status == "finished" and first.record.result == DuelResult(1, "timed_out")
    assert first.record.deadline is None and first.record.updated_at == T0 + 100
    again = await finish_duel(db, rec.id, DuelResult(0, "conceded"), now=T0 + 200)
    assert not again.changed and again.record == first.record
    assert await get_duel(db, rec.id) == first.record
    with pytest.raises(StatusConflict):
        await set_status(db, rec.id, "playing")


async def test_draw_and_result_validation(db: Database) -> None:
    rec = await playing_duel(db)
    out = await finish_duel(db, rec.id, DuelResult(None, "drawn"))
    assert out.record.result == DuelResult(None, "drawn")
    with pytest.raises(ValueError):
        DuelResult(0, "drawn")
    with pytest.raises(ValueError):
        DuelResult(None, "won")
    with pytest.raises(ValueError):
        DuelResult(2, "won")
    with pytest.raises(ValueError):
        DuelResult(0, "resigned")


async def test_challenge_accept_expire_and_cancel(db: Database) -> None:
    ch = await new_duel(db, deadline=T0 + 300)
    assert [d.id for d in await list_overdue(db, now=T0 + 299)] == []
    assert [d.id for d in await list_overdue(db, now=T0 + 300)] == [ch.id]
    acc = await set_status(db, ch.id, "mulligans", expected="challenged", deadline=None)
    assert acc.status == "mulligans" and acc.deadline is None
    with pytest.raises(StatusConflict):  # the expiry sweeper lost the race
        await set_status(db, ch.id, "cancelled", expected="challenged")
    rec = await set_status(db, ch.id, "playing", expected=("mulligans", "playing"))
    assert rec.status == "playing"
    for gone in ("accepted", "choosing_decks"):  # statuses no version of the bot ever wrote
        with pytest.raises(ValueError):
            await set_status(db, ch.id, gone)
    with pytest.raises(ValueError):
        await set_status(db, ch.id, "finished")
    with pytest.raises(ValueError):
        await set_status(db, ch.id, "paused")

    ch2 = await new_duel(db, deadline=T0 + 300)
    gone = await set_status(db, ch2.id, "cancelled", expected="challenged")
    assert gone.status == "cancelled" and gone.deadline is None and gone.result is None
    with pytest.raises(StatusConflict):
        await set_status(db, ch2.id, "mulligans")
    with pytest.raises(StatusConflict):
        await finish_duel(db, ch2.id, DuelResult(0, "won"))
    assert await get_duel(db, ch2.id) == gone


async def test_decks_of_a_duel_are_fixed_once_it_started(db: Database) -> None:
    rec = await new_duel(db)  # a challenge: its decks are chosen as it is accepted
    rec = await set_deck(db, rec.id, 0, ["Forest", "Llanowar Elves"])
    rec = await set_deck(db, rec.id, 1, ("Mountain",))
    assert rec.decks == (("Forest", "Llanowar Elves"), ("Mountain",))
    rec = await set_status(db, rec.id, "mulligans")
    await append_decision(db, rec.id, 0, 0, "keep", deadline=None)
    with pytest.raises(StatusConflict):
        await set_deck(db, rec.id, 1, ["Island"])
    # The database itself refuses to change the replay inputs of a started duel.
    with pytest.raises(INTEGRITY_ERRORS):
        async with db.transaction() as conn:
            await conn.execute("UPDATE duels SET seed = 1 WHERE id = ?", (rec.id,))
    assert (await get_duel(db, rec.id)).decks[1] == ("Mountain",)  # type: ignore[union-attr]


async def test_set_message_ids(db: Database) -> None:
    rec = await new_duel(db)
    rec = await set_message_ids(db, rec.id, thread_id=555, challenge_message_id="556", now=T0 + 1)
    assert (rec.thread_id, rec.challenge_message_id, rec.board_message_id) == ("555", "556", None)
    rec = await set_message_ids(db, rec.id, board_message_id=557, challenge_message_id=None)
    assert (rec.thread_id, rec.challenge_message_id, rec.board_message_id) == ("555", None, "557")
    assert (await set_message_ids(db, rec.id, thread_id=KEEP)).thread_id == "555"
    with pytest.raises(DuelNotFound):
        await set_message_ids(db, 4242, thread_id=1)


async def test_listing(db: Database) -> None:
    a = await new_duel(db, player_ids=(1, 2))
    b = await playing_duel(db, player_ids=(3, 1))
    c = await playing_duel(db, player_ids=(2, 3))
    await finish_duel(db, c.id, DuelResult(0, "won"))
    assert [d.id for d in await list_duels_for_user(db, 1)] == [a.id, b.id]
    assert [d.id for d in await list_duels_for_user(db, "3")] == [b.id]
    assert [d.id for d in await list_duels_for_user(db, 3, active_only=False)] == [b.id, c.id]
    assert await list_duels_for_user(db, 99) == []
    assert [d.id for d in await list_unfinished(db)] == [a.id, b.id]


async def test_schema_guards_the_history(db: Database) -> None:
    rec = await playing_duel(db)
    await append_decision(db, rec.id, 0, 0, "pass", deadline=None)
    for sql, params in [
        ("UPDATE decisions SET text = 'other' WHERE duel_id = ?", (rec.id,)),
        ("INSERT INTO decisions (duel_id, seq, player, text, at) VALUES (?, 5, 0, 'gap', 0)", (rec.id,)),
        ("UPDATE duels SET seq = 5 WHERE id = ?", (rec.id,)),
        ("UPDATE duels SET status = 'finished' WHERE id = ?", (rec.id,)),  # needs a result
        ("UPDATE duels SET status = 'paused' WHERE id = ?", (rec.id,)),
        ("INSERT INTO decisions (duel_id, seq, player, text, at) VALUES (999, 0, 0, 'orphan', 0)", ()),
    ]:
        with pytest.raises(INTEGRITY_ERRORS):
            async with db.transaction() as conn:
                await conn.execute(sql, params)
    assert await load_duel(db, rec.id) == (await get_duel(db, rec.id), [(0, "pass")])


# --------------------------------------------------------------- migrations
async def test_upgrade_from_v1(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    async with Database.open(path, target_version=1) as old:
        assert await old.schema_version() == 1
        rec = await playing_duel(old)
        await append_decision(old, rec.id, 0, 0, "keep", deadline=None)
        assert await old.fetchone("SELECT name FROM sqlite_master WHERE name = 'saved_decks'") is None
    async with Database.open(path) as db:
        assert await db.schema_version() == LATEST
        assert await load_duel(db, rec.id) == (await get_duel(db, rec.id), [(0, "keep")])
        assert (await get_duel(db, rec.id)).seed == 42  # type: ignore[union-attr]
        await save_deck(db, 101, "Elves", ["Forest"])
        assert await set_phase_stops(db, 101, ["my upkeep"]) == {"my upkeep"}
        rec2 = await append_decision(db, rec.id, 1, 1, "keep", deadline=None)
        assert rec2.seq == 2
    # Opening at an older target never downgrades.
    async with Database.open(path, target_version=1) as db:
        assert await db.schema_version() == LATEST


async def test_upgrade_from_v3_takes_started_duels_as_published(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    async with Database.open(path, target_version=3) as old:
        playing = await playing_duel(old)
        for i, text in enumerate(("keep", "keep", "pass")):
            await append_decision(old, playing.id, i, i % 2, text, deadline=None)
        over = await playing_duel(old)
        await append_decision(old, over.id, 0, 0, "concede", deadline=None, result=DuelResult(1, "conceded"))
        challenge = await new_duel(old)
        assert (await get_duel(old, playing.id)).published_seq is None  # type: ignore[union-attr]
    async with Database.open(path) as db:
        assert await db.schema_version() == LATEST >= 4
        assert (await get_duel(db, playing.id)).published_seq == 3  # type: ignore[union-attr]
        assert (await get_duel(db, over.id)).published_seq == 1  # type: ignore[union-attr]
        assert (await get_duel(db, challenge.id)).published_seq is None  # type: ignore[union-attr]
        assert await list_unpublished(db) == []
        await append_decision(db, playing.id, 3, 1, "pass", deadline=None)
        assert [r.id for r in await list_unpublished(db)] == [playing.id]
        plan = await db.fetchall("EXPLAIN QUERY PLAN SELECT * FROM duels WHERE status IN "
                                 "('mulligans', 'playing', 'finished') AND (published_seq IS NULL "
                                 "OR published_seq < seq) ORDER BY id")
        assert any("duels_unpublished" in r["detail"] for r in plan)


async def test_published_seq_only_moves_forward(db: Database) -> None:
    rec = await playing_duel(db)
    assert rec.published_seq is None and [r.id for r in await list_unpublished(db)] == [rec.id]
    await append_decision(db, rec.id, 0, 0, "keep", deadline=None)
    await append_decision(db, rec.id, 1, 1, "keep", deadline=None)
    await set_published(db, rec.id, 2)
    await set_published(db, rec.id, 1)  # an older publish finishing late
    assert (await get_duel(db, rec.id)).published_seq == 2  # type: ignore[union-attr]
    assert await list_unpublished(db) == []
    challenge = await new_duel(db)  # not started: nothing to publish
    assert await list_unpublished(db) == [] and challenge.published_seq is None
    other = await playing_duel(db)
    await append_decision(db, other.id, 0, 0, "keep", deadline=None)
    await set_published_many(db, {rec.id: 1, other.id: 1})  # several duels in one transaction
    assert [(await get_duel(db, i)).published_seq for i in (rec.id, other.id)] == [2, 1]  # type: ignore[union-attr]
    with pytest.raises(ValueError):
        await set_published(db, rec.id, -1)


async def test_the_board_moment_goes_with_the_published_mark(db: Database) -> None:
    """The moment of the board picture shown (shared by workers: bot.publishing) is stored
    with a mark that moves forward, kept by a mark without one, not by an older mark."""
    rec = await playing_duel(db)
    for i, p in enumerate((0, 1, 0)):
        await append_decision(db, rec.id, i, p, "keep" if i else "choose play", deadline=None)
    await set_published_many(db, {rec.id: 1}, {rec.id: "m1"})
    assert (await get_duel(db, rec.id)).board_moment == "m1"  # type: ignore[union-attr]
    await set_published_many(db, {rec.id: 2})  # a publish that did not show the board
    assert (await get_duel(db, rec.id)).board_moment == "m1"  # type: ignore[union-attr]
    await set_published_many(db, {rec.id: 1}, {rec.id: "late"})  # an older publish finishing late
    await set_published_many(db, {rec.id: 3}, {rec.id: "m3"})
    got = await get_duel(db, rec.id)
    assert got is not None and (got.published_seq, got.board_moment) == (3, "m3")


async def test_reminders_are_recorded_once_per_decision_and_stage(db: Database) -> None:
    rec = await playing_duel(db)
    await append_decision(db, rec.id, 0, 0, "keep", deadline=None)
    assert (await get_duel(db, rec.id)).reminders_sent == 0  # type: ignore[union-attr]
    assert await set_reminded(db, rec.id, 1, 1)
    assert not await set_reminded(db, rec.id, 1, 1)  # sent already: the caller sends nothing
    assert (await get_duel(db, rec.id)).reminders_sent == 1  # type: ignore[union-attr]
    assert not await set_reminded(db, rec.id, 0, 2)  # an older decision: answered since
    assert await set_reminded(db, rec.id, 1, 2)
    assert not await set_reminded(db, rec.id, 1, 1)  # never back
    await append_decision(db, rec.id, 1, 1, "keep", deadline=None)
    assert (await get_duel(db, rec.id)).reminders_sent == 0  # type: ignore[union-attr]  # a new decision
    assert await set_reminded(db, rec.id, 2, 1)
    await append_decision(db, rec.id, 2, 0, "concede", deadline=None, result=DuelResult(1, "conceded"))
    assert not await set_reminded(db, rec.id, 3, 3)  # finished: nothing to remind of
    for bad in ((rec.id, 3, 0), (rec.id, 3, 4), (rec.id, -1, 1), (rec.id, 3, True)):
        with pytest.raises(ValueError):
            await set_reminded(db, *bad)


async def test_refuses_a_newer_database_and_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "future.db"
    raw = sqlite3.connect(path)
    raw.execute("CREATE TABLE from_the_future (x)")
    raw.execute(f"PRAGMA user_version = {LATEST + 1}")
    raw.commit()
    raw.close()
    before = file_digest(path)
    with pytest.raises(SchemaTooNew) as info:
        await Database.open(path)
    assert info.value.found == LATEST + 1 and info.value.supported == LATEST
    assert "newer" in str(info.value)
    assert file_digest(path) == before
    assert not Path(f"{path}-wal").exists()
    raw = sqlite3.connect(path)
    assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    raw.close()


async def test_failed_migration_rolls_back_entirely(tmp_path: Path) -> None:
    async def create_then_fail(conn: aiosqlite.Connection) -> None:
        await conn.execute("CREATE TABLE half_done (x)")
        raise RuntimeError("migration bug")

    async def fill(conn: aiosqlite.Connection) -> None:
        await conn.execute("INSERT INTO t (x) VALUES (?)", ("filled by a function step",))

    path = tmp_path / "m.db"
    steps = [Migration(1, "t", "CREATE TABLE t (x TEXT); -- a comment; with a semicolon\n"),
             Migration(2, "fill", fill)]
    with pytest.raises(RuntimeError):
        await Database.open(path, migrations=[*steps, Migration(3, "bad", create_then_fail)])
    raw = sqlite3.connect(path)
    assert raw.execute("PRAGMA user_version").fetchone()[0] == 0
    assert raw.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] == 0
    raw.close()
    async with Database.open(path, migrations=steps) as db:
        assert await db.schema_version() == 2
        assert [tuple(r) for r in await db.fetchall("SELECT x FROM t")] == [
            ("filled by a function step",)]
    with pytest.raises(ValueError):
        await Database.open(path, migrations=[Migration(2, "misnumbered", "SELECT 1;")])


async def test_migrate_needs_a_transaction(tmp_path: Path) -> None:
    async with aiosqlite.connect(tmp_path / "x.db", isolation_level=None) as conn:
        with pytest.raises(RuntimeError):
            await migrate(conn)
    assert split_sql("SELECT ';'; SELECT 2;") == ["SELECT ';';", "SELECT 2;"]
    with pytest.raises(ValueError):
        split_sql("SELECT 1; SELECT 2")
    assert [m.version for m in MIGRATIONS] == list(range(1, LATEST + 1))


# --------------------------------------------------------------------- decks
async def test_decks_crud(db: Database) -> None:
    assert await list_decks(db, 101) == []
    d = await save_deck(db, 101, "  Burn ", ["Mountain"] * 3 + ["Lightning Bolt"], now=T0)
    assert (d.user_id, d.name, d.created_at, d.updated_at) == ("101", "Burn", T0, T0)
    assert d.cards == ("Mountain", "Mountain", "Mountain", "Lightning Bolt")
    assert await get_deck(db, "101", "burn") == d  # case-insensitive
    assert await get_deck(db, 202, "Burn") is None
    with pytest.raises(DeckExists):
        await save_deck(db, 101, "BURN", ["Island"])
    assert (await get_deck(db, 101, "Burn")).cards == d.cards  # type: ignore[union-attr]
    d2 = await save_deck(db, 101, "BURN", ["Island"], overwrite=True, now=T0 + 5)
    assert (d2.name, d2.cards, d2.created_at, d2.updated_at) == ("BURN", ("Island",), T0, T0 + 5)
    await save_deck(db, 101, "elves", ["Forest"])
    await save_deck(db, 202, "Zoo", ["Plains"])
    assert [x.name for x in await list_decks(db, 101)] == ["BURN", "elves"]
    assert await delete_deck(db, 101, "burn") is True
    assert await delete_deck(db, 101, "burn") is False
    assert [x.name for x in await list_decks(db, 101)] == ["elves"]
    assert [x.name for x in await list_decks(db, 202)] == ["Zoo"]


async def test_deck_name_validation(db: Database) -> None:
    for bad in ("", "   ", "x" * 65, "two\nlines"):
        with pytest.raises(ValueError):
            await save_deck(db, 101, bad, ["Forest"])
    assert (await save_deck(db, 101, "x" * 64, ["Forest"])).name == "x" * 64
    with pytest.raises(TypeError):
        await save_deck(db, 101, "ok", "Forest")
    with pytest.raises(TypeError):
        await save_deck(db, 101, "ok", ["Forest", 3])  # type: ignore[list-item]
    assert [x.name for x in await list_decks(db, 101)] == ["x" * 64]


# ------------------------------------------------------------------ settings
async def test_phase_stops(db: Database) -> None:
    assert await get_phase_stops(db, 101) is None
    assert await set_phase_stops(db, 101, ["opponent upkeep", "my draw", "my draw"]) == {
        "opponent upkeep", "my draw"}
    assert await get_phase_stops(db, 101) == frozenset({"opponent upkeep", "my draw"})
    assert await get_phase_stops(db, 202) is None
    assert await set_phase_stops(db, 101, set()) == frozenset()
    assert await get_phase_stops(db, 101) == frozenset()
    await set_phase_stops(db, 101, None, now=T0)
    settings = await get_player_settings(db, 101)
    assert settings is not None and settings.phase_stops is None and settings.updated_at == T0
    with pytest.raises(ValueError):
        await set_phase_stops(db, 101, [""])
    with pytest.raises(TypeError):
        await set_phase_stops(db, 101, "my draw")


# ------------------------------------------- channel posts and /trade drafts (migration 17)

async def test_posts_in_the_window_are_counted_and_given_back(db: Database) -> None:
    from storage.posts import give_back_post, take_post
    for t in (0.0, 1.0, 2.0):
        assert await take_post(db, "7", now=t, per_window=3, window=60) is None
    assert await take_post(db, "7", now=3.0, per_window=3, window=60) == 0.0  # nothing recorded
    assert await take_post(db, "8", now=3.0, per_window=3, window=60) is None  # per user
    await give_back_post(db, "7")  # the post at 2.0
    assert await take_post(db, "7", now=4.0, per_window=3, window=60) is None
    assert await take_post(db, "7", now=5.0, per_window=3, window=60) == 0.0
    assert await take_post(db, "7", now=60.5, per_window=3, window=60) is None  # 0.0 left the window
    rows = await db.fetchall("SELECT at FROM channel_posts WHERE user_id = '7' ORDER BY n")
    assert [r[0] for r in rows] == [1.0, 4.0, 60.5]


async def test_a_trade_draft_keeps_its_choices_until_proposed_or_expired(db: Database) -> None:
    from storage import trade_drafts as drafts
    await drafts.create_draft(db, "a1", "7", "8", guild_id="1", channel_id="2", now=0, expires_at=900)
    assert await drafts.set_draft_choice(db, "a1", give=[3, 4], now=1)
    assert await drafts.set_draft_choice(db, "a1", want=["Serra Angel"], now=2)
    d = await drafts.get_draft(db, "a1", now=3)
    assert d is not None and (d.recipient_id, d.channel_id, d.give, d.want) == ("8", "2", (3, 4), ("Serra Angel",))
    assert await drafts.drop_draft(db, "a1") and not await drafts.drop_draft(db, "a1")
    await drafts.create_draft(db, "b2", "7", "8", guild_id=None, channel_id=None, now=0, expires_at=10)
    assert await drafts.get_draft(db, "b2", now=10) is None
    assert not await drafts.set_draft_choice(db, "b2", give=[1], now=10)
    await drafts.create_draft(db, "c3", "7", "8", guild_id=None, channel_id=None, now=11, expires_at=20)
    assert await db.fetchall("SELECT draft FROM trade_drafts WHERE draft = 'b2'") == []  # swept


async def test_the_sweep_deletes_old_posts_and_expired_drafts_without_a_new_one(db: Database) -> None:
    """Without anyone's next post or draft (which delete on the way), the clock sweep's
    deletes leave only the posts still in the window and the drafts not yet expired."""
    from storage import trade_drafts as drafts
    from storage.posts import delete_old_posts, take_post
    for user, t in (("7", 0.0), ("8", 30.0), ("7", 45.0)):
        assert await take_post(db, user, now=t, per_window=3, window=60) is None
    assert await delete_old_posts(db, now=80.0, window=60) == 1  # 0.0; 30.0 is still in the window
    rows = await db.fetchall("SELECT user_id, at FROM channel_posts ORDER BY at")
    assert [(r[0], r[1]) for r in rows] == [("8", 30.0), ("7", 45.0)]
    assert await delete_old_posts(db, now=80.0, window=60) == 0
    for name, expires in (("a1", 10), ("b2", 20), ("c3", 900)):
        await drafts.create_draft(db, name, "7", "8", guild_id=None, channel_id=None, now=0, expires_at=expires)
    assert await drafts.delete_expired_drafts(db, now=20) == 2  # expired at 10 and at 20 (its last moment)
    assert [r[0] for r in await db.fetchall("SELECT draft FROM trade_drafts")] == ["c3"]
    assert await drafts.get_draft(db, "c3", now=20) is not None
