"""Reading decklists: plain text ("4 Lightning Bolt" per line) and
Cockatrice ``.cod`` files, each with its sideboard: in text, the lines after a
``Sideboard`` line (also ``Sideboard:``, ``Side``, ``SB``) and every line
written ``SB: 2 Shatter`` (as players paste them); in a ``.cod`` file, the
zone called ``side``. Card names are checked by the engine, not here."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
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


@dataclass(frozen=True)
class Decklist:
    """A deck as read: the main deck and the sideboard, one entry per copy."""

    main: list[str]
    sideboard: list[str] = field(default_factory=list)


SIDEBOARD_HEADERS = ("sideboard", "side", "sb")


def parse_decklist(text: str) -> list[str]:
    """The main deck's card names, one entry per copy (see :func:`parse_deck`).

    >>> parse_decklist("4 Lightning Bolt\\n2x Mountain\\n// comment\\nSideboard\\n1 Shatter")
    ['Lightning Bolt', 'Lightning Bolt', 'Lightning Bolt', 'Lightning Bolt', 'Mountain', 'Mountain']
    """
    return parse_deck(text).main


def parse_deck(text: str) -> Decklist:
    """The main deck and the sideboard: the lines after a ``Sideboard`` line, and
    every line written ``SB: 2 Shatter``.

    >>> d = parse_deck("2 Lightning Bolt\\nSB: 1 Shatter\\n1 Mountain\\nSideboard:\\n2x Fireball")
    >>> d.main, d.sideboard
    (['Lightning Bolt', 'Lightning Bolt', 'Mountain'], ['Shatter', 'Fireball', 'Fireball'])
    """
    if text.lstrip().startswith("<"):
        return parse_cod(text)
    cards: list[str] = []
    side: list[str] = []
    in_side = False
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith(("#", "//")):
            continue
        if line.lower().rstrip(":").strip() in SIDEBOARD_HEADERS:
            in_side = True
            continue
        into = side if in_side else cards
        if line[:3].lower() == "sb:":
            line, into = line[3:].strip(), side
        count, name = split_count(line, f"line {n}")
        if not name:
            raise DecklistError(f"line {n}: cannot read {clip_text(raw)!r} (write '4 Lightning Bolt')")
        if count < 1 or count > MAX_COPIES:
            raise DecklistError(f"line {n}: {count} copies is not a sensible number")
        into.extend([name] * count)
        if len(cards) + len(side) > MAX_CARDS:
            raise DecklistError(f"the list has more than {MAX_CARDS} cards")
    if not cards:
        raise DecklistError("the decklist has a sideboard but no main deck" if side else "the decklist is empty")
    return Decklist(cards, side)


def clip_text(text: str, limit: int = 60) -> str:
    """*text* shortened for an error message (a user's line can be 256 KB long)."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


def parse_cod(text: str) -> Decklist:
    """A Cockatrice deck: ``<zone name="main"><card number="4" name="..."/>``, and
    its sideboard, ``<zone name="side">`` (other zones, e.g. tokens, are ignored)."""
    if "<!DOCTYPE" in text or "<!ENTITY" in text:
        raise DecklistError("that file declares entities; a Cockatrice deck does not")
    try:
        root = ET.fromstring(text)
    except ET.ParseError as e:
        raise DecklistError(f"not a readable Cockatrice deck: {e}") from None
    cards: list[str] = []
    side: list[str] = []
    for zone in root.iter("zone"):
        into = {"main": cards, "side": side}.get(zone.get("name", "main"))
        if into is None:
            continue
        for c in zone.iter("card"):
            name = (c.get("name") or "").strip()
            number = (c.get("number") or "1").strip()
            if not number.isdigit() or not number.isascii():
                raise DecklistError(f"bad number for {clip_text(name)!r}")
            count = read_count(number, f"the number of {clip_text(name)!r}")
            if not name or count < 1 or count > MAX_COPIES:
                raise DecklistError(f"bad card entry {clip_text(name)!r} x{count}")
            into.extend([name] * count)
            if len(cards) + len(side) > MAX_CARDS:
                raise DecklistError(f"the list has more than {MAX_CARDS} cards")
    if not cards:
        raise DecklistError("the Cockatrice deck has no main-deck cards")
    return Decklist(cards, side)
