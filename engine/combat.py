"""The attack (5th Ed. "The Attack"; MicroProse manual "Combat" and
"Creature Abilities").

Announce (the defender may abort with fast effects), mana burn, declare
attackers and bands, fast effects, declare blockers, fast effects, first
strike damage and its prevention step, normal damage and its prevention
step, end of combat. Banding, flying, landwalk, protection, first strike,
trample, walls and creatures removed from combat are handled here.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

from .decisions import DecisionKind, IllegalAction, read_number
from .effects import pump_mod
from .mana import COLOR_NAMES, ManaCost
from .model import Event, Gen
from .objects import Card, Effect, Packet, Player, Spell
from .refs import RefError, lookup, ref
from .tracked import Tracked, bump

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

LANDWALKS = {"swampwalk": "swamp", "forestwalk": "forest", "islandwalk": "island",
             "mountainwalk": "mountain", "plainswalk": "plains"}
#: Ice Age's "snow-covered swampwalk" (Legions of Lim-Dûl) and the rest: unblockable
#: while the defending player controls a snow-covered land of that type.
SNOW_LANDWALKS = {f"snow-covered {kw}": land for kw, land in LANDWALKS.items()}
ONE_BLOCKER_FLAG = "cannot be blocked by only one creature"
"""The flag of an attacker (and the band it attacks in) that two or more creatures
must block, if any (Wind Spirit, Goblin War Drums)."""


def rampage_bonus(keywords: "frozenset[str] | set[str]") -> int:
    """The N of rampage N for these keywords ("rampage 2"), 0 without
    rampage; several different rampage amounts add up."""
    return sum(int(k[len("rampage "):]) for k in keywords
               if k.startswith("rampage ") and k[len("rampage "):].isdigit())


def split_names(g: "Game", text: str) -> list[str]:
    """``text`` split at its commas ("A, B+C", "2 to A, 1 to B"), but those inside the
    name of a permanent ("Reveka, Wizard Savant", a Homelands legend): each part as written."""
    names = sorted({c.name for c in g.battlefield if "," in c.name}, key=len, reverse=True)
    for n in names:
        text = text.replace(n, n.replace(",", "\0"))
    return [part.replace("\0", ",") for part in text.split(",")]


@dataclass
class Combat(Tracked):
    attacker: int
    defender: int
    bands: list[list[int]] = field(default_factory=list)
    blocks: dict[int, list[int]] = field(default_factory=dict)  # band index -> blocker oids
    blocked: set[int] = field(default_factory=set)  # band indices that were blocked
    damage_done: bool = False

    def remove(self, oid: int) -> None:
        bump()  # the bands' and blocks' lists are not tracked themselves (engine.tracked)
        for b in self.bands:
            if oid in b:
                b.remove(oid)
        for bl in self.blocks.values():
            if oid in bl:
                bl.remove(oid)

    def involves(self, oid: int) -> bool:
        return any(oid in b for b in self.bands) or any(oid in b for b in self.blocks.values())

    def band_of(self, oid: int) -> int | None:
        for i, b in enumerate(self.bands):
            if oid in b:
                return i
        return None

    def attackers(self) -> list[int]:
        return [o for b in self.bands for o in b]

    def blockers(self) -> list[int]:
        return [o for b in self.blocks.values() for o in b]

    def blocking(self, blocker_oid: int) -> int | None:
        for i, bl in self.blocks.items():
            if blocker_oid in bl:
                return i
        return None


LURE_FLAGS = frozenset({"must be blocked by all", "must be blocked by all walls"})


class CombatRules:
    """Mixin of :class:`engine.game.Game`."""

    # --------------------------------------------------------- legality
    def can_attack(self: "Game", c: Card) -> bool:
        ch = self.chars(c)
        if "creature" not in ch.types or ch.controller != self.active or c.tapped:
            return False
        if c.sick and "can attack the turn it comes into play" not in ch.keywords:  # Ball Lightning
            return False
        # Animate Wall: flag "wall can attack"
        if ("wall" in ch.subtypes and "wall can attack" not in ch.flags) or "cannot attack" in ch.flags:
            return False
        h = c.cdef.hooks.can_attack
        if h is not None and not h(self, c):
            return False
        for src in self.battlefield:
            r = src.cdef.hooks.attack_restriction
            if r is not None and not r(self, src, c):
                return False
        return True

    def attacked_last_turn(self: "Game", c: Card) -> bool:
        """Did creature ``c`` attack during its controller's last turn (the
        turn of theirs before the current one, extra turns counted: Halls of
        Mist)? Each attacker keeps who attacked with it and in which of their
        turns (``Player.turns_begun``)."""
        p = self.controller(c)
        return c.flags.get("attacked in turn") == (p, self.players[p].turns_begun - (p == self.active))

    def landwalk_ignored(self: "Game", kw: str) -> bool:
        """Creatures with this landwalk may be blocked as if they did not have
        it while a permanent's hook ``ignores_landwalk(g, src, kw) -> bool``
        says so (Quagmire, Crevasse)."""
        return any((h := c.cdef.hooks.ignores_landwalk) is not None and h(self, c, kw)
                   for c in self.battlefield)

    def attack_required(self: "Game", p: int, kind: DecisionKind) -> list[Card]:
        """The creatures that must attack (Siren's Call) and could, while ``p``
        is the active player at sorcery timing in a main phase with no attack
        made yet: "he can't end the main phase without having attacked" (003
        "The Attack"). Empty when nothing forces an attack. An aborted attack
        is no attack: the player must announce one again."""
        if self.attack_done or not self.sorcery_timing(p, kind) or not self._attack_forcers():
            return []
        return [c for c in self.creatures(p) if self.must_attack(c)]

    def _attack_forcers(self: "Game") -> list[Callable[[Card], bool]]:
        """The tests "must this creature attack?": hooks ``must_attack`` of
        continuous effects (``(g, card) -> bool``, Siren's Call) and of
        permanents in play (``(g, src, card) -> bool``). Found without
        computing any characteristics: most of the time there is none."""
        out: list[Callable[[Card], bool]] = []
        for e in self.effects:
            h = e.hooks.must_attack
            if h is not None:
                out.append(lambda c, h=h: h(self, c))
        for src in self.battlefield:
            h = src.cdef.hooks.must_attack
            if h is not None and not self.switched_off(src):
                out.append(lambda c, h=h, src=src: h(self, src, c))
        return out

    def forced_to_attack(self: "Game", c: Card) -> bool:
        """An effect requires ``c`` to attack this turn (whether it can or not)."""
        return any(f(c) for f in self._attack_forcers())

    def must_attack(self: "Game", c: Card) -> bool:
        """``c`` must attack (Siren's Call) and can. Choice: a creature whose
        additional cost to attack (Brainwash) its controller cannot pay is not
        required to attack, as a tapped one is not."""
        if not self.forced_to_attack(c) or not self.can_attack(c):
            return False
        cost = self.attack_cost([[c]])
        return not cost.total or self.can_afford(self.active, cost)

    def has_banding(self: "Game", c: Card, attacking: bool) -> bool:
        kw = self.chars(c).keywords
        return "banding" in kw or (attacking and "banding when attacking" in kw)

    def bands_with_other(self: "Game", c: Card) -> set[str]:
        """The qualities of a creature's "bands with other [quality]" keywords
        ("bands with other legends" -> {"legends"}). Each works separately."""
        return {k[len("bands with other "):] for k in self.chars(c).keywords if k.startswith("bands with other ")}

    def has_quality(self: "Game", c: Card, quality: str) -> bool:
        """Whether a creature is of the [quality] a "bands with other" names:
        "legends" are legends (002 "Legendary Cards"); otherwise the quality
        is a creature name (Wolves of the Hunt) or a creature type, singular
        or plural ("Wolves of the Hunt", "dinosaurs")."""
        ch = self.chars(c)
        q = quality.lower()
        if q in ("legends", "legend"):
            return "legend" in ch.supertypes
        return ch.name.lower() == q or q in ch.subtypes or q.rstrip("s") in ch.subtypes

    def band_ok(self: "Game", band: list[Card]) -> bool:
        """An attacking band is legal when at most one member lacks banding,
        or when every member is of one [quality] and one of them "bands with
        other [quality]" (Cathedral of Serra's legends, Wolves of the Hunt).
        A creature with "bands with other" and without banding counts as one
        without banding in a band of the first kind."""
        if len(band) <= 1 or sum(1 for c in band if not self.has_banding(c, True)) <= 1:
            return True
        return any(all(self.has_quality(m, q) for m in band) for c in band for q in self.bands_with_other(c))

    def can_block(self: "Game", blocker: Card, attacker: Card) -> bool:
        b, a = self.chars(blocker), self.chars(attacker)
        if "creature" not in b.types or b.controller != self.nonactive or blocker.tapped:
            return False
        if "cannot block" in b.flags:
            return False
        if attacker.face_down:
            # a face-down attacker (Camouflage, Illusionary Mask) is unknown: any creature
            # may be declared blocking it; whoever turns it face up checks the block then
            return True
        if "unblockable" in a.flags:
            return False
        if "unblockable by walls" in a.flags and "wall" in b.subtypes:
            return False  # Bog Rats, Tower of Coireall
        if "blockable only by walls" in a.flags and "wall" not in b.subtypes:
            return False  # Joven's Tools
        if "flying" in a.keywords and "flying" not in b.keywords and "can block flying" not in b.keywords:
            return False
        for kw, land in LANDWALKS.items():
            if kw in a.keywords and self.permanents(self.nonactive, subtype=land) and not self.landwalk_ignored(kw):
                return False
        for kw, land in SNOW_LANDWALKS.items():
            if kw in a.keywords and not self.landwalk_ignored(kw) and any(
                    "snow" in self.chars(c).supertypes for c in self.permanents(self.nonactive, subtype=land)):
                return False
        # "legendary landwalk" (Livonya Silone): a Legendary Land on the defending player's side
        if "legendary landwalk" in a.keywords and not self.landwalk_ignored("legendary landwalk") and any(
                "legend" in self.chars(c).supertypes for c in self.permanents(self.nonactive, type_="land")):
            return False
        for col in b.colors:
            if f"protection from {COLOR_NAMES[col]}" in a.keywords:
                return False
        if "artifact" in b.types and "protection from artifacts" in a.keywords:
            return False
        h = attacker.cdef.hooks.can_be_blocked_by
        if h is not None and not h(self, attacker, blocker):
            return False
        # the blocker's own restriction (Ironclaw Orcs): can_block(g, blocker, attacker)
        hb = blocker.cdef.hooks.can_block
        if hb is not None and not hb(self, blocker, attacker):
            return False
        # restrictions from other permanents (Seeker): block_restriction(g, src, attacker, blocker)
        for src in self.battlefield:
            r = src.cdef.hooks.block_restriction
            if r is not None and not r(self, src, attacker, blocker):
                return False
        return True

    # ------------------------------------------------------------ parsing
    def parse_attack(self: "Game", text: str) -> str:
        """``attack A, B+C`` or ``attack nothing`` -> canonical, or IllegalAction."""
        bands = self._read_attack(text)
        if not bands:
            return "attack nothing"
        return "attack " + ", ".join("+".join(ref(self, c) for c in b) for b in bands)

    def _read_attack(self: "Game", text: str) -> list[list[Card]]:
        if not text.startswith("attack"):
            raise IllegalAction("declare attackers with 'attack A, B+C' or 'attack nothing'")
        body = text[len("attack"):].strip()
        bands: list[list[Card]] = []
        used: set[int] = set()
        for part in ([] if body in ("", "nothing") else split_names(self, body)):
            band = []
            for name in part.split("+"):
                c = self._one(name.strip(), self.active)
                if c.oid in used:
                    raise IllegalAction(f"{c.name} is declared twice")
                if not self.can_attack(c):
                    raise IllegalAction(f"{ref(self, c)} cannot attack")
                used.add(c.oid)
                band.append(c)
            if not self.band_ok(band):
                raise IllegalAction("a band may have at most one creature without banding"
                                    " (or be all of one quality, one of them banding with other such)")
            bands.append(band)
        limit = self.combat_limit(attack=True)
        if len(used) > limit:
            raise IllegalAction(f"no more than {limit} creatures may attack")
        # restrictions on the declaration as a whole: attack_declaration(g, src, attackers) -> why not
        attackers = [c for band in bands for c in band]
        if attackers and (why := self._declaration_refused(attackers)):
            raise IllegalAction(why)
        # "must attack" (Siren's Call, Arcum's Whistle): every such creature able to attack is
        # declared (as many as may attack). Able means beside the attackers declared: a creature
        # the declaration's restrictions forbid to attack with them (Orcish Conscripts, not with
        # fewer than two others) need not, or a player with only it would have no legal answer.
        for c in self.creatures(self.active):
            if c.oid not in used and self.must_attack(c) and len(used) < limit \
                    and not self._declaration_refused(attackers + [c]):
                raise IllegalAction(f"{ref(self, c)} must attack")
        cost = self.attack_cost(bands)
        if cost.total and not self.can_afford(self.active, cost):
            raise IllegalAction(f"cannot pay {cost} to attack with those creatures")
        for type_, (n, src) in self.attack_sacrifices(bands).items():
            if len(self.sacrificeable(self.active, type_)) < n:
                raise IllegalAction(f"{n} {type_}{'s' if n > 1 else ''} must be sacrificed to attack with those "
                                    f"creatures ({src.name})")
        return bands

    def attack_sacrifices(self: "Game", bands: list[list[Card]]) -> dict[str, tuple[int, Card]]:
        """What the attacking player must sacrifice for the declared attackers:
        every permanent's hook ``attack_sacrifice(g, src, attacker)`` -> type
        or None, counted over the attackers, by type (with the last permanent
        asking it, to name it). Sacrificed as the attack is declared."""
        need: dict[str, tuple[int, Card]] = {}
        for src in self.battlefield:
            h = src.cdef.hooks.attack_sacrifice
            if h is None:
                continue
            for band in bands:
                for c in band:
                    type_ = h(self, src, c)
                    if type_:
                        need[type_] = (need.get(type_, (0, src))[0] + 1, src)
        return need

    def combat_limit(self: "Game", attack: bool) -> int:
        """How many creatures may attack (hook ``attack_limit``) or block
        (``block_limit``) now: the least any permanent's hook ``(g, src) ->
        int`` allows (Caverns of Despair), else no limit."""
        limits = [h(self, c) for c in self.battlefield
                  if (h := c.cdef.hooks.attack_limit if attack else c.cdef.hooks.block_limit) is not None]
        return min(limits, default=10 ** 6)

    def attack_cost(self: "Game", bands: list[list[Card]]) -> "ManaCost":
        """Additional costs to attack (Brainwash): every permanent's hook
        ``attack_cost(g, src, attacker)`` -> ManaCost or None, summed over
        the declared attackers. Paid as the attack is declared."""
        total = ManaCost()
        for src in self.battlefield:
            h = src.cdef.hooks.attack_cost
            if h is None:
                continue
            for band in bands:
                for c in band:
                    extra = h(self, src, c)
                    if extra is not None:
                        total = total.plus(extra)
        return total

    def block_cost(self: "Game", plan: list[tuple[Card, list[Card]]]) -> "ManaCost":
        """Additional costs to block (Hipparion): each blocker's own hook
        ``block_cost(g, blocker, attacker)`` -> ManaCost or None, summed over
        the declared blocks. Paid as the blocks are declared."""
        total = ManaCost()
        for a, bl in plan:
            for b in bl:
                h = b.cdef.hooks.block_cost
                if h is not None and (extra := h(self, b, a)) is not None:
                    total = total.plus(extra)
        return total

    def _declaration_refused(self: "Game", attackers: list[Card]) -> str | None:
        """Why the permanents' restrictions on a declaration as a whole refuse *attackers*
        (hook ``attack_declaration(g, src, attackers) -> why not``), or None."""
        for src in self.battlefield:
            h = src.cdef.hooks.attack_declaration
            if h is not None and (why := h(self, src, attackers)):
                return why
        return None

    def _attack_ok(self: "Game", text: str) -> bool:
        try:
            self._read_attack(text)
            return True
        except IllegalAction:
            return False

    def _one(self: "Game", name: str, controller: int | None) -> Card:
        try:
            objs = lookup(self, name, ("permanents",))
        except RefError as e:
            raise IllegalAction(str(e), e.reason) from None
        if controller is not None:
            objs = [o for o in objs if self.controller(o) == controller] or objs
        if not objs:
            raise IllegalAction(f"no permanent {name!r}")
        return objs[0]

    def parse_blocks(self: "Game", text: str) -> str:
        plan = self._read_blocks(text)
        if not plan:
            return "block nothing"
        parts = []
        for a, bl in plan:
            parts.append(f"{ref(self, a)} with " + ", ".join(ref(self, b) for b in bl))
        return "block " + "; ".join(parts)

    def _read_blocks(self: "Game", text: str) -> list[tuple[Card, list[Card]]]:
        if not text.startswith("block"):
            raise IllegalAction("declare blockers with 'block A with B1, B2; A2 with B3' or 'block nothing'")
        body = text[len("block"):].strip()
        cb = self.combat
        plan: list[tuple[Card, list[Card]]] = []
        used: dict[int, set[int]] = {}  # blocker oid -> the bands it blocks
        if body not in ("", "nothing"):
            for part in body.split(";"):
                if " with " not in part:
                    raise IllegalAction(f"cannot read {part.strip()!r}: use 'ATTACKER with BLOCKER, ...'")
                an, bn = part.split(" with ", 1)
                a = self._one(an.strip(), self.active)
                if cb.band_of(a.oid) is None:
                    raise IllegalAction(f"{ref(self, a)} is not attacking")
                bl = []
                for name in split_names(self, bn):
                    b = self._one(name.strip(), self.nonactive)
                    bands = used.setdefault(b.oid, set())
                    if cb.band_of(a.oid) in bands:
                        raise IllegalAction(f"{ref(self, b)} already blocks {ref(self, a)}")
                    if len(bands) >= self.blocks_allowed(b):
                        raise IllegalAction(f"{ref(self, b)} cannot block more than one attacker"
                                            if len(bands) == 1 else f"{ref(self, b)} cannot block more attackers")
                    # A band is blocked as one: a creature that could block any member
                    # blocks them all (a flyer banded with a non-flyer attacks as a
                    # non-flying group; 000 "Banding").
                    band = [m for m in (self.find(o) for o in cb.bands[cb.band_of(a.oid)]) if m is not None]
                    if not any(self.can_block(b, m) for m in band):
                        raise IllegalAction(f"{ref(self, b)} cannot block {ref(self, a)}")
                    bands.add(cb.band_of(a.oid))
                    bl.append(b)
                plan.append((a, bl))
        # the flag "cannot be blocked by only one creature" (Wind Spirit): a band with
        # such a member is blocked by two or more creatures, or not at all
        for a, _ in plan:
            band = cb.band_of(a.oid)
            n = len({b.oid for x, bl in plan if cb.band_of(x.oid) == band for b in bl})
            if n == 1 and any(m is not None and ONE_BLOCKER_FLAG in self.chars(m).flags
                              for m in (self.find(o) for o in cb.bands[band])):
                raise IllegalAction(f"{ref(self, a)} cannot be blocked by only one creature")
        cost = self.block_cost(plan)
        if cost.total and not self.can_afford(self.nonactive, cost):
            raise IllegalAction(f"cannot pay {cost} to block with those creatures")
        limit = self.combat_limit(attack=False)
        if len(used) > limit:
            raise IllegalAction(f"no more than {limit} creatures may block")
        # restrictions on the declaration as a whole: block_declaration(g, src, plan) -> why not
        for src in self.battlefield:
            h = src.cdef.hooks.block_declaration
            if h is not None and plan and (why := h(self, src, plan)):
                raise IllegalAction(why)
        # Lure: every creature able to block a lured attacker must block it
        # (blocking another attacker does not excuse it; blocking another lured
        # attacker, or any member of the lured attacker's band, does)
        lured_bands = set()
        for oid in cb.attackers():
            a = self.find(oid)
            if a is not None and self.chars(a).flags & LURE_FLAGS:
                lured_bands.add(cb.band_of(oid))
        blocking_lured = {b.oid for a, bl in plan if cb.band_of(a.oid) in lured_bands for b in bl}
        for oid in cb.attackers():
            a = self.find(oid)
            if a is None or not self.chars(a).flags & LURE_FLAGS:
                continue
            for b in self.creatures(self.nonactive):
                if self.lures(a, b) and self.can_block(b, a) and b.oid not in blocking_lured:
                    why = "Lure" if "must be blocked by all" in self.chars(a).flags else a.name
                    raise IllegalAction(f"{ref(self, b)} must block {ref(self, a)} ({why})")
        # the flag "blocks each attacker" (Blaze of Glory): the creature blocks every
        # attacking band it can block, and only it may block several
        for b, a in self._each_attacker_blocks():
            if not any(cb.band_of(x.oid) == cb.band_of(a.oid) and b in bl for x, bl in plan):
                raise IllegalAction(f"{ref(self, b)} must block {ref(self, a)}")
        return plan

    def lures(self: "Game", attacker: Card, blocker: Card) -> bool:
        """``blocker`` must block ``attacker`` if it is able to: the flag "must
        be blocked by all" (Lure), or "must be blocked by all walls" and the
        blocker is a wall (Marble Priest)."""
        fl = self.chars(attacker).flags
        return "must be blocked by all" in fl or (
            "must be blocked by all walls" in fl and "wall" in self.chars(blocker).subtypes)

    def blocks_allowed(self: "Game", blocker: Card) -> int:
        """How many attackers a creature may block: one, two with the keyword
        "can block two attackers" (Two-Headed Giant of Foriys), or all of them
        with the flag "blocks each attacker" (Blaze of Glory)."""
        ch = self.chars(blocker)
        if "blocks each attacker" in ch.flags:  # Blaze of Glory: every band it can block
            return len(self.combat.bands) if self.combat is not None else 1
        return 2 if "can block two attackers" in ch.keywords else 1

    def _each_attacker_blocks(self: "Game") -> list[tuple[Card, Card]]:
        """(blocker, attacker) for each creature of the defending player with
        the flag "blocks each attacker" and each band it can block (named by
        its first member it can block)."""
        cb = self.combat
        out = []
        for b in self.creatures(self.nonactive):
            if "blocks each attacker" not in self.chars(b).flags:
                continue
            for band in cb.bands:
                a = next((m for m in (self.find(o) for o in band) if m is not None and self.can_block(b, m)), None)
                if a is not None:
                    out.append((b, a))
        return out

    def parse_assign(self: "Game", text: str, power: int, targets: list, trample_to: Player | None,
                     lethal: dict[int, int]) -> str:
        if not text.startswith("assign "):
            raise IllegalAction("divide damage with 'assign N to A, M to B'")
        amounts: dict[int, int] = {}
        for part in split_names(self, text[len("assign "):]):
            part = part.strip()
            n_s, sep, who = part.partition(" to ")
            if not sep:
                raise IllegalAction(f"cannot read {part!r}")
            n = read_number(n_s, "damage assigned")
            idx = None
            for i, t in enumerate(targets):
                if isinstance(t, Player) and t.name == who.strip():
                    idx = i
                elif isinstance(t, Card):
                    try:
                        if t in lookup(self, who.strip(), ("permanents",)):
                            idx = i
                    except RefError:
                        pass
                if idx is not None:
                    break
            if idx is None:
                raise IllegalAction(f"{who.strip()!r} cannot be assigned damage here")
            amounts[idx] = amounts.get(idx, 0) + n
        if sum(amounts.values()) != power:
            raise IllegalAction(f"assign exactly {power} damage")
        if trample_to is not None:
            pi = targets.index(trample_to)
            if amounts.get(pi, 0) > 0:
                for i, t in enumerate(targets):
                    if isinstance(t, Card) and amounts.get(i, 0) < lethal.get(t.oid, 0):
                        raise IllegalAction(f"assign lethal damage to {ref(self, t)} before the defending player")
        return self._assign_text(targets, [amounts.get(i, 0) for i in range(len(targets))])

    def _assign_text(self: "Game", targets: list, amounts: list[int]) -> str:
        return "assign " + ", ".join(f"{n} to {ref(self, t)}" for t, n in zip(targets, amounts) if n) \
            if any(amounts) else "assign 0 to " + ref(self, targets[0])

    # ------------------------------------------------------------- the attack
    def attack(self: "Game", declared: str | None = None) -> Gen:
        """The attack ``ap`` announced; ``declared``: its attackers, given with
        the announcement (``attack A, B`` in the main phase), declared if still
        legal once the attack is not aborted (else asked).

        The log says the announcement only with what became of it (aborted,
        or the attackers declared): an announcement line followed by
        "attacks with nothing" said the same thing twice."""
        ap, nap = self.active, self.nonactive
        ans = yield from self.ask_fast(nap, DecisionKind.RESPOND,
                                       f"{self.players[ap].name} announces an attack. Abort it with a fast effect?")
        if ans != "pass":
            self.log(f"{self.players[ap].name} announces an attack; {self.players[nap].name} responds, which aborts it.")
            yield from self.act_and_resolve(nap, ans, DecisionKind.RESPOND)
            return
        self.attack_done = True
        yield from self.mana_burn()
        self.check_losses()  # life totals are checked before the attack begins (003 "The Attack")
        self.combat = Combat(ap, nap)
        with self.reading():  # listing the possible attacks changes nothing
            able = [c for c in sorted(self.battlefield, key=lambda c: c.timestamp) if self.can_attack(c)]
            reps = ["attack nothing"] + [f"attack {ref(self, c)}" for c in able]
            if len(able) > 1:
                reps.append("attack " + ", ".join(ref(self, c) for c in able))
            forced = [c for c in able if self.must_attack(c)]
        decline = "attack nothing"
        if forced and self._declaration_refused(forced):
            forced = []  # they cannot attack by themselves (Orcish Conscripts): no attack is forced
        if forced:  # declining declares only the creatures that must attack
            decline = "attack " + ", ".join(ref(self, c) for c in forced)
            reps = [decline] + ([reps[-1]] if len(able) > len(forced) else [])
        if any(src.cdef.hooks.attack_cost or src.cdef.hooks.attack_limit or src.cdef.hooks.attack_declaration
               or src.cdef.hooks.attack_sacrifice
               for src in self.battlefield):
            reps = [r for r in reps if r == decline or self._attack_ok(r)]
        while True:
            if declared is not None and self._attack_ok(declared):
                ans = declared
            else:
                ans = yield from self.ask(ap, DecisionKind.ATTACK, "Declare attackers (attack A, B+C)", reps,
                                          decline=decline, parser=self.parse_attack)
            declared = None
            bands = self._read_attack(ans)
            cost = self.attack_cost(bands)
            if not cost.total:
                break
            # an additional cost to attack is paid now; cancelling it declares again
            paid = yield from self.pay(ap, cost, Spell(self.new_sid(), ap, None, None, "Additional cost to attack"))
            if paid:
                self.log(f"{self.players[ap].name} pays {cost} to attack.")
                break
        if not bands:
            self.log(f"{self.players[ap].name} announces an attack but declares no attackers.")
            self.combat = None
            return
        for type_, (n, src) in self.attack_sacrifices(bands).items():
            for _ in range(n):  # (enough of them: checked with the declaration)
                cands = self.sacrificeable(ap, type_)
                ch = [f"sacrifice {ref(self, c)}" for c in cands]
                ans = yield from self.ask(ap, DecisionKind.SACRIFICE, f"{src.name}: sacrifice a {type_} to attack",
                                          ch, parser=self.parser_for(ap, ch), about=src.name)
                victim = cands[ch.index(ans)]
                self.log(f"{self.players[ap].name} sacrifices {victim.name} to attack ({src.name}).")
                yield from self.put_in_graveyard([victim], how="sacrifice")
        cb = self.combat
        cb.bands = [[c.oid for c in b] for b in bands]
        for b in bands:
            for c in b:
                if "does not tap to attack" not in self.chars(c).keywords:
                    c.tapped = True
        self.players[ap].attacked_this_turn = True
        for b in bands:
            for c in b:  # read by attacked_last_turn
                c.flags["attacked in turn"] = (ap, self.players[ap].turns_begun)
        self.log(f"{self.players[ap].name} attacks with " +
                 ", ".join(" + ".join(ref(self, c) for c in b) for b in bands) + ".")
        for b in bands:
            for c in b:
                yield from self.fire(Event.ATTACKS, card=c)
        yield from self.settle()
        self.step = "attack"
        yield from self.fast_effects_round()
        # blockers
        if self.combat is not None:
            yield from self.declare_blockers()
            self.step = "blocks"
            yield from self.fast_effects_round()
        if self.combat is not None:
            if any(self._first_strike(o) for o in self.combat.attackers() + self.combat.blockers()):
                yield from self.combat_damage(first=True)
            yield from self.combat_damage(first=False)
            self.combat.damage_done = True
            self.step = "end of combat"
            yield from self.fire(Event.END_OF_COMBAT, combat=self.combat)
            yield from self.settle()
            yield from self.fast_effects_round()
        yield from self.mana_burn()
        for c in self.battlefield:
            c.regenerated_in_combat = False
        self.combat = None
        self.check_losses()  # the end of combat: life registers are looked at (000 "Life Registers")
        self.resume_step("main")  # back in the main phase already under way

    def fast_effects_round(self: "Game") -> Gen:
        """A point in the attack where fast effects may be played: the
        active player first; when both pass, the attack goes on."""
        while True:
            ans = yield from self.ask_fast(self.active, DecisionKind.OPPORTUNITY, f"Combat ({self.step}): fast effects?")
            if ans == "pass":
                ans = yield from self.ask_fast(self.nonactive, DecisionKind.RESPOND,
                                               f"Combat ({self.step}): fast effects?")
                if ans == "pass":
                    return
                yield from self.act_and_resolve(self.nonactive, ans, DecisionKind.RESPOND)
            else:
                yield from self.act_and_resolve(self.active, ans, DecisionKind.OPPORTUNITY)
            yield from self.regroup_bands()

    def declare_blockers(self: "Game") -> Gen:
        cb = self.combat
        nap = self.nonactive
        reps = ["block nothing"]
        for oid in cb.attackers():
            a = self.find(oid)
            able = [b for b in self.creatures(nap) if a is not None and self.can_block(b, a)]
            reps += [f"block {ref(self, a)} with {ref(self, b)}" for b in able]
            if len(able) >= 2 and ONE_BLOCKER_FLAG in self.chars(a).flags:
                reps.append(f"block {ref(self, a)} with {ref(self, able[0])}, {ref(self, able[1])}")
        valid = []
        for r in reps:
            try:
                self._read_blocks(r)
                valid.append(r)
            except IllegalAction:
                pass
        if not valid:
            # Lure forces blocks no single representative satisfies: build one
            valid = [self._forced_blocks()]
        # who declares the blocks: the defending player, unless an effect's hook
        # chooses_blocks(g) -> player says another does (Melee: the attacking player)
        chooser = nap
        for e in self.effects:
            h = e.hooks.chooses_blocks
            if h is not None and (who := h(self)) is not None:
                chooser = who
        while True:
            ans = yield from self.ask(chooser, DecisionKind.BLOCK, "Declare blockers (block A with B; ...)", valid,
                                      decline="block nothing" if "block nothing" in valid else None,
                                      parser=self.parse_blocks)
            plan = self._read_blocks(ans)
            cost = self.block_cost(plan)
            if not cost.total:
                break
            # an additional cost to block (Hipparion) is paid now by the blockers'
            # controller, whoever declared them; cancelling it declares again
            paid = yield from self.pay(nap, cost, Spell(self.new_sid(), nap, None, None, "Additional cost to block"))
            if paid:
                self.log(f"{self.players[nap].name} pays {cost} to block.")
                break
        for a, bl in plan:
            i = cb.band_of(a.oid)
            cb.blocks.setdefault(i, []).extend(b.oid for b in bl)
            cb.blocked.add(i)
            for b in bl:
                # what each blocker blocked this turn, kept on it after combat (Glyph of Reincarnation)
                turn, seen = b.flags.get("blocked_this_turn", (self.turn, ()))
                b.flags["blocked_this_turn"] = (self.turn, (seen if turn == self.turn else ()) + tuple(cb.bands[i]))
        if plan:
            # by their refs ("Serendib Efreet#1"): two of a name blocking read as one twice
            self.log(f"{self.players[nap].name} blocks: " + "; ".join(
                f"{ref(self, a)} with {', '.join(ref(self, b) for b in bl)}" for a, bl in plan) + ".")
        else:
            self.log(f"{self.players[nap].name} does not block.")
        self.apply_rampage()
        for a, bl in plan:
            for b in bl:
                yield from self.fire(Event.BLOCKS, blocker=b, attacker=a)
        # "when attacking and not blocked" (Murk Dwellers): once the blocks are known
        yield from self.fire(Event.BLOCKERS_DECLARED, combat=cb)
        yield from self.settle()

    def apply_rampage(self: "Game") -> None:
        """Rampage N (Legends; 5th Ed. "Rampage"): "for each creature
        assigned to block it beyond the first, this creature gets +N/+N until
        end of turn". Counted once, as blockers are declared: a blocker later
        removed from combat or destroyed does not take the bonus away, and a
        creature that becomes a blocker afterwards adds nothing. Blockers of a
        band block every member of it, so an attacker with rampage in a band
        counts all the band's blockers. The keyword is ``"rampage N"`` (read
        from the printed text by :func:`engine.carddb.keywords_from_text`, or
        granted by an effect with ``keyword_mod("rampage N")``); different
        amounts add up."""
        cb = self.combat
        for i in sorted(cb.blocked):
            beyond = len(cb.blocks.get(i, [])) - 1
            if beyond <= 0:
                continue
            for oid in cb.bands[i]:
                a = self.find(oid)
                n = rampage_bonus(self.chars(a).keywords) if a is not None else 0
                if n:
                    self.effects.append(Effect(self.stamp(), a.oid, pump_mod(n * beyond, n * beyond), "eot"))
                    self.log(f"{a.name} rampages: +{n * beyond}/+{n * beyond} until end of turn.")

    def _forced_blocks(self: "Game") -> str:
        cb = self.combat
        parts = []
        taken: set[int] = set()
        for oid in cb.attackers():
            a = self.find(oid)
            if a is None or not self.chars(a).flags & LURE_FLAGS:
                continue
            bl = [b for b in self.creatures(self.nonactive)
                  if self.lures(a, b) and self.can_block(b, a) and b.oid not in taken]
            taken |= {b.oid for b in bl}
            if bl:
                parts.append(f"{ref(self, a)} with " + ", ".join(ref(self, b) for b in bl))
        for b, a in self._each_attacker_blocks():
            if b.oid not in taken:
                parts.append(f"{ref(self, a)} with {ref(self, b)}")
        return "block " + "; ".join(parts) if parts else "block nothing"

    # ------------------------------------------------------------- damage
    def _first_strike(self: "Game", oid: int) -> bool:
        c = self.find(oid)
        return c is not None and "first strike" in self.chars(c).keywords

    def _strikes(self: "Game", c: Card | None, first: bool) -> bool:
        if c is None or c.regenerated_in_combat or not self.is_creature(c):
            return False
        fs = "first strike" in self.chars(c).keywords
        return fs if first else not fs

    def lethal_needed(self: "Game", c: Card) -> int:
        ch = self.chars(c)
        return max(0, (ch.toughness or 0) - c.damage)

    def combat_damage(self: "Game", first: bool) -> Gen:
        """One damage-dealing step: every striking creature assigns its
        damage, then one damage prevention step, then deaths."""
        if self.combat is not None:
            yield from self.regroup_bands()
        cb = self.combat
        if cb is None:
            return
        ap, nap = cb.attacker, cb.defender
        defender = self.players[nap]
        for i, band in enumerate(cb.bands):
            members = [m for m in (self.find(o) for o in band) if m is not None]
            blockers = [b for b in (self.find(o) for o in cb.blocks.get(i, [])) if b is not None]
            eligible_blockers = [b for b in blockers if not b.regenerated_in_combat]
            # damage the band's members assign to each blocker in this step: "trample damage
            # is always assigned last" (000 "Trample"), so the tramplers come after the others
            # and what the others assign counts toward the lethal damage they must assign first
            assigned: dict[int, int] = {}
            for m in sorted(members, key=lambda m: "trample" in self.chars(m).keywords):
                if not self._strikes(m, first):
                    continue
                power = self.chars(m).power or 0
                if power <= 0:
                    continue
                trample = "trample" in self.chars(m).keywords
                if i not in cb.blocked:
                    to = yield from self.unblocked_damage_receiver(defender)
                    self.deal_damage(m, to, power, combat=True)
                    continue
                if not eligible_blockers:
                    if trample:
                        self.deal_damage(m, defender, power, combat=True)
                    continue
                targets: list = list(eligible_blockers) + ([defender] if trample else [])
                lethal = {b.oid: (10 ** 6 if self._absorbs_all(m, b)
                                  else max(0, self.lethal_needed(b) - assigned.get(b.oid, 0)))
                          for b in eligible_blockers}
                if len(eligible_blockers) == 1 and not trample:
                    self.deal_damage(m, eligible_blockers[0], power, combat=True)
                    assigned[eligible_blockers[0].oid] = assigned.get(eligible_blockers[0].oid, 0) + power
                    continue
                if trample:
                    self.trample_links.append((m.oid, [b.oid for b in eligible_blockers], defender))
                if len(eligible_blockers) == 1 and trample:
                    b = eligible_blockers[0]
                    to_b = min(power, lethal[b.oid])
                    self.deal_damage(m, b, to_b, combat=True)
                    self.deal_damage(m, defender, power - to_b, combat=True)
                    assigned[b.oid] = assigned.get(b.oid, 0) + to_b
                    continue
                decider = nap if self.blockers_banded(eligible_blockers) else ap
                amounts = yield from self._ask_assign(decider, m, power, targets,
                                                      defender if trample else None, lethal)
                for t, n in zip(targets, amounts):
                    self.deal_damage(m, t, n, combat=True)
                    if isinstance(t, Card):
                        assigned[t.oid] = assigned.get(t.oid, 0) + n
            # blockers strike the band (a blocker of several bands strikes once, below)
            alive = [m for m in members if not m.regenerated_in_combat and m.zone == "battlefield"]
            for b in blockers:
                # a blocker that became tapped is still a blocker but deals no
                # damage (000, "Combat": tapping a blocking creature)
                if not self._strikes(b, first) or b.tapped or self._blocks_several(b):
                    continue
                power = self.chars(b).power or 0
                if power <= 0 or not alive:
                    continue
                if len(alive) == 1:
                    self.deal_damage(b, alive[0], power, combat=True)
                    continue
                amounts = yield from self._ask_assign(ap, b, power, alive, None, {})
                for t, n in zip(alive, amounts):
                    self.deal_damage(b, t, n, combat=True)
        yield from self._several_blocked_damage(first)
        if self.pending_damage:
            yield from self.settle()

    def blockers_banded(self: "Game", blockers: list[Card]) -> bool:
        """Whether the defending player divides an attacker's damage among its
        blockers: one of them has banding, or one "bands with other
        [quality]" and blocks with at least one other creature of that
        quality (000 "Banding", When Blocking)."""
        if any(self.has_banding(b, False) for b in blockers):
            return True
        return any(sum(1 for o in blockers if o is not b and self.has_quality(o, q)) >= 1
                   for b in blockers for q in self.bands_with_other(b))

    def regroup_bands(self: "Game") -> Gen:
        """An attacking band that became illegal (its members lost banding or
        "bands with other") is split up: the attacking player regroups its
        creatures into legal bands and single attackers. Blocking relations
        do not change: each new group stays blocked by every creature that
        blocked the band (002 "More on Banding"); a blocker then blocking
        several of them divides its damage as a creature blocking several
        attackers does (see :meth:`_several_blocked_damage`)."""
        cb = self.combat
        if cb is None:
            return
        for i in range(len(cb.bands)):
            members = [m for m in (self.find(o) for o in cb.bands[i]) if m is not None]
            if self.band_ok(members):
                continue
            ap = cb.attacker
            names = [ref(self, m) for m in members]

            def parse(text: str, members: list[Card] = members) -> str:
                return "choose " + ", ".join("+".join(ref(self, c) for c in grp)
                                             for grp in self._read_regroup(text, members))
            singles = "choose " + ", ".join(names)
            reps = [singles]
            keep = [m for m in members if self.has_banding(m, True)]
            rest = [m for m in members if not self.has_banding(m, True)]
            if keep and rest:
                reps.insert(0, "choose " + ", ".join(["+".join(ref(self, c) for c in keep + rest[:1])]
                                                     + [ref(self, c) for c in rest[1:]]))
            ans = yield from self.ask(ap, DecisionKind.CHOOSE, "The band " + " + ".join(names) + " is no longer "
                                      "legal: regroup it into legal bands (choose A+B, C)", reps, parser=parse,
                                      about="regroup")
            groups = self._read_regroup(ans, members)
            cb.bands[i] = [c.oid for c in groups[0]]
            for grp in groups[1:]:
                cb.bands.append([c.oid for c in grp])
                j = len(cb.bands) - 1
                if i in cb.blocked:
                    cb.blocked.add(j)
                if i in cb.blocks:
                    cb.blocks[j] = list(cb.blocks[i])
            self.log(f"{self.players[ap].name} regroups the band: " +
                     ", ".join(" + ".join(c.name for c in grp) for grp in groups) + ".")

    def _read_regroup(self: "Game", text: str, members: list[Card]) -> list[list[Card]]:
        """``choose A+B, C``: every member of the broken band exactly once, in
        legal bands."""
        if not text.startswith("choose "):
            raise IllegalAction("regroup the band with 'choose A+B, C'")
        groups: list[list[Card]] = []
        seen: set[int] = set()
        for part in split_names(self, text[len("choose "):]):
            grp = []
            for name in part.split("+"):
                c = self._one(name.strip(), self.active)
                if c not in members:
                    raise IllegalAction(f"{ref(self, c)} is not in the band being regrouped")
                if c.oid in seen:
                    raise IllegalAction(f"{ref(self, c)} is named twice")
                seen.add(c.oid)
                grp.append(c)
            if not self.band_ok(grp):
                raise IllegalAction("a band may have at most one creature without banding")
            groups.append(grp)
        if len(seen) != len(members):
            raise IllegalAction("name every creature of the band")
        return groups

    def _blocks_several(self: "Game", b: Card) -> bool:
        cb = self.combat
        return cb is not None and sum(b.oid in bl for bl in cb.blocks.values()) > 1

    def _several_blocked_damage(self: "Game", first: bool) -> Gen:
        """A creature blocking several bands (Blaze of Glory) deals its damage
        once, divided among all the attackers it blocks as its controller
        chooses."""
        cb = self.combat
        done: set[int] = set()
        for oid in cb.blockers():
            b = self.find(oid)
            if oid in done or b is None or not self._blocks_several(b):
                continue
            done.add(oid)
            power = self.chars(b).power or 0
            if not self._strikes(b, first) or b.tapped or power <= 0:
                continue
            # 002 "More on Banding": the blocker's controller divides its damage among
            # the bands and single attackers it blocks; the attacking player divides
            # what a band is assigned among its members.
            groups = [g for g in ([m for m in (self.find(o) for o in cb.bands[i])
                                   if m is not None and not m.regenerated_in_combat and m.zone == "battlefield"]
                                  for i, bl in sorted(cb.blocks.items()) if oid in bl) if g]
            shares: list[int] = [power] if len(groups) == 1 else []
            if len(groups) > 1:
                shares = yield from self._ask_assign(self.controller(b), b, power, [g[0] for g in groups], None, {})
            for grp, share in zip(groups, shares):
                if share <= 0:
                    continue
                if len(grp) == 1:
                    self.deal_damage(b, grp[0], share, combat=True)
                    continue
                amounts = yield from self._ask_assign(cb.attacker, b, share, grp, None, {})
                for t, n in zip(grp, amounts):
                    self.deal_damage(b, t, n, combat=True)

    def unblocked_damage_receiver(self: "Game", defender: Player) -> Gen:
        """Who is dealt the damage of an unblocked attacker: the defending
        player, or instead a permanent whose hook
        ``takes_unblocked_damage(g, src, player) -> bool`` says it takes it
        now (Veteran Bodyguard); the defending player chooses among several."""
        takers = [c for c in self.battlefield
                  if (h := c.cdef.hooks.takes_unblocked_damage) is not None and h(self, c, defender.idx)]
        if len(takers) <= 1:
            return takers[0] if takers else defender
        ch = [f"choose {ref(self, c)}" for c in takers]
        ans = yield from self.ask(defender.idx, DecisionKind.CHOOSE, "Which of them takes the damage of an "
                                  "unblocked attacker?", ch, about=takers[0].name)
        return takers[ch.index(ans)]

    def _absorbs_all(self: "Game", attacker: Card, blocker: Card) -> bool:
        """A blocker whose damage from this attacker is reduced to 0 lets no
        trample damage past it."""
        ch = self.chars(attacker)
        pk = Packet(attacker.name, attacker.oid, frozenset(ch.colors), frozenset(ch.types), ch.controller,
                    blocker, 1, True, 1)
        self._auto_reduce(pk)
        return pk.amount == 0

    def _ask_assign(self: "Game", p: int, source: Card, power: int, targets: list, trample_to: Player | None,
                    lethal: dict[int, int]) -> Gen:
        reps: list[str] = []
        n = len(targets)
        combos = []
        if n <= 4 and power <= 8:
            for split in itertools.product(range(power + 1), repeat=n):
                if sum(split) == power:
                    combos.append(list(split))
        else:
            combos = [[power] + [0] * (n - 1), [0] * (n - 1) + [power]]
        for split in combos:
            text = self._assign_text(targets, split)
            try:
                reps.append(self.parse_assign(text, power, targets, trample_to, lethal))
            except IllegalAction:
                pass
        if not reps:
            raise AssertionError("no legal damage assignment")

        def parser(t: str) -> str:
            return self.parse_assign(t, power, targets, trample_to, lethal)

        ans = yield from self.ask(p, DecisionKind.ASSIGN, f"Divide {source.name}'s {power} damage among "
                                  + ", ".join(ref(self, t) for t in targets), reps, parser=parser, about=source.name)
        amounts = [0] * n
        for part in split_names(self, ans[len("assign "):]):
            k, who = part.strip().split(" to ", 1)
            for i, t in enumerate(targets):
                if ref(self, t) == who:
                    amounts[i] += int(k)
                    break
        return amounts
