"""Damage, the damage prevention step, destruction and regeneration.

Fifth Edition (MicroProse manual "Damage Prevention"; 5th Ed. rules text):

* Damage from one resolution or one combat damage step is a set of
  *packets*, one per source and receiver. It is pending until the end of a
  damage prevention step, in which only prevention, redirection and healing
  effects may be played (in batches, active player first). New damage
  during the step joins it.
* Automatic reductions (protection, "is reduced to 0") apply as the step
  begins and to new damage; side effects and automatic redirection apply at
  its end, to what was not prevented, and may start another step.
* After the step, creatures with lethal damage and permanents destroyed by
  the effect go to the graveyard unless regenerated; buried ones cannot be
  regenerated; sacrificed ones just go.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .ctx import Ctx
from .decisions import DecisionKind
from .mana import COLOR_NAMES
from .model import NO_TAP_ABILITIES, Event, Gen
from .objects import Card, Chars, Packet, Player, Spell
from .refs import ref
from .tracked import MINOR, VERSION

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game


class DamageRules:
    """Mixin of :class:`engine.game.Game`."""

    # ----------------------------------------------------------- dealing
    def deal_damage(self: "Game", source: Spell | Card | dict[str, Any], receiver: Card | Player, amount: int, *,
                    combat: bool = False, source_name: str | None = None,
                    controller: int | None = None) -> None:
        """Create (or add to) a damage packet; it is dealt when the current
        damage prevention step ends. ``source`` is a permanent, a spell or
        a dict snapshot of the source's characteristics."""
        if amount <= 0:
            return
        aimed = isinstance(source, Spell) and any(t is receiver for t in source.targets)
        if isinstance(source, Spell) and source.chosen.get("damage_to_caster"):
            # Reverberation: all the damage of this spell is dealt to its caster instead
            receiver = self.players[source.controller]
        if isinstance(source, Spell):
            snap = source.source_snapshot or {}
            colors = snap.get("colors", source.colors)
            types = snap.get("types", source.types)
            oid = source.source.oid if source.source is not None else (source.card.oid if source.card else None)
            name, ctrl = source.name, source.controller
        elif isinstance(source, Card):
            ch = self.chars(source)
            colors, types, oid, name, ctrl = frozenset(ch.colors), frozenset(ch.types), source.oid, source.name, ch.controller
        else:
            colors, types, oid = source["colors"], source["types"], source.get("oid")
            name, ctrl = source["name"], source["controller"]
        for src in self.battlefield:
            if (h := src.cdef.hooks.damage_source_colors) is not None:
                colors = h(self, src, frozenset(colors))
        for pk in self.pending_damage:
            if pk.source_oid == oid and pk.receiver is receiver and pk.combat == combat and pk.source_name == name:
                pk.amount += amount
                pk.original += amount
                self._auto_reduce(pk)
                return
        pk = Packet(source_name or name, oid, frozenset(colors), frozenset(types),
                    ctrl if controller is None else controller, receiver, amount, combat, amount, aimed=aimed,
                    spell_sid=source.sid if isinstance(source, Spell) else None)
        if isinstance(source, Spell) and source.card is not None:
            # a spell (not an effect) dealing damage: what it targets (Bronze Horse)
            pk.spell_targets = frozenset(t.oid for t in source.targets if isinstance(t, Card))
        self._auto_reduce(pk)
        self.pending_damage.append(pk)

    def _auto_reduce(self: "Game", pk: Packet) -> None:
        """Automatic redirection as damage is dealt, then protection and
        "damage ... is reduced to 0" effects. Hook ``redirect_damage(g, src,
        pk) -> receiver | None`` of permanents in play: the damage is dealt to
        that receiver instead (Martyrs of Korlis)."""
        for src in self.battlefield:
            h = src.cdef.hooks.redirect_damage
            if h is not None and pk.receiver is not src and (to := h(self, src, pk)) is not None:
                pk.receiver = to
        # continuous effects' redirect_damage(g, pk) -> receiver | None (Gaze of Pain)
        for e in self.effects:
            h2 = e.hooks.redirect_damage
            if h2 is not None and (to := h2(self, pk)) is not None:
                pk.receiver = to
        r = pk.receiver
        if isinstance(r, Card):
            if r.zone != "battlefield":
                pk.amount = 0
                return
            kw = self.chars(r).keywords
            for col in pk.source_colors:
                if f"protection from {COLOR_NAMES[col]}" in kw:
                    pk.amount, pk.absorbed = 0, True
            if "artifact" in pk.source_types and "protection from artifacts" in kw:
                pk.amount, pk.absorbed = 0, True
        for src in self.battlefield:
            h = src.cdef.hooks.reduce_damage
            if h is not None and h(self, src, pk):
                pk.amount, pk.absorbed = 0, True
            # "... that damage is reduced to N" (Forethought Amulet): damage_cap(g, src, pk) -> int | None
            cap = src.cdef.hooks.damage_cap
            if cap is not None and not self.switched_off(src):
                n = cap(self, src, pk)
                if n is not None and pk.amount > n:
                    pk.amount = n
        for e in self.effects:
            h = e.hooks.reduce_damage
            if h is not None and h(self, pk):
                pk.amount, pk.absorbed = 0, True

    # --------------------------------------------------------- prevention
    def prevent(self: "Game", receiver: Card | Player, amount: int | None, source_oid: int | None = None,
                source_name: str | None = None) -> int:
        """Prevent up to ``amount`` (None: all) pending damage to ``receiver``
        (optionally only from one source). Returns how much was prevented.
        Damage to a creature with the flag "damage cannot be prevented"
        (Whippoorwill) is not prevented."""
        done = 0
        if isinstance(receiver, Card) and receiver.zone == "battlefield" \
                and "damage cannot be prevented" in self.chars(receiver).flags:
            return 0
        for pk in self.pending_damage:
            if pk.receiver is not receiver:
                continue
            if source_oid is not None and pk.source_oid != source_oid:
                continue
            if source_name is not None and pk.source_name != source_name:
                continue
            take = pk.amount if amount is None else min(pk.amount, amount - done)
            pk.amount -= take
            if amount is None:
                pk.absorbed = True
            done += take
            if amount is not None and done >= amount:
                break
        if done:
            self.log(f"{done} damage to {receiver.name} is prevented.")
        return done

    def prevention_step(self: "Game") -> Gen:
        """One damage prevention step over the pending packets."""
        saved_step = self.step
        self.step = "damage prevention"
        self.in_prevention = True
        # every packet of this step in order, those prevented down to 0 too (the trample
        # spill-over looks at what was prevented on blockers, see below)
        seen: list[Packet] = []
        try:
            while True:
                seen += [pk for pk in self.pending_damage if not any(pk is s for s in seen)]
                self.pending_damage = [pk for pk in self.pending_damage if pk.amount > 0]
                if not self.pending_damage:
                    break
                ans = yield from self.ask_fast(self.active, DecisionKind.PREVENT, self._dp_prompt())
                if ans == "pass":
                    ans = yield from self.ask_fast(self.nonactive, DecisionKind.PREVENT, self._dp_prompt())
                    if ans == "pass":
                        yield from self.prevention_offers()
                        break
                    yield from self.act_and_resolve(self.nonactive, ans, DecisionKind.PREVENT)
                else:
                    yield from self.act_and_resolve(self.active, ans, DecisionKind.PREVENT)
        finally:
            self.in_prevention = False
            self.resume_step(saved_step)
        seen += [pk for pk in self.pending_damage if not any(pk is s for s in seen)]
        self._trample_spill_after_prevention(seen)
        packets = [pk for pk in seen if pk.amount > 0]
        self.pending_damage = []
        # automatic redirection and side effects apply now to unprevented damage
        for pk in packets:
            self._apply_packet(pk)
        for pk in packets:
            if pk.amount > 0:  # (a damage_cap may have left nothing to deal)
                yield from self.fire(Event.DAMAGE_DEALT, packet=pk)

    def prevention_offers(self: "Game") -> Gen:
        """Last in a damage prevention step, once both players have passed:
        the hooks ``prevention_offer(g) -> Gen`` of continuous effects, which
        may offer a player to prevent damage still pending (Guardian Angel's
        "canceled by spending 1 mana per point of damage")."""
        for e in list(self.effects):
            h = e.hooks.prevention_offer
            if h is not None and self.pending_damage:
                yield from h(self)

    def _trample_spill_after_prevention(self: "Game", packets: list[Packet]) -> None:
        """Trample damage reaches the player only past lethal damage really
        dealt to the blockers (000 "Trample": "Reducing or preventing the
        damage will reduce or prevent the spillover"). Damage prevented or
        redirected on a blocker comes off the spill-over, and the spill-over
        taken back goes to that blocker instead: the trampler's damage is not
        lost twice (a 2/2 Ogre blocking a 3/3 War Mammoth, Samite Healer
        preventing 1 to the Ogre: the Ogre takes 2 and dies, the player
        nothing). A blocker no damage can reach (protection, "prevent all")
        takes nothing back: what would have spilled over is lost. ``packets``:
        the step's, those prevented down to 0 included."""
        for attacker, blockers, defender in self.trample_links:
            short = [[pk, pk.original - pk.amount] for pk in packets
                     if pk.source_oid == attacker and isinstance(pk.receiver, Card)
                     and pk.receiver.oid in blockers and pk.original > pk.amount]
            for spill in packets:
                if spill.source_oid != attacker or spill.receiver is not defender:
                    continue
                for gap in short:
                    cut = min(spill.amount, gap[1])
                    spill.amount -= cut
                    gap[1] -= cut
                    if not gap[0].absorbed:
                        gap[0].amount += cut
        self.trample_links = []

    def _dp_prompt(self: "Game") -> str:
        return "Damage prevention: " + "; ".join(pk.describe() for pk in self.pending_damage)

    def _apply_packet(self: "Game", pk: Packet) -> None:
        r = pk.receiver
        if pk.spell_sid is not None and "sorcery" in pk.source_types:
            # damage dealt by each sorcery this turn (Backdraft): sid -> (turn, caster, name, amount)
            turn, caster, name, n = self.sorcery_damage.get(pk.spell_sid, (self.turn, pk.source_controller,
                                                                          pk.source_name, 0))
            self.sorcery_damage = {k: v for k, v in self.sorcery_damage.items() if v[0] == self.turn}
            self.sorcery_damage[pk.spell_sid] = (turn, caster, name, n + pk.amount)
        if isinstance(r, Player):
            # hook damage_cap(g, src, packet) -> int | None: the most damage the packet may
            # still deal as it is dealt, after prevention (Ali from Cairo: no lower than 1 life)
            for src in self.battlefield:
                h = src.cdef.hooks.damage_cap
                cap = h(self, src, pk) if h is not None else None
                if cap is not None and cap < pk.amount:
                    self.log(f"{pk.amount - cap} damage to {r.name} is prevented ({src.name}).")
                    pk.amount = cap
            if pk.amount <= 0:
                return
            r.life -= pk.amount
            self.player_damage[(self.turn, r.idx)] = self.player_damage.get((self.turn, r.idx), 0) + pk.amount
            self.damage_log = [e for e in self.damage_log if e[0] == self.turn] + [(self.turn, pk)]
            self.log(f"{self._source_ref(pk)} deals {pk.amount} damage to {r.name} ({r.life} life).")
        elif r.zone == "battlefield" and r in self.battlefield:
            r.damage += pk.amount
            if pk.source_oid is not None:
                r.damaged_by.add(pk.source_oid)
            self.log(f"{self._source_ref(pk)} deals {pk.amount} damage to {ref(self, r)}.")

    def _source_ref(self: "Game", pk: Packet) -> str:
        """The damage's source as the log names it: a permanent still in play by its ref
        ("Serendib Efreet#2", when two of that name are), anything else by its name."""
        src = next((c for c in self.battlefield if c.oid == pk.source_oid), None) \
            if pk.source_oid is not None else None
        return ref(self, src) if src is not None and src.name == pk.source_name else pk.source_name

    # --------------------------------------------------------- settling
    def settle(self: "Game") -> Gen:
        """After any resolution or damage step: prevention for pending
        damage, then deaths and other state checks, repeated while side
        effects make new damage. Inside a damage prevention step nothing
        settles: new damage joins the current step."""
        if self.in_prevention:
            return
        for _ in range(100):
            yield from self.note_taps()
            if self.pending_damage:
                yield from self.prevention_step()
            yield from self.state_checks()
            yield from self.note_taps()  # regeneration taps
            if any(d.event is Event.STATE for d in self.delayed):
                yield from self.fire(Event.STATE)
            if not self.pending_damage:
                return

    def destroy(self: "Game", card: Card, *, bury: bool = False, why: str = "") -> None:
        """Mark a permanent destroyed (or buried): it goes at the next settle.
        A permanent with the flag "cannot be destroyed" (Consecrate Land's
        land) is neither destroyed nor buried. ``why`` ends the one log line
        it goes with: ": it was used this turn" makes "Rocket Launcher is
        destroyed: it was used this turn." (a card logging its own line as
        well logged it twice)."""
        if card.zone != "battlefield":
            return
        if "cannot be destroyed" in self.chars(card).flags:
            self.log(f"{card.name} cannot be destroyed.")
            return
        if bury or self.doomed.get(card.oid) != "bury":
            self.doomed[card.oid] = "bury" if bury else "destroy"
        if why:
            self.doom_why[card.oid] = why

    def lethal(self: "Game", card: Card) -> bool:
        ch = self.chars(card)
        if "creature" not in ch.types:
            return False
        t = ch.toughness or 0
        return t <= 0 or card.damage >= t

    def state_checks(self: "Game") -> Gen:
        """Control changes, auras without legal targets, legends, lethal
        damage, destroy/bury marks, card hooks ("bury if you control no
        islands"); regeneration is offered for what would be destroyed.

        Checks do not nest. While regeneration is offered, paying for it or
        resolving it can deal damage (Manabarbs on the land tapped to pay) and
        settle again; that inner settle runs its damage prevention step but
        leaves deaths to the check in progress, which looks again once every
        offer is answered. The rules leave this open; this is what the
        MicroProse game does in effect: a creature is never asked about twice
        in one check, and a creature dying in the middle of its own
        regeneration is not a thing that happens.
        """
        if self.checking_state:
            return
        self.checking_state = True
        try:
            yield from self._state_checks()
        finally:
            self.checking_state = False

    def _state_checks(self: "Game") -> Gen:
        # Nothing changed (engine.tracked: neither counter moved) since a check found
        # nothing to do: every check is a pure look at the game, and finds nothing again
        if self._clean_at == (VERSION[0], MINOR[0]) and not self.doomed:
            return
        for _ in range(50):
            changed = False
            # One read-only scope for all the checks: the few changes they make drop what
            # it cached (forget_reads), but for self.doomed, which nothing read here depends on.
            with self.reading():
                kept = [e for e in self.effects if e.condition is None or e.condition(self)]
                if len(kept) != len(self.effects):
                    self.forget_reads()
                    self.effects = kept
                # each permanent's characteristics, asked once here for every check below
                rows = [(c, self.chars(c)) for c in self.battlefield]
                moved = False
                for c, ch in rows:
                    ctrl = ch.controller if not moved else self.controller(c)
                    if c.last_controller != ctrl:
                        if c.last_controller != -1:
                            c.sick = True
                            if self.combat is not None:
                                self.combat.remove(c.oid)
                        c.last_controller = ctrl
                        self.forget_reads()
                        moved = True  # what was asked before may have changed: ask again
                if moved:
                    rows = [(c, self.chars(c)) for c in self.battlefield]
                asked = VERSION[0]
                # auras whose target became illegal are buried
                for c, _ in rows:
                    spec = c.cdef.enchant
                    if spec is None or c.oid in self.doomed:
                        continue
                    host = self.enchanted(c)
                    if host is None or not self.aura_legal(c, host):
                        self.doomed[c.oid] = "bury"
                self._legend_rule(rows)
                # hook buries(g, src, card) -> bool of a permanent in play (not switched off):
                # other permanents it puts into the graveyard as a state check (City in a Bottle)
                buriers = [s for s, _ in rows if s.cdef.hooks.buries and not self.switched_off(s)]
                for s in buriers:
                    for c in self.battlefield:
                        if c is not s and c.oid not in self.doomed and s.cdef.hooks.buries(self, s, c):
                            self.doomed[c.oid] = "bury"
                doomed = self.doomed
                for c, ch in rows:
                    # hook state(g, card): True buries the permanent ("bury if you control no
                    # islands"); "destroy" destroys it (it may regenerate: Merchant Ship)
                    h = c.cdef.hooks.state
                    if h is not None and c.oid not in doomed and (r := h(self, c)):
                        doomed[c.oid] = "destroy" if r == "destroy" else "bury"
                    if c.oid in doomed:
                        continue
                    if VERSION[0] != asked:  # something changed since: ask again (cached, unless it matters)
                        ch = self.chars(c)
                    # lethal damage (lethal(), inlined: this runs for every permanent at every settle)
                    if "creature" in ch.types and ((t := ch.toughness or 0) <= 0 or c.damage >= t) \
                            and "cannot be destroyed" not in ch.flags:
                        doomed[c.oid] = "destroy"
            if not self.doomed:
                self._clean_at = (VERSION[0], MINOR[0])
                return
            # This pass's marks are taken out: anything marked while regeneration is
            # offered (a spell or ability resolving meanwhile) waits for the next pass.
            marks, self.doomed = self.doomed, {}
            whys = {oid: self.doom_why.pop(oid) for oid in marks if oid in self.doom_why}
            doomed_now = [c for c in sorted(self.battlefield, key=lambda c: c.timestamp) if c.oid in marks]
            dying: list[Card] = []
            offered = False  # an offer may have dealt damage (Manabarbs): look again
            for c in doomed_now:
                if c.zone != "battlefield":  # sacrificed to pay for another's regeneration
                    continue
                if marks[c.oid] == "destroy" and not c.no_regen:
                    offered = True
                    saved = yield from self.offer_regeneration(c)
                    if saved:
                        continue
                dying.append(c)
            dying = [c for c in dying if c.zone == "battlefield"]
            if dying:
                # each as it was marked: destroyed (lethal damage, a "destroy" state hook) or
                # buried (an aura without a legal host, the legend rule, a "bury" state hook)
                yield from self.put_in_graveyard(dying, how={c.oid: marks[c.oid] for c in dying}, why=whys)
                changed = True
            if not changed and not offered and not self.doomed:
                return

    def _legend_rule(self: "Game", rows: list[tuple[Card, Chars]] | None = None) -> None:
        """002 "Legendary Cards": only one legend with a given name can be in
        play at a time, whoever controls them; if a copy appears while the
        first is still in play, the second is buried. Any permanent can be a
        legend (Summon Legend, Legendary Land, a legend token): it is one by its
        characteristics now, so a Clone of a legend is a legend of that name.

        "If a legend in play is changed into something else and is later
        returned to its previous state, it's treated as if it's just entered
        play": ``flags["legend"]`` holds ``(name, since)`` for a permanent
        seen as that legend, ``since`` being when it became it (its timestamp
        when it entered play as it, a new stamp after a change), and ``None``
        once it was seen as something else (a permanent that entered play as
        a non-legend and later becomes one is new then too). Of legends of one name, the one
        with the earliest ``since`` stays and the others are buried (stamps
        are unique: two never tie).

        ``rows``: each permanent with its characteristics now, when the caller
        has them. The flag is bookkeeping of this rule alone (nothing else reads
        it, no characteristic depends on it): it is written without counting a
        change (:mod:`engine.tracked`), which would empty the characteristics
        cache for nothing each time a permanent comes into play.
        """
        found: list[tuple[int, str, Card]] = []
        for c, ch in (rows if rows is not None else [(c, self.chars(c)) for c in self.battlefield]):
            flags = c.flags
            kept = flags.get("legend", False)
            if "legend" not in ch.supertypes or c.face_down:
                if kept is not None:
                    dict.__setitem__(flags, "legend", None)
                continue
            if kept is False:
                dict.__setitem__(flags, "legend", (ch.name, c.timestamp))
            elif kept is None or kept[0] != ch.name:
                dict.__setitem__(flags, "legend", (ch.name, self.stamp()))
            found.append((flags["legend"][1], ch.name, c))
        if len(found) < 2:
            return
        seen: set[str] = set()
        for _, name, c in sorted(found, key=lambda t: t[0]):
            if name in seen and c.oid not in self.doomed:
                self.log(f"{c.name} is buried: a legend named {name} is already in play.")
                self.doomed[c.oid] = "bury"
            seen.add(name)

    def aura_legal(self: "Game", aura: Card, host: Card) -> bool:
        spec = aura.cdef.enchant
        probe = Spell(0, self.controller(aura), aura, None, aura.name, colors=frozenset(self.chars(aura).colors))
        if host.zone != "battlefield" or "cannot be enchanted" in self.chars(host).keywords:
            return False
        if not self.targetable(host, probe.colors, probe):
            # "The protection granted by Blue Ward does not destroy Blue Ward":
            # True, or a function (g, aura, host) -> legal ignoring its own grant
            own = aura.cdef.hooks.ignores_own_protection
            if not own or (callable(own) and not own(self, aura, host)):
                return False
        return self.admits(spec, Ctx(self, probe), host)

    def offer_regeneration(self: "Game", card: Card) -> Gen:
        """Ask whoever controls a regeneration effect for ``card`` whether to use it.
        A card that regenerates by itself unless something is done (Clergy of the
        Holy Nimbus) has the hook ``regenerates_itself(g, card) -> Gen`` returning
        True when it regenerates; it is asked first."""
        h = card.cdef.hooks.regenerates_itself
        if h is not None and (yield from h(self, card)) and card in self.battlefield:
            self.regenerate(card)
            return True
        for p in (self.active, self.nonactive):
            while True:
                opts = self.regen_options(p, card)
                casts = [f"cast {n}" for n in self.regen_spells(p, card)]
                # A player who might hold a regeneration spell for a creature (cards
                # in hand and mana available: public facts) is asked even with
                # nothing to offer, so that being asked reveals nothing of the hand.
                if not opts and not casts and not (self.is_creature(card) and self.players[p].hand
                                                   and self.max_mana(p) > 0):
                    break
                choices = [f"activate {ref(self, src)}" + (f" ability={i}" if i > 1 else "") for src, i in opts]
                ans = yield from self.ask(p, DecisionKind.REGENERATE, f"Regenerate {ref(self, card)}?",
                                          ["pass"] + choices + casts, decline="pass",
                                          parser=self.parser_for(p, ["pass"] + choices + casts), about=card.name)
                if ans == "pass":
                    break
                if ans in casts:
                    saved = yield from self.regenerate_by_spell(p, ans[len("cast "):], card)
                    if saved:
                        return True
                    continue
                src, i = opts[choices.index(ans)]
                ab = self.abilities_of(src)[i - 1]
                ch = self.chars(src)
                spell = Spell(self.new_sid(), p, None, src, src.name, ability=ab, colors=frozenset(ch.colors))
                spell.targets = [card]
                paid = yield from self.pay(p, ab.cost.mana, spell)
                if not paid:
                    continue
                if ab.cost.tap:
                    src.tapped = True
                if ab.cost.remove_counter:  # Scavenging Ghoul, Feral Thallid
                    self.remove_cost_counters(src, ab.cost)
                if ab.cost.sacrifice:  # Horror of Horrors: sacrifice a swamp (as its text reads it: Magical Hack)
                    what = self.word(src, ab.cost.sacrifice)
                    able = self.sacrificeable(p, what)
                    sch = [f"sacrifice {ref(self, c)}" for c in able]
                    sa = yield from self.ask(p, DecisionKind.SACRIFICE, f"{src.name}: sacrifice which "
                                             f"{what}?", sch, about=src.name)
                    yield from self.put_in_graveyard([able[sch.index(sa)]], how="sacrifice")
                if ab.cost.discard_random:  # Draconian Cylix
                    yield from self.discard_random_cost(p, src, ab.cost.discard_random)
                if ab.cost.sacrifice_self:  # Thrull Retainer
                    yield from self.put_in_graveyard([src], how="sacrifice")
                self.log(f"{self.players[p].name} uses {src.name} to regenerate {card.name}.")
                got = yield from self.announced(spell, None)
                if got is not None and card.zone == "battlefield" and card in self.battlefield:
                    if ab.saves_untapped:
                        card.damage = 0
                        self.log(f"{card.name} is not destroyed.")
                    else:
                        self.regenerate(card)
                    return True
        return False

    def regen_options(self: "Game", p: int, card: Card) -> list[tuple[Card, int]]:
        """(permanent, ability number) of the regeneration abilities ``p`` may
        use on ``card``: its own and its auras', and those of other permanents
        that regenerate a target (Elephant Graveyard, Ragnar) which ``card``
        may be. A {T} cost needs an untapped source, and a creature source
        that is not summoning sick (Ragnar)."""
        out = []
        near = [card] + self.attached(card)
        for src in near + [s for s in self.battlefield if s not in near]:
            if self.controller(src) != p:
                continue
            for i, ab in enumerate(self.abilities_of(src), 1):
                if src not in near:
                    if not (ab.regenerate and ab.targets) or (src.tapped and self.switched_off(src)):
                        continue  # (a tapped artifact's abilities cannot be used)
                    probe = Spell(0, p, None, src, src.name, ability=ab, colors=frozenset(self.chars(src).colors))
                    spec = ab.targets[0]
                    if not self.targetable(card, probe.colors) or not self.admits(spec, Ctx(self, probe), card):
                        continue
                if ab.cost.tap and ((src.sick and self.is_creature(src)) or NO_TAP_ABILITIES in self.chars(src).flags):
                    continue
                if ab.regenerate and self.can_afford(p, ab.cost.mana) and not (ab.cost.tap and src.tapped) \
                        and (not ab.cost.remove_counter or src.counters.get(ab.cost.remove_counter, 0) >= ab.cost.counters) \
                        and len(self.players[p].hand) >= ab.cost.discard_random \
                        and (not ab.cost.sacrifice or self.sacrificeable(p, self.word(src, ab.cost.sacrifice))):
                    out.append((src, i))
        return out

    def regen_spells(self: "Game", p: int, card: Card) -> list[str]:
        """Regeneration spells (Death Ward) in ``p``'s hand that could be cast
        on ``card`` now: the only time they can be cast."""
        out: list[str] = []
        for c in self.players[p].hand:
            sp = c.cdef.spell
            if sp is None or not sp.regenerate or c.name in out:
                continue
            probe = Spell(0, p, c, None, c.name, colors=frozenset(c.cdef.colors), types=c.cdef.types)
            spec = sp.targets[0] if sp.targets else None
            if not self.targetable(card, probe.colors, probe) or (
                    spec is not None and not self.admits(spec, Ctx(self, probe), card)):
                continue
            if self.can_afford(p, c.cdef.cost.with_x(0)):
                out.append(c.name)
        return out

    def regenerate_by_spell(self: "Game", p: int, name: str, card: Card) -> Gen:
        """Cast a regeneration spell on ``card`` (about to be destroyed): its
        target is that creature; it may be interrupted like any spell.
        Returns True if the creature regenerated."""
        hand_card = next(c for c in self.players[p].hand if c.name == name)
        limbo = self.move(hand_card, "limbo", controller=p)
        spell = Spell(self.new_sid(), p, limbo, None, name, colors=frozenset(limbo.cdef.colors),
                      types=limbo.cdef.types)
        spell.mode = self.spell_modes(limbo)[0]
        ch = [f"target {ref(self, card)}", "cancel"]
        self.hidden_casts.append(p)  # like any spell from hand: secret until announced
        ans = yield from self.ask(p, DecisionKind.CAST_TARGET, f"{name}: the creature to regenerate", ch,
                                  parser=self.parser_for(p, ch), about=name)
        paid = False
        if ans != "cancel":
            spell.targets = [card]
            paid = yield from self.pay(p, limbo.cdef.cost.with_x(0), spell)
        self.hidden_casts.pop()
        if not paid:
            back = self.move(limbo, "hand")
            # never announced: only its caster knows what it was (as CastingRules.cast_card)
            self.secrets.append((p, f"You cancel {back.name}; it returns to your hand."))
            return False
        self.log(f"{self.players[p].name} casts {name} to regenerate {card.name}.")
        got = yield from self.announced(spell, None)
        if got is None:
            return False
        if limbo.zone == "limbo":
            self.move(limbo, "graveyard")
        spec = spell.mode.targets[0] if spell.mode.targets else None
        if card in self.battlefield and (spec is None or self.target_still_legal(spec, spell, card)):
            self.regenerate(card)
            return True
        self.log(f"{name} fizzles: no legal target.")
        return False

    def regenerate(self: "Game", card: Card) -> None:
        """Regeneration: tapped, all damage gone, effects stay; in combat
        before damage it deals and receives no combat damage."""
        card.damage = 0
        card.tapped = True
        if self.combat is not None and self.combat.involves(card.oid) and not self.combat.damage_done:
            card.regenerated_in_combat = True
        self.log(f"{card.name} regenerates.")

    def put_in_graveyard(self: "Game", cards: list[Card], *, how: "str | dict[int, str]",
                         why: dict[int, str] | None = None) -> Gen:
        """Permanents go to their owners' graveyards at once; then
        "put into the graveyard" triggers. ``how``: "destroy", "bury" or "sacrifice",
        for all of them or per card (by oid); ``why``: the end of a card's log
        line, by oid (see :meth:`destroy`)."""
        moved = []
        # each by its ref as it was in play ("Llanowar Elves#5 is destroyed."), all taken before any goes
        names = {c.oid: ref(self, c) for c in cards}
        for c in cards:
            if c.zone != "battlefield" or c not in self.battlefield:
                continue
            ctrl = self.controller(c)
            damaged_by = set(c.damaged_by)
            was_creature = self.is_creature(c)
            toughness = self.chars(c).toughness
            if c.remove_if_dies:
                new = self.move(c, "removed")
                self.log(f"{names[c.oid]} is removed from the game.")
                continue
            new = self.move(c, "graveyard")
            went = how if isinstance(how, str) else how[c.oid]
            verb = {"bury": "is buried", "sacrifice": "is sacrificed", "destroy": "is destroyed"}[went]
            self.log(f"{names[c.oid]} {verb}{(why or {}).get(c.oid, '')}.")
            moved.append((new, ctrl, damaged_by, was_creature, toughness, c, went))
            if was_creature:
                self.creature_deaths[self.turn] = self.creature_deaths.get(self.turn, 0) + 1
        # (a token that went there is in no zone: Game.move; its going there still triggers)
        for new, ctrl, damaged_by, was_creature, toughness, old, went in moved:
            yield from self.fire(Event.TO_GRAVEYARD, card=new, old=old, controller=ctrl, damaged_by=damaged_by,
                                 was_creature=was_creature, toughness=toughness, how=went, extra_sources=[new])
        # auras on what left are buried at the next check
        if moved:
            yield from self.state_checks_light()

    def state_checks_light(self: "Game") -> Gen:
        for c in list(self.battlefield):
            if c.cdef.enchant is not None and (self.enchanted(c) is None):
                self.doomed[c.oid] = "bury"
        if False:  # pragma: no cover
            yield
