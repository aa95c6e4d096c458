"""A player's private knowledge of a duel: the notes only they may see ("Bob's
hand: ...", "Top of Bob's library: ..."), shown once in the panel where they
came up, and listed, dated by turn, under "What I've seen".

The engine keeps those notes in order (``Game.secrets``) without a date; the
turn of each is found by replaying the duel's answers one at a time, so the
list is the same after any restart.
"""
from __future__ import annotations

from collections.abc import Callable

from engine import Duel


def secrets_of(duel: Duel, player: int) -> list[str]:
    """The private notes of *player* so far, oldest first."""
    return [text for who, text in duel.game.secrets if who == player]


def dated_secrets(duel: Duel, player: int) -> list[tuple[int, str]]:
    """(turn, note) of each private note of *player*, oldest first: the turn
    during which the answer that revealed it was given (replayed answer by answer)."""
    replay = duel.fresh()
    g = replay.game
    out: list[tuple[int, str]] = []
    seen = 0

    def collect() -> None:
        nonlocal seen
        for who, text in g.secrets[seen:]:
            if who == player:
                out.append((g.turn, text))
        seen = len(g.secrets)

    collect()  # what the start of the duel showed (nothing, today)
    for p, text in duel.history:
        if text == "concede":
            replay.concede(p)
        else:
            replay.apply(text, player=p)
        collect()
    return out


def seen_text(duel: Duel, player: int, duel_id: int, limit: int = 2000) -> str:
    """The "What I've seen" answer: every private note, newest first, dated by turn
    (the oldest are left out when they do not fit in one message)."""
    notes = dated_secrets(duel, player)
    if not notes:
        return f"Duel #{duel_id}: you have seen nothing hidden so far."
    head = f"Duel #{duel_id}, what only you have seen (newest first):"
    lines = [head]
    size = len(head)
    for turn, text in reversed(notes):
        line = f"- turn {turn}: {text}"
        if size + len(line) + 1 > limit - 40:
            lines.append(f"(and {len(notes) - len(lines) + 1} older)")
            break
        lines.append(line)
        size += len(line) + 1
    return "\n".join(lines)


class SecretsShown:
    """How many of each player's private notes their panels have shown, per duel,
    so a panel shows only the notes that came up since the player's last one.

    Kept in memory: after a restart a player's notes so far count as shown (a
    note is never shown twice; all of them stay under "What I've seen")."""

    def __init__(self, changed: Callable[[tuple[int, int]], None] | None = None) -> None:
        self._shown: dict[tuple[int, int], int] = {}
        self._changed = changed  # told each (duel, player) whose count moved (bot.shared_panels)

    def take_new(self, duel_id: int, duel: Duel, player: int) -> list[str]:
        """The notes of *player* not shown yet; from now on they count as shown."""
        key = (duel_id, player)
        if key not in self._shown:
            # first sight of the duel in this process: one it started has shown none;
            # after a restart the earlier ones were shown by the process before (and
            # are all under "What I've seen")
            for p in (0, 1):
                self._shown[(duel_id, p)] = 0 if not duel.history else len(secrets_of(duel, p))
        notes = secrets_of(duel, player)
        start = self._shown[key]
        self._shown[key] = len(notes)
        if self._changed is not None and start != len(notes):
            self._changed(key)
        return notes[start:]

    def count(self, key: tuple[int, int]) -> int | None:
        """How many of the player's notes were shown (None: this process has not seen the duel)."""
        return self._shown.get(key)

    def restore(self, key: tuple[int, int], shown: int | None) -> None:
        """Set the count as another worker left it (None: unknown)."""
        if shown is None:
            self._shown.pop(key, None)
        else:
            self._shown[key] = shown

    def forget(self, duel_id: int) -> None:
        for p in (0, 1):
            self._shown.pop((duel_id, p), None)
