"""Ice Age (ICE) black cards: each as its printed text says
(``engine/data/cards.json``: the Fifth Edition printing for the cards
reprinted there, else Ice Age's), under the Fifth Edition rules.

Ice Age's pieces of the core used here: snow-covered lands
(:func:`engine.effects.snow_covered_lands`, the supertype ``snow``),
snow-covered landwalk (``engine.combat.SNOW_LANDWALKS``), cumulative upkeep
(:func:`engine.effects.cumulative_upkeep`), the cantrips' "Draw a card at the
beginning of the next turn" (:func:`engine.effects.draw_next_upkeep`), and
Necropotence's skipped phase (hook ``skips_phase``) and cards set aside until
the discard phase (:func:`engine.effects.set_aside_top_card`). The red cards
(:mod:`engine.cards.ice_age_red`) share some of the helpers here.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..carddb import define
from ..ctx import Ctx
from ..decisions import DecisionKind
from ..effects import (untap_targets, return_source_to_hand, CREATURE, CREATURE_OR_PLAYER, LAND, PLAYER, add_counters, aura, aura_keywords, counter_target,
                       creature_where, cumulative_upkeep, damage, destroy_targets, discard_card, draw_cards,
                       draw_next_upkeep, during_upkeep, each_target, flag_mod, grant, must_attack_this_turn,
                       on_enchanted, once_per_event, on_source, pay_to_use, permanent_target, pump, pump_mod,
                       regeneration, sacrifice_own_creature, self_only, sequence, set_aside_top_card,
                       snow_covered_lands, static_for, tap_targets, until_eot, upkeep_cost, while_source_tapped)
from ..hooks import EffectHooks, Hooks
from ..mana import COLOR_LETTERS, ManaCost
from ..model import (SICK_ATTACK_OK, Ability, Announce, Cost, Delayed, EffectFn, Event, Gen, Kind, Speed, SpellSpec,
                     Target, TargetSpec, Trigger, kinds)
from ..objects import Card, Chars, Effect, Player, Spell
from ..refs import ref
from .red import _compositions  # the ways to divide damage among targets (Pyrotechnics)
from .black import _animate_leaves, _dead_or_animated  # Animate Dead's target and its burial

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

define("Moor Fiend")

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
    if card in g.players[card.owner].graveyard:  # (a second Necropotence finds it removed already)
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


define("Foul Familiar", statics=(static_for(self_only, flag_mod("cannot block")),),
       abilities=(Ability("{B}: Pay 1 life to return Foul Familiar to owner's hand", Cost(_mana("{B}"), life=1),
                          return_source_to_hand),))


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
            targets=(creature_where("target creature you control",
                                    lambda g, ctx, c: g.controller(c) == ctx.controller),))))

# Krovikan Fetish: +1/+1, and a card drawn at the beginning of the turn after it comes into play.
define("Krovikan Fetish", enchant=CREATURE, statics=(aura(pump_mod(1, 1)),), on_enter=draw_next_upkeep)

define("Leshrac's Rite", enchant=CREATURE, statics=(aura_keywords("swampwalk"),))


# Lim-Dûl's Cohort: as blockers are declared, the creatures blocking it or blocked by it
# cannot regenerate this turn.
def _fighting(g: Game, oid: int) -> list[int]:
    """The creatures blocking the creature ``oid`` (or its band), or blocked by it, in the
    combat under way."""
    cb = g.combat
    others: list[int] = []
    if cb is None:
        return others
    for i, band in enumerate(cb.bands):
        blockers = cb.blocks.get(i, [])
        if oid in band:
            others += blockers
        elif oid in blockers:
            others += band
    return others


def _cohort(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    for oid in _fighting(g, src.oid):
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
                                   f"Mind Warp: choose a card {p.name} discards "
                                   f"({i + 1} of {min(ctx.x, len(p.hand) + i)})",
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
    yield from _hurt_then_tap(g, card, g.players[g.controller(host)], 2, host)


def _hurt_then_tap(g: Game, src: Card, victim: Player, n: int, then_tapped: Card) -> Gen:
    """``src`` deals ``n`` damage to ``victim``; "if it deals damage in this way",
    ``then_tapped`` is tapped (Mind Whip, Minion of Leshrac): only if damage was dealt
    after the damage prevention step."""
    g.deal_damage(src, victim, n)
    packets = [pk for pk in g.pending_damage if pk.source_oid == src.oid and pk.receiver is victim]
    yield from g.settle()
    if any(pk.amount > 0 for pk in packets) and then_tapped in g.battlefield:
        then_tapped.tapped = True
        g.log(f"{then_tapped.name} is tapped ({src.name}).")
        yield from g.note_taps()


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
            paid = yield from pay_to_use(g, p, "{2}",
                                         f"Stench of Evil: pay {{2}} to prevent 1 of its {n} damage to you?",
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


# ------------------------------------------------------------------ black: discards, combat and upkeep demands

# Abyssal Specter: the player it damages chooses and discards a card.
def _abyssal(g: Game, ctx: Ctx) -> Gen:
    victim = ctx.data["packet"].receiver
    yield from _choose_discard(g, victim.idx, ctx.controller, "Abyssal Specter")


define("Abyssal Specter", triggers=(Trigger(
    Event.DAMAGE_DEALT, _abyssal,
    condition=lambda g, src, d: (d["packet"].source_oid == src.oid and isinstance(d["packet"].receiver, Player)
                                 and d["packet"].amount > 0)),))


# Brine Shaman: both abilities sacrifice a creature (itself included) as their cost.
def _summon_spell(g: Game, ctx: Ctx, s: Target) -> bool:
    return isinstance(s, Spell) and s.card is not None and "creature" in s.card.cdef.types


define("Brine Shaman", abilities=(
    Ability("{T}: Sacrifice a creature to give target creature +2/+2 until end of turn",
            Cost(tap=True, sacrifice="creature"), pump(2, 2), targets=(CREATURE,)),
    Ability("{1}{U}{U}: Sacrifice a creature to counter target summon spell",
            Cost(_mana("{1}{U}{U}"), sacrifice="creature"), counter_target(),
            targets=(TargetSpec("target summon spell", kinds(Kind.SPELL), _summon_spell),), speed=Speed.INTERRUPT)))


# Seizures: whenever the enchanted creature becomes tapped, its controller pays {3} or is
# dealt 3 damage by Seizures.
def _seizures(g: Game, ctx: Ctx) -> Gen:
    host = g.enchanted(ctx.source)
    if host is None:
        return
    p = g.controller(host)
    paid = yield from pay_to_use(g, p, "{3}", "Seizures: pay {3} to prevent 3 damage to you?", "Seizures")
    if not paid:
        g.deal_damage(ctx.source, g.players[p], 3)
        yield from g.settle()


define("Seizures", enchant=CREATURE, triggers=(Trigger(
    Event.BECOMES_TAPPED, _seizures, condition=lambda g, src, d: d["card"].oid == src.attached_to),))


# Minion of Leshrac: during its controller's upkeep, sacrifice a creature other than it, or
# it deals 5 damage to them and, if it did, becomes tapped (as Lord of the Pit's demand:
# met with "sacrifice CARD" during upkeep, asked as upkeep ends).
def _minion_demand(g: Game, src: Card, p: int) -> list[Card]:
    if g.controller(src) != p or g.active != p or g.phase != "upkeep" or src.phase_uses.get(g.phase_key()):
        return []
    return [c for c in g.creatures(p) if c is not src]


def _minion_end(g: Game, src: Card) -> Gen:
    p = g.controller(src)
    if p != g.active or src.phase_uses.get(g.phase_key()):
        return
    victims = _minion_demand(g, src, p)
    src.phase_uses[g.phase_key()] = 1
    if victims:
        ch = [f"sacrifice {ref(g, c)}" for c in victims]
        ans = yield from g.ask(p, DecisionKind.SACRIFICE, "Minion of Leshrac: sacrifice a creature", ch,
                               about=src.name)
        yield from g.put_in_graveyard([victims[ch.index(ans)]], how="sacrifice")
    else:
        yield from _hurt_then_tap(g, src, g.players[p], 5, src)
    yield from g.settle()


define("Minion of Leshrac", hooks=Hooks(sacrifice_demand=_minion_demand, end_of_upkeep=_minion_end),
       abilities=(Ability("{T}: Destroy target creature or land", Cost(tap=True), destroy_targets(),
                          targets=(permanent_target("target creature or land", lambda g, ctx, c: bool(
                              g.chars(c).types & {"creature", "land"})),)),))


# Pox: each player, the active player first, loses a third of their life, then discards a
# third of their hand, then sacrifices a third of their creatures, then a third of their
# lands, each third rounded up and each step done by both players before the next.
def _third(n: int) -> int:
    return -(-n // 3)


def _pox(g: Game, ctx: Ctx) -> Gen:
    order = (g.active, 1 - g.active)
    for p in order:
        n = _third(max(0, g.players[p].life))
        if n:
            g.lose_life(p, n, " (Pox)")
    for p in order:
        for _ in range(_third(len(g.players[p].hand))):
            yield from _choose_discard(g, p, ctx.controller, "Pox")
    for what in ("creature", "land"):
        for p in order:
            for i in range(_third(len(g.permanents(p, type_=what)))):
                mine = g.permanents(p, type_=what)
                if not mine:
                    break
                ch = [f"sacrifice {ref(g, c)}" for c in mine]
                ans = yield from g.ask(p, DecisionKind.SACRIFICE, f"Pox: sacrifice a {what}", ch, about="Pox",
                                       parser=g.parser_for(p, ch))
                yield from g.put_in_graveyard([mine[ch.index(ans)]], how="sacrifice")


define("Pox", spell=SpellSpec(_pox))


# Cloak of Confusion: "{0}: Defending player discards a card at random. Enchanted creature
# deals no combat damage this turn. Use this ability only if enchanted creature is
# attacking and unblocked and only once each turn."
def _attacking_unblocked(g: Game, oid: int | None) -> bool:
    cb = g.combat
    if cb is None or oid is None or g.step not in ("blocks",) or cb.damage_done:
        return False
    for i, band in enumerate(cb.bands):
        if oid in band:
            return not cb.blocks.get(i)
    return False


def _cloak(g: Game, ctx: Ctx) -> Gen:
    host = g.enchanted(ctx.source)
    if host is None:
        return
    oid = host.oid
    g.effects.append(Effect(g.stamp(), None, lambda g2, card, c: None, "eot", applies=lambda g2, card, c: False,
                            hooks=EffectHooks(reduce_damage=lambda g2, pk, oid=oid: pk.combat
                                              and pk.source_oid == oid)))
    g.log(f"{host.name} deals no combat damage this turn.")
    victim = g.players[1 - g.controller(host)]
    if victim.hand:
        card = g.rng.choice(victim.hand)
        yield from discard_card(g, victim.idx, card, by=ctx.controller, at_random=True, why="Cloak of Confusion")


define("Cloak of Confusion", enchant=CREATURE, abilities=(Ability(
    "{0}: Defending player discards a card at random; enchanted creature deals no combat damage this turn", Cost(),
    _cloak, once_per_turn=True, condition=lambda g, c: _attacking_unblocked(g, c.attached_to)),))


# Hecatomb: as it comes into play its controller sacrifices four creatures, or it is buried
# (with fewer than four, it is buried). "Tap a swamp you control: Hecatomb deals 1 damage
# to target creature or player": tapping the swamp is the cost, chosen as the ability is
# activated (hook on_activate), so a swamp is needed untapped to use it.
def _hecatomb_enter(g: Game, ctx: Ctx) -> Gen:
    src, p = ctx.source, ctx.controller
    mine = g.creatures(p)
    ans = "choose no"
    if len(mine) >= 4:
        ans = yield from g.ask(p, DecisionKind.CHOOSE, "Hecatomb: sacrifice four creatures, or bury Hecatomb?",
                               ["choose yes", "choose no"], about=src.name)
    if ans == "choose no":
        g.log(f"{src.name} is buried: four creatures are not sacrificed.")
        g.destroy(src, bury=True)
        yield from g.settle()
        return
    for i in range(4):
        mine = g.creatures(p)
        ch = [f"sacrifice {ref(g, c)}" for c in mine]
        a = yield from g.ask(p, DecisionKind.SACRIFICE, f"Hecatomb: sacrifice a creature ({i + 1} of 4)", ch,
                             about=src.name, parser=g.parser_for(p, ch))
        yield from g.put_in_graveyard([mine[ch.index(a)]], how="sacrifice")


def _untapped_swamps(g: Game, card: Card) -> list[Card]:
    return [c for c in g.permanents(g.controller(card), type_="land", subtype=g.word(card, "swamp")) if not c.tapped]


def _hecatomb_tap(g: Game, src: Card, spell: Spell) -> Gen:
    if spell.source is not src:
        return
    swamps = _untapped_swamps(g, src)
    if not swamps:
        return
    ch = [f"choose {ref(g, c)}" for c in swamps]
    ans = "choose " + ref(g, swamps[0])
    if len(set(c.name for c in swamps)) > 1:
        ans = yield from g.ask(spell.controller, DecisionKind.CHOOSE, "Hecatomb: tap which swamp?", ch,
                               about=src.name, parser=g.parser_for(spell.controller, ch))
    swamps[ch.index(ans)].tapped = True
    g.log(f"{g.players[spell.controller].name} taps {swamps[ch.index(ans)].name} for {src.name}.")
    yield from g.note_taps()


define("Hecatomb", on_enter=_hecatomb_enter, hooks=Hooks(on_activate=_hecatomb_tap), abilities=(Ability(
    "Tap a swamp you control: Hecatomb deals 1 damage to target creature or player", Cost(), damage(1),
    targets=(CREATURE_OR_PLAYER,), condition=lambda g, c: bool(_untapped_swamps(g, c))),))


# Infernal Darkness: cumulative upkeep {B} and 1 life; while it is in play every land with
# a mana ability produces {B} instead (a continuous effect made as it comes into play, as
# Deep Water's, lasting while it stays in play).
def _darkness_enter(g: Game, ctx: Ctx) -> Gen:
    oid = ctx.source.oid
    g.effects.append(Effect(g.stamp(), None, lambda g2, card, c: None, "forever", applies=lambda g2, card, c: False,
                            condition=lambda g2, oid=oid: g2.find(oid) is not None,
                            hooks=EffectHooks(land_mana=lambda g2, card, ch: "B")))
    g.log("All lands produce {B} instead of their normal mana.")
    return
    yield


_id_ab, _id_end = cumulative_upkeep(life=1, mana="{B}")
define("Infernal Darkness", on_enter=_darkness_enter, abilities=(_id_ab,), hooks=Hooks(end_of_upkeep=_id_end))


# ------------------------------------------------------------------ black: uses per turn, mana, graveyards

def _count_use(key: str) -> EffectFn:
    """A trigger's effect on Event.ACTIVATED counting this turn's activations of the
    source's own abilities under ``key`` (turn, count) in its flags: "You cannot spend
    more than {B}{B}{B} in this way each turn" (Soul Kiss)."""
    def fn(g: Game, ctx: Ctx) -> Gen:
        spell = ctx.data["spell"]
        if spell.source is ctx.source and spell.ability is not None:
            turn, n = ctx.source.flags.get(key, (-1, 0))
            ctx.source.flags[key] = (g.turn, (n if turn == g.turn else 0) + 1)
        return
        yield
    return fn


def _used_this_turn(g: Game, card: Card, key: str) -> int:
    turn, n = card.flags.get(key, (-1, 0))
    return n if turn == g.turn else 0


# Soul Kiss: an aura (its "choose target creature" is the creature it enchants); "{B}: Pay 1
# life to give creature Soul Kiss enchants +2/+2 until end of turn", at most three times a turn.
define("Soul Kiss", enchant=CREATURE, abilities=(Ability(
    "{B}: Pay 1 life: enchanted creature gets +2/+2 until end of turn (at most {B}{B}{B} each turn)",
    Cost(_mana("{B}"), life=1), on_enchanted(pump(2, 2)),
    condition=lambda g, c: _used_this_turn(g, c, "kiss_uses") < 3),),
    triggers=(Trigger(Event.ACTIVATED, _count_use("kiss_uses")),))


# Mana "in any combination of red and/or black" (Burnt Offering) or "red and/or green"
# (Orcish Lumberjack): the player chooses how many of each.
def _add_combination(g: Game, ctx: Ctx, n: int, a: str, b: str, name: str) -> Gen:
    if n <= 0:
        g.log(f"{ctx.me.name} adds no mana to their mana pool.")
        return
    ch = [f"choose {a * (n - k)}{b * k}" for k in range(n + 1)]
    ans = yield from g.ask(ctx.controller, DecisionKind.CHOOSE, f"{name}: which mana?", ch, about=name)
    syms = ans[len("choose "):]
    for s in (a, b):
        if syms.count(s):
            ctx.me.pool.add(s, syms.count(s))
    g.log(f"{ctx.me.name} adds " + "".join("{" + s + "}" for s in syms) + " to their mana pool.")


# Burnt Offering: as Sacrifice (the creature is chosen and sacrificed as it resolves; cast
# only while its caster controls a creature), its casting cost in red and/or black mana.
def _burnt_offering(g: Game, ctx: Ctx) -> Gen:
    victim, n = yield from sacrifice_own_creature(g, ctx, "Burnt Offering")
    if victim is not None:
        yield from _add_combination(g, ctx, n, "B", "R", "Burnt Offering")


define("Burnt Offering", spell=SpellSpec(_burnt_offering),
       hooks=Hooks(can_cast=lambda g, p, card: bool(g.creatures(p))))


# Norritt: "{T}: Untap target blue creature." "{T}: Force target non-wall creature to attack.
# If creature cannot attack, destroy it at end of turn. Use this ability only during target
# creature's controller's turn, before the attack. Cannot target creatures brought under
# their controller's control this turn."
def _norritt_force(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        must_attack_this_turn(g, ctx.controller, g.controller(t), {t.oid}, ctx.source_name)
        g.log(f"{t.name} must attack this turn.")
    return
    yield


define("Norritt", abilities=(
    Ability("{T}: Untap target blue creature", Cost(tap=True), untap_targets,
            targets=(creature_where("target blue creature",
                                    lambda g, ctx, c: COLOR_LETTERS[g.word(ctx.source, "blue")]
                                    in g.chars(c).colors),)),
    Ability("{T}: Force target non-wall creature to attack; destroy it at end of turn if it does not",
            Cost(tap=True), _norritt_force,
            targets=(creature_where("target non-wall creature of the active player",
                                    lambda g, ctx, c: "wall" not in g.chars(c).subtypes
                                    and g.controller(c) == g.active and not c.sick),),
            condition=lambda g, c: not g.attack_done and g.combat is None and g.phase in ("upkeep", "draw", "main"))))


# Leshrac's Sigil: "{B}{B}: When any opponent successfully casts a green spell, look at that
# player's hand and choose a card; he or she then discards that card. Use this ability only
# once each time a green spell is cast." (engine.effects.once_per_event: each green spell an
# opponent casts gives one use this turn.) "{B}{B}: Return Leshrac's Sigil to owner's hand."
def _sigil_discard(g: Game, ctx: Ctx) -> Gen:
    opp = ctx.opponent
    g.secrets.append((ctx.controller, f"{opp.name}'s hand: " + (", ".join(sorted(c.name for c in opp.hand))
                                                                 or "empty") + "."))
    if not opp.hand:
        return
    names = sorted({c.name for c in opp.hand})
    ans = yield from g.ask(ctx.controller, DecisionKind.CHOOSE, f"Leshrac's Sigil: choose a card {opp.name} discards",
                           [f"choose {n}" for n in names], about="Leshrac's Sigil")
    card = next(c for c in opp.hand if c.name == ans[len("choose "):])
    yield from discard_card(g, opp.idx, card, by=ctx.controller, why="Leshrac's Sigil")


_sigil_ab, _sigil_credit = once_per_event("{B}{B}: Look at the hand of the opponent who cast a green spell and choose "
                                          "a card they discard", "{B}{B}", _sigil_discard)
define("Leshrac's Sigil", abilities=(
    _sigil_ab, Ability("{B}{B}: Return Leshrac's Sigil to owner's hand", Cost(_mana("{B}{B}")), return_source_to_hand)),
    triggers=(Trigger(Event.SPELL_CAST, _sigil_credit, condition=lambda g, src, d: (
        d["spell"].card is not None and d["spell"].controller != g.controller(src)
        and COLOR_LETTERS[g.word(src, "green")] in d["spell"].colors)),))


# Demonic Consultation: the card is named as the spell resolves, among the names of the cards
# its caster's deck holds (library, hand, graveyard, in play: what a player could sensibly
# name; naming anything else would remove the whole library as well); six cards are removed,
# then cards are revealed and removed until the named one, which goes to the hand.
def _consultation(g: Game, ctx: Ctx) -> Gen:
    me = ctx.me
    names = sorted({c.name for z in ("library", "hand", "graveyard") for c in me.zone(z)}
                   | {c.name for c in g.battlefield if c.owner == me.idx and not c.token})
    if not names:
        return
    ch = [f"choose {n}" for n in names]
    ans = yield from g.ask(ctx.controller, DecisionKind.CHOOSE, "Demonic Consultation: name a card", ch,
                           about="Demonic Consultation", parser=g.parser_for(ctx.controller, ch))
    named = ans[len("choose "):]
    g.log(f"{me.name} names {named}.")
    for _ in range(6):
        if me.library:
            g.move(me.library[0], "removed")
    g.log(f"{me.name} removes the top six cards of their library from the game.")
    while me.library:
        top = me.library[0]
        if top.name == named:
            g.move(top, "hand")
            g.log(f"{me.name} reveals {named} and puts it into their hand.")
            return
        g.log(f"{me.name} reveals {top.name} and removes it from the game.")
        g.move(top, "removed")
    g.log(f"{me.name} finds no {named}.")


define("Demonic Consultation", spell=SpellSpec(_consultation))


# Spoils of War: X is the number of artifact and creature cards in the opponent's graveyard
# (set, not chosen, as Spell Blast's); the X +1/+1 counters are divided as its caster
# announces among the target creatures, each getting at least one (written in target order,
# "2/1"). Choice: in a duel "target opponent" is the one opponent, not chosen as a target
# (the targets are the creatures); nothing in these rules could make a player an illegal target.
def _spoils_of_war_x(g: Game, ctx: Ctx) -> int:
    return _spoils_count(g, g.players[1 - ctx.controller])


def _war_target(g: Game, ctx: Ctx, o: Target) -> bool:
    if not (isinstance(o, Card) and "creature" in g.chars(o).types):
        return False
    chosen = ctx.spell.targets if ctx.spell is not None else []
    return any(o is t for t in chosen) or len(chosen) < _spoils_of_war_x(g, ctx)


def _spoils_of_war(g: Game, ctx: Ctx) -> Gen:
    shares = [int(x) for x in str(ctx.chosen("division", "")).split("/") if x]
    for t, n in zip(ctx.targets, shares):
        if t is not None:
            add_counters(g, t, "+1/+1", n)
    return
    yield


define("Spoils of War", spell=SpellSpec(
    _spoils_of_war, multi_target=True, x_from_target=_spoils_of_war_x,
    targets=(TargetSpec("target creatures (up to X)", kinds(Kind.PERMANENT), _war_target),),
    announce=(Announce("division", "divide the X +1/+1 counters among the targets, in target order (e.g. 2/1)",
                       lambda g, ctx: ["/".join(map(str, c)) for c in _compositions(
                           _spoils_of_war_x(g, ctx), len(ctx.targets))]
                       if ctx.targets and len(ctx.targets) <= _spoils_of_war_x(g, ctx) else []),)))


# Krovikan Vampire: each creature it damaged that was put into a graveyard this turn is put
# into play under its controller's control at end of turn (summoning sick: "as though it were
# just summoned"), and buried as soon as Krovikan Vampire leaves play or changes controller.
def _vampire_victim(g: Game, ctx: Ctx) -> Gen:
    turn, oids = ctx.source.flags.get("vampire_victims", (g.turn, ()))
    ctx.source.flags["vampire_victims"] = (g.turn, (oids if turn == g.turn else ()) + (ctx.data["card"].oid,))
    return
    yield


def _vampire_end(g: Game, ctx: Ctx) -> Gen:
    src, me = ctx.source, ctx.controller
    turn, oids = src.flags.get("vampire_victims", (-1, ()))
    if turn != g.turn or not oids:
        return
    src.flags["vampire_victims"] = (g.turn, ())
    for oid in oids:
        card = next((c for pl in g.players for c in pl.graveyard if c.oid == oid), None)
        if card is None:
            continue
        new = g.move(card, "battlefield", controller=me)
        g.log(f"{new.name} comes into play under {ctx.me.name}'s control (Krovikan Vampire).")
        yield from g.entered(new)
        g.delayed.append(Delayed(Event.STATE, _vampire_bury, me, "Krovikan Vampire", once=True,
                                 condition=_vampire_lost, data={"vampire": src.oid, "victim": new.oid}))


def _vampire_lost(g: Game, d: Delayed, data: dict[str, object]) -> bool:
    vampire = g.find(int(d.data["vampire"]))
    return vampire is None or g.controller(vampire) != d.controller or g.find(int(d.data["victim"])) is None


def _vampire_bury(g: Game, ctx: Ctx) -> Gen:
    victim = g.find(int(ctx.data["delayed"].data["victim"]))
    if victim is not None:
        g.log(f"{victim.name} is buried (Krovikan Vampire).")
        g.destroy(victim, bury=True)
        yield from g.settle()


define("Krovikan Vampire", triggers=(
    Trigger(Event.TO_GRAVEYARD, _vampire_victim,
            condition=lambda g, src, d: d["was_creature"] and src.oid in d["damaged_by"] and not d["card"].token),
    Trigger(Event.END_OF_TURN, _vampire_end)))


# Ashen Ghoul: can attack the turn it comes into play. "{B}: Return Ashen Ghoul to play under
# your control. Use this ability only at the end of your upkeep and only if Ashen Ghoul is in
# your graveyard with at least three creature cards above it": offered to its owner as their
# upkeep ends (the only time it may be used), while it lies under three creature cards.
def _ghoul_buried_deep(g: Game, card: Card) -> bool:
    yard = g.players[card.owner].graveyard
    if card not in yard:
        return False
    return sum(1 for c in yard[:yard.index(card)] if "creature" in c.cdef.types) >= 3


def _ghoul_return(g: Game, ctx: Ctx) -> Gen:
    card = ctx.source
    p = card.owner
    paid = yield from pay_to_use(g, p, "{B}", "Ashen Ghoul: pay {B} to return it to play?", card.name)
    if paid and card in g.players[p].graveyard:
        new = g.move(card, "battlefield", controller=p)
        g.log(f"{new.name} returns to play under {g.players[p].name}'s control.")
        yield from g.entered(new)


define("Ashen Ghoul", keywords=(SICK_ATTACK_OK,), triggers=(Trigger(
    Event.END_UPKEEP, _ghoul_return, zones=("graveyard",),
    condition=lambda g, src, d: src.zone == "graveyard" and g.active == src.owner and _ghoul_buried_deep(g, src)),))


# Infernal Denizen. "During your upkeep, sacrifice two swamps. If you cannot, tap Infernal
# Denizen, and target opponent may gain control of target creature of his or her choice you
# control" (as long as the Denizen stays in play). "{T}: Gain control of target creature" as
# long as the Denizen stays in play. Choice: with two swamps or more the sacrifice is made
# (the controller chooses which); with fewer, none is sacrificed.
def _control_while_in_play(g: Game, card: Card, new: int, src: Card) -> None:
    soid = src.oid
    g.effects.append(Effect(g.stamp(), card.oid, lambda g2, c0, c, new=new: setattr(c, "controller", new), "forever",
                            layer=0, condition=lambda g2: g2.find(soid) is not None))


def _denizen_upkeep(g: Game, ctx: Ctx) -> Gen:
    src, p = ctx.source, ctx.controller
    for i in range(2):
        swamps = g.permanents(p, type_="land", subtype=g.word(src, "swamp"))
        if len(swamps) < 2 - i:
            break
        ch = [f"sacrifice {ref(g, c)}" for c in swamps]
        ans = yield from g.ask(p, DecisionKind.SACRIFICE, f"Infernal Denizen: sacrifice a swamp ({i + 1} of 2)", ch,
                               about=src.name, parser=g.parser_for(p, ch))
        yield from g.put_in_graveyard([swamps[ch.index(ans)]], how="sacrifice")
    else:
        return
    src.tapped = True
    g.log(f"{src.name} is tapped: two swamps were not sacrificed.")
    yield from g.note_taps()
    opp = 1 - p
    mine = g.creatures(p)
    if not mine:
        return
    ch = [f"choose {ref(g, c)}" for c in mine]
    ans = yield from g.ask(opp, DecisionKind.CHOOSE, f"Infernal Denizen: gain control of a creature of "
                           f"{g.players[p].name}'s?", ch + ["choose no"], decline="choose no", about=src.name,
                           parser=g.parser_for(opp, ch + ["choose no"]))
    if ans != "choose no":
        c = mine[ch.index(ans)]
        _control_while_in_play(g, c, opp, src)
        g.log(f"{g.players[opp].name} gains control of {c.name} as long as {src.name} stays in play.")


def _denizen_steal(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        _control_while_in_play(g, t, ctx.controller, ctx.source)
        g.log(f"{ctx.me.name} gains control of {t.name} as long as {ctx.source.name} stays in play.")
    return
    yield


_den_ab, _den_end = during_upkeep("Sacrifice two swamps, or tap Infernal Denizen and the opponent may take a creature",
                                  _denizen_upkeep)
define("Infernal Denizen", abilities=(
    _den_ab, Ability("{T}: Gain control of target creature as long as Infernal Denizen stays in play", Cost(tap=True),
                     _denizen_steal, targets=(CREATURE,))), hooks=Hooks(end_of_upkeep=_den_end))


# Dance of the Dead: as Animate Dead (cast on a creature card in any graveyard, which comes
# into play under the caster's control, as if just summoned, and is buried when Dance of the
# Dead goes to the graveyard), but tapped and with +1/+1; the creature does not untap in its
# controller's untap phase, and as that player's upkeep ends they may pay {1}{B} to untap it.
def _dance_enter(g: Game, ctx: Ctx) -> Gen:
    aura_card = ctx.source
    dead = next((c for pl in g.players for c in pl.graveyard if c.oid == aura_card.attached_to), None)
    if dead is None:
        return  # already in play (set up attached), or the card is gone
    new = g.move(dead, "battlefield", controller=ctx.controller, tapped=True)
    aura_card.attached_to = new.oid
    g.log(f"{new.name} comes into play tapped from {g.players[dead.owner].name}'s graveyard under "
          f"{ctx.me.name}'s control (Dance of the Dead).")
    yield from g.entered(new)


def _dance_mod(g: Game, card: Card, c: Chars) -> None:
    pump_mod(1, 1)(g, card, c)
    c.flags.add("doesn't untap")


def _dance_untap(g: Game, src: Card) -> Gen:
    host = g.enchanted(src)
    if host is None or not host.tapped or g.controller(host) != g.active:
        return
    paid = yield from pay_to_use(g, g.active, "{1}{B}", f"Dance of the Dead: pay {{1}}{{B}} to untap {host.name}?",
                                 src.name)
    if paid and host in g.battlefield:
        host.tapped = False
        g.log(f"{host.name} untaps (Dance of the Dead).")


define("Dance of the Dead",
       enchant=TargetSpec("target creature in a graveyard", kinds(Kind.GRAVEYARD_CARD), _dead_or_animated),
       on_enter=_dance_enter, statics=(aura(_dance_mod),), hooks=Hooks(end_of_upkeep=_dance_untap),
       triggers=(Trigger(Event.TO_GRAVEYARD, _animate_leaves, zones=("graveyard",),
                         condition=lambda g, src, d: d["card"] is src),))


# Dread Wight: at end of combat each creature blocking it or blocked by it gets a
# paralyzation counter and is tapped. A creature with a paralyzation counter does not untap
# in its controller's untap phase and has "{4}: Remove a paralyzation counter" (the fast
# effect its controller may use), for as long as it stays in play, Dread Wight or not.
def _remove_paralysis(g: Game, ctx: Ctx) -> Gen:
    if ctx.source is not None and ctx.source in g.battlefield:
        add_counters(g, ctx.source, "paralyzation", -1)
    return
    yield


_PARALYSIS = Ability("{4}: Remove a paralyzation counter from this creature", Cost(_mana("{4}")), _remove_paralysis,
                     condition=lambda g, c: c.counters.get("paralyzation", 0) > 0)


def _paralyzed(g: Game, card: Card, c: Chars) -> None:
    if card.counters.get("paralyzation", 0) > 0:
        c.flags.add("doesn't untap")
        c.abilities.append(_PARALYSIS)


def _dread_wight(g: Game, ctx: Ctx) -> Gen:
    for oid in _fighting(g, ctx.source.oid):
        c = g.find(oid)
        if c is None:
            continue
        if not c.counters.get("paralyzation"):
            g.effects.append(Effect(g.stamp(), c.oid, _paralyzed, "forever"))
        add_counters(g, c, "paralyzation", 1)
        c.tapped = True
        g.log(f"{c.name} is tapped (Dread Wight).")
    yield from g.note_taps()


define("Dread Wight", triggers=(Trigger(Event.END_OF_COMBAT, _dread_wight),))


# Gaze of Pain: a sorcery whose effect waits for this turn's blocks: then, for each creature
# of its caster's that attacks and is not blocked, the caster may choose a creature (a target
# of Gaze of Pain's effect, so protection from black keeps it from being chosen) to which that
# attacker's damage to the defending player is dealt instead: its combat damage, equal to its
# power unless something changes it. A chosen creature gone by then takes nothing, and the
# player nothing either ("instead").
def _own_attack(g: Game, d: Delayed, data: dict[str, object]) -> bool:
    """Condition of a delayed effect: the combat under way is its controller's attack."""
    return g.combat is not None and g.combat.attacker == d.controller


def _gaze_of_pain(g: Game, ctx: Ctx) -> Gen:
    g.delayed.append(Delayed(Event.BLOCKERS_DECLARED, _gaze_blocks, ctx.controller, "Gaze of Pain", turn=g.turn,
                             condition=_own_attack))
    g.log("Gaze of Pain: this turn's unblocked attackers may deal their damage to creatures instead.")
    return
    yield


#: the delayed effect is Gaze of Pain's, a black card: its color (not a word of its text)
_GAZE_COLORS = frozenset("B")


def _gaze_blocks(g: Game, ctx: Ctx) -> Gen:
    cb, p = g.combat, ctx.controller
    if cb is None:
        return
    for i, band in enumerate(cb.bands):
        if i in cb.blocked:
            continue
        for oid in band:
            a = g.find(oid)
            if a is None or g.controller(a) != p:
                continue
            cands = [c for c in g.creatures() if g.targetable(c, _GAZE_COLORS)]
            ch = [f"choose {ref(g, c)}" for c in cands]
            ans = yield from g.ask(p, DecisionKind.CHOOSE, f"Gaze of Pain: {a.name} deals its damage to a creature "
                                   f"instead of {g.players[cb.defender].name}?", ch + ["choose no"],
                                   decline="choose no", about="Gaze of Pain",
                                   parser=g.parser_for(p, ch + ["choose no"]))
            if ans == "choose no":
                continue
            victim = cands[ch.index(ans)]
            g.effects.append(Effect(g.stamp(), None, lambda g2, card, c: None, "eot", applies=lambda g2, card, c: False,
                                    hooks=EffectHooks(redirect_damage=lambda g2, pk, a_oid=a.oid, v=victim: v
                                                      if pk.combat and pk.source_oid == a_oid
                                                      and isinstance(pk.receiver, Player) else None)))
            g.log(f"{a.name} will deal its damage to {victim.name} instead (Gaze of Pain).")


define("Gaze of Pain", spell=SpellSpec(_gaze_of_pain))


# Soul Burn: X is paid with {B} and/or {R}, how many {B} announced as it is cast (choose=N,
# the rest {R}); it deals X damage to its target, and its caster gains 1 life for each {B},
# but no more than the creature's toughness or the player's life as Soul Burn resolves.
def _soul_burn_black(g: Game, spell: Spell) -> int:
    return min(spell.x, int(spell.chosen.get("black", 0) or 0))


def _soul_burn(g: Game, ctx: Ctx) -> Gen:
    t = ctx.target
    if t is None:
        return
    cap = t.life if isinstance(t, Player) else (g.chars(t).toughness or 0)
    black = _soul_burn_black(g, ctx.spell)
    g.deal_damage(ctx.spell, t, ctx.x)
    yield from g.settle()
    g.gain_life(ctx.controller, max(0, min(black, cap)))


define("Soul Burn", spell=SpellSpec(_soul_burn, targets=(CREATURE_OR_PLAYER,), announce=(
    Announce("black", "how much of X is paid with {B} (the rest with {R})?",
             lambda g, ctx: [str(i) for i in range(ctx.x + 1)]),)),
    hooks=Hooks(x_colors=lambda g, spell: {"B": _soul_burn_black(g, spell),
                                           "R": spell.x - _soul_burn_black(g, spell)}))


# Oath of Lim-Dûl: for each 1 damage dealt to its controller or 1 life they lose, they
# sacrifice a permanent other than the Oath or choose and discard a card (their choice each
# time), unless they have neither. Damage is counted as it is dealt (after its prevention
# step); a loss of life is heard at the next settle (Event.LIFE_LOST). "{B}{B}: Draw a card."
def _oath_pay(g: Game, ctx: Ctx, n: int) -> Gen:
    src, p = ctx.source, ctx.controller
    for i in range(n):
        perms = [c for c in g.permanents(p) if c is not src]
        hand = sorted({c.name for c in g.players[p].hand})
        if not perms and not hand:
            return
        ch = [f"sacrifice {ref(g, c)}" for c in perms] + [f"discard {x}" for x in hand]
        ans = yield from g.ask(p, DecisionKind.CHOOSE, f"Oath of Lim-Dûl: sacrifice a permanent or discard a card "
                               f"({i + 1} of {n})", ch, about=src.name, parser=g.parser_for(p, ch))
        if ans.startswith("discard "):
            card = next(c for c in g.players[p].hand if c.name == ans[len("discard "):])
            yield from discard_card(g, p, card, by=p, why="Oath of Lim-Dûl")
        else:
            yield from g.put_in_graveyard([perms[ch.index(ans)]], how="sacrifice")


def _oath_damage(g: Game, ctx: Ctx) -> Gen:
    yield from _oath_pay(g, ctx, ctx.data["packet"].amount)


def _oath_life(g: Game, ctx: Ctx) -> Gen:
    yield from _oath_pay(g, ctx, ctx.data["amount"])


define("Oath of Lim-Dûl", abilities=(Ability("{B}{B}: Draw a card", Cost(_mana("{B}{B}")), draw_cards(1)),), triggers=(
    Trigger(Event.DAMAGE_DEALT, _oath_damage, condition=lambda g, src, d: isinstance(d["packet"].receiver, Player)
            and d["packet"].receiver.idx == g.controller(src) and d["packet"].amount > 0),
    Trigger(Event.LIFE_LOST, _oath_life, condition=lambda g, src, d: d["player"] == g.controller(src))))
