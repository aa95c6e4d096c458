"""The duel state and the rules that every other rule leans on: asking
decisions, characteristics after continuous effects, moving cards between
zones, triggered effects, state checks and winning or losing.

:class:`Game` is assembled from mixins, one module per area of the rules:
:mod:`engine.turn` (phases), :mod:`engine.casting` (spells, abilities,
interrupts and batches), :mod:`engine.combat` (the attack),
:mod:`engine.damage` (damage prevention, destruction, regeneration).
"""
from __future__ import annotations

import functools
import random
import re
from typing import Any, Callable, Iterable, Sequence

from .casting import CastingRules
from .combat import CombatRules
from .ctx import Ctx
from .damage import DamageRules
from .decisions import Context, Decision, DecisionKind, IllegalAction
from .mana import ManaCost
from .effects import enchanted, self_only
from .model import Event, Gen
from .objects import Card, Chars, Effect, Player, PrintedChars, Spell
from .turn import DuelOver, TurnRules

PHASES = ("untap", "upkeep", "draw", "main", "discard", "cleanup")
_PT_COUNTER = re.compile(r"^([+-]\d+)/([+-]\d+)$")
_BASIC_LAND_TYPES = frozenset({"plains", "island", "swamp", "mountain", "forest"})


# decisions a player makes even while another makes their decisions (see Game.decided_by)
_OWN_DECISIONS = frozenset({DecisionKind.OPPORTUNITY, DecisionKind.RESPOND, DecisionKind.INTERRUPT,
                            DecisionKind.PREVENT, DecisionKind.REGENERATE})


class Game(TurnRules, CastingRules, CombatRules, DamageRules):
    """A duel's whole state plus the procedure that plays it."""

    def __init__(self, seed: int, names: tuple[str, str], options: Any) -> None:
        self.rng = random.Random(seed)
        self.seed = seed
        self.options = options
        self.players = [Player(0, names[0], life=options.starting_life),
                        Player(1, names[1], life=options.starting_life)]
        self.battlefield: list[Card] = []
        self.limbo: list[Card] = []
        self.spells: list[Spell] = []  # being cast (interrupt chains) or waiting in the batch
        self.batch: list[Spell] = []
        self.effects: list[Effect] = []
        self.delayed: list[Any] = []  # model.Delayed: triggers set up by spells (Siren's Call)
        # "instead of drawing a card" (Aladdin's Lamp): (player, fn(g, p) -> Gen), each
        # replacing that player's next draw once; see draw()
        self.draw_replacements: list[tuple[int, Callable[..., Gen]]] = []
        self.events: list[str] = []
        self.secrets: list[tuple[int, str]] = []  # what only one player may see
        self._last_choices: list[str] = []
        # Set by Duel.replay while it answers from a history: fast decisions list their
        # choices only when needed (an answer "pass" needs none); see ask()
        self.list_later = False
        self._computing: set[int] = set()  # oids whose characteristics are being computed
        self._guard_hits = 0  # times chars() answered printed values for a card being computed
        # read-only scope cache (see reading()): oid -> Chars, -1 -> ability strippers,
        # ("basic", oid) -> chars_basic, (name, ...) -> other pure look-ups; None outside scopes
        self._chars_cache: dict[Any, Any] | None = None
        self.turn = 0
        self.active = 0
        self.decisions_asked = 0
        self.step_mark = 0  # decisions_asked when the current step began (see step)
        self.phase = "untap"
        self.step = "untap"
        self.combat: Any = None
        self.attack_done = False
        self.fast_allowed = False
        self.in_prevention = False
        self.resolving = 0  # depth of spell resolution: nobody loses in the middle
        self.winner: int | None = None
        self.over = False
        self.end_reason = ""
        self._oid = 0
        self._sid = 0
        self._ts = 0
        self.pending_damage: list[Any] = []  # packets of the current prevention step
        # what happened this turn, by turn number: creatures put into a graveyard from play
        # (Scavenging Ghoul); damage dealt to each player, by (turn, player) (Simulacrum)
        self.creature_deaths: dict[int, int] = {}
        self.player_damage: dict[tuple[int, int], int] = {}
        # damage dealt by each sorcery spell this turn: sid -> (turn, caster, name, amount) (Backdraft)
        self.sorcery_damage: dict[int, tuple[int, int, str, int]] = {}
        self.damage_log: list[tuple[int, Any]] = []  # (turn, packet) dealt to players this turn (Reverse Damage)
        self.doomed: dict[int, str] = {}  # oid -> "destroy" | "bury", settled by state_checks
        self.checking_state = False  # state_checks is offering regeneration: checks do not nest
        self.trample_links: list[tuple[int, list[int], Any]] = []  # see DamageRules
        self.first_player = 0
        # players who take an extra turn after this one (Time Walk, Time Vault): a stack,
        # the latest granted is taken first
        self.extra_turns: list[int] = []
        # player -> the player who makes their decisions for now, but for fast ones (whether to
        # cast, respond, interrupt or prevent) and regeneration (Word of Command); and the players
        # whose mana abilities are only their lands' meanwhile
        self.decided_by: dict[int, int] = {}
        self.lands_only_mana: set[int] = set()
        self.ante_on = options.ante
        self.subgame: Game | None = None  # a subgame under way inside this one (see engine.subgame)

    # ---------------------------------------------------------------- steps
    @property
    def step(self) -> str:
        """Where in the turn the duel is: a phase name, or ``attack``,
        ``blocks``, ``damage prevention``, ``end of combat``."""
        return self._step

    @step.setter
    def step(self, value: str) -> None:
        self._step = value
        self.step_mark = self.decisions_asked

    def resume_step(self, value: str) -> None:
        """Return to a step already under way (after an attack or a damage
        prevention step): not the start of a new step."""
        self._step = value

    def at_step_start(self) -> bool:
        """Nothing has been asked in this step yet but the pending decision."""
        return self.decisions_asked <= self.step_mark + 1

    # ----------------------------------------------------------------- ids
    def new_oid(self) -> int:
        self._oid += 1
        return self._oid

    def new_sid(self) -> int:
        self._sid += 1
        return self._sid

    def stamp(self) -> int:
        self._ts += 1
        return self._ts

    # --------------------------------------------------------------- asking
    def ask(self, player: int, kind: DecisionKind, prompt: str,
            choices: Iterable[str] | Callable[[], Iterable[str]], *,
            decline: str | None = None, parser: Callable[[str], str] | None = None,
            about: str = "", surely: Callable[[str], bool] | None = None,
            cost: ManaCost | None = None) -> Gen:
        """Yield a decision and return the (already validated) answer.
        The decision carries ``cost`` (a payment's) and its :class:`Context`.
        ``choices`` may be a function listing them, and ``surely(answer)`` tell
        that an answer is among them without listing them all: then while
        :attr:`list_later` is set they are listed only for another answer or
        if someone looks at them."""
        if self.resolving == 0:
            # life is looked at only at the end of a phase or of combat (see check_losses)
            self.check_losses(life=False)
        if player in self.decided_by and kind not in _OWN_DECISIONS:
            player = self.decided_by[player]
        if callable(choices) and self.list_later and surely is not None:
            lister = choices

            def listed() -> tuple[str, ...]:
                return tuple(dict.fromkeys(lister()))
            d = Decision.listed_later(player, kind, prompt, listed, surely, decline, parser, about)
            d.cost, d.context = cost, self._context()
            self.decisions_asked += 1
            answer = yield d
            if "_list_choices" in d.__dict__:  # never listed: too late now, the game moves on
                d._list_choices = _listed_too_late  # type: ignore[attr-defined]
            return answer
        ch = tuple(dict.fromkeys(choices() if callable(choices) else choices))
        if not ch and parser is None:
            raise AssertionError(f"decision with no choices: {prompt}")
        self.decisions_asked += 1
        answer = yield Decision(player, kind, prompt, ch, decline, parser, about, cost, self._context())
        return answer

    def _context(self) -> Context:
        return Context(self.turn, self.active, self.phase, self.step,
                       self.spells[-1].controller if self.spells else None,
                       self.batch[-1].controller if self.batch else None)

    def log(self, text: str) -> None:
        self.events.append(text)

    # -------------------------------------------------------------- players
    def other(self, p: int) -> int:
        return 1 - p

    @property
    def nonactive(self) -> int:
        return 1 - self.active

    def player_by_name(self, name: str) -> Player | None:
        for p in self.players:
            if p.name == name:
                return p
        return None

    # ------------------------------------------------------- characteristics
    def chars(self, card: Card) -> Chars:
        """Characteristics of a permanent now: printed values, then every
        continuous effect in the order it began (5th Ed. "Resolving Existing
        Effects"), layers breaking ties within one effect's changes, then
        counters."""
        cache = self._chars_cache
        if cache is None:
            if card.zone != "battlefield":
                return self._printed_chars(card)
            # Computing characteristics changes nothing, so the computation is itself a
            # read-only scope: nested look-ups (Castle asking its own controller for each
            # creature, the ability strippers, chars_basic) share a cache dropped on return.
            self._chars_cache = {}
            try:
                return self.chars(card)
            finally:
                self._chars_cache = None
        oid = card.oid
        hit = cache.get(oid)
        if hit is not None:
            # (looked up before the zone: only permanents are cached under their oid, and a
            # card's zone never changes, a card changing zones becoming a new object)
            return hit  # type: ignore[no-any-return]
        if card.zone != "battlefield":
            return self._printed_chars(card)
        # the printed values, shared and immutable: _apply_effects copies them before a change
        # (the test of Game._printed, inlined: this is the hottest path of the engine)
        kept = card.printed
        if kept is not None and kept[0] is card.cdef and kept[1] is card.color_override \
                and kept[2].controller == card.controller and not card.text_changes:
            c = kept[2]
        else:
            c = self._printed(card)
        statics, by_card = cache.get(_STATICS_KEY), cache.get(_EFFECTS_KEY)
        if statics is not None and by_card is not None and not statics.get(oid, statics[None]) \
                and not by_card.get(oid, by_card[None]) \
                and ((c.power is None and "creature" not in c.types) or (c.power is not None and not card.counters)) \
                and card.cdef.hooks.base_chars is None and oid not in self._computing:
            # No static ability and no effect that may apply to this card (both known already in
            # this scope), no base_chars hook, no p/t counter or creature without p/t, not being
            # computed (the guard below): _apply_effects would return the printed values without
            # running any code, and the result is cached as it would be there
            cache[oid] = c
            return c
        computing = self._computing
        if oid in computing:
            # A characteristic that depends on itself (Nightmare counting swamps
            # while asking whether Nightmare is a swamp) sees printed values.
            self._guard_hits += 1
            return c
        hits = self._guard_hits
        computing.add(oid)
        try:
            out = self._apply_effects(card, c, cache)
        finally:
            computing.discard(oid)
        # Cached if it is what asking afresh would give: asked at the top (nothing being
        # computed), or inside another computation that never met the guard above (so no
        # printed stand-in went into it)
        if not computing or self._guard_hits == hits:
            cache[oid] = out
        return out

    def _read_memo(self, key: Any, compute: Callable[[], Any]) -> Any:
        """``compute()`` (a pure look-up), cached under ``key`` in the current
        read-only scope when it is what asking afresh would give (as chars()
        caches). Outside a scope, just ``compute()``."""
        cache = self._chars_cache
        if cache is None:
            return compute()
        if key in cache:
            return cache[key]
        top, hits = not self._computing, self._guard_hits
        out = compute()
        if top or self._guard_hits == hits:
            cache[key] = out
        return out

    def forget_reads(self) -> None:
        """Drop what the current read-only scope has cached: for a scope that
        changes the game after all (rarely), right after each change."""
        if self._chars_cache is not None:
            self._chars_cache.clear()

    def _printed_chars(self, card: Card) -> Chars:
        """A card's printed characteristics, as a new object the caller may change."""
        return _thaw(self._printed(card))

    def _printed(self, card: Card) -> Chars:
        """A card's printed characteristics, shared: a :class:`PrintedChars`
        that cannot be changed (see :func:`_thaw`).

        Kept on the card (``Card.printed``) with the definition and color
        override it was made with, and used again while the card has the same
        ones, the same controller and no text changes: the printed values
        depend on nothing else (the sets of a definition are frozensets; no
        card code replaces ``card.cdef``, but the view tests do, to hide cards).
        Computing characteristics starts from it and copies it only when an
        effect changes something, which for most permanents is never."""
        kept = card.printed
        if kept is not None and kept[0] is card.cdef and kept[1] is card.color_override \
                and kept[2].controller == card.controller and not card.text_changes:
            return kept[2]
        d = card.cdef
        override = card.color_override
        keywords = d.keywords
        if card.text_changes:
            keywords = frozenset(self.swap_words(k, card) for k in keywords)
        c = PrintedChars.make(d.name, d.types, d.subtypes, d.supertypes,
                              frozenset(d.colors if override is None else override),
                              d.power, d.toughness, keywords, card.controller)
        if not card.text_changes:
            card.printed = (d, override, c)
        return c

    def reading(self, reads: dict[Any, Any] | None = None) -> "_ReadScope":
        """A scope in which nothing changes, so characteristics may be cached
        (listing legal actions asks for them hundreds of times).

        What is cached lives in ``_chars_cache`` and is dropped when the
        outermost scope ends; nothing survives a change of the game, by
        construction: wrap only computations that change nothing (no yield,
        no moves, no card fields, no log). Code that must look at the game as
        it would be after a change (Wards ignoring their own protection) sets
        ``_chars_cache`` to None for that look and restores it. Cached values
        are shared: callers must not change them.

        ``reads``: the cache of an earlier scope to go on with (used by an
        outermost scope only), for a caller that knows nothing changed the game
        since that scope began (see :meth:`ask_fast`); it is filled further."""
        return _ReadScope(self, reads)

    def _apply_effects(self, card: Card, c: Chars, cache: dict[Any, Any]) -> Chars:
        """``c`` (printed values) changed by every continuous effect on ``card``,
        then counters; ``cache`` is the current read-only scope's (the look-ups
        shared by every permanent are read from it directly when there)."""
        # ``c`` may be the shared printed values (a PrintedChars, see _printed): it is copied
        # (_thaw) right before the first change, so a permanent that no effect changes costs
        # no copy. Until then each test sees the printed values, as it would on a copy.
        base = card.cdef.hooks.base_chars
        if base is not None:
            # characteristics the card sets for itself as it comes into play
            # (Primal Clay, Shapeshifter) stand in for printed ones, before any effect
            c = _thaw(c)
            base(self, card, c)
            c.pt_base = (c.power, c.toughness)  # what it chose stands for printed values
        # (order, source permanent or None for an Effect, Static or Effect), in the order they
        # apply (see _mod_order): the statics sorted already, then effects on this card merged in
        # by a stable sort (ties: statics in battlefield order, then effects in order)
        statics = cache.get(_STATICS_KEY)
        if statics is None:
            statics = self._read_memo(_STATICS_KEY, self._active_statics)
        mods: list[tuple[tuple[Any, ...], Card | None, Any]] = statics.get(card.oid, statics[None])
        by_card = cache.get(_EFFECTS_KEY)
        if by_card is None:
            by_card = self._read_memo(_EFFECTS_KEY, self._effects_by_card)
        effs = by_card.get(card.oid, by_card[None])
        if effs:
            mods = sorted(mods + effs, key=_first)
        for _, src, x in mods:
            if src is not None:  # a Static of a permanent in play
                if x.applies(self, src, card, c):
                    if c.__class__ is PrintedChars:
                        c = _thaw(c)
                    x.modify(self, src, card, c)
            elif (x.condition is None or x.condition(self)) and (x.applies is None or x.applies(self, card, c)):
                if c.__class__ is PrintedChars:
                    c = _thaw(c)
                x.modify(self, card, c)
        if c.power is not None and card.counters:
            # power/toughness counters of any kind: +1/+1, -1/-1, +1/+0 (Clockwork Beast)
            for kind, n in card.counters.items():
                pt = _pt_counter(kind)
                if pt is not None and n:
                    if c.__class__ is PrintedChars:
                        c = _thaw(c)
                    c.power += pt[0] * n
                    c.toughness = (c.toughness or 0) + pt[1] * n
        if c.power is None and "creature" in c.types:
            c = _thaw(c) if c.__class__ is PrintedChars else c
            c.power, c.toughness = 0, 0
        return c

    def _active_statics(self) -> dict[int | None, list[tuple[tuple[Any, ...], Card, Any]]]:
        """(order, source, Static) for each static ability of a permanent in
        play that is not switched off, sorted by order (stable: ties in
        battlefield order): the same whatever card's characteristics are
        being computed.

        Indexed like :meth:`_effects_by_card`: a static that can apply to one
        permanent only (its source: ``self_only``; the enchanted permanent:
        ``enchanted``) is listed under that permanent's oid alone, with the
        others in the same order; under None, the statics that may apply to
        any permanent. Leaving a static out where its ``applies`` (a pure
        test) would say no changes nothing, and spares calling it for every
        other permanent."""
        out: list[tuple[tuple[Any, ...], Card, Any]] = []
        strippers: list[Callable[[Card], bool]] | None = None  # looked up only if a static needs them
        for src in self.battlefield:
            for st in src.cdef.statics:
                if st.active is not None:
                    if not st.active(self, src):
                        continue
                else:
                    if strippers is None:
                        strippers = self.ability_strippers()
                    if self.switched_off(src, strippers):
                        continue
                out.append((_mod_order(src.timestamp, st.layer), src, st))
        out.sort(key=_first)
        only = [_only_oid(src, st) for _, src, st in out]
        by_oid: dict[int | None, list[tuple[tuple[Any, ...], Card, Any]]] = {
            None: [m for m, o in zip(out, only) if o is None]}
        for oid in dict.fromkeys(o for o in only if o is not None):
            by_oid[oid] = [m for m, o in zip(out, only) if o is None or o == oid]
        return by_oid

    def _by_timestamp(self) -> list[Card]:
        """The permanents in timestamp order (stable: ties in battlefield
        order); cached in a read-only scope: callers must not change it."""
        return self._read_memo(("by_timestamp",), lambda: sorted(self.battlefield, key=_timestamp))  # type: ignore[no-any-return]

    def _effects_by_card(self) -> dict[int | None, list[tuple[tuple[Any, ...], None, Effect]]]:
        """(order, None, Effect) of the continuous effects that may apply to a
        permanent, in the order of ``self.effects`` (as _apply_effects merges
        them): under an oid some effect targets, the global effects and its
        own; under None, the global effects (for every other permanent)."""
        entries = [(e.target, (_mod_order(e.timestamp, e.layer), None, e)) for e in self.effects]
        out = {None: [m for t, m in entries if t is None]}
        for oid in dict.fromkeys(t for t, _ in entries if t is not None):
            out[oid] = [m for t, m in entries if t is None or t == oid]
        return out

    def switched_off(self, card: Card, strippers: list[Callable[[Card], bool]] | None = None) -> bool:
        """Tapping a non-creature artifact turns its continuous effects off;
        so does losing all abilities."""
        if not card.tapped:
            return self.abilities_lost(card, strippers)
        t = self.chars_basic(card)
        return ("artifact" in t and "creature" not in t) or self.abilities_lost(card, strippers)

    def abilities_lost(self, card: Card, strippers: list[Callable[[Card], bool]] | None = None) -> bool:
        """A permanent that has lost all its abilities (Titania's Song): its
        statics, triggers, activated and mana abilities do nothing."""
        strippers = self.ability_strippers() if strippers is None else strippers
        if not strippers:  # the common case: nothing removes abilities
            return False
        return any(f(card) for f in strippers)

    def ability_strippers(self) -> list[Callable[[Card], bool]]:
        """The hooks ``removes_abilities(g, src, card)`` of permanents in play
        and of continuous effects (called without ``src``). They must not
        compute characteristics (use printed values or :meth:`chars_basic`)."""
        cache = self._chars_cache
        if cache is not None:  # nothing changes while reading
            hit = cache.get(-1)
            if hit is not None:
                return hit  # type: ignore[no-any-return]
        out: list[Callable[[Card], bool]] = []
        for src in self.battlefield:
            h = src.cdef.hooks.removes_abilities
            if h is not None:
                out.append(lambda c, h=h, src=src: h(self, src, c))
        for e in self.effects:
            h = e.hooks.removes_abilities
            if h is not None:
                out.append(lambda c, h=h: h(self, c))
        if cache is not None:
            cache[-1] = out  # type: ignore[assignment]
        return out

    def chars_basic(self, card: Card) -> set[str]:
        """Card types without running effects that depend on artifacts being
        switched off (avoids recursion): printed types plus type effects.
        Cached in a read-only scope (see :meth:`reading`): callers must not
        change the set."""
        return self._read_memo(("basic", card.oid), lambda: self._chars_basic(card))  # type: ignore[no-any-return]

    def _chars_basic(self, card: Card) -> set[str]:
        types = set(card.cdef.types)
        if card.flags.get("animated"):
            types |= {"artifact", "creature"}
        for src in self.battlefield:
            # a permanent making this one an artifact creature (Animate Artifact):
            # animates(g, src, card) -> bool, without computing characteristics
            h = src.cdef.hooks.animates
            if h is not None and h(self, src, card):
                types |= {"artifact", "creature"}
        for e in self.effects:
            if e.target == card.oid and e.layer <= 1:
                c = Chars(card.name, types, set(), set(), set(), None, None, set(), card.controller)
                e.modify(self, card, c)
                types = c.types
        return types

    def abilities_of(self, card: Card) -> list[Any]:
        """A permanent's activated abilities: printed ones (numbered first, as
        ``ability=N`` counts them), then those granted by effects."""
        return list(self.ability_list(card))

    def ability_list(self, card: Card) -> Sequence[Any]:
        """What :meth:`abilities_of` lists, without a copy when nothing is
        granted (the printed tuple): for callers that only read it."""
        if card.zone != "battlefield":
            return card.cdef.abilities  # type: ignore[no-any-return]
        granted = self.chars(card).abilities
        return list(card.cdef.abilities) + granted if granted else card.cdef.abilities

    def controller(self, card: Card) -> int:
        return self.chars(card).controller if card.zone == "battlefield" else card.controller

    def is_creature(self, card: Card) -> bool:
        return card.zone == "battlefield" and "creature" in self.chars(card).types

    def land_type_changed(self, card: Card, ch: Chars | None = None) -> bool:
        """A land changed from one land type to another "adopts the name, card
        type, and text box of the new land" (002 "Changing Land Types"): its
        own printed abilities stop working while the change lasts (a Glacial
        Chasm or Mishra's Factory made a Swamp by Evil Presence)."""
        ch = self.chars(card) if ch is None else ch
        if "land" not in ch.types or card.zone != "battlefield":
            return False
        now = ch.subtypes & _BASIC_LAND_TYPES
        return bool(now) and now != (card.cdef.subtypes & _BASIC_LAND_TYPES)

    def has(self, card: Card, keyword: str) -> bool:
        return keyword in self.chars(card).keywords

    def colors_of(self, obj: Any) -> frozenset[str]:
        if isinstance(obj, Spell):
            return obj.colors
        if isinstance(obj, Card):
            return frozenset(self.chars(obj).colors)
        return frozenset()

    def permanents(self, controller: int | None = None, *, type_: str | None = None,
                   subtype: str | None = None) -> list[Card]:
        out = []
        with self.reading():  # a pure query: the permanents' characteristics share one cache
            for c in self.battlefield:
                ch = self.chars(c)
                if controller is not None and ch.controller != controller:
                    continue
                if type_ is not None and type_ not in ch.types:
                    continue
                if subtype is not None and subtype not in ch.subtypes:
                    continue
                out.append(c)
        return out

    def creatures(self, controller: int | None = None) -> list[Card]:
        return self.permanents(controller, type_="creature")

    def find(self, oid: int) -> Card | None:
        for c in self.battlefield:
            if c.oid == oid:
                return c
        return None

    def attached(self, card: Card) -> list[Card]:
        return [c for c in self.battlefield if c.attached_to == card.oid]

    def enchanted(self, aura: Card) -> Card | None:
        return self.find(aura.attached_to) if aura.attached_to is not None else None

    def swap_words(self, text: str, card: Card) -> str:
        """``text`` with the card's text changes made, all at once (two Sleights
        of Mind, blue->green then green->blue, leave "blue" as it was)."""
        if not card.text_changes:
            return text
        words = sorted(card.text_changes, key=len, reverse=True)
        return re.sub("|".join(re.escape(w) for w in words), lambda m: card.text_changes[m.group(0)], text)

    def word(self, card: Card | None, word: str) -> str:
        """A color word in a card's text after text-changing effects."""
        if card is None:
            return word
        return card.text_changes.get(word, word)

    # ----------------------------------------------------------------- zones
    def new_card(self, cdef: Any, owner: int, zone: str) -> Card:
        return Card(self.new_oid(), cdef, owner, zone, owner, timestamp=self.stamp())

    def remove_from_zone(self, card: Card) -> None:
        if card.zone == "battlefield":
            self.battlefield.remove(card)
        elif card.zone == "limbo":
            self.limbo.remove(card)
        else:
            self.players[card.owner].zone(card.zone).remove(card)

    def move(self, card: Card, zone: str, *, top: bool = True, owner_side: bool = True,
             controller: int | None = None, tapped: bool = False) -> Card:
        """Move a card to a zone; returns the new object (the card forgets
        everything). Tokens leaving play cease to exist after a moment in the
        graveyard (they still trigger "put into the graveyard")."""
        self.remove_from_zone(card)
        if card.zone == "battlefield":
            # effects that were on it end; auras on it fall off at the next check
            self.effects = [e for e in self.effects if e.target != card.oid]
            if self.combat is not None:
                self.combat.remove(card.oid)
        new = Card(self.new_oid(), card.own_cdef or card.cdef, card.owner, zone,
                   card.owner if controller is None else controller, timestamp=self.stamp(),
                   token=card.token, origin=card.origin)
        if zone == "battlefield":
            new.sick = True
            new.tapped = tapped
            new.last_controller = new.controller
            self.battlefield.append(new)
            # "... come into play tapped" (Kismet): enters_tapped(g, src, card) -> bool
            for src in list(self.battlefield):
                h = src.cdef.hooks.enters_tapped
                if h is not None and src is not new and h(self, src, new):
                    new.tapped = True
        elif zone == "limbo":
            self.limbo.append(new)
        else:
            pile = self.players[card.owner].zone(zone)
            if new.token and zone != "graveyard":
                return new
            if top:
                pile.insert(0, new)
            else:
                pile.append(new)
        return new

    def draw(self, p: int, n: int = 1, *, draw_phase: bool = False) -> Gen:
        """Draw n cards; drawing from an empty library loses the duel (at the next check).

        Each card is one draw. Before it, every permanent's hook
        ``before_draw(g, src, p, first) -> Gen[bool]`` may replace it
        (returns True: the card is not drawn; Chains of Mephistopheles);
        ``first`` is True for the first card of the draw phase's draw
        (``draw_phase``). After it, ``each_draw(g, src, p) -> Gen`` runs
        (Underworld Dreams)."""
        for i in range(n):
            repl = next((r for r in self.draw_replacements if r[0] == p), None)
            if repl is not None:
                self.draw_replacements.remove(repl)
                yield from repl[1](self, p)
                continue
            replaced = False
            for src in [c for c in self.battlefield if c.cdef.hooks.before_draw]:
                if src in self.battlefield and not self.switched_off(src):
                    replaced = yield from src.cdef.hooks.before_draw(self, src, p, draw_phase and i == 0)
                    if replaced:
                        break
            if replaced:
                continue
            self.draw_one(p)
            for src in [c for c in self.battlefield if c.cdef.hooks.each_draw]:
                if src in self.battlefield and not self.switched_off(src):
                    yield from src.cdef.hooks.each_draw(self, src, p)
        if False:  # pragma: no cover - keeps this a generator for callers
            yield
        return None

    def draw_one(self, p: int) -> None:
        """Draw the top card of the library, no replacement effect applying
        (:meth:`draw` applies them); from an empty library the player loses
        at the next check."""
        pl = self.players[p]
        if not pl.library:
            pl.drew_from_empty = True
            self.log(f"{pl.name} must draw from an empty library.")
            return
        new = self.move(pl.library[0], "hand")
        new.flags["drawn_turn"] = self.turn  # "cards drawn this turn" (Sylvan Library)
        pl.last_drawn = new.oid  # Jandor's Ring

    def shuffle(self, p: int) -> None:
        self.rng.shuffle(self.players[p].library)

    def gain_life(self, p: int, n: int) -> None:
        """``p`` gains ``n`` life, unless a permanent's hook
        ``instead_of_life_gain(g, src, p, n) -> bool`` does something else
        instead (Lich: draw a card for each life) and says so."""
        for src in list(self.battlefield):
            h = src.cdef.hooks.instead_of_life_gain
            if h is not None and n > 0 and h(self, src, p, n):
                return
        if n:
            self.players[p].life += n
            self.log(f"{self.players[p].name} gains {n} life ({self.players[p].life}).")

    def lose_life(self, p: int, n: int, why: str = "") -> None:
        if n:
            self.players[p].life -= n
            self.log(f"{self.players[p].name} loses {n} life{why} ({self.players[p].life}).")

    # -------------------------------------------------------------- triggers
    def fire(self, event: Event, **data: Any) -> Gen:
        """Run every triggered effect listening for ``event`` now, active
        player's permanents first, each in the order it came into play."""
        listeners: list[tuple[Card, Any]] = []
        # only permanents with a trigger for this event can listen; sorting them alone (a
        # stable sort) orders them as sorting every permanent would
        hearing = [c for c in self.battlefield if c.cdef.triggers and any(t.event is event for t in c.cdef.triggers)]
        with self.reading():  # sorting asks their controllers; nothing changes meanwhile
            order = sorted(hearing, key=lambda c: (self.controller(c) != self.active, c.timestamp))
        extra = data.pop("extra_sources", [])
        # cards in graveyards with triggers that work from there (Nether Shadow), active player's first
        yards = [c for i in (self.active, 1 - self.active) for c in self.players[i].graveyard
                 if c.cdef.triggers and any("graveyard" in t.zones for t in c.cdef.triggers)]
        seen: set[int] = set()
        for src in order + list(extra) + yards:
            if id(src) in seen:
                continue
            seen.add(id(src))
            for t in src.cdef.triggers:
                if t.event is event and (src.zone == "battlefield" or src.zone in t.zones):
                    listeners.append((src, t))
        for src, t in listeners:
            if t.condition is not None and not t.condition(self, src, data):
                continue
            if src.zone == "battlefield" and self.switched_off(src):
                continue
            ctx = Ctx(self, controller=self.controller(src) if src.zone == "battlefield" else src.controller,
                      source=src, data=data)
            yield from t.effect(self, ctx)
        # delayed triggers set up by spells, in the order they were set up
        self.delayed = [d for d in self.delayed if d.turn is None or d.turn >= self.turn]
        for d in list(self.delayed):
            if d.event is not event or d not in self.delayed:
                continue
            if d.condition is not None and not d.condition(self, d, data):
                continue
            if d.once:
                self.delayed.remove(d)
            yield from d.effect(self, Ctx(self, controller=d.controller, data={**data, "delayed": d}))

    def note_taps(self) -> Gen:
        """Fire "becomes tapped" triggers for each permanent tapped since the
        last look, whatever tapped it (a mana ability, a cost, an attack, an
        effect). A permanent that came into play tapped did not become
        tapped. Called after each mana ability and at each settle."""
        if all(c.was_tapped is c.tapped for c in self.battlefield):
            return  # nothing tapped or untapped since the last look: nothing to note or fire
        for c in sorted(self.battlefield, key=lambda c: c.timestamp):
            was = c.was_tapped
            c.was_tapped = c.tapped
            if c.tapped and was is False and c in self.battlefield:
                yield from self.fire(Event.BECOMES_TAPPED, card=c)

    # ----------------------------------------------------------- end of duel
    def check_losses(self, *, life: bool = True) -> None:
        """A player at 0 life, with 10 poison, or who drew from an empty
        library loses; both at once is a draw. Never during a resolution.

        Life is looked at only where ``life`` is set: at the end of each phase,
        before an attack begins and at the end of combat (000 "Life
        Registers": "zero or less at the end of a phase or the end of
        combat"; 003 "The Attack": players "check their life totals before
        the attack actually begins"). A player at 0 life in the middle of a
        main phase may still gain life back before it ends (Healing Salve,
        Alabaster Potion). Choice: poison counters (displayed in the same
        Life Register) are looked at with life; drawing from an empty library
        loses at the next decision after that draw ("if and when you are
        required to draw", 000 "Draw Phase"), as does a concession or a card
        that makes a player lose (``Player.lost_by``)."""
        if self.over:
            raise DuelOver()
        losers = [p.idx for p in self.players
                  if p.conceded or p.drew_from_empty or p.lost_by
                  or (life and ((p.life <= 0 and not self.zero_life_ok(p.idx)) or p.poison >= 10))]
        if not losers:
            return
        if len(losers) == 2:
            self.end(None, "both players lost at once")
        else:
            lp = self.players[losers[0]]
            why = ("conceded" if lp.conceded else lp.lost_by if lp.lost_by else
                   "drew from an empty library" if lp.drew_from_empty else
                   f"{lp.life} life" if lp.life <= 0 and not self.zero_life_ok(lp.idx) else "10 poison counters")
            self.end(1 - losers[0], f"{lp.name}: {why}")
        raise DuelOver()

    def zero_life_ok(self, p: int) -> bool:
        """Whether a permanent's hook ``zero_life_ok(g, src, p) -> bool`` keeps
        ``p`` in the duel at 0 life or less (Lich)."""
        for src in self.battlefield:
            h = src.cdef.hooks.zero_life_ok
            if h is not None and h(self, src, p):
                return True
        return False

    def end(self, winner: int | None, reason: str) -> None:
        if self.over:
            return
        self.over = True
        self.winner = winner
        self.end_reason = reason
        if winner is None:
            self.log(f"The duel is a draw ({reason}).")
        else:
            self.log(f"{self.players[winner].name} wins ({reason}).")
        self.settle_ante()

    def settle_ante(self) -> None:
        """The winner takes both ante cards; a draw returns them (each stays
        in its owner's ante)."""
        if self.winner is None:
            return
        w = self.players[self.winner]
        loser = self.players[1 - self.winner]
        for c in list(loser.ante):
            loser.ante.remove(c)
            c.owner = w.idx
            c.controller = w.idx
            w.ante.append(c)
            self.log(f"{w.name} wins {c.name} from the ante.")


def _listed_too_late() -> tuple[str, ...]:
    raise RuntimeError("the choices of an answered decision were never listed; look at them while it is pending")


def _mod_order(timestamp: int, layer: int) -> tuple[bool, bool, bool, int, int]:
    """When a continuous effect applies: control changes (layer 0) first, so that
    "creatures you control" effects (Castle) and "your turn" (Angry Mob) see the
    controller whatever the timestamps; then what the card defines itself
    (layer < 0: Angry Mob's */*); then everything else in timestamp order."""
    return (layer != 0, layer >= 0, layer >= 7, timestamp, layer)


_STATICS_KEY = ("statics",)  # read-only scope keys of _active_statics and _effects_by_card
_EFFECTS_KEY = ("effects",)


@functools.lru_cache(maxsize=None)
def _pt_counter(kind: str) -> tuple[int, int] | None:
    """(power, toughness) change of one counter of a kind ("+1/+1", "-1/-1",
    "+1/+0"), None for other counters; parsed once per kind."""
    m = _PT_COUNTER.match(kind)
    return (int(m[1]), int(m[2])) if m else None


def _only_oid(src: Card, st: Any) -> int | None:
    """The oid of the one permanent a static can apply to, by its ``applies``
    test (its source, or the permanent its aura source enchants), or None."""
    if st.applies is self_only:
        return src.oid
    if st.applies is enchanted:
        return src.attached_to  # None (enchanting nothing): applies to none, kept with the others
    return None


def _thaw(c: Chars) -> Chars:
    """A changeable copy of characteristics (of shared printed ones, see
    ``Game._printed``): new sets, no flags or granted abilities yet; its power
    and toughness are the "printed" ones effects add to (Chars.set_pt)."""
    out = Chars(c.name, set(c.types), set(c.subtypes), set(c.supertypes), set(c.colors),
                c.power, c.toughness, set(c.keywords), c.controller)
    out.pt_base = (c.power, c.toughness)
    return out


def _timestamp(c: Card) -> int:
    return c.timestamp


def _first(m: tuple[Any, ...]) -> Any:
    return m[0]


class _ReadScope:
    def __init__(self, g: Game, reads: dict[Any, Any] | None = None) -> None:
        self.g = g
        self.reads = reads
        self.outer = False

    def __enter__(self) -> None:
        self.outer = self.g._chars_cache is None
        if self.outer:
            self.g._chars_cache = {} if self.reads is None else self.reads

    def __exit__(self, *exc: object) -> None:
        if self.outer:
            self.g._chars_cache = None
