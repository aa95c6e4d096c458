"""Red cards."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..carddb import define
from ..ctx import Ctx
from ..decisions import DecisionKind
from ..effects import (creature_of, add_counters, ARTIFACT, CREATURE, CREATURE_OR_PLAYER, LAND, OPPONENT, SPELL_OR_PERMANENT, aura,
                       change_color, colored_permanent, colored_spell, counter_target, creature_where, damage,
                       destroy_targets, discard_card, during_upkeep, each_target, flag_mod, grant, keyword_mod,
                       on_enchanted, on_source, permanent_target, pump, pump_mod, regeneration, self_only,
                       static_for, tap_targets, until_eot, upkeep_of)
from ..effects import aura_keywords, destroy_lands, lands_of_type  # words of the card's text (Magical Hack)
from ..hooks import Hooks
from ..mana import COLOR_LETTERS, ManaCost
from ..model import (Ability, Announce, Cost, Delayed, EffectFn, Event, Gen, Kind, ManaAbility, Mode, Speed, SpellSpec, Static,
                     Target, TargetSpec, Trigger, kinds)
from ..objects import Card, Chars, Effect, Player, Spell
from ..refs import ref
from ..words import counted
from ..tracked import bump

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

for _name in ("Gray Ogre", "Hill Giant", "Hurloon Minotaur", "Mons's Goblin Raiders", "Wall of Stone"):
    define(_name)

define("Lightning Bolt", spell=SpellSpec(damage(3), targets=(CREATURE_OR_PLAYER,)))
define("Stone Rain", spell=SpellSpec(destroy_targets(), targets=(LAND,)))
define("Shatter", spell=SpellSpec(destroy_targets(), targets=(ARTIFACT,)))
define("Red Elemental Blast", spell=SpellSpec(modes=(
    Mode("Counter target blue spell", (colored_spell("blue"),), counter_target()),
    Mode("Destroy target blue permanent", (colored_permanent("blue"),), destroy_targets()),
)))
define("Giant Strength", enchant=CREATURE, statics=(aura(pump_mod(2, 2)),))
define("Immolation", enchant=CREATURE, statics=(aura(pump_mod(2, -2)),))
define("Firebreathing", enchant=CREATURE, abilities=(Ability(
    "{R}: Enchanted creature gets +1/+0 until end of turn", Cost(ManaCost.parse("{R}")), on_enchanted(pump(1, 0))),))
define("Uthden Troll", abilities=(regeneration("{R}"),))


# Fireball: X damage divided evenly (rounded down) among any number of targets;
# {1} more for each target beyond the first.
def _fireball(g: Game, ctx: Ctx) -> Gen:
    n = len(ctx.targets)
    if n == 0:
        return
    each = ctx.x // n
    for t in each_target(ctx):
        g.deal_damage(ctx.spell, t, each)
    return
    yield


define("Fireball", spell=SpellSpec(_fireball, targets=(CREATURE_OR_PLAYER,), multi_target=True,
                                   extra_cost_per_target=1))


# Disintegrate: X damage; the target cannot regenerate this turn and is
# removed from the game if it receives lethal damage this turn.
def _disintegrate(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        if isinstance(t, Card):
            t.no_regen = True
            t.remove_if_dies = True
        g.deal_damage(ctx.spell, t, ctx.x)
    return
    yield


define("Disintegrate", spell=SpellSpec(_disintegrate, targets=(CREATURE_OR_PLAYER,)))


# Mana Clash: both flip coins until both come up heads; each tails is 1 damage.
def _mana_clash(g: Game, ctx: Ctx) -> Gen:
    opp = ctx.target
    if opp is None:
        return
    me = ctx.me
    tails = {me.idx: 0, opp.idx: 0}
    for _ in range(1000):
        a, b = g.rng.random() < 0.5, g.rng.random() < 0.5
        g.log(f"Mana Clash: {me.name} flips {'heads' if a else 'tails'}, {opp.name} flips {'heads' if b else 'tails'}.")
        if not a:
            tails[me.idx] += 1
        if not b:
            tails[opp.idx] += 1
        if a and b:
            break
    for p in (g.active, 1 - g.active):
        g.deal_damage(ctx.spell, g.players[p], tails[p])
    return
    yield


define("Mana Clash", spell=SpellSpec(_mana_clash, targets=(OPPONENT,)))


def _manabarbs(g: Game, ctx: Ctx) -> Gen:
    land = ctx.data["card"]
    g.deal_damage(ctx.source, g.players[g.controller(land)], 1)
    return
    yield


define("Manabarbs", triggers=(Trigger(Event.TAPPED_FOR_MANA, _manabarbs,
                                      condition=lambda g, src, d: "land" in g.chars(d["card"]).types),))

define("Dwarven Warriors", abilities=(Ability(
    "{T}: Target creature with power no greater than 2 becomes unblockable until end of turn", Cost(tap=True),
    lambda g, ctx: _unblockable(g, ctx),
    targets=(creature_where("target creature with power 2 or less", lambda g, ctx, c: (g.chars(c).power or 0) <= 2),)),))


def _unblockable(g: Game, ctx: Ctx) -> Gen:
    yield from until_eot(flag_mod("unblockable"))(g, ctx)


def _goblin(g: Game, src: Card, card: Card, c: Chars) -> bool:
    return "creature" in c.types and bool(c.subtypes & {"goblin", "goblins"})


define("Goblin King", statics=(Static(applies=_goblin, modify=lambda g, src, card, c: (
    pump_mod(1, 1)(g, card, c), c.keywords.add(g.swap_words("mountainwalk", src)))),))


def _sled_can_attack(g: Game, c: Card) -> bool:
    return bool(lands_of_type(g, c, 1 - g.controller(c), "mountain"))


def _sled_untap(g: Game, src: Card, card: Card, c: Chars) -> None:
    if card.flags.get("attacked_turn") is not None and card.flags["attacked_turn"] >= g.turn - 2:
        c.flags.add("doesn't untap")


def _sled_attacked(g: Game, ctx: Ctx) -> Gen:
    ctx.source.flags["attacked_turn"] = g.turn
    return
    yield


define("Goblin Rock Sled", hooks=Hooks(can_attack=_sled_can_attack),
       statics=(static_for(lambda g, src, card, c: src is card, lambda g, card, c: _sled_untap(g, card, card, c)),),
       triggers=(Trigger(Event.ATTACKS, _sled_attacked, condition=lambda g, src, d: d["card"] is src),))



# ------------------------------------------------------------------ Fourth Edition red, continued

for _name in ("Bird Maiden", "Earth Elemental", "Fire Elemental"):
    define(_name)


_WALL = creature_of("wall", "target wall")

define("Ali Baba", abilities=(Ability("{R}: Tap target wall", Cost(ManaCost.parse("{R}")), tap_targets(),
                                      targets=(_WALL,)),))
define("Tunnel", spell=SpellSpec(destroy_targets(bury=True), targets=(_WALL,)))
define("Fissure", spell=SpellSpec(destroy_targets(bury=True), targets=(permanent_target(
    "target land or creature", lambda g, ctx, c: bool(g.chars(c).types & {"land", "creature"})),)))
define("Flashfires", spell=SpellSpec(destroy_lands("plains")))
define("Chaoslace", spell=SpellSpec(change_color("red"), targets=(SPELL_OR_PERMANENT,)))
define("Burrowing", enchant=CREATURE, statics=(aura_keywords("mountainwalk"),))
define("Eternal Warrior", enchant=CREATURE, statics=(aura(keyword_mod("does not tap to attack")),))
define("The Brute", enchant=CREATURE, statics=(aura(pump_mod(1, 0)),),
       abilities=(regeneration("{R}{R}{R}", "Regenerate target creature The Brute enchants"),))
define("Sisters of the Flame", mana_abilities=(ManaAbility("R"),))
define("Shivan Dragon", abilities=(Ability("{R}: +1/+0 until end of turn", Cost(ManaCost.parse("{R}")),
                                           on_source(pump(1, 0))),))
define("Wall of Fire", abilities=(Ability("{R}: +1/+0 until end of turn", Cost(ManaCost.parse("{R}")),
                                          on_source(pump(1, 0))),))
define("Goblin Balloon Brigade", abilities=(Ability("{R}: Flying until end of turn", Cost(ManaCost.parse("{R}")),
                                                    on_source(grant("flying"))),))
define("Mana Flare", hooks=Hooks(extra_mana=lambda g, src, land: 1 if "land" in g.chars(land).types else 0))
define("Ironclaw Orcs", hooks=Hooks(can_block=lambda g, blocker, attacker: (g.chars(attacker).power or 0) <= 1))


# Damage to everyone ---------------------------------------------------------

def _earthquake(g: Game, ctx: Ctx) -> Gen:
    for p in (g.active, 1 - g.active):
        g.deal_damage(ctx.spell, g.players[p], ctx.x)
    for c in g.creatures():
        if "flying" not in g.chars(c).keywords:
            g.deal_damage(ctx.spell, c, ctx.x)
    return
    yield


def _inferno(g: Game, ctx: Ctx) -> Gen:
    for p in (g.active, 1 - g.active):
        g.deal_damage(ctx.spell, g.players[p], 6)
    for c in g.creatures():
        g.deal_damage(ctx.spell, c, 6)
    return
    yield


define("Earthquake", spell=SpellSpec(_earthquake))
define("Inferno", spell=SpellSpec(_inferno))


# "deals N damage to target creature or player and M damage to you"
def _and_to_you(n: int, me: int) -> EffectFn:
    def fn(g: Game, ctx: Ctx) -> Gen:
        for t in each_target(ctx):
            g.deal_damage(ctx.spell, t, n)
        g.deal_damage(ctx.spell, ctx.me, me)
        return
        yield
    return fn


define("Brothers of Fire", abilities=(Ability(
    "{1}{R}{R}: 1 damage to target creature or player and 1 damage to you", Cost(ManaCost.parse("{1}{R}{R}")),
    _and_to_you(1, 1), targets=(CREATURE_OR_PLAYER,)),))
define("Orcish Artillery", abilities=(Ability(
    "{T}: 2 damage to target creature or player and 3 damage to you", Cost(tap=True),
    _and_to_you(2, 3), targets=(CREATURE_OR_PLAYER,)),))


def _in_combat(g: Game, ctx: Ctx, c: Card) -> bool:
    cb = g.combat
    return cb is not None and (cb.band_of(c.oid) is not None or cb.blocking(c.oid) is not None)


define("Crimson Manticore", abilities=(Ability(
    "{R}, {T}: 1 damage to target attacking or blocking creature", Cost(ManaCost.parse("{R}"), tap=True),
    damage(1), targets=(creature_where("target attacking or blocking creature", _in_combat),)),))


# Detonate: X is the artifact's casting cost, fixed when it is cast; the
# damage goes to whoever controls the artifact when Detonate resolves.
def _detonate(g: Game, ctx: Ctx) -> Gen:
    t = ctx.target
    if t is None:
        return
    ctrl = g.controller(t)
    g.destroy(t, bury=True)
    g.deal_damage(ctx.spell, g.players[ctrl], ctx.x)
    return
    yield


define("Detonate", spell=SpellSpec(_detonate, targets=(ARTIFACT,),
                                   x_from_target=lambda g, ctx: ctx.target.cdef.cost.converted
                                   if ctx.target is not None else 0))


# Pyrotechnics: 4 damage divided as the caster announces among one to four
# targets (each gets at least 1); the division is written in target order,
# e.g. "2/1/1". A target that became illegal loses its share.
def _compositions(total: int, n: int) -> list[tuple[int, ...]]:
    if n == 1:
        return [(total,)]
    return [(first,) + rest for first in range(1, total - n + 2) for rest in _compositions(total - first, n - 1)]


def _pyro_target(g: Game, ctx: Ctx, o: Target) -> bool:
    if not (isinstance(o, Player) or "creature" in g.chars(o).types):
        return False
    chosen = ctx.spell.targets if ctx.spell is not None else []
    return any(o is t for t in chosen) or len(chosen) < 4


def _pyrotechnics(g: Game, ctx: Ctx) -> Gen:
    shares = [int(x) for x in str(ctx.chosen("division", "")).split("/") if x]
    for t, n in zip(ctx.targets, shares):
        if t is not None:
            g.deal_damage(ctx.spell, t, n)
    return
    yield


define("Pyrotechnics", spell=SpellSpec(
    _pyrotechnics, multi_target=True,
    targets=(TargetSpec("target creatures and/or players (up to four)", kinds(Kind.PERMANENT, Kind.PLAYER),
                        _pyro_target),),
    announce=(Announce("division", "divide 4 damage among the targets, in target order (e.g. 2/1/1)",
                       lambda g, ctx: ["/".join(map(str, c)) for c in _compositions(4, len(ctx.targets))]),)))


# Blood Lust: +4/-4, but the toughness it leaves is never below 1 (counters
# included); applied in timestamp order like any other change.
def _blood_lust_mod(g: Game, card: Card, c: Chars) -> None:
    if c.power is None:
        return
    c.power += 4
    t = c.toughness or 0
    plus = card.counters.get("+1/+1", 0) - card.counters.get("-1/-1", 0)
    new = t - 4
    if new + plus < 1:
        new = max(new, min(t, 1 - plus))
    c.toughness = new


define("Blood Lust", spell=SpellSpec(until_eot(_blood_lust_mod), targets=(CREATURE,)))


def _self_pump_eot(g: Game, card: Card, p: int, t: int) -> None:
    g.effects.append(Effect(g.stamp(), card.oid, pump_mod(p, t), "eot"))


# Cave People: +1/-2 until end of turn whenever it attacks.
def _cave_people_attacks(g: Game, ctx: Ctx) -> Gen:
    _self_pump_eot(g, ctx.source, 1, -2)
    g.log("Cave People gets +1/-2 until end of turn.")
    return
    yield


define("Cave People",
       triggers=(Trigger(Event.ATTACKS, _cave_people_attacks, condition=lambda g, src, d: d["card"] is src),),
       abilities=(Ability("{1}{R}{R}, {T}: Target creature gains mountainwalk until end of turn",
                          Cost(ManaCost.parse("{1}{R}{R}"), tap=True), grant("mountainwalk"), targets=(CREATURE,)),))


# Ball Lightning: attacks the turn it comes into play; buried at the end of every turn.
def _bury_self(g: Game, ctx: Ctx) -> Gen:
    g.destroy(ctx.source, bury=True)
    return
    yield


define("Ball Lightning", keywords=("can attack the turn it comes into play",),
       triggers=(Trigger(Event.END_OF_TURN, _bury_self),))


# Dragon Whelp: the fourth {R} spent in one turn dooms it at end of turn.
# (Choice: counted as each activation resolves; an ability of this kind is
# not countered in practice, so this is when the mana was spent.)
def _whelp_doom(g: Game, ctx: Ctx) -> Gen:
    src = g.find(ctx.data["delayed"].data["oid"])
    if src is not None:
        g.destroy(src, why=": more than {R}{R}{R} was spent on it this turn")
    return
    yield


def _whelp(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    yield from on_source(pump(1, 0))(g, ctx)
    turn, n = src.flags.get("whelp", (g.turn, 0))
    n = (n if turn == g.turn else 0) + 1
    src.flags["whelp"] = (g.turn, n)
    if n == 4:
        g.delayed.append(Delayed(Event.END_OF_TURN, _whelp_doom, g.controller(src), "Dragon Whelp",
                                 turn=g.turn, data={"oid": src.oid}))


define("Dragon Whelp", abilities=(Ability("{R}: +1/+0 until end of turn", Cost(ManaCost.parse("{R}")), _whelp),))


def _hurr_jackal(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        t.no_regen = True
        g.log(f"{t.name} cannot regenerate this turn.")
    return
    yield


define("Hurr Jackal", abilities=(Ability("{T}: Target creature cannot regenerate this turn", Cost(tap=True),
                                         _hurr_jackal, targets=(CREATURE,)),))


# Keldon Warlord: */* = the non-wall creatures its controller controls (itself included).
def _warlord(g: Game, card: Card, c: Chars) -> None:
    n = sum(1 for x in g.creatures(c.controller) if "wall" not in g.chars(x).subtypes)
    c.set_pt(n, n)


define("Keldon Warlord", statics=(static_for(self_only, _warlord, layer=-1),))  # */*: before other effects


# Orcish Oriflamme: attacking creatures of its controller get +1/+0.
def _oriflamme_applies(g: Game, src: Card, card: Card, c: Chars) -> bool:
    cb = g.combat
    return ("creature" in c.types and cb is not None and cb.band_of(card.oid) is not None
            and cb.attacker == g.controller(src))


define("Orcish Oriflamme", statics=(static_for(_oriflamme_applies, pump_mod(1, 0)),))


# Stone Giant: flying until end of turn, then the creature is destroyed at end of
# turn even if Stone Giant is gone. The toughness limit uses Stone Giant's power
# when the effect was announced.
def _giant_target(g: Game, ctx: Ctx, c: Card) -> bool:
    if g.controller(c) != ctx.controller:
        return False
    snap = ctx.spell.source_snapshot if ctx.spell is not None else {}
    power = snap.get("power")
    if power is None:
        power = g.chars(ctx.source).power or 0
    return (g.chars(c).toughness or 0) < power


def _giant_doom(g: Game, ctx: Ctx) -> Gen:
    c = g.find(ctx.data["delayed"].data["oid"])
    if c is not None:
        g.destroy(c, why=" at end of turn (Stone Giant)")
    return
    yield


def _stone_giant(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        g.effects.append(Effect(g.stamp(), t.oid, keyword_mod("flying"), "eot"))
        g.log(f"{t.name} gains flying until end of turn; it will be destroyed at end of turn.")
        g.delayed.append(Delayed(Event.END_OF_TURN, _giant_doom, ctx.controller, "Stone Giant", turn=g.turn,
                                 data={"oid": t.oid}))
    return
    yield


define("Stone Giant", abilities=(Ability(
    "{T}: Target creature you control with toughness less than Stone Giant's power gains flying until end of "
    "turn; destroy it at end of turn", Cost(tap=True), _stone_giant,
    targets=(creature_where("target creature you control with toughness less than Stone Giant's power",
                            _giant_target),)),))


# Wall of Dust: a creature it blocks cannot attack during its controller's next turn.
def _dust(g: Game, ctx: Ctx) -> Gen:
    a = ctx.data["attacker"]
    when = g.turn + 2 if g.controller(a) == g.active else g.turn + 1

    def m(g2: Game, card: Card, c: Chars) -> None:
        if g2.turn == when:
            c.flags.add("cannot attack")
    g.effects.append(Effect(g.stamp(), a.oid, m, "forever", condition=lambda g2: g2.turn <= when))
    g.log(f"{a.name} cannot attack during its controller's next turn.")
    return
    yield


define("Wall of Dust", triggers=(Trigger(Event.BLOCKS, _dust, condition=lambda g, src, d: d["blocker"] is src),))


# Winds of Change: each player, the active player first, shuffles their hand
# into their library and draws that many cards.
def _winds(g: Game, ctx: Ctx) -> Gen:
    for p in (g.active, 1 - g.active):
        pl = g.players[p]
        n = len(pl.hand)
        for c in list(pl.hand):
            g.move(c, "library")
        g.shuffle(p)
        yield from g.draw(p, n)
        g.log(f"{pl.name} shuffles {counted(n, 'card')} from hand into their library and draws {n}.")


define("Winds of Change", spell=SpellSpec(_winds))


# Smoke: a player untaps at most one creature in their untap phase (their choice).
def _smoke(g: Game, src: Card, p: int, untapping: list[Card]) -> Gen:
    creatures = [c for c in untapping if g.is_creature(c)]
    if len(creatures) <= 1:
        return untapping
    ch = [f"choose {ref(g, c)}" for c in creatures]
    ans = yield from g.ask(p, DecisionKind.CHOOSE, "Smoke: untap which one creature?", ch, about=src.name)
    keep = creatures[ch.index(ans)]
    return [c for c in untapping if c is keep or not g.is_creature(c)]


define("Smoke", hooks=Hooks(untap_limit=_smoke))


# Magnetic Mountain: blue creatures do not untap in the untap phase; during
# their upkeep a player may pay {4} (as often as they like) to untap a blue
# creature they control. The creature is chosen, not targeted (protection
# does not stop it); the choice is made as the untapping resolves.
def _blue(g: Game, src: Card, c: Chars) -> bool:
    return COLOR_LETTERS[g.word(src, "blue")] in c.colors


def _mm_candidates(g: Game, src: Card, p: int) -> list[Card]:
    return [c for c in g.creatures(p) if c.tapped and _blue(g, src, g.chars(c))]


def _mm_untap(g: Game, ctx: Ctx) -> Gen:
    cands = _mm_candidates(g, ctx.source, ctx.controller)
    if not cands:
        return
    pick = cands[0]
    if len(cands) > 1:
        ch = [f"choose {ref(g, c)}" for c in cands]
        ans = yield from g.ask(ctx.controller, DecisionKind.CHOOSE, "Magnetic Mountain: untap which blue creature?",
                               ch, about=ctx.source.name)
        pick = cands[ch.index(ans)]
    pick.tapped = False
    g.log(f"{pick.name} untaps (Magnetic Mountain).")


define("Magnetic Mountain",
       statics=(Static(applies=lambda g, src, card, c: "creature" in c.types and _blue(g, src, c),
                       modify=lambda g, src, card, c: c.flags.add("doesn't untap")),),
       abilities=(Ability("{4}: Untap a blue creature you control. Use only during your upkeep",
                          Cost(ManaCost.parse("{4}")), _mm_untap, who="active",
                          condition=lambda g, src: g.phase == "upkeep" and g.step == "upkeep"
                          and bool(_mm_candidates(g, src, g.active))),))


# Power Surge: during each player's upkeep, 1 damage to that player for each
# land they control that was untapped as the turn began. Which lands were
# untapped is noted at the end of the previous turn (nothing happens between
# that and the untap phase). (Choice: when no note exists -- a duel set up at
# an upkeep -- the lands untapped now are counted.)
def _surge_note(g: Game, ctx: Ctx) -> Gen:
    nxt = 1 - g.active
    ctx.source.flags["surge"] = (g.turn + 1, nxt, {c.oid for c in g.permanents(nxt, type_="land") if not c.tapped})
    return
    yield


def _surge(g: Game, ctx: Ctx) -> Gen:
    p = g.active
    note = ctx.source.flags.get("surge")
    lands = g.permanents(p, type_="land")
    if note is not None and note[0] == g.turn and note[1] == p:
        n = sum(1 for c in lands if c.oid in note[2])
    else:
        n = sum(1 for c in lands if not c.tapped)
    g.deal_damage(ctx.source, g.players[p], n)
    return
    yield


_ps_ab, _ps_end = during_upkeep("Power Surge deals 1 damage to you for each land that was untapped as the turn began",
                                _surge, whose="each")
define("Power Surge", abilities=(_ps_ab,), hooks=Hooks(end_of_upkeep=_ps_end),
       triggers=(Trigger(Event.END_OF_TURN, _surge_note),))


# Tempest Efreet (played for ante only). The opponent may pay 10 life (loss of
# life, not damage) or concede; otherwise a card taken at random from their
# hand becomes the Efreet's controller's, and the Efreet is buried into the
# opponent's graveyard and becomes theirs. (Choice: with an empty hand the
# Efreet still goes to the opponent; the ownership changes are permanent.)
def _efreet(g: Game, ctx: Ctx) -> Gen:
    opp = ctx.target
    src = ctx.source
    if opp is None:
        return
    me = ctx.me
    ch = (["choose pay"] if opp.life >= 10 else []) + ["choose concede", "choose no"]
    ans = yield from g.ask(opp.idx, DecisionKind.CHOOSE,
                           "Tempest Efreet: pay 10 life, concede, or lose a card at random from your hand?",
                           ch, decline="choose no", about=src.name)
    on_field = src.zone == "battlefield" and g.find(src.oid) is src
    if ans in ("choose pay", "choose concede"):
        if ans == "choose pay":
            g.lose_life(opp.idx, 10, " to stop Tempest Efreet")
        else:
            opp.conceded = True
            g.log(f"{opp.name} concedes rather than lose a card to Tempest Efreet.")
        if on_field:
            yield from g.put_in_graveyard([src], how="bury")
        return
    if opp.hand:
        card = g.rng.choice(opp.hand)
        opp.hand.remove(card)
        card.owner = card.controller = me.idx
        me.hand.append(card)
        g.log(f"{me.name} takes a card at random from {opp.name}'s hand; it is now {me.name}'s.")
        for p in (me.idx, opp.idx):
            g.secrets.append((p, f"Tempest Efreet took {card.name} from {opp.name}'s hand."))
    if on_field:
        src.owner = opp.idx
        yield from g.put_in_graveyard([src], how="bury")
    elif src in g.players[me.idx].graveyard:
        g.players[me.idx].graveyard.remove(src)
        src.owner = src.controller = opp.idx
        opp.graveyard.insert(0, src)
    g.log(f"Tempest Efreet now belongs to {opp.name}.")


define("Tempest Efreet", hooks=Hooks(can_cast=lambda g, p, card: g.ante_on),
       abilities=(Ability("{T}: Take a card at random from target opponent's hand; Tempest Efreet goes to that "
                          "player's graveyard", Cost(tap=True), _efreet, targets=(OPPONENT,),
                          speed=Speed.INTERRUPT),))


# ================================================================= Alpha to Revised, not in Fourth Edition

define("Roc of Kher Ridges")

# Granite Gargoyle: "Flying; {R}: +0/+1" (until end of turn, as every such pump).
define("Granite Gargoyle", keywords=("flying",), abilities=(Ability(
    "{R}: +0/+1 until end of turn", Cost(ManaCost.parse("{R}")), on_source(pump(0, 1))),))

# Dwarven Demolition Team: "Tap to destroy a wall."
define("Dwarven Demolition Team", abilities=(Ability("{T}: Destroy target wall", Cost(tap=True), destroy_targets(),
                                                     targets=(_WALL,)),))


# Sedge Troll: +1/+1 while its controller controls a swamp; {B}: regenerates.
def _sedge(g: Game, card: Card, c: Chars) -> None:
    if lands_of_type(g, card, c.controller, "swamp"):
        pump_mod(1, 1)(g, card, c)


define("Sedge Troll", statics=(static_for(self_only, _sedge),), abilities=(regeneration("{B}"),))


# Wheel of Fortune: every player discards their hand, then draws seven
# (the active player first, each step).
def _wheel(g: Game, ctx: Ctx) -> Gen:
    order = (g.active, 1 - g.active)
    for p in order:
        for c in list(g.players[p].hand):
            if c in g.players[p].hand:
                yield from discard_card(g, p, c, by=ctx.controller)
    for p in order:
        yield from g.draw(p, 7)
        g.log(f"{g.players[p].name} draws seven cards.")


define("Wheel of Fortune", spell=SpellSpec(_wheel))


# Rock Hydra: comes into play with X +1/+1 counters (heads). Damage it is
# dealt kills heads instead of staying on it: one counter removed per point
# (after the damage prevention step). "Unless controller spends {R} per head":
# {R} prevents 1 damage to it in a damage prevention step. During its
# controller's upkeep {R}{R}{R} grows a head (as often as paid).
def _hydra_heads(g: Game, ctx: Ctx) -> Gen:
    add_counters(g, ctx.source, "+1/+1", int(ctx.source.chosen.get("x", 0)))
    return
    yield


def _hydra_hit(g: Game, ctx: Ctx) -> Gen:
    src, pk = ctx.source, ctx.data["packet"]
    src.damage = max(0, src.damage - pk.amount)
    g.log(f"{pk.amount} of Rock Hydra's heads die.")
    add_counters(g, src, "+1/+1", -pk.amount)
    return
    yield


def _hydra_save(g: Game, ctx: Ctx) -> Gen:
    g.prevent(ctx.source, 1)
    return
    yield


def _hydra_grow(g: Game, ctx: Ctx) -> Gen:
    add_counters(g, ctx.source, "+1/+1", 1)
    return
    yield


define("Rock Hydra", on_enter=_hydra_heads,
       triggers=(Trigger(Event.DAMAGE_DEALT, _hydra_hit, condition=lambda g, src, d: d["packet"].receiver is src),),
       abilities=(Ability("{R}: Prevent 1 damage to Rock Hydra (saves a head)", Cost(ManaCost.parse("{R}")),
                          _hydra_save, prevention=True,
                          condition=lambda g, c: any(pk.receiver is c and pk.amount > 0 for pk in g.pending_damage)),
                  Ability("{R}{R}{R}: Put a +1/+1 counter (a head) on Rock Hydra; use only during your upkeep",
                          Cost(ManaCost.parse("{R}{R}{R}")), _hydra_grow, condition=upkeep_of())))


# Earthbind: cast on a creature with flying, it deals 2 damage to it once (as
# it comes into play) and the creature loses flying, in timestamp order: a
# later effect giving flying wins (Oracle ruling). On a creature without
# flying it does nothing, now or later.
def _earthbind_enter(g: Game, ctx: Ctx) -> Gen:
    host = g.enchanted(ctx.source)
    if host is None or not g.has(host, "flying"):
        g.log("Earthbind has no effect: the creature has no flying.")
        return
    ctx.source.chosen["grounded"] = "yes"
    g.deal_damage(ctx.source, host, 2)
    yield from g.settle()


define("Earthbind", enchant=CREATURE, on_enter=_earthbind_enter,
       statics=(Static(applies=lambda g, src, card, c: src.attached_to == card.oid and src.chosen.get("grounded") == "yes",
                       modify=lambda g, src, card, c: c.keywords.discard("flying"), active=lambda g, src: True),))


# False Orders: after blockers are declared and before combat damage, its
# caster decides whether and how one creature of the defending player blocks
# (a legal block only). The choice rewrites the declaration for that creature:
# an attacker left with no blocker is unblocked (the defender could have chosen
# so). Triggers of the first declaration ("when blocks") are not undone.
def _false_orders_ok(g: Game, p: int, card: Card) -> bool:
    cb = g.combat
    return cb is not None and g.step == "blocks" and not cb.damage_done


def _false_orders(g: Game, ctx: Ctx) -> Gen:
    cb = g.combat
    for t in each_target(ctx):
        if cb is None or not g.is_creature(t):
            continue
        attackers = [a for a in (g.find(o) for o in cb.attackers()) if a is not None and g.can_block(t, a)]
        ch = [f"choose {ref(g, a)}" for a in attackers]
        ans = yield from g.ask(ctx.controller, DecisionKind.CHOOSE,
                               f"False Orders: which attacker does {ref(g, t)} block?", ch + ["choose no block"],
                               decline="choose no block", parser=g.parser_for(ctx.controller, ch + ["choose no block"]),
                               about="False Orders")
        for old in [i for i, bl in cb.blocks.items() if t.oid in bl]:  # (two, for a Two-Headed Giant)
            cb.blocks[old].remove(t.oid)
            bump()  # a band's list of blockers is not tracked itself (engine.tracked)
            if not cb.blocks[old]:
                del cb.blocks[old]
                cb.blocked.discard(old)
        if ans == "choose no block":
            g.log(f"{t.name} does not block (False Orders).")
            continue
        a = attackers[ch.index(ans)]
        i = cb.band_of(a.oid)
        cb.blocks.setdefault(i, []).append(t.oid)
        bump()
        cb.blocked.add(i)
        g.log(f"{t.name} blocks {a.name} (False Orders).")


define("False Orders", hooks=Hooks(can_cast=_false_orders_ok), spell=SpellSpec(_false_orders, targets=(
    creature_where("target defending creature", lambda g, ctx, c: g.combat is not None
                   and g.controller(c) == g.combat.defender),)))


# Fork: an interrupt aimed at a sorcery or instant being cast. Fork becomes a
# copy of it (same mode, X and announced choices; red; controlled by Fork's
# caster, who pays nothing more), and the copy's targets are chosen by Fork's
# caster as Fork resolves: as many as the original has (Oracle rulings). Fork
# being an interrupt, the copy resolves at once, before the spell it copies
# (which goes on being cast). The copy is not cast (no "successfully cast"
# triggers) and no card stands for it.
def _fork_test(g: Game, ctx: Ctx, s: Target) -> bool:
    return isinstance(s, Spell) and s.card is not None and bool(s.types & {"sorcery", "instant"})


def _fork(g: Game, ctx: Ctx) -> Gen:
    orig = ctx.target
    if orig is None or orig.mode is None:
        return
    p = ctx.controller
    copy = Spell(g.new_sid(), p, None, None, "Fork", mode=orig.mode, x=orig.x, chosen=dict(orig.chosen),
                 colors=frozenset({COLOR_LETTERS[g.word(ctx.source, "red")]}), types=orig.types)
    copy.successfully_cast = True
    specs = orig.mode.targets
    for i in range(len(orig.targets)):
        spec = specs[min(i, len(specs) - 1)]
        cands = [c for c in g.target_candidates(spec, copy, None) if c not in copy.targets]
        if not cands:
            break
        ch = [f"choose {ref(g, c)}" for c in cands]
        ans = yield from g.ask(p, DecisionKind.CHOOSE, f"Fork (a copy of {orig.name}): {spec.what}", ch,
                               parser=g.parser_for(p, ch), about="Fork")
        copy.targets.append(cands[ch.index(ans)])
    if specs and not copy.targets:
        g.log(f"Fork copies {orig.name}, but the copy has no legal target.")
        return
    tgt = (" targeting " + ", ".join(ref(g, t) for t in copy.targets)) if copy.targets else ""
    g.log(f"Fork becomes a copy of {orig.name}{tgt}.")
    yield from g.resolve(copy)


define("Fork", spell=SpellSpec(_fork, targets=(TargetSpec("target sorcery or instant spell", kinds(Kind.SPELL),
                                                          _fork_test),)))


# Two-Headed Giant of Foriys: trample; may block two attackers (two attacking
# bands) and divides its damage between them as its controller likes (the
# core's "can block two attackers", see CombatRules.blocks_allowed).
define("Two-Headed Giant of Foriys", keywords=("can block two attackers",))


# Raging River: when its controller attacks (as the attackers are declared),
# the defending player puts each of their non-flying creatures on the left or
# right of the River, then the attacking player puts each attacking creature
# on a side; an attacker can then be blocked only by creatures with flying or
# on its side. A creature given no side (it came into play, or lost flying,
# later) is on neither side: it can block only as a flyer would.
def _river_side(g: Game, p: int, c: Card) -> Gen:
    ans = yield from g.ask(p, DecisionKind.CHOOSE, f"Raging River: on which side is {ref(g, c)}?",
                           ["choose left", "choose right"], decline="choose left", about="Raging River")
    return ans[len("choose "):]


def _river(g: Game, ctx: Ctx) -> Gen:
    cb, src = g.combat, ctx.source
    if cb is None:
        return
    sides: dict[int, str] = {}
    src.flags["river"] = {"turn": g.turn, "sides": sides}
    for c in g.creatures(cb.defender):
        if not g.has(c, "flying"):
            sides[c.oid] = yield from _river_side(g, cb.defender, c)
    for oid in cb.attackers():
        c = g.find(oid)
        if c is not None:
            sides[oid] = yield from _river_side(g, cb.attacker, c)
    g.log("Raging River: " + "; ".join(f"{ref(g, c)} {sides[c.oid]}" for c in g.battlefield if c.oid in sides) + ".")


def _river_blocks(g: Game, src: Card, attacker: Card, blocker: Card) -> bool:
    mem = src.flags.get("river")
    if mem is None or mem["turn"] != g.turn or g.combat is None or g.controller(src) != g.combat.attacker:
        return True
    if g.has(blocker, "flying"):
        return True
    side = mem["sides"].get(blocker.oid)
    return side is not None and side == mem["sides"].get(attacker.oid)


define("Raging River", hooks=Hooks(block_restriction=_river_blocks),
       triggers=(Trigger(Event.ATTACKS, _river, condition=lambda g, src, d: (
           g.controller(src) == g.active and src.flags.get("river", {}).get("turn") != g.turn)),))
