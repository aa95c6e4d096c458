"""Green cards."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from ..carddb import define
from ..ctx import Ctx
from ..decisions import DecisionKind
from ..effects import (untap_targets, damage_enchanted_controller, ARTIFACT, CREATURE, LAND, PERMANENT, PLAYER, SPELL_OR_PERMANENT, add_counters, aura,
                       change_color, counter_target, destroy_all, destroy_targets, during_upkeep, each_target,
                       flag_mod, graveyard_to_hand, on_enchanted, on_source, pay_to_use, pump, pump_mod,
                       regeneration, self_only, static_for, until_eot, upkeep_cost)
from ..effects import destroy_lands, land_type_static, lands_of_type  # words of the card's text (Magical Hack)
from ..hooks import EffectHooks, Hooks
from ..mana import COLOR_LETTERS, ManaCost
from ..model import (Ability, Cost, Delayed, EffectFn, Event, Gen, Kind, ManaAbility, SpellSpec, Speed, Static, Target,
                     TargetSpec, Trigger, kinds)
from ..objects import Card, Chars, Effect, Player, Spell
from ..refs import ref
from ..words import counted
from ..tracked import bump

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

_BASIC_TYPES = ("plains", "island", "swamp", "mountain", "forest")

for _name in ("Grizzly Bears", "Craw Wurm", "Ironroot Treefolk", "Scryb Sprites", "Shanodin Dryads",
              "War Mammoth", "Durkwood Boars", "Elvish Archers", "Land Leeches", "Timber Wolves",
              "Carnivorous Plant", "Wall of Ice", "Wall of Wood"):
    define(_name)

define("Giant Spider", keywords=("can block flying",))
define("Deadly Insect", keywords=("untargetable",))
define("Llanowar Elves", mana_abilities=(ManaAbility("G"),))
define("Birds of Paradise", mana_abilities=(ManaAbility("WUBRG"),))
define("Wall of Brambles", abilities=(regeneration("{G}"),))
define("Giant Growth", spell=SpellSpec(pump(3, 3), targets=(CREATURE,)))
define("Lifelace", spell=SpellSpec(change_color("green"), targets=(SPELL_OR_PERMANENT,)))
define("Lure", enchant=CREATURE, statics=(aura(flag_mod("must be blocked by all")),))
define("Regeneration", enchant=CREATURE, abilities=(regeneration("{G}", "Regenerate enchanted creature"),))
define("Web", enchant=CREATURE, statics=(aura(lambda g, card, c: (pump_mod(0, 2)(g, card, c),
                                                                  c.keywords.add("can block flying"))),))
define("Killer Bees", abilities=(Ability("{G}: +1/+1 until end of turn", Cost(ManaCost.parse("{G}")),
                                         on_source(pump(1, 1))),))
define("Pradesh Gypsies", abilities=(Ability("{1}{G}, {T}: Target creature gets -2/-0 until end of turn",
                                             Cost(ManaCost.parse("{1}{G}"), tap=True), pump(-2, 0),
                                             targets=(CREATURE,)),))


def _lose_flying(g: Game, card: Card, c: Chars) -> None:
    c.keywords.discard("flying")


define("Radjan Spirit", abilities=(Ability("{T}: Target creature loses flying until end of turn", Cost(tap=True),
                                           until_eot(_lose_flying), targets=(CREATURE,)),))

define("Desert Twister", spell=SpellSpec(destroy_targets(), targets=(PERMANENT,)))
define("Tranquility", spell=SpellSpec(destroy_all(lambda g, c: "enchantment" in g.chars(c).types)))
define("Tsunami", spell=SpellSpec(destroy_lands("island")))


def _hurricane(g: Game, ctx: Ctx) -> Gen:
    for p in (g.active, 1 - g.active):
        g.deal_damage(ctx.spell, g.players[p], ctx.x)
    for c in g.creatures():
        if "flying" in g.chars(c).keywords:
            g.deal_damage(ctx.spell, c, ctx.x)
    return
    yield


define("Hurricane", spell=SpellSpec(_hurricane))


def _stream(g: Game, ctx: Ctx) -> Gen:
    for p in each_target(ctx):
        g.gain_life(p.idx, ctx.x)
    return
    yield


define("Stream of Life", spell=SpellSpec(_stream, targets=(PLAYER,)))


# Crumble: bury the artifact; its controller (when Crumble resolves) gains
# life equal to its converted casting cost.
def _crumble(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        who = g.controller(t)
        g.destroy(t, bury=True)
        g.gain_life(who, t.cdef.cost.converted)
    return
    yield


define("Crumble", spell=SpellSpec(_crumble, targets=(ARTIFACT,)))


def _sandstorm(g: Game, ctx: Ctx) -> Gen:
    if g.combat is not None:
        for oid in g.combat.attackers():
            c = g.find(oid)
            if c is not None:
                g.deal_damage(ctx.spell, c, 1)
    return
    yield


define("Sandstorm", spell=SpellSpec(_sandstorm))


# Winter Blast: X is the number of target creatures chosen (at least one).
def _winter_blast(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        t.tapped = True
        g.log(f"{t.name} is tapped.")
        if "flying" in g.chars(t).keywords:
            g.deal_damage(ctx.spell, t, 2)
    return
    yield


define("Winter Blast", spell=SpellSpec(_winter_blast, targets=(CREATURE,), multi_target=True,
                                       x_from_target=lambda g, ctx: len(ctx.targets)))


# Fog: a continuous effect until end of turn reducing all combat damage to 0.
# (Not a damage prevention spell: it cannot be cast during a damage prevention
# step, only before combat damage is dealt.)
def _fog(g: Game, ctx: Ctx) -> Gen:
    g.effects.append(Effect(g.stamp(), None, lambda g2, card, c: None, "eot",
                            applies=lambda g2, card, c: False,
                            hooks=EffectHooks(reduce_damage=lambda g2, pk: pk.combat)))
    g.log("No creatures deal damage in combat this turn.")
    return
    yield


define("Fog", spell=SpellSpec(_fog))


# Channel: until end of turn its caster may add {C} for 1 life at any time
# mana could be drawn ("add C via Channel"). The life is a cost, paid as mana
# is added: no damage, so no prevention. Choice (as for every life cost in
# Manaburn): a player may pay life down to exactly 0, and then loses.
def _channel(g: Game, ctx: Ctx) -> Gen:
    me = ctx.controller
    g.effects.append(Effect(g.stamp(), None, lambda g2, card, c: None, "eot",
                            applies=lambda g2, card, c: False,
                            hooks=EffectHooks(player_mana=lambda g2, p: [("Channel", "C", 1)] if p == me else [])))
    g.log(f"Until end of turn {ctx.me.name} may add colorless mana for 1 life each.")
    return
    yield


define("Channel", spell=SpellSpec(_channel))


# ------------------------------------------------------------------ enchantments

def _aspect(g: Game, src: Card, card: Card, c: Chars) -> None:
    n = len(lands_of_type(g, src, g.controller(src), "forest"))
    if c.power is not None:
        c.power += n // 2
        c.toughness = (c.toughness or 0) + (n + 1) // 2


define("Aspect of Wolf", enchant=CREATURE, statics=(Static(
    applies=lambda g, src, card, c: src.attached_to == card.oid, modify=_aspect, active=lambda g, src: True),))


# Instill Energy: the creature may attack the turn it comes under the
# enchantment controller's control; {0}: untap it, during that player's turn,
# once each turn.
def _instill(g: Game, src: Card, card: Card, c: Chars) -> None:
    if c.controller == g.controller(src):
        c.keywords.add("can attack the turn it comes into play")




define("Instill Energy", enchant=CREATURE,
       statics=(Static(applies=lambda g, src, card, c: src.attached_to == card.oid, modify=_instill,
                       active=lambda g, src: True),),
       abilities=(Ability("{0}: During your turn, untap the creature Instill Energy enchants. Use only once each turn",
                          Cost(), on_enchanted(untap_targets), once_per_turn=True,
                          condition=lambda g, c: g.active == g.controller(c) and g.enchanted(c) is not None),))


# Wild Growth: each time the land is tapped for mana, {G} more for Wild
# Growth's controller (4th Edition text: "adds {G} to your mana pool").
def _wild_growth(g: Game, ctx: Ctx) -> Gen:
    g.players[ctx.controller].pool.add("G", 1)
    g.log(f"Wild Growth adds {{G}} to {ctx.me.name}'s mana pool.")
    return
    yield


define("Wild Growth", enchant=LAND, triggers=(Trigger(
    Event.TAPPED_FOR_MANA, _wild_growth, condition=lambda g, src, d: d["card"].oid == src.attached_to),))


def _living(g: Game, src: Card, card: Card, c: Chars) -> None:
    c.types.add("creature")
    c.set_pt(1, 1)


# Living Lands: forests are 1/1 creatures (colorless); as creatures they cannot
# tap for mana the turn they come into play (the core's summoning sickness).
define("Living Lands", statics=(Static(applies=land_type_static("forest"), modify=_living, layer=1),))


def _black_spell(g: Game, ctx: Ctx, s: Target) -> bool:
    col = COLOR_LETTERS[g.word(ctx.source, "black")]
    return isinstance(s, Spell) and s.card is not None and col in s.colors


define("Lifeforce", abilities=(Ability(
    "{G}{G}: Counter target black spell", Cost(ManaCost.parse("{G}{G}")), counter_target(),
    targets=(TargetSpec("target black spell", kinds(Kind.SPELL), _black_spell),), speed=Speed.INTERRUPT),))


# Titania's Song: non-creature artifacts lose their abilities and become
# artifact creatures with power and toughness equal to their casting cost.
# When the Song goes to the graveyard the change lasts until the end of that
# turn ("just before the untap phase of the next turn"). (Known limit: if the
# Song leaves play some other way, the change ends at once.)
def _song_applies(g: Game, card: Card, c: Chars) -> bool:
    return "artifact" in c.types and "creature" not in c.types


def _song_mod(g: Game, card: Card, c: Chars) -> None:
    c.types.add("creature")
    c.set_pt(card.cdef.cost.converted, card.cdef.cost.converted)


def _song_strips(g: Game, card: Card) -> bool:
    t = g.chars_basic(card)
    return card.zone == "battlefield" and "artifact" in t and "creature" not in t


def _song_leaves(g: Game, ctx: Ctx) -> Gen:
    old = ctx.data["old"]
    g.effects.append(Effect(old.timestamp, None, _song_mod, "eot", applies=_song_applies, layer=1,
                            hooks=EffectHooks(removes_abilities=_song_strips)))
    return
    yield


define("Titania's Song",
       statics=(Static(applies=lambda g, src, card, c: _song_applies(g, card, c),
                       modify=lambda g, src, card, c: _song_mod(g, card, c), layer=1),),
       hooks=Hooks(removes_abilities=lambda g, src, card: _song_strips(g, card)),
       triggers=(Trigger(Event.TO_GRAVEYARD, _song_leaves, condition=lambda g, src, d: d["card"] is src,
                         zones=("graveyard",)),))


# Sylvan Library: in its controller's draw phase, they may draw two more
# cards; then, for two of the cards drawn this turn, put it back on top of the
# library or pay 4 life (a loss of life: no prevention). Choices: asked before
# the draw; the put-back choice comes right after the draw, one card at a
# time, the card put back last ending on top; paying is offered only while
# the player has at least 4 life.
def _sylvan_draw(g: Game, src: Card, p: int, n: int) -> Gen:
    if g.controller(src) != p:
        return n
    ans = yield from g.ask(p, DecisionKind.CHOOSE, "Sylvan Library: draw two extra cards?",
                           ["choose yes", "choose no"], decline="choose no", about=src.name)
    if ans != "choose yes":
        return n
    src.flags["sylvan_turn"] = g.turn
    g.log(f"{g.players[p].name} draws two extra cards (Sylvan Library).")
    return n + 2


def _sylvan_after(g: Game, src: Card, p: int) -> Gen:
    if src.flags.pop("sylvan_turn", None) != g.turn or g.controller(src) != p:
        return
    pl = g.players[p]
    for _ in range(2):
        drawn = [c for c in pl.hand if c.flags.get("drawn_turn") == g.turn]
        if not drawn:
            break
        choices = [f"choose {n}" for n in sorted({c.name for c in drawn})]
        if pl.life >= 4:
            choices.append("choose pay 4 life")
        ans = yield from g.ask(p, DecisionKind.CHOOSE,
                               "Sylvan Library: put a card drawn this turn back on top of your library, or pay 4 life",
                               choices, about=src.name)
        if ans == "choose pay 4 life":
            g.lose_life(p, 4, " for Sylvan Library")
            continue
        card = next(c for c in drawn if c.name == ans[len("choose "):])
        g.move(card, "library")
        g.log(f"{pl.name} puts a card back on top of their library (Sylvan Library).")


define("Sylvan Library", hooks=Hooks(draw_count=_sylvan_draw, after_draw=_sylvan_after))


# Verduran Enchantress: {0}: draw a card when its controller successfully
# casts an enchantment, once per enchantment. Choice (as Ivory Cup): offered
# as a yes/no question when the enchantment is successfully cast.
def _enchantress(g: Game, ctx: Ctx) -> Gen:
    paid = yield from pay_to_use(g, ctx.controller, "{0}", f"Verduran Enchantress: draw a card "
                                 f"({ctx.data['spell'].name} was cast)?", ctx.source.name)
    if paid:
        yield from g.draw(ctx.controller, 1)
        g.log(f"{ctx.me.name} draws a card (Verduran Enchantress).")


define("Verduran Enchantress", triggers=(Trigger(
    Event.SPELL_CAST, _enchantress,
    condition=lambda g, src, d: (d["spell"].card is not None and "enchantment" in d["spell"].types
                                 and d["spell"].controller == g.controller(src))),))



_wl_ab, _wl_end = during_upkeep("Wanderlust deals 1 damage to the creature's controller", damage_enchanted_controller(1),
                                whose="enchanted controller")
define("Wanderlust", enchant=CREATURE, abilities=(_wl_ab,), hooks=Hooks(end_of_upkeep=_wl_end))


# ------------------------------------------------------------------ combat killers

# Venom, Cockatrice, Thicket Basilisk: "At the end of combat, destroy all
# non-wall creatures blocking or blocked by X". Who blocks whom is noted when
# blockers are declared; the destruction happens at end of combat even if X
# has left play or regenerated meanwhile (MicroProse manual, "Regeneration":
# the Venom example). A creature no longer in the combat by then (removed from
# it) is spared; being a wall is checked at end of combat.
def _end_of_combat_destroy(g: Game, ctx: Ctx) -> Gen:
    d = ctx.data["delayed"]
    v = g.find(d.data["oid"])
    cb = ctx.data.get("combat")
    if v is not None and cb is not None and cb.involves(v.oid) and "wall" not in g.chars(v).subtypes:
        g.log(f"{d.name} destroys {v.name}.")
        g.destroy(v)
    return
    yield


def _combat_killer(host: Callable[[Game, Card], int | None]) -> Trigger:
    def victims(g: Game, src: Card, d: dict[str, Any]) -> list[Card]:
        cb, h = g.combat, host(g, src)
        if cb is None or h is None:
            return []
        blocker, attacker = d["blocker"], d["attacker"]
        band = cb.band_of(attacker.oid)
        if band is None:
            return []
        if blocker.oid == h:  # it blocks the whole band
            return [c for c in (g.find(o) for o in cb.bands[band]) if c is not None]
        if h in cb.bands[band]:
            return [blocker]
        return []

    def effect(g: Game, ctx: Ctx) -> Gen:
        for v in victims(g, ctx.source, ctx.data):
            g.delayed.append(Delayed(Event.END_OF_COMBAT, _end_of_combat_destroy, ctx.controller,
                                     ctx.source.name, turn=g.turn, data={"oid": v.oid}))
        return
        yield

    return Trigger(Event.BLOCKS, effect, condition=lambda g, src, d: bool(victims(g, src, d)))


define("Venom", enchant=CREATURE, triggers=(_combat_killer(lambda g, src: src.attached_to),))
define("Cockatrice", triggers=(_combat_killer(lambda g, src: src.oid),))
define("Thicket Basilisk", triggers=(_combat_killer(lambda g, src: src.oid),))


def _riders_blockable(g: Game, attacker: Card, blocker: Card) -> bool:
    ch = g.chars(blocker)
    return "wall" in ch.subtypes or "flying" in ch.keywords


define("Elven Riders", hooks=Hooks(can_be_blocked_by=_riders_blockable))


# ------------------------------------------------------------------ damage triggers

def _dealt_to_player(pred: Callable[[Game, Card, Player], bool]) -> Callable[[Game, Card, dict[str, Any]], bool]:
    def cond(g: Game, src: Card, d: dict[str, Any]) -> bool:
        pk = d["packet"]
        return (pk.source_oid == src.oid and isinstance(pk.receiver, Player) and pk.amount > 0
                and pred(g, src, pk.receiver))
    return cond


def _viper(g: Game, ctx: Ctx) -> Gen:
    victim = ctx.data["packet"].receiver
    victim.poison += 2
    g.log(f"{victim.name} gets two poison counters ({victim.poison}).")
    return
    yield


define("Marsh Viper", triggers=(Trigger(Event.DAMAGE_DEALT, _viper, condition=_dealt_to_player(lambda g, s, p: True)),))


# Nafs Asp: damage to a player sets up 1 damage to that player in their next
# draw phase, unless they pay {1} first. Choices: the payment is offered as
# that draw phase begins, just before the damage (the last moment "before
# then"); the damage comes from the Asp as it was, even if it has left play,
# and it does not itself set up more damage (it is the same bite, not a new
# one: otherwise one hit would hurt every draw phase for ever).
def _asp_bite(g: Game, ctx: Ctx) -> Gen:
    d = ctx.data["delayed"]
    p = d.data["victim"]
    paid = yield from pay_to_use(g, p, "{1}", "Nafs Asp: pay {1} to prevent 1 damage?", "Nafs Asp")
    if paid:
        g.log(f"{g.players[p].name} pays {{1}}: Nafs Asp deals no damage.")
    else:
        g.deal_damage(d.data["source"], g.players[p], 1)


def _asp(g: Game, ctx: Ctx) -> Gen:
    victim = ctx.data["packet"].receiver
    ch = g.chars(ctx.source)
    snap = {"colors": frozenset(ch.colors), "types": frozenset(ch.types), "oid": None,
            "name": ctx.source.name, "controller": ctx.controller}
    g.delayed.append(Delayed(Event.DRAW_STEP, _asp_bite, ctx.controller, ctx.source.name,
                             condition=lambda g2, dl, data: data.get("player") == dl.data["victim"],
                             data={"victim": victim.idx, "source": snap}))
    return
    yield


define("Nafs Asp", triggers=(Trigger(Event.DAMAGE_DEALT, _asp, condition=_dealt_to_player(lambda g, s, p: True)),))


# Fungusaur and Whirling Dervish: noted when the damage is dealt, the counter
# comes at the very end of the turn (an "at end of turn" effect).
def _note_turn(key: str) -> EffectFn:
    def fn(g: Game, ctx: Ctx) -> Gen:
        ctx.source.flags[key] = g.turn
        return
        yield
    return fn


def _counter_at_eot(key: str) -> EffectFn:
    def fn(g: Game, ctx: Ctx) -> Gen:
        if ctx.source.flags.pop(key, None) == g.turn:
            add_counters(g, ctx.source, "+1/+1", 1)
        return
        yield
    return fn


define("Fungusaur", triggers=(
    Trigger(Event.DAMAGE_DEALT, _note_turn("damaged_turn"),
            condition=lambda g, src, d: d["packet"].receiver is src and d["packet"].amount > 0),
    Trigger(Event.END_OF_TURN, _counter_at_eot("damaged_turn")),
))
define("Whirling Dervish", triggers=(
    Trigger(Event.DAMAGE_DEALT, _note_turn("hit_opponent_turn"),
            condition=_dealt_to_player(lambda g, src, p: p.idx != g.controller(src))),
    Trigger(Event.END_OF_TURN, _counter_at_eot("hit_opponent_turn")),
))


# ------------------------------------------------------------------ other creatures

def _untap_land(g: Game, ctx: Ctx) -> Gen:
    yield from untap_targets(g, ctx)


define("Ley Druid", abilities=(Ability("{T}: Untap target land", Cost(tap=True), _untap_land, targets=(LAND,),
                                       speed=Speed.INTERRUPT),))

_upkeep_text = "During your upkeep, pay {G}{G}{G}{G} or Force of Nature deals 8 damage to you"


def _force_penalty(g: Game, card: Card) -> Gen:
    g.deal_damage(card, g.players[g.controller(card)], 8)
    return
    yield


_fon_ab, _fon_end = upkeep_cost(_upkeep_text, "{G}{G}{G}{G}", _force_penalty)
define("Force of Nature", abilities=(_fon_ab,), hooks=Hooks(end_of_upkeep=_fon_end))


# Gaea's Liege: */* = forests its controller controls, or while attacking the
# forests the defending player controls. {T}: a land becomes a basic forest
# until the Liege leaves play (like any land changed to another land type it
# then has a forest's text box only: Game.land_type_changed).
def _liege_pt(g: Game, card: Card, c: Chars) -> None:
    cb = g.combat
    p = cb.defender if cb is not None and cb.band_of(card.oid) is not None else c.controller
    n = len(lands_of_type(g, card, p, "forest"))
    c.set_pt(n, n)


def _basic_land_mod(word: str) -> Callable[[Game, Card, Chars], None]:
    def m(g: Game, card: Card, c: Chars) -> None:
        c.subtypes.difference_update(_BASIC_TYPES)
        c.subtypes.add(word)
        c.supertypes.add("basic")
    return m


def _liege_forest(g: Game, ctx: Ctx) -> Gen:
    liege = ctx.source.oid
    word = g.word(ctx.source, "forest")  # the land type as the Liege's text reads it when used
    for t in each_target(ctx):
        def alive(g2: Game, liege: int = liege) -> bool:
            return g2.find(liege) is not None
        g.effects.append(Effect(g.stamp(), t.oid, _basic_land_mod(word), "forever", layer=1, condition=alive,
                                source_oid=liege))
        g.log(f"{t.name} becomes a {word}.")
    return
    yield


define("Gaea's Liege", statics=(static_for(self_only, _liege_pt, layer=-1),),  # */*: before other effects
       abilities=(Ability("{T}: Target land becomes a basic forest until Gaea's Liege leaves play", Cost(tap=True),
                          _liege_forest, targets=(LAND,)),))


# Rebirth: each player, the active player first, may be healed to 20 life by
# anteing the top card of their library. Only in a duel played for ante.
def _rebirth(g: Game, ctx: Ctx) -> Gen:
    for p in (g.active, 1 - g.active):
        pl = g.players[p]
        ans = yield from g.ask(p, DecisionKind.CHOOSE, "Rebirth: ante the top card of your library to go to 20 life?",
                               ["choose yes", "choose no"], decline="choose no", about="Rebirth")
        if ans != "choose yes":
            continue
        pl.life = 20
        g.log(f"{pl.name}'s life becomes 20 (Rebirth).")
        if pl.library:
            c = g.move(pl.library[0], "ante")
            c.face_down = not g.options.ante_face_up
            g.log(f"{pl.name} antes " + ("the top card of their library." if c.face_down else f"{c.name}."))


define("Rebirth", spell=SpellSpec(_rebirth), hooks=Hooks(can_cast=lambda g, p, card: g.ante_on))


# Untamed Wilds: any basic land from the library into play (not the land of
# the turn); the player may find nothing; then the library is shuffled.
def _wilds(g: Game, ctx: Ctx) -> Gen:
    p = ctx.controller
    pl = g.players[p]
    basics = [c for c in pl.library if "basic" in c.cdef.supertypes and "land" in c.cdef.types]
    names = sorted({c.name for c in basics})
    ans = yield from g.ask(p, DecisionKind.CHOOSE, "Untamed Wilds: choose a basic land",
                           [f"choose {n}" for n in names] + ["choose nothing"], decline="choose nothing",
                           about="Untamed Wilds")
    if ans != "choose nothing":
        card = next(c for c in basics if c.name == ans[len("choose "):])
        new = g.move(card, "battlefield", controller=p)
        g.log(f"{pl.name} puts {new.name} into play (Untamed Wilds).")
        yield from g.entered(new)
    g.shuffle(p)
    g.log(f"{pl.name} shuffles their library.")


define("Untamed Wilds", spell=SpellSpec(_wilds))



# ================================================================= Alpha to Revised, not in Fourth Edition

# Ice Storm: "Destroys any one land": a target land, as Stone Rain.
define("Ice Storm", spell=SpellSpec(destroy_targets(), targets=(LAND,)))


# Regrowth: "Bring any card from your graveyard to your hand." The card is
# chosen as Regrowth is cast (a target, as in the MicroProse game and the
# Oracle wording), so a card gone from the graveyard by then makes it fizzle.
define("Regrowth", spell=SpellSpec(graveyard_to_hand(), targets=(TargetSpec(
    "target card in your graveyard", kinds(Kind.GRAVEYARD_CARD), lambda g, ctx, c: c.owner == ctx.controller),)))


# Berserk: the creature's power when Berserk resolves is added to it (+X/+0)
# until end of turn, with trample; if it attacks this turn (before or after
# Berserk), it is destroyed at end of turn (even if it is no longer a
# creature then). Cannot be cast once this turn's attack is over (an attack
# announced but aborted is not an attack: attack_done is set only when
# attackers are declared).
def _berserk_attacked(g: Game, ctx: Ctx) -> Gen:
    mem = ctx.data["delayed"].data
    if ctx.data["card"].oid == mem["target"]:
        mem["attacked"] = True
    return
    yield


def _berserk_end(g: Game, ctx: Ctx) -> Gen:
    mem = ctx.data["delayed"].data
    c = g.find(mem["target"])
    if c is not None and mem["attacked"]:
        g.log(f"{c.name} attacked this turn: Berserk destroys it.")
        g.destroy(c)
    return
    yield


def _berserk(g: Game, ctx: Ctx) -> Gen:
    for t in each_target(ctx):
        power = g.chars(t).power or 0
        g.effects.append(Effect(g.stamp(), t.oid, lambda g2, card, c, n=power: (
            pump_mod(n, 0)(g2, card, c), c.keywords.add("trample")), "eot"))
        mem = {"target": t.oid, "attacked": g.combat is not None and g.combat.band_of(t.oid) is not None}
        g.delayed.append(Delayed(Event.ATTACKS, _berserk_attacked, ctx.controller, "Berserk", once=False,
                                 turn=g.turn, data=mem))
        g.delayed.append(Delayed(Event.END_OF_TURN, _berserk_end, ctx.controller, "Berserk", turn=g.turn, data=mem))
        g.log(f"{t.name}'s power doubles to {2 * power} and it gains trample.")
    return
    yield


define("Berserk", spell=SpellSpec(_berserk, targets=(CREATURE,)),
       hooks=Hooks(can_cast=lambda g, p, card: not g.attack_done or g.combat is not None))


# Fastbond: its controller may play any number of lands each turn; each land
# played beyond the first that turn makes Fastbond deal 1 damage to them.
def _fastbond_damage(g: Game, ctx: Ctx) -> Gen:
    g.deal_damage(ctx.source, ctx.me, 1)
    return
    yield


define("Fastbond", hooks=Hooks(more_lands=lambda g, src, p: g.controller(src) == p),
       triggers=(Trigger(Event.ENTERS, _fastbond_damage, condition=lambda g, src, d: (
           d["card"].flags.get("played", 0) > 1 and g.controller(d["card"]) == g.controller(src))),))


# Natural Selection: the caster looks at the top three cards of target
# player's library (secretly), then either shuffles that library or puts
# those cards back in the order they choose (top card chosen first).
def _natural_selection(g: Game, ctx: Ctx) -> Gen:
    p = ctx.controller
    for t in each_target(ctx):
        top = t.library[:3]
        if not top:
            g.log(f"{t.name}'s library is empty.")
            continue
        g.secrets.append((p, f"Natural Selection: the top of {t.name}'s library is " +
                          ", ".join(c.name for c in top) + "."))
        g.log(f"{ctx.me.name} looks at the top {counted(len(top), 'card')} of {t.name}'s library.")
        ans = yield from g.ask(p, DecisionKind.CHOOSE, "Natural Selection: rearrange those cards, or shuffle the "
                               "library?", ["choose rearrange", "choose shuffle"], decline="choose rearrange",
                               about="Natural Selection")
        if ans == "choose shuffle":
            g.shuffle(t.idx)
            g.log(f"{t.name}'s library is shuffled.")
            continue
        rest = list(top)
        order: list[Card] = []
        while len(rest) > 1:
            names = sorted({c.name for c in rest})
            pick = names[0]
            if len(names) > 1:
                ans = yield from g.ask(p, DecisionKind.CHOOSE, f"Natural Selection: which card goes on top "
                                       f"({len(order) + 1} of {len(top)})?", [f"choose {n}" for n in names],
                                       about="Natural Selection")
                pick = ans[len("choose "):]
            card = next(c for c in rest if c.name == pick)
            rest.remove(card)
            order.append(card)
        order += rest
        del t.library[:len(top)]
        t.library[0:0] = order
        g.log(f"{ctx.me.name} puts the cards back in the order they choose.")
    return


define("Natural Selection", spell=SpellSpec(_natural_selection, targets=(PLAYER,)))


# Kudzu: when the enchanted land becomes tapped, it is destroyed; then the
# player whose land it was may put Kudzu on another land in play (any
# player's; not a target), else it goes to the graveyard as an aura on
# nothing. Destroyed by a spell, the land takes Kudzu with it.
def _kudzu(g: Game, ctx: Ctx) -> Gen:
    kudzu, land = ctx.source, ctx.data["card"]
    owner = g.controller(land)
    g.log(f"{land.name} became tapped: Kudzu destroys it.")
    g.destroy(land)
    others = [c for c in g.permanents(type_="land") if c is not land and g.aura_legal(kudzu, c)]
    if others:
        yield from _kudzu_move(g, kudzu, owner, others)
    yield from g.settle()


def _kudzu_move(g: Game, kudzu: Card, owner: int, others: list[Card]) -> Gen:
    ch = [f"choose {ref(g, c)}" for c in others]
    ans = yield from g.ask(owner, DecisionKind.CHOOSE, "Kudzu: put it on another land?", ch + ["choose no"],
                           decline="choose no", parser=g.parser_for(owner, ch + ["choose no"]), about="Kudzu")
    if ans == "choose no":
        return
    new_host = others[ch.index(ans)]
    kudzu.attached_to = new_host.oid
    new_host.was_tapped = new_host.tapped  # only a tapping from now on destroys the new land
    g.log(f"Kudzu moves to {ref(g, new_host)}.")


define("Kudzu", enchant=LAND, triggers=(Trigger(Event.BECOMES_TAPPED, _kudzu,
                                                condition=lambda g, src, d: d["card"].oid == src.attached_to),))


# Camouflage: cast by the attacking player after attackers are declared and
# before blocks. Its attacking creatures are turned face down and mixed: the
# defender sees only face-down creatures (Card.name), in an order drawn from
# the duel's seeded random source (decision: "rearranging them" unseen is, to
# the defender, a shuffle; the shuffle gives them new places in the order of
# play, which is what names them Face-down creature#1, #2...), and may declare
# any creature blocking any of them (CombatRules.can_block). Once blockers
# are declared they are turned face up; a blocker whose block turns out
# impossible (a non-flyer blocking a flyer...) does not block this turn, and
# an attacker left with no blocker is unblocked.
def _camouflage_ok(g: Game, p: int, card: Card) -> bool:
    cb = g.combat
    return cb is not None and p == cb.attacker and g.step == "attack"


def _camouflage_reveal(g: Game, ctx: Ctx) -> Gen:
    cb = g.combat
    oids = ctx.data["delayed"].data["oids"]
    for c in (g.find(o) for o in oids):
        if c is not None and c.face_down:
            c.face_down = False
    g.log("Camouflage: the attacking creatures are turned face up.")
    if cb is None:
        return
    for i in list(cb.blocks):
        band = [m for m in (g.find(o) for o in cb.bands[i]) if m is not None]
        for oid in list(cb.blocks[i]):
            b = g.find(oid)
            if b is not None and band and not any(g.can_block(b, m) for m in band):
                cb.blocks[i].remove(oid)
                bump()  # a band's list of blockers is not tracked itself (engine.tracked)
                g.log(f"{b.name} cannot block {', '.join(m.name for m in band)} (Camouflage): it does not block.")
        if not cb.blocks[i]:
            del cb.blocks[i]
            cb.blocked.discard(i)
    return
    yield


def _camouflage(g: Game, ctx: Ctx) -> Gen:
    cb = g.combat
    if cb is None:
        return
    attackers = [c for c in (g.find(o) for o in cb.attackers()) if c is not None]
    g.rng.shuffle(attackers)
    for c in attackers:
        c.face_down = True
        c.timestamp = g.stamp()
    g.secrets.append((ctx.controller, "Camouflage: " + ", ".join(
        f"{ref(g, c)} is {c.cdef.name}" for c in sorted(attackers, key=lambda c: c.timestamp)) + "."))
    g.log(f"{ctx.me.name} rearranges the attacking creatures face down (Camouflage).")
    g.delayed.append(Delayed(Event.BLOCKERS_DECLARED, _camouflage_reveal, ctx.controller, "Camouflage",
                             turn=g.turn, data={"oids": [c.oid for c in attackers]}))
    return
    yield


define("Camouflage", spell=SpellSpec(_camouflage), hooks=Hooks(can_cast=_camouflage_ok))
