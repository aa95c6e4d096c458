"""Characteristics after continuous effects: a permanent's printed values,
then every continuous effect and static ability in the order it began, then
counters (:meth:`CharacteristicsRules.chars`); which permanents' abilities are
switched off or lost; and the cache of those look-ups.

:class:`CharacteristicsRules` is a mixin of :class:`engine.game.Game` (as
:mod:`engine.casting` and the others are): card code calls ``g.chars(c)``,
``g.switched_off(c)`` and the rest on the game.

The cache (``Game._chars_cache``, a :class:`CharsCache`) lives across
decisions: it holds characteristics by oid and the pure look-ups made from
the permanents alone (:meth:`CharacteristicsRules._read_board`), emptied when
the change counter :data:`engine.tracked.VERSION` has moved since it was
filled; and, in its ``memo`` tier, other pure look-ups
(:meth:`CharacteristicsRules._read_memo`), emptied also when the counter of
minor changes :data:`engine.tracked.MINOR` has moved (the step, the spells
being cast: nothing characteristics depend on -- but while a continuous
effect with a condition is in the game, a minor change empties both tiers).
Every change to the game moves a counter by itself (cards, players, effects,
the combat and the game count their own changes, see :mod:`engine.tracked`),
so no call site has to remember to. ``tests/test_chars_cache.py`` compares the
cache with a full recomputation after every answer of many random duels.
"""
from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING, Any, Callable

from .effects import enchanted, self_only
from .objects import Card, Chars, Effect, PrintedChars
from .tracked import MINOR, VERSION, Tracked

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

_PT_COUNTER = re.compile(r"^([+-]\d+)/([+-]\d+)$")


class CharsCache(dict):  # type: ignore[type-arg]
    """Two tiers. Itself: characteristics by oid and the look-ups they are
    computed with (-1: the ability strippers; ("basic", oid): chars_basic;
    the statics and effects by card), valid while :data:`engine.tracked.VERSION`
    is ``version``. ``memo``: the other pure look-ups by key (mana sources,
    whether a cost can be paid, the activated abilities...), valid while
    VERSION is ``version`` and :data:`engine.tracked.MINOR` is ``minor`` (a
    minor change -- a step, a spell cast -- leaves characteristics as they
    were but may change those). Cached values are shared: callers must not
    change them."""

    __slots__ = ("version", "minor", "memo", "board_minor")

    def __init__(self) -> None:
        super().__init__()
        self.version = VERSION[0]
        self.minor = MINOR[0]
        self.memo: dict[Any, Any] = {}
        # None, or the MINOR the characteristics tier was filled at when a continuous
        # effect in the game has a condition (which may read where the turn is: Xenic
        # Poltergeist's "until its controller's next upkeep"): a minor change empties
        # the characteristics too then (see stale())
        self.board_minor: int | None = None

    def stale(self) -> bool:
        """Whether the characteristics tier is out of date."""
        return self.version != VERSION[0] or (self.board_minor is not None and self.board_minor != MINOR[0])

    def refill(self, g: "Game") -> None:
        """Empty both tiers for the game as it is now."""
        self.clear()
        self.memo.clear()
        self.version = VERSION[0]
        self.minor = MINOR[0]
        self.board_minor = MINOR[0] if any(e.condition is not None for e in g.effects) else None

    def current(self, g: "Game") -> "CharsCache":
        """This cache, emptied first if the game changed since it was filled."""
        if self.stale():
            self.refill(g)
        return self

    def drop(self) -> None:
        """Empty both tiers."""
        self.clear()
        self.memo.clear()


class CharacteristicsRules(Tracked):
    """Mixin of :class:`engine.game.Game`. Through :class:`engine.tracked.Tracked`
    every attribute the game sets counts as a change, but for the bookkeeping
    named here that no characteristic depends on."""

    # (``resolving``, the depth of spell resolution, is read by Game.ask alone; ``doomed``, the
    # marks state_checks settles, by the state checks, which look at it themselves)
    _quiet = frozenset({"decisions_asked", "step_mark", "_last_choices", "_computing",
                        "_guard_hits", "_chars_cache", "_oid", "_sid", "_ts", "events", "secrets",
                        "checking_state", "rest_next", "rest_decision", "_clean_at",
                        "resolving", "doomed", "doom_why"})
    # Minor changes (engine.tracked.MINOR): where the turn is and the spells being cast or
    # waiting, which no characteristic of a permanent depends on (no static, effect,
    # base_chars, animates or removes_abilities hook reads them): they keep the
    # characteristics cached and empty only the other look-ups
    _minor = frozenset({"step", "_step", "phase", "spells", "batch"})
    _setters = frozenset({"step"})

    def chars(self: "Game", card: Card) -> Chars:
        """Characteristics of a permanent now: printed values, then every
        continuous effect in the order it began (5th Ed. "Resolving Existing
        Effects"), layers breaking ties within one effect's changes, then
        counters. Kept in the cache (see the module) until the game changes."""
        cache = self._chars_cache
        if cache is None:
            if card.zone != "battlefield":
                return self._printed_chars(card)
            # Caching switched off for a look at the game as it would be (see reading()):
            # the computation still shares a cache of its own, dropped on return.
            self._chars_cache = CharsCache()
            try:
                return self.chars(card)
            finally:
                self._chars_cache = None
        if cache.version != VERSION[0] or (cache.board_minor is not None and cache.board_minor != MINOR[0]):
            cache.refill(self)  # the game changed since the cache was filled
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
            # the cache), no base_chars hook, no p/t counter or creature without p/t, not being
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
        hits, version, minor = self._guard_hits, cache.version, MINOR[0]
        computing.add(oid)
        try:
            out = self._apply_effects(card, c, cache)
        finally:
            computing.discard(oid)
        # Cached if it is what asking afresh would give: asked at the top (nothing being
        # computed), or inside another computation that never met the guard above (so no
        # printed stand-in went into it); and if nothing changed the game meanwhile
        if (not computing or self._guard_hits == hits) and VERSION[0] == version \
                and (cache.board_minor is None or MINOR[0] == minor):
            cache[oid] = out
        return out

    def _read_memo(self: "Game", key: Any, compute: Callable[[], Any],
                   reentered: Callable[[], Any] | None = None) -> Any:
        """``compute()`` (a pure look-up: it changes nothing and depends only on
        the game), kept in the cache's ``memo`` tier under ``key`` when it is
        what asking afresh would give (as chars() caches). With caching
        switched off, just ``compute()``.

        ``reentered``: for a look-up that reads characteristics which ask it
        again (Call to Arms counts its opponent's cards, whose controller is a
        characteristic, and white creatures' characteristics ask Call to Arms):
        asked again while being computed, it answers ``reentered()`` instead, a
        stand-in that is never cached (as chars() answers printed values to a
        characteristic that depends on itself), so the look-up is computed once
        and not once per permanent per level of nesting."""
        if reentered is not None:
            if key in self._computing:
                self._guard_hits += 1
                return reentered()
            self._computing.add(key)  # (the set holds oids; a memo key beside them is never one)
            try:
                return self._read_memo(key, compute)
            finally:
                self._computing.discard(key)
        cache = self._chars_cache
        if cache is None:
            return compute()
        if cache.stale():
            cache.refill(self)
        elif cache.minor != MINOR[0]:
            cache.memo.clear()
            cache.minor = MINOR[0]
        memo = cache.memo
        if key in memo:
            return memo[key]
        top, hits, version, minor = not self._computing, self._guard_hits, cache.version, cache.minor
        out = compute()
        if (top or self._guard_hits == hits) and VERSION[0] == version and MINOR[0] == minor:
            memo[key] = out
        return out

    def _read_board(self: "Game", key: Any, compute: Callable[[], Any]) -> Any:
        """:meth:`_read_memo` for a look-up characteristics are computed with
        (it depends on nothing a minor change changes: see
        :data:`engine.tracked.MINOR`), kept with the characteristics."""
        cache = self._chars_cache
        if cache is None:
            return compute()
        if cache.stale():
            cache.refill(self)
        if key in cache:
            return cache[key]
        top, hits, version, minor = not self._computing, self._guard_hits, cache.version, MINOR[0]
        out = compute()
        if (top or self._guard_hits == hits) and VERSION[0] == version \
                and (cache.board_minor is None or MINOR[0] == minor):
            cache[key] = out
        return out

    def forget_reads(self: "Game") -> None:
        """Drop what the cache holds. Changes to the game drop it by
        themselves (see the module); kept for code that wants to say so."""
        if self._chars_cache is not None:
            self._chars_cache.drop()

    def _printed_chars(self: "Game", card: Card) -> Chars:
        """A card's printed characteristics, as a new object the caller may change."""
        return _thaw(self._printed(card))

    def _printed(self: "Game", card: Card) -> Chars:
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

    def reading(self: "Game") -> "_ReadScope":
        """A scope in which nothing changes, so characteristics may be cached
        (listing legal actions asks for them hundreds of times).

        The cache now lives across scopes and decisions (see the module) and
        every change to the game empties it, so a scope only matters where
        caching is switched off: code that must look at the game as it would
        be after a change (Wards ignoring their own protection) sets
        ``_chars_cache`` to None for that look and restores it; a scope opened
        meanwhile caches until it ends. Cached values are shared: callers must
        not change them."""
        return _ReadScope(self)

    def _apply_effects(self: "Game", card: Card, c: Chars, cache: dict[Any, Any]) -> Chars:
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
            statics = self._read_board(_STATICS_KEY, self._active_statics)
        mods: list[tuple[tuple[Any, ...], Card | None, Any]] = statics.get(card.oid, statics[None])
        by_card = cache.get(_EFFECTS_KEY)
        if by_card is None:
            by_card = self._read_board(_EFFECTS_KEY, self._effects_by_card)
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

    def _active_statics(self: "Game") -> dict[int | None, list[tuple[tuple[Any, ...], Card, Any]]]:
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

    def _by_timestamp(self: "Game") -> list[Card]:
        """The permanents in timestamp order (stable: ties in battlefield
        order); cached in a read-only scope: callers must not change it."""
        return self._read_board(("by_timestamp",), lambda: sorted(self.battlefield, key=_timestamp))  # type: ignore[no-any-return]

    def _effects_by_card(self: "Game") -> dict[int | None, list[tuple[tuple[Any, ...], None, Effect]]]:
        """(order, None, Effect) of the continuous effects that may apply to a
        permanent, in the order of ``self.effects`` (as _apply_effects merges
        them): under an oid some effect targets, the global effects and its
        own; under None, the global effects (for every other permanent)."""
        entries = [(e.target, (_mod_order(e.timestamp, e.layer), None, e)) for e in self.effects]
        out = {None: [m for t, m in entries if t is None]}
        for oid in dict.fromkeys(t for t, _ in entries if t is not None):
            out[oid] = [m for t, m in entries if t is None or t == oid]
        return out

    def switched_off(self: "Game", card: Card, strippers: list[Callable[[Card], bool]] | None = None) -> bool:
        """Tapping a non-creature artifact turns its continuous effects off;
        so does losing all abilities."""
        if not card.tapped:
            return self.abilities_lost(card, strippers)
        t = self.chars_basic(card)
        return ("artifact" in t and "creature" not in t) or self.abilities_lost(card, strippers)

    def abilities_lost(self: "Game", card: Card, strippers: list[Callable[[Card], bool]] | None = None) -> bool:
        """A permanent that has lost all its abilities (Titania's Song): its
        statics, triggers, activated and mana abilities do nothing."""
        strippers = self.ability_strippers() if strippers is None else strippers
        if not strippers:  # the common case: nothing removes abilities
            return False
        return any(f(card) for f in strippers)

    def ability_strippers(self: "Game") -> list[Callable[[Card], bool]]:
        """The hooks ``removes_abilities(g, src, card)`` of permanents in play
        and of continuous effects (called without ``src``). They must not
        compute characteristics (use printed values or :meth:`chars_basic`)."""
        cache = self._chars_cache
        if cache is not None:
            hit = cache.current(self).get(-1)
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

    def chars_basic(self: "Game", card: Card) -> set[str]:
        """Card types without running effects that depend on artifacts being
        switched off (avoids recursion): printed types plus type effects.
        Cached in a read-only scope (see :meth:`reading`): callers must not
        change the set."""
        return self._read_board(("basic", card.oid), lambda: self._chars_basic(card))  # type: ignore[no-any-return]

    def _chars_basic(self: "Game", card: Card) -> set[str]:
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
    def __init__(self, g: "Game") -> None:
        self.g = g
        self.outer = False

    def __enter__(self) -> None:
        self.outer = self.g._chars_cache is None
        if self.outer:  # caching was switched off (see CharacteristicsRules.reading)
            self.g._chars_cache = CharsCache()

    def __exit__(self, *exc: object) -> None:
        if self.outer:
            self.g._chars_cache = None
