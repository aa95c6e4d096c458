"""Ratings: Glicko-2 per player and format, updated after each match between people.

lichess rates correspondence games with Glicko-2, updating both ratings after
each game: here each match (a lone duel, or a best-of-N match once decided) is
a rating period of one game for each player, computed by the ``glicko2``
package (MIT; Glickman's algorithm with tau 0.5) from both players' ratings
before it: a win scores 1, a draw 0.5, a loss 0. A new player starts at 1500,
RD 350, volatility 0.06 (Glickman's defaults). Duels against the computer are
not rated; a league match stopped unfinished when its round closed is not
rated either (it had no winner on the board).

The update is written in the transaction that finishes the duel or the match,
once (:mod:`storage.ratings` keeps a unique row per rated duel or match).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import glicko2

from storage import ratings as store
from storage.ratings import RatedMatch, StoredRating

if TYPE_CHECKING:  # pragma: no cover
    from storage.duels import DuelRecord
    from storage.matches import MatchRecord

    from .service import DuelService

__all__ = ["rate", "RatingService", "StoredRating", "RatedMatch", "START"]

START = (1500.0, 350.0, 0.06)


def rate(a: StoredRating, b: StoredRating, score_a: float) -> tuple[StoredRating, StoredRating]:
    """Both ratings after a match *a* scored *score_a* in (1, 0.5 or 0) against *b*,
    each computed from the other's rating before it."""
    out = []
    for me, other, score in ((a, b, score_a), (b, a, 1 - score_a)):
        p = glicko2.Player(rating=me.rating, rd=me.rd, vol=me.vol)
        p.update_player([other.rating], [other.rd], [score])
        out.append(StoredRating(me.user_id, me.format, p.rating, p.rd, p.vol, me.wins + (score == 1),
                                me.losses + (score == 0), me.draws + (score == 0.5)))
    return out[0], out[1]


class RatingService:
    def __init__(self, duels: "DuelService") -> None:
        self.duels = duels
        self.db = duels.db

    async def current(self, user_id: str, format: str) -> StoredRating:
        return await store.get_rating(self.db, user_id, format) or StoredRating(user_id, format, *START)

    async def ratings_of(self, user_id: str) -> list[StoredRating]:
        return await store.ratings_of(self.db, user_id)

    async def recent(self, user_id: str, limit: int = 5) -> list[RatedMatch]:
        return await store.recent(self.db, user_id, limit)

    async def ladder(self, guild_id: str, format: str) -> list[StoredRating]:
        return await store.ladder(self.db, guild_id, format)

    async def after_duel(self, duel: "DuelRecord", winner: int | None, match: "MatchRecord | None") -> None:
        """A duel finished: a lone duel between people is rated now, a match once decided
        (:meth:`after_match`). Joins the caller's transaction."""
        if match is not None:
            if match.status == "finished":
                await self.after_match(match)
            return
        if self.duels.computer_id is not None and self.duels.computer_id in duel.player_ids:
            return  # duels against the computer are not rated
        if await store.already_rated(self.db, duel_id=duel.id):
            return
        await self._rate(duel.guild_id, duel.options.get("format", "casual"), duel.player_ids,
                         0.5 if winner is None else 1.0 - winner, duel_id=duel.id)

    async def after_match(self, match: "MatchRecord") -> None:
        """A match decided (won, or conceded): both players rated. Joins the caller's transaction."""
        if match.winner is None or await store.already_rated(self.db, match_id=match.id):
            return
        await self._rate(match.guild_id, match.format, match.player_ids, 1.0 - match.winner, match_id=match.id)

    async def _rate(self, guild_id: str | None, format: str, players: tuple[str, str], score0: float, *,
                    duel_id: int | None = None, match_id: int | None = None) -> None:
        before = (await self.current(players[0], format), await self.current(players[1], format))
        after = rate(before[0], before[1], score0)
        await store.record(self.db, guild_id=guild_id, format=format, duel_id=duel_id, match_id=match_id,
                           players=players, score0=score0, before=before, after=after,
                           now=int(self.duels.now()))
