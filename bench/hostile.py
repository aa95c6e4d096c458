"""Hostile load (issue 25): what one user can make the bot do to everyone else.

1. **Unknown card names.** A decklist of 500 names that are no card (``1 Lightning Bolt 000``
   ...): the time to check it (:meth:`engine.formats.Format.problems`, what ``/deck import``
   runs in a worker thread), median of several runs, in this process. Close-match
   suggestions are searched for the first :data:`engine.carddb.SUGGESTED_NAMES` only.
2. **Thirty duels against the computer.** The bot in its own process against the fake
   Discord (:mod:`bench.harness`); one duel between two simulated people who think
   briefly before each click (:class:`bench.harness.DuelAgent`), measured twice:

   * *alone* -- nothing else runs;
   * *with 30 computer duels* -- one user ("grinder") keeps 30 duels against the computer
     open (the per-player cap is raised to 30 for this user's sake, and the post rate
     limit lifted: ``MANABURN_BENCH_MAX_PRACTICE``, ``MANABURN_BENCH_NO_POST_LIMIT`` in
     :mod:`bench.botproc`) and answers every panel of them the moment it appears, so the
     computer is always thinking somewhere; a duel that ends is replaced by a new one.

   Figures: the human duel's click -> acknowledgement (p50/p99/max, ms) and click -> board
   update, the computer's decisions per second, the bot's CPU share (and its threads' waits
   for a core), the harness's CPU share and event-loop lag. The target: ack p99
   under 150 ms with the 30 computer duels.
"""
from __future__ import annotations

import asyncio
import os
import random
import shutil
import sqlite3
import statistics
import time
from pathlib import Path
from typing import Any

from .common import ProcSampler, Result, Target, say, summary
from .harness import PANEL_PREFIXES, BenchFake, BotProcess, DuelAgent, LoopLag, Recorder, bench_tmp, pick

UNKNOWN_NAMES = 500
PRACTICE_DUELS = 30


# ------------------------------------------------------------ unknown names
def unknown_names_bench(runs: int = 5) -> dict[str, Any]:
    from engine import carddb, formats
    carddb.get("Forest")  # the registry loaded (once per process, not part of the figure)
    names = [f"Lightning Bolt {i:03d}" for i in range(UNKNOWN_NAMES)]
    casual = formats.get(formats.DEFAULT)
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        problems = casual.problems(names)
        times.append(time.perf_counter() - t0)
    return {"names": UNKNOWN_NAMES, "problems": len(problems), "suggested": sum("did you mean" in p for p in problems),
            "median_ms": round(statistics.median(times) * 1000, 1), "runs_ms": [round(t * 1000, 1) for t in times]}


# ------------------------------------------------------------ the grinder
class Grinder:
    """One user who keeps *n* duels against the computer going and answers every panel at once."""

    def __init__(self, fake: BenchFake, db: Path, n: int, rng: random.Random) -> None:
        self.fake, self.db, self.n, self.rng = fake, db, n, rng
        self.user = fake.create_user("grinder")
        self.panels: dict[int, Any] = {}  # duel id -> its newest panel
        self.clicked: set[tuple[int, tuple[str, ...]]] = set()
        self.event = asyncio.Event()
        self.clicks = 0
        self.errors: list[str] = []
        ch = fake.dm_channel(self.user)
        assert ch is not None
        fake.by_channel[ch.id] = self._watch

    def _watch(self, msg: Any, created: bool) -> None:
        for c in msg.all_components:
            cid = c.get("custom_id") or ""
            if cid.startswith(PANEL_PREFIXES):
                self.panels[int(cid.split(":")[2])] = msg
                self.event.set()
                return

    def open_duels(self) -> int:
        try:
            con = sqlite3.connect(f"file:{self.db}?mode=ro", uri=True, timeout=5)
            try:
                return int(con.execute("SELECT count(*) FROM duels WHERE player0_id = ? AND status IN"
                                       " ('mulligans', 'playing')", (str(self.user.id),)).fetchone()[0])
            finally:
                con.close()
        except sqlite3.Error:
            return self.n

    async def keep_open(self, stop_at: float) -> None:
        loop = asyncio.get_running_loop()
        while loop.time() < stop_at:
            missing = self.n - self.open_duels()
            for _ in range(max(0, missing)):
                try:
                    await self.user.slash("practice", deck=self.rng.choice(["Red Burn", "Green Stompy", "Blue Control"]))
                except Exception as e:  # noqa: BLE001 - counted, the run goes on
                    self.errors.append(repr(e)[:200])
            await asyncio.sleep(1.0)

    async def answer(self, stop_at: float) -> None:
        loop = asyncio.get_running_loop()
        while loop.time() < stop_at:
            todo = [m for m in self.panels.values() if (m.id, m.control_ids) not in self.clicked and not m.deleted]
            if not todo:
                self.event.clear()
                try:
                    await asyncio.wait_for(self.event.wait(), 0.5)
                except asyncio.TimeoutError:
                    pass
                continue
            msg = self.rng.choice(todo)
            self.clicked.add((msg.id, msg.control_ids))
            try:
                kind, cid, values, _ = pick(msg, self.rng)
                if kind == "click":
                    await self.user.click(msg, cid)
                else:
                    await self.user.select(msg, cid, values or [])
                self.clicks += 1
            except LookupError:
                continue
            except Exception as e:  # noqa: BLE001 - a panel replaced under the click: the next one
                self.errors.append(repr(e)[:200])


def _computer_decisions(db: Path, grinder: str) -> int:
    try:
        con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5)
        try:
            return int(con.execute("SELECT count(*) FROM decisions x JOIN duels d ON d.id = x.duel_id"
                                   " WHERE d.player0_id = ? AND x.player = 1", (grinder,)).fetchone()[0])
        finally:
            con.close()
    except sqlite3.Error:
        return 0


async def _phase(fake: BenchFake, bot: BotProcess, agent: DuelAgent, rec: Recorder, seconds: float,
                 grinder: Grinder | None, db: Path) -> dict[str, Any]:
    loop = asyncio.get_running_loop()
    start = loop.time()
    stop = start + seconds
    rec.clicks.clear()
    cpu = ProcSampler(bot.pid)
    me = ProcSampler("self")
    lag = LoopLag()
    lag.start()
    dec0 = _computer_decisions(db, str(grinder.user.id)) if grinder else 0
    open_counts: list[int] = []

    async def sample() -> None:
        while loop.time() < stop:
            cpu.sample()
            if grinder is not None:
                open_counts.append(grinder.open_duels())
            fake.trim()
            await asyncio.sleep(1.0)
    tasks = [asyncio.create_task(agent.play(stop)), asyncio.create_task(sample())]
    if grinder is not None:
        tasks += [asyncio.create_task(grinder.keep_open(stop))] + [asyncio.create_task(grinder.answer(stop))
                                                                   for _ in range(4)]
    await asyncio.wait(tasks, timeout=seconds + 60)
    for t in tasks:
        t.cancel()
    await lag.stop()
    clicks = [c for c in rec.clicks if c.t >= start]
    acks = [c.ack for c in clicks if c.ack is not None]
    boards = [c.board for c in clicks if c.board is not None]
    out = {"seconds": seconds, "human_clicks": len(clicks), "click_to_ack_ms": summary(acks, 1000),
           "click_to_board_ms": summary(boards, 1000),
           "deadline_misses": sum(1 for c in clicks if c.outcome == "missed"),
           "bot": cpu.finish(), "errors": rec.errors[:3],
           # the fake Discord and every simulated user share this process: its own delays are in every figure
           "harness": {"cpu_share": me.finish().get("cpu_share"), "loop_lag_ms": summary(lag.lags, 1000)}}
    if grinder is not None:
        dec1 = _computer_decisions(db, str(grinder.user.id))
        out.update({"computer_duels_open": summary([float(x) for x in open_counts]),
                    "computer_decisions_per_second": round((dec1 - dec0) / seconds, 1),
                    "grinder_clicks": grinder.clicks, "grinder_errors": grinder.errors[:3]})
    a = out["click_to_ack_ms"]
    say(f"  {'with ' + str(grinder.n) + ' computer duels' if grinder else 'alone':24}: human ack p50 {a['p50']} "
        f"p99 {a['p99']} max {a['max']} ms over {a['n']} clicks"
        + (f"; computer {out['computer_decisions_per_second']} decisions/s, "
           f"{out['computer_duels_open']['p50']} duels open" if grinder else ""))
    return out


async def _latency(seconds: float, warmup: float, n: int, tmp: Path) -> dict[str, Any]:
    fake = BenchFake()
    await fake.start()
    db = tmp / "hostile.db"
    os.environ["MANABURN_BENCH_MAX_PRACTICE"] = str(n)
    os.environ["MANABURN_BENCH_NO_POST_LIMIT"] = "1"
    bot = BotProcess(fake, "manaburn", db=str(db), log=str(tmp / "hostile.log"))
    rec = Recorder()
    out: dict[str, Any] = {}
    try:
        await bot.start()
        agent = DuelAgent(fake, rec, 0, random.Random(1), (0.1, 0.4))
        for attempt in range(3):  # the bot's first command loads the card registry: it may miss 3 s
            try:
                await agent.setup()
                break
            except Exception as e:  # noqa: BLE001
                if attempt == 2:
                    raise
                say(f"  setup failed ({type(e).__name__}), again")
        out["alone"] = await _phase(fake, bot, agent, rec, seconds, None, db)
        grinder = Grinder(fake, db, n, random.Random(2))
        loop = asyncio.get_running_loop()
        warm = loop.time() + warmup
        await asyncio.wait([asyncio.create_task(grinder.keep_open(warm))]
                           + [asyncio.create_task(grinder.answer(warm)) for _ in range(4)], timeout=warmup + 60)
        out[f"with_{n}_computer_duels"] = await _phase(fake, bot, agent, rec, seconds, grinder, db)
    finally:
        await bot.stop()
        await fake.stop()
        os.environ.pop("MANABURN_BENCH_MAX_PRACTICE", None)
        os.environ.pop("MANABURN_BENCH_NO_POST_LIMIT", None)
    return out


def run(quick: bool = False, tmpdir: str | None = None, latency_seconds: float | None = None,
        warmup: float | None = None, **_: Any) -> Result:
    seconds = latency_seconds or (6.0 if quick else 60.0)
    warm = warmup if warmup is not None else (3.0 if quick else 20.0)
    n = 3 if quick else PRACTICE_DUELS
    res = Result("hostile", "Hostile load: unknown card names, duels against the computer")
    res.params = {"unknown_names": UNKNOWN_NAMES, "computer_duels": n, "measured_seconds": seconds,
                  "warmup_seconds": warm, "human_think_seconds": [0.1, 0.4], "computer_level": "hard (default)"}
    say(f"hostile: {UNKNOWN_NAMES} unknown card names")
    res.figures["unknown_names"] = unknown_names_bench(3 if quick else 7)
    say(f"  checked in {res.figures['unknown_names']['median_ms']} ms (median)")
    say(f"hostile: a human duel alone, then while one user drives {n} duels against the computer")
    tmp = bench_tmp(tmpdir)
    try:
        res.figures["latency"] = asyncio.run(_latency(seconds, warm, n, tmp))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    res.targets.append(Target(f"{UNKNOWN_NAMES} unknown card names checked", res.figures["unknown_names"]["median_ms"],
                              500, "<=", "ms"))
    loaded = res.figures["latency"].get(f"with_{n}_computer_duels")
    if loaded:
        res.targets.append(Target(f"p99 click-to-ack of a human duel while one user drives {n} computer duels",
                                  loaded["click_to_ack_ms"]["p99"], 150, "<=", "ms",
                                  note=f"alone: {res.figures['latency']['alone']['click_to_ack_ms']['p99']} ms"))
    return res
