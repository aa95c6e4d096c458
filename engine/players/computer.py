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

Its heuristic does not look ahead; it evaluates the board. The levels of
:data:`LOOKAHEAD_LEVELS` also try their main-phase choices on *determinized*
copies that the caller gives (``choose(view, decision, peek)``, see
:mod:`engine.players.lookahead`): copies holding only what the seat may know. Creatures are valued by power, toughness and keywords;
attacks are made when the attacker survives every single blocker or trades
up, or when the whole attack is lethal or the race is won; blocks kill,
survive or trade up, and chump only to stay alive; removal goes to the
opponent's most valuable creature it kills, burn to the opponent's face when
it is lethal; counterspells meet the spells that matter; regeneration and
prevention save what they can; mana is only ever drawn by ``auto`` while
paying, so it never burns itself. The damage its next upkeep will cost
(Serendib Efreet, Karma, Black Vise) is life it does not count on when it
blocks or races; a creature buried at end of turn (Ball Lightning) always
attacks; no land goes into play under a lethal Ankh of Mishra; no X spell is
cast for X = 0. Mishra's Factory is animated (paid by another source) when as
a creature it joins the planned attack or blocks; an attacker its own Maze of
Ith stopped gets no blocker; Fog and Holy Day are kept for an attack that
would kill it; Rocket Launcher, gone at the end of a turn it is used in, is
used only when its shots kill a creature worth it or finish the opponent. It
mulligans the hands the rules let it (no land, only land) and, when the
opponent took one, redraws a hand of one land or six; its land for the turn
is the one that casts the best spell in hand now, then the colour its hand
needs. What it knows of some kinds of cards (cumulative upkeep paid or
dropped, Necropotence within a life floor, tokens made and spent, the name
for Demonic Consultation) is in :mod:`engine.players.card_hints`.

Levels (:data:`LEVELS`): ``easy`` and ``medium`` answer like the random
player some of the time (and never look ahead); ``hard`` (the default)
always thinks, and looks one answer ahead in its main phases and blocks.
"""
from __future__ import annotations

import copy
import random
import re
from functools import lru_cache
from typing import Any

from .. import carddb
from ..decisions import Decision, DecisionKind, IllegalAction
from ..determinize import Peek, peek_for
from ..view import view
from . import card_hints, lookahead
from .computer_combat import Combat, doomed, hasty, tap_ability, untapped_mana
from .random_player import RandomPlayer

K = DecisionKind
LEVELS = {"easy": 0.5, "medium": 0.2, "hard": 0.0}  # how often it answers at random
DEFAULT_LEVEL = "hard"
LOOKAHEAD_LEVELS = frozenset({"hard"})  # levels that look one answer ahead (engine.players.lookahead)

HARMFUL = re.compile(r"damage|destroy|bury|gain control|remove target|from the game|-\d+/-\d+|return target|counter target|tap target|"
                     r"doesn't untap|does not untap|discard|loses|sacrifice|cannot attack|can't attack", re.I)
HELPFUL = re.compile(r"\+\d+/\+\d+|gains|prevent|regenerate|gain \d+ life|untap target|gets \+", re.I)
# counterspells the AI keeps mana open for on its own turn (ComputerPlayer._reserve)
RESERVE = {"Counterspell", "Mana Drain", "Remove Soul", "Spell Blast", "Power Sink"}
COUNTERS = {"Counterspell", "Spell Blast", "Blue Elemental Blast", "Red Elemental Blast", "Mana Short",
            "Power Sink", "Force Spike", "Remove Soul", "Mana Drain"}
FOGS = {"Fog", "Holy Day"}  # all combat damage stopped: cast only when their attack would kill (ComputerPlayer._fog)
PUMPS = {"Giant Growth", "Healing Salve", "Blessing", "Holy Strength", "Unholy Strength", "Firebreathing"}
# spells that hurt both sides or need a careful board: cast only when judged worth it
SYMMETRIC = {"Wrath of God", "Armageddon", "Balance", "Pestilence", "Hurricane", "Earthquake", "Flashfires",
             "Tsunami", "Jokulhaups", "Nevinyrral's Disk", "Tranquility", "Shatterstorm", "Energy Flux",
             "Titania's Song", "Karma", "Inferno"}
NEVER = {"Manabarbs", "Mana Clash", "Backfire", "Winter's Night", "Conversion", "Kormus Bell",
         "Armageddon Clock", "Immolation", "Cursed Land", "Evil Presence", "Phantasmal Terrain", "Thoughtlace",
         "Deathlace", "Lifelace", "Sleight of Mind", "Wanderlust", "Creature Bond", "Twiddle", "Mana Short",
         "Magical Hack", "Darkness", "Fog", "Holy Day", "Reverse Polarity", "Warp Artifact", "Sandstorm",
         "Chaoslace", "Purelace", "Reverse Damage", "Dark Heart of the Wood", "Drain Power", "Celestial Prism"}
KEYWORD_VALUE = {"flying": 1.5, "first strike": 1.0, "trample": 0.5, "banding": 0.5, "can block flying": 0.5,
                 "vigilance": 0.5}
NUM = re.compile(r"(?:deals?|does|do) (\d+|X) damage", re.I)
_EXTRA_MANA = re.compile(r"(each time|whenever) (target|enchanted) land is tapped for mana", re.I)
_POOL = re.compile(r"\(pool ([^)]*)\)$")
MANA_SPELL = re.compile(r"^Adds? .*mana|^Add \{|to your mana pool", re.I)  # Dark Ritual: only while paying
SELF_DAMAGE = re.compile(r"(\d+) damage to you\b", re.I)
# a permanent that hurts its controller every upkeep, with nothing to pay instead (Serendib Efreet, Juzám Djinn)
UPKEEP_PAIN = re.compile(r"^(?:[^.\n]* (?:deals|does) (\d+) damage to you during your upkeep|During your upkeep, "
                         r"(?![^.\n]*\bpay\b)[^.\n]*? (?:deals|does) (\d+) damage to you)\.", re.I | re.M)
# a creature whose power and toughness while attacking are the defending player's forests (Gaea's Liege)
AS_THEIR_FORESTS = re.compile(r"when [^.;]* attacks, these are instead equal to the number of forests "
                              r"defending player controls", re.I)
# a permanent that hurts whoever plays a land (Ankh of Mishra)
LAND_PAIN = re.compile(r"each time a player puts a land into play, [^.]* deals (\d+) damage to that player", re.I)
# a land that becomes a creature until end of turn for mana (Mishra's Factory: "{1}: ... a 2/2 artifact creature")
ANIMATE = re.compile(r"^((?:\{[0-9WUBRG]\})+): [^\n]*becomes [^\n]*?(\d+)/(\d+) [^\n]*creature[^\n]*until end of turn",
                     re.M)
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


# what a spell does to its target, read from the sentence that names the target
STRONG = re.compile(r"damage|destroy|bury|remove|from the game|counter (target|a target)|gain control|-\d+/-\d+|"
                    r"return target|discards?|\btap (X )?target|does not untap|doesn't untap|cannot attack|"
                    r"can't attack|sacrifice|loses", re.I)
KIND = re.compile(r"draws?\b|gains? (protection|flying|banding|trample|first strike|\w+walk)|cannot be blocked|"
                  r"can now attack|becomes an artifact creature|activation cost|power doubles|does not cause|"
                  r"adds \{|increase target|\+\d+/\+\d+|regenerate|untap target|prevent|gain \d+ life|"
                  r"gets \+|into your hand|under your control", re.I)


@lru_cache(maxsize=None)
def harmful(name: str) -> bool:
    """Does the card hurt what it targets? (read from its text: the sentence naming the target)"""
    t = card_text(name)
    if name in COUNTERS:
        return True
    if re.search(r"prevent", t, re.I) and not re.search(r"deals? (\d+|X) damage|destroy|bury", t, re.I):
        return False  # Samite Healer, Healing Salve, the Circles: they protect what they target
    if MANA_SPELL.search(t):
        return False  # Dark Ritual
    if name == "Ancestral Recall":
        return False  # "Draw 3 cards or force opponent to draw 3 cards": a target player who draws
    sentence = next((x for x in re.split(r"(?<=[.])\s+", t) if re.search(r"target|any one", x, re.I)), t)
    if KIND.search(sentence) and not re.search(r"damage to|destroy|bury|remove target|removes|gain control|"
                                                r"-\d+/-\d+|discard", sentence, re.I):
        return False
    if STRONG.search(sentence):
        return True
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


@lru_cache(maxsize=None)
def self_damage(name: str) -> int:
    """The damage the card deals its own controller (Psionic Blast, Orcish Artillery)."""
    m = SELF_DAMAGE.search(card_text(name))
    return int(m[1]) if m else 0


def _num(v: Any, default: int) -> int:
    if isinstance(v, int):
        return v
    if isinstance(v, str) and v.lstrip("-").isdigit():
        return int(v)
    return default


EVAL_FEATURES = ("creatures", "power", "toughness", "creature extras", "lands", "other permanents",
                 "their mana value", "life", "at 5 life or less", "cards in hand")
"""What :meth:`Board.eval` weighs, each mine less theirs (:meth:`Board.features`); "creature extras"
is what :meth:`Board.value` adds to a creature beyond 1 + 1.5 power + 0.8 toughness (its keywords,
a {T} ability; less for a wall), "at 5 life or less" is 1 when only they are, -1 when only I am."""
HAND_SET_WEIGHTS = (1.0, 1.5, 0.8, 1.0, 1.5, 1.0, 1.0, 0.5, 10.0, 0.7)
"""The weights set by hand (issue 19): a creature worth :meth:`Board.value`, a land 1.5, another
permanent 1 + its mana value, half a point a life, 10 for being out of reach of 5 life, 0.7 a card."""
EVAL_WEIGHTS = HAND_SET_WEIGHTS
"""The weights :meth:`Board.eval` uses. Fitted ones were tried and not kept (bench/README.md, the
AI section): ``python -m bench.fit_eval --duels 200 --seed 5000`` logs the positions of 200 duels
against ``sensible`` and 100 against itself (seeds 5000+, never the bench's) and fits them by
logistic regression of the outcome; fitted freely they made the look-ahead hold its cards (a card
in hand outweighed one in play: 9 duels of 32 won on seed 0 against 24), and constrained so that
a permanent is worth at least a card in hand, (1.64, 2.12, 1.44, 0.55, 0.46, 0.46, 0.0, 0.85,
10.03, 0.46), they won as many as these weights, within the noise of 32 duels."""


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
            if tap_ability(p["name"]):
                v += 2.0  # a {T} ability that does something (Prodigal Sorcerer); making mana is worth a land
            elif re.search(r"\{T\}: Add", card_text(p["name"])):
                v += 0.5
            if card_hints.makes_tokens(p["name"]):
                v += 2.0  # a Thallid, an Elvish Farmer: a Saproling every few turns
            if p.get("token"):
                v -= 0.5  # the same creature as a card is kept first: a token chump-blocks, is sacrificed
            return v
        if "land" in p["types"]:
            return 1.5
        return 1.0 + mana_value(p["name"])

    def features(self) -> list[float]:
        """The position from my side as the numbers :meth:`eval` weighs (:data:`EVAL_FEATURES`),
        each mine less theirs: what the seat sees, nothing hidden. A creature's :meth:`value`
        is split into its count, power, toughness and the rest (keywords, abilities, walls)."""
        f = [0.0] * len(EVAL_FEATURES)
        for p in self.v["battlefield"]:
            sign = 1.0 if self.mine(p) else -1.0
            if "creature" in p["types"]:
                pw, th = self.power(p), _num(p.get("toughness"), 2)
                f[0] += sign
                f[1] += sign * pw
                f[2] += sign * th
                f[3] += sign * (self.value(p) - 1.0 - 1.5 * pw - 0.8 * th)
            elif "land" in p["types"]:
                f[4] += sign
            else:
                f[5] += sign
                f[6] += sign * mana_value(p["name"])
        me, op = self.life[self.me], self.life[self.opp]
        f[7] = me - op
        f[8] = (1.0 if op <= 5 else 0.0) - (1.0 if me <= 5 else 0.0)
        f[9] = len(self.hand) - self.v["players"][self.opp]["hand_count"]
        return f

    def eval(self, weights: tuple[float, ...] | None = None) -> float:
        """The board from my side: positive is good for me. The features weighed by
        ``weights`` (default :data:`EVAL_WEIGHTS`)."""
        return sum(w * x for w, x in zip(EVAL_WEIGHTS if weights is None else weights, self.features()))

    def upkeep_pain(self, side: int) -> int:
        """The damage ``side`` takes in its next upkeep from what is in play (Serendib Efreet,
        Karma, Black Vise and The Rack against its hand): life it cannot spend on blocks."""
        n = 0
        hand = len(self.hand) if side == self.me else self.v["players"][side]["hand_count"]
        for p in self.v["battlefield"]:
            name = p["name"]
            if p["controller"] == side:
                m = UPKEEP_PAIN.search(card_text(name))
                if m:
                    n += int(m[1] or m[2])
            elif name == "Black Vise":
                n += max(0, hand - 4)
            elif name == "The Rack":
                n += max(0, 3 - hand)
            if name == "Karma":
                n += sum(1 for q in self.lands(side) if _swamp(q["name"]))
        return n

    def can_block(self, blocker: dict[str, Any], attacker: dict[str, Any]) -> bool:
        if self.kw(attacker, "flying") and not (self.kw(blocker, "flying") or self.kw(blocker, "can block flying")):
            return False
        if "Wall" in blocker["name"] and re.search(r"cannot be blocked by walls", card_text(attacker["name"]), re.I):
            return False  # Juggernaut
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
        self.x = 0
        self.n_targets = 0
        self.shares: list[int] = []  # damage each target chosen needs, for damage divided as I choose
        self.keep: dict[str, int] = {}  # mana colours kept open for a counterspell while paying
        self.spare: set[str] = set()  # sources not to tap while paying (the Mishra's Factory being animated)
        self.harmless: set[tuple[int, str]] = set()  # (turn, attacker) whose combat damage I prevented (Maze of Ith)
        self.fodder: str | None = None  # the token to sacrifice for the ability being used (card_hints)

    # ------------------------------------------------------------ the entry
    def choose(self, view: dict[str, Any], d: Decision, peek: Peek | None = None) -> str:
        """``peek``: from the caller holding the duel, a function giving a
        determinized copy of it (:func:`engine.determinize.peek_for`), for the
        levels that look ahead; the computer never gets the duel itself."""
        ch = list(d.choices)
        if self.level != "hard" and self.rng.random() < LEVELS[self.level]:
            return self._random(d, ch)
        before = copy.deepcopy(self) if peek is not None and self.level in LOOKAHEAD_LEVELS \
            and lookahead.looks_at(d) else None
        asked = self.asked(d, view)
        try:
            ans = self._choose(view, d, ch, asked)
        except (KeyError, IndexError, ValueError, TypeError, AttributeError):
            ans = None
        if before is not None and peek is not None:
            better = lookahead.choice(before, view, d, ans, peek, self.rng)
            if better is not None and card_hints.forbids(Board(view, d.player), better, self._ok):
                better = None  # what the look-ahead's horizon cannot see (Necropotence below its floor)
            if better is not None:  # answered as if the heuristic had chosen it: from the state before
                rng = self.rng
                self.__dict__.update(before.__dict__)
                self.rng = rng
                self.asked(d, view)
                ans = better
        if ans is None:
            ans = self._safe(d, ch)
        try:
            ans = d.parse(ans)
        except IllegalAction:
            ans = self._safe(d, ch)
        self.gave(d, ans)
        return ans

    # ------------------------------------------------------------ bookkeeping
    # What it notes of a decision and of its answer, in these two methods only: the look-ahead's
    # simulations call them too, to play on as the computer would after an answer it did not choose.
    def asked(self, d: Decision, view: dict[str, Any]) -> int:
        """Note that it is asked ``d``: where in the duel it is, and how many
        times it has been asked at this step (returned); the mana kept open
        for a counterspell and the sources spared are forgotten once the
        decision is not about putting a spell together."""
        ctx = d.context
        turn, phase, step = (ctx.turn, ctx.phase, ctx.step) if ctx else (view["turn"], view["phase"], view["step"])
        key = (turn, phase, step)
        self.acts[key] = self.acts.get(key, 0) + 1
        self.turn, self.phase = turn, phase
        if d.kind not in (K.PAY, K.CAST_X, K.CAST_TARGET, K.CAST_CHOOSE, K.CAST_MODE):
            self.keep = {}  # kept only while paying for the spell chosen with it
            self.spare = set()
        return self.acts[key]

    def _first(self, what: str, times: int = 1) -> bool:
        """Whether ``what`` (an answer, or a kind of use: "fog") was done fewer than ``times``
        times this phase; counts this one. A use tried again and again (its payment fails,
        its target goes) is tried at most so often."""
        key = (self.turn, self.phase, what)
        n = self.acts.get(key, 0)
        if n >= times:
            return False
        self.acts[key] = n + 1
        return True

    def gave(self, d: Decision, answer: str) -> None:
        """Note its ``answer`` to ``d``: the spell or ability it starts putting
        together (what a failed payment or targeting is held against), an attack
        it started this turn."""
        if answer.startswith(("cast ", "activate ")):
            self.casting = answer
            self.n_targets = 0
            self.shares = []
        elif answer.startswith("sacrifice "):
            self.fodder = None
        elif answer.startswith("attack") and d.kind is K.OPPORTUNITY:  # "attack", or "attack A, B" declaring them
            self.attacked_turn = self.turn

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

    def _choose(self, view: dict[str, Any], d: Decision, ch: list[str], asked: int) -> str | None:
        """The heuristic's answer; ``asked``: how many times it was asked at this step."""
        b = Board(view, d.player)
        k = d.kind
        turn, phase = self.turn, self.phase
        if asked > 40 and k not in (K.PAY, K.ATTACK, K.BLOCK, K.ASSIGN):
            return self._safe(d, ch)
        if k is K.MULLIGAN:
            # the rules offer it for a hand of no land or only land: take it for our own hand; when the
            # opponent took one, redraw too a hand of one land or of six (a fresh seven is likely better)
            lands = sum(1 for n in b.hand if "land" in types_of(n))
            redraw = d.prompt.startswith("Your hand") or lands <= 1 or lands >= len(b.hand) - 1
            return "choose yes" if redraw else "choose no"
        if k is K.PLAY_OR_DRAW:
            return "choose play" if "choose play" in ch else ch[0]
        if k is K.PAY:
            ans = self._pay(b, d, ch)
            if ans is not None:
                return ans
            self.failed.add((turn, phase, self.casting))
            return "cancel" if "cancel" in ch else None
        if k is K.CAST_X:
            xs = [c for c in ch if c.startswith("x=")]
            if not xs:
                return "cancel"
            top = int(xs[-1][2:])
            name = d.about or self._name(self.casting)
            if "the life you pay" in d.prompt:
                # X paid in life (Fire Covenant): what kills their creatures, never the whole life
                pay = card_hints.life_for_x(b, top)
                if pay is None:
                    self.failed.add((turn, phase, self.casting))
                    return "cancel"
                self.x = pay
                return f"x={pay}"
            if re.search(r"take X creatures from your graveyard", card_text(name), re.I):
                # Frankenstein's Monster: X no more than the creatures there, or it is countered
                dead = sum(1 for c in b.v["players"][b.me].get("graveyard", [])
                           if "creature" in types_of(c if isinstance(c, str) else c.get("name", "")))
                xs = [c for c in xs if int(c[2:]) <= dead]
                if not xs:
                    self.failed.add((turn, phase, self.casting))
                    return "cancel"
                top = int(xs[-1][2:])
            if re.search(r"return X target cards in your graveyard", card_text(name), re.I):
                # Recall: X no more than the cards to return (Recall itself is on the stack) nor the
                # other cards in hand to discard, or the targets run out and it is cancelled
                grave = len(b.v["players"][b.me].get("graveyard", []))
                others = sum(1 for c in b.hand if c.split("#")[0] != name)
                xs = [c for c in xs if int(c[2:]) <= min(grave, others)]
                if not xs:
                    self.failed.add((turn, phase, self.casting))
                    return "cancel"
                top = int(xs[-1][2:])
            # X = 0 does nothing (Mind Twist for no cards); drawing, discarding or life for X wants a few
            least = 0 if name in COUNTERS else 2 if re.search(r"\b(discards?|draws?|gains?) X\b", card_text(name),
                                                              re.I) and not re.search(r"return X", card_text(name), re.I) else 1
            if top < least and "cancel" in ch:
                self.failed.add((turn, phase, self.casting))
                return "cancel"
            if damage_of(name) == -1 and not self._x_worth(b, top) and "cancel" in ch:
                self.failed.add((turn, phase, self.casting))
                return "cancel"
            self.x = top
            return xs[-1]  # the most it can pay for
        if k is K.CAST_MODE:
            opts = [c for c in ch if c != "cancel"]
            if not opts:
                return "cancel"
            # the first mode is the one for its own side (Ancestral Recall: draw), but
            # "force opponent to draw N" (the second) wins when their library has fewer
            # -- or when drawing them myself would risk running out first (card_hints.decks_me)
            drawn = re.search(r"force opponent to draw (\d+)", card_text(d.about), re.I)
            if drawn and len(opts) > 1 and (b.v["players"][b.opp]["library_count"] < int(drawn.group(1))
                                            or card_hints.decks_me(b, int(drawn.group(1)))):
                return opts[-1]
            return opts[0]
        if k is K.REGENERATE:
            for c in ch:
                if c.startswith(("activate ", "cast ")) and (turn, phase, c) not in self.failed:
                    return c
            return d.decline
        handler = {K.CAST_CHOOSE: self._announce, K.CAST_TARGET: self._target, K.ATTACK: self._attack,
                   K.BLOCK: self._block, K.ASSIGN: self._assign, K.PREVENT: self._prevent, K.UPKEEP: self._upkeep,
                   K.DISCARD: self._discard, K.SACRIFICE: self._sacrifice, K.CHOOSE: self._yes_no,
                   K.INTERRUPT: self._interrupt, K.RESPOND: self._respond, K.OPPORTUNITY: self._opportunity}.get(k)
        if handler is not None:
            return handler(b, d, ch)
        return None

    # ---------------------------------------------------------- small helpers
    def _pay(self, b: Board, d: Decision, ch: list[str]) -> str | None:
        """Pay a mana cost without burning: from the pool when it can, else
        by hand when the automatic payment would waste mana (it counts each
        source's own mana only: a land enchanted by Wild Growth adds one
        more; it does not know which mana the AI keeps), else ``auto``; when
        neither is offered (the pool holds part of the cost), the sources the
        rest needs are tapped by hand before giving up."""
        if "pay" in ch:
            return "pay"
        if self.spare:
            # animating Mishra's Factory: another source pays, the Factory stays untapped to fight
            taps = [c for c in ch if c.startswith("tap ") and c[4:].rsplit(" for ", 1)[0] not in self.spare]
            return min(taps, key=lambda c: (c[4:].rsplit(" for ", 1)[0] not in b.perms or "creature" in
                                            b.perms[c[4:].rsplit(" for ", 1)[0]]["types"], c)) if taps else None
        cost = d.cost
        m = _POOL.search(d.prompt)
        if cost is None or m is None:
            return "auto" if "auto" in ch else None
        pool = "" if m[1] == "empty" else m[1]
        need = dict(cost.colored)
        generic = cost.generic
        for sym in pool:
            if need.get(sym, 0) > 0:
                need[sym] -= 1
            elif generic > 0:
                generic -= 1
        left = generic + sum(need.values())
        extra: dict[str, int] = {}
        for p in b.v["battlefield"]:
            host = p.get("attached_to")
            if host and _EXTRA_MANA.search(card_text(p["name"])):
                extra[host] = extra.get(host, 0) + 1
        taps = [c for c in ch if c.startswith("tap ") and " for " in c]
        keep = self.keep
        if "auto" in ch and not any(c[4:].rsplit(" for ", 1)[0] in extra or
                                    keep and c.rsplit(" for ", 1)[1] in keep for c in taps):
            return "auto"

        def score(c: str) -> tuple[int, int, int, int, int] | None:
            ref, sym = c[4:].rsplit(" for ", 1)
            perm = b.perms.get(ref)
            if perm is None or len(sym) != 1:
                return None
            gives = [sym] * _mana_amount(perm["name"]) + ["G"] * extra.get(ref, 0)
            n_need, n_gen, used = dict(need), generic, 0
            for s_ in gives:
                if n_need.get(s_, 0) > 0:
                    n_need[s_] -= 1
                    used += 1
                elif n_gen > 0:
                    n_gen -= 1
                    used += 1
            if used == 0:
                return None
            colored = sum(need.values()) - sum(n_need.values())
            creature = "creature" in perm.get("types", ())
            # no waste first, then colored needs, lands before creatures, more mana at once
            kept = int(colored == 0 and any(k in keep for k in _land_colors(perm["name"]) | {sym}))
            return (len(gives) - used, -colored, kept, int(creature), -used)

        scored = [(sc, c) for c in taps if (sc := score(c)) is not None]
        if "auto" not in ch and all(c == "cancel" or c in taps for c in ch):
            # tapping by hand only when the sources offered can pay the rest: a payment given up
            # half-way leaves the mana tapped to burn (Recall's {X}{X}{U} with one source short)
            can = {}
            for c in taps:
                ref = c[4:].rsplit(" for ", 1)[0]
                perm = b.perms.get(ref)
                can[ref] = (_mana_amount(perm["name"]) if perm is not None else 1) + extra.get(ref, 0)
            if sum(can.values()) < left:
                return None
        if left > 0 and scored:
            sc, best = min(scored)
            if sc[0] == 0 or "auto" not in ch:
                return best
        return "auto" if "auto" in ch else None

    def _x_worth(self, b: Board, x: int) -> bool:
        """Is X damage worth a spell: lethal, a creature worth killing, or a big hit."""
        if x >= b.life[b.opp]:
            return True
        if any(b.toughness(p) <= x and b.value(p) >= 3 for p in b.creatures(b.opp)):
            return True
        return x >= 5

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
            got = self._combat_trick(b, d, ch) or self._pump(b, d, ch) or self._token_fodder(b, ch)
            if got:
                return got
        if ctx is None or ctx.active != me or ctx.phase != "main" or ctx.step != "main":
            return self._instant_window(b, d, ch)
        lands = [c for c in ch if c.startswith("play ")]
        if lands and self._land_ok(b):
            return self._pick_land(b, lands)
        tokens = card_hints.token_activation(b, ch, self._ok, paid=False)  # a Thallid's Saproling
        if tokens is not None:
            return tokens
        # spells, best first, keeping mana open for a counterspell when that is worth more
        self.keep = {}
        cast = self._best_cast(b, d, ch, self._reserve(b))
        if cast is not None:
            return cast
        if self.attacked_turn != ctx.turn:
            anim = self._animate(b, ch, None)
            if anim is not None:
                return anim
        if "attack" in ch and self.attacked_turn != ctx.turn:
            self.attacked_turn = ctx.turn
            if self._attackers(b, d, [])[0]:
                return "attack"
        act = self._best_activation(b, ch)
        if act is not None:
            return act
        # about to pass: cards for life that come back in the discard phase (Necropotence)
        return card_hints.set_aside_now(b, ch, self._ok) or decline

    def _animate(self, b: Board, ch: list[str], attackers: list[dict[str, Any]] | None) -> str | None:
        """``activate`` a land that becomes a creature (Mishra's Factory) when, as a creature, it
        joins the attack planned (``attackers`` None: my turn) or the blocks planned against
        ``attackers``; another source must pay for it, so that it stays untapped."""
        lands = {}
        for c in ch:
            ref = c[len("activate "):].split(" ability=")[0] if c.startswith("activate ") else ""
            p = b.perms.get(ref)
            if p is None or not b.mine(p) or p["tapped"] or "creature" in p["types"] or not self._ok(c):
                continue
            m = ANIMATE.search(card_text(p["name"]))
            if m is None or attackers is None and p["sick"]:
                continue
            cost = len(re.findall(r"\{[WUBRG]\}", m[1])) + sum(int(x) for x in re.findall(r"\{(\d+)\}", m[1]))
            lands[ref] = (c, cost, int(m[2]), int(m[3]))
        if not lands:
            return None
        others = sum(1 for p in b.v["battlefield"] if b.mine(p) and not p["tapped"] and p["ref"] not in lands and
                     ("land" in p["types"] or re.search(r"\{T\}: Add", card_text(p["name"]))))
        for ref, (c, cost, pw, th) in lands.items():
            if others < cost:
                continue
            v = dict(b.v)
            v["battlefield"] = [dict(p, types=sorted(set(p["types"]) | {"artifact", "creature"}), power=pw,
                                     toughness=th) if p["ref"] == ref else p for p in b.v["battlefield"]]
            b2 = Board(v, b.me)
            me2 = b2.perms[ref]
            if attackers is None:
                ready = [p for p in b2.creatures(b.me) if not p["tapped"] and (not p["sick"] or hasty(p["name"]))
                         and b2.power(p) > 0 and "Wall" not in p["name"]]
                used = me2 in Combat(b2).plan_attack(ready)
            else:
                theirs = [b2.perms[a["ref"]] for a in attackers]
                pairs = {a["ref"]: [x["ref"] for x in b2.creatures(b.me) if not x["tapped"] and b2.can_block(x, a)]
                         for a in theirs}
                used = any(x == ref for _, x in Combat(b2).plan_blocks(theirs, pairs))
            if used:
                self.spare = set(lands)
                if not self._first("animate " + ref):
                    continue
                return c
        return None

    @staticmethod
    def _land_ok(b: Board) -> bool:
        """Play a land, unless it hurts (Ankh of Mishra: 2 damage to whoever puts a land into play):
        never when it would kill me, and not once I have five lands and little life."""
        pain = sum(int(m[1]) for p in b.v["battlefield"]
                   if (m := LAND_PAIN.search(card_text(p["name"]))))
        if not pain:
            return True
        life = b.life[b.me]
        return life > pain and (len(b.lands(b.me)) < 5 or life > 3 * pain + 4)

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

        # the untapped mana I have now, one set of colours per source ("" for colourless)
        untapped = [_land_colors(p["name"]) or frozenset("C") for p in b.lands(b.me) if not p["tapped"]]

        def score(c: str) -> float:
            cols = _land_colors(self._name(c))
            # first the land that lets me cast the most expensive spell in hand this turn
            sources = untapped + [cols or frozenset("C")]
            now = max((mana_value(n) for n in b.hand if "land" not in types_of(n) and _cdef(n) is not None
                       and _cdef(n).cost is not None and _payable(_cdef(n).cost.colored, mana_value(n), sources)),
                      default=0)
            return 10 * now + sum(need.get(x, 0) / (1 + have.get(x, 0)) for x in cols) + 0.1 * len(cols)
        return max(lands, key=score)

    def _reserve(self, b: Board) -> tuple[int, dict[str, int], int, dict[str, int]] | None:
        """What to keep untapped on my turn for the answer in hand: the
        counterspell when the opponent has cards to cast, the Fog when their
        next attack would kill me: (its mana, its colours, the mana I have
        untapped, per colour), or None."""
        opp = b.v["players"][b.opp]
        held = [n for n in b.hand if n in RESERVE] if opp.get("hand_count") else []
        if any(n in FOGS for n in b.hand) and self._dead_to_their_attack(b):
            held += [n for n in b.hand if n in FOGS]
        if not held:
            return None
        c = min((_cdef(n) for n in held), key=lambda c: (c.cost.generic + sum(c.cost.colored.values())) if c and
                c.cost else 99)
        if c is None or c.cost is None:
            return None
        total = max(2, c.cost.generic + sum(c.cost.colored.values()))
        avail, per = 0, {}
        for p in b.v["battlefield"]:
            if p["controller"] != b.me or p.get("tapped"):
                continue
            if "land" in p["types"]:
                avail += 1
                for col in _land_colors(p["name"]):
                    per[col] = per.get(col, 0) + 1
            elif "artifact" in p["types"] and MANA_SPELL.search(card_text(p["name"])):
                avail += _mana_amount(p["name"])
        if avail < total or any(per.get(col, 0) < n for col, n in c.cost.colored.items()):
            return None  # cannot cast it this turn cycle anyway
        return total, dict(c.cost.colored), avail, per

    @staticmethod
    def _dead_to_their_attack(b: Board) -> bool:
        """Would their creatures' next attack kill me, against the creatures I have untapped?"""
        theirs = [p for p in b.creatures(b.opp) if b.power(p) > 0 and "Wall" not in p["name"]]
        home = b.creatures(b.me)  # untapped again by their turn
        return Combat(b).swing_back(theirs, home, b.life[b.me]) >= b.life[b.me] - b.upkeep_pain(b.me)

    def _best_cast(self, b: Board, d: Decision, ch: list[str],
                   reserve: tuple[int, dict[str, int], int, dict[str, int]] | None = None) -> str | None:
        opts = []
        for c in ch:
            if not c.startswith("cast ") or not self._ok(c):
                continue
            name = self._name(c)
            t = types_of(name)
            if name in NEVER or name in PUMPS or name in COUNTERS or MANA_SPELL.search(card_text(name)) \
                    and not t & {"artifact", "creature", "enchantment", "land"}:
                continue
            if self.refused(b, name):
                continue
            if name in SYMMETRIC and not self._symmetric_ok(b, name):
                continue
            if self_damage(name) and b.life[b.me] <= self_damage(name) + 2:
                continue
            score = self._cast_score(b, name, t)
            if score > 0 and reserve is not None and score < 20:
                # a sorcery-speed play that leaves too little for the counterspell: only a
                # big creature (a threat worth more than holding the answer) is cast anyway
                total, colored, avail, per = reserve
                cd = _cdef(name)
                cost = cd.cost if cd is not None else None
                mv = (cost.generic + sum(cost.colored.values())) if cost is not None else 0
                breaks = avail - mv < total or cost is not None and any(
                    per.get(col, 0) - cost.colored.get(col, 0) < n for col, n in colored.items())
                if breaks and not ("creature" in t and mv >= 4):
                    continue
            if score > 0:
                opts.append((score, c))
        if not opts:
            return None
        opts.sort(key=lambda x: -x[0])
        if reserve is not None:
            self.keep = dict(reserve[1])
        return opts[0][1]

    @staticmethod
    def refused(b: Board, name: str) -> bool:
        """A spell never cast now, whatever it seems worth, for what it costs past the look-ahead's
        horizon (:mod:`engine.players.lookahead` offers none of these either): Mana Vault (once
        used it hurts every turn: in the benchmark against random the look-ahead cast it and
        its upkeep damage took 18 life), a card :func:`card_hints.redundant` calls thrown away
        (a Howling Mine that decks me first)."""
        if re.search(r"does not untap during your untap phase", card_text(name)) and \
                re.search(r"damage to you", card_text(name)):
            return True
        return card_hints.redundant(b, name)

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
                    # instant burn waits for the end of their turn unless it kills something now
                    if not self._has_target_worth(b, name, face="instant" not in t):
                        return 0
                    # a threat bigger than what I would cast: answer it first
                    dmg = damage_of(name)
                    threat = max((b.value(p) for p in b.creatures(b.opp)
                                  if dmg is None or dmg < 0 or b.toughness(p) <= dmg), default=0)
                    return (20 if threat >= 9 and "creature" in text.lower() else 8) + mv
                if "instant" in t and re.search(r"until end of turn|this turn|attacking|blocking", text, re.I):
                    return 0  # a combat trick for everyone (Marsh Gas): on my main phase it does nothing
                return 5 + mv  # an effect on the opponent (discard, drain)
            if "instant" in t:
                # card draw is cast (on my turn: simple); tricks are kept for combat and for answers
                return 4 + mv if re.search(r"\bdraws? (\d|x|three|two|a card|one)", text, re.I) else 0
            if re.search(r"target creature|enchant creature", text, re.I) and not b.creatures(b.me):
                return 0
            if re.search(r"draw|search|gain \d+ life", text, re.I) or "sorcery" in t or "enchant" in t:
                return 4 + mv
            return 3
        if t & {"artifact", "enchantment"}:
            return 6 + mv
        return 1

    @staticmethod
    def _burn_in_hand(b: Board) -> int:
        """The damage my burn in hand could deal to a player (X spells not counted)."""
        n = 0
        for name in b.hand:
            d = damage_of(name)
            text = card_text(name).lower()
            if d and d > 0 and types_of(name) & {"instant", "sorcery", "interrupt"} and \
                    ("player" in text or "any target" in text):
                n += d
        return n

    def _has_target_worth(self, b: Board, name: str, face: bool = True, always: bool = False) -> bool:
        """Is there a target worth the card? Damage that could go to a player is worth
        it when lethal, on a creature worth killing, or (``face``) to the face when
        the race is on: their life is low, or my hand is full."""
        text = card_text(name).lower()
        dmg = damage_of(name)
        if dmg is not None and ("player" in text or "any target" in text or "opponent" in text):
            if dmg == -1:
                return True  # X: judged when X is chosen
            if dmg >= b.life[b.opp] or self._burn_in_hand(b) >= b.life[b.opp]:
                return True
            if any(b.toughness(p) <= dmg and b.value(p) >= 3.5 for p in b.creatures(b.opp)):
                return True
            return face and (always or b.life[b.opp] <= 10 or len(b.hand) >= 6)
        if "creature" in text:
            for p in b.creatures(b.opp):
                if "tapped creature" in text and not p["tapped"]:
                    continue
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
        if name == "Inferno":
            # 6 damage to every creature and both players: it wins when they are at 6, else it may clear a
            # board they lead by far only while I keep 5 life after it (at 2 a Feedback finished it)
            left = b.life[b.me] - b.upkeep_pain(b.me) - 6
            return left > 0 and b.life[b.opp] <= 6 or left >= 5 and theirs > mine + 6
        if name == "Titania's Song":  # every non-creature artifact becomes a creature: theirs too
            def arts(side: int) -> float:
                return sum(1 + mana_value(p["name"]) for p in b.v["battlefield"] if p["controller"] == side
                           and "artifact" in p["types"] and "creature" not in p["types"])
            return arts(b.me) > arts(b.opp) + 3
        if name == "Karma":  # damage to each player for each swamp they control
            def swamps(side: int) -> int:
                return sum(1 for p in b.lands(side) if _swamp(p["name"]))
            return swamps(b.opp) > swamps(b.me) + 1
        if name in ("Armageddon", "Jokulhaups"):
            return mine > theirs + 6 and len(b.lands(b.me)) <= len(b.lands(b.opp)) + 1
        return False

    def _damage_activation(self, b: Board, c: str, face: bool) -> bool:
        """Is ``activate X`` a damage or destroy ability worth using now?"""
        if not c.startswith("activate ") or not self._ok(c):
            return False
        name = self._name(c)
        text = card_text(name)
        if not re.search(r"\}: [^\n]*(damage|destroy|bury)", text, re.I) or re.search(r"\}: Remove", text) \
                or not harmful(name) or name in SYMMETRIC or re.search(r"each (creature and )?player", text, re.I):
            return False
        if self_damage(name) and b.life[b.me] <= self_damage(name) + 2:
            return False
        dmg = damage_of(name) or 0
        if "opponent's choice" in text and any(b.toughness(p) <= dmg for p in b.creatures(b.me)):
            return False  # Cuombajj Witches: they would aim the other damage at my own
        key = (self.turn, self.phase, "act " + c)
        limit = 1 if "{T}" in text else 4
        once = False
        if re.search(r"is destroyed at end of turn", text):
            # used once, it is gone at end of turn (Rocket Launcher): only at the end of theirs, all out,
            # and only when all the shots the mana pays for kill something worth it or finish them
            if not face:
                return False
            shots = self._shots(b, name)
            if not self.acts.get(key) and shots < b.life[b.opp] and not any(
                    b.toughness(p) <= shots and b.value(p) >= 4 for p in b.creatures(b.opp)):
                return False
            limit, once = 10, True
        # a tapping pinger is used every turn: to the face at the end of theirs when nothing better
        face = face and ("{T}" in text or once or b.life[b.opp] <= 10 or len(b.hand) >= 6)
        if self.acts.get(key, 0) >= limit or not self._has_target_worth(b, name, face=face, always=face):
            return False
        self.acts[key] = self.acts.get(key, 0) + 1
        return True

    @staticmethod
    def _shots(b: Board, name: str) -> int:
        """How many times my untapped mana can pay for the card's damage ability (Rocket Launcher's {2})."""
        m = re.search(r"((?:\{[0-9WUBRG]\})+): [^\n]*damage", card_text(name))
        if m is None:
            return 1
        cost = sum(int(x) if x.isdigit() else 1 for x in re.findall(r"\{([0-9WUBRG])\}", m[1]))
        return untapped_mana(b, b.me) // max(cost, 1)

    def _best_activation(self, b: Board, ch: list[str]) -> str | None:
        """Pingers and killers on my turn: only to kill a creature (the face waits for their end of turn)."""
        for c in ch:
            if self._damage_activation(b, c, face=False) or self._sweep_activation(b, c):
                return c
        return None

    def _sweep_activation(self, b: Board, c: str) -> bool:
        """1 damage to each creature and player (Pestilence): when it kills more of theirs
        than of mine, or finishes them, and never when it would finish me."""
        if not c.startswith("activate ") or not self._ok(c):
            return False
        text = card_text(self._name(c))
        if not re.search(r"\}: [^\n]*1 damage to each creature and player", text):
            return False
        me, opp = b.life[b.me], b.life[b.opp]
        if me <= 2:
            return False
        if opp <= 1:
            return True
        gain = sum(b.value(p) for p in b.creatures(b.opp) if b.toughness(p) <= 1) - \
            sum(b.value(p) for p in b.creatures(b.me) if b.toughness(p) <= 1)
        return gain > 1.5 and me > opp - 3

    def _instant_window(self, b: Board, d: Decision, ch: list[str]) -> str | None:
        """The opponent's turn or another step: burn the opponent's face at
        the end of their turn, kill an attacker, or pass."""
        ctx = d.context
        me = d.player
        if ctx is None:
            return d.decline
        if any(x["controller"] == me for x in b.v["batch"] + b.v["spells"]):
            return d.decline  # let what I did resolve first
        if ctx.active != me and ctx.phase in ("upkeep", "draw"):
            for c in ch:
                if c.startswith("activate ") and self._ok(c) and \
                        re.search(r"\{T\}: Tap target[^.\n]*creature", card_text(self._name(c))):
                    if any(not p["tapped"] and b.power(p) >= 2 for p in b.creatures(b.opp)) \
                            and self._first("tap " + c):
                        return c
        combat = b.v.get("combat")
        if ctx.active != me and combat and ctx.step in ("attack", "blocks"):
            got = self._kill_attacker(b, ch, combat)
            if got:
                return got
        if ctx.active != me and combat and ctx.step == "blocks":
            got = self._fog(b, ch, combat) or self._token_fodder(b, ch)
            if got:
                return got
            got = card_hints.shrink_activation(b, ch, self._ok, combat)
            if got and self._first("shrink " + got):
                return got
        if ctx.active != me and combat and ctx.step == "attack":
            harmless = {r for t, r in self.harmless if t == self.turn}
            attackers = [b.perms[r] for band in combat["bands"] for r in band if r in b.perms and r not in harmless]
            got = self._animate(b, ch, attackers) if attackers else None
            if got:
                return got
        if ctx.active != me and ctx.phase in ("discard", "end", "cleanup") or (ctx.active != me and ctx.step == "end"):
            tokens = card_hints.token_activation(b, ch, self._ok, paid=True)  # the mana left: tokens for my turn
            if tokens is not None and self._first("token " + tokens, 4):
                return tokens
            for c in ch:
                if c.startswith("activate ") and self._ok(c) and re.search(r"\{T\}: Draw", card_text(self._name(c))) \
                        and not card_hints.decks_me(b, 1) and self._first("act " + c):
                    return c
            mill = card_hints.mill_activation(ch, self._ok)  # the mana left: their library, shorter
            if mill is not None and self._first("mill " + mill):
                return mill
            for c in ch:
                if c.startswith("activate "):
                    if self._damage_activation(b, c, face=True):
                        return c
                    continue
                if c.startswith("cast ") and self._ok(c):
                    name = self._name(c)
                    if name in NEVER or name in SYMMETRIC or name in PUMPS or name in COUNTERS:
                        continue
                    if self_damage(name) and b.life[me] <= self_damage(name) + 2:
                        continue
                    t = types_of(name)
                    if t & {"instant", "interrupt"} and harmful(name) and re.search(r"target", card_text(name), re.I) \
                            and self._has_target_worth(b, name):
                        if self._first("act " + c):
                            return c
        return d.decline

    def _fog(self, b: Board, ch: list[str], combat: dict[str, Any]) -> str | None:
        """Their attack, blocks made: a spell that stops all combat damage (Fog, Holy Day) when
        what gets through would kill me (it is kept for that; otherwise it is never cast)."""
        fogs = [c for c in ch if c.startswith("cast ") and self._name(c) in FOGS and self._ok(c)] + \
            card_hints.fog_activations(ch, self._ok)  # Spore Flower
        if not fogs:
            return None
        harmless = {r for t, r in self.harmless if t == self.turn}
        attackers = [b.perms[r] for band in combat["bands"] for r in band if r in b.perms and r not in harmless]
        blocks = {b.perms[r]["ref"]: [b.perms[x] for x in combat["blocks"].get(str(i), []) if x in b.perms]
                  for i, band in enumerate(combat["bands"]) for r in band if r in b.perms}
        if Combat(b).through(attackers, blocks) < b.life[b.me]:
            return None
        return fogs[0] if self._first("fog") else None

    def _kill_attacker(self, b: Board, ch: list[str], combat: dict[str, Any]) -> str | None:
        """Their attack: removal (an instant or an ability) on an attacker worth it, before damage."""
        attacking = [b.perms[r] for band in combat["bands"] for r in band if r in b.perms]
        attacking = [p for p in attacking if not b.mine(p) and b.value(p) >= 3.5]
        if not attacking:
            return None
        for c in ch:
            if not c.startswith(("cast ", "activate ")) or not self._ok(c):
                continue
            name = self._name(c)
            text = card_text(name)
            if name in NEVER or name in SYMMETRIC or name in PUMPS or name in COUNTERS or not harmful(name):
                continue
            if c.startswith("cast ") and not types_of(name) & {"instant", "interrupt"}:
                continue
            if c.startswith("activate ") and not re.search(r"\}: [^\n]*(damage|destroy|bury)", text, re.I):
                continue
            if not re.search(r"target (tapped |non-black, non-artifact |attacking )?creature|any target|"
                             r"target creature or player", text, re.I):
                continue
            if self_damage(name) and b.life[b.me] <= self_damage(name) + 2:
                continue
            dmg = damage_of(name)
            if dmg is not None and dmg >= 0 and not any(b.toughness(p) <= dmg for p in attacking):
                continue
            if not self._first("kill " + c):
                continue
            self.protect = None
            return c
        return None

    # ------------------------------------------------------------- targeting
    def _target(self, b: Board, d: Decision, ch: list[str]) -> str:
        name = self._name(self.casting) if self.casting else d.about
        name = d.about or name
        bad = harmful(name) if name else True
        dmg = damage_of(name)
        if dmg == -1:
            dmg = self.x  # the X was chosen already, as large as could be paid
        # damage divided any way I choose (Pyrotechnics, Meteor Shower, Fire Covenant): one more
        # target while what is left kills it; divided evenly (Fireball): all on the one best target
        divided = bool(name) and dmg is not None and re.search(r"divided any way you choose", card_text(name))
        if divided:
            dmg = max(dmg - sum(self.shares), 0)
        if bad and dmg is not None and self.n_targets >= 1 and "done" in ch and (not divided or dmg <= 0):
            return "done"
        # a pinger fired again and again this turn (Rocket Launcher): its shots add up on one creature.
        # Targets come before the payment, so the mana untapped now pays this shot too (counting it
        # once more had two shots of four Mountains "kill" a Kird Ape: it was pinged twice and lived,
        # and the Savannah Lions beside it, one shot from death, hit)
        shots = self._shots(b, name) if name and dmg and self.casting.startswith("activate ") and \
            re.search(r"is destroyed at end of turn", card_text(name)) else 0
        scored = []
        for t in ch:
            if not t.startswith("target "):
                continue
            what = t[len("target "):]
            if what in b.names:
                mine = b.names[what] == b.me
                if bad:
                    val = 1.0 + (dmg or 0) * 0.6
                    if dmg and b.life[b.names[what]] <= max(dmg, shots):
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
                if bad and p["tapped"] and re.search(r"\bTap target", card_text(name)):
                    val = 0.1  # tapping what is tapped already
                if bad and dmg is not None and "creature" in p["types"] and b.toughness(p) > max(dmg, shots):
                    val = 0.3  # it would not die
                elif bad and card_hints.SHRINK.search(card_text(name)) and not (
                        b.v.get("combat") and any(what in band for band in b.v["combat"]["bands"])):
                    val = 0.1  # less power for a creature out of combat: nothing
                elif bad and not mine and b.v.get("combat") and \
                        any(what in band for band in b.v["combat"]["bands"]):
                    val += 3  # an attacker: its damage is stopped too
                if not bad and self.protect is not None and what == self.protect:
                    val += 20
            good = (not mine) if bad else mine
            scored.append((val if good else -val, t))
        scored.sort(key=lambda x: -x[0])
        if divided and self.n_targets >= 1 and "done" in ch and (not scored or scored[0][0] <= 0.3):
            return "done"  # nothing more that what is left of the damage kills
        if scored and scored[0][0] > 0:
            self.protect = None
            self.n_targets += 1
            if divided:
                p = b.perms.get(scored[0][1][len("target "):])
                self.shares.append(min(b.toughness(p), dmg or 0) if p is not None and "creature" in p["types"]
                                   else dmg or 0)
            if name and re.search(r"neither deals nor receives damage", card_text(name)):
                self.harmless.add((self.turn, scored[0][1][len("target "):]))  # Maze of Ith: no need to block it
            return scored[0][1]
        if "done" in ch:
            return "done"
        if scored and d.about and d.about.split("#")[0] != self._name(self.casting):
            # a triggered ability I did not choose to use (Erhnam Djinn's forestwalk in my upkeep): it
            # must have its target, so the least bad one (cancelling only asks again)
            return scored[0][1]
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
        split = [c for c in opts if re.fullmatch(r"choose \d+(/\d+)*", c)]
        if self.shares and split and len(split) == len(opts):
            # a division of damage among the targets, in target order: each at least what kills it
            fits = [c for c in split if all(int(n) >= need for n, need in
                                            zip(c[len("choose "):].split("/"), self.shares))]
            if fits:
                return fits[0]
        perms = [c for c in opts if c[len("choose "):] in b.perms]
        if perms and len(perms) == len(opts):
            # a permanent chosen on casting (Clone, Copy Artifact: what to copy): the best one
            return max(perms, key=lambda c: b.value(b.perms[c[len("choose "):]]))
        return opts[0]

    # ---------------------------------------------------------------- combat
    def _attackers(self, b: Board, d: Decision, ch: list[str]) -> tuple[list[dict[str, Any]], bool]:
        """The creatures worth attacking with, and whether it is all-in."""
        me = b.me
        ready = [p for p in b.creatures(me) if not p["tapped"] and (not p["sick"] or hasty(p["name"]))
                 and b.power(p) > 0 and "Wall" not in p["name"]]
        if ch:
            # the engine knows who may attack (haste, summoning sickness, Rock Sled): trust its list
            allowed = {c[len("attack "):] for c in ch if c.startswith("attack ") and c != "attack nothing"}
            ready = [b.perms[r] for r in sorted(allowed) if r in b.perms and b.power(b.perms[r]) > 0]
        # what attacks as the defending player's forests (Gaea's Liege) is planned at that size: 0/0 dies
        forests = sum(1 for p in b.lands(b.opp) if _forest(p["name"]))
        ready = [dict(p, power=forests, toughness=forests) if AS_THEIR_FORESTS.search(card_text(p["name"])) else p
                 for p in ready]
        ready = [p for p in ready if b.power(p) > 0]
        if not ready:
            return [], False
        chosen = Combat(b).plan_attack(ready)
        # what is buried at end of turn anyway (Ball Lightning) has nothing to lose by attacking
        return chosen + [p for p in ready if doomed(p["name"]) and p not in chosen], False

    def _attack(self, b: Board, d: Decision, ch: list[str]) -> str | None:
        self.attacked_turn = self.turn
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
        pairs: dict[str, list[str]] = {}
        # an attacker I used Maze of Ith on deals no combat damage: not worth a blocker, nothing gets through
        harmless = {r for t, r in self.harmless if t == self.turn}
        for c in ch:
            m = re.fullmatch(r"block (.+) with (.+)", c)
            if m and m[1] in b.perms and m[2] in b.perms and m[1] not in harmless:
                pairs.setdefault(m[1], []).append(m[2])
        if not pairs:
            return d.decline or "block nothing"
        # every attacker counts toward what gets through, also those nothing can block (Bird Maiden's flying)
        combat = b.v.get("combat") or {}
        refs = (set(pairs) | {r for band in combat.get("bands", ()) for r in band if r in b.perms}) - harmless
        attackers = sorted((b.perms[a] for a in refs), key=lambda p: (-b.power(p), p["ref"]))
        chosen = Combat(b).plan_blocks(attackers, pairs)
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
                return c
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
                            return c
        # in combat on my own turn, after blocks: pump a blocked attacker to win its fight
        ctx = d.context
        if ctx is not None and ctx.step == "blocks" and b.v.get("combat"):
            got = self._combat_trick(b, d, ch) or self._pump(b, d, ch) or self._token_fodder(b, ch)
            if got:
                return got
        return self._instant_window(b, d, ch)

    def _token_fodder(self, b: Board, ch: list[str]) -> str | None:
        """Blocks made: a token of mine that dies in its fight without killing, or any when what
        gets through kills me, sacrificed for what an ability gives for it (Elvish Farmer's
        life, Thallid Devourer's +1/+2) before combat damage (card_hints.token_sacrifice)."""
        combat = b.v["combat"]
        if any(x["controller"] == b.me for x in b.v["batch"] + b.v["spells"]):
            return None  # let what I did resolve first
        losing: set[str] = set()
        through = 0
        for i, band in enumerate(combat["bands"]):
            blocked = combat["blocks"].get(str(i), [])  # a blocker gone leaves its attacker blocked
            blockers = [b.perms[x] for x in blocked if x in b.perms]
            for a in (b.perms[r] for r in band if r in b.perms):
                if not blocked and not b.mine(a):
                    through += b.power(a)
                if len(blockers) != 1:
                    continue
                x = blockers[0]
                adies, xdies = b.fight(a, x)
                if b.mine(a) and adies and not xdies:
                    losing.add(a["ref"])
                if b.mine(x) and xdies and not adies:
                    losing.add(x["ref"])
        got = card_hints.token_sacrifice(b, ch, self._ok, losing, through >= b.life[b.me])
        if got is None:
            return None
        c, token = got
        if not self._first("fodder " + token):
            return None
        self.fodder = token
        return c

    def _combat_trick(self, b: Board, d: Decision, ch: list[str]) -> str | None:
        combat = b.v["combat"]
        pumps = [c for c in ch if c.startswith("cast ") and self._name(c) == "Giant Growth" and self._ok(c)]
        if not pumps or any(x["controller"] == b.me for x in b.v["batch"] + b.v["spells"]):
            return None  # none, or one of mine still to resolve
        # my attackers left unblocked: +3 to one of them when that makes their damage lethal
        free = [b.perms[r] for i, band in enumerate(combat["bands"]) if not combat["blocks"].get(str(i))
                for r in band if r in b.perms and b.mine(b.perms[r])]
        through = sum(b.power(p) for p in free)
        if free and through < b.life[b.opp] <= through + 3:
            self.protect = free[0]["ref"]
            return pumps[0]
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
                    return pumps[0]
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
                # the pump itself, not another ability of the card (Knight of Stromgald's {B}: first
                # strike, useless to an unblocked attacker, was used again and again)
                ab = card_hints.ability_of(c)
                text = ab.text if ab is not None else card_text(self._name(c))
                if ref in free and ref in b.perms and b.mine(b.perms[ref]) and PUMP.search(text):
                    return c
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
                return acts[0]
        return d.decline

    def _upkeep(self, b: Board, d: Decision, ch: list[str]) -> str | None:
        about = d.about
        p = next((p for p in b.v["battlefield"] if p["name"] == about and b.mine(p)), None)
        due = card_hints.cumulative_due(d.prompt)
        if due is not None and p is not None:  # a cumulative upkeep: pay while one more turn is worth it
            pay = next((c for c in ch if c.startswith("activate ")), None)
            return pay if pay is not None and card_hints.keeps_cumulative(b, p, due) else "choose no"
        worth = p is None or b.value(p) >= 3
        for c in ch:
            if c.startswith(("activate ", "pay")) and self._ok(c) and worth:
                return c
        picks = [c for c in ch if c.startswith("choose ") and c[len("choose "):] in b.perms]
        if picks and len(picks) == len(ch):
            # a mandatory upkeep effect aimed at a permanent, chosen now (The Abyss buries one
            # of mine, Erhnam Djinn helps one of theirs): the one that costs me least
            bad = harmful(about.split("#")[0]) if about else True

            def cost_to_me(c: str) -> float:
                perm = b.perms[c[len("choose "):]]
                return b.value(perm) if b.mine(perm) == bad else -b.value(perm)
            return min(picks, key=cost_to_me)
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
        if self.fodder is not None and f"sacrifice {self.fodder}" in opts:
            return f"sacrifice {self.fodder}"

        def val(c: str) -> float:
            r = c[len("sacrifice "):]
            p = b.perms.get(r)
            return b.value(p) if p is not None else 0
        return min(opts, key=val)

    def _yes_no(self, b: Board, d: Decision, ch: list[str]) -> str | None:
        pr = d.prompt.lower()
        amounts = [c for c in ch if re.fullmatch(r"choose \d+", c)]
        if amounts and re.search(r"pay how much life", pr):
            # life paid for what comes into play (Nameless Race: its power and toughness): as much as
            # leaves me out of reach of their next attack, never 0 (a 0/0 dies at once)
            theirs = sum(b.power(p) for p in b.creatures(b.opp))
            spare = b.life[b.me] - theirs - b.upkeep_pain(b.me) - 1
            ok = [c for c in amounts if 0 < int(c[len("choose "):]) <= spare]
            return ok[-1] if ok else amounts[min(1, len(amounts) - 1)]
        if pr.endswith("name a card") and re.search(r"until you find the named card|named card",
                                                     card_text(d.about or ""), re.I):
            named = card_hints.name_in_library(b, ch)  # Demonic Consultation
            if named is not None:
                return named
        if "choose yes" in ch and ("countered" in pr or pr.startswith("untap") or "pay" in pr and "or" in pr):
            return "choose yes"
        if "choose no" in ch and ("draw two extra" in pr):
            return "choose no"
        return d.decline if d.decline is not None else ch[0]


@lru_cache(maxsize=None)
@lru_cache(maxsize=None)
def _mana_amount(name: str) -> int:
    """How much mana one use of a source adds (Sol Ring 2, Basalt Monolith 3), from its text."""
    m = re.search(r"add (\d+|two|three|four) (colorless )?mana", card_text(name), re.I)
    if m is None:
        return 1
    return {"two": 2, "three": 3, "four": 4}.get(m[1].lower(), None) or int(m[1])


def _payable(colored: dict[str, int], total: int, sources: list[frozenset[str]]) -> bool:
    """Can one mana from each of ``sources`` (their colours) pay a cost of ``total`` with ``colored``
    of it coloured? The scarcest colour is given the sources that make the fewest colours first."""
    if total > len(sources):
        return False
    free = sorted(sources, key=len)
    for col, n in sorted(colored.items(), key=lambda x: sum(1 for s in sources if x[0] in s)):
        for _ in range(n):
            src = next((s for s in free if col in s), None)
            if src is None:
                return False
            free.remove(src)
    return True


def _swamp(name: str) -> bool:
    """Is it a swamp (Karma counts them: Badlands is one, City of Brass is not)?"""
    c = _cdef(name)
    return c is not None and "swamp" in c.subtypes


def _forest(name: str) -> bool:
    """Is it a forest (Gaea's Liege attacking counts them: Taiga is one)? By its printed
    subtypes: a land another Liege made a forest is not seen as one."""
    c = _cdef(name)
    return c is not None and "forest" in c.subtypes


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
    if re.search(r"one mana of any colou?r", c.text or "", re.I):
        out.update("WUBRG")  # City of Brass
    return frozenset(out)


def answer(duel: Any, player: ComputerPlayer) -> str:
    """The computer's answer to the duel's pending decision, from its seat's
    view only (and, for the levels that look ahead, determinized copies)."""
    d = duel.pending
    return player.choose(view(duel, d.player), d, peek_for(duel, d.player))
