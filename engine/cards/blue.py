"""Blue cards (Fourth Edition printed text, Fifth Edition rules).

Land-type and color words a card's text depends on are read through
``g.word(card, ...)`` so that Magical Hack and Sleight of Mind can change
them (Sea Serpent's "islands", Volcanic Eruption's "mountains", Sunken
City's "blue" ...).
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..carddb import define
from ..ctx import Ctx
from ..decisions import DecisionKind
from ..effects import (announce_permanent, become_copy, choose_to_copy, copy_to_make, CREATURE, CREATURE_OR_PLAYER, ENCHANTMENT, LAND, OPPONENT, PLAYER, SPELL, SPELL_OR_PERMANENT,
                       aura, bounce_targets, change_color, colored_permanent, colored_spell, counter_target,
                       creature_where, damage, destroy_self, discard_card, destroy_targets, during_upkeep, each_target, flag_mod,
                       grant, keyword_mod, must_attack_this_turn, nothing, on_source, pay_to_use, permanent_target, pump, pump_mod, regeneration,
                       self_only, static_for, tap_targets, upkeep_cost, upkeep_of, whose_player)
from ..effects import lands_of_type as _lands_of_type  # words of the card's text (Magical Hack)
from ..hooks import Hooks
from ..mana import COLOR_LETTERS, COLOR_NAMES, MANA_SYMBOLS, ManaCost
from ..model import (Ability, Announce, CardDef, Cost, EffectFn, Event, Gen, ManaAbility, Mode, SpellSpec, Static,
                     Trigger)
from ..objects import Card, Chars, Packet, Player, Spell
from ..refs import ref
from ..words import counted

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

_LAND_TYPES = ["plains", "island", "swamp", "mountain", "forest"]


def _chosen_player(g: Game, src: Card) -> int:
    """The opponent a permanent was aimed at when cast (Lifetap)."""
    choice = src.chosen.get("choice")
    p = g.player_by_name(choice) if choice else None
    return p.idx if p is not None else 1 - g.controller(src)


_CHOOSE_OPPONENT = Announce("choice", "choose target opponent", lambda g, ctx: [g.players[1 - ctx.controller].name])

# ------------------------------------------------------------------ creatures without special rules

for _name in ("Merfolk of the Pearl Trident", "Air Elemental", "Mahamoti Djinn", "Phantom Monster",
              "Water Elemental", "Segovian Leviathan", "Wall of Air"):
    define(_name)

define("Zephyr Falcon", keywords=("does not tap to attack",))
define("Ghost Ship", abilities=(regeneration("{U}{U}{U}"),))
define("Wall of Water", abilities=(Ability("{U}: +1/+0 until end of turn", Cost(ManaCost.parse("{U}")),
                                           on_source(pump(1, 0))),))
define("Giant Tortoise", statics=(static_for(
    self_only, lambda g, card, c: None if card.tapped else pump_mod(0, 3)(g, card, c)),))

# Apprentice Wizard: "{U}, {T}: Add {3} to your mana pool. Play this ability as
# an interrupt." Under the Fifth Edition rules an ability that adds mana is a
# mana source (it cannot be interrupted or responded to); it is drawn from by
# hand ("tap Apprentice Wizard for C"), never by automatic payment.
define("Apprentice Wizard", mana_abilities=(ManaAbility("C", Cost(ManaCost.parse("{U}"), tap=True), amount=3),))

# ------------------------------------------------------------------ counters and text changers

define("Counterspell", spell=SpellSpec(counter_target(), targets=(SPELL,)))


# Spell Blast: X is the casting cost of the target spell; for a spell with X in
# its cost that includes the X it was cast with (Spell Blast on a Fireball
# with X=5 costs X=6, as the 4th Edition rulings had it).
def _spell_blast_x(g: Game, ctx: Ctx) -> int:
    t = ctx.target
    if t is None or t.card is None:
        return 0
    cost = t.card.cdef.cost
    return cost.converted + cost.x * t.x


define("Spell Blast", spell=SpellSpec(counter_target(), targets=(SPELL,), x_from_target=_spell_blast_x))
define("Blue Elemental Blast", spell=SpellSpec(modes=(
    Mode("Counter target red spell", (colored_spell("red"),), counter_target()),
    Mode("Destroy target red permanent", (colored_permanent("red"),), destroy_targets()),
)))
define("Thoughtlace", spell=SpellSpec(change_color("blue"), targets=(SPELL_OR_PERMANENT,)))


def _text_change(kind: str, words: list[str]) -> EffectFn:
    """Sleight of Mind / Magical Hack: replace one word with another in the
    target's text, for good (the card keeps it while it stays in play; a
    spell's change carries over to the permanent it becomes). Changes
    compose: every printed word that now reads ``old`` reads ``new``."""
    def fn(g: Game, ctx: Ctx) -> Gen:
        old, new = ctx.chosen("choice").split("->")
        for t in each_target(ctx):
            card = t.card if isinstance(t, Spell) else t
            if card is None:
                continue
            for w in words:
                if card.text_changes.get(w, w) == old:
                    card.text_changes[w] = new
            for w in [w for w, v in card.text_changes.items() if w == v]:
                del card.text_changes[w]
            g.log(f"{t.name}'s text now says {new} instead of {old} ({kind}).")
        return
        yield
    return fn


_COLOR_PAIRS = [f"{a}->{b}" for a in COLOR_NAMES.values() for b in COLOR_NAMES.values() if a != b]
_LAND_PAIRS = [f"{a}->{b}" for a in _LAND_TYPES for b in _LAND_TYPES if a != b]

define("Sleight of Mind", spell=SpellSpec(
    _text_change("Sleight of Mind", list(COLOR_NAMES.values())), targets=(SPELL_OR_PERMANENT,),
    announce=(Announce("choice", "replace which color word with which", lambda g, ctx: list(_COLOR_PAIRS)),)))
define("Magical Hack", spell=SpellSpec(
    _text_change("Magical Hack", _LAND_TYPES), targets=(SPELL_OR_PERMANENT,),
    announce=(Announce("choice", "replace which land type with which", lambda g, ctx: list(_LAND_PAIRS)),)))


# Power Sink: counter the target spell unless its caster pays {X}. A caster who
# does not (or cannot) pay has drawn all the mana of their lands and pool in
# the attempt: their lands with mana abilities become tapped and their pool is
# emptied (that mana was spent, so it causes no mana burn).
def _power_sink(g: Game, ctx: Ctx) -> Gen:
    t = ctx.target
    if not isinstance(t, Spell):
        return
    q = t.controller
    paid = ctx.x == 0
    if not paid:
        paid = yield from pay_to_use(g, q, "{%d}" % ctx.x, f"Power Sink: pay {{{ctx.x}}} or {t.name} is countered?",
                                     "Power Sink")
    if paid:
        g.log(f"{g.players[q].name} pays {{{ctx.x}}} for Power Sink; {t.name} is not countered.")
        return
    for land in g.permanents(q, type_="land"):
        if not land.tapped and g.mana_abilities(land):
            land.tapped = True
    g.players[q].pool.clear()
    t.countered = True
    g.log(f"{g.players[q].name} cannot or will not pay {{{ctx.x}}}: their lands are tapped, their mana pool is "
          f"emptied and {t.name} is countered.")


define("Power Sink", spell=SpellSpec(_power_sink, targets=(SPELL,)))

# ------------------------------------------------------------------ simple instants and sorceries

define("Jump", spell=SpellSpec(grant("flying"), targets=(CREATURE,)))
define("Unsummon", spell=SpellSpec(bounce_targets(), targets=(CREATURE,)))


def _twiddle(g: Game, ctx: Ctx) -> Gen:
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


def _mana_short(g: Game, ctx: Ctx) -> Gen:
    for p in each_target(ctx):
        p.pool.clear()
        for c in g.permanents(p.idx, type_="land"):
            c.tapped = True
        g.log(f"{p.name}'s mana pool is emptied and their lands are tapped.")
    return
    yield


define("Mana Short", spell=SpellSpec(_mana_short, targets=(PLAYER,)))


def _hurkyls_recall(g: Game, ctx: Ctx) -> Gen:
    for p in each_target(ctx):
        for c in sorted(g.battlefield, key=lambda c: c.timestamp):
            if c.owner == p.idx and "artifact" in g.chars(c).types:
                g.move(c, "hand")
                g.log(f"{c.name} returns to {p.name}'s hand.")
    return
    yield


define("Hurkyl's Recall", spell=SpellSpec(_hurkyls_recall, targets=(PLAYER,)))


# Energy Tap: the creature must be untapped (tapping it is what makes the mana);
# a creature tapped before Energy Tap resolves is no longer a legal target.
def _energy_tap(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        t.tapped = True
        n = t.cdef.cost.converted
        ctx.me.pool.add("C", n)
        g.log(f"{t.name} is tapped; {ctx.me.name} adds {n} colorless mana to their pool.")
    return
    yield


define("Energy Tap", spell=SpellSpec(_energy_tap, targets=(creature_where(
    "target untapped creature you control", lambda g, ctx, c: g.controller(c) == ctx.controller and not c.tapped),)))


# Drain Power: the target player draws all the mana of their untapped lands
# (choosing the color where a land offers several), which triggers what
# tapping for mana triggers; then their whole pool drains into the caster's.
def _drain_power(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        q = t.idx
        for land in sorted(g.permanents(q, type_="land"), key=lambda c: c.timestamp):
            if land not in g.battlefield:
                continue
            syms = sorted({s for c, _, ss in g.mana_sources(q, auto=True) if c is land for s in ss},
                          key=MANA_SYMBOLS.index)
            if not syms:
                continue
            sym = syms[0]
            if len(syms) > 1:
                ans = yield from g.ask(q, DecisionKind.CHOOSE, f"Drain Power: draw which mana from {ref(g, land)}?",
                                       [f"choose {s}" for s in syms], about="Drain Power")
                sym = ans.split()[-1]
            yield from g.tap_for_mana(q, land, sym)
        if q != ctx.controller:
            pool = g.players[q].pool
            text = pool.text()
            for s, n in pool.amounts.items():
                if n:
                    ctx.me.pool.add(s, n)
            pool.clear()
            g.log(f"{text or 'No'} mana drains from {t.name}'s mana pool into {ctx.me.name}'s.")


define("Drain Power", spell=SpellSpec(_drain_power, targets=(PLAYER,)))


# Mind Bomb: each player, the active player first, may discard up to three
# cards; each prevents 1 of the 3 damage Mind Bomb deals that player. (Choice:
# those discards are part of Mind Bomb's effect, not a cost: Mind Bomb causes
# them, for Library of Leng and Psychic Purge.)
def _mind_bomb(g: Game, ctx: Ctx) -> Gen:
    for p in (g.active, 1 - g.active):
        pl = g.players[p]
        n = 0
        while n < 3 and pl.hand:
            names = sorted({c.name for c in pl.hand})
            ans = yield from g.ask(p, DecisionKind.DISCARD,
                                   f"Mind Bomb: discard a card to prevent 1 of its 3 damage to you ({n} so far)?",
                                   [f"discard {x}" for x in names] + ["choose no"], decline="choose no",
                                   about="Mind Bomb")
            if ans == "choose no":
                break
            card = next(c for c in pl.hand if c.name == ans[len("discard "):])
            yield from discard_card(g, p, card, by=ctx.controller, why="Mind Bomb")
            n += 1
        g.deal_damage(ctx.spell, pl, 3 - n)


define("Mind Bomb", spell=SpellSpec(_mind_bomb))


# Volcanic Eruption: destroy X target mountains; then 1 damage to each creature
# and each player for each of them that actually went to the graveyard.
def _eruption(g: Game, ctx: Ctx) -> Gen:
    ts = [t for t in each_target(ctx) if isinstance(t, Card)]
    for t in ts:
        g.destroy(t)
    yield from g.state_checks()
    n = sum(1 for t in ts if t not in g.battlefield)
    if n:
        for p in (g.active, 1 - g.active):
            g.deal_damage(ctx.spell, g.players[p], n)
        for c in g.creatures():
            g.deal_damage(ctx.spell, c, n)


define("Volcanic Eruption", spell=SpellSpec(_eruption, targets=(permanent_target(
    "target mountain", lambda g, ctx, c: g.word(ctx.spell.card if ctx.spell else None, "mountain")
    in g.chars(c).subtypes),), targets_x=True))


# Siren's Call: cast only during an opponent's turn before their attack. Their
# creatures that can attack must; at end of turn their non-wall creatures that
# did not attack are destroyed. Choice: the creatures "brought under the
# opponent's control this turn" are those that are summoning sick when Siren's
# Call resolves; they are neither forced to attack nor destroyed.
def _sirens_call(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        must_attack_this_turn(g, ctx.controller, t.idx, {c.oid for c in g.creatures(t.idx) if not c.sick},
                              "Siren's Call")
        g.log(f"{t.name}'s creatures must attack this turn.")
    return
    yield


def _sirens_call_ok(g: Game, p: int, card: Card) -> bool:
    return p != g.active and g.phase in ("upkeep", "draw", "main") and not g.attack_done and g.combat is None


define("Siren's Call", spell=SpellSpec(_sirens_call, targets=(OPPONENT,)), hooks=Hooks(can_cast=_sirens_call_ok))

# ------------------------------------------------------------------ enchantments on creatures

define("Flight", enchant=CREATURE, statics=(aura(keyword_mod("flying")),))
define("Control Magic", enchant=CREATURE,
       statics=(Static(applies=lambda g, src, card, c: src.attached_to == card.oid,
                       modify=lambda g, src, card, c: setattr(c, "controller", src.controller),
                       active=lambda g, src: True, layer=0),))


# Backfire: 1 damage to the creature's controller for each 1 damage it deals to
# Backfire's controller.
def _backfire(g: Game, ctx: Ctx) -> Gen:
    pk = ctx.data["packet"]
    host = g.enchanted(ctx.source)
    victim = g.controller(host) if host is not None else pk.source_controller
    g.deal_damage(ctx.source, g.players[victim], pk.amount)
    return
    yield


define("Backfire", enchant=CREATURE, triggers=(Trigger(
    Event.DAMAGE_DEALT, _backfire,
    condition=lambda g, src, d: (d["packet"].source_oid == src.attached_to and isinstance(d["packet"].receiver, Player)
                                 and d["packet"].receiver.idx == g.controller(src) and d["packet"].amount > 0)),))


# Creature Bond: when the creature goes to the graveyard, its toughness in damage to its controller.
def _bond(g: Game, ctx: Ctx) -> Gen:
    d = ctx.data
    g.deal_damage(ctx.source, g.players[d["controller"]], d["toughness"] or 0)
    return
    yield


define("Creature Bond", enchant=CREATURE, triggers=(Trigger(
    Event.TO_GRAVEYARD, _bond,
    condition=lambda g, src, d: d["old"].oid == src.attached_to and d["was_creature"]),))


def _mutation_counter(g: Game, ctx: Ctx) -> Gen:
    host = g.enchanted(ctx.source)
    if host is not None:
        host.counters["-1/-1"] = host.counters.get("-1/-1", 0) + 1
        g.log(f"{host.name} gets a -1/-1 counter (Unstable Mutation).")
    return
    yield


# Unstable Mutation: +3/+3; during each of its controller's upkeeps a -1/-1
# counter, which stays even if the enchantment goes.
_um_ab, _um_end = during_upkeep("Put a -1/-1 counter on the enchanted creature", _mutation_counter,
                                whose="enchanted controller")
define("Unstable Mutation", enchant=CREATURE, statics=(aura(pump_mod(3, 3)),), abilities=(_um_ab,),
       hooks=Hooks(end_of_upkeep=_um_end))


# Gaseous Form: the creature neither deals nor receives combat damage.
def _gaseous(g: Game, src: Card, pk: Packet) -> bool:
    host = src.attached_to
    if not pk.combat or host is None:
        return False
    return pk.source_oid == host or (isinstance(pk.receiver, Card) and pk.receiver.oid == host)


define("Gaseous Form", enchant=CREATURE, hooks=Hooks(reduce_damage=_gaseous))

# ------------------------------------------------------------------ enchantments on lands and enchantments


def _terrain(g: Game, src: Card, card: Card, c: Chars) -> None:
    choice = src.chosen.get("choice")
    if choice:
        c.subtypes.difference_update(_LAND_TYPES)
        c.subtypes.add(choice)


define("Phantasmal Terrain", enchant=LAND,
       announce=(Announce("choice", "choose a basic land type", lambda g, ctx: list(_LAND_TYPES)),),
       statics=(Static(applies=lambda g, src, card, c: src.attached_to == card.oid, modify=_terrain,
                       active=lambda g, src: True, layer=1),))


def _venom(g: Game, ctx: Ctx) -> Gen:
    land = ctx.data["card"]
    g.deal_damage(ctx.source, g.players[g.controller(land)], 2)
    return
    yield


define("Psychic Venom", enchant=LAND, triggers=(Trigger(
    Event.BECOMES_TAPPED, _venom, condition=lambda g, src, d: d["card"].oid == src.attached_to),))


# Erosion: during his or her upkeep the land's controller pays {1}
# (``activate Erosion``) or 1 life (``activate Erosion ability=2``), or the land
# is destroyed. Paying life is not damage: nothing can prevent it.
_ERO_WHOSE = "enchanted controller"
_ero_mana = Ability("Pay {1} to keep the land", Cost(ManaCost.parse("{1}")), nothing, who=_ERO_WHOSE,
                    condition=upkeep_of(_ERO_WHOSE), once_per_phase=True)
_ero_life = Ability("Pay 1 life to keep the land", Cost(life=1), nothing, who=_ERO_WHOSE,
                    condition=upkeep_of(_ERO_WHOSE), once_per_phase=True)


def _erosion_end(g: Game, card: Card) -> Gen:
    p = whose_player(g, card, _ERO_WHOSE)
    key = g.phase_key()
    while p == g.active and card in g.battlefield and not card.phase_uses.get(key):
        choices = []
        if g.can_afford(p, _ero_mana.cost.mana):
            choices.append(f"activate {ref(g, card)}")
        if g.players[p].life >= 1:
            choices.append(f"activate {ref(g, card)} ability=2")
        if not choices:
            break
        ans = yield from g.ask(p, DecisionKind.UPKEEP, "Erosion: pay {1} or 1 life, or your land is destroyed",
                               choices + ["choose no"], about=card.name)
        if ans == "choose no":
            break
        ab = _ero_life if ans.endswith("ability=2") else _ero_mana
        spell = yield from g.activate(p, card, ab, DecisionKind.UPKEEP, None)
        if spell is not None:
            yield from g.resolve(spell)
    if p == g.active and card in g.battlefield and not card.phase_uses.get(key):
        card.phase_uses[key] = 1
        host = g.enchanted(card)
        if host is not None:
            g.log(f"Erosion: {host.name} is destroyed.")
            g.destroy(host)
        yield from g.settle()


define("Erosion", enchant=LAND, abilities=(_ero_mana, _ero_life), hooks=Hooks(end_of_upkeep=_erosion_end))


def _feedback(g: Game, ctx: Ctx) -> Gen:
    host = g.enchanted(ctx.source)
    if host is not None:
        g.deal_damage(ctx.source, g.players[g.controller(host)], 1)
    return
    yield


_fb_ab, _fb_end = during_upkeep("Feedback deals 1 damage to the enchanted enchantment's controller", _feedback,
                                whose="enchanted controller")
define("Feedback", enchant=ENCHANTMENT, abilities=(_fb_ab,), hooks=Hooks(end_of_upkeep=_fb_end))


# Power Leak: during the upkeep of the enchanted enchantment's controller, 2
# damage to that player, who may pay {1} for each damage to prevent:
# ``activate Power Leak x=N`` during upkeep; if not done when upkeep ends, the
# player chooses how much to pay then ("choose N", a choice that cannot be
# declined when at least {1} can be paid).
def _leak(g: Game, card: Card, paid: int) -> None:
    host = g.enchanted(card)
    if host is None:
        return
    p = g.controller(host)
    if paid:
        g.log(f"{g.players[p].name} pays {{{paid}}} to prevent {min(paid, 2)} of Power Leak's damage.")
    g.deal_damage(card, g.players[p], max(0, 2 - paid))


def _leak_effect(g: Game, ctx: Ctx) -> Gen:
    _leak(g, ctx.source, ctx.x)
    return
    yield


_LEAK_WHOSE = "enchanted controller"
_leak_ab = Ability("Pay {X}: Power Leak deals 2 damage to you, minus X", Cost(ManaCost.parse("{X}")), _leak_effect,
                   who=_LEAK_WHOSE, condition=upkeep_of(_LEAK_WHOSE), once_per_phase=True, x=True)


def _leak_end(g: Game, card: Card) -> Gen:
    p = whose_player(g, card, _LEAK_WHOSE)
    key = g.phase_key()
    if p != g.active or card not in g.battlefield or card.phase_uses.get(key):
        return
    card.phase_uses[key] = 1
    paid = 0
    opts = [n for n in (0, 1, 2) if g.can_afford(p, ManaCost(n))]
    if len(opts) > 1:
        ans = yield from g.ask(p, DecisionKind.UPKEEP, "Power Leak: pay how much to prevent its 2 damage?",
                               [f"choose {n}" for n in opts], about=card.name)
        n = int(ans.split()[-1])
        if n and (yield from g.pay(p, ManaCost(n), Spell(g.new_sid(), p, None, card, card.name))):
            paid = n
    g.log(f"{card.name}: upkeep.")
    _leak(g, card, paid)
    yield from g.settle()


define("Power Leak", enchant=ENCHANTMENT, abilities=(_leak_ab,), hooks=Hooks(end_of_upkeep=_leak_end))

# ------------------------------------------------------------------ global enchantments


def _flux_end(g: Game, src: Card) -> Gen:
    """Energy Flux: as the active player's upkeep ends, each of their
    artifacts is destroyed unless they pay {2} for it (asked one by one)."""
    p = g.active
    for c in g.permanents(p, type_="artifact"):
        if c not in g.battlefield:
            continue
        paid = yield from pay_to_use(g, p, "{2}", f"Energy Flux: pay {{2}} to keep {ref(g, c)}?", src.name)
        if not paid:
            g.destroy(c)
    yield from g.settle()


define("Energy Flux", hooks=Hooks(end_of_upkeep=_flux_end))

define("Flood", abilities=(Ability(
    "{U}{U}: Tap target creature without flying", Cost(ManaCost.parse("{U}{U}")), tap_targets(),
    targets=(creature_where("target creature without flying", lambda g, ctx, c: "flying" not in g.chars(c).keywords),)),))


def _lifetap(g: Game, ctx: Ctx) -> Gen:
    g.gain_life(ctx.controller, 1)
    return
    yield


def _lifetap_cond(g: Game, src: Card, d: dict) -> bool:
    c = d["card"]
    ch = g.chars(c)
    return "land" in ch.types and g.word(src, "forest") in ch.subtypes and ch.controller == _chosen_player(g, src)


define("Lifetap", announce=(_CHOOSE_OPPONENT,),
       triggers=(Trigger(Event.BECOMES_TAPPED, _lifetap, condition=_lifetap_cond),))


def _stasis_untap(g: Game, src: Card, p: int, cards: list[Card]) -> Gen:
    g.log("Stasis: nothing untaps.")
    return []
    yield


_st_ab, _st_end = upkeep_cost("During your upkeep, pay {U} or destroy Stasis.", "{U}", destroy_self())
define("Stasis", abilities=(_st_ab,), hooks=Hooks(untap_limit=_stasis_untap, end_of_upkeep=_st_end))


def _sunken_applies(g: Game, src: Card, card: Card, c: Chars) -> bool:
    return "creature" in c.types and COLOR_LETTERS[g.word(src, "blue")] in c.colors


_sc_ab, _sc_end = upkeep_cost("During your upkeep, pay {U}{U} or destroy Sunken City.", "{U}{U}", destroy_self())
define("Sunken City", statics=(Static(applies=_sunken_applies, modify=lambda g, src, card, c: pump_mod(1, 1)(g, card, c)),),
       abilities=(_sc_ab,), hooks=Hooks(end_of_upkeep=_sc_end))

# ------------------------------------------------------------------ creatures with abilities

define("Prodigal Sorcerer", abilities=(Ability("{T}: 1 damage to target creature or player", Cost(tap=True),
                                                damage(1), targets=(CREATURE_OR_PLAYER,)),))


def _needs_islands(word: str = "island") -> Hooks:
    """"Cannot attack if defending player controls no islands. If at any time
    you control no islands, bury it." (Sea Serpent, Pirate Ship, Island Fish)."""
    return Hooks(can_attack=lambda g, c: bool(_lands_of_type(g, c, 1 - g.controller(c), word)),
                 state=lambda g, c: not _lands_of_type(g, c, g.controller(c), word))


define("Sea Serpent", hooks=_needs_islands())
define("Pirate Ship", hooks=_needs_islands(),
       abilities=(Ability("{T}: 1 damage to target creature or player", Cost(tap=True), damage(1),
                          targets=(CREATURE_OR_PLAYER,)),))


def _untap_self(g: Game, ctx: Ctx) -> Gen:
    if ctx.source in g.battlefield:
        ctx.source.tapped = False
        g.log(f"{ctx.source.name} untaps.")
    return
    yield


_DOESNT_UNTAP = static_for(self_only, flag_mod("doesn't untap"))
define("Island Fish Jasconius", hooks=_needs_islands(), statics=(_DOESNT_UNTAP,),
       abilities=(Ability("{U}{U}{U}: Untap Island Fish. Use this ability only during your upkeep",
                          Cost(ManaCost.parse("{U}{U}{U}")), _untap_self,
                          condition=lambda g, c: upkeep_of()(g, c) and c.tapped),))


# Leviathan: comes into play tapped, does not untap; during your upkeep you may
# sacrifice two islands to untap it; it can attack only if you sacrifice two
# islands as it attacks (it is removed from the attack if you no longer can).
def _sacrifice_islands(g: Game, card: Card, p: int, why: str) -> Gen:
    """Choose and sacrifice two islands; False if ``p`` has fewer than two."""
    chosen: list[Card] = []
    for k in range(2):
        isl = [c for c in _lands_of_type(g, card, p, "island") if c not in chosen]
        if len(isl) < 2 - k:
            return False
        if len(isl) == 2 - k:
            chosen += isl
            break
        ch = [f"sacrifice {ref(g, c)}" for c in isl]
        ans = yield from g.ask(p, DecisionKind.SACRIFICE, f"{why}: sacrifice an island ({k + 1} of 2)", ch,
                               about=card.name)
        chosen.append(isl[ch.index(ans)])
    g.log(f"{g.players[p].name} sacrifices {' and '.join(c.name for c in chosen)} for {card.name}.")
    yield from g.put_in_graveyard(chosen, how="sacrifice")
    return True


def _leviathan_untap(g: Game, ctx: Ctx) -> Gen:
    ok = yield from _sacrifice_islands(g, ctx.source, ctx.controller, "Untap Leviathan")
    if ok and ctx.source in g.battlefield:
        ctx.source.tapped = False
        g.log("Leviathan untaps.")


def _leviathan_attacks(g: Game, ctx: Ctx) -> Gen:
    ok = yield from _sacrifice_islands(g, ctx.source, ctx.controller, "Leviathan attacks")
    if not ok and g.combat is not None:
        g.combat.remove(ctx.source.oid)
        g.log("Leviathan is removed from the attack: two islands could not be sacrificed.")


def _enter_tapped(g: Game, ctx: Ctx) -> Gen:
    ctx.source.tapped = True
    return
    yield


define("Leviathan", on_enter=_enter_tapped, statics=(_DOESNT_UNTAP,),
       abilities=(Ability("During your upkeep, sacrifice two islands: untap Leviathan", Cost(), _leviathan_untap,
                          condition=lambda g, c: upkeep_of()(g, c) and c.tapped
                          and len(_lands_of_type(g, c, g.controller(c), "island")) >= 2),),
       hooks=Hooks(can_attack=lambda g, c: len(_lands_of_type(g, c, g.controller(c), "island")) >= 2),
       triggers=(Trigger(Event.ATTACKS, _leviathan_attacks, condition=lambda g, src, d: d["card"] is src),))


def _lord_applies(g: Game, src: Card, card: Card, c: Chars) -> bool:
    return "creature" in c.types and "merfolk" in c.subtypes


def _lord_modify(g: Game, src: Card, card: Card, c: Chars) -> None:
    pump_mod(1, 1)(g, card, c)
    c.keywords.add(g.swap_words("islandwalk", src))


define("Lord of Atlantis", statics=(Static(applies=_lord_applies, modify=_lord_modify),))


def _psionic(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        g.deal_damage(ctx.spell, t, 2)
    if ctx.source in g.battlefield:
        g.deal_damage(ctx.spell, ctx.source, 3)
    return
    yield


define("Psionic Entity", abilities=(Ability(
    "{T}: 2 damage to target creature or player and 3 damage to Psionic Entity", Cost(tap=True), _psionic,
    targets=(CREATURE_OR_PLAYER,)),))


# Sindbad: draw a card and show it; if it is not a land, discard it.
def _sindbad(g: Game, ctx: Ctx) -> Gen:
    me = ctx.me
    before = {c.oid for c in me.hand}
    yield from g.draw(ctx.controller, 1)
    new = [c for c in me.hand if c.oid not in before]
    if not new:
        return
    card = new[0]
    g.log(f"{me.name} draws {card.name} with Sindbad and reveals it.")
    if "land" not in card.cdef.types:
        yield from discard_card(g, ctx.controller, card, by=ctx.controller)


define("Sindbad", abilities=(Ability("{T}: Draw a card. If it is not a land, discard it", Cost(tap=True),
                                     _sindbad),))


# Time Elemental: {2}{U}{U}, {T}: return a permanent with no enchantment on it
# to its owner's hand. If it attacks or blocks, at end of combat it is
# destroyed and deals 5 damage to its controller.
def _te_mark(g: Game, ctx: Ctx) -> Gen:
    ctx.source.flags["fought_turn"] = g.turn
    return
    yield


def _te_end(g: Game, ctx: Ctx) -> Gen:
    g.destroy(ctx.source, why=": it attacked or blocked")
    g.deal_damage(ctx.source, ctx.me, 5)
    return
    yield


def _unenchanted(g: Game, ctx: Ctx, c: Card) -> bool:
    return not any("enchantment" in g.chars(a).types for a in g.attached(c))


_pf_ab, _pf_end = upkeep_cost("During your upkeep, pay {U} or destroy Phantasmal Forces.", "{U}", destroy_self())
define("Phantasmal Forces", abilities=(_pf_ab,), hooks=Hooks(end_of_upkeep=_pf_end))

define("Time Elemental",
       abilities=(Ability("{2}{U}{U}, {T}: Return target permanent to its owner's hand", Cost(ManaCost.parse("{2}{U}{U}"),
                                                                                             tap=True),
                          bounce_targets(), targets=(permanent_target("target permanent with no enchantment on it",
                                                                      _unenchanted),)),),
       triggers=(Trigger(Event.ATTACKS, _te_mark, condition=lambda g, src, d: d["card"] is src),
                 Trigger(Event.BLOCKS, _te_mark, condition=lambda g, src, d: d["blocker"] is src),
                 Trigger(Event.END_OF_COMBAT, _te_end, condition=lambda g, src, d: src.flags.get("fought_turn") == g.turn)))



# ================================================================== Alpha to Revised, not in Fourth Edition

def _target_draws(n: int | None) -> EffectFn:
    """Each target player draws ``n`` cards (None: X)."""
    def fn(g: Game, ctx: Ctx) -> Gen:
        for p in each_target(ctx):
            yield from g.draw(p.idx, ctx.x if n is None else n)
            g.log(f"{p.name} draws {counted(ctx.x if n is None else n, 'card')} ({ctx.source_name}).")
    return fn


def _draws(n: int, opponent: bool) -> EffectFn:
    """The caster (or, ``opponent``, the caster's opponent) draws ``n`` cards."""
    def fn(g: Game, ctx: Ctx) -> Gen:
        who = ctx.opponent if opponent else ctx.me
        yield from g.draw(who.idx, n)
        g.log(f"{who.name} draws {n} cards ({ctx.source_name}).")
    return fn


# Ancestral Recall: "Draw 3 cards or force opponent to draw 3 cards": two
# modes, chosen as it is cast (`cast Ancestral Recall mode=2`); it targets
# nothing (the "target player" is the Oracle text's, not the printed one).
define("Ancestral Recall", spell=SpellSpec(None, modes=(
    Mode("Draw 3 cards", (), _draws(3, opponent=False)),
    Mode("Force opponent to draw 3 cards", (), _draws(3, opponent=True)))))
define("Braingeyser", spell=SpellSpec(_target_draws(None), targets=(PLAYER,)))


def _psionic_blast(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        g.deal_damage(ctx.spell, t, 4)
    g.deal_damage(ctx.spell, ctx.me, 2)
    return
    yield


define("Psionic Blast", spell=SpellSpec(_psionic_blast, targets=(CREATURE_OR_PLAYER,)))


# Time Walk: the caster takes an extra turn after this one (Game.extra_turns;
# several are taken the most recent first, as the 5th Ed. rules of later
# extra-turn cards say).
def _time_walk(g: Game, ctx: Ctx) -> Gen:
    g.extra_turns.append(ctx.controller)
    g.log(f"{ctx.me.name} will take an extra turn after this one.")
    return
    yield


define("Time Walk", spell=SpellSpec(_time_walk))


# Timetwister: the caster, then the opponent, shuffles hand and graveyard into
# the library and draws seven. Timetwister itself is "set aside in a new
# graveyard pile": it is still being cast (in limbo) while this happens, so it
# goes to its owner's graveyard afterwards and is not shuffled in.
def _timetwister(g: Game, ctx: Ctx) -> Gen:
    for p in (ctx.controller, 1 - ctx.controller):
        pl = g.players[p]
        for c in list(pl.hand) + list(pl.graveyard):
            g.move(c, "library")
        g.shuffle(p)
        g.log(f"{pl.name} shuffles hand and graveyard into their library.")
        yield from g.draw(p, 7)
        g.log(f"{pl.name} draws seven cards.")


define("Timetwister", spell=SpellSpec(_timetwister))


# Invisibility: the enchanted creature can be blocked only by walls.
def _invisibility(g: Game, src: Card, attacker: Card, blocker: Card) -> bool:
    return src.attached_to != attacker.oid or "wall" in g.chars(blocker).subtypes


define("Invisibility", enchant=CREATURE, hooks=Hooks(block_restriction=_invisibility))


# ------------------------------------------------------------------ copies
# Clone, Vesuvan Doppelganger and Copy Artifact copy the printed card of the
# permanent chosen as they come into play (5th Ed. copies: its definition,
# with all its abilities, but neither the effects on it, nor its counters, nor
# the enchantments on it), through effects.become_copy: they keep their own
# name. The copied card's own "comes into play" effect happens too, as the copy
# comes into play as that card. Copies of copies copy what the copy is.

def _copy_then_enter(g: Game, ctx: Ctx, orig: Card, cdef: CardDef) -> Gen:
    become_copy(g, ctx.source, cdef)
    ctx.source.flags["copying"] = orig.oid
    if cdef.on_enter is not None:
        yield from cdef.on_enter(g, ctx)


def _other_creatures(g: Game, ctx: Ctx) -> list[Card]:
    return [c for c in g.creatures() if c is not ctx.source]


def _clone_enter(g: Game, ctx: Ctx) -> Gen:
    orig = yield from copy_to_make(g, ctx, _other_creatures(g, ctx), "a creature")
    if orig is not None:
        yield from _copy_then_enter(g, ctx, orig, orig.cdef)


# Clone: a copy of a creature, its color too, chosen as Clone is cast
# (`cast Clone choose=Serra Angel`). "Clone cannot be summoned if there are no
# creatures in play" (if the creature is gone by the time Clone comes into
# play, Clone copies nothing and, a 0/0, dies).
define("Clone", on_enter=_clone_enter, hooks=Hooks(can_cast=lambda g, p, card: bool(g.creatures())),
       announce=(announce_permanent("copy", "choose a creature to copy", _other_creatures),))


# Vesuvan Doppelganger: a copy of a creature but for its color (it stays
# blue), and it keeps its own upkeep ability: during each of its controller's
# upkeeps it may become a copy of a different creature in play instead (not
# the one it copies now; that one, gone, cannot be copied again).
def _vesuvan(cdef: CardDef, own: CardDef) -> CardDef:
    kept = tuple(a for a in cdef.abilities if a is not _VESUVAN_SWITCH)  # copying a Doppelganger
    return replace(cdef, colors=own.colors, abilities=kept + (_VESUVAN_SWITCH,))


def _vesuvan_choices(g: Game, src: Card) -> list[Card]:
    return [c for c in g.creatures() if c is not src and c.oid != src.flags.get("copying")]


def _vesuvan_enter(g: Game, ctx: Ctx) -> Gen:
    orig = yield from copy_to_make(g, ctx, _vesuvan_choices(g, ctx.source), "a creature")
    if orig is not None:
        yield from _copy_then_enter(g, ctx, orig, _vesuvan(orig.cdef, ctx.source.own_cdef or ctx.source.cdef))


def _vesuvan_switch(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    orig = yield from choose_to_copy(g, ctx, _vesuvan_choices(g, src), "a different creature")
    if orig is not None and src.zone == "battlefield":
        become_copy(g, src, _vesuvan(orig.cdef, src.own_cdef or src.cdef))
        src.flags["copying"] = orig.oid


_VESUVAN_SWITCH = Ability("During your upkeep, Vesuvan Doppelganger may take on the characteristics of a different "
                          "creature in play", Cost(), _vesuvan_switch,
                          condition=lambda g, c: upkeep_of()(g, c) and bool(_vesuvan_choices(g, c)),
                          once_per_phase=True)
define("Vesuvan Doppelganger", on_enter=_vesuvan_enter, abilities=(_VESUVAN_SWITCH,),
       announce=(announce_permanent("copy", "choose a creature to copy",
                                    lambda g, ctx: _vesuvan_choices(g, ctx.source)),))


# Copy Artifact: a copy of an artifact in play that is an enchantment too
# ("affected by cards that affect either enchantments or artifacts"), with
# the artifact's color (none). (Choice: like Clone, it cannot be cast with no
# artifact in play; with its artifact gone before it comes into play, it is an
# enchantment that does nothing.)
def _other_artifacts(g: Game, ctx: Ctx) -> list[Card]:
    return [c for c in g.permanents(type_="artifact") if c is not ctx.source]


def _copy_artifact_enter(g: Game, ctx: Ctx) -> Gen:
    orig = yield from copy_to_make(g, ctx, _other_artifacts(g, ctx), "an artifact")
    if orig is not None:
        yield from _copy_then_enter(g, ctx, orig, replace(orig.cdef, types=orig.cdef.types | {"enchantment"}))


define("Copy Artifact", on_enter=_copy_artifact_enter,
       hooks=Hooks(can_cast=lambda g, p, card: bool(g.permanents(type_="artifact"))),
       announce=(announce_permanent("copy", "choose an artifact to copy", _other_artifacts),))
