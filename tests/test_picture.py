"""The picture of the board (bot.picture): drawn from the public view only,
every permanent of a crowded board placed, written by ``manaburn script
--picture`` and ``manaburn replay --gif``, and shown in Discord: the thread's
board message carries it (edited in place), a panel's button shows it
privately, and panels of decisions taken looking at the board show both
battlefields."""
from __future__ import annotations

import io
import random
import sys
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest
import yaml
from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.picture_bench import late_game  # noqa: E402
from bot.cli import main  # noqa: E402
from bot.picture import board_picture, moment  # noqa: E402
from engine.decks import PRECONS  # noqa: E402
from engine.duel import Duel  # noqa: E402
from engine.scripts import run_steps  # noqa: E402
from engine.players.sensible import SensiblePlayer  # noqa: E402


def position(hand: list[str], library: list[str], extra: list[str] = ()) -> dict[str, Any]:
    return {"active": "alice", "phase": "main", "players": {
        "alice": {"life": 17, "battlefield": ["Hill Giant", "Grizzly Bears", "Forest", "Forest",
                                              {"name": "Mountain", "tapped": True},
                                              {"name": "Holy Strength", "attached_to": "Hill Giant"}, *extra],
                  "hand": hand, "library": library, "graveyard": ["Lightning Bolt"]},
        "bob": {"battlefield": ["Pearled Unicorn", "Benalish Hero", "Plains"], "hand": ["Swamp"],
                "library": ["Plains"] * 10}}}


def picture_after(setup: dict[str, Any]) -> bytes:
    r = run_steps(setup, [{"alice": "attack Hill Giant"}, {"bob": "block Hill Giant with Pearled Unicorn"}])
    return board_picture(r.duel.view(None)).png


def test_the_picture_is_drawn_from_the_public_view_only() -> None:
    # two duels that differ only in hidden cards (alice's hand and library): the same bytes
    a = picture_after(position(["Lightning Bolt", "Giant Growth"], ["Forest"] * 10))
    b = picture_after(position(["Shivan Dragon", "Counterspell"], ["Island"] * 4 + ["Swamp"] * 6))
    assert a == b
    # what is public does change it
    c = picture_after(position(["Lightning Bolt", "Giant Growth"], ["Forest"] * 10, extra=["Sol Ring"]))
    assert c != a
    # and a player's own view (their hand in it) is refused
    r = run_steps(position(["Lightning Bolt"], ["Forest"] * 10), [])
    with pytest.raises(ValueError):
        board_picture(r.duel.view(0))


def test_every_permanent_of_a_crowded_board_is_placed_once_without_overlap() -> None:
    duel = late_game().duel
    v = duel.view(None)
    assert len(v["battlefield"]) >= 60 and sum(p["controller"] == 0 for p in v["battlefield"]) >= 36
    pic = board_picture(v)
    refs = pic.refs()
    assert sorted(refs) == sorted(p["ref"] for p in v["battlefield"])  # each permanent once
    w, h = pic.size
    assert Image.open(io.BytesIO(pic.png)).size == (w, h)
    boxes = [p.box for p in pic.placed]
    for x0, y0, x1, y1 in boxes:
        assert 0 <= x0 < x1 <= w and 0 <= y0 < y1 <= h
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
    by_ref = {p["ref"]: p for p in v["battlefield"]}
    for placed in pic.placed:
        perm = by_ref[placed.refs[0]]
        x0, y0, x1, y1 = placed.box
        if placed.kind == "aura":
            host = next(q for q in pic.placed if perm["attached_to"] in q.refs)
            assert host.box[0] == x0 and host.box[3] <= y0  # under what it enchants
        elif placed.kind == "card":
            assert (x1 - x0 > y1 - y0) == perm["tapped"]  # a tapped card is turned sideways
        else:  # plain lands of one name, all tapped or all untapped
            assert len({by_ref[r]["name"] for r in placed.refs}) == 1
            assert {by_ref[r]["tapped"] for r in placed.refs} == {placed.tapped}
        # each player's permanents on their own side: player 0 at the bottom
        middle = h / 2
        assert (y0 > middle) == (perm["controller"] == 0 if placed.kind != "aura" else
                                 by_ref[perm["attached_to"]]["controller"] == 0)
    # the same board, the same bytes
    assert board_picture(v).png == pic.png


def test_the_moment_changes_at_a_step_not_at_mana() -> None:
    r = run_steps(position(["Giant Growth"], ["Forest"] * 10), [])
    before = moment(r.duel.view(None))
    r.duel.apply("tap Forest#1 for G", player=0)
    assert moment(r.duel.view(None)) == before  # mana: no new picture
    r.duel.apply("cast Giant Growth", player=0)
    r.duel.apply("target Hill Giant", player=0)
    assert moment(r.duel.view(None)) == before  # a spell being put together: not yet
    r.duel.apply("pay", player=0)
    assert r.duel.view(None)["spells"]
    assert moment(r.duel.view(None)) != before  # a spell being cast: a new picture


def duel_log(path: Path, answers: int) -> Path:
    names = ["alice", "bob"]
    decks = [PRECONS[d] for d in sorted(PRECONS)[:2]]
    duel = Duel.new(5, (decks[0], decks[1]), names=("alice", "bob"))
    players = [SensiblePlayer(1), SensiblePlayer(2)]
    while duel.pending is not None and len(duel.history) < answers:
        d = duel.pending
        duel.apply(players[d.player].choose(duel, d))
    doc = {"name": "a duel's log", "setup": {"seed": 5, "names": names,
                                             "decks": {n: list(d) for n, d in zip(names, decks)},
                                             "options": asdict(duel.options)},
           "steps": [{"replay": [f"{names[p]}: {t}" for p, t in duel.history]},
                     {"expect": {"duel": {"state_hash": duel.state_hash()}}}]}
    path.write_text(yaml.safe_dump(doc, sort_keys=False))
    return path


def test_script_picture_and_replay_gif_write_valid_files(tmp_path: Path, capsys: Any) -> None:
    script = ROOT / "tests" / "scripts"
    scenario = next(p for p in sorted((ROOT.parent / "shared" / "scenarios").glob("*.yaml"))) \
        if (ROOT.parent / "shared" / "scenarios").is_dir() else next(script.rglob("*.yaml"))
    out = tmp_path / "end.png"
    assert main(["script", str(scenario), "--picture", str(out)]) == 0
    im = Image.open(out)
    assert im.format == "PNG" and im.width >= 600
    im.verify()
    assert "picture of the board" in capsys.readouterr().out
    # more than one file: refused, nothing written
    assert main(["script", str(scenario), str(scenario), "--picture", str(tmp_path / "x.png")]) == 2
    assert not (tmp_path / "x.png").exists()

    log = duel_log(tmp_path / "log.yaml", 60)
    gif = tmp_path / "replay.gif"
    assert main(["replay", str(log), "--gif", str(gif)]) == 0
    im = Image.open(gif)
    assert im.format == "GIF" and im.n_frames > 3 and im.info.get("loop") == 0
    # a log that is not one: a clear message, exit 1
    bad = tmp_path / "bad.yaml"
    bad.write_text("steps: [1, 2\n")
    capsys.readouterr()
    assert main(["replay", str(bad), "--gif", str(tmp_path / "bad.gif")]) == 1
    assert "manaburn replay" in capsys.readouterr().err and not (tmp_path / "bad.gif").exists()


def test_the_terminals_board_command_writes_the_picture(tmp_path: Path) -> None:
    from bot.terminal import TerminalDuel
    from engine.players.random_player import RandomPlayer
    from engine.scripts import build_position

    spec = {"active": "you", "phase": "main", "players": {
        "you": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain", "Grizzly Bears"]},
        "computer": {"battlefield": ["Hill Giant", "Forest"]}}}
    duel = Duel(lambda: build_position(spec))
    out = io.StringIO()
    target = tmp_path / "now.png"
    TerminalDuel(duel, RandomPlayer(1), io.StringIO(f"board {target}\nboard /nonexistent/dir/x.png\n"), out).run()
    text = out.getvalue()
    assert f"Picture of the board: {target}" in text
    assert "Cannot write the picture to /nonexistent/dir/x.png" in text
    im = Image.open(target)
    assert im.format == "PNG"
    # the player who typed it has their side at the bottom; what is drawn is public only
    assert target.read_bytes() == board_picture(duel.view(None), bottom=0).png


# ------------------------------------------------------------------ in Discord

from bot.app import ManaburnBot  # noqa: E402
from bot.panels import board_message  # noqa: E402
from bot.publishing import moment_key  # noqa: E402
from fakediscord import FakeDiscord, SimUser  # noqa: E402
from tests.two_workers import workers  # noqa: E402

pytest_plugins = ["fakediscord.pytest_plugin"]
panel = SimUser.last_dm_with_controls


async def test_the_board_message_carries_the_picture_edited_in_place(fake_discord: FakeDiscord,
                                                                    tmp_path: Path) -> None:
    from test_bot_e2e import do, duel_in, idle, pick, start_duel

    fake = fake_discord
    alice, bob = fake.create_user("alice"), fake.create_user("bob")
    bot = ManaburnBot(str(tmp_path / "m.db"), guild_id=fake.guild.id, sweep_seconds=0)
    rng = random.Random(4)
    async with fake.run_bot(bot):
        thread = await start_duel(fake, alice, bob)
        await fake.wait_for(lambda: panel(alice) or panel(bob))
        clicks = 0
        for _ in range(40):
            await fake.wait_for(lambda: panel(alice) or panel(bob))
            u = alice if panel(alice) else bob
            await do(u, panel(u), pick(panel(u), rng))
            clicks += 1
        await fake.wait_for(lambda: panel(alice) or panel(bob))
        boards = [m for m in alice.visible_messages(thread) if m.text.startswith("**Duel #")]
        assert len(boards) == 1  # one board message, edited in place
        board = boards[0]
        assert "```" in board.text  # the text board is kept
        assert [a.filename for a in board.attachments] == ["board.png"]
        shown = Image.open(io.BytesIO(board.attachments[0].data))
        assert shown.format == "PNG"
        # once the board message shows the duel as it is now, its picture is of the latest moment
        await fake.wait_for(lambda: idle(bot))
        live = await bot.svc.live(await duel_in(bot, thread))  # from storage: either worker may have answered
        await fake.wait_for(lambda: board.text == board_message(live))
        # (on two workers: the one that edited the board last)
        assert moment_key(live.duel.view(None)) in [w._board_moments.get(live.record.id, (0, None))[1]
                                                    for w in workers(bot)]
        # edited at new steps and resolutions, not at every edit of the board
        versions = [tuple(a.id for a in h["attachments"]) for h in board.history] + [
            tuple(a.id for a in board.attachments)]
        pictures = len(set(versions))
        assert 1 < pictures < len(versions), (pictures, len(versions))
        uploads = [c for c in fake.calls if c.method == "PATCH" and c.files == ["board.png"]]
        assert len(uploads) == pictures - 1

        # panels of attacks (and blocks, targets, responses) list both battlefields
        shown_boards = [t for u in (alice, bob) for m in u.dms()
                        for t in [m.text] + [h.get("content", "") for h in m.history] if "> **You**: " in t]
        assert shown_boards and all("> **alice**: " in t or "> **bob**: " in t for t in shown_boards)

        # the panel's "Board picture": privately, the same public picture
        u = alice if panel(alice) else bob
        r = await u.click(panel(u), "Board picture")
        assert r.ephemeral and r.message.attachments
        assert Image.open(io.BytesIO(r.message.attachments[0].data)).format == "PNG"


def test_a_panel_to_block_shows_both_battlefields() -> None:
    from bot.panels import battlefields_text, needs_board
    from engine.decisions import DecisionKind

    r = run_steps(position([], ["Forest"] * 10), [{"alice": "attack Hill Giant"}])
    while r.duel.pending.kind is not DecisionKind.BLOCK:
        r.duel.apply(r.duel.pending.decline or r.duel.pending.choices[0], player=r.duel.pending.player)
    d = r.duel.pending
    assert d.player == 1 and needs_board(d, r.duel.playing.spells)
    text = battlefields_text(r.duel.view(1), 1)
    assert "**You**: Pearled Unicorn 2/2" in text and "Benalish Hero 1/1 banding" in text
    assert "**alice**: Hill Giant 4/5 (tapped)" in text and "Forest x2" in text


def test_an_attacker_gone_in_combat_leaves_no_empty_name_on_the_board() -> None:
    # the blocked Hill Giant is bolted after blocks: its band keeps its place (blocks are
    # numbered by band), the board shows neither "Attacking: , Grizzly Bears" nor
    # "  blocked by" without an attacker, and the picture is drawn
    from bot.render import board_text
    spec = {"active": "alice", "phase": "main",
            "players": {"alice": {"battlefield": ["Hill Giant", "Grizzly Bears"]},
                        "bob": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain", "Wall of Stone"]}}}
    r = run_steps(spec, [{"alice": "attack Hill Giant, Grizzly Bears"}, {"bob": "block Hill Giant with Wall of Stone"},
                         {"bob": "cast Lightning Bolt -> Hill Giant"}, "resolve"])
    v = r.duel.view(None)
    assert [] in v["combat"]["bands"]  # the Giant's band, kept empty
    text = board_text(v)
    assert "Attacking: Grizzly Bears\n" in text + "\n"
    assert "blocked by" not in text
    assert Image.open(io.BytesIO(board_picture(v).png)).format == "PNG"
