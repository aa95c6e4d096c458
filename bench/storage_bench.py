"""4. Storage: appending a decision, resuming unfinished duels at start-up,
database bytes per 1,000 decisions.

The database is a real file (WAL, ``synchronous=FULL``: one fsync per
commit) in a temporary directory on the machine's ordinary disk. The resume
fixture holds 1,000 unfinished duels whose histories are prefixes (cut at
random points) of recorded random duels, written in round-robin order as a
bot with many duels open writes them, each with the snapshot the bot would
have stored by then: the recorded duels are played with the bot's rule for
taking snapshots (:func:`bot.service.snapshot_due`, at the engine's rest
points, as :class:`bot.service.Live` does), and each fixture duel gets the
latest one taken at or before its cut (stored with
:func:`storage.snapshots.save_snapshot`, as the bot stores it). A first
touch is then what it is in the bot: :meth:`DuelService.live` loading the
snapshot and replaying only the answers after it.
"""
from __future__ import annotations

import asyncio
import os
import random
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.service import DuelService, snapshot_due
from engine import Duel
from engine.players.random_player import play_out
from engine.snapshot import engine_version
from storage import duels as store
from storage import snapshots as snapshot_store
from storage.db import SYNCHRONOUS, Database

from .common import Result, Target, say, summary
from .engine_bench import seeded_duel


def _fs(path: Path) -> str:
    best = ("", "?")
    try:
        for line in Path("/proc/mounts").read_text().splitlines():
            dev, mnt, fstype = line.split()[:3]
            if str(path).startswith(mnt) and len(mnt) > len(best[0]):
                best = (mnt, fstype)
    except OSError:
        pass
    return best[1]


def db_bytes(path: Path) -> int:
    """Bytes in use after a checkpoint (file pages minus free pages)."""
    con = sqlite3.connect(path)
    try:
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        pc = con.execute("PRAGMA page_count").fetchone()[0]
        fl = con.execute("PRAGMA freelist_count").fetchone()[0]
        ps = con.execute("PRAGMA page_size").fetchone()[0]
        return (pc - fl) * ps
    finally:
        con.close()


async def _new_duel(db: Database, i: int, decks: tuple[list[str], list[str]], seed: int) -> store.DuelRecord:
    return await store.create_duel(
        db, guild_id="1", channel_id="2", thread_id=str(10_000 + i), board_message_id=str(20_000 + i),
        player_ids=(str(100_000 + 2 * i), str(100_001 + 2 * i)), player_names=("alice", "bob"), seed=seed,
        options={}, decks=decks, status="playing", clock_seconds=86400, deadline=int(time.time()) + 86400)


# ---------------------------------------------------------------- append
async def append_bench(tmp: Path, n: int, batch: int) -> dict[str, Any]:
    path = tmp / "append.db"
    duel, players = seeded_duel(0)
    play_out(duel, players, max_decisions=n)
    hist = duel.history
    async with Database.open(path) as db:
        rec = await _new_duel(db, 0, (list(duel.decks[0]), list(duel.decks[1])), duel.seed)
        rec2 = await _new_duel(db, 1, (list(duel.decks[0]), list(duel.decks[1])), duel.seed)
        before = db_bytes(path)
        single: list[float] = []
        batched: list[float] = []
        seq = 0
        # the two kinds alternate, so that both see the same disk
        for i, (p, text) in enumerate(hist):
            t0 = time.perf_counter()
            await store.append_decision(db, rec.id, i, p, text, deadline=int(time.time()) + 86400,
                                        status="playing")
            single.append(time.perf_counter() - t0)
            if i % batch == 0 and seq + batch <= len(hist):
                t0 = time.perf_counter()
                async with db.transaction():
                    for k in range(batch):
                        q, t = hist[seq + k]
                        await store.append_decision(db, rec2.id, seq + k, q, t, deadline=None, status="playing")
                batched.append(time.perf_counter() - t0)
                seq += batch
    after = db_bytes(path)
    per1000 = (after - before) / (len(hist) + seq) * 1000
    out = {"decisions": len(hist), "append_ms": summary(single, 1000),
           f"transaction_of_{batch}_appends_ms": summary(batched, 1000),
           "bytes_per_1000_decisions_sequential": int(per1000), "synchronous": SYNCHRONOUS}
    say(f"  append one decision: p50 {out['append_ms']['p50']} ms, p99 {out['append_ms']['p99']} ms; "
        f"{batch} in one transaction: p50 {out[f'transaction_of_{batch}_appends_ms']['p50']} ms")
    return out


# ---------------------------------------------------------------- resume
Recorded = tuple[int, tuple[list[str], list[str]], list[tuple[int, str]], list[tuple[int, bytes, str]]]


def _pool(k: int) -> list[Recorded]:
    """Recorded random duels: (seed, decks, history, the snapshots the bot would have
    taken as (answers before it, blob, state hash there), oldest first)."""
    out = []
    for s in range(k):
        duel, players = seeded_duel(500 + s)
        snaps: list[tuple[int, bytes, str]] = []
        last = [duel.game.turn, len(duel.history)]

        def rested(d: Duel) -> None:  # as bot.service.Live._rested
            seq = len(d.history)
            if snapshot_due(d.game.turn, seq, last[0], last[1]):
                last[:] = [d.game.turn, seq]
                snaps.append((seq, d.snapshot(), d.state_hash()))
        duel.on_rest = rested
        play_out(duel, players)
        out.append((duel.seed, (list(duel.decks[0]), list(duel.decks[1])), list(duel.history), snaps))
    return out


async def build_fixture(path: Path, n: int, pool_size: int, rng: random.Random) -> dict[str, Any]:
    pool = _pool(pool_size)
    plan = []
    async with Database.open(path) as db:
        for i in range(n):
            seed, decks, hist, snaps = pool[i % len(pool)]
            cut = rng.randint(1, len(hist) - 1)  # unfinished: never the whole duel
            rec = await _new_duel(db, i, decks, seed)
            # the latest snapshot the bot would have stored with these decisions
            snap = next((sn for sn in reversed(snaps) if sn[0] <= cut), None)
            plan.append((rec.id, hist[:cut], snap))
    headers = db_bytes(path)
    con = sqlite3.connect(path, isolation_level=None)
    try:
        now = int(time.time())
        con.execute("BEGIN IMMEDIATE")
        longest = max(len(h) for _, h, _ in plan)
        for step in range(longest):  # round robin, as many open duels interleave their writes
            for duel_id, h, sn in plan:
                if step < len(h):
                    p, text = h[step]
                    # the state hash with the decision a snapshot follows, as the bot stores it
                    con.execute("INSERT INTO decisions (duel_id, seq, player, text, at, state_hash)"
                                " VALUES (?, ?, ?, ?, ?, ?)",
                                (duel_id, step, p, text, now, sn[2] if sn is not None and sn[0] == step + 1 else None))
                    con.execute("UPDATE duels SET seq = seq + 1 WHERE id = ?", (duel_id,))
        con.execute("COMMIT")
    finally:
        con.close()
    total = sum(len(h) for _, h, _ in plan)
    size = db_bytes(path)
    async with Database.open(path) as db:
        for duel_id, _, snap in plan:
            if snap is not None:
                await snapshot_store.save_snapshot(db, duel_id, engine_version(), snap[0], snap[1])
    with_snapshots = db_bytes(path)
    stored = [snap for _, _, snap in plan if snap is not None]
    return {"duels": n, "decisions": total, "median_history": statistics.median(len(h) for _, h, _ in plan),
            "header_bytes_per_duel": int(headers / n), "file_bytes": size,
            "bytes_per_1000_decisions_interleaved": int((size - headers) / total * 1000),
            "duels_with_a_snapshot": len(stored),
            "snapshot_bytes_per_duel": int((with_snapshots - size) / max(1, len(stored))),
            "answers_after_the_snapshot_median": statistics.median(
                len(h) - (snap[0] if snap else 0) for _, h, snap in plan)}


async def resume_bench(path: Path, runs: int, touch: int, rng: random.Random) -> dict[str, Any]:
    opens, resumes = [], []
    ids: list[int] = []
    for _ in range(runs):
        t0 = time.perf_counter()
        db = await Database.open(path)
        t1 = time.perf_counter()
        svc = DuelService(db)
        ids = await svc.resume_all()
        t2 = time.perf_counter()
        opens.append(t1 - t0)
        resumes.append(t2 - t1)
        await db.close()
    db = await Database.open(path)
    try:
        svc = DuelService(db)
        await svc.resume_all()
        sample = rng.sample(ids, min(touch, len(ids)))
        touches, cpu, lengths = [], [], []
        for duel_id in sample:
            t0, c0 = time.perf_counter(), time.process_time()
            live = await svc.live(duel_id)
            touches.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
            lengths.append(live.seq)
    finally:
        await db.close()
    mean_touch = statistics.fmean(touches)
    out = {"unfinished": len(ids), "runs": runs,
           "open_ms": round(statistics.median(opens) * 1000, 1),
           "resume_all_ms": round(statistics.median(resumes) * 1000, 1),
           "first_touch_sampled": len(sample), "first_touch_ms": summary(touches, 1000),
           "first_touch_cpu_ms": summary(cpu, 1000),  # this process's CPU (the machine is shared)
           "first_touch_median_history": statistics.median(lengths),
           "projected_touch_all_seconds": round(mean_touch * len(ids), 1),
           "startup_seconds": round(statistics.median(opens) + statistics.median(resumes), 3)}
    out["startup_plus_touch_all_seconds"] = round(out["startup_seconds"] + out["projected_touch_all_seconds"], 1)
    say(f"  resume {len(ids)} unfinished duels: open {out['open_ms']} ms + resume_all {out['resume_all_ms']} ms; "
        f"first touch p50 {out['first_touch_ms']['p50']} ms, CPU {out['first_touch_cpu_ms']['p50']} ms "
        f"(history median {out['first_touch_median_history']}, from the stored snapshot), "
        f"touching all would take ~{out['projected_touch_all_seconds']} s")
    return out


async def _run(quick: bool, tmp: Path, rng: random.Random) -> dict[str, Any]:
    figs: dict[str, Any] = {}
    say("storage: append")
    figs["append"] = await append_bench(tmp, 200 if quick else 2000, 3)
    n = 30 if quick else 1000
    say(f"storage: building {n} unfinished duels")
    t0 = time.perf_counter()
    figs["fixture"] = await build_fixture(tmp / "resume.db", n, 2 if quick else 12, rng)
    figs["fixture"]["build_seconds"] = round(time.perf_counter() - t0, 1)
    fx = figs["fixture"]
    say(f"  {fx['decisions']:,} decisions, {fx['file_bytes'] / 2**20:.1f} MiB, "
        f"{fx['bytes_per_1000_decisions_interleaved']:,} bytes per 1,000 decisions; {fx['duels_with_a_snapshot']} "
        f"snapshots of {fx['snapshot_bytes_per_duel']:,} bytes, median {fx['answers_after_the_snapshot_median']} "
        "answers after them")
    figs["resume"] = await resume_bench(tmp / "resume.db", 3, 10 if quick else 100, rng)
    return figs


def run(quick: bool = False, tmpdir: str | None = None, **_: Any) -> Result:
    res = Result("storage", "Storage: append, resume, bytes")
    rng = random.Random(5)
    with tempfile.TemporaryDirectory(prefix="manaburn-bench-", dir=tmpdir) as d:
        tmp = Path(d)
        res.params = {"directory_filesystem": _fs(tmp), "synchronous": SYNCHRONOUS, "journal": "WAL",
                      "fixture": "1,000 unfinished duels, prefixes of 12 recorded random duels" if not quick
                      else "30 unfinished duels"}
        res.figures = asyncio.run(_run(quick, tmp, rng))
    a, r = res.figures["append"], res.figures["resume"]
    res.targets = [
        Target("resume unfinished duels at start-up (lazy: open + resume_all)", r["startup_seconds"], 10, "<=", "s",
               note=f"{r['unfinished']} duels"),
        Target("resume and first touch of every duel (projected from a sample)", r["startup_plus_touch_all_seconds"],
               10, "<=", "s", note=f"{r['unfinished']} duels; the touch loads the stored snapshot and replays "
                                   "the answers after it"),
    ]
    res.notes.append(f"append p50 {a['append_ms']['p50']} ms / p99 {a['append_ms']['p99']} ms (no target).")
    return res


if __name__ == "__main__":  # pragma: no cover
    os.environ.setdefault("PYTHONHASHSEED", "0")
