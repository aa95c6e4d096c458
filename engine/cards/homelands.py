"""Homelands (HML): each card as its printed text says
(``engine/data/cards.json``: the latest old printing with a text, Fifth
Edition's for the cards reprinted there). Several Homelands creatures were
printed with two different arts: one name, one card.

The legends (Baron Sengir, Eron the Relentless, Autumn Willow ...) are
"Summon - Legend": the legend rule of Legends applies to them as read from
the type line (``engine.carddb.parse_type_line``).

"Draw a card at the beginning of the next turn's upkeep" (Headstone, Jinx,
Prophecy, Renewal) is one delayed effect, :func:`_draw_next_upkeep`.
"""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING, Callable

from .. import carddb
from ..carddb import define
from ..ctx import Ctx
from ..decisions import DecisionKind
from ..effects import (untap_targets, ARTIFACT, CREATURE, CREATURE_OR_PLAYER, DAMAGED_CREATURE, LAND, OPPONENT, PLAYER, SPELL,
                       add_counters, aura, counter_target, creature_of, creature_where, damage, destroy_targets,
                       discard_card, during_upkeep, each_target, enters_with_counters, flag_mod, gain_life, grant,
                       keyword_mod, lose_keyword_mod, make_tokens, nothing, on_enchanted, on_source, permanent_target,
                       prevent_to_target, pump, pump_mod, regeneration, self_only, static_for, token_def,
                       tokens_effect, until_eot, upkeep_cost, upkeep_of, tap_targets,
                       create_token, set_pt_mod, untap_source, DAMAGED_CREATURE_OR_PLAYER, lands_of_type, pay_to_use,
                       destroy_all, ante_top_card)
from ..hooks import EffectHooks, Hooks
from ..mana import COLOR_LETTERS, ManaCost
from ..model import (NO_TAP_ABILITIES, SICK_ATTACK_OK, SICK_TAP_OK, Ability, Announce, Cost, Delayed, EffectFn, Event, Gen, Kind,
                     ManaAbility, Speed, SpellSpec, Static, TargetSpec, Trigger, kinds)
from ..objects import Card, Chars, Effect, Player, Spell
from ..refs import ref
from .arabian_nights import _flip_lost
from .artifact_creatures import _clockwork
from .blue import _LAND_TYPES, _lands_of_type, _needs_islands
from .fallen_empires import _BLOCKING, _bury_self
from .the_dark import _choose_card, _next_untap_of_controller

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game


def _mana(s: str) -> ManaCost:
    return ManaCost.parse(s)


# ------------------------------------------------------------------ shared pieces

def _draw_next_upkeep(g: Game, ctx: Ctx) -> Gen:
    """"Draw a card at the beginning of the next turn's upkeep": a delayed
    effect of the spell's caster, run once as the next upkeep begins (whoever's
    turn it is)."""
    p, name = ctx.controller, ctx.source_name

    def draw(g2: Game, ctx2: Ctx) -> Gen:
        g2.log(f"{g2.players[p].name} draws a card ({name}).")
        yield from g2.draw(p, 1)
    g.delayed.append(Delayed(Event.BEGIN_UPKEEP, draw, p, name))
    return
    yield


def _has_sub(c: Chars, *words: str) -> bool:
    return bool(c.subtypes & set(words))


def _facing(g: Game, me: Card) -> list[Card]:
    """The creatures blocking ``me`` (in its band) or blocked by it, this combat."""
    cb = g.combat
    if cb is None:
        return []
    oids: list[int] = []
    band = cb.band_of(me.oid)
    if band is not None:
        oids += cb.blocks.get(band, [])
    held = cb.blocking(me.oid)
    if held is not None:
        oids += cb.bands[held]
    return [c for o in oids if (c := g.find(o)) is not None]


def _blocks(g: Game, src: Card, d: dict) -> bool:
    return d.get("blocker") is src


def _attacks(g: Game, src: Card, d: dict) -> bool:
    return d.get("card") is src


def _eot_effect(g: Game, card: Card, modify: Callable[[Game, Card, Chars], None], what: str) -> None:
    g.effects.append(Effect(g.stamp(), card.oid, modify, "eot"))
    g.log(f"{card.name} {what} until end of turn.")


def _when_facing(color: str, modify: Callable[[Game, Card, Chars], None], what: str) -> EffectFn:
    """"If assigned to block any <color> creatures or any <color> creatures
    are assigned to block it, X gets ... until end of turn" (Ghost Hounds,
    Serra Inquisitors): once blockers are declared. The color word is read
    through the card's text changes."""
    def fn(g: Game, ctx: Ctx) -> Gen:
        me = ctx.source
        col = COLOR_LETTERS[g.word(me, color)]
        if any(col in g.chars(c).colors for c in _facing(g, me)):
            _eot_effect(g, me, modify, what)
        return
        yield
    return fn


def _if_blocking(modify: Callable[[Game, Card, Chars], None], what: str) -> EffectFn:
    """"If assigned as a blocker, X gets ... until end of turn" (Folk of
    An-Havva, Root Spider)."""
    def fn(g: Game, ctx: Ctx) -> Gen:
        _eot_effect(g, ctx.source, modify, what)
        return
        yield
    return fn


def _freeze_card(g: Game, c: Card) -> None:
    """``c`` does not untap during its controller's next untap phase."""
    c.flags["frozen_until_turn"] = _next_untap_of_controller(g, c)


def _put_from_hand(subtype: str, name: str) -> EffectFn:
    """"Take a <type> from your hand and put it directly into play as though it
    were just summoned" (Didgeridoo, Willow Priestess): not cast; summoning sick."""
    def fn(g: Game, ctx: Ctx) -> Gen:
        p = ctx.controller
        cands = [c for c in g.players[p].hand if "creature" in c.cdef.types and subtype in c.cdef.subtypes]
        c = yield from _choose_card(g, p, cands, f"{name}: choose a {subtype.capitalize()} to put into play", name)
        if c is None:
            g.log(f"{name}: no {subtype.capitalize()} in hand.")
            return
        new = g.move(c, "battlefield", controller=p)
        new.sick = True
        g.log(f"{g.players[p].name} puts {c.name} into play ({name}).")
        yield from g.entered(new)
    return fn


def _redirect_to_source(n_of: Callable[[Ctx], int]) -> EffectFn:
    """"Redirect to X N damage dealt to <target creature>": up to N of the
    damage pending to the target is dealt to the ability's source instead,
    from the same source (Daughter of Autumn, Hazduhr the Abbot); legal in a
    damage prevention step, like every redirection."""
    def fn(g: Game, ctx: Ctx) -> Gen:
        me = ctx.source
        left = n_of(ctx)
        for t in each_target(ctx):
            if me.zone != "battlefield" or t is me:
                continue
            moved = 0
            for pk in list(g.pending_damage):
                if pk.receiver is not t or pk.amount <= 0 or left <= 0:
                    continue
                take = min(pk.amount, left)
                pk.amount -= take
                left -= take
                moved += take
                g.deal_damage({"name": pk.source_name, "oid": pk.source_oid, "colors": pk.source_colors,
                               "types": pk.source_types, "controller": pk.source_controller}, me, take,
                              combat=pk.combat)
            if moved:
                g.log(f"{moved} damage to {t.name} is redirected to {me.name}.")
        return
        yield
    return fn


# ------------------------------------------------------------------ vanilla and keyword-only creatures

for _name in ("Ebony Rhino", "Cemetery Gate", "Ihsan's Shade", "Willow Faerie", "Anaba Bodyguard", "Dwarven Trader",
              "Narwhal", "Sea Sprite", "Abbey Gargoyles", "Death Speakers"):
    define(_name)

# Ambush Party: "unaffected by summoning sickness": it may attack and use {T} abilities at once.
define("Ambush Party", keywords=(SICK_ATTACK_OK, SICK_TAP_OK))

# Eron the Relentless: "can attack the turn it comes into play on your side".
define("Eron the Relentless", keywords=(SICK_ATTACK_OK,), abilities=(regeneration("{R}{R}{R}"),))


# ------------------------------------------------------------------ pumps of their own

define("Abbey Matron", abilities=(Ability("{W}, {T}: +0/+3 until end of turn", Cost(_mana("{W}"), tap=True),
                                          on_source(pump(0, 3))),))
define("Mesa Falcon", abilities=(Ability("{1}{W}: +0/+1 until end of turn", Cost(_mana("{1}{W}")),
                                         on_source(pump(0, 1))),))
def _both(*mods: Callable[[Game, Card, Chars], None]) -> Callable[[Game, Card, Chars], None]:
    """One change made of several, in order (a keyword and a pump)."""
    def m(g: Game, card: Card, c: Chars) -> None:
        for f in mods:
            f(g, card, c)
    return m


define("Leaping Lizard", abilities=(Ability("{1}{G}: Flying and -0/-1 until end of turn", Cost(_mana("{1}{G}")),
                                            on_source(until_eot(_both(keyword_mod("flying"), pump_mod(0, -1))))),))


def _veldrane_walk(g: Game, card: Card, c: Chars) -> None:
    c.keywords.add(g.swap_words("forestwalk", card))  # the word as Veldrane's text reads it (Magical Hack)


define("Veldrane of Sengir", abilities=(Ability("{1}{B}{B}: Forestwalk and -3/-0 until end of turn",
                                                Cost(_mana("{1}{B}{B}")),
                                                on_source(until_eot(_both(_veldrane_walk, pump_mod(-3, 0))))),))
define("Beast Walkers", abilities=(Ability("{G}: Banding until end of turn", Cost(_mana("{G}")),
                                           on_source(grant("banding"))),))


# Roterothopter: "{2}: +1/+0 until end of turn. You cannot spend more than {4}
# in this way each turn": the ability may be used twice a turn (counted as
# it is played, Event.ACTIVATED).
def _roter_uses(g: Game, card: Card) -> int:
    turn, n = card.flags.get("roter", (-1, 0))
    return n if turn == g.turn else 0


def _roter_count(g: Game, ctx: Ctx) -> Gen:
    ctx.source.flags["roter"] = (g.turn, _roter_uses(g, ctx.source) + 1)
    return
    yield


define("Roterothopter", abilities=(Ability("{2}: +1/+0 until end of turn (no more than {4} each turn)",
                                           Cost(_mana("{2}")), on_source(pump(1, 0)),
                                           condition=lambda g, c: _roter_uses(g, c) < 2),),
       triggers=(Trigger(Event.ACTIVATED, _roter_count, lambda g, src, d: d["spell"].source is src),))


# ------------------------------------------------------------------ tap abilities aimed at creatures and players

define("Grandmother Sengir", abilities=(Ability("{1}{B}, {T}: Target creature gets -1/-1 until end of turn",
                                                Cost(_mana("{1}{B}"), tap=True), pump(-1, -1),
                                                targets=(CREATURE,)),))
define("Anaba Shaman", abilities=(Ability("{R}, {T}: Anaba Shaman deals 1 damage to target creature or player",
                                          Cost(_mana("{R}"), tap=True), damage(1), targets=(CREATURE_OR_PLAYER,)),))
_ARTIFACT_CREATURE = creature_where("target artifact creature", lambda g, ctx, c: "artifact" in g.chars(c).types)
define("Chandler", abilities=(Ability("{R}{R}{R}, {T}: Destroy target artifact creature",
                                      Cost(_mana("{R}{R}{R}"), tap=True), destroy_targets(),
                                      targets=(_ARTIFACT_CREATURE,)),))
_NONCREATURE_ARTIFACT = permanent_target("target non-creature artifact",
                                         lambda g, ctx, c: "artifact" in g.chars(c).types
                                         and "creature" not in g.chars(c).types)
define("Joven", abilities=(Ability("{R}{R}{R}, {T}: Destroy target non-creature artifact",
                                   Cost(_mana("{R}{R}{R}"), tap=True), destroy_targets(),
                                   targets=(_NONCREATURE_ARTIFACT,)),))
define("Aysen Bureaucrats", abilities=(Ability(
    "{T}: Tap target creature with power 2 or less", Cost(tap=True),
    tap_targets(),
    targets=(creature_where("target creature with power 2 or less",
                            lambda g, ctx, c: (g.chars(c).power or 0) <= 2),)),))

_MINOTAUR = creature_of("minotaur", "target Minotaur")
define("Anaba Ancestor", abilities=(Ability("{T}: Target Minotaur gets +1/+1 until end of turn", Cost(tap=True),
                                            pump(1, 1), targets=(_MINOTAUR,)),))
_DWARF = creature_where("target Dwarf", lambda g, ctx, c: _has_sub(g.chars(c), "dwarf", "dwarves"))
define("Dwarven Pony", abilities=(Ability("{1}{R}, {T}: Target Dwarf gains mountainwalk until end of turn",
                                          Cost(_mana("{1}{R}"), tap=True), grant("mountainwalk"),
                                          targets=(_DWARF,)),))
_FALCON = creature_of("falcon", "target Falcon")
define("Soraya the Falconer", statics=(Static(
    applies=lambda g, src, card, c: "creature" in c.types and "falcon" in c.subtypes,
    modify=lambda g, src, card, c: pump_mod(1, 1)(g, card, c)),), abilities=(
    Ability("{1}{W}: Target Falcon gains banding until end of turn", Cost(_mana("{1}{W}")), grant("banding"),
            targets=(_FALCON,)),))
define("Anaba Spirit Crafter", statics=(Static(
    applies=lambda g, src, card, c: "creature" in c.types and "minotaur" in c.subtypes,
    modify=lambda g, src, card, c: pump_mod(1, 0)(g, card, c)),))


# Faerie Noble: "All Faeries you control get +0/+1. {T}: All Faeries you
# control get +1/+0 until end of turn" (the Faeries it controls as the ability resolves).
def _faerie_mine(g: Game, src: Card, card: Card, c: Chars) -> bool:
    return "creature" in c.types and "faerie" in c.subtypes and c.controller == g.controller(src)


def _faeries_pump(g: Game, ctx: Ctx) -> Gen:
    for c in g.creatures(ctx.controller):
        if "faerie" in g.chars(c).subtypes:
            _eot_effect(g, c, pump_mod(1, 0), "gets +1/+0")
    return
    yield


define("Faerie Noble", statics=(Static(applies=_faerie_mine, modify=lambda g, src, card, c: pump_mod(0, 1)(g, card, c)),),
       abilities=(Ability("{T}: All Faeries you control get +1/+0 until end of turn", Cost(tap=True),
                          _faeries_pump),))

define("Willow Priestess", abilities=(
    Ability("{T}: Put a Faerie from your hand into play", Cost(tap=True), _put_from_hand("faerie",
                                                                                         "Willow Priestess")),
    Ability("{2}{G}: Target green creature gains protection from black until end of turn", Cost(_mana("{2}{G}")),
            grant("protection from black"),
            targets=(creature_where("target green creature",
                                    lambda g, ctx, c: COLOR_LETTERS[g.word(ctx.source, "green")]
                                    in g.chars(c).colors),)),))
define("Didgeridoo", abilities=(Ability("{3}: Put a Minotaur from your hand into play", Cost(_mana("{3}")),
                                        _put_from_hand("minotaur", "Didgeridoo")),))


# ------------------------------------------------------------------ instants and sorceries

def _each_creature_and_player(n: int, test: Callable[[Game, Ctx, Card], bool] | None = None,
                              players: bool = True) -> EffectFn:
    def fn(g: Game, ctx: Ctx) -> Gen:
        for c in g.creatures():
            if test is None or test(g, ctx, c):
                g.deal_damage(ctx.spell, c, n)
        if players:
            for p in g.players:
                g.deal_damage(ctx.spell, p, n)
        return
        yield
    return fn


define("Dry Spell", spell=SpellSpec(_each_creature_and_player(1)))
define("Evaporate", spell=SpellSpec(_each_creature_and_player(
    1, lambda g, ctx, c: bool({COLOR_LETTERS[g.word(ctx.source, "blue")], COLOR_LETTERS[g.word(ctx.source, "white")]}
                              & g.chars(c).colors), players=False)))
define("Shrink", spell=SpellSpec(pump(-5, 0), targets=(CREATURE,)))
define("Aliban's Tower", spell=SpellSpec(pump(3, 1), targets=(_BLOCKING,)))


def _ambush(g: Game, ctx: Ctx) -> Gen:
    if g.combat is not None:
        for o in g.combat.blockers():
            c = g.find(o)
            if c is not None:
                _eot_effect(g, c, keyword_mod("first strike"), "gains first strike")
    return
    yield


define("Ambush", spell=SpellSpec(_ambush))


def _green_creatures(g: Game, src: Card | None) -> int:
    """The green creatures in play ("green" as ``src``'s text says after text changes)."""
    green = COLOR_LETTERS[g.word(src, "green")]
    return sum(1 for c in g.creatures() if green in g.chars(c).colors)


def _inn(g: Game, ctx: Ctx) -> Gen:
    g.gain_life(ctx.controller, 1 + _green_creatures(g, ctx.source))
    return
    yield


define("An-Havva Inn", spell=SpellSpec(_inn))


def _leeches(g: Game, ctx: Ctx) -> Gen:
    for p in each_target(ctx):
        n, p.poison = p.poison, 0
        g.log(f"{p.name} loses {n} poison counter{'s' if n != 1 else ''}.")
        if n:
            g.deal_damage(ctx.spell, p, n)
    return
    yield


define("Leeches", spell=SpellSpec(_leeches, targets=(PLAYER,)))

_GRAVEYARD_CARD = TargetSpec("target card in any graveyard", kinds(Kind.GRAVEYARD_CARD),
                             lambda g, ctx, c: isinstance(c, Card) and c.zone == "graveyard")


def _headstone(g: Game, ctx: Ctx) -> Gen:
    for c in each_target(ctx):
        if c.zone == "graveyard":
            g.move(c, "removed")
            g.log(f"{c.name} is removed from the game.")
    yield from _draw_next_upkeep(g, ctx)


define("Headstone", spell=SpellSpec(_headstone, targets=(_GRAVEYARD_CARD,)))


# Jinx: the land's land type becomes the chosen basic land type until end of
# turn (as Phantasmal Terrain does it, for a turn).
def _jinx(g: Game, ctx: Ctx) -> Gen:
    choice = ctx.chosen("choice")
    for t in each_target(ctx):
        def m(g2: Game, card: Card, c: Chars, choice: str = choice) -> None:
            c.subtypes.difference_update(_LAND_TYPES)
            c.subtypes.add(choice)
        g.effects.append(Effect(g.stamp(), t.oid, m, "eot", layer=1))
        g.log(f"{t.name} becomes a {choice} until end of turn.")
    yield from _draw_next_upkeep(g, ctx)


define("Jinx", spell=SpellSpec(_jinx, targets=(LAND,), announce=(
    Announce("choice", "choose a basic land type", lambda g, ctx: list(_LAND_TYPES)),)))


# Prophecy: the top card of the opponent's library is shown to both players.
def _prophecy(g: Game, ctx: Ctx) -> Gen:
    for p in each_target(ctx):
        if p.library:
            top = p.library[0]
            g.log(f"The top card of {p.name}'s library is {top.name} (Prophecy).")
            if "land" in top.cdef.types:
                g.gain_life(ctx.controller, 1)
        g.shuffle(p.idx)
        g.log(f"{p.name} shuffles their library.")
    yield from _draw_next_upkeep(g, ctx)


define("Prophecy", spell=SpellSpec(_prophecy, targets=(OPPONENT,)))


# Renewal: the land is sacrificed as the spell resolves (the printed text
# makes it part of the effect, "Sacrifice a land to search ..."): a countered
# Renewal costs no land. Without a land to sacrifice, nothing is searched.
def _renewal(g: Game, ctx: Ctx) -> Gen:
    p = ctx.controller
    mine = g.permanents(p, type_="land")
    if mine:
        ch = [f"sacrifice {ref(g, c)}" for c in mine]
        ans = yield from g.ask(p, DecisionKind.SACRIFICE, "Renewal: sacrifice a land", ch, about="Renewal")
        yield from g.put_in_graveyard([mine[ch.index(ans)]], how="sacrifice")
        basics = [c for c in ctx.me.library if "basic" in c.cdef.supertypes and "land" in c.cdef.types]
        if basics:
            names = sorted({c.name for c in basics})
            ans = yield from g.ask(p, DecisionKind.CHOOSE, "Renewal: put a basic land from your library into play",
                                   [f"choose {n}" for n in names], about="Renewal")
            card = next(c for c in basics if c.name == ans[len("choose "):])
            new = g.move(card, "battlefield", controller=p)
            g.log(f"{ctx.me.name} puts {new.name} into play (Renewal).")
            yield from g.entered(new)
        g.shuffle(p)
    yield from _draw_next_upkeep(g, ctx)


define("Renewal", spell=SpellSpec(_renewal))


# Truce: each player, the caster first, chooses to draw 0, 1 or 2 cards and
# gains 2 life for each card less than two.
def _truce(g: Game, ctx: Ctx) -> Gen:
    for p in (ctx.controller, 1 - ctx.controller):
        ans = yield from g.ask(p, DecisionKind.CHOOSE, "Truce: how many cards do you draw?",
                               ["choose 2", "choose 1", "choose 0"], about="Truce")
        n = int(ans[len("choose "):])
        if n:
            yield from g.draw(p, n)
        if n < 2:
            g.gain_life(p, 2 * (2 - n))


define("Truce", spell=SpellSpec(_truce))


# Forget: the player chooses two cards (all if fewer), discards them, then
# draws as many.
def _forget(g: Game, ctx: Ctx) -> Gen:
    for pl in each_target(ctx):
        n = 0
        for _ in range(2):
            if not pl.hand:
                break
            names = sorted({c.name for c in pl.hand})
            ans = yield from g.ask(pl.idx, DecisionKind.DISCARD, "Forget: discard a card",
                                   [f"discard {x}" for x in names], about="Forget")
            card = next(c for c in pl.hand if c.name == ans[len("discard "):])
            yield from discard_card(g, pl.idx, card, by=ctx.controller, why="Forget")
            n += 1
        if n:
            yield from g.draw(pl.idx, n)


define("Forget", spell=SpellSpec(_forget, targets=(PLAYER,)))


# Merchant Scroll: a blue instant or interrupt, shown to both players.
def _merchant_scroll(g: Game, ctx: Ctx) -> Gen:
    me = ctx.me
    blue = COLOR_LETTERS[g.word(ctx.source, "blue")]
    cands = [c for c in me.library if blue in c.cdef.colors and c.cdef.types & {"instant", "interrupt"}]
    if cands:
        names = sorted({c.name for c in cands})
        ans = yield from g.ask(ctx.controller, DecisionKind.CHOOSE, "Merchant Scroll: take a blue instant or "
                               "interrupt from your library", [f"choose {n}" for n in names] + ["choose none"],
                               decline="choose none", about="Merchant Scroll")
        if ans != "choose none":
            card = next(c for c in cands if c.name == ans[len("choose "):])
            g.move(card, "hand")
            g.log(f"{me.name} reveals {card.name} and puts it into their hand.")
    g.shuffle(ctx.controller)
    g.log(f"{me.name} shuffles their library.")


define("Merchant Scroll", spell=SpellSpec(_merchant_scroll))


# Memory Lapse: the countered spell's card goes on top of its owner's library
# (not to the graveyard).
def _memory_lapse(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        if isinstance(t, Spell) and not t.countered:
            t.countered = True
            if t.card is not None:
                g.move(t.card, "library")
                t.card = None
            g.log(f"{t.name} is countered and put on top of its owner's library.")
    return
    yield


define("Memory Lapse", spell=SpellSpec(_memory_lapse, targets=(SPELL,)))


# Baki's Curse: 2 damage to each creature for each creature enchantment on it.
def _bakis_curse(g: Game, ctx: Ctx) -> Gen:
    for c in g.creatures():
        n = sum(1 for a in g.attached(c) if a.cdef.enchant is not None and a.cdef.type_line.startswith(
            "Enchant Creature"))
        if n:
            g.deal_damage(ctx.spell, c, 2 * n)
    return
    yield


define("Baki's Curse", spell=SpellSpec(_bakis_curse))


# Winter Sky: a coin flip the opponent calls (arabian_nights._flip_lost).
def _winter_sky(g: Game, ctx: Ctx) -> Gen:
    if _flip_lost(g, "Winter Sky"):
        for p in (ctx.controller, 1 - ctx.controller):
            yield from g.draw(p, 1)
    else:
        yield from _each_creature_and_player(1)(g, ctx)


define("Winter Sky", spell=SpellSpec(_winter_sky, targets=(OPPONENT,)))


# Retribution: two target creatures of one opponent; that opponent chooses
# which is buried, the other gets a -1/-1 counter. One still legal as it
# resolves: the opponent has no choice.
def _retribution(g: Game, ctx: Ctx) -> Gen:
    ts = each_target(ctx)
    if not ts:
        return
    opp = g.controller(ts[0])
    victim = ts[0]
    if len(ts) > 1:
        ch = [f"choose {ref(g, c)}" for c in ts]
        ans = yield from g.ask(opp, DecisionKind.CHOOSE, "Retribution: choose the creature to bury", ch,
                               about="Retribution")
        victim = ts[ch.index(ans)]
    g.destroy(victim, bury=True)
    for c in ts:
        if c is not victim and c.zone == "battlefield":
            add_counters(g, c, "-1/-1", 1)


_OPP_CREATURE = creature_where("target creature an opponent controls",
                               lambda g, ctx, c: g.controller(c) != ctx.controller)
_OPP_CREATURE_2 = creature_where("another target creature of the same opponent",
                                 lambda g, ctx, c: g.controller(c) != ctx.controller)
define("Retribution", spell=SpellSpec(_retribution, targets=(_OPP_CREATURE, _OPP_CREATURE_2)))


# ------------------------------------------------------------------ auras

define("Feast of the Unicorn", enchant=CREATURE, statics=(aura(pump_mod(4, 0)),))
define("Carapace", enchant=CREATURE, statics=(aura(pump_mod(0, 2)),), abilities=(
    Ability("Sacrifice Carapace: Regenerate enchanted creature", Cost(sacrifice_self=True), nothing,
            regenerate=True),))


def _torture(g: Game, ctx: Ctx) -> Gen:
    host = g.enchanted(ctx.source)
    if host is not None:
        add_counters(g, host, "-1/-1", 1)
    return
    yield


define("Torture", enchant=CREATURE, abilities=(Ability("{1}{B}: Put a -1/-1 counter on enchanted creature",
                                                       Cost(_mana("{1}{B}")), _torture),))


# Ironclaw Curse: -0/-1; the creature cannot block a creature whose power is
# at least its toughness.
def _ironclaw(g: Game, src: Card, attacker: Card, blocker: Card) -> bool:
    if src.attached_to != blocker.oid:
        return True
    return (g.chars(attacker).power or 0) < (g.chars(blocker).toughness or 0)


define("Ironclaw Curse", enchant=CREATURE, statics=(aura(pump_mod(0, -1)),),
       hooks=Hooks(block_restriction=_ironclaw))


# Roots: enchants a creature without flying; taps it as it comes into play;
# the creature does not untap during its controller's untap phase.
def _tap_host(g: Game, ctx: Ctx) -> Gen:
    host = g.enchanted(ctx.source)
    if host is not None:
        host.tapped = True
        g.log(f"{host.name} is tapped.")
        yield from g.note_taps()


define("Roots", enchant=creature_where("target creature without flying",
                                       lambda g, ctx, c: "flying" not in g.chars(c).keywords),
       on_enter=_tap_host, statics=(aura(flag_mod("doesn't untap")),))


# Mammoth Harness: the creature loses flying; a creature blocking it or
# blocked by it gains first strike until end of turn (as blockers are declared).
def _harness(g: Game, ctx: Ctx) -> Gen:
    host = g.enchanted(ctx.source)
    if host is not None:
        for c in _facing(g, host):
            _eot_effect(g, c, keyword_mod("first strike"), "gains first strike")
    return
    yield


define("Mammoth Harness", enchant=CREATURE, statics=(aura(lose_keyword_mod("flying")),),
       triggers=(Trigger(Event.BLOCKERS_DECLARED, _harness),))


# Funeral March: when the enchanted creature leaves play, its controller (as
# it left) sacrifices a creature. Going to a graveyard, it is heard at once
# (the March still in play); leaving play otherwise (returned to hand,
# removed from the game), it is heard as the March falls off into the
# graveyard, which remembers the creature's controller as last seen: as the
# March came into play, and at each state check since (the hook ``state``,
# which only records it).
def _march_sacrifice(g: Game, p: int) -> Gen:
    mine = g.creatures(p)
    if not mine:
        return
    ch = [f"sacrifice {ref(g, c)}" for c in mine]
    ans = yield from g.ask(p, DecisionKind.SACRIFICE, "Funeral March: sacrifice a creature", ch,
                           about="Funeral March")
    yield from g.put_in_graveyard([mine[ch.index(ans)]], how="sacrifice")


def _march_died(g: Game, ctx: Ctx) -> Gen:
    ctx.source.flags["marched"] = True
    yield from _march_sacrifice(g, ctx.data["controller"])


def _march_fell_off(g: Game, ctx: Ctx) -> Gen:
    old = ctx.data["old"]
    p = old.flags.get("host controller")
    if p is not None and not old.flags.get("marched") and g.find(old.attached_to or -1) is None:
        yield from _march_sacrifice(g, p)


def _march_notes_host(g: Game, card: Card) -> bool:
    host = g.enchanted(card)
    if host is not None:
        card.flags["host controller"] = g.controller(host)
    return False


def _march_enters(g: Game, ctx: Ctx) -> Gen:
    _march_notes_host(g, ctx.source)
    return
    yield


define("Funeral March", enchant=CREATURE, on_enter=_march_enters, hooks=Hooks(state=_march_notes_host), triggers=(
    Trigger(Event.TO_GRAVEYARD, _march_died, lambda g, src, d: d["old"].oid == src.attached_to),
    Trigger(Event.TO_GRAVEYARD, _march_fell_off, lambda g, src, d: d["card"] is src, zones=("graveyard",))))


# ------------------------------------------------------------------ enchantments

def _creature_with(kw: str) -> Callable[[Game, Card, Card, Chars], bool]:
    return lambda g, src, card, c: "creature" in c.types and kw in c.keywords


define("Serra Aviary", statics=(Static(applies=_creature_with("flying"),
                                       modify=lambda g, src, card, c: pump_mod(1, 1)(g, card, c)),))
define("Mystic Decree", statics=(Static(applies=lambda g, src, card, c: "creature" in c.types,
                                        modify=lambda g, src, card, c: lose_keyword_mod(
                                            "flying", g.swap_words("islandwalk", src))(g, card, c)),))
define("Aysen Highway", statics=(Static(
    applies=lambda g, src, card, c: "creature" in c.types and COLOR_LETTERS[g.word(src, "white")] in c.colors,
    modify=lambda g, src, card, c: c.keywords.add(g.swap_words("plainswalk", src))),))


# Primal Order: in each player's upkeep, damage to that player equal to the
# nonbasic lands they control (done with "activate Primal Order", or by
# itself as the upkeep ends).
def _primal_order(g: Game, ctx: Ctx) -> Gen:
    p = g.active
    n = sum(1 for c in g.permanents(p, type_="land") if "basic" not in g.chars(c).supertypes)
    if n:
        g.deal_damage(ctx.source, g.players[p], n)
    else:
        g.log(f"Primal Order: {g.players[p].name} controls no nonbasic lands.")
    yield from g.settle()


_po_ab, _po_end = during_upkeep("Primal Order deals damage to the player whose upkeep it is", _primal_order,
                                whose="each")
define("Primal Order", abilities=(_po_ab,), hooks=Hooks(end_of_upkeep=_po_end))


# Feroz's Ban, Irini Sengir: cost increases. "Summon spells" are the spells
# of the cards typed "Summon" (artifact creatures are not: their type line is
# "Artifact Creature").
def _summon_spell(g: Game, spell: Spell) -> bool:
    return spell.card is not None and spell.ability is None and spell.card.cdef.type_line.startswith("Summon")


define("Feroz's Ban", hooks=Hooks(extra_cost=lambda g, src, spell: 2 if _summon_spell(g, spell) else 0))


def _irini(g: Game, src: Card, spell: Spell) -> int:
    if spell.card is None or spell.ability is not None or "enchantment" not in spell.card.cdef.types:
        return 0
    cols = {COLOR_LETTERS[g.word(src, "white")], COLOR_LETTERS[g.word(src, "green")]}
    return 2 if cols & set(spell.colors) else 0


define("Irini Sengir", hooks=Hooks(extra_cost=_irini))


# Aether Storm: summon spells cannot be played; any player may pay 4 life to bury it.
define("Aether Storm", hooks=Hooks(forbids_play=lambda g, src, p, card: card.cdef.type_line.startswith("Summon")),
       abilities=(Ability("Pay 4 life: Bury Aether Storm", Cost(life=4), lambda g, ctx: _bury_self(g, ctx.source),
                          who="any"),))


# An-Zerrin Ruins: a creature type chosen as it is cast, among the creature
# types of the cards there are and of the tokens cards make (a Legend is a
# creature type too); creatures of that type do not untap during their
# controllers' untap phases. In a choice a type of two words is written with
# a hyphen ("island-fish").
@lru_cache(maxsize=1)
def _creature_types() -> tuple[str, ...]:
    out: set[str] = set()
    for d in carddb.card_data().values():
        t = d["type"].replace("\u2014", "-")
        if (t.startswith("Summon") or "Creature" in t) and " - " in t:
            out |= carddb.parse_type_line(t)[1]
    out |= {s for tok in carddb.tokens() if "creature" in tok.types for s in tok.subtypes}
    return tuple(sorted(x for x in out if x))


define("An-Zerrin Ruins", announce=(Announce("choice", "choose a creature type",
                                             lambda g, ctx: [t.replace(" ", "-") for t in _creature_types()]),),
       statics=(Static(applies=lambda g, src, card, c: "creature" in c.types
                       and str(src.chosen.get("choice", "")).replace("-", " ") in c.subtypes,
                       modify=lambda g, src, card, c: c.flags.add("doesn't untap")),))


# Koskun Falls: in its controller's upkeep, tap an untapped creature they
# control or bury it; a creature attacking its controller costs {2} more.
def _falls_tap(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        t.tapped = True
        g.log(f"{t.name} is tapped (Koskun Falls).")
    yield from g.note_taps()


_FALLS_TARGET = creature_where("target untapped creature you control",
                               lambda g, ctx, c: not c.tapped and g.controller(c) == ctx.controller)
_falls_ab = Ability("During your upkeep, tap target untapped creature you control or bury Koskun Falls", Cost(),
                    _falls_tap, targets=(_FALLS_TARGET,), condition=upkeep_of(), once_per_phase=True)


def _falls_end_of_upkeep(g: Game, card: Card) -> Gen:
    """Not done during the upkeep: its controller must choose now, a creature
    to tap or ``choose no`` and the Falls is buried ("tap ... or bury": the
    tap is a price they may refuse, like an upkeep cost)."""
    p = g.controller(card)
    if card.phase_uses.get(g.phase_key()) or p != g.active or card.zone != "battlefield":
        return
    card.phase_uses[g.phase_key()] = 1
    probe = Spell(0, p, None, card, card.name, ability=_falls_ab, colors=frozenset(g.chars(card).colors))
    cands = g.target_candidates(_FALLS_TARGET, probe, None)
    ans = "choose no"
    if cands:
        ch = [f"choose {ref(g, c)}" for c in cands] + ["choose no"]
        ans = yield from g.ask(p, DecisionKind.UPKEEP, "Koskun Falls: tap an untapped creature you control, or "
                               "bury Koskun Falls", ch, parser=g.parser_for(p, ch), about=card.name)
    if ans == "choose no":
        g.log("Koskun Falls: no creature is tapped for it; it is buried.")
        yield from _bury_self(g, card)
        return
    spell = yield from g.activate(p, card, _falls_ab, DecisionKind.UPKEEP, None,
                                  targets=[cands[[f"choose {ref(g, c)}" for c in cands].index(ans)]])
    if spell is not None:
        yield from g.resolve(spell)


define("Koskun Falls", abilities=(_falls_ab,), hooks=Hooks(
    end_of_upkeep=_falls_end_of_upkeep,
    attack_cost=lambda g, src, attacker: _mana("{2}") if g.controller(attacker) != g.controller(src) else None))


# ------------------------------------------------------------------ upkeep costs

_mist_ab, _mist_end = upkeep_cost("Pay {G}{G} to keep Hungry Mist", "{G}{G}", _bury_self)
define("Hungry Mist", abilities=(_mist_ab,), hooks=Hooks(end_of_upkeep=_mist_end))

# Serra Bestiary: the enchanted creature cannot attack, block, or use
# abilities with {T} in their cost.
_best_ab, _best_end = upkeep_cost("Pay {W}{W} to keep Serra Bestiary", "{W}{W}", _bury_self)
define("Serra Bestiary", enchant=CREATURE, abilities=(_best_ab,),
       statics=(aura(flag_mod("cannot attack", "cannot block", NO_TAP_ABILITIES)),),
       hooks=Hooks(end_of_upkeep=_best_end))


# ------------------------------------------------------------------ lands

def _township(name: str, one: str, two: tuple[str, str]) -> None:
    define(name, mana_abilities=(
        ManaAbility("C"),
        ManaAbility(one, cost=Cost(_mana("{1}"), tap=True)),
        ManaAbility(two[0], cost=Cost(_mana("{2}"), tap=True)),
        ManaAbility(two[1], cost=Cost(_mana("{2}"), tap=True))))


_township("An-Havva Township", "G", ("W", "R"))
_township("Aysen Abbey", "W", ("U", "G"))
_township("Castle Sengir", "B", ("U", "R"))
_township("Koskun Keep", "R", ("B", "G"))
_township("Wizards' School", "U", ("W", "B"))


# ------------------------------------------------------------------ tokens

# "If X leaves play, bury all <Y> tokens" (Sengir Autocrat: Serfs; Drudge
# Spell: Skeletons): each such token remembers the permanent that made it
# (flag "maker", an oid). Once any of those makers has left play, every token
# of that name is buried by a state check, whoever made it (the printed text
# says "all Serf tokens"). A token put into play by a duel script's setup has
# no maker: it alone never leaves.
def _maker_gone(g: Game, tok: Card) -> bool:
    makers = {m for c in g.battlefield if c.token and c.name == tok.name and (m := c.flags.get("maker")) is not None}
    return any(g.find(m) is None for m in makers)


def _made_by(toks: list[Card], maker: Card) -> None:
    for t in toks:
        t.flags["maker"] = maker.oid


SERF = token_def("Serf", ("creature",), 0, 1, subtypes=("Serf",), colors=("B",), hooks=Hooks(state=_maker_gone))
SKELETON = token_def("Skeleton", ("creature",), 1, 1, subtypes=("Skeleton",), colors=("B",),
                     abilities=(regeneration("{B}"),), hooks=Hooks(state=_maker_gone))
KELP = token_def("Kelp", ("creature",), 0, 1, subtypes=("Wall",), colors=("U",))
SHADOW = token_def("Shadow", ("creature",), 0, 0, subtypes=("Shadow",), colors=("B",))


def _autocrat(g: Game, ctx: Ctx) -> Gen:
    toks = yield from make_tokens(g, SERF, ctx.controller, 3, ctx.source)
    _made_by(toks, ctx.source)


define("Sengir Autocrat", on_enter=_autocrat)

_MY_DEAD_CREATURE = TargetSpec("target creature in your graveyard", kinds(Kind.GRAVEYARD_CARD),
                               lambda g, ctx, c: isinstance(c, Card) and c.zone == "graveyard"
                               and c.owner == ctx.controller and "creature" in c.cdef.types)


def _drudge_spell(g: Game, ctx: Ctx) -> Gen:
    gone = [c for c in each_target(ctx) if c.zone == "graveyard"]
    for c in gone:
        g.move(c, "removed")
        g.log(f"{c.name} is removed from the game.")
    toks = yield from make_tokens(g, SKELETON, ctx.controller, 1, ctx.source)
    _made_by(toks, ctx.source)


# Drudge Spell: two different creature cards of the controller's graveyard,
# both removed as it resolves (one no longer there: the token is still made,
# the other is still removed, as a spell with one target left).
define("Drudge Spell", abilities=(Ability(
    "{B}: Remove from the game two target creatures in your graveyard to put a Skeleton token into play",
    Cost(_mana("{B}")), _drudge_spell, targets=(_MY_DEAD_CREATURE, _MY_DEAD_CREATURE)),))

define("Wall of Kelp", abilities=(Ability("{U}{U}, {T}: Put a Kelp token into play",
                                          Cost(_mana("{U}{U}"), tap=True), tokens_effect(KELP)),))


# Broken Visage: the Shadow token has the power and toughness the attacking
# creature had as the spell resolved (a 0/0 token given them for good, layer
# -1 as a printed */*); at end of turn it is buried.
def _broken_visage(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        ch = g.chars(t)
        pw, th = ch.power or 0, ch.toughness or 0
        g.destroy(t, bury=True)
        tok = create_token(g, SHADOW, ctx.controller, ctx.source)
        g.effects.append(Effect(g.stamp(), tok.oid, set_pt_mod(pw, th), "forever", layer=-1))
        yield from g.entered(tok)

        def bury_token(g2: Game, ctx2: Ctx, oid: int = tok.oid) -> Gen:
            c = g2.find(oid)
            if c is not None:
                g2.destroy(c, bury=True)
            yield from g2.settle()
        g.delayed.append(Delayed(Event.END_OF_TURN, bury_token, ctx.controller, "Broken Visage", turn=g.turn))


_NONARTIFACT_ATTACKER = creature_where("target nonartifact attacking creature",
                                       lambda g, ctx, c: g.combat is not None and c.oid in g.combat.attackers()
                                       and "artifact" not in g.chars(c).types)
define("Broken Visage", spell=SpellSpec(_broken_visage, targets=(_NONARTIFACT_ATTACKER,)))


# ------------------------------------------------------------------ Sengirs and what they damaged

def _damaged_went(counter: str) -> Trigger:
    """"Whenever a creature is put into the graveyard the same turn X damaged
    it, put a <counter> counter on X" (Sengir Vampire's trigger)."""
    def fn(g: Game, ctx: Ctx) -> Gen:
        add_counters(g, ctx.source, counter, 1)
        return
        yield
    return Trigger(Event.TO_GRAVEYARD, fn, lambda g, src, d: d["was_creature"] and src.oid in d["damaged_by"])


define("Sengir Bats", triggers=(_damaged_went("+1/+1"),))
define("Baron Sengir", triggers=(_damaged_went("+2/+2"),), abilities=(
    Ability("{T}: Regenerate target Vampire", Cost(tap=True), nothing, regenerate=True,
            targets=(creature_of("vampire", "target Vampire"),)),))


# Black Carriage, Marjhan: "does not untap during your untap phase", untapped
# by a sacrifice in its controller's upkeep.
_DOESNT_UNTAP = static_for(self_only, flag_mod("doesn't untap"))


def _untap_for(mana: str, name: str) -> Ability:
    return Ability(f"{mana}: Sacrifice a creature to untap {name}. Use this ability only during your upkeep",
                   Cost(_mana(mana), sacrifice="creature"), untap_source,
                   condition=lambda g, c: upkeep_of()(g, c) and c.tapped)


define("Black Carriage", statics=(_DOESNT_UNTAP,), abilities=(_untap_for("{0}", "Black Carriage"),))


# Marjhan: the islands rule of Sea Serpent; "{U}{U}: -1/-0 until end of turn.
# Marjhan deals 1 damage to target attacking creature without flying".
def _marjhan_shot(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    if src.zone == "battlefield":
        _eot_effect(g, src, pump_mod(-1, 0), "gets -1/-0")
    for t in each_target(ctx):
        g.deal_damage(ctx.spell, t, 1)
    return
    yield


_ATTACKER_NO_FLYING = creature_where("target attacking creature without flying",
                                     lambda g, ctx, c: g.combat is not None and c.oid in g.combat.attackers()
                                     and "flying" not in g.chars(c).keywords)
define("Marjhan", statics=(_DOESNT_UNTAP,), hooks=_needs_islands(), abilities=(
    _untap_for("{U}{U}", "Marjhan"),
    Ability("{U}{U}: -1/-0 until end of turn; Marjhan deals 1 damage to target attacking creature without flying",
            Cost(_mana("{U}{U}")), _marjhan_shot, targets=(_ATTACKER_NO_FLYING,))))


# ------------------------------------------------------------------ combat

define("Ghost Hounds", keywords=("does not tap to attack",), triggers=(
    Trigger(Event.BLOCKERS_DECLARED, _when_facing("white", keyword_mod("first strike"), "gains first strike")),))
define("Serra Inquisitors", triggers=(
    Trigger(Event.BLOCKERS_DECLARED, _when_facing("black", pump_mod(2, 0), "gets +2/+0")),))
define("Folk of An-Havva", triggers=(Trigger(Event.BLOCKS, _if_blocking(pump_mod(2, 0), "gets +2/+0"), _blocks),))
define("Root Spider", triggers=(Trigger(Event.BLOCKS, _if_blocking(
    _both(keyword_mod("first strike"), pump_mod(1, 0)), "gains first strike and gets +1/+0"), _blocks),))


# Rashka the Slayer: "If assigned to block any black creatures, gets +1/+2
# until end of turn" (once, however many black creatures it blocks).
def _rashka(g: Game, ctx: Ctx) -> Gen:
    me = ctx.source
    cb = g.combat
    held = cb.blocking(me.oid) if cb is not None else None
    col = COLOR_LETTERS[g.word(me, "black")]
    if held is not None and any(col in g.chars(c).colors for o in cb.bands[held] if (c := g.find(o)) is not None):
        _eot_effect(g, me, pump_mod(1, 2), "gets +1/+2")
    return
    yield


define("Rashka the Slayer", keywords=("can block flying",), triggers=(Trigger(Event.BLOCKERS_DECLARED, _rashka),))


# Greater Werewolf: at end of combat, a -0/-2 counter on each creature
# blocking or blocked by it (those still in play).
def _werewolf(g: Game, ctx: Ctx) -> Gen:
    for c in _facing(g, ctx.source):
        add_counters(g, c, "-0/-2", 1)
    yield from g.settle()


define("Greater Werewolf", triggers=(Trigger(Event.END_OF_COMBAT, _werewolf),))


# Labyrinth Minotaur: a creature it blocks does not untap during its controller's next untap phase.
def _labyrinth(g: Game, ctx: Ctx) -> Gen:
    a = ctx.data["attacker"]
    if a.zone == "battlefield":
        _freeze_card(g, a)
        g.log(f"{a.name} does not untap during its controller's next untap phase.")
    return
    yield


define("Labyrinth Minotaur", triggers=(Trigger(Event.BLOCKS, _labyrinth, _blocks),))


# Joven's Ferrets: +0/+2 when declared as an attacker; at end of combat the
# creatures that blocked it are tapped and do not untap next time.
def _ferrets_attack(g: Game, ctx: Ctx) -> Gen:
    _eot_effect(g, ctx.source, pump_mod(0, 2), "gets +0/+2")
    return
    yield


def _ferrets_end(g: Game, ctx: Ctx) -> Gen:
    me = ctx.source
    cb = g.combat
    band = cb.band_of(me.oid) if cb is not None else None
    if band is None:
        return
    for o in list(cb.blocks.get(band, [])):
        c = g.find(o)
        if c is not None:
            c.tapped = True
            _freeze_card(g, c)
            g.log(f"{c.name} is tapped and does not untap during its controller's next untap phase.")
    yield from g.note_taps()


define("Joven's Ferrets", triggers=(Trigger(Event.ATTACKS, _ferrets_attack, _attacks),
                                    Trigger(Event.END_OF_COMBAT, _ferrets_end)))


# Spectral Bears: declared as an attacker while the defending player controls
# no black permanents, it does not untap during its controller's next untap phase.
def _spectral_bears(g: Game, ctx: Ctx) -> Gen:
    me = ctx.source
    col = COLOR_LETTERS[g.word(me, "black")]
    if not any(col in g.chars(c).colors for c in g.permanents(1 - g.controller(me))):
        _freeze_card(g, me)
        g.log(f"{me.name} does not untap during its controller's next untap phase.")
    return
    yield


define("Spectral Bears", triggers=(Trigger(Event.ATTACKS, _spectral_bears, _attacks),))


# Sea Troll: "{U}: Regenerate. Use this ability only during a turn in which
# Sea Troll blocked a blue creature or a blue creature blocked Sea Troll".
def _sea_troll_marks(g: Game, ctx: Ctx) -> Gen:
    me = ctx.source
    col = COLOR_LETTERS[g.word(me, "blue")]
    if any(col in g.chars(c).colors for c in _facing(g, me)):
        me.flags["fought blue"] = g.turn
    return
    yield


define("Sea Troll", triggers=(Trigger(Event.BLOCKERS_DECLARED, _sea_troll_marks),), abilities=(
    Ability("{U}: Regenerate (only in a turn it blocked or was blocked by a blue creature)", Cost(_mana("{U}")),
            nothing, regenerate=True, condition=lambda g, c: c.flags.get("fought blue") == g.turn),))


# Reef Pirates: each time it damages an opponent, the top card of that
# player's library goes to their graveyard.
def _pirates(g: Game, ctx: Ctx) -> Gen:
    p = ctx.data["packet"].receiver
    if p.library:
        c = g.move(p.library[0], "graveyard")
        g.log(f"{c.name} is put from the top of {p.name}'s library into their graveyard (Reef Pirates).")
    return
    yield


define("Reef Pirates", triggers=(Trigger(Event.DAMAGE_DEALT, _pirates, lambda g, src, d: (
    d["packet"].source_oid == src.oid and isinstance(d["packet"].receiver, Player)
    and d["packet"].receiver.idx != g.controller(src))),))


# Rysorian Badger: attacking and unblocked, its controller may have it deal
# no combat damage to the defending player this turn, to remove up to two
# creature cards of that player's graveyard from the game, gaining 1 life for
# each. Asked once blockers are declared.
def _badger(g: Game, ctx: Ctx) -> Gen:
    me, cb = ctx.source, ctx.data["combat"]
    band = cb.band_of(me.oid)
    if band is None or band in cb.blocked:
        return
    p = ctx.controller
    opp = g.players[cb.defender]
    dead = [c for c in opp.graveyard if "creature" in c.cdef.types]
    if not dead:
        return
    ans = yield from g.ask(p, DecisionKind.CHOOSE, "Rysorian Badger: deal no damage to the defending player to "
                           "remove up to two creatures in their graveyard from the game?",
                           ["choose yes", "choose no"], decline="choose no", about="Rysorian Badger")
    if ans != "choose yes":
        return
    oid = me.oid
    g.effects.append(Effect(g.stamp(), None, lambda g2, card, c: None, "eot", applies=lambda g2, card, c: False,
                            hooks=EffectHooks(reduce_damage=lambda g2, pk: pk.combat and pk.source_oid == oid
                                              and isinstance(pk.receiver, Player))))
    g.log(f"{me.name} deals no damage to {opp.name} this turn.")
    n = 0
    for _ in range(2):
        dead = [c for c in opp.graveyard if "creature" in c.cdef.types]
        if not dead:
            break
        ch = list(dict.fromkeys(f"choose {ref(g, c)}" for c in dead))
        ans = yield from g.ask(p, DecisionKind.CHOOSE, "Rysorian Badger: remove a creature from the game",
                               ch + ["choose none"], decline="choose none", about="Rysorian Badger",
                               parser=g.parser_for(p, ch + ["choose none"]))
        if ans == "choose none":
            break
        c = next(c for c in dead if f"choose {ref(g, c)}" == ans)
        g.move(c, "removed")
        g.log(f"{c.name} is removed from the game.")
        n += 1
    if n:
        g.gain_life(p, n)


define("Rysorian Badger", triggers=(Trigger(Event.BLOCKERS_DECLARED, _badger,
                                            lambda g, src, d: d["combat"].band_of(src.oid) is not None),))


# ------------------------------------------------------------------ power and toughness of their own

# An-Havva Constable: toughness 1 plus the green creatures in play (both
# players', itself included); layer -1 as a printed */*.
define("An-Havva Constable", statics=(static_for(
    self_only, lambda g, card, c: c.set_pt(2, 1 + _green_creatures(g, card)), layer=-1),))


# Aysen Crusader: power and toughness 2 plus the Heroes its controller controls.
def _crusader(g: Game, card: Card, c: Chars) -> None:
    n = 2 + sum(1 for x in g.creatures(c.controller) if _has_sub(g.chars(x), "hero", "heroes"))
    c.set_pt(n, n)


define("Aysen Crusader", statics=(static_for(self_only, _crusader, layer=-1),))


# ------------------------------------------------------------------ targeting

# Autumn Willow: it cannot be the target of spells or effects, but of those
# controlled by a player its "{G}: Target player may target Autumn Willow with
# spells or effects until end of turn" named this turn.
def _willow_allows(g: Game, card: Card, spell: Spell) -> bool:
    turn, allowed = card.flags.get("willow", (-1, ()))
    return turn == g.turn and spell.controller in allowed


def _willow_allow(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    turn, allowed = src.flags.get("willow", (-1, ()))
    allowed = tuple(allowed) if turn == g.turn else ()
    for p in each_target(ctx):
        if src.zone == "battlefield" and p.idx not in allowed:
            allowed += (p.idx,)
            g.log(f"{p.name} may target Autumn Willow this turn.")
    src.flags["willow"] = (g.turn, allowed)
    return
    yield


define("Autumn Willow", hooks=Hooks(can_be_targeted=_willow_allows), abilities=(
    Ability("{G}: Target player may target Autumn Willow with spells or effects until end of turn",
            Cost(_mana("{G}")), _willow_allow, targets=(PLAYER,)),))


# ------------------------------------------------------------------ redirection and prevention

_WHITE_DAMAGED = TargetSpec("white creature being damaged", kinds(Kind.PERMANENT),
                            lambda g, ctx, o: "creature" in g.chars(o).types
                            and COLOR_LETTERS[g.word(ctx.source, "white")] in g.chars(o).colors, damaged=True)
_MY_WHITE_DAMAGED = TargetSpec("white creature you control being damaged", kinds(Kind.PERMANENT),
                               lambda g, ctx, o: "creature" in g.chars(o).types
                               and COLOR_LETTERS[g.word(ctx.source, "white")] in g.chars(o).colors
                               and g.controller(o) == ctx.controller, damaged=True)
define("Daughter of Autumn", abilities=(Ability(
    "{W}: Redirect to Daughter of Autumn 1 damage dealt to a white creature", Cost(_mana("{W}")),
    _redirect_to_source(lambda ctx: 1), targets=(_WHITE_DAMAGED,), prevention=True),))
define("Hazduhr the Abbot", abilities=(Ability(
    "{X}, {T}: Redirect to Hazduhr the Abbot X damage dealt to any white creature you control",
    Cost(_mana("{X}"), tap=True), _redirect_to_source(lambda ctx: ctx.x), targets=(_MY_WHITE_DAMAGED,),
    prevention=True, x=True),))


# Samite Alchemist: up to 4 damage to a creature its controller controls is
# prevented; that creature is tapped and does not untap next time.
def _alchemist(g: Game, ctx: Ctx) -> Gen:
    yield from prevent_to_target(4)(g, ctx)
    for t in each_target(ctx):
        if t.zone == "battlefield":
            t.tapped = True
            _freeze_card(g, t)
            g.log(f"{t.name} is tapped and does not untap during its controller's next untap phase.")
    yield from g.note_taps()


define("Samite Alchemist", abilities=(Ability(
    "{W}{W}, {T}: Prevent up to 4 damage to a creature you control. Tap that creature; it does not untap during "
    "your next untap phase", Cost(_mana("{W}{W}"), tap=True), _alchemist,
    targets=(TargetSpec("creature you control being damaged", kinds(Kind.PERMANENT),
                        lambda g, ctx, o: "creature" in g.chars(o).types and g.controller(o) == ctx.controller,
                        damaged=True),), prevention=True),))

define("Serra Paladin", abilities=(
    Ability("{T}: Prevent 1 damage to any creature or player", Cost(tap=True), prevent_to_target(1),
            targets=(DAMAGED_CREATURE_OR_PLAYER,), prevention=True),
    Ability("{1}{W}{W}, {T}: Attacking this turn does not cause target creature to tap",
            Cost(_mana("{1}{W}{W}"), tap=True), grant("does not tap to attack"), targets=(CREATURE,))))


# ------------------------------------------------------------------ damage

# Reveka, Wizard Savant: 2 damage; Reveka does not untap during its controller's next untap phase.
def _reveka(g: Game, ctx: Ctx) -> Gen:
    yield from damage(2)(g, ctx)
    if ctx.source.zone == "battlefield":
        _freeze_card(g, ctx.source)


define("Reveka, Wizard Savant", abilities=(Ability(
    "{T}: Reveka deals 2 damage to target creature or player and does not untap during your next untap phase",
    Cost(tap=True), _reveka, targets=(CREATURE_OR_PLAYER,)),))


# Dwarven Sea Clan: during combat, {T}: at end of combat, 2 damage to the
# target attacking or blocking creature, whose controller controls islands.
def _in_combat(g: Game, c: Card) -> bool:
    return g.combat is not None and g.combat.involves(c.oid)


def _sea_clan(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    # the source as it is now: the damage comes from it even if it has left play by then
    ch = g.chars(src)
    source = {"name": src.name, "oid": src.oid, "colors": frozenset(ch.colors), "types": frozenset(ch.types),
              "controller": ctx.controller}
    for t in each_target(ctx):
        oid = t.oid

        def hit(g2: Game, ctx2: Ctx, oid: int = oid) -> Gen:
            c = g2.find(oid)
            if c is not None:
                g2.deal_damage(source, c, 2)
            yield from g2.settle()
        g.delayed.append(Delayed(Event.END_OF_COMBAT, hit, ctx.controller, "Dwarven Sea Clan", turn=g.turn))
        g.log(f"Dwarven Sea Clan will deal 2 damage to {t.name} at end of combat.")
    return
    yield


define("Dwarven Sea Clan", abilities=(Ability(
    "{T}: At end of combat, Dwarven Sea Clan deals 2 damage to target attacking or blocking creature whose "
    "controller controls islands", Cost(tap=True), _sea_clan,
    targets=(creature_where("target attacking or blocking creature whose controller controls islands",
                            lambda g, ctx, c: _in_combat(g, c)
                            and bool(lands_of_type(g, ctx.source, g.controller(c), "island"))),)),))


# Heart Wolf: during combat, {T}: target Dwarf gains first strike and +2/+0
# until end of turn; if that Dwarf leaves play this turn, Heart Wolf is buried.
def _heart_wolf(g: Game, ctx: Ctx) -> Gen:
    wolf = ctx.source
    for t in each_target(ctx):
        _eot_effect(g, t, _both(keyword_mod("first strike"), pump_mod(2, 0)), "gains first strike and gets +2/+0")
        oid, wolf_oid = t.oid, wolf.oid

        def gone(g2: Game, d: Delayed, data: dict, oid: int = oid) -> bool:
            return g2.find(oid) is None

        def bury(g2: Game, ctx2: Ctx, wolf_oid: int = wolf_oid) -> Gen:
            w = g2.find(wolf_oid)
            if w is not None:
                g2.log("The Dwarf left play: Heart Wolf is buried.")
                g2.destroy(w, bury=True)
                yield from g2.settle()
        g.delayed.append(Delayed(Event.STATE, bury, ctx.controller, "Heart Wolf", condition=gone, turn=g.turn))
    return
    yield


define("Heart Wolf", abilities=(Ability(
    "{T}: Target Dwarf gains first strike and gets +2/+0 until end of turn. If that Dwarf leaves play this turn, "
    "bury Heart Wolf. Use this ability only when attack or defense is announced", Cost(tap=True), _heart_wolf,
    targets=(_DWARF,), condition=lambda g, c: g.combat is not None),))


# Orcish Mine: three ore counters; one is removed in its controller's upkeep
# and each time the enchanted land becomes tapped; when the last one is
# removed the land is destroyed and the Mine deals 2 damage to its controller.
def _ore(g: Game, mine: Card) -> Gen:
    if mine.zone != "battlefield" or not mine.counters.get("ore"):
        return
    add_counters(g, mine, "ore", -1)
    if mine.counters.get("ore", 0) == 0:
        land = g.enchanted(mine)
        if land is not None:
            p = g.controller(land)
            g.destroy(land)
            g.deal_damage(mine, g.players[p], 2)
    yield from g.settle()


def _ore_upkeep(g: Game, ctx: Ctx) -> Gen:
    yield from _ore(g, ctx.source)


def _ore_tapped(g: Game, ctx: Ctx) -> Gen:
    yield from _ore(g, ctx.source)


_mine_ab, _mine_end = during_upkeep("Remove an ore counter from Orcish Mine", _ore_upkeep)
define("Orcish Mine", enchant=LAND, on_enter=enters_with_counters("ore", 3), abilities=(_mine_ab,),
       hooks=Hooks(end_of_upkeep=_mine_end),
       triggers=(Trigger(Event.BECOMES_TAPPED, _ore_tapped, lambda g, src, d: d["card"].oid == src.attached_to),))


# ------------------------------------------------------------------ blue permanents

# Chain Stasis: tap or untap target creature (chosen as it is cast); then
# that creature's controller may pay {2}{U} to do it again to any creature,
# and so on, each time by the controller of the creature last affected.
def _stasis_once(g: Game, c: Card, tap: bool) -> None:
    c.tapped = tap
    g.log(f"{c.name} is {'tapped' if tap else 'untapped'} (Chain Stasis).")


#: each link of the chain is Chain Stasis's, a blue card: its color (not a word of its text)
_CHAIN_COLORS = frozenset("U")


def _chain_stasis(g: Game, ctx: Ctx) -> Gen:
    tap = ctx.chosen("choice", "tap") == "tap"
    last: Card | None = None
    for t in each_target(ctx):
        _stasis_once(g, t, tap)
        last = t
    yield from g.note_taps()
    while last is not None:
        p = g.controller(last) if last.zone == "battlefield" else last.controller
        cands = [c for c in g.creatures() if g.targetable(c, _CHAIN_COLORS)]
        if not cands:
            return
        paid = yield from pay_to_use(g, p, "{2}{U}", "Chain Stasis: pay {2}{U} to tap or untap a creature?",
                                     "Chain Stasis")
        if not paid:
            return
        ch = [f"choose {ref(g, c)}" for c in cands]
        ans = yield from g.ask(p, DecisionKind.CHOOSE, "Chain Stasis: choose a creature to tap or untap", ch,
                               about="Chain Stasis", parser=g.parser_for(p, ch))
        last = cands[ch.index(ans)]
        how = yield from g.ask(p, DecisionKind.CHOOSE, f"Chain Stasis: tap or untap {ref(g, last)}?",
                               ["choose tap", "choose untap"], about="Chain Stasis")
        _stasis_once(g, last, how == "choose tap")
        yield from g.note_taps()


define("Chain Stasis", spell=SpellSpec(_chain_stasis, targets=(CREATURE,), announce=(
    Announce("choice", "tap or untap", lambda g, ctx: ["tap", "untap"]),)))


# Coral Reef: four polyp counters; {0}: sacrifice an island for two more;
# {U}: remove a polyp counter (a cost) to tap target untapped blue creature
# its controller controls and put a +0/+1 counter on target creature.
def _two_polyps(g: Game, ctx: Ctx) -> Gen:
    if ctx.source.zone == "battlefield":
        add_counters(g, ctx.source, "polyp", 2)
    return
    yield


def _coral_reef(g: Game, ctx: Ctx) -> Gen:
    blue, other = (ctx.targets + [None, None])[:2]
    if blue is not None:
        blue.tapped = True
        g.log(f"{blue.name} is tapped (Coral Reef).")
        yield from g.note_taps()
    if other is not None:
        add_counters(g, other, "+0/+1", 1)


_MY_UNTAPPED_BLUE = creature_where("target untapped blue creature you control",
                                   lambda g, ctx, c: not c.tapped and g.controller(c) == ctx.controller
                                   and COLOR_LETTERS[g.word(ctx.source, "blue")] in g.chars(c).colors)
define("Coral Reef", on_enter=enters_with_counters("polyp", 4), abilities=(
    Ability("{0}: Sacrifice an island to put two polyp counters on Coral Reef", Cost(sacrifice="island"),
            _two_polyps),
    Ability("{U}: Tap target blue creature you control and remove a polyp counter from Coral Reef to put a +0/+1 "
            "counter on target creature", Cost(_mana("{U}"), remove_counter="polyp"), _coral_reef,
            targets=(_MY_UNTAPPED_BLUE, CREATURE))))


# Dark Maze: "{0}: Dark Maze can attack this turn as though it were not a
# Wall. At end of turn, remove Dark Maze from the game."
def _dark_maze(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    if src.zone != "battlefield":
        return
    g.effects.append(Effect(g.stamp(), src.oid, flag_mod("wall can attack"), "eot"))
    oid = src.oid

    def remove(g2: Game, ctx2: Ctx) -> Gen:
        c = g2.find(oid)
        if c is not None:
            g2.move(c, "removed")
            g2.log(f"{c.name} is removed from the game.")
        return
        yield
    g.delayed.append(Delayed(Event.END_OF_TURN, remove, ctx.controller, "Dark Maze", turn=g.turn))
    g.log("Dark Maze can attack this turn; at end of turn it is removed from the game.")
    return
    yield


define("Dark Maze", abilities=(Ability("{0}: Dark Maze can attack this turn as though it were not a Wall. At end "
                                       "of turn, remove Dark Maze from the game", Cost(), _dark_maze),))


# Giant Albatross: as it is put into the graveyard from play (the only time
# its ability can be used), its controller may pay {1}{U}: each creature
# still in play that damaged it this turn is buried unless its controller
# pays 2 life (life, not damage: nothing prevents it).
def _albatross(g: Game, ctx: Ctx) -> Gen:
    p = ctx.data["controller"]
    culprits = [c for o in sorted(ctx.data["damaged_by"]) if (c := g.find(o)) is not None and g.is_creature(c)]
    if not culprits:
        return
    paid = yield from pay_to_use(g, p, "{1}{U}", "Giant Albatross: pay {1}{U} to bury the creatures that damaged "
                                 "it this turn?", "Giant Albatross")
    if not paid:
        return
    for c in culprits:
        if c.zone != "battlefield":
            continue
        q = g.controller(c)
        if g.players[q].life >= 2:
            ans = yield from g.ask(q, DecisionKind.CHOOSE, f"Giant Albatross: pay 2 life to keep {ref(g, c)}?",
                                   ["choose yes", "choose no"], decline="choose no", about="Giant Albatross")
            if ans == "choose yes":
                g.lose_life(q, 2, " (Giant Albatross)")
                continue
        g.destroy(c, bury=True)
    yield from g.settle()


define("Giant Albatross", triggers=(Trigger(Event.TO_GRAVEYARD, _albatross,
                                            lambda g, src, d: d["card"] is src, zones=("graveyard",)),))


# Giant Oyster: it may stay tapped. {T}: the target tapped creature does not
# untap as long as the Oyster remains tapped; in its controller's upkeeps the
# creature gets a -1/-1 counter; when the Oyster untaps or leaves play, those
# counters are removed.
def _oyster_holds(g: Game, src: Card, card: Card, c: Chars) -> bool:
    return src.tapped and src.flags.get("oyster") == card.oid


def _oyster(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    for t in each_target(ctx):
        src.flags["oyster"] = t.oid
        src.flags["oyster_counters"] = 0
        oid, src_oid = t.oid, src.oid

        def released(g2: Game, d: Delayed, data: dict, src_oid: int = src_oid, oid: int = oid) -> bool:
            s = g2.find(src_oid)
            return s is None or not s.tapped or s.flags.get("oyster") != oid

        def release(g2: Game, ctx2: Ctx, src_oid: int = src_oid, oid: int = oid) -> Gen:
            s = g2.find(src_oid)
            c = g2.find(oid)
            n = ctx2.data["delayed"].data.get("n", 0)
            if s is not None and s.flags.get("oyster") == oid:
                n = s.flags.pop("oyster_counters", 0)
                s.flags.pop("oyster", None)
            if c is not None and n:
                add_counters(g2, c, "-1/-1", -n)
            return
            yield
        g.delayed.append(Delayed(Event.STATE, release, ctx.controller, "Giant Oyster", condition=released,
                                 data={"n": 0}))
        g.log(f"{t.name} does not untap as long as Giant Oyster remains tapped.")
    return
    yield


def _oyster_upkeep(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    c = g.find(src.flags.get("oyster", -1)) if src.tapped else None
    if c is not None:
        add_counters(g, c, "-1/-1", 1)
        src.flags["oyster_counters"] = src.flags.get("oyster_counters", 0) + 1
        for d in g.delayed:
            if d.name == "Giant Oyster" and d.controller == g.controller(src):
                d.data["n"] = src.flags["oyster_counters"]
    yield from g.settle()


def _oyster_holding(g: Game, card: Card) -> bool:
    return card.tapped and g.find(card.flags.get("oyster", -1)) is not None


# the upkeep counter is a demand only while the Oyster holds a creature
_oy_ab, _oy_any_end = during_upkeep("Put a -1/-1 counter on the creature Giant Oyster holds", _oyster_upkeep)
_oy_ab = replace(_oy_ab, condition=lambda g, c: upkeep_of()(g, c) and _oyster_holding(g, c))


def _oy_end(g: Game, card: Card) -> Gen:
    if _oyster_holding(g, card):
        yield from _oy_any_end(g, card)
define("Giant Oyster", hooks=Hooks(may_stay_tapped=lambda g, c: True, end_of_upkeep=_oy_end),
       statics=(Static(applies=_oyster_holds, modify=lambda g, src, card, c: c.flags.add("doesn't untap"),
                       active=lambda g, src: True),),
       abilities=(Ability("{T}: Target tapped creature does not untap as long as Giant Oyster remains tapped",
                          Cost(tap=True), _oyster,
                          targets=(creature_where("target tapped creature", lambda g, ctx, c: c.tapped),)),
                  _oy_ab))


# ------------------------------------------------------------------ white

# Trade Caravan: a currency counter in each of its controller's upkeeps;
# "{0}: Remove two currency counters to untap target basic land. Use this
# ability only during any opponent's upkeep."
def _currency(g: Game, ctx: Ctx) -> Gen:
    if ctx.source.zone == "battlefield":
        add_counters(g, ctx.source, "currency", 1)
    return
    yield


_car_ab, _car_end = during_upkeep("Put a currency counter on Trade Caravan", _currency)
define("Trade Caravan", hooks=Hooks(end_of_upkeep=_car_end), abilities=(
    _car_ab,
    Ability("{0}: Remove two currency counters to untap target basic land. Use this ability only during an "
            "opponent's upkeep", Cost(remove_counter="currency", counters=2), untap_targets,
            targets=(permanent_target("target basic land", lambda g, ctx, c: "land" in g.chars(c).types
                                      and "basic" in g.chars(c).supertypes),),
            condition=lambda g, c: g.phase == "upkeep" and g.active != g.controller(c))))


# ------------------------------------------------------------------ artifacts

define("Clockwork Gnomes", abilities=(Ability("{3}, {T}: Regenerate target artifact creature",
                                              Cost(_mana("{3}"), tap=True), nothing, regenerate=True,
                                              targets=(_ARTIFACT_CREATURE,)),))
_clockwork("Clockwork Steed", 4, hooks=Hooks(can_be_blocked_by=lambda g, attacker, blocker:
                                              "artifact" not in g.chars(blocker).types))
_clockwork("Clockwork Swarm", 4, hooks=Hooks(can_be_blocked_by=lambda g, attacker, blocker:
                                              "wall" not in g.chars(blocker).subtypes))

define("Joven's Tools", abilities=(Ability("{4}, {T}: Target creature cannot be blocked this turn except by Walls",
                                           Cost(_mana("{4}"), tap=True),
                                           until_eot(flag_mod("blockable only by walls")), targets=(CREATURE,)),))


# Serrated Arrows: three arrowhead counters; in its controller's upkeep it is
# buried if it has none; {T}: remove one to put a -1/-1 counter on target creature.
def _arrows_upkeep(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    if src.zone == "battlefield" and not src.counters.get("arrowhead"):
        g.log("Serrated Arrows has no arrowhead counters: it is buried.")
        yield from _bury_self(g, src)


def _minus_counter(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        add_counters(g, t, "-1/-1", 1)
    return
    yield


_arr_ab, _arr_end = during_upkeep("Bury Serrated Arrows if it has no arrowhead counters", _arrows_upkeep)
define("Serrated Arrows", on_enter=enters_with_counters("arrowhead", 3), hooks=Hooks(end_of_upkeep=_arr_end),
       abilities=(_arr_ab, Ability("{T}: Remove an arrowhead counter to put a -1/-1 counter on target creature",
                                   Cost(tap=True, remove_counter="arrowhead"), _minus_counter,
                                   targets=(CREATURE,))))


# Apocalypse Chime: buries every card from Homelands in play, whoever
# controls it: a card whose name was first printed in Homelands (as Golgothian
# Sylex reads "cards from the Antiquities expansion"); tokens are not cards.
_BEFORE_HML = frozenset({"LEA", "LEB", "2ED", "3ED", "ARN", "ATQ", "LEG", "DRK", "FEM", "4ED", "ICE", "CHR"})


def _from_homelands(g: Game, card: Card) -> bool:
    sets = carddb.printings(card.name)
    return not card.token and "HML" in sets and not sets & _BEFORE_HML


define("Apocalypse Chime", abilities=(Ability(
    "{2}, {T}: Sacrifice Apocalypse Chime to bury all cards from the Homelands expansion",
    Cost(_mana("{2}"), tap=True, sacrifice_self=True), destroy_all(_from_homelands, bury=True)),))


# ------------------------------------------------------------------ ante

# Timmerian Fiends (an ante card: out of the deck when the duel is not for
# ante). "{B}{B}{B}: Sacrifice Timmerian Fiends to bury target artifact that
# any opponent owns in your graveyard. Put Timmerian Fiends into that
# opponent's graveyard. This change in ownership is permanent. The opponent
# may ante an additional card to counter this effect." The sacrifice is the
# cost; as the effect resolves the artifact's owner may ante the top card of
# their library to counter it (the Fiends then stay in their owner's
# graveyard); otherwise the artifact becomes its controller's for good and is
# buried into their graveyard, and the Fiends become the opponent's, in the
# opponent's graveyard (as Tempest Efreet's exchange: Duel.final_owners
# carries both changes to the collections).
def _fiends(g: Game, ctx: Ctx) -> Gen:
    art = ctx.target
    if art is None or art.zone != "battlefield":
        return
    me, q = ctx.me, art.owner
    opp = g.players[q]
    if opp.library:
        ans = yield from g.ask(q, DecisionKind.CHOOSE, "Timmerian Fiends: ante the top card of your library to "
                               f"keep {ref(g, art)}?", ["choose yes", "choose no"], decline="choose no",
                               about="Timmerian Fiends")
        if ans == "choose yes" and ante_top_card(g, q) is not None:
            g.log(f"{opp.name} antes another card: Timmerian Fiends' effect is countered.")
            return
    art.owner = me.idx
    g.log(f"{art.name} now belongs to {me.name}.")
    g.destroy(art, bury=True)
    # the Fiends sacrificed: the card of the same origin, else the top Timmerian Fiends of the graveyard
    mine = [c for c in me.graveyard if c.name == "Timmerian Fiends"]
    fiends = next((c for c in mine if c.origin is not None and c.origin == ctx.source.origin), None) \
        or (mine[0] if mine else None)
    if fiends is not None:
        me.graveyard.remove(fiends)
        fiends.owner = fiends.controller = q
        opp.graveyard.insert(0, fiends)
        g.log(f"Timmerian Fiends now belongs to {opp.name}.")
    yield from g.settle()


define("Timmerian Fiends", hooks=Hooks(ante_card=True), abilities=(Ability(
    "{B}{B}{B}: Sacrifice Timmerian Fiends to bury target artifact an opponent owns into your graveyard, for good; "
    "the Fiends go to that opponent. The opponent may ante an additional card to counter this",
    Cost(_mana("{B}{B}{B}"), sacrifice_self=True), _fiends,
    targets=(permanent_target("target artifact an opponent owns", lambda g, ctx, c: "artifact" in g.chars(c).types
                              and c.owner != ctx.controller),)),))
