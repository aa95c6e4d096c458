"""The computer opponent's combat: which creatures attack, and how it blocks.

Both read only the seat's view through :class:`engine.players.computer.Board`. An
attack is planned by trying subsets of the creatures that may attack: for
each, the opponent's likely blocks are predicted (blocks that kill and
survive, trades that favour them, chump blocks only when the attack would
otherwise kill them), and the outcome is scored: the creatures each side
loses, the damage that gets through (worth more the lower their life), and
the swing back, when the creatures left at home could not stop their next
attack. Blocks are chosen the same way from the other side: kill and
survive, survive, trade up, gang-block a big attacker, and chump only to
stay alive.

Creature abilities read from the printed text and the view: first strike,
flying and what can block it, landwalk, protection, trample, regeneration
its controller has the untapped mana for, and "destroy all creatures
blocking or blocked by" (Cockatrice, Thicket Basilisk).
"""
from __future__ import annotations

import itertools
import re
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from .. import carddb

if TYPE_CHECKING:
    from .computer import Board

Perm = dict[str, Any]
MAX_EXACT = 7  # attackers tried in every subset; above, a greedy search
# an attack's damage to the opponent is worth DAMAGE_BASE + DAMAGE_CLOSE / (life left after it)
DAMAGE_BASE, DAMAGE_CLOSE = 0.6, 6.0
LOST_RACE = 0.25  # what that damage is worth when their creatures win the race anyway (Combat.race_lost)


@lru_cache(maxsize=None)
def _text(name: str) -> str:
    """The rules text of a card (``Name#n`` names a copy), "" for an unknown one."""
    try:
        return carddb.get(name.split("#")[0]).text or ""
    except KeyError:  # carddb.UnknownCard
        return ""


@lru_cache(maxsize=None)
def hasty(name: str) -> bool:
    """Can it attack the turn it comes into play (Ball Lightning)?"""
    return bool(re.search(r"can attack the turn it comes into play", _text(name), re.I))


@lru_cache(maxsize=None)
def doomed(name: str) -> bool:
    """Is it buried or destroyed at the end of the turn anyway (Ball Lightning)? Losing it costs nothing."""
    return bool(re.search(r"at (the )?end of (any|the) turn, (bury|destroy|sacrifice)", _text(name), re.I))


@lru_cache(maxsize=None)
def destroys_in_combat(name: str) -> str | None:
    """'all' / 'non-wall' / colours, when the creature destroys what blocks it or what it blocks."""
    m = re.search(r"destroy all ([\w\s-]*?)creatures blocking or blocked by", _text(name), re.I)
    if not m:
        return None
    return m[1].strip() or "all"


@lru_cache(maxsize=None)
def regen_cost(name: str) -> int | None:
    """The mana a creature's own regeneration costs, None if it has none."""
    m = re.search(r"((?:\{[0-9WUBRG]\})+): Regenerate", _text(name))
    if not m:
        return None
    return sum(int(x) if x.isdigit() else 1 for x in re.findall(r"\{([0-9WUBRG])\}", m[1]))


@lru_cache(maxsize=None)
def tap_ability(name: str) -> bool:
    """Has the creature a {T} ability other than making mana or pumping (Mishra's Factory's +1/+1)?"""
    return any(not re.match(r"\s*Add|[^.\n]* gets \+\d+/\+\d+", m) for m in re.findall(r"\{T\}: ([^\n]*)", _text(name)))


@lru_cache(maxsize=None)
def pump_cost(name: str) -> int | None:
    """The mana a creature's own "+N/+0 until end of turn" costs, None if it has none."""
    m = re.search(r"((?:\{[0-9WUBRG]\})+): \+[1-9]/\+\d+ until end of turn", _text(name))
    if not m:
        return None
    return max(1, sum(int(x) if x.isdigit() else 1 for x in re.findall(r"\{([0-9WUBRG])\}", m[1])))


# an aura or effect that shrinks the creature each time it becomes tapped (Spirit Shackle: a -0/-2 counter)
TAPPED_SHRINK = re.compile(r"-\d+/-(\d+)[^.]*?(?:every|each) time it becomes tapped|"
                           r"(?:every|each) time [^.]*?becomes tapped[^.]*?-\d+/-(\d+)", re.I)


def tapping_costs(b: "Board", p: Perm) -> int:
    """The toughness ``p`` loses when it becomes tapped (to attack, or for an ability), from
    the auras on it (Spirit Shackle: 2)."""
    n = 0
    for q in b.v["battlefield"]:
        if q.get("attached_to") == p["ref"]:
            m = TAPPED_SHRINK.search(_text(q["name"]))
            if m:
                n += int(m[1] or m[2])
    return n


def untapped_mana(b: "Board", side: int) -> int:
    return sum(1 for p in b.v["battlefield"] if p["controller"] == side and not p["tapped"]
               and ("land" in p["types"] or re.search(r"\{T\}: Add", _text(p["name"]))))


class Combat:
    """Fights between the seat's view's creatures, with what their abilities change."""

    def __init__(self, b: "Board") -> None:
        self.b = b
        self.mana = [untapped_mana(b, 0), untapped_mana(b, 1)]

    def regenerates(self, p: Perm) -> bool:
        c = regen_cost(p["name"])
        return c is not None and self.mana[p["controller"]] >= c

    def kills(self, killer: Perm, victim: Perm) -> bool:
        """Does ``killer`` destroy ``victim`` in a fight between the two (damage or ability)?"""
        b = self.b
        d = destroys_in_combat(killer["name"])
        if d is not None and "Wall" not in victim["name"]:
            cols = {"green": "G", "white": "W", "blue": "U", "black": "B", "red": "R"}
            want = {v for k, v in cols.items() if k in d}
            if not want or set(victim.get("colors", ())) & want:
                return not self.regenerates(victim)
        if b.power(killer) >= b.toughness(victim) and b.toughness(victim) >= 0:
            return b.power(killer) > 0 and not self.regenerates(victim)
        return False

    def block_score(self, a: Perm, va: float, x: Perm, trade: float) -> float | None:
        """How good blocking attacker ``a`` (worth ``va``) with ``x`` is: best a
        kill that survives, then a block that survives (less what tramples
        over), then a trade when ``a`` is worth at least ``trade`` times ``x``;
        None for a block not worth making."""
        b = self.b
        adies, xdies = self.fight(a, x)
        vx = b.value(x)
        if adies and not xdies:
            return 100 + va
        if not xdies:
            return 50 + b.power(a) - (b.power(a) if b.kw(a, "trample") else 0)
        if adies and va >= vx * trade:
            return 20 + va - vx
        return None

    def fight(self, a: Perm, x: Perm) -> tuple[bool, bool]:
        """Attacker ``a`` blocked by ``x`` alone: (attacker dies, blocker dies)."""
        b = self.b
        afs, xfs = b.kw(a, "first strike"), b.kw(x, "first strike")
        a_kills, x_kills = self.kills(a, x), self.kills(x, a)
        if afs and not xfs and b.power(a) >= b.toughness(x) and not self.regenerates(x):
            return False, True
        if xfs and not afs and b.power(x) >= b.toughness(a) and not self.regenerates(a):
            return True, False
        return x_kills, a_kills

    # ------------------------------------------------------------ blocking model
    def predict_blocks(self, attackers: list[Perm], blockers: list[Perm], life: int) -> dict[str, list[Perm]]:
        """How a reasonable defender blocks ``attackers`` with ``blockers``: attacker ref -> its blockers."""
        b = self.b
        out: dict[str, list[Perm]] = {}
        used: set[str] = set()
        opts = []
        for a in attackers:
            va = b.value(a)
            for x in blockers:
                if not b.can_block(x, a):
                    continue
                s = self.block_score(a, va, x, 0.9)
                if s is not None:
                    opts.append((s, a["ref"], x))
        opts.sort(key=lambda o: -o[0])
        for s, ar, x in opts:
            if ar in out or x["ref"] in used:
                continue
            out[ar] = [x]
            used.add(x["ref"])
        # gang blocks: two blockers that kill a big attacker that kills at most one of them
        for a in sorted(attackers, key=lambda p: -b.value(p)):
            if a["ref"] in out or b.kw(a, "first strike"):
                continue
            free = sorted((x for x in blockers if x["ref"] not in used and b.can_block(x, a)),
                          key=lambda p: -b.power(p))
            if len(free) < 2:
                continue
            two = free[:2]
            if sum(b.power(p) for p in two) >= b.toughness(a) and not self.regenerates(a):
                lost = max((b.value(p) for p in two if self.kills(a, p)), default=0)
                if b.value(a) > lost + 1:
                    out[a["ref"]] = two
                    used.update(p["ref"] for p in two)
        # chump blocks while the rest would kill
        while True:
            through = self.through(attackers, out)
            if through < life:
                break
            best = None
            for a in sorted(attackers, key=lambda p: -b.power(p)):
                if a["ref"] in out:
                    continue
                free = [x for x in blockers if x["ref"] not in used and b.can_block(x, a)]
                if free:
                    best = (a, min(free, key=b.value))
                    break
            if best is None:
                break
            out[best[0]["ref"]] = [best[1]]
            used.add(best[1]["ref"])
        return out

    def through(self, attackers: list[Perm], blocks: dict[str, list[Perm]]) -> int:
        """Damage that reaches the defending player."""
        b = self.b
        n = 0
        for a in attackers:
            bl = blocks.get(a["ref"])
            if not bl:
                n += b.power(a)
            elif b.kw(a, "trample"):
                n += max(0, b.power(a) - sum(b.toughness(x) for x in bl))
        return n

    def resolve(self, attackers: list[Perm], blocks: dict[str, list[Perm]]) -> tuple[list[Perm], list[Perm], int]:
        """(attackers that die, blockers that die, damage to the defending player)."""
        b = self.b
        dead_a: list[Perm] = []
        dead_x: list[Perm] = []
        for a in attackers:
            bl = blocks.get(a["ref"])
            if not bl:
                continue
            if len(bl) == 1:
                adies, xdies = self.fight(a, bl[0])
                if adies:
                    dead_a.append(a)
                if xdies:
                    dead_x.append(bl[0])
                continue
            # several blockers: the attacker kills what its power reaches, smallest value last
            left = b.power(a)
            for x in sorted(bl, key=lambda p: -b.value(p)):
                if self.kills(a, x) and (destroys_in_combat(a["name"]) or left >= b.toughness(x)):
                    dead_x.append(x)
                    left -= b.toughness(x)
            if sum(b.power(x) for x in bl) >= b.toughness(a) and not self.regenerates(a) or \
                    any(self.kills(x, a) for x in bl):
                dead_a.append(a)
        return dead_a, dead_x, self.through(attackers, blocks)

    # ---------------------------------------------------------------- attacking
    def swing_back(self, attackers: list[Perm], home: list[Perm], my_life: int) -> int:
        """Damage their creatures could deal me next turn against the creatures I keep home."""
        b = self.b
        theirs = sorted(attackers, key=lambda p: -b.power(p))
        free = list(home)
        n = 0
        for a in theirs:
            can = [x for x in free if b.can_block(x, a)]
            if can:
                free.remove(min(can, key=b.value))
                if b.kw(a, "trample"):
                    n += max(0, b.power(a) - 2)
            else:
                n += b.power(a)
        return n

    def race_lost(self, my_life: int, dmg: int) -> bool:
        """Do I lose the race by far: do their creatures, unblocked, kill me in less than half
        the turns ``dmg`` a turn needs to kill them? (Then my attackers are worth more at home, as
        blockers. A close race, a 2/2 against their 3/3 at even life, is still raced.)"""
        b = self.b
        theirs = sum(b.power(p) for p in b.creatures(b.opp) if "Wall" not in p["name"])
        if theirs <= 0:
            return False
        if dmg <= 0:
            return True
        return -(-b.life[b.opp] // dmg) > 2 * -(-max(my_life, 1) // theirs)

    def score_attack(self, mine: list[Perm], chosen: list[Perm], blockers: list[Perm]) -> float:
        b = self.b
        me, opp = b.me, b.opp
        their_life, my_life = b.life[opp], b.life[me] - b.upkeep_pain(me)
        # an attacker that shrinks as it becomes tapped fights smaller, and one shrunk to 0 dies before combat
        shrunk: list[Perm] = []
        lost = 0.0
        for a in chosen:
            n = 0 if b.kw(a, "vigilance") else tapping_costs(b, a)
            if not n:
                shrunk.append(a)
                continue
            lost += b.value(a) if b.toughness(a) <= n else 0.8 * n
            if b.toughness(a) > n:
                shrunk.append(dict(a, damage=a.get("damage", 0) + n))
        fighting = shrunk
        blocks = self.predict_blocks(fighting, blockers, their_life) if fighting else {}
        dead_a, dead_x, dmg = self.resolve(fighting, blocks) if fighting else ([], [], 0)
        if dmg >= their_life:
            return 10000.0 + dmg
        s = sum(b.value(x) for x in dead_x) - sum(b.value(a) for a in dead_a if not doomed(a["name"])) - lost
        # a creature with a tap ability (Royal Assassin, Prodigal Sorcerer) is worth more untapped
        s -= sum(2.5 for a in chosen if tap_ability(a["name"]))
        left = their_life - dmg
        # damage in a race I lose (Bog Imp's 1 a turn against their 2) is worth little: it kills nobody in time
        s += dmg * (DAMAGE_BASE + DAMAGE_CLOSE / max(left, 1)) * (LOST_RACE if self.race_lost(my_life, dmg) else 1.0)
        # the swing back: their creatures that survive, against my creatures that stay untapped
        dead = {p["ref"] for p in dead_a} | {p["ref"] for p in dead_x}
        going = {a["ref"] for a in chosen}  # by reference: an attacker may be planned at another size (Gaea's Liege)
        home = [p for p in mine if p["ref"] not in dead and
                (p["ref"] not in going or b.kw(p, "vigilance"))]
        theirs = [p for p in b.creatures(opp) if p["ref"] not in dead and b.power(p) > 0
                  and "Wall" not in p["name"]]
        back = self.swing_back(theirs, home, my_life)
        # a pump they can pay for ("{2}: +1/+0", Firebreathing) with all their lands next turn
        if any(pump_cost(p["name"]) for p in theirs):
            cost = min(pump_cost(p["name"]) or 99 for p in theirs)
            back += len(b.lands(opp)) // cost
        if back >= my_life:
            s -= 500.0 + 20.0 * (back - my_life)  # lost anyway? then keep as much home as helps
        else:
            s -= back * 3.0 / max(my_life - back, 1)
        return s

    def plan_attack(self, ready: list[Perm]) -> list[Perm]:
        """The subset of ``ready`` that attacks best against the predicted blocks."""
        b = self.b
        mine = [p for p in b.creatures(b.me) if not p["tapped"]]
        blockers = [p for p in b.creatures(b.opp) if not p["tapped"]]
        best: list[Perm] = []
        best_s = self.score_attack(mine, [], blockers)
        if len(ready) <= MAX_EXACT:
            for n in range(1, len(ready) + 1):
                for sub in itertools.combinations(ready, n):
                    s = self.score_attack(mine, list(sub), blockers)
                    if s > best_s + 1e-9:
                        best, best_s = list(sub), s
            return best
        # greedy: add the attacker that helps most while any helps
        chosen: list[Perm] = []
        rest = list(ready)
        while rest:
            cand = max(rest, key=lambda p: self.score_attack(mine, chosen + [p], blockers))
            s = self.score_attack(mine, chosen + [cand], blockers)
            if s <= best_s:
                break
            chosen.append(cand)
            rest.remove(cand)
            best, best_s = list(chosen), s
        return best

    # ----------------------------------------------------------------- blocking
    def plan_blocks(self, attackers: list[Perm], pairs: dict[str, list[str]]) -> list[tuple[str, str]]:
        """My blocks against ``attackers`` (``pairs``: attacker ref -> refs that may block it)."""
        b = self.b
        life = b.life[b.me] - b.upkeep_pain(b.me)  # Serendib Efreet, Karma: what my next upkeep costs
        used: set[str] = set()
        chosen: list[tuple[str, str]] = []
        blocked: dict[str, list[Perm]] = {}
        opts = []
        # in a race I lose my creatures are worth more as blockers than as attackers: any trade is taken
        trade = 0.0 if self.race_lost_blocking(attackers) else 1.0
        for a in attackers:
            va = b.value(a)
            for r in pairs.get(a["ref"], ()):
                s = self.block_score(a, va, b.perms[r], trade)
                if s is not None:
                    opts.append((s, a["ref"], r))
        opts.sort(key=lambda o: -o[0])
        for s, ar, r in opts:
            if ar in blocked or r in used:
                continue
            chosen.append((ar, r))
            used.add(r)
            blocked[ar] = [b.perms[r]]
        # gang blocks on a big attacker
        for a in sorted(attackers, key=lambda p: -b.value(p)):
            if a["ref"] in blocked or b.kw(a, "first strike") or self.regenerates(a):
                continue
            free = sorted((b.perms[r] for r in pairs.get(a["ref"], ()) if r not in used),
                          key=lambda p: -b.power(p))
            if len(free) < 2:
                continue
            two = free[:2]
            if sum(b.power(p) for p in two) >= b.toughness(a) and not destroys_in_combat(a["name"]):
                lost = max((b.value(p) for p in two if self.kills(a, p)), default=0)
                if b.value(a) > lost + 1:
                    for p in two:
                        chosen.append((a["ref"], p["ref"]))
                        used.add(p["ref"])
                    blocked[a["ref"]] = two
        # chump only while the rest would kill me; tramplers last (a chump stops only its toughness)
        while self.through(attackers, blocked) >= life:
            best = None
            for a in sorted(attackers, key=lambda p: (b.kw(p, "trample"), -b.power(p))):
                if a["ref"] in blocked:
                    continue
                free = [r for r in pairs.get(a["ref"], ()) if r not in used]
                if free:
                    best = (a, min(free, key=lambda r: b.value(b.perms[r])))
                    break
            if best is None:
                if not self._move_blocker(attackers, pairs, blocked):
                    break
                continue
            chosen.append((best[0]["ref"], best[1]))
            used.add(best[1])
            blocked[best[0]["ref"]] = [b.perms[best[1]]]
        return [(a, x["ref"]) for a, xs in blocked.items() for x in xs]

    def race_lost_blocking(self, attackers: list[Perm]) -> bool:
        """Attacked by ``attackers``, do I lose the race by far if nothing is blocked
        (:meth:`race_lost`, my life after their damage and my next upkeep's)? A race's end is
        beyond the look-ahead's horizon, so there the rule's trades are kept."""
        b = self.b
        life = b.life[b.me] - b.upkeep_pain(b.me)
        mine = sum(b.power(p) for p in b.creatures(b.me) if "Wall" not in p["name"])
        return self.race_lost(life - self.through(attackers, {}), mine)

    def _move_blocker(self, attackers: list[Perm], pairs: dict[str, list[str]],
                      blocked: dict[str, list[Perm]]) -> bool:
        """Staying alive comes first: move a blocker from a gang block, or from a smaller
        attacker, onto the biggest unblocked attacker it can block. False if none helps."""
        b = self.b
        for a in sorted((a for a in attackers if a["ref"] not in blocked), key=lambda p: -b.power(p)):
            can = set(pairs.get(a["ref"], ()))
            best = None
            for other, xs in blocked.items():
                o = b.perms[other]
                for x in xs:
                    if x["ref"] not in can:
                        continue
                    gain = b.power(a) - (0 if len(xs) > 1 else b.power(o))
                    if gain > 0 and (best is None or gain > best[0]):
                        best = (gain, other, x)
            if best is not None:
                _, other, x = best
                blocked[other] = [y for y in blocked[other] if y is not x]
                if not blocked[other]:
                    del blocked[other]
                blocked[a["ref"]] = [x]
                return True
        return False
