"""Paying mana costs: what can be paid, how ``auto`` pays it, when it is asked.

One rule under all of it: each use of a mana source makes its own mana once
(a dual land, Birds of Paradise or City of Brass one mana a tap, whatever
colors it could make; Sol Ring two). Whether a cost can be paid (the
castable list, ``auto``) and what the player could pay by hand, tapping
sources one at a time, must always agree: the property test below checks it
over random boards.
"""
from __future__ import annotations

from typing import Any

from engine import Duel
from engine.autopass import auto_answer
from engine.decisions import DecisionKind
from engine.scripts import build_position


def position(alice: dict[str, Any], bob: dict[str, Any] | None = None, **setup: Any) -> Duel:
    """Alice's main phase (unless told otherwise) with these zones."""
    spec = {"active": "alice", "phase": "main", "players": {"alice": alice, "bob": bob or {}}, **setup}
    return Duel(lambda: build_position(spec))


def tapped(d: Duel) -> list[str]:
    return sorted(c.name for c in d.game.battlefield if c.tapped)


# ------------------------------------------------------- one mana a tap

def test_a_dual_land_alone_cannot_pay_two_mana() -> None:
    d = position({"hand": ["Grizzly Bears"], "battlefield": ["Tropical Island"]})
    assert "cast Grizzly Bears" not in d.pending.choices  # type: ignore[union-attr]


def test_the_boards_of_the_report_cannot_pay() -> None:
    # Plateau + Mountain + Forest + Birds of Paradise: four mana, Jasmine Boreal costs five
    d = position({"hand": ["Jasmine Boreal"], "battlefield": ["Plateau", "Mountain", "Forest", "Birds of Paradise"]})
    assert "cast Jasmine Boreal" not in d.pending.choices  # type: ignore[union-attr]
    # Tropical Island + Mox Pearl: two mana, Serendib Efreet costs three
    d = position({"hand": ["Serendib Efreet"], "battlefield": ["Tropical Island", "Mox Pearl"]})
    assert "cast Serendib Efreet" not in d.pending.choices  # type: ignore[union-attr]


def test_a_dual_land_pays_one_symbol_and_auto_is_not_offered_for_two() -> None:
    # Giant Growth {G} is payable, and auto taps the one land once
    d = position({"hand": ["Giant Growth"], "battlefield": ["Tropical Island", "Grizzly Bears"]})
    d.apply("cast Giant Growth")
    d.apply("target Grizzly Bears")
    assert d.pending is not None and d.pending.kind is DecisionKind.PAY and "auto" in d.pending.choices
    d.apply("auto")
    assert tapped(d) == ["Tropical Island"]
    assert d.game.players[0].pool.total() == 0


# ----------------------------------------------------- life for mana

def channelled(life: int, battlefield: list[str], hand: list[str]) -> Duel:
    d = position({"life": life, "hand": ["Channel"] + hand, "battlefield": battlefield})
    d.apply("cast Channel")
    d.apply("auto")
    while d.pending is not None and d.pending.kind is not DecisionKind.OPPORTUNITY:
        d.apply(d.pending.decline or d.pending.choices[0])
    assert d.game.players[0].life == life
    return d


def test_channel_mana_counts_toward_what_can_be_paid() -> None:
    # Channel {G}{G} from two Forests, a third Forest left: Durkwood Boars {4}{G} with 4 life of Channel
    d = channelled(5, ["Forest"] * 3, ["Durkwood Boars"])
    assert "cast Durkwood Boars" in d.pending.choices  # type: ignore[union-attr]
    d.apply("cast Durkwood Boars")
    assert d.pending is not None and "auto" in d.pending.choices
    d.apply("auto")
    assert d.game.players[0].life == 1
    assert all(c.tapped for c in d.game.battlefield if c.name == "Forest")
    assert d.game.players[0].pool.total() == 0


def test_automatic_payment_spends_life_only_when_nothing_else_pays() -> None:
    d = channelled(10, ["Forest"] * 4, ["Grizzly Bears"])
    d.apply("cast Grizzly Bears")
    d.apply("auto")
    assert d.game.players[0].life == 10  # the two Forests left pay it
    assert sum(c.tapped for c in d.game.battlefield) == 4


def test_automatic_payment_never_spends_the_last_life() -> None:
    # by hand a player may pay life down to 0 (and lose); auto never does it for them
    d = channelled(1, ["Forest"] * 2, ["Sol Ring"])
    assert "cast Sol Ring" in d.pending.choices  # type: ignore[union-attr]
    d.apply("cast Sol Ring")
    assert d.pending is not None and "auto" not in d.pending.choices
    assert "add C via Channel" in d.pending.choices


# ------------------------------------------------ asking and preferring

def test_auto_taps_a_land_before_an_artifact() -> None:
    d = position({"hand": ["Swords to Plowshares"], "battlefield": ["Mox Pearl", "Plains"]},
                 {"battlefield": ["Grizzly Bears"]})
    d.apply("cast Swords to Plowshares")
    d.apply("target Grizzly Bears")
    d.apply("auto")
    assert tapped(d) == ["Plains"]


def test_auto_taps_a_land_before_a_creature_and_the_plainer_land_first() -> None:
    d = position({"hand": ["Giant Growth"], "battlefield": ["Birds of Paradise", "Savannah", "Forest"]})
    d.apply("cast Giant Growth")
    d.apply("target Birds of Paradise")
    d.apply("auto")
    assert tapped(d) == ["Forest"]


def test_a_color_only_one_source_makes_is_paid_without_asking() -> None:
    # Birds of Paradise {G}: the Savannah is the only source of G
    d = position({"hand": ["Birds of Paradise"], "battlefield": ["Savannah", "Plains", "Island"]})
    d.apply("cast Birds of Paradise")
    assert d.pending is not None and d.pending.kind is DecisionKind.PAY
    assert auto_answer(d.game, d.pending) == "auto"


def test_mana_drawn_for_the_spell_is_spent_without_asking() -> None:
    d = position({"hand": ["Swords to Plowshares"], "battlefield": ["Mox Pearl", "Plains"]},
                 {"battlefield": ["Grizzly Bears"]})
    d.apply("tap Mox Pearl for W")
    d.apply("cast Swords to Plowshares")
    d.apply("target Grizzly Bears")
    assert d.pending is not None and d.pending.kind is DecisionKind.PAY
    assert auto_answer(d.game, d.pending) == "pay"


def test_pool_mana_spent_more_than_one_way_is_asked() -> None:
    # {1} from a pool of W and G: which is left matters
    d = position({"hand": ["Ornithopter", "Sol Ring"], "battlefield": ["Mox Pearl"], "mana_pool": "WG"})
    d.apply("cast Sol Ring")
    assert d.pending is not None and d.pending.kind is DecisionKind.PAY
    assert auto_answer(d.game, d.pending) is None


def test_two_dual_lands_of_a_name_are_interchangeable() -> None:
    d = position({"hand": ["Llanowar Elves"], "battlefield": ["Savannah", "Savannah", "Plains"]})
    d.apply("cast Llanowar Elves")
    assert auto_answer(d.game, d.pending) == "auto"  # type: ignore[arg-type]


def test_an_upkeep_cost_of_four_mana_is_one_answer() -> None:
    # Force of Nature's {G}{G}{G}{G} from three Forests and a Tropical Island (and a Plains):
    # at the end of upkeep the player answers once and it is paid
    d = position({"battlefield": ["Force of Nature", "Forest", "Forest", "Forest", "Tropical Island", "Plains"]},
                 phase="upkeep")
    asked = []
    while d.pending is not None and d.game.phase == "upkeep":
        ans = auto_answer(d.game, d.pending)
        if ans is None:
            asked.append(d.pending.kind)
            ans = "activate Force of Nature" if d.pending.kind is DecisionKind.UPKEEP else d.pending.choices[0]
        d.apply(ans, player=d.pending.player)
    assert asked == [DecisionKind.UPKEEP]
    assert d.game.players[0].life == 20
    assert tapped(d) == ["Forest", "Forest", "Forest", "Tropical Island"]
