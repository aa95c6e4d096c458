"""White cards."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..carddb import define
from ..ctx import Ctx
from ..decisions import DecisionKind
from ..effects import (creature_of, ARTIFACT_OR_ENCHANTMENT, CREATURE, DAMAGED_CREATURE_OR_PLAYER, LAND, PLAYER, SPELL_OR_PERMANENT,
                       aura, change_color, creature_where, destroy_all, discard_card, destroy_self, destroy_targets, during_upkeep,
                       each_target, flag_mod, keyword_mod, nothing, on_enchanted, pay_to_use, permanent_target, prevent_to_target,
                       pump, pump_mod, until_eot, upkeep_cost, upkeep_of)
from ..effects import land_type_static, lands_of_type, only_blocked_by  # words of the card's text (Magical Hack)
from ..hooks import EffectHooks, Hooks
from ..mana import COLOR_LETTERS, ManaCost
from ..model import Ability, Aim, Announce, Cost, EffectFn, Event, Gen, Mode, SpellSpec, Static, Target, TargetSpec, Trigger, aimed, kinds, Kind
from ..objects import Card, Chars, Effect, Packet
from ..refs import ref
from ..words import counted

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

# ------------------------------------------------------------------ creatures

for _name in ("Savannah Lions", "Pearled Unicorn", "Tundra Wolves", "Benalish Hero", "Mesa Pegasus",
              "White Knight", "Pikemen", "Wall of Swords"):
    define(_name)

define("Serra Angel", keywords=("does not tap to attack",))

# Amrou Kithkin: no creature with power greater than 2 may be assigned to block it.
define("Amrou Kithkin", hooks=Hooks(can_be_blocked_by=lambda g, a, b: (g.chars(b).power or 0) <= 2))


# Angry Mob: */* defined by the card itself (layer -1: before every effect
# but control changes, so Crusade or Holy Strength add to it whatever their
# timestamps, and "your turn" means its controller's turn).
def _angry_mob(g: Game, card: Card, c: Chars) -> None:
    n = 2
    if g.active == c.controller:
        n += len(lands_of_type(g, card, 1 - c.controller, "swamp"))
    c.set_pt(n, n)


def _self(g: Game, src: Card, card: Card, c: Chars) -> bool:
    return src is card


define("Angry Mob", statics=(Static(applies=_self, modify=lambda g, src, card, c: _angry_mob(g, card, c),
                                    active=lambda g, src: True, layer=-1),))


# Elder Land Wurm: cannot attack until it has been assigned as a blocker (it
# remembers that while it stays in play).
def _wurm_blocked(g: Game, ctx: Ctx) -> Gen:
    ctx.source.flags["has_blocked"] = True
    return
    yield


define("Elder Land Wurm",
       statics=(Static(applies=_self, modify=lambda g, src, card, c: None if card.flags.get("has_blocked")
                       else c.flags.add("cannot attack"), active=lambda g, src: True),),
       triggers=(Trigger(Event.BLOCKS, _wurm_blocked, condition=lambda g, src, d: d["blocker"] is src),))


# Northern Paladin: {W}{W}, {T}: destroy target black permanent.
def _black_permanent(g: Game, ctx: Ctx, c: Card) -> bool:
    return COLOR_LETTERS[g.word(ctx.source, "black")] in g.chars(c).colors


define("Northern Paladin", abilities=(Ability(
    "{W}{W}, {T}: Destroy target black permanent", Cost(ManaCost.parse("{W}{W}"), tap=True), destroy_targets(),
    targets=(permanent_target("target black permanent", _black_permanent),)),))


# Osai Vultures: a carrion counter at the end of a turn in which a creature
# was put into the graveyard from play. (Deviation: only deaths while the
# Vultures are in play are seen.) "{0}: Remove two carrion counters": the
# counters are removed as the effect resolves; it does nothing without them.
def _vultures_death(g: Game, ctx: Ctx) -> Gen:
    ctx.source.flags["carrion_turn"] = g.turn
    return
    yield


def _vultures_eot(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    if src.flags.get("carrion_turn") == g.turn and src.flags.get("carrion_given") != g.turn:
        src.flags["carrion_given"] = g.turn  # once per turn, however often "end of turn" comes round
        src.counters["carrion"] = src.counters.get("carrion", 0) + 1
        g.log(f"{src.name} gets a carrion counter.")
    return
    yield


def _vultures_pump(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    if src.zone != "battlefield" or src.counters.get("carrion", 0) < 2:
        return
    src.counters["carrion"] -= 2
    g.effects.append(Effect(g.stamp(), src.oid, pump_mod(1, 1), "eot"))
    g.log(f"{src.name} gets +1/+1 until end of turn.")
    return
    yield


define("Osai Vultures",
       triggers=(Trigger(Event.TO_GRAVEYARD, _vultures_death, condition=lambda g, src, d: d["was_creature"]),
                 Trigger(Event.END_OF_TURN, _vultures_eot)),
       abilities=(Ability("{0}: Remove two carrion counters: +1/+1 until end of turn", Cost(), _vultures_pump,
                          condition=lambda g, c: c.counters.get("carrion", 0) >= 2),))


# Personal Incarnation: its owner may redirect any or all damage to it to
# themselves (a redirection, used in the damage prevention step); put into the
# graveyard from play, its owner loses half their life, rounded up (a loss of
# life: nothing prevents it).
def _incarnation_redirect(g: Game, ctx: Ctx) -> Gen:
    src = ctx.source
    owner = g.players[src.owner]
    packets = [pk for pk in g.pending_damage if pk.receiver is src and pk.amount > 0]
    total = sum(pk.amount for pk in packets)
    if total <= 0:
        return
    n = total
    if total > 1:
        ans = yield from g.ask(src.owner, DecisionKind.CHOOSE, f"{src.name}: redirect how much damage to yourself?",
                               [f"choose {i}" for i in range(total, 0, -1)], about=src.name)
        n = int(ans.split()[1])
    left = n
    for pk in packets:
        take = min(pk.amount, left)
        if take <= 0:
            break
        pk.amount -= take
        left -= take
        g.deal_damage({"name": pk.source_name, "oid": pk.source_oid, "colors": pk.source_colors,
                       "types": pk.source_types, "controller": pk.source_controller}, owner, take, combat=pk.combat)
    g.log(f"{n} damage to {src.name} is redirected to {owner.name}.")


def _incarnation_dies(g: Game, ctx: Ctx) -> Gen:
    p = g.players[ctx.source.owner]
    g.lose_life(p.idx, max(0, (p.life + 1) // 2), " (Personal Incarnation)")
    return
    yield


define("Personal Incarnation",
       abilities=(Ability("Redirect any or all damage done to Personal Incarnation to its owner", Cost(),
                          _incarnation_redirect, prevention=True, who="owner",
                          condition=lambda g, c: any(pk.receiver is c and pk.amount > 0 for pk in g.pending_damage)),),
       triggers=(Trigger(Event.TO_GRAVEYARD, _incarnation_dies, condition=lambda g, src, d: d["card"] is src,
                         zones=("graveyard",)),))

define("Samite Healer", abilities=(Ability("{T}: Prevent 1 damage to any creature or player", Cost(tap=True),
                                           prevent_to_target(1), targets=(DAMAGED_CREATURE_OR_PLAYER,),
                                           prevention=True),))


def _swap_blockers(g: Game, ctx: Ctx) -> Gen:
    a, b = (t for t in ctx.targets)
    cb = g.combat
    if a is None or b is None or cb is None:
        return
    ia, ib = cb.band_of(a.oid), cb.band_of(b.oid)
    if ia is None or ib is None or ia == ib:
        return
    bla, blb = list(cb.blocks.get(ia, [])), list(cb.blocks.get(ib, []))
    ok = all(g.can_block(g.find(o), b) for o in bla if g.find(o)) and \
        all(g.can_block(g.find(o), a) for o in blb if g.find(o))
    if not ok:
        g.log("General Jarkeld: the switch would make a block illegal; nothing happens.")
        return
    cb.blocks[ia], cb.blocks[ib] = blb, bla
    for i, bl in ((ia, blb), (ib, bla)):
        if bl:
            cb.blocked.add(i)
    g.log(f"General Jarkeld switches the blockers of {a.name} and {b.name}.")
    return
    yield


_attacking = TargetSpec("target attacking creature", kinds(Kind.PERMANENT),
                        lambda g, ctx, c: g.combat is not None and g.combat.band_of(c.oid) is not None)
define("General Jarkeld", abilities=(Ability(
    "{T}: Switch the blocking creatures of two target attacking creatures", Cost(tap=True), _swap_blockers,
    targets=(_attacking, _attacking),
    condition=lambda g, c: g.combat is not None and g.step == "blocks" and not g.combat.damage_done),))

# ------------------------------------------------------------------ sorceries

define("Armageddon", spell=SpellSpec(destroy_all(lambda g, c: "land" in g.chars(c).types)))
define("Wrath of God", spell=SpellSpec(destroy_all(lambda g, c: "creature" in g.chars(c).types, bury=True)))


# Balance: lands, then cards in hand, then creatures are equalized down to
# the smallest count; whoever has more chooses what goes (the active player
# first). Lands and creatures are sacrificed, cards are discarded.
def _choose_some(g: Game, p: int, cards: list[Card], n: int, verb: str, what: str) -> Gen:
    chosen: list[Card] = []
    left = list(cards)
    while len(chosen) < n:
        if len(left) <= n - len(chosen):
            chosen += left
            break
        if verb == "discard":
            choices = [f"discard {nm}" for nm in sorted({c.name for c in left})]
            ans = yield from g.ask(p, DecisionKind.DISCARD, f"Balance: discard {n - len(chosen)} more", choices,
                                   about="Balance")
            card = next(c for c in left if c.name == ans[len("discard "):])
        else:
            choices = [f"sacrifice {ref(g, c)}" for c in left]
            ans = yield from g.ask(p, DecisionKind.SACRIFICE, f"Balance: sacrifice {n - len(chosen)} more {what if n - len(chosen) > 1 else what[:-1]}",
                                   choices, parser=g.parser_for(p, choices), about="Balance")
            card = left[choices.index(ans)]
        left.remove(card)
        chosen.append(card)
    return chosen


def _balance(g: Game, ctx: Ctx) -> Gen:
    order = (g.active, 1 - g.active)
    for what in ("lands", "hand", "creatures"):
        if what == "hand":
            counts = {p: len(g.players[p].hand) for p in order}
        else:
            pool = {p: g.permanents(p, type_="land" if what == "lands" else "creature") for p in order}
            counts = {p: len(pool[p]) for p in order}
        low = min(counts.values())
        gone: dict[int, list[Card]] = {}
        for p in order:
            n = counts[p] - low
            if n <= 0:
                continue
            if what == "hand":
                gone[p] = yield from _choose_some(g, p, list(g.players[p].hand), n, "discard", "cards")
            else:
                gone[p] = yield from _choose_some(g, p, pool[p], n, "sacrifice", what)
        if what == "hand":
            for p, cards in gone.items():
                for c in cards:
                    yield from discard_card(g, p, c, by=ctx.controller, why="Balance")
        else:
            victims = [c for cards in gone.values() for c in cards]
            if victims:
                yield from g.put_in_graveyard(victims, how="sacrifice")


define("Balance", spell=SpellSpec(_balance))


# Visions: look at the top five cards of any library (the caster alone sees
# them), then the caster may have it shuffled.
def _visions(g: Game, ctx: Ctx) -> Gen:
    for pl in each_target(ctx):
        top = [c.name for c in pl.library[:5]]
        g.secrets.append((ctx.controller, f"Top of {pl.name}'s library: " + (", ".join(top) or "empty")))
        g.log(f"{ctx.me.name} looks at the top {counted(len(top), 'card')} of {pl.name}'s library.")
        ans = yield from g.ask(ctx.controller, DecisionKind.CHOOSE, f"Visions: shuffle {pl.name}'s library?",
                               ["choose yes", "choose no"], decline="choose no", about="Visions")
        if ans == "choose yes":
            g.shuffle(pl.idx)
            g.log(f"{ctx.me.name} shuffles {pl.name}'s library.")


define("Visions", spell=SpellSpec(_visions, targets=(TargetSpec("any library (its player)", kinds(Kind.PLAYER)),)))

# ------------------------------------------------------------------ instants and interrupts

define("Disenchant", spell=SpellSpec(destroy_targets(), targets=(ARTIFACT_OR_ENCHANTMENT,)))

define("Healing Salve", spell=SpellSpec(modes=(
    Mode("Give target player 3 life", (PLAYER,), lambda g, ctx: _life(g, ctx, 3), not_in_prevention=True),
    Mode("Prevent up to 3 damage to any creature or player", (DAMAGED_CREATURE_OR_PLAYER,),
         prevent_to_target(3), prevention=True, only_in_prevention=True),
)))


def _life(g: Game, ctx: Ctx, n: int) -> Gen:
    for p in each_target(ctx):
        g.gain_life(p.idx, n)
    return
    yield


def _prevent_x(g: Game, ctx: Ctx) -> Gen:
    yield from prevent_to_target(ctx.x)(g, ctx)


define("Alabaster Potion", spell=SpellSpec(modes=(
    Mode("Give target player X life", (PLAYER,), lambda g, ctx: _life(g, ctx, ctx.x), not_in_prevention=True),
    Mode("Prevent X damage to any creature or player", (DAMAGED_CREATURE_OR_PLAYER,), _prevent_x,
         prevention=True, only_in_prevention=True),
)))

# Death Ward: a regeneration spell, cast only when the creature is about to
# be destroyed (offered with the other regeneration effects; see
# DamageRules.offer_regeneration).
define("Death Ward", spell=SpellSpec(nothing, targets=(CREATURE,), regenerate=True))


# Eye for an Eye: cast in the damage prevention step, naming a source that is
# dealing damage to its caster; as much damage as that source deals to the
# caster (before any prevention) goes to the source's controller.
def _eye(g: Game, ctx: Ctx) -> Gen:
    src = ctx.target
    if src is None:
        return
    packets = [pk for pk in g.pending_damage
               if pk.source_oid == src.oid and pk.source_name == src.name and pk.receiver is ctx.me]
    n = sum(pk.original for pk in packets)
    if packets and n > 0:
        g.deal_damage(ctx.spell, g.players[packets[0].source_controller], n)
    return
    yield


define("Eye for an Eye", spell=SpellSpec(
    _eye, targets=(TargetSpec("source dealing damage to you", kinds(Kind.SOURCE)),), prevention=True))


def _combat_pump(which: str, p: int, t: int) -> EffectFn:
    """Morale, Piety: every attacking (blocking) creature now, until end of turn."""
    def fn(g: Game, ctx: Ctx) -> Gen:
        cb = g.combat
        if cb is None:
            return
        for oid in (cb.attackers() if which == "attacking" else cb.blockers()):
            c = g.find(oid)
            if c is not None:
                g.effects.append(Effect(g.stamp(), c.oid, pump_mod(p, t), "eot"))
        g.log(f"All {which} creatures get +{p}/+{t} until end of turn.")
        return
        yield
    return fn


define("Morale", spell=SpellSpec(_combat_pump("attacking", 1, 1)))
define("Piety", spell=SpellSpec(_combat_pump("blocking", 0, 3)))
define("Righteousness", spell=SpellSpec(pump(7, 7), targets=(creature_where(
    "target blocking creature", lambda g, ctx, c: g.combat is not None and g.combat.blocking(c.oid) is not None),)))

define("Purelace", spell=SpellSpec(change_color("white"), targets=(SPELL_OR_PERMANENT,)))


# Reverse Damage: all damage one source dealt to the caster so far this turn
# is added to their life instead of subtracted: they gain twice that much
# (back what was lost, and as much again). The source is chosen on casting
# among those that damaged the caster this turn (Game.damage_log).
def _damage_sources(g: Game, p: int) -> list[tuple[str, int]]:
    totals: dict[tuple[int | None, str], int] = {}
    for turn, pk in g.damage_log:
        if turn == g.turn and pk.receiver is g.players[p]:
            key = (pk.source_oid, pk.source_name)
            totals[key] = totals.get(key, 0) + pk.amount
    out: list[tuple[str, int]] = []
    seen: dict[str, int] = {}
    for (_, name), n in totals.items():
        seen[name] = seen.get(name, 0) + 1
        out.append((name if seen[name] == 1 else f"{name}#{seen[name]}", n))
    return out


def _reverse(g: Game, ctx: Ctx) -> Gen:
    choice = ctx.chosen("choice")
    n = dict(_damage_sources(g, ctx.controller)).get(choice, 0)
    if n > 0:
        g.log(f"The {n} damage {choice} dealt to {ctx.me.name} this turn is added instead of subtracted.")
        g.gain_life(ctx.controller, 2 * n)
    return
    yield


define("Reverse Damage", spell=SpellSpec(_reverse, announce=(
    Announce("choice", "choose a source that damaged you this turn",
             lambda g, ctx: [s for s, _ in _damage_sources(g, ctx.controller)]),)),
    hooks=Hooks(can_cast=lambda g, p, card: bool(_damage_sources(g, p))))


# Swords to Plowshares: removed from the game; its controller gains life equal
# to its power as it was (none for a power of 0 or less).
def _swords(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        p = g.controller(t)
        power = g.chars(t).power or 0
        g.move(t, "removed")
        g.log(f"{t.name} is removed from the game.")
        g.gain_life(p, max(0, power))
    return
    yield


define("Swords to Plowshares", spell=SpellSpec(aimed(_swords, Aim.HARMS), targets=(CREATURE,)))

# ------------------------------------------------------------------ enchant creature / wall

define("Holy Strength", enchant=CREATURE, statics=(aura(pump_mod(1, 2)),))
define("Divine Transformation", enchant=CREATURE, statics=(aura(pump_mod(3, 3)),))
define("Blessing", enchant=CREATURE, abilities=(Ability(
    "{W}: Enchanted creature gets +1/+1 until end of turn", Cost(ManaCost.parse("{W}")), on_enchanted(pump(1, 1))),))
define("Holy Armor", enchant=CREATURE, statics=(aura(pump_mod(0, 2)),), abilities=(Ability(
    "{W}: Enchanted creature gets +0/+1 until end of turn", Cost(ManaCost.parse("{W}")), on_enchanted(pump(0, 1))),))

define("Animate Wall", enchant=creature_of("wall", "target wall"),
       statics=(aura(flag_mod("wall can attack")),))

# Brainwash: attacking with the creature costs its controller {3} more.
define("Brainwash", enchant=CREATURE,
       hooks=Hooks(attack_cost=lambda g, src, attacker: ManaCost.parse("{3}") if src.attached_to == attacker.oid
                   else None))


# Seeker: only white creatures and artifact creatures may block it.
define("Seeker", enchant=CREATURE, hooks=Hooks(block_restriction=only_blocked_by("white")))


def _spirit_link(g: Game, ctx: Ctx) -> Gen:
    pk = ctx.data["packet"]
    g.gain_life(ctx.controller, pk.amount)
    return
    yield


define("Spirit Link", enchant=CREATURE, triggers=(Trigger(
    Event.DAMAGE_DEALT, _spirit_link,
    condition=lambda g, src, d: d["packet"].source_oid == src.attached_to and d["packet"].amount > 0),))


# Wards: "Target creature gains protection from COLOR. The protection granted
# by the Ward does not destroy the Ward" -- its own protection only: another
# Ward's protection from white does bury it. The color word may be changed by
# Sleight of Mind.
def _ward(color: str) -> None:
    def grant(g: Game, src: Card, card: Card, c: Chars) -> None:
        c.keywords.add(f"protection from {g.word(src, color)}")

    def legal_without_own(g: Game, aura_card: Card, host: Card) -> bool:
        saved = g._chars_cache
        g._chars_cache = None
        aura_card.flags["ward_silenced"] = True
        try:
            return g.targetable(host, frozenset(g.chars(aura_card).colors))
        finally:
            aura_card.flags.pop("ward_silenced", None)
            g._chars_cache = saved

    define(f"{color.capitalize()} Ward", enchant=CREATURE,
           statics=(Static(applies=lambda g, src, card, c: src.attached_to == card.oid
                           and not src.flags.get("ward_silenced"), modify=grant, active=lambda g, src: True),),
           hooks=Hooks(ignores_own_protection=legal_without_own))


for _c in ("white", "blue", "black", "red", "green"):
    _ward(_c)


def _prismatic_reduce(g: Game, src: Card, pk: Packet) -> bool:
    choice = src.chosen.get("choice")
    return (choice is not None and isinstance(pk.receiver, Card) and pk.receiver.oid == src.attached_to
            and COLOR_LETTERS.get(g.word(src, choice)) in pk.source_colors)


define("Prismatic Ward", enchant=CREATURE,
       announce=(Announce("choice", "choose a color", lambda g, ctx: list(COLOR_LETTERS)),),
       hooks=Hooks(reduce_damage=_prismatic_reduce))

# ------------------------------------------------------------------ enchantments


def _cop(color: str, artifact: bool = False) -> None:
    """Circle of Protection: the target is the source of the damage."""
    def test(g: Game, ctx: Ctx, src: Target) -> bool:
        if artifact:
            return "artifact" in src.types
        word = g.word(ctx.source, color)
        return COLOR_LETTERS[word] in src.colors

    def effect(g: Game, ctx: Ctx) -> Gen:
        for src in each_target(ctx):
            g.prevent(ctx.me, None, source_oid=src.oid, source_name=src.name)
        return
        yield
    what = "artifact source" if artifact else f"{color} source"
    name = "Circle of Protection: Artifacts" if artifact else f"Circle of Protection: {color.capitalize()}"
    define(name, abilities=(Ability(
        f"Prevent all damage against you from one {what}",
        Cost(ManaCost.parse("{2}" if artifact else "{1}")), effect,
        targets=(TargetSpec(f"{what} damaging you", kinds(Kind.SOURCE), test),), prevention=True),))


for _c in ("white", "blue", "black", "red", "green"):
    _cop(_c)
_cop("", artifact=True)


def _conversion(g: Game, src: Card, card: Card, c: Chars) -> None:
    # All mountains become basic plains (a land type change; the types as its text reads them).
    c.subtypes.discard(g.word(src, "mountain"))
    c.subtypes.add(g.word(src, "plains"))


_conv_ab, _conv_end = upkeep_cost("During your upkeep, pay {W}{W} or destroy Conversion.", "{W}{W}",
                                  destroy_self())
define("Conversion",
       statics=(Static(applies=land_type_static("mountain"), modify=_conversion, layer=1),),
       abilities=(_conv_ab,), hooks=Hooks(end_of_upkeep=_conv_end))


def _white_creature(g: Game, src: Card, card: Card, c: Chars) -> bool:
    return "creature" in c.types and COLOR_LETTERS[g.word(src, "white")] in c.colors


define("Crusade", statics=(Static(applies=_white_creature, modify=lambda g, src, card, c: pump_mod(1, 1)(g, card, c)),))


def _castle_applies(g: Game, src: Card, card: Card, c: Chars) -> bool:
    return ("creature" in c.types and not card.tapped and c.controller == g.controller(src)
            and not (g.combat is not None and g.combat.band_of(card.oid) is not None))


define("Castle", statics=(Static(applies=_castle_applies, modify=lambda g, src, card, c: pump_mod(0, 2)(g, card, c)),))


def _fortified(g: Game, src: Card, card: Card, c: Chars) -> bool:
    return "creature" in c.types and "wall" in c.subtypes and c.controller == g.controller(src)


define("Fortified Area", statics=(Static(applies=_fortified, modify=lambda g, src, card, c: (
    pump_mod(1, 0)(g, card, c), c.keywords.add("banding"))),))


# Karma: during each player's upkeep, 1 damage to that player for each swamp
# they control (carried out like any "during upkeep" effect: by the player
# whose upkeep it is, or by itself as upkeep ends).
def _karma(g: Game, ctx: Ctx) -> Gen:
    p = g.active
    n = len(lands_of_type(g, ctx.source, p, "swamp"))
    if n:
        g.deal_damage(ctx.source, g.players[p], n)
    return
    yield


_karma_ab, _karma_end = during_upkeep("Karma deals 1 damage to you for each swamp you control", _karma,
                                      whose="each")
define("Karma", abilities=(_karma_ab,), hooks=Hooks(end_of_upkeep=_karma_end))


# Kismet: the target player (chosen on casting) has creatures, lands and
# artifacts come into play tapped.
def _kismet_tapped(g: Game, src: Card, card: Card) -> bool:
    p = g.player_by_name(src.chosen.get("choice", ""))
    return (p is not None and g.controller(card) == p.idx
            and bool(g.chars(card).types & {"creature", "land", "artifact"}))


define("Kismet", announce=(Announce("choice", "choose target player", lambda g, ctx: [p.name for p in g.players]),),
       hooks=Hooks(enters_tapped=_kismet_tapped))


# Land Tax: during your upkeep, if an opponent controls more lands than you,
# you may take up to three basic land cards from your library into your hand
# (not revealed: the 4ED text does not say so), then shuffle.
def _more_land(g: Game, p: int) -> bool:
    return len(g.permanents(1 - p, type_="land")) > len(g.permanents(p, type_="land"))


def _land_tax(g: Game, ctx: Ctx) -> Gen:
    p = ctx.controller
    me = ctx.me
    if not _more_land(g, p):
        g.log("Land Tax: the opponent no longer controls more lands; nothing happens.")
        return
    taken = 0
    while taken < 3:
        names = sorted({c.name for c in me.library if "basic" in c.cdef.supertypes and "land" in c.cdef.types})
        if not names:
            break
        ans = yield from g.ask(p, DecisionKind.CHOOSE, f"Land Tax: take a basic land ({3 - taken} more at most)",
                               [f"choose {n}" for n in names] + ["choose done"], decline="choose done",
                               about="Land Tax")
        if ans == "choose done":
            break
        card = next(c for c in me.library if c.name == ans[len("choose "):])
        g.move(card, "hand")
        taken += 1
    g.shuffle(p)
    g.log(f"{me.name} searches their library, puts {counted(taken, 'basic land card')} "
          f"into their hand and shuffles.")


define("Land Tax", abilities=(Ability(
    "During your upkeep, if an opponent controls more land than you, search for up to three basic lands",
    Cost(), _land_tax, condition=lambda g, c: upkeep_of()(g, c) and _more_land(g, g.controller(c)),
    once_per_phase=True),))


# Island Sanctuary: the draw phase asks whether to draw one less card.
def _sanctuary_draw(g: Game, src: Card, p: int, n: int) -> Gen:
    if g.controller(src) != p or n <= 0:
        return n
    ans = yield from g.ask(p, DecisionKind.CHOOSE, "Island Sanctuary: draw one less card?",
                           ["choose yes", "choose no"], decline="choose no", about=src.name)
    if ans == "choose yes":
        src.flags["sanctuary_until_turn"] = g.turn + 2
        g.log(f"{g.players[p].name} draws one less card for Island Sanctuary.")
        return n - 1
    return n


def _sanctuary_attack(g: Game, src: Card, attacker: Card) -> bool:
    if src.flags.get("sanctuary_until_turn", -1) <= g.turn:
        return True
    if g.controller(src) == g.active:
        return True
    kw = g.chars(attacker).keywords
    return "flying" in kw or g.swap_words("islandwalk", src) in kw


define("Island Sanctuary", hooks=Hooks(draw_count=_sanctuary_draw, attack_restriction=_sanctuary_attack))

__all__: list[str] = []


# ================================================================== Alpha to Revised, not in Fourth Edition

define("Lance", enchant=CREATURE, statics=(aura(keyword_mod("first strike")),))


# Resurrection: a creature card from your graveyard comes into play under your
# control, summoning sick ("treat this creature as though it were just
# summoned"). Chosen as it is cast, as a target (the Oracle text's "target
# creature card"), as Raise Dead's.
_YOUR_DEAD_CREATURE = TargetSpec("target creature in your graveyard", kinds(Kind.GRAVEYARD_CARD),
                                 lambda g, ctx, c: c.owner == ctx.controller and "creature" in c.cdef.types)


def _resurrection(g: Game, ctx: Ctx) -> Gen:
    for c in each_target(ctx):
        if c.zone == "graveyard":
            new = g.move(c, "battlefield", controller=ctx.controller)
            g.log(f"{new.name} comes into play from {ctx.me.name}'s graveyard.")
            yield from g.entered(new)


define("Resurrection", spell=SpellSpec(_resurrection, targets=(_YOUR_DEAD_CREATURE,)))


# Consecrate Land: as it comes into play the other enchantments on the land are
# destroyed; then the land cannot be destroyed (nor buried: burying is
# destroying without regeneration) and cannot be the target of another
# enchantment ("further enchanted"): flags read by Game.destroy and by target
# choice. Consecrate Land itself stays on it. Sacrifice and removal from the
# game still take the land.
def _consecrate(g: Game, ctx: Ctx) -> Gen:
    host = g.enchanted(ctx.source)
    if host is None:
        return
    for c in g.attached(host):
        if c is not ctx.source and "enchantment" in g.chars(c).types:
            g.destroy(c)
    return
    yield


define("Consecrate Land", enchant=LAND,
       on_enter=_consecrate, statics=(aura(flag_mod("cannot be destroyed", "cannot be further enchanted")),))


# Farmstead: during the upkeep of the enchanted land's controller, that player
# may pay {W}{W} to gain 1 life, once each turn (optional: nothing happens if
# it is not paid).
def _farmstead(g: Game, ctx: Ctx) -> Gen:
    host = g.enchanted(ctx.source)
    if host is not None:
        g.gain_life(g.controller(host), 1)
    return
    yield


define("Farmstead", enchant=LAND,
       abilities=(Ability("{W}{W}: Gain 1 life. Use this ability only during your upkeep, once each turn",
                          Cost(ManaCost.parse("{W}{W}")), _farmstead, who="enchanted controller",
                          condition=upkeep_of("enchanted controller"), once_per_phase=True),))


# Veteran Bodyguard: while untapped, the damage unblocked creatures would deal
# its controller is dealt to it instead (CombatRules.unblocked_damage_receiver;
# the player may prevent it but not take it). One Bodyguard a turn: once one
# has been dealt such damage (or has it pending) this turn, no other of its
# controller's can take it; with several, the player chooses. Only combat
# damage of unblocked attackers: not trample damage of blocked ones.
def _guards(g: Game, card: Card, p: int) -> bool:
    if g.controller(card) != p or card.tapped or not g.is_creature(card):
        return False
    mine = [c for c in g.battlefield if c.cdef.hooks.takes_unblocked_damage is _guards
            and g.controller(c) == p]
    busy = [c for c in mine if c.flags.get("guarded_turn") == g.turn
            or any(pk.receiver is c and pk.combat for pk in g.pending_damage)]
    return not busy or card in busy


def _guarded(g: Game, ctx: Ctx) -> Gen:
    ctx.source.flags["guarded_turn"] = g.turn
    return
    yield


def _unblocked_hit(g: Game, src: Card, d: dict) -> bool:
    pk = d["packet"]
    cb = g.combat
    if pk.receiver is not src or not pk.combat or cb is None or pk.source_oid is None:
        return False
    band = cb.band_of(pk.source_oid)
    return band is not None and band not in cb.blocked


define("Veteran Bodyguard", hooks=Hooks(takes_unblocked_damage=_guards),
       triggers=(Trigger(Event.DAMAGE_DEALT, _guarded, condition=_unblocked_hit),))


# Guardian Angel: prevents X damage to one creature or player being damaged
# (cast in a damage prevention step). Until end of turn, at the end of each
# damage prevention step in which damage is still pending to that creature or
# player, its caster may pay {1} for each point of it to prevent
# (DamageRules.prevention_offers); declining costs nothing.
def _guardian_angel(g: Game, ctx: Ctx) -> Gen:
    t, p = ctx.target, ctx.controller
    if t is None:
        return
    g.prevent(t, ctx.x, source_name=ctx.spell.packet_from)

    def offer(g2: Game) -> Gen:
        if isinstance(t, Card) and t not in g2.battlefield:
            return
        pending = sum(pk.amount for pk in g2.pending_damage if pk.receiver is t)
        most = min(pending, g2.max_mana(p))
        if most <= 0:
            return
        ans = yield from g2.ask(p, DecisionKind.CHOOSE, f"Guardian Angel: pay {{1}} for each point of damage to "
                                f"{ref(g2, t)} to prevent ({pending} pending)",
                                [f"choose {n}" for n in range(most + 1)], decline="choose 0", about="Guardian Angel")
        n = int(ans[len("choose "):])
        if n and (yield from pay_to_use(g2, p, f"{{{n}}}", "", "Guardian Angel", ask=False)):
            g2.prevent(t, n)
    g.effects.append(Effect(g.stamp(), None, lambda g2, card, c: None, "eot", applies=lambda g2, card, c: False,
                            hooks=EffectHooks(prevention_offer=offer)))
    return
    yield


define("Guardian Angel", spell=SpellSpec(_guardian_angel, targets=(DAMAGED_CREATURE_OR_PLAYER,), prevention=True))


# Blaze of Glory: cast during an attack, before blockers are declared. The
# target creature of the defending player must block each attacking creature
# it can legally block, all at once (the flag "blocks each attacker", read by
# the blocking rules; a tapped creature or one unable to block a flyer blocks
# none or fewer), and its controller divides its damage among them
# (CombatRules._several_blocked_damage). It may also be declared blocking
# nothing more: the requirement is met by its blocks alone.
def _before_blocks(g: Game, p: int, card: Card) -> bool:
    return g.combat is not None and g.step == "attack"


define("Blaze of Glory", spell=SpellSpec(until_eot(flag_mod("blocks each attacker")), targets=(creature_where(
    "target defending creature", lambda g, ctx, c: g.combat is not None and g.controller(c) == g.combat.defender),)),
    hooks=Hooks(can_cast=_before_blocks))
