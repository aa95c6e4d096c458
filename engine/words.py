"""Words of the duel log that depend on a number."""
from __future__ import annotations


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` things in English: ``counted(1, "card")`` is "1 card",
    ``counted(3, "card")`` "3 cards" (``plural`` for nouns that do not take
    an "s")."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"
