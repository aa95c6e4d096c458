"""End-to-end (fake Discord): the deck menu of a challenge holds any number of
decks (bot.panels.deck_view: pages of 25, **More decks ▶** / **◀ Previous
decks**), and the Old School 95 formats and decks played through the bot
(issue 29): a challenge in ``oldschool95`` between two of its preconstructed
decks and one in ``oldschool-ec`` with a Fallen Empires deck, each played for
several real turns."""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from bench.harness import choose_deck
from bot.app import ManaburnBot
from engine import formats
from engine.decks import PRECONS, decklist, format_of
from fakediscord import FakeDiscord, SimUser
from storage import decks as deck_store
from test_bot_e2e import play_until
from test_formats_bot import as_text

pytest_plugins = ["fakediscord.pytest_plugin"]

MORE, BACK, MENU = "More decks ▶", "◀ Previous decks", "Choose your deck"


def menu_page(fake: FakeDiscord, msg: Any) -> list[str]:
    """The deck names (option values) on the deck menu as it is now."""
    current = fake.messages[msg.id]
    return [o["value"] for o in next(s for s in current.selects if s.get("placeholder") == MENU)["options"]]


async def challenge_menu(fake: FakeDiscord, alice: SimUser, bob: SimUser, **options: Any) -> tuple[Any, Any]:
    """alice challenges bob; bob presses Accept: (the challenge, bob's deck menu message)."""
    r = await alice.slash("challenge", opponent=bob, **options)
    assert r.message is not None and "challenges you" in r.message.text, r.text
    acc = await bob.click(r.message, "Accept")
    assert acc.ephemeral and acc.message is not None
    return r.message, acc.message


async def duel_started(fake: FakeDiscord, bob: SimUser, challenge: Any) -> Any:
    await fake.wait_for(lambda: challenge.thread is not None and any(
        m.text.startswith("**Duel #") for m in bob.visible_messages(challenge.thread)), timeout=10)
    return challenge.thread


async def test_a_deck_menu_of_more_than_25_decks_reaches_every_deck_page_by_page(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """28 preconstructed decks and bob's 3 saved ones: 31 options on two pages;
    every deck appears exactly once, paging goes forward and back, and a deck of
    the last page (Zoo) is played."""
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    bot = ManaburnBot(str(tmp_path / "m.db"), guild_id=fake.guild.id, sweep_seconds=0)
    async with fake.run_bot(bot):
        saved = ["Bob A", "Bob B", "Bob C"]
        for name in saved:
            r = await bob.slash("deck import", name=name, decklist=as_text(decklist("Green Stompy")))
            await r.wait_done()
        challenge, menu = await challenge_menu(fake, alice, bob, deck="Red Burn")
        first = menu_page(fake, menu)
        assert len(first) == 25 and first[:3] == saved  # the player's own decks first, then the precons
        assert "Decks 1–25 of 31 (page 1 of 2)" in fake.messages[menu.id].text
        assert BACK not in fake.messages[menu.id].button_labels
        await bob.click(menu, MORE)
        second = menu_page(fake, menu)
        assert "Decks 26–31 of 31 (page 2 of 2)" in fake.messages[menu.id].text
        assert MORE not in fake.messages[menu.id].button_labels
        assert sorted(first + second) == sorted(saved + list(PRECONS)) and len(set(first + second)) == 31
        await bob.click(menu, BACK)
        assert menu_page(fake, menu) == first
        res = await choose_deck(bob, menu, "Zoo")  # on page 2: More decks ▶, then the menu
        await res.wait_done()
        await duel_started(fake, bob, challenge)
        rec = await bot.svc.record(1)
        assert rec.status in ("mulligans", "playing")
        live = await bot.svc.live(1)
        assert sorted(live.duel.decks[1]) == sorted(decklist("Zoo"))


async def test_a_format_s_menu_puts_its_decks_first(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """In oldschool95 the 25 legal decks fill the first page (Necro among them),
    the 3 Fourth Edition-only ones are on the second, marked; in Fourth Edition
    the 13 4ED decks come first and one of them is played."""
    fake = fake_discord
    alice, bob, carol = fake.create_user("alice"), fake.create_user("bob"), fake.create_user("carol")
    bot = ManaburnBot(str(tmp_path / "m.db"), guild_id=fake.guild.id, sweep_seconds=0)
    async with fake.run_bot(bot):
        challenge, menu = await challenge_menu(fake, alice, bob, deck="Hymn and Rack", format="oldschool95")
        assert "decks legal in Old School 95 (Eternal Central) first" in fake.messages[menu.id].text
        first = fake.messages[menu.id].selects[0]["options"]
        assert "Necro" in [o["value"] for o in first]
        assert not any(o["label"].endswith("(not legal here)") for o in first)
        await bob.click(menu, MORE)
        rest = fake.messages[menu.id].selects[0]["options"]
        assert rest and all(o["label"].endswith("(not legal here)") for o in rest)
        res = await choose_deck(bob, menu, "Necro")
        await res.wait_done()
        await duel_started(fake, bob, challenge)

        challenge, menu = await challenge_menu(fake, alice, carol, deck="Red Burn", format="4ED")
        first = menu_page(fake, menu)
        fourth = [n for n in sorted(PRECONS) if format_of(n) == "4ED"]
        assert first[:len(fourth)] == fourth
        res = await choose_deck(carol, menu, "Wild Fire")
        await res.wait_done()
        await duel_started(fake, carol, challenge)
        live = await bot.svc.live(2)
        assert sorted(live.duel.decks[1]) == sorted(decklist("Wild Fire"))


async def test_a_stale_or_forged_page_control_is_refused_and_changes_nothing(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """bob's 23 saved decks and the 28 precons: 3 pages. He deletes decks while the
    menu is open, so its page 3 is gone: More decks ▶ to it is refused with the
    reason, the menu left as it was. A control altered by the client (a page
    number no menu had), a press by someone else, a press once the challenge is
    accepted: each refused, nothing changed."""
    fake = fake_discord
    alice, bob, carol = fake.create_user("alice"), fake.create_user("bob"), fake.create_user("carol")
    bot = ManaburnBot(str(tmp_path / "m.db"), guild_id=fake.guild.id, sweep_seconds=0)
    async with fake.run_bot(bot):
        mine = [f"Bob {i:02}" for i in range(23)]
        for name in mine:  # set up in storage (importing is tested elsewhere)
            await deck_store.save_deck(bot.svc.db, bob.id, name, decklist("Green Stompy"))
        challenge, menu = await challenge_menu(fake, alice, bob, deck="Red Burn")
        await bob.click(menu, MORE)
        assert "(page 2 of 3)" in fake.messages[menu.id].text

        def state() -> tuple[str, tuple[str, ...]]:
            return fake.messages[menu.id].text, fake.messages[menu.id].control_ids

        async def said(r: Any) -> str:
            await fake.wait_for(lambda: r.followups or r.text, timeout=5)
            return " ".join([r.text] + [f.text for f in r.followups])

        for name in mine[:5]:
            r = await bob.slash("deck delete", name=name)
            assert "Deleted" in r.text
        before = state()
        r = await bob.click(menu, MORE)  # to page 3, gone: 46 decks are 2 pages
        assert "There is no page 3 of decks: you have 46 decks, on 2 pages" in await said(r)
        assert state() == before
        # a page button altered by the client: its custom id names page 8
        more = next(b for b in fake.messages[menu.id].buttons if b.get("label") == MORE)
        more["custom_id"] = "mb:dp:1:7"
        before = state()
        r = await bob.click(menu, MORE)
        assert "There is no page 8 of decks" in await said(r)
        assert state() == before
        more["custom_id"] = "mb:dp:1:2"
        before = state()
        # someone else pressing bob's menu
        r = await carol._interact(3, menu.channel, {"custom_id": "mb:dp:1:0", "component_type": 2},
                                  message=fake.messages[menu.id], pause=False)
        assert "This challenge is not for you." in await said(r)
        assert state() == before and (await bot.svc.record(1)).status == "challenged"
        # the menu still works: back to page 1, then a deck
        await bob.click(menu, BACK)
        assert "(page 1 of 2)" in fake.messages[menu.id].text
        res = await choose_deck(bob, menu, "Green Stompy")
        await res.wait_done()
        await duel_started(fake, bob, challenge)
        # once the challenge is accepted, the old menu's page button is stale
        r = await bob.click(menu, BACK)
        assert "This challenge is no longer open." in await said(r)


async def test_deck_options_of_slash_commands_put_the_format_s_decks_first(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """/challenge deck: (autocomplete) in oldschool95: its 25 legal decks; typing
    reaches the others, marked; in casual, typing reaches a deck past the 25th."""
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    bot = ManaburnBot(str(tmp_path / "m.db"), guild_id=fake.guild.id, sweep_seconds=0)
    async with fake.run_bot(bot):
        got = await alice.autocomplete("challenge", options={"opponent": bob, "format": "oldschool95"}, deck="")
        legal95 = [n for n in sorted(PRECONS) if formats.get("oldschool95").is_legal(decklist(n))]
        assert len(legal95) == 25
        assert [c["value"] for c in got] == legal95 and [c["name"] for c in got] == legal95
        got = await alice.autocomplete("challenge", options={"opponent": bob, "format": "oldschool95"}, deck="brim")
        assert got == [{"name": "Brimstone (not legal in Old School 95 (Eternal Central))", "value": "Brimstone"}]
        got = await alice.autocomplete("challenge", options={"opponent": bob, "format": "4ED"}, deck="")
        assert [c["value"] for c in got][:13] == [n for n in sorted(PRECONS) if format_of(n) == "4ED"]
        got = await alice.autocomplete("challenge", opponent=bob, deck="")
        assert len(got) == 25 and "Zoo" not in [c["value"] for c in got]
        got = await alice.autocomplete("challenge", opponent=bob, deck="zoo")
        assert [c["value"] for c in got] == ["Incinerate Zoo", "Zoo"]
        # /league join deck: in the league's format (a Fourth Edition league)
        admin = fake.create_user("admin", admin=True)
        r = await admin.slash("league create", format="4ED", rounds=2, round_days=3, name="Fourth")
        assert "League #1" in r.text, r.text
        got = await alice.autocomplete("league join", options={"league": 1}, deck="")
        assert [c["value"] for c in got][:13] == [n for n in sorted(PRECONS) if format_of(n) == "4ED"]
        assert got[13]["name"].endswith("(not legal in Fourth Edition)")
        got = await alice.autocomplete("league join", options={"league": 99}, deck="zoo")  # no such league
        assert [c["value"] for c in got] == ["Incinerate Zoo", "Zoo"]


async def play_several_turns(fake: FakeDiscord, bot: ManaburnBot, users: list[SimUser], thread: Any,
                             duel_id: int, seed: int, turns: int = 8) -> None:
    """Both players answer at random (bench.harness.pick) until the game's turn
    ``turns`` or its end; then alice concedes if it is still on."""
    live = await bot.svc.live(duel_id)
    await play_until(fake, users, thread, random.Random(seed), max_clicks=4000,
                     stop=lambda: live.duel.game.turn >= turns)
    g = live.duel.game
    log = "\n".join(m.text for m in users[0].visible_messages(thread))
    assert " casts " in log and " plays " in log  # in the thread's log: spells cast, lands played
    assert g.turn >= 3, g.turn  # real turns were played (lands, spells, attacks), not a start and a concession
    if live.duel.pending is not None:
        r = await users[0].slash("concede", duel=duel_id)
        await r.wait_done()
    await fake.wait_for(lambda: any("seed was" in m.text for m in users[0].visible_messages(thread)), timeout=10)
    assert (await bot.svc.record(duel_id)).status == "finished"


async def test_an_old_school_95_duel_between_two_95_decks(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    bot = ManaburnBot(str(tmp_path / "m.db"), guild_id=fake.guild.id, sweep_seconds=0)
    async with fake.run_bot(bot):
        # a deck not legal in the format is refused before the challenge is sent
        r = await alice.slash("challenge", opponent=bob, deck="Brimstone", format="oldschool95")
        assert r.ephemeral and "cannot be used in Old School 95" in r.text
        challenge, menu = await challenge_menu(fake, alice, bob, deck="Necro", format="oldschool95")
        assert "Old School 95" in challenge.text
        res = await choose_deck(bob, menu, "Incinerate Zoo")
        await res.wait_done()
        thread = await duel_started(fake, bob, challenge)
        live = await bot.svc.live(1)
        assert live.record.options["format"] == "oldschool95"
        assert sorted(live.duel.decks[0]) == sorted(decklist("Necro"))
        assert sorted(live.duel.decks[1]) == sorted(decklist("Incinerate Zoo"))
        await play_several_turns(fake, bot, [alice, bob], thread, 1, seed=95)


async def test_an_eternal_central_93_94_duel_with_a_fallen_empires_deck(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """``oldschool-ec``: the 93/94 sets and Fallen Empires. bob imports a Hymn to
    Tourach deck (Fallen Empires), legal there and not in plain Old School 93/94,
    and plays it against a 93/94 precon."""
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    bot = ManaburnBot(str(tmp_path / "m.db"), guild_id=fake.guild.id, sweep_seconds=0)
    async with fake.run_bot(bot):
        hymns = [c if c != "Demonic Consultation" else "Swamp" for c in decklist("Hymn and Rack")]
        r = await bob.slash("deck import", name="Hymns", decklist=as_text(hymns))
        said = (await r.wait_done()).text if not r.followups else r.followups[0].text
        assert "Saved deck 'Hymns' (60 cards)" in said, said
        assert "Old School 93/94 (Eternal Central, with Fallen Empires): legal" in said, said
        assert "Old School 93/94: not legal: Hymn to Tourach is not in the card pool" in said, said
        challenge, menu = await challenge_menu(fake, alice, bob, deck="Juzam Black", format="oldschool-ec")
        assert menu_page(fake, menu)[0] == "Hymns"  # legal, and bob's own
        res = await choose_deck(bob, menu, "Hymns")
        await res.wait_done()
        thread = await duel_started(fake, bob, challenge)
        live = await bot.svc.live(1)
        assert live.record.options["format"] == "oldschool-ec"
        assert live.duel.decks[1].count("Hymn to Tourach") == 4
        await play_several_turns(fake, bot, [alice, bob], thread, 1, seed=93)
