"""Fallen Empires (FEM), the rest of the set: the ruins and storage lands,
High Tide, the mana creatures that burn out, and the other cards
:mod:`engine.cards.fallen_empires` does not hold. Each card does what its
printed text says (``engine/data/cards.json``: the Fifth Edition printing for
the cards reprinted there, else the Fallen Empires one).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..carddb import define
from ..ctx import Ctx
from ..decisions import DecisionKind
from ..combat import ONE_BLOCKER_NOT_ENOUGH
from ..effects import (CREATURE, CREATURE_OR_PLAYER, OPPONENT, add_counters, coin_flip_won, creature_where, damage,
                       during_upkeep, each_target, flag_mod, pump_mod, static_for, upkeep_of)
from ..hooks import Hooks
from ..mana import COLOR_LETTERS, ManaCost
from ..model import Ability, Cost, Delayed, Event, Gen, ManaAbility, SpellSpec, Trigger
from ..objects import Card, Chars, Effect

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game


def _mana(s: str) -> ManaCost:
    return ManaCost.parse(s)


def _enters_tapped(g: Game, ctx: Ctx) -> Gen:
    """"X comes into play tapped" (the ruins and storage lands)."""
    ctx.source.tapped = True
    g.log(f"{ctx.source.name} comes into play tapped.")
    return
    yield


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
    define(_name, on_enter=_enters_tapped, hooks=Hooks(mana_choice=_ruins_mana), mana_abilities=(ManaAbility(_sym),))


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
    define(_name, on_enter=_enters_tapped, hooks=_STORAGE_HOOKS, mana_abilities=(ManaAbility(_sym),))


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
                                               flag_mod(ONE_BLOCKER_NOT_ENOUGH)),))

# Goblin Grenade: "Sacrifice a Goblin to have Goblin Grenade deal 5 damage to
# one target": the sacrifice is an additional cost, paid as it is cast (a
# Goblin or Goblins), so it cannot be cast without one.
define("Goblin Grenade", spell=SpellSpec(damage(5), targets=(CREATURE_OR_PLAYER,), cost=Cost(sacrifice="goblin")))


# ------------------------------------------------------------------ black

# Ebon Praetor: a -2/-2 counter in each of its controller's upkeeps; "You
# may sacrifice a creature during your upkeep to remove a -2/-2 counter ...
# If the creature sacrificed was a Thrull, also put a +1/+0 counter on Ebon
# Praetor. Only one creature may be sacrificed in this manner each turn."
def _praetor_counter(g: Game, ctx: Ctx) -> Gen:
    if ctx.source is not None and ctx.source.zone == "battlefield":
        add_counters(g, ctx.source, "-2/-2", 1)
    return
    yield


def _praetor_feeds(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    if src.zone != "battlefield":
        return
    add_counters(g, src, "-2/-2", -1)
    if "thrull" in ctx.chosen("sacrificed_subtypes", frozenset()) or "thrulls" in ctx.chosen("sacrificed_subtypes",
                                                                                             frozenset()):
        add_counters(g, src, "+1/+0", 1)
    yield from g.settle()


_pr_ab, _pr_end = during_upkeep("Put a -2/-2 counter on Ebon Praetor", _praetor_counter)
define("Ebon Praetor", keywords=("trample", "first strike"), hooks=Hooks(end_of_upkeep=_pr_end), abilities=(
    _pr_ab, Ability("Sacrifice a creature: Remove a -2/-2 counter from Ebon Praetor; if it was a Thrull, put a "
                    "+1/+0 counter on Ebon Praetor. Use this ability only during your upkeep, once each turn",
                    Cost(sacrifice="creature"), _praetor_feeds, condition=upkeep_of(), once_per_turn=True)))
