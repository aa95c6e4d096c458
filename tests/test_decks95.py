"""The Old School 95 preconstructed decks (engine.decks.OLD_SCHOOL_95): legal in
``oldschool95`` and not in Old School 93/94, 60 cards and 15 in the sideboard,
and a random duel between each pair plays through every check of the random duels."""
from __future__ import annotations

import itertools

import pytest
from test_random_duels import checked_duel_of

from engine import formats
from engine.decks import OLD_SCHOOL_95, PRECONS, SIDEBOARDS, decklist, sideboard

NAMES = sorted(OLD_SCHOOL_95)
PAIRS = list(itertools.combinations(NAMES, 2))
PLAYED: set[str] = set()


def test_there_are_five_decks_in_the_precons_with_sideboards() -> None:
    assert len(NAMES) == 5
    assert all(PRECONS[n] == OLD_SCHOOL_95[n] and n in SIDEBOARDS for n in NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_the_deck_is_legal_in_oldschool95_and_not_in_oldschool(name: str) -> None:
    deck, side = decklist(name), sideboard(name)
    assert formats.get("oldschool95").problems(deck, side) == []
    # the main deck alone plays a card of Fallen Empires, Ice Age or Homelands
    assert any("not in the card pool" in p for p in formats.get("oldschool").problems(deck))
    assert not formats.get("oldschool").is_legal(deck, side)


@pytest.mark.parametrize("name", NAMES)
def test_the_deck_holds_60_cards_and_15_in_the_sideboard(name: str) -> None:
    assert len(decklist(name)) == 60
    assert len(sideboard(name)) == 15


@pytest.mark.parametrize("seed", range(len(PAIRS)))
def test_random_duel_between_each_pair(seed: int) -> None:
    a, b = PAIRS[seed]
    checked_duel_of(seed, {a: OLD_SCHOOL_95[a], b: OLD_SCHOOL_95[b]}, PLAYED)
