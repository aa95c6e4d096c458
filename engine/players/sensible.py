"""A *sensible* built-in player: the baseline of the benchmarks and of `manaburn selfplay`.

:class:`engine.players.random_player.RandomPlayer` picks at random; people do not. The
human-round-trip figure needs duels that look like people's: lands played,
spells cast when they can be paid for, attacks when the attacker survives,
blocks that kill or trade up, counterspells against the opponent's spells,
a Giant Growth to save a creature, regeneration used, upkeep paid. Nothing
cleverer; the point is the *shape* of the duel, not its strength.

It reads the game (``duel.game``) to judge attacks and targets, exactly as a
person reads the board. It never changes it.
"""
from __future__ import annotations

import random
import re
from typing import TYPE_CHECKING, Any

from .. import carddb
from ..decisions import Decision, DecisionKind, IllegalAction
from ..refs import RefError, lookup, ref

if TYPE_CHECKING:  # pragma: no cover
    from ..duel import Duel
    from ..game import Game
    from ..objects import Card, Spell

K = DecisionKind
HARMFUL = re.compile(r"damage|destroy|bury|gain control|-\d+/-\d+|return target|counter target|tap target|"
                     r"doesn't untap|does not untap|discard|loses|sacrifice", re.I)
HELPFUL = re.compile(r"\+\d+/\+\d+|gains|prevent|regenerate|gain \d+ life|untap target|gets \+", re.I)
COUNTERS = ("Counterspell", "Spell Blast", "Blue Elemental Blast", "Red Elemental Blast", "Mana Short")
# spells a careful player does not throw away on their own side
SELF_HARM = {"Armageddon", "Manabarbs", "Energy Flux", "Mana Clash", "Wrath of God", "Backfire", "Pestilence",
             "Hurricane", "Winter's Night", "Conversion", "Kormus Bell", "Armageddon Clock", "Immolation",
             "Cursed Land", "Evil Presence", "Phantasmal Terrain", "Thoughtlace", "Deathlace", "Lifelace",
             "Sleight of Mind", "Stone Rain", "Wanderlust", "Creature Bond", "Twiddle", "Mana Short"}


_DATA: dict[str, dict[str, Any]] = {}


def _text(name: str) -> str:
    _load()
    d = _DATA.get(name) or {}
    return d.get("oracle") or d.get("text") or ""


def _load() -> None:
    if not _DATA:
        _DATA.update(carddb.card_data())


def harmful(name: str) -> bool:
    """Does the card hurt what it targets? (read from its text)"""
    _load()
    t = _text(name)
    if HARMFUL.search(t):
        return True
    return not HELPFUL.search(t)


class SensiblePlayer:
    """``choose(duel, decision)`` -> an answer; see the module docstring."""

    def __init__(self, seed: int, *, counter_rate: float = 0.7) -> None:
        self.rng = random.Random(seed)
        self.counter_rate = counter_rate
        self.failed: set[tuple[int, str, str]] = set()  # (turn, phase, action) that could not be paid
        self.casting: str = ""  # the spell or ability being put together
        self.attacked_turn = -1
        self.acts: dict[tuple[int, str], int] = {}
        self._protect: Spell | None = None

    # --------------------------------------------------------------- reading
    def _card(self, g: Game, text: str) -> Card | None:
        try:
            found = lookup(g, text, ("permanents",))
        except RefError:
            return None
        return found[0] if len(found) == 1 else (found[0] if found else None)

    def _pt(self, g: Game, c: Card) -> tuple[int, int]:
        try:
            ch = g.chars(c)
            p, t = ch.power, ch.toughness
            p = int(p) if isinstance(p, (int, str)) and str(p).lstrip("-").isdigit() else 0
            t = int(t) if isinstance(t, (int, str)) and str(t).lstrip("-").isdigit() else 1
            return p, max(t - getattr(c, "damage", 0), 0)
        except Exception:  # a characteristic the heuristics do not understand
            return 0, 1

    def _flying(self, g: Game, c: Card) -> bool:
        try:
            return g.has(c, "flying")
        except Exception:
            return False

    def _blockers(self, g: Game, p: int) -> list[Card]:
        out = []
        for c in g.battlefield:
            try:
                if g.controller(c) == p and g.is_creature(c) and not c.tapped:
                    out.append(c)
            except Exception:
                continue
        return out

    # -------------------------------------------------------------- deciding
    def choose(self, duel: Duel, d: Decision) -> str:
        ans = self._choose(duel, d)
        try:
            return duel.parse(ans, d.player)
        except IllegalAction:  # a rule it does not know (Lure: the blockers must block): any legal answer
            for c in ([d.decline] if d.decline is not None else []) + list(d.choices):
                try:
                    return duel.parse(c, d.player)
                except IllegalAction:
                    continue
            return ans

    def _choose(self, duel: Duel, d: Decision) -> str:
        g = duel.game
        ch = list(d.choices)
        k = d.kind
        key = (g.turn, g.phase + "/" + str(g.step))
        self.acts[key] = self.acts.get(key, 0) + 1
        if self.acts[key] > 60:  # something loops: stop acting this step
            return d.decline if d.decline is not None else self._first(ch)
        if k is K.MULLIGAN:
            return "choose yes" if "choose yes" in ch else ch[0]
        if k is K.PLAY_OR_DRAW:
            return "choose play" if "choose play" in ch else ch[0]
        if k is K.PAY:
            for pref in ("auto", "pay"):
                if pref in ch:
                    return pref
            self.failed.add((g.turn, g.phase, self.casting))
            return "cancel" if "cancel" in ch else ch[0]
        if k is K.CAST_X:
            xs = [c for c in ch if c.startswith("x=")]
            return xs[-1] if xs else "cancel"
        if k is K.CAST_MODE:
            # any mode but one that gives the opponent cards (Ancestral Recall's second)
            sp = carddb.get(d.about).spell if carddb.is_implemented(d.about) else None
            modes = sp.modes if sp is not None else ()
            opts = [c for c in ch if c.startswith("mode=") and not (
                int(c[5:]) <= len(modes) and modes[int(c[5:]) - 1].description.startswith("Force opponent"))]
            if opts:
                return self.rng.choice(opts)
        if k in (K.CAST_MODE, K.CAST_CHOOSE):
            opts = [c for c in ch if c != "cancel"]
            return self.rng.choice(opts) if opts else "cancel"
        if k is K.CAST_TARGET:
            return self._target(g, d, ch)
        if k is K.ATTACK:
            return self._attack(duel, g, d, ch)
        if k is K.BLOCK:
            return self._block(duel, g, d, ch)
        if k is K.REGENERATE:
            for c in ch:
                if c.startswith(("activate ", "cast ")):
                    self.casting = c
                    return c
            return d.decline or ch[0]
        if k is K.UPKEEP:
            for c in ch:
                if c.startswith("activate ") and (g.turn, g.phase, c) not in self.failed:
                    self.casting = c
                    return c
            return "choose no" if "choose no" in ch else ch[0]
        if k is K.DISCARD:
            hand_lands = [c for c in ch if self._is_land(c[len("discard "):])]
            if len(hand_lands) >= 2:
                return hand_lands[0]
            return ch[0]
        if k is K.SACRIFICE:
            lands = [c for c in ch if self._is_land(c[len("sacrifice "):].split("#")[0])]
            return lands[0] if lands else ch[0]
        if k is K.CHOOSE:
            return d.decline if d.decline is not None else ch[0]
        if k is K.INTERRUPT:
            return self._interrupt(g, d, ch)
        if k is K.RESPOND:
            return self._respond(g, d, ch)
        if k is K.OPPORTUNITY:
            return self._opportunity(g, d, ch)
        return d.decline if d.decline is not None else self._first(ch)

    @staticmethod
    def _first(ch: list[str]) -> str:
        for c in ch:
            if c != "cancel" and not c.startswith(("tap ", "add ")):
                return c
        return ch[0]

    @staticmethod
    def _is_land(name: str) -> bool:
        try:
            return "land" in carddb.get(name.split("#")[0]).types
        except Exception:
            return False

    @staticmethod
    def _kind_of(name: str) -> set[str]:
        try:
            return set(carddb.get(name.split("#")[0]).types)
        except Exception:
            return set()

    def _cast(self, g: Game, c: str) -> str:
        self.casting = c
        return c

    def _ok(self, g: Game, c: str) -> bool:
        return (g.turn, g.phase, c) not in self.failed

    def _opportunity(self, g: Game, d: Decision, ch: list[str]) -> str:
        me = d.player
        decline = d.decline if d.decline is not None else ch[0]
        if g.active != me or g.phase != "main":
            return decline
        lands = [c for c in ch if c.startswith("play ")]
        if lands:
            return lands[0]
        casts = [c for c in ch if c.startswith("cast ") and self._ok(g, c)
                 and c[len("cast "):] not in SELF_HARM]

        def rank(c: str) -> int:
            t = self._kind_of(c[len("cast "):])
            return 0 if "creature" in t else 1 if t & {"artifact", "enchantment"} else 2 if "sorcery" in t else 3
        casts.sort(key=rank)
        for c in casts:
            name = c[len("cast "):]
            t = self._kind_of(name)
            if "instant" in t or "interrupt" in t:
                # burn and tricks: only when there is something worth hitting
                if harmful(name) and not [x for x in g.battlefield if g.controller(x) != me and g.is_creature(x)] \
                        and "player" not in _text(name).lower():
                    continue
                if not harmful(name):
                    continue
            return self._cast(g, c)
        if "attack" in ch and self.attacked_turn != g.turn and self._safe_attackers(g, me):
            self.attacked_turn = g.turn
            return "attack"
        acts = [c for c in ch if c.startswith("activate ") and self._ok(g, c)]
        for c in acts:
            name = c[len("activate "):].split(" ability=")[0].split("#")[0]
            if name in ("Prodigal Sorcerer", "Royal Assassin", "Rod of Ruin") and self.rng.random() < 0.8:
                return self._cast(g, c)
        return decline

    def _safe_attackers(self, g: Game, me: int) -> list[Card]:
        opp = 1 - me
        blockers = self._blockers(g, opp)
        out = []
        for c in g.battlefield:
            try:
                if g.controller(c) != me or not g.is_creature(c) or c.tapped or not g.can_attack(c):
                    continue
            except Exception:
                continue
            p, t = self._pt(g, c)
            if p <= 0:
                continue
            fly = self._flying(g, c)
            danger = False
            for b in blockers:
                if fly and not self._flying(g, b) and "Giant Spider" not in b.name:
                    continue
                bp, bt = self._pt(g, b)
                if bp >= t and p < bt:  # it dies and kills nothing
                    danger = True
                    break
            if not danger:
                out.append(c)
        return out

    def _attack(self, duel: Duel, g: Game, d: Decision, ch: list[str]) -> str:
        me = d.player
        safe = self._safe_attackers(g, me)
        nothing = d.decline or "attack nothing"
        if not safe:
            return nothing
        names = [ref(g, c) for c in safe]
        text = "attack " + ", ".join(names)
        try:
            return duel.parse(text, me)
        except IllegalAction:
            pass
        for n in names:
            if f"attack {n}" in ch:
                return f"attack {n}"
        return nothing

    def _block(self, duel: Duel, g: Game, d: Decision, ch: list[str]) -> str:
        me = d.player
        life = g.players[me].life
        options = []
        incoming = 0
        seen_attackers = set()
        for c in ch:
            m = re.fullmatch(r"block (.+) with (.+)", c)
            if not m:
                continue
            a, b = self._card(g, m[1]), self._card(g, m[2])
            if a is None or b is None:
                continue
            ap, at = self._pt(g, a)
            bp, bt = self._pt(g, b)
            if m[1] not in seen_attackers:
                seen_attackers.add(m[1])
                incoming += ap
            kills, dies = bp >= at, ap >= bt
            score = 3 if kills and not dies else 2 if not dies else 1.5 if kills and ap > bp else 0
            options.append((score, m[1], m[2], dies))
        danger = life <= incoming + 2
        chosen, used_a, used_b = [], set(), set()
        for score, a, b, dies in sorted(options, reverse=True):
            if score == 0 and not danger:
                continue
            if a in used_a or b in used_b:
                continue
            chosen.append((a, b))
            used_a.add(a)
            used_b.add(b)
        if not chosen:
            return d.decline or "block nothing"
        text = "block " + "; ".join(f"{a} with {b}" for a, b in chosen)
        try:
            return duel.parse(text, me)
        except IllegalAction:
            first = f"block {chosen[0][0]} with {chosen[0][1]}"
            return first if first in ch else (d.decline or ch[0])

    def _interrupt(self, g: Game, d: Decision, ch: list[str]) -> str:
        me = d.player
        top = g.spells[-1] if g.spells else None
        if top is not None and top.controller != me:
            for c in ch:
                if c.startswith("cast ") and c[len("cast "):].split("#")[0] in COUNTERS and self._ok(g, c):
                    if self.rng.random() < self.counter_rate:
                        return self._cast(g, c)
        return d.decline if d.decline is not None else ch[0]

    def _respond(self, g: Game, d: Decision, ch: list[str]) -> str:
        me = d.player
        self._protect = None
        top = g.batch[-1] if g.batch else None
        if top is not None and top.controller != me and harmful(top.name):
            for c in ch:
                name = c[len("cast "):] if c.startswith("cast ") else ""
                if name.split("#")[0] in ("Giant Growth", "Healing Salve") and self._ok(g, c):
                    self._protect = top
                    return self._cast(g, c)
        return d.decline if d.decline is not None else ch[0]

    def _target(self, g: Game, d: Decision, ch: list[str]) -> str:
        me = d.player
        name = self.casting.split(" ", 1)[1].split(" ability=")[0].split("#")[0] if " " in self.casting else ""
        bad = harmful(name) if name else True
        targets = [c for c in ch if c.startswith("target ")]
        scored = []
        protect = getattr(self, "_protect", None)
        for t in targets:
            what = t[len("target "):]
            pl = g.player_by_name(what)
            if pl is not None:
                mine = pl.idx == me
                val = 1.5
            else:
                c = self._card(g, what)
                if c is None:
                    scored.append((0.1, t))
                    continue
                try:
                    mine = g.controller(c) == me
                    val = (self._pt(g, c)[0] + 1) if g.is_creature(c) else 0.5
                except Exception:
                    mine, val = False, 0.5
                if protect is not None and not bad and any(c is x for x in protect.targets):
                    val += 10
            good = (not mine) if bad else mine
            scored.append((val if good else -val, t))
        scored.sort(reverse=True)
        if scored and scored[0][0] > 0:
            return scored[0][1]
        if "done" in ch:
            return "done"
        self.failed.add((g.turn, g.phase, self.casting))
        return "cancel" if "cancel" in ch else (scored[0][1] if scored else ch[0])
