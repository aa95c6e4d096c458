"""Auto-pass: which decisions reach a person, and which are answered for them.

Asynchronous play must not nag. Like the MicroProse phase bar, a player is
asked only when the decision cannot be declined, or when they could do
something that matters (more than drawing mana) at a point where they keep
a *stop*. Everything else is answered at once, on their behalf (by the Discord bot,
:mod:`bot.service`, and the terminal game, :mod:`bot.terminal`), and logged
like any other answer: optional decisions are declined, and a payment is
made with ``auto`` (or ``pay`` from the pool) when every way of paying by
hand would end the same (see :func:`forced_payment`). The engine still
offers every decision; auto-pass only answers where the answer is forced or equivalent, or where the player
said so with their stops.

Stops are named ``my <step>`` / ``opponent <step>`` for the steps
``upkeep``, ``draw``, ``main``, ``attack``, ``blocks``, ``end of combat``,
``discard``; plus ``my spells`` (interrupting your own spell being cast, or
adding to a batch whose last spell or effect is your own), ``responses``
(interrupting or responding to the opponent's spells and effects),
``prevention`` (damage prevention steps), ``regeneration`` and ``manual
payment`` (every payment is asked, even when paying by hand could not end
differently from ``auto``).

Default stops (:data:`DEFAULT_STOPS`), and why. Like Magic Online's
defaults (both main phases, your declare blockers step, the opponent's
declare blockers step and end of turn: "Let's Talk About Stops, Pt. II",
magicthegathering.com, 2003), they keep the points where players
act, and drop the windows a later stop covers. Figures: ``python -m bench
--only roundtrips`` (100 duels between sensible players).

- ``my main``, ``my blocks``, ``opponent blocks``: spells are cast in the
  main phase; after blocks is the window for combat tricks.
- not ``my attack``: a trick the attacker plays before blocks (Jump, a
  pump) can be played in the main phase just before attacking, where the
  opponent gets the same chance to answer; only effects that need an
  attacking creature need the stop (404 clicks per 100 duels, 387 a pass).
- not ``opponent attack``: what the defender does before blocks, they can
  do after blocks (the ``opponent blocks`` stop) knowing more (353 clicks,
  all a pass). One exception, for players who keep ``opponent blocks``: a
  land that could become a creature (Mishra's Factory) must be animated
  before blocks to block, so the window is offered when such an ability is
  usable.
- ``opponent end of combat``: after combat damage on the opponent's turn,
  the last point to finish off a damaged attacker or act before their turn
  ends; the opponent's main phase that follows is not a stop.
- not ``my end of combat``: on your own turn the main phase resumes right
  after it, with the same damage still marked, and ``my main`` is a stop
  (343 clicks, all a pass). Tricks that need the combat still under way
  ("target attacking creature") need the stop.
- ``responses``, ``prevention``, ``regeneration``: the opponent's spells
  and effects, and damage, always deserve a look.
- not ``my spells``: answering your own spell (interrupting it, or adding
  to your own batch before the opponent has answered) was asked on every
  instant you cast (633 clicks per 100 duels). Without the stop you answer
  again as soon as the opponent adds to the batch (their spell is then on
  top: ``responses``); if they pass, the batch resolves and you act next.
- not ``manual payment``: tapping by hand is still asked whenever it could
  end differently (see :func:`forced_payment`; 894 of 1,604 payments
  are made for the player in ``bench.roundtrips``, 825 of 1,572 before
  dual lands, the pool and the rest of a partly paid cost were counted),
  and mana can be drawn by hand before casting (every opportunity lists the mana abilities).

Stops saved before these changes are kept as they are (a player who set
``my attack`` keeps it); ``/stops default`` gives the new defaults.

What the stops do not govern (issue 24):

- a mulligan is always asked, whatever the stops: it is the player's own
  choice (000 "Mulligan");
- any other decision that may be declined and is not a chance to act at a
  point of the turn (a card's "you may ...": Land Tax's search, Sylvan
  Library, "Untap Old Man of the Sea?") is asked whenever there is
  something to choose: it belongs to something already under way, and
  declining it for the player drops a "may" they could want;
- at their own upkeep a player without the ``my upkeep`` stop is stopped
  when they have an upkeep effect to use or to order
  (:func:`_upkeep_effects_to_use`), like the MicroProse game;
- an answer that can change nothing now (:mod:`engine.pointless`: a Giant
  Growth with no creature of one's own, a pump once the combat is over)
  makes no stop: a stop asks only when something else than passing could
  matter (:func:`worthwhile_choices`).

Everything is read from the decision itself (its kind, choices, its
:class:`~engine.decisions.Context` and, for a payment, its ``cost``) and from
the game's mana sources; nothing is parsed out of prompt text.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .decisions import Decision, DecisionKind
from .effects import upkeep_only
from .mana import Mana, ManaCost, plan_payment
from .model import Cost
from .objects import Card
from .pointless import activated, pointless
from .refs import RefError, lookup

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

STEPS = ("upkeep", "draw", "main", "attack", "blocks", "end of combat", "discard")
ALL_STOPS = tuple(f"{w} {s}" for w in ("my", "opponent") for s in STEPS) + (
    "my spells", "responses", "prevention", "regeneration", "manual payment")
DEFAULT_STOPS = frozenset({"my main", "my blocks", "opponent blocks",
                           "responses", "prevention", "regeneration", "opponent end of combat"})


def parse_stops(text: str, current: frozenset[str] = DEFAULT_STOPS) -> frozenset[str]:
    """A stops list as players type it (``opponent upkeep, responses``,
    ``default``, ``none``); ValueError naming the unknown stops."""
    t = text.strip().lower()
    if t == "default":
        return DEFAULT_STOPS
    if t in ("none", ""):
        return frozenset()
    wanted = frozenset(" ".join(s.split()) for s in t.split(",") if s.strip())
    if not wanted:  # commas only: a typo, not "none"
        raise ValueError(f"No stop named in {text.strip()[:40]!r}: name stops separated by commas, "
                         "or 'none' for no stops. Available: " + ", ".join(ALL_STOPS))
    bad = sorted(wanted - set(ALL_STOPS))
    if bad:
        raise ValueError("Unknown stops: " + ", ".join(bad) + ". Available: " + ", ".join(ALL_STOPS))
    return wanted


def useful_choices(d: Decision) -> list[str]:
    """Answers other than declining and drawing mana."""
    return [c for c in d.actions if c != d.decline and c != "cancel"]


def worthwhile_choices(g: "Game", d: Decision) -> list[str]:
    """:func:`useful_choices` but those that can change nothing now
    (:func:`engine.pointless.pointless`: a Giant Growth with no creature of
    one's own to target)."""
    return [c for c in useful_choices(d) if not pointless(g, d.player, c, d.kind)]


# The decisions the stops govern: a chance to act at some point of the turn. Any other
# decision that may be declined is part of something under way (a mulligan, a card's
# "you may ...") and is asked whenever there is something to choose.
_OPPORTUNITIES = frozenset({DecisionKind.OPPORTUNITY, DecisionKind.INTERRUPT, DecisionKind.RESPOND,
                            DecisionKind.PREVENT, DecisionKind.REGENERATE})


def auto_answer(g: "Game", d: Decision, stops: frozenset[str] = DEFAULT_STOPS) -> str | None:
    """The answer given on the player's behalf, or None when the decision
    must reach the player. A mulligan is always asked (000 "Mulligan": the
    player's own choice, whatever the stops)."""
    if d.kind is DecisionKind.PAY:
        return forced_payment(g, d) if "manual payment" not in stops else None
    if d.decline is None or d.kind is DecisionKind.MULLIGAN or _worth_asking(g, d, stops):
        return None
    return d.decline


def must_ask(g: "Game", d: Decision, stops: frozenset[str] = DEFAULT_STOPS) -> bool:
    """True when this decision should be put to the player."""
    return auto_answer(g, d, stops) is None


def _worth_asking(g: "Game", d: Decision, stops: frozenset[str]) -> bool:
    """For a decision that can be declined: does the player keep a stop here
    and have something to do (more than drawing mana, more than what can
    change nothing: :func:`worthwhile_choices`)? The stops are looked at
    first: the choices are listed only where a stop could ask."""
    k = d.kind
    ctx = d.context
    if k not in _OPPORTUNITIES:  # attacks, blocks, and what is under way
        return bool(useful_choices(d))
    if k is DecisionKind.PREVENT:
        return "prevention" in stops and bool(worthwhile_choices(g, d))
    if k is DecisionKind.REGENERATE:
        return "regeneration" in stops and bool(useful_choices(d))
    if ctx is None:  # not asked by Game.ask: nothing to go by but the choices
        return bool(worthwhile_choices(g, d))
    if k is DecisionKind.INTERRUPT:
        own = ctx.spell_controller == d.player
        return ("my spells" if own else "responses") in stops and bool(worthwhile_choices(g, d))
    if k is DecisionKind.RESPOND and ctx.batch_controller is not None:
        # Answering the opponent's spell or effect, or adding to one's own batch
        # before the opponent has answered it (like interrupting one's own spell).
        own = ctx.batch_controller == d.player
        return ("my spells" if own else "responses") in stops and bool(worthwhile_choices(g, d))
    # an opportunity at a step of a turn
    mine = ctx.active == d.player
    step = ctx.step if ctx.step in STEPS else ctx.phase
    if f"{'my' if mine else 'opponent'} {step}" in stops:
        return bool(worthwhile_choices(g, d))
    if step == "upkeep" and mine and k is DecisionKind.OPPORTUNITY:
        return _upkeep_effects_to_use(g, d)
    if step == "main" and mine:
        return any(c.startswith(("play ", "attack")) for c in useful_choices(d))
    if step == "attack" and not mine and ctx.batch_controller is None and "opponent blocks" in stops:
        return _land_may_animate(g, useful_choices(d))  # a land could become a blocker: only before blocks
    return False


def _upkeep_effects_to_use(g: "Game", d: Decision) -> bool:
    """At the player's own upkeep without the ``my upkeep`` stop: do they
    have an upkeep effect they may use (Brass Man's untap cost, Land Tax), or
    mandatory ones of two or more cards they must carry out and so may order
    (Serendib Efreet and Juzam Djinn)? Like the MicroProse game, which stops
    at the upkeep of a player with such cards. A mandatory effect alone is
    not asked, nor those of cards of one name (their order changes nothing):
    they happen by themselves as upkeep ends (the card's ``end_of_upkeep``
    hook), and an upkeep cost with a penalty is asked then anyway."""
    optional = 0
    mandatory: set[str] = set()
    for c in worthwhile_choices(g, d):
        found = activated(g, c)
        if found is None or not upkeep_only(g, *found):
            continue
        if found[0].cdef.hooks.end_of_upkeep is None:
            optional += 1
        else:
            mandatory.add(found[0].name)
    return optional > 0 or len(mandatory) > 1


def _land_may_animate(g: "Game", useful: list[str]) -> bool:
    """Is one of ``useful`` an activated ability of a land that is not a
    creature now? (Mishra's Factory must be animated before blocks to block.)"""
    for c in useful:
        if not c.startswith("activate "):
            continue
        try:
            found = lookup(g, c[len("activate "):].split(" ability=")[0], ("permanents",))
        except RefError:
            continue
        if found and "land" in g.chars(found[0]).types and not g.is_creature(found[0]):
            return True
    return False


# ------------------------------------------------------------------ payment
def payment_is_forced(g: "Game", d: Decision) -> bool:
    """Is there an answer to the PAY decision ``d`` as good as any payment
    by hand (see :func:`forced_payment`)?"""
    return forced_payment(g, d) is not None


def forced_payment(g: "Game", d: Decision) -> str | None:
    """The answer to the PAY decision ``d`` that is as good as any payment
    by hand (``pay`` or ``auto``), or None when how to pay is the player's
    choice. The PAY decision of the engine is unchanged (``auto``, ``pay``,
    ``tap ... for ...``, ``cancel``); this only says when answering for the
    player loses nothing:

    - the pool pays the cost (``pay``) and leaves the same mana whichever
      of it is spent: {W} from a pool of W (the mana drawn for the spell),
      {1} from RR; not {1} from WG (which color stays is a choice). Mana in
      the pool is spent before any source is tapped;
    - otherwise (``auto``): no mana from a player-wide source (Channel
      costs life) and no mana ability with a mana cost (Apprentice Wizard
      becomes usable once some mana is drawn: another way to pay); no
      permanent in play changes the mana a source makes (Mana Flare), and
      every source has one mana ability, "{T}: add one mana" (of one or
      several colors: a dual land, City of Brass), with no hook choosing or
      changing that mana (Mana Batteries, Fellwar Stone); no restricted mana
      in the pool; and every exact payment (one spending all of the pool and
      all the mana it draws) taps as many sources of each *kind* as the
      automatic one. Sources of one kind are interchangeable: same name,
      same symbols, not creatures, no other abilities, nothing attached
      (Psychic Venom, Wild Growth), no counters — paying {R} with three
      plain Mountains, whichever is tapped the same mana is drawn and the
      same untapped lands are left. Any other source is a kind of its own.
      So {R} from Mountains and Forests is paid for the player, {1}{R} is
      asked (a Forest or a second Mountain?), a cost that needs every source
      is paid for the player (any payment taps them all), and so is the rest
      of a cost after mana drawn by hand when only one kind of source can
      pay it.

    Drawing more than the cost (floating mana) stays possible by tapping at
    the opportunity before casting. ``cancel`` is never chosen for the
    player."""
    p = d.player
    cost = d.cost
    pool = g.players[p].pool
    if cost is None or pool.restricted:
        return None
    if "pay" in d.choices:
        return "pay" if _pool_pays_one_way(g, p, cost, pool) else None
    if "auto" not in d.choices or pool.total() > cost.total:
        return None
    if any(c.startswith("add ") for c in d.choices):
        return None
    if any(src.cdef.hooks.extra_mana for src in g.battlefield):
        return None
    if _mana_ability_with_mana_cost(g, p):
        return None
    sources = g.mana_sources(p)
    cards = [c for c, _, _ in sources]
    if len({c.oid for c in cards}) != len(cards) or not all(_one_plain_mana(g, c) for c in cards):
        return None
    kinds = _source_kinds(g, sources)
    return "auto" if _ways_to_pay(g, p, cost, pool, kinds, limit=2) == 1 else None


def _pool_pays_one_way(g: "Game", p: int, cost: ManaCost, pool: Mana) -> bool:
    """Does every way of paying ``cost`` from ``pool`` leave the same mana?
    Colored symbols take their color; what generic mana takes is a choice
    unless it takes nothing, all that is left, or mana of one symbol."""
    left: set[tuple[tuple[str, int], ...]] = set()
    for v in g.cost_variants(p, cost):
        if not pool.can_pay(v):
            continue
        rest = pool.copy()
        for c, n in v.colored.items():
            rest.amounts[c] -= n
        kinds = [s for s, n in rest.amounts.items() if n]
        if v.generic and v.generic < rest.total() and len(kinds) > 1:
            return False
        left.add(tuple(sorted(rest.pay(ManaCost(v.generic)).amounts.items())))
    return len(left) == 1


def _mana_ability_with_mana_cost(g: "Game", p: int) -> bool:
    """Does ``p`` control a permanent whose mana ability costs mana (and could be used)?"""
    for c in g.battlefield:
        if g.controller(c) != p:
            continue
        for ma in g.mana_abilities(c):
            if ma.cost.mana.total and not (ma.cost.tap and c.tapped):
                return True
    return False


def _one_plain_mana(g: "Game", c: Card) -> bool:
    """Only one mana ability, "{T}: add one mana", with no hook choosing or
    changing the mana it makes."""
    abilities = g.mana_abilities(c)
    if len(abilities) != 1 or abilities[0].amount != 1 or abilities[0].cost != Cost(tap=True):
        return False
    # every card hook read while mana is drawn from a source (CastingRules.tap_for_mana,
    # mana_sources): a source with one makes something else than one mana of its symbol,
    # or asks its controller while drawing it (Mana Batteries, Fellwar Stone)
    hooks = c.cdef.hooks
    return not (hooks.mana_amount or hooks.mana_choice or hooks.mana_symbols or hooks.mana_mix)


def _interchangeable(g: "Game", c: Card, symbols: str) -> bool:
    """Can ``c`` be swapped for any other source of its name and symbols?"""
    return (not g.is_creature(c) and not g.abilities_of(c)
            and not g.attached(c) and not any(c.counters.values()))


def _source_kinds(g: "Game", sources: list[tuple[Card, int, str]]) -> list[tuple[frozenset[str], int]]:
    """The mana sources grouped into kinds of interchangeable ones:
    (symbols a source of the kind makes, how many sources)."""
    kinds: dict[object, list[frozenset[str]]] = {}
    for c, _, syms in sources:
        key: object = (c.name, syms) if _interchangeable(g, c, syms) else c.oid
        kinds.setdefault(key, []).append(frozenset(syms))
    return [(same[0], len(same)) for same in kinds.values()]


def _ways_to_pay(g: "Game", p: int, cost: ManaCost, pool: Mana, kinds: list[tuple[frozenset[str], int]],
                 limit: int, budget: int = 5000) -> int:
    """How many different counts of sources of each kind pay ``cost``
    exactly with all of ``pool`` (up to ``limit``; ``limit`` also when
    there are too many to count within ``budget``)."""
    variants = g.cost_variants(p, cost)
    total = cost.total - pool.total()
    found = 0
    tried = 0

    def pays(counts: list[int]) -> bool:
        sources = [(k * 1000 + i, syms) for k, ((syms, _), n) in enumerate(zip(kinds, counts)) for i in range(n)]
        return any(plan_payment(v, pool, sources) is not None for v in variants)

    def walk(k: int, left: int, counts: list[int]) -> None:
        nonlocal found, tried
        if found >= limit:
            return
        if k == len(kinds):
            tried += 1
            if tried > budget:
                found = limit
            elif left == 0 and pays(counts):
                found += 1
            return
        rest = sum(n for _, n in kinds[k + 1:])
        for t in range(max(0, left - rest), min(left, kinds[k][1]) + 1):
            walk(k + 1, left - t, counts + [t])
    walk(0, total, [])
    return found
