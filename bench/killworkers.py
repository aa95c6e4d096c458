"""5c. Kill soak with two workers: the kill soak of :mod:`bench.killsoak` with two
``manaburn bot`` worker processes (:mod:`bench.botproc`, each a real
:class:`bot.app.ManaburnBot` in its own process) on one PostgreSQL database
(a throw-away server, ``tests/pgserver.py``), behind the HTTP interactions
endpoint: the fake Discord POSTs every interaction, signed, to the workers in
turn, passing over a worker that refuses the connection as the load balancer of
``compose.yaml`` (nginx, ``proxy_next_upstream error``) does.

Either worker is SIGKILLed at random moments and started again, while:

* simulated players play duels through their DM panels, about a third of them
  for ante (the admin grants both decks' cards first);
* two players trade a Lightning Bolt for an Island back and forth, without end;
* one duel stays idle (the *probe*): after every kill of the worker that holds
  the timed work, the harness moves the probe's decision deadline into its
  reminder window, and the surviving worker must take the timed work over
  (the session advisory lock :data:`storage.locks.TIMED_WORK_LOCK`) and its clock
  sweep send the reminder. The killed worker stays down until then (or 90 s),
  so the work cannot go back to it.

At the end, besides the duel checks of :mod:`bench.killsoak` (answers lost,
applied twice, stuck, final state hash against an uninterrupted replay): every
trade whose acceptance was acknowledged is accepted on disk with its two ledger
lines, no trade has more; the ledger replays to the copies table
(:func:`storage.ledger.check_ledger`), and no copy is left locked.
"""
from __future__ import annotations

import asyncio
import os
import random
import shutil
import time
from pathlib import Path
from typing import Any

from engine.decks import decklist

from .common import Result, Target, say
from .harness import TESTS, BenchFake, BotProcess, DuelAgent
from .killsoak import Soak
from .workers import _free_port, _wait_endpoints

#: Seconds between the leader's clock sweeps in the soak (the bot's default is 60).
SWEEP_SECONDS = 5.0
#: A duel with no panel for this long is stuck: a worker killed between storing an
#: answer and showing it leaves it to the leader's catch-up, a minute later
#: (bot.recovery.PUBLISH_GRACE) plus a sweep and a take-over.
PANEL_TIMEOUT = 110.0
#: How long the harness waits for the timed work to move to the survivor.
HANDOVER_LIMIT = 90.0


def _pg_rows(url: str, sql: str, args: tuple[Any, ...] = ()) -> list[dict[str, Any]]:
    import psycopg
    from psycopg.rows import dict_row
    with psycopg.connect(url, autocommit=True, row_factory=dict_row) as conn:
        cur = conn.execute(sql, args)
        return list(cur.fetchall()) if cur.description is not None else []


async def _text(r: Any) -> str:
    """The answer to a slash command, deferred or not."""
    if r.message is not None and r.message.loading:
        await r.wait_done(timeout=10)
    return r.followups[0].text if r.followups else r.text


class WorkerSoak(Soak):
    def __init__(self, n: int, concurrency: int, kill_every: tuple[float, float], tmp: Path, seed: int,
                 url: str, ante_share: float = 0.35) -> None:
        super().__init__(n, concurrency, kill_every, tmp, seed)
        self.url = url
        self.ante_share = ante_share
        self.panel_timeout = PANEL_TIMEOUT
        self.workers: list[BotProcess] = []
        self.names: list[str] = []
        self.fake: BenchFake | None = None
        self.admin: Any = None
        self.ante_duels: list[int] = []
        self.leader_kills = 0
        self.handover_seconds: list[float] = []  # kill of the leader -> the survivor holds the lock
        self.reminder_seconds: list[float] = []  # kill of the leader -> the survivor's reminder arrived
        self.handover_failures: list[str] = []
        self.kills_by_worker = [0, 0]
        # trades: (trade id, whether the recipient was told "the cards are exchanged")
        self.trades: list[tuple[int, bool]] = []
        self.trade_errors = 0
        self.unshown_trades: list[int] = []  # offers stored but never shown (no message to click)

    # ------------------------------------------------------------ reading
    def read_duel(self, duel_id: int) -> tuple[dict[str, Any] | None, list[tuple[int, str]]]:
        rows = _pg_rows(self.url, "SELECT * FROM duels WHERE id = %s", (duel_id,))
        if not rows:
            return None, []
        hist = [(int(r["player"]), str(r["text"])) for r in
                _pg_rows(self.url, "SELECT player, text FROM decisions WHERE duel_id = %s ORDER BY seq", (duel_id,))]
        return rows[0], hist

    def read_all(self) -> list[dict[str, Any]]:
        return _pg_rows(self.url, "SELECT id, status, seq FROM duels")

    def leader(self) -> str | None:
        """The application name of the worker holding the timed work's lock, if any."""
        from storage.locks import TIMED_WORK_LOCK
        rows = _pg_rows(self.url, "SELECT a.application_name AS name FROM pg_locks l JOIN pg_stat_activity a"
                        " ON a.pid = l.pid WHERE l.locktype = 'advisory' AND l.classid = %s AND l.objid = %s"
                        " AND l.granted", TIMED_WORK_LOCK)
        return str(rows[0]["name"]) if rows else None

    # ------------------------------------------------------------ ante
    async def grant_decks(self, agent: DuelAgent, deck_a: str, deck_b: str) -> None:
        for user, deck in zip(agent.users, (deck_a, deck_b)):
            text = await _text(await self.admin.slash("admin grant", player=user,
                                                      cards="\n".join(f"1 {c}" for c in decklist(deck))))
            if "Granted" not in text:
                raise RuntimeError(f"grant refused: {text[:200]}")

    setup_timeout = 30.0

    def prepare(self, agent: DuelAgent) -> None:
        """About a third of the duels for ante (the admin grants both decks first)."""
        ante = self.rng.random() < self.ante_share
        agent.challenge_options = {"ante": True} if ante else {}
        agent.before_challenge = self.grant_decks if ante else None

    def after_failed_setup(self, agent: DuelAgent) -> DuelAgent:
        """Two new players: the challenges a failed setup left open count against a
        player's five (they expire in a day)."""
        fresh = DuelAgent(agent.fake, self.rec, agent.n + 100, random.Random(self.rng.random()), (0.0, 0.0))
        fresh.challenge_options, fresh.before_challenge = agent.challenge_options, agent.before_challenge
        self.agents.append(fresh)
        return fresh

    def set_up(self, agent: DuelAgent) -> None:
        if agent.challenge_options.get("ante"):
            self.ante_duels.append(agent.duel_id)

    # ------------------------------------------------------------ trades
    async def trade_loop(self) -> None:
        """Two players trade one Lightning Bolt for one Island, back and forth, until the
        duels are done; each acknowledged acceptance is checked on disk at the end. An
        offer left open with no message to click (its answer came too late to be shown)
        is counted, and two new players go on trading."""
        assert self.fake is not None
        pair = 0
        while not self.all_done.is_set():
            pair += 1
            users = (self.fake.create_user(f"trader{pair}-a"), self.fake.create_user(f"trader{pair}-b"))
            for u in users:
                while True:
                    try:
                        if "Granted" in await _text(await self.admin.slash("admin grant", player=u,
                                                                           cards="1 Lightning Bolt, 1 Island")):
                            break
                    except Exception:
                        pass
                    await asyncio.sleep(1.0)
            ids = {str(u.id): u for u in users}
            while not self.all_done.is_set():
                try:
                    if not await self._trade_once(users, ids):
                        break
                    await asyncio.sleep(self.rng.uniform(0.2, 1.0))  # a person between two trades
                except Exception as e:  # a worker killed under the trade: the next round sorts it out
                    self.trade_errors += 1
                    self.rec.note(f"trade: {e!r}"[:300])
                    await asyncio.sleep(1.0)

    async def _trade_once(self, users: tuple[Any, Any], ids: dict[str, Any]) -> bool:
        """One trade (or the open one finished); False when these two cannot go on."""
        assert self.fake is not None
        # a trade a kill left open is accepted first (its cards are spoken for until then)
        for t in _pg_rows(self.url, "SELECT id, recipient_id, message_id, created_at FROM trades"
                          " WHERE status = 'proposed' AND recipient_id IN (%s, %s)", tuple(ids)):
            prefix = f"mb:tr:{t['id']}:"  # its message, found by its buttons (its id may not be stored yet)
            msg = next((m for m in reversed(list(self.fake.messages.values()))
                        if any((b.get("custom_id") or "").startswith(prefix) for b in m.buttons)), None)
            if msg is not None and msg.buttons:
                r = await ids[t["recipient_id"]].click(msg, "Accept")
                await r.wait_followups(1, timeout=10)
                self.trades.append((int(t["id"]), any("cards are exchanged" in f.text for f in r.followups)))
            elif time.time() - int(t["created_at"]) > 15:
                self.unshown_trades.append(int(t["id"]))
                return False
            else:
                await asyncio.sleep(0.5)
            return True
        owners = _pg_rows(self.url, "SELECT owner_id FROM copies WHERE card = 'Lightning Bolt' AND owner_id IN (%s, %s)",
                          tuple(ids))
        bolts = [r["owner_id"] for r in owners]
        p = ids[bolts[0]]
        q = users[1 - users.index(p)]
        r = await p.slash("trade", player=q, give="Lightning Bolt", want="Island")
        msg = r.message
        if msg is None or r.ephemeral or not msg.buttons:
            raise RuntimeError(f"no trade offer: {r.text[:200]}")
        trade_id = int(next(b["custom_id"] for b in msg.buttons if (b.get("custom_id") or "").startswith("mb:tr:"))
                       .split(":")[2])
        res = await q.click(msg, "Accept")
        await res.wait_followups(1, timeout=10)
        self.trades.append((trade_id, any("cards are exchanged" in f.text for f in res.followups)))
        return True

    # ------------------------------------------------------------ the timed work
    async def probe(self) -> tuple[DuelAgent, int]:
        """An idle duel whose reminders show which worker runs the clock sweep."""
        assert self.fake is not None
        agent = DuelAgent(self.fake, self.rec, 999, random.Random(0), (0.0, 0.0))
        for attempt in range(20):
            try:
                await agent.setup(timeout=30)
                return agent, agent.duel_id
            except Exception as e:  # a slow /challenge (the machine is busy): again
                self.rec.note(f"probe: setup failed: {e!r}"[:300])
                self.setup_retries += 1
                await asyncio.sleep(1.0)
        raise RuntimeError("the probe duel could not be set up")

    @staticmethod
    def reminders(agent: DuelAgent, duel_id: int) -> int:
        return sum(1 for u in agent.users for m in u.dms() if f"Reminder: duel #{duel_id} " in m.text)

    async def killer(self, _: Any = None) -> None:
        loop = asyncio.get_running_loop()
        probe, probe_id = await self.probe()
        self.idle.add(probe_id)
        while not self.all_done.is_set():
            try:
                await asyncio.wait_for(self.all_done.wait(), self.rng.uniform(*self.kill_every))
                return
            except asyncio.TimeoutError:
                pass
            i = self.rng.randrange(2)
            victim, survivor = self.workers[i], self.names[1 - i]
            was_leader = self.leader() == self.names[i]
            t0 = loop.time()
            victim.kill()
            self.kills += 1
            self.kills_by_worker[i] += 1
            self.rec.note(f"kill {self.kills}: {self.names[i]}{' (the leader)' if was_leader else ''}")
            await victim.wait_dead()
            if was_leader:
                self.leader_kills += 1
                seen = self.reminders(probe, probe_id)
                # the probe's clock is due a reminder now: only a live leader's sweep can send it
                _pg_rows(self.url, "UPDATE duels SET deadline = %s, reminder_seq = NULL, reminder_stage = 0"
                         " WHERE id = %s", (int(time.time() + 0.4 * 24 * 3600), probe_id))
                handover = reminder = None
                while loop.time() - t0 < HANDOVER_LIMIT and (handover is None or reminder is None):
                    if handover is None and self.leader() == survivor:
                        handover = loop.time() - t0
                    if reminder is None and self.reminders(probe, probe_id) > seen:
                        reminder = loop.time() - t0
                    await asyncio.sleep(0.2)
                if handover is None or reminder is None:
                    self.handover_failures.append(f"kill {self.kills}: lock to {survivor} "
                                                  f"{handover}, reminder {reminder}")
                if handover is not None:
                    self.handover_seconds.append(round(handover, 1))
                if reminder is not None:
                    self.reminder_seconds.append(round(reminder, 1))
            else:
                await asyncio.sleep(self.rng.uniform(0.5, 3.0))
            self.restart_seconds.append(await victim.start())
            self.rec.note(f"restarted {self.names[i]} after kill {self.kills}")

    # ------------------------------------------------------------ the run
    async def run(self) -> dict[str, Any]:
        fake = self.fake = BenchFake()
        await fake.start()
        fake.interactions_to = "http"
        self.admin = fake.create_user("admin", admin=True)
        for i in range(2):
            port = _free_port()
            self.names.append(f"worker{i}")
            self.workers.append(BotProcess(
                fake, "manaburn", db=f"{self.url}&application_name=worker{i}", events=str(self.events),
                log=str(self.tmp / f"worker{i}.log"),
                env={"MANABURN_HTTP": f"127.0.0.1:{port}", "DISCORD_PUBLIC_KEY": fake.public_key,
                     "MANABURN_BENCH_SWEEP": str(SWEEP_SECONDS)}))
            fake.interaction_urls.append(f"http://127.0.0.1:{port}/interactions")
        t0 = time.perf_counter()
        self.rec.trace = open(self.tmp / "kill-trace.log", "w")
        trader: asyncio.Task[None] | None = None
        try:
            for w in self.workers:  # one after the other: the first migrates the schema
                await w.start()
            await _wait_endpoints(fake.interaction_urls)
            self.agents = [DuelAgent(fake, self.rec, i, random.Random(self.rng.random()), (0.0, 0.0))
                           for i in range(self.concurrency)]
            killer = asyncio.create_task(self.killer())
            trader = asyncio.create_task(self.trade_loop())
            await asyncio.gather(*(self.agent_loop(a) for a in self.agents))
            self.all_done.set()
            await killer
            await trader
        finally:
            if trader is not None and not trader.done():
                trader.cancel()
            for w in self.workers:
                await w.stop()
            await fake.stop()
            self.rec.trace.close()
            self.rec.trace = None
        wall = time.perf_counter() - t0
        figures = self.verify(wall)
        figures.update(await self.verify_cards())
        figures.update({
            "workers": 2, "kills_by_worker": self.kills_by_worker, "leader_kills": self.leader_kills,
            "handover_seconds": self.handover_seconds,
            "handover_seconds_max": max(self.handover_seconds, default=None),
            "reminder_after_leader_kill_seconds": self.reminder_seconds,
            "reminder_seconds_max": max(self.reminder_seconds, default=None),
            "handover_failures": self.handover_failures,
            "http_refusals": len(fake.http_refusals),
        })
        return figures

    async def verify_cards(self) -> dict[str, Any]:
        """Trades and ante against the ledger."""
        from storage import open_database
        from storage.ledger import check_ledger
        problems: list[str] = []
        lines = {int(r["trade_id"]): int(r["n"]) for r in _pg_rows(
            self.url, "SELECT trade_id, count(*) AS n FROM ledger WHERE trade_id IS NOT NULL GROUP BY trade_id")}
        status = {int(r["id"]): str(r["status"]) for r in _pg_rows(self.url, "SELECT id, status FROM trades")}
        acknowledged = lost = 0
        for trade_id, acked in self.trades:
            if acked:
                acknowledged += 1
                if status.get(trade_id) != "accepted" or lines.get(trade_id) != 2:
                    lost += 1
                    problems.append(f"trade {trade_id}: acknowledged, on disk {status.get(trade_id)} "
                                    f"with {lines.get(trade_id, 0)} ledger lines")
        twice = sum(1 for t, n in lines.items() if n != 2 or status.get(t) != "accepted")
        settled = {int(r["duel_id"]) for r in _pg_rows(self.url, "SELECT duel_id FROM ante_results")}
        status_of = {int(r["id"]): str(r["status"]) for r in _pg_rows(self.url, "SELECT id, status FROM duels")}
        locks = _pg_rows(self.url, "SELECT count(*) AS n FROM duel_copies dc JOIN duels d ON d.id = dc.duel_id"
                         " WHERE d.status NOT IN ('finished', 'cancelled')")[0]["n"]
        async with open_database(self.url) as db:
            ledger_problems = await check_ledger(db)
        return {
            "trades_accepted": sum(1 for s in status.values() if s == "accepted"),
            "trades_left_open_unshown": len(self.unshown_trades), "unshown_trade_ids": self.unshown_trades[:10],
            "trades_acknowledged": acknowledged, "trades_acknowledged_not_on_disk": lost,
            "trades_applied_twice_or_half": twice, "trade_errors_retried": self.trade_errors,
            "ante_duels": len(self.ante_duels),
            "ante_duels_finished": sum(1 for d in self.ante_duels if status_of.get(d) == "finished"),
            "ante_duels_settled": sum(1 for d in self.ante_duels if d in settled),
            "ante_duels_finished_not_settled": sum(1 for d in self.ante_duels
                                                   if status_of.get(d) == "finished" and d not in settled),
            "copies_left_locked": int(locks),
            "ledger_problems": len(ledger_problems), "ledger_problem_samples": ledger_problems[:10],
            "card_problems": problems[:20],
        }


async def _main(n: int, conc: int, every: tuple[float, float], tmp: Path) -> dict[str, Any]:
    import sys
    if TESTS not in sys.path:
        sys.path.insert(0, TESTS)
    import psycopg
    from pgserver import TempPostgres  # tests/pgserver.py

    with TempPostgres() as pg:
        with psycopg.connect(pg.url(), autocommit=True) as conn:
            conn.execute("CREATE DATABASE kill")
        soak = WorkerSoak(n, conc, every, tmp, seed=7, url=pg.url("kill"))
        return await soak.run()


def run(quick: bool = False, kill_duels: int | None = None, kill_concurrency: int | None = None,
        kill_every: tuple[float, float] | None = None, tmpdir: str | None = None, **_: Any) -> Result:
    n = kill_duels or (3 if quick else 30)
    conc = min(n, kill_concurrency or (3 if quick else 10))
    every = kill_every or ((3.0, 6.0) if quick else (5.0, 20.0))
    res = Result("killworkers", "Kill soak with two workers on PostgreSQL behind the HTTP endpoint")
    res.params = {"duels": n, "concurrent": conc, "kill_after_seconds": list(every), "think_seconds": [0, 0],
                  "workers": 2, "database": "PostgreSQL 15 (tests/pgserver.py)", "sweep_seconds": SWEEP_SECONDS,
                  "ingress": "the fake POSTs each interaction, signed, to the workers in turn; a refused connection"
                             " goes to the other (nginx proxy_next_upstream error)",
                  "check": "replay hash, confirmed clicks stored once, trades and ante against the ledger,"
                           " the timed work taken over by the survivor"}
    say(f"kill soak with two workers: {n} duels ({conc} at a time), a worker SIGKILLed every {every[0]}-{every[1]} s")
    tmp = Path(__import__("tempfile").mkdtemp(prefix="manaburn-bench-", dir=tmpdir))
    try:
        res.figures = asyncio.run(_main(n, conc, every, tmp))
    finally:
        if os.environ.get("MANABURN_BENCH_KEEP"):
            say(f"  work directory kept: {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    f = res.figures
    say(f"  {f['duels']} duels, {f['kills']} kills ({f['leader_kills']} of the leader) in {f['wall_seconds']:.0f} s: "
        f"{f['hash_equal_to_uninterrupted_replay']} ended with the replay's hash, {f['stuck_then_conceded']} stuck, "
        f"{f['lost_decisions']} lost, {f['applied_twice']} applied twice; trades {f['trades_acknowledged']} acknowledged, "
        f"{f['trades_acknowledged_not_on_disk']} lost; timed work taken over in {f['handover_seconds']} s, "
        f"reminders after {f['reminder_after_leader_kill_seconds']} s")
    res.targets = [
        Target("kill soak, 2 workers: duels not finished", f["duels"] - f["finished_in_the_database"], 0, "<=", "duels"),
        Target("kill soak, 2 workers: hash differs from an uninterrupted replay", f["hash_mismatch"] + f["replay_fails"],
               0, "<=", "duels"),
        Target("kill soak, 2 workers: decisions lost or applied twice", f["lost_decisions"] + f["applied_twice"], 0, "<=",
               "decisions"),
        Target("kill soak, 2 workers: duels stuck (no panel for 110 s; conceded to finish)", f["stuck_then_conceded"],
               0, "<=", "duels"),
        Target("kill soak, 2 workers: trades acknowledged but not on disk, or applied twice",
               f["trades_acknowledged_not_on_disk"] + f["trades_applied_twice_or_half"], 0, "<=", "trades"),
        Target("kill soak, 2 workers: ledger problems, ante not settled, copies left locked",
               f["ledger_problems"] + f["ante_duels_finished_not_settled"] + f["copies_left_locked"], 0, "<=",
               "problems"),
        Target("kill soak, 2 workers: slowest take-over of the timed work (reminder sent by the survivor)",
               max([f["reminder_seconds_max"] or 0.0] + [HANDOVER_LIMIT * 2] * len(f["handover_failures"])), 60.0,
               "<=", "s"),
    ]
    return res
