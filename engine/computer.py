"""The computer opponent: a heuristic player that plays to win.

:class:`ComputerPlayer` answers a :class:`~engine.decisions.Decision` from
what its seat may see and nothing else: ``choose(view, decision)`` takes the
seat's view (:func:`engine.view.view` for that player: its own hand, the
public zones, the counts of hidden ones), the decision (its kind, prompt,
choices, decline, ``context`` and ``cost``, and ``parse`` to check a
combined answer such as ``attack A, B``) and reads the printed cards
(:mod:`engine.carddb`). It never sees the duel itself, so it cannot know the
opponent's hand or library, the order of its own library or the seed: two
duels that differ only in those give it the same answers
(``tests/test_computer.py``). It is pure and deterministic for its seed.

There is no cheap copy of a duel yet, so it does not look ahead: it
evaluates the board. Creatures are valued by power, toughness and keywords;
attacks are made when the attacker survives every single blocker or trades
up, or when the whole attack is lethal or the race is won; blocks kill,
survive or trade up, and chump only to stay alive; removal goes to the
opponent's most valuable creature it kills, burn to the opponent's face when
it is lethal; counterspells meet the spells that matter; regeneration and
prevention save what they can; mana is only ever drawn by ``auto`` while
paying, so it never burns itself.

Levels (:data:`LEVELS`): ``easy`` and ``medium`` answer like the random
player some of the time; ``hard`` (the default) always thinks.
"""
from __future__ import annotations

import random
import re
from functools import lru_cache
from typing import Any

from . import carddb
from .ai import RandomPlayer
from .decisions import Decision, DecisionKind, IllegalAction
from .view import view

K = DecisionKind
LEVELS = {"easy": 0.5, "medium": 0.2, "hard": 0.0}  # how often it answers at random
DEFAULT_LEVEL = "hard"

HARMFUL = re.compile(r"damage|destroy|bury|gain control|remove target|from the game|-\d+/-\d+|return target|counter target|tap target|"
                     r"doesn't untap|does not untap|discard|loses|sacrifice|cannot attack|can't attack", re.I)
HELPFUL = re.compile(r"\+\d+/\+\d+|gains|prevent|regenerate|gain \d+ life|untap target|gets \+", re.I)
COUNTERS = {"Counterspell", "Spell Blast", "Blue Elemental Blast", "Red Elemental Blast", "Mana Short",
            "Power Sink", "Force Spike", "Remove Soul", "Mana Drain"}
PUMPS = {"Giant Growth", "Healing Salve", "Blessing", "Holy Strength", "Unholy Strength", "Firebreathing"}
# spells that hurt both sides or need a careful board: cast only when judged worth it
SYMMETRIC = {"Wrath of God", "Armageddon", "Balance", "Pestilence", "Hurricane", "Earthquake", "Flashfires",
             "Tsunami", "Jokulhaups", "Nevinyrral's Disk", "Tranquility", "Shatterstorm", "Energy Flux"}
NEVER = {"Manabarbs", "Mana Clash", "Backfire", "Winter's Night", "Conversion", "Kormus Bell",
         "Armageddon Clock", "Immolation", "Cursed Land", "Evil Presence", "Phantasmal Terrain", "Thoughtlace",
         "Deathlace", "Lifelace", "Sleight of Mind", "Wanderlust", "Creature Bond", "Twiddle", "Mana Short",
         "Magical Hack", "Darkness", "Fog", "Holy Day", "Reverse Polarity", "Warp Artifact", "Sandstorm",
         "Chaoslace", "Purelace", "Reverse Damage", "Dark Heart of the Wood", "Drain Power", "Celestial Prism"}
KEYWORD_VALUE = {"flying": 1.5, "first strike": 1.0, "trample": 0.5, "banding": 0.5, "can block flying": 0.5,
                 "vigilance": 0.5}
NUM = re.compile(r"deals? (\d+|X) damage", re.I)
# a pump paid with mana only ("{R}: +1/+0 until end of turn", Firebreathing, Dragon Engine)
PUMP = re.compile(r"^(?:\{[0-9WUBRGX]\})+: \+[1-9]\d*/\+\d+ until end of turn", re.M)


@lru_cache(maxsize=None)
def _cdef(name: str) -> Any:
    try:
        return carddb.get(name.split("#")[0])
    except Exception:
        return None


@lru_cache(maxsize=None)
def card_text(name: str) -> str:
    c = _cdef(name)
    return (c.text or "") if c is not None else ""


@lru_cache(maxsize=None)
def mana_value(name: str) -> int:
    c = _cdef(name)
    if c is None or c.cost is None:
        return 0
    return c.cost.generic + sum(c.cost.colored.values())


@lru_cache(maxsize=None)
def types_of(name: str) -> frozenset[str]:
    c = _cdef(name)
    return frozenset(c.types) if c is not None else frozenset()


@lru_cache(maxsize=None)
def harmful(name: str) -> bool:
    """Does the card hurt what it targets? (read from its text)"""
    t = card_text(name)
    if name in COUNTERS:
        return True
    if re.search(r"prevent", t, re.I) and not re.search(r"deals? (\d+|X) damage|destroy|bury", t, re.I):
        return False  # Samite Healer, Healing Salve, the Circles: they protect what they target
    if HARMFUL.search(t):
        strong = r"damage to|destroy|bury|remove target|from the game|counter target|gain control"
        return not (HELPFUL.search(t) and not re.search(strong, t, re.I))
    return not HELPFUL.search(t)


@lru_cache(maxsize=None)
def damage_of(name: str) -> int | None:
    """How much damage the card deals (-1 for X), None if it deals none."""
    m = NUM.search(card_text(name))
    if not m:
        return None
    return -1 if m[1].upper() == "X" else int(m[1])


def _num(v: Any, default: int) -> int:
    if isinstance(v, int):
        return v
    if isinstance(v, str) and v.lstrip("-").isdigit():
        return int(v)
    return default


class Board:
    """The seat's view, indexed: permanents by reference, sides, life."""

    def __init__(self, view: dict[str, Any], me: int) -> None:
        self.v = view
        self.me = me
        self.opp = 1 - me
        self.perms = {p["ref"]: p for p in view["battlefield"]}
        self.names = {pl["name"]: i for i, pl in enumerate(view["players"])}
        self.life = [pl["life"] for pl in view["players"]]
        self.hand = list(view["players"][me].get("hand", []))

    def mine(self, p: dict[str, Any]) -> bool:
        return p["controller"] == self.me

    def creatures(self, side: int) -> list[dict[str, Any]]:
        return [p for p in self.v["battlefield"] if p["controller"] == side and "creature" in p["types"]]

    def lands(self, side: int) -> list[dict[str, Any]]:
        return [p for p in self.v["battlefield"] if p["controller"] == side and "land" in p["types"]]

    @staticmethod
    def power(p: dict[str, Any]) -> int:
        return max(_num(p.get("power"), 2), 0)

    @staticmethod
    def toughness(p: dict[str, Any]) -> int:
        """Toughness left (after damage already marked)."""
        return max(_num(p.get("toughness"), 2) - p.get("damage", 0), 0)

    @staticmethod
    def kw(p: dict[str, Any], k: str) -> bool:
        return k in p.get("keywords", ())

    def value(self, p: dict[str, Any]) -> float:
        """What a permanent is worth to its controller."""
        if "creature" in p["types"]:
            pw, th = self.power(p), _num(p.get("toughness"), 2)
            v = 1.0 + 1.5 * pw + 0.8 * th
            for k, x in KEYWORD_VALUE.items():
                if self.kw(p, k):
                    v += x * max(pw, 1) if k in ("flying", "first strike", "trample") else x
            if any(k.endswith("walk") for k in p.get("keywords", ())):
                v += pw
            if "Wall" in p["name"] or (pw == 0 and th > 0):
                v = 1.0 + 0.6 * th
            if card_text(p["name"]) and re.search(r"\{T\}:", card_text(p["name"])):
                v += 2.0
            return v
        if "land" in p["types"]:
            return 1.5
        return 1.0 + mana_value(p["name"])

    def eval(self) -> float:
        """The board from my side: positive is good for me."""
        s = 0.0
        for p in self.v["battlefield"]:
            s += self.value(p) if self.mine(p) else -self.value(p)
        me, op = self.life[self.me], self.life[self.opp]
        s += 0.5 * (me - op) + (10 if op <= 5 else 0) - (10 if me <= 5 else 0)
        s += 0.7 * (len(self.hand) - self.v["players"][self.opp]["hand_count"])
        return s

    def can_block(self, blocker: dict[str, Any], attacker: dict[str, Any]) -> bool:
        if self.kw(attacker, "flying") and not (self.kw(blocker, "flying") or self.kw(blocker, "can block flying")):
            return False
        for k in attacker.get("keywords", ()):
            if k.endswith("walk"):
                land = k[:-len("walk")]
                if any(land in (c["name"].lower()) or land in " ".join(c.get("types", ()))
                       for c in self.lands(blocker["controller"])):
                    return False
            if k.startswith("protection from ") and k[len("protection from "):] in \
                    {_COLOR.get(c, c) for c in blocker.get("colors", ())}:
                return False
        return True

    def fight(self, a: dict[str, Any], b: dict[str, Any]) -> tuple[bool, bool]:
        """One attacker against one blocker: (attacker dies, blocker dies)."""
        ap, at, bp, bt = self.power(a), self.toughness(a), self.power(b), self.toughness(b)
        afs, bfs = self.kw(a, "first strike"), self.kw(b, "first strike")
        if afs and not bfs:
            bdies = ap >= bt
            return (not bdies and bp >= at), bdies
        if bfs and not afs:
            adies = bp >= at
            return adies, (not adies and ap >= bt)
        return bp >= at, ap >= bt


_COLOR = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


class ComputerPlayer:
    """``choose(view, decision)`` -> an answer; see the module docstring."""

    def __init__(self, seed: int = 0, level: str = DEFAULT_LEVEL) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
        self.level = level
        self.rng = random.Random(seed)
        self.failed: set[tuple[int, str, str]] = set()
        self.casting = ""
        self.attacked_turn = -1
        self.acts: dict[tuple[int, str, str], int] = {}
        self.protect: str | None = None

    # ------------------------------------------------------------ the entry
    def choose(self, view: dict[str, Any], d: Decision) -> str:
        ch = list(d.choices)
        if self.level != "hard" and self.rng.random() < LEVELS[self.level]:
            return self._random(d, ch)
        try:
            ans = self._choose(view, d, ch)
        except (KeyError, IndexError, ValueError, TypeError, AttributeError):
            ans = None
        if ans is None:
            ans = self._safe(d, ch)
        try:
            return d.parse(ans)
        except IllegalAction:
            return self._safe(d, ch)

    def _random(self, d: Decision, ch: list[str]) -> str:
        rp = RandomPlayer(self.rng.randrange(1 << 30))
        return rp.choose(d)

    @staticmethod
    def _safe(d: Decision, ch: list[str]) -> str:
        """A legal answer that does no harm: decline, else the first answer that is not drawing mana."""
        if d.kind is K.PAY:
            order = ["auto", "cancel"] + ch
        else:
            order = ([d.decline] if d.decline is not None else []) + \
                [c for c in ch if c != "cancel" and not c.startswith(("tap ", "add "))] + ch
        for c in order:
            if c in ch or c == d.decline:
                try:
                    return d.parse(c)
                except IllegalAction:
                    continue
        return ch[0]

    def _choose(self, view: dict[str, Any], d: Decision, ch: list[str]) -> str | None:
        b = Board(view, d.player)
        k = d.kind
        ctx = d.context
        turn, phase, step = (ctx.turn, ctx.phase, ctx.step) if ctx else (view["turn"], view["phase"], view["step"])
        key = (turn, phase, step)
        self.acts[key] = self.acts.get(key, 0) + 1
        if self.acts[key] > 40 and k not in (K.PAY, K.ATTACK, K.BLOCK, K.ASSIGN):
            return self._safe(d, ch)
        self.turn, self.phase = turn, phase
        if k is K.MULLIGAN:
            # the rules offer it for a hand of no land or only land: take it for our own hand
            return "choose yes" if d.prompt.startswith("Your hand") else "choose no"
        if k is K.PLAY_OR_DRAW:
            return "choose play" if "choose play" in ch else ch[0]
        if k is K.PAY:
            if "auto" in ch:
                return "auto"
            if "pay" in ch:
                return "pay"
            self.failed.add((turn, phase, self.casting))
            return "cancel" if "cancel" in ch else None
        if k is K.CAST_X:
            xs = [c for c in ch if c.startswith("x=")]
            if not xs:
                return "cancel"
            return xs[-1]  # the most it can pay for
        if k is K.CAST_MODE:
            opts = [c for c in ch if c != "cancel"]
            return opts[0] if opts else "cancel"
        if k is K.REGENERATE:
            for c in ch:
                if c.startswith(("activate ", "cast ")) and (turn, phase, c) not in self.failed:
                    return self._cast(c)
            return d.decline
        handler = {K.CAST_CHOOSE: self._announce, K.CAST_TARGET: self._target, K.ATTACK: self._attack,
                   K.BLOCK: self._block, K.ASSIGN: self._assign, K.PREVENT: self._prevent, K.UPKEEP: self._upkeep,
                   K.DISCARD: self._discard, K.SACRIFICE: self._sacrifice, K.CHOOSE: self._yes_no,
                   K.INTERRUPT: self._interrupt, K.RESPOND: self._respond, K.OPPORTUNITY: self._opportunity}.get(k)
        if handler is not None:
            return handler(b, d, ch)
        return None

    # ---------------------------------------------------------- small helpers
    def _cast(self, c: str) -> str:
        self.casting = c
        return c

    def _ok(self, c: str) -> bool:
        return (self.turn, self.phase, c) not in self.failed

    @staticmethod
    def _name(choice: str) -> str:
        """The card named by ``cast X`` / ``activate X`` / ``play X``."""
        rest = choice.split(" ", 1)[1] if " " in choice else choice
        return rest.split(" ability=")[0].split("#")[0]

    # ------------------------------------------------------------ main phase
    def _opportunity(self, b: Board, d: Decision, ch: list[str]) -> str | None:
        me = d.player
        ctx = d.context
        decline = d.decline if d.decline is not None else None
        if ctx is not None and ctx.active == me and ctx.step == "blocks" and b.v.get("combat"):
            got = self._pump(b, d, ch)
            if got:
                return got
        if ctx is None or ctx.active != me or ctx.phase != "main" or ctx.step != "main":
            return self._instant_window(b, d, ch)
        lands = [c for c in ch if c.startswith("play ")]
        if lands:
            return self._pick_land(b, lands)
        # spells, best first
        cast = self._best_cast(b, d, ch)
        if cast is not None:
            return self._cast(cast)
        if "attack" in ch and self.attacked_turn != ctx.turn:
            self.attacked_turn = ctx.turn
            if self._attackers(b, d, [])[0]:
                return "attack"
        act = self._best_activation(b, ch)
        if act is not None:
            return self._cast(act)
        return decline

    def _pick_land(self, b: Board, lands: list[str]) -> str:
        # a land of a colour the hand needs most
        need: dict[str, int] = {}
        for n in b.hand:
            c = _cdef(n)
            if c is not None and c.cost is not None:
                for col, k in c.cost.colored.items():
                    need[col] = need.get(col, 0) + k
        have: dict[str, int] = {}
        for p in b.lands(b.me):
            for col in _land_colors(p["name"]):
                have[col] = have.get(col, 0) + 1

        def score(c: str) -> float:
            cols = _land_colors(self._name(c))
            return sum(need.get(x, 0) / (1 + have.get(x, 0)) for x in cols) + 0.1 * len(cols)
        return max(lands, key=score)

    def _best_cast(self, b: Board, d: Decision, ch: list[str]) -> str | None:
        opts = []
        for c in ch:
            if not c.startswith("cast ") or not self._ok(c):
                continue
            name = self._name(c)
            t = types_of(name)
            if name in NEVER or name in PUMPS or name in COUNTERS:
                continue
            if name in SYMMETRIC and not self._symmetric_ok(b, name):
                continue
            score = self._cast_score(b, name, t)
            if score > 0:
                opts.append((score, c))
        if not opts:
            return None
        opts.sort(key=lambda x: -x[0])
        return opts[0][1]

    def _cast_score(self, b: Board, name: str, t: frozenset[str]) -> float:
        mv = mana_value(name)
        if "creature" in t:
            c = _cdef(name)
            return 10 + mv + (_num(c.power, 1) if c else 0) * 0.1
        if t & {"instant", "interrupt", "sorcery"} or "Enchant" in (_cdef(name).type_line if _cdef(name) else ""):
            text = card_text(name)
            if harmful(name):
                if re.search(r"target (creature|player|opponent|land|artifact|enchantment|permanent)", text, re.I) \
                        or "target" in text:
                    return 8 + mv if self._has_target_worth(b, name) else 0
                return 5 + mv  # an effect on the opponent (discard, drain)
            if "instant" in t:
                return 0  # tricks are kept for combat and for answers
            if re.search(r"target creature|enchant creature", text, re.I) and not b.creatures(b.me):
                return 0
            if re.search(r"draw|search|gain \d+ life", text, re.I) or "sorcery" in t or "enchant" in t:
                return 4 + mv
            return 3
        if t & {"artifact", "enchantment"}:
            return 6 + mv
        return 1

    def _has_target_worth(self, b: Board, name: str) -> bool:
        text = card_text(name).lower()
        dmg = damage_of(name)
        if dmg is not None and ("player" in text or "opponent" in text):
            return True
        if "creature" in text:
            for p in b.creatures(b.opp):
                if dmg is not None and dmg > 0 and b.toughness(p) > dmg:
                    continue
                if b.value(p) >= 4:
                    return True
            return False
        if "land" in text:
            return bool(b.lands(b.opp))
        kinds = {k for k in ("artifact", "enchantment") if re.search(rf"target {k}|{k} or|or {k}", text)}
        if "permanent" in text:
            kinds = {"artifact", "enchantment", "creature", "land"}
        if kinds:
            return any(set(p["types"]) & kinds for p in b.v["battlefield"] if p["controller"] == b.opp)
        return True

    def _symmetric_ok(self, b: Board, name: str) -> bool:
        mine = sum(b.value(p) for p in b.creatures(b.me))
        theirs = sum(b.value(p) for p in b.creatures(b.opp))
        if name in ("Wrath of God", "Pestilence", "Earthquake", "Hurricane", "Tsunami", "Flashfires", "Balance"):
            if name == "Hurricane" and any(b.kw(p, "flying") for p in b.creatures(b.me)):
                return False
            return theirs > mine + 6
        if name in ("Armageddon", "Jokulhaups"):
            return mine > theirs + 6 and len(b.lands(b.me)) <= len(b.lands(b.opp)) + 1
        return False

    def _best_activation(self, b: Board, ch: list[str]) -> str | None:
        for c in ch:
            if not c.startswith("activate ") or not self._ok(c):
                continue
            name = self._name(c)
            text = card_text(name)
            # pingers and killers: use them on the opponent's creatures or face
            if re.search(r"\{T\}: .*(damage|destroy)", text) and harmful(name):
                if self.acts.get((self.turn, self.phase, "act " + c), 0) == 0:
                    self.acts[(self.turn, self.phase, "act " + c)] = 1
                    return c
        return None

    def _instant_window(self, b: Board, d: Decision, ch: list[str]) -> str | None:
        """The opponent's turn or another step: burn the opponent's face at
        the end of their turn, kill an attacker, or pass."""
        ctx = d.context
        me = d.player
        if ctx is None:
            return d.decline
        if ctx.active != me and ctx.phase in ("discard", "end", "cleanup") or (ctx.active != me and ctx.step == "end"):
            for c in ch:
                if c.startswith(("cast ", "activate ")) and self._ok(c):
                    name = self._name(c)
                    if name in NEVER or name in SYMMETRIC or name in PUMPS or name in COUNTERS:
                        continue
                    t = types_of(name)
                    if c.startswith("activate ") and not re.search(r"\{T\}: .*(damage|destroy)", card_text(name)):
                        continue
                    if (c.startswith("activate ") or t & {"instant", "interrupt"}) and harmful(name) \
                            and self._has_target_worth(b, name):
                        if self.acts.get((self.turn, self.phase, "act " + c), 0) == 0:
                            self.acts[(self.turn, self.phase, "act " + c)] = 1
                            return self._cast(c)
        return d.decline

    # ------------------------------------------------------------- targeting
    def _target(self, b: Board, d: Decision, ch: list[str]) -> str:
        name = self._name(self.casting) if self.casting else d.about
        name = d.about or name
        bad = harmful(name) if name else True
        dmg = damage_of(name)
        if dmg == -1:
            dmg = 99  # the X was chosen already, as large as could be paid
        scored = []
        for t in ch:
            if not t.startswith("target "):
                continue
            what = t[len("target "):]
            if what in b.names:
                mine = b.names[what] == b.me
                if bad:
                    val = 1.0 + (dmg or 0) * 0.6
                    if dmg and b.life[b.names[what]] <= dmg:
                        val = 100.0
                else:
                    val = 1.0
            else:
                p = b.perms.get(what)
                if p is None:
                    scored.append((0.05, t))
                    continue
                mine = b.mine(p)
                val = b.value(p)
                if bad and dmg is not None and "creature" in p["types"] and b.toughness(p) > dmg:
                    val = 0.3  # it would not die
                if not bad and self.protect is not None and what == self.protect:
                    val += 20
            good = (not mine) if bad else mine
            scored.append((val if good else -val, t))
        scored.sort(key=lambda x: -x[0])
        if scored and scored[0][0] > 0:
            self.protect = None
            return scored[0][1]
        if "done" in ch:
            return "done"
        self.failed.add((self.turn, self.phase, self.casting))
        return "cancel" if "cancel" in ch else (scored[0][1] if scored else ch[0])

    def _announce(self, b: Board, d: Decision, ch: list[str]) -> str:
        opts = [c for c in ch if c != "cancel"]
        if not opts:
            return "cancel"
        opp_name = b.v["players"][b.opp]["name"]
        for c in opts:
            if c == f"choose {opp_name}":
                return c
        return opts[0]

    # ---------------------------------------------------------------- combat
    def _attackers(self, b: Board, d: Decision, ch: list[str]) -> tuple[list[dict[str, Any]], bool]:
        """The creatures worth attacking with, and whether it is all-in."""
        me, opp = b.me, b.opp
        ready = [p for p in b.creatures(me) if not p["tapped"] and not p["sick"] and b.power(p) > 0
                 and "Wall" not in p["name"]]
        if ch:
            allowed = {c[len("attack "):] for c in ch if c.startswith("attack ") and c != "attack nothing"}
            ready = [p for p in ready if p["ref"] in allowed] or \
                [b.perms[r] for r in allowed if r in b.perms and b.power(b.perms[r]) > 0]
        blockers = [p for p in b.creatures(opp) if not p["tapped"]]
        if not ready:
            return [], False
        # all-in: what gets through if they block the biggest with their blockers
        total = sorted((b.power(p) for p in ready), reverse=True)
        through = sum(total[len(blockers):]) if len(blockers) < len(total) else 0
        unblockable = [p for p in ready if not any(b.can_block(x, p) for x in blockers)]
        evasive = sum(b.power(p) for p in unblockable)
        if max(through, evasive) >= b.life[opp]:
            return ready, True
        # their evasive attack (what my creatures cannot block) kills me next turn: hold nothing back
        mine_untapped = b.creatures(me)
        their_evasive = sum(b.power(p) for p in b.creatures(opp)
                            if not any(b.can_block(x, p) for x in mine_untapped))
        if their_evasive >= b.life[me]:
            return ready, True
        safe = []
        for a in ready:
            risky = False
            for x in blockers:
                if not b.can_block(x, a):
                    continue
                adies, xdies = b.fight(a, x)
                if adies and (not xdies or b.value(x) < b.value(a) * 0.8):
                    risky = True
                    break
            if not risky:
                safe.append(a)
        # keep enough home to survive their swing back
        their = sorted((b.power(p) for p in b.creatures(opp)), reverse=True)
        my_life = b.life[me]
        if sum(their) >= my_life:
            keep = sorted([p for p in b.creatures(me) if not p["tapped"]], key=b.value)
            home = [p for p in keep if p not in safe]
            while safe and len(home) < len(their) and sum(their[len(home):]) >= my_life:
                moved = min(safe, key=lambda p: b.toughness(p) * 2 + b.power(p))
                if b.power(moved) >= 3 and not unblockable:
                    pass
                safe.remove(moved)
                home.append(moved)
        return safe, False

    def _attack(self, b: Board, d: Decision, ch: list[str]) -> str | None:
        chosen, _ = self._attackers(b, d, ch)
        nothing = d.decline or "attack nothing"
        if not chosen:
            return nothing
        refs = [p["ref"] for p in chosen]
        text = "attack " + ", ".join(refs)
        try:
            return d.parse(text)
        except IllegalAction:
            pass
        # drop any one that cannot attack
        ok = [r for r in refs if f"attack {r}" in ch]
        if ok:
            try:
                return d.parse("attack " + ", ".join(ok))
            except IllegalAction:
                return f"attack {ok[0]}"
        return nothing

    def _block(self, b: Board, d: Decision, ch: list[str]) -> str | None:
        me = b.me
        life = b.life[me]
        pairs: dict[str, list[str]] = {}
        for c in ch:
            m = re.fullmatch(r"block (.+) with (.+)", c)
            if m and m[1] in b.perms and m[2] in b.perms:
                pairs.setdefault(m[1], []).append(m[2])
        if not pairs:
            return d.decline or "block nothing"
        attackers = sorted((b.perms[a] for a in pairs), key=lambda p: -b.power(p))
        incoming = sum(b.power(a) for a in attackers)
        used: set[str] = set()
        chosen: list[tuple[str, str]] = []
        blocked: set[str] = set()
        # 1. blocks that kill and survive, or survive (walls), or trade up
        options = []
        for a in attackers:
            for x in pairs[a["ref"]]:
                bl = b.perms[x]
                adies, xdies = b.fight(a, bl)
                va, vx = b.value(a), b.value(bl)
                if xdies and b.kw(a, "trample"):
                    pass
                if adies and not xdies:
                    s = 100 + va
                elif not xdies:
                    s = 50 + b.power(a)
                elif adies and va >= vx:
                    s = 20 + va - vx
                else:
                    s = -vx  # a chump block
                options.append((s, a["ref"], x, xdies, adies))
        options.sort(key=lambda o: -o[0])
        for s, a, x, xdies, adies in options:
            if s <= 0 or a in blocked or x in used:
                continue
            chosen.append((a, x))
            used.add(x)
            blocked.add(a)
        # 2. double blocks that kill a big attacker without losing more than it is worth
        for a in attackers:
            if a["ref"] in blocked:
                continue
            free = [b.perms[x] for x in pairs[a["ref"]] if x not in used]
            if len(free) >= 2 and not b.kw(a, "first strike"):
                free.sort(key=lambda p: -b.power(p))
                two = free[:2]
                if sum(b.power(p) for p in two) >= b.toughness(a):
                    # the attacker kills at most one of them
                    lost = max((b.value(p) for p in two if b.power(a) >= b.toughness(p)), default=0)
                    if b.value(a) > lost + 1:
                        for p in two:
                            chosen.append((a["ref"], p["ref"]))
                            used.add(p["ref"])
                        blocked.add(a["ref"])
        # 3. chump blocks while the rest would kill us
        def unblocked_damage() -> int:
            return sum(b.power(a) for a in attackers if a["ref"] not in blocked)
        while unblocked_damage() >= life:
            best = None
            for a in attackers:
                if a["ref"] in blocked or b.kw(a, "trample"):
                    continue
                free = [x for x in pairs[a["ref"]] if x not in used]
                if free:
                    x = min(free, key=lambda r: b.value(b.perms[r]))
                    best = (a["ref"], x)
                    break
            if best is None:
                break
            chosen.append(best)
            used.add(best[1])
            blocked.add(best[0])
        if not chosen:
            return d.decline or "block nothing"
        text = "block " + "; ".join(f"{a} with {x}" for a, x in chosen)
        try:
            return d.parse(text)
        except IllegalAction:
            pass
        for a, x in chosen:
            if f"block {a} with {x}" in ch:
                return f"block {a} with {x}"
        return d.decline or "block nothing"

    def _assign(self, b: Board, d: Decision, ch: list[str]) -> str | None:
        m = re.match(r"Divide (.+)'s (\d+) damage among (.+)$", d.prompt)
        if not m:
            return ch[0]
        power = int(m[2])
        targets = [t.strip() for t in m[3].split(", ")]
        order = sorted(targets, key=lambda r: -(b.value(b.perms[r]) if r in b.perms else 0))
        amounts = {t: 0 for t in targets}
        left = power
        for t in order:
            p = b.perms.get(t)
            need = b.toughness(p) if p is not None else left
            if need <= left and need > 0:
                amounts[t] = need
                left -= need
        if left:
            amounts[order[0]] += left
        text = "assign " + ", ".join(f"{n} to {t}" for t, n in amounts.items() if n)
        try:
            return d.parse(text)
        except IllegalAction:
            return ch[0]

    # ----------------------------------------------------- answers and saves
    def _interrupt(self, b: Board, d: Decision, ch: list[str]) -> str | None:
        spells = b.v["spells"]
        top = spells[-1] if spells else None
        if top is None or top["controller"] == b.me:
            return d.decline
        worth = mana_value(top["name"]) >= 3 or "creature" in types_of(top["name"]) and mana_value(top["name"]) >= 2
        hits_me = any(t in b.perms and b.mine(b.perms[t]) for t in top["targets"]) or \
            b.v["players"][b.me]["name"] in top["targets"]
        if not (worth or hits_me and harmful(top["name"])):
            return d.decline
        for c in ch:
            if c.startswith("cast ") and self._name(c) in COUNTERS and self._ok(c):
                name = self._name(c)
                col = _cdef(top["name"]).colors if _cdef(top["name"]) else frozenset()
                if name == "Blue Elemental Blast" and "R" not in col:
                    continue
                if name == "Red Elemental Blast" and "U" not in col:
                    continue
                if name == "Mana Short":
                    continue
                return self._cast(c)
        return d.decline

    def _respond(self, b: Board, d: Decision, ch: list[str]) -> str | None:
        batch = b.v["batch"]
        top = batch[-1] if batch else None
        self.protect = None
        if top is not None and top["controller"] != b.me and harmful(top["name"]):
            mine = [t for t in top["targets"] if t in b.perms and b.mine(b.perms[t])]
            dmg = damage_of(top["name"])
            for t in mine:
                p = b.perms[t]
                if "creature" not in p["types"]:
                    continue
                for c in ch:
                    name = self._name(c) if c.startswith("cast ") else ""
                    if name in ("Giant Growth", "Healing Salve") and self._ok(c):
                        if dmg is not None and dmg > 0 and dmg < b.toughness(p) + 3:
                            self.protect = t
                            return self._cast(c)
        # in combat on my own turn, after blocks: pump a blocked attacker to win its fight
        ctx = d.context
        if ctx is not None and ctx.step == "blocks" and b.v.get("combat"):
            got = self._combat_trick(b, d, ch) or self._pump(b, d, ch)
            if got:
                return got
        return self._instant_window(b, d, ch)

    def _combat_trick(self, b: Board, d: Decision, ch: list[str]) -> str | None:
        combat = b.v["combat"]
        pumps = [c for c in ch if c.startswith("cast ") and self._name(c) == "Giant Growth" and self._ok(c)]
        if not pumps:
            return None
        for i, band in enumerate(combat["bands"]):
            blockers = combat["blocks"].get(str(i), [])
            for a in band:
                if a not in b.perms or len(blockers) != 1 or blockers[0] not in b.perms:
                    continue
                x = b.perms[blockers[0]]
                att = b.perms[a]
                mine, theirs = (att, x) if b.mine(att) else (x, att)
                if not b.mine(mine):
                    continue
                md, td = b.fight(mine, theirs) if mine is att else b.fight(theirs, mine)[::-1]
                boosted = dict(mine, power=b.power(mine) + 3, toughness=_num(mine.get("toughness"), 2) + 3)
                bd, btd = b.fight(boosted, theirs) if mine is att else b.fight(theirs, boosted)[::-1]
                if (md and not bd) or (not td and btd):
                    self.protect = mine["ref"]
                    return self._cast(pumps[0])
        return None

    def _pump(self, b: Board, d: Decision, ch: list[str]) -> str | None:
        """My attackers that were not blocked: spend the mana left on their pumps
        (only while the payment can be made; a failed one is not tried again)."""
        if d.context is None or d.context.active != b.me:
            return None
        combat = b.v["combat"]
        free = {r for i, band in enumerate(combat["bands"]) if not combat["blocks"].get(str(i)) for r in band}
        for c in ch:
            if c.startswith("activate ") and self._ok(c):
                ref = c[len("activate "):].split(" ability=")[0]
                if ref in free and ref in b.perms and b.mine(b.perms[ref]) and PUMP.search(card_text(self._name(c))):
                    return self._cast(c)
        return None

    def _prevent(self, b: Board, d: Decision, ch: list[str]) -> str | None:
        acts = [c for c in ch if c.startswith(("activate ", "cast ")) and self._ok(c)]
        if not acts:
            return d.decline
        # damage to me or one of my creatures that would die
        for m in re.finditer(r"(\d+) damage from (.+?) to ([^;]+)", d.prompt):
            n, who = int(m[1]), m[3].strip()
            if who == b.v["players"][b.me]["name"] or (who in b.perms and b.mine(b.perms[who])
                                                       and b.toughness(b.perms[who]) <= n):
                self.protect = who
                return self._cast(acts[0])
        return d.decline

    def _upkeep(self, b: Board, d: Decision, ch: list[str]) -> str | None:
        about = d.about
        p = next((p for p in b.v["battlefield"] if p["name"] == about and b.mine(p)), None)
        worth = p is None or b.value(p) >= 3
        for c in ch:
            if c.startswith(("activate ", "pay")) and self._ok(c) and worth:
                return self._cast(c)
        return "choose no" if "choose no" in ch else None

    def _discard(self, b: Board, d: Decision, ch: list[str]) -> str | None:
        opts = [c for c in ch if c.startswith("discard ")]
        if d.decline is not None and (not opts or "prevent" in d.prompt.lower() and b.life[b.me] > 6):
            return d.decline
        if not opts:
            return None
        n_lands = len(b.lands(b.me)) + sum(1 for n in b.hand if "land" in types_of(n))

        def keep_value(c: str) -> float:
            n = self._name(c)
            if "land" in types_of(n):
                return 0.5 if n_lands >= 6 else 6.0
            mv = mana_value(n)
            return 3 + mv - (3 if mv > len(b.lands(b.me)) + 2 else 0)
        return min(opts, key=keep_value)

    def _sacrifice(self, b: Board, d: Decision, ch: list[str]) -> str | None:
        opts = [c for c in ch if c.startswith("sacrifice ")]
        if not opts:
            return d.decline

        def val(c: str) -> float:
            r = c[len("sacrifice "):]
            p = b.perms.get(r)
            return b.value(p) if p is not None else 0
        return min(opts, key=val)

    def _yes_no(self, b: Board, d: Decision, ch: list[str]) -> str | None:
        pr = d.prompt.lower()
        if "choose yes" in ch and ("countered" in pr or pr.startswith("untap") or "pay" in pr and "or" in pr):
            return "choose yes"
        if "choose no" in ch and ("draw two extra" in pr):
            return "choose no"
        return d.decline if d.decline is not None else ch[0]


@lru_cache(maxsize=None)
def _land_colors(name: str) -> frozenset[str]:
    c = _cdef(name)
    if c is None:
        return frozenset()
    out = set()
    basic = {"plains": "W", "island": "U", "swamp": "B", "mountain": "R", "forest": "G"}
    for s in c.subtypes:
        if s in basic:
            out.add(basic[s])
    for m in re.finditer(r"Add \{?([WUBRG])", c.text or ""):
        out.add(m[1])
    return frozenset(out)


def answer(duel: Any, player: ComputerPlayer) -> str:
    """The computer's answer to the duel's pending decision, from its seat's view only."""
    d = duel.pending
    return player.choose(view(duel, d.player), d)
