"""Mana: costs, pools and paying a cost from a pool.

Five colors and colorless: ``W U B R G C``. A *cost* has colored symbols, a
generic part and X symbols (``{X}{R}``). Generic mana can be paid with any
mana; colored symbols need their color.

>>> c = ManaCost.parse("{2}{R}{R}")
>>> c.generic, c.colored["R"], str(c)
(2, 2, '{2}{R}{R}')
>>> Mana.parse("RRG").pay(ManaCost.parse("{1}{R}")).text()
'G'
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

COLORS = "WUBRG"
MANA_SYMBOLS = "WUBRGC"
COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
COLOR_LETTERS = {v: k for k, v in COLOR_NAMES.items()}


class ManaError(ValueError):
    """A mana string or cost that cannot be read, or a pool that cannot pay."""


@dataclass(frozen=True)
class ManaCost:
    """A printed mana cost such as ``{X}{1}{B}``."""

    generic: int = 0
    colored: dict[str, int] = field(default_factory=dict)
    x: int = 0  # how many {X} symbols

    @classmethod
    def parse(cls, text: str) -> "ManaCost":
        generic, x = 0, 0
        colored: dict[str, int] = {}
        for sym in re.findall(r"\{([^}]*)\}", text or ""):
            if sym.isdigit():
                generic += int(sym)
            elif sym == "X":
                x += 1
            elif sym in COLORS:
                colored[sym] = colored.get(sym, 0) + 1
            else:
                raise ManaError(f"unknown mana symbol {{{sym}}} in {text!r}")
        return cls(generic, colored, x)

    def with_x(self, x_value: int, extra_generic: int = 0) -> "ManaCost":
        """The cost to pay once X is chosen (X symbols become generic). A
        negative ``extra_generic`` (a cost reduction: Mana Matrix) never takes
        the generic part below 0: colored mana is never reduced."""
        return ManaCost(max(0, self.generic + self.x * x_value + extra_generic), dict(self.colored), 0)

    def plus(self, other: "ManaCost") -> "ManaCost":
        col = dict(self.colored)
        for k, v in other.colored.items():
            col[k] = col.get(k, 0) + v
        return ManaCost(max(0, self.generic + other.generic), col, self.x + other.x)

    @property
    def total(self) -> int:
        return self.generic + sum(self.colored.values())

    @property
    def converted(self) -> int:
        """Converted mana cost (X counts as 0)."""
        return self.total

    def colors(self) -> frozenset[str]:
        return frozenset(self.colored)

    def __str__(self) -> str:
        parts = ["{X}"] * self.x
        if self.generic or (not self.colored and not self.x):
            parts.append("{%d}" % self.generic)
        for c in COLORS:
            parts.extend(["{%s}" % c] * self.colored.get(c, 0))
        return "".join(parts)


@dataclass
class Mana:
    """An amount of mana by symbol, e.g. a mana pool. Mutable.

    ``restricted`` is mana that may be spent only as a named *use* allows
    (Mishra's Workshop: ``"artifact spells"``), by ``(symbol, use)``. It is
    in the pool like any mana (it burns, it empties at the end of a phase),
    but :meth:`pay` never spends it: a payment first makes the pool it may
    draw on with :meth:`spendable`, then takes back what was spent with
    :meth:`spend`. Which spells a use allows is decided by the engine
    (``Game.spend_uses``)."""

    amounts: dict[str, int] = field(default_factory=dict)
    restricted: dict[tuple[str, str], int] = field(default_factory=dict)

    @classmethod
    def parse(cls, text: str) -> "Mana":
        """Read ``"RRG"`` (letters W U B R G C); restricted mana follows a
        ``+`` with its use in parentheses: ``"G+CCC(artifact spells)"``."""
        m = cls()
        plain, *rest = (text or "").split("+")
        for part in rest:
            syms, _, use = part.partition("(")
            if not use.endswith(")"):
                raise ManaError(f"restricted mana {part!r} in {text!r} must name its use: CCC(artifact spells)")
            for ch in syms.replace(" ", ""):
                if ch not in MANA_SYMBOLS:
                    raise ManaError(f"unknown mana letter {ch!r} in {text!r} (use W U B R G C)")
                m.add(ch, use=use[:-1].strip())
        for ch in plain.replace(" ", ""):
            if ch not in MANA_SYMBOLS:
                raise ManaError(f"unknown mana letter {ch!r} in {text!r} (use W U B R G C)")
            m.add(ch)
        return m

    def add(self, sym: str, n: int = 1, use: str = "") -> None:
        """Add ``n`` mana of ``sym``; with ``use``, mana spendable only that way."""
        if use:
            self.restricted[(sym, use)] = self.restricted.get((sym, use), 0) + n
        else:
            self.amounts[sym] = self.amounts.get(sym, 0) + n

    def total(self) -> int:
        return sum(self.amounts.values()) + sum(self.restricted.values())

    def copy(self) -> "Mana":
        return Mana(dict(self.amounts), dict(self.restricted))

    def clear(self) -> int:
        n = self.total()
        self.amounts.clear()
        self.restricted.clear()
        return n

    def text(self) -> str:
        out = "".join(s * self.amounts.get(s, 0) for s in MANA_SYMBOLS)
        for (sym, use), n in sorted(self.restricted.items()):
            if n:
                out += f"+{sym * n}({use})"
        return out

    def symbols(self) -> str:
        """The pool as symbols, restricted mana by its symbol like any other
        (Mishra's Workshop's three: ``"CCC"``): what a duel script's
        ``mana_pool`` names."""
        n = {s: self.amounts.get(s, 0) for s in MANA_SYMBOLS}
        for (sym, _), k in self.restricted.items():
            n[sym] += k
        return "".join(s * n[s] for s in MANA_SYMBOLS)

    def spendable(self, uses: frozenset[str] | set[str]) -> "Mana":
        """The unrestricted pool to pay with: this pool's own mana plus its
        restricted mana whose use is among ``uses``."""
        m = Mana(dict(self.amounts))
        for (sym, use), n in self.restricted.items():
            if use in uses and n:
                m.add(sym, n)
        return m

    def spend(self, spent: "Mana", uses: frozenset[str] | set[str]) -> None:
        """Take ``spent`` (plain mana paid out of :meth:`spendable`) from this
        pool, restricted mana first (it is the less useful)."""
        for sym, n in spent.amounts.items():
            for key in sorted(k for k in self.restricted if k[0] == sym and k[1] in uses):
                take = min(n, self.restricted[key])
                self.restricted[key] -= take
                n -= take
            self.amounts[sym] = self.amounts.get(sym, 0) - n
        self.amounts = {k: v for k, v in self.amounts.items() if v}
        self.restricted = {k: v for k, v in self.restricted.items() if v}

    def can_pay(self, cost: ManaCost) -> bool:
        try:
            self.copy().pay(cost)
        except ManaError:
            return False
        return True

    def pay(self, cost: ManaCost) -> "Mana":
        """Remove ``cost`` from this pool; return self. Colored symbols take
        their color; generic takes colorless first, then the colors the pool
        has most of, so that what is left is as useful as possible."""
        if cost.x:
            raise ManaError("choose X before paying")
        for c, n in cost.colored.items():
            if self.amounts.get(c, 0) < n:
                raise ManaError(f"not enough {COLOR_NAMES[c]} mana")
        for c, n in cost.colored.items():
            self.amounts[c] -= n
        need = cost.generic
        for sym in generic_order(self):
            take = min(need, self.amounts.get(sym, 0))
            self.amounts[sym] = self.amounts.get(sym, 0) - take
            need -= take
        if need:
            raise ManaError("not enough mana")
        self.amounts = {k: v for k, v in self.amounts.items() if v}
        return self


def generic_order(pool: Mana) -> list[str]:
    """The order in which a pool spends mana on generic costs: colorless
    first, then the most plentiful colors (ties in WUBRG order)."""
    cols = sorted(COLORS, key=lambda c: (-pool.amounts.get(c, 0), COLORS.index(c)))
    return ["C"] + cols


def plan_payment(cost: ManaCost, pool: Mana, sources: list[tuple[int, frozenset[str]]]) -> list[tuple[int, str]] | None:
    """Choose which sources to tap (and for which symbol) so that ``pool``
    plus their mana pays ``cost``; ``None`` if impossible.

    ``sources`` are ``(id, symbols it can make)`` in the preferred order
    (the earlier tapped first); each makes one mana (units of one id are
    told apart by identity). The plan never spends a source on generic mana
    while a colored symbol still needs it, and uses as few sources as
    possible; among the sources that could pay a symbol it takes the first.
    """
    remaining = pool.copy()
    need_col = dict(cost.colored)
    # Pool mana covers what it can first.
    for c in list(need_col):
        use = min(need_col[c], remaining.amounts.get(c, 0))
        need_col[c] -= use
        remaining.amounts[c] = remaining.amounts.get(c, 0) - use
    need_gen = max(0, cost.generic - remaining.total())
    need_list = [c for c in COLORS for _ in range(need_col.get(c, 0))]
    producers = {c: sum(1 for _, s in sources if c in s) for c in set(need_list)}
    # Shortcuts, same answer as the search below: too few sources in all, or for one color.
    if len(sources) < len(need_list) + need_gen or any(producers[c] < need_list.count(c) for c in producers):
        return None
    # Colored needs with the fewest possible producers first.
    need_list.sort(key=lambda c: producers[c])

    def solve(i: int, free: list[tuple[int, frozenset[str]]]) -> list[tuple[int, str]] | None:
        if i == len(need_list):
            if len(free) < need_gen:
                return None
            chosen = free[:need_gen]  # ``free`` keeps the order of ``sources``
            return [(sid, "C" if "C" in syms else sorted(syms, key=MANA_SYMBOLS.index)[0]) for sid, syms in chosen]
        c = need_list[i]
        tried: set[frozenset[str]] = set()
        for s in free:
            if c not in s[1] or s[1] in tried:
                continue  # a unit making the same symbols as one that failed here fails too
            tried.add(s[1])
            rest = [f for f in free if f is not s]
            sub = solve(i + 1, rest)
            if sub is not None:
                return [(s[0], c)] + sub
        return None

    return solve(0, list(sources))
