"""Blue cards."""
from __future__ import annotations

from typing import Any

from ..carddb import define
from ..effects import (CREATURE, LAND, PERMANENT, PLAYER, SPELL, SPELL_OR_PERMANENT, aura, bounce_targets,
                       change_color, colored_permanent, colored_spell, counter_target, destroy_targets,
                       each_target, flag_mod, grant, keyword_mod, permanent_target, pump_mod)
from ..mana import COLOR_NAMES
from ..model import Announce, Event, Mode, SpellSpec, Static, Trigger
from ..objects import Card, Chars, Player, Spell

for _name in ("Merfolk of the Pearl Trident", "Air Elemental"):
    define(_name)

define("Counterspell", spell=SpellSpec(counter_target(), targets=(SPELL,)))
define("Spell Blast", spell=SpellSpec(counter_target(), targets=(SPELL,),
                                      x_from_target=lambda g, ctx: ctx.target.card.cdef.cost.converted
                                      if ctx.target is not None and ctx.target.card is not None else 0))
define("Blue Elemental Blast", spell=SpellSpec(modes=(
    Mode("Counter target red spell", (colored_spell("red"),), counter_target(), interrupts=True),
    Mode("Destroy target red permanent", (colored_permanent("red"),), destroy_targets()),
)))
define("Thoughtlace", spell=SpellSpec(change_color("blue"), targets=(SPELL_OR_PERMANENT,)))
define("Jump", spell=SpellSpec(grant("flying"), targets=(CREATURE,)))
define("Unsummon", spell=SpellSpec(bounce_targets(), targets=(CREATURE,)))
define("Flight", enchant=CREATURE, statics=(aura(keyword_mod("flying")),))


def _twiddle(g: Any, ctx: Any) -> Any:
    tap = ctx.chosen("choice", "tap") == "tap"
    for t in each_target(ctx):
        t.tapped = tap
        g.log(f"{t.name} is {'tapped' if tap else 'untapped'}.")
    return
    yield


define("Twiddle", spell=SpellSpec(
    _twiddle, targets=(permanent_target("target land, artifact or creature",
                                        lambda g, ctx, c: bool(g.chars(c).types & {"land", "artifact", "creature"})),),
    announce=(Announce("choice", "tap or untap", lambda g, ctx: ["tap", "untap"]),)))


def _mana_short(g: Any, ctx: Any) -> Any:
    for p in each_target(ctx):
        p.pool.clear()
        for c in g.permanents(p.idx, type_="land"):
            c.tapped = True
        g.log(f"{p.name}'s mana pool is emptied and lands tapped.")
    return
    yield


define("Mana Short", spell=SpellSpec(_mana_short, targets=(PLAYER,)))


def _control(g: Any, src: Card, card: Card, c: Chars) -> None:
    c.controller = g.controller(src)


define("Control Magic", enchant=CREATURE,
       statics=(Static(applies=lambda g, src, card, c: src.attached_to == card.oid,
                       modify=lambda g, src, card, c: setattr(c, "controller", src.controller),
                       active=lambda g, src: True, layer=0),))


# Backfire: 1 damage to the creature's controller for each 1 damage it deals to you.
def _backfire(g: Any, ctx: Any) -> Any:
    pk = ctx.data["packet"]
    host = g.find(ctx.source.attached_to) if ctx.source.attached_to else None
    victim = g.controller(host) if host is not None else pk.source_controller
    g.deal_damage(ctx.source, g.players[victim], pk.amount)
    return
    yield


define("Backfire", enchant=CREATURE, triggers=(Trigger(
    Event.DAMAGE_DEALT, _backfire,
    condition=lambda g, src, d: (d["packet"].source_oid == src.attached_to and isinstance(d["packet"].receiver, Player)
                                 and d["packet"].receiver.idx == src.controller and d["packet"].amount > 0)),))


# Creature Bond: when the creature goes to the graveyard, its toughness in damage to its controller.
def _bond(g: Any, ctx: Any) -> Any:
    d = ctx.data
    g.deal_damage(ctx.source, g.players[d["controller"]], d["toughness"] or 0)
    return
    yield


define("Creature Bond", enchant=CREATURE, triggers=(Trigger(
    Event.TO_GRAVEYARD, _bond,
    condition=lambda g, src, d: d["old"].oid == src.attached_to and d["was_creature"]),))


# Energy Flux: each upkeep, the active player's artifacts are destroyed unless they pay {2} for each.
def _flux_end(g: Any, src: Card) -> Any:
    from ..decisions import DecisionKind
    from ..effects import pay_to_use
    from ..refs import ref
    p = g.active
    for c in g.permanents(p, type_="artifact"):
        if c.zone != "battlefield":
            continue
        paid = yield from pay_to_use(g, p, "{2}", f"Energy Flux: pay {{2}} to keep {ref(g, c)}?", src.name)
        if not paid:
            g.destroy(c)
    yield from g.settle()
    _ = DecisionKind


define("Energy Flux", hooks={"end_of_upkeep": _flux_end})

# Phantasmal Terrain: the land becomes the basic land type chosen on casting.
_LAND_TYPES = ["plains", "island", "swamp", "mountain", "forest"]


def _terrain(g: Any, src: Card, card: Card, c: Chars) -> None:
    choice = src.chosen.get("choice")
    if choice:
        c.subtypes.difference_update(_LAND_TYPES)
        c.subtypes.add(choice)


define("Phantasmal Terrain", enchant=LAND,
       announce=(Announce("choice", "choose a basic land type", lambda g, ctx: list(_LAND_TYPES)),),
       statics=(Static(applies=lambda g, src, card, c: src.attached_to == card.oid, modify=_terrain,
                       active=lambda g, src: True, layer=1),))


# Sleight of Mind: replace one color word with another in a spell's or permanent's text.
_PAIRS = [f"{a}->{b}" for a in COLOR_NAMES.values() for b in COLOR_NAMES.values() if a != b]


def _sleight(g: Any, ctx: Any) -> Any:
    old, new = ctx.chosen("choice", "white->red").split("->")
    for t in each_target(ctx):
        card = t.card if isinstance(t, Spell) else t
        if card is None:
            continue
        card.text_changes[old] = new
        g.log(f"{t.name}'s text now says {new} instead of {old}.")
    return
    yield


define("Sleight of Mind", spell=SpellSpec(
    _sleight, targets=(SPELL_OR_PERMANENT,),
    announce=(Announce("choice", "replace which color word with which", lambda g, ctx: list(_PAIRS)),)))

_ = (PERMANENT, flag_mod)


def _mutation_counter(g: Any, ctx: Any) -> Any:
    host = g.enchanted(ctx.source)
    if host is not None:
        host.counters["-1/-1"] = host.counters.get("-1/-1", 0) + 1
        g.log(f"{host.name} gets a -1/-1 counter (Unstable Mutation).")
    return
    yield


# Unstable Mutation: +3/+3; during each of its controller's upkeeps a -1/-1
# counter, which stays even if the enchantment goes.
from ..effects import during_upkeep  # noqa: E402

_um_ab, _um_end = during_upkeep("Put a -1/-1 counter on the enchanted creature", _mutation_counter,
                                whose="enchanted controller")
define("Unstable Mutation", enchant=CREATURE, statics=(aura(pump_mod(3, 3)),), abilities=(_um_ab,),
       hooks={"end_of_upkeep": _um_end})

from ..effects import damage as _damage  # noqa: E402
from ..effects import CREATURE_OR_PLAYER as _CP  # noqa: E402
from ..model import Ability as _Ability, Cost as _Cost  # noqa: E402

define("Prodigal Sorcerer", abilities=(_Ability("{T}: 1 damage to target creature or player", _Cost(tap=True),
                                                _damage(1), targets=(_CP,)),))


def _serpent_attack(g: Any, c: Card) -> bool:
    return bool(g.permanents(1 - g.controller(c), subtype="island"))


define("Sea Serpent", hooks={"can_attack": _serpent_attack,
                             "state": lambda g, c: not g.permanents(g.controller(c), subtype="island")})
