"""Black cards."""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..carddb import define
from ..ctx import Ctx
from ..effects import (ante_only, ante_top_card, damage_enchanted_controller, discard_card, CREATURE, CREATURE_OR_PLAYER, LAND, SPELL_OR_PERMANENT, aura, change_color, creature_where,
                       destroy_targets, during_upkeep, on_source, regeneration, each_target, flag_mod, must_attack_this_turn,
                       pump, pump_mod,
                       sacrifice_own_creature, set_pt_mod, static_for, self_only)
from ..effects import lands_of_type, only_blocked_by  # words of the card's text (Magical Hack)
from ..hooks import Hooks
from ..mana import COLOR_LETTERS, ManaCost
from ..model import Ability, Cost, Event, Gen, SpellSpec, Static, Target, Trigger
from ..objects import Card, Chars, Packet, Player, Spell
from ..words import counted

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

for _name in ("Scathe Zombies", "Black Knight", "Bog Wraith"):
    define(_name)


define("Drudge Skeletons", abilities=(regeneration("{B}"),))
define("Frozen Shade", abilities=(Ability("{B}: +1/+1 until end of turn", Cost(ManaCost.parse("{B}")),
                                          on_source(pump(1, 1))),))


def _not_black_artifact(g: Game, ctx: Ctx, c: Card) -> bool:
    ch = g.chars(c)
    black = COLOR_LETTERS[g.word(ctx.spell.card if ctx.spell else None, "black")]
    return black not in ch.colors and "artifact" not in ch.types


define("Terror", spell=SpellSpec(destroy_targets(bury=True),
                                 targets=(creature_where("target non-black, non-artifact creature",
                                                         _not_black_artifact),)))
define("Unholy Strength", enchant=CREATURE, statics=(aura(pump_mod(2, 1)),))
define("Fear", enchant=CREATURE, hooks=Hooks(block_restriction=only_blocked_by("black")))
define("Deathlace", spell=SpellSpec(change_color("black"), targets=(SPELL_OR_PERMANENT,)))
define("Evil Presence", enchant=LAND, statics=(Static(
    applies=lambda g, src, card, c: src.attached_to == card.oid,
    modify=lambda g, src, card, c: (c.subtypes.difference_update({"plains", "island", "swamp", "mountain", "forest"}),
                                    c.subtypes.add(g.word(src, "swamp"))),
    active=lambda g, src: True, layer=1),))


# Drain Life: 1 damage per {B} paid beyond the cost; gain what was dealt (at most
# the creature's toughness or the player's life). The damage goes through its
# prevention step first, so the gain counts only what was really dealt.
def _drain(g: Game, ctx: Ctx) -> Gen:
    t = ctx.target
    if t is None:
        return
    cap = t.life if isinstance(t, Player) else (g.chars(t).toughness or 0)
    g.deal_damage(ctx.spell, t, ctx.x)
    packets = [pk for pk in g.pending_damage if pk.receiver is t and pk.source_name == ctx.spell.name]
    yield from g.prevention_step()
    dealt = sum(pk.amount for pk in packets)
    g.gain_life(ctx.controller, max(0, min(dealt, cap)))


define("Drain Life", spell=SpellSpec(_drain, targets=(CREATURE_OR_PLAYER,)), hooks=Hooks(x_color="B"))

define("Royal Assassin", abilities=(Ability(
    "{T}: Destroy target tapped creature", Cost(tap=True), destroy_targets(),
    targets=(creature_where("target tapped creature", lambda g, ctx, c: c.tapped),)),))


def _queen(g: Game, ctx: Ctx) -> Gen:
    yield from until_eot(set_pt_mod(0, 2))(g, ctx)


define("Sorceress Queen", abilities=(Ability(
    "{T}: Target creature other than Sorceress Queen becomes 0/2 until end of turn", Cost(tap=True), _queen,
    targets=(creature_where("target creature other than Sorceress Queen", lambda g, ctx, c: c is not ctx.source),)),))


def _specter(g: Game, ctx: Ctx) -> Gen:
    pk = ctx.data["packet"]
    victim = pk.receiver
    if victim.hand:
        card = g.rng.choice(victim.hand)
        yield from discard_card(g, victim.idx, card, by=ctx.controller, at_random=True, why="Hypnotic Specter")


define("Hypnotic Specter", triggers=(Trigger(
    Event.DAMAGE_DEALT, _specter,
    condition=lambda g, src, d: (d["packet"].source_oid == src.oid and isinstance(d["packet"].receiver, Player)
                                 and d["packet"].receiver.idx != g.controller(src) and d["packet"].amount > 0)),))


# Sengir Vampire: +1/+1 counter when a creature it damaged this turn goes to the graveyard.
def _sengir(g: Game, ctx: Ctx) -> Gen:
    ctx.source.counters["+1/+1"] = ctx.source.counters.get("+1/+1", 0) + 1
    g.log("Sengir Vampire gets a +1/+1 counter.")
    return
    yield


define("Sengir Vampire", triggers=(Trigger(
    Event.TO_GRAVEYARD, _sengir,
    condition=lambda g, src, d: d["was_creature"] and src.oid in d["damaged_by"]),))


def _nightmare(g: Game, src: Card, card: Card, c: Chars) -> None:
    n = len(lands_of_type(g, card, g.controller(card), "swamp"))
    c.set_pt(n, n)


# layer -1: a power/toughness the card defines itself comes before every other effect
define("Nightmare", statics=(static_for(self_only, lambda g, card, c: _nightmare(g, card, card, c), layer=-1),))


def _uncle(g: Game, src: Card, pk: Packet) -> bool:
    return isinstance(pk.receiver, Card) and pk.receiver is src and "creature" in pk.source_types


define("Uncle Istvan", hooks=Hooks(reduce_damage=_uncle))


# Pestilence
def _pestilence(g: Game, ctx: Ctx) -> Gen:
    for p in (g.active, 1 - g.active):
        g.deal_damage(ctx.spell, g.players[p], 1)
    for c in g.creatures():
        g.deal_damage(ctx.spell, c, 1)
    return
    yield


def _pestilence_eot(g: Game, ctx: Ctx) -> Gen:
    if not g.creatures():
        g.destroy(ctx.source, bury=True)
    return
    yield


define("Pestilence",
       abilities=(Ability("{B}: 1 damage to each creature and each player", Cost(ManaCost.parse("{B}")), _pestilence),),
       triggers=(Trigger(Event.END_OF_TURN, _pestilence_eot),))


# Cursed Land: 1 damage to the land's controller during their upkeep.

_cl_ab, _cl_end = during_upkeep("Cursed Land deals 1 damage to the land's controller", damage_enchanted_controller(1),
                                whose="enchanted controller")
define("Cursed Land", enchant=LAND, abilities=(_cl_ab,), hooks=Hooks(end_of_upkeep=_cl_end))


# Paralyze: the creature does not untap; its controller may pay {4} during upkeep to untap it.
def _untap_host(g: Game, ctx: Ctx) -> Gen:
    host = g.enchanted(ctx.source)
    if host is not None:
        host.tapped = False
        g.log(f"{host.name} untaps.")
    return
    yield


def _paralyze_enter(g: Game, ctx: Ctx) -> Gen:
    host = g.enchanted(ctx.source)
    if host is not None:
        host.tapped = True
    return
    yield


define("Paralyze", enchant=CREATURE, on_enter=_paralyze_enter,
       statics=(aura(flag_mod("doesn't untap")),),
       abilities=(Ability("Pay {4} during your upkeep to untap the creature", Cost(ManaCost.parse("{4}")),
                          _untap_host, who="enchanted controller",
                          condition=lambda g, c: g.phase == "upkeep" and g.enchanted(c) is not None
                          and g.controller(g.enchanted(c)) == g.active),))


# Lord of the Pit: during your upkeep, sacrifice a creature other than it, or it deals 7 damage to you.
def _lord_demand(g: Game, src: Card, p: int) -> list[Card]:
    if g.controller(src) != p or g.active != p or g.phase != "upkeep" or src.phase_uses.get(g.phase_key()):
        return []
    return [c for c in g.creatures(p) if c is not src]


def _lord_end(g: Game, src: Card) -> Gen:
    p = g.controller(src)
    if p != g.active or src.phase_uses.get(g.phase_key()):
        return
    victims = _lord_demand(g, src, p)
    src.phase_uses[g.phase_key()] = 1
    if victims:
        ans = yield from g.ask(p, DecisionKind.SACRIFICE, "Lord of the Pit: sacrifice a creature",
                               [f"sacrifice {ref(g, c)}" for c in victims], about=src.name)
        victim = victims[[f"sacrifice {ref(g, c)}" for c in victims].index(ans)]
        yield from g.put_in_graveyard([victim], how="sacrifice")
    else:
        g.deal_damage(src, g.players[p], 7)
    yield from g.settle()


define("Lord of the Pit", hooks=Hooks(sacrifice_demand=_lord_demand, end_of_upkeep=_lord_end))


def _skeleton_ship(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        t.counters["-1/-1"] = t.counters.get("-1/-1", 0) + 1
        g.log(f"{t.name} gets a -1/-1 counter.")
    return
    yield


def _no_islands(g: Game, c: Card) -> bool:
    return not lands_of_type(g, c, g.controller(c), "island")


define("Skeleton Ship", hooks=Hooks(state=_no_islands),
       abilities=(Ability("{T}: Put a -1/-1 counter on target creature", Cost(tap=True), _skeleton_ship,
                          targets=(CREATURE,)),))



# =====================================================================
# Fourth Edition black cards added with their tests
# =====================================================================
from ..decisions import DecisionKind  # noqa: E402
from ..effects import (OPPONENT, PLAYER, counter_target, destroy_self, draw_cards, nothing, permanent_target,  # noqa: E402
                       until_eot, upkeep_cost)
from ..model import Kind, Speed, TargetSpec, kinds  # noqa: E402
from ..objects import Effect  # noqa: E402
from ..refs import ref  # noqa: E402

for _name in ("Bog Imp", "Lost Soul"):
    define(_name)

define("Wall of Bone", abilities=(regeneration("{B}"),))
define("Will-o'-the-Wisp", abilities=(regeneration("{B}"),))
define("Weakness", enchant=CREATURE, statics=(aura(pump_mod(-2, -1)),))
define("Carrion Ants", abilities=(Ability("{1}: +1/+1 until end of turn", Cost(ManaCost.parse("{1}")),
                                          on_source(pump(1, 1))),))


def _put_counter(g: Game, card: Card, kind: str) -> None:
    card.counters[kind] = card.counters.get(kind, 0) + 1
    g.log(f"A {kind} counter is put on {card.name}.")


def _remove_from_game(g: Game, card: Card) -> None:
    if card.zone == "battlefield" and card in g.battlefield:
        g.move(card, "removed")
        g.log(f"{card.name} is removed from the game.")


# Vampire Bats: "{B}: +1/+0 until end of turn. You cannot spend more than {B}{B}
# in this way each turn." An activation counts once it is successfully cast
# (an activation countered as it is cast does not use up the limit).
def _bats_uses(g: Game, card: Card) -> int:
    return card.flags.get("bats_uses", {}).get(g.turn, 0)


def _bats_count(g: Game, ctx: Ctx) -> Gen:
    uses = ctx.source.flags.setdefault("bats_uses", {})
    uses[g.turn] = uses.get(g.turn, 0) + 1
    return
    yield


_BATS = Ability("{B}: +1/+0 until end of turn (at most {B}{B} each turn)", Cost(ManaCost.parse("{B}")),
                on_source(pump(1, 0)), condition=lambda g, c: _bats_uses(g, c) < 2)
define("Vampire Bats", abilities=(_BATS,), triggers=(Trigger(
    Event.SPELL_CAST, _bats_count,
    condition=lambda g, src, d: d["spell"].source is src and d["spell"].ability is _BATS),))


# Bad Moon: all black creatures get +1/+1 (the color word may be changed by Sleight of Mind).
def _bad_moon_applies(g: Game, src: Card, card: Card, c: Chars) -> bool:
    return "creature" in c.types and COLOR_LETTERS[g.word(src, "black")] in c.colors


define("Bad Moon", statics=(Static(applies=_bad_moon_applies,
                                   modify=lambda g, src, card, c: pump_mod(1, 1)(g, card, c)),))


# Plague Rats: power and toughness equal the number of Plague Rats in play, whoever controls them.
def _plague_rats(g: Game, card: Card, c: Chars) -> None:
    n = sum(1 for x in g.battlefield if x.name == "Plague Rats")
    c.set_pt(n, n)


# layer -1: */* is what the card prints, before every other effect (Bad Moon adds to it)
define("Plague Rats", statics=(static_for(self_only, _plague_rats, layer=-1),))


# Dark Ritual: adds {B}{B}{B}. An interrupt with no spell to target is cast as
# an instant (MicroProse manual, "Interrupts": "If an interrupt doesn't have a
# specific target, it is considered an instant"): it can be countered as it is
# cast, and the mana stays in the pool until the end of the phase.
def _dark_ritual(g: Game, ctx: Ctx) -> Gen:
    ctx.me.pool.add("B", 3)
    g.log(f"{ctx.me.name} adds {{B}}{{B}}{{B}} to their mana pool.")
    return
    yield


define("Dark Ritual", spell=SpellSpec(_dark_ritual))


# Deathgrip: {B}{B}: counter target green spell, played as an interrupt.
def _green_spell(g: Game, ctx: Ctx, s: Target) -> bool:
    word = g.word(ctx.source if ctx.source is not None else None, "green")
    return isinstance(s, Spell) and s.card is not None and COLOR_LETTERS[word] in s.colors


define("Deathgrip", abilities=(Ability(
    "{B}{B}: Counter target green spell", Cost(ManaCost.parse("{B}{B}")), counter_target(),
    targets=(TargetSpec("target green spell", kinds(Kind.SPELL), _green_spell),), speed=Speed.INTERRUPT),))


# Greed: {B}, pay 2 life: draw a card. Paying life is a loss of life, not
# damage, so nothing can prevent it.
define("Greed", abilities=(Ability("{B}: Pay 2 life to draw a card", Cost(ManaCost.parse("{B}"), life=2),
                                   draw_cards(1)),))


# Howl from Beyond: target creature gets +X/+0 until end of turn.
def _howl(g: Game, ctx: Ctx) -> Gen:
    yield from until_eot(pump_mod(ctx.x, 0))(g, ctx)


define("Howl from Beyond", spell=SpellSpec(_howl, targets=(CREATURE,)))


# Marsh Gas: all creatures get -2/-0 until end of turn -- the creatures in play
# as it resolves (a creature coming into play later that turn is not affected).
def _marsh_gas(g: Game, ctx: Ctx) -> Gen:
    for c in g.creatures():
        g.effects.append(Effect(g.stamp(), c.oid, pump_mod(-2, 0), "eot"))
    g.log("All creatures get -2/-0 until end of turn.")
    return
    yield


define("Marsh Gas", spell=SpellSpec(_marsh_gas))


# Mind Twist: target player discards X cards at random (the whole hand if fewer).
def _mind_twist(g: Game, ctx: Ctx) -> Gen:
    for p in each_target(ctx):
        n = min(ctx.x, len(p.hand))
        for card in g.rng.sample(list(p.hand), n):
            yield from discard_card(g, p.idx, card, by=ctx.controller, at_random=True, why="Mind Twist")


define("Mind Twist", spell=SpellSpec(_mind_twist, targets=(PLAYER,)))


# Raise Dead: a creature card from your graveyard returns to your hand.
_YOUR_DEAD = TargetSpec("target creature in your graveyard", kinds(Kind.GRAVEYARD_CARD),
                        lambda g, ctx, c: c.owner == ctx.controller and "creature" in c.cdef.types)


def _raise_dead(g: Game, ctx: Ctx) -> Gen:
    for c in each_target(ctx):
        if c.zone == "graveyard":
            g.move(c, "hand")
            g.log(f"{c.name} returns from {g.players[c.owner].name}'s graveyard to their hand.")
    return
    yield


define("Raise Dead", spell=SpellSpec(_raise_dead, targets=(_YOUR_DEAD,)))


# Ashes to Ashes: remove two target non-artifact creatures from the game; 5 damage to the caster.
def _ashes(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        _remove_from_game(g, t)
    g.deal_damage(ctx.spell, ctx.me, 5)
    return
    yield


_NONARTIFACT = creature_where("target non-artifact creature", lambda g, ctx, c: "artifact" not in g.chars(c).types)
define("Ashes to Ashes", spell=SpellSpec(_ashes, targets=(_NONARTIFACT, _NONARTIFACT)))


# Word of Binding: tap X target creatures (exactly X, chosen after X).
def _tap_all(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        t.tapped = True
        g.log(f"{t.name} is tapped.")
    return
    yield


define("Word of Binding", spell=SpellSpec(_tap_all, targets=(CREATURE,), targets_x=True))


# Cyclopean Mummy: if put into the graveyard from play, it is removed from the
# game (it is in the graveyard for a moment, so "put into the graveyard"
# triggers still see it, as for tokens).
def _mummy(g: Game, ctx: Ctx) -> Gen:
    card = ctx.source
    if card in g.players[card.owner].graveyard:
        g.move(card, "removed")
        g.log(f"{card.name} is removed from the game.")
    return
    yield


define("Cyclopean Mummy", triggers=(Trigger(Event.TO_GRAVEYARD, _mummy, zones=("graveyard",),
                                            condition=lambda g, src, d: d["card"] is src),))


# Pit Scorpion: a player it damages gets a poison counter.
def _scorpion(g: Game, ctx: Ctx) -> Gen:
    p = ctx.data["packet"].receiver
    p.poison += 1
    g.log(f"{p.name} gets a poison counter ({p.poison}).")
    return
    yield


define("Pit Scorpion", triggers=(Trigger(
    Event.DAMAGE_DEALT, _scorpion,
    condition=lambda g, src, d: (d["packet"].source_oid == src.oid and isinstance(d["packet"].receiver, Player)
                                 and d["packet"].amount > 0)),))


# El-Hajjaj: its controller gains 1 life per damage it deals, at most the
# toughness of the creature or the life total the player had.
def _hajjaj(g: Game, ctx: Ctx) -> Gen:
    pk = ctx.data["packet"]
    r = pk.receiver
    if isinstance(r, Player):
        cap = r.life + pk.amount
    else:
        cap = g.chars(r).toughness or 0
    g.gain_life(ctx.controller, max(0, min(pk.amount, cap)))
    return
    yield


define("El-Hajjâj", triggers=(Trigger(
    Event.DAMAGE_DEALT, _hajjaj,
    condition=lambda g, src, d: d["packet"].source_oid == src.oid and d["packet"].amount > 0),))


# Erg Raiders: at the end of its controller's turn, 2 damage to that player if
# it did not attack that turn -- unless it came under their control this turn
# (still summoning sick).
def _erg_attacked(g: Game, ctx: Ctx) -> Gen:
    ctx.source.flags["attacked_turn"] = g.turn
    return
    yield


def _erg_eot(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    src.flags["erg_checked"] = g.turn
    g.deal_damage(src, g.players[ctx.controller], 2)
    return
    yield


define("Erg Raiders", triggers=(
    Trigger(Event.ATTACKS, _erg_attacked, condition=lambda g, src, d: d["card"] is src),
    Trigger(Event.END_OF_TURN, _erg_eot,
            condition=lambda g, src, d: (g.active == g.controller(src) and not src.sick
                                         and src.flags.get("attacked_turn") != g.turn
                                         and src.flags.get("erg_checked") != g.turn)),
))


# Murk Dwellers: attacking and not blocked, +2/+0 until end of turn (once the
# blockers are declared).
def _murk(g: Game, ctx: Ctx) -> Gen:
    cb = ctx.data["combat"]
    band = cb.band_of(ctx.source.oid)
    if band is not None and band not in cb.blocked:
        g.effects.append(Effect(g.stamp(), ctx.source.oid, pump_mod(2, 0), "eot"))
        g.log("Murk Dwellers is not blocked and gets +2/+0 until end of turn.")
    return
    yield


define("Murk Dwellers", triggers=(Trigger(Event.BLOCKERS_DECLARED, _murk),))


# Abomination: at end of combat, destroy all green and white creatures blocking or blocked by it.
def _abomination(g: Game, ctx: Ctx) -> Gen:
    cb = ctx.data["combat"]
    me = ctx.source.oid
    others: list[int] = []
    band = cb.band_of(me)
    if band is not None:
        others += cb.blocks.get(band, [])
    blocked = cb.blocking(me)
    if blocked is not None:
        others += cb.bands[blocked]
    green, white = (COLOR_LETTERS[g.word(ctx.source, w)] for w in ("green", "white"))
    for o in others:
        c = g.find(o)
        if c is not None and g.chars(c).colors & {green, white}:
            g.destroy(c)
    return
    yield


define("Abomination", triggers=(Trigger(Event.END_OF_COMBAT, _abomination),))


# Rag Man: {B}{B}{B},{T}: look at target opponent's hand; a creature card in it
# is discarded at random. Only during your turn.
def _rag_man(g: Game, ctx: Ctx) -> Gen:
    for p in each_target(ctx):
        g.secrets.append((ctx.controller, f"{p.name}'s hand: " + (", ".join(sorted(c.name for c in p.hand))
                                                                     or "empty")))
        g.log(f"{ctx.me.name} looks at {p.name}'s hand (Rag Man).")
        creatures = [c for c in p.hand if "creature" in c.cdef.types]
        if creatures:
            card = g.rng.choice(creatures)
            yield from discard_card(g, p.idx, card, by=ctx.controller, at_random=True, why="Rag Man")


define("Rag Man", abilities=(Ability(
    "{B}{B}{B}, {T}: Look at target opponent's hand; they discard a creature card at random",
    Cost(ManaCost.parse("{B}{B}{B}"), tap=True), _rag_man, targets=(OPPONENT,),
    condition=lambda g, c: g.active == g.controller(c)),))


# Junun Efreet: during your upkeep, pay {B}{B} or bury it.
_je_ab, _je_end = upkeep_cost("During your upkeep, pay {B}{B} or bury Junún Efreet", "{B}{B}", destroy_self(bury=True))
define("Junún Efreet", abilities=(_je_ab,), hooks=Hooks(end_of_upkeep=_je_end))


# Cosmic Horror: during your upkeep, pay {3}{B}{B}{B} or destroy it; destroyed
# this way (not regenerated), it deals 7 damage to its controller.
def _horror_penalty(g: Game, card: Card) -> Gen:
    p = g.controller(card)
    ch = g.chars(card)
    snap = {"name": card.name, "oid": card.oid, "colors": frozenset(ch.colors), "types": frozenset(ch.types),
            "controller": p}
    g.destroy(card)
    yield from g.settle()
    if card not in g.battlefield:
        g.deal_damage(snap, g.players[p], 7)


_ch_ab, _ch_end = upkeep_cost("During your upkeep, pay {3}{B}{B}{B} or destroy Cosmic Horror", "{3}{B}{B}{B}",
                              _horror_penalty)
define("Cosmic Horror", abilities=(_ch_ab,), hooks=Hooks(end_of_upkeep=_ch_end))


# Spirit Shackle: a -0/-2 counter on the creature each time it becomes tapped;
# the counters stay if the enchantment goes.
def _shackle(g: Game, ctx: Ctx) -> Gen:
    _put_counter(g, ctx.data["card"], "-0/-2")
    return
    yield


define("Spirit Shackle", enchant=CREATURE, triggers=(Trigger(
    Event.BECOMES_TAPPED, _shackle, condition=lambda g, src, d: d["card"].oid == src.attached_to),))


# Blight: if the land becomes tapped, it is destroyed at end of turn. (Choice:
# the destruction is Blight's own end-of-turn effect, so it happens only if
# Blight is still in play at end of turn.)
def _blight_tapped(g: Game, ctx: Ctx) -> Gen:
    ctx.source.flags["blight_turn"] = g.turn
    g.log(f"{ctx.data['card'].name} became tapped: Blight will destroy it at end of turn.")
    return
    yield


def _blight_eot(g: Game, ctx: Ctx) -> Gen:
    host = g.enchanted(ctx.source)
    ctx.source.flags.pop("blight_turn", None)
    if host is not None:
        g.destroy(host)
    return
    yield


define("Blight", enchant=LAND, triggers=(
    Trigger(Event.BECOMES_TAPPED, _blight_tapped, condition=lambda g, src, d: d["card"].oid == src.attached_to),
    Trigger(Event.END_OF_TURN, _blight_eot, condition=lambda g, src, d: src.flags.get("blight_turn") == g.turn),
))


# Gloom: white spells cost {3} more; so do the activation costs of white
# enchantments (not upkeep costs, which are not activation costs).
def _gloom_extra(g: Game, src: Card, spell: Spell) -> int:
    white = COLOR_LETTERS[g.word(src, "white")]
    if spell.ability is None:
        return 3 if spell.card is not None and white in spell.colors else 0
    s = spell.source
    if s is None or s.zone != "battlefield":
        return 0
    ch = g.chars(s)
    if white in ch.colors and "enchantment" in ch.types and not _is_upkeep_cost(spell.ability):
        return 3
    return 0


def _is_upkeep_cost(ab: Ability) -> bool:
    """An upkeep payment made with ``activate`` (see effects.upkeep_cost): no
    effect of its own, usable once in its controller's upkeep."""
    return ab.effect is nothing and ab.once_per_phase


define("Gloom", hooks=Hooks(extra_cost=_gloom_extra))


# Xenic Poltergeist: {T}: target non-creature artifact becomes an artifact
# creature with power and toughness equal to its casting cost, until its
# controller's next upkeep.
def _poltergeist(g: Game, ctx: Ctx) -> Gen:
    ctrl = ctx.controller
    ends = g.turn + (2 if g.active == ctrl else 1)  # the Poltergeist controller's next turn

    def lasts(g2: Game, ends: int = ends) -> bool:
        return g2.turn < ends or (g2.turn == ends and g2.phase == "untap")

    for t in each_target(ctx):
        n = t.cdef.cost.converted

        def m(g2: Game, card: Card, c: Chars, n: int = n) -> None:
            c.types |= {"artifact", "creature"}
            c.set_pt(n, n)
        g.effects.append(Effect(g.stamp(), t.oid, m, "forever", layer=1, condition=lasts))
        g.log(f"{t.name} becomes a {n}/{n} artifact creature.")
    return
    yield


define("Xenic Poltergeist", abilities=(Ability(
    "{T}: Target non-creature artifact becomes an artifact creature until your next upkeep", Cost(tap=True),
    _poltergeist, targets=(permanent_target("target non-creature artifact",
                                            lambda g, ctx, c: "artifact" in g.chars(c).types
                                            and "creature" not in g.chars(c).types),)),))


# Zombie Master: all zombies have swampwalk and "{B}: Regenerate".
_ZOMBIE_REGEN = regeneration("{B}")


def _zombie(g: Game, src: Card, card: Card, c: Chars) -> bool:
    return "creature" in c.types and bool(c.subtypes & {"zombie", "zombies"})


def _zombie_mod(g: Game, src: Card, card: Card, c: Chars) -> None:
    c.keywords.add(g.swap_words("swampwalk", src))
    c.abilities.append(_ZOMBIE_REGEN)


define("Zombie Master", statics=(Static(applies=_zombie, modify=_zombie_mod),))


# Animate Dead: cast on a creature card in any graveyard; it comes into play
# under the caster's control, as if just summoned, with -1/-0, and Animate Dead
# enchants it. If Animate Dead leaves play (to the graveyard), the creature is
# buried. (Once in play it is an ordinary aura on that creature: if the
# creature gains protection from black, Animate Dead is buried and so is the
# creature.)
def _dead_or_animated(g: Game, ctx: Ctx, c: Target) -> bool:
    if not isinstance(c, Card):
        return False
    if c.zone == "graveyard":
        return "creature" in c.cdef.types
    return c.zone == "battlefield" and "creature" in g.chars(c).types


def _animate_enter(g: Game, ctx: Ctx) -> Gen:
    aura_card = ctx.source
    dead = next((c for pl in g.players for c in pl.graveyard if c.oid == aura_card.attached_to), None)
    if dead is None:
        return  # already in play (set up attached), or the card is gone
    new = g.move(dead, "battlefield", controller=ctx.controller)
    aura_card.attached_to = new.oid
    g.log(f"{new.name} comes into play from {g.players[dead.owner].name}'s graveyard under "
          f"{ctx.me.name}'s control (Animate Dead).")
    yield from g.entered(new)


def _animate_leaves(g: Game, ctx: Ctx) -> Gen:
    host = g.find(ctx.data["old"].attached_to) if ctx.data["old"].attached_to is not None else None
    if host is not None:
        g.destroy(host, bury=True)
    return
    yield


define("Animate Dead",
       enchant=TargetSpec("target creature in a graveyard", kinds(Kind.GRAVEYARD_CARD), _dead_or_animated),
       on_enter=_animate_enter, statics=(aura(pump_mod(-1, 0)),),
       triggers=(Trigger(Event.TO_GRAVEYARD, _animate_leaves, zones=("graveyard",),
                         condition=lambda g, src, d: d["card"] is src),))


# Nether Shadow: at the end of its owner's upkeep, if it is in their graveyard
# with at least three creature cards above it, they may return it to play. It
# can attack the turn it comes into play.
def _shadow_ready(g: Game, src: Card, d: dict) -> bool:
    pile = g.players[src.owner].graveyard
    if src.zone != "graveyard" or src not in pile or g.active != src.owner:
        return False
    return sum(1 for c in pile[:pile.index(src)] if "creature" in c.cdef.types) >= 3


def _shadow_return(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    ans = yield from g.ask(src.owner, DecisionKind.CHOOSE, "Nether Shadow: return it to play from your graveyard?",
                           ["choose yes", "choose no"], decline="choose no", about=src.name)
    if ans != "choose yes" or src not in g.players[src.owner].graveyard:
        return
    new = g.move(src, "battlefield", controller=src.owner)
    g.log(f"Nether Shadow returns to play from {g.players[src.owner].name}'s graveyard.")
    yield from g.entered(new)


define("Nether Shadow", keywords=("can attack the turn it comes into play",),
       triggers=(Trigger(Event.END_UPKEEP, _shadow_return, zones=("graveyard",), condition=_shadow_ready),))


# Scavenging Ghoul: at the end of each turn, a corpse counter for each creature
# put into the graveyard that turn; remove a corpse counter: regenerate.
def _ghoul_eot(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    src.flags["ghoul_turn"] = g.turn
    n = g.creature_deaths.get(g.turn, 0)
    if n:
        src.counters["corpse"] = src.counters.get("corpse", 0) + n
        g.log(f"{n} corpse counter{'s' if n > 1 else ''} put on Scavenging Ghoul.")
    return
    yield


define("Scavenging Ghoul",
       abilities=(Ability("Remove a corpse counter: Regenerate", Cost(remove_counter="corpse"), nothing,
                          regenerate=True),),
       triggers=(Trigger(Event.END_OF_TURN, _ghoul_eot,
                         condition=lambda g, src, d: src.flags.get("ghoul_turn") != g.turn),))


# Simulacrum: the damage dealt to you so far this turn is undone (you gain
# that much life) and dealt instead to target creature you control, by
# Simulacrum. Damage dealt to you afterwards this turn counts anew.
def _simulacrum(g: Game, ctx: Ctx) -> Gen:
    key = (g.turn, ctx.controller)
    n = g.player_damage.get(key, 0)
    g.player_damage[key] = 0
    g.gain_life(ctx.controller, n)
    for t in each_target(ctx):
        g.deal_damage(ctx.spell, t, n)
    return
    yield


define("Simulacrum", spell=SpellSpec(_simulacrum, targets=(
    creature_where("target creature you control", lambda g, ctx, c: g.controller(c) == ctx.controller),)))


# ================================================================== Alpha to Revised, not in Fourth Edition

define("Sinkhole", spell=SpellSpec(destroy_targets(), targets=(LAND,)))


# Demonic Tutor: take any one card of your library into your hand (not
# revealed: the text does not say so), then shuffle. With a card in the
# library one must be taken: "search for one card" names no quality that could
# fail to be found.
def _tutor(g: Game, ctx: Ctx) -> Gen:
    me = ctx.me
    if me.library:
        names = sorted({c.name for c in me.library})
        ans = yield from g.ask(ctx.controller, DecisionKind.CHOOSE, "Demonic Tutor: take a card from your library",
                               [f"choose {n}" for n in names], about="Demonic Tutor")
        card = next(c for c in me.library if c.name == ans[len("choose "):])
        g.move(card, "hand")
    g.shuffle(ctx.controller)
    g.log(f"{me.name} searches their library, puts a card into their hand and shuffles.")


define("Demonic Tutor", spell=SpellSpec(_tutor))


# Sacrifice: an interrupt with no spell to aim at, so cast as an instant (as
# Dark Ritual). The creature is chosen and sacrificed as Sacrifice resolves
# (the printed text names no target), so a countered Sacrifice costs no
# creature; it adds {B} for each point of the creature's converted casting
# cost (a token's is 0). Cast only while its caster controls a creature.
def _sacrifice(g: Game, ctx: Ctx) -> Gen:
    victim, n = yield from sacrifice_own_creature(g, ctx, "Sacrifice")
    if victim is None:
        return
    sym = COLOR_LETTERS[g.word(ctx.source, "black")]  # "black mana" as its text reads it (Sleight of Mind)
    if n:
        ctx.me.pool.add(sym, n)
    g.log(f"{ctx.me.name} sacrifices {victim.name} and adds {('{' + sym + '}') * n or 'no mana'} to their mana pool.")


define("Sacrifice", spell=SpellSpec(_sacrifice), hooks=Hooks(can_cast=lambda g, p, card: bool(g.creatures(p))))


# Demonic Hordes: {T}: destroy target land. During its controller's upkeep,
# pay {B}{B}{B}, or the Hordes become tapped and the controller sacrifices a
# land the opponent chooses ("you lose a land of opponent's choice").
def _hordes_unpaid(g: Game, card: Card) -> Gen:
    card.tapped = True
    p = g.controller(card)
    g.log(f"{card.name}'s upkeep is not paid: it becomes tapped.")
    lands = g.permanents(p, type_="land")
    if not lands:
        return
    ch = [f"choose {ref(g, c)}" for c in lands]
    ans = yield from g.ask(1 - p, DecisionKind.CHOOSE, f"{card.name}: choose a land {g.players[p].name} loses", ch,
                           about=card.name)
    land = lands[ch.index(ans)]
    g.log(f"{g.players[p].name} loses {land.name} ({card.name}).")
    yield from g.put_in_graveyard([land], how="sacrifice")


_dh_ab, _dh_end = upkeep_cost("Pay {B}{B}{B} or Demonic Hordes become tapped and you lose a land of the opponent's "
                              "choice", "{B}{B}{B}", _hordes_unpaid)
define("Demonic Hordes", abilities=(
    Ability("{T}: Destroy target land", Cost(tap=True), destroy_targets(), targets=(LAND,)), _dh_ab),
    hooks=Hooks(end_of_upkeep=_dh_end))


# Nettling Imp: {T}: a non-wall creature of the opponent, not summoned this
# turn, must attack this turn if able, and is destroyed at end of turn if it
# did not attack. Only during the opponent's turn, before the attack (the
# Siren's Call rule, effects.must_attack_this_turn).
def _nettle(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        must_attack_this_turn(g, ctx.controller, g.controller(t), {t.oid}, "Nettling Imp")
        g.log(f"{t.name} must attack this turn.")
    return
    yield


def _before_opponents_attack(g: Game, card: Card) -> bool:
    return (g.active != g.controller(card) and g.phase in ("upkeep", "draw", "main") and not g.attack_done
            and g.combat is None)


define("Nettling Imp", abilities=(Ability(
    "{T}: Target non-wall creature of the opponent, not summoned this turn, must attack this turn; destroy it at "
    "end of turn if it did not attack", Cost(tap=True), _nettle, condition=_before_opponents_attack,
    targets=(creature_where("target non-wall creature of the active opponent",
                            lambda g, ctx, c: g.controller(c) == g.active != ctx.controller and not c.sick
                            and "wall" not in g.chars(c).subtypes),)),))


# ------------------------------------------------------------------ ante cards
# "Remove this card from your deck before playing if you are not playing for
# ante": the hook ``ante_card`` has them removed from the game as a duel not
# played for ante begins (TurnRules.begin); should one be in hand anyway (a
# set-up position), it cannot be cast (``can_cast``).
_ANTE_CARD = Hooks(ante_card=True, can_cast=ante_only)


# Contract from Below: discard the hand, then draw eight cards, the first of
# which goes to the ante (face down unless the ante is face up): seven new
# cards in hand. (Choice: the first card goes straight from the library to the
# ante, so it is never seen in hand; an empty library makes its player lose,
# as drawing from it does.)
def _contract(g: Game, ctx: Ctx) -> Gen:
    p, me = ctx.controller, ctx.me
    for c in list(me.hand):
        yield from discard_card(g, p, c, by=ctx.controller)
    if ante_top_card(g, p) is None:
        yield from g.draw(p, 1)
    yield from g.draw(p, 7)
    g.log(f"{me.name} draws eight cards, the first of them into the ante.")


define("Contract from Below", spell=SpellSpec(_contract), hooks=_ANTE_CARD)


# Darkpact: exchange the top card of your library with either card of the
# ante, for good: the ante card becomes its caster's and goes on top of their
# library; the library card goes to its owner's ante (each player's ante is
# what that player has at stake). Chosen as it resolves ("either card": no
# target). Cast only with a card in the library and a card in the ante.
def _to_new_owner(g: Game, card: Card, owner: int) -> None:
    """A card not in play (here: on top of a library) becomes ``owner``'s,
    in the same zone of that player."""
    g.players[card.owner].zone(card.zone).remove(card)
    card.owner = card.controller = owner
    g.players[owner].zone(card.zone).insert(0, card)


def _darkpact(g: Game, ctx: Ctx) -> Gen:
    p, me = ctx.controller, ctx.me
    antes = [c for i in (p, 1 - p) for c in g.players[i].ante]
    if not antes or not me.library:
        g.log("Darkpact: nothing to exchange.")
        return
    ch = [f"choose {c.name}@{g.players[c.owner].name}" for c in antes]
    ans = yield from g.ask(p, DecisionKind.CHOOSE, "Darkpact: exchange the top card of your library with which "
                           "ante card?", ch, about="Darkpact")
    taken = antes[ch.index(ans)]
    top = me.library[0]
    new_ante = g.move(top, "ante")
    new_ante.face_down = not g.options.ante_face_up
    got = g.move(taken, "library")
    if got.owner != p:
        _to_new_owner(g, got, p)
    g.log(f"{me.name} exchanges the top card of their library with {taken.name} from the ante; {taken.name} is "
          f"now {me.name}'s, on top of their library.")


define("Darkpact", spell=SpellSpec(_darkpact), hooks=replace(
    _ANTE_CARD, can_cast=lambda g, p, card: ante_only(g, p, card) and bool(g.players[p].library)
    and any(pl.ante for pl in g.players)))


# Demonic Attorney: the opponent concedes now, or each player (the caster
# first) antes the top card of their library.
def _attorney(g: Game, ctx: Ctx) -> Gen:
    opp = ctx.opponent
    ans = yield from g.ask(opp.idx, DecisionKind.CHOOSE, "Demonic Attorney: concede the duel, or each player antes "
                           "another card?", ["choose concede", "choose ante"], decline="choose ante",
                           about="Demonic Attorney")
    if ans == "choose concede":
        opp.conceded = True
        g.log(f"{opp.name} concedes (Demonic Attorney).")
        return
    for p in (ctx.controller, opp.idx):
        ante_top_card(g, p)


define("Demonic Attorney", spell=SpellSpec(_attorney), hooks=_ANTE_CARD)


# ------------------------------------------------------------------ Lich
# Lich: as it comes into play its controller's life becomes 0, and while it is
# in play they do not lose at 0 life or less (hook zero_life_ok). Life they
# would gain is replaced by drawing a card for each life (hook
# instead_of_life_gain; these draws are plain draws: no "instead of drawing"
# effect applies to them). For each point of damage dealt to them (after its
# damage prevention step; mana burn is loss of life, not damage) they choose
# one of their cards in play (not a token: "cards") and it is destroyed,
# without regeneration; with none left that can be destroyed, they lose. Lich
# put into the graveyard from play makes them lose ("if this enchantment is
# destroyed"); leaving play another way, they lose at 0 life anyway.
def _lich_enter(g: Game, ctx: Ctx) -> Gen:
    me = ctx.me
    if me.life > 0:
        g.lose_life(ctx.controller, me.life, " (Lich)")
    return
    yield


def _lich_gain(g: Game, src: Card, p: int, n: int) -> bool:
    if g.controller(src) != p:
        return False
    g.log(f"{g.players[p].name} draws {counted(n, 'card')} instead of gaining {n} life (Lich).")
    for _ in range(n):
        g.draw_one(p)
    return True


def _lich_damage(g: Game, ctx: Ctx) -> Gen:
    p, me = ctx.controller, ctx.me
    chosen: list[int] = []
    for _ in range(ctx.data["packet"].amount):
        cands = [c for c in g.permanents(p) if not c.token and c.oid not in chosen and c.oid not in g.doomed
                 and "cannot be destroyed" not in g.chars(c).flags]
        if not cands:
            me.lost_by = "damage with no card in play to destroy (Lich)"
            g.log(f"{me.name} suffers damage without a card to destroy (Lich).")
            return
        ch = [f"choose {ref(g, c)}" for c in cands]
        ans = yield from g.ask(p, DecisionKind.CHOOSE, "Lich: choose one of your cards in play to destroy", ch,
                               about="Lich")
        victim = cands[ch.index(ans)]
        chosen.append(victim.oid)
        victim.no_regen = True
        g.destroy(victim)


def _lich_gone(g: Game, ctx: Ctx) -> Gen:
    pl = g.players[ctx.data["controller"]]
    pl.lost_by = "Lich left play"
    g.log(f"{pl.name} loses: Lich has left play.")
    return
    yield


define("Lich", on_enter=_lich_enter,
       hooks=Hooks(zero_life_ok=lambda g, src, p: g.controller(src) == p, instead_of_life_gain=_lich_gain),
       triggers=(Trigger(Event.DAMAGE_DEALT, _lich_damage, condition=lambda g, src, d: (
           isinstance(d["packet"].receiver, Player) and d["packet"].receiver.idx == g.controller(src))),
                 Trigger(Event.TO_GRAVEYARD, _lich_gone, zones=("graveyard",),
                         condition=lambda g, src, d: d["card"] is src)))


# ------------------------------------------------------------------ Word of Command
# Word of Command: as it resolves its caster looks at the opponent's hand (told
# to the caster alone) and chooses a card the opponent can legally play with
# mana from their pool and lands; the opponent plays it at once, and the caster
# makes every decision it calls for (Game.decided_by: its mode, X, targets,
# choices, which lands pay for it, and the choices made as it resolves -- not
# whether anyone interrupts it, responds or regenerates). Choices, as the
# Oracle rulings have them: the card is played whatever its normal timing (a
# sorcery or a summon spell in the opponent's turn too), a land only if its
# player has not played one this turn; the commanded spell can be interrupted
# and countered, and resolves within Word of Command's resolution. Word of
# Command "may not be countered after you have looked": it is looked only as
# it resolves, when nothing can counter it any more. With no playable card,
# nothing is played; a caster who cancels the commanded spell while putting it
# together (as any caster may) leaves it in its owner's hand.
def _commandable(g: Game, p: int) -> list[Card]:
    out: list[Card] = []
    g.lands_only_mana.add(p)
    try:
        for c in g.players[p].hand:
            if "land" in c.cdef.types:
                ok = g.players[p].lands_played == 0
            else:
                ok = g.castable(p, c, DecisionKind.RESPOND, None, any_time=True)
            if ok and c.name not in [x.name for x in out]:
                out.append(c)
    finally:
        g.lands_only_mana.discard(p)
    return out


def _word_of_command(g: Game, ctx: Ctx) -> Gen:
    me, opp = ctx.me, ctx.opponent
    g.secrets.append((me.idx, f"{opp.name}'s hand: " + (", ".join(sorted(c.name for c in opp.hand)) or "empty")))
    g.log(f"{me.name} looks at {opp.name}'s hand (Word of Command).")
    cards = _commandable(g, opp.idx)
    if not cards:
        g.log(f"{opp.name} has no card they can play.")
        return
    ch = [f"choose {c.name}" for c in cards]
    ans = yield from g.ask(me.idx, DecisionKind.CHOOSE, f"Word of Command: choose the card {opp.name} must play", ch,
                           about="Word of Command")
    card = cards[ch.index(ans)]
    g.decided_by[opp.idx] = me.idx
    g.lands_only_mana.add(opp.idx)
    try:
        if "land" in card.cdef.types:
            opp.lands_played += 1
            new = g.move(card, "battlefield", controller=opp.idx)
            g.log(f"{opp.name} plays {new.name} (Word of Command).")
            yield from g.entered(new)
            yield from g.settle()
            return
        g.log(f"{opp.name} must cast {card.name} (Word of Command).")
        spell = yield from g.cast_card(opp.idx, card, DecisionKind.RESPOND, None)
        g.lands_only_mana.discard(opp.idx)
        if spell is not None:
            yield from g.resolve(spell)
    finally:
        g.decided_by.pop(opp.idx, None)
        g.lands_only_mana.discard(opp.idx)


define("Word of Command", spell=SpellSpec(_word_of_command))
