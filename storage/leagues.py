"""Leagues: Swiss rounds over days (the rules are :mod:`engine.swiss`).

``leagues``: one row per league: its server and channel, format, rounds, the
days a round lasts, the matches' best-of and clock, its seed (pairings are
drawn from it), its status (``open`` for sign-ups, ``running``, ``finished``),
the current round and when it ends. ``league_players``: who joined, with the
deck and sideboard they registered, and the round they dropped in.
``league_pairings``: each round's tables, written when the round is paired
(so a restart reads them, never pairs again): the two players (player1 NULL:
a bye), who accepted, the match played, and once the round closed, the games
each won and drawn (a bye: none). ``league_settings``: a server's organiser role.

One transaction per change; a round closes once: the close is a compare-and-set
on the league's round (:func:`close_round`).
"""
from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ._common import next_id, now_seconds, snowflake
from .db import Database

__all__ = ["LeagueRecord", "LeaguePlayer", "Table", "create_league", "get_league", "leagues_in", "join",
           "players_of", "drop", "add_round", "tables", "accept_table", "set_table_match", "close_round",
           "due_leagues", "organiser_role", "set_organiser_role"]


@dataclass(frozen=True)
class LeagueRecord:
    id: int
    guild_id: str
    channel_id: str
    name: str
    format: str
    rounds: int
    round_days: int
    best_of: int
    clock_seconds: int
    seed: int
    status: str
    round: int
    round_ends: int | None
    organiser_id: str
    top8: bool = False


@dataclass(frozen=True)
class LeaguePlayer:
    user_id: str
    name: str
    main: tuple[str, ...]
    side: tuple[str, ...]
    dropped_round: int | None
    deck_name: str | None = None  # the deck's name when they joined (None: joined before it was kept)


@dataclass(frozen=True)
class Table:
    round: int
    table: int
    players: tuple[str, str | None]
    accepted: tuple[bool, bool]
    match_id: int | None
    message_id: str | None
    wins: tuple[int, int]
    draws: int
    closed: bool

    @property
    def bye(self) -> bool:
        return self.players[1] is None


def _league(row: Any) -> LeagueRecord:
    return LeagueRecord(row["id"], row["guild_id"], row["channel_id"], row["name"], row["format"], row["rounds"],
                        row["round_days"], row["best_of"], row["clock_seconds"], row["seed"], row["status"],
                        row["round"], row["round_ends"], row["organiser_id"], bool(row["top8"]))


def _table(row: Any) -> Table:
    return Table(row["round"], row["table_no"], (row["player0_id"], row["player1_id"]),
                 (bool(row["accepted0"]), bool(row["accepted1"])), row["match_id"], row["message_id"],
                 (row["wins0"], row["wins1"]), row["draws"], bool(row["closed"]))


async def create_league(db: Database, *, guild_id: str, channel_id: str, name: str, format: str, rounds: int,
                        round_days: int, best_of: int, clock_seconds: int, seed: int, organiser_id: str,
                        top8: bool = False, now: int | None = None) -> LeagueRecord:
    now = now_seconds(now)
    async with db.transaction() as conn:
        league_id = await next_id(conn, "leagues")
        await conn.execute(
            "INSERT INTO leagues (id, guild_id, channel_id, name, format, rounds, round_days, best_of, clock_seconds,"
            " seed, status, round, organiser_id, top8, created_at, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', 0, ?, ?, ?, ?)",
            (league_id, snowflake(guild_id, "guild_id"), snowflake(channel_id, "channel_id"), name, format, rounds,
             round_days, best_of, clock_seconds, seed, snowflake(organiser_id, "organiser_id"), int(top8), now,
             now))
        async with conn.execute("SELECT * FROM leagues WHERE id = ?", (league_id,)) as cur:
            return _league(await cur.fetchone())


async def get_league(db: Database, league_id: int) -> LeagueRecord | None:
    row = await db.fetchone("SELECT * FROM leagues WHERE id = ?", (league_id,))
    return None if row is None else _league(row)


async def leagues_in(db: Database, guild_id: str) -> list[LeagueRecord]:
    """The server's leagues not finished, oldest first."""
    rows = await db.fetchall("SELECT * FROM leagues WHERE guild_id = ? AND status <> 'finished' ORDER BY id",
                             (guild_id,))
    return [_league(r) for r in rows]


async def join(db: Database, league_id: int, user_id: str, name: str, main: Sequence[str], side: Sequence[str], *,
               deck_name: str | None = None, now: int | None = None) -> bool:
    """Add a player with the deck *deck_name* (False if they joined already: nothing changes)."""
    async with db.transaction() as conn:
        async with conn.execute(
                "INSERT INTO league_players (league_id, user_id, name, main, side, joined_at, deck_name)"
                " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (league_id, user_id) DO NOTHING RETURNING user_id",
                (league_id, snowflake(user_id, "user_id"), name, json.dumps(list(main)), json.dumps(list(side)),
                 now_seconds(now), deck_name)) as cur:
            return await cur.fetchone() is not None


async def players_of(db: Database, league_id: int) -> list[LeaguePlayer]:
    rows = await db.fetchall("SELECT * FROM league_players WHERE league_id = ? ORDER BY joined_at, user_id",
                             (league_id,))
    return [LeaguePlayer(r["user_id"], r["name"], tuple(json.loads(r["main"])), tuple(json.loads(r["side"])),
                         r["dropped_round"], r["deck_name"]) for r in rows]


async def drop(db: Database, league_id: int, user_id: str, round_no: int) -> bool:
    """The player drops (not paired after *round_no*); False if not in it or dropped already."""
    async with db.transaction() as conn:
        cur = await conn.execute("UPDATE league_players SET dropped_round = ? WHERE league_id = ? AND user_id = ?"
                                 " AND dropped_round IS NULL", (round_no, league_id, user_id))
        n = cur.rowcount
        await cur.close()
    return n > 0


async def add_round(db: Database, league_id: int, round_no: int, pairs: Sequence[tuple[str, str | None]],
                    round_ends: int, *, expected_round: int, now: int | None = None) -> bool:
    """The round *round_no* paired (*pairs*, a bye as (player, None)) and begun, if the
    league is still at *expected_round* (False otherwise: someone else did it)."""
    async with db.transaction() as conn:
        cur = await conn.execute("UPDATE leagues SET round = ?, round_ends = ?, status = 'running', updated_at = ?"
                                 " WHERE id = ? AND round = ? AND status <> 'finished'",
                                 (round_no, round_ends, now_seconds(now), league_id, expected_round))
        n = cur.rowcount
        await cur.close()
        if n == 0:
            return False
        for i, (a, b) in enumerate(pairs, 1):
            await conn.execute("INSERT INTO league_pairings (league_id, round, table_no, player0_id, player1_id)"
                               " VALUES (?, ?, ?, ?, ?)", (league_id, round_no, i, a, b))
    return True


async def tables(db: Database, league_id: int, round_no: int | None = None) -> list[Table]:
    """The tables of one round, or of every round (by round, then table)."""
    if round_no is None:
        rows = await db.fetchall("SELECT * FROM league_pairings WHERE league_id = ? ORDER BY round, table_no",
                                 (league_id,))
    else:
        rows = await db.fetchall("SELECT * FROM league_pairings WHERE league_id = ? AND round = ? ORDER BY table_no",
                                 (league_id, round_no))
    return [_table(r) for r in rows]


async def accept_table(db: Database, league_id: int, round_no: int, table_no: int, seat: int) -> Table:
    async with db.transaction() as conn:
        await conn.execute(f"UPDATE league_pairings SET accepted{1 if seat else 0} = 1"
                           " WHERE league_id = ? AND round = ? AND table_no = ?", (league_id, round_no, table_no))
        async with conn.execute("SELECT * FROM league_pairings WHERE league_id = ? AND round = ? AND table_no = ?",
                                (league_id, round_no, table_no)) as cur:
            return _table(await cur.fetchone())


async def set_table_match(db: Database, league_id: int, round_no: int, table_no: int, *,
                          match_id: int | None = None, message_id: str | None = None) -> None:
    async with db.transaction() as conn:
        if match_id is not None:
            await conn.execute("UPDATE league_pairings SET match_id = ? WHERE league_id = ? AND round = ?"
                               " AND table_no = ? AND match_id IS NULL", (match_id, league_id, round_no, table_no))
        if message_id is not None:
            await conn.execute("UPDATE league_pairings SET message_id = ? WHERE league_id = ? AND round = ?"
                               " AND table_no = ?", (message_id, league_id, round_no, table_no))


async def close_round(db: Database, league_id: int, round_no: int,
                      scores: dict[int, tuple[int, int, int]], *, finished: bool, now: int | None = None) -> bool:
    """Close round *round_no* with each table's games (table -> wins0, wins1, draws), once:
    False if the league is not at that round any more (another worker closed it).
    *finished*: the last round (the league ends)."""
    async with db.transaction() as conn:
        cur = await conn.execute(
            "UPDATE leagues SET round_ends = NULL, status = ?, updated_at = ? WHERE id = ? AND round = ?"
            " AND round_ends IS NOT NULL", ("finished" if finished else "running", now_seconds(now), league_id,
                                            round_no))
        n = cur.rowcount
        await cur.close()
        if n == 0:
            return False
        for table_no, (w0, w1, d) in scores.items():
            await conn.execute("UPDATE league_pairings SET wins0 = ?, wins1 = ?, draws = ?, closed = 1"
                               " WHERE league_id = ? AND round = ? AND table_no = ?",
                               (w0, w1, d, league_id, round_no, table_no))
        await conn.execute("UPDATE league_pairings SET closed = 1 WHERE league_id = ? AND round = ?",
                           (league_id, round_no))
    return True


async def due_leagues(db: Database, now: int) -> list[LeagueRecord]:
    """Running leagues whose round's days have run out."""
    rows = await db.fetchall("SELECT * FROM leagues WHERE status = 'running' AND round_ends IS NOT NULL"
                             " AND round_ends <= ? ORDER BY id", (now,))
    return [_league(r) for r in rows]


async def organiser_role(db: Database, guild_id: str) -> str | None:
    row = await db.fetchone("SELECT organiser_role_id FROM league_settings WHERE guild_id = ?", (guild_id,))
    return None if row is None else row["organiser_role_id"]


async def set_organiser_role(db: Database, guild_id: str, role_id: str | None, *, now: int | None = None) -> None:
    async with db.transaction() as conn:
        await conn.execute("INSERT INTO league_settings (guild_id, organiser_role_id, updated_at) VALUES (?, ?, ?)"
                           " ON CONFLICT (guild_id) DO UPDATE SET organiser_role_id = excluded.organiser_role_id,"
                           " updated_at = excluded.updated_at", (guild_id, role_id, now_seconds(now)))
