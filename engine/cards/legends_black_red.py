"""Legends (LEG) black and red cards.

Each card does what its printed Legends text says (or its latest old
printing's), with the Fifth Edition rules; odd cards are decided in a comment
where they are defined.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Callable, Sequence

from ..carddb import define, get
from ..ctx import Ctx
from ..decisions import DecisionKind
from ..effects import (creature_of, CREATURE, CREATURE_OR_PLAYER, PLAYER, add_counters, aura, bounce_targets, colored_permanent,
                       creature_where, destroy_targets, discard_card, each_target, flag_mod, forced_upkeep_target,
                       keyword_mod, nothing, on_source, pay_to_use, permanent_target, pump, pump_mod, regeneration, self_only,
                       static_for, upkeep_of)
from ..effects import color_until_eot, colors_in_text, lands_of_type  # words of the card's text (Magical Hack)
from ..hooks import EffectHooks, Hooks
from ..mana import COLOR_LETTERS, ManaCost
from ..model import Ability, Cost, Delayed, Event, Gen, Kind, Mode, SpellSpec, Target, TargetSpec, Trigger, kinds, only_type_refused
from ..objects import Card, Chars, Effect, Packet, Player, Spell
from ..refs import ref
from .green import _fog
from .white import _YOUR_DEAD_CREATURE, _resurrection

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

# Rampage creatures: the keyword is read from the printed text ("Rampage: 3")
# and applied as blockers are declared (engine.combat CombatRules.apply_rampage).
for _name in ("Aerathi Berserker", "Frost Giant"):
    define(_name)


def deal_and_settle(g: Game, source: Spell | Card, receiver: Card | Player, n: int) -> Gen:
    """Deal ``n`` damage now and settle it (its damage prevention step and
    deaths); returns how much was dealt to ``receiver`` after prevention."""
    g.deal_damage(source, receiver, n)
    packets = [pk for pk in g.pending_damage if pk.receiver is receiver]
    yield from g.settle()
    return sum(pk.amount for pk in packets)


def choose_one(g: Game, p: int, prompt: str, options: Sequence[Target], about: str) -> Gen:
    """Player ``p`` chooses one of ``options`` (permanents, players, cards)."""
    ch = [f"choose {ref(g, o)}" for o in options]
    ans = yield from g.ask(p, DecisionKind.CHOOSE, prompt, ch, parser=g.parser_for(p, ch), about=about)
    return options[ch.index(ans)]


# Chain Lightning: 3 damage to one target; each time it does damage, the
# player dealt damage, or the controller of the creature dealt damage (as it
# was when dealt), may pay {R}{R} to have it deal 3 damage to a target of their
# choice, and so on. Decision: the chained damage happens while Chain Lightning
# resolves (no card, not cast, so nothing may interrupt it; the 4th Ed. era
# text says "have Chain Lightning do 3 damage", not "copy"); its new target
# must be legal for a red sorcery (protection from red is respected); each
# step has its own damage prevention step, and damage prevented entirely ends
# the chain ("each time Chain Lightning does damage").
def _chain_lightning(g: Game, ctx: Ctx) -> Gen:
    spell, t = ctx.spell, ctx.target
    while t is not None:
        payer = t.idx if isinstance(t, Player) else g.controller(t)
        dealt = yield from deal_and_settle(g, spell, t, 3)
        if dealt <= 0:
            return
        paid = yield from pay_to_use(g, payer, "{R}{R}", "Chain Lightning: pay {R}{R} to have it deal 3 damage "
                                     "to a target of your choice?", "Chain Lightning")
        if not paid:
            return
        spell = Spell(g.new_sid(), payer, None, None, "Chain Lightning", colors=ctx.spell.colors,
                      types=frozenset({"sorcery"}))
        cands = g.target_candidates(CREATURE_OR_PLAYER, spell, None)
        if not cands:
            return
        t = yield from choose_one(g, payer, "Chain Lightning: deal 3 damage to which target?", cands,
                                  "Chain Lightning")
        g.log(f"{g.players[payer].name} pays {{R}}{{R}}: Chain Lightning goes on to {ref(g, t)}.")


define("Chain Lightning", spell=SpellSpec(_chain_lightning, targets=(CREATURE_OR_PLAYER,)))


# The Abyss (enchant world): "All players bury one target non-artifact
# creature under their control, if they have any, during their upkeep." A
# fast effect of each player's upkeep (the duel-script contract's Upkeep): the
# player whose upkeep it is carries it out at any of their opportunities,
# choosing the target as they use it (`activate The Abyss -> Grizzly Bears`;
# a creature with protection from black cannot be chosen, an artifact creature
# is not one); not done when upkeep would end, it becomes a choice that cannot
# be declined (`choose Grizzly Bears`). With no such creature it does nothing.
_ABYSS_TARGET = creature_where("target non-artifact creature you control", lambda g, ctx, c: g.controller(
    c) == ctx.controller and "artifact" not in g.chars(c).types)
_abyss_ab = Ability("During your upkeep, bury one target non-artifact creature you control", Cost(),
                    destroy_targets(bury=True), targets=(_ABYSS_TARGET,), who="active", condition=upkeep_of("each"),
                    once_per_phase=True)


def _abyss_end(g: Game, card: Card) -> Gen:
    if card.phase_uses.get(g.phase_key()) or card.zone != "battlefield":
        return
    if not (yield from forced_upkeep_target(g, card, _abyss_ab)):
        g.log(f"The Abyss: {g.players[g.active].name} has no non-artifact creature to bury.")


define("The Abyss", abilities=(_abyss_ab,), hooks=Hooks(end_of_upkeep=_abyss_end))


# Nether Void (enchant world): every spell cast (not an ability; copies are not
# cast) is countered unless its caster pays {3} more. Decision: the demand
# happens as the spell is cast, before either player may interrupt it (a
# triggered effect happens as its event happens); a caster who cannot pay has
# the spell countered.
def _nether_void(g: Game, src: Card, spell: Spell) -> Gen:
    p = spell.controller
    paid = yield from pay_to_use(g, p, "{3}", f"Nether Void: pay {{3}} or {spell.name} is countered?",
                                 "Nether Void")
    if paid:
        g.log(f"{g.players[p].name} pays {{3}} for Nether Void.")
    else:
        spell.countered = True
        g.log(f"Nether Void counters {spell.name}.")


define("Nether Void", hooks=Hooks(on_cast=_nether_void))


# Hellfire: destroy all non-black creatures (regeneration allowed), then
# Hellfire deals X + 3 damage to its caster, X being the number of creatures
# that were put into a graveyard by it (a regenerated creature does not count;
# a token does; Oracle rulings). The damage has its own prevention step.
def _hellfire(g: Game, ctx: Ctx) -> Gen:
    black = COLOR_LETTERS[g.word(ctx.source, "black")]
    for c in g.creatures():
        if black not in g.chars(c).colors:
            g.destroy(c)
    before = g.creature_deaths.get(g.turn, 0)
    yield from g.settle()
    x = g.creature_deaths.get(g.turn, 0) - before
    g.deal_damage(ctx.spell, ctx.me, x + 3)


define("Hellfire", spell=SpellSpec(_hellfire))


# Chains of Mephistopheles: each card a player draws, except the first of
# their draw phase's draw, is replaced: with cards in hand, the player first
# discards one of their choice, then draws; with an empty hand, the top card
# of their library goes to the graveyard instead and nothing is drawn. Several
# Chains apply one after the other to the same draw (Oracle rulings).
def _chains(g: Game, src: Card, p: int, first: bool) -> Gen:
    if first:
        return False
    pl = g.players[p]
    if pl.hand:
        names = sorted({c.name for c in pl.hand})
        ans = yield from g.ask(p, DecisionKind.DISCARD, "Chains of Mephistopheles: discard a card before drawing",
                               [f"discard {n}" for n in names], about=src.name)
        yield from discard_card(g, p, next(c for c in pl.hand if c.name == ans[len("discard "):]),
                                by=g.controller(src))
        return False
    if pl.library:
        top = g.move(pl.library[0], "graveyard")
        g.log(f"Chains of Mephistopheles: {pl.name} has no card in hand; {top.name} goes from the library to "
              "the graveyard instead of being drawn.")
    return True


define("Chains of Mephistopheles", hooks=Hooks(before_draw=_chains))


# Underworld Dreams: 1 damage to an opponent of its controller for each card
# that player draws (each draw, then settled).
def _dreams(g: Game, src: Card, p: int) -> Gen:
    if p != g.controller(src):
        g.deal_damage(src, g.players[p], 1)
        yield from g.settle()


define("Underworld Dreams", hooks=Hooks(each_draw=_dreams))


# Land's Edge (enchant world): any player may, at any time they could play a
# fast effect, discard a card of their choice (a cost) targeting a player; if
# the card was a land, Land's Edge deals 2 damage to that player. Only these
# discards count (Oracle ruling), not forced ones.
def _lands_edge(g: Game, ctx: Ctx) -> Gen:
    if "land" in ctx.chosen("discarded_types", frozenset()):
        for t in ctx.targets:
            if t is not None:
                g.deal_damage(ctx.spell, t, 2)
    return
    yield


define("Land's Edge", abilities=(Ability(
    "Discard a card: if it is a land, Land's Edge deals 2 damage to target player", Cost(discard=True),
    _lands_edge, targets=(PLAYER,), who="any"),))


define("Walking Dead", abilities=(regeneration("{B}"),))


# ================================================================= simple creatures and walls

for _name in ("Headless Horseman", "Raging Bull", "Wall of Earth", "Wall of Heat", "Mountain Yeti"):
    define(_name)
# the Kobolds cost {0} and are red (the card data gives them the color red): "a red
# spell ... a red creature" is a word of their text, which Sleight of Mind may change
for _name in ("Crimson Kobolds", "Crookshank Kobolds", "Kobolds of Kher Keep"):
    define(_name, hooks=Hooks(base_chars=colors_in_text))

define("Wall of Opposition", abilities=(Ability("{1}: +1/+0 until end of turn", Cost(ManaCost.parse("{1}")),
                                                on_source(pump(1, 0))),))
define("Ghosts of the Damned", abilities=(Ability("{T}: Target creature gets -1/-0 until end of turn",
                                                  Cost(tap=True), pump(-1, 0), targets=(CREATURE,)),))
define("Spinal Villain", abilities=(Ability("{T}: Destroy target blue creature", Cost(tap=True), destroy_targets(),
                                            targets=(creature_where("target blue creature", lambda g, ctx, c:
                                                     COLOR_LETTERS[g.word(ctx.source, "blue")] in g.chars(c).colors),
                                                     ),),))
# Fallen Angel: sacrificing a creature (itself too) is the cost.
define("Fallen Angel", abilities=(Ability("Sacrifice a creature: +2/+1 until end of turn", Cost(sacrifice="creature"),
                                          on_source(pump(2, 1))),))


# Hyperion Blacksmith: tap or untap (its controller chooses as it resolves)
# target artifact an opponent controls.
def _blacksmith(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        ans = yield from g.ask(ctx.controller, DecisionKind.CHOOSE, f"Hyperion Blacksmith: tap or untap {ref(g, t)}?",
                               ["choose tap", "choose untap"], about="Hyperion Blacksmith")
        t.tapped = ans == "choose tap"
        g.log(f"{t.name} becomes {'tapped' if t.tapped else 'untapped'}.")
    yield from g.note_taps()


define("Hyperion Blacksmith", abilities=(Ability(
    "{T}: Target artifact an opponent controls becomes tapped or untapped", Cost(tap=True), _blacksmith,
    targets=(permanent_target("target artifact an opponent controls", lambda g, ctx, c: "artifact" in
                              g.chars(c).types and g.controller(c) != ctx.controller),)),))


# Kobold lords: "your Kobolds" are the creatures of type Kobolds their
# controller controls.
def _your_kobolds(g: Game, src: Card, card: Card, c: Chars) -> bool:
    return "creature" in c.types and "kobolds" in c.subtypes and c.controller == g.controller(src)


define("Kobold Drill Sergeant", statics=(static_for(_your_kobolds, lambda g, card, c: (pump_mod(0, 1)(g, card, c),
                                                                                      c.keywords.add("trample"))),))
define("Kobold Overlord", statics=(static_for(_your_kobolds, keyword_mod("first strike")),))
define("Kobold Taskmaster", statics=(static_for(_your_kobolds, pump_mod(1, 0)),))


# Beasts of Bogardan: +1/+1 while an opponent controls a white permanent
# ("white cards": tokens are not cards).
def _bogardan(g: Game, src: Card, card: Card, c: Chars) -> None:
    white = COLOR_LETTERS[g.word(card, "white")]
    if any(not o.token and white in g.chars(o).colors for o in g.permanents(1 - c.controller)):
        pump_mod(1, 1)(g, card, c)


define("Beasts of Bogardan", statics=(static_for(self_only, lambda g, card, c: _bogardan(g, card, card, c)),))


# Gravity Sphere (enchant world): no creature has flying.
define("Gravity Sphere", statics=(static_for(lambda g, src, card, c: "creature" in c.types,
                                             lambda g, card, c: c.keywords.discard("flying"), layer=6),))


# ================================================================= spells

define("Active Volcano", spell=SpellSpec(modes=(
    Mode("Destroy target blue permanent", (colored_permanent("blue"),), destroy_targets()),
    Mode("Return target island to owner's hand", (permanent_target("target island", lambda g, ctx, c: g.word(
        ctx.source, "island") in g.chars(c).subtypes),), bounce_targets()),
)))


# Darkness: Fog's effect (no creature deals combat damage this turn); cast
# before combat damage is dealt (not in a damage prevention step).
define("Darkness", spell=SpellSpec(_fog))


# Hell Swarm: each creature in play as it resolves gets -1/-0 until end of turn.
def _hell_swarm(g: Game, ctx: Ctx) -> Gen:
    for c in g.creatures():
        g.effects.append(Effect(g.stamp(), c.oid, pump_mod(-1, 0), "eot"))
    return
    yield


define("Hell Swarm", spell=SpellSpec(_hell_swarm))


# Jovial Evil: 2 damage to the caster's opponent for each white creature they control.
def _jovial(g: Game, ctx: Ctx) -> Gen:
    opp = ctx.opponent
    white = COLOR_LETTERS[g.word(ctx.spell.card, "white")]
    n = sum(1 for c in g.creatures(opp.idx) if white in g.chars(c).colors)
    g.deal_damage(ctx.spell, opp, 2 * n)
    return
    yield


define("Jovial Evil", spell=SpellSpec(_jovial))


# Syphon Soul: 2 damage to each other player; its caster gains as much life as
# the damage actually dealt (after prevention).
def _syphon(g: Game, ctx: Ctx) -> Gen:
    dealt = yield from deal_and_settle(g, ctx.spell, ctx.opponent, 2)
    if dealt > 0:
        g.gain_life(ctx.controller, dealt)


define("Syphon Soul", spell=SpellSpec(_syphon))


# Touch of Darkness, Dwarven Song: any number of target creatures become black
# (red) until end of turn.
define("Touch of Darkness", spell=SpellSpec(color_until_eot("black"), targets=(CREATURE,), multi_target=True))
define("Dwarven Song", spell=SpellSpec(color_until_eot("red"), targets=(CREATURE,), multi_target=True))


# Transmutation: the target's power and toughness are switched until end of
# turn, after every other effect (so effects that change its power change its
# toughness instead, as printed).
def _switch(g: Game, card: Card, c: Chars) -> None:
    if c.power is not None:
        c.power, c.toughness = c.toughness, c.power


define("Transmutation", spell=SpellSpec(
    lambda g, ctx: _eot_layer(g, ctx, _switch, 99), targets=(CREATURE,)))


def _eot_layer(g: Game, ctx: Ctx, modify: Callable[[Game, Card, Chars], None], layer: int) -> Gen:
    for t in each_target(ctx):
        if isinstance(t, Card):
            g.effects.append(Effect(g.stamp(), t.oid, modify, "eot", layer=layer))
    return
    yield


# ================================================================= combat cards

# Quagmire, Crevasse: swampwalk (mountainwalk) does not stop blocks (the
# landwalk as the card's text reads it: Magical Hack).
define("Quagmire", hooks=Hooks(ignores_landwalk=lambda g, src, kw: kw == g.swap_words("swampwalk", src)))
define("Crevasse", hooks=Hooks(ignores_landwalk=lambda g, src, kw: kw == g.swap_words("mountainwalk", src)))


# Demonic Torment: the enchanted creature cannot attack and deals no combat damage.
define("Demonic Torment", enchant=CREATURE, statics=(aura(flag_mod("cannot attack")),),
       hooks=Hooks(reduce_damage=lambda g, src, pk: pk.combat and src.attached_to is not None
                   and pk.source_oid == src.attached_to))


# Evil Eye of Orms-by-Gore: blocked only by walls; its controller's creatures
# other than Evil Eyes cannot attack.
define("Evil Eye of Orms-by-Gore",
       hooks=Hooks(can_be_blocked_by=lambda g, attacker, blocker: "wall" in g.chars(blocker).subtypes,
                   attack_restriction=lambda g, src, c: g.controller(c) != g.controller(src)
                   or "evil eye" in g.chars(c).subtypes))

def _blocked_by(g: Game, wall: Card) -> list[Card]:
    cb = g.combat
    i = cb.blocking(wall.oid) if cb is not None else None
    return [] if i is None else [c for c in (g.find(o) for o in cb.bands[i]) if c is not None]


# Glyph of Doom: at end of combat, destroy every creature the target wall
# blocks (then: the wall as it is at end of combat).
def _glyph_doom(g: Game, ctx: Ctx) -> Gen:
    wall = ctx.target
    if wall is None:
        return

    def doom(g2: Game, c2: Ctx) -> Gen:
        w = g2.find(wall.oid)
        for c in (_blocked_by(g2, w) if w is not None else []):
            g2.destroy(c)
        return
        yield
    g.delayed.append(Delayed(Event.END_OF_COMBAT, doom, ctx.controller, "Glyph of Doom", turn=g.turn))
    return
    yield


define("Glyph of Doom", spell=SpellSpec(_glyph_doom, targets=(creature_of("wall", "target wall"),)))


# Glyph of Destruction: target blocking wall its caster controls gets +10/+0
# until end of turn (it is cast while the wall blocks), all damage dealt to it
# this turn is reduced to 0, and it is destroyed at end of turn.
def _glyph_destruction(g: Game, ctx: Ctx) -> Gen:
    wall = ctx.target
    if wall is None:
        return
    oid = wall.oid
    g.effects.append(Effect(g.stamp(), oid, pump_mod(10, 0), "eot",
                            hooks=EffectHooks(reduce_damage=lambda g2, pk: isinstance(pk.receiver, Card)
                                              and pk.receiver.oid == oid)))

    def destroy(g2: Game, c2: Ctx) -> Gen:
        w = g2.find(oid)
        if w is not None:
            g2.destroy(w)
        return
        yield
    g.delayed.append(Delayed(Event.END_OF_TURN, destroy, ctx.controller, "Glyph of Destruction", turn=g.turn))
    return
    yield


define("Glyph of Destruction", spell=SpellSpec(_glyph_destruction, targets=(creature_of(
    "wall", "target blocking wall you control", lambda g, ctx, c: g.controller(c) == ctx.controller and g.combat is not None
    and g.combat.blocking(c.oid) is not None),)))


# Infernal Medusa: at end of combat, destroy every non-wall creature blocking
# it and every creature it blocks.
def _medusa(g: Game, ctx: Ctx) -> Gen:
    cb, me = ctx.data["combat"], ctx.source
    band = cb.band_of(me.oid)
    victims = [g.find(o) for o in (cb.blocks.get(band, []) if band is not None else [])]
    victims = [c for c in victims if c is not None and "wall" not in g.chars(c).subtypes]
    victims += _blocked_by(g, me)
    for c in victims:
        g.destroy(c)
    return
    yield


define("Infernal Medusa", triggers=(Trigger(Event.END_OF_COMBAT, _medusa),))


# Feint: every creature blocking the target attacking creature becomes
# tapped, and neither it nor they deal combat damage this turn.
def _feint(g: Game, ctx: Ctx) -> Gen:
    a = ctx.target
    cb = g.combat
    if a is None or cb is None:
        return
    band = cb.band_of(a.oid)
    blockers = [c for c in (g.find(o) for o in (cb.blocks.get(band, []) if band is not None else [])) if c is not None]
    for b in blockers:
        b.tapped = True
    quiet = {a.oid} | {b.oid for b in blockers}
    g.effects.append(Effect(g.stamp(), None, lambda g2, card, c: None, "eot", applies=lambda g2, card, c: False,
                            hooks=EffectHooks(reduce_damage=lambda g2, pk: pk.combat and pk.source_oid in quiet)))
    yield from g.note_taps()


define("Feint", spell=SpellSpec(_feint, targets=(creature_where(
    "target attacking creature", lambda g, ctx, c: g.combat is not None and g.combat.band_of(c.oid) is not None),)))


# Wall of Putrid Flesh: damage dealt to it by creatures with an enchantment on
# them is reduced to 0 (and protection from white).
def _putrid(g: Game, src: Card, pk: Packet) -> bool:
    s = g.find(pk.source_oid) if pk.source_oid is not None else None
    return pk.receiver is src and s is not None and "creature" in pk.source_types and any(
        "enchantment" in g.chars(e).types for e in g.attached(s))


define("Wall of Putrid Flesh", hooks=Hooks(reduce_damage=_putrid))


# Wall of Shadows: damage dealt to it by creatures it blocks is reduced to 0;
# spells and effects that target only walls cannot target it (the flag; the
# rule is Game.admits, for every "target wall").
def _shadows(g: Game, src: Card, pk: Packet) -> bool:
    return pk.receiver is src and any(c.oid == pk.source_oid for c in _blocked_by(g, src))


define("Wall of Shadows", hooks=Hooks(reduce_damage=_shadows), statics=(static_for(self_only, flag_mod(only_type_refused("wall"))),))


# Wall of Tombstones: its toughness is 1 + X, X set at the end of its
# controller's upkeep to the number of creature cards in their graveyard
# (X is 0 until then).
def _tombstones_end(g: Game, card: Card) -> Gen:
    p = g.controller(card)
    if p == g.active:
        card.chosen["tombstones"] = sum(1 for c in g.players[p].graveyard if "creature" in c.cdef.types)
        g.log(f"Wall of Tombstones is now 0/{1 + card.chosen['tombstones']}.")
    return
    yield


define("Wall of Tombstones", hooks=Hooks(end_of_upkeep=_tombstones_end), statics=(static_for(
    self_only, lambda g, card, c: setattr(c, "toughness", 1 + card.chosen.get("tombstones", 0)), layer=-1),))


# Storm World (enchant world): at the end of each player's upkeep, 1 damage
# to that player for each card fewer than four in their hand.
def _storm_world(g: Game, card: Card) -> Gen:
    p = g.players[g.active]
    if len(p.hand) < 4:
        g.deal_damage(card, p, 4 - len(p.hand))
    return
    yield


define("Storm World", hooks=Hooks(end_of_upkeep=_storm_world))


# Mold Demon: as it comes into play its controller sacrifices two swamps, or
# (unable or unwilling) it is buried.
def _mold_demon(g: Game, ctx: Ctx) -> Gen:
    src, p = ctx.source, ctx.controller
    swamps = lands_of_type(g, src, p, "swamp")
    word = g.word(src, "swamp")
    if len(swamps) >= 2:
        ans = yield from g.ask(p, DecisionKind.CHOOSE, f"Mold Demon: sacrifice two {word}s? (no: it is buried)",
                               ["choose yes", "choose no"], about=src.name)
        if ans == "choose yes":
            chosen: list[Card] = []
            for _ in range(2):
                able = [s for s in lands_of_type(g, src, p, "swamp") if s not in chosen]
                ch = [f"sacrifice {ref(g, s)}" for s in able]
                a = yield from g.ask(p, DecisionKind.SACRIFICE, f"Mold Demon: sacrifice a {word}", ch, about=src.name)
                chosen.append(able[ch.index(a)])
            yield from g.put_in_graveyard(chosen, how="sacrifice")
            return
    g.destroy(src, bury=True)


define("Mold Demon", on_enter=_mold_demon)


# Hell's Caretaker: {T}, sacrifice a creature (the cost): put target creature
# card from your graveyard into play (summoning sick). Only during your upkeep.
# (the returned creature is chosen as a target, as Resurrection's)
define("Hell's Caretaker", abilities=(Ability(
    "{T}, sacrifice a creature: put target creature from your graveyard into play", Cost(tap=True,
    sacrifice="creature"), _resurrection, targets=(_YOUR_DEAD_CREATURE,), condition=upkeep_of("controller")),))


# Primordial Ooze: attacks each turn if able; at the beginning of its
# controller's upkeep it gets a +1/+1 counter, then its controller pays {X}
# (X: its counters) or it becomes tapped and deals X damage to them.
def _ooze(g: Game, ctx: Ctx) -> Gen:
    src, p = ctx.source, ctx.controller
    add_counters(g, src, "+1/+1", 1)
    x = src.counters.get("+1/+1", 0)
    paid = yield from pay_to_use(g, p, "{%d}" % x, f"Primordial Ooze: pay {{{x}}}? (no: it taps and deals {x} "
                                 "damage to you)", src.name)
    if not paid:
        src.tapped = True
        g.deal_damage(src, g.players[p], x)
        yield from g.settle()


# "must attack each turn if possible": the forced-attack hook (CombatRules.must_attack)
define("Primordial Ooze", hooks=Hooks(must_attack=lambda g, src, card: card is src), triggers=(Trigger(
    Event.BEGIN_UPKEEP, _ooze, condition=lambda g, src, d: g.active == g.controller(src)),))


# Quarum Trench Gnomes: {T}: target plains produces colorless mana instead of
# white for the rest of the game (while it stays in play; "use counters": a
# Quarum counter marks it). The target's land type is read through the Gnomes'
# text (Magical Hack: "target island"); what it stops is still the {W} (a mana
# symbol, no word): a Hacked Gnomes on a plain Island changes nothing, on a
# Tundra its white mana.
def _quarum(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        add_counters(g, t, "quarum", 1)
        g.effects.append(Effect(g.stamp(), t.oid, flag_mod("plains produces colorless"), "forever"))
    return
    yield


define("Quarum Trench Gnomes", abilities=(Ability(
    "{T}: Target plains produces {1} instead of {W}", Cost(tap=True), _quarum,
    targets=(permanent_target("target plains", lambda g, ctx, c: g.word(ctx.source, "plains")
                              in g.chars(c).subtypes),)),))


# The Wretched: at end of combat, its controller gains control of every
# creature blocking it, for as long as they control The Wretched.
def _wretched(g: Game, ctx: Ctx) -> Gen:
    cb, me = ctx.data["combat"], ctx.source
    band = cb.band_of(me.oid)
    p = g.controller(me)
    for o in (cb.blocks.get(band, []) if band is not None else []):
        c = g.find(o)
        if c is None:
            continue
        g.effects.append(Effect(g.stamp(), c.oid, lambda g2, card, ch, p=p: setattr(ch, "controller", p), "forever",
                                layer=0, condition=lambda g2, oid=me.oid, p=p: (w := g2.find(oid)) is not None
                                and g2.controller(w) == p))
        g.log(f"{g.players[p].name} gains control of {c.name} (The Wretched).")
    return
    yield


define("The Wretched", triggers=(Trigger(Event.END_OF_COMBAT, _wretched),))


# Caverns of Despair (enchant world): no more than two creatures attack, and
# no more than two block, each turn (each attack).
define("Caverns of Despair", hooks=Hooks(attack_limit=lambda g, src: 2, block_limit=lambda g, src: 2))


# Firestorm Phoenix: when it is put into the graveyard from play it goes back
# to its owner's hand (it is put there first: "put into the graveyard"
# triggers see it), and it cannot be cast again until its owner's next turn.
def _phoenix(g: Game, ctx: Ctx) -> Gen:
    card = ctx.data["card"]
    if card.zone != "graveyard":
        return
    back = g.move(card, "hand")
    back.flags["phoenix_turn"] = g.turn
    g.log(f"Firestorm Phoenix returns to {g.players[back.owner].name}'s hand.")
    return
    yield


define("Firestorm Phoenix", triggers=(Trigger(Event.TO_GRAVEYARD, _phoenix, zones=("graveyard",),
                                              condition=lambda g, src, d: d["card"] is src),),
       hooks=Hooks(can_cast=lambda g, p, card: g.turn > card.flags.get("phoenix_turn", -1)))


# Blazing Effigy: when put into the graveyard from play, it deals 3 damage to
# target creature (chosen by its controller then), plus the damage dealt to it
# this turn by other Blazing Effigies.
def _effigy_hurt(g: Game, ctx: Ctx) -> Gen:
    pk, src = ctx.data["packet"], ctx.source
    if pk.receiver is src and pk.source_name == "Blazing Effigy" and pk.source_oid != src.oid:
        turn, n = src.flags.get("effigy", (g.turn, 0))
        src.flags["effigy"] = (g.turn, (n if turn == g.turn else 0) + pk.amount)
    return
    yield


def _effigy_dies(g: Game, ctx: Ctx) -> Gen:
    old, new, p = ctx.data["old"], ctx.data["card"], ctx.data["controller"]
    turn, extra = old.flags.get("effigy", (g.turn, 0))
    n = 3 + (extra if turn == g.turn else 0)
    colors = frozenset(new.cdef.colors)
    cands = [c for c in g.creatures() if g.targetable(c, colors)]
    if not cands:
        return
    t = yield from choose_one(g, p, f"Blazing Effigy: deal {n} damage to which creature?", cands, "Blazing Effigy")
    g.deal_damage({"name": "Blazing Effigy", "colors": colors, "types": frozenset(new.cdef.types), "oid": old.oid,
                   "controller": p}, t, n)
    yield from g.settle()


define("Blazing Effigy", triggers=(
    Trigger(Event.DAMAGE_DEALT, _effigy_hurt),
    Trigger(Event.TO_GRAVEYARD, _effigy_dies, zones=("graveyard",), condition=lambda g, src, d: d["card"] is src)))


# Disharmony: cast while attackers are declared and blockers are not: its
# caster gains control of target attacking creature until end of turn; it
# untaps and is removed from combat (no longer attacking).
def _disharmony(g: Game, ctx: Ctx) -> Gen:
    t = ctx.target
    if t is None:
        return
    if g.combat is not None:
        g.combat.remove(t.oid)
    t.tapped = False
    p = ctx.controller
    g.effects.append(Effect(g.stamp(), t.oid, lambda g2, card, ch: setattr(ch, "controller", p), "eot", layer=0))
    g.log(f"{ctx.me.name} gains control of {t.name} until end of turn; it is no longer attacking.")
    return
    yield


define("Disharmony", spell=SpellSpec(_disharmony, targets=(creature_where(
    "target attacking creature", lambda g, ctx, c: g.combat is not None and g.combat.band_of(c.oid) is not None),)),
    hooks=Hooks(can_cast=lambda g, p, card: g.combat is not None and g.step == "attack"))


# Giant Slug: {5}: at the beginning of its controller's next upkeep, they
# choose a basic landwalk; Giant Slug has it until the end of that turn.
def _slug(g: Game, ctx: Ctx) -> Gen:
    src, p, now = ctx.source, ctx.controller, g.turn

    def choose(g2: Game, c2: Ctx) -> Gen:
        slug = g2.find(src.oid)
        if slug is None:
            return
        opts = ["swampwalk", "forestwalk", "islandwalk", "mountainwalk", "plainswalk"]
        ans = yield from g2.ask(p, DecisionKind.CHOOSE, "Giant Slug: which landwalk?", [f"choose {o}" for o in opts],
                                about="Giant Slug")
        kw = ans[len("choose "):]
        g2.effects.append(Effect(g2.stamp(), slug.oid, keyword_mod(kw), "eot"))
        g2.log(f"Giant Slug gains {kw} until end of turn.")
    g.delayed.append(Delayed(Event.BEGIN_UPKEEP, choose, p, "Giant Slug",
                             condition=lambda g2, d, data: g2.active == p and g2.turn > now))
    return
    yield


define("Giant Slug", abilities=(Ability("{5}: during your next upkeep, choose a basic landwalk; Giant Slug gains it "
                                        "until end of turn", Cost(ManaCost.parse("{5}")), _slug),))


# Lesser Werewolf: {B}: it gets -1/-0 until end of turn and a -0/-1 counter
# goes on target creature blocking or blocked by it. Used after blockers are
# declared and before combat damage, and only while its power is at least 1
# (never below 0).
def _werewolf_foe(g: Game, ctx: Ctx, c: Card) -> bool:
    wolf, cb = ctx.source, g.combat
    if cb is None or wolf is None:
        return False
    band = cb.band_of(wolf.oid)
    if band is not None and c.oid in cb.blocks.get(band, []):
        return True
    i = cb.blocking(wolf.oid)
    return i is not None and c.oid in cb.bands[i]


def _werewolf(g: Game, ctx: Ctx) -> Gen:
    g.effects.append(Effect(g.stamp(), ctx.source.oid, pump_mod(-1, 0), "eot"))
    for t in each_target(ctx):
        add_counters(g, t, "-0/-1", 1)
    return
    yield


define("Lesser Werewolf", abilities=(Ability(
    "{B}: -1/-0 until end of turn; put a -0/-1 counter on target creature blocking or blocked by it",
    Cost(ManaCost.parse("{B}")), _werewolf, targets=(creature_where("target creature blocking or blocked by it",
                                                                    _werewolf_foe),),
    condition=lambda g, c: g.combat is not None and g.step in ("blocks", "damage prevention")
    and not g.combat.damage_done and (g.chars(c).power or 0) >= 1),))


# Shimian Night Stalker: {B}, {T}: until end of turn, the damage attacking
# creatures would deal to its controller (unblocked attackers' damage) is
# dealt to it instead. (Trample damage spilling over a blocker still goes to
# the player: decided so, the core redirecting only unblocked damage.)
def _stalker(g: Game, ctx: Ctx) -> Gen:
    ctx.source.flags["stalker_turn"] = g.turn
    return
    yield


define("Shimian Night Stalker", abilities=(Ability(
    "{B}, {T}: redirect to it all damage dealt to you by attacking creatures this turn",
    Cost(ManaCost.parse("{B}"), tap=True), _stalker),),
    hooks=Hooks(takes_unblocked_damage=lambda g, c, p: g.controller(c) == p and c.flags.get("stalker_turn") == g.turn))


# Horror of Horrors: sacrifice a swamp (the cost): regenerate target black
# creature; offered, like every regeneration, when a black creature of its
# controller would be destroyed.
define("Horror of Horrors", abilities=(Ability(
    "Sacrifice a swamp: regenerate target black creature", Cost(sacrifice="swamp"), nothing,
    targets=(creature_where("target black creature", lambda g, ctx, c: COLOR_LETTERS[g.word(ctx.source, "black")]
                            in g.chars(c).colors),), regenerate=True),))


# Imprison: each time the enchanted creature attacks, blocks or has an ability
# with {T} in its cost used (not a mana ability), Imprison's controller may pay
# {1}: the action is prevented and the creature is tapped (an attacker or
# blocker is removed from combat; an attacker that only it blocked is no longer
# blocked; the ability is countered). Not paid: Imprison is destroyed.
def _imprison_pay(g: Game, src: Card, what: str) -> Gen:
    p = g.controller(src)
    paid = yield from pay_to_use(g, p, "{1}", f"Imprison: pay {{1}} to prevent {what}? (no: Imprison is destroyed)",
                                 "Imprison")
    if not paid:
        g.destroy(src)
        g.log("Imprison is not paid for and is destroyed.")
    return paid


def _imprison_combat(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    host = g.find(src.attached_to) if src.attached_to is not None else None
    cb = g.combat
    if host is None or cb is None or not cb.involves(host.oid):
        return
    paid = yield from _imprison_pay(g, src, f"{host.name} from attacking or blocking")
    if paid:
        blocked = cb.blocking(host.oid)
        cb.remove(host.oid)
        if blocked is not None and not cb.blocks.get(blocked):
            cb.blocked.discard(blocked)
        host.tapped = True
        g.log(f"{host.name} is tapped and removed from combat (Imprison).")
        yield from g.note_taps()


def _imprison_ability(g: Game, src: Card, spell: Spell) -> Gen:
    if spell.source is None or spell.source.oid != src.attached_to or not spell.ability.cost.tap:
        return
    paid = yield from _imprison_pay(g, src, f"{spell.source.name}'s ability")
    if paid:
        spell.countered = True
        g.log(f"Imprison counters {spell.source.name}'s ability.")


define("Imprison", enchant=CREATURE, hooks=Hooks(on_activate=_imprison_ability), triggers=(
    Trigger(Event.ATTACKS, _imprison_combat, condition=lambda g, src, d: d["card"].oid == src.attached_to),
    Trigger(Event.BLOCKS, _imprison_combat, condition=lambda g, src, d: d["blocker"].oid == src.attached_to)))


# Takklemaggot: at the beginning of the upkeep of the enchanted creature's
# controller, a -0/-1 counter goes on it. When the creature is put into the
# graveyard, its controller chooses another creature Takklemaggot can enchant,
# and it moves there; if there is none it becomes a plain enchantment that, at
# the beginning of that player's upkeep, deals 1 damage to them. Its
# controller stays the same throughout.
def _maggot_upkeep(g: Game, ctx: Ctx) -> Gen:
    host = g.find(ctx.source.attached_to) if ctx.source.attached_to is not None else None
    if host is not None and g.controller(host) == g.active:
        add_counters(g, host, "-0/-1", 1)
    return
    yield


def _maggot_moves(g: Game, ctx: Ctx) -> Gen:
    src, p = ctx.source, ctx.data["controller"]
    cands = [c for c in g.creatures() if g.aura_legal(src, c)]
    if cands:
        new = yield from choose_one(g, p, "Takklemaggot: which creature does it enchant now?", cands, "Takklemaggot")
        src.attached_to = new.oid
        g.log(f"Takklemaggot now enchants {new.name}.")
        return
    src.attached_to = None
    src.chosen["maggot_player"] = p
    src.own_cdef = src.cdef
    src.cdef = _MAGGOT_ALONE
    src.printed = None
    g.log(f"Takklemaggot finds no creature; it becomes an enchantment hurting {g.players[p].name}.")


def _maggot_hurts(g: Game, ctx: Ctx) -> Gen:
    p = ctx.source.chosen.get("maggot_player")
    if p is not None and p == g.active:
        g.deal_damage(ctx.source, g.players[p], 1)
    return
    yield


define("Takklemaggot", enchant=CREATURE, triggers=(
    Trigger(Event.BEGIN_UPKEEP, _maggot_upkeep),
    Trigger(Event.TO_GRAVEYARD, _maggot_moves,
            condition=lambda g, src, d: d["old"].oid == src.attached_to and d["was_creature"])))
_MAGGOT_ALONE = replace(get("Takklemaggot"), enchant=None, triggers=(Trigger(Event.BEGIN_UPKEEP, _maggot_hurts),))


# All Hallow's Eve: as it resolves it is removed from the game with two scream
# counters. At the beginning of its owner's upkeep one is removed; when the
# last one is, it goes to its owner's graveyard and every player puts every
# creature card from their graveyard into play (active player's first),
# summoning sick.
def _hallows(g: Game, ctx: Ctx) -> Gen:
    card = ctx.spell.card
    if card is None or card.zone != "limbo":
        return
    away = g.move(card, "removed")
    away.counters["scream"] = 2
    g.log("All Hallow's Eve is removed from the game with two scream counters.")
    owner = away.owner

    def scream(g2: Game, c2: Ctx) -> Gen:
        eve = next((c for c in g2.players[owner].removed if c.oid == away.oid), None)
        d = c2.data["delayed"]
        if eve is None:
            g2.delayed.remove(d)
            return
        add_counters(g2, eve, "scream", -1)
        if eve.counters.get("scream", 0):
            return
        g2.delayed.remove(d)
        g2.move(eve, "graveyard")
        g2.log("The last scream counter is removed: All Hallow's Eve goes to the graveyard.")
        risen = []
        for p in (g2.active, 1 - g2.active):
            for c in [c for c in g2.players[p].graveyard if "creature" in c.cdef.types]:
                risen.append(g2.move(c, "battlefield", controller=p))
        for new in risen:
            g2.log(f"{new.name} comes into play from the graveyard.")
            yield from g2.entered(new)
    g.delayed.append(Delayed(Event.BEGIN_UPKEEP, scream, ctx.controller, "All Hallow's Eve", once=False,
                             condition=lambda g2, d, data: g2.active == owner))
    return
    yield


define("All Hallow's Eve", spell=SpellSpec(_hallows))


# Backdraft: target player who cast a sorcery this turn that dealt damage is
# dealt half that damage (rounded down) by Backdraft; with several such
# sorceries, Backdraft's caster chooses one as it resolves.
def _backdraft_target(g: Game, ctx: Ctx, p: Target) -> bool:
    return any(v[0] == g.turn and v[1] == p.idx and v[3] > 0 for v in g.sorcery_damage.values())


def _backdraft(g: Game, ctx: Ctx) -> Gen:
    t = ctx.target
    if t is None:
        return
    done = [(sid, v) for sid, v in sorted(g.sorcery_damage.items()) if v[0] == g.turn and v[1] == t.idx and v[3] > 0]
    if not done:
        return
    pick = 0
    if len(done) > 1:
        ch = [f"choose {i + 1}: {v[2]} ({v[3]} damage)" for i, (sid, v) in enumerate(done)]
        ans = yield from g.ask(ctx.controller, DecisionKind.CHOOSE, "Backdraft: which sorcery?", ch, about="Backdraft")
        pick = ch.index(ans)
    g.deal_damage(ctx.spell, t, done[pick][1][3] // 2)


define("Backdraft", spell=SpellSpec(_backdraft, targets=(TargetSpec(
    "target player who cast a sorcery that dealt damage this turn", kinds(Kind.PLAYER), _backdraft_target),)))


# Falling Star (dexterity): decided as a seeded random outcome from the duel's
# random source (the same in a replay). Its caster aims it at a creature in
# play (a choice, not a target: the card targets nothing). The star turns over
# completely with chance 1/2 (a fair flip); otherwise it has no effect. If it
# does, it lands on the creature aimed at, and on each other creature of that
# creature's controller (its neighbours on the table) with chance 1/3. Each
# creature it lands on is dealt 3 damage; those dealt damage and not
# destroyed become tapped.
def _falling_star(g: Game, ctx: Ctx) -> Gen:
    cands = g.creatures()
    if not cands:
        g.log("Falling Star lands on no creature.")
        return
    aim = yield from choose_one(g, ctx.controller, "Falling Star: aim at which creature?", cands, "Falling Star")
    if g.rng.random() >= 0.5:
        g.log(f"Falling Star, aimed at {aim.name}, does not turn over completely: no effect.")
        return
    hit = [aim] + [c for c in g.creatures(g.controller(aim)) if c is not aim and g.rng.random() < 1 / 3]
    g.log("Falling Star turns over and lands on " + ", ".join(c.name for c in hit) + ".")
    packets = []
    for c in hit:
        g.deal_damage(ctx.spell, c, 3)
        packets += [pk for pk in g.pending_damage if pk.receiver is c]
    yield from g.settle()
    for pk in packets:
        c = pk.receiver
        if pk.amount > 0 and c in g.battlefield:
            c.tapped = True
    yield from g.note_taps()


define("Falling Star", spell=SpellSpec(_falling_star))
