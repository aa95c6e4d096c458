"""Checks for the lands / artifact creatures / gold area that duel scripts
cannot express."""
from __future__ import annotations

from engine.refs import ref
from engine.scripts import run_script


def _duel(setup: dict) -> object:
    res = run_script({"name": "setup", "setup": setup, "steps": []})
    assert res.passed, res.reason
    return res.duel


def test_ref_of_a_card_that_left_play() -> None:
    """A spell in a batch may still name a target that has left play (Strip
    Mine in response to Strip Mine): naming it, as views do, must not fail."""
    duel = _duel({"active": "alice", "phase": "main",
                  "players": {"alice": {"battlefield": ["Island", "Island"]}, "bob": {}}})
    g = duel.game
    first = g.battlefield[0]
    g.move(first, "graveyard")
    assert ref(g, first) == "Island"
    duel.view(0)
    duel.view(None)


def test_tetravite_is_a_token_with_no_card_behind() -> None:
    """Tetravites are tokens: they are not cards, are never counted in a
    library or graveyard, and dying leaves nothing behind."""
    res = run_script({"name": "t", "setup": {
        "active": "alice", "phase": "upkeep",
        "players": {"alice": {"battlefield": [{"name": "Tetravus", "counters": {"+1/+1": 3}}]},
                    "bob": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]}}},
        "steps": [{"alice": "activate Tetravus choose=-1"}, "resolve",
                  {"bob": "cast Lightning Bolt -> Tetravite"}, "resolve"]})
    assert res.passed, res.reason
    g = res.duel.game
    assert not any(c.token for p in g.players for z in ("graveyard", "removed", "hand", "library")
                   for c in p.zone(z))
    assert not any(c.name == "Tetravite" for c in g.battlefield)
