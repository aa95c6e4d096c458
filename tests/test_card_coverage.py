"""Every Fourth Edition card, and every implemented card of the Old School
sets, has at least one test: a duel script under ``tests/scripts/cards/`` or
a check in ``tests/test_cards_*.py`` names it.

A name counts only as a whole card name: "Armageddon" inside "Armageddon
Clock" or "Island" inside "Island Sanctuary" does not count for Armageddon
or Island.
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from pathlib import Path

import pytest

from engine import carddb

TESTS = Path(__file__).parent


def fourth_edition() -> list[str]:
    return sorted(n for n, c in carddb.card_data().items() if "4ED" in c.get("sets", []))


@lru_cache(maxsize=1)
def name_pattern() -> re.Pattern[str]:
    # longest names first, so that a name inside a longer one is not counted
    names = sorted(carddb.card_data(), key=len, reverse=True)
    return re.compile(r"(?<![\w'])(?:" + "|".join(re.escape(n) for n in names) + r")(?![\w'])")


def slug(name: str) -> str:
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_name.lower().replace("'", "")).strip("-")


def card_scripts() -> list[Path]:
    return sorted(TESTS.glob("scripts/cards/**/*.yaml"))


def card_test_modules() -> list[Path]:
    return sorted(TESTS.glob("test_cards_*.py"))


def mentions(path: Path) -> set[str]:
    return set(name_pattern().findall(path.read_text(encoding="utf-8")))


def test_the_name_matching() -> None:
    found = set(name_pattern().findall("Armageddon Clock, an Island Sanctuary and a Lightning Bolt; Islands"))
    assert found == {"Armageddon Clock", "Island Sanctuary", "Lightning Bolt"}
    assert slug("El-Hajjâj") == "el-hajjaj" and slug("Gaea's Liege") == "gaeas-liege"


def test_every_fourth_edition_card_is_mentioned_by_a_test() -> None:
    files = card_scripts() + card_test_modules()
    assert len(files) > 368
    seen: set[str] = set()
    for f in files:
        seen |= mentions(f)
    missing = [n for n in fourth_edition() if n not in seen]
    assert not missing, f"{len(missing)} Fourth Edition cards appear in no test: {missing}"


OLD_SCHOOL_SETS = ("LEA", "LEB", "2ED", "3ED", "ARN", "ATQ", "LEG", "DRK")


def old_school_implemented() -> list[str]:
    """The implemented cards printed in the eight Old School sets (not yet all of them)."""
    impl = set(carddb.implemented())
    return sorted(n for n, c in carddb.card_data().items()
                  if n in impl and set(OLD_SCHOOL_SETS) & set(c.get("sets", [])))


def own_tests(names: list[str]) -> set[str]:
    """The names among ``names`` that have a test of their own: a duel script
    named for the card (file name or ``name:``), or a check in a card test
    module (a mention in some other card's setup is not enough)."""
    own: set[str] = set()
    slugs = {slug(n): n for n in names}
    for f in card_scripts():
        text = f.read_text(encoding="utf-8")
        m = re.search(r"^name:(.*)$", text, re.M)
        own |= set(name_pattern().findall(m.group(1))) if m else set()
        named = [s for s in slugs if f.stem == s or f.stem.startswith(s + "-")]
        if named:  # the longest: island-sanctuary-... is about Island Sanctuary, not Island
            own.add(slugs[max(named, key=len)])
    for f in card_test_modules():
        own |= mentions(f)
    return own


def test_every_fourth_edition_card_has_a_test_of_its_own() -> None:
    own = own_tests(fourth_edition())
    missing = [n for n in fourth_edition() if n not in own]
    assert not missing, f"{len(missing)} Fourth Edition cards have no test of their own: {missing}"


def test_every_implemented_old_school_card_has_a_test_of_its_own() -> None:
    names = old_school_implemented()
    assert len(names) >= 490  # Fourth Edition's and the Alpha to Arabian Nights ones at least
    own = own_tests(names)
    missing = [n for n in names if n not in own]
    assert not missing, f"{len(missing)} Old School cards have no test of their own: {missing}"


@pytest.mark.parametrize(("code", "size"), [("FEM", 102), ("ICE", 373), ("HML", 115)])
def test_every_old_school_95_card_is_implemented_with_a_test_of_its_own(code: str, size: int) -> None:
    """Fallen Empires, Ice Age and Homelands (issue 29): every card of the set is
    implemented (what ``manaburn cards`` counts: FEM 102 of 102, ICE 373 of 373,
    HML 115 of 115), and each has a duel script or a check of its own."""
    impl = set(carddb.implemented())
    in_set = [n for n, c in carddb.card_data().items() if code in c.get("sets", [])]
    assert len(in_set) == size
    assert not [n for n in in_set if n not in impl], f"{code} cards not implemented"
    names = sorted(in_set)
    own = own_tests(names)
    missing = [n for n in names if n not in own]
    assert not missing, f"{len(missing)} {code} cards have no test of their own: {missing}"
