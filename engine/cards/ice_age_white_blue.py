"""Ice Age (ICE), white and blue cards: each as its printed text says
(``engine/data/cards.json``: the Ice Age printing, or Fifth Edition's for the
cards reprinted there), under the Fifth Edition rules.

Ice Age's "Draw a card at the beginning of the next turn's upkeep" (some
printings say "... of the next turn": the Ice Age rulebook means the same
moment) is :func:`engine.effects.draw_at_next_upkeep`; cumulative upkeep is
:func:`engine.effects.cumulative_upkeep`; "snow-covered lands" are
:func:`engine.effects.snow_covered_lands`.

"Controls any black cards" (the Scarabs, Call to Arms) counts the cards among
a player's permanents (not tokens) by their colors as printed or as cast
(a color an effect gave them later is not read: reading every permanent's
characteristics inside another's would loop when two such cards face each
other).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ..carddb import define
from ..combat import ONE_BLOCKER_FLAG
from ..ctx import Ctx
from ..decisions import DecisionKind
from ..effects import (CREATURE, CREATURE_OR_PLAYER, CUMULATIVE_UPKEEP_PAYMENT, DAMAGED_CREATURE,
                       DAMAGED_CREATURE_OR_PLAYER, ENCHANTMENT, PLAYER, SPELL, add_counters, aura, bounce_targets,
                       colored_spell, counter_target, creature_where, cumulative_upkeep, cumulative_upkeep_sacrifice,
                       damage, destroy_self, destroy_targets, discard_card, draw_at_next_upkeep, draw_cards,
                       during_upkeep, each_target, enters_with_counters, flag_mod, gain_life, grant, keyword_mod,
                       on_enchanted, on_source, pay_to_use, permanent_target, prevent_to_target, pump, pump_mod,
                       self_only, sequence, snow_covered_lands, static_for, tap_targets, token_def, tokens_effect,
                       upkeep_cost, upkeep_of)
from ..hooks import EffectHooks, Hooks
from ..mana import COLOR_LETTERS, ManaCost
from ..model import (SICK_ATTACK_OK, SICK_TAP_OK, Ability, Aim, Announce, Cost, Delayed, EffectFn, Event, Gen, Kind,
                     ManaAbility, Mode, Speed, SpellSpec, Static, TargetSpec, Trigger, aimed, kinds, spend_use)
from ..objects import Card, Chars, Effect, Packet, Player, Spell
from ..refs import ref
from .blue import _enter_tapped, _text_change
from .white import _combat_pump

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game


def _mana(s: str) -> ManaCost:
    return ManaCost.parse(s)


def _cu(mana: str) -> tuple[tuple[Ability, ...], Hooks]:
    """The ability and hooks of "Cumulative Upkeep: MANA" alone."""
    ab, end = cumulative_upkeep(mana=mana)
    return (ab,), Hooks(end_of_upkeep=end)


def _printed_colors(c: Card) -> frozenset[str]:
    """A permanent's colors as printed or as cast (see the module docstring)."""
    return c.color_override if c.color_override is not None else c.cdef.colors


ARTIFACT_CREATURE_OR_LAND = permanent_target(
    "target artifact, creature, or land", lambda g, ctx, c: bool(g.chars(c).types & {"artifact", "creature", "land"}))
_ATTACKING = creature_where("target attacking creature",
                            lambda g, ctx, c: g.combat is not None and g.combat.band_of(c.oid) is not None)


# ------------------------------------------------------------------ creatures without special rules

for _name in ("Kjeldoran Phalanx", "Kjeldoran Skycaptain", "Kjeldoran Skyknight", "Kjeldoran Warrior",
              "Shield Bearer", "Glacial Wall", "Silver Erne"):
    define(_name)


# ------------------------------------------------------------------ creatures with pump abilities

define("Kjeldoran Knight", abilities=(
    Ability("{1}{W}: +1/+0 until end of turn", Cost(_mana("{1}{W}")), on_source(pump(1, 0))),
    Ability("{W}{W}: +0/+2 until end of turn", Cost(_mana("{W}{W}")), on_source(pump(0, 2)))))
define("Order of the White Shield", abilities=(
    Ability("{W}: First strike until end of turn", Cost(_mana("{W}")), on_source(grant("first strike"))),
    Ability("{W}{W}: +1/+0 until end of turn", Cost(_mana("{W}{W}")), on_source(pump(1, 0)))))
define("Sea Spirit", abilities=(Ability("{U}: +1/+0 until end of turn", Cost(_mana("{U}")), on_source(pump(1, 0))),))
define("Thunder Wall", abilities=(Ability("{U}: +1/+1 until end of turn", Cost(_mana("{U}")), on_source(pump(1, 1))),))

_GREEN_CREATURE = creature_where("target green creature",
                                 lambda g, ctx, c: COLOR_LETTERS[g.word(ctx.source, "green")] in g.chars(c).colors)
define("Kelsinko Ranger", abilities=(Ability("{1}{W}: Target green creature gains first strike until end of turn",
                                             Cost(_mana("{1}{W}")), grant("first strike"),
                                             targets=(_GREEN_CREATURE,)),))

define("Zuran Spellcaster", abilities=(Ability(
    "{T}: Zuran Spellcaster deals 1 damage to target creature or player", Cost(tap=True), damage(1),
    targets=(CREATURE_OR_PLAYER,)),))


# Elvish Healer: "Prevent 1 damage to any non-green creature or any player or
# up to 2 damage to any green creature" (green as it is when the ability resolves).
def _elvish_healer(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        green = isinstance(t, Card) and COLOR_LETTERS[g.word(ctx.source, "green")] in g.chars(t).colors
        g.prevent(t, 2 if green else 1, source_name=ctx.spell.packet_from if ctx.spell else None)
    return
    yield


define("Elvish Healer", abilities=(Ability(
    "{T}: Prevent 1 damage to any non-green creature or any player or up to 2 damage to any green creature",
    Cost(tap=True), aimed(_elvish_healer, Aim.HELPS), targets=(DAMAGED_CREATURE_OR_PLAYER,), prevention=True),))


def _return_self(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    if src is not None and src in g.battlefield:
        g.move(src, "hand")
        g.log(f"{src.name} returns to its owner's hand.")
    return
    yield


define("Blinking Spirit", abilities=(Ability("{0}: Return Blinking Spirit to owner's hand", Cost(), _return_self),))

define("Order of the Sacred Torch", abilities=(Ability(
    "{T}, Pay 1 life: Counter target black spell", Cost(tap=True, life=1), counter_target(),
    targets=(colored_spell("black"),), speed=Speed.INTERRUPT),))

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


# Arctic Foxes: "If defending player controls any snow-covered lands, no
# creature with power greater than 1 may be assigned to block Arctic Foxes."
def _foxes(g: Game, attacker: Card, blocker: Card) -> bool:
    return (g.chars(blocker).power or 0) <= 1 or not snow_covered_lands(g, g.controller(blocker))


define("Arctic Foxes", hooks=Hooks(can_be_blocked_by=_foxes))


# Lost Order of Jarkeld: 1 plus the number of creatures the opponent chosen
# as it is cast controls (layer -1: its own */*).
_CHOOSE_OPPONENT = Announce("choice", "choose target opponent", lambda g, ctx: [g.players[1 - ctx.controller].name])


def _lost_order(g: Game, card: Card, c: Chars) -> None:
    who = g.player_by_name(card.chosen.get("choice", ""))
    p = who.idx if who is not None else 1 - c.controller
    n = 1 + sum(1 for x in g.battlefield if g.controller(x) == p and "creature" in g.chars_basic(x))
    c.set_pt(n, n)


define("Lost Order of Jarkeld", announce=(_CHOOSE_OPPONENT,),
       statics=(Static(applies=self_only, modify=lambda g, src, card, c: _lost_order(g, card, c),
                       active=lambda g, src: True, layer=-1),))


# ------------------------------------------------------------------ instants and sorceries with a delayed draw

def _cantrip(fn: EffectFn) -> EffectFn:
    """``fn``, then "Draw a card at the beginning of the next turn's upkeep"."""
    return sequence(fn, draw_at_next_upkeep)


define("Blessed Wine", spell=SpellSpec(_cantrip(gain_life(1))))
define("Heal", spell=SpellSpec(_cantrip(prevent_to_target(1)), targets=(DAMAGED_CREATURE_OR_PLAYER,),
                               prevention=True))
define("Formation", spell=SpellSpec(_cantrip(grant("banding")), targets=(CREATURE,)))
define("Lightning Blow", spell=SpellSpec(_cantrip(grant("first strike")), targets=(CREATURE,)))
define("Updraft", spell=SpellSpec(_cantrip(grant("flying")), targets=(CREATURE,)))
define("Enervate", spell=SpellSpec(_cantrip(tap_targets()), targets=(ARTIFACT_CREATURE_OR_LAND,)))


def _untap_targets(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        if isinstance(t, Card):
            t.tapped = False
            g.log(f"{t.name} untaps.")
    return
    yield


define("Infuse", spell=SpellSpec(_cantrip(_untap_targets), targets=(ARTIFACT_CREATURE_OR_LAND,)))


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
    return aimed(wrapped, Aim.HARMS, matters=lambda g, t: "R" in g.colors_of(t))


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

define("Rally", spell=SpellSpec(_combat_pump("blocking", 1, 1)))


# Warning: "Target attacking creature deals no damage in combat this turn."
def _warning(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        oid = t.oid
        g.effects.append(Effect(g.stamp(), None, lambda g2, card, c: None, "eot", applies=lambda g2, card, c: False,
                                hooks=_no_damage_hooks(oid)))
        g.log(f"{t.name} deals no damage in combat this turn.")
    return
    yield


def _no_damage_hooks(oid: int) -> EffectHooks:
    return EffectHooks(reduce_damage=lambda g, pk: pk.combat and pk.source_oid == oid)


define("Warning", spell=SpellSpec(aimed(_warning, Aim.HARMS), targets=(_ATTACKING,)))


# Battle Cry: untap all white creatures you control; any creature that blocks
# this turn gets +0/+1 until end of turn (as it is declared a blocker).
def _battle_cry(g: Game, ctx: Ctx) -> Gen:
    white = COLOR_LETTERS[g.word(ctx.source, "white")]
    for c in g.creatures(ctx.controller):
        if white in g.chars(c).colors and c.tapped:
            c.tapped = False
    g.log(f"{ctx.me.name}'s white creatures untap (Battle Cry).")
    g.delayed.append(Delayed(Event.BLOCKS, _battle_cry_block, ctx.controller, "Battle Cry", once=False, turn=g.turn))
    return
    yield


def _battle_cry_block(g: Game, ctx: Ctx) -> Gen:
    c = ctx.data.get("blocker")
    if isinstance(c, Card) and c.zone == "battlefield":
        g.effects.append(Effect(g.stamp(), c.oid, pump_mod(0, 1), "eot"))
    return
    yield


define("Battle Cry", spell=SpellSpec(_battle_cry))


# ------------------------------------------------------------------ enchantments on creatures

define("Armor of Faith", enchant=CREATURE, statics=(aura(pump_mod(1, 1)),), abilities=(Ability(
    "{W}: Enchanted creature gets +0/+1 until end of turn", Cost(_mana("{W}")), on_enchanted(pump(0, 1))),))
define("Cooperation", enchant=CREATURE, statics=(aura(keyword_mod("banding")),))


# The Scarabs: +2/+2 as long as any opponent controls any cards of the color,
# and the creature cannot be blocked by creatures of that color (both words
# of the aura's text, read through its text changes).
def _scarab(word: str) -> dict[str, object]:
    def modify(g: Game, src: Card, card: Card, c: Chars) -> None:
        col = COLOR_LETTERS[g.word(src, word)]
        opp = 1 - g.controller(src)
        if any(col in _printed_colors(x) for x in g.battlefield if g.controller(x) == opp and not x.token):
            pump_mod(2, 2)(g, card, c)

    def block(g: Game, src: Card, attacker: Card, blocker: Card) -> bool:
        return src.attached_to != attacker.oid or COLOR_LETTERS[g.word(src, word)] not in g.chars(blocker).colors

    return {"enchant": CREATURE,
            "statics": (Static(applies=lambda g, src, card, c: src.attached_to == card.oid, modify=modify,
                               active=lambda g, src: True),),
            "hooks": Hooks(block_restriction=block)}


for _word in ("white", "blue", "black", "red", "green"):
    define(f"{_word.capitalize()} Scarab", **_scarab(_word))  # type: ignore[arg-type]


# ------------------------------------------------------------------ permanents with cumulative upkeep

_ab, _hooks = _cu("{U}")
define("Illusionary Forces", abilities=_ab, hooks=_hooks)
_ab, _hooks = _cu("{U}")
define("Illusionary Wall", abilities=_ab, hooks=_hooks)
_ab, _hooks = _cu("{U}")
define("Arnjlot's Ascent", abilities=_ab + (Ability(
    "{1}: Target creature gains flying until end of turn", Cost(_mana("{1}")), grant("flying"), targets=(CREATURE,)),),
       hooks=_hooks)


# ------------------------------------------------------------------ white permanents with abilities

_NON_SNOW_LAND_OF_YOURS = permanent_target(
    "target non-snow-covered land you control",
    lambda g, ctx, c: "land" in g.chars(c).types and "snow" not in g.chars(c).supertypes
    and g.controller(c) == ctx.controller)
define("Hallowed Ground", abilities=(Ability(
    "{W}{W}: Return target non-snow-covered land you control to owner's hand", Cost(_mana("{W}{W}")),
    bounce_targets(), targets=(_NON_SNOW_LAND_OF_YOURS,)),))

_ENCHANTMENT_SPELL = TargetSpec("target enchantment spell", kinds(Kind.SPELL),
                                lambda g, ctx, s: isinstance(s, Spell) and s.card is not None
                                and "enchantment" in s.card.cdef.types)
define("Arenson's Aura", abilities=(
    Ability("{W}, Sacrifice an enchantment: Destroy target enchantment", Cost(_mana("{W}"), sacrifice="enchantment"),
            destroy_targets(), targets=(ENCHANTMENT,)),
    Ability("{3}{U}{U}: Counter target enchantment spell", Cost(_mana("{3}{U}{U}")), counter_target(),
            targets=(_ENCHANTMENT_SPELL,), speed=Speed.INTERRUPT)))


# Fylgja: four healing counters as it comes into play; each one removed
# prevents 1 damage to the enchanted creature (in a damage prevention step).
def _fylgja_prevent(g: Game, ctx: Ctx) -> Gen:
    host = g.enchanted(ctx.source)
    if host is not None:
        g.prevent(host, 1)
    return
    yield


def _host_damaged(g: Game, card: Card) -> bool:
    host = g.enchanted(card)
    return host is not None and any(pk.receiver is host and pk.amount > 0 for pk in g.pending_damage)


def _add_healing(g: Game, ctx: Ctx) -> Gen:
    if ctx.source in g.battlefield:
        add_counters(g, ctx.source, "healing", 1)
    return
    yield


define("Fylgja", enchant=CREATURE, on_enter=enters_with_counters("healing", 4), abilities=(
    Ability("{0}: Remove a healing counter from Fylgja to prevent 1 damage to creature Fylgja enchants",
            Cost(remove_counter="healing"), _fylgja_prevent, prevention=True, condition=_host_damaged),
    Ability("{2}{W}: Put a healing counter on Fylgja", Cost(_mana("{2}{W}")), _add_healing)))


# Kjeldoran Guard and Elite Guard: a pump used only while an attack or its
# blocks are being announced (an attack declared, no combat damage yet); if
# the pumped creature leaves play this turn, the Guard is buried (a delayed
# check at each settle of the turn).
def _guard_pump(n: int) -> EffectFn:
    def fn(g: Game, ctx: Ctx) -> Gen:
        t = ctx.target
        if not isinstance(t, Card):
            return
        yield from pump(n, n)(g, ctx)
        g.delayed.append(Delayed(Event.STATE, _bury_guard, ctx.controller, ctx.source.name, turn=g.turn,
                                 condition=lambda g2, d, data: g2.find(d.data["target"]) is None,
                                 data={"target": t.oid, "guard": ctx.source.oid}))
    return aimed(fn, Aim.HELPS, combat_only=True)


def _bury_guard(g: Game, ctx: Ctx) -> Gen:
    d = ctx.data["delayed"]
    guard = g.find(d.data["guard"])
    if guard is not None:
        g.log(f"The creature {guard.name} pumped has left play: {guard.name} is buried.")
        g.destroy(guard, bury=True)
        yield from g.settle()


def _attack_announced(g: Game, card: Card) -> bool:
    return g.combat is not None and not g.combat.damage_done


define("Kjeldoran Elite Guard", abilities=(Ability(
    "{T}: Target creature gets +2/+2 until end of turn. If that creature leaves play this turn, bury Kjeldoran "
    "Elite Guard", Cost(tap=True), _guard_pump(2), targets=(CREATURE,), condition=_attack_announced),))
define("Kjeldoran Guard", abilities=(Ability(
    "{T}: Target creature gets +1/+1 until end of turn. If that creature leaves play this turn, bury Kjeldoran "
    "Guard", Cost(tap=True), _guard_pump(1), targets=(CREATURE,),
    condition=lambda g, c: _attack_announced(g, c) and not snow_covered_lands(g, g.combat.defender)),))


# Kjeldoran Royal Guard: once used this turn, the combat damage of unblocked
# creatures that would be dealt to its controller is dealt to it instead (as
# Veteran Bodyguard's, CombatRules.unblocked_damage_receiver), tapped or not.
def _royal_guard_takes(g: Game, card: Card, p: int) -> bool:
    return card.flags.get("royal guard") == g.turn and g.controller(card) == p and g.is_creature(card)


def _royal_guard(g: Game, ctx: Ctx) -> Gen:
    if ctx.source in g.battlefield:
        ctx.source.flags["royal guard"] = g.turn
        g.log(f"{ctx.source.name} takes the combat damage of unblocked creatures this turn.")
    return
    yield


define("Kjeldoran Royal Guard", hooks=Hooks(takes_unblocked_damage=_royal_guard_takes), abilities=(Ability(
    "{T}: Redirect from you to Kjeldoran Royal Guard all combat damage dealt by unblocked creatures this turn",
    Cost(tap=True), _royal_guard),))


# Snow Hound: returns itself and a blue or green creature its controller
# controls to their owners' hands.
def _snow_hound(g: Game, ctx: Ctx) -> Gen:
    yield from bounce_targets()(g, ctx)
    yield from _return_self(g, ctx)


_BLUE_OR_GREEN_OF_YOURS = creature_where(
    "target blue or green creature you control",
    lambda g, ctx, c: g.controller(c) == ctx.controller and bool(g.chars(c).colors & {"U", "G"}))
define("Snow Hound", abilities=(Ability(
    "{1}, {T}: Return Snow Hound to owner's hand and target blue or green creature you control to owner's hand",
    Cost(_mana("{1}"), tap=True), _snow_hound, targets=(_BLUE_OR_GREEN_OF_YOURS,)),))


# Mercenaries: the player it is damaging may pay {3} (in the damage
# prevention step) to prevent all the damage it deals them.
def _mercenaries(g: Game, ctx: Ctx) -> Gen:
    g.prevent(ctx.me, None, source_oid=ctx.source.oid)
    return
    yield


define("Mercenaries", abilities=(Ability(
    "{3}: Prevent the damage Mercenaries deals to you (the player damaged may use this)", Cost(_mana("{3}")),
    _mercenaries, who="any", prevention=True,
    condition=lambda g, c: any(pk.source_oid == c.oid and isinstance(pk.receiver, Player) and pk.amount > 0
                               for pk in g.pending_damage)),))


# Sacred Boon: prevents up to 3 damage to the creature; at end of turn, a
# +0/+1 counter on it for each 1 damage prevented (if it is still in play).
def _sacred_boon(g: Game, ctx: Ctx) -> Gen:
    t = ctx.target
    if not isinstance(t, Card):
        return
    n = g.prevent(t, 3, source_name=ctx.spell.packet_from if ctx.spell else None)
    if n:
        g.delayed.append(Delayed(Event.END_OF_TURN, _boon_counters, ctx.controller, "Sacred Boon", turn=g.turn,
                                 data={"target": t.oid, "n": n}))
    return
    yield


def _boon_counters(g: Game, ctx: Ctx) -> Gen:
    d = ctx.data["delayed"].data
    c = g.find(d["target"])
    if c is not None:
        add_counters(g, c, "+0/+1", d["n"])
    return
    yield


define("Sacred Boon", spell=SpellSpec(aimed(_sacred_boon, Aim.HELPS), targets=(DAMAGED_CREATURE,), prevention=True))


# Justice: whenever a red creature or red spell deals damage, Justice deals as
# much to that creature's or spell's controller ("assigns": the damage dealt,
# after prevention).
def _justice(g: Game, ctx: Ctx) -> Gen:
    pk = ctx.data["packet"]
    g.deal_damage(ctx.source, g.players[pk.source_controller], pk.amount)
    return
    yield


def _red_damage(g: Game, src: Card, d: dict[str, object]) -> bool:
    pk = d["packet"]
    return isinstance(pk, Packet) and COLOR_LETTERS[g.word(src, "red")] in pk.source_colors \
        and bool(pk.source_types & {"creature", "instant", "sorcery", "interrupt"}) and pk.source_oid != src.oid


_jus_ab, _jus_end = upkeep_cost("During your upkeep, pay {W}{W} or bury Justice", "{W}{W}", destroy_self(bury=True))
define("Justice", abilities=(_jus_ab,), hooks=Hooks(end_of_upkeep=_jus_end),
       triggers=(Trigger(Event.DAMAGE_DEALT, _justice, _red_damage),))


# Cold Snap: cumulative upkeep {2}; during each player's upkeep, 1 damage to
# that player for each snow-covered land they control.
def _cold_snap(g: Game, ctx: Ctx) -> Gen:
    n = len(snow_covered_lands(g, g.active))
    if n:
        g.deal_damage(ctx.source, g.players[g.active], n)
    return
    yield


_cs_cu, _cs_cu_end = cumulative_upkeep(mana="{2}")


def _cold_snap_due(g: Game, card: Card) -> bool:
    return g.phase == "upkeep" and g.step == "upkeep" and card.flags.get("cold snap") != g.turn


def _cold_snap_once(g: Game, ctx: Ctx) -> Gen:
    ctx.source.flags["cold snap"] = g.turn
    yield from _cold_snap(g, ctx)


# (its own mark of being done this upkeep: the card's phase_uses is its cumulative upkeep's)
_cs_ab = Ability("Cold Snap deals 1 damage to you for each snow-covered land you control", Cost(), _cold_snap_once,
                 who="active", condition=_cold_snap_due)


def _cold_snap_end(g: Game, card: Card) -> Gen:
    yield from _cs_cu_end(g, card)
    if card in g.battlefield and card.flags.get("cold snap") != g.turn:
        card.flags["cold snap"] = g.turn
        yield from _cold_snap(g, Ctx(g, controller=g.controller(card), source=card))
        yield from g.settle()


define("Cold Snap", abilities=(_cs_cu, _cs_ab), hooks=Hooks(end_of_upkeep=_cold_snap_end))


# Energy Storm: cumulative upkeep {1}; damage dealt by instants, interrupts
# and sorceries is reduced to 0; creatures with flying do not untap (read
# after every other change: layer 7).
def _energy_storm_reduces(g: Game, src: Card, pk: Packet) -> bool:
    return bool(pk.source_types & {"instant", "interrupt", "sorcery"})


_ab, _es_end = cumulative_upkeep(mana="{1}")
define("Energy Storm", abilities=(_ab,), hooks=Hooks(end_of_upkeep=_es_end, reduce_damage=_energy_storm_reduces),
       statics=(Static(applies=lambda g, src, card, c: "creature" in c.types and "flying" in c.keywords,
                       modify=lambda g, src, card, c: c.flags.add("doesn't untap"), layer=7),))


# Call to Arms: a color chosen as it is cast ("target opponent": the one
# opponent of a duel). While that opponent controls more cards of that color than of any other color, white
# creatures get +1/+1; as soon as they do not, it is buried (a state check).
_CHOOSE_COLOR = Announce("choice", "choose a color", lambda g, ctx: ["white", "blue", "black", "red", "green"])


def _call_to_arms_holds(g: Game, src: Card) -> bool:
    p = 1 - g.controller(src)
    counts = {x: 0 for x in "WUBRG"}
    for c in g.battlefield:
        if g.controller(c) == p and not c.token:
            for x in _printed_colors(c):
                counts[x] += 1
    col = COLOR_LETTERS[src.chosen.get("choice", "white")]
    return all(counts[col] > n for x, n in counts.items() if x != col)


define("Call to Arms", announce=(_CHOOSE_COLOR,),
       statics=(Static(applies=lambda g, src, card, c: "creature" in c.types
                       and COLOR_LETTERS[g.word(src, "white")] in c.colors and _call_to_arms_holds(g, src),
                       modify=lambda g, src, card, c: pump_mod(1, 1)(g, card, c)),),
       hooks=Hooks(state=lambda g, card: not _call_to_arms_holds(g, card)))


# Caribou Range: on a land its controller controls. "{W}{W}, Tap enchanted
# land": the land is tapped as the ability is played (Hooks.on_activate), so
# the ability is usable only while the land is untapped. Caribou: 0/1 white.
CARIBOU = token_def("Caribou", ("creature",), 0, 1, subtypes=("Caribou",), colors=("W",))
_LAND_OF_YOURS = permanent_target("target land you control",
                                  lambda g, ctx, c: "land" in g.chars(c).types and g.controller(c) == ctx.controller)


def _tap_host(g: Game, src: Card, spell: Spell) -> Gen:
    """Hook ``on_activate`` of an aura whose ability costs "Tap enchanted
    land" (Caribou Range, Mystic Might): the land is tapped as the ability is
    played (its condition, :func:`_land_untapped`, wants it untapped)."""
    if spell.source is src and spell.ability in _HOST_TAPPING:
        host = g.enchanted(src)
        if host is not None:
            host.tapped = True
            g.log(f"{host.name} is tapped for {src.name}.")
    return
    yield


def _land_untapped(g: Game, card: Card) -> bool:
    host = g.enchanted(card)
    return host is not None and not host.tapped


_CARIBOU_AB = Ability("{W}{W}, Tap enchanted land: Put a Caribou token into play", Cost(_mana("{W}{W}")),
                      tokens_effect(CARIBOU), condition=_land_untapped)
_HOST_TAPPING: list[Ability] = [_CARIBOU_AB]
define("Caribou Range", enchant=_LAND_OF_YOURS, hooks=Hooks(on_activate=_tap_host), abilities=(
    _CARIBOU_AB, Ability("Sacrifice a Caribou token: Gain 1 life", Cost(sacrifice="caribou"), gain_life(1))))


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


# ------------------------------------------------------------------ Seraph, Phantasmal Mount, Wind Spirit, Polar Kraken

# Seraph: a creature it damaged this turn that is put into a graveyard (a card,
# not a token) comes into play under the Seraph's controller at end of turn, if
# still there; it is buried as soon as that player no longer controls Seraph.
def _seraph_took(g: Game, ctx: Ctx) -> Gen:
    card = ctx.data["card"]
    if card.token:
        return
    g.delayed.append(Delayed(Event.END_OF_TURN, _seraph_returns, ctx.controller, "Seraph", turn=g.turn,
                             data={"card": card, "seraph": ctx.source.oid}))
    return
    yield


def _seraph_returns(g: Game, ctx: Ctx) -> Gen:
    d = ctx.data["delayed"].data
    card, seraph = d["card"], g.find(d["seraph"])
    if card.zone != "graveyard" or card not in g.players[card.owner].graveyard:
        return
    if seraph is None or g.controller(seraph) != ctx.controller:
        g.log(f"{card.name} stays in the graveyard: its controller no longer controls Seraph.")
        return
    new = g.move(card, "battlefield", controller=ctx.controller)
    g.log(f"{new.name} comes into play under {ctx.me.name}'s control (Seraph).")
    g.delayed.append(Delayed(Event.STATE, _seraph_lost, ctx.controller, "Seraph",
                             condition=lambda g2, dd, data: g2.find(dd.data["creature"]) is not None and (
                                 (s := g2.find(dd.data["seraph"])) is None or g2.controller(s) != dd.controller),
                             data={"creature": new.oid, "seraph": seraph.oid}))
    yield from g.entered(new)


def _seraph_lost(g: Game, ctx: Ctx) -> Gen:
    c = g.find(ctx.data["delayed"].data["creature"])
    if c is not None:
        g.log(f"{ctx.me.name} no longer controls Seraph: {c.name} is buried.")
        g.destroy(c, bury=True)
        yield from g.settle()


define("Seraph", triggers=(Trigger(Event.TO_GRAVEYARD, _seraph_took,
                                   lambda g, src, d: bool(d["was_creature"]) and src.oid in d["damaged_by"]),))


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
def _black(c: Card) -> bool:
    return "B" in (c.color_override if c.color_override is not None else c.cdef.colors)


def _krovikan_discard(g: Game, src: Card, spell: Spell) -> Gen:
    if spell.source is not src or spell.ability not in _KROVIKAN:
        return
    black = spell.ability is _KROVIKAN[1]
    p = spell.controller
    hand = [c for c in g.players[p].hand if _black(c) == black]
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
            condition=lambda g, c: any(not _black(x) for x in g.players[g.controller(c)].hand)),
    Ability("{T}, Choose and discard a black card: Draw two cards, then choose and discard one of them",
            Cost(tap=True), _krovikan_two,
            condition=lambda g, c: any(_black(x) for x in g.players[g.controller(c)].hand)))
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
    and "creature" in c.cdef.types and bool(set(_printed_colors(c)) & {"W", "B"}))


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


# ------------------------------------------------------------------ mana usable only for cumulative upkeep

CUMULATIVE_UPKEEP_MANA = spend_use("cumulative upkeep", lambda g, spell: spell.chosen.get("purpose")
                                   == CUMULATIVE_UPKEEP_PAYMENT)


# Adarkar Unicorn: "{T}: Add either {U} or {U} and one colorless mana": its
# controller chooses as the mana is drawn (Hooks.mana_choice); all of it is
# usable only for cumulative upkeep.
def _unicorn_choice(g: Game, card: Card, p: int, amount: int) -> Gen:
    ans = yield from g.ask(p, DecisionKind.CHOOSE, "Adarkar Unicorn: add {U}, or {U} and one colorless mana?",
                           ["choose U", "choose UC"], about=card.name)
    if ans == "choose UC":
        g.players[p].pool.add("C", 1, use=CUMULATIVE_UPKEEP_MANA)
    return amount


define("Adarkar Unicorn", mana_abilities=(ManaAbility("U", use=CUMULATIVE_UPKEEP_MANA),),
       hooks=Hooks(mana_choice=_unicorn_choice))


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


# Enduring Renewal: its controller plays with their hand face up (Hooks.
# hand_revealed); a creature card they draw from their library is discarded;
# a creature put into their graveyard from play (a card they own: "your
# graveyard") returns to their hand.
def _renewal_draw(g: Game, src: Card, p: int) -> Gen:
    pl = g.players[p]
    if p != g.controller(src):
        return
    card = next((c for c in pl.hand if c.oid == pl.last_drawn), None)
    if card is not None and "creature" in card.cdef.types:
        yield from discard_card(g, p, card, by=p, why="Enduring Renewal")


def _renewal_return(g: Game, ctx: Ctx) -> Gen:
    card = ctx.data["card"]
    if card.zone == "graveyard" and card in g.players[card.owner].graveyard:
        g.move(card, "hand")
        g.log(f"{card.name} returns to {ctx.me.name}'s hand (Enduring Renewal).")
    return
    yield


define("Enduring Renewal", hooks=Hooks(hand_revealed=lambda g, src, p: g.controller(src) == p,
                                       each_draw=_renewal_draw),
       triggers=(Trigger(Event.TO_GRAVEYARD, _renewal_return,
                         lambda g, src, d: bool(d["was_creature"]) and not d["card"].token
                         and d["card"].owner == g.controller(src)),))


# Hipparion: blocking a creature with power 3 or greater costs {1} more
# (Hooks.block_cost, paid as blockers are declared).
define("Hipparion", hooks=Hooks(block_cost=lambda g, b, a: _mana("{1}") if (g.chars(a).power or 0) >= 3 else None))


# Balduvian Shaman: a color word of the white enchantment (its controller's,
# without cumulative upkeep) is replaced by another for good, as Sleight of
# Mind does ("white->black", chosen as the ability is played; mana symbols
# are not words); the enchantment now has an added Cumulative Upkeep: {1}.
def _has_cumulative_upkeep(c: Card) -> bool:
    return any(ab.text.startswith("Cumulative upkeep") for ab in c.cdef.abilities) or "shaman" in c.flags


_SHAMAN_TARGET = permanent_target(
    "target white enchantment you control that does not have cumulative upkeep",
    lambda g, ctx, c: "enchantment" in g.chars(c).types and "W" in g.chars(c).colors
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


# Drought: during its controller's upkeep, pay {W}{W} or destroy it. A spell
# or ability whose cost holds {B} can be played only by sacrificing a swamp for
# each {B}, as it is played (Hooks.on_cast, on_activate); a spell cannot be
# cast by a player with too few swamps (Hooks.forbids_play). (Known limit: an
# ability is not refused then; its player sacrifices the swamps they have.)
def _black_symbols(cost: ManaCost) -> int:
    return cost.colored.get("B", 0)


def _drought_sacrifice(g: Game, src: Card, spell: Spell) -> Gen:
    cost = spell.card.cdef.cost if spell.card is not None else spell.ability.cost.mana if spell.ability else None
    n = _black_symbols(cost) if cost is not None else 0
    swamp = g.word(src, "swamp")
    for _ in range(n):
        if not g.sacrificeable(spell.controller, swamp):
            return
        yield from g.sacrifice_for_cost(spell.controller, swamp, src)


def _drought_forbids(g: Game, src: Card, p: int, card: Card) -> bool:
    n = _black_symbols(card.cdef.cost)
    return n > 0 and "land" not in card.cdef.types and len(g.sacrificeable(p, g.word(src, "swamp"))) < n


_dr_ab, _dr_end = upkeep_cost("During your upkeep, pay {W}{W} or destroy Drought", "{W}{W}", destroy_self())
define("Drought", abilities=(_dr_ab,), hooks=Hooks(end_of_upkeep=_dr_end, on_cast=_drought_sacrifice,
                                                  on_activate=_drought_sacrifice, forbids_play=_drought_forbids))
