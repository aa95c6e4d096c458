"""Leagues as the bot runs them, without Discord: Swiss rounds over days.

An organiser creates a league (format, rounds, days per round); players join
with a deck legal in its format (with its sideboard), and may drop. When the
organiser starts it, round 1 is paired (:func:`engine.swiss.pair`, from the
standings and the league's seed) and stored; each table is a match (best of
3 by default) that both players only accept, with the decks they registered.
When a round's days run out, the round closes, once (a compare-and-set on the
league's round): each table is scored from its match, never typed in (a
match unfinished is scored by the games won, the game under way counting for
no one, stopped, and rated by that score: :meth:`bot.rating_service.RatingService.after_scored`),
and the next round is paired in the same transaction;
after the last round the league is over. A round waits for no one: a player
on vacation (see :mod:`bot.service`) still has the round's days only.
"""
from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Callable, Protocol

from engine import formats
from engine.swiss import Pairing, Result, Standing, bye, match_results, pair, standings
from storage import leagues as store
from storage.db import Database
from storage.leagues import LeaguePlayer, LeagueRecord, Table

from .errors import DuelError
from .live import Live
from .match_service import MatchRecord, MatchService
from .rating_service import RatingService
from .seats import seat_names

__all__ = ["LeagueService", "LeagueRecord", "Table", "RoundClosed", "RULES", "TOP8_RULES", "BRACKETS", "scored"]

DAY = 24 * 3600
# the single-elimination top 8 (top 4, top 2 with fewer players): seeds meeting in its first round,
# table by table; each round's winners then meet in table order (1-8 and 4-5, 2-7 and 3-6)
BRACKETS = {8: ((1, 8), (4, 5), (2, 7), (3, 6)), 4: ((1, 4), (2, 3)), 2: ((1, 2),)}


def scored(m: MatchRecord) -> tuple[int, int, int]:
    """A league match's games as scored: as played; a match conceded counts as won by the
    other player with the games a win needs (the loser keeps the games they won)."""
    w0, w1 = m.wins
    if m.result == "conceded" and m.winner is not None:
        need = m.best_of // 2 + 1
        w0, w1 = (max(w0, need), min(w1, need - 1)) if m.winner == 0 else (min(w0, need - 1), max(w1, need))
    return w0, w1, m.draws
DEFAULT_CLOCK = 24 * 3600

RULES = ("Swiss rounds: a match won is 3 points, drawn 1; then opponents' match-win %, game-win %, opponents' "
         "game-win % (at least 33%). A round waits for no one: when its days run out, an unfinished match is "
         "scored, and rated, by the games won (the game under way counts for no one; equal games: a draw), "
         "and a match never accepted is a 0-0 draw (not rated). An odd player out gets a bye (a 2-0 win). A "
         "match conceded is won by the other player.")
TOP8_RULES = (" Then a single-elimination top 8 (top 4 or 2 with fewer players): at time, the player with more "
              "games won advances; equal games, the higher seed.")


@dataclass(frozen=True)
class RoundClosed:
    """What closing a round did: its tables as scored, the matches stopped, the next round's
    tables (none after the last round)."""

    league: LeagueRecord
    round: int
    scored: list[Table]
    stopped: list[MatchRecord]
    next_tables: list[Table]
    champion: str | None = None  # the top 8's winner, when its final closed


class Duels(Protocol):
    """What a :class:`LeagueService` uses of the :class:`bot.service.DuelService` that owns it
    (typed by this, not by the service, which imports this module to make its LeagueService)."""

    db: Database
    now: Callable[[], float]
    new_seed: Callable[[], int]
    matches: MatchService
    ratings: RatingService

    def format_named(self, name: str | None) -> formats.Format: ...

    def validate_deck(self, cards: list[str], fmt: str = ..., side: Sequence[str] = ()) -> None: ...

    def lock(self, duel_id: int) -> asyncio.Lock: ...

    async def resolve_deck(self, user_id: str, name: str | None) -> tuple[str, list[str], list[str]]: ...


class LeagueService:
    def __init__(self, duels: Duels) -> None:
        self.duels = duels
        self.db = duels.db

    # ------------------------------------------------------------- reading
    async def get(self, league_id: int) -> LeagueRecord:
        rec = await store.get_league(self.db, league_id)
        if rec is None:
            raise DuelError(f"There is no league #{league_id}.")
        return rec

    async def in_guild(self, guild_id: str) -> list[LeagueRecord]:
        return await store.leagues_in(self.db, guild_id)

    async def players(self, league_id: int) -> list[LeaguePlayer]:
        return await store.players_of(self.db, league_id)

    async def tables(self, league_id: int, round_no: int | None = None) -> list[Table]:
        return await store.tables(self.db, league_id, round_no)

    async def organiser_role(self, guild_id: str) -> str | None:
        return await store.organiser_role(self.db, guild_id)

    async def set_organiser_role(self, guild_id: str, role_id: str | None) -> None:
        await store.set_organiser_role(self.db, guild_id, role_id)

    # ------------------------------------------------------------ changes
    async def create(self, *, guild_id: str, channel_id: str, organiser_id: str, name: str, format_name: str,
                     rounds: int, round_days: int, best_of: int = 3, clock_seconds: int = DEFAULT_CLOCK,
                     top8: bool = False) -> LeagueRecord:
        fmt = self.duels.format_named(format_name)
        self.duels.matches.check_best_of(best_of)
        if not 1 <= rounds <= 20:
            raise DuelError("A league has 1 to 20 rounds.")
        if not 1 <= round_days <= 60:
            raise DuelError("A round lasts 1 to 60 days.")
        name = " ".join(name.split())[:60] or f"{fmt.title} league"
        return await store.create_league(self.db, guild_id=guild_id, channel_id=channel_id, name=name,
                                         format=fmt.name, rounds=rounds, round_days=round_days, best_of=best_of,
                                         clock_seconds=clock_seconds, seed=self.duels.new_seed(),
                                         organiser_id=organiser_id, top8=top8)

    async def join(self, league_id: int, user_id: str, name: str, deck: str | None) -> LeagueRecord:
        """The player joins with one of their decks (legal in the league's format, with its
        sideboard); DuelError if they joined already or the league has begun."""
        league = await self.get(league_id)
        if league.status != "open":
            raise DuelError(f"League #{league_id} has begun: joining is closed.")
        deck_name, cards, side = await self.duels.resolve_deck(user_id, deck)
        self.duels.validate_deck(cards, league.format, side)
        if not await store.join(self.db, league_id, user_id, name, cards, side, deck_name=deck_name):
            raise DuelError(f"You joined league #{league_id} already.")
        return league

    async def drop(self, league_id: int, user_id: str) -> LeagueRecord:
        """The player drops: not paired in later rounds (a match under way is still played)."""
        league = await self.get(league_id)
        if league.status == "finished":
            raise DuelError(f"League #{league_id} is over.")
        if not await store.drop(self.db, league_id, user_id, league.round):
            raise DuelError(f"You are not playing in league #{league_id} (or dropped already).")
        return league

    async def start(self, league_id: int) -> list[Table]:
        """Round 1 paired and begun (the caller checked the organiser)."""
        league = await self.get(league_id)
        if league.status != "open":
            raise DuelError(f"League #{league_id} has begun already.")
        if len([p for p in await self.players(league_id) if p.dropped_round is None]) < 2:
            raise DuelError("A league needs at least two players.")
        async with self.db.transaction():
            if not await self._pair_first(league):
                raise DuelError(f"League #{league_id} has begun already.")
        return await self.tables(league_id, 1)

    async def accept(self, league_id: int, round_no: int, table_no: int,
                     user_id: str) -> tuple[Table, tuple[MatchRecord, Live] | None]:
        """A player accepts their table's match; when both have, it starts (its first game)."""
        league = await self.get(league_id)
        if league.round != round_no or league.round_ends is None:
            raise DuelError("That round is over.")
        async with self.duels.lock(-(10 ** 9) - league_id):  # one table's match is started once
            table = next((t for t in await self.tables(league_id, round_no) if t.table == table_no), None)
            if table is None or user_id not in table.players:
                raise DuelError("This match is not yours.")
            if table.match_id is not None:
                raise DuelError("This match has begun: it is in its thread.")
            seat = table.players.index(user_id)
            if table.accepted[seat]:
                raise DuelError("You accepted already; waiting for your opponent.")
            table = await store.accept_table(self.db, league_id, round_no, table_no, seat)
            if not all(table.accepted):
                return table, None
            players = {p.user_id: p for p in await self.players(league_id)}
            a, b = players[table.players[0]], players[table.players[1] or ""]
            m, live = await self.duels.matches.start_paired(
                guild_id=league.guild_id, channel_id=league.channel_id, message_id=table.message_id,
                player_ids=(a.user_id, b.user_id), player_names=seat_names(a.name, b.name),
                decks=((list(a.main), list(a.side)), (list(b.main), list(b.side))), best_of=league.best_of,
                format=league.format, clock_seconds=league.clock_seconds, deck_names=(a.deck_name, b.deck_name))
            await store.set_table_match(self.db, league_id, round_no, table_no, match_id=m.id)
            table = next(t for t in await self.tables(league_id, round_no) if t.table == table_no)
            return table, (m, live)

    async def set_table_message(self, league_id: int, round_no: int, table_no: int, message_id: int) -> None:
        await store.set_table_match(self.db, league_id, round_no, table_no, message_id=str(message_id))

    async def close_due(self) -> list[RoundClosed]:
        """Every round whose days ran out, closed (once) and the next paired."""
        out = []
        for league in await store.due_leagues(self.db, int(self.duels.now())):
            closed = await self.close_round(league.id, league.round)
            if closed is not None:
                out.append(closed)
        return out

    async def close_round(self, league_id: int, round_no: int) -> RoundClosed | None:
        """Close the round (None if it is closed already: by another worker, say) and pair
        the next: a Swiss round, the top 8's first round after the last Swiss round (when
        the league has one), the next round of the top 8 (its winners), or nothing."""
        league = await self.get(league_id)
        tables = await self.tables(league_id, round_no)
        scores: dict[int, tuple[int, int, int]] = {}
        winners: list[str] = []  # of a top 8 round, in table order
        stopped: list[MatchRecord] = []
        async with self.db.transaction():
            for t in tables:
                if t.bye or t.match_id is None:
                    scores[t.table] = (0, 0, 0)  # a bye, or a match never accepted: no games
                    winners.append(t.players[0])  # (top 8: the higher seed advances)
                    continue
                m = await self.duels.matches.get(t.match_id)
                if m.status not in ("finished", "cancelled"):
                    m = await self.duels.matches.stop(m.id)
                    stopped.append(m)
                scores[t.table] = scored(m)
                w0, w1, _ = scores[t.table]
                # top 8: equal games at time, the higher seed (the first player) advances
                winners.append(t.players[1] if w1 > w0 and t.players[1] is not None else t.players[0])
            next_pairs = await self._next_pairs(league, round_no, winners, scores)
            if not await store.close_round(self.db, league_id, round_no, scores, finished=not next_pairs):
                return None
            for m in stopped:  # rated once, by the worker that closed the round
                await self.duels.ratings.after_scored(m, scored(m))
            if next_pairs:
                ends = int(self.duels.now()) + league.round_days * DAY
                await store.add_round(self.db, league.id, round_no + 1, next_pairs, ends, expected_round=round_no)
        league = await self.get(league_id)
        champion = winners[0] if round_no > league.rounds and len(winners) == 1 else None
        return RoundClosed(league, round_no, await self.tables(league_id, round_no), stopped,
                           await self.tables(league_id, round_no + 1) if next_pairs else [], champion)

    async def _next_pairs(self, league: LeagueRecord, round_no: int, winners: list[str],
                          scores: dict[int, tuple[int, int, int]]) -> list[tuple[str, str | None]]:
        """The tables of the round after *round_no* (closing now, with these *scores*), or none."""
        if round_no < league.rounds:
            p = await self.pairing_for(league, round_no + 1, scores)
            return list(p.matches) + ([(p.bye, None)] if p.bye else [])
        if round_no == league.rounds:
            if not league.top8:
                return []
            table = await self.standings(league.id, scores)
            seeds = [s.player for s in table if not s.dropped]
            size = 8 if len(seeds) >= 8 else 4 if len(seeds) >= 4 else 2 if len(seeds) >= 2 else 0
            return [(seeds[a - 1], seeds[b - 1]) for a, b in BRACKETS.get(size, ())]
        # a top 8 round: its winners meet in bracket order (table 1's winner meets table 2's)
        return [(winners[i], winners[i + 1]) for i in range(0, len(winners) - 1, 2)]

    async def results(self, league_id: int, before: int | None = None,
                      closing: dict[int, tuple[int, int, int]] | None = None) -> list[Result]:
        """Each player's side of every table of the closed Swiss rounds (those before round
        *before*, if given); *closing*: the scores of the round being closed (table -> games)."""
        league = await self.get(league_id)
        out: list[Result] = []
        for t in await self.tables(league_id):
            if t.round > league.rounds or (before is not None and t.round >= before):
                continue
            if not t.closed and not (closing is not None and t.round == league.round):
                continue
            games = t.wins + (t.draws,) if t.closed or closing is None else closing[t.table]
            if t.players[1] is None:
                out.append(bye(t.players[0]))
            else:
                out += match_results(t.players[0], t.players[1], (games[0], games[1]), games[2])
        return out

    async def standings(self, league_id: int, closing: dict[int, tuple[int, int, int]] | None = None
                        ) -> list[Standing]:
        """The Swiss standings (the top 8 is not in them)."""
        league = await self.get(league_id)
        players = await self.players(league_id)
        return standings([p.user_id for p in players], await self.results(league_id, closing=closing),
                         seed=league.seed, dropped=[p.user_id for p in players if p.dropped_round is not None])

    async def pairing_for(self, league: LeagueRecord, round_no: int,
                          closing: dict[int, tuple[int, int, int]] | None = None) -> Pairing:
        """Round *round_no*'s pairing from the rounds before it and the league's seed: the
        same every time it is computed (what is stored when the round before closes)."""
        players = await self.players(league.id)
        before = [t for t in await self.tables(league.id) if t.round < round_no]
        table = standings([p.user_id for p in players], await self.results(league.id, round_no, closing),
                          seed=league.seed + round_no)
        playing = {p.user_id for p in players if p.dropped_round is None or p.dropped_round >= round_no}
        ranked = [s.player for s in table if s.player in playing]
        played = [(t.players[0], t.players[1]) for t in before if t.players[1] is not None]
        return pair(ranked, played, [t.players[0] for t in before if t.players[1] is None])

    async def _pair_first(self, league: LeagueRecord) -> bool:
        p = await self.pairing_for(league, 1)
        pairs: list[tuple[str, str | None]] = list(p.matches) + ([(p.bye, None)] if p.bye else [])
        ends = int(self.duels.now()) + league.round_days * DAY
        return await store.add_round(self.db, league.id, 1, pairs, ends, expected_round=0)
