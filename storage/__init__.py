"""Manaburn's storage: duels and their decisions, saved decks, player settings.

One SQLite file, opened with :meth:`Database.open` (WAL, ``synchronous=FULL``,
schema upgraded by :mod:`storage.migrations`), or a PostgreSQL database shared
by several bot processes (:mod:`storage.postgres`): :func:`open_database` picks
by the address.  The functions take the
:class:`Database` as first argument and run one transaction each.  Card
collections, ante and trades will come as further migrations.

Typical use::

    async with Database.open("manaburn.db") as db:
        rec = await create_duel(db, channel_id=..., player_ids=(a, b),
                                player_names=("Ann", "Bob"), seed=42, deadline=expiry)
        ...
        rec = await append_decision(db, rec.id, rec.seq, 0, "pass", deadline=None)
        rec, history = await load_duel(db, rec.id)
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from .db import Database
from .decks import MAX_DECK_NAME, SavedDeck, check_deck_name, delete_deck, get_deck, list_decks, save_deck
from .duels import (ACTIVE_STATUSES, KEEP, RESULT_REASONS, STATUSES, TERMINAL_STATUSES, DuelRecord,
                    DuelResult, FinishOutcome, append_decision, create_duel, finish_duel, get_duel,
                    list_duels_for_user, list_overdue, list_unfinished, list_unpublished, load_duel,
                    load_history, set_deck, set_message_ids, set_published, set_published_many, set_reminded,
                    set_status)
from .errors import (DeckExists, DuelNotActive, DuelNotFound, SchemaTooNew, StaleDecision,
                     StatusConflict, StorageError)
from .migrations import MIGRATIONS, Migration
from .players import PlayerSettings, get_phase_stops, get_player_settings, set_phase_stops


def open_database(target: str | Path) -> Any:
    """Open the database *target* names: a ``postgresql://`` address (a server shared by
    any number of bot processes, :mod:`storage.postgres`), else a SQLite file path.

    Await the result, or use it as ``async with open_database(t) as db``.
    """
    if isinstance(target, str) and target.startswith(("postgresql://", "postgres://")):
        from .postgres import PostgresDatabase  # psycopg is loaded only for PostgreSQL
        return PostgresDatabase.open(target)
    return Database.open(target)

__all__ = [
    "Database", "Migration", "MIGRATIONS", "open_database",
    "StorageError", "SchemaTooNew", "DuelNotFound", "StaleDecision", "DuelNotActive",
    "StatusConflict", "DeckExists",
    "STATUSES", "ACTIVE_STATUSES", "TERMINAL_STATUSES", "RESULT_REASONS", "KEEP",
    "DuelRecord", "DuelResult", "FinishOutcome",
    "create_duel", "get_duel", "load_duel", "load_history", "list_duels_for_user",
    "list_unfinished", "list_unpublished", "set_published", "set_published_many", "set_reminded", "list_overdue", "append_decision", "set_status", "set_deck",
    "set_message_ids", "finish_duel",
    "MAX_DECK_NAME", "SavedDeck", "check_deck_name", "save_deck", "get_deck", "list_decks",
    "delete_deck",
    "PlayerSettings", "get_player_settings", "get_phase_stops", "set_phase_stops",
]
