"""Saved decks: per user, a name -> list of card names and a sideboard.

Storage keeps whatever card names it is given: checking them against the
card database is the caller's job (it has the engine).  Storage only guards
the deck *name*, which ends up in Discord messages and autocomplete: 1 to 64
characters after trimming spaces, no control characters.  Names are unique
per user regardless of ASCII case ("Burn" and "burn" are the same deck);
the spelling of the last save is kept.
"""
from __future__ import annotations

import json
import sqlite3
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from ._common import now_seconds, snowflake
from .db import Database
from .errors import DeckExists

__all__ = ["MAX_DECK_NAME", "SavedDeck", "check_deck_name", "save_deck", "get_deck", "list_decks",
           "delete_deck"]

#: Longest deck name accepted (characters).
MAX_DECK_NAME = 64


@dataclass(frozen=True)
class SavedDeck:
    """One saved deck.  Times are unix seconds; ``updated_at`` changes on overwrite."""

    user_id: str
    name: str
    cards: tuple[str, ...]
    created_at: int
    updated_at: int
    sideboard: tuple[str, ...] = ()

    @classmethod
    def from_row(cls, row: sqlite3.Row) -> SavedDeck:
        """Build from a ``saved_decks`` row."""
        return cls(row["user_id"], row["name"], tuple(json.loads(row["cards"])),
                   row["created_at"], row["updated_at"], tuple(json.loads(row["sideboard"])))


def check_deck_name(name: str) -> str:
    """The deck name normalized (NFKC, invisible format characters removed) and trimmed,
    or ValueError if empty, too long or with control characters.

    >>> check_deck_name("  Mono-Red Burn ")
    'Mono-Red Burn'
    >>> check_deck_name("\u202eBurn\u200b") == check_deck_name("Ｂｕｒｎ") == "Burn"
    True
    >>> check_deck_name(" ")
    Traceback (most recent call last):
    ...
    ValueError: a deck name cannot be empty
    """
    if not isinstance(name, str):
        raise TypeError(f"a deck name is a str, not {type(name).__name__}")
    name = "".join(ch for ch in unicodedata.normalize("NFKC", name) if unicodedata.category(ch) != "Cf").strip()
    if not name:
        raise ValueError("a deck name cannot be empty")
    if len(name) > MAX_DECK_NAME:
        raise ValueError(f"a deck name has at most {MAX_DECK_NAME} characters ({len(name)} given)")
    if any(unicodedata.category(ch) == "Cc" for ch in name):
        raise ValueError("a deck name cannot contain control characters (e.g. line breaks)")
    return name


def _names_json(cards: Sequence[str]) -> str:
    if isinstance(cards, (str, bytes)):
        raise TypeError("a decklist is a sequence of card names, not a single string")
    cards = list(cards)
    if not all(isinstance(c, str) for c in cards):
        raise TypeError("card names must be str")
    return json.dumps(cards, ensure_ascii=False, separators=(",", ":"))


async def save_deck(db: Database, user_id: str | int, name: str, cards: Sequence[str], *,
                    overwrite: bool = False, now: int | None = None,
                    sideboard: Sequence[str] | None = None) -> SavedDeck:
    """Save *cards* as *user_id*'s deck *name*; return what was stored.

    An existing deck of that name (any case) raises :class:`DeckExists`
    unless *overwrite*; overwriting keeps its ``created_at``. *sideboard*:
    the deck's sideboard; None keeps the one stored (none for a new deck).
    """
    uid = snowflake(user_id, "user_id")
    name = check_deck_name(name)
    payload = _names_json(cards)
    side = None if sideboard is None else _names_json(sideboard)
    now = now_seconds(now)
    async with db.transaction() as conn:
        async with conn.execute("SELECT name FROM saved_decks WHERE user_id = ? AND name = ?",
                                (uid, name)) as cur:
            existing = await cur.fetchone()
        if existing is None:
            await conn.execute("INSERT INTO saved_decks (user_id, name, cards, created_at,"
                               " updated_at, sideboard) VALUES (?, ?, ?, ?, ?, ?)",
                               (uid, name, payload, now, now, side or "[]"))
        elif not overwrite:
            raise DeckExists(uid, existing["name"])
        else:
            await conn.execute("UPDATE saved_decks SET name = ?, cards = ?, updated_at = ?,"
                               " sideboard = COALESCE(?, sideboard) WHERE user_id = ? AND name = ?",
                               (name, payload, now, side, uid, name))
        async with conn.execute("SELECT * FROM saved_decks WHERE user_id = ? AND name = ?",
                                (uid, name)) as cur:
            row = await cur.fetchone()
    assert row is not None
    return SavedDeck.from_row(row)


async def get_deck(db: Database, user_id: str | int, name: str) -> SavedDeck | None:
    """*user_id*'s deck *name* (case-insensitive), or None."""
    row = await db.fetchone("SELECT * FROM saved_decks WHERE user_id = ? AND name = ?",
                            (snowflake(user_id, "user_id"), check_deck_name(name)))
    return None if row is None else SavedDeck.from_row(row)


async def list_decks(db: Database, user_id: str | int) -> list[SavedDeck]:
    """All of *user_id*'s decks, by name (case-insensitive order)."""
    rows = await db.fetchall("SELECT * FROM saved_decks WHERE user_id = ? ORDER BY name",
                             (snowflake(user_id, "user_id"),))
    return [SavedDeck.from_row(r) for r in rows]


async def delete_deck(db: Database, user_id: str | int, name: str) -> bool:
    """Delete *user_id*'s deck *name*; True if there was one."""
    uid, name = snowflake(user_id, "user_id"), check_deck_name(name)
    async with db.transaction() as conn:
        cur = await conn.execute("DELETE FROM saved_decks WHERE user_id = ? AND name = ?",
                                 (uid, name))
        deleted = cur.rowcount
        await cur.close()
    return deleted > 0
