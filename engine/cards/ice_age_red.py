"""Ice Age (ICE) red cards: each as its printed text says
(``engine/data/cards.json``: the Fifth Edition printing for the cards
reprinted there, else Ice Age's), under the Fifth Edition rules.

Snow-covered lands (:func:`engine.effects.snow_covered_lands`), snow-covered
landwalk (``engine.combat.SNOW_LANDWALKS``), cumulative upkeep and the
cantrips' "Draw a card at the beginning of the next turn"
(:func:`engine.effects.draw_next_upkeep`) are the core's; a few helpers are
shared with the black cards (:mod:`engine.cards.ice_age_black`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..carddb import define
from ..ctx import Ctx
from ..decisions import DecisionKind
from ..effects import (CREATURE, CREATURE_OR_PLAYER, LAND, PLAYER, add_counters, aura, counter_target, creature_of,
                       creature_where, cumulative_upkeep, damage, destroy_all, destroy_targets, draw_next_upkeep,
                       during_upkeep, each_target, flag_mod, keyword_mod, on_enchanted, on_source, pay_to_use,
                       permanent_target, pump, pump_mod, self_only, sequence, snow_covered_lands, static_for,
                       until_eot, upkeep_of)
from ..hooks import EffectHooks, Hooks
from ..mana import COLOR_LETTERS
from ..model import (SICK_ATTACK_OK, Ability, Announce, Cost, Delayed, EffectFn, Event, Gen, Kind, Mode, Speed,
                     SpellSpec, Static, Target, TargetSpec, Trigger, kinds)
from ..objects import Card, Chars, Effect, Packet, Player, Spell
from ..refs import ref
from ..words import counted
from .red import _compositions  # the ways to divide damage among targets (Pyrotechnics)
from .red import _pyrotechnics as _divided_damage  # the damage as divided ("division": 2/1/1)
from .red import _hydra_save as _prevent_one_to_source  # Rock Hydra's "prevent 1 damage to it"
from .green import _fog  # "No creatures deal damage in combat this turn"
from .the_dark import _next_untap_of_controller
from .ice_age_black import (_OPPONENT, _add_combination, _attacking_unblocked,  # helpers shared with the black cards
                            _bury_at_end_of_turn, _mana, _no_regen, _own_attack, _snow_covered)

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game


# ------------------------------------------------------------------ vanilla and keyword-only creatures

for _name in ("Balduvian Barbarians", "Tor Giant", "Sabretooth Tiger"):
    define(_name)
# "Mountainwalk (If defending player controls any mountains, ...)": a keyword line with a reminder
define("Mountain Goat", keywords=("mountainwalk",))


# ------------------------------------------------------------------ red

define("Incinerate", spell=SpellSpec(sequence(_no_regen, damage(3)), targets=(CREATURE_OR_PLAYER,)))

define("Flare", spell=SpellSpec(sequence(damage(1), draw_next_upkeep), targets=(CREATURE_OR_PLAYER,)))


def _anarchy(g: Game, ctx: Ctx) -> Gen:
    """Destroy all white permanents ("white" as Anarchy's text says after text changes)."""
    white = COLOR_LETTERS[g.word(ctx.source, "white")]
    for c in list(g.battlefield):
        if white in g.chars(c).colors:
            g.destroy(c)
    return
    yield


define("Anarchy", spell=SpellSpec(_anarchy))
define("Jokulhaups", spell=SpellSpec(destroy_all(
    lambda g, c: bool(g.chars(c).types & {"artifact", "creature", "land"}), bury=True)))

_SNOW_LAND = permanent_target("target snow-covered land",
                              lambda g, ctx, c: "land" in g.chars(c).types and _snow_covered(g, c))
define("Avalanche", spell=SpellSpec(destroy_targets(), targets=(_SNOW_LAND,), targets_x=True))


def _pyroclasm(g: Game, ctx: Ctx) -> Gen:
    for c in g.creatures():
        g.deal_damage(ctx.spell, c, 2)
    return
    yield


define("Pyroclasm", spell=SpellSpec(_pyroclasm))


# Pyroblast: unlike Red Elemental Blast it may target any spell or permanent, and does
# something only if that is blue as it resolves.
def _blue_now(g: Game, ctx: Ctx, t: Target) -> bool:
    return COLOR_LETTERS[g.word(ctx.source, "blue")] in g.colors_of(t)


def _pyro_counter(g: Game, ctx: Ctx) -> Gen:
    ctx.spell.targets = [t for t in ctx.targets if t is not None and _blue_now(g, ctx, t)]
    yield from counter_target()(g, ctx)


def _pyro_destroy(g: Game, ctx: Ctx) -> Gen:
    ctx.spell.targets = [t for t in ctx.targets if t is not None and _blue_now(g, ctx, t)]
    yield from destroy_targets()(g, ctx)


define("Pyroblast", spell=SpellSpec(modes=(
    Mode("Counter target spell if it is blue",
         (TargetSpec("target spell", kinds(Kind.SPELL),
                     lambda g, ctx, s: isinstance(s, Spell) and s.card is not None),),
         _pyro_counter),
    Mode("Destroy target permanent if it is blue", (permanent_target("target permanent"),), _pyro_destroy),
)))


# Battle Frenzy: the caster's green creatures +1/+1, the others +1/+0, until end of turn
# (those in play as it resolves).
def _battle_frenzy(g: Game, ctx: Ctx) -> Gen:
    green = COLOR_LETTERS[g.word(ctx.source, "green")]
    for c in g.creatures(ctx.controller):
        mod = pump_mod(1, 1) if green in g.chars(c).colors else pump_mod(1, 0)
        g.effects.append(Effect(g.stamp(), c.oid, mod, "eot"))
    g.log(f"{ctx.me.name}'s creatures get +1/+1 (green) or +1/+0 until end of turn.")
    return
    yield


define("Battle Frenzy", spell=SpellSpec(_battle_frenzy))

define("Flame Spirit", abilities=(Ability("{R}: +1/+0 until end of turn", Cost(_mana("{R}")), on_source(pump(1, 0))),))
define("Wall of Lava", abilities=(Ability("{R}: +1/+1 until end of turn", Cost(_mana("{R}")), on_source(pump(1, 1))),))
define("Stonehands", enchant=CREATURE, statics=(aura(pump_mod(0, 2)),), abilities=(Ability(
    "{R}: Enchanted creature gets +1/+0 until end of turn", Cost(_mana("{R}")), on_enchanted(pump(1, 0))),))

define("Stone Spirit", hooks=Hooks(can_be_blocked_by=lambda g, a, b: "flying" not in g.chars(b).keywords))


def _vertigo(g: Game, ctx: Ctx) -> Gen:
    yield from damage(2)(g, ctx)
    yield from until_eot(lambda g2, card, c: c.keywords.discard("flying"))(g, ctx)


define("Vertigo", spell=SpellSpec(_vertigo, targets=(creature_where(
    "target creature with flying", lambda g, ctx, c: "flying" in g.chars(c).keywords),)))


# Word of Blasting: bury target wall; its controller is dealt damage equal to its casting cost.
def _word_of_blasting(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        ctrl, n = g.controller(t), (0 if t.token else t.cdef.cost.total)
        g.destroy(t, bury=True)
        g.deal_damage(ctx.spell, g.players[ctrl], n)
    return
    yield


define("Word of Blasting", spell=SpellSpec(_word_of_blasting, targets=(creature_of("wall", "target wall"),)))


# Orcish Cannoneers: 2 damage to the target and 3 to its controller.
def _cannoneers(g: Game, ctx: Ctx) -> Gen:
    yield from damage(2)(g, ctx)
    g.deal_damage(ctx.spell, ctx.me, 3)


define("Orcish Cannoneers", abilities=(Ability(
    "{T}: Orcish Cannoneers deals 2 damage to target creature or player and 3 damage to you", Cost(tap=True),
    _cannoneers, targets=(CREATURE_OR_PLAYER,)),))


# Karplusan Yeti: it deals damage equal to its power to the target creature, which deals
# damage equal to its power to the Yeti (both as the ability resolves).
def _yeti(g: Game, ctx: Ctx) -> Gen:
    yeti = ctx.source
    for t in each_target(ctx):
        if yeti not in g.battlefield:
            return
        g.deal_damage(yeti, t, g.chars(yeti).power or 0)
        g.deal_damage(t, yeti, g.chars(t).power or 0)
    return
    yield


define("Karplusan Yeti", abilities=(Ability(
    "{T}: Karplusan Yeti and target creature deal each other damage equal to their power", Cost(tap=True), _yeti,
    targets=(CREATURE,)),))


# Melting: every snow-covered land is a land of the same type that is not snow-covered
# (the supertype snow taken away, layer 1 with the type-changing effects).
def _is_land(g: Game, src: Card, card: Card, c: Chars) -> bool:
    return "land" in c.types


define("Melting", statics=(Static(applies=_is_land, modify=lambda g, src, card, c: c.supertypes.discard("snow"),
                                  layer=1),))


# Curse of Marit Lage: taps all islands as it comes into play; islands do not untap.
def _tap_islands(g: Game, ctx: Ctx) -> Gen:
    for c in g.battlefield:
        if "land" in g.chars(c).types and g.word(ctx.source, "island") in g.chars(c).subtypes:
            c.tapped = True
    g.log("All islands are tapped.")
    yield from g.note_taps()


define("Curse of Marit Lage", on_enter=_tap_islands, statics=(Static(
    applies=lambda g, src, card, c: "land" in c.types and g.word(src, "island") in c.subtypes,
    modify=lambda g, src, card, c: c.flags.add("doesn't untap")),))


# Brand of Ill Omen: cumulative upkeep {R}; the enchanted creature's controller cannot
# cast summon spells.
def _brand_forbids(g: Game, src: Card, p: int, card: Card) -> bool:
    host = g.enchanted(src)
    return host is not None and g.controller(host) == p and "creature" in card.cdef.types


_brand_ab, _brand_end = cumulative_upkeep(mana="{R}")
define("Brand of Ill Omen", enchant=CREATURE, abilities=(_brand_ab,),
       hooks=Hooks(end_of_upkeep=_brand_end, forbids_play=_brand_forbids))

# Conquer: its controller controls the enchanted land.
define("Conquer", enchant=LAND, statics=(Static(applies=lambda g, src, card, c: src.attached_to == card.oid,
                                                modify=lambda g, src, card, c: setattr(c, "controller", src.controller),
                                                active=lambda g, src: True, layer=0),))


# Goblin Mutant: trample; it cannot attack while the defending player controls an untapped
# creature with power greater than 2, nor block a creature with power greater than 2.
def _mutant_can_attack(g: Game, c: Card) -> bool:
    return not any(not o.tapped and (g.chars(o).power or 0) > 2 for o in g.creatures(g.nonactive))


define("Goblin Mutant", hooks=Hooks(can_attack=_mutant_can_attack,
                                    can_block=lambda g, b, a: (g.chars(a).power or 0) <= 2))


# Goblin Ski Patrol: "{1}{R}: Flying and +2/+0. At end of turn, bury Goblin Ski Patrol. Use
# this ability only once and only if you control any snow-covered mountains": once in the
# card's whole stay in play.
def _ski_patrol(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    if src not in g.battlefield:
        return
    g.effects.append(Effect(g.stamp(), src.oid, lambda g2, card, c: (keyword_mod("flying")(g2, card, c),
                                                                    pump_mod(2, 0)(g2, card, c)), "eot"))
    g.delayed.append(_bury_at_end_of_turn(g, ctx.controller, src, src.name))
    return
    yield


def _ski_usable(g: Game, card: Card) -> bool:
    return not card.flags.get("ski_used") and bool(snow_covered_lands(g, g.controller(card), "mountain"))


def _ski_used(g: Game, ctx: Ctx) -> Gen:
    if ctx.data["spell"].source is ctx.source:
        ctx.source.flags["ski_used"] = True
    return
    yield


define("Goblin Ski Patrol", abilities=(Ability(
    "{1}{R}: Flying and +2/+0; bury Goblin Ski Patrol at end of turn", Cost(_mana("{1}{R}")), _ski_patrol,
    condition=_ski_usable),), triggers=(Trigger(Event.ACTIVATED, _ski_used),))


# Karplusan Giant: "{0}: Tap target snow-covered land you control to give Karplusan Giant
# +1/+1 until end of turn" (the land is tapped as the ability resolves; an already tapped
# one is no target).
def _karplusan_giant(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        if not t.tapped:
            t.tapped = True
            yield from g.note_taps()
            g.effects.append(Effect(g.stamp(), ctx.source.oid, pump_mod(1, 1), "eot"))
            g.log(f"{ctx.source.name} gets +1/+1 until end of turn.")


define("Karplusan Giant", abilities=(Ability(
    "{0}: Tap target snow-covered land you control: Karplusan Giant gets +1/+1 until end of turn", Cost(),
    _karplusan_giant, targets=(permanent_target(
        "target untapped snow-covered land you control",
        lambda g, ctx, c: "land" in g.chars(c).types and _snow_covered(g, c) and not c.tapped
        and g.controller(c) == ctx.controller),)),))


# Dwarven Armory: "{2}: Sacrifice a land to put a +2/+2 counter on target creature. Use
# this ability only during upkeep" (any player's upkeep).
def _plus_two(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        add_counters(g, t, "+2/+2", 1)
    return
    yield


define("Dwarven Armory", abilities=(Ability(
    "{2}: Sacrifice a land to put a +2/+2 counter on target creature (only during upkeep)",
    Cost(_mana("{2}"), sacrifice="land"), _plus_two, targets=(CREATURE,),
    condition=lambda g, c: g.phase == "upkeep"),))


# ------------------------------------------------------------------ red: combat tricks, control, chance

# Panic: cast during combat before blockers are declared; the target creature cannot block
# this turn; its caster draws a card at the beginning of the next turn.
define("Panic", spell=SpellSpec(sequence(until_eot(flag_mod("cannot block")), draw_next_upkeep), targets=(CREATURE,)),
       hooks=Hooks(can_cast=lambda g, p, card: g.combat is not None and g.step == "attack"))


# Lava Burst: X damage; to a creature, no effect may prevent or redirect it: the creature
# has "damage cannot be prevented" while Lava Burst's damage is dealt (its prevention step,
# run as Lava Burst resolves), and no longer.
def _lava_burst(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        guard = None
        if isinstance(t, Card):
            guard = Effect(g.stamp(), t.oid, flag_mod("damage cannot be prevented"), "eot")
            g.effects.append(guard)
        g.deal_damage(ctx.spell, t, ctx.x)
        yield from g.settle()
        if guard is not None and guard in g.effects:
            g.effects.remove(guard)


define("Lava Burst", spell=SpellSpec(_lava_burst, targets=(CREATURE_OR_PLAYER,)))


# Goblin Sappers: the target creature it controls cannot be blocked this turn; at end of
# combat it is destroyed, and with the first ability Goblin Sappers too.
def _sappers(with_self: bool) -> EffectFn:
    def fn(g: Game, ctx: Ctx) -> Gen:
        yield from until_eot(flag_mod("unblockable"))(g, ctx)
        doomed = [t.oid for t in each_target(ctx)] + ([ctx.source.oid] if with_self else [])

        def destroy(g2: Game, c2: Ctx) -> Gen:
            for oid in doomed:
                c = g2.find(oid)
                if c is not None:
                    g2.destroy(c)
            yield from g2.settle()
        g.delayed.append(Delayed(Event.END_OF_COMBAT, destroy, ctx.controller, "Goblin Sappers", turn=g.turn))
    return fn


_YOUR_CREATURE = creature_where("target creature you control", lambda g, ctx, c: g.controller(c) == ctx.controller)
define("Goblin Sappers", abilities=(
    Ability("{R}{R},{T}: Target creature you control cannot be blocked this turn; at end of combat, destroy it and "
            "Goblin Sappers", Cost(_mana("{R}{R}"), tap=True), _sappers(True), targets=(_YOUR_CREATURE,)),
    Ability("{R}{R}{R}{R},{T}: Target creature you control cannot be blocked this turn; at end of combat, destroy it",
            Cost(_mana("{R}{R}{R}{R}"), tap=True), _sappers(False), targets=(_YOUR_CREATURE,))))


# Grizzled Wolverine: "{R}: +2/+0 until end of turn. Use this ability only when a creature
# is assigned to block Grizzled Wolverine and only once each turn."
def _wolverine_blocked(g: Game, card: Card) -> bool:
    cb = g.combat
    if cb is None or g.step != "blocks" or cb.damage_done:
        return False
    return any(card.oid in band and cb.blocks.get(i) for i, band in enumerate(cb.bands))


define("Grizzled Wolverine", abilities=(Ability(
    "{R}: +2/+0 until end of turn (only while blocked, once each turn)", Cost(_mana("{R}")), on_source(pump(2, 0)),
    condition=_wolverine_blocked, once_per_turn=True),))


# Márton Stromgald: when it attacks, each other attacking creature gets +N/+N until end of
# turn, N the number of other attacking creatures; when it blocks, the same for the other
# blockers. (Counted once the attack, or the blocks, are declared.)
def _marton(attacking: bool) -> EffectFn:
    def fn(g: Game, ctx: Ctx) -> Gen:
        cb = g.combat
        src = ctx.source
        if cb is None:
            return
        if attacking:
            if src.oid not in cb.attackers():
                return
            others = [o for o in cb.attackers() if o != src.oid]
        else:
            if src.oid not in cb.blockers():
                return
            others = [o for o in cb.blockers() if o != src.oid]
        n = len(others)
        for oid in others:
            c = g.find(oid)
            if c is not None and n:
                g.effects.append(Effect(g.stamp(), oid, pump_mod(n, n), "eot"))
        if n:
            g.log(f"{src.name}: the other {'attacking' if attacking else 'blocking'} creatures get +{n}/+{n} "
                  "until end of turn.")
        return
        yield
    return fn


define("Márton Stromgald", triggers=(
    Trigger(Event.ATTACKS, _marton(True), condition=lambda g, src, d: d["card"] is src),
    Trigger(Event.BLOCKERS_DECLARED, _marton(False))))


# Orcish Farmer: the target land is a swamp (and nothing else) until its controller's next
# untap phase.
def _farmer(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        until_turn = _next_untap_of_controller(g, t)
        swamp = g.word(ctx.source, "swamp")

        def mod(g2: Game, card: Card, c: Chars, swamp: str = swamp) -> None:
            c.subtypes.difference_update({"plains", "island", "swamp", "mountain", "forest"})
            c.subtypes.add(swamp)
        g.effects.append(Effect(g.stamp(), t.oid, mod, "forever", layer=1,
                                condition=lambda g2, u=until_turn: g2.turn < u))
        g.log(f"{t.name} is a swamp until its controller's next untap phase.")
    return
    yield


define("Orcish Farmer", abilities=(Ability("{T}: Target land is a swamp until its controller's next untap phase",
                                           Cost(tap=True), _farmer, targets=(LAND,)),))


# Bone Shaman: the creatures it has damaged so far this turn cannot regenerate this turn.
define("Bone Shaman", abilities=(Ability(
    "{B}: Any creature damaged by Bone Shaman this turn cannot regenerate this turn", Cost(_mana("{B}")),
    lambda g, ctx: _bone_shaman(g, ctx)),))


def _bone_shaman(g: Game, ctx: Ctx) -> Gen:
    for c in g.creatures():
        if ctx.source.oid in c.damaged_by:
            c.no_regen = True
            g.log(f"{c.name} cannot regenerate this turn.")
    return
    yield


# Game of Chaos: the caster flips, the target opponent calls; the loser loses the stake in
# life and the winner gains it, and the winner may flip again at double the stake.
def _game_of_chaos(g: Game, ctx: Ctx) -> Gen:
    opp = ctx.target
    if opp is None:
        return
    me = ctx.controller
    stake = 1
    for _ in range(64):
        call = yield from g.ask(opp.idx, DecisionKind.CHOOSE, f"Game of Chaos: call the flip ({stake} life)",
                                ["choose heads", "choose tails"], about="Game of Chaos")
        heads = g.rng.random() < 0.5
        won = opp.idx if (call == "choose heads") == heads else me
        lost = 1 - won
        g.log(f"Game of Chaos: {g.players[opp.idx].name} calls {call[len('choose '):]}; the coin comes up "
              f"{'heads' if heads else 'tails'}: {g.players[won].name} wins {stake} life.")
        g.lose_life(lost, stake, " (Game of Chaos)")
        g.gain_life(won, stake)
        g.check_losses()
        if g.players[lost].life <= 0:
            return
        again = yield from g.ask(won, DecisionKind.CHOOSE, f"Game of Chaos: flip again for {stake * 2} life?",
                                 ["choose yes", "choose no"], decline="choose no", about="Game of Chaos")
        if again != "choose yes":
            return
        stake *= 2


define("Game of Chaos", spell=SpellSpec(_game_of_chaos, targets=(_OPPONENT,)))


# ------------------------------------------------------------------ red: counters, snow-covered costs, blocks, upkeep

# Balduvian Hydra: X +1/+0 counters as it comes into play; "{0}: Remove a +1/+0 counter from
# Balduvian Hydra to prevent 1 damage to Balduvian Hydra" (in a damage prevention step, while
# damage to it is pending); "{R}{R}{R}: Put a +1/+0 counter on Balduvian Hydra. Use this
# ability only during your upkeep" (as often as paid).
def _bhydra_enter(g: Game, ctx: Ctx) -> Gen:
    add_counters(g, ctx.source, "+1/+0", int(ctx.source.chosen.get("x", 0)))
    return
    yield


def _bhydra_grow(g: Game, ctx: Ctx) -> Gen:
    add_counters(g, ctx.source, "+1/+0", 1)
    return
    yield


define("Balduvian Hydra", on_enter=_bhydra_enter, abilities=(
    Ability("{0}: Remove a +1/+0 counter from Balduvian Hydra to prevent 1 damage to it",
            Cost(remove_counter="+1/+0"), _prevent_one_to_source, prevention=True,
            condition=lambda g, c: any(pk.receiver is c and pk.amount > 0 for pk in g.pending_damage)),
    Ability("{R}{R}{R}: Put a +1/+0 counter on Balduvian Hydra; use only during your upkeep",
            Cost(_mana("{R}{R}{R}")), _bhydra_grow, condition=upkeep_of())))


# Orcish Healer: the regenerations aimed at a black or green creature are used when that
# creature would be destroyed (as every "regenerate" ability).
def _black_or_green(g: Game, ctx: Ctx, c: Card) -> bool:
    cols = g.chars(c).colors
    return bool({COLOR_LETTERS[g.word(ctx.source, "black")], COLOR_LETTERS[g.word(ctx.source, "green")]} & set(cols))


_BLACK_OR_GREEN = creature_where("target black or green creature", _black_or_green)
define("Orcish Healer", abilities=(
    Ability("{R}{R},{T}: Target creature cannot regenerate this turn", Cost(_mana("{R}{R}"), tap=True), _no_regen,
            targets=(CREATURE,)),
    Ability("{R}{B}{B},{T}: Regenerate target black or green creature", Cost(_mana("{R}{B}{B}"), tap=True),
            lambda g, ctx: _nothing(), targets=(_BLACK_OR_GREEN,), regenerate=True),
    Ability("{R}{G}{G},{T}: Regenerate target black or green creature", Cost(_mana("{R}{G}{G}"), tap=True),
            lambda g, ctx: _nothing(), targets=(_BLACK_OR_GREEN,), regenerate=True)))


def _nothing() -> Gen:
    return
    yield


# Glacial Crevasses: "{0}: Sacrifice a snow-covered mountain. No creatures deal damage in
# combat this turn" (Fog's effect).
define("Glacial Crevasses", abilities=(Ability(
    "{0}: Sacrifice a snow-covered mountain: No creatures deal damage in combat this turn",
    Cost(sacrifice="snow-covered mountain"), _fog),))


# Barbarian Guides: the landwalk is chosen as the ability is activated (choose=swamp); the
# creature returns to its owner's hand at end of turn if it is still in play.
_LAND_TYPES = ("plains", "island", "swamp", "mountain", "forest")


def _guides(g: Game, ctx: Ctx) -> Gen:
    land = ctx.chosen("landwalk", "swamp")
    yield from until_eot(keyword_mod(f"snow-covered {land}walk"))(g, ctx)
    for t in each_target(ctx):
        oid = t.oid

        def back(g2: Game, c2: Ctx, oid: int = oid) -> Gen:
            c = g2.find(oid)
            if c is not None:
                g2.move(c, "hand")
                g2.log(f"{c.name} returns to its owner's hand (Barbarian Guides).")
            return
            yield
        g.delayed.append(Delayed(Event.END_OF_TURN, back, ctx.controller, "Barbarian Guides", turn=g.turn))


define("Barbarian Guides", abilities=(Ability(
    "{2}{R},{T}: Target creature you control gains a snow-covered landwalk of your choice until end of turn; "
    "return it to its owner's hand at end of turn", Cost(_mana("{2}{R}"), tap=True), _guides,
    targets=(_YOUR_CREATURE,),
    announce=(Announce("landwalk", "Snow-covered landwalk of which land type?", lambda g, ctx: list(_LAND_TYPES)),)),))


# Goblin Snowman: while blocking it neither deals nor receives combat damage; "{T}: Goblin
# Snowman deals 1 damage to target creature it blocks".
def _snowman_blocking(g: Game, src: Card) -> bool:
    return g.combat is not None and g.combat.blocking(src.oid) is not None


def _snowman_reduce(g: Game, src: Card, pk: Packet) -> bool:
    return pk.combat and (pk.receiver is src or pk.source_oid == src.oid) and _snowman_blocking(g, src)


def _blocked_by_source(g: Game, ctx: Ctx, c: Card) -> bool:
    cb = g.combat
    i = cb.blocking(ctx.source.oid) if cb is not None and ctx.source is not None else None
    return i is not None and c.oid in cb.bands[i]


define("Goblin Snowman", hooks=Hooks(reduce_damage=_snowman_reduce), abilities=(Ability(
    "{T}: Goblin Snowman deals 1 damage to target creature it blocks", Cost(tap=True), damage(1),
    targets=(creature_where("target creature Goblin Snowman blocks", _blocked_by_source),)),))


# Aggression: "Target non-wall creature gains first strike and trample. At the end of its
# controller's turn, destroy that creature if it did not attack that turn."
_NON_WALL = creature_where("target non-wall creature", lambda g, ctx, c: "wall" not in g.chars(c).subtypes)


def _aggression_attacked(g: Game, ctx: Ctx) -> Gen:
    ctx.source.flags["host_attacked"] = g.turn
    return
    yield


def _aggression_end(g: Game, ctx: Ctx) -> Gen:
    host = g.enchanted(ctx.source)
    if host is None or g.controller(host) != g.active or ctx.source.flags.get("host_attacked") == g.turn:
        return
    g.log(f"{host.name} did not attack this turn (Aggression).")
    g.destroy(host)
    yield from g.settle()


define("Aggression", enchant=_NON_WALL, statics=(aura(keyword_mod("first strike", "trample")),), triggers=(
    Trigger(Event.ATTACKS, _aggression_attacked, condition=lambda g, src, d: d["card"].oid == src.attached_to),
    Trigger(Event.END_OF_TURN, _aggression_end)))


# Mudslide: creatures without flying do not untap in their controller's untap phase; as that
# player's upkeep ends they may pay {2} for each one they untap.
def _mudslide_end(g: Game, src: Card) -> Gen:
    p = g.active
    while True:
        tapped = [c for c in g.creatures(p) if c.tapped and "flying" not in g.chars(c).keywords]
        if not tapped or not g.can_afford(p, _mana("{2}")):
            return
        ch = [f"choose {ref(g, c)}" for c in tapped]
        ans = yield from g.ask(p, DecisionKind.CHOOSE, "Mudslide: pay {2} to untap a creature without flying?",
                               ch + ["choose no"], decline="choose no", about=src.name,
                               parser=g.parser_for(p, ch + ["choose no"]))
        if ans == "choose no":
            return
        paid = yield from pay_to_use(g, p, "{2}", "", src.name, ask=False)
        if not paid:
            return
        c = tapped[ch.index(ans)]
        c.tapped = False
        g.log(f"{c.name} untaps (Mudslide).")


define("Mudslide", statics=(Static(applies=lambda g, src, card, c: "creature" in c.types and "flying" not in c.keywords,
                                   modify=lambda g, src, card, c: c.flags.add("doesn't untap")),),
       hooks=Hooks(end_of_upkeep=_mudslide_end))


# Orcish Squatters: "{0}: Gain control of target land defending player controls as long as
# you control Orcish Squatters. Orcish Squatters deals no combat damage this turn. Use this
# ability only if Orcish Squatters is attacking and unblocked and only once each turn."
def _squat(g: Game, ctx: Ctx) -> Gen:
    src, me = ctx.source, ctx.controller
    soid = src.oid
    g.effects.append(Effect(g.stamp(), None, lambda g2, card, c: None, "eot", applies=lambda g2, card, c: False,
                            hooks=EffectHooks(reduce_damage=lambda g2, pk: pk.combat and pk.source_oid == soid)))
    for t in each_target(ctx):
        g.effects.append(Effect(g.stamp(), t.oid, lambda g2, card, c, me=me: setattr(c, "controller", me), "forever",
                                layer=0, condition=lambda g2: (s := g2.find(soid)) is not None
                                and g2.controller(s) == me))
        g.log(f"{ctx.me.name} gains control of {t.name} as long as they control {src.name}.")
    return
    yield


define("Orcish Squatters", abilities=(Ability(
    "{0}: Gain control of target land defending player controls as long as you control Orcish Squatters; it deals "
    "no combat damage this turn", Cost(), _squat, once_per_turn=True,
    targets=(permanent_target("target land defending player controls", lambda g, ctx, c: "land" in g.chars(c).types
                              and g.controller(c) != ctx.controller),),
    condition=lambda g, c: _attacking_unblocked(g, c.oid)),))


# Orcish Lumberjack: an ability played as an interrupt (not a mana ability: it has a choice
# and a sacrifice), adding three mana.
def _lumberjack(g: Game, ctx: Ctx) -> Gen:
    yield from _add_combination(g, ctx, 3, "R", "G", "Orcish Lumberjack")


define("Orcish Lumberjack", abilities=(Ability(
    "{T}: Sacrifice a forest to add three mana in any combination of red and/or green",
    Cost(tap=True, sacrifice="forest"), _lumberjack, speed=Speed.INTERRUPT),))


# Total War: as a player declares an attack (once the attackers are declared), each untapped
# non-wall creature of theirs that does not attack is destroyed, but for those that came
# under their control this turn (summoning sick ones).
def _total_war(g: Game, ctx: Ctx) -> Gen:
    cb = g.combat
    if cb is None or ctx.source.flags.get("war_attack") == (g.turn, id(cb)):
        return
    ctx.source.flags["war_attack"] = (g.turn, id(cb))
    attacking = set(cb.attackers())
    for c in g.creatures(g.active):
        if c.oid not in attacking and not c.tapped and not c.sick and "wall" not in g.chars(c).subtypes:
            g.destroy(c)
    yield from g.settle()


define("Total War", triggers=(Trigger(Event.ATTACKS, _total_war),))


# Orcish Librarian: the top eight cards; four at random are removed from the game, the other
# four go back on top in the order its controller chooses (seen by that player only).
def _librarian(g: Game, ctx: Ctx) -> Gen:
    me = ctx.me
    top = me.library[:8]
    if not top:
        return
    gone = g.rng.sample(top, min(4, len(top)))
    for c in gone:
        g.move(c, "removed")
    g.log(f"{me.name} removes {counted(len(gone), 'card')} from the top of their library at random: "
          + ", ".join(c.name for c in gone) + ".")
    rest = [c for c in me.library[:len(top) - len(gone)]]
    order: list[Card] = []
    while rest:
        if len({c.name for c in rest}) == 1:
            order += rest
            break
        ch = sorted({f"choose {c.name}" for c in rest})
        ans = yield from g.ask(ctx.controller, DecisionKind.CHOOSE,
                               "Orcish Librarian: which card goes on top of the others (first chosen on top)?", ch,
                               about="Orcish Librarian")
        pick = next(c for c in rest if c.name == ans[len("choose "):])
        rest.remove(pick)
        order.append(pick)
    n = len(order)
    me.library[:n] = order
    g.log(f"{me.name} puts {counted(n, 'card')} back on top of their library.")


define("Orcish Librarian", abilities=(Ability(
    "{R},{T}: Remove four of the top eight cards of your library at random from the game; put the rest back in any "
    "order", Cost(_mana("{R}"), tap=True), _librarian),))


# ------------------------------------------------------------------ restrictions on a whole attack or defense

# Errantry: +3/+0; the enchanted creature cannot attack along with other creatures.
def _errantry(g: Game, src: Card, attackers: list[Card]) -> str | None:
    if src.attached_to in {c.oid for c in attackers} and len(attackers) > 1:
        return "the creature enchanted by Errantry cannot attack when other creatures attack"
    return None


define("Errantry", enchant=CREATURE, statics=(aura(pump_mod(3, 0)),), hooks=Hooks(attack_declaration=_errantry))


# Orcish Conscripts: it attacks only with at least two other attackers, and blocks only with
# at least two other blockers.
def _conscripts_attack(g: Game, src: Card, attackers: list[Card]) -> str | None:
    if src in attackers and len(attackers) < 3:
        return "Orcish Conscripts cannot attack unless at least two other creatures attack"
    return None


def _conscripts_block(g: Game, src: Card, plan: list[tuple[Card, list[Card]]]) -> str | None:
    blockers = {b.oid for _, bl in plan for b in bl}
    if src.oid in blockers and len(blockers) < 3:
        return "Orcish Conscripts cannot block unless at least two other creatures block"
    return None


define("Orcish Conscripts", hooks=Hooks(attack_declaration=_conscripts_attack, block_declaration=_conscripts_block))


# Imposing Visage: the enchanted creature cannot be blocked by only one creature (by none, or
# by two or more). Its band is blocked as one (000 "Banding"): the blockers of its band count.
def _visage(g: Game, src: Card, plan: list[tuple[Card, list[Card]]]) -> str | None:
    cb = g.combat
    if cb is None or src.attached_to is None or cb.band_of(src.attached_to) is None:
        return None
    band = cb.band_of(src.attached_to)
    blockers = {b.oid for a, bl in plan if cb.band_of(a.oid) == band for b in bl}
    if len(blockers) == 1:
        return "the creature enchanted by Imposing Visage cannot be blocked by only one creature"
    return None


define("Imposing Visage", enchant=CREATURE, hooks=Hooks(block_declaration=_visage))


# Meteor Shower: X+1 damage divided as its caster announces among any number of target
# creatures and/or players, each getting at least 1 (so at most X+1 targets); the division is
# written in target order ("2/1"), as Pyrotechnics'. A target gone before resolution loses its share.
def _shower_target(g: Game, ctx: Ctx, o: Target) -> bool:
    if not (isinstance(o, Player) or "creature" in g.chars(o).types):
        return False
    chosen = ctx.spell.targets if ctx.spell is not None else []
    return any(o is t for t in chosen) or len(chosen) < ctx.x + 1


define("Meteor Shower", spell=SpellSpec(
    _divided_damage, multi_target=True,
    targets=(TargetSpec("target creatures and/or players (up to X+1)", kinds(Kind.PERMANENT, Kind.PLAYER),
                        _shower_target),),
    announce=(Announce("division", "divide X+1 damage among the targets, in target order (e.g. 2/1)",
                       lambda g, ctx: ["/".join(map(str, c)) for c in _compositions(ctx.x + 1, len(ctx.targets))]
                       if ctx.targets and len(ctx.targets) <= ctx.x + 1 else []),)))


# Chaos Lord: first strike; in its controller's upkeep, if the number of permanents is even,
# the opponent gains control of it (for good: a control-changing effect). It can attack the
# turn it comes under a new controller's control, but not the turn it first came into play
# (the keyword that lets it attack while "summoning sick" is granted once it has changed sides).
def _chaos_lord_count(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    n = len(g.battlefield)
    if n % 2:
        g.log(f"{src.name}: {n} permanents, odd.")
        return
    opp = 1 - g.controller(src)
    g.effects.append(Effect(g.stamp(), src.oid, lambda g2, card, c, opp=opp: setattr(c, "controller", opp),
                            "forever", layer=0))
    src.flags["changed_sides"] = True
    g.log(f"{src.name}: {n} permanents, even: {g.players[opp].name} gains control of it.")
    return
    yield


def _chaos_lord_attack(g: Game, card: Card, c: Chars) -> None:
    if card.flags.get("changed_sides"):
        c.keywords.add(SICK_ATTACK_OK)


_cl_ab, _cl_end = during_upkeep("Count the permanents: if even, the opponent gains control of Chaos Lord",
                                _chaos_lord_count)
define("Chaos Lord", abilities=(_cl_ab,), hooks=Hooks(end_of_upkeep=_cl_end),
       statics=(static_for(self_only, _chaos_lord_attack),))


# Chaos Moon: in each player's upkeep, the permanents are counted: odd, red creatures get
# +1/+1 and mountains add one more {R} when tapped for mana until end of turn; even, red
# creatures get -1/-1 and mountains produce colorless mana instead until end of turn. (The
# extra {R} is Chaos Moon's own doing while it stays in play, as Mana Flare's.)
def _chaos_moon_count(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    n = len(g.battlefield)
    odd = bool(n % 2)
    src.flags["moon"] = (g.turn, odd)
    mod = pump_mod(1, 1) if odd else pump_mod(-1, -1)
    # "red creatures", "mountains": words of Chaos Moon's text, read through its text changes
    red, mountain = COLOR_LETTERS[g.word(src, "red")], g.word(src, "mountain")
    g.effects.append(Effect(g.stamp(), None, lambda g2, card, c, mod=mod: mod(g2, card, c), "eot",
                            applies=lambda g2, card, c: "creature" in c.types and red in c.colors))
    if not odd:
        g.effects.append(Effect(g.stamp(), None, lambda g2, card, c: None, "eot", applies=lambda g2, card, c: False,
                                hooks=EffectHooks(land_mana=lambda g2, card, ch: "C" if mountain in ch.subtypes
                                                  else None)))
    what = ("odd: red creatures get +1/+1 and mountains add an extra {R}" if odd
            else "even: red creatures get -1/-1 and mountains produce colorless mana")
    g.log(f"Chaos Moon: {n} permanents, {what} until end of turn.")
    yield from g.settle()


def _moon_extra(g: Game, src: Card, card: Card) -> int:
    turn, odd = src.flags.get("moon", (-1, False))
    return 1 if turn == g.turn and odd and g.word(src, "mountain") in g.chars(card).subtypes else 0


_cm_ab, _cm_end = during_upkeep("Count the permanents (Chaos Moon)", _chaos_moon_count, whose="each")
define("Chaos Moon", abilities=(_cm_ab,), hooks=Hooks(end_of_upkeep=_cm_end, extra_mana=_moon_extra))


# Melee: cast by the attacking player during the attack, before blockers are declared: that
# player declares the blocks of this attack (by the same rules as the defender would: all
# must be legal), and then each unblocked attacking creature untaps and is removed from the
# combat, as though it had not attacked.
def _melee(g: Game, ctx: Ctx) -> Gen:
    p = ctx.controller
    turn = g.turn
    g.effects.append(Effect(g.stamp(), None, lambda g2, card, c: None, "eot", applies=lambda g2, card, c: False,
                            hooks=EffectHooks(chooses_blocks=lambda g2: p if g2.turn == turn and g2.combat is not None
                                              and g2.combat.attacker == p else None)))
    g.delayed.append(Delayed(Event.BLOCKERS_DECLARED, _melee_unblocked, p, "Melee", turn=g.turn,
                             condition=_own_attack))
    g.log(f"{ctx.me.name} will choose how the attacking creatures are blocked (Melee).")
    return
    yield


def _melee_unblocked(g: Game, ctx: Ctx) -> Gen:
    cb = g.combat
    if cb is None:
        return
    for i, band in enumerate(list(cb.bands)):
        if i in cb.blocked:
            continue
        for oid in list(band):
            c = g.find(oid)
            if c is not None:
                c.tapped = False
                g.log(f"{c.name} untaps and is removed from combat (Melee).")
            cb.remove(oid)
    yield from g.note_taps()


define("Melee", spell=SpellSpec(_melee),
       hooks=Hooks(can_cast=lambda g, p, card: g.combat is not None and g.step == "attack" and p == g.active))
