"""3. Bot latency: the bot as its own process against the fake Discord, with
many concurrent duels whose simulated players think before every click.

For each level (number of concurrent duels) the same harness first runs the
*bare* bot (:class:`bench.botproc.BareBot`: acknowledge, then edit one
message) — the floor that discord.py, the fake Discord and this harness
impose — and then the Manaburn bot. Figures, all in the harness's clock:

* click → acknowledgement (the interaction callback reached Discord);
* click → board updated (the duel's board message was edited);
* throughput: answered clicks per second; at *saturation* the players do not
  think at all;
* the bot process's CPU share and resident memory (``/proc``), and the
  harness's own CPU share and event-loop lag (the fake Discord and the
  simulated players share one process and one core: when that core is busy
  every figure grows, the floor's too);
* interactions that missed Discord's 3-second deadline.
"""
from __future__ import annotations

import asyncio
import os
import shutil
import random
import sqlite3
import time
from pathlib import Path
from typing import Any

from .common import ROOT, ProcSampler, Result, Target, ratio, say, summary
from .harness import BareAgent, BenchFake, BotProcess, DuelAgent, LoopLag, Recorder, bench_tmp, set_up


def _decisions(db: Path) -> int:
    try:
        con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5)
        try:
            return int(con.execute("SELECT count(*) FROM decisions").fetchone()[0])
        finally:
            con.close()
    except sqlite3.Error:
        return 0


def _log_errors(log: Path) -> int:
    """ERROR records and tracebacks the bot process logged."""
    try:
        text = log.read_text(errors="replace")
    except OSError:
        return 0
    return sum(1 for line in text.splitlines() if " ERROR " in line or line.startswith("Traceback"))


def profile_rows(path: Path, top: int = 20) -> dict[str, Any]:
    """The bot's cProfile: project functions by cumulative time, all functions by own time."""
    import pstats
    st = pstats.Stats(str(path))
    own_total = st.total_tt  # type: ignore[attr-defined]
    rows = []
    for (file, line, func), (cc, nc, tt, ct, _) in st.stats.items():  # type: ignore[attr-defined]
        short = file
        for marker in (f"{ROOT}/", "/site-packages/", "/lib/python3.11/"):  # this checkout, wherever it is
            if marker in file:
                short = file.split(marker, 1)[1]
                break
        rows.append((ct, tt, nc, f"{short}:{line}({func})"))
    mine = [r for r in rows if r[3].startswith(("bot/", "engine/", "storage/"))]
    return {
        "own_seconds_total": round(own_total, 2),
        "by_cumulative_time": [{"function": n, "cum_pct": round(100 * ct / own_total, 1), "own_pct":
                                round(100 * tt / own_total, 1), "calls": nc}
                               for ct, tt, nc, n in sorted(mine, reverse=True)[:top]],
        "by_own_time": [{"function": n, "own_pct": round(100 * tt / own_total, 1), "calls": nc}
                        for ct, tt, nc, n in sorted(rows, key=lambda r: -r[1])[:top]],
    }


async def run_level(kind: str, n: int, think: tuple[float, float], seconds: float, warmup: float,
                    tmp: Path, seed: int = 1, profile: Path | None = None) -> dict[str, Any]:
    rng = random.Random(seed)
    fake = BenchFake()
    await fake.start()
    tag = f"{kind}-{n}-{think[1]}" + ("-profiled" if profile else "")
    db = tmp / f"{tag}.db"
    log = tmp / f"{tag}.log"
    bot = BotProcess(fake, kind, db=str(db) if kind == "manaburn" else "", log=str(log),
                     profile=str(profile) if profile else "")
    rec = Recorder()
    out: dict[str, Any] = {"kind": kind, "duels": n, "think_seconds": list(think), "seconds": seconds}
    try:
        out["bot_start_seconds"] = round(await bot.start(), 2)
        rss0 = ProcSampler(bot.pid).finish()["rss_mb"]
        cls = DuelAgent if kind == "manaburn" else BareAgent
        agents = [cls(fake, rec, i, random.Random(rng.random()), think) for i in range(n)]
        t0 = time.perf_counter()
        ready = await set_up(agents, rec)
        out["setup_seconds"] = round(time.perf_counter() - t0, 1)
        out["setup_failures"] = len(rec.setup_failures)
        rss_open = ProcSampler(bot.pid).finish()["rss_mb"]
        rec.setups.clear()
        loop = asyncio.get_running_loop()
        start = loop.time()
        w0, w1 = start + warmup, start + warmup + seconds
        dec0 = 0
        lag = LoopLag()
        lag.start()
        me = ProcSampler("self")
        botcpu = None

        async def sample() -> None:
            nonlocal botcpu, me, dec0
            await asyncio.sleep(max(0.0, w0 - loop.time()))
            dec0 = _decisions(db) if kind == "manaburn" else 0
            fake.count_rest()
            fake.rest_counts.clear()  # count the window's REST calls only
            fake.dms_sent = 0  # and the DMs sent in it
            botcpu = ProcSampler(bot.pid)
            me = ProcSampler("self")
            lag.lags.clear()
            while loop.time() < w1:
                botcpu.sample()
                fake.trim()
                await asyncio.sleep(1.0)
        sampler = asyncio.create_task(sample())
        plays = [asyncio.create_task(a.play(w1)) for a in ready]
        await sampler
        bot_stats = botcpu.finish() if botcpu else {}
        rest = dict(fake.count_rest())
        dms = fake.dms_sent
        me_stats = me.finish()
        dec1 = _decisions(db) if kind == "manaburn" else 0
        done, pending = await asyncio.wait(plays, timeout=40)
        for p in pending:
            p.cancel()
        await lag.stop()
        win = [c for c in rec.clicks if w0 <= c.t < w1]
        acks = [c.ack for c in win if c.ack is not None]
        boards = [c.board for c in win if c.board is not None]
        out.update({
            "clicks": len(win), "answered": sum(1 for c in win if c.outcome == "ok"),
            "click_to_ack_ms": summary(acks, 1000), "click_to_board_ms": summary(boards, 1000),
            "deadline_misses": sum(1 for c in win if c.outcome == "missed"),
            "refused": sum(1 for c in win if c.outcome == "refused"),
            "no_board_update": sum(1 for c in win if c.outcome == "no-board"),
            "failed": sum(1 for c in win if c.outcome == "failed"),
            "throughput_per_second": round(sum(1 for c in win if c.outcome == "ok") / seconds, 2),
            "engine_decisions_per_second": round((dec1 - dec0) / seconds, 1) if kind == "manaburn" else None,
            "bot": {**bot_stats, "rss_mb_idle": rss0, "rss_mb_duels_open": rss_open},
            "harness": {"cpu_share": me_stats.get("cpu_share"),
                        "loop_lag_ms": summary(lag.lags, 1000)},
            "duels_finished": rec.finished, "errors": rec.errors[:5], "error_count": len(rec.errors),
        })
        answered = out["answered"]
        out["rest_calls_per_answered_click"] = round(sum(rest.values()) / answered, 2) if answered else None
        out["rest_calls_by_route"] = dict(sorted(rest.items(), key=lambda kv: -kv[1])[:12])
        out["dms_per_answered_click"] = round(dms / answered, 3) if answered else None
        if kind == "manaburn":
            # whole duels only (finished ones, from their first panel): DMs each player got
            per_player = [n for a in ready for pair in a.dms_per_duel for n in pair]
            out["dms_per_player_per_duel"] = summary(per_player) if per_player else None
            out["duels_counted_for_dms"] = len(per_player) // 2
        cpu = bot_stats.get("cpu_seconds")
        out["bot_cpu_ms_per_answered_click"] = round(cpu * 1000 / answered, 2) if cpu is not None and answered else None
        if kind == "manaburn":
            out["bot"]["mb_per_open_duel"] = round((rss_open - rss0) / max(1, n), 3) if rss_open and rss0 else None
    finally:
        await bot.stop()
        await fake.stop()
    out["bot_log_errors"] = _log_errors(log)
    a, b = out.get("click_to_ack_ms", {}), out.get("click_to_board_ms", {})
    say(f"  {kind:8} {n:5} duels: ack p50 {a.get('p50')} p99 {a.get('p99')} ms; board p50 {b.get('p50')} "
        f"p99 {b.get('p99')} ms; {out.get('throughput_per_second')} clicks/s; misses {out.get('deadline_misses')}; "
        f"bot CPU {out.get('bot', {}).get('cpu_share')} (+{out.get('bot', {}).get('runqueue_wait_share')} waiting), RSS {out.get('bot', {}).get('rss_mb')} MB; "
        f"harness CPU {out.get('harness', {}).get('cpu_share')}")
    return out


async def _run(levels: list[int], think: tuple[float, float], seconds: float, warmup: float, sat_duels: int,
               sat_seconds: float, tmp: Path, profile_seconds: float) -> dict[str, Any]:
    figs: dict[str, Any] = {"levels": {}, "saturation": {}}
    for n in levels:
        say(f"latency: {n} concurrent duels, players think {think[0]}-{think[1]} s, {seconds:.0f} s measured")
        pair = {}
        for kind in ("bare", "manaburn"):
            pair[kind] = await run_level(kind, n, think, seconds, warmup, tmp)
        m, f = pair["manaburn"], pair["bare"]
        pair["ratios"] = {
            "ack_p50": ratio(m["click_to_ack_ms"]["p50"], f["click_to_ack_ms"]["p50"]),
            "ack_p99": ratio(m["click_to_ack_ms"]["p99"], f["click_to_ack_ms"]["p99"]),
            "board_p50": ratio(m["click_to_board_ms"]["p50"], f["click_to_board_ms"]["p50"]),
            "board_p99": ratio(m["click_to_board_ms"]["p99"], f["click_to_board_ms"]["p99"]),
        }
        say(f"  ratios to the bare bot: ack p50 {pair['ratios']['ack_p50']}x, p99 {pair['ratios']['ack_p99']}x")
        figs["levels"][str(n)] = pair
    if sat_duels:
        say(f"latency: saturation, {sat_duels} duels whose players do not think, {sat_seconds:.0f} s")
        for kind in ("bare", "manaburn"):
            figs["saturation"][kind] = await run_level(kind, sat_duels, (0.0, 0.0), sat_seconds, min(warmup, 3), tmp)
    if profile_seconds and sat_duels:
        say(f"latency: the bot under cProfile at saturation ({profile_seconds:.0f} s; figures not used)")
        prof = tmp / "bot.prof"
        await run_level("manaburn", sat_duels, (0.0, 0.0), profile_seconds, 2.0, tmp, profile=prof)
        if prof.exists():
            figs["bot_profile"] = profile_rows(prof)
            say("  bot: " + "; ".join(f"{r['function']} {r['cum_pct']}%"
                                       for r in figs["bot_profile"]["by_cumulative_time"][:8]))
    return figs


def run(quick: bool = False, levels: list[int] | None = None, think: tuple[float, float] | None = None,
        latency_seconds: float | None = None, warmup: float | None = None, saturation_duels: int | None = None,
        tmpdir: str | None = None, **_: Any) -> Result:
    levels = levels or ([3] if quick else [100, 300, 1000])
    think = think or ((0.05, 0.3) if quick else (0.5, 5.0))
    seconds = latency_seconds or (4.0 if quick else 45.0)
    warmup = warmup if warmup is not None else (1.0 if quick else 8.0)
    sat = saturation_duels if saturation_duels is not None else (2 if quick else 50)
    sat_seconds = 3.0 if quick else 30.0
    profile_seconds = 0.0 if quick else 20.0
    res = Result("latency", "Bot latency against the fake Discord (bot in its own process)")
    res.params = {"levels": levels, "think_seconds": list(think), "measured_seconds": seconds, "warmup_seconds": warmup,
                  "saturation_duels": sat, "saturation_seconds": sat_seconds,
                  "deadline_seconds": 3.0, "player": "bench.harness.pick (acts only on the panel's labels)",
                  "stops": "default", "bot": "bot.app.ManaburnBot via bench.botproc (one process)",
                  "floor": "bench.botproc.BareBot: defer, then edit one message"}
    tmp = bench_tmp(tmpdir)
    res.figures = asyncio.run(_run(levels, think, seconds, warmup, sat, sat_seconds, tmp, profile_seconds))
    if os.environ.get("MANABURN_BENCH_KEEP"):
        res.figures["work_directory"] = str(tmp)
    else:
        shutil.rmtree(tmp, ignore_errors=True)
    lv = res.figures["levels"]
    key = "300" if "300" in lv else str(levels[min(1, len(levels) - 1)])
    if key in lv:
        m = lv[key]["manaburn"]
        res.targets += [
            Target(f"deadline misses at {key} duels", m["deadline_misses"], 0, "<=", "clicks",
                   note=f"of {m['clicks']} clicks"),
            Target(f"p99 click-to-ack at {key} duels", m["click_to_ack_ms"]["p99"], 150, "<=", "ms"),
            Target(f"p50 click-to-ack at {key} duels, times the bare bot's", lv[key]["ratios"]["ack_p50"], 1.5, "<=",
                   "x", note=f"bare p50 {lv[key]['bare']['click_to_ack_ms']['p50']} ms"),
        ]
    big = str(max(levels))
    if big in lv:
        m = lv[big]["manaburn"]
        res.targets.append(Target(f"bot resident memory with {big} duels open", m["bot"].get("peak_rss_mb"), 500, "<=",
                                  "MB"))
    sat_m = res.figures["saturation"].get("manaburn")
    if sat_m:
        res.notes.append(f"throughput at saturation: {sat_m['throughput_per_second']} answered clicks/s "
                         f"(bare bot: {res.figures['saturation']['bare']['throughput_per_second']}/s)")
    return res
