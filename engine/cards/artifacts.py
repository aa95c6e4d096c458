"""Artifacts that are not creatures (artifact creatures: artifact_creatures.py).

Rules every card here lives by (MicroProse manual, "Artifacts"):

* a tapped non-creature artifact's continuous effects are off (the core
  switches off its statics and triggers; hooks below check
  ``g.switched_off`` themselves), and its other effects cannot be used
  until it untaps, even without {T} in their cost (the core refuses them;
  the hook ``usable_while_tapped`` names the exceptions, Mana Vault's untap);
* artifacts can be used the turn they come into play (no summoning
  sickness for non-creatures);
* "Play this ability as an interrupt" on a mana ability means it is a mana
  source: never interrupted.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from ..carddb import define
from ..ctx import Ctx
from ..decisions import DecisionKind
from ..effects import (untap_targets, damage_enchanted_controller, ARTIFACT, CREATURE, CREATURE_OR_PLAYER, DAMAGED_CREATURE, DAMAGED_CREATURE_OR_PLAYER,
                       OPPONENT, PLAYER, add_counters, create_token, creature_where, damage, destroy_all,
                       discard_card, draw_cards, during_upkeep, each_target, flag_mod, grant, once_per_event, pay_to_use,
                       permanent_target, prevent_to_target, pump, pump_mod, self_only, tap_targets, token_def,
                       until_eot, untap_during_upkeep, untap_source, upkeep_of, while_source_tapped)
from ..effects import land_type_static  # words of the card's text (Magical Hack)
from ..hooks import Hooks
from ..mana import COLOR_LETTERS, ManaCost
from ..model import (Ability, Announce, Cost, Delayed, EffectFn, Event, Gen, Kind, ManaAbility, Speed, Static, Target,
                     TargetSpec, Trigger, kinds)
from ..objects import Card, Chars, Effect, Player
from ..refs import ref

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game


def _cost(mana: str = "", **kw: Any) -> Cost:  # kw: Cost's own fields, passed on as they are
    return Cost(ManaCost.parse(mana), **kw)


def _tap_cost(mana: str = "") -> Cost:
    return _cost(mana, tap=True)


def _comes_into_play_tapped(g: Game, ctx: Ctx) -> Gen:
    """"Comes into play tapped": it never became tapped (no "becomes tapped" trigger)."""
    ctx.source.tapped = True
    ctx.source.was_tapped = True
    return
    yield


# ----------------------------------------------------------------- simple {T} artifacts

define("Rod of Ruin", abilities=(Ability("{3}, {T}: Rod of Ruin deals 1 damage to target creature or player",
                                         _tap_cost("{3}"), damage(1), targets=(CREATURE_OR_PLAYER,)),))
define("Aladdin's Ring", abilities=(Ability("{8}, {T}: Aladdin's Ring deals 4 damage to target creature or player",
                                            _tap_cost("{8}"), damage(4), targets=(CREATURE_OR_PLAYER,)),))
define("Helm of Chatzuk", abilities=(Ability("{1}, {T}: Target creature gains banding until end of turn",
                                             _tap_cost("{1}"), grant("banding"), targets=(CREATURE,)),))
define("Jayemdae Tome", abilities=(Ability("{4}, {T}: Draw one card", _tap_cost("{4}"), draw_cards(1)),))
define("Amulet of Kroog", abilities=(Ability("{2}, {T}: Prevent 1 damage to any creature or player",
                                             _tap_cost("{2}"), prevent_to_target(1),
                                             targets=(DAMAGED_CREATURE_OR_PLAYER,), prevention=True),))
define("Tawnos's Wand", abilities=(Ability(
    "{2}, {T}: Target creature with power no greater than 2 becomes unblockable until end of turn",
    _tap_cost("{2}"), until_eot(flag_mod("unblockable")),
    targets=(creature_where("target creature with power no greater than 2",
                            lambda g, ctx, c: (g.chars(c).power or 0) <= 2),)),))




define("Jandor's Saddlebags", abilities=(Ability("{3}, {T}: Untap target creature", _tap_cost("{3}"),
                                                 untap_targets, targets=(CREATURE,)),))


def _glasses(g: Game, ctx: Ctx) -> Gen:
    for p in each_target(ctx):
        g.secrets.append((ctx.controller, f"{p.name}'s hand: " + (", ".join(sorted(c.name for c in p.hand)) or "empty")))
        g.log(f"{ctx.me.name} looks at {p.name}'s hand.")
    return
    yield


define("Glasses of Urza", abilities=(Ability("{T}: Look at target player's hand", _tap_cost(), _glasses,
                                             targets=(PLAYER,)),))


def _cane(g: Game, ctx: Ctx) -> Gen:
    me = ctx.me
    for c in list(me.graveyard):
        g.move(c, "library")
    g.shuffle(me.idx)
    g.log(f"{me.name} shuffles their graveyard into their library.")
    return
    yield


define("Feldon's Cane", abilities=(Ability("{T}, remove Feldon's Cane from the game: shuffle your graveyard "
                                           "into your library", Cost(tap=True, remove_self=True), _cane),))


def _mill(g: Game, ctx: Ctx) -> Gen:
    for p in each_target(ctx):
        for _ in range(2):
            if not p.library:
                break
            card = g.move(p.library[0], "graveyard")
            g.log(f"{card.name} is put from {p.name}'s library into their graveyard (Millstone).")
    return
    yield


define("Millstone", abilities=(Ability("{2}, {T}: Put the top two cards of target player's library into that "
                                       "player's graveyard", _tap_cost("{2}"), _mill, targets=(PLAYER,)),))


def _disk_test(g: Game, c: Card) -> bool:
    return bool(g.chars(c).types & {"creature", "enchantment", "artifact"})


define("Nevinyrral's Disk", on_enter=_comes_into_play_tapped, abilities=(Ability(
    "{1}, {T}: Destroy all creatures, enchantments, and artifacts, including Nevinyrral's Disk",
    _tap_cost("{1}"), destroy_all(_disk_test)),))


# Conservator: "prevent up to 2 damage to you" -- usable in a damage
# prevention step while damage to its controller is pending.
def _conservator(g: Game, ctx: Ctx) -> Gen:
    g.prevent(ctx.me, 2)
    return
    yield


def _damage_to_controller(g: Game, card: Card) -> bool:
    me = g.players[g.controller(card)]
    return any(pk.amount > 0 and pk.receiver is me for pk in g.pending_damage)


define("Conservator", abilities=(Ability("{3}, {T}: Prevent up to 2 damage to you", _tap_cost("{3}"), _conservator,
                                         prevention=True, condition=_damage_to_controller),))


# Jade Monolith: all damage pending to the target creature is dealt to the
# Monolith's controller instead, from the same source. Redirection is legal in
# the damage prevention step; the new receiver's own reductions apply.
def _monolith(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        moved = 0
        for pk in g.pending_damage:
            if pk.receiver is t and pk.amount > 0:
                pk.receiver = ctx.me
                moved += pk.amount
                g._auto_reduce(pk)
        if moved:
            g.log(f"{moved} damage to {t.name} is redirected to {ctx.me.name} (Jade Monolith).")
    return
    yield


define("Jade Monolith", abilities=(Ability("{1}: Redirect to yourself all damage done to any creature",
                                           _cost("{1}"), _monolith, targets=(DAMAGED_CREATURE,),
                                           prevention=True),))


# Ebony Horse: untap an attacking creature of yours; it neither deals nor
# receives combat damage this combat (the core's mark for a creature that
# takes no part in combat damage, as after regenerating; it clears when the
# attack ends).
def _horse(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        t.tapped = False
        t.regenerated_in_combat = True
        g.log(f"{t.name} untaps; it neither deals nor receives combat damage this turn.")
    return
    yield


define("Ebony Horse", abilities=(Ability(
    "{2}, {T}: Untap target attacking creature you control; it neither receives nor deals damage during combat",
    _tap_cost("{2}"), _horse,
    targets=(creature_where("target attacking creature you control",
                            lambda g, ctx, c: g.combat is not None and g.combat.band_of(c.oid) is not None
                            and g.controller(c) == ctx.controller),)),))


# Flying Carpet: if the creature goes to the graveyard before end of turn,
# destroy Flying Carpet (a delayed trigger: it works while the Carpet is
# tapped, its continuous effects being irrelevant here).
def _carpet_destroy(g: Game, ctx: Ctx) -> Gen:
    carpet = g.find(ctx.data["delayed"].data["carpet"])
    if carpet is not None:
        g.destroy(carpet, why=": the creature it carried went to the graveyard")
    return
    yield


def _carpet(g: Game, ctx: Ctx) -> Gen:
    yield from grant("flying")(g, ctx)
    for t in each_target(ctx):
        g.delayed.append(Delayed(
            Event.TO_GRAVEYARD, _carpet_destroy, ctx.controller, "Flying Carpet",
            condition=lambda g2, d, data: data["old"].oid == d.data["target"], turn=g.turn,
            data={"target": t.oid, "carpet": ctx.source.oid}))


define("Flying Carpet", abilities=(Ability(
    "{2}, {T}: Target creature gains flying until end of turn; if it is put into the graveyard before end of "
    "turn, destroy Flying Carpet", _tap_cost("{2}"), _carpet, targets=(CREATURE,)),))


# Disrupting Scepter: the target player chooses the card to discard.
def _scepter(g: Game, ctx: Ctx) -> Gen:
    for p in each_target(ctx):
        if not p.hand:
            g.log(f"{p.name} has no card to discard.")
            continue
        names = sorted({c.name for c in p.hand})
        ans = yield from g.ask(p.idx, DecisionKind.DISCARD, "Disrupting Scepter: discard a card",
                               [f"discard {n}" for n in names], about="Disrupting Scepter")
        card = next(c for c in p.hand if c.name == ans[len("discard "):])
        yield from discard_card(g, p.idx, card, by=ctx.controller)


define("Disrupting Scepter", abilities=(Ability(
    "{3}, {T}: Target player chooses and discards one card. Use this ability only during your turn",
    _tap_cost("{3}"), _scepter, targets=(PLAYER,), condition=lambda g, c: g.active == g.controller(c)),))


# Coral Helm: the random discard is part of the cost.
define("Coral Helm", abilities=(Ability(
    "{3}: Discard a card at random from your hand to give target creature +2/+2 until end of turn",
    _cost("{3}", discard_random=1), pump(2, 2), targets=(CREATURE,)),))


# ----------------------------------------------------------------- tokens

_DJINN = token_def("Djinn", ("artifact", "creature"), 5, 5, subtypes=("Djinn",), keywords=("flying",),
                   text="Flying")
_WASP = token_def("Wasp", ("artifact", "creature"), 1, 1, subtypes=("Insect",), keywords=("flying",),
                  text="Flying")


def _hive(g: Game, ctx: Ctx) -> Gen:
    tok = create_token(g, _WASP, ctx.controller)
    yield from g.entered(tok)


define("The Hive", abilities=(Ability("{5}, {T}: Put a Wasp token into play", _tap_cost("{5}"), _hive),))


# Bottle of Suleiman: the opponent calls the flip; the flip is g.rng.
def _bottle(g: Game, ctx: Ctx) -> Gen:
    opp = ctx.target if ctx.target is not None else ctx.opponent
    ans = yield from g.ask(opp.idx, DecisionKind.CHOOSE, "Bottle of Suleiman: call the coin flip",
                           ["choose heads", "choose tails"], about="Bottle of Suleiman")
    call = ans[len("choose "):]
    result = "heads" if g.rng.random() < 0.5 else "tails"
    g.log(f"{opp.name} calls {call}; the coin comes up {result}.")
    if call == result:
        g.deal_damage(ctx.spell, ctx.me, 5)
    else:
        tok = create_token(g, _DJINN, ctx.controller)
        yield from g.entered(tok)


define("Bottle of Suleiman", abilities=(Ability(
    "{1}: Sacrifice Bottle of Suleiman; flip a coin called by target opponent: 5 damage to you, or a 5/5 "
    "flying Djinn", _cost("{1}", sacrifice_self=True), _bottle, targets=(OPPONENT,)),))


# ----------------------------------------------------------------- draw and discard

# Howling Mine: each player draws one extra card in the draw phase (while untapped).
def _mine_draw(g: Game, src: Card, p: int, n: int) -> Gen:
    if g.switched_off(src):
        return n
    return n + 1
    yield


define("Howling Mine", hooks=Hooks(draw_count=_mine_draw))


# Aladdin's Lamp: the next draw of its controller is replaced: look at the top
# X cards, put one into the hand, the rest on the bottom in a random order.
# (The core's draw phase has no opportunity before the draw, so the Lamp is
# used earlier -- in upkeep, say; the replacement waits for the next draw.)
def _lamp_draw(x: int) -> Callable[[Game, int], Gen]:
    def replacement(g: Game, p: int) -> Gen:
        pl = g.players[p]
        look = pl.library[:x]
        if not look:
            pl.drew_from_empty = True
            g.log(f"{pl.name} must draw from an empty library.")
            return
        g.secrets.append((p, "Aladdin's Lamp: you look at " + ", ".join(c.name for c in look) + "."))
        names = sorted({c.name for c in look})
        pick = names[0]
        if len(names) > 1:
            ans = yield from g.ask(p, DecisionKind.CHOOSE, f"Aladdin's Lamp: choose one of the top {len(look)} "
                                   "cards of your library to draw", [f"choose {n}" for n in names],
                                   about="Aladdin's Lamp")
            pick = ans[len("choose "):]
        chosen = next(c for c in look if c.name == pick)
        new = g.move(chosen, "hand")
        new.flags["drawn_turn"] = g.turn
        rest = [c for c in look if c is not chosen]
        g.rng.shuffle(rest)
        for c in rest:
            pl.library.remove(c)
            pl.library.append(c)
        g.log(f"{pl.name} draws a card with Aladdin's Lamp and puts {len(rest)} on the bottom of their library.")
    return replacement


def _lamp(g: Game, ctx: Ctx) -> Gen:
    g.draw_replacements.append((ctx.controller, _lamp_draw(ctx.x)))
    g.log(f"{ctx.me.name}'s next draw will be made with Aladdin's Lamp (X={ctx.x}).")
    return
    yield


define("Aladdin's Lamp", hooks=Hooks(min_x=1), abilities=(Ability(
    "{X}, {T}: Instead of drawing a card, draw X cards and choose one; the rest go to the bottom of your library",
    _tap_cost("{X}"), _lamp, x=True),))


# Library of Leng: no discarding down in the discard phase (choice: the phase
# still happens, for fast effects, but its controller never discards then);
# a discard forced by a spell or effect may go on top of the library.
def _leng_on(g: Game, src: Card, p: int) -> bool:
    return g.controller(src) == p and not g.switched_off(src)


define("Library of Leng", hooks=Hooks(
    hand_limit=lambda g, src, p, limit: None if _leng_on(g, src, p) else limit,
    discard_to_library=_leng_on))


# ----------------------------------------------------------------- opponent's hand (chosen on casting)

_CHOOSE_OPPONENT = Announce("choice", "choose target opponent", lambda g, ctx: [g.players[1 - ctx.controller].name])


def _chosen_opponent(g: Game, src: Card) -> int:
    choice = src.chosen.get("choice")
    p = g.player_by_name(choice) if choice else None
    return p.idx if p is not None else 1 - g.controller(src)


# Black Vise: at the end of the chosen opponent's upkeep, 1 damage per card in hand beyond four.
def _vise(g: Game, ctx: Ctx) -> Gen:
    p = g.players[g.active]
    n = len(p.hand) - 4
    if n > 0:
        g.deal_damage(ctx.source, p, n)
    return
    yield


define("Black Vise", announce=(_CHOOSE_OPPONENT,),
       triggers=(Trigger(Event.END_UPKEEP, _vise, condition=lambda g, src, d: g.active == _chosen_opponent(g, src)),))


# The Rack: at the end of the chosen opponent's upkeep, 1 damage per card in hand fewer than three.
def _rack(g: Game, ctx: Ctx) -> Gen:
    p = g.players[g.active]
    n = 3 - len(p.hand)
    if n > 0:
        g.deal_damage(ctx.source, p, n)
    return
    yield


define("The Rack", announce=(_CHOOSE_OPPONENT,),
       triggers=(Trigger(Event.END_UPKEEP, _rack, condition=lambda g, src, d: g.active == _chosen_opponent(g, src)),))


# Cursed Rack: the chosen opponent discards down to four in the discard phase.
def _cursed_rack(g: Game, src: Card, p: int, limit: int | None) -> int | None:
    if limit is None or p != _chosen_opponent(g, src) or g.switched_off(src):
        return limit
    return min(limit, 4)


define("Cursed Rack", announce=(_CHOOSE_OPPONENT,), hooks=Hooks(hand_limit=_cursed_rack))


# Ivory Tower: at the beginning of your upkeep, 1 life per card in hand beyond four.
def _tower(g: Game, ctx: Ctx) -> Gen:
    n = len(ctx.me.hand) - 4
    if n > 0:
        g.gain_life(ctx.controller, n)
    return
    yield


define("Ivory Tower", triggers=(Trigger(Event.BEGIN_UPKEEP, _tower,
                                        condition=lambda g, src, d: g.active == g.controller(src)),))


# ----------------------------------------------------------------- upkeep

# Armageddon Clock
def _clock_counter(g: Game, ctx: Ctx) -> Gen:
    add_counters(g, ctx.source, "doom", 1)
    return
    yield


def _clock_damage(g: Game, ctx: Ctx) -> Gen:
    n = ctx.source.counters.get("doom", 0)
    for p in (g.active, 1 - g.active):
        g.deal_damage(ctx.source, g.players[p], n)
    return
    yield


def _clock_remove(g: Game, ctx: Ctx) -> Gen:
    add_counters(g, ctx.source, "doom", -1)
    return
    yield


_ac_ab, _ac_end = during_upkeep("Put a doom counter on Armageddon Clock", _clock_counter)


def _ac_end_if_on(g: Game, card: Card) -> Gen:
    # the doom counter is the Clock's own doing: a tapped Clock does nothing
    if not g.switched_off(card):
        yield from _ac_end(g, card)


define("Armageddon Clock",
       abilities=(_ac_ab, Ability("{4}: Remove a doom counter (any player, during any upkeep)",
                                  _cost("{4}"), _clock_remove, who="any",
                                  condition=lambda g, c: g.phase == "upkeep" and c.counters.get("doom", 0) > 0)),
       hooks=Hooks(end_of_upkeep=_ac_end_if_on),
       triggers=(Trigger(Event.END_UPKEEP, _clock_damage,
                         condition=lambda g, src, d: g.active == g.controller(src)),))


# Mana Vault: does not untap; {4} untaps it during its controller's upkeep (an
# untap cost: usable while tapped, again if tapped again); still tapped when
# that upkeep ends: 1 damage to its controller.
_vault_untap = untap_during_upkeep("{4}", "Mana Vault")


def _vault_end(g: Game, card: Card) -> Gen:
    p = g.controller(card)
    if p != g.active or not card.tapped:
        return
    g.log("Mana Vault is still tapped.")
    g.deal_damage(card, g.players[p], 1)
    yield from g.settle()


define("Mana Vault",
       statics=(Static(applies=self_only, modify=lambda g, src, card, c: c.flags.add("doesn't untap"),
                       active=lambda g, src: True),),
       abilities=(_vault_untap,), mana_abilities=(ManaAbility("C", amount=3),),
       hooks=Hooks(end_of_upkeep=_vault_end, usable_while_tapped=lambda g, c, ab: ab is _vault_untap))


# Warp Artifact: 1 damage to the enchanted artifact's controller during their upkeep.

_wa_ab, _wa_end = during_upkeep("Warp Artifact deals 1 damage to the artifact's controller", damage_enchanted_controller(1),
                                whose="enchanted controller")
define("Warp Artifact", enchant=ARTIFACT, abilities=(_wa_ab,), hooks=Hooks(end_of_upkeep=_wa_end))


# Living Artifact: vitality counters for damage dealt to its controller; one
# may be removed during each of the controller's upkeeps for 1 life.
def _vitality(g: Game, ctx: Ctx) -> Gen:
    add_counters(g, ctx.source, "vitality", ctx.data["packet"].amount)
    return
    yield


def _vitality_life(g: Game, ctx: Ctx) -> Gen:
    g.gain_life(ctx.controller, 1)
    return
    yield


define("Living Artifact", enchant=ARTIFACT,
       triggers=(Trigger(Event.DAMAGE_DEALT, _vitality, condition=lambda g, src, d: (
           isinstance(d["packet"].receiver, Player) and d["packet"].receiver.idx == g.controller(src)
           and d["packet"].amount > 0)),),
       abilities=(Ability("{0}: During your upkeep, remove a vitality counter to gain 1 life",
                          Cost(remove_counter="vitality"), _vitality_life, condition=upkeep_of(),
                          once_per_phase=True),))


# ----------------------------------------------------------------- untapping

def _winter_orb(g: Game, src: Card, p: int, cards: list[Card]) -> Gen:
    """No player untaps more than one land: the active player chooses which
    (as the untap phase begins, before anything untaps)."""
    if g.switched_off(src):
        return cards
    lands = [c for c in cards if "land" in g.chars(c).types]
    if len(lands) <= 1:
        return cards
    ch = [f"choose {ref(g, c)}" for c in lands]
    ans = yield from g.ask(p, DecisionKind.CHOOSE, "Winter Orb: choose the one land to untap", ch, decline=ch[0],
                           parser=g.parser_for(p, ch), about=src.name)
    keep = lands[ch.index(ans)]
    return [c for c in cards if c not in lands or c is keep]


define("Winter Orb", hooks=Hooks(untap_limit=_winter_orb))


def _meekstone(g: Game, src: Card, p: int, cards: list[Card]) -> Gen:
    if g.switched_off(src):
        return cards
    return [c for c in cards if not (g.is_creature(c) and (g.chars(c).power or 0) > 2)]
    yield


define("Meekstone", hooks=Hooks(untap_limit=_meekstone))


# Tawnos's Weaponry / Ashnod's Battle Gear: +N/+M to the target as long as the
# artifact remains tapped (once it untaps, the bonus is over for good); it may
# stay tapped in its controller's untap phase.
def _while_tapped(p: int, t: int) -> EffectFn:
    return while_source_tapped(pump_mod(p, t))


define("Tawnos's Weaponry", hooks=Hooks(may_stay_tapped=lambda g, c: True),
       abilities=(Ability("{2}, {T}: Target creature gets +1/+1 as long as Tawnos's Weaponry remains tapped",
                          _tap_cost("{2}"), _while_tapped(1, 1), targets=(CREATURE,)),))
define("Ashnod's Battle Gear", hooks=Hooks(may_stay_tapped=lambda g, c: True),
       abilities=(Ability("{2}, {T}: Target creature you control gets +2/-2 as long as Ashnod's Battle Gear "
                          "remains tapped", _tap_cost("{2}"), _while_tapped(2, -2),
                          targets=(creature_where("target creature you control",
                                                  lambda g, ctx, c: g.controller(c) == ctx.controller),)),))


# ----------------------------------------------------------------- lands and creatures in play

# Kormus Bell: all swamps become 1/1 black creatures (still lands); "swamps" and
# "black" as its text reads them (Magical Hack, Sleight of Mind).
def _bell(g: Game, src: Card, card: Card, c: Chars) -> None:
    c.types.add("creature")
    c.colors = {COLOR_LETTERS[g.word(src, "black")]}
    c.set_pt(1, 1)


define("Kormus Bell", statics=(Static(applies=land_type_static("swamp"), modify=_bell, layer=1),))


# Ankh of Mishra: 2 damage to a player who puts a land into play.
def _ankh(g: Game, ctx: Ctx) -> Gen:
    land = ctx.data["card"]
    g.deal_damage(ctx.source, g.players[g.controller(land)], 2)
    return
    yield


define("Ankh of Mishra", triggers=(Trigger(Event.ENTERS, _ankh,
                                           condition=lambda g, src, d: "land" in g.chars(d["card"]).types),))


# Dingus Egg: 2 damage to the controller of a land put into the graveyard from play.
def _egg(g: Game, ctx: Ctx) -> Gen:
    g.deal_damage(ctx.source, g.players[ctx.data["controller"]], 2)
    return
    yield


define("Dingus Egg", triggers=(Trigger(Event.TO_GRAVEYARD, _egg,
                                       condition=lambda g, src, d: "land" in d["card"].cdef.types),))


# Soul Net: {1}: 1 life when a creature is put into the graveyard from play
# (offered then, once for each creature).
def _soul_net(g: Game, ctx: Ctx) -> Gen:
    paid = yield from pay_to_use(g, ctx.controller, "{1}", f"Soul Net: pay {{1}} to gain 1 life "
                                 f"({ctx.data['card'].name} died)?", ctx.source.name)
    if paid:
        g.gain_life(ctx.controller, 1)


define("Soul Net", triggers=(Trigger(Event.TO_GRAVEYARD, _soul_net, condition=lambda g, src, d: d["was_creature"]),))


# Ivory Cup, Crystal Rod, Iron Star, Throne of Bone, Wooden Sphere: "{1}: Gain 1
# life for a successfully cast <color> spell. Use this effect either when the
# spell is cast or later in the turn but only once for each <color> spell
# cast." Each such spell (either player's) cast while the artifact is on gives
# it one use this turn; a use is an ordinary {1} effect. The color word can be
# changed by Sleight of Mind.
def _life_for_color(name: str, word: str) -> None:
    def gain(g: Game, ctx: Ctx) -> Gen:
        g.gain_life(ctx.controller, 1)
        return
        yield

    def cast(g: Game, src: Card, d: dict) -> bool:
        s = d["spell"]
        return s.card is not None and COLOR_LETTERS[g.word(src, word)] in s.colors

    ab, credit = once_per_event(f"{{1}}: Gain 1 life for a successfully cast {word} spell", "{1}", gain)
    define(name, abilities=(ab,), triggers=(Trigger(Event.SPELL_CAST, credit, condition=cast),))


for _name, _word in (("Ivory Cup", "white"), ("Crystal Rod", "blue"), ("Throne of Bone", "black"),
                     ("Iron Star", "red"), ("Wooden Sphere", "green")):
    _life_for_color(_name, _word)


# ----------------------------------------------------------------- enchant artifact

# Animate Artifact: a non-creature artifact becomes an artifact creature with
# power and toughness equal to its converted casting cost; it keeps its
# abilities (and, being a creature, tapping no longer switches them off).
def _animate(g: Game, src: Card, card: Card, c: Chars) -> None:
    if "creature" in c.types:
        return  # "does not affect artifact creatures"
    c.types.add("creature")
    n = card.cdef.cost.converted
    c.set_pt(n, n)


define("Animate Artifact", enchant=ARTIFACT,
       statics=(Static(applies=lambda g, src, card, c: src.attached_to == card.oid, modify=_animate,
                       active=lambda g, src: True, layer=1),),
       hooks=Hooks(animates=lambda g, src, card: src.attached_to == card.oid))

define("Steal Artifact", enchant=ARTIFACT,
       statics=(Static(applies=lambda g, src, card, c: src.attached_to == card.oid,
                       modify=lambda g, src, card, c: setattr(c, "controller", src.controller),
                       active=lambda g, src: True, layer=0),))


# Relic Bind: whenever the enchanted artifact becomes tapped, its controller
# may have target player gain 1 life or take 1 damage from Relic Bind.
def _relic(g: Game, ctx: Ctx) -> Gen:
    p = ctx.controller
    ch = [f"choose damage {pl.name}" for pl in g.players] + [f"choose life {pl.name}" for pl in g.players]
    ans = yield from g.ask(p, DecisionKind.CHOOSE, "Relic Bind: 1 damage to target player, or target player "
                           "gains 1 life?", ch + ["choose no"], decline="choose no", about="Relic Bind")
    if ans == "choose no":
        return
    _, what, who = ans.split(" ", 2)
    target = g.player_by_name(who)
    g.log(f"Relic Bind: {g.players[p].name} targets {target.name}.")
    if what == "damage":
        g.deal_damage(ctx.source, target, 1)
        yield from g.settle()
    else:
        g.gain_life(target.idx, 1)


define("Relic Bind",
       enchant=permanent_target("target artifact opponent controls",
                                lambda g, ctx, c: "artifact" in g.chars(c).types and g.controller(c) != ctx.controller),
       triggers=(Trigger(Event.BECOMES_TAPPED, _relic, condition=lambda g, src, d: d["card"].oid == src.attached_to),))


# ----------------------------------------------------------------- mana

# Mana batteries: {2},{T}: a charge counter; {T}: one mana of the color plus
# one more for each charge counter removed (how many: asked as it is tapped).
def _charge(g: Game, ctx: Ctx) -> Gen:
    add_counters(g, ctx.source, "charge", 1)
    return
    yield


def _battery_mana(g: Game, card: Card, p: int, amount: int) -> Gen:
    n = card.counters.get("charge", 0)
    if n <= 0:
        return amount
    ans = yield from g.ask(p, DecisionKind.CHOOSE, f"{card.name}: remove how many charge counters "
                           "(one more mana each)?", [f"choose {i}" for i in range(n + 1)], decline="choose 0",
                           about=card.name)
    k = int(ans.split()[1])
    add_counters(g, card, "charge", -k)
    return amount + k


for _name, _sym in (("White Mana Battery", "W"), ("Blue Mana Battery", "U"), ("Black Mana Battery", "B"),
                    ("Red Mana Battery", "R"), ("Green Mana Battery", "G")):
    define(_name, mana_abilities=(ManaAbility(_sym),), hooks=Hooks(mana_choice=_battery_mana),
           abilities=(Ability(f"{{2}}, {{T}}: Put one charge counter on {_name}", _tap_cost("{2}"), _charge),))

# Celestial Prism: {2},{T}: one mana of any color (a mana source paid from the pool).
define("Celestial Prism", mana_abilities=(ManaAbility("WUBRG", cost=_tap_cost("{2}")),))


# Fellwar Stone: one mana of any type a land the opponent controls can produce.
def _fellwar(g: Game, card: Card, produces: str) -> str:
    opp = 1 - g.controller(card)
    can: set[str] = set()
    for land in g.permanents(opp, type_="land"):
        for ma in g.mana_abilities(land):
            can.update(ma.produces)
    return "".join(s for s in produces if s in can)


define("Fellwar Stone", mana_abilities=(ManaAbility("WUBRGC"),), hooks=Hooks(mana_symbols=_fellwar))

# Sunglasses of Urza: its controller may spend white mana as red (the colors as
# its text reads them: Sleight of Mind).
define("Sunglasses of Urza", hooks=Hooks(
    spend_as=lambda g, src, p: [(COLOR_LETTERS[g.word(src, "red")], COLOR_LETTERS[g.word(src, "white")])]
    if g.controller(src) == p and not g.switched_off(src) else []))


# ----------------------------------------------------------------- ante

# Bronze Tablet: it and the target card are removed from the game and change
# owners, unless the card's owner pays 10 life (then the Tablet is destroyed).
# Choices: the owner may pay only with at least 10 life (as for life costs);
# if the Tablet has left play by then, nothing is exchanged; it cannot be
# cast in a duel not played for ante ("remove it from your deck").
def _to_owner(g: Game, card: Card, owner: int) -> None:
    g.players[card.owner].removed.remove(card)
    card.owner = card.controller = owner
    g.players[owner].removed.insert(0, card)


def _tablet(g: Game, ctx: Ctx) -> Gen:
    t, tablet, me = ctx.target, ctx.source, ctx.controller
    if t is None:
        return
    opp = g.players[t.owner]
    if opp.life >= 10:
        ans = yield from g.ask(opp.idx, DecisionKind.CHOOSE, f"Bronze Tablet: pay 10 life to keep {ref(g, t)}?",
                               ["choose yes", "choose no"], decline="choose no", about="Bronze Tablet")
        if ans == "choose yes":
            g.lose_life(opp.idx, 10, " to stop Bronze Tablet")
            g.destroy(tablet)
            return
    if tablet not in g.battlefield:
        g.log("Bronze Tablet has left play: nothing is exchanged.")
        return
    new_t = g.move(t, "removed")
    new_tab = g.move(tablet, "removed")
    _to_owner(g, new_t, me)
    _to_owner(g, new_tab, opp.idx)
    g.log(f"{new_t.name} and Bronze Tablet are removed from the game: {g.players[me].name} now owns "
          f"{new_t.name} and {opp.name} owns Bronze Tablet.")


define("Bronze Tablet", on_enter=_comes_into_play_tapped, hooks=Hooks(can_cast=lambda g, p, card: g.ante_on),
       abilities=(Ability("{4}, {T}: Exchange Bronze Tablet and target card the opponent owns", _tap_cost("{4}"),
                          _tablet, speed=Speed.INTERRUPT,
                          targets=(permanent_target("target card opponent owns",
                                                    lambda g, ctx, c: c.owner != ctx.controller and not c.token),)),))



# ================================================================= Alpha to Revised, not in Fourth Edition
# Printed text of the latest old printing (Unlimited/Revised; Icy Manipulator:
# Ice Age). "Tapping this artifact can be played as an interrupt" on a mana
# ability means it is a mana source: never interrupted, usable while paying.

for _name, _sym in (("Mox Pearl", "W"), ("Mox Sapphire", "U"), ("Mox Jet", "B"), ("Mox Ruby", "R"),
                    ("Mox Emerald", "G")):
    define(_name, mana_abilities=(ManaAbility(_sym),))

define("Sol Ring", mana_abilities=(ManaAbility("C", amount=2),))

# Black Lotus: {T}, sacrifice: three mana of one color. The sacrifice is part of
# the mana ability's cost (the core pays it as the mana is drawn); automatic
# payment never uses it (the player taps it by hand, also while paying).
define("Black Lotus", mana_abilities=(ManaAbility("WUBRG", cost=Cost(tap=True, sacrifice_self=True), amount=3),))


# Basalt Monolith: {T}: three colorless mana; it does not untap in the untap
# phase; "{3} at any other time" untaps it: a fast effect, usable while it is
# tapped (its only use), at any time but the untap phase (which has no
# opportunities anyway).
_monolith_untap = Ability("{3}: Untap Basalt Monolith", _cost("{3}"), untap_source,
                          condition=lambda g, c: c.tapped)
define("Basalt Monolith",
       statics=(Static(applies=self_only, modify=lambda g, src, card, c: c.flags.add("doesn't untap"),
                       active=lambda g, src: True),),
       abilities=(_monolith_untap,), mana_abilities=(ManaAbility("C", amount=3),),
       hooks=Hooks(usable_while_tapped=lambda g, c, ab: ab is _monolith_untap))

define("Icy Manipulator", abilities=(Ability(
    "{1}, {T}: Tap target artifact, creature, or land", _tap_cost("{1}"), tap_targets(),
    targets=(permanent_target("target artifact, creature, or land",
                              lambda g, ctx, c: bool(g.chars(c).types & {"artifact", "creature", "land"})),)),))


# Copper Tablet: 1 damage to each player during his or her upkeep -- a forced
# "during upkeep" effect of the active player's (who may carry it out with
# `activate Copper Tablet`, else it happens as upkeep ends); a tapped Tablet
# (a continuous artifact switched off) does nothing.
def _tablet_damage(g: Game, ctx: Ctx) -> Gen:
    g.deal_damage(ctx.source, g.players[g.active], 1)
    return
    yield


_ct_ab, _ct_end = during_upkeep("Copper Tablet deals 1 damage to you", _tablet_damage, whose="each")


def _ct_end_if_on(g: Game, card: Card) -> Gen:
    if not g.switched_off(card):
        yield from _ct_end(g, card)


define("Copper Tablet", abilities=(_ct_ab,), hooks=Hooks(end_of_upkeep=_ct_end_if_on))


# Gauntlet of Might: red creatures +1/+1; a mountain tapped for mana adds an
# extra {R} (whatever mana it was tapped for). "red" and "mountains" as its text
# reads them (Sleight of Mind, Magical Hack).
def _gauntlet_mana(g: Game, src: Card, land: Card) -> str:
    if g.switched_off(src) or land.zone != "battlefield":
        return ""
    ch = g.chars(land)
    return COLOR_LETTERS[g.word(src, "red")] if "land" in ch.types and g.word(src, "mountain") in ch.subtypes else ""


define("Gauntlet of Might",
       statics=(Static(applies=lambda g, src, card, c: "creature" in c.types and COLOR_LETTERS[g.word(src, "red")] in c.colors,
                       modify=lambda g, src, card, c: pump_mod(1, 1)(g, card, c)),),
       hooks=Hooks(extra_mana=_gauntlet_mana))


# Time Vault: comes into play tapped and does not untap in the untap phase.
# {T}: an additional turn after the current one. "To untap it, you must skip a
# turn": as each of its controller's turns would begin while it is tapped, the
# controller may skip that turn; then the Vault untaps (Oracle's wording of
# the same rule; the MicroProse way of offering a choice before the untap
# phase). The Vault must be tapped to gain the turn, so one skipped turn buys
# one extra turn.
def _vault_turn(g: Game, ctx: Ctx) -> Gen:
    g.extra_turns.append(ctx.controller)
    g.log(f"{ctx.me.name} will take an additional turn after this one.")
    return
    yield


def _vault_skip(g: Game, src: Card) -> Gen:
    p = g.controller(src)
    if p != g.active or not src.tapped:
        return False
    ans = yield from g.ask(p, DecisionKind.CHOOSE, "Time Vault: skip this turn to untap Time Vault?",
                           ["choose yes", "choose no"], decline="choose no", about=src.name)
    if ans != "choose yes":
        return False
    src.tapped = False
    g.log("Time Vault untaps.")
    return True


define("Time Vault", on_enter=_comes_into_play_tapped,
       statics=(Static(applies=self_only, modify=lambda g, src, card, c: c.flags.add("doesn't untap"),
                       active=lambda g, src: True),),
       abilities=(Ability("{T}: Take an additional turn after this one", _tap_cost(), _vault_turn),),
       hooks=Hooks(skip_turn=_vault_skip))


# Forcefield: {1}: an unblocked attacking creature damaging its controller
# deals only 1 of its combat damage (used in the damage prevention step, the
# source of the damage as target, like the Circles of Protection; damage
# trampling over from a blocked creature is not from an unblocked one).
def _unblocked_attacker(g: Game, ctx: Ctx, src: Target) -> bool:
    cb = g.combat
    if cb is None or src.oid is None:
        return False
    band = cb.band_of(src.oid)
    return band is not None and band not in cb.blocked


def _forcefield(g: Game, ctx: Ctx) -> Gen:
    for src in each_target(ctx):
        pending = sum(pk.amount for pk in g.pending_damage
                      if pk.receiver is ctx.me and pk.source_oid == src.oid and pk.combat)
        if pending > 1:
            g.prevent(ctx.me, pending - 1, source_oid=src.oid, source_name=src.name)
    return
    yield


define("Forcefield", abilities=(Ability(
    "{1}: Lose only 1 life to an unblocked creature", _cost("{1}"), _forcefield,
    targets=(TargetSpec("unblocked creature damaging you", kinds(Kind.SOURCE), _unblocked_attacker),),
    prevention=True),))


# Jade Statue: {2}: a 3/6 artifact creature until the end of the current
# attack (the Oracle's 3/6); usable only during an attack. (In this engine
# the attacking player has no opportunity between announcing an attack and
# declaring attackers, so the Statue animates to block, or during its own
# attack once attackers are declared -- too late to attack with it.)
def _jade(g: Game, ctx: Ctx) -> Gen:
    cb = g.combat

    def animated(g2: Game, card: Card, c: Chars) -> None:
        c.types.add("creature")
        c.power, c.toughness = 3, 6
    g.effects.append(Effect(g.stamp(), ctx.source.oid, animated, "eot", layer=1,
                            condition=lambda g2, cb=cb: g2.combat is cb))
    g.log("Jade Statue becomes a 3/6 artifact creature until the end of the attack.")
    return
    yield


define("Jade Statue", abilities=(Ability(
    "{2}: Jade Statue becomes a 3/6 artifact creature until the end of the current attack; use only during an "
    "attack", _cost("{2}"), _jade, condition=lambda g, c: g.combat is not None and not g.combat.damage_done),))


# Cyclopean Tomb: {2} during its controller's upkeep: a mire counter on target
# non-swamp land, which is a swamp while it has one (whatever becomes of the
# Tomb; the land has only a swamp's text box meanwhile). Once the Tomb is put
# into a graveyard, at the beginning of each of its former controller's
# upkeeps that player removes one mire counter of their choice from a land the
# Tomb marked, until none is left.
def _mire_land(word: str) -> Callable[[Game, Card, Chars], None]:
    def m(g: Game, card: Card, c: Chars) -> None:
        if card.counters.get("mire", 0) > 0:
            c.subtypes.difference_update({"plains", "island", "swamp", "mountain", "forest"})
            c.subtypes.add(word)
    return m


# the land type as the Tomb's text reads it when used (Magical Hack): one change per type
_MIRE = {w: _mire_land(w) for w in ("plains", "island", "swamp", "mountain", "forest")}


def _tomb_mark(g: Game, ctx: Ctx) -> Gen:
    word = g.word(ctx.source, "swamp")
    for t in each_target(ctx):
        add_counters(g, t, "mire", 1)
        if not any(e.modify is _MIRE[word] and e.target == t.oid for e in g.effects):
            g.effects.append(Effect(g.stamp(), t.oid, _MIRE[word], "forever", layer=1))
        ctx.source.flags.setdefault("marked", []).append(t.oid)
        g.log(f"{t.name} becomes a {word} (Cyclopean Tomb).")
    return
    yield


def _tomb_unmark(g: Game, ctx: Ctx) -> Gen:
    mem = ctx.data["delayed"].data
    if g.active != mem["player"]:
        return
    marked = [c for c in (g.find(o) for o in mem["marked"]) if c is not None and c.counters.get("mire", 0) > 0]
    if not marked:
        g.delayed.remove(ctx.data["delayed"])
        return
    ch = [f"choose {ref(g, c)}" for c in marked]
    ans = yield from g.ask(mem["player"], DecisionKind.CHOOSE, "Cyclopean Tomb: remove a mire counter from which land?",
                           ch, decline=ch[0], parser=g.parser_for(mem["player"], ch), about="Cyclopean Tomb")
    land = marked[ch.index(ans)]
    add_counters(g, land, "mire", -1)
    if not land.counters.get("mire"):
        g.log(f"{land.name} returns to its original nature.")


def _tomb_gone(g: Game, ctx: Ctx) -> Gen:
    marked = ctx.data["old"].flags.get("marked", [])
    if marked:
        g.delayed.append(Delayed(Event.BEGIN_UPKEEP, _tomb_unmark, ctx.data["controller"], "Cyclopean Tomb",
                                 once=False, data={"player": ctx.data["controller"], "marked": list(marked)}))
    return
    yield


define("Cyclopean Tomb",
       abilities=(Ability("{2}: Target non-swamp land becomes a swamp (a mire counter); use only during your upkeep",
                          _cost("{2}"), _tomb_mark, condition=upkeep_of(),
                          targets=(permanent_target("target non-swamp land", lambda g, ctx, c: "land" in g.chars(c).types
                                                    and g.word(ctx.source, "swamp") not in g.chars(c).subtypes),)),),
       triggers=(Trigger(Event.TO_GRAVEYARD, _tomb_gone, condition=lambda g, src, d: d["card"] is src,
                         zones=("graveyard",)),))


# Chaos Orb: a dexterity card. Decision: the player aims it at a permanent (named
# as the ability is used, `activate Chaos Orb -> CARD`; aiming is not targeting
# in the rules' sense but the engine asks it the same way), and the flip is
# drawn from the duel's seeded random source (the same in a replay), in this
# order: 1 in 10 flips fail to turn over (the Orb is discarded, no effect);
# otherwise the Orb hits the aimed card 3 times in 4, and lands touching each
# of the aimed card's neighbours on its controller's side of the table (the
# permanents just before and after it in the order they came into play) 1 time
# in 4 each. Everything it touches is destroyed, and so is the Orb. It is
# sacrificed as it is flipped (it leaves play at once whatever happens).
CHAOS_ORB_FAIL, CHAOS_ORB_HIT, CHAOS_ORB_NEIGHBOUR = 0.1, 0.75, 0.25


def _chaos_orb(g: Game, ctx: Ctx) -> Gen:
    aimed = ctx.target
    flipped = g.rng.random() >= CHAOS_ORB_FAIL
    if not flipped:
        g.log("Chaos Orb fails to turn over: it has no effect.")
        return
    if aimed is None:
        g.log("Chaos Orb lands on nothing: the card it was aimed at has left play.")
        return
    row = sorted(g.permanents(g.controller(aimed)), key=lambda c: c.timestamp)
    i = row.index(aimed)
    hit = g.rng.random() < CHAOS_ORB_HIT
    neighbours = [row[j] for j in (i - 1, i + 1) if 0 <= j < len(row)]
    touched = ([aimed] if hit else []) + [c for c in neighbours if g.rng.random() < CHAOS_ORB_NEIGHBOUR]
    if not touched:
        g.log(f"Chaos Orb turns over and lands near {aimed.name}, touching nothing.")
    for c in touched:
        g.log(f"Chaos Orb lands on {c.name}.")
        g.destroy(c)
    return
    yield


define("Chaos Orb", abilities=(Ability(
    "{1}: Flip Chaos Orb onto the playing area: cards in play it touches are destroyed, as is Chaos Orb",
    _cost("{1}", sacrifice_self=True), _chaos_orb, targets=(permanent_target("a permanent to aim at"),)),))


# Illusionary Mask: {X}: summon a creature from hand face down. Decisions:
# X is any amount, and the creature chosen (secretly, as the ability is used)
# must have a converted casting cost of X or less: the X mana pays for it, of
# any color (the Oracle's "as though it were mana of any type"); choosing no
# creature wastes X. It is a summoning, so only when a summon spell could be
# cast; the ability is what the opponent sees (it can be interrupted like any
# effect), and the creature comes into play face down, summoning sick: its
# characteristics are its own, but the opponent sees only "Face-down
# creature" (Card.name, the views) until it is turned face up -- as soon as it
# is dealt damage, deals damage or becomes tapped (then everyone sees it).
def _mask_options(g: Game, ctx: Ctx) -> list[str]:
    names = sorted({c.name for c in ctx.me.hand if "creature" in c.cdef.types and c.cdef.cost.converted <= ctx.x})
    return names or ["nothing"]


def _face_up(g: Game, ctx: Ctx) -> Gen:
    mem = ctx.data["delayed"].data
    c = g.find(mem["oid"])
    if c is None or not c.face_down:
        g.delayed[:] = [d for d in g.delayed if d.data is not mem]
        return
    d = ctx.data
    pk = d.get("packet")
    if (d.get("card") is c) or (pk is not None and (pk.receiver is c or pk.source_oid == c.oid)):
        c.face_down = False
        g.log(f"The face-down creature is turned face up: it is {c.name}.")
        g.delayed[:] = [x for x in g.delayed if x.data is not mem]
    return
    yield


def _mask(g: Game, ctx: Ctx) -> Gen:
    pick = ctx.chosen("creature")
    card = next((c for c in ctx.me.hand if c.name == pick and "creature" in c.cdef.types), None)
    if card is None:
        g.log("Illusionary Mask: no creature is summoned.")
        return
    new = g.move(card, "battlefield", controller=ctx.controller)
    new.face_down = True
    new.last_controller = ctx.controller
    g.secrets.append((ctx.controller, f"Illusionary Mask: your face-down creature is {card.name}."))
    g.log(f"{ctx.me.name} summons a face-down creature (Illusionary Mask).")
    mem = {"oid": new.oid}
    for ev in (Event.BECOMES_TAPPED, Event.DAMAGE_DEALT):
        g.delayed.append(Delayed(ev, _face_up, ctx.controller, "Illusionary Mask", once=False, data=mem))
    yield from g.entered(new)


define("Illusionary Mask", abilities=(Ability(
    "{X}: Summon a creature from your hand face down, its casting cost paid with the X mana",
    _cost("{X}"), _mask, x=True,
    condition=lambda g, c: (g.active == g.controller(c) and g.phase == "main" and g.combat is None
                            and not g.spells and not g.batch
                            and any("creature" in h.cdef.types for h in g.players[g.controller(c)].hand)),
    announce=(Announce("creature", "summon which creature face down (its casting cost X or less)?",
                       _mask_options),)),))
