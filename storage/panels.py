"""What the bot shows each player of a duel, kept for several workers sharing one database.

One row per duel and player: the Discord message of their panel with the pending
decision, of their panel while they wait (channel id, message id), how many of their
private notes the panels have shown, and when they last answered (wall-clock
seconds). A worker that handles a click reads the duel's rows first, and writes a
row when it changes what it shows: so a panel sent by one worker is closed or edited
by another, and a note is shown once whichever worker sends the next panel. With one
process on a SQLite file the bot keeps this in memory only.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ._common import snowflake
from .db import Database, execute_all
from .locks import duel_lock

__all__ = ["PanelState", "load_panels", "save_panel", "save_panels"]

Where = tuple[int, int]  # (channel id, message id)


@dataclass(frozen=True)
class PanelState:
    """One player's panels in one duel (None: none known)."""

    decision: Where | None = None
    waiting: Where | None = None
    secrets_shown: int | None = None
    answered_at: float | None = None


async def load_panels(db: Database, duel_id: int) -> dict[int, PanelState]:
    """The stored state of each player (0, 1) of the duel who has a row."""
    rows = await db.fetchall("SELECT * FROM duel_panels WHERE duel_id = ?", (int(duel_id),))
    return {int(r["player"]): PanelState(_where(r["decision_channel"], r["decision_message"]),
                                         _where(r["waiting_channel"], r["waiting_message"]),
                                         r["secrets_shown"], r["answered_at"]) for r in rows}


async def save_panel(db: Database, duel_id: int, player: int, state: PanelState) -> None:
    """Replace the row of *player* in the duel."""
    await save_panels(db, duel_id, {player: state})


async def save_panels(db: Database, duel_id: int, states: Mapping[int, PanelState]) -> None:
    """Replace the rows of the players (0, 1) in *states*, in one transaction (on
    PostgreSQL one round trip for the rows, see :func:`storage.db.execute_all`)."""
    steps: list[tuple[str, Sequence[Any]]] = []
    for player, state in states.items():
        if player not in (0, 1):
            raise ValueError(f"player must be 0 or 1, not {player!r}")
        d, w = state.decision, state.waiting
        steps.append((
            "INSERT INTO duel_panels (duel_id, player, decision_channel, decision_message, waiting_channel,"
            " waiting_message, secrets_shown, answered_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (duel_id, player) DO UPDATE SET decision_channel = excluded.decision_channel,"
            " decision_message = excluded.decision_message, waiting_channel = excluded.waiting_channel,"
            " waiting_message = excluded.waiting_message, secrets_shown = excluded.secrets_shown,"
            " answered_at = excluded.answered_at",
            (int(duel_id), player, *_ids(d, "decision"), *_ids(w, "waiting"), state.secrets_shown,
             state.answered_at)))
    if steps:
        # the duel's rows only: beside other duels' writes, not excluding them (storage.postgres)
        await db.write(lambda conn: execute_all(conn, steps, last=True), lock=duel_lock(duel_id))


def _where(channel: str | None, message: str | None) -> Where | None:
    return None if channel is None or message is None else (int(channel), int(message))


def _ids(where: Where | None, what: str) -> tuple[str | None, str | None]:
    if where is None:
        return None, None
    return snowflake(where[0], f"{what} channel"), snowflake(where[1], f"{what} message")
