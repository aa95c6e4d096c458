"""Reading decklists: plain text ("4 Lightning Bolt" per line) and
Cockatrice ``.cod`` files. Only the main deck is read; sideboards are
ignored. Card names are checked by the engine, not here."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

# The count in front of a name ("4 ", "4x ", "4 x "). Only ever matched at the start of a
# stripped line, and nothing after it is a pattern: reading a line is linear in its length
# (a lazy name followed by optional trailing spaces, as this once was, is quadratic on
# "a" + many spaces + "b", and a 256 KB attachment of such lines froze the bot for minutes).
COUNT = re.compile(r"(\d+)\s*x?\s+", re.IGNORECASE)
MAX_COPIES = 250
MAX_CARDS = 500
MAX_DIGITS = 6  # a longer number is refused before int() (Python refuses 4,300+ digits with ValueError)


def read_count(digits: str, where: str) -> int:
    """A count or copy number typed by a user; DecklistError for one that is too long."""
    if len(digits) > MAX_DIGITS:
        raise DecklistError(f"{where}: {digits[:10]}… is not a sensible number")
    return int(digits)


def split_count(line: str, where: str) -> tuple[int, str]:
    """``(4, "Lightning Bolt")`` from ``"4x Lightning Bolt"``; ``(1, line)`` without a count.
    *line* is stripped; linear in its length."""
    m = COUNT.match(line)
    if m is None:
        return 1, line
    return read_count(m.group(1), where), line[m.end():].strip()


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
        count, name = split_count(line, f"line {n}")
        if not name:
            raise DecklistError(f"line {n}: cannot read {clip_text(raw)!r} (write '4 Lightning Bolt')")
        if count < 1 or count > MAX_COPIES:
            raise DecklistError(f"line {n}: {count} copies is not a sensible number")
        cards.extend([name] * count)
        if len(cards) > MAX_CARDS:
            raise DecklistError(f"the list has more than {MAX_CARDS} cards")
    if not cards:
        raise DecklistError("the decklist is empty")
    return cards


def clip_text(text: str, limit: int = 60) -> str:
    """*text* shortened for an error message (a user's line can be 256 KB long)."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


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
            number = (c.get("number") or "1").strip()
            if not number.isdigit() or not number.isascii():
                raise DecklistError(f"bad number for {clip_text(name)!r}")
            count = read_count(number, f"the number of {clip_text(name)!r}")
            if not name or count < 1 or count > MAX_COPIES:
                raise DecklistError(f"bad card entry {clip_text(name)!r} x{count}")
            cards.extend([name] * count)
    if not cards:
        raise DecklistError("the Cockatrice deck has no main-deck cards")
    if len(cards) > MAX_CARDS:
        raise DecklistError(f"the list has more than {MAX_CARDS} cards")
    return cards
