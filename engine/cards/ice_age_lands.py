"""Ice Age (ICE) lands, each as its printed text says (the Fifth Edition
printing for the painlands, the Ice Age one for the others).

Painlands (Adarkar Wastes, Brushland, Karplusan Forest, Sulfurous Springs,
Underground River): "{T}: Add one colorless mana" or "{T}: Add {W} or {U};
it deals 1 damage to you": one mana source making C or either color; the
damage comes with the colored mana (a triggered effect of tapping it for
mana, as Elves of Deep Shadow's: the mana cannot be interrupted, the damage
has its damage prevention step). Automatic payment (``Game._mana_preference``)
taps a source with such a trigger after every other source, and pays generic
mana from it with its colorless mana: a painland hurts only when its color
is needed or asked for (``tap Brushland for G``).

Depletion lands (Land Cap, Lava Tubes, River Delta, Timberline Ridge, Veldt):
either color, a depletion counter put on as the mana is made; with any
depletion counter the land does not untap in its controller's untap phase,
and one counter comes off as their upkeep begins (after the untap phase): a
land tapped in one turn skips the next untap and untaps the turn after.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..carddb import define
from ..ctx import Ctx
from ..effects import add_counters, cumulative_upkeep, creature_where, each_target, flag_mod, self_only, static_for
from ..effects import while_source_tapped
from ..hooks import Hooks
from ..model import Ability, Cost, Event, Gen, ManaAbility, Trigger
from ..objects import Card, Chars

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game


# ------------------------------------------------------------------ painlands

def _pain(g: Game, ctx: Ctx) -> Gen:
    g.deal_damage(ctx.source, ctx.me, 1)
    return
    yield


def _colored_mana_of(g: Game, src: Card, d: dict[str, object]) -> bool:
    return d["card"] is src and d["symbol"] != "C"


for _name, _colors in (("Adarkar Wastes", "WU"), ("Brushland", "GW"), ("Karplusan Forest", "RG"),
                       ("Sulfurous Springs", "BR"), ("Underground River", "UB")):
    define(_name, mana_abilities=(ManaAbility("C" + _colors),),
           triggers=(Trigger(Event.TAPPED_FOR_MANA, _pain, condition=_colored_mana_of),))


# ------------------------------------------------------------------ depletion lands

def _deplete(g: Game, ctx: Ctx) -> Gen:
    add_counters(g, ctx.source, "depletion", 1)
    return
    yield


def _undeplete(g: Game, ctx: Ctx) -> Gen:
    add_counters(g, ctx.source, "depletion", -1)
    return
    yield


def _depleted(g: Game, card: Card, c: Chars) -> None:
    if card.counters.get("depletion", 0):
        c.flags.add("doesn't untap")


for _name, _colors in (("Land Cap", "WU"), ("Lava Tubes", "BR"), ("River Delta", "UB"),
                       ("Timberline Ridge", "RG"), ("Veldt", "WG")):
    define(_name, mana_abilities=(ManaAbility(_colors),), statics=(static_for(self_only, _depleted),), triggers=(
        Trigger(Event.TAPPED_FOR_MANA, _deplete, condition=lambda g, src, d: d["card"] is src),
        Trigger(Event.BEGIN_UPKEEP, _undeplete,
                condition=lambda g, src, d: d["player"] == g.controller(src) and src.counters.get("depletion", 0) > 0)))


# ------------------------------------------------------------------ Ice Floe

def _ice_floe(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        t.tapped = True
        g.log(f"{t.name} is tapped; it does not untap as long as Ice Floe remains tapped.")
    yield from while_source_tapped(flag_mod("doesn't untap"))(g, ctx)
    yield from g.note_taps()


_ATTACKING_YOU_NO_FLYING = creature_where(
    "target creature without flying that is attacking you",
    lambda g, ctx, c: g.combat is not None and c.oid in g.combat.attackers() and g.combat.defender == ctx.controller
    and "flying" not in g.chars(c).keywords)

define("Ice Floe", hooks=Hooks(may_stay_tapped=lambda g, c: True), abilities=(Ability(
    "{T}: Tap target creature without flying that is attacking you. As long as Ice Floe remains tapped, that "
    "creature does not untap during its controller's untap phase", Cost(tap=True), _ice_floe,
    targets=(_ATTACKING_YOU_NO_FLYING,)),))


# ------------------------------------------------------------------ Halls of Mist

# Halls of Mist: "No creature can attack if it attacked during its
# controller's last turn" (Game.attacked_last_turn: the controller's turn before
# this one, extra turns counted; a creature that attacked under another
# player's control is free to attack).
_hm_ab, _hm_end = cumulative_upkeep(mana="{1}")
define("Halls of Mist", abilities=(_hm_ab,), hooks=Hooks(
    end_of_upkeep=_hm_end, attack_restriction=lambda g, src, attacker: not g.attacked_last_turn(attacker)))
