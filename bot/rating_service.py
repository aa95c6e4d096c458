"""Ratings: Glicko-2 per player and format, updated after each match between people.

lichess rates correspondence games with Glicko-2, updating both ratings after
each game: here each match (a lone duel, or a best-of-N match once decided) is
a rating period of one game for each player, computed from both players'
ratings before it (:func:`glicko2_update`, Glickman's "Example of the Glicko-2
system", 2012, with tau 0.5): a win scores 1, a draw 0.5, a loss 0. A new
player starts at 1500, RD 350, volatility 0.06 (Glickman's defaults). Duels
against the computer are not rated. A league match stopped unfinished when its
round closed is rated by its result as the league scored it (:meth:`RatingService.after_scored`),
which is the match's result under the period's rules (the tournament rules of
1 October 1996: at time, whoever has won more games wins the match, an unfinished
game counts for no one, equal games is a drawn match): a win, a loss or a draw
like any other. One stopped before any game ended is not rated: no game was
decided between the players, and the league's 0-0 draw there is the round's
bookkeeping, not a result of play.

Why not a package: ``glicko2`` 2.1.0 (the one on PyPI) installs a top-level
``tests`` package into site-packages, which shadows this project's ``tests``
(the suite's ``from tests.test_random_duels import ...`` fails once it is
installed), and its volatility step (``Player._f``) uses the rating where
Glickman's step 5 has the deviation (on Glickman's example its volatility is
0.0599934 where the algorithm gives 0.0599960); ``openskill`` implements other
models, not Glicko-2. The algorithm is forty lines of arithmetic, checked
against Glickman's worked example and the package's numbers.

The update is written in the transaction that finishes the duel or the match,
once (:mod:`storage.ratings` keeps a unique row per rated duel or match).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Protocol

import math

from storage import ratings as store
from storage.db import Database
from storage.ratings import RatedMatch, StoredRating

if TYPE_CHECKING:  # pragma: no cover
    from storage.duels import DuelRecord
    from storage.matches import MatchRecord

__all__ = ["glicko2_update", "rate", "score_of_games", "RatingService", "StoredRating", "RatedMatch", "START"]

START = (1500.0, 350.0, 0.06)
TAU = 0.5  # the system constant: how much volatility may change (Glickman suggests 0.3 to 1.2)
SCALE = 173.7178  # Glicko-2's scale: ratings are (r - 1500) / SCALE
EPSILON = 0.000001


def glicko2_update(rating: float, rd: float, vol: float, games: list[tuple[float, float, float]], *,
                   tau: float = TAU) -> tuple[float, float, float]:
    """A player's (rating, RD, volatility) after a rating period of *games*, each
    (opponent's rating, opponent's RD, score): Glickman's steps 2 to 8.

    Glickman's example (he prints 1464.06, 151.52 and 0.05999, from rounded intermediate values):

    >>> r, rd, vol = glicko2_update(1500, 200, 0.06, [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)])
    >>> round(r, 2), round(rd, 2), round(vol, 6)
    (1464.05, 151.52, 0.059996)
    """
    mu, phi = (rating - 1500) / SCALE, rd / SCALE
    if not games:  # step 6 only: the deviation grows
        return rating, math.sqrt(phi ** 2 + vol ** 2) * SCALE, vol
    opp = [((r - 1500) / SCALE, d / SCALE, s) for r, d, s in games]

    def g(p: float) -> float:
        return 1 / math.sqrt(1 + 3 * p * p / math.pi ** 2)

    def e(mu_j: float, phi_j: float) -> float:
        return 1 / (1 + math.exp(-g(phi_j) * (mu - mu_j)))

    v = 1 / sum(g(pj) ** 2 * e(mj, pj) * (1 - e(mj, pj)) for mj, pj, _ in opp)  # step 3
    delta = v * sum(g(pj) * (s - e(mj, pj)) for mj, pj, s in opp)  # step 4
    a = math.log(vol ** 2)  # step 5: the new volatility (the Illinois algorithm)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta ** 2 - phi ** 2 - v - ex) / (2 * (phi ** 2 + v + ex) ** 2) - (x - a) / tau ** 2

    big_a = a
    if delta ** 2 > phi ** 2 + v:
        big_b = math.log(delta ** 2 - phi ** 2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    new_vol = math.exp(big_a / 2)
    phi_star = math.sqrt(phi ** 2 + new_vol ** 2)  # step 6
    new_phi = 1 / math.sqrt(1 / phi_star ** 2 + 1 / v)  # step 7
    new_mu = mu + new_phi ** 2 * sum(g(pj) * (s - e(mj, pj)) for mj, pj, s in opp)
    return new_mu * SCALE + 1500, new_phi * SCALE, new_vol  # step 8


def rate(a: StoredRating, b: StoredRating, score_a: float) -> tuple[StoredRating, StoredRating]:
    """Both ratings after a match *a* scored *score_a* in (1, 0.5 or 0) against *b*,
    each computed from the other's rating before it."""
    out = []
    for me, other, score in ((a, b, score_a), (b, a, 1 - score_a)):
        r, rd, vol = glicko2_update(me.rating, me.rd, me.vol, [(other.rating, other.rd, score)])
        out.append(StoredRating(me.user_id, me.format, r, rd, vol, me.wins + (score == 1),
                                me.losses + (score == 0), me.draws + (score == 0.5)))
    return out[0], out[1]


def score_of_games(games: tuple[int, int, int]) -> float | None:
    """The first player's score (1, 0.5, 0) of a match stopped with *games* (wins of each, draws):
    more games won is a win, equal games a draw; None when no game ended (not rated).

    >>> score_of_games((1, 0, 0)), score_of_games((1, 1, 0)), score_of_games((0, 0, 1)), score_of_games((0, 0, 0))
    (1.0, 0.5, 0.5, None)
    """
    w0, w1, draws = games
    if w0 + w1 + draws == 0:
        return None
    return 1.0 if w0 > w1 else 0.0 if w1 > w0 else 0.5


class Duels(Protocol):
    """What a :class:`RatingService` uses of the :class:`bot.service.DuelService` that owns it
    (typed by this, not by the service, which imports this module to make its RatingService)."""

    db: Database
    now: Callable[[], float]
    computer_id: str | None


class RatingService:
    def __init__(self, duels: Duels) -> None:
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

    async def favourites(self, user_id: str) -> dict[str, list[tuple[str, int]]]:
        """The decks the player played most in rated matches, per format (with how often)."""
        return await store.favourite_decks(self.db, user_id)

    async def deck_chosen(self, duel_id: int, player: int, deck_name: str) -> None:
        """The deck *player* chose for the duel (a match's first game), by name, for their
        favourite decks. Joins the caller's transaction."""
        await store.played_deck(self.db, duel_id, player, deck_name)

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

    async def after_scored(self, match: "MatchRecord", games: tuple[int, int, int]) -> bool:
        """A league match stopped unfinished when its round closed, rated by *games* (wins of
        each player, draws) as the league scored it: more games won is a win, equal games a
        draw; not rated when no game ended (see the module's docstring). Whether it was rated
        now. Joins the caller's transaction (the one closing the round)."""
        score0 = score_of_games(games)
        if score0 is None or await store.already_rated(self.db, match_id=match.id):
            return False
        await self._rate(match.guild_id, match.format, match.player_ids, score0, match_id=match.id)
        return True

    async def _rate(self, guild_id: str | None, format: str, players: tuple[str, str], score0: float, *,
                    duel_id: int | None = None, match_id: int | None = None) -> None:
        before = (await self.current(players[0], format), await self.current(players[1], format))
        after = rate(before[0], before[1], score0)
        await store.record(self.db, guild_id=guild_id, format=format, duel_id=duel_id, match_id=match_id,
                           players=players, score0=score0, before=before, after=after,
                           now=int(self.duels.now()))
