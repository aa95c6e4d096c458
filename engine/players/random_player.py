"""Simple built-in players: legal and not suicidal, nothing more.

:class:`RandomPlayer` picks among legal answers with a seeded
:class:`random.Random` (never the global one), preferring answers that move
the duel on: it plays a land when it can, pays with ``auto``, does not draw
mana it has no use for, and passes more often than not. The random-duel
property tests, the benchmarks and ``manaburn play --vs computer`` use it.
"""
from __future__ import annotations

import random

from ..decisions import Decision, DecisionKind


class RandomPlayer:
    def __init__(self, seed: int, *, pass_rate: float = 0.35) -> None:
        self.rng = random.Random(seed)
        self.pass_rate = pass_rate

    def choose(self, d: Decision) -> str:
        # the choices but the mana answers, which this player never gives: a fast decision
        # lists them without building the "tap X for R" answers (see Decision.actions)
        acts = d.actions
        useful = [c for c in acts if c != "cancel"]
        k = d.kind
        if k is DecisionKind.PAY:
            for pref in ("auto", "pay"):
                if pref in acts:
                    return pref
            return "cancel"
        if k is DecisionKind.CAST_X:
            xs = [c for c in acts if c.startswith("x=")]
            return self.rng.choice(xs[1:] or xs) if xs else "cancel"
        if k is DecisionKind.MULLIGAN:
            return "choose yes"
        if not useful:
            ch = d.choices
            return d.decline if d.decline in ch else ch[0]
        if k is DecisionKind.OPPORTUNITY:
            lands = [c for c in useful if c.startswith("play ")]
            if lands:
                return self.rng.choice(lands)
        if d.decline is not None and d.decline in acts and self.rng.random() < self.pass_rate:
            return d.decline
        return self.rng.choice(useful)


def play_out(duel: "object", players: tuple[RandomPlayer, RandomPlayer], max_decisions: int = 20000) -> int:
    """Answer decisions until the duel ends (or the cap); returns how many were answered."""
    n = 0
    while duel.pending is not None and n < max_decisions:  # type: ignore[attr-defined]
        d = duel.pending  # type: ignore[attr-defined]
        duel.apply(players[d.player].choose(d))  # type: ignore[attr-defined]
        n += 1
    return n
