"""Matches as the bot runs them, without Discord: a best-of-N series of duels
between two players (the rules between games are :mod:`engine.match`'s; the
rows are :mod:`storage.matches`').

A match begins as a challenge whose first duel is its first game. Each game
is a duel exactly as a lone duel is (:class:`bot.service.DuelService`); when
one ends, its result is written to the match in the same transaction
(:meth:`MatchService.game_over`): never typed in. Between games each player
exchanges cards one for one (:meth:`MatchService.exchange`) and confirms
(:meth:`MatchService.ready`); when both have, or the sideboarding time (the
match's clock) runs out, the next game starts in the same thread, the loser of
the previous game choosing to play or draw. Ante, when chosen, is per game.
"""
from __future__ import annotations

import asyncio
from typing import Callable, Protocol

from engine import DuelOptions, formats
from engine.match import BEST_OF, Deck, Score, SideboardError, exchange, next_chooser, parse_exchange
from storage import duels as duel_store
from storage import matches as store
from storage.db import Database
from storage.matches import MatchRecord

from .collection_service import CollectionError, CollectionService
from .errors import DuelError
from .live import Live, Outcome
from .rating_service import RatingService

__all__ = ["MatchService", "MatchRecord", "best_of_text"]

NUMBER = {1: "one", 3: "three", 5: "five"}


def best_of_text(best_of: int) -> str:
    """``best-of-three``."""
    return f"best-of-{NUMBER.get(best_of, str(best_of))}"


def score_of(m: MatchRecord) -> Score:
    return Score(m.best_of, m.wins, m.draws)


def match_line(m: MatchRecord, game: int) -> str:
    """The match's line on a game's board: ``Match #2 (best-of-three), game 2: alice 1 – bob 0``."""
    return f"Match #{m.id} ({best_of_text(m.best_of)}), game {game}: {score_of(m).text(m.player_names)}"


class Duels(Protocol):
    """What a :class:`MatchService` uses of the :class:`bot.service.DuelService` that owns it
    (typed by this, not by the service, which imports this module to make its MatchService)."""

    db: Database
    now: Callable[[], float]
    new_seed: Callable[[], int]
    collections: CollectionService
    ratings: RatingService

    def format_named(self, name: str | None) -> formats.Format: ...

    def lock(self, duel_id: int) -> asyncio.Lock: ...

    def forget(self, duel_id: int) -> None: ...

    async def live(self, duel_id: int) -> Live: ...

    async def away_until(self, user_id: str) -> int | None: ...

    async def concede(self, duel_id: int, user_id: str, *, reason: str = ..., match_too: bool = ...) -> Outcome: ...


class MatchService:
    """The matches of a :class:`bot.service.DuelService` (its database, clock and duels)."""

    def __init__(self, duels: Duels) -> None:
        self.duels = duels
        self.db = duels.db

    @staticmethod
    def check_best_of(best_of: int) -> int:
        if best_of not in BEST_OF:
            raise DuelError(f"A match is the best of 1, 3 or 5 games, not {best_of}.")
        return best_of

    # ---------------------------------------------------------------- reading
    async def get(self, match_id: int) -> MatchRecord:
        rec = await store.get_match(self.db, match_id)
        if rec is None:
            raise DuelError(f"There is no match #{match_id}.")
        return rec

    async def of_duel(self, duel_id: int) -> tuple[MatchRecord, int] | None:
        """The match whose game the duel is, and the game's number; None for a lone duel."""
        return await store.match_of_duel(self.db, duel_id)

    async def matches_of(self, user_id: str) -> list[MatchRecord]:
        """The user's matches under way (challenged, playing, between games)."""
        return await store.matches_of(self.db, user_id)

    async def games(self, match_id: int) -> list[int]:
        """The match's duels, in order."""
        return await store.games_of(self.db, match_id)

    # ------------------------------------------------------------- the games
    async def game_over(self, duel: duel_store.DuelRecord, winner: int | None,
                        conceded_match_by: int | None = None) -> MatchRecord | None:
        """The duel's result written to its match (None if it is no match's game):
        the score, then the match's end or sideboarding. Joins the caller's
        transaction (the one that finishes the duel)."""
        found = await store.match_of_duel(self.db, duel.id)
        if found is None:
            return None
        m, _ = found
        if m.status != "playing":
            return m
        score = Score(m.best_of, m.wins, m.draws).after(winner)
        if conceded_match_by is not None:
            return await store.record_game(self.db, m.id, score.wins, score.draws, winner=1 - conceded_match_by,
                                           result="conceded")
        if score.over:
            return await store.record_game(self.db, m.id, score.wins, score.draws, winner=score.winner,
                                           result="won")
        # sideboarding waits for a player on vacation (their clock stops)
        back = [await self.duels.away_until(uid) for uid in m.player_ids]
        start = max([int(self.duels.now())] + [b for b in back if b is not None])
        return await store.record_game(self.db, m.id, score.wins, score.draws,
                                       sideboard_deadline=start + m.clock_seconds)

    async def exchange(self, match_id: int, user_id: str, text: str) -> MatchRecord:
        """Cards exchanged one for one between the player's deck and sideboard, between
        games; DuelError (nothing changed) for an exchange that cannot be made."""
        async with self.duels.lock(-match_id):  # matches' locks: negative ids, apart from the duels'
            m = await self.get(match_id)
            p = self._seat(m, user_id)
            if m.status != "sideboarding":
                raise DuelError("You can exchange cards only between the games of a match.")
            if m.ready[p]:
                raise DuelError("You confirmed your deck for the next game already.")
            deck = m.decks[p]
            assert deck is not None
            try:
                out, into = parse_exchange(text)
                new = exchange(Deck(deck[0], deck[1]), out, into, self.duels.format_named(m.format))
            except SideboardError as e:
                raise DuelError(str(e)) from None
            return await store.set_deck(self.db, match_id, p, new.main, new.side)

    async def ready(self, match_id: int, user_id: str) -> tuple[MatchRecord, Live | None]:
        """The player confirms their deck for the next game; the next game (its Live)
        when both have."""
        async with self.duels.lock(-match_id):
            m = await self.get(match_id)
            p = self._seat(m, user_id)
            if m.status != "sideboarding":
                raise DuelError("This match is not between games.")
            if m.ready[p]:
                raise DuelError("You confirmed your deck already.")
            if not m.ready[1 - p]:
                return await store.set_ready(self.db, match_id, p), None
            try:
                return await self._next_game(m)
            except DuelError as e:  # e.g. for ante: a card lost in the last game is still in a deck
                await store.unready(self.db, match_id)
                raise DuelError(f"{e} Both decks are open for exchanges again.") from None

    async def overdue(self) -> list[tuple[MatchRecord, Live]]:
        """Matches whose sideboarding time ran out: the next game starts with the decks
        as they are (the clock covers the whole match, as it covers each decision)."""
        out = []
        for m in await store.list_overdue_sideboarding(self.db, int(self.duels.now())):
            async with self.duels.lock(-m.id):
                m = await self.get(m.id)
                if m.status != "sideboarding":
                    continue
                try:
                    m, live = await self._next_game(m)
                except DuelError:  # a deck that cannot be played (ante): the players must exchange
                    continue
                if live is not None:
                    out.append((m, live))
        return out

    async def _next_game(self, m: MatchRecord) -> tuple[MatchRecord, Live | None]:
        games = await store.games_of(self.db, m.id)
        last = await duel_store.get_duel(self.db, games[-1])
        assert last is not None and last.result is not None
        options = DuelOptions(**{**m.options, "chooser": next_chooser(last.result.winner), "format": m.format})
        d0, d1 = m.decks
        assert d0 is not None and d1 is not None
        now = int(self.duels.now())
        try:
            async with self.db.transaction():  # the duel, its copies bound (ante) and the match: all or nothing
                rec = await duel_store.create_duel(
                    self.db, guild_id=m.guild_id, channel_id=m.channel_id, thread_id=m.thread_id,
                    player_ids=m.player_ids, player_names=m.player_names, seed=self.duels.new_seed(),
                    options=options, decks=(list(d0[0]), list(d1[0])), status="mulligans",
                    clock_seconds=m.clock_seconds, deadline=now + m.clock_seconds)
                if options.ante:
                    await self.duels.collections.bind(rec.id, (list(d0[0]), list(d1[0])), m.player_names)
                m = await store.start_game(self.db, m.id, rec.id)
        except CollectionError as e:  # nothing was written (one transaction)
            raise DuelError(f"The next game cannot start: {e}") from None
        live = await self.duels.live(rec.id)
        return m, live

    async def start_paired(self, *, guild_id: str | None, channel_id: str, message_id: str | None,
                           player_ids: tuple[str, str], player_names: tuple[str, str],
                           decks: tuple[tuple[list[str], list[str]], tuple[list[str], list[str]]], best_of: int,
                           format: str, clock_seconds: int,
                           deck_names: tuple[str | None, str | None] = (None, None)) -> tuple[MatchRecord, Live]:
        """A match both players accepted with the decks they registered (a league's; their
        names, when known, *deck_names*): its first game starts at once, who chooses to play
        or draw drawn by the seed. Its thread is started from *message_id*. One transaction."""
        options = DuelOptions(format=format)
        now = int(self.duels.now())
        async with self.db.transaction():
            rec = await duel_store.create_duel(
                self.db, guild_id=guild_id, channel_id=channel_id, challenge_message_id=message_id,
                player_ids=player_ids, player_names=player_names, seed=self.duels.new_seed(), options=options,
                decks=(decks[0][0], decks[1][0]), status="mulligans", clock_seconds=clock_seconds,
                deadline=now + clock_seconds)
            m = await store.create_match(
                self.db, first_duel=rec.id, guild_id=guild_id, channel_id=channel_id, player_ids=player_ids,
                player_names=player_names, best_of=best_of, format=format, options={}, clock_seconds=clock_seconds,
                main=decks[0][0], side=decks[0][1])
            m = await store.accept_match(self.db, m.id, decks[1][0], decks[1][1])
            for p, deck_name in enumerate(deck_names):
                if deck_name is not None:
                    await self.duels.ratings.deck_chosen(rec.id, p, deck_name)
        return m, await self.duels.live(rec.id)

    async def stop(self, match_id: int) -> MatchRecord:
        """A match stopped where it is (its league round closed): the game under way
        counts for no one; the match is cancelled with its score as it stands.
        Joins the caller's transaction."""
        m = await self.get(match_id)
        if m.status in ("finished", "cancelled"):
            return m
        current = (await store.games_of(self.db, m.id))[-1]
        rec = await duel_store.get_duel(self.db, current)
        if rec is not None and rec.status not in ("finished", "cancelled"):
            await duel_store.set_status(self.db, current, "cancelled")
            self.duels.forget(current)
        return await store.cancel_match(self.db, m.id)

    async def concede(self, duel_id: int, user_id: str) -> tuple[MatchRecord, Outcome | None]:
        """The player concedes the whole match whose game *duel_id* is: the game under
        way is conceded with it (one transaction), or, between games, the match."""
        found = await store.match_of_duel(self.db, duel_id)
        if found is None:
            raise DuelError(f"Duel #{duel_id} is not a game of a match: use /concede.")
        m, _ = found
        p = self._seat(m, user_id)
        async with self.duels.lock(-m.id):
            m = await self.get(m.id)
            if m.status == "playing":
                current = (await store.games_of(self.db, m.id))[-1]
                out = await self.duels.concede(current, user_id, match_too=True)
                m = await self.get(m.id)
                return m, out
            if m.status != "sideboarding":
                raise DuelError("This match is over." if m.status in ("finished", "cancelled")
                                else "This match has not started.")
            async with self.db.transaction():  # the match's end and its rating
                m = await store.concede_match(self.db, m.id, p)
                await self.duels.ratings.after_match(m)
            return m, None

    @staticmethod
    def _seat(m: MatchRecord, user_id: str) -> int:
        if user_id not in m.player_ids:
            raise DuelError("You are not playing in this match.")
        return m.player_ids.index(user_id)


def deck_text(cards: tuple[str, ...] | list[str]) -> str:
    """``4 Lightning Bolt, 2 Shatter`` (by name)."""
    counts: dict[str, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    return ", ".join(f"{n} {c}" for c, n in sorted(counts.items()))

