"""Duels between built-in players: ``manaburn selfplay`` and ``python -m bench --only ai``.

Players are named ``random`` (:class:`engine.ai.RandomPlayer`), ``ai`` (the
computer at its default level), ``ai:LEVEL`` (:data:`engine.computer.LEVELS`)
and ``sensible`` (:class:`engine.sensible.SensiblePlayer`). Over the chosen
preconstructed decks, every ordered pairing of two different decks is played
in turn, and each duel swaps the seats of the two players, so both play every
deck from both seats.
"""
from __future__ import annotations

import statistics
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from .ai import RandomPlayer
from .computer import DEFAULT_LEVEL, LEVELS, ComputerPlayer, answer
from .decks import PRECONS
from .duel import Duel
from .sensible import SensiblePlayer

PLAYER_NAMES = ("random", "sensible", "ai", *(f"ai:{lv}" for lv in LEVELS))


def make_player(spec: str, seed: int) -> Callable[[Duel], str]:
    """A function answering the duel's pending decision, for a player name."""
    if spec == "random":
        rp = RandomPlayer(seed)
        return lambda duel: rp.choose(duel.pending)
    if spec == "sensible":
        sp = SensiblePlayer(seed)
        return lambda duel: sp.choose(duel, duel.pending)
    if spec == "ai" or spec.startswith("ai:"):
        level = spec[3:] if spec.startswith("ai:") else DEFAULT_LEVEL
        cp = ComputerPlayer(seed, level)
        fn = lambda duel: answer(duel, cp)  # noqa: E731
        fn.is_ai = True  # type: ignore[attr-defined]
        return fn
    raise ValueError(f"unknown player {spec!r}; players: {', '.join(PLAYER_NAMES)}")


@dataclass
class Match:
    a: str
    b: str
    duels: int = 0
    a_won: int = 0
    b_won: int = 0
    drawn: int = 0
    ai_times: list[float] = field(default_factory=list)  # seconds per decision of any ai player
    decisions: int = 0
    seconds: float = 0.0

    def line(self) -> str:
        return f"{self.a} won {self.a_won}, {self.b} won {self.b_won}, drawn {self.drawn} of {self.duels}"

    def timing(self) -> dict[str, float]:
        t = sorted(self.ai_times)
        if not t:
            return {}
        return {"decisions": len(t), "median": statistics.median(t), "p95": t[min(len(t) - 1, int(len(t) * 0.95))],
                "max": t[-1]}


def _stride(n: int) -> int:
    from math import gcd
    k = max(1, int(n * 0.618))
    while gcd(k, n) != 1:
        k += 1
    return k


def pairings(decks: list[str]) -> list[tuple[str, str]]:
    return [(x, y) for x in decks for y in decks if x != y]


def play_match(a: str, b: str, duels: int, seed: int = 0, decks: list[str] | None = None,
               max_decisions: int = 6000, progress: Callable[[int, Match], Any] | None = None) -> Match:
    """Play ``duels`` duels of ``a`` against ``b``; duels 2k and 2k+1 play the
    same ordered pairing of decks (``a`` plays the first), ``a`` in seat i mod
    2, so each pairing is played from both seats."""
    decks = decks or sorted(PRECONS)
    for d in decks:
        if d not in PRECONS:
            raise ValueError(f"unknown deck {d!r}; decks: {', '.join(sorted(PRECONS))}")
    pairs = pairings(decks) if len(decks) > 1 else [(decks[0], decks[0])]
    # duels 2k and 2k+1 play pairing k*step mod P: every pairing once before any twice,
    # and spread over all the decks when there are fewer duels than pairings
    step = _stride(len(pairs))
    m = Match(a, b)
    start = time.perf_counter()
    for i in range(duels):
        s = seed + i
        da, db = pairs[(i // 2) * step % len(pairs)]
        a_seat = i % 2
        deck_of = {a_seat: da, 1 - a_seat: db}
        duel = Duel.new(s, ([c for c, n in PRECONS[deck_of[0]].items() for _ in range(n)],
                            [c for c, n in PRECONS[deck_of[1]].items() for _ in range(n)]))
        players = {a_seat: make_player(a, s * 2 + 1), 1 - a_seat: make_player(b, s * 2 + 2)}
        n = 0
        while duel.pending is not None and n < max_decisions:
            p = duel.pending.player
            fn = players[p]
            if getattr(fn, "is_ai", False):
                t0 = time.perf_counter()
                ans = fn(duel)
                m.ai_times.append(time.perf_counter() - t0)
            else:
                ans = fn(duel)
            duel.apply(ans, p)
            n += 1
        m.decisions += n
        m.duels += 1
        w = duel.winner if duel.pending is None else None
        if w is None:
            m.drawn += 1
        elif w == a_seat:
            m.a_won += 1
        else:
            m.b_won += 1
        if progress is not None:
            progress(i, m)
    m.seconds = time.perf_counter() - start
    return m
