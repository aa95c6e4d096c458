"""Ice Age (ICE) artifacts: each card as its printed text says (``engine/data/cards.json``:
the Fifth Edition printing for the cards reprinted there, else the Ice Age one).

"Counts as a wall" (Wall of Shields, Snow Fortress, Walking Wall) is the
creature type Wall: what refers to walls finds them, and they cannot attack.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ..carddb import define
from ..ctx import Ctx
from ..decisions import DecisionKind
from ..effects import (ante_only, ante_top_card, untap_targets, CREATURE, CREATURE_OR_PLAYER, OPPONENT, PERMANENT, PLAYER, add_counters, coin_flip_won,
                       comes_into_play_tapped, counter_on_source, creature_where, cumulative_upkeep, damage,
                       destroy_targets, during_upkeep, each_target, flag_mod, gain_life, grant,
                       must_attack_this_turn, on_source, pay_to_use, permanent_target, set_aside_playable, prevent_to_target, pump, pump_mod, self_only, snow_covered_lands,
                       static_for, until_eot, upkeep_of)
from ..hooks import Hooks
from ..mana import COLOR_LETTERS, MANA_SYMBOLS, ManaCost
from ..model import (Ability, Cost, Delayed, EffectFn, Event, Gen, Kind, ManaAbility, Static, TargetSpec, Trigger, kinds,
                     spend_use)
from ..objects import Card, Chars, Effect, Player, Spell
from ..refs import ref
from .legends_white_blue import _realm as _prevent_from_one_source  # all damage to you from one source
from .legends_white_blue import names_and_turns_over
from .green import _fog as _no_combat_damage  # "all creatures deal no damage in combat this turn"

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game


def _mana(s: str) -> ManaCost:
    return ManaCost.parse(s)


def _tap(mana: str, **more: object) -> Cost:
    """``{N},{T}``: a mana cost and tapping the artifact."""
    return Cost(_mana(mana), tap=True, **more)  # type: ignore[arg-type]


# ------------------------------------------------------------------ pumps and keywords

define("Adarkar Sentinel", abilities=(Ability("{1}: +0/+1 until end of turn", Cost(_mana("{1}")),
                                              on_source(pump(0, 1))),))

_ONE_ONE = creature_where("target 1/1 creature", lambda g, ctx, c: (g.chars(c).power, g.chars(c).toughness) == (1, 1))
define("Aegis of the Meek", abilities=(Ability("{1}, {T}: Target 1/1 creature gets +1/+2 until end of turn",
                                               _tap("{1}"), pump(1, 2), targets=(_ONE_ONE,)),))

define("Baton of Morale", abilities=(Ability("{2}: Target creature gains banding until end of turn",
                                             Cost(_mana("{2}")), grant("banding"), targets=(CREATURE,)),))
define("Fyndhorn Bow", abilities=(Ability("{3}, {T}: Target creature gains first strike until end of turn",
                                          _tap("{3}"), grant("first strike"), targets=(CREATURE,)),))
define("War Chariot", abilities=(Ability("{3}, {T}: Target creature gains trample until end of turn",
                                         _tap("{3}"), grant("trample"), targets=(CREATURE,)),))

# Whalebone Glider: the power is checked as a target (as it is chosen and as
# the ability resolves); a later pump does not take the flying away.
_POWER_3 = creature_where("target creature with power no greater than 3", lambda g, ctx, c: (g.chars(c).power or 0) <= 3)
define("Whalebone Glider", abilities=(Ability(
    "{2}, {T}: Target creature with power no greater than 3 gains flying until end of turn", _tap("{2}"),
    grant("flying"), targets=(_POWER_3,)),))

_sc_ab, _sc_end = cumulative_upkeep(mana="{1}")
define("Soldevi Simulacrum", hooks=Hooks(end_of_upkeep=_sc_end), abilities=(
    _sc_ab, Ability("{1}: +1/+0 until end of turn", Cost(_mana("{1}")), on_source(pump(1, 0)))))


# ------------------------------------------------------------------ walls

define("Wall of Shields", keywords=("banding",), subtypes=("wall",))

# Snow Fortress: "{3}: 1 damage to target creature without flying that is attacking you".
_ATTACKING_ME_NO_FLYING = creature_where(
    "target creature without flying that is attacking you",
    lambda g, ctx, c: g.combat is not None and g.combat.band_of(c.oid) is not None
    and g.combat.defender == ctx.controller and "flying" not in g.chars(c).keywords)
define("Snow Fortress", subtypes=("wall",), abilities=(
    Ability("{1}: +1/+0 until end of turn", Cost(_mana("{1}")), on_source(pump(1, 0))),
    Ability("{1}: +0/+1 until end of turn", Cost(_mana("{1}")), on_source(pump(0, 1))),
    Ability("{3}: Snow Fortress deals 1 damage to target creature without flying that is attacking you",
            Cost(_mana("{3}")), damage(1), targets=(_ATTACKING_ME_NO_FLYING,))))


# Walking Wall: "{3}: +3/-1 until end of turn and can attack this turn ...
# Use this ability only once a turn"; it cannot attack the turn it came under
# its controller's control (summoning sickness, as any creature).
def _walking_wall_mod(g: Game, card: Card, c: Chars) -> None:
    pump_mod(3, -1)(g, card, c)
    c.flags.add("wall can attack")


def _walking_wall(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    if src.zone != "battlefield":
        return
    g.effects.append(Effect(g.stamp(), src.oid, _walking_wall_mod, "eot"))
    g.log(f"{src.name} gets +3/-1 and can attack this turn.")
    yield from g.settle()


define("Walking Wall", subtypes=("wall",), abilities=(Ability(
    "{3}: Walking Wall gets +3/-1 until end of turn and can attack this turn. Use this ability only once a turn",
    Cost(_mana("{3}")), _walking_wall, once_per_turn=True),))


# ------------------------------------------------------------------ sacrifices

define("Skull Catapult", abilities=(Ability(
    "{1}, {T}, Sacrifice a creature: Skull Catapult deals 2 damage to target creature or player",
    _tap("{1}", sacrifice="creature"), damage(2), targets=(CREATURE_OR_PLAYER,)),))

define("Zuran Orb", abilities=(Ability("{0}: Sacrifice a land to gain 2 life", Cost(sacrifice="land"),
                                       gain_life(2)),))

_MINE_OWNED = permanent_target("target permanent you own", lambda g, ctx, c: c.owner == ctx.controller)
define("Despotic Scepter", abilities=(Ability("{T}: Bury target permanent you own", Cost(tap=True),
                                              destroy_targets(bury=True), targets=(_MINE_OWNED,)),))

define("Pit Trap", abilities=(Ability(
    "{2}, {T}: Sacrifice Pit Trap to bury target creature without flying that is attacking you",
    _tap("{2}", sacrifice_self=True), destroy_targets(bury=True), targets=(_ATTACKING_ME_NO_FLYING,)),))


# Celestial Sword: "+3/+3 until end of turn. At end of turn, bury that creature."
def _celestial_sword(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        if not isinstance(t, Card) or t.zone != "battlefield":
            continue
        g.effects.append(Effect(g.stamp(), t.oid, pump_mod(3, 3), "eot"))
        g.log(f"{t.name} gets +3/+3 until end of turn; it will be buried at end of turn.")

        def bury(g2: Game, c2: Ctx, oid: int = t.oid) -> Gen:
            card = g2.find(oid)
            if card is not None:
                g2.destroy(card, bury=True)
                yield from g2.settle()
        g.delayed.append(Delayed(Event.END_OF_TURN, bury, ctx.controller, "Celestial Sword", turn=g.turn))
    yield from g.settle()


_MY_CREATURE = creature_where("target creature you control", lambda g, ctx, c: g.controller(c) == ctx.controller)
define("Celestial Sword", abilities=(Ability(
    "{3}, {T}: Target creature you control gets +3/+3 until end of turn. At end of turn, bury that creature",
    _tap("{3}"), _celestial_sword, targets=(_MY_CREATURE,)),))


# ------------------------------------------------------------------ counters

# Time Bomb: a time counter in each of its controller's upkeeps; "{1}, {T},
# Sacrifice: damage equal to the time counters to each creature and player"
# (the counters it had as it was sacrificed).
def _time_bomb(g: Game, ctx: Ctx) -> Gen:
    n = ctx.source.counters.get("time", 0)
    if n:
        for c in g.creatures(None):
            g.deal_damage(ctx.source, c, n)
        for p in (g.active, 1 - g.active):
            g.deal_damage(ctx.source, g.players[p], n)
    yield from g.settle()


_tb_ab, _tb_end = during_upkeep("Put a time counter on Time Bomb", counter_on_source("time"))
define("Time Bomb", hooks=Hooks(end_of_upkeep=_tb_end), abilities=(
    _tb_ab, Ability("{1}, {T}, Sacrifice Time Bomb: Time Bomb deals damage equal to the number of time counters "
                    "on it to each creature and each player", _tap("{1}", sacrifice_self=True), _time_bomb)))


# Infinite Hourglass: a time counter in each of its controller's upkeeps;
# all creatures get +X/+0 (X: its time counters); any player may pay {3}
# during any upkeep to remove one.
def _hourglass_pt(g: Game, src: Card, card: Card, c: Chars) -> None:
    if c.power is not None:
        c.power += src.counters.get("time", 0)


def _remove_time(g: Game, ctx: Ctx) -> Gen:
    if ctx.source.zone == "battlefield":
        add_counters(g, ctx.source, "time", -1)
    return
    yield


_ih_ab, _ih_end = during_upkeep("Put a time counter on Infinite Hourglass", counter_on_source("time"))
define("Infinite Hourglass", hooks=Hooks(end_of_upkeep=_ih_end),
       statics=(Static(applies=lambda g, src, card, c: "creature" in c.types, modify=_hourglass_pt,
                       active=lambda g, src: True),),
       abilities=(_ih_ab, Ability("{3}: Remove a time counter from Infinite Hourglass. Any player may use this "
                                  "ability, only during an upkeep", Cost(_mana("{3}")), _remove_time, who="any",
                                  condition=lambda g, c: g.phase == "upkeep" and g.step == "upkeep"
                                  and c.counters.get("time", 0) > 0)))


# ------------------------------------------------------------------ combat

define("Staff of the Ages", hooks=Hooks(ignores_landwalk=lambda g, src, keyword: True))


# Vibrating Sphere: "During your turn, all creatures you control get +2/+0.
# During all other turns, all creatures you control get -0/-2."
def _sphere(g: Game, src: Card, card: Card, c: Chars) -> None:
    if c.power is None or c.toughness is None:
        return
    if g.active == g.controller(src):
        c.power += 2
    else:
        c.toughness -= 2


define("Vibrating Sphere", statics=(Static(
    applies=lambda g, src, card, c: "creature" in c.types and c.controller == g.controller(src), modify=_sphere),))

# Sunstone: "{2}: Sacrifice a snow-covered land to have all creatures deal no
# damage in combat this turn" (Fog's effect).
define("Sunstone", abilities=(Ability(
    "{2}: Sacrifice a snow-covered land to have all creatures deal no damage in combat this turn",
    Cost(_mana("{2}"), sacrifice="snow"), _no_combat_damage),))


# Arcum's Sleigh: "{2},{T}: Attacking this turn does not cause target creature
# to tap. You cannot use this ability if defending player controls no
# snow-covered lands" (the defending player: the opponent of the player whose
# turn it is, or of its controller before any attack).
def _sleigh_usable(g: Game, card: Card) -> bool:
    defender = g.combat.defender if g.combat is not None else 1 - g.active
    return bool(snow_covered_lands(g, defender))


define("Arcum's Sleigh", abilities=(Ability(
    "{2}, {T}: Attacking this turn does not cause target creature to tap. Use this ability only if defending "
    "player controls any snow-covered lands", _tap("{2}"), grant("does not tap to attack"), targets=(CREATURE,),
    condition=_sleigh_usable),))


# ------------------------------------------------------------------ damage prevention

_DAMAGING_ME = TargetSpec("source damaging you", kinds(Kind.SOURCE))


define("Pentagram of the Ages", abilities=(Ability(
    "{4}, {T}: Prevent all damage to you from one source", _tap("{4}"), _prevent_from_one_source, targets=(_DAMAGING_ME,),
    prevention=True),))

_ME_DAMAGED = TargetSpec("you, being damaged", kinds(Kind.PLAYER), lambda g, ctx, o: o.idx == ctx.controller,
                         damaged=True)
define("Shield of the Ages", abilities=(Ability("{2}: Prevent 1 damage to you", Cost(_mana("{2}")),
                                                prevent_to_target(1), targets=(_ME_DAMAGED,), prevention=True),))


# ------------------------------------------------------------------ coins and cards

# Goblin Lyre: "{0}: Sacrifice Goblin Lyre. Flip a coin; target opponent
# calls ... in your favor, * damage to that opponent (* = creatures you
# control); otherwise * damage to you (* = creatures the opponent controls)",
# counted as the flip ends.
def _lyre(g: Game, ctx: Ctx) -> Gen:
    opp = ctx.target if isinstance(ctx.target, Player) else ctx.opponent
    won = yield from coin_flip_won(g, opp, "Goblin Lyre")
    if won:
        g.deal_damage(ctx.source, opp, len(g.creatures(ctx.controller)))
    else:
        g.deal_damage(ctx.source, ctx.me, len(g.creatures(opp.idx)))
    yield from g.settle()


define("Goblin Lyre", abilities=(Ability(
    "{0}: Sacrifice Goblin Lyre. Flip a coin; target opponent calls it. Goblin Lyre deals damage to that opponent "
    "equal to the creatures you control, or to you equal to the creatures they control",
    Cost(sacrifice_self=True), _lyre, targets=(OPPONENT,)),))


def _draw_next_turn(g: Game, p: int, name: str) -> None:
    """"Draw a card at the beginning of the next turn" (Urza's Bauble, Barbed
    Sextant): at the beginning of the next upkeep, whoever's turn it is."""
    def draw(g2: Game, c2: Ctx) -> Gen:
        yield from g2.draw(p, 1)
    g.delayed.append(Delayed(Event.BEGIN_UPKEEP, draw, p, name, turn=g.turn + 1))
    g.log(f"{g.players[p].name} will draw a card at the beginning of the next turn ({name}).")


# Urza's Bauble: a card chosen at random from the target player's hand is
# shown to its controller only.
def _bauble(g: Game, ctx: Ctx) -> Gen:
    for p in each_target(ctx):
        if p.hand:
            seen = g.rng.choice(list(p.hand))
            g.secrets.append((ctx.controller, f"A card at random from {p.name}'s hand: {seen.name}."))
            g.log(f"{ctx.me.name} looks at a card at random from {p.name}'s hand (Urza's Bauble).")
    _draw_next_turn(g, ctx.controller, "Urza's Bauble")
    return
    yield


define("Urza's Bauble", abilities=(Ability(
    "{T}, Sacrifice Urza's Bauble: Look at a card at random from target player's hand. Draw a card at the "
    "beginning of the next turn", Cost(tap=True, sacrifice_self=True), _bauble, targets=(PLAYER,)),))


# Barbed Sextant: a mana source of any color ({1}, {T}, sacrifice); the card
# drawn at the beginning of the next turn is set up as its mana is drawn.
def _sextant(g: Game, card: Card, p: int, amount: int) -> Gen:
    _draw_next_turn(g, p, "Barbed Sextant")
    return amount
    yield


define("Barbed Sextant", hooks=Hooks(mana_choice=_sextant), mana_abilities=(
    ManaAbility("WUBRG", cost=Cost(_mana("{1}"), tap=True, sacrifice_self=True)),))


# Jester's Cap: its controller looks through the target player's library
# and removes any three of its cards from the game (one at a time; fewer if
# the library holds fewer), then that library is shuffled.
def _jesters_cap(g: Game, ctx: Ctx) -> Gen:
    for p in each_target(ctx):
        g.secrets.append((ctx.controller, f"{p.name}'s library: {', '.join(sorted(c.name for c in p.library))}."))
        for i in range(min(3, len(p.library))):
            names = sorted({c.name for c in p.library})
            ans = yield from g.ask(ctx.controller, DecisionKind.CHOOSE, f"Jester's Cap: remove a card of "
                                   f"{p.name}'s library from the game ({i + 1} of 3)",
                                   [f"choose {n}" for n in names], about="Jester's Cap")
            card = next(c for c in p.library if c.name == ans[len("choose "):])
            g.move(card, "removed")
            g.log(f"{card.name} is removed from the game from {p.name}'s library (Jester's Cap).")
        g.shuffle(p.idx)
        g.log(f"{p.name}'s library is shuffled.")


define("Jester's Cap", abilities=(Ability(
    "{2}, {T}, Sacrifice Jester's Cap: Look through target player's library and remove any three of those cards "
    "from the game. Shuffle that library afterwards", _tap("{2}", sacrifice_self=True), _jesters_cap,
    targets=(PLAYER,)),))


# ------------------------------------------------------------------ the Talismans

# "{3}: Untap target permanent. Use this ability only when a red spell is
# successfully cast and only once for each red spell cast." A spell of the
# color successfully cast (either player's) opens the window while it waits
# to resolve; each use, as it is announced, spends one such spell.
def _talisman(name: str, word: str) -> None:
    def heard(g: Game, ctx: Ctx) -> Gen:
        ctx.source.flags.setdefault("talisman_spells", []).append(ctx.data["spell"].sid)
        return
        yield

    def cast_of_color(g: Game, src: Card, d: dict[str, object]) -> bool:
        s = d["spell"]
        return isinstance(s, Spell) and s.card is not None and COLOR_LETTERS[g.word(src, word)] in s.colors

    def waiting(g: Game, card: Card) -> list[int]:
        ready = card.flags.get("talisman_spells", [])
        return [s.sid for s in g.batch + g.spells if s.sid in ready]

    def spend(g: Game, src: Card, spell: Spell) -> Gen:
        if spell.source is src:
            sids = waiting(g, src)
            if sids:
                src.flags["talisman_spells"] = [s for s in src.flags["talisman_spells"] if s != sids[0]]
        return
        yield

    define(name, triggers=(Trigger(Event.SPELL_CAST, heard, cast_of_color),), hooks=Hooks(on_activate=spend),
           abilities=(Ability(f"{{3}}: Untap target permanent. Use this ability only when a {word} spell is "
                              f"successfully cast and only once for each {word} spell cast", Cost(_mana("{3}")),
                              untap_targets, targets=(PERMANENT,),
                              condition=lambda g, c: bool(waiting(g, c))),))




for _name, _word in (("Hematite Talisman", "red"), ("Lapis Lazuli Talisman", "blue"),
                     ("Malachite Talisman", "green"), ("Nacre Talisman", "white"), ("Onyx Talisman", "black")):
    _talisman(_name, _word)


# ------------------------------------------------------------------ lands

# Naked Singularity: cumulative upkeep {3}; "Instead of their normal mana,
# plains produce {R}, islands produce {G}, swamps produce {W}, mountains
# produce {U}, and forests produce {B}" (the flags the core's basic land
# abilities read; a land of two types makes either of the new colors).
_SINGULARITY = {"plains": "R", "island": "G", "swamp": "W", "mountain": "U", "forest": "B"}


def _singularity(g: Game, src: Card, card: Card, c: Chars) -> None:
    for sub, sym in _SINGULARITY.items():
        if sub in c.subtypes:
            c.flags.add(f"{sub} produces {sym}")


_ns_ab, _ns_end = cumulative_upkeep(mana="{3}")
define("Naked Singularity", hooks=Hooks(end_of_upkeep=_ns_end), abilities=(_ns_ab,), statics=(
    Static(applies=lambda g, src, card, c: "land" in c.types, modify=_singularity, active=lambda g, src: True),))


# ------------------------------------------------------------------ creatures

# Soldevi Golem: does not untap in its controller's untap phase; "{0}: Untap
# target creature opponent controls to untap Soldevi Golem at the end of your
# upkeep. Use this ability only during your upkeep."
def _golem(g: Game, ctx: Ctx) -> Gen:
    golem = ctx.source.oid
    for t in each_target(ctx):
        if isinstance(t, Card) and t.zone == "battlefield" and t.tapped:
            t.tapped = False
            g.log(f"{t.name} is untapped.")

    def untap_golem(g2: Game, c2: Ctx) -> Gen:
        card = g2.find(golem)
        if card is not None and card.tapped:
            card.tapped = False
            g2.log(f"{card.name} untaps.")
        return
        yield
    g.delayed.append(Delayed(Event.END_UPKEEP, untap_golem, ctx.controller, "Soldevi Golem", turn=g.turn))
    return
    yield


_OPPONENTS_CREATURE = creature_where("target creature an opponent controls",
                                     lambda g, ctx, c: g.controller(c) != ctx.controller)
define("Soldevi Golem", statics=(static_for(self_only, flag_mod("doesn't untap")),), abilities=(Ability(
    "{0}: Untap target creature an opponent controls to untap Soldevi Golem at the end of your upkeep. Use this "
    "ability only during your upkeep", Cost(), _golem, targets=(_OPPONENTS_CREATURE,), condition=upkeep_of(),
    once_per_phase=True),))


# Crown of the Ages: "{4}, {T}: Move target enchantment from one creature to
# another. The enchantment's new target must be legal": the target is an
# enchantment on a creature; as the ability resolves its controller chooses
# another creature the enchantment could legally enchant (none: nothing happens).
def _on_a_creature(g: Game, ctx: Ctx, c: Card) -> bool:
    host = g.enchanted(c)
    return "enchantment" in g.chars(c).types and host is not None and "creature" in g.chars(host).types


def _crown(g: Game, ctx: Ctx) -> Gen:
    for aura in each_target(ctx):
        if not isinstance(aura, Card) or aura.zone != "battlefield":
            continue
        host = g.enchanted(aura)
        able = [c for c in g.creatures(None) if c is not host and g.aura_legal(aura, c)]
        if not able:
            g.log(f"{aura.name} cannot be moved: no other creature may be enchanted by it.")
            continue
        ch = [f"choose {ref(g, c)}" for c in able]
        ans = yield from g.ask(ctx.controller, DecisionKind.CHOOSE, f"Crown of the Ages: move {aura.name} to "
                               "which creature?", ch, about="Crown of the Ages")
        new = able[ch.index(ans)]
        aura.attached_to = new.oid
        g.log(f"{aura.name} is moved onto {new.name}.")
    yield from g.settle()


define("Crown of the Ages", abilities=(Ability(
    "{4}, {T}: Move target enchantment from one creature to another. The enchantment's new target must be legal",
    _tap("{4}"), _crown, targets=(permanent_target("target enchantment on a creature", _on_a_creature),)),))


# Arcum's Weathervane: a snow-covered land becomes a non-snow-covered land of
# the same type, or a non-snow-covered basic land becomes snow-covered (for
# good; "mark the changed land with a counter": a weathervane counter).
def _snow_mod(snow: bool) -> Callable[[Game, Card, Chars], None]:
    def m(g: Game, card: Card, c: Chars) -> None:
        if snow:
            c.supertypes.add("snow")
        else:
            c.supertypes.discard("snow")
    return m


def _weathervane(snow: bool) -> EffectFn:
    def fn(g: Game, ctx: Ctx) -> Gen:
        for t in each_target(ctx):
            if isinstance(t, Card) and t.zone == "battlefield":
                g.effects.append(Effect(g.stamp(), t.oid, _snow_mod(snow), "forever", layer=1))
                add_counters(g, t, "weathervane", 1)
                g.log(f"{t.name} becomes {'a snow-covered' if snow else 'a non-snow-covered'} land.")
        return
        yield
    return fn


_SNOW_LAND = permanent_target("target snow-covered land",
                              lambda g, ctx, c: "land" in (ch := g.chars(c)).types and "snow" in ch.supertypes)
_BASIC_NOT_SNOW = permanent_target("target non-snow-covered basic land",
                                   lambda g, ctx, c: "land" in (ch := g.chars(c)).types and "basic" in ch.supertypes
                                   and "snow" not in ch.supertypes)
define("Arcum's Weathervane", abilities=(
    Ability("{2}, {T}: Target snow-covered land becomes a non-snow-covered land of the same type", _tap("{2}"),
            _weathervane(False), targets=(_SNOW_LAND,)),
    Ability("{2}, {T}: Target non-snow-covered basic land becomes a snow-covered land of the same type",
            _tap("{2}"), _weathervane(True), targets=(_BASIC_NOT_SNOW,))))


# Vexing Arcanix: Petra Sphinx's naming (among the names of the cards the
# player owns), and 2 damage to that player when the card turned over was
# not the one named.
def _arcanix(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        named = yield from names_and_turns_over(g, t.idx, "Vexing Arcanix")
        if named is False:
            g.deal_damage(ctx.source, t, 2)
    yield from g.settle()


define("Vexing Arcanix", abilities=(Ability(
    "{3}, {T}: Target player names a card and turns over the top card of their library: to their hand if named; "
    "otherwise to their graveyard, and Vexing Arcanix deals 2 damage to that player", _tap("{3}"), _arcanix,
    targets=(PLAYER,)),))


# Jester's Mask: comes into play tapped. "{1},{T}: Sacrifice Jester's Mask to
# look through target opponent's hand and library. Give that player a new
# hand of as many cards as he or she had before. Reshuffle the remaining
# cards afterwards": its controller chooses the new hand, one card at a time,
# among the cards of that hand and library.
def _jesters_mask(g: Game, ctx: Ctx) -> Gen:
    for p in each_target(ctx):
        n = len(p.hand)
        for c in list(p.hand):
            g.move(c, "library")
        g.secrets.append((ctx.controller, f"{p.name}'s hand and library: "
                          f"{', '.join(sorted(c.name for c in p.library))}."))
        for i in range(n):
            names = sorted({c.name for c in p.library})
            if not names:
                break
            ans = yield from g.ask(ctx.controller, DecisionKind.CHOOSE, f"Jester's Mask: choose a card for "
                                   f"{p.name}'s new hand ({i + 1} of {n})", [f"choose {x}" for x in names],
                                   about="Jester's Mask")
            card = next(c for c in p.library if c.name == ans[len("choose "):])
            g.move(card, "hand")
        g.shuffle(p.idx)
        g.log(f"{ctx.me.name} gives {p.name} a new hand of {n} cards; {p.name}'s library is shuffled (Jester's Mask).")


define("Jester's Mask", on_enter=comes_into_play_tapped, abilities=(Ability(
    "{1}, {T}: Sacrifice Jester's Mask to look through target opponent's hand and library and give that player a "
    "new hand of as many cards as they had; reshuffle the rest", _tap("{1}", sacrifice_self=True), _jesters_mask,
    targets=(OPPONENT,)),))


# Jeweled Amulet: "{1},{T}: Put a charge counter on Jeweled Amulet. Note what
# type of mana was used to pay this activation cost. Use this ability only if
# there are no charge counters on Jeweled Amulet. {T}: Remove the charge
# counter to add one mana of the type last used ... Play this ability as an
# interrupt" (a mana source). The type noted is the mana that paid the {1}.
def _amulet_charge(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    paid = ctx.spell.paid if ctx.spell is not None else None
    kinds_paid = [s for s, n in (paid.amounts.items() if paid is not None else ()) if n > 0]
    if src.zone != "battlefield" or not kinds_paid:
        return
    src.flags["amulet_mana"] = kinds_paid[0]
    add_counters(g, src, "charge", 1)
    g.log(f"Jeweled Amulet notes {kinds_paid[0]} mana.")
    return
    yield


def _amulet_symbols(g: Game, card: Card, produces: str) -> str:
    sym = card.flags.get("amulet_mana", "")
    return sym if card.counters.get("charge", 0) > 0 and sym in produces else ""


define("Jeweled Amulet", hooks=Hooks(mana_symbols=_amulet_symbols),
       mana_abilities=(ManaAbility("WUBRGC", cost=Cost(tap=True, remove_counter="charge")),),
       abilities=(Ability("{1}, {T}: Put a charge counter on Jeweled Amulet, noting the type of mana paid. Use this "
                          "ability only if there are no charge counters on it", _tap("{1}"), _amulet_charge,
                          condition=lambda g, c: not c.counters.get("charge", 0)),))


# Runed Arch: comes into play tapped. "{X},{T}: Sacrifice Runed Arch. X target creatures with
# power no greater than 2 cannot be blocked this turn": exactly X targets (Ability.targets_x, as
# Volcanic Eruption's "X target mountains"); X may be 0 (the Arch is then sacrificed for nothing,
# as the text allows). The sacrifice is paid as the ability is used, with the {X} and the {T} (as
# every "{T}: Sacrifice this" artifact here: Barbed Sextant, Jester's Cap). The power is checked as
# a target (as chosen and as the ability resolves); "other effects may later be used to increase a
# creature's power beyond 2": a later pump keeps it unblockable.
_POWER_2 = creature_where("target creature with power no greater than 2", lambda g, ctx, c: (g.chars(c).power or 0) <= 2)
define("Runed Arch", on_enter=comes_into_play_tapped, abilities=(Ability(
    "{X}, {T}: Sacrifice Runed Arch. X target creatures with power no greater than 2 cannot be blocked this turn",
    _tap("{X}", sacrifice_self=True), until_eot(flag_mod("unblockable")), targets=(_POWER_2,), x=True,
    targets_x=True),))


# Arcum's Whistle: "{3},{T}: Target non-wall creature must attack ... Use this ability only during
# the creature's controller's turn before the attack": a non-wall creature of the active player,
# before attackers are declared (upkeep, draw, main), not one "brought under their controller's
# control this turn" (summoning sick), as Norritt's and Nettling Imp's. As the effect resolves
# the creature's controller may counter it by paying X, X the converted casting cost of the
# creature's card (a token's: 0, still asked); if they do not, the creature must attack this turn
# if able, and at end of turn it is destroyed if it did not attack (effects.must_attack_this_turn:
# the same rule as Siren's Call's). A target gone by then: nothing.
def _whistle(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        if not isinstance(t, Card):
            continue
        owner = g.controller(t)
        x = t.cdef.cost.converted
        paid = yield from pay_to_use(g, owner, f"{{{x}}}", f"Arcum's Whistle: pay {{{x}}} so that {t.name} "
                                     "need not attack?", ctx.source_name)
        if paid:
            g.log(f"{g.players[owner].name} pays {{{x}}}: Arcum's Whistle's effect on {t.name} is countered.")
            continue
        must_attack_this_turn(g, ctx.controller, owner, {t.oid}, ctx.source_name)
        g.log(f"{t.name} must attack this turn.")


define("Arcum's Whistle", abilities=(Ability(
    "{3}, {T}: Target non-wall creature must attack; destroy it at end of turn if it did not, unless its controller "
    "pays X, its casting cost", _tap("{3}"), _whistle,
    targets=(creature_where("target non-wall creature of the active player, not brought under their control this turn",
                            lambda g, ctx, c: "wall" not in g.chars(c).subtypes and g.controller(c) == g.active
                            and not c.sick),),
    condition=lambda g, c: not g.attack_done and g.combat is None and g.phase in ("upkeep", "draw", "main")),))


# Amulet of Quoz: an ante card ("remove Amulet of Quoz from your deck before playing if you are not
# playing for ante": hook ante_card, cast only in a duel played for ante, as Contract from Below's).
# "{0},{T}: Sacrifice Amulet of Quoz ... Use this ability only during your upkeep": the sacrifice is
# paid with the {T}. As the effect resolves, the target opponent may ante an additional card to
# counter it: the top card of their library, as every "ante an additional card" here (Demonic
# Attorney's); with an empty library they cannot. If they do not, the coin is flipped, the opponent
# calling it while it is in the air (effects.coin_flip_won): in the Amulet's controller's favor, the
# opponent loses the game; otherwise its controller loses it. (The sentence about effects that
# prevent damage and "this loss of life" has nothing to act on: no life is lost.)
def _quoz(g: Game, ctx: Ctx) -> Gen:
    opp = next((t for t in each_target(ctx) if isinstance(t, Player)), None)
    if opp is None:
        return
    if opp.library:
        ans = yield from g.ask(opp.idx, DecisionKind.CHOOSE, "Amulet of Quoz: ante the top card of your library to "
                               "counter its effect? (else the coin is flipped: the loser of the flip loses the game)",
                               ["choose yes", "choose no"], decline="choose no", about=ctx.source_name)
        if ans == "choose yes":
            ante_top_card(g, opp.idx)
            g.log(f"{opp.name} antes an additional card: Amulet of Quoz's effect is countered.")
            return
    me = ctx.me
    if (yield from coin_flip_won(g, opp, ctx.source_name)):
        opp.lost_by = f"lost the flip of {me.name}'s Amulet of Quoz"
    else:
        me.lost_by = "lost the flip of their own Amulet of Quoz"


define("Amulet of Quoz", hooks=Hooks(ante_card=True, can_cast=ante_only), abilities=(Ability(
    "{0}, {T}: Sacrifice Amulet of Quoz. Flip a coin, called by target opponent: the loser of the flip loses the "
    "game, unless that opponent antes an additional card. Use this ability only during your upkeep",
    _tap("{0}", sacrifice_self=True), _quoz, targets=(OPPONENT,), condition=upkeep_of()),))


# Elkin Bottle (the Fifth Edition text): "{3},{T}: Set the top card of your library aside face up.
# You may play that card as though it were in your hand. At the beginning of your next turn, bury
# the card if you have not played it." The card waits face up in the removed pile
# (effects.set_aside_playable) and is played by the usual answers at the usual times (a land as the
# turn's land, a sorcery or creature in its player's main phase; Game.card_to_play takes it before a
# card of the same name in hand). "The beginning of your next turn" is as that turn's upkeep begins
# (as Foxfire's "beginning of the next turn": nothing happens in the untap phase); used in its
# controller's own turn, that is their following turn. An empty library: nothing is set aside.
def _bottle(g: Game, ctx: Ctx) -> Gen:
    me, p = ctx.me, ctx.controller
    if not me.library:
        g.log(f"{me.name} has no card to set aside (Elkin Bottle).")
        return
    c = set_aside_playable(g, p, me.library[0], ctx.source_name)
    g.delayed.append(Delayed(Event.BEGIN_UPKEEP, _bottle_bury, p, ctx.source_name, data={"card": c.oid},
                             condition=lambda g2, d, data, t=g.turn: g2.active == d.controller and g2.turn > t))
    return
    yield


def _bottle_bury(g: Game, ctx: Ctx) -> Gen:
    oid = ctx.data["delayed"].data["card"]
    c = next((x for x in ctx.me.removed if x.oid == oid), None)
    if c is not None:  # still set aside: not played (a card played became a new object)
        g.move(c, "graveyard")
        g.log(f"{c.name}, set aside by Elkin Bottle and not played, is buried.")
    return
    yield


define("Elkin Bottle", abilities=(Ability(
    "{3}, {T}: Set the top card of your library aside face up. You may play that card as though it were in your hand. "
    "At the beginning of your next turn, bury the card if you have not played it", _tap("{3}"), _bottle),))


# Ice Cauldron: "X,{T}: Put a charge counter on Ice Cauldron, and put a spell card face up on Ice
# Cauldron. Note the type and amount of mana used to pay this activation cost. Use this ability only
# if there are no charge counters on Ice Cauldron. You may play that spell card as though it were in
# your hand. {T}: Remove the charge counter ... to add mana of the type and amount last used ...
# This mana is usable only to cast the spell on top of Ice Cauldron."
# - The spell card is a non-land card of its controller's hand, chosen as the effect resolves (none
#   in hand: only the counter and the note). It waits face up in the removed pile
#   (effects.set_aside_playable), playable as though in hand for as long as it stays there, whatever
#   becomes of the Cauldron (the permission is not tied to it).
# - The mana noted is the mana that paid the X, each kind and amount ("RRG"); X is at least 1 (hook
#   min_x): a counter noting no mana could never come off, its removal being a mana source.
# - The second ability is a mana source (as Jeweled Amulet's): tapped for the first kind noted
#   (``tap Ice Cauldron for R``), it adds all the mana noted (hook mana_mix), mana that pays only
#   for the spell on top of an Ice Cauldron (the card put on one last; the pool keeps restricted
#   mana by use, not by source: with two Cauldrons the mana of one would pay for the spell on top
#   of the other).
def _cauldron_top(g: Game, spell: Spell) -> bool:
    return spell.card is not None and bool(spell.card.flags.get("ice_cauldron_top"))


CAULDRON_SPELL = spend_use("the spell on top of Ice Cauldron", _cauldron_top)


def _cauldron_charge(g: Game, ctx: Ctx) -> Gen:
    src, me, p = ctx.source, ctx.me, ctx.controller
    if src not in g.battlefield:
        return
    paid = ctx.spell.paid if ctx.spell is not None else None
    noted = "".join(sym * paid.amounts.get(sym, 0) for sym in MANA_SYMBOLS) if paid is not None else ""
    src.flags["cauldron_mana"] = noted
    add_counters(g, src, "charge", 1)
    g.log(f"Ice Cauldron notes {noted or 'no'} mana.")
    spells = [c for c in me.hand if "land" not in c.cdef.types]
    if not spells:
        return
    names = sorted({c.name for c in spells})
    ans = yield from g.ask(p, DecisionKind.CHOOSE, "Ice Cauldron: put which spell card from your hand on it?",
                           [f"choose {n}" for n in names], about=ctx.source_name)
    card = next(c for c in spells if c.name == ans[len("choose "):])
    for c in me.removed:
        if c.flags.get("ice_cauldron") == src.oid:
            c.flags["ice_cauldron_top"] = False  # no longer on top: the new card covers it
    set_aside_playable(g, p, card, "on Ice Cauldron", ice_cauldron=src.oid, ice_cauldron_top=True)


def _cauldron_mix(g: Game, card: Card) -> str:
    return str(card.flags.get("cauldron_mana", "")) if card.counters.get("charge", 0) > 0 else ""


define("Ice Cauldron",
       hooks=Hooks(min_x=1, mana_mix=_cauldron_mix, mana_symbols=lambda g, card, produces: _cauldron_mix(g, card)[:1]),
       mana_abilities=(ManaAbility("WUBRGC", cost=Cost(tap=True, remove_counter="charge"), use=CAULDRON_SPELL),),
       abilities=(Ability("X, {T}: Put a charge counter on Ice Cauldron and a spell card from your hand face up on it, "
                          "noting the mana paid; you may play that card as though it were in your hand. Use this "
                          "ability only if there are no charge counters on Ice Cauldron", _tap("{X}"), _cauldron_charge,
                          x=True, condition=lambda g, c: not c.counters.get("charge", 0)),))
