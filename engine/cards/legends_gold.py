"""Legends (LEG): the multicolored cards and the lands.

Every "Summon Legend" (and "Summon Elder Dragon Legend") is a legend and
every "Legendary Land" a legendary land by its type line
(:func:`engine.carddb.parse_type_line`); the legend rule itself, one legend
of a name in play, is a state check (``Game._legend_rule``).
"""
from __future__ import annotations

from ..carddb import define

# Legends with no rules text, or keywords only (read from the text).
for _name in ("Barktooth Warbeard", "Jasmine Boreal", "Jedit Ojanen", "Jerrard of the Closed Fist",
              "Kasimir the Lone Wolf", "Lady Orca", "Sir Shandlar of Eberyn", "Sivitri Scarzam",
              "The Lady of the Mountain", "Tobias Andrion", "Torsten Von Ursus", "Ramirez DePietro"):
    define(_name)
