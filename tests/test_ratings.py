"""Ratings: Glicko-2 per player and format after each match between people, checked
against Glickman's worked example and the glicko2 package's own numbers; /profile and
/ladder through the fake Discord; duels against the computer are not rated."""
from __future__ import annotations

from pathlib import Path

from bot.app import ManaburnBot
from bot.rating_service import START, glicko2_update, rate
from fakediscord import FakeDiscord, SimUser
from storage import duels as duel_store
from storage.ratings import StoredRating
from test_leagues import League, said
from test_matches import sideboard_panel_of

pytest_plugins = ["fakediscord.pytest_plugin"]


# The glicko2 package's (2.1.0) numbers for two new players after these results (player a's
# score each time; each match a rating period of one game for each, from both ratings before
# it), computed with the package: ((a's rating, RD, volatility), (b's ...)). It is not a
# dependency (see bot.rating_service): its volatility step differs from Glickman's in the
# sixth decimal, so ratings agree to 1e-3.
PACKAGE = {
    (1.0, 0.0, 0.5, 1.0): ((1576.3768481512925, 202.0737727881426, 0.060002053842242276),
                           (1423.6231518487075, 202.0737727881426, 0.060002053842242276)),
    (1.0, 1.0, 0.0): ((1489.6992318836212, 243.5965195601719, 0.0600034238516101),
                      (1510.3007681163788, 243.5965195601719, 0.0600034238516101)),
    (0.0,): ((1337.6891050238826, 290.3189646747521, 0.06), (1662.3108949761174, 290.3189646747521, 0.06)),
}


def by_hand(results: tuple[float, ...]) -> tuple[tuple[float, float, float], tuple[float, float, float]]:
    a, b = StoredRating("a", "casual", *START), StoredRating("b", "casual", *START)
    for s in results:
        a, b = rate(a, b, s)
    return (a.rating, a.rd, a.vol), (b.rating, b.rd, b.vol)


def close(x: tuple[float, float, float], y: tuple[float, float, float]) -> bool:
    return abs(x[0] - y[0]) < 1e-3 and abs(x[1] - y[1]) < 1e-3 and abs(x[2] - y[2]) < 1e-5


def test_glickmans_example_and_the_packages_numbers() -> None:
    # Glickman, "Example of the Glicko-2 system" (2012): 1464.06, 151.52, 0.05999 (rounded intermediates)
    r, rd, vol = glicko2_update(1500, 200, 0.06, [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)])
    assert abs(r - 1464.06) < 0.02 and round(rd, 2) == 151.52 and abs(vol - 0.05999) < 1e-5
    for results, (pa, pb) in PACKAGE.items():
        a, b = by_hand(results)
        assert close(a, pa) and close(b, pb), results
    a, b = StoredRating("a", "casual", *START), StoredRating("b", "casual", *START)
    for s in (1.0, 0.0, 0.5, 1.0):
        a, b = rate(a, b, s)
    assert (a.wins, a.losses, a.draws) == (2, 1, 1) and (b.wins, b.losses, b.draws) == (1, 2, 1)
    assert a.rating > 1500 > b.rating
    # a period without games: only the deviation grows
    assert glicko2_update(1600, 100, 0.06, []) == (1600, (1 / 173.7178 ** 2 * 100 ** 2 + 0.06 ** 2) ** 0.5 * 173.7178,
                                                   0.06)


async def concede_duel(fake: FakeDiscord, challenger: SimUser, opponent: SimUser, loser: SimUser) -> None:
    r = await challenger.slash("challenge", opponent=opponent, deck="Red Burn")
    challenge = r.message
    acc = await opponent.click(challenge, "Accept")
    await opponent.select(acc.message, "Choose your deck", ["Green Stompy"])
    await fake.wait_for(lambda: challenge.thread is not None and any(
        "Duel #" in m.text for m in opponent.visible_messages(challenge.thread)), timeout=10)
    await said(await loser.slash("concede", channel=challenge.thread))
    await fake.wait_for(lambda: any("seed was" in m.text for m in loser.visible_messages(challenge.thread)),
                        timeout=10)


async def test_ratings_after_a_few_matches_through_discord(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    bot = ManaburnBot(str(tmp_path / "r.db"), guild_id=fake.guild.id, sweep_seconds=0)
    async with fake.run_bot(bot):
        r = await alice.slash("profile")
        assert "No rated matches yet" in r.text
        await concede_duel(fake, alice, bob, bob)  # alice wins
        await concede_duel(fake, bob, alice, bob)  # alice wins again (bob challenged: bob is player 0)
        await concede_duel(fake, alice, bob, alice)  # bob wins
        # a duel against the computer is not rated
        r = await alice.slash("practice")
        await r.wait_done()
        duels = await duel_store.list_duels_for_user(bot.svc.db, str(alice.id), active_only=True)
        practice = next(d for d in duels if bot.svc.computer_id in d.player_ids)  # from storage: any worker's
        await bot.svc.concede(practice.id, str(alice.id))
        # a best-of-three match in oldschool: bob wins it 2-0 (one rating update for the match)
        r = await alice.slash("challenge", opponent=bob, deck="Zoo", format="oldschool", best_of=3)
        challenge = r.message
        acc = await bob.click(challenge, "Accept")
        await bob.select(acc.message, "Choose your deck", ["Robots"])
        await fake.wait_for(lambda: challenge.thread is not None and any(
            "Duel #" in m.text for m in bob.visible_messages(challenge.thread)), timeout=10)
        lg = League(fake, {"alice": alice, "bob": bob})
        await lg.win("bob", "alice", challenge.thread, 1)
        await fake.wait_for(lambda: any("wins match #1" in m.text for m in alice.visible_messages(challenge.thread)),
                            timeout=10)
        assert sideboard_panel_of(alice, 1) is None

        # casual: alice won, won, lost (alice's score each time): the package's numbers
        (ra, rda, _), (rb, rdb, _) = by_hand((1.0, 1.0, 0.0))
        assert close(by_hand((1.0, 1.0, 0.0))[0], PACKAGE[(1.0, 1.0, 0.0)][0])
        a = await bot.svc.ratings.current(str(alice.id), "casual")
        b = await bot.svc.ratings.current(str(bob.id), "casual")
        assert abs(a.rating - ra) < 1e-9 and abs(a.rd - rda) < 1e-9 and (a.wins, a.losses) == (2, 1)
        assert abs(b.rating - rb) < 1e-9 and abs(b.rd - rdb) < 1e-9 and (b.wins, b.losses) == (1, 2)
        # oldschool: one match, bob won
        (oa, _, _), (ob, _, _) = PACKAGE[(0.0,)]
        assert abs((await bot.svc.ratings.current(str(alice.id), "oldschool")).rating - oa) < 1e-3
        assert abs((await bot.svc.ratings.current(str(bob.id), "oldschool")).rating - ob) < 1e-3
        assert len(await bot.svc.ratings.recent(str(alice.id), 10)) == 4  # not the practice duel

        r = await alice.slash("profile")
        assert f"casual: rating {ra:.0f} (±{2 * rda:.0f}), 2 won, 1 lost, 0 drawn" in r.text
        assert f"Old School 93/94: rating {round(oa)}" in r.text and "- match #1: lost against" in r.text
        # favourite decks: the decks played most in rated matches, per format (not the practice duel's)
        lines = r.text.splitlines()
        assert lines[lines.index(next(x for x in lines if x.startswith("casual: rating"))) + 1] == \
            "  favourite decks: Red Burn (2 rated), Green Stompy (1 rated)"
        assert "  favourite decks: Zoo (1 rated)" in lines
        r = await alice.slash("profile", player=bob)
        assert f"casual: rating {rb:.0f}" in r.text
        assert "  favourite decks: Green Stompy (2 rated), Red Burn (1 rated)" in r.text.splitlines()
        assert "  favourite decks: Robots (1 rated)" in r.text.splitlines()
        r = await bob.slash("ladder", format="casual")
        assert rb > ra  # the last result weighs most while the deviations are high: bob's win lifts him
        assert r.text.splitlines()[1:3] == [f"1. <@{bob.id}> {rb:.0f} (±{2 * rdb:.0f}), 1-2-0",
                                            f"2. <@{alice.id}> {ra:.0f} (±{2 * rda:.0f}), 2-1-0"]
        r = await bob.slash("ladder", format="4ED")
        assert "No rated matches in Fourth Edition here yet." in r.text
