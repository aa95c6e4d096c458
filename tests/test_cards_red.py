"""Red cards whose checks a duel script cannot express (randomness, hidden cards)."""
from __future__ import annotations

import re

import pytest

from engine.scripts import run_steps as run


MANA_CLASH = {
    "active": "alice", "phase": "main",
    "players": {"alice": {"hand": ["Mana Clash"], "battlefield": ["Mountain"]}, "bob": {}},
}


@pytest.mark.parametrize("seed", range(12))
def test_mana_clash_tails_deal_damage_until_both_heads(seed: int) -> None:
    r = run(MANA_CLASH, [{"alice": "cast Mana Clash -> bob"}, "resolve"], seed)
    g = r.g
    flips = [re.match(r"Mana Clash: alice flips (heads|tails), bob flips (heads|tails)\.", e)
             for e in g.events]
    flips = [m for m in flips if m]
    assert flips, "no coin was flipped"
    # the flips stop exactly at the first time both come up heads
    assert flips[-1].groups() == ("heads", "heads")
    assert all(m.groups() != ("heads", "heads") for m in flips[:-1])
    a_tails = sum(m.group(1) == "tails" for m in flips)
    b_tails = sum(m.group(2) == "tails" for m in flips)
    assert g.players[0].life == 20 - a_tails
    assert g.players[1].life == 20 - b_tails
    assert [c.name for c in g.players[0].graveyard] == ["Mana Clash"]


def test_mana_clash_targets_only_an_opponent() -> None:
    from engine.scripts import ScriptError
    with pytest.raises(ScriptError):
        run(MANA_CLASH, [{"illegal": "alice: cast Mana Clash -> bob"}])
    run(MANA_CLASH, [{"illegal": "alice: cast Mana Clash -> alice"}])


EFREET = {
    "active": "alice", "phase": "main",
    "players": {"alice": {"ante": ["Plains"], "battlefield": ["Tempest Efreet"]},
                "bob": {"ante": ["Forest"], "hand": ["Shivan Dragon", "Gray Ogre", "Hill Giant"]}},
}


@pytest.mark.parametrize("seed", range(6))
def test_tempest_efreet_changes_ownership_for_good(seed: int) -> None:
    r = run(EFREET, [{"alice": "activate Tempest Efreet -> bob"}, {"bob": "choose no"}, "resolve"], seed)
    g = r.g
    alice, bob = g.players
    assert len(alice.hand) == 1 and len(bob.hand) == 2
    taken = alice.hand[0]
    assert taken.owner == 0 and taken.controller == 0
    assert {c.name for c in bob.hand} | {taken.name} == {"Shivan Dragon", "Gray Ogre", "Hill Giant"}
    assert [c.name for c in bob.graveyard] == ["Tempest Efreet"] and bob.graveyard[0].owner == 1
    # the card taken is not named in the public log; both players are told privately
    assert not any(taken.name in e for e in g.events)
    assert sorted(p for p, text in g.secrets if taken.name in text) == [0, 1]


def test_tempest_efreet_owner_change_lasts_when_the_card_moves_again() -> None:
    setup = {
        "active": "alice", "phase": "main",
        "players": {"alice": {"ante": ["Plains"], "battlefield": ["Tempest Efreet", "Mountain", "Mountain",
                                                                  "Mountain"]},
                    "bob": {"ante": ["Forest"], "hand": ["Gray Ogre"]}},
    }
    r = run(setup, [{"alice": "activate Tempest Efreet -> bob"}, {"bob": "choose no"}, "resolve",
                    {"alice": "cast Gray Ogre"}, "resolve"])
    g = r.g
    ogre = next(c for c in g.battlefield if c.name == "Gray Ogre")
    assert ogre.owner == 0 and g.controller(ogre) == 0


def test_winds_of_change_keeps_hand_sizes_and_hides_the_cards() -> None:
    setup = {
        "active": "alice", "phase": "main",
        "players": {"alice": {"hand": ["Winds of Change", "Gray Ogre", "Hill Giant"], "battlefield": ["Mountain"],
                              "library": ["Forest"] * 10},
                    "bob": {"hand": ["Island", "Island", "Lightning Bolt"], "library": ["Swamp"] * 3}},
    }
    for seed in range(8):
        r = run(setup, [{"alice": "cast Winds of Change"}, "resolve"], seed)
        g = r.g
        alice, bob = g.players
        pool_a = sorted(c.name for c in alice.hand + alice.library)
        pool_b = sorted(c.name for c in bob.hand + bob.library)
        assert pool_a == sorted(["Gray Ogre", "Hill Giant"] + ["Forest"] * 10)
        assert pool_b == sorted(["Island", "Island", "Lightning Bolt"] + ["Swamp"] * 3)
        assert len(alice.hand) == 2 and len(bob.hand) == 3
        after = g.events[g.events.index(next(e for e in g.events if "casts Winds of Change" in e)):]
        assert not any(n in e for e in after for n in ("Gray Ogre", "Hill Giant", "Island", "Lightning Bolt",
                                                        "Forest", "Swamp"))
