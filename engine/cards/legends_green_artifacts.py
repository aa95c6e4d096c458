"""Legends (LEG): the green cards and the artifacts.

Each card does what the printed text of its Legends printing says (the text
in ``engine/data/cards.json``), under the Fifth Edition rules. Choices the
text leaves open are written down where they are made.
"""
from __future__ import annotations

from typing import Any

from ..carddb import define
from ..effects import static_for
from ..model import SICK_ATTACK_OK, SICK_TAP_OK
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
