"""A finished duel as a duel script: its seed, decks, options and every
answer, replayable with ``manaburn script`` (the format's ``seed`` setup and
``replay`` step extensions, see :mod:`engine.scripts`)."""
from __future__ import annotations

from dataclasses import asdict
from typing import TYPE_CHECKING

import yaml

if TYPE_CHECKING:  # pragma: no cover
    from .service import Live


def log_refusal(live: "Live", user_id: str, channel_id: str | None) -> str | None:
    """Why *user_id* may not have the duel's log, or None if they may (always answered
    privately).

    Its players may, always (during the duel: only what both saw; the seed, the decks and
    every answer once it is over). Anyone else only once it is over, and only by asking in
    the duel's thread: whoever can read the thread saw the duel played there; a duel's
    number alone shows nothing (it would reveal both decks to someone who cannot see the
    thread, e.g. a private channel's duel)."""
    rec = live.record
    if user_id in rec.player_ids:
        return None
    if not live.duel.over:
        return f"Only the players of duel #{rec.id} can see its log while it is played."
    if rec.thread_id is None or channel_id != rec.thread_id:
        return (f"The log of duel #{rec.id} is for its players, and for whoever asks in the duel's thread "
                "once it is over.")
    return None


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
