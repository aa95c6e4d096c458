"""Legends green cards and artifacts (engine/cards/legends_green_artifacts.py):
checks a duel script cannot express (simultaneous entry, hidden cards,
replays) and random duels holding these cards."""
from __future__ import annotations

from engine.scripts import run_steps as run


def _drain(gen: object) -> None:
    """Run a rules procedure that asks nothing to its end."""
    for _ in gen:  # type: ignore[attr-defined]
        raise AssertionError("no decision expected")


def test_enchant_worlds_entering_together_are_all_buried_with_the_old_one() -> None:
    setup = {"active": "alice", "phase": "main",
             "players": {"alice": {"hand": ["Concordant Crossroads", "Living Plane"], "battlefield": ["Forest"]},
                         "bob": {"battlefield": ["Living Plane"]}}}
    g = run(setup, []).g
    alice = g.players[0]
    new = [g.move(c, "battlefield", controller=0) for c in list(alice.hand)]
    _drain(g.entered_together(new))
    assert sorted(c.name for c in alice.graveyard) == ["Concordant Crossroads", "Living Plane"]
    assert [c.name for c in g.players[1].graveyard] == ["Living Plane"]
    assert [c.name for c in g.battlefield] == ["Forest"]


def test_a_lone_enchant_world_entering_stays() -> None:
    setup = {"active": "alice", "phase": "main",
             "players": {"alice": {"hand": ["Concordant Crossroads"], "battlefield": ["Forest"]},
                         "bob": {"battlefield": ["Living Plane"]}}}
    g = run(setup, []).g
    new = [g.move(c, "battlefield", controller=0) for c in list(g.players[0].hand)]
    _drain(g.entered_together(new))
    assert sorted(c.name for c in g.battlefield) == ["Concordant Crossroads", "Forest"]


def test_knowledge_vault_cards_are_hidden_from_both_players() -> None:
    setup = {"active": "alice", "phase": "main",
             "players": {"alice": {"battlefield": ["Knowledge Vault", "Mountain", "Mountain"],
                                   "library": ["Shivan Dragon", "Plains"]}, "bob": {}}}
    r = run(setup, [{"alice": "activate Knowledge Vault"}, "resolve"])
    assert [c.name for c in r.g.players[0].removed] == ["Shivan Dragon"]
    for viewer in (0, 1, None):
        v = r.duel.view(viewer)
        assert "Shivan Dragon" not in repr(v)
        assert v["players"][0]["removed"] == ["(face down)"]
    again = r.duel.fresh().replay(r.duel.history)
    assert again.state_hash() == r.duel.state_hash()


def test_revelation_shows_both_hands_to_everyone() -> None:
    setup = {"active": "alice", "phase": "main",
             "players": {"alice": {"hand": ["Revelation", "Giant Growth"], "battlefield": ["Forest"]},
                         "bob": {"hand": ["Counterspell"]}}}
    r = run(setup, [])
    assert "hand" not in r.duel.view(0)["players"][1]
    r = run(setup, [{"alice": "cast Revelation"}, "resolve"])
    for viewer in (0, 1, None):
        players = r.duel.view(viewer)["players"]
        assert players[1]["hand"] == ["Counterspell"] and players[0]["hand"] == ["Giant Growth"]
