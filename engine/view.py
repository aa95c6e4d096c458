"""What one player (or a spectator) may see of a duel.

Hidden information never leaves the engine through a view: a player sees
their own hand, counts of the other hand and of both libraries, every public
zone, and ante face up or face down as agreed; what an effect turns face up
(a hand, the top card of a library) everyone sees. Two states that differ only
in hidden cards give equal views.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .objects import Card
from .refs import ref

if TYPE_CHECKING:  # pragma: no cover
    from .duel import Duel
    from .model import Target



def view(duel: "Duel", viewer: int | None, *, board: bool = True) -> dict[str, Any]:
    """What ``viewer`` (None: a spectator) sees. During a subgame (Shahrazad)
    the board is the subgame's, innermost first (``subgame``: how deep), with
    the duel's life totals under ``duel_life``; the duel's end is the duel's.
    With ``board=False`` the permanents, spells and combat are left out (no
    ``battlefield``, ``spells``, ``batch``, ``combat``): the players and the
    turn only, for what shows no board (the bot's panels)."""
    root, g = duel.game, duel.playing
    depth, inner = 0, root
    while inner is not g:
        inner, depth = inner.subgame, depth + 1  # type: ignore[assignment]

    def perm(c: Card) -> dict[str, Any]:
        ch = g.chars(c)
        if c.face_down and viewer != ch.controller and not g.over:
            # a face-down creature (Illusionary Mask): only its controller knows what it is
            return {"ref": ref(g, c), "name": c.name, "controller": ch.controller, "owner": c.owner,
                    "tapped": c.tapped, "damage": c.damage, "counters": dict(sorted(c.counters.items())),
                    "sick": c.sick, "types": ["creature"], "power": None, "toughness": None, "keywords": [],
                    "colors": [], "attached_to": None, "token": c.token}
        host = g.enchanted(c)
        # the printed name (a Clone is "Clone"), for the controller of a face-down card too
        return {"ref": ref(g, c), "name": (c.own_cdef or c.cdef).name, "controller": ch.controller, "owner": c.owner,
                "tapped": c.tapped, "damage": c.damage, "counters": dict(sorted(c.counters.items())),
                "sick": c.sick and ch.is_creature, "types": sorted(ch.types),
                "power": ch.power, "toughness": ch.toughness, "keywords": sorted(ch.keywords),
                "colors": sorted(ch.colors), "attached_to": ref(g, host) if host else None,
                "token": c.token}

    def target(t: Target | None) -> str:
        return "(gone)" if t is None else ref(g, t)

    players = []
    for p in g.players:
        revealed = g.hands_revealed(p.idx)  # a hand played face up (Revelation, Enduring Renewal)
        entry: dict[str, Any] = {
            "name": p.name, "life": p.life, "poison": p.poison, "mana_pool": p.pool.text(),
            # a card being cast from hand, not announced yet, is still in hand for the others
            "hand_count": len(p.hand) + (g.hidden_casts.count(p.idx) if viewer != p.idx else 0),
            "library_count": len(p.library),
            "graveyard": [c.name for c in p.graveyard], "removed": [("(face down)" if c.face_down and not g.over else c.name) for c in p.removed],
            "ante": [("(face down)" if c.face_down and viewer != p.idx and not g.over else c.name) for c in p.ante],
            "lands_played": p.lands_played,
        }
        if viewer == p.idx or revealed:
            entry["hand"] = sorted(c.name for c in p.hand)
        if revealed:
            entry["hand_face_up"] = True
        if p.library and g.library_top_revealed(p.idx):
            entry["library_top"] = p.library[0].name  # played face up (Field of Dreams), for everyone
        players.append(entry)
    d = duel.pending
    if d is not None and d.hidden and viewer != d.player:
        # the decider is putting together a spell from hand: the others see the decision
        # they were at when they began (the spell may yet be cancelled, never revealed)
        d = duel.shown
    out: dict[str, Any] = {
        "viewer": viewer, "turn": g.turn, "active": g.active, "phase": g.phase, "step": g.step,
        "players": players,
    }
    if board:
        out.update({
            "battlefield": [perm(c) for c in sorted(g.battlefield, key=lambda c: c.timestamp)],
            "spells": [{"name": s.name, "controller": s.controller, "targets": [target(t) for t in s.targets],
                        "x": s.x} for s in g.spells],
            "batch": [{"name": s.name, "controller": s.controller, "targets": [target(t) for t in s.targets]}
                      for s in g.batch],
            "combat": None if g.combat is None else {
                "bands": [[target(g.find(o)) for o in b] for b in g.combat.bands],
                "blocks": {str(i): [target(g.find(o)) for o in bl] for i, bl in g.combat.blocks.items()}},
        })
    out.update({
        "pending": None if d is None else {
            "player": d.player, "kind": d.kind.value, "prompt": d.prompt,
            "choices": list(d.choices) if viewer == d.player else None},
        "secrets": [t for who, t in root.secrets if who == viewer],
        "over": root.over, "winner": root.winner, "end_reason": root.end_reason,
        "subgame": depth, "duel_life": [p.life for p in root.players],
    })
    return out
