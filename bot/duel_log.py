"""A finished duel as a duel script: its seed, decks, options and every
answer, replayable with ``manaburn script`` (the format's ``seed`` setup and
``replay`` step extensions, see :mod:`engine.scripts`)."""
from __future__ import annotations

from dataclasses import asdict
from typing import TYPE_CHECKING

import yaml

if TYPE_CHECKING:  # pragma: no cover
    from .service import Live


def duel_script(live: "Live", *, reveal_seed: bool) -> str:
    rec = live.record
    duel = live.duel
    names = list(rec.player_names)
    if not reveal_seed:
        # while the duel goes on, only what both players already saw
        return "# Duel in progress: the seed and decks are revealed when it ends.\n" + "\n".join(
            "# " + e for e in duel.game.events)
    g = duel.game
    winner = "none" if not g.over else ("draw" if g.winner is None else names[g.winner])
    doc = {
        "name": f"Duel #{rec.id}: {names[0]} vs {names[1]}",
        "source": "Manaburn /duel log",
        "setup": {"seed": rec.seed, "names": names,
                  "decks": {names[0]: list(rec.decks[0] or []), names[1]: list(rec.decks[1] or [])},
                  "options": asdict(duel.options)},
        "steps": [{"replay": [f"{names[p]}: {t}" for p, t in duel.history]},
                  {"expect": {"duel": {"winner": winner, "state_hash": duel.state_hash()}}}],
    }
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=200)
