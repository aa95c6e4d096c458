"""The preconstructed decks: each is legal, the Fourth Edition ones together
hold every Fourth Edition card (so the random duels play them all), the Old
School ones are legal in the ``oldschool`` format."""
from __future__ import annotations

from collections import Counter

import pytest

from engine import carddb, formats
from engine.decks import OLD_SCHOOL, PRECONS, decklist, format_of
from engine.duel import check_deck

BASIC = {"Plains", "Island", "Swamp", "Mountain", "Forest"}


def fourth_edition() -> set[str]:
    return {n for n, c in carddb.card_data().items() if "4ED" in c.get("sets", [])}


def test_there_are_at_least_ten_theme_decks() -> None:
    assert len(PRECONS) >= 10
    # names other parts of the product and its tests rely on
    assert {"Red Burn", "Green Stompy"} <= set(PRECONS)


@pytest.mark.parametrize("name", sorted(n for n in PRECONS if format_of(n) == "4ED"))
def test_each_precon_is_a_legal_deck_of_fourth_edition_cards(name: str) -> None:
    cards = decklist(name)
    assert 40 <= len(cards) <= 60, f"{name} has {len(cards)} cards"
    too_many = {c: n for c, n in Counter(cards).items() if c not in BASIC and n > 4}
    assert not too_many, f"{name}: more than four copies of {too_many}"
    assert all(n > 0 for n in PRECONS[name].values())
    check_deck(cards, 40)  # every card known and implemented
    for c in set(cards):
        assert carddb.get(c).name == c
    not_4ed = sorted(set(cards) - fourth_edition())
    assert not not_4ed, f"{name} holds cards that are not in Fourth Edition: {not_4ed}"


@pytest.mark.parametrize("name", sorted(OLD_SCHOOL))
def test_each_old_school_precon_is_legal_in_old_school(name: str) -> None:
    cards = decklist(name)
    assert len(cards) == 60
    assert formats.get("oldschool").problems(cards) == []
    assert formats.get("oldschool-swedish").problems(cards) == []


def is_land(type_line: str) -> bool:
    """A land or a legendary land (Pendelhaven, Karakas: "Legendary Land")."""
    return type_line.removeprefix("Legendary ").startswith("Land")


@pytest.mark.parametrize("name", sorted(PRECONS))
def test_each_precon_has_lands_of_its_colors(name: str) -> None:
    """Playable: about 40% lands, and every color a spell needs has at least
    eight sources: basic lands, or lands and artifacts that add that color
    (dual lands, City of Brass, the Moxen)."""
    data = carddb.card_data()
    cards = decklist(name)
    lands = [c for c in cards if is_land(data[c]["type"])]
    assert 0.35 <= len(lands) / len(cards) <= 0.45, f"{name}: {len(lands)} lands"
    needed = {col for c in cards for col in data[c].get("colors", [])}
    basic_for = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}
    for col in needed:
        sources = [c for c in cards if c == basic_for[col] or (
            (is_land(data[c]["type"]) or "Artifact" in data[c]["type"])
            and (f"{{{col}}}" in data[c]["text"] or "any color" in data[c]["text"]))]
        assert len(sources) >= 8, f"{name} has {col} spells and too few sources of {col}"


def test_together_the_precons_hold_every_fourth_edition_card() -> None:
    held = {c for deck in PRECONS.values() for c in deck}
    missing = sorted(fourth_edition() - held)
    assert len(fourth_edition()) == 368
    assert not missing, f"{len(missing)} Fourth Edition cards are in no precon: {missing}"
