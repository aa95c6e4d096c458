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
                       discard_card, draw_cards, draw_next_upkeep, during_upkeep, each_target, flag_mod, grant, keyword_mod,
                       must_attack_this_turn, on_enchanted, once_per_event, on_source, pay_to_use, permanent_target,
                       pump, pump_mod, regeneration, sacrifice_own_creature, self_only, sequence, set_aside_top_card,
                       snow_covered_lands, static_for, tap_targets, until_eot, upkeep_cost, upkeep_of,
                       while_source_tapped)
from ..hooks import EffectHooks, Hooks
from ..mana import COLOR_LETTERS, ManaCost
from ..model import (SICK_ATTACK_OK, Ability, Announce, Cost, Delayed, EffectFn, Event, Gen, Kind, Mode, Speed,
                     SpellSpec, Static, Target, TargetSpec, Trigger, kinds)
from ..objects import Card, Chars, Effect, Packet, Player, Spell
from ..refs import ref
from ..words import counted
from .red import _compositions  # the ways to divide damage among targets (Pyrotechnics)
from .red import _hydra_save as _prevent_one_to_source  # Rock Hydra's "prevent 1 damage to it"
from .black import _animate_leaves, _dead_or_animated  # Animate Dead's target and its burial
from .green import _fog  # "No creatures deal damage in combat this turn"
from .the_dark import _next_untap_of_controller

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
def _to_owners_hand(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    if src is not None and src in g.battlefield:
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


# ------------------------------------------------------------------ black, second part

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


# ------------------------------------------------------------------ red, second part

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


# ------------------------------------------------------------------ third part

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


# ------------------------------------------------------------------ fourth part

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


# Orcish Lumberjack: an ability played as an interrupt (not a mana ability: it has a choice
# and a sacrifice), adding three mana.
def _lumberjack(g: Game, ctx: Ctx) -> Gen:
    yield from _add_combination(g, ctx, 3, "R", "G", "Orcish Lumberjack")


define("Orcish Lumberjack", abilities=(Ability(
    "{T}: Sacrifice a forest to add three mana in any combination of red and/or green",
    Cost(tap=True, sacrifice="forest"), _lumberjack, speed=Speed.INTERRUPT),))


# Burnt Offering: as Sacrifice (the creature is chosen and sacrificed as it resolves; cast
# only while its caster controls a creature), its casting cost in red and/or black mana.
def _burnt_offering(g: Game, ctx: Ctx) -> Gen:
    victim, n = yield from sacrifice_own_creature(g, ctx, "Burnt Offering")
    if victim is not None:
        yield from _add_combination(g, ctx, n, "B", "R", "Burnt Offering")


define("Burnt Offering", spell=SpellSpec(_burnt_offering),
       hooks=Hooks(can_cast=lambda g, p, card: bool(g.creatures(p))))


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


def _untap_targets(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        t.tapped = False
        g.log(f"{t.name} untaps.")
    return
    yield


define("Norritt", abilities=(
    Ability("{T}: Untap target blue creature", Cost(tap=True), _untap_targets,
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
    _sigil_ab, Ability("{B}{B}: Return Leshrac's Sigil to owner's hand", Cost(_mana("{B}{B}")), _to_owners_hand)),
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


def _meteor_shower(g: Game, ctx: Ctx) -> Gen:
    shares = [int(x) for x in str(ctx.chosen("division", "")).split("/") if x]
    for t, n in zip(ctx.targets, shares):
        if t is not None:
            g.deal_damage(ctx.spell, t, n)
    return
    yield


define("Meteor Shower", spell=SpellSpec(
    _meteor_shower, multi_target=True,
    targets=(TargetSpec("target creatures and/or players (up to X+1)", kinds(Kind.PERMANENT, Kind.PLAYER),
                        _shower_target),),
    announce=(Announce("division", "divide X+1 damage among the targets, in target order (e.g. 2/1)",
                       lambda g, ctx: ["/".join(map(str, c)) for c in _compositions(ctx.x + 1, len(ctx.targets))]
                       if ctx.targets and len(ctx.targets) <= ctx.x + 1 else []),)))


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


# ------------------------------------------------------------------ counting permanents in upkeep

def _permanents_even(g: Game) -> bool:
    return len(g.battlefield) % 2 == 0


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
def _is_red_creature(g: Game, card: Card, c: Chars) -> bool:
    return "creature" in c.types and "R" in c.colors


def _chaos_moon_count(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    n = len(g.battlefield)
    odd = bool(n % 2)
    src.flags["moon"] = (g.turn, odd)
    mod = pump_mod(1, 1) if odd else pump_mod(-1, -1)
    g.effects.append(Effect(g.stamp(), None, lambda g2, card, c, mod=mod: mod(g2, card, c), "eot",
                            applies=_is_red_creature))
    if not odd:
        g.effects.append(Effect(g.stamp(), None, lambda g2, card, c: None, "eot", applies=lambda g2, card, c: False,
                                hooks=EffectHooks(land_mana=lambda g2, card, ch: "C" if "mountain" in ch.subtypes
                                                  else None)))
    what = ("odd: red creatures get +1/+1 and mountains add an extra {R}" if odd
            else "even: red creatures get -1/-1 and mountains produce colorless mana")
    g.log(f"Chaos Moon: {n} permanents, {what} until end of turn.")
    yield from g.settle()


def _moon_extra(g: Game, src: Card, card: Card) -> int:
    turn, odd = src.flags.get("moon", (-1, False))
    return 1 if turn == g.turn and odd and "mountain" in g.chars(card).subtypes else 0


_cm_ab, _cm_end = during_upkeep("Count the permanents (Chaos Moon)", _chaos_moon_count, whose="each")
define("Chaos Moon", abilities=(_cm_ab,), hooks=Hooks(end_of_upkeep=_cm_end, extra_mana=_moon_extra))


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
def _gaze_of_pain(g: Game, ctx: Ctx) -> Gen:
    g.delayed.append(Delayed(Event.BLOCKERS_DECLARED, _gaze_blocks, ctx.controller, "Gaze of Pain", turn=g.turn,
                             condition=lambda g2, d, data: g2.combat is not None and g2.combat.attacker == d.controller))
    g.log("Gaze of Pain: this turn's unblocked attackers may deal their damage to creatures instead.")
    return
    yield


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
            cands = [c for c in g.creatures() if g.targetable(c, frozenset({"B"}))]
            ch = [f"choose {ref(g, c)}" for c in cands]
            ans = yield from g.ask(p, DecisionKind.CHOOSE, f"Gaze of Pain: {a.name} deals its damage to a creature "
                                   f"instead of {g.players[cb.defender].name}?", ch + ["choose no"],
                                   decline="choose no", about="Gaze of Pain", parser=g.parser_for(p, ch + ["choose no"]))
            if ans == "choose no":
                continue
            victim = cands[ch.index(ans)]
            g.effects.append(Effect(g.stamp(), None, lambda g2, card, c: None, "eot", applies=lambda g2, card, c: False,
                                    hooks=EffectHooks(redirect_damage=lambda g2, pk, a_oid=a.oid, v=victim: v
                                                      if pk.combat and pk.source_oid == a_oid
                                                      and isinstance(pk.receiver, Player) else None)))
            g.log(f"{a.name} will deal its damage to {victim.name} instead (Gaze of Pain).")


define("Gaze of Pain", spell=SpellSpec(_gaze_of_pain))


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
                             condition=lambda g2, d, data: g2.combat is not None and g2.combat.attacker == d.controller))
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
