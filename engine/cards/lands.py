"""Lands. Basic lands need no definition of their mana ability: every land
with a basic land type taps for that type's mana (see
``CastingRules.mana_abilities``), which is what land-type changes rely on."""
from __future__ import annotations

from ..carddb import define

BASICS = ("Plains", "Island", "Swamp", "Mountain", "Forest")

for _name in BASICS:
    define(_name)
    define(f"Snow-Covered {_name}")

from typing import TYPE_CHECKING  # noqa: E402

from ..ctx import Ctx  # noqa: E402
from ..decisions import DecisionKind  # noqa: E402
from ..effects import (DAMAGED_CREATURE, LAND, creature_where, cumulative_upkeep, destroy_targets,  # noqa: E402
                       prevent_to_target, pump_mod, until_eot)
from ..hooks import Hooks
from ..mana import ManaCost  # noqa: E402
from ..model import Ability, Cost, Gen, ManaAbility  # noqa: E402
from ..objects import Card, Chars, Effect, Packet, Player  # noqa: E402
from ..refs import ref  # noqa: E402

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game


# Mishra's Factory: {1}: becomes a 2/2 artifact creature (Assembly Worker) until
# end of turn; {T}: target Assembly Worker gets +1/+1 until end of turn.
def _animate(g: Game, ctx: Ctx) -> Gen:
    def m(g2: Game, card: Card, c: Chars) -> None:
        c.types |= {"artifact", "creature"}
        c.subtypes.add("assembly-worker")
        c.set_pt(2, 2)
    g.effects.append(Effect(g.stamp(), ctx.source.oid, m, "eot", layer=1))
    g.log("Mishra's Factory becomes an Assembly Worker.")
    return
    yield


def _worker_pump(g: Game, ctx: Ctx) -> Gen:
    yield from until_eot(pump_mod(1, 1))(g, ctx)


define("Mishra's Factory", mana_abilities=(ManaAbility("C"),), abilities=(
    Ability("{1}: Mishra's Factory becomes a 2/2 artifact creature until end of turn", Cost(ManaCost.parse("{1}")),
            _animate),
    Ability("{T}: Target Assembly Worker gets +1/+1 until end of turn", Cost(tap=True), _worker_pump,
            targets=(creature_where("target Assembly Worker", lambda g, ctx, c: "assembly-worker" in g.chars(c).subtypes),)),
))

# Strip Mine: the sacrifice is part of the cost (paid as the effect is played),
# so the land is destroyed even if Strip Mine is gone by then.
define("Strip Mine", mana_abilities=(ManaAbility("C"),), abilities=(
    Ability("{T}: Sacrifice Strip Mine to destroy target land", Cost(tap=True, sacrifice_self=True),
            destroy_targets(), targets=(LAND,)),))

define("Oasis", abilities=(Ability("{T}: Prevent 1 damage to any creature", Cost(tap=True), prevent_to_target(1),
                                   targets=(DAMAGED_CREATURE,), prevention=True),))


# Glacial Chasm: cumulative upkeep 2 life; when it comes into play, sacrifice a
# land; you cannot attack; all damage dealt to you is reduced to 0.
def _chasm_enter(g: Game, ctx: Ctx) -> Gen:
    p = ctx.controller
    # "sacrifice a land": Glacial Chasm itself is a land and may be the one
    # (the only choice when it is its controller's only land).
    lands = g.permanents(p, type_="land")
    if not lands:
        return
    ch = [f"sacrifice {ref(g, c)}" for c in lands]
    ans = yield from g.ask(p, DecisionKind.SACRIFICE, "Glacial Chasm: sacrifice a land", ch, about="Glacial Chasm")
    yield from g.put_in_graveyard([lands[ch.index(ans)]], how="sacrifice")


# While a land type change makes it another land (Evil Presence), Glacial Chasm
# has that land's text box only (002 "Changing Land Types"): no damage
# reduction, no attack restriction, no cumulative upkeep -- and an upkeep
# spent that way resets the cumulative cost (002 "Cumulative Upkeep").
def _chasm_reduce(g: Game, src: Card, pk: Packet) -> bool:
    return (isinstance(pk.receiver, Player) and pk.receiver.idx == g.controller(src)
            and not g.land_type_changed(src))


def _chasm_attack(g: Game, src: Card, attacker: Card) -> bool:
    return g.controller(attacker) != g.controller(src) or g.land_type_changed(src)


# Cumulative upkeep: the general piece (engine.effects.cumulative_upkeep), which
# also resets the count while the land has another land's text box.
_chasm_upkeep, _chasm_end = cumulative_upkeep(life=2)


define("Glacial Chasm", on_enter=_chasm_enter, abilities=(_chasm_upkeep,),
       hooks=Hooks(reduce_damage=_chasm_reduce, attack_restriction=_chasm_attack, end_of_upkeep=_chasm_end))



# ================================================================== Alpha to Revised, not in Fourth Edition

# The dual lands: "Counts as both mountains and swamp and is affected by spells
# that affect either": each has both basic land types (so it taps for either
# color, as basic land types do, see CastingRules.mana_abilities, and is
# destroyed by Flashfires or counted by Sea Serpent), but is not a basic land
# (Land Tax, Shandalar's ante rule do not see it).
DUALS = {"Badlands": ("mountain", "swamp"), "Bayou": ("swamp", "forest"), "Plateau": ("mountain", "plains"),
         "Savannah": ("plains", "forest"), "Scrubland": ("plains", "swamp"), "Taiga": ("forest", "mountain"),
         "Tropical Island": ("forest", "island"), "Tundra": ("island", "plains"),
         "Underground Sea": ("swamp", "island"), "Volcanic Island": ("island", "mountain")}


# "If a spell alters one of these land types, the other land type is
# unaffected": the land types are words of the text box (the type line says
# only "Land"), so a text change (Magical Hack: island->swamp) changes the one
# it names and leaves the other.
def _dual_land_types(g: Game, card: Card, c: Chars) -> None:
    if card.text_changes:
        own = DUALS[card.cdef.name]
        c.subtypes = (c.subtypes - set(own)) | {g.word(card, t) for t in own}


for _name, _types in DUALS.items():
    define(_name, subtypes=_types, hooks=Hooks(base_chars=_dual_land_types))

