"""5b. Kill soak: duels played through the fake Discord while the bot process
is killed without warning (SIGKILL) at random moments and restarted.

Simulated players (no thinking time) play every duel to its end through
their DM panels. A killer waits a random time, kills the bot, and starts it
again on the same database. At the end, for every duel:

* it finished (the players saw the end announced, or — when no panel ever
  came back after a kill — it is reported *stuck* and conceded so it ends);
* replaying its stored answers from the start (one uninterrupted replay in
  this process) gives the state hash the bot itself had when the duel ended
  (the bot under test appends it to an events file at the end of each duel);
* no decision was lost: every click whose panel showed "→ you chose: X" is
  stored at its sequence number as X, by that player;
* none was applied twice: no sequence number was confirmed to two clicks.
"""
from __future__ import annotations

import asyncio
import os
import shutil
import json
import random
import sqlite3
import time
from collections import Counter
from pathlib import Path
from typing import Any

from engine import Duel, DuelOptions, IllegalAction

from .common import Result, Target, say
from .harness import BenchFake, BotProcess, Click, DuelAgent, Recorder, bench_tmp


def _db_duel(db: Path, duel_id: int) -> tuple[dict[str, Any] | None, list[tuple[int, str]]]:
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=10)
    con.row_factory = sqlite3.Row
    try:
        row = con.execute("SELECT * FROM duels WHERE id = ?", (duel_id,)).fetchone()
        if row is None:
            return None, []
        hist = [(int(r[0]), str(r[1])) for r in
                con.execute("SELECT player, text FROM decisions WHERE duel_id = ? ORDER BY seq", (duel_id,))]
        return dict(row), hist
    finally:
        con.close()


def _all_duels(db: Path) -> list[dict[str, Any]]:
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=10)
    con.row_factory = sqlite3.Row
    try:
        return [dict(r) for r in con.execute("SELECT id, status, seq FROM duels")]
    finally:
        con.close()


def _label_matches(label: str, text: str) -> bool:
    return text == label or (label.endswith("…") and text.startswith(label[:-1]))


def replay_hash(row: dict[str, Any], hist: list[tuple[int, str]]) -> str:
    opts = DuelOptions(**json.loads(row["options"] or "{}"))
    duel = Duel.new(int(row["seed"]), (json.loads(row["deck0"]), json.loads(row["deck1"])), opts,
                    names=(row["player0_name"], row["player1_name"]))
    return duel.replay(hist).state_hash()


class Soak:
    def __init__(self, n: int, concurrency: int, kill_every: tuple[float, float], tmp: Path, seed: int) -> None:
        self.n, self.concurrency, self.kill_every, self.tmp = n, concurrency, kill_every, tmp
        self.rng = random.Random(seed)
        self.started = 0
        self.done = 0
        self.stuck: list[int] = []
        self.unannounced: list[int] = []
        self.kills = 0
        self.restart_seconds: list[float] = []
        self.rec = Recorder()
        self.db = tmp / "kill.db"
        self.events = tmp / "kill-events.jsonl"
        self.agents: list[DuelAgent] = []
        self.all_done = asyncio.Event()
        self.setup_retries = 0
        self.panel_timeout = 20.0  # no panel for this long: the duel is stuck
        self.idle: set[int] = set()  # duels left open on purpose (not orphans)

    setup_timeout = 20.0

    def prepare(self, agent: DuelAgent) -> None:
        """Before an agent sets its next duel up (the options of its challenge)."""

    def after_failed_setup(self, agent: DuelAgent) -> DuelAgent:
        """The agent that tries the setup again (this one, by default)."""
        return agent

    def set_up(self, agent: DuelAgent) -> None:
        """The agent's duel is set up."""

    def read_duel(self, duel_id: int) -> tuple[dict[str, Any] | None, list[tuple[int, str]]]:
        """The duel's row and its stored decisions (player, text), read from the database."""
        return _db_duel(self.db, duel_id)

    def read_all(self) -> list[dict[str, Any]]:
        """Every duel's id, status and seq."""
        return _all_duels(self.db)

    async def agent_loop(self, agent: DuelAgent) -> None:
        loop = asyncio.get_running_loop()
        while self.started < self.n:
            self.started += 1
            self.prepare(agent)
            last = ""
            for attempt in range(20):
                try:
                    await agent.setup(timeout=self.setup_timeout)
                    break
                except Exception as e:  # the bot was killed during the setup: try again once it is back
                    last = f"{e!r}"[:300]
                    self.rec.note(f"agent {agent.n}: setup failed: {last}")
                    self.setup_retries += 1
                    agent = self.after_failed_setup(agent)
                    await asyncio.sleep(1.0)
            else:
                self.rec.setup_failures.append(f"setup failed 20 times, the last time: {last}")
                continue
            self.set_up(agent)
            await agent.play(loop.time() + 3600, restart=False, panel_timeout=self.panel_timeout, on_stuck=self.on_stuck)
            self.done += 1
            if self.done % 10 == 0 or self.done == self.n:
                say(f"  {self.done}/{self.n} duels done, {self.kills} kills so far")
        if self.done >= self.n:
            self.all_done.set()

    async def on_stuck(self, agent: DuelAgent) -> bool:
        """No panel for a while: finished without its announcement, or stuck; concede a stuck duel."""
        row, _ = self.read_duel(agent.duel_id)
        if row is not None:
            self.rec.note(f"agent {agent.n}: no panel for duel {agent.duel_id}: status {row['status']} seq {row['seq']}"
                          f" published_seq {row.get('published_seq')}\n{agent.describe()}")
        if row is not None and row["status"] == "finished":
            if agent.duel_id not in self.stuck:
                self.unannounced.append(agent.duel_id)
            agent.ended = True
            return True
        if agent.duel_id in self.stuck:
            await asyncio.sleep(1.0)
        else:
            self.stuck.append(agent.duel_id)
        try:
            await agent.users[0].slash("concede", duel=agent.duel_id)
        except Exception:  # the bot is down right now: the next timeout tries again
            pass
        try:
            await agent.until(lambda: agent.ended, 20)
        except TimeoutError:
            pass
        return True

    async def killer(self, bot: BotProcess) -> None:
        while not self.all_done.is_set():
            try:
                await asyncio.wait_for(self.all_done.wait(), self.rng.uniform(*self.kill_every))
                return
            except asyncio.TimeoutError:
                pass
            bot.kill()
            self.kills += 1
            self.rec.note(f"kill {self.kills}")
            await bot.wait_dead()
            self.restart_seconds.append(await bot.start())
            self.rec.note(f"restarted after kill {self.kills}")

    async def run(self) -> dict[str, Any]:
        fake = BenchFake()
        await fake.start()
        bot = BotProcess(fake, "manaburn", db=str(self.db), events=str(self.events), log=str(self.tmp / "kill.log"))
        t0 = time.perf_counter()
        self.rec.trace = open(self.tmp / "kill-trace.log", "w")
        try:
            await bot.start()
            self.agents = [DuelAgent(fake, self.rec, i, random.Random(self.rng.random()), (0.0, 0.0))
                           for i in range(self.concurrency)]
            killer = asyncio.create_task(self.killer(bot))
            await asyncio.gather(*(self.agent_loop(a) for a in self.agents))
            self.all_done.set()
            await killer
        finally:
            await bot.stop()
            await fake.stop()
            self.rec.trace.close()
            self.rec.trace = None
        wall = time.perf_counter() - t0
        return self.verify(wall)

    def verify(self, wall: float) -> dict[str, Any]:
        logged: dict[int, dict[str, Any]] = {}
        if self.events.exists():
            for line in self.events.read_text().splitlines():
                try:
                    e = json.loads(line)
                except ValueError:
                    continue
                logged[int(e["duel"])] = e
        clicks_by_duel: dict[int, list[Click]] = {}
        for c in self.rec.clicks:
            clicks_by_duel.setdefault(c.duel, []).append(c)
        played = sorted({d for a in self.agents for d in a.duels_played if d})
        problems: list[str] = []
        counts = Counter()
        for duel_id in played:
            row, hist = self.read_duel(duel_id)
            if row is None:
                problems.append(f"duel {duel_id}: not in the database")
                continue
            if row["status"] != "finished":
                counts["unfinished"] += 1
                problems.append(f"duel {duel_id}: status {row['status']}")
            if row["seq"] != len(hist):
                problems.append(f"duel {duel_id}: seq {row['seq']} but {len(hist)} decisions")
            try:
                h = replay_hash(row, hist)
            except IllegalAction as e:
                counts["replay_fails"] += 1
                problems.append(f"duel {duel_id}: the stored answers do not replay: {e}")
                continue
            ev = logged.get(duel_id)
            if ev is None:
                counts["end_not_logged"] += 1
            elif ev["hash"] != h or ev["seq"] != len(hist):
                counts["hash_mismatch"] += 1
                problems.append(f"duel {duel_id}: bot ended at seq {ev['seq']} hash {ev['hash']}, "
                                f"replay gives seq {len(hist)} hash {h}")
            else:
                counts["hash_equal"] += 1
            confirmed: dict[int, Click] = {}
            for c in clicks_by_duel.get(duel_id, []):
                if not c.confirmed:
                    continue
                counts["confirmed_clicks"] += 1
                if c.seq in confirmed:
                    counts["applied_twice"] += 1
                    problems.append(f"duel {duel_id}: seq {c.seq} confirmed twice")
                confirmed[c.seq] = c
                if c.seq >= len(hist) or hist[c.seq][0] != c.player or not _label_matches(c.answer or c.label, hist[c.seq][1]):
                    counts["lost"] += 1
                    got = hist[c.seq] if c.seq < len(hist) else None
                    problems.append(f"duel {duel_id}: confirmed click {c.label!r} at seq {c.seq} by player "
                                    f"{c.player}, stored {got}")
            counts["decisions"] += len(hist)
        orphans = [d for d in self.read_all() if d["id"] not in set(played) and d["id"] not in self.idle
                   and d["status"] not in ("finished", "cancelled", "challenged")]
        clicks = self.rec.clicks
        return {
            "duels": len(played), "wall_seconds": round(wall, 1), "kills": self.kills,
            "restart_seconds_median": round(sorted(self.restart_seconds)[len(self.restart_seconds) // 2], 2)
            if self.restart_seconds else None,
            "finished_in_the_database": len(played) - counts["unfinished"],
            "stuck_then_conceded": len(set(self.stuck)), "stuck_duels": sorted(set(self.stuck))[:50],
            "finished_but_end_not_announced": len(self.unannounced),
            "hash_equal_to_uninterrupted_replay": counts["hash_equal"],
            "hash_mismatch": counts["hash_mismatch"], "end_not_logged_by_the_bot": counts["end_not_logged"],
            "replay_fails": counts["replay_fails"],
            "confirmed_clicks": counts["confirmed_clicks"], "lost_decisions": counts["lost"],
            "applied_twice": counts["applied_twice"], "decisions": counts["decisions"],
            "clicks": len(clicks), "clicks_missed_deadline_or_bot_down": sum(1 for c in clicks if c.outcome == "missed"),
            "clicks_refused_out_of_date": sum(1 for c in clicks if c.outcome == "refused"),
            "setup_retries": self.setup_retries, "setup_failures": len(self.rec.setup_failures),
            "setup_failure_reasons": self.rec.setup_failures[:10],
            "orphaned_duels": len(orphans),
            "problems": problems[:30], "problem_count": len(problems),
        }


def run(quick: bool = False, kill_duels: int | None = None, kill_concurrency: int | None = None,
        kill_every: tuple[float, float] | None = None, tmpdir: str | None = None, **_: Any) -> Result:
    n = kill_duels or (2 if quick else 100)
    conc = min(n, kill_concurrency or (2 if quick else 20))
    every = kill_every or ((1.5, 4.0) if quick else (4.0, 15.0))
    res = Result("killsoak", "Kill soak: SIGKILL the bot at random moments")
    res.params = {"duels": n, "concurrent": conc, "kill_after_seconds": list(every), "think_seconds": [0, 0],
                  "player": "bench.harness.pick", "check": "replay hash, confirmed clicks stored once"}
    say(f"kill soak: {n} duels ({conc} at a time), the bot SIGKILLed every {every[0]}-{every[1]} s")
    tmp = bench_tmp(tmpdir)
    soak = Soak(n, conc, every, tmp, seed=7)
    res.figures = asyncio.run(soak.run())
    f = res.figures
    if os.environ.get("MANABURN_BENCH_KEEP"):
        res.figures["work_directory"] = str(tmp)
    else:
        shutil.rmtree(tmp, ignore_errors=True)
    say(f"  {f['duels']} duels, {f['kills']} kills in {f['wall_seconds']:.0f} s: {f['hash_equal_to_uninterrupted_replay']} "
        f"ended with the replay's hash, {f['stuck_then_conceded']} stuck after a kill (no panel) and conceded, "
        f"{f['lost_decisions']} lost, {f['applied_twice']} applied twice, {f['hash_mismatch']} hash mismatches")
    res.targets = [
        Target("kill soak: duels not finished", f["duels"] - f["finished_in_the_database"], 0, "<=", "duels"),
        Target("kill soak: hash differs from an uninterrupted replay", f["hash_mismatch"] + f["replay_fails"], 0, "<=",
               "duels"),
        Target("kill soak: decisions lost or applied twice", f["lost_decisions"] + f["applied_twice"], 0, "<=",
               "decisions"),
        Target("kill soak: duels stuck after a kill (no panel; conceded to finish)", f["stuck_then_conceded"], 0, "<=",
               "duels", note="at start-up the bot publishes again what a kill left unpublished (published_seq)"),
    ]
    return res
