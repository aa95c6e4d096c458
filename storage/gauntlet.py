"""Gauntlet runs played in Discord (table ``gauntlet_runs``, migration 9).

A run is one player's deck against the computer's preconstructed decks in
turn (:mod:`engine.gauntlet`): its row keeps the order of opponents, the duels
won so far and the duel of the stage under way (``duel_id``; NULL between a
stage won and the next one's duel being made). A stage's result is recorded
once, by a compare-and-set on that duel (:func:`record_stage`), so a result
seen twice (a publish and the start-up recovery) counts once.

Also the server setting ``gauntlet_ante`` (on ``guild_settings``): whether
runs started in the server are played for ante.
"""
from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass

from ._common import now_seconds, snowflake
from .db import Database

__all__ = ["GauntletRun", "create_run", "get_run", "run_of_duel", "running_run_of", "running_runs",
           "set_stage_duel", "set_run_thread", "record_stage", "best_runs", "gauntlet_ante", "set_gauntlet_ante"]


@dataclass(frozen=True)
class GauntletRun:
    """One run's row; ids as text, as everywhere in the bot."""

    id: int
    guild_id: str | None
    channel_id: str
    thread_id: str | None
    player_id: str
    player_name: str
    deck_name: str
    deck: tuple[str, ...]
    level: str
    format: str
    seed: int
    opponents: tuple[str, ...]
    ante: bool
    wins: int
    duel_id: int | None
    status: str  # running, lost, complete
    started_at: int
    ended_at: int | None

    @classmethod
    def from_row(cls, r: sqlite3.Row) -> GauntletRun:
        def text(v: object) -> str | None:
            return None if v is None else str(v)
        return cls(int(r["id"]), text(r["guild_id"]), str(r["channel_id"]), text(r["thread_id"]),
                   str(r["player_id"]), r["player_name"], r["deck_name"], tuple(json.loads(r["deck"])),
                   r["level"], r["format"], int(r["seed"]), tuple(json.loads(r["opponents"])), bool(r["ante"]),
                   int(r["wins"]), r["duel_id"], r["status"], int(r["started_at"]),
                   None if r["ended_at"] is None else int(r["ended_at"]))


def _id(value: str | int, what: str) -> int:
    return int(snowflake(value, what))


async def create_run(db: Database, *, guild_id: str | None, channel_id: str, player_id: str, player_name: str,
                     deck_name: str, deck: list[str], level: str, format_name: str, seed: int,
                     opponents: list[str], ante: bool, now: int | None = None) -> GauntletRun:
    async with db.transaction() as conn:
        async with conn.execute(
                "INSERT INTO gauntlet_runs (guild_id, channel_id, player_id, player_name, deck_name, deck, level,"
                " format, seed, opponents, ante, wins, status, started_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 'running', ?) RETURNING *",
                (None if guild_id is None else _id(guild_id, "guild_id"), _id(channel_id, "channel_id"),
                 _id(player_id, "player_id"), player_name, deck_name, json.dumps(deck), level, format_name,
                 int(seed), json.dumps(opponents), int(ante), now_seconds(now))) as cur:
            row = await cur.fetchone()
    assert row is not None
    return GauntletRun.from_row(row)


async def get_run(db: Database, run_id: int) -> GauntletRun | None:
    row = await db.fetchone("SELECT * FROM gauntlet_runs WHERE id = ?", (int(run_id),))
    return None if row is None else GauntletRun.from_row(row)


async def run_of_duel(db: Database, duel_id: int) -> GauntletRun | None:
    """The run whose stage under way is *duel_id*, if any."""
    row = await db.fetchone("SELECT * FROM gauntlet_runs WHERE duel_id = ? AND status = 'running'", (int(duel_id),))
    return None if row is None else GauntletRun.from_row(row)


async def running_run_of(db: Database, player_id: str) -> GauntletRun | None:
    """The player's run under way (one at a time), if any."""
    row = await db.fetchone("SELECT * FROM gauntlet_runs WHERE player_id = ? AND status = 'running'",
                            (_id(player_id, "player_id"),))
    return None if row is None else GauntletRun.from_row(row)


async def running_runs(db: Database) -> list[GauntletRun]:
    rows = await db.fetchall("SELECT * FROM gauntlet_runs WHERE status = 'running' ORDER BY id")
    return [GauntletRun.from_row(r) for r in rows]


async def set_stage_duel(db: Database, run_id: int, duel_id: int) -> GauntletRun:
    """The duel of the stage under way (made in the caller's transaction, if any)."""
    async with db.transaction() as conn:
        async with conn.execute("UPDATE gauntlet_runs SET duel_id = ? WHERE id = ? RETURNING *",
                                (int(duel_id), int(run_id))) as cur:
            row = await cur.fetchone()
    assert row is not None
    return GauntletRun.from_row(row)


async def set_run_thread(db: Database, run_id: int, thread_id: str) -> None:
    async with db.transaction() as conn:
        await conn.execute("UPDATE gauntlet_runs SET thread_id = ? WHERE id = ?",
                           (_id(thread_id, "thread_id"), int(run_id)))


async def record_stage(db: Database, run: GauntletRun, duel_id: int, won: bool, *,
                       now: int | None = None) -> GauntletRun | None:
    """The stage whose duel is *duel_id* won (one more win; complete after the last
    opponent) or lost (the run is over); None if it was recorded already (a
    compare-and-set on the run's stage duel)."""
    at = now_seconds(now)
    if won:
        complete = run.wins + 1 >= len(run.opponents)
        sql = ("UPDATE gauntlet_runs SET wins = wins + 1, duel_id = NULL, status = ?, ended_at = ?"
               " WHERE id = ? AND duel_id = ? AND status = 'running' RETURNING *")
        params: tuple[object, ...] = ("complete" if complete else "running", at if complete else None,
                                      run.id, int(duel_id))
    else:
        sql = ("UPDATE gauntlet_runs SET status = 'lost', ended_at = ?"
               " WHERE id = ? AND duel_id = ? AND status = 'running' RETURNING *")
        params = (at, run.id, int(duel_id))
    async with db.transaction() as conn:
        async with conn.execute(sql, params) as cur:
            row = await cur.fetchone()
    return None if row is None else GauntletRun.from_row(row)


async def best_runs(db: Database, guild_id: str | None, *, per_table: int = 10) -> list[GauntletRun]:
    """A server's runs, best first within each format and level: most duels won, then
    the earliest. At most *per_table* per format and level."""
    gid = None if guild_id is None else _id(guild_id, "guild_id")
    rows = await db.fetchall(
        "SELECT * FROM gauntlet_runs WHERE " + ("guild_id IS NULL" if gid is None else "guild_id = ?")
        + " ORDER BY format, level, wins DESC, started_at, id", () if gid is None else (gid,))
    out: list[GauntletRun] = []
    seen: dict[tuple[str, str], int] = {}
    for r in rows:
        run = GauntletRun.from_row(r)
        key = (run.format, run.level)
        if seen.get(key, 0) < per_table:
            seen[key] = seen.get(key, 0) + 1
            out.append(run)
    return out


async def gauntlet_ante(db: Database, guild_id: str | None) -> bool:
    """Whether the server lets the Gauntlet be played for ante (never outside a server)."""
    if guild_id is None:
        return False
    row = await db.fetchone("SELECT gauntlet_ante FROM guild_settings WHERE guild_id = ?",
                            (snowflake(guild_id, "guild_id"),))
    return bool(row and row["gauntlet_ante"])


async def set_gauntlet_ante(db: Database, guild_id: str, on: bool, *, now: int | None = None) -> None:
    async with db.transaction() as conn:
        await conn.execute(
            "INSERT INTO guild_settings (guild_id, gauntlet_ante, updated_at) VALUES (?, ?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET gauntlet_ante = excluded.gauntlet_ante,"
            " updated_at = excluded.updated_at", (snowflake(guild_id, "guild_id"), int(on), now_seconds(now)))
