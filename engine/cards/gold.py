"""Multicolored cards."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..carddb import define
from ..hooks import Hooks
from ..objects import Card

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game


# Winter's Night: a snow-covered land tapped for mana makes one more of the same
# and does not untap during its controller's next untap phase.
def _winters_extra(g: Game, src: Card, land: Card) -> int:
    if "snow" in land.cdef.supertypes and "land" in g.chars(land).types:
        land.flags["frozen_until_turn"] = g.turn + (2 if g.controller(land) == g.active else 1)
        return 1
    return 0


define("Winter's Night", hooks=Hooks(extra_mana=_winters_extra))
