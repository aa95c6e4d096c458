"""Legends white and blue cards (printed text of their latest old printing,
Fifth Edition rules)."""
from __future__ import annotations

from typing import Any

from ..carddb import define
from ..decisions import DecisionKind
from ..effects import (CREATURE, PERMANENT, SPELL, bounce_targets, counter_target, destroy_all, discard_card,
                       each_target, pay_to_use, permanent_target)
from ..mana import COLOR_LETTERS
from ..model import Delayed, Event, Kind, SpellSpec, TargetSpec, kinds
from ..objects import Card, Spell
from ..refs import ref

# ------------------------------------------------------------------ creatures without special rules

for _name in ("Azure Drake", "Devouring Deep", "Keepers of the Faith", "Righteous Avengers", "Wall of Light"):
    define(_name)
define("Thunder Spirit", keywords=("first strike", "flying"))  # "First strike, flying." (the period)


# ------------------------------------------------------------------ counters

def _spell_cost(s: Spell) -> int:
    """A spell's total casting cost, its X included (as Spell Blast reads it)."""
    cost = s.card.cdef.cost if s.card is not None else None
    return cost.converted + cost.x * s.x if cost is not None else 0


# Mana Drain: counters the target spell; at the beginning of its caster's next
# main phase, {X} colorless mana is added to their pool, X the total casting
# cost of the countered spell (X included). Cast during its caster's own main
# phase, "next" is the next turn's: the main phase under way has begun already.
# The mana is lost (and burns) if unused in that main phase, as in the game.
def _mana_drain(g: Any, ctx: Any) -> Any:
    for t in each_target(ctx):
        if not isinstance(t, Spell):
            continue
        x = _spell_cost(t)
        yield from counter_target()(g, ctx)
        g.delayed.append(Delayed(Event.BEGIN_MAIN, _mana_drain_mana, ctx.controller, "Mana Drain",
                                 condition=lambda g2, d, data: data.get("player") == d.controller, data={"x": x}))


def _mana_drain_mana(g: Any, ctx: Any) -> Any:
    x = ctx.data["delayed"].data["x"]
    if x:
        g.players[ctx.controller].pool.add("C", x)
        g.log(f"Mana Drain adds {{{x}}} to {g.players[ctx.controller].name}'s mana pool.")
    return
    yield


define("Mana Drain", spell=SpellSpec(_mana_drain, targets=(SPELL,)))

define("Flash Counter", spell=SpellSpec(counter_target(), targets=(TargetSpec(
    "target interrupt or instant spell", kinds(Kind.SPELL),
    lambda g, ctx, s: isinstance(s, Spell) and s.card is not None and bool(s.types & {"instant", "interrupt"})),)))


def _summon_spell(s: Any) -> bool:
    """A Summon spell: a creature spell that is not an artifact creature (an
    artifact creature is cast as an artifact, as the old rulings had it)."""
    return isinstance(s, Spell) and s.card is not None and "creature" in s.types and "artifact" not in s.types


define("Remove Soul", spell=SpellSpec(counter_target(), targets=(TargetSpec(
    "target summon spell", kinds(Kind.SPELL), lambda g, ctx, s: _summon_spell(s)),)))


def _unless_pays(g: Any, s: Spell, n: int, why: str) -> Any:
    """Counter ``s`` unless its caster pays {n} now."""
    if n <= 0:
        return
    paid = yield from pay_to_use(g, s.controller, "{%d}" % n, f"{why}: pay {{{n}}} or {s.name} is countered?", why)
    if paid:
        g.log(f"{g.players[s.controller].name} pays {{{n}}} for {why}.")
    else:
        s.countered = True
        g.log(f"{s.name} is countered ({why}).")


def _force_spike(g: Any, ctx: Any) -> Any:
    for t in each_target(ctx):
        if isinstance(t, Spell):
            yield from _unless_pays(g, t, 1, "Force Spike")


define("Force Spike", spell=SpellSpec(_force_spike, targets=(SPELL,)))


# Presence of the Master: every enchantment spell cast while it is in play is
# countered as it is cast (whoever casts it). Presence itself, being cast, is
# not yet in play.
def _presence(g: Any, src: Card, s: Spell) -> Any:
    if s.card is not None and "enchantment" in s.types:
        s.countered = True
        g.log(f"{s.name} is countered (Presence of the Master).")
    return
    yield


define("Presence of the Master", hooks={"cast_check": _presence})


# Invoke Prejudice: a summon spell cast by an opponent of its controller that
# shares no color with any creature its controller controls is countered
# unless its caster pays {X}, X its total casting cost. Decision: a colorless
# summon spell shares no color with anything, so it is taxed; artifact
# creatures are "artifact creature" spells, not Summon spells, and are not.
def _prejudice(g: Any, src: Card, s: Spell) -> Any:
    me = g.controller(src)
    if s.controller == me or not _summon_spell(s):
        return
    mine: set[str] = set()
    for c in g.creatures(me):
        mine |= g.chars(c).colors
    if s.colors & mine:
        return
    yield from _unless_pays(g, s, _spell_cost(s), "Invoke Prejudice")


define("Invoke Prejudice", hooks={"cast_check": _prejudice})


# ------------------------------------------------------------------ global enchantments

# Moat: a creature without flying cannot attack.
define("Moat", hooks={"attack_restriction": lambda g, src, c: "flying" in g.chars(c).keywords})


# ------------------------------------------------------------------ sorceries and instants

# Recall: X target cards in the caster's graveyard are chosen on casting; as it
# resolves the caster chooses and discards X cards (all the hand if fewer;
# the printed "Choose and discard X cards:" read as in its Oracle wording, a
# part of the effect: the discarded cards cannot be among the targets, which
# were chosen before), then one target per card discarded returns to the hand;
# Recall is removed from the game.
def _recall(g: Any, ctx: Any) -> Any:
    p = ctx.controller
    pl = g.players[p]
    n = 0
    for _ in range(ctx.spell.x):
        if not pl.hand:
            break
        names = sorted({c.name for c in pl.hand})
        ans = yield from g.ask(p, DecisionKind.DISCARD, f"Recall: discard a card ({ctx.spell.x - n} more)",
                               [f"discard {x}" for x in names], about="Recall")
        card = next(c for c in pl.hand if c.name == ans[len("discard "):])
        yield from discard_card(g, p, card)
        n += 1
    for c in [t for t in each_target(ctx) if t.zone == "graveyard"][:n]:
        g.move(c, "hand")
        g.log(f"{c.name} returns from {pl.name}'s graveyard to their hand.")
    card = ctx.spell.card
    if card is not None and card in g.limbo:
        g.move(card, "removed")
        g.log("Recall is removed from the game.")


define("Recall", spell=SpellSpec(_recall, targets=(TargetSpec(
    "target card in your graveyard", kinds(Kind.GRAVEYARD_CARD), lambda g, ctx, c: c.owner == ctx.controller),),
    targets_x=True))

define("Boomerang", spell=SpellSpec(bounce_targets(), targets=(PERMANENT,)))  # "Return target permanent to owner's hand."
define("Acid Rain", spell=SpellSpec(destroy_all(lambda g, c: "forest" in g.chars(c).subtypes
                                                and "land" in g.chars(c).types)))
define("Cleanse", spell=SpellSpec(destroy_all(lambda g, c: "creature" in g.chars(c).types
                                             and COLOR_LETTERS["black"] in g.chars(c).colors)))

__all__: list[str] = []
_ = (CREATURE, permanent_target, ref)
