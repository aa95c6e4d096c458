"""Ice Age (ICE), blue cards: each as its printed text says
(``engine/data/cards.json``: the Ice Age printing, or Fifth Edition's for the
cards reprinted there), under the Fifth Edition rules. The helpers shared
with the white cards (cantrips, cumulative upkeep alone, "Tap enchanted
land" costs, mana usable only for cumulative upkeep) are in
:mod:`engine.cards.ice_age_white`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ..carddb import define
from ..combat import ONE_BLOCKER_FLAG
from ..ctx import Ctx
from ..decisions import DecisionKind
from ..effects import (untap_targets, CREATURE, CREATURE_OR_PLAYER, CUMULATIVE_UPKEEP_PAYMENT, PLAYER, SPELL, add_counters, aura,
                       bounce_targets, counter_target, creature_where, cumulative_upkeep, cumulative_upkeep_sacrifice,
                       damage, destroy_self, destroy_targets, discard_card, draw_cards, during_upkeep, each_target,
                       flag_mod, grant, keyword_mod, on_source, pay_to_use, permanent_target, pump, pump_mod, self_only,
                       snow_covered_lands, static_for, tap_targets, upkeep_cost, upkeep_of)
from ..hooks import EffectHooks, Hooks
from ..mana import COLOR_LETTERS, ManaCost
from ..model import (SICK_ATTACK_OK, SICK_TAP_OK, Ability, Aim, Announce, Cost, Delayed, EffectFn, Event, Gen, Kind,
                     ManaAbility, Mode, Speed, SpellSpec, Static, TargetSpec, Trigger, aimed, kinds, spend_use)
from ..objects import Card, Chars, Effect, Spell
from ..refs import ref
from .blue import _enter_tapped, _text_change
from .ice_age_white import (ARTIFACT_CREATURE_OR_LAND, CUMULATIVE_UPKEEP_MANA, _HOST_TAPPING, _LAND_OF_YOURS, _cantrip,
                            _cu, _land_untapped, _mana, _printed_colors, _tap_host)

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game


# ------------------------------------------------------------------ creatures

for _name in ("Glacial Wall", "Silver Erne"):
    define(_name)
define("Sea Spirit", abilities=(Ability("{U}: +1/+0 until end of turn", Cost(_mana("{U}")), on_source(pump(1, 0))),))
define("Thunder Wall", abilities=(Ability("{U}: +1/+1 until end of turn", Cost(_mana("{U}")), on_source(pump(1, 1))),))

define("Zuran Spellcaster", abilities=(Ability(
    "{T}: Zuran Spellcaster deals 1 damage to target creature or player", Cost(tap=True), damage(1),
    targets=(CREATURE_OR_PLAYER,)),))

# Mistfolk: "{U}: Counter target spell that targets Mistfolk."
_TARGETS_MISTFOLK = TargetSpec("target spell that targets Mistfolk", kinds(Kind.SPELL),
                               lambda g, ctx, s: isinstance(s, Spell) and ctx.source is not None
                               and any(t is ctx.source for t in s.targets))
define("Mistfolk", abilities=(Ability("{U}: Counter target spell that targets Mistfolk", Cost(_mana("{U}")),
                                      counter_target(), targets=(_TARGETS_MISTFOLK,), speed=Speed.INTERRUPT),))


# Sibilant Spirit: "If Sibilant Spirit attacks, defending player may draw a card."
def _sibilant(g: Game, ctx: Ctx) -> Gen:
    p = 1 - ctx.controller
    ans = yield from g.ask(p, DecisionKind.CHOOSE, "Sibilant Spirit attacks: draw a card?", ["choose yes", "choose no"],
                           decline="choose no", about="Sibilant Spirit")
    if ans == "choose yes":
        yield from g.draw(p, 1)


define("Sibilant Spirit", triggers=(Trigger(Event.ATTACKS, _sibilant, lambda g, src, d: d["card"] is src),))
define("Updraft", spell=SpellSpec(_cantrip(grant("flying")), targets=(CREATURE,)))
define("Enervate", spell=SpellSpec(_cantrip(tap_targets()), targets=(ARTIFACT_CREATURE_OR_LAND,)))




define("Infuse", spell=SpellSpec(_cantrip(untap_targets), targets=(ARTIFACT_CREATURE_OR_LAND,)))


def _ray_of_erasure(g: Game, ctx: Ctx) -> Gen:
    for p in each_target(ctx):
        if p.library:
            card = g.move(p.library[0], "graveyard")
            g.log(f"{p.name} puts the top card of their library, {card.name}, into their graveyard.")
    return
    yield


define("Ray of Erasure", spell=SpellSpec(_cantrip(_ray_of_erasure), targets=(PLAYER,)))


def _clairvoyance(g: Game, ctx: Ctx) -> Gen:
    for p in each_target(ctx):
        g.secrets.append((ctx.controller, f"{p.name}'s hand: " + (", ".join(sorted(c.name for c in p.hand))
                                                                  or "nothing") + "."))
        g.log(f"{ctx.me.name} looks at {p.name}'s hand (Clairvoyance).")
    return
    yield


define("Clairvoyance", spell=SpellSpec(_cantrip(_clairvoyance), targets=(PLAYER,)))


# Force Void: counter the target spell unless its caster pays an additional {1}.
def _force_void(g: Game, ctx: Ctx) -> Gen:
    t = ctx.target
    if not isinstance(t, Spell):
        return
    paid = yield from pay_to_use(g, t.controller, "{1}", f"Force Void: pay {{1}} or {t.name} is countered?",
                                 "Force Void")
    if paid:
        g.log(f"{g.players[t.controller].name} pays {{1}}; {t.name} is not countered.")
    else:
        t.countered = True
        g.log(f"{t.name} is countered.")


define("Force Void", spell=SpellSpec(_cantrip(aimed(_force_void, Aim.HARMS)), targets=(SPELL,)))


# Portent: the caster looks at the top three cards of the target player's
# library, then shuffles it or puts them back in an order of their choice.
def _portent(g: Game, ctx: Ctx) -> Gen:
    for p in each_target(ctx):
        top = p.library[:3]
        g.secrets.append((ctx.controller, f"The top of {p.name}'s library: "
                          + (", ".join(c.name for c in top) or "nothing") + "."))
        g.log(f"{ctx.me.name} looks at the top three cards of {p.name}'s library (Portent).")
        if not top:
            continue
        ans = yield from g.ask(ctx.controller, DecisionKind.CHOOSE, f"Portent: shuffle {p.name}'s library?",
                               ["choose yes", "choose no"], decline="choose no", about="Portent")
        if ans == "choose yes":
            g.shuffle(p.idx)
            g.log(f"{p.name}'s library is shuffled (Portent).")
            continue
        order: list[Card] = []
        rest = list(top)
        while len(rest) > 1:
            ch = [f"choose {c.name}" for c in rest]
            pick = yield from g.ask(ctx.controller, DecisionKind.CHOOSE, "Portent: which card goes on top next?",
                                    sorted(set(ch)), about="Portent")
            card = rest[ch.index(pick)]
            rest.remove(card)
            order.append(card)
        order += rest
        for c in order:
            p.library.remove(c)
        p.library[0:0] = order
        g.log(f"{ctx.me.name} puts the three cards back on top of {p.name}'s library in an order of their choice.")


define("Portent", spell=SpellSpec(_cantrip(_portent), targets=(PLAYER,)))


# Brainstorm: draw three cards, then put two cards from hand on top of the
# library (the second one chosen on top).
def _brainstorm(g: Game, ctx: Ctx) -> Gen:
    p, pl = ctx.controller, ctx.me
    yield from g.draw(p, 3)
    for i in range(2):
        if not pl.hand:
            return
        names = sorted({c.name for c in pl.hand})
        ans = yield from g.ask(p, DecisionKind.CHOOSE,
                               f"Brainstorm: put a card from your hand on top of your library ({i + 1} of 2)",
                               [f"choose {n}" for n in names], about="Brainstorm")
        card = next(c for c in pl.hand if c.name == ans[len("choose "):])
        g.move(card, "library")
    g.log(f"{pl.name} puts two cards from their hand on top of their library (Brainstorm).")


define("Brainstorm", spell=SpellSpec(_brainstorm))

# Hydroblast: unlike Blue Elemental Blast it may target any spell or
# permanent; it counters or destroys it only if it is red as Hydroblast
# resolves.


#: what makes Hydroblast worth asking about (engine.pointless): a red target. The effect
#: itself reads "red" through text changes as it resolves.
_RED = frozenset("R")


def _if_red(fn: EffectFn) -> EffectFn:
    def wrapped(g: Game, ctx: Ctx) -> Gen:
        red = COLOR_LETTERS[g.word(ctx.source, "red")]
        t = ctx.target
        if t is None:
            return
        if red not in g.colors_of(t):
            g.log(f"{t.name} is not red: Hydroblast does nothing.")
            return
        yield from fn(g, ctx)
    return aimed(wrapped, Aim.HARMS, matters=lambda g, t: bool(_RED & g.colors_of(t)))


_ANY_SPELL = TargetSpec("target spell", kinds(Kind.SPELL), lambda g, ctx, s: isinstance(s, Spell) and s.card is not None)
define("Hydroblast", spell=SpellSpec(modes=(
    Mode("Counter target spell if it is red", (_ANY_SPELL,), _if_red(counter_target())),
    Mode("Destroy target permanent if it is red", (permanent_target("target permanent"),), _if_red(destroy_targets())),
)))


# Word of Undoing: the caster's own white enchantments on the creature go to
# the caster's hand first, then the creature to its owner's.
def _word_of_undoing(g: Game, ctx: Ctx) -> Gen:
    t = ctx.target
    if not isinstance(t, Card) or t.zone != "battlefield":
        return
    white = COLOR_LETTERS[g.word(ctx.source, "white")]
    for a in g.attached(t):
        if a.owner == ctx.controller and white in g.chars(a).colors and not a.token:
            g.move(a, "hand")
            g.log(f"{a.name} returns to {ctx.me.name}'s hand.")
    yield from bounce_targets()(g, ctx)


define("Word of Undoing", spell=SpellSpec(_word_of_undoing, targets=(CREATURE,)))


# ------------------------------------------------------------------ permanents with cumulative upkeep

_ab, _hooks = _cu("{U}")
define("Illusionary Forces", abilities=_ab, hooks=_hooks)
_ab, _hooks = _cu("{U}")
define("Illusionary Wall", abilities=_ab, hooks=_hooks)
_ab, _hooks = _cu("{U}")
define("Arnjlot's Ascent", abilities=_ab + (Ability(
    "{1}: Target creature gains flying until end of turn", Cost(_mana("{1}")), grant("flying"), targets=(CREATURE,)),),
       hooks=_hooks)


# ------------------------------------------------------------------ blue enchantments

_bg_ab, _bg_end = upkeep_cost("During your upkeep, pay {1}{U} or bury Binding Grasp", "{1}{U}",
                              destroy_self(bury=True))
define("Binding Grasp", enchant=CREATURE, abilities=(_bg_ab,), hooks=Hooks(end_of_upkeep=_bg_end),
       statics=(Static(applies=lambda g, src, card, c: src.attached_to == card.oid,
                       modify=lambda g, src, card, c: setattr(c, "controller", src.controller),
                       active=lambda g, src: True, layer=0),
                aura(pump_mod(0, 1))))


def _cast_by_opponent(creature: bool) -> Callable[[Game, Card, dict[str, object]], bool]:
    """Trigger condition: the one opponent (the "target opponent" of a duel)
    successfully cast a summon spell (``creature``) or a non-creature spell."""
    def cond(g: Game, src: Card, d: dict[str, object]) -> bool:
        s = d["spell"]
        return isinstance(s, Spell) and s.card is not None and s.controller != g.controller(src) \
            and ("creature" in s.types) == creature
    return cond


# Soul Barrier: 2 damage to the opponent who cast a summon spell, unless they pay {2}.
def _soul_barrier(g: Game, ctx: Ctx) -> Gen:
    q = ctx.data["spell"].controller
    paid = yield from pay_to_use(g, q, "{2}", "Soul Barrier: pay {2} to prevent its 2 damage?", "Soul Barrier")
    if paid:
        g.log(f"{g.players[q].name} pays {{2}} for Soul Barrier.")
        return
    g.deal_damage(ctx.source, g.players[q], 2)
    yield from g.settle()


define("Soul Barrier", triggers=(Trigger(Event.SPELL_CAST, _soul_barrier, _cast_by_opponent(True)),))


# Mystic Remora: when the opponent casts a non-creature spell, its controller
# may draw a card, unless that opponent pays {4} (asked first).
def _remora(g: Game, ctx: Ctx) -> Gen:
    q = ctx.data["spell"].controller
    paid = yield from pay_to_use(g, q, "{4}", "Mystic Remora: pay {4} so that its controller draws no card?",
                                 "Mystic Remora")
    if paid:
        g.log(f"{g.players[q].name} pays {{4}} for Mystic Remora.")
        return
    ans = yield from g.ask(ctx.controller, DecisionKind.CHOOSE, "Mystic Remora: draw a card?",
                           ["choose yes", "choose no"], decline="choose no", about="Mystic Remora")
    if ans == "choose yes":
        yield from g.draw(ctx.controller, 1)


_ab, _hooks = _cu("{1}")
define("Mystic Remora", abilities=_ab, hooks=_hooks,
       triggers=(Trigger(Event.SPELL_CAST, _remora, _cast_by_opponent(False)),))


def _when_leaves_play(g: Game, card: Card, effect: EffectFn, **data: object) -> None:
    """Set up "When CARD leaves play, ...": ``effect`` runs (once) at the
    first settle after the permanent is no longer in play, whatever took it
    (destroyed, returned to hand, removed from the game), with ``data``."""
    g.delayed.append(Delayed(Event.STATE, effect, g.controller(card), card.name,
                             condition=lambda g2, d, dd: g2.find(d.data["oid"]) is None,
                             data={"oid": card.oid, **data}))


# Illusions of Grandeur: 20 life as it comes into play; 20 lost (by the player
# who controlled it as it came) when it leaves play: a loss of life, which no
# prevention touches.
def _grandeur_enter(g: Game, ctx: Ctx) -> Gen:
    g.gain_life(ctx.controller, 20)
    _when_leaves_play(g, ctx.source, _grandeur_leaves)
    return
    yield


def _grandeur_leaves(g: Game, ctx: Ctx) -> Gen:
    g.lose_life(ctx.controller, 20, " (Illusions of Grandeur left play)")
    return
    yield


_ab, _hooks = _cu("{2}")
define("Illusions of Grandeur", abilities=_ab, hooks=_hooks, on_enter=_grandeur_enter)

_ab, _hooks = _cu("{1}")
define("Mesmeric Trance", abilities=_ab + (Ability(
    "{U}: Discard a card from your hand to draw a card", Cost(_mana("{U}"), discard=True), draw_cards(1)),),
       hooks=_hooks)


# Iceberg: X ice counters as it comes into play; {3}: one more; {0}: remove
# one to add one colorless mana (a mana source under the Fifth Edition rules).
def _iceberg_enter(g: Game, ctx: Ctx) -> Gen:
    add_counters(g, ctx.source, "ice", int(ctx.source.chosen.get("x", 0)))
    return
    yield


def _add_ice(g: Game, ctx: Ctx) -> Gen:
    if ctx.source in g.battlefield:
        add_counters(g, ctx.source, "ice", 1)
    return
    yield


define("Iceberg", on_enter=_iceberg_enter,
       abilities=(Ability("{3}: Put an ice counter on Iceberg", Cost(_mana("{3}")), _add_ice),),
       mana_abilities=(ManaAbility("C", Cost(remove_counter="ice")),))


# Icy Prison: as it comes into play its controller chooses a creature
# (targeted then), which is removed from the game; when Icy Prison leaves
# play, that creature returns to play under its owner's control as though
# just summoned. In its controller's upkeep it is destroyed unless some
# player pays {3} ("activate Icy Prison", any player, once that upkeep).
def _icy_enter(g: Game, ctx: Ctx) -> Gen:
    cols = frozenset(g.chars(ctx.source).colors)
    cands = [c for c in g.creatures() if g.targetable(c, cols)]
    if not cands:
        return
    ch = [f"choose {ref(g, c)}" for c in cands]
    ans = yield from g.ask(ctx.controller, DecisionKind.CHOOSE, "Icy Prison: remove which creature from the game?",
                           ch, about="Icy Prison")
    victim = cands[ch.index(ans)]
    held = g.move(victim, "removed")
    g.log(f"{victim.name} is removed from the game (Icy Prison).")
    if not held.token:
        _when_leaves_play(g, ctx.source, _icy_release, held=held.oid)


def _icy_release(g: Game, ctx: Ctx) -> Gen:
    oid = ctx.data["delayed"].data["held"]
    held = next((c for p in g.players for c in p.removed if c.oid == oid), None)
    if held is None:
        return
    back = g.move(held, "battlefield")
    g.log(f"{back.name} returns to play (Icy Prison left play).")
    yield from g.entered(back)


def _icy_paid(g: Game, ctx: Ctx) -> Gen:
    ctx.source.flags["icy prison paid"] = g.turn
    g.log(f"{ctx.me.name} pays {{3}}: Icy Prison is not destroyed this upkeep.")
    return
    yield


def _icy_end(g: Game, card: Card) -> Gen:
    if g.controller(card) == g.active and card.flags.get("icy prison paid") != g.turn:
        g.log("Nobody paid {3} for Icy Prison.")
        g.destroy(card)
        yield from g.settle()


define("Icy Prison", on_enter=_icy_enter, hooks=Hooks(end_of_upkeep=_icy_end), abilities=(Ability(
    "{3}: Icy Prison is not destroyed this upkeep (any player may pay)", Cost(_mana("{3}")), _icy_paid, who="any",
    condition=lambda g, c: upkeep_of()(g, c) and c.flags.get("icy prison paid") != g.turn),))


# Errant Minion: in the upkeep of the enchanted creature's controller, 2
# damage to that player, who may first pay {1} for each 1 of it to prevent.
def _errant_minion(g: Game, ctx: Ctx) -> Gen:
    host = g.enchanted(ctx.source)
    if host is None:
        return
    p = g.controller(host)
    n = 2
    while n:
        paid = yield from pay_to_use(g, p, "{1}", f"Errant Minion: pay {{1}} to prevent 1 of its {n} damage?",
                                     "Errant Minion")
        if not paid:
            break
        n -= 1
    if n:
        g.deal_damage(ctx.source, g.players[p], n)
    else:
        g.log(f"{g.players[p].name} pays to prevent all of Errant Minion's damage.")


_em_ab, _em_end = during_upkeep("Errant Minion deals 2 damage to you, less {1} paid for each", _errant_minion,
                                whose="enchanted controller")
define("Errant Minion", enchant=CREATURE, abilities=(_em_ab,), hooks=Hooks(end_of_upkeep=_em_end))


# Essence Flare: +2/+0; in each upkeep of the creature's controller a -0/-1
# counter on it, which stays even if Essence Flare goes.
def _flare_counter(g: Game, ctx: Ctx) -> Gen:
    host = g.enchanted(ctx.source)
    if host is not None:
        add_counters(g, host, "-0/-1", 1)
    return
    yield


_ef_ab, _ef_end = during_upkeep("Put a -0/-1 counter on the enchanted creature", _flare_counter,
                                whose="enchanted controller")
define("Essence Flare", enchant=CREATURE, statics=(aura(pump_mod(2, 0)),), abilities=(_ef_ab,),
       hooks=Hooks(end_of_upkeep=_ef_end))


# Wrath of Marit Lage: red creatures are tapped as it comes into play and do
# not untap in their controllers' untap phases (read after other changes).
def _marit_lage_enter(g: Game, ctx: Ctx) -> Gen:
    red = COLOR_LETTERS[g.word(ctx.source, "red")]
    for c in g.creatures():
        if red in g.chars(c).colors:
            c.tapped = True
    g.log("All red creatures are tapped (Wrath of Marit Lage).")
    return
    yield


define("Wrath of Marit Lage", on_enter=_marit_lage_enter, statics=(Static(
    applies=lambda g, src, card, c: "creature" in c.types and COLOR_LETTERS[g.word(src, "red")] in c.colors,
    modify=lambda g, src, card, c: c.flags.add("doesn't untap"), layer=7),))


# Snow Devil: flying; also first strike while the creature blocks, as long as
# the aura's controller controls any snow-covered lands.
def _snow_devil(g: Game, src: Card, card: Card, c: Chars) -> None:
    c.keywords.add("flying")
    if g.combat is not None and g.combat.blocking(card.oid) is not None \
            and snow_covered_lands(g, g.controller(src)):
        c.keywords.add("first strike")


define("Snow Devil", enchant=CREATURE, statics=(Static(
    applies=lambda g, src, card, c: src.attached_to == card.oid, modify=_snow_devil, active=lambda g, src: True),))


# ------------------------------------------------------------------ blue creatures with abilities

def _discards_one(g: Game, ctx: Ctx) -> Gen:
    for p in each_target(ctx):
        if not p.hand:
            continue
        names = sorted({c.name for c in p.hand})
        ans = yield from g.ask(p.idx, DecisionKind.DISCARD, f"{ctx.source_name}: discard a card",
                               [f"discard {n}" for n in names], about=ctx.source_name)
        card = next(c for c in p.hand if c.name == ans[len("discard "):])
        yield from discard_card(g, p.idx, card, by=ctx.controller, why=ctx.source_name)


define("Zuran Enchanter", abilities=(Ability(
    "{2}{B}, {T}: Target player chooses and discards one card from his or her hand", Cost(_mana("{2}{B}"), tap=True),
    _discards_one, targets=(PLAYER,), condition=lambda g, c: g.active == g.controller(c)),))

ARTIFACT_ABILITIES = spend_use("artifact abilities", lambda g, spell: spell.ability is not None
                               and spell.source is not None and "artifact" in g.chars(spell.source).types)
define("Soldevi Machinist", mana_abilities=(ManaAbility("C", amount=2, use=ARTIFACT_ABILITIES),))


# Ray of Command, Magus of the Unseen: untap the opponent's permanent and take
# it until end of turn, unaffected by summoning sickness; it is tapped at end
# of turn if the control ends then (it is still under its taker's control).
def _borrow(g: Game, ctx: Ctx) -> Gen:
    t = ctx.target
    if not isinstance(t, Card):
        return
    me = ctx.controller
    t.tapped = False
    g.effects.append(Effect(g.stamp(), t.oid, lambda g2, card, c: setattr(c, "controller", me), "eot", layer=0))
    g.effects.append(Effect(g.stamp(), t.oid, keyword_mod(SICK_ATTACK_OK, SICK_TAP_OK), "eot"))
    g.log(f"{ctx.me.name} untaps {t.name} and gains control of it until end of turn.")
    g.delayed.append(Delayed(Event.END_OF_TURN, _borrow_end, me, ctx.source_name, turn=g.turn,
                             data={"target": t.oid}))
    return
    yield


def _borrow_end(g: Game, ctx: Ctx) -> Gen:
    c = g.find(ctx.data["delayed"].data["target"])
    if c is not None and g.controller(c) == ctx.controller and c.controller != ctx.controller:
        c.tapped = True
        g.log(f"{c.name} is tapped as {ctx.me.name}'s control of it ends.")
    return
    yield


_OPPONENTS_CREATURE = creature_where("target creature an opponent controls",
                                     lambda g, ctx, c: g.controller(c) != ctx.controller)
_OPPONENTS_ARTIFACT = permanent_target("target artifact an opponent controls",
                                       lambda g, ctx, c: "artifact" in g.chars(c).types
                                       and g.controller(c) != ctx.controller)
define("Ray of Command", spell=SpellSpec(_borrow, targets=(_OPPONENTS_CREATURE,)))
define("Magus of the Unseen", abilities=(Ability(
    "{1}{U}, {T}: Untap target artifact an opponent controls and gain control of it until end of turn",
    Cost(_mana("{1}{U}"), tap=True), _borrow, targets=(_OPPONENTS_ARTIFACT,)),))


# Shyft: in its controller's upkeep, may become any color or combination of
# colors (for good, until changed again).
_COLOR_WORDS = ("white", "blue", "black", "red", "green")
_COLOR_COMBOS = ["+".join(w for i, w in enumerate(_COLOR_WORDS) if m >> i & 1) for m in range(1, 32)]


def _shyft(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    if src not in g.battlefield:
        return
    cols = {COLOR_LETTERS[w] for w in str(ctx.chosen("choice", "blue")).split("+")}
    g.effects.append(Effect(g.stamp(), src.oid, lambda g2, card, c: setattr(c, "colors", set(cols)), "forever",
                            layer=2))
    g.log(f"{src.name} becomes {ctx.chosen('choice', 'blue').replace('+', ' and ')}.")
    return
    yield


define("Shyft", abilities=(Ability(
    "During your upkeep, you may change the color of Shyft to any color or combination of colors", Cost(), _shyft,
    condition=upkeep_of(), once_per_phase=True,
    announce=(Announce("choice", "choose Shyft's new color(s)", lambda g, ctx: list(_COLOR_COMBOS)),)),))


# Balduvian Conjurer: the snow-covered land becomes a 2/2 creature until end
# of turn (still a land; summoning sickness as for any creature).
_SNOW_LAND = permanent_target("target snow-covered land",
                              lambda g, ctx, c: "land" in g.chars(c).types and "snow" in g.chars(c).supertypes)


def _land_creature(g: Game, card: Card, c: Chars) -> None:
    c.types.add("creature")
    c.set_pt(2, 2)


def _animate_land(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        g.effects.append(Effect(g.stamp(), t.oid, _land_creature, "eot", layer=1))
        g.log(f"{t.name} becomes a 2/2 creature until end of turn.")
    return
    yield


define("Balduvian Conjurer", abilities=(Ability(
    "{T}: Target snow-covered land becomes a 2/2 creature until end of turn", Cost(tap=True),
    _animate_land, targets=(_SNOW_LAND,)),))


# ------------------------------------------------------------------ more cumulative upkeep

# Mystic Might: on a land its controller controls; "{0}: Tap land Mystic
# Might enchants to give target creature +2/+2 until end of turn".
_MIGHT_AB = Ability("{0}: Tap the enchanted land: Target creature gets +2/+2 until end of turn", Cost(), pump(2, 2),
                    targets=(CREATURE,), condition=_land_untapped)
_HOST_TAPPING.append(_MIGHT_AB)
_ab, _mm_end = cumulative_upkeep(mana="{1}{U}")
define("Mystic Might", enchant=_LAND_OF_YOURS, abilities=(_ab, _MIGHT_AB),
       hooks=Hooks(end_of_upkeep=_mm_end, on_activate=_tap_host))


# Illusionary Presence: cumulative upkeep {U}; in its controller's upkeep it
# gains a landwalk of the player's choice until end of turn ("activate
# Illusionary Presence choose=islandwalk" at any opportunity of that upkeep;
# if not done, chosen as the upkeep ends). Its own mark of being done (the
# card's phase_uses is its cumulative upkeep's).
_LANDWALKS = [f"{t}walk" for t in ("plains", "island", "swamp", "mountain", "forest")]


def _presence_walk(g: Game, card: Card, kw: str) -> None:
    card.flags["presence"] = g.turn
    g.effects.append(Effect(g.stamp(), card.oid, keyword_mod(kw), "eot"))
    g.log(f"{card.name} gains {kw} until end of turn.")


def _presence(g: Game, ctx: Ctx) -> Gen:
    if ctx.source in g.battlefield:
        _presence_walk(g, ctx.source, str(ctx.chosen("choice", "islandwalk")))
    return
    yield


def _presence_due(g: Game, card: Card) -> bool:
    return upkeep_of()(g, card) and card.flags.get("presence") != g.turn


_pr_cu, _pr_cu_end = cumulative_upkeep(mana="{U}")


def _presence_end(g: Game, card: Card) -> Gen:
    yield from _pr_cu_end(g, card)
    if card in g.battlefield and _presence_due(g, card):
        ch = [f"choose {kw}" for kw in _LANDWALKS]
        ans = yield from g.ask(g.controller(card), DecisionKind.UPKEEP, "Illusionary Presence: gain which landwalk?",
                               ch, about=card.name)
        _presence_walk(g, card, ans[len("choose "):])


define("Illusionary Presence", hooks=Hooks(end_of_upkeep=_presence_end), abilities=(_pr_cu, Ability(
    "During your upkeep, Illusionary Presence gains a landwalk ability of your choice until end of turn", Cost(),
    _presence, condition=_presence_due,
    announce=(Announce("choice", "choose a landwalk", lambda g, ctx: list(_LANDWALKS)),))))


# Musician: cumulative upkeep {1}; "{T}: Put a music counter on target
# creature". In the upkeep of each creature's controller, that player pays
# {1} for each music counter on it or the creature is destroyed (asked as the
# upkeep ends). Choice: the demand is Musician's; once Musician has left play
# the counters stay but nothing more is asked.
def _music(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        add_counters(g, t, "music", 1)
    return
    yield


_mu_cu, _mu_cu_end = cumulative_upkeep(mana="{1}")


def _musician_end(g: Game, card: Card) -> Gen:
    yield from _mu_cu_end(g, card)
    p = g.active
    for c in list(g.creatures(p)):
        n = c.counters.get("music", 0)
        if not n or c not in g.battlefield:
            continue
        paid = yield from pay_to_use(g, p, "{%d}" % n, f"Musician: pay {{{n}}} for {c.name}'s music counters, or "
                                     "it is destroyed?", "Musician")
        if paid:
            g.log(f"{g.players[p].name} pays {{{n}}} for {c.name}'s music counters.")
        else:
            g.log(f"{g.players[p].name} does not pay for {c.name}'s music counters.")
            g.destroy(c)
            yield from g.settle()


define("Musician", hooks=Hooks(end_of_upkeep=_musician_end), abilities=(_mu_cu, Ability(
    "{T}: Put a music counter on target creature", Cost(tap=True), aimed(_music, Aim.HARMS), targets=(CREATURE,))))


# Reality Twist: cumulative upkeep {1}{U}{U}; plains produce {R}, swamps {G},
# mountains {W} and forests {B} instead of their normal mana (the flag "plains
# produces red" read by Game.mana_abilities; the words of its text).
_TWIST = (("plains", "red"), ("swamp", "green"), ("mountain", "white"), ("forest", "black"))


def _twist(g: Game, src: Card, card: Card, c: Chars) -> None:
    for land, color in _TWIST:
        c.flags.add(f"{g.word(src, land)} produces {g.word(src, color)}")


_ab, _rt_end = cumulative_upkeep(mana="{1}{U}{U}")
define("Reality Twist", abilities=(_ab,), hooks=Hooks(end_of_upkeep=_rt_end),
       statics=(Static(applies=lambda g, src, card, c: "land" in c.types, modify=_twist),))


# Illusionary Terrain: cumulative upkeep {2}; all basic lands of one type
# become basic lands of a different type, both chosen as it is cast
# ("island->swamp"); like Phantasmal Terrain's, the change replaces the land
# types (and so the lands' mana).
_BASIC_TYPES = ("plains", "island", "swamp", "mountain", "forest")
_TYPE_PAIRS = [f"{a}->{b}" for a in _BASIC_TYPES for b in _BASIC_TYPES if a != b]


def _terrain_applies(g: Game, src: Card, card: Card, c: Chars) -> bool:
    frm = str(src.chosen.get("choice", "->")).split("->")[0]
    return "land" in c.types and "basic" in c.supertypes and frm in c.subtypes


def _terrain_modify(g: Game, src: Card, card: Card, c: Chars) -> None:
    to = str(src.chosen.get("choice", "->")).split("->")[1]
    if to:
        c.subtypes.difference_update(_BASIC_TYPES)
        c.subtypes.add(to)


_ab, _it_end = cumulative_upkeep(mana="{2}")
define("Illusionary Terrain", abilities=(_ab,), hooks=Hooks(end_of_upkeep=_it_end),
       announce=(Announce("choice", "replace which basic land type with which", lambda g, ctx: list(_TYPE_PAIRS)),),
       statics=(Static(applies=_terrain_applies, modify=_terrain_modify, layer=1),))


# Zur's Weirding: hands are played face up; whenever a player draws a card,
# the other player may pay 2 life to make them discard it.
def _weirding(g: Game, src: Card, p: int) -> Gen:
    pl = g.players[p]
    card = next((c for c in pl.hand if c.oid == pl.last_drawn), None)
    if card is None:
        return
    q = 1 - p
    if g.players[q].life < 2:
        return
    ans = yield from g.ask(q, DecisionKind.CHOOSE, f"Zur's Weirding: pay 2 life to make {pl.name} discard {card.name}?",
                           ["choose yes", "choose no"], decline="choose no", about="Zur's Weirding")
    if ans == "choose yes":
        g.lose_life(q, 2, " (Zur's Weirding)")
        yield from discard_card(g, p, card, by=q, why="Zur's Weirding")


define("Zur's Weirding", hooks=Hooks(hands_revealed=lambda g, src: True, each_draw=_weirding))


# Phantasmal Mount: the creature (its controller's, toughness less than 3 as
# targeted) gains flying and +1/+1 until end of turn; until end of turn, if the
# Mount leaves play the creature is buried, and if the creature leaves play
# the Mount is buried.
def _mount(g: Game, ctx: Ctx) -> Gen:
    t = ctx.target
    if not isinstance(t, Card):
        return
    g.effects.append(Effect(g.stamp(), t.oid, pump_mod(1, 1), "eot"))
    g.effects.append(Effect(g.stamp(), t.oid, keyword_mod("flying"), "eot"))
    g.log(f"{t.name} gains flying and gets +1/+1 until end of turn.")
    for gone, other in ((ctx.source.oid, t.oid), (t.oid, ctx.source.oid)):
        g.delayed.append(Delayed(Event.STATE, _mount_bury, ctx.controller, "Phantasmal Mount", turn=g.turn,
                                 condition=lambda g2, d, data: g2.find(d.data["gone"]) is None,
                                 data={"gone": gone, "other": other}))
    return
    yield


def _mount_bury(g: Game, ctx: Ctx) -> Gen:
    c = g.find(ctx.data["delayed"].data["other"])
    if c is not None:
        g.log(f"{c.name} is buried (Phantasmal Mount).")
        g.destroy(c, bury=True)
        yield from g.settle()


_MOUNTABLE = creature_where("target creature you control with toughness less than 3",
                            lambda g, ctx, c: g.controller(c) == ctx.controller and (g.chars(c).toughness or 0) < 3)
define("Phantasmal Mount", abilities=(Ability(
    "{T}: Target creature you control with toughness less than 3 gains flying and gets +1/+1 until end of turn",
    Cost(tap=True), aimed(_mount, Aim.HELPS, combat_only=True), targets=(_MOUNTABLE,)),))

define("Wind Spirit", statics=(static_for(self_only, flag_mod(ONE_BLOCKER_FLAG)),))

_pk_ab, _pk_end = cumulative_upkeep_sacrifice("land")
define("Polar Kraken", on_enter=_enter_tapped, abilities=(_pk_ab,), hooks=Hooks(end_of_upkeep=_pk_end))


# ------------------------------------------------------------------ Deflection, Krovikan Sorcerer

def _specs_of(s: Spell) -> tuple[TargetSpec, ...]:
    if s.mode is not None:
        return s.mode.targets
    if s.card is not None and s.card.cdef.enchant is not None:
        return (s.card.cdef.enchant,)
    if s.ability is not None:
        return s.ability.targets
    return ()


_SINGLE_TARGET_SPELL = TargetSpec("target spell with a single target", kinds(Kind.SPELL),
                                  lambda g, ctx, s: isinstance(s, Spell) and s.card is not None
                                  and len(s.targets) == 1 and len(_specs_of(s)) == 1)


# Deflection: the spell now targets a new legal target (for it) of Deflection's
# caster's choice; with none, it keeps its target.
def _deflection(g: Game, ctx: Ctx) -> Gen:
    s = ctx.target
    if not isinstance(s, Spell) or s.countered:
        return
    old = s.targets[0]
    cands = [c for c in g.target_candidates(_specs_of(s)[0], s, None) if c is not old and c is not ctx.spell]
    if not cands:
        g.log(f"{s.name} has no other legal target.")
        return
    ch = [f"choose {ref(g, c)}" for c in cands]
    ans = yield from g.ask(ctx.controller, DecisionKind.CHOOSE, f"Deflection: what does {s.name} target now?", ch,
                           parser=g.parser_for(ctx.controller, ch), about="Deflection")
    s.targets = [cands[ch.index(ans)]]
    g.log(f"{s.name} now targets {s.targets[0].name}.")


define("Deflection", spell=SpellSpec(_deflection, targets=(_SINGLE_TARGET_SPELL,)))


# Krovikan Sorcerer: the card discarded is part of the cost, chosen as the
# ability is played (Hooks.on_activate): a nonblack card for the first
# ability, a black one for the second (usable only with such a card in hand).
def _black(g: Game, src: Card, c: Card) -> bool:
    """A black card in hand ("black" as Krovikan Sorcerer's text says after text changes)."""
    black = COLOR_LETTERS[g.word(src, "black")]
    return black in (c.color_override if c.color_override is not None else c.cdef.colors)


def _krovikan_discard(g: Game, src: Card, spell: Spell) -> Gen:
    if spell.source is not src or spell.ability not in _KROVIKAN:
        return
    black = spell.ability is _KROVIKAN[1]
    p = spell.controller
    hand = [c for c in g.players[p].hand if _black(g, src, c) == black]
    if not hand:
        return
    names = sorted({c.name for c in hand})
    ans = yield from g.ask(p, DecisionKind.DISCARD, f"Krovikan Sorcerer: discard a {'' if black else 'non'}black card",
                           [f"discard {n}" for n in names], about="Krovikan Sorcerer")
    card = next(c for c in hand if c.name == ans[len("discard "):])
    new = g.move(card, "graveyard")
    g.log(f"{g.players[p].name} discards {card.name} (Krovikan Sorcerer).")
    yield from g.discarded(p, new, None)


def _krovikan_two(g: Game, ctx: Ctx) -> Gen:
    pl = ctx.me
    before = {c.oid for c in pl.hand}
    yield from g.draw(ctx.controller, 2)
    drawn = [c for c in pl.hand if c.oid not in before]
    if not drawn:
        return
    names = sorted({c.name for c in drawn})
    ans = yield from g.ask(ctx.controller, DecisionKind.DISCARD, "Krovikan Sorcerer: discard one of the cards drawn",
                           [f"discard {n}" for n in names], about="Krovikan Sorcerer")
    card = next(c for c in drawn if c.name == ans[len("discard "):])
    new = g.move(card, "graveyard")
    g.log(f"{pl.name} discards {card.name} (Krovikan Sorcerer).")
    yield from g.discarded(ctx.controller, new, None)


_KROVIKAN = (
    Ability("{T}, Choose and discard a nonblack card: Draw a card", Cost(tap=True), draw_cards(1),
            condition=lambda g, c: any(not _black(g, c, x) for x in g.players[g.controller(c)].hand)),
    Ability("{T}, Choose and discard a black card: Draw two cards, then choose and discard one of them",
            Cost(tap=True), _krovikan_two,
            condition=lambda g, c: any(_black(g, c, x) for x in g.players[g.controller(c)].hand)))
define("Krovikan Sorcerer", abilities=_KROVIKAN, hooks=Hooks(on_activate=_krovikan_discard))


# ------------------------------------------------------------------ added cumulative upkeep

def _added_upkeep(g: Game, c: Card, key: str, mana: str, why: str) -> Gen:
    """An added "Cumulative Upkeep: MANA" of creature ``c`` (Breath of Dreams,
    Dreams of the Dead), asked as its controller's upkeep ends: pay MANA once
    more than the times it was paid before (counted in ``c.flags[key]``), or
    it is buried."""
    n = int(c.flags.get(key, 0)) + 1
    p = g.controller(c)
    cost = ManaCost.parse(mana * n)
    paid = yield from pay_to_use(g, p, str(cost), f"{why}: pay {cost} for {c.name}'s cumulative upkeep, or bury it?",
                                 why, purpose=CUMULATIVE_UPKEEP_PAYMENT)
    if paid:
        c.flags[key] = n
        g.log(f"{g.players[p].name} pays {cost} for {c.name}'s cumulative upkeep ({why}).")
    else:
        g.log(f"{c.name}'s cumulative upkeep ({why}) is not paid.")
        g.destroy(c, bury=True)
        yield from g.settle()


# Breath of Dreams: cumulative upkeep {U}; each green creature has an added
# cumulative upkeep of {1} while it is in play (one for each Breath of Dreams).
_bd_cu, _bd_cu_end = cumulative_upkeep(mana="{U}")


def _breath_end(g: Game, card: Card) -> Gen:
    yield from _bd_cu_end(g, card)
    if card not in g.battlefield:
        return
    green = COLOR_LETTERS[g.word(card, "green")]
    for c in list(g.creatures(g.active)):
        if c in g.battlefield and green in g.chars(c).colors:
            yield from _added_upkeep(g, c, f"breath of dreams {card.oid}", "{1}", "Breath of Dreams")


define("Breath of Dreams", abilities=(_bd_cu,), hooks=Hooks(end_of_upkeep=_breath_end))


# Dreams of the Dead: "{1}{U}: Take target white or black creature from your
# graveyard and put it directly into play"; that creature has an added
# cumulative upkeep of {2} (asked as its controller's upkeeps end, whether or
# not Dreams of the Dead is still in play), and is removed from the game
# instead of going to a graveyard (Card.remove_if_dies). (Known limit: returned to a hand or
# library, it is not removed from the game.)
_WHITE_OR_BLACK_DEAD = TargetSpec(
    "target white or black creature in your graveyard", kinds(Kind.GRAVEYARD_CARD),
    lambda g, ctx, c: isinstance(c, Card) and c.zone == "graveyard" and c.owner == ctx.controller
    and "creature" in c.cdef.types
    and bool(set(_printed_colors(c)) & {COLOR_LETTERS[g.word(ctx.source, w)] for w in ("white", "black")}))


def _dreams(g: Game, ctx: Ctx) -> Gen:
    c = ctx.target
    if not isinstance(c, Card) or c.zone != "graveyard":
        return
    new = g.move(c, "battlefield", controller=ctx.controller)
    new.remove_if_dies = True
    g.log(f"{new.name} comes into play from the graveyard (Dreams of the Dead).")
    _add_upkeep_for_good(g, new, ctx.controller, "dreams of the dead", "{2}", "Dreams of the Dead")
    g.delayed.append(Delayed(Event.BEGIN_UPKEEP, _dreams_remove_again, ctx.controller, "Dreams of the Dead",
                             once=False, data={"creature": new.oid}))
    yield from g.entered(new)


def _dreams_remove_again(g: Game, ctx: Ctx) -> Gen:
    """``Card.remove_if_dies`` is Disintegrate's "this turn", cleared as each
    turn ends: set again as each turn's upkeep begins."""
    d = ctx.data["delayed"]
    c = g.find(d.data["creature"])
    if c is None:
        g.delayed.remove(d)
    else:
        c.remove_if_dies = True
    return
    yield


def _add_upkeep_for_good(g: Game, card: Card, controller: int, key: str, mana: str, why: str) -> None:
    """``card`` now has an added "Cumulative Upkeep: MANA" (Dreams of the
    Dead, Balduvian Shaman), whatever happens to what gave it: a delayed
    effect asks it (:func:`_added_upkeep`) as each upkeep of the card's
    controller ends, while the card stays in play."""
    g.delayed.append(Delayed(Event.END_UPKEEP, _upkeep_for_good, controller, why, once=False,
                             data={"card": card.oid, "key": key, "mana": mana}))


def _upkeep_for_good(g: Game, ctx: Ctx) -> Gen:
    d = ctx.data["delayed"]
    c = g.find(d.data["card"])
    if c is None:
        g.delayed.remove(d)
        return
    if g.controller(c) == g.active:
        yield from _added_upkeep(g, c, d.data["key"], d.data["mana"], d.name)


define("Dreams of the Dead", abilities=(Ability(
    "{1}{U}: Put target white or black creature from your graveyard into play", Cost(_mana("{1}{U}")), _dreams,
    targets=(_WHITE_OR_BLACK_DEAD,)),))


# Snowfall: cumulative upkeep {U}; an island tapped for mana may add {U} more,
# a snow-covered island {U} or {U}{U} more (its controller chooses, after
# the island's own mana), usable only for cumulative upkeep.
def _snowfall(g: Game, ctx: Ctx) -> Gen:
    land, p = ctx.data["card"], ctx.data["player"]
    if not isinstance(land, Card) or g.word(ctx.source, "island") not in g.chars(land).subtypes:
        return
    most = 2 if "snow" in g.chars(land).supertypes else 1
    ch = ["choose none"] + [f"choose {'U' * n}" for n in range(1, most + 1)]
    ans = yield from g.ask(p, DecisionKind.CHOOSE, f"Snowfall: add mana usable only for cumulative upkeep "
                           f"({land.name})?", ch, decline="choose none", about="Snowfall")
    n = ch.index(ans)
    if n:
        g.players[p].pool.add("U", n, use=CUMULATIVE_UPKEEP_MANA)
        g.log(f"{g.players[p].name} adds {'{U}' * n} for cumulative upkeep (Snowfall).")


_ab, _sf_end = cumulative_upkeep(mana="{U}")
define("Snowfall", abilities=(_ab,), hooks=Hooks(end_of_upkeep=_sf_end),
       triggers=(Trigger(Event.TAPPED_FOR_MANA, _snowfall),))


# Balduvian Shaman: a color word of the white enchantment (its controller's,
# without cumulative upkeep) is replaced by another for good, as Sleight of
# Mind does ("white->black", chosen as the ability is played; mana symbols
# are not words); the enchantment now has an added Cumulative Upkeep: {1}.
def _has_cumulative_upkeep(c: Card) -> bool:
    return any(ab.text.startswith("Cumulative upkeep") for ab in c.cdef.abilities) or "shaman" in c.flags


_SHAMAN_TARGET = permanent_target(
    "target white enchantment you control that does not have cumulative upkeep",
    lambda g, ctx, c: "enchantment" in g.chars(c).types and COLOR_LETTERS[g.word(ctx.source, "white")] in g.chars(c).colors
    and g.controller(c) == ctx.controller and not _has_cumulative_upkeep(c))
_COLOR_WORD_PAIRS = [f"{a}->{b}" for a in _COLOR_WORDS for b in _COLOR_WORDS if a != b]


def _shaman(g: Game, ctx: Ctx) -> Gen:
    t = ctx.target
    if not isinstance(t, Card):
        return
    yield from _text_change("Balduvian Shaman", list(_COLOR_WORDS))(g, ctx)
    t.flags["shaman"] = True
    _add_upkeep_for_good(g, t, ctx.controller, "shaman upkeep paid", "{1}", "Balduvian Shaman")
    g.log(f"{t.name} now has cumulative upkeep {{1}}.")


define("Balduvian Shaman", abilities=(Ability(
    "{T}: Change a color word of target white enchantment you control that does not have cumulative upkeep; it "
    "now has Cumulative Upkeep: {1}", Cost(tap=True), _shaman, targets=(_SHAMAN_TARGET,),
    announce=(Announce("choice", "replace which color word with which", lambda g, ctx: list(_COLOR_WORD_PAIRS)),)),))


# Winter's Chill: cast during combat before blockers are declared; X (at most
# the number of snow-covered lands its caster controls, Hooks.max_x) target
# attacking creatures. As it resolves, each one's controller may pay {2} (it
# fights as normal and is not destroyed), or {1} (it neither deals nor
# receives combat damage, and is not destroyed), or nothing: it is destroyed
# at end of combat.
def _winters_chill(g: Game, ctx: Ctx) -> Gen:
    doomed: list[int] = []
    for t in each_target(ctx):
        if not isinstance(t, Card):
            continue
        q = g.controller(t)
        paid = yield from pay_to_use(g, q, "{2}", f"Winter's Chill: pay {{2}} so that {t.name} fights as normal "
                                     "and is not destroyed?", "Winter's Chill")
        if paid:
            g.log(f"{g.players[q].name} pays {{2}} for {t.name} (Winter's Chill).")
            continue
        paid = yield from pay_to_use(g, q, "{1}", f"Winter's Chill: pay {{1}} so that {t.name} neither deals nor "
                                     "receives combat damage and is not destroyed?", "Winter's Chill")
        if paid:
            oid = t.oid
            g.effects.append(Effect(g.stamp(), None, lambda g2, card, c: None, "eot",
                                    applies=lambda g2, card, c: False, hooks=EffectHooks(
                                        reduce_damage=lambda g2, pk, oid=oid: pk.combat and (
                                            pk.source_oid == oid or getattr(pk.receiver, "oid", None) == oid))))
            g.log(f"{g.players[q].name} pays {{1}}: {t.name} neither deals nor receives combat damage.")
            continue
        doomed.append(t.oid)
    if doomed:
        g.delayed.append(Delayed(Event.END_OF_COMBAT, _chill_destroys, ctx.controller, "Winter's Chill", turn=g.turn,
                                 data={"doomed": doomed}))


def _chill_destroys(g: Game, ctx: Ctx) -> Gen:
    for oid in ctx.data["delayed"].data["doomed"]:
        c = g.find(oid)
        if c is not None:
            g.destroy(c, why=" (Winter's Chill)")
    yield from g.settle()


_ATTACKING_CREATURES = creature_where("target attacking creature",
                                      lambda g, ctx, c: g.combat is not None and g.combat.band_of(c.oid) is not None)
define("Winter's Chill", spell=SpellSpec(aimed(_winters_chill, Aim.HARMS), targets=(_ATTACKING_CREATURES,),
                                         targets_x=True),
       hooks=Hooks(can_cast=lambda g, p, card: g.combat is not None and g.step == "attack",
                   max_x=lambda g, card, p: len(snow_covered_lands(g, p))))
