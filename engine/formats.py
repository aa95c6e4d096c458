"""Formats: named rules for which decks are legal.

A format says which cards a deck may hold (a card pool by the sets the
cards were printed in), how many cards it needs, how many copies of one card
it may hold, and which cards are banned or restricted to one copy. Basic
lands are never limited, the snow-covered ones too (Ice Age's rules: they
are basic lands, with the supertype ``basic`` in :mod:`engine.carddb`). A card that Manaburn does not implement is never
legal: the duel could not be played.

The formats:

- ``casual``: any implemented card, at least 40 cards, no limit on copies
  or on the sideboard (what ``/deck import`` has always accepted).
- ``4ED``: the Fourth Edition cards only, the pool of the MicroProse game;
  at least 40 cards (the game's deck builder asked for 40) and at most four
  copies of a card, as the tournament rules of 1996 said; a sideboard of at
  most 15.
- ``oldschool``: Old School 93/94 as Eternal Central writes it: the eight sets Alpha, Beta, Unlimited, Revised, Arabian Nights,
  Antiquities, Legends and The Dark; Revised printings count because a card
  is in the pool by its name); at least 60 cards, four copies at most, the
  ante cards banned and the common restricted list; a sideboard of at most 15
  (the copy limits count deck and sideboard together).
- ``oldschool-swedish``: the same pool with the Swedish restricted list,
  which also restricts Mishra's Workshop and Strip Mine.
- ``oldschool-ec``: Eternal Central's Old School 93/94 as it is played with
  Fallen Empires: the eight sets plus Fallen Empires (``FEM``), the same 22
  restricted cards (Maze of Ith unrestricted since September 2019) and the
  seven ante cards banned. (Fallen Empires is being implemented card by
  card: a card not implemented yet is refused like any other.)
- ``oldschool95``: Eternal Central's Old School 95: the ``oldschool-ec`` pool
  plus Fourth Edition, Ice Age, Chronicles and Homelands; at least 60 cards,
  four copies at most and a sideboard of at most 15 (copies counted across
  deck and sideboard, as the groups that follow Eternal Central write it); 24
  restricted (the 22 above plus Demonic Consultation and Mana Crypt, a later
  promo that is not in the card data); nine banned (the ante cards plus Amulet
  of Quoz and Timmerian Fiends). Necropotence, Strip Mine, Mishra's Workshop,
  Zuran Orb and Black Vise are not restricted. Sources:
  eternalcentral.com/95rules (updated 19 July 2016);
  beastsofthebay.com/old-school-95; baltimoreoldschoolmtg.wordpress.com.
  (Ice Age and Homelands are being implemented card by card: a card not
  implemented yet is refused like any other.)
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from . import carddb

OLD_SCHOOL_SETS = frozenset({"LEA", "LEB", "2ED", "3ED", "ARN", "ATQ", "LEG", "DRK"})

#: Banned in every Old School rule set: the cards that play for ante.
ANTE_CARDS = frozenset({"Bronze Tablet", "Contract from Below", "Darkpact", "Demonic Attorney", "Jeweled Bird",
                        "Rebirth", "Tempest Efreet"})

#: Restricted (one copy) in every Old School rule set.
OLD_SCHOOL_RESTRICTED = frozenset({
    "Ancestral Recall", "Black Lotus", "Mox Emerald", "Mox Jet", "Mox Pearl", "Mox Ruby", "Mox Sapphire",
    "Time Walk", "Timetwister", "Sol Ring", "Balance", "Braingeyser", "Channel", "Chaos Orb", "Demonic Tutor",
    "Library of Alexandria", "Mana Drain", "Mind Twist", "Recall", "Regrowth", "Time Vault", "Wheel of Fortune",
})

#: Eternal Central's pool: the eight sets and Fallen Empires.
ETERNAL_CENTRAL_SETS = OLD_SCHOOL_SETS | {"FEM"}

#: Eternal Central's Old School 95 pool: the 93/94 pool with Fallen Empires, plus Fourth
#: Edition, Ice Age, Chronicles and Homelands.
OLD_SCHOOL_95_SETS = ETERNAL_CENTRAL_SETS | {"4ED", "ICE", "CHR", "HML"}

#: Old School 95 restricts these as well (Mana Crypt is a later promo, not in the card data).
OLD_SCHOOL_95_ALSO_RESTRICTED = frozenset({"Demonic Consultation", "Mana Crypt"})

#: Old School 95 bans these as well as the ante cards.
OLD_SCHOOL_95_ALSO_BANNED = frozenset({"Amulet of Quoz", "Timmerian Fiends"})

#: The Swedish rules restrict these as well.
SWEDISH_ALSO_RESTRICTED = frozenset({"Mishra's Workshop", "Strip Mine"})


class UnknownFormat(KeyError):
    """A format name that does not exist; says which do."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name

    def __str__(self) -> str:
        return f"no format is called {self.name!r} (formats: {', '.join(FORMATS)})"


@dataclass(frozen=True)
class Format:
    """A rule for which decks are legal; :meth:`problems` says why one is not."""

    name: str
    title: str
    min_cards: int
    sets: frozenset[str] | None = None  # the pool: cards printed in one of these sets; None: every card
    max_copies: int | None = None  # of a card other than a basic land; None: no limit
    restricted: frozenset[str] = frozenset()  # at most one copy
    banned: frozenset[str] = frozenset()
    max_sideboard: int | None = None  # cards in the sideboard; None: no limit

    def allows_card(self, name: str) -> bool:
        """Whether the card is in this format's pool (implemented or not)."""
        data = carddb.card_data().get(name)
        if data is None:
            return False
        if name in self.banned:
            return False
        return self.sets is None or bool(self.sets.intersection(data.get("sets", ())))

    def problems(self, names: Sequence[str], sideboard: Sequence[str] = ()) -> list[str]:
        """Why the deck (with its *sideboard*) is not legal in this format: one
        sentence per problem, or none. Deck and sideboard are checked together,
        as the period rules count them: the pool and the bans for every card, at
        most :attr:`max_copies` of a card and a restricted card once across both
        (Eternal Central's Old School rules, and the DCI's of 1994-96)."""
        counts = Counter(names)
        counts.update(sideboard)
        problems = carddb.unknown(sorted(counts))
        where = " across deck and sideboard" if sideboard else ""
        for name in sorted(counts):
            if not carddb.is_implemented(name):
                continue
            if name in self.banned:
                problems.append(f"{name} is banned")
            elif not self.allows_card(name):
                problems.append(f"{name} is not in the card pool")
            elif name in self.restricted and counts[name] > 1:
                problems.append(f"{name} is restricted: one copy{where}, not {counts[name]}")
            elif (self.max_copies is not None and counts[name] > self.max_copies
                  and "basic" not in carddb.get(name).supertypes):
                problems.append(f"{counts[name]} copies of {name}{where}; at most {self.max_copies}")
        if len(names) < self.min_cards:
            problems.append(f"the deck has {len(names)} cards; at least {self.min_cards} are needed")
        if self.max_sideboard is not None and len(sideboard) > self.max_sideboard:
            problems.append(f"the sideboard has {len(sideboard)} cards; at most {self.max_sideboard}")
        return problems

    def is_legal(self, names: Sequence[str], sideboard: Sequence[str] = ()) -> bool:
        return not self.problems(names, sideboard)


FORMATS: dict[str, Format] = {f.name: f for f in (
    Format("casual", "casual", min_cards=40),
    Format("4ED", "Fourth Edition", min_cards=40, sets=frozenset({"4ED"}), max_copies=4, max_sideboard=15),
    Format("oldschool", "Old School 93/94", min_cards=60, sets=OLD_SCHOOL_SETS, max_copies=4,
           restricted=OLD_SCHOOL_RESTRICTED, banned=ANTE_CARDS, max_sideboard=15),
    Format("oldschool-swedish", "Old School 93/94 (Swedish rules)", min_cards=60, sets=OLD_SCHOOL_SETS,
           max_copies=4, restricted=OLD_SCHOOL_RESTRICTED | SWEDISH_ALSO_RESTRICTED, banned=ANTE_CARDS,
           max_sideboard=15),
    Format("oldschool-ec", "Old School 93/94 (Eternal Central, with Fallen Empires)", min_cards=60,
           sets=ETERNAL_CENTRAL_SETS, max_copies=4, restricted=OLD_SCHOOL_RESTRICTED, banned=ANTE_CARDS,
           max_sideboard=15),
    Format("oldschool95", "Old School 95 (Eternal Central)", min_cards=60, sets=OLD_SCHOOL_95_SETS, max_copies=4,
           restricted=OLD_SCHOOL_RESTRICTED | OLD_SCHOOL_95_ALSO_RESTRICTED,
           banned=ANTE_CARDS | OLD_SCHOOL_95_ALSO_BANNED, max_sideboard=15),
)}

DEFAULT = "casual"


def get(name: str) -> Format:
    """The format of that name, matched without regard to case."""
    for key, fmt in FORMATS.items():
        if key.lower() == name.strip().lower():
            return fmt
    raise UnknownFormat(name)


def legal_formats(names: Sequence[str], sideboard: Sequence[str] = ()) -> list[str]:
    """The names of the formats the deck is legal in, in :data:`FORMATS` order."""
    return [f.name for f in FORMATS.values() if f.is_legal(names, sideboard)]


def describe(names: Sequence[str], formats: Iterable[Format] | None = None,
             sideboard: Sequence[str] = ()) -> list[str]:
    """One line per format: legal, or why not (the first problems, then how many more).

    >>> deck = ["Mountain"] * 36 + ["Lightning Bolt"] * 4
    >>> for line in describe(deck): print(line)
    casual: legal
    Fourth Edition: legal
    Old School 93/94: not legal: the deck has 40 cards; at least 60 are needed
    Old School 93/94 (Swedish rules): not legal: the deck has 40 cards; at least 60 are needed
    Old School 93/94 (Eternal Central, with Fallen Empires): not legal: the deck has 40 cards; at least 60 are needed
    Old School 95 (Eternal Central): not legal: the deck has 40 cards; at least 60 are needed
    """
    lines = []
    for f in (formats if formats is not None else FORMATS.values()):
        problems = f.problems(names, sideboard)
        if not problems:
            lines.append(f"{f.title}: legal")
            continue
        shown = "; ".join(problems[:3])
        more = f" (and {len(problems) - 3} more)" if len(problems) > 3 else ""
        lines.append(f"{f.title}: not legal: {shown}{more}")
    return lines
