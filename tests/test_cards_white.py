"""White cards whose checks a duel script cannot express (hidden cards,
what a player is asked, the order of a shuffled library)."""
from __future__ import annotations

from typing import Any

import pytest

from engine.decisions import DecisionKind, IllegalAction
from engine.scripts import run_steps as run, Runner, run_step


def until_asked(r: Runner, player: int, kind: DecisionKind) -> Any:
    """Decline every decision until ``player`` is asked one of ``kind``."""
    for _ in range(100):
        d = r.duel.pending
        if d.player == player and d.kind is kind:
            return d
        r.decline()
    raise AssertionError(f"never asked {kind}")


# ------------------------------------------------------------------ Visions

VISIONS = {
    "active": "alice", "phase": "main",
    "players": {"alice": {"hand": ["Visions"], "battlefield": ["Plains"]},
                "bob": {"library": ["Forest", "Island", "Swamp", "Mountain", "Plains", "Grizzly Bears",
                                    "Lightning Bolt", "Hill Giant"]}},
}


def test_visions_shows_the_top_five_to_the_caster_only() -> None:
    r = run(VISIONS, [{"alice": "cast Visions -> bob"}])
    d = until_asked(r, 0, DecisionKind.CHOOSE)
    assert set(d.choices) == {"choose yes", "choose no"}
    secret = "Top of bob's library: Forest, Island, Swamp, Mountain, Plains"
    assert r.duel.view(0)["secrets"] == [secret]
    assert r.duel.view(1)["secrets"] == [] and r.duel.view(None)["secrets"] == []
    assert not any("Forest" in e for e in r.g.events)  # the log names no hidden card


def test_visions_may_shuffle_the_library() -> None:
    r = run(VISIONS, [{"alice": "cast Visions -> bob"}, {"alice": "choose yes"}])
    lib = [c.name for c in r.g.players[1].library]
    assert sorted(lib) == sorted(VISIONS["players"]["bob"]["library"])
    assert any(e == "alice shuffles bob's library." for e in r.g.events)
    r2 = run(VISIONS, [{"alice": "cast Visions -> bob"}, {"alice": "choose no"}])
    assert [c.name for c in r2.g.players[1].library] == VISIONS["players"]["bob"]["library"]
    assert not any("shuffles" in e for e in r2.g.events)


def test_visions_on_own_library() -> None:
    setup = {"active": "alice", "phase": "main",
             "players": {"alice": {"hand": ["Visions"], "battlefield": ["Plains"],
                                   "library": ["Island", "Swamp"]}, "bob": {}}}
    r = run(setup, [{"alice": "cast Visions -> alice"}, {"alice": "choose no"}])
    assert r.duel.view(0)["secrets"] == ["Top of alice's library: Island, Swamp"]


# ------------------------------------------------------------------ Land Tax

def test_land_tax_offers_only_basic_lands_and_logs_no_names() -> None:
    setup = {"active": "alice", "phase": "upkeep",
             "players": {"alice": {"battlefield": ["Land Tax"],
                                   "library": ["Mishra's Factory", "Island", "Savannah Lions", "Snow-Covered Forest"]},
                         "bob": {"battlefield": ["Forest"]}}}
    r = run(setup, [{"alice": "activate Land Tax"}])
    d = until_asked(r, 0, DecisionKind.CHOOSE)
    assert set(d.choices) == {"choose Island", "choose Snow-Covered Forest", "choose done"}
    assert d.decline == "choose done"
    assert r.duel.view(1)["pending"]["choices"] is None
    run_step(r, {"alice": "choose Snow-Covered Forest"})
    run_step(r, {"alice": "choose Island"})
    # nothing basic is left: the search ends by itself
    assert sorted(c.name for c in r.g.players[0].hand) == ["Island", "Snow-Covered Forest"]
    assert not any("Island" in e or "Forest" in e for e in r.g.events)
    assert any("puts 2 basic land cards into their hand" in e for e in r.g.events)


# ------------------------------------------------------------------ Death Ward

def _bolt_the_unicorn(alice_hand: list[str]) -> Runner:
    setup = {"active": "bob", "phase": "main",
             "players": {"alice": {"hand": alice_hand, "battlefield": ["Plains", "Pearled Unicorn"]},
                         "bob": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]}}}
    r = run(setup, [{"bob": "cast Lightning Bolt -> Pearled Unicorn"}])
    until_asked(r, 0, DecisionKind.REGENERATE)
    return r


def test_death_ward_is_offered_when_the_creature_is_about_to_die() -> None:
    r = _bolt_the_unicorn(["Death Ward"])
    d = r.duel.pending
    assert "cast Death Ward" in d.choices
    run_step(r, {"alice": "cast Death Ward -> Pearled Unicorn"})
    run_step(r, "resolve")
    assert [c.name for c in r.g.players[0].graveyard] == ["Death Ward"]


def test_being_asked_to_regenerate_reveals_nothing_of_the_hand() -> None:
    """With a Death Ward or any other card in hand (and mana), the same
    question is asked; the opponent's view is the same."""
    with_ward = _bolt_the_unicorn(["Death Ward"])
    without = _bolt_the_unicorn(["Savannah Lions"])
    assert without.duel.pending.choices == ("pass",)
    v1, v2 = with_ward.duel.view(1), without.duel.view(1)
    assert v1["pending"] == v2["pending"]


def test_a_declined_death_ward_leaves_no_trace_for_the_other_player() -> None:
    """Offered Death Ward from hand, alice starts casting it and cancels: bob's
    view (and a spectator's) shows the regeneration question all along, with
    alice's hand count unchanged, and the public log never names the card; only
    alice is told. The same views as for a player holding no Death Ward."""
    import json
    r = _bolt_the_unicorn(["Death Ward"])
    other = _bolt_the_unicorn(["Savannah Lions"])
    asked = {w: r.duel.view(w) for w in (1, None)}
    r.duel.apply("cast Death Ward", player=0)
    assert r.duel.pending.kind is DecisionKind.CAST_TARGET and r.duel.pending.hidden
    for w in (1, None):
        v = r.duel.view(w)
        assert v["pending"] == asked[w]["pending"] == other.duel.view(w)["pending"]
        assert v["players"][0]["hand_count"] == 1
        assert "Death Ward" not in json.dumps(v)
    r.duel.apply("cancel", player=0)
    assert r.duel.pending.kind is DecisionKind.REGENERATE
    r.duel.apply("pass", player=0)
    run_step(r, "resolve")
    other.duel.apply("pass", player=0)
    run_step(other, "resolve")
    assert not any("Death Ward" in e for e in r.g.events)
    assert r.g.events == [e.replace("Savannah Lions", "Death Ward") for e in other.g.events]
    for w in (1, None):
        assert "Death Ward" not in json.dumps(r.duel.view(w))
    assert any("Death Ward" in s for s in r.duel.view(0)["secrets"])


def test_a_spell_put_together_from_hand_is_hidden_until_announced() -> None:
    """Choosing a target (and paying) for a spell from hand: the opponent sees
    the opportunity the caster was at, and the same hand count, until the spell
    is announced; then it is public."""
    setup = {"active": "alice", "phase": "main",
             "players": {"alice": {"hand": ["Lightning Bolt", "Plains"], "battlefield": ["Mountain"]},
                         "bob": {"battlefield": ["Grizzly Bears"]}}}
    r = run(setup, [])
    before = r.duel.view(1)
    r.duel.apply("cast Lightning Bolt", player=0)
    assert r.duel.pending.kind is DecisionKind.CAST_TARGET
    seen = r.duel.view(1)
    assert seen["pending"] == before["pending"] and seen["players"][0]["hand_count"] == 2
    assert "Lightning Bolt" not in repr(seen)
    r.duel.apply("target Grizzly Bears", player=0)
    if r.duel.pending.kind is DecisionKind.PAY:
        r.duel.apply("auto", player=0)
    seen = r.duel.view(1)
    assert seen["players"][0]["hand_count"] == 1
    assert any(s["name"] == "Lightning Bolt" for s in seen["spells"])


def test_death_ward_cannot_be_cast_at_other_times() -> None:
    setup = {"active": "alice", "phase": "main",
             "players": {"alice": {"hand": ["Death Ward"], "battlefield": ["Plains", "Pearled Unicorn"]},
                         "bob": {}}}
    r = run(setup, [])
    assert not any(c.startswith("cast Death Ward") for c in r.duel.pending.choices)


def test_death_ward_cancelled_goes_back_to_hand() -> None:
    r = _bolt_the_unicorn(["Death Ward"])
    r.duel.apply("cast Death Ward", player=0)
    assert r.duel.pending.kind is DecisionKind.CAST_TARGET
    r.duel.apply("cancel", player=0)
    assert [c.name for c in r.g.players[0].hand] == ["Death Ward"]
    assert r.duel.pending.kind is DecisionKind.REGENERATE


# ------------------------------------------------------------------ Brainwash

BRAINWASH = {"active": "bob", "phase": "main",
             "players": {"alice": {"battlefield": ["Plains", {"name": "Brainwash", "attached_to": "Hill Giant"}]},
                         "bob": {"battlefield": ["Hill Giant", "Grizzly Bears", "Mountain", "Mountain", "Mountain"]}}}


def _to_declaration(setup: dict[str, Any]) -> Runner:
    r = run(setup, [])
    r.duel.apply("attack", player=1)
    until_asked(r, 1, DecisionKind.ATTACK)
    return r


def test_brainwash_cost_is_asked_and_cancelling_declares_again() -> None:
    r = _to_declaration(BRAINWASH)
    r.duel.apply("attack Hill Giant", player=1)
    d = r.duel.pending
    assert d.kind is DecisionKind.PAY and "{3}" in d.prompt
    r.duel.apply("cancel", player=1)
    assert r.duel.pending.kind is DecisionKind.ATTACK
    r.duel.apply("attack Grizzly Bears", player=1)
    assert r.duel.pending.kind is not DecisionKind.PAY
    assert all(not c.tapped for c in r.g.battlefield if c.name == "Mountain")


def test_brainwash_unaffordable_attack_is_not_offered() -> None:
    setup = {"active": "bob", "phase": "main",
             "players": {"alice": {"battlefield": [{"name": "Brainwash", "attached_to": "Hill Giant"}]},
                         "bob": {"battlefield": ["Hill Giant", "Grizzly Bears", "Mountain", "Mountain"]}}}
    r = _to_declaration(setup)
    d = r.duel.pending
    assert "attack Hill Giant" not in d.choices and "attack Grizzly Bears" in d.choices
    assert not any("Hill Giant" in c for c in d.choices)
    with pytest.raises(IllegalAction):
        r.duel.apply("attack Hill Giant, Grizzly Bears", player=1)


# ------------------------------------------------------------------ Personal Incarnation

def test_personal_incarnation_redirect_asks_how_much() -> None:
    setup = {"active": "bob", "phase": "main",
             "players": {"alice": {"battlefield": ["Personal Incarnation"]},
                         "bob": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]}}}
    r = run(setup, [{"bob": "cast Lightning Bolt -> Personal Incarnation"},
                    {"alice": "activate Personal Incarnation"}])
    d = until_asked(r, 0, DecisionKind.CHOOSE)
    assert d.choices == ("choose 3", "choose 2", "choose 1")
    run_step(r, {"alice": "choose 1"})
    run_step(r, "resolve")
    assert r.g.players[0].life == 19
    pi = next(c for c in r.g.battlefield if c.name == "Personal Incarnation")
    assert pi.damage == 2


# ------------------------------------------------------------------ Balance

def test_balance_asks_only_the_player_with_more() -> None:
    setup = {"active": "alice", "phase": "main",
             "players": {"alice": {"hand": ["Balance"], "battlefield": ["Plains", "Plains"]},
                         "bob": {"battlefield": ["Forest", "Forest", "Island"]}}}
    r = run(setup, [{"alice": "cast Balance"}])
    d = until_asked(r, 1, DecisionKind.SACRIFICE)
    assert d.decline is None
    assert set(d.choices) == {"sacrifice Forest#1", "sacrifice Forest#2", "sacrifice Island"}
    run_step(r, {"bob": "sacrifice Island"})
    run_step(r, "resolve")
    assert sorted(c.name for c in r.g.battlefield if c.controller == 1) == ["Forest", "Forest"]


def test_an_aura_left_without_its_creature_is_buried_not_destroyed() -> None:
    # Swords to Plowshares removes the enchanted Savannah Lions: Holy Strength goes to the
    # graveyard at the next state check, buried (no regeneration, "is buried" in the log),
    # as the state check marked it
    setup = {"active": "alice", "phase": "main",
             "players": {"alice": {"hand": ["Swords to Plowshares"],
                                   "battlefield": ["Plateau", "Plateau"]},
                         "bob": {"battlefield": ["Savannah Lions",
                                                 {"name": "Holy Strength", "attached_to": "Savannah Lions"}]}}}
    r = run(setup, [{"alice": "cast Swords to Plowshares -> Savannah Lions"}, "resolve"])
    assert "Holy Strength is buried." in r.g.events
    assert "Holy Strength is destroyed." not in r.g.events
