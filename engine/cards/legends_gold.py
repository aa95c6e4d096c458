"""Legends (LEG): the multicolored cards and the lands.

Every "Summon Legend" (and "Summon Elder Dragon Legend") is a legend and
every "Legendary Land" a legendary land by its type line
(:func:`engine.carddb.parse_type_line`); the legend rule itself, one legend
of a name in play, is a state check (``Game._legend_rule``).
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Callable

from ..carddb import define, implemented
from ..ctx import Ctx
from ..decisions import DecisionKind
from ..effects import (CREATURE, DAMAGED_CREATURE, OPPONENT, PLAYER, add_counters, bounce_targets, counter_target,
                       create_token, creature_where, damage, destroy_self, destroy_targets, discard_card,
                       enters_with_counters, forced_upkeep_target, keyword_mod, nothing, on_source, pay_to_use,
                       permanent_target, prevent_to_target,
                       pump, pump_mod, set_pt_mod, static_for, token_def, until_eot, upkeep_cost, upkeep_of)
from ..hooks import EffectHooks, Hooks
from ..mana import COLOR_LETTERS, ManaCost
from ..model import (Ability, Announce, Cost, Delayed, Event, Gen, Kind, ManaAbility, Speed, Static, Target, TargetSpec,
                     Trigger, kinds)
from ..objects import Card, Chars, Effect, Player, Spell
from ..refs import ref
from .red import _in_combat

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

# Legends with no rules text, or keywords only (read from the text).
for _name in ("Barktooth Warbeard", "Jasmine Boreal", "Jedit Ojanen", "Jerrard of the Closed Fist",
              "Kasimir the Lone Wolf", "Lady Orca", "Sir Shandlar of Eberyn", "Sivitri Scarzam",
              "The Lady of the Mountain", "Tobias Andrion", "Torsten Von Ursus", "Ramirez DePietro"):
    define(_name)


def _is_legend(g: Game, ctx: Ctx, c: Card) -> bool:
    return "legend" in g.chars(c).supertypes


# Karakas: "target legend" is any legend in play, as 002 "Legendary Cards"
# uses the word (a Summon Legend, a legend token, a Legendary Land): the
# printed text does not say "creature". Its enchantments are destroyed first
# (they may be regenerated, and go as destroyed, not buried for lack of a host),
# then it returns to its owner's hand.
def _karakas(g: Game, ctx: Ctx) -> Gen:
    for t in ctx.targets:
        if isinstance(t, Card) and t.zone == "battlefield":
            for a in list(g.battlefield):
                if a.attached_to == t.oid and "enchantment" in g.chars(a).types:
                    g.destroy(a)
    yield from bounce_targets()(g, ctx)


define("Karakas", mana_abilities=(ManaAbility("W"),), abilities=(
    Ability("{T}: Return target legend to owner's hand; enchantments on target legend are destroyed",
            Cost(tap=True), _karakas, targets=(permanent_target("target legend", _is_legend),)),))


# Pendelhaven: the target must be a 1/1 creature (its power and toughness now)
# when the ability is played and when it resolves.
def _one_one(g: Game, ctx: Ctx, c: Card) -> bool:
    ch = g.chars(c)
    return ch.power == 1 and ch.toughness == 1


define("Pendelhaven", mana_abilities=(ManaAbility("G"),), abilities=(
    Ability("{T}: Target 1/1 creature gains +1/+2 until end of turn", Cost(tap=True), pump(1, 2),
            targets=(creature_where("target 1/1 creature", _one_one),)),))


# The Tabernacle at Pendrell Vale: every creature has an upkeep cost of {1}
# ("in addition to any other upkeep costs"), paid by its controller during
# their upkeep, creature by creature, with `activate CREATURE` (the granted
# ability comes after the creature's own). What is not paid when upkeep ends
# is asked then, creature by creature in the order they came into play: pay
# {1} or it is destroyed (regeneration may save it, as it is "destroyed").
# Paid is kept per creature and per upkeep under its own key, apart from the
# creature's own upkeep costs (Elder Dragons pay both).
def _tab_key(g: Game) -> str:
    return f"{g.phase_key()}:tabernacle"


def _tab_paid(g: Game, ctx: Ctx) -> Gen:
    if ctx.source is not None:
        ctx.source.phase_uses[_tab_key(g)] = 1
    return
    yield


_TAB_UPKEEP = Ability("Upkeep (The Tabernacle at Pendrell Vale): pay {1} or this creature is destroyed",
                      Cost(ManaCost.parse("{1}")), _tab_paid,
                      condition=lambda g, c: upkeep_of()(g, c) and not c.phase_uses.get(_tab_key(g)))


def _tab_grant(g: Game, card: Card, c: Chars) -> None:
    c.abilities.append(_TAB_UPKEEP)


def _tab_end(g: Game, tab: Card) -> Gen:
    p = g.active
    for c in sorted(g.creatures(p), key=lambda c: c.timestamp):
        if c.zone != "battlefield" or c.phase_uses.get(_tab_key(g)) or g.controller(c) != p:
            continue
        cost = ManaCost.parse("{1}")
        paid = False
        if g.can_afford(p, cost):
            ans = yield from g.ask(p, DecisionKind.UPKEEP, f"The Tabernacle at Pendrell Vale: pay {{1}} for "
                                   f"{c.name} or it is destroyed", [f"activate {ref(g, c)}", "choose no"],
                                   about=tab.name)
            if ans != "choose no":
                spell = yield from g.activate(p, c, _TAB_UPKEEP, DecisionKind.UPKEEP, None)
                if spell is not None:
                    yield from g.resolve(spell)
                paid = bool(c.phase_uses.get(_tab_key(g)))
        if not paid and c.zone == "battlefield":
            c.phase_uses[_tab_key(g)] = 1
            g.log(f"{c.name}'s upkeep for The Tabernacle at Pendrell Vale is not paid: it is destroyed.")
            g.destroy(c)
    yield from g.settle()


define("The Tabernacle at Pendrell Vale",
       statics=(static_for(lambda g, src, card, c: "creature" in c.types, _tab_grant),),
       hooks=Hooks(end_of_upkeep=_tab_end))


# ---------------------------------------------------------------- the Elder Dragons
# "During your upkeep, pay {W}{U}{G} or bury X": an upkeep cost (see effects.upkeep_cost).
def _elder(name: str, mana: str) -> tuple[Ability, Callable[[Game, Card], Gen]]:
    return upkeep_cost(f"During your upkeep, pay {mana} or bury {name}", mana, destroy_self(bury=True))


def _not_attacking_untapped(g: Game, src: Card, card: Card, c: Chars) -> bool:
    if "creature" not in c.types or c.controller != g.controller(src) or card.tapped:
        return False
    return g.combat is None or g.combat.band_of(card.oid) is None


def _plus_0_2(g: Game, card: Card, c: Chars) -> None:
    if c.toughness is not None:
        c.toughness += 2


_arc_ab, _arc_end = _elder("Arcades Sabboth", "{W}{U}{G}")
define("Arcades Sabboth", statics=(static_for(_not_attacking_untapped, _plus_0_2),), abilities=(
    _arc_ab, Ability("{W}: +0/+1 until end of turn", Cost(ManaCost.parse("{W}")), on_source(pump(0, 1)))),
    hooks=Hooks(end_of_upkeep=_arc_end))

_pm_ab, _pm_end = _elder("Palladia-Mors", "{W}{R}{G}")
define("Palladia-Mors", abilities=(_pm_ab,), hooks=Hooks(end_of_upkeep=_pm_end))

_va_ab, _va_end = _elder("Vaevictis Asmadi", "{B}{R}{G}")
define("Vaevictis Asmadi", abilities=(_va_ab,) + tuple(
    Ability(f"{{{m}}}: +1/+0 until end of turn", Cost(ManaCost.parse(f"{{{m}}}")), on_source(pump(1, 0)))
    for m in "BRG"), hooks=Hooks(end_of_upkeep=_va_end))


# Nicol Bolas: whenever it damages an opponent, that player discards their
# whole hand (a forced discard: Library of Leng applies card by card).
def _bolas(g: Game, ctx: Ctx) -> Gen:
    victim = ctx.data["packet"].receiver
    for c in list(victim.hand):
        if c in victim.hand:
            yield from discard_card(g, victim.idx, c, by=ctx.controller)


_nb_ab, _nb_end = _elder("Nicol Bolas", "{U}{B}{R}")
define("Nicol Bolas", abilities=(_nb_ab,), hooks=Hooks(end_of_upkeep=_nb_end), triggers=(Trigger(
    Event.DAMAGE_DEALT, _bolas,
    condition=lambda g, src, d: (d["packet"].source_oid == src.oid and isinstance(d["packet"].receiver, Player)
                                 and d["packet"].receiver.idx != g.controller(src) and d["packet"].amount > 0
                                 and bool(d["packet"].receiver.hand))),))




# ---------------------------------------------------------------- lands
# Hammerheim: every landwalk (the basic ones and legendary landwalk) is removed
# until end of turn; an ability granted later that turn is not.
_ALL_LANDWALKS = ("swampwalk", "forestwalk", "islandwalk", "mountainwalk", "plainswalk", "legendary landwalk")


def _lose_keywords(*kws: str) -> Callable[[Game, Card, Chars], None]:
    def m(g: Game, card: Card, c: Chars) -> None:
        c.keywords.difference_update(kws)
    return m


define("Hammerheim", mana_abilities=(ManaAbility("R"),), abilities=(
    Ability("{T}: Remove all landwalking ability from target creature until end of turn", Cost(tap=True),
            until_eot(_lose_keywords(*_ALL_LANDWALKS)), targets=(CREATURE,)),))


# Urborg: "first strike or swampwalk": which one is announced as it is played
# (script: choose=first strike / choose=swampwalk; the landwalk as Urborg's
# text reads it: Magical Hack).
def _urborg(g: Game, ctx: Ctx) -> Gen:
    kw = ctx.chosen("ability")
    for t in ctx.targets:
        if isinstance(t, Card):
            g.effects.append(Effect(g.stamp(), t.oid, _lose_keywords(kw), "eot"))
            g.log(f"{t.name} loses {kw} until end of turn.")
    return
    yield


define("Urborg", mana_abilities=(ManaAbility("B"),), abilities=(
    Ability("{T}: Remove first strike ability or swampwalk ability from target creature until end of turn",
            Cost(tap=True), _urborg, targets=(CREATURE,),
            announce=(Announce("ability", "first strike or swampwalk?",
                               lambda g, ctx: ["first strike", g.swap_words("swampwalk", ctx.source)]),)),))


# ---------------------------------------------------------------- legends, simple abilities
ATTACKING_OR_BLOCKING = creature_where("target attacking or blocking creature", _in_combat)


def _my_turn(g: Game, c: Card) -> bool:
    return g.active == g.controller(c)


define("Princess Lucrezia", mana_abilities=(ManaAbility("U"),))
define("Riven Turnbull", mana_abilities=(ManaAbility("B"),))
define("Sunastian Falconer", mana_abilities=(ManaAbility("C", amount=2),))
define("Pavel Maliki", abilities=(
    Ability("{B}{R}: +1/+0 until end of turn", Cost(ManaCost.parse("{B}{R}")), on_source(pump(1, 0))),))
define("Tuknir Deathlock", abilities=(
    Ability("{G}{R}{T}: Target creature gains +2/+2 until end of turn", Cost(ManaCost.parse("{G}{R}"), tap=True),
            pump(2, 2), targets=(CREATURE,)),))
define("Lady Caleria", abilities=(
    Ability("{T}: Lady Caleria does 3 damage to target attacking or blocking creature", Cost(tap=True), damage(3),
            targets=(ATTACKING_OR_BLOCKING,)),))
define("Tor Wauki", abilities=(
    Ability("{T}: Tor Wauki deals 2 damage to target attacking or blocking creature", Cost(tap=True), damage(2),
            targets=(ATTACKING_OR_BLOCKING,)),))
define("Kei Takahashi", abilities=(
    Ability("{T}: Prevent up to 2 damage to any creature", Cost(tap=True), prevent_to_target(2),
            targets=(DAMAGED_CREATURE,), prevention=True),))
define("Xira Arien", abilities=(
    Ability("{B}{R}{G}, {T}: Target player draws a card", Cost(ManaCost.parse("{B}{R}{G}"), tap=True),
            lambda g, ctx: g.draw(ctx.targets[0].idx, 1), targets=(PLAYER,)),))
define("Ramses Overdark", abilities=(
    Ability("{T}: Destroy target creature which has an enchantment card played on it", Cost(tap=True),
            destroy_targets(), targets=(creature_where(
                "target enchanted creature",
                lambda g, ctx, c: any(g.enchanted(a) is c for a in g.battlefield
                                      if "enchantment" in g.chars(a).types)),)),))
define("Tetsuo Umezawa", keywords=("cannot be enchanted",), abilities=(
    Ability("{R}{B}{B}{U}{T}: Destroy target tapped creature or target blocking creature",
            Cost(ManaCost.parse("{R}{B}{B}{U}"), tap=True), destroy_targets(), targets=(creature_where(
                "target tapped or blocking creature",
                lambda g, ctx, c: c.tapped or (g.combat is not None and g.combat.blocking(c.oid) is not None)),)),))
# Bartel Runeaxe: "cannot be the target of enchant creature spells" (it may
# still be enchanted by other means, as Tetsuo's wording; the engine's
# "cannot be enchanted" is the targeting restriction for auras).
define("Bartel Runeaxe", keywords=("cannot be enchanted", "does not tap to attack"))


# Gwendlyn Di Corci: a random discard, only during its controller's turn.
def _gwendlyn(g: Game, ctx: Ctx) -> Gen:
    p = ctx.targets[0]
    if isinstance(p, Player) and p.hand:
        card = g.rng.choice(p.hand)
        yield from discard_card(g, p.idx, card, by=ctx.controller, at_random=True)


define("Gwendlyn Di Corci", abilities=(
    Ability("{T}: Target player discards one card from his or her hand at random. Use only during your turn",
            Cost(tap=True), _gwendlyn, targets=(PLAYER,), condition=_my_turn),))


# Jacques le Vert: your green creatures (its own included) get +0/+2.
define("Jacques le Vert", statics=(static_for(
    lambda g, src, card, c: ("creature" in c.types and COLOR_LETTERS[g.word(src, "green")] in c.colors
                             and c.controller == g.controller(src)),
    pump_mod(0, 2)),))

# Gosta Dirk, Lord Magnus, Ur-Drago: creatures with those landwalks (both
# players') may be blocked as if they did not have them (Game.landwalk_ignored);
# the landwalks as their text reads them (Magical Hack).
define("Gosta Dirk", hooks=Hooks(ignores_landwalk=lambda g, src, kw: kw == g.swap_words("islandwalk", src)))
define("Lord Magnus", hooks=Hooks(ignores_landwalk=lambda g, src, kw: kw in (g.swap_words("plainswalk", src),
                                                                          g.swap_words("forestwalk", src))))
define("Ur-Drago", hooks=Hooks(ignores_landwalk=lambda g, src, kw: kw == g.swap_words("swampwalk", src)))
define("Livonya Silone", keywords=("first strike", "legendary landwalk"))


# Lady Evangela: the target creature deals no combat damage this turn.
def _evangela(g: Game, ctx: Ctx) -> Gen:
    for t in ctx.targets:
        if isinstance(t, Card) and t.zone == "battlefield":
            oid = t.oid
            g.effects.append(Effect(g.stamp(), None, lambda g2, card, c: None, "eot",
                                    applies=lambda g2, card, c: False,
                                    hooks=EffectHooks(reduce_damage=lambda g2, pk, oid=oid: pk.combat
                                                      and pk.source_oid == oid)))
            g.log(f"{t.name} deals no combat damage this turn.")
    return
    yield


define("Lady Evangela", abilities=(
    Ability("{B}{W}{T}: Target creature does no damage during combat this turn",
            Cost(ManaCost.parse("{B}{W}"), tap=True), _evangela, targets=(CREATURE,)),))


# Angus Mackenzie: as Fog, from an ability, usable until combat damage is dealt
# this turn (not in a damage prevention step: it is not a prevention effect).
def _angus(g: Game, ctx: Ctx) -> Gen:
    g.effects.append(Effect(g.stamp(), None, lambda g2, card, c: None, "eot", applies=lambda g2, card, c: False,
                            hooks=EffectHooks(reduce_damage=lambda g2, pk: pk.combat)))
    g.log("No creatures deal damage in combat this turn.")
    return
    yield


define("Angus Mackenzie", abilities=(
    Ability("{W}{U}{G}{T}: Creatures attack and block as normal, but none deal any damage during combat",
            Cost(ManaCost.parse("{W}{U}{G}"), tap=True), _angus,
            condition=lambda g, c: g.combat is None or not g.combat.damage_done),))


# Sol'kanar the Swamp King: whenever a black spell is successfully cast (by
# either player), its controller gains 1 life.
def _solkanar(g: Game, ctx: Ctx) -> Gen:
    g.gain_life(ctx.controller, 1)
    return
    yield


define("Sol'kanar the Swamp King", triggers=(Trigger(
    Event.SPELL_CAST, _solkanar,
    condition=lambda g, src, d: (d["spell"].card is not None
                                 and COLOR_LETTERS[g.word(src, "black")] in d["spell"].colors)),))


# Boris Devilboon: a Minor Demon token, 1/1 red and black (colors its text names).
_MINOR_DEMON = token_def("Minor Demon", ("creature",), 1, 1, subtypes=("Minor Demon",), colors=("B", "R"))


def _boris(g: Game, ctx: Ctx) -> Gen:
    tok = create_token(g, _MINOR_DEMON, ctx.controller, source=ctx.source)
    yield from g.entered(tok)


define("Boris Devilboon", abilities=(
    Ability("{2}{B}{R}{T}: Put a minor demon token into play", Cost(ManaCost.parse("{2}{B}{R}"), tap=True),
            _boris),))


# Dakkon Blackblade: */* = the lands its controller controls.
def _dakkon(g: Game, card: Card, c: Chars) -> None:
    n = len(g.permanents(g.controller(card), type_="land"))
    c.power, c.toughness = n, n


define("Dakkon Blackblade", statics=(static_for(lambda g, src, card, c: src is card, _dakkon, layer=1),))


# Adun Oakenshield: "select one creature from your graveyard" (not a target:
# chosen as the ability resolves, from the creature cards there then).
def _adun(g: Game, ctx: Ctx) -> Gen:
    p = ctx.controller
    gy = [c for c in g.players[p].graveyard if "creature" in c.cdef.types]
    if not gy:
        return
    ch = list(dict.fromkeys(f"choose {c.name}" for c in gy))
    ans = yield from g.ask(p, DecisionKind.CHOOSE, "Adun Oakenshield: choose a creature card in your graveyard",
                           ch, about="Adun Oakenshield")
    card = next(c for c in gy if f"choose {c.name}" == ans)
    g.move(card, "hand")
    g.log(f"{card.name} returns from {g.players[p].name}'s graveyard to their hand.")


define("Adun Oakenshield", abilities=(
    Ability("{G}{R}{B}{T}: Select one creature from your graveyard and place it in your hand",
            Cost(ManaCost.parse("{G}{R}{B}"), tap=True), _adun),))


# ---------------------------------------------------------------- legends with tokens, upkeep and control
# Stangg: its Stangg Twin token is a 3/4 green and red legend (colors its
# text names, read as the Twin comes: Sleight of Mind). If Stangg leaves
# play the Twin is removed from the game; if the Twin leaves play Stangg is
# buried. Each is linked to the other by oid (flags) and the link is looked at
# in the state checks (the "state" hook): leaving play is seen there at once.
def _stangg_enter(g: Game, ctx: Ctx) -> Gen:
    tok = create_token(g, _STANGG_TWIN, ctx.controller, source=ctx.source)
    ctx.source.flags["twin"] = tok.oid
    tok.flags["stangg"] = ctx.source.oid
    yield from g.entered(tok)


def _stangg_state(g: Game, card: Card) -> bool:
    twin = card.flags.get("twin")
    return twin is not None and g.find(twin) is None


def _twin_state(g: Game, card: Card) -> bool:
    if g.find(card.flags.get("stangg", -1)) is None:
        card.remove_if_dies = True  # "remove Stangg Twin token from the game"
        return True
    return False


_STANGG_TWIN = token_def("Stangg Twin", ("creature",), 3, 4, subtypes=("Legend",), colors=("G", "R"),
                         supertypes=("legend",), hooks=Hooks(state=_twin_state))
define("Stangg", on_enter=_stangg_enter, hooks=Hooks(state=_stangg_state))


# Hazezon Tamar: at the beginning of its controller's next upkeep after it came
# into play, as many 1/1 white, green and red (as Hazezon's text reads them then,
# if it is still in play) Sand Warrior tokens as the lands
# that player controls then (they come even if Hazezon has left play: the
# effect was set up as it came into play). If Hazezon leaves play, every Sand
# Warrior made while it was in play is removed from the game (the state hook
# of the token, which knows the Hazezon in play when it was made).
def _warrior_state(g: Game, card: Card) -> bool:
    hz = card.flags.get("hazezon")
    if hz is not None and g.find(hz) is None:
        card.remove_if_dies = True
        return True
    return False


_SAND_WARRIOR = token_def("Sand Warrior", ("creature",), 1, 1, subtypes=("Sand Warrior",), colors=("W", "G", "R"),
                          hooks=Hooks(state=_warrior_state))


def _hazezon_tokens(g: Game, ctx: Ctx) -> Gen:
    p = ctx.controller
    hz = ctx.data["delayed"].data["hazezon"]
    alive = g.find(hz) is not None
    n = len(g.permanents(p, type_="land"))
    made = []
    for _ in range(n):
        tok = create_token(g, _SAND_WARRIOR, p, source=g.find(hz))
        if alive:
            tok.flags["hazezon"] = hz
        made.append(tok)
    for tok in made:
        yield from g.entered(tok)


def _hazezon_enter(g: Game, ctx: Ctx) -> Gen:
    p = ctx.controller
    g.delayed.append(Delayed(Event.BEGIN_UPKEEP, _hazezon_tokens, p, "Hazezon Tamar",
                             condition=lambda g2, d, data: g2.active == d.controller,
                             data={"hazezon": ctx.source.oid}))
    return
    yield


define("Hazezon Tamar", on_enter=_hazezon_enter)


# Axelrod Gunnarson: as Sengir Vampire, a creature it damaged this turn going to
# the graveyard; its controller gains 1 life and chooses a player Axelrod deals
# 1 damage to (the target is chosen as the effect happens).
def _axelrod(g: Game, ctx: Ctx) -> Gen:
    p = ctx.controller
    g.gain_life(p, 1)
    ch = [f"choose {pl.name}" for pl in g.players]
    ans = yield from g.ask(p, DecisionKind.CHOOSE, "Axelrod Gunnarson: deal 1 damage to which player?", ch,
                           about="Axelrod Gunnarson")
    victim = g.players[ch.index(ans)]
    if ctx.source.zone == "battlefield":
        g.deal_damage(ctx.source, victim, 1)
    else:
        g.deal_damage({"name": "Axelrod Gunnarson", "colors": ctx.source.cdef.colors,
                       "types": ctx.source.cdef.types, "oid": ctx.source.oid, "controller": p}, victim, 1)
    yield from g.settle()


define("Axelrod Gunnarson", triggers=(Trigger(
    Event.TO_GRAVEYARD, _axelrod, condition=lambda g, src, d: d["was_creature"] and src.oid in d["damaged_by"]),))


# Halfdane: "When Halfdane comes into play he is 3/3. During your upkeep,
# Halfdane acquires the current power and toughness of target creature other
# than Halfdane. If there are no legal targets, Halfdane becomes 3/3." It takes
# them as they are when the effect resolves, for good (until the next time).
# Played with `activate Halfdane -> CREATURE` during upkeep; if not done by the
# end of upkeep, the player must choose the creature then (`choose CREATURE`,
# nothing to cancel), or, with no legal target, it becomes 3/3.
def _set_pt(g: Game, card: Card, p: int, t: int) -> None:
    g.effects.append(Effect(g.stamp(), card.oid, set_pt_mod(p, t), "forever", layer=1))
    g.log(f"{card.name} becomes {p}/{t}.")


def _halfdane(g: Game, ctx: Ctx) -> Gen:
    src, t = ctx.source, ctx.targets[0] if ctx.targets else None
    if src.zone != "battlefield":
        return
    if isinstance(t, Card) and t.zone == "battlefield":
        ch = g.chars(t)
        _set_pt(g, src, ch.power or 0, ch.toughness or 0)
    return
    yield


def _other_than_source(g: Game, ctx: Ctx, c: Card) -> bool:
    return c is not ctx.source


_HALFDANE_AB = Ability("During your upkeep, Halfdane acquires the power and toughness of target creature other "
                       "than Halfdane", Cost(), _halfdane,
                       targets=(creature_where("target creature other than Halfdane", _other_than_source),),
                       condition=upkeep_of(), once_per_phase=True)


def _halfdane_end(g: Game, card: Card) -> Gen:
    p = g.controller(card)
    if p != g.active or card.phase_uses.get(g.phase_key()) or card.zone != "battlefield":
        return
    chosen = yield from forced_upkeep_target(g, card, _HALFDANE_AB)
    if not chosen:
        card.phase_uses[g.phase_key()] = 1
        _set_pt(g, card, 3, 3)
    yield from g.settle()


define("Halfdane", abilities=(_HALFDANE_AB,), hooks=Hooks(end_of_upkeep=_halfdane_end))


# Rohgahh of Kher Keep: Kobolds of Kher Keep its controller controls get +2/+2.
# During its controller's upkeep, pay {R}{R}{R}, or Rohgahh and all Kobolds of
# Kher Keep (its controller's) become tapped and come under the opponent's
# control, for good (as the MicroProse game: a change of control that nothing
# ends).
def _kobold(g: Game, src: Card, card: Card, c: Chars) -> bool:
    return c.name == "Kobolds of Kher Keep" and "creature" in c.types and c.controller == g.controller(src)


def _rohgahh_unpaid(g: Game, card: Card) -> Gen:
    p = g.controller(card)
    opp = 1 - p
    for c in [card] + [k for k in g.permanents(p) if g.chars(k).name == "Kobolds of Kher Keep"]:
        c.tapped = True
        g.effects.append(Effect(g.stamp(), c.oid, lambda g2, k, ch, opp=opp: setattr(ch, "controller", opp),
                                "forever", layer=0))
        g.log(f"{c.name} becomes tapped and comes under {g.players[opp].name}'s control.")
    g.forget_reads()
    return
    yield


_roh_ab, _roh_end = upkeep_cost("Pay {R}{R}{R} during your upkeep, or Rohgahh and all Kobolds of Kher Keep become "
                                "tapped and come under opponent's control", "{R}{R}{R}", _rohgahh_unpaid)
define("Rohgahh of Kher Keep", statics=(static_for(_kobold, pump_mod(2, 2)),), abilities=(_roh_ab,),
       hooks=Hooks(end_of_upkeep=_roh_end))


# Rubinia Soulsinger: control of the target creature for as long as Rubinia
# stays in play, under the same controller, and tapped; it may stay tapped in
# its controller's untap phase (asked then).
def _rubinia(g: Game, ctx: Ctx) -> Gen:
    src, p = ctx.source, ctx.controller
    for t in ctx.targets:
        if not isinstance(t, Card) or t.zone != "battlefield":
            continue
        roid = src.oid

        def holds(g2: Game, roid: int = roid, p: int = p) -> bool:
            r = g2.find(roid)
            return r is not None and r.tapped and g2.controller(r) == p
        if not holds(g):
            continue
        g.effects.append(Effect(g.stamp(), t.oid, lambda g2, k, ch, p=p: setattr(ch, "controller", p), "forever",
                                layer=0, condition=holds))
        g.forget_reads()
        g.log(f"{g.players[p].name} gains control of {t.name}.")
    return
    yield


define("Rubinia Soulsinger", hooks=Hooks(may_stay_tapped=lambda g, c: True), abilities=(
    Ability("{T}: Gain control of target creature as long as Rubinia stays tapped and in play under your control",
            Cost(tap=True), _rubinia, targets=(CREATURE,)),))


# Ragnar: "Regenerate target creature": used, as every regeneration, when the
# creature would be destroyed (offered then, see Game.regen_options), on any
# creature Ragnar's controller chooses to save, the opponent's included.
define("Ragnar", abilities=(
    Ability("{W}{U}{G}{T}: Regenerate target creature", Cost(ManaCost.parse("{W}{U}{G}"), tap=True),
            nothing, targets=(CREATURE,), regenerate=True),))


# Rasputin Dreamweaver: seven dream counters as it comes into play; removing
# one is a cost, for {1} (a mana ability: `tap Rasputin Dreamweaver for C`,
# which does not tap it) or to prevent 1 damage to Rasputin (in a damage
# prevention step). One counter is put on it at the beginning of its
# controller's upkeep if it started the turn untapped (its tapped state is
# noted at every end of turn, what the next turn starts with), never above seven.
_DREAM = "dream"


def _rasputin_note(g: Game, ctx: Ctx) -> Gen:
    ctx.source.flags["untapped_at_turn_start"] = not ctx.source.tapped
    return
    yield


def _rasputin_upkeep(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    if src.flags.get("untapped_at_turn_start") and src.counters.get(_DREAM, 0) < 7:
        add_counters(g, src, _DREAM, 1)
    return
    yield


define("Rasputin Dreamweaver", on_enter=enters_with_counters(_DREAM, 7),
       mana_abilities=(ManaAbility("C", cost=Cost(tap=False, remove_counter=_DREAM)),),
       abilities=(Ability("Remove a counter: prevent 1 damage to Rasputin", Cost(remove_counter=_DREAM),
                          prevent_to_target(1), prevention=True, targets=(replace(
                              DAMAGED_CREATURE, what="Rasputin Dreamweaver being damaged",
                              test=lambda g, ctx, c: c is ctx.source),)),),
       triggers=(Trigger(Event.END_OF_TURN, _rasputin_note),
                 Trigger(Event.BEGIN_UPKEEP, _rasputin_upkeep,
                         condition=lambda g, src, d: d["player"] == g.controller(src))))


# Johan: while Johan is untapped and not attacking, its controller's creatures
# attack without tapping (Johan's own attack taps it, and the others with it).
def _johan_applies(g: Game, src: Card, card: Card, c: Chars) -> bool:
    if "creature" not in c.types or c.controller != g.controller(src) or src.tapped:
        return False
    return g.combat is None or g.combat.band_of(src.oid) is None


define("Johan", statics=(static_for(_johan_applies, keyword_mod("does not tap to attack")),))


# Ayesha Tanaka: counter target effect of an artifact's activated ability (a
# mana ability is not an effect being cast, so it cannot be a target) unless
# the artifact's controller pays {W}; played as an interrupt.
def _artifact_effect(g: Game, ctx: Ctx, s: Target) -> bool:
    return (isinstance(s, Spell) and s.card is None and s.ability is not None and s.source is not None
            and "artifact" in g.chars(s.source).types)


def _ayesha(g: Game, ctx: Ctx) -> Gen:
    for t in ctx.targets:
        if not isinstance(t, Spell):
            continue
        owner = g.controller(t.source) if t.source.zone == "battlefield" else t.controller
        paid = yield from pay_to_use(g, owner, "{W}", f"Ayesha Tanaka: pay {{W}} so that {t.name}'s effect is "
                                     "not countered?", "Ayesha Tanaka")
        if not paid:
            yield from counter_target()(g, ctx)


define("Ayesha Tanaka", abilities=(
    Ability("{T}: Counter target artifact effect requiring an activation cost unless the artifact's controller "
            "pays {W}", Cost(tap=True), _ayesha, speed=Speed.INTERRUPT,
            targets=(TargetSpec("target artifact effect", kinds(Kind.SPELL), _artifact_effect),)),))


# Nebuchadnezzar: the card is named as the ability is played (an announced
# choice among every card name the game knows: `choose=Lightning Bolt`); as it
# resolves, X cards of the target opponent's hand chosen at random (the whole
# hand if X is larger) are revealed to both players, and those with the named
# name are discarded.
def _card_names(g: Game, ctx: Ctx) -> list[str]:
    return implemented()


def _nebuchadnezzar(g: Game, ctx: Ctx) -> Gen:
    named = ctx.chosen("card")
    for t in ctx.targets:
        if not isinstance(t, Player):
            continue
        hand = list(t.hand)
        shown = hand if ctx.x >= len(hand) else g.rng.sample(hand, ctx.x)
        g.log(f"{t.name} reveals {', '.join(c.name for c in shown) or 'no cards'} (Nebuchadnezzar, naming {named}).")
        for c in shown:
            if c.name == named and c in t.hand:
                yield from discard_card(g, t.idx, c, by=ctx.controller)


define("Nebuchadnezzar", abilities=(
    Ability("{X}, {T}: Name a card. Target opponent reveals X cards from his or her hand at random and discards "
            "those with that name. Use this ability only during your turn", Cost(ManaCost.parse("{X}"), tap=True),
            _nebuchadnezzar, targets=(OPPONENT,), condition=_my_turn, x=True,
            announce=(Announce("card", "name a card", _card_names),)),))


# Tolaria: usable during any upkeep (either player's); the target loses banding
# and every "bands with other ..." ability until end of turn.
def _lose_banding(g: Game, card: Card, c: Chars) -> None:
    c.keywords -= {k for k in c.keywords if k == "banding" or k.startswith("bands with other")}


define("Tolaria", mana_abilities=(ManaAbility("U"),), abilities=(
    Ability("{T}: During upkeep remove the banding or bands with other ability from target creature until end of "
            "turn", Cost(tap=True), until_eot(_lose_banding), targets=(CREATURE,),
            condition=lambda g, c: g.phase == "upkeep"),))


# ---------------------------------------------------------------- rampage legends (rampage: engine.combat)
define("Hunding Gjornersen")
define("Marhault Elsdragon")
_chr_ab, _chr_end = _elder("Chromium", "{W}{U}{B}")
define("Chromium", abilities=(_chr_ab,), hooks=Hooks(end_of_upkeep=_chr_end))


# Gabriel Angelfire: at the beginning of its controller's upkeep, the player
# chooses flying, first strike, trample or rampage 3; Gabriel has it until
# that player's next upkeep (the choice is kept on the permanent, flags).
_GABRIEL = ("flying", "first strike", "trample", "rampage 3")


def _gabriel(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    ch = [f"choose {k}" for k in _GABRIEL]
    ans = yield from g.ask(ctx.controller, DecisionKind.CHOOSE, "Gabriel Angelfire: which ability until your next "
                           "upkeep?", ch, about="Gabriel Angelfire")
    src.flags["gabriel"] = ans[len("choose "):]
    g.forget_reads()
    g.log(f"Gabriel Angelfire gains {src.flags['gabriel']} until its controller's next upkeep.")


def _gabriel_kw(g: Game, card: Card, c: Chars) -> None:
    kw = card.flags.get("gabriel")
    if kw:
        c.keywords.add(kw)


define("Gabriel Angelfire", statics=(static_for(lambda g, src, card, c: src is card, _gabriel_kw),),
       triggers=(Trigger(Event.BEGIN_UPKEEP, _gabriel,
                         condition=lambda g, src, d: d["player"] == g.controller(src)),))


# Adventurers' Guildhouse, Cathedral of Serra, Mountain Stronghold, Seafarer's
# Quay, Unholy Citadel: "All your <color> legends gain bands with other
# legends" (Mountain Stronghold's "may band with other legends" is the same
# ability): a keyword for their controller's legendary creatures of that
# color (the rule: CombatRules, "bands with other"). The color word is read
# through the land's text changes (Sleight of Mind). They add no mana.
def _bands_land(color_word: str) -> Static:
    def applies(g: Game, src: Card, card: Card, c: Chars) -> bool:
        return ("creature" in c.types and "legend" in c.supertypes and c.controller == g.controller(src)
                and COLOR_LETTERS[g.word(src, color_word)] in c.colors)
    return static_for(applies, keyword_mod("bands with other legends"))


for _name, _word in (("Adventurers' Guildhouse", "green"), ("Cathedral of Serra", "white"),
                     ("Mountain Stronghold", "red"), ("Seafarer's Quay", "blue"), ("Unholy Citadel", "black")):
    define(_name, statics=(_bands_land(_word),))
