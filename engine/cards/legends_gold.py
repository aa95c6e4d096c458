"""Legends (LEG): the multicolored cards and the lands.

Every "Summon Legend" (and "Summon Elder Dragon Legend") is a legend and
every "Legendary Land" a legendary land by its type line
(:func:`engine.carddb.parse_type_line`); the legend rule itself, one legend
of a name in play, is a state check (``Game._legend_rule``).
"""
from __future__ import annotations

from ..carddb import define

# Legends with no rules text, or keywords only (read from the text).
for _name in ("Barktooth Warbeard", "Jasmine Boreal", "Jedit Ojanen", "Jerrard of the Closed Fist",
              "Kasimir the Lone Wolf", "Lady Orca", "Sir Shandlar of Eberyn", "Sivitri Scarzam",
              "The Lady of the Mountain", "Tobias Andrion", "Torsten Von Ursus", "Ramirez DePietro"):
    define(_name)

from typing import Any  # noqa: E402

from ..decisions import DecisionKind  # noqa: E402
from ..effects import (bounce_targets, creature_where, destroy_self, discard_card, on_source,  # noqa: E402
                       permanent_target, pump, static_for, upkeep_cost, upkeep_of)
from ..mana import ManaCost  # noqa: E402
from ..model import Ability, Cost, Event, ManaAbility, Trigger  # noqa: E402
from ..objects import Card, Chars, Player  # noqa: E402
from ..refs import ref  # noqa: E402


def _is_legend(g: Any, ctx: Any, c: Card) -> bool:
    return "legend" in g.chars(c).supertypes


# Karakas: "target legend" is any legend in play, as 002 "Legendary Cards"
# uses the word (a Summon Legend, a legend token, a Legendary Land): the
# printed text does not say "creature". Its enchantments are destroyed first
# (they may be regenerated, and go as destroyed, not buried for lack of a host),
# then it returns to its owner's hand.
def _karakas(g: Any, ctx: Any) -> Any:
    for t in ctx.targets:
        if isinstance(t, Card) and t.zone == "battlefield":
            for a in list(g.battlefield):
                if a.attached_to == t.oid and "enchantment" in g.chars(a).types:
                    g.destroy(a)
    yield from bounce_targets()(g, ctx)


define("Karakas", mana_abilities=(ManaAbility("W"),), abilities=(
    Ability("{T}: Return target legend to owner's hand; enchantments on target legend are destroyed",
            Cost(tap=True), _karakas, targets=(permanent_target("target legend", _is_legend),)),))


# Pendelhaven: the target must be a 1/1 creature (its power and toughness now)
# when the ability is played and when it resolves.
def _one_one(g: Any, ctx: Any, c: Card) -> bool:
    ch = g.chars(c)
    return ch.power == 1 and ch.toughness == 1


define("Pendelhaven", mana_abilities=(ManaAbility("G"),), abilities=(
    Ability("{T}: Target 1/1 creature gains +1/+2 until end of turn", Cost(tap=True), pump(1, 2),
            targets=(creature_where("target 1/1 creature", _one_one),)),))


# The Tabernacle at Pendrell Vale: every creature has an upkeep cost of {1}
# ("in addition to any other upkeep costs"), paid by its controller during
# their upkeep, creature by creature, with `activate CREATURE` (the granted
# ability comes after the creature's own). What is not paid when upkeep ends
# is asked then, creature by creature in the order they came into play: pay
# {1} or it is destroyed (regeneration may save it, as it is "destroyed").
# Paid is kept per creature and per upkeep under its own key, apart from the
# creature's own upkeep costs (Elder Dragons pay both).
def _tab_key(g: Any) -> str:
    return f"{g.phase_key()}:tabernacle"


def _tab_paid(g: Any, ctx: Any) -> Any:
    if ctx.source is not None:
        ctx.source.phase_uses[_tab_key(g)] = 1
    return
    yield


_TAB_UPKEEP = Ability("Upkeep (The Tabernacle at Pendrell Vale): pay {1} or this creature is destroyed",
                      Cost(ManaCost.parse("{1}")), _tab_paid,
                      condition=lambda g, c: upkeep_of()(g, c) and not c.phase_uses.get(_tab_key(g)))


def _tab_grant(g: Any, card: Card, c: Chars) -> None:
    c.abilities.append(_TAB_UPKEEP)


def _tab_end(g: Any, tab: Card) -> Any:
    p = g.active
    for c in sorted(g.creatures(p), key=lambda c: c.timestamp):
        if c.zone != "battlefield" or c.phase_uses.get(_tab_key(g)) or g.controller(c) != p:
            continue
        cost = ManaCost.parse("{1}")
        paid = False
        if g.can_afford(p, cost):
            ans = yield from g.ask(p, DecisionKind.UPKEEP, f"The Tabernacle at Pendrell Vale: pay {{1}} for "
                                   f"{c.name} or it is destroyed", [f"activate {ref(g, c)}", "choose no"],
                                   about=tab.name)
            if ans != "choose no":
                spell = yield from g.activate(p, c, _TAB_UPKEEP, DecisionKind.UPKEEP, None)
                if spell is not None:
                    yield from g.resolve(spell)
                paid = bool(c.phase_uses.get(_tab_key(g)))
        if not paid and c.zone == "battlefield":
            c.phase_uses[_tab_key(g)] = 1
            g.log(f"{c.name}'s upkeep for The Tabernacle at Pendrell Vale is not paid: it is destroyed.")
            g.destroy(c)
    yield from g.settle()


define("The Tabernacle at Pendrell Vale",
       statics=(static_for(lambda g, src, card, c: "creature" in c.types, _tab_grant),),
       hooks={"end_of_upkeep": _tab_end})


# ---------------------------------------------------------------- the Elder Dragons
# "During your upkeep, pay {W}{U}{G} or bury X": an upkeep cost (see effects.upkeep_cost).
def _elder(name: str, mana: str) -> tuple[Any, Any]:
    return upkeep_cost(f"During your upkeep, pay {mana} or bury {name}", mana, destroy_self(bury=True))


def _not_attacking_untapped(g: Any, src: Card, card: Card, c: Chars) -> bool:
    if "creature" not in c.types or c.controller != g.controller(src) or card.tapped:
        return False
    return g.combat is None or g.combat.band_of(card.oid) is None


def _plus_0_2(g: Any, card: Card, c: Chars) -> None:
    if c.toughness is not None:
        c.toughness += 2


_arc_ab, _arc_end = _elder("Arcades Sabboth", "{W}{U}{G}")
define("Arcades Sabboth", statics=(static_for(_not_attacking_untapped, _plus_0_2),), abilities=(
    _arc_ab, Ability("{W}: +0/+1 until end of turn", Cost(ManaCost.parse("{W}")), on_source(pump(0, 1)))),
    hooks={"end_of_upkeep": _arc_end})

_pm_ab, _pm_end = _elder("Palladia-Mors", "{W}{R}{G}")
define("Palladia-Mors", abilities=(_pm_ab,), hooks={"end_of_upkeep": _pm_end})

_va_ab, _va_end = _elder("Vaevictis Asmadi", "{B}{R}{G}")
define("Vaevictis Asmadi", abilities=(_va_ab,) + tuple(
    Ability(f"{{{m}}}: +1/+0 until end of turn", Cost(ManaCost.parse(f"{{{m}}}")), on_source(pump(1, 0)))
    for m in "BRG"), hooks={"end_of_upkeep": _va_end})


# Nicol Bolas: whenever it damages an opponent, that player discards their
# whole hand (a forced discard: Library of Leng applies card by card).
def _bolas(g: Any, ctx: Any) -> Any:
    victim = ctx.data["packet"].receiver
    for c in list(victim.hand):
        if c in victim.hand:
            yield from discard_card(g, victim.idx, c)


_nb_ab, _nb_end = _elder("Nicol Bolas", "{U}{B}{R}")
define("Nicol Bolas", abilities=(_nb_ab,), hooks={"end_of_upkeep": _nb_end}, triggers=(Trigger(
    Event.DAMAGE_DEALT, _bolas,
    condition=lambda g, src, d: (d["packet"].source_oid == src.oid and isinstance(d["packet"].receiver, Player)
                                 and d["packet"].receiver.idx != g.controller(src) and d["packet"].amount > 0
                                 and bool(d["packet"].receiver.hand))),))


