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
    """One schema step: after it, ``user_version`` is *version*.

    *postgres*: the step for PostgreSQL when :func:`storage.sqlport.translate_script`
    cannot carry *step* there (None: *step*, translated, serves both).
    """

    version: int
    description: str
    step: Step
    postgres: Step | None = None


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

# Version 3: card collections (one row per owned copy), the ledger of every
# change of ownership, trades, the copies bound to duels played for ante, ante
# results, starters given, and server settings.  See storage/collections.py,
# storage/ledger.py, storage/trades.py and storage/ante.py.
_V3_COLLECTIONS = """
CREATE TABLE copies (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,  -- never reused
    card         TEXT NOT NULL CHECK (length(card) > 0),
    printing     TEXT NOT NULL,                       -- set code, e.g. '4ED'
    owner_id     TEXT NOT NULL,                       -- Discord user id
    acquired_at  INTEGER NOT NULL,                    -- when the current owner got it
    acquired_how TEXT NOT NULL CHECK (acquired_how IN ('grant', 'starter', 'ante', 'trade')),
    created_at   INTEGER NOT NULL
);
CREATE INDEX copies_by_owner ON copies (owner_id, card);

CREATE TABLE trades (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id     TEXT,
    channel_id   TEXT,
    message_id   TEXT,
    proposer_id  TEXT NOT NULL,
    recipient_id TEXT NOT NULL CHECK (recipient_id <> proposer_id),
    status       TEXT NOT NULL DEFAULT 'proposed'
                 CHECK (status IN ('proposed', 'accepted', 'declined', 'expired', 'withdrawn',
                                   'failed')),
    reason       TEXT,                                -- why it failed (nothing moved)
    created_at   INTEGER NOT NULL,
    expires_at   INTEGER NOT NULL,
    closed_at    INTEGER,
    CHECK ((status = 'proposed') = (closed_at IS NULL))
);
CREATE INDEX trades_open ON trades (expires_at) WHERE status = 'proposed';
CREATE INDEX trades_by_proposer ON trades (proposer_id, id);
CREATE INDEX trades_by_recipient ON trades (recipient_id, id);

CREATE TABLE trade_items (
    trade_id INTEGER NOT NULL REFERENCES trades (id),
    copy_id  INTEGER NOT NULL REFERENCES copies (id),
    side     INTEGER NOT NULL CHECK (side IN (0, 1)),  -- 0: the proposer gives it; 1: the recipient
    PRIMARY KEY (trade_id, copy_id)
) WITHOUT ROWID;
CREATE INDEX trade_items_by_copy ON trade_items (copy_id);

CREATE TABLE ledger (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    copy_id  INTEGER NOT NULL REFERENCES copies (id),
    kind     TEXT NOT NULL CHECK (kind IN ('grant', 'starter', 'ante', 'trade')),
    from_id  TEXT,                    -- the previous owner; NULL when the copy came into being
    to_id    TEXT NOT NULL,
    duel_id  INTEGER REFERENCES duels (id),
    trade_id INTEGER REFERENCES trades (id),
    by_id    TEXT,                    -- the admin who granted it
    guild_id TEXT,
    at       INTEGER NOT NULL,
    CHECK ((from_id IS NULL) = (kind IN ('grant', 'starter'))),
    CHECK ((kind = 'ante') = (duel_id IS NOT NULL)),
    CHECK ((kind = 'trade') = (trade_id IS NOT NULL)),
    CHECK (from_id IS NULL OR from_id <> to_id)
);
CREATE INDEX ledger_by_copy ON ledger (copy_id, id);
CREATE INDEX ledger_by_to ON ledger (to_id, id);
CREATE INDEX ledger_by_from ON ledger (from_id, id) WHERE from_id IS NOT NULL;

CREATE TABLE duel_copies (
    duel_id  INTEGER NOT NULL REFERENCES duels (id),
    player   INTEGER NOT NULL CHECK (player IN (0, 1)),
    position INTEGER NOT NULL CHECK (position >= 0),   -- index in the duel's decklist
    copy_id  INTEGER NOT NULL REFERENCES copies (id),
    PRIMARY KEY (duel_id, player, position)
) WITHOUT ROWID;
CREATE UNIQUE INDEX duel_copies_once ON duel_copies (duel_id, copy_id);
CREATE INDEX duel_copies_by_copy ON duel_copies (copy_id);

CREATE TABLE ante_results (
    duel_id      INTEGER PRIMARY KEY REFERENCES duels (id),
    guild_id     TEXT,
    winner       INTEGER CHECK (winner IN (0, 1)),     -- NULL: a draw
    reason       TEXT NOT NULL,
    antes        TEXT NOT NULL CHECK (json_valid(antes) AND json_type(antes) = 'array'),
    moved        INTEGER NOT NULL CHECK (moved >= 0),  -- copies that changed owner
    settled_at   INTEGER NOT NULL,
    announced_at INTEGER
);
CREATE INDEX ante_results_by_guild ON ante_results (guild_id, settled_at);

CREATE TABLE starters (
    user_id    TEXT PRIMARY KEY,
    guild_id   TEXT,
    seed       INTEGER NOT NULL,
    granted_at INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE guild_settings (
    guild_id            TEXT PRIMARY KEY,
    ante_excludes_basic INTEGER NOT NULL DEFAULT 0 CHECK (ante_excludes_basic IN (0, 1)),
    starter_mix         TEXT CHECK (starter_mix IS NULL
                                    OR (json_valid(starter_mix) AND json_type(starter_mix) = 'object')),
    updated_at          INTEGER NOT NULL
) WITHOUT ROWID;

-- The ledger is the history: append-only, and copies never disappear.
CREATE TRIGGER ledger_no_update BEFORE UPDATE ON ledger
BEGIN
    SELECT RAISE(ABORT, 'the ledger is append-only');
END;

CREATE TRIGGER ledger_no_delete BEFORE DELETE ON ledger
BEGIN
    SELECT RAISE(ABORT, 'the ledger is append-only');
END;

CREATE TRIGGER copies_no_delete BEFORE DELETE ON copies
BEGIN
    SELECT RAISE(ABORT, 'copies are never deleted');
END;

-- A copy comes into being once, and a transfer starts from its current owner.
CREATE TRIGGER ledger_created_once BEFORE INSERT ON ledger
WHEN NEW.from_id IS NULL AND EXISTS (SELECT 1 FROM ledger WHERE copy_id = NEW.copy_id)
BEGIN
    SELECT RAISE(ABORT, 'a copy is created only once');
END;

CREATE TRIGGER ledger_from_owner BEFORE INSERT ON ledger
WHEN NEW.from_id IS NOT NULL
 AND NEW.from_id IS NOT (SELECT owner_id FROM copies WHERE id = NEW.copy_id)
BEGIN
    SELECT RAISE(ABORT, 'a transfer must start from the copy''s owner');
END;

-- A copy changes owner only as its newest ledger line says, and never while
-- it is bound to a duel that is still going on.
CREATE TRIGGER copies_owner_follows_ledger BEFORE UPDATE OF owner_id ON copies
WHEN NEW.owner_id IS NOT OLD.owner_id
 AND NOT EXISTS (SELECT 1 FROM ledger
                 WHERE id = (SELECT max(id) FROM ledger WHERE copy_id = NEW.id)
                   AND from_id = OLD.owner_id AND to_id = NEW.owner_id)
BEGIN
    SELECT RAISE(ABORT, 'a copy changes owner only with a ledger line');
END;

CREATE TRIGGER copies_locked_in_duel BEFORE UPDATE OF owner_id ON copies
WHEN NEW.owner_id IS NOT OLD.owner_id
 AND EXISTS (SELECT 1 FROM duel_copies dc JOIN duels d ON d.id = dc.duel_id
             WHERE dc.copy_id = NEW.id AND d.status NOT IN ('finished', 'cancelled'))
BEGIN
    SELECT RAISE(ABORT, 'a copy bound to a running duel cannot change owner');
END;

-- A copy is bound to at most one running duel, and only by its owner.
CREATE TRIGGER duel_copies_one_running_duel BEFORE INSERT ON duel_copies
WHEN EXISTS (SELECT 1 FROM duel_copies dc JOIN duels d ON d.id = dc.duel_id
             WHERE dc.copy_id = NEW.copy_id AND dc.duel_id <> NEW.duel_id
               AND d.status NOT IN ('finished', 'cancelled'))
BEGIN
    SELECT RAISE(ABORT, 'that copy is already bound to a running duel');
END;

CREATE TRIGGER duel_copies_owned BEFORE INSERT ON duel_copies
WHEN (SELECT owner_id FROM copies WHERE id = NEW.copy_id) IS NOT
     (SELECT CASE NEW.player WHEN 0 THEN player0_id ELSE player1_id END
      FROM duels WHERE id = NEW.duel_id)
BEGIN
    SELECT RAISE(ABORT, 'a duel''s deck can only hold copies its player owns');
END;

CREATE TRIGGER duel_copies_no_update BEFORE UPDATE ON duel_copies
BEGIN
    SELECT RAISE(ABORT, 'a duel''s copies are fixed');
END;
"""

# Version 4: how far the bot has shown each duel on Discord.  ``published_seq``
# is the number of decisions up to which the board, the log lines and the
# pending player's panel (or the end of the duel) were sent; it is written
# after a publish completes.  Decisions are committed *before* they are
# published, so a bot killed in between leaves ``published_seq < seq`` and
# publishes again at start-up (see ``ManaburnBot.republish``).  NULL: nothing
# published yet (a duel just accepted).  Duels from before this version are
# taken as published up to their seq.
_V4_PUBLISHED = """
ALTER TABLE duels ADD COLUMN published_seq INTEGER CHECK (published_seq IS NULL OR published_seq >= 0);
UPDATE duels SET published_seq = seq WHERE status IN ('mulligans', 'playing', 'finished');
CREATE INDEX duels_unpublished ON duels (id)
    WHERE status IN ('mulligans', 'playing', 'finished') AND (published_seq IS NULL OR published_seq < seq);
"""

# Version 5: the clock reminders already sent for a duel's pending decision.
# ``reminder_seq`` is the decision (seq) they were for and ``reminder_stage``
# how far they went (1: past half the clock, 2: near the end, 3: run out, the
# opponent told).  Kept on disk so that a restart never sends one twice.
_V5_REMINDERS = """
ALTER TABLE duels ADD COLUMN reminder_seq INTEGER CHECK (reminder_seq IS NULL OR reminder_seq >= 0);
ALTER TABLE duels ADD COLUMN reminder_stage INTEGER NOT NULL DEFAULT 0 CHECK (reminder_stage BETWEEN 0 AND 3);
"""

# Version 6: a collection grouped by (card, printing) and paged by SQLite (``/collection``
# of a player with 100,000 copies reads one page of the index, in order, with no sort).
_V6_COLLECTION_PAGES = """
CREATE INDEX copies_by_owner_card_printing ON copies (owner_id, card, printing, id);
"""

# Version 7: one engine snapshot per duel (storage.snapshots): a cache for rebuilding a
# long duel without replaying all of it; ``seq`` is how many decisions came before it,
# ``engine_version`` the engine that made it (another engine ignores it).
_V7_SNAPSHOTS = """
CREATE TABLE duel_snapshots (
    duel_id        INTEGER PRIMARY KEY REFERENCES duels(id),
    engine_version TEXT NOT NULL,
    seq            INTEGER NOT NULL CHECK (seq >= 0),
    blob           BLOB NOT NULL
);
"""

# Version 8: the engine's state hash after a decision, stored with the decision a snapshot was
# taken after (NULL for the others): a stored snapshot is used only if the game it holds hashes
# to it (the snapshot row alone cannot be edited into another state).
_V8_STATE_HASHES = """
ALTER TABLE decisions ADD COLUMN state_hash TEXT;
"""

# Version 9: a saved deck's sideboard (a JSON array of card names, like ``cards``).
_V9_SIDEBOARDS = """
ALTER TABLE saved_decks ADD COLUMN sideboard TEXT NOT NULL DEFAULT '[]';
"""

# Version 10: matches (storage/matches.py): best-of-N series of duels, each player's deck
# and sideboard as they stand between games, the score; and the duels that are their games.
_V10_MATCHES = """
CREATE TABLE matches (
    id            INTEGER PRIMARY KEY,   -- chosen in the inserting transaction
    guild_id      TEXT,
    channel_id    TEXT NOT NULL,
    thread_id     TEXT,
    player0_id    TEXT NOT NULL,
    player1_id    TEXT NOT NULL,
    player0_name  TEXT NOT NULL,
    player1_name  TEXT NOT NULL,
    best_of       INTEGER NOT NULL CHECK (best_of IN (1, 3, 5)),
    format        TEXT NOT NULL,
    options       TEXT NOT NULL,         -- JSON object: the games' DuelOptions but the chooser
    clock_seconds INTEGER NOT NULL CHECK (clock_seconds > 0),
    main0         TEXT NOT NULL,         -- JSON arrays of card names
    side0         TEXT NOT NULL,
    main1         TEXT,                  -- NULL until the challenged player accepts
    side1         TEXT,
    wins0         INTEGER NOT NULL DEFAULT 0 CHECK (wins0 >= 0),
    wins1         INTEGER NOT NULL DEFAULT 0 CHECK (wins1 >= 0),
    draws         INTEGER NOT NULL DEFAULT 0 CHECK (draws >= 0),
    status        TEXT NOT NULL CHECK (status IN ('challenged', 'playing', 'sideboarding', 'finished',
                                                  'cancelled')),
    ready0        INTEGER NOT NULL DEFAULT 0 CHECK (ready0 IN (0, 1)),
    ready1        INTEGER NOT NULL DEFAULT 0 CHECK (ready1 IN (0, 1)),
    winner        INTEGER CHECK (winner IN (0, 1)),
    result        TEXT CHECK (result IN ('won', 'conceded')),
    deadline      INTEGER,               -- unix seconds: the end of sideboarding
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL,
    CHECK ((status = 'finished') = (result IS NOT NULL)),
    CHECK ((result IS NULL) = (winner IS NULL))
);
CREATE INDEX matches_by_status ON matches (status, deadline);
CREATE INDEX matches_by_player0 ON matches (player0_id, status);
CREATE INDEX matches_by_player1 ON matches (player1_id, status);

CREATE TABLE match_games (
    match_id INTEGER NOT NULL REFERENCES matches (id),
    game     INTEGER NOT NULL CHECK (game >= 1),
    duel_id  INTEGER NOT NULL UNIQUE REFERENCES duels (id),
    PRIMARY KEY (match_id, game)
);
"""

# Version 11: leagues (storage/leagues.py): Swiss rounds over days, their players with the
# decks they registered, each round's tables as paired (stored: never paired again) and
# scored, and a server's organiser role.
_V11_LEAGUES = """
CREATE TABLE leagues (
    id            INTEGER PRIMARY KEY,   -- chosen in the inserting transaction
    guild_id      TEXT NOT NULL,
    channel_id    TEXT NOT NULL,
    name          TEXT NOT NULL,
    format        TEXT NOT NULL,
    rounds        INTEGER NOT NULL CHECK (rounds BETWEEN 1 AND 20),   -- Swiss rounds (the top 8's come after)
    round_days    INTEGER NOT NULL CHECK (round_days BETWEEN 1 AND 60),
    best_of       INTEGER NOT NULL CHECK (best_of IN (1, 3, 5)),
    clock_seconds INTEGER NOT NULL CHECK (clock_seconds > 0),
    top8          INTEGER NOT NULL DEFAULT 0 CHECK (top8 IN (0, 1)),  -- single elimination after the Swiss
    seed          BIGINT NOT NULL,
    status        TEXT NOT NULL CHECK (status IN ('open', 'running', 'finished')),
    round         INTEGER NOT NULL DEFAULT 0 CHECK (round >= 0),
    round_ends    INTEGER,               -- unix seconds; NULL between the close of a round and the next
    organiser_id  TEXT NOT NULL,
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL
);
CREATE INDEX leagues_running ON leagues (status, round_ends);
CREATE INDEX leagues_by_guild ON leagues (guild_id, status);

CREATE TABLE league_players (
    league_id     INTEGER NOT NULL REFERENCES leagues (id),
    user_id       TEXT NOT NULL,
    name          TEXT NOT NULL,
    main          TEXT NOT NULL,         -- JSON arrays of card names: the deck registered
    side          TEXT NOT NULL,
    joined_at     INTEGER NOT NULL,
    dropped_round INTEGER,               -- not paired after this round
    PRIMARY KEY (league_id, user_id)
);

CREATE TABLE league_pairings (
    league_id  INTEGER NOT NULL REFERENCES leagues (id),
    round      INTEGER NOT NULL CHECK (round >= 1),
    table_no   INTEGER NOT NULL CHECK (table_no >= 1),
    player0_id TEXT NOT NULL,
    player1_id TEXT,                     -- NULL: a bye
    accepted0  INTEGER NOT NULL DEFAULT 0 CHECK (accepted0 IN (0, 1)),
    accepted1  INTEGER NOT NULL DEFAULT 0 CHECK (accepted1 IN (0, 1)),
    match_id   INTEGER REFERENCES matches (id),
    message_id TEXT,
    wins0      INTEGER NOT NULL DEFAULT 0,
    wins1      INTEGER NOT NULL DEFAULT 0,
    draws      INTEGER NOT NULL DEFAULT 0,
    closed     INTEGER NOT NULL DEFAULT 0 CHECK (closed IN (0, 1)),
    PRIMARY KEY (league_id, round, table_no)
);

CREATE TABLE league_settings (
    guild_id          TEXT PRIMARY KEY,
    organiser_role_id TEXT,
    updated_at        INTEGER NOT NULL
);
"""

# Version 12: ratings (storage/ratings.py): a Glicko-2 rating per player and format, and
# every rated match with both players' ratings before and after it.
_V12_RATINGS = """
CREATE TABLE ratings (
    user_id    TEXT NOT NULL,
    format     TEXT NOT NULL,
    rating     REAL NOT NULL,
    rd         REAL NOT NULL,
    vol        REAL NOT NULL,
    wins       INTEGER NOT NULL DEFAULT 0,
    losses     INTEGER NOT NULL DEFAULT 0,
    draws      INTEGER NOT NULL DEFAULT 0,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, format)
);

CREATE TABLE rated_matches (
    id        INTEGER PRIMARY KEY,       -- chosen in the inserting transaction
    guild_id  TEXT,
    format    TEXT NOT NULL,
    duel_id   INTEGER REFERENCES duels (id),      -- a lone duel
    match_id  INTEGER REFERENCES matches (id),    -- or a match
    player0   TEXT NOT NULL,
    player1   TEXT NOT NULL,
    score0    REAL NOT NULL CHECK (score0 IN (0, 0.5, 1)),  -- player0's result: 1 won, 0.5 drawn, 0 lost
    before0   REAL NOT NULL,
    before1   REAL NOT NULL,
    after0    REAL NOT NULL,
    after1    REAL NOT NULL,
    at        INTEGER NOT NULL,
    CHECK ((duel_id IS NULL) <> (match_id IS NULL))
);
CREATE UNIQUE INDEX rated_matches_once_duel ON rated_matches (duel_id) WHERE duel_id IS NOT NULL;
CREATE UNIQUE INDEX rated_matches_once_match ON rated_matches (match_id) WHERE match_id IS NOT NULL;
CREATE INDEX rated_matches_by_guild ON rated_matches (guild_id, format);
CREATE INDEX rated_matches_by_player0 ON rated_matches (player0, id);
CREATE INDEX rated_matches_by_player1 ON rated_matches (player1, id);
"""

# Version 13: vacations (storage/vacations.py): while one runs, the player's clocks stop.
_V13_VACATIONS = """
CREATE TABLE vacations (
    user_id TEXT NOT NULL,
    starts  INTEGER NOT NULL,            -- unix seconds
    ends    INTEGER NOT NULL CHECK (ends > starts),
    days    INTEGER NOT NULL CHECK (days BETWEEN 1 AND 14),
    PRIMARY KEY (user_id, starts)
);
"""

# Version 14: Gauntlet runs in Discord (storage.gauntlet): one row per run, its stages' order of
# opponent decks, how many it won, the duel of the stage under way; and the server setting
# that lets the Gauntlet be played for ante (off by default).
_V14_GAUNTLET = """
CREATE TABLE gauntlet_runs (
    id          INTEGER PRIMARY KEY,
    guild_id    BIGINT,
    channel_id  BIGINT NOT NULL,
    thread_id   BIGINT,
    player_id   BIGINT NOT NULL,
    player_name TEXT NOT NULL,
    deck_name   TEXT NOT NULL,
    deck        TEXT NOT NULL,
    level       TEXT NOT NULL,
    format      TEXT NOT NULL,
    seed        BIGINT NOT NULL,
    opponents   TEXT NOT NULL,
    ante        INTEGER NOT NULL DEFAULT 0 CHECK (ante IN (0, 1)),
    wins        INTEGER NOT NULL DEFAULT 0 CHECK (wins >= 0),
    duel_id     INTEGER REFERENCES duels (id),
    status      TEXT NOT NULL CHECK (status IN ('running', 'lost', 'complete')),
    started_at  INTEGER NOT NULL,
    ended_at    INTEGER
);
CREATE INDEX gauntlet_runs_by_player ON gauntlet_runs (player_id, status);
CREATE INDEX gauntlet_runs_by_duel ON gauntlet_runs (duel_id);
CREATE INDEX gauntlet_runs_best ON gauntlet_runs (guild_id, format, level, wins);
ALTER TABLE guild_settings ADD COLUMN gauntlet_ante INTEGER NOT NULL DEFAULT 0 CHECK (gauntlet_ante IN (0, 1));
"""

# Version 15: what the bot shows each player of a duel, for several workers sharing one
# database (storage.panels): the message of their panel with the pending decision, of
# their panel while they wait, how many of their private notes the panels showed, and
# when they last answered (wall-clock seconds). Written in portable SQL (both backends).
_V15_PANELS = """
CREATE TABLE duel_panels (
    duel_id          INTEGER NOT NULL REFERENCES duels (id),
    player           INTEGER NOT NULL CHECK (player IN (0, 1)),
    decision_channel TEXT,
    decision_message TEXT,
    waiting_channel  TEXT,
    waiting_message  TEXT,
    secrets_shown    INTEGER CHECK (secrets_shown IS NULL OR secrets_shown >= 0),
    answered_at      REAL,
    PRIMARY KEY (duel_id, player)
);
"""

# Version 16: the deck each player chose, by name, for a duel or a match (a match's is its first
# game's duel's), so that /profile can show the decks a player plays most in rated matches
# (storage.ratings.favourite_decks); and the deck a league's player joined with. Portable SQL.
_V16_DECK_NAMES = """
CREATE TABLE played_decks (
    duel_id   INTEGER NOT NULL REFERENCES duels (id),
    player    INTEGER NOT NULL CHECK (player IN (0, 1)),
    deck_name TEXT NOT NULL,
    PRIMARY KEY (duel_id, player)
);
ALTER TABLE league_players ADD COLUMN deck_name TEXT;
"""

# Version 17: what a worker kept in its memory and another worker needs, for several workers
# on one database. ``channel_posts``: the channel posts of each user (/challenge, /trade) in
# the rate limit's window (storage.posts), one row each, numbered per user; ``trade_drafts``:
# a /trade draft composed with menus (storage.trade_drafts), its choices so far. Times are
# unix seconds. Portable SQL.
_V17_POSTS_AND_DRAFTS = """
CREATE TABLE channel_posts (
    user_id TEXT    NOT NULL,
    n       INTEGER NOT NULL,
    at      REAL    NOT NULL,
    PRIMARY KEY (user_id, n)
);
CREATE INDEX channel_posts_at ON channel_posts (at);
CREATE TABLE trade_drafts (
    draft        TEXT PRIMARY KEY,
    proposer_id  TEXT NOT NULL,
    recipient_id TEXT NOT NULL,
    guild_id     TEXT,
    channel_id   TEXT,
    give         TEXT NOT NULL DEFAULT '',
    want         TEXT NOT NULL DEFAULT '',
    expires_at   REAL NOT NULL
);
CREATE INDEX trade_drafts_expiry ON trade_drafts (expires_at);
"""

# with the published mark: a worker does not draw the board picture another worker drew
_V18_BOARD_MOMENT = """
ALTER TABLE duels ADD COLUMN board_moment TEXT;
"""


MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "duels and their decisions", _V1_DUELS),
    Migration(2, "saved decks and player settings", _V2_USERS),
    Migration(3, "collections, ledger, trades and ante", _V3_COLLECTIONS),
    Migration(4, "how far each duel was published on Discord", _V4_PUBLISHED),
    Migration(5, "clock reminders sent", _V5_REMINDERS),
    Migration(6, "collections paged by card and printing", _V6_COLLECTION_PAGES),
    Migration(7, "one engine snapshot per duel", _V7_SNAPSHOTS),
    Migration(8, "state hashes with the decisions snapshots follow", _V8_STATE_HASHES),
    Migration(9, "sideboards of saved decks", _V9_SIDEBOARDS),
    Migration(10, "matches and their games", _V10_MATCHES),
    Migration(11, "leagues, their players and rounds", _V11_LEAGUES),
    Migration(12, "ratings per player and format", _V12_RATINGS),
    Migration(13, "vacations", _V13_VACATIONS),
    Migration(14, "Gauntlet runs and the server setting for their ante", _V14_GAUNTLET),
    Migration(15, "the panels shown to each player, for several workers", _V15_PANELS),
    Migration(16, "the decks players chose, by name", _V16_DECK_NAMES),
    Migration(17, "channel posts in the rate limit's window and /trade drafts, for several workers",
              _V17_POSTS_AND_DRAFTS),
    Migration(18, "the moment of the board picture last shown, shared by workers", _V18_BOARD_MOMENT),
)


def latest_version(migrations: Sequence[Migration] = MIGRATIONS) -> int:
    """The schema version after all *migrations* (checking they are numbered 1, 2, ...).

    >>> latest_version()
    18
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
