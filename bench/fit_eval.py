"""Fit the computer's evaluation weights by regression over logged duels (issue 30).

``python -m bench.fit_eval --duels 200 --seed 5000`` plays duels of the
computer against ``sensible`` and against itself on
:func:`engine.players.selfplay.schedule` from ``--seed`` (5000 by default: the
bench's sets are seeds 0 and 1000, which the fit must never see), logs every
position at the start of each turn from both seats -- the numbers of
:meth:`engine.players.computer.Board.features`, computed from that seat's own
view (nothing hidden), and whether that seat won the duel -- and fits the
weights of :meth:`Board.eval` by logistic regression of the outcome on them
(Newton's method, no intercept: the features are each seat's less the
other's, so the data is symmetric), pulled toward the hand-set weights by an
L2 penalty (``--l2``; the positions of one duel are far from independent).
The weights are printed in the hand-set's units (the log-odds divided by the
log-odds a point of the hand-set evaluation is worth, fitted alone first; the
scale changes no choice of the look-ahead: a won simulation scores 1000),
with the cross-validated log-loss of both (folds of the pairings of decks), so
that the fit can be judged before it is tried in play. ``--log FILE`` keeps the positions (JSON
lines) and ``--from-log FILE`` refits from them without playing.

The computer plays by its heuristic alone here (``--lookahead`` to play with
the look-ahead, about ten times slower): the positions are those its play and
its opponent's reach; the evaluation is what judges the look-ahead's
simulations. A development tool: nothing at run time imports it.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
import time
from typing import Any, Callable

from engine.decks import PRECONS
from engine.duel import Duel
from engine.players.computer import EVAL_FEATURES, HAND_SET_WEIGHTS, Board, ComputerPlayer, answer
from engine.players.selfplay import schedule
from engine.players.sensible import SensiblePlayer
from engine.view import view

Position = tuple[list[float], int, int, int]  # features, 1 if that seat won, the turn, the duel's seed


def _player(spec: str, seed: int, lookahead: bool) -> Callable[[Duel], str]:
    if spec == "sensible":
        sp = SensiblePlayer(seed)
        return lambda duel: sp.choose(duel, duel.pending)
    cp = ComputerPlayer(seed)
    if lookahead:
        return lambda duel: answer(duel, cp)
    return lambda duel: cp.choose(view(duel, duel.pending.player), duel.pending)


def play(n: int, seed: int, opponents: list[str], lookahead: bool, max_decisions: int = 6000,
         out: Any = None) -> list[Position]:
    """Play ``n`` duels for each opponent (the computer in seat A of :func:`schedule`) and
    log the positions at the start of each turn from both seats."""
    positions: list[Position] = []
    for opp in opponents:
        for i, (s, d0, d1, a_seat) in enumerate(schedule(n, seed)):
            if opp == "ai" and a_seat == 1:
                continue  # the same deal with the same player in both seats: the same duel again
            t0 = time.process_time()
            duel = Duel.new(s, ([c for c, k in PRECONS[d0].items() for _ in range(k)],
                                [c for c, k in PRECONS[d1].items() for _ in range(k)]))
            ps = (seed + i) * 2
            players = {a_seat: _player("ai", ps + 1, lookahead), 1 - a_seat: _player(opp, ps + 2, lookahead)}
            seen: list[tuple[int, int, list[float]]] = []
            last = 0
            for _ in range(max_decisions):
                d = duel.pending
                if d is None:
                    break
                turn = d.context.turn if d.context is not None else last
                if turn > last:
                    last = turn
                    for seat in (0, 1):
                        seen.append((seat, turn, Board(view(duel, seat), seat).features()))
                duel.apply(players[d.player](duel), d.player)
            w = duel.winner if duel.pending is None else None
            if w is not None:
                for seat, turn, f in seen:
                    positions.append((f, int(seat == w), turn, s))
                    if out is not None:
                        out.write(json.dumps([f, int(seat == w), turn, s]) + "\n")
            print(f"{opp} duel {i} seed {s} {d0} v {d1}: winner {w}, {len(seen) // 2} turns, "
                  f"{time.process_time() - t0:.1f} s CPU", file=sys.stderr)
    return positions


def _sigmoid(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-z)) if z > -40 else 0.0


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a is small and positive definite)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            k = m[r][c] / m[c][c]
            for j in range(c, n + 1):
                m[r][j] -= k * m[c][j]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][j] * x[j] for j in range(r + 1, n))) / m[r][r]
    return x


def fit(xs: list[list[float]], ys: list[int], l2: float = 1.0, prior: list[float] | None = None,
        rounds: int = 25) -> list[float]:
    """Logistic regression without intercept by Newton's method, an L2 penalty ``l2`` on the
    weights' distance from ``prior`` (zero by default)."""
    k = len(xs[0])
    prior = prior or [0.0] * k
    w = list(prior)
    for _ in range(rounds):
        g = [l2 * (wi - pi) for wi, pi in zip(w, prior)]
        h = [[l2 if i == j else 0.0 for j in range(k)] for i in range(k)]
        for x, y in zip(xs, ys):
            p = _sigmoid(sum(wi * xi for wi, xi in zip(w, x)))
            r = p - y
            s = p * (1 - p)
            for i in range(k):
                g[i] += r * x[i]
                hi = h[i]
                sx = s * x[i]
                for j in range(k):
                    hi[j] += sx * x[j]
        step = _solve(h, g)
        w = [wi - si for wi, si in zip(w, step)]
        if max(abs(si) for si in step) < 1e-7:
            break
    return w


HAND = EVAL_FEATURES.index("cards in hand")
IN_PLAY = tuple(EVAL_FEATURES.index(n) for n in ("creatures", "lands", "other permanents"))
MANA_VALUE = EVAL_FEATURES.index("their mana value")


def fit_in_play(xs: list[list[float]], ys: list[int], l2: float, prior: list[float]) -> list[float]:
    """:func:`fit` with the constraint that a permanent (a creature, a land, another permanent) is
    worth at least a card in hand (and a costlier one no less). Fitted freely, the outcome says a card held is worth more than
    one in play (the seats that hold cards are those ahead, or drawing more), and the look-ahead
    then passes rather than cast anything (9 duels of 32 won on seed 0, 24 with the hand-set
    weights). So the fit is of a card's worth wherever it is (the hand's weight, on the cards in
    hand and in play) and of what being in play adds to it, which is kept at zero or more (an
    active set: the most negative fixed at zero, the rest fitted again), as is the weight of a
    permanent's mana value."""
    def to_cards(x: list[float]) -> list[float]:  # "cards in hand" becomes "cards in hand or in play"
        y = list(x)
        y[HAND] = x[HAND] + sum(x[i] for i in IN_PLAY)
        return y

    pr = list(prior)
    for i in IN_PLAY:
        pr[i] = prior[i] - prior[HAND]
    cx = [to_cards(x) for x in xs]
    fixed: set[int] = set()
    while True:
        keep = [i for i in range(len(pr)) if i not in fixed]
        w = fit([[x[i] for i in keep] for x in cx], ys, l2, [pr[i] for i in keep])
        full = [0.0] * len(pr)
        for i, wi in zip(keep, w):
            full[i] = wi
        neg = [i for i in (*IN_PLAY, MANA_VALUE) if i not in fixed and full[i] < 0]
        if not neg:
            break
        fixed.add(min(neg, key=lambda i: full[i]))
    for i in IN_PLAY:
        full[i] += full[HAND]
    return full


def log_loss(w: list[float], xs: list[list[float]], ys: list[int]) -> float:
    tot = 0.0
    for x, y in zip(xs, ys):
        p = min(max(_sigmoid(sum(wi * xi for wi, xi in zip(w, x))), 1e-9), 1 - 1e-9)
        tot -= math.log(p if y else 1 - p)
    return tot / len(xs)


def _dot(w: tuple[float, ...] | list[float], x: list[float]) -> float:
    return sum(a * b for a, b in zip(w, x))


def report(positions: list[Position], min_turn: int, l2: float, folds: int = 4) -> list[float]:
    """Fit on all positions from ``min_turn`` on, pulled toward the hand-set weights (their
    scale fitted first: the prior); print the weights in the hand-set's units and the
    cross-validated log-loss of both (``folds`` folds of the pairings of decks: a pairing's
    duels share decks, so they are held out together)."""
    pos = [p for p in positions if p[2] >= min_turn]
    print(f"{len(pos)} positions of {len(set(p[3] for p in pos))} deals (turn {min_turn} on), L2 {l2:g}")

    def one(ps: list[Position]) -> tuple[float, list[float]]:
        scale = fit([[_dot(HAND_SET_WEIGHTS, p[0])] for p in ps], [p[1] for p in ps])[0]
        return scale, fit_in_play([p[0] for p in ps], [p[1] for p in ps], l2, [h * scale for h in HAND_SET_WEIGHTS])

    loss_fit = loss_hand = 0.0
    for k in range(folds):  # the schedule's seeds s, s + 1 are one pairing's deals
        train = [p for p in pos if p[3] // 2 % folds != k]
        test = [p for p in pos if p[3] // 2 % folds == k]
        scale, w = one(train)
        ys = [p[1] for p in test]
        loss_fit += log_loss(w, [p[0] for p in test], ys) * len(test)
        loss_hand += log_loss([scale], [[_dot(HAND_SET_WEIGHTS, p[0])] for p in test], ys) * len(test)
    print(f"held-out log-loss ({folds} folds of the pairings): fitted {loss_fit / len(pos):.4f}, "
          f"hand-set {loss_hand / len(pos):.4f}, a coin {math.log(2):.4f}")
    scale, w = one(pos)
    scaled = [round(wi / scale, 2) for wi in w]
    print(f"the hand-set evaluation's scale: {scale:.4f} log-odds a point")
    for name, h, f in zip(EVAL_FEATURES, HAND_SET_WEIGHTS, scaled):
        print(f"  {name:20s} hand-set {h:6.2f}   fitted {f:6.2f}")
    print("EVAL_WEIGHTS = (" + ", ".join(str(x) for x in scaled) + ")")
    return scaled


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--duels", type=int, default=100, help="duels against each opponent")
    ap.add_argument("--seed", type=int, default=5000, help="first duel seed (never 0 or 1000: the bench's)")
    ap.add_argument("--opponents", default="sensible,ai", help="comma-separated: sensible, ai")
    ap.add_argument("--lookahead", action="store_true", help="the computer plays with its look-ahead")
    ap.add_argument("--log", help="write the positions to this file (JSON lines)")
    ap.add_argument("--from-log", help="fit from the positions of this file instead of playing")
    ap.add_argument("--min-turn", type=int, default=3, help="positions from this turn on")
    ap.add_argument("--l2", type=float, default=3000.0, help="pull toward the hand-set weights")
    a = ap.parse_args(argv)
    if a.from_log:
        with open(a.from_log) as fh:
            positions = [tuple(json.loads(line)) for line in fh if line.strip()]
    else:
        used = range(a.seed, a.seed + a.duels // 2 + 2)  # the schedule's duel seeds
        if any(s in range(0, 400) or s in range(1000, 1400) for s in used):
            ap.error("seeds 0-399 and 1000-1399 are the bench's: fit on others")
        out = open(a.log, "w") if a.log else None
        try:
            positions = play(a.duels, a.seed, a.opponents.split(","), a.lookahead, out=out)
        finally:
            if out is not None:
                out.close()
    report(positions, a.min_turn, a.l2)  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
