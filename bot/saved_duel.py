"""A terminal duel saved to a file, to be continued later (``manaburn play --resume``).

A duel is its seed, decklists, options and the answers given so far: replaying
the answers rebuilds it exactly. The file holds those, with what the terminal
needs to seat the same opponent again (``--vs``, ``--level``), the deck names
shown at the start and each player's stops. It is JSON, written whole to a
temporary file and renamed over the old one, so an interruption while saving
never leaves half a file.

Where: ``$XDG_STATE_HOME/manaburn/duel-SEED.json`` (under ``~/.local/state``
when that is not set), the per-user place for state that outlives a run, one
file per duel (leaving another duel never overwrites this one); the current
directory's ``manaburn-duel-SEED.json`` when that cannot be written. Without a
file named, ``--resume`` continues the newest.
"""
from __future__ import annotations

import dataclasses
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import Duel, DuelOptions, IllegalAction

VERSION = 1
MAX_BYTES = 16 * 1024 * 1024  # a saved duel is a few kilobytes: anything far larger is not one


class SavedDuelError(ValueError):
    """A file that is not a saved duel this version can continue; the message says why."""


@dataclass
class SavedDuel:
    seed: int
    deck_names: tuple[str, str]
    decklists: tuple[list[str], list[str]]
    options: DuelOptions
    names: tuple[str, str]
    vs: str  # "ai", "random" or "human"
    level: str
    history: list[tuple[int, str]]
    stops: tuple[list[str], list[str]]

    def rebuild(self) -> Duel:
        """The duel, with every saved answer replayed; SavedDuelError if they do not replay."""
        try:
            return Duel.new(self.seed, self.decklists, self.options, names=self.names).replay(self.history)
        except (IllegalAction, ValueError) as e:
            raise SavedDuelError(f"the saved answers do not replay ({e})") from None

    def to_json(self) -> dict[str, Any]:
        return {"manaburn_saved_duel": VERSION, "seed": self.seed, "deck_names": list(self.deck_names),
                "decklists": [list(d) for d in self.decklists], "options": dataclasses.asdict(self.options),
                "names": list(self.names), "vs": self.vs, "level": self.level,
                "history": [[p, a] for p, a in self.history], "stops": [sorted(s) for s in self.stops]}

    @classmethod
    def from_json(cls, doc: Any) -> "SavedDuel":
        if not isinstance(doc, dict) or doc.get("manaburn_saved_duel") != VERSION:
            raise SavedDuelError("not a duel saved by this version of manaburn")
        try:
            fields = {f.name for f in dataclasses.fields(DuelOptions)}
            return cls(seed=int(doc["seed"]), deck_names=(str(doc["deck_names"][0]), str(doc["deck_names"][1])),
                       decklists=([str(c) for c in doc["decklists"][0]], [str(c) for c in doc["decklists"][1]]),
                       options=DuelOptions(**{k: v for k, v in doc["options"].items() if k in fields}),
                       names=(str(doc["names"][0]), str(doc["names"][1])), vs=str(doc["vs"]),
                       level=str(doc["level"]), history=[(int(p), str(a)) for p, a in doc["history"]],
                       stops=([str(s) for s in doc["stops"][0]], [str(s) for s in doc["stops"][1]]))
        except (KeyError, IndexError, TypeError, ValueError, AttributeError) as e:
            raise SavedDuelError(f"the saved duel is damaged ({type(e).__name__}: {e})") from None


def saved_dir() -> Path:
    """The per-user folder of saved duels."""
    state = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(state) / "manaburn"


def latest() -> Path | None:
    """The duel saved last in :func:`saved_dir`, or in the current directory; None if there is none."""
    found = [p for p in (*saved_dir().glob("duel-*.json"), *Path().glob("manaburn-duel-*.json")) if p.is_file()]
    return max(found, key=lambda p: p.stat().st_mtime, default=None)


def save(saved: SavedDuel, path: Path | None = None) -> Path:
    """Write ``saved`` to ``path`` (default: its own file in :func:`saved_dir`,
    else in the current directory); returns where it went."""
    text = json.dumps(saved.to_json(), ensure_ascii=False)
    places = [path] if path is not None else [saved_dir() / f"duel-{saved.seed}.json",
                                              Path(f"manaburn-duel-{saved.seed}.json")]
    for i, where in enumerate(places):
        try:
            where.parent.mkdir(parents=True, exist_ok=True)
            tmp = where.with_name(where.name + ".tmp")
            tmp.write_text(text, encoding="utf-8")
            os.replace(tmp, where)
            return where.resolve()
        except OSError:
            if i == len(places) - 1:
                raise
    raise AssertionError("unreachable")


def load(path: Path) -> SavedDuel:
    """The duel saved in ``path``; SavedDuelError (or OSError) says what is wrong."""
    with path.open("rb") as f:
        data = f.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise SavedDuelError("the file is far too large to be a saved duel")
    try:
        doc = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise SavedDuelError(f"not a saved duel (not JSON: {e})") from None
    return SavedDuel.from_json(doc)
