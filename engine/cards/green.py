"""Green cards."""
from __future__ import annotations

from ..carddb import define

for _name in ("Grizzly Bears", "Craw Wurm", "Ironroot Treefolk", "Scryb Sprites", "Shanodin Dryads",
              "War Mammoth"):
    define(_name)
