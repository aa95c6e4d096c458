"""Ratings: a Glicko-2 rating per player and format (``ratings``), and every rated
match with both players' ratings before and after it (``rated_matches``; a duel or
a match is rated once: unique indexes). The numbers are computed by the caller
(:mod:`bot.rating_service`); this stores them, in the caller's transaction.

``played_decks`` names the deck each player chose for a duel (a match's is its
first game's duel's), written when the deck is chosen; a player's favourite decks
are those they played most in rated matches, per format (:func:`favourite_decks`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ._common import next_id, now_seconds
from .db import Database

__all__ = ["StoredRating", "RatedMatch", "get_rating", "ratings_of", "already_rated", "record", "recent", "ladder",
           "played_deck", "favourite_decks"]


@dataclass(frozen=True)
class StoredRating:
    user_id: str
    format: str
    rating: float
    rd: float
    vol: float
    wins: int = 0
    losses: int = 0
    draws: int = 0


@dataclass(frozen=True)
class RatedMatch:
    id: int
    guild_id: str | None
    format: str
    duel_id: int | None
    match_id: int | None
    players: tuple[str, str]
    score0: float
    before: tuple[float, float]
    after: tuple[float, float]
    at: int


def _rating(row: Any) -> StoredRating:
    return StoredRating(row["user_id"], row["format"], row["rating"], row["rd"], row["vol"], row["wins"],
                        row["losses"], row["draws"])


def _rated(row: Any) -> RatedMatch:
    return RatedMatch(row["id"], row["guild_id"], row["format"], row["duel_id"], row["match_id"],
                      (row["player0"], row["player1"]), row["score0"], (row["before0"], row["before1"]),
                      (row["after0"], row["after1"]), row["at"])


async def get_rating(db: Database, user_id: str, format: str) -> StoredRating | None:
    row = await db.fetchone("SELECT * FROM ratings WHERE user_id = ? AND format = ?", (user_id, format))
    return None if row is None else _rating(row)


async def ratings_of(db: Database, user_id: str) -> list[StoredRating]:
    rows = await db.fetchall("SELECT * FROM ratings WHERE user_id = ? ORDER BY format", (user_id,))
    return [_rating(r) for r in rows]


async def already_rated(db: Database, *, duel_id: int | None = None, match_id: int | None = None) -> bool:
    row = await db.fetchone("SELECT 1 FROM rated_matches WHERE duel_id = ? OR match_id = ?",
                            (duel_id if duel_id is not None else -1, match_id if match_id is not None else -1))
    return row is not None


async def record(db: Database, *, guild_id: str | None, format: str, duel_id: int | None, match_id: int | None,
                 players: tuple[str, str], score0: float, before: tuple[StoredRating, StoredRating],
                 after: tuple[StoredRating, StoredRating], now: int | None = None) -> None:
    """Both players' new ratings and the rated match, in one transaction (joins the caller's)."""
    now = now_seconds(now)
    async with db.transaction() as conn:
        for r in after:
            await conn.execute(
                "INSERT INTO ratings (user_id, format, rating, rd, vol, wins, losses, draws, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, format) DO UPDATE SET"
                " rating = excluded.rating, rd = excluded.rd, vol = excluded.vol, wins = excluded.wins,"
                " losses = excluded.losses, draws = excluded.draws, updated_at = excluded.updated_at",
                (r.user_id, r.format, r.rating, r.rd, r.vol, r.wins, r.losses, r.draws, now))
        new_id = await next_id(conn, "rated_matches")
        await conn.execute(
            "INSERT INTO rated_matches (id, guild_id, format, duel_id, match_id, player0, player1, score0, before0,"
            " before1, after0, after1, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (new_id, guild_id, format, duel_id, match_id, players[0], players[1], score0, before[0].rating,
             before[1].rating, after[0].rating, after[1].rating, now))


async def recent(db: Database, user_id: str, limit: int = 5) -> list[RatedMatch]:
    rows = await db.fetchall("SELECT * FROM rated_matches WHERE player0 = ? OR player1 = ? ORDER BY id DESC LIMIT ?",
                             (user_id, user_id, limit))
    return [_rated(r) for r in rows]


async def ladder(db: Database, guild_id: str, format: str, limit: int = 20) -> list[StoredRating]:
    """The format's ratings of the players who played a rated match in the server, best first."""
    rows = await db.fetchall(
        "SELECT * FROM ratings WHERE format = ? AND user_id IN ("
        " SELECT player0 FROM rated_matches WHERE guild_id = ? AND format = ?"
        " UNION SELECT player1 FROM rated_matches WHERE guild_id = ? AND format = ?)"
        " ORDER BY rating DESC, user_id LIMIT ?", (format, guild_id, format, guild_id, format, limit))
    return [_rating(r) for r in rows]


async def played_deck(db: Database, duel_id: int, player: int, deck_name: str) -> None:
    """*player* (0 or 1) chose the deck *deck_name* for the duel (joins the caller's transaction)."""
    async with db.transaction() as conn:
        await conn.execute("INSERT INTO played_decks (duel_id, player, deck_name) VALUES (?, ?, ?)"
                           " ON CONFLICT (duel_id, player) DO UPDATE SET deck_name = excluded.deck_name",
                           (duel_id, 1 if player else 0, deck_name))


async def favourite_decks(db: Database, user_id: str, per_format: int = 3) -> dict[str, list[tuple[str, int]]]:
    """The decks *user_id* played most in rated duels and matches, per format: format ->
    [(deck name, rated matches played with it)], most played first (then by name), at most
    *per_format* of them. A match counts once, with the deck of its first game."""
    rows = await db.fetchall(
        "SELECT r.format AS format, p.deck_name AS deck, COUNT(*) AS n FROM rated_matches r"
        " JOIN played_decks p ON p.duel_id = COALESCE(r.duel_id, (SELECT g.duel_id FROM match_games g"
        " WHERE g.match_id = r.match_id AND g.game = 1))"
        " AND p.player = CASE WHEN r.player0 = ? THEN 0 ELSE 1 END"
        " WHERE r.player0 = ? OR r.player1 = ?"
        " GROUP BY r.format, p.deck_name ORDER BY r.format, n DESC, p.deck_name", (user_id, user_id, user_id))
    out: dict[str, list[tuple[str, int]]] = {}
    for r in rows:
        decks = out.setdefault(r["format"], [])
        if len(decks) < per_format:
            decks.append((r["deck"], int(r["n"])))
    return out
