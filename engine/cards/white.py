"""White cards."""
from __future__ import annotations

from typing import Any

from ..carddb import define
from ..decisions import DecisionKind
from ..effects import (ARTIFACT_OR_ENCHANTMENT, CREATURE, DAMAGED_CREATURE_OR_PLAYER, PLAYER, aura,
                       destroy_all, destroy_targets, each_target, gain_life, keyword_mod, nothing,
                       prevent_to_target, pump_mod, upkeep_cost, destroy_self)
from ..mana import COLOR_LETTERS, COLOR_NAMES, ManaCost
from ..model import Ability, Announce, Cost, Event, Kind, Mode, SpellSpec, Static, TargetSpec, Trigger, kinds
from ..objects import Card, Chars, Effect, Player

for _name in ("Savannah Lions", "Pearled Unicorn", "Tundra Wolves", "Benalish Hero", "Mesa Pegasus",
              "White Knight"):
    define(_name)

define("Serra Angel", keywords=("does not tap to attack",))

define("Armageddon", spell=SpellSpec(destroy_all(lambda g, c: "land" in g.chars(c).types)))
define("Wrath of God", spell=SpellSpec(destroy_all(lambda g, c: "creature" in g.chars(c).types, bury=True)))
define("Disenchant", spell=SpellSpec(destroy_targets(), targets=(ARTIFACT_OR_ENCHANTMENT,)))

define("Holy Strength", enchant=CREATURE, statics=(aura(pump_mod(1, 2)),))


def _ward(g: Any, card: Card, c: Chars) -> None:
    pass


def _blue_ward_mod(g: Any, src: Card, card: Card, c: Chars) -> None:
    c.keywords.add(f"protection from {g.word(src, 'blue')}")


# "The protection granted by Blue Ward does not destroy Blue Ward."
define("Blue Ward", enchant=CREATURE,
       statics=(Static(applies=lambda g, src, card, c: src.attached_to == card.oid, modify=_blue_ward_mod,
                       active=lambda g, src: True),),
       hooks={"ignores_own_protection": True})


def _cop(color: str, artifact: bool = False) -> None:
    """Circle of Protection: the target is the source of the damage."""
    def test(g: Any, ctx: Any, src: Any) -> bool:
        if artifact:
            return "artifact" in src.types
        word = g.word(ctx.source, color)
        return COLOR_LETTERS[word] in src.colors

    def effect(g: Any, ctx: Any) -> Any:
        for src in each_target(ctx):
            g.prevent(ctx.me, None, source_oid=src.oid, source_name=src.name)
        return
        yield
    what = "artifact source" if artifact else f"{color} source"
    name = "Circle of Protection: Artifacts" if artifact else f"Circle of Protection: {color.capitalize()}"
    define(name, abilities=(Ability(
        f"Prevent all damage against you from one {what}",
        Cost(ManaCost.parse("{2}" if artifact else "{1}")), effect,
        targets=(TargetSpec(f"{what} damaging you", kinds(Kind.SOURCE), test),), prevention=True),))


for _c in ("black", "blue", "red"):
    _cop(_c)
_cop("", artifact=True)


def _conversion(g: Any, src: Card, card: Card, c: Chars) -> None:
    # All mountains become basic plains (a land type change).
    c.subtypes.discard("mountain")
    c.subtypes.add("plains")


_conv_ab, _conv_end = upkeep_cost("During your upkeep, pay {W}{W} or destroy Conversion.", "{W}{W}",
                                  destroy_self())
define("Conversion",
       statics=(Static(applies=lambda g, src, card, c: "land" in c.types and "mountain" in c.subtypes,
                       modify=_conversion, layer=1),),
       abilities=(_conv_ab,), hooks={"end_of_upkeep": _conv_end})


define("Healing Salve", spell=SpellSpec(modes=(
    Mode("Give target player 3 life", (PLAYER,), gain_life(3), not_in_prevention=True),
    Mode("Prevent up to 3 damage to any creature or player", (DAMAGED_CREATURE_OR_PLAYER,),
         prevent_to_target(3), prevention=True, only_in_prevention=True),
)))

define("Samite Healer", abilities=(Ability("{T}: Prevent 1 damage to any creature or player", Cost(tap=True),
                                           prevent_to_target(1), targets=(DAMAGED_CREATURE_OR_PLAYER,),
                                           prevention=True),))


def _prismatic_reduce(g: Any, src: Card, pk: Any) -> bool:
    choice = src.chosen.get("choice")
    return (choice is not None and isinstance(pk.receiver, Card) and pk.receiver.oid == src.attached_to
            and COLOR_LETTERS.get(g.word(src, choice)) in pk.source_colors)


define("Prismatic Ward", enchant=CREATURE,
       announce=(Announce("choice", "choose a color", lambda g, ctx: list(COLOR_LETTERS)),),
       hooks={"reduce_damage": _prismatic_reduce})


def _spirit_link(g: Any, ctx: Any) -> Any:
    pk = ctx.data["packet"]
    g.gain_life(ctx.controller, pk.amount)
    return
    yield


define("Spirit Link", enchant=CREATURE, triggers=(Trigger(
    Event.DAMAGE_DEALT, _spirit_link,
    condition=lambda g, src, d: d["packet"].source_oid == src.attached_to and d["packet"].amount > 0),))


# Island Sanctuary: the draw phase asks whether to draw one less card.
def _sanctuary_draw(g: Any, src: Card, p: int, n: int) -> Any:
    if g.controller(src) != p or n <= 0:
        return n
    ans = yield from g.ask(p, DecisionKind.CHOOSE, "Island Sanctuary: draw one less card?",
                           ["choose yes", "choose no"], decline="choose no", about=src.name)
    if ans == "choose yes":
        src.flags["sanctuary_until_turn"] = g.turn + 2
        g.log(f"{g.players[p].name} draws one less card for Island Sanctuary.")
        return n - 1
    return n


def _sanctuary_attack(g: Any, src: Card, attacker: Card) -> bool:
    if src.flags.get("sanctuary_until_turn", -1) <= g.turn:
        return True
    if g.controller(src) == g.active:
        return True
    kw = g.chars(attacker).keywords
    return "flying" in kw or "islandwalk" in kw


define("Island Sanctuary", hooks={"draw_count": _sanctuary_draw, "attack_restriction": _sanctuary_attack})


def _swap_blockers(g: Any, ctx: Any) -> Any:
    a, b = (t for t in ctx.targets)
    cb = g.combat
    if a is None or b is None or cb is None:
        return
    ia, ib = cb.band_of(a.oid), cb.band_of(b.oid)
    if ia is None or ib is None or ia == ib:
        return
    bla, blb = list(cb.blocks.get(ia, [])), list(cb.blocks.get(ib, []))
    ok = all(g.can_block(g.find(o), b) for o in bla if g.find(o)) and \
        all(g.can_block(g.find(o), a) for o in blb if g.find(o))
    if not ok:
        g.log("General Jarkeld: the switch would make a block illegal; nothing happens.")
        return
    cb.blocks[ia], cb.blocks[ib] = blb, bla
    for i, bl in ((ia, blb), (ib, bla)):
        if bl:
            cb.blocked.add(i)
    g.log(f"General Jarkeld switches the blockers of {a.name} and {b.name}.")
    return
    yield


_attacking = TargetSpec("target attacking creature", kinds(Kind.PERMANENT),
                        lambda g, ctx, c: g.combat is not None and g.combat.band_of(c.oid) is not None)
define("General Jarkeld", abilities=(Ability(
    "{T}: Switch the blocking creatures of two target attacking creatures", Cost(tap=True), _swap_blockers,
    targets=(_attacking, _attacking),
    condition=lambda g, c: g.combat is not None and g.step == "blocks" and not g.combat.damage_done),))

__all__: list[str] = []
_ = (nothing, Effect, Player, keyword_mod, COLOR_NAMES, _ward)
