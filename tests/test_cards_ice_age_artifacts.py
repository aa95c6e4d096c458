"""Ice Age artifacts (engine/cards/ice_age_artifacts.py): random duels with
decks of these cards.

Each card has its duel scripts under tests/scripts/cards/ice_age/; here
random players play decks full of them (two of each, with snow-covered lands
for the cards that ask for them): no exception, the number of cards never
changes, views leak nothing hidden, and the replay is the same duel.
"""
from __future__ import annotations

import pytest
from test_random_duels import checked_duel_of

from engine import carddb
from engine.scripts import run_steps

#: Ice Age's own artifacts: those first printed in Ice Age (Icy Manipulator,
#: reprinted there, is an Antiquities card).
_EARLIER = frozenset({"LEA", "LEB", "2ED", "3ED", "4ED", "ARN", "ATQ", "LEG", "DRK", "FEM"})

_ONE = ("Adarkar Sentinel", "Aegis of the Meek", "Baton of Morale", "Fyndhorn Bow", "War Chariot",
        "Whalebone Glider", "Soldevi Simulacrum", "Wall of Shields", "Snow Fortress", "Walking Wall",
        "Skull Catapult", "Zuran Orb", "Despotic Scepter", "Hematite Talisman", "Malachite Talisman",
        "Soldevi Golem", "Naked Singularity", "Arcum's Weathervane", "Vexing Arcanix",
        "Jeweled Amulet", "Runed Arch")
_TWO = ("Pit Trap", "Celestial Sword", "Time Bomb", "Infinite Hourglass", "Staff of the Ages", "Vibrating Sphere",
        "Sunstone", "Arcum's Sleigh", "Pentagram of the Ages", "Shield of the Ages", "Goblin Lyre", "Urza's Bauble",
        "Barbed Sextant", "Jester's Cap", "Nacre Talisman", "Onyx Talisman", "Lapis Lazuli Talisman",
        "Crown of the Ages", "Jester's Mask", "Arcum's Whistle",
        "Amulet of Quoz", "Elkin Bottle", "Ice Cauldron")
ICE_AGE_ARTIFACTS = {
    "Ice Age Artifacts One": {"Snow-Covered Mountain": 10, "Mountain": 8, "Snow-Covered Forest": 10, "Forest": 8,
                              "Grizzly Bears": 4, **{n: 2 for n in _ONE}},
    "Ice Age Artifacts Two": {"Snow-Covered Plains": 10, "Plains": 8, "Snow-Covered Swamp": 10, "Swamp": 8,
                              "Savannah Lions": 4, **{n: 2 for n in _TWO}},
}
MINE = set(_ONE) | set(_TWO)
PLAYED: set[str] = set()


def test_the_decks_hold_every_implemented_ice_age_artifact() -> None:
    data = carddb.card_data()
    assert MINE == {n for n in carddb.implemented() if "ICE" in data[n].get("sets", [])
                    and "Artifact" in data[n]["type"] and not _EARLIER & set(data[n]["sets"])}


@pytest.mark.parametrize("seed", range(4))
def test_random_duels_with_ice_age_artifacts(seed: int) -> None:
    """Random players with decks of Ice Age artifacts: no exception, the card
    count never changes, views leak nothing hidden, the replay is the same duel."""
    checked_duel_of(seed, ICE_AGE_ARTIFACTS, PLAYED)


def test_the_random_duels_played_most_of_these_cards() -> None:
    if not PLAYED:
        pytest.skip("run with the random duels above")
    missing = sorted(MINE - PLAYED)
    assert len(missing) <= len(MINE) // 3, f"never played: {missing}"


def test_a_card_set_aside_to_be_played_goes_back_there_when_its_casting_is_cancelled() -> None:
    """Game.playable_elsewhere / effects.set_aside_playable (Elkin Bottle): a cast
    cancelled puts the card back where it was set aside, still playable, not in hand."""
    r = run_steps({"active": "alice", "phase": "main",
                   "players": {"alice": {"battlefield": ["Elkin Bottle"] + ["Mountain"] * 4,
                                         "library": ["Lightning Bolt", "Island", "Island"]},
                               "bob": {"battlefield": ["Grizzly Bears"]}}},
                  [{"alice": "activate Elkin Bottle"}, "resolve",
                   {"replay": ["alice: cast Lightning Bolt", "alice: cancel"]}])
    g = r.g
    assert [c.name for c in g.players[0].removed] == ["Lightning Bolt"] and not g.players[0].hand
    assert [c.name for c in g.playable_elsewhere(0)] == ["Lightning Bolt"] and g.playable_elsewhere(1) == []
    assert "cast Lightning Bolt" in g.fast_choices(0, r.duel.pending.kind, None)
