"""White cards."""
from __future__ import annotations

from ..carddb import define

for _name in ("Savannah Lions", "Pearled Unicorn", "Tundra Wolves", "Benalish Hero", "Mesa Pegasus",
              "White Knight", "Serra Angel"):
    define(_name, **({"keywords": ("does not tap to attack",)} if _name == "Serra Angel" else {}))
