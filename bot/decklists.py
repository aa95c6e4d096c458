"""Reading decklists: plain text ("4 Lightning Bolt" per line) and
Cockatrice ``.cod`` files. Only the main deck is read; sideboards are
ignored. Card names are checked by the engine, not here."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

LINE = re.compile(r"^\s*(?:(\d+)\s*x?\s+)?(.+?)\s*$", re.IGNORECASE)
MAX_COPIES = 250
MAX_CARDS = 500


class DecklistError(ValueError):
    """A decklist that cannot be read; the message says where."""


def parse_decklist(text: str) -> list[str]:
    """Card names, one entry per copy.

    >>> parse_decklist("4 Lightning Bolt\\n2x Mountain\\n// comment\\nSideboard\\n1 Shatter")
    ['Lightning Bolt', 'Lightning Bolt', 'Lightning Bolt', 'Lightning Bolt', 'Mountain', 'Mountain']
    """
    if text.lstrip().startswith("<"):
        return parse_cod(text)
    cards: list[str] = []
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith(("#", "//")):
            continue
        if line.lower().rstrip(":") in ("sideboard", "side", "sb") or line.lower().startswith("sb:"):
            if line.lower().startswith("sb:"):
                continue
            break
        m = LINE.match(line)
        if not m or not m.group(2):
            raise DecklistError(f"line {n}: cannot read {raw!r} (write '4 Lightning Bolt')")
        count = int(m.group(1) or 1)
        if count < 1 or count > MAX_COPIES:
            raise DecklistError(f"line {n}: {count} copies is not a sensible number")
        cards.extend([m.group(2)] * count)
        if len(cards) > MAX_CARDS:
            raise DecklistError(f"the list has more than {MAX_CARDS} cards")
    if not cards:
        raise DecklistError("the decklist is empty")
    return cards


def parse_cod(text: str) -> list[str]:
    """A Cockatrice deck: ``<zone name="main"><card number="4" name="..."/>``."""
    if "<!DOCTYPE" in text or "<!ENTITY" in text:
        raise DecklistError("that file declares entities; a Cockatrice deck does not")
    try:
        root = ET.fromstring(text)
    except ET.ParseError as e:
        raise DecklistError(f"not a readable Cockatrice deck: {e}") from None
    cards: list[str] = []
    for zone in root.iter("zone"):
        if zone.get("name", "main") != "main":
            continue
        for c in zone.iter("card"):
            name = (c.get("name") or "").strip()
            try:
                count = int(c.get("number") or 1)
            except ValueError:
                raise DecklistError(f"bad number for {name!r}") from None
            if not name or count < 1 or count > MAX_COPIES:
                raise DecklistError(f"bad card entry {name!r} x{count}")
            cards.extend([name] * count)
    if not cards:
        raise DecklistError("the Cockatrice deck has no main-deck cards")
    if len(cards) > MAX_CARDS:
        raise DecklistError(f"the list has more than {MAX_CARDS} cards")
    return cards
