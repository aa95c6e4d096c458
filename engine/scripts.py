"""Duel scripts: set up a position, play actions, check the result.

This module implements the contract of ``docs/duel-scripts.md`` on already
parsed YAML (plain dicts and lists); reading files is the caller's job.
:func:`run_script` returns a :class:`ScriptResult` whose ``reason`` names
the failing step (1-based) and what differed or what the duel was waiting for.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from difflib import get_close_matches
from typing import Any

from . import carddb
from .combat import rampage_bonus
from .decisions import CASTING_KINDS, Decision, DecisionKind, IllegalAction, clip_text, read_number
from .duel import Duel, DuelOptions
from .game import Game
from .mana import COLOR_LETTERS, COLOR_NAMES, Mana
from .model import Gen
from .objects import Card, Player
from .refs import RefError, lookup, parse_ref, ref
from .script_file import ScriptFileError, check_script

MAX_DECLINES = 5000
# the verbs of docs/duel-scripts.md (Actions)
VERBS = ("play", "cast", "activate", "tap", "add", "attack", "block", "assign", "choose", "discard", "sacrifice",
         "pass", "concede")
PHASE_WORDS = ("upkeep", "draw", "main", "discard", "attack", "blocks", "damage prevention", "end of combat")


class ScriptError(Exception):
    """A script that cannot be run as written, or a step that failed."""


@dataclass
class ScriptResult:
    name: str
    passed: bool
    reason: str = ""
    duel: Duel | None = field(default=None, repr=False)


# ------------------------------------------------------------------ setup

def card_name(entry: Any) -> str:
    """A card name in a list: ``[Circle of Protection: Red]`` reads in YAML
    as a one-pair mapping; take it as the name."""
    if isinstance(entry, dict) and len(entry) == 1:
        (k, v), = entry.items()
        return f"{k}: {v}"
    return str(entry)


def build_position(setup: dict[str, Any]) -> tuple[Game, Gen]:
    players = setup.get("players") or {}
    names = list(players)
    if len(names) != 2:
        raise ScriptError("setup.players must name exactly two players")
    ante = any((players[n] or {}).get("ante") for n in names)
    g = Game(0, (names[0], names[1]), DuelOptions(ante=ante, chooser=0))
    def seat(name: Any, key: str) -> int:
        if name not in names:
            raise ScriptError(f"{key}: no player named {name!r} (the players are {' and '.join(names)})")
        return names.index(name)
    g.active = seat(setup.get("active", names[0]), "active")
    g.turn = int(setup.get("turn", 3))
    g.first_player = 1 - g.active if g.turn > 1 else g.active
    phase = setup.get("phase", "main")
    if phase not in ("upkeep", "draw", "main", "discard"):
        raise ScriptError(f"setup.phase must be upkeep, draw, main or discard, not {phase!r}")
    pending_attach: list[tuple[Card, str, int]] = []
    for idx, n in enumerate(names):
        spec = players[n] or {}
        pl = g.players[idx]
        pl.life = int(spec.get("life", 20))
        pl.poison = int(spec.get("poison", 0))
        lib = spec.get("library")
        for cname in (lib if lib is not None else ["Plains"] * 30):
            pl.library.append(g.new_card(carddb.get(card_name(cname)), idx, "library"))
        for zone in ("hand", "graveyard", "removed", "ante"):
            for cname in spec.get(zone) or []:
                pl.zone(zone).append(g.new_card(carddb.get(card_name(cname)), idx, zone))
        pl.pool = Mana.parse(str(spec.get("mana_pool", "") or ""))
    for idx, n in enumerate(names):
        spec = players[n] or {}
        for entry in spec.get("battlefield") or []:
            if isinstance(entry, str):
                entry = {"name": entry}
            elif isinstance(entry, dict) and "name" not in entry and len(entry) == 1:
                entry = {"name": card_name(entry)}
            if "name" not in entry:
                raise ScriptError(f"a battlefield entry needs a name: {entry!r}")
            owner = seat(entry["owner"], f"{n}: {entry['name']}: owner") if "owner" in entry else idx
            # a token is named by what the card that makes it calls it (Saproling)
            tdef = None if entry["name"] in carddb.card_data() else carddb.token(str(entry["name"]))
            c = g.new_card(tdef or carddb.get(entry["name"]), owner, "battlefield")
            if tdef is not None:
                c.token = True
            c.controller = idx
            c.last_controller = idx
            c.tapped = bool(entry.get("tapped", False))
            c.sick = bool(entry.get("sick", False))
            c.damage = int(entry.get("damage", 0))
            c.counters = {str(k): int(v) for k, v in (entry.get("counters") or {}).items()}
            c.upkeep_paid = int(entry.get("upkeep_paid", 0))
            if "choose" in entry:
                c.chosen["choice"] = str(entry["choose"])
            if "colors" in entry:
                c.color_override = frozenset(COLOR_LETTERS[x] for x in entry["colors"])
            g.battlefield.append(c)
            if "attached_to" in entry:
                pending_attach.append((c, str(entry["attached_to"]), idx))
    for c, target, idx in pending_attach:
        found = lookup(g, target, ("permanents",))
        if not found:
            raise ScriptError(f"attached_to: no permanent {target!r}")
        c.attached_to = found[0].oid
    return g, g.run(start_phase=phase)


# --------------------------------------------------------------- actions

# extension: a value with spaces may be written in double quotes (choose="Hill Giant")
OPTION_KEY = re.compile(r'\s+(x|ability|mode|from|choose|pay)=')


@dataclass
class Action:
    verb: str
    card: str = ""
    targets: list[str] = field(default_factory=list)
    opts: dict[str, str] = field(default_factory=dict)
    raw: str = ""


def _take_options(part: str, opts: dict[str, str]) -> str:
    """Move ``key=value`` options out of ``part`` into ``opts``; return the rest."""
    keys = list(OPTION_KEY.finditer(" " + part))
    for i, m in enumerate(keys):
        end = keys[i + 1].start() if i + 1 < len(keys) else len(part) + 1
        opts[m.group(1)] = (" " + part)[m.end():end].strip().strip('"')
    return (" " + part)[:keys[0].start()] if keys else part


def check_verb(a: Action) -> None:
    if a.verb not in VERBS:
        raise ScriptError(f"unknown verb {a.verb!r} (the verbs are {', '.join(VERBS)})")


def _named(a: Action) -> list[str]:
    """The references (cards, permanents, players) an action names."""
    v, rest = a.verb, a.card
    if v in ("cast", "activate"):
        pays = [x.strip() for x in a.opts.get("pay", "").split(",") if x.strip() not in ("", "pool")]
        return [rest] + a.targets + ([a.opts["from"]] if "from" in a.opts else []) + pays
    if v in ("play", "discard", "sacrifice"):
        return [rest]
    if v == "tap":
        return [rest.rsplit(" for ", 1)[0]]
    if v == "attack" and rest not in ("", "nothing"):
        return [c.strip() for band in rest.split(",") for c in band.split("+")]
    if v == "block" and rest != "nothing":
        out = []
        for part in rest.split(";"):
            attacker, _, blockers = part.partition(" with ")
            out += [attacker.strip()] + [b.strip() for b in blockers.split(",")]
        return [x for x in out if x]
    if v == "assign":
        return [part.partition(" to ")[2].strip() for part in rest.split(",")]
    return []


def _partition_targets(rest: str) -> tuple[str, str, str]:
    """``rest`` split at the arrow that begins the targets: the first "->"
    not inside an option's value (``choose=forest->swamp`` of a spell without
    targets, Illusionary Terrain, holds one)."""
    start = 0
    while (i := rest.find("->", start)) >= 0:
        if "=" not in rest[rest.rfind(" ", 0, i) + 1:i]:
            return rest[:i], "->", rest[i + 2:]
        start = i + 2
    return rest, "", ""


def parse_action(text: str) -> Action:
    """Read the action language: ``cast Fireball -> bob, Grizzly Bears x=4``."""
    text = " ".join(str(text).split())
    verb, _, rest = text.partition(" ")
    a = Action(verb, raw=text)
    if verb in ("cast", "activate") or (verb == "choose" and "->" in rest):
        # (`choose CARD -> T`: a card chosen to be cast at once, Word of Command.)
        # Options follow the targets; a value runs to the next option, so card
        # names with spaces need no quotes (from=Benalish Hero, pay=Snow-Covered
        # Forest,pool); quotes are accepted too (choose="first strike").
        # (Some scripts put options before the arrow: read both sides.)
        card, arrow, tg = _partition_targets(rest)
        card = _take_options(card, a.opts)
        tg = _take_options(tg, a.opts) if arrow else ""
        a.card = card.strip()
        a.targets = [t.strip() for t in tg.split(",") if t.strip()]
    else:
        a.card = rest
    return a


class Runner:
    """Drives a :class:`Duel` for the script steps."""

    def __init__(self, duel: Duel, pay_by_hand: bool = False) -> None:
        self.duel = duel
        # a cast without pay= whose payment ``auto`` cannot make (it never sacrifices
        # Black Lotus) stops at the payment, for a person to pay by hand (the terminal);
        # a script is refused instead
        self.pay_by_hand = pay_by_hand

    @property
    def g(self) -> Game:
        return self.duel.game

    def pidx(self, name: str) -> int:
        p = self.g.player_by_name(name)
        if p is None:
            raise ScriptError(f"no player named {name!r}")
        return p.idx

    def describe(self, d: Decision | None) -> str:
        if d is None:
            return "the duel is over" + (f" ({self.g.end_reason})" if self.g.end_reason else "")
        ch = ", ".join(d.choices[:8]) + (" ..." if len(d.choices) > 8 else "")
        return f"{self.g.players[d.player].name} must decide: {d.prompt} [{ch}]"

    def decline(self) -> None:
        d = self.duel.pending
        if d is None:
            raise ScriptError("the duel ended: " + self.describe(d))
        if d.decline is None:
            raise ScriptError("a choice that cannot be declined is pending: " + self.describe(d))
        self.duel.apply(d.decline)

    def rollback(self, mark: int) -> None:
        if len(self.duel.history) != mark:
            self.duel = self.duel.fresh().replay(self.duel.history[:mark])

    # one action, tried at the current decision (which belongs to p)
    def try_action(self, p: int, a: Action) -> str | None:
        """Apply the action now; on failure restore the duel and return why."""
        mark = len(self.duel.history)
        try:
            self._do(p, a)
            return None
        except (IllegalAction, ScriptError, RefError) as e:
            self.rollback(mark)
            return str(e)

    def _apply(self, p: int, text: str) -> None:
        d = self.duel.pending
        if d is None or d.player != p:
            raise ScriptError(f"expected {self.g.players[p].name} to decide; " + self.describe(d))
        self.duel.apply(text, player=p)

    def _wait_for(self, p: int) -> None:
        """Decline other players' decisions until p is asked."""
        for _ in range(MAX_DECLINES):
            d = self.duel.pending
            if d is None:
                raise ScriptError(self.describe(d))
            if d.player == p:
                return
            self.decline()
        raise ScriptError("too many declines")

    def _do(self, p: int, a: Action) -> None:
        d = self.duel.pending
        v = a.verb
        if v == "concede":
            self.duel.concede(p)
            return
        if v == "pass":
            if d.decline is None:
                raise ScriptError("this decision cannot be passed: " + self.describe(d))
            self._apply(p, d.decline)
            return
        if v == "attack":
            if a.raw == "attack":  # extension: only announce the attack
                self._apply(p, "attack")
                return
            if d.kind is DecisionKind.OPPORTUNITY:
                self._apply(p, "attack")
                self._wait_for(p)
            self._apply(p, a.raw)
            self._casting(p, a)  # an additional cost to attack (Brainwash) is paid like a spell's: auto
            return
        if v in ("cast", "activate"):
            first = f"{v} {a.card}" + (f" ability={a.opts['ability']}" if "ability" in a.opts else "")
            if v == "activate" and d.kind is DecisionKind.REGENERATE:
                self._apply(p, first)
            else:
                self._apply(p, first)
            self._casting(p, a)
            return
        if v == "choose" and a.targets:
            # choosing a card that is cast at once, the chooser putting it
            # together (Word of Command): `choose Lightning Bolt -> Hill Giant`
            self._apply(p, f"choose {a.card}")
            self._casting(p, a)
            return
        if v == "choose" and "," in a.card:
            try:
                self._apply(p, a.raw)  # one answer that holds a comma
            except IllegalAction:
                self._choose_several(p, [x.strip() for x in a.card.split(",")])
        else:
            self._apply(p, a.raw)
        # A yes/no answer that commits to paying (Soul Net, Energy Flux) is
        # followed by its payment: scripts pay automatically.
        while (self.duel.pending is not None and self.duel.pending.player == p
               and self.duel.pending.kind is DecisionKind.PAY and "auto" in self.duel.pending.choices):
            self._apply(p, "auto")

    def _choose_several(self, p: int, names: list[str]) -> None:
        """``choose A, B, C``: a choice of several things at once (Land Tax's
        three lands), which the engine asks one at a time. The list is all of
        it: if the same choice asks for more ("up to three"), it is declined."""
        first = self.duel.pending
        assert first is not None

        def same_choice(d: Decision | None) -> bool:
            return d is not None and d.player == p and d.kind is first.kind and d.about == first.about
        for i, name in enumerate(names):
            if not same_choice(self.duel.pending):
                raise ScriptError(f"chose {', '.join(names[:i])}; nothing more to choose for {name}: "
                                  + self.describe(self.duel.pending))
            self._apply(p, f"choose {name}")
        d = self.duel.pending
        if same_choice(d) and d.decline is not None:
            self._apply(p, d.decline)

    def _casting(self, p: int, a: Action) -> None:
        targets = list(a.targets)
        chooses = a.opts.get("choose", "").split(",") if a.opts.get("choose") else []
        pays = a.opts.get("pay", "").split(",") if a.opts.get("pay") else None
        mode_asked = False
        for _ in range(200):
            d = self.duel.pending
            if d is None or d.player != p or d.kind not in CASTING_KINDS:
                break
            k = d.kind
            if k is DecisionKind.CAST_MODE:
                mode_asked = True
                if "mode" in a.opts:
                    self._apply(p, f"mode={a.opts['mode']}")
                else:
                    self._infer_mode(p, a, d)
                    return
            elif k is DecisionKind.CAST_X:
                if "x" not in a.opts:
                    raise ScriptError(f"{a.card} needs x=N")
                self._apply(p, f"x={a.opts['x']}")
            elif k is DecisionKind.CAST_TARGET:
                if targets:
                    self._apply(p, f"target {targets.pop(0)}")
                elif "done" in d.choices:
                    self._apply(p, "done")
                else:
                    raise ScriptError(f"{a.card} needs a target: {d.prompt}")
            elif k is DecisionKind.CAST_CHOOSE and all(c.startswith("from ") or c == "cancel" for c in d.choices):
                # which packet a prevention effect acts on: from=CARD, else the first
                self._apply(p, f"from {a.opts['from']}" if "from" in a.opts else d.choices[0])
            elif k is DecisionKind.CAST_CHOOSE:
                if not chooses and targets and "source" in d.prompt:
                    # a source the printed text names without "target" (Reverse Damage's
                    # "one source") is written as one, as for Eye for an Eye: -> Hill Giant
                    self._apply(p, f"choose {targets.pop(0)}")
                    continue
                if not chooses:
                    raise ScriptError(f"{a.card} needs choose=...: {d.prompt}")
                self._apply(p, f"choose {chooses.pop(0)}")
            elif k is DecisionKind.PAY:
                if pays is None:
                    if self.pay_by_hand and "auto" not in d.choices:
                        break
                    self._apply(p, "auto")
                else:
                    for s in pays:
                        if s == "pool":
                            continue
                        cur = self.duel.pending
                        self.g._last_choices = list(cur.choices)
                        opts = [c for c in cur.choices if c.startswith("tap ")
                                and c.rsplit(" for ", 1)[0] == self.g.canonical(p, f"tap {s} for G").rsplit(" for ", 1)[0]]
                        if not opts:
                            raise ScriptError(f"cannot tap {s} to pay for {a.card}")
                        self._apply(p, opts[0])
                        self._back_to_payment(p, s)
                    pays = []
                    self._apply(p, "pay")
        if targets:
            raise ScriptError(f"{a.card} has no target left for {', '.join(targets)} (remove it from the answer)")
        if "x" in a.opts:
            self._check_x(a)
        if "mode" in a.opts and not mode_asked:
            # Only one mode was usable here: it must be the one the script asked for.
            spell = next((s for s in reversed(self.g.spells) if s.name == a.card.split("#")[0].split("@")[0]), None)
            if spell is not None and spell.card is not None and spell.mode is not None:
                modes = self.g.spell_modes(spell.card)
                if spell.mode in modes and modes.index(spell.mode) + 1 != read_number(a.opts["mode"], "mode="):
                    raise ScriptError(f"mode={a.opts['mode']} of {a.card} is not usable now")

    def _check_x(self, a: Action) -> None:
        """``x=N`` names the X the spell or ability was cast with: where the
        engine sets X itself (Spell Blast: the casting cost of its target) a
        different N is refused, and so is an X for a cost without one."""
        name = parse_ref(a.card)[0]
        cast = next((s for s in reversed(self.g.spells) if s.name == name), None)
        if cast is None:
            return  # countered or resolved already: the X asked (if any) was taken as given
        cost = cast.card.cdef.cost if cast.card is not None else cast.ability.cost.mana if cast.ability else None
        life_x = cast.card is not None and cast.card.cdef.spell is not None and cast.card.cdef.spell.life_x
        if (cost is None or not cost.x) and not life_x:  # X paid in life (Fire Covenant) is an X too
            raise ScriptError(f"{a.card} has no X in its cost (x={a.opts['x']})")
        wanted = read_number(a.opts["x"], "x=")
        if cast.x != wanted:
            raise ScriptError(f"x={a.opts['x']} is not legal for {a.card}: its X is {cast.x}, set by its target")

    def _back_to_payment(self, p: int, source: str) -> None:
        """Tapping a land can deal damage (Manabarbs, Psychic Venom): decline
        through the damage prevention step it opens, back to p's payment."""
        for _ in range(MAX_DECLINES):
            d = self.duel.pending
            if d is not None and d.player == p and d.kind is DecisionKind.PAY:
                return
            if d is None or not (self.g.in_prevention or d.kind in (DecisionKind.PREVENT, DecisionKind.REGENERATE)):
                raise ScriptError(f"after tapping {source} the payment did not go on: " + self.describe(d))
            self.decline()
        raise ScriptError("too many declines")

    def _infer_mode(self, p: int, a: Action, d: Decision) -> None:
        mark = len(self.duel.history)
        errors = []
        for choice in d.choices:
            if not choice.startswith("mode="):
                continue
            try:
                self._apply(p, choice)
                self._casting(p, a)
                return
            except (IllegalAction, ScriptError, RefError) as e:
                errors.append(str(e))
                self.rollback(mark)
        raise ScriptError("no mode fits: " + "; ".join(dict.fromkeys(errors)))  # each reason once

    # ----------------------------------------------------------- names
    def check_names(self, a: Action) -> None:
        """Refuse, before the duel runs on, an action whose verb is not in
        the format or that names a card or player that is nowhere in the duel
        (``Counterspell#3`` when there are two, ``carol``): no decision could
        ever make it legal. ``choose`` and ``add`` name other things (colors,
        yes/no, modes) and are left to the engine."""
        check_verb(a)
        for r in _named(a):
            self.check_ref(r)

    def check_ref(self, text: str) -> None:
        g = self.g
        if g.player_by_name(text.strip()) is not None:
            return
        name, n, who = parse_ref(text)
        players = " and ".join(pl.name for pl in g.players)
        who_idx = None
        if who is not None:
            pl = g.player_by_name(who)
            if pl is None:
                raise ScriptError(f"{clip_text(text)}: no player named {clip_text(who)!r} (the players are {players})")
            who_idx = pl.idx
        everywhere = self._objects_named(name)
        if not everywhere:
            # no card enters a duel from outside it; a token may come later
            if carddb.token(name) is not None:
                return
            if name in carddb.card_data():
                raise ScriptError(f"there is no {name} in the duel")
            near = get_close_matches(name, list(carddb.card_data()) + [pl.name for pl in g.players], n=3, cutoff=0.75)
            raise ScriptError(f"no card or player named {clip_text(name)!r} (the players are {players})"
                              + (f"; did you mean {', '.join(near)}?" if near else ""))
        objs = [o for o in everywhere if who_idx is None or who_idx in (o.controller, getattr(o, "owner", o.controller))]
        if n is not None and n > len(objs) and name in carddb.card_data():
            where = f"{who} has" if who is not None else "the duel has"
            raise ScriptError(f"there is no {text}: {where} only {len(objs)} {name}")

    def _objects_named(self, name: str) -> list[Any]:
        """Every card, permanent or spell called ``name``, wherever it is."""
        g = self.g
        objs: list[Any] = [c for pl in g.players for z in ("library", "hand", "graveyard", "removed", "ante")
                           for c in pl.zone(z) if c.name == name]
        objs += [c for c in g.battlefield + g.limbo if c.name == name]
        return objs + [sp for sp in g.spells + g.batch if sp.name == name and sp.card is None]

    # --------------------------------------------------------------- steps
    def step_action(self, who: str, text: str) -> None:
        p = self.pidx(who)
        a = parse_action(text)
        self.check_names(a)
        last_err = ""
        for _ in range(MAX_DECLINES):
            d = self.duel.pending
            if d is None:
                raise ScriptError(f"the duel ended before {who} could {text}" +
                                  (f" ({self.g.end_reason})" if self.g.end_reason else ""))
            if d.player == p:
                err = self.try_action(p, a)
                if err is None:
                    return
                last_err = err
                d = self.duel.pending
            if d.decline is None:
                raise ScriptError(f"cannot {text!r} here ({last_err or 'not legal'}); "
                                  + self.describe(d))
            self.decline()
        raise ScriptError(f"never found a chance to {text!r}")

    def step_illegal(self, who: str, text: str) -> None:
        p = self.pidx(who)
        a = parse_action(text)
        # (a verb the format does not have would pass for nothing; an action that
        # names nothing in the duel is simply not legal, which may be the point)
        check_verb(a)
        self._wait_for(p)
        before = self.duel.state_hash()
        err = self.try_action(p, a)
        if err is None:
            raise ScriptError(f"{who}: {text} was legal")
        if self.duel.state_hash() != before:
            raise ScriptError(f"{who}: {text} was refused but the state changed")

    def quiet(self) -> bool:
        g, d = self.g, self.duel.pending
        return (not g.spells and not g.batch and not g.in_prevention and d is not None
                and d.kind in (DecisionKind.OPPORTUNITY, DecisionKind.RESPOND))

    def step_resolve(self) -> None:
        for _ in range(MAX_DECLINES):
            if self.duel.pending is None or self.quiet():
                return
            self.decline()
        raise ScriptError("resolve never finished")

    def at(self, p: int, phase: str) -> bool:
        g = self.g
        if g.active != p or self.duel.pending is None:
            return False
        if phase in ("upkeep", "draw", "main", "discard"):
            return g.phase == phase and g.step == phase
        # "the first opportunity there": a decision where fast effects could be played
        if self.duel.pending.kind not in (DecisionKind.OPPORTUNITY, DecisionKind.RESPOND, DecisionKind.PREVENT):
            return False
        if phase == "damage prevention":
            return g.in_prevention
        return g.step == phase

    def step_until(self, who: str, phase: str) -> None:
        p = self.pidx(who)
        if phase not in PHASE_WORDS:
            raise ScriptError(f"until: unknown phase {phase!r}")
        # "next reaches": if the duel stands at the first opportunity of that
        # step already (it began with the previous action), stop here; if the
        # step is under way, go on to its next occurrence.
        left = not self.at(p, phase) or self.g.at_step_start()
        for _ in range(MAX_DECLINES * 4):
            if self.duel.pending is None:
                return
            if self.at(p, phase):
                if left:
                    return
            else:
                left = True
            self.decline()
        raise ScriptError(f"never reached {who} {phase}")

    # --------------------------------------------------------- expectations
    def check(self, exp: dict[str, Any]) -> None:
        g = self.g
        problems: list[str] = []
        for key, want in exp.items():
            if key == "permanents":
                for r, props in (want or {}).items():
                    problems += self.check_permanent(str(r), props or {})
            elif key == "duel":
                problems += self.check_duel(want or {})
            else:
                p = g.player_by_name(key)
                if p is None:
                    raise ScriptError(f"expect: unknown key {key!r}")
                problems += self.check_player(p, want or {})
        if problems:
            raise ScriptError("; ".join(problems))

    def check_duel(self, want: dict[str, Any]) -> list[str]:
        g, out = self.g, []
        for k, v in want.items():
            if k == "winner":
                got = "none" if not g.over else ("draw" if g.winner is None else g.players[g.winner].name)
                if got != str(v):
                    out.append(f"duel.winner is {got}, expected {v}")
            elif k == "active":
                if g.players[g.active].name != v:
                    out.append(f"duel.active is {g.players[g.active].name}, expected {v}")
            elif k == "phase":
                if g.phase != v:
                    out.append(f"duel.phase is {g.phase}, expected {v}")
            elif k == "state_hash":
                if self.duel.state_hash() != str(v):
                    out.append(f"duel.state_hash is {self.duel.state_hash()}, expected {v}")
            else:
                raise ScriptError(f"expect duel: unknown key {k!r}")
        return out

    def check_player(self, p: Player, want: dict[str, Any]) -> list[str]:
        g, out = self.g, []
        mine = sorted(c.name for c in g.battlefield if g.controller(c) == p.idx)

        def names(zone: list[Card]) -> list[str]:
            return sorted(c.name for c in zone)
        for k, v in want.items():
            label = f"{p.name}.{k}"
            if isinstance(v, list):
                v = [card_name(x) for x in v]
            if k in ("life", "poison"):
                if getattr(p, k) != int(v):
                    out.append(f"{label} is {getattr(p, k)}, expected {v}")
            elif k in ("hand", "graveyard", "removed", "ante"):
                got = names(p.zone(k))
                if got != sorted(v or []):
                    out.append(f"{label} is {got}, expected {sorted(v or [])}")
            elif k == "battlefield":
                if mine != sorted(v or []):
                    out.append(f"{label} is {mine}, expected {sorted(v or [])}")
            elif k in ("hand_has", "battlefield_has"):
                pool = names(p.hand) if k == "hand_has" else mine
                for n in v or []:
                    if n not in pool:
                        out.append(f"{label}: {n} missing (has {pool})")
                    else:
                        pool.remove(n)
            elif k == "battlefield_lacks":
                for n in v or []:
                    if n in mine:
                        out.append(f"{label}: {n} is there")
            elif k == "hand_count":
                if len(p.hand) != int(v):
                    out.append(f"{label} is {len(p.hand)}, expected {v}")
            elif k == "library_count":
                if len(p.library) != int(v):
                    out.append(f"{label} is {len(p.library)}, expected {v}")
            elif k == "graveyard_top":
                top = p.graveyard[0].name if p.graveyard else None
                if top != v:
                    out.append(f"{label} is {top}, expected {v}")
            elif k == "library_top":
                got = [c.name for c in p.library[:len(v)]]
                if got != list(v):
                    out.append(f"{label} is {got}, expected {list(v)}")
            elif k == "library_bottom":
                got = [c.name for c in p.library[-len(v):]] if v else []
                if got != list(v):
                    out.append(f"{label} is {got}, expected {list(v)}")
            elif k == "library_top_face_up":
                # extension: the top card of the library as every view shows it face up
                # (Field of Dreams), "none" while it is hidden
                seen = sorted({str(self.duel.view(w)["players"][p.idx].get("library_top", "none"))
                               for w in (None, 0, 1)})
                if seen != [str(v)]:
                    out.append(f"{label}: the views show {' / '.join(seen)}, expected {v}")
            elif k == "mana_pool":
                # the pool's mana by symbol, order ignored, restricted mana like any other
                # (Mishra's Workshop's: "CCC"); extension: "+CCC(artifact spells)" also
                # checks what the restricted mana may be spent on
                want = Mana.parse(str(v or ""))
                got, wanted = (p.pool.text(), want.text()) if want.restricted else (p.pool.symbols(), want.symbols())
                if got != wanted:
                    out.append(f"{label} is {got!r}, expected {wanted!r}")
            else:
                raise ScriptError(f"expect {p.name}: unknown key {k!r}")
        return out

    def check_permanent(self, r: str, want: dict[str, Any]) -> list[str]:
        g, out = self.g, []
        try:
            found = lookup(g, r, ("permanents",))
        except RefError as e:
            return [str(e)]
        if not found:
            return [f"{r} is not on the battlefield"]
        c = found[0]
        ch = g.chars(c)
        for k, v in want.items():
            label = f"{r}.{k}"
            if k == "tapped" and c.tapped != bool(v):
                out.append(f"{label} is {c.tapped}, expected {v}")
            elif k == "power" and ch.power != v:
                out.append(f"{label} is {ch.power}, expected {v}")
            elif k == "toughness" and ch.toughness != v:
                out.append(f"{label} is {ch.toughness}, expected {v}")
            elif k == "damage" and c.damage != v:
                out.append(f"{label} is {c.damage}, expected {v}")
            elif k == "colors":
                got = sorted(COLOR_NAMES[x] for x in ch.colors)
                if got != sorted(v):
                    out.append(f"{label} is {got}, expected {sorted(v)}")
            elif k == "has":
                for kw in v:
                    if not _has_keyword(ch, kw):
                        out.append(f"{r} lacks {kw}")
            elif k == "lacks":
                for kw in v:
                    if _has_keyword(ch, kw):
                        out.append(f"{r} has {kw}")
            elif k == "controller" and g.players[ch.controller].name != v:
                out.append(f"{label} is {g.players[ch.controller].name}, expected {v}")
            elif k == "owner" and g.players[c.owner].name != v:
                out.append(f"{label} is {g.players[c.owner].name}, expected {v}")
            elif k == "counters":
                got = {kk: vv for kk, vv in c.counters.items() if vv}
                if got != {str(kk): int(vv) for kk, vv in v.items() if vv}:
                    out.append(f"{label} is {got}, expected {v}")
            elif k == "attached_to":
                host = g.enchanted(c)
                ok = host is not None and host in lookup(g, str(v), ("permanents",))
                if not ok:
                    out.append(f"{label} is {ref(g, host) if host else None}, expected {v}")
            elif k == "types":
                got = sorted(t for t in ch.types if t in ("artifact", "creature", "enchantment", "land"))
                if got != sorted(v):
                    out.append(f"{label} is {got}, expected {sorted(v)}")
            elif k not in ("tapped", "power", "toughness", "damage", "controller", "owner"):
                raise ScriptError(f"expect permanent: unknown key {k!r}")
        return out


def _has_keyword(ch: Any, kw: str) -> bool:
    """``has``/``lacks`` in an expectation: a keyword as written; ``wall``
    is the creature type; plain ``rampage`` matches any ``rampage N``."""
    if kw == "wall":
        return "wall" in ch.subtypes or kw in ch.keywords
    if kw == "rampage":
        return rampage_bonus(ch.keywords) > 0
    return kw in ch.keywords


def from_seed(setup: dict[str, Any]) -> Duel:
    """Extension: ``setup: {seed: N, names: [a, b], decks: {a: [...], b: [...]}, options: {...}}``
    starts a whole duel from its beginning (what ``/duel log`` writes)."""
    names = [str(n) for n in setup.get("names") or list((setup.get("decks") or {}).keys())]
    if len(names) != 2:
        raise ScriptError("setup.names must name exactly two players")
    decks = setup.get("decks") or {}
    opts = DuelOptions(**(setup.get("options") or {}))
    return Duel.new(int(setup["seed"]), (list(decks[names[0]]), list(decks[names[1]])), opts,
                    names=(names[0], names[1]))


def run_script(doc: dict[str, Any]) -> ScriptResult:
    name = str(doc.get("name", "(unnamed)")) if isinstance(doc, dict) else "(unnamed)"
    try:
        check_script(doc)
    except ScriptFileError as e:
        return ScriptResult(name, False, str(e))
    try:
        setup = doc.get("setup") or {}
        if "seed" in setup:
            duel = from_seed(setup)
        else:
            duel = Duel(lambda: build_position(setup))
    except (ScriptError, carddb.UnknownCard, KeyError, ValueError) as e:
        return ScriptResult(name, False, f"setup: {clip_text(str(e), 2000)}")
    runner = Runner(duel)
    for i, step in enumerate(doc.get("steps") or [], 1):
        try:
            run_step(runner, step)
        except (ScriptError, IllegalAction, RefError, carddb.UnknownCard) as e:
            return ScriptResult(name, False, f"step {i} ({_step_text(step)}): {clip_text(str(e), 2000)}",
                                runner.duel)
    return ScriptResult(name, True, "", runner.duel)


def _step_text(step: Any) -> str:
    if isinstance(step, dict):
        k, v = next(iter(step.items()))
        return clip_text(f"{k}: {v}", 200) if k != "expect" else "expect"
    return clip_text(str(step), 200)


def run_steps(setup: dict[str, Any], steps: list[Any], seed: int | None = None) -> Runner:
    """Set up a position and run script steps on it (ScriptError on a failing
    step); ``seed`` reseeds the duel's random generator (coin flips, random
    discards). For tests and puzzles that need more than ``expect`` checks."""
    def factory() -> tuple[Game, Gen]:
        g, proc = build_position(setup)
        if seed is not None:
            g.rng.seed(seed)
        return g, proc
    runner = Runner(Duel(factory))
    for step in steps:
        run_step(runner, step)
    return runner


def run_step(runner: Runner, step: Any) -> None:
    if step == "resolve":
        runner.step_resolve()
        return
    if not isinstance(step, dict) or len(step) != 1:
        raise ScriptError(f"cannot read step {step!r}")
    (k, v), = step.items()
    if k == "replay":
        # Extension: exact answers, applied in order ("alice: target bob").
        for line in v or []:
            who, _, text = str(line).partition(":")
            p = runner.pidx(who.strip())
            if text.strip() == "concede":
                runner.duel.concede(p)
            else:
                runner.duel.apply(text.strip(), player=p)
    elif k == "expect":
        runner.check(v or {})
    elif k == "until":
        who, _, phase = str(v).partition(" ")
        runner.step_until(who, phase.strip())
    elif k == "illegal":
        who, _, action = str(v).partition(":")
        runner.step_illegal(who.strip(), action.strip())
    elif k == "resolve":
        runner.step_resolve()
    else:
        runner.step_action(str(k), str(v))
