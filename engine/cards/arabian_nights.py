"""Arabian Nights (ARN): the cards of the 1993 expansion.

Each card does what the printed text of its latest old printing says (the
``text`` of ``engine/data/cards.json``: Chronicles or Fifth Edition wording
where the card was reprinted there), with the Fifth Edition rules. Where the
text leaves a point open the choice is written next to the card.
"""
from __future__ import annotations

from typing import Any

from ..carddb import define
from ..decisions import DecisionKind
from ..effects import (CREATURE, CREATURE_OR_PLAYER, aura, creature_where, damage, destroy_targets, discard_card,
                       during_upkeep, each_target, keyword_mod, permanent_target, pump, self_only, static_for,
                       until_eot)
from ..mana import ManaCost
from ..model import Ability, Cost, Event, ManaAbility, SpellSpec, Trigger
from ..objects import Card, Chars, Effect
from ..refs import ref
from .white import _combat_pump

# ------------------------------------------------------------------ keyword creatures

# Flying Men (flying), Stone-Throwing Devils (first strike), Moorish Cavalry
# (trample), War Elephant (banding, trample), Repentant Blacksmith (protection
# from red): their keyword lines are read from the card text.
for _name in ("Flying Men", "Stone-Throwing Devils", "Moorish Cavalry", "War Elephant", "Repentant Blacksmith"):
    define(_name)


# ------------------------------------------------------------------ white

define("Army of Allah", spell=SpellSpec(_combat_pump("attacking", 2, 0)))

define("King Suleiman", abilities=(Ability(
    "{T}: Destroy target Efreet or Djinn", Cost(tap=True), destroy_targets(),
    targets=(creature_where("target Efreet or Djinn",
                            lambda g, ctx, c: bool(g.chars(c).subtypes & {"efreet", "djinn"})),)),))


# ------------------------------------------------------------------ blue

define("Fishliver Oil", enchant=CREATURE, statics=(aura(keyword_mod("islandwalk")),))


def _damage_to_controller(n: int) -> Any:
    """The source deals ``n`` damage to its controller (Serendib Efreet, Juzám Djinn)."""
    def fn(g: Any, ctx: Any) -> Any:
        g.deal_damage(ctx.source, ctx.me, n)
        return
        yield
    return fn


_se_ab, _se_end = during_upkeep("Serendib Efreet deals 1 damage to you", _damage_to_controller(1))
define("Serendib Efreet", abilities=(_se_ab,), hooks={"end_of_upkeep": _se_end})


# ------------------------------------------------------------------ black

_jd_ab, _jd_end = during_upkeep("Juzám Djinn deals 1 damage to you", _damage_to_controller(1))
define("Juzám Djinn", abilities=(_jd_ab,), hooks={"end_of_upkeep": _jd_end})


# ------------------------------------------------------------------ red

def _kird_ape(g: Any, card: Card, c: Chars) -> None:
    # "if you have any forests in play": any permanent with the land type
    # forest that its controller controls (a land made a Forest counts)
    if c.power is not None and g.permanents(c.controller, subtype="forest"):
        c.power += 1
        c.toughness = (c.toughness or 0) + 2


define("Kird Ape", statics=(static_for(self_only, _kird_ape),))


# ------------------------------------------------------------------ green

def _erhnam(g: Any, ctx: Any) -> Any:
    """The target gains forestwalk until the Djinn's controller's next turn
    begins: the effect lasts while it is not yet that player's turn again."""
    me, start = ctx.controller, g.turn
    for t in each_target(ctx):
        if isinstance(t, Card):
            g.effects.append(Effect(g.stamp(), t.oid, keyword_mod("forestwalk"), "forever",
                                    condition=lambda g2: g2.turn == start or g2.active != me))
            g.log(f"{t.name} gains forestwalk until {ctx.me.name}'s next turn.")
    return
    yield


_ERHNAM_TARGET = creature_where("target non-wall creature an opponent controls",
                                lambda g, ctx, c: g.controller(c) != ctx.controller and "wall" not in g.chars(c).subtypes)
_erhnam_ab = Ability("During your upkeep, target non-wall creature an opponent controls gains forestwalk "
                     "until your next turn", Cost(), _erhnam, targets=(_ERHNAM_TARGET,),
                     condition=lambda g, c: g.phase == "upkeep" and g.step == "upkeep" and g.controller(c) == g.active,
                     once_per_phase=True)


def _erhnam_end(g: Any, card: Card) -> Any:
    """Mandatory: if not done during upkeep, the controller must choose the
    target when upkeep ends; with no legal target it is ignored (the text)."""
    p = g.controller(card)
    if p != g.active or card.phase_uses.get(g.phase_key()) or card.zone != "battlefield":
        return
    for _ in range(20):  # cancelling the choice asks again: it cannot be declined
        if card.phase_uses.get(g.phase_key()) or not g.ability_usable(p, card, _erhnam_ab, DecisionKind.UPKEEP, None):
            return
        spell = yield from g.activate(p, card, _erhnam_ab, DecisionKind.UPKEEP, None)
        if spell is not None:
            yield from g.resolve(spell)
            return


define("Erhnam Djinn", abilities=(_erhnam_ab,), hooks={"end_of_upkeep": _erhnam_end})

define("Wyluli Wolf", abilities=(Ability("{T}: Target creature gets +1/+1 until end of turn", Cost(tap=True),
                                         pump(1, 1), targets=(CREATURE,)),))


def _power_zero(g: Any, card: Card, c: Chars) -> None:
    c.power = 0


_ATTACKING = creature_where("target attacking creature",
                            lambda g, ctx, c: g.combat is not None and c.oid in g.combat.attackers())

define("Singing Tree", abilities=(Ability("{T}: Reduce target attacking creature's power to 0 until end of turn",
                                          Cost(tap=True), until_eot(_power_zero), targets=(_ATTACKING,)),))


def _ifh_biff(g: Any, ctx: Any) -> Any:
    for pl in (g.players[g.active], g.players[g.nonactive]):
        g.deal_damage(ctx.spell, pl, 1)
    for c in g.creatures():
        if g.has(c, "flying"):
            g.deal_damage(ctx.spell, c, 1)
    return
    yield


# "any player can pay {G}": an ability anyone may use, not tapping the Efreet
# (so usable while it is summoning sick, as the text says).
define("Ifh-Bíff Efreet", abilities=(Ability(
    "{G}: Ifh-Bíff Efreet deals 1 damage to each player and each flying creature", Cost(ManaCost.parse("{G}")),
    _ifh_biff, who="any"),))


# ------------------------------------------------------------------ lands

def _city_of_brass(g: Any, ctx: Any) -> Any:
    g.deal_damage(ctx.source, ctx.me, 1)
    return
    yield


define("City of Brass", mana_abilities=(ManaAbility("WUBRG"),), triggers=(
    Trigger(Event.BECOMES_TAPPED, _city_of_brass, condition=lambda g, src, d: d.get("card") is src),))


def _draw_one(g: Any, ctx: Any) -> Any:
    yield from g.draw(ctx.controller, 1)
    g.log(f"{ctx.me.name} draws a card ({ctx.source_name}).")


# The hand size is checked when the ability is used (its cost is paid then).
define("Library of Alexandria", mana_abilities=(ManaAbility("C"),), abilities=(Ability(
    "{T}: Draw a card. Use this ability only if you have exactly seven cards in hand", Cost(tap=True), _draw_one,
    condition=lambda g, c: len(g.players[g.controller(c)].hand) == 7),))


def _bazaar(g: Any, ctx: Any) -> Any:
    """Draw two, then discard three (the whole hand if fewer): one effect, so
    nothing can be cast between the drawing and the discarding."""
    p = ctx.controller
    pl = g.players[p]
    yield from g.draw(p, 2)
    g.log(f"{pl.name} draws two cards (Bazaar of Baghdad).")
    for i in range(3):
        if not pl.hand:
            break
        names = sorted({c.name for c in pl.hand})
        ans = yield from g.ask(p, DecisionKind.DISCARD, f"Bazaar of Baghdad: discard a card ({i + 1} of 3)",
                               [f"discard {n}" for n in names], about="Bazaar of Baghdad")
        card = next(c for c in pl.hand if c.name == ans[len("discard "):])
        yield from discard_card(g, p, card)


define("Bazaar of Baghdad", abilities=(Ability("{T}: Draw two cards, then discard three cards", Cost(tap=True),
                                               _bazaar),))

# Desert: "do 1 damage to an attacking creature after it deals its damage":
# used at the end of combat (after all combat damage), on a creature that
# attacked this turn (Fifth Edition's wording: "at end of combat").
define("Desert", mana_abilities=(ManaAbility("C"),), abilities=(Ability(
    "{T}: Desert deals 1 damage to target attacking creature. Use this ability only at end of combat",
    Cost(tap=True), damage(1), targets=(_ATTACKING,), condition=lambda g, c: g.step == "end of combat"),))

_ = (CREATURE_OR_PLAYER, permanent_target)
