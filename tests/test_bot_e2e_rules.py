"""End-to-end through the fake Discord: the rules as players meet them.

Simulated users act only on what Discord shows them: slash commands, their
DM panels (buttons, select menus and their pages, the "Type an answer…"
modal), the duel's thread. Known positions are reached the way players
reach them: each imports a decklist made of the cards wanted, and the
service's source of seeds (``DuelService.new_seed``, like its clock
``now``) is fixed so that the shuffles deal known hands. The seeds were
found by shuffling those decklists with the engine, and
``test_the_seeds_still_deal_what_the_scripts_need`` checks on the engine
alone that they still do. Every step below is a click a person could make.

Covered here: a spell chain with interrupts and then a batch of instants
(Jump, Red Elemental Blast, Blue Elemental Blast, Terror, Unsummon); combat
with several blockers, a band, damage division and a prevention effect used
in the damage prevention step; select menus with more than 25 choices
(pages); the "Type an answer…" modal; ``/stops``; a deadline running out
(reminders, ``/duel claim``, why the duel ended); ``/duels``; ``/concede``;
``/card`` and its autocomplete; bad input. Every interaction must be
acknowledged well inside Discord's 3 seconds.
"""
from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any, Callable

import pytest

from bench.harness import choose_deck
from bot.app import ManaburnBot
from bot.autopass import DEFAULT_STOPS, auto_answer
from bot.decklists import parse_decklist
from engine import Duel, DuelOptions
from fakediscord import FakeDiscord, SimUser
from tests.two_workers import workers

pytest_plugins = ["fakediscord.pytest_plugin"]

# Seed 10 deals alice (first to play) Islands, a Merfolk, Blue Elemental
# Blast and Unsummon, and Jump on turn 3; bob Mountains, Red Elemental Blast
# and Terror, and a Swamp on turn 2.
CHAIN_SEED = 10
CHAIN_ALICE = "20 Island\n8 Merfolk of the Pearl Trident\n4 Jump\n4 Blue Elemental Blast\n4 Unsummon"
CHAIN_BOB = "10 Mountain\n10 Swamp\n8 Mons's Goblin Raiders\n6 Red Elemental Blast\n6 Terror"

# Seed 3: bob chooses, alice plays first; by bob's turn 8 alice has three
# Savannah Lions, a Benalish Hero and a Samite Healer, bob eight Llanowar Elves.
COMBAT_SEED = 3
COMBAT_ALICE = "16 Plains\n8 Benalish Hero\n8 Savannah Lions\n4 Samite Healer\n4 Healing Salve"
COMBAT_BOB = "14 Forest\n26 Llanowar Elves"

ACK_LIMIT = 1.0  # seconds: "well inside" Discord's 3
COMBAT_CASTS = ("cast Llanowar Elves", "cast Savannah Lions", "cast Benalish Hero", "cast Samite Healer")


# ------------------------------------------- the seeds, checked on the engine
# If the engine ever shuffles differently, these say so plainly (rather than a
# player later missing a button); search another seed with the same checks.

def engine_duel(seed: int, deck_a: str, deck_b: str) -> Duel:
    """The duel the bot starts for these decklists and seed (as DuelService does)."""
    return Duel.new(seed, (parse_decklist(deck_a), parse_decklist(deck_b)), DuelOptions(),
                    names=("alice", "bob"))


def engine_autopass(duel: Duel) -> None:
    """What DuelService.autopass does, with both players' default stops."""
    while duel.pending is not None:
        ans = auto_answer(duel.game, duel.pending, DEFAULT_STOPS)
        if ans is None:
            return
        duel.apply(ans, player=duel.pending.player)


def greedy_pick(labels: list[str], casts: tuple[str, ...], player: int) -> str | None:
    """Play a land, else cast the first creature listed, else pay or decline."""
    pick = next((c for c in labels if c.startswith("play ")), None) or next(
        (c for c in casts if c in labels), None) or next(
        (c for c in ("auto", "choose play", "pass", "attack nothing", "block nothing", "choose no")
         if c in labels), None)
    if pick == "choose play" and player == 1:
        pick = "choose draw"  # alice plays first
    return pick


def chain_deal_problems(seed: int) -> list[str]:
    """What the spell-chain script needs from the shuffles (alice plays first)."""
    duel = engine_duel(seed, CHAIN_ALICE, CHAIN_BOB)
    if duel.pending is None or duel.pending.player != 0:
        return ["alice does not choose who plays first"]
    duel.apply("choose play", player=0)
    if duel.pending is not None and duel.pending.kind.value == "mulligan":
        return ["a mulligan is offered"]
    out = []
    for p, n, need in ((0, 7, {"Island": 1, "Merfolk of the Pearl Trident": 1}),
                       (0, 9, {"Island": 3}),  # a land on turns 1, 3, 5, 7
                       (0, 10, {"Island": 4, "Jump": 1, "Blue Elemental Blast": 1, "Unsummon": 1}),
                       (1, 8, {"Mountain": 1, "Mons's Goblin Raiders": 1}),
                       (1, 9, {"Swamp": 1, "Red Elemental Blast": 1}),
                       (1, 10, {"Mountain": 2, "Terror": 1})):
        pl = duel.game.players[p]
        cards = [c.name for c in pl.hand] + [c.name for c in pl.library[:n - 7]]
        for name, k in need.items():
            if cards.count(name) < k:
                out.append(f"{pl.name} has fewer than {k} {name} in the first {n} cards")
    return out


def combat_deal_problems(seed: int) -> list[str]:
    """Where the greedy opening of the combat script leads: bob's turn 8 with
    three Savannah Lions, a Benalish Hero and a Samite Healer against eight elves."""
    duel = engine_duel(seed, COMBAT_ALICE, COMBAT_BOB)
    engine_autopass(duel)
    g = duel.game
    while duel.pending is not None and not (g.turn == 8 and g.active == 1 and g.phase == "main"):
        d = duel.pending
        pick = greedy_pick(list(d.choices), COMBAT_CASTS, d.player)
        if pick is None:
            return [f"no greedy answer to {d.prompt!r}"]
        duel.apply(pick, player=d.player)
        engine_autopass(duel)
    mine = sorted(c.name for c in g.battlefield if c.controller == 0 and "creature" in c.cdef.types)
    theirs = [c.name for c in g.battlefield if c.controller == 1 and "creature" in c.cdef.types]
    want = ["Benalish Hero", "Samite Healer"] + ["Savannah Lions"] * 3
    out = [] if mine == want else [f"alice's creatures on turn 8 are {mine}, not {want}"]
    if len(theirs) != 8:
        out.append(f"bob has {len(theirs)} elves on turn 8, not 8")
    if "Plains" not in [c.name for c in g.players[0].hand + g.players[0].library[:1]]:
        out.append("alice has no Plains to play on turn 9")
    return out


def test_the_seeds_still_deal_what_the_scripts_need() -> None:
    assert chain_deal_problems(CHAIN_SEED) == [], f"seed {CHAIN_SEED}: find another seed"
    assert combat_deal_problems(COMBAT_SEED) == [], f"seed {COMBAT_SEED}: find another seed"


# ------------------------------------------------------------------ helpers

class Clock:
    """Wall time the service reads (``DuelService.now``), moved by hand."""

    def __init__(self, t: float = 1_700_000_000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


class Acks:
    """Times every interaction a user makes (the call returns when the bot acknowledged)."""

    def __init__(self) -> None:
        self.worst = 0.0
        self.count = 0

    async def __call__(self, coro: Any) -> Any:
        loop = asyncio.get_running_loop()
        t0 = loop.time()
        r = await coro
        self.worst = max(self.worst, loop.time() - t0)
        self.count += 1
        return r

    def check(self) -> None:
        assert self.count and self.worst < ACK_LIMIT, f"slowest acknowledgement {self.worst:.2f}s"


# the user's current control panel: the newest DM with controls, or None
panel = SimUser.last_dm_with_controls


def choice_labels(msg: Any) -> list[str]:
    """The answers a panel offers on its current page (buttons and select options)."""
    out = [b["label"] for b in msg.buttons if b.get("custom_id", "").startswith("mb:c:")]
    out += [o["label"] for s in msg.selects for o in s.get("options", [])]
    return out


def board(user: SimUser, thread: Any) -> Any:
    return next(m for m in user.visible_messages(thread) if m.text.startswith("**Duel #"))


def board_versions(user: SimUser, thread: Any) -> list[str]:
    """Every version the board message had (it is edited in place)."""
    b = board(user, thread)
    return [h.get("content", "") for h in b.history] + [b.text]


def in_play(board_text: str, who: str) -> str:
    """The "in play" line of one player on the board."""
    lines = board_text.splitlines()
    i = next(i for i, ln in enumerate(lines) if ln.startswith(f"{who}: "))
    assert lines[i + 1].startswith("  in play: ")
    return lines[i + 1]


def everything_shown(user: SimUser, thread: Any) -> str:
    """Every text the thread ever showed, edited-away versions included."""
    out = []
    for m in user.visible_messages(thread, system=True):
        out += [h.get("content", "") for h in m.history] + [m.text]
    return "\n".join(out)


def thread_log(user: SimUser, thread: Any) -> str:
    """The duel's log as the thread shows it: the log messages of the turns over, then
    the lines of the turn in progress quoted under the board."""
    msgs = user.visible_messages(thread)
    recent = [ln[2:] for m in msgs if m.text.startswith("**Duel #") for ln in m.text.splitlines()
              if ln.startswith("> ")]
    return "\n".join([m.text for m in msgs if not m.text.startswith("**Duel #")] + recent)


async def reply_text(r: Any) -> str:
    """The text a user sees in answer to a command (after a defer: the follow-up)."""
    if r.deferred and r.type == 5:
        await r.wait_done()
    if r.followups:
        return r.followups[-1].text
    return r.text


class Table:
    """Two players at the fake Discord, acting only through what they see."""

    def __init__(self, fake: FakeDiscord, alice: SimUser, bob: SimUser, db_path: str,
                 clock: Clock | None = None, seed: int | None = None) -> None:
        self.fake, self.alice, self.bob = fake, alice, bob
        self.db_path, self.clock, self.seed = db_path, clock, seed
        self.acks = Acks()
        self.thread: Any = None
        self.challenge: Any = None

    async def start_bot(self) -> None:
        self.bot = ManaburnBot(self.db_path, guild_id=self.fake.guild.id, sweep_seconds=0)
        self.running = await self.fake.start_bot(self.bot)
        if self.clock is not None:
            self.bot.svc.now = self.clock
        if self.seed is not None:
            seed = self.seed
            self.bot.svc.new_seed = lambda: seed

    async def restart(self) -> None:
        await self.running.stop()
        await self.start_bot()

    async def slash(self, user: SimUser, command: str, **kw: Any) -> str:
        return await reply_text(await self.acks(user.slash(command, **kw)))

    async def import_deck(self, user: SimUser, name: str, text: str, *, as_file: bool = False) -> None:
        if as_file:
            att = await user.attach(f"{name}.txt", text)
            said = await self.slash(user, "deck import", name=name, file=att)
        else:
            said = await self.slash(user, "deck import", name=name, decklist=text.replace("\n", "\\n"))
        assert said.startswith("Saved deck"), said

    async def start(self, deck_a: str, deck_b: str, **challenge: Any) -> Any:
        r = await self.acks(self.alice.slash("challenge", opponent=self.bob, deck=deck_a, **challenge))
        challenge_msg = self.challenge = r.message
        acc = await self.acks(self.bob.click(challenge_msg, "Accept"))
        await choose_deck(self.bob, acc.message, deck_b, timed=self.acks)
        await self.fake.wait_for(lambda: challenge_msg.thread is not None and any(
            m.text.startswith("**Duel #") for m in self.alice.visible_messages(challenge_msg.thread)), timeout=10)
        self.thread = challenge_msg.thread
        return self.thread

    async def panel_of(self, user: SimUser, timeout: float = 10) -> Any:
        return await self.fake.wait_for(lambda: panel(user), timeout, message=f"no panel for {user.username}")

    async def choose(self, user: SimUser, label: str) -> None:
        """Answer with the control labelled ``label`` (turning select pages if needed)."""
        msg = await self.panel_of(user)
        for _ in range(10):
            before = msg.control_ids
            for b in msg.buttons:
                if b.get("custom_id", "").startswith("mb:c:") and b.get("label") == label:
                    await self.acks(user.click(msg, b["custom_id"]))
                    break
            else:
                hit = next(((s, o) for s in msg.selects for o in s.get("options", []) if o["label"] == label), None)
                if hit is None:
                    nxt = [b for b in msg.buttons if b.get("label") == "Next ▶"]
                    assert nxt, f"{user.username} sees no {label!r} on the panel: {choice_labels(msg)}"
                    n = len(msg.history)
                    await self.acks(user.click(msg, nxt[0]["custom_id"]))
                    await self.fake.wait_for(lambda: len(msg.history) > n)
                    continue
                await self.acks(user.select(msg, hit[0]["custom_id"], [hit[1]["value"]]))
            await self.fake.wait_for(lambda: msg.control_ids != before, timeout=10)
            await self.settled()
            return
        raise AssertionError(f"{label!r} not found on any page")

    async def type_answer(self, user: SimUser, text: str, *, restart: bool = False) -> str:
        """Click "Type an answer…", fill in the modal; returns what the bot answered.
        ``restart``: the bot restarts while the form is open."""
        msg = await self.panel_of(user)
        before = msg.control_ids
        r = await self.acks(user.click(msg, "Type an answer…"))
        assert r.modal is not None and r.modal.get("title") == "Your answer"
        if restart:
            await self.restart()
        res = await self.acks(user.submit_modal(r, {"Action": text}))
        said = (await res.wait_followups(1, timeout=10))[-1].text
        if said.startswith("Done"):
            await self.fake.wait_for(lambda: msg.control_ids != before, timeout=10)
            await self.settled()
        return said

    async def settled(self) -> None:
        """Wait until the bot has shown the outcome of an answer: the answered panel
        first (its edit acknowledges the click), then the board and log, then the
        other player's panel (or the end of the duel); by whichever worker handled it."""
        def done() -> bool:
            return all(w._inflight == 0 for w in workers(self.bot)) and (bool(panel(self.alice) or panel(self.bob)) or any(
                "seed was" in m.text for m in self.alice.visible_messages(self.thread)))
        await self.fake.wait_for(done, timeout=10)

    async def play(self, script: list[tuple[SimUser, str]]) -> None:
        for user, label in script:
            await self.choose(user, label)

    async def greedy_until(self, stop: Callable[[], bool], casts: tuple[str, ...]) -> int:
        """Both players play a land and creatures whenever they can, never attack
        or block, until ``stop()``; returns the number of answers given."""
        n = 0
        while True:
            await self.fake.wait_for(lambda: panel(self.alice) or panel(self.bob), timeout=10)
            if stop():
                return n
            user = self.alice if panel(self.alice) else self.bob
            labels = choice_labels(panel(user))
            pick = greedy_pick(labels, casts, 0 if user is self.alice else 1)
            assert pick is not None, labels
            await self.choose(user, pick)
            n += 1
            assert n < 200


@pytest.fixture
def clock() -> Clock:
    return Clock()


async def table(fake: FakeDiscord, tmp_path: Path, clock: Clock | None = None, seed: int | None = None) -> Table:
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    t = Table(fake, alice, bob, str(tmp_path / "m.db"), clock, seed)
    await t.start_bot()
    return t


# -------------------------------------------------------------------- tests

async def test_spell_chain_interrupts_then_a_batch_and_stops(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    t = await table(fake_discord, tmp_path, seed=CHAIN_SEED)
    alice, bob = t.alice, t.bob
    await t.import_deck(alice, "Blue Chain", CHAIN_ALICE)
    await t.import_deck(bob, "Red Black", CHAIN_BOB, as_file=True)
    thread = await t.start("Blue Chain", "Red Black")
    await t.play([
        (alice, "choose play"),
        # one kind of land each: the bot pays for them (bot.autopass.payment_is_forced)
        (alice, "play Island"), (alice, "cast Merfolk of the Pearl Trident"),
        (bob, "play Mountain"), (bob, "cast Mons's Goblin Raiders"),
        (alice, "play Island"), (alice, "pass"),
        (bob, "play Swamp"),
    ])
    # /stops: bob asks to be stopped in alice's draw phase (he holds Red
    # Elemental Blast, which could destroy her Merfolk) and keeps "responses"
    said = await t.slash(bob, "stops", stops="opponent draw, responses")
    assert said == "Stops saved: opponent draw, responses"
    assert "opponent draw, responses" in await t.slash(bob, "stops")
    assert "Unknown stops: my lunch" in await t.slash(bob, "stops", stops="responses, my lunch")
    await t.choose(bob, "pass")
    msg = await t.panel_of(bob)
    assert "alice ends the draw phase. Respond?" in msg.text and "Turn 5" in board(alice, thread).text
    assert "cast Red Elemental Blast" in choice_labels(msg)
    await t.choose(bob, "pass")
    await t.play([(alice, "play Island"), (alice, "pass")])
    assert await t.slash(bob, "stops", stops="default") == "Stops saved: " + ", ".join(sorted(
        __import__("bot.autopass", fromlist=["DEFAULT_STOPS"]).DEFAULT_STOPS))
    await t.play([(bob, "play Mountain"), (bob, "pass")])
    # bob wants to tap his lands by hand, even where "auto" could not end differently
    manual = ", ".join(sorted(__import__("bot.autopass", fromlist=["DEFAULT_STOPS"]).DEFAULT_STOPS
                              | {"manual payment"}))
    assert await t.slash(bob, "stops", stops=manual) == "Stops saved: " + manual
    # turn 7: with the default stops again, bob is not asked in alice's draw phase;
    # the first thing he sees is the chance to interrupt her Jump
    await t.play([(alice, "play Island"), (alice, "cast Jump")])
    msg = await t.panel_of(alice)
    assert "Jump: target creature" in msg.text
    assert panel(bob) is None  # only the player who decides has controls
    await t.choose(alice, "target Merfolk of the Pearl Trident")  # paid for her: Islands only
    msg = await t.panel_of(bob)
    assert "Interrupt Jump?" in msg.text
    assert "Being cast: Jump (alice) -> Merfolk of the Pearl Trident" in board(alice, thread).text
    # bob interrupts with Red Elemental Blast and pays by picking the land himself
    await t.play([(bob, "cast Red Elemental Blast"), (bob, "target Jump"), (bob, "tap Mountain#1 for R")])
    text = board(alice, thread).text
    # the mana tapped shows; the spell from hand being put together does not (its card is
    # still counted in his hand until it is cast)
    assert "bob: 20 life, hand 6, library 30, pool R" in text, text
    await t.choose(bob, "pay")
    text = board(alice, thread).text
    assert "Being cast: Jump (alice) -> Merfolk of the Pearl Trident; Red Elemental Blast (bob) -> Jump" in text
    # whose decision, below the code block so that Discord shows the deadline as a relative time
    # the turn's log so far quoted under the board, then whose move it is
    assert re.search(r"\n```\n(> .*\n)*> bob casts Red Elemental Blast targeting Jump\.\n"
                     r"\*\*Waiting for alice\*\*: interrupt \(deadline <t:\d+:R>\)$", text), text
    msg = await t.panel_of(alice)
    assert "Interrupt Red Elemental Blast?" in msg.text
    # alice interrupts the interrupt
    await t.play([(alice, "cast Blue Elemental Blast"), (alice, "target Red Elemental Blast")])
    msg = await t.panel_of(bob)
    assert "Interrupt Blue Elemental Blast?" in msg.text
    await t.choose(bob, "pass")
    # the interrupts resolved; Jump waits in the batch and both may add instants
    # (alice, whose Jump it is, is not asked first: she keeps no "my spells" stop)
    msg = await t.panel_of(bob)
    assert "Respond to Jump?" in msg.text
    assert "Batch: Jump (alice) -> Merfolk of the Pearl Trident" in board(alice, thread).text
    assert "Terror" not in everything_shown(alice, thread)  # in bob's hand since turn 1: never shown
    await t.play([(bob, "cast Terror"), (bob, "target Merfolk of the Pearl Trident"), (bob, "auto")])
    assert ("Batch: Jump (alice) -> Merfolk of the Pearl Trident; Terror (bob) -> Merfolk of the Pearl Trident"
            in board(alice, thread).text)
    await t.play([(alice, "cast Unsummon"), (alice, "target Merfolk of the Pearl Trident")])
    # the batch resolves last in, first out: the Merfolk goes home, Terror and Jump fizzle
    msg = await t.panel_of(alice)
    assert "Main phase: your move" in msg.text and "Merfolk of the Pearl Trident, Merfolk of the Pearl Trident" in msg.text
    log = thread_log(alice, thread)
    order = ["alice casts Jump targeting Merfolk of the Pearl Trident.",
             "bob casts Red Elemental Blast targeting Jump.",
             "alice casts Blue Elemental Blast targeting Red Elemental Blast.",
             "Red Elemental Blast is countered.",
             "bob casts Terror targeting Merfolk of the Pearl Trident.",
             "alice casts Unsummon targeting Merfolk of the Pearl Trident.",
             "Merfolk of the Pearl Trident returns to its owner's hand.",
             "Terror fizzles: no legal target.",
             "Jump fizzles: no legal target."]
    at = [log.index(line) for line in order]
    assert at == sorted(at)
    text = board(alice, thread).text
    assert "Being cast" not in text and "Batch" not in text
    assert "graveyard (top first): Jump, Unsummon, Blue Elemental Blast" in text, text
    assert "graveyard (top first): Terror, Red Elemental Blast" in text
    # the log is batched: far fewer thread messages than answers
    answers = len((await t.bot.svc.live(1)).duel.history)
    assert len(alice.visible_messages(thread)) < answers / 2
    t.acks.check()


async def test_combat_blocks_bands_prevention_pages_and_typed_answers(fake_discord: FakeDiscord,
                                                                     tmp_path: Path) -> None:
    t = await table(fake_discord, tmp_path, seed=COMBAT_SEED)
    alice, bob = t.alice, t.bob
    await t.import_deck(alice, "White Weenie", COMBAT_ALICE)
    await t.import_deck(bob, "Elves", COMBAT_BOB)
    thread = await t.start("White Weenie", "Elves")
    await t.greedy_until(lambda: "Turn 8 - bob's main" in board(alice, thread).text and bool(panel(bob)),
                         COMBAT_CASTS)
    text = board(alice, thread).text
    assert in_play(text, "bob").count("Llanowar Elves") == 8
    assert in_play(text, "alice").count("Savannah Lions") == 3
    assert "Benalish Hero 1/1" in in_play(text, "alice") and "Samite Healer 1/1" in in_play(text, "alice")
    # summoning sickness showed while it lasted (the elves bob cast on turn 6, seen on turn 7)
    assert any(re.search(r"Llanowar Elves#\d 1/1 \(sick\)", v) for v in board_versions(alice, thread))
    # turn 8: bob attacks with five elves, typed in the modal
    await t.play([(bob, "play Forest"), (bob, "attack")])
    # eight elves: "attack with all" is too long for a button; the elves are numbered
    msg = await t.panel_of(bob)
    labels = choice_labels(msg)
    assert all(len(x) <= 80 for x in labels) and len(set(labels)) == len(labels)
    assert "attack 1, 2, 3, 4, 5, 6, 7, 8" in labels and "attack Llanowar Elves#3" in labels
    assert "Creatures: " + " · ".join(f"{i} Llanowar Elves#{i}" for i in range(1, 9)) in msg.text
    # (the bot restarts while bob has the form open: it still answers; the legend's numbers work)
    said = await t.type_answer(bob, "attack 1, 2, 3, 4, 5", restart=True)
    assert said.startswith("Done")
    # alice may block each of five attackers with each of five creatures: 26
    # answers, more than a select menu holds: two pages
    msg = await t.panel_of(alice)
    assert "Declare blockers" in msg.text and "Choices page 1 of 2." in msg.text
    page1 = choice_labels(msg)
    assert len(page1) == 1 + 25  # "block nothing" as a button, 25 options in the menu
    assert [o["value"] for o in msg.selects[0]["options"]] == [str(i) for i in range(25)]
    assert {b["label"] for b in msg.buttons} >= {"Next ▶", "block nothing", "Type an answer…", "Card text"}
    n = len(msg.history)
    await t.acks(alice.click(msg, "Next ▶"))
    await t.fake.wait_for(lambda: len(msg.history) > n)
    assert "Choices page 2 of 2." in msg.text
    assert [(o["label"], o["value"]) for o in msg.selects[0]["options"]] == [
        ("block Llanowar Elves#5 with Samite Healer", "25")]
    n = len(msg.history)
    await t.acks(alice.click(msg, "◀ Previous"))
    await t.fake.wait_for(lambda: len(msg.history) > n)
    assert "Choices page 1 of 2." in msg.text
    # a typed answer that is not legal changes nothing and says why
    said = await t.type_answer(alice, "block Llanowar Elves#1 with Llanowar Elves#2")
    assert said.startswith("Not legal"), said
    assert panel(alice) is msg and msg.buttons
    # the option on the second page
    await t.choose(alice, "block Llanowar Elves#5 with Samite Healer")
    # the damage prevention step: alice taps her Samite Healer for itself
    msg = await t.panel_of(alice)
    assert msg.text.count("Damage prevention:") == 1 and "1 damage from Llanowar Elves to Samite Healer" in msg.text
    await t.play([(alice, "activate Samite Healer"), (alice, "target Samite Healer")])
    await t.fake.wait_for(lambda: panel(alice) and "Turn 9" in board(alice, thread).text)
    log = thread_log(alice, thread)
    assert "alice blocks: Llanowar Elves#5 with Samite Healer." in log
    assert "alice uses Samite Healer targeting Samite Healer." in log
    assert "1 damage to Samite Healer is prevented." in log
    assert "Llanowar Elves#4 deals 1 damage to alice (16 life)." in log
    text = board(alice, thread).text
    assert "alice: 16 life" in text and "Samite Healer 1/1" in text  # untapped again: it is her turn
    # turn 9: alice attacks with a band (Benalish Hero has banding) and a lone Lions
    await t.play([(alice, "play Plains"), (alice, "attack")])
    said = await t.type_answer(alice, "attack Benalish Hero+Savannah Lions#1+Savannah Lions#2")
    assert "at most one creature without banding" in said
    said = await t.type_answer(alice, "attack Benalish Hero+Savannah Lions#1, Savannah Lions#2")
    assert said.startswith("Done")
    # bob blocks the band with two elves
    msg = await t.panel_of(bob)
    assert "Declare blockers" in msg.text
    said = await t.type_answer(bob, "block Benalish Hero with Llanowar Elves#5, Llanowar Elves#6")
    assert said.startswith("Done")
    text = board(alice, thread).text
    assert "Attacking: Benalish Hero + Savannah Lions#1, Savannah Lions#2" in text
    assert "Benalish Hero + Savannah Lions#1 blocked by Llanowar Elves#5, Llanowar Elves#6" in text
    # banding: alice divides her band's damage and the damage dealt to it
    msg = await t.panel_of(alice)
    assert "Divide Benalish Hero's 1 damage among Llanowar Elves#5, Llanowar Elves#6" in msg.text
    await t.play([(alice, "assign 1 to Llanowar Elves#5"), (alice, "assign 2 to Llanowar Elves#6")])
    msg = await t.panel_of(alice)
    assert "Divide Llanowar Elves's 1 damage among Benalish Hero, Savannah Lions#1" in msg.text
    await t.play([(alice, "assign 1 to Savannah Lions#1"), (alice, "assign 1 to Savannah Lions#1")])
    msg = await t.panel_of(alice)
    assert "Damage prevention:" in msg.text and "activate Samite Healer" in choice_labels(msg)
    await t.choose(alice, "pass")
    await t.fake.wait_for(lambda: panel(bob) and "Turn 10" in board(alice, thread).text)
    log = thread_log(alice, thread)
    assert "alice attacks with Benalish Hero + Savannah Lions#1, Savannah Lions#2." in log
    assert "bob blocks: Benalish Hero with Llanowar Elves#5, Llanowar Elves#6." in log
    assert "Savannah Lions#2 deals 2 damage to bob (18 life)." in log
    text = board(alice, thread).text
    assert "bob: 18 life" in text
    mine = in_play(text, "alice")
    # one Lions died in the band; the attackers stay tapped until alice's untap
    assert mine.count("Savannah Lions") == 2 and "Savannah Lions#1 2/1 (tapped)" in mine
    assert "Benalish Hero 1/1 (tapped)" in mine and "Samite Healer 1/1" in mine
    assert in_play(text, "bob").count("Llanowar Elves") == 5
    # Healing Salve is in alice's deck and was never cast: the thread never named it
    me = (await t.bot.svc.live(1)).duel.game.players[0]
    assert "Healing Salve" in [c.name for c in me.hand + me.library]
    assert "Healing Salve" not in everything_shown(bob, thread)
    t.acks.check()


async def test_deadline_reminders_claim_and_why_it_ended(fake_discord: FakeDiscord, tmp_path: Path,
                                                        clock: Clock) -> None:
    t = await table(fake_discord, tmp_path, clock=clock)
    alice, bob = t.alice, t.bob
    thread = await t.start("Red Burn", "Green Stompy", clock=3600)
    assert "(each decision: 1 hour)" in t.challenge.history[0]["content"]
    await t.fake.wait_for(lambda: panel(alice) or panel(bob))
    waiting, other = (alice, bob) if panel(alice) else (bob, alice)
    deadline = int(clock.t) + 3600
    assert f"deadline <t:{deadline}:R>" in board(alice, thread).text
    assert f"deadline <t:{deadline}:R>" in panel(waiting).text

    def reminders() -> list[str]:
        return [m.text for m in waiting.dms() if m.text.startswith("Reminder")]

    def run_out_notes() -> list[str]:
        return [m.text for m in other.dms() if "clock has run out" in m.text]

    clock.t += 1700  # 1900 s left: nothing yet
    await t.bot.sweep()
    assert reminders() == [] and run_out_notes() == []
    assert "has not run out yet" in await t.slash(other, "duel claim", duel=1)
    clock.t += 300  # past half
    await t.bot.sweep()
    await t.bot.sweep()  # once only
    assert reminders() == [f"Reminder: duel #1 is waiting for your decision (deadline <t:{deadline}:R>)."]
    await t.restart()  # what was sent is on disk: a restarted bot does not send it again
    await t.bot.sweep()
    assert len(reminders()) == 1
    clock.t = deadline - 200  # near the end
    await t.bot.sweep()
    assert len(reminders()) == 2 and run_out_notes() == []
    clock.t = deadline + 1
    await t.bot.sweep()
    assert run_out_notes() == [f"Duel #1: {waiting.username}'s clock has run out. "
                               "You may claim the win with `/duel claim duel:1`."]
    assert "The decision is yours" in await t.slash(waiting, "duel claim", duel=1)
    # the bot restarts meanwhile: the waiting player's panel, sent before, keeps its buttons
    old = panel(waiting)
    await t.restart()

    # At the end a restarted bot closes the panels sent before it, looked for among the
    # newest DMs (see test_a_concession_after_a_restart_closes_the_panels_sent_before_it).
    # One it cannot find (buried under newer DMs) stays open: a click on it says the duel is over.
    async def buried(duel_id: int, user_id: str) -> list[tuple[int, int, int]]:
        return []
    for w in workers(t.bot):  # whichever worker handles the claim
        w.panels_in_dms = buried  # type: ignore[method-assign]
    said = await t.slash(other, "duel claim", channel=thread)  # in the thread: no number needed
    assert said == "You win duel #1 on time."
    end = await t.fake.wait_for(lambda: next((m.text for m in alice.visible_messages(thread) if "seed was" in m.text), None))
    assert end.startswith(f"**{other.username}** wins on time. ({waiting.username} did not answer before the deadline)")
    # the finished duel refuses everything with a clear answer and stays as it was
    h = (await t.bot.svc.live(1)).duel.state_hash()
    if t.bot.svc.shared:
        # workers sharing PostgreSQL know each panel from storage (storage.panels), never
        # from the DMs: none is buried, the panel sent before the restart is closed
        await t.fake.wait_for(lambda: not old.buttons)
        assert old.text.startswith("The duel is over.") and f"**{other.username}** wins on time" in old.text
    else:
        assert panel(waiting) is old and old.buttons
        r = await t.acks(waiting.click(old, old.buttons[0]["custom_id"]))
        await t.fake.wait_for(lambda: any(f.text == "This duel is over." for f in r.followups))
        await t.fake.wait_for(lambda: not old.buttons)
        assert old.text.endswith("(The duel is over.)")
    assert "This duel is over." in await t.slash(waiting, "concede", duel=1)
    assert "This duel is over." in await t.slash(other, "duel claim", duel=1)
    assert (await t.bot.svc.live(1)).duel.state_hash() == h
    rec = await t.bot.svc._get(1)
    assert rec.status == "finished" and rec.result.reason == "timed_out"
    # now the log holds the seed; it is sent to the one who asked only
    r = await t.acks(alice.slash("duel log", channel=thread))
    assert r.ephemeral and b"replay:" in r.message.attachments[0].data
    assert f"seed: {rec.seed}".encode() in r.message.attachments[0].data
    t.acks.check()


# Seed 32, Red Burn against White Knights: alice chooses to play first and her
# hand has no land (checked on the engine below).
MULLIGAN_SEED = 32


def test_the_mulligan_seed_still_deals_a_landless_hand() -> None:
    from engine import formats
    from engine.decks import decklist
    duel = Duel.new(MULLIGAN_SEED, (decklist("Red Burn"), decklist("White Knights")),
                    DuelOptions(ante=False, chooser=None, format=formats.DEFAULT), names=("alice", "bob"))
    assert duel.pending is not None and duel.pending.player == 0, "find another seed"
    duel.apply("choose play", player=0)
    assert duel.pending is not None and duel.pending.kind.value == "mulligan" and duel.pending.player == 0
    assert not any("land" in c.cdef.types for c in duel.game.players[0].hand)


async def test_the_mulligan_is_offered_on_the_panel(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    # issue 24: auto-pass declined the mulligan for people; it is always asked
    t = await table(fake_discord, tmp_path, seed=MULLIGAN_SEED)
    alice, bob = t.alice, t.bob
    thread = await t.start("Red Burn", "White Knights")
    await t.choose(alice, "choose play")
    msg = await t.panel_of(alice)
    assert "Your hand has no land. Mulligan?" in msg.text
    labels = [b["label"] for b in msg.buttons if b.get("custom_id", "").startswith("mb:c:")]
    assert labels == ["choose yes", "choose no"]  # buttons, not a menu
    await t.choose(alice, "choose yes")
    # bob may redraw too: asked on his panel
    msg = await t.panel_of(bob)
    assert "alice took a mulligan. Redraw too?" in msg.text
    assert "choose no" in choice_labels(msg)
    await t.choose(bob, "choose no")
    assert "alice takes a mulligan." in everything_shown(alice, thread)
    live = await t.bot.svc.live(1)
    assert live.duel.game.players[0].mulliganed and not live.duel.game.players[1].mulliganed
    t.acks.check()


async def test_duels_listing_and_concede(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    t = await table(fake_discord, tmp_path)
    alice, bob = t.alice, t.bob
    carol = t.fake.create_user("carol")
    assert await t.slash(alice, "duels") == "You have no open duels. Use /challenge."
    await t.start("Red Burn", "Green Stompy")
    # a second duel, with carol; alice is in both at once
    r = await t.acks(alice.slash("challenge", opponent=carol, deck="Black Death"))
    acc = await t.acks(carol.click(r.message, "Accept"))
    await choose_deck(carol, acc.message, "White Knights", timed=t.acks)
    await t.fake.wait_for(lambda: r.message.thread is not None and any(
        m.text.startswith("**Duel #2") for m in alice.visible_messages(r.message.thread)))
    # a challenge still open is listed too
    await t.acks(bob.slash("challenge", opponent=alice))
    listing = await t.slash(alice, "duels")
    lines = [ln for ln in listing.splitlines() if ln.startswith("#")]
    assert len(lines) == 3 and "Lost a panel?" in listing
    assert re.match(r"#1 alice vs bob — (mulligans|playing), waiting for (alice|bob) \(<t:\d+:R>\)$", lines[0])
    assert re.match(r"#2 alice vs carol — (mulligans|playing), waiting for (alice|carol) \(<t:\d+:R>\)$", lines[1])
    assert lines[2] == "#3 bob vs alice — challenged"
    assert "carol" not in await t.slash(bob, "duels")
    # /concede needs to know which duel when alice is in several
    assert "Which duel?" in await t.slash(alice, "concede")
    choices = await t.acks(alice.autocomplete("concede", duel="carol"))
    assert [c["value"] for c in choices] == [2]
    assert await t.slash(alice, "concede", duel=2) == "You conceded duel #2."
    thread2 = r.message.thread
    end = await t.fake.wait_for(lambda: next((m.text for m in carol.visible_messages(thread2) if "seed was" in m.text), None))
    assert end.startswith("**carol** wins by concession. (alice conceded)")
    assert "alice concedes." in thread_log(carol, thread2)
    await t.fake.wait_for(lambda: not any((m.buttons or m.selects) and "Duel #2" in m.text
                                          for u in (alice, carol) for m in u.dms()))
    lines = (await t.slash(alice, "duels")).splitlines()
    assert [ln.split()[0] for ln in lines if ln.startswith("#")] == ["#1", "#3"]
    # bob cannot concede carol's duel
    assert "not playing in this duel" in await t.slash(bob, "concede", duel=2)
    t.acks.check()


async def test_card_command_and_autocomplete(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    t = await table(fake_discord, tmp_path)
    alice = t.alice
    got = await t.acks(alice.autocomplete("card", name="bolt"))
    assert got[0]["name"] == "Lightning Bolt" or any(c["name"] == "Lightning Bolt" for c in got)
    got = await t.acks(alice.autocomplete("card", name="Serra"))
    assert got[0]["name"].startswith("Serra")  # names starting with what was typed come first
    got = await t.acks(alice.autocomplete("card", name=""))
    assert len(got) == 25 and all(len(c["name"]) <= 100 for c in got)
    assert await t.acks(alice.autocomplete("card", name="zzzqqq")) == []
    text = await t.slash(alice, "card", name="Red Elemental Blast")
    assert text.startswith("**Red Elemental Blast** {R} — Interrupt")
    assert "Printed (4ED)" in text and "Oracle:" in text
    assert re.search(r"https://cards\.scryfall\.io/normal/front/\w/\w/[0-9a-f-]+\.jpg", text)
    assert await t.slash(alice, "card", name="Black Lotus Deluxe") == "No card called 'Black Lotus Deluxe'."
    t.acks.check()


async def test_bad_input_changes_nothing(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    t = await table(fake_discord, tmp_path)
    alice, bob = t.alice, t.bob
    await t.import_deck(bob, "Bobs Deck", "20 Forest\n20 Grizzly Bears")
    before = await t.slash(alice, "deck list")
    # unknown cards, malformed lists, huge attachments, broken .cod files
    said = await t.slash(alice, "deck import", name="X", decklist="4 Lightnig Bolt\\n36 Mountain")
    assert "Lightnig Bolt" in said and "cannot be used" in said
    said = await t.slash(alice, "deck import", name="X", decklist="four Lightning Bolt\\n0 Mountain")
    assert said.startswith("line 2: 0 copies"), said
    att = await alice.attach("huge.txt", "40 Mountain\n" + "// padding\n" * 30000)
    said = await t.slash(alice, "deck import", name="X", file=att)
    assert said.startswith("That file is too large") and "at most 262144" in said
    att = await alice.attach("deck.cod", '<cockatrice_deck version="1"><zone name="main"><card number="4" name="')
    assert "not a readable Cockatrice deck" in await t.slash(alice, "deck import", name="X", file=att)
    att = await alice.attach("deck.cod", '<!DOCTYPE x [<!ENTITY a "b">]><cockatrice_deck/>')
    assert "declares entities" in await t.slash(alice, "deck import", name="X", file=att)
    assert "Give a decklist" in await t.slash(alice, "deck import", name="X")
    # a Cockatrice deck that is fine
    cod = ('<?xml version="1.0"?><cockatrice_deck version="1"><deckname>Bolts</deckname>'
           '<zone name="main"><card number="4" name="Lightning Bolt"/><card number="36" name="Mountain"/></zone>'
           '<zone name="side"><card number="15" name="Shatter"/></zone></cockatrice_deck>')
    att = await alice.attach("bolts.cod", cod)
    said = await t.slash(alice, "deck import", name="Bolts", file=att)
    assert said.startswith("Saved deck 'Bolts' (40 cards and a sideboard of 15)."), said  # the side zone
    assert "Fourth Edition: not legal: 15 copies of Shatter across deck and sideboard; at most 4" in said
    after = await t.slash(alice, "deck list")
    assert "Bolts (40)" not in before and "Bolts (40)" in after  # the failed imports saved nothing
    assert "X (" not in after
    # someone else's deck is not yours to show, delete or play
    assert "No deck called 'Bobs Deck'" in await t.slash(alice, "deck show", name="Bobs Deck")
    assert "no saved deck called 'Bobs Deck'" in await t.slash(alice, "deck delete", name="Bobs Deck")
    assert "No deck called 'Bobs Deck'" in await t.slash(alice, "challenge", opponent=bob, deck="Bobs Deck")
    assert "Bobs Deck (40)" in await t.slash(bob, "deck list")
    got = await t.acks(alice.autocomplete("deck show", name="Bobs"))
    assert got == []
    # a challenge that is not for you, and one that is no longer open
    r = await t.acks(alice.slash("challenge", opponent=bob))
    carol = t.fake.create_user("carol")
    res = await t.acks(carol.click(r.message, "Accept"))
    assert res.ephemeral and res.text == "This challenge is not for you."
    await t.acks(bob.click(r.message, "Decline"))
    assert "bob declined the challenge from alice" in r.message.text and not r.message.buttons
    rec = await t.bot.svc._get(1)
    assert rec.status == "cancelled"
    # no duel, or not yours
    assert "no duel #42" in (await t.slash(alice, "concede", duel=42)).lower()
    assert "no duel #42" in (await t.slash(alice, "duel log", duel=42)).lower()
    t.acks.check()
