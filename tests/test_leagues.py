"""Leagues through the bot against the fake Discord: five players over three Swiss
rounds with a bye, a drop, a match unfinished when its round's days run out, a
restart in the middle of a round, standings checked against a table computed by
hand; joining twice, a non-organiser, and a round closed by two workers at once (two services on
SQLite and on PostgreSQL, and two bots on one PostgreSQL database through the fake Discord)."""
from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bot.app import ManaburnBot
from fakediscord import FakeDiscord, SimUser
from test_matches import sideboard_panel_of

pytest_plugins = ["fakediscord.pytest_plugin"]

DECKS = {"ann": "Red Burn", "bea": "Green Stompy", "cid": "White Knights", "dan": "Black Death", "eve": "Blue Tricks"}
DAY = 24 * 3600


def texts(user: SimUser, channel: Any = None) -> list[str]:
    return [m.text for m in user.visible_messages(channel)]


async def said(r: Any) -> str:
    await r.wait_done()
    return " ".join([r.text] + [f.text for f in r.followups])


def ends(user: SimUser, thread: Any) -> int:
    return sum("seed was" in m.text for m in user.visible_messages(thread))


class League:
    """The test's players and helpers around one running bot."""

    def __init__(self, fake: FakeDiscord, users: dict[str, SimUser]) -> None:
        self.fake, self.users = fake, users
        self.by_id = {str(u.id): n for n, u in users.items()}

    def table_message(self, rnd: int, table: int) -> Any:
        u = next(iter(self.users.values()))
        return next(m for m in u.visible_messages() if f"League #1, round {rnd}, table {table}:" in m.text)

    def seats(self, msg: Any) -> tuple[str, str]:
        ids = [x.split(">")[0] for x in msg.text.split("<@")[1:3]]
        return self.by_id[ids[0]], self.by_id[ids[1]]

    async def accept(self, rnd: int, table: int) -> Any:
        msg = self.table_message(rnd, table)
        a, b = self.seats(msg)
        assert "Accepted: the match starts when your opponent accepts" in await said(
            await self.users[a].click(msg, "Accept"))
        r = await self.users[a].click(msg, "Accept")
        assert "You accepted already" in await said(r)
        await said(await self.users[b].click(msg, "Accept"))
        await self.fake.wait_for(lambda: msg.thread is not None and any(
            "Duel #" in t for t in texts(self.users[a], msg.thread)), timeout=10)
        return msg.thread

    async def concede_game(self, loser: str, thread: Any) -> None:
        n = ends(self.users[loser], thread)
        await said(await self.users[loser].slash("concede", channel=thread))
        await self.fake.wait_for(lambda: ends(self.users[loser], thread) > n, timeout=10)

    async def ready(self, a: str, b: str, match_id: int, thread: Any) -> None:
        await self.fake.wait_for(lambda: sideboard_panel_of(self.users[a], match_id)
                                 and sideboard_panel_of(self.users[b], match_id), timeout=10)
        n = sum("begins;" in t for t in texts(self.users[a], thread))
        for who in (a, b):
            await self.users[who].click(sideboard_panel_of(self.users[who], match_id), "Ready")
        await self.fake.wait_for(lambda: sum("begins;" in t for t in texts(self.users[a], thread)) > n, timeout=10)

    async def win(self, winner: str, loser: str, thread: Any, match_id: int) -> None:
        """*winner* wins 2-0: *loser* concedes two games, both ready in between."""
        await self.concede_game(loser, thread)
        await self.ready(winner, loser, match_id, thread)
        await self.concede_game(loser, thread)


async def test_a_league_of_five_over_three_rounds(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    path = str(tmp_path / "league.db")
    admin = fake.create_user("admin", admin=True)
    users = {n: fake.create_user(n) for n in DECKS}
    t = [2_000_000_000.0]
    bot = ManaburnBot(path, guild_id=fake.guild.id, sweep_seconds=0)
    running = await fake.start_bot(bot)
    bot.svc.now = lambda: t[0]
    bot.svc.new_seed = lambda: 20260101
    lg = League(fake, users)
    # only organisers create leagues
    r = await users["ann"].slash("league create", format="casual", rounds=3, round_days=7)
    assert r.ephemeral and "Only organisers" in r.text
    r = await admin.slash("league create", format="casual", rounds=3, round_days=7, name="Winter")
    assert "**League #1 Winter**: casual, 3 rounds of 7 days, each match best-of-three" in r.text
    assert "A round waits for no one" in r.text
    for name, deck in DECKS.items():
        text = await said(await users[name].slash("league join", league=1, deck=deck))
        assert "You joined league #1 Winter" in text and "A round waits for no one" in text
    # joining twice is refused and changes nothing
    text = await said(await users["ann"].slash("league join", league=1, deck="Blue Tricks"))
    assert "You joined league #1 already." in text
    players = await bot.svc.leagues.players(1)
    assert len(players) == 5 and next(p for p in players if p.name == "ann").main[0] == "Mountain"
    r = await users["ann"].slash("league start", league=1)
    assert r.ephemeral and "Only organisers" in r.text
    await said(await admin.slash("league start", league=1))
    await fake.wait_for(lambda: any("has a bye" in x for x in texts(admin)), timeout=10)
    assert lg.seats(lg.table_message(1, 1)) == ("dan", "bea") and lg.seats(lg.table_message(1, 2)) == ("cid", "eve")
    assert any(f"<@{users['ann'].id}> has a bye" in x for x in texts(admin))
    # round 1, table 1: dan beats bea 2-0 (every result comes from the duels: concessions here)
    thread = await lg.accept(1, 1)
    await lg.win("dan", "bea", thread, 1)
    await fake.wait_for(lambda: any("wins match #1" in x for x in texts(admin, thread)), timeout=10)
    # table 2: eve wins a game, then the bot restarts in the middle of the round
    thread2 = await lg.accept(1, 2)
    await lg.concede_game("cid", thread2)
    await fake.wait_for(lambda: sideboard_panel_of(users["cid"], 2) is not None, timeout=10)
    stored = await bot.svc.leagues.tables(1, 1)
    await running.stop()
    bot = ManaburnBot(path, guild_id=fake.guild.id, sweep_seconds=0)
    running = await fake.start_bot(bot)
    bot.svc.now = lambda: t[0]
    bot.svc.new_seed = lambda: 20260101
    # the stored pairings are the round's, and pairing it again gives the same
    assert await bot.svc.leagues.tables(1, 1) == stored
    again = await bot.svc.leagues.pairing_for(await bot.svc.leagues.get(1), 1)
    assert [tuple(x) for x in again.matches] + [(again.bye, None)] == [x.players for x in stored]
    # the sideboarding panels sent before the restart still work: game 2 begins, then time runs out
    await lg.ready("cid", "eve", 2, thread2)
    t[0] += 7 * DAY + 1
    # two workers close the round at once: it closes once
    await asyncio.gather(bot.sweep(), bot.sweep())
    await fake.wait_for(lambda: any("round 2 of 3" in x for x in texts(admin)), timeout=10)
    await asyncio.sleep(0.5)
    assert sum("round 1 is closed" in x for x in texts(admin)) == 1
    assert sum("round 2 of 3" in x for x in texts(admin)) == 1
    assert len(await bot.svc.leagues.tables(1, 2)) == 3  # five players: two tables and a bye
    closed = next(x for x in texts(admin) if "round 1 is closed" in x)
    assert "dan 2 – bea 0" in closed and "cid 0 – eve 1" in closed and "ann: bye" in closed
    assert any("match #2 is scored as it stands, cid 0 – eve 1; the game under way counts for no one. "
               "Rated as a win for eve." in x for x in texts(admin, thread2))
    # ... and rated as scored: eve's win over cid, both new in casual (two players at 1500, RD 350)
    from bot.rating_service import START, rate
    from storage.ratings import StoredRating
    cid_r, eve_r = rate(StoredRating(str(users["cid"].id), "casual", *START),
                        StoredRating(str(users["eve"].id), "casual", *START), 0.0)
    assert await bot.svc.ratings.current(str(users["eve"].id), "casual") == eve_r and eve_r.wins == 1
    assert await bot.svc.ratings.current(str(users["cid"].id), "casual") == cid_r and cid_r.losses == 1
    [rated] = [x for x in await bot.svc.ratings.recent(str(users["eve"].id)) if x.match_id == 2]
    assert rated.score0 == 0.0 and rated.players == (str(users["cid"].id), str(users["eve"].id))
    # the game under way was stopped: its panels answer "over"
    assert (await bot.svc.matches.get(2)).status == "cancelled"
    assert lg.seats(lg.table_message(2, 1)) == ("ann", "eve") and lg.seats(lg.table_message(2, 2)) == ("dan", "cid")
    assert any(f"round 2: <@{users['bea'].id}> has a bye" in x for x in texts(admin))  # ann had one already
    # round 2: ann beats eve 2-0, then eve drops; cid beats dan 2-1
    thread = await lg.accept(2, 1)
    await lg.win("ann", "eve", thread, 3)
    text = await said(await users["eve"].slash("league drop", league=1))
    assert "You dropped from league #1" in text
    assert "not playing in league #1 (or dropped already)" in await said(await users["eve"].slash("league drop", league=1))
    thread = await lg.accept(2, 2)
    await lg.concede_game("cid", thread)
    await lg.ready("dan", "cid", 4, thread)
    await lg.concede_game("dan", thread)
    await lg.ready("dan", "cid", 4, thread)
    await lg.concede_game("dan", thread)
    await fake.wait_for(lambda: any("**cid wins match #4**: dan 1 – cid 2" in x for x in texts(admin, thread)),
                        timeout=10)
    t[0] += 7 * DAY + 1
    await bot.sweep()
    await fake.wait_for(lambda: any("round 3 of 3" in x for x in texts(admin)), timeout=10)
    tables3 = await bot.svc.leagues.tables(1, 3)
    assert len(tables3) == 2 and all(not x.bye for x in tables3)  # eve dropped: four players, no bye
    # no rematch: each meets someone new
    assert lg.seats(lg.table_message(3, 1)) == ("ann", "dan") and lg.seats(lg.table_message(3, 2)) == ("bea", "cid")
    # round 3: ann beats dan 2-0; bea beats cid 2-1
    thread = await lg.accept(3, 1)
    await lg.win("ann", "dan", thread, 5)
    thread = await lg.accept(3, 2)
    await lg.concede_game("bea", thread)
    await lg.ready("bea", "cid", 6, thread)
    await lg.concede_game("cid", thread)
    await lg.ready("bea", "cid", 6, thread)
    await lg.concede_game("cid", thread)
    t[0] += 7 * DAY + 1
    await bot.sweep()
    await fake.wait_for(lambda: any("round 3 is closed" in x for x in texts(admin)), timeout=10)
    await fake.wait_for(lambda: any("after round 3 of 3" in x for x in texts(admin)), timeout=10)
    assert (await bot.svc.leagues.get(1)).status == "finished"
    # the standings, computed by hand (MTR Appendix C):
    # R1: ann bye; dan 2-0 bea; eve 1-0 cid (unfinished at time: the game under way counts for no one)
    # R2: bea bye; ann 2-0 eve (then eve drops); cid 2-1 dan.  R3: ann 2-0 dan; bea 2-1 cid.
    # points: ann 9, bea 6, cid 3, dan 3, eve 3.  MW% as an opponent (byes left out): ann 6/6, bea 3/6,
    # cid 3/9, dan 3/9, eve 3/6.  OMW%: ann (eve .5 + dan .333)/2 = 41.67; bea (dan + cid)/2 = 33.33;
    # cid (eve .5 + dan .333 + bea .5)/3 = 44.44; dan (bea .5 + cid .333 + ann 1)/3 = 61.11;
    # eve (cid .333 + ann 1)/2 = 66.67.  GW% (a bye 2-0): ann 18/18; bea (0 + 6 + 6)/21 = 57.14;
    # cid (0 + 6 + 3)/21 = 42.86; dan (6 + 3 + 0)/21 = 42.86; eve 3/9 = 33.33.
    # OGW%: ann (33.33 + 42.86)/2 = 38.10; bea (42.86 + 42.86)/2; cid (33.33 + 42.86 + 57.14)/3 = 44.44;
    # dan (57.14 + 42.86 + 100)/3 = 66.67; eve (42.86 + 100)/2 = 71.43.
    # Equal on points (3): eve, dan, cid by OMW%.
    final = next(x for x in texts(admin) if "after round 3 of 3" in x)
    rows = [line.split() for line in final.split("```")[1].strip().splitlines()[1:]]
    assert rows == [
        ["1", "ann", "9", "3-0-0", "41.67", "100.00", "38.10"],
        ["2", "bea", "6", "2-1-0", "33.33", "57.14", "42.86"],
        ["3", "eve", "(dropped)", "3", "1-1-0", "66.67", "33.33", "71.43"],
        ["4", "dan", "3", "1-2-0", "61.11", "42.86", "66.67"],
        ["5", "cid", "3", "1-2-0", "44.44", "42.86", "44.44"],
    ]
    r = await users["cid"].slash("league standings", league=1)
    assert r.ephemeral and r.text == final
    # every league match played is rated (eve's unfinished one as scored): the decks they joined with
    r = await users["eve"].slash("profile")
    assert "casual: rating" in r.text and "1 won, 1 lost, 0 drawn" in r.text
    assert "  favourite decks: Blue Tricks (2 rated)" in r.text.splitlines()
    r = await users["cid"].slash("league pairings", league=1, round=1)
    assert "table 2: cid vs eve — 0-1" in r.text and "ann: bye" in r.text
    # a finished league: no more joining or dropping
    assert "has begun" in await said(await admin.slash("league join", league=1, deck="Red Burn"))
    assert "is over" in await said(await users["ann"].slash("league drop", league=1))
    await running.stop()


async def test_a_round_closed_by_two_services_at_once_closes_once(db_target: str) -> None:
    """Two bot processes (two services, two connections to one database) close the same
    round at the same moment: one closes it and pairs the next, the other does nothing."""
    from bot.service import DuelService
    from storage import open_database

    t = [1_000.0]
    a = DuelService(await open_database(db_target), now=lambda: t[0], new_seed=lambda: 7)
    b = DuelService(await open_database(db_target), now=lambda: t[0], new_seed=lambda: 7)
    league = await a.leagues.create(guild_id="1", channel_id="2", organiser_id="3", name="x", format_name="casual",
                                    rounds=2, round_days=1)
    for uid in ("10", "11", "12", "13", "14"):
        await a.leagues.join(league.id, uid, f"p{uid}", "Red Burn")
    await a.leagues.start(league.id)
    # both tables' matches are under way when time runs out: at the first, its first player won a
    # game; at the second, no game ended
    started = []
    for table in [x for x in await a.leagues.tables(league.id, 1) if not x.bye]:
        for uid in table.players:
            _, both = await a.leagues.accept(league.id, 1, table.table, uid)  # type: ignore[arg-type]
        assert both is not None
        started.append(both)
    (m, live), (m2, _) = started
    await a.concede(live.record.id, m.player_ids[1])
    t[0] += DAY + 1
    done = await asyncio.gather(a.leagues.close_due(), b.leagues.close_due())
    assert sorted(len(d) for d in done) == [0, 1]
    [closed] = [c for d in done for c in d]
    # scored, stopped once; rated once by its score (the one where no game ended: not rated);
    # round 2 paired once, as pairing it again gives
    assert [x.wins for x in closed.scored if not x.bye] == [(1, 0), (0, 0)]
    assert [x.id for x in closed.stopped] == [m.id, m2.id]
    assert [(await a.matches.get(x)).status for x in (m.id, m2.id)] == ["cancelled", "cancelled"]
    rated = await a.db.fetchall("SELECT match_id, score0 FROM rated_matches")
    assert [(r["match_id"], r["score0"]) for r in rated] == [(m.id, 1.0)]
    rows = await a.db.fetchall("SELECT round, table_no FROM league_pairings ORDER BY round, table_no")
    assert [(r["round"], r["table_no"]) for r in rows] == [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3)]
    again = await b.leagues.pairing_for(await b.leagues.get(league.id), 2)
    assert [x.players for x in await a.leagues.tables(league.id, 2)] == [*again.matches, (again.bye, None)]
    assert (await b.leagues.get(league.id)).round == 2
    await a.close()
    await b.close()


async def test_the_organiser_role(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """Members with the role a server sets (by a member with Manage Server) organise leagues."""
    fake = fake_discord
    role = fake.guild.create_role("Tournament organisers")
    admin, bea = fake.create_user("admin", admin=True), fake.create_user("bea")
    tom = fake.create_user("tom", join_default_guild=False)
    fake._add_member(fake.guild, tom, roles=[role])
    bot = ManaburnBot(str(tmp_path / "o.db"), guild_id=fake.guild.id, sweep_seconds=0)
    async with fake.run_bot(bot):
        r = await tom.slash("league create", format="oldschool", rounds=2, round_days=3)
        assert r.ephemeral and "Only organisers" in r.text
        r = await tom.slash("league role", role=role)
        assert r.ephemeral and "Only members with Manage Server" in r.text
        r = await admin.slash("league role", role=role)
        assert "League organisers: members with Manage Server and the role Tournament organisers" in r.text
        r = await tom.slash("league create", format="oldschool", rounds=2, round_days=3, best_of=5)
        assert "**League #1 Old School 93/94 league**: Old School 93/94, 2 rounds of 3 days, each match " \
               "best-of-five" in r.text
        r = await bea.slash("league create", format="oldschool", rounds=2, round_days=3)
        assert r.ephemeral and "Only organisers" in r.text
        # a deck not legal in the league's format is refused, with the reason; nothing is stored
        text = await said(await bea.slash("league join", league=1, deck="Brimstone"))
        assert "cannot be used in Old School 93/94: Tempest Efreet is banned" in text
        assert await bot.svc.leagues.players(1) == []
        text = await said(await bea.slash("league start", league=1))
        assert "Only organisers" in text
        text = await said(await tom.slash("league start", league=1))
        assert "at least two players" in text


async def test_a_top_8_after_the_swiss_rounds(db_target: str) -> None:
    """Five players, one Swiss round, then the top 4 (fewer than eight players): seeds 1-4
    and 2-3 by the Swiss standings, their winners in the final; at time, more games won
    advances, and equal games the higher seed; the final's winner wins the league."""
    from bot.service import DuelService
    from storage import open_database

    t = [1_000.0]
    svc = DuelService(await open_database(db_target), now=lambda: t[0], new_seed=lambda: 5)
    league = await svc.leagues.create(guild_id="1", channel_id="2", organiser_id="3", name="x", format_name="casual",
                                      rounds=1, round_days=1, best_of=3, top8=True)
    for uid in ("10", "11", "12", "13", "14"):
        await svc.leagues.join(league.id, uid, f"p{uid}", "Red Burn")
    await svc.leagues.start(league.id)

    async def play(round_no: int, table_no: int, loser_seat: int | None, concede_match: bool = True) -> None:
        """Both accept; the player in *loser_seat* concedes the match (None: nobody plays)."""
        table = next(x for x in await svc.leagues.tables(league.id, round_no) if x.table == table_no)
        if loser_seat is None:
            return
        for uid in table.players:
            _, started = await svc.leagues.accept(league.id, round_no, table_no, uid)  # type: ignore[arg-type]
        assert started is not None
        m, live = started
        loser = table.players[loser_seat]
        assert loser is not None
        if concede_match:
            await svc.matches.concede(live.record.id, loser)
        else:  # one game won, then time runs out
            await svc.concede(live.record.id, loser)

    swiss = await svc.leagues.tables(league.id, 1)
    for x in swiss:
        if not x.bye:
            await play(1, x.table, 1)  # the first player of each table wins
    t[0] += 86401
    [closed] = await svc.leagues.close_due()
    table = await svc.leagues.standings(league.id)
    seeds = [s.player for s in table]
    assert [x.players for x in closed.next_tables] == [(seeds[0], seeds[3]), (seeds[1], seeds[2])]
    assert closed.champion is None and closed.league.status == "running"
    # semi-finals: seed 4 beats seed 1 by one game at time; seeds 2 and 3 never play (equal: seed 2)
    await play(2, 1, 0, concede_match=False)
    t[0] += 86401
    [closed] = await svc.leagues.close_due()
    assert [x.wins for x in closed.scored] == [(0, 1), (0, 0)]
    # the semi-final stopped at time is rated by its score: seed 4's win; the one never played is not
    rated = await svc.db.fetchall("SELECT match_id, player0, score0 FROM rated_matches WHERE match_id = ?",
                                  (closed.scored[0].match_id,))
    assert [(r["player0"], r["score0"]) for r in rated] == [(seeds[0], 0.0)]
    assert [x.players for x in closed.next_tables] == [(seeds[3], seeds[1])]
    # the final: seed 2 concedes
    await play(3, 1, 1)
    t[0] += 86401
    [closed] = await svc.leagues.close_due()
    assert closed.champion == seeds[3] and closed.next_tables == [] and closed.league.status == "finished"
    # the standings stay the Swiss ones
    assert [s.player for s in await svc.leagues.standings(league.id)] == seeds
    assert await svc.leagues.close_due() == []
    await svc.close()


@pytest.mark.postgres
async def test_two_workers_on_postgresql_close_a_round_once_through_discord(fake_discord: FakeDiscord,
                                                                           pg_url: str) -> None:
    """Two bot processes on one PostgreSQL database, every interaction handed to one of them in
    turn, both sweeping when the round's days run out: the round is closed, announced, its
    unfinished match stopped and rated, and the next round paired and posted, once."""
    fake = fake_discord
    fake.interactions_to = "spread"
    admin = fake.create_user("admin", admin=True)
    users = {n: fake.create_user(n) for n in ("ann", "bea", "cid")}
    t = [2_000_000_000.0]
    w1 = ManaburnBot(pg_url, guild_id=fake.guild.id, sweep_seconds=0)
    w2 = ManaburnBot(pg_url, guild_id=fake.guild.id, sweep_seconds=0)
    async with fake.run_bot(w1), fake.run_bot(w2):
        for w in (w1, w2):
            w.svc.now = lambda: t[0]
            w.svc.new_seed = lambda: 20260101
        lg = League(fake, users)
        await said(await admin.slash("league create", format="casual", rounds=2, round_days=7, name="Spring"))
        for name in users:
            assert "You joined league #1 Spring" in await said(await users[name].slash("league join", league=1,
                                                                                       deck=DECKS[name]))
        for _ in range(2):  # whichever worker answers: once
            assert "You joined league #1 already." in await said(await users["ann"].slash("league join", league=1,
                                                                                          deck="Blue Tricks"))
        assert len(await w2.svc.leagues.players(1)) == 3
        await said(await admin.slash("league start", league=1))
        await fake.wait_for(lambda: any("has a bye" in x for x in texts(admin)), timeout=10)
        # the match begins; its first player wins a game; then the round's days run out
        first, second = lg.seats(lg.table_message(1, 1))
        thread = await lg.accept(1, 1)
        await lg.concede_game(second, thread)
        t[0] += 7 * DAY + 1
        await asyncio.gather(w1.sweep(), w2.sweep())
        await fake.wait_for(lambda: any("round 2 of 2" in x for x in texts(admin)), timeout=10)
        await fake.wait_for(lambda: any("scored as it stands" in x for x in texts(admin, thread)), timeout=10)
        await asyncio.sleep(0.5)
        assert sum("round 1 is closed" in x for x in texts(admin)) == 1
        assert sum("round 2 of 2" in x for x in texts(admin)) == 1
        stopped = [x for x in texts(admin, thread) if "scored as it stands" in x]
        assert len(stopped) == 1 and f"{first} 1 – {second} 0" in stopped[0]
        assert f"Rated as a win for {first}." in stopped[0]
        rated = await w1.svc.db.fetchall("SELECT match_id, score0 FROM rated_matches")
        assert [(r["match_id"], r["score0"]) for r in rated] == [(1, 1.0)]
        assert len(await w2.svc.leagues.tables(1, 2)) == 2  # one match and a bye, paired once
        assert len([m for m in texts(admin) if "League #1, round 2, table" in m]) == 1
