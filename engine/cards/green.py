"""Green cards."""
from __future__ import annotations

from typing import Any

from ..carddb import define
from ..effects import (CREATURE, SPELL_OR_PERMANENT, aura, change_color, during_upkeep, each_target, flag_mod,
                       keyword_mod, pump, regeneration, on_enchanted)
from ..model import Event, ManaAbility, SpellSpec, Trigger
from ..objects import Card

for _name in ("Grizzly Bears", "Craw Wurm", "Ironroot Treefolk", "Scryb Sprites", "Shanodin Dryads",
              "War Mammoth"):
    define(_name)

define("Giant Spider", keywords=("can block flying",))
define("Deadly Insect", keywords=("untargetable",))
define("Llanowar Elves", mana_abilities=(ManaAbility("G"),))
define("Wall of Brambles", abilities=(regeneration("{G}"),))
define("Giant Growth", spell=SpellSpec(pump(3, 3), targets=(CREATURE,)))
define("Lifelace", spell=SpellSpec(change_color("green"), targets=(SPELL_OR_PERMANENT,)))
define("Lure", enchant=CREATURE, statics=(aura(flag_mod("must be blocked by all")),))
define("Regeneration", enchant=CREATURE, abilities=(regeneration("{G}", "Regenerate enchanted creature"),))


def _hurricane(g: Any, ctx: Any) -> Any:
    for p in (g.active, 1 - g.active):
        g.deal_damage(ctx.spell, g.players[p], ctx.x)
    for c in g.creatures():
        if "flying" in g.chars(c).keywords:
            g.deal_damage(ctx.spell, c, ctx.x)
    return
    yield


define("Hurricane", spell=SpellSpec(_hurricane))


# Venom: at end of combat, destroy all non-wall creatures blocking or blocked by the enchanted creature.
def _venom(g: Any, ctx: Any) -> Any:
    cb = ctx.data["combat"]
    host = ctx.source.attached_to
    victims: list[Card] = []
    band = cb.band_of(host)
    if band is not None:
        victims += [g.find(o) for o in cb.blocks.get(band, [])]
    blocked = cb.blocking(host)
    if blocked is not None:
        victims += [g.find(o) for o in cb.bands[blocked]]
    for v in victims:
        if v is not None and "wall" not in g.chars(v).subtypes:
            g.destroy(v)
    return
    yield


define("Venom", enchant=CREATURE, triggers=(Trigger(Event.END_OF_COMBAT, _venom),))


def _wanderlust(g: Any, ctx: Any) -> Any:
    host = g.enchanted(ctx.source)
    if host is not None:
        g.deal_damage(ctx.source, g.players[g.controller(host)], 1)
    return
    yield


_wl_ab, _wl_end = during_upkeep("Wanderlust deals 1 damage to the creature's controller", _wanderlust,
                                whose="enchanted controller")
define("Wanderlust", enchant=CREATURE, abilities=(_wl_ab,), hooks={"end_of_upkeep": _wl_end})

_ = (each_target, keyword_mod, on_enchanted)
