"""Duels for ante through the fake Discord: owned decks, locks, a full duel whose winner owns
both ante copies (and the ledger says so), the same with the bot crashing at the end, a draw,
the server option that keeps basic lands out of the ante, /ante log and /history."""
from __future__ import annotations

import asyncio
import functools
import random
import re
from pathlib import Path
from typing import Any

import pytest

import bot.service
from bot.app import ManaburnBot
from engine import DuelOptions
from engine.decks import decklist
from fakediscord import FakeDiscord, SimUser
from storage import ante as ante_store
from storage import collections as coll
from storage import ledger
from tests.test_bot_e2e import duel_in, storage
from tests.two_workers import workers

pytest_plugins = ["fakediscord.pytest_plugin"]


# ------------------------------------------------------------------ helpers
# the user's current control panel: the newest DM with controls, or None
panel = SimUser.last_dm_with_controls


def choices(msg: Any) -> dict[str, tuple[str, str, list[str] | None]]:
    """label -> how to choose it (a button click or a select option)."""
    out: dict[str, tuple[str, str, list[str] | None]] = {}
    for b in msg.buttons:
        if b.get("custom_id", "").startswith("mb:c:"):
            out[b["label"]] = ("click", b["custom_id"], None)
    for s in msg.selects:
        for o in s.get("options", []):
            out.setdefault(o["label"], ("select", s["custom_id"], [o["value"]]))
    return out


def random_policy(rng: random.Random) -> Any:
    """Legal and not suicidal enough: pay, keep hands, otherwise mostly do something."""
    def choose(labels: list[str], _: dict[str, Any]) -> str:
        for pref in ("auto", "pay", "choose no", "choose play"):
            if pref in labels:
                return pref
        useful = [c for c in labels if not c.startswith("tap ") and c not in ("cancel", "pass")]
        xs = [c for c in useful if c.startswith("x=")]
        if xs:
            return xs[-1]
        if useful and (rng.random() < 0.7 or "pass" not in labels):
            return rng.choice(useful)
        return "pass" if "pass" in labels else labels[0]
    return choose


def earthquake_policy(labels: list[str], state: dict[str, Any]) -> str:
    """Play a Mountain, cast Earthquake for the largest X (never for 0)."""
    xs = [c for c in labels if c.startswith("x=")]
    if xs:
        if xs[-1] != "x=0":
            return xs[-1]
        state["cancelled"] = True
        return "cancel"
    for pref in ("auto", "pay", "choose no", "choose play", "play Mountain"):
        if pref in labels:
            return pref
    if "cast Earthquake" in labels and not state.get("cancelled"):
        return "cast Earthquake"
    state["cancelled"] = False
    return "pass" if "pass" in labels else labels[0]


def ended(user: SimUser, thread: Any) -> bool:
    return any("seed was" in m.text for m in user.visible_messages(thread))


async def play(fake: FakeDiscord, users: list[SimUser], thread: Any, policy: Any, *,
               max_clicks: int = 3000, stop: Any = None) -> int:
    """Answer panels with *policy* until the duel ends (or *stop()*); the number of clicks."""
    state: dict[str, Any] = {}
    for clicks in range(max_clicks):
        if ended(users[0], thread) or (stop is not None and stop()):
            return clicks
        await fake.wait_for(lambda: any(panel(u) for u in users) or ended(users[0], thread)
                            or (stop is not None and stop()), timeout=10)
        if stop is not None and stop():
            return clicks
        for u in users:
            msg = panel(u)
            if msg is None:
                continue
            opts = choices(msg)
            kind, target, values = opts[policy(list(opts), state)]
            before = msg.control_ids
            if kind == "click":
                await u.click(msg, target)
            else:
                await u.select(msg, target, values or [])
            await fake.wait_for(lambda: msg.control_ids != before or (stop is not None and stop()),
                                timeout=10)
            break
    raise AssertionError("the duel did not finish")


async def text_of(r: Any) -> str:
    """The answer to a slash command, deferred or not."""
    if r.message is not None and r.message.loading:
        await r.wait_done()
    return r.followups[0].text if r.followups else r.text


async def grant(admin: SimUser, user: SimUser, cards: str) -> str:
    return await text_of(await admin.slash("admin grant", player=user, cards=cards))


async def challenge_for_ante(fake: FakeDiscord, alice: SimUser, bob: SimUser, deck_a: str, deck_b: str,
                             **extra: Any) -> Any:
    r = await alice.slash("challenge", opponent=bob, deck=deck_a, ante=True, **extra)
    assert "for ante" in r.text, r.text
    acc = await bob.click(r.message, "Accept")
    await bob.select(acc.message, "Choose your deck", [deck_b])
    # the thread with its board (sent once its picture is drawn, after the opening line)
    await fake.wait_for(lambda: r.message.thread is not None and any(
        m.text.startswith("**Duel #") for m in bob.visible_messages(r.message.thread)), timeout=10)
    return r.message.thread


def ante_lines(user: SimUser, thread: Any) -> list[str]:
    return [m.text for m in user.visible_messages(thread) if m.text.startswith("Ante of duel")]


async def setup_players(fake: FakeDiscord) -> tuple[SimUser, SimUser, SimUser]:
    fake.human_delay = 0
    return fake.create_user("admin", admin=True), fake.create_user("alice"), fake.create_user("bob")


# -------------------------------------------------------------------- tests
async def test_for_keeps_needs_owned_decks_and_locks_them(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    admin, alice, bob = await setup_players(fake)
    b = ManaburnBot(str(tmp_path / "m.db"), guild_id=fake.guild.id, sweep_seconds=0)
    async with fake.run_bot(b):
        # nothing owned: the challenge says what is missing, nothing is created
        r = await alice.slash("challenge", opponent=bob, deck="Red Burn", ante=True)
        assert r.ephemeral and "Missing" in r.text and "Lightning Bolt" in r.text
        # non-admins do not even see /admin; a forged call is refused by the bot
        with pytest.raises(AssertionError):
            await alice.slash("admin grant", player=alice, cards="40 Mountain")
        cmd = next(c for c in fake.commands[fake.guild.id].values() if c["name"] == "admin")
        data = {"id": cmd["id"], "name": "admin", "type": 1, "guild_id": str(fake.guild.id),
                "options": [{"type": 1, "name": "grant", "options": [
                    {"type": 6, "name": "player", "value": str(alice.id)},
                    {"type": 3, "name": "cards", "value": "40 Mountain"}]}],
                "resolved": {"users": {str(alice.id): alice.payload()}}}
        forged = await alice._interact(2, fake.channel, data, command_name="admin")
        assert forged.ephemeral and "Manage Server" in forged.text
        assert await coll.list_copies(b.svc.db, str(alice.id)) == []
        # granted the cards of Red Burn, the challenge is possible; bob has not got his deck
        assert "Granted 60 cards" in await grant(admin, alice, "\n".join(f"1 {c}" for c in decklist("Red Burn")))
        r = await alice.slash("challenge", opponent=bob, deck="Red Burn", ante=True)
        acc = await bob.click(r.message, "Accept")
        res = await bob.select(acc.message, "Choose your deck", ["Green Stompy"])
        await fake.wait_for(lambda: any("Missing" in f.text for f in res.followups), timeout=5)
        assert r.message.thread is None
        # bob builds a deck from what he owns; the duel starts and both decks are locked
        await grant(admin, bob, "20 Forest, 20 Grizzly Bears")
        built = await bob.slash("deck build", name="Bears", cards="20 Forest, 20 Grizzly Bears")
        assert "all from your collection" in built.text
        refused = await bob.slash("deck build", name="Greedy", cards="20 Forest, 21 Grizzly Bears")
        assert refused.ephemeral and "do not own" in refused.text and "1 Grizzly Bears" in refused.text
        acc = await bob.click(r.message, "Accept")
        await bob.select(acc.message, "Choose your deck", ["Bears"])
        await fake.wait_for(lambda: r.message.thread is not None, timeout=5)
        locked = await coll.locked_copies(b.svc.db, str(bob.id))
        assert len(locked) == 40 and len(await coll.locked_copies(b.svc.db, str(alice.id))) == 60
        # a second duel for ante cannot use the locked copies
        r2 = await bob.slash("challenge", opponent=alice, deck="Bears", ante=True)
        assert r2.ephemeral and "Missing: 20 Forest, 20 Grizzly Bears" in r2.text
        # /collection shows the locks, /deck import says what is owned
        col = await text_of(await bob.slash("collection", type="creature"))
        assert "`20` Grizzly Bears" in col and "🔒" in col and "Forest" not in col
        imp = await text_of(await bob.slash("deck import", name="Burn", decklist="4 Lightning Bolt\\n36 Mountain"))
        assert "Not in your collection: 4 Lightning Bolt, 36 Mountain" in imp
        imp = await text_of(await bob.slash("deck import", name="Bears2", decklist="20 Forest\\n20 Grizzly Bears"))
        assert "Every card is in your collection" in imp


async def test_a_full_duel_for_ante(fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = fake_discord
    admin, alice, bob = await setup_players(fake)
    b = ManaburnBot(str(tmp_path / "m.db"), guild_id=fake.guild.id, sweep_seconds=0)
    async with fake.run_bot(b):
        monkeypatch.setattr(bot.service, "fresh_seed", lambda: 11)  # a known deal (for every worker): a winner
        await grant(admin, alice, "\n".join(f"1 {c}" for c in decklist("Red Burn")))
        await grant(admin, bob, "\n".join(f"1 {c}" for c in decklist("Green Stompy")))
        before = {c.id: c.owner_id for u in (alice, bob) for c in await coll.list_copies(b.svc.db, str(u.id))}
        thread = await challenge_for_ante(fake, alice, bob, "Red Burn", "Green Stompy")
        duel_id = 1
        live = await b.svc.live(duel_id)  # from storage: any worker may have started it
        antes = {pl.idx: (c.origin, c.name) for pl in live.duel.game.players for c in pl.ante}
        bound = await ante_store.duel_copy_map(b.svc.db, duel_id)
        ante_copies = {p: bound[origin] for p, (origin, _) in antes.items()}
        # the face-up ante is in the thread's log, not only on the board
        await play(fake, [alice, bob], thread, random_policy(random.Random(7)),
                   stop=lambda: "Turn 2" in next(m.text for m in alice.visible_messages(thread)
                                                 if m.text.startswith("**Duel #")))
        logged = [m.text for m in alice.visible_messages(thread) if not m.text.startswith("**Duel #")]
        for p, (_, card) in antes.items():
            assert any(f"{('alice', 'bob')[p]} antes {card}." in t for t in logged), logged
        await play(fake, [alice, bob], thread, random_policy(random.Random(7)))
        g = (await b.svc.live(duel_id)).duel.game
        assert g.winner is not None
        winner, loser = (alice, bob) if g.winner == 0 else (bob, alice)
        # the winner owns both ante copies; nothing else moved
        for cid in ante_copies.values():
            assert (await coll.get_copy(b.svc.db, cid)).owner_id == str(winner.id)  # type: ignore[union-attr]
        after = {c.id: c.owner_id for u in (alice, bob) for c in await coll.list_copies(b.svc.db, str(u.id))}
        changed = {cid for cid in before if before[cid] != after[cid]}
        assert changed == {ante_copies[1 - g.winner]}
        # the ledger says so
        lost = ante_copies[1 - g.winner]
        hist = await ledger.copy_history(b.svc.db, lost)
        assert [(h.kind, h.from_id, h.to_id, h.duel_id) for h in hist] == [
            ("grant", None, str(loser.id), None), ("ante", str(loser.id), str(winner.id), duel_id)]
        assert await ledger.check_ledger(b.svc.db) == []
        # announced in the thread: who won which card
        lines = await fake.wait_for(lambda: ante_lines(alice, thread), timeout=5)
        name = antes[1 - g.winner][1]
        assert len(lines) == 1 and f"**{winner.username}** wins {name} (#{lost}) from {loser.username}" in lines[0]
        # the locks are gone; the history commands tell the story
        assert await coll.locked_copies(b.svc.db, str(alice.id)) == {}
        log = await alice.slash("ante log")
        assert f"wins {name} (#{lost})" in log.text
        hist_text = (await loser.slash("history")).text
        assert f"duel #{duel_id} for ante" in hist_text and f"lost #{lost} {name}" in hist_text
        card = await winner.slash("card-history", copy=lost)
        assert f"ante, duel #{duel_id}: <@{loser.id}> → <@{winner.id}>" in card.text


async def test_killed_at_the_end_of_a_duel_for_ante(fake_discord: FakeDiscord, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Crash inside the final transaction (nothing is written), then right after it (the result
    stands, and is announced after the restart): the ante changes owner exactly once."""
    monkeypatch.setattr(bot.service, "DuelOptions", functools.partial(DuelOptions, starting_life=3))
    fake = fake_discord
    admin, alice, bob = await setup_players(fake)
    path = str(tmp_path / "m.db")
    b1 = ManaburnBot(path, guild_id=fake.guild.id, sweep_seconds=0)
    running = await fake.start_bot(b1)
    b1.svc.new_seed = lambda: 5  # a known deal: the duel has a winner
    await grant(admin, alice, "\n".join(f"1 {c}" for c in decklist("Red Burn")))
    await grant(admin, bob, "\n".join(f"1 {c}" for c in decklist("Green Stompy")))
    thread = await challenge_for_ante(fake, alice, bob, "Red Burn", "Green Stompy")
    duel_id = await duel_in(b1, thread)
    # 1. the bot dies inside the transaction of the final decision: it rolls back
    crashed: list[int] = []

    def settle_then_die(real_settle: Any) -> Any:
        async def settle(rec: Any, duel: Any) -> Any:
            assert duel.game.winner is not None, "the scripted deal should end in a win"
            await real_settle(rec, duel)  # the copies move... then the process dies before COMMIT
            crashed.append(rec.id)
            raise RuntimeError("killed inside the final transaction")
        return settle

    for w in workers(b1):  # whichever worker gets the final click
        w.svc.collections.settle = settle_then_die(w.svc.collections.settle)  # type: ignore[method-assign]
    fake.allow_error_log(r"killed inside the final transaction")
    said: list[str] = []
    policy = random_policy(random.Random(4))  # with seed 5: a win, not a draw

    def recording(labels: list[str], state: dict[str, Any]) -> str:
        said.append(policy(labels, state))
        return said[-1]

    await play(fake, [alice, bob], thread, recording, stop=lambda: crashed)
    assert await ante_store.get_ante_result(b1.svc.db, duel_id) is None
    rec = await bot.service.store.get_duel(b1.svc.db, duel_id)
    assert rec is not None and rec.status in ("mulligans", "playing")  # the final decision is not there
    assert len(await coll.locked_copies(b1.svc.db, str(alice.id))) == 60
    assert [x for x in await ledger.player_history(b1.svc.db, str(bob.id)) if x.kind == "ante"] == []
    await running.stop()
    # 2. restarted; the same click finishes the duel, and the bot dies right after the commit
    b2 = ManaburnBot(path, guild_id=fake.guild.id, sweep_seconds=0)
    running2 = await fake.start_bot(b2)
    killed: list[int] = []

    async def die(out: Any) -> None:
        killed.append(out.live.record.id)
        running2.kill()
        raise asyncio.CancelledError

    for w in workers(b2):
        w.announce_end = die  # type: ignore[method-assign]

    def same_click_again(labels: list[str], state: dict[str, Any]) -> str:
        assert said[-1] in labels, (said[-1], labels)  # the panel of the lost answer is still there
        return said[-1]

    await play(fake, [alice, bob], thread, same_click_again, stop=lambda: killed)
    async with storage(path) as db:  # b2's own connections died with it
        result = await ante_store.get_ante_result(db, duel_id)
    assert result is not None and result.announced_at is None
    assert ante_lines(alice, thread) == []
    # 3. a new bot: the result is announced once, ownership moved once
    b3 = ManaburnBot(path, guild_id=fake.guild.id, sweep_seconds=0)
    async with fake.run_bot(b3):
        lines = await fake.wait_for(lambda: ante_lines(alice, thread), timeout=5)
        assert len(lines) == 1 and " wins " in lines[0]
        # processing the end again changes nothing
        live = await b3.svc.live(duel_id)
        again = await b3.svc.collections.settle(live.record, live.duel)
        assert again is not None and not again.changed
        await b3.svc.resume_all()
        ante_moves = await b3.svc.db.fetchall("SELECT * FROM ledger WHERE kind = 'ante' AND duel_id = ?", (duel_id,))
        assert len(ante_moves) == result.moved >= 1
        winner_id = live.record.player_ids[live.duel.game.winner]
        assert all(m["to_id"] == winner_id for m in ante_moves)
        assert await ledger.check_ledger(b3.svc.db) == []
        assert await coll.locked_copies(b3.svc.db, str(alice.id)) == {}
    assert len(ante_lines(alice, thread)) == 1
    assert b2.svc.db is not None
    await b2.svc.db.close()  # a killed process's connection dies with it
    await b2.http.close()  # ... and its HTTP session (else its collection logs "Unclosed connector" later)


async def test_a_draw_returns_the_ante(fake_discord: FakeDiscord, tmp_path: Path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot.service, "DuelOptions", functools.partial(DuelOptions, starting_life=1))
    fake = fake_discord
    admin, alice, bob = await setup_players(fake)
    b = ManaburnBot(str(tmp_path / "m.db"), guild_id=fake.guild.id, sweep_seconds=0)
    async with fake.run_bot(b):
        for u in (alice, bob):
            await grant(admin, u, "20 Mountain, 20 Earthquake")
            await u.slash("deck build", name="Quake", cards="20 Mountain, 20 Earthquake")
        before = {c.id: c.owner_id for u in (alice, bob) for c in await coll.list_copies(b.svc.db, str(u.id))}
        thread = await challenge_for_ante(fake, alice, bob, "Quake", "Quake", ante_face_down=True)
        live = await b.svc.live(await duel_in(b, thread))
        assert all(c.face_down for pl in live.duel.game.players for c in pl.ante)
        await play(fake, [alice, bob], thread, earthquake_policy)
        g = (await b.svc.live(live.record.id)).duel.game
        assert g.over and g.winner is None and "both players lost" in g.end_reason
        after = {c.id: c.owner_id for u in (alice, bob) for c in await coll.list_copies(b.svc.db, str(u.id))}
        assert after == before
        result = await ante_store.get_ante_result(b.svc.db, live.record.id)
        assert result is not None and result.winner is None and result.moved == 0 and len(result.antes) == 2
        lines = await fake.wait_for(lambda: ante_lines(alice, thread), timeout=5)
        assert "draw, so the ante is returned" in lines[0]
        assert "a draw, the ante was returned" in (await alice.slash("history")).text
        assert [x for x in await ledger.player_history(b.svc.db, str(alice.id)) if x.kind == "ante"] == []


async def test_an_accept_before_the_challenge_message_is_stored_starts_the_thread_there(
        fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """/challenge stores its message's id after reading the message back from Discord; the
    Accept may come first (on two workers, handled by the other, the ante tests' thread was
    then never on the challenge message): the click stores the id, so the duel's thread is
    started from the challenge message and the message says it was accepted."""
    fake = fake_discord
    admin, alice, bob = await setup_players(fake)
    b = ManaburnBot(str(tmp_path / "m.db"), guild_id=fake.guild.id, sweep_seconds=0)
    release = asyncio.Event()
    real = bot.service.DuelService.set_challenge_message
    calls: list[int] = []

    async def late(self: Any, duel_id: int, message_id: int) -> None:
        calls.append(duel_id)
        if len(calls) == 1:  # the /challenge's own: after the duel started
            await release.wait()
        await real(self, duel_id, message_id)

    monkeypatch.setattr(bot.service.DuelService, "set_challenge_message", late)
    async with fake.run_bot(b):
        for u in (alice, bob):
            await grant(admin, u, "40 Forest")
            await u.slash("deck build", name="Forests", cards="40 Forest")
        r = await alice.slash("challenge", opponent=bob, deck="Forests", ante=True)
        await fake.wait_for(lambda: calls, timeout=5)
        acc = await bob.click(r.message, "Accept")
        await bob.select(acc.message, "Choose your deck", ["Forests"])
        await fake.wait_for(lambda: r.message.thread is not None, timeout=10)
        await fake.wait_for(lambda: "accepted" in r.message.text, timeout=5)
        release.set()


async def test_server_option_keeps_basic_lands_out_of_the_ante(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = fake_discord
    admin, alice, bob = await setup_players(fake)
    b = ManaburnBot(str(tmp_path / "m.db"), guild_id=fake.guild.id, sweep_seconds=0)
    async with fake.run_bot(b):
        shown = await admin.slash("admin settings")
        assert "Basic lands excluded from ante: no" in shown.text
        r = await admin.slash("admin settings", ante_excludes_basic=True)
        assert "Basic lands excluded from ante: yes" in r.text
        for u in (alice, bob):
            await grant(admin, u, "36 Forest, 4 Grizzly Bears")
            await u.slash("deck build", name="Bears", cards="36 Forest, 4 Grizzly Bears")
        thread = await challenge_for_ante(fake, alice, bob, "Bears", "Bears")
        live = await b.svc.live(await duel_in(b, thread))
        assert live.duel.options.ante_excludes_basic
        assert [c.name for pl in live.duel.game.players for c in pl.ante] == ["Grizzly Bears"] * 2
        # the starter mix is a server option too
        r = await admin.slash("admin settings", lands=10, commons=5, uncommons=3, rares=1)
        assert "10 lands, 5 commons, 3 uncommons, 1 rares (19 cards)" in r.text
        started = await text_of(await alice.slash("start"))
        assert "19 cards" in started
        again = await text_of(await alice.slash("start"))
        assert "already have your starter" in again
        copies = await coll.list_copies(b.svc.db, str(alice.id))
        assert sum(1 for c in copies if c.acquired_how == "starter") == 19
        assert re.search(r"`\s*\d+` ", await text_of(await alice.slash("collection", rarity="rare")))


async def test_a_concession_counts_as_a_loss(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """Conceding a duel for ante hands both ante copies to the opponent, at once."""
    fake = fake_discord
    admin, alice, bob = await setup_players(fake)
    b = ManaburnBot(str(tmp_path / "m.db"), guild_id=fake.guild.id, sweep_seconds=0)
    async with fake.run_bot(b):
        for u in (alice, bob):
            await grant(admin, u, "20 Forest, 20 Grizzly Bears")
            await u.slash("deck build", name="Bears", cards="20 Forest, 20 Grizzly Bears")
        thread = await challenge_for_ante(fake, alice, bob, "Bears", "Bears")
        duel_id = await duel_in(b, thread)
        live = await b.svc.live(duel_id)
        bound = await ante_store.duel_copy_map(b.svc.db, duel_id)
        alices_ante = bound[live.duel.game.players[0].ante[0].origin]
        bobs_ante = bound[live.duel.game.players[1].ante[0].origin]
        r = await alice.slash("concede", duel=duel_id)
        await r.wait_done()
        assert (await coll.get_copy(b.svc.db, alices_ante)).owner_id == str(bob.id)  # type: ignore[union-attr]
        assert (await coll.get_copy(b.svc.db, bobs_ante)).owner_id == str(bob.id)  # type: ignore[union-attr]
        result = await ante_store.get_ante_result(b.svc.db, duel_id)
        assert result is not None and result.winner == 1 and result.reason == "conceded" and result.moved == 1
        lines = await fake.wait_for(lambda: ante_lines(alice, thread), timeout=5)
        assert f"**bob** wins Grizzly Bears (#{alices_ante}) from alice" in lines[0] or \
            f"**bob** wins Forest (#{alices_ante}) from alice" in lines[0]
        assert await coll.locked_copies(b.svc.db, str(alice.id)) == {}
        assert await ledger.check_ledger(b.svc.db) == []
