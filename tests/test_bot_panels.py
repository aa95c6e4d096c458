"""End-to-end: the players' panels against the fake Discord — one living panel per
player and duel, never stuck (closed DMs, archived threads), labels within
Discord's limits, the card text menu, private notes, and small answers."""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from bot.app import ManaburnBot
from bot.knowledge import SecretsShown, dated_secrets
from bot.panels import MAX_LABEL, choice_labels, typed_choice
from engine import Duel, DuelOptions
from engine.decisions import Decision, DecisionKind
from fakediscord import FakeDiscord, SimUser
from test_bot_e2e import do, finished, idle, panel, pick, start_duel, stored_past
from tests.two_workers import workers

pytest_plugins = ["fakediscord.pytest_plugin"]


def new_bot(fake: FakeDiscord, tmp_path: Path) -> ManaburnBot:
    return ManaburnBot(str(tmp_path / "m.db"), guild_id=fake.guild.id, sweep_seconds=0)


def panels_of(user: SimUser) -> list[Any]:
    """The user's panel messages (not the "is starting" notice, nor ephemeral answers)."""
    return [m for m in user.dms() if not m.ephemeral and "Your controls will appear here" not in m.text]


def whose(alice: SimUser, bob: SimUser) -> SimUser:
    return alice if panel(alice) else bob


CALLBACK = "POST /interactions/{interaction_id}/{token}/callback"
EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"
SEND = "POST /channels/{channel_id}/messages"
DELETE = "DELETE /channels/{channel_id}/messages/{message_id}"
LOOK_UPS = ("GET /channels/{channel_id}", "GET /users/{user_id}", "POST /users/@me/channels")


async def _play_watching_panels(fake: FakeDiscord, bot: ManaburnBot, alice: SimUser, bob: SimUser, *,
                                clicks: int, seed: int) -> tuple[list[list[str]], list[list[str]]]:
    """Play *clicks* clicks; check one panel per player and duel after each; return the
    REST calls of each click that left the move with the clicker, and of each that passed it.
    On two workers (tests/two_workers.py) the second worker looks up, once, the thread and
    the DM channels the first learnt at the start: those look-ups are counted apart."""
    rng = random.Random(seed)
    same: list[list[str]] = []
    passed: list[list[str]] = []
    once: list[str] = []
    await start_duel(fake, alice, bob)
    for _ in range(clicks):
        await fake.wait_for(lambda: panel(alice) or panel(bob))
        await fake.wait_for(lambda: idle(bot))
        u = whose(alice, bob)
        other = bob if u is alice else alice
        msg = panel(u)
        mine = panel(other)
        created = {v.username: len(v.dms()) for v in (alice, bob)}
        mark = len(fake.calls)
        r = await do(u, msg, pick(msg, rng))
        assert r.type == 7  # the click answered by the edit of its panel (no deferral)
        await fake.wait_for(lambda: idle(bot))
        await fake.wait_for(lambda: panel(alice) or panel(bob) or finished(bot, 1), timeout=10)
        if await finished(bot, 1):
            break
        calls = [f"{c.method} {c.route}" for c in fake.calls[mark:]]
        if len(workers(bot)) > 1:
            once += [c for c in calls if c in LOOK_UPS]
            calls = [c for c in calls if c not in LOOK_UPS]
        if panel(u) is msg:  # still their move: the same message, edited in place
            assert msg.buttons or msg.selects
            assert len(u.dms()) == created[u.username] and len(other.dms()) == created[other.username]
            assert msg.text.startswith("→ you chose: ")
            same.append(calls)
        else:  # the move passed
            assert panel(other) is not None and panel(other) is not msg
            assert "→ you chose: " in msg.text and "Waiting for" in msg.text and not msg.buttons
            passed.append(calls)
            assert mine is None
        # one panel per player and duel at any time
        await fake.wait_for(lambda: all(len(panels_of(v)) <= 1 for v in (alice, bob)), timeout=5)
    assert len(once) <= 5, once  # the thread, and each player's user and DM channel
    return same, passed


async def test_one_panel_edited_while_the_same_player_keeps_deciding(fake_discord: FakeDiscord,
                                                                     tmp_path: Path) -> None:
    """A player who answers and must decide again gets the same message edited with
    the next decision (no new DM, no notification); when the move passes to the other
    player, who answered in this duel a moment ago (they are at their panel), their
    waiting panel is edited into the decision: no new DM either. A click costs the
    acknowledgement that edits the panel and the board's edit; a handover, the other
    player's panel edit too (and a turn's log message when a turn ends)."""
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    bot = new_bot(fake, tmp_path)
    async with fake.run_bot(bot):
        same, passed = await _play_watching_panels(fake, bot, alice, bob, clicks=60, seed=5)
        dms = {v.username: len(panels_of(v)) for v in (alice, bob)}
    assert len(same) >= 10 and len(passed) >= 5, (len(same), len(passed))
    for calls in same:
        assert sorted(c for c in calls if c != SEND) == sorted([CALLBACK, EDIT]), calls
        assert len(calls) <= 3, calls
    in_place = [calls for calls in passed if SEND not in calls or calls.count(EDIT) == 2]
    assert len(in_place) >= len(passed) - 2  # the first handovers: the other player had not answered yet
    for calls in in_place:
        assert DELETE not in calls
        assert sorted(c for c in calls if c != SEND) == sorted([CALLBACK, EDIT, EDIT]), calls
    assert dms == {"alice": 1, "bob": 1}


async def test_a_player_away_from_the_duel_is_notified_by_a_new_panel(fake_discord: FakeDiscord,
                                                                      tmp_path: Path) -> None:
    """When the move passes to a player who has not answered in the duel for a while
    (``notify_after``), a new panel message notifies them, once per decision, and
    the waiting panel it replaces is deleted."""
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    bot = new_bot(fake, tmp_path)
    bot.notify_after = 0.0  # every handover finds the other player away
    async with fake.run_bot(bot):
        same, passed = await _play_watching_panels(fake, bot, alice, bob, clicks=40, seed=5)
    assert len(same) >= 5 and len(passed) >= 5, (len(same), len(passed))
    for calls in passed:
        assert calls.count(SEND) >= 1 and CALLBACK in calls, calls
    assert sum(DELETE in calls for calls in passed) >= len(passed) - 2


async def test_closed_dms_mid_duel_then_show_my_controls(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """A player who closed their DMs after the duel began is told so in the thread
    (once, and without "accept again"); once they open them, "Show my controls"
    under the board (or /duels) sends their panel again, and the duel goes on."""
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    fake.allow_error_log(r"50007")
    bot = new_bot(fake, tmp_path)
    rng = random.Random(7)
    async with fake.run_bot(bot):
        thread = await start_duel(fake, alice, bob)
        await fake.wait_for(lambda: panel(alice) or panel(bob))
        u = whose(alice, bob)
        other = bob if u is alice else alice
        other.dms_closed = True
        # play until the move passes to the player with closed DMs
        for _ in range(200):
            msg = panel(u)
            await do(u, msg, pick(msg, rng))
            live = await bot.svc.live(1)  # from storage: either worker may have answered
            await fake.wait_for(lambda: panel(u) is not None or any(
                "cannot send you direct messages" in m.text for m in alice.visible_messages(thread)), timeout=10)
            if live.duel.pending is not None and live.record.player_ids[live.duel.pending.player] == str(other.id):
                break
        notes = [m for m in alice.visible_messages(thread) if "cannot send you direct messages" in m.text
                 and not m.ephemeral]
        assert len(notes) == 1 and f"<@{other.id}>" in notes[0].text
        assert "accept again" not in notes[0].text and "Show my controls" in notes[0].text
        assert panel(other) is None
        board = next(m for m in alice.visible_messages(thread) if m.text.startswith("**Duel #1"))
        # still closed: the button says so, privately
        r = await other.click(board, "Show my controls")
        said = (await r.wait_followups(1, timeout=10))[-1].text
        assert "still cannot send you direct messages" in said
        # a spectator is not a player
        carol = fake.create_user("carol")
        r = await carol.click(board, "Show my controls")
        assert "not playing in this duel" in (await r.wait_followups(1, timeout=10))[-1].text
        # opened: the panel comes
        other.dms_closed = False
        r = await other.click(board, "Show my controls")
        said = (await r.wait_followups(1, timeout=10))[-1].text
        assert "in your direct messages" in said and "your move" in said
        msg = await fake.wait_for(lambda: panel(other), timeout=10)
        assert len(panels_of(other)) == 1
        # /duels offers it too; pressing it again replaces the panel (still one)
        r = await other.slash("duels")
        listing = (await r.wait_followups(1, timeout=10))[-1]
        assert "My controls for #1" in listing.button_labels
        r = await other.click(listing, "My controls for #1")
        await r.wait_followups(1, timeout=10)
        await fake.wait_for(lambda: panel(other) is not msg and panel(other) is not None, timeout=10)
        assert len(panels_of(other)) == 1
        # and the duel goes on from it
        seq = (await bot.svc.live(1)).seq
        await do(other, panel(other), pick(panel(other), rng))
        await fake.wait_for(lambda: stored_past(bot, 1, seq))
        notes = [m for m in alice.visible_messages(thread) if "cannot send you direct messages" in m.text
                 and not m.ephemeral]
        assert len(notes) == 1  # nothing more said in the thread


async def test_a_thread_archived_mid_duel(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """Threads archive after their inactivity time while a decision may wait a week:
    the thread is made with the longest (a week), and one archived anyway is
    unarchived before the board is edited — never a second board."""
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    bot = new_bot(fake, tmp_path)
    rng = random.Random(9)
    async with fake.run_bot(bot):
        thread = await start_duel(fake, alice, bob)
        assert thread.auto_archive_duration == 10080
        for _ in range(3):
            await fake.wait_for(lambda: (panel(alice) or panel(bob)) and bot._inflight == 0)
            fake.archive_thread(thread)
            await fake.wait_for(lambda: bot.get_channel(thread.id) is None)  # the bot saw it archived
            u = whose(alice, bob)
            board = next(m for m in alice.visible_messages(thread) if m.text.startswith("**Duel #1"))
            n = len(board.history)
            await do(u, panel(u), pick(panel(u), rng))
            await fake.wait_for(lambda: len(board.history) > n, timeout=10)
            assert not thread.archived
            boards = [m for m in alice.visible_messages(thread) if m.text.startswith("**Duel #1")]
            assert boards == [board] and board.text == board.text.strip()
        # a board whose thread was archived behind the bot's back (no event seen): the edit
        # is refused, the thread unarchived, the edit made again
        await fake.wait_for(lambda: (panel(alice) or panel(bob)) and bot._inflight == 0)
        thread.archived = True
        u = whose(alice, bob)
        n = len(board.history)
        await do(u, panel(u), pick(panel(u), rng))
        await fake.wait_for(lambda: len(board.history) > n, timeout=10)
        assert not thread.archived
        assert [m for m in alice.visible_messages(thread) if m.text.startswith("**Duel #1")] == [board]


def test_long_attack_labels_are_numbered_into_a_legend() -> None:
    names = ["Goblin Balloon Brigade", "Ironclaw Orcs", "Hurloon Minotaur", "Uthden Troll", "Mons's Goblin Raiders",
             "Goblin Balloon Brigade#2"]
    choices = ("attack nothing", *(f"attack {n}" for n in names), "attack " + ", ".join(names))
    d = Decision(0, DecisionKind.ATTACK, "Declare attackers", choices, decline="attack nothing")
    labels, legend = choice_labels(d)
    assert all(len(label) <= MAX_LABEL for label in labels)
    assert len(set(labels)) == len(labels)
    assert labels[:-1] == list(choices[:-1])  # the short ones unchanged
    assert labels[-1] == "attack 1, 2, 3, 4, 5, 6"
    assert legend == "Creatures: " + " · ".join(f"{i} {n}" for i, n in enumerate(names, 1))
    # typing a label answers its choice; legend numbers stand for the creatures
    for label, choice in zip(labels, choices):
        assert typed_choice(d, label) == choice
    assert typed_choice(d, "attack 1+5, 3") == "attack Goblin Balloon Brigade+Mons's Goblin Raiders, Hurloon Minotaur"
    assert typed_choice(d, "attack Uthden Troll") == "attack Uthden Troll"  # names still work
    # other long choices: numbered and shortened, still distinct and typable
    long = ("cast Fireball targeting " + ", ".join(names), "cast Fireball targeting " + ", ".join(reversed(names)))
    d2 = Decision(0, DecisionKind.OPPORTUNITY, "Your move", ("pass", *long))
    labels2, _ = choice_labels(d2)
    assert all(len(x) <= MAX_LABEL for x in labels2) and len(set(labels2)) == 3
    assert [typed_choice(d2, x) for x in labels2] == list(d2.choices)


def _glasses_duel() -> tuple[Duel, int]:
    """A duel where alice taps Glasses of Urza at bob; (duel, the turn it happened)."""
    deck = ["Glasses of Urza"] * 20 + ["Mountain"] * 20
    duel = Duel.new(3, (deck, list(deck)), DuelOptions(), names=("alice", "bob"))
    for _ in range(3000):
        d = duel.pending
        assert d is not None
        prefs = ("choose play", "choose no", "play Mountain", "cast Glasses of Urza", "activate Glasses of Urza",
                 "target bob", "auto", "pay")
        pick_ = next((c for p in prefs for c in d.choices if c.startswith(p) and d.player == 0), None)
        if pick_ is None:
            pick_ = "pass" if "pass" in d.choices else d.decline if d.decline in d.choices else d.choices[0]
        duel.apply(pick_, player=d.player)
        if any(w == 0 for w, _ in duel.game.secrets):
            return duel, duel.game.turn
    raise AssertionError("the Glasses were never used")


def test_private_notes_are_dated_and_shown_once() -> None:
    duel, turn = _glasses_duel()
    notes = dated_secrets(duel, 0)
    assert notes and notes[0][0] == turn and notes[0][1].startswith("bob's hand: ")
    assert dated_secrets(duel, 1) == []
    shown = SecretsShown()
    shown._shown.update({(1, 0): 0, (1, 1): 0})  # as if this process had run the duel from its start
    assert shown.take_new(1, duel, 0) == [notes[0][1]]
    assert shown.take_new(1, duel, 0) == []  # not repeated in the next panel


async def test_what_ive_seen_card_text_menu_and_small_answers(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """"Card text" is a menu of every card the player can see, each shown whole with
    its image link; "What I've seen" lists the private notes by turn; a spectator's
    /concede in the thread, an image given as a decklist: the right answers."""
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    bot = new_bot(fake, tmp_path)
    rng = random.Random(4)
    async with fake.run_bot(bot):
        thread = await start_duel(fake, alice, bob)
        await fake.wait_for(lambda: panel(alice) or panel(bob))
        async def seen_by(u: SimUser) -> set[str]:
            live = await bot.svc.live(1)  # from storage: either worker may have answered
            me = live.record.player_ids.index(str(u.id))
            v = live.duel.view(me)
            return set(v["players"][me]["hand"]) | {c["name"] for c in v["battlefield"]}

        for _ in range(80):
            u = whose(alice, bob)
            if len(await seen_by(u)) >= 7:
                break
            await do(u, panel(u), pick(panel(u), rng))
            await fake.wait_for(lambda: panel(alice) or panel(bob))
        u = whose(alice, bob)
        mine = panel(u)
        r = await u.click(mine, "Card text")
        menu = r.message
        assert menu.ephemeral and menu.selects and "Choose a card" in menu.text
        names = [o["value"] for o in menu.selects[0]["options"]]
        assert len(names) >= 7  # more than the six the old answer showed
        for name in (names[0], names[-1]):
            r = await u.select(menu, menu.selects[0]["custom_id"], [name])
            await fake.wait_for(lambda: menu.text.startswith(f"**{name}**"), timeout=10)
            assert len(menu.text) <= 2000 and menu.text.rstrip().endswith(".jpg")
        # What I've seen: nothing hidden yet in this duel
        r = await u.click(mine, "What I've seen")
        assert "seen nothing hidden" in r.message.text and r.message.ephemeral
        # a spectator's /concede in the duel's thread
        carol = fake.create_user("carol")
        r = await carol.slash("concede", channel=thread)
        await r.wait_done()
        said = r.followups[-1].text if r.followups else r.text
        assert said == "You are not playing in this duel.", said
        assert not (await bot.svc.live(1)).duel.over
        # an image given as a decklist
        png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 8
        att = await alice.attach("deck.png", png)
        r = await alice.slash("deck import", name="Pic", file=att)
        await r.wait_done()
        said = r.followups[-1].text if r.followups else r.text
        assert "is not a decklist" in said and ".cod" in said, said


def test_the_thread_log_gets_each_turn_once_it_is_over() -> None:
    """Lines of the turn in progress are only under the board; a turn's lines are due
    in the thread when it ends, whatever clicks split the events; all when the duel ends."""
    from bot.thread_log import current_turn_lines, due_lines, recent_text
    events = ["alice antes Fog.", "alice plays first.",
              "-- alice's untap phase (turn 1) --", "-- alice's main phase (turn 1) --", "alice plays Forest.",
              "-- bob's untap phase (turn 2) --", "bob draws.", "-- bob's main phase (turn 2) --", "bob plays Island.",
              "-- alice's untap phase (turn 3) --", "alice draws."]
    # every way of cutting the events into outcomes sends the same lines, each once
    for cuts in ([2, 5, 9, 11], [1, 3, 4, 6, 8, 10, 11], [11], [4, 11]):
        sent, prev = [], 0
        for cut in cuts:
            sent += due_lines(events[:cut], cut - prev, False)
            prev = cut
        assert sent == ["alice antes Fog.", "alice plays first.", "alice plays Forest.", "bob draws.",
                        "bob plays Island."], cuts
    assert current_turn_lines(events) == ["alice draws."] and recent_text(events) == "alice draws."
    assert due_lines(events, 1, True) == ["alice draws."]  # the end: the last turn too
    # the duel ends during turn 2: the rest of turn 2
    assert due_lines(events[:9], 2, True) == ["bob draws.", "bob plays Island."]
    assert recent_text(["x" * 400, "y" * 400, "z" * 10], limit=500) == "…\n" + "y" * 400 + "\n" + "z" * 10


def test_a_panels_view_is_the_full_view_without_the_board() -> None:
    """Panels project the duel with ``board=False``: the same players, turn, decision
    and secrets as the full view, only the permanents, spells and combat left out."""
    from engine import Duel, DuelOptions
    from engine.players.random_player import RandomPlayer
    from engine.decks import decklist

    duel = Duel.new(3, (decklist("Red Burn"), decklist("Green Stompy")), DuelOptions())
    players = (RandomPlayer(1), RandomPlayer(2))
    checked = 0
    while duel.pending is not None and len(duel.history) < 300:
        if len(duel.history) % 25 == 0:
            for viewer in (None, 0, 1):
                full = duel.view(viewer)
                assert duel.view(viewer, board=False) == {
                    k: v for k, v in full.items() if k not in ("battlefield", "spells", "batch", "combat")}
                checked += 1
        duel.apply(players[duel.pending.player].choose(duel.pending))
    assert checked >= 12


def test_the_thread_log_reads_only_the_turn_in_progress() -> None:
    """The thread log's lines, read backwards from the newest events, are those of the
    whole log read from its start, for random logs cut anywhere (turns of several
    phases, a subgame's turn numbers starting again, lines before any marker)."""
    import random
    import re

    from bot.thread_log import current_turn_lines, due_lines

    phase = re.compile(r"^-- .*\(turn (\d+)\) --$")

    def starts(events: list[str]) -> list[int]:  # each turn's first marker, from the start
        out, turn = [], None
        for i, e in enumerate(events):
            m = phase.match(e)
            if m is not None and m[1] != turn:
                turn = m[1]
                out.append(i)
        return out

    def lines(events: list[str]) -> list[str]:
        return [e for e in events if not e.startswith("-- ")]

    def due(events: list[str], new: int, finished: bool) -> list[str]:
        start, st = len(events) - new, starts(events)
        begin = max((b for b in st if b < start), default=0)
        end = len(events) if finished else max((b for b in st if b >= start), default=None)
        return [] if end is None or end <= begin else lines(events[begin:end])

    rng = random.Random(7)
    for _ in range(300):
        events, turn = [], 1
        for _ in range(rng.randrange(0, 40)):
            r = rng.random()
            if r < 0.15:
                turn = rng.choice([turn + 1, turn, 1])
                events.append(f"-- someone's phase (turn {turn}) --")
            else:
                events.append(f"line {len(events)}.")
        for cut in range(len(events) + 1):
            head = events[:cut]
            st = starts(head)
            assert current_turn_lines(head) == lines(head[st[-1]:] if st else head)
            for new in range(cut + 1):
                for finished in (False, True):
                    assert due_lines(head, new, finished) == due(head, new, finished), (head, new, finished)


async def test_one_panel_per_player_across_a_restart(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """A restarted bot finds the panels the process before it sent (the live one and
    the one a waiting player has): still one panel per player and duel after it."""
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    rng = random.Random(12)
    bot = new_bot(fake, tmp_path)
    running = await fake.start_bot(bot)
    await start_duel(fake, alice, bob)
    passes = 0
    while passes < 3:  # both players have a panel: one deciding, one waiting
        await fake.wait_for(lambda: panel(alice) or panel(bob))
        u = whose(alice, bob)
        await do(u, panel(u), pick(panel(u), rng))
        await fake.wait_for(lambda: panel(alice) or panel(bob))
        passes += whose(alice, bob) is not u
    await fake.wait_for(lambda: all(len(panels_of(v)) == 1 for v in (alice, bob)), timeout=5)
    await running.stop()
    bot2 = new_bot(fake, tmp_path)
    async with fake.run_bot(bot2):
        passes = 0
        while passes < 3:
            await fake.wait_for(lambda: panel(alice) or panel(bob))
            u = whose(alice, bob)
            await do(u, panel(u), pick(panel(u), rng))
            await fake.wait_for(lambda: panel(alice) or panel(bob))
            passes += whose(alice, bob) is not u
            await fake.wait_for(lambda: all(len(panels_of(v)) <= 1 for v in (alice, bob)), timeout=5)
    assert bot.service is None  # stopped cleanly (the database closed)


def test_persistent_custom_ids_are_unchanged() -> None:
    """Buttons and menus already sent live in Discord for days: the custom id of every
    persistent component must keep its format, or old panels stop working."""
    from bot.collection_commands import COLLECTION_ITEMS
    from bot.panels import DYNAMIC_ITEMS
    templates = {c.__name__: c.__discord_ui_compiled_template__.pattern for c in (*DYNAMIC_ITEMS, *COLLECTION_ITEMS)}
    assert templates == {
        "ChoiceButton": r"mb:c:(?P<duel>\d+):(?P<seq>\d+):(?P<idx>\d+)",
        "ChoiceSelect": r"mb:s:(?P<duel>\d+):(?P<seq>\d+):(?P<page>\d+)",
        "PageButton": r"mb:p:(?P<duel>\d+):(?P<seq>\d+):(?P<page>\d+)",
        "TypeButton": r"mb:t:(?P<duel>\d+):(?P<seq>\d+)",
        "CardInfoButton": r"mb:i:(?P<duel>\d+):(?P<seq>\d+)",
        "ChallengeButton": r"mb:ch:(?P<duel>\d+):(?P<what>[ad])",
        "DeckSelect": r"mb:dk:(?P<duel>\d+)",
        "DeckPageButton": r"mb:dp:(?P<duel>\d+):(?P<page>\d+)",
        "CardSelect": r"mb:cs:(?P<duel>\d+):(?P<page>\d+)",
        "CardPageButton": r"mb:cp:(?P<duel>\d+):(?P<page>\d+)",
        "SeenButton": r"mb:w:(?P<duel>\d+):(?P<seq>\d+)",
        "ShowControlsButton": r"mb:sc:(?P<duel>\d+)",
        "PictureButton": r"mb:bp:(?P<duel>\d+):(?P<seq>\d+)",
        "TradeButton": r"mb:tr:(?P<trade>\d+):(?P<what>[adw])",
        "CollectionPageButton": r"mb:cl:(?P<owner>\d+):(?P<page>\d+):(?P<f>.*)",
        "TradeDraftControl": r"mb:tc:(?P<draft>[0-9a-f]+):(?P<what>\w+)",
    }


async def test_a_panel_sent_by_an_older_bot_still_answers(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """A panel whose controls were written by hand in the stored format (as an older
    version of the bot sent them, not by this process's classes) is answered: its
    choice is applied, and "Show my controls" from such a board works too."""
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    bot = new_bot(fake, tmp_path)
    async with fake.run_bot(bot):
        thread = await start_duel(fake, alice, bob)
        await fake.wait_for(lambda: panel(alice) or panel(bob))
        await fake.wait_for(lambda: idle(bot))
        u = whose(alice, bob)
        live = await bot.svc.live(1)
        seq = live.seq
        old = fake._new_message(fake.dm_channel(u), fake.bot_user, {"content": "an old panel", "components": [
            {"type": 1, "components": [{"type": 2, "style": 1, "label": live.duel.pending.choices[0],
                                        "custom_id": f"mb:c:1:{seq}:0"}]}]})
        r = await u.click(old, f"mb:c:1:{seq}:0")
        assert r.type == 7 and "→ you chose: " in old.text
        await fake.wait_for(lambda: idle(bot))
        assert await stored_past(bot, 1, seq)
        board = fake._new_message(thread, fake.bot_user, {"content": "an old board", "components": [
            {"type": 1, "components": [{"type": 2, "style": 2, "label": "Show my controls",
                                        "custom_id": "mb:sc:1"}]}]})
        r = await alice.click(board, "mb:sc:1")
        await fake.wait_for(lambda: "Your controls for duel #1 are in your direct messages" in r.text
                            or any("Your controls for duel #1" in f.text for f in r.followups), timeout=10)


async def test_a_slow_answer_is_deferred_in_time_then_shown(fake_discord: FakeDiscord, tmp_path: Path,
                                                            monkeypatch: Any) -> None:
    """An answer not worked out within ACK_WITHIN (a long duel rebuilt, a busy machine)
    has its click deferred first, so Discord's 3 seconds pass; its panel is edited
    through the deferred response once the answer is stored."""
    import asyncio

    import bot.interactions as interactions
    monkeypatch.setattr(interactions, "ACK_WITHIN", 0.05)
    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    bot = new_bot(fake, tmp_path)
    async with fake.run_bot(bot):
        await start_duel(fake, alice, bob)
        await fake.wait_for(lambda: panel(alice) or panel(bob))
        await fake.wait_for(lambda: idle(bot))

        def slow(real_answer: Any) -> Any:
            async def slow_answer(*args: Any, **kwargs: Any) -> Any:
                await asyncio.sleep(0.5)
                return await real_answer(*args, **kwargs)
            return slow_answer

        for w in workers(bot):  # whichever worker gets the click
            w.svc.answer = slow(w.svc.answer)  # type: ignore[method-assign]
        u = whose(alice, bob)
        msg = panel(u)
        seq = (await bot.svc.live(1)).seq
        r = await do(u, msg, pick(msg, random.Random(1)))
        assert r.type == 6  # deferred before the answer was stored
        assert await stored_past(bot, 1, seq) and "→ you chose: " in msg.text
        calls = [f"{c.method} {c.route}" for c in fake.calls]
        assert "PATCH /webhooks/{app_id}/{token}/messages/{message_id}" in calls  # the edit, through the deferral


def test_the_board_does_not_say_a_spell_from_hand_is_being_put_together() -> None:
    """The thread's board says whom the duel waits for and on what as everyone
    may see it: while bob chooses a target for a card from his hand (not
    announced yet, it may be cancelled) it still shows the decision he was at."""
    from types import SimpleNamespace

    from bot.panels import board_message
    from engine.scripts import build_position
    duel = Duel(lambda: build_position({"active": "bob", "phase": "main", "players": {
        "alice": {"battlefield": ["Grizzly Bears"]},
        "bob": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]}}}))
    live = SimpleNamespace(duel=duel, match=None, game=1, away=(None, None), record=SimpleNamespace(id=7, player_names=["alice", "bob"], deadline=None))
    before = board_message(live)  # type: ignore[arg-type]
    assert before.endswith("**Waiting for bob**: opportunity")
    duel.apply("cast Lightning Bolt")
    assert duel.pending.kind is DecisionKind.CAST_TARGET
    assert board_message(live) == before  # type: ignore[arg-type]
