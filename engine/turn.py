"""Beginning a duel and the turn: untap, upkeep, draw, main (with one
attack), discard, cleanup (5th Ed. "Beginning a Duel", "The Full Turn
Sequence"; MicroProse manual "The Phases of a Turn", "Mulligan").
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .decisions import DecisionKind
from .model import Event, Gen
from .refs import ref
from .words import counted

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game


class DuelOver(Exception):
    """Raised inside the rules procedure when the duel has ended (by
    ``Game.check_losses``); :meth:`TurnRules.run` ends there."""


PHASES = ("untap", "upkeep", "draw", "main", "discard", "cleanup")


class TurnRules:
    """Mixin of :class:`engine.game.Game`."""

    def run(self: "Game", start_phase: str | None = None, resume: bool = False) -> Gen:
        """The whole duel. ``start_phase`` begins an already set-up position.

        ``resume``: go on with a game restored at a rest point (see
        :mod:`engine.snapshot`): the top of the opportunities of the phase it
        is in (:attr:`phase`), the rest of the turn as it was; nothing that
        happens at a turn's or a phase's start happens again."""
        try:
            if resume:
                # the rest point's decision was asked once already before the game was saved:
                # it is asked again now and must not count twice (see Game.at_step_start)
                self.decisions_asked -= 1
                yield from self.play_turn(self.phase, resume=True)
            else:
                if start_phase is None:
                    yield from self.begin()
                    start_phase = "untap"
                for c in self.battlefield:  # a set-up position: what is tapped now did not just become tapped
                    c.was_tapped = c.tapped
                yield from self.play_turn(start_phase)
            while True:
                # an extra turn (Time Walk, Time Vault) comes before the other
                # player's next turn; the latest one granted is taken first
                self.active = self.extra_turns.pop() if self.extra_turns else 1 - self.active
                self.turn += 1
                yield from self.play_turn("untap")
        except DuelOver:
            return

    # ---------------------------------------------------------- beginning
    def begin(self: "Game") -> Gen:
        """Set aside the ante cards if the duel is not played for ante; shuffle,
        set aside ante, choose play or draw, draw seven, mulligans."""
        if not self.ante_on:
            # "Remove this card from your deck before playing if you are not playing for
            # ante": cards with the hook ``ante_card`` (Contract from Below) are removed from
            # the game before the first shuffle; in setups without this (duel scripts), their
            # can_cast hook keeps them from being cast.
            for pl in self.players:
                for c in [c for c in pl.library if c.cdef.hooks.ante_card]:
                    self.move(c, "removed")
                    self.log(f"{pl.name} removes {c.name} from their deck: the duel is not played for ante.")
        for p in (0, 1):
            self.shuffle(p)
        if self.ante_on:
            for pl in self.players:
                # the top card; with ante_excludes_basic (Shandalar's rule) the
                # topmost card that is not a basic land, and none if all are
                top = next((c for c in pl.library if not (
                    self.options.ante_excludes_basic and "basic" in c.cdef.supertypes
                    and "land" in c.cdef.types)), None)
                if top is not None:
                    c = self.move(top, "ante")
                    c.face_down = not self.options.ante_face_up
                    self.log(f"{pl.name} antes " + ("a card." if c.face_down else f"{c.name}."))
        chooser = self.options.chooser if self.options.chooser is not None else self.rng.randrange(2)
        ans = yield from self.ask(chooser, DecisionKind.PLAY_OR_DRAW, "Play first or draw first?",
                                  ["choose play", "choose draw"])
        self.active = chooser if ans == "choose play" else 1 - chooser
        self.first_player = self.active
        self.log(f"{self.players[self.active].name} plays first.")
        for p in (0, 1):
            yield from self.draw(p, 7)
        # Mulligan: a hand with no land or all land may be redrawn once.
        for p in (self.active, 1 - self.active):
            hand = self.players[p].hand
            lands = sum(1 for c in hand if "land" in c.cdef.types)
            if lands in (0, len(hand)) and hand:
                ans = yield from self.ask(p, DecisionKind.MULLIGAN,
                                          "Your hand has " + ("no land" if lands == 0 else "only land")
                                          + ". Mulligan?", ["choose yes", "choose no"], decline="choose no")
                if ans == "choose yes":
                    yield from self.mulligan(p)
                    other = 1 - p
                    if not self.players[other].mulliganed:
                        ans = yield from self.ask(other, DecisionKind.MULLIGAN,
                                                  f"{self.players[p].name} took a mulligan. Redraw too?",
                                                  ["choose yes", "choose no"], decline="choose no")
                        if ans == "choose yes":
                            yield from self.mulligan(other)
                    break
        self.turn = 1

    def mulligan(self: "Game", p: int) -> Gen:
        pl = self.players[p]
        pl.mulliganed = True
        for c in list(pl.hand):
            self.move(c, "library")
        self.shuffle(p)
        yield from self.draw(p, 7)
        self.log(f"{pl.name} takes a mulligan.")

    # --------------------------------------------------------------- turn
    def play_turn(self: "Game", start: str = "untap", resume: bool = False) -> Gen:
        """The phases of a turn from ``start``; with ``resume``, from the
        opportunities of phase ``start`` of a turn under way (see :meth:`run`)."""
        if resume:
            yield from getattr(self, f"phase_{start}")(resume=True)
            yield from self._end_phase(start)
            start = PHASES[PHASES.index(start) + 1]
        elif start == "untap":
            # a turn its player may skip (Time Vault): hook skip_turn(g, src) -> Gen
            # returning True if the turn is skipped; asked before the untap phase
            for src in list(self.battlefield):
                h = src.cdef.hooks.skip_turn
                if h is not None and src in self.battlefield and (yield from h(self, src)):
                    self.log(f"{self.players[self.active].name} skips turn {self.turn}.")
                    return
        if not resume:
            for pl in self.players:
                pl.lands_played = 0
                pl.attacked_this_turn = False
            self.players[self.active].turns_begun += 1
            self.attack_done = False
        for ph in PHASES[PHASES.index(start):]:
            if self.phase_skipped(ph):
                continue
            self.phase = ph
            self.step = ph
            self.log(f"-- {self.players[self.active].name}'s {ph} phase (turn {self.turn}) --")
            yield from getattr(self, f"phase_{ph}")()
            yield from self._end_phase(ph)

    def phase_skipped(self: "Game", ph: str) -> bool:
        """Whether the active player skips phase ``ph`` of this turn: a
        permanent's hook ``skips_phase(g, src, p, phase)`` says so
        (Necropotence's draw phase). A skipped phase does not happen at all:
        no "during the draw phase" triggers, no opportunities, no mana burn."""
        for src in self.battlefield:
            h = src.cdef.hooks.skips_phase
            if h is not None and not self.switched_off(src) and h(self, src, self.active, ph):
                self.log(f"{self.players[self.active].name} skips the {ph} phase ({src.name}).")
                return True
        return False

    def _end_phase(self: "Game", ph: str) -> Gen:
        if ph not in ("untap", "cleanup"):
            yield from self.mana_burn()
        self.check_losses()

    def phase_untap(self: "Game") -> Gen:
        """No fast effects. The active player's permanents untap at once;
        choices about what not to untap are made first."""
        ap = self.active
        keep_tapped = set()
        # Looked at in one read-only scope, before anything changes: what changes below
        # (summoning sickness, the answers) changes no characteristics. Only the permanents
        # tapped or summoning sick: for the others there is nothing to do (nor anything to ask)
        with self.reading():
            mine = [(c, ch) for c in self.battlefield
                    if (c.tapped or c.sick) and (ch := self.chars(c)).controller == ap]
        for c, ch in mine:
            c.sick = False
            if not c.tapped:
                continue
            if "doesn't untap" in ch.flags or c.flags.get("frozen_until_turn", -1) >= self.turn:
                keep_tapped.add(c.oid)
                continue
            h = c.cdef.hooks.may_stay_tapped
            if h is not None and h(self, c):
                ans = yield from self.ask(ap, DecisionKind.CHOOSE, f"Untap {ref(self, c)}?",
                                          ["choose yes", "choose no"], decline="choose yes")
                if ans == "choose no":
                    keep_tapped.add(c.oid)
                    if (kept := c.cdef.hooks.kept_tapped) is not None:
                        kept(self, c)
        untapping = [c for c, _ in mine if c.tapped and c.oid not in keep_tapped]
        # limits on how many untap (Smoke): untap_limit(g, src, player, cards) -> Gen returning the cards that untap
        for src in list(self.battlefield):
            h = src.cdef.hooks.untap_limit
            if h is not None and untapping:
                untapping = yield from h(self, src, ap, untapping)
        for c in untapping:
            c.tapped = False
        for c in self.battlefield:
            c.phase_uses.clear()
            c.flags.pop("upkeep_done", None)

    # Each phase with opportunities can be resumed at them (``resume``, see run()): what it
    # does before them is skipped, and nothing it does after them depends on local state.
    def phase_upkeep(self: "Game", resume: bool = False) -> Gen:
        if not resume:
            yield from self.fire(Event.BEGIN_UPKEEP, player=self.active)
            yield from self.settle()
        yield from self.phase_opportunities()
        yield from self.end_of_upkeep()
        yield from self.fire(Event.END_UPKEEP, player=self.active)
        yield from self.settle()

    def phase_draw(self: "Game", resume: bool = False) -> Gen:
        if resume:
            yield from self.phase_opportunities()
            return
        ap = self.active
        skip = self.turn == 1 and ap == self.first_player
        # "during the draw phase" triggers (Nafs Asp) happen as it begins
        yield from self.fire(Event.DRAW_STEP, player=ap)
        yield from self.settle()
        if not skip:
            n = 1
            for src in self.battlefield:
                h = src.cdef.hooks.draw_count
                if h is not None:
                    n = yield from h(self, src, ap, n)
            yield from self.draw(ap, n, draw_phase=True)
            self.log(f"{self.players[ap].name} draws" + ("" if n == 1 else f" {counted(n, 'card')}") + ".")
            self.check_losses(life=False)
            # what a card makes happen once the draw is done (Sylvan Library)
            for src in list(self.battlefield):
                h = src.cdef.hooks.after_draw
                if h is not None and src in self.battlefield:
                    yield from h(self, src, ap)
        yield from self.phase_opportunities()

    def phase_main(self: "Game", resume: bool = False) -> Gen:
        # "at the beginning of your next main phase" (Mana Drain: mana, nothing to settle)
        if not resume:
            yield from self.fire(Event.BEGIN_MAIN, player=self.active)
        yield from self.phase_opportunities()

    def phase_discard(self: "Game", resume: bool = False) -> Gen:
        if not resume:
            # "at the beginning of your discard phase": set-aside cards come back (Necropotence)
            yield from self.fire(Event.BEGIN_DISCARD, player=self.active)
            yield from self.settle()
        yield from self.phase_opportunities()
        pl = self.players[self.active]
        # the most cards the player may keep: hook hand_limit(g, src, player, limit) -> limit,
        # None meaning no discarding at all (Cursed Rack: 4; Library of Leng: None)
        limit: int | None = 7
        # Who causes the discards below seven: the controller of the permanent that set the
        # lower limit (Cursed Rack makes its opponent discard "down to four"); the discards
        # down to seven are the rule's, caused by nobody (Game.discarded: by None).
        lowered_by: int | None = None
        for src in list(self.battlefield):
            h = src.cdef.hooks.hand_limit
            if h is not None:
                was, limit = limit, h(self, src, self.active, limit)
                if limit is not None and (was is None or limit < was):
                    lowered_by = self.controller(src)
        while limit is not None and len(pl.hand) > limit:
            names = sorted({c.name for c in pl.hand})
            words = {7: "seven", 4: "four"}
            ans = yield from self.ask(self.active, DecisionKind.DISCARD,
                                      f"Discard down to {words.get(limit, limit)} ({len(pl.hand)} in hand)",
                                      [f"discard {n}" for n in names])
            card = next(c for c in pl.hand if c.name == ans[len("discard "):])
            by = lowered_by if len(pl.hand) <= 7 else None
            gone = self.move(card, "graveyard")
            self.log(f"{pl.name} discards {card.name}.")
            yield from self.discarded(self.active, gone, by)

    def phase_cleanup(self: "Game") -> Gen:
        """No fast effects. Damage wears off and "until end of turn" effects
        end; then "at end of turn" effects (repeated while they make more)."""
        for _ in range(10):
            for c in self.battlefield:
                # (each set only when it changes something: most permanents have nothing to reset)
                if c.damage:
                    c.damage = 0
                if c.damaged_by:
                    c.damaged_by.clear()
                if c.no_regen:
                    c.no_regen = False
                if c.remove_if_dies:
                    c.remove_if_dies = False  # Disintegrate's "this turn" ends too
            self.effects = [e for e in self.effects if e.until != "eot"]
            yield from self.fire(Event.END_OF_TURN, player=self.active)
            yield from self.settle()
            if not any(e.until == "eot" for e in self.effects):
                break

    # ------------------------------------------------------- opportunities
    def phase_opportunities(self: "Game") -> Gen:
        """The active player acts until declaring the end of the phase; the
        opponent may respond to that, which cancels the end of the phase."""
        while True:
            # A rest point (see engine.snapshot): the stack is empty, no attack is under way,
            # and what called this keeps no state that matters; the game can be saved here and
            # resumed (run(resume=True)), which asks this same decision again
            self.rest_next = True
            ans = yield from self.ask_fast(self.active, DecisionKind.OPPORTUNITY,
                                           f"{self.phase.capitalize()} phase: your move")
            if ans == "pass":
                ans = yield from self.ask_fast(self.nonactive, DecisionKind.RESPOND,
                                               f"{self.players[self.active].name} ends the {self.phase} phase. Respond?")
                if ans == "pass":
                    return
                yield from self.act_and_resolve(self.nonactive, ans, DecisionKind.RESPOND)
                continue
            if ans == "attack" or ans.startswith("attack "):  # "attack A, B": announced and declared at once
                yield from self.attack(None if ans == "attack" else ans)
                continue
            yield from self.act_and_resolve(self.active, ans, DecisionKind.OPPORTUNITY)

    def end_of_upkeep(self: "Game") -> Gen:
        """Upkeep demands not yet carried out: mandatory ones without a
        choice happen by themselves; ones needing a choice are asked."""
        for c in list(self.battlefield):
            h = c.cdef.hooks.end_of_upkeep
            if h is not None and c in self.battlefield:
                yield from h(self, c)
        yield from self.settle()

    # --------------------------------------------------------------- mana
    def mana_burn(self: "Game") -> Gen:
        """Unused mana leaves the pool at the end of each phase and at the
        start and end of an attack; each costs its owner 1 life. (Choice:
        mana burn is loss of life, not damage, so it has no prevention step,
        as in the MicroProse game.)"""
        for pl in self.players:
            n = pl.pool.clear()
            if n:
                self.lose_life(pl.idx, n, " to mana burn")
        if False:  # pragma: no cover
            yield
