"""Legends white and blue cards (printed text of their latest old printing,
Fifth Edition rules)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from ..carddb import define
from ..combat import rampage_bonus
from ..ctx import Ctx
from ..decisions import DecisionKind
from ..effects import (creature_of, ARTIFACT, CREATURE, PERMANENT, SPELL, add_counters, bounce_targets, colored_permanent, counter_target,
                       creature_where, damage, destroy_all, destroy_lands, destroy_targets, lands_of_type, discard_card, each_target, flag_mod,
                       grant, keyword_mod, on_source, pay_to_use, permanent_target, pump_mod, sequence, set_pt_mod,
                       until_eot)
from ..effects import color_until_eot  # words of the card's text (Sleight of Mind)
from ..hooks import EffectHooks, Hooks
from ..mana import COLOR_LETTERS, ManaCost
from ..model import (Ability, Announce, Cost, Delayed, EffectFn, Event, Gen, Kind, Mode, Speed, SpellSpec, Static, Target,
                     TargetSpec, Trigger, kinds)
from ..objects import Card, Chars, Effect, Packet, Spell
from ..refs import ref
from .green import _fog

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

# ------------------------------------------------------------------ creatures without special rules

for _name in ("Azure Drake", "Devouring Deep", "Keepers of the Faith", "Righteous Avengers", "Wall of Light"):
    define(_name)
define("Thunder Spirit", keywords=("first strike", "flying"))  # "First strike, flying." (the period)


# ------------------------------------------------------------------ counters

def _spell_cost(s: Spell) -> int:
    """A spell's total casting cost, its X included (as Spell Blast reads it)."""
    cost = s.card.cdef.cost if s.card is not None else None
    return cost.converted + cost.x * s.x if cost is not None else 0


# Mana Drain: counters the target spell; at the beginning of its caster's next
# main phase, {X} colorless mana is added to their pool, X the total casting
# cost of the countered spell (X included). Cast during its caster's own main
# phase, "next" is the next turn's: the main phase under way has begun already.
# The mana is lost (and burns) if unused in that main phase, as in the game.
def _mana_drain(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        if not isinstance(t, Spell):
            continue
        x = _spell_cost(t)
        yield from counter_target()(g, ctx)
        g.delayed.append(Delayed(Event.BEGIN_MAIN, _mana_drain_mana, ctx.controller, "Mana Drain",
                                 condition=lambda g2, d, data: data.get("player") == d.controller, data={"x": x}))


def _mana_drain_mana(g: Game, ctx: Ctx) -> Gen:
    x = ctx.data["delayed"].data["x"]
    if x:
        g.players[ctx.controller].pool.add("C", x)
        g.log(f"Mana Drain adds {{{x}}} to {g.players[ctx.controller].name}'s mana pool.")
    return
    yield


define("Mana Drain", spell=SpellSpec(_mana_drain, targets=(SPELL,)))

define("Flash Counter", spell=SpellSpec(counter_target(), targets=(TargetSpec(
    "target interrupt or instant spell", kinds(Kind.SPELL),
    lambda g, ctx, s: isinstance(s, Spell) and s.card is not None and bool(s.types & {"instant", "interrupt"})),)))


def _summon_spell(s: Target) -> bool:
    """A Summon spell: a creature spell that is not an artifact creature (an
    artifact creature is cast as an artifact, as the old rulings had it)."""
    return isinstance(s, Spell) and s.card is not None and "creature" in s.types and "artifact" not in s.types


define("Remove Soul", spell=SpellSpec(counter_target(), targets=(TargetSpec(
    "target summon spell", kinds(Kind.SPELL), lambda g, ctx, s: _summon_spell(s)),)))


def _unless_pays(g: Game, s: Spell, n: int, why: str) -> Gen:
    """Counter ``s`` unless its caster pays {n} now."""
    if n <= 0:
        return
    paid = yield from pay_to_use(g, s.controller, "{%d}" % n, f"{why}: pay {{{n}}} or {s.name} is countered?", why)
    if paid:
        g.log(f"{g.players[s.controller].name} pays {{{n}}} for {why}.")
    else:
        s.countered = True
        g.log(f"{s.name} is countered ({why}).")


def _force_spike(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        if isinstance(t, Spell):
            yield from _unless_pays(g, t, 1, "Force Spike")


define("Force Spike", spell=SpellSpec(_force_spike, targets=(SPELL,)))


# Presence of the Master: every enchantment spell cast while it is in play is
# countered as it is cast (whoever casts it). Presence itself, being cast, is
# not yet in play.
def _presence(g: Game, src: Card, s: Spell) -> Gen:
    if s.card is not None and "enchantment" in s.types:
        s.countered = True
        g.log(f"{s.name} is countered (Presence of the Master).")
    return
    yield


define("Presence of the Master", hooks=Hooks(on_cast=_presence))


# Invoke Prejudice: a summon spell cast by an opponent of its controller that
# shares no color with any creature its controller controls is countered
# unless its caster pays {X}, X its total casting cost. Decision: a colorless
# summon spell shares no color with anything, so it is taxed; artifact
# creatures are "artifact creature" spells, not Summon spells, and are not.
def _prejudice(g: Game, src: Card, s: Spell) -> Gen:
    me = g.controller(src)
    if s.controller == me or not _summon_spell(s):
        return
    mine: set[str] = set()
    for c in g.creatures(me):
        mine |= g.chars(c).colors
    if s.colors & mine:
        return
    yield from _unless_pays(g, s, _spell_cost(s), "Invoke Prejudice")


define("Invoke Prejudice", hooks=Hooks(on_cast=_prejudice))


# ------------------------------------------------------------------ global enchantments

# Moat: a creature without flying cannot attack.
define("Moat", hooks=Hooks(attack_restriction=lambda g, src, c: "flying" in g.chars(c).keywords))


# ------------------------------------------------------------------ sorceries and instants

# Recall: X target cards in the caster's graveyard are chosen on casting; as it
# resolves the caster chooses and discards X cards (all the hand if fewer;
# the printed "Choose and discard X cards:" read as in its Oracle wording, a
# part of the effect: the discarded cards cannot be among the targets, which
# were chosen before), then one target per card discarded returns to the hand;
# Recall is removed from the game.
def _recall(g: Game, ctx: Ctx) -> Gen:
    p = ctx.controller
    pl = g.players[p]
    n = 0
    for _ in range(ctx.spell.x):
        if not pl.hand:
            break
        names = sorted({c.name for c in pl.hand})
        ans = yield from g.ask(p, DecisionKind.DISCARD, f"Recall: discard a card ({ctx.spell.x - n} more)",
                               [f"discard {x}" for x in names], about="Recall")
        card = next(c for c in pl.hand if c.name == ans[len("discard "):])
        yield from discard_card(g, p, card, by=ctx.controller)
        n += 1
    for c in [t for t in each_target(ctx) if t.zone == "graveyard"][:n]:
        g.move(c, "hand")
        g.log(f"{c.name} returns from {pl.name}'s graveyard to their hand.")
    card = ctx.spell.card
    if card is not None and card in g.limbo:
        g.move(card, "removed")
        g.log("Recall is removed from the game.")


define("Recall", spell=SpellSpec(_recall, targets=(TargetSpec(
    "target card in your graveyard", kinds(Kind.GRAVEYARD_CARD), lambda g, ctx, c: c.owner == ctx.controller),),
    targets_x=True))

define("Boomerang", spell=SpellSpec(bounce_targets(), targets=(PERMANENT,)))  # "Return target permanent to owner's hand."
define("Acid Rain", spell=SpellSpec(destroy_lands("forest")))


def _cleanse(g: Game, ctx: Ctx) -> Gen:
    col = COLOR_LETTERS[g.word(ctx.spell.card if ctx.spell else None, "black")]
    yield from destroy_all(lambda g2, c: "creature" in g2.chars(c).types and col in g2.chars(c).colors)(g, ctx)


define("Cleanse", spell=SpellSpec(_cleanse))



def _each_own_creature(modify: Callable[[Game, Card, Chars], None]) -> EffectFn:
    """A change until end of turn to every creature the caster controls."""
    def fn(g: Game, ctx: Ctx) -> Gen:
        for c in g.creatures(ctx.controller):
            g.effects.append(Effect(g.stamp(), c.oid, modify, "eot"))
        return
        yield
    return fn


define("Shield Wall", spell=SpellSpec(_each_own_creature(pump_mod(0, 2))))


# Great Defender: +0/+X until end of turn, X the creature's total casting cost
# (a token's is 0), read as the spell resolves.
def _great_defender(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        yield from until_eot(pump_mod(0, t.cdef.cost.converted))(g, ctx)


define("Great Defender", spell=SpellSpec(_great_defender, targets=(CREATURE,)))


# Divine Offering: the life is the artifact's total casting cost, read before it is destroyed.
def _divine_offering(g: Game, ctx: Ctx) -> Gen:
    n = sum(t.cdef.cost.converted for t in each_target(ctx))
    yield from destroy_targets()(g, ctx)
    if n:
        g.gain_life(ctx.controller, n)


define("Divine Offering", spell=SpellSpec(_divine_offering, targets=(ARTIFACT,)))

define("Flash Flood", spell=SpellSpec(modes=(
    Mode("Destroy target red permanent", (colored_permanent("red"),), destroy_targets()),
    Mode("Return target mountain to owner's hand", (permanent_target(
        "target mountain", lambda g, ctx, c: g.word(ctx.spell.card if ctx.spell else None, "mountain")
        in g.chars(c).subtypes),), bounce_targets()))))

define("Holy Day", spell=SpellSpec(_fog))  # Fog's effect: no creature deals damage in combat this turn
define("Part Water", spell=SpellSpec(grant("islandwalk"), targets=(CREATURE,), targets_x=True))


# Heaven's Gate, Sea Kings' Blessing: one or more target creatures become white
# (blue) until end of turn (a color change, layer 2: see _colors_basic).
define("Heaven's Gate", spell=SpellSpec(color_until_eot("white"), targets=(CREATURE,), multi_target=True))
define("Sea Kings' Blessing", spell=SpellSpec(color_until_eot("blue"), targets=(CREATURE,), multi_target=True))


# Teleport: only after the attack is declared and before blockers are.
def _teleport_ok(g: Game, p: int, card: Card) -> bool:
    return g.combat is not None and g.step == "attack"


define("Teleport", spell=SpellSpec(until_eot(flag_mod("unblockable")), targets=(CREATURE,)),
       hooks=Hooks(can_cast=_teleport_ok))


# ------------------------------------------------------------------ enchantments

# Great Wall, Undertow: a creature's plainswalk (islandwalk) is ignored while
# it is in play (modelled as the keyword being gone: landwalk matters only to
# blocking); the landwalk as the card's text reads it (Magical Hack).
def _walk_ignored(kw: str) -> Static:
    return Static(applies=lambda g, src, card, c: "creature" in c.types,
                  modify=lambda g, src, card, c: c.keywords.discard(g.swap_words(kw, src)))


define("Great Wall", statics=(_walk_ignored("plainswalk"),))
define("Undertow", statics=(_walk_ignored("islandwalk"),))


# Angelic Voices: while the only creatures its controller controls are white
# or artifact creatures, they get +1/+1. (Control is read from the cards, not
# from control-changing effects: asking for characteristics here would recurse.)
def _colors_basic(g: Game, card: Card) -> set[str]:
    """A permanent's colors without running effects other than color changes
    (layer 2 and below, as :meth:`Game.chars_basic` does for types): what
    Angelic Voices asks of every creature while characteristics are being
    computed, without asking for them (which would recurse)."""
    ch = Chars(card.name, set(g.chars_basic(card)), set(), set(), set(card.color_override or card.cdef.colors),
               None, None, set(), card.controller)
    for e in g.effects:
        if e.target == card.oid and e.layer <= 2:
            e.modify(g, card, ch)
    return ch.colors


def _voices_on(g: Game, src: Card) -> bool:
    p = src.controller
    mine = [c for c in g.battlefield if c.controller == p and "creature" in g.chars_basic(c)]
    white = COLOR_LETTERS[g.word(src, "white")]
    return all(white in _colors_basic(g, c) or "artifact" in g.chars_basic(c) for c in mine)


define("Angelic Voices", statics=(Static(
    applies=lambda g, src, card, c: "creature" in c.types and c.controller == g.controller(src),
    modify=lambda g, src, card, c: pump_mod(1, 1)(g, card, c), active=_voices_on),))


# Spiritual Sanctuary: in each player's upkeep, that player gains 1 life if
# they control a plains.
def _sanctuary(g: Game, ctx: Ctx) -> Gen:
    p = ctx.data["player"]
    if g.permanents(p, subtype=g.word(ctx.source, "plains")):
        g.gain_life(p, 1)
    return
    yield


define("Spiritual Sanctuary", triggers=(Trigger(Event.BEGIN_UPKEEP, _sanctuary),))


# Lifeblood: each time a mountain of an opponent becomes tapped, gain 1 life.
def _lifeblood(g: Game, ctx: Ctx) -> Gen:
    g.gain_life(ctx.controller, 1)
    return
    yield


define("Lifeblood", triggers=(Trigger(Event.BECOMES_TAPPED, _lifeblood, condition=lambda g, src, d: (
    g.word(src, "mountain") in g.chars(d["card"]).subtypes and g.controller(d["card"]) != g.controller(src))),))


# ------------------------------------------------------------------ creatures

# Akron Legionnaire: its controller's creatures other than Legionnaires and
# artifact creatures cannot attack.
def _akron(g: Game, src: Card, c: Card) -> bool:
    ch = g.chars(c)
    return ch.controller != g.controller(src) or "legionnaire" in ch.subtypes or "artifact" in ch.types


define("Akron Legionnaire", hooks=Hooks(attack_restriction=_akron))


def _in_combat(g: Game, ctx: Ctx, c: Card) -> bool:
    return g.combat is not None and g.combat.involves(c.oid)


define("D'Avenant Archer", abilities=(Ability(
    "{T}: D'Avenant Archer deals 1 damage to target attacking or blocking creature", Cost(tap=True), damage(1),
    targets=(creature_where("target attacking or blocking creature", _in_combat),)),))

define("Wall of Wonder", abilities=(Ability(
    "{2}{U}{U}: +4/-4 until end of turn; Wall of Wonder can attack this turn", Cost(ManaCost.parse("{2}{U}{U}")),
    on_source(sequence(until_eot(pump_mod(4, -4)), until_eot(flag_mod("wall can attack"))))),))


# Ivory Guardians: every Guardians creature gets +1/+1 while an opponent of its
# controller controls a red permanent ("red cards in play").
def _guardians(g: Game, src: Card, card: Card, c: Chars) -> bool:
    return "creature" in c.types and "guardians" in c.subtypes and any(
        COLOR_LETTERS[g.word(src, "red")] in g.chars(o).colors for o in g.permanents(1 - c.controller))


define("Ivory Guardians", statics=(Static(applies=_guardians, modify=lambda g, src, card, c: pump_mod(1, 1)(g, card, c),
                                          active=lambda g, src: True),))


# Elder Spawn: cannot be blocked by red creatures; during its controller's
# upkeep, sacrifice an island, or it deals 6 damage to them and is buried.
def _spawn_demand(g: Game, src: Card, p: int) -> list[Card]:
    if g.controller(src) != p or g.active != p or g.phase != "upkeep" or src.phase_uses.get(g.phase_key()):
        return []
    return lands_of_type(g, src, p, "island")


def _spawn_end(g: Game, src: Card) -> Gen:
    p = g.controller(src)
    if p != g.active or src.phase_uses.get(g.phase_key()):
        return
    islands = _spawn_demand(g, src, p)
    src.phase_uses[g.phase_key()] = 1
    # (unlike Lord of the Pit's, the demand may be refused: "sacrifice nothing")
    choices = [f"sacrifice {ref(g, c)}" for c in islands]
    ans = "sacrifice nothing"
    if islands:
        ans = yield from g.ask(p, DecisionKind.SACRIFICE, "Elder Spawn: sacrifice an island, or it deals 6 damage "
                               "to you and is buried", choices + [ans], decline=ans, about=src.name)
    if ans in choices:
        yield from g.put_in_graveyard([islands[choices.index(ans)]], how="sacrifice")
    else:
        g.deal_damage(src, g.players[p], 6)
        yield from g.put_in_graveyard([src], how="bury")
    yield from g.settle()


define("Elder Spawn", hooks=Hooks(sacrifice_demand=_spawn_demand, end_of_upkeep=_spawn_end,
                                  can_be_blocked_by=lambda g, a, b: COLOR_LETTERS[g.word(a, "red")] not in g.chars(b).colors))



# ------------------------------------------------------------------ damage reduced to 0

def _blocked_by(g: Game, blocker: Card, attacker_oid: int | None) -> bool:
    """Whether ``blocker`` blocks the band of the attacker ``attacker_oid``."""
    cb = g.combat
    return cb is not None and attacker_oid is not None and any(
        blocker.oid in bl and attacker_oid in cb.bands[i] for i, bl in cb.blocks.items())


def _to_self(src: Card, pk: Packet) -> bool:
    return isinstance(pk.receiver, Card) and pk.receiver.oid == src.oid


# Wall of Vapor: combat damage to it from the creatures it blocks is reduced to 0.
define("Wall of Vapor", hooks=Hooks(reduce_damage=lambda g, src, pk: pk.combat and _to_self(src, pk)
                                    and _blocked_by(g, src, pk.source_oid)))


# Enchanted Being: combat damage to it from a creature with an enchantment on it is reduced to 0.
def _enchanted_being(g: Game, src: Card, pk: Packet) -> bool:
    return pk.combat and _to_self(src, pk) and pk.source_oid is not None and any(
        c.attached_to == pk.source_oid and "enchantment" in g.chars(c).types for c in g.battlefield)


define("Enchanted Being", hooks=Hooks(reduce_damage=_enchanted_being))


# Indestructible Aura: all damage to the target creature this turn is reduced to 0.
def _indestructible(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        g.effects.append(Effect(g.stamp(), t.oid, lambda g2, card, c: None, "eot", applies=lambda g2, card, c: False,
                                hooks=EffectHooks(reduce_damage=lambda g2, pk, oid=t.oid: isinstance(pk.receiver, Card)
                                                  and pk.receiver.oid == oid)))
    return
    yield


define("Indestructible Aura", spell=SpellSpec(_indestructible, targets=(CREATURE,)))


# Greater Realm of Preservation: as a Circle of Protection, for one black or red
# source (the colors as its text reads them: Sleight of Mind).
def _realm(g: Game, ctx: Ctx) -> Gen:
    for src in each_target(ctx):
        g.prevent(ctx.me, None, source_oid=src.oid, source_name=src.name)
    return
    yield


define("Greater Realm of Preservation", abilities=(Ability(
    "{1}{W}: Prevent all damage to you from a black or red source", Cost(ManaCost.parse("{1}{W}")), _realm,
    targets=(TargetSpec("black or red source damaging you", kinds(Kind.SOURCE),
                        lambda g, ctx, src: any(COLOR_LETTERS[g.word(ctx.source, w)] in src.colors
                                                for w in ("black", "red"))),), prevention=True),))


# In the Eye of Chaos (enchant world): every instant and interrupt spell is
# countered unless its caster pays {X} more, X its total casting cost.
def _eye_of_chaos(g: Game, src: Card, s: Spell) -> Gen:
    if s.card is not None and s.types & {"instant", "interrupt"}:
        yield from _unless_pays(g, s, _spell_cost(s), "In the Eye of Chaos")


define("In the Eye of Chaos", hooks=Hooks(on_cast=_eye_of_chaos))


# Reset: only during an opponent's turn, after their upkeep.
def _reset(g: Game, ctx: Ctx) -> Gen:
    for c in g.permanents(ctx.controller, type_="land"):
        c.tapped = False
    g.log(f"{ctx.me.name} untaps all their lands.")
    return
    yield


define("Reset", spell=SpellSpec(_reset), hooks=Hooks(can_cast=lambda g, p, card: (
    g.active != p and g.phase not in ("untap", "upkeep"))))


# ------------------------------------------------------------------ tapping and not untapping

# Telekinesis: the creature deals no combat damage this turn, becomes tapped
# and does not untap during its controller's next two untap phases.
def _telekinesis(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        t.tapped = True
        t.flags["frozen_until_turn"] = g.turn + (4 if g.controller(t) == g.active else 3)
        g.effects.append(Effect(g.stamp(), t.oid, lambda g2, card, c: None, "eot", applies=lambda g2, card, c: False,
                                hooks=EffectHooks(reduce_damage=lambda g2, pk, oid=t.oid: pk.combat and pk.source_oid == oid)))
        g.log(f"{t.name} is tapped, deals no combat damage this turn and stays tapped for two untap phases.")
    return
    yield


define("Telekinesis", spell=SpellSpec(_telekinesis, targets=(CREATURE,)))


def _sleep_counters(g: Game, card: Card, kind: str, n: int) -> None:
    """``n`` counters of ``kind`` on a creature that does not untap as normal
    while it has any; its controller removes one at the beginning of each of
    their upkeeps (Venarian Gold, Glyph of Delusion). The counters and their
    effect stay with the creature while it is in play."""
    add_counters(g, card, kind, n)

    def m(g2: Game, c: Card, ch: Chars) -> None:
        if c.counters.get(kind):
            ch.flags.add("doesn't untap")
    g.effects.append(Effect(g.stamp(), card.oid, m, "forever"))

    def remove_one(g2: Game, ctx: Ctx) -> Gen:
        d = ctx.data["delayed"]
        c = g2.find(d.data["oid"])
        if c is None or not c.counters.get(kind):
            g2.delayed.remove(d)
            return
        if g2.controller(c) == ctx.data.get("player"):
            add_counters(g2, c, kind, -1)
        return
        yield
    g.delayed.append(Delayed(Event.BEGIN_UPKEEP, remove_one, g.controller(card), kind, once=False,
                             data={"oid": card.oid}))


# Venarian Gold: X counters on the creature, which becomes tapped.
def _venarian_enter(g: Game, ctx: Ctx) -> Gen:
    host = g.enchanted(ctx.source)
    if host is not None:
        host.tapped = True
        _sleep_counters(g, host, "sleep", ctx.source.chosen.get("x", 0))
    return
    yield


define("Venarian Gold", enchant=CREATURE, on_enter=_venarian_enter)


# ------------------------------------------------------------------ more enchantments

# Divine Intervention: comes into play with two counters; its controller
# removes one at the beginning of each of their upkeeps; when the last one is
# removed the duel ends in a draw.
def _intervention_enter(g: Game, ctx: Ctx) -> Gen:
    add_counters(g, ctx.source, "intervention", 2)
    return
    yield


def _intervention_upkeep(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    if not src.counters.get("intervention"):
        return
    add_counters(g, src, "intervention", -1)
    if not src.counters.get("intervention"):
        g.end(None, "Divine Intervention")
    return
    yield


define("Divine Intervention", on_enter=_intervention_enter, triggers=(Trigger(
    Event.BEGIN_UPKEEP, _intervention_upkeep, condition=lambda g, src, d: d.get("player") == g.controller(src)),))


# Land Equilibrium: an opponent who controls at least as many lands as its
# controller sacrifices a land for each land they put into play (counted
# before that land came into play).
def _equilibrium(g: Game, ctx: Ctx) -> Gen:
    land = ctx.data["card"]
    q = g.controller(land)
    lands = g.permanents(q, type_="land")
    if not lands:
        return
    choices = [f"sacrifice {ref(g, c)}" for c in lands]
    ans = yield from g.ask(q, DecisionKind.SACRIFICE, "Land Equilibrium: sacrifice a land", choices,
                           about=ctx.source.name)
    yield from g.put_in_graveyard([lands[choices.index(ans)]], how="sacrifice")


define("Land Equilibrium", triggers=(Trigger(Event.ENTERS, _equilibrium, condition=lambda g, src, d: (
    "land" in g.chars(d["card"]).types and g.controller(d["card"]) != g.controller(src)
    and len(g.permanents(g.controller(d["card"]), type_="land")) - 1
    >= len(g.permanents(g.controller(src), type_="land")))),))


# Wall of Caltrops: when blockers are declared, if it and at least one other
# wall block an attacker that no non-wall blocks, it gains banding until end of turn.
def _caltrops(g: Game, ctx: Ctx) -> Gen:
    src, cb = ctx.source, ctx.data["combat"]
    for bl in cb.blocks.values():
        walls = [b for b in (g.find(o) for o in bl) if b is not None and "wall" in g.chars(b).subtypes]
        if src.oid in bl and len(walls) == len(bl) >= 2:
            g.effects.append(Effect(g.stamp(), src.oid, keyword_mod("banding"), "eot"))
            g.log("Wall of Caltrops gains banding until end of turn.")
            return
    return
    yield


define("Wall of Caltrops", triggers=(Trigger(Event.BLOCKERS_DECLARED, _caltrops),))


# Glyph of Life: this turn, damage dealt to the target wall by attacking
# creatures is gained as life by the caster.
def _glyph_of_life(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        g.delayed.append(Delayed(Event.DAMAGE_DEALT, _glyph_gain, ctx.controller, "Glyph of Life", once=False,
                                 turn=g.turn, data={"oid": t.oid}))
    return
    yield


def _glyph_gain(g: Game, ctx: Ctx) -> Gen:
    pk, d = ctx.data["packet"], ctx.data["delayed"]
    cb = g.combat
    if (isinstance(pk.receiver, Card) and pk.receiver.oid == d.data["oid"] and pk.amount > 0 and cb is not None
            and pk.source_oid in cb.attackers()):
        g.gain_life(ctx.controller, pk.amount)
    return
    yield


define("Glyph of Life", spell=SpellSpec(_glyph_of_life, targets=(creature_of("wall", "target wall"),)))



# ------------------------------------------------------------------ targeting restrictions

# Anti-Magic Aura: the creature cannot be the target of enchantments, instants
# or sorceries; other auras on it are buried (their target is now illegal),
# not Anti-Magic Aura itself.
define("Anti-Magic Aura", enchant=CREATURE, statics=(Static(
    applies=lambda g, src, card, c: src.attached_to == card.oid,
    modify=lambda g, src, card, c: c.flags.update({"cannot be the target of enchantment",
                                                   "cannot be the target of instant",
                                                   "cannot be the target of sorcery"})),),
    hooks=Hooks(ignores_own_protection=True))


# Spectral Cloak: while untapped the creature cannot be the target of
# instants, sorceries, fast effects (activated abilities, interrupts) or
# enchantments. Decision: "fast effects" include interrupts; Spectral Cloak
# does not bury itself (it was legal when cast, and its own grant is ignored).
def _cloak(g: Game, src: Card, card: Card, c: Chars) -> None:
    if not card.tapped:
        c.flags.update({f"cannot be the target of {k}" for k in
                        ("instant", "sorcery", "interrupt", "ability", "enchantment")})


define("Spectral Cloak", enchant=CREATURE, statics=(Static(
    applies=lambda g, src, card, c: src.attached_to == card.oid, modify=_cloak),),
    hooks=Hooks(ignores_own_protection=True))


# ------------------------------------------------------------------ control

# Juxtapose: the caster and the target player exchange (for good) the creature
# with the highest total casting cost each controls, then the artifact; each
# player chooses among their own tied ones. Nothing is exchanged of a kind
# one of them has none of.
def _highest(g: Game, p: int, kind: str, what: str) -> Gen:
    # (an artifact creature is exchanged as a creature, not again as an artifact)
    mine = [c for c in g.permanents(p, type_=kind) if kind == "creature" or "creature" not in g.chars(c).types]
    if not mine:
        return None
    top = max(c.cdef.cost.converted for c in mine)
    tied = [c for c in mine if c.cdef.cost.converted == top]
    if len(tied) == 1:
        return tied[0]
    ch = [f"choose {ref(g, c)}" for c in tied]
    ans = yield from g.ask(p, DecisionKind.CHOOSE, f"Juxtapose: which {what} of the highest casting cost?", ch,
                           about="Juxtapose")
    return tied[ch.index(ans)]


def _give_control(g: Game, card: Card, p: int) -> None:
    g.effects.append(Effect(g.stamp(), card.oid, lambda g2, c, ch, p=p: setattr(ch, "controller", p), "forever",
                            layer=0))
    g.log(f"{g.players[p].name} gains control of {card.name}.")


def _juxtapose(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        if t.idx == ctx.controller:
            continue
        for kind, what in (("creature", "creature"), ("artifact", "artifact")):
            a = yield from _highest(g, ctx.controller, kind, what)
            b = yield from _highest(g, t.idx, kind, what)
            if a is not None and b is not None:
                _give_control(g, a, t.idx)
                _give_control(g, b, ctx.controller)


define("Juxtapose", spell=SpellSpec(_juxtapose, targets=(TargetSpec(
    "target player", kinds(Kind.PLAYER), lambda g, ctx, o: o.idx != ctx.controller),)))


# ------------------------------------------------------------------ library and hand

# Petra Sphinx: the target player names a card (among the names of the cards
# they own: naming another cannot hit, and the list reveals nothing they do not
# know), then turns the top card of their library over: to their hand if named,
# else to their graveyard.
def names_and_turns_over(g: Game, p: int, name: str) -> Gen:
    """Player ``p`` names a card and turns over the top card of their library:
    to their hand if named, else to their graveyard (Petra Sphinx, Vexing
    Arcanix). Returns True if it was named, False if not, None with an empty library."""
    pl = g.players[p]
    if not pl.library:
        return None
    owned = sorted({c.name for z in ("library", "hand", "graveyard", "removed") for c in pl.zone(z)}
                   | {c.name for c in g.battlefield if c.owner == p})
    ans = yield from g.ask(p, DecisionKind.CHOOSE, f"{name}: name a card",
                           [f"choose {n}" for n in owned], about=name)
    named = ans[len("choose "):]
    top = pl.library[0]
    g.log(f"{pl.name} names {named} and turns over {top.name}.")
    g.move(top, "hand" if top.name == named else "graveyard")
    return top.name == named


def _sphinx(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        yield from names_and_turns_over(g, t.idx, "Petra Sphinx")


define("Petra Sphinx", abilities=(Ability(
    "{T}: Target player names a card, then turns over the top card of their library: to their hand if named, "
    "else to their graveyard", Cost(tap=True), _sphinx, targets=(TargetSpec("target player", kinds(Kind.PLAYER)),)),))


# Remove Enchantments: the enchantments its caster controls, those on permanents
# they control, and (cast during an opponent's attack) those on attacking
# creatures: the ones its caster owns return to their hand, the others are destroyed.
def _remove_enchantments(g: Game, ctx: Ctx) -> Gen:
    me = ctx.controller
    cb = g.combat
    attacking = set(cb.attackers()) if cb is not None and cb.attacker != me else set()
    hit = []
    for c in list(g.battlefield):
        if "enchantment" not in g.chars(c).types:
            continue
        host = g.enchanted(c)
        if g.controller(c) == me or (host is not None and (g.controller(host) == me or host.oid in attacking)):
            hit.append(c)
    for c in hit:
        if c.owner == me:
            g.move(c, "hand")
            g.log(f"{c.name} returns to {ctx.me.name}'s hand.")
        else:
            g.destroy(c)
    return
    yield


define("Remove Enchantments", spell=SpellSpec(_remove_enchantments))


# ------------------------------------------------------------------ creatures going to the graveyard

# Puppet Master: when the enchanted creature is put into the graveyard it
# returns to its owner's hand; then Puppet Master's controller may pay
# {U}{U}{U} to return Puppet Master to its owner's hand (else it is buried, as
# an aura on nothing).
def _puppet(g: Game, ctx: Ctx) -> Gen:
    src, new = ctx.source, ctx.data["card"]
    if new.zone == "graveyard" and new in g.players[new.owner].graveyard:
        g.move(new, "hand")
        g.log(f"{new.name} returns to its owner's hand (Puppet Master).")
        p = ctx.controller
        if src in g.battlefield:
            paid = yield from pay_to_use(g, p, "{U}{U}{U}", "Puppet Master: pay {U}{U}{U} to return Puppet Master "
                                         "to its owner's hand?", "Puppet Master")
            if paid and src in g.battlefield:
                g.move(src, "hand")
                g.log("Puppet Master returns to its owner's hand.")


define("Puppet Master", enchant=CREATURE, triggers=(Trigger(
    Event.TO_GRAVEYARD, _puppet, condition=lambda g, src, d: d["old"].oid == src.attached_to),))


# Brine Hag: when it is put into the graveyard, each creature that dealt
# damage to it this turn becomes 0/2 (for good, marked with a counter).
def _brine_hag(g: Game, ctx: Ctx) -> Gen:
    for oid in sorted(ctx.data["damaged_by"]):
        c = g.find(oid)
        if c is not None and g.is_creature(c):
            add_counters(g, c, "Brine Hag", 1)
            g.effects.append(Effect(g.stamp(), c.oid, set_pt_mod(0, 2), "forever", layer=3))
            g.log(f"{c.name} becomes 0/2 (Brine Hag).")
    return
    yield


define("Brine Hag", triggers=(Trigger(Event.TO_GRAVEYARD, _brine_hag, condition=lambda g, src, d: d["card"] is src,
                                      zones=("graveyard",)),))


# Glyph of Delusion: the first target is a wall, the second a creature that
# wall blocked this turn; X sleep counters on it, X its power.
def _blocked_by_wall(g: Game, ctx: Ctx, c: Card) -> bool:
    chosen = [t for t in ctx.spell.targets if isinstance(t, Card)] if ctx.spell else []
    # (before the wall is chosen, as whether the spell can be cast is asked: any wall)
    walls = chosen[:1] or [w for w in g.battlefield if "wall" in g.chars(w).subtypes]

    def blocked(wall: Card) -> bool:
        turn, oids = wall.flags.get("blocked_this_turn", (None, ()))
        return wall is not c and turn == g.turn and c.oid in oids
    return any(blocked(w) for w in walls)


def _glyph_of_delusion(g: Game, ctx: Ctx) -> Gen:
    ts = ctx.targets
    if len(ts) > 1 and ts[1] is not None:
        c = ts[1]
        _sleep_counters(g, c, "delusion", max(0, g.chars(c).power or 0))
    return
    yield


define("Glyph of Delusion", spell=SpellSpec(_glyph_of_delusion, targets=(
    creature_of("wall", "target wall"),
    creature_where("target creature the wall blocked this turn", _blocked_by_wall))))



# ------------------------------------------------------------------ damage of spells

# Silhouette: until end of turn, damage to the target creature from spells and
# effects that target it is reduced to 0.
def _silhouette(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        g.effects.append(Effect(g.stamp(), t.oid, lambda g2, card, c: None, "eot", applies=lambda g2, card, c: False,
                                hooks=EffectHooks(reduce_damage=lambda g2, pk, oid=t.oid: pk.aimed and not pk.combat
                                                  and isinstance(pk.receiver, Card) and pk.receiver.oid == oid)))
    return
    yield


define("Silhouette", spell=SpellSpec(_silhouette, targets=(CREATURE,)))


# Reverberation: all the damage the target sorcery spell deals is dealt to its
# caster instead. Decision: a sorcery being cast can be answered only by an
# interrupt (5th Ed. timing), so Reverberation is cast as one (its card types
# get "interrupt"), aimed at it.
def _reverberation(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        if isinstance(t, Spell):
            t.chosen["damage_to_caster"] = True
            g.log(f"The damage of {t.name} will be dealt to its caster.")
    return
    yield


define("Reverberation", types=("interrupt",), spell=SpellSpec(_reverberation, targets=(TargetSpec(
    "target sorcery spell", kinds(Kind.SPELL),
    lambda g, ctx, s: isinstance(s, Spell) and s.card is not None and "sorcery" in s.types),)))

# Psychic Purge: 1 damage to target creature or player. Discarded because of
# a spell or permanent an opponent of its owner controls (Game.discarded: the
# discard's cause, ``by``), that opponent loses 5 life at once: a loss of life,
# not damage, so nothing prevents or redirects it. Not when the owner's own
# spell or permanent makes them discard it, nor for a cost (the ruling) or the
# discard phase's hand size; a Cursed Rack's "down to four" is its
# controller's doing. Discarded onto the library (Library of Leng), it was
# discarded all the same.
def _purge_discarded(g: Game, src: Card, d: dict[str, Any]) -> bool:
    return d["card"] is src and d["by"] is not None and d["by"] != d["player"]


def _purge_loss(g: Game, ctx: Ctx) -> Gen:
    by = ctx.data["by"]
    g.lose_life(by, 5, " (Psychic Purge)")
    return
    yield


define("Psychic Purge", spell=SpellSpec(damage(1), targets=(TargetSpec(
    "target creature or player", kinds(Kind.PERMANENT, Kind.PLAYER),
    lambda g, ctx, o: not isinstance(o, Card) or "creature" in g.chars(o).types),)),
    triggers=(Trigger(Event.DISCARDED, _purge_loss, condition=_purge_discarded, zones=("graveyard", "library")),))


# ------------------------------------------------------------------ more enchant creatures

# Infinite Authority: at end of combat, every creature of toughness 3 or less
# blocking the enchanted creature or blocked by it is destroyed; at end of
# turn the enchanted creature gets a +1/+1 counter for each destroyed (and not
# regenerated) this way.
def _authority(g: Game, ctx: Ctx) -> Gen:
    src, cb = ctx.source, ctx.data["combat"]
    host = g.enchanted(src)
    if host is None:
        return
    foes: list[Card] = []
    i = cb.band_of(host.oid)
    if i is not None:
        foes += [b for b in (g.find(o) for o in cb.blocks.get(i, [])) if b is not None]
    for j, bl in cb.blocks.items():
        if host.oid in bl:
            foes += [a for a in (g.find(o) for o in cb.bands[j]) if a is not None]
    foes = [c for c in foes if (g.chars(c).toughness or 0) <= 3]
    for c in foes:
        g.destroy(c)
    yield from g.settle()
    n = sum(1 for c in foes if c not in g.battlefield)
    if n:
        g.delayed.append(Delayed(Event.END_OF_TURN, _authority_counters, ctx.controller, "Infinite Authority",
                                 turn=g.turn, data={"oid": host.oid, "n": n}))


def _authority_counters(g: Game, ctx: Ctx) -> Gen:
    d = ctx.data["delayed"]
    host = g.find(d.data["oid"])
    if host is not None:
        add_counters(g, host, "+1/+1", d.data["n"])
    return
    yield


define("Infinite Authority", enchant=CREATURE, triggers=(Trigger(Event.END_OF_COMBAT, _authority),))


# Dream Coat: its controller may change the enchanted creature's color to any
# other color, as an interrupt, once each turn. The color lasts while Dream
# Coat stays on it.
_COLOR_WORDS = ["white", "blue", "black", "red", "green"]


def _dream_coat(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    host = g.enchanted(src)
    if host is None:
        return
    col = COLOR_LETTERS[ctx.chosen("color")]
    g.effects.append(Effect(g.stamp(), host.oid, lambda g2, card, c: setattr(c, "colors", {col}), "forever",
                            layer=2, condition=lambda g2, oid=src.oid, h=host.oid: (
                                (coat := g2.find(oid)) is not None and coat.attached_to == h)))
    g.log(f"{host.name} becomes {ctx.chosen('color')}.")
    return
    yield


define("Dream Coat", enchant=CREATURE, abilities=(Ability(
    "Change the enchanted creature's color to another color (an interrupt, once each turn)", Cost(), _dream_coat,
    speed=Speed.INTERRUPT, once_per_turn=True, announce=(Announce(
        "color", "choose a color", lambda g, ctx: [w for w in _COLOR_WORDS if ctx.source is None
                                                   or (h := g.enchanted(ctx.source)) is None
                                                   or COLOR_LETTERS[w] not in g.chars(h).colors or
                                                   len(g.chars(h).colors) > 1]),)),))



# Clergy of the Holy Nimbus: when it would be destroyed (lethal damage too), it
# regenerates unless the opponent pays {1}.
def _clergy(g: Game, card: Card) -> Gen:
    opp = 1 - g.controller(card)
    paid = yield from pay_to_use(g, opp, "{1}", f"Pay {{1}} so that {ref(g, card)} does not regenerate?",
                                 "Clergy of the Holy Nimbus")
    return not paid


define("Clergy of the Holy Nimbus", hooks=Hooks(regenerates_itself=_clergy))


# Equinox: tap the enchanted land to counter a spell that destroys one or more
# of its controller's lands (an interrupt). Decision: such a spell is one whose
# text destroys lands ("destroy"/"destroyed" and a land word) and that either
# targets a land of Equinox's controller or targets nothing (a global
# destruction: Armageddon, Acid Rain) while they control such a land. The land
# is tapped as the interrupt resolves (the engine has no cost tapping another
# permanent); it must be untapped to use the ability.
_LAND_WORDS = ("land", "forest", "plains", "island", "swamp", "mountain")


def _destroys_my_lands(g: Game, ctx: Ctx, s: Target) -> bool:
    if not isinstance(s, Spell) or s.card is None:
        return False
    text = s.card.cdef.text.lower()
    if "destroy" not in text or not any(w in text for w in _LAND_WORDS):
        return False
    me = ctx.controller
    aimed = [t for t in s.targets if isinstance(t, Card)]
    if aimed:
        return any(g.controller(t) == me and "land" in g.chars(t).types for t in aimed)
    return bool(g.permanents(me, type_="land"))


def _equinox(g: Game, ctx: Ctx) -> Gen:
    host = g.enchanted(ctx.source)
    if host is None or host.tapped:
        return
    host.tapped = True
    yield from counter_target()(g, ctx)


define("Equinox", enchant=permanent_target("target land", lambda g, ctx, c: "land" in g.chars(c).types),
       abilities=(Ability("Tap the enchanted land: counter target spell that destroys one or more of your lands",
                          Cost(), _equinox, speed=Speed.INTERRUPT,
                          targets=(TargetSpec("target spell that destroys your lands", kinds(Kind.SPELL),
                                              _destroys_my_lands),),
                          condition=lambda g, c: (h := g.enchanted(c)) is not None and not h.tapped),))


# Enchantment Alteration: moves the target aura from its creature to another
# creature (or from its land to another land) it could enchant, chosen as the
# spell resolves by its caster; its controller does not change.
def _alteration_ok(g: Game, ctx: Ctx, c: Card) -> bool:
    host = g.enchanted(c)
    return host is not None and bool(g.chars(host).types & {"creature", "land"})


def _alteration(g: Game, ctx: Ctx) -> Gen:
    for aura in each_target(ctx):
        host = g.enchanted(aura)
        if host is None:
            continue
        kind = "creature" if "creature" in g.chars(host).types else "land"
        cands = [c for c in g.permanents(type_=kind) if c is not host and g.aura_legal(aura, c)]
        if not cands:
            g.log(f"{aura.name} has nowhere to go.")
            continue
        ch = [f"choose {ref(g, c)}" for c in cands]
        ans = yield from g.ask(ctx.controller, DecisionKind.CHOOSE, f"Move {ref(g, aura)} to which {kind}?", ch,
                               about="Enchantment Alteration")
        new = cands[ch.index(ans)]
        aura.attached_to = new.oid
        g.log(f"{aura.name} now enchants {new.name}.")


define("Enchantment Alteration", spell=SpellSpec(_alteration, targets=(permanent_target(
    "target enchantment on a creature or land", lambda g, ctx, c: "enchantment" in g.chars(c).types
    and _alteration_ok(g, ctx, c)),)))

# Field of Dreams (enchant world): each player's library is played with its
# top card face up: the views show it to both players (Game.library_top_revealed)
# and the bot and the terminal print it with the board. Only the top card:
# the rest of the library, and its order, stay hidden.
define("Field of Dreams", hooks=Hooks(library_top_revealed=lambda g, src, p: True))


# Rapid Fire: "Play before defense is chosen": cast, by either player, only
# during an attack after attackers are declared and before blockers are (as
# Teleport). The printed target is "target creature", any creature (first
# strike serves a would-be blocker too). It gains first strike until end of
# turn, and rampage 2 if it has no rampage of any amount as Rapid Fire
# resolves (CombatRules.apply_rampage counts the blockers).
def _rapid_fire(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        if isinstance(t, Card):
            has_rampage = rampage_bonus(g.chars(t).keywords) > 0
            kws = ("first strike",) if has_rampage else ("first strike", "rampage 2")
            g.effects.append(Effect(g.stamp(), t.oid, keyword_mod(*kws), "eot"))
            g.log(f"{t.name} gains {' and '.join(kws)} until end of turn.")
    return
    yield


define("Rapid Fire", spell=SpellSpec(_rapid_fire, targets=(CREATURE,)), hooks=Hooks(can_cast=_teleport_ok))

__all__: list[str] = []
