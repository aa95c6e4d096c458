"""Blue cards: checks the duel-script format cannot express."""
from __future__ import annotations

from typing import Any

from engine.scripts import run_script


def _steps(steps: list[Any]) -> list[Any]:
    """``"alice: cast X"`` -> ``{"alice": "cast X"}`` (as YAML reads a step)."""
    out: list[Any] = []
    for s in steps:
        if isinstance(s, str) and s != "resolve":
            who, _, action = s.partition(": ")
            s = {who: action}
        out.append(s)
    return out


def _script(setup: dict[str, Any], steps: list[Any]) -> Any:
    return run_script({"name": "t", "setup": setup, "steps": _steps(steps)})


def _run(setup: dict[str, Any], steps: list[Any]) -> Any:
    res = _script(setup, steps)
    assert res.passed, res.reason
    return res.duel.game


def test_sirens_call_delayed_triggers_lapse_with_the_turn() -> None:
    g = _run({"active": "bob", "phase": "main", "players": {
        "alice": {"hand": ["Siren's Call"], "battlefield": ["Island"]},
        "bob": {"battlefield": ["Grizzly Bears", "Wall of Air"]}}},
        ["alice: cast Siren's Call -> bob", "resolve"])
    assert len(g.delayed) == 2
    assert all("must attack" in g.chars(c).flags for c in g.battlefield if g.is_creature(c))
    res = _script({"active": "bob", "phase": "main", "players": {
        "alice": {"hand": ["Siren's Call"], "battlefield": ["Island"]},
        "bob": {"battlefield": ["Grizzly Bears", "Wall of Air"]}}},
        ["alice: cast Siren's Call -> bob", "resolve", {"until": "alice main"},
         {"expect": {"bob": {"graveyard": ["Grizzly Bears"]}}}])
    assert res.passed, res.reason
    g = res.duel.game
    assert g.delayed == []
    wall = next(c for c in g.battlefield if c.name == "Wall of Air")
    assert "must attack" not in g.chars(wall).flags


def test_becomes_tapped_counts_each_tapping_not_a_set_up_tapped_land() -> None:
    # The Mountain starts tapped: no damage for that; untapping does nothing;
    # tapping it again does.
    g = _run({"active": "bob", "phase": "main", "players": {
        "alice": {"battlefield": [{"name": "Mountain", "tapped": True}]},
        "bob": {"hand": ["Twiddle", "Twiddle", "Twiddle"],
                "battlefield": ["Island", "Island", "Island",
                                {"name": "Psychic Venom", "attached_to": "Mountain"}]}}},
        ["bob: cast Twiddle -> Mountain choose=untap", "resolve",
         {"expect": {"alice": {"life": 20}}},
         "bob: cast Twiddle -> Mountain choose=tap", "resolve",
         {"expect": {"alice": {"life": 18}}},
         "bob: cast Twiddle -> Mountain choose=untap", "resolve",
         {"expect": {"alice": {"life": 18}}}])
    assert g.players[0].life == 18
    assert any("Psychic Venom deals 2 damage to alice" in e for e in g.events)


def test_apprentice_wizard_is_never_used_by_automatic_payment() -> None:
    g = _run({"active": "alice", "phase": "main", "players": {
        "alice": {"hand": ["Hill Giant"], "mana_pool": "U", "battlefield": ["Mountain", "Apprentice Wizard"]},
        "bob": {}}}, [])
    from engine.mana import ManaCost
    assert not g.can_afford(0, ManaCost.parse("{3}{R}"))
    assert "tap Apprentice Wizard for C" in g.mana_choices(0)


def test_sindbad_reveals_only_the_card_it_draws() -> None:
    g = _run({"active": "alice", "phase": "main", "players": {
        "alice": {"library": ["Hill Giant", "Forest"], "hand": ["Air Elemental"], "battlefield": ["Sindbad"]},
        "bob": {}}}, ["alice: activate Sindbad", "resolve"])
    text = " ".join(g.events)
    assert "Hill Giant" in text  # drawn, revealed and discarded
    assert "Forest" not in text and "Air Elemental" not in text  # still hidden
