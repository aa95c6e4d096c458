"""The board picture (:mod:`bot.picture`): how long a late-game board takes to
draw and how large its PNG is, and what the picture adds to a duel in Discord
(uploads and bytes per duel, from duels between sensible players: the board
message is edited at every answer as before; the picture goes with the edit
only when :func:`bot.picture.moment` changed).

The late-game board has 70+ permanents (creatures with auras, counters and
damage, tapped lands, artifacts, an attacking band and its blockers)."""
from __future__ import annotations

import random
import time
from typing import Any

from engine.scripts import Runner, run_step, run_steps

from .common import Result, Target, say, summary

ALICE_CREATURES = ["Serra Angel", "Benalish Hero", "Mesa Pegasus", "Grizzly Bears", "Grizzly Bears", "Hill Giant",
                   "Gosta Dirk", "Nicol Bolas", "Two-Headed Giant of Foriys", "Ayesha Tanaka", "Kei Takahashi",
                   "Wood Elemental", "Emerald Dragonfly", "Righteous Avengers", "Veteran Bodyguard", "Squire",
                   "Wall of Stone"]
BOB_CREATURES = ["Hypnotic Specter", "Black Knight", "Sol'kanar the Swamp King", "Nebuchadnezzar", "Wall of Ice",
                 "Electric Eel", "Phantom Monster", "Ur-Drago", "Uncle Istvan", "Spitting Slug", "Grave Robbers",
                 "Goblins of the Flarg", "Fungusaur", "Riven Turnbull", "Sivitri Scarzam", "Rasputin Dreamweaver",
                 "Wall of Tombstones"]
ALICE_OTHERS = ["Mox Pearl", "Jayemdae Tome", "Circle of Protection: Blue", "Divine Intervention", "Winter Orb",
                "Ashnod's Altar", "Reflecting Mirror"]
BOB_OTHERS = ["The Rack", "Smoke", "Haunting Wind", "Damping Field", "Lifeblood", "Brass Man", "Tablet of Epityr"]


def late_game_setup() -> dict[str, Any]:
    """A late-game position: 36+ permanents a side."""
    def lands(basics: dict[str, int], tapped: int, extra: list[str]) -> list[Any]:
        out: list[Any] = []
        for name, n in basics.items():
            for i in range(n):
                out.append({"name": name, "tapped": i < tapped})
        return out + extra
    alice = ([{"name": n, "damage": 1} if n == "Hill Giant" else n for n in ALICE_CREATURES] + ALICE_OTHERS
             + lands({"Plains": 6, "Forest": 4}, 3, ["Savannah", "Mishra's Factory", "Library of Alexandria"])
             + [{"name": "Holy Strength", "attached_to": "Serra Angel"},
                {"name": "Giant Strength", "attached_to": "Hill Giant"},
                {"name": "Lure", "attached_to": "Grizzly Bears#1"}])
    bob = ([{"name": n, "counters": {"+1/+1": 2}} if n == "Fungusaur" else n for n in BOB_CREATURES] + BOB_OTHERS
           + lands({"Swamp": 6, "Island": 3, "Mountain": 3}, 4, ["Badlands", "Volcanic Island"])
           + [{"name": "Weakness", "attached_to": "Hypnotic Specter"},
              {"name": "Regeneration", "attached_to": "Sol'kanar the Swamp King"}])
    return {"active": "alice", "turn": 14, "phase": "main",
            "players": {"alice": {"life": 9, "battlefield": alice, "graveyard": ["Lightning Bolt", "Disenchant"],
                                  "hand": ["Plains", "Counterspell"]},
                        "bob": {"life": 13, "poison": 3, "battlefield": bob,
                                "graveyard": ["Dark Ritual", "Terror", "Sinkhole"], "hand": ["Swamp"] * 3}}}


def late_game(combat: bool = True) -> Runner:
    """The late-game position, with a band attacking and blocked when *combat*."""
    steps: list[Any] = []
    if combat:
        steps = [{"alice": "attack Benalish Hero+Serra Angel, Hill Giant, Grizzly Bears#2"},
                 {"bob": "block Benalish Hero with Wall of Ice; Hill Giant with Black Knight"}]
    return run_steps(late_game_setup(), steps)


def picture_bench(rounds: int = 40, duels: int = 20) -> Result:
    from bot.picture import board_picture, font

    runner = late_game()
    v = runner.duel.view(None)
    board_picture(v)  # fonts loaded once, as in a running bot
    times, size = [], 0
    for _ in range(rounds):
        t = time.perf_counter()
        pic = board_picture(v)
        times.append(time.perf_counter() - t)
        size = len(pic.png)
    n = len(v["battlefield"])
    stats = summary(times, 1000)
    say(f"picture: {n} permanents, p50 {stats['p50']:.1f} ms, PNG {size / 1024:.0f} KB, {pic.size[0]}x{pic.size[1]}")
    per_duel = uploads_per_duel(duels)
    _ = font
    return Result("picture", {"permanents": n, "draw_ms": stats, "png_bytes": size, "size": list(pic.size),
                              **per_duel},
                  [Target("late-game board p50 (ms)", stats["p50"], 50, "<="),
                   Target("late-game PNG (KB)", size / 1024, 300, "<=")])


def uploads_per_duel(duels: int) -> dict[str, Any]:
    """Duels between sensible players: how many board edits (one per answer), how
    many of them carry a new picture, and its bytes."""
    from engine.decks import PRECONS
    from engine.duel import Duel
    from engine.sensible import SensiblePlayer

    from bot.picture import board_picture, moment

    rng = random.Random(7)
    edits = uploads = total = 0
    for i in range(duels):
        decks = rng.sample(sorted(PRECONS), 2)
        duel = Duel.new(1000 + i, (PRECONS[decks[0]], PRECONS[decks[1]]), names=("alice", "bob"))
        players = [SensiblePlayer(i * 2 + p) for p in (0, 1)]
        last = None
        while duel.pending is not None and len(duel.history) < 3000:
            d = duel.pending
            duel.apply(players[d.player].choose(duel, d))
            edits += 1
            v = duel.view(None)
            key = moment(v)
            if key != last:
                last = key
                uploads += 1
                total += len(board_picture(v).png)
    return {"duels": duels, "edits_per_duel": edits / duels, "uploads_per_duel": uploads / duels,
            "picture_kb_per_duel": total / duels / 1024, "kb_per_upload": total / max(1, uploads) / 1024}


def main_for_sample(path: str) -> None:  # pragma: no cover - for looking at the picture by hand
    from bot.picture import board_picture

    with open(path, "wb") as f:
        f.write(board_picture(late_game().duel.view(None)).png)
    _ = run_step
