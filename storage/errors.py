"""Exceptions raised by the storage layer.

All derive from :class:`StorageError`, so the bot can catch the whole family
at one place; the subclasses carry the facts a caller needs to explain the
problem to a player (which seq was expected, which status the duel is in).
Bad arguments (an empty deck name, a status that does not exist) raise plain
:class:`ValueError` / :class:`TypeError` instead: they are bugs or user
input errors, not database states.
"""
from __future__ import annotations

import sqlite3
from collections.abc import Collection

import psycopg

__all__ = ["StorageError", "SchemaTooNew", "DuelNotFound", "StaleDecision", "DuelNotActive", "StaleStops",
           "StatusConflict", "DeckExists", "INTEGRITY_ERRORS", "DATABASE_ERRORS"]

#: What a broken constraint or trigger raises, on SQLite and on PostgreSQL.
INTEGRITY_ERRORS: tuple[type[Exception], ...] = (sqlite3.IntegrityError, psycopg.IntegrityError)
#: Every error of either database driver (a full disk, a lost server, a broken constraint).
DATABASE_ERRORS: tuple[type[Exception], ...] = (sqlite3.Error, psycopg.Error)


class StorageError(Exception):
    """Base class of the storage layer's errors."""


class SchemaTooNew(StorageError):
    """The file was written by a newer Manaburn (its schema version is unknown here).

    Raised by :meth:`storage.Database.open` before anything is written, so
    the file stays usable by the newer version.
    """

    def __init__(self, path: str, found: int, supported: int) -> None:
        super().__init__(
            f"{path}: the database has schema version {found}, but this Manaburn only knows "
            f"versions up to {supported}; it was written by a newer Manaburn. Upgrade Manaburn "
            f"(the file was left unchanged).")
        self.path, self.found, self.supported = path, found, supported


class DuelNotFound(StorageError, LookupError):
    """No duel has this id."""

    def __init__(self, duel_id: int) -> None:
        super().__init__(f"no duel #{duel_id}")
        self.duel_id = duel_id


class StaleDecision(StorageError):
    """A decision was submitted for a state the duel is no longer in.

    The header's ``seq`` (the number of decisions already taken) differs from
    the ``expected_seq`` the caller saw when it offered the choice: someone
    else's answer got in first (a double click, two racing players).  Nothing
    was written.
    """

    def __init__(self, duel_id: int, expected_seq: int, actual_seq: int, detail: str = "") -> None:
        super().__init__(detail or f"duel #{duel_id}: decision {expected_seq} was expected, "
                                   f"but the duel is already at decision {actual_seq}")
        self.duel_id, self.expected_seq, self.actual_seq = duel_id, expected_seq, actual_seq


class DuelNotActive(StaleDecision):
    """A decision was submitted to a finished or cancelled duel.  Nothing was written.

    A subclass of :class:`StaleDecision`: for the player who clicked, it is
    the same thing (the button belongs to a past state).
    """

    def __init__(self, duel_id: int, expected_seq: int, actual_seq: int, status: str) -> None:
        super().__init__(duel_id, expected_seq, actual_seq, f"duel #{duel_id} is {status}")
        self.status = status


class StaleStops(StaleDecision):
    """The decisions were made with phase stops that are no longer the stored ones (a
    player changed their ``/stops`` through another worker). Nothing was written.

    A subclass of :class:`StaleDecision`: the caller catches its copy up and tries again.
    """

    def __init__(self, duel_id: int, expected_seq: int) -> None:
        super().__init__(duel_id, expected_seq, expected_seq,
                         f"duel #{duel_id}: a player's phase stops changed before decision {expected_seq}")


class StatusConflict(StorageError):
    """A status change whose precondition does not hold (nothing was written).

    E.g. accepting a challenge that has just expired, or changing a duel that
    is already finished or cancelled.
    """

    def __init__(self, duel_id: int, status: str, wanted: str, expected: Collection[str] | None,
                 detail: str = "") -> None:
        why = (f"it is {status}, not {' or '.join(sorted(expected))}" if expected
               else f"it is already {status}")
        super().__init__(detail or f"duel #{duel_id} cannot become {wanted}: {why}")
        self.duel_id, self.status, self.wanted = duel_id, status, wanted
        self.expected = None if expected is None else frozenset(expected)


class DeckExists(StorageError):
    """:func:`storage.decks.save_deck` without ``overwrite=True`` on an existing name."""

    def __init__(self, user_id: str, name: str) -> None:
        super().__init__(f"a deck named {name!r} already exists")
        self.user_id, self.name = user_id, name
