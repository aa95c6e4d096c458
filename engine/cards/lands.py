"""Lands."""
from __future__ import annotations

from ..carddb import define
from ..model import ManaAbility

BASICS = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}

for _name, _sym in BASICS.items():
    define(_name, mana_abilities=(ManaAbility(_sym),))
    define(f"Snow-Covered {_name}", mana_abilities=(ManaAbility(_sym),))
