"""Legends multicolored cards and lands, and the legend rule (002 "Legendary
Cards"): the checks a duel script cannot express, and random duels."""
from __future__ import annotations

from engine.carddb import parse_type_line
from engine.objects import Chars, Effect
from engine.scripts import run_step
from engine.scripts import run_steps as run


def test_summon_legend_and_elder_dragon_legend_and_legendary_land_are_legends() -> None:
    assert "legend" in parse_type_line("Summon - Legend")[2]
    assert "legend" in parse_type_line("Summon - Elder Dragon Legend")[2]
    assert "legend" in parse_type_line("Legendary Land")[2]
    assert "legend" not in parse_type_line("Summon - Bears")[2]
    assert "legend" not in parse_type_line("Land")[2]


def _settle(g: object) -> None:
    for _ in g.settle():  # type: ignore[attr-defined]
        raise AssertionError("no decision expected")


def test_a_legend_changed_into_something_else_and_back_is_the_new_one() -> None:
    """002: "If a legend in play is changed into something else and is later
    returned to its previous state, it's treated as if it's just entered play"."""
    setup = {"active": "alice", "phase": "main",
             "players": {"alice": {"battlefield": ["Jedit Ojanen"]},
                         "bob": {"hand": ["Jedit Ojanen"], "battlefield": ["Plains"] * 6 + ["Island"]}}}
    r = run(setup, [])
    g = r.g
    old = g.battlefield[0]
    assert old.name == "Jedit Ojanen"

    def not_a_legend(g2: object, card: object, c: Chars) -> None:
        c.supertypes.discard("legend")
    change = Effect(g.stamp(), old.oid, not_a_legend, "forever")
    g.effects.append(change)
    _settle(g)
    # bob's Jedit comes into play while alice's is not a legend: both stay
    run_step(r, {"until": "bob main"})
    run_step(r, {"bob": "cast Jedit Ojanen"})
    run_step(r, "resolve")
    assert [c.controller for c in g.battlefield if c.name == "Jedit Ojanen"] == [0, 1]
    # alice's becomes a legend again: it is the new one, and is buried
    g.effects.remove(change)
    g.forget_reads()
    _settle(g)
    assert [c.controller for c in g.battlefield if c.name == "Jedit Ojanen"] == [1]
    assert [c.name for c in g.players[0].graveyard] == ["Jedit Ojanen"]
