"""Card data and the registry of implemented cards.

Printed facts come from ``engine/data/cards.json`` (built from the shared
card data by ``tools/build_card_data.py``): the 4ED printing, else the latest
old printing. Behaviour comes from the card modules in :mod:`engine.cards`,
each calling :func:`define` once per card. A card is *implemented* when it
has been defined.
"""
from __future__ import annotations

import difflib
import json
import re
from functools import lru_cache
from importlib import resources
from collections.abc import Iterable
from typing import Any

from .hooks import Hooks
from .mana import ManaCost
from .model import CardDef

BASIC_TYPES = {"Plains": "plains", "Island": "island", "Swamp": "swamp", "Mountain": "mountain", "Forest": "forest"}
KEYWORDS = ("flying", "trample", "first strike", "banding", "swampwalk", "forestwalk", "islandwalk",
            "mountainwalk", "plainswalk")

_BEHAVIOUR: dict[str, dict[str, Any]] = {}


class UnknownCard(KeyError):
    """A card name that is not in the data or not implemented; carries suggestions."""

    def __init__(self, name: str, suggestions: list[str], known: bool) -> None:
        super().__init__(name)
        self.name = name
        self.suggestions = suggestions
        self.known = known

    def __str__(self) -> str:
        what = "is not implemented yet" if self.known else "is not a known card"
        s = f"{self.name!r} {what}"
        if self.suggestions:
            s += " (did you mean " + ", ".join(repr(x) for x in self.suggestions) + "?)"
        return s


@lru_cache(maxsize=1)
def card_data() -> dict[str, dict[str, Any]]:
    text = resources.files("engine").joinpath("data/cards.json").read_text(encoding="utf-8")
    return {c["name"]: c for c in json.loads(text)}


def define(name: str, **behaviour: Any) -> None:
    """Register a card's behaviour (see :class:`engine.model.CardDef` fields)."""
    if not isinstance(behaviour.get("hooks", Hooks()), Hooks):
        raise TypeError(f"{name}: hooks must be an engine.hooks.Hooks, not {type(behaviour['hooks']).__name__}")
    if name in _BEHAVIOUR:
        raise ValueError(f"{name} defined twice")
    if name not in card_data():
        raise KeyError(f"{name} is not in the card data")
    _BEHAVIOUR[name] = behaviour


_TOKENS: dict[str, CardDef] = {}


def define_token(cdef: CardDef) -> CardDef:
    """Register the definition of a token (see :func:`engine.effects.token_def`):
    a duel script's setup puts a token into play by the name the card that
    makes it calls it (``Saproling``). One definition per name, shared by every
    card making that token (Thallid, Elvish Farmer and Night Soil make the same
    Saproling); a name already defined differently, or a card's name, is refused."""
    if cdef.name in card_data():
        raise ValueError(f"{cdef.name} is a card's name, not a token's")
    old = _TOKENS.get(cdef.name)
    if old is not None and old != cdef:
        raise ValueError(f"the {cdef.name} token is defined twice: reuse the first definition")
    _TOKENS[cdef.name] = cdef
    return cdef


def token(name: str) -> CardDef | None:
    """The token definition called ``name``, None when no card makes such a token."""
    _load_cards()
    return _TOKENS.get(name)


def tokens() -> list[CardDef]:
    """Every token definition the cards make (Saproling, Serf ...)."""
    _load_cards()
    return list(_TOKENS.values())


def parse_type_line(line: str) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """``Summon - Legend`` -> types, subtypes, supertypes (lower case)."""
    line = line.replace("\u2014", "-")
    main, _, sub = line.partition(" - ")
    main = main.strip()
    # A creature type is the whole phrase: "Island Fish" is one type, not an
    # island (cards counting islands must not count Island Fish Jasconius).
    subs = {sub.strip().lower()} if sub else set()
    types: set[str] = set()
    supers: set[str] = set()
    if main == "Summon" or main == "Creature":
        types.add("creature")
        # "Summon Legend", "Summon Elder Dragon Legend": a legend (002 "Legendary Cards")
        if sub.strip().lower().split()[-1:] == ["legend"]:
            supers.add("legend")
    elif main.endswith("Artifact Creature"):
        types |= {"artifact", "creature"}
    elif "Artifact" in main:
        types.add("artifact")
    elif main.startswith("Enchant"):
        types.add("enchantment")
        if main == "Enchant World":
            supers.add("world")
    elif main in ("Instant", "Sorcery", "Interrupt"):
        types.add(main.lower())
    elif main.endswith("Land"):
        types.add("land")
        if main.startswith("Legendary"):
            supers.add("legend")
    else:
        types.add(main.lower())
    return frozenset(types), frozenset(subs), frozenset(supers)


_RAMPAGE = re.compile(r"rampage:? (\d+)")


def keywords_from_text(text: str) -> frozenset[str]:
    """Keyword abilities written as keyword lines ("Flying, banding").

    Rampage is read as the keyword ``"rampage N"`` from "Rampage: 3",
    "Flying, rampage: 2" or "Trample; rampage 2 (For each creature ...)":
    a reminder in parentheses after rampage is ignored (see
    :func:`engine.combat.rampage_bonus`)."""
    found: set[str] = set()
    for line in text.splitlines():
        if "rampage" in line.lower():
            line = re.sub(r"\(.*?(\)|$)", "", line)
        parts = [p.strip().lower() for p in re.split(r",|;|\band\b", line) if p.strip()]
        parts = [f"rampage {m.group(1)}" if (m := _RAMPAGE.fullmatch(p)) else p for p in parts]
        if parts and all(p in KEYWORDS or p.startswith("protection from ") or _RAMPAGE.fullmatch(p)
                         for p in parts):
            found.update(parts)
    return frozenset(found)


def _build(name: str) -> CardDef:
    d = card_data()[name]
    types, subs, supers = parse_type_line(d["type"])
    if name in BASIC_TYPES or name.startswith("Snow-Covered "):
        base = name.replace("Snow-Covered ", "")
        subs = frozenset({BASIC_TYPES[base]})
        supers = frozenset({"basic"} | ({"snow"} if name.startswith("Snow-Covered") else set()))
    pw = int(d["power"]) if d["power"] not in (None, "*") and str(d["power"]).lstrip("-").isdigit() else None
    th = int(d["toughness"]) if d["toughness"] not in (None, "*") and str(d["toughness"]).lstrip("-").isdigit() else None
    beh = dict(_BEHAVIOUR[name])
    kw = frozenset(beh.pop("keywords", ())) | keywords_from_text(d["text"])
    for k in ("types", "subtypes", "supertypes"):
        if k in beh:
            extra = frozenset(beh.pop(k))
            if k == "types":
                types = types | extra
            elif k == "subtypes":
                subs = subs | extra
            else:
                supers = supers | extra
    return CardDef(
        name=name, cost=ManaCost.parse(d["mana_cost"]), type_line=d["type"], types=types, subtypes=subs,
        supertypes=supers, colors=frozenset(d["colors"]), power=pw, toughness=th, text=d["text"],
        keywords=kw, set_code=d["set"], rarity=d["rarity"], scryfall_id=d["scryfall_id"], oracle=d["oracle"],
        **beh)


_DEFS: dict[str, CardDef] = {}


def _load_cards() -> None:
    # not at the top: the card modules import this one (define), and loading them all is
    # the slow part of a first lookup, left to the first lookup
    from . import cards  # noqa: F401  (registers every card module)


#: Unknown names of one list (a decklist) that get close-match suggestions: each costs a
#: search of every card name (~15 ms), and a list can hold hundreds of unknown names.
SUGGESTED_NAMES = 3


def get(name: str, *, suggest: bool = True) -> CardDef:
    """The implemented card called ``name``; :class:`UnknownCard` otherwise (with the
    closest names, unless not ``suggest``)."""
    _load_cards()
    if name not in _DEFS:
        if name not in _BEHAVIOUR:
            known = name in card_data()
            pool = list(_BEHAVIOUR) if known else list(card_data())
            raise UnknownCard(name, difflib.get_close_matches(name, pool, n=3, cutoff=0.6) if suggest else [],
                              known)
        _DEFS[name] = _build(name)
    return _DEFS[name]


def unknown(names: Iterable[str]) -> list[str]:
    """Why each name that is not an implemented card cannot be played, in the order
    given (one sentence each; suggestions for the first :data:`SUGGESTED_NAMES` only)."""
    problems: list[str] = []
    for name in names:
        try:
            get(name, suggest=len(problems) < SUGGESTED_NAMES)
        except UnknownCard as e:
            problems.append(str(e))
    return problems


def printings(name: str) -> frozenset[str]:
    """The set codes a card of this name was printed in (empty for tokens and
    unknown names): City in a Bottle's "cards from Arabian Nights"."""
    d = card_data().get(name)
    return frozenset(d.get("sets", ())) if d is not None else frozenset()


def implemented() -> list[str]:
    _load_cards()
    return sorted(_BEHAVIOUR)


def is_implemented(name: str) -> bool:
    _load_cards()
    return name in _BEHAVIOUR
