"""Fallen Empires (FEM), the rest of the set: the ruins and storage lands,
High Tide, the mana creatures that burn out, and the other cards
:mod:`engine.cards.fallen_empires` does not hold. Each card does what its
printed text says (``engine/data/cards.json``: the Fifth Edition printing for
the cards reprinted there, else the Fallen Empires one).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ..carddb import define
from ..ctx import Ctx
from ..decisions import DecisionKind
from ..combat import ONE_BLOCKER_FLAG
from ..effects import (CREATURE, CREATURE_OR_PLAYER, LAND, OPPONENT, add_counters, coin_flip_won,
                       comes_into_play_tapped, counter_on_source, creature_where, damage,
                       during_upkeep, each_target, enchanted, enters_with_counters, flag_mod, keyword_mod, permanent_target, nothing, pay_to_use, pump_mod, static_for, token_def, tokens_effect,
                       upkeep_of)
from ..hooks import EffectHooks, Hooks
from ..mana import COLOR_LETTERS, ManaCost
from ..model import Ability, Cost, Delayed, EffectFn, Event, Gen, ManaAbility, SpellSpec, Static, Trigger
from ..refs import ref
from ..objects import Card, Chars, Effect, Player, Spell
from .fallen_empires import SAPROLING, _attacking_unblocked
from .green import _basic_land_mod

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game


def _mana(s: str) -> ManaCost:
    return ManaCost.parse(s)


# ------------------------------------------------------------------ the ruins lands

# "Comes into play tapped. {T}: Add {R}. {T}, Sacrifice: Add {R}{R}": one
# mana source; as its mana is drawn its controller chooses whether to
# sacrifice it for the second mana (the sacrifice paid then, as Black
# Lotus's is; the default keeps it).
def _ruins_mana(g: Game, card: Card, p: int, amount: int) -> Gen:
    ans = yield from g.ask(p, DecisionKind.CHOOSE, f"{card.name}: sacrifice it to add one more?",
                           ["choose yes", "choose no"], decline="choose no", about=card.name)
    if ans == "choose no":
        return amount
    yield from g.put_in_graveyard([card], how="sacrifice")
    return amount + 1


for _name, _sym in (("Dwarven Ruins", "R"), ("Ebon Stronghold", "B"), ("Havenwood Battleground", "G"),
                    ("Ruins of Trokair", "W"), ("Svyelunite Temple", "U")):
    define(_name, on_enter=comes_into_play_tapped, hooks=Hooks(mana_choice=_ruins_mana), mana_abilities=(ManaAbility(_sym),))


# ------------------------------------------------------------------ the storage lands

# "You may choose not to untap X during your untap phase and put a storage
# counter on it instead. {T}, Remove X storage counters: Add X mana." The
# untap phase asks (``may_stay_tapped``); kept tapped, it gets the counter
# (``kept_tapped``). Tapping it removes any number of its counters, at least
# one, chosen as the mana is drawn (the default all of them); without
# counters it is no mana source (X = 0 would add nothing).
def _storage_counter(g: Game, card: Card) -> None:
    add_counters(g, card, "storage", 1)


def _storage_amount(g: Game, card: Card) -> int:
    return card.counters.get("storage", 0)


def _storage_mana(g: Game, card: Card, p: int, amount: int) -> Gen:
    n = card.counters.get("storage", 0)
    k = n
    if n > 1:
        ans = yield from g.ask(p, DecisionKind.CHOOSE, f"{card.name}: remove how many storage counters "
                               "(one mana each)?", [f"choose {i}" for i in range(1, n + 1)], decline=f"choose {n}",
                               about=card.name)
        k = int(ans.split()[1])
    add_counters(g, card, "storage", -k)
    return k


_STORAGE_HOOKS = Hooks(may_stay_tapped=lambda g, c: True, kept_tapped=_storage_counter,
                       mana_amount=_storage_amount, mana_choice=_storage_mana)
for _name, _sym in (("Bottomless Vault", "B"), ("Dwarven Hold", "R"), ("Hollow Trees", "G"),
                    ("Icatian Store", "W"), ("Sand Silos", "U")):
    define(_name, on_enter=comes_into_play_tapped, hooks=_STORAGE_HOOKS, mana_abilities=(ManaAbility(_sym),))


# ------------------------------------------------------------------ High Tide

# "Until end of turn, all islands produce an additional {U} when tapped for
# mana": a delayed trigger on each tapping of an island for mana this turn
# (any player's), adding {U} to the pool of whoever tapped it. "islands" as
# the spell's text reads it (Magical Hack).
def _high_tide(g: Game, ctx: Ctx) -> Gen:
    word = g.word(ctx.spell.card if ctx.spell is not None else None, "island")

    def more(g2: Game, c2: Ctx) -> Gen:
        g2.players[c2.data["player"]].pool.add("U", 1)
        g2.log(f"{c2.data['card'].name} produces an additional U (High Tide).")
        return
        yield

    g.delayed.append(Delayed(Event.TAPPED_FOR_MANA, more, ctx.controller, "High Tide", once=False, turn=g.turn,
                             condition=lambda g2, d, data: word in g2.chars(data["card"]).subtypes))
    g.log("Until end of turn, islands produce an additional U when tapped for mana.")
    return
    yield


define("High Tide", spell=SpellSpec(_high_tide))


# ------------------------------------------------------------------ mana creatures that burn out

# Farrelite Priest "{1}: Add {W}. If more than 3 is spent in this way during
# one turn, bury Farrelite Priest at end of turn"; Initiates of the Ebon Hand
# the same with {B} and "{4} or more". A use is counted as its mana is drawn
# (the {1} is spent then); the Priest's "play as an interrupt" is a mana
# source's speed here, as for Basal Thrull.
def _count_use(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    if src.flags.get("spent_turn") != g.turn:
        src.flags["spent_turn"], src.flags["spent"] = g.turn, 0
    src.flags["spent"] += 1
    return
    yield


def _burns_out(limit: int) -> Trigger:
    """At end of turn, bury it if its ability was used more than ``limit`` times this turn."""
    def fn(g: Game, ctx: Ctx) -> Gen:
        src = ctx.source
        if src.flags.get("spent_turn") == g.turn and src.flags.get("spent", 0) > limit:
            g.log(f"{src.name} is buried: {src.flags['spent']} was spent on it this turn.")
            g.destroy(src, bury=True)
            yield from g.settle()
    return Trigger(Event.END_OF_TURN, fn)


for _name, _sym in (("Farrelite Priest", "W"), ("Initiates of the Ebon Hand", "B")):
    define(_name, mana_abilities=(ManaAbility(_sym, cost=Cost(_mana("{1}"))),), triggers=(
        Trigger(Event.TAPPED_FOR_MANA, _count_use, lambda g, src, d: d["card"] is src), _burns_out(3)))


# ------------------------------------------------------------------ red

# Dwarven Armorer: "{R}, {T}: Discard a card from your hand to put either a
# +0/+1 or a +1/+0 counter on a target creature": the discard is part of the
# cost; which counter is chosen as the ability resolves.
def _armorer(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        ans = yield from g.ask(ctx.controller, DecisionKind.CHOOSE, f"Dwarven Armorer: which counter on {t.name}?",
                               ["choose +0/+1", "choose +1/+0"], about="Dwarven Armorer")
        add_counters(g, t, ans[len("choose "):], 1)
    return
    yield


define("Dwarven Armorer", abilities=(Ability(
    "{R}, {T}: Discard a card from your hand to put either a +0/+1 or a +1/+0 counter on target creature",
    Cost(_mana("{R}"), tap=True, discard=True), _armorer, targets=(CREATURE,)),))


def _orc(g: Game, card: Card) -> bool:
    return bool({"orc", "orcs"} & g.chars(card).subtypes)


# Orcish Captain: "{1}: Flip a coin; target opponent calls heads or tails ...
# in your favor, target Orc gets +2/+0 until end of turn; otherwise -0/-2".
def _captain(g: Game, ctx: Ctx) -> Gen:
    opp, orc = ctx.targets[0], ctx.targets[1] if len(ctx.targets) > 1 else None
    won = yield from coin_flip_won(g, opp, "Orcish Captain")
    if orc is None or not isinstance(orc, Card) or orc.zone != "battlefield":
        return
    g.effects.append(Effect(g.stamp(), orc.oid, pump_mod(2, 0) if won else pump_mod(0, -2), "eot"))
    g.log(f"{orc.name} gets {'+2/+0' if won else '-0/-2'} until end of turn.")
    yield from g.settle()


define("Orcish Captain", abilities=(Ability(
    "{1}: Flip a coin; target opponent calls it. If it ends up in your favor, target Orc gets +2/+0 until end "
    "of turn; otherwise, that Orc gets -0/-2 until end of turn", Cost(_mana("{1}")), _captain,
    targets=(OPPONENT, creature_where("target Orc", lambda g, ctx, c: _orc(g, c)))),))


# ------------------------------------------------------------------ white

# Hand of Justice: "{T}: Tap three target white creatures you control to
# destroy any target creature." The three are targets, untapped as they are
# chosen (a tapped creature could not be tapped for it), Hand of Justice not
# among them (it taps as the cost); as it resolves the three still in play
# are tapped and the fourth target destroyed.
def _white_untapped_mine(g: Game, ctx: Ctx, c: Card) -> bool:
    return (g.controller(c) == ctx.controller and not c.tapped and c is not ctx.source
            and COLOR_LETTERS[g.word(ctx.source, "white")] in g.chars(c).colors)


_WHITE_MINE = creature_where("target untapped white creature you control", _white_untapped_mine)


def _hand_of_justice(g: Game, ctx: Ctx) -> Gen:
    *helpers, victim = ctx.targets
    for c in helpers:
        if isinstance(c, Card) and c.zone == "battlefield":
            c.tapped = True
    g.log("Hand of Justice taps three white creatures.")
    yield from g.note_taps()
    if isinstance(victim, Card) and victim.zone == "battlefield":
        g.destroy(victim)
        yield from g.settle()


define("Hand of Justice", abilities=(Ability(
    "{T}: Tap three target white creatures you control to destroy target creature", Cost(tap=True),
    _hand_of_justice, targets=(_WHITE_MINE, _WHITE_MINE, _WHITE_MINE, CREATURE)),))


# ------------------------------------------------------------------ green

# Thelonite Druid: "{1}{G}, {T}: Sacrifice a creature to turn all your forests
# into 2/3 creatures until end of turn. The forests still count as lands but
# may not be tapped for mana if they were brought into play this turn" (the
# core's summoning sickness, as for Living Lands). The forests are those its
# controller controls as it resolves.
def _forest_creature(g: Game, card: Card, c: Chars) -> None:
    c.types.add("creature")
    c.set_pt(2, 3)


def _druid(g: Game, ctx: Ctx) -> Gen:
    word = g.word(ctx.source, "forest")
    for land in g.battlefield:
        if g.controller(land) == ctx.controller and word in g.chars(land).subtypes:
            g.effects.append(Effect(g.stamp(), land.oid, _forest_creature, "eot", layer=1))
    g.log(f"{ctx.me.name}'s forests become 2/3 creatures until end of turn.")
    yield from g.settle()


define("Thelonite Druid", abilities=(Ability(
    "{1}{G}, {T}: Sacrifice a creature to turn all your forests into 2/3 creatures until end of turn",
    Cost(_mana("{1}{G}"), tap=True, sacrifice="creature"), _druid),))


# ------------------------------------------------------------------ goblins

# Goblin War Drums: "Each creature you control cannot be blocked by only one
# creature" (the flag the core's block check reads; a band holding such a
# creature needs two blockers too).
define("Goblin War Drums", statics=(static_for(lambda g, src, card, c: "creature" in c.types
                                               and c.controller == g.controller(src),
                                               flag_mod(ONE_BLOCKER_FLAG)),))

# Goblin Grenade: "Sacrifice a Goblin to have Goblin Grenade deal 5 damage to
# one target": the sacrifice is an additional cost, paid as it is cast (a
# Goblin or Goblins), so it cannot be cast without one.
define("Goblin Grenade", spell=SpellSpec(damage(5), targets=(CREATURE_OR_PLAYER,), cost=Cost(sacrifice="goblin")))


# ------------------------------------------------------------------ black

# Ebon Praetor: a -2/-2 counter in each of its controller's upkeeps; "You
# may sacrifice a creature during your upkeep to remove a -2/-2 counter ...
# If the creature sacrificed was a Thrull, also put a +1/+0 counter on Ebon
# Praetor. Only one creature may be sacrificed in this manner each turn."
def _praetor_feeds(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    if src.zone != "battlefield":
        return
    add_counters(g, src, "-2/-2", -1)
    if "thrull" in ctx.chosen("sacrificed_subtypes", frozenset()) or "thrulls" in ctx.chosen("sacrificed_subtypes",
                                                                                             frozenset()):
        add_counters(g, src, "+1/+0", 1)
    yield from g.settle()


_pr_ab, _pr_end = during_upkeep("Put a -2/-2 counter on Ebon Praetor", counter_on_source("-2/-2"))
define("Ebon Praetor", keywords=("trample", "first strike"), hooks=Hooks(end_of_upkeep=_pr_end), abilities=(
    _pr_ab, Ability("Sacrifice a creature: Remove a -2/-2 counter from Ebon Praetor; if it was a Thrull, put a "
                    "+1/+0 counter on Ebon Praetor. Use this ability only during your upkeep, once each turn",
                    Cost(sacrifice="creature"), _praetor_feeds, condition=upkeep_of(), once_per_turn=True)))


# ------------------------------------------------------------------ tokens from sacrifices

GOBLIN = token_def("Goblin", ("creature",), 1, 1, subtypes=("Goblin",), colors=("R",))
CAMARID = token_def("Camarid", ("creature",), 1, 1, subtypes=("Camarid",), colors=("U",))

# Goblin Warrens: "{2}{R}, Sacrifice two Goblins: Put three Goblin tokens into
# play" (tokens named Goblin, of the creature type Goblin, so they feed it again).
define("Goblin Warrens", abilities=(Ability(
    "{2}{R}, Sacrifice two Goblins: Put three Goblin tokens into play", Cost(_mana("{2}{R}"), sacrifice="goblin",
                                                                              sacrifice_count=2),
    tokens_effect(GOBLIN, 3)),))


# Homarid Spawning Bed: "{1}{U}{U}: Sacrifice a blue creature to put X Camarid
# tokens into play, where X is the casting cost of the sacrificed creature"
# (its converted cost: a token's is 0).
def _spawning_bed(g: Game, ctx: Ctx) -> Gen:
    n = ctx.chosen("sacrificed_cost", 0)
    if n:
        yield from tokens_effect(CAMARID, n)(g, ctx)


define("Homarid Spawning Bed", abilities=(Ability(
    "{1}{U}{U}: Sacrifice a blue creature to put X Camarid tokens into play, where X is the casting cost of the "
    "sacrificed creature", Cost(_mana("{1}{U}{U}"), sacrifice="blue creature"), _spawning_bed),))


# Thelonite Monk: "{T}: Sacrifice a green creature to turn a target land into
# a basic forest. Mark changed land with a counter" (for good; as any land
# changed to another land type it then has a forest's text box only).
def _monk(g: Game, ctx: Ctx) -> Gen:
    word = g.word(ctx.source, "forest")
    for t in each_target(ctx):
        if isinstance(t, Card) and t.zone == "battlefield":
            g.effects.append(Effect(g.stamp(), t.oid, _basic_land_mod(word), "forever", layer=1))
            add_counters(g, t, "Thelonite Monk", 1)
            g.log(f"{t.name} becomes a basic {word}.")
    return
    yield


define("Thelonite Monk", abilities=(Ability(
    "{T}: Sacrifice a green creature to turn target land into a basic forest", Cost(tap=True,
                                                                                   sacrifice="green creature"),
    _monk, targets=(LAND,)),))


# ------------------------------------------------------------------ "attacks and is not blocked ... deals no damage to opponent"

# Farrel's Zealot, Farrel's Mantle, Delif's Cone, Delif's Cube: something done
# instead of an unblocked attacker's damage to the defending player. Each is
# an effect used once blockers are declared and before combat damage, while
# the creature is attacking and unblocked (the window of Necrite's
# "attacking and unblocked"); using it means the creature deals no damage to
# the opponent this turn (its combat damage to players is reduced to 0).
def _no_damage_to_players(g: Game, creature: Card) -> None:
    oid = creature.oid
    g.effects.append(Effect(g.stamp(), None, lambda g2, card, c: None, "eot", applies=lambda g2, card, c: False,
                            hooks=EffectHooks(reduce_damage=lambda g2, pk: pk.source_oid == oid
                                              and isinstance(pk.receiver, Player))))
    g.log(f"{creature.name} deals no damage to its opponent this turn.")


def _zealot(g: Game, ctx: Ctx) -> Gen:
    me = ctx.source
    if me.zone != "battlefield":
        return
    for t in each_target(ctx):
        g.deal_damage(me, t, 3)
    _no_damage_to_players(g, me)
    yield from g.settle()


define("Farrel's Zealot", abilities=(Ability(
    "{0}: Farrel's Zealot deals 3 damage to target creature and no damage to its opponent this turn. Use this "
    "ability only if Farrel's Zealot is attacking and unblocked, once each turn", Cost(), _zealot,
    targets=(CREATURE,), condition=_attacking_unblocked, once_per_turn=True),))


# Farrel's Mantle: the enchanted creature deals X+2 (X its power as the effect
# resolves) to another target creature instead of damage to the opponent.
def _mantle(g: Game, ctx: Ctx) -> Gen:
    host = g.enchanted(ctx.source)
    if host is None:
        return
    for t in each_target(ctx):
        if t is not host:
            g.deal_damage(host, t, (g.chars(host).power or 0) + 2)
    _no_damage_to_players(g, host)
    yield from g.settle()


def _host_attacking_unblocked(g: Game, card: Card) -> bool:
    host = g.enchanted(card)
    return host is not None and _attacking_unblocked(g, host)


define("Farrel's Mantle", enchant=CREATURE, abilities=(Ability(
    "{0}: Enchanted creature deals damage equal to its power plus 2 to another target creature and no damage to "
    "its opponent this turn. Use this ability only if it is attacking and unblocked, once each turn", Cost(),
    _mantle, targets=(creature_where("another target creature", lambda g, ctx, c: c is not g.enchanted(ctx.source)),),
    condition=_host_attacking_unblocked, once_per_turn=True),))

_MY_UNBLOCKED = creature_where("target attacking and unblocked creature you control",
                               lambda g, ctx, c: g.controller(c) == ctx.controller and _attacking_unblocked(g, c))


def _cone(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        if isinstance(t, Card) and t.zone == "battlefield":
            g.gain_life(ctx.controller, max(0, g.chars(t).power or 0))
            _no_damage_to_players(g, t)
    return
    yield


define("Delif's Cone", abilities=(Ability(
    "{T}: Sacrifice Delif's Cone: gain life equal to the power of target attacking and unblocked creature you "
    "control; it deals no damage to its opponent this turn", Cost(tap=True, sacrifice_self=True), _cone,
    targets=(_MY_UNBLOCKED,)),))


def _cube(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        if isinstance(t, Card) and t.zone == "battlefield":
            _no_damage_to_players(g, t)
            if ctx.source.zone == "battlefield":
                add_counters(g, ctx.source, "cube", 1)
    return
    yield


define("Delif's Cube", abilities=(
    Ability("{2}, {T}: Target attacking and unblocked creature you control deals no damage to its opponent this "
            "turn; instead, put a cube counter on Delif's Cube", Cost(_mana("{2}"), tap=True), _cube,
            targets=(_MY_UNBLOCKED,)),
    Ability("{2}: Remove a cube counter to regenerate target creature", Cost(_mana("{2}"), remove_counter="cube"),
            nothing, regenerate=True, targets=(CREATURE,))))


# Heroism: "{0}: Sacrifice a white creature to have attacking red creatures
# deal no damage during combat this turn. The attacking player may pay
# {2}{R} for an attacking creature to have it deal damage as normal": the
# attacking red creatures as it resolves; their controller is asked, one
# creature at a time, whether to pay for it.
def _heroism(g: Game, ctx: Ctx) -> Gen:
    cb = g.combat
    if cb is None:
        return
    red = COLOR_LETTERS[g.word(ctx.source, "red")]
    attacker = g.active
    for o in cb.attackers():
        c = g.find(o)
        if c is None or red not in g.chars(c).colors:
            continue
        paid = yield from pay_to_use(g, attacker, "{2}{R}", f"Heroism: pay {{2}}{{R}} so that {c.name} deals "
                                     "damage as normal?", "Heroism")
        if paid:
            continue
        g.effects.append(Effect(g.stamp(), None, lambda g2, card, ch: None, "eot", applies=lambda g2, card, ch: False,
                                hooks=EffectHooks(reduce_damage=lambda g2, pk, oid=c.oid: pk.combat
                                                  and pk.source_oid == oid)))
        g.log(f"{c.name} deals no damage during combat this turn (Heroism).")


define("Heroism", abilities=(Ability(
    "{0}: Sacrifice a white creature to have attacking red creatures deal no damage during combat this turn. The "
    "attacking player may pay {2}{R} for an attacking creature to have it deal damage as normal",
    Cost(sacrifice="white creature"), _heroism),))


# ------------------------------------------------------------------ blue

# Merseine: three net counters as it comes into play; the enchanted creature
# does not untap in its controller's untap phase while any remain; that
# controller may, as a fast effect, pay the creature's casting cost (X as 0)
# to remove one (paid as the effect resolves, as cumulative upkeep's mana).
def _net_holds(g: Game, src: Card, card: Card, c: Chars) -> None:
    if src.counters.get("net", 0) > 0:
        c.flags.add("doesn't untap")


def _cut_net(g: Game, ctx: Ctx) -> Gen:
    net, host = ctx.source, g.enchanted(ctx.source)
    if host is None or net.zone != "battlefield" or not net.counters.get("net", 0):
        return
    cost = str(host.cdef.cost.with_x(0))
    paid = yield from pay_to_use(g, ctx.controller, cost, f"Merseine: pay {cost} to remove a net counter?",
                                 "Merseine")
    if paid:
        add_counters(g, net, "net", -1)
    else:
        g.log(f"{ctx.me.name} does not pay {cost}: no net counter is removed.")


def _can_cut(g: Game, card: Card) -> bool:
    host = g.enchanted(card)
    return (host is not None and card.counters.get("net", 0) > 0
            and g.can_afford(g.controller(host), host.cdef.cost.with_x(0)))


define("Merseine", enchant=CREATURE, on_enter=enters_with_counters("net", 3),
       statics=(Static(applies=enchanted, modify=_net_holds),),
       abilities=(Ability("Pay the enchanted creature's casting cost: Remove a net counter from Merseine", Cost(),
                          _cut_net, who="enchanted controller", condition=_can_cut),))


# ------------------------------------------------------------------ Saprolings from graveyards

# Night Soil: "{1}: Remove two creatures in any graveyard from the game to put
# a Saproling token into play." The two creature cards are a cost: chosen and
# removed as the ability is announced (the hook on_activate), from any
# graveyards; it cannot be used with fewer than two there.
def _graveyard_creatures(g: Game) -> list[Card]:
    return [c for pl in g.players for c in pl.graveyard if "creature" in c.cdef.types]


def _night_soil_cost(g: Game, src: Card, spell: Spell) -> Gen:
    if spell.source is not src:
        return
    for i in range(2):
        cands = _graveyard_creatures(g)
        if not cands:
            return
        ch = [f"choose {c.name} ({g.players[c.owner].name}'s graveyard)" for c in cands]
        uniq = list(dict.fromkeys(ch))
        ans = yield from g.ask(spell.controller, DecisionKind.CHOOSE, f"Night Soil: remove a creature card from a "
                               f"graveyard from the game ({i + 1} of 2)", uniq, about="Night Soil")
        card = cands[ch.index(ans)]
        g.move(card, "removed")
        g.log(f"{card.name} is removed from the game from {g.players[card.owner].name}'s graveyard (Night Soil).")


define("Night Soil", hooks=Hooks(on_activate=_night_soil_cost), abilities=(Ability(
    "{1}: Remove two creature cards in any graveyards from the game to put a Saproling token into play",
    Cost(_mana("{1}")), tokens_effect(SAPROLING), condition=lambda g, c: len(_graveyard_creatures(g)) >= 2),))


# Soul Exchange: "Sacrifice a creature, but remove it from the game instead of
# putting it in your graveyard" (an additional cost, paid as it is cast).
# "Take a creature from your graveyard and put it directly into play as though
# it were just summoned" (chosen as it resolves: it is not a target); "Put a
# +2/+2 counter on this creature if the creature sacrificed was a Thrull."
def _soul_exchange(g: Game, ctx: Ctx) -> Gen:
    dead = [c for c in ctx.me.graveyard if "creature" in c.cdef.types]
    if not dead:
        g.log(f"{ctx.me.name} has no creature in their graveyard to take.")
        return
    names = sorted({c.name for c in dead})
    ans = yield from g.ask(ctx.controller, DecisionKind.CHOOSE, "Soul Exchange: put which creature into play?",
                           [f"choose {n}" for n in names], about="Soul Exchange")
    card = next(c for c in dead if c.name == ans[len("choose "):])
    new = g.move(card, "battlefield", controller=ctx.controller)
    g.log(f"{new.name} comes into play from {ctx.me.name}'s graveyard.")
    if {"thrull", "thrulls"} & ctx.chosen("sacrificed_subtypes", frozenset()):
        add_counters(g, new, "+2/+2", 1)
    yield from g.entered(new)


define("Soul Exchange", spell=SpellSpec(_soul_exchange, cost=Cost(sacrifice="creature", sacrifice_removed=True)))


# Goblin Kites: "{R}: A target creature you control, which cannot have a
# toughness greater than 2, gains flying until end of turn ... At end of
# turn, flip a coin; opponent calls heads or tails while coin is in the air.
# If the flip ends up in opponent's favor, bury that creature." One flip at
# end of turn for each use.
def _kites(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        if not isinstance(t, Card) or t.zone != "battlefield":
            continue
        g.effects.append(Effect(g.stamp(), t.oid, keyword_mod("flying"), "eot"))
        g.log(f"{t.name} gains flying until end of turn (Goblin Kites).")
        me = ctx.controller

        def flip(g2: Game, c2: Ctx, oid: int = t.oid) -> Gen:
            card = g2.find(oid)
            if card is None:
                return
            won = yield from coin_flip_won(g2, g2.players[1 - me], "Goblin Kites")
            if not won:
                g2.destroy(card, bury=True)
                yield from g2.settle()
        g.delayed.append(Delayed(Event.END_OF_TURN, flip, me, "Goblin Kites", turn=g.turn))
    return
    yield


_MY_SMALL = creature_where("target creature you control with toughness 2 or less",
                           lambda g, ctx, c: g.controller(c) == ctx.controller and (g.chars(c).toughness or 0) <= 2)
define("Goblin Kites", abilities=(Ability(
    "{R}: Target creature you control with toughness 2 or less gains flying until end of turn. At end of turn, "
    "flip a coin the opponent calls: if it ends up in the opponent's favor, bury that creature",
    Cost(_mana("{R}")), _kites, targets=(_MY_SMALL,)),))


# Tourach's Gate: enchants a land its caster controls. "Sacrifice a Thrull to
# put three time counters on Tourach's Gate. During your upkeep, remove a time
# counter. If there are no time counters, bury it" (checked in that upkeep,
# as the counter is removed: it comes into play without counters and lives
# until its controller's next upkeep). "{0}: Tap land Tourach's Gate
# enchants. All attacking creatures you control get +2/-1 until end of turn."
def _gate_upkeep(g: Game, ctx: Ctx) -> Gen:
    gate = ctx.source
    if gate is None or gate.zone != "battlefield":
        return
    if gate.counters.get("time", 0) > 0:
        add_counters(g, gate, "time", -1)
    if gate.counters.get("time", 0) <= 0:
        g.log("Tourach's Gate has no time counters left: it is buried.")
        g.destroy(gate, bury=True)
        yield from g.settle()


def _gate_charge(g: Game, ctx: Ctx) -> Gen:
    if ctx.source.zone == "battlefield":
        add_counters(g, ctx.source, "time", 3)
    return
    yield


def _gate_attack(g: Game, ctx: Ctx) -> Gen:
    land = g.enchanted(ctx.source)
    if land is None or land.tapped:
        return
    land.tapped = True
    yield from g.note_taps()
    if g.combat is not None:
        for o in g.combat.attackers():
            c = g.find(o)
            if c is not None and g.controller(c) == ctx.controller:
                g.effects.append(Effect(g.stamp(), c.oid, pump_mod(2, -1), "eot"))
        g.log(f"{ctx.me.name}'s attacking creatures get +2/-1 until end of turn (Tourach's Gate).")
    yield from g.settle()


_gate_up, _gate_end = during_upkeep("Remove a time counter from Tourach's Gate", _gate_upkeep)
define("Tourach's Gate",
       enchant=permanent_target("target land you control", lambda g, ctx, c: "land" in g.chars(c).types
                                and g.controller(c) == ctx.controller),
       hooks=Hooks(end_of_upkeep=_gate_end), abilities=(
           _gate_up,
           Ability("Sacrifice a Thrull: Put three time counters on Tourach's Gate", Cost(sacrifice="thrull"),
                   _gate_charge),
           Ability("{0}: Tap the land Tourach's Gate enchants: all attacking creatures you control get +2/-1 until "
                   "end of turn", Cost(), _gate_attack,
                   condition=lambda g, c: (land := g.enchanted(c)) is not None and not land.tapped)))


# Vodalian War Machine: "{0}: Tap target Merfolk you control to allow Vodalian
# War Machine to attack this turn or to give Vodalian War Machine +2/+1 until
# end of turn" (two abilities, one for each use). "If Vodalian War Machine is
# put in the graveyard, all Merfolk tapped in this manner this turn are
# destroyed": each use sets up a trigger for the rest of the turn.
def _war_machine(modify: Callable[[Game, Card, Chars], None], said: str) -> EffectFn:
    def fn(g: Game, ctx: Ctx) -> Gen:
        machine = ctx.source
        for t in each_target(ctx):
            if not isinstance(t, Card) or t.zone != "battlefield" or t.tapped:
                continue
            t.tapped = True
            yield from g.note_taps()
            if machine.zone == "battlefield":
                g.effects.append(Effect(g.stamp(), machine.oid, modify, "eot"))
                g.log(f"{machine.name} {said}.")

            def destroy(g2: Game, c2: Ctx, oid: int = t.oid) -> Gen:
                merfolk = g2.find(oid)
                if merfolk is not None:
                    g2.destroy(merfolk)
                    yield from g2.settle()
            g.delayed.append(Delayed(Event.TO_GRAVEYARD, destroy, ctx.controller, "Vodalian War Machine",
                                     turn=g.turn, condition=lambda g2, d, data, m=machine.oid: data["old"].oid == m))
    return fn


_MY_MERFOLK = creature_where("target untapped Merfolk you control",
                             lambda g, ctx, c: g.controller(c) == ctx.controller and not c.tapped
                             and "merfolk" in g.chars(c).subtypes)
define("Vodalian War Machine", abilities=(
    Ability("{0}: Tap target Merfolk you control: Vodalian War Machine can attack this turn", Cost(),
            _war_machine(flag_mod("wall can attack"), "can attack this turn"), targets=(_MY_MERFOLK,)),
    Ability("{0}: Tap target Merfolk you control: Vodalian War Machine gets +2/+1 until end of turn", Cost(),
            _war_machine(pump_mod(2, 1), "gets +2/+1 until end of turn"), targets=(_MY_MERFOLK,))))


# Raiding Party: "may not be the target of white spells or effects. {0}:
# Sacrifice an Orc to destroy all plains. A player may tap a white creature to
# prevent up to two plains from being destroyed. Any number of creatures may
# be tapped in this manner." As it resolves each player, the opponent of its
# controller first, may tap untapped white creatures they control one at a
# time, each saving up to two plains (any player's) they choose; then the
# plains not saved are destroyed.
def _raiding_party(g: Game, ctx: Ctx) -> Gen:
    white = COLOR_LETTERS[g.word(ctx.source, "white")]
    word = g.word(ctx.source, "plains")
    saved: set[int] = set()
    for p in (1 - ctx.controller, ctx.controller):
        while True:
            plains = [c for c in g.battlefield if word in g.chars(c).subtypes and c.oid not in saved]
            tappers = [c for c in g.creatures(p) if not c.tapped and white in g.chars(c).colors]
            if not plains or not tappers:
                break
            ch = [f"choose {ref(g, c)}" for c in tappers] + ["choose done"]
            ans = yield from g.ask(p, DecisionKind.CHOOSE, "Raiding Party: tap a white creature to save up to two "
                                   "plains?", ch, decline="choose done", about="Raiding Party")
            if ans == "choose done":
                break
            tapper = tappers[ch.index(ans)]
            tapper.tapped = True
            g.log(f"{tapper.name} is tapped to save plains from Raiding Party.")
            yield from g.note_taps()
            for i in range(2):
                plains = [c for c in g.battlefield if word in g.chars(c).subtypes and c.oid not in saved]
                if not plains:
                    break
                pch = [f"choose {ref(g, c)}" for c in plains] + (["choose done"] if i else [])
                ans = yield from g.ask(p, DecisionKind.CHOOSE, f"Raiding Party: save which plains ({i + 1} of 2)?",
                                       pch, decline="choose done" if i else None, about="Raiding Party")
                if ans == "choose done":
                    break
                saved.add(plains[pch.index(ans)].oid)
    for c in [c for c in g.battlefield if word in g.chars(c).subtypes and c.oid not in saved]:
        g.destroy(c)
    g.log("Raiding Party destroys all plains not saved.")
    yield from g.settle()


define("Raiding Party",
       hooks=Hooks(can_be_targeted=lambda g, card, spell: COLOR_LETTERS[g.word(card, "white")] not in spell.colors),
       abilities=(Ability("{0}: Sacrifice an Orc to destroy all plains; each white creature tapped saves up to two",
                          Cost(sacrifice="orc"), _raiding_party),))


# Tidal Flats: "{U}{U}: All your creatures that are blocking any non-flying
# creatures gain first strike until end of turn. The attacking player may pay
# {1} for each attacking creature to prevent Tidal Flats from giving that
# creature's blockers first strike." As it resolves, the attacking player is
# asked for each non-flying attacker blocked by its controller's creatures;
# a band's blockers block every member, so they gain first strike unless
# every non-flying member of the band was paid for.
def _tidal_flats(g: Game, ctx: Ctx) -> Gen:
    cb = g.combat
    if cb is None or cb.defender != ctx.controller:
        return
    attacker = g.active
    for band_i, blockers in list(cb.blocks.items()):
        mine = [b for o in blockers if (b := g.find(o)) is not None and g.controller(b) == ctx.controller]
        members = [m for o in cb.bands[band_i] if (m := g.find(o)) is not None
                   and "flying" not in g.chars(m).keywords]
        if not mine or not members:
            continue
        unpaid = False
        for m in members:
            paid = yield from pay_to_use(g, attacker, "{1}", f"Tidal Flats: pay {{1}} so that {m.name}'s blockers do "
                                         "not gain first strike?", "Tidal Flats")
            unpaid = unpaid or not paid
        if unpaid:
            for b in mine:
                g.effects.append(Effect(g.stamp(), b.oid, keyword_mod("first strike"), "eot"))
                g.log(f"{b.name} gains first strike until end of turn (Tidal Flats).")
    yield from g.settle()


define("Tidal Flats", abilities=(Ability(
    "{U}{U}: All your creatures that are blocking any non-flying creatures gain first strike until end of turn; "
    "the attacking player may pay {1} for each attacking creature to prevent it for that creature's blockers",
    Cost(_mana("{U}{U}")), _tidal_flats),))


# Goblin Flotilla: islandwalk; "At the beginning of the attack, pay {R} or any
# creatures blocking or blocked by Goblin Flotilla gain first strike until end
# of turn." Asked of its controller once in each attack, as the attackers are
# announced (the first moment of an attack the core signals), whichever side
# it is on; unpaid, the creatures blocking it or blocked by it gain first
# strike once blockers are declared.
def _flotilla_asks(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    if src.flags.get("flotilla_asked") == g.turn:
        return
    src.flags["flotilla_asked"] = g.turn
    paid = yield from pay_to_use(g, ctx.controller, "{R}", "Goblin Flotilla: pay {R}? (if not, the creatures "
                                 "blocking it or blocked by it gain first strike)", "Goblin Flotilla")
    if not paid:
        src.flags["flotilla_unpaid"] = g.turn
        g.log("Goblin Flotilla's upkeep of the attack is not paid.")


def _flotilla_blocks(g: Game, ctx: Ctx) -> Gen:
    src, cb = ctx.source, ctx.data["combat"]
    if src.flags.get("flotilla_unpaid") != g.turn:
        return
    band = cb.band_of(src.oid)
    facing = list(cb.blocks.get(band, [])) if band is not None else []
    held = cb.blocking(src.oid)
    if held is not None:
        facing += cb.bands[held]
    for o in facing:
        c = g.find(o)
        if c is not None:
            g.effects.append(Effect(g.stamp(), c.oid, keyword_mod("first strike"), "eot"))
            g.log(f"{c.name} gains first strike until end of turn (Goblin Flotilla).")
    return
    yield


define("Goblin Flotilla", triggers=(Trigger(Event.ATTACKS, _flotilla_asks),
                                    Trigger(Event.BLOCKERS_DECLARED, _flotilla_blocks)))
