"""Storage of matches, leagues and ratings (storage.matches, storage.leagues, storage.ratings)
on both backends (SQLite and PostgreSQL, the ``db`` fixture): each change in one transaction,
the compare-and-set steps that make a round close once, a match or duel rated once, and the
decks chosen by name that /profile's favourite decks are counted from."""
from __future__ import annotations

import asyncio
from typing import Any

import pytest

from storage import duels as duel_store
from storage import leagues as league_store
from storage import matches as match_store
from storage import ratings as rating_store
from storage.ratings import StoredRating

ZOO = ["Kird Ape"] * 4 + ["Mountain"] * 56
SIDE = ["Shatter"] * 2


async def new_duel(db: Any, players: tuple[str, str] = ("1", "2")) -> int:
    rec = await duel_store.create_duel(db, channel_id="5", player_ids=players, player_names=("alice", "bob"),
                                       seed=1, decks=(ZOO, None), deadline=10)
    return rec.id


async def test_a_match_stored_game_by_game(db: Any) -> None:
    first = await new_duel(db)
    m = await match_store.create_match(db, first_duel=first, guild_id="9", channel_id="5", player_ids=("1", "2"),
                                       player_names=("alice", "bob"), best_of=3, format="oldschool",
                                       options={"ante": False}, clock_seconds=3600, main=ZOO, side=SIDE, now=100)
    assert m.status == "challenged" and m.decks == ((tuple(ZOO), tuple(SIDE)), None) and m.games == 1
    assert (await match_store.match_of_duel(db, first)) == (m, 1)
    assert await match_store.match_of_duel(db, first + 1000) is None
    m = await match_store.accept_match(db, m.id, ZOO, SIDE)
    assert m.status == "playing" and m.decks[1] == (tuple(ZOO), tuple(SIDE))
    m = await match_store.record_game(db, m.id, (1, 0), 0, sideboard_deadline=500)
    assert m.status == "sideboarding" and m.wins == (1, 0) and m.deadline == 500
    assert [x.id for x in await match_store.list_overdue_sideboarding(db, 499)] == []
    assert [x.id for x in await match_store.list_overdue_sideboarding(db, 500)] == [m.id]
    new_main = ZOO[:-2] + SIDE
    m = await match_store.set_deck(db, m.id, 0, new_main, ["Mountain"] * 2)
    m = await match_store.set_ready(db, m.id, 1)
    assert m.decks[0] == (tuple(new_main), ("Mountain", "Mountain")) and m.ready == (False, True)
    assert (await match_store.unready(db, m.id)).ready == (False, False)
    second = await new_duel(db)
    m = await match_store.start_game(db, m.id, second)
    assert m.status == "playing" and m.games == 2 and await match_store.games_of(db, m.id) == [first, second]
    assert await match_store.match_of_duel(db, second) == (m, 2)
    assert [x.id for x in await match_store.matches_of(db, "2")] == [m.id]
    m = await match_store.record_game(db, m.id, (2, 0), 0, winner=0, result="won")
    assert m.status == "finished" and m.winner == 0 and m.result == "won"
    assert await match_store.matches_of(db, "2") == []
    # a change that fails is rolled back whole: the game's duel is not listed without its match's update
    with pytest.raises(Exception):
        async with db.transaction():
            await match_store.start_game(db, m.id, await new_duel(db))
            await match_store.set_thread(db, m.id, "not a snowflake")
    assert await match_store.games_of(db, m.id) == [first, second]


async def test_a_league_stored_round_by_round(db: Any) -> None:
    league = await league_store.create_league(db, guild_id="9", channel_id="5", name="Winter", format="casual",
                                              rounds=2, round_days=7, best_of=3, clock_seconds=3600, seed=11,
                                              organiser_id="1")
    assert league.status == "open" and league.round == 0
    for uid in ("10", "11", "12"):
        assert await league_store.join(db, league.id, uid, f"p{uid}", ZOO, SIDE, deck_name="Zoo")
    assert not await league_store.join(db, league.id, "10", "again", ["Forest"] * 40, [])  # nothing changes
    players = await league_store.players_of(db, league.id)
    assert [(p.user_id, p.name, p.deck_name, p.main) for p in players][0] == ("10", "p10", "Zoo", tuple(ZOO))
    # a round begins once: the second worker's add_round finds the league moved on
    pairs: list[tuple[str, str | None]] = [("10", "11"), ("12", None)]
    assert await league_store.add_round(db, league.id, 1, pairs, 1000, expected_round=0)
    assert not await league_store.add_round(db, league.id, 1, pairs, 1000, expected_round=0)
    assert [t.players for t in await league_store.tables(db, league.id, 1)] == pairs
    t = await league_store.accept_table(db, league.id, 1, 1, 1)
    assert t.accepted == (False, True)
    assert await league_store.drop(db, league.id, "12", 1) and not await league_store.drop(db, league.id, "12", 1)
    assert [x.id for x in await league_store.due_leagues(db, 999)] == []
    assert [x.id for x in await league_store.due_leagues(db, 1000)] == [league.id]
    # two workers closing the round at once: one closes it, with its scores
    done = await asyncio.gather(*(league_store.close_round(db, league.id, 1, {1: (2, 1, 0), 2: (0, 0, 0)},
                                                           finished=False) for _ in range(2)))
    assert sorted(done) == [False, True]
    tables = await league_store.tables(db, league.id, 1)
    assert [(x.wins, x.closed) for x in tables] == [((2, 1), True), ((0, 0), True)]
    assert await league_store.due_leagues(db, 10 ** 9) == []
    await league_store.set_organiser_role(db, "9", "77")
    await league_store.set_organiser_role(db, "9", "78")
    assert await league_store.organiser_role(db, "9") == "78"


async def test_ratings_stored_once_with_the_decks_played(db: Any) -> None:
    a0, b0 = StoredRating("1", "casual", 1500, 350, 0.06), StoredRating("2", "casual", 1500, 350, 0.06)
    a1, b1 = StoredRating("1", "casual", 1660, 290, 0.06, 1), StoredRating("2", "casual", 1340, 290, 0.06, 0, 1)
    duels = [await new_duel(db) for _ in range(3)]
    for d, (mine, theirs) in zip(duels, [("Zoo", "Robots"), ("Zoo", "Robots"), ("Red Burn", "Robots")]):
        await rating_store.played_deck(db, d, 0, mine)
        await rating_store.played_deck(db, d, 1, theirs)
    # a match counts with its first game's decks
    m = await match_store.create_match(db, first_duel=duels[2], guild_id="9", channel_id="5", player_ids=("1", "2"),
                                       player_names=("alice", "bob"), best_of=3, format="oldschool", options={},
                                       clock_seconds=3600, main=ZOO, side=SIDE)
    for d in duels[:2]:
        await rating_store.record(db, guild_id="9", format="casual", duel_id=d, match_id=None, players=("1", "2"),
                                  score0=1.0, before=(a0, b0), after=(a1, b1), now=50)
    o = (StoredRating("1", "oldschool", 1500, 350, 0.06), StoredRating("2", "oldschool", 1500, 350, 0.06))
    await rating_store.record(db, guild_id="9", format="oldschool", duel_id=None, match_id=m.id, players=("1", "2"),
                              score0=0.5, before=o, after=o, now=60)
    assert await rating_store.already_rated(db, duel_id=duels[0]) and await rating_store.already_rated(db, match_id=m.id)
    assert not await rating_store.already_rated(db, duel_id=duels[2])
    # rated once: a second row for the same duel is refused (unique index), and the first stays
    with pytest.raises(Exception):
        await rating_store.record(db, guild_id="9", format="casual", duel_id=duels[0], match_id=None,
                                  players=("1", "2"), score0=0.0, before=(a1, b1), after=(a0, b0))
    assert await rating_store.get_rating(db, "1", "casual") == a1
    assert [r.match_id for r in await rating_store.recent(db, "1")] == [m.id, None, None]
    assert [r.user_id for r in await rating_store.ladder(db, "9", "casual")] == ["1", "2"]
    assert await rating_store.ladder(db, "8", "casual") == []
    assert await rating_store.favourite_decks(db, "1") == {"casual": [("Zoo", 2)], "oldschool": [("Red Burn", 1)]}
    assert await rating_store.favourite_decks(db, "2") == {"casual": [("Robots", 2)], "oldschool": [("Robots", 1)]}
    assert await rating_store.favourite_decks(db, "3") == {}
