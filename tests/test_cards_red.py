"""Red cards whose checks a duel script cannot express (randomness, hidden cards)."""
from __future__ import annotations

import re
from typing import Any

import pytest

from engine.duel import Duel
from engine.scripts import Runner, build_position, run_step


def run(setup: dict[str, Any], steps: list[Any], seed: int | None = None) -> Runner:
    """Run script steps on a position; ``seed`` reseeds the duel's random generator."""
    def factory():
        g, proc = build_position(setup)
        if seed is not None:
            g.rng.seed(seed)
        return g, proc
    runner = Runner(Duel(factory))
    for step in steps:
        run_step(runner, step)
    return runner


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
