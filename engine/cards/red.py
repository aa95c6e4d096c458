"""Red cards."""
from __future__ import annotations

from ..carddb import define
from ..effects import CREATURE_OR_PLAYER, LAND, damage, destroy_targets
from ..model import SpellSpec

for _name in ("Gray Ogre", "Hill Giant", "Hurloon Minotaur", "Mons's Goblin Raiders", "Wall of Stone"):
    define(_name)

define("Lightning Bolt", spell=SpellSpec(damage(3), targets=(CREATURE_OR_PLAYER,)))
define("Stone Rain", spell=SpellSpec(destroy_targets(), targets=(LAND,)))
