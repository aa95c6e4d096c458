"""Black cards."""
from __future__ import annotations

from ..carddb import define

for _name in ("Scathe Zombies", "Black Knight", "Bog Wraith"):
    define(_name)
