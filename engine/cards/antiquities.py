"""Antiquities (ATQ): the cards of the 1994 expansion.

Each card does what the printed text of its latest old printing says (the
``text`` of ``engine/data/cards.json``: Fifth Edition or Chronicles wording
where the card was reprinted there), with the Fifth Edition rules. Where the
text leaves a point open the choice is written next to the card; general ones:

* A Mono Artifact is tapped to use its ability (Candelabra of Tawnos, Staff
  of Zegon, Golgothian Sylex, Tawnos's Coffin); a Poly Artifact is not
  (Rocket Launcher, Tablet of Epityr, Urza's Chalice, Urza's Miter).
* "Choose one of your artifacts in play and place it in the graveyard"
  (Orcish Mechanics, Sage of Lat-Nam, Dwarven Weaponsmith) is a sacrifice
  paid as part of the cost: the artifact cannot already be on its way to
  the graveyard, and a sacrifice is never regenerated.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from ..carddb import define, printings
from ..ctx import Ctx
from ..decisions import DecisionKind
from ..effects import (ARTIFACT, CREATURE, CREATURE_OR_PLAYER, DAMAGED_CREATURE_OR_PLAYER, PLAYER, add_counters,
                       aura, bounce_targets, counter_target, creature_where, damage, destroy_all, destroy_targets,
                       discard_card, draw_cards, each_target, flag_mod, keyword_mod, on_source, once_per_event,
                       pay_to_use, permanent_target, prevent_to_target, pump, pump_mod, self_only, static_for, upkeep_of,
                       while_source_tapped)
from ..hooks import Hooks
from ..mana import ManaCost
from ..model import (Ability, Cost, Delayed, EffectFn, Event, Gen, Kind, ManaAbility, Speed, SpellSpec, Target, TargetSpec,
                     Trigger, kinds, spend_use)
from ..objects import Card, Chars, Effect, Packet, Player, Spell
from ..refs import ref

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game


def _cost(mana: str = "", **kw: Any) -> Cost:  # kw: Cost's own fields, passed on as they are
    return Cost(ManaCost.parse(mana), **kw)


def _is_artifact(g: Game, c: Card) -> bool:
    return "artifact" in g.chars(c).types


# ------------------------------------------------------------------ lands

# Mishra's Workshop: "This mana may only be used to cast artifacts": three
# restricted mana (Mana.restricted), spendable on the casting cost of an
# artifact spell (artifact creatures included) and on nothing else -- not on
# an artifact's activation cost, not on a spell's extra cost unless it is an
# artifact spell's. Unused, it burns like any mana. Automatic payment taps the
# Workshop only for a cost it may pay.
ARTIFACT_SPELLS = spend_use("artifact spells", lambda g, spell: spell.card is not None and "artifact" in spell.types)
define("Mishra's Workshop", mana_abilities=(ManaAbility("C", amount=3, use=ARTIFACT_SPELLS),))


# Urza's Mine, Power Plant, Tower: "If you control Urza's Mine, Urza's Power
# Plant and Urza's Tower": one of each, by name, controlled by the player
# tapping the land (Fifth Edition wording: the Tower adds three).
_TRON = ("Urza's Mine", "Urza's Power Plant", "Urza's Tower")


def _tron_amount(more: int) -> Callable[[Game, Card], int]:
    def amount(g: Game, card: Card) -> int:
        p = g.controller(card)
        names = {c.name for c in g.permanents(p, type_="land")}
        return more if all(n in names for n in _TRON) else 1
    return amount


for _name, _more in zip(_TRON, (2, 2, 3)):
    define(_name, mana_abilities=(ManaAbility("C"),), hooks=Hooks(mana_amount=_tron_amount(_more)))


# ------------------------------------------------------------------ artifacts and artifact creatures

# Su-Chi: "If Su-Chi goes to the graveyard, its controller gains 4 colorless
# mana": into the pool of whoever controlled it as it left play (it empties,
# and burns, at the end of the phase like any mana).
def _su_chi(g: Game, ctx: Ctx) -> Gen:
    p = ctx.data["controller"]
    g.players[p].pool.add("C", 4)
    g.log(f"{g.players[p].name} adds {{C}}{{C}}{{C}}{{C}} to their mana pool (Su-Chi).")
    return
    yield


define("Su-Chi", triggers=(Trigger(Event.TO_GRAVEYARD, _su_chi, condition=lambda g, src, d: d["card"] is src,
                                   zones=("graveyard",)),))


# Ashnod's Altar: the sacrifice is the cost of a mana source: paid as the mana
# is drawn (never interrupted); automatic payment never sacrifices, the player
# draws this mana by hand ("tap Ashnod's Altar for C", then which creature).
define("Ashnod's Altar", mana_abilities=(ManaAbility("C", cost=Cost(sacrifice="creature"), amount=2),))


# Rocket Launcher: "may not be used until it begins a turn in play on your
# side": not while it is new to its controller (the mark every permanent has
# until its controller's untap phase); once used in a turn, it is destroyed at
# the end of that turn (one destruction, however often it was used).
def _once_at_end_of_turn(what: Callable[[Game, Card], Gen]) -> Trigger:
    """A permanent used this turn (its ability's cost paid, whether or not the
    ability then resolves): ``what(g, card)`` happens to it at the end of the
    turn, once however often it was used (Rocket Launcher, Rakalite), if it is
    still in play then."""
    def at_end(g: Game, ctx: Ctx) -> Gen:
        card = g.find(ctx.data["delayed"].data["used"])
        if card is not None:
            yield from what(g, card)

    def used(g: Game, ctx: Ctx) -> Gen:
        src = ctx.source
        if not any(d.data.get("used") == src.oid for d in g.delayed):
            g.delayed.append(Delayed(Event.END_OF_TURN, at_end, ctx.controller, src.name, turn=g.turn,
                                     data={"used": src.oid}))
        return
        yield
    return Trigger(Event.ACTIVATED, used, condition=lambda g, src, d: d["spell"].source is src)


def _destroy_it(g: Game, card: Card) -> Gen:
    g.destroy(card, why=": it was used this turn")
    return
    yield


define("Rocket Launcher", triggers=(_once_at_end_of_turn(_destroy_it),), abilities=(Ability(
    "{2}: Rocket Launcher deals 1 damage to target creature or player; destroy it at end of turn",
    _cost("{2}"), damage(1), targets=(CREATURE_OR_PLAYER,), condition=lambda g, c: not c.sick),))


# Candelabra of Tawnos: {X},{T} (a Mono Artifact): untap X different lands,
# chosen one by one as the effect resolves (the text does not target them);
# any lands, either player's, tapped ones offered.
def _candelabra(g: Game, ctx: Ctx) -> Gen:
    chosen: list[Card] = []
    for _ in range(ctx.x):
        cands = [c for c in g.permanents(None, type_="land") if c.tapped and c not in chosen]
        if not cands:
            break
        ch = [f"choose {ref(g, c)}" for c in cands]
        ans = yield from g.ask(ctx.controller, DecisionKind.CHOOSE, f"Candelabra of Tawnos: untap which land "
                               f"({len(chosen) + 1} of {ctx.x})?", ch + ["choose no"], decline="choose no",
                               parser=g.parser_for(ctx.controller, ch + ["choose no"]), about="Candelabra of Tawnos")
        if ans == "choose no":
            break
        land = cands[ch.index(ans)]
        chosen.append(land)
        land.tapped = False
        g.log(f"{land.name} untaps (Candelabra of Tawnos).")


define("Candelabra of Tawnos", abilities=(Ability("{X}, {T}: Untap X lands", _cost("{X}", tap=True), _candelabra,
                                                  x=True),))


# ------------------------------------------------------------------ red

define("Shatterstorm", spell=SpellSpec(destroy_all(_is_artifact, bury=True)))

# Atog: the artifact is sacrificed as the cost (any artifact its controller
# controls, Atog itself if it were one).
define("Atog", abilities=(Ability("Sacrifice an artifact: +2/+2 until end of turn", Cost(sacrifice="artifact"),
                                  on_source(pump(2, 2))),))


# ------------------------------------------------------------------ blue

# Power Artifact: a cost adjuster of the enchanted artifact's activated
# abilities (not its mana sources, whose costs are not activation costs in
# the sense of this card): their mana cost, X chosen, loses {2} of its
# generic part, never going below {1} in all; a cost of {0} stays {0}.
def _power_artifact(g: Game, src: Card, spell: Spell, cost: ManaCost) -> ManaCost:
    if spell.ability is None or spell.source is None or spell.source.oid != src.attached_to:
        return cost
    if cost.total == 0 or cost.x:
        return cost
    cut = min(2, cost.generic, cost.total - 1)
    return ManaCost(cost.generic - cut, dict(cost.colored), 0)


define("Power Artifact", enchant=ARTIFACT, hooks=Hooks(adjust_cost=_power_artifact))


# ------------------------------------------------------------------ pieces shared below

def _artifacts_in_graveyard(g: Game, p: int) -> list[Card]:
    return [c for c in g.players[p].graveyard if "artifact" in c.cdef.types]


def _artifact_to_hand(g: Game, ctx: Ctx) -> Gen:
    """"Bring one artifact from your graveyard to your hand": chosen as the
    effect resolves (the text does not target it)."""
    p = ctx.controller
    cards = _artifacts_in_graveyard(g, p)
    if not cards:
        g.log(f"{g.players[p].name} has no artifact in their graveyard.")
        return
    names = sorted({c.name for c in cards})
    pick = names[0]
    if len(names) > 1:
        ans = yield from g.ask(p, DecisionKind.CHOOSE, f"{ctx.source_name}: bring which artifact to your hand?",
                               [f"choose {n}" for n in names], about=ctx.source_name)
        pick = ans[len("choose "):]
    card = next(c for c in cards if c.name == pick)
    g.move(card, "hand")
    g.log(f"{g.players[p].name} returns {card.name} from their graveyard to their hand.")


def _attacking(g: Game, src: Card, card: Card, c: Chars) -> bool:
    """A static for attacking creatures, whoever controls them (Mightstone)."""
    cb = g.combat
    return "creature" in c.types and cb is not None and cb.band_of(card.oid) is not None \
        and c.controller == cb.attacker


def _from_artifact(pk: Packet) -> bool:
    return "artifact" in pk.source_types


# ------------------------------------------------------------------ white

define("Argivian Archaeologist", abilities=(Ability(
    "{W}{W}, {T}: Bring one artifact from your graveyard to your hand", _cost("{W}{W}", tap=True),
    _artifact_to_hand, condition=lambda g, c: bool(_artifacts_in_graveyard(g, g.controller(c)))),))

define("Argivian Blacksmith", abilities=(Ability(
    "{T}: Prevent up to 2 damage to target artifact creature", Cost(tap=True), prevent_to_target(2),
    targets=(TargetSpec("artifact creature being damaged", kinds(Kind.PERMANENT),
                        lambda g, ctx, o: {"artifact", "creature"} <= g.chars(o).types, damaged=True),),
    prevention=True),))

# Artifact Ward: what it says is protection from artifacts (5th Ed. "Protection":
# not blocked by artifact creatures, damage from artifact sources reduced to 0,
# not the target of an artifact's effects), given to the enchanted creature.
define("Artifact Ward", enchant=CREATURE, statics=(aura(keyword_mod("protection from artifacts")),))


# Damping Field: each player untaps at most one artifact in their untap phase,
# the one they choose (as Winter Orb's lands).
def _damping(g: Game, src: Card, p: int, cards: list[Card]) -> Gen:
    arts = [c for c in cards if "artifact" in g.chars(c).types]
    if len(arts) <= 1:
        return cards
    ch = [f"choose {ref(g, c)}" for c in arts]
    ans = yield from g.ask(p, DecisionKind.CHOOSE, "Damping Field: choose the one artifact to untap", ch,
                           decline=ch[0], parser=g.parser_for(p, ch), about=src.name)
    keep = arts[ch.index(ans)]
    return [c for c in cards if c not in arts or c is keep]


define("Damping Field", hooks=Hooks(untap_limit=_damping))


# Martyrs of Korlis: while untapped, damage an artifact source would deal to
# its controller is dealt to it instead (an automatic redirection, as the damage
# is dealt; it may still be prevented on the Martyrs). "One Bodyguard of your
# choice" each turn: choice -- the first Bodyguard to take such damage in a turn
# is the only one that may that turn; before that, the earliest in play.
def _martyrs(g: Game, src: Card, pk: Packet) -> Card | None:
    p = g.controller(src)
    if src.tapped or not _from_artifact(pk) or not isinstance(pk.receiver, Player) or pk.receiver.idx != p:
        return None
    guards = [c for c in g.permanents(p, type_="creature") if "bodyguard" in g.chars(c).subtypes]
    used = [c for c in guards if c.flags.get("bodyguard_turn") == g.turn]
    first = used[0] if used else next((c for c in sorted(guards, key=lambda c: c.timestamp) if not c.tapped), None)
    if first is not src:
        return None
    src.flags["bodyguard_turn"] = g.turn
    g.log(f"{pk.source_name}'s damage to {pk.receiver.name} is dealt to Martyrs of Korlis instead.")
    return src


define("Martyrs of Korlis", hooks=Hooks(redirect_damage=_martyrs))


# Reverse Polarity: the damage artifacts dealt to the caster this turn (the
# turn's damage log) is given back twice: once undone, once as life.
def _reverse_polarity(g: Game, ctx: Ctx) -> Gen:
    me = ctx.me
    n = sum(pk.amount for turn, pk in g.damage_log if turn == g.turn and pk.receiver is me and _from_artifact(pk))
    if n:
        g.gain_life(me.idx, 2 * n)
    else:
        g.log(f"No artifact has damaged {me.name} this turn.")
    return
    yield


define("Reverse Polarity", spell=SpellSpec(_reverse_polarity))


# ------------------------------------------------------------------ blue

# Drafna's Restoration: the artifacts are chosen one by one, each put on top
# of the last one chosen (so the last chosen is the top card).
def _drafna(g: Game, ctx: Ctx) -> Gen:
    for target in each_target(ctx):
        while True:
            cards = _artifacts_in_graveyard(g, target.idx)
            if not cards:
                break
            names = sorted({c.name for c in cards})
            ans = yield from g.ask(ctx.controller, DecisionKind.CHOOSE,
                                   "Drafna's Restoration: put which artifact on top of the library next?",
                                   [f"choose {n}" for n in names] + ["choose no"], decline="choose no",
                                   about="Drafna's Restoration")
            if ans == "choose no":
                break
            card = next(c for c in cards if c.name == ans[len("choose "):])
            g.move(card, "library")
            g.log(f"{card.name} is put on top of {target.name}'s library.")


define("Drafna's Restoration", spell=SpellSpec(_drafna, targets=(PLAYER,)))
define("Reconstruction", spell=SpellSpec(_artifact_to_hand))
define("Sage of Lat-Nam", abilities=(Ability(
    "{T}, sacrifice an artifact: Draw a card", Cost(tap=True, sacrifice="artifact"), draw_cards(1)),))


# ------------------------------------------------------------------ black

# Gate to Phyrexia: once in each of its controller's upkeeps (its Oracle
# wording: "only once each turn"), a creature sacrificed as the cost destroys
# target artifact.
define("Gate to Phyrexia", abilities=(Ability(
    "Sacrifice a creature during your upkeep: Destroy target artifact", Cost(sacrifice="creature"),
    destroy_targets(), targets=(ARTIFACT,), condition=upkeep_of(), once_per_phase=True),))


# Phyrexian Gremlins: the artifact tapped stays tapped in its controller's
# untap phases as long as the Gremlins that tapped it remain tapped and in
# play (once they untap or leave, it is free for good); the Gremlins may
# stay tapped.
def _gremlins(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        t.tapped = True
        g.log(f"{t.name} is tapped and held by Phyrexian Gremlins.")
    yield from while_source_tapped(flag_mod("doesn't untap"))(g, ctx)


define("Phyrexian Gremlins", hooks=Hooks(may_stay_tapped=lambda g, c: True), abilities=(Ability(
    "{T}: Tap target artifact; it does not untap as long as Phyrexian Gremlins remain tapped", Cost(tap=True),
    _gremlins, targets=(ARTIFACT,)),))

# Priest of Yawgmoth: a mana source ("played as an interrupt") whose cost is
# the artifact: "target artifact, which must belong to you" is chosen as the
# cost is paid (a mana source has no target), and it adds black mana equal to
# that artifact's casting cost.
define("Priest of Yawgmoth", mana_abilities=(ManaAbility(
    "B", cost=Cost(tap=True, sacrifice="artifact"), amount=0,
    amount_from=lambda g, c: c.cdef.cost.converted),))


# Yawgmoth Demon: during its controller's upkeep, sacrifice an artifact
# (``sacrifice ARTIFACT``, at any of their opportunities) or, when upkeep ends
# without one, its controller chooses: an artifact now, or 2 damage and the
# Demon taps.
def _demon_demand(g: Game, src: Card, p: int) -> list[Card]:
    if g.controller(src) != p or g.active != p or g.phase != "upkeep" or src.phase_uses.get(g.phase_key()):
        return []
    return g.permanents(p, type_="artifact")


def _demon_end(g: Game, src: Card) -> Gen:
    p = g.controller(src)
    if p != g.active or src.phase_uses.get(g.phase_key()):
        return
    src.phase_uses[g.phase_key()] = 1
    arts = g.permanents(p, type_="artifact")
    ch = [f"sacrifice {ref(g, c)}" for c in arts]
    ans = "choose no"
    if arts:
        ans = yield from g.ask(p, DecisionKind.SACRIFICE, "Yawgmoth Demon: sacrifice an artifact, or take 2 "
                               "damage (choose no)", ch + ["choose no"], about=src.name)
    if ans != "choose no":
        yield from g.put_in_graveyard([arts[ch.index(ans)]], how="sacrifice")
    else:
        me = g.players[p]

        def dealt() -> int:
            return sum(1 for t, pk in g.damage_log if t == g.turn and pk.source_oid == src.oid and pk.receiver is me)
        before = dealt()
        g.deal_damage(src, me, 2)
        yield from g.settle()
        # tapped only if damage was dealt (not all prevented)
        if src.zone == "battlefield" and dealt() > before:
            src.tapped = True
            g.log("Yawgmoth Demon taps.")
    yield from g.settle()


define("Yawgmoth Demon", hooks=Hooks(sacrifice_demand=_demon_demand, end_of_upkeep=_demon_end))


# ------------------------------------------------------------------ red

define("Artifact Blast", spell=SpellSpec(counter_target(), targets=(
    TargetSpec("target artifact spell", kinds(Kind.SPELL),
               lambda g, ctx, s: isinstance(s, Spell) and s.card is not None and "artifact" in s.types),)))


def _counter_on_targets(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        add_counters(g, t, "+1/+1", 1)
    return
    yield


# Dwarven Weaponsmith: "Tap during your upkeep": an ability of its
# controller's upkeep, the artifact sacrificed as the cost.
define("Dwarven Weaponsmith", abilities=(Ability(
    "{T}, sacrifice an artifact, during your upkeep: Put a +1/+1 counter on target creature",
    Cost(tap=True, sacrifice="artifact"), _counter_on_targets,
    targets=(CREATURE,), condition=upkeep_of()),))


define("Orcish Mechanics", abilities=(Ability(
    "{T}, sacrifice an artifact: Orcish Mechanics deals 2 damage to target creature or player",
    Cost(tap=True, sacrifice="artifact"), damage(2), targets=(CREATURE_OR_PLAYER,)),))


# ------------------------------------------------------------------ green

def _pixies_block(g: Game, attacker: Card, blocker: Card) -> bool:
    return "artifact" not in g.chars(blocker).types


define("Argothian Pixies", hooks=Hooks(
    can_be_blocked_by=_pixies_block,
    reduce_damage=lambda g, src, pk: pk.receiver is src and _from_artifact(pk) and "creature" in pk.source_types))
define("Argothian Treefolk", hooks=Hooks(reduce_damage=lambda g, src, pk: pk.receiver is src and _from_artifact(pk)))


# Citanul Druid: a +1/+1 counter for each artifact spell an opponent casts successfully.
def _druid(g: Game, ctx: Ctx) -> Gen:
    add_counters(g, ctx.source, "+1/+1", 1)
    return
    yield


define("Citanul Druid", triggers=(Trigger(Event.SPELL_CAST, _druid, condition=lambda g, src, d: (
    d["spell"].card is not None and "artifact" in d["spell"].types
    and d["spell"].controller != g.controller(src))),))


def _avenger(g: Game, card: Card, c: Chars) -> None:
    n = sum(1 for x in g.battlefield if x.controller != c.controller and "artifact" in g.chars(x).types)
    c.power, c.toughness = 1 + n, 1 + n


define("Gaea's Avenger", statics=(static_for(self_only, _avenger, layer=3),))


# ------------------------------------------------------------------ artifacts

def _transmogrant(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        add_counters(g, t, "+1/+1", 1)

        def m(g2: Game, card: Card, c: Chars) -> None:
            c.types.add("artifact")
        g.effects.append(Effect(g.stamp(), t.oid, m, "forever", layer=1))
        g.log(f"{t.name} becomes an artifact creature.")
    return
    yield


define("Ashnod's Transmogrant", abilities=(Ability(
    "{T}, Sacrifice Ashnod's Transmogrant: Put a +1/+1 counter on target nonartifact creature; it becomes an "
    "artifact creature", Cost(tap=True, sacrifice_self=True), _transmogrant,
    targets=(creature_where("target nonartifact creature", lambda g, ctx, c: "artifact" not in g.chars(c).types),)),))


# Jalum Tome: draw, then discard a card of the player's choice.
def _jalum(g: Game, ctx: Ctx) -> Gen:
    yield from g.draw(ctx.controller, 1)
    hand = ctx.me.hand
    if not hand:
        return
    names = sorted({c.name for c in hand})
    ans = yield from g.ask(ctx.controller, DecisionKind.DISCARD, "Jalum Tome: discard a card",
                           [f"discard {n}" for n in names], about="Jalum Tome")
    yield from discard_card(g, ctx.controller, next(c for c in hand if c.name == ans[len("discard "):]),
                            by=ctx.controller)


define("Jalum Tome", abilities=(Ability("{2}, {T}: Draw a card, then discard a card", _cost("{2}", tap=True),
                                        _jalum),))
define("Mightstone", statics=(static_for(_attacking, pump_mod(1, 0)),))
define("Weakstone", statics=(static_for(_attacking, pump_mod(-1, 0)),))
define("Obelisk of Undoing", abilities=(Ability(
    "{6}, {T}: Return target permanent you control and own to your hand", _cost("{6}", tap=True), bounce_targets(),
    targets=(permanent_target("target permanent you control and own",
                              lambda g, ctx, c: g.controller(c) == ctx.controller and c.owner == ctx.controller),)),))


# Rakalite: used in a turn, it returns to its owner's hand at the end of that
# turn (once, however often it was used).
def _to_hand(g: Game, card: Card) -> Gen:
    g.move(card, "hand")
    g.log(f"{card.name} returns to its owner's hand.")
    return
    yield


define("Rakalite", triggers=(_once_at_end_of_turn(_to_hand),), abilities=(Ability(
    "{2}: Prevent 1 damage to any creature or player; return Rakalite to its owner's hand at end of turn",
    _cost("{2}"), prevent_to_target(1), targets=(DAMAGED_CREATURE_OR_PLAYER,), prevention=True),))
define("Staff of Zegon", abilities=(Ability("{3}, {T}: Target creature gets -2/-0 until end of turn",
                                            _cost("{3}", tap=True), pump(-2, 0), targets=(CREATURE,)),))


# Tablet of Epityr, Urza's Chalice, Urza's Miter: "{N}: <benefit> every time
# <event>. Can only give it once each time": each event while the artifact is
# on gives it one use this turn; a use is an ordinary {N} effect (as Ivory Cup).
def _credited(name: str, text: str, mana: str, event: Event, when: Callable[[Game, Card, dict[str, Any]], bool],
              benefit: EffectFn) -> None:
    ab, credit = once_per_event(text, mana, benefit)
    define(name, abilities=(ab,), triggers=(Trigger(event, credit, condition=when),))


def _gain_one(g: Game, ctx: Ctx) -> Gen:
    g.gain_life(ctx.controller, 1)
    return
    yield


def _own_artifact_died(g: Game, src: Card, d: dict) -> bool:
    return "artifact" in d["card"].cdef.types and d["controller"] == g.controller(src)


_credited("Tablet of Epityr", "{1}: Gain 1 life for an artifact of yours put into the graveyard", "{1}",
          Event.TO_GRAVEYARD, _own_artifact_died, _gain_one)
_credited("Urza's Chalice", "{1}: Gain 1 life for an artifact spell cast", "{1}", Event.SPELL_CAST,
          lambda g, src, d: d["spell"].card is not None and "artifact" in d["spell"].types, _gain_one)
# Urza's Miter: "may not be used when you destroy an artifact to gain benefits
# from another card": an artifact sacrificed (to pay a cost or as an effect
# demands) gives no draw.
_credited("Urza's Miter", "{3}: Draw a card for an artifact of yours put into the graveyard", "{3}",
          Event.TO_GRAVEYARD, lambda g, src, d: _own_artifact_died(g, src, d) and d.get("how") != "sacrifice",
          draw_cards(1))


# ------------------------------------------------------------------ "tapped or its activation cost is paid"

def _continuous(g: Game, card: Card) -> bool:
    """A continuous artifact: a non-creature artifact with no activated
    ability and no mana source (Mightstone, Howling Mine)."""
    ch = g.chars(card)
    return "creature" not in ch.types and not card.cdef.abilities and not card.cdef.mana_abilities


def _artifact_used(event: Event, test: Callable[[Game, Card, Card], bool], fn: Callable[[Game, Ctx, Card], Gen]) -> Trigger:
    """A trigger on an artifact (not a continuous one) being used:
    ``test(g, src, artifact)`` picks which, ``fn(g, ctx, artifact)`` is what
    happens. It becomes tapped (for any reason,
    a {T} cost included), or an ability without {T} in its cost is paid for
    (an activated ability, or a mana source that does not tap: Ashnod's Altar)
    -- once per use: a {T} cost counts as the tapping."""
    def card_of(d: dict) -> Card | None:
        if event is Event.BECOMES_TAPPED:
            return d["card"]
        if event is Event.ACTIVATED:
            s = d["spell"]
            return s.source if s.ability is not None and not s.ability.cost.tap else None
        c = d["card"]  # TAPPED_FOR_MANA
        return c if not any(ma.cost.tap for ma in c.cdef.mana_abilities) else None

    def cond(g: Game, src: Card, d: dict) -> bool:
        c = card_of(d)
        return c is not None and c.zone == "battlefield" and "artifact" in g.chars(c).types \
            and not _continuous(g, c) and test(g, src, c)

    def effect(g: Game, ctx: Ctx) -> Gen:
        yield from fn(g, ctx, card_of(ctx.data))
    return Trigger(event, effect, condition=cond)


def _on_artifact_use(test: Callable[[Game, Card, Card], bool],
                     fn: Callable[[Game, Ctx, Card], Gen]) -> tuple[Trigger, ...]:
    return tuple(_artifact_used(e, test, fn) for e in (Event.BECOMES_TAPPED, Event.ACTIVATED, Event.TAPPED_FOR_MANA))


def _damage_user(n: int) -> Callable[[Game, Ctx, Card], Gen]:
    def fn(g: Game, ctx: Ctx, art: Card) -> Gen:
        g.deal_damage(ctx.source, g.players[g.controller(art)], n)
        return
        yield
    return fn


def _leech(g: Game, ctx: Ctx, art: Card) -> Gen:
    g.gain_life(ctx.controller, 1)
    return
    yield


# Artifact Possession: on the enchanted artifact (a continuous one is never
# "used": no effect).
define("Artifact Possession", enchant=ARTIFACT,
       triggers=_on_artifact_use(lambda g, src, art: art.oid == src.attached_to, _damage_user(2)))
define("Haunting Wind", triggers=_on_artifact_use(lambda g, src, art: True, _damage_user(1)))
define("Powerleech", triggers=_on_artifact_use(lambda g, src, art: g.controller(art) != g.controller(src), _leech))


# ------------------------------------------------------------------ Goblin Artisans

# Goblin Artisans: an interrupt aimed at an artifact spell its controller is
# casting; the opponent calls the flip (g.rng, the duel's seeded random
# source): won, its controller draws a card; lost, the spell is countered. No
# second Goblin Artisans ability may aim at the same spell (the target test
# says so, though the interrupt timing -- the caster's one chance -- already
# leaves no room for a second).
def _artisans_target(g: Game, ctx: Ctx, s: Target) -> bool:
    if not (isinstance(s, Spell) and s.card is not None and "artifact" in s.types
            and s.controller == ctx.controller):
        return False
    return not any(o is not ctx.spell and o.source is not None and o.source.name == "Goblin Artisans"
                   and s in o.targets for o in g.spells + g.batch)


def _artisans(g: Game, ctx: Ctx) -> Gen:
    target = ctx.target
    if target is None:
        return
    opp = ctx.opponent
    ans = yield from g.ask(opp.idx, DecisionKind.CHOOSE, "Goblin Artisans: call the coin flip",
                           ["choose heads", "choose tails"], about="Goblin Artisans")
    call = ans[len("choose "):]
    result = "heads" if g.rng.random() < 0.5 else "tails"
    g.log(f"{opp.name} calls {call}; the coin comes up {result}.")
    if call != result:
        yield from g.draw(ctx.controller, 1)
    else:
        yield from counter_target()(g, ctx)


define("Goblin Artisans", abilities=(Ability(
    "{T}: Flip a coin as you cast an artifact spell: draw a card, or the spell is countered", Cost(tap=True),
    _artisans, targets=(TargetSpec("target artifact spell you cast", kinds(Kind.SPELL), _artisans_target),),
    speed=Speed.INTERRUPT),))


# ------------------------------------------------------------------ Golgothian Sylex

# The sets released before Antiquities (March 1994; ../shared/cards/sets.json).
_BEFORE_ATQ = frozenset({"LEA", "LEB", "2ED", "ARN"})


def _from_antiquities(g: Game, card: Card) -> bool:
    """A card from Antiquities: its name was first printed in that set, by the
    card data's printings, whatever printing the player owns (Su-Chi and
    Mishra's Factory are; a Revised reprint of an Alpha card is not). Tokens
    are not cards."""
    sets = printings(card.name)
    return not card.token and "ATQ" in sets and not sets & _BEFORE_ATQ


# Golgothian Sylex (a Mono Artifact, tapped to use): "discarded from play":
# every permanent from Antiquities, the Sylex included, goes to its owner's
# graveyard with no regeneration (buried).
define("Golgothian Sylex", abilities=(Ability(
    "{1}, {T}: All cards from the Antiquities expansion, including Golgothian Sylex, are discarded from play",
    _cost("{1}", tap=True), destroy_all(_from_antiquities, bury=True)),))


# ------------------------------------------------------------------ Tawnos's Coffin

# Tawnos's Coffin (a Mono Artifact, tapped to use; it may stay tapped): the
# target creature, with its counters and the auras on it, is out of play as
# long as the Coffin remains tapped: held in its owner's removed-from-the-game
# zone (seen by both players), where nothing can touch it. When the Coffin
# untaps or leaves play, the creature comes back tapped with its counters
# and its auras on it, at the next settle (Event.STATE). Choices: it was
# never out of the game, so nothing "comes into play" (no such effects fire)
# and it is not new to its controller; it comes back under its owner's
# control (auras such as Control Magic, back on it, take it again); a token
# leaving play ceases to exist, as always.
def _coffin(g: Game, ctx: Ctx) -> Gen:
    target = ctx.target
    if target is None:
        return
    counters = dict(target.counters)
    auras = g.attached(target)
    held = g.move(target, "removed")
    kept = [g.move(a, "removed") for a in auras]
    g.log(f"{target.name} is put in Tawnos's Coffin" + (f" with {', '.join(a.name for a in auras)}" if auras else "")
          + ".")
    if target.token:
        return
    g.delayed.append(Delayed(Event.STATE, _coffin_open, ctx.controller, "Tawnos's Coffin", once=True,
                             condition=_coffin_done,
                             data={"coffin": ctx.source.oid, "held": held.oid, "auras": [a.oid for a in kept if not a.token],
                                   "counters": counters}))
    return
    yield


def _coffin_done(g: Game, d: Delayed, data: dict) -> bool:
    coffin = g.find(d.data["coffin"])
    return coffin is None or not coffin.tapped


def _removed_card(g: Game, oid: int) -> Card | None:
    return next((c for p in g.players for c in p.removed if c.oid == oid), None)


def _coffin_open(g: Game, ctx: Ctx) -> Gen:
    data = ctx.data["delayed"].data
    held = _removed_card(g, data["held"])
    if held is None:
        return
    back = g.move(held, "battlefield", tapped=True)
    back.sick = False
    back.was_tapped = True
    back.counters.update(data["counters"])
    g.log(f"{back.name} comes back out of Tawnos's Coffin, tapped.")
    for oid in data["auras"]:
        aura_card = _removed_card(g, oid)
        if aura_card is not None:
            a = g.move(aura_card, "battlefield")
            a.sick = False
            a.attached_to = back.oid
    return
    yield


define("Tawnos's Coffin", hooks=Hooks(may_stay_tapped=lambda g, c: True), abilities=(Ability(
    "{3}, {T}: Target creature is out of play as long as Tawnos's Coffin remains tapped", _cost("{3}", tap=True),
    _coffin, targets=(CREATURE,)),))


# ------------------------------------------------------------------ Transmute Artifact

# Transmute Artifact, in the order of its Oracle rulings: the caster
# sacrifices an artifact they control (none: nothing happens), searches their
# library for an artifact (a hidden zone: they may find none), and puts it
# into play if its casting cost is not greater; if it is, they may pay the
# difference ({N} generic), else it goes to the graveyard too. Then the
# library is shuffled.
def _transmute(g: Game, ctx: Ctx) -> Gen:
    p = ctx.controller
    if not g.permanents(p, type_="artifact"):
        g.log("Transmute Artifact: no artifact to discard; nothing happens.")
        return
    old = yield from g.sacrifice_for_cost(p, "artifact", ctx.spell.card if ctx.spell.card is not None else ctx.source)
    lib = [c for c in ctx.me.library if "artifact" in c.cdef.types]
    names = sorted({c.name for c in lib})
    ans = yield from g.ask(p, DecisionKind.CHOOSE, "Transmute Artifact: search your library for which artifact?",
                           [f"choose {n}" for n in names] + ["choose no"], decline="choose no",
                           about="Transmute Artifact")
    if ans != "choose no":
        found = next(c for c in lib if c.name == ans[len("choose "):])
        diff = found.cdef.cost.converted - old.cdef.cost.converted
        ok = True
        if diff > 0:
            ok = yield from pay_to_use(g, p, f"{{{diff}}}", f"Transmute Artifact: pay {{{diff}}} to put "
                                       f"{found.name} into play?", "Transmute Artifact")
        if ok:
            new = g.move(found, "battlefield", controller=p)
            g.log(f"{new.name} comes into play under {ctx.me.name}'s control (Transmute Artifact).")
            yield from g.entered(new)
        else:
            g.move(found, "graveyard")
            g.log(f"{found.name} is put into {ctx.me.name}'s graveyard: the difference was not paid.")
    g.shuffle(p)
    g.log(f"{ctx.me.name} shuffles their library.")


define("Transmute Artifact", spell=SpellSpec(_transmute))
