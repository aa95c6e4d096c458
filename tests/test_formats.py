"""Formats: which decks are legal where, and the reasons given when not."""
from __future__ import annotations

import pytest

from engine import carddb, formats
from engine.decks import OLD_SCHOOL, PRECONS, decklist, format_of

OLD = formats.get("oldschool")
SWEDISH = formats.get("oldschool-swedish")
FOURTH = formats.get("4ED")
CASUAL = formats.get("casual")


def test_names_match_without_regard_to_case_and_unknown_ones_say_which_exist() -> None:
    assert formats.get("OldSchool") is OLD and formats.get(" 4ed ") is FOURTH
    with pytest.raises(formats.UnknownFormat) as e:
        formats.get("vintage")
    assert "vintage" in str(e.value) and "oldschool" in str(e.value) and "4ED" in str(e.value)


def test_every_precon_is_legal_in_its_format_and_casual() -> None:
    for name in PRECONS:
        assert CASUAL.is_legal(decklist(name)), name
        if format_of(name) == "oldschool95":
            assert formats.get("oldschool95").problems(decklist(name)) == [], name
            assert len(decklist(name)) == 60
        elif name in OLD_SCHOOL:
            assert OLD.problems(decklist(name)) == [] and SWEDISH.is_legal(decklist(name)), name
            assert len(decklist(name)) == 60
        else:
            assert FOURTH.problems(decklist(name)) == [], name


def test_the_ante_cards_are_banned_in_old_school_only() -> None:
    deck = ["Mountain"] * 56 + ["Lightning Bolt"] * 3 + ["Tempest Efreet"]
    assert OLD.problems(deck) == ["Tempest Efreet is banned"]
    assert SWEDISH.problems(deck) == ["Tempest Efreet is banned"]
    assert FOURTH.is_legal(deck) and CASUAL.is_legal(deck)


def test_restricted_cards_one_copy_and_the_swedish_list_adds_workshop_and_strip_mine() -> None:
    deck = ["Island"] * 56 + ["Balance"] * 2 + ["Strip Mine"] * 2
    assert OLD.problems(deck) == ["Balance is restricted: one copy, not 2"]
    assert SWEDISH.problems(deck) == ["Balance is restricted: one copy, not 2",
                                      "Strip Mine is restricted: one copy, not 2"]
    ok = ["Island"] * 58 + ["Balance", "Strip Mine"]
    assert OLD.is_legal(ok) and SWEDISH.is_legal(ok)


def test_at_most_four_copies_but_basic_lands_are_free() -> None:
    deck = ["Mountain"] * 55 + ["Lightning Bolt"] * 5
    assert OLD.problems(deck) == ["5 copies of Lightning Bolt; at most 4"]
    assert FOURTH.problems(deck) == ["5 copies of Lightning Bolt; at most 4"]
    assert CASUAL.is_legal(deck)


def test_card_pools() -> None:
    # Ali Baba was printed in Arabian Nights and Fourth Edition.
    assert OLD.allows_card("Ali Baba") and FOURTH.allows_card("Ali Baba")
    # Feldon's Cane (Antiquities, Chronicles, Fifth Edition) is Old School but not Fourth Edition.
    assert OLD.allows_card("Feldon's Cane") and not FOURTH.allows_card("Feldon's Cane")
    # Abbey Gargoyles (Homelands, Fifth Edition) is in neither pool.
    assert not OLD.allows_card("Abbey Gargoyles") and not FOURTH.allows_card("Abbey Gargoyles")
    deck = ["Mountain"] * 39 + ["Feldon's Cane"]
    assert FOURTH.problems(deck) == ["Feldon's Cane is not in the card pool"]
    deck = ["Mountain"] * 59 + ["General Jarkeld"]  # Ice Age
    assert OLD.problems(deck) == ["General Jarkeld is not in the card pool"] and CASUAL.is_legal(deck)


def test_size_and_unimplemented_cards() -> None:
    assert OLD.problems(["Forest"] * 59) == ["the deck has 59 cards; at least 60 are needed"]
    problems = CASUAL.problems(["Forest"] * 40 + ["Grizzly Bear"])
    assert len(problems) == 1 and "'Grizzly Bear' is not a known card" in problems[0]
    assert "Grizzly Bears" in problems[0]  # the suggestion


def test_legal_formats_and_describe() -> None:
    deck = ["Plains"] * 36 + ["Savannah Lions"] * 4
    assert formats.legal_formats(deck) == ["casual", "4ED"]
    lines = formats.describe(deck)
    assert lines[0] == "casual: legal" and lines[1] == "Fourth Edition: legal"
    assert lines[2] == "Old School 93/94: not legal: the deck has 40 cards; at least 60 are needed"
    many = ["Plains"] * 60 + [f"Nonsense {i}" for i in range(5)]
    line = formats.describe(many, [CASUAL])[0]
    assert line.startswith("casual: not legal: 'Nonsense 0' is not a known card") and line.endswith("(and 2 more)")


def test_manaburn_play_takes_a_format() -> None:
    """`manaburn play --format`: a deck not legal in it is refused with the
    reason; decks chosen at random are legal in it; an unknown format says which exist."""
    import argparse
    import io

    from bot.terminal import play

    out = io.StringIO()
    args = argparse.Namespace(seed=5, deck="Brimstone", opponent_deck=None, vs="random", format="oldschool")
    assert play(args, io.StringIO(""), out) == 2
    assert "Brimstone is not legal in Old School 93/94: Tempest Efreet is banned" in out.getvalue()
    out = io.StringIO()
    args = argparse.Namespace(seed=5, deck=None, opponent_deck=None, vs="random", format="vintage")
    assert play(args, io.StringIO(""), out) == 2 and "oldschool" in out.getvalue()
    for seed in range(12):
        out = io.StringIO()
        args = argparse.Namespace(seed=seed, deck=None, opponent_deck=None, vs="random", format="oldschool")
        play(args, io.StringIO("concede\n"), out)
        first = out.getvalue().splitlines()[0]
        chosen = [name for name in PRECONS if f"'{name}'" in first]
        assert chosen and all(OLD.is_legal(decklist(name)) for name in chosen), first


def test_eternal_central_allows_fallen_empires() -> None:
    """``oldschool-ec``: the eight sets plus Fallen Empires, Eternal Central's
    restricted list and the ante cards banned; the other Old School formats
    leave Fallen Empires out."""
    ec = formats.get("oldschool-ec")
    deck = ["Swamp"] * 56 + ["Hymn to Tourach"] * 4
    assert ec.is_legal(deck)
    assert OLD.problems(deck) == ["Hymn to Tourach is not in the card pool"]
    assert SWEDISH.problems(deck) == ["Hymn to Tourach is not in the card pool"]
    assert ec.problems(["Swamp"] * 58 + ["Mind Twist"] * 2) == ["Mind Twist is restricted: one copy, not 2"]
    assert ec.problems(["Swamp"] * 59 + ["Contract from Below"]) == ["Contract from Below is banned"]
    assert ec.is_legal(["Swamp"] * 56 + ["Mishra's Workshop"] * 4)  # not restricted by Eternal Central
    assert ec.problems(["Swamp"] * 59 + ["General Jarkeld"]) == ["General Jarkeld is not in the card pool"]  # Ice Age
    assert "oldschool-ec" in formats.legal_formats(deck)
    assert formats.get("OldSchool-EC") is ec


def test_old_school_95_adds_ice_age_chronicles_homelands_and_its_own_lists() -> None:
    """``oldschool95``: Eternal Central's Old School 95, the ``oldschool-ec``
    pool plus Fourth Edition, Ice Age, Chronicles and Homelands; 24 restricted
    (Demonic Consultation and Mana Crypt as well), 9 banned (Amulet of Quoz and
    Timmerian Fiends as well); Necropotence, Zuran Orb, Strip Mine, Mishra's
    Workshop and Black Vise unrestricted."""
    ninety_five = formats.get("oldschool95")
    ec = formats.get("oldschool-ec")
    assert formats.get(" OldSchool95 ") is ninety_five
    assert ninety_five.sets == frozenset({"LEA", "LEB", "2ED", "3ED", "ARN", "ATQ", "LEG", "DRK", "FEM",
                                          "4ED", "ICE", "CHR", "HML"})
    assert ninety_five.restricted == formats.OLD_SCHOOL_RESTRICTED | {"Demonic Consultation", "Mana Crypt"}
    assert len(ninety_five.restricted) == 24
    assert ninety_five.banned == formats.ANTE_CARDS | {"Amulet of Quoz", "Timmerian Fiends"}
    assert len(ninety_five.banned) == 9
    assert not {"Necropotence", "Zuran Orb", "Strip Mine", "Mishra's Workshop", "Black Vise"} & ninety_five.restricted
    assert (ninety_five.min_cards, ninety_five.max_copies, ninety_five.max_sideboard) == (60, 4, 15)
    # an Ice Age card: legal here, not in 93/94 with Fallen Empires
    ice = ["Snow-Covered Plains"] * 56 + ["General Jarkeld"] * 4
    assert ninety_five.is_legal(ice)
    assert ec.problems(ice) == ["General Jarkeld is not in the card pool", "Snow-Covered Plains is not in the card pool"]
    assert "oldschool95" in formats.legal_formats(ice) and "oldschool-ec" not in formats.legal_formats(ice)
    # Fallen Empires and the 93/94 sets stay in
    assert ninety_five.is_legal(["Swamp"] * 56 + ["Hymn to Tourach"] * 4)
    assert ninety_five.is_legal(["Swamp"] * 52 + ["Juzám Djinn"] * 4 + ["Mishra's Workshop"] * 4)
    assert ninety_five.problems(["Swamp"] * 58 + ["Mind Twist"] * 2) == ["Mind Twist is restricted: one copy, not 2"]
    assert ninety_five.problems(["Swamp"] * 59 + ["Contract from Below"]) == ["Contract from Below is banned"]
    assert ninety_five.problems(["Swamp"] * 55 + ["Dark Ritual"] * 5) == ["5 copies of Dark Ritual; at most 4"]
    assert ninety_five.problems(["Swamp"] * 56 + ["Dark Ritual"] * 4, ["Dark Ritual"]) == [
        "5 copies of Dark Ritual across deck and sideboard; at most 4"]
    # a card of the pool that Manaburn does not implement yet is refused as today
    assert ninety_five.allows_card("Timmerian Fiends") is False  # banned
    assert ninety_five.allows_card("Necropotence")
    for name in ("Necropotence", "Amulet of Quoz"):
        if not carddb.is_implemented(name):
            assert ninety_five.problems(["Swamp"] * 59 + [name]) == carddb.unknown([name])


def test_old_school_95_is_a_terminal_format() -> None:
    """``manaburn play --format oldschool95`` plays a deck legal in it, and
    refuses one that is not, with the reason."""
    import argparse
    import io

    from bot.terminal import play

    out = io.StringIO()
    args = argparse.Namespace(seed=5, deck="Brimstone", opponent_deck=None, vs="random", format="oldschool95")
    assert play(args, io.StringIO(""), out) == 2
    assert "Brimstone is not legal in Old School 95 (Eternal Central): Tempest Efreet is banned" in out.getvalue()
    ninety_five = formats.get("oldschool95")
    for seed in range(6):
        out = io.StringIO()
        args = argparse.Namespace(seed=seed, deck=None, opponent_deck=None, vs="random", format="oldschool95")
        play(args, io.StringIO("concede\n"), out)
        first = out.getvalue().splitlines()[0]
        chosen = [name for name in PRECONS if f"'{name}'" in first]
        assert chosen and all(ninety_five.is_legal(decklist(name)) for name in chosen), first
