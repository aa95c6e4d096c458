"""A fair one-ply look-ahead for the computer's main-phase choices.

The computer (:mod:`engine.computer`) never receives the duel: it answers
from its seat's view. To try an answer and see where it leads it needs a
copy of the duel to play on, and that copy must not hold what the seat
cannot see. So it is given a *determinized* copy (:func:`determinize`):

- every card of the opponent's hand and library is a new :data:`HIDDEN`
  card, an inert placeholder (no type, no cost, no ability; it can be
  neither cast nor played; it is in no registry a user sees), one for each
  card there: the counts are public, the cards are not;
- its own library is re-dealt: its cards, in the canonical order of their
  names, shuffled by the computer's own random generator, as new card
  objects (new ids), so neither the real order nor the real ids leak;
- the game's random generator is reseeded from the computer's generator
  (the duel's seed is hidden), the opponent's secrets are dropped, and the
  copy has no history, no seed and no decklists, and cannot be replayed
  from its start.

It is made by the caller (:func:`engine.computer.answer`, the terminal, the
bot), which holds the duel, as a function ``peek(rng) -> Duel | None`` passed
to :meth:`engine.computer.ComputerPlayer.choose`: the computer's code never
touches the real duel. A copy is made only at a rest point (every
main-phase opportunity of the active player with something to do is one),
else ``peek`` gives None and the computer answers by its heuristic alone.
Two duels that differ only in what the seat cannot see give identical copies
(the same :meth:`Duel.state_hash`; tests/test_lookahead.py).

The search (:func:`main_phase_choice`): at the active player's main-phase
opportunity, the candidates are the heuristic's own answer, passing, and
the best few other casts, land plays and activations by the heuristic's
score (at most :data:`CANDIDATES` in all). Each is applied to a clone of
one determinized copy; the rest of the simulation is answered by a copy of
the computer's heuristic (for its seat) and by :class:`SensiblePlayer` (for
the opponent, whose hand is placeholders it cannot cast) up to the horizon,
the end of the opponent's next main phase (its attack included:
:data:`HORIZON`), or the end of the duel. The position is scored from the computer's
seat by :meth:`engine.computer.Board.eval` on the simulation's view (a won
duel +1000, a lost one -1000), and the best candidate wins; the heuristic's
answer is kept unless another scores more than it by :data:`MARGIN` (a
simulation that raises scores nothing). Deterministic for the computer's
seed: the only randomness is its own generator. Measured (bench/README.md,
the AI section): 137 / 136 duels of 200 won against sensible on seeds 0 /
1000, against 133 / 128 by the heuristic alone; p95 38 ms per decision.
"""
from __future__ import annotations

import copy
import random
from typing import TYPE_CHECKING, Any, Callable

from . import computer, snapshot as snap
from .decisions import Decision, DecisionKind
from .duel import Duel
from .hooks import Hooks
from .mana import ManaCost
from .model import CardDef
from .objects import Card
from .sensible import SensiblePlayer
from .view import view

if TYPE_CHECKING:
    from .computer import ComputerPlayer

Peek = Callable[[random.Random], "Duel | None"]

CANDIDATES = 5  # answers simulated per decision, passing and the heuristic's own included
MARGIN = 0.0  # how much more than the heuristic's answer another must score to replace it
HORIZON = 1  # simulate to the end of the main phase of the turn this many turns ahead (1: the opponent's)
MAX_STEPS = 300  # decisions played in one simulation at most


def _never(g: Any, p: int, card: Card) -> bool:
    """A hidden card's ``can_cast`` hook: it cannot be cast."""
    return False


HIDDEN = CardDef(name="(hidden card)", cost=ManaCost(), type_line="", types=frozenset(), subtypes=frozenset(),
                 supertypes=frozenset(), colors=frozenset(), power=None, toughness=None, text="",
                 hooks=Hooks(can_cast=_never))


def _no_replay() -> Any:
    raise RuntimeError("a determinized copy has no start to replay from")


def determinize(duel: "Duel", seat: int, rng: random.Random) -> "Duel | None":
    """A copy of ``duel`` holding only what ``seat`` may know (see the module
    docstring), its hidden cards drawn with ``rng``; None away from a rest
    point or inside a subgame. Pure: ``duel`` is not changed."""
    if not duel.at_rest or duel.game.subgame is not None:
        return None
    shared: list[Any] = []
    game = snap.loads(snap.dumps(duel.game, shared), shared)  # the game as it is now (not a kept rest)
    mine, opp = game.players[seat], game.players[1 - seat]
    # new card objects: the libraries' cards are shared with the duel and never changed in place
    opp.hand[:] = [game.new_card(HIDDEN, 1 - seat, "hand") for _ in opp.hand]
    opp.library[:] = [game.new_card(HIDDEN, 1 - seat, "library") for _ in opp.library]
    deck = sorted((c.own_cdef or c.cdef for c in mine.library), key=lambda c: c.name)
    rng.shuffle(deck)
    mine.library[:] = [game.new_card(cd, seat, "library") for cd in deck]
    game.rng = random.Random(rng.getrandbits(64))
    game.secrets[:] = [(who, t) for who, t in game.secrets if who == seat]
    d = Duel(lambda: (game, game.run(resume=True)), options=duel.options, keep_rest=False)
    d._factory = _no_replay  # type: ignore[assignment]
    if d.pending is None or not d.at_rest or d.pending.player != duel.pending.player:  # type: ignore[union-attr]
        return None
    return d


def peek_for(duel: "Duel", seat: int) -> Peek:
    """What a caller holding ``duel`` gives the computer of ``seat``."""
    return lambda rng: determinize(duel, seat, rng)


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
                    and not t & {"artifact", "creature", "enchantment"}:
                continue
            scored.append((cp._cast_score(b, name, t), c))
        elif c.startswith("activate ") and not computer.MANA_SPELL.search(c):
            scored.append((1.0, c))
    scored.sort(key=lambda x: -x[0])
    out = list(first)
    for _, c in scored:
        if len(out) >= CANDIDATES:
            break
        if c not in out:
            out.append(c)
    return out


def _step(cp: "ComputerPlayer", d: Decision, c: str) -> None:
    """What the heuristic notes when it gives answer ``c`` to ``d`` itself."""
    ctx = d.context
    if ctx is not None:
        key = (ctx.turn, ctx.phase, ctx.step)
        cp.acts[key] = cp.acts.get(key, 0) + 1
        cp.turn, cp.phase = ctx.turn, ctx.phase
        if c == "attack":
            cp.attacked_turn = ctx.turn
    cp.keep = {}
    if c.startswith(("cast ", "activate ")):
        cp._cast(c)


def _simulate(start: "Duel", me: int, cp: "ComputerPlayer", c: str, seed: int) -> float:
    sim = start.clone()
    d = sim.pending
    assert d is not None
    turn = d.context.turn if d.context is not None else sim.game.turn
    mine = copy.deepcopy(cp)
    _step(mine, d, c)
    other = SensiblePlayer(seed)
    try:
        sim.apply(c, me)
        for _ in range(MAX_STEPS):
            d = sim.pending
            if d is None:
                break
            g = sim.game
            if g.turn > turn + HORIZON or g.turn == turn + HORIZON and g.phase in ("discard", "cleanup"):
                break
            if d.player == me:
                ans = mine.choose(view(sim, me), d)
            else:
                ans = other.choose(sim, d)
            sim.apply(ans, d.player)
    except Exception:  # a simulation that breaks (the opponent's placeholders, a player's slip) proves nothing
        return float("-inf")
    if sim.pending is None or sim.game.over:
        w = sim.game.winner
        return 0.0 if w is None else (1000.0 if w == me else -1000.0)
    return computer.Board(view(sim, me), me).eval()


def looks_at(d: Decision) -> bool:
    """Whether the look-ahead is tried on ``d``: the active player's main-phase opportunity."""
    ctx = d.context
    return d.kind is DecisionKind.OPPORTUNITY and ctx is not None and ctx.active == d.player and \
        ctx.phase == "main" and ctx.step == "main"


def main_phase_choice(cp: "ComputerPlayer", before: "ComputerPlayer", v: dict[str, Any], d: Decision,
                      heur: str | None, peek: Peek) -> str | None:
    """The answer to the active player's main-phase opportunity ``d`` found by
    looking one answer ahead, or None to keep the heuristic's ``heur``.
    ``before``: the computer as it was before the heuristic answered (the
    simulations start from it); ``cp`` is set as if it had answered itself."""
    if not looks_at(d):
        return None
    cands = _candidates(before, v, d, heur)
    if len(cands) < 2:
        return None
    start = peek(cp.rng)
    if start is None:
        return None
    seed = cp.rng.randrange(1 << 30)
    scores = [_simulate(start, d.player, before, c, seed) for c in cands]
    best = max(range(len(cands)), key=lambda i: scores[i])
    if cands[best] == heur or heur is not None and scores[best] < scores[0] + MARGIN:
        return None
    chosen = cands[best]
    rng = cp.rng
    cp.__dict__.update(copy.deepcopy(before).__dict__)
    cp.rng = rng
    _step(cp, d, chosen)
    return chosen
