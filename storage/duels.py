"""Duels: one header row per duel (or challenge) and its append-only decisions.

A duel is stored as what the engine needs to rebuild it, not as a snapshot of
the game: seed, decklists, options and the list of answered decisions.
``engine.Duel.new(rec.seed, rec.decks, DuelOptions(**rec.options),
rec.player_names).replay(history)`` recreates it exactly after a restart.

The header's ``seq`` is the number of decisions taken.  A button offered to a
player carries the ``seq`` it was offered at; :func:`append_decision` accepts
the answer only if the duel is still at that ``seq`` (compare-and-set inside
one ``BEGIN IMMEDIATE`` transaction), so of two racing clicks, or of a click
and a timeout, exactly one wins and the other gets :class:`StaleDecision`.

A challenge is a duel header in status ``challenged`` whose ``deadline`` is
the challenge's expiry; once accepted (decks chosen) it goes through
``mulligans``, ``playing`` and ends ``finished`` (with a result) or
``cancelled``.  Storage only guards that the two end states are
final; the order of the others is the bot's business.

Discord ids (guild, channel, thread, message, user) are stored as TEXT; the
functions accept ``int`` or ``str`` and refuse anything else, so a discord.py
object can never be stored by mistake.
"""
from __future__ import annotations

import dataclasses
import json
import sqlite3
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, NamedTuple

import aiosqlite

from ._common import now_seconds, snowflake, unix_time
from .db import Database, execute_all
from .errors import DuelNotActive, DuelNotFound, StaleDecision, StaleStops, StatusConflict
from .locks import ROWS_CHECKED, duel_lock

__all__ = [
    "STATUSES", "ACTIVE_STATUSES", "TERMINAL_STATUSES", "RESULT_REASONS", "KEEP",
    "DuelResult", "DuelRecord", "FinishOutcome", "DeadlineAfterAway",
    "create_duel", "get_duel", "load_duel", "load_since", "load_history", "list_duels_for_user", "count_open_challenges",
    "duel_in_thread",
    "list_unfinished", "list_overdue", "append_decision", "set_status", "set_deck",
    "set_message_ids", "finish_duel",
]

#: Every status, in the order a duel normally goes through them.
#: (The first migration's CHECK also allows "accepted" and "choosing_decks": no
#: version of the bot ever wrote them, and no code accepts them now.)
STATUSES: Final = ("challenged", "mulligans", "playing", "finished", "cancelled")
#: Final statuses: nothing about the duel changes any more.
TERMINAL_STATUSES: Final = frozenset({"finished", "cancelled"})
#: Statuses of duels (and challenges) still going on.
ACTIVE_STATUSES: Final = tuple(s for s in STATUSES if s not in TERMINAL_STATUSES)
#: Why a finished duel ended.  Only ``drawn`` has no winner.
RESULT_REASONS: Final = ("won", "drawn", "conceded", "timed_out")

_MAX_SEED = 2 ** 63  # SQLite INTEGER is a signed 64-bit int


class _Keep:
    """Type of :data:`KEEP`."""

    _instance: _Keep | None = None

    def __new__(cls) -> _Keep:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "KEEP"


#: Default of optional keyword arguments meaning "leave this column as it is"
#: (``None`` means "set it to NULL").
KEEP: Final = _Keep()


@dataclass(frozen=True)
class DuelResult:
    """How a finished duel ended: *winner* (0 or 1; None for a draw) and *reason*."""

    winner: int | None
    reason: str

    def __post_init__(self) -> None:
        if self.reason not in RESULT_REASONS:
            raise ValueError(f"result reason must be one of {RESULT_REASONS}, not {self.reason!r}")
        if self.reason == "drawn":
            if self.winner is not None:
                raise ValueError("a drawn duel has no winner")
        elif not _is_player(self.winner):
            raise ValueError(f"a duel {self.reason} needs a winner 0 or 1, not {self.winner!r}")


@dataclass(frozen=True)
class DuelRecord:
    """A duel header, as read from the ``duels`` table.

    ``decks`` are None until chosen; ``options`` is the JSON object given at
    creation (e.g. ``dataclasses.asdict(DuelOptions(...))``: rebuild with
    ``DuelOptions(**rec.options)``).  Times are unix seconds.
    """

    id: int
    guild_id: str | None
    channel_id: str
    thread_id: str | None
    challenge_message_id: str | None
    board_message_id: str | None
    player_ids: tuple[str, str]
    player_names: tuple[str, str]
    seed: int
    decks: tuple[tuple[str, ...] | None, tuple[str, ...] | None]
    options: dict[str, Any] = field(hash=False)
    status: str
    result: DuelResult | None
    clock_seconds: int | None
    deadline: int | None
    seq: int
    created_at: int
    updated_at: int
    # decisions up to which the duel was published on Discord (None: nothing yet)
    published_seq: int | None = None
    # the clock reminders sent for the decision at reminder_seq (see reminders_sent)
    reminder_seq: int | None = None
    reminder_stage: int = 0
    # the moment of the board picture shown with the published_seq publish (bot.publishing:
    # a worker does not draw again what another worker drew), None if not recorded
    board_moment: str | None = None

    @property
    def reminders_sent(self) -> int:
        """How far the clock reminders went for the pending decision: 0 none,
        1 past half the clock, 2 near the end, 3 run out (the opponent told)."""
        return self.reminder_stage if self.reminder_seq == self.seq else 0

    @property
    def active(self) -> bool:
        """Neither finished nor cancelled."""
        return self.status not in TERMINAL_STATUSES

    def player_index(self, user_id: str | int) -> int | None:
        """0 or 1 if *user_id* plays in this duel, else None."""
        uid = _snowflake(user_id, "user_id")
        return self.player_ids.index(uid) if uid in self.player_ids else None

    @classmethod
    def from_row(cls, row: sqlite3.Row) -> DuelRecord:
        """Build from a ``SELECT * FROM duels`` row (extra columns are ignored)."""
        result = None
        if row["result"] is not None:
            result = DuelResult(row["winner"], row["result"])
        return cls(
            id=row["id"], guild_id=row["guild_id"], channel_id=row["channel_id"],
            thread_id=row["thread_id"], challenge_message_id=row["challenge_message_id"],
            board_message_id=row["board_message_id"],
            player_ids=(row["player0_id"], row["player1_id"]),
            player_names=(row["player0_name"], row["player1_name"]),
            seed=row["seed"],
            decks=(_load_deck(row["deck0"]), _load_deck(row["deck1"])),
            options=json.loads(row["options"]), status=row["status"], result=result,
            clock_seconds=row["clock_seconds"], deadline=row["deadline"], seq=row["seq"],
            created_at=row["created_at"], updated_at=row["updated_at"],
            published_seq=row["published_seq"] if "published_seq" in row.keys() else None,
            reminder_seq=row["reminder_seq"] if "reminder_seq" in row.keys() else None,
            reminder_stage=row["reminder_stage"] if "reminder_stage" in row.keys() else 0,
            board_moment=row["board_moment"] if "board_moment" in row.keys() else None)


class FinishOutcome(NamedTuple):
    """What :func:`finish_duel` did: the header now, and whether this call finished it."""

    record: DuelRecord
    changed: bool


# ------------------------------------------------------------------ creation
async def create_duel(db: Database, *, channel_id: str | int,
                      player_ids: Sequence[str | int], player_names: Sequence[str], seed: int,
                      guild_id: str | int | None = None,
                      options: Mapping[str, Any] | Any = None,
                      decks: Sequence[Sequence[str] | None] = (None, None),
                      status: str = "challenged", clock_seconds: int | None = None,
                      deadline: int | None = None, thread_id: str | int | None = None,
                      challenge_message_id: str | int | None = None,
                      board_message_id: str | int | None = None,
                      now: int | None = None) -> DuelRecord:
    """Insert a new duel header (seq 0, no decisions) and return it.

    *options* is a JSON-able mapping or a dataclass instance such as
    ``engine.DuelOptions`` (stored as its fields).  For a challenge, leave
    *status* ``challenged`` and give the expiry as *deadline*.
    """
    if status not in ACTIVE_STATUSES:
        raise ValueError(f"a new duel's status must be one of {ACTIVE_STATUSES}, not {status!r}")
    p0, p1 = _pair(player_ids, "player_ids")
    ids = (_snowflake(p0, "player_ids[0]"), _snowflake(p1, "player_ids[1]"))
    n0, n1 = _pair(player_names, "player_names")
    names = (_name(n0, "player_names[0]"), _name(n1, "player_names[1]"))
    d0, d1 = _pair(decks, "decks")
    now = _now(now)
    row = (_opt_snowflake(guild_id, "guild_id"), _snowflake(channel_id, "channel_id"),
           _opt_snowflake(thread_id, "thread_id"),
           _opt_snowflake(challenge_message_id, "challenge_message_id"),
           _opt_snowflake(board_message_id, "board_message_id"),
           ids[0], ids[1], names[0], names[1], _seed(seed), _dump_deck(d0), _dump_deck(d1),
           _dump_options(options), status, _clock(clock_seconds), _opt_time(deadline, "deadline"),
           now, now)
    async with db.transaction() as conn:
        cur = await conn.execute(
            "INSERT INTO duels (guild_id, channel_id, thread_id, challenge_message_id,"
            " board_message_id, player0_id, player1_id, player0_name, player1_name, seed,"
            " deck0, deck1, options, status, clock_seconds, deadline, created_at, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", row)
        duel_id = cur.lastrowid
        await cur.close()
        assert duel_id is not None
        return await _header(conn, duel_id)


# ------------------------------------------------------------------- reading
async def get_duel(db: Database, duel_id: int) -> DuelRecord | None:
    """The duel's header, or None if there is no such duel."""
    row = await db.fetchone("SELECT * FROM duels WHERE id = ?", (_id(duel_id),))
    return None if row is None else DuelRecord.from_row(row)


async def load_history(db: Database, duel_id: int) -> list[tuple[int, str]]:
    """The duel's decisions in order, as ``(player, text)`` for ``Duel.replay``.

    Raises :class:`DuelNotFound` for an unknown id (an empty list means a duel
    without decisions yet).
    """
    return (await load_duel(db, duel_id))[1]


async def load_duel(db: Database, duel_id: int) -> tuple[DuelRecord, list[tuple[int, str]]]:
    """Header and history read in one snapshot, so ``len(history) == record.seq``.

    What the bot needs to rebuild a duel after a restart.  Raises
    :class:`DuelNotFound`.
    """
    duel_id = _id(duel_id)
    async with db.read() as conn:
        record = await _header(conn, duel_id)
        async with conn.execute("SELECT player, text FROM decisions WHERE duel_id = ?"
                                " ORDER BY seq", (duel_id,)) as cur:
            history = [(int(r[0]), str(r[1])) for r in await cur.fetchall()]
    return record, history


async def load_since(db: Database, duel_id: int, seq: int) -> tuple[DuelRecord, list[tuple[int, str]],
                                                                   tuple[frozenset[str] | None, frozenset[str] | None]]:
    """Header, the decisions from number *seq* on and the players' phase stops (seat 0,
    seat 1; None: never set), read by one statement (one snapshot, so
    ``seq + len(decisions) == record.seq``; one round trip to a server): what a worker
    whose copy of the duel stopped at *seq* lacks, when another worker of the same
    database moved it on. Raises :class:`DuelNotFound`."""
    duel_id = _id(duel_id)
    rows = await db.fetchall(
        "SELECT d.*, x.player AS decision_player, x.text AS decision_text, " + _STOPS_OF_PLAYERS + " FROM duels d"
        " LEFT JOIN decisions x ON x.duel_id = d.id AND x.seq >= ? WHERE d.id = ? ORDER BY x.seq",
        (int(seq), duel_id))
    if not rows:
        raise DuelNotFound(duel_id)
    decisions = [(int(r["decision_player"]), str(r["decision_text"])) for r in rows
                 if r["decision_text"] is not None]
    return DuelRecord.from_row(rows[0]), decisions, (_stops(rows[0]["stops0"]), _stops(rows[0]["stops1"]))


# the players' phase stops (player_settings.phase_stops, JSON) beside a duel's row ``d``
_STOPS_OF_PLAYERS: Final = (
    "(SELECT phase_stops FROM player_settings WHERE user_id = d.player0_id) AS stops0,"
    " (SELECT phase_stops FROM player_settings WHERE user_id = d.player1_id) AS stops1")


def _stops(text: str | None) -> frozenset[str] | None:
    return None if text is None else frozenset(json.loads(text))


async def list_duels_for_user(db: Database, user_id: str | int,
                              active_only: bool = True) -> list[DuelRecord]:
    """Duels (and challenges) where *user_id* is either player, oldest first.

    With *active_only*, only those neither finished nor cancelled.
    """
    uid = _snowflake(user_id, "user_id")
    sql = "SELECT * FROM duels WHERE (player0_id = ? OR player1_id = ?)"
    if active_only:
        sql += " AND status NOT IN ('finished', 'cancelled')"
    rows = await db.fetchall(sql + " ORDER BY id", (uid, uid))
    return [DuelRecord.from_row(r) for r in rows]


async def count_open_challenges(db: Database, user_id: str | int, now: int) -> int:
    """How many challenges *user_id* made that still wait for an answer (not expired at *now*)."""
    row = await db.fetchone("SELECT count(*) FROM duels WHERE player0_id = ? AND status = 'challenged'"
                            " AND (deadline IS NULL OR deadline >= ?)", (_snowflake(user_id, "user_id"), int(now)))
    return int(row[0]) if row else 0


async def state_hash_after(db: Database, duel_id: int, seq: int) -> str | None:
    """The engine's state hash stored with decision number *seq* (see
    :func:`append_decisions`), or None (none stored, or no such decision)."""
    row = await db.fetchone("SELECT state_hash FROM decisions WHERE duel_id = ? AND seq = ?",
                            (_id(duel_id), int(seq)))
    return None if row is None or row["state_hash"] is None else str(row["state_hash"])


async def count_active_between(db: Database, first: str | int, second: str | int) -> int:
    """How many duels under way (mulligans or playing) *first* has in seat 0 against *second*
    in seat 1 (a player's duels against the computer)."""
    row = await db.fetchone("SELECT count(*) FROM duels WHERE player0_id = ? AND player1_id = ?"
                            " AND status IN ('mulligans', 'playing')",
                            (_snowflake(first, "first"), _snowflake(second, "second")))
    return int(row[0]) if row else 0


async def duel_in_thread(db: Database, thread_id: str | int) -> DuelRecord | None:
    """The duel played in a Discord thread, if any (for a command typed in it by someone
    who is not one of its players; not indexed: rare)."""
    row = await db.fetchone("SELECT * FROM duels WHERE thread_id = ? ORDER BY id DESC LIMIT 1",
                            (_snowflake(thread_id, "thread_id"),))
    return None if row is None else DuelRecord.from_row(row)


async def list_unfinished(db: Database) -> list[DuelRecord]:
    """All duels and challenges neither finished nor cancelled, oldest first.

    At start-up the bot rebuilds these (and expires the overdue ones).
    """
    rows = await db.fetchall(
        "SELECT * FROM duels WHERE status NOT IN ('finished', 'cancelled') ORDER BY id")
    return [DuelRecord.from_row(r) for r in rows]


async def list_unpublished(db: Database) -> list[DuelRecord]:
    """Started duels (finished ones too) whose last decisions were not all published, oldest first.

    Decisions are committed before the bot shows them; a bot stopped in
    between publishes these again at start-up (``published_seq < seq``, or
    nothing published at all).  Uses the partial index ``duels_unpublished``,
    so it costs nothing when every duel is up to date.
    """
    rows = await db.fetchall(
        "SELECT * FROM duels WHERE status IN ('mulligans', 'playing', 'finished')"
        " AND (published_seq IS NULL OR published_seq < seq) ORDER BY id")
    return [DuelRecord.from_row(r) for r in rows]


async def set_published(db: Database, duel_id: int, seq: int) -> None:
    """Record that the duel was published on Discord up to *seq* decisions.

    Only ever moves forward (two publishes of one duel may finish out of
    order), and leaves ``updated_at`` alone: this is no change to the duel.
    """
    await set_published_many(db, {duel_id: seq})


async def set_published_many(db: Database, marks: Mapping[int, int],
                             moments: Mapping[int, str] | None = None) -> None:
    """:func:`set_published` for several duels (duel id -> seq) in one transaction;
    *moments* (duel id -> the board picture's moment shown with that publish) are
    recorded with their duel's mark (``board_moment``), when the mark moves forward; a
    mark without one (a publish that did not show the board) keeps the one stored."""
    rows = []
    moments = moments or {}
    for duel_id, seq in marks.items():
        if isinstance(seq, bool) or not isinstance(seq, int) or seq < 0:
            raise ValueError(f"seq must be an int >= 0, not {seq!r}")
        rows.append((seq, moments.get(duel_id), _id(duel_id), seq))
    if not rows:
        return
    # each UPDATE is its own compare-and-set (published_seq only grows): beside clicks'
    # writes; sent together (one round trip to a server with its BEGIN and COMMIT)
    steps = [("UPDATE duels SET published_seq = ?, board_moment = COALESCE(?, board_moment) WHERE id = ?"
              " AND (published_seq IS NULL OR published_seq < ?)", row) for row in rows]
    await db.write(lambda conn: execute_all(conn, steps, last=True), lock=ROWS_CHECKED)


async def set_reminded(db: Database, duel_id: int, seq: int, stage: int) -> bool:
    """Record that the clock reminders for decision *seq* went to *stage*.

    A compare-and-set: true only if the duel is still active, still waiting
    for decision *seq* and had not reached *stage* yet; otherwise nothing is
    written and the caller sends nothing.  Written *before* the reminder is
    sent, so a reminder is sent at most once: a bot killed in between loses
    that one reminder rather than repeating it after the restart.
    """
    if isinstance(stage, bool) or stage not in (1, 2, 3):
        raise ValueError(f"stage must be 1, 2 or 3, not {stage!r}")
    if isinstance(seq, bool) or not isinstance(seq, int) or seq < 0:
        raise ValueError(f"seq must be an int >= 0, not {seq!r}")
    async with db.transaction() as conn:
        cur = await conn.execute(
            "UPDATE duels SET reminder_seq = ?, reminder_stage = ? WHERE id = ? AND seq = ?"
            " AND status NOT IN ('finished', 'cancelled')"
            " AND (reminder_seq IS NULL OR reminder_seq != ? OR reminder_stage < ?)",
            (seq, stage, _id(duel_id), seq, seq, stage))
        return cur.rowcount == 1


async def list_overdue(db: Database, now: int | None = None) -> list[DuelRecord]:
    """Active duels whose deadline (challenge expiry or decision clock) is <= *now*.

    Earliest deadline first.  For the timeout sweeper, and to catch up on
    deadlines that passed while the bot was down.
    """
    rows = await db.fetchall(
        "SELECT * FROM duels WHERE deadline <= ? AND status NOT IN ('finished', 'cancelled')"
        " ORDER BY deadline, id", (_now(now),))
    return [DuelRecord.from_row(r) for r in rows]


# ------------------------------------------------------------------ changing
async def append_decision(db: Database, duel_id: int, expected_seq: int, player: int, text: str,
                          *, deadline: int | None, status: str | None = None,
                          result: DuelResult | None = None,
                          now: int | None = None) -> DuelRecord:
    """Record decision number *expected_seq* (0-based) of the duel; return the new header.

    In one transaction: check the duel is active and its ``seq`` equals
    *expected_seq* (else raise :class:`StaleDecision`, or its subclass
    :class:`DuelNotActive`, and write nothing), insert the decision, bump
    ``seq``, set the deadline of the next decision (None: no deadline), and
    optionally move to *status*.  When the decision ends the game (e.g.
    ``"concede"``), pass its *result*: the duel is finished in the same
    transaction.

    Once this returns the decision is durable (``synchronous=FULL``).
    """
    return await append_decisions(db, duel_id, expected_seq, [(player, text)], deadline=deadline, status=status,
                                  result=result, now=now)


@dataclass(frozen=True)
class DeadlineAfterAway:
    """The deadline of :func:`append_decisions` when it depends on the players' vacations:
    their ends (seat 0, seat 1; vacations running at *now* or booked after it, None if none)
    are read in the write's first statement and given to *deadline*, which says it."""

    now: int
    deadline: Callable[[tuple[int | None, int | None]], int | None]


async def append_decisions(db: Database, duel_id: int, expected_seq: int, decisions: Sequence[tuple[int, str]],
                           *, deadline: int | None | DeadlineAfterAway, status: str | None = None,
                           result: DuelResult | None = None,
                           now: int | None = None, state_hashes: Mapping[int, str] | None = None,
                           stops: tuple[frozenset[str], frozenset[str]] | None = None,
                           default_stops: frozenset[str] = frozenset()) -> DuelRecord:
    """Record *decisions* ((player, text) each) as decisions number *expected_seq*,
    *expected_seq* + 1, ... of the duel, as :func:`append_decision` records one: in
    one transaction, checked against the duel's ``seq`` once (an answer and the
    passes after it are one write, not one transaction and its checks per
    decision). *result* finishes the duel with the last one. *state_hashes*: the
    engine's state hash after some of them (decision number -> hash), stored with
    them (a stored snapshot taken there is checked against it: :func:`state_hash_after`).
    *stops*: the players' phase stops (seat 0, seat 1; *default_stops* for a player who
    never set theirs) the decisions were made with, checked against the stored ones in
    the same statement as the seq: :class:`StaleStops` if they differ (a worker that
    answered from its cached copy without reading storage first)."""
    duel_id = _id(duel_id)
    if isinstance(expected_seq, bool) or not isinstance(expected_seq, int) or expected_seq < 0:
        raise ValueError(f"expected_seq must be an int >= 0, not {expected_seq!r}")
    if not decisions:
        raise ValueError("no decisions to record")
    for player, text in decisions:
        if not _is_player(player):
            raise ValueError(f"player must be 0 or 1, not {player!r}")
        if not isinstance(text, str) or not text:
            raise ValueError(f"a decision's text must be a non-empty str, not {text!r}")
    if result is not None:
        if not isinstance(result, DuelResult):
            raise TypeError(f"result must be a DuelResult, not {type(result).__name__}")
        if status not in (None, "finished"):
            raise ValueError(f"a decision with a result finishes the duel; status {status!r}")
    elif status is not None and status not in ACTIVE_STATUSES:
        raise ValueError(f"status must be one of {ACTIVE_STATUSES} (finish with result=), "
                         f"not {status!r}")
    after_away = deadline if isinstance(deadline, DeadlineAfterAway) else None
    deadline = None if after_away is not None else _opt_time(deadline, "deadline")  # type: ignore[arg-type]
    now = _now(now)
    hashes = dict(state_hashes or {})
    # (the column only when a hash is stored: a database opened at an older version has none)
    insert = ("INSERT INTO decisions (duel_id, seq, player, text, at, state_hash) VALUES (?, ?, ?, ?, ?, ?)"
              if hashes else "INSERT INTO decisions (duel_id, seq, player, text, at) VALUES (?, ?, ?, ?, ?)")

    def values(seq: int, p: int, t: str) -> tuple[Any, ...]:
        return (duel_id, seq, p, t, now, hashes[seq]) if hashes.get(seq) else \
            (duel_id, seq, p, t, now) + ((None,) if hashes else ())

    def write(conn: sqlite3.Connection) -> sqlite3.Row:  # on the connection's thread: one hand-over
        away = (", (SELECT MAX(ends) FROM vacations WHERE user_id = d.player0_id AND ends > ?) AS away0,"
                " (SELECT MAX(ends) FROM vacations WHERE user_id = d.player1_id AND ends > ?) AS away1")
        row = conn.execute("SELECT d.seq, d.status" + (", " + _STOPS_OF_PLAYERS if stops is not None else "")
                           + (away if after_away is not None else "") + " FROM duels d WHERE d.id = ?",
                           ((after_away.now, after_away.now) if after_away is not None else ()) + (duel_id,)).fetchone()
        if row is None:
            raise DuelNotFound(duel_id)
        if row["status"] in TERMINAL_STATUSES:
            raise DuelNotActive(duel_id, expected_seq, row["seq"], row["status"])
        if row["seq"] != expected_seq:
            raise StaleDecision(duel_id, expected_seq, row["seq"])
        if stops is not None and stops != tuple(default_stops if s is None else s
                                                for s in (_stops(row["stops0"]), _stops(row["stops1"]))):
            raise StaleStops(duel_id, expected_seq)
        due = deadline if after_away is None else _opt_time(after_away.deadline((row["away0"], row["away1"])), "deadline")
        # one at a time, as the schema's triggers want (a decision at the duel's seq, the
        # seq moved past it); the checks above are not repeated for each. Sent together
        # (one round trip to a server, see execute_all), the header read back last
        steps: list[tuple[str, Sequence[Any]]] = []
        for i, (p, t) in enumerate(decisions[:-1]):
            steps.append((insert, values(expected_seq + i, p, t)))
            steps.append(("UPDATE duels SET seq = seq + 1 WHERE id = ?", (duel_id,)))
        p, t = decisions[-1]
        steps.append((insert, values(expected_seq + len(decisions) - 1, p, t)))
        if result is None:
            steps.append((
                "UPDATE duels SET seq = seq + 1, deadline = ?, status = coalesce(?, status),"
                " updated_at = ? WHERE id = ?", (due, status, now, duel_id)))
        else:
            steps.append((
                "UPDATE duels SET seq = seq + 1, deadline = NULL, status = 'finished',"
                " winner = ?, result = ?, updated_at = ? WHERE id = ?",
                (result.winner, result.reason, now, duel_id)))
        steps.append(("SELECT * FROM duels WHERE id = ?", (duel_id,)))
        header = execute_all(conn, steps, last=True).fetchone()
        assert header is not None  # the row just updated
        return header  # type: ignore[no-any-return]

    return DuelRecord.from_row(await db.write(write, lock=duel_lock(duel_id)))


async def set_status(db: Database, duel_id: int, status: str, *,
                     expected: str | Collection[str] | None = None,
                     deadline: int | None | _Keep = KEEP, now: int | None = None) -> DuelRecord:
    """Move the duel to *status* (not ``finished``: use :func:`finish_duel`).

    With *expected* (a status or several), the change happens only if the
    duel is currently in one of them, e.g. accepting a challenge with
    ``expected="challenged"`` loses cleanly against its expiry.  A finished
    or cancelled duel never changes.  Either failure raises
    :class:`StatusConflict` and writes nothing.  *deadline*: new deadline,
    None to clear it, or left as is; cancelling always clears it.
    """
    duel_id = _id(duel_id)
    if status not in STATUSES:
        raise ValueError(f"status must be one of {STATUSES}, not {status!r}")
    if status == "finished":
        raise ValueError("use finish_duel() to finish a duel (it needs a result)")
    wanted = None if expected is None else ({expected} if isinstance(expected, str)
                                            else set(expected))
    if wanted is not None and not wanted <= set(STATUSES):
        raise ValueError(f"unknown status in expected={expected!r}")
    if status == "cancelled":
        deadline = None
    now = _now(now)
    async with db.transaction() as conn:
        current = (await _header(conn, duel_id)).status
        if current in TERMINAL_STATUSES or (wanted is not None and current not in wanted):
            raise StatusConflict(duel_id, current, status,
                                 None if current in TERMINAL_STATUSES else wanted)
        if isinstance(deadline, _Keep):
            await conn.execute("UPDATE duels SET status = ?, updated_at = ? WHERE id = ?",
                               (status, now, duel_id))
        else:
            await conn.execute(
                "UPDATE duels SET status = ?, deadline = ?, updated_at = ? WHERE id = ?",
                (status, _opt_time(deadline, "deadline"), now, duel_id))
        return await _header(conn, duel_id)


async def set_deck(db: Database, duel_id: int, player: int, cards: Sequence[str] | None, *,
                   now: int | None = None) -> DuelRecord:
    """Set (or clear, with None) *player*'s decklist, before the first decision.

    The card names are not checked here (the caller validates them against
    the card database).  Raises :class:`StatusConflict` once the duel has a
    decision or is over: the replay inputs are then fixed.
    """
    duel_id = _id(duel_id)
    if not _is_player(player):
        raise ValueError(f"player must be 0 or 1, not {player!r}")
    deck = _dump_deck(cards)
    now = _now(now)
    async with db.transaction() as conn:
        rec = await _header(conn, duel_id)
        if rec.status in TERMINAL_STATUSES or rec.seq > 0:
            raise StatusConflict(duel_id, rec.status, rec.status, None,
                                 f"duel #{duel_id} has started or ended: its decks are fixed")
        column = ("deck0", "deck1")[player]  # one of two constant names, not user input
        await conn.execute(f"UPDATE duels SET {column} = ?, updated_at = ? WHERE id = ?",
                           (deck, now, duel_id))
        return await _header(conn, duel_id)


async def set_message_ids(db: Database, duel_id: int, *,
                          thread_id: str | int | None | _Keep = KEEP,
                          challenge_message_id: str | int | None | _Keep = KEEP,
                          board_message_id: str | int | None | _Keep = KEEP,
                          now: int | None = None) -> DuelRecord:
    """Record the Discord thread / messages of the duel (None clears, KEEP leaves).

    Allowed in any status: the bot edits the messages of finished duels too.
    """
    duel_id = _id(duel_id)
    changes = {name: _opt_snowflake(value, name) for name, value in
               (("thread_id", thread_id), ("challenge_message_id", challenge_message_id),
                ("board_message_id", board_message_id)) if not isinstance(value, _Keep)}
    async with db.transaction() as conn:
        await _header(conn, duel_id)  # DuelNotFound
        if changes:
            # Column names come from the constant tuple above; values are bound.
            assignments = ", ".join(f"{name} = ?" for name in changes)
            await conn.execute(f"UPDATE duels SET {assignments}, updated_at = ? WHERE id = ?",
                               (*changes.values(), _now(now), duel_id))
        return await _header(conn, duel_id)


async def finish_duel(db: Database, duel_id: int, result: DuelResult, *,
                      now: int | None = None) -> FinishOutcome:
    """Finish the duel with *result*; idempotent.

    If the duel is already finished nothing is written (not even a different
    result: the first one stands) and ``changed`` is False, so of two racing
    finishers (a concession and a timeout) only one announces the result.
    Raises :class:`StatusConflict` for a cancelled duel.
    """
    duel_id = _id(duel_id)
    if not isinstance(result, DuelResult):
        raise TypeError(f"result must be a DuelResult, not {type(result).__name__}")
    now = _now(now)
    async with db.transaction() as conn:
        rec = await _header(conn, duel_id)
        if rec.status == "finished":
            return FinishOutcome(rec, False)
        if rec.status == "cancelled":
            raise StatusConflict(duel_id, rec.status, "finished", None)
        await conn.execute(
            "UPDATE duels SET status = 'finished', winner = ?, result = ?, deadline = NULL,"
            " updated_at = ? WHERE id = ?", (result.winner, result.reason, now, duel_id))
        return FinishOutcome(await _header(conn, duel_id), True)


# ------------------------------------------------------------------- helpers
async def _header(conn: aiosqlite.Connection, duel_id: int) -> DuelRecord:
    async with conn.execute("SELECT * FROM duels WHERE id = ?", (duel_id,)) as cur:
        row = await cur.fetchone()
    if row is None:
        raise DuelNotFound(duel_id)
    return DuelRecord.from_row(row)


def _now(now: int | float | None) -> int:
    return now_seconds(now)


def _time(value: int | float, what: str) -> int:
    return unix_time(value, what)


def _opt_time(value: int | float | None, what: str) -> int | None:
    return None if value is None else _time(value, what)


def _is_player(value: object) -> bool:
    return not isinstance(value, bool) and value in (0, 1)


def _id(duel_id: int) -> int:
    if isinstance(duel_id, bool) or not isinstance(duel_id, int):
        raise TypeError(f"a duel id is an int, not {duel_id!r}")
    return duel_id


def _snowflake(value: str | int, what: str) -> str:
    return snowflake(value, what)


def _opt_snowflake(value: str | int | None, what: str) -> str | None:
    return None if value is None else _snowflake(value, what)


def _pair(values: Sequence[Any], what: str) -> tuple[Any, Any]:
    if isinstance(values, (str, bytes)) or len(values) != 2:
        raise ValueError(f"{what} must be a pair (one per player), not {values!r}")
    return values[0], values[1]


def _name(value: str, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{what} must be a non-empty str, not {value!r}")
    return value


def _seed(seed: int) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not -_MAX_SEED <= seed < _MAX_SEED:
        raise ValueError(f"seed must be an int that fits in 64 signed bits, not {seed!r}")
    return seed


def _clock(value: int | None) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise ValueError(f"clock_seconds must be a positive int or None, not {value!r}")
    return value


def _dump_deck(cards: Sequence[str] | None) -> str | None:
    if cards is None:
        return None
    if isinstance(cards, (str, bytes)):
        raise TypeError("a decklist is a sequence of card names, not a single string")
    cards = list(cards)
    for c in cards:
        if not isinstance(c, str):
            raise TypeError(f"card names must be str, not {c!r}")
    return json.dumps(cards, ensure_ascii=False, separators=(",", ":"))


def _load_deck(text: str | None) -> tuple[str, ...] | None:
    return None if text is None else tuple(json.loads(text))


def _dump_options(options: Mapping[str, Any] | Any) -> str:
    if options is None:
        data: dict[str, Any] = {}
    elif dataclasses.is_dataclass(options) and not isinstance(options, type):
        data = dataclasses.asdict(options)
    elif isinstance(options, Mapping):
        data = dict(options)
    else:
        raise TypeError(f"options must be a mapping or a dataclass, not {type(options).__name__}")
    if not all(isinstance(k, str) for k in data):
        raise TypeError("option names must be str")
    try:
        return json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"),
                          allow_nan=False)
    except (TypeError, ValueError) as e:
        raise TypeError(f"options must be JSON values: {e}") from None
