"""Legends (LEG): the green cards and the artifacts.

Each card does what the printed text of its Legends printing says (the text
in ``engine/data/cards.json``), under the Fifth Edition rules. Choices the
text leaves open are written down where they are made.
"""
from __future__ import annotations

from typing import Any

from ..carddb import define
from ..effects import static_for, upkeep_of
from ..model import SICK_ATTACK_OK, SICK_TAP_OK, Ability, Cost, Event, Trigger
from ..objects import Card, Chars

# ------------------------------------------------------------------ enchant worlds
# The enchant world rule itself (only one in play) is the core's:
# CastingRules.bury_older_worlds.


def _crossroads(g: Any, card: Card, c: Chars) -> None:
    c.keywords.update((SICK_ATTACK_OK, SICK_TAP_OK))


# Concordant Crossroads: every creature, whoever controls it, may attack and
# use {T} abilities (mana abilities too) the turn it comes into play.
define("Concordant Crossroads", statics=(static_for(lambda g, src, card, c: c.is_creature, _crossroads),))


def _living_plane(g: Any, card: Card, c: Chars) -> None:
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
def _arboria_turn(g: Any, ctx: Any) -> Any:
    ctx.source.flags[f"arboria_turn_{g.active}"] = g.turn
    ctx.source.flags[f"arboria_acted_{g.active}"] = False
    return
    yield


def _arboria_acted(g: Any, ctx: Any) -> Any:
    ctx.source.flags[f"arboria_acted_{g.active}"] = True
    return
    yield


def _arboria_attack(g: Any, src: Card, attacker: Card) -> bool:
    d = g.nonactive
    return f"arboria_turn_{d}" not in src.flags or bool(src.flags.get(f"arboria_acted_{d}"))


define("Arboria", hooks={"attack_restriction": _arboria_attack}, triggers=(
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
def _mirror_universe(g: Any, ctx: Any) -> Any:
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
