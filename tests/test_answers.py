"""Answers typed by people (terminal, bot, scripts) that hold odd numbers are
refused with :class:`IllegalAction`, never a bare ``ValueError`` or a crash."""
from __future__ import annotations

import argparse
import io
from pathlib import Path

import pytest

from bot.service import DuelError, DuelService
from bot.terminal import play
from engine.players.random_player import RandomPlayer
from engine.decisions import DecisionKind, IllegalAction, read_number
from storage.db import Database
from engine.scripts import run_steps

BOLT = {"active": "alice", "phase": "main",
        "players": {"alice": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain", "Forest", "Forest"]},
                    "bob": {"battlefield": ["Grizzly Bears", "Grizzly Bears"]}}}

ODD = ["9" * 5000, "²", "٣", "1_0", "-1", "+2", " ", "1e3", "0x1"]


@pytest.mark.parametrize("num", ODD, ids=range(len(ODD)))
def test_a_reference_with_an_odd_number_is_an_illegal_action(num: str) -> None:
    duel = run_steps(BOLT, []).duel
    duel.apply("cast Lightning Bolt", player=0)
    before = duel.state_hash()
    with pytest.raises(IllegalAction):
        duel.apply(f"target Grizzly Bears#{num}", player=0)
    assert duel.state_hash() == before
    duel.apply("target Grizzly Bears#2", player=0)  # the duel goes on


def test_a_huge_reference_number_says_what_is_wrong() -> None:
    duel = run_steps(BOLT, []).duel
    duel.apply("cast Lightning Bolt", player=0)
    with pytest.raises(IllegalAction) as e:
        duel.apply("target Grizzly Bears#" + "9" * 5000, player=0)
    assert "too large" in str(e.value) and len(str(e.value)) < 300


@pytest.mark.parametrize("num", ODD, ids=range(len(ODD)))
def test_an_odd_number_in_a_damage_assignment_is_an_illegal_action(num: str) -> None:
    setup = {"active": "alice", "phase": "main",
             "players": {"alice": {"battlefield": ["Craw Wurm"]},
                         "bob": {"battlefield": ["Grizzly Bears", "Llanowar Elves"]}}}
    runner = run_steps(setup, [{"alice": "attack Craw Wurm"},
                               {"bob": "block Craw Wurm with Grizzly Bears, Llanowar Elves"}])
    for _ in range(20):
        d = runner.duel.pending
        if d.kind.value == "assign":
            break
        runner.duel.apply(d.decline)
    with pytest.raises(IllegalAction):
        runner.duel.apply(f"assign {num} to Grizzly Bears, 4 to Llanowar Elves", player=0)
    runner.duel.apply("assign 2 to Grizzly Bears, 4 to Llanowar Elves", player=0)


@pytest.mark.parametrize("num", ["9" * 5000, "٣", "1_0"], ids=range(3))
def test_an_odd_ability_number_is_an_illegal_action(num: str) -> None:
    setup = {"active": "alice", "phase": "main",
             "players": {"alice": {"battlefield": ["Prodigal Sorcerer", "Mountain"]}, "bob": {}}}
    duel = run_steps(setup, []).duel
    with pytest.raises(IllegalAction):
        duel.apply(f"activate Prodigal Sorcerer ability={num}", player=0)
    # a replayed history is read without listing the choices first
    with pytest.raises(IllegalAction):
        duel.fresh().replay([(0, "tap Mountain for R"), (0, f"activate Prodigal Sorcerer ability={num}")])


def test_read_number() -> None:
    assert read_number("12") == 12
    assert read_number(" 7 ") == 7
    for bad in ODD + ["", "1234567"]:
        with pytest.raises(IllegalAction):
            read_number(bad)


def test_the_terminal_survives_odd_numbers() -> None:
    args = argparse.Namespace(seed=5, deck="Red Burn", opponent_deck="Green Stompy", vs="random")
    out = io.StringIO()
    lines = ["²", "9" * 5000, "٣", "target Forest#" + "9" * 5000, "quit", "yes"]
    assert play(args, io.StringIO("\n".join(lines) + "\n"), out) == 0
    text = out.getvalue()  # each odd line was refused (the wording is the terminal's), then "quit" ended it
    assert "The duel is over" in text


async def test_the_bot_answers_an_odd_number_with_not_legal(tmp_path: Path) -> None:
    """Through the bot's duel service (what a typed answer on Discord reaches)."""
    db = await Database.open(tmp_path / "t.db")
    svc = DuelService(db)
    rec = await svc.challenge(guild_id="1", channel_id="2", challenger=("100", "alice"), opponent=("200", "bob"),
                              deck="Red Burn", ante=False)
    await svc.accept(rec.id, "200", "Green Stompy")
    bots = (RandomPlayer(1), RandomPlayer(2))
    for _ in range(200):  # on to a decision that reads references (a fast effect or pass)
        live = await svc.live(rec.id)
        d = live.duel.pending
        assert d is not None
        if d.kind in (DecisionKind.OPPORTUNITY, DecisionKind.RESPOND):
            break
        await svc.answer(rec.id, live.record.player_ids[d.player], live.seq, bots[d.player].choose(d))
    uid = live.record.player_ids[d.player]
    before = live.duel.state_hash()
    for text in ("activate Mountain#" + "9" * 5000, "target Forest#" + "9" * 5000, "tap Forest#²  for G"):
        with pytest.raises(DuelError, match="Not legal"):
            await svc.answer(rec.id, uid, live.seq, text)
    assert (await svc.live(rec.id)).duel.state_hash() == before
    await db.close()
