"""Land types and colors a card's text names are read through the card's text
changes (Magical Hack, Sleight of Mind): ``g.word(card, "swamp")``,
``g.swap_words("swampwalk", card)`` or the pieces of :mod:`engine.effects`
built on them (``lands_of_type``, ``land_type_static``, ``destroy_lands``,
``only_blocked_by``, ``aura_keywords``, ``grant``, ``color_until_eot``,
``colors_in_text``, ``create_token(..., source=)``). The duel scripts
``tests/scripts/rules/text-change-*.yaml`` and
``tests/scripts/cards/*/text-change-*.yaml`` show it for a representative set;
this test keeps card code from reading such a word directly, where a text
change would not reach it."""
from __future__ import annotations

import re
from pathlib import Path

import engine

LAND = r"(plains|island|swamp|mountain|forest)"
DIRECT = re.compile(
    rf'subtype="{LAND}"'                      # g.permanents(p, subtype="swamp")
    rf'|"{LAND}" (not )?in '                  # "swamp" in c.subtypes
    r'|(keyword_mod|keywords\.add)\("([a-z]+walk|protection from (white|blue|black|red|green))"'  # a granted keyword holding a word
    r'|"[WUBRG]" (not )?in |\{"[WUBRG]"(, "[WUBRG]")*\}'    # "B" in c.colors, c.colors = {"B"}, {"B", "R"} & colors
    r'|colors\.add\("[WUBRG]"\)'               # c.colors.add("G")
    r'|(== |in \(|discard\()"[a-z]+walk"'       # kw == "swampwalk", c.keywords.discard("forestwalk")
    r'|COLOR_LETTERS\["(white|blue|black|red|green)"\]')


def test_card_code_reads_text_words_through_text_changes() -> None:
    root = Path(engine.__file__).parent
    found = []
    for path in sorted([root / "effects.py", *(root / "cards").glob("*.py")]):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if DIRECT.search(line.split("#", 1)[0]):
                found.append(f"{path.name}:{n}: {line.strip()}")
    assert not found, "read these words with g.word / g.swap_words:\n" + "\n".join(found)
