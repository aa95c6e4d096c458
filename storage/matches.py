"""Matches: best-of-N series of duels between two players (see :mod:`engine.match`).

One ``matches`` row per match: the two players, the best-of, the format, the
duels' options (ante), the clock, each player's deck and sideboard as they
stand after the last exchanges, the score, and where the match is:

``challenged`` (its first duel is a challenge) → ``playing`` (a game is on) →
``sideboarding`` (between games: each player exchanges cards, then confirms;
``deadline`` is when the next game starts with the decks as they are) →
``playing`` ... → ``finished`` (a winner; ``result`` says how) or
``cancelled`` (the challenge was declined or expired).

``match_games`` lists the match's duels in order. A game's result is written
from the duel's own result, in the transaction that finishes the duel
(:func:`game_over`): never typed in.

Portable SQL (SQLite and PostgreSQL): ids are chosen inside the inserting
transaction (``_common.next_id``), no SQLite-only functions.
"""
from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ._common import next_id, now_seconds, snowflake
from .db import Database

__all__ = ["MatchRecord", "create_match", "get_match", "match_of_duel", "games_of", "accept_match",
           "cancel_match", "record_game", "set_deck", "set_ready", "unready", "start_game", "concede_match",
           "set_thread", "set_deadline", "list_overdue_sideboarding", "matches_of", "STATUSES"]

STATUSES = ("challenged", "playing", "sideboarding", "finished", "cancelled")


@dataclass(frozen=True)
class MatchRecord:
    """A match as stored. ``decks[p]`` is (main, sideboard), None for the challenged
    player until they accept."""

    id: int
    guild_id: str | None
    channel_id: str
    thread_id: str | None
    player_ids: tuple[str, str]
    player_names: tuple[str, str]
    best_of: int
    format: str
    options: dict[str, Any]
    clock_seconds: int
    decks: tuple[tuple[tuple[str, ...], tuple[str, ...]] | None, tuple[tuple[str, ...], tuple[str, ...]] | None]
    wins: tuple[int, int]
    draws: int
    status: str
    ready: tuple[bool, bool]
    winner: int | None
    result: str | None
    deadline: int | None
    games: int  # duels played or being played

    @classmethod
    def from_row(cls, row: Any, games: int) -> MatchRecord:
        def deck(p: int) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
            main = row[f"main{p}"]
            return None if main is None else (tuple(json.loads(main)), tuple(json.loads(row[f"side{p}"])))
        return cls(row["id"], row["guild_id"], row["channel_id"], row["thread_id"],
                   (row["player0_id"], row["player1_id"]), (row["player0_name"], row["player1_name"]),
                   row["best_of"], row["format"], json.loads(row["options"]), row["clock_seconds"],
                   (deck(0), deck(1)), (row["wins0"], row["wins1"]), row["draws"], row["status"],
                   (bool(row["ready0"]), bool(row["ready1"])), row["winner"], row["result"], row["deadline"], games)


def _names(cards: Sequence[str]) -> str:
    return json.dumps(list(cards), ensure_ascii=False, separators=(",", ":"))


async def _read(conn: Any, match_id: int) -> MatchRecord | None:
    async with conn.execute("SELECT * FROM matches WHERE id = ?", (match_id,)) as cur:
        row = await cur.fetchone()
    if row is None:
        return None
    async with conn.execute("SELECT COUNT(*) FROM match_games WHERE match_id = ?", (match_id,)) as cur:
        n = (await cur.fetchone())[0]
    return MatchRecord.from_row(row, n)


async def create_match(db: Database, *, first_duel: int, guild_id: str | None, channel_id: str,
                       player_ids: Sequence[str], player_names: Sequence[str], best_of: int, format: str,
                       options: dict[str, Any], clock_seconds: int, main: Sequence[str], side: Sequence[str],
                       now: int | None = None) -> MatchRecord:
    """A new match whose first game is the duel *first_duel* (a challenge); the
    challenger's deck and sideboard."""
    now = now_seconds(now)
    async with db.transaction() as conn:
        match_id = await next_id(conn, "matches")
        await conn.execute(
            "INSERT INTO matches (id, guild_id, channel_id, player0_id, player1_id, player0_name, player1_name,"
            " best_of, format, options, clock_seconds, main0, side0, status, created_at, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'challenged', ?, ?)",
            (match_id, guild_id, snowflake(channel_id, "channel_id"), snowflake(player_ids[0], "player_ids[0]"),
             snowflake(player_ids[1], "player_ids[1]"), player_names[0], player_names[1], best_of, format,
             json.dumps(options, sort_keys=True), clock_seconds, _names(main), _names(side), now, now))
        await conn.execute("INSERT INTO match_games (match_id, game, duel_id) VALUES (?, 1, ?)",
                           (match_id, first_duel))
        rec = await _read(conn, match_id)
    assert rec is not None
    return rec


async def get_match(db: Database, match_id: int) -> MatchRecord | None:
    async with db.read() as conn:
        return await _read(conn, match_id)


async def match_of_duel(db: Database, duel_id: int) -> tuple[MatchRecord, int] | None:
    """The match a duel is a game of, and the game's number (1, 2, ...); None for a lone duel."""
    async with db.read() as conn:
        async with conn.execute("SELECT match_id, game FROM match_games WHERE duel_id = ?", (duel_id,)) as cur:
            row = await cur.fetchone()
        if row is None:
            return None
        rec = await _read(conn, row["match_id"])
    assert rec is not None
    return rec, row["game"]


async def games_of(db: Database, match_id: int) -> list[int]:
    """The match's duels, in order."""
    rows = await db.fetchall("SELECT duel_id FROM match_games WHERE match_id = ? ORDER BY game", (match_id,))
    return [r["duel_id"] for r in rows]


async def _update(db: Database, match_id: int, sql: str, params: Sequence[Any], now: int | None) -> MatchRecord:
    async with db.transaction() as conn:
        await conn.execute(f"UPDATE matches SET {sql}, updated_at = ? WHERE id = ?",
                           (*params, now_seconds(now), match_id))
        rec = await _read(conn, match_id)
    assert rec is not None
    return rec


async def accept_match(db: Database, match_id: int, main: Sequence[str], side: Sequence[str], *,
                       now: int | None = None) -> MatchRecord:
    """The challenged player's deck and sideboard; the first game is on."""
    return await _update(db, match_id, "main1 = ?, side1 = ?, status = 'playing'", (_names(main), _names(side)),
                         now)


async def cancel_match(db: Database, match_id: int, *, now: int | None = None) -> MatchRecord:
    """The match's challenge was declined or expired."""
    return await _update(db, match_id, "status = 'cancelled', deadline = NULL", (), now)


async def record_game(db: Database, match_id: int, wins: tuple[int, int], draws: int, *,
                      winner: int | None = None, result: str | None = None,
                      sideboard_deadline: int | None = None, now: int | None = None) -> MatchRecord:
    """The score after a game (the caller computes it from the duel's result, see
    :class:`engine.match.Score`): with *result* (``won``, ``conceded``) the match is
    over and *winner* won it; otherwise sideboarding until *sideboard_deadline*.
    Called in the transaction that finishes the game's duel."""
    if result is not None:
        return await _update(db, match_id, "wins0 = ?, wins1 = ?, draws = ?, status = 'finished', winner = ?,"
                             " result = ?, deadline = NULL, ready0 = 0, ready1 = 0",
                             (wins[0], wins[1], draws, winner, result), now)
    return await _update(db, match_id, "wins0 = ?, wins1 = ?, draws = ?, status = 'sideboarding', deadline = ?,"
                         " ready0 = 0, ready1 = 0", (wins[0], wins[1], draws, sideboard_deadline), now)


async def set_deck(db: Database, match_id: int, player: int, main: Sequence[str], side: Sequence[str], *,
                   now: int | None = None) -> MatchRecord:
    """A player's deck and sideboard after an exchange (between games)."""
    p = 1 if player else 0
    return await _update(db, match_id, f"main{p} = ?, side{p} = ?", (_names(main), _names(side)), now)


async def set_ready(db: Database, match_id: int, player: int, *, now: int | None = None) -> MatchRecord:
    """The player confirmed their deck for the next game."""
    return await _update(db, match_id, f"ready{1 if player else 0} = 1", (), now)


async def unready(db: Database, match_id: int, *, now: int | None = None) -> MatchRecord:
    """Both players' decks open for exchanges again (the next game could not start)."""
    return await _update(db, match_id, "ready0 = 0, ready1 = 0", (), now)


async def start_game(db: Database, match_id: int, duel_id: int, *, now: int | None = None) -> MatchRecord:
    """The next game, the duel *duel_id*, begins."""
    async with db.transaction() as conn:
        async with conn.execute("SELECT COALESCE(MAX(game), 0) + 1 FROM match_games WHERE match_id = ?",
                                (match_id,)) as cur:
            game = (await cur.fetchone())[0]
        await conn.execute("INSERT INTO match_games (match_id, game, duel_id) VALUES (?, ?, ?)",
                           (match_id, game, duel_id))
        return await _update(db, match_id, "status = 'playing', deadline = NULL, ready0 = 0, ready1 = 0", (), now)


async def set_deadline(db: Database, match_id: int, deadline: int, *, now: int | None = None) -> MatchRecord:
    """When sideboarding ends (a player's vacation moved it)."""
    return await _update(db, match_id, "deadline = ?", (deadline,), now)


async def concede_match(db: Database, match_id: int, player: int, *, now: int | None = None) -> MatchRecord:
    """*player* concedes the match between games."""
    return await _update(db, match_id, "status = 'finished', winner = ?, result = 'conceded', deadline = NULL",
                         (1 - player,), now)


async def set_thread(db: Database, match_id: int, thread_id: str | int, *, now: int | None = None) -> MatchRecord:
    return await _update(db, match_id, "thread_id = ?", (snowflake(thread_id, "thread_id"),), now)


async def _read_where(db: Database, where: str, params: Sequence[Any]) -> list[MatchRecord]:
    """The matches matching *where*, by id, read in one snapshot."""
    async with db.read() as conn:
        async with conn.execute(f"SELECT id FROM matches WHERE {where} ORDER BY id", params) as cur:
            ids = [r["id"] for r in await cur.fetchall()]
        out = []
        for i in ids:
            rec = await _read(conn, i)
            assert rec is not None
            out.append(rec)
    return out


async def list_overdue_sideboarding(db: Database, now: int) -> list[MatchRecord]:
    """Matches between games whose sideboarding time has run out."""
    return await _read_where(db, "status = 'sideboarding' AND deadline <= ?", (now,))


async def matches_of(db: Database, user_id: str) -> list[MatchRecord]:
    """The user's matches still going on (challenged, playing or between games), oldest first."""
    return await _read_where(db, "(player0_id = ? OR player1_id = ?) AND status IN ('challenged', 'playing',"
                                 " 'sideboarding')", (user_id, user_id))
