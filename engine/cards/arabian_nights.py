"""Arabian Nights (ARN): the cards of the 1993 expansion.

Each card does what the printed text of its latest old printing says (the
``text`` of ``engine/data/cards.json``: Chronicles or Fifth Edition wording
where the card was reprinted there), with the Fifth Edition rules. Where the
text leaves a point open the choice is written next to the card; the main
ones:

* "Outside the game" (Ring of Ma'rûf): a player's cards removed from the
  game -- a Manaburn duel has no sideboard and never reads a collection; the
  ante cards taken out of a deck not played for ante wait there too.
* "Cards from Arabian Nights" (City in a Bottle): names first printed in ARN,
  by the card data's printings, whatever printing a player owns.
* Shahrazad plays a real subgame (:mod:`engine.subgame`) inside the duel.
* Coin flips (Mijae Djinn, Ydwen Efreet) come from the duel's seeded random
  source; the opponent's call is not asked (it changes nothing).
* A Mono Artifact is tapped to use its ability (Sandals of Abdallah, Jandor's
  Ring, Ring of Ma'rûf); a Poly Artifact is not (Pyramids).
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Callable

from ..carddb import define, printings
from ..ctx import Ctx
from ..decisions import DecisionKind
from ..effects import (CREATURE, CREATURE_OR_PLAYER, add_counters, create_token, creature_where, damage, destroy_targets,
                       discard_card, during_upkeep, each_target, enchanted, forced_upkeep_target, keyword_mod, nothing,
                       pay_to_use, permanent_target, pump, pump_mod, sacrifice_own_creature, self_only, static_for,
                       token_def, until_eot)
from ..hooks import Hooks
from ..mana import COLOR_LETTERS, COLOR_NAMES, ManaCost
from ..model import Ability, Announce, Cost, Delayed, EffectFn, Event, Gen, ManaAbility, SpellSpec, Static, Trigger, spend_use
from ..objects import Card, Chars, Effect, Packet, Player
from ..refs import ref
from ..subgame import play_subgame
from .blue import _lands_of_type, _needs_islands
from .white import _combat_pump

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

# ------------------------------------------------------------------ keyword creatures

# Flying Men (flying), Stone-Throwing Devils (first strike), Moorish Cavalry
# (trample), War Elephant (banding, trample), Repentant Blacksmith (protection
# from red): their keyword lines are read from the card text.
for _name in ("Flying Men", "Stone-Throwing Devils", "Moorish Cavalry", "War Elephant", "Repentant Blacksmith"):
    define(_name)


# ------------------------------------------------------------------ white

define("Army of Allah", spell=SpellSpec(_combat_pump("attacking", 2, 0)))

define("King Suleiman", abilities=(Ability(
    "{T}: Destroy target Efreet or Djinn", Cost(tap=True), destroy_targets(),
    targets=(creature_where("target Efreet or Djinn",
                            lambda g, ctx, c: bool(g.chars(c).subtypes & {"efreet", "djinn"})),)),))


# ------------------------------------------------------------------ blue

# (the landwalk as the aura's text now reads it: Magical Hack)
define("Fishliver Oil", enchant=CREATURE, statics=(Static(
    applies=enchanted, modify=lambda g, src, card, c: c.keywords.add(g.swap_words("islandwalk", src)),
    active=lambda g, src: True),))


def _damage_to_controller(n: int) -> EffectFn:
    """The source deals ``n`` damage to its controller (Serendib Efreet, Juzám Djinn)."""
    def fn(g: Game, ctx: Ctx) -> Gen:
        g.deal_damage(ctx.source, ctx.me, n)
        return
        yield
    return fn


_se_ab, _se_end = during_upkeep("Serendib Efreet deals 1 damage to you", _damage_to_controller(1))
define("Serendib Efreet", abilities=(_se_ab,), hooks=Hooks(end_of_upkeep=_se_end))


# ------------------------------------------------------------------ black

_jd_ab, _jd_end = during_upkeep("Juzám Djinn deals 1 damage to you", _damage_to_controller(1))
define("Juzám Djinn", abilities=(_jd_ab,), hooks=Hooks(end_of_upkeep=_jd_end))


# ------------------------------------------------------------------ red

def _kird_ape(g: Game, card: Card, c: Chars) -> None:
    # "if you have any forests in play": any permanent with the land type
    # forest that its controller controls (a land made a Forest counts); the
    # word as the card's text now reads it (Magical Hack)
    if c.power is not None and g.permanents(c.controller, subtype=g.word(card, "forest")):
        c.power += 1
        c.toughness = (c.toughness or 0) + 2


define("Kird Ape", statics=(static_for(self_only, _kird_ape),))


# ------------------------------------------------------------------ green

def _erhnam(g: Game, ctx: Ctx) -> Gen:
    """The target gains forestwalk until the Djinn's controller's next turn
    begins: the effect lasts while it is not yet that player's turn again."""
    me, start = ctx.controller, g.turn
    for t in each_target(ctx):
        if isinstance(t, Card):
            g.effects.append(Effect(g.stamp(), t.oid, keyword_mod(g.swap_words("forestwalk", ctx.source)), "forever",
                                    condition=lambda g2: g2.turn == start or g2.active != me))
            g.log(f"{t.name} gains forestwalk until {ctx.me.name}'s next turn.")
    return
    yield


_ERHNAM_TARGET = creature_where(
    "target non-wall creature an opponent controls",
    lambda g, ctx, c: g.controller(c) != ctx.controller and "wall" not in g.chars(c).subtypes)
_erhnam_ab = Ability("During your upkeep, target non-wall creature an opponent controls gains forestwalk "
                     "until your next turn", Cost(), _erhnam, targets=(_ERHNAM_TARGET,),
                     condition=lambda g, c: g.phase == "upkeep" and g.step == "upkeep" and g.controller(c) == g.active,
                     once_per_phase=True)


def _erhnam_end(g: Game, card: Card) -> Gen:
    """Mandatory: if not done during upkeep, the controller must choose the
    target when upkeep ends (``choose CREATURE``, nothing to cancel); with no
    legal target it is ignored (the text)."""
    p = g.controller(card)
    if p != g.active or card.phase_uses.get(g.phase_key()) or card.zone != "battlefield":
        return
    if g.ability_usable(p, card, _erhnam_ab, DecisionKind.UPKEEP, None):
        yield from forced_upkeep_target(g, card, _erhnam_ab)


define("Erhnam Djinn", abilities=(_erhnam_ab,), hooks=Hooks(end_of_upkeep=_erhnam_end))

define("Wyluli Wolf", abilities=(Ability("{T}: Target creature gets +1/+1 until end of turn", Cost(tap=True),
                                         pump(1, 1), targets=(CREATURE,)),))


def _power_zero(g: Game, card: Card, c: Chars) -> None:
    c.power = 0


_ATTACKING = creature_where("target attacking creature",
                            lambda g, ctx, c: g.combat is not None and c.oid in g.combat.attackers())

define("Singing Tree", abilities=(Ability("{T}: Reduce target attacking creature's power to 0 until end of turn",
                                          Cost(tap=True), until_eot(_power_zero), targets=(_ATTACKING,)),))


def _ifh_biff(g: Game, ctx: Ctx) -> Gen:
    for pl in (g.players[g.active], g.players[g.nonactive]):
        g.deal_damage(ctx.spell, pl, 1)
    for c in g.creatures():
        if g.has(c, "flying"):
            g.deal_damage(ctx.spell, c, 1)
    return
    yield


# "any player can pay {G}": an ability anyone may use, not tapping the Efreet
# (so usable while it is summoning sick, as the text says).
define("Ifh-Bíff Efreet", abilities=(Ability(
    "{G}: Ifh-Bíff Efreet deals 1 damage to each player and each flying creature", Cost(ManaCost.parse("{G}")),
    _ifh_biff, who="any"),))


# ------------------------------------------------------------------ lands

def _city_of_brass(g: Game, ctx: Ctx) -> Gen:
    g.deal_damage(ctx.source, ctx.me, 1)
    return
    yield


define("City of Brass", mana_abilities=(ManaAbility("WUBRG"),), triggers=(
    Trigger(Event.BECOMES_TAPPED, _city_of_brass, condition=lambda g, src, d: d.get("card") is src),))


def _draw_one(g: Game, ctx: Ctx) -> Gen:
    yield from g.draw(ctx.controller, 1)
    g.log(f"{ctx.me.name} draws a card ({ctx.source_name}).")


# The hand size is checked when the ability is used (its cost is paid then).
define("Library of Alexandria", mana_abilities=(ManaAbility("C"),), abilities=(Ability(
    "{T}: Draw a card. Use this ability only if you have exactly seven cards in hand", Cost(tap=True), _draw_one,
    condition=lambda g, c: len(g.players[g.controller(c)].hand) == 7),))


def _bazaar(g: Game, ctx: Ctx) -> Gen:
    """Draw two, then discard three (the whole hand if fewer): one effect, so
    nothing can be cast between the drawing and the discarding."""
    p = ctx.controller
    pl = g.players[p]
    yield from g.draw(p, 2)
    g.log(f"{pl.name} draws two cards (Bazaar of Baghdad).")
    for i in range(3):
        if not pl.hand:
            break
        names = sorted({c.name for c in pl.hand})
        ans = yield from g.ask(p, DecisionKind.DISCARD, f"Bazaar of Baghdad: discard a card ({i + 1} of 3)",
                               [f"discard {n}" for n in names], about="Bazaar of Baghdad")
        card = next(c for c in pl.hand if c.name == ans[len("discard "):])
        yield from discard_card(g, p, card, by=ctx.controller)


define("Bazaar of Baghdad", abilities=(Ability("{T}: Draw two cards, then discard three cards", Cost(tap=True),
                                               _bazaar),))

# Desert: "do 1 damage to an attacking creature after it deals its damage":
# used at the end of combat (after all combat damage), on a creature that
# attacked this turn (Fifth Edition's wording: "at end of combat").
define("Desert", mana_abilities=(ManaAbility("C"),), abilities=(Ability(
    "{T}: Desert deals 1 damage to target attacking creature. Use this ability only at end of combat",
    Cost(tap=True), damage(1), targets=(_ATTACKING,), condition=lambda g, c: g.step == "end of combat"),))


define("Island of Wak-Wak", abilities=(Ability(
    "{T}: Reduce target flying creature's power to 0 until end of turn", Cost(tap=True), until_eot(_power_zero),
    targets=(creature_where("target flying creature", lambda g, ctx, c: "flying" in g.chars(c).keywords),)),))


# ------------------------------------------------------------------ combat oddities

def _attacks(g: Game, src: Card, d: dict) -> bool:
    return d.get("card") is src


def _from_desert(pk: Packet) -> bool:
    """Damage "done by Deserts": the source is a card named Desert (its ability)."""
    return pk.source_name == "Desert" and "land" in pk.source_types


def _camel_shield(g: Game, src: Card, pk: Packet) -> bool:
    """Camel: every creature attacking in a band with Camel (Camel included)
    takes no damage from Deserts."""
    cb = g.combat
    if not _from_desert(pk) or cb is None or not isinstance(pk.receiver, Card):
        return False
    band = cb.band_of(src.oid)
    return band is not None and pk.receiver.oid in cb.bands[band]


define("Camel", keywords=("banding",), hooks=Hooks(reduce_damage=_camel_shield))


def _desertwalk(g: Game, attacker: Card, blocker: Card) -> bool:
    """Desertwalk: unblockable while the defending player controls a Desert."""
    return not any(c.name == "Desert" for c in g.permanents(g.controller(blocker)))


define("Desert Nomads", keywords=("desertwalk",), hooks=Hooks(
    can_be_blocked_by=_desertwalk,
    reduce_damage=lambda g, src, pk: pk.receiver is src and _from_desert(pk)))


# Dandân: islandhome, as the Fifth Edition text explains it.
define("Dandân", hooks=_needs_islands())


def _merchant_ship_unblocked(g: Game, ctx: Ctx) -> Gen:
    cb = ctx.data["combat"]
    band = cb.band_of(ctx.source.oid)
    if band is not None and band not in cb.blocked:
        g.gain_life(ctx.controller, 2)
    return
    yield


# Merchant Ship: "destroyed immediately" with no islands (not buried: it may regenerate).
define("Merchant Ship", triggers=(Trigger(Event.BLOCKERS_DECLARED, _merchant_ship_unblocked),), hooks=Hooks(
    can_attack=_needs_islands().can_attack,
    state=lambda g, c: "destroy" if not _lands_of_type(g, c, g.controller(c), "island") else False))


def _hasran(g: Game, ctx: Ctx) -> Gen:
    p = ctx.controller
    paid = yield from pay_to_use(g, p, "{2}", "Hasran Ogress: pay {2}, or it deals 3 damage to you?",
                                 "Hasran Ogress")
    if not paid:
        g.deal_damage(ctx.source, ctx.me, 3)
        yield from g.settle()


define("Hasran Ogress", triggers=(Trigger(Event.ATTACKS, _hasran, condition=_attacks),))


def _flip_lost(g: Game, name: str) -> bool:
    """A coin flip the opponent calls: the duel's seeded random source decides
    (the call itself changes nothing of the odds, so it is not asked: the
    MicroProse game flips for the computer the same way)."""
    lost = g.rng.random() < 0.5
    g.log(f"{name}: the coin flip goes to the " + ("opponent." if lost else "controller."))
    return lost


def _mijae(g: Game, ctx: Ctx) -> Gen:
    if _flip_lost(g, "Mijae Djinn") and g.combat is not None:
        g.combat.remove(ctx.source.oid)
        g.log("Mijae Djinn is tapped but does not attack.")
    return
    yield


define("Mijae Djinn", triggers=(Trigger(Event.ATTACKS, _mijae, condition=_attacks),))


def _ydwen(g: Game, ctx: Ctx) -> Gen:
    """Lost flip: the Efreet's block is undone; an attacker it alone blocked is
    then unblocked (the block never happened)."""
    cb = g.combat
    if not _flip_lost(g, "Ydwen Efreet") or cb is None:
        return
    band = cb.blocking(ctx.source.oid)
    cb.remove(ctx.source.oid)
    if band is not None and not cb.blocks.get(band):
        cb.blocks.pop(band, None)
        cb.blocked.discard(band)
    g.log("Ydwen Efreet cannot block this turn.")
    return
    yield


define("Ydwen Efreet", triggers=(Trigger(Event.BLOCKS, _ydwen, condition=lambda g, src, d: d.get("blocker") is src),))


# ------------------------------------------------------------------ more creatures

define("Cuombajj Witches", abilities=(Ability(
    "{T}: 1 damage to target creature or player, and 1 damage to target creature or player of an opponent's choice",
    Cost(tap=True), damage(1),
    targets=(CREATURE_OR_PLAYER, replace(CREATURE_OR_PLAYER, what="target creature or player (opponent's choice)",
                                         chooser="opponent"))),))


def _khabal(g: Game, ctx: Ctx) -> Gen:
    # "each other creature that died during the turn": creatures put into a
    # graveyard from play this turn (the Ghoul is in play, so not among them);
    # counted once per turn although end-of-turn effects may run again.
    src = ctx.source
    if src.flags.get("khabal_turn") == g.turn:
        return
    src.flags["khabal_turn"] = g.turn
    n = g.creature_deaths.get(g.turn, 0)
    if n:
        add_counters(g, src, "+1/+1", n)
    return
    yield


define("Khabál Ghoul", triggers=(Trigger(Event.END_OF_TURN, _khabal),))

RUKH = token_def("Rukh", ["creature"], 4, 4, subtypes=["Rukh"], colors=["R"], keywords=["flying"],
                 text="Flying")


def _rukh_hatches(g: Game, ctx: Ctx) -> Gen:
    tok = create_token(g, RUKH, ctx.controller)
    yield from g.entered(tok)


def _rukh_egg(g: Game, ctx: Ctx) -> Gen:
    # "goes to the graveyard": from play (how every trigger of the kind works
    # here); the Rukh comes at the end of that turn for the Egg's controller.
    g.delayed.append(Delayed(Event.END_OF_TURN, _rukh_hatches, ctx.data.get("controller", ctx.controller),
                             "Rukh Egg", turn=g.turn))
    g.log("A Rukh will hatch at the end of the turn.")
    return
    yield


define("Rukh Egg", triggers=(Trigger(Event.TO_GRAVEYARD, _rukh_egg, condition=lambda g, src, d: d.get("card") is src,
                                     zones=("graveyard",)),))


def _ghazban(g: Game, ctx: Ctx) -> Gen:
    a, b = g.players
    if a.life == b.life:
        return
    p = a.idx if a.life > b.life else b.idx
    card = ctx.source
    if card.zone != "battlefield" or g.controller(card) == p:
        return
    g.effects.append(Effect(g.stamp(), card.oid, lambda g2, c2, ch, p=p: setattr(ch, "controller", p), "forever",
                            layer=0))
    g.log(f"{g.players[p].name} gains control of Ghazbán Ogre.")
    return
    yield


_gz_ab, _gz_end = during_upkeep("If a player has more life than any other, that player gains control of Ghazbán Ogre",
                                _ghazban)
define("Ghazbán Ogre", abilities=(_gz_ab,), hooks=Hooks(end_of_upkeep=_gz_end))


def _ali_cap(g: Game, src: Card, pk: Packet) -> int | None:
    """Ali from Cairo: damage to its controller goes no lower than 1 life."""
    r = pk.receiver
    if isinstance(r, Player) and r.idx == g.controller(src):
        return max(0, r.life - 1)
    return None


define("Ali from Cairo", hooks=Hooks(damage_cap=_ali_cap))


def _serendib_djinn(g: Game, ctx: Ctx) -> Gen:
    p = ctx.controller
    lands = g.permanents(p, type_="land")
    if not lands:
        return
    ch = [f"choose {ref(g, c)}" for c in lands]
    ans = yield from g.ask(p, DecisionKind.CHOOSE, "Serendib Djinn: choose one of your lands to destroy", ch,
                           parser=g.parser_for(p, ch), about="Serendib Djinn")
    land = lands[ch.index(ans)]
    island = g.word(ctx.source, "island") in g.chars(land).subtypes
    g.destroy(land, why=" (Serendib Djinn)")
    if island:
        g.deal_damage(ctx.source, ctx.me, 3)


_sd_ab, _sd_end = during_upkeep("Choose one of your lands and destroy it (an island: 3 damage to you)", _serendib_djinn)
define("Serendib Djinn", abilities=(_sd_ab,), hooks=Hooks(
    end_of_upkeep=_sd_end,
    state=lambda g, c: "destroy" if not g.permanents(g.controller(c), type_="land") else False))


# ------------------------------------------------------------------ artifacts

def _mono(mana: str) -> Cost:
    """The cost of a Mono Artifact's ability: its mana and tapping the artifact
    (a Mono Artifact is tapped to use, Revised rulebook "Artifacts")."""
    return Cost(ManaCost.parse(mana), tap=True)


def _sandals(g: Game, ctx: Ctx) -> Gen:
    """Islandwalk until end of turn; if the creature is put into a graveyard
    from play this turn, Sandals of Abdallah are destroyed too."""
    sandals_oid = ctx.source.oid
    for t in each_target(ctx):
        if not isinstance(t, Card):
            continue
        g.effects.append(Effect(g.stamp(), t.oid, keyword_mod(g.swap_words("islandwalk", ctx.source)), "eot"))
        g.log(f"{t.name} gains islandwalk until end of turn.")

        def dies(g2: Game, d: Delayed, data: dict[str, Any], oid: int = t.oid) -> bool:
            old = data.get("old")
            return old is not None and old.oid == oid

        def destroy_sandals(g2: Game, ctx2: Ctx) -> Gen:
            s = g2.find(sandals_oid)
            if s is not None:
                g2.destroy(s)
                g2.log("Sandals of Abdallah are destroyed with the creature.")
                yield from g2.settle()
        g.delayed.append(Delayed(Event.TO_GRAVEYARD, destroy_sandals, ctx.controller, "Sandals of Abdallah",
                                 condition=dies, turn=g.turn))
    return
    yield


define("Sandals of Abdallah", abilities=(Ability(
    "{2}, {T}: Target creature gains islandwalk until end of turn; if it is destroyed this turn, so are the Sandals",
    _mono("{2}"), _sandals, targets=(CREATURE,)),))


def _last_drawn(g: Game, p: int) -> Card | None:
    """The card ``p`` drew last this turn, if it is still in their hand."""
    pl = g.players[p]
    return next((c for c in pl.hand if c.oid == pl.last_drawn and c.flags.get("drawn_turn") == g.turn), None)


def _jandor(g: Game, ctx: Ctx) -> Gen:
    p = ctx.controller
    card = _last_drawn(g, p)
    if card is None:
        return
    yield from discard_card(g, p, card, by=p)
    yield from g.draw(p, 1)
    g.log(f"{ctx.me.name} draws a card to replace it (Jandor's Ring).")


define("Jandor's Ring", abilities=(Ability(
    "{2}, {T}: Discard the card you just drew from your library, and draw another card to replace it",
    _mono("{2}"), _jandor, condition=lambda g, c: _last_drawn(g, g.controller(c)) is not None),))


# ------------------------------------------------------------------ upkeep enchantments

def _drop_of_honey(g: Game, ctx: Ctx) -> Gen:
    """The creature with the lowest power is destroyed and cannot be
    regenerated; its controller (Drop of Honey's) chooses among a tie."""
    creatures = g.creatures()
    if not creatures:
        return
    low = min(g.chars(c).power or 0 for c in creatures)
    lowest = [c for c in creatures if (g.chars(c).power or 0) == low]
    victim = lowest[0]
    if len(lowest) > 1:
        p = ctx.controller
        ch = [f"choose {ref(g, c)}" for c in lowest]
        ans = yield from g.ask(p, DecisionKind.CHOOSE, "Drop of Honey: which creature with the lowest power?", ch,
                               parser=g.parser_for(p, ch), about="Drop of Honey")
        victim = lowest[ch.index(ans)]
    victim.no_regen = True
    g.destroy(victim)
    g.log(f"Drop of Honey destroys {victim.name}.")


_doh_ab, _doh_end = during_upkeep("The creature with the lowest power is destroyed; it cannot be regenerated",
                                  _drop_of_honey)
# "must be discarded if there are no creatures in play": put into the graveyard
# by the state check, without regeneration (buried).
define("Drop of Honey", abilities=(_doh_ab,), hooks=Hooks(end_of_upkeep=_doh_end,
                                                          state=lambda g, c: not g.creatures()))


def _cyclone_counter(g: Game, ctx: Ctx) -> Gen:
    add_counters(g, ctx.source, "wind", 1)
    return
    yield


def _cyclone_end(g: Game, card: Card) -> Gen:
    """As upkeep ends (after the wind counter of its beginning): pay {G} for
    each wind counter, and Cyclone deals that much damage to each player and
    each creature; or Cyclone is buried."""
    p = g.controller(card)
    if p != g.active or card.zone != "battlefield" or card.phase_uses.get(g.phase_key()):
        return
    card.phase_uses[g.phase_key()] = 1
    n = card.counters.get("wind", 0)
    paid = yield from pay_to_use(g, p, "{G}" * n, f"Cyclone: pay {'{G}' * n}, or bury Cyclone?", "Cyclone")
    if not paid:
        g.destroy(card, bury=True)
        g.log("Cyclone is buried.")
    else:
        for pl in (g.players[g.active], g.players[g.nonactive]):
            g.deal_damage(card, pl, n)
        for c in g.creatures():
            g.deal_damage(card, c, n)
    yield from g.settle()


define("Cyclone", triggers=(Trigger(Event.BEGIN_UPKEEP, _cyclone_counter,
                                    condition=lambda g, src, d: d.get("player") == g.controller(src)),),
       hooks=Hooks(end_of_upkeep=_cyclone_end))


# ------------------------------------------------------------------ lands

def _diamond_valley(g: Game, ctx: Ctx) -> Gen:
    """The sacrifice is what the ability does ("tap to sacrifice one of your
    creatures in exchange for ... life"): chosen and made as it resolves; the
    life is the creature's toughness then."""
    p = ctx.controller
    mine = g.creatures(p)
    if not mine:
        return
    ch = [f"sacrifice {ref(g, c)}" for c in mine]
    ans = yield from g.ask(p, DecisionKind.SACRIFICE, "Diamond Valley: sacrifice a creature", ch,
                           parser=g.parser_for(p, ch), about="Diamond Valley")
    victim = mine[ch.index(ans)]
    life = max(0, g.chars(victim).toughness or 0)
    yield from g.put_in_graveyard([victim], how="sacrifice")
    g.gain_life(p, life)


define("Diamond Valley", abilities=(Ability(
    "{T}: Sacrifice one of your creatures; gain life equal to its toughness", Cost(tap=True), _diamond_valley,
    condition=lambda g, c: bool(g.creatures(g.controller(c)))),))

# Elephant Graveyard: the regeneration is offered when an Elephant or Mammoth
# would be destroyed (see DamageRules.regen_options: regeneration with a target).
define("Elephant Graveyard", mana_abilities=(ManaAbility("C"),), abilities=(Ability(
    "{T}: Regenerate target Elephant or Mammoth", Cost(tap=True), nothing, regenerate=True,
    targets=(creature_where("target Elephant or Mammoth",
                            lambda g, ctx, c: bool(g.chars(c).subtypes & {"elephant", "mammoth"})),)),))


# ------------------------------------------------------------------ control

def _control_while(g: Game, ctx: Ctx, target: Card, holds: Callable[[Game], bool]) -> None:
    """``ctx.controller`` controls ``target`` for as long as ``holds(g)``;
    once it fails the effect is over for good."""
    p = ctx.controller
    if "cannot be taken" in g.chars(target).flags:  # Guardian Beast
        g.log(f"{target.name} cannot be taken.")
        return
    over = [False]

    def still(g2: Game) -> bool:
        if not over[0]:
            over[0] = not holds(g2)
        return not over[0]
    g.effects.append(Effect(g.stamp(), target.oid, lambda g2, c, ch: setattr(ch, "controller", p), "forever",
                            condition=still, layer=0, source_oid=ctx.source.oid if ctx.source else None))
    g.log(f"{ctx.me.name} gains control of {target.name}.")


def _old_man(g: Game, ctx: Ctx) -> Gen:
    """Control lasts while Old Man of the Sea stays in play, tapped, under the
    same control, and the creature's power is no greater than Old Man's."""
    man = ctx.source
    me = ctx.controller
    for t in each_target(ctx):
        if isinstance(t, Card):
            tgt = t
            _control_while(g, ctx, t, lambda g2: (
                man in g2.battlefield and man.tapped and g2.controller(man) == me
                and (g2.chars(tgt).power or 0) <= (g2.chars(man).power or 0)))
    return
    yield


define("Old Man of the Sea", hooks=Hooks(may_stay_tapped=lambda g, c: True), abilities=(Ability(
    "{T}: Gain control of target creature with power no greater than Old Man of the Sea's for as long as "
    "Old Man remains tapped", Cost(tap=True), _old_man,
    targets=(creature_where("target creature with power no greater than Old Man's",
                            lambda g, ctx, c: (g.chars(c).power or 0) <= (g.chars(ctx.source).power or 0)),)),))


def _aladdin(g: Game, ctx: Ctx) -> Gen:
    al = ctx.source
    me = ctx.controller
    for t in each_target(ctx):
        if isinstance(t, Card):
            _control_while(g, ctx, t, lambda g2: al in g2.battlefield and g2.controller(al) == me)
    return
    yield


define("Aladdin", abilities=(Ability(
    "{1}{R}{R}, {T}: Gain control of target artifact as long as you control Aladdin", _mono("{1}{R}{R}"), _aladdin,
    targets=(permanent_target("target artifact", lambda g, ctx, c: "artifact" in g.chars(c).types),)),))


# ------------------------------------------------------------------ Abu Ja'far

def _abu_note(g: Game, ctx: Ctx) -> Gen:
    """Remember the creatures blocking or blocked by Abu Ja'far this combat."""
    cb = ctx.data["combat"]
    abu = ctx.source
    foes: list[int] = []
    band = cb.band_of(abu.oid)
    if band is not None:
        foes = list(cb.blocks.get(band, []))
    blocked = cb.blocking(abu.oid)
    if blocked is not None:
        foes += cb.bands[blocked]
    abu.flags["abu_foes"] = (g.turn, foes)
    return
    yield


def _abu_dies(g: Game, ctx: Ctx) -> Gen:
    old = ctx.data.get("old")
    turn, foes = old.flags.get("abu_foes", (None, [])) if old is not None else (None, [])
    if g.combat is None or turn != g.turn:
        return
    doomed = [c for c in (g.find(o) for o in foes) if c is not None]
    for c in doomed:
        g.destroy(c, bury=True)
    if doomed:
        g.log("Abu Ja'far buries " + ", ".join(c.name for c in doomed) + ".")
    yield from g.settle()


define("Abu Ja'far", triggers=(
    Trigger(Event.BLOCKERS_DECLARED, _abu_note),
    Trigger(Event.TO_GRAVEYARD, _abu_dies, condition=lambda g, src, d: d.get("card") is src, zones=("graveyard",)),
))


# ------------------------------------------------------------------ City in a Bottle

# The sets released before Arabian Nights (December 1993; ../shared/cards/sets.json).
_BEFORE_ARN = frozenset({"LEA", "LEB", "2ED"})


def _from_arabian_nights(card: Card) -> bool:
    """A card from Arabian Nights: its name was first printed in that set (the
    Oracle's "a name originally printed in the Arabian Nights expansion"), by
    the card data, whatever printing the player owns: Kird Ape, reprinted in
    Revised, is one; the Mountain, printed in Alpha before, is not. Tokens are
    not cards."""
    sets = printings(card.name)
    return not card.token and "ARN" in sets and not sets & _BEFORE_ARN


# City in a Bottle, a continuous artifact (switched off while tapped): every
# other permanent from Arabian Nights is put into the graveyard as a state
# check (no regeneration: "discarded from play"), another City in a Bottle
# included (the Oracle wording: "other ... permanents"), and no card from
# Arabian Nights can be cast or played from hand.
define("City in a Bottle", hooks=Hooks(
    buries=lambda g, src, c: _from_arabian_nights(c),
    forbids_play=lambda g, src, p, c: _from_arabian_nights(c)))


# ------------------------------------------------------------------ outside the game

def _ring_card(g: Game, p: int) -> Gen:
    """What replaces the draw: a card ``p`` owns from outside the game."""
    pl = g.players[p]
    outside = _outside_the_game(g, p)
    if not outside:
        # nothing to select: the replacement cannot happen, the card is drawn
        yield from g.draw(p, 1)
        return
    names = sorted({c.name for c in outside})
    ans = yield from g.ask(p, DecisionKind.CHOOSE, "Ring of Ma'rûf: take which card from outside the game?",
                           [f"choose {n}" for n in names], about="Ring of Ma'rûf")
    card = next(c for c in outside if c.name == ans[len("choose "):])
    g.move(card, "hand")
    g.log(f"{pl.name} takes {card.name} from outside the game instead of drawing (Ring of Ma'rûf).")


def _outside_the_game(g: Game, p: int) -> list[Card]:
    """"A card from outside the game" in Manaburn: "any card you have that
    you're not using in your deck or that for some reason has left the game"
    (the Ring's own words). A Manaburn duel has no sideboard and never looks
    at a player's collection, so these are the cards ``p`` owns that are
    removed from the game -- the cards removed during the duel, and those
    taken out of the deck before it began (Jeweled Bird not played for ante).
    Rings of Ma'rûf are not among them: used, the Ring "is removed from the
    game entirely"."""
    return [c for c in g.players[p].removed if c.owner == p and c.name != "Ring of Ma'rûf"]


def _ring_of_maruf(g: Game, ctx: Ctx) -> Gen:
    # the next draw of the controller is replaced (whenever it comes, as the
    # ARN text has no "this turn")
    g.draw_replacements.append((ctx.controller, _ring_card))
    g.log(f"{ctx.me.name}'s next draw will be a card from outside the game (Ring of Ma'rûf).")
    return
    yield


define("Ring of Ma'rûf", abilities=(Ability(
    "{5}, {T}, remove Ring of Ma'rûf from the game: instead of your next draw, take one of your cards from "
    "outside the game", Cost(ManaCost.parse("{5}"), tap=True, remove_self=True), _ring_of_maruf),))


def _jeweled_bird(g: Game, ctx: Ctx) -> Gen:
    """The Bird replaces its controller's whole contribution to the ante
    (those cards go to their owner's graveyard), then a card is drawn."""
    p = ctx.controller
    pl = g.players[p]
    bird = ctx.source
    for c in [c for c in pl.ante if c.owner == p]:
        g.move(c, "graveyard")
        g.log(f"{c.name} leaves the ante for {g.players[c.owner].name}'s graveyard.")
    if bird is not None and bird.zone == "battlefield" and bird in g.battlefield:
        new = g.move(bird, "ante")
        new.face_down = False
        g.log(f"{pl.name} antes Jeweled Bird.")
    yield from g.draw(p, 1)


# "Remove Jeweled Bird from your deck before playing if not playing for ante":
# the hook ante_card (see TurnRules.begin); its ability only works for ante.
define("Jeweled Bird", hooks=Hooks(ante_card=True), abilities=(Ability(
    "{T}: Draw a card; your contribution to the ante goes to your graveyard and Jeweled Bird replaces it",
    Cost(tap=True), _jeweled_bird, condition=lambda g, c: bool(g.ante_on)),))


# ------------------------------------------------------------------ Shahrazad

def _shahrazad(g: Game, ctx: Ctx) -> Gen:
    """A real subgame (engine.subgame), played to its end with the cards left
    in the libraries; then each player who did not win it -- both, if it was
    a draw -- loses half their life, rounded up ("halving ... remaining life
    points, rounding down"). A loss of life, not damage: nothing prevents it.
    A player with too few cards for an opening hand loses the subgame at
    once, as the Oracle rulings say. Conceding during the subgame concedes
    the duel (the only concession Manaburn knows)."""
    winner = yield from play_subgame(g, "Shahrazad")
    for pl in (g.players[g.active], g.players[g.nonactive]):
        if pl.idx != winner and pl.life > 0:
            g.lose_life(pl.idx, (pl.life + 1) // 2, " for losing the Shahrazad subgame")


define("Shahrazad", spell=SpellSpec(_shahrazad))


# ------------------------------------------------------------------ Jihad

def _jihad_on(g: Game, src: Card) -> bool:
    """Whether the opponent of Jihad's controller controls a permanent of the
    chosen color (characteristics now: a permanent whose color was changed
    counts by its new color)."""
    word = src.chosen.get("choice", "")
    col = COLOR_LETTERS.get(word)
    opp = 1 - g.controller(src)

    def look() -> bool:
        return any(col in g.chars(c).colors for c in g.battlefield if g.controller(c) == opp)
    return col is not None and bool(g._read_memo(("jihad", src.oid), look))


# "Choose a color" as Jihad is cast. "Must be discarded immediately" when the
# opponent has nothing of that color in play: a state check puts it into the
# graveyard (buried), as soon as it is in play too.
define("Jihad", announce=(Announce("choice", "choose a color", lambda g, ctx: list(COLOR_LETTERS)),),
       statics=(Static(applies=lambda g, src, card, c: "creature" in c.types
                       and COLOR_LETTERS[g.word(src, "white")] in c.colors and _jihad_on(g, src),
                       modify=lambda g, src, card, c: pump_mod(2, 1)(g, card, c)),),
       hooks=Hooks(state=lambda g, c: not _jihad_on(g, c)))


# ------------------------------------------------------------------ Oubliette

def _oubliette_enter(g: Game, ctx: Ctx) -> Gen:
    """"Select a creature in play" (not a target): chosen by Oubliette's
    controller as it comes into play. The creature and the enchantments on it
    leave play for limbo (out of play, belonging to no zone a player can
    reach), their counters remembered, until Oubliette leaves play."""
    src = ctx.source
    p = ctx.controller
    creatures = g.creatures()
    if not creatures:
        return
    ch = [f"choose {ref(g, c)}" for c in creatures]
    ans = yield from g.ask(p, DecisionKind.CHOOSE, "Oubliette: select a creature in play", ch,
                           parser=g.parser_for(p, ch), about="Oubliette")
    victim = creatures[ch.index(ans)]
    auras = [a for a in g.attached(victim)]
    held = {"creature": (g.move(victim, "limbo").oid, dict(victim.counters), victim.owner),
            "auras": [(g.move(a, "limbo").oid, dict(a.counters), a.owner, g.controller(a), dict(a.chosen))
                      for a in auras]}
    src.flags["oubliette"] = held
    g.log(f"{victim.name} is out of play under Oubliette" + (
        " with " + ", ".join(a.name for a in auras) if auras else "") + ".")


def _oubliette_leaves(g: Game, ctx: Ctx) -> Gen:
    """Oubliette put into a graveyard: the creature returns to play tapped
    under its owner's control, with its counters and enchantments. It
    returns rather than comes into play (no "comes into play" effects), and
    is the same permanent again, so not summoning sick."""
    old = ctx.data.get("old")
    held = old.flags.get("oubliette") if old is not None else None
    if not held:
        return
    oid, counters, owner = held["creature"]
    card = next((c for c in g.limbo if c.oid == oid), None)
    if card is None:
        return
    back = g.move(card, "battlefield", controller=owner, tapped=True)
    back.counters.update(counters)
    back.sick = False
    g.log(f"{back.name} returns to play tapped.")
    for a_oid, a_counters, a_owner, a_ctrl, a_chosen in held["auras"]:
        aura = next((c for c in g.limbo if c.oid == a_oid), None)
        if aura is None:
            continue
        new = g.move(aura, "battlefield", controller=a_ctrl)
        new.counters.update(a_counters)
        new.chosen.update(a_chosen)
        new.attached_to = back.oid
        new.sick = False
    yield from g.settle()


define("Oubliette", on_enter=_oubliette_enter, triggers=(
    Trigger(Event.TO_GRAVEYARD, _oubliette_leaves, condition=lambda g, src, d: d.get("card") is src,
            zones=("graveyard",)),))


# ------------------------------------------------------------------ guarding lands and artifacts

_LAND_AURA = permanent_target(
    "target enchantment on a land",
    lambda g, ctx, c: "enchantment" in g.chars(c).types and (host := g.enchanted(c)) is not None
    and "land" in g.chars(host).types)

# Pyramids (a poly artifact: no tapping). "Prevents a land from being
# destroyed": used as a land is about to be destroyed, like regeneration
# (offered then, see DamageRules.regen_options), but the land is simply not
# destroyed -- it is not tapped. Burying cannot be prevented this way, as it
# cannot be regenerated.
define("Pyramids", abilities=(
    Ability("{2}: Destroy target enchantment on a land", Cost(ManaCost.parse("{2}")), destroy_targets(),
            targets=(_LAND_AURA,)),
    Ability("{2}: Prevent target land from being destroyed", Cost(ManaCost.parse("{2}")), nothing,
            regenerate=True, saves_untapped=True,
            targets=(permanent_target("target land", lambda g, ctx, c: "land" in g.chars(c).types),)),
))


def _beast_guards(g: Game, src: Card, card: Card, c: Chars) -> bool:
    return "artifact" in c.types and "creature" not in c.types and c.controller == g.controller(src)


# Guardian Beast: while it is untapped, its controller's non-creature artifacts
# "cannot be further enchanted, destroyed, or taken": flags read by aura target
# choice, Game.destroy and control-changing effects (_control_while). What
# happened while it was tapped stays. Destroyed together with the artifacts
# (Nevinyrral's Disk), the Beast goes and they stay: each is looked at as it is
# destroyed, the Beast still in play.
define("Guardian Beast", statics=(Static(
    applies=_beast_guards,
    modify=lambda g, src, card, c: c.flags.update({"cannot be destroyed", "cannot be further enchanted",
                                                   "cannot be taken"}),
    active=lambda g, src: not src.tapped and not g.abilities_lost(src)),))


# Metamorphosis: as it resolves, its caster sacrifices one of their creatures
# (no target: a countered Metamorphosis costs no creature) and adds its
# converted casting cost plus one in mana of one color they choose, spendable
# only on summon spells: creature spells whose card is a Summon, not an
# artifact creature (restricted mana, like Mishra's Workshop's). Cast only
# while its caster controls a creature, as Sacrifice.
SUMMON_SPELLS = spend_use("summon spells", lambda g, spell: spell.card is not None and "creature" in spell.types
                          and "artifact" not in spell.types)


def _metamorphosis(g: Game, ctx: Ctx) -> Gen:
    victim, cost = yield from sacrifice_own_creature(g, ctx, "Metamorphosis")
    if victim is None:
        return
    n = cost + 1
    colors = [f"choose {name}" for name in COLOR_NAMES.values()]
    ans = yield from g.ask(ctx.controller, DecisionKind.CHOOSE, f"Metamorphosis: {n} mana of which color?", colors,
                           about="Metamorphosis")
    letter = list(COLOR_NAMES)[colors.index(ans)]
    ctx.me.pool.add(letter, n, use=SUMMON_SPELLS)
    g.log(f"{ctx.me.name} sacrifices {victim.name} and adds {('{' + letter + '}') * n} for summon spells only.")


define("Metamorphosis", spell=SpellSpec(_metamorphosis), hooks=Hooks(can_cast=lambda g, p, card: bool(g.creatures(p))))
