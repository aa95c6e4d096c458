"""Red cards."""
from __future__ import annotations

from typing import Any

from ..carddb import define
from ..effects import (ARTIFACT, CREATURE, CREATURE_OR_PLAYER, LAND, OPPONENT, aura, colored_permanent, colored_spell,
                       counter_target, creature_where, damage, destroy_targets, each_target, flag_mod, grant,
                       keyword_mod, on_enchanted, pump, pump_mod, regeneration, static_for)
from ..mana import ManaCost
from ..model import Ability, Cost, Event, Mode, SpellSpec, Trigger
from ..objects import Card, Chars, Player

for _name in ("Gray Ogre", "Hill Giant", "Hurloon Minotaur", "Mons's Goblin Raiders", "Wall of Stone"):
    define(_name)

define("Lightning Bolt", spell=SpellSpec(damage(3), targets=(CREATURE_OR_PLAYER,)))
define("Stone Rain", spell=SpellSpec(destroy_targets(), targets=(LAND,)))
define("Shatter", spell=SpellSpec(destroy_targets(), targets=(ARTIFACT,)))
define("Red Elemental Blast", spell=SpellSpec(modes=(
    Mode("Counter target blue spell", (colored_spell("blue"),), counter_target(), interrupts=True),
    Mode("Destroy target blue permanent", (colored_permanent("blue"),), destroy_targets()),
)))
define("Giant Strength", enchant=CREATURE, statics=(aura(pump_mod(2, 2)),))
define("Immolation", enchant=CREATURE, statics=(aura(pump_mod(2, -2)),))
define("Firebreathing", enchant=CREATURE, abilities=(Ability(
    "{R}: Enchanted creature gets +1/+0 until end of turn", Cost(ManaCost.parse("{R}")), on_enchanted(pump(1, 0))),))
define("Uthden Troll", abilities=(regeneration("{R}"),))


# Fireball: X damage divided evenly (rounded down) among any number of targets;
# {1} more for each target beyond the first.
def _fireball(g: Any, ctx: Any) -> Any:
    n = len(ctx.targets)
    if n == 0:
        return
    each = ctx.x // n
    for t in each_target(ctx):
        g.deal_damage(ctx.spell, t, each)
    return
    yield


define("Fireball", spell=SpellSpec(_fireball, targets=(CREATURE_OR_PLAYER,), multi_target=True,
                                   extra_cost_per_target=1))


# Disintegrate: X damage; the target cannot regenerate this turn and is
# removed from the game if it receives lethal damage this turn.
def _disintegrate(g: Any, ctx: Any) -> Any:
    for t in each_target(ctx):
        if isinstance(t, Card):
            t.no_regen = True
            t.remove_if_dies = True
        g.deal_damage(ctx.spell, t, ctx.x)
    return
    yield


define("Disintegrate", spell=SpellSpec(_disintegrate, targets=(CREATURE_OR_PLAYER,)))


# Mana Clash: both flip coins until both come up heads; each tails is 1 damage.
def _mana_clash(g: Any, ctx: Any) -> Any:
    opp = ctx.target
    if opp is None:
        return
    me = ctx.me
    tails = {me.idx: 0, opp.idx: 0}
    for _ in range(1000):
        a, b = g.rng.random() < 0.5, g.rng.random() < 0.5
        g.log(f"Mana Clash: {me.name} flips {'heads' if a else 'tails'}, {opp.name} flips {'heads' if b else 'tails'}.")
        if not a:
            tails[me.idx] += 1
        if not b:
            tails[opp.idx] += 1
        if a and b:
            break
    for p in (g.active, 1 - g.active):
        g.deal_damage(ctx.spell, g.players[p], tails[p])
    return
    yield


define("Mana Clash", spell=SpellSpec(_mana_clash, targets=(OPPONENT,)))


def _manabarbs(g: Any, ctx: Any) -> Any:
    land = ctx.data["card"]
    g.deal_damage(ctx.source, g.players[g.controller(land)], 1)
    return
    yield


define("Manabarbs", triggers=(Trigger(Event.TAPPED_FOR_MANA, _manabarbs,
                                      condition=lambda g, src, d: "land" in g.chars(d["card"]).types),))

define("Dwarven Warriors", abilities=(Ability(
    "{T}: Target creature with power no greater than 2 becomes unblockable until end of turn", Cost(tap=True),
    lambda g, ctx: _unblockable(g, ctx),
    targets=(creature_where("target creature with power 2 or less", lambda g, ctx, c: (g.chars(c).power or 0) <= 2),)),))


def _unblockable(g: Any, ctx: Any) -> Any:
    from ..effects import until_eot
    yield from until_eot(flag_mod("unblockable"))(g, ctx)


def _goblin(g: Any, src: Card, card: Card, c: Chars) -> bool:
    return "creature" in c.types and bool(c.subtypes & {"goblin", "goblins"})


define("Goblin King", statics=(static_for(_goblin, lambda g, card, c: (pump_mod(1, 1)(g, card, c),
                                                                      c.keywords.add("mountainwalk"))),))


def _sled_can_attack(g: Any, c: Card) -> bool:
    return bool(g.permanents(1 - g.controller(c), subtype="mountain"))


def _sled_untap(g: Any, src: Card, card: Card, c: Chars) -> None:
    if card.flags.get("attacked_turn") is not None and card.flags["attacked_turn"] >= g.turn - 2:
        c.flags.add("doesn't untap")


def _sled_attacked(g: Any, ctx: Any) -> Any:
    ctx.source.flags["attacked_turn"] = g.turn
    return
    yield


define("Goblin Rock Sled", hooks={"can_attack": _sled_can_attack},
       statics=(static_for(lambda g, src, card, c: src is card, lambda g, card, c: _sled_untap(g, card, card, c)),),
       triggers=(Trigger(Event.ATTACKS, _sled_attacked, condition=lambda g, src, d: d["card"] is src),))

_ = (Player, grant, keyword_mod)
