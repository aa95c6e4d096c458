"""Artifact checks a duel script cannot express: secrets (hidden cards),
randomness, which questions were asked, ownership, random duels with
artifact decks."""
from __future__ import annotations

import random

import pytest

from engine import Duel, DuelOptions
from engine.players.random_player import RandomPlayer
from engine.scripts import run_steps as run, Runner


def secrets_of(r: Runner, who: int) -> list[str]:
    return [t for p, t in r.g.secrets if p == who]


def test_glasses_of_urza_shows_the_hand_to_its_controller_only() -> None:
    r = run({"active": "alice", "phase": "main",
             "players": {"alice": {"battlefield": ["Glasses of Urza"]},
                         "bob": {"hand": ["Lightning Bolt", "Counterspell"]}}},
            [{"alice": "activate Glasses of Urza -> bob"}, "resolve"])
    assert secrets_of(r, 0) == ["bob's hand: Counterspell, Lightning Bolt"]
    assert secrets_of(r, 1) == []
    assert not any("Counterspell" in e for e in r.g.events)
    assert r.duel.view(0)["secrets"] == ["bob's hand: Counterspell, Lightning Bolt"]
    assert r.duel.view(1)["secrets"] == [] and r.duel.view(None)["secrets"] == []


def test_glasses_of_urza_on_an_empty_hand() -> None:
    r = run({"active": "alice", "phase": "main",
             "players": {"alice": {"battlefield": ["Glasses of Urza"]}, "bob": {}}},
            [{"alice": "activate Glasses of Urza -> bob"}, "resolve"])
    assert secrets_of(r, 0) == ["bob's hand: empty"]


def test_aladdins_lamp_keeps_what_was_seen_secret() -> None:
    r = run({"active": "alice", "phase": "upkeep",
             "players": {"alice": {"battlefield": ["Aladdin's Lamp", "Island", "Island"],
                                   "library": ["Forest", "Swamp", "Plains"]},
                         "bob": {}}},
            [{"alice": "activate Aladdin's Lamp x=2"}, "resolve", {"alice": "choose Forest"}])
    g = r.g
    assert [c.name for c in g.players[0].hand] == ["Forest"]
    assert [c.name for c in g.players[0].library] == ["Plains", "Swamp"]
    assert secrets_of(r, 0) == ["Aladdin's Lamp: you look at Forest, Swamp."]
    assert secrets_of(r, 1) == []
    assert not any("Swamp" in e or "Forest" in e for e in g.events)


@pytest.mark.parametrize("seed", range(8))
def test_aladdins_lamp_puts_the_rest_at_the_bottom_in_a_random_order(seed: int) -> None:
    r = run({"active": "alice", "phase": "upkeep",
             "players": {"alice": {"battlefield": ["Aladdin's Lamp"] + ["Island"] * 4,
                                   "library": ["Forest", "Swamp", "Plains", "Mountain", "Hill Giant"]},
                         "bob": {}}},
            [{"alice": "activate Aladdin's Lamp x=4"}, "resolve", {"alice": "choose Plains"}], seed)
    lib = [c.name for c in r.g.players[0].library]
    assert lib[0] == "Hill Giant"
    assert sorted(lib[1:]) == ["Forest", "Mountain", "Swamp"]


@pytest.mark.parametrize("seed", range(10))
def test_bottle_of_suleiman_follows_the_call(seed: int) -> None:
    for call in ("heads", "tails"):
        r = run({"active": "alice", "phase": "main",
                 "players": {"alice": {"battlefield": ["Bottle of Suleiman", "Mountain"]}, "bob": {}}},
                [{"alice": "activate Bottle of Suleiman -> bob"}, {"bob": f"choose {call}"}, "resolve"], seed)
        g = r.g
        line = next(e for e in g.events if e.startswith("bob calls"))
        won_by_bob = line.endswith(f"comes up {call}.")
        djinns = [c for c in g.battlefield if c.name == "Djinn"]
        if won_by_bob:
            assert g.players[0].life == 15 and not djinns
        else:
            assert g.players[0].life == 20 and len(djinns) == 1 and djinns[0].token


def test_coral_helm_discards_at_random() -> None:
    seen = set()
    for seed in range(12):
        r = run({"active": "alice", "phase": "main",
                 "players": {"alice": {"hand": ["Lightning Bolt", "Counterspell", "Forest"],
                                       "battlefield": ["Coral Helm", "Grizzly Bears", "Island", "Island", "Island"]},
                             "bob": {}}},
                [{"alice": "activate Coral Helm -> Grizzly Bears"}, "resolve"], seed)
        gy = [c.name for c in r.g.players[0].graveyard]
        assert len(gy) == 1 and len(r.g.players[0].hand) == 2
        seen.add(gy[0])
    assert len(seen) > 1


def test_coral_helm_discard_is_a_cost_even_if_the_target_goes() -> None:
    r = run({"active": "bob", "phase": "main",
             "players": {"alice": {"hand": ["Forest"],
                                   "battlefield": ["Coral Helm", "Grizzly Bears", "Island", "Island", "Island"]},
                         "bob": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]}}},
            [{"alice": "activate Coral Helm -> Grizzly Bears"}, {"bob": "cast Lightning Bolt -> Grizzly Bears"},
             "resolve"])
    g = r.g
    assert sorted(c.name for c in g.players[0].graveyard) == ["Forest", "Grizzly Bears"]


def _soul_net_questions(r: Runner) -> int:
    return sum(1 for p, a in r.duel.history if p == 0 and a in ("choose yes", "choose no"))


def test_soul_net_is_not_offered_for_a_land() -> None:
    r = run({"active": "alice", "phase": "main",
             "players": {"alice": {"hand": ["Stone Rain"],
                                   "battlefield": ["Mountain", "Mountain", "Mountain", "Mountain", "Soul Net"]},
                         "bob": {"battlefield": ["Forest"]}}},
            [{"alice": "cast Stone Rain -> Forest"}, "resolve"])
    assert [c.name for c in r.g.players[1].graveyard] == ["Forest"]
    assert _soul_net_questions(r) == 0


def test_soul_net_is_offered_once_per_creature() -> None:
    r = run({"active": "alice", "phase": "main",
             "players": {"alice": {"hand": ["Wrath of God"],
                                   "battlefield": ["Plains"] * 6 + ["Soul Net"]},
                         "bob": {"battlefield": ["Grizzly Bears", "Hill Giant"]}}},
            [{"alice": "cast Wrath of God"}, "resolve"])
    assert _soul_net_questions(r) == 2


def test_a_tapped_soul_net_asks_nothing() -> None:
    r = run({"active": "alice", "phase": "main",
             "players": {"alice": {"hand": ["Lightning Bolt"],
                                   "battlefield": ["Mountain", "Plains", {"name": "Soul Net", "tapped": True}]},
                         "bob": {"battlefield": ["Grizzly Bears"]}}},
            [{"alice": "cast Lightning Bolt -> Grizzly Bears"}, "resolve"])
    assert _soul_net_questions(r) == 0


def test_bronze_tablet_exchange_changes_owners_and_the_duel_keeps_them() -> None:
    r = run({"active": "alice", "phase": "main",
             "players": {"alice": {"battlefield": ["Bronze Tablet", "Plains", "Plains", "Plains", "Plains"],
                                   "ante": ["Plains"]},
                         "bob": {"battlefield": ["Serra Angel"], "ante": ["Island"]}}},
            [{"alice": "activate Bronze Tablet -> Serra Angel"}, {"bob": "choose no"}, "resolve"])
    g = r.g
    angel = g.players[0].removed[0]
    tablet = g.players[1].removed[0]
    assert (angel.name, angel.owner) == ("Serra Angel", 0)
    assert (tablet.name, tablet.owner) == ("Bronze Tablet", 1)


def test_library_of_leng_random_discard_is_shown_secretly() -> None:
    from engine.effects import discard_card
    r = run({"active": "alice", "phase": "main",
             "players": {"alice": {"hand": ["Counterspell"], "battlefield": ["Library of Leng"],
                                   "library": ["Forest"]},
                         "bob": {}}}, [])
    g = r.g
    card = g.players[0].hand[0]
    gen = discard_card(g, 0, card, by=1, at_random=True)
    d = next(gen)
    assert d.player == 0 and "Counterspell" not in d.prompt
    assert secrets_of(r, 0) == ["You must discard Counterspell."]
    with pytest.raises(StopIteration):
        gen.send("choose yes")
    assert [c.name for c in g.players[0].library] == ["Counterspell", "Forest"]
    assert not any("Counterspell" in e for e in g.events)


def test_sunglasses_pay_red_with_white_only_when_needed() -> None:
    r = run({"active": "alice", "phase": "main",
             "players": {"alice": {"hand": ["Lightning Bolt"], "mana_pool": "WR",
                                   "battlefield": ["Sunglasses of Urza"]},
                         "bob": {}}},
            [{"alice": "cast Lightning Bolt -> bob pay=pool"}, "resolve"])
    assert r.g.players[0].pool.text() == "W"
    assert r.g.players[1].life == 17


ARTIFACT_DECKS = [
    ["Mountain"] * 12 + ["Swamp"] * 5 + ["Hill Giant", "Gray Ogre", "Grizzly Bears", "Lightning Bolt",
                                          "Rod of Ruin", "Aladdin's Lamp", "Amulet of Kroog", "Ankh of Mishra",
                                          "Ashnod's Battle Gear", "Black Mana Battery", "Red Mana Battery",
                                          "Bottle of Suleiman", "Celestial Prism", "Conservator", "Coral Helm",
                                          "Cursed Rack", "Dingus Egg", "Disrupting Scepter", "Ebony Horse",
                                          "Fellwar Stone", "Flying Carpet", "Iron Star", "Ivory Tower",
                                          "Kormus Bell"],
    ["Island"] * 10 + ["Forest"] * 7 + ["Grizzly Bears", "Merfolk of the Pearl Trident", "Animate Artifact",
                                         "Steal Artifact", "Relic Bind", "Living Artifact", "Jade Monolith",
                                         "Jandor's Saddlebags", "Jayemdae Tome", "Library of Leng", "Mana Vault",
                                         "Meekstone", "Millstone", "Nevinyrral's Disk", "Sunglasses of Urza",
                                         "Tawnos's Wand", "The Hive", "The Rack", "Throne of Bone",
                                         "Wooden Sphere", "Winter Orb", "Crystal Rod", "Howling Mine"],
]


@pytest.mark.parametrize("seed", range(6))
def test_random_duels_with_artifact_decks(seed: int) -> None:
    """Duels between random players with decks full of these artifacts end
    without error and replay identically."""
    r = random.Random(seed)
    decks = (ARTIFACT_DECKS[seed % 2], ARTIFACT_DECKS[1 - seed % 2])
    duel = Duel.new(seed, decks, DuelOptions(ante=True))
    players = (RandomPlayer(seed * 2), RandomPlayer(seed * 2 + 1))
    steps = 0
    while duel.pending is not None and steps < 20000:
        d = duel.pending
        duel.apply(players[d.player].choose(d))
        steps += 1
    assert duel.pending is None, f"seed {seed} did not finish"
    again = Duel.new(seed, decks, DuelOptions(ante=True)).replay(duel.history)
    assert again.state_hash() == duel.state_hash()
    _ = r
