"""Ice Age (ICE) green and multicolour cards, each as its printed text says
(``engine/data/cards.json``: the Fifth Edition printing for the cards
reprinted there, else the Ice Age one). The Ice Age lands are in
:mod:`engine.cards.ice_age_lands`.

What Ice Age adds to the rules is in the core and reused here: cumulative
upkeep (:func:`engine.effects.cumulative_upkeep`), snow-covered lands
(:func:`engine.effects.snow_covered_lands`, the snow-covered landwalks of
``engine/combat.py``), legends (supertype ``legend``).

"At the beginning of the next turn" (Foxfire) and "at the beginning of the
upkeep of the turn after" (Pyknite, Touch of Vitae) both happen as the next
turn's upkeep begins: the untap phase before it has no fast effects, so the
upkeep's beginning is the first moment of a turn anything can happen.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from ..carddb import define
from ..ctx import Ctx
from ..decisions import DecisionKind
from ..effects import (return_source_to_hand, CREATURE, CREATURE_OR_PLAYER, DAMAGED_CREATURE_OR_PLAYER, LAND, PLAYER, add_counters, aura,
                       counter_target, creature_where, cumulative_upkeep, damage, destroy_self, destroy_targets, draw_cards,
                       during_upkeep, each_target, enters_with_counters, flag_mod, grant, land_type_static,
                       on_source, once_per_event, pay_to_use, permanent_target, prevent_to_target, pump, pump_mod,
                       regeneration, sacrifice_own_creature, self_only, sequence, snow_covered_lands, static_for,
                       until_eot, upkeep_cost)
from ..hooks import EffectHooks, Hooks
from ..mana import COLOR_LETTERS, COLOR_NAMES, ManaCost
from ..model import (SICK_ATTACK_OK, SICK_TAP_OK, Ability, Announce, Cost, Delayed, Event, Gen, Kind, ManaAbility,
                     Mode, Speed, SpellSpec, Static, Target, TargetSpec, Trigger, kinds)
from ..objects import Card, Chars, Effect, Packet, Player, Spell
from ..refs import ref
from .arabian_nights import _control_while
from .blue import _twiddle
from .green import _lose_flying
from .red import _compositions, _pyrotechnics
from .the_dark import _all_eot

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game


def _mana(s: str) -> ManaCost:
    return ManaCost.parse(s)


# ------------------------------------------------------------------ vanilla, keywords, simple abilities

for _name in ("Balduvian Bears", "Scaled Wurm", "Pale Bears", "Pygmy Allosaurus"):
    define(_name)

define("Rime Dryad", keywords=("snow-covered forestwalk",))
define("Yavimaya Gnats", abilities=(regeneration("{G}"),))
define("Wall of Pine Needles", abilities=(regeneration("{G}"),))
define("Fyndhorn Elves", mana_abilities=(ManaAbility("G"),))
define("Fyndhorn Elder", mana_abilities=(ManaAbility("G", amount=2),))
define("Folk of the Pines", abilities=(Ability("{1}{G}: +1/+0 until end of turn", Cost(_mana("{1}{G}")),
                                               on_source(pump(1, 0))),))
define("Shambling Strider", abilities=(Ability("{R}{G}: +1/-1 until end of turn", Cost(_mana("{R}{G}")),
                                               on_source(pump(1, -1))),))
define("Fanatical Fever", spell=SpellSpec(sequence(pump(3, 0), grant("trample")), targets=(CREATURE,)))
define("Trailblazer", spell=SpellSpec(until_eot(flag_mod("unblockable")), targets=(CREATURE,)))


def _stampede(g: Game, ctx: Ctx) -> Gen:
    """All attacking creatures get +1/+0 and trample until end of turn (those attacking now)."""
    cb = g.combat
    for oid in (cb.attackers() if cb is not None else []):
        g.effects.append(Effect(g.stamp(), oid, lambda g2, card, c: (pump_mod(1, 0)(g2, card, c),
                                                                     c.keywords.add("trample")), "eot"))
    g.log("All attacking creatures get +1/+0 and gain trample until end of turn.")
    return
    yield


define("Stampede", spell=SpellSpec(_stampede))


# Whiteout: the creatures with flying as it resolves lose flying until end of turn (a creature
# given flying later this turn has it: "all creatures with flying" are those it finds, as
# Hurricane's). "If Whiteout is in your graveyard, you may sacrifice a snow-covered land to
# return Whiteout to your hand": an ability its owner uses from their graveyard (Ability.zone)
# whenever they could use an instant-speed ability, the sacrifice its cost; if Whiteout has left
# the graveyard by the time it resolves, it does nothing.
def _whiteout_return(g: Game, ctx: Ctx) -> Gen:
    card = ctx.source
    if card is not None and card in g.players[card.owner].graveyard:  # the same object: it has not left meanwhile
        g.move(card, "hand")
        g.log(f"{card.name} returns to {g.players[card.owner].name}'s hand.")
    return
    yield


define("Whiteout", spell=SpellSpec(_all_eot(lambda c: "flying" in c.keywords, _lose_flying,
                                            "All creatures with flying lose flying until end of turn.")),
       abilities=(Ability("Sacrifice a snow-covered land: return Whiteout from your graveyard to your hand",
                          Cost(sacrifice="snow-covered land"), _whiteout_return, zone="graveyard", who="owner"),))


# ------------------------------------------------------------------ sorceries

def _essence_filter(nonwhite: bool) -> Callable[[Game, Ctx], Gen]:
    """Destroy all enchantments, or all non-white ones (the color as the text reads it)."""
    def fn(g: Game, ctx: Ctx) -> Gen:
        white = COLOR_LETTERS[g.word(ctx.source, "white")] if ctx.source is not None else "W"
        for c in list(g.battlefield):
            ch = g.chars(c)
            if "enchantment" in ch.types and not (nonwhite and white in ch.colors):
                g.destroy(c)
        return
        yield
    return fn


define("Essence Filter", spell=SpellSpec(modes=(
    Mode("Destroy all enchantments", (), _essence_filter(False)),
    Mode("Destroy all non-white enchantments", (), _essence_filter(True)))))


def _thermokarst(g: Game, ctx: Ctx) -> Gen:
    """Destroy target land; if it is snow-covered (as it resolves), its caster gains 1 life."""
    for t in each_target(ctx):
        snow = "snow" in g.chars(t).supertypes
        g.destroy(t)
        if snow:
            g.gain_life(ctx.controller, 1)
    return
    yield


define("Thermokarst", spell=SpellSpec(_thermokarst, targets=(LAND,)))


# Nature's Lore: "a forest card" is any land card with the land type forest
# (Forest, Snow-Covered Forest, and the dual lands whose types include forest:
# Bayou, Savannah ...); the player may find none (the library is hidden); it
# is not the land played this turn.
def _natures_lore(g: Game, ctx: Ctx) -> Gen:
    p = ctx.controller
    pl = g.players[p]
    forest = g.word(ctx.source, "forest")
    forests = [c for c in pl.library if "land" in c.cdef.types and forest in c.cdef.subtypes]
    names = sorted({c.name for c in forests})
    ans = yield from g.ask(p, DecisionKind.CHOOSE, "Nature's Lore: choose a forest card",
                           [f"choose {n}" for n in names] + ["choose nothing"], decline="choose nothing",
                           about="Nature's Lore")
    if ans != "choose nothing":
        card = next(c for c in forests if c.name == ans[len("choose "):])
        new = g.move(card, "battlefield", controller=p)
        g.log(f"{pl.name} puts {new.name} into play (Nature's Lore).")
        yield from g.entered(new)
    g.shuffle(p)
    g.log(f"{pl.name} shuffles their library.")


define("Nature's Lore", spell=SpellSpec(_natures_lore))


# Stunted Growth: the target player puts three cards of their choice from hand
# on top of their library one by one: the last one chosen is the top card.
def _stunted_growth(g: Game, ctx: Ctx) -> Gen:
    for pl in each_target(ctx):
        if len(pl.hand) <= 3:
            cards = list(pl.hand)
            if len(cards) > 1:
                order: list[Card] = []
                while len(order) < len(cards):
                    left = [c for c in cards if c not in order]
                    names = sorted({c.name for c in left})
                    if len(names) == 1:
                        order += left
                        break
                    ans = yield from g.ask(pl.idx, DecisionKind.CHOOSE,
                                           "Stunted Growth: choose the next card to put on top of your library "
                                           "(the last one ends on top)", [f"choose {n}" for n in names],
                                           about="Stunted Growth")
                    order.append(next(c for c in left if c.name == ans[len("choose "):]))
                cards = order
        else:
            cards = []
            for i in range(3):
                left = [c for c in pl.hand if c not in cards]
                names = sorted({c.name for c in left})
                ans = yield from g.ask(pl.idx, DecisionKind.CHOOSE,
                                       f"Stunted Growth: choose a card to put on top of your library ({i + 1} of 3; "
                                       "the last one ends on top)", [f"choose {n}" for n in names],
                                       about="Stunted Growth")
                cards.append(next(c for c in left if c.name == ans[len("choose "):]))
        for c in cards:
            g.move(c, "library")
        g.log(f"{pl.name} puts {len(cards)} card{'s' if len(cards) != 1 else ''} from hand on top of their library.")
    return
    yield


define("Stunted Growth", spell=SpellSpec(_stunted_growth, targets=(PLAYER,)))


# ------------------------------------------------------------------ creatures

def _controls_plains_banding(g: Game, card: Card, c: Chars) -> None:
    # "if you control any plains": any land with the land type plains, the word as the text reads it
    if g.permanents(c.controller, subtype=g.word(card, "plains")):
        c.keywords.add("banding")


define("Dire Wolves", statics=(static_for(self_only, _controls_plains_banding),))


def _mammoths(g: Game, card: Card, c: Chars) -> None:
    if snow_covered_lands(g, c.controller):
        c.keywords.add("trample")


define("Woolly Mammoths", statics=(static_for(self_only, _mammoths),))


def _gorilla_forests(g: Game, card: Card, p: int) -> bool:
    return bool(g.permanents(p, subtype=g.word(card, "forest")))


define("Gorilla Pack", hooks=Hooks(can_attack=lambda g, c: _gorilla_forests(g, c, 1 - g.controller(c)),
                                   state=lambda g, c: not _gorilla_forests(g, c, g.controller(c))))


def _tarpan(g: Game, ctx: Ctx) -> Gen:
    g.gain_life(ctx.controller, 1)
    return
    yield


# Tarpan: "If Tarpan is put into any graveyard from play, gain 1 life": its controller as it left play.
define("Tarpan", triggers=(Trigger(Event.TO_GRAVEYARD, _tarpan, condition=lambda g, src, d: d["card"] is src,
                                   zones=("graveyard",)),))


def _woolly_spider(g: Game, ctx: Ctx) -> Gen:
    g.effects.append(Effect(g.stamp(), ctx.source.oid, pump_mod(0, 2), "eot"))
    g.log("Woolly Spider blocks a creature with flying and gets +0/+2 until end of turn.")
    return
    yield


define("Woolly Spider", keywords=("can block flying",), triggers=(Trigger(
    Event.BLOCKS, _woolly_spider,
    condition=lambda g, src, d: d["blocker"] is src and "flying" in g.chars(d["attacker"]).keywords),))


def _in_a_block(g: Game, card: Card) -> bool:
    """Is ``card`` blocking, or attacking in a band that is blocked (blockers just declared)?"""
    cb = g.combat
    if cb is None:
        return False
    band = cb.band_of(card.oid)
    return cb.blocking(card.oid) is not None or (band is not None and band in cb.blocked)


def _chub_toad(g: Game, ctx: Ctx) -> Gen:
    g.effects.append(Effect(g.stamp(), ctx.source.oid, pump_mod(2, 2), "eot"))
    g.log("Chub Toad gets +2/+2 until end of turn.")
    return
    yield


# Chub Toad: once per combat, as blockers are declared, if it blocks or is blocked.
define("Chub Toad", triggers=(Trigger(Event.BLOCKERS_DECLARED, _chub_toad,
                                      condition=lambda g, src, d: _in_a_block(g, src)),))


def _johtull(g: Game, ctx: Ctx) -> Gen:
    cb = g.combat
    band = cb.band_of(ctx.source.oid) if cb is not None else None
    beyond = len(cb.blocks.get(band, [])) - 1 if band is not None else 0
    if beyond > 0:
        g.effects.append(Effect(g.stamp(), ctx.source.oid, pump_mod(-2 * beyond, -beyond), "eot"))
        g.log(f"Johtull Wurm gets -{2 * beyond}/-{beyond} until end of turn.")
    return
    yield


# Johtull Wurm: counted once, as blockers are declared (as rampage is, engine.combat.apply_rampage).
define("Johtull Wurm", triggers=(Trigger(Event.BLOCKERS_DECLARED, _johtull),))


def _aurochs(g: Game, ctx: Ctx) -> Gen:
    cb = g.combat
    me = ctx.source
    n = sum(1 for oid in (cb.attackers() if cb is not None else []) if oid != me.oid
            and (c := g.find(oid)) is not None and "aurochs" in g.chars(c).subtypes)
    if n:
        g.effects.append(Effect(g.stamp(), me.oid, pump_mod(n, 0), "eot"))
        g.log(f"Aurochs gets +{n}/+0 until end of turn.")
    return
    yield


# Aurochs: "each other Aurochs" is each other attacking creature of the type Aurochs, counted as attackers are declared.
define("Aurochs", triggers=(Trigger(Event.ATTACKS, _aurochs, condition=lambda g, src, d: d["card"] is src),))


def _lhurgoyf(g: Game, card: Card, c: Chars) -> None:
    n = sum(1 for pl in g.players for x in pl.graveyard if "creature" in x.cdef.types)
    c.set_pt(n, n + 1)


# layer -1: the printed */1+* before every other effect (as Plague Rats)
define("Lhurgoyf", statics=(static_for(self_only, _lhurgoyf, layer=-1),))


def _draw_next_upkeep(g: Game, p: int, name: str) -> None:
    """``p`` draws a card as the next turn's upkeep begins (see the module's docstring)."""
    now = g.turn

    def draw(g2: Game, ctx: Ctx) -> Gen:
        yield from g2.draw(p, 1)
        g2.log(f"{g2.players[p].name} draws a card ({name}).")
    g.delayed.append(Delayed(Event.BEGIN_UPKEEP, draw, p, name, condition=lambda g2, d, data: g2.turn > now))


def _pyknite(g: Game, ctx: Ctx) -> Gen:
    _draw_next_upkeep(g, ctx.controller, "Pyknite")
    return
    yield


define("Pyknite", on_enter=_pyknite)


def _untap(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        t.tapped = False
        g.log(f"{t.name} untaps.")
    return
    yield


define("Fyndhorn Brownie", abilities=(Ability("{2}{G}, {T}: Untap target creature", Cost(_mana("{2}{G}"), tap=True),
                                              _untap, targets=(CREATURE,)),))
define("Juniper Order Druid", abilities=(Ability("{T}: Untap target land", Cost(tap=True), _untap, targets=(LAND,),
                                                 speed=Speed.INTERRUPT),))
define("Elder Druid", abilities=(Ability(
    "{3}{G}, {T}: Tap or untap target artifact, creature, or land", Cost(_mana("{3}{G}"), tap=True), _twiddle,
    targets=(permanent_target("target artifact, creature, or land",
                              lambda g, ctx, c: bool(g.chars(c).types & {"land", "artifact", "creature"})),),
    announce=(Announce("choice", "tap or untap", lambda g, ctx: ["tap", "untap"]),)),))


# Brown Ouphe: counters an activated ability (not a mana source: those cannot be
# interrupted) of an artifact, as an interrupt.
_ARTIFACT_ABILITY = TargetSpec("target artifact ability", kinds(Kind.SPELL),
                               lambda g, ctx, s: isinstance(s, Spell) and s.card is None and s.ability is not None
                               and s.source is not None and "artifact" in (s.source_snapshot or {}).get("types", ()))


define("Brown Ouphe", abilities=(Ability("{1}{G}, {T}: Counter target artifact ability requiring an activation cost",
                                         Cost(_mana("{1}{G}"), tap=True), counter_target(), targets=(_ARTIFACT_ABILITY,),
                                         speed=Speed.INTERRUPT),))


# Tinder Wall: the sacrifice for {R}{R} is a mana source (played as an
# interrupt); its damage ability names a creature it blocks.
def _blocked_by_source(g: Game, ctx: Ctx, c: Card) -> bool:
    """A creature the source blocks; once the source is sacrificed (its cost),
    the target chosen then stays legal while it is still attacking."""
    cb = g.combat
    if cb is None or ctx.source is None:
        return False
    if g.find(ctx.source.oid) is None:
        return c.oid in cb.attackers()
    band = cb.blocking(ctx.source.oid)
    return band is not None and c.oid in cb.bands[band]


define("Tinder Wall", mana_abilities=(ManaAbility("R", cost=Cost(sacrifice_self=True), amount=2),), abilities=(
    Ability("{R}: Sacrifice Tinder Wall to have it deal 2 damage to target creature it blocks",
            Cost(_mana("{R}"), sacrifice_self=True), damage(2),
            targets=(creature_where("target creature it blocks", _blocked_by_source),)),))


# Wiitigo: six +1/+1 counters as it comes into play; in its controller's
# upkeep one more if it blocked or was blocked since their last upkeep, else
# one fewer; nothing once it has none.
def _wiitigo_blocks(g: Game, ctx: Ctx) -> Gen:
    ctx.source.flags["wiitigo blocked"] = True
    return
    yield


def _wiitigo_upkeep(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    if src is None or g.find(src.oid) is None:
        return
    blocked = src.flags.pop("wiitigo blocked", False)
    if not src.counters.get("+1/+1", 0):
        return
    add_counters(g, src, "+1/+1", 1 if blocked else -1)
    return
    yield


_wi_ab, _wi_end = during_upkeep("Put a +1/+1 counter on Wiitigo if it has blocked or been blocked since your last "
                                "upkeep, else remove one", _wiitigo_upkeep)
define("Wiitigo", on_enter=enters_with_counters("+1/+1", 6), abilities=(_wi_ab,), hooks=Hooks(end_of_upkeep=_wi_end),
       triggers=(Trigger(Event.BLOCKERS_DECLARED, _wiitigo_blocks, condition=lambda g, src, d: _in_a_block(g, src)),))


# ------------------------------------------------------------------ instants

def _foxfire(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        t.tapped = False
        oid = t.oid

        def no_combat_damage(g2: Game, pk: Packet, oid: int = oid) -> bool:
            return pk.combat and (pk.source_oid == oid or (isinstance(pk.receiver, Card) and pk.receiver.oid == oid))
        g.effects.append(Effect(g.stamp(), oid, lambda g2, card, c: None, "eot", applies=lambda g2, card, c: False,
                                hooks=EffectHooks(reduce_damage=no_combat_damage)))
        g.log(f"{t.name} untaps; it neither deals nor receives combat damage this turn.")
    _draw_next_upkeep(g, ctx.controller, "Foxfire")
    return
    yield


_ATTACKING = creature_where("target attacking creature", lambda g, ctx, c: g.combat is not None
                            and c.oid in g.combat.attackers())
define("Foxfire", spell=SpellSpec(_foxfire, targets=(_ATTACKING,)))


# Venomous Breath / Kjeldoran Frostbeast: at end of combat, every creature
# blocking or blocked by the creature (in a band: by the band) is destroyed.
def _combat_partners(g: Game, oid: int) -> list[Card]:
    cb = g.combat
    if cb is None:
        return []
    others: list[int] = []
    band = cb.band_of(oid)
    if band is not None:
        others += cb.blocks.get(band, [])
    blocked = cb.blocking(oid)
    if blocked is not None:
        others += cb.bands[blocked]
    return [c for c in (g.find(o) for o in others) if c is not None]


def _breath_end(g: Game, ctx: Ctx) -> Gen:
    d = ctx.data["delayed"]
    for c in _combat_partners(g, d.data["oid"]):
        g.destroy(c)
    return
    yield


def _venomous_breath(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        g.delayed.append(Delayed(Event.END_OF_COMBAT, _breath_end, ctx.controller, "Venomous Breath", turn=g.turn,
                                 data={"oid": t.oid}))
    return
    yield


define("Venomous Breath", spell=SpellSpec(_venomous_breath, targets=(CREATURE,)))


def _frostbeast(g: Game, ctx: Ctx) -> Gen:
    for c in _combat_partners(g, ctx.source.oid):
        g.destroy(c)
    return
    yield


define("Kjeldoran Frostbeast", triggers=(Trigger(Event.END_OF_COMBAT, _frostbeast),))


# ------------------------------------------------------------------ enchantments

def _pollen_mod(g: Game, card: Card, c: Chars) -> None:
    pump_mod(-1, 0)(g, card, c)


_pol_ab, _pol_end = cumulative_upkeep(mana="{1}")
define("Fyndhorn Pollen", abilities=(_pol_ab, Ability(
    "{1}{G}: All creatures get -1/-0 until end of turn", Cost(_mana("{1}{G}")),
    _all_eot(lambda c: True, pump_mod(-1, 0), "All creatures get -1/-0 until end of turn."))),
    statics=(static_for(lambda g, src, card, c: "creature" in c.types, _pollen_mod),),
    hooks=Hooks(end_of_upkeep=_pol_end))


def _blizzard_untap(g: Game, src: Card, p: int, cards: list[Card]) -> Gen:
    """Creatures with flying do not untap during their controller's untap phase."""
    return [c for c in cards if not (g.is_creature(c) and "flying" in g.chars(c).keywords)]
    yield


_bl_ab, _bl_end = cumulative_upkeep(mana="{2}")
define("Blizzard", abilities=(_bl_ab,), hooks=Hooks(
    end_of_upkeep=_bl_end, untap_limit=_blizzard_untap,
    can_cast=lambda g, p, card: bool(snow_covered_lands(g, p))))


def _maddening_damage(g: Game, ctx: Ctx) -> Gen:
    host = g.enchanted(ctx.source) if ctx.source is not None else None
    if host is not None:
        g.deal_damage(ctx.source, g.players[g.controller(host)], 2)
    return
    yield


_mw_cu, _mw_cu_end = cumulative_upkeep(mana="{G}")
_mw_ab, _mw_end = during_upkeep("Maddening Wind deals 2 damage to you", _maddening_damage,
                                whose="enchanted controller")


def _maddening_end(g: Game, card: Card) -> Gen:
    yield from _mw_cu_end(g, card)
    if g.find(card.oid) is not None:
        yield from _mw_end(g, card)


define("Maddening Wind", enchant=CREATURE, abilities=(_mw_cu, _mw_ab), hooks=Hooks(end_of_upkeep=_maddening_end))


# Snowblind: -*/-*, * the snow-covered lands of the defending player while the
# creature attacks, else of its controller; never below toughness 1 by it.
def _snowblind(g: Game, card: Card, c: Chars) -> None:
    if c.power is None or c.toughness is None:
        return
    cb = g.combat
    p = cb.defender if cb is not None and card.oid in cb.attackers() else c.controller
    n = len(snow_covered_lands(g, p))
    c.power -= n
    c.toughness = max(c.toughness - n, min(c.toughness, 1))


define("Snowblind", enchant=CREATURE, statics=(aura(_snowblind),))


def _thoughtleech(g: Game, ctx: Ctx) -> Gen:
    g.gain_life(ctx.controller, 1)
    return
    yield


# Thoughtleech: "an island controlled by target opponent": in a duel, the one opponent.
define("Thoughtleech", triggers=(Trigger(
    Event.BECOMES_TAPPED, _thoughtleech,
    condition=lambda g, src, d: g.controller(d["card"]) != g.controller(src)
    and "land" in g.chars(d["card"]).types and g.word(src, "island") in g.chars(d["card"]).subtypes),))


def _wind_counter(g: Game, ctx: Ctx) -> Gen:
    add_counters(g, ctx.data["card"], "wind", 1)
    return
    yield


def _winds_untap(g: Game, src: Card, p: int, cards: list[Card]) -> Gen:
    out = []
    for c in cards:
        if c.counters.get("wind", 0):
            add_counters(g, c, "wind", -c.counters["wind"])
        else:
            out.append(c)
    return out
    yield


define("Freyalise's Winds", triggers=(Trigger(Event.BECOMES_TAPPED, _wind_counter),),
       hooks=Hooks(untap_limit=_winds_untap))


# Freyalise's Charm: like Ivory Cup, paid after the black spell is cast (a use for each).
def _opponents_black_spell(g: Game, src: Card, d: dict[str, Any]) -> bool:
    s = d["spell"]
    return s.card is not None and s.controller != g.controller(src) and \
        COLOR_LETTERS[g.word(src, "black")] in s.colors




_charm_ab, _charm_credit = once_per_event("{G}{G}: When any opponent successfully casts a black spell, draw a card. "
                                          "Use this ability only once each time a black spell is cast",
                                          "{G}{G}", draw_cards(1))
define("Freyalise's Charm", abilities=(_charm_ab, Ability("{G}{G}: Return Freyalise's Charm to owner's hand",
                                                          Cost(_mana("{G}{G}")), return_source_to_hand)),
       triggers=(Trigger(Event.SPELL_CAST, _charm_credit, condition=_opponents_black_spell),))


# ------------------------------------------------------------------ multicolour

define("Centaur Archer", abilities=(Ability(
    "{T}: Centaur Archer deals 1 damage to target creature with flying", Cost(tap=True), damage(1),
    targets=(creature_where("target creature with flying", lambda g, ctx, c: "flying" in g.chars(c).keywords),)),))
define("Storm Spirit", abilities=(Ability("{T}: Storm Spirit deals 2 damage to target creature", Cost(tap=True),
                                          damage(2), targets=(CREATURE,)),))
define("Stormbind", abilities=(Ability(
    "{2}: Discard a card at random from your hand to have Stormbind deal 2 damage to target creature or player",
    Cost(_mana("{2}"), discard_random=1), damage(2), targets=(CREATURE_OR_PLAYER,)),))
define("Wings of Aesthir", enchant=CREATURE, statics=(aura(lambda g, card, c: (
    pump_mod(1, 0)(g, card, c), c.keywords.update(("flying", "first strike")))),))
# Spectral Shield: "cannot be the target of further spells": of any kind of
# spell (not of effects: abilities of permanents still may).
_SPELL_KINDS = ("instant", "interrupt", "sorcery", "enchantment", "creature", "artifact")


def _shield_stays(g: Game, aura_card: Card, host: Card) -> bool:
    """Its own grant does not make Spectral Shield fall off; protection from its colors still does."""
    kw = g.chars(host).keywords
    return not any(f"protection from {COLOR_NAMES[col]}" in kw for col in g.chars(aura_card).colors)


define("Spectral Shield", enchant=CREATURE, statics=(aura(lambda g, card, c: (
    pump_mod(0, 2)(g, card, c), c.flags.update(f"cannot be the target of {k}" for k in _SPELL_KINDS))),),
    hooks=Hooks(ignores_own_protection=_shield_stays))


def _glaciers(g: Game, src: Card, card: Card, c: Chars) -> None:
    # All mountains become basic plains (a land type change, the words as its text reads them), as Conversion.
    c.subtypes.discard(g.word(src, "mountain"))
    c.subtypes.add(g.word(src, "plains"))


_gl_ab, _gl_end = upkeep_cost("During your upkeep, pay {W}{U} or destroy Glaciers", "{W}{U}", destroy_self())
define("Glaciers", statics=(Static(applies=land_type_static("mountain"), modify=_glaciers, layer=1),),
       abilities=(_gl_ab,), hooks=Hooks(end_of_upkeep=_gl_end))


# Hymn of Rebirth: a creature card from any graveyard comes into play under the
# caster's control, summoning sick; chosen as a target when cast (as Resurrection's).
_DEAD_CREATURE = TargetSpec("target creature in any graveyard", kinds(Kind.GRAVEYARD_CARD),
                            lambda g, ctx, c: "creature" in c.cdef.types)


def _hymn_of_rebirth(g: Game, ctx: Ctx) -> Gen:
    """As Resurrection's effect, from any player's graveyard (the log names whose)."""
    for c in each_target(ctx):
        if c.zone == "graveyard":
            whose = g.players[c.owner].name
            new = g.move(c, "battlefield", controller=ctx.controller)
            g.log(f"{new.name} comes into play from {whose}'s graveyard under {ctx.me.name}'s control.")
            yield from g.entered(new)


define("Hymn of Rebirth", spell=SpellSpec(_hymn_of_rebirth, targets=(_DEAD_CREATURE,)))


def _trap_door(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        g.move(t, "removed")
        g.log(f"{t.name} is removed from the game.")
    if ctx.source is not None and g.find(ctx.source.oid) is not None:
        g.move(ctx.source, "removed")
        g.log(f"{ctx.source.name} is removed from the game.")
    return
    yield


define("Giant Trap Door Spider", abilities=(Ability(
    "{1}{R}{G}, {T}: Remove from the game target creature without flying that is attacking you, and Giant Trap "
    "Door Spider", Cost(_mana("{1}{R}{G}"), tap=True), _trap_door, targets=(creature_where(
        "target creature without flying that is attacking you",
        lambda g, ctx, c: g.combat is not None and c.oid in g.combat.attackers()
        and g.combat.defender == ctx.controller and "flying" not in g.chars(c).keywords),)),))


# Monsoon: at the end of each turn, every untapped island of the player whose
# turn it is becomes tapped, and Monsoon deals that player 1 damage for each.
def _monsoon(g: Game, ctx: Ctx) -> Gen:
    p = g.active
    islands = [c for c in g.permanents(p, type_="land", subtype=g.word(ctx.source, "island")) if not c.tapped]
    for c in islands:
        c.tapped = True
        g.log(f"{c.name} is tapped (Monsoon).")
        g.deal_damage(ctx.source, g.players[p], 1)
    yield from g.note_taps()


define("Monsoon", triggers=(Trigger(Event.END_OF_TURN, _monsoon),))


# Mountain Titan: for the rest of the turn, a +1/+1 counter whenever its
# controller casts a black spell (successfully: not countered as cast).
def _titan(g: Game, ctx: Ctx) -> Gen:
    oid, p = ctx.source.oid, ctx.controller
    black = COLOR_LETTERS[g.word(ctx.source, "black")]

    def counter(g2: Game, c2: Ctx) -> Gen:
        titan = g2.find(oid)
        if titan is not None:
            add_counters(g2, titan, "+1/+1", 1)
        return
        yield
    g.delayed.append(Delayed(Event.SPELL_CAST, counter, p, "Mountain Titan", once=False, turn=g.turn,
                             condition=lambda g2, d, data: data["spell"].card is not None
                             and data["spell"].controller == p and black in data["spell"].colors))
    return
    yield


define("Mountain Titan", abilities=(Ability(
    "{1}{R}{R}: For the rest of the turn, put a +1/+1 counter on Mountain Titan whenever you successfully cast a "
    "black spell", Cost(_mana("{1}{R}{R}")), _titan),))


def _put_back(g: Game, p: int, owner: int, cards: list[Card], name: str) -> Gen:
    """Player ``p`` puts ``cards`` (the top of ``owner``'s library) back on top
    in the order they choose, the top card chosen first."""
    lib = g.players[owner].library
    rest = list(cards)
    order: list[Card] = []
    while len(rest) > 1:
        names = sorted({c.name for c in rest})
        pick = names[0]
        if len(names) > 1:
            ans = yield from g.ask(p, DecisionKind.CHOOSE, f"{name}: which card goes on top ({len(order) + 1} of "
                                   f"{len(cards)})?", [f"choose {n}" for n in names], about=name)
            pick = ans[len("choose "):]
        card = next(c for c in rest if c.name == pick)
        rest.remove(card)
        order.append(card)
    order += rest
    for c in cards:
        lib.remove(c)
    lib[0:0] = order


def _diabolic_vision(g: Game, ctx: Ctx) -> Gen:
    p = ctx.controller
    pl = g.players[p]
    top = pl.library[:5]
    if not top:
        return
    g.secrets.append((p, "Diabolic Vision: the top of your library is " + ", ".join(c.name for c in top) + "."))
    names = sorted({c.name for c in top})
    ans = yield from g.ask(p, DecisionKind.CHOOSE, "Diabolic Vision: choose a card to put into your hand",
                           [f"choose {n}" for n in names], about="Diabolic Vision")
    card = next(c for c in top if c.name == ans[len("choose "):])
    top.remove(card)
    g.move(card, "hand")
    g.log(f"{pl.name} puts one of the top cards of their library into their hand.")
    yield from _put_back(g, p, p, top, "Diabolic Vision")


define("Diabolic Vision", spell=SpellSpec(_diabolic_vision))


def _augury(g: Game, ctx: Ctx) -> Gen:
    p = ctx.controller
    for t in each_target(ctx):
        top = t.library[:3]
        if not top:
            continue
        g.secrets.append((p, f"Elemental Augury: the top of {t.name}'s library is " +
                          ", ".join(c.name for c in top) + "."))
        g.log(f"{ctx.me.name} looks at the top {len(top)} cards of {t.name}'s library.")
        yield from _put_back(g, p, t.idx, top, "Elemental Augury")


define("Elemental Augury", abilities=(Ability(
    "{3}: Look at the top three cards of target player's library. Put them on the top of that player's library in "
    "any order", Cost(_mana("{3}")), _augury, targets=(PLAYER,)),))


# Altar of Bone: the creature is sacrificed as the spell resolves (as
# Sacrifice's: no target, so a countered Altar costs no creature); without a
# creature to sacrifice nothing is searched for.
def _altar_of_bone(g: Game, ctx: Ctx) -> Gen:
    victim, _ = yield from sacrifice_own_creature(g, ctx, "Altar of Bone")
    if victim is None:
        return
    p = ctx.controller
    pl = g.players[p]
    found = [c for c in pl.library if "creature" in c.cdef.types]
    names = sorted({c.name for c in found})
    ans = yield from g.ask(p, DecisionKind.CHOOSE, "Altar of Bone: choose a creature card",
                           [f"choose {n}" for n in names] + ["choose nothing"], decline="choose nothing",
                           about="Altar of Bone")
    if ans != "choose nothing":
        card = next(c for c in found if c.name == ans[len("choose "):])
        g.move(card, "hand")
        g.log(f"{pl.name} shows {card.name} and puts it into their hand.")
    g.shuffle(p)
    g.log(f"{pl.name} shuffles their library.")


define("Altar of Bone", spell=SpellSpec(_altar_of_bone))


# Essence Vortex: as it resolves the creature's controller may pay life equal
# to its toughness (loss of life, not damage) to counter it.
def _essence_vortex(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        owner = g.controller(t)
        tough = max(0, g.chars(t).toughness or 0)
        if g.players[owner].life >= tough:
            ans = yield from g.ask(owner, DecisionKind.CHOOSE, f"Essence Vortex: pay {tough} life to counter it?",
                                   ["choose yes", "choose no"], decline="choose no", about="Essence Vortex")
            if ans == "choose yes":
                g.lose_life(owner, tough, " to counter Essence Vortex")
                g.log("Essence Vortex is countered.")
                continue
        g.destroy(t, bury=True)
    return
    yield


define("Essence Vortex", spell=SpellSpec(_essence_vortex, targets=(CREATURE,)))


# Earthlink: whenever a creature is put into the graveyard from play, its
# controller (as it left play) sacrifices a land of their choice, if they have one.
def _earthlink(g: Game, ctx: Ctx) -> Gen:
    p = ctx.data["controller"]
    lands = g.permanents(p, type_="land")
    if not lands:
        return
    ch = [f"sacrifice {ref(g, c)}" for c in lands]
    ans = yield from g.ask(p, DecisionKind.SACRIFICE, "Earthlink: sacrifice a land", ch, about="Earthlink")
    yield from g.put_in_graveyard([lands[ch.index(ans)]], how="sacrifice")


_el_ab, _el_end = upkeep_cost("During your upkeep, pay {2} or bury Earthlink", "{2}", destroy_self(bury=True))
define("Earthlink", abilities=(_el_ab,), hooks=Hooks(end_of_upkeep=_el_end), triggers=(Trigger(
    Event.TO_GRAVEYARD, _earthlink, condition=lambda g, src, d: "creature" in d["card"].cdef.types),))


# Merieke Ri Berit: does not untap; "{T}: Gain control of target creature":
# lost if Merieke's controller loses control of her; if she leaves play or
# becomes untapped, the creature is buried.
def _merieke(g: Game, ctx: Ctx) -> Gen:
    me, p = ctx.source, ctx.controller
    for t in each_target(ctx):
        _control_while(g, ctx, t, lambda g2: g2.find(me.oid) is not None and g2.controller(me) == p)
        oid = t.oid

        def bury(g2: Game, c2: Ctx, oid: int = oid) -> Gen:
            victim = g2.find(oid)
            if victim is not None:
                g2.log(f"Merieke Ri Berit left play or untapped: {victim.name} is buried.")
                g2.destroy(victim, bury=True)
                yield from g2.state_checks()  # this settle's state checks are over
        g.delayed.append(Delayed(Event.STATE, bury, p, "Merieke Ri Berit",
                                 condition=lambda g2, d, data: (m := g2.find(me.oid)) is None or not m.tapped))
    return
    yield


define("Merieke Ri Berit", statics=(static_for(self_only, flag_mod("doesn't untap")),), abilities=(Ability(
    "{T}: Gain control of target creature", Cost(tap=True), _merieke, targets=(CREATURE,)),))


# ------------------------------------------------------------------ the Lores: "{0}: Tap land X enchants to ..."

# Tapping the enchanted land is the ability's cost: usable only while that land
# is untapped, and the land is tapped as the ability is announced (hook
# on_activate), before anyone may respond, as a cost is paid.
def _host_untapped(g: Game, card: Card) -> bool:
    host = g.enchanted(card)
    return host is not None and not host.tapped


def _tap_host(g: Game, src: Card, spell: Spell) -> Gen:
    if spell.source is src and spell.ability is not None and spell.ability in src.cdef.abilities:
        host = g.enchanted(src)
        if host is not None:
            host.tapped = True
            g.log(f"{host.name} is tapped ({src.name}).")
            yield from g.note_taps()


_LAND_YOU_CONTROL = permanent_target("target land you control", lambda g, ctx, c: "land" in g.chars(c).types
                                     and g.chars(c).controller == ctx.controller)
_BLOCKING = creature_where("target blocking creature", lambda g, ctx, c: g.combat is not None
                           and c.oid in g.combat.blockers())

define("Earthlore", enchant=_LAND_YOU_CONTROL, hooks=Hooks(on_activate=_tap_host), abilities=(Ability(
    "{0}: Tap land Earthlore enchants to give target blocking creature +1/+2 until end of turn", Cost(),
    pump(1, 2), targets=(_BLOCKING,), condition=_host_untapped),))
define("Forbidden Lore", enchant=LAND, hooks=Hooks(on_activate=_tap_host), abilities=(Ability(
    "{0}: Tap land Forbidden Lore enchants to give target creature +2/+1 until end of turn", Cost(),
    pump(2, 1), targets=(CREATURE,), condition=_host_untapped),))
define("Hot Springs", enchant=_LAND_YOU_CONTROL, hooks=Hooks(on_activate=_tap_host), abilities=(Ability(
    "{0}: Tap land Hot Springs enchants to prevent 1 damage to any creature or player", Cost(),
    prevent_to_target(1), targets=(DAMAGED_CREATURE_OR_PLAYER,), prevention=True, condition=_host_untapped),))


# ------------------------------------------------------------------ Ritual of Subdual, Touch of Vitae

# Ritual of Subdual: while it is in play, every mana-producing land (anyone's)
# adds colorless mana instead of its normal mana (the hook land_mana, as Deep Water's).
def _ritual_enters(g: Game, ctx: Ctx) -> Gen:
    oid = ctx.source.oid
    g.effects.append(Effect(g.stamp(), None, lambda g2, card, c: None, "forever", applies=lambda g2, card, c: False,
                            condition=lambda g2: g2.find(oid) is not None,
                            hooks=EffectHooks(land_mana=lambda g2, card, ch: "C" if g2.find(oid) is not None
                                              else None)))
    g.log("All mana-producing lands produce colorless mana instead of their normal mana.")
    return
    yield


_rs_ab, _rs_end = cumulative_upkeep(mana="{2}")
define("Ritual of Subdual", on_enter=_ritual_enters, abilities=(_rs_ab,), hooks=Hooks(end_of_upkeep=_rs_end))


def _untap_self_once(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    if src is not None and g.find(src.oid) is not None:
        src.tapped = False
        g.log(f"{src.name} untaps (Touch of Vitae).")
    return
    yield


_VITAE_UNTAP = Ability("{0}: Untap this creature (Touch of Vitae: one additional time this turn)", Cost(),
                       _untap_self_once, once_per_turn=True, condition=lambda g, c: c.tapped)


def _vitae_mod(g: Game, card: Card, c: Chars) -> None:
    c.keywords.update((SICK_ATTACK_OK, SICK_TAP_OK))
    c.abilities.append(_VITAE_UNTAP)


# Touch of Vitae: the extra untap is an ability the creature has this turn
# (``activate CREATURE`` with the ability's number), used at most once.
def _touch_of_vitae(g: Game, ctx: Ctx) -> Gen:
    yield from until_eot(_vitae_mod)(g, ctx)
    _draw_next_upkeep(g, ctx.controller, "Touch of Vitae")


define("Touch of Vitae", spell=SpellSpec(_touch_of_vitae, targets=(CREATURE,)))


# ------------------------------------------------------------------ Forgotten Lore, Freyalise Supplicant

# Forgotten Lore: the opponent chooses the first card as the spell is cast (a
# target of the opponent's choice); as it resolves, its caster may pay {G}
# again and again to have the opponent choose another card, one not chosen
# before; the last card chosen goes to the caster's hand.
_YOUR_GRAVEYARD_CARD = TargetSpec("target card in the caster's graveyard (the opponent chooses)", kinds(Kind.GRAVEYARD_CARD),
                                  lambda g, ctx, c: c.owner == ctx.controller, chooser="opponent")


def _forgotten_lore(g: Game, ctx: Ctx) -> Gen:
    p = ctx.controller
    first = next((c for c in each_target(ctx) if c.zone == "graveyard"), None)
    if first is None:
        return
    pl = g.players[p]
    chosen, last = {first.oid}, first
    while True:
        left = [c for c in pl.graveyard if c.oid not in chosen]
        if not left or not g.can_afford(p, _mana("{G}")):
            break
        paid = yield from pay_to_use(g, p, "{G}", f"Forgotten Lore: pay {{G}} to have the opponent choose another "
                                     f"card than {last.name}?", "Forgotten Lore")
        if not paid:
            break
        ch = [f"choose {ref(g, c)}" for c in left]
        ans = yield from g.ask(1 - p, DecisionKind.CHOOSE, "Forgotten Lore: choose another card from "
                               f"{pl.name}'s graveyard", ch, parser=g.parser_for(1 - p, ch), about="Forgotten Lore")
        last = left[ch.index(ans)]
        chosen.add(last.oid)
        g.log(f"{g.players[1 - p].name} chooses {last.name}.")
    g.move(last, "hand")
    g.log(f"{pl.name} puts {last.name} into their hand (Forgotten Lore).")


define("Forgotten Lore", spell=SpellSpec(_forgotten_lore, targets=(_YOUR_GRAVEYARD_CARD,)))


# Freyalise Supplicant: the sacrifice of a red or white creature is part of the
# cost: made as the ability is announced (hook on_activate), its power kept.
def _red_or_white(g: Game, src: Card, c: Card) -> bool:
    cols = g.chars(c).colors
    return bool(cols & {COLOR_LETTERS[g.word(src, "red")], COLOR_LETTERS[g.word(src, "white")]})


def _supplicant_sacrifice(g: Game, src: Card, spell: Spell) -> Gen:
    if spell.source is not src or spell.ability is not src.cdef.abilities[0]:
        return
    p = spell.controller
    cands = [c for c in g.creatures(p) if _red_or_white(g, src, c)]
    if not cands:
        spell.chosen["power"] = 0
        return
    ch = [f"sacrifice {ref(g, c)}" for c in cands]
    ans = yield from g.ask(p, DecisionKind.SACRIFICE, "Freyalise Supplicant: sacrifice a red or white creature", ch,
                           about="Freyalise Supplicant")
    victim = cands[ch.index(ans)]
    spell.chosen["power"] = max(0, g.chars(victim).power or 0)
    yield from g.put_in_graveyard([victim], how="sacrifice")


define("Freyalise Supplicant", hooks=Hooks(on_activate=_supplicant_sacrifice), abilities=(Ability(
    "{T}: Sacrifice a red or white creature to have Freyalise Supplicant deal an amount of damage equal to half "
    "the creature's power, rounded down, to target creature or player", Cost(tap=True),
    damage(lambda g, ctx: int(ctx.chosen("power", 0)) // 2), targets=(CREATURE_OR_PLAYER,),
    condition=lambda g, c: any(_red_or_white(g, c, x) for x in g.creatures(g.controller(c)))),))


# ------------------------------------------------------------------ Fiery Justice

# Fiery Justice: 5 damage divided as the caster announces among one to five
# target creatures and/or players (each at least 1, written in target order,
# e.g. "3/2", as Pyrotechnics'); the opponent gains 5 life ("target
# opponent": in a duel, the one opponent, who can be no other).
def _justice_target(g: Game, ctx: Ctx, o: Target) -> bool:
    if not (isinstance(o, Player) or "creature" in g.chars(o).types):
        return False
    chosen = ctx.spell.targets if ctx.spell is not None else []
    return any(o is t for t in chosen) or len(chosen) < 5


def _fiery_justice(g: Game, ctx: Ctx) -> Gen:
    yield from _pyrotechnics(g, ctx)  # the damage as divided
    g.gain_life(1 - ctx.controller, 5)


define("Fiery Justice", spell=SpellSpec(
    _fiery_justice, multi_target=True,
    targets=(TargetSpec("target creatures and/or players (up to five)", kinds(Kind.PERMANENT, Kind.PLAYER),
                        _justice_target),),
    announce=(Announce("division", "divide 5 damage among the targets, in target order (e.g. 3/2)",
                       lambda g, ctx: ["/".join(map(str, c)) for c in _compositions(5, len(ctx.targets))]),)))


# Fire Covenant: X is the life its caster pays as it is cast (SpellSpec.life_x: from 1 to all
# their life, lost even if the spell is countered; a loss of life, which no prevention or
# redirection touches), then X damage divided as the caster announces among any number of target
# creatures, each at least 1 (so at most X targets), written in target order ("3/2") as
# Pyrotechnics' and Meteor Shower's division. The printed text says "target creatures", any
# creatures, attacking or not. A target gone before resolution loses its share.
def _covenant_target(g: Game, ctx: Ctx, o: Target) -> bool:
    if isinstance(o, Player) or "creature" not in g.chars(o).types:
        return False
    chosen = ctx.spell.targets if ctx.spell is not None else []
    return any(o is t for t in chosen) or len(chosen) < max(ctx.x, 1)  # X is at least 1 (0 before it is chosen)


define("Fire Covenant", spell=SpellSpec(
    _pyrotechnics, multi_target=True, life_x=True,
    targets=(TargetSpec("target creatures (up to X)", kinds(Kind.PERMANENT), _covenant_target),),
    announce=(Announce("division", "divide X damage among the targets, in target order (e.g. 2/1)",
                       lambda g, ctx: ["/".join(map(str, c)) for c in _compositions(ctx.x, len(ctx.targets))]
                       if ctx.targets and len(ctx.targets) <= ctx.x else []),)))


# ------------------------------------------------------------------ Chromatic Armor

# Chromatic Armor: the color is chosen as it is cast ("choose a color": a
# choice announced with the spell, choose=red) and kept by the aura; damage to
# the enchanted creature from a source of that color is reduced to 0 as it is
# dealt. "{X}: put a sleight counter on it and change the color", X the number
# of sleight counters it has as the ability is announced (before the new one).
def _armor_reduces(g: Game, src: Card, pk: Packet) -> bool:
    col = src.chosen.get("color")
    return (col is not None and isinstance(pk.receiver, Card) and pk.receiver.oid == src.attached_to
            and COLOR_LETTERS[col] in pk.source_colors)


def _armor_cost(g: Game, src: Card, spell: Spell, cost: ManaCost) -> ManaCost:
    if spell.source is src and spell.ability is not None and spell.ability in src.cdef.abilities:
        return cost.plus(ManaCost(src.counters.get("sleight", 0)))
    return cost


def _armor_recolor(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    if src is None or g.find(src.oid) is None:
        return
    add_counters(g, src, "sleight", 1)
    src.chosen["color"] = ctx.chosen("color")
    g.log(f"Chromatic Armor now protects against {ctx.chosen('color')}.")
    return
    yield


_CHOOSE_COLOR = Announce("color", "choose a color", lambda g, ctx: list(COLOR_LETTERS))
define("Chromatic Armor", enchant=CREATURE, announce=(_CHOOSE_COLOR,), on_enter=enters_with_counters("sleight", 1),
       hooks=Hooks(reduce_damage=_armor_reduces, adjust_cost=_armor_cost), abilities=(Ability(
           "{X}: Put a sleight counter on Chromatic Armor and change the color that it protects against. X is equal "
           "to the number of sleight counters on Chromatic Armor", Cost(), _armor_recolor,
           announce=(_CHOOSE_COLOR,)),))


# Fumarole: the 3 life are an additional cost, paid as it is cast (SpellSpec.life):
# loss of life, which no damage prevention changes.
define("Fumarole", spell=SpellSpec(destroy_targets(), targets=(CREATURE, LAND), life=3))


# Reclamation, Flooded Woodlands: "No black (green) creature can attack unless
# its controller sacrifices a land whenever that creature attacks": a land for
# each such attacker, sacrificed as the attack is declared (hook attack_sacrifice).
def _land_to_attack(word: str) -> Callable[[Game, Card, Card], str | None]:
    def need(g: Game, src: Card, attacker: Card) -> str | None:
        return "land" if COLOR_LETTERS[g.word(src, word)] in g.chars(attacker).colors else None
    return need


define("Reclamation", hooks=Hooks(attack_sacrifice=_land_to_attack("black")))
define("Flooded Woodlands", hooks=Hooks(attack_sacrifice=_land_to_attack("green")))


# Ghostly Flame: black and red permanents and spells are colorless sources of
# damage (for protection, Circles of Protection and the like), as the damage is dealt.
def _ghostly_flame(g: Game, src: Card, colors: frozenset[str]) -> frozenset[str]:
    if colors & {COLOR_LETTERS[g.word(src, "black")], COLOR_LETTERS[g.word(src, "red")]}:
        return frozenset()
    return colors


define("Ghostly Flame", hooks=Hooks(damage_source_colors=_ghostly_flame))
