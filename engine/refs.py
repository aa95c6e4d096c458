"""Naming things in action text: ``Forest``, ``Forest#2``, ``Forest@bob``,
``Forest#2@bob``, a player's name, a spell being cast.

The canonical name of an object is the shortest that is unambiguous: its
card name when it is the only one, else ``Name#k`` counting objects of that
name in the order they were listed in setup or entered later.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from .decisions import IllegalAction, read_number
from .objects import Card, Player, Source, Spell

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game
    from .model import Target

# ``#n`` is ASCII digits only (``\d`` would take ``٣``); read_number bounds it
REF = re.compile(r"^(?P<name>.+?)(?:#(?P<n>[0-9]+))?(?:@(?P<who>[^@#]+))?$")


class RefError(IllegalAction):
    """A reference that names nothing, or cannot be read: an illegal answer."""


def ordered_same_name(g: "Game", obj: Target) -> list[Target]:
    if isinstance(obj, Spell):
        return [s for s in g.spells + g.batch if s.name == obj.name]
    if isinstance(obj, Source):
        return list(dict.fromkeys(Source(pk.source_name, pk.source_oid, pk.source_colors, pk.source_types)
                                  for pk in g.pending_damage if pk.source_name == obj.name))
    if isinstance(obj, Card):
        if obj.zone == "battlefield":
            return sorted((c for c in g.battlefield if c.name == obj.name), key=lambda c: c.timestamp)
        if obj.zone == "graveyard":
            return [c for p in g.players for c in p.graveyard if c.name == obj.name]
        pile = g.players[obj.owner].zone(obj.zone) if obj.zone != "limbo" else g.limbo
        return [c for c in pile if c.name == obj.name]
    return [obj]


def _battlefield_refs(g: "Game") -> dict[int, str]:
    """oid -> ref() of every permanent, worked out at once: each name's
    permanents in timestamp order (as ``ordered_same_name`` sorts them: a
    stable sort, so ties keep battlefield order). Cached in the current
    characteristics cache (see :mod:`engine.characteristics`) until the game
    changes; listing choices names dozens of same-named lands."""
    return g._read_board(("refs",), lambda: _refs_now(g))  # type: ignore[no-any-return]


def _refs_now(g: "Game") -> dict[int, str]:
    by_name: dict[str, list[Card]] = {}
    for c in sorted(g.battlefield, key=lambda c: c.timestamp):
        by_name.setdefault(c.name, []).append(c)
    return {c.oid: (name if len(same) == 1 else f"{name}#{k}")
            for name, same in by_name.items() for k, c in enumerate(same, 1)}


def ref(g: "Game", obj: Target) -> str:
    """Canonical text for a permanent, player, spell or card."""
    if isinstance(obj, Player):
        return obj.name
    if isinstance(obj, Card) and obj.zone == "battlefield" and g._chars_cache is not None:
        # caching on (nearly always); a permanent no longer in play goes by its name, as below
        return _battlefield_refs(g).get(obj.oid, obj.name)
    same = ordered_same_name(g, obj)
    if len(same) <= 1 or obj not in same:  # not there any more (a target that left play)
        return obj.name
    return f"{obj.name}#{same.index(obj) + 1}"


def parse_ref(text: str) -> tuple[str, int | None, str | None]:
    m = REF.match(text.strip())
    if not m:
        raise RefError(f"cannot read reference {text!r}")
    try:
        n = read_number(m["n"], f"the number in {m['name'].strip()}#") if m["n"] else None
    except IllegalAction as e:
        raise RefError(str(e), e.reason) from None
    return m["name"].strip(), n, (m["who"].strip() if m["who"] else None)


def lookup(g: "Game", text: str, where: tuple[str, ...]) -> list[Any]:
    """Objects ``text`` may name, looking in ``where`` (in order):
    ``permanents``, ``players``, ``spells``, ``graveyards``, or a zone of a
    player given as ``hand:<idx>`` / ``library:<idx>``."""
    name, n, who = parse_ref(text)
    who_idx = None
    if who is not None:
        p = g.player_by_name(who)
        if p is None:
            raise RefError(f"no player named {who!r}")
        who_idx = p.idx
    for w in where:
        cands: list[Any]
        if w == "players":
            p = g.player_by_name(text.strip())
            if p is not None:
                return [p]
            continue
        if w == "permanents":
            cands = sorted((c for c in g.battlefield if c.name == name), key=lambda c: c.timestamp)
            if who_idx is not None:
                cands = [c for c in cands if g.controller(c) == who_idx]
        elif w == "spells":
            cands = [s for s in g.spells + g.batch if s.name == name]
            if who_idx is not None:
                cands = [s for s in cands if s.controller == who_idx]
        elif w == "graveyards":
            cands = [c for p in g.players for c in p.graveyard if c.name == name]
            if who_idx is not None:
                cands = [c for c in cands if c.owner == who_idx]
        elif w == "sources":
            cands = list(dict.fromkeys(Source(pk.source_name, pk.source_oid, pk.source_colors, pk.source_types)
                                       for pk in g.pending_damage if pk.source_name == name and pk.amount > 0))
        elif ":" in w:
            zone, idx = w.split(":")
            cands = [c for c in g.players[int(idx)].zone(zone) if c.name == name]
        else:
            raise AssertionError(w)
        if not cands:
            continue
        if n is not None:
            if n < 1 or n > len(cands):
                raise RefError(f"there is no {text!r} (only {len(cands)})")
            return [cands[n - 1]]
        return cands
    return []
