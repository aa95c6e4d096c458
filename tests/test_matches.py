"""Matches: the rules between games (engine.match), their storage, and a
best-of-three played through the bot against the fake Discord, with
sideboarding between the games."""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from bot.app import ManaburnBot
from engine import formats
from engine.decks import decklist, sideboard
from engine.match import Deck, Score, SideboardError, exchange, next_chooser, parse_exchange
from fakediscord import FakeDiscord, SimUser
from storage import matches as match_store
from test_bot_e2e import do, panel, pick

pytest_plugins = ["fakediscord.pytest_plugin"]

OLD = formats.get("oldschool")


def test_score_best_of_three_and_five() -> None:
    s = Score(3)
    assert s.needed == 2 and not s.over
    s = s.after(0).after(None).after(1)
    assert s.wins == (1, 1) and s.draws == 1 and s.games == 3 and not s.over
    s = s.after(1)
    assert s.winner == 1 and s.text(["a", "b"]) == "a 1 – b 2, 1 drawn"
    with pytest.raises(ValueError):
        s.after(0)
    assert Score(5).after(0).after(0).after(0).winner == 0
    assert Score(1).after(1).winner == 1
    with pytest.raises(ValueError):
        Score(2)


def test_the_loser_chooses_and_a_draw_leaves_it_to_the_seed() -> None:
    assert next_chooser(0) == 1 and next_chooser(1) == 0 and next_chooser(None) is None


def test_an_exchange_is_one_for_one_and_keeps_the_deck_legal() -> None:
    zoo = Deck(tuple(decklist("Zoo")), tuple(sideboard("Zoo")))
    new = exchange(zoo, *parse_exchange("2 lightning bolt -> 2 Shatter; Fireball -> Tranquility"), OLD)
    assert new.main.count("Lightning Bolt") == 2 and new.main.count("Shatter") == 2
    assert "Fireball" not in new.main and new.side.count("Fireball") == 1 and len(new.main) == 60
    assert sorted(new.main + new.side) == sorted(zoo.main + zoo.side)
    for text, why in [("Lightning Bolt -> 2 Shatter", "one for one: 1 card out, 2 in"),
                      ("2 Black Lotus -> 2 Shatter", "Your deck holds 1 Black Lotus, not 2"),
                      ("Kird Ape -> Juzám Djinn", "Your sideboard holds 0 Juzám Djinn, not 1")]:
        with pytest.raises(SideboardError, match=why):
            exchange(zoo, *parse_exchange(text), OLD)
    # the deck with its sideboard is checked after the exchange: one that is not legal is refused
    bad = Deck(zoo.main, zoo.side[:-1] + ("General Jarkeld",))
    with pytest.raises(SideboardError, match="would not be legal in Old School 93/94: General Jarkeld is not"):
        exchange(bad, ["Kird Ape"], ["Shatter"], OLD)
    with pytest.raises(SideboardError, match="cards out -> cards in"):
        parse_exchange("Lightning Bolt, Shatter")


# ------------------------------------------------------------------ through the bot
def ends(user: SimUser, thread: Any) -> int:
    """How many games ended in the thread (each end reveals its seed)."""
    return sum("seed was" in m.text for m in user.visible_messages(thread))


async def play_game(fake: FakeDiscord, users: list[SimUser], thread: Any, rng: random.Random, n: int) -> None:
    """Random sensible clicks until the thread announces the *n*-th game's end."""
    for _ in range(4000):
        if ends(users[0], thread) >= n:
            return
        await fake.wait_for(lambda: any(panel(u) for u in users) or ends(users[0], thread) >= n, timeout=10)
        for u in users:
            msg = panel(u)
            if msg is not None:
                await do(u, msg, pick(msg, rng))
                break
    raise AssertionError("the game did not finish")


def sideboard_panel_of(user: SimUser, match_id: int) -> Any:
    return next((m for m in reversed(user.dms()) if f"**Match #{match_id} vs" in m.text
                 and any(b.get("label") == "Ready" for b in m.buttons)), None)


async def test_a_best_of_three_with_sideboarding_through_discord(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    bot = ManaburnBot(str(tmp_path / "m.db"), guild_id=fake.guild.id, sweep_seconds=0)
    rng = random.Random(7)
    async with fake.run_bot(bot):
        # best_of outside 1, 3, 5 is not offered; a match against the computer is refused
        r = await alice.slash("challenge", opponent=bob, deck="Zoo", format="oldschool", best_of=3)
        challenge = r.message
        assert "a **best-of-three match** (sideboards allowed between games)" in challenge.text
        acc = await bob.click(challenge, "Accept")
        await bob.select(acc.message, "Choose your deck", ["Robots"])
        await fake.wait_for(lambda: challenge.thread is not None and any(
            "Duel #" in m.text for m in bob.visible_messages(challenge.thread)), timeout=10)
        thread = challenge.thread
        assert any(m.text.startswith("Match #1, best-of-three in oldschool: game 1. Duel #1 begins")
                   for m in alice.visible_messages(thread))
        await fake.wait_for(lambda: any(m.text.startswith("**Duel #1") for m in alice.visible_messages(thread)))
        board = next(m for m in alice.visible_messages(thread) if m.text.startswith("**Duel #1"))
        assert "Match #1 (best-of-three), game 1: alice 0 – bob 0" in board.text

        conceded = False
        for game in range(1, 8):
            m = await match_store.get_match(bot.svc.db, 1)
            assert m is not None and m.status == "playing" and m.games == game
            duel_id = (await match_store.games_of(bot.svc.db, 1))[-1]
            if game > 1:
                live = await bot.svc.live(duel_id)
                # the loser of the previous game chooses to play or draw (after a draw: the seed)
                prev = (await bot.svc.record((await match_store.games_of(bot.svc.db, 1))[-2])).result
                assert live.duel.options.chooser == next_chooser(prev.winner)
                if prev.winner is not None:
                    d = live.duel.pending
                    assert d is not None and d.player == 1 - prev.winner and "choose play" in d.choices
                    assert any(f"game {game}: duel #{duel_id} begins; {m.player_names[1 - prev.winner]}, who lost "
                               "the last game, chooses to play or draw" in x.text for x in alice.visible_messages(thread))
                # the deck of this game is the one sideboarded
                assert list(live.record.decks[0]) == list(m.decks[0][0])
            if game == 2 and not conceded and m.wins != (0, 0):
                # a game conceded (the match goes on): by the player ahead
                leader = alice if m.wins[0] else bob
                r = await leader.slash("concede", channel=thread)
                await r.wait_done()
                conceded = True
                await fake.wait_for(lambda: ends(alice, thread) >= game, timeout=10)
            else:
                await play_game(fake, [alice, bob], thread, rng, game)
            await fake.wait_for(lambda: any(("wins match #1" in x.text) or f"Game {game + 1} after sideboarding" in x.text
                                            for x in alice.visible_messages(thread)), timeout=10)
            m = await match_store.get_match(bot.svc.db, 1)
            assert m is not None
            if m.status == "finished":
                break
            assert m.status == "sideboarding"
            await fake.wait_for(lambda: sideboard_panel_of(alice, 1) and sideboard_panel_of(bob, 1), timeout=10)
            pa, pb = sideboard_panel_of(alice, 1), sideboard_panel_of(bob, 1)
            assert f"game {game + 1} next" in pa.text and "Your sideboard (15)" in pa.text
            if game == 1:
                # between games: /duels points to the match, /match sideboard shows the panel here too
                r = await alice.slash("duels")
                await r.wait_done()
                assert "Match #1 alice vs bob — between games: `/match sideboard match:1`" in r.followups[0].text
                r = await bob.slash("match sideboard", channel=thread)
                assert r.ephemeral and "**Match #1 vs alice**" in r.text
                assert [b.get("label") for b in r.message.buttons] == ["Exchange cards…", "Ready"]
            if game == 1 or (game == 2 and "2 Shatter" not in pa.text.split("Your deck")[1].split("\n")[0]):
                before = (await match_store.get_match(bot.svc.db, 1)).decks
                # bad input: clear messages, nothing changed
                for text, why in [("Lightning Bolt -> 2 Shatter", "Exchanges are one for one: 1 card out, 2 in"),
                                  ("Kird Ape -> Juzám Djinn", "Your sideboard holds 0 Juzám Djinn, not 1"),
                                  # a second Black Lotus (restricted) is not there to take
                                  ("Kird Ape -> Black Lotus", "Your sideboard holds 0 Black Lotus, not 1"),
                                  ("Black Lotus", "write `cards out -> cards in`")]:
                    opened = await alice.click(pa, "Exchange cards…")
                    res = await alice.submit_modal(opened, {"Out -> in": text})
                    await fake.wait_for(lambda: bool(res.followups), timeout=5)
                    # (refusals are shown literally: the bot's own backticks come escaped)
                    assert res.followups[0].ephemeral and why in res.followups[0].text.replace("\\", ""), res.followups[0].text
                    assert (await match_store.get_match(bot.svc.db, 1)).decks == before
                # an exchange that works: two Lightning Bolt out, two Shatter in
                opened = await alice.click(pa, "Exchange cards…")
                res = await alice.submit_modal(opened, {"Out -> in": "2 Lightning Bolt -> 2 Shatter"})
                await fake.wait_for(lambda: "→ exchanged: 2 Lightning Bolt -> 2 Shatter" in pa.text, timeout=5)
                assert "Your deck (60): " in pa.text and "2 Lightning Bolt" in pa.text and "2 Shatter" in pa.text
                now = await match_store.get_match(bot.svc.db, 1)
                assert now.decks[0][0].count("Shatter") == 2 and now.decks[0][0].count("Lightning Bolt") == 2
                assert now.decks[1] == before[1]
            await alice.click(pa, "Ready")
            await fake.wait_for(lambda: "Your deck is confirmed. Waiting for bob" in pa.text, timeout=5)
            assert not pa.buttons
            await bob.click(pb, "Ready")
            await fake.wait_for(lambda: any(
                f"Match #1, game {game + 1}: duel #" in x.text for x in alice.visible_messages(thread)), timeout=10)
        m = await match_store.get_match(bot.svc.db, 1)
        assert m is not None and m.status == "finished" and m.result == "won" and m.winner is not None
        assert m.wins[m.winner] == 2 and m.wins[1 - m.winner] <= 1 and conceded
        # every game's result comes from its duel
        results = [(await bot.svc.record(d)).result for d in await match_store.games_of(bot.svc.db, 1)]
        assert sum(r.winner == m.winner for r in results) == 2 and len(results) == m.games
        name = m.player_names[m.winner]
        assert any(f"**{name} wins match #1**: " in x.text for x in alice.visible_messages(thread))
        # a concession after the end, and an exchange form from an old panel: refused, nothing changes
        r = await alice.slash("match concede", match=1)
        await r.wait_done()
        assert "over" in (r.followups[0].text if r.followups else r.text)
        import os
        if os.environ.get("M26DEBUG"):
            for x in alice.visible_messages(thread):
                print("THREAD:", x.text[:300].replace("\n", " | "))
            for x in alice.dms()[-12:]:
                print("DM:", x.text[:200].replace("\n", " | "))


async def test_match_clock_restart_concessions_and_declines_in_the_service(db_target: str) -> None:
    from bot.errors import DuelError
    from bot.service import DuelService
    from storage import open_database

    t = [1_000_000.0]
    svc = DuelService(await open_database(db_target), now=lambda: t[0], new_seed=lambda: 42)
    alice, bob = ("1", "alice"), ("2", "bob")
    with pytest.raises(DuelError, match="best of 1, 3 or 5 games, not 4"):
        await svc.challenge(guild_id="9", channel_id="5", challenger=alice, opponent=bob, deck="Zoo",
                            ante=False, best_of=4)
    # a declined match challenge cancels the match
    rec = await svc.challenge(guild_id="9", channel_id="5", challenger=alice, opponent=bob, deck="Zoo",
                              ante=False, format_name="oldschool", best_of=3, clock_seconds=3600)
    await svc.decline(rec.id, "2")
    assert (await svc.matches.get(1)).status == "cancelled"

    rec = await svc.challenge(guild_id="9", channel_id="5", challenger=alice, opponent=bob, deck="Zoo",
                              ante=False, format_name="oldschool", best_of=3, clock_seconds=3600)
    m = (await svc.matches.of_duel(rec.id))[0]
    with pytest.raises(DuelError, match="not legal|cannot be used in Old School"):
        await svc.accept(rec.id, "2", "Brimstone")  # a deck not legal in the match's format
    await svc.accept(rec.id, "2", "Robots")
    m = await svc.matches.get(m.id)
    assert m.status == "playing" and m.decks[1] == (tuple(decklist("Robots")), tuple(sideboard("Robots")))
    with pytest.raises(DuelError, match="only between the games"):
        await svc.matches.exchange(m.id, "1", "Kird Ape -> Shatter")
    await svc.concede(rec.id, "1")  # game 1: alice concedes it
    m = await svc.matches.get(m.id)
    assert m.status == "sideboarding" and m.wins == (0, 1) and m.deadline == int(t[0]) + 3600
    with pytest.raises(DuelError, match="not playing in this match"):
        await svc.matches.exchange(m.id, "3", "Kird Ape -> Shatter")
    # a deck and sideboard the format no longer allows (its restricted list changed between games, say):
    # an exchange that leaves them so is refused with the format's reason, and nothing changes
    legal = m.decks[0]
    main = list(legal[0])
    main[next(i for i, c in enumerate(main) if c not in ("Black Lotus", "Kird Ape"))] = "Black Lotus"
    await match_store.set_deck(svc.db, m.id, 0, main, legal[1])
    with pytest.raises(DuelError, match="would not be legal in Old School 93/94: Black Lotus is restricted: one copy "
                                        "across deck and sideboard, not 2. Nothing was exchanged"):
        await svc.matches.exchange(m.id, "1", "Kird Ape -> Shatter")
    assert (await svc.matches.get(m.id)).decks[0] == (tuple(main), legal[1])
    await match_store.set_deck(svc.db, m.id, 0, legal[0], legal[1])
    await svc.matches.exchange(m.id, "1", "4 Kird Ape -> 2 Shatter, 2 Tranquility")
    m, live = await svc.matches.ready(m.id, "1")
    assert live is None and m.ready == (True, False)
    with pytest.raises(DuelError, match="confirmed your deck"):
        await svc.matches.exchange(m.id, "1", "Shatter -> Kird Ape")
    # bob never confirms: nothing happens before the clock runs out, then game 2 starts
    assert await svc.matches.overdue() == []
    t[0] += 3601
    [(m, live)] = await svc.matches.overdue()
    assert m.status == "playing" and m.games == 2 and live.game == 2 and live.match is not None
    assert live.duel.options.chooser == 0 and live.duel.options.format == "oldschool"
    assert "Kird Ape" not in live.record.decks[0] and live.record.decks[0].count("Shatter") == 2
    assert await svc.matches.overdue() == []
    await svc.close()

    # a restart: the match and its game are rebuilt from the database
    svc = DuelService(await open_database(db_target), now=lambda: t[0], new_seed=lambda: 43)
    live2 = await svc.live(live.record.id)
    assert live2.match == m and live2.game == 2 and live2.duel.state_hash() == live.duel.state_hash()
    await svc.concede(live.record.id, "2")  # game 2: bob concedes it
    m = await svc.matches.get(m.id)
    assert m.wins == (1, 1) and m.status == "sideboarding"
    # alice concedes the match between games
    m, out = await svc.matches.concede(live.record.id, "1")
    assert out is None and m.status == "finished" and m.winner == 1 and m.result == "conceded"
    # rated once, as a match (its games were not rated one by one), with the decks chosen by name
    from bot.rating_service import START, rate
    from storage.ratings import StoredRating
    a_r, b_r = rate(StoredRating("1", "oldschool", *START), StoredRating("2", "oldschool", *START), 0.0)
    assert await svc.ratings.current("1", "oldschool") == a_r and await svc.ratings.current("2", "oldschool") == b_r
    assert [(x.match_id, x.score0) for x in await svc.ratings.recent("1")] == [(m.id, 0.0)]
    assert await svc.ratings.favourites("2") == {"oldschool": [("Robots", 1)]}
    with pytest.raises(DuelError, match="over"):
        await svc.matches.concede(live.record.id, "2")
    with pytest.raises(DuelError, match="not between games"):
        await svc.matches.ready(m.id, "2")
    # a match conceded during a game: the game and the match, in one transaction
    rec = await svc.challenge(guild_id="9", channel_id="5", challenger=alice, opponent=bob, deck="Zoo",
                              ante=False, best_of=5)
    await svc.accept(rec.id, "2", None)
    m, out = await svc.matches.concede(rec.id, "2")
    assert out is not None and out.finished and out.live.duel.game.winner == 0
    assert m.status == "finished" and m.winner == 0 and m.result == "conceded" and m.wins == (1, 0)
    assert out.live.match == m
    await svc.close()


async def test_ante_is_played_for_in_every_game_of_a_match(db_target: str) -> None:
    """A match for ante: both decks and sideboards owned; each game is a duel for ante whose
    winner takes both ante cards, the next game's copies bound when it starts."""
    from bot.errors import DuelError
    from bot.service import DuelService
    from storage import collections as coll
    from storage import open_database

    svc = DuelService(await open_database(db_target), new_seed=lambda: 11)
    for uid, deck in (("1", "Red Burn"), ("2", "Green Stompy")):
        await coll.grant_cards(svc.db, uid, [(c, "4ED") for c in decklist(deck) + sideboard(deck)])
    rec = await svc.challenge(guild_id="9", channel_id="5", challenger=("1", "alice"), opponent=("2", "bob"),
                              deck="Red Burn", ante=True, best_of=3)
    await svc.accept(rec.id, "2", "Green Stompy")
    await svc.concede(rec.id, "2")  # game 1: alice wins bob's ante card
    m = (await svc.matches.of_duel(rec.id))[0]
    await svc.matches.ready(m.id, "1")
    # bob's deck still holds the card he lost: the next game cannot start, and says why
    with pytest.raises(DuelError, match="bob lacks 1 (.*)\\. Both decks are open for exchanges again"):
        await svc.matches.ready(m.id, "2")
    m = await svc.matches.get(m.id)
    assert m.ready == (False, False) and m.status == "sideboarding" and m.games == 1
    owned = await coll.owned_counts(svc.db, "2")
    lost = next(c for c in set(decklist("Green Stompy")) if owned[c] < decklist("Green Stompy").count(c))
    await svc.matches.exchange(m.id, "2", f"{lost} -> Tranquility")  # one from his sideboard instead
    await svc.matches.ready(m.id, "1")
    m, live = await svc.matches.ready(m.id, "2")
    assert live is not None and live.duel.options.ante and live.match.games == 2
    await svc.concede(live.record.id, "1")  # game 2: bob wins alice's ante card
    rows = await svc.db.fetchall("SELECT duel_id, winner, moved FROM ante_results ORDER BY duel_id")
    assert [(r["duel_id"], r["winner"], r["moved"]) for r in rows] == [(rec.id, 0, 1), (live.record.id, 1, 1)]
    await svc.close()
