"""Ice Age (ICE) black and red cards: each as its printed text says
(``engine/data/cards.json``: the Fifth Edition printing for the cards
reprinted there, else Ice Age's), under the Fifth Edition rules.

Ice Age's pieces of the core used here: snow-covered lands
(:func:`engine.effects.snow_covered_lands`, the supertype ``snow``),
snow-covered landwalk (``engine.combat.SNOW_LANDWALKS``), cumulative upkeep
(:func:`engine.effects.cumulative_upkeep`), the cantrips' "Draw a card at the
beginning of the next turn" (:func:`engine.effects.draw_next_upkeep`), and
Necropotence's skipped phase (hook ``skips_phase``) and cards set aside until
the discard phase (:func:`engine.effects.set_aside_top_card`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..carddb import define
from ..ctx import Ctx
from ..decisions import DecisionKind
from ..effects import (CREATURE, CREATURE_OR_PLAYER, LAND, PLAYER, add_counters, aura, aura_keywords, counter_target,
                       creature_of, creature_where, cumulative_upkeep, damage, destroy_all, destroy_targets,
                       discard_card, draw_cards, draw_next_upkeep, during_upkeep, each_target, enters_with_counters,
                       flag_mod, grant, keyword_mod, on_enchanted, on_source, pay_to_use, permanent_target, pump,
                       pump_mod, regeneration, sacrifice_own_creature, self_only, sequence, set_aside_top_card,
                       snow_covered_lands, static_for, tap_targets, until_eot, upkeep_cost, upkeep_of,
                       while_source_tapped)
from ..hooks import Hooks
from ..mana import COLOR_LETTERS, ManaCost
from ..model import (SICK_ATTACK_OK, Ability, Cost, Delayed, Event, Gen, Kind, Mode, Speed, SpellSpec, Static, Target,
                     TargetSpec, Trigger, kinds)
from ..objects import Card, Chars, Effect, Player, Spell
from ..refs import ref

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game


def _mana(s: str) -> ManaCost:
    return ManaCost.parse(s)


def _snow_covered(g: Game, c: Card) -> bool:
    return "snow" in g.chars(c).supertypes


def _choose_discard(g: Game, p: int, by: int | None, why: str) -> Gen:
    """Player ``p`` chooses a card of their hand and discards it (nothing with
    an empty hand)."""
    pl = g.players[p]
    if not pl.hand:
        return
    names = sorted({c.name for c in pl.hand})
    ans = yield from g.ask(p, DecisionKind.DISCARD, f"{why}: discard a card", [f"discard {n}" for n in names],
                           about=why)
    card = next(c for c in pl.hand if c.name == ans[len("discard "):])
    yield from discard_card(g, p, card, by=by, why=why)


# ------------------------------------------------------------------ vanilla and keyword-only creatures

for _name in ("Moor Fiend", "Balduvian Barbarians", "Tor Giant", "Sabretooth Tiger"):
    define(_name)
# "Mountainwalk (If defending player controls any mountains, ...)": a keyword line with a reminder
define("Mountain Goat", keywords=("mountainwalk",))

# Legions of Lim-Dûl: "Snow-covered swampwalk" (engine.combat.SNOW_LANDWALKS): unblockable
# while the defending player controls a snow-covered swamp; an ordinary swamp is not enough.
define("Legions of Lim-Dûl", keywords=("snow-covered swampwalk",))


# ------------------------------------------------------------------ black

# Necropotence. "Skip your draw phase": the draw phase does not happen at all for its
# controller (hook skips_phase). "Whenever you discard a card, remove that card from the
# game": every discard, the discard phase's included. "Pay 1 life: Set aside the top card of
# your library. Put that card into your hand at the beginning of your discard phase": a fast
# effect, any number of times; the card waits face down, unseen by both players (Choice: as
# the 1996 rulings had it, the player may not look at it before it reaches their hand), and
# comes back at the beginning of the next discard phase of the player who set it aside, even
# if Necropotence left play meanwhile (the effect was already made).
def _necro_skip(g: Game, src: Card, p: int, phase: str) -> bool:
    return phase == "draw" and g.controller(src) == p


def _necro_discard(g: Game, ctx: Ctx) -> Gen:
    card = ctx.data["card"]
    if card.zone == "graveyard":
        g.move(card, "removed")
        g.log(f"{card.name} is removed from the game (Necropotence).")
    return
    yield


def _necro_set_aside(g: Game, ctx: Ctx) -> Gen:
    set_aside_top_card(g, ctx.controller, "Necropotence")
    return
    yield


define("Necropotence", hooks=Hooks(skips_phase=_necro_skip),
       triggers=(Trigger(Event.DISCARDED, _necro_discard,
                         condition=lambda g, src, d: d["player"] == g.controller(src)),),
       abilities=(Ability("Pay 1 life: Set aside the top card of your library until your discard phase",
                          Cost(life=1), _necro_set_aside),))

define("Hoar Shade", abilities=(Ability("{B}: +1/+1 until end of turn", Cost(_mana("{B}")), on_source(pump(1, 1))),))


def _lemure_mod(g: Game, card: Card, c: Chars) -> None:
    c.keywords.add("flying")
    pump_mod(-1, 0)(g, card, c)


define("Hyalopterous Lemure", abilities=(Ability("{0}: Flying and -1/-0 until end of turn", Cost(),
                                                 on_source(until_eot(_lemure_mod))),))


def _nonblack(g: Game, ctx: Ctx, c: Card) -> bool:
    return COLOR_LETTERS[g.word(ctx.source, "black")] not in g.chars(c).colors


define("Dark Banishing", spell=SpellSpec(destroy_targets(bury=True),
                                         targets=(creature_where("target nonblack creature", _nonblack),)))


# Drift of the Dead: */* the number of snow-covered lands its controller controls
# (layer -1: a power and toughness the card defines itself, before every other effect).
def _drift(g: Game, card: Card, c: Chars) -> None:
    n = len(snow_covered_lands(g, c.controller))
    c.set_pt(n, n)


define("Drift of the Dead", statics=(static_for(self_only, _drift, layer=-1),))


# Pestilence Rats: power = the other Rats in play, whoever controls them (their printed
# creature type, as Plague Rats counts by printed name: no recursion through characteristics).
def _rats(g: Game, card: Card, c: Chars) -> None:
    n = sum(1 for o in g.battlefield if o is not card and "rats" in o.cdef.subtypes)
    c.set_pt(n, 3)


define("Pestilence Rats", statics=(static_for(self_only, _rats, layer=-1),))


# Flow of Maggots: cumulative upkeep {1}; blocked only by walls.
_fm_ab, _fm_end = cumulative_upkeep(mana="{1}")
define("Flow of Maggots", abilities=(_fm_ab,),
       hooks=Hooks(end_of_upkeep=_fm_end,
                   can_be_blocked_by=lambda g, a, b: "wall" in g.chars(b).subtypes))


# Foul Familiar: cannot block; "{B}: Pay 1 life to return Foul Familiar to owner's hand"
# (the life is a cost, a loss of life nothing can prevent).
def _to_owners_hand(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    if src is not None and src.zone == "battlefield":
        g.move(src, "hand")
        g.log(f"{src.name} returns to its owner's hand.")
    return
    yield


define("Foul Familiar", statics=(static_for(self_only, flag_mod("cannot block")),),
       abilities=(Ability("{B}: Pay 1 life to return Foul Familiar to owner's hand", Cost(_mana("{B}"), life=1),
                          _to_owners_hand),))


# Gangrenous Zombies: 1 damage to each creature and player, 2 if its controller controls
# a snow-covered swamp as the ability resolves.
def _gangrenous(g: Game, ctx: Ctx) -> Gen:
    n = 2 if snow_covered_lands(g, ctx.controller, "swamp") else 1
    for c in g.creatures():
        g.deal_damage(ctx.spell, c, n)
    for p in (g.active, 1 - g.active):
        g.deal_damage(ctx.spell, g.players[p], n)
    return
    yield


define("Gangrenous Zombies", abilities=(Ability(
    "{T}: Sacrifice Gangrenous Zombies to have it deal 1 damage (2 with snow-covered swamps) to each creature "
    "and player", Cost(tap=True, sacrifice_self=True), _gangrenous),))


def _no_regen(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        if isinstance(t, Card):
            t.no_regen = True
            g.log(f"{t.name} cannot regenerate this turn.")
    return
    yield


define("Gravebind", spell=SpellSpec(sequence(_no_regen, draw_next_upkeep), targets=(CREATURE,)))


# Icequake: destroy target land; if it was snow-covered (as Icequake resolves), 1 damage
# to its controller.
def _icequake(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        snow, ctrl = _snow_covered(g, t), g.controller(t)
        g.destroy(t)
        if snow:
            g.deal_damage(ctx.spell, g.players[ctrl], 1)
    return
    yield


define("Icequake", spell=SpellSpec(_icequake, targets=(LAND,)))


# Kjeldoran Dead: "When Kjeldoran Dead comes into play, sacrifice a creature" (itself if
# it is the only one); {B}: Regenerate.
def _sacrifice_a_creature(g: Game, ctx: Ctx) -> Gen:
    yield from sacrifice_own_creature(g, ctx, ctx.source.name)


define("Kjeldoran Dead", on_enter=_sacrifice_a_creature, abilities=(regeneration("{B}"),))

define("Knight of Stromgald", abilities=(
    Ability("{B}: First strike until end of turn", Cost(_mana("{B}")), on_source(grant("first strike"))),
    Ability("{B}{B}: +1/+0 until end of turn", Cost(_mana("{B}{B}")), on_source(pump(1, 0)))))


# Krovikan Elementalist: its flying creature is buried at the end of the turn.
def _fly_then_bury(g: Game, ctx: Ctx) -> Gen:
    yield from grant("flying")(g, ctx)
    for t in each_target(ctx):
        g.delayed.append(_bury_at_end_of_turn(g, ctx.controller, t, ctx.source_name))


def _bury_at_end_of_turn(g: Game, controller: int, card: Card, name: str) -> Delayed:
    """A delayed effect burying ``card`` at end of turn if it is still in play."""
    oid = card.oid

    def bury(g2: Game, c2: Ctx) -> Gen:
        c = g2.find(oid)
        if c is not None:
            g2.destroy(c, bury=True)
        return
        yield
    return Delayed(Event.END_OF_TURN, bury, controller, name, turn=g.turn)


define("Krovikan Elementalist", abilities=(
    Ability("{2}{R}: Target creature gets +1/+0 until end of turn", Cost(_mana("{2}{R}")), pump(1, 0),
            targets=(CREATURE,)),
    Ability("{U}{U}: Target creature you control gains flying until end of turn; bury it at end of turn",
            Cost(_mana("{U}{U}")), _fly_then_bury,
            targets=(creature_where("target creature you control", lambda g, ctx, c: g.controller(c) == ctx.controller),))))

# Krovikan Fetish: +1/+1, and a card drawn at the beginning of the turn after it comes into play.
define("Krovikan Fetish", enchant=CREATURE, statics=(aura(pump_mod(1, 1)),), on_enter=draw_next_upkeep)

define("Leshrac's Rite", enchant=CREATURE, statics=(aura_keywords("swampwalk"),))


# Lim-Dûl's Cohort: as blockers are declared, the creatures blocking it or blocked by it
# cannot regenerate this turn.
def _cohort(g: Game, ctx: Ctx) -> Gen:
    cb = g.combat
    src = ctx.source
    if cb is None:
        return
    others: list[int] = []
    for i, band in enumerate(cb.bands):
        blockers = cb.blocks.get(i, [])
        if src.oid in band:
            others += blockers
        elif src.oid in blockers:
            others += band
    for oid in others:
        c = g.find(oid)
        if c is not None:
            c.no_regen = True
            g.log(f"{c.name} cannot regenerate this turn ({src.name}).")
    return
    yield


define("Lim-Dûl's Cohort", triggers=(Trigger(Event.BLOCKERS_DECLARED, _cohort),))


# Lim-Dûl's Hex: during its controller's upkeep, 1 damage to each player, each of whom
# (the active player first) may pay {B} or {3} to prevent it.
def _hex(g: Game, ctx: Ctx) -> Gen:
    for p in (g.active, 1 - g.active):
        options = []
        if g.can_afford(p, _mana("{B}")):
            options.append("choose {B}")
        if g.can_afford(p, _mana("{3}")):
            options.append("choose {3}")
        paid = False
        if options:
            ans = yield from g.ask(p, DecisionKind.CHOOSE, "Lim-Dûl's Hex: pay {B} or {3} to prevent 1 damage to you?",
                                   options + ["choose no"], decline="choose no", about="Lim-Dûl's Hex")
            if ans != "choose no":
                paid = yield from pay_to_use(g, p, ans[len("choose "):], "", "Lim-Dûl's Hex", ask=False)
        if paid:
            g.log(f"{g.players[p].name} pays to prevent Lim-Dûl's Hex's damage.")
        else:
            g.deal_damage(ctx.source, g.players[p], 1)
    yield from g.settle()


_hex_ab, _hex_end = during_upkeep("Lim-Dûl's Hex deals 1 damage to each player", _hex)
define("Lim-Dûl's Hex", abilities=(_hex_ab,), hooks=Hooks(end_of_upkeep=_hex_end))


def _mind_ravel(g: Game, ctx: Ctx) -> Gen:
    for p in each_target(ctx):
        yield from _choose_discard(g, p.idx, ctx.controller, "Mind Ravel")


define("Mind Ravel", spell=SpellSpec(sequence(_mind_ravel, draw_next_upkeep), targets=(PLAYER,)))


# Mind Warp: the caster looks at the target player's hand and chooses X cards (all of
# them if fewer) that player discards.
def _mind_warp(g: Game, ctx: Ctx) -> Gen:
    for p in each_target(ctx):
        g.secrets.append((ctx.controller, f"{p.name}'s hand: " + ", ".join(sorted(c.name for c in p.hand)) + "."))
        for i in range(min(ctx.x, len(p.hand))):
            names = sorted({c.name for c in p.hand})
            ans = yield from g.ask(ctx.controller, DecisionKind.CHOOSE,
                                   f"Mind Warp: choose a card {p.name} discards ({i + 1} of {min(ctx.x, len(p.hand) + i)})",
                                   [f"choose {n}" for n in names], about="Mind Warp")
            card = next(c for c in p.hand if c.name == ans[len("choose "):])
            yield from discard_card(g, p.idx, card, by=ctx.controller, why="Mind Warp")


define("Mind Warp", spell=SpellSpec(_mind_warp, targets=(PLAYER,)))


# Mind Whip: during the enchanted creature's controller's upkeep, they pay {3} or Mind Whip
# deals them 2 damage; if it does, the creature is tapped.
def _mind_whip_penalty(g: Game, card: Card) -> Gen:
    host = g.enchanted(card)
    if host is None:
        return
    victim = g.players[g.controller(host)]
    g.deal_damage(card, victim, 2)
    packets = [pk for pk in g.pending_damage if pk.source_oid == card.oid and pk.receiver is victim]
    yield from g.settle()
    if any(pk.amount > 0 for pk in packets) and host.zone == "battlefield":
        host.tapped = True
        g.log(f"{host.name} is tapped (Mind Whip).")


_whip_ab, _whip_end = upkeep_cost("Pay {3} or Mind Whip deals 2 damage to you", "{3}", _mind_whip_penalty,
                                  whose="enchanted controller")
define("Mind Whip", enchant=CREATURE, abilities=(_whip_ab,), hooks=Hooks(end_of_upkeep=_whip_end))


# Minion of Tevesh Szat: during its controller's upkeep, {B}{B} or 2 damage to them.
def _minion_penalty(g: Game, card: Card) -> Gen:
    g.deal_damage(card, g.players[g.controller(card)], 2)
    yield from g.settle()


_mts_ab, _mts_end = upkeep_cost("Pay {B}{B} or Minion of Tevesh Szat deals 2 damage to you", "{B}{B}", _minion_penalty)
define("Minion of Tevesh Szat", abilities=(
    _mts_ab, Ability("{T}: Target creature gets +3/-2 until end of turn", Cost(tap=True), until_eot(pump_mod(3, -2)),
                     targets=(CREATURE,))), hooks=Hooks(end_of_upkeep=_mts_end))


# Mole Worms: may stay tapped; its land does not untap as long as it remains tapped.
def _mole_worms(g: Game, ctx: Ctx) -> Gen:
    yield from tap_targets()(g, ctx)
    yield from while_source_tapped(flag_mod("doesn't untap"))(g, ctx)


define("Mole Worms", hooks=Hooks(may_stay_tapped=lambda g, c: True), abilities=(Ability(
    "{T}: Tap target land; it does not untap as long as Mole Worms remains tapped", Cost(tap=True), _mole_worms,
    targets=(LAND,)),))

define("Stromgald Cabal", abilities=(Ability(
    "{T}, Pay 1 life: Counter target white spell", Cost(tap=True, life=1), counter_target(),
    targets=(TargetSpec("target white spell", kinds(Kind.SPELL),
                        lambda g, ctx, s: isinstance(s, Spell) and s.card is not None
                        and COLOR_LETTERS[g.word(ctx.source, "white")] in s.colors),),
    speed=Speed.INTERRUPT),))


def _touch_of_death(g: Game, ctx: Ctx) -> Gen:
    for p in each_target(ctx):
        g.deal_damage(ctx.spell, p, 1)
    g.gain_life(ctx.controller, 1)
    yield from draw_next_upkeep(g, ctx)


define("Touch of Death", spell=SpellSpec(_touch_of_death, targets=(PLAYER,)))


# Songs of the Damned: {B} for each creature card in its caster's graveyard (an interrupt
# with nothing to target: cast as an instant, as Dark Ritual).
def _songs(g: Game, ctx: Ctx) -> Gen:
    n = sum(1 for c in ctx.me.graveyard if "creature" in c.cdef.types)
    sym = COLOR_LETTERS[g.word(ctx.source, "black")]
    if n:
        ctx.me.pool.add(sym, n)
    g.log(f"{ctx.me.name} adds {('{' + sym + '}') * n or 'no mana'} to their mana pool.")
    return
    yield


define("Songs of the Damned", spell=SpellSpec(_songs))


# Spoils of Evil: one colorless mana and 1 life for each artifact or creature card in the
# target opponent's graveyard.
def _spoils_count(g: Game, p: Player) -> int:
    return sum(1 for c in p.graveyard if c.cdef.types & {"artifact", "creature"})


def _spoils_of_evil(g: Game, ctx: Ctx) -> Gen:
    for p in each_target(ctx):
        n = _spoils_count(g, p)
        if n:
            ctx.me.pool.add("C", n)
            g.log(f"{ctx.me.name} adds {n} colorless mana to their mana pool.")
            g.gain_life(ctx.controller, n)
    return
    yield


_OPPONENT = TargetSpec("target opponent", kinds(Kind.PLAYER), lambda g, ctx, o: o.idx != ctx.controller)
define("Spoils of Evil", spell=SpellSpec(_spoils_of_evil, targets=(_OPPONENT,)))


# Stench of Evil: destroy all plains; each player is dealt 1 damage for each of their
# plains destroyed, less 1 for each {2} they pay (active player first).
def _stench(g: Game, ctx: Ctx) -> Gen:
    plains = [c for c in g.battlefield if "land" in g.chars(c).types
              and g.word(ctx.source, "plains") in g.chars(c).subtypes]
    owners = [(c, g.controller(c)) for c in plains]
    for c in plains:
        g.destroy(c)
    yield from g.settle()
    lost = {0: 0, 1: 0}
    for c, ctrl in owners:
        if c not in g.battlefield:  # destroyed (not regenerated)
            lost[ctrl] += 1
    for p in (g.active, 1 - g.active):
        n = lost[p]
        while n and g.can_afford(p, _mana("{2}")):
            paid = yield from pay_to_use(g, p, "{2}", f"Stench of Evil: pay {{2}} to prevent 1 of its {n} damage to you?",
                                         "Stench of Evil")
            if not paid:
                break
            n -= 1
        g.deal_damage(ctx.spell, g.players[p], n)
    return


define("Stench of Evil", spell=SpellSpec(_stench))


# Withering Wisps: buried at the end of a turn with no creature in play; {B}: 1 damage to
# each creature and player, usable no more times a turn than its controller's snow-covered
# swamps (counted as each use is announced).
def _wisps_usable(g: Game, card: Card) -> bool:
    turn, n = card.flags.get("wisps_uses", (-1, 0))
    used = n if turn == g.turn else 0
    return used < len(snow_covered_lands(g, g.controller(card), "swamp"))


def _wisps(g: Game, ctx: Ctx) -> Gen:
    for c in g.creatures():
        g.deal_damage(ctx.spell, c, 1)
    for p in (g.active, 1 - g.active):
        g.deal_damage(ctx.spell, g.players[p], 1)
    return
    yield


def _wisps_count(g: Game, ctx: Ctx) -> Gen:
    spell = ctx.data["spell"]
    if spell.source is ctx.source and spell.ability is not None:
        turn, n = ctx.source.flags.get("wisps_uses", (-1, 0))
        ctx.source.flags["wisps_uses"] = (g.turn, (n if turn == g.turn else 0) + 1)
    return
    yield


def _bury_if_no_creatures(g: Game, ctx: Ctx) -> Gen:
    if not g.creatures():
        g.destroy(ctx.source, bury=True)
    return
    yield


define("Withering Wisps", abilities=(Ability(
    "{B}: Withering Wisps deals 1 damage to each creature and each player", Cost(_mana("{B}")), _wisps,
    condition=_wisps_usable),),
    triggers=(Trigger(Event.ACTIVATED, _wisps_count), Trigger(Event.END_OF_TURN, _bury_if_no_creatures)))


# ------------------------------------------------------------------ red

define("Incinerate", spell=SpellSpec(sequence(_no_regen, damage(3)), targets=(CREATURE_OR_PLAYER,)))

define("Flare", spell=SpellSpec(sequence(damage(1), draw_next_upkeep), targets=(CREATURE_OR_PLAYER,)))


def _white(g: Game, c: Card) -> bool:
    return "W" in g.chars(c).colors


define("Anarchy", spell=SpellSpec(destroy_all(_white)))
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
         (TargetSpec("target spell", kinds(Kind.SPELL), lambda g, ctx, s: isinstance(s, Spell) and s.card is not None),),
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
        if yeti.zone != "battlefield":
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
    if src.zone != "battlefield":
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
