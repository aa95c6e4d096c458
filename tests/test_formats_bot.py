"""Formats through the bot: a deck of Old School cards imported in Discord,
checked against the formats, a challenge in the ``oldschool`` format (a deck
that is not legal in it refused, with the reason), and the duel played to
its end."""
from __future__ import annotations

import random
from pathlib import Path

from bench.harness import choose_deck
from bot.app import ManaburnBot
from engine.decks import decklist
from fakediscord import FakeDiscord
from test_bot_e2e import play_until

pytest_plugins = ["fakediscord.pytest_plugin"]


def as_text(cards: list[str]) -> str:
    counts: dict[str, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    return "\\n".join(f"{n} {c}" for c, n in counts.items())


async def test_an_old_school_deck_imported_checked_and_played(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    bot = ManaburnBot(str(tmp_path / "m.db"), guild_id=fake.guild.id, sweep_seconds=0)
    async with fake.run_bot(bot):
        # a Zoo deck of Alpha and Arabian Nights cards, imported as text
        r = await alice.slash("deck import", name="My Zoo", decklist=as_text(decklist("Zoo")))
        await r.wait_done()
        said = r.followups[0].text if r.followups else r.text
        assert "Saved deck 'My Zoo' (60 cards)" in said
        assert "Old School 93/94: legal" in said and "casual: legal" in said
        assert "Fourth Edition: not legal: Ancestral Recall is not in the card pool" in said
        # four Black Lotus: the reason is given by /deck show
        four = decklist("Zoo") + ["Black Lotus"] * 3
        r = await alice.slash("deck import", name="Greedy", decklist=as_text(four[3:]))
        await r.wait_done()
        r = await alice.slash("deck show", name="Greedy")
        assert "Old School 93/94: not legal: Black Lotus is restricted: one copy, not 4" in r.text

        # a challenge in the oldschool format: a deck with a banned ante card is refused
        r = await alice.slash("challenge", opponent=bob, deck="Brimstone", format="oldschool")
        assert r.ephemeral and "cannot be used in Old School 93/94: Tempest Efreet is banned" in r.text
        r = await alice.slash("challenge", opponent=bob, deck="My Zoo", format="oldschool")
        challenge = r.message
        assert "challenges you" in challenge.text and "Old School 93/94" in challenge.text
        # bob's answer with a Fourth Edition deck holding Rebirth is refused too, and changes nothing
        acc = await bob.click(challenge, "Accept")
        res = await choose_deck(bob, acc.message, "Wild Fire")
        await res.wait_done()
        refused = " ".join([res.text] + [f.text for f in res.followups])
        assert "Rebirth is banned" in refused
        assert challenge.thread is None
        acc = await bob.click(challenge, "Accept")
        await bob.select(acc.message, "Choose your deck", ["Juzam Black"])
        await fake.wait_for(lambda: challenge.thread is not None and any(
            m.text.startswith("**Duel #") for m in bob.visible_messages(challenge.thread)), timeout=10)  # its board
        thread = challenge.thread
        await play_until(fake, [alice, bob], thread, random.Random(3), max_clicks=4000)
        assert any("seed was" in m.text for m in alice.visible_messages(thread))


async def test_old_school_95_in_deck_show_and_challenge(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """``oldschool95`` through the bot: /deck show says an Ice Age deck is legal
    in it (and not in 93/94), /challenge format:oldschool95 refuses a deck with
    a banned card and sends a legal one, which the opponent accepts."""
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    bot = ManaburnBot(str(tmp_path / "m.db"), guild_id=fake.guild.id, sweep_seconds=0)
    async with fake.run_bot(bot):
        ice = ["Snow-Covered Plains"] * 20 + ["Plains"] * 4 + ["General Jarkeld"] * 4 + decklist("Zoo")[:32]
        r = await alice.slash("deck import", name="Snowy", decklist=as_text(ice))
        await r.wait_done()
        r = await alice.slash("deck show", name="Snowy")
        assert "Old School 95 (Eternal Central): legal" in r.text
        assert "Old School 93/94 (Eternal Central, with Fallen Empires): not legal: General Jarkeld is not in the card pool" in r.text
        r = await alice.slash("challenge", opponent=bob, deck="Brimstone", format="oldschool95")
        assert r.ephemeral and "cannot be used in Old School 95 (Eternal Central): Tempest Efreet is banned" in r.text
        r = await alice.slash("challenge", opponent=bob, deck="Snowy", format="oldschool95")
        challenge = r.message
        assert "challenges you" in challenge.text and "Old School 95 (Eternal Central)" in challenge.text
        acc = await bob.click(challenge, "Accept")
        await bob.select(acc.message, "Choose your deck", ["Juzam Black"])
        await fake.wait_for(lambda: challenge.thread is not None and any(
            m.text.startswith("**Duel #") for m in bob.visible_messages(challenge.thread)), timeout=10)
