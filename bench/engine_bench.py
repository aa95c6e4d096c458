"""1. Engine: random self-play, replay, a crowded board, memory per duel, and
a cProfile of where the time goes. One core (this process, one thread).

The recorded duel for the replay figure is ``bench/data/duel-1000.json``
(seed, decks, the first 1,000 answers of a random duel and the state hash
they lead to). ``python -m bench.engine_bench --record`` writes it again;
if the engine no longer replays it to the same hash, the figure is still
taken and a note says the engine's behaviour changed.
"""
from __future__ import annotations

import cProfile
import gc
import io
import json
import pstats
import random
import statistics
import time
import tracemalloc
from pathlib import Path
from typing import Any

from engine import Duel, DuelOptions
from engine.players.random_player import RandomPlayer, play_out
from engine.decks import PRECONS, decklist
from engine.scripts import Runner, build_position, run_step

from .baseline import compare
from .clone_bench import clone_bench, targets as clone_targets
from .common import ROOT, Result, Target, say, summary

NAMES = sorted(PRECONS)
RECORDED = ROOT / "bench" / "data" / "duel-1000.json"


def seeded_duel(seed: int) -> tuple[Duel, tuple[RandomPlayer, RandomPlayer]]:
    """The random duel of a seed, as the property tests pick it (decks from the seed)."""
    r = random.Random(seed)
    a, b = r.choice(NAMES), r.choice(NAMES)
    duel = Duel.new(seed, (decklist(a), decklist(b)), DuelOptions())
    return duel, (RandomPlayer(seed * 2), RandomPlayer(seed * 2 + 1))


# ------------------------------------------------------------- self-play
def self_play(seeds: list[int], runs: int) -> dict[str, Any]:
    """The same duels played ``runs`` times; rates are medians over the runs."""
    rates, dec_rates, lengths = [], [], []
    for run in range(runs):
        lengths = []
        t0 = time.perf_counter()
        for s in seeds:
            duel, players = seeded_duel(s)
            lengths.append(play_out(duel, players))
        dt = time.perf_counter() - t0
        rates.append(len(seeds) / dt)
        dec_rates.append(sum(lengths) / dt)
        say(f"  self-play run {run + 1}/{runs}: {len(seeds)} duels in {dt:.1f} s "
            f"({len(seeds) / dt:.2f} duels/s, {sum(lengths) / dt:,.0f} decisions/s)")
    return {"duels_per_run": len(seeds), "runs": runs,
            "duels_per_second": round(statistics.median(rates), 3),
            "decisions_per_second": round(statistics.median(dec_rates), 1),
            "ms_per_decision": round(1000 / statistics.median(dec_rates), 3),
            "median_duel_decisions": statistics.median(lengths),
            "min_duel_decisions": min(lengths), "max_duel_decisions": max(lengths),
            "all_runs_duels_per_second": [round(x, 3) for x in rates]}


# ---------------------------------------------------------------- replay
def record_duel(path: Path = RECORDED, decisions: int = 1000) -> dict[str, Any]:
    """Find the first seed whose random duel lasts at least ``decisions`` answers; store them."""
    for seed in range(1000):
        duel, players = seeded_duel(seed)
        play_out(duel, players, max_decisions=decisions)
        if len(duel.history) >= decisions:
            doc = {"seed": seed, "decks": [list(duel.decks[0]), list(duel.decks[1])],
                   "options": {}, "names": ["alice", "bob"],
                   "history": [[p, t] for p, t in duel.history[:decisions]],
                   "state_hash": duel.state_hash()}
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(doc) + "\n")
            return doc
    raise RuntimeError("no random duel reached the length wanted")


def load_recorded() -> dict[str, Any]:
    if not RECORDED.exists():
        return record_duel()
    return json.loads(RECORDED.read_text())


def replay_recorded(doc: dict[str, Any]) -> Duel:
    hist = [(int(p), str(t)) for p, t in doc["history"]]
    return Duel.new(doc["seed"], (doc["decks"][0], doc["decks"][1]), DuelOptions(**doc["options"]),
                    names=tuple(doc["names"])).replay(hist)


def replay_bench(runs: int) -> dict[str, Any]:
    doc = load_recorded()
    times = []
    same = None
    for _ in range(runs):
        gc.collect()
        t0 = time.perf_counter()
        d = replay_recorded(doc)
        times.append(time.perf_counter() - t0)
        same = d.state_hash() == doc["state_hash"]
    med = statistics.median(times)
    say(f"  replay of {len(doc['history'])} decisions: median {med * 1000:.0f} ms over {runs} runs"
        + ("" if same else "  (state hash differs from the recording: the engine's behaviour changed)"))
    return {"decisions": len(doc["history"]), "runs": runs, "median_ms": round(med * 1000, 2),
            "min_ms": round(min(times) * 1000, 2), "ms_per_decision": round(med * 1000 / len(doc["history"]), 3),
            "same_state_hash_as_recorded": same, "seed": doc["seed"]}


# ---------------------------------------------------------- crowded board
CROWDED_SETUP = {
    "active": "alice", "phase": "main",
    "players": {
        "alice": {
            "battlefield": (["Mountain"] * 10 + ["Forest"] * 6 + ["Grizzly Bears"] * 3 + ["Hill Giant"] * 2
                            + ["Gray Ogre"] * 2 + ["Llanowar Elves"] * 2 + ["Prodigal Sorcerer"]),
            "hand": ["Lightning Bolt"] * 4 + ["Giant Growth"] * 4,
            "library": ["Mountain"] * 30,
        },
        "bob": {
            "battlefield": (["Plains"] * 10 + ["Forest"] * 6 + ["Savannah Lions"] * 3 + ["War Mammoth"] * 2
                            + ["Pearled Unicorn"] * 2 + ["Giant Spider"] * 2 + ["Samite Healer"]),
            "hand": ["Giant Growth"] * 4 + ["Healing Salve"] * 4,
            "library": ["Plains"] * 30,
        },
    },
}
# twelve instants cast in response to one another: a batch of eleven waiting, one being cast
CROWDED_STEPS = [
    {"alice": "cast Lightning Bolt -> War Mammoth"}, {"bob": "cast Giant Growth -> War Mammoth"},
    {"alice": "cast Lightning Bolt -> War Mammoth#2"}, {"bob": "cast Giant Growth -> War Mammoth#2"},
    {"alice": "cast Giant Growth -> Hill Giant"}, {"bob": "cast Healing Salve -> bob"},
    {"alice": "cast Lightning Bolt -> bob"}, {"bob": "cast Giant Growth -> Savannah Lions"},
    {"alice": "cast Giant Growth -> Hill Giant#2"}, {"bob": "cast Healing Salve -> bob"},
    {"alice": "cast Lightning Bolt -> Savannah Lions"}, {"bob": "cast Giant Growth -> Savannah Lions#2"},
]


def crowded_duel() -> Duel:
    """The crowded position with its long batch built (23 and 26 permanents)."""
    runner = Runner(Duel(lambda: build_position(CROWDED_SETUP)))
    for step in CROWDED_STEPS:
        run_step(runner, step)
    return runner.duel


def crowded_bench(runs: int) -> dict[str, Any]:
    """Time each answer (the engine computing the next decision and its legal
    choices) while the batch is long, then until the batch has resolved; and
    the views the bot renders after every answer."""
    base = crowded_duel()
    hist = list(base.history)
    g = base.game
    perms = [sum(1 for c in g.battlefield if c.controller == p) for p in (0, 1)]
    batch0 = len(g.batch) + len(g.spells)
    per_answer: list[float] = []
    long_batch: list[float] = []
    views: list[float] = []
    choices: list[int] = []
    opening: list[float] = []
    for _ in range(runs):
        t0 = time.perf_counter()
        Duel(lambda: build_position(CROWDED_SETUP))  # setup + the first decision (a main-phase opportunity)
        opening.append(time.perf_counter() - t0)
        d = base.fresh().replay(hist)
        t0 = time.perf_counter()
        d.view(None)
        d.view(0)
        views.append(time.perf_counter() - t0)
        n = 0
        while d.pending is not None and (d.game.batch or d.game.spells) and n < 500:
            dec = d.pending
            big = len(d.game.batch) >= 8
            t0 = time.perf_counter()
            d.apply(dec.decline if dec.decline is not None else dec.choices[0])
            dt = time.perf_counter() - t0
            per_answer.append(dt)
            if big:
                long_batch.append(dt)
            if d.pending is not None:
                choices.append(len(d.pending.choices))
            n += 1
    out = {"permanents": perms, "batch_and_spells": batch0, "runs": runs,
           "answer_ms_while_batch_long": summary(long_batch, 1000),
           "answer_ms_until_batch_resolved": summary(per_answer, 1000),
           "setup_and_first_decision_ms": round(statistics.median(opening) * 1000, 2),
           "two_views_ms": round(statistics.median(views) * 1000, 2),
           "median_legal_choices": statistics.median(choices) if choices else None,
           "build_position_decisions": len(hist)}
    say(f"  crowded board ({perms[0]} and {perms[1]} permanents, batch of {batch0}): "
        f"answer p50 {out['answer_ms_while_batch_long']['p50']} ms, max {out['answer_ms_until_batch_resolved']['max']} ms; "
        f"two views {out['two_views_ms']} ms")
    return out


# ---------------------------------------------------------------- memory
def memory_bench(n: int, at: int) -> dict[str, Any]:
    """tracemalloc: bytes held per live duel, fresh and after ``at`` answers."""
    warm, players = seeded_duel(10_000)
    play_out(warm, players, max_decisions=50)
    del warm
    gc.collect()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        fresh = [seeded_duel(10_000 + i)[0] for i in range(n)]
        gc.collect()
        fresh_bytes = (tracemalloc.get_traced_memory()[0] - base) / n
        del fresh
        gc.collect()
        base = tracemalloc.get_traced_memory()[0]
        held = []
        lens = []
        for i in range(n):
            d, pl = seeded_duel(10_000 + i)
            play_out(d, pl, max_decisions=at)
            held.append(d)
            lens.append(len(d.history))
        gc.collect()
        mid_bytes = (tracemalloc.get_traced_memory()[0] - base) / n
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    out = {"duels": n, "fresh_bytes_per_duel": int(fresh_bytes), "answers": at,
           "mean_answers_held": round(statistics.fmean(lens), 1),
           "bytes_per_duel_after_answers": int(mid_bytes), "traced_peak_bytes": peak}
    say(f"  memory: {fresh_bytes / 1024:.0f} KiB per fresh duel, {mid_bytes / 1024:.0f} KiB per duel after "
        f"{out['mean_answers_held']:.0f} answers")
    return out


# --------------------------------------------------------------- profile
def profile(seeds: list[int], top: int = 25) -> dict[str, Any]:
    """cProfile of random self-play (and of the recorded replay): the hot functions."""
    def run() -> None:
        for s in seeds:
            duel, players = seeded_duel(s)
            play_out(duel, players)

    out: dict[str, Any] = {}
    for label, fn in (("self_play", run), ("replay", lambda: replay_recorded(load_recorded()))):
        pr = cProfile.Profile()
        pr.enable()
        fn()
        pr.disable()
        st = pstats.Stats(pr, stream=io.StringIO())
        total = st.total_tt  # type: ignore[attr-defined]
        rows = []
        for (file, line, func), (cc, nc, tt, ct, _) in st.stats.items():  # type: ignore[attr-defined]
            rows.append((tt, ct, nc, f"{_short(file)}:{line}({func})"))
        by_tt = sorted(rows, reverse=True)[:top]
        by_ct = sorted(((ct, tt, nc, name) for tt, ct, nc, name in rows if "engine/" in name), reverse=True)[:top]
        out[label] = {
            "total_seconds": round(total, 2),
            "by_own_time": [{"function": n, "own_s": round(tt, 3), "own_pct": round(100 * tt / total, 1),
                             "cum_s": round(ct, 3), "calls": nc} for tt, ct, nc, n in by_tt],
            "by_cumulative_time": [{"function": n, "cum_s": round(ct, 3), "cum_pct": round(100 * ct / total, 1),
                                    "own_s": round(tt, 3), "calls": nc} for ct, tt, nc, n in by_ct],
        }
    say("  hottest functions (own time, self-play): " + "; ".join(
        f"{r['function']} {r['own_pct']}%" for r in out["self_play"]["by_own_time"][:6]))
    return out


def _short(file: str) -> str:
    for marker in (f"{ROOT}/", "/work/main/", "/site-packages/", "/lib/python"):
        if marker in file:
            return file.split(marker, 1)[1]
    return file


# -------------------------------------------------------------------- run
def run(quick: bool = False, baseline: str | None = None, baseline_rounds: int | None = None, **_: Any) -> Result:
    res = Result("engine", "Engine: self-play, replay, crowded board, memory")
    seeds = list(range(2 if quick else 20))
    runs = 2 if quick else 5
    res.params = {"seeds": f"0..{len(seeds) - 1}", "runs": runs, "player": "engine.players.random_player.RandomPlayer",
                  "decks": "engine.decks.PRECONS, two per seed as tests/test_random_duels.py picks them"}
    say("engine: random self-play on one core")
    sp = self_play(seeds, runs)
    res.figures["self_play"] = sp
    rp = replay_bench(2 if quick else 7)
    res.figures["replay_1000"] = rp
    res.figures["crowded_board"] = crowded_bench(1 if quick else 5)
    mem = memory_bench(3 if quick else 20, 300)
    res.figures["memory"] = mem
    res.figures["profile"] = profile([0] if quick else [0, 1, 2])
    res.figures["clone"] = clone_bench(quick)
    if baseline:
        say(f"engine: against {baseline}, alternately, in subprocesses")
        vs = compare(baseline, seeds[:2] if quick else seeds[:8], baseline_rounds or (2 if quick else 5),
                     replays=2 if quick else 5)
        res.figures["against_baseline"] = vs
    res.targets = [
        Target("random duels per second (one core)", sp["duels_per_second"], 50, ">=", "duels/s"),
        Target("replay of a 1,000-decision duel", rp["median_ms"], 50, "<=", "ms"),
        Target("memory per live duel (engine, after 300 answers)", round(mem["bytes_per_duel_after_answers"] / 2**20, 3),
               1, "<=", "MB"),
    ] + clone_targets(res.figures["clone"])
    if baseline:
        res.targets += [
            Target("random self-play decisions per second, times the baseline's", vs["self_play_speedup"], 2.5, ">=",
                   "x", note=f"baseline {vs['commit'][:7]}, same run"),
            Target("replay of the 1,000-decision duel, time as a fraction of the baseline's", vs["replay_time_ratio"],
                   0.4, "<=", "x", note=f"baseline {vs['commit'][:7]}, same run"),
        ]
    if rp["same_state_hash_as_recorded"] is False:
        res.notes.append("The recorded 1,000-decision duel no longer replays to its recorded state hash: "
                         "the engine's behaviour changed since bench/data/duel-1000.json was written.")
    return res


if __name__ == "__main__":  # pragma: no cover
    import sys
    if "--record" in sys.argv:
        doc = record_duel()
        print(f"recorded seed {doc['seed']}: {len(doc['history'])} decisions, hash {doc['state_hash']}")
