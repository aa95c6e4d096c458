"""The schema, as an ordered list of migrations.

``PRAGMA user_version`` in the file records how many migrations have been
applied.  :meth:`storage.Database.open` applies the missing ones, in order,
inside the same ``BEGIN IMMEDIATE`` transaction as the version bump: a crash
or an error during an upgrade leaves the file exactly at its old version, and
two processes opening an old file at once cannot both upgrade it.

Rules for editing this file:

* Never change a migration that has been released; append a new one.  Old
  files are only ever upgraded by running the steps they lack.
* A step is either SQL (one or several statements, split by
  :func:`split_sql`) or an ``async def step(conn)`` receiving the aiosqlite
  connection, for data changes SQL cannot express.  Steps must not
  BEGIN/COMMIT themselves.
* Later features (card collections, ante, trades) get their own tables in
  new migrations; they can reference ``duels(id)`` (ids are AUTOINCREMENT, so
  never reused) and the Discord user ids stored as TEXT everywhere.
"""
from __future__ import annotations

import re
import sqlite3
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

import aiosqlite

from .errors import SchemaTooNew

__all__ = ["Migration", "MIGRATIONS", "latest_version", "split_sql", "migrate"]

Step = str | Callable[[aiosqlite.Connection], Awaitable[None]]


@dataclass(frozen=True)
class Migration:
    """One schema step: after it, ``user_version`` is *version*."""

    version: int
    description: str
    step: Step


# Version 1: duels (headers, including challenges) and their decisions.
_V1_DUELS = """
CREATE TABLE duels (
    id                   INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id             TEXT,              -- NULL outside a guild
    channel_id           TEXT NOT NULL,
    thread_id            TEXT,
    challenge_message_id TEXT,
    board_message_id     TEXT,
    player0_id           TEXT NOT NULL,     -- Discord user ids (snowflakes) as text
    player1_id           TEXT NOT NULL,
    player0_name         TEXT NOT NULL,
    player1_name         TEXT NOT NULL,
    seed                 INTEGER NOT NULL,
    deck0                TEXT CHECK (deck0 IS NULL OR (json_valid(deck0) AND json_type(deck0) = 'array')),
    deck1                TEXT CHECK (deck1 IS NULL OR (json_valid(deck1) AND json_type(deck1) = 'array')),
    options              TEXT NOT NULL DEFAULT '{}'
                         CHECK (json_valid(options) AND json_type(options) = 'object'),
    status               TEXT NOT NULL DEFAULT 'challenged'
                         CHECK (status IN ('challenged', 'accepted', 'choosing_decks', 'mulligans',
                                           'playing', 'finished', 'cancelled')),
    winner               INTEGER CHECK (winner IN (0, 1)),
    result               TEXT CHECK (result IN ('won', 'drawn', 'conceded', 'timed_out')),
    clock_seconds        INTEGER CHECK (clock_seconds > 0),   -- NULL: no clock
    deadline             INTEGER,           -- unix seconds: challenge expiry or decision deadline
    seq                  INTEGER NOT NULL DEFAULT 0 CHECK (seq >= 0),  -- number of decisions
    created_at           INTEGER NOT NULL,  -- unix seconds
    updated_at           INTEGER NOT NULL,
    CHECK ((status = 'finished') = (result IS NOT NULL)),
    CHECK (CASE WHEN result IS NULL OR result = 'drawn' THEN winner IS NULL
                ELSE winner IS NOT NULL END)
);

CREATE INDEX duels_by_player0 ON duels (player0_id, status);
CREATE INDEX duels_by_player1 ON duels (player1_id, status);
CREATE INDEX duels_unfinished ON duels (id) WHERE status NOT IN ('finished', 'cancelled');
CREATE INDEX duels_by_deadline ON duels (deadline) WHERE deadline IS NOT NULL;

CREATE TABLE decisions (
    duel_id INTEGER NOT NULL REFERENCES duels (id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL CHECK (seq >= 0),          -- 0-based position in the history
    player  INTEGER NOT NULL CHECK (player IN (0, 1)),
    text    TEXT NOT NULL CHECK (length(text) > 0),     -- canonical answer text
    at      INTEGER NOT NULL,                           -- unix seconds
    PRIMARY KEY (duel_id, seq)
) WITHOUT ROWID;

-- The history is append-only and gapless: decision k is inserted while the
-- header says seq = k, and the header's seq only moves up by one, past a
-- decision that exists.  So seq = count(decisions) always.
CREATE TRIGGER decisions_append_only BEFORE UPDATE ON decisions
BEGIN
    SELECT RAISE(ABORT, 'decisions are append-only');
END;

CREATE TRIGGER decisions_in_order BEFORE INSERT ON decisions
WHEN NEW.seq IS NOT (SELECT seq FROM duels WHERE id = NEW.duel_id)
BEGIN
    SELECT RAISE(ABORT, 'a decision must be appended at its duel''s seq');
END;

-- The inputs of the replay are fixed once the first decision is taken.
CREATE TRIGGER duels_replay_inputs_fixed BEFORE UPDATE OF seed, deck0, deck1, options ON duels
WHEN OLD.seq > 0
 AND (NEW.seed IS NOT OLD.seed OR NEW.deck0 IS NOT OLD.deck0 OR NEW.deck1 IS NOT OLD.deck1
      OR NEW.options IS NOT OLD.options)
BEGIN
    SELECT RAISE(ABORT, 'a started duel''s seed, decks and options are fixed');
END;

CREATE TRIGGER duels_seq_follows_decisions BEFORE UPDATE OF seq ON duels
WHEN NEW.seq IS NOT OLD.seq
 AND (NEW.seq IS NOT OLD.seq + 1
      OR NOT EXISTS (SELECT 1 FROM decisions WHERE duel_id = NEW.id AND seq = OLD.seq))
BEGIN
    SELECT RAISE(ABORT, 'a duel''s seq only moves past an appended decision');
END;
"""

# Version 2: per-user data: saved decks and settings.
_V2_USERS = """
CREATE TABLE saved_decks (
    user_id    TEXT NOT NULL,
    name       TEXT NOT NULL COLLATE NOCASE CHECK (length(name) BETWEEN 1 AND 64),
    cards      TEXT NOT NULL CHECK (json_valid(cards) AND json_type(cards) = 'array'),
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, name)
) WITHOUT ROWID;

CREATE TABLE player_settings (
    user_id     TEXT PRIMARY KEY,
    phase_stops TEXT CHECK (phase_stops IS NULL
                            OR (json_valid(phase_stops) AND json_type(phase_stops) = 'array')),
    updated_at  INTEGER NOT NULL
) WITHOUT ROWID;
"""

MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "duels and their decisions", _V1_DUELS),
    Migration(2, "saved decks and player settings", _V2_USERS),
)


def latest_version(migrations: Sequence[Migration] = MIGRATIONS) -> int:
    """The schema version after all *migrations* (checking they are numbered 1, 2, ...).

    >>> latest_version()
    2
    """
    for i, m in enumerate(migrations, start=1):
        if m.version != i:
            raise ValueError(f"migration #{i} ({m.description!r}) has version {m.version}")
    return len(migrations)


def split_sql(script: str) -> list[str]:
    """Split *script* into complete statements (``sqlite3.execute`` runs one at a time).

    Semicolons inside strings, comments and trigger bodies do not split:

    >>> split_sql("CREATE TABLE t (x TEXT DEFAULT ';'); -- a; comment\\n"
    ...           "CREATE TRIGGER g AFTER INSERT ON t BEGIN SELECT 1; SELECT 2; END;")
    ["CREATE TABLE t (x TEXT DEFAULT ';');", '-- a; comment\\nCREATE TRIGGER g AFTER INSERT ON t BEGIN SELECT 1; SELECT 2; END;']
    """
    statements, buf = [], ""
    pieces = script.split(";")
    for piece in pieces[:-1]:
        buf += piece + ";"
        if sqlite3.complete_statement(buf):
            statements.append(buf.strip())
            buf = ""
    rest = _COMMENTS.sub("", buf + pieces[-1])
    if rest.strip():
        raise ValueError(f"SQL without a final semicolon: {rest.strip()[:60]!r}")
    return [s for s in statements if _COMMENTS.sub("", s).strip(" \t\r\n;")]


_COMMENTS = re.compile(r"--[^\n]*|/\*.*?(?:\*/|$)", re.DOTALL)


async def migrate(conn: aiosqlite.Connection, migrations: Sequence[Migration] = MIGRATIONS,
                  target: int | None = None, *, path: str = "database") -> int:
    """Apply the migrations the database lacks, up to *target*; return the new version.

    Must run inside a write transaction (``BEGIN IMMEDIATE``), which makes
    the upgrade all-or-nothing and serialises concurrent openers; the version
    is re-read here, inside the transaction.  Never downgrades: a database
    already past *target* is left alone, one past the last known migration
    raises :class:`~storage.errors.SchemaTooNew`.
    """
    if not conn.in_transaction:
        raise RuntimeError("migrate() must run inside a write transaction")
    known = latest_version(migrations)
    target = known if target is None else target
    async with conn.execute("PRAGMA user_version") as cur:
        row = await cur.fetchone()
    version = int(row[0]) if row else 0
    if version > known:
        raise SchemaTooNew(path, version, known)
    for m in migrations[version:target]:
        if isinstance(m.step, str):
            for statement in split_sql(m.step):
                await conn.execute(statement)
        else:
            await m.step(conn)
        # PRAGMA takes no bound parameters; m.version is an int from this module.
        await conn.execute(f"PRAGMA user_version = {int(m.version)}")
        version = m.version
    return version
