"""Fallen Empires (FEM): each card as its printed text says
(``engine/data/cards.json``: the latest old printing with a text, Fifth
Edition's for the cards reprinted there). Fallen Empires printed several
creatures with two to four different arts: one name, one card.

The tokens these cards make (Saprolings, Thrulls, Citizens, Camarids) are
defined once here and made by :func:`engine.effects.make_tokens`. The
printed text says only "Treat this token as a 1/1 green creature": the token
is named by what the card calls it, and that name is also its creature type
(so "Sacrifice a Saproling" and "target Thrull" find it), as the Fifth
Edition printings of the same cards spell out ("Saproling token").
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from ..carddb import define
from ..ctx import Ctx
from ..decisions import DecisionKind
from ..effects import (CREATURE, CREATURE_OR_PLAYER, DAMAGED_CREATURE_OR_PLAYER, OPPONENT, PLAYER, SPELL,
                       add_counters, aura,
                       creature_where, damage, destroy_targets, discard_card, during_upkeep, each_target,
                       enters_with_counters, gain_life, grant, keyword_mod, nothing, on_source, prevent_to_target, pump, pump_mod,
                       pay_to_use, self_only, static_for, tap_targets, token_def, tokens_effect, until_eot, untap_source,
                       upkeep_cost, upkeep_of, while_source_tapped)
from ..hooks import Hooks
from ..mana import COLOR_LETTERS, ManaCost
from ..model import (Ability, Cost, EffectFn, Event, Gen, Kind, ManaAbility, Speed, SpellSpec, Static, TargetSpec, Trigger,
                     kinds)
from ..objects import Card, Chars, Effect, Spell
from ..refs import ref
from .arabian_nights import _control_while
from .blue import _lands_of_type, _needs_islands
from .green import _fog as _no_combat_damage  # "no creatures deal damage in combat this turn"
# Barl's Cage's effect: "does not untap during its controller's next untap phase"
from .the_dark import _barls_cage as _freeze, _next_untap_of_controller
from .the_dark import _maze  # Maze of Ith's effect (Elvish Scout)

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game


def _mana(s: str) -> ManaCost:
    return ManaCost.parse(s)


# ------------------------------------------------------------------ tokens

SAPROLING = token_def("Saproling", ("creature",), 1, 1, subtypes=("Saproling",), colors=("G",))
THRULL = token_def("Thrull", ("creature",), 0, 1, subtypes=("Thrull",), colors=("B",))
CITIZEN = token_def("Citizen", ("creature",), 1, 1, subtypes=("Citizen",), colors=("W",))


# ------------------------------------------------------------------ vanilla and keyword-only creatures

for _name in ("Vodalian Soldiers", "Icatian Phalanx"):
    define(_name)


# ------------------------------------------------------------------ Thallids and Saprolings

# "During your upkeep, put a spore counter on X": a thing that happens in its
# controller's upkeep (engine.effects.during_upkeep: done with "activate X" at
# any opportunity of that upkeep, or by itself as the upkeep ends).
def _spore(g: Game, ctx: Ctx) -> Gen:
    if ctx.source is not None and ctx.source.zone == "battlefield":
        add_counters(g, ctx.source, "spore", 1)
    return
    yield


def _spore_upkeep(name: str) -> tuple[Ability, Hooks]:
    ab, end = during_upkeep(f"Put a spore counter on {name}", _spore)
    return ab, Hooks(end_of_upkeep=end)


def _three_spores(text: str, effect: object, **more: object) -> Ability:
    """"{0}: Remove three spore counters from X to ..." """
    return Ability(f"{{0}}: Remove three spore counters: {text}", Cost(remove_counter="spore", counters=3),
                   effect, **more)  # type: ignore[arg-type]


_SAPROLING_ABILITY = _three_spores("Put a Saproling token into play", tokens_effect(SAPROLING))

_ab, _hooks = _spore_upkeep("Thallid")
define("Thallid", abilities=(_ab, _SAPROLING_ABILITY), hooks=_hooks)

_ab, _hooks = _spore_upkeep("Thallid Devourer")
define("Thallid Devourer", abilities=(
    _ab, _SAPROLING_ABILITY,
    Ability("{0}: Sacrifice a Saproling: Thallid Devourer gets +1/+2 until end of turn",
            Cost(sacrifice="saproling"), on_source(pump(1, 2)))), hooks=_hooks)

_ab, _hooks = _spore_upkeep("Thorn Thallid")
define("Thorn Thallid", abilities=(
    _ab, _three_spores("Thorn Thallid deals 1 damage to target creature or player", damage(1),
                       targets=(CREATURE_OR_PLAYER,))), hooks=_hooks)

# Feral Thallid: its regeneration is used only when it would be destroyed (as
# every "regenerate" ability here), its cost three spore counters.
_ab, _hooks = _spore_upkeep("Feral Thallid")
define("Feral Thallid", abilities=(
    _ab, Ability("{0}: Remove three spore counters: Regenerate", Cost(remove_counter="spore", counters=3),
                 nothing, regenerate=True)), hooks=_hooks)


# Spore Flower: "No creatures deal damage in combat this turn" (Fog's effect).
_ab, _hooks = _spore_upkeep("Spore Flower")
define("Spore Flower", abilities=(_ab, _three_spores("No creatures deal damage in combat this turn",
                                                     _no_combat_damage)), hooks=_hooks)

_ab, _hooks = _spore_upkeep("Elvish Farmer")
define("Elvish Farmer", abilities=(
    _ab, _SAPROLING_ABILITY,
    Ability("{0}: Sacrifice a Saproling: Gain 2 life", Cost(sacrifice="saproling"), gain_life(2))), hooks=_hooks)


def _add_spore(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        add_counters(g, t, "spore", 1)
    return
    yield


_FUNGUS = creature_where("target Fungus", lambda g, ctx, c: "fungus" in g.chars(c).subtypes)
define("Fungal Bloom", abilities=(Ability("{G}{G}: Put a spore counter on target Fungus", Cost(_mana("{G}{G}")),
                                          _add_spore, targets=(_FUNGUS,)),))


# ------------------------------------------------------------------ Thrulls

# Breeding Pit: "During your upkeep, pay {B}{B} or bury Breeding Pit. At the
# end of your turn, put a Thrull token into play" (a 0/1 black creature).
def _bury_self(g: Game, card: Card) -> Gen:
    if card.zone == "battlefield":
        g.doomed[card.oid] = "bury"
        yield from g.settle()


_pit_ab, _pit_end = upkeep_cost("Pay {B}{B} to keep Breeding Pit", "{B}{B}", _bury_self)


def _pit_thrull(g: Game, ctx: Ctx) -> Gen:
    yield from tokens_effect(THRULL)(g, ctx)


define("Breeding Pit", abilities=(_pit_ab,), hooks=Hooks(end_of_upkeep=_pit_end),
       triggers=(Trigger(Event.END_OF_TURN, _pit_thrull, lambda g, src, d: g.controller(src) == g.active),))

# Basal Thrull: "{T}: Sacrifice Basal Thrull to add {B}{B} to your mana pool.
# Play this ability as an interrupt": a mana ability.
define("Basal Thrull", mana_abilities=(ManaAbility("B", cost=Cost(tap=True, sacrifice_self=True), amount=2),))


def _plus_one_plus_two(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        add_counters(g, t, "+1/+2", 1)
    return
    yield


define("Armor Thrull", abilities=(Ability("{T}: Sacrifice Armor Thrull to put a +1/+2 counter on target creature",
                                          Cost(tap=True, sacrifice_self=True), _plus_one_plus_two,
                                          targets=(CREATURE,)),))


# ------------------------------------------------------------------ Citizens

define("Icatian Town", spell=SpellSpec(tokens_effect(CITIZEN, 4)))


# ------------------------------------------------------------------ Homarids

# Homarid: a tide counter as it comes into play and in each of its
# controller's upkeeps (during_upkeep); one counter: -1/-1, three: +1/+1; the
# fourth removes them all (at once, as it is put on).
def _tide(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    if src is not None and src.zone == "battlefield":
        add_counters(g, src, "tide", 1)
        if src.counters.get("tide", 0) >= 4:
            add_counters(g, src, "tide", -src.counters["tide"])
    return
    yield


def _tide_pt(g: Game, card: Card, c: Chars) -> None:
    n = card.counters.get("tide", 0)
    if c.power is not None and c.toughness is not None and n in (1, 3):
        d = -1 if n == 1 else 1
        c.power, c.toughness = c.power + d, c.toughness + d


_hom_ab, _hom_end = during_upkeep("Put a tide counter on Homarid", _tide)
define("Homarid", abilities=(_hom_ab,), hooks=Hooks(end_of_upkeep=_hom_end), on_enter=_tide,
       statics=(static_for(self_only, _tide_pt),))

_GREEN_CREATURE = creature_where("target green creature",
                                 lambda g, ctx, c: COLOR_LETTERS[g.word(ctx.source, "green")] in g.chars(c).colors)
define("Homarid Shaman", abilities=(Ability("{U}: Tap target green creature", Cost(_mana("{U}")), tap_targets(),
                                            targets=(_GREEN_CREATURE,)),))


# Homarid Warrior, Deep Spawn: "{U}: X cannot be the target of spells or
# effects until end of turn and does not untap during your next untap phase.
# Tap X." (the keyword "untargetable" until end of turn, the flag
# frozen_until_turn as Barl's Cage sets it).
def _hide(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    if src is None or src.zone != "battlefield":
        return
    g.effects.append(Effect(g.stamp(), src.oid, lambda g2, card, c: c.keywords.add("untargetable"), "eot"))
    src.flags["frozen_until_turn"] = _next_untap_of_controller(g, src)
    src.tapped = True
    g.log(f"{src.name} cannot be the target of spells or effects until end of turn, and is tapped.")
    yield from g.note_taps()


define("Homarid Warrior", abilities=(Ability("{U}: Homarid Warrior cannot be the target of spells or effects until "
                                             "end of turn and does not untap during your next untap phase. Tap "
                                             "Homarid Warrior", Cost(_mana("{U}")), _hide),))


# ------------------------------------------------------------------ black

# Hymn to Tourach: two cards at random (the whole hand if fewer).
def _hymn(g: Game, ctx: Ctx) -> Gen:
    for p in each_target(ctx):
        for card in g.rng.sample(list(p.hand), min(2, len(p.hand))):
            yield from discard_card(g, p.idx, card, by=ctx.controller, at_random=True, why="Hymn to Tourach")


define("Hymn to Tourach", spell=SpellSpec(_hymn, targets=(PLAYER,)))

define("Order of the Ebon Hand", abilities=(
    Ability("{B}{B}: +1/+0 until end of turn", Cost(_mana("{B}{B}")), on_source(pump(1, 0))),
    Ability("{B}: First strike until end of turn", Cost(_mana("{B}")), on_source(grant("first strike")))))


# ------------------------------------------------------------------ white

define("Order of Leitbur", abilities=(
    Ability("{W}{W}: +1/+0 until end of turn", Cost(_mana("{W}{W}")), on_source(pump(1, 0))),
    Ability("{W}: First strike until end of turn", Cost(_mana("{W}")), on_source(grant("first strike")))))

define("Icatian Infantry", abilities=(
    Ability("{1}: Banding until end of turn", Cost(_mana("{1}")), on_source(grant("banding"))),
    Ability("{1}: First strike until end of turn", Cost(_mana("{1}")), on_source(grant("first strike")))))

define("Icatian Priest", abilities=(Ability("{1}{W}{W}: Target creature gets +1/+1 until end of turn",
                                            Cost(_mana("{1}{W}{W}")), pump(1, 1), targets=(CREATURE,)),))

define("Icatian Scout", abilities=(Ability("{1}, {T}: Target creature gains first strike until end of turn",
                                           Cost(_mana("{1}"), tap=True), grant("first strike"),
                                           targets=(CREATURE,)),))

_SOLDIER = creature_where("target Soldier", lambda g, ctx, c: bool({"soldier", "soldiers"} & g.chars(c).subtypes))
define("Icatian Lieutenant", abilities=(Ability("{1}{W}: Target Soldier gets +1/+0 until end of turn",
                                                Cost(_mana("{1}{W}")), pump(1, 0), targets=(_SOLDIER,)),))

define("Combat Medic", abilities=(Ability("{1}{W}: Prevent 1 damage to any player or creature",
                                          Cost(_mana("{1}{W}")), prevent_to_target(1),
                                          targets=(DAMAGED_CREATURE_OR_PLAYER,), prevention=True),))

# Icatian Javelineers: comes into play with a javelin counter; "{T}: Remove
# the javelin counter to deal 1 damage to any target".
define("Icatian Javelineers", on_enter=enters_with_counters("javelin", 1), abilities=(
    Ability("{T}: Remove the javelin counter: Icatian Javelineers deals 1 damage to target creature or player",
            Cost(tap=True, remove_counter="javelin"), damage(1), targets=(CREATURE_OR_PLAYER,)),))


# ------------------------------------------------------------------ blue

define("River Merfolk", abilities=(Ability("{U}: Mountainwalk until end of turn", Cost(_mana("{U}")),
                                           on_source(grant("mountainwalk"))),))


# ------------------------------------------------------------------ red

_DWARF = creature_where("target Dwarf", lambda g, ctx, c: bool({"dwarf", "dwarves"} & g.chars(c).subtypes))
define("Dwarven Lieutenant", abilities=(Ability("{1}{R}: Target Dwarf gets +1/+0 until end of turn",
                                                Cost(_mana("{1}{R}")), pump(1, 0), targets=(_DWARF,)),))

define("Orcish Veteran", abilities=(Ability("{R}: First strike until end of turn", Cost(_mana("{R}")),
                                            on_source(grant("first strike"))),),
       hooks=Hooks(can_block=lambda g, blocker, attacker: not (
           COLOR_LETTERS[g.word(blocker, "white")] in g.chars(attacker).colors
           and (g.chars(attacker).power or 0) > 1)))


define("Brassclaw Orcs", hooks=Hooks(can_block=lambda g, blocker, attacker: (g.chars(attacker).power or 0) < 2))


# ------------------------------------------------------------------ green

_BLOCKING = creature_where("target blocking creature",
                           lambda g, ctx, c: g.combat is not None and c.oid in g.combat.blockers())
define("Elven Fortress", abilities=(Ability("{1}{G}: Target blocking creature gets +0/+1 until end of turn",
                                            Cost(_mana("{1}{G}")), pump(0, 1), targets=(_BLOCKING,)),))


# ------------------------------------------------------------------ artifacts

define("Aeolipile", abilities=(Ability("{1}, {T}: Sacrifice Aeolipile to have it deal 2 damage to target creature "
                                       "or player", Cost(_mana("{1}"), tap=True, sacrifice_self=True), damage(2),
                                       targets=(CREATURE_OR_PLAYER,)),))

define("Elven Lyre", abilities=(Ability("{1}, {T}: Sacrifice Elven Lyre to give target creature +2/+2 until end "
                                        "of turn", Cost(_mana("{1}"), tap=True, sacrifice_self=True), pump(2, 2),
                                        targets=(CREATURE,)),))


# ------------------------------------------------------------------ attacking and unblocked

def _attacking_unblocked(g: Game, card: Card) -> bool:
    """"Use this ability only if X is attacking and unblocked": once blockers
    are declared and before combat damage, X is in an attacking band no
    creature blocks."""
    cb = g.combat
    if cb is None or g.step != "blocks" or cb.damage_done:
        return False
    band = cb.band_of(card.oid)
    return band is not None and band not in cb.blocked


_DEFENDERS_CREATURE = creature_where("target creature defending player controls",
                                     lambda g, ctx, c: g.combat is not None
                                     and g.controller(c) == g.combat.defender)
define("Necrite", abilities=(Ability(
    "Sacrifice Necrite: Bury target creature defending player controls. Use this ability only if Necrite is "
    "attacking and unblocked", Cost(sacrifice_self=True), destroy_targets(bury=True),
    targets=(_DEFENDERS_CREATURE,), condition=_attacking_unblocked),))


def _mindstab(g: Game, ctx: Ctx) -> Gen:
    """The defending player chooses and discards three cards (the whole hand if fewer)."""
    cb = g.combat
    p = cb.defender if cb is not None else 1 - ctx.controller
    pl = g.players[p]
    for i in range(3):
        if not pl.hand:
            break
        names = sorted({c.name for c in pl.hand})
        ans = yield from g.ask(p, DecisionKind.DISCARD, f"Mindstab Thrull: discard a card ({i + 1} of 3)",
                               [f"discard {n}" for n in names], about="Mindstab Thrull")
        card = next(c for c in pl.hand if c.name == ans[len("discard "):])
        yield from discard_card(g, p, card, by=ctx.controller)


define("Mindstab Thrull", abilities=(Ability(
    "Sacrifice Mindstab Thrull: Defending player chooses and discards three cards. Use this ability only if "
    "Mindstab Thrull is attacking and unblocked", Cost(sacrifice_self=True), _mindstab,
    condition=_attacking_unblocked),))


# ------------------------------------------------------------------ more Thrulls

def _derelor(g: Game, src: Card, spell: Spell, cost: ManaCost) -> ManaCost:
    """"Your black spells cost an additional {B} to play" (spells, not abilities)."""
    if spell.card is None or spell.controller != g.controller(src):
        return cost
    if COLOR_LETTERS[g.word(src, "black")] not in spell.colors:
        return cost
    return cost.plus(ManaCost.parse("{" + COLOR_LETTERS[g.word(src, "black")] + "}"))


define("Derelor", hooks=Hooks(adjust_cost=_derelor))


def _thrull(g: Game, card: Card, c: Chars) -> bool:
    return "creature" in c.types and "thrull" in c.subtypes


def _champion_takes(g: Game, ctx: Ctx) -> Gen:
    champ, me = ctx.source, ctx.controller
    for t in each_target(ctx):
        if isinstance(t, Card) and t.zone == "battlefield":
            _control_while(g, ctx, t, lambda g2: champ in g2.battlefield and g2.controller(champ) == me)
    return
    yield


define("Thrull Champion", statics=(static_for(lambda g, src, card, c: _thrull(g, card, c), pump_mod(1, 1)),),
       abilities=(Ability("{T}: Take control of target Thrull. You lose control of it if Thrull Champion leaves "
                          "play or you lose control of Thrull Champion", Cost(tap=True), _champion_takes,
                          targets=(creature_where("target Thrull", lambda g, ctx, c: _thrull(g, c, g.chars(c))),)),))


# ------------------------------------------------------------------ more Homarids and Merfolk

# Deep Spawn: in its controller's upkeep, the top two cards of their library
# go to their graveyard, or Deep Spawn is destroyed (the player's choice;
# with fewer than two cards in the library only the second is possible).
def _deep_spawn_upkeep(g: Game, ctx: Ctx) -> Gen:
    src, p = ctx.source, ctx.controller
    if src is None or src.zone != "battlefield":
        return
    pl = g.players[p]
    ans = "choose no"
    if len(pl.library) >= 2:
        ans = yield from g.ask(p, DecisionKind.CHOOSE, "Deep Spawn: put the top two cards of your library into your "
                               "graveyard? (otherwise Deep Spawn is destroyed)", ["choose yes", "choose no"],
                               about="Deep Spawn")
    if ans == "choose yes":
        for _ in range(2):
            g.move(pl.library[0], "graveyard")
        g.log(f"{pl.name} puts the top two cards of their library into their graveyard (Deep Spawn).")
    else:
        g.destroy(src)
        yield from g.settle()


_ds_ab, _ds_end = during_upkeep("Put the top two cards of your library into your graveyard, or destroy Deep Spawn",
                                _deep_spawn_upkeep)
define("Deep Spawn", hooks=Hooks(end_of_upkeep=_ds_end), abilities=(
    _ds_ab, Ability("{U}: Deep Spawn cannot be the target of spells or effects until end of turn and does not untap "
                    "during your next untap phase. Tap Deep Spawn", Cost(_mana("{U}")), _hide)))

define("Vodalian Knights", hooks=_needs_islands(), abilities=(
    Ability("{U}: Flying until end of turn", Cost(_mana("{U}")), on_source(grant("flying"))),))


def _seasinger(g: Game, ctx: Ctx) -> Gen:
    singer, me = ctx.source, ctx.controller
    for t in each_target(ctx):
        if isinstance(t, Card) and t.zone == "battlefield":
            _control_while(g, ctx, t, lambda g2: singer in g2.battlefield and singer.tapped
                           and g2.controller(singer) == me)
    return
    yield


_ISLANDERS_CREATURE = creature_where("target creature whose controller controls an island",
                                     lambda g, ctx, c: bool(_lands_of_type(g, ctx.source, g.controller(c), "island")))
define("Seasinger", hooks=Hooks(state=_needs_islands().state, may_stay_tapped=lambda g, c: True), abilities=(
    Ability("{T}: Gain control of target creature whose controller controls any islands as long as you control "
            "Seasinger and Seasinger remains tapped", Cost(tap=True), _seasinger, targets=(_ISLANDERS_CREATURE,)),))


# Tidal Influence: tide counters as Homarid's, on the enchantment; the
# changes apply to all blue creatures. It cannot be cast while another
# Tidal Influence is in play.
def _tidal_pt(g: Game, src: Card, card: Card, c: Chars) -> None:
    n = src.counters.get("tide", 0)
    if c.power is not None and n in (1, 3):
        c.power += -2 if n == 1 else 2


def _blue_creature(g: Game, src: Card, card: Card, c: Chars) -> bool:
    return "creature" in c.types and COLOR_LETTERS[g.word(src, "blue")] in c.colors


_ti_ab, _ti_end = during_upkeep("Put a tide counter on Tidal Influence", _tide)
define("Tidal Influence", abilities=(_ti_ab,), on_enter=_tide,
       statics=(Static(applies=_blue_creature, modify=_tidal_pt),),
       hooks=Hooks(end_of_upkeep=_ti_end,
                   can_cast=lambda g, p, card: not any(c.name == "Tidal Influence" for c in g.battlefield)))


# ------------------------------------------------------------------ more white and red

# Icatian Moneychanger: 3 damage to its controller and three credit counters
# as it comes into play; a credit counter each upkeep; sacrificed during its
# controller's upkeep, 1 life for each credit counter it had.
def _moneychanger_enters(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    g.deal_damage(src, ctx.me, 3)
    add_counters(g, src, "credit", 3)
    yield from g.settle()


def _credit(g: Game, ctx: Ctx) -> Gen:
    if ctx.source is not None and ctx.source.zone == "battlefield":
        add_counters(g, ctx.source, "credit", 1)
    return
    yield


def _cash_in(g: Game, ctx: Ctx) -> Gen:
    # the sacrificed Moneychanger (the object as it was in play) keeps its counters
    g.gain_life(ctx.controller, ctx.source.counters.get("credit", 0))
    return
    yield


_mc_ab, _mc_end = during_upkeep("Put a credit counter on Icatian Moneychanger", _credit)
define("Icatian Moneychanger", on_enter=_moneychanger_enters, hooks=Hooks(end_of_upkeep=_mc_end), abilities=(
    _mc_ab, Ability("{0}: Sacrifice Icatian Moneychanger to gain 1 life for each credit counter on it. Use this "
                    "ability only during your upkeep", Cost(sacrifice_self=True), _cash_in,
                    condition=upkeep_of())))


# Orgg: cannot attack if the defending player controls an untapped creature
# with power 3 or greater; cannot block a creature with power 3 or greater.
define("Orgg", hooks=Hooks(
    can_attack=lambda g, c: not any(not o.tapped and (g.chars(o).power or 0) >= 3
                                    for o in g.creatures(1 - g.controller(c))),
    can_block=lambda g, blocker, attacker: (g.chars(attacker).power or 0) < 3))


# Dwarven Catapult: X damage divided evenly, rounded down, among all
# creatures the target opponent controls (counted as it resolves).
def _catapult(g: Game, ctx: Ctx) -> Gen:
    for p in each_target(ctx):
        mine = g.creatures(p.idx)
        if mine:
            each = ctx.x // len(mine)
            for c in mine:
                if each:
                    g.deal_damage(ctx.spell, c, each)
    return
    yield


define("Dwarven Catapult", spell=SpellSpec(_catapult, targets=(OPPONENT,)))


# ------------------------------------------------------------------ more green

define("Elvish Hunter", abilities=(Ability(
    "{1}{G}, {T}: Target creature does not untap as normal during its controller's next untap phase",
    Cost(_mana("{1}{G}"), tap=True), _freeze, targets=(CREATURE,)),))


# ------------------------------------------------------------------ more artifacts

# Spirit Shield, Zelyon Sword: the change lasts while the artifact remains
# tapped; it may stay tapped in its controller's untap phase.
define("Spirit Shield", hooks=Hooks(may_stay_tapped=lambda g, c: True), abilities=(Ability(
    "{2}, {T}: Target creature gets +0/+2 as long as Spirit Shield remains tapped", Cost(_mana("{2}"), tap=True),
    while_source_tapped(pump_mod(0, 2)), targets=(CREATURE,)),))
define("Zelyon Sword", hooks=Hooks(may_stay_tapped=lambda g, c: True), abilities=(Ability(
    "{3}, {T}: Target creature gets +2/+0 as long as Zelyon Sword remains tapped", Cost(_mana("{3}"), tap=True),
    while_source_tapped(pump_mod(2, 0)), targets=(CREATURE,)),))


def _ring_of_renewal(g: Game, ctx: Ctx) -> Gen:
    pl = ctx.me
    if pl.hand:
        yield from discard_card(g, pl.idx, g.rng.choice(list(pl.hand)), by=ctx.controller, at_random=True,
                                why="Ring of Renewal")
    yield from g.draw(pl.idx, 2)


define("Ring of Renewal", abilities=(Ability("{5}, {T}: Discard a card at random from your hand and draw two cards",
                                             Cost(_mana("{5}"), tap=True), _ring_of_renewal),))

# Implements of Sacrifice: two mana of any one color, as a mana source
define("Implements of Sacrifice", mana_abilities=(
    ManaAbility("WUBRG", cost=Cost(_mana("{1}"), tap=True, sacrifice_self=True), amount=2),))


# ------------------------------------------------------------------ regeneration of others

# Thrull Retainer: "Enchanted creature gets +1/+1. Sacrifice Thrull Retainer:
# Regenerate enchanted creature" (an aura's regeneration, offered with the
# creature's own when it would be destroyed).
define("Thrull Retainer", enchant=CREATURE, statics=(aura(pump_mod(1, 1)),), abilities=(
    Ability("Sacrifice Thrull Retainer: Regenerate enchanted creature", Cost(sacrifice_self=True), nothing,
            regenerate=True),))

define("Draconian Cylix", abilities=(Ability(
    "{2}, {T}: Discard a card at random from your hand to regenerate target creature",
    Cost(_mana("{2}"), tap=True, discard_random=1), nothing, regenerate=True, targets=(CREATURE,)),))


# ------------------------------------------------------------------ cards and libraries

# Conch Horn: draw two cards, then put any one card from hand back on top of the library.
def _conch_horn(g: Game, ctx: Ctx) -> Gen:
    p, pl = ctx.controller, ctx.me
    yield from g.draw(p, 2)
    if not pl.hand:
        return
    names = sorted({c.name for c in pl.hand})
    ans = yield from g.ask(p, DecisionKind.CHOOSE, "Conch Horn: put a card from your hand on top of your library",
                           [f"choose {n}" for n in names], about="Conch Horn")
    card = next(c for c in pl.hand if c.name == ans[len("choose "):])
    g.move(card, "library")
    g.log(f"{pl.name} puts a card from their hand on top of their library (Conch Horn).")


define("Conch Horn", abilities=(Ability(
    "{1}, {T}: Sacrifice Conch Horn. Draw two cards, then put any one card from your hand back on top of your "
    "library", Cost(_mana("{1}"), tap=True, sacrifice_self=True), _conch_horn),))


# Orcish Spy: its controller looks at the top three cards of the target
# player's library (told to that player only), which stay in the same order.
def _orcish_spy(g: Game, ctx: Ctx) -> Gen:
    for p in each_target(ctx):
        top = [c.name for c in p.library[:3]]
        g.secrets.append((ctx.controller, f"The top of {p.name}'s library: {', '.join(top) or 'nothing'}."))
        g.log(f"{ctx.me.name} looks at the top three cards of {p.name}'s library (Orcish Spy).")
    return
    yield


define("Orcish Spy", abilities=(Ability("{T}: Look at the top three cards of target player's library",
                                        Cost(tap=True), _orcish_spy, targets=(PLAYER,)),))


# ------------------------------------------------------------------ combat

# Elvish Scout: the effect of Maze of Ith, on an attacking creature its controller controls.
_MY_ATTACKER = creature_where("target attacking creature you control",
                              lambda g, ctx, c: g.combat is not None and g.combat.band_of(c.oid) is not None
                              and g.controller(c) == ctx.controller)
define("Elvish Scout", abilities=(Ability(
    "{G}, {T}: Untap target attacking creature you control. That creature neither receives nor deals damage "
    "during combat this turn", Cost(_mana("{G}"), tap=True), _maze, targets=(_MY_ATTACKER,)),))


# Dwarven Soldier: +0/+2 until end of turn when blockers are declared, if it
# blocks or is blocked by any Orcs.
def _orc(g: Game, oid: int) -> bool:
    c = g.find(oid)
    return c is not None and bool({"orc", "orcs"} & g.chars(c).subtypes)


def _dwarven_soldier(g: Game, ctx: Ctx) -> Gen:
    cb, me = ctx.data["combat"], ctx.source
    band = cb.band_of(me.oid)
    facing: list[int] = list(cb.blocks.get(band, [])) if band is not None else []
    held = cb.blocking(me.oid)
    if held is not None:
        facing += cb.bands[held]
    if any(_orc(g, o) for o in facing):
        g.effects.append(Effect(g.stamp(), me.oid, pump_mod(0, 2), "eot"))
        g.log(f"{me.name} gets +0/+2 until end of turn.")
    return
    yield


define("Dwarven Soldier", triggers=(Trigger(Event.BLOCKERS_DECLARED, _dwarven_soldier),))


# Spore Cloud: blocking creatures are tapped, no combat damage this turn, and
# the attacking and blocking creatures (as it resolves) do not untap during
# their controllers' next untap phases.
def _spore_cloud(g: Game, ctx: Ctx) -> Gen:
    cb = g.combat
    if cb is not None:
        fighting = [c for o in cb.attackers() + cb.blockers() if (c := g.find(o)) is not None]
        for o in cb.blockers():
            c = g.find(o)
            if c is not None:
                c.tapped = True
        for c in fighting:
            c.flags["frozen_until_turn"] = _next_untap_of_controller(g, c)
        g.log("All blocking creatures are tapped; attacking and blocking creatures do not untap during their "
              "controllers' next untap phase.")
        yield from g.note_taps()
    yield from _no_combat_damage(g, ctx)


define("Spore Cloud", spell=SpellSpec(_spore_cloud))


# ------------------------------------------------------------------ counters "unless its caster pays"

def _counter_unless(costs: tuple[str, ...], name: str) -> EffectFn:
    """Counter the target spell unless its caster pays one of ``costs`` (the
    caster chooses which, among those they can pay; Vodalian Mage, Thrull Wizard)."""
    def fn(g: Game, ctx: Ctx) -> Gen:
        t = ctx.target
        if not isinstance(t, Spell) or t.countered:
            return
        q = t.controller
        able = [c for c in costs if g.can_afford(q, ManaCost.parse(c))]
        paid = False
        if able:
            options = [f"choose {c}" for c in able] + ["choose no"]
            ans = yield from g.ask(q, DecisionKind.CHOOSE, f"{name}: pay {' or '.join(able)} or {t.name} is "
                                   "countered?", options, decline="choose no", about=name)
            if ans != "choose no":
                paid = yield from pay_to_use(g, q, ans[len("choose "):], "", name, ask=False)
        if paid:
            g.log(f"{g.players[q].name} pays for {name}; {t.name} is not countered.")
            return
        t.countered = True
        g.log(f"{t.name} is countered ({name}).")
    return fn


define("Vodalian Mage", abilities=(Ability(
    "{U}, {T}: Counter target spell if its caster does not pay an additional {1}", Cost(_mana("{U}"), tap=True),
    _counter_unless(("{1}",), "Vodalian Mage"), targets=(SPELL,), speed=Speed.INTERRUPT),))

_BLACK_SPELL = TargetSpec("target black spell", kinds(Kind.SPELL),
                          lambda g, ctx, s: isinstance(s, Spell) and s.card is not None
                          and COLOR_LETTERS[g.word(ctx.source, "black")] in s.colors)
define("Thrull Wizard", abilities=(Ability(
    "{1}{B}: Counter target black spell if its caster does not pay an additional {B} or {3}",
    Cost(_mana("{1}{B}")), _counter_unless(("{B}", "{3}"), "Thrull Wizard"), targets=(_BLACK_SPELL,),
    speed=Speed.INTERRUPT),))


# Svyelunite Priest: "{U}{U}, {T}: Target creature may not be the target of
# spells or effects until end of turn. Use this ability only during your upkeep."
define("Svyelunite Priest", abilities=(Ability(
    "{U}{U}, {T}: Target creature cannot be the target of spells or effects until end of turn. Use this ability "
    "only during your upkeep", Cost(_mana("{U}{U}"), tap=True), until_eot(keyword_mod("untargetable")),
    targets=(CREATURE,), condition=upkeep_of()),))


# Icatian Skirmishers: banding and first strike; the creatures in its band
# when it attacks gain first strike until end of turn.
def _skirmishers_band(g: Game, ctx: Ctx) -> Gen:
    cb, me = g.combat, ctx.source
    band = cb.band_of(me.oid) if cb is not None else None
    if band is None:
        return
    for o in cb.bands[band]:
        c = g.find(o)
        if c is not None and c is not me:
            g.effects.append(Effect(g.stamp(), c.oid, keyword_mod("first strike"), "eot"))
            g.log(f"{c.name} gains first strike until end of turn (banding with {me.name}).")
    return
    yield


define("Icatian Skirmishers", keywords=("banding", "first strike"), triggers=(
    Trigger(Event.ATTACKS, _skirmishers_band, lambda g, src, d: d.get("card") is src),))


# ------------------------------------------------------------------ more

# Goblin Chirurgeon: "{0}: Sacrifice a Goblin to regenerate target creature"
# (a Goblin or Goblins: Engine's sacrifice costs take both spellings).
define("Goblin Chirurgeon", abilities=(Ability("{0}: Sacrifice a Goblin to regenerate target creature",
                                               Cost(sacrifice="goblin"), nothing, regenerate=True,
                                               targets=(CREATURE,)),))

# Balm of Restoration: its two uses as two abilities, each sacrificing it:
# 2 life for its controller, or up to 2 damage prevented (in a damage prevention step).
define("Balm of Restoration", abilities=(
    Ability("{1}, {T}: Sacrifice Balm of Restoration to gain 2 life",
            Cost(_mana("{1}"), tap=True, sacrifice_self=True), gain_life(2)),
    Ability("{1}, {T}: Sacrifice Balm of Restoration to prevent up to 2 damage to any player or creature",
            Cost(_mana("{1}"), tap=True, sacrifice_self=True), prevent_to_target(2),
            targets=(DAMAGED_CREATURE_OR_PLAYER,), prevention=True)))


# Rainbow Vale: "{T}: Add 1 mana of any color to your mana pool. Control of
# Rainbow Vale passes to opponent at end of turn." Read as the printed text
# sets it, one sentence with the ability: the control passes at the end of a
# turn in which it was tapped for mana (the Oracle wording says the same).
def _vale_tapped(g: Game, ctx: Ctx) -> Gen:
    ctx.source.flags["vale_used"] = g.turn
    return
    yield


def _vale_passes(g: Game, ctx: Ctx) -> Gen:
    vale = ctx.source
    if vale.flags.get("vale_used") != g.turn:
        return
    new = 1 - g.controller(vale)
    g.effects.append(Effect(g.stamp(), vale.oid, lambda g2, c, ch: setattr(ch, "controller", new), "forever",
                            layer=0, source_oid=vale.oid))
    vale.flags["vale_used"] = -1
    g.log(f"Control of Rainbow Vale passes to {g.players[new].name}.")
    return
    yield


define("Rainbow Vale", mana_abilities=(ManaAbility("WUBRG"),), triggers=(
    Trigger(Event.TAPPED_FOR_MANA, _vale_tapped, lambda g, src, d: d["card"] is src),
    Trigger(Event.END_OF_TURN, _vale_passes)))


# ------------------------------------------------------------------ the Chants

# Tourach's Chant, Thelon's Chant: "During your upkeep, pay {B} (or {G}) or
# bury it. Whenever a player puts a forest (swamp) into play, it deals 3
# damage to him or her unless that player puts a -1/-1 counter on a target
# creature he or she controls." The player chooses at once (the trigger
# happens as the land comes into play): one of their creatures the Chant's
# effect could target, or the damage.
def _chant() -> EffectFn:
    def fn(g: Game, ctx: Ctx) -> Gen:
        chant, land = ctx.source, ctx.data["card"]
        p = g.controller(land)
        colors = frozenset(g.chars(chant).colors)
        mine = [c for c in g.creatures(p) if g.targetable(c, colors)]
        choices = [f"choose {ref(g, c)}" for c in mine] + ["choose damage"]
        ans = "choose damage"
        if mine:
            ans = yield from g.ask(p, DecisionKind.CHOOSE, f"{chant.name}: put a -1/-1 counter on one of your "
                                   f"creatures, or take 3 damage", choices, decline="choose damage",
                                   about=chant.name)
        if ans == "choose damage":
            g.deal_damage(chant, g.players[p], 3)
        else:
            add_counters(g, mine[choices.index(ans)], "-1/-1", 1)
        yield from g.settle()
    return fn


def _puts_land(land_word: str) -> Callable[[Game, Card, dict[str, Any]], bool]:
    return lambda g, src, d: g.word(src, land_word) in g.chars(d["card"]).subtypes


for _name, _mana_word, _land in (("Tourach's Chant", "{B}", "forest"), ("Thelon's Chant", "{G}", "swamp")):
    _ab, _end = upkeep_cost(f"Pay {_mana_word} to keep {_name}", _mana_word, _bury_self)
    define(_name, abilities=(_ab,), hooks=Hooks(end_of_upkeep=_end),
           triggers=(Trigger(Event.ENTERS, _chant(), _puts_land(_land)),))


# Thelon's Curse: blue creatures do not untap in their controllers' untap
# phases; each has "{U}: Untap this creature. Use this ability only during
# your upkeep and only once each turn" (granted, like Zombie Master's regeneration).
_CURSE_UNTAP = Ability("{U}: Untap this creature. Use this ability only during your upkeep, once each turn",
                       Cost(_mana("{U}")), untap_source,
                       condition=lambda g, c: upkeep_of()(g, c) and c.tapped, once_per_turn=True)


def _thelons_curse(g: Game, src: Card, card: Card, c: Chars) -> None:
    c.flags.add("doesn't untap")
    c.abilities.append(_CURSE_UNTAP)


define("Thelon's Curse", statics=(Static(applies=_blue_creature, modify=_thelons_curse),))
