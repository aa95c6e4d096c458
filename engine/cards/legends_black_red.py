"""Legends (LEG) black and red cards.

Each card does what its printed Legends text says (or its latest old
printing's), with the Fifth Edition rules; odd cards are decided in a comment
where they are defined.
"""
from __future__ import annotations

from ..carddb import define

# Rampage creatures: the keyword is read from the printed text ("Rampage: 3")
# and applied as blockers are declared (engine.combat CombatRules.apply_rampage).
for _name in ("Aerathi Berserker", "Frost Giant"):
    define(_name)
