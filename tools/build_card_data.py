"""Build engine/data/cards.json from ../shared/cards/cards.json (run by a developer, never at run time).

The product must not read ../shared when it runs, so the fields the engine and
the bot need are copied here: the printing Manaburn follows (the 4ED one, else
the latest old printing), its printed type line and text, and the Oracle text
for reference.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "cards"


def is_variant(printing: dict) -> bool:
    """A misprint or alternate printing (number ending in a dagger or "s", e.g.
    Necrite's second Fifth Edition entry): it has no text or type of its own."""
    return printing["number"].endswith(("\u2020", "s"))


def chosen_printing(card: dict) -> dict:
    """The 4ED printing, else the latest old printing that is not a variant."""
    for p in card["printings"]:
        if p["set"] == "4ED":
            return p
    return [p for p in card["printings"] if not is_variant(p)][-1]


def main() -> int:
    cards = json.loads((SHARED / "cards.json").read_text())
    out = []
    for c in cards:
        p = chosen_printing(c)
        out.append({
            "name": c["name"],
            "mana_cost": c["mana_cost"] or "",
            "colors": c["colors"],
            "type": p["original_type"] or c["type_line"],
            "power": c["power"],
            "toughness": c["toughness"],
            "text": p["printed_text"] or "",
            "oracle": c["oracle_text"] or "",
            "set": p["set"],
            "sets": [q["set"] for q in c["printings"]],
            "rarity": p["rarity"],
            "scryfall_id": p["scryfall_id"],
        })
    dest = ROOT / "engine" / "data" / "cards.json"
    dest.write_text(json.dumps(out, separators=(",", ":"), ensure_ascii=False))
    seeds = [l.strip() for l in (SHARED / "seed-cards.txt").read_text().splitlines() if l.strip()]
    # The shared list glues its last two names together; split it here.
    fixed = []
    for s in seeds:
        fixed.extend(["Wrath of God", "Hill Giant"] if s == "Wrath of GodHill Giant" else [s])
    (ROOT / "engine" / "data" / "seed-cards.txt").write_text("\n".join(fixed) + "\n")
    print(f"{len(out)} cards, {len(fixed)} seed names -> {dest}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
