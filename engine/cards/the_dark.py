"""The Dark (DRK): cards not reprinted in Fourth Edition, with their own
printed text (``engine/data/cards.json``)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Iterable

from ..carddb import define
from ..ctx import Ctx
from ..decisions import DecisionKind
from ..effects import (creature_of, ARTIFACT, CREATURE, CREATURE_OR_PLAYER, PLAYER, add_counters, bounce_targets, choose_to_copy,
                       create_token, creature_where, damage, destroy_all, destroy_self, discard_card, destroy_targets,
                       during_upkeep, each_target, flag_mod, gain_life, keyword_mod, on_source, pay_to_use,
                       permanent_target, pump, pump_mod, regeneration, self_only, static_for, until_eot, upkeep_cost)
from ..effects import colors_in_text, grant, lands_of_type  # words of the card's text (Magical Hack)
from ..hooks import EffectHooks, Hooks
from ..mana import COLOR_LETTERS, ManaCost
from ..model import (Ability, Announce, CardDef, Cost, Delayed, EffectFn, Event, Gen, Kind, ManaAbility, Speed, SpellSpec, Static,
                     Target, TargetSpec, Trigger, kinds)
from ..objects import Card, Chars, Effect, Packet, Spell
from ..refs import ref
from ..words import counted

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

_BASIC_LAND_TYPES = frozenset({"plains", "island", "swamp", "mountain", "forest"})


def _mana(s: str) -> ManaCost:
    return ManaCost.parse(s)


def _goblin(c: Chars) -> bool:
    return "creature" in c.types and any(s in ("goblin", "goblins") for s in c.subtypes)


# ------------------------------------------------------------------ creatures without abilities
for _name in ("Goblin Hero", "Squire", "Knights of Thorn"):
    define(_name)
# "Counts as both a green card and a red card": colors named by the text (Sleight of Mind)
for _name in ("Scarwood Goblins", "Marsh Goblins"):
    define(_name, hooks=Hooks(base_chars=colors_in_text))

define("Drowned", abilities=(regeneration("{B}"),))


# Bog Rats: the flag "unblockable by walls" (also given by Tower of Coireall).
define("Bog Rats", statics=(static_for(self_only, flag_mod("unblockable by walls")),))


# ------------------------------------------------------------------ lands

# Maze of Ith: the attacking creature untaps, and until end of turn it neither
# deals nor is dealt combat damage (a continuous effect reducing such damage to
# 0, as Fog does for all combat damage).
def _maze(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        if not isinstance(t, Card) or t.zone != "battlefield":
            continue
        t.tapped = False
        oid = t.oid
        g.effects.append(Effect(g.stamp(), oid, lambda g2, card, c: None, "eot",
                                applies=lambda g2, card, c: False,
                                hooks=EffectHooks(reduce_damage=lambda g2, pk, oid=oid: pk.combat and (
                                    pk.source_oid == oid or (isinstance(pk.receiver, Card)
                                                             and pk.receiver.oid == oid)))))
        g.log(f"{t.name} untaps; it neither deals nor receives combat damage this turn.")
    return
    yield


_ATTACKING = creature_where("target attacking creature",
                            lambda g, ctx, c: g.combat is not None and g.combat.band_of(c.oid) is not None)
define("Maze of Ith", abilities=(Ability(
    "{T}: Target attacking creature untaps; it neither deals nor receives combat damage this turn",
    Cost(tap=True), _maze, targets=(_ATTACKING,)),))


# ------------------------------------------------------------------ enchantments

# Blood Moon: every non-basic land is a Mountain (a land type change: it has a
# Mountain's text box only, so it taps for {R} and loses its own abilities;
# 002 "Changing Land Types"). Basic lands (also snow-covered ones) are untouched.
# The land type as Blood Moon's text reads it (Magical Hack: "become islands").
def _nonbasic_land(g: Game, src: Card, card: Card, c: Chars) -> bool:
    return "land" in c.types and "basic" not in c.supertypes


def _make_mountain(g: Game, src: Card, card: Card, c: Chars) -> None:
    c.subtypes.difference_update(_BASIC_LAND_TYPES)
    c.subtypes.add(g.word(src, "mountain"))


define("Blood Moon", statics=(Static(applies=_nonbasic_land, modify=_make_mountain, active=lambda g, src: True,
                                     layer=1),))

# Hidden Path: the color and the landwalk as its text reads them (Sleight of Mind, Magical Hack).
define("Hidden Path", statics=(Static(
    applies=lambda g, src, card, c: "creature" in c.types and COLOR_LETTERS[g.word(src, "green")] in c.colors,
    modify=lambda g, src, card, c: c.keywords.add(g.swap_words("forestwalk", src))),))


# ------------------------------------------------------------------ instants and sorceries

def _riptide(g: Game, ctx: Ctx) -> Gen:
    """All blue creatures become tapped (the color as its text reads it: Sleight of Mind)."""
    word = g.word(ctx.source, "blue")
    for c in g.creatures():
        if COLOR_LETTERS[word] in g.chars(c).colors and not c.tapped:
            c.tapped = True
    g.log(f"All {word} creatures become tapped.")
    yield from g.note_taps()


define("Riptide", spell=SpellSpec(_riptide))


def _all_eot(test: Callable[[Chars], bool], modify: Callable[[Game, Card, Chars], None], what: str) -> EffectFn:
    """Every creature matching ``test`` now gets ``modify`` until end of turn."""
    def fn(g: Game, ctx: Ctx) -> Gen:
        for c in g.creatures():
            if test(g.chars(c)):
                g.effects.append(Effect(g.stamp(), c.oid, modify, "eot"))
        g.log(what)
        return
        yield
    return fn


def _holy_light(g: Game, ctx: Ctx) -> Gen:
    """All non-white creatures get -1/-1 (the color as its text reads it: Sleight of Mind)."""
    word = g.word(ctx.source, "white")
    yield from _all_eot(lambda c: COLOR_LETTERS[word] not in c.colors, pump_mod(-1, -1),
                        f"All non-{word} creatures get -1/-1 until end of turn.")(g, ctx)


define("Holy Light", spell=SpellSpec(_holy_light))
define("Tivadar's Crusade", spell=SpellSpec(destroy_all(lambda g, c: _goblin(g.chars(c)))))


def _remove_targets(g: Game, ctx: Ctx) -> Gen:
    """Each target still in play is removed from the game (Swords to Plowshares' way)."""
    for t in each_target(ctx):
        if isinstance(t, Card) and t.zone == "battlefield":
            g.move(t, "removed")
            g.log(f"{t.name} is removed from the game.")
    return
    yield


define("Dust to Dust", spell=SpellSpec(_remove_targets, targets=(ARTIFACT, ARTIFACT)))


# ------------------------------------------------------------------ creatures with abilities

def _black_creature(g: Game, ctx: Ctx, c: Card) -> bool:
    return COLOR_LETTERS[g.word(ctx.source, "black")] in g.chars(c).colors


define("Exorcist", abilities=(Ability("{1}{W}, {T}: Destroy target black creature", Cost(_mana("{1}{W}"), tap=True),
                                      destroy_targets(), targets=(creature_where("target black creature",
                                                                                 _black_creature),)),))
define("Merfolk Assassin", abilities=(Ability(
    "{T}: Destroy target creature that has islandwalk", Cost(tap=True), destroy_targets(),
    targets=(creature_where("target creature with islandwalk",
                            lambda g, ctx, c: g.swap_words("islandwalk", ctx.source) in g.chars(c).keywords),)),))
define("Goblin Digging Team", abilities=(Ability(
    "{T}, Sacrifice Goblin Digging Team: Destroy target Wall", Cost(tap=True, sacrifice_self=True),
    destroy_targets(), targets=(creature_of("wall", "target Wall"),)),))
define("Scavenger Folk", abilities=(Ability(
    "{G}, {T}, Sacrifice Scavenger Folk: Destroy target artifact", Cost(_mana("{G}"), tap=True, sacrifice_self=True),
    destroy_targets(), targets=(ARTIFACT,)),))
define("Savaen Elves", abilities=(Ability(
    "{G}{G}, {T}: Destroy target Enchant Land", Cost(_mana("{G}{G}"), tap=True), destroy_targets(),
    targets=(permanent_target("target Enchant Land", lambda g, ctx, c: "enchantment" in g.chars(c).types
                              and c.cdef.type_line.startswith("Enchant Land")),)),))


def _on_own_creature(g: Game, ctx: Ctx, c: Card) -> bool:
    host = g.enchanted(c) if "enchantment" in g.chars(c).types else None
    return host is not None and g.is_creature(host) and g.controller(host) == ctx.controller


define("Miracle Worker", abilities=(Ability(
    "{T}: Destroy target enchantment on a creature you control", Cost(tap=True), destroy_targets(),
    targets=(permanent_target("target enchantment on a creature you control", _on_own_creature),)),))

define("Witch Hunter", abilities=(
    Ability("{T}: Witch Hunter deals 1 damage to target player", Cost(tap=True), damage(1), targets=(PLAYER,)),
    Ability("{1}{W}{W}, {T}: Return target creature an opponent controls to its owner's hand",
            Cost(_mana("{1}{W}{W}"), tap=True), bounce_targets(),
            targets=(creature_where("target creature an opponent controls",
                                    lambda g, ctx, c: g.controller(c) != ctx.controller),)),
))


def _self_damage(n: int) -> EffectFn:
    """The source deals ``n`` damage to its controller (Wormwood Treefolk, Electric Eel)."""
    def fn(g: Game, ctx: Ctx) -> Gen:
        src = ctx.source
        if src is not None and src.zone == "battlefield":
            g.deal_damage(src, g.players[g.controller(src)], n)
        else:
            g.deal_damage(ctx.spell, g.players[ctx.controller], n)
        return
        yield
    return fn


def _and(*fns: EffectFn) -> EffectFn:
    def fn(g: Game, ctx: Ctx) -> Gen:
        for f in fns:
            yield from f(g, ctx)
    return fn


define("Wormwood Treefolk", abilities=(
    Ability("{G}{G}: Wormwood Treefolk gains forestwalk until end of turn and deals 2 damage to you",
            Cost(_mana("{G}{G}")), _and(on_source(grant("forestwalk")), _self_damage(2))),
    Ability("{B}{B}: Wormwood Treefolk gains swampwalk until end of turn and deals 2 damage to you",
            Cost(_mana("{B}{B}")), _and(on_source(grant("swampwalk")), _self_damage(2))),
))


def _lose_keyword(kw: str) -> EffectFn:
    """Each target loses the keyword until end of turn, as the text of the
    ability's card reads it when it resolves (Magical Hack)."""
    def fn(g: Game, ctx: Ctx) -> Gen:
        word = g.swap_words(kw, ctx.source)
        yield from until_eot(lambda g2, card, c: c.keywords.discard(word))(g, ctx)
    return fn


define("Scarwood Hag", abilities=(
    Ability("{G}{G}{G}{G}, {T}: Target creature gains forestwalk until end of turn",
            Cost(_mana("{G}{G}{G}{G}"), tap=True), grant("forestwalk"), targets=(CREATURE,)),
    Ability("{T}: Target creature loses forestwalk until end of turn", Cost(tap=True),
            _lose_keyword("forestwalk"), targets=(CREATURE,)),
))

# Electric Eel: 1 damage to its controller as it comes into play, and with each pump.
define("Electric Eel", on_enter=_self_damage(1), abilities=(Ability(
    "{R}{R}: +2/+0 until end of turn; Electric Eel deals 1 damage to you", Cost(_mana("{R}{R}")),
    _and(on_source(pump(2, 0)), _self_damage(1))),))


def _opponent_has_island(g: Game, card: Card, c: Chars) -> bool:
    return bool(lands_of_type(g, card, 1 - c.controller, "island"))


define("Water Wurm", statics=(static_for(lambda g, src, card, c: src is card and _opponent_has_island(g, card, c),
                                         pump_mod(0, 1)),))


def _people(g: Game, card: Card, c: Chars) -> None:
    c.toughness = len(lands_of_type(g, card, c.controller, "forest"))


define("People of the Woods", statics=(static_for(self_only, _people, layer=3),))


# Elves of Deep Shadow: the damage comes with the mana (a triggered effect of
# tapping it for mana: no interrupting the mana, the damage has its prevention step).
def _deep_shadow(g: Game, ctx: Ctx) -> Gen:
    g.deal_damage(ctx.source, g.players[g.controller(ctx.source)], 1)
    return
    yield


define("Elves of Deep Shadow", mana_abilities=(ManaAbility("B"),),
       triggers=(Trigger(Event.TAPPED_FOR_MANA, _deep_shadow, condition=lambda g, src, d: d["card"] is src),))

# ------------------------------------------------------------------ artifacts

define("Fountain of Youth", abilities=(Ability("{2}, {T}: Gain 1 life", Cost(_mana("{2}"), tap=True), gain_life(1)),))
define("Bone Flute", abilities=(Ability("{2}, {T}: All creatures get -1/-0 until end of turn",
                                        Cost(_mana("{2}"), tap=True),
                                        _all_eot(lambda c: True, pump_mod(-1, 0),
                                                 "All creatures get -1/-0 until end of turn.")),))
define("Tower of Coireall", abilities=(Ability(
    "{T}: Target creature cannot be blocked by Walls this turn", Cost(tap=True),
    until_eot(flag_mod("unblockable by walls")), targets=(CREATURE,)),))


# ------------------------------------------------------------------ choices made as an effect resolves

def _choose_card(g: Game, p: int, cards: list[Card], prompt: str, name: str) -> Gen:
    """Ask ``p`` to choose one of ``cards`` (in play or in a graveyard); None if there is none."""
    if not cards:
        return None
    ch = list(dict.fromkeys(f"choose {ref(g, c)}" for c in cards))
    ans = yield from g.ask(p, DecisionKind.CHOOSE, prompt, ch, about=name, parser=g.parser_for(p, ch))
    return next(c for c in cards if f"choose {ref(g, c)}" == ans)


def _sacrifice_one(g: Game, p: int, cards: list[Card], prompt: str, name: str) -> Gen:
    """``p`` sacrifices one of ``cards`` (asked when there is a choice); returns it or None."""
    if not cards:
        return None
    ch = list(dict.fromkeys(f"sacrifice {ref(g, c)}" for c in cards))
    ans = yield from g.ask(p, DecisionKind.SACRIFICE, prompt, ch, about=name, parser=g.parser_for(p, ch))
    victim = next(c for c in cards if f"sacrifice {ref(g, c)}" == ans)
    yield from g.put_in_graveyard([victim], how="sacrifice")
    return victim


def _graveyard_cards(g: Game, players: Iterable[int], test: Callable[[CardDef], bool]) -> list[Card]:
    return [c for i in players for c in g.players[i].graveyard if test(c.cdef)]


# ------------------------------------------------------------------ Sorrow's Path

# Sorrow's Path: exchange two of the opponent's blocking creatures (each blocks
# what the other blocked), only if both blocks stay legal; whenever it becomes
# tapped (for any reason), it deals 2 damage to its controller and to each
# creature its controller controls.
def _blocked_band(g: Game, oid: int) -> int | None:
    cb = g.combat
    return next((i for i, bl in sorted(cb.blocks.items()) if oid in bl), None) if cb is not None else None


def _sorrows_swap(g: Game, ctx: Ctx) -> Gen:
    a, b = ctx.targets[0], ctx.targets[1]
    cb = g.combat
    if a is None or b is None or cb is None:
        return
    ia, ib = _blocked_band(g, a.oid), _blocked_band(g, b.oid)
    if ia is None or ib is None or ia == ib:
        g.log("Sorrow's Path: those creatures do not block different attackers; nothing happens.")
        return
    ok = all(g.can_block(a, m) for m in (g.find(o) for o in cb.bands[ib]) if m is not None) and \
        all(g.can_block(b, m) for m in (g.find(o) for o in cb.bands[ia]) if m is not None)
    if not ok:
        g.log("Sorrow's Path: the exchange would make a block illegal; nothing happens.")
        return
    cb.blocks[ia] = [b.oid if o == a.oid else o for o in cb.blocks[ia]]
    cb.blocks[ib] = [a.oid if o == b.oid else o for o in cb.blocks[ib]]
    g.log(f"Sorrow's Path exchanges {a.name} and {b.name}.")
    return
    yield


def _sorrows_tapped(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    p = g.controller(src)
    g.deal_damage(src, g.players[p], 2)
    for c in g.creatures(p):
        g.deal_damage(src, c, 2)
    return
    yield


_OPP_BLOCKER = creature_where("target blocking creature an opponent controls",
                              lambda g, ctx, c: g.controller(c) != ctx.controller
                              and _blocked_band(g, c.oid) is not None)
define("Sorrow's Path", abilities=(Ability(
    "{T}: Exchange two of opponent's blocking creatures", Cost(tap=True), _sorrows_swap,
    targets=(_OPP_BLOCKER, _OPP_BLOCKER),
    condition=lambda g, c: g.combat is not None and g.step == "blocks" and not g.combat.damage_done),),
    triggers=(Trigger(Event.BECOMES_TAPPED, _sorrows_tapped, condition=lambda g, src, d: d["card"] is src),))


# ------------------------------------------------------------------ sorceries and instants, part 2

def _eternal_flame(g: Game, ctx: Ctx) -> Gen:
    n = len(lands_of_type(g, ctx.source, ctx.controller, "mountain"))
    g.deal_damage(ctx.spell, g.players[1 - ctx.controller], n)
    g.deal_damage(ctx.spell, g.players[ctx.controller], (n + 1) // 2)
    return
    yield


define("Eternal Flame", spell=SpellSpec(_eternal_flame))


def _reveal_hand(g: Game, p: int, who: int, name: str) -> None:
    """``who`` looks at ``p``'s hand: the log says what it holds (the logs are public to both players)."""
    hand = g.players[p].hand
    g.log(f"{name}: {g.players[p].name}'s hand is " + (", ".join(c.name for c in hand) or "empty") + ".")


def _inquisition(g: Game, ctx: Ctx) -> Gen:
    t = ctx.target
    if t is None:
        return
    _reveal_hand(g, t.idx, ctx.controller, "Inquisition")
    white = COLOR_LETTERS[g.word(ctx.source, "white")]  # as its text reads it (Sleight of Mind)
    n = sum(1 for c in t.hand if white in c.cdef.colors)
    g.deal_damage(ctx.spell, t, n)
    return
    yield


define("Inquisition", spell=SpellSpec(_inquisition, targets=(PLAYER,)))


def _amnesia(g: Game, ctx: Ctx) -> Gen:
    t = ctx.target
    if t is None:
        return
    _reveal_hand(g, t.idx, ctx.controller, "Amnesia")
    for c in [c for c in t.hand if "land" not in c.cdef.types]:
        yield from discard_card(g, t.idx, c, by=ctx.controller, why="Amnesia")


define("Amnesia", spell=SpellSpec(_amnesia, targets=(PLAYER,)))


# Martyr's Cry: every white creature is removed from the game; then each player
# draws a card for each white creature they controlled that was removed (the
# color as its text reads it: Sleight of Mind).
def _martyrs_cry(g: Game, ctx: Ctx) -> Gen:
    lost = [0, 0]
    white = COLOR_LETTERS[g.word(ctx.source, "white")]
    for c in [c for c in g.creatures() if white in g.chars(c).colors]:
        lost[g.controller(c)] += 1
        g.move(c, "removed")
        g.log(f"{c.name} is removed from the game.")
    for p in (g.active, 1 - g.active):
        if lost[p]:
            yield from g.draw(p, lost[p])
            g.log(f"{g.players[p].name} draws {counted(lost[p], 'card')}.")


define("Martyr's Cry", spell=SpellSpec(_martyrs_cry))


# Festival: cast only during the opponent's upkeep; that player's creatures
# cannot attack this turn (a global effect giving them "cannot attack").
def _festival(g: Game, ctx: Ctx) -> Gen:
    opp = 1 - ctx.controller
    g.effects.append(Effect(g.stamp(), None, flag_mod("cannot attack"), "eot",
                            applies=lambda g2, card, c: c.controller == opp and "creature" in c.types))
    g.log(f"{g.players[opp].name} may not declare an attack this turn.")
    return
    yield


define("Festival", spell=SpellSpec(_festival),
       hooks=Hooks(can_cast=lambda g, p, card: g.phase == "upkeep" and g.active != p))


# Fire and Brimstone: only during a turn in which the target player declared an
# attack (Player.attacked_this_turn).
define("Fire and Brimstone", spell=SpellSpec(
    lambda g, ctx: _fire_and_brimstone(g, ctx),
    targets=(TargetSpec("target player who declared an attack this turn", kinds(Kind.PLAYER),
                        lambda g, ctx, o: o.attacked_this_turn),)))


def _fire_and_brimstone(g: Game, ctx: Ctx) -> Gen:
    t = ctx.target
    if t is not None:
        g.deal_damage(ctx.spell, t, 4)
    g.deal_damage(ctx.spell, g.players[ctx.controller], 4)
    return
    yield


# ------------------------------------------------------------------ creatures, part 2

# Banshee: X damage, half rounded up to its controller and half rounded down to the target.
def _banshee(g: Game, ctx: Ctx) -> Gen:
    x = ctx.x
    if ctx.target is not None and x // 2:
        g.deal_damage(ctx.spell, ctx.target, x // 2)
    if (x + 1) // 2:
        g.deal_damage(ctx.spell, g.players[ctx.controller], (x + 1) // 2)
    return
    yield


define("Banshee", abilities=(Ability("{X}, {T}: Banshee deals X damage, half (rounded up) to you and half "
                                     "(rounded down) to target creature or player", Cost(_mana("{X}"), tap=True),
                                     _banshee, targets=(CREATURE_OR_PLAYER,), x=True),))


# Tracker: it and the target creature deal damage equal to their power to each other.
def _tracker(g: Game, ctx: Ctx) -> Gen:
    src, t = ctx.source, ctx.target
    if t is None or t.zone != "battlefield":
        return
    if src.zone == "battlefield":
        g.deal_damage(src, t, g.chars(src).power or 0)
    g.deal_damage(t, src, g.chars(t).power or 0)
    return
    yield


define("Tracker", abilities=(Ability("{G}{G}, {T}: Tracker and target creature deal damage equal to their power to "
                                     "each other", Cost(_mana("{G}{G}"), tap=True), _tracker, targets=(CREATURE,)),))


def _remove_from_graveyard(test: Callable[[CardDef], bool], whose: str,
                           then: Callable[[Game, Ctx, Card], Gen] | None = None) -> EffectFn:
    """Remove one card matching ``test`` from a graveyard (``whose``: "any" or
    "yours"), chosen as the effect resolves; ``then(g, ctx, card)`` follows."""
    def fn(g: Game, ctx: Ctx) -> Gen:
        ps = (ctx.controller,) if whose == "yours" else (g.active, 1 - g.active)
        c = yield from _choose_card(g, ctx.controller, _graveyard_cards(g, ps, test),
                                    f"{ctx.source.name}: choose a card to remove from the game", ctx.source.name)
        if c is None:
            g.log(f"{ctx.source.name}: there is no such card.")
            return
        g.move(c, "removed")
        g.log(f"{c.name} is removed from the game.")
        if then is not None:
            yield from then(g, ctx, c)
    return fn


def _gain(n: int) -> Callable[[Game, Ctx, Card], Gen]:
    def fn(g: Game, ctx: Ctx, c: Card) -> Gen:
        g.gain_life(ctx.controller, n)
        return
        yield
    return fn


def _untap_self(g: Game, ctx: Ctx, c: Card) -> Gen:
    if ctx.source.zone == "battlefield":
        ctx.source.tapped = False
        g.log(f"{ctx.source.name} untaps.")
    return
    yield


def _is_creature_card(d: CardDef) -> bool:
    return "creature" in d.types


def _any_graveyard_has(test: Callable[[CardDef], bool]) -> Callable[[Game, Card], bool]:
    return lambda g, c: bool(_graveyard_cards(g, (0, 1), test))


define("Grave Robbers", abilities=(Ability(
    "{B}, {T}: Remove an artifact in any graveyard from the game; gain 2 life", Cost(_mana("{B}"), tap=True),
    _remove_from_graveyard(lambda d: "artifact" in d.types, "any", _gain(2)),
    condition=_any_graveyard_has(lambda d: "artifact" in d.types)),))
define("Eater of the Dead", abilities=(Ability(
    "{0}: Remove a creature in any graveyard from the game; untap Eater of the Dead", Cost(),
    _remove_from_graveyard(_is_creature_card, "any", _untap_self),
    condition=lambda g, c: c.tapped and bool(_graveyard_cards(g, (0, 1), _is_creature_card))),))


# Necropolis: {0}: remove a creature in your graveyard from the game and put X
# +0/+1 counters on Necropolis, X the removed card's casting cost (converted).
def _necropolis_counters(g: Game, ctx: Ctx, c: Card) -> Gen:
    add_counters(g, ctx.source, "+0/+1", c.cdef.cost.total)
    return
    yield


define("Necropolis", abilities=(Ability(
    "{0}: Remove a creature in your graveyard from the game; put X +0/+1 counters on Necropolis, X its casting cost",
    Cost(), _remove_from_graveyard(_is_creature_card, "yours", _necropolis_counters),
    condition=lambda g, c: bool(_graveyard_cards(g, (g.controller(c),), _is_creature_card))),),
    subtypes=("wall",))


# Skull of Orm: an enchantment card from your graveyard to your hand (chosen as it resolves).
def _skull(g: Game, ctx: Ctx) -> Gen:
    c = yield from _choose_card(g, ctx.controller,
                                _graveyard_cards(g, (ctx.controller,), lambda d: "enchantment" in d.types),
                                "Skull of Orm: choose an enchantment card", "Skull of Orm")
    if c is not None:
        g.move(c, "hand")
        g.log(f"{c.name} returns from {g.players[ctx.controller].name}'s graveyard to their hand.")


define("Skull of Orm", abilities=(Ability("{5}, {T}: Return an enchantment card from your graveyard to your hand",
                                          Cost(_mana("{5}"), tap=True), _skull),))


# Tormod's Crypt: every card in the target player's graveyard is removed from the game.
def _crypt(g: Game, ctx: Ctx) -> Gen:
    t = ctx.target
    if t is None:
        return
    for c in list(t.graveyard):
        g.move(c, "removed")
    g.log(f"All cards in {t.name}'s graveyard are removed from the game.")
    return
    yield


define("Tormod's Crypt", abilities=(Ability("{T}: Sacrifice Tormod's Crypt to remove all cards in target player's "
                                            "graveyard from the game", Cost(tap=True, sacrifice_self=True), _crypt,
                                            targets=(PLAYER,)),))


define("Book of Rass", abilities=(Ability("{2}: Pay 2 life to draw a card", Cost(_mana("{2}"), life=2),
                                          lambda g, ctx: _draw_one(g, ctx)),))


def _draw_one(g: Game, ctx: Ctx) -> Gen:
    yield from g.draw(ctx.controller, 1)
    g.log(f"{g.players[ctx.controller].name} draws a card.")


# Coal Golem: a mana ability with a cost ({3}, sacrifice): adds {R}{R}{R}.
define("Coal Golem", mana_abilities=(ManaAbility("R", Cost(_mana("{3}"), sacrifice_self=True), amount=3),))


# Standing Stones: {1}, {T}: one mana of any color, and its controller pays 1
# life (a mana ability cannot carry a life cost here: the life is paid as the mana
# is drawn, by the hook "mana_choice"; it is a loss of life, not damage).
def _stones_life(g: Game, card: Card, p: int, amount: int) -> Gen:
    g.lose_life(p, 1, " for Standing Stones")
    return amount
    yield


define("Standing Stones", mana_abilities=(ManaAbility("WUBRG", Cost(_mana("{1}"), tap=True)),),
       hooks=Hooks(mana_choice=_stones_life))


# ------------------------------------------------------------------ Goblins

def _enchanted_is_mountain(g: Game, src: Card, basic: bool) -> bool:
    host = g.enchanted(src)
    if host is None:
        return False
    ch = g.chars(host)
    return g.word(src, "mountain") in ch.subtypes and (not basic or "basic" in ch.supertypes)


define("Goblin Caves", enchant=permanent_target("target land", lambda g, ctx, c: "land" in g.chars(c).types),
       statics=(Static(applies=lambda g, src, card, c: _goblin(c) and _enchanted_is_mountain(g, src, True),
                       modify=lambda g, src, card, c: pump_mod(0, 2)(g, card, c), active=lambda g, src: True),))


def _shrine_leaves(g: Game, ctx: Ctx) -> Gen:
    for c in g.creatures():
        if _goblin(g.chars(c)):
            g.deal_damage(ctx.source, c, 1)
    return
    yield


define("Goblin Shrine", enchant=permanent_target("target land", lambda g, ctx, c: "land" in g.chars(c).types),
       statics=(Static(applies=lambda g, src, card, c: _goblin(c) and _enchanted_is_mountain(g, src, False),
                       modify=lambda g, src, card, c: pump_mod(1, 0)(g, card, c), active=lambda g, src: True),),
       # "if Goblin Shrine leaves play": put into the graveyard (the engine's leave-play event)
       triggers=(Trigger(Event.TO_GRAVEYARD, _shrine_leaves, condition=lambda g, src, d: d["card"] is src,
                         zones=("graveyard",)),))




# Orc General: {T}, sacrifice an Orc or Goblin (chosen as it resolves; itself an
# Orc? it is a "General", so not itself): all Orcs get +1/+1 until end of turn.
def _orc_general(g: Game, ctx: Ctx) -> Gen:
    p = ctx.controller
    cands = [c for c in g.creatures(p) if _goblin(g.chars(c)) or "orc" in g.chars(c).subtypes
             or "orcs" in g.chars(c).subtypes]
    v = yield from _sacrifice_one(g, p, cands, "Orc General: sacrifice an Orc or Goblin", "Orc General")
    if v is None:
        return
    yield from _all_eot(lambda c: bool({"orc", "orcs"} & c.subtypes), pump_mod(1, 1),
                        "All Orcs get +1/+1 until end of turn.")(g, ctx)


define("Orc General", abilities=(Ability("{T}: Sacrifice an Orc or Goblin: all Orcs get +1/+1 until end of turn",
                                         Cost(tap=True), _orc_general),))


# Goblin Wizard: {T}: put a Goblin from your hand into play (summoning sick);
# {R}: target Goblin gains protection from white until end of turn.
def _goblin_wizard(g: Game, ctx: Ctx) -> Gen:
    p = ctx.controller
    cands = [c for c in g.players[p].hand if "creature" in c.cdef.types
             and any(s in ("goblin", "goblins") for s in c.cdef.subtypes)]
    c = yield from _choose_card(g, p, cands, "Goblin Wizard: choose a Goblin to put into play", "Goblin Wizard")
    if c is None:
        g.log("Goblin Wizard: no Goblin in hand.")
        return
    new = g.move(c, "battlefield", controller=p)
    new.sick = True
    g.log(f"{g.players[p].name} puts {c.name} into play.")
    yield from g.entered(new)


define("Goblin Wizard", abilities=(
    Ability("{T}: Put a Goblin from your hand into play", Cost(tap=True), _goblin_wizard),
    Ability("{R}: Target Goblin gains protection from white until end of turn", Cost(_mana("{R}")),
            grant("protection from white"),
            targets=(creature_where("target Goblin", lambda g, ctx, c: _goblin(g.chars(c))),)),
))

# Dark Heart of the Wood: sacrifice a Forest (chosen as it resolves) to gain 3
# life; its colors are named by its text ("counts as both a black card and a
# green card"), as its land type is (Sleight of Mind, Magical Hack).
def _dark_heart(g: Game, ctx: Ctx) -> Gen:
    v = yield from _sacrifice_one(g, ctx.controller, lands_of_type(g, ctx.source, ctx.controller, "forest"),
                                  f"Dark Heart of the Wood: sacrifice a {g.word(ctx.source, 'forest')}",
                                  "Dark Heart of the Wood")
    if v is not None:
        g.gain_life(ctx.controller, 3)


define("Dark Heart of the Wood", abilities=(Ability(
    "Sacrifice a Forest: Gain 3 life", Cost(), _dark_heart,
    condition=lambda g, c: bool(lands_of_type(g, c, g.controller(c), "forest"))),), hooks=Hooks(base_chars=colors_in_text))


# Goblins of the Flarg: buried as soon as its controller controls a Dwarf (hook "state").
def _controls_dwarf(g: Game, card: Card) -> bool:
    p = g.controller(card)
    return any(s in ("dwarf", "dwarves") for c in g.creatures(p) for s in g.chars(c).subtypes)


define("Goblins of the Flarg", hooks=Hooks(state=_controls_dwarf))


# ------------------------------------------------------------------ batch 3: creatures

# Fire Drake: "{R}: +1/+0 until end of turn. You cannot spend more than {R} in this
# way each turn": the pump once each turn.
define("Fire Drake", abilities=(Ability("{R}: +1/+0 until end of turn (once each turn)", Cost(_mana("{R}")),
                                        on_source(pump(1, 0)), once_per_turn=True),))

# Niall Silvain: a targeted regeneration ability, offered when any creature it
# can target is about to be destroyed (Game.regen_options).
define("Niall Silvain", abilities=(Ability("{G}{G}{G}{G}, {T}: Regenerate target creature",
                                           Cost(_mana("{G}{G}{G}{G}"), tap=True), lambda g, ctx: _nothing(),
                                           targets=(CREATURE,), regenerate=True),))


def _nothing() -> Gen:
    return
    yield


# ------------------------------------------------------------------ batch 3: artifacts

def _next_untap_of_controller(g: Game, card: Card) -> int:
    """The turn number of ``card``'s controller's next untap phase."""
    return g.turn + (2 if g.controller(card) == g.active else 1)


def _barls_cage(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        t.flags["frozen_until_turn"] = _next_untap_of_controller(g, t)
        g.log(f"{t.name} does not untap during its controller's next untap phase.")
    return
    yield


define("Barl's Cage", abilities=(Ability("{3}: Target creature does not untap during its controller's next untap "
                                         "phase", Cost(_mana("{3}")), _barls_cage, targets=(CREATURE,)),))


# War Barge: islandwalk until end of turn; if War Barge leaves play (goes to a
# graveyard) this turn, the creature is buried.
def _war_barge(g: Game, ctx: Ctx) -> Gen:
    barge = ctx.source
    for t in each_target(ctx):
        g.effects.append(Effect(g.stamp(), t.oid, keyword_mod(g.swap_words("islandwalk", barge)), "eot"))
        oid = t.oid

        def bury(g2: Game, c2: Ctx, oid: int = oid) -> Gen:
            victim = g2.find(oid)
            if victim is not None:
                g2.log(f"War Barge left play: {victim.name} is buried.")
                g2.destroy(victim, bury=True)
            return
            yield
        g.delayed.append(Delayed(Event.TO_GRAVEYARD, bury, ctx.controller, "War Barge", turn=g.turn,
                                 condition=lambda g2, d, data, b=barge: data.get("old") is b))
    return
    yield


define("War Barge", abilities=(Ability("{3}: Target creature gains islandwalk until end of turn; if War Barge leaves "
                                       "play this turn, that creature is buried", Cost(_mana("{3}")), _war_barge,
                                       targets=(CREATURE,)),))


# Dark Sphere: sacrificed to prevent half (rounded down) of the damage dealt to its
# controller by one source in the current damage prevention step.
def _dark_sphere(g: Game, ctx: Ctx) -> Gen:
    for src in each_target(ctx):
        total = sum(pk.amount for pk in g.pending_damage if pk.receiver is ctx.me and pk.source_oid == src.oid
                    and pk.source_name == src.name)
        if total // 2:
            g.prevent(ctx.me, total // 2, source_oid=src.oid, source_name=src.name)
    return
    yield


define("Dark Sphere", abilities=(Ability("{T}: Sacrifice Dark Sphere to prevent half of the damage dealt to you by "
                                         "one source, rounded down", Cost(tap=True, sacrifice_self=True), _dark_sphere,
                                         targets=(TargetSpec("source damaging you", kinds(Kind.SOURCE)),),
                                         prevention=True),))


# Scarecrow: until end of turn, damage dealt to its controller by flying creatures is 0.
def _scarecrow(g: Game, ctx: Ctx) -> Gen:
    me = ctx.controller

    def reduce(g2: Game, pk: Packet) -> bool:
        if not (getattr(pk.receiver, "idx", None) == me and "creature" in pk.source_types):
            return False
        src = g2.find(pk.source_oid) if pk.source_oid is not None else None
        return src is not None and "flying" in g2.chars(src).keywords
    g.effects.append(Effect(g.stamp(), None, lambda g2, card, c: None, "eot", applies=lambda g2, card, c: False,
                            hooks=EffectHooks(reduce_damage=reduce)))
    g.log("Damage dealt to " + g.players[me].name + " by flying creatures is reduced to 0 this turn.")
    return
    yield


define("Scarecrow", abilities=(Ability("{6}, {T}: Until end of turn, damage dealt to you by flying creatures is "
                                       "reduced to 0", Cost(_mana("{6}"), tap=True), _scarecrow),))


# Living Armor: sacrificed to put a +0/+X counter on target creature, X its casting cost (converted).
def _living_armor(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        add_counters(g, t, f"+0/+{t.cdef.cost.total}", 1)
    return
    yield


define("Living Armor", abilities=(Ability("{T}: Sacrifice Living Armor to put a +0/+X counter on target creature, "
                                          "X its casting cost", Cost(tap=True, sacrifice_self=True), _living_armor,
                                          targets=(CREATURE,)),))


# ------------------------------------------------------------------ batch 3: spells

# Cleansing: all lands are destroyed; each player (the active player first) may
# pay 1 life for each of their lands to protect it, asked land by land.
def _cleansing(g: Game, ctx: Ctx) -> Gen:
    saved: list[Card] = []
    for p in (g.active, 1 - g.active):
        for land in g.permanents(p, type_="land"):
            if g.players[p].life < 1:
                break
            ans = yield from g.ask(p, DecisionKind.CHOOSE, f"Cleansing: pay 1 life to protect {ref(g, land)}?",
                                   ["choose yes", "choose no"], decline="choose no", about="Cleansing")
            if ans == "choose yes":
                g.lose_life(p, 1, f" to protect {land.name}")
                saved.append(land)
    for land in g.permanents(None, type_="land"):
        if land not in saved:
            g.destroy(land)


define("Cleansing", spell=SpellSpec(_cleansing))


# Tangle Kelp: tapped as it comes into play; the creature does not untap during
# its controller's untap phase if it attacked during that player's last turn.
def _kelp_enter(g: Game, ctx: Ctx) -> Gen:
    host = g.enchanted(ctx.source)
    if host is not None and not host.tapped:
        host.tapped = True
        g.log(f"{host.name} becomes tapped.")
        yield from g.note_taps()


def _kelp_attacked(g: Game, ctx: Ctx) -> Gen:
    host = g.enchanted(ctx.source)
    if host is not None and ctx.data.get("card") is host:
        host.flags["frozen_until_turn"] = g.turn + 2
    return
    yield


define("Tangle Kelp", enchant=CREATURE, on_enter=_kelp_enter,
       triggers=(Trigger(Event.ATTACKS, _kelp_attacked),))


# ------------------------------------------------------------------ batch 4: upkeep cards

# Curse Artifact: during the upkeep of the enchanted artifact's controller, that
# player buries the artifact or is dealt 2 damage by Curse Artifact (their choice,
# made when they carry it out, or at the end of upkeep).
def _curse_artifact(g: Game, ctx: Ctx) -> Gen:
    host = g.enchanted(ctx.source)
    if host is None:
        return
    p = g.controller(host)
    ans = yield from g.ask(p, DecisionKind.CHOOSE, f"Curse Artifact: bury {ref(g, host)}, or take 2 damage?",
                           ["choose bury", "choose damage"], about="Curse Artifact")
    if ans == "choose bury":
        g.destroy(host, bury=True)
    else:
        g.deal_damage(ctx.source, g.players[p], 2)


_ca_ab, _ca_end = during_upkeep("Bury the enchanted artifact or take 2 damage", _curse_artifact,
                                whose="enchanted controller")
define("Curse Artifact", enchant=ARTIFACT, abilities=(_ca_ab,), hooks=Hooks(end_of_upkeep=_ca_end))


# The Fallen: during its controller's upkeep, 1 damage to each opponent it has
# damaged before (remembered on the card while it stays in play).
def _fallen_damaged(g: Game, ctx: Ctx) -> Gen:
    pk = ctx.data["packet"]
    seen = ctx.source.flags.setdefault("damaged_players", [])
    if pk.source_oid == ctx.source.oid and getattr(pk.receiver, "idx", None) is not None \
            and pk.receiver.idx not in seen:
        seen.append(pk.receiver.idx)
    return
    yield


def _fallen_upkeep(g: Game, ctx: Ctx) -> Gen:
    for i in ctx.source.flags.get("damaged_players", []):
        if i != ctx.controller:
            g.deal_damage(ctx.source, g.players[i], 1)
    return
    yield


_fl_ab, _fl_end = during_upkeep("The Fallen deals 1 damage to each opponent it has previously damaged",
                                _fallen_upkeep)
define("The Fallen", abilities=(_fl_ab,), hooks=Hooks(end_of_upkeep=_fl_end),
       triggers=(Trigger(Event.DAMAGE_DEALT, _fallen_damaged),))


# Psychic Allergy: a color chosen on casting; during the opponent's upkeep, 1
# damage to them for each permanent of that color they control; during its
# controller's upkeep, sacrifice two Islands or it is destroyed.
def _allergy_damage(g: Game, ctx: Ctx) -> Gen:
    col = COLOR_LETTERS[g.word(ctx.source, ctx.source.chosen.get("choice", "blue"))]
    opp = 1 - ctx.controller
    n = sum(1 for c in g.permanents(opp) if col in g.chars(c).colors)
    if n:
        g.deal_damage(ctx.source, g.players[opp], n)
    return
    yield


def _allergy_islands(g: Game, ctx: Ctx) -> Gen:
    p, src = ctx.controller, ctx.source
    word = g.word(src, "island")  # the land type as its text reads it (Magical Hack)
    islands = lands_of_type(g, src, p, "island")
    if len(islands) < 2:
        g.log(f"Psychic Allergy: fewer than two {word}s to sacrifice; it is destroyed.")
        g.destroy(src)
        return
    ans = yield from g.ask(p, DecisionKind.CHOOSE, f"Psychic Allergy: sacrifice two {word}s, or it is destroyed?",
                           ["choose yes", "choose no"], about="Psychic Allergy")
    if ans == "choose no":
        g.destroy(src)
        return
    for _ in range(2):
        yield from _sacrifice_one(g, p, lands_of_type(g, src, p, "island"), f"Psychic Allergy: sacrifice a {word}",
                                  "Psychic Allergy")


def _allergy(g: Game, ctx: Ctx) -> Gen:
    if g.active == g.controller(ctx.source):
        yield from _allergy_islands(g, ctx)
    else:
        yield from _allergy_damage(g, ctx)


# one upkeep demand in each player's upkeep: the opponent's is the damage, the
# controller's the two Islands
_pa_ab, _pa_end = during_upkeep("Psychic Allergy: in your upkeep sacrifice two Islands or it is destroyed; in the "
                                "opponent's, 1 damage to them for each permanent of the chosen color they control",
                                _allergy, whose="each")
define("Psychic Allergy", abilities=(_pa_ab,), hooks=Hooks(end_of_upkeep=_pa_end),
       announce=(Announce("choice", "choose a color", lambda g, ctx: ["white", "blue", "black", "red", "green"]),))


# Mana Vortex: on casting, its caster sacrifices a land or it is countered; each
# player sacrifices a land during their upkeep; when no lands are in play, it is destroyed.
def _vortex_upkeep(g: Game, ctx: Ctx) -> Gen:
    p = g.active
    yield from _sacrifice_one(g, p, g.permanents(p, type_="land"), "Mana Vortex: sacrifice a land", "Mana Vortex")


_mv_ab, _mv_end = during_upkeep("Sacrifice a land", _vortex_upkeep, whose="each")


def _vortex_enter(g: Game, ctx: Ctx) -> Gen:
    # "If you do not sacrifice a land when Mana Vortex is cast, it is countered":
    # the land is sacrificed as it comes into play (MicroProse-style timing: no
    # land, no Mana Vortex).
    p = ctx.controller
    v = yield from _sacrifice_one(g, p, g.permanents(p, type_="land"), "Mana Vortex: sacrifice a land",
                                  "Mana Vortex")
    if v is None:
        g.log("Mana Vortex: no land was sacrificed; it goes.")
        yield from g.put_in_graveyard([ctx.source], how="sacrifice")


define("Mana Vortex", on_enter=_vortex_enter, abilities=(_mv_ab,), hooks=Hooks(
    end_of_upkeep=_mv_end, state=lambda g, c: not g.permanents(None, type_="land")))


# Season of the Witch: during its controller's upkeep pay 2 life or it is
# destroyed; at the end of each turn, the active player's untapped creatures that
# could have attacked that turn but did not are destroyed. "Could have attacked":
# a creature in play under that player's control since the turn began (not
# summoning sick) that could be declared as an attacker now, and did not attack.
def _season_end(g: Game, ctx: Ctx) -> Gen:
    p = g.active
    for c in g.creatures(p):
        if c.tapped or c.flags.get("attacked_turn") == g.turn:
            continue
        if g.can_attack(c):
            g.destroy(c)
    return
    yield


def _season_attacks(g: Game, ctx: Ctx) -> Gen:
    ctx.data["card"].flags["attacked_turn"] = g.turn
    return
    yield


_sw_ab, _sw_end = upkeep_cost("Pay 2 life", "", destroy_self(), life=2)
define("Season of the Witch", abilities=(_sw_ab,), hooks=Hooks(end_of_upkeep=_sw_end),
       triggers=(Trigger(Event.ATTACKS, _season_attacks), Trigger(Event.END_OF_TURN, _season_end)))


# Worms of the Earth: no land may be played (hook forbids_play of
# Game.play_forbidden; lands put into play by effects are not stopped); during
# any player's upkeep, any player may destroy it by sacrificing two lands or by
# taking 5 damage from it.
def _worms(g: Game, ctx: Ctx) -> Gen:
    p = ctx.controller  # whoever used the ability
    lands = g.permanents(p, type_="land")
    ch = ["choose damage"] + (["choose lands"] if len(lands) >= 2 else [])
    ans = yield from g.ask(p, DecisionKind.CHOOSE, "Worms of the Earth: sacrifice two lands or take 5 damage?", ch,
                           about="Worms of the Earth")
    if ans == "choose lands":
        for _ in range(2):
            yield from _sacrifice_one(g, p, g.permanents(p, type_="land"), "Worms of the Earth: sacrifice a land",
                                      "Worms of the Earth")
        g.destroy(ctx.source)
    else:
        g.deal_damage(ctx.source, g.players[p], 5)
        g.destroy(ctx.source)


define("Worms of the Earth", abilities=(Ability(
    "Sacrifice two lands or take 5 damage: destroy Worms of the Earth (any player, during any upkeep)", Cost(),
    _worms, who="any", condition=lambda g, c: g.phase == "upkeep"),), hooks=Hooks(forbids_play=lambda g, src, p, card: "land" in card.cdef.types))


# ------------------------------------------------------------------ batch 5

# Gaea's Touch: one additional land each turn if it is a basic Forest (hook
# extra_land of Game._land_plays); sacrificed for {G}{G} (a mana ability, as an interrupt).
def _gaeas_extra(g: Game, src: Card, p: int, card: Card) -> bool:
    return (g.controller(src) == p and g.players[p].lands_played == 1 and "basic" in card.cdef.supertypes
            and g.word(src, "forest") in card.cdef.subtypes)  # "basic forest" as its text reads it


define("Gaea's Touch", hooks=Hooks(extra_land=_gaeas_extra),
       mana_abilities=(ManaAbility("G", Cost(sacrifice_self=True), amount=2),))


# Whippoorwill: until end of turn the target cannot regenerate, damage to it
# cannot be prevented (Game.prevent), and if it goes to a graveyard it is removed
# from the game instead (as Disintegrate's).
def _whippoorwill(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        t.no_regen = True
        t.remove_if_dies = True
        g.effects.append(Effect(g.stamp(), t.oid, flag_mod("damage cannot be prevented"), "eot"))
        g.log(f"{t.name} cannot regenerate this turn, damage to it cannot be prevented, and it would be removed "
              "from the game instead of going to a graveyard.")
    return
    yield


define("Whippoorwill", abilities=(Ability("{G}{G}, {T}: Until end of turn, target creature cannot regenerate, damage "
                                          "to it cannot be prevented, and it is removed from the game if it goes to "
                                          "the graveyard", Cost(_mana("{G}{G}"), tap=True), _whippoorwill,
                                          targets=(CREATURE,)),))


# Giant Shark: cannot attack unless the defending player controls an Island;
# buried when its controller controls no Island; blocking or blocked by a
# creature dealt damage this turn, it gets +2/+0 and trample until end of turn.
def _shark_blocks(g: Game, ctx: Ctx) -> Gen:
    shark = ctx.source
    a, b = ctx.data["attacker"], ctx.data["blocker"]
    other = b if a is shark else (a if b is shark else None)
    if other is not None and (other.damage > 0 or other.damaged_by):
        g.effects.append(Effect(g.stamp(), shark.oid, lambda g2, card, c: (pump_mod(2, 0)(g2, card, c),
                                                                          keyword_mod("trample")(g2, card, c)), "eot"))
        g.log("Giant Shark gets +2/+0 and trample until end of turn.")
    return
    yield


define("Giant Shark", triggers=(Trigger(Event.BLOCKS, _shark_blocks),),
       hooks=Hooks(can_attack=lambda g, c: bool(lands_of_type(g, c, 1 - g.controller(c), "island")),
                   state=lambda g, c: not lands_of_type(g, c, g.controller(c), "island")))


# Spitting Slug: {1}{G}: it gains first strike until end of turn; unless that
# ability was used this turn, the creatures blocking or blocked by it have first strike.
def _slug_opponent(g: Game, slug: Card, card: Card) -> bool:
    cb = g.combat
    if cb is None or card is slug:
        return False
    i = cb.band_of(slug.oid)
    if i is not None and card.oid in cb.blocks.get(i, []):
        return True
    return any(slug.oid in bl and card.oid in cb.bands[j] for j, bl in cb.blocks.items())


def _slug_used(g: Game, ctx: Ctx) -> Gen:
    ctx.source.flags["slug_turn"] = g.turn
    yield from on_source(until_eot(keyword_mod("first strike")))(g, ctx)


define("Spitting Slug", abilities=(Ability("{1}{G}: Spitting Slug gains first strike until end of turn",
                                           Cost(_mana("{1}{G}")), _slug_used),),
       statics=(Static(applies=lambda g, src, card, c: src.flags.get("slug_turn") != g.turn
                       and _slug_opponent(g, src, card),
                       modify=lambda g, src, card, c: c.keywords.add("first strike")),))


# Stone Calendar: its controller's spells cost up to {1} less (generic mana only,
# never below 0): hook extra_cost returning -1 while the spell still has generic
# mana left after the earlier Stone Calendars of the same player.
def _calendar(g: Game, src: Card, spell: Spell) -> int:
    card = spell.card
    if card is None or spell.controller != g.controller(src):
        return 0
    generic = card.cdef.cost.generic + card.cdef.cost.x * spell.x
    earlier = sum(1 for c in g.battlefield if c.name == "Stone Calendar" and g.controller(c) == spell.controller
                  and c.timestamp < src.timestamp and not g.switched_off(c))
    return -1 if generic > earlier else 0


define("Stone Calendar", hooks=Hooks(extra_cost=_calendar))


# Lurker: not a legal target of spells unless it attacked or blocked this turn.
def _lurker_target(g: Game, card: Card, spell: Spell) -> bool:
    return spell.card is None or card.flags.get("fought_turn") == g.turn


def _lurker_fights(g: Game, ctx: Ctx) -> Gen:
    d = ctx.data
    if d.get("card") is ctx.source or d.get("blocker") is ctx.source:
        ctx.source.flags["fought_turn"] = g.turn
    return
    yield


define("Lurker", hooks=Hooks(can_be_targeted=_lurker_target),
       triggers=(Trigger(Event.ATTACKS, _lurker_fights), Trigger(Event.BLOCKS, _lurker_fights)))


# Fasting: during its controller's upkeep a hunger counter; with five it is
# destroyed. Its controller may skip their draw (hook draw_count) to gain 2 life;
# drawing any card while it is in play destroys it (the hook "state" finds a card
# drawn after Fasting came into play in its controller's hand).
def _fasting_upkeep(g: Game, ctx: Ctx) -> Gen:
    add_counters(g, ctx.source, "hunger", 1)
    if ctx.source.counters.get("hunger", 0) >= 5:
        g.destroy(ctx.source)
    return
    yield


def _fasting_draw(g: Game, src: Card, p: int, n: int) -> Gen:
    if p != g.controller(src) or n <= 0:
        return n
    ans = yield from g.ask(p, DecisionKind.CHOOSE, "Fasting: skip your draw and gain 2 life?",
                           ["choose yes", "choose no"], decline="choose no", about="Fasting")
    if ans == "choose yes":
        g.log(f"{g.players[p].name} skips the draw.")
        g.gain_life(p, 2)
        return 0
    return n


def _fasting_after_draw(g: Game, src: Card, p: int) -> Gen:
    if p == g.controller(src) and _fasting_state(g, src):
        g.log("Fasting: a card was drawn; Fasting is destroyed.")
        g.destroy(src)
        yield from g.settle()


def _fasting_state(g: Game, card: Card) -> bool:
    return any(c.flags.get("drawn_turn") is not None and c.oid > card.oid
               for c in g.players[g.controller(card)].hand)


_fa_ab, _fa_end = during_upkeep("Put a hunger counter on Fasting", _fasting_upkeep)
define("Fasting", abilities=(_fa_ab,), hooks=Hooks(end_of_upkeep=_fa_end, draw_count=_fasting_draw,
                                                   after_draw=_fasting_after_draw, state=_fasting_state))


# Nameless Race: * is the life paid as it comes into play, chosen then, at most the
# number of white cards the opponent has in play and in their graveyard (the
# color as its text reads it: Sleight of Mind).
def _nameless_enter(g: Game, ctx: Ctx) -> Gen:
    p = ctx.controller
    opp = 1 - p
    white = COLOR_LETTERS[g.word(ctx.source, "white")]
    most = sum(1 for c in g.permanents(opp) if white in g.chars(c).colors) + \
        sum(1 for c in g.players[opp].graveyard if white in c.cdef.colors)
    most = min(most, max(0, g.players[p].life))
    n = 0
    if most > 0:
        ch = [f"choose {i}" for i in range(most + 1)]
        ans = yield from g.ask(p, DecisionKind.CHOOSE, f"Nameless Race: pay how much life (0 to {most})?", ch,
                               about="Nameless Race")
        n = int(ans[len("choose "):])
    g.lose_life(p, n, " for Nameless Race")
    ctx.source.chosen["star"] = n


def _nameless_pt(g: Game, card: Card, c: Chars) -> None:
    n = card.chosen.get("star", 0)
    c.power, c.toughness = n, n


define("Nameless Race", on_enter=_nameless_enter, statics=(static_for(self_only, _nameless_pt, layer=3),))


# ------------------------------------------------------------------ the odd ones

# Preacher: {T}: the opponent chooses one of their creatures; Preacher's
# controller controls it while Preacher stays in play and tapped (it may be left
# tapped in its controller's untap phase: hook may_stay_tapped).
def _preacher(g: Game, ctx: Ctx) -> Gen:
    preacher, me = ctx.source, ctx.controller
    opp = 1 - me
    theirs = g.creatures(opp)
    if not theirs or preacher.zone != "battlefield" or not preacher.tapped:
        return
    ch = [f"choose {ref(g, c)}" for c in theirs]
    ans = yield from g.ask(opp, DecisionKind.CHOOSE, "Preacher: choose one of your creatures", ch, about="Preacher",
                           parser=g.parser_for(opp, ch))
    victim = theirs[ch.index(ans)]
    poid = preacher.oid
    g.effects.append(Effect(g.stamp(), victim.oid, lambda g2, card, c, me=me: setattr(c, "controller", me), "forever",
                            layer=0, source_oid=poid,
                            condition=lambda g2, poid=poid: any(c.oid == poid and c.tapped for c in g2.battlefield)))
    g.log(f"{g.players[me].name} gains control of {victim.name} while Preacher stays tapped.")


define("Preacher", abilities=(Ability("{T}: Gain control of a creature of the opponent's choice while Preacher stays "
                                      "tapped", Cost(tap=True), _preacher),),
       hooks=Hooks(may_stay_tapped=lambda g, c: True))


# City of Shadows: {T}: sacrifice a creature of yours, removed from the game
# instead of going to the graveyard, and put a counter on City of Shadows;
# {T}: add X colorless mana, X the number of those counters (hook mana_amount).
def _city_sacrifice(g: Game, ctx: Ctx) -> Gen:
    p = ctx.controller
    mine = g.creatures(p)
    if not mine:
        return
    ch = [f"sacrifice {ref(g, c)}" for c in mine]
    ans = yield from g.ask(p, DecisionKind.SACRIFICE, "City of Shadows: sacrifice a creature (removed from the game)",
                           ch, about="City of Shadows", parser=g.parser_for(p, ch))
    victim = mine[ch.index(ans)]
    victim.remove_if_dies = True
    yield from g.put_in_graveyard([victim], how="sacrifice")
    if ctx.source.zone == "battlefield":
        add_counters(g, ctx.source, "shadow", 1)


define("City of Shadows", abilities=(Ability("{T}: Sacrifice a creature, removing it from the game; put a counter on "
                                             "City of Shadows", Cost(tap=True), _city_sacrifice,
                                             condition=lambda g, c: bool(g.creatures(g.controller(c)))),),
       mana_abilities=(ManaAbility("C"),), hooks=Hooks(mana_amount=lambda g, c: c.counters.get("shadow", 0)))


# Safe Haven: {2}, {T} (as an interrupt): remove target creature you control from
# the game, remembered by Safe Haven; {0}, during your upkeep: sacrifice Safe Haven
# to return every creature it removed into play under its owner's control
# (summoning sick, as though just summoned).
def _haven_remove(g: Game, ctx: Ctx) -> Gen:
    haven = ctx.source
    for t in each_target(ctx):
        if t.zone != "battlefield":
            continue
        new = g.move(t, "removed")
        g.log(f"{t.name} is removed from the game by Safe Haven.")
        if haven.zone == "battlefield":
            haven.flags.setdefault("kept", []).append(new.oid)
    return
    yield


def _haven_sacrifice(g: Game, ctx: Ctx) -> Gen:
    # the sacrifice is the cost: the list is read from the card as it was in play
    for oid in ctx.source.flags.get("kept", []):
        card = next((c for pl in g.players for c in pl.removed if c.oid == oid), None)
        if card is None:
            continue
        new = g.move(card, "battlefield", controller=card.owner)
        new.sick = True
        g.log(f"{new.name} returns to play under {g.players[card.owner].name}'s control.")
        yield from g.entered(new)


define("Safe Haven", abilities=(
    Ability("{2}, {T}: Remove target creature you control from the game", Cost(_mana("{2}"), tap=True), _haven_remove,
            targets=(creature_where("target creature you control",
                                    lambda g, ctx, c: g.controller(c) == ctx.controller),),
            speed=Speed.INTERRUPT),
    Ability("{0}: Sacrifice Safe Haven to return the creatures it removed to play; only during your upkeep",
            Cost(sacrifice_self=True), _haven_sacrifice, condition=lambda g, c: g.phase == "upkeep"
            and g.active == g.controller(c)),
))


# Frankenstein's Monster: as it comes into play, X creature cards must be removed
# from its controller's graveyard or it is countered (it goes to the graveyard);
# for each, a permanent +2/+0, +1/+1 or +0/+2 (kept as counters).
def _frankenstein(g: Game, ctx: Ctx) -> Gen:
    card, p = ctx.source, ctx.controller
    x = card.chosen.get("x", 0)
    pool = [c for c in g.players[p].graveyard if "creature" in c.cdef.types]
    if len(pool) < x:
        g.log("Frankenstein's Monster: not enough creatures in the graveyard; it is countered.")
        g.move(card, "graveyard")
        return
    for i in range(x):
        pool = [c for c in g.players[p].graveyard if "creature" in c.cdef.types]
        c = yield from _choose_card(g, p, pool, f"Frankenstein's Monster: remove a creature card ({i + 1} of {x})",
                                    "Frankenstein's Monster")
        g.move(c, "removed")
        g.log(f"{c.name} is removed from the game.")
        ans = yield from g.ask(p, DecisionKind.CHOOSE, "Frankenstein's Monster: which bonus?",
                               ["choose +2/+0", "choose +1/+1", "choose +0/+2"], about="Frankenstein's Monster")
        add_counters(g, card, ans[len("choose "):], 1)


define("Frankenstein's Monster", on_enter=_frankenstein)


# Dance of Many: its controller chooses a creature in play as it comes into play
# and gets a token copy of it; during its controller's upkeep pay {U}{U} or bury it;
# if Dance of Many or the token leaves play, the other is buried.
def _dance_enter(g: Game, ctx: Ctx) -> Gen:
    orig = yield from choose_to_copy(g, ctx, g.creatures(), "creature")
    if orig is None:
        return
    tok = create_token(g, orig.cdef, ctx.controller)
    ctx.source.flags["dance_token"] = tok.oid
    yield from g.entered(tok)


def _dance_gone(g: Game, ctx: Ctx) -> Gen:
    old, dance = ctx.data.get("old"), ctx.source
    if old is not None and dance.zone == "battlefield" and old.oid == dance.flags.get("dance_token"):
        g.log("The Dance of Many token left play: Dance of Many is buried.")
        g.destroy(dance, bury=True)
    return
    yield


def _dance_leaves(g: Game, ctx: Ctx) -> Gen:
    tok_oid = ctx.data["old"].flags.get("dance_token")
    tok = g.find(tok_oid) if tok_oid is not None else None
    if tok is not None:
        g.log("Dance of Many left play: its token is buried.")
        g.destroy(tok, bury=True)
    return
    yield


_dm_ab, _dm_end = upkeep_cost("Pay {U}{U} or bury Dance of Many", "{U}{U}", destroy_self(bury=True))
define("Dance of Many", on_enter=_dance_enter, abilities=(_dm_ab,), hooks=Hooks(end_of_upkeep=_dm_end),
       triggers=(Trigger(Event.TO_GRAVEYARD, _dance_gone),
                 Trigger(Event.TO_GRAVEYARD, _dance_leaves, condition=lambda g, src, d: d["card"] is src,
                         zones=("graveyard",))))


# Wand of Ith: only during its controller's turn; a card at random from the
# target player's hand is shown (the log names it); that player discards it or
# pays life equal to its casting cost (1 for a land) -- a loss of life, not damage.
def _wand(g: Game, ctx: Ctx) -> Gen:
    t = ctx.target
    if t is None or not t.hand:
        return
    card = g.rng.choice(t.hand)
    g.log(f"Wand of Ith shows {card.name} from {t.name}'s hand.")
    life = 1 if "land" in card.cdef.types else card.cdef.cost.total
    ch = ["choose discard"] + ([f"choose pay {life} life"] if t.life >= life else [])
    ans = yield from g.ask(t.idx, DecisionKind.CHOOSE, f"Wand of Ith: discard {card.name} or pay {life} life?", ch,
                           about="Wand of Ith")
    if ans == "choose discard":
        yield from discard_card(g, t.idx, card, by=ctx.controller)
    else:
        g.lose_life(t.idx, life, " for Wand of Ith")


define("Wand of Ith", abilities=(Ability("{3}, {T}: A card at random from target player's hand: they discard it or "
                                         "pay life equal to its casting cost (1 for a land); only during your turn",
                                         Cost(_mana("{3}"), tap=True), _wand, targets=(PLAYER,),
                                         condition=lambda g, c: g.active == g.controller(c)),))


# Runesword: target attacking creature gets +2/+0 until end of turn; this turn,
# any creature it damages cannot regenerate and is removed from the game if it
# dies; if the target leaves play this turn, Runesword is buried.
def _runesword(g: Game, ctx: Ctx) -> Gen:
    sword = ctx.source
    for t in each_target(ctx):
        if t.zone != "battlefield":
            continue
        oid = t.oid
        g.effects.append(Effect(g.stamp(), oid, pump_mod(2, 0), "eot"))

        def hit(g2: Game, c2: Ctx) -> Gen:
            r = c2.data["packet"].receiver
            if isinstance(r, Card) and r.zone == "battlefield":
                r.no_regen = True
                r.remove_if_dies = True
            return
            yield

        def gone(g2: Game, c2: Ctx) -> Gen:
            if sword.zone == "battlefield" and sword in g2.battlefield:
                g2.log("The Runesword's creature left play: Runesword is buried.")
                g2.destroy(sword, bury=True)
            return
            yield
        g.delayed.append(Delayed(Event.DAMAGE_DEALT, hit, ctx.controller, "Runesword", once=False, turn=g.turn,
                                 condition=lambda g2, d, data, oid=oid: data["packet"].source_oid == oid))
        g.delayed.append(Delayed(Event.TO_GRAVEYARD, gone, ctx.controller, "Runesword", turn=g.turn,
                                 condition=lambda g2, d, data, oid=oid: data["old"].oid == oid))
    return
    yield


define("Runesword", abilities=(Ability("{3}, {T}: Target attacking creature gets +2/+0 until end of turn; creatures it "
                                       "damages cannot regenerate this turn and are removed from the game if they die",
                                       Cost(_mana("{3}"), tap=True), _runesword, targets=(_ATTACKING,)),))


# Scarwood Bandits: take control of target artifact unless its controller pays
# {2} as the effect resolves; the control lasts while Scarwood Bandits stay in play.
def _bandits(g: Game, ctx: Ctx) -> Gen:
    bandits, me = ctx.source, ctx.controller
    for t in each_target(ctx):
        owner_now = g.controller(t)
        if owner_now != me:
            paid = yield from pay_to_use(g, owner_now, "{2}", f"Scarwood Bandits: pay {{2}} to keep {ref(g, t)}?",
                                         "Scarwood Bandits")
            if paid:
                g.log(f"{g.players[owner_now].name} pays {{2}}: Scarwood Bandits' effect is countered.")
                continue
        boid = bandits.oid
        g.effects.append(Effect(g.stamp(), t.oid, lambda g2, card, c, me=me: setattr(c, "controller", me), "forever",
                                layer=0, source_oid=boid,
                                condition=lambda g2, boid=boid: any(c.oid == boid for c in g2.battlefield)))
        g.log(f"{g.players[me].name} gains control of {t.name}.")


define("Scarwood Bandits", abilities=(Ability("{2}{G}, {T}: Take control of target artifact unless its controller "
                                              "pays {2}", Cost(_mana("{2}{G}"), tap=True), _bandits,
                                              targets=(ARTIFACT,)),))


# Blood of the Martyr: until end of turn, at the end of each damage prevention
# step (DamageRules.prevention_offers), its caster may take onto themselves the
# damage still pending to any creature, packet by packet (the source stays the
# same; the redirected damage is dealt in that same step). Damage to a creature
# whose damage cannot be prevented (Whippoorwill) cannot be redirected either.
def _blood_of_the_martyr(g: Game, ctx: Ctx) -> Gen:
    p = ctx.controller

    def offer(g2: Game) -> Gen:
        me = g2.players[p]
        for pk in [pk for pk in g2.pending_damage if pk.amount > 0 and isinstance(pk.receiver, Card)]:
            r = pk.receiver
            if r.zone != "battlefield" or "damage cannot be prevented" in g2.chars(r).flags:
                continue
            ans = yield from g2.ask(p, DecisionKind.CHOOSE, f"Blood of the Martyr: take the {pk.amount} damage from "
                                    f"{pk.source_name} to {ref(g2, r)} yourself?", ["choose yes", "choose no"],
                                    decline="choose no", about="Blood of the Martyr")
            if ans != "choose yes":
                continue
            n, pk.amount = pk.amount, 0
            g2.deal_damage({"name": pk.source_name, "oid": pk.source_oid, "colors": pk.source_colors,
                            "types": pk.source_types, "controller": pk.source_controller}, me, n, combat=pk.combat)
            g2.log(f"{n} damage to {r.name} is redirected to {me.name}.")
    g.effects.append(Effect(g.stamp(), None, lambda g2, card, c: None, "eot", applies=lambda g2, card, c: False,
                            hooks=EffectHooks(prevention_offer=offer)))
    g.log(f"Until end of turn {g.players[p].name} may take damage dealt to creatures.")
    return
    yield


define("Blood of the Martyr", spell=SpellSpec(_blood_of_the_martyr))


# Deep Water: until end of turn, every mana-producing land its controller
# controls provides {U} instead of its normal mana (hook land_mana of the effect,
# read by Game.mana_abilities).
def _deep_water(g: Game, ctx: Ctx) -> Gen:
    p = ctx.controller
    g.effects.append(Effect(g.stamp(), None, lambda g2, card, c: None, "eot", applies=lambda g2, card, c: False,
                            hooks=EffectHooks(land_mana=lambda g2, card, ch: "U" if ch.controller == p else None)))
    g.log(f"{g.players[p].name}'s lands provide {{U}} instead of their normal mana this turn.")
    return
    yield


define("Deep Water", abilities=(Ability("{U}: Your mana-producing lands provide {U} instead of their normal mana "
                                        "until end of turn", Cost(_mana("{U}")), _deep_water),))


# Reflecting Mirror: an interrupt aimed at a spell that targets its controller:
# the spell targets the player of the controller's choice instead. Its {X} (twice
# the target spell's casting cost) is fixed by the target, so it is paid as the
# effect resolves (unpaid, nothing happens); the new target must still be legal for
# the spell (a player it could target).
def _targets_me(g: Game, ctx: Ctx, s: Target) -> bool:
    return isinstance(s, Spell) and s.card is not None and any(
        getattr(t, "idx", None) == ctx.controller for t in s.targets)


def _mirror(g: Game, ctx: Ctx) -> Gen:
    s, p = ctx.target, ctx.controller
    if s is None or s.card is None or s.countered:
        return
    ch = [f"choose {pl.name}" for pl in g.players]
    ans = yield from g.ask(p, DecisionKind.CHOOSE, f"Reflecting Mirror: which player does {s.name} target?", ch,
                           about="Reflecting Mirror")
    new = g.players[ch.index(ans)]
    x = 2 * s.card.cdef.cost.with_x(s.x).total
    if x and not (yield from pay_to_use(g, p, "{%d}" % x, "", "Reflecting Mirror", ask=False)):
        g.log("Reflecting Mirror: X was not paid; nothing happens.")
        return
    s.targets = [new if getattr(t, "idx", None) == p else t for t in s.targets]
    g.log(f"{s.name} now targets {new.name}.")


define("Reflecting Mirror", abilities=(Ability(
    "{X}, {T}: Target spell that targets you targets the player of your choice instead; X is twice its casting cost",
    Cost(tap=True), _mirror, speed=Speed.INTERRUPT,
    targets=(TargetSpec("target spell that targets you", kinds(Kind.SPELL), _targets_me),)),))
