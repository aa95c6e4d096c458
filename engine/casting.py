"""Casting spells and using effects; interrupts, responses and batches.

The Fifth Edition timing this module enforces (MicroProse manual, "Timing"):

* Casting is a sequence of small decisions: the card, then mode, X,
  targets, announced choices, then payment. Until it is paid the caster may
  ``cancel``: the card returns to hand, mana already drawn stays in the pool.
* A spell or effect being cast can be interrupted: its caster has the first
  and only chance, then the opponent has one. An interrupt is itself
  interrupted the same way, so interrupt stacks resolve last in, first out,
  each before the next player's chance. Interrupts resolve as soon as their
  own interrupting is over.
* A spell that survives is *successfully cast*. Everything else fast is a
  response: responses form a batch, the active player always responding
  first; when both pass in a row the whole batch resolves last in, first out
  (nothing new is begun until it is done, except damage prevention).
* An interrupt used without a spell target is an instant.
* Drawing mana from a mana source is neither a spell nor an effect: it is
  never interrupted or responded to.
"""
from __future__ import annotations

import dataclasses
import itertools
from typing import TYPE_CHECKING, Callable, Iterator, Sequence

from .ctx import Ctx
from .decisions import DecisionKind, IllegalAction, Refusal, norm, read_number
from .mana import COLOR_LETTERS, COLOR_NAMES, MANA_SYMBOLS, Mana, ManaCost, ManaError, plan_payment
from .model import (NO_TAP_ABILITIES, Ability, Announce, Cost, Event, Gen, Kind, ManaAbility, Mode, SICK_TAP_OK, SPEND_USES, Speed, Target,
                    TargetSpec, only_type_refused)
from .objects import Card, Chars, Effect, Player, Source, Spell
from .refs import RefError, lookup, ref
from .refusals import refuse

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

BASIC_MANA = {"plains": "W", "island": "U", "swamp": "B", "mountain": "R", "forest": "G"}
_NONE = object()  # no candidate at all (has_target)
# "{T}: add one mana of that type" of a land's basic land types, by the symbols
# they add (in WUBRGC order): immutable, so one object per set of symbols serves
# every land (built once: mana_abilities is hot)
_BASIC_ABILITY = {syms: ManaAbility(syms) for n in range(1, len(MANA_SYMBOLS) + 1)
                  for syms in map("".join, itertools.combinations(MANA_SYMBOLS, n))}
# use ids of mana_units: a permanent's use is oid * _USE_IDS + ability index * _MAX_USES + use number
_MAX_USES = 100
_USE_IDS = 10 * _MAX_USES
FAST_KINDS = (DecisionKind.OPPORTUNITY, DecisionKind.RESPOND, DecisionKind.INTERRUPT, DecisionKind.PREVENT)


def _land_type_mana(flags: set[str], sub: str) -> str:
    """The mana symbol a flag "SUB produces WORD" makes the land type ``sub``'s
    ability add instead of its own (WORD: "colorless", a color word or a color's
    letter), "" if no such flag."""
    prefix = f"{sub} produces "
    for f in flags:
        if f.startswith(prefix):
            word = f[len(prefix):]
            if word in MANA_SYMBOLS and len(word) == 1:
                return word
            return "C" if word == "colorless" else COLOR_LETTERS.get(word, "")
    return ""


class CastingRules:
    """Mixin of :class:`engine.game.Game`."""

    # ------------------------------------------------------------ timing
    def sorcery_timing(self: "Game", p: int, kind: DecisionKind) -> bool:
        return (kind is DecisionKind.OPPORTUNITY and p == self.active and self.phase == "main"
                and self.combat is None and not self.batch and not self.spells)

    def card_speed(self: "Game", card: Card) -> Speed:
        t = card.cdef.types
        if "interrupt" in t:
            return Speed.INTERRUPT
        if "instant" in t:
            return Speed.INSTANT
        return Speed.SORCERY

    # ---------------------------------------------------------- mana sources
    def mana_abilities(self: "Game", c: Card, ch: Chars | None = None) -> list[ManaAbility]:
        """A permanent's mana abilities now: printed ones, plus "{T}: add one
        mana of that type" for each basic land type it has (so a Forest made
        an Island by Phantasmal Terrain taps for blue)."""
        printed = c.cdef.mana_abilities
        # (abilities_lost only asked when there is something to lose: most mana sources are
        # basic lands, whose abilities come from their land types below)
        out = list(printed) if printed and not self.abilities_lost(c) else []
        ch = self.chars(c) if ch is None else ch  # its characteristics now, if the caller has them
        if self.land_type_changed(c, ch):
            out = []  # it has the text box of its new land type only
        if "land" in ch.types:
            # A land of several basic land types (Tropical Island: forest and island)
            # has each type's "{T}: add one mana": one {T} pays for one of them, so
            # they are one ability adding one mana of any of those symbols.
            syms = ""
            for sub, sym in BASIC_MANA.items():
                if sub in ch.subtypes:
                    # the flag "plains produces colorless" (Quarum Trench Gnomes), "plains
                    # produces red" (Reality Twist), "plains produces R" (Naked Singularity): that land type's ability adds that mana instead
                    syms += _land_type_mana(ch.flags, sub) or sym if ch.flags else sym
            if syms:
                out.append(_BASIC_ABILITY["".join(sorted(set(syms), key=MANA_SYMBOLS.index))])
            # "lands provide X instead of their normal mana" (Deep Water): hook
            # land_mana(g, card, chars) -> symbols or None of continuous effects
            for e in self.effects:
                h = e.hooks.land_mana
                if h is not None and out and (syms := h(self, c, ch)):
                    out = [dataclasses.replace(m, produces=syms) for m in out]
        return out

    def mana_sources(self: "Game", p: int, auto: bool = False,
                     sacrifice: bool | None = None) -> list[tuple[Card, int, str]]:
        """Mana abilities ``p`` can use now: (permanent, ability index, symbols).
        A mana ability with a mana cost (Apprentice Wizard) is usable only when
        the pool can pay it, and never in automatic payment plans (``auto``):
        as in the MicroProse game, non-land mana sources are never auto-tapped
        and the player draws mana from them by hand. Nor is one whose cost
        sacrifices its source (Black Lotus): automatic payment never
        sacrifices a permanent (``sacrifice``, by default ``not auto``: whether
        to list it; whether a cost can be paid at all counts it).

        Cached in a read-only scope (see ``Game.reading``), for both values
        of ``auto``; returns a new list."""
        return [(c, i, syms) for c, i, syms, _ in self._usable_sources(p, auto, sacrifice)]

    def _usable_sources(self: "Game", p: int, auto: bool = False,
                        sacrifice: bool | None = None) -> list[tuple[Card, int, str, ManaAbility]]:
        """:meth:`mana_sources` with each mana ability."""
        with self.reading():
            usable = self._read_board(("mana_sources", p), lambda: tuple(self._mana_sources(p)))
        pool = self.players[p].pool
        sacrifice = not auto if sacrifice is None else sacrifice
        return [u for u in usable
                if (not (ma := u[3]).cost.mana.total or (not auto and pool.can_pay(ma.cost.mana)))
                and not ((ma.cost.sacrifice_self or ma.cost.sacrifice) and not sacrifice)]

    def _mana_sources(self: "Game", p: int) -> list[tuple[Card, int, str, ManaAbility]]:
        """mana_sources() with the mana cost of each ability, not yet checked."""
        out = []
        for c in self.battlefield:
            ch = self.chars(c)
            if ch.controller != p:
                continue
            if not c.cdef.mana_abilities and (c.tapped or "land" not in ch.types):
                continue  # its only mana abilities would be its land types' ({T}: add ...), none usable
            for i, ma in enumerate(self.mana_abilities(c, ch)):
                if ma.cost.tap and c.tapped:
                    continue
                if ma.cost.remove_counter and c.counters.get(ma.cost.remove_counter, 0) < 1:
                    continue  # Rasputin Dreamweaver: "remove a counter to add {1}"
                # creatures (animated lands too) cannot tap the turn they come into play
                if ma.cost.tap and ch.is_creature and c.sick and SICK_TAP_OK not in ch.keywords:
                    continue
                if ma.cost.tap and ch.flags and NO_TAP_ABILITIES in ch.flags:
                    continue
                if not ch.can_tap_for_mana:
                    continue
                if p in self.lands_only_mana and "land" not in ch.types:
                    continue  # Word of Command: the commanded card is paid for from the pool and lands
                if ma.cost.sacrifice and not self.permanents(p, type_=ma.cost.sacrifice):
                    continue
                syms = ma.produces
                if (h := c.cdef.hooks.mana_symbols) is not None:
                    # which of its symbols it can make now (Fellwar Stone): mana_symbols(g, card, produces)
                    syms = h(self, c, syms)
                    if not syms:
                        continue
                if (h := c.cdef.hooks.mana_amount) is not None and h(self, c) <= 0:
                    continue  # "add X" with X zero (City of Shadows without counters): not a source now
                out.append((c, i, syms, ma))
        return out

    def _mana_amount(self: "Game", card: Card, ma: ManaAbility) -> int:
        """How much one use of ``ma`` adds by itself (before a mana_choice)."""
        return hook(self, card) if (hook := card.cdef.hooks.mana_amount) else ma.amount

    def _extra_mana(self: "Game", card: Card) -> tuple[int, str]:
        """What other permanents make ``card`` add when tapped: how many more of
        the same mana (Mana Flare), and which other symbols (Gauntlet of Might's
        extra red). A hook ``extra_mana(g, src, card)`` returns an int or a str."""
        same, other = 0, ""
        for src in self.battlefield:
            h = src.cdef.hooks.extra_mana
            if h:
                more = h(self, src, card)
                if isinstance(more, str):
                    other += more
                else:
                    same += more
        return same, other

    def _one_kind(self: "Game", card: Card, sym: str) -> str:
        """``sym`` as written in ``tap CARD for SYM``, as the one kind of mana
        the choices name: what the source adds at once is accepted too
        (``tap Mana Vault for CCC``, ``for C``)."""
        if len(sym) > 1 and sym == sym[0] * len(sym):
            for ma in self.mana_abilities(card):
                if sym[0] in ma.produces and len(sym) == self._mana_amount(card, ma) + self._extra_mana(card)[0]:
                    return sym[0]
        return sym

    def mana_choices(self: "Game", p: int) -> list[str]:
        out = []
        with self.reading():  # a pure listing
            for c, i, syms in self.mana_sources(p):
                for s in syms:
                    out.append(f"tap {ref(self, c)} for {s}")
        for via, syms, life in self.player_mana(p):
            if self.players[p].life >= life and p not in self.lands_only_mana:
                out += [f"add {s} via {via}" for s in syms]
        return out

    def player_mana(self: "Game", p: int) -> list[tuple[str, str, int]]:
        """Mana sources that are not a permanent's (Channel): the hook
        ``player_mana(g, p) -> [(via, symbols, life per mana)]`` of continuous
        effects. Used with ``add SYMBOL via NAME``: like tapping a mana
        source, it cannot be interrupted or responded to."""
        out: list[tuple[str, str, int]] = []
        for e in self.effects:
            h = e.hooks.player_mana
            if h is not None:
                out += h(self, p)
        return out

    def tap_for_mana(self: "Game", p: int, card: Card, sym: str) -> Gen:
        """Use a mana source: it cannot be interrupted; triggers (Manabarbs)
        happen at once."""
        ma = next(m for m in self.mana_abilities(card) if sym in m.produces)
        # what a use adding several kinds adds (Ice Cauldron), read before its cost is paid
        mix = h(self, card) if (h := card.cdef.hooks.mana_mix) is not None else ""
        if ma.cost.mana.total:
            self.players[p].pool.pay(ma.cost.mana)
        if ma.cost.tap:
            card.tapped = True
        if ma.cost.remove_counter:
            card.counters[ma.cost.remove_counter] -= 1
            self.log(f"A {ma.cost.remove_counter} counter is removed from {card.name}.")
        amount = self._mana_amount(card, ma)
        if ma.cost.sacrifice_self:
            # a sacrifice in a mana ability's cost (Black Lotus) is paid as the
            # mana is drawn: still a mana source, never interrupted (5th Ed.
            # "Mana Sources"); the mana is added once the source is gone
            yield from self.put_in_graveyard([card], how="sacrifice")
        if ma.cost.sacrifice:
            # so is the sacrifice of another permanent (Ashnod's Altar), chosen as the mana is drawn
            victim = yield from self.sacrifice_for_cost(p, ma.cost.sacrifice, card)
            if ma.amount_from is not None:
                amount = ma.amount_from(self, victim)
        choose = card.cdef.hooks.mana_choice
        if choose is not None:
            # a choice made as the mana is drawn: mana_choice(g, card, p, amount) -> Gen
            # returning the amount (Mana Batteries: remove charge counters for more)
            amount = yield from choose(self, card, p, amount)
        same, other = self._extra_mana(card)
        if mix:  # several kinds at once (Ice Cauldron): that mana, and no more of "the same"
            for s in mix:
                self.players[p].pool.add(s, use=ma.use)
        else:
            self.players[p].pool.add(sym, amount + same, use=ma.use)
        for s in other:
            self.players[p].pool.add(s)
        yield from self.fire(Event.TAPPED_FOR_MANA, card=card, player=p, symbol=sym)
        yield from self.note_taps()
        if self.pending_damage:
            yield from self.settle()

    def spend_uses(self: "Game", spell: Spell | None) -> frozenset[str]:
        """The uses of restricted mana (:data:`engine.model.SPEND_USES`) that
        may pay for ``spell`` (none for a cost that is not a spell's)."""
        if spell is None or not SPEND_USES:
            return frozenset()
        return frozenset(u for u, allows in SPEND_USES.items() if allows(self, spell))

    def sacrifice_for_cost(self: "Game", p: int, type_: str, source: Card) -> Gen:
        """``p`` sacrifices a permanent of ``type_`` they control, their choice,
        to pay a cost of ``source``; returns it (as it was in play)."""
        cands = self.sacrificeable(p, type_)
        ch = [f"sacrifice {ref(self, c)}" for c in cands]
        ans = yield from self.ask(p, DecisionKind.SACRIFICE, f"{source.name}: sacrifice {'an' if type_[0] in 'aeiou' else 'a'} {type_}",
                                  ch, parser=self.parser_for(p, ch), about=source.name)
        victim = cands[ch.index(ans)]
        self.log(f"{self.players[p].name} sacrifices {victim.name} to use {source.name}.")
        yield from self.put_in_graveyard([victim], how="sacrifice")
        return victim

    # ------------------------------------------------------------ targets
    def targetable(self: "Game", obj: Target, by_colors: frozenset[str], spell: Spell | None = None) -> bool:
        """Protection and "cannot be the target of spells or effects"; with
        ``spell`` (the spell or effect aiming), also protection from its
        source's card types (protection from artifacts keeps an artifact's
        effects from targeting), the flags "cannot be the target of K" for K
        its card type (instant, interrupt, sorcery, enchantment...) or
        "ability" for an activated ability (Anti-Magic Aura, Spectral Cloak),
        and the permanent's own hook ``can_be_targeted(g, card, spell) ->
        bool`` (Lurker: not by spells unless it attacked or blocked)."""
        if isinstance(obj, Card):
            if obj.zone != "battlefield":
                return obj.zone == "graveyard"
            h = obj.cdef.hooks.can_be_targeted
            if spell is not None and h is not None and not h(self, obj, spell):
                return False
            ch = self.chars(obj)
            kw = ch.keywords
            if "untargetable" in kw:
                return False
            if spell is not None and ch.flags and any(f.startswith("cannot be the target of ") for f in ch.flags):
                kinds = set(spell.types or (spell.card.cdef.types if spell.card is not None else ())) or {"ability"}
                if any(f"cannot be the target of {k}" in ch.flags for k in kinds):
                    return False
            for col in by_colors:
                if f"protection from {COLOR_NAMES[col]}" in kw:
                    return False
            if spell is not None and "protection from artifacts" in kw and "artifact" in self.source_types(spell):
                return False
        return True

    def source_types(self: "Game", spell: Spell) -> frozenset[str]:
        """The card types of what a spell or effect comes from: the card cast,
        or the permanent whose ability it is (as it was when used)."""
        if spell.source is not None:
            types = spell.source_snapshot.get("types")
            return frozenset(types if types is not None else self.chars(spell.source).types)
        return spell.types

    def target_candidates(self: "Game", spec: TargetSpec, spell: Spell, interrupting: Spell | None) -> list[Target]:
        with self.reading():  # a pure listing: the candidates' characteristics share one cache
            return list(self._target_candidates(spec, spell, interrupting))

    def has_target(self: "Game", spec: TargetSpec, spell: Spell, interrupting: Spell | None) -> bool:
        """Whether ``target_candidates`` would list any: stops at the first."""
        with self.reading():
            return next(self._target_candidates(spec, spell, interrupting), _NONE) is not _NONE

    def admits(self: "Game", spec: TargetSpec, ctx: Ctx, obj: Target) -> bool:
        """Whether ``obj`` is what the target slot ``spec`` asks for: its test,
        and the one rule of slots that accept only one creature type
        (``spec.subtype``, "target wall"): they never take a permanent that may
        not be the target of effects that target only that type (Wall of
        Shadows). Every spell, ability and enchantment aimed at a wall is
        checked here, whatever its card says."""
        if spec.subtype and isinstance(obj, Card) and only_type_refused(spec.subtype) in self.chars(obj).flags:
            return False
        return spec.test is None or spec.test(self, ctx, obj)

    def _target_candidates(self: "Game", spec: TargetSpec, spell: Spell,
                           interrupting: Spell | None) -> Iterator[Target]:
        ctx = Ctx(self, spell)
        if Kind.SPELL in spec.kinds:
            for s in self.spells:
                if s is spell or s.successfully_cast or s.countered:
                    continue
                if interrupting is not None and s is not interrupting:
                    continue
                if self.admits(spec, ctx, s):
                    yield s
        if interrupting is not None and spec.kinds >= {Kind.SPELL}:
            return
        if Kind.PERMANENT in spec.kinds:
            for c in self._by_timestamp():
                if self.targetable(c, spell.colors, spell) and self.admits(spec, ctx, c):
                    if (spell.card is not None and spec is spell.card.cdef.enchant
                            and ("cannot be enchanted" in self.chars(c).keywords
                                 or "cannot be further enchanted" in self.chars(c).flags)):
                        continue  # Tetravites; Consecrate Land (its own aura stays: see aura_legal)
                    if spec.damaged and not any(pk.receiver is c for pk in self.pending_damage):
                        continue
                    if spec.damage_source and not any(
                            pk.source_oid == c.oid and pk.receiver is self.players[spell.controller]
                            for pk in self.pending_damage):
                        continue
                    yield c
        if Kind.PLAYER in spec.kinds:
            for pl in self.players:
                if self.admits(spec, ctx, pl):
                    if spec.damaged and not any(pk.receiver is pl for pk in self.pending_damage):
                        continue
                    yield pl
        if Kind.GRAVEYARD_CARD in spec.kinds:
            for pl in self.players:
                for c in pl.graveyard:
                    if self.admits(spec, ctx, c):
                        yield c
        if Kind.SOURCE in spec.kinds:
            seen = set()
            for pk in self.pending_damage:
                if pk.amount <= 0 or pk.receiver is not self.players[spell.controller]:
                    continue
                src = Source(pk.source_name, pk.source_oid, pk.source_colors, pk.source_types)
                if src not in seen and self.admits(spec, ctx, src):
                    seen.add(src)
                    yield src

    def target_still_legal(self: "Game", spec: TargetSpec, spell: Spell, obj: Target) -> bool:
        if isinstance(obj, Card):
            if obj.zone == "battlefield" and obj not in self.battlefield:
                return False
            if obj.zone == "graveyard" and obj not in self.players[obj.owner].graveyard:
                return False
            if obj.zone not in ("battlefield", "graveyard"):
                return False
            if not self.targetable(obj, spell.colors, spell):
                return False
        if isinstance(obj, Spell) and (obj.countered or obj not in self.spells):
            return False
        if isinstance(obj, Source):
            # still a source of damage in this step even if another effect has
            # since prevented it all (Eye for an Eye "is not reduced")
            return any(pk.source_oid == obj.oid and pk.source_name == obj.name for pk in self.pending_damage)
        return self.admits(spec, Ctx(self, spell), obj)

    # ------------------------------------------------------ what can be done
    def spell_modes(self: "Game", card: Card) -> list[Mode]:
        sp = card.cdef.spell
        if sp is None:
            return []
        if sp.modes:
            return list(sp.modes)
        return [Mode("", sp.targets, sp.effect or _no_effect, prevention=sp.prevention)]

    def mode_usable(self: "Game", mode: Mode, spell: Spell, kind: DecisionKind, interrupting: Spell | None) -> bool:
        if mode.only_in_prevention and not self.in_prevention:
            return False
        if mode.not_in_prevention and self.in_prevention:
            return False
        if kind is DecisionKind.PREVENT and not mode.prevention:
            return False
        if interrupting is not None and not any(Kind.SPELL in t.kinds for t in mode.targets):
            return False
        for spec in mode.targets:
            if not self.has_target(spec, spell, interrupting):
                return False
        return True

    def castable(self: "Game", p: int, card: Card, kind: DecisionKind, interrupting: Spell | None,
                 any_time: bool = False) -> bool:
        """Whether ``p`` may cast ``card`` now; ``any_time``: whatever its
        speed (a card an effect makes its player cast as it resolves: Word
        of Command)."""
        speed = self.card_speed(card)
        if "land" in card.cdef.types:
            return False
        if card.cdef.spell is not None and card.cdef.spell.regenerate:
            return False  # only when a creature is about to be destroyed (DamageRules.offer_regeneration)
        if speed is Speed.SORCERY and not any_time and not self.sorcery_timing(p, kind):
            return False
        if kind is DecisionKind.INTERRUPT and speed is not Speed.INTERRUPT:
            return False
        if kind is DecisionKind.PREVENT:
            if not card.cdef.spell or not (card.cdef.spell.prevention or any(m.prevention for m in card.cdef.spell.modes)):
                return False
        hook = card.cdef.hooks.can_cast
        if hook and not hook(self, p, card):
            return False
        extra = card.cdef.spell.cost if card.cdef.spell is not None else None
        if extra is not None and extra.sacrifice and not self.sacrificeable(p, self.word(card, extra.sacrifice)):
            return False
        if card.cdef.spell is not None and card.cdef.spell.life > self.players[p].life:
            return False  # an additional cost in life (Fumarole): a player may pay down to 0
        if card.cdef.spell is not None and card.cdef.spell.life_x and self.players[p].life < 1:
            return False  # X paid in life (Fire Covenant): at least 1
        if self.play_forbidden(p, card):
            return False
        probe = self._probe_spell(p, card)
        if card.cdef.spell is not None:
            if not any(self.mode_usable(m, probe, kind, interrupting) for m in self.spell_modes(card)):
                return False
        elif card.cdef.enchant is not None:
            if not self.has_target(card.cdef.enchant, probe, None):
                return False
        cost = card.cdef.cost.with_x(0, extra_generic=self.extra_cost(probe))
        if self.any_mana_effect(probe) is not None:
            cost = ManaCost(cost.total)
        return self.can_afford(p, cost, x_color=card.cdef.hooks.x_color, spell=probe)

    def play_forbidden(self: "Game", p: int, card: Card) -> bool:
        """Whether a permanent in play forbids ``p`` to cast or play ``card``
        from hand: hook ``forbids_play(g, src, p, card) -> bool`` (City in a
        Bottle). Switched-off permanents (a tapped artifact) forbid nothing."""
        srcs = self._read_board(("forbids_play",), lambda: [s for s in self.battlefield if s.cdef.hooks.forbids_play is not None])
        return any(s.cdef.hooks.forbids_play(self, s, p, card) and not self.switched_off(s) for s in srcs)

    def any_mana_effect(self: "Game", spell: Spell) -> Effect | None:
        """The effect letting ``spell`` be paid with mana of any type, its
        colored symbols counting as generic (North Star: hook
        ``any_mana(g, spell) -> bool`` of an :class:`Effect`); it is used up
        by the spell it pays for. None if there is none."""
        if spell.card is None:
            return None
        return next((e for e in self.effects if (h := e.hooks.any_mana) is not None and h(self, spell)), None)

    def extra_cost(self: "Game", spell: Spell) -> int:
        """Generic mana added to the cost of a spell or activation by
        permanents in play: hook ``extra_cost(g, src, spell) -> int`` (Gloom);
        negative for a reduction (Mana Matrix), which never takes the generic
        part of the cost below 0."""
        n = 0
        for src in self.battlefield:
            h = src.cdef.hooks.extra_cost
            if h is not None and not self.switched_off(src):
                n += h(self, src, spell)
        return n

    def adjust_cost(self: "Game", spell: Spell, cost: ManaCost) -> ManaCost:
        """The mana cost of ``spell`` (X chosen) after the cost adjusters of
        permanents in play: hook ``adjust_cost(g, src, spell, cost) ->
        ManaCost`` (Power Artifact lowers its artifact's activation cost)."""
        for src in self.battlefield:
            h = src.cdef.hooks.adjust_cost
            if h is not None and not self.switched_off(src):
                cost = h(self, src, spell, cost)
        return cost

    def _probe_spell(self: "Game", p: int, card: Card) -> Spell:
        return Spell(0, p, card, None, card.name, colors=frozenset(card.cdef.colors), types=card.cdef.types)

    def can_afford(self: "Game", p: int, cost: ManaCost, x_color: str | None = None,
                   spell: Spell | None = None) -> bool:
        """Whether ``p`` can pay ``cost`` (for ``spell``, which says what restricted mana may pay)."""
        uses = self.spend_uses(spell)
        pool = self.players[p].pool.spendable(uses)
        with self.reading():
            sources = self._read_board(("afford_sources", p, uses), lambda: self.mana_units(p, spell, by_hand=True))
            # each unit is one mana: a cost beyond the pool plus one mana a unit cannot be
            # paid, whatever the plan (cost variants only trade one color for another)
            if cost.total > pool.total() + len(sources):
                return False
            # the same cost from the same pool, asked again (copies of a card, abilities costing {1},
            # the other player's listing) while nothing changed: kept with the characteristics
            key = ("afford", p, uses, cost.generic, tuple(sorted(cost.colored.items())), cost.x,
                   tuple(sorted(pool.amounts.items())))
            return self._read_board(key, lambda: any(plan_payment(v, pool, sources) is not None  # type: ignore[no-any-return]
                                                    for v in self.cost_variants(p, cost)))

    def mana_units(self: "Game", p: int, spell: Spell | None = None,
                   by_hand: bool = False) -> list[tuple[int, frozenset[str]]]:
        """The mana ``p`` could draw to pay for ``spell``, as units of one
        mana each, ``(use id, symbols)`` in the order automatic payment
        prefers them (:meth:`_mana_preference`).

        Each use of a source makes its own mana once: a land, Mox, Birds of
        Paradise or City of Brass one mana a tap, whatever colors it could
        make; a source adding several mana at once (Sol Ring, Mana Vault,
        Mishra's Workshop, Urza's Tower) is that many units with the one id
        of that use. (What other permanents make a source add besides, Mana
        Flare's or Wild Growth's, is not counted: asking would set off their
        hooks.) A source used again and again without tapping is one use per
        time it can be used: Rasputin Dreamweaver one per counter, a player's
        life-for-mana effect (Channel) one per life it costs. A source of
        restricted mana counts only for a spell its use allows.

        ``by_hand``: everything the player could draw by hand, for whether a
        cost can be paid at all: also sources whose cost sacrifices a
        permanent (Black Lotus, counted as units of any color it may make),
        and life down to 0. Otherwise what automatic payment uses: it
        never sacrifices a permanent and never spends the last life point.
        Use ids are read back by :meth:`_mana_use`."""
        uses = self.spend_uses(spell)
        ranked = []
        for c, i, syms, ma in self._usable_sources(p, auto=True, sacrifice=by_hand):
            if ma.use and ma.use not in uses:
                continue
            amount = self._mana_amount(c, ma)
            times = self._uses_left(c, ma)
            pref = self._mana_preference(c, syms, ma)
            mix = h(self, c) if (h := c.cdef.hooks.mana_mix) is not None else ""
            for n in range(min(times, _MAX_USES)):
                sid = c.oid * _USE_IDS + i * _MAX_USES + n
                # distinct objects: plan_payment tells units apart by identity
                if mix:  # one unit per symbol of a use adding several kinds (Ice Cauldron)
                    ranked += [(pref, (sid, frozenset(s))) for s in mix]
                else:
                    ranked += [(pref, (sid, frozenset(syms))) for _ in range(max(1, amount))]
        for j, (via, syms, times) in enumerate(self._life_mana(p, by_hand)):
            # life for mana (Channel): spent only when nothing else pays
            ranked += [((9,), (-1 - j * _MAX_USES - n, frozenset(syms))) for n in range(min(times, _MAX_USES))]
        ranked.sort(key=lambda r: r[0])  # stable: battlefield order within a preference
        return [u for _, u in ranked]

    def _uses_left(self: "Game", c: Card, ma: ManaAbility) -> int:
        """How many times ``c``'s mana ability ``ma`` can be used now: once
        if it taps, else once per counter its cost removes (Rasputin
        Dreamweaver)."""
        return 1 if ma.cost.tap or not ma.cost.remove_counter else c.counters.get(ma.cost.remove_counter, 0)

    def _life_mana(self: "Game", p: int, by_hand: bool) -> list[tuple[str, str, int]]:
        """What ``p``'s life buys from life-for-mana effects (Channel):
        ``(via, symbols, times)`` of each of :meth:`player_mana`, with all
        of their life by hand (a player may pay down to 0), all but the last
        point for automatic payment."""
        if p in self.lands_only_mana:
            return []
        life, out = self.players[p].life - (0 if by_hand else 1), []
        for via, syms, per in self.player_mana(p):
            times = max(0, life) // per
            life -= times * per
            out.append((via, syms, times))
        return out

    def _mana_preference(self: "Game", c: Card, syms: str, ma: ManaAbility) -> tuple[int, ...]:
        """How early automatic payment uses ``c``'s ``ma`` (lower first), the
        source whose other uses matter least first: sources that hurt or
        change something when tapped (City of Brass, Elves of Deep Shadow,
        an enchanted land) last; restricted mana, good for nothing else
        (Mishra's Workshop for an artifact), first; lands before artifacts,
        artifacts before creatures (which could attack or block); a source
        with other abilities (Mishra's Factory, Library of Alexandria) after
        one without; and the source making the fewest kinds of mana first,
        so the more flexible ones stay untapped."""
        ch = self.chars(c)
        costly = int(bool(c.cdef.triggers) or bool(self.attached(c)))
        kind = 2 if ch.is_creature else 0 if "land" in ch.types else 1
        return (costly, int(not ma.use), kind, int(bool(self.abilities_of(c))), len(syms))

    def _mana_use(self: "Game", p: int, sid: int) -> tuple[Card | None, str | None]:
        """What a use id of :meth:`mana_units` draws from: (the permanent, or
        None if it is gone) or (None, the name of a player's mana effect)."""
        if sid < 0:
            j = (-1 - sid) // _MAX_USES
            return None, next((via for k, (via, _, _) in enumerate(self.player_mana(p)) if k == j), None)
        oid = sid // _USE_IDS
        return next((c for c in self.battlefield if c.oid == oid), None), None

    def _auto_plan(self: "Game", variants: list[ManaCost], pool: Mana,
                   units: list[tuple[int, frozenset[str]]]) -> list[tuple[int, str]] | None:
        """The automatic payment: the first cost variant that can be paid,
        planned over ``units`` (see :meth:`mana_units`) as they are ordered,
        and, while a plan leaves mana unspent from a source used only in part
        (Sol Ring tapped for one generic mana burns the other), again with the
        sources of several mana last, then first; the plan that wastes least,
        the earlier of equals. Several first is what pays {2} with all of a
        Sunastian Falconer's {2} rather than a Llanowar Elves and half of it."""
        count: dict[int, int] = {}
        for sid, _ in units:
            count[sid] = count.get(sid, 0) + 1
        several_last = sorted(units, key=lambda u: count[u[0]] > 1)
        several_first = sorted(units, key=lambda u: count[u[0]] == 1)
        best: tuple[int, list[tuple[int, str]]] | None = None
        for k, order in enumerate((units, several_last, several_first)):
            if order in (units, several_last)[:k]:
                continue
            plan = next((pp for v in variants if (pp := plan_payment(v, pool, order)) is not None), None)
            if plan is None:
                return None
            used: dict[int, int] = {}
            for sid, _ in plan:
                used[sid] = used.get(sid, 0) + 1
            waste = sum(count[sid] - n for sid, n in used.items())
            if best is None or waste < best[0]:
                best = (waste, plan)
            if waste == 0:
                break
        return best[1] if best is not None else None

    def cost_variants(self: "Game", p: int, cost: ManaCost) -> list[ManaCost]:
        """``cost`` and the ways ``p`` may pay it with other mana: hook
        ``spend_as(g, src, p) -> [(symbol, paid with)]`` (Sunglasses of Urza:
        white mana as red). The plain cost comes first."""
        out = [cost]
        for src in self.battlefield:
            h = src.cdef.hooks.spend_as
            for need, use in (h(self, src, p) if h is not None else []):
                for v in list(out):
                    for k in range(1, v.colored.get(need, 0) + 1):
                        col = dict(v.colored)
                        col[need] -= k
                        col[use] = col.get(use, 0) + k
                        alt = ManaCost(v.generic, {c: n for c, n in col.items() if n}, v.x)
                        if alt not in out:
                            out.append(alt)
        return out

    def max_mana(self: "Game", p: int) -> int:
        """The most mana ``p`` could have: the pool plus, for each source, the
        most one use of it adds (Sol Ring: 2, Black Lotus: 3) times the uses
        left (Rasputin Dreamweaver's counters), plus what all their life
        would buy (Channel: X up to their life for Fireball)."""
        most: dict[int, int] = {}
        for c, i, _ in self.mana_sources(p):
            ma = self.mana_abilities(c)[i]
            most[c.oid] = max(most.get(c.oid, 0), ma.amount * self._uses_left(c, ma))
        life = sum(n for _, _, n in self._life_mana(p, by_hand=True))
        return self.players[p].pool.total() + sum(most.values()) + life

    def ability_usable(self: "Game", p: int, card: Card, ab: Ability, kind: DecisionKind,
                       interrupting: Spell | None) -> bool:
        if ab.regenerate or card.zone != ab.zone:
            return False
        ch = self.chars(card)
        if not self.may_use(p, card, ab) or self.abilities_lost(card):
            return False
        if self.land_type_changed(card, ch):
            return False
        if ab.cost.tap and (card.tapped or (ch.is_creature and card.sick and SICK_TAP_OK not in ch.keywords)
                            or NO_TAP_ABILITIES in ch.flags):
            return False
        # A tapped non-creature artifact's effects cannot be used until it
        # untaps, even without {T} in their cost (000 "Artifacts and Artifact
        # Creatures"); hook usable_while_tapped(g, card, ab) names exceptions
        # (an untap cost: Mana Vault).
        if card.tapped and self.switched_off(card):
            h = card.cdef.hooks.usable_while_tapped
            if h is None or not h(self, card, ab):
                return False
        if kind is DecisionKind.PREVENT and not ab.prevention:
            return False
        if ab.prevention and kind is not DecisionKind.PREVENT:
            return False
        if kind is DecisionKind.INTERRUPT:
            if ab.speed is not Speed.INTERRUPT or not any(Kind.SPELL in t.kinds for t in ab.targets):
                return False
        if ab.condition is not None and not ab.condition(self, card):
            return False
        if ab.once_per_phase and card.phase_uses.get(self.phase_key(), 0):
            return False
        if ab.once_per_turn and card.phase_uses.get(f"{self.turn}:turn:{ab.text}", 0):
            return False
        probe = Spell(0, p, None, card, card.name, ability=ab, colors=frozenset(ch.colors))
        for spec in ab.targets:
            if not self.has_target(spec, probe, interrupting):
                return False
        if ab.cost.sacrifice_self and card.zone != "battlefield":
            return False
        if ab.cost.remove_counter and card.counters.get(ab.cost.remove_counter, 0) < ab.cost.counters:
            return False
        if ab.cost.discard_random and len(self.players[p].hand) < ab.cost.discard_random:
            return False
        if ab.cost.discard and not self.players[p].hand:
            return False
        if ab.cost.sacrifice and len(self.sacrificeable(p, self.word(card, ab.cost.sacrifice))) < ab.cost.sacrifice_count:
            return False
        if ab.cost.life and self.players[p].life < ab.cost.life:
            return False
        min_x = card.cdef.hooks.min_x if ab.x else 0
        cost = self.adjust_cost(probe, ab.cost.mana.with_x(min_x, extra_generic=self.extra_cost(probe)))
        return self.can_afford(p, cost, spell=probe)

    def discard_random_cost(self: "Game", p: int, src: Card, n: int) -> Gen:
        """Pay "discard N cards at random" for ``src``'s ability: a cost, not an
        effect, so straight to the graveyard (Coral Helm, Draconian Cylix)."""
        for _ in range(n):
            hand = self.players[p].hand
            if hand:
                gone = self.move(self.rng.choice(hand), "graveyard")
                self.log(f"{self.players[p].name} discards {gone.name} at random to use {src.name}.")
                yield from self.discarded(p, gone, None)

    def remove_cost_counters(self: "Game", src: Card, cost: Cost) -> None:
        """Pay a cost's "remove N counters of this kind from the source"."""
        n, kind = cost.counters, cost.remove_counter
        src.counters[kind] -= n
        self.log(f"{'A' if n == 1 else n} {kind} counter{'' if n == 1 else 's'} "
                 f"{'is' if n == 1 else 'are'} removed from {src.name}.")

    def sacrificeable(self: "Game", p: int, what: str) -> list[Card]:
        """The permanents ``p`` controls that are of type or subtype ``what``:
        what a cost "sacrifice a WHAT" may take (see :class:`engine.model.Cost`).
        The old cards write a creature type in the singular or the plural
        ("Summon - Goblins", "Summon - Goblin"): "sacrifice a Goblin" takes both.
        "snow-covered WHAT" takes only the snow-covered ones (Glacial Crevasses:
        "Sacrifice a snow-covered mountain"). A supertype is taken too: "snow" is
        "sacrifice a snow-covered land" (Sunstone); and a color word before the type:
        "green creature" (Thelonite Monk)."""
        if what.startswith("snow-covered "):
            return [c for c in self.sacrificeable(p, what[len("snow-covered "):])
                    if "snow" in self.chars(c).supertypes]
        color, _, rest = what.partition(" ")
        if rest and color in COLOR_LETTERS:
            return [c for c in self.sacrificeable(p, rest) if COLOR_LETTERS[color] in self.chars(c).colors]
        return [c for c in self.permanents(p) if what in (ch := self.chars(c)).types or what in ch.subtypes
                or what + "s" in ch.subtypes or what in ch.supertypes]

    def may_use(self: "Game", p: int, card: Card, ab: Ability) -> bool:
        """Who may use an ability: its controller, any player, the
        controller of the enchanted permanent (Paralyze), the active player."""
        if ab.who == "any":
            return True
        if ab.who == "enchanted controller":
            host = self.enchanted(card)
            return host is not None and self.controller(host) == p
        if ab.who == "active":
            return p == self.active
        if ab.who == "owner":  # Personal Incarnation
            return card.owner == p
        return self.controller(card) == p

    def phase_key(self: "Game") -> str:
        return f"{self.turn}:{self.phase}"

    def fast_choices(self: "Game", p: int, kind: DecisionKind, interrupting: Spell | None) -> list[str]:
        """The answers to a fast decision but "pass"."""
        with self.reading():
            return list(dict.fromkeys(self._fast_actions(p, kind, interrupting) + self.mana_choices(p)))

    def fast_actions(self: "Game", p: int, kind: DecisionKind, interrupting: Spell | None) -> list[str]:
        """:meth:`fast_choices` but the mana answers (``tap``, ``add``), in the same order."""
        with self.reading():
            return list(dict.fromkeys(self._fast_actions(p, kind, interrupting)))

    def _fast_actions(self: "Game", p: int, kind: DecisionKind, interrupting: Spell | None) -> list[str]:
        out: list[str] = []
        pl = self.players[p]
        if kind is DecisionKind.OPPORTUNITY and self.sorcery_timing(p, kind):
            out += self._land_plays(p)
            if self._may_attack():
                out.append("attack")
        castable: set[str] = set()
        for c in pl.hand + self.playable_elsewhere(p):
            # a second copy of a card already found castable adds nothing (the answer is the
            # same text, listed once): castable() is a pure test, so it is not asked again
            t = f"cast {c.name}"
            if t not in castable and self.castable(p, c, kind, interrupting):
                castable.add(t)
                out.append(t)
        for c, i, ab in self._read_board(("activations",), self._activations):
            if self.ability_usable(p, c, ab, kind, interrupting):
                out.append(_activation(ref(self, c), i))
        out += self._graveyard_activations(p, kind, interrupting)
        if kind in (DecisionKind.OPPORTUNITY, DecisionKind.RESPOND):
            out += [f"sacrifice {ref(self, c)}" for _, c in self.sacrifice_demands(p)]
        return out

    def _activations(self: "Game") -> list[tuple[Card, int, Ability]]:
        """(permanent, number, ability) of every activated ability in play, the
        permanents in timestamp order (a pure look-up, kept with the
        characteristics: callers must not change it)."""
        return [(c, i, ab) for c in self._by_timestamp() for i, ab in enumerate(self.ability_list(c), 1)]

    def _graveyard_activations(self: "Game", p: int, kind: DecisionKind, interrupting: Spell | None) -> list[str]:
        """``activate`` answers for the abilities used from ``p``'s graveyard
        (:attr:`engine.model.Ability.zone`: Whiteout), the card named as graveyard
        cards are (``Whiteout#2`` counts both graveyards)."""
        return [_activation(ref(self, c), i) for c in self.players[p].graveyard
                for i, ab in enumerate(c.cdef.abilities, 1)
                if ab.zone == "graveyard" and self.ability_usable(p, c, ab, kind, interrupting)]

    def playable_elsewhere(self: "Game", p: int) -> list[Card]:
        """The cards ``p`` may play or cast as though they were in their hand
        although they are not: set aside face up in ``p``'s removed pile with
        ``Card.flags["playable_by"] == p`` (Elkin Bottle's card, the spell on
        Ice Cauldron; see :func:`engine.effects.set_aside_playable`). They are
        played by the same answers (``play NAME``, ``cast NAME``), at the
        times the card could be played from hand."""
        return [c for c in self.players[p].removed if c.flags.get("playable_by") == p]

    def card_to_play(self: "Game", p: int, name: str) -> Card:
        """The card ``play NAME`` / ``cast NAME`` takes: one set aside to be
        played (:meth:`playable_elsewhere`) before one of the same name in
        hand. Choice: the two are the same card to play, and the one set
        aside is lost if it is not played (Elkin Bottle's is buried)."""
        return next(c for c in self.playable_elsewhere(p) + self.players[p].hand if c.name == name)

    def _land_plays(self: "Game", p: int) -> list[str]:
        """``play`` answers, at sorcery timing."""
        pl = self.players[p]
        if not self.can_play_land(p):
            return []
        cards = pl.hand + self.playable_elsewhere(p)
        if pl.lands_played < 1 or self.more_lands(p):
            return list(dict.fromkeys(f"play {c.name}" for c in cards
                                      if "land" in c.cdef.types and not self.play_forbidden(p, c)))
        # one more land of a kind a permanent allows: hook extra_land(g, src, p, card) -> bool (Gaea's Touch)
        hooks = [(src, h) for src in self.battlefield if (h := src.cdef.hooks.extra_land) is not None]
        return list(dict.fromkeys(f"play {c.name}" for c in cards if "land" in c.cdef.types
                                  and not self.play_forbidden(p, c) and any(h(self, src, p, c) for src, h in hooks)))

    def more_lands(self: "Game", p: int) -> bool:
        """Whether ``p`` may play any number of lands this turn: hook
        ``more_lands(g, src, p) -> bool`` of a permanent in play (Fastbond)."""
        for src in self.battlefield:
            h = src.cdef.hooks.more_lands
            if h is not None and h(self, src, p):
                return True
        return False

    def _may_attack(self: "Game") -> bool:
        """``attack`` is an answer, at sorcery timing."""
        return not self.attack_done and any(self.can_attack(c) for c in self.battlefield)

    def surely_fast_choice(self: "Game", p: int, kind: DecisionKind, interrupting: Spell | None, t: str) -> bool:
        """True if ``fast_choices(p, kind, interrupting)`` lists ``t``, found
        without listing everything, by the same tests, for the answers that
        are common in a history: playing a land, attacking, casting a card,
        activating an ability. False: another answer, or not listed."""
        verb, _, rest = t.partition(" ")
        with self.reading():
            if verb == "play" or t == "attack":
                if kind is not DecisionKind.OPPORTUNITY or not self.sorcery_timing(p, kind):
                    return False
                return t in self._land_plays(p) if verb == "play" else self._may_attack()
            if verb == "cast":
                return any(c.name == rest and self.castable(p, c, kind, interrupting)
                           for c in self.players[p].hand + self.playable_elsewhere(p))
            if verb == "activate":
                what, sep, num = rest.partition(" ability=")
                try:
                    i = read_number(num) if sep else 1
                except IllegalAction:
                    return False
                for c in self.battlefield:
                    if ref(self, c) == what:
                        abilities = self.ability_list(c)
                        return (1 <= i <= len(abilities) and _activation(what, i) == t
                                and self.ability_usable(p, c, abilities[i - 1], kind, interrupting))
        return False

    def sacrifice_demands(self: "Game", p: int) -> list[tuple[Card, Card]]:
        """Upkeep demands met by a sacrifice (Lord of the Pit): (demanding
        permanent, permanent that would satisfy it)."""
        out = []
        for src in sorted(self.battlefield, key=lambda c: c.timestamp):
            h = src.cdef.hooks.sacrifice_demand
            if h is None:
                continue
            for c in h(self, src, p):
                out.append((src, c))
        return out

    def can_play_land(self: "Game", p: int) -> bool:
        return True

    # ----------------------------------------------------------- parsing
    def canonical(self: "Game", p: int, text: str) -> str:
        """Rewrite the references in an action to their canonical form."""
        words = text.split(" ", 1)
        verb, rest = words[0], (words[1] if len(words) > 1 else "")
        try:
            if verb == "add":  # "add C" names the only source of that mana ("add C via Channel")
                cands = [c for c in self._last_choices if c == text or c.startswith(text + " via ")]
                return cands[0] if len(cands) == 1 else text
            if verb == "tap" and " for " in rest:
                what, sym = rest.rsplit(" for ", 1)
                objs = [o for o in lookup(self, what, ("permanents",)) if self.controller(o) == p]
                for o in objs:
                    cand = f"tap {ref(self, o)} for {self._one_kind(o, sym)}"
                    if cand in self._last_choices:
                        return cand
                return f"tap {ref(self, objs[0])} for {sym}" if objs else text
            if verb == "activate":
                parts = rest.split(" ability=")
                objs = lookup(self, parts[0], ("permanents",))
                suffix = f" ability={parts[1]}" if len(parts) > 1 and parts[1] != "1" else ""
                for o in objs:
                    cand = f"activate {ref(self, o)}{suffix}"
                    if cand in self._last_choices:
                        return cand
                return f"activate {ref(self, objs[0])}{suffix}" if objs else text
            if verb == "target":
                objs = lookup(self, rest, ("permanents", "players", "spells", "graveyards", "sources"))
                for o in objs:
                    cand = f"target {ref(self, o)}"
                    if cand in self._last_choices:
                        return cand
                return f"target {ref(self, objs[0])}" if objs else text
            if verb in ("sacrifice", "choose"):
                objs = lookup(self, rest, ("permanents",))
                for o in objs:
                    cand = f"{verb} {ref(self, o)}"
                    if cand in self._last_choices:
                        return cand
        except RefError as e:
            raise IllegalAction(str(e), e.reason) from None
        return text

    def parser_for(self: "Game", p: int, choices: list[str] | Callable[[], list[str]]):
        """A parser for answers naming objects; ``choices`` may be a function
        listing them (a decision listed later, see ``Game.ask``)."""
        def parse(text: str) -> str:
            ch = choices() if callable(choices) else choices
            self._last_choices = ch
            canon = self.canonical(p, text)
            if canon not in ch:
                raise IllegalAction(f"{text!r} is not legal now")
            return canon
        return parse

    # ------------------------------------------------------ fast decisions
    def ask_fast(self: "Game", p: int, kind: DecisionKind, prompt: str,
                 interrupting: Spell | None = None) -> Gen:
        """Ask ``p`` for a fast effect (or pass). Mana abilities used here
        do not end the decision. Returns the answer (not ``tap``)."""
        while True:
            listed: list[list[str]] = []
            # A creature that must attack (Siren's Call): the main phase cannot end before an
            # attack, so "pass" is no answer and declining announces the attack (003 "The Attack")
            forced: list[Card] = []
            if kind is DecisionKind.OPPORTUNITY and not self.attack_done and self.sorcery_timing(p, kind):
                with self.reading():
                    forced = self.attack_required(p, kind)
            decline = "attack" if forced else "pass"

            acted: list[list[str]] = []

            def actions() -> list[str]:  # listed once, when first needed (see Game.ask)
                if not acted:
                    acted.append(([] if forced else ["pass"]) + self.fast_actions(p, kind, interrupting))
                return acted[0]

            def choices() -> list[str]:  # the actions and the mana answers
                if not listed:
                    with self.reading():
                        listed.append(actions() + self.mana_choices(p))
                return listed[0]
            parser = self.parser_for(p, choices)
            if forced:
                parser = self._refusing_pass(parser, forced)
            if kind is DecisionKind.OPPORTUNITY:
                parser = self._announcing_attack(parser, choices)
            ans = yield from self.ask(p, kind, prompt, choices, decline=decline, parser=parser,
                                      about=interrupting.name if interrupting else "",
                                      surely=lambda t: (t == "pass" and not forced)
                                      or self.surely_fast_choice(p, kind, interrupting, t),
                                      actions=actions)
            if ans.startswith(("tap ", "add ")):
                yield from self.do_tap_answer(p, ans)
                continue
            return ans

    def _announcing_attack(self: "Game", parser: Callable[[str], str],
                           choices: Callable[[], list[str]]) -> Callable[[str], str]:
        """``parser``, also reading ``attack A, B+C`` where ``attack`` is an
        answer: the attack announced and its attackers declared in one answer
        (:meth:`Game.attack` declares them once the attack is not aborted).
        Declining to attack is "pass", not ``attack nothing``."""
        def parse(text: str) -> str:
            t = norm(text)
            if not t.startswith("attack ") or t == "attack":
                return parser(text)
            if "attack" not in choices():
                raise refuse(Refusal.NOT_NOW, "no attack can be announced now")
            with self.reading():
                canon = self.parse_attack(t)
            if canon == "attack nothing":
                raise refuse(Refusal.NOT_NOW, "to attack with nothing, do not announce an attack: answer 'pass'")
            return canon
        return parse

    def _refusing_pass(self: "Game", parser: Callable[[str], str], forced: list[Card]) -> Callable[[str], str]:
        """``parser``, saying why "pass" is refused while creatures must attack."""
        def parse(text: str) -> str:
            if norm(text) == "pass":
                names = ", ".join(ref(self, c) for c in forced)
                raise refuse(Refusal.NOT_NOW, f"{names} must attack this turn: announce an attack ('attack') "
                                              "before the main phase ends")
            return parser(text)
        return parse

    def do_tap_answer(self: "Game", p: int, ans: str) -> Gen:
        if ans.startswith("add "):
            sym, _, via = ans[4:].partition(" via ")
            life = next(lf for v, syms, lf in self.player_mana(p) if v == via and sym in syms)
            # a cost in life, not damage: no prevention step (Channel's text says so)
            self.lose_life(p, life, f" for mana from {via}")
            self.players[p].pool.add(sym, 1)
            self.log(f"{self.players[p].name} adds {{{sym}}} with {via}.")
            return
        what, sym = ans[4:].rsplit(" for ", 1)
        objs = [o for o in lookup(self, what, ("permanents",)) if self.controller(o) == p]
        yield from self.tap_for_mana(p, objs[0], sym)

    def perform(self: "Game", p: int, ans: str, kind: DecisionKind, interrupting: Spell | None = None) -> Gen:
        """Carry out an answer to a fast/opportunity decision; returns the
        successfully cast spell or effect (not yet resolved) or None."""
        verb, _, rest = ans.partition(" ")
        if verb == "play":
            card = self.card_to_play(p, rest)
            self.players[p].lands_played += 1
            new = self.move(card, "battlefield", controller=p)
            new.flags["played"] = self.players[p].lands_played  # the how-manieth land played this turn (Fastbond)
            self.log(f"{self.players[p].name} plays {new.name}.")
            yield from self.entered(new)
            yield from self.settle()
            return None
        if verb == "sacrifice":
            src, victim = next((s, c) for s, c in self.sacrifice_demands(p) if ref(self, c) == rest)
            src.phase_uses[self.phase_key()] = 1
            self.log(f"{self.players[p].name} sacrifices {victim.name} to {src.name}.")
            yield from self.put_in_graveyard([victim], how="sacrifice")
            yield from self.settle()
            return None
        if verb == "cast":
            card = self.card_to_play(p, rest)
            return (yield from self.cast_card(p, card, kind, interrupting))
        if verb == "activate":
            parts = rest.split(" ability=")
            with self.reading():  # finding the permanent and its ability changes nothing
                card = lookup(self, parts[0], ("permanents", "graveyards"))[0]  # graveyards: Ability.zone
                idx = int(parts[1]) if len(parts) > 1 else 1
                ability = self.abilities_of(card)[idx - 1]
            return (yield from self.activate(p, card, ability, kind, interrupting))
        raise AssertionError(ans)

    # ------------------------------------------------------------- casting
    def cast_card(self: "Game", p: int, card: Card, kind: DecisionKind, interrupting: Spell | None) -> Gen:
        cdef = card.cdef
        origin, kept = card.zone, dict(card.flags) if card.zone != "hand" else {}
        limbo = self.move(card, "limbo", controller=p)
        limbo.flags.update(kept)  # a card played from elsewhere keeps what it was set aside with (Ice Cauldron)
        spell = Spell(self.new_sid(), p, limbo, None, cdef.name, colors=frozenset(cdef.colors),
                      types=cdef.types)
        self.hidden_casts.append(p)
        ok = yield from self.build_spell(spell, kind, interrupting)
        self.hidden_casts.pop()
        if not ok:
            back = self.move(limbo, origin)
            back.flags.update(kept)
            # The spell was never announced: only its caster knows what it was.
            self.secrets.append((p, f"You cancel {back.name}; it returns " + ("to your hand." if origin == "hand"
                                                                                else "where it was set aside.")))
            return None
        tgt = (" targeting " + ", ".join(ref(self, t) for t in spell.targets)) if spell.targets else ""
        self.log(f"{self.players[p].name} casts {spell.name}{tgt}" + (f" (X={spell.x})" if cdef.cost.x else "") + ".")
        return (yield from self.announced(spell, interrupting))

    def activate(self: "Game", p: int, card: Card, ab: Ability, kind: DecisionKind,
                 interrupting: Spell | None, targets: Sequence[Target] | None = None) -> Gen:
        """Use ``ab`` of ``card``; ``targets``, when given, were chosen
        already (a mandatory ability's choice that cannot be declined, asked
        by the card): they are not asked again, so there is nothing to cancel."""
        ch = self.chars(card)
        spell = Spell(self.new_sid(), p, None, card, card.name, ability=ab, colors=frozenset(ch.colors),
                      source_snapshot={"colors": frozenset(ch.colors), "types": frozenset(ch.types),
                                       "power": ch.power})
        ok = yield from self.build_spell(spell, kind, interrupting, targets)
        if not ok:
            return None
        yield from self.fire(Event.ACTIVATED, spell=spell)
        if ab.once_per_phase:
            card.phase_uses[self.phase_key()] = card.phase_uses.get(self.phase_key(), 0) + 1
        if ab.once_per_turn:
            card.phase_uses[f"{self.turn}:turn:{ab.text}"] = 1
        tgt = (" targeting " + ", ".join(ref(self, t) for t in spell.targets)) if spell.targets else ""
        self.log(f"{self.players[p].name} uses {card.name}{tgt}.")
        return (yield from self.announced(spell, interrupting))

    def announced(self: "Game", spell: Spell, interrupting: Spell | None) -> Gen:
        """A spell or effect is announced: it may now be interrupted."""
        if interrupting is not None:
            spell.interrupting = interrupting
        self.spells.append(spell)
        yield from self.fire(Event.SPELL_ANNOUNCED, spell=spell)
        # what happens as a spell is cast, before anyone may interrupt it
        # (Nether Void): every permanent's hook ``on_cast(g, src, spell) -> Gen``
        # and, for an activated ability, ``on_activate(g, src, spell) -> Gen`` (Imprison)
        if spell.card is not None or spell.ability is not None:
            hooked = [(c, h) for c in self.battlefield
                      if (h := c.cdef.hooks.on_cast if spell.card is not None else c.cdef.hooks.on_activate)]
            for src, h in hooked:
                if src in self.battlefield and not self.switched_off(src) and not spell.countered:
                    yield from h(self, src, spell)
        yield from self.interrupt_window(spell)
        self.spells.remove(spell)
        if spell.countered:
            if spell.card is not None:
                self.move(spell.card, "graveyard")
            return None
        spell.successfully_cast = True
        yield from self.fire(Event.SPELL_CAST, spell=spell)
        return spell

    def interrupt_window(self: "Game", spell: Spell) -> Gen:
        """The caster's one chance to interrupt, then the opponent's."""
        for p in (spell.controller, 1 - spell.controller):
            if spell.countered:
                return
            ans = yield from self.ask_fast(p, DecisionKind.INTERRUPT,
                                          f"Interrupt {ref(self, spell)}?", interrupting=spell)
            if ans == "pass":
                continue
            inter = yield from self.perform(p, ans, DecisionKind.INTERRUPT, spell)
            if inter is not None:
                yield from self.resolve(inter)

    def announce_choice(self: "Game", p: int, an: Announce, spell: Spell, last: list[str],
                        kind: DecisionKind = DecisionKind.CAST_CHOOSE) -> Gen:
        """Ask ``p`` a choice announced on casting ``spell`` (``kind``: CHOOSE for a
        permanent put into play without being cast) and keep the answer in
        ``spell.chosen[an.key]``: the option's text, or for a choice of a
        permanent its oid. ``last``: ``["cancel"]`` where casting may still be
        cancelled (then None is returned, nothing kept). Returns the answer."""
        ctx = Ctx(self, spell)
        objs = an.permanents(self, ctx) if an.permanents is not None else None
        if objs is not None:
            with self.reading():  # naming them changes nothing
                opts = [ref(self, c) for c in objs]
        else:
            opts = an.options(self, ctx)
        ch = [f"choose {o}" for o in opts] + last
        ans = yield from self.ask(p, kind, f"{spell.name}: {an.prompt}", ch, about=spell.name,
                                  parser=self.parser_for(p, ch) if objs is not None else None)
        if ans == "cancel":
            return None
        spell.chosen[an.key] = objs[ch.index(ans)].oid if objs is not None else ans[len("choose "):]
        return ans

    def build_spell(self: "Game", spell: Spell, kind: DecisionKind, interrupting: Spell | None,
                    targets: Sequence[Target] | None = None) -> Gen:
        """Mode, X, targets (unless ``targets`` gives them), announced choices
        and payment. False if cancelled."""
        p = spell.controller
        card = spell.card
        ab = spell.ability
        cancel = ["cancel"]
        # mode
        if card is not None and card.cdef.spell is not None:
            modes = [m for m in self.spell_modes(card) if self.mode_usable(m, spell, kind, interrupting)]
            all_modes = self.spell_modes(card)
            if len(modes) > 1:
                ch = [f"mode={all_modes.index(m) + 1}" for m in modes]
                said = "; ".join(f"{c}: {m.description}" for c, m in zip(ch, modes) if m.description)
                ans = yield from self.ask(p, DecisionKind.CAST_MODE, f"{spell.name}: which mode?"
                                          + (f" ({said})" if said else ""), ch + cancel, about=spell.name)
                if ans == "cancel":
                    return False
                spell.mode = all_modes[int(ans.split("=")[1]) - 1]
            else:
                spell.mode = modes[0]
            specs = spell.mode.targets
            spec_obj = card.cdef.spell
        elif card is not None and card.cdef.enchant is not None:
            specs = (card.cdef.enchant,)
            spec_obj = None
        elif ab is not None:
            specs = ab.targets
            spec_obj = None
        else:
            specs = ()
            spec_obj = None
        cost = card.cdef.cost if card is not None else ab.cost.mana
        # X
        has_x = bool(cost.x) and not (spec_obj and spec_obj.x_from_target)
        if has_x:
            fixed = cost.with_x(0).total
            # a cost reduction (Mana Matrix) lets X go as much higher
            top = max(0, self.max_mana(p) - fixed - min(0, self.extra_cost(spell)))
            # hook min_x: "X cannot be 0" (Aladdin's Lamp)
            low = (card or spell.source).cdef.hooks.min_x
            if (most := (card or spell.source).cdef.hooks.max_x) is not None:
                top = min(top, most(self, card or spell.source, p))
            ans = yield from self.ask(p, DecisionKind.CAST_X, f"{spell.name}: choose X",
                                      [f"x={i}" for i in range(low, top + 1)] + cancel,
                                      about=spell.name)
            if ans == "cancel":
                return False
            spell.x = int(ans.split("=")[1])
        if spec_obj is not None and spec_obj.life_x:
            # X is the life paid (SpellSpec.life_x): from 1 to all the caster's life
            ans = yield from self.ask(p, DecisionKind.CAST_X, f"{spell.name}: choose X, the life you pay",
                                      [f"x={i}" for i in range(1, self.players[p].life + 1)] + cancel,
                                      about=spell.name)
            if ans == "cancel":
                return False
            spell.x = int(ans.split("=")[1])
        # targets
        multi = bool(spec_obj and spec_obj.multi_target)
        # "X target mountains": exactly X targets (a spell's or an ability's)
        exact_x = bool(spec_obj and spec_obj.targets_x) or bool(ab is not None and ab.targets_x)
        if targets is not None:
            spell.targets = list(targets)
            specs = ()
        for i, spec in enumerate(specs):
            while True:
                if exact_x and len(spell.targets) >= spell.x:
                    break
                # (the opponent's choice may name the caster's target again: it is another "target")
                cands = [c for c in self.target_candidates(spec, spell, interrupting)
                         if c not in spell.targets or spec.chooser == "opponent"]
                ch = [f"target {ref(self, c)}" for c in cands]
                extra = ["done"] if multi and spell.targets and not exact_x else []
                if not ch and extra:
                    break
                chooser, last = (1 - p, []) if spec.chooser == "opponent" else (p, cancel)
                ans = yield from self.ask(chooser, DecisionKind.CAST_TARGET, f"{spell.name}: {spec.what}",
                                          ch + extra + last, parser=self.parser_for(chooser, ch + extra + last),
                                          about=spell.name)
                if ans == "cancel":
                    return False
                if ans == "done":
                    break
                spell.targets.append(cands[ch.index(ans)])
                if spec.damaged:
                    ok = yield from self.choose_packet_source(spell, spell.targets[-1])
                    if not ok:
                        return False
                if not multi and not exact_x:
                    break
        if spec_obj and spec_obj.x_from_target:
            spell.x = spec_obj.x_from_target(self, Ctx(self, spell))
        # announced choices
        announces = (card.cdef.spell.announce if card is not None and card.cdef.spell else ()) + \
            (card.cdef.announce if card is not None else ()) + (ab.announce if ab else ())
        for an in announces:
            ans = yield from self.announce_choice(p, an, spell, cancel)
            if ans is None:
                return False
        # payment
        total = cost.with_x(spell.x, extra_generic=(spec_obj.extra_cost_per_target * max(0, len(spell.targets) - 1)
                                                     if spec_obj else 0))
        inc = self.extra_cost(spell)
        if inc:
            total = total.plus(ManaCost(inc))
        total = self.adjust_cost(spell, total)
        xc = card.cdef.hooks.x_color if card is not None else None
        if xc and spell.x:
            # Drain Life: X must be paid with mana of one color
            col = dict(total.colored)
            col[xc] = col.get(xc, 0) + spell.x
            total = ManaCost(total.generic - spell.x, col, 0)
        xcs = card.cdef.hooks.x_colors if card is not None else None
        if xcs is not None and spell.x:
            # Soul Burn: X paid with mana of the colors announced, so much of each
            col = dict(total.colored)
            split = xcs(self, spell)
            for sym, n in split.items():
                if n:
                    col[sym] = col.get(sym, 0) + n
            total = ManaCost(total.generic - sum(split.values()), col, 0)
        any_mana = self.any_mana_effect(spell)
        if any_mana is not None:
            total = ManaCost(total.total)
        discarded: Card | None = None
        victim: Card | None = None
        more: list[Card] = []
        # the cost beyond mana: an ability's, or a spell's additional cost (SpellSpec.cost)
        extra = ab.cost if ab is not None else (spec_obj.cost if spec_obj is not None else None)
        if extra is not None:
            if extra.life and self.players[p].life < extra.life:
                return False
            if extra.discard:
                hand = self.players[p].hand
                if not hand:
                    return False
                names = sorted({c.name for c in hand})
                ans = yield from self.ask(p, DecisionKind.DISCARD, f"{spell.name}: discard which card?",
                                          [f"discard {n}" for n in names] + cancel, about=spell.name)
                if ans == "cancel":
                    return False
                discarded = next(c for c in hand if c.name == ans[len("discard "):])
            if extra.sacrifice:
                what = self.word(spell.source or spell.card, extra.sacrifice)  # "a swamp" as its text reads it (Magical Hack)
                able = self.sacrificeable(p, what)
                if not able:
                    return False
                ch = [f"sacrifice {ref(self, c)}" for c in able]
                ans = yield from self.ask(p, DecisionKind.SACRIFICE, f"{spell.name}: sacrifice which "
                                          f"{what}?", ch + cancel, about=spell.name)
                if ans == "cancel":
                    return False
                victim = able[ch.index(ans)]
                more = []  # the others of "sacrifice two Goblins", one at a time
                while len(more) + 1 < extra.sacrifice_count:
                    left = [c for c in able if c is not victim and c not in more]
                    if not left:
                        return False
                    ch = [f"sacrifice {ref(self, c)}" for c in left]
                    ans = yield from self.ask(p, DecisionKind.SACRIFICE, f"{spell.name}: sacrifice which other "
                                              f"{what}?", ch + cancel, about=spell.name)
                    if ans == "cancel":
                        return False
                    more.append(left[ch.index(ans)])
        paid = yield from self.pay(p, total, spell, x_color=(card.cdef.hooks.x_color if card else None))
        if not paid:
            return False
        if any_mana is not None and any_mana in self.effects:
            self.effects.remove(any_mana)
            self.log(f"{spell.name} is paid for with mana of any type.")
        if card is not None and card.cdef.spell is not None and card.cdef.spell.life:
            # an additional cost in life (SpellSpec.life): loss of life, not damage
            self.lose_life(p, card.cdef.spell.life, f" to cast {spell.name}")
        if spec_obj is not None and spec_obj.life_x:
            self.lose_life(p, spell.x, f" to cast {spell.name}")  # X paid in life: loss of life, not damage
        if ab is not None:
            src = spell.source
            if ab.cost.tap:
                src.tapped = True
            if ab.cost.life:
                self.lose_life(p, ab.cost.life, f" to use {src.name}")
            if ab.cost.sacrifice_self:
                yield from self.put_in_graveyard([src], how="sacrifice")
            if ab.cost.remove_self:
                self.move(src, "removed")
            if ab.cost.remove_counter:
                self.remove_cost_counters(src, ab.cost)
            if discarded is not None and discarded in self.players[p].hand:  # a cost: straight to the graveyard
                spell.chosen["discarded"] = discarded.name
                spell.chosen["discarded_types"] = discarded.cdef.types
                gone = self.move(discarded, "graveyard")
                self.log(f"{self.players[p].name} discards {discarded.name} to use {src.name}.")
                yield from self.discarded(p, gone, None)  # a cost: caused by no effect
            yield from self.discard_random_cost(p, src, ab.cost.discard_random)
        if victim is not None and victim in self.battlefield:
            spell.chosen["sacrificed"] = victim.name
            spell.chosen["sacrificed_subtypes"] = frozenset(self.chars(victim).subtypes)  # "if it was a Thrull"
            spell.chosen["sacrificed_cost"] = victim.cdef.cost.total  # its casting cost (Homarid Spawning Bed)
            if extra is not None and extra.sacrifice_removed:
                for c in [victim] + more:
                    c.remove_if_dies = True
            yield from self.put_in_graveyard([victim] + [c for c in more if c in self.battlefield], how="sacrifice")
        return True

    def choose_packet_source(self: "Game", spell: Spell, receiver: Card | Player) -> Gen:
        """A prevention effect aimed at a creature or player hurt by several
        sources names which packet it acts on (``from=CARD`` in scripts);
        with one source there is nothing to ask. False if cancelled."""
        sources = list(dict.fromkeys(pk.source_name for pk in self.pending_damage
                                     if pk.receiver is receiver and pk.amount > 0))
        if len(sources) < 2:
            return True
        ans = yield from self.ask(spell.controller, DecisionKind.CAST_CHOOSE,
                                  f"{spell.name}: prevent damage from which source?",
                                  [f"from {s}" for s in sources] + ["cancel"], about=spell.name)
        if ans == "cancel":
            return False
        spell.packet_from = ans[len("from "):]
        return True

    def pay(self: "Game", p: int, cost: ManaCost, spell: Spell, x_color: str | None = None) -> Gen:
        """Pay a mana cost: ``pay`` from the pool, ``auto``, ``tap`` sources
        one by one, or ``cancel`` (mana drawn stays in the pool)."""
        pl = self.players[p]
        if cost.total == 0 and not spell.ability or (cost.total == 0 and spell.ability is not None):
            return True
        variants = self.cost_variants(p, cost)
        uses = self.spend_uses(spell)  # restricted mana this spell may be paid with
        while True:
            ch: list[str] = []
            pool = pl.pool.spendable(uses)
            payable = next((v for v in variants if pool.can_pay(v)), None)
            if payable is not None:
                ch.append("pay")
            with self.reading():  # listing the ways to pay changes nothing
                sources = self.mana_units(p, spell)
                if spell.source is not None:
                    # automatic payment taps the permanent being used last (Mishra's
                    # Factory paying its own {1} with another land stays untapped)
                    # (still before life for mana)
                    sources.sort(key=lambda s: 2 if s[0] < 0 else int(s[0] // _USE_IDS == spell.source.oid))
                plan = self._auto_plan(variants, pool, sources)
                if plan is not None:
                    ch.append("auto")
            # the mana abilities to draw from by hand: listed when someone looks (see Game.ask)
            listed: list[list[str]] = []

            def choices(listed: list[list[str]] = listed, ch: list[str] = ch) -> list[str]:
                if not listed:
                    listed.append(ch + self.mana_choices(p) + ["cancel"])
                return listed[0]
            known = ch + ["cancel"]
            ans = yield from self.ask(p, DecisionKind.PAY, f"{spell.name}: pay {cost} (pool {pl.pool.text() or 'empty'})",
                                      choices, parser=self.parser_for(p, choices), about=spell.name,
                                      surely=known.__contains__, cost=cost, actions=known.copy)
            if ans == "cancel":
                return False
            if ans.startswith(("tap ", "add ")):
                yield from self.do_tap_answer(p, ans)
                continue
            if ans == "auto":
                used: set[int] = set()
                for sid, sym in plan:
                    if sid in used:
                        continue  # another unit of a source already used (Sol Ring's second mana)
                    used.add(sid)
                    card, via = self._mana_use(p, sid)
                    if via is not None:
                        yield from self.do_tap_answer(p, f"add {sym} via {via}")
                        continue
                    if card is None:
                        break  # drawing mana made a planned source leave play: ask again, below
                    yield from self.tap_for_mana(p, card, sym)
                pool = pl.pool.spendable(uses)
                payable = next((v for v in variants if pool.can_pay(v)), None)
                if payable is None:
                    continue  # a trigger changed things; ask again
            before = pool.copy()
            pool.pay(payable)
            spent = Mana({k: before.amounts.get(k, 0) - pool.amounts.get(k, 0) for k in before.amounts})
            pl.pool.spend(spent, uses)
            spell.paid = spent
            return True

    # ------------------------------------------------------------- batches
    def run_batch(self: "Game", first: Spell, kind: DecisionKind = DecisionKind.RESPOND) -> Gen:
        """Responses to ``first`` (active player first each time), then the
        whole batch resolves last in, first out."""
        local = [first]
        self.batch.append(first)
        p = self.active
        while True:
            ans = yield from self.ask_fast(p, kind if kind is DecisionKind.PREVENT else DecisionKind.RESPOND,
                                          f"Respond to {ref(self, local[-1])}?")
            if ans == "pass":
                if p == self.nonactive:
                    break
                p = self.nonactive
                continue
            s = yield from self.perform(p, ans, kind if kind is DecisionKind.PREVENT else DecisionKind.RESPOND)
            if s is not None:
                local.append(s)
                self.batch.append(s)
            p = self.active
        while local:
            s = local.pop()
            yield from self.resolve(s)
            if s in self.batch:
                self.batch.remove(s)

    def act_and_resolve(self: "Game", p: int, ans: str, kind: DecisionKind) -> Gen:
        """An action taken with nothing pending: begins a batch if it is fast."""
        s = yield from self.perform(p, ans, kind)
        if s is not None:
            yield from self.run_batch(s, DecisionKind.PREVENT if kind is DecisionKind.PREVENT else DecisionKind.RESPOND)

    # ----------------------------------------------------------- resolving
    def resolve(self: "Game", spell: Spell) -> Gen:
        """Resolve a spell or effect: re-check targets (all illegal: it
        fizzles), do what it says, then settle damage and deaths."""
        specs: tuple[TargetSpec, ...] = ()
        if spell.mode is not None:
            specs = spell.mode.targets
        elif spell.card is not None and spell.card.cdef.enchant is not None:
            specs = (spell.card.cdef.enchant,)
        elif spell.ability is not None:
            specs = spell.ability.targets
        if spell.targets:
            legal = []
            for i, t in enumerate(spell.targets):
                spec = specs[min(i, len(specs) - 1)]
                legal.append(t if self.target_still_legal(spec, spell, t) else None)
            if all(x is None for x in legal):
                self.log(f"{spell.name} fizzles: no legal target.")
                if spell.card is not None:
                    self.move(spell.card, "graveyard")
                return
            spell.targets = legal
        if spell.countered:
            return
        self.resolving += 1
        try:
            card = spell.card
            ctx = Ctx(self, spell)
            if card is not None and card.cdef.is_permanent:
                new = self.move(card, "battlefield", controller=spell.controller)
                new.chosen.update(spell.chosen)
                if card.cdef.cost.x:
                    new.chosen["x"] = spell.x  # a permanent's X, for its "comes into play" effect (Rock Hydra)
                if spell.colors != frozenset(card.cdef.colors):
                    new.color_override = spell.colors
                new.text_changes.update(card.text_changes)
                if card.cdef.enchant is not None:
                    new.attached_to = spell.targets[0].oid
                self.log(f"{new.name} comes into play under {self.players[spell.controller].name}'s control.")
                yield from self.entered(new)
            else:
                fn = spell.mode.effect if spell.mode is not None else (spell.ability.effect if spell.ability else None)
                if fn is not None:
                    yield from fn(self, ctx)
                # (unless its effect put it elsewhere: All Hallow's Eve, Recall remove themselves)
                if card is not None and card.zone == "limbo" and card in self.limbo:
                    self.move(card, "graveyard")
        finally:
            self.resolving -= 1
        yield from self.settle()

    def entered(self: "Game", card: Card) -> Gen:
        """A permanent came into play: world enchantments, its own
        "comes into play" effect and triggers."""
        yield from self.entered_together([card])

    def entered_together(self: "Game", cards: list[Card]) -> Gen:
        """Permanents came into play at the same time: first the enchant
        world rule (:meth:`bury_older_worlds`), then each one's own "comes
        into play" effect and triggers, in the order given."""
        yield from self.bury_older_worlds(cards)
        for card in cards:
            if card.cdef.on_enter is not None:
                yield from card.cdef.on_enter(self, Ctx(self, controller=card.controller, source=card))
            yield from self.fire(Event.ENTERS, card=card)

    def bury_older_worlds(self: "Game", new: list[Card]) -> Gen:
        """The enchant world rule (002 "Enchant worlds are global
        enchantments, and only one can be in play at any given time. If an
        enchant world enters play, any other enchant world already in play is
        buried, regardless of whether the two share the same name. If more
        than one enchant world enters play at the same time, all of them are
        buried."). Buried: no regeneration. It applies to every way into play
        (cast, Eureka, Animate Dead, ...), for both players' worlds alike."""
        entering = [c for c in new if "world" in self.chars(c).supertypes]
        if not entering:
            return
        doomed = [c for c in self.battlefield if c not in entering and "world" in self.chars(c).supertypes]
        if len(entering) > 1:
            doomed += entering
        if doomed:
            yield from self.put_in_graveyard(doomed, how="bury")


def _activation(name: str, i: int) -> str:
    """The answer activating ability ``i`` (from 1) of the permanent named ``name``."""
    return f"activate {name}" + (f" ability={i}" if i > 1 else "")


def _no_effect(g: "Game", ctx: Ctx) -> Gen:
    if False:  # pragma: no cover
        yield
    return None


__all__ = ["CastingRules", "FAST_KINDS", "IllegalAction", "ManaError", "Player"]
