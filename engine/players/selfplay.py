"""Duels between built-in players: ``manaburn selfplay`` and ``python -m bench --only ai``.

Players are named ``random`` (:class:`engine.players.random_player.RandomPlayer`), ``ai`` (the
computer at its default level), ``ai:LEVEL`` (:data:`engine.players.computer.LEVELS`)
and ``sensible`` (:class:`engine.players.sensible.SensiblePlayer`). Over the chosen
preconstructed decks, each pairing of two different decks is played in a
block of four duels (:func:`schedule`): each player on each of the two
decks, from each seat, every deal played twice with the players swapped.
"""
from __future__ import annotations

import statistics
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from ..decks import PRECONS
from ..duel import Duel
from .computer import DEFAULT_LEVEL, LEVELS, ComputerPlayer, answer
from .random_player import RandomPlayer
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
    ai_cpu_times: list[float] = field(default_factory=list)  # the same, CPU time of this process (not waiting)
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


def pairings(decks: list[str]) -> list[tuple[str, str]]:
    """Every unordered pairing of two different decks, in the rounds of a
    round-robin tournament (the circle method): each round pairs every deck
    once (or leaves one out, with an odd number), so a schedule cut short
    still spreads over all the decks evenly."""
    if len(decks) < 2:
        return [(decks[0], decks[0])] if decks else []
    ring: list[str | None] = list(decks) + ([None] if len(decks) % 2 else [])
    n = len(ring)
    out: list[tuple[str, str]] = []
    for _ in range(n - 1):
        for j in range(n // 2):
            x, y = ring[j], ring[n - 1 - j]
            if x is not None and y is not None:
                out.append((x, y))
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return out


def schedule(duels: int, seed: int = 0, decks: list[str] | None = None) -> list[tuple[int, str, str, int]]:
    """The duels of a match, ``(duel seed, deck of seat 0, deck of seat 1,
    seat of player A)``: blocks of four duels per pairing of decks X, Y (in
    :func:`pairings` order, again from the first when all are played): X in
    seat 0 against Y with duel seed s, A in seat 0 then in seat 1; Y in seat
    0 against X with seed s + 1, A in seat 0 then in seat 1. So each player
    plays both decks of every pairing it meets, from both seats, and each
    deal (seed and decks in their seats) is played twice with the players
    swapped, so the deal's luck and the decks' strength cancel out. The
    same for every pair of players: deterministic from ``seed``."""
    decks = decks or sorted(PRECONS)
    pairs = pairings(decks)
    out = []
    for i in range(duels):
        k, r = divmod(i, 4)
        x, y = pairs[k % len(pairs)]
        s = seed + 2 * k + r // 2
        seats = (x, y) if r < 2 else (y, x)
        out.append((s, seats[0], seats[1], r % 2))
    return out


def play_match(a: str, b: str, duels: int, seed: int = 0, decks: list[str] | None = None,
               max_decisions: int = 6000, progress: Callable[[int, Match], Any] | None = None,
               part: tuple[int, int] = (0, 1)) -> Match:
    """Play ``duels`` duels of ``a`` against ``b`` on :func:`schedule`: both
    decks of each pairing of two different decks, each from both seats, each
    deal with the players swapped (a multiple of 4 duels keeps it exact).
    ``part=(j, k)``: only the duels numbered j modulo k (the same duels, with
    the same players' seeds, as in the whole match: k processes playing parts
    0..k-1 play the match between them)."""
    decks = decks or sorted(PRECONS)
    for d in decks:
        if d not in PRECONS:
            raise ValueError(f"unknown deck {d!r}; decks: {', '.join(sorted(PRECONS))}")
    m = Match(a, b)
    start = time.perf_counter()
    for i, (s, d0, d1, a_seat) in enumerate(schedule(duels, seed, decks)):
        if i % part[1] != part[0]:
            continue
        duel = Duel.new(s, ([c for c, n in PRECONS[d0].items() for _ in range(n)],
                            [c for c, n in PRECONS[d1].items() for _ in range(n)]))
        ps = (seed + i) * 2
        players = {a_seat: make_player(a, ps + 1), 1 - a_seat: make_player(b, ps + 2)}
        n = 0
        while duel.pending is not None and n < max_decisions:
            p = duel.pending.player
            fn = players[p]
            if getattr(fn, "is_ai", False):
                t0, c0 = time.perf_counter(), time.process_time()
                ans = fn(duel)
                m.ai_times.append(time.perf_counter() - t0)
                m.ai_cpu_times.append(time.process_time() - c0)
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
