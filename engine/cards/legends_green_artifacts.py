"""Legends (LEG): the green cards and the artifacts.

Each card does what the printed text of its Legends printing says (the text
in ``engine/data/cards.json``), under the Fifth Edition rules. Choices the
text leaves open are written down where they are made.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Callable

from ..carddb import define
from ..ctx import Ctx
from ..effects import (creature_of, ARTIFACT, CREATURE, CREATURE_OR_PLAYER, PLAYER, add_counters, counter_target, create_token, destroy_self,
                       discard_card, each_target, flag_mod, grant, keyword_mod, nothing, on_source, permanent_target, pump_mod, self_only, static_for, tap_targets,
                       lose_keyword_mod, token_def, until_eot, upkeep_cost, upkeep_of)
from ..effects import color_until_eot, lands_of_type  # words of the card's text (Magical Hack)
from ..decisions import DecisionKind
from ..hooks import EffectHooks, Hooks
from ..model import (SICK_ATTACK_OK, SICK_TAP_OK, Ability, Announce, Cost, Delayed, EffectFn, Event, Gen, Kind, ManaAbility, Speed,
                     SpellSpec, Static, Target, TargetSpec, Trigger, kinds)
from ..mana import COLOR_LETTERS, ManaCost
from ..objects import Card, Chars, Effect, Packet, Player, Spell
from ..refs import ref
from .black import _scorpion

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

# ------------------------------------------------------------------ enchant worlds
# The enchant world rule itself (only one in play) is the core's:
# CastingRules.bury_older_worlds.


def _crossroads(g: Game, card: Card, c: Chars) -> None:
    c.keywords.update((SICK_ATTACK_OK, SICK_TAP_OK))


# Concordant Crossroads: every creature, whoever controls it, may attack and
# use {T} abilities (mana abilities too) the turn it comes into play.
define("Concordant Crossroads", statics=(static_for(lambda g, src, card, c: c.is_creature, _crossroads),))


def _living_plane(g: Game, card: Card, c: Chars) -> None:
    c.types.add("creature")
    c.power, c.toughness = 1, 1


# Living Plane: every land is also a 1/1 creature (colorless, as Living
# Lands); as a creature it cannot be tapped for mana the turn it comes into
# play (the core's summoning sickness: the card says so too).
define("Living Plane", statics=(static_for(lambda g, src, card, c: "land" in c.types, _living_plane, layer=1),))


# Arboria: a player who neither cast a spell nor put a card into play during
# their last turn cannot be attacked. Arboria watches each turn from its
# start (the beginning of upkeep): "cast" counts a spell when it is announced,
# even if it is then countered (the Oracle ruling; 5th Edition "cast" vs.
# "successfully cast"); "put a card into play" counts a land played, a
# permanent spell resolving, a card put into play by an effect (Eureka,
# Animate Dead) under that player's control, never a token; activating
# abilities does not count. A turn Arboria did not see from its start (the
# turn it was cast in: its caster just cast it) never shields anyone. It is
# checked as an attack is declared, so it must be in play then.
def _arboria_turn(g: Game, ctx: Ctx) -> Gen:
    ctx.source.flags[f"arboria_turn_{g.active}"] = g.turn
    ctx.source.flags[f"arboria_acted_{g.active}"] = False
    return
    yield


def _arboria_acted(g: Game, ctx: Ctx) -> Gen:
    ctx.source.flags[f"arboria_acted_{g.active}"] = True
    return
    yield


def _arboria_attack(g: Game, src: Card, attacker: Card) -> bool:
    d = g.nonactive
    return f"arboria_turn_{d}" not in src.flags or bool(src.flags.get(f"arboria_acted_{d}"))


define("Arboria", hooks=Hooks(attack_restriction=_arboria_attack), triggers=(
    Trigger(Event.BEGIN_UPKEEP, _arboria_turn),
    Trigger(Event.SPELL_ANNOUNCED, _arboria_acted,
            condition=lambda g, src, d: d["spell"].card is not None and d["spell"].controller == g.active),
    Trigger(Event.ENTERS, _arboria_acted,
            condition=lambda g, src, d: not d["card"].token and g.controller(d["card"]) == g.active),
))


# ------------------------------------------------------------------ artifacts

# Mirror Universe: {T}, sacrifice it, during your upkeep: exchange life totals
# with the opponent. The exchange is done as each player gaining or losing the
# difference (the Oracle ruling), so life-gain replacements (Lich) see it; it
# is not damage, so nothing can prevent or redirect it (the printed text).
# Totals are read as the effect resolves.
def _mirror_universe(g: Game, ctx: Ctx) -> Gen:
    me, opp = ctx.me, ctx.opponent
    mine, theirs = me.life, opp.life
    g.log(f"{me.name} and {opp.name} exchange life totals (Mirror Universe).")
    for p, old, new in ((me, mine, theirs), (opp, theirs, mine)):
        if new > old:
            g.gain_life(p.idx, new - old)
        elif new < old:
            g.lose_life(p.idx, old - new)
    return
    yield


define("Mirror Universe", abilities=(Ability(
    "{T}: Sacrifice Mirror Universe during your upkeep, and trade your number of life points with opponent",
    Cost(tap=True, sacrifice_self=True), _mirror_universe, condition=upkeep_of()),))


# ------------------------------------------------------------------ green spells

def put_card_into_play(g: Game, p: int, card: Card, why: str) -> Gen:
    """Put a permanent card from ``p``'s hand (or graveyard) directly into play under
    ``p``'s control (not cast: nothing can respond, "cast" triggers do not
    see it; a land does not count as the land of the turn). Choices made as
    a permanent is cast are asked of ``p`` here: announced choices (a color,
    a land type), and for a local enchantment what it enchants, among the
    permanents it could enchant (putting it into play does not target, as
    moving an enchantment does not: 002 "Bob's Prismatic Ward"). X is 0.
    Returns the permanent, or None if a local enchantment had nothing to
    enchant (it then stays where it was)."""
    spell = Spell(g.new_sid(), p, card, None, card.name)
    ctx = Ctx(g, spell)
    host: Card | None = None
    spec = card.cdef.enchant
    if spec is not None:
        hosts = [c for c in g.battlefield
                 if Kind.PERMANENT in spec.kinds and g.admits(spec, ctx, c)]
        if not hosts:
            return None
        with g.reading():
            names = [ref(g, c) for c in hosts]
        ans = yield from g.ask(p, DecisionKind.CHOOSE, f"{why}: choose what {card.name} enchants",
                               [f"choose {n}" for n in names], about=card.name)
        host = hosts[names.index(ans[len("choose "):])]
    for an in card.cdef.announce:
        yield from g.announce_choice(p, an, spell, [], DecisionKind.CHOOSE)
    new = g.move(card, "battlefield", controller=p)
    new.chosen.update(spell.chosen)
    if card.cdef.cost.x:
        new.chosen["x"] = 0
    if host is not None:
        new.attached_to = host.oid
    g.log(f"{g.players[p].name} puts {new.name} into play ({why}).")
    yield from g.entered(new)
    return new


# Eureka: starting with its caster, the players take turns putting one
# permanent card from hand into play (see put_card_into_play); it ends
# when both players in a row decline. A player who declines may put a card
# into play at their next turn of the round if the other did (the Oracle
# ruling). Nothing else can be done meanwhile: only these choices are asked.
def _eureka(g: Game, ctx: Ctx) -> Gen:
    p, declined = ctx.controller, 0
    while declined < 2:
        pl = g.players[p]
        cards = [c for c in pl.hand if c.cdef.is_permanent]
        names = sorted({c.name for c in cards})
        ans = "choose nothing"
        if names:
            ans = yield from g.ask(p, DecisionKind.CHOOSE, "Eureka: put a permanent from your hand into play?",
                                   [f"choose {n}" for n in names] + ["choose nothing"], decline="choose nothing",
                                   about="Eureka")
        new = None
        if ans != "choose nothing":
            card = next(c for c in cards if c.name == ans[len("choose "):])
            new = yield from put_card_into_play(g, p, card, "Eureka")
            yield from g.settle()
        declined = 0 if new is not None else declined + 1
        p = 1 - p


define("Eureka", spell=SpellSpec(_eureka))


# Knowledge Vault. Cards "under" the Vault are face-down cards in their
# owner's removed-from-the-game pile, marked with the Vault's object id
# (flags["under"]); nobody may look at them, its controller included ("without
# looking at it"), until they leave. The card taken is the top card of the
# library (the Oracle text). Choice: the sacrifice is done as the second
# ability resolves (the Oracle ruling), so nothing can respond to the Vault
# leaving with the cards still under it: {0}, then on resolution, if the Vault
# is still in play under the player's control, they discard their hand, take
# the cards under it and sacrifice it. Any other way it goes to the graveyard
# (destroyed, sacrificed to something else) puts the cards under it into
# their owners' graveyards. (Known limit: if it is returned to hand or
# removed from the game, the cards stay under nothing, removed.)
def _vault_cards(g: Game, vault_oid: int) -> list[Card]:
    return [c for p in g.players for c in p.removed if c.flags.get("under") == vault_oid]


def _vault_store(g: Game, ctx: Ctx) -> Gen:
    pl = ctx.me
    if pl.library:
        c = g.move(pl.library[0], "removed")
        c.face_down = True
        c.flags["under"] = ctx.source.oid
        g.log(f"{pl.name} puts the top card of their library face down under Knowledge Vault.")
    return
    yield


def _vault_open(g: Game, ctx: Ctx) -> Gen:
    vault, p = ctx.source, ctx.controller
    if vault not in g.battlefield or g.controller(vault) != p:
        return
    pl = g.players[p]
    g.log(f"{pl.name} discards their hand and takes the cards under Knowledge Vault.")
    for c in list(pl.hand):
        yield from discard_card(g, p, c, by=p)
    for c in _vault_cards(g, vault.oid):
        g.move(c, "hand")
    yield from g.put_in_graveyard([vault], how="sacrifice")


def _vault_gone(g: Game, ctx: Ctx) -> Gen:
    old = ctx.data["old"]
    for c in _vault_cards(g, old.oid):
        g.move(c, "graveyard")
        g.log(f"{c.name} goes from under Knowledge Vault to the graveyard.")
    return
    yield


define("Knowledge Vault", abilities=(
    Ability("{2}{T}: Take a card from your library without looking at it and place it face down under "
            "Knowledge Vault", Cost(ManaCost.parse("{2}"), tap=True), _vault_store),
    Ability("Sacrifice Knowledge Vault to discard entire hand and take the cards under the vault into your hand",
            Cost(), _vault_open),
), triggers=(Trigger(Event.TO_GRAVEYARD, _vault_gone, condition=lambda g, src, d: d["card"] is src,
                     zones=("graveyard",)),))


# Gauntlets of Chaos: the two targets must share a type among artifact,
# creature and land when chosen and again when the effect resolves (the
# Oracle ruling); if either target is then illegal, nothing is exchanged and
# nothing is buried. The exchange lasts for the rest of the duel (or until the
# permanent leaves play); enchantments on either permanent are buried.
_GAUNTLET_TYPES = ("artifact", "creature", "land")


def _shares_type(g: Game, a: Card, b: Card) -> bool:
    ta, tb = g.chars(a).types, g.chars(b).types
    return any(t in ta and t in tb for t in _GAUNTLET_TYPES)


_GAUNTLET_MINE = permanent_target(
    "target artifact, creature, or land you control",
    lambda g, ctx, c: g.controller(c) == ctx.controller and any(t in g.chars(c).types for t in _GAUNTLET_TYPES))
_GAUNTLET_THEIRS = permanent_target(
    "target permanent of the same type that an opponent controls",
    lambda g, ctx, c: (g.controller(c) != ctx.controller
                       and (_shares_type(g, ctx.targets[0], c) if ctx.targets
                            else any(t in g.chars(c).types for t in _GAUNTLET_TYPES))))


def _gain_control(p: int) -> Callable[[Game, Card, Chars], None]:
    return lambda g, card, c: setattr(c, "controller", p)


def _gauntlets(g: Game, ctx: Ctx) -> Gen:
    mine, theirs = ctx.targets[0], ctx.targets[1]
    if mine is None or theirs is None or not _shares_type(g, mine, theirs):
        g.log("Gauntlets of Chaos: nothing is exchanged.")
        return
    a, b = g.controller(mine), g.controller(theirs)
    g.effects.append(Effect(g.stamp(), mine.oid, _gain_control(b), "forever", layer=0))
    g.effects.append(Effect(g.stamp(), theirs.oid, _gain_control(a), "forever", layer=0))
    g.log(f"{g.players[a].name} and {g.players[b].name} exchange control of {mine.name} and {theirs.name}.")
    auras = [c for c in g.battlefield if c.attached_to in (mine.oid, theirs.oid) and "enchantment" in g.chars(c).types]
    for c in auras:
        g.destroy(c, bury=True)
    return
    yield


define("Gauntlets of Chaos", abilities=(Ability(
    "{5}, Sacrifice Gauntlets of Chaos: Exchange control of target artifact, creature, or land you control for "
    "control of target permanent of the same type that an opponent controls",
    Cost(ManaCost.parse("{5}"), sacrifice_self=True), _gauntlets, targets=(_GAUNTLET_MINE, _GAUNTLET_THEIRS)),))


# ------------------------------------------------------------------ green creatures

for _name in ("Barbary Apes", "Moss Monster"):
    define(_name)
define("Hornet Cobra", keywords=("first strike",))
define("Cat Warriors", keywords=("forestwalk",))
define("Emerald Dragonfly", keywords=("flying",), abilities=(Ability(
    "{G}{G}: First strike until end of turn", Cost(ManaCost.parse("{G}{G}")), on_source(grant("first strike"))),))
# Fire Sprites: "{G}{T}: Add {R}" is a mana ability (played as an interrupt).
define("Fire Sprites", keywords=("flying",),
       mana_abilities=(ManaAbility("R", cost=Cost(ManaCost.parse("{G}"), tap=True)),))
define("Pixie Queen", keywords=("flying",), abilities=(Ability(
    "{G}{G}{G}{T}: Target creature gains flying until end of turn", Cost(ManaCost.parse("{G}{G}{G}"), tap=True),
    grant("flying"), targets=(CREATURE,)),))


def _wombat(g: Game, card: Card, c: Chars) -> None:
    n = sum(1 for a in g.attached(card) if "enchantment" in g.chars(a).types)
    if c.power is not None:
        c.power += 2 * n
        c.toughness = (c.toughness or 0) + 2 * n


# Rabid Wombat: "creature enchantments" are the enchantments on it.
define("Rabid Wombat", keywords=("does not tap to attack",), statics=(static_for(self_only, _wombat),))


# Giant Turtle: it may not attack if it attacked during its controller's last
# turn. Noted on the card: as it attacks, and at the beginning of each of its
# controller's upkeeps (extra turns count as turns). A new object after it
# leaves play; it does not remember attacks under another controller.
def _turtle_attacks(g: Game, ctx: Ctx) -> Gen:
    ctx.source.flags["turtle_attacked_now"] = True
    return
    yield


def _turtle_new_turn(g: Game, ctx: Ctx) -> Gen:
    ctx.source.flags["turtle_attacked_last"] = ctx.source.flags.pop("turtle_attacked_now", False)
    return
    yield


define("Giant Turtle", hooks=Hooks(can_attack=lambda g, card: not card.flags.get("turtle_attacked_last")),
       triggers=(Trigger(Event.ATTACKS, _turtle_attacks, condition=lambda g, src, d: d.get("card") is src),
                 Trigger(Event.BEGIN_UPKEEP, _turtle_new_turn, condition=lambda g, src, d: g.active == g.controller(src))))


# ------------------------------------------------------------------ green spells (simple)

def _storm_seeker(g: Game, ctx: Ctx) -> Gen:
    for p in each_target(ctx):
        g.deal_damage(ctx.spell, p, len(p.hand))
    return
    yield


define("Storm Seeker", spell=SpellSpec(_storm_seeker, targets=(PLAYER,)))


def _typhoon(g: Game, ctx: Ctx) -> Gen:
    opp = ctx.opponent
    g.deal_damage(ctx.spell, opp, len(lands_of_type(g, ctx.source, opp.idx, "island")))
    return
    yield


define("Typhoon", spell=SpellSpec(_typhoon))


def no_combat_damage_from(oid: int) -> Effect:
    """Until end of turn the permanent ``oid`` deals no combat damage (its
    damage is reduced to 0, as Fog's)."""
    return Effect(0, None, lambda g, card, c: None, "eot", applies=lambda g, card, c: False,
                  hooks=EffectHooks(reduce_damage=lambda g, pk: pk.combat and pk.source_oid == oid))


# Subdue / Kry Shield: "deals no damage (in combat) this turn but gains +0/+X
# until end of turn, X its casting cost": X is the converted casting cost.
def _subdue(combat_only: bool) -> EffectFn:
    def fn(g: Game, ctx: Ctx) -> Gen:
        for t in each_target(ctx):
            e = no_combat_damage_from(t.oid)
            e.timestamp = g.stamp()
            if not combat_only:
                e.hooks = replace(e.hooks, reduce_damage=lambda g2, pk, oid=t.oid: pk.source_oid == oid)
            g.effects.append(e)
            x = t.cdef.cost.converted
            g.effects.append(Effect(g.stamp(), t.oid, pump_mod(0, x), "eot"))
            g.log(f"{t.name} deals no damage{' in combat' if combat_only else ''} this turn and gets +0/+{x}.")
        return
        yield
    return fn


define("Subdue", spell=SpellSpec(_subdue(True), targets=(CREATURE,)))


def _deafen(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        e = no_combat_damage_from(t.oid)
        e.timestamp = g.stamp()
        g.effects.append(e)
        g.log(f"{t.name} deals no damage in combat this turn.")
    return
    yield


define("Horn of Deafening", abilities=(Ability(
    "{2}, {T}: Target creature deals no damage in combat this turn", Cost(ManaCost.parse("{2}"), tap=True),
    _deafen, targets=(CREATURE,)),))
_YOUR_CREATURE = permanent_target("target creature you control",
                                  lambda g, ctx, c: g.is_creature(c) and g.controller(c) == ctx.controller)
define("Kry Shield", abilities=(Ability(
    "{2}{T}: Target creature you control deals no damage this turn, but gains +0/+X until end of turn",
    Cost(ManaCost.parse("{2}"), tap=True), _subdue(False), targets=(_YOUR_CREATURE,)),))
define("Relic Barrier", abilities=(Ability("{T}: Target artifact becomes tapped", Cost(tap=True), tap_targets(),
                                           targets=(ARTIFACT,)),))


# Sylvan Paradise: any number of target creatures (at least one) become green
# until end of turn.
define("Sylvan Paradise", spell=SpellSpec(color_until_eot("green"), targets=(CREATURE,), multi_target=True))


# ------------------------------------------------------------------ counters of spells and effects

def _targets_yours(g: Game, ctx: Ctx, s: Spell) -> bool:
    return any(isinstance(t, Card) and t.zone == "battlefield" and g.controller(t) == ctx.controller
               for t in s.targets)


# Avoid Fate, Ring of Immortals: an interrupt or enchantment spell (a card
# being cast) with a permanent its controller controls among its targets.
_FATE = TargetSpec("target interrupt or enchantment that targets a permanent you control", kinds(Kind.SPELL),
                   lambda g, ctx, s: (isinstance(s, Spell) and s.card is not None
                                      and bool({"interrupt", "enchantment"} & set(s.types)) and _targets_yours(g, ctx, s)))
define("Avoid Fate", spell=SpellSpec(counter_target(), targets=(_FATE,)))
define("Ring of Immortals", abilities=(Ability(
    "{3}{T}: Counter target interrupt or enchantment. Can only counter spells which target a permanent under "
    "your control", Cost(ManaCost.parse("{3}"), tap=True), counter_target(), targets=(_FATE,),
    speed=Speed.INTERRUPT),))


# Rust: counters an activated ability of an artifact being used (every
# activated ability has an activation cost; mana abilities cannot be
# interrupted at all).
def _artifact_effect(g: Game, ctx: Ctx, s: Target) -> bool:
    return (isinstance(s, Spell) and s.card is None and s.ability is not None and s.source is not None
            and "artifact" in (g.chars(s.source).types if s.source.zone == "battlefield" else s.source.cdef.types))


define("Rust", spell=SpellSpec(counter_target(), targets=(
    TargetSpec("target artifact effect", kinds(Kind.SPELL), _artifact_effect),)))


# ------------------------------------------------------------------ more green

# Revelation: every player's hand is shown to both players (and onlookers).
define("Revelation", hooks=Hooks(hands_revealed=lambda g, src: True))


# Deadfall: forestwalk is ignored by blockers; done by removing the keyword
# from every creature while Deadfall is in play (nothing else reads it); the
# landwalk as Deadfall's text reads it (Magical Hack).
define("Deadfall", statics=(Static(applies=lambda g, src, card, c: c.is_creature,
                                   modify=lambda g, src, card, c: c.keywords.discard(g.swap_words("forestwalk", src))),))


# Ichneumon Druid: 4 damage to an opponent casting an instant (successfully
# cast), except the first instant that opponent casts each turn. Instants
# are counted by the Druid itself (a Druid that comes into play after the
# first instant of the turn counts from there).
def _druid(g: Game, ctx: Ctx) -> Gen:
    sp = ctx.data["spell"]
    key = f"instants_{g.turn}_{sp.controller}"
    n = ctx.source.flags.get(key, 0) + 1
    ctx.source.flags = {k: v for k, v in ctx.source.flags.items() if not k.startswith("instants_")
                        or k.startswith(f"instants_{g.turn}_")}
    ctx.source.flags[key] = n
    if n > 1:
        g.deal_damage(ctx.source, g.players[sp.controller], 4)
    return
    yield


define("Ichneumon Druid", triggers=(Trigger(
    Event.SPELL_CAST, _druid,
    condition=lambda g, src, d: (d["spell"].card is not None and "instant" in d["spell"].types
                                 and d["spell"].controller != g.controller(src))),))


# Wood Elemental: as it comes into play its controller sacrifices any number
# of untapped forests (asked one at a time; "choose done" to stop); its power
# and toughness are the number sacrificed (0/0 if none: it then dies).
def _wood_enter(g: Game, ctx: Ctx) -> Gen:
    me, src, n = ctx.controller, ctx.source, 0
    while True:
        forests = [c for c in lands_of_type(g, src, me, "forest") if not c.tapped and c is not src]
        if not forests:
            break
        with g.reading():
            names = [ref(g, c) for c in forests]
        ans = yield from g.ask(me, DecisionKind.CHOOSE, f"Wood Elemental: sacrifice an untapped {g.word(src, 'forest')}? "
                               f"({n} so far)",
                               [f"choose {x}" for x in names] + ["choose done"], decline="choose done",
                               about=src.name)
        if ans == "choose done":
            break
        yield from g.put_in_graveyard([forests[names.index(ans[len("choose "):])]], how="sacrifice")
        n += 1
    src.chosen["forests"] = n
    g.log(f"Wood Elemental is {n}/{n}.")


def _wood_pt(g: Game, card: Card, c: Chars) -> None:
    c.power = c.toughness = int(card.chosen.get("forests", 0))


define("Wood Elemental", on_enter=_wood_enter, statics=(static_for(self_only, _wood_pt, layer=1),))


# ------------------------------------------------------------------ artifacts (simple)

def _cheaper(types: tuple[str, ...]) -> Callable[[Game, Card, Spell], int]:
    """Mana Matrix, Planar Gate: their controller's spells of these types cost
    up to {2} less; the full {2} is always taken (paying more is never
    better), from the generic part only."""
    def hook(g: Game, src: Card, sp: Spell) -> int:
        return -2 if sp.card is not None and sp.controller == g.controller(src) and set(types) & set(sp.types) else 0
    return hook


define("Mana Matrix", hooks=Hooks(extra_cost=_cheaper(("instant", "interrupt", "enchantment"))))
define("Planar Gate", hooks=Hooks(extra_cost=_cheaper(("creature",))))

# A Poison Snake's bite is Pit Scorpion's: one poison counter.
_snake_bite = _scorpion


POISON_SNAKE = token_def("Poison Snake", ("artifact", "creature"), 1, 1, text="If any Poison Snake damages any "
                         "player, he or she gets a poison counter.", triggers=(Trigger(
                             Event.DAMAGE_DEALT, _snake_bite, condition=lambda g, src, d: (
                                 d["packet"].source_oid == src.oid and isinstance(d["packet"].receiver, Player)
                                 and d["packet"].amount > 0)),))


def _make_snake(g: Game, ctx: Ctx) -> Gen:
    tok = create_token(g, POISON_SNAKE, ctx.controller)
    yield from g.entered(tok)


define("Serpent Generator", abilities=(Ability(
    "{4}, {T}: Put a Poison Snake token into play", Cost(ManaCost.parse("{4}"), tap=True), _make_snake),))


# Triassic Egg: the creature card is chosen as the effect resolves (a card in
# hand cannot be targeted), from its controller's hand or graveyard.
def _egg_hatch(g: Game, ctx: Ctx) -> Gen:
    me = ctx.me
    cards = [c for z in (me.hand, me.graveyard) for c in z if "creature" in c.cdef.types]
    if not cards:
        g.log("Triassic Egg: no creature to put into play.")
        return
    opts = [f"choose {c.name}" + (" from graveyard" if c.zone == "graveyard" else "") for c in cards]
    uniq = sorted(set(opts))
    ans = yield from g.ask(me.idx, DecisionKind.CHOOSE, "Triassic Egg: put a creature into play", uniq,
                           about="Triassic Egg")
    card = cards[opts.index(ans)]
    yield from put_card_into_play(g, me.idx, card, "Triassic Egg")


define("Triassic Egg", abilities=(
    Ability("{3}, {T}: Put a hatchling counter on Triassic Egg", Cost(ManaCost.parse("{3}"), tap=True),
            lambda g, ctx: _add_counter(g, ctx.source, "hatchling")),
    Ability("{0}: Sacrifice Triassic Egg to take target creature from your hand or graveyard and put it directly "
            "into play", Cost(sacrifice_self=True), _egg_hatch,
            condition=lambda g, c: c.counters.get("hatchling", 0) >= 2),
))


def _add_counter(g: Game, card: Card, kind: str) -> Gen:
    if card in g.battlefield:
        add_counters(g, card, kind, 1)
    return
    yield


# ------------------------------------------------------------------ artifacts and damage

# Bronze Horse: while its controller controls another creature, damage dealt
# to it by a spell (not an effect) that targets it is reduced to 0.
def _horse(g: Game, src: Card, pk: Packet) -> bool:
    return (pk.receiver is src and src.oid in pk.spell_targets
            and any(c is not src for c in g.creatures(g.controller(src))))


define("Bronze Horse", keywords=("trample",), hooks=Hooks(reduce_damage=_horse))


# Forethought Amulet: damage to its controller from an instant or sorcery
# source, more than 2, is reduced to 2 (per source, as one packet); an upkeep
# cost of {3} or it is destroyed. Off while tapped (an artifact).
def _amulet_cap(g: Game, src: Card, pk: Packet) -> int | None:
    r = pk.receiver
    if isinstance(r, Player) and r.idx == g.controller(src) and {"instant", "sorcery"} & set(pk.source_types):
        return 2
    return None


_amulet_ab, _amulet_end = upkeep_cost("Pay {3} during your upkeep or Forethought Amulet is destroyed", "{3}",
                                      destroy_self())
define("Forethought Amulet", abilities=(_amulet_ab,), hooks=Hooks(damage_cap=_amulet_cap, end_of_upkeep=_amulet_end))


# Al-abara's Carpet: until end of turn, damage to its controller from
# attacking creatures without flying (checked as the damage is dealt) is
# reduced to 0.
def _carpet(g: Game, ctx: Ctx) -> Gen:
    me = ctx.controller

    def stops(g2: Game, pk: Packet) -> bool:
        if not (isinstance(pk.receiver, Player) and pk.receiver.idx == me and g2.combat is not None):
            return False
        c = g2.find(pk.source_oid) if pk.source_oid is not None else None
        return (c is not None and pk.source_oid in g2.combat.attackers()
                and "flying" not in g2.chars(c).keywords)

    g.effects.append(Effect(g.stamp(), None, lambda g2, card, c: None, "eot", applies=lambda g2, card, c: False,
                            hooks=EffectHooks(reduce_damage=stops)))
    g.log(f"Attacking creatures without flying deal no damage to {ctx.me.name} this turn.")
    return
    yield


define("Al-abara's Carpet", abilities=(Ability(
    "{5}{T}: Prevents all damage done to you by attacking non-flying creatures",
    Cost(ManaCost.parse("{5}"), tap=True), _carpet),))


# Arena of the Ancients: "legends" are the legend creatures (Summon Legend;
# the Oracle text: legendary creatures). As it comes into play every one is tapped;
# legends do not untap in their controllers' untap phases while it is in play
# (an artifact: not while it is tapped).
def _tap_legends(g: Game, ctx: Ctx) -> Gen:
    for c in g.battlefield:
        ch = g.chars(c)
        if "legend" in ch.supertypes and ch.is_creature and not c.tapped:
            c.tapped = True
            g.log(f"{c.name} is tapped (Arena of the Ancients).")
    return
    yield


define("Arena of the Ancients", on_enter=_tap_legends, statics=(static_for(
    lambda g, src, card, c: "legend" in c.supertypes and c.is_creature, flag_mod("doesn't untap")),))


# Life Chisel: during its controller's upkeep, sacrifice a creature to gain
# life equal to its toughness (as it was when sacrificed). Chosen on use;
# usable any number of times that upkeep.
def _chisel(g: Game, ctx: Ctx) -> Gen:
    me = ctx.controller
    mine = g.creatures(me)
    if not mine:
        return
    with g.reading():
        names = [ref(g, c) for c in mine]
    ans = yield from g.ask(me, DecisionKind.CHOOSE, "Life Chisel: sacrifice which creature?",
                           [f"choose {n}" for n in names], about="Life Chisel")
    victim = mine[names.index(ans[len("choose "):])]
    t = g.chars(victim).toughness or 0
    yield from g.put_in_graveyard([victim], how="sacrifice")
    g.gain_life(me, max(0, t))


define("Life Chisel", abilities=(Ability(
    "Sacrifice a creature during your upkeep to gain life equal to creature's toughness", Cost(), _chisel,
    condition=lambda g, c: upkeep_of()(g, c) and bool(g.creatures(g.controller(c)))),))


# ------------------------------------------------------------------ control

# Willow Satyr: control of the target legend creature lasts while the Satyr
# stays tapped, in play and under the control of the player who used it;
# the Satyr may stay tapped in its controller's untap phase.
def _satyr(g: Game, ctx: Ctx) -> Gen:
    src_oid, me = ctx.source.oid, ctx.controller
    over = [False]

    def still(g2: Game) -> bool:
        if not over[0]:
            s = g2.find(src_oid)
            over[0] = s is None or not s.tapped or g2.controller(s) != me
        return not over[0]
    for t in each_target(ctx):
        g.effects.append(Effect(g.stamp(), t.oid, _gain_control(me), "forever", condition=still, layer=0,
                                source_oid=src_oid))
        g.log(f"{ctx.me.name} gains control of {t.name} (Willow Satyr).")
    return
    yield


_LEGEND = permanent_target("target legend", lambda g, ctx, c: "legend" in g.chars(c).supertypes and g.is_creature(c))
define("Willow Satyr", hooks=Hooks(may_stay_tapped=lambda g, c: True), abilities=(Ability(
    "{T}: Gain control of target legend", Cost(tap=True), _satyr, targets=(_LEGEND,)),))


# ------------------------------------------------------------------ combat

def _fights(g: Game, a: Card, b: Card) -> bool:
    """``a`` blocks or is blocked by ``b`` (either way round) in this combat."""
    cb = g.combat
    if cb is None:
        return False
    for x, y in ((a, b), (b, a)):
        band = cb.band_of(x.oid)
        if band is not None and y.oid in cb.blocks.get(band, []):
            return True
    return False


# Aisling Leprechaun: each creature blocking it or blocked by it becomes green
# (the color its text names: Sleight of Mind) for good (while it stays in
# play), as blockers are declared.
def _leprechaun(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    word = g.word(src, "green")
    col = COLOR_LETTERS[word]
    for c in list(g.creatures()):
        if c is not src and _fights(g, src, c):
            g.effects.append(Effect(g.stamp(), c.oid, lambda g2, card, ch: setattr(ch, "colors", {col}), "forever"))
            g.log(f"{c.name} becomes {word} (Aisling Leprechaun).")
    return
    yield


define("Aisling Leprechaun", triggers=(Trigger(Event.BLOCKERS_DECLARED, _leprechaun),))


# Sentinel: its toughness is 1 as it comes into play; {0}: it becomes 1 plus
# the power of a creature blocking it or blocked by it (as the effect
# resolves), until changed again.
def _sentinel(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        if ctx.source in g.battlefield:
            ctx.source.chosen["toughness"] = 1 + (g.chars(t).power or 0)
            g.log(f"Sentinel's toughness becomes {ctx.source.chosen['toughness']}.")
    return
    yield


def _sentinel_t(g: Game, card: Card, c: Chars) -> None:
    c.toughness = int(card.chosen.get("toughness", 1))


define("Sentinel", statics=(static_for(self_only, _sentinel_t, layer=1),), abilities=(Ability(
    "{0}: Change Sentinel's toughness to 1 plus the power of target creature blocking or blocked by Sentinel",
    Cost(), _sentinel, targets=(permanent_target("target creature blocking or blocked by Sentinel",
                                                 lambda g, ctx, c: g.is_creature(c) and _fights(g, ctx.source, c)),)),))


# Floral Spuzzem: when it attacks and is not blocked, its controller may
# destroy an artifact the defending player controls (chosen as blockers are
# declared: the target), and then it deals no combat damage this turn.
def _spuzzem(g: Game, ctx: Ctx) -> Gen:
    src, me = ctx.source, ctx.controller
    cb = g.combat
    band = cb.band_of(src.oid) if cb is not None else None
    if band is None or cb.blocks.get(band):
        return
    arts = [c for c in g.permanents(1 - me, type_="artifact")]
    if not arts:
        return
    with g.reading():
        names = [ref(g, c) for c in arts]
    ans = yield from g.ask(me, DecisionKind.CHOOSE, "Floral Spuzzem: destroy an artifact and deal no damage?",
                           [f"choose {n}" for n in names] + ["choose no"], decline="choose no", about=src.name)
    if ans == "choose no":
        return
    t = arts[names.index(ans[len("choose "):])]
    g.log(f"Floral Spuzzem destroys {t.name} and deals no damage.")
    g.destroy(t)
    e = no_combat_damage_from(src.oid)
    e.timestamp = g.stamp()
    g.effects.append(e)
    yield from g.settle()


define("Floral Spuzzem", triggers=(Trigger(Event.BLOCKERS_DECLARED, _spuzzem),))


# ------------------------------------------------------------------ graveyard

# Reincarnation: if the target creature goes to the graveyard this turn, its
# caster chooses a creature card in that graveyard (its owner's: possibly the
# creature itself) and it comes into play under the control of the target's
# owner, summoning sick.
def _reincarnate(g: Game, ctx: Ctx) -> Gen:
    d = ctx.data["delayed"]
    owner = d.data["owner"]
    yard = g.players[owner].graveyard
    cards = [c for c in yard if "creature" in c.cdef.types]
    if not cards:
        return
    names = sorted({c.name for c in cards})
    ans = yield from g.ask(d.controller, DecisionKind.CHOOSE, "Reincarnation: choose a creature to bring into play",
                           [f"choose {n}" for n in names], about="Reincarnation")
    card = next(c for c in cards if c.name == ans[len("choose "):])
    new = g.move(card, "battlefield", controller=owner)
    g.log(f"{new.name} comes into play under {g.players[owner].name}'s control (Reincarnation).")
    yield from g.entered(new)


def _reincarnation(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        g.delayed.append(Delayed(Event.TO_GRAVEYARD, _reincarnate, ctx.controller, "Reincarnation",
                                 condition=lambda g2, dl, d: d["old"].oid == dl.data["oid"], turn=g.turn,
                                 data={"oid": t.oid, "owner": t.owner}))
    return
    yield


define("Reincarnation", spell=SpellSpec(_reincarnation, targets=(CREATURE,)))


# Glyph of Reincarnation: cast only after this turn's combat is over (an
# attack was declared and combat has ended). The creatures the target wall
# blocked this turn (every member of a blocked band; noted by the core on the
# blocker) still in play are buried; then for each one buried, the caster
# chooses a creature card in the attacking player's graveyard (the buried ones
# included) and it comes into play under that player's control, summoning
# sick; if there are fewer, all come back.
def _glyph(g: Game, ctx: Ctx) -> Gen:
    attacker = g.active
    for wall in each_target(ctx):
        turn, oids = wall.flags.get("blocked_this_turn", (None, ()))
        if turn != g.turn:
            continue
        victims = [c for c in (g.find(o) for o in dict.fromkeys(oids)) if c is not None and c.zone == "battlefield"]
        for v in victims:
            g.destroy(v, bury=True)
        yield from g.settle()
        n = sum(1 for v in victims if v not in g.battlefield)
        yard = g.players[attacker].graveyard
        for _ in range(n):
            cards = [c for c in yard if "creature" in c.cdef.types]
            if not cards:
                break
            names = sorted({c.name for c in cards})
            ans = yield from g.ask(ctx.controller, DecisionKind.CHOOSE,
                                   "Glyph of Reincarnation: choose a creature to return to play",
                                   [f"choose {x}" for x in names], about="Glyph of Reincarnation")
            card = next(c for c in cards if c.name == ans[len("choose "):])
            new = g.move(card, "battlefield", controller=attacker)
            g.log(f"{new.name} comes into play under {g.players[attacker].name}'s control (Glyph of Reincarnation).")
            yield from g.entered(new)


define("Glyph of Reincarnation", spell=SpellSpec(_glyph, targets=(creature_of("wall", "target wall"),)),
       hooks=Hooks(can_cast=lambda g, p, card: g.attack_done and g.combat is None))


# Cocoon: cast on a creature its caster controls, which it taps as it comes
# into play, with three change counters on Cocoon. While Cocoon has change
# counters the creature does not untap in its controller's untap phase. At
# the beginning of each of the Cocoon controller's upkeeps a counter is
# removed; at the beginning of the upkeep after the one in which the last was
# removed, the creature gets a +1/+1 counter and flying for good (an effect
# lasting while it is in play) and Cocoon is buried.
def _cocoon_enter(g: Game, ctx: Ctx) -> Gen:
    host = g.enchanted(ctx.source)
    if host is not None:
        host.tapped = True
        g.log(f"{host.name} is tapped (Cocoon).")
    add_counters(g, ctx.source, "change", 3)
    return
    yield


def _cocoon_upkeep(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    if src.counters.get("change", 0) > 0:
        add_counters(g, src, "change", -1)
        if not src.counters.get("change"):
            src.flags["cocoon_emerge_after"] = g.turn
        return
    if src.flags.get("cocoon_emerge_after", g.turn) < g.turn:
        host = g.enchanted(src)
        if host is not None:
            add_counters(g, host, "+1/+1", 1)
            g.effects.append(Effect(g.stamp(), host.oid, keyword_mod("flying"), "forever"))
            g.log(f"{host.name} emerges from the Cocoon with flying.")
        g.destroy(src, bury=True)
        yield from g.settle()


define("Cocoon", enchant=_YOUR_CREATURE, on_enter=_cocoon_enter,
       statics=(Static(applies=lambda g, src, card, c: src.attached_to == card.oid and src.counters.get("change", 0) > 0,
                       modify=lambda g, src, card, c: c.flags.add("doesn't untap"), active=lambda g, src: True),),
       triggers=(Trigger(Event.BEGIN_UPKEEP, _cocoon_upkeep, condition=lambda g, src, d: g.active == g.controller(src)),))


# Nova Pentacle: in a damage prevention step, all pending damage to its
# controller from the target source is dealt instead to a creature the
# opponent chooses as the effect resolves (any creature in play; "target
# creature of opponent's choice": chosen by the opponent, so on resolution).
def _pentacle(g: Game, ctx: Ctx) -> Gen:
    opp = ctx.opponent
    for src in each_target(ctx):
        creatures = g.creatures()
        if not creatures:
            return
        with g.reading():
            names = [ref(g, c) for c in creatures]
        ans = yield from g.ask(opp.idx, DecisionKind.CHOOSE, "Nova Pentacle: choose the creature the damage goes to",
                               [f"choose {n}" for n in names], about="Nova Pentacle")
        to = creatures[names.index(ans[len("choose "):])]
        moved = 0
        for pk in g.pending_damage:
            if pk.receiver is ctx.me and pk.amount > 0 and pk.source_oid == src.oid and pk.source_name == src.name:
                pk.receiver = to
                moved += pk.amount
                g._auto_reduce(pk)
        if moved:
            g.log(f"{moved} damage from {src.name} to {ctx.me.name} is redirected to {to.name} (Nova Pentacle).")


define("Nova Pentacle", abilities=(Ability(
    "{3}{T}: Redirect damage done to you from one source to target creature of opponent's choice",
    Cost(ManaCost.parse("{3}"), tap=True), _pentacle,
    targets=(TargetSpec("source damaging you", kinds(Kind.SOURCE)),), prevention=True),))


# Sword of the Ages: comes into play tapped. {T}: as the effect resolves, its
# controller chooses any number of creatures they control (one at a time,
# "choose done" to stop); the Sword deals their combined power (as they are
# sacrificed) to the target, and they and the Sword are sacrificed and
# removed from the game instead of going to the graveyard. If the Sword has
# left play by then, nothing happens.
def _sword_enters(g: Game, ctx: Ctx) -> Gen:
    ctx.source.tapped = True
    g.log("Sword of the Ages comes into play tapped.")
    return
    yield


def _sword(g: Game, ctx: Ctx) -> Gen:
    me, sword = ctx.controller, ctx.source
    if sword not in g.battlefield:
        return  # nothing to sacrifice it with: the effect does nothing
    chosen: list[Card] = []
    while True:
        left = [c for c in g.creatures(me) if c not in chosen]
        if not left:
            break
        with g.reading():
            names = [ref(g, c) for c in left]
        ans = yield from g.ask(me, DecisionKind.CHOOSE, "Sword of the Ages: sacrifice a creature too?",
                               [f"choose {n}" for n in names] + ["choose done"], decline="choose done",
                               about="Sword of the Ages")
        if ans == "choose done":
            break
        chosen.append(left[names.index(ans[len("choose "):])])
    total = sum(max(0, g.chars(c).power or 0) for c in chosen)
    for t in each_target(ctx):
        g.deal_damage(sword, t, total)
    gone = chosen + [sword]
    for c in gone:
        c.remove_if_dies = True
    yield from g.put_in_graveyard(gone, how="sacrifice")
    yield from g.settle()


define("Sword of the Ages", on_enter=_sword_enters, abilities=(Ability(
    "{T}: Sacrifice Sword of the Ages and as many creatures as you choose. Sword does the combined power of these "
    "creatures in damage to one target", Cost(tap=True), _sword, targets=(CREATURE_OR_PLAYER,)),))


# ------------------------------------------------------------------ more artifacts

# Alchor's Tomb: the color is announced as the ability is used; the change
# lasts while the permanent stays in play ("use counters": for good).
def _tomb(g: Game, ctx: Ctx) -> Gen:
    col = COLOR_LETTERS[ctx.chosen("color")]
    for t in each_target(ctx):
        g.effects.append(Effect(g.stamp(), t.oid, lambda g2, card, c, col=col: setattr(c, "colors", {col}),
                                "forever", layer=2))
        g.log(f"{t.name} becomes {ctx.chosen('color')}.")
    return
    yield


define("Alchor's Tomb", abilities=(Ability(
    "{2}{T}: Change the color of target permanent you control to a color of your choice",
    Cost(ManaCost.parse("{2}"), tap=True), _tomb,
    targets=(permanent_target("target permanent you control", lambda g, ctx, c: g.controller(c) == ctx.controller),),
    announce=(Announce("color", "choose a color", lambda g, ctx: list(COLOR_LETTERS)),)),))


# Life Matrix: during its controller's upkeep, a matrix counter on the target
# creature; the creature then has "remove a matrix counter: regenerate" for
# as long as it stays in play (used by the creature's controller, when it
# would be destroyed), even if Life Matrix leaves play.
_MATRIX_REGEN = Ability("Remove a matrix counter: Regenerate", Cost(remove_counter="matrix"), nothing,
                        regenerate=True)


def _matrix_regen(g: Game, card: Card, c: Chars) -> None:
    if card.counters.get("matrix", 0) > 0:
        c.abilities.append(_MATRIX_REGEN)


def _matrix(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        add_counters(g, t, "matrix", 1)
        if not any(e.target == t.oid and e.modify is _matrix_regen for e in g.effects):
            g.effects.append(Effect(g.stamp(), t.oid, _matrix_regen, "forever"))
    return
    yield


define("Life Matrix", abilities=(Ability(
    "{4}{T}: During your upkeep, put one counter on target creature", Cost(ManaCost.parse("{4}"), tap=True),
    _matrix, targets=(CREATURE,), condition=upkeep_of()),))


# Voodoo Doll: a pin counter at the beginning of its controller's upkeep; at
# the end of that player's turn, if it is untapped, it deals X damage to them
# (X its pin counters) and, if that damage is dealt (not all prevented), it
# is destroyed. Its ability costs {X}{X} with X its pin counters (an extra
# cost on its own ability, so it shows and is paid like any cost).
def _voodoo_pin(g: Game, ctx: Ctx) -> Gen:
    add_counters(g, ctx.source, "pin", 1)
    return
    yield


def _voodoo_end(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    n = src.counters.get("pin", 0)
    if src.tapped or n <= 0:
        return
    src.flags["voodoo_backlash"] = True
    g.deal_damage(src, ctx.me, n)
    yield from g.settle()
    src.flags.pop("voodoo_backlash", None)


def _voodoo_hurt(g: Game, ctx: Ctx) -> Gen:
    g.log("Voodoo Doll is destroyed.")
    g.destroy(ctx.source)
    yield from g.settle()


def _voodoo_bolt(g: Game, ctx: Ctx) -> Gen:
    n = ctx.source.counters.get("pin", 0) if ctx.source in g.battlefield else 0
    for t in each_target(ctx):
        g.deal_damage(ctx.source, t, n)
    return
    yield


define("Voodoo Doll",
       hooks=Hooks(extra_cost=lambda g, src, sp: 2 * src.counters.get("pin", 0) if sp.source is src and sp.card is None
                   else 0),
       abilities=(Ability("{X}{X}, {T}: Voodoo Doll deals X damage to target creature or player, where X is equal "
                          "to the number of pin counters on Voodoo Doll", Cost(tap=True), _voodoo_bolt,
                          targets=(CREATURE_OR_PLAYER,)),),
       triggers=(Trigger(Event.BEGIN_UPKEEP, _voodoo_pin, condition=lambda g, src, d: g.active == g.controller(src)),
                 Trigger(Event.END_OF_TURN, _voodoo_end, condition=lambda g, src, d: g.active == g.controller(src)),
                 Trigger(Event.DAMAGE_DEALT, _voodoo_hurt, condition=lambda g, src, d: (
                     bool(src.flags.get("voodoo_backlash")) and d["packet"].source_oid == src.oid
                     and isinstance(d["packet"].receiver, Player) and d["packet"].amount > 0))))


# Marble Priest: every wall able to block it must (the core's "must be blocked
# by all walls", as Lure's: a wall able to block several creatures still may);
# combat damage dealt to it by walls is reduced to 0 (a wall now, as the
# damage is dealt).
def _priest_reduce(g: Game, src: Card, pk: Packet) -> bool:
    if pk.receiver is not src or not pk.combat or pk.source_oid is None:
        return False
    w = g.find(pk.source_oid)
    return w is not None and "wall" in g.chars(w).subtypes


define("Marble Priest", statics=(static_for(self_only, flag_mod("must be blocked by all walls")),),
       hooks=Hooks(reduce_damage=_priest_reduce))


# North Star: until end of turn, the next spell its controller casts may be
# paid with any type of mana (its colored symbols count as generic); it keeps
# its colors. Used as an interrupt, but it is used before casting that spell
# (costs are paid as a spell is cast). The core's Game.any_mana_effect.
def _north_star(g: Game, ctx: Ctx) -> Gen:
    me = ctx.controller
    g.effects.append(Effect(g.stamp(), None, lambda g2, card, c: None, "eot", applies=lambda g2, card, c: False,
                            hooks=EffectHooks(any_mana=lambda g2, sp: sp.controller == me)))
    g.log(f"{ctx.me.name} may pay for one spell this turn with any type of mana (North Star).")
    return
    yield


define("North Star", abilities=(Ability(
    "{4}{T}: You may cast one spell this turn by paying its casting cost with any type of mana",
    Cost(ManaCost.parse("{4}"), tap=True), _north_star, speed=Speed.INTERRUPT),))


# Craw Giant and Wolverine Pack: keywords only (trample; rampage 2, read from
# the printed text by carddb.keywords_from_text; the rule is CombatRules.apply_rampage).
for _name in ("Craw Giant", "Wolverine Pack"):
    define(_name)


# Master of the Hunt: {2}{G}{G}: a Wolves of the Hunt token, a 1/1 green
# creature that "bands with other Wolves of the Hunt" (the quality is the
# creature's name: CombatRules.has_quality).
WOLVES_OF_THE_HUNT = token_def("Wolves of the Hunt", ["creature"], 1, 1, subtypes=["Wolves"], colors=["G"],
                               keywords=["bands with other wolves of the hunt"],
                               text="Bands with other Wolves of the Hunt")


def _make_wolves(g: Game, ctx: Ctx) -> Gen:
    tok = create_token(g, WOLVES_OF_THE_HUNT, ctx.controller, source=ctx.source)  # "green": its text
    yield from g.entered(tok)


define("Master of the Hunt", abilities=(Ability(
    "{2}{G}{G}: Put a Wolves of the Hunt token into play", Cost(ManaCost.parse("{2}{G}{G}")), _make_wolves),))


# Shelkin Brownie: {T}: the target creature loses every "bands with other ..."
# ability until end of turn (not banding: the ruling). A band that relied on it
# becomes illegal: before blocks it can no longer be declared; a band already
# attacking is regrouped by the attacking player, blocked or not, blocking
# relations unchanged (002 "More on Banding": CombatRules.regroup_bands). A
# blocker losing it no longer lets the defending player divide an attacker's
# damage (CombatRules.blockers_banded, read as damage is dealt).
define("Shelkin Brownie", abilities=(Ability(
    "{T}: Remove the bands with other ability from target creature until end of turn", Cost(tap=True),
    until_eot(lose_keyword_mod("bands with other")), targets=(CREATURE,)),))
