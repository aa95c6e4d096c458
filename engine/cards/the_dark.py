"""The Dark (DRK): cards not reprinted in Fourth Edition, with their own
printed text (``engine/data/cards.json``)."""
from __future__ import annotations

from typing import Any

from ..carddb import define
from ..decisions import DecisionKind
from ..effects import (ARTIFACT, CREATURE, CREATURE_OR_PLAYER, ENCHANTMENT, PLAYER, creature_where, damage,
                       destroy_all, destroy_targets, each_target, flag_mod, gain_life, keyword_mod,
                       on_source, permanent_target, pump, pump_mod, regeneration, self_only, static_for,
                       tap_targets, until_eot, bounce_targets)
from ..mana import ManaCost
from ..model import Ability, Cost, Event, Kind, ManaAbility, SpellSpec, Static, TargetSpec, Trigger, kinds
from ..objects import Card, Chars, Effect
from ..refs import ref

_BASIC_LAND_TYPES = frozenset({"plains", "island", "swamp", "mountain", "forest"})


def _mana(s: str) -> ManaCost:
    return ManaCost.parse(s)


def _goblin(c: Chars) -> bool:
    return "creature" in c.types and any(s in ("goblin", "goblins") for s in c.subtypes)


# ------------------------------------------------------------------ creatures without abilities
for _name in ("Goblin Hero", "Squire", "Scarwood Goblins", "Marsh Goblins", "Knights of Thorn"):
    define(_name)

define("Drowned", abilities=(regeneration("{B}"),))


# Bog Rats: the flag "unblockable by walls" (also given by Tower of Coireall).
define("Bog Rats", statics=(static_for(self_only, flag_mod("unblockable by walls")),))


# ------------------------------------------------------------------ lands

# Maze of Ith: the attacking creature untaps, and until end of turn it neither
# deals nor is dealt combat damage (a continuous effect reducing such damage to
# 0, as Fog does for all combat damage).
def _maze(g: Any, ctx: Any) -> Any:
    for t in each_target(ctx):
        if not isinstance(t, Card) or t.zone != "battlefield":
            continue
        t.tapped = False
        oid = t.oid
        g.effects.append(Effect(g.stamp(), oid, lambda g2, card, c: None, "eot",
                                applies=lambda g2, card, c: False,
                                hooks={"reduce_damage": lambda g2, pk, oid=oid: pk.combat and (
                                    pk.source_oid == oid or (isinstance(pk.receiver, Card)
                                                             and pk.receiver.oid == oid))}))
        g.log(f"{t.name} untaps; it neither deals nor receives combat damage this turn.")
    return
    yield


_ATTACKING = creature_where("target attacking creature",
                            lambda g, ctx, c: g.combat is not None and g.combat.band_of(c.oid) is not None)
define("Maze of Ith", abilities=(Ability(
    "{T}: Target attacking creature untaps; it neither deals nor receives combat damage this turn",
    Cost(tap=True), _maze, targets=(_ATTACKING,)),))


# ------------------------------------------------------------------ enchantments

# Blood Moon: every non-basic land is a Mountain (a land type change: it has a
# Mountain's text box only, so it taps for {R} and loses its own abilities;
# 002 "Changing Land Types"). Basic lands (also snow-covered ones) are untouched.
def _nonbasic_land(g: Any, src: Card, card: Card, c: Chars) -> bool:
    return "land" in c.types and "basic" not in c.supertypes


def _make_mountain(g: Any, src: Card, card: Card, c: Chars) -> None:
    c.subtypes.difference_update(_BASIC_LAND_TYPES)
    c.subtypes.add("mountain")


define("Blood Moon", statics=(Static(applies=_nonbasic_land, modify=_make_mountain, active=lambda g, src: True,
                                     layer=1),))

define("Hidden Path", statics=(Static(
    applies=lambda g, src, card, c: "creature" in c.types and "G" in c.colors,
    modify=lambda g, src, card, c: c.keywords.add("forestwalk")),))


# ------------------------------------------------------------------ instants and sorceries

define("Riptide", spell=SpellSpec(lambda g, ctx: _tap_all(g, lambda c: "creature" in c.types and "U" in c.colors)))


def _tap_all(g: Any, test: Any) -> Any:
    for c in g.battlefield:
        if test(g.chars(c)) and not c.tapped:
            c.tapped = True
    g.log("All blue creatures become tapped.")
    yield from g.note_taps()


def _all_eot(test: Any, modify: Any, what: str) -> Any:
    """Every creature matching ``test`` now gets ``modify`` until end of turn."""
    def fn(g: Any, ctx: Any) -> Any:
        for c in g.creatures():
            if test(g.chars(c)):
                g.effects.append(Effect(g.stamp(), c.oid, modify, "eot"))
        g.log(what)
        return
        yield
    return fn


define("Holy Light", spell=SpellSpec(_all_eot(lambda c: "W" not in c.colors, pump_mod(-1, -1),
                                              "All non-white creatures get -1/-1 until end of turn.")))
define("Tivadar's Crusade", spell=SpellSpec(destroy_all(lambda g, c: _goblin(g.chars(c)))))


def _remove_targets(g: Any, ctx: Any) -> Any:
    """Each target still in play is removed from the game (Swords to Plowshares' way)."""
    for t in each_target(ctx):
        if isinstance(t, Card) and t.zone == "battlefield":
            g.move(t, "removed")
            g.log(f"{t.name} is removed from the game.")
    return
    yield


define("Dust to Dust", spell=SpellSpec(_remove_targets, targets=(ARTIFACT, ARTIFACT)))


# ------------------------------------------------------------------ creatures with abilities

def _black_creature(g: Any, ctx: Any, c: Card) -> bool:
    return "B" in g.chars(c).colors


define("Exorcist", abilities=(Ability("{1}{W}, {T}: Destroy target black creature", Cost(_mana("{1}{W}"), tap=True),
                                      destroy_targets(), targets=(creature_where("target black creature",
                                                                                 _black_creature),)),))
define("Merfolk Assassin", abilities=(Ability(
    "{T}: Destroy target creature that has islandwalk", Cost(tap=True), destroy_targets(),
    targets=(creature_where("target creature with islandwalk",
                            lambda g, ctx, c: "islandwalk" in g.chars(c).keywords),)),))
define("Goblin Digging Team", abilities=(Ability(
    "{T}, Sacrifice Goblin Digging Team: Destroy target Wall", Cost(tap=True, sacrifice_self=True),
    destroy_targets(), targets=(creature_where("target Wall", lambda g, ctx, c: "wall" in g.chars(c).subtypes),)),))
define("Scavenger Folk", abilities=(Ability(
    "{G}, {T}, Sacrifice Scavenger Folk: Destroy target artifact", Cost(_mana("{G}"), tap=True, sacrifice_self=True),
    destroy_targets(), targets=(ARTIFACT,)),))
define("Savaen Elves", abilities=(Ability(
    "{G}{G}, {T}: Destroy target Enchant Land", Cost(_mana("{G}{G}"), tap=True), destroy_targets(),
    targets=(permanent_target("target Enchant Land", lambda g, ctx, c: "enchantment" in g.chars(c).types
                              and c.cdef.type_line.startswith("Enchant Land")),)),))


def _on_own_creature(g: Any, ctx: Any, c: Card) -> bool:
    host = g.enchanted(c) if "enchantment" in g.chars(c).types else None
    return host is not None and g.is_creature(host) and g.controller(host) == ctx.controller


define("Miracle Worker", abilities=(Ability(
    "{T}: Destroy target enchantment on a creature you control", Cost(tap=True), destroy_targets(),
    targets=(permanent_target("target enchantment on a creature you control", _on_own_creature),)),))

define("Witch Hunter", abilities=(
    Ability("{T}: Witch Hunter deals 1 damage to target player", Cost(tap=True), damage(1), targets=(PLAYER,)),
    Ability("{1}{W}{W}, {T}: Return target creature an opponent controls to its owner's hand",
            Cost(_mana("{1}{W}{W}"), tap=True), bounce_targets(),
            targets=(creature_where("target creature an opponent controls",
                                    lambda g, ctx, c: g.controller(c) != ctx.controller),)),
))


def _self_damage(n: int) -> Any:
    """The source deals ``n`` damage to its controller (Wormwood Treefolk, Electric Eel)."""
    def fn(g: Any, ctx: Any) -> Any:
        src = ctx.source
        if src is not None and src.zone == "battlefield":
            g.deal_damage(src, g.players[g.controller(src)], n)
        else:
            g.deal_damage(ctx.spell, g.players[ctx.controller], n)
        return
        yield
    return fn


def _and(*fns: Any) -> Any:
    def fn(g: Any, ctx: Any) -> Any:
        for f in fns:
            yield from f(g, ctx)
    return fn


define("Wormwood Treefolk", abilities=(
    Ability("{G}{G}: Wormwood Treefolk gains forestwalk until end of turn and deals 2 damage to you",
            Cost(_mana("{G}{G}")), _and(on_source(until_eot(keyword_mod("forestwalk"))), _self_damage(2))),
    Ability("{B}{B}: Wormwood Treefolk gains swampwalk until end of turn and deals 2 damage to you",
            Cost(_mana("{B}{B}")), _and(on_source(until_eot(keyword_mod("swampwalk"))), _self_damage(2))),
))


def _lose_keyword(kw: str) -> Any:
    def m(g: Any, card: Card, c: Chars) -> None:
        c.keywords.discard(kw)
    return m


define("Scarwood Hag", abilities=(
    Ability("{G}{G}{G}{G}, {T}: Target creature gains forestwalk until end of turn",
            Cost(_mana("{G}{G}{G}{G}"), tap=True), until_eot(keyword_mod("forestwalk")), targets=(CREATURE,)),
    Ability("{T}: Target creature loses forestwalk until end of turn", Cost(tap=True),
            until_eot(_lose_keyword("forestwalk")), targets=(CREATURE,)),
))

# Electric Eel: 1 damage to its controller as it comes into play, and with each pump.
define("Electric Eel", on_enter=_self_damage(1), abilities=(Ability(
    "{R}{R}: +2/+0 until end of turn; Electric Eel deals 1 damage to you", Cost(_mana("{R}{R}")),
    _and(on_source(pump(2, 0)), _self_damage(1))),))


def _opponent_has_island(g: Any, card: Card, c: Chars) -> bool:
    return bool(g.permanents(1 - c.controller, subtype="island"))


define("Water Wurm", statics=(static_for(lambda g, src, card, c: src is card and _opponent_has_island(g, card, c),
                                         pump_mod(0, 1)),))


def _people(g: Any, card: Card, c: Chars) -> None:
    c.toughness = len(g.permanents(c.controller, subtype="forest"))


define("People of the Woods", statics=(static_for(self_only, _people, layer=3),))


# Elves of Deep Shadow: the damage comes with the mana (a triggered effect of
# tapping it for mana: no interrupting the mana, the damage has its prevention step).
def _deep_shadow(g: Any, ctx: Any) -> Any:
    g.deal_damage(ctx.source, g.players[g.controller(ctx.source)], 1)
    return
    yield


define("Elves of Deep Shadow", mana_abilities=(ManaAbility("B"),),
       triggers=(Trigger(Event.TAPPED_FOR_MANA, _deep_shadow, condition=lambda g, src, d: d["card"] is src),))

# ------------------------------------------------------------------ artifacts

define("Fountain of Youth", abilities=(Ability("{2}, {T}: Gain 1 life", Cost(_mana("{2}"), tap=True), gain_life(1)),))
define("Bone Flute", abilities=(Ability("{2}, {T}: All creatures get -1/-0 until end of turn",
                                        Cost(_mana("{2}"), tap=True),
                                        _all_eot(lambda c: True, pump_mod(-1, 0),
                                                 "All creatures get -1/-0 until end of turn.")),))
define("Tower of Coireall", abilities=(Ability(
    "{T}: Target creature cannot be blocked by Walls this turn", Cost(tap=True),
    until_eot(flag_mod("unblockable by walls")), targets=(CREATURE,)),))
