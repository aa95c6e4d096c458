"""A fair one-ply look-ahead for the computer's main-phase choices and blocks.

The computer (:mod:`engine.players.computer`) never receives the duel: it
answers from its seat's view. To try an answer and see where it leads it
plays on a *determinized* copy (:func:`engine.determinize.determinize`: the
opponent's hidden cards are inert placeholders, its own library re-dealt,
the seed hidden), made by the caller holding the duel
(:func:`engine.players.computer.answer`, the terminal, the bot) and passed as
a :data:`~engine.determinize.Peek` to
:meth:`engine.players.computer.ComputerPlayer.choose`. A copy is made only at
a rest point, or away from one from the game the duel kept at its latest
rest point with the answers since replayed (a block declaration: see
:mod:`engine.determinize`); else the computer answers by its heuristic alone.

The search (:func:`choice`): at the active player's main-phase
opportunity, the candidates are the heuristic's own answer, passing, and
the best few other casts, land plays and activations by the heuristic's
score (at most :data:`CANDIDATES` in all), and, once the heuristic has
nothing more to cast before combat, up to :data:`ATTACK_PLANS` attacks
(:func:`attack_plans`: ``attack A, B`` announces the attack and declares
its attackers in one answer), so that attacks are judged by playing them
out too. At a block declaration the candidates are the heuristic's blocks,
no blocks, and up to :data:`BLOCK_PLANS` others (:func:`block_plans`: every
good or even trade, chumps of the attackers left unblocked), played through
the damage and the computer's next turn, scored less :data:`DANGER` per
1/life left; not in a race it loses by far when the attack does not kill
(:meth:`~engine.players.computer_combat.Combat.race_lost_blocking`: its end
is beyond the horizon, so the rule's trades stand). Each is applied to a
clone of each of :data:`DETERMINIZATIONS` determinized copies (the same
copies for every candidate) and scored by the mean; the rest of the
simulation is answered by a copy of the computer's heuristic (for its seat)
and by :class:`SensiblePlayer` (for the opponent, whose hand is placeholders
it cannot cast) up to the horizon, the end of the next turn's main phase
(its attack included: :data:`HORIZON`; the opponent's after a main-phase
choice, the computer's own after a block), or the end of the duel. The position is scored from the computer's
seat by :meth:`engine.players.computer.Board.eval` on the simulation's view (a won
duel +1000, a lost one -1000), and the best candidate wins; the heuristic's
answer is kept unless another scores more than it by :data:`MARGIN` (a
simulation that raises scores nothing). Deterministic for the computer's
seed: the only randomness is its own generator. Measured (bench/README.md,
the AI section): 137 / 136 duels of 200 won against sensible on seeds 0 /
1000, against 133 / 128 by the heuristic alone; p95 38 ms per decision
(before the attacks and the second copy: see there for the figures since).
"""
from __future__ import annotations

import copy
import random
import re
from typing import TYPE_CHECKING, Any

from ..decisions import Decision, DecisionKind, IllegalAction
from ..determinize import Peek
from ..duel import Duel
from . import card_hints, computer
from .computer_combat import Combat
from .sensible import SensiblePlayer

if TYPE_CHECKING:
    from .computer import ComputerPlayer

CANDIDATES = 5  # answers simulated per decision, passing and the heuristic's own included
ATTACK_PLANS = 3  # attacks simulated besides them (each "attack A, B": announced with its attackers)
MARGIN = 0.0  # how much more than the heuristic's answer another must score to replace it
HORIZON = 1  # simulate to the end of the main phase of the turn this many turns ahead (1: the opponent's)
MAX_STEPS = 300  # decisions played in one simulation at most
# what a block's simulation takes off per 1/(life left): the copies' opponent holds placeholders and never
# casts the burn or pump of a real hand, so damage let through is worth more than it seems (a plan that
# leaves 1 life instead of 4 loses 4.5 points: it was taken over a chump by an Ornithopter, and lost)
DANGER = 6.0
BLOCK_PLANS = 3  # block declarations simulated besides the heuristic's own and no blocks
DETERMINIZATIONS = 2  # copies each candidate is played on, its score the mean (their own draws and the dice differ)


def _candidates(cp: "ComputerPlayer", v: dict[str, Any], d: Decision, heur: str | None) -> list[str]:
    b = computer.Board(v, d.player)
    first = [heur] if heur is not None else []
    if d.decline is not None and d.decline not in first:
        first.append(d.decline)
    scored: list[tuple[float, str]] = []
    land = False
    for c in d.choices:
        if c in first:
            continue
        if c.startswith("play ") and not land:
            land = True
            scored.append((15.0, cp._pick_land(b, [x for x in d.choices if x.startswith("play ")])))
        elif c.startswith("cast "):
            name = cp._name(c)
            t = computer.types_of(name)
            if name in computer.NEVER or computer.MANA_SPELL.search(computer.card_text(name)) \
                    and not t & {"artifact", "creature", "enchantment"} or cp.refused(b, name):
                continue
            if _for_this_turn(computer.card_text(name)) and t <= {"instant", "interrupt"}:
                continue  # Giant Growth is kept for a fight or the last damage (ComputerPlayer._combat_trick)
            scored.append((cp._cast_score(b, name, t), c))
        elif c.startswith("activate ") and not computer.MANA_SPELL.search(c):
            ab = card_hints.ability_of(c)
            if _for_this_turn(ab.text if ab is not None else computer.card_text(cp._name(c))):
                continue
            scored.append((1.0, c))
    scored.sort(key=lambda x: -x[0])
    out = list(first)
    for _, c in scored:
        if len(out) >= CANDIDATES:
            break
        if c not in out:
            out.append(c)
    if "attack" in d.choices and (heur is None or heur in ("attack", d.decline)):
        out += [p for p in attack_plans(cp, b, d, heur == "attack") if p not in out]
    return out


def _for_this_turn(text: str) -> bool:
    """Whether a fast effect's text only changes a creature until end of turn
    ("+1/+1 until end of turn", "gains flying until end of turn"): in the main
    phase it is no candidate. Cast before combat it tells the opponent what is
    coming and, on a creature with {T} in its cost (Wyluli Wolf), keeps it tapped
    through their turn; in combat, after blocks, the same effect does all it
    can (the computer's heuristic uses it there). Left in, it was chosen whenever
    its copies scored a hair above passing: Wyluli Wolf pumped Erhnam Djinn each
    turn and nothing attacked. A creature made of a land or an artifact for the
    turn ("becomes a 2/2 ... creature until end of turn": Mishra's Factory) stays
    a candidate: it must be one before attackers are declared."""
    return bool(_EOT.search(text)) and "becomes" not in text


_EOT = re.compile(r"(?:gets|gains|\+\d+/[+-]\d+)[^.\n]*until end of turn", re.I)


def attack_plans(cp: "ComputerPlayer", b: "computer.Board", d: Decision, announced: bool) -> list[str]:
    """Up to :data:`ATTACK_PLANS` attacks to simulate, each an answer ``attack A, B``
    (announcing the attack and declaring its attackers at once): the heuristic's
    own plan (unless ``announced``: its answer is the bare ``attack``, which
    declares that plan), every creature that may attack, the plan without its
    weakest attacker, and, when the plan is to stay home, the strongest alone.
    Tried only once the heuristic has nothing more to cast before combat
    (its answer attacks or passes): the attack is then what is left to decide,
    and it is judged by playing it out (their blocks, the damage, their
    swing back) rather than by :class:`~engine.players.computer_combat.Combat`'s
    prediction alone."""
    ready = [p for p in b.creatures(b.me) if not p["tapped"] and (not p["sick"] or computer.hasty(p["name"]))
             and b.power(p) > 0 and "Wall" not in p["name"]]
    if not ready:
        return []
    plan = [p["ref"] for p in cp._attackers(b, d, [])[0]]
    refs = [p["ref"] for p in sorted(ready, key=lambda p: (-b.value(p), p["ref"]))]
    plans: list[list[str]] = []
    if plan and not announced:
        plans.append(plan)
    plans.append(refs)
    if len(plan) >= 2:
        weakest = min(plan, key=lambda r: (b.value(b.perms[r]), r))
        plans.append([r for r in plan if r != weakest])
    if not plan:
        plans.append(refs[:1])
    out: list[str] = []
    for p in plans:
        if sorted(p) == sorted(plan) and announced:
            continue
        text = "attack " + ", ".join(sorted(p))
        if text not in out:
            out.append(text)
    return out[:ATTACK_PLANS]


def block_plans(cp: "ComputerPlayer", b: "computer.Board", d: Decision, heur: str | None) -> list[str]:
    """Up to :data:`BLOCK_PLANS` block declarations to simulate besides the
    heuristic's own (``heur``) and no blocks: every block that kills the
    attacker or survives or trades (any trade, as in a race it loses), the
    heuristic's blocks with a chump of the biggest attacker left unblocked,
    and the heuristic's blocks with every attacker left unblocked that a
    free creature can block chumped (the cheapest blocker each). So the rule
    of :class:`~engine.players.computer_combat.Combat` (trade up, chump only
    to stay alive) is checked by playing the combat and the turns after it
    out: whether a trade, a chump or holding back does better."""
    pairs: dict[str, list[str]] = {}
    harmless = {r for t, r in cp.harmless if t == getattr(cp, "turn", None)}
    for c in d.choices:
        m = re.fullmatch(r"block (.+) with (.+)", c)
        if m and m[1] in b.perms and m[2] in b.perms and m[1] not in harmless:
            pairs.setdefault(m[1], []).append(m[2])
    if not pairs:
        return []
    cb = Combat(b)
    attackers = sorted((b.perms[a] for a in pairs), key=lambda p: (-b.power(p), p["ref"]))
    base: list[tuple[str, str]] = []
    if heur is not None and heur.startswith("block ") and heur != d.decline:
        for part in heur[len("block "):].split("; "):
            m = re.fullmatch(r"(.+) with (.+)", part)
            if m:
                base += [(m[1], x) for x in m[2].split(", ")]

    def cheapest(a: str, used: set[str]) -> str | None:
        free = [r for r in pairs.get(a, ()) if r not in used]
        return min(free, key=lambda r: (b.value(b.perms[r]), r)) if free else None

    plans: list[list[tuple[str, str]]] = []
    # every good or even block: kill and survive, survive, any trade
    opts = []
    for a in attackers:
        va = b.value(a)
        for r in pairs[a["ref"]]:
            sc = cb.block_score(a, va, b.perms[r], 0.0)
            if sc is not None:
                opts.append((-sc, a["ref"], r))
    trades: list[tuple[str, str]] = []
    used: set[str] = set()
    for _, ar, r in sorted(opts):
        if ar not in {x for x, _ in trades} and r not in used:
            trades.append((ar, r))
            used.add(r)
    plans.append(trades)
    # the heuristic's blocks, and a chump of the biggest attacker it leaves unblocked, then of all of them
    used = {x for _, x in base}
    done = {a for a, _ in base}
    chumps = list(base)
    for a in attackers:
        if a["ref"] in done:
            continue
        x = cheapest(a["ref"], used)
        if x is not None:
            chumps.append((a["ref"], x))
            used.add(x)
            if len(plans) == 1:
                plans.append(list(chumps))
    plans.append(chumps)
    out: list[str] = []
    seen = {heur, d.decline}
    for plan in plans:
        if not plan:
            continue
        text = "block " + "; ".join(f"{a} with {x}" for a, x in plan)
        try:
            text = d.parse(text)
        except IllegalAction:
            continue
        if text not in seen:
            seen.add(text)
            out.append(text)
    return out[:BLOCK_PLANS]


def _simulate(start: Duel, me: int, cp: "ComputerPlayer", v: dict[str, Any], c: str, seed: int,
              danger: float = 0.0) -> float:
    """The score for seat ``me`` after answering ``c`` to ``start``'s pending
    decision and playing on to the horizon: ``cp`` (the computer as it was
    before it was asked, not changed) plays its seat, having noted the
    decision and this answer as if it had chosen it itself. ``danger``: less
    ``danger / my life`` at the horizon (see :data:`DANGER`)."""
    sim = start.clone()
    d = sim.pending
    assert d is not None and d.context is not None
    turn = d.context.turn
    mine = copy.deepcopy(cp)
    mine.asked(d, v)
    mine.gave(d, c)
    other = SensiblePlayer(seed)
    try:
        sim.apply(c, me)
        for _ in range(MAX_STEPS):
            d = sim.pending
            if d is None:
                break
            ctx = d.context
            if ctx is not None and (ctx.turn > turn + HORIZON or
                                    ctx.turn == turn + HORIZON and ctx.phase in ("discard", "cleanup")):
                break
            if d.player == me:
                ans = mine.choose(sim.view(me), d)
            else:
                ans = other.choose(sim, d)
            sim.apply(ans, d.player)
    except Exception:  # a simulation that breaks (the opponent's placeholders, a player's slip) proves nothing
        return float("-inf")
    if sim.pending is None or sim.over:
        w = sim.winner
        return 0.0 if w is None else (1000.0 if w == me else -1000.0)
    end = computer.Board(sim.view(me), me)
    return end.eval() - danger / max(end.life[me], 1)


def looks_at(d: Decision) -> bool:
    """Whether the look-ahead is tried on ``d``: the active player's
    main-phase opportunity, and the block declaration."""
    ctx = d.context
    if d.kind is DecisionKind.BLOCK:
        return True
    return d.kind is DecisionKind.OPPORTUNITY and ctx is not None and ctx.active == d.player and \
        ctx.phase == "main" and ctx.step == "main"


def choice(cp: "ComputerPlayer", v: dict[str, Any], d: Decision, heur: str | None, peek: Peek,
           rng: random.Random) -> str | None:
    """The answer to ``d`` found by looking one answer ahead (the active
    player's main-phase opportunity, or a block declaration), or None to keep
    the heuristic's ``heur``. ``cp``: the computer as it was before it was
    asked (the simulations start from copies of it; it is not changed);
    ``rng``: the computer's generator, which draws the determinization and
    the opponent's seed."""
    if not looks_at(d):
        return None
    if d.kind is DecisionKind.BLOCK:
        b = computer.Board(v, d.player)
        combat = v.get("combat") or {}
        attackers = [b.perms[r] for band in combat.get("bands", ()) for r in band if r in b.perms]
        cb = Combat(b)
        if cb.through(attackers, {}) < b.life[b.me] - b.upkeep_pain(b.me) and cb.race_lost_blocking(attackers):
            return None  # the race is lost beyond the horizon: the rule's trades stand (not when it dies now)
        first = [heur] if heur is not None else []
        if d.decline is not None and d.decline not in first:
            first.append(d.decline)
        cands = first + block_plans(cp, b, d, heur)
    elif heur is not None and heur.startswith("play "):
        # the land drop is kept: its worth shows only turns later, and the copies play on
        # with the heuristic's attack, whose losses it was blamed for (passing, which ends
        # the turn, scored better, and the land stayed in hand); the attack is judged at
        # the next opportunity, after the land
        return None
    else:
        cands = _candidates(cp, v, d, heur)
    return _best(cands, d, heur, peek, cp, v, rng)


def _best(cands: list[str], d: Decision, heur: str | None, peek: Peek, cp: "ComputerPlayer",
          v: dict[str, Any], rng: random.Random) -> str | None:
    """The candidate that scores best, over :data:`DETERMINIZATIONS` copies; None for ``heur``."""
    if len(cands) < 2:
        return None
    scores = [0.0] * len(cands)
    for _ in range(DETERMINIZATIONS):
        start = peek(rng)
        if start is None:
            return None
        seed = rng.randrange(1 << 30)
        for i, c in enumerate(cands):
            scores[i] += _simulate(start, d.player, cp, v, c, seed,
                                   DANGER if d.kind is DecisionKind.BLOCK else 0.0)
    best = max(range(len(cands)), key=lambda i: scores[i])
    if cands[best] == heur or heur is not None and scores[best] < scores[0] + MARGIN:
        return None
    return cands[best]
