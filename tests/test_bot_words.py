"""Issue 24's words in Discord, end to end against the fake Discord: one DM
as a duel starts (the panel is shown in it), the deck menu of a challenge in
a format marks the decks not legal in it, and the player whose own click ends
the duel sees who won."""
from __future__ import annotations

import random
from pathlib import Path

from bot.app import ManaburnBot
from fakediscord import FakeDiscord
from bench.harness import choose_deck
from test_bot_e2e import panel, play_until, start_duel

pytest_plugins = ["fakediscord.pytest_plugin"]


async def test_a_duel_starts_with_one_dm_per_player(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    alice, bob, carol = fake.create_user("alice"), fake.create_user("bob"), fake.create_user("carol")
    bot = ManaburnBot(str(tmp_path / "m.db"), guild_id=fake.guild.id, sweep_seconds=0)
    async with fake.run_bot(bot):
        await start_duel(fake, alice, bob)
        await fake.wait_for(lambda: (panel(alice) or panel(bob)) is not None and bot._inflight == 0, timeout=30)
        assert len(alice.dms()) == 1 and len(bob.dms()) == 1, ([m.text for m in alice.dms()],
                                                               [m.text for m in bob.dms()])
        mover = alice if panel(alice) else bob
        assert "**Duel #" in mover.dms()[0].text and mover.dms()[0].buttons
        # against the computer too
        r = await carol.slash("practice", deck="Red Burn", opponent_deck="Green Stompy")
        await fake.wait_for(lambda: r.followups, timeout=60)
        await fake.wait_for(lambda: panel(carol) is not None and bot._inflight == 0, timeout=60)
        assert len(carol.dms()) == 1, [m.text for m in carol.dms()]
        assert "**Duel #" in carol.dms()[0].text


async def test_the_deck_menu_of_an_old_school_challenge_marks_the_decks_not_legal_in_it(
        fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    bot = ManaburnBot(str(tmp_path / "m.db"), guild_id=fake.guild.id, sweep_seconds=0)
    async with fake.run_bot(bot):
        r = await alice.slash("challenge", opponent=bob, deck="Juzam Black", format="oldschool")
        acc = await bob.click(r.message, "Accept")
        assert "decks legal in Old School 93/94 first" in acc.message.text
        options = acc.message.selects[0]["options"]
        while "More decks ▶" in fake.messages[acc.message.id].button_labels:  # every page (bot.panels.deck_view)
            await bob.click(acc.message, "More decks ▶")
            options = options + fake.messages[acc.message.id].selects[0]["options"]
        marked = [o for o in options if o["label"].endswith("(not legal here)")]
        legal = [o for o in options if not o["label"].endswith("(not legal here)")]
        assert legal and marked
        assert options == legal + marked  # the legal ones first
        wild = next(o for o in marked if o["value"] == "Wild Fire")
        assert wild["label"] == "Wild Fire (not legal here)" and "Rebirth is banned" in wild["description"]
        assert any(o["label"] == "Juzam Black" for o in legal)
        # choosing a marked deck is refused with the reason, as before
        res = await choose_deck(bob, acc.message, "Wild Fire")
        await res.wait_done()
        assert "Rebirth is banned" in " ".join([res.text] + [f.text for f in res.followups])


async def test_the_player_whose_click_ends_the_duel_sees_who_won(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    bot = ManaburnBot(str(tmp_path / "m.db"), guild_id=fake.guild.id, sweep_seconds=0)
    async with fake.run_bot(bot):
        thread = await start_duel(fake, alice, bob)
        await play_until(fake, [alice, bob], thread, random.Random(5), max_clicks=4000)
        await fake.wait_for(lambda: bot._inflight == 0, timeout=30)
        ended = [m.text for u in (alice, bob) for m in u.dms() if "over" in m.text]
        assert ended
        for text in ended:
            assert "wins" in text or "draw" in text, text
