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

from typing import Any

from ..carddb import define
from ..decisions import DecisionKind
from ..effects import (ARTIFACT, CREATURE_OR_PLAYER, DAMAGED_CREATURE_OR_PLAYER, damage, destroy_all,
                       on_source, prevent_to_target, pump)
from ..mana import ManaCost
from ..model import Ability, Cost, Delayed, Event, ManaAbility, SpellSpec, Trigger, spend_use
from ..objects import Card
from ..refs import ref


def _cost(mana: str = "", **kw: Any) -> Cost:
    return Cost(ManaCost.parse(mana), **kw)


def _is_artifact(g: Any, c: Card) -> bool:
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


def _tron_amount(more: int) -> Any:
    def amount(g: Any, card: Card) -> int:
        p = g.controller(card)
        names = {c.name for c in g.permanents(p, type_="land")}
        return more if all(n in names for n in _TRON) else 1
    return amount


for _name, _more in zip(_TRON, (2, 2, 3)):
    define(_name, mana_abilities=(ManaAbility("C"),), hooks={"mana_amount": _tron_amount(_more)})


# ------------------------------------------------------------------ artifacts and artifact creatures

# Su-Chi: "If Su-Chi goes to the graveyard, its controller gains 4 colorless
# mana": into the pool of whoever controlled it as it left play (it empties,
# and burns, at the end of the phase like any mana).
def _su_chi(g: Any, ctx: Any) -> Any:
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
def _launcher_doom(g: Any, ctx: Any) -> Any:
    launcher = g.find(ctx.data["delayed"].data["launcher"])
    if launcher is not None:
        g.log("Rocket Launcher is destroyed: it was used this turn.")
        g.destroy(launcher)
    return
    yield


def _launch(g: Any, ctx: Any) -> Any:
    yield from damage(1)(g, ctx)
    src = ctx.source
    if not any(d.name == "Rocket Launcher" and d.data.get("launcher") == src.oid for d in g.delayed):
        g.delayed.append(Delayed(Event.END_OF_TURN, _launcher_doom, ctx.controller, "Rocket Launcher",
                                 turn=g.turn, data={"launcher": src.oid}))


define("Rocket Launcher", abilities=(Ability(
    "{2}: Rocket Launcher deals 1 damage to target creature or player; destroy it at end of turn",
    _cost("{2}"), _launch, targets=(CREATURE_OR_PLAYER,), condition=lambda g, c: not c.sick),))


# Candelabra of Tawnos: {X},{T} (a Mono Artifact): untap X different lands,
# chosen one by one as the effect resolves (the text does not target them);
# any lands, either player's, tapped ones offered.
def _candelabra(g: Any, ctx: Any) -> Any:
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
def _power_artifact(g: Any, src: Card, spell: Any, cost: ManaCost) -> ManaCost:
    if spell.ability is None or spell.source is None or spell.source.oid != src.attached_to:
        return cost
    if cost.total == 0 or cost.x:
        return cost
    cut = min(2, cost.generic, cost.total - 1)
    return ManaCost(cost.generic - cut, dict(cost.colored), 0)


define("Power Artifact", enchant=ARTIFACT, hooks={"adjust_cost": _power_artifact})

