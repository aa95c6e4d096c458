"""8. Several workers: saturation with 1 and 2 worker processes on one PostgreSQL.

In one run, against the same fake Discord and the same harness: the bare bot
(:class:`bench.botproc.BareBot`, the floor), then one worker, then two workers of
:class:`bot.app.ManaburnBot` on one PostgreSQL database (a throw-away server,
``tests/pgserver.py``), each worker with its HTTP interactions endpoint, the fake
POSTing every interaction, signed, to the workers in turn (as a load balancer in
front of Discord's Interactions Endpoint URL does). Players do not think: the
figure is answered clicks per second, and the workers' CPU per answered click.
With ``--levels``, then that many duels whose players think (``--think``, 0.5-5 s)
against the bare bot and against as many workers as the machine has cores: click →
acknowledgement p50/p99.

On a 2-core machine the harness (the fake Discord and the simulated players: one
process, one core) competes with the workers for the cores, so the 2-worker figure is
bounded by what the harness can send; its CPU share is reported beside it.
"""
from __future__ import annotations

import asyncio
import os
import random
import shutil
import socket
import time
from pathlib import Path
from typing import Any

from .common import ProcSampler, Result, Target, ratio, say, summary
from .harness import TESTS, BareAgent, BenchFake, BotProcess, DuelAgent, Recorder, bench_tmp, set_up


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def _saturate(kind: str, workers: int, duels: int, seconds: float, warmup: float, tmp: Path,
                    db_url: str = "", think: tuple[float, float] = (0.0, 0.0)) -> dict[str, Any]:
    """One configuration: *duels* duels against the bare bot or *workers* workers, players
    thinking *think* seconds before each click (none: saturation)."""
    fake = BenchFake()
    await fake.start()
    tag = f"{kind}-{workers}w-{duels}"
    bots: list[BotProcess] = []
    out: dict[str, Any] = {"kind": kind, "workers": workers, "duels": duels, "seconds": seconds,
                           "think_seconds": list(think)}
    try:
        if kind == "bare":
            bots.append(BotProcess(fake, "bare", log=str(tmp / f"{tag}.log")))
        else:
            fake.interactions_to = "http"
            for i in range(workers):
                port = _free_port()
                bots.append(BotProcess(fake, "manaburn", db=db_url, log=str(tmp / f"{tag}-{i}.log"),
                                       env={"MANABURN_HTTP": f"127.0.0.1:{port}",
                                            "DISCORD_PUBLIC_KEY": fake.public_key}))
                fake.interaction_urls.append(f"http://127.0.0.1:{port}/interactions")
        for b in bots:
            await b.start()
        if kind != "bare":
            await _wait_endpoints(fake.interaction_urls)
        rec = Recorder()
        rng = random.Random(1)
        cls = DuelAgent if kind == "manaburn" else BareAgent
        agents = [cls(fake, rec, i, random.Random(rng.random()), think) for i in range(duels)]
        t0 = time.monotonic()
        ready = await set_up(agents, rec)
        out["setup_seconds"] = round(time.monotonic() - t0, 1)
        loop = asyncio.get_running_loop()
        w0 = loop.time() + warmup
        w1 = w0 + seconds
        plays = [asyncio.create_task(a.play(w1)) for a in ready]
        await asyncio.sleep(max(0.0, w0 - loop.time()))
        samplers = [ProcSampler(b.pid) for b in bots]
        me = ProcSampler("self")
        await asyncio.sleep(max(0.0, w1 - loop.time()))
        stats = [s.finish() for s in samplers]
        harness = me.finish()
        if plays:
            _, pending = await asyncio.wait(plays, timeout=30)
            for p in pending:
                p.cancel()
        win = [c for c in rec.clicks if w0 <= c.t < w1]
        answered = sum(1 for c in win if c.outcome == "ok")
        cpu = sum(s.get("cpu_seconds") or 0.0 for s in stats)
        taken = [c for c in win if c.outcome != "shed"]
        out.update({
            # the first response (an edit of the panel, or a deferral while the click waits its turn)
            # of the clicks the bot took; a shed click's refusal is counted apart, never as an answer
            "click_to_ack_ms": summary([c.ack for c in taken if c.ack is not None], 1000),
            "deferred": sum(1 for c in taken if c.deferred),
            "shed": len(win) - len(taken),
            "refused": sum(1 for c in win if c.outcome == "refused"),
            "no_board": sum(1 for c in win if c.outcome == "no-board"),
            "bot_runqueue_wait_share_per_process": [s.get("runqueue_wait_share") for s in stats],
            "clicks": len(win), "answered": answered,
            "throughput_per_second": round(answered / seconds, 2),
            # the real answer: the board edited after the click (ok clicks only)
            "click_to_board_ms": summary([c.board for c in win if c.board is not None], 1000),
            "bot_cpu_ms_per_answered_click": round(cpu * 1000 / answered, 2) if answered else None,
            "bot_cpu_share_per_process": [s.get("cpu_share") for s in stats],
            "harness_cpu_share": harness.get("cpu_share"),
            "failed": sum(1 for c in win if c.outcome == "failed"),
            "deadline_misses": sum(1 for c in win if c.outcome == "missed"),
            "duels_set_up": len(ready), "setup_failures": len(rec.setup_failures),
            "http_refusals": len(fake.http_refusals),
            "errors": rec.errors[:5],
        })
    finally:
        for b in bots:
            await b.stop()
        await fake.stop()
    say(f"  {kind:8} x{workers}: {out.get('throughput_per_second')} clicks/s, "
        f"{out.get('bot_cpu_ms_per_answered_click')} ms CPU per click (processes {out.get('bot_cpu_share_per_process')}, "
        f"waiting for a core {out.get('bot_runqueue_wait_share_per_process')}, harness {out.get('harness_cpu_share')}); "
        f"ack p50 {out.get('click_to_ack_ms', {}).get('p50')} ms, p99 {out.get('click_to_ack_ms', {}).get('p99')} ms; "
        f"board p50 {out.get('click_to_board_ms', {}).get('p50')} ms, p99 {out.get('click_to_board_ms', {}).get('p99')} ms; "
        f"clicks {out.get('clicks')}: answered {out.get('answered')}, deferred {out.get('deferred')}, "
        f"shed {out.get('shed')}, missed {out.get('deadline_misses')}, refused {out.get('refused')}, "
        f"no board {out.get('no_board')}")
    return out


async def _wait_endpoints(urls: list[str], timeout: float = 30.0) -> None:
    import aiohttp
    deadline = time.monotonic() + timeout
    async with aiohttp.ClientSession() as http:
        for url in urls:
            while True:
                try:
                    async with http.get(url.replace("/interactions", "/health")) as r:
                        if r.status == 200:
                            break
                except aiohttp.ClientError:
                    pass
                if time.monotonic() > deadline:
                    raise TimeoutError(f"{url} not ready")
                await asyncio.sleep(0.1)


async def _run(duels: int, seconds: float, warmup: float, tmp: Path, levels: list[int],
               think: tuple[float, float]) -> dict[str, Any]:
    import sys
    if TESTS not in sys.path:
        sys.path.insert(0, TESTS)
    from pgserver import TempPostgres  # tests/pgserver.py
    import psycopg

    figs: dict[str, Any] = {}
    with TempPostgres() as pg:
        figs["bare"] = await _saturate("bare", 1, duels, seconds, warmup, tmp)
        for n in (1, 2):
            name = f"w{n}"
            with psycopg.connect(pg.url(), autocommit=True) as conn:
                conn.execute(f"CREATE DATABASE {name}")
            figs[f"workers_{n}"] = await _saturate("manaburn", n, duels, seconds, warmup, tmp, pg.url(name))
        # human-paced levels with as many workers as the machine has cores (the ack p99)
        cores = os.cpu_count() or 1
        for n in levels:
            name = f"paced{n}"
            with psycopg.connect(pg.url(), autocommit=True) as conn:
                conn.execute(f"CREATE DATABASE {name}")
            say(f"workers: {n} duels, players think {think[0]}-{think[1]} s, bare bot then {cores} workers")
            figs[f"paced_{n}"] = {
                "bare": await _saturate("bare", 1, n, seconds, warmup, tmp, think=think),
                "workers": await _saturate("manaburn", cores, n, seconds, warmup, tmp, pg.url(name), think=think)}
    one, two = figs["workers_1"], figs["workers_2"]
    figs["ratios"] = {
        "two_workers_to_one": ratio(two["throughput_per_second"], one["throughput_per_second"]),
        "one_worker_cpu_per_click_to_bare": ratio(one["bot_cpu_ms_per_answered_click"],
                                                  figs["bare"]["bot_cpu_ms_per_answered_click"]),
    }
    return figs


def run(quick: bool = False, saturation_duels: int | None = None, latency_seconds: float | None = None,
        warmup: float | None = None, tmpdir: str | None = None, levels: list[int] | None = None,
        think: tuple[float, float] | None = None, **_: Any) -> Result:
    """Saturation with 1 and 2 workers; then, for each of *levels* (``--levels``; none unless
    given, or 3 with ``--quick``), that many duels of players thinking *think* seconds
    (0.5-5) with as many workers as cores."""
    levels = levels if levels is not None else ([3] if quick else [])
    think = think or ((0.05, 0.3) if quick else (0.5, 5.0))
    duels = saturation_duels or (4 if quick else 40)
    seconds = latency_seconds or (4.0 if quick else 30.0)
    warm = warmup if warmup is not None else (2.0 if quick else 5.0)
    res = Result("workers", "Several workers on one PostgreSQL behind the HTTP interactions endpoint")
    res.params = {"duels": duels, "measured_seconds": seconds, "warmup_seconds": warm, "think_seconds": [0, 0],
                  "ingress": "the fake Discord POSTs each interaction, signed, to the workers in turn",
                  "database": "PostgreSQL 15 (tests/pgserver.py: fsync off, unix socket)",
                  "paced_levels": levels, "paced_think_seconds": list(think), "paced_workers": os.cpu_count(),
                  "event_loop": os.environ.get("MANABURN_BENCH_LOOP") or "asyncio"}
    tmp = bench_tmp(tmpdir)
    try:
        res.figures = asyncio.run(_run(duels, seconds, warm, tmp, levels, think))
    finally:
        if not os.environ.get("MANABURN_BENCH_KEEP"):
            shutil.rmtree(tmp, ignore_errors=True)
    r = res.figures["ratios"]
    res.targets += [
        Target("saturation clicks/s, 2 workers over 1", r["two_workers_to_one"], 1.7, ">=", "x",
               note=f"1 worker {res.figures['workers_1']['throughput_per_second']}/s, 2 workers "
                    f"{res.figures['workers_2']['throughput_per_second']}/s, bare bot "
                    f"{res.figures['bare']['throughput_per_second']}/s"),
        Target("one worker's CPU per click, times the bare bot's", r["one_worker_cpu_per_click_to_bare"], 3.0, "<=", "x",
               note=f"{res.figures['workers_1']['bot_cpu_ms_per_answered_click']} ms against "
                    f"{res.figures['bare']['bot_cpu_ms_per_answered_click']} ms"),
    ]
    for n in levels:
        paced = res.figures[f"paced_{n}"]
        w, b = paced["workers"], paced["bare"]
        res.targets.append(Target(
            f"ack p99 at {n} human-paced duels with {w['workers']} workers", w["click_to_ack_ms"]["p99"], 150, "<=",
            "ms", note=f"p50 {w['click_to_ack_ms']['p50']} ms; board p50 {w['click_to_board_ms']['p50']}, p99 "
                       f"{w['click_to_board_ms']['p99']} ms; bare bot p50 {b['click_to_ack_ms']['p50']}, p99 "
                       f"{b['click_to_ack_ms']['p99']} ms; {w['duels_set_up']} of {n} duels set up; of "
                       f"{w['clicks']} clicks {w['answered']} answered ({w['deferred']} deferred first), "
                       f"{w['shed']} shed, {w['deadline_misses']} missed the deadline"))
    return res
