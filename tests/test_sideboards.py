"""Sideboards: read from text decklists (a ``Sideboard`` section, ``SB:`` lines) and
``.cod`` files, checked by the formats together with the deck, stored with saved
decks, edited with ``/deck sideboard``; the preconstructed decks carry their own."""
from __future__ import annotations

from pathlib import Path

import pytest

from bot.app import ManaburnBot
from bot.decklists import DecklistError, parse_deck, parse_decklist
from engine import formats
from engine.decks import PRECONS, SIDEBOARDS, decklist, format_of, sideboard
from fakediscord import FakeDiscord
from storage.db import Database
from storage.decks import get_deck, save_deck

pytest_plugins = ["fakediscord.pytest_plugin"]

OLD = formats.get("oldschool")


def test_a_sideboard_section_and_sb_lines_are_read() -> None:
    d = parse_deck("4 Lightning Bolt\nSB: 2 Shatter\n20 Mountain\n\nSideboard\n3x Fireball\nSB: 1 Tranquility")
    assert d.main == ["Lightning Bolt"] * 4 + ["Mountain"] * 20
    assert d.sideboard == ["Shatter"] * 2 + ["Fireball"] * 3 + ["Tranquility"]
    # the old reader stopped at "Sideboard" and skipped SB: lines: the main deck is the same
    assert parse_decklist("1 Forest\nSideboard:\n1 Shatter") == ["Forest"]
    assert parse_deck("1 Forest\nside\n1 Shatter").sideboard == ["Shatter"]
    with pytest.raises(DecklistError, match="no main deck"):
        parse_deck("Sideboard\n2 Shatter")


def test_the_side_zone_of_a_cod_file_is_the_sideboard() -> None:
    cod = ('<?xml version="1.0"?><cockatrice_deck version="1"><zone name="main">'
           '<card number="2" name="Shatter"/></zone><zone name="side"><card number="3" name="Twiddle"/></zone>'
           '<zone name="tokens"><card number="1" name="Goblin"/></zone></cockatrice_deck>')
    d = parse_deck(cod)
    assert d.main == ["Shatter"] * 2 and d.sideboard == ["Twiddle"] * 3


def test_old_school_counts_deck_and_sideboard_together() -> None:
    zoo = decklist("Zoo")
    assert OLD.problems(zoo, ["Shatter"] * 4 + ["Tranquility"] * 4 + ["Disenchant"] * 2) == []
    # a 16th sideboard card
    assert OLD.problems(zoo, ["Shatter"] * 4 + ["Tranquility"] * 4 + ["Disenchant"] * 2 + ["Control Magic"] * 4
                        + ["Mountain"] * 2) == ["the sideboard has 16 cards; at most 15"]
    # Zoo holds four Lightning Bolt and one Black Lotus: a fifth and a second, in the sideboard
    assert OLD.problems(zoo, ["Lightning Bolt", "Black Lotus"]) == [
        "Black Lotus is restricted: one copy across deck and sideboard, not 2",
        "5 copies of Lightning Bolt across deck and sideboard; at most 4"]
    # banned and out of the pool in the sideboard too
    assert OLD.problems(zoo, ["Tempest Efreet", "General Jarkeld"]) == [
        "General Jarkeld is not in the card pool", "Tempest Efreet is banned"]
    assert formats.get("casual").problems(zoo, ["Mountain"] * 30) == []


@pytest.mark.parametrize("name", sorted(PRECONS))
def test_each_precon_has_a_legal_sideboard_of_fifteen(name: str) -> None:
    assert name in SIDEBOARDS and len(sideboard(name)) == 15
    fmt = formats.get(format_of(name))
    assert fmt.problems(decklist(name), sideboard(name)) == []


async def test_a_saved_deck_keeps_its_sideboard(tmp_path: Path) -> None:
    db = await Database.open(str(tmp_path / "s.db"))
    try:
        await save_deck(db, 1, "Burn", ["Mountain"] * 40, sideboard=["Shatter"] * 2)
        assert (await get_deck(db, 1, "burn")).sideboard == ("Shatter", "Shatter")
        # saved again without a sideboard (/deck add): the sideboard stays
        await save_deck(db, 1, "Burn", ["Mountain"] * 41, overwrite=True)
        d = await get_deck(db, 1, "Burn")
        assert len(d.cards) == 41 and d.sideboard == ("Shatter", "Shatter")
        await save_deck(db, 1, "Burn", ["Mountain"] * 41, overwrite=True, sideboard=[])
        assert (await get_deck(db, 1, "Burn")).sideboard == ()
    finally:
        await db.close()


async def _said(r) -> str:  # type: ignore[no-untyped-def]
    await r.wait_done()
    return " ".join([r.text] + [f.text for f in r.followups])


async def test_deck_import_show_and_sideboard_through_discord(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    bot = ManaburnBot(str(tmp_path / "m.db"), guild_id=fake.guild.id, sweep_seconds=0)
    zoo = "\\n".join(f"{n} {c}" for c, n in PRECONS["Zoo"].items())
    async with fake.run_bot(bot):
        said = await _said(await alice.slash("deck import", name="Zoo SB",
                                             decklist=zoo + "\\nSideboard\\n3 Shatter\\nSB: 2 Tranquility"))
        assert "Saved deck 'Zoo SB' (60 cards and a sideboard of 5)" in said
        assert "Old School 93/94: legal" in said
        r = await alice.slash("deck show", name="Zoo SB")
        assert "Sideboard (5):\n3 Shatter\n2 Tranquility" in r.text
        # a second Black Lotus in the sideboard: the deck is not legal in Old School, and says why
        r = await alice.slash("deck sideboard", name="Zoo SB", add="Black Lotus, 2 Lightning Bolt", remove="Shatter")
        assert "sideboard of 7" in r.text
        assert "Black Lotus is restricted: one copy across deck and sideboard, not 2" in r.text
        assert "6 copies of Lightning Bolt across deck and sideboard; at most 4" in r.text
        r = await alice.slash("deck sideboard", name="Zoo SB", remove="Black Lotus, 2 Lightning Bolt")
        assert "sideboard of 4" in r.text and "Old School 93/94: legal" in r.text
        # bad input: a card the sideboard lacks, an unknown card, another's deck: nothing changes
        r = await alice.slash("deck sideboard", name="Zoo SB", remove="4 Shatter")
        assert r.ephemeral and "holds 2 Shatter, not 4; nothing was changed" in r.text
        r = await alice.slash("deck sideboard", name="Zoo SB", add="Shaterr")
        assert r.ephemeral and "Shaterr" in r.text
        r = await bob.slash("deck sideboard", name="Zoo SB", add="Shatter")
        assert r.ephemeral and "no saved deck called 'Zoo SB'" in r.text
        r = await alice.slash("deck sideboard", name="Zoo SB")
        assert "sideboard of 4:\n2 Shatter\n2 Tranquility" in r.text
        # a preconstructed deck's sideboard is shown, not changed
        r = await alice.slash("deck show", name="Zoo")
        assert "Sideboard (15):" in r.text
        # a challenge in Old School with an illegal sideboard is refused, with the reason
        await alice.slash("deck sideboard", name="Zoo SB", add="10 Disenchant")
        r = await alice.slash("challenge", opponent=bob, deck="Zoo SB", format="oldschool")
        assert r.ephemeral and "cannot be used in Old School 93/94" in r.text
        assert "12 copies of Disenchant across deck and sideboard; at most 4" in r.text
