"""Black cards."""
from __future__ import annotations

from typing import Any

from ..carddb import define
from ..effects import (CREATURE, CREATURE_OR_PLAYER, LAND, SPELL_OR_PERMANENT, aura, change_color, creature_where,
                       destroy_targets, during_upkeep, on_source, regeneration, each_target, flag_mod, keyword_mod, pump, pump_mod,
                       static_for, self_only)
from ..mana import COLOR_LETTERS, ManaCost
from ..model import Ability, Cost, Event, SpellSpec, Static, Trigger
from ..objects import Card, Chars, Player

for _name in ("Scathe Zombies", "Black Knight", "Bog Wraith"):
    define(_name)


define("Drudge Skeletons", abilities=(regeneration("{B}"),))
define("Frozen Shade", abilities=(Ability("{B}: +1/+1 until end of turn", Cost(ManaCost.parse("{B}")),
                                          on_source(pump(1, 1))),))


def _not_black_artifact(g: Any, ctx: Any, c: Card) -> bool:
    ch = g.chars(c)
    black = COLOR_LETTERS[g.word(ctx.spell.card if ctx.spell else None, "black")]
    return black not in ch.colors and "artifact" not in ch.types


define("Terror", spell=SpellSpec(destroy_targets(bury=True),
                                 targets=(creature_where("target non-black, non-artifact creature",
                                                         _not_black_artifact),)))
define("Unholy Strength", enchant=CREATURE, statics=(aura(pump_mod(2, 1)),))
define("Fear", enchant=CREATURE, statics=(aura(keyword_mod("fear")),))
define("Deathlace", spell=SpellSpec(change_color("black"), targets=(SPELL_OR_PERMANENT,)))
define("Evil Presence", enchant=LAND, statics=(Static(
    applies=lambda g, src, card, c: src.attached_to == card.oid,
    modify=lambda g, src, card, c: (c.subtypes.difference_update({"plains", "island", "swamp", "mountain", "forest"}),
                                    c.subtypes.add("swamp")),
    active=lambda g, src: True, layer=1),))


# Drain Life: 1 damage per {B} paid beyond the cost; gain what was dealt (at most
# the creature's toughness or the player's life). The damage goes through its
# prevention step first, so the gain counts only what was really dealt.
def _drain(g: Any, ctx: Any) -> Any:
    t = ctx.target
    if t is None:
        return
    cap = t.life if isinstance(t, Player) else (g.chars(t).toughness or 0)
    g.deal_damage(ctx.spell, t, ctx.x)
    packets = [pk for pk in g.pending_damage if pk.receiver is t and pk.source_name == ctx.spell.name]
    yield from g.prevention_step()
    dealt = sum(pk.amount for pk in packets)
    g.gain_life(ctx.controller, max(0, min(dealt, cap)))


define("Drain Life", spell=SpellSpec(_drain, targets=(CREATURE_OR_PLAYER,)), hooks={"x_color": "B"})

define("Royal Assassin", abilities=(Ability(
    "{T}: Destroy target tapped creature", Cost(tap=True), destroy_targets(),
    targets=(creature_where("target tapped creature", lambda g, ctx, c: c.tapped),)),))


def _queen(g: Any, ctx: Any) -> Any:
    from ..effects import set_pt_mod, until_eot
    yield from until_eot(set_pt_mod(0, 2))(g, ctx)


define("Sorceress Queen", abilities=(Ability(
    "{T}: Target creature other than Sorceress Queen becomes 0/2 until end of turn", Cost(tap=True), _queen,
    targets=(creature_where("target creature other than Sorceress Queen", lambda g, ctx, c: c is not ctx.source),)),))


def _specter(g: Any, ctx: Any) -> Any:
    pk = ctx.data["packet"]
    victim = pk.receiver
    if victim.hand:
        card = g.rng.choice(victim.hand)
        g.move(card, "graveyard")
        g.log(f"{victim.name} discards {card.name} at random (Hypnotic Specter).")
    return
    yield


define("Hypnotic Specter", triggers=(Trigger(
    Event.DAMAGE_DEALT, _specter,
    condition=lambda g, src, d: (d["packet"].source_oid == src.oid and isinstance(d["packet"].receiver, Player)
                                 and d["packet"].receiver.idx != g.controller(src) and d["packet"].amount > 0)),))


# Sengir Vampire: +1/+1 counter when a creature it damaged this turn goes to the graveyard.
def _sengir(g: Any, ctx: Any) -> Any:
    ctx.source.counters["+1/+1"] = ctx.source.counters.get("+1/+1", 0) + 1
    g.log("Sengir Vampire gets a +1/+1 counter.")
    return
    yield


define("Sengir Vampire", triggers=(Trigger(
    Event.TO_GRAVEYARD, _sengir,
    condition=lambda g, src, d: d["was_creature"] and src.oid in d["damaged_by"]),))


def _nightmare(g: Any, src: Card, card: Card, c: Chars) -> None:
    n = len(g.permanents(g.controller(card), subtype="swamp"))
    c.power, c.toughness = n, n


define("Nightmare", statics=(static_for(self_only, lambda g, card, c: _nightmare(g, card, card, c), layer=3),))


def _uncle(g: Any, src: Card, pk: Any) -> bool:
    return isinstance(pk.receiver, Card) and pk.receiver is src and "creature" in pk.source_types


define("Uncle Istvan", hooks={"reduce_damage": _uncle})


# Pestilence
def _pestilence(g: Any, ctx: Any) -> Any:
    for p in (g.active, 1 - g.active):
        g.deal_damage(ctx.spell, g.players[p], 1)
    for c in g.creatures():
        g.deal_damage(ctx.spell, c, 1)
    return
    yield


def _pestilence_eot(g: Any, ctx: Any) -> Any:
    if not g.creatures():
        g.destroy(ctx.source, bury=True)
    return
    yield


define("Pestilence",
       abilities=(Ability("{B}: 1 damage to each creature and each player", Cost(ManaCost.parse("{B}")), _pestilence),),
       triggers=(Trigger(Event.END_OF_TURN, _pestilence_eot),))


# Cursed Land: 1 damage to the land's controller during their upkeep.
def _cursed(g: Any, ctx: Any) -> Any:
    host = g.enchanted(ctx.source)
    if host is not None:
        g.deal_damage(ctx.source, g.players[g.controller(host)], 1)
    return
    yield


_cl_ab, _cl_end = during_upkeep("Cursed Land deals 1 damage to the land's controller", _cursed,
                                whose="enchanted controller")
define("Cursed Land", enchant=LAND, abilities=(_cl_ab,), hooks={"end_of_upkeep": _cl_end})


# Paralyze: the creature does not untap; its controller may pay {4} during upkeep to untap it.
def _untap_host(g: Any, ctx: Any) -> Any:
    host = g.enchanted(ctx.source)
    if host is not None:
        host.tapped = False
        g.log(f"{host.name} untaps.")
    return
    yield


def _paralyze_enter(g: Any, ctx: Any) -> Any:
    host = g.enchanted(ctx.source)
    if host is not None:
        host.tapped = True
    return
    yield


define("Paralyze", enchant=CREATURE, on_enter=_paralyze_enter,
       statics=(aura(flag_mod("doesn't untap")),),
       abilities=(Ability("Pay {4} during your upkeep to untap the creature", Cost(ManaCost.parse("{4}")),
                          _untap_host, who="enchanted controller",
                          condition=lambda g, c: g.phase == "upkeep" and g.enchanted(c) is not None
                          and g.controller(g.enchanted(c)) == g.active),))


# Lord of the Pit: during your upkeep, sacrifice a creature other than it, or it deals 7 damage to you.
def _lord_demand(g: Any, src: Card, p: int) -> list[Card]:
    if g.controller(src) != p or g.active != p or g.phase != "upkeep" or src.phase_uses.get(g.phase_key()):
        return []
    return [c for c in g.creatures(p) if c is not src]


def _lord_end(g: Any, src: Card) -> Any:
    from ..decisions import DecisionKind
    from ..refs import ref
    p = g.controller(src)
    if p != g.active or src.phase_uses.get(g.phase_key()):
        return
    victims = _lord_demand(g, src, p)
    src.phase_uses[g.phase_key()] = 1
    if victims:
        ans = yield from g.ask(p, DecisionKind.SACRIFICE, "Lord of the Pit: sacrifice a creature",
                               [f"sacrifice {ref(g, c)}" for c in victims], about=src.name)
        victim = victims[[f"sacrifice {ref(g, c)}" for c in victims].index(ans)]
        yield from g.put_in_graveyard([victim], how="sacrifice")
    else:
        g.deal_damage(src, g.players[p], 7)
    yield from g.settle()


define("Lord of the Pit", hooks={"sacrifice_demand": _lord_demand, "end_of_upkeep": _lord_end})


def _skeleton_ship(g: Any, ctx: Any) -> Any:
    for t in each_target(ctx):
        t.counters["-1/-1"] = t.counters.get("-1/-1", 0) + 1
        g.log(f"{t.name} gets a -1/-1 counter.")
    return
    yield


def _no_islands(g: Any, c: Card) -> bool:
    return not g.permanents(g.controller(c), subtype="island")


define("Skeleton Ship", hooks={"state": _no_islands},
       abilities=(Ability("{T}: Put a -1/-1 counter on target creature", Cost(tap=True), _skeleton_ship,
                          targets=(CREATURE,)),))

_ = (Event, Trigger)
