"""The names two players go by inside a duel.

The bot knows players by their Discord user ids (``DuelRecord.player_ids``); the engine
knows its two seats by name, and those names are part of the action language: ``target
Alex``, ``Forest@Alex``, and in a ``/duel log`` replay every line is ``Alex: <answer>``.
A display name is chosen by its owner and can be anything, so it is never used as is:

* the seat names of a duel are made once, when the challenge is made, from the display
  names, and stored with the duel (``player_names``): the log, the replay and every later
  rebuild use the stored names, whatever the players rename themselves to later;
* they hold only letters, digits and ``_ - . '`` (other characters become ``_``), so no
  ``:`` (the replay's separator), ``#`` or ``@`` (parts of a reference) and no words of the
  action language glued on with spaces, at most :data:`MAX_SEAT_NAME` characters;
* they are unique: two players both called "Alex" sit as ``Alex_1`` and ``Alex_2`` (a
  Lightning Bolt at one never resolves to the other); a name that is empty once cleaned,
  or that is a card's name, gets its seat number too.
"""
from __future__ import annotations

import re

from engine import carddb

MAX_SEAT_NAME = 24
_OTHER = re.compile(r"[^\w.'-]+")


def seat_names(first: str, second: str) -> tuple[str, str]:
    """The engine names of seat 0 (the challenger) and seat 1, from their display names.

    >>> seat_names("Alex", "Alex")
    ('Alex_1', 'Alex_2')
    >>> seat_names("a:b #2", "Bob @home")
    ('a_b_2', 'Bob_home')
    """
    cards = {n.lower() for n in carddb.card_data()}
    names = []
    for seat, display in enumerate((first, second), 1):
        name = _OTHER.sub("_", display).strip("_.'-")[:MAX_SEAT_NAME].strip("_.'-")
        if not name:
            name = "Player"
        if name == "Player" or name.lower() in cards:
            name = f"{name}_{seat}"
        names.append(name)
    if names[0].lower() == names[1].lower():
        names = [f"{names[0]}_1", f"{names[1]}_2"]
    return names[0], names[1]
