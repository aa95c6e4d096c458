"""Ice Age (ICE), white cards: each as its printed text says
(``engine/data/cards.json``: the Ice Age printing, or Fifth Edition's for the
cards reprinted there), under the Fifth Edition rules. The blue ones are in
:mod:`engine.cards.ice_age_blue`, which uses the helpers defined here.

Ice Age's "Draw a card at the beginning of the next turn's upkeep" (some
printings say "... of the next turn": the Ice Age rulebook means the same
moment) is :func:`engine.effects.draw_next_upkeep`; cumulative upkeep is
:func:`engine.effects.cumulative_upkeep`; "snow-covered lands" are
:func:`engine.effects.snow_covered_lands`.

"Controls any black cards" (the Scarabs, Call to Arms) counts the cards among
a player's permanents (not tokens) by their colors as printed or as cast
(a color an effect gave them later is not read: reading every permanent's
characteristics inside another's would loop when two such cards face each
other).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..carddb import define
from ..ctx import Ctx
from ..decisions import DecisionKind
from ..effects import (return_source_to_hand, CREATURE, CUMULATIVE_UPKEEP_PAYMENT, DAMAGED_CREATURE, DAMAGED_CREATURE_OR_PLAYER, ENCHANTMENT,
                       add_counters, aura, bounce_targets, colored_spell, counter_target, creature_where,
                       cumulative_upkeep, destroy_self, destroy_targets, discard_card, draw_next_upkeep, each_target,
                       enters_with_counters, gain_life, grant, keyword_mod, on_enchanted, on_source, permanent_target,
                       prevent_to_target, pump, pump_mod, self_only, sequence, snow_covered_lands, token_def,
                       tokens_effect, upkeep_cost)
from ..hooks import EffectHooks, Hooks
from ..mana import COLOR_LETTERS, ManaCost
from ..model import (Ability, Aim, Announce, Cost, Delayed, EffectFn, Event, Gen, Kind, ManaAbility, Speed, SpellSpec,
                     Static, TargetSpec, Trigger, aimed, kinds, spend_use)
from ..objects import Card, Chars, Effect, Packet, Player, Spell
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
              "Shield Bearer"):
    define(_name)


# ------------------------------------------------------------------ creatures with pump abilities

define("Kjeldoran Knight", abilities=(
    Ability("{1}{W}: +1/+0 until end of turn", Cost(_mana("{1}{W}")), on_source(pump(1, 0))),
    Ability("{W}{W}: +0/+2 until end of turn", Cost(_mana("{W}{W}")), on_source(pump(0, 2)))))
define("Order of the White Shield", abilities=(
    Ability("{W}: First strike until end of turn", Cost(_mana("{W}")), on_source(grant("first strike"))),
    Ability("{W}{W}: +1/+0 until end of turn", Cost(_mana("{W}{W}")), on_source(pump(1, 0)))))

_GREEN_CREATURE = creature_where("target green creature",
                                 lambda g, ctx, c: COLOR_LETTERS[g.word(ctx.source, "green")] in g.chars(c).colors)
define("Kelsinko Ranger", abilities=(Ability("{1}{W}: Target green creature gains first strike until end of turn",
                                             Cost(_mana("{1}{W}")), grant("first strike"),
                                             targets=(_GREEN_CREATURE,)),))


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




define("Blinking Spirit", abilities=(Ability("{0}: Return Blinking Spirit to owner's hand", Cost(), return_source_to_hand),))

define("Order of the Sacred Torch", abilities=(Ability(
    "{T}, Pay 1 life: Counter target black spell", Cost(tap=True, life=1), counter_target(),
    targets=(colored_spell("black"),), speed=Speed.INTERRUPT),))


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
    return sequence(fn, draw_next_upkeep)


define("Blessed Wine", spell=SpellSpec(_cantrip(gain_life(1))))
define("Heal", spell=SpellSpec(_cantrip(prevent_to_target(1)), targets=(DAMAGED_CREATURE_OR_PLAYER,),
                               prevention=True))
define("Formation", spell=SpellSpec(_cantrip(grant("banding")), targets=(CREATURE,)))
define("Lightning Blow", spell=SpellSpec(_cantrip(grant("first strike")), targets=(CREATURE,)))

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


# ------------------------------------------------------------------ permanents with abilities

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
    yield from return_source_to_hand(g, ctx)


_BLUE_OR_GREEN_OF_YOURS = creature_where(
    "target blue or green creature you control",
    lambda g, ctx, c: g.controller(c) == ctx.controller
    and bool(g.chars(c).colors & {COLOR_LETTERS[g.word(ctx.source, w)] for w in ("blue", "green")}))
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
    """Whether the opponent controls more cards of the chosen color than of any other. Who
    controls a card is a characteristic, and a white creature's characteristics ask this
    again: the count is read once (Game._read_memo with a stand-in for the nested asks; it
    was computed once per permanent per level of nesting, a duel of two white decks stalled)."""
    p = 1 - g.controller(src)
    col = COLOR_LETTERS[src.chosen.get("choice", "white")]

    def look() -> bool:
        counts = {x: 0 for x in "WUBRG"}
        for c in g.battlefield:
            if g.controller(c) == p and not c.token:
                for x in _printed_colors(c):
                    counts[x] += 1
        return all(counts[col] > n for x, n in counts.items() if x != col)
    # the stand-in only serves characteristics read for their controller (Call to Arms
    # changes no controller), and is never cached
    return bool(g._read_memo(("call to arms", src.oid, p), look, reentered=lambda: False))


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


# ------------------------------------------------------------------ Seraph

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
