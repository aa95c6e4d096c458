"""Blue cards: checks the duel-script format cannot express."""
from __future__ import annotations

from typing import Any

import pytest

from engine import Duel, DuelOptions
from engine.players.random_player import RandomPlayer
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
    assert all(g.forced_to_attack(c) for c in g.battlefield if g.is_creature(c))
    res = _script({"active": "bob", "phase": "main", "players": {
        "alice": {"hand": ["Siren's Call"], "battlefield": ["Island"]},
        "bob": {"battlefield": ["Grizzly Bears", "Wall of Air"]}}},
        ["alice: cast Siren's Call -> bob", "resolve", {"until": "alice main"},
         # the Bears had to attack (the main phase cannot end before), so they survive
         {"expect": {"alice": {"life": 18}, "bob": {"graveyard": [], "battlefield": ["Grizzly Bears", "Wall of Air"]}}}])
    assert res.passed, res.reason
    g = res.duel.game
    assert g.delayed == []
    wall = next(c for c in g.battlefield if c.name == "Wall of Air")
    assert not g.forced_to_attack(wall)


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


BLUE_A = ["Island"] * 18 + [
    "Apprentice Wizard", "Merfolk of the Pearl Trident", "Lord of Atlantis", "Zephyr Falcon", "Giant Tortoise",
    "Sindbad", "Prodigal Sorcerer", "Time Elemental", "Wall of Air", "Wall of Water", "Psionic Entity",
    "Phantasmal Forces", "Pirate Ship", "Segovian Leviathan", "Sea Serpent", "Island Fish Jasconius",
    "Leviathan", "Counterspell", "Power Sink", "Spell Blast", "Unsummon", "Twiddle", "Energy Tap",
    "Mind Bomb", "Siren's Call", "Psychic Venom", "Lifetap", "Control Magic", "Stasis",
]
BLUE_B = ["Island"] * 10 + ["Mountain"] * 4 + ["Forest"] * 4 + [
    "Air Elemental", "Mahamoti Djinn", "Water Elemental", "Phantom Monster", "Ghost Ship",
    "Blue Elemental Blast", "Sleight of Mind", "Magical Hack", "Thoughtlace", "Jump", "Mana Short",
    "Hurkyl's Recall", "Drain Power", "Volcanic Eruption", "Flight", "Backfire", "Creature Bond",
    "Unstable Mutation", "Gaseous Form", "Phantasmal Terrain", "Erosion", "Feedback", "Power Leak", "Flood",
    "Energy Flux", "Sunken City", "Rod of Ruin", "Howling Mine", "Hill Giant", "Lightning Bolt", "Grizzly Bears",
]


@pytest.mark.parametrize("seed", range(8))
def test_random_duels_with_blue_decks(seed: int) -> None:
    """Duels between random players with decks of every blue card end without
    error, keep every card, and replay identically."""
    decks = (BLUE_A, BLUE_B) if seed % 2 else (BLUE_B, BLUE_A)
    duel = Duel.new(seed, decks, DuelOptions(ante=seed % 3 == 0))
    players = (RandomPlayer(seed * 2), RandomPlayer(seed * 2 + 1))

    def count() -> int:
        g = duel.game
        return sum(1 for c in g.battlefield + g.limbo if not c.token) + sum(
            len(p.zone(z)) for p in g.players for z in ("library", "hand", "graveyard", "removed", "ante"))
    total = count()
    steps = 0
    while duel.pending is not None and steps < 20000:
        d = duel.pending
        duel.apply(players[d.player].choose(d))
        steps += 1
        assert count() == total, f"seed {seed}: card count changed at step {steps}"
    assert duel.pending is None, f"seed {seed} did not finish"
    again = Duel.new(seed, decks, DuelOptions(ante=seed % 3 == 0)).replay(duel.history)
    assert again.state_hash() == duel.state_hash()


def test_ancestral_recall_is_a_choice_of_two_modes_and_targets_nothing() -> None:
    """"Draw 3 cards or force opponent to draw 3 cards": casting it asks which
    (mode=1, mode=2), never a target (a player protected from blue, or a target
    that became illegal, is nothing to it)."""
    from engine.decisions import DecisionKind
    from engine.scripts import build_position
    d = Duel(lambda: build_position({"active": "alice", "phase": "main", "players": {
        "alice": {"hand": ["Ancestral Recall"], "battlefield": ["Island"]}, "bob": {}}}))
    d.apply("cast Ancestral Recall")
    assert d.pending.kind is DecisionKind.CAST_MODE
    assert d.pending.choices == ("mode=1", "mode=2", "cancel")
    assert d.pending.prompt == ("Ancestral Recall: which mode? (mode=1: Draw 3 cards; "
                                "mode=2: Force opponent to draw 3 cards)")
    d.apply("mode=2")
    assert d.pending.kind is DecisionKind.PAY  # no target asked
    d.apply("auto")
    assert [s.targets for s in d.game.spells] == [[]]


def test_copy_artifact_chooses_as_it_is_cast_and_copies_nothing_if_that_one_is_gone() -> None:
    """The artifact to copy is chosen as Copy Artifact is cast, before paying
    (000 "Spells and Spell Chains"); sacrificed to pay for it (Black Lotus),
    it is gone when Copy Artifact comes into play: nothing is copied and no
    other artifact is asked for."""
    from engine.decisions import DecisionKind
    from engine.scripts import build_position
    d = Duel(lambda: build_position({"active": "alice", "phase": "main", "players": {
        "alice": {"hand": ["Copy Artifact"], "battlefield": ["Black Lotus", "Jayemdae Tome"]}, "bob": {}}}))
    d.apply("cast Copy Artifact")
    assert d.pending.kind is DecisionKind.CAST_CHOOSE
    assert d.pending.choices == ("choose Black Lotus", "choose Jayemdae Tome", "cancel")
    d.apply("choose Black Lotus")
    d.apply("tap Black Lotus for U")
    d.apply("pay")
    while d.pending is not None and d.pending.kind is not DecisionKind.OPPORTUNITY:
        assert d.pending.kind is not DecisionKind.CHOOSE, d.pending.prompt  # nothing asked at resolution
        d.apply(d.pending.decline or "pass")
    g = d.game
    copy = next(c for c in g.battlefield if c.name == "Copy Artifact")
    assert copy.own_cdef is None and g.chars(copy).types == frozenset({"enchantment"})
    assert any("no longer in play" in e for e in g.events)


def test_clone_put_into_play_without_being_cast_chooses_as_it_comes_into_play() -> None:
    """Animate Dead on a Clone: nothing was chosen on casting, so the creature
    to copy is chosen as it comes into play."""
    res = _script({"active": "alice", "phase": "main", "players": {
        "alice": {"hand": ["Animate Dead"], "graveyard": ["Clone"], "battlefield": ["Swamp", "Swamp"]},
        "bob": {"battlefield": ["Serra Angel"]}}},
        ["alice: cast Animate Dead -> Clone", "alice: choose Serra Angel"])
    assert res.passed, res.reason
    clone = next(c for c in res.duel.game.battlefield if c.name == "Clone")
    assert clone.cdef.name == "Serra Angel"
