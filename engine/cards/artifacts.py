"""Artifacts (and artifact creatures)."""
from __future__ import annotations

from typing import Any

from ..carddb import define
from ..effects import (CREATURE, CREATURE_OR_PLAYER, PLAYER, damage, during_upkeep, each_target, flag_mod, grant,
                       pay_to_use, static_for, upkeep_of)
from ..mana import ManaCost
from ..model import Ability, Announce, Cost, Event, Static, Trigger
from ..objects import Card, Chars, Effect, Player

define("Rod of Ruin", abilities=(Ability("{3}, {T}: 1 damage to target creature or player",
                                         Cost(ManaCost.parse("{3}"), tap=True), damage(1),
                                         targets=(CREATURE_OR_PLAYER,)),))
define("Helm of Chatzuk", abilities=(Ability("{1}, {T}: Target creature gains banding until end of turn",
                                             Cost(ManaCost.parse("{1}"), tap=True), grant("banding"),
                                             targets=(CREATURE,)),))


def _glasses(g: Any, ctx: Any) -> Any:
    for p in each_target(ctx):
        g.secrets.append((ctx.controller, f"{p.name}'s hand: " + (", ".join(sorted(c.name for c in p.hand)) or "empty")))
        g.log(f"{ctx.me.name} looks at {p.name}'s hand.")
    return
    yield


define("Glasses of Urza", abilities=(Ability("{T}: Look at target player's hand", Cost(tap=True), _glasses,
                                             targets=(PLAYER,)),))


def _cane(g: Any, ctx: Any) -> Any:
    me = ctx.me
    for c in list(me.graveyard):
        g.move(c, "library")
    g.shuffle(me.idx)
    g.log(f"{me.name} shuffles their graveyard into their library.")
    return
    yield


define("Feldon's Cane", abilities=(Ability("{T}, remove Feldon's Cane from the game: shuffle your graveyard "
                                           "into your library", Cost(tap=True, remove_self=True), _cane),))


# Howling Mine: each player draws one extra card in the draw phase (while untapped).
def _mine_draw(g: Any, src: Card, p: int, n: int) -> Any:
    if g.switched_off(src):
        return n
    return n + 1
    yield


define("Howling Mine", hooks={"draw_count": _mine_draw})


# Black Vise: at the end of the chosen opponent's upkeep, 1 damage per card in hand beyond four.
def _vise(g: Any, ctx: Any) -> Any:
    p = g.players[g.active]
    n = len(p.hand) - 4
    if n > 0:
        g.deal_damage(ctx.source, p, n)
    return
    yield


def _vise_target(g: Any, src: Card) -> int:
    choice = src.chosen.get("choice")
    p = g.player_by_name(choice) if choice else None
    return p.idx if p is not None else 1 - g.controller(src)


define("Black Vise",
       announce=(Announce("choice", "choose the opponent", lambda g, ctx: [g.players[1 - ctx.controller].name]),),
       triggers=(Trigger(Event.END_UPKEEP, _vise, condition=lambda g, src, d: g.active == _vise_target(g, src)),))


# Armageddon Clock
def _clock_counter(g: Any, ctx: Any) -> Any:
    ctx.source.counters["doom"] = ctx.source.counters.get("doom", 0) + 1
    g.log("Armageddon Clock gets a doom counter.")
    return
    yield


def _clock_damage(g: Any, ctx: Any) -> Any:
    n = ctx.source.counters.get("doom", 0)
    for p in (g.active, 1 - g.active):
        g.deal_damage(ctx.source, g.players[p], n)
    return
    yield


def _clock_remove(g: Any, ctx: Any) -> Any:
    src = ctx.source
    if src.counters.get("doom", 0) > 0:
        src.counters["doom"] -= 1
        g.log("A doom counter is removed from Armageddon Clock.")
    return
    yield


_ac_ab, _ac_end = during_upkeep("Put a doom counter on Armageddon Clock", _clock_counter)
define("Armageddon Clock",
       abilities=(_ac_ab, Ability("{4}: Remove a doom counter (any player, during any upkeep)",
                                  Cost(ManaCost.parse("{4}")), _clock_remove, who="any",
                                  condition=lambda g, c: g.phase == "upkeep" and c.counters.get("doom", 0) > 0)),
       hooks={"end_of_upkeep": _ac_end},
       triggers=(Trigger(Event.END_UPKEEP, _clock_damage,
                         condition=lambda g, src, d: g.active == g.controller(src)),))


# Kormus Bell: all swamps become 1/1 black creatures (still lands).
def _bell(g: Any, src: Card, card: Card, c: Chars) -> None:
    c.types.add("creature")
    c.colors = {"B"}
    c.power, c.toughness = 1, 1


define("Kormus Bell", statics=(Static(applies=lambda g, src, card, c: "swamp" in c.subtypes and "land" in c.types,
                                      modify=_bell, layer=1),))


# Soul Net: {1}: gain 1 life when a creature is put into the graveyard from play (once each time).
def _soul_net(g: Any, ctx: Any) -> Any:
    paid = yield from pay_to_use(g, ctx.controller, "{1}", f"Soul Net: pay {{1}} to gain 1 life "
                                 f"({ctx.data['card'].name} died)?", ctx.source.name)
    if paid:
        g.gain_life(ctx.controller, 1)


define("Soul Net", triggers=(Trigger(Event.TO_GRAVEYARD, _soul_net, condition=lambda g, src, d: d["was_creature"]),))


# Ivory Cup: {1}: gain 1 life for a successfully cast white spell (choice: offered when it is cast).
def _cup(g: Any, ctx: Any) -> Any:
    paid = yield from pay_to_use(g, ctx.controller, "{1}", f"Ivory Cup: pay {{1}} to gain 1 life "
                                 f"({ctx.data['spell'].name} was cast)?", ctx.source.name)
    if paid:
        g.gain_life(ctx.controller, 1)


define("Ivory Cup", triggers=(Trigger(Event.SPELL_CAST, _cup,
                                      condition=lambda g, src, d: d["spell"].card is not None and "W" in d["spell"].colors),))


# Tawnos's Weaponry: {2},{T}: target creature +1/+1 as long as it remains tapped; may stay tapped.
def _weaponry(g: Any, ctx: Any) -> Any:
    src = ctx.source
    src_oid = src.oid
    for t in each_target(ctx):
        def still(g2: Any, oid: int = src_oid) -> bool:
            s = g2.find(oid)
            return s is not None and s.tapped
        from ..effects import pump_mod
        g.effects.append(Effect(g.stamp(), t.oid, pump_mod(1, 1), "forever", condition=still, source_oid=src_oid))
    return
    yield


define("Tawnos's Weaponry", hooks={"may_stay_tapped": lambda g, c: True},
       abilities=(Ability("{2}, {T}: Target creature gets +1/+1 as long as Tawnos's Weaponry remains tapped",
                          Cost(ManaCost.parse("{2}"), tap=True), _weaponry, targets=(CREATURE,)),))

_ = Player
