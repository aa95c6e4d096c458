"""Blue cards."""
from __future__ import annotations

from ..carddb import define
from ..effects import SPELL, counter_target
from ..model import SpellSpec

for _name in ("Merfolk of the Pearl Trident", "Air Elemental"):
    define(_name)

define("Counterspell", spell=SpellSpec(counter_target(), targets=(SPELL,)))
