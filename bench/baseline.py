"""The engine now against the engine of an older commit, in the same run.

``python -m bench --only engine --baseline COMMIT`` checks the commit out
into a temporary directory (``git worktree add --detach``), then runs one
small measuring script (:data:`SCRIPT`, below) alternately against that
tree and this one, each time in a fresh subprocess whose ``PYTHONPATH``
points at the tree measured: random self-play (the duels of
``bench.engine_bench.seeded_duel``) and the replay of the recorded
1,000-decision duel (``bench/data/duel-1000.json`` of *this* tree, given to
both). Each tree loads its cards before the clock starts (the first
``Duel.new`` imports every card module: a larger pool is not slower play).
Alternating rounds spread the shared machine's noise over both
sides; the figures are medians over the rounds of CPU time of the measuring
process (``time.process_time``: a process waiting for a core is not
charged). The ratios are what the issue's targets are written against.

The script uses only what both trees have (``engine.Duel``,
``RandomPlayer`` and ``play_out``, ``engine.decks``): an older
commit needs no benchmark code of its own. The random player is in
``engine.players.random_player``, in ``engine.ai`` before the players moved.
"""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from .common import ROOT, say

SCRIPT = r"""
import json, random, sys, time
from engine import Duel, DuelOptions
try:
    from engine.players.random_player import RandomPlayer, play_out
except ImportError:  # a commit before the players moved into engine/players/
    from engine.ai import RandomPlayer, play_out
from engine.decks import PRECONS, decklist

seeds, recorded, replays = json.loads(sys.argv[1]), sys.argv[2], int(sys.argv[3])
names = sorted(PRECONS)
# the card modules load on the first Duel.new: loading (and, without bytecode, compiling) a
# larger card pool is not play, so both trees load theirs before the clock starts
Duel.new(0, (decklist(names[0]), decklist(names[0])), DuelOptions())
n = 0
t0 = time.process_time()
for seed in seeds:
    r = random.Random(seed)
    a, b = r.choice(names), r.choice(names)
    duel = Duel.new(seed, (decklist(a), decklist(b)), DuelOptions())
    n += play_out(duel, (RandomPlayer(seed * 2), RandomPlayer(seed * 2 + 1)))
self_play = time.process_time() - t0
doc = json.load(open(recorded))
hist = [(int(p), str(t)) for p, t in doc["history"]]
times = []
for _ in range(replays):
    t0 = time.process_time()
    d = Duel.new(doc["seed"], (doc["decks"][0], doc["decks"][1]), DuelOptions(**doc["options"]),
                 names=tuple(doc["names"])).replay(hist)
    times.append(time.process_time() - t0)
print(json.dumps({"decisions": n, "self_play_s": self_play, "replay_s": sorted(times)[len(times) // 2],
                  "replay_hash_same": d.state_hash() == doc["state_hash"], "replay_hash": d.state_hash()}))
"""


def _measure(tree: Path, seeds: list[int], replays: int) -> dict[str, Any]:
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    out = subprocess.run([sys.executable, "-c", SCRIPT, json.dumps(seeds),
                          str(ROOT / "bench" / "data" / "duel-1000.json"), str(replays)],
                         cwd=tree, env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def compare(commit: str, seeds: list[int], rounds: int, replays: int = 5) -> dict[str, Any]:
    """Self-play and replay of ``commit`` and of this tree, ``rounds`` times
    each, alternately; the medians and their ratios (now against then)."""
    full = subprocess.run(["git", "rev-parse", commit], cwd=ROOT, capture_output=True, text=True,
                          check=True).stdout.strip()
    tmp = Path(tempfile.mkdtemp(prefix="manaburn-baseline-"))
    tree = tmp / "tree"
    subprocess.run(["git", "worktree", "add", "--detach", str(tree), full], cwd=ROOT,
                   capture_output=True, text=True, check=True)
    runs: dict[str, list[dict[str, Any]]] = {"baseline": [], "now": []}
    try:
        for r in range(rounds):
            for side, where in (("baseline", tree), ("now", ROOT)) if r % 2 == 0 else (("now", ROOT), ("baseline", tree)):
                m = _measure(where, seeds, replays)
                runs[side].append(m)
                say(f"  {side} ({full[:7] if side == 'baseline' else 'this tree'}), round {r + 1}/{rounds}: "
                    f"{m['decisions'] / m['self_play_s']:,.0f} decisions/s, replay {m['replay_s'] * 1000:.0f} ms")
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, capture_output=True)
        subprocess.run(["rm", "-rf", str(tmp)])

    def med(side: str, key: str) -> float:
        return statistics.median(m[key] for m in runs[side])

    base_rate = statistics.median(m["decisions"] / m["self_play_s"] for m in runs["baseline"])
    now_rate = statistics.median(m["decisions"] / m["self_play_s"] for m in runs["now"])
    out = {"commit": full, "seeds": f"{seeds[0]}..{seeds[-1]}", "rounds": rounds, "replays_per_round": replays,
           "clock": "process CPU time",
           "same_decisions": len({m["decisions"] for m in runs["baseline"] + runs["now"]}) == 1,
           "same_replayed_state": len({m["replay_hash"] for m in runs["baseline"] + runs["now"]}) == 1,
           "baseline_decisions_per_second": round(base_rate, 1), "now_decisions_per_second": round(now_rate, 1),
           "self_play_speedup": round(now_rate / base_rate, 3),
           "baseline_replay_ms": round(med("baseline", "replay_s") * 1000, 2),
           "now_replay_ms": round(med("now", "replay_s") * 1000, 2),
           "replay_time_ratio": round(med("now", "replay_s") / med("baseline", "replay_s"), 3),
           "runs": runs}
    say(f"  against {full[:7]}: self-play {out['self_play_speedup']}x the decisions per second, "
        f"replay in {out['replay_time_ratio']}x the time")
    return out
