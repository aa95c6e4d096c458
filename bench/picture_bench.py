"""The board picture (:mod:`bot.picture`): how long a late-game board takes to
draw and how large its PNG is, and what the picture adds to a duel in Discord
(uploads and bytes per duel, from duels between sensible players: the board
message is edited at every answer as before; the picture goes with the edit
only when :func:`bot.picture.moment` changed).

The late-game board has 70+ permanents (creatures with auras, counters and
damage, tapped lands, artifacts, an attacking band and its blockers)."""
from __future__ import annotations

import os
import random
import time
from typing import Any

from engine.scripts import Runner, run_steps

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


def run(quick: bool = False, **_: Any) -> Result:
    rounds, duels = (5, 2) if quick else (40, 20)
    return picture_bench(rounds, duels)


def picture_bench(rounds: int = 40, duels: int = 20) -> Result:
    """The late-game board drawn *rounds* times, cold (every card image drawn) and
    warm (as in a duel, where a new step redraws only the cards that changed);
    then *duels* duels for the uploads. Wall time and the process's CPU time
    (the figure that a machine shared with other work does not inflate)."""
    from bot.picture import CACHES, board_picture

    v = late_game().duel.view(None)
    board_picture(v)  # fonts loaded once, as in a running bot
    times: dict[str, list[float]] = {"cold": [], "warm": [], "cold_cpu": [], "warm_cpu": []}
    size = 0
    for _ in range(rounds):
        for cache in CACHES:
            cache.cache_clear()
        for kind in ("cold", "warm"):
            t, c = time.perf_counter(), time.process_time()
            pic = board_picture(v)
            times[kind].append(time.perf_counter() - t)
            times[kind + "_cpu"].append(time.process_time() - c)
        size = len(pic.png)
    n = len(v["battlefield"])
    st = {k: summary(x, 1000) for k, x in times.items()}
    say(f"picture: {n} permanents, p50 cold {st['cold']['p50']:.1f} ms ({st['cold_cpu']['p50']:.1f} ms CPU), "
        f"warm {st['warm']['p50']:.1f} ms ({st['warm_cpu']['p50']:.1f} ms CPU), PNG {size / 1024:.0f} KB, "
        f"{pic.size[0]}x{pic.size[1]}")
    per_duel = uploads_per_duel(duels)
    say(f"picture: per duel {per_duel['edits_per_duel']:.0f} board edits, {per_duel['uploads_per_duel']:.0f} with a "
        f"picture, {per_duel['picture_kb_per_duel']:.0f} KB")
    res = Result("picture", "Board picture: late-game drawing, PNG size, uploads per duel")
    res.params = {"rounds": rounds, "duels": duels, "board": "bench.picture_bench.late_game_setup (combat)",
                  "duel players": "engine.players.sensible.SensiblePlayer, default stops", "load": os.getloadavg()[0]}
    res.figures = {"permanents": n, **{f"{k}_ms": x for k, x in st.items()}, "png_bytes": size,
                   "size": list(pic.size), **per_duel}
    res.targets = [Target("late-game board p50, warm (CPU)", st["warm_cpu"]["p50"], 50, "<=", "ms"),
                   Target("late-game board p50, cold (CPU)", st["cold_cpu"]["p50"], 50, "<=", "ms"),
                   Target("late-game PNG", round(size / 1024, 1), 300, "<=", "KB")]
    res.notes = ["cold: every card image drawn; warm: the card images of the same board kept (bot.picture.CARD_CACHE), "
                 "as when a step redraws a board whose cards mostly did not change",
                 "uploads: the board message is edited at every answer that reaches a player (as before); the picture "
                 "rides on that edit (no REST call of its own) only when bot.picture.moment changed"]
    return res


def uploads_per_duel(duels: int) -> dict[str, Any]:
    """Duels between sensible players with the bot's default stops: the board
    message is edited once per answer that reaches a player (each a publish);
    how many of those edits carry a new picture, and its bytes."""
    from bot.autopass import DEFAULT_STOPS, auto_answer
    from bot.picture import board_picture, moment
    from engine.decks import PRECONS, decklist
    from engine.duel import Duel
    from engine.players.sensible import SensiblePlayer

    names = sorted(PRECONS)
    edits = uploads = total = 0
    for seed in range(duels):
        r = random.Random(seed)
        duel = Duel.new(seed, (decklist(r.choice(names)), decklist(r.choice(names))))
        players = (SensiblePlayer(seed * 2), SensiblePlayer(seed * 2 + 1))
        last = None
        n = 0
        while duel.pending is not None and n < 20000:
            d = duel.pending
            auto = auto_answer(duel.game, d, DEFAULT_STOPS)
            n += 1
            if auto is not None:
                duel.apply(auto, player=d.player)
                continue
            try:
                duel.apply(players[d.player].choose(duel, d), player=d.player)
            except Exception:  # the heuristics misread the board: a listed answer
                duel.apply(next((c for c in d.choices if c != "cancel"), d.choices[0]), player=d.player)
            while duel.pending is not None and (a := auto_answer(duel.game, duel.pending, DEFAULT_STOPS)):
                duel.apply(a, player=duel.pending.player)  # answered by the bot before the publish
            edits += 1  # the publish after the click
            v = duel.view(None)
            key = moment(v)
            if key != last:
                last = key
                uploads += 1
                total += len(board_picture(v).png)
    return {"duels": duels, "edits_per_duel": round(edits / duels, 1), "uploads_per_duel": round(uploads / duels, 1),
            "picture_kb_per_duel": round(total / duels / 1024, 1),
            "kb_per_upload": round(total / max(1, uploads) / 1024, 1)}


def main_for_sample(path: str) -> None:  # pragma: no cover - for looking at the picture by hand
    from bot.picture import board_picture

    with open(path, "wb") as f:
        f.write(board_picture(late_game().duel.view(None)).png)
