"""How strong the computer opponent is, and how fast it thinks (issue 19).

On one core (this process), over pairings of two different preconstructed
decks (:func:`engine.players.selfplay.schedule`: blocks of four duels per pairing, the
computer on each deck from each seat, each deal played with the players
swapped; the same duels for both opponents):
the computer at its default level against the random player, and against
the sensible player (:mod:`engine.players.sensible`). Targets: at least 95% of the
duels won against random, 70% against sensible; its time per decision p95
under 0.5 s, never over 3 s. ``--ai-duels`` sets the duels per opponent (200).
"""
from __future__ import annotations

import os
from typing import Any

from engine.players.computer import DEFAULT_LEVEL
from engine.players.selfplay import play_match

from .common import Result, Target, say


def run(quick: bool = False, ai_duels: int | None = None, **_: Any) -> Result:
    n = ai_duels or (8 if quick else 200)
    cores = None
    try:
        cores = os.sched_getaffinity(0)
        os.sched_setaffinity(0, {sorted(cores)[0]})  # one core
    except (AttributeError, OSError):
        pass
    try:
        return _run(n)
    finally:
        if cores is not None:
            os.sched_setaffinity(0, cores)


def _run(n: int) -> Result:
    res = Result("ai", "The computer opponent: strength and time per decision")
    res.params = {"duels_per_opponent": n, "level": DEFAULT_LEVEL, "decks": "engine.decks.PRECONS: blocks "
                  "of 4 duels per pairing of two decks (engine.players.selfplay.schedule), the AI on each deck from each "
                  "seat, each deal played with the players swapped", "cores": 1}
    times: list[float] = []
    for opp, want in (("random", 0.95), ("sensible", 0.70)):
        say(f"ai: {n} duels, the computer against {opp}")
        m = play_match("ai", opp, n, seed=0)
        times += m.ai_times
        share = m.a_won / m.duels
        say(f"  {m.line()} ({m.seconds:.0f} s)")
        res.figures[f"vs_{opp}"] = {"duels": m.duels, "ai_won": m.a_won, "opponent_won": m.b_won,
                                    "drawn": m.drawn, "share": round(share, 4), "seconds": round(m.seconds, 1),
                                    "decisions": m.decisions, "timing": m.timing()}
        res.targets.append(Target(f"duels won against {opp}", round(share, 4), want, ">=", "fraction"))
    t = sorted(times)
    p95 = t[min(len(t) - 1, int(len(t) * 0.95))] if t else None
    res.figures["time_per_decision_s"] = {"decisions": len(t), "median": t[len(t) // 2] if t else None,
                                          "p95": p95, "max": t[-1] if t else None}
    res.targets.append(Target("time per decision, p95", round(p95, 4) if p95 is not None else None, 0.5, "<=", "s"))
    res.targets.append(Target("time per decision, max", round(t[-1], 4) if t else None, 3.0, "<=", "s"))
    return res
