"""Formats: which decks are legal where, and the reasons given when not."""
from __future__ import annotations

import pytest

from engine import formats
from engine.decks import OLD_SCHOOL, PRECONS, decklist

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
        if name in OLD_SCHOOL:
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
