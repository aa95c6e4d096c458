"""5a. Soak: many random duels with the invariant checks of the property tests.

For every duel: no exception; the number of non-token cards never changes
(checked after every answer); views leak nothing hidden (checked every 97
answers); replaying the answers rebuilds the identical state; with ante the
winner keeps only their own cards in the ante zone. The checks are the
helpers of ``tests/test_random_duels.py`` (``count_cards`` and
``hidden_swapped_view_equal``, imported from there); the decks are two of
the property tests' decks picked by the seed: on even seeds any two of
``test_random_duels``' (the precons, and decks holding every other card of
the Old School sets), on odd seeds two of the Old School 95 pool decks, the
decks of Fallen Empires, Ice Age and Homelands that the card tests play
(:data:`POOL_95`, imported from those test modules). Duels run in worker
processes, one per core.
"""
from __future__ import annotations

import importlib
import multiprocessing
import os
import random
import sys
import time
import traceback
from typing import Any

from .common import ROOT, Result, Target, say

MAX_STEPS = 20000
# The Old School 95 pool decks: (test module, its dict of decks by name), as the card tests define them
POOL_95 = (("test_cards_fallen_empires", "FALLEN_EMPIRES"), ("test_cards_ice_age_artifacts", "ICE_AGE_ARTIFACTS"),
           ("test_cards_ice_age_black_red", "ICE_AGE_BLACK_RED"),
           ("test_cards_ice_age_green_gold", "ICE_AGE_GREEN_GOLD"),
           ("test_cards_ice_age_white_blue", "ICE_AGE"), ("test_cards_homelands", "HOMELANDS"))


def _helpers() -> Any:
    tests = str(ROOT / "tests")
    if tests not in sys.path:
        sys.path.insert(0, tests)
    import test_random_duels  # the property tests' own checks
    return test_random_duels


def pool_95() -> dict[str, dict[str, int]]:
    """The Old School 95 pool decks by name (:data:`POOL_95`), from the card tests' modules."""
    _helpers()
    decks: dict[str, dict[str, int]] = {}
    for module, name in POOL_95:
        decks.update(getattr(importlib.import_module(module), name))
    return decks


def decks_for(seed: int) -> tuple[list[str], list[str], tuple[str, str]]:
    """The two decklists of seed ``seed`` and their names: any two of the property
    tests' decks on even seeds, two different Old School 95 pool decks on odd ones."""
    h = _helpers()
    r = random.Random(seed)
    if seed % 2 == 0:
        a, b = r.choice(h.NAMES), r.choice(h.NAMES)
        return h.decklist(a), h.decklist(b), (a, b)
    pool = pool_95()
    a, b = r.sample(sorted(pool), 2)
    return ([c for c, k in pool[a].items() for _ in range(k)], [c for c, k in pool[b].items() for _ in range(k)],
            (a, b))


def soak_one(seed: int) -> dict[str, Any]:
    h = _helpers()
    from engine import Duel, DuelOptions
    from engine.players.random_player import RandomPlayer
    da, db, (a, b) = decks_for(seed)
    r = random.Random(seed)
    problems: list[str] = []
    steps = 0
    try:
        duel = Duel.new(seed, (da, db), DuelOptions(ante=seed % 4 < 2))
        players = (RandomPlayer(seed * 2), RandomPlayer(seed * 2 + 1))
        total = h.count_cards(duel)
        while duel.pending is not None and steps < MAX_STEPS:
            d = duel.pending
            duel.apply(players[d.player].choose(d))
            steps += 1
            if h.count_cards(duel) != total:
                problems.append(f"card count changed at step {steps}")
                break
            if steps % 97 == 0 and not h.hidden_swapped_view_equal(duel, r):
                problems.append(f"a view depends on hidden cards at step {steps}")
                break
        if duel.pending is not None and not problems:
            problems.append(f"did not finish in {steps} decisions")
        replayed = Duel.new(seed, (da, db), DuelOptions(ante=seed % 4 < 2)).replay(duel.history)
        if replayed.state_hash() != duel.state_hash():
            problems.append("replay differs from the live state")
        if duel.options.ante and duel.winner is not None:
            w = duel.game.players[duel.winner]
            if not all(c.owner == w.idx for c in w.ante):
                problems.append("the winner's ante holds cards they do not own")
    except Exception as e:  # an engine exception is a soak failure, reported with its seed
        problems.append(f"exception at step {steps}: {e!r}\n" + "".join(traceback.format_exc(limit=-4)))
    return {"seed": seed, "decks": (a, b), "decisions": steps, "problems": problems}


def run(quick: bool = False, soak_duels: int | None = None, jobs: int | None = None, seed0: int = 0,
        **_: Any) -> Result:
    n = soak_duels if soak_duels is not None else (4 if quick else 10_000)
    jobs = jobs or len(os.sched_getaffinity(0))
    res = Result("soak", "Soak: random duels with invariant checks")
    res.params = {"duels": n, "seeds": f"{seed0}..{seed0 + n - 1}", "processes": jobs,
                  "checks": "tests/test_random_duels.py: card conservation, views, replay, ante"}
    say(f"soak: {n:,} random duels with invariant checks on {jobs} processes")
    t0 = time.perf_counter()
    failures: list[dict[str, Any]] = []
    decisions = 0
    done = 0
    last = t0
    seeds = range(seed0, seed0 + n)
    ctx = multiprocessing.get_context("fork" if sys.platform.startswith("linux") else "spawn")
    with ctx.Pool(jobs) as pool:
        for out in pool.imap_unordered(soak_one, seeds, chunksize=4):
            done += 1
            decisions += out["decisions"]
            if out["problems"]:
                failures.append(out)
                say(f"  FAILED seed {out['seed']} {out['decks']}: {out['problems'][0].splitlines()[0]}")
            now = time.perf_counter()
            if now - last > 60:
                last = now
                rate = done / (now - t0)
                say(f"  {done:,}/{n:,} duels, {rate:.2f} duels/s, ~{(n - done) / rate / 60:.0f} min to go")
    dt = time.perf_counter() - t0
    res.figures = {"duels": n, "failed": len(failures), "decisions": decisions, "seconds": round(dt, 1),
                   "duels_per_second": round(n / dt, 3), "decisions_per_second": round(decisions / dt, 1),
                   "failures": [{"seed": f["seed"], "decks": f["decks"], "problems": f["problems"]}
                                for f in failures[:20]]}
    say(f"  {n - len(failures):,}/{n:,} duels passed every check in {dt / 60:.1f} min "
        f"({n / dt:.2f} duels/s on {jobs} processes)")
    res.targets = [Target("soak duels failing a check", len(failures), 0, "<=", "duels",
                          note=f"{n:,} duels")]
    return res
