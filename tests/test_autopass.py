"""bot.autopass: which decisions the bot answers for a player, and with what.

Each rule is checked on a position built with ``engine.scripts.build_position``:
the bot answers where the answer is forced or equivalent (or the player's
stops say so), and asks wherever the player could choose something else.
"""
from __future__ import annotations

from typing import Any

import pytest

from bot.autopass import ALL_STOPS, DEFAULT_STOPS, auto_answer, must_ask, payment_is_forced
from engine import Duel
from engine.decisions import DecisionKind
from engine.scripts import build_position


def position(alice: dict[str, Any], bob: dict[str, Any] | None = None, **setup: Any) -> Duel:
    """Alice's main phase (unless told otherwise) with these zones."""
    spec = {"active": "alice", "phase": "main", "players": {"alice": alice, "bob": bob or {}}, **setup}
    return Duel(lambda: build_position(spec))


def settle(duel: Duel, stops: frozenset[str] = DEFAULT_STOPS) -> None:
    """Apply the bot's answers, as DuelService.autopass does, until a player must be asked."""
    while duel.pending is not None:
        ans = auto_answer(duel.game, duel.pending, stops)
        if ans is None:
            return
        duel.apply(ans, player=duel.pending.player)


def paying(alice: dict[str, Any], cast: str, *answers: str) -> Duel:
    """Alice casts ``cast`` (then gives ``answers``): the duel waits on her payment."""
    d = position(alice)
    d.apply(cast)
    for a in answers:
        d.apply(a)
    assert d.pending is not None and d.pending.kind is DecisionKind.PAY
    return d


def answer(d: Duel, stops: frozenset[str] = DEFAULT_STOPS) -> str | None:
    assert d.pending is not None
    got = auto_answer(d.game, d.pending, stops)
    assert must_ask(d.game, d.pending, stops) is (got is None)
    return got


# ------------------------------------------------------------------ payment

def test_interchangeable_lands_are_tapped_for_the_player() -> None:
    # {R} from three plain Mountains: whichever is tapped, the same is left
    d = paying({"hand": ["Lightning Bolt"], "battlefield": ["Mountain"] * 3}, "cast Lightning Bolt", "target bob")
    assert answer(d) == "auto"
    d.apply("auto")
    assert sum(c.tapped for c in d.game.battlefield) == 1


def test_manual_payment_stop_asks_every_payment() -> None:
    d = paying({"hand": ["Lightning Bolt"], "battlefield": ["Mountain"] * 3}, "cast Lightning Bolt", "target bob")
    assert "manual payment" in ALL_STOPS and "manual payment" not in DEFAULT_STOPS
    assert answer(d, DEFAULT_STOPS | {"manual payment"}) is None


def test_a_color_only_one_kind_of_land_makes_is_paid_for_the_player() -> None:
    # {R} with Mountains and a Forest: only a Mountain can pay, and any Mountain will do
    d = paying({"hand": ["Lightning Bolt"], "battlefield": ["Mountain", "Mountain", "Forest"]},
               "cast Lightning Bolt", "target bob")
    assert answer(d) == "auto"


def test_generic_mana_that_two_kinds_could_pay_is_asked() -> None:
    # Gray Ogre {2}{R}: Mountain + two Forests, or two Mountains + a Forest? Different lands are left
    d = paying({"hand": ["Gray Ogre"], "battlefield": ["Mountain", "Mountain", "Forest", "Forest"]},
               "cast Gray Ogre")
    assert answer(d) is None


def test_a_cost_that_needs_every_source_is_paid_for_the_player() -> None:
    d = paying({"hand": ["Gray Ogre"], "battlefield": ["Mountain", "Forest", "Island"]}, "cast Gray Ogre")
    assert answer(d) == "auto"
    d.apply("auto")
    assert all(c.tapped for c in d.game.battlefield)


def test_mana_already_in_the_pool_is_spent_and_the_rest_asked_only_if_it_matters() -> None:
    # all of the pool is spent, and only Mountains can pay the rest: nothing to choose
    d = paying({"hand": ["Gray Ogre"], "battlefield": ["Mountain"] * 3, "mana_pool": "G"}, "cast Gray Ogre")
    assert answer(d) == "auto"
    d.apply("auto")
    assert sum(c.tapped for c in d.game.battlefield) == 2 and d.game.players[0].pool.total() == 0
    d = paying({"hand": ["Gray Ogre"], "battlefield": ["Mountain"] * 3}, "cast Gray Ogre", "tap Mountain#1 for R")
    assert answer(d) == "auto"
    # the rest from a second Mountain or the Forest: which land stays untapped is a choice
    d = paying({"hand": ["Gray Ogre"], "battlefield": ["Mountain", "Mountain", "Forest"], "mana_pool": "G"},
               "cast Gray Ogre")
    assert answer(d) is None


def test_a_land_with_an_aura_is_not_interchangeable() -> None:
    # Psychic Venom on one Mountain: tapping that one costs 2 life
    d = paying({"hand": ["Lightning Bolt"], "battlefield": ["Mountain", "Mountain"]}, "cast Lightning Bolt",
               "target bob")
    assert answer(d) == "auto"
    venom = position({"hand": ["Lightning Bolt"], "battlefield": ["Mountain", "Mountain"]},
                     {"battlefield": [{"name": "Psychic Venom", "attached_to": "Mountain#1"}]})
    venom.apply("cast Lightning Bolt")
    venom.apply("target bob")
    assert answer(venom) is None


def test_a_creature_mana_source_is_asked() -> None:
    # {G}: a Forest, or the Llanowar Elves (which could then not attack or block)?
    d = paying({"hand": ["Giant Growth"], "battlefield": ["Forest", "Llanowar Elves"]}, "cast Giant Growth",
               "target Llanowar Elves")
    assert answer(d) is None


@pytest.mark.parametrize("extra", ["Green Mana Battery", "Apprentice Wizard"])
def test_sources_with_choices_or_mana_costs_are_asked(extra: str) -> None:
    # a Mana Battery may give more mana for its counters; Apprentice Wizard turns {U} into {3}
    d = paying({"hand": ["Lightning Bolt"], "battlefield": ["Mountain", "Mountain", "Island", extra]},
               "cast Lightning Bolt", "target bob")
    assert not payment_is_forced(d.game, d.pending)
    assert answer(d) is None


def test_mana_flare_is_asked() -> None:
    d = paying({"hand": ["Lightning Bolt"], "battlefield": ["Mountain", "Mountain", "Mana Flare"]},
               "cast Lightning Bolt", "target bob")
    assert answer(d) is None


# ----------------------------------------------------------- own spells

BOB_BOLT = {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]}


def test_adding_to_ones_own_batch_needs_the_my_spells_stop() -> None:
    d = position({"hand": ["Lightning Bolt", "Lightning Bolt"], "battlefield": ["Mountain"] * 2}, BOB_BOLT)
    d.apply("cast Lightning Bolt")
    d.apply("target bob")
    settle(d)  # paid for her; no interrupts
    # bob answers first: alice is not asked to respond to her own Bolt
    assert d.pending.kind is DecisionKind.RESPOND and d.pending.player == 1
    assert d.game.players[1].life == 20  # not resolved yet
    d2 = position({"hand": ["Lightning Bolt", "Lightning Bolt"], "battlefield": ["Mountain"] * 2}, BOB_BOLT)
    d2.apply("cast Lightning Bolt")
    d2.apply("target bob")
    settle(d2, DEFAULT_STOPS | {"my spells"})
    assert d2.pending.kind is DecisionKind.RESPOND and d2.pending.player == 0
    assert "cast Lightning Bolt" in d2.pending.choices


def test_the_opponents_spell_is_still_asked() -> None:
    d = position({"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]}, BOB_BOLT)
    d.apply("cast Lightning Bolt")
    d.apply("target bob")
    settle(d)
    assert d.pending.player == 1 and d.pending.kind is DecisionKind.RESPOND
    assert answer(d) is None


# ------------------------------------------------------------------ combat

def attacking(bob: dict[str, Any]) -> Duel:
    """Alice (Giant Growth, Forest) attacks with Grizzly Bears; bob holds ``bob``."""
    d = position({"hand": ["Giant Growth"], "battlefield": ["Forest", "Grizzly Bears"]}, bob)
    d.apply("attack")
    settle(d)  # bob may abort the attack: his main phase is no stop
    d.apply("attack Grizzly Bears")
    return d


def test_the_attackers_window_before_blocks_is_not_a_default_stop() -> None:
    d = attacking({"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]})
    assert d.game.step == "attack" and d.pending.kind is DecisionKind.OPPORTUNITY and d.pending.player == 0
    assert "cast Giant Growth" in d.pending.choices
    assert answer(d) == "pass"
    assert answer(d, DEFAULT_STOPS | {"my attack"}) is None
    d.apply("pass")
    # the defender's window before blocks: not a default stop either
    assert d.pending.kind is DecisionKind.RESPOND and d.pending.player == 1 and d.game.step == "attack"
    assert "cast Lightning Bolt" in d.pending.choices
    assert answer(d) == "pass"
    assert answer(d, DEFAULT_STOPS | {"opponent attack"}) is None
    settle(d)
    # after blocks both are asked: the attacker first, then the defender
    assert d.game.step == "blocks" and d.pending.player == 0 and d.pending.kind is DecisionKind.OPPORTUNITY
    d.apply("pass")
    settle(d)
    assert d.game.step == "blocks" and d.pending.player == 1 and "cast Lightning Bolt" in d.pending.choices


def test_a_land_that_could_block_is_offered_before_blocks() -> None:
    d = attacking({"battlefield": ["Mishra's Factory", "Mountain"]})
    d.apply("pass")
    assert d.pending.player == 1 and d.game.step == "attack"
    assert any(c.startswith("activate Mishra's Factory") for c in d.pending.choices)
    assert answer(d) is None
    assert answer(d, DEFAULT_STOPS - {"opponent blocks"}) == "pass"  # no combat stops: not asked


def test_my_end_of_combat_is_not_a_default_stop_but_the_opponents_is() -> None:
    d = attacking({"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]})
    settle(d)
    d.apply("pass")  # alice, after blocks
    settle(d)
    d.apply("pass")  # bob, after blocks
    settle(d)
    # alice's end of combat (Giant Growth in hand) was passed for her; bob, the defender, is asked
    assert d.game.step == "end of combat" and d.pending.player == 1 and d.pending.kind is DecisionKind.RESPOND
    assert "cast Lightning Bolt" in d.pending.choices
    d.apply("pass")
    settle(d)
    # alice's main phase after combat: Giant Growth could change nothing (the combat is over,
    # nothing waits in the batch), so it is not a stop either (issue 24); bob's turn begins
    assert d.game.combat is None and d.game.active == 1 and d.pending.player == 1
    assert any(c.name == "Giant Growth" for c in d.game.players[0].hand)


# ------------------------------------------- decisions the player must see (issue 24)

def test_a_mulligan_is_always_asked_of_a_person() -> None:
    # seed 17, Red Burn against White Knights: the first hand has no land
    from engine import DuelOptions
    from engine.decks import decklist
    d = Duel.new(17, (decklist("Red Burn"), decklist("White Knights")), DuelOptions(chooser=0),
                 names=("you", "computer"))
    d.apply("choose play")
    assert d.pending is not None and d.pending.kind is DecisionKind.MULLIGAN and d.pending.player == 0
    for stops in (DEFAULT_STOPS, frozenset(), frozenset(ALL_STOPS)):
        assert answer(d, stops) is None


def upkeep(alice: dict[str, Any], bob: dict[str, Any] | None = None) -> Duel:
    """Alice's upkeep, at her first opportunity."""
    d = position(alice, bob, phase="upkeep")
    assert d.pending is not None and d.pending.kind is DecisionKind.OPPORTUNITY and d.game.phase == "upkeep"
    return d


def test_an_untap_cost_stops_at_the_players_upkeep() -> None:
    d = upkeep({"battlefield": [{"name": "Brass Man", "tapped": True}, "Mountain"]})
    assert "activate Brass Man" in d.pending.choices
    assert answer(d) is None  # the default stops have no "my upkeep"
    d.apply("activate Brass Man")
    settle(d)
    brass = next(c for c in d.game.battlefield if c.name == "Brass Man")
    assert not brass.tapped


def test_land_tax_stops_at_the_upkeep_and_its_search_is_asked() -> None:
    d = upkeep({"battlefield": ["Land Tax"], "library": ["Plains", "Island", "Plains", "Forest"]},
               {"battlefield": ["Plains", "Plains"]})
    assert answer(d) is None
    d.apply("activate Land Tax")
    settle(d)
    assert d.pending.kind is DecisionKind.CHOOSE and d.pending.player == 0
    assert answer(d) is None  # a "may": never declined for the player
    for _ in range(3):
        assert d.pending.kind is DecisionKind.CHOOSE and answer(d) is None
        d.apply("choose Plains" if "choose Plains" in d.pending.choices else "choose Island")
    assert sorted(c.name for c in d.game.players[0].hand) == ["Island", "Plains", "Plains"]


def test_an_upkeep_effect_the_player_cannot_use_or_order_makes_no_stop() -> None:
    # Serendib Efreet's damage happens by itself when upkeep ends: nothing to choose
    assert answer(upkeep({"battlefield": ["Serendib Efreet", "Island"]})) == "pass"
    # Land Tax while the opponent has no more land: not usable
    assert answer(upkeep({"battlefield": ["Land Tax", "Plains"]}, {"battlefield": ["Plains"]})) == "pass"
    # two mandatory effects: the player orders them; two of one card: their order changes nothing
    assert answer(upkeep({"battlefield": ["Serendib Efreet", "Juzám Djinn", "Island"]})) is None
    assert answer(upkeep({"battlefield": ["Juzám Djinn", "Juzám Djinn", "Swamp"]})) == "pass"


# ------------------------------------------------------------ needless questions

def asked_of_alice_in_bobs_attack(alice: dict[str, Any], attacker: str = "Grizzly Bears") -> list[str]:
    """Bob attacks alice with ``attacker``; the prompts put to alice (default stops)
    until bob's turn moves on past combat, alice passing each."""
    d = position(alice, {"battlefield": [attacker, "Forest"]}, active="bob")
    asked: list[str] = []
    d.apply("attack", player=1)
    while d.pending is not None and d.game.phase == "main" and len(asked) < 20:
        p = d.pending
        got = auto_answer(d.game, p, DEFAULT_STOPS)
        if got is None and p.player == 0:
            asked.append(f"{d.game.step}: {p.prompt}")
            got = p.decline or p.choices[0]
        elif got is None:
            got = f"attack {attacker}" if p.kind is DecisionKind.ATTACK else (p.decline or p.choices[0])
        d.apply(got, player=p.player)
        if d.game.combat is None and d.game.attack_done:
            break
    return asked


def test_a_pump_spell_with_no_creature_of_ones_own_makes_no_stop() -> None:
    # Giant Growth could target only bob's Grizzly Bears: every answer but passing is pointless
    assert asked_of_alice_in_bobs_attack({"hand": ["Giant Growth"], "battlefield": ["Forest"]}) == []
    # with a creature of her own it is a combat trick: asked after blocks, but not at the
    # end of combat (the default "opponent end of combat" stop): the damage is dealt
    asked = asked_of_alice_in_bobs_attack({"hand": ["Giant Growth"], "battlefield": ["Forest", "Llanowar Elves"]})
    assert any(a.startswith("blocks: ") for a in asked)
    assert not any(a.startswith("end of combat: ") for a in asked), asked


def test_a_harmful_effect_with_only_ones_own_targets_makes_no_stop() -> None:
    # Terror cannot target bob's artifact attacker: only alice's own (tapped) creature
    alice = {"hand": ["Terror"], "battlefield": ["Swamp", "Swamp", {"name": "Grizzly Bears", "tapped": True}]}
    assert asked_of_alice_in_bobs_attack(alice, "Ornithopter") == []
    assert asked_of_alice_in_bobs_attack(alice, "Grizzly Bears")  # bob's Bears could be killed


def test_a_pump_of_ones_own_creature_makes_no_stop_once_nothing_is_left_to_fight() -> None:
    # Shivan Dragon's firebreathing: before the attack it is a trick, after the combat
    # (nothing in the batch, no damage pending) it changes nothing
    d = position({"battlefield": ["Shivan Dragon", "Mountain", "Mountain"]}, {"battlefield": ["Grizzly Bears"]})
    assert answer(d) is None  # her main phase: an attack, and a pump before it
    d.apply("attack")
    settle(d)
    d.apply("attack Shivan Dragon")
    settle(d)
    if d.pending.kind is DecisionKind.BLOCK:
        d.apply("block nothing", player=1)
    while d.game.combat is not None:
        assert d.pending is not None
        if d.pending.player == 0 and d.game.step == "blocks":
            assert answer(d) is None  # after blocks: the pump may still matter
        d.apply(auto_answer(d.game, d.pending) or d.pending.decline or d.pending.choices[0], player=d.pending.player)
    # her main phase after combat: the pump would change nothing, and it is all she could do
    assert d.game.active == 0 and d.game.phase == "main" and d.pending.player == 0
    assert "activate Shivan Dragon" in d.pending.choices
    assert answer(d) == "pass"


def until_bob(d: Duel) -> None:
    """Alice's decisions answered as auto-pass would (or declined), and bob's chance to
    interrupt passed, until bob may respond."""
    while d.pending is not None and (d.pending.player == 0 or d.pending.kind is DecisionKind.INTERRUPT):
        d.apply(auto_answer(d.game, d.pending) or d.pending.decline or d.pending.choices[0], player=d.pending.player)


def test_a_pump_makes_no_stop_against_a_summon_spell_but_does_against_a_bolt() -> None:
    d = position({"hand": ["Grizzly Bears", "Lightning Bolt"], "battlefield": ["Forest", "Forest", "Mountain"]},
                 {"hand": ["Giant Growth"], "battlefield": ["Forest", "Llanowar Elves"]})
    d.apply("cast Grizzly Bears")
    d.apply("tap Forest#1 for G")
    d.apply("tap Forest#2 for G")
    d.apply("pay")
    until_bob(d)
    assert d.pending.kind is DecisionKind.RESPOND and d.game.batch
    assert "cast Giant Growth" in d.pending.choices
    assert answer(d) == "pass"  # bob's Giant Growth: the summon spell fights nothing
    settle(d)
    d.apply("cast Lightning Bolt")
    d.apply("target Llanowar Elves")
    until_bob(d)
    assert "cast Giant Growth" in d.pending.choices
    assert answer(d) is None  # Giant Growth saves the Elves from the Bolt


def test_a_may_of_the_untap_phase_is_asked() -> None:
    # "You may choose not to untap Old Man of the Sea": keeping it tapped keeps the creature
    d = position({"battlefield": [{"name": "Old Man of the Sea", "tapped": True}, "Island"]},
                 {"battlefield": ["Forest"]}, active="bob")
    while d.pending is not None and d.game.active == 1:
        d.apply(auto_answer(d.game, d.pending) or d.pending.decline or d.pending.choices[0], player=d.pending.player)
    assert d.pending.kind is DecisionKind.CHOOSE and d.pending.prompt == "Untap Old Man of the Sea?"
    assert answer(d) is None  # was untapped for the player: the untap phase is no stop
