"""Trades through the fake Discord: accepted, declined, expired, withdrawn, two overlapping
trades accepted at once, a locked card offered, the select-menu route, buttons after a restart,
/collection paging, /history and /card-history."""
from __future__ import annotations

import asyncio
import re
import time
from pathlib import Path
from typing import Any

from bot.app import ManaburnBot
from fakediscord import FakeDiscord, SimUser
from storage import collections as coll
from storage import ledger
from storage import trades as tr

pytest_plugins = ["fakediscord.pytest_plugin"]


async def text_of(r: Any) -> str:
    if r.message is not None and r.message.loading:
        await r.wait_done()
    return r.followups[0].text if r.followups else r.text


async def grant(admin: SimUser, user: SimUser, cards: str) -> None:
    assert "Granted" in await text_of(await admin.slash("admin grant", player=user, cards=cards))


async def ids_of(b: ManaburnBot, user: SimUser, card: str) -> list[int]:
    return [c.id for c in await coll.list_copies(b.svc.db, str(user.id), name=card)]


async def owner(b: ManaburnBot, copy_id: int) -> str:
    c = await coll.get_copy(b.svc.db, copy_id)
    assert c is not None
    return c.owner_id


def new_bot(fake: FakeDiscord, path: Path) -> ManaburnBot:
    return ManaburnBot(str(path), guild_id=fake.guild.id, sweep_seconds=0)


async def people(fake: FakeDiscord) -> tuple[SimUser, SimUser, SimUser, SimUser]:
    fake.human_delay = 0
    return (fake.create_user("admin", admin=True), fake.create_user("alice"), fake.create_user("bob"),
            fake.create_user("carol"))


async def test_trade_accepted_declined_withdrawn(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    admin, alice, bob, carol = await people(fake)
    b = new_bot(fake, tmp_path / "m.db")
    async with fake.run_bot(b):
        await grant(admin, alice, "2 Lightning Bolt, 1 Fireball")
        await grant(admin, bob, "Serra Angel, 3 Island")
        bolts, angel = await ids_of(b, alice, "Lightning Bolt"), (await ids_of(b, bob, "Serra Angel"))[0]
        # proposed by name and by copy number: a public message with buttons
        r = await alice.slash("trade", player=bob, give="2 Lightning Bolt", want=f"#{angel}")
        msg = r.message
        assert not r.ephemeral and "offers" in msg.text and f"#{bolts[0]} Lightning Bolt" in msg.text
        assert msg.button_labels == ["Accept", "Decline", "Withdraw"]
        assert bob.can_see(msg) and carol.can_see(msg)
        # only bob may accept or decline, only alice withdraw; others are told, nothing changes
        for who, label, why in ((alice, "Accept", "Only the player this trade was offered to"),
                                (carol, "Accept", "not yours"), (bob, "Withdraw", "who proposed")):
            res = await who.click(msg, label)
            assert res.ephemeral and why in res.text
        res = await bob.click(msg, "Accept")
        await fake.wait_for(lambda: "was accepted" in msg.text)
        assert msg.buttons == [] and "cards are exchanged" in (await res.wait_followups(1))[0].text
        assert [await owner(b, i) for i in bolts] == [str(bob.id)] * 2 and await owner(b, angel) == str(alice.id)
        # declined: nothing moves
        r = await alice.slash("trade", player=bob, give="Fireball", want="Island")
        await bob.click(r.message, "Decline")
        await fake.wait_for(lambda: "was declined" in r.message.text)
        assert await ids_of(b, alice, "Fireball") and len(await ids_of(b, bob, "Island")) == 3
        # withdrawn: nothing moves
        r = await alice.slash("trade", player=bob, give="Fireball")
        assert "Trade #" in (await alice.slash("trades")).text
        await alice.click(r.message, "Withdraw")
        await fake.wait_for(lambda: "was withdrawn" in r.message.text)
        assert "no open trades" in (await alice.slash("trades")).text
        # bad requests are answered privately
        for kwargs, why in (({"give": "Black Lotus"}, "own no Black Lotus"), ({"give": "#99999"}, "not a copy you own"),
                            ({"want": "5 Island"}, "They do not have 5 Island free to trade")):
            bad = await alice.slash("trade", player=bob, **kwargs)
            assert bad.ephemeral and why in bad.text
        # the history
        h = (await alice.slash("history")).text
        assert "got #" in h and f"gave #{bolts[0]} Lightning Bolt" in h and "granted by" in h
        card = (await bob.slash("card-history", copy=bolts[0])).text
        assert "granted by" in card and f"trade #1: <@{alice.id}> → <@{bob.id}>" in card
        assert (await bob.slash("card-history", copy=99999)).ephemeral
        assert await ledger.check_ledger(b.svc.db) == []


async def test_trade_expires_after_a_day(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    admin, alice, bob, _ = await people(fake)
    b = new_bot(fake, tmp_path / "m.db")
    async with fake.run_bot(b):
        await grant(admin, alice, "2 Forest")
        r1 = await alice.slash("trade", player=bob, give="Forest")
        r2 = await alice.slash("trade", player=bob, give="Forest")
        later = time.time() + 24 * 3600 + 5
        b.svc.collections.now = lambda: later  # a day later
        # a click on an expired offer: it expires, nothing moves
        res = await bob.click(r1.message, "Accept")
        await fake.wait_for(lambda: "expired" in r1.message.text)
        assert "expired" in (await res.wait_followups(1))[0].text
        # the sweep closes the other one and edits its message
        await b.sweep()
        assert "expired" in r2.message.text and r2.message.buttons == []
        assert len(await ids_of(b, alice, "Forest")) == 2
        statuses = [t.status for t in await tr.list_trades(b.svc.db, str(alice.id), open_only=False)]
        assert statuses == ["expired", "expired"]


async def test_the_clock_sweep_deletes_trade_drafts_left_unproposed(fake_discord: FakeDiscord,
                                                                  tmp_path: Path) -> None:
    """A /trade draft nobody proposes is deleted by the clock sweep once expired, not only
    when someone's next /trade comes (storage.trade_drafts)."""
    from bot.collection_commands import DRAFT_SECONDS
    fake = fake_discord
    admin, alice, bob, _ = await people(fake)
    b = new_bot(fake, tmp_path / "m.db")
    async with fake.run_bot(b):
        await grant(admin, alice, "2 Forest")
        r = await alice.slash("trade", player=bob)
        await r.wait_done()
        assert "Propose" in r.message.button_labels

        async def drafts() -> int:
            return len(await b.svc.db.fetchall("SELECT draft FROM trade_drafts"))

        await b.sweep()
        assert await drafts() == 1  # not expired yet
        later = time.time() + DRAFT_SECONDS + 5
        b.svc.collections.now = lambda: later  # (on two workers, the twin reads this clock)
        await b.sweep()
        assert await drafts() == 0
        res = await alice.click(r.message, "Propose")  # what a click on it says still holds
        said = (await res.wait_followups(1, timeout=10))[-1] if not res.message else res.message
        assert "expired" in said.text


async def test_two_overlapping_trades_accepted_at_once(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    admin, alice, bob, carol = await people(fake)
    b = new_bot(fake, tmp_path / "m.db")
    async with fake.run_bot(b):
        await grant(admin, alice, "Lightning Bolt")
        await grant(admin, carol, "Fireball")
        await grant(admin, bob, "Serra Angel")
        angel = (await ids_of(b, bob, "Serra Angel"))[0]
        m1 = (await alice.slash("trade", player=bob, give="Lightning Bolt", want="Serra Angel")).message
        m2 = (await carol.slash("trade", player=bob, give="Fireball", want="Serra Angel")).message
        await asyncio.gather(bob.click(m1, "Accept"), bob.click(m2, "Accept"))
        await fake.wait_for(lambda: not m1.buttons and not m2.buttons)
        texts = [m1.text, m2.text]
        assert sum("was accepted" in t for t in texts) == 1
        failed = next(t for t in texts if "could not be completed" in t)
        assert f"#{angel} Serra Angel is no longer free to trade" in failed
        winner = alice if "was accepted" in m1.text else carol
        assert await owner(b, angel) == str(winner.id)
        loser = carol if winner is alice else alice
        assert len(await coll.list_copies(b.svc.db, str(loser.id))) == 1  # kept their card
        assert len(await coll.list_copies(b.svc.db, str(bob.id))) == 1
        assert await ledger.check_ledger(b.svc.db) == []


async def test_a_locked_card_offered_in_a_trade(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    admin, alice, bob, _ = await people(fake)
    b = new_bot(fake, tmp_path / "m.db")
    async with fake.run_bot(b):
        for u in (alice, bob):
            await grant(admin, u, "40 Forest, 1 Grizzly Bears")
            await u.slash("deck build", name="Forests", cards="40 Forest")
        forests = await ids_of(b, alice, "Forest")
        bears = (await ids_of(b, alice, "Grizzly Bears"))[0]
        early = await alice.slash("trade", player=bob, give=f"#{forests[0]}")  # before the duel
        r = await alice.slash("challenge", opponent=bob, deck="Forests", ante=True)
        acc = await bob.click(r.message, "Accept")
        await bob.select(acc.message, "Choose your deck", ["Forests"])
        await fake.wait_for(lambda: r.message.thread is not None, timeout=5)
        # offering a locked copy: refused, and said why
        res = await alice.slash("trade", player=bob, give=f"#{forests[1]}")
        assert res.ephemeral and f"#{forests[1]} Forest is locked in duel #" in res.text
        res = await alice.slash("trade", player=bob, give="Forest")
        assert res.ephemeral and "only 0 Forest free to trade" in res.text
        # accepting an offer made before the copy was locked: nothing moves, both see that a
        # copy is no longer free (the public message does not say it is in an ante deck)
        click = await bob.click(early.message, "Accept")
        await fake.wait_for(lambda: "could not be completed" in early.message.text)
        assert "no longer free to trade" in early.message.text and "duel" not in early.message.text
        assert "nothing was exchanged" in (await click.wait_followups(1))[0].text
        assert await owner(b, forests[0]) == str(alice.id)
        # the free card can still be traded
        ok = await alice.slash("trade", player=bob, give="Grizzly Bears")
        await bob.click(ok.message, "Accept")
        await fake.wait_for(lambda: "was accepted" in ok.message.text)
        assert await owner(b, bears) == str(bob.id)


async def test_menus_restart_and_collection_pages(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    admin, alice, bob, _ = await people(fake)
    path = tmp_path / "m.db"
    b = new_bot(fake, path)
    running = await fake.start_bot(b)
    assert "starter collection: 60 cards" in await text_of(await alice.slash("start"))
    await grant(admin, bob, "Serra Angel, Island")
    # /collection pages through the cards, with counts; another player's too
    col = await alice.slash("collection")
    await col.wait_done()  # deferred: paged by the database
    assert "60 copies of" in col.text and "page 1 of" in col.text
    nxt = await alice.click(col.message, "Next ▶")
    assert "page 2 of" in nxt.message.text and "◀ Previous" in nxt.message.button_labels
    mine = re.findall(r"#(\d+)", col.text)
    theirs = await alice.slash("collection", player=bob)
    await theirs.wait_done()
    assert "Serra Angel" in theirs.text
    # the menus: choose one of mine and one of bob's, then propose
    r = await alice.slash("trade", player=bob)
    await r.wait_done()
    assert r.ephemeral and "Propose" in r.message.button_labels
    give = next(o for s in r.message.selects if s["placeholder"] == "You give…" for o in s["options"]
                if o["value"] == mine[0])
    angel = (await ids_of(b, bob, "Serra Angel"))[0]
    await alice.select(r.message, "You give…", [give["value"]])
    # (bob's options are card names: which of his copies is the lowest free one is his to know)
    await alice.select(r.message, "You want…", ["Serra Angel"])
    await alice.click(r.message, "Propose")
    offer = await alice.wait_for_message(fake.channel, lambda m: "offers" in m.text, include_existing=True)
    assert f"#{mine[0]}" in offer.text and f"#{angel} Serra Angel" in offer.text
    # a second draft left open over the restart
    stale = await alice.slash("trade", player=bob)
    await stale.wait_done()  # deferred: its menus are sent before the restart
    # a restart: the trade's buttons and the page buttons still work
    await running.stop()
    b2 = new_bot(fake, path)
    async with fake.run_bot(b2):
        # the draft is stored (storage.trade_drafts), so it survives the restart, as a user
        # expects of menus they were shown: proposing it with nothing chosen says what is
        # missing; a choice made after the restart is proposed (on two workers, each click may
        # reach either worker)
        late = await alice.click(stale.message, "Propose")
        said = (await late.wait_followups(1, timeout=10))[-1] if not late.message else late.message
        assert "at least one card" in said.text and "expired" not in said.text
        other = next(o for s in stale.message.selects if s["placeholder"] == "You give…" for o in s["options"]
                     if o["value"] != give["value"])
        await alice.select(stale.message, "You give…", [other["value"]])
        done = await alice.click(stale.message, "Propose")
        await fake.wait_for(lambda: "proposed" in done.message.text, timeout=10)
        # the trade's post (not the draft's "Trade #N proposed.", whose number may equal the copy's)
        second = await alice.wait_for_message(fake.channel, lambda m: "offers" in m.text
                                              and f"#{other['value']}" in m.text, include_existing=True)
        assert "offers" in second.text and not done.message.components  # the menus are gone
        await bob.click(offer, "Accept")
        await fake.wait_for(lambda: "was accepted" in offer.text)
        assert await owner(b2, angel) == str(alice.id) and await owner(b2, int(mine[0])) == str(bob.id)
        back = await alice.click(nxt.message, "◀ Previous")
        assert "page 1 of" in back.message.text
