"""Starter collections shaped like a Fourth Edition starter deck.

A 4th Edition starter was 60 cards: basic lands plus commons, uncommons and
two rares.  :func:`starter_cards` draws such a collection from the
*implemented* cards of the set, using the card data's ``rarity``; the basic
lands follow the colors of the spells drawn (largest remainder, so a starter
heavy in red gets mostly Mountains).  The same seed always gives the same
cards, so tests and ``/start`` can be checked.

A server may change the rarity mix (``/admin settings``); :data:`DEFAULT_MIX`
is the default.

>>> cards = starter_cards(1)
>>> len(cards), cards == starter_cards(1), cards == starter_cards(2)
(60, True, False)
>>> from collections import Counter
>>> sum(n for (name, _), n in Counter(cards).items() if name in BASIC_LANDS)
22
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping

from engine import carddb

__all__ = ["DEFAULT_MIX", "MIX_KEYS", "BASIC_LANDS", "check_mix", "starter_cards", "pool"]

#: lands, commons, uncommons, rares: 60 cards, like a 4th Edition starter.
DEFAULT_MIX: dict[str, int] = {"lands": 22, "commons": 23, "uncommons": 13, "rares": 2}
MIX_KEYS = ("lands", "commons", "uncommons", "rares")
BASIC_LANDS = ("Plains", "Island", "Swamp", "Mountain", "Forest")
_COLOR_LAND = dict(zip("WUBRG", BASIC_LANDS))
_RARITY = {"commons": "common", "uncommons": "uncommon", "rares": "rare"}
MAX_STARTER = 200


def check_mix(mix: Mapping[str, int]) -> dict[str, int]:
    """A complete mix (missing keys from the default), or ValueError saying what is wrong."""
    out = dict(DEFAULT_MIX)
    for k, v in mix.items():
        if k not in MIX_KEYS:
            raise ValueError(f"unknown part of a starter {k!r} (use {', '.join(MIX_KEYS)})")
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= MAX_STARTER:
            raise ValueError(f"{k}: {v!r} is not a count between 0 and {MAX_STARTER}")
        out[k] = v
    total = sum(out.values())
    if not 1 <= total <= MAX_STARTER:
        raise ValueError(f"a starter has 1 to {MAX_STARTER} cards, not {total}")
    return out


def pool(set_code: str = "4ED") -> dict[str, list[str]]:
    """Implemented non-basic cards printed in *set_code*, by rarity, sorted by name."""
    out: dict[str, list[str]] = {"common": [], "uncommon": [], "rare": []}
    data = carddb.card_data()
    for name in carddb.implemented():
        d = data[name]
        if d["set"] != set_code or name in BASIC_LANDS:
            continue
        if d["rarity"] in out:
            out[d["rarity"]].append(name)
    return {k: sorted(v) for k, v in out.items()}


def starter_cards(seed: int, mix: Mapping[str, int] | None = None,
                  set_code: str = "4ED") -> list[tuple[str, str]]:
    """A starter: ``(card name, printing)`` per card, deterministic in *seed*.

    Spells of each rarity are drawn without repeats while the pool lasts,
    then with repeats.  Basic lands are split between the colors of the
    spells drawn in proportion to their colored mana symbols (evenly if none).
    """
    full = check_mix(mix or {})
    rng = random.Random(seed)
    by_rarity = pool(set_code)
    data = carddb.card_data()
    spells: list[str] = []
    for key in ("commons", "uncommons", "rares"):
        names = by_rarity[_RARITY[key]]
        want = full[key]
        if not names:
            continue
        picked = rng.sample(names, min(want, len(names)))
        picked += [rng.choice(names) for _ in range(want - len(picked))]
        spells += picked
    symbols: Counter[str] = Counter()
    for name in spells:
        cost = data[name]["mana_cost"] or ""
        for letter in "WUBRG":
            symbols[letter] += cost.count("{" + letter + "}")
    lands = _split(full["lands"], symbols)
    cards = [(name, data[name]["set"]) for name in spells]
    for letter, n in lands.items():
        land = _COLOR_LAND[letter]
        cards += [(land, data[land]["set"])] * n
    return cards


def _split(total: int, weights: Counter[str]) -> dict[str, int]:
    """*total* basic lands split by color weights (largest remainder, ties in WUBRG order)."""
    if total <= 0:
        return {}
    w = {c: weights.get(c, 0) for c in "WUBRG"}
    if not any(w.values()):
        w = {c: 1 for c in "WUBRG"}
    s = sum(w.values())
    exact = {c: total * w[c] / s for c in "WUBRG"}
    out = {c: int(exact[c]) for c in "WUBRG"}
    left = total - sum(out.values())
    for c in sorted("WUBRG", key=lambda c: (-(exact[c] - out[c]), "WUBRG".index(c)))[:left]:
        out[c] += 1
    return {c: n for c, n in out.items() if n}
